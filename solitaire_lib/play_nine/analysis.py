"""Play Nine's AI players compared: one leaderboard, the same seeds, confidence intervals.

The players, from the simplest to the strongest, are all run through the course runner's
mechanics (:func:`hand_scores` is :func:`~solitaire_lib.play_nine.runner.run_course` hand by
hand), so every total here is the total the course runner would print.

>>> scores = hand_scores(GreedyPlayer(), 4242, 3)
>>> scores, sum(scores)
([2, 9, 11], 22)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tqdm.auto import tqdm

from solitaire_lib.play_nine.planner import LookAheadPlayer, PlannerPlayer
from solitaire_lib.play_nine.players import GreedyPlayer, RandomPlayer, TurnOverPlayer
from solitaire_lib.play_nine.rules import MAX_COLUMNS, columns_for_hand
from solitaire_lib.play_nine.runner import play_hand
from solitaire_lib.sim import mean_interval, ratio_interval
from solitaire_lib.validate import count, integer

__all__ = [
    "DEVELOPMENT_RUNS",
    "PLAYERS",
    "RUNS",
    "WIDTH_SEED",
    "GreedyPlayer",
    "LookAheadPlayer",
    "PlannerPlayer",
    "RandomPlayer",
    "Standing",
    "TurnOverPlayer",
    "hand_scores",
    "hand_seeds",
    "leaderboard",
    "leaderboard_lines",
    "leaderboard_plot",
    "scores_by_columns",
    "width_run",
]

#: The players of the leaderboard, weakest first: name -> a function making a new player.
PLAYERS: dict[str, Callable[[], Any]] = {
    "random legal": RandomPlayer,
    "only turn cards over": TurnOverPlayer,
    "greedy (one card ahead)": GreedyPlayer,
    "planner (shares the draws)": PlannerPlayer,
    "look-ahead (close calls)": LookAheadPlayer,
}
#: The runs the look-ahead player's constants were chosen on: (SEED, TOTAL_HANDS) of the course
#: runner. They are the development set: no figure reported as a measure of strength comes from
#: them (``benchmarks/players.py`` shows them beside runs drawn at random).
DEVELOPMENT_RUNS: tuple[tuple[int, int], ...] = ((1000, 300), (2000, 300))
#: The runs every player is measured on, the evaluation set: (SEED, TOTAL_HANDS) of the course
#: runner. Hand ``h`` of a run is dealt by ``random.Random(SEED + h)``, so these runs deal none of
#: the hands of :data:`DEVELOPMENT_RUNS` (a test checks it).
RUNS: tuple[tuple[int, int], ...] = ((12345, 100), (3000, 300), (4000, 300))
#: The seed of the study of the board's width (:func:`scores_by_columns`), whose hands are none of
#: the development runs' either.
WIDTH_SEED = 5000


def hand_seeds(runs: Iterable[tuple[int, int]]) -> set[int]:
    """The seeds of the random generators that deal the hands of course ``runs``.

    >>> sorted(hand_seeds([(10, 3), (11, 2)]))
    [10, 11, 12]
    """
    return {seed + hand for seed, hands in runs for hand in range(hands)}


def _ignore(line: str) -> None:
    """Where the quiet runner's lines go."""


def hand_scores(player: Any, seed: int, hands: int, columns: int | None = None) -> list[int]:
    """The score of each hand of a course run (``SEED=seed``, ``TOTAL_HANDS=hands``).

    ``columns`` plays every hand with that many columns instead of the runner's schedule. A
    player that breaks a rule raises :class:`~solitaire_lib.play_nine.runner.PlayerError`.
    """
    integer(seed, "seed")
    count(hands, "hands", minimum=0)
    if columns is not None and (type(columns) is not int or not 1 <= columns <= MAX_COLUMNS):
        raise ValueError(
            f"columns must be None (the runner's schedule) or 1 to {MAX_COLUMNS}, not {columns!r}"
        )
    return [play_hand(player, random.Random(seed + hand),
                      columns or columns_for_hand(hand), _ignore)
            for hand in range(hands)]  # fmt: skip


@dataclass
class Standing:
    """One player's results on the runs: the total of each run and every hand's score."""

    name: str
    totals: dict[tuple[int, int], int]
    scores: list[int]
    seconds: float

    @property
    def total(self) -> int:
        return sum(self.totals.values())

    @property
    def per_hand(self) -> tuple[float, float, float]:
        """The mean score of a hand with its 95% confidence interval."""
        return mean_interval(self.scores)

    @property
    def milliseconds_per_hand(self) -> float:
        return 1000 * self.seconds / len(self.scores)


def leaderboard(
    players: dict[str, Callable[[], Any]] | None = None,
    runs: Sequence[tuple[int, int]] = RUNS,
    *,
    progress: bool = False,
) -> list[Standing]:
    """Every player on every run, a new player for each run (as the course grades them)."""
    players = PLAYERS if players is None else players
    bar = tqdm(total=len(players) * sum(hands for _, hands in runs), desc="hands",
               disable=not progress, leave=False)  # fmt: skip
    standings = []
    for name, make in players.items():
        totals, scores, seconds = {}, [], 0.0
        for seed, hands in runs:
            start = time.perf_counter()
            run = hand_scores(make(), seed, hands)
            seconds += time.perf_counter() - start
            totals[seed, hands] = sum(run)
            scores += run
            bar.update(hands)
        standings.append(Standing(name, totals, scores, seconds))
    bar.close()
    return standings


def leaderboard_lines(standings: Sequence[Standing], baseline: str | None = None) -> list[str]:
    """The leaderboard as text: each run's total, the total, its ratio to the baseline's (the
    greedy player unless said), and the mean score of a hand with its 95% interval."""
    if not standings:
        raise ValueError("no standings to show: pass the players' results (play_leaderboard())")
    baseline = baseline or next(s.name for s in standings if s.name.startswith("greedy"))
    base_scores = next(s.scores for s in standings if s.name == baseline)
    runs = list(standings[0].totals)
    width = max(len(s.name) for s in standings)
    header = "".join(f"{f'{seed}/{hands}':>12}" for seed, hands in runs)
    lines = [f"{'player':<{width}}{header}{'total':>8}   x greedy (95% CI)       "
             "mean per hand (95% CI)"]  # fmt: skip
    for s in standings:
        mean, low, high = s.per_hand
        ratio, ratio_low, ratio_high = ratio_interval(s.scores, base_scores)
        cells = "".join(f"{s.totals[run]:>12}" for run in runs)
        lines.append(f"{s.name:<{width}}{cells}{s.total:>8}"  # z: a rounded 0 has no sign
                     f"   {ratio:z6.3f} [{ratio_low:z6.3f}, {ratio_high:z6.3f}]"
                     f"   {mean:z6.2f} [{low:z6.2f}, {high:z6.2f}]")  # fmt: skip
    return lines


def leaderboard_plot(standings: Sequence[Standing], ax: Any = None) -> Any:
    """Horizontal bars: each player's mean score per hand with its 95% interval, the mean also
    written beside its bar (a mean near 0 has no bar to see)."""
    import matplotlib.pyplot as plt

    from solitaire_lib.plots import DPI, FIGSIZE

    if ax is None:
        _, ax = plt.subplots(figsize=FIGSIZE, dpi=DPI)
    means = [s.per_hand for s in standings]
    errors = [[m - low for m, low, _ in means], [high - m for m, _, high in means]]
    ax.barh([s.name for s in standings], [m for m, _, _ in means], xerr=errors, capsize=3,
            color="#3d74ab", ecolor="#333")  # fmt: skip
    for row, (mean, _, high) in enumerate(means):  # right of the interval, whatever the sign
        ax.annotate(f"{mean:.2f}", (max(high, 0), row), xytext=(6, 0),
                    textcoords="offset points", va="center")  # fmt: skip
    ax.margins(x=0.12)
    ax.invert_yaxis()
    ax.axvline(0, color="#333", linewidth=0.8)
    ax.set_xlabel("mean score of a hand, lower is better (95% CI)")
    return ax


def width_run(seed: int, width: int, hands: int) -> tuple[int, int]:
    """The course run (SEED, TOTAL_HANDS) whose hands :func:`scores_by_columns` plays at
    ``width`` columns: no two widths share a hand.

    >>> width_run(5000, 4, 200), width_run(5000, 5, 200)
    ((5800, 200), (6000, 200))
    """
    return seed + width * hands, hands


def scores_by_columns(
    players: dict[str, Callable[[], Any]],
    columns: Iterable[int],
    hands: int,
    seed: int = 0,
    *,
    progress: bool = False,
) -> dict[str, dict[int, tuple[float, float, float]]]:
    """For each player and number of columns, the mean score of ``hands`` hands of that many
    columns with its 95% interval.

    Every player plays the same hands, but each width has hands of its own (the run of seed
    ``seed + width * hands``), so the widths are independent samples, and two widths'
    means are compared as two independent means.
    """
    columns = list(columns)
    bar = tqdm(total=len(players) * len(columns) * hands, desc="hands", disable=not progress,
               leave=False)  # fmt: skip
    result: dict[str, dict[int, tuple[float, float, float]]] = {}
    for name, make in players.items():
        result[name] = {}
        for width in columns:
            run = width_run(seed, width, hands)
            result[name][width] = mean_interval(hand_scores(make(), *run, columns=width))
            bar.update(hands)
    bar.close()
    return result
