"""A fast path for simulating Sevens: the same game as :mod:`.rules`, without the record.

The reference engine keeps every intermediate table, which is what the widget and the course's
output need, but which costs time in a simulation of 100,000 deals. Here the placed cards of a
suit are only the lowest and highest rank placed (they always form a run through the 7), and
nothing is recorded. ``tests/test_sevens_fast.py`` checks that it gives the same result as the
reference on many decks.

>>> from solitaire_lib.sevens.rules import deck_without_sevens, play
>>> from solitaire_lib.rng import shuffled
>>> deck = shuffled(deck_without_sevens(), 2)
>>> left, stages = final_aside(deck)
>>> len(left), stages, play(deck).cards_left
(9, 3, 9)
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire_lib.cards import Card
from solitaire_lib.sevens.rules import COURSE_STAGES


def final_aside(deck: Sequence[Card], max_stages: int = COURSE_STAGES) -> tuple[list[Card], int]:
    """Play the game; return the cards that could not be placed and the stages played."""
    lowest = [7, 7, 7, 7]  # by suit: the lowest rank placed
    highest = [7, 7, 7, 7]  # by suit: the highest rank placed

    def place(card: Card) -> bool:
        suit, rank = card.suit, card.rank
        if rank == lowest[suit] - 1:
            lowest[suit] = rank
        elif rank == highest[suit] + 1:
            highest[suit] = rank
        else:
            return False
        return True

    stack = list(deck)
    aside: list[Card] = []
    for stage in range(1, max_stages + 1):
        aside = []
        while stack:
            card = stack.pop()
            if not place(card):
                aside.append(card)
                continue
            while aside and place(aside[-1]):
                aside.pop()
        if not aside or stage == max_stages:
            return aside, stage
        stack = aside[::-1]
    return aside, max_stages
