"""The console program: the coursework's ``play_game`` (with Q6-Q8), a seed for a repeatable deal.

``python -m solitaire_lib.stacks_of_nine [--seed N]``. Whatever is typed, it never crashes; the
end of the input and Ctrl-C end it cleanly.
"""

from __future__ import annotations

import argparse
import random

from solitaire_lib.prompt import console_program
from solitaire_lib.stacks_of_nine.course import play_game

HELP = ("Type a move as two letters and a number, such as AB3 (three cards from A to B) or FD "
        "(one card); R starts a new deal, U takes back a move.")  # fmt: skip


@console_program
def main(argv: list[str] | None = None) -> int:
    """Run the game at the console; the exit status."""
    parser = argparse.ArgumentParser(prog="solitaire stacks",
                                     description="Stacks of nine (MATH20621).")  # fmt: skip
    parser.add_argument("--seed", type=int, default=None, help="a seed for a repeatable deal")
    args = parser.parse_args(argv)
    print(HELP)
    rng = random.Random(args.seed) if args.seed is not None else None
    try:
        play_game(rng, quiet_interrupt=False)
    except EOFError:
        print("\nEnd of input: the game is stopped.")
        return 1
    return 0
