"""The rules of the simplified Klondike of COMPSCI 130 (University of Auckland, 2021).

The cards are integers. Piles are lists, **top card first**. Pile 0 starts with every card, only
its top card face up; the other piles start empty. A move ``(p1, p2)`` is one of three kinds:

* ``(0, 0)``: the top card of pile 0 goes to its bottom (an empty pile 0 stays as it is);
* ``(0, p2)``: the top card of pile 0 goes to the bottom of pile ``p2``, which must be empty or
  end with a card one higher ("building down");
* ``(p1, p2)``, both above 0: the whole of pile ``p1`` goes below pile ``p2``; both must hold
  cards, and the top card of ``p1`` must be one lower than the bottom card of ``p2``.

The game is won when pile 0 is empty and one pile holds every card in decreasing order, within
``2 * n`` moves for ``n`` cards.

>>> piles = [[4, 8], [7, 6, 5]]
>>> problem_with(piles, 0, 1) is None
True
>>> apply_move(piles, 0, 1)
>>> piles
[[8], [7, 6, 5, 4]]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from solitaire_lib.validate import count

Piles = list[list[int]]
Move = tuple[int, int]


def pile_count(cards: int) -> int:
    """How many piles a deck of ``cards`` cards is played on: ``cards // 8 + 3``.

    >>> pile_count(10), pile_count(52)
    (4, 9)
    """
    return count(cards, "cards", minimum=0) // 8 + 3


def move_limit(cards: int) -> int:
    """The most moves a game of ``cards`` cards may take: twice the number of cards."""
    return 2 * cards


def problem_with(piles: Sequence[Sequence[int]], p1: int, p2: int) -> str | None:
    """Why the move ``(p1, p2)`` is not allowed, or ``None`` when it is."""
    count = len(piles)
    if type(p1) is not int or type(p2) is not int or not (0 <= p1 < count and 0 <= p2 < count):
        return f"the piles are numbered 0 to {count - 1}"
    if p1 == 0 and p2 == 0:
        return None  # always allowed, even on an empty pile (nothing happens)
    if p1 > 0 and p2 == 0:
        return "no card goes back to pile 0"
    source, target = piles[p1], piles[p2]
    if not source:
        return f"pile {p1} is empty"
    if p1 == p2:
        return "a pile cannot move onto itself"
    if p1 > 0 and not target:
        return "only a card from pile 0 can start an empty pile"
    if target and source[0] != target[-1] - 1:
        return f"{source[0]} does not go below {target[-1]}: it must be one lower"
    return None


def apply_move(piles: Piles, p1: int, p2: int) -> None:
    """Make the move ``(p1, p2)`` on ``piles`` (changed in place); ``ValueError`` if illegal."""
    problem = problem_with(piles, p1, p2)
    if problem is not None:
        raise ValueError(f"move ({p1}, {p2}) is not allowed: {problem}")
    if p1 == 0:
        if piles[0]:
            piles[p2].append(piles[0].pop(0))
    else:
        piles[p2].extend(piles[p1])
        piles[p1].clear()


def legal_moves(piles: Sequence[Sequence[int]]) -> list[Move]:
    """Every allowed move, in the order ``(0, 0), (0, 1), ..., (1, 0), ...``."""
    count = len(piles)
    return [(p1, p2) for p1 in range(count) for p2 in range(count)
            if problem_with(piles, p1, p2) is None]  # fmt: skip


def is_won(piles: Sequence[Sequence[int]], cards: int) -> bool:
    """Pile 0 is empty and one pile holds all ``cards`` cards, each lower than the one before.

    >>> is_won([[], [], [2, 1, 0]], 3), is_won([[0], [2, 1]], 3)
    (True, False)
    """
    if piles[0]:
        return False
    full = [pile for pile in piles[1:] if pile]
    if len(full) != 1 or len(full[0]) != cards:
        return False
    return all(higher > lower for higher, lower in itertools.pairwise(full[0]))


class Game:
    """A game in play: the piles, the moves made against the limit, and the history for undo.

    >>> game = Game([1, 0, 2])
    >>> game.move(0, 1), game.move(0, 1), game.move(1, 0)
    (None, None, 'no card goes back to pile 0')
    >>> game.move(0, 2), game.move(1, 2), game.won, game.moves_made
    (None, None, True, 4)
    """

    def __init__(self, cards: Sequence[int]) -> None:
        self.cards = len(cards)
        self.piles = [list(cards)] + [[] for _ in range(pile_count(len(cards)) - 1)]
        self.limit = move_limit(len(cards))
        self.moves_made = 0
        self.history: list[Piles] = []
        self.keeps_history = True  # False: no undo, and moves are quicker (imagined games)

    @classmethod
    def at(cls, piles: Sequence[Sequence[int]], moves_left: int, undo: bool = True) -> Game:
        """A game in the middle: these piles, with ``moves_left`` moves left (and no undo, if
        ``undo`` is false).

        >>> Game.at([[2], [1, 0], []], moves_left=3).moves_made
        3
        """
        game = cls([])
        game.cards = sum(len(pile) for pile in piles)
        game.piles = [list(pile) for pile in piles]
        game.limit = move_limit(game.cards)
        game.moves_made = game.limit - moves_left
        game.keeps_history = undo
        return game

    @property
    def won(self) -> bool:
        return is_won(self.piles, self.cards)

    @property
    def over(self) -> bool:
        return self.won or self.moves_made >= self.limit

    @property
    def moves_left(self) -> int:
        return self.limit - self.moves_made

    def move(self, p1: int, p2: int) -> str | None:
        """Make a move and count it; a move that is not allowed changes nothing and is not
        counted: its problem is returned."""
        if self.over:
            return "the game is over"
        problem = problem_with(self.piles, p1, p2)
        if problem is None:
            if self.keeps_history:
                self.history.append([list(pile) for pile in self.piles])
            apply_move(self.piles, p1, p2)
            self.moves_made += 1
        return problem

    def undo(self) -> bool:
        """Take back the last move; ``False`` when there is none."""
        if not self.history:
            return False
        self.piles = self.history.pop()
        self.moves_made -= 1
        return True
