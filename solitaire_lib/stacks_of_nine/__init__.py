"""Stacks of nine (Manchester MATH20621, coursework 3, 2024): the coursework's functions, its
rules, and a solver.

>>> from solitaire_lib.stacks_of_nine import initial_state, game_won
>>> game_won(initial_state())
False
"""

from solitaire_lib.stacks_of_nine.course import (
    apply_move,
    display_state,
    game_won,
    initial_state,
    parse_move,
    play_game,
    validate_move,
)

__all__ = ["apply_move", "display_state", "game_won", "initial_state", "parse_move", "play_game",
           "validate_move"]  # fmt: skip
