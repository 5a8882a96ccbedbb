"""A fast path for simulating Sevens: the same game as :mod:`.rules`, without the record.

The reference engine keeps every intermediate table, which is what the widget and the course's
output need, but which costs time in a simulation of 100,000 deals. Here the placed cards of a
suit are only the lowest and highest rank placed (they always form a run through the 7), and
nothing is recorded. ``tests/test_sevens_fast.py`` checks that it gives the same result as the
reference on many decks.

For many seeds at once, :func:`sevens_outcomes` plays the same game on integer cards, compiled
with numba on the decks that :mod:`solitaire_lib.fastsim` shuffles (or in plain Python, with the
same results; ``tests/test_fast_simulations.py``).

>>> from solitaire_lib.sevens.rules import deck_without_sevens, play
>>> from solitaire_lib.rng import shuffled
>>> deck = shuffled(deck_without_sevens(), 2)
>>> left, stages = final_aside(deck)
>>> len(left), stages, play(deck).cards_left
(9, 3, 9)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from solitaire_lib import fastsim
from solitaire_lib.accel import jit, parallel_jit, prange
from solitaire_lib.cards import Card
from solitaire_lib.mersenne import START
from solitaire_lib.sevens.rules import COURSE_STAGES, deck_without_sevens


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


# --- Many seeds at once: the outcome of each seed of a range, compiled or in plain Python ------

#: The 48 cards that sevens shuffles, sorted (``rules.deck_without_sevens()``): a card of the
#: compiled game is its index here.
SEVENS_DECK = deck_without_sevens()
SUIT = np.array([int(card.suit) for card in SEVENS_DECK], dtype=np.int64)
RANK = np.array([card.rank for card in SEVENS_DECK], dtype=np.int64)


@jit
def sevens_place(card, suit, rank, lowest, highest):
    """Place ``card`` if the card just below or above it in its suit is placed."""
    s, r = suit[card], rank[card]
    if r == lowest[s] - 1:
        lowest[s] = r
    elif r == highest[s] + 1:
        highest[s] = r
    else:
        return False
    return True


@jit
def sevens_game(deck, suit, rank, max_stages, stack, aside, lowest, highest):
    """Cards that could not be placed (``0``: won) and the stages played, as
    :func:`final_aside` on integer cards.

    Each stage plays the stack from its top; a card that cannot be placed goes on the pile aside,
    and after each card placed the top of that pile is placed while it can be.
    """
    for s in range(4):
        lowest[s] = 7
        highest[s] = 7
    size = len(deck)
    for k in range(size):
        stack[k] = deck[k]
    left = 0
    for stage in range(1, max_stages + 1):
        left = 0
        while size > 0:
            size -= 1
            card = stack[size]
            if not sevens_place(card, suit, rank, lowest, highest):
                aside[left] = card
                left += 1
                continue
            while left > 0 and sevens_place(aside[left - 1], suit, rank, lowest, highest):
                left -= 1
        if left == 0 or stage == max_stages:
            return left, stage
        for k in range(left):
            stack[k] = aside[left - 1 - k]
        size = left
    return left, max_stages


@parallel_jit
def _outcomes_kernel(first_seed, n, keys, lengths, explicit, suit, rank, max_stages,
                     stages_needed, start, out):  # fmt: skip
    """``out[k]``: the cards left for seed ``first_seed + k`` (or the key ``keys[k]``); with
    ``stages_needed``, the stages a won game played (``0``: not won within ``max_stages``)."""
    blocks = (n + fastsim.LANES - 1) // fastsim.LANES
    works = min(blocks, fastsim.WORKS)
    size = len(suit)
    for work in prange(works):
        buffers = fastsim.lane_buffers(size, keys.shape[1] if explicit else 2)
        stack = np.empty(size, np.int64)
        aside = np.empty(size, np.int64)
        lowest = np.empty(4, np.int64)
        highest = np.empty(4, np.int64)
        for block in range(work, blocks, works):
            first = block * fastsim.LANES
            count = min(fastsim.LANES, n - first)
            fastsim.shuffle_block(first_seed, first, count, keys, lengths, explicit, start,
                                  buffers)  # fmt: skip
            decks = buffers[4]
            for lane in range(count):
                left, played = sevens_game(decks[lane], suit, rank, max_stages, stack, aside,
                                           lowest, highest)  # fmt: skip
                if stages_needed:
                    out[first + lane] = 0 if left else played
                else:
                    out[first + lane] = left


def compiled_outcomes(seeds: range, max_stages: int = COURSE_STAGES,
                      stages_needed: bool = False) -> np.ndarray:  # fmt: skip
    """The outcomes of ``seeds`` (cards left, or stages needed), compiled, on every core."""
    keys, lengths, first, explicit = fastsim.seed_keys(seeds)
    out = np.empty(len(seeds), dtype=np.int64)
    _outcomes_kernel(first, len(seeds), keys, lengths, explicit, SUIT, RANK, max_stages,
                     stages_needed, START, out)  # fmt: skip
    return out


def pure_outcomes(seeds: range, max_stages: int = COURSE_STAGES,
                  stages_needed: bool = False) -> np.ndarray:  # fmt: skip
    """The outcomes of ``seeds``, in plain Python (:func:`final_aside` on the cards)."""
    results = []
    for deck in fastsim.shuffled_decks(seeds, len(SEVENS_DECK)):
        aside, played = final_aside([SEVENS_DECK[card] for card in deck], max_stages)
        results.append((0 if aside else played) if stages_needed else len(aside))
    return np.array(results, dtype=np.int64)


def sevens_outcomes(n: int, i: int, max_stages: int = COURSE_STAGES, *,
                    progress: bool = False) -> np.ndarray:  # fmt: skip
    """For seeds ``i .. i+n-1``: the cards that could not be placed (``0``: won)."""
    return fastsim.outcomes(n, i, lambda seeds: compiled_outcomes(seeds, max_stages),
                            lambda seeds: pure_outcomes(seeds, max_stages), progress)  # fmt: skip


def sevens_stages_needed(n: int, i: int, max_stages: int) -> np.ndarray:
    """For seeds ``i .. i+n-1``: the stages a won game of sevens played (``0``: not won within
    ``max_stages``). A game won within ``k`` stages is won for every limit of ``k`` or more."""
    return fastsim.outcomes(n, i, lambda seeds: compiled_outcomes(seeds, max_stages, True),
                            lambda seeds: pure_outcomes(seeds, max_stages, True))  # fmt: skip


def sevens_outcome_reference(seed: int, max_stages: int = COURSE_STAGES) -> int:
    """The reference engine's number of cards left for one seed."""
    from solitaire_lib.rng import shuffled
    from solitaire_lib.sevens.rules import play

    return play(shuffled(deck_without_sevens(), seed), max_stages).cards_left
