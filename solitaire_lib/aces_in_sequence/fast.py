"""Aces in sequence, fast: the outcome of every seed of a range, compiled or in plain Python.

The game is played on integer cards (a card is its index in the sorted 32-card deck), on the
decks that :mod:`solitaire_lib.fastsim` shuffles exactly as the course's ``random`` does. The
outcome of a deal is the reference's ``win_counts`` outcome: the cards left if it is won, ``0``
if it is lost. ``tests/test_fast_simulations.py`` compares both paths with the reference engine.

>>> aces_outcomes(5, 0).tolist() == [aces_outcome_reference(seed) for seed in range(5)]
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from solitaire_lib import fastsim
from solitaire_lib.accel import jit, parallel_jit, prange
from solitaire_lib.cards import deck_32
from solitaire_lib.mersenne import START

#: Which cards of the sorted deck are aces, and the stacks of each stage (4, then 3, then 2).
IS_ACE = np.array([card.is_ace for card in deck_32()], dtype=np.bool_)
SCHEDULE = np.array([4, 3, 2], dtype=np.int64)


@jit
def aces_game(deck, is_ace, schedule, pile, aside):
    """Cards left if the game is won, ``0`` if lost (the reference's ``win_counts`` outcome).

    ``deck`` is bottom to top; ``pile`` and ``aside`` are scratch space of the deck's size.
    Stage by stage, stack ``s`` of ``k`` holds the cards ``s, s + k, ...`` counted from the top;
    from its first ace on, its cards are put aside in the order dealt.
    """
    size = len(deck)
    for k in range(size):
        pile[k] = deck[k]
    for stacks in schedule:
        kept = 0
        for stack in range(stacks):
            j = stack
            while j < size and not is_ace[pile[size - 1 - j]]:
                j += stacks
            while j < size:
                aside[kept] = pile[size - 1 - j]
                kept += 1
                j += stacks
        for k in range(kept):
            pile[k] = aside[k]
        size = kept
    first, last, aces = -1, -1, 0
    for k in range(size):
        if is_ace[pile[k]]:
            if first < 0:
                first = k
            last = k
            aces += 1
    return size if aces == 0 or last - first == aces - 1 else 0


@parallel_jit
def _outcomes_kernel(first_seed, n, keys, lengths, explicit, is_ace, schedule, start, out):
    """``out[k]`` = the outcome of seed ``first_seed + k`` (or of the key ``keys[k]``)."""
    blocks = (n + fastsim.LANES - 1) // fastsim.LANES
    works = min(blocks, fastsim.WORKS)
    size = len(is_ace)
    for work in prange(works):
        buffers = fastsim.lane_buffers(size, keys.shape[1] if explicit else 2)
        pile = np.empty(size, np.int64)
        aside = np.empty(size, np.int64)
        for block in range(work, blocks, works):
            first = block * fastsim.LANES
            count = min(fastsim.LANES, n - first)
            fastsim.shuffle_block(first_seed, first, count, keys, lengths, explicit, start,
                                  buffers)  # fmt: skip
            decks = buffers[4]
            for lane in range(count):
                out[first + lane] = aces_game(decks[lane], is_ace, schedule, pile, aside)


def compiled_outcomes(seeds: range, is_ace: np.ndarray = IS_ACE,
                      schedule: np.ndarray = SCHEDULE) -> np.ndarray:  # fmt: skip
    """The outcomes of ``seeds``, compiled, on every core."""
    keys, lengths, first, explicit = fastsim.seed_keys(seeds)
    out = np.empty(len(seeds), dtype=np.int64)
    _outcomes_kernel(first, len(seeds), keys, lengths, explicit, is_ace, schedule, START, out)
    return out


def pure_outcomes(seeds: range, is_ace: np.ndarray = IS_ACE,
                  schedule: np.ndarray = SCHEDULE) -> np.ndarray:  # fmt: skip
    """The outcomes of ``seeds``, in plain Python."""
    aces, stages = is_ace.tolist(), schedule.tolist()
    decks = fastsim.shuffled_decks(seeds, len(aces))
    return np.array([game_on_lists(deck, aces, stages) for deck in decks], dtype=np.int64)


def game_on_lists(deck: list[int], is_ace: list[bool], schedule: list[int]) -> int:
    """:func:`aces_game` with list slices, which plain Python runs faster than a loop per card."""
    pile = deck
    for stacks in schedule:
        from_top = pile[::-1]
        kept: list[int] = []
        for stack in range(stacks):
            cards = from_top[stack::stacks]
            for position, card in enumerate(cards):
                if is_ace[card]:
                    kept += cards[position:]
                    break
        pile = kept
    aces = [k for k, card in enumerate(pile) if is_ace[card]]
    return len(pile) if not aces or aces[-1] - aces[0] == len(aces) - 1 else 0


def aces_outcomes(
    n: int,
    i: int,
    *,
    is_ace: Sequence[bool] | None = None,
    schedule: Sequence[int] = (4, 3, 2),
    progress: bool = False,
) -> np.ndarray:
    """For seeds ``i .. i+n-1``: cards left if won, ``0`` if lost.

    ``is_ace`` describes the sorted deck that is shuffled (the 32-card deck by default).
    """
    aces = IS_ACE if is_ace is None else np.array(is_ace, dtype=np.bool_)
    stages = np.array(schedule, dtype=np.int64)
    return fastsim.outcomes(n, i, lambda seeds: compiled_outcomes(seeds, aces, stages),
                            lambda seeds: pure_outcomes(seeds, aces, stages), progress)  # fmt: skip


def aces_outcome_reference(seed: int) -> int:
    """The reference engine's outcome for one seed (what :func:`aces_outcomes` must equal)."""
    from solitaire_lib.aces_in_sequence.rules import play
    from solitaire_lib.rng import shuffled

    game = play(shuffled(deck_32(), seed))
    return game.cards_left if game.won else 0
