"""How often the solution's agent (exercise 04, task 6) beats the greedy baseline on one run.

    python benchmarks/agent_runs.py --seed 2026 --runs 100

``check_agent(..., better=True)`` asks for a lower total than greedy's on one run of the course
runner, from a seed it draws at check time. One run can be lucky: this counts, for runs of 100
and of 500 hands, on how many of ``--runs`` seeds (drawn from ``--seed``, like the check's, from
0 to 2**32 - 1) the solution's agent beats greedy, and the median ratio of the totals. The check
plays 500 hands (``AGENT_HANDS``): with 100, a better agent loses on a noticeable share of seeds.

Nothing here is asserted; the agent is the one in ``solutions/04_play_nine.ipynb`` (its first
code cell and the cell that defines the better agent, run as they stand).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import types
from pathlib import Path
from typing import Any

from solitaire_lib.play_nine import run_course
from solitaire_lib.play_nine.players import GreedyPlayer

SOLUTION = Path(__file__).resolve().parent.parent / "solutions" / "04_play_nine.ipynb"


def solution_agent() -> types.SimpleNamespace:
    """The better agent of the solution notebook: its setup cell, then the last cell that defines
    ``column_value`` (task 6), run in one namespace."""
    cells = [
        "".join(cell["source"])
        for cell in json.loads(SOLUTION.read_text("utf-8"))["cells"]
        if cell["cell_type"] == "code"
    ]
    agent = [source for source in cells if "def column_value" in source][-1]
    namespace: dict[str, Any] = {}
    for source in (cells[0], "import functools", agent):
        exec(compile(source, str(SOLUTION), "exec"), namespace)
    namespace["column_value"] = __import__("functools").cache(namespace["column_value"])
    names = ("get_author_info", "choose_drawing_action", "choose_replacement_action")
    return types.SimpleNamespace(**{name: namespace[name] for name in names})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=2026, help="draws the runs' seeds")
    parser.add_argument("--runs", type=int, default=100, help="seeds for each length")
    args = parser.parse_args()
    agent = solution_agent()
    print("| hands | runs | agent beats greedy | median agent / greedy |")
    print("|---|---|---|---|")
    for hands in (100, 500):
        draw = random.Random(f"{args.seed}/{hands}")
        ratios = []
        for _ in range(args.runs):
            seed = draw.getrandbits(32)
            ours = run_course(agent, seed, hands, out=lambda _: None)
            greedy = run_course(GreedyPlayer(), seed, hands, out=lambda _: None)
            assert ours is not None and greedy is not None
            ratios.append(ours / greedy)
        wins = sum(ratio < 1 for ratio in ratios)
        print(f"| {hands} | {args.runs} | {wins} | {statistics.median(ratios):.2f} |")


if __name__ == "__main__":
    main()
