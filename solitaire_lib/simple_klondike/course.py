"""The course's classes, ``CardPile`` and ``Solitaire``, with the names and output of the text.

The rules themselves live in :mod:`.rules`: ``Solitaire.move`` asks it whether a move is allowed,
and only then moves the cards with ``CardPile``'s methods.

The text gives ``Solitaire.__init__`` twice: with a private ``self.__piles`` (Section 2) and with a
public ``self.piles`` (Section 4). This class keeps the private one, like every other attribute
of the class: the piles change only through ``move``, which checks the rules, and ``get_pile(i)``
gives a pile to whoever needs to look at it (the course's own tests use it).

>>> game = Solitaire([4, 8, 7])
>>> game.display()  # doctest: +NORMALIZE_WHITESPACE
0: 4 * *
1:
2:
>>> game.move(0, 0)
>>> game.get_pile(0).print_all(1)
8 7 4
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire_lib.simple_klondike import rules


class CardPile:
    """A pile of cards in a list: the first item is the top card, the last the bottom card."""

    def __init__(self) -> None:
        self.__items: list[int] = []

    def add_top(self, item: int) -> None:
        """Put a card on top of the pile."""
        self.__items.insert(0, item)

    def add_bottom(self, item: int) -> None:
        """Put a card at the bottom of the pile."""
        self.__items.append(item)

    def remove_top(self) -> int:
        """Take the top card off the pile and return it."""
        return self.__items.pop(0)

    def remove_bottom(self) -> int:
        """Take the bottom card off the pile and return it."""
        return self.__items.pop()

    def size(self) -> int:
        """The number of cards in the pile."""
        return len(self.__items)

    def peek_top(self) -> int:
        """The top card, left on the pile."""
        return self.__items[0]

    def peek_bottom(self) -> int:
        """The bottom card, left on the pile."""
        return self.__items[-1]

    def print_all(self, index: int) -> None:
        """Print the cards from top to bottom, separated by spaces; for pile 0 (``index`` 0)
        every card but the top one is shown as ``*``.

        >>> pile = CardPile()
        >>> for card in [4, 5, 6, 7, 8]:
        ...     pile.add_bottom(card)
        >>> pile.print_all(1); pile.print_all(0)
        4 5 6 7 8
        4 * * * *
        """
        shown = [str(card) if index != 0 or i == 0 else "*" for i, card in enumerate(self.__items)]
        print(" ".join(shown))

    def cards(self) -> list[int]:
        """A copy of the cards, top first (not in the text: for the rules and the widget)."""
        return list(self.__items)


class Solitaire:
    """The simplified Klondike of COMPSCI 130 on a deck ``cards`` (a list of integers)."""

    def __init__(self, cards: Sequence[int]) -> None:
        self.__piles: list[CardPile] = []
        self.__num_cards = len(cards)
        self.__num_piles = rules.pile_count(self.__num_cards)
        self.__max_num_moves = rules.move_limit(self.__num_cards)
        for _ in range(self.__num_piles):
            self.__piles.append(CardPile())
        for card in cards:
            self.__piles[0].add_bottom(card)

    def get_pile(self, i: int) -> CardPile:
        """The ``i``-th pile."""
        return self.__piles[i]

    def display(self) -> None:
        """Print every pile, one a line: its number, a colon, then its cards.

        >>> Solitaire([6, 5, 4]).display()  # doctest: +NORMALIZE_WHITESPACE
        0: 6 * *
        1:
        2:
        """
        for i, pile in enumerate(self.__piles):
            print(f"{i}:", end=" ")  # an empty pile's line is "1: ", with its space
            pile.print_all(i)

    def move(self, p1: int, p2: int) -> None:
        """Move a card or a pile from pile ``p1`` to pile ``p2`` if the rules allow it (see
        :mod:`.rules`); a move that is not allowed changes nothing."""
        if rules.problem_with(self._piles_as_lists(), p1, p2) is not None:
            return
        if p1 == 0:
            if self.__piles[0].size():
                self.__piles[p2].add_bottom(self.__piles[0].remove_top())
            return
        while self.__piles[p1].size():
            self.__piles[p2].add_bottom(self.__piles[p1].remove_top())

    def is_complete(self) -> bool:
        """Pile 0 is empty and one pile holds every card, in decreasing order."""
        return rules.is_won(self._piles_as_lists(), self.__num_cards)

    def _piles_as_lists(self) -> list[list[int]]:
        return [pile.cards() for pile in self.__piles]

    def play(self) -> None:
        """Play at the console, as the text's ``play()`` does.

        Typed numbers behave exactly as in the text (a pile number out of range uses up the
        round and changes nothing). Anything else, which the text's ``int()`` would crash on, is
        refused with a message and asked again, without using up the round.
        """
        print("***** NEW GAME *****")
        move_number = 1
        while move_number <= self.__max_num_moves and not self.is_complete():
            self.display()
            row1 = _ask_row(move_number, self.__max_num_moves, "Move from row no.:")
            row2 = _ask_row(move_number, self.__max_num_moves, "Move to row no.:")
            if 0 <= row1 < self.__num_piles and 0 <= row2 < self.__num_piles:
                self.move(row1, row2)
            move_number += 1
        if self.is_complete():
            print("You Win in", move_number - 1, "steps!\n")
        else:
            print("You Lose!\n")


def _ask_row(move_number: int, max_moves: int, prompt: str) -> int:
    """The text's prompt for a pile number, asked again until ``int()`` can read the answer."""
    while True:
        print("Round", move_number, "out of", max_moves, end=": ")
        answer = input(prompt)
        try:
            return int(answer, 10)
        except ValueError:
            print("Please type a pile number (a whole number such as 0 or 3).")
