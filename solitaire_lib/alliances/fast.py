"""A fast path for simulating the alliances: the same game as :mod:`.rules`, on small integers.

A card is the integer ``4 * rank + suit``, so two cards are allied when ``a >> 2 == b >> 2``
(same rank) or ``a & 3 == b & 3`` (same suit). The rule itself is unchanged, with one shortcut
that leaves the result unchanged. After a jump at index ``j``, no jump left of ``j - 2`` can have
become possible: the piles there did not change. So the search for the leftmost jump starts at
``j - 2`` instead of at the left end. ``tests/test_alliances_fast.py`` checks that the final
piles equal the reference engine's on many decks.

Decks are shuffled with numpy, many at a time. The same game on arrays, compiled by numba
(:func:`pile_count_of_array`), plays them on every core; without numba, :func:`final_piles`
plays them in plain Python (see ``benchmarks/`` for both).

>>> from solitaire_lib.alliances.rules import new_deck, play
>>> deck = new_deck(52)
>>> final_pile_count(encode(deck)) == len(play(deck))
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
from tqdm.auto import tqdm

from solitaire_lib.accel import compiled_now, jit, parallel_jit, prange
from solitaire_lib.alliances.rules import new_deck
from solitaire_lib.cards import Card, Suit


def encode(cards: Sequence[Card]) -> list[int]:
    """Cards as the integers of this module."""
    return [4 * card.rank + int(card.suit) for card in cards]


def decode(codes: Sequence[int]) -> list[Card]:
    """The inverse of :func:`encode`."""
    return [Card(code >> 2, Suit(code & 3)) for code in codes]


def final_piles(codes: Sequence[int]) -> list[int]:
    """Play a whole game on encoded cards; the encoded visible cards at the end."""
    piles: list[int] = []
    for card in codes:
        piles.append(card)
        last = len(piles) - 1
        if last < 2:
            continue
        left = piles[last - 2]
        if left >> 2 != card >> 2 and left & 3 != card & 3:
            continue
        piles[last - 2] = piles[last - 1]  # the jump rule: the middle pile jumps left
        del piles[last - 1]
        start = last - 3
        while True:  # the leftmost jump, searched from where one may have appeared
            index = max(1, start)
            end = len(piles) - 1
            while index < end:
                a, b = piles[index - 1], piles[index + 1]
                if a >> 2 == b >> 2 or a & 3 == b & 3:
                    break
                index += 1
            if index >= end:
                break
            piles[index - 1] = piles[index]
            del piles[index]
            start = index - 2
    return piles


def final_pile_count(codes: Sequence[int]) -> int:
    """How many piles are left at the end of the game on ``codes``."""
    return len(final_piles(codes))


def shuffled_arrays(
    n_deals: int, n_cards: int, seed: int, batch: int = 20_000
) -> Iterator[np.ndarray]:
    """``n_deals`` shuffled decks of encoded cards, in batches (one deck a row), from ``numpy``'s
    generator."""
    rng = np.random.default_rng(seed)
    deck = np.array(encode(new_deck(n_cards)), dtype=np.int16)
    done = 0
    while done < n_deals:
        size = min(batch, n_deals - done)
        yield rng.permuted(np.tile(deck, (size, 1)), axis=1)
        done += size


def shuffled_batches(
    n_deals: int, n_cards: int, seed: int, batch: int = 20_000
) -> Iterator[list[list[int]]]:
    """The decks of :func:`shuffled_arrays` as lists of ints."""
    for decks in shuffled_arrays(n_deals, n_cards, seed, batch):
        yield decks.tolist()


# --- Compiled: the same game on arrays, many decks on every core --------------------------------


@jit
def pile_count_of_array(deck: np.ndarray, piles: np.ndarray) -> int:
    """:func:`final_piles` on an array (``piles`` is scratch space of the deck's size); the
    number of piles left. A pile deleted shifts the piles right of it one place left."""
    size = 0
    for card in deck:
        piles[size] = card
        size += 1
        last = size - 1
        if last < 2:
            continue
        left = piles[last - 2]
        if left >> 2 != card >> 2 and left & 3 != card & 3:
            continue
        piles[last - 2] = piles[last - 1]
        piles[last - 1] = piles[last]
        size -= 1
        start = last - 3
        while True:
            index = max(1, start)
            end = size - 1
            while index < end:
                a, b = piles[index - 1], piles[index + 1]
                if a >> 2 == b >> 2 or a & 3 == b & 3:
                    break
                index += 1
            if index >= end:
                break
            piles[index - 1] = piles[index]
            for k in range(index, size - 1):
                piles[k] = piles[k + 1]
            size -= 1
            start = index - 2
    return size


@parallel_jit
def _pile_counts_kernel(decks: np.ndarray, out: np.ndarray) -> None:
    """``out[d]`` = the piles left after deck ``d`` (a row of ``decks``), in pieces of 512 decks
    shared among the cores."""
    block = 512
    for first in prange(0, (len(decks) + block - 1) // block):
        piles = np.empty(decks.shape[1], np.int64)
        for d in range(first * block, min((first + 1) * block, len(decks))):
            out[d] = pile_count_of_array(decks[d], piles)


def pile_counts(
    n_deals: int, n_cards: int = 32, seed: int = 0, *, progress: bool = False
) -> np.ndarray:
    """The number of piles at the end of ``n_deals`` random deals (a numpy array of ints).

    Compiled when numba is there (see :mod:`solitaire_lib.accel`), else in plain Python: the
    same decks, the same counts. ``progress=True`` shows a progress bar (tqdm).
    """
    counts = np.empty(n_deals, dtype=np.int16)
    compiled = compiled_now()
    position = 0
    with tqdm(
        total=n_deals, desc=f"{n_cards}-card deals", disable=not progress, leave=False
    ) as bar:
        for decks in shuffled_arrays(n_deals, n_cards, seed):
            size = len(decks)
            if compiled:
                _pile_counts_kernel(decks, counts[position : position + size])
            else:
                for k, deck in enumerate(decks.tolist()):
                    counts[position + k] = final_pile_count(deck)
            position += size
            bar.update(size)
    return counts
