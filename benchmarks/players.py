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

Stacks of nine: the solver on 200 held-out deals (seeds 500000 to 500199; it was tuned on
others): how many it settles (won or proved lost; a deal it gives up on is searched again with
weight 1.2, which is slower), the milliseconds a deal (each of three passes solves every deal
once, in order, its memory of stacks emptied first; a deal's time is its median over the passes;
the median deal and the slowest), the nodes it expands, and the same for
the earlier solver (``stacks_yardstick.py``), with the ratio of the two in the same run. Then the
widget's Hint (``analysis.Advisor``): how long the first hint of a deal waits when asked at once
(the search), how long a hint takes once its line is known, and how long one takes after the
player has left the line (two random moves after a point on it); and the advice of the
simplified Klondike and Play Nine widgets at every position of games that follow it.

Nothing here is asserted: tests check decisions, not speed. ``--klondike``, ``--play-nine`` or
``--stacks`` runs one part.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from solitaire_lib.play_nine.analysis import hand_scores
from solitaire_lib.play_nine.planner import PlannerPlayer
from solitaire_lib.play_nine.players import GreedyPlayer
from solitaire_lib.sim import mean_interval, wilson_interval
from solitaire_lib.simple_klondike.analysis import BlindPlayer, LookAheadPlayer, play_blind
from solitaire_lib.simple_klondike.console import deal
from solitaire_lib.stacks_of_nine import analysis as stacks_analysis
from solitaire_lib.stacks_of_nine import rules as stacks_rules
from solitaire_lib.stacks_of_nine.widget import HINT_WAIT

sys.path.insert(0, str(Path(__file__).parent))
import stacks_yardstick

Result = TypeVar("Result")


def timed(call: Callable[..., Result], *args: Any, **kwargs: Any) -> tuple[Result, float]:
    """What ``call(*args, **kwargs)`` returns, and the milliseconds it took.

    >>> timed(max, 6, 7)[0]
    7
    """
    start = time.perf_counter()
    result = call(*args, **kwargs)
    return result, 1000 * (time.perf_counter() - start)


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
        scores, ms = timed(held_out_scores, make)
        timings.append(ms / len(scores))
    return scores, timings


def held_out_scores(make: Callable[[], Any]) -> list[int]:
    """Every hand's score on the held-out runs, each run by a new player."""
    return [s for seed, hands in HELD_OUT_RUNS for s in hand_scores(make(), seed, hands)]


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
            game, ms = timed(play_blind, make(), cards)
            wins.append(int(game.won))
            times.append(ms)
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


STACKS_HELD_OUT = range(500_000, 500_200)


def stacks_solver(
    solve: Callable[[dict[str, Any]], Any], forget: Callable[[], None], passes: int
) -> list[tuple[str, int, float]]:
    """Each held-out deal's verdict, nodes, and milliseconds (the median of ``passes`` passes).

    Each pass solves every deal once, in order, after ``forget`` has emptied the solver's
    memory of stacks: a deal is timed as a notebook or a widget meets it, after other deals but
    never twice."""
    timings: list[list[float]] = [[] for _ in STACKS_HELD_OUT]
    verdicts = []
    for _ in range(passes):
        forget()
        verdicts = []
        for k, seed in enumerate(STACKS_HELD_OUT):
            state = stacks_rules.new_state(random.Random(seed))
            found, ms = timed(solve, state)
            timings[k].append(ms)
            verdicts.append((found.verdict, found.nodes))
    return [(verdict, nodes, statistics.median(times))
            for (verdict, nodes), times in zip(verdicts, timings, strict=True)]  # fmt: skip


def stacks() -> None:
    solvers = {
        "this solver": (stacks_analysis.solve, stacks_analysis.forget_stacks, 3),
        "the earlier solver (yardstick)": (
            stacks_yardstick.solve, stacks_yardstick.runs_to_move.cache_clear, 1),
    }  # fmt: skip
    results = {name: stacks_solver(*solver) for name, solver in solvers.items()}
    deals = len(STACKS_HELD_OUT)
    print(f"Stacks of nine, {deals} held-out deals (seeds {STACKS_HELD_OUT[0]} to "
          f"{STACKS_HELD_OUT[-1]}):")  # fmt: skip
    print()
    print("| solver | settled | ms a deal (median) | slowest deal (ms) | nodes (median) | "
          "µs a node (median) |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    medians = {}
    for name, rows in results.items():
        settled = sum(verdict != "gave up" for verdict, _, _ in rows)
        medians[name] = statistics.median(ms for _, _, ms in rows)
        per_node = statistics.median(1000 * ms / nodes for _, nodes, ms in rows)
        slowest = max(ms for _, _, ms in rows)
        nodes = statistics.median(nodes for _, nodes, _ in rows)
        print(f"| {name} | {settled}/{deals} | {medians[name]:.1f} | {slowest:,.0f} | "
              f"{nodes:.0f} | {per_node:.0f} |")  # fmt: skip
    ratio = medians["the earlier solver (yardstick)"] / medians["this solver"]
    print()
    print(f"median deal: this solver is {ratio:.1f} times faster than the earlier one")
    for seed, (verdict, _, _) in zip(STACKS_HELD_OUT, results["this solver"], strict=True):
        if verdict == "gave up":
            given_up_deal(seed)
    print()
    hints()


def given_up_deal(seed: int) -> None:
    """A deal the fast mode gives up on, searched with weight 1.2 (slower, more thorough)."""
    state = stacks_rules.new_state(random.Random(seed))
    found = stacks_analysis.solve(state, weight=1.2, budget=1_000_000)
    for move in found.moves:
        stacks_rules.apply_move(state, move)
    won = "a win, checked by the rules" if stacks_rules.is_won(state) else "no win"
    print(
        f"seed {seed}, given up by the fast mode, with weight 1.2: {found.verdict} after "
        f"{found.nodes:,} nodes in {found.seconds:.0f} s, {len(found.moves)} moves ({won})"
    )


def hints() -> None:
    """The Hint's latency: the first hint of each deal asked at once, hints on a known line, and
    hints after leaving it, each as the widget asks (waiting at most ``HINT_WAIT``)."""
    rng = random.Random(2026)
    first: list[float] = []
    on_line: list[float] = []
    off_line: list[float] = []
    still_searching = 0
    for seed in STACKS_HELD_OUT:
        state = stacks_rules.new_state(random.Random(seed))
        advisor = stacks_analysis.Advisor()
        found, ms = timed(advisor.advice, state, wait=HINT_WAIT)
        first.append(ms)
        still_searching += found.verdict == "searching"
        line = advisor.line(state)  # waits for the search
        if not line:
            continue
        for move in line[: rng.randrange(len(line))]:
            stacks_rules.apply_move(state, move)
        on_line.append(timed(advisor.advice, state, wait=HINT_WAIT)[1])
        for _ in range(2):
            stacks_rules.apply_move(state, rng.choice(stacks_rules.legal_moves(state)))
        found, ms = timed(advisor.advice, state, wait=HINT_WAIT)
        still_searching += found.verdict == "searching"
        off_line.append(ms)
        advisor.advice(state)  # let the background search end before the next deal
    print(f"The widget's Hint (ms; a hint waits at most {1000 * HINT_WAIT:.0f} ms for the search):")
    print()
    print("| when | hints | median | 95th percentile | slowest |")
    print("|---|---|---|---|---|")
    for name, times in (("first hint of a deal, asked at once", first),
                        ("on a line already found", on_line),
                        ("two moves off the line, asked at once", off_line)):  # fmt: skip
        percentile = statistics.quantiles(times, n=20)[-1]
        print(f"| {name} | {len(times)} | {statistics.median(times):.2f} | {percentile:.1f} | "
              f"{max(times):.0f} |")  # fmt: skip
    print()
    print(f"hints that said 'still searching': {still_searching} of {len(first) + len(off_line)} "
          "asked at once (the widget starts each search in the background when a position is "
          "shown, so a hint asked after the player has thought as long as that search answers "
          "from memory)")  # fmt: skip


def widget_hints() -> None:
    """Klondike's Hint (the solver, on 52-card deals) and Play Nine's advice (the planner) at
    every position of games that follow them: 40 deals or hands each, seeds 500000 on. Each
    position is timed three times: the table gives the medians of the three, and the slowest
    single timing (where the machine's own pauses show)."""
    from solitaire_lib.play_nine.widget import PlayNineWidget
    from solitaire_lib.simple_klondike.widget import KlondikeWidget

    klondike_times, play_nine_times = [], []
    for seed in range(500_000, 500_040):
        game = KlondikeWidget(seed=seed, cards=52)
        while not game.game.over:
            klondike_times.append([timed(game.show_hint)[1] for _ in range(3)])
            game.solver_move()
        hand = PlayNineWidget(seed=seed)
        while hand.hand.phase != "over":
            play_nine_times.append([timed(hand.show_advice)[1] for _ in range(3)])
            hand.ai_step()
    print("The other widgets' advice, at every position of 40 games that follow it (ms; each "
          "position timed three times):")  # fmt: skip
    print()
    print("| widget | positions | median | 95th percentile | slowest | slowest single timing |")
    print("|---|---|---|---|---|---|")
    for name, timings in (("simplified Klondike, Hint (52 cards)", klondike_times),
                          ("Play Nine, What would the AI do?", play_nine_times)):  # fmt: skip
        times = [statistics.median(three) for three in timings]
        percentile = statistics.quantiles(times, n=20)[-1]
        single = max(max(three) for three in timings)
        print(f"| {name} | {len(times)} | {statistics.median(times):.2f} | {percentile:.1f} | "
              f"{max(times):.0f} | {single:.0f} |")  # fmt: skip


def main(parts: list[str]) -> None:
    chosen = [part for part in ("--play-nine", "--klondike", "--stacks") if part in parts]
    if not chosen or "--play-nine" in chosen:
        play_nine()
        print()
    if not chosen or "--klondike" in chosen:
        klondike()
        print()
    if not chosen or "--stacks" in chosen:
        stacks()
        print()
        widget_hints()


if __name__ == "__main__":
    main(sys.argv[1:])
