"""Playing cards: the :class:`Card` type, the decks the course texts use, and their encodings.

Every game in the series talks about the same cards in different ways:

* the COMP9021 text numbers them (``0`` is the Ace of Hearts, ``26`` the Eight of Spades in a
  32-card deck), see :func:`card_from_code` and :func:`code_of_card`;
* the alliances text uses French dictionaries such as ``{'valeur': 7, 'couleur': 'P'}``,
  see :func:`card_to_french` and :func:`card_from_french`;
* printed output uses Unicode playing-card glyphs (``🂡``) or short text (``"10♦"``).

>>> card = card_from_code(26, deck_size=32)
>>> card
Card(rank=8, suit=<Suit.SPADES: 3>)
>>> str(card), card.glyph, code_of_card(card, deck_size=32)
('8♠', '🂨', 26)
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import total_ordering
from typing import Any


class Suit(IntEnum):
    """The four suits, numbered in the order of the COMP9021 integer codes."""

    HEARTS = 0
    DIAMONDS = 1
    CLUBS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """``'♥'``, ``'♦'``, ``'♣'`` or ``'♠'``."""
        return "♥♦♣♠"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANK_NAMES = {
    1: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
    8: "Eight", 9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King",
}  # fmt: skip
RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}

#: Ranks of the 32-card (piquet) deck, in the order of the COMP9021 codes.
PIQUET_RANKS = (ACE, 7, 8, 9, 10, JACK, QUEEN, KING)
#: Ranks of the standard 52-card deck.
STANDARD_RANKS = tuple(range(1, 14))
#: Ranks of the 36-card deck "1 to 9" (the Manchester text).
ONE_TO_NINE_RANKS = tuple(range(1, 10))

# Unicode playing cards: one block of 16 code points per suit, the Knight (C) skipped.
_GLYPH_SUIT_BASE = {Suit.SPADES: 0x1F0A0, Suit.HEARTS: 0x1F0B0,
                    Suit.DIAMONDS: 0x1F0C0, Suit.CLUBS: 0x1F0D0}  # fmt: skip
#: The back of a card, U+1F0A0.
CARD_BACK_GLYPH = chr(0x1F0A0)


@total_ordering
@dataclass(frozen=True)
class Card:
    """A playing card. Cards sort by suit, then rank: the order of the COMP9021 codes.

    >>> Card(10, Suit.DIAMONDS).name
    'Ten of Diamonds'
    """

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if type(self.rank) is not int or self.rank not in RANK_NAMES:
            raise ValueError(f"rank must be an int from 1 (Ace) to 13 (King), not {self.rank!r}")
        if type(self.suit) not in (int, Suit) or self.suit not in range(4):
            raise ValueError(f"suit must be a Suit or an int from 0 to 3, not {self.suit!r}")
        object.__setattr__(self, "suit", Suit(self.suit))

    def __lt__(self, other: object) -> bool:
        """Cards sort as their codes do: by suit (Hearts first), then by rank."""
        if not isinstance(other, Card):
            return NotImplemented
        return (int(self.suit), self.rank) < (int(other.suit), other.rank)

    @property
    def is_ace(self) -> bool:
        return self.rank == ACE

    @property
    def label(self) -> str:
        """The rank as printed on the card: ``'A'``, ``'2'`` ... ``'10'``, ``'J'`` ... ``'K'``."""
        return RANK_LABELS.get(self.rank, str(self.rank))

    @property
    def name(self) -> str:
        """``'Queen of Hearts'``."""
        return f"{RANK_NAMES[self.rank]} of {self.suit.name.capitalize()}"

    @property
    def glyph(self) -> str:
        """The Unicode playing-card character, e.g. ``'🂡'`` for the Ace of Spades."""
        offset = self.rank if self.rank <= 11 else self.rank + 1  # skip the Knight
        return chr(_GLYPH_SUIT_BASE[self.suit] + offset)

    def __str__(self) -> str:
        return f"{self.label}{self.suit.symbol}"

    def _repr_html_(self) -> str:
        return cards_html([self])


def card_from_text(text: str) -> Card:
    """Read ``"10♦"``, ``"A♠"``, ``"q♥"`` (also ``"10D"``, ``"AS"`` with suit letters H D C S).

    >>> card_from_text("10♦")
    Card(rank=10, suit=<Suit.DIAMONDS: 1>)
    """
    cleaned = text.strip()
    if len(cleaned) < 2:
        raise ValueError(f"not a card: {text!r} (expected a rank and a suit, like '10♦')")
    rank_text, suit_text = cleaned[:-1].upper(), cleaned[-1]
    suit_by_text = {s.symbol: s for s in Suit} | {s.name[0]: s for s in Suit}
    suit = suit_by_text.get(suit_text.upper())
    ranks = {label: rank for rank, label in RANK_LABELS.items()} | {str(r): r for r in range(2, 11)}
    if suit is None or rank_text not in ranks:
        raise ValueError(f"not a card: {text!r} (expected a rank and a suit, like '10♦')")
    return Card(ranks[rank_text], suit)


# --- Decks -------------------------------------------------------------------------------------


def make_deck(ranks: Sequence[int] = STANDARD_RANKS) -> list[Card]:
    """A sorted deck: every rank of ``ranks`` in every suit, in the order of the codes.

    >>> len(make_deck()), len(make_deck(PIQUET_RANKS)), len(make_deck(ONE_TO_NINE_RANKS))
    (52, 32, 36)
    """
    return [Card(rank, suit) for suit in Suit for rank in ranks]


def deck_32() -> list[Card]:
    """The 32-card deck (Ace, 7 ... King of each suit), sorted."""
    return make_deck(PIQUET_RANKS)


def deck_52() -> list[Card]:
    """The standard 52-card deck, sorted."""
    return make_deck(STANDARD_RANKS)


def deck_36() -> list[Card]:
    """The 36-card deck of ranks 1 to 9 in each suit, sorted."""
    return make_deck(ONE_TO_NINE_RANKS)


# --- COMP9021 integer codes --------------------------------------------------------------------


def _ranks_for(deck_size: int) -> tuple[int, ...]:
    if deck_size == 32:
        return PIQUET_RANKS
    if deck_size == 52:
        return STANDARD_RANKS
    raise ValueError(f"the COMP9021 codes exist for 32 or 52 cards, not {deck_size}")


def card_from_code(code: int, deck_size: int = 52) -> Card:
    """The card that ``code`` denotes in the COMP9021 text (section 2.1).

    >>> str(card_from_code(6, 32)), str(card_from_code(16)), str(card_from_code(36))
    ('Q♥', '4♦', 'J♣')
    """
    ranks = _ranks_for(deck_size)
    if not 0 <= code < deck_size:
        raise ValueError(f"a code of a {deck_size}-card deck is 0 to {deck_size - 1}, not {code}")
    suit_index, rank_index = divmod(code, len(ranks))
    return Card(ranks[rank_index], Suit(suit_index))


def code_of_card(card: Card, deck_size: int = 52) -> int:
    """The COMP9021 code of ``card``: the inverse of :func:`card_from_code`.

    >>> code_of_card(Card(8, Suit.SPADES), 32)
    26
    """
    ranks = _ranks_for(deck_size)
    if card.rank not in ranks:
        raise ValueError(f"{card.name} is not in the {deck_size}-card deck")
    return int(card.suit) * len(ranks) + ranks.index(card.rank)


# --- French dictionaries (the alliances text) ---------------------------------------------------

FRENCH_SUITS = {Suit.HEARTS: "C", Suit.DIAMONDS: "K", Suit.SPADES: "P", Suit.CLUBS: "T"}
FRENCH_VALUES: dict[int, int | str] = {1: "A", 11: "V", 12: "D", 13: "R"} | {
    rank: rank for rank in range(2, 11)
}


def card_to_french(card: Card) -> dict[str, int | str]:
    """The alliances text's form of a card.

    >>> card_to_french(Card(7, Suit.SPADES))
    {'valeur': 7, 'couleur': 'P'}
    """
    return {"valeur": FRENCH_VALUES[card.rank], "couleur": FRENCH_SUITS[card.suit]}


def card_from_french(carte: dict[str, Any]) -> Card:
    """Inverse of :func:`card_to_french`.

    >>> card_from_french({'valeur': 'D', 'couleur': 'C'}).name
    'Queen of Hearts'
    """
    ranks = {value: rank for rank, value in FRENCH_VALUES.items()}
    suits = {letter: suit for suit, letter in FRENCH_SUITS.items()}
    try:
        return Card(ranks[carte["valeur"]], suits[carte["couleur"]])
    except (KeyError, TypeError):
        raise ValueError(f"not a card of the alliances text: {carte!r}") from None


# --- Text forms used by the COMP9021 programs ---------------------------------------------------

#: A face-down card in the COMP9021 printed output.
FACE_DOWN = "]"
#: A face-up card covered by the card above it in the COMP9021 printed output.
COVERED = "["


def face_down_text(count: int) -> str:
    """``count`` face-down cards, e.g. ``']]]'``."""
    return FACE_DOWN * count


def face_up_pile_text(pile: Sequence[Card]) -> str:
    """A face-up pile, bottom to top: every card covered (``[``) but the top one.

    >>> face_up_pile_text([Card(1, Suit.HEARTS), Card(7, Suit.CLUBS)])
    '[🃗'
    """
    if not pile:
        return ""
    return COVERED * (len(pile) - 1) + pile[-1].glyph


# --- HTML, for notebooks -----------------------------------------------------------------------

_CARD_STYLE = (
    "display:inline-flex;flex-direction:column;justify-content:space-between;"
    "box-sizing:border-box;width:44px;height:62px;margin:2px;padding:3px 4px;"
    "border:1px solid #888;border-radius:5px;background:#fff;"
    "font:bold 15px/1.1 system-ui,sans-serif;vertical-align:top;position:relative;z-index:1;"
)
_BACK_STYLE = (
    "display:inline-block;box-sizing:border-box;width:44px;height:62px;margin:2px;"
    "border:1px solid #555;border-radius:5px;vertical-align:top;"
    "background:repeating-linear-gradient(45deg,#2f5d8a 0 4px,#3d74ab 4px 8px);"
)


def card_html(
    card: Card | None, *, highlight: bool = False, style: str = "", spoken: str | None = None
) -> str:
    """One card as a small inline-styled HTML box; ``None`` draws the back of a card.

    ``style`` is appended to the card's inline style (for example a negative margin to fan it).
    ``spoken``, when given, is what a screen reader says for it (an image with that name).
    """
    named = "" if spoken is None else f'role="img" aria-label="{html.escape(spoken, quote=True)}" '
    if card is None:
        back_style = _BACK_STYLE + style
        return (f'<span {named}class="sl-card sl-down" title="face down" '
                f'style="{back_style}"></span>')  # fmt: skip
    color = "#c0142a" if card.suit.is_red else "#111"
    border = "border:2px solid #e6a100;background:#fff7d6;" if highlight else ""
    label = html.escape(str(card))
    return (
        f'<span {named}class="sl-card sl-up" title="{html.escape(card.name)}" '
        f'style="{_CARD_STYLE}color:{color};{border}{style}">'
        f"<span>{label}</span>"
        f'<span style="align-self:flex-end;font-size:20px">{card.suit.symbol}</span></span>'
    )


def cards_html(
    cards: Iterable[Card | None], *, highlight: Iterable[Card] = (), label: str | None = None
) -> str:
    """A row of cards (``None`` for a face-down card) as HTML, with an optional caption.

    >>> cards_html([Card(1, Suit.SPADES)]).count('sl-card')
    1
    """
    marked = set(highlight)
    boxes = "".join(
        card_html(card, highlight=card is not None and card in marked) for card in cards
    )
    caption = (
        f'<div style="font:12px system-ui,sans-serif;color:#555">{html.escape(label)}</div>'
        if label
        else ""
    )
    return f'<div class="sl-row" style="margin:2px 0">{caption}{boxes}</div>'


class CardRow(list[Card]):
    """A list of cards that a notebook shows as a row of rendered cards.

    >>> CardRow(deck_32()[:2])
    CardRow([A♥, 7♥])
    """

    def __repr__(self) -> str:
        return f"CardRow([{', '.join(map(str, self))}])"

    def _repr_html_(self) -> str:
        return cards_html(self)
