"""The coursework's functions, with its names: Q1-Q5, then ``parse_move`` and ``play_game`` with
the errors, reset and undo of Q6-Q8. The rules themselves are in :mod:`.rules`.

>>> parse_move("AB3"), parse_move("FD"), parse_move("r"), parse_move("U")
((0, 1, 3), (5, 3, 1), 0, -1)
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable
from typing import Any

from solitaire_lib.prompt import short
from solitaire_lib.stacks_of_nine import rules

#: Two letters A-F (either case), then an optional positive integer; spaces around are ignored.
_MOVE = re.compile(r"([A-Fa-f])([A-Fa-f])([0-9]*)")

#: The text's palette: the colour of each value 1 to 9, as (red, green, blue) from 0 to 1.
COLOURS = [(1.0, 0.349, 0.369), (1.0, 0.573, 0.298), (1.0, 0.792, 0.227),
           (0.773, 0.792, 0.188), (0.541, 0.788, 0.149), (0.322, 0.651, 0.459),
           (0.098, 0.509, 0.769), (0.259, 0.404, 0.675), (0.416, 0.298, 0.576)]  # fmt: skip


# Q1
def initial_state(rng: random.Random | None = None) -> dict[str, Any]:
    """A new game: the 36 cards shuffled (by ``rng`` if given, else ``random``), six to a stack,
    no stack blocked or complete."""
    return rules.new_state(rng)


# Q2, Q6, Q7, Q8
def parse_move(input_str: str) -> tuple[int, int, int] | int:
    """The move typed as ``'AB3'`` (three cards from A to B), ``'FD'`` (one card), ``0`` for
    ``R``/``r`` (reset) or ``-1`` for ``U``/``u`` (undo). Anything else raises ``ValueError``.
    Any positive number of cards reads, as the course text has it, even one no move can take:
    ``validate_move`` refuses that move.

    >>> parse_move(" ce12 "), parse_move("Ab129")
    ((2, 4, 12), (0, 1, 129))
    """
    if not isinstance(input_str, str):
        raise TypeError(f"a move is typed text such as 'AB3', not {type(input_str).__name__}")
    text = input_str.strip()
    if text in ("R", "r"):
        return 0
    if text in ("U", "u"):
        return -1
    shown = short(input_str, 80)  # a line of a megabyte is not echoed back whole
    match = _MOVE.fullmatch(text)
    if match is None:
        raise ValueError(f"{shown} is not a move: type two letters A-F, and a number of "
                         "cards if not one, such as AB3 or FD, or R (reset) "
                         "or U (undo)")  # fmt: skip
    source, destination, count = match.groups()
    if len(count.lstrip("0")) > sys.get_int_max_str_digits():
        # int() refuses it too, with a message about its own limit: this one says why it matters
        raise ValueError(f"{shown}: no move takes that many cards (there are 36 in all)")
    number = int(count) if count else 1
    if number < 1:
        raise ValueError(f"{shown}: the number of cards must be at least 1")
    return ord(source.upper()) - ord("A"), ord(destination.upper()) - ord("A"), number


# Q3
def validate_move(state: dict[str, Any], move: Any) -> bool:
    """Whether ``move`` can be made in ``state`` (every rule of the game; ``state`` unchanged)."""
    return rules.problem_with(state, move) is None


# Q4
def apply_move(state: dict[str, Any], move: tuple[int, int, int]) -> None:
    """Make a valid move in place, updating the stacks, ``'blocked'`` and ``'complete'``."""
    rules.apply_move(state, move)


# Q5
def game_won(state: dict[str, Any]) -> bool:
    """Whether every card is in a complete stack (four complete stacks)."""
    return rules.is_won(state)


def colored(r: float, g: float, b: float, text: str) -> str:
    """``text`` in a light tint of the colour on a darker shade of it (the text's ANSI codes)."""
    rb, gb, bb = (r + 2) / 3, (g + 2) / 3, (b + 2) / 3
    rd, gd, bd = r / 1.5, g / 1.5, b / 1.5
    return (f"\033[38;2;{int(rb * 255)};{int(gb * 255)};{int(bb * 255)}m"
            f"\033[48;2;{int(rd * 255)};{int(gd * 255)};{int(bd * 255)}m{text}\033[0m")  # fmt: skip


def inverse(text: str) -> str:
    """``text`` dark on light grey: a blocking card."""
    return f"\033[38;2;51;51;51m\033[48;2;204;204;204m{text}\033[0m"


def display_state(s: dict[str, Any], *, clear: bool = False) -> None:
    """Print the stacks side by side, top rows first, with the text's colours: a blocking card
    inverted, a complete stack's cards as blank colour."""
    if clear:
        print(chr(27) + "[2J")
    print("\n")
    rows = max(len(stack) for stack in s["stacks"])
    for row in range(rows - 1, -1, -1):
        for i, stack in enumerate(s["stacks"]):
            if len(stack) > row:
                value = stack[row]
                if len(stack) == row + 1 and s["blocked"][i]:
                    print(inverse(" " + str(value) + " "), end=" ")
                else:
                    red, green, blue = COLOURS[value - 1]
                    text = "   " if s["complete"][i] else " " + str(value) + " "
                    print(colored(red, green, blue, text), end=" ")
            else:
                print("    ", end="")
        print()
    print(" A   B   C   D   E   F")


# The game, with Q6 (errors), Q7 (reset) and Q8 (undo)
def play_game(
    rng: random.Random | None = None,
    show: Callable[..., None] | None = None,
    *,
    quiet_interrupt: bool = True,
) -> None:
    """Play at the console. A typo is refused and asked again, ``R`` starts a new deal, ``U``
    takes back the last move (as far back as the start, never further). ``show`` displays a
    state (``display_state`` unless given). Ctrl-C quits quietly, as the coursework asks; the
    console program passes ``quiet_interrupt=False`` to exit with the shell's status 130."""
    show = show or display_state
    board = initial_state(rng)
    history: list[dict[str, Any]] = []
    try:
        while True:
            show(board, clear=False)
            move_str = input()
            try:
                move = parse_move(move_str)
            except ValueError as error:
                print(error)
                continue
            if move == 0:
                board, history = initial_state(rng), []
                print("A new game.")
            elif move == -1:
                if history:
                    board = history.pop()
                else:
                    print("Nothing to undo: this is the start of the game.")
            elif validate_move(board, move):
                history.append(rules.copy_state(board))
                apply_move(board, move)  # type: ignore[arg-type]
                if game_won(board):
                    show(board, clear=False)
                    print("You won!")
                    break
            else:
                print(f"Not allowed: {rules.problem_with(board, move)}.")
    except KeyboardInterrupt:  # the user pressed Ctrl-C: quit
        if not quiet_interrupt:
            raise
