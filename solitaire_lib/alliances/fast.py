"""A fast path for simulating the alliances: the same game as :mod:`.rules`, on small integers.

A card is the integer ``4 * rank + suit``, so two cards are allied when ``a >> 2 == b >> 2``
(same rank) or ``a & 3 == b & 3`` (same suit). The rule itself is unchanged, with one shortcut
that leaves the result unchanged. After a jump at index ``j``, no jump left of ``j - 2`` can have
become possible: the piles there did not change. So the search for the leftmost jump starts at
``j - 2`` instead of at the left end. ``tests/test_alliances_fast.py`` checks that the final
piles equal the reference engine's on many decks.

Decks are shuffled with numpy, many at a time. A million deals of 52 cards take about 20 seconds
on one core of a small machine (see ``benchmarks/``).

>>> from solitaire_lib.alliances.rules import new_deck, play
>>> deck = new_deck(52)
>>> final_pile_count(encode(deck)) == len(play(deck))
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
from tqdm.auto import tqdm

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


def shuffled_batches(
    n_deals: int, n_cards: int, seed: int, batch: int = 20_000
) -> Iterator[list[list[int]]]:
    """``n_deals`` shuffled decks of encoded cards, in batches, from ``numpy``'s generator."""
    rng = np.random.default_rng(seed)
    deck = np.array(encode(new_deck(n_cards)), dtype=np.int16)
    done = 0
    while done < n_deals:
        size = min(batch, n_deals - done)
        yield rng.permuted(np.tile(deck, (size, 1)), axis=1).tolist()
        done += size


def pile_counts(
    n_deals: int, n_cards: int = 32, seed: int = 0, *, progress: bool = False
) -> np.ndarray:
    """The number of piles at the end of ``n_deals`` random deals (a numpy array of ints).

    ``progress=True`` shows a progress bar (tqdm: a widget in Jupyter, text in a terminal).
    """
    counts = np.empty(n_deals, dtype=np.int16)
    position = 0
    with tqdm(
        total=n_deals, desc=f"{n_cards}-card deals", disable=not progress, leave=False
    ) as bar:
        for decks in shuffled_batches(n_deals, n_cards, seed):
            for deck in decks:
                counts[position] = final_pile_count(deck)
                position += 1
            bar.update(len(decks))
    return counts
