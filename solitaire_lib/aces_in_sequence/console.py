"""The course program ``solitaire_1.py`` (COMP9021 section 3.2): one game, printed exactly.

The output is built as a list of lines by :func:`game_lines` (pure, easy to test), and
:func:`main` adds the prompt. Every line follows the text; see the notebook's "Rules as
implemented" for the few places where the text, whose examples were lost, had to be read.

>>> from solitaire_lib.aces_in_sequence.rules import play
>>> from solitaire_lib.cards import deck_32
>>> from solitaire_lib.rng import spec_shuffle
>>> lines = game_lines(play(spec_shuffle(deck_32(), 0)))
>>> lines[:3]
['', 'Deck shuffled, ready to start!', ']]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]']
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from solitaire_lib.aces_in_sequence.rules import Game, StackTurn, Stage, play
from solitaire_lib.cards import Card, deck_32, face_down_text, face_up_pile_text
from solitaire_lib.prompt import SEED_PROMPT as PROMPT
from solitaire_lib.prompt import console_program, read_seed, refuse_options
from solitaire_lib.rng import spec_shuffle

#: The starts of two adjacent stacks are this many characters apart.
STACK_WIDTH = 12
ORDINALS = (
    "First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth",
    "Tenth", "Eleventh", "Twelfth", "Thirteenth", "Fourteenth", "Fifteenth", "Sixteenth",
)  # fmt: skip


def ordinal(position: int) -> str:
    """``ordinal(0) == 'First'``: the word for a 0-based position."""
    return ORDINALS[position] if position < len(ORDINALS) else f"{position + 1}th"


def in_columns(cells: Sequence[str]) -> str:
    """Lay ``cells`` out in columns 12 characters apart, with no trailing space.

    >>> in_columns([']]]', '', ']]'])
    ']]]                     ]]'
    """
    return "".join(cell.ljust(STACK_WIDTH) for cell in cells).rstrip()


def kept_part_text(turn: StackTurn) -> str:
    """The turned-over stack after its discards: face up, the ace on top (or nothing)."""
    return face_up_pile_text(tuple(reversed(turn.kept_now)))


def stacks_during(stage: Stage, turn: StackTurn) -> str:
    """The stacks while ``turn`` happens: earlier ones gone, this one turned, later face down."""
    cells = []
    for index, stack in enumerate(stage.stacks):
        if index < turn.index:
            cells.append("")
        elif index == turn.index:
            cells.append(kept_part_text(turn))
        else:
            cells.append(face_down_text(len(stack)))
    return in_columns(cells)


def stacks_after(stage: Stage, turn: StackTurn) -> str:
    """The stacks that remain to be processed once ``turn`` is over."""
    return in_columns(
        [face_down_text(len(stack)) if index > turn.index else "" for index, stack in
         enumerate(stage.stacks)]
    )  # fmt: skip


def turn_header(turn: StackTurn) -> str:
    """``'Third card in second stack, after it has been turned over, is an ace.'``"""
    stack_word = ordinal(turn.index).lower()
    if turn.ace_position is None:
        return f"No ace in {stack_word} stack, after it has been turned over."
    and_last = " (and last)" if turn.is_last_card else ""
    return (
        f"{ordinal(turn.ace_position)}{and_last} card in {stack_word} stack, "
        "after it has been turned over, is an ace."
    )


def discard_sentence(turn: StackTurn) -> str | None:
    """What is discarded from the stack; ``None`` when the ace was on top (nothing is)."""
    count = len(turn.discarded_now)
    if count == 0:
        return None
    verb = "Adding to the cards that have been discarded" if turn.discarded_before else "Discarding"
    if turn.ace_position is None:
        what = "all cards in the stack"
    elif count == 1:
        what = "the card before the ace"
    else:
        what = f"the {count} cards before the ace"
    return f"{verb} {what}."


def keep_sentence(turn: StackTurn) -> str | None:
    """What is kept from the stack; ``None`` when it held no ace."""
    if turn.ace_position is None:
        return None
    verb = "Also keeping" if turn.aside_before else "Keeping"
    after = len(turn.kept_now) - 1
    if after == 0:
        return f"{verb} the ace, turning it over."
    what = "the card after" if after == 1 else f"the {after} cards after"
    return f"{verb} the ace and {what}, turning them over."


def stage_intro_lines(stage: Stage) -> list[str]:
    """The 6 lines that open a stage."""
    n_stacks = len(stage.stacks)
    if stage.number == 1:
        title = f"Distributing the cards in the deck into {n_stacks} stacks."
    else:
        title = f"Distributing the cards that have been kept into {n_stacks} stacks."
    stacks = in_columns([face_down_text(len(stack)) for stack in stage.stacks])
    return [title, stacks, "", face_up_pile_text(stage.discarded_before), "", ""]


def turn_lines(stage: Stage, turn: StackTurn) -> list[str]:
    """The group of 12 lines (no ace, or ace on top) or 13 lines for one stack."""
    discards_under_stack = in_columns([""] * turn.index + [face_up_pile_text(turn.discarded_now)])
    lines = [
        turn_header(turn),
        stacks_during(stage, turn),
        discards_under_stack,
        face_up_pile_text(turn.discarded_before),
        face_down_text(len(turn.aside_before)),
        "",
    ]
    lines += [s for s in (discard_sentence(turn), keep_sentence(turn)) if s is not None]
    lines += [
        stacks_after(stage, turn),
        "",
        face_up_pile_text(turn.discarded_after),
        face_down_text(len(turn.aside_after)),
        "",
    ]
    return lines


def final_lines(game: Game) -> list[str]:
    """The closing group of 6 lines: the cards kept, revealed left to right."""
    return [
        f"Displaying the {game.cards_left} cards that have been kept.",
        "You won!" if game.won else "You lost!",
        "",
        "",
        face_up_pile_text(game.discarded),
        "".join(card.glyph for card in game.kept_revealed),
    ]


def game_lines(game: Game) -> list[str]:
    """Every line printed after the seed is read (the first one is empty)."""
    lines = ["", "Deck shuffled, ready to start!", face_down_text(len(game.deck)), ""]
    for stage in game.stages:
        lines += stage_intro_lines(stage)
        for turn in stage.turns:
            lines += turn_lines(stage, turn)
    return lines + final_lines(game)


def shuffled_deck(seed: int) -> list[Card]:
    """The 32 cards shuffled as the text requires: sorted, then seed(seed) and shuffle()."""
    return spec_shuffle(deck_32(), seed)


@console_program
def main(argv: Sequence[str] = ()) -> int:
    """Run the course program: read a seed, play, print. Returns the exit status."""
    refuse_options(
        "solitaire aces",
        "Aces in sequence, COMP9021's solitaire_1.py: it asks for a seed and plays.",
        argv,
    )
    seed = read_seed(PROMPT)
    if seed is None:
        return 1
    print("\n".join(game_lines(play(shuffled_deck(seed)))))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
