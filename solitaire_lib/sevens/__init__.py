"""Sevens (COMP9021 T1 2025, ``solitaire_2.py``): 52 cards, the 7s laid out, up to 3 stages.

The course's API: ``collected_output(seed)`` gives the lines the viewer pages through and
``simulate(n, i)`` prints the table of section 4.3. The viewer runs with
``python -m solitaire_lib.sevens`` or ``solitaire sevens``.

>>> from solitaire_lib.sevens import collected_output, simulate
>>> collected_output(2)[-1]
'You could not place 9 cards, you lost 👎'
"""

from solitaire_lib.sevens.analysis import (
    cards_left_counts,
    stuck_cards,
    win_probability_by_stages,
)
from solitaire_lib.sevens.console import Request, parse_request
from solitaire_lib.sevens.course import (
    collected_output,
    game_collected_output,
    play_seed,
    shuffled_deck,
    simulate,
)
from solitaire_lib.sevens.rules import (
    COURSE_STAGES,
    SEVENS,
    SUIT_COLUMNS,
    Event,
    Game,
    Snapshot,
    Stage,
    can_place,
    deck_without_sevens,
    play,
    snapshots,
)
from solitaire_lib.sevens.widget import SevensWidget, show

__all__ = [
    "COURSE_STAGES",
    "SEVENS",
    "SUIT_COLUMNS",
    "Event",
    "Game",
    "Request",
    "SevensWidget",
    "Snapshot",
    "Stage",
    "can_place",
    "cards_left_counts",
    "collected_output",
    "deck_without_sevens",
    "game_collected_output",
    "parse_request",
    "play",
    "play_seed",
    "show",
    "shuffled_deck",
    "simulate",
    "snapshots",
    "stuck_cards",
    "win_probability_by_stages",
]
