"""The course runner of Play Nine solitaire, reproduced: same random stream, same output.

``run_course(player, seed, hands)`` plays ``hands`` hands. Hand ``h`` (from 0) uses its own
``random.Random(seed + h)``: the number of draws, then the top row and the bottom row (from the
deck), then one face-up card in each row; every turn then draws a new kitty card, and one more
card from the deck when the player draws. So a score obtained here is the score the course's
runner gives the same player. In verbose mode it prints what the course runner prints.

``player`` is any object or module with the course's three functions: ``get_author_info()``,
``choose_drawing_action(top, bottom, draws_left, kitty_card)`` and
``choose_replacement_action(top, bottom, draws_left, current_card)``. A player that breaks a
rule or raises ends the run: the crash is printed and the score is ``None``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from solitaire_lib.play_nine.rules import Hand, columns_for_hand
from solitaire_lib.prompt import console_program

TITLE = "Play Nine Solitaire runner, version of June 13, 2022, Ilkka Kokkarinen."
SEPARATOR = "*-" * 21


class PlayerError(Exception):
    """The player broke a rule of the runner (its message says which)."""


def row_text(number: int, cards: list[int | str]) -> str:
    """``'Row 0: [  *  -5   2   5 ]'``: each card right-aligned in 3 characters.

    >>> row_text(1, [5, "*", -5, 12])
    'Row 1: [  5   *  -5  12 ]'
    """
    return f"Row {number}: [" + " ".join(f"{card:>3}" for card in cards) + " ]"


def holding_text(card: int) -> str:
    """``'a 7'``, ``'an 8'``, ``'an 11'``, ``'a -5'``."""
    return f"an {card}" if card in (8, 11) else f"a {card}"


def _call_player(player_function: Callable[..., Any], *arguments: Any) -> Any:
    """Call one of the player's functions; whatever it raises becomes a :class:`PlayerError`
    (except the end of input, which stops the run)."""
    try:
        return player_function(*arguments)
    except EOFError:
        raise
    except Exception as error:  # the player's own bug ends the run, as in the course runner
        raise PlayerError(str(error)) from error


def _follow_rules(step: Callable[[Any], Any], answer: Any) -> Any:
    """Make a step of the hand with the player's answer; the hand's refusal (``ValueError``)
    becomes a :class:`PlayerError` with the same message."""
    try:
        return step(answer)
    except ValueError as error:
        raise PlayerError(str(error)) from None


def _author_info(player: Any) -> tuple[Any, Any]:
    """The player's ``(name, student_id)``; a :class:`PlayerError` if it is not a pair."""
    info = _call_player(player.get_author_info)
    if type(info) not in (tuple, list) or len(info) != 2:
        shown = repr(info) if len(repr(info)) <= 60 else repr(info)[:59] + "…"
        raise PlayerError(f"get_author_info() must return (name, student_id), not {shown}")
    return info[0], info[1]


def play_hand(player: Any, rng: random.Random, columns: int, say: Callable[[str], None]) -> int:
    """Play one hand; its score. Raises :class:`PlayerError` when the player breaks a rule."""
    hand = Hand(rng, columns)
    while not hand.over:
        remaining = "There is one draw" if hand.draws == 1 else f"There are {hand.draws} draws"
        say(f"{remaining} remaining. Kitty card is {hand.kitty}.")
        say(row_text(0, hand.board.concealed(0)))
        say(row_text(1, hand.board.concealed(1)))
        choice = _call_player(player.choose_drawing_action, hand.board.concealed(0),
                              hand.board.concealed(1), hand.draws, hand.kitty)  # fmt: skip
        card = _follow_rules(hand.choose, choice)
        chosen = "draw from the deck" if choice == "d" else "take the kitty card"
        say(f"You have chosen to {chosen}. You are holding {holding_text(card)}.")
        action = _call_player(player.choose_replacement_action, hand.board.concealed(0),
                              hand.board.concealed(1), hand.draws, card)  # fmt: skip
        _follow_rules(hand.play, action)
        kind, row, column = action
        verb = "replacing" if kind == "r" else "turning over"
        say(f"You are {verb} card in row {row} and column {column}.")
    say(row_text(0, list(hand.board.top)))
    say(row_text(1, list(hand.board.bottom)))
    result = hand.score()
    say(f"The score for the completed hand is {result}.")
    return result


def run_course(
    player: Any, seed: int, hands: int, verbose: bool = False, out: Callable[[str], None] = print
) -> int | None:
    """Play ``hands`` hands as the course runner does; the total score, or ``None`` if the player
    broke a rule or raised (the crash is printed). ``out`` receives every line printed."""
    say = out if verbose else (lambda line: None)
    out(TITLE)
    total = 0
    try:
        for hand in range(hands):
            columns = columns_for_hand(hand)
            say("")
            say(SEPARATOR)
            say(f"Starting hand #{hand + 1} with {columns} columns on board.")
            total += play_hand(player, random.Random(seed + hand), columns, say)
        name, student_id = _author_info(player)
    except PlayerError as error:  # the run is over, not the program
        out(f"Crash with error: {error}")
        out("Game play terminated.")
        return None
    out("")
    out(f"{name}, {student_id}: SEED={seed}, TOTAL_HANDS={hands}, SCORE={total}")
    return total


# --- The command: python -m solitaire_lib.play_nine.runner ---------------------------------------


class HumanPlayer:
    """A person at the console, asked the course's questions; a typo is asked again."""

    def get_author_info(self) -> tuple[str, str]:
        return "human player", "0"

    def choose_drawing_action(self, top: Any, bottom: Any, draws_left: int, kitty: int) -> str:
        return _ask("Will you take the (k)itty card or (d)raw from deck? ", ("k", "d"))

    def choose_replacement_action(
        self, top: list[int | str], bottom: list[int | str], draws_left: int, card: int
    ) -> tuple[str, int, int]:
        while True:
            kind = _ask("Will you (r)eplace or (t)urn over a board card? ", ("r", "t"))
            what = "replace" if kind == "r" else "turn over"
            row = int(_ask(f"Enter row number of card to {what}: ", ("0", "1")))
            columns = tuple(str(c) for c in range(len(top)))
            column = int(_ask(f"Enter column number of card to {what}: ", columns))
            if kind == "t" and (top if row == 0 else bottom)[column] != "*":
                print("That card is already face up: choose again.")
                continue
            return kind, row, column


def _ask(prompt: str, answers: tuple[str, ...]) -> str:
    while True:
        answer = input(prompt).strip().lower()
        if answer in answers:
            return answer
        print(f"Please answer {', '.join(answers[:-1])} or {answers[-1]}.")


#: The functions a player module must define.
PLAYER_FUNCTIONS = ("get_author_info", "choose_drawing_action", "choose_replacement_action")


def load_player(name: str) -> Any:
    """The player called ``name``: ``human``, or a module with the three functions.

    Raises ValueError with a message for the user when there is no such player.

    >>> load_player("solitaire_lib.play_nine.course_player").__name__
    'solitaire_lib.play_nine.course_player'
    >>> try:
    ...     load_player("math")
    ... except ValueError as error:
    ...     print(str(error)[:41])
    the module 'math' has no get_author_info,
    """
    import importlib

    if name == "human":
        return HumanPlayer()
    if not name.strip():
        raise ValueError(
            "--player needs a module name, such as solitaire_lib.play_nine.course_player"
        )
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and name.startswith(error.name):
            raise ValueError(
                f"no module called {name!r}: is it in the current folder, or on PYTHONPATH?"
            ) from None
        raise ValueError(f"the module {name!r} could not be imported: {error}") from None
    except Exception as error:  # its own code failed, or the name is not a module's
        raise ValueError(
            f"the module {name!r} could not be imported: {type(error).__name__}: {error}"
        ) from None
    missing = [f for f in PLAYER_FUNCTIONS if not callable(getattr(module, f, None))]
    if missing:
        raise ValueError(
            f"the module {name!r} has no {', '.join(missing)}: a player module defines all three"
        )
    return module


@console_program
def main(argv: list[str] | None = None) -> int:
    """Run the course runner at the console. Returns the exit status."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="solitaire play-nine",
        description="The Play Nine solitaire course runner.",
    )
    parser.add_argument("--seed", type=int, default=4242, help="the runner's SEED (4242)")
    parser.add_argument("--hands", type=int, default=10, help="TOTAL_HANDS (10)")
    parser.add_argument("--verbose", action="store_true", help="print every step")
    parser.add_argument("--player", default="human",
                        help="'human' (you, at the console) or a module with the three "
                             "functions, such as "
                             "solitaire_lib.play_nine.course_player")  # fmt: skip
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    try:
        player = load_player(args.player)
    except ValueError as error:
        parser.error(str(error))
    verbose = args.verbose or isinstance(player, HumanPlayer)
    try:
        total = run_course(player, args.seed, args.hands, verbose=verbose)
    except EOFError:
        print("\nEnd of input: the run is stopped.")
        return 1
    return 0 if total is not None else 1


if __name__ == "__main__":  # pragma: no cover
    from solitaire_lib import console_starts

    console_starts()  # loaded: Ctrl-C is the console's to catch from here
    raise SystemExit(main())
