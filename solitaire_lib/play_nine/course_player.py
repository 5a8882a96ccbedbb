"""The course's ``play_nine_player.py``: the three functions the course runner calls.

It plays :class:`~solitaire_lib.play_nine.planner.LookAheadPlayer`, the strongest player here:
silent, deterministic (no random choices at all), always legal, and it needs only the standard
library, numpy and solitaire_lib. To use it with the unmodified course runner, save a one-line
``play_nine_player.py`` beside it: ``from solitaire_lib.play_nine.course_player import *``.
"""

from __future__ import annotations

from solitaire_lib.play_nine.planner import Card, LookAheadPlayer

__all__ = ["choose_drawing_action", "choose_replacement_action", "get_author_info"]

_PLAYER = LookAheadPlayer()


def get_author_info() -> tuple[str, str]:
    """The player's name and id, as the course asks."""
    return _PLAYER.get_author_info()


def choose_drawing_action(
    top_concealed: list[Card], bottom_concealed: list[Card], draws_left: int, kitty_card: int
) -> str:
    """``'k'`` to take the kitty card, ``'d'`` to draw from the deck."""
    return _PLAYER.choose_drawing_action(top_concealed, bottom_concealed, draws_left, kitty_card)


def choose_replacement_action(
    top_concealed: list[Card], bottom_concealed: list[Card], draws_left: int, current_card: int
) -> tuple[str, int, int]:
    """``('r', row, column)`` to replace a card with the one held, ``('t', row, column)`` to turn
    a face-down card over."""
    return _PLAYER.choose_replacement_action(
        top_concealed, bottom_concealed, draws_left, current_card
    )
