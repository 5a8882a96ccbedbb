"""A class graded in one run, and in shards merged: seconds a notebook, and the same files.

``python benchmarks/grading_shards.py [--students 20] [--shards 4] [--jobs 2]`` makes a class of
copies of the notebook-01 solution (each student's own: a comment with their number, so no two
are byte copies; copies all the same, so every one is flagged), grades it whole, then in
``--shards`` shards one after another on this machine (as an array job's tasks would run on
several), merges them, and prints seconds a notebook for each and whether the merged files are
byte for byte the whole run's. Every notebook must get its 12 points, or the run says so and
fails.
"""

from __future__ import annotations

import argparse
import csv
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from solitaire_lib.grading.classbook import merge
from solitaire_lib.grading.grade import Options, grade_class

ROOT = Path(__file__).resolve().parent.parent
SOLUTION = ROOT / "solutions" / "01_aces_in_sequence.ipynb"


def make_class(folder: Path, students: int) -> None:
    """``students`` folders, each with its own copy of the solution."""
    for number in range(students):
        book = nbformat.read(SOLUTION, as_version=4)
        book.cells.append(nbformat.v4.new_code_cell(f"# student {number}"))
        path = folder / f"student{number:03d}" / SOLUTION.name
        path.parent.mkdir(parents=True)
        nbformat.write(book, path)


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def graded(folder: Path, jobs: int, shard: tuple[int, int] | None = None) -> float:
    """Seconds the run took."""
    started = time.perf_counter()
    grade_class(
        folder / "class",
        folder / (f"shard{shard[0]}" if shard else "whole"),
        jobs=jobs,
        say=lambda line: None,
        options=Options(shard=shard),
    )
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=20)
    parser.add_argument("--shards", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="solitaire-shards-") as scratch:
        folder = Path(scratch)
        make_class(folder / "class", args.students)
        whole = graded(folder, args.jobs)
        shards = [graded(folder, args.jobs, (k, args.shards)) for k in range(1, args.shards + 1)]
        started = time.perf_counter()
        merge([folder / f"shard{k}" for k in range(1, args.shards + 1)], folder / "merged")
        merging = time.perf_counter() - started
        rows = list(csv.DictReader((folder / "whole" / "gradebook.csv").open(encoding="utf-8")))
        if len(rows) != args.students or any(row["total"] != "12" for row in rows):
            sys.exit("a copy of the solution did not get all 12 points: the benchmark is void")
        same = files(folder / "merged") == files(folder / "whole")
    count = args.students
    print(f"{count} notebooks (01), --jobs {args.jobs}, on this machine\n")
    print("| run | seconds | seconds a notebook |")
    print("|---|---|---|")
    print(f"| whole class | {whole:.0f} | {whole / count:.1f} |")
    for k, seconds in enumerate(shards, start=1):
        print(f"| shard {k}/{args.shards} | {seconds:.0f} | |")
    total = sum(shards) + merging
    print(f"| {args.shards} shards one after another, and merge ({merging:.2f} s) | {total:.0f} | "
          f"{total / count:.1f} |")  # fmt: skip
    print(f"| slowest shard (shards on {args.shards} machines) | {max(shards):.0f} | |")
    print(f"\nMerged files byte for byte the whole run's: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
