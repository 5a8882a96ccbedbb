"""Players of Play Nine solitaire, each a class with the course's three functions.

From the simplest to the baseline: :class:`RandomPlayer` (any legal action),
:class:`TurnOverPlayer` (draws, then turns the next face-down card over) and
:class:`GreedyPlayer`, one card ahead with expected values, where an unknown card counts as a
random deck card (the deck is infinite: no card-removal effects). The strong player is in
:mod:`~solitaire_lib.play_nine.planner`.

>>> from solitaire_lib.play_nine.runner import run_course
>>> run_course(GreedyPlayer(), 4242, 3, out=lambda line: None)
22
"""

from __future__ import annotations

import functools
import random
from statistics import fmean

from solitaire_lib.play_nine.rules import DECK, HIDDEN

Card = int | str  # a rank, or HIDDEN for a face-down card


def column_score(top: int, bottom: int) -> int:
    """A column's score alone: 0 for a matched pair, -10 for two -5s, else the two ranks."""
    if top == bottom:
        return -10 if top == -5 else 0
    return top + bottom


@functools.cache
def expected_column(top: Card, bottom: Card) -> float:
    """The column's expected score, each face-down card being a random deck card.

    Remembered: there are only 15 x 15 different columns (a rank or ``'*'`` in each row).
    """
    tops = DECK if top == HIDDEN else (top,)
    bottoms = DECK if bottom == HIDDEN else (bottom,)
    return fmean(column_score(a, b) for a in tops for b in bottoms)  # type: ignore[arg-type]


def best_replacement(top: list[Card], bottom: list[Card], card: int) -> tuple[float, int, int]:
    """``(gain, row, column)`` of the replacement that lowers its column's expected score most.

    The places are tried row by row (the top row left to right, then the bottom row), and the
    first best one wins: the baseline's tie-breaking, which its runs in the course runner pin.
    """
    best = (float("-inf"), 0, 0)
    for row in (0, 1):
        for column, (a, b) in enumerate(zip(top, bottom, strict=True)):
            after = expected_column(card, b) if row == 0 else expected_column(a, card)
            gain = expected_column(a, b) - after
            if gain > best[0]:
                best = (gain, row, column)
    return best


class CoursePlayer:
    """What every player shares: the author information the course's runner asks for."""

    name, student_id = "player", "0"

    def get_author_info(self) -> tuple[str, str]:
        return self.name, self.student_id

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class GreedyPlayer(CoursePlayer):
    """One step ahead: the best immediate expected gain (the course's baseline).

    With the card held, make the replacement that lowers its column's expected score most, if
    one lowers it; otherwise turn over the face-down card of the column with the highest expected
    score. Take the kitty when its best gain is at least the average best gain of a card drawn
    from the deck (a gain that would raise the score counts as none).
    """

    name, student_id = "greedy baseline", "0"

    def choose_drawing_action(
        self, top: list[Card], bottom: list[Card], draws_left: int, kitty_card: int
    ) -> str:
        kitty_gain = max(best_replacement(top, bottom, kitty_card)[0], 0.0)
        deck_gain = fmean(max(best_replacement(top, bottom, card)[0], 0.0) for card in DECK)
        return "k" if kitty_gain >= deck_gain else "d"

    def choose_replacement_action(
        self, top: list[Card], bottom: list[Card], draws_left: int, current_card: int
    ) -> tuple[str, int, int]:
        gain, row, column = best_replacement(top, bottom, current_card)
        if gain > 0:
            return "r", row, column
        # The first face-down card (left to right, top row first) of the worst column.
        hidden = [
            (expected_column(a, b), -c, -r)
            for c, (a, b) in enumerate(zip(top, bottom, strict=True))
            for r, card in ((0, a), (1, b))
            if card == HIDDEN
        ]
        if not hidden:
            return "r", row, column
        _, minus_column, minus_row = max(hidden)
        return "t", -minus_row, -minus_column


def legal_actions(top: list[Card], bottom: list[Card]) -> list[tuple[str, int, int]]:
    """Every legal action with a card held: replace any card, or turn a face-down one over.

    >>> legal_actions([3, "*"], [5, 5])
    [('r', 0, 0), ('r', 0, 1), ('r', 1, 0), ('r', 1, 1), ('t', 0, 1)]
    """
    rows = (top, bottom)
    places = [(row, column) for row in (0, 1) for column in range(len(top))]
    replace = [("r", row, column) for row, column in places]
    turn = [("t", row, column) for row, column in places if rows[row][column] == HIDDEN]
    return replace + turn


class RandomPlayer(CoursePlayer):
    """Any legal action, chosen at random with its own seeded generator (so runs repeat)."""

    name, student_id = "random legal", "0"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"

    def choose_drawing_action(
        self, top: list[Card], bottom: list[Card], draws_left: int, kitty_card: int
    ) -> str:
        return self.rng.choice("kd")

    def choose_replacement_action(
        self, top: list[Card], bottom: list[Card], draws_left: int, current_card: int
    ) -> tuple[str, int, int]:
        return self.rng.choice(legal_actions(top, bottom))


class TurnOverPlayer(CoursePlayer):
    """Never uses a card: draws from the deck, then turns the first face-down card over (top row
    left to right, then the bottom row)."""

    name, student_id = "only turn cards over", "0"

    def choose_drawing_action(
        self, top: list[Card], bottom: list[Card], draws_left: int, kitty_card: int
    ) -> str:
        return "d"

    def choose_replacement_action(
        self, top: list[Card], bottom: list[Card], draws_left: int, current_card: int
    ) -> tuple[str, int, int]:
        turns = [action for action in legal_actions(top, bottom) if action[0] == "t"]
        return turns[0] if turns else ("r", 0, 0)
