"""How long the class grader takes a notebook: copies of the notebook-01 solution, graded twice.

``python benchmarks/grading.py [--copies 20] [--jobs 2]`` grades the copies with the bubblewrap
sandbox (as ``solitaire grade`` does) and without it (``--unsafe``), and prints seconds a notebook
(wall clock over the whole class, so with ``--jobs 2`` two notebooks share each second) and the
ratio of the two. Every copy must get all 12 points, or the run says so and fails.
"""

from __future__ import annotations

import argparse
import csv
import shutil
import sys
import tempfile
import time
from pathlib import Path

from solitaire_lib.grading import sandbox
from solitaire_lib.grading.grade import Settings, grade_class
from solitaire_lib.grading.isolation import become_subreaper

ROOT = Path(__file__).resolve().parent.parent
SOLUTION = ROOT / "solutions" / "01_aces_in_sequence.ipynb"


def grade_copies(copies: int, jobs: int, sandboxed: bool) -> float:
    """Seconds a notebook for the whole class (wall clock over copies)."""
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-") as scratch:
        submissions = Path(scratch) / "class"
        for number in range(copies):
            folder = submissions / f"student{number:03d}"
            folder.mkdir(parents=True)
            shutil.copy(SOLUTION, folder / SOLUTION.name)
        out = Path(scratch) / "grading"
        started = time.perf_counter()
        grade_class(submissions, out, jobs=jobs, settings=Settings(sandboxed=sandboxed),
                    say=lambda line: None)  # fmt: skip
        seconds = time.perf_counter() - started
        rows = list(csv.DictReader((out / "gradebook.csv").open(encoding="utf-8")))
        if len(rows) != copies or any(row["total"] != "12" for row in rows):
            sys.exit("a copy of the solution did not get all 12 points: the benchmark is void")
    return seconds / copies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--copies", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    become_subreaper()  # the run without the sandbox leaves nothing behind either
    print(f"Grading {args.copies} copies of {SOLUTION.name} with --jobs {args.jobs}\n")
    print("| how | seconds a notebook | ratio to the sandbox |")
    print("|---|---|---|")
    why = sandbox.unavailable()
    with_sandbox = None if why else grade_copies(args.copies, args.jobs, sandboxed=True)
    without = grade_copies(args.copies, args.jobs, sandboxed=False)
    if with_sandbox is None:
        print(f"| sandbox (bwrap) | not measured: {why} | |")
    else:
        print(f"| sandbox (bwrap) | {with_sandbox:.2f} | 1.00x |")
    ratio = f"{without / with_sandbox:.2f}x" if with_sandbox else ""
    print(f"| no sandbox (--unsafe) | {without:.2f} | {ratio} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
