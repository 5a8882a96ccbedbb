"""The course's API for Sevens: the collected output (section 4.2) and ``simulate`` (4.3).

>>> lines = collected_output(0)
>>> len(lines), lines[0]
(1140, 'All 7s removed and placed, rest of deck shuffled, ready to start!')
>>> lines[-1]
'You placed all cards, you won 👍'
"""

from __future__ import annotations

from collections.abc import Iterable

from solitaire_lib.cards import Card, Suit, face_down_text, face_up_pile_text
from solitaire_lib.rng import shuffled
from solitaire_lib.sevens.analysis import cards_left_counts
from solitaire_lib.sevens.rules import (
    ROW_RANKS,
    SEVENS,
    SUIT_COLUMNS,
    Event,
    Game,
    deck_without_sevens,
    play,
)
from solitaire_lib.sim import Tally
from solitaire_lib.validate import count, integer

# The emoji of the course text, written as its reference outputs write them.
HAPPY = "\U0001f60a\ufe0f"  # 😊️
SAD = "\u2639\ufe0f"  # ☹️
THUMBS_UP = "\U0001f44d"  # 👍
THUMBS_DOWN = "\U0001f44e"  # 👎
ROUND_NAMES = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
SIMULATE_HEADER = "Number of cards left | Frequency"


def shuffled_deck(seed: int) -> list[Card]:
    """The 48 cards (no 7s), sorted, then shuffled after ``seed(seed)`` as the text requires."""
    return shuffled(deck_without_sevens(), integer(seed, "seed"))


def play_seed(seed: int, max_stages: int = 3) -> Game:
    return play(shuffled_deck(seed), max_stages)


def row_line(rank: int, placed: Iterable[Card], columns: Iterable[Suit] = SUIT_COLUMNS) -> str:
    """One row of the table: each placed card after tabs that put it in its suit's column.

    ``columns`` is the suits' order, left to right: the course's unless a study changes it.

    >>> from solitaire_lib.cards import Suit
    >>> row_line(8, [Card(8, Suit.CLUBS), Card(8, Suit.HEARTS)])
    '\\t\\t🃘\\t\\t🂸'
    """
    on_table = set(placed)
    line, tabs = "", 0
    for suit in columns:
        tabs += 1
        card = Card(rank, suit)
        if card in on_table:
            line += "\t" * tabs + card.glyph
            tabs = 0
    return line


def table_lines(placed: Iterable[Card]) -> list[str]:
    """The 13 rows, Kings at the top, Aces at the bottom."""
    on_table = set(placed)
    return [row_line(rank, on_table) for rank in ROW_RANKS]


def event_lines(event: Event) -> list[str]:
    """The lines for one card taken off a stack, placed or not."""
    source = "cards left" if event.source == "left" else "cards put aside"
    verb = "Placing" if event.placed_card else "Cannot place"
    face = HAPPY if event.placed_card else SAD
    lines = [f"{verb} card from top of stack of {source} {face}"]
    if not event.placed_card and event.source == "aside":
        return [*lines, ""]
    lines += [face_down_text(len(event.stack)), face_up_pile_text(event.aside)]
    if event.placed_card:
        lines += table_lines(event.placed)
    return [*lines, ""]


def game_collected_output(game: Game) -> list[str]:
    """Every line of the collected output of ``game``."""
    lines = [
        "All 7s removed and placed, rest of deck shuffled, ready to start!",
        face_down_text(len(game.deck)),
        "",
        *table_lines(SEVENS),
        "",
    ]
    for stage in game.stages:
        if stage.number > 1:
            lines.append("")
        lines += [f"Starting {ROUND_NAMES[stage.number - 1]} round...", ""]
        for event in stage.events:
            lines += event_lines(event)
    if game.won:
        lines.append(f"You placed all cards, you won {THUMBS_UP}")
    else:
        lines.append(f"You could not place {game.cards_left} cards, you lost {THUMBS_DOWN}")
    return lines


def collected_output(seed: int) -> list[str]:
    """The lines of collected output for the deal of ``seed``, exactly as section 4.2."""
    return game_collected_output(play_seed(seed))


def simulate_lines(tally: Tally[int]) -> list[str]:
    """The table of section 4.3, by decreasing number of cards left."""
    width = SIMULATE_HEADER.index(" |")
    lines = [SIMULATE_HEADER, "-" * len(SIMULATE_HEADER)]
    for left in sorted(tally.counts, reverse=True):
        lines.append(f"{left:>{width}} | {tally.frequency(left):9.2%}")
    return lines


def simulate(n: int, i: int) -> None:
    """Play ``n`` games with seeds ``i, ..., i+n-1`` and print how often each number of cards
    is left, as section 4.3 asks."""
    count(n, "n")
    integer(i, "i")
    print("\n".join(simulate_lines(cards_left_counts(n, i))))
