"""The AI players' strength and speed, on a development set and on an evaluation set.

    python benchmarks/players.py --seed 31337     # or: make bench (seed 2026)

Every measure is made twice. The **development set** is fixed: the deals and runs that the
players' constants were chosen on (and may be chosen on again). The **evaluation set** is drawn
at run time from the seed given with ``--seed``, from seeds above a million that nothing was ever
tuned on: a new seed gives a new evaluation set, so a figure from it cannot have been fitted.

Play Nine: the course runner's totals for each player (runs of 300 hands, 4 to 6 columns), the
ratio of each total to the greedy baseline's with a paired bootstrap 95% interval, and the
milliseconds a hand (the median of three timed passes, with the lowest and highest). The
look-ahead player and the planner play the same hands, so their difference has a paired
interval.

Simplified Klondike: the blind player and the look-ahead player (both see only what the console
shows) on deals of 52 cards, the share won with its 95% Wilson interval, the paired difference,
and the milliseconds a game (median and 90th percentile over the deals).

Stacks of nine: the solver on 200 deals of the development set (seeds 500000 to 500199): how
many it settles (won or proved lost; a deal it gives up on is searched again with weight 1.2,
which is slower), the milliseconds a deal (each of three passes solves every deal once, in order,
its memory of stacks emptied first; a deal's time is its median over the passes; the median deal
and the slowest), the nodes it expands, and the same for the same solver with its plain Python
search (as where numba is missing) and for the earlier solver (``stacks_yardstick.py``), with
the ratios in the same run; then the shipped solver on the evaluation set's deals. Then the
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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from solitaire_lib.accel import pure_python
from solitaire_lib.play_nine.analysis import DEVELOPMENT_RUNS, hand_scores
from solitaire_lib.play_nine.planner import LookAheadPlayer, PlannerPlayer
from solitaire_lib.play_nine.players import GreedyPlayer
from solitaire_lib.sim import mean_interval, ratio_interval, wilson_interval
from solitaire_lib.simple_klondike.analysis import DEVELOPMENT_SEEDS, BlindPlayer, play_blind
from solitaire_lib.simple_klondike.analysis import LookAheadPlayer as LookAheadPlayer_klondike
from solitaire_lib.simple_klondike.console import deal
from solitaire_lib.stacks_of_nine import analysis as stacks_analysis
from solitaire_lib.stacks_of_nine import portfolio as stacks_portfolio
from solitaire_lib.stacks_of_nine import rules as stacks_rules
from solitaire_lib.stacks_of_nine import search as stacks_search
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


#: Where the evaluation sets' seeds are drawn from: nothing was ever tuned on seeds this large.
EVALUATION_SEEDS = range(1_000_000, 1_000_000_000)


def evaluation_seeds(seed: int, count: int) -> list[int]:
    """``count`` different seeds drawn from :data:`EVALUATION_SEEDS` by ``random.Random(seed)``.

    >>> evaluation_seeds(5, 3) == evaluation_seeds(5, 3) != evaluation_seeds(6, 3)
    True
    """
    return random.Random(seed).sample(EVALUATION_SEEDS, count)


#: The Play Nine runs the look-ahead player's constants were chosen on: (SEED, TOTAL_HANDS).
PLAY_NINE_DEVELOPMENT = DEVELOPMENT_RUNS
PLAYERS = {
    "greedy": GreedyPlayer,
    "planner": PlannerPlayer,
    "look-ahead (the default player)": LookAheadPlayer,
}


def play_nine_scores(
    make: Callable[[], Any], runs: Sequence[tuple[int, int]]
) -> tuple[list[int], list[float]]:
    """Every hand's score on ``runs`` (each run by a new player), and the milliseconds a hand of
    three timed passes."""
    timings, scores = [], []
    for _ in range(3):
        start = time.perf_counter()
        scores = [s for seed, hands in runs for s in hand_scores(make(), seed, hands)]
        timings.append(1000 * (time.perf_counter() - start) / len(scores))
    return scores, timings


def play_nine(seed: int) -> None:
    evaluation = tuple((run_seed, 300) for run_seed in evaluation_seeds(seed, 3))
    for title, runs in (("development set", PLAY_NINE_DEVELOPMENT),
                        (f"evaluation set drawn from --seed {seed}", evaluation)):  # fmt: skip
        results = {name: play_nine_scores(make, runs) for name, make in PLAYERS.items()}
        greedy = results["greedy"][0]
        named = ", ".join(f"{run_seed}/{hands}" for run_seed, hands in runs)
        print(f"Play Nine, {title} (runs {named}):")
        print()
        print("| player | total | x greedy (95% CI) | ms a hand (median, min-max of 3) |")
        print("|---|---|---|---|")
        for name, (scores, timings) in results.items():
            ratio, low, high = ratio_interval(scores, greedy)
            middle, fastest, slowest = statistics.median(timings), min(timings), max(timings)
            print(f"| {name} | {sum(scores):,} | {ratio:.3f} ({low:.3f} to {high:.3f}) | "
                  f"{middle:.1f} ({fastest:.1f}-{slowest:.1f}) |")  # fmt: skip
        ahead, planner = results["look-ahead (the default player)"][0], results["planner"][0]
        mean, low, high = mean_interval([a - p for a, p in zip(ahead, planner, strict=True)])
        print()
        print(f"look-ahead minus planner, hand by hand: {mean:+.2f} points a hand (95% interval "
              f"{low:+.2f} to {high:+.2f}, {len(ahead)} hands)")  # fmt: skip
        print()


#: The Klondike deals the look-ahead player was tuned on.
KLONDIKE_DEVELOPMENT = DEVELOPMENT_SEEDS
KLONDIKE_PLAYERS: dict[str, Callable[[], Any]] = {
    "blind": BlindPlayer,
    "look-ahead (2 imagined orders)": LookAheadPlayer_klondike,
}


def klondike(seed: int) -> None:
    for title, seeds in (("development set", list(KLONDIKE_DEVELOPMENT)),
                         (f"evaluation set drawn from --seed {seed}",
                          evaluation_seeds(seed, 2_000))):  # fmt: skip
        klondike_on(title, seeds)
        print()


def klondike_on(title: str, seeds: Sequence[int]) -> None:
    results = {}
    for name, make in KLONDIKE_PLAYERS.items():
        wins, times = [], []
        for deal_seed in seeds:
            cards = deal(52, deal_seed)
            game, ms = timed(play_blind, make(), cards)
            wins.append(int(game.won))
            times.append(ms)
        results[name] = (wins, times)
    deals = len(seeds)
    print(f"Simplified Klondike, {title}: {deals:,} deals of 52 cards:")
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


#: The stacks-of-nine deals the solver's constants were chosen on (the portfolio's weights and
#: turns also on seeds 0 to 999 and 500,000 to 500,999).
STACKS_HELD_OUT = range(500_000, 500_200)


def stacks_solver(
    solve: Callable[[dict[str, Any]], Any],
    forget: Callable[[], None],
    passes: int,
    seeds: Sequence[int] = STACKS_HELD_OUT,
) -> list[tuple[str, int, float]]:
    """Each held-out deal's verdict, nodes, and milliseconds (the median of ``passes`` passes).

    Each pass solves every deal once, in order, after ``forget`` has emptied the solver's
    memory of stacks: a deal is timed as a notebook or a widget meets it, after other deals but
    never twice."""
    timings: list[list[float]] = [[] for _ in seeds]
    verdicts = []
    for _ in range(passes):
        forget()
        verdicts = []
        for k, seed in enumerate(seeds):
            state = stacks_rules.new_state(random.Random(seed))
            found, ms = timed(solve, state)
            timings[k].append(ms)
            verdicts.append((found.verdict, found.nodes))
    return [(verdict, nodes, statistics.median(times))
            for (verdict, nodes), times in zip(verdicts, timings, strict=True)]  # fmt: skip


def solve_in_plain_python(state: dict[str, Any]) -> stacks_portfolio.Solution:
    """The shipped solver with its plain Python search (and that search's budget)."""
    with pure_python():
        return stacks_portfolio.solve(state)


def stacks(seed: int) -> None:
    solvers = {
        "this solver": (stacks_portfolio.solve, stacks_search.forget_stacks, 3),
        "this solver in plain Python": (solve_in_plain_python, stacks_search.forget_stacks, 3),
        "the earlier solver (yardstick)": (
            stacks_yardstick.solve, stacks_yardstick.runs_to_move.cache_clear, 1),
    }  # fmt: skip
    results = {name: stacks_solver(*solver) for name, solver in solvers.items()}
    deals = len(STACKS_HELD_OUT)
    print(f"Stacks of nine, development set: {deals} deals (seeds {STACKS_HELD_OUT[0]} to "
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
    rate = {name: sum(nodes for _, nodes, _ in rows) / sum(ms for _, _, ms in rows)
            for name, rows in results.items()}  # fmt: skip
    print(f"all deals together: the compiled search expands {rate['this solver']:,.0f} nodes a ms, "
          f"{rate['this solver'] / rate['this solver in plain Python']:.0f} times as many as the "
          f"same search in plain Python ({rate['this solver in plain Python']:,.0f})")  # fmt: skip
    for number, (verdict, _, _) in zip(STACKS_HELD_OUT, results["this solver"], strict=True):
        if verdict == "gave up":
            given_up_deal(number)
    print()
    stacks_evaluation(seed)
    print()
    hints()


def stacks_evaluation(seed: int, deals: int = 1_000) -> None:
    """The solver as shipped on ``deals`` deals drawn from ``seed``, each solved once."""
    seeds = evaluation_seeds(seed, deals)
    rows = stacks_solver(stacks_portfolio.solve, stacks_search.forget_stacks, 1, seeds)
    times = [ms for _, _, ms in rows]
    given_up = [s for s, (verdict, _, _) in zip(seeds, rows, strict=True) if verdict == "gave up"]
    print(f"Stacks of nine, evaluation set drawn from --seed {seed}: {deals:,} deals, solved once "
          f"each: settled {deals - len(given_up):,}, median {statistics.median(times):.1f} ms, "
          f"slowest {max(times):,.0f} ms, over 2 s: {sum(ms > 2000 for ms in times)}; given up: "
          f"{', '.join(map(str, given_up)) or 'none'}")  # fmt: skip


def given_up_deal(seed: int) -> None:
    """A deal the default search gives up on, searched with weight 1.2 (slower, more thorough)."""
    state = stacks_rules.new_state(random.Random(seed))
    found = stacks_portfolio.solve(state, weight=1.2, budget=1_000_000)
    for move in found.moves:
        stacks_rules.apply_move(state, move)
    won = "a win, checked by the rules" if stacks_rules.is_won(state) else "no win"
    print(
        f"seed {seed}, given up by the default search, with weight 1.2: {found.verdict} after "
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
            moves = stacks_rules.legal_moves(state)
            if moves:  # a random move can leave none
                stacks_rules.apply_move(state, rng.choice(moves))
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
    seed = 2026
    if "--seed" in parts:
        try:
            seed = int(parts[parts.index("--seed") + 1])
        except (IndexError, ValueError):
            sys.exit("usage: python benchmarks/players.py [--seed N] [--play-nine] [--klondike] "
                     "[--stacks]")  # fmt: skip
    chosen = [part for part in ("--play-nine", "--klondike", "--stacks") if part in parts]
    print(f"evaluation sets drawn from --seed {seed}")
    print()
    if not chosen or "--play-nine" in chosen:
        play_nine(seed)
    if not chosen or "--klondike" in chosen:
        klondike(seed)
    if not chosen or "--stacks" in chosen:
        stacks(seed)
        print()
        widget_hints()


if __name__ == "__main__":
    main(sys.argv[1:])
