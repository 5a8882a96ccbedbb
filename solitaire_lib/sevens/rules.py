"""The rules of Sevens (COMP9021 T1 2025, section 4.1): the engine.

The four 7s are laid out in a row, left to right the 7 of Diamonds, Clubs, Spades and Hearts.
The 8s up to the Kings go above them and the 6s down to the Aces below, each suit in its column.
The other 48 cards are shuffled once and stacked face down; the top card is the last element.

A stage takes cards off the top of the stack one by one. A card is placed when the card just
above or just below it in its suit is already placed; otherwise it is put aside, face up, on the
pile of cards put aside. After each placement the top card put aside is tried too, again and
again, while it can be placed. When the stack is empty, the game is won if every card is placed;
otherwise, if a stage is left, the pile put aside is turned over and becomes the stack, so the
first card put aside is the next one taken. At most 3 stages.

>>> from solitaire_lib.rng import spec_shuffle
>>> game = play(spec_shuffle(deck_without_sevens(), 0))
>>> game.won, len(game.stages)
(True, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solitaire_lib.cards import Card, Suit, deck_52

#: Columns left to right: the suits of the 7s in the course's order.
SUIT_COLUMNS = (Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES, Suit.HEARTS)
#: Rows top to bottom: Kings down to Aces.
ROW_RANKS = tuple(range(13, 0, -1))
SEVENS = frozenset(Card(7, suit) for suit in Suit)
#: The course's number of stages.
COURSE_STAGES = 3

Pile = tuple[Card, ...]


def deck_without_sevens() -> list[Card]:
    """The 48 cards to shuffle, sorted (the course's order of codes, the 7s removed)."""
    return [card for card in deck_52() if card.rank != 7]


def can_place(card: Card, placed: frozenset[Card] | set[Card]) -> bool:
    """True when the card just above or just below ``card`` in its suit is placed.

    >>> can_place(Card(8, Suit.HEARTS), SEVENS), can_place(Card(9, Suit.HEARTS), SEVENS)
    (True, False)
    """
    return card not in placed and any(
        Card(rank, card.suit) in placed
        for rank in (card.rank - 1, card.rank + 1)
        if 1 <= rank <= 13
    )


@dataclass(frozen=True)
class Event:
    """One line of play: a card placed, or a card that could not be placed.

    ``source`` is ``'left'`` (the top of the stack of cards left) or ``'aside'`` (the top of the
    cards put aside). ``stack``, ``aside`` and ``placed`` are the table after the event.
    """

    stage: int
    placed_card: bool
    source: str
    card: Card
    stack: Pile
    aside: Pile
    placed: frozenset[Card]


@dataclass(frozen=True)
class Stage:
    number: int
    stack: Pile  # the stack at the start of the stage, bottom to top
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Game:
    deck: Pile  # the shuffled 48 cards, bottom to top
    stages: tuple[Stage, ...]

    @property
    def final(self) -> Event:
        return self.stages[-1].events[-1]

    @property
    def won(self) -> bool:
        return len(self.final.placed) == 52

    @property
    def cards_left(self) -> int:
        """The cards that could not be placed (0 when the game is won)."""
        return 52 - len(self.final.placed)


def play_stage(
    number: int, stack: Sequence[Card], placed: frozenset[Card]
) -> tuple[Stage, list[Card], frozenset[Card]]:
    """Play one stage. Returns the stage, the cards put aside (bottom to top), what is placed."""
    left = list(stack)
    aside: list[Card] = []
    events: list[Event] = []

    def record(placed_card: bool, source: str, card: Card) -> None:
        events.append(Event(number, placed_card, source, card, tuple(left), tuple(aside), placed))

    while left:
        card = left.pop()
        if not can_place(card, placed):
            aside.append(card)
            record(False, "left", card)
            continue
        placed = placed | {card}
        record(True, "left", card)
        while aside and can_place(aside[-1], placed):
            card = aside.pop()
            placed = placed | {card}
            record(True, "aside", card)
        if aside:
            record(False, "aside", aside[-1])
    return Stage(number, tuple(stack), tuple(events)), aside, placed


def play(deck: Sequence[Card], max_stages: int = COURSE_STAGES) -> Game:
    """Play a whole game on the shuffled 48 cards ``deck`` (its last card on top)."""
    if max_stages < 1:
        raise ValueError(f"need at least one stage, not {max_stages}")
    if sorted(deck) != deck_without_sevens():
        raise ValueError("the deck must be the 48 cards of a 52-card deck without the 7s")
    placed = SEVENS
    stack: Sequence[Card] = deck
    stages: list[Stage] = []
    for number in range(1, max_stages + 1):
        stage, aside, placed = play_stage(number, stack, placed)
        stages.append(stage)
        if not aside:
            break
        stack = list(reversed(aside))  # turned over: the first card put aside is on top
    return Game(tuple(deck), tuple(stages))


# --- Every intermediate state, for the widget and the notebook ---------------------------------


@dataclass(frozen=True)
class Snapshot:
    """The table at one step: ``kind`` is ``'start'``, ``'round'`` (a stage begins),
    ``'event'`` (a card taken off a stack) or ``'end'``."""

    kind: str
    stage: int
    stack: Pile
    aside: Pile
    placed: frozenset[Card]
    event: Event | None = None
    won: bool | None = None


def snapshots(game: Game) -> list[Snapshot]:
    """The game as a list of table states, one per line of play.

    >>> from solitaire_lib.rng import spec_shuffle
    >>> steps = snapshots(play(spec_shuffle(deck_without_sevens(), 1)))
    >>> [s.kind for s in steps[:3]], steps[-1].kind, steps[-1].won
    (['start', 'round', 'event'], 'end', False)
    """
    steps = [Snapshot("start", 0, game.deck, (), SEVENS)]
    placed = SEVENS
    for stage in game.stages:
        steps.append(Snapshot("round", stage.number, stage.stack, (), placed))
        for event in stage.events:
            steps.append(
                Snapshot("event", stage.number, event.stack, event.aside, event.placed, event)
            )
            placed = event.placed
    final = game.final
    steps.append(Snapshot("end", game.stages[-1].number, (), final.aside, placed, None, game.won))
    return steps
