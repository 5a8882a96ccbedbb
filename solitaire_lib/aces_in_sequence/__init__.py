"""Aces in sequence (COMP9021 T1 2025, ``solitaire_1.py``): 32 cards, three stages, four aces.

The course's API: ``simulate(n, i)`` prints the table of section 3.3, and the console program
runs with ``python -m solitaire_lib.aces_in_sequence`` or ``solitaire aces``.

>>> from solitaire_lib.aces_in_sequence import simulate
>>> simulate(500, 10)
Number of cards left when winning | Frequency
---------------------------------------------
                                4 |    19.00%
                                5 |     6.20%
                                6 |     1.20%
"""

from solitaire_lib.aces_in_sequence.analysis import play_seed, win_counts, win_probability
from solitaire_lib.aces_in_sequence.console import game_lines, shuffled_deck
from solitaire_lib.aces_in_sequence.course import simulate
from solitaire_lib.aces_in_sequence.rules import (
    COURSE_SCHEDULE,
    Game,
    Snapshot,
    StackTurn,
    Stage,
    aces_in_sequence,
    deal,
    first_ace_position,
    play,
    snapshots,
)
from solitaire_lib.aces_in_sequence.widget import AcesInSequenceWidget, show

__all__ = [
    "COURSE_SCHEDULE",
    "AcesInSequenceWidget",
    "Game",
    "Snapshot",
    "StackTurn",
    "Stage",
    "aces_in_sequence",
    "deal",
    "first_ace_position",
    "game_lines",
    "play",
    "play_seed",
    "show",
    "shuffled_deck",
    "simulate",
    "snapshots",
    "win_counts",
    "win_probability",
]
