"""The console program: ask for a deck size and a seed, then the text's ``play()``.

The deck is ``list(range(n))`` shuffled by ``random.Random(seed)``. Typed numbers give exactly the
text's transcript; anything else is refused and asked again; the end of the input or Ctrl-C ends
the program cleanly.
"""

from __future__ import annotations

import random

from solitaire_lib.prompt import console_program, read_seed, short
from solitaire_lib.simple_klondike.course import Solitaire

SIZE_PROMPT = "How many cards (1 to 1000)? "
MOST_CARDS = 1000


def deal(cards: int, seed: int) -> list[int]:
    """The deck ``list(range(cards))`` shuffled with ``random.Random(seed)``.

    >>> deal(10, 1)
    [6, 8, 9, 7, 5, 3, 0, 4, 1, 2]
    """
    deck = list(range(cards))
    random.Random(seed).shuffle(deck)
    return deck


def read_size() -> int | None:
    """Ask for the number of cards until a whole number from 1 to 1000 is typed; ``None`` at the
    end of the input."""
    while True:
        try:
            answer = input(SIZE_PROMPT)
        except EOFError:
            print()
            return None
        try:
            size = int(answer, 10)
        except ValueError:
            size = 0
        if 1 <= size <= MOST_CARDS:
            return size
        print(f"{short(answer.strip())} is not a number of cards from 1 to {MOST_CARDS}.")


@console_program
def main() -> int:
    """Run the program at the console; the exit status."""
    size = read_size()
    seed = None if size is None else read_seed()
    if size is None or seed is None:
        return 1
    try:
        Solitaire(deal(size, seed)).play()
    except EOFError:
        print("\nEnd of input: the game is stopped.")
        return 1
    return 0
