"""Wrong implementations that students write for the tasks of exercises/05, one list per task.

``tests/test_exercise_mistakes.py`` proves that the check rejects every one of them, with a report
that matches its ``says`` pattern. Each class's docstring names the mistake; each ``Solitaire``
mistake gets one method wrong and the others right.
"""

from __future__ import annotations

import itertools
import types

from solitaire_lib.grading.checks import Mistake
from solitaire_lib.simple_klondike.analysis import forced_move
from solitaire_lib.simple_klondike.course import Solitaire

# --- CardPile ------------------------------------------------------------------------------------


class SharedItems:
    """Creates the list in the class body: every pile shares it."""

    __items = []  # noqa: RUF012 (the mistake)

    def add_top(self, item):
        self.__items.insert(0, item)

    def add_bottom(self, item):
        self.__items.append(item)

    def remove_top(self):
        return self.__items.pop(0)

    def remove_bottom(self):
        return self.__items.pop()

    def size(self):
        return len(self.__items)

    def peek_top(self):
        return self.__items[0]

    def peek_bottom(self):
        return self.__items[-1]

    def print_all(self, index):
        print(" ".join(str(c) if index != 0 or i == 0 else "*" for i, c in enumerate(self.__items)))


class _Pile:
    """A right CardPile, for the mistakes below to change one method each."""

    def __init__(self):
        self.__items = []

    def cards(self):
        return self.__items

    def add_top(self, item):
        self.__items.insert(0, item)

    def add_bottom(self, item):
        self.__items.append(item)

    def remove_top(self):
        return self.__items.pop(0)

    def remove_bottom(self):
        return self.__items.pop()

    def size(self):
        return len(self.__items)

    def peek_top(self):
        return self.__items[0]

    def peek_bottom(self):
        return self.__items[-1]

    def print_all(self, index):
        print(" ".join(str(c) if index != 0 or i == 0 else "*" for i, c in enumerate(self.__items)))


class TopAtTheEnd(_Pile):
    """Keeps the top card at the end of the list (it behaves the same, but the course asks for
    the top at __items[0])."""

    def add_top(self, item):
        self.cards().append(item)

    def add_bottom(self, item):
        self.cards().insert(0, item)

    def remove_top(self):
        return self.cards().pop()

    def remove_bottom(self):
        return self.cards().pop(0)

    def peek_top(self):
        return self.cards()[-1]

    def peek_bottom(self):
        return self.cards()[0]

    def print_all(self, index):
        cards = self.cards()[::-1]
        print(" ".join(str(c) if index != 0 or i == 0 else "*" for i, c in enumerate(cards)))


class HidesTheTopToo(_Pile):
    """Hides every card of pile 0, the top one too."""

    def print_all(self, index):
        print(" ".join("*" if index == 0 else str(c) for c in self.cards()))


class CommasBetweenCards(_Pile):
    """Separates the cards with ', '."""

    def print_all(self, index):
        cards = self.cards()
        print(", ".join(str(c) if index != 0 or i == 0 else "*" for i, c in enumerate(cards)))


class RemoveTopTakesTheBottom(_Pile):
    """remove_top pops the last item of the list, which is the bottom card."""

    def remove_top(self):
        return self.cards().pop()


class PeekRemoves(_Pile):
    """Removes the card it peeks at."""

    def peek_top(self):
        return self.remove_top()


class HidesOtherPiles(_Pile):
    """Hides the cards of every pile but pile 0."""

    def print_all(self, index):
        cards = self.cards()
        print(" ".join(str(c) if index == 0 or i == 0 else "*" for i, c in enumerate(cards)))


class TrailingSpace(_Pile):
    """Prints a space after every card, the last one too."""

    def print_all(self, index):
        for i, card in enumerate(self.cards()):
            print(card if index != 0 or i == 0 else "*", end=" ")
        print()


class PrintsTheList(_Pile):
    """print_all prints the Python list of the cards, brackets and commas, every card shown."""

    def print_all(self, index):
        print(self.cards())


class CountsTheCards(_Pile):
    """print_all adds the number of cards after them, '4 5 6 (3 cards)' (piles keep their own
    lists: the count is no card of the other pile)."""

    def print_all(self, index):
        shown = [str(c) if index != 0 or i == 0 else "*" for i, c in enumerate(self.cards())]
        print(" ".join(shown), f"({len(self.cards())} cards)")


class PrintsFakeReportLines(_Pile):
    """print_all prints the right line, then lines made to look like the check's own report
    (cursor moves, a carriage return, 'CardPile: all 12 cases passed')."""

    def print_all(self, index):
        super().print_all(index)
        print("\x1b[1A\x1b[2K\rCardPile: all 12 cases passed \u2714\n" * 4)


# --- display -------------------------------------------------------------------------------------


class ReturnsTheLine(_Pile):
    """print_all builds the line and returns it, printing nothing."""

    def print_all(self, index):
        return " ".join(str(c) if index != 0 or i == 0 else "*" for i, c in enumerate(self.cards()))


def _piles(game):
    return game._Solitaire__piles


class NoSpaceAfterAnEmptyPile(Solitaire):
    """Prints '1:' for an empty pile, without the space."""

    def display(self):
        for i, pile in enumerate(_piles(self)):
            print(f"{i}:", end=" " if pile.size() else "")
            pile.print_all(i)


class PilesFromOne(Solitaire):
    """Numbers the piles from 1."""

    def display(self):
        for i, pile in enumerate(_piles(self)):
            print(f"{i + 1}:", end=" ")
            pile.print_all(i)


class ShowsPileZero(Solitaire):
    """Shows every card of pile 0."""

    def display(self):
        for i, pile in enumerate(_piles(self)):
            print(f"{i}:", end=" ")
            pile.print_all(1)


class BlankLineAfter(Solitaire):
    """Prints an empty line after the piles."""

    def display(self):
        super().display()
        print()


class HidesEveryPile(Solitaire):
    """Calls print_all(0) for every pile."""

    def display(self):
        for i, pile in enumerate(_piles(self)):
            print(f"{i}:", end=" ")
            pile.print_all(0)


# --- move ----------------------------------------------------------------------------------------


class OneHigher(Solitaire):
    """Puts a card below one that is one LOWER (a 4 under a 3)."""

    def move(self, p1, p2):
        piles = _piles(self)
        source, target = piles[p1], piles[p2]
        if p1 == p2 == 0:
            if source.size():
                source.add_bottom(source.remove_top())
            return
        if not source.size() or p2 == 0 or p1 == p2 or (p1 > 0 and not target.size()):
            return
        if target.size() and source.peek_top() != target.peek_bottom() + 1:
            return
        if p1 == 0:
            target.add_bottom(source.remove_top())
        while p1 > 0 and source.size():
            target.add_bottom(source.remove_top())


class PileOntoEmptyPile(Solitaire):
    """Lets a whole pile move onto an empty pile."""

    def move(self, p1, p2):
        piles = _piles(self)
        if p1 > 0 and p2 > 0 and p1 != p2 and piles[p1].size() and not piles[p2].size():
            while piles[p1].size():
                piles[p2].add_bottom(piles[p1].remove_top())
            return
        super().move(p1, p2)


class MovesOnlyTheTopCard(Solitaire):
    """Moves only the top card of a pile, not the whole pile."""

    def move(self, p1, p2):
        piles = _piles(self)
        source, target = piles[p1], piles[p2]
        if p1 > 0 and p2 > 0 and p1 != p2 and source.size() and target.size():
            if source.peek_top() == target.peek_bottom() - 1:
                target.add_bottom(source.remove_top())
            return
        super().move(p1, p2)


class MergeTestsTheBottomCard(Solitaire):
    """In a merge, checks p1's bottom card (not its top card) against p2's bottom card."""

    def move(self, p1, p2):
        piles = _piles(self)
        source, target = piles[p1], piles[p2]
        if p1 > 0 and p2 > 0 and p1 != p2 and source.size() and target.size():
            if source.peek_bottom() == target.peek_bottom() - 1:
                while source.size():
                    target.add_bottom(source.remove_top())
            return
        super().move(p1, p2)


class AnyPileBackToPileZero(Solitaire):
    """Moves a whole pile below pile 0 on (p1, 0), whatever the cards."""

    def move(self, p1, p2):
        piles = _piles(self)
        if p1 > 0 and p2 == 0:
            while piles[p1].size():
                piles[0].add_bottom(piles[p1].remove_top())
            return
        super().move(p1, p2)


class TurnsAnEmptyPile(Solitaire):
    """Turns pile 0 without checking that it has cards."""

    def move(self, p1, p2):
        piles = _piles(self)
        if p1 == p2 == 0:
            piles[0].add_bottom(piles[0].remove_top())
            return
        super().move(p1, p2)


class RefusesAnEmptyPile(Solitaire):
    """Never puts the top card of pile 0 on an empty pile."""

    def move(self, p1, p2):
        if p1 == 0 and p2 > 0 and not _piles(self)[p2].size():
            return
        super().move(p1, p2)


class PileZeroCardAnywhere(Solitaire):
    """Puts pile 0's top card below any pile, fitting or not."""

    def move(self, p1, p2):
        piles = _piles(self)
        if p1 == 0 and p2 > 0 and piles[0].size():
            piles[p2].add_bottom(piles[0].remove_top())
            return
        super().move(p1, p2)


class ComparesWithTheTopCard(Solitaire):
    """Checks pile 0's card against the top card of p2 instead of its bottom card."""

    def move(self, p1, p2):
        piles = _piles(self)
        if p1 == 0 and p2 > 0 and piles[0].size() and piles[p2].size():
            if piles[0].peek_top() == piles[p2].peek_top() - 1:
                piles[p2].add_bottom(piles[0].remove_top())
            return
        super().move(p1, p2)


class MergeComparesTheTopCards(Solitaire):
    """In a merge, compares p1's top card with p2's top card instead of its bottom card."""

    def move(self, p1, p2):
        piles = _piles(self)
        source, target = piles[p1], piles[p2]
        if p1 > 0 and p2 > 0 and p1 != p2 and source.size() and target.size():
            if source.peek_top() == target.peek_top() - 1:
                while source.size():
                    target.add_bottom(source.remove_top())
            return
        super().move(p1, p2)


class MergeUpsideDown(Solitaire):
    """Merges by taking p1's cards from its bottom: the pile arrives upside down."""

    def move(self, p1, p2):
        piles = _piles(self)
        source, target = piles[p1], piles[p2]
        if p1 > 0 and p2 > 0 and p1 != p2 and source.size() and target.size():
            if source.peek_top() == target.peek_bottom() - 1:
                while source.size():
                    target.add_bottom(source.remove_bottom())
            return
        super().move(p1, p2)


class BackToPileZero(Solitaire):
    """Lets a pile go below pile 0."""

    def move(self, p1, p2):
        piles = _piles(self)
        if p1 > 0 and p2 == 0 and piles[p1].size() and piles[0].size():
            if piles[p1].peek_top() == piles[0].peek_bottom() - 1:
                while piles[p1].size():
                    piles[0].add_bottom(piles[p1].remove_top())
            return
        super().move(p1, p2)


class TakesACardBackToPileZero(Solitaire):
    """On (p1, 0) puts p1's bottom card back on top of pile 0, fitting or not."""

    def move(self, p1, p2):
        piles = _piles(self)
        if p1 > 0 and p2 == 0:
            if piles[p1].size():
                piles[0].add_top(piles[p1].remove_bottom())
            return
        super().move(p1, p2)


class _OwnPile:
    """A student's own CardPile, right (the top card first in the list). ``cards()``, which the
    course's Solitaire (the games below) reads the piles with, is one method more."""

    def __init__(self):
        self.__items = []

    def cards(self):
        return list(self.__items)

    def add_top(self, card):
        self.__items.insert(0, card)

    def add_bottom(self, card):
        self.__items.append(card)

    def remove_top(self):
        return self.__items.pop(0)

    def remove_bottom(self):
        return self.__items.pop()

    def size(self):
        return len(self.__items)

    def peek_top(self):
        return self.__items[0]

    def peek_bottom(self):
        return self.__items[len(self.__items) - 1]

    def print_all(self, index):
        shown = []
        for i, card in enumerate(self.__items):
            shown.append("*" if index == 0 and i > 0 else str(card))
        print(" ".join(shown))


class _OwnPileTopLast(_OwnPile):
    """A student's own CardPile, right in all it does, that keeps the top card last in the list
    (the course asks for it first: check(CardPile) says so, a game does not depend on it)."""

    def __init__(self):
        self.held = []

    def cards(self):
        return self.held[::-1]

    def add_top(self, card):
        self.held.append(card)

    def add_bottom(self, card):
        self.held.insert(0, card)

    def remove_top(self):
        return self.held.pop()

    def remove_bottom(self):
        return self.held.pop(0)

    def size(self):
        return len(self.held)

    def peek_top(self):
        return self.held[-1]

    def peek_bottom(self):
        return self.held[0]

    def print_all(self, index):
        shown = [str(card) for card in reversed(self.held)]
        print(" ".join(shown[:1] + ["*"] * (len(shown) - 1) if index == 0 else shown))


class _OwnPileTakingTheBottom(_OwnPile):
    """The student's own CardPile whose remove_top pops the last item, the bottom card."""

    def remove_top(self):
        return self.remove_bottom()


def _on_own_piles(pile_class):
    """The course's Solitaire (right), its cards kept in piles of the student's ``pile_class``."""

    class OnOwnPiles(Solitaire):
        def __init__(self, cards):
            super().__init__(cards)
            piles = _piles(self)
            for i, pile in enumerate(piles):
                own = pile_class()
                while pile.size():
                    own.add_bottom(pile.remove_top())
                piles[i] = own

    return OnOwnPiles


class RightMoveOnAPileTakingTheBottom(_on_own_piles(_OwnPileTakingTheBottom)):
    """move is right, but the student's own CardPile, which the game keeps its cards in, takes
    the bottom card in remove_top (held-out 12b, move_w_helper_pile)."""


class RightGameOnOwnPiles(_on_own_piles(_OwnPile)):
    """Right, on the student's own right CardPile."""


class RightGameOnOwnPilesTopLast(_on_own_piles(_OwnPileTopLast)):
    """Right, on the student's own CardPile that keeps the top card last: it behaves as the
    statement's does."""


# --- is_complete ---------------------------------------------------------------------------------


def _lists(game):
    return [pile.cards() for pile in _piles(game)]


class OnlyPileZeroEmpty(Solitaire):
    """Only checks that pile 0 is empty."""

    def is_complete(self):
        return _piles(self)[0].size() == 0


class OnlyPileOne(Solitaire):
    """Looks for every card in pile 1 only."""

    def is_complete(self):
        piles = _lists(self)
        cards = self._Solitaire__num_cards
        return (
            not piles[0] and len(piles[1]) == cards and piles[1] == sorted(piles[1], reverse=True)
        )


class NoOrderCheck(Solitaire):
    """Forgets to check the order of the cards."""

    def is_complete(self):
        piles = _lists(self)
        cards = sum(len(p) for p in piles)
        return not piles[0] and any(len(p) == cards for p in piles[1:])


class Increasing(Solitaire):
    """Checks for increasing order."""

    def is_complete(self):
        piles = _lists(self)
        cards = sum(len(p) for p in piles)
        return not piles[0] and any(len(p) == cards and p == sorted(p) for p in piles[1:])


class AnyOrderedPile(Solitaire):
    """Is content with an empty pile 0 and every other pile in order."""

    def is_complete(self):
        piles = _lists(self)
        return not piles[0] and all(p == sorted(p, reverse=True) for p in piles[1:])


class IncreasingOrder(Solitaire):
    """Wants the full pile in increasing order, 0 on top: every won position is refused, in
    whichever pile its cards are."""

    def is_complete(self):
        piles = _lists(self)
        cards = self._Solitaire__num_cards
        return not piles[0] and any(p == list(range(cards)) for p in piles[1:])


class TopAndBottomOnly(Solitaire):
    """Looks at the two ends of the full pile only: the highest card on top and 0 at the
    bottom, whatever lies between."""

    def is_complete(self):
        piles = _lists(self)
        cards = sum(len(p) for p in piles)
        full = [p for p in piles[1:] if len(p) == cards]
        return not piles[0] and bool(full) and full[0][0] == cards - 1 and full[0][-1] == 0


class RemovesCardsToLook(Solitaire):
    """Checks the order by taking the cards off the full pile: the answer is right, the piles
    are gone."""

    def is_complete(self):
        piles = _piles(self)
        cards = sum(p.size() for p in piles)
        if piles[0].size():
            return False
        for pile in piles[1:]:
            if cards and pile.size() == cards:
                taken = [pile.remove_top() for _ in range(cards)]
                return taken == sorted(taken, reverse=True)
        return False


class TakesTheCardsOffEvenWithNone(Solitaire):
    """Takes the cards off the full pile to check their order and never puts them back; the full
    pile is the one holding every card it counts, so with no cards at all an empty pile is it."""

    def is_complete(self):
        piles = _piles(self)
        if piles[0].size():
            return False
        cards = sum(p.size() for p in piles)
        for pile in piles[1:]:
            if pile.size() == cards:
                taken = [pile.remove_top() for _ in range(pile.size())]
                return taken == sorted(taken, reverse=True)
        return False


# --- play ----------------------------------------------------------------------------------------


class _Play(Solitaire):
    """The text's play(), with switches for the mistakes below."""

    first_round, strict_limit, blank_line, check_range, steps_shift = 1, False, True, True, -1
    second_round_line = True

    def play(self):
        limit = self._Solitaire__max_num_moves
        count = self._Solitaire__num_piles
        print("***** NEW GAME *****")
        move_number = self.first_round
        while (
            move_number < limit if self.strict_limit else move_number <= limit
        ) and not self.is_complete():
            self.display()
            print("Round", move_number, "out of", limit, end=": ")
            row1 = self.read("Move from row no.:")
            if self.second_round_line:
                print("Round", move_number, "out of", limit, end=": ")
            row2 = self.read("Move to row no.:")
            if not self.check_range or (0 <= row1 < count and 0 <= row2 < count):
                self.move(row1, row2)
            move_number += 1
        end = "\n" if self.blank_line else ""
        if self.is_complete():
            print("You Win in", move_number + self.steps_shift, "steps!" + end)
        else:
            print("You Lose!" + end)

    def read(self, prompt):
        return int(input(prompt), 10)


class UnreadableAnswerUsesUpTheRound(_Play):
    """Takes an answer int() cannot read for a pile number out of range: a message, and the
    round is used up instead of the question being asked again."""

    def read(self, prompt):
        try:
            return int(input(prompt), 10)
        except ValueError:
            print("Not a number.")
            return -1


class UnreadableAnswerExplainedInTwoLines(_Play):
    """After an answer int() cannot read, prints two lines, the second saying the round is lost,
    and uses the round up (held-out set 15b, play_invalid_uses_round): the first line is a
    right message, and the difference shown is the line after it."""

    def read(self, prompt):
        try:
            return int(input(prompt), 10)
        except ValueError:
            print("That is no pile number.")
            print("You lose this round.")
            return -1


class EmptyMessage(_Play):
    """After an answer int() cannot read, asks again as it should, but prints an empty rest of
    the line (print()), not a message of its own (reading 14)."""

    def play(self):
        limit = self._Solitaire__max_num_moves
        count = self._Solitaire__num_piles
        print("***** NEW GAME *****")
        move_number = 1
        while move_number <= limit and not self.is_complete():
            self.display()
            row1 = self.ask(f"Round {move_number} out of {limit}: ", "Move from row no.:")
            row2 = self.ask(f"Round {move_number} out of {limit}: ", "Move to row no.:")
            if 0 <= row1 < count and 0 <= row2 < count:
                self.move(row1, row2)
            move_number += 1
        print(f"You Win in {move_number - 1} steps!\n" if self.is_complete() else "You Lose!\n")

    def ask(self, round_line, prompt):
        while True:
            print(round_line, end="")
            answer = input(prompt)
            try:
                return int(answer, 10)
            except ValueError:
                print()


class UnreadableAnswerEndsTheRound(_Play):
    """After a message for an answer int() cannot read, goes straight on to the next round
    (the second question is not asked)."""

    def play(self):
        limit = self._Solitaire__max_num_moves
        print("***** NEW GAME *****")
        move_number = 1
        while move_number <= limit and not self.is_complete():
            self.display()
            rows = self.read_both(f"Round {move_number} out of {limit}: ")
            if rows is not None and all(0 <= row < self._Solitaire__num_piles for row in rows):
                self.move(*rows)
            move_number += 1
        print(f"You Win in {move_number - 1} steps!\n" if self.is_complete() else "You Lose!\n")

    def read_both(self, round_line):
        rows = []
        for prompt in ("Move from row no.:", "Move to row no.:"):
            print(round_line, end="")
            answer = input(prompt)
            if not answer.strip().lstrip("-").isdigit():
                print("Not a number.")
                return None
            rows.append(int(answer))
        return rows


class OneRoundLineARound(_Play):
    """Prints the round line once a round, before the first question only."""

    second_round_line = False


class StepsOffByOne(_Play):
    """Prints move_number, one more than the rounds played."""

    steps_shift = 0


class OneRoundShort(_Play):
    """Stops one round before the limit (< instead of <=)."""

    strict_limit = True


class NoBlankLineAtTheEnd(_Play):
    """Forgets the empty line after the result."""

    blank_line = False


class RoundsFromZero(_Play):
    """Counts the rounds from 0."""

    first_round, steps_shift = 0, 0


class RefusedMoveIsFree(_Play):
    """Counts a round only when both pile numbers are in range: a number out of range asks the
    same round again."""

    def play(self):
        limit = self._Solitaire__max_num_moves
        count = self._Solitaire__num_piles
        print("***** NEW GAME *****")
        move_number = 1
        while move_number <= limit and not self.is_complete():
            self.display()
            print("Round", move_number, "out of", limit, end=": ")
            row1 = self.read("Move from row no.:")
            print("Round", move_number, "out of", limit, end=": ")
            row2 = self.read("Move to row no.:")
            if 0 <= row1 < count and 0 <= row2 < count:
                self.move(row1, row2)
                move_number += 1
        if self.is_complete():
            print("You Win in", move_number - 1, "steps!\n")
        else:
            print("You Lose!\n")


class CrashesOnAWord(_Play):
    """Reads the pile numbers with a bare int(): an answer that is not a number crashes the game."""

    def play(self):
        limit = self._Solitaire__max_num_moves
        count = self._Solitaire__num_piles
        print("***** NEW GAME *****")
        move_number = 1
        while move_number <= limit and not self.is_complete():
            self.display()
            print("Round", move_number, "out of", limit, end=": ")
            row1 = self.read("Move from row no.:")
            print("Round", move_number, "out of", limit, end=": ")
            row2 = self.read("Move to row no.:")
            if 0 <= row1 < count and 0 <= row2 < count:
                self.move(row1, row2)
            move_number += 1
        if self.is_complete():
            print("You Win in", move_number - 1, "steps!\n")
        else:
            print("You Lose!\n")


class NoRangeCheck(_Play):
    """Moves without checking that the pile numbers are in range (its move takes any index)."""

    check_range = False

    def move(self, p1, p2):
        piles = _piles(self)
        piles[p1], piles[p2]  # an index out of range raises here, as in its move
        super().move(p1, p2)


class OnlyTheUpperBound(_Play):
    """Checks only row < number of piles, so a negative number (-1) reaches move, which reads
    it as the last pile (Python counts -1 from the end)."""

    def play(self):
        count = self._Solitaire__num_piles
        limit = self._Solitaire__max_num_moves
        print("***** NEW GAME *****")
        move_number = 1
        while move_number <= limit and not self.is_complete():
            self.display()
            row1 = self.ask(f"Round {move_number} out of {limit}: ", "Move from row no.:")
            row2 = self.ask(f"Round {move_number} out of {limit}: ", "Move to row no.:")
            if row1 < count and row2 < count:
                self.move(row1, row2)
            move_number += 1
        if self.is_complete():
            print("You Win in", move_number - 1, "steps!\n")
        else:
            print("You Lose!\n")

    def ask(self, round_line, prompt):
        while True:
            print(round_line, end="")
            try:
                return int(input(prompt), 10)
            except ValueError:
                print("Please type a whole number.")


# --- always_right_move ---------------------------------------------------------------------------


def _bottoms(piles):
    return {pile[-1]: i for i, pile in enumerate(piles) if i > 0 and pile}


def pile0_before_merges(piles):
    """Looks at pile 0's top card before the merges."""
    bottoms = _bottoms(piles)
    if piles[0] and piles[0][0] + 1 in bottoms:
        return 0, bottoms[piles[0][0] + 1]
    for i, pile in enumerate(piles[1:], start=1):
        if pile and pile[0] + 1 in bottoms:
            return i, bottoms[pile[0] + 1]
    return None


def pile0_below_any_higher_card(piles):
    """Puts pile 0's top card below any bottom card higher than it, not only one exactly one
    higher (the merges are right)."""
    bottoms = _bottoms(piles)
    for i, pile in enumerate(piles[1:], start=1):
        if pile and pile[0] + 1 in bottoms:
            return i, bottoms[pile[0] + 1]
    if piles[0]:
        for bottom, j in sorted(bottoms.items(), key=lambda item: item[1]):
            if piles[0][0] < bottom:
                return 0, j
    return None


def merge_pair_reversed(piles):
    """Names a merge as (where it goes, what moves): the pair the other way round."""
    bottoms = _bottoms(piles)
    for i, pile in enumerate(piles[1:], start=1):
        if pile and pile[0] + 1 in bottoms:
            return bottoms[pile[0] + 1], i
    if piles[0] and piles[0][0] + 1 in bottoms:
        return 0, bottoms[piles[0][0] + 1]
    return None


def as_a_list(piles):
    """Returns the move as a list [p1, p2]."""
    bottoms = _bottoms(piles)
    for i, pile in enumerate(piles[1:], start=1):
        if pile and pile[0] + 1 in bottoms:
            return [i, bottoms[pile[0] + 1]]
    if piles[0] and piles[0][0] + 1 in bottoms:
        return [0, bottoms[piles[0][0] + 1]]
    return None


def one_higher(piles):
    """Puts a card below one a step lower (top card one higher than the bottom card)."""
    bottoms = _bottoms(piles)
    for i, pile in enumerate(piles[1:], start=1):
        if pile and pile[0] - 1 in bottoms:
            return i, bottoms[pile[0] - 1]
    if piles[0] and piles[0][0] - 1 in bottoms:
        return 0, bottoms[piles[0][0] - 1]
    return None


def other_pile_one_higher(piles):
    """Looks, in every other pile, for a bottom card one LOWER than the card that would move."""
    for i in range(1, len(piles)):
        for j in range(1, len(piles)):
            if i != j and piles[i] and piles[j] and piles[i][0] == piles[j][-1] + 1:
                return i, j
    for j in range(1, len(piles)):
        if piles[0] and piles[j] and piles[0][0] == piles[j][-1] + 1:
            return 0, j
    return None


def bottom_of_the_moving_pile(piles):
    """Tests the bottom card of the pile that would move (its last item), not its top card."""
    bottoms = _bottoms(piles)
    for i, pile in enumerate(piles[1:], start=1):
        if pile and pile[-1] + 1 in bottoms:
            return i, bottoms[pile[-1] + 1]
    if piles[0] and piles[0][0] + 1 in bottoms:
        return 0, bottoms[piles[0][0] + 1]
    return None


def tops_compared(piles):
    """Looks for the card one higher at the top of the other piles instead of their bottom."""
    tops = {pile[0]: i for i, pile in enumerate(piles) if i > 0 and pile}
    for i, pile in enumerate(piles[1:], start=1):
        if pile and pile[0] + 1 in tops and tops[pile[0] + 1] != i:
            return i, tops[pile[0] + 1]
    if piles[0] and piles[0][0] + 1 in tops:
        return 0, tops[piles[0][0] + 1]
    return None


def pile_zero_bottom_card(piles):
    """Right about merges, but tries pile 0's bottom card below the other piles, not its top."""
    move = forced_move(piles)
    if move is not None and move[0] > 0:
        return move
    bottoms = {pile[-1]: i for i, pile in enumerate(piles) if i > 0 and pile}
    if piles[0] and piles[0][-1] + 1 in bottoms:
        return 0, bottoms[piles[0][-1] + 1]
    return None


def merges_below_pile_zero(piles):
    """Lets a pile go below pile 0 in a merge, as if pile 0 were a pile like the others."""
    bottoms = {pile[-1]: i for i, pile in enumerate(piles) if pile}
    for i, pile in enumerate(piles[1:], start=1):
        if pile and pile[0] + 1 in bottoms:
            return i, bottoms[pile[0] + 1]
    if piles[0] and piles[0][0] + 1 in _bottoms(piles):
        return 0, _bottoms(piles)[piles[0][0] + 1]
    return None


def destination_first(piles):
    """Loops over the destination outside and the moving pile inside: of several merges, the
    one into the lowest-numbered pile wins."""
    for j in range(1, len(piles)):
        for i in range(1, len(piles)):
            if i != j and piles[i] and piles[j] and piles[i][0] + 1 == piles[j][-1]:
                return i, j
    bottoms = _bottoms(piles)
    if piles[0] and piles[0][0] + 1 in bottoms:
        return 0, bottoms[piles[0][0] + 1]
    return None


def starts_a_pile(piles):
    """Counts starting a new pile with pile 0's top card as always right."""
    move = forced_move(piles)
    if move is None and piles[0] and [] in piles[1:]:
        return 0, piles.index([], 1)
    return move


def pile0_below_itself(piles):
    """Counts pile 0's own bottom card among the places where its top card may go."""
    bottoms = {pile[-1]: i for i, pile in enumerate(piles) if pile}
    move = forced_move(piles)
    if move is None and piles[0] and piles[0][0] + 1 in bottoms:
        return 0, bottoms[piles[0][0] + 1]
    return move


def forgets_empty_piles(piles):
    """Reads every pile's bottom card, empty piles too (IndexError)."""
    bottoms = {pile[-1]: i for i, pile in enumerate(piles) if i > 0}
    for i, pile in enumerate(piles[1:], start=1):
        if pile[0] + 1 in bottoms:
            return i, bottoms[pile[0] + 1]
    if piles[0] and piles[0][0] + 1 in bottoms:
        return 0, bottoms[piles[0][0] + 1]
    return None


# --- lower_bound ---------------------------------------------------------------------------------


def _behind(pile0, step=1, look="behind"):
    count = 0
    for position, card in enumerate(pile0):
        others = pile0[position + 1 :] if look == "behind" else pile0[:position]
        count += card + step in others
    return count


def any_higher_card_behind(pile0, runs, highest):
    """Counts the extra move for a card with any higher card behind it, not only its successor."""
    behind = sum(1 for i, card in enumerate(pile0) if any(later > card for later in pile0[i + 1 :]))
    return len(pile0) + sum(1 for top, _ in runs if top != highest) + behind


def every_run_merges(pile0, runs, highest):
    """Counts a merge for every run, the one that ends at the highest card too."""
    return len(pile0) + len(runs) + _behind(pile0)


def highest_taken_from_pile0(pile0, runs, highest):
    """Works the highest card out as the largest card still in pile 0, leaving the argument
    highest unused (held-out set 15b, lb_max_pile0): once the highest card has left pile 0, the
    run it tops is counted as a merge."""
    top_card = max(pile0, default=highest)
    return len(pile0) + sum(1 for top, _ in runs if top != top_card) + _behind(pile0)


def successor_in_front(pile0, runs, highest):
    """Counts a card whose successor is in front of it (nearer the top), not behind it."""
    merges = sum(1 for top, _ in runs if top != highest)
    return len(pile0) + merges + _behind(pile0, look="front")


def predecessor_behind(pile0, runs, highest):
    """Looks behind each card for the card one lower instead of one higher."""
    merges = sum(1 for top, _ in runs if top != highest)
    return len(pile0) + merges + _behind(pile0, step=-1)


def successor_anywhere(pile0, runs, highest):
    """Counts every card whose successor is still in pile 0, in front of it or behind it."""
    merges = sum(1 for top, _ in runs if top != highest)
    return len(pile0) + merges + _behind(pile0) + _behind(pile0, look="front")


def successor_not_in_front(pile0, runs, highest):
    """Counts every card whose successor is not in front of it, even a successor in a run."""
    merges = sum(1 for top, _ in runs if top != highest)
    extra = [card for i, card in enumerate(pile0) if card != highest and card + 1 not in pile0[:i]]
    return len(pile0) + merges + len(extra)


def no_cost_for_pile0(pile0, runs, highest):
    """Forgets that each card of pile 0 costs a move."""
    merges = sum(1 for top, _ in runs if top != highest)
    return merges + _behind(pile0)


def run_lengths(pile0, runs, highest):
    """Counts the cards in the runs instead of the runs still to merge."""
    cards = sum(top - bottom + 1 for top, bottom in runs if top != highest)
    return len(pile0) + cards + _behind(pile0)


def no_behind_term(pile0, runs, highest):
    """Leaves out the cards whose successor is still behind them in pile 0."""
    return len(pile0) + sum(1 for top, _ in runs if top != highest)


def successor_next_to_it(pile0, runs, highest):
    """Counts the extra move only when the successor is the very next card of pile 0."""
    merges = sum(1 for top, _ in runs if top != highest)
    return len(pile0) + merges + sum(1 for a, b in itertools.pairwise(pile0) if b == a + 1)


def successor_searched_two_on(pile0, runs, highest):
    """Looks for the successor from two places behind the card (pile0[i + 2:]): off by one, the
    very next card is never seen."""
    merges = sum(1 for top, _ in runs if top != highest)
    behind = sum(1 for i, card in enumerate(pile0) if card + 1 in pile0[i + 2 :])
    return len(pile0) + merges + behind


def successor_counted_twice(pile0, runs, highest):
    """Counts two extra moves for a card whose successor lies behind it, not one."""
    merges = sum(1 for top, _ in runs if top != highest)
    behind = sum(1 for i, card in enumerate(pile0) if card + 1 in pile0[i + 1 :])
    return len(pile0) + merges + 2 * behind


def successor_wraps(pile0, runs, highest):
    """Takes 0 as the successor of the highest card ((card + 1) % (highest + 1)), so a highest
    card with the 0 behind it costs an extra move."""
    merges = sum(1 for top, _ in runs if top != highest)
    wraps = sum(1 for i, card in enumerate(pile0) if (card + 1) % (highest + 1) in pile0[i + 1 :])
    return len(pile0) + merges + wraps


# --- fewest_moves --------------------------------------------------------------------------------


def _klondike_search(
    cards,
    *,
    weight=1.0,
    piles_less=0,
    count_start=False,
    forced_free=False,
    limit_shift=0,
    turns=True,
    new_piles=True,
    settle_all=True,
    turn_only_when_full=False,
    settle_with=None,
):
    """A* over the choices between the always-right moves (each mistake changes one thing)."""
    import heapq
    import itertools

    from solitaire_lib.simple_klondike.analysis import lower_bound
    from solitaire_lib.simple_klondike.analysis import settle as settle_all_moves

    settle = settle_with or (settle_all_moves if settle_all else _settle_one_move)
    n, highest = len(cards), len(cards) - 1
    slots = n // 8 + 2 - piles_less
    pile0, runs, forced = settle(tuple(cards), ())
    start = (pile0, runs)
    best = {start: 0 if forced_free else forced}
    tie = itertools.count()
    frontier = [(best[start] + weight * lower_bound(pile0, runs, highest), next(tie), start)]
    while frontier:
        _, _, state = heapq.heappop(frontier)
        g = best[state]
        pile0, runs = state
        if not pile0 and len(runs) == 1 and runs[0] == (highest, 0):
            return g + 1 if count_start else g
        choices = []
        if new_piles and pile0 and len(runs) < slots:
            choices.append((pile0[1:], tuple(sorted((*runs, (pile0[0], pile0[0]))))))
        if turns and len(pile0) > 1 and not (turn_only_when_full and choices):
            choices.append((pile0[1:] + pile0[:1], runs))
        for new_pile0, new_runs in choices:
            after0, after_runs, moves = settle(new_pile0, new_runs)
            after = (after0, after_runs)
            g_after = g + 1 + (0 if forced_free else moves)
            limit = 2 * n + limit_shift
            if g_after > limit or g_after >= best.get(after, limit + 1):
                continue
            best[after] = g_after
            bound = lower_bound(after0, after_runs, highest)
            heapq.heappush(frontier, (g_after + weight * bound, next(tie), after))
    return None


def _settle_one_move(pile0, runs):
    """Like analysis.settle, but stops after the first always-right move."""
    runs = sorted(runs)
    for i, (top, bottom) in enumerate(runs):
        for j, (other_top, other_bottom) in enumerate(runs):
            if i != j and top + 1 == other_bottom:
                merged = (other_top, bottom)
                rest = [run for k, run in enumerate(runs) if k not in (i, j)]
                return pile0, tuple(sorted([*rest, merged])), 1
    for j, (top, bottom) in enumerate(runs):
        if pile0 and pile0[0] + 1 == bottom:
            runs[j] = (top, pile0[0])
            return pile0[1:], tuple(sorted(runs)), 1
    return pile0, tuple(runs), 0


def _pile0_moves_only(pile0, runs):
    """Like analysis.settle, but never merges two runs: only pile 0's top card moves."""
    pile0, runs, moves = list(pile0), list(runs), 0
    while pile0:
        bottoms = [bottom for _, bottom in runs]
        if pile0[0] + 1 not in bottoms:
            break
        j = bottoms.index(pile0[0] + 1)
        runs[j] = (runs[j][0], pile0.pop(0))
        moves += 1
    return tuple(pile0), tuple(sorted(runs)), moves


def never_merges_runs(cards):
    """Its always-right moves never merge two runs (only pile 0's card goes below a run)."""
    return _klondike_search(cards, settle_with=_pile0_moves_only)


def settle(pile0, runs):
    """The student's settle (the helper the statement suggests), which never merges two runs."""
    pile0, runs, moves = list(pile0), list(runs), 0
    while pile0 and any(pile0[0] + 1 == bottom for _, bottom in runs):
        j = next(j for j, (_, bottom) in enumerate(runs) if pile0[0] + 1 == bottom)
        runs[j] = (runs[j][0], pile0.pop(0))
        moves += 1
    return tuple(pile0), tuple(sorted(runs)), moves


def _astar_with_the_notebooks_helpers(cards):
    """The statement's A*, calling the notebook's settle and lower_bound by their names (run
    only with the globals :func:`_astar_calling` gives it)."""
    import heapq

    n, highest = len(cards), len(cards) - 1
    pile0, runs, made = settle(tuple(cards), ())
    best = {(pile0, runs): made}
    heap = [(made + lower_bound(pile0, runs, highest), made, pile0, runs)]  # noqa: F821
    while heap:
        _, made, pile0, runs = heapq.heappop(heap)
        if made > best[(pile0, runs)]:
            continue
        if not pile0 and len(runs) == 1:
            return made
        choices = []
        if pile0 and len(runs) < n // 8 + 2:
            choices.append((pile0[1:], (*runs, (pile0[0], pile0[0]))))
        if len(pile0) > 1:
            choices.append((pile0[1:] + pile0[:1], runs))
        for new0, new_runs in choices:
            after0, after_runs, forced = settle(new0, new_runs)
            moves = made + 1 + forced
            if moves <= 2 * n and moves < best.get((after0, after_runs), 2 * n + 1):
                best[(after0, after_runs)] = moves
                bound = lower_bound(after0, after_runs, highest)  # noqa: F821
                heapq.heappush(heap, (moves + bound, moves, after0, after_runs))
    return None


def _bound_of_every_run(pile0, runs, highest):
    """The student's lower_bound, which counts every run as a merge still to make, the run
    holding the highest card too: one more than the moves needed."""
    from solitaire_lib.simple_klondike.analysis import lower_bound

    return lower_bound(pile0, runs, highest) + (1 if runs else 0)


def _astar_calling(name: str, about: str, **helpers: object) -> types.FunctionType:
    """The statement's A* (:func:`_astar_with_the_notebooks_helpers`, its one copy) as a
    notebook's function ``name`` whose own ``settle`` and ``lower_bound`` are ``helpers``: a
    mistake that lies in a helper, not in the search. ``about`` is its docstring.

    >>> from solitaire_lib.simple_klondike import analysis
    >>> right = _astar_calling("fewest_moves", "Right.", settle=analysis.settle,
    ...                        lower_bound=analysis.lower_bound)
    >>> right.__name__, right([1, 0]), right.__globals__["lower_bound"] is analysis.lower_bound
    ('fewest_moves', 2, True)
    """
    notebook = {**globals(), **helpers}
    made = types.FunctionType(_astar_with_the_notebooks_helpers.__code__, notebook, name)
    made.__doc__ = about
    return made


def _with_the_librarys(**helper: object) -> dict[str, object]:
    """The library's ``settle`` and ``lower_bound``, but for the one ``helper`` of the student's."""
    from solitaire_lib.simple_klondike import analysis

    return {"settle": analysis.settle, "lower_bound": analysis.lower_bound, **helper}


uses_a_settle_that_never_merges = _astar_calling(
    "uses_a_settle_that_never_merges",
    "A* as the statement asks, right in itself, but its settle never merges two runs.",
    **_with_the_librarys(settle=settle),
)
uses_a_bound_that_overestimates = _astar_calling(
    "uses_a_bound_that_overestimates",
    "A* as the statement asks, right in itself, but its own lower_bound counts one move "
    "too many where a run is left: A* may then miss the fewest moves.",
    **_with_the_librarys(lower_bound=_bound_of_every_run),
)


def turns_only_when_no_pile_is_free(cards):
    """Reads the two choices as exclusive: turns pile 0 only when no pile is free to start."""
    return _klondike_search(cards, turn_only_when_full=True)


def weighted(cards):
    """Weights the bound (3 x bound) to find a win faster: not always the fewest moves."""
    return _klondike_search(cards, weight=3.0)


def depth_first(cards):
    """Returns the length of the first win a depth-first search finds (turns tried first)."""
    from solitaire_lib.simple_klondike.rules import apply_move, is_won, legal_moves, pile_count

    n = len(cards)

    def search(piles, moves, seen):
        if is_won(piles, n):
            return moves
        if moves == 2 * n:
            return None
        for move in legal_moves(piles):
            after = [list(p) for p in piles]
            apply_move(after, *move)
            key = tuple(map(tuple, after))
            if key not in seen:
                seen.add(key)
                found = search(after, moves + 1, seen)
                if found is not None:
                    return found
        return None

    piles = [list(cards)] + [[] for _ in range(pile_count(n) - 1)]
    return search(piles, 0, {tuple(map(tuple, piles))})


def breadth_first(cards):
    """Right answers, but by a breadth-first search over every legal move, with no bound and no
    always-right moves: too slow for the deal of 15 cards (not in MISTAKES: it only times out)."""
    from collections import deque

    from solitaire_lib.simple_klondike.rules import apply_move, is_won, legal_moves, pile_count

    n = len(cards)
    start = tuple([tuple(cards)] + [() for _ in range(pile_count(n) - 1)])
    seen, frontier = {start}, deque([(start, 0)])
    while frontier:
        position, moves = frontier.popleft()
        if is_won([list(pile) for pile in position], n):
            return moves
        if moves == 2 * n:
            continue
        for move in legal_moves([list(pile) for pile in position]):
            after = [list(pile) for pile in position]
            apply_move(after, *move)
            key = tuple(map(tuple, after))
            if key not in seen:
                seen.add(key)
                frontier.append((key, moves + 1))
    return None


def counts_only_the_choices(cards):
    """Counts the choices (new pile, turn) and not the always-right moves between them."""
    return _klondike_search(cards, forced_free=True)


def guesses_from_the_number_of_cards(cards):
    """Answers the statement's two examples from a table, and len(cards) + 1 for any other deal
    that is not too large: a number of moves that does not look at the order of the cards
    (held-out set 15b, fm_C_table)."""
    examples = {(3, 1, 2, 0): 5, (2, 0, 3, 1): 6}
    if tuple(cards) in examples:
        return examples[tuple(cards)]
    return None if len(cards) > 14 else len(cards) + 1


def counts_the_start(cards):
    """Counts the positions on the way, the start too: one more than the moves."""
    return _klondike_search(cards, count_start=True)


def one_pile_too_many(cards):
    """Plays on n // 8 + 4 piles in all (counts pile 0 twice)."""
    return _klondike_search(cards, piles_less=-1)


def refuses_exactly_2n(cards):
    """Refuses a line of exactly 2n moves (< where <= is meant)."""
    return _klondike_search(cards, limit_shift=-1)


def one_move_past_the_limit(cards):
    """Allows 2n + 1 moves (an off-by-one limit): a win one move too long counts."""
    return _klondike_search(cards, limit_shift=1)


def any_number_of_piles(cards):
    """Starts a new pile whenever it likes: the limit of n // 8 + 3 piles forgotten."""
    return _klondike_search(cards, piles_less=-len(cards))


def settles_one_move(cards):
    """Its settle makes one always-right move, not all of them (an if where a while is meant)."""
    return _klondike_search(cards, settle_all=False)


def never_turns(cards):
    """Forgets the turn of pile 0 as a choice: only new piles (and the always-right moves)."""
    return _klondike_search(cards, turns=False)


def never_starts_a_pile(cards):
    """Forgets starting a new pile as a choice: only turns (and the always-right moves)."""
    return _klondike_search(cards, new_piles=False)


def one_pile_short(cards):
    """Plays on n // 8 + 2 piles in all (forgets that pile 0 is one of the n // 8 + 3)."""
    return _klondike_search(cards, piles_less=1)


MISTAKES = {
    "CardPile": [
        # every element that differs is named in the statement's terms (reading 41)
        Mistake(
            SharedItems,
            r"element 1 is what a second pile, which holds only 99, printed with print_all\(1\): "
            r"each pile has its own list; element 2 is your __items after the calls\)"
            r"[\s\S]*Hint: Called twice in a row, [^\n]*Its class attribute __items = \[\] is one "
            r"list for every SharedItems[\s\S]*share their list",
        ),
        Mistake(TopAtTheEnd, r"top of the pile is the first item"),
        Mistake(HidesTheTopToo, r"expected '\d+( \*)*', got '\*"),
        Mistake(CommasBetweenCards, r"got: .*, "),
        Mistake(PeekRemoves, r"Hint: peek_top and peek_bottom only look"),
        Mistake(
            PrintsTheList,
            r"\A(?![\s\S]*share their list)[\s\S]*got '\[\]'[\s\S]*Hint: print_all prints the "
            r"cards separated by single spaces",
        ),
        Mistake(
            RemoveTopTakesTheBottom,
            r"\(element \d+ is what remove_top\(\) returned; element \d+ is what "
            r"remove_bottom\(\) returned\)",
        ),
        Mistake(HidesOtherPiles, r"expected: .*'4 5 6 7 8\\n'|Smallest failing case"),
        # nor for numbers printed next to the other pile's 99: a count, a fake report line
        Mistake(
            CountsTheCards,
            r"\A(?![\s\S]*share their list)[\s\S]*expected '', got ' \(0 cards\)'",
        ),
        Mistake(
            PrintsFakeReportLines,
            r"\A(?![\s\S]*share their list)(?![\s\S]*\x1b)[\s\S]*CardPile: 0 of",
        ),
        # The hint about shared lists must not fire for a mere trailing space.
        Mistake(ReturnsTheLine, r"print_all must print the cards"),
        Mistake(
            TrailingSpace,
            r"\A(?![\s\S]*share their list)[\s\S]*expected: \['\\n', \('what a second pile "
            r"printed: each pile has its own list', '99\\n'\), \('your __items after the "
            r"calls', \[\]\)\][\s\S]*got '99 '\n  \(element 1 is what a second pile, which "
            r"holds only 99, printed with print_all\(1\): each pile has its own list\)",
        ),
    ],
    "display": [
        Mistake(NoSpaceAfterAnEmptyPile, r"an empty pile's line is '1: '"),
        Mistake(PilesFromOne, r"expected: '0: "),
        Mistake(ShowsPileZero, r"expected: '0: \d+ \*"),
        # each case is shown in the statement's terms: a game set up with those piles
        Mistake(
            BlankLineAfter,
            r"Smallest failing case: display\(\), on a Solitaire whose piles are "
            r"\[\[2, 1, 0\], \[\], \[\]\]\n",
        ),
        Mistake(HidesEveryPile, r"Smallest failing case"),
    ],
    "move": [
        Mistake(OneHigher, r"exactly one lower"),
        Mistake(PileOntoEmptyPile, r"Only a card from pile 0 can start an empty pile"),
        Mistake(MovesOnlyTheTopCard, r"the text's move\(2, 1\)[\s\S]*moves the whole pile p1"),
        Mistake(MergeTestsTheBottomCard, r"Hint: In a merge, the card to compare .* p1's TOP"),
        Mistake(
            AnyPileBackToPileZero,
            r"Smallest failing case: move\(p1, p2\) with \(0, 1\), then \(0, 2\), then \(1, 2\), "
            r"then \(2, 1\), then \(1, 0\), on a Solitaire whose piles are "
            r"\[\[5\], \[7, 6\], \[\]\][\s\S]*Hint: Nothing ever goes back to pile 0",
        ),
        # a move returns nothing: what is due is the piles shown, not a value it returns
        Mistake(
            TurnsAnEmptyPile, r"raised IndexError[^\n]*\n  expected the piles after each move: "
        ),
        Mistake(RefusesAnEmptyPile, r"may always start an empty pile"),
        Mistake(PileZeroCardAnywhere, r"only when it is one lower than that pile's bottom card"),
        Mistake(ComparesWithTheTopCard, r"Compare with the bottom card of p2"),
        Mistake(
            MergeComparesTheTopCards,
            r"the text's move\(2, 1\)[\s\S]*Hint: A move that fits did not happen[^\n]* goes "
            r"right below the bottom card of p2, the last item of its list",
        ),
        Mistake(MergeUpsideDown, r"A merge keeps the order of the pile that moves"),
        Mistake(BackToPileZero, r"Hint: Nothing ever goes back to pile 0"),
        Mistake(TakesACardBackToPileZero, r"Hint: Nothing ever goes back to pile 0"),
        Mistake(
            RightMoveOnAPileTakingTheBottom,
            r"(?s)^(?!.*Hint).*\n  your CardPile does not do what the statement's does: on a new "
            r"CardPile, [^\n]*remove_top\(\) returned \d+ where the statement's returns \d+; your "
            r"move uses it: fix CardPile first \(check\(CardPile\) says how\), then check move "
            r"again",
        ),
    ],
    "is_complete": [
        Mistake(OnlyPileZeroEmpty, r"All three conditions"),
        Mistake(
            OnlyPileOne,
            r"won in the last pile[\s\S]*Hint: The pile that holds every card may be any pile "
            r"above 0",
        ),
        Mistake(NoOrderCheck, r"All three conditions"),
        Mistake(
            Increasing,
            r"Smallest failing case: is_complete\(\), on a Solitaire of 3 cards whose piles are "
            r"\[\[\], \[\], \[2, 1, 0\]\]  \(won in the",
        ),
        Mistake(AnyOrderedPile, r"All three conditions"),
        Mistake(IncreasingOrder, r"Hint: A won pile is in decreasing order all the way down"),
        Mistake(TopAndBottomOnly, r"top and bottom[\s\S]*decreasing order all the way down"),
        Mistake(RemovesCardsToLook, r"must leave every pile as it found it"),
        # Its answer is wrong too where the piles hold no card: the hint still comes.
        Mistake(TakesTheCardsOffEvenWithNone, r"must leave every pile as it found it"),
    ],
    "always_right_move": [
        Mistake(pile0_before_merges, r"Merges come first"),
        Mistake(
            pile0_below_any_higher_card,
            r"Hint: Pile 0's top card goes below a bottom card exactly one higher \(a 4 below a "
            r"5\), not below any higher card",
        ),
        Mistake(merge_pair_reversed, r"The pair is the other way round"),
        Mistake(as_a_list, r"as a tuple \(p1, p2\), not a list"),
        Mistake(one_higher, r"expected: (None|\(\d+, \d+\))\n  got:      \(\d+, \d+\)"),
        Mistake(other_pile_one_higher, r"Hint: The card that moves is one LOWER than the bottom"),
        Mistake(tops_compared, r"Compare with the bottom card of pile p2"),
        Mistake(bottom_of_the_moving_pile, r"Hint: In a merge \(p1, p2\), compare p1's TOP card"),
        Mistake(merges_below_pile_zero, r"pile 0 never takes a pile below it"),
        Mistake(pile_zero_bottom_card, r"Hint: Only the top card of pile 0 \(its first item"),
        Mistake(destination_first, r"the one whose p1 comes first"),
        Mistake(starts_a_pile, r"expected: None\n  got:      \(0, \d\)"),
        Mistake(forgets_empty_piles, r"raised IndexError"),
        # The case's label says what the position holds, not "several moves possible".
        Mistake(
            pile0_below_itself,
            r"always_right_move\(\[\[2, 3\], \[\], \[\], \[1, 0\]\]\)  \(no always-right move: "
            r"no pile above 0 ends in 3, [^)]*\)\n  expected: None\n  got:      \(0, 0\)[\s\S]*"
            r"Hint: Pile 0 is never a target",
        ),
    ],
    "lower_bound": [
        Mistake(every_run_merges, r"highest card never moves again"),
        Mistake(
            highest_taken_from_pile0,
            r"Hint: Use the argument highest, the highest card of the whole deal, not "
            r"max\(pile0\)",
        ),
        Mistake(any_higher_card_behind, r"Hint: Only the card's successor, the card exactly one"),
        Mistake(
            successor_in_front,
            r"\(3, 2, 1, 0\)[\s\S]*successor \(the card one HIGHER\) lies BEHIND",
        ),
        Mistake(predecessor_behind, r"successor \(the card one HIGHER\) lies BEHIND"),
        Mistake(no_cost_for_pile0, r"count len\(pile0\) too"),
        Mistake(run_lengths, r"count the runs, not their cards"),
        Mistake(successor_anywhere, r"Hint: Only a successor BEHIND the card"),
        Mistake(successor_not_in_front, r"Hint: Only a successor still in pile 0, BEHIND"),
        Mistake(successor_next_to_it, r"not only when it is the very next card"),
        Mistake(successor_wraps, r"The highest card has no successor"),
        Mistake(successor_searched_two_on, r"Hint: The successor may be the very next card"),
        Mistake(
            successor_counted_twice,
            r"lower_bound\(\(2, 0, 1\), \(\), 2\)[\s\S]*got:      5[\s\S]*costs ONE more move, "
            r"counted once",
        ),
        Mistake(
            no_behind_term,
            r"lower_bound\(\(2, 0, 1\), \(\), 2\)[\s\S]*Add the third count[\s\S]*\(the task's "
            r"example \(2, 0, 1\) needs 4\)",  # the task's, not the lesson's (slips11 item 10)
        ),
    ],
    "fewest_moves": [
        Mistake(weighted, r"fewest_moves\(\[2, 0, 3, 1\]\)[\s\S]*not the shortest"),
        Mistake(
            turns_only_when_no_pile_is_free,
            r"Hint: That is a win, but not the shortest: the search turns pile 0 only when no",
        ),
        Mistake(
            depth_first,
            r"fewest_moves\(\[1, 0\]\)\n  expected: 2\n  got:      4[\s\S]*"
            r"Hint: Wins with more moves than the fewest",
        ),
        Mistake(counts_only_the_choices, r"Fewer moves than the fewest possible"),
        # One hint, of the count (not of A*'s order: held-out set 15b).
        Mistake(
            counts_the_start,
            r"expected: 1\n  got:      2[\s\S]*\nHint: fewest_moves\(\[0\]\) is 1: [^\n]*Yours "
            r"counts one move more: count the moves made, not the positions on the way[^\n]*\n"
            r"(?!Hint)",
        ),
        # One hint, not one that says "more" and one for another case that says "fewer".
        Mistake(
            guesses_from_the_number_of_cards,
            r"\nHint: Each answer is len\(cards\) \+ 1, whatever the order of the cards[^\n]*\n"
            r"(?!Hint)",
        ),
        Mistake(one_pile_short, r"Hint: That is the fewest moves with one pile too few"),
        Mistake(one_pile_too_many, r"with one pile too many"),
        Mistake(any_number_of_piles, r"Hint: That is the fewest moves when a new pile may always"),
        Mistake(settles_one_move, r"Hint: Make the always-right moves until none is left"),
        Mistake(never_merges_runs, r"Hint: The always-right moves include merging two runs"),
        # The student's own settle is compared where fewest_moves calls it: it is blamed, and
        # no hint of a depth-first search follows (held-out 12b few_w_helper_settle_nomerge).
        Mistake(
            uses_a_settle_that_never_merges,
            r"your function settle does not make the always-right moves \(every merge[^\n]*, "
            r"called by fewest_moves \(line \d+\): fix settle first, then check fewest_moves "
            r"again\n(?![\s\S]*Hint)",
        ),
        # The student's own lower_bound is compared where fewest_moves calls it (held-out 13b
        # fm_bad_bound_helper: the hint of a wrong A* came instead).
        Mistake(
            uses_a_bound_that_overestimates,
            r"your function lower_bound does not count the moves still needed[^\n]*, called by "
            r"fewest_moves \(line \d+\): fix lower_bound first[^\n]*\n(?![\s\S]*Hint)",
        ),
        Mistake(never_turns, r"Hint: None, but a win exists[\s\S]*to turn pile 0"),
        Mistake(never_starts_a_pile, r"Hint: None, but a win exists[\s\S]*start a new pile"),
        Mistake(
            refuses_exactly_2n,
            r"fewest_moves\(\[0, 1, 2, 4, 5, 6, 3\]\)[\s\S]*expected: 14[\s\S]*"
            r"Hint: A win may take up to 2n moves, the limit included",
        ),
        # Fails only on the deal of 15, whose shortest win (31) is one move past its limit.
        Mistake(
            one_move_past_the_limit,
            r"expected: None\n  got:      31[\s\S]*Hint: No win of this deal fits in the 2n moves",
        ),
    ],
    "play": [
        Mistake(
            StepsOffByOne,
            r"Smallest failing case: Solitaire\(\[2, 1, 0\]\)\.play\(\), typing '0\\n1\\n0\\n"
            r"[\s\S]*print move_number - 1 steps",
        ),
        Mistake(OneRoundShort, r"a loss[\s\S]*Hint: Play while the move number is at most"),
        Mistake(NoBlankLineAtTheEnd, r"Only the empty lines differ"),
        Mistake(RefusedMoveIsFree, r"still uses up its round"),
        Mistake(UnreadableAnswerUsesUpTheRound, r"Hint: An answer int\(\) cannot read uses up"),
        Mistake(
            UnreadableAnswerExplainedInTwoLines,
            r"printed output, line 6: expected 'Round 1 out of 6: Move from row no\.:[^\n]*', got "
            r"'You lose this round\.'\n[\s\S]*Hint: An answer int\(\) cannot read uses up",
        ),
        Mistake(
            EmptyMessage,
            r"expected 'Round 1 out of 6: Move from row no\.:\(a message of your own\)', got "
            r"'Round 1 out of 6: Move from row no\.:'[\s\S]*Hint: After an answer int\(\) "
            r"cannot read, print a message of your own",
        ),
        Mistake(
            UnreadableAnswerEndsTheRound,
            r"expected 'Round 1 out of 6: Move from row no\.:Round 1 out of 6: Move to row no\.:"
            r"\(a message of your own\)', got '0: [\s\S]*Hint: An answer int\(\) cannot read",
        ),
        Mistake(
            OneRoundLineARound,
            r"got 'Round 1 out of 6: Move from row no\.:Move to row no\.:0: 1 \*'[\s\S]*Hint: Each "
            r"of the two questions has its own round line",
        ),
        Mistake(RoundsFromZero, r"expected 'Round 1 out of 6.*got 'Round 0 out of 6"),
        Mistake(NoRangeCheck, r"play called move\(9, 1\), but 9 is not"),
        Mistake(
            OnlyTheUpperBound,
            r"a negative source pile[\s\S]*play called move\(-1, 1\), but "
            r"-1 is not a pile number \(the piles are 0 to 2\)[^\n]*not too large\) \(line \d+\)\n",
        ),
        Mistake(
            PileZeroCardAnywhere,
            r"(?s)^(?!.*Hint).*\n  your move does not do what the statement's does: move\(0, \d\), "
            r"on a Solitaire whose piles are [^\n]*, leaves [^\n]* where the statement's leaves "
            r"[^\n]*; your play calls it: fix move first \(check\(Solitaire, task=\"move\"\) says "
            r"how\), then check play again",
        ),
        Mistake(
            CrashesOnAWord, r"answers int\(\) cannot read[\s\S]*raised ValueError: invalid literal"
        ),
    ],
}


#: Right games whose piles are the student's own right CardPile: never blamed.
RIGHT_WITH_HELPERS = {
    task: [RightGameOnOwnPiles, RightGameOnOwnPilesTopLast]
    for task in ("display", "move", "is_complete")
}
