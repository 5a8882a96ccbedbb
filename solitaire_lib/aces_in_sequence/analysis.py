"""Simulations of aces in sequence: the data behind ``simulate`` and the notebook's studies.

>>> results = win_counts(500, 10)
>>> results.total, results.counts[4]
(500, 95)
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire_lib.aces_in_sequence.fast import aces_outcomes
from solitaire_lib.aces_in_sequence.rules import COURSE_SCHEDULE, Game, play
from solitaire_lib.cards import Card, deck_32
from solitaire_lib.rng import shuffled
from solitaire_lib.sim import Tally, wilson_interval

#: The outcome of a lost game in the tallies below.
LOST = 0


def play_seed(
    seed: int, deck: Sequence[Card] | None = None, schedule: Sequence[int] = COURSE_SCHEDULE
) -> Game:
    """Play the game whose deck is shuffled with ``seed`` (the course's shuffle)."""
    return play(shuffled(list(deck or deck_32()), seed), schedule)


def win_counts(
    n: int,
    i: int,
    *,
    deck: Sequence[Card] | None = None,
    schedule: Sequence[int] = COURSE_SCHEDULE,
    progress: bool = False,
) -> Tally[int]:
    """Play seeds ``i .. i+n-1``; tally the number of cards left in won games, ``0`` if lost.

    This is the data that the course's ``simulate(n, i)`` prints. It runs on the fast path
    (:mod:`solitaire_lib.aces_in_sequence.fast`), tested to give the reference engine's outcome
    for every seed.
    """
    if n < 1:
        raise ValueError(f"n must be a positive number of games, not {n}")
    if not schedule or min(schedule) < 1:
        raise ValueError(f"the schedule needs stages of at least one stack, not {schedule}")
    is_ace = [card.is_ace for card in (deck or deck_32())]
    outcomes = aces_outcomes(n, i, is_ace=is_ace, schedule=schedule, progress=progress)
    return Tally.from_array(outcomes)


def win_probability(tally: Tally[int]) -> tuple[float, float, float]:
    """P(win) with its 95% interval, from a tally of :func:`win_counts`."""
    wins = tally.total - tally.counts[LOST]
    low, high = wilson_interval(wins, tally.total)
    return wins / tally.total, low, high
