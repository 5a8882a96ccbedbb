"""The checks behind ``exercises/02_sevens.ipynb``.

Students use the course's codes of the 52-card deck (0 to 12 the Hearts from the Ace to the
King, then the Diamonds, the Clubs and the Spades). The references are the library's engine,
translated to codes.

>>> from solitaire_lib.sevens.exercises import check
>>> def can_place(code, placed):
...     return True
>>> check.run(can_place).ok
False
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from solitaire_lib.cards import Card, card_from_code, code_of_card
from solitaire_lib.checks import Case, Checker, Task, seeds
from solitaire_lib.sevens import console, course, rules

_CASES_RNG_SEED = 9021
SEVEN_CODES = frozenset({6, 19, 32, 45})


def _card(code: int) -> Card:
    return card_from_code(code, 52)


def _cards(codes: Iterable[int]) -> list[Card]:
    return [_card(code) for code in codes]


def _codes(cards: Iterable[Card]) -> list[int]:
    return [code_of_card(card, 52) for card in cards]


# --- References, in the course's codes ----------------------------------------------------------


def shuffled_deck(s: int) -> list[int]:
    return _codes(course.shuffled_deck(s))


def can_place(code: int, placed: set[int]) -> bool:
    return rules.can_place(_card(code), set(_cards(placed)))


def one_stage(stack: list[int], placed: set[int]) -> tuple[set[int], list[int]]:
    _, aside, placed_after = rules.play_stage(1, _cards(stack), frozenset(_cards(placed)))
    return set(_codes(placed_after)), _codes(aside)


def cards_left(s: int) -> int:
    return course.play_seed(s).cards_left


def row_line(rank: int, placed: set[int]) -> str:
    return course.row_line(rank, _cards(placed))


def collected_output(s: int) -> list[str]:
    return course.collected_output(s)


def requested_lines(answer: str, n: int) -> str | tuple[int, int] | None:
    if console.is_quit(answer):
        return "q"
    request = console.parse_request(answer, n)
    return None if request is None else (request.first, request.last)


# --- Cases ---------------------------------------------------------------------------------------


def _seeds(count: int) -> list[int]:
    return seeds(count, fixed=[0, 1, 2, -5], rng_seed=_CASES_RNG_SEED)


def _stage_inputs() -> list[Case]:
    """Real states: each game's first stage, and its second stage where there is one."""
    cases = []
    for s in _seeds(12):
        game = course.play_seed(s)
        cases.append(Case((shuffled_deck(s), set(SEVEN_CODES))))
        if len(game.stages) > 1:
            placed = game.stages[0].events[-1].placed
            cases.append(Case((_codes(game.stages[1].stack), set(_codes(placed)))))
    return cases


def _placed_sets(count: int) -> list[set[int]]:
    """Sets of placed cards as they occur in play: runs around each 7."""
    rng = random.Random(_CASES_RNG_SEED)
    sets = [set(SEVEN_CODES)]
    for _ in range(count):
        placed = set()
        for suit in range(4):
            low, high = rng.randint(1, 7), rng.randint(7, 13)
            placed |= {suit * 13 + rank - 1 for rank in range(low, high + 1)}
        sets.append(placed)
    return sets


def _can_place_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    cases = [Case((7, set(SEVEN_CODES))), Case((8, set(SEVEN_CODES))), Case((5, set(SEVEN_CODES)))]
    for placed in _placed_sets(25):
        for code in rng.sample(range(52), 3):
            cases.append(Case((code, placed)))
    return cases


def _row_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED + 1)
    return [Case((rng.randint(1, 13), placed)) for placed in _placed_sets(30) for _ in range(2)]


REQUESTS = [
    "1", "20", "1052", "1053", "0", "  4  ", "007", "-1", "-20", "-1052", "-1053", "-0",
    " -2 ", "- 2", "+3", "3--5", " 3 --5", "3-- 5 ", "3 - -5", "3-5", "5--3", "1--1052",
    "0--2", "2--1053", "3---5", "--3", "", "   ", "q", " q ", "Q", "quit", "3.0", "ten",
    "\t3", "3\t", "1_0", "-3--5", "3--", "+3--5",
]  # fmt: skip

TASKS = [
    Task("can_place", can_place, _can_place_cases,
         hint="A card goes on the table when the card just above or just below it in its suit "
              "(same suit, rank one more or one less) is already placed."),
    Task("row_line", row_line, _row_cases,
         hint="Columns are Diamonds, Clubs, Spades, Hearts. Before a card, one tab for its "
              "column and one for each empty column since the last card shown."),
    Task("one_stage", one_stage, _stage_inputs,
         hint="Take cards from the end of the stack. After placing a card, try the top card put "
              "aside again and again. Return new objects, do not change the arguments."),
    Task("cards_left", cards_left, lambda: [Case((s,)) for s in _seeds(12)],
         hint="Between stages, the cards put aside are turned over: the first one put aside is "
              "the next one taken. Stop after 3 stages, or as soon as every card is placed."),
    Task("collected_output", collected_output, lambda: [Case((s,)) for s in _seeds(5)],
         hint="Compare with the vectors: 17 lines before 'Starting first round...', an empty "
              "line before each later round, no trailing spaces, emoji with U+FE0F for ☹️ 😊️."),
    Task("requested_lines", requested_lines, [Case((text, 1052)) for text in REQUESTS],
         hint="Spaces are allowed only at the start, at the end, before the first '-' and after "
              "the second '-' of a range; no '+'; numbers must be in range."),
    Task("simulate", course.simulate, [Case((100, 0)), Case((1, 2)), Case((150, 31))],
         compare="stdout", time_limit=30,
         hint="Lines are 32 characters: the number right-aligned in 20, ' | ', then f'{p:9.2%}', "
              "by decreasing number of cards left, 0 included."),
]  # fmt: skip

#: ``check(function)`` in the exercise notebook.
check = Checker(TASKS)
