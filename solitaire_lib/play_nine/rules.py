"""The rules of Play Nine solitaire (CCPS 721): the deck, the kitty, the board and the score.

A board has two rows of the same number of columns (4 to 10). Each card is face down or face up.
Each turn the player takes the kitty card or draws a card from the infinite deck, then either
replaces any board card with it (the new card is face up) or throws it away and turns over a
face-down card. The hand ends when no draws are left or every card is face up. Like golf, the
lower the score the better; see :func:`score`.

>>> score([4, 3, 12, 6], [4, 1, 12, 6])
4
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from solitaire_lib import validate

#: The infinite deck: every rank from 0 to 12 twice, and -5 once, drawn uniformly from this list.
DECK = (-5, *sorted(2 * list(range(13))))
#: The kitty cards, drawn uniformly from this list at the start of every turn.
KITTY = (-5, 0, 1, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9, 10, 10, 10, 10, 11, 11, 11, 11, 12, 12,
         12, 12)  # fmt: skip
#: How a face-down card is shown to the player.
HIDDEN = "*"
#: Fewest and most columns on a board.
MIN_COLUMNS, MAX_COLUMNS = 4, 10


def score(top: Sequence[int], bottom: Sequence[int]) -> int:
    """The score of a fully revealed board.

    Each card counts its rank, except that a column whose two cards are equal (a *matched*
    column) counts 0, or -10 for a pair of -5s. When k > 1 columns are matched with the same
    rank, each of them counts a further -5.

    >>> score([6, 2, 6, 1], [6, 9, 6, 3]), score([2, -5, -5, 4], [10, -5, -5, 5])
    (5, -9)
    """
    _check_rows(top, bottom)
    total = 0
    matched: Counter[int] = Counter()
    for a, b in zip(top, bottom, strict=True):
        if a == b:
            matched[a] += 1
            total += -10 if a == -5 else 0
        else:
            total += a + b
    for count in matched.values():
        if count > 1:
            total -= 5 * count
    return total


def _check_rows(top: Sequence[int], bottom: Sequence[int]) -> None:
    """Two rows of Play Nine cards of one length, or a ValueError or TypeError that says why."""
    for name, row in (("top", top), ("bottom", bottom)):
        if not isinstance(row, list | tuple):
            raise TypeError(f"{name} must be a list of cards, not {type(row).__name__}")
        for card in row:
            if type(card) is not int:
                raise TypeError(f"{name} holds {card!r}: a card is an int (-5, or 0 to 12)")
            if card not in _RANKS:
                raise ValueError(f"{name} holds {card}: not a Play Nine card (-5, or 0 to 12)")
    if len(top) != len(bottom):
        raise ValueError(f"the rows have {len(top)} and {len(bottom)} cards: a column has two")


_RANKS = frozenset(DECK)


def columns_for_hand(hand: int) -> int:
    """Columns of hand ``hand`` (from 0) in the course runner: 40 hands of 4 columns, then 100
    of 5, 160 of 6, ... each band 60 hands longer than the one before (10 columns at most).

    >>> [columns_for_hand(h) for h in (0, 39, 40, 139, 140, 299, 300)]
    [4, 4, 5, 5, 6, 6, 7]
    """
    validate.count(hand, "hand", minimum=0)
    columns, band, start = MIN_COLUMNS, 40, 0
    while hand >= start + band and columns < MAX_COLUMNS:
        start += band
        band += 60
        columns += 1
    return columns


@dataclass
class Board:
    """Two rows of cards, and which are face up."""

    top: list[int]
    bottom: list[int]
    top_up: list[bool] = field(default_factory=list)
    bottom_up: list[bool] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(self.top) != len(self.bottom):
            raise ValueError("both rows must have the same number of columns")
        self.top_up = self.top_up or [False] * len(self.top)
        self.bottom_up = self.bottom_up or [False] * len(self.bottom)

    @property
    def columns(self) -> int:
        return len(self.top)

    def rows(self) -> tuple[list[int], list[int]]:
        return self.top, self.bottom

    def up(self, row: int) -> list[bool]:
        return self.top_up if row == 0 else self.bottom_up

    def concealed(self, row: int) -> list[int | str]:
        """The row as the player sees it: ranks of face-up cards, ``'*'`` for the others."""
        cards = self.top if row == 0 else self.bottom
        return [card if up else HIDDEN for card, up in zip(cards, self.up(row), strict=True)]

    def all_up(self) -> bool:
        return all(self.top_up) and all(self.bottom_up)

    def problem_with(self, action: object) -> str | None:
        """Why ``action`` (``('r' or 't', row, column)``) is not legal, or ``None`` if it is."""
        if type(action) is not tuple or len(action) != 3:
            return f"the replacement action must be a tuple (action, row, column), not {action!r}"
        kind, row, column = action
        if kind not in ("r", "t"):
            return f"the action must be 'r' or 't', not {kind!r}"
        if type(row) is not int or row not in (0, 1):
            return f"the row must be 0 or 1, not {row!r}"
        if type(column) is not int or not 0 <= column < self.columns:
            return f"the column must be from 0 to {self.columns - 1}, not {column!r}"
        if kind == "t" and self.up(row)[column]:
            return f"the card in row {row} and column {column} is already face up"
        return None

    def apply(self, action: tuple[str, int, int], card: int) -> None:
        """Replace a card with ``card``, or turn a face-down card over (``card`` is thrown)."""
        problem = self.problem_with(action)
        if problem is not None:
            raise ValueError(problem)
        kind, row, column = action
        if kind == "r":
            (self.top if row == 0 else self.bottom)[column] = card
        self.up(row)[column] = True

    def final_score(self) -> int:
        return score(self.top, self.bottom)

    def matched_columns(self) -> list[int]:
        """The columns whose two cards are face up and equal (they score 0, or less)."""
        return [
            column
            for column, (a, b) in enumerate(zip(self.top, self.bottom, strict=True))
            if a == b and self.top_up[column] and self.bottom_up[column]
        ]


def deal(rng: random.Random, columns: int) -> tuple[Board, int]:
    """A new hand's board, with one face-up card in each row, and its number of draws, taken
    from ``rng`` in the course runner's order."""
    draws = 2 * columns + rng.randint(1, 3)
    top = [rng.choice(DECK) for _ in range(columns)]
    bottom = [rng.choice(DECK) for _ in range(columns)]
    board = Board(top, bottom)
    board.top_up[rng.choice(range(columns))] = True
    board.bottom_up[rng.choice(range(columns))] = True
    return board, draws


class Hand:
    """One hand, played a step at a time with the course runner's random stream.

    Each turn shows a new :attr:`kitty` card; :meth:`choose` takes it (``'k'``) or draws
    (``'d'``), then :meth:`play` uses the card :attr:`held`. The hand is :attr:`over` when no
    draws are left or every card is face up.

    >>> hand = Hand(random.Random(4242), 4)
    >>> hand.draws, hand.kitty, hand.board.concealed(0), hand.board.concealed(1)
    (10, 12, ['*', '*', '*', 5], [5, '*', '*', '*'])
    >>> hand.choose("d")
    7
    >>> hand.play(("t", 0, 1))
    >>> hand.draws, hand.kitty, hand.board.concealed(0)
    (9, 4, ['*', -5, '*', 5])
    """

    def __init__(self, rng: random.Random, columns: int) -> None:
        if type(columns) is not int or not MIN_COLUMNS <= columns <= MAX_COLUMNS:
            raise ValueError(f"a board has {MIN_COLUMNS} to {MAX_COLUMNS} columns, not {columns!r}")
        self.rng = rng
        self.board, self.draws = deal(rng, columns)
        self.kitty: int | None = None
        self.held: int | None = None
        self._next_turn()

    @property
    def over(self) -> bool:
        return self.draws == 0 or self.board.all_up()

    @property
    def phase(self) -> str:
        """``'choose'`` (kitty or deck), ``'place'`` (use the card held) or ``'over'``."""
        if self.held is not None:
            return "place"
        return "over" if self.over else "choose"

    def _next_turn(self) -> None:
        self.kitty = None if self.over else self.rng.choice(KITTY)

    def choose(self, choice: str) -> int:
        """Take the kitty card (``'k'``) or draw from the deck (``'d'``); the card now held."""
        if self.phase != "choose":
            raise ValueError(f"no card to choose now: the hand is at its {self.phase!r} step")
        if choice not in ("k", "d"):
            raise ValueError(f"the drawing action must be 'd' or 'k', not {choice!r}")
        self.held = self.kitty if choice == "k" else self.rng.choice(DECK)
        self.draws -= 1
        return self.held  # type: ignore[return-value]

    def play(self, action: tuple[str, int, int]) -> None:
        """Replace a card with the card held, or throw it away and turn a card over."""
        if self.held is None:
            raise ValueError("no card is held: take the kitty card or draw first")
        self.board.apply(action, self.held)  # raises ValueError when the action is not legal
        self.held = None
        self._next_turn()

    def score(self) -> int:
        """The final score: every card counts, face down or not."""
        return self.board.final_score()
