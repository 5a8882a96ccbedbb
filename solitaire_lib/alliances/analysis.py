"""Studies of the alliances: many deals, and "cheats" that reorder the deck a little.

The course's cheat (§5.1) swaps two consecutive cards. Three stronger ones of this project:

* :func:`best_cut`: cut the deck (move its first ``k`` cards to the bottom), the best ``k``;
* :func:`best_consecutive_swaps`: up to ``k`` consecutive swaps, chosen by a beam search;
* :func:`best_any_swap`: swap any two cards, the best pair.

All of them play through the fast path, which gives the engine's exact results.

>>> from solitaire_lib.alliances.rules import new_deck
>>> deck = new_deck(32)
>>> pile_count(deck) >= pile_count(best_any_swap(deck)) >= 2
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from tqdm.auto import tqdm

from solitaire_lib.alliances.fast import (
    decode,
    encode,
    final_pile_count,
    pile_counts,
    shuffled_batches,
)
from solitaire_lib.cards import Card
from solitaire_lib.sim import wilson_interval

Deck = list[int]


def pile_count(deck: Sequence[Card]) -> int:
    """Piles left at the end of an automatic game."""
    return final_pile_count(encode(deck))


def _swapped(deck: Sequence[Card], i: int, j: int) -> list[Card]:
    """A copy of ``deck`` with the cards at ``i`` and ``j`` swapped."""
    result = list(deck)
    result[i], result[j] = result[j], result[i]
    return result


def best_consecutive_swap_index(deck: Sequence[Card]) -> tuple[int, int]:
    """The course's cheat, searched: ``(i, piles)`` for the swap of ``deck[i]`` and
    ``deck[i + 1]`` that leaves the fewest piles, the largest ``i`` on a tie."""
    piles, minus_i = min((pile_count(_swapped(deck, i, i + 1)), -i) for i in range(len(deck) - 1))
    return -minus_i, piles


def best_consecutive_swap(deck: Sequence[Card]) -> list[Card]:
    """The course's cheat: the deck with its best swap of two neighbours made."""
    index, _ = best_consecutive_swap_index(deck)
    return _swapped(deck, index, index + 1)


def best_cut(deck: Sequence[Card]) -> list[Card]:
    """Cut the deck where it helps most: ``deck[k:] + deck[:k]`` for the best ``k``."""
    best = min(range(len(deck)), key=lambda k: (pile_count([*deck[k:], *deck[:k]]), k))
    return [*deck[best:], *deck[:best]]


def best_any_swap(deck: Sequence[Card]) -> list[Card]:
    """Swap the two cards, anywhere in the deck, that leave the fewest piles."""
    pairs = [(i, j) for i in range(len(deck)) for j in range(i + 1, len(deck))]
    i, j = min(pairs, key=lambda pair: pile_count(_swapped(deck, *pair)))
    return _swapped(deck, i, j)


def best_consecutive_swaps(deck: Sequence[Card], k: int = 2, beam: int = 4) -> list[Card]:
    """Up to ``k`` swaps of neighbours, searched with a beam: after each round of swaps, keep
    the ``beam`` best decks and try every swap on each. Never worse than the single best swap.
    """
    frontier = [list(deck)]
    best = list(deck)
    for _ in range(k):
        candidates = [
            _swapped(current, i, i + 1) for current in frontier for i in range(len(deck) - 1)
        ]
        candidates.sort(key=pile_count)
        frontier = candidates[:beam]
        if pile_count(frontier[0]) < pile_count(best):
            best = frontier[0]
    return best


CHEATS: dict[str, Callable[[Sequence[Card]], list[Card]]] = {
    "no cheat": list,
    "1 consecutive swap (course)": best_consecutive_swap,
    "best cut": best_cut,
    "2 consecutive swaps (beam)": best_consecutive_swaps,
    "any swap": best_any_swap,
}


def cheat_study(
    n_deals: int, n_cards: int = 32, seed: int = 0, *, progress: bool = False
) -> dict[str, np.ndarray]:
    """Final pile counts of ``n_deals`` random deals under every cheat of :data:`CHEATS`.

    Every cheat is tried on the same decks. ``progress=True`` shows a progress bar.
    """
    decks = [decode(deck) for batch in shuffled_batches(n_deals, n_cards, seed) for deck in batch]
    counts: dict[str, list[int]] = {name: [] for name in CHEATS}
    for deck in tqdm(decks, desc=f"{n_cards}-card deals", disable=not progress, leave=False):
        for name, cheat in CHEATS.items():
            counts[name].append(pile_count(cheat(deck)))
    return {name: np.array(values) for name, values in counts.items()}


def summary(counts: np.ndarray, thresholds: Sequence[int] = (2, 4, 10)) -> dict[str, float]:
    """Mean, min, max piles, and P(at most t piles) for each threshold ``t``."""
    result = {"mean": float(counts.mean()), "min": int(counts.min()), "max": int(counts.max())}
    for t in thresholds:
        result[f"P(<={t})"] = float((counts <= t).mean())
    return result


def win_probabilities(counts: np.ndarray, n_cards: int) -> list[tuple[int, float, float, float]]:
    """``(t, p, low, high)``: P(at most ``t`` piles) with its 95% interval, for t = 2..n_cards."""
    n = len(counts)
    rows = []
    for t in range(2, n_cards + 1):
        wins = int((counts <= t).sum())
        rows.append((t, wins / n, *wilson_interval(wins, n)))
    return rows


def simulate_pile_counts(
    n_deals: int, n_cards: int = 32, seed: int = 0, *, progress: bool = False
) -> np.ndarray:
    """Final pile counts of ``n_deals`` random deals (the fast path, numpy shuffles)."""
    if n_cards not in (32, 52):
        raise ValueError(f"the game is played with 32 or 52 cards, not {n_cards}")
    return pile_counts(n_deals, n_cards, seed, progress=progress)
