"""Seconds one ``check(function)`` takes in a notebook, by how the student's code is started.

* **fork** (Linux, macOS): a supervisor and a worker forked from the notebook;
* **spawn, cold**: where fork is missing (Windows), the first check of a notebook, which starts
  the worker processes (a new Python each, importing the library);
* **spawn, warm**: a later check, answered by a worker started ahead (the goal: under 0.3 s).

Each is the check of notebook 01's ``shuffled_deck`` (20 cases, and the reference's 20), with a
right answer. Cold checks run in a fresh Python each; warm checks wait, as a student reading the
last report would, until the next workers are ready.

    python benchmarks/checks.py            # 5 checks of each
    python benchmarks/checks.py --runs 9
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import subprocess
import sys
import time

ONE_CHECK = """
import contextlib, io, os, sys, time
os.environ["SOLITAIRE_CHECK_START"] = sys.argv[1]
from solitaire_lib.aces_in_sequence import exercises
from solitaire_lib.grading import isolation

def shuffled_deck(seed):
    return exercises.shuffled_deck(seed)

for run in range(int(sys.argv[2])):
    if sys.argv[1] == "spawn" and run:
        isolation.warm_workers.wait_until_ready(60)  # a student reads the report meanwhile
    started = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()) as report:
        exercises.check(shuffled_deck)
    seconds = time.perf_counter() - started
    assert "all 20 cases passed" in report.getvalue(), report.getvalue()
    print(seconds)
"""


def timings(method: str, checks_in_one_notebook: int, notebooks: int) -> list[float]:
    """Seconds of each check: ``notebooks`` fresh Pythons, each running that many checks."""
    found = []
    for _ in range(notebooks):
        done = subprocess.run(
            [sys.executable, "-c", ONE_CHECK, method, str(checks_in_one_notebook)],
            capture_output=True,
            text=True,
            check=True,
        )
        found += [float(line) for line in done.stdout.split()]
    return found


def row(name: str, seconds: list[float]) -> str:
    return (
        f"| {name} | {statistics.median(seconds):.3f} | {min(seconds):.3f} | "
        f"{max(seconds):.3f} | {len(seconds)} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="checks of each kind")
    runs = parser.parse_args().runs
    with contextlib.redirect_stderr(io.StringIO()):
        fork = timings("fork", runs, 1) if hasattr(os, "fork") else []
        cold = timings("spawn", 1, runs)
        warm = timings("spawn", runs + 1, 1)[1:]  # the first check of that notebook is cold
    print("| check() started by | median s | fastest s | slowest s | checks |")
    print("|---|---|---|---|---|")
    if fork:
        print(row("fork", fork))
    print(row("spawn, cold (first check)", cold))
    print(row("spawn, warm (later checks)", warm))
    python = sys.version.split()[0]
    print(f"\n({time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, Python {python})")


if __name__ == "__main__":
    main()
