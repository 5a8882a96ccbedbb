"""Play Nine solitaire (Ryerson CCPS 721): rules, the course runner, players, and a widget.

>>> score([1, -5, 10, 2], [6, -5, 10, 3])
2
"""

from typing import Any

from solitaire_lib.play_nine.planner import LookAheadPlayer, PlannerPlayer
from solitaire_lib.play_nine.players import (
    GreedyPlayer,
    RandomPlayer,
    TurnOverPlayer,
    legal_actions,
)
from solitaire_lib.play_nine.rules import DECK, KITTY, Board, Hand, columns_for_hand, score


def __getattr__(name: str) -> Any:
    """``run_course`` and ``PlayNineWidget``, imported when first asked for: so that
    ``python -m solitaire_lib.play_nine.runner`` does not find its module already imported."""
    if name == "run_course":
        from solitaire_lib.play_nine.runner import run_course

        return run_course
    if name == "PlayNineWidget":
        from solitaire_lib.play_nine.widget import PlayNineWidget

        return PlayNineWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DECK",
    "KITTY",
    "Board",
    "GreedyPlayer",
    "Hand",
    "LookAheadPlayer",
    "PlannerPlayer",
    "PlayNineWidget",
    "RandomPlayer",
    "TurnOverPlayer",
    "columns_for_hand",
    "legal_actions",
    "run_course",
    "score",
]
