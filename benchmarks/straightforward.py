"""Straightforward pure-Python simulations, written as a student would from the course texts:
seed, shuffle, play, tally. They are the yardstick of ``make bench``, not part of the library.

Cards are ``(rank, suit)`` tuples in the course's sorted order (suits, then ranks).
"""

from __future__ import annotations

import random
from collections import Counter

SUITS = range(4)


def aces_simulate(n: int, i: int) -> Counter[int]:
    """Aces in sequence: cards left in won games (0 for a lost game), seeds ``i .. i+n-1``."""
    deck = [(rank, suit) for suit in SUITS for rank in [1, 7, 8, 9, 10, 11, 12, 13]]
    deck.sort(key=lambda card: (card[1], card[0]))
    tally: Counter[int] = Counter()
    for seed in range(i, i + n):
        random.seed(seed)
        pile = deck.copy()
        random.shuffle(pile)
        for stacks in (4, 3, 2):
            from_top = pile[::-1]
            kept = []
            for s in range(stacks):
                stack = from_top[s::stacks]
                for position, card in enumerate(stack):
                    if card[0] == 1:
                        kept += stack[position:]
                        break
            pile = kept
        aces = [k for k, card in enumerate(pile) if card[0] == 1]
        won = aces[-1] - aces[0] == len(aces) - 1
        tally[len(pile) if won else 0] += 1
    return tally


def sevens_simulate(n: int, i: int) -> Counter[int]:
    """Sevens: cards left after three stages, seeds ``i .. i+n-1``."""
    deck = [(rank, suit) for suit in SUITS for rank in range(1, 14) if rank != 7]
    tally: Counter[int] = Counter()
    for seed in range(i, i + n):
        random.seed(seed)
        stack = deck.copy()
        random.shuffle(stack)
        placed = {(7, suit) for suit in SUITS}
        aside: list[tuple[int, int]] = []
        for _stage in range(3):
            aside = []
            while stack:
                card = stack.pop()
                if (card[0] - 1, card[1]) in placed or (card[0] + 1, card[1]) in placed:
                    placed.add(card)
                    while aside and ((aside[-1][0] - 1, aside[-1][1]) in placed
                                     or (aside[-1][0] + 1, aside[-1][1]) in placed):  # fmt: skip
                        placed.add(aside.pop())
                else:
                    aside.append(card)
            if not aside:
                break
            stack = aside[::-1]
        tally[len(aside)] += 1
    return tally


def alliances_pile_counts(n: int, n_cards: int, seed: int) -> list[int]:
    """Alliances: the number of piles left after each of ``n`` random deals."""
    ranks = [1, 7, 8, 9, 10, 11, 12, 13] if n_cards == 32 else list(range(1, 14))
    deck = [(rank, suit) for suit in SUITS for rank in ranks]
    rng = random.Random(seed)
    counts = []
    for _ in range(n):
        cards = deck.copy()
        rng.shuffle(cards)
        piles: list[tuple[int, int]] = []
        for card in cards:
            piles.append(card)
            jumped = True
            while jumped:  # the leftmost jump, again and again
                jumped = False
                for k in range(1, len(piles) - 1):
                    left, right = piles[k - 1], piles[k + 1]
                    if left[0] == right[0] or left[1] == right[1]:
                        piles[k - 1] = piles[k]
                        del piles[k]
                        jumped = True
                        break
        counts.append(len(piles))
    return counts
