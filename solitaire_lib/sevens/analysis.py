"""Simulations of Sevens: the data behind ``simulate`` and the notebook's studies.

>>> cards_left_counts(100, 0).counts[0]
64
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from solitaire_lib.cards import Card
from solitaire_lib.rng import shuffled
from solitaire_lib.sevens.fast import final_aside, sevens_outcomes, sevens_stages_needed
from solitaire_lib.sevens.rules import COURSE_STAGES, deck_without_sevens
from solitaire_lib.sim import Tally, wilson_interval


def cards_left_counts(
    n: int, i: int, *, max_stages: int = COURSE_STAGES, progress: bool = False
) -> Tally[int]:
    """Play seeds ``i .. i+n-1``; tally how many cards could not be placed (0: won).

    It uses the compiled fast path (:mod:`solitaire_lib.sevens.fast`), tested to agree with the
    engine on every seed.
    """
    if n < 1:
        raise ValueError(f"n must be a positive number of games, not {n}")
    if max_stages < 1:
        raise ValueError(f"max_stages must be at least 1, not {max_stages}")
    return Tally.from_array(sevens_outcomes(n, i, max_stages, progress=progress))


def win_probability_by_stages(
    n: int, i: int, stages: Iterable[int] = range(1, 7)
) -> dict[int, tuple[float, float, float]]:
    """P(every card placed) with its 95% interval, for each number of stages allowed.

    One game per seed is enough for all stage limits: the first ``k`` stages of a game do not
    depend on how many more are allowed, so a game won within ``k`` stages is won for any
    limit of at least ``k``.
    """
    limits = sorted(stages)
    needed = sevens_stages_needed(n, i, max(limits))
    result = {}
    for limit in limits:
        wins = int(((needed > 0) & (needed <= limit)).sum())
        low, high = wilson_interval(wins, n)
        result[limit] = (wins / n, low, high)
    return result


def stuck_cards(n: int, i: int, max_stages: int = COURSE_STAGES) -> Counter[Card]:
    """How often each card is among those that could not be placed, over ``n`` games."""
    deck = deck_without_sevens()
    stuck: Counter[Card] = Counter()
    for seed in range(i, i + n):
        stuck.update(final_aside(shuffled(deck, seed), max_stages)[0])
    return stuck
