"""The AI players' strength and speed, on runs that no player was tuned on.

    python benchmarks/players.py       # or: make bench

Play Nine: the course runner's totals on three held-out runs (seed 12345 with 100 hands, 4242
and 777 with 300 hands each), the ratio of each player's total to the greedy baseline's, and the
milliseconds a hand (the median of three timed runs, with the lowest and highest). The planner is
measured with and without the bonus of repeated matched ranks, hand by hand on the same deals, so
the gain has a paired 95% interval.

Simplified Klondike: the blind player and the look-ahead player (both see only what the console
shows) on 2,000 held-out deals of 52 cards (seeds 500000 to 501999; the players were tuned on
other seeds), the share won with its 95% Wilson interval, the paired difference, and the
milliseconds a game (median and 90th percentile over the deals).

Nothing here is asserted: tests check decisions, not speed. ``--klondike`` or ``--play-nine``
runs one part.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from solitaire_lib.play_nine.analysis import hand_scores
from solitaire_lib.play_nine.planner import PlannerPlayer
from solitaire_lib.play_nine.players import GreedyPlayer
from solitaire_lib.sim import mean_interval, wilson_interval
from solitaire_lib.simple_klondike.analysis import BlindPlayer, LookAheadPlayer, play_blind
from solitaire_lib.simple_klondike.console import deal

HELD_OUT_RUNS = ((12345, 100), (4242, 300), (777, 300))
PLAYERS = {
    "greedy": GreedyPlayer,
    "planner without the bonus": lambda: PlannerPlayer(bonus=False),
    "planner (the default player)": PlannerPlayer,
}


def scores_and_time(make: Callable[[], Any]) -> tuple[list[int], list[float]]:
    """Every hand's score on the held-out runs, and the milliseconds a hand of three timings."""
    timings, scores = [], []
    for _ in range(3):
        start = time.perf_counter()
        scores = [s for seed, hands in HELD_OUT_RUNS for s in hand_scores(make(), seed, hands)]
        timings.append(1000 * (time.perf_counter() - start) / len(scores))
    return scores, timings


KLONDIKE_HELD_OUT = range(500_000, 502_000)
KLONDIKE_PLAYERS: dict[str, Callable[[], Any]] = {
    "blind": BlindPlayer,
    "look-ahead (2 imagined orders)": LookAheadPlayer,
}


def klondike() -> None:
    results = {}
    for name, make in KLONDIKE_PLAYERS.items():
        wins, times = [], []
        for seed in KLONDIKE_HELD_OUT:
            cards = deal(52, seed)
            start = time.perf_counter()
            wins.append(int(play_blind(make(), cards).won))
            times.append(1000 * (time.perf_counter() - start))
        results[name] = (wins, times)
    deals = len(KLONDIKE_HELD_OUT)
    print(f"Simplified Klondike, {deals:,} held-out deals of 52 cards "
          f"(seeds {KLONDIKE_HELD_OUT[0]} to {KLONDIKE_HELD_OUT[-1]}):")  # fmt: skip
    print()
    print("| player | won | 95% interval | ms a game (median, 90th percentile) |")
    print("|---|---|---|---|")
    for name, (wins, times) in results.items():
        low, high = wilson_interval(sum(wins), deals)
        tenth = statistics.quantiles(times, n=10)[-1]
        print(f"| {name} | {sum(wins) / deals:.1%} | {low:.1%} to {high:.1%} | "
              f"{statistics.median(times):.1f} ({tenth:.1f}) |")  # fmt: skip
    blind, ahead = (wins for wins, _ in results.values())
    mean, low, high = mean_interval([b - a for a, b in zip(blind, ahead, strict=True)])
    print()
    print(f"look-ahead minus blind, deal by deal: {mean:+.1%} (95% interval {low:+.1%} to "
          f"{high:+.1%})")  # fmt: skip


def play_nine() -> None:
    results = {name: scores_and_time(make) for name, make in PLAYERS.items()}
    greedy = sum(results["greedy"][0])
    runs = ", ".join(f"{seed}/{hands}" for seed, hands in HELD_OUT_RUNS)
    print(f"Play Nine, held-out runs ({runs}):")
    print()
    print("| player | total | ratio to greedy | ms a hand (median, min-max of 3) |")
    print("|---|---|---|---|")
    for name, (scores, timings) in results.items():
        total = sum(scores)
        print(f"| {name} | {total:,} | {total / greedy:.3f}x | {statistics.median(timings):.1f} "
              f"({min(timings):.1f}-{max(timings):.1f}) |")  # fmt: skip
    with_bonus = results["planner (the default player)"][0]
    without = results["planner without the bonus"][0]
    gain = [b - a for a, b in zip(with_bonus, without, strict=True)]
    mean, low, high = mean_interval(gain)
    print()
    print(
        f"the bonus, hand by hand on the same deals: {mean:.3f} points a hand better "
        f"(95% interval {low:.3f} to {high:.3f}, {len(gain)} hands)"
    )


def main(parts: list[str]) -> None:
    if "--klondike" not in parts:
        play_nine()
        print()
    if "--play-nine" not in parts:
        klondike()


if __name__ == "__main__":
    main(sys.argv[1:])
