"""Play Nine solitaire (Ryerson CCPS 721): rules, the course runner, and players.

>>> score([1, -5, 10, 2], [6, -5, 10, 3])
2
"""

from solitaire_lib.play_nine.players import GreedyPlayer
from solitaire_lib.play_nine.rules import DECK, KITTY, Board, columns_for_hand, score
from solitaire_lib.play_nine.runner import run_course

__all__ = ["DECK", "KITTY", "Board", "GreedyPlayer", "columns_for_hand", "run_course", "score"]
