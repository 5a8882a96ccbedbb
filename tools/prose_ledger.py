"""The prose ledger's missing and stale lines: what a reviewer decides after editing prose.

``tests/test_prose_numbers.py`` lists every number of the notebooks' prose that passes without
an allowance in ``tests/prose_ledger.tsv``, with the kind that says why no run changes it
(rule, definition, parameter:SOURCE, example, course, name, structure, label, math, code). This
tool prints what the test would refuse: each missing line, ready to paste with the kind "?"
that a reviewer replaces, and each stale line (its clause is gone, or occurs another number of
times), which the reviewer deletes. It never chooses a kind.

    python tools/prose_ledger.py                      # every missing and stale line
    python tools/prose_ledger.py 01 ex03              # only these notebooks ("lib": the library)
    python tools/prose_ledger.py --write-missing F    # the missing lines, kind "?", into F
    python tools/prose_ledger.py --drop-stale         # delete the stale lines, sort the ledger

The workflow: edit the prose, run the tool, read each clause; a run's number goes into the
cell's generated sentence; any other line gets its kind and is pasted into the ledger (the
order does not matter: ``--drop-stale`` sorts it). The exit status is 1 while anything is
missing or stale.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

import test_prose_numbers as prose_test  # noqa: E402


def write_ledger(lines: list[prose_test.LedgerLine]) -> None:
    """Write the ledger sorted, after its header of comment lines."""
    path = prose_test.LEDGER
    header = [row for row in path.read_text(encoding="utf-8").splitlines() if row.startswith("#")]
    rows = sorted({line.row() for line in lines})
    path.write_text("\n".join(header + rows) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("keys", nargs="*", help='notebook keys ("01", "ex03", "lib"); all if none')
    parser.add_argument("--write-missing", type=Path, metavar="FILE",
                        help='write the missing lines, kind "?", into FILE')  # fmt: skip
    parser.add_argument("--drop-stale", action="store_true",
                        help="delete the stale lines from the ledger and sort it")  # fmt: skip
    arguments = parser.parse_args(argv)
    known = prose_test.LEDGER_KEYS
    keys = arguments.keys or known
    unknown = [key for key in keys if key not in known]
    if unknown:
        parser.error(f"no notebook has the key {', '.join(unknown)} (known: {', '.join(known)})")
    lines = prose_test.read_ledger()
    problems = [problem for key in keys for problem in
                prose_test.ledger_problems(key, prose_test.texts_of_key(key), lines)]  # fmt: skip
    missing = [p for p in problems if p.startswith("missing")]
    for problem in problems:
        print(problem)
    if arguments.write_missing:
        rows = [f"# {p.partition(': ')[0]}\n{p.partition(': ')[2]}" for p in missing]
        arguments.write_missing.write_text("\n".join(rows) + "\n" * bool(rows), encoding="utf-8")
        print(f"{len(missing)} missing lines written to {arguments.write_missing}", file=sys.stderr)
    if arguments.drop_stale:
        stale = {p.partition(": ")[2] for p in problems if p.startswith("stale")}
        write_ledger([line for line in lines if line.row() not in stale])
        print(f"{len(stale)} stale lines deleted from {prose_test.LEDGER}", file=sys.stderr)
    if problems:
        print(f"\n{len(missing)} missing, {len(problems) - len(missing)} other; "
              f"{prose_test.LEDGER_HELP}", file=sys.stderr)  # fmt: skip
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
