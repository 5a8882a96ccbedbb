"""The rules of "la réussite des alliances" (UGA INF204): the engine, in English.

Cards are drawn from the deck (index 0 first) and laid in a row of *piles*, left to right; only
each pile's top card matters, so a game state is the list of visible cards. When the piles on
both sides of a pile are *allied* (same value or same suit), the pile between them *jumps* onto
its left neighbour, whose visible card becomes the jumping one.

After each card drawn, the jump between the new card and the pile two to its left is made if
possible. If it was, jumps are then looked for from the left, and the leftmost one is made,
again and again while one is possible. The game ends when the deck is empty: the fewer piles,
the better (2 is perfect).

The functions take the allied test as an argument (``allied=``) so that the course's API, which
works on the French card dictionaries, uses this very code.

>>> from solitaire_lib.cards import card_from_text as c
>>> piles = [c("8♥"), c("7♦")]
>>> [" ".join(map(str, state)) for state in draw(piles, [c("K♥")])]
['8♥ 7♦ K♥', '7♦ K♥']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from solitaire_lib.cards import Card, deck_32, deck_52

T = TypeVar("T")
Allied = Callable[[T, T], bool]


def is_alliance(first: Card, second: Card) -> bool:
    """Same value or same suit."""
    return first.rank == second.rank or first.suit == second.suit


def can_jump(piles: Sequence[T], index: int, allied: Allied[T] = is_alliance) -> bool:  # type: ignore[assignment]
    """Can pile ``index`` jump onto its left neighbour? Its two neighbours must be allied."""
    return 1 <= index < len(piles) - 1 and allied(piles[index - 1], piles[index + 1])


def jump(piles: list[T], index: int) -> None:
    """Pile ``index`` jumps onto pile ``index - 1``: its card becomes that pile's visible card."""
    piles[index - 1] = piles.pop(index)


def leftmost_jump(piles: Sequence[T], allied: Allied[T] = is_alliance) -> int | None:  # type: ignore[assignment]
    """The index of the leftmost pile that can jump, or ``None``."""
    return next((i for i in range(1, len(piles) - 1) if can_jump(piles, i, allied)), None)


def draw(piles: list[T], deck: list[T], allied: Allied[T] = is_alliance) -> list[list[T]]:  # type: ignore[assignment]
    """One step: take ``deck[0]``, lay it on the right, make the jumps the rules require.

    Both lists are changed. Returns the successive states of the piles: after the card is laid,
    then after each jump.
    """
    piles.append(deck.pop(0))
    states = [list(piles)]
    if can_jump(piles, len(piles) - 2, allied):
        jump(piles, len(piles) - 2)
        states.append(list(piles))
        while (index := leftmost_jump(piles, allied)) is not None:
            jump(piles, index)
            states.append(list(piles))
    return states


def play(deck: Sequence[T], allied: Allied[T] = is_alliance) -> list[T]:  # type: ignore[assignment]
    """Play a whole game automatically; the visible cards of the piles at the end."""
    remaining, piles = list(deck), list[T]()
    while remaining:
        draw(piles, remaining, allied)
    return piles


def play_recorded(deck: Sequence[Card]) -> list[tuple[str, list[Card]]]:
    """Every state of an automatic game, with what happened: ``('draw', piles)`` or
    ``('jump', piles)``."""
    remaining: list[Card] = list(deck)
    piles: list[Card] = []
    history: list[tuple[str, list[Card]]] = []
    while remaining:
        states = draw(piles, remaining)
        history.append(("draw", states[0]))
        history += [("jump", state) for state in states[1:]]
    return history


def new_deck(n_cards: int = 32) -> list[Card]:
    """The sorted 32- or 52-card deck."""
    if n_cards == 32:
        return deck_32()
    if n_cards == 52:
        return deck_52()
    raise ValueError(f"the game is played with 32 or 52 cards, not {n_cards}")


# --- Manual play: the player decides, the rules refuse what is not allowed ----------------------


@dataclass
class ManualGame:
    """A game in which the player draws and asks for jumps, and may miss some.

    >>> from solitaire_lib.cards import card_from_text as c
    >>> game = ManualGame([c("8♥"), c("7♦"), c("K♥")])
    >>> for _ in range(3):
    ...     _ = game.draw()
    >>> game.available_jumps(), game.jump(2), game.jump(1), [str(card) for card in game.piles]
    ([1], False, True, ['7♦', 'K♥'])
    """

    deck: list[Card]
    piles: list[Card] = field(default_factory=list)
    history: list[tuple[list[Card], list[Card]]] = field(default_factory=list)
    drawn: int = 0
    gave_up: bool = False

    def _save(self) -> None:
        """Remember the state, so that the next jump can be undone."""
        self.history.append((list(self.deck), list(self.piles)))

    def draw(self) -> Card:
        """Lay the next card on the right (no jump is made for the player).

        A draw cannot be undone, nor can any jump made before it: once the next card has been
        seen, taking back a move would be cheating, which the text forbids.
        """
        if not self.deck:
            raise ValueError("the deck is empty")
        self.history.clear()
        self.piles.append(self.deck.pop(0))
        self.drawn += 1
        return self.piles[-1]

    def jump(self, index: int) -> bool:
        """Make pile ``index`` (0-based) jump if the rules allow it; ``False`` otherwise."""
        if self.gave_up or not can_jump(self.piles, index):
            return False
        self._save()
        jump(self.piles, index)
        return True

    def available_jumps(self) -> list[int]:
        """The piles (0-based) that may jump now."""
        return [i for i in range(1, len(self.piles) - 1) if can_jump(self.piles, i)]

    def undo(self) -> bool:
        """Take back the last jump made since the last draw; ``False`` when there is none."""
        if not self.history:
            return False
        deck, piles = self.history.pop()
        self.deck, self.piles = deck, piles
        return True

    def give_up(self) -> None:
        """Lay the rest of the deck, one card at a time, without any jump: the game is over."""
        self.history.clear()
        self.drawn += len(self.deck)
        self.piles += self.deck
        self.deck = []
        self.gave_up = True

    def auto_finish(self) -> None:
        """Make every jump now possible (leftmost first), then play the rest automatically."""
        self.history.clear()
        while (index := leftmost_jump(self.piles)) is not None:
            jump(self.piles, index)
        self.drawn += len(self.deck)
        while self.deck:
            draw(self.piles, self.deck)

    @property
    def is_over(self) -> bool:
        """The player gave up, or the deck is empty and no jump is left."""
        return self.gave_up or (not self.deck and not self.available_jumps())
