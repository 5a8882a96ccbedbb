"""The checks behind ``exercises/01_aces_in_sequence.ipynb``.

Students work as the course does, with the integer codes of section 2.1 (0 is the Ace of
Hearts, 31 the King of Spades). Each task names the function a student writes; the reference
is the library's engine, translated to codes.

>>> from solitaire_lib.aces_in_sequence.exercises import check
>>> def card_glyph(code):
...     return "🂡"
>>> check.run(card_glyph).passed
0
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from solitaire_lib.aces_in_sequence import console, course, rules
from solitaire_lib.cards import Card, card_from_code, code_of_card
from solitaire_lib.checks import Case, Checker, Task, seeds
from solitaire_lib.rng import shuffled

_CASES_RNG_SEED = 9021


def _cards(codes: Sequence[int]) -> list[Card]:
    return [card_from_code(code, 32) for code in codes]


def _codes(cards: Sequence[Card]) -> list[int]:
    return [code_of_card(card, 32) for card in cards]


# --- References, in the course's codes ----------------------------------------------------------


def shuffled_deck(seed: int) -> list[int]:
    return shuffled(list(range(32)), seed)


def card_glyph(code: int) -> str:
    return card_from_code(code, 32).glyph


def deal(pile: list[int], n_stacks: int) -> list[list[int]]:
    return rules.deal(pile, n_stacks)


def turn_over(stack: list[int]) -> tuple[list[int], list[int]]:
    position = rules.first_ace_position(_cards(stack))
    if position is None:
        return list(stack), []
    return list(stack[:position]), list(stack[position:])


def final_row(seed: int) -> list[int]:
    return _codes(rules.play(_cards(shuffled_deck(seed))).kept_revealed)


def aces_together(row: list[int]) -> bool:
    return rules.aces_in_sequence(_cards(row))


def game_output(seed: int) -> list[str]:
    return console.game_lines(rules.play(_cards(shuffled_deck(seed))))


# --- Cases ---------------------------------------------------------------------------------------


def _seeds(count: int) -> list[int]:
    return seeds(count, fixed=[0, 1, 5, 678, -3], rng_seed=_CASES_RNG_SEED)


def _deal_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    cases = [Case((shuffled_deck(0), 4)), Case((list(range(10)), 3)), Case(([7, 8], 2))]
    for _ in range(25):
        size = rng.randrange(1, 33)
        cases.append(Case((rng.sample(range(32), size), rng.choice([2, 3, 4, 5]))))
    return cases


def _turn_over_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    cases = [Case(([0, 1, 2],)), Case(([1, 2, 8],)), Case(([3, 4, 5],)), Case(([24],))]
    for _ in range(40):
        cases.append(Case((rng.sample(range(32), rng.randrange(1, 12)),)))
    return cases


def _row_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    cases = [Case(([0, 8, 16, 24],)), Case(([5, 0, 8, 16, 24, 3],)), Case(([0, 1, 8, 16, 24],))]
    for _ in range(30):
        non_aces = [code for code in range(32) if code % 8]
        row = [*rng.sample(non_aces, rng.randrange(0, 6)), 0, 8, 16, 24]
        rng.shuffle(row)
        cases.append(Case((row,)))
    return cases


TASKS = [
    Task("shuffled_deck", shuffled_deck, lambda: [Case((s,)) for s in _seeds(15)],
         hint="Start from list(range(32)), call seed(s), then shuffle() the list."),
    Task("card_glyph", card_glyph, [Case((code,)) for code in range(32)],
         hint="Spades start at U+1F0A1, Hearts U+1F0B1, Diamonds U+1F0C1, Clubs U+1F0D1; "
              "the Knight (C) sits between the Jack and the Queen and is skipped."),
    Task("deal", deal, _deal_cases,
         hint="The top of the pile is its last element: pile[-1] goes to the first stack."),
    Task("turn_over", turn_over, _turn_over_cases,
         hint="Aces are the codes divisible by 8. Return (discarded, kept) in the order dealt."),
    Task("final_row", final_row, lambda: [Case((s,)) for s in _seeds(10)],
         hint="Play all three stages (4, 3, then 2 stacks); the row is the last pile put "
              "aside, read from its top to its bottom."),
    Task("aces_together", aces_together, _row_cases,
         hint="Find the positions of the four aces: they must be consecutive."),
    Task("game_output", game_output, lambda: [Case((s,)) for s in _seeds(8)],
         hint="Compare your lines with the text's rules one group at a time; stacks start "
              "12 characters apart and no line ends with a space."),
    Task("simulate", course.simulate,
         [Case((500, 10)), Case((1, 0)), Case((120, 7)), Case((300, -50))],
         compare="stdout", time_limit=30,
         hint="Lines are 45 characters: the number right-aligned in 33, ' | ', then f'{p:9.2%}'."),
]  # fmt: skip

#: ``check(function)`` in the exercise notebook.
check = Checker(TASKS)
