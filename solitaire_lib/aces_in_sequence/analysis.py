"""Simulations of aces in sequence: the data behind ``simulate`` and the notebook's studies.

>>> results = win_counts(500, 10)
>>> results.total, results.counts[4]
(500, 95)
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire_lib.aces_in_sequence.rules import COURSE_SCHEDULE, Game, play
from solitaire_lib.cards import Card, deck_32
from solitaire_lib.rng import shuffled
from solitaire_lib.sim import Tally, run_games, wilson_interval

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

    This is the data that the course's ``simulate(n, i)`` prints.
    """
    if n < 1:
        raise ValueError(f"n must be a positive number of games, not {n}")
    cards = list(deck or deck_32())

    def outcome(seed: int) -> int:
        game = play(shuffled(cards, seed), schedule)
        return game.cards_left if game.won else LOST

    return run_games(outcome, range(i, i + n), progress=progress, description="deals")


def win_probability(tally: Tally[int]) -> tuple[float, float, float]:
    """P(win) with its 95% interval, from a tally of :func:`win_counts`."""
    wins = tally.total - tally.counts[LOST]
    low, high = wilson_interval(wins, tally.total)
    return wins / tally.total, low, high
