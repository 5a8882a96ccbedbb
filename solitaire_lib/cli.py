"""The ``solitaire`` command: list the games and run each game's course program.

$ solitaire            # list the games
$ solitaire aces       # the COMP9021 program solitaire_1.py
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from solitaire_lib import console_starts


@dataclass(frozen=True)
class GameEntry:
    command: str
    package: str
    title: str
    course: str

    def main(self) -> Callable[[Sequence[str]], int]:
        """The game's console ``main``; it takes the options typed after the game's name."""
        console = importlib.import_module(f"solitaire_lib.{self.package}.console")
        main: Callable[[Sequence[str]], int] = console.main
        return main


GAMES = (
    GameEntry("aces", "aces_in_sequence", "Aces in sequence (32 cards, three stages)",
              "UNSW COMP9021 T1 2025, solitaire_1.py"),
    GameEntry("sevens", "sevens", "Sevens (52 cards, the 7s laid out, up to 3 stages)",
              "UNSW COMP9021 T1 2025, solitaire_2.py"),
    GameEntry("alliances", "alliances", "La réussite des alliances, manual mode (32 cards)",
              "UGA INF204, lance_reussite('manuel')"),
    GameEntry("klondike", "simple_klondike", "Simplified Klondike (numbered cards, one pile)",
              "Auckland COMPSCI 130 2021, Solitaire.play()"),
    GameEntry("stacks", "stacks_of_nine", "Stacks of nine (36 cards, six stacks, blocking moves)",
              "Manchester MATH20621 2024, play_game()"),
    GameEntry("play-nine", "play_nine", "Play Nine solitaire, the course runner (try --help)",
              "Ryerson CCPS 721, play_nine_runner.py"),
)  # fmt: skip


def game_list() -> str:
    """One line per game: the command and what it plays."""
    width = max(len(game.command) for game in GAMES)
    return "\n".join(f"  {g.command:<{width}}  {g.title} ({g.course})" for g in GAMES)


def _print_game_list() -> int:
    print("Games (run one with: solitaire GAME):")
    print(game_list())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """List the games, or run one game's course program (no traceback, whatever happens).

    ``solitaire grade SUBMISSIONS/`` grades a class (see :mod:`solitaire_lib.grading.grade`).
    Ctrl-C while a game loads (numba, matplotlib: a few seconds) ends quietly, as it does later.
    """
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


def _main(argv: Sequence[str] | None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["grade"]:
        from solitaire_lib.grading.grade import main as grade_main

        console_starts()
        return grade_main(arguments[1:])
    parser = argparse.ArgumentParser(
        prog="solitaire",
        description="Solitaire card games from university course texts.",
        epilog="games:\n" + game_list() + "\n\nlecturers: solitaire grade SUBMISSIONS/ "
        "grades a class's exercise notebooks (solitaire grade --help)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "game",
        nargs="?",
        choices=[g.command for g in GAMES],
        help="the game whose course program to run",
    )
    parser.add_argument(
        "options",
        nargs=argparse.REMAINDER,
        help="options of the game's program (play-nine: --seed, --hands; stacks: --seed)",
    )
    return _run(parser.parse_args(arguments))


def _run(args: argparse.Namespace) -> int:
    """Run the game named in ``args`` (or list the games)."""
    if args.game is None:
        from solitaire_lib.prompt import console_program

        console_starts()
        return console_program(_print_game_list)()
    entry = next(g for g in GAMES if g.command == args.game)
    if entry.command == "play-nine":
        from solitaire_lib.play_nine.runner import main as game_main
    elif entry.command == "stacks":
        from solitaire_lib.stacks_of_nine.console import main as game_main
    else:
        game_main = entry.main()
    console_starts()  # loaded: from here Ctrl-C is the game's to catch
    return game_main(args.options)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
