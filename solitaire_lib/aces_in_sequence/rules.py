"""The rules of "aces in sequence" (COMP9021 T1 2025, section 3.1): the engine.

Conventions, used everywhere in this package:

* a *pile* is a list of cards from its bottom to its top, so ``pile[-1]`` is the top card;
* the shuffled deck is such a pile: its last element is the top card, dealt first;
* a *stack* is dealt face down, so ``stack[0]`` is the first card dealt to it (its bottom).

One stage: the cards are dealt from the top of the pile, round robin, onto ``n`` stacks. Each
stack in turn is turned over, so the first card dealt to it is now on top, face up. Cards are
discarded from the top until an ace shows; if there is no ace the whole stack is discarded.
Otherwise what is left (the ace and every card dealt after it) is turned over again and put
aside, face down, on the cards kept so far. The pile put aside is the deck of the next stage.

After the last stage the pile put aside is revealed from top to bottom, left to right; the
game is won when the four aces sit side by side.

>>> from solitaire_lib.cards import deck_32
>>> from solitaire_lib.rng import spec_shuffle
>>> game = play(spec_shuffle(deck_32(), 0))
>>> game.won, len(game.kept_revealed)
(False, 9)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from solitaire_lib.cards import Card

#: The course's stage schedule: 4 stacks, then 3, then 2.
COURSE_SCHEDULE = (4, 3, 2)

Pile = tuple[Card, ...]
T = TypeVar("T")


def deal(pile: Sequence[T], n_stacks: int) -> list[list[T]]:
    """Deal ``pile`` from its top, one card at a time, onto ``n_stacks`` stacks (left to right).

    The top card of the pile becomes the bottom card of the first stack.

    >>> deal(["a", "b", "c", "d", "e"], 2)  # 'e' is the top of the pile
    [['e', 'c', 'a'], ['d', 'b']]
    """
    if n_stacks < 1:
        raise ValueError(f"need at least one stack, not {n_stacks}")
    from_top = list(reversed(pile))
    return [from_top[i::n_stacks] for i in range(n_stacks)]


def first_ace_position(stack: Sequence[Card]) -> int | None:
    """Index of the first ace dealt to ``stack`` (its position from the top once turned over).

    ``None`` when the stack holds no ace.
    """
    for position, card in enumerate(stack):
        if card.is_ace:
            return position
    return None


@dataclass(frozen=True)
class StackTurn:
    """What happens when one stack is turned over: the whole story of one output group.

    ``discarded_now`` lists the cards thrown away from this stack, first thrown first.
    ``kept_now`` lists the cards kept, from the ace on, in the order they were dealt; they
    are put aside face down with the ace at the bottom.
    """

    stage: int  # 1, 2, 3 ...
    index: int  # 0-based stack number
    stack: Pile  # the stack as dealt, bottom (first dealt) to top
    ace_position: int | None
    discarded_before: Pile  # every card discarded in the game before this stack
    aside_before: Pile  # the cards put aside in this stage before this stack, bottom to top

    @property
    def discarded_now(self) -> Pile:
        return self.stack if self.ace_position is None else self.stack[: self.ace_position]

    @property
    def kept_now(self) -> Pile:
        return () if self.ace_position is None else self.stack[self.ace_position :]

    @property
    def discarded_after(self) -> Pile:
        return self.discarded_before + self.discarded_now

    @property
    def aside_after(self) -> Pile:
        return self.aside_before + self.kept_now

    @property
    def is_last_card(self) -> bool:
        """True when the ace found is the last card of the stack."""
        return self.ace_position is not None and self.ace_position == len(self.stack) - 1


@dataclass(frozen=True)
class Stage:
    """One stage: the pile that is dealt, the stacks, and one :class:`StackTurn` per stack."""

    number: int
    pile: Pile  # what is dealt, bottom to top
    stacks: tuple[Pile, ...]
    turns: tuple[StackTurn, ...]
    discarded_before: Pile  # discarded in the game before this stage

    @property
    def kept(self) -> Pile:
        """The pile put aside at the end of the stage, bottom to top."""
        return self.turns[-1].aside_after if self.turns else ()


@dataclass(frozen=True)
class Game:
    """A whole game, every stage recorded. ``kept_revealed`` is the final row, left to right."""

    deck: Pile
    stages: tuple[Stage, ...]

    @property
    def kept(self) -> Pile:
        return self.stages[-1].kept

    @property
    def kept_revealed(self) -> Pile:
        """The cards last put aside, taken from top to bottom and laid left to right."""
        return tuple(reversed(self.kept))

    @property
    def discarded(self) -> Pile:
        return self.stages[-1].turns[-1].discarded_after

    @property
    def won(self) -> bool:
        return aces_in_sequence(self.kept_revealed)

    @property
    def cards_left(self) -> int:
        return len(self.kept)


def aces_in_sequence(row: Sequence[Card]) -> bool:
    """True when all the aces of ``row`` are next to each other.

    >>> from solitaire_lib.cards import card_from_text as c
    >>> aces_in_sequence([c("K♠"), c("A♠"), c("A♥"), c("A♦"), c("A♣")])
    True
    >>> aces_in_sequence([c("A♠"), c("K♠"), c("A♥"), c("A♦"), c("A♣")])
    False
    """
    positions = [i for i, card in enumerate(row) if card.is_ace]
    return not positions or positions[-1] - positions[0] == len(positions) - 1


def play_stage(number: int, pile: Sequence[Card], n_stacks: int, discarded: Pile) -> Stage:
    """Deal ``pile`` onto ``n_stacks`` stacks and turn each over in turn."""
    stacks = tuple(tuple(stack) for stack in deal(pile, n_stacks))
    turns: list[StackTurn] = []
    aside: Pile = ()
    for index, stack in enumerate(stacks):
        turn = StackTurn(number, index, stack, first_ace_position(stack), discarded, aside)
        turns.append(turn)
        discarded, aside = turn.discarded_after, turn.aside_after
    return Stage(number, tuple(pile), stacks, tuple(turns), turns[0].discarded_before)


def play(deck: Sequence[Card], schedule: Sequence[int] = COURSE_SCHEDULE) -> Game:
    """Play a whole game on a shuffled ``deck`` (its last card on top). All stages are played.

    ``schedule`` gives the number of stacks of each stage; the course's is ``(4, 3, 2)``.
    """
    if not schedule:
        raise ValueError("the schedule needs at least one stage")
    stages: list[Stage] = []
    pile: Pile = tuple(deck)
    discarded: Pile = ()
    for number, n_stacks in enumerate(schedule, start=1):
        stage = play_stage(number, pile, n_stacks, discarded)
        stages.append(stage)
        pile, discarded = stage.kept, stage.turns[-1].discarded_after
    return Game(tuple(deck), tuple(stages))


# --- Every intermediate state, for the widget and the notebook ---------------------------------


@dataclass(frozen=True)
class Snapshot:
    """The table at one moment of the game.

    ``kind`` is one of ``'shuffled'`` (the deck), ``'dealt'`` (a stage's stacks just dealt),
    ``'turned'`` (a stack turned over, its discards beside it), ``'resolved'`` (those cards
    thrown away and the rest put aside) and ``'revealed'`` (the end of the game).
    """

    kind: str
    stage: int
    deck: Pile  # the face-down deck, before the first deal only
    stacks: tuple[Pile, ...]  # stacks still on the table; a processed one is empty
    face_up_stack: int | None  # index of the stack shown turned over, if any
    discarded_now: Pile  # the cards just thrown away from the stack turned over
    discarded: Pile
    aside: Pile
    revealed: Pile  # the final row, left to right (empty until the end)
    turn: StackTurn | None = None
    won: bool | None = None


def _turned_stacks(stage: Stage, turn: StackTurn) -> tuple[Pile, ...]:
    """The stacks while ``turn`` happens; the turned one holds what is left of it, ace on top."""
    return tuple(
        () if i < turn.index else tuple(reversed(turn.kept_now)) if i == turn.index else stack
        for i, stack in enumerate(stage.stacks)
    )


def _remaining_stacks(stage: Stage, turn: StackTurn) -> tuple[Pile, ...]:
    return tuple(stack if i > turn.index else () for i, stack in enumerate(stage.stacks))


def snapshots(game: Game) -> list[Snapshot]:
    """The game as a list of table states, one per step a player would see.

    >>> from solitaire_lib.cards import deck_32
    >>> from solitaire_lib.rng import spec_shuffle
    >>> steps = snapshots(play(spec_shuffle(deck_32(), 0)))
    >>> [s.kind for s in steps[:4]], steps[-1].kind, len(steps)
    (['shuffled', 'dealt', 'turned', 'resolved'], 'revealed', 23)
    """
    steps = [Snapshot("shuffled", 0, game.deck, (), None, (), (), (), ())]
    for stage in game.stages:
        steps.append(
            Snapshot("dealt", stage.number, (), stage.stacks, None, (), stage.discarded_before,
                     (), ())
        )  # fmt: skip
        for turn in stage.turns:
            steps.append(
                Snapshot("turned", stage.number, (), _turned_stacks(stage, turn), turn.index,
                         turn.discarded_now, turn.discarded_before, turn.aside_before, (), turn)
            )  # fmt: skip
            steps.append(
                Snapshot("resolved", stage.number, (), _remaining_stacks(stage, turn), None, (),
                         turn.discarded_after, turn.aside_after, (), turn)
            )  # fmt: skip
    last = game.stages[-1].number + 1
    steps.append(
        Snapshot("revealed", last, (), (), None, (), game.discarded, (), game.kept_revealed,
                 None, game.won)
    )  # fmt: skip
    return steps
