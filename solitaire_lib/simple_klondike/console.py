"""The console program: ask for a deck size and a seed, then the text's ``play()``.

The deck is ``list(range(n))`` shuffled by ``random.Random(seed)``. Typed numbers give exactly the
text's transcript; anything else is refused and asked again; the end of the input or Ctrl-C ends
the program cleanly.
"""

from __future__ import annotations

import builtins
import contextlib
import io
import random
from collections.abc import Sequence

from solitaire_lib.prompt import console_program, read_seed, refuse_options, short
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


def transcript(cards: Sequence[int], typed: Sequence[str]) -> str:
    """What the console shows during ``Solitaire(cards).play()`` when ``typed`` is typed, one
    answer a prompt, each shown after its prompt as a terminal shows it.

    >>> print(transcript([1, 0], ["0", "1", "0", "1"]), end="")
    ***** NEW GAME *****
    0: 1 *
    1:\x20
    2:\x20
    Round 1 out of 4: Move from row no.:0
    Round 1 out of 4: Move to row no.:1
    0: 0
    1: 1
    2:\x20
    Round 2 out of 4: Move from row no.:0
    Round 2 out of 4: Move to row no.:1
    You Win in 2 steps!
    <BLANKLINE>
    """
    answers = iter(typed)

    def typing(prompt: object = "") -> str:
        answer = next(answers, None)
        if answer is None:
            raise EOFError
        print(f"{prompt}{answer}")
        return answer

    shown, saved = io.StringIO(), builtins.input
    builtins.input = typing
    try:
        with contextlib.redirect_stdout(shown), contextlib.suppress(EOFError):
            Solitaire(cards).play()
    finally:
        builtins.input = saved
    return shown.getvalue()


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
def main(argv: Sequence[str] = ()) -> int:
    """Run the program at the console; the exit status."""
    refuse_options(
        "solitaire klondike",
        "Simplified Klondike: it asks for a number of cards and a seed, then for moves.",
        argv,
    )
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
