"""The review ledger's missing and stale lines: every paragraph of the notebooks' Markdown read.

``tests/test_prose_reviewed.py`` fails on a paragraph of Markdown (lessons and exercises) without
a line in ``tests/prose_reviewed.tsv``, and on a line whose paragraph is gone. This tool prints
both: each missing line with its whole paragraph, ready to paste with the kind "?" that the
reviewer replaces (teaches, instructs, task, frames, points, course: the test's ``KINDS``) after
reading the paragraph against the outputs beside it. It never chooses a kind.

    python tools/prose_review.py                      # every missing and stale line
    python tools/prose_review.py 01 ex03              # only these notebooks
    python tools/prose_review.py --write-missing F    # the missing lines, kind "?", into F
    python tools/prose_review.py --drop-stale         # delete the stale lines, sort the ledger

The exit status is 1 while anything is missing or stale.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import test_prose_reviewed as review  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("keys", nargs="*", help='notebook keys ("01", "ex03"); all if none')
    parser.add_argument("--write-missing", type=Path, metavar="FILE",
                        help='write the missing lines, kind "?", into FILE')  # fmt: skip
    parser.add_argument("--drop-stale", action="store_true",
                        help="delete the stale lines from the ledger and sort it")  # fmt: skip
    arguments = parser.parse_args(argv)
    paths = {review.key_of(path): path for path in review.NOTEBOOKS}
    unknown = [key for key in arguments.keys if key not in paths]
    if unknown:
        parser.error(f"no notebook has the key {', '.join(unknown)} (known: {', '.join(paths)})")
    lines = review.read_ledger()
    problems = [problem for key in (arguments.keys or paths)
                for problem in review.problems_of(paths[key], lines)]  # fmt: skip
    missing = [p for p in problems if p.startswith("missing")]
    for problem in problems:
        print(problem)
    if arguments.write_missing:
        rows = []
        for problem in missing:
            line, _, paragraph = problem.partition("\n    paragraph: ")
            rows.append(f"# {paragraph}\n{line.partition(': ')[2]}")
        arguments.write_missing.write_text("\n".join(rows) + "\n" * bool(rows), encoding="utf-8")
        print(f"{len(missing)} missing lines written to {arguments.write_missing}", file=sys.stderr)
    if arguments.drop_stale:
        stale = {p.partition(": ")[2] for p in problems if p.startswith("stale")}
        review.write_ledger([line for line in lines if line.row() not in stale])
        print(f"{len(stale)} stale lines deleted from {review.LEDGER}", file=sys.stderr)
    if problems:
        print(f"\n{len(missing)} missing, {len(problems) - len(missing)} other", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
