"""Seeded shuffles, exactly as the COMP9021 text requires (section 2.2).

``random.shuffle`` permutes by position only, so shuffling a sorted list of :class:`Card`
gives the same order as shuffling the sorted list of their integer codes.

>>> spec_shuffle(list(range(52)), 678)[:6]
[11, 12, 22, 38, 15, 16]
"""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")


def spec_shuffle(cards: list[T], seed: int) -> list[T]:
    """Shuffle ``cards`` in place after ``random.seed(seed)``, and return it.

    This is the course's convention to the letter: it seeds the *global* generator of the
    ``random`` module, so that the result matches any program written as the text says.
    ``cards`` should be given in increasing order.
    """
    random.seed(seed)
    random.shuffle(cards)
    return cards


def shuffled(cards: list[T], seed: int) -> list[T]:
    """A shuffled copy of ``cards`` (the original is left alone), same order as spec_shuffle.

    It uses a private ``random.Random(seed)``, which gives the same permutation as seeding the
    global generator, without touching the global state.

    >>> shuffled(list(range(52)), 678) == spec_shuffle(list(range(52)), 678)
    True
    """
    copy = list(cards)
    random.Random(seed).shuffle(copy)
    return copy
