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

import dataclasses
import functools
import itertools
import random
import re
from collections.abc import Callable, Iterable
from typing import Any

from solitaire_lib.cards import Card, Suit, card_from_code, code_of_card
from solitaire_lib.grading.checks import (
    Case,
    Checker,
    Hint,
    Task,
    drawn_games_from_seeds,
    drawn_seeds,
    explain_lines,
    got_what,
    helper_reference,
    percent_not_two_decimals,
    returning_new_objects,
    rows_not_of_width,
    seeds,
)
from solitaire_lib.prompt import SEED_PROMPT
from solitaire_lib.rng import shuffled
from solitaire_lib.sevens import console, course, rules
from solitaire_lib.sevens.analysis import cards_left_counts

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


def table_lines(placed: set[int]) -> list[str]:
    return course.table_lines(_cards(placed))


def card_lines(
    placed_card: bool, from_aside: bool, stack: list[int], aside: list[int], placed: set[int]
) -> list[str]:
    source = "aside" if from_aside else "left"
    card = _card(6)  # the card itself is not printed on these lines
    event = rules.Event(
        1,
        placed_card,
        source,
        card,
        tuple(_cards(stack)),
        tuple(_cards(aside)),
        frozenset(_cards(placed)),
    )
    return course.event_lines(event)


def collected_output(s: int) -> list[str]:
    return course.collected_output(s)


def menu(n: int) -> str:
    return console.menu(n)


def view(lines: list[str]) -> None:
    console.view(lines)


def run_program() -> None:
    """The course program: the seed prompt, an empty line, then the viewer."""
    s = int(input(SEED_PROMPT))
    print()
    console.view(course.collected_output(s))


def _empty_line_before_the_prompt(case: Case, expected: Any, got: Any) -> bool:
    r"""The output with its empty line printed before the prompt instead of after it (a hint
    test).

    >>> _empty_line_before_the_prompt(Case(), SEED_PROMPT + "\nmenu", "\n" + SEED_PROMPT + "menu")
    True
    """
    without = expected.replace(SEED_PROMPT + "\n", SEED_PROMPT, 1)
    return bool(without != expected and got == "\n" + without)


def _seeded_with_the_text(case: Case, expected: str, got: str) -> bool:
    """Does the output show the game seeded with the text typed (``seed('5')``): its lines, or
    its viewer's menu, which counts them?"""
    typed = (case.stdin or "").split("\n")[0]
    cards = rules.deck_without_sevens()
    random.Random(typed).shuffle(cards)  # as seed('5'); shuffle(cards) would
    by_text = course.game_collected_output(rules.play(cards))
    by_number = course.collected_output(int(typed))
    shown = set(by_text) | set(menu(len(by_text)).split("\n"))
    marks = shown - set(by_number) - set(menu(len(by_number)).split("\n"))
    return got != expected and any(line in marks for line in got.split("\n"))


def collected_line_roles(s: int) -> list[str]:
    """What each line of ``collected_output(s)`` shows, in words (to say what a wrong line is).

    >>> collected_line_roles(0)[:2]
    ['the opening sentence', 'the 48 cards dealt, face down']
    """
    game = course.play_seed(s)
    table = ["the table: one row a rank, the Kings first, in columns of the suits"] * 13
    roles = ["the opening sentence", "the 48 cards dealt, face down", _EMPTY, *table, _EMPTY]
    for stage in game.stages:
        later = (
            ", in a round after the first: its stack is the pile put aside in the round before, "
            "turned over (the first card put aside on top)"
            if stage.number > 1
            else ""
        )
        roles += [_EMPTY] * (stage.number > 1)
        roles += [f"the title of round {stage.number}", _EMPTY]
        for event in stage.events:
            roles.append(f"the card taken: placed or not, and from which stack{later}")
            if event.placed_card or event.source != "aside":
                roles.append(f"the stack still to take from, face down{later}")
                roles.append(f"the cards put aside in this round, face up{later}")
            if event.placed_card:
                roles += ["the table, once the card is placed"] * 13
            roles.append(_EMPTY)
    roles.append(
        "the verdict (the game ends as soon as every card is placed, even before the third round)"
    )
    return roles


_EMPTY = "an empty line"


def requested_lines(answer: str, n: int) -> str | tuple[int, int] | None:
    if console.is_quit(answer):
        return "q"
    request = console.parse_request(answer, n)
    return None if request is None else (request.first, request.last)


# --- Cases ---------------------------------------------------------------------------------------


#: A deal won in the second round (rare: the first seed from 0 on that is won before the third
#: round), where the game stops: no third round is played.
_WON_IN_ROUND_TWO = 574


def _seeds(count: int) -> list[int]:
    return seeds(count, fixed=[0, 1, 2, -5], rng_seed=_CASES_RNG_SEED)


def _stage_inputs() -> list[Case]:
    """Real states: each game's first stage, and its second stage where there is one."""
    cascade = "the 10♥ and 9♥ put aside, then placed one after the other once the 8♥ is"
    waits = "the 9♥ put aside under the 10♥: it waits, as only the top card put aside is tried"
    at_once = "the 9♥ put aside is placed as soon as the 8♥ is, so the 10♥ fits when it comes"
    cases = [
        Case(([7, 8, 9], set(SEVEN_CODES)), label=cascade),
        Case(([7, 9, 8], set(SEVEN_CODES)), label=waits),
        Case(([9, 7, 8], set(SEVEN_CODES)), label=at_once),
        Case(([1, 8, 21], set(SEVEN_CODES)), label="no card fits: the answer is still a new set"),
    ]
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


def _one_neighbour_cases() -> list[Case]:
    """Each rank, Ace to King, with only the card just below it placed, then only the card just
    above it: one side of the rule at a time. At the ends of a suit that card is of another suit
    (the King of Hearts, 12, below the Ace of Diamonds, 13; the Ace of Clubs, 26, above the King
    of Diamonds, 25), not a neighbour: the answer there is False.
    Diamonds for the even ranks and Clubs for the odd ones: both sides are cards in every case.

    >>> [case.args for case in _one_neighbour_cases()[-2:]]  # the King of Diamonds
    [(25, {24}), (25, {26})]
    """
    codes = [(1 + rank % 2) * 13 + rank for rank in range(13)]
    return [Case((code, {neighbour})) for code in codes for neighbour in (code - 1, code + 1)]


def _can_place_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    cases = [Case((7, set(SEVEN_CODES))), Case((8, set(SEVEN_CODES))), Case((5, set(SEVEN_CODES)))]
    # The whole contract, beyond the runs that play makes: a card that fits from either side,
    # from above only, the ends of a suit (the King of Hearts, 12, and the Ace of Diamonds, 13,
    # are not neighbours), an Ace under its 2, a card already placed.
    cases += [
        Case((7, {6, 8})),
        Case((0, {1})),
        Case((1, {0})),
        Case((14, {13})),
        Case((13, {12})),
        Case((12, {13})),
        Case((38, {37, 39})),
        Case((51, {50})),
        Case((26, {25, 27})),
        Case((7, {6, 7})),
    ]
    cases += [case for case in _one_neighbour_cases() if case not in cases]
    for placed in _placed_sets(25):
        for code in rng.sample(range(52), 3):
            cases.append(Case((code, placed)))
    return cases


def _drawn_placements(rng: random.Random) -> list[Case]:
    """Cards and sets of placed cards drawn at random, not only the runs of play."""
    return [
        Case((rng.randrange(52), set(rng.sample(range(52), rng.randrange(0, 30)))))
        for _ in range(12)
    ]


def _drawn_requests(rng: random.Random) -> list[Case]:
    """Requests typed at random, from the pieces of correct and incorrect ones."""
    pieces = ["", " ", "-", "--", "q", "0", "1", "7", "12", "1052", "1053", "+", "x", "\t"]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randrange(1, 6))) for _ in range(12)]
    return [Case((text, rng.choice([12, 1052]))) for text in texts]


def _drawn_set(rng: random.Random, most: int = 52) -> set[int]:
    """Up to ``most`` cards of the 52 drawn at random: any set, not only the runs play makes."""
    return set(rng.sample(range(52), rng.randrange(0, most + 1)))


def _drawn_rows(rng: random.Random) -> list[Case]:
    return [Case((rng.randint(1, 13), _drawn_set(rng))) for _ in range(8)]


def _drawn_tables(rng: random.Random) -> list[Case]:
    return [Case((_drawn_set(rng),)) for _ in range(4)]


def _drawn_stages(rng: random.Random) -> list[Case]:
    """A round from a state drawn at random: runs around the 7s (or the 7s alone) placed, and a
    stack of any of the other cards, up to all of them, in any order."""
    cases = []
    for _ in range(6):
        placed = set(SEVEN_CODES)
        for suit in range(4):
            if rng.randrange(2):
                low, high = rng.randint(1, 7), rng.randint(7, 13)
                placed |= {suit * 13 + rank - 1 for rank in range(low, high + 1)}
        rest = [code for code in range(52) if code not in placed]
        cases.append(Case((rng.sample(rest, rng.randrange(0, len(rest) + 1)), placed)))
    return cases


def _drawn_card_lines(rng: random.Random) -> list[Case]:
    """Each kind of card taken, with a stack, cards put aside and a table drawn at random."""
    cases = []
    for k in range(8):
        cards = rng.sample(range(52), 52)
        stack, aside = cards[: rng.randrange(0, 20)], cards[20 : 20 + rng.randrange(0, 12)]
        placed = set(cards[32 : 32 + rng.randrange(1, 21)])
        cases.append(Case((k % 2 == 0, k % 4 < 2, stack, aside, placed)))
    return cases


def _drawn_menus(rng: random.Random) -> list[Case]:
    return [Case((rng.randrange(1, 10),)), *(Case((rng.randrange(10, 5000),)) for _ in range(3))]


def _drawn_request(rng: random.Random, n: int) -> str:
    """A request for ``n`` lines: a line number, a first one, a range, or one that is wrong."""
    first, last = sorted(rng.randint(1, n) for _ in range(2))
    forms = [str(last), str(-first), f"{first}--{last}", f" {last}--{first} ", str(n + 1), "x"]
    return rng.choice(forms)


def _drawn_views(rng: random.Random) -> list[Case]:
    """Lines drawn at random, and two to five requests about them, then q."""
    cases = []
    for _ in range(3):
        lines = [f"line {rng.randrange(1000)}" for _ in range(rng.randrange(1, 30))]
        typed = [_drawn_request(rng, len(lines)) for _ in range(rng.randrange(2, 6))]
        cases.append(Case((lines,), stdin="\n".join([*typed, "q"]) + "\n"))
    return cases


def _drawn_programs(rng: random.Random) -> list[Case]:
    """A seed drawn at random, then two requests and q."""
    cases = []
    for _ in range(2):
        s = rng.randrange(-10_000, 1_000_000)
        requests = [_drawn_request(rng, len(collected_output(s))) for _ in range(2)]
        cases.append(Case(stdin="\n".join([str(s), *requests, "q"]) + "\n"))
    return cases


def _events(count: int) -> list[rules.Event]:
    return [
        event
        for s in _seeds(count)
        for stage in course.play_seed(s).stages
        for event in stage.events
    ]


def _card_lines_cases() -> list[Case]:
    cases = [
        Case((True, False, [], [], set(SEVEN_CODES) | {7})),
        Case((False, True, [1, 2], [3, 4], set(SEVEN_CODES))),
        Case((False, False, [1, 2], [3, 4], set(SEVEN_CODES))),
    ]
    for event in _events(3)[::7]:
        cases.append(
            Case(
                (
                    event.placed_card,
                    event.source == "aside",
                    _codes(event.stack),
                    _codes(event.aside),
                    set(_codes(event.placed)),
                )
            )
        )
    return cases


def _view_cases() -> list[Case]:
    lines = [f"line {k}" for k in range(1, 8)]
    return [
        Case((lines,), stdin="q\n"),
        Case((lines,), stdin="3\nq\n"),
        Case((lines,), stdin="-2\n 2--4 \n9\nq\n"),
        # A tab before a number: incorrect, as requested_lines refuses it; a view whose own
        # requested_lines strips it away is blamed on that one (held-out 14a).
        Case((lines,), stdin="x\n\t3\n1--7\n q\n"),
        Case((collected_output(0),), stdin="5--9\n-3\nq\n"),
    ]


def _row_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED + 1)
    return [Case((rng.randint(1, 13), placed)) for placed in _placed_sets(30) for _ in range(2)]


REQUESTS = [
    "1",
    "20",
    "1052",
    "1053",
    "0",
    "  4  ",
    "007",
    # Leading zeros in each form, as int() reads them.
    "-007",
    "007--010",
    " 01 --  0002 ",
    "-1",
    "-20",
    "-1052",
    "-1053",
    "-0",
    " -2 ",
    "- 2",
    "+3",
    "3--5",
    " 3 --5",
    "3-- 5 ",
    "3 - -5",
    "3-5",
    "5--3",
    "1--1052",
    "0--2",
    "2--1053",
    "3---5",
    "4--4",
    "X3X",
    "3X--5",
    "1052--1052",
    "--3",
    "",
    "   ",
    "q",
    " q ",
    "Q",
    "quit",
    "3.0",
    "ten",
    "\t3",
    "3\t",
    "1_0",
    "-3--5",
    "3--",
    "+3--5",
    "٣",
    "3 --5",
    # A final newline is not a space: the whole text must be the request.
    "3\n",
    "3--5\n",
    # Only spaces may stand around the '--': not a tab, not another character.
    "3\t--5",
    "3--\t5",
    "3--X5",
    # No space inside a number, in a range or alone.
    "1 2--15",
    "12--1 5",
    "1 2",
]


# --- Hints: each shown only when the answer shows its mistake -----------------------------------


def _placed_twice(case: Case, expected: bool, got: bool) -> bool:
    code, placed = case.args
    return got and code in placed


def _across_suits(case: Case, expected: bool, got: bool) -> bool:
    code, placed = case.args
    wraps = (code % 13 == 0 and code - 1 in placed) or (code % 13 == 12 and code + 1 in placed)
    return got and not expected and wraps


def _fits_between_ends(code: int, placed: set[int], lowest: int, highest: int) -> bool:
    """can_place with the ends of a suit taken at the ranks ``lowest`` and ``highest`` of
    ``code % 13`` (the reference's are 0 and 12; a mistake takes others)."""
    rank = code % 13
    below = rank != lowest and code - 1 in placed
    above = rank != highest and code + 1 in placed
    return code not in placed and (below or above)


#: can_place without the ends of a suit, as mistakes write it: neither end (a card next to the
#: card of the next or the previous suit), or the King's end only (a King next to the next Ace).
_ACROSS_SUITS: tuple[Callable[[int, set[int]], bool], ...] = (
    functools.partial(_fits_between_ends, lowest=-1, highest=13),
    functools.partial(_fits_between_ends, lowest=0, highest=13),
)

_ACROSS_SUITS_HINT = (
    "Watch the ends of a suit in can_place: the Ace has no card below it and the King none "
    "above, so code + 1 of a King is the Ace of the next suit and code - 1 of an Ace the King of "
    "the suit before, not neighbours; here cards were placed next to the card of another suit."
)


def _stage_placing_with(
    fits: Callable[[int, set[int]], bool], stack: list[int], placed: set[int]
) -> tuple[set[int], list[int]]:
    """One stage played as the reference plays it, with ``fits`` as its can_place.

    >>> _stage_placing_with(_ACROSS_SUITS[0], [13], {12})  # the Ace of Diamonds on a King
    ({12, 13}, [])
    """
    stack, placed, aside = list(stack), set(placed), list[int]()
    while stack:
        code = stack.pop()
        if fits(code, placed):
            placed.add(code)
            while aside and fits(aside[-1], placed):
                placed.add(aside.pop())
        else:
            aside.append(code)
    return placed, aside


def _placed_across_suits(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``one_stage``: the answer is the stage played with a can_place that lets a
    card in next to the card of another suit (:data:`_ACROSS_SUITS`)."""
    return got != expected and any(
        got == _stage_placing_with(fits, *case.args) for fits in _ACROSS_SUITS
    )


def _game_placed_across_suits(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``cards_left``: the count of a game played with such a can_place."""
    deck = shuffled_deck(case.args[0])
    return got != expected and any(
        got == _cards_left_of(deck, stage=functools.partial(_stage_placing_with, fits))
        for fits in _ACROSS_SUITS
    )


def _deck_drawn_by_sample(s: int) -> list[int]:
    """The 48 cards in increasing order, drawn by ``random.sample`` after ``seed(s)`` instead of
    shuffled (another order from the same seed)."""
    cards = sorted(set(range(52)) - SEVEN_CODES)
    return random.Random(s).sample(cards, len(cards))


def _suit_ends_off_by_one(case: Case, expected: bool, got: bool) -> bool:
    """Is the answer can_place's with the Ace taken at rank 1 (as if ranks went 1 to 13)?

    >>> _suit_ends_off_by_one(Case((1, {0})), True, False)
    True
    """
    code, placed = case.args
    return got != expected and any(
        got == _fits_between_ends(code, placed, lowest, highest)
        for lowest, highest in ((1, 13), (1, 12))
    )


def _glyphs(line: str) -> str:
    return line.replace("\t", "")


def _columns_in_other_order(case: Case, expected: str, got: str) -> bool:
    return got != expected and any(
        got == course.row_line(case.args[0], _cards(case.args[1]), columns)
        for columns in itertools.permutations(Suit)
    )


def _stage_variant(
    stack: list[int], placed: set[int], top: int, aside_top: int, again: bool = True
) -> Any:
    """One stage taking the stack's card at ``top`` and the aside card at ``aside_top``, after
    each card placed as long as one fits (``again``) or once only."""
    stack, placed, aside = list(stack), set(placed), list[int]()
    while stack:
        code = stack.pop(top)
        if can_place(code, placed):
            placed.add(code)
            while aside and can_place(aside[aside_top], placed):
                placed.add(aside.pop(aside_top))
                if not again:
                    break
        else:
            aside.append(code)
    return placed, aside


def _stage_from_the_bottom(
    stack: list[int], placed: set[int]
) -> tuple[tuple[set[int], list[int]], bool]:
    """One stage that tries the first card put aside (the bottom of the pile) instead of the
    last, and whether it placed a card from under the top of the pile.

    >>> (placed, aside), from_under = _stage_from_the_bottom([7, 9, 8], set(SEVEN_CODES))
    >>> sorted(placed), aside, from_under  # the 9♥ placed from under the 10♥
    ([6, 7, 8, 9, 19, 32, 45], [], True)
    >>> (placed, aside), from_under = _stage_from_the_bottom([7, 8, 9], set(SEVEN_CODES))
    >>> sorted(placed), aside, from_under  # the 10♥ (bottom) does not fit: nothing is placed
    ([6, 7, 19, 32, 45], [9, 8], False)
    """
    stack, placed, aside, from_under = list(stack), set(placed), list[int](), False
    while stack:
        code = stack.pop()
        if can_place(code, placed):
            placed.add(code)
            while aside and can_place(aside[0], placed):
                from_under = from_under or len(aside) > 1
                placed.add(aside.pop(0))
        else:
            aside.append(code)
    return (placed, aside), from_under


def _aside_tried_from_the_bottom(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``one_stage`` (``one_case``): the answer is the stage that tries the
    bottom card put aside, and it shows that mistake, a card placed from under the top. Where
    that stage only failed to place the top card (``[7, 8, 9]``: the 10♥ at the bottom does not
    fit), the answer is the one of other mistakes too (the cards put aside tried before each card
    of the stack, not after the last one placed): it does not say which."""
    answer, from_under = _stage_from_the_bottom(*case.args)
    return got != expected and got == answer and from_under


def _aside_tried_before_each_card(stack: list[int], placed: set[int]) -> tuple[set[int], list[int]]:
    """One stage that tries the cards put aside before it takes each card of the stack, not
    after each card placed (a mistake): the cards the last card placed lets in stay aside.

    >>> placed, aside = _aside_tried_before_each_card([7, 8, 9], set(SEVEN_CODES))
    >>> sorted(placed), aside
    ([6, 7, 19, 32, 45], [9, 8])
    """
    stack, placed, aside = list(stack), set(placed), list[int]()
    while stack:
        while aside and can_place(aside[-1], placed):
            placed.add(aside.pop())
        code = stack.pop()
        if can_place(code, placed):
            placed.add(code)
        else:
            aside.append(code)
    return placed, aside


def _aside_tried_at_the_end(stack: list[int], placed: set[int]) -> tuple[set[int], list[int]]:
    """One stage that tries the cards put aside only once the stack is empty (a mistake).

    >>> placed, aside = _aside_tried_at_the_end([9, 7, 8], set(SEVEN_CODES))
    >>> sorted(placed), aside  # the 9♥ waits aside, so the 10♥ goes on top of it
    ([6, 7, 19, 32, 45], [8, 9])
    """
    stack, placed, aside = list(stack), set(placed), list[int]()
    while stack:
        code = stack.pop()
        if can_place(code, placed):
            placed.add(code)
        else:
            aside.append(code)
    while aside and can_place(aside[-1], placed):
        placed.add(aside.pop())
    return placed, aside


def _sevens_not_counted_as_placed(case: Case, expected: Any, got: Any) -> bool:
    """Is the answer 4 too few (48 minus all the cards placed, the four 7s included), or 0
    where that is below 0?"""
    return got != expected and got in (expected - 4, max(0, expected - 4))


#: The first words of the line of a card put aside that still cannot be placed.
_STUCK = "Cannot place card from top of stack of cards put aside"


def _stuck_lines_left_out(case: Case, expected: list[str], got: Any) -> bool:
    """Is the answer the collected output without the lines (and empty line) of each top card
    put aside that still cannot be placed?"""
    kept: list[str] = []
    index = 0
    while index < len(expected):
        if expected[index].startswith(_STUCK):
            index += 2  # the card's line and its empty line
            continue
        kept.append(expected[index])
        index += 1
    return bool(got != expected and got == kept)


def _aside_face_down(case: Case, expected: Any, got: Any) -> bool:
    """Is the line of the cards put aside written face down, like the stack's, and all the rest
    right?"""
    aside = case.args[3]
    return (
        len(got) == len(expected) >= 4
        and got[2] != expected[2]
        and got[2] == "]" * len(aside)
        and got[:2] + got[3:] == expected[:2] + expected[3:]
    )


def _rows_one_rank_off(case: Case, expected: Any, got: Any) -> bool:
    """Are the rows those of the ranks one below (12 down to 0) or one above (14 down to 2)?
    (What a row of rank 0 or 14 shows is the student's: it is not compared.)"""
    return (
        got != expected
        and len(got) == len(expected)
        and (got[:-1] == expected[1:] or got[1:] == expected[:-1])
    )


def _placed_from_under_the_top(case: Case, expected: Any, got: Any) -> bool:
    """Were more cards placed than the rules allow, all of them cards the reference leaves
    aside (a card under the top card put aside was placed)?"""
    placed, aside = got
    return set(placed) > set(expected[0]) and set(aside) < set(expected[1])


def _placed_from_under_the_top_within_suits(case: Case, expected: Any, got: Any) -> bool:
    """:func:`_placed_from_under_the_top`, where the extra cards were not placed across the ends
    of a suit (:func:`_placed_across_suits` says that)."""
    return _placed_from_under_the_top(case, expected, got) and not _placed_across_suits(
        case, expected, got
    )


def _table_before_the_piles(case: Case, expected: Any, got: Any) -> bool:
    """For a card placed, are the 13 rows of the table somewhere else than right after the
    lines of the stack and of the cards put aside (the same lines, in another order)?"""
    table = expected[3:16]
    starts = [i for i in range(len(got) - 12) if got[i : i + 13] == table]
    return (
        len(expected) == 17
        and got != expected
        and sorted(got) == sorted(expected)
        and bool(starts)
        and 3 not in starts
    )


def _tabs_wrong(case: Case, expected: str, got: str) -> bool:
    return _glyphs(got) == _glyphs(expected) and got != expected


def _queen_refused_under_its_king(case: Case, expected: bool, got: bool) -> bool:
    """Is the card a Queen refused though its King, the card above it, is placed?

    >>> _queen_refused_under_its_king(Case((37, {38})), True, False)
    True
    """
    code, placed = case.args
    return expected and not got and code % 13 == 11 and code + 1 in placed


def _misses_a_neighbour(case: Case, expected: bool, got: bool) -> bool:
    return expected and not got


_RANK_OF_GLYPH = {card_from_code(code, 52).glyph: code % 13 + 1 for code in range(52)}


def _row_of_another_rank(case: Case, expected: str, got: str) -> bool:
    """Are the cards shown all of one other rank (or the row another rank's row)?"""
    rank, placed = case.args
    ranks = {_RANK_OF_GLYPH.get(c) for c in got if c != "\t"}
    # The row of rank 0 or 14 (an index one off at the ends) is empty.
    other_rows = {row_line(other, placed) for other in range(1, 14) if other != rank} | {""}
    one_other_rank = len(ranks) == 1 and None not in ranks and rank not in ranks
    return got != expected and (one_other_rank or got in other_rows)


def _aside_in_another_order(case: Case, expected: Any, got: Any) -> bool:
    return (
        got[0] == expected[0]
        and sorted(got[1]) == sorted(expected[1])
        and list(got[1]) != list(expected[1])
    )


def _cards_left_of(
    deck: list[int],
    rounds: int = 3,
    turned_over: bool = True,
    until_stuck: bool = False,
    stage: Callable[[list[int], set[int]], tuple[set[int], list[int]]] = one_stage,
) -> int:
    """The cards left after a game played with a mistake (the keywords, or a ``stage`` played
    another way); the reference's count without one."""
    stack, placed, aside = deck, set(SEVEN_CODES), list(deck)
    for number in itertools.count(1):
        if number > rounds and not until_stuck:
            break
        placed, aside = stage(stack, placed)
        if not aside or (until_stuck and len(aside) == len(stack)):
            break
        stack = aside[::-1] if turned_over else aside
    return len(aside)


def _other_number_of_rounds(case: Case, expected: int, got: int) -> bool:
    deck = shuffled_deck(case.args[0])
    counts = [_cards_left_of(deck, rounds) for rounds in (1, 2, 4)]
    return got != expected and got in [*counts, _cards_left_of(deck, until_stuck=True)]


def _deck_of_52_shuffled(s: int) -> list[int]:
    """The 52 codes shuffled, then the 7s taken out (a mistake: the 7s go first)."""
    return [code for code in shuffled(list(range(52)), s) if code not in SEVEN_CODES]


_ROUNDS_HINT = (
    "At most three rounds are played, and fewer only when a round places every card: after each "
    "round but the third, the cards put aside are dealt again."
)
_TURNED_OVER_HINT = (
    "Between two rounds the pile put aside is turned over: the first card put aside is the top "
    "of the next stack (aside[::-1]), the first taken."
)


def _viewed(
    lines: list[str],
    typed: str,
    *,
    incorrect_shows_empty_lines: bool = True,
    menu_every_time: bool = True,
    incorrect_stops: bool = False,
    empty_line_after: bool = True,
    first_line_left_out: bool = False,
    empty_line_before: bool = True,
    empty_line_on_quit: bool = False,
    one_empty_line_when_incorrect: bool = False,
) -> str:
    """What a viewer prints for ``typed`` with a mistake (the keywords); the reference's text
    without one."""
    printed = []
    answers = typed.split("\n")[:-1]
    for number, answer in enumerate(answers):
        if menu_every_time or number == 0:
            printed.append(menu(len(lines)) + "\n")
        printed.append(console.INDENT)
        request = console.parse_request(answer, len(lines))
        if console.is_quit(answer) or (request is None and incorrect_stops):
            return "".join(printed) + "\n" * (empty_line_on_quit and console.is_quit(answer))
        if request is None and not incorrect_shows_empty_lines:
            continue
        start = request.first - 1 + first_line_left_out if request else 0
        shown = lines[start : request.last] if request else []
        before, after = [""] * empty_line_before, [""] * empty_line_after
        if request is None and one_empty_line_when_incorrect:
            before, after = [""], []
        printed.append("\n".join([*before, *shown, *after]) + "\n")
    return "".join([*printed, menu(len(lines)), "\n", console.INDENT, "\n"])


def _viewed_with(**mistake: bool) -> Any:
    return lambda case, expected, got: (
        got != expected and got == _viewed(case.args[0], case.stdin or "", **mistake)
    )


def _simulated(first_seed: int, games: int, per: int) -> str:
    """The table for the ``games`` seeds from ``first_seed`` on, each count over ``per`` games."""
    return _table_of(cards_left_counts(games, first_seed).counts if games else {}, per)


def _table_of(counts: dict[int, int], per: int) -> str:
    """simulate's table of these counts of cards left, each over ``per`` games."""
    width = course.SIMULATE_HEADER.index(" |")
    rows = [f"{left:>{width}} | {counts[left] / per:9.2%}" for left in sorted(counts, reverse=True)]
    header = [course.SIMULATE_HEADER, "-" * len(course.SIMULATE_HEADER)]
    return "\n".join([*header, *rows]) + "\n"


def _seeded_once(case: Case, expected: str, got: str) -> bool:
    """A hint test of ``simulate``: the table of n decks shuffled one after the other from one
    ``seed(i)``, not each from its own seed (held-out 15a, sm_global_state)."""
    n, i = case.args
    draws, counts = random.Random(i), dict[int, int]()
    for _ in range(n):
        deck = sorted(set(range(52)) - SEVEN_CODES)
        draws.shuffle(deck)
        left = _cards_left_of(deck)
        counts[left] = counts.get(left, 0) + 1
    return got != expected and got == _table_of(counts, n)


def _deck_in_another_order(key: Callable[[int], Any]) -> Callable[[int], list[int]]:
    """The 48 cards sorted by ``key`` before ``seed(s)`` and ``shuffle()``, not by their codes."""

    def deck(s: int) -> list[int]:
        return shuffled(sorted(set(range(52)) - SEVEN_CODES, key=key), s)

    return deck


#: Orders of the 48 cards before the shuffle that students take for the statement's: by rank
#: then suit (held-out 15a, cl_unsorted2), suits last first. (Decreasing codes is no mistake to
#: hint at: its deals mirror the right ones, and every count of cards left is the same.)
_OTHER_ORDERS = (
    lambda code: (code % 13, code // 13),
    lambda code: (-(code // 13), code % 13),
)


def _shuffled_in_another_order(case: Case, expected: int, got: int) -> bool:
    """A hint test of ``cards_left``: the count of a deck sorted another way before the shuffle."""
    s = case.args[0]
    return got != expected and any(
        got == _cards_left_of(_deck_in_another_order(key)(s)) for key in _OTHER_ORDERS
    )


def _other_seeds(case: Case, expected: str, got: str) -> bool:
    """Is the answer the table of other seeds than i, ..., i + n - 1 (from 0, one more, one
    fewer, ...)?"""
    n, i = case.args
    ranges = [(0, n), (1, n), (i, n + 1), (i, n - 1), (i + 1, n), (i - 1, n + 1)]
    tables = {_simulated(first, games, per) for first, games in ranges for per in (n, games)}
    return got != expected and got in tables


def _last_lines_one_too_many(case: Case, expected: Any, got: Any) -> bool:
    """A request '-k' answered with the right last line but another first one."""
    return (
        case.args[0].strip(" ").startswith("-")
        and type(got) is tuple
        and type(expected) is tuple
        and got[1] == expected[1]
        and got[0] != expected[0]
    )


def _other_digits_taken(case: Case, expected: Any, got: Any) -> bool:
    """Was a text with a digit other than 0-9 (such as '٣') read as a number?"""
    text = case.args[0]
    return (
        expected is None
        and got is not None
        and any(c.isdigit() and c not in "0123456789" for c in text)
    )


def _stripped_of_tabs_and_newlines(case: Case, expected: Any, got: Any) -> bool:
    """Was an input with a tab or a newline at either end read as if strip() had removed it?"""
    text, n = case.args
    outer = text.strip(" ")
    ends_odd = outer != outer.strip()
    return (
        ends_odd
        and expected is None
        and got is not None
        and got == requested_lines(text.strip(), n)
    )


def _space_after_the_dash(case: Case, expected: Any, got: Any) -> bool:
    """Was a '-k' with a space between its '-' and its number (as '- 3') read as a number?

    >>> [_space_after_the_dash(Case((text, 9)), None, (7, 9)) for text in ("- 3", " -3", "-3 ")]
    [True, False, False]
    """
    text = case.args[0].strip(" ")
    last_k = text.startswith("-") and "--" not in text
    return last_k and text[1:2].isspace() and expected is None and got is not None


def _no_last_lines(case: Case, expected: Any, got: Any) -> bool:
    """Was a '-k' with k = 0 ('-0', '-00') read as a request?

    >>> [_no_last_lines(Case((text, 9)), None, (10, 9)) for text in ("-0", " -00 ", "0", "-3")]
    [True, True, False, False]
    """
    text = case.args[0].strip(" ")
    zero = text.startswith("-") and text[1:] != "" and set(text[1:]) == {"0"}
    return zero and expected is None and got is not None


def _space_inside_a_number(case: Case, expected: Any, got: Any) -> bool:
    """Was a text with a space between two digits (as '1 2--15') read as a number?

    >>> [_space_inside_a_number(Case((t, 20)), None, (1, 12)) for t in ("1 2--15", "3 --5", "1 2")]
    [True, False, True]
    """
    spaced = re.search("[0-9] +[0-9]", case.args[0]) is not None
    return spaced and expected is None and got is not None


def _read_by_int(case: Case, expected: Any, got: Any) -> bool:
    """Was an incorrect text read as a number that int() takes in each part (a '+', a '_', a
    tab or a newline around it, a space after the '-' of '-k', another script's digit)?

    >>> [_read_by_int(Case((text, 9)), None, (1, 3)) for text in ("+3", "- 3", "٣", "3 3", "x")]
    [True, True, True, False, False]
    """
    text = case.args[0].strip(" ")
    last_k = text.startswith("-") and "--" not in text
    parts = [text[1:]] if last_k else text.split("--")
    try:
        [int(part) for part in parts]
    except ValueError:
        return False
    odd = any(c in "+_\t\n" or (c.isdigit() and c not in "0123456789") for c in text)
    space_after_the_dash = last_k and text[1:2].isspace()
    return (odd or space_after_the_dash) and expected is None and got is not None


def _raised_on_an_incorrect_input(case: Case, expected: Any, got: Any) -> bool:
    """Did an input that is not correct raise the error that reading it raises, ValueError
    (``int('x')``) or IndexError (``parts[1]``), where the answer is None? ``got`` is the error
    as the report shows it. (A hint test that looks at the cases that raised.) Another error is
    not the input's: a NameError (``re`` not imported) gets its own hint (held-out 12a).

    >>> _raised_on_an_incorrect_input(Case(("--3", 9)), None, "ValueError: invalid literal")
    True
    >>> _raised_on_an_incorrect_input(Case(("q", 9)), "q", "ValueError: invalid literal")
    False
    >>> _raised_on_an_incorrect_input(Case(("", 9)), None, "NameError: name 're' is not defined")
    False
    """
    error = isinstance(got, str) and re.match(r"(ValueError|IndexError)\b", got) is not None
    return expected is None and error


def _name_not_defined(case: Case, expected: Any, got: Any) -> bool:
    """Did the call raise NameError (a module not imported, a name misspelt)? ``got`` is the
    error as the report shows it.

    >>> _name_not_defined(Case(("", 9)), None, "NameError: name 're' is not defined (line 2)")
    True
    """
    return isinstance(got, str) and got.startswith("NameError")


_CORRECT_FORMS = (
    "Spaces are allowed only at the start, at the end, before the first '-' and "
    "after the second '-' of a range (none between the '-' of '-k' and its number); no '+', "
    "no tab, no newline; numbers must be in range, from 1 to n, with m <= n in a range m--n."
)


def _leading_zeros_refused(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``requested_lines``: a correct input with a number written with leading
    zeros ('007') is refused, as by a version that wants the numbers as str(int()) writes them.

    >>> [_leading_zeros_refused(Case((t, 20)), (1, 7), None) for t in ("007", "-07", "7", "10")]
    [True, True, False, False]
    """
    zeros = re.search("(?<![0-9])0[0-9]", case.args[0]) is not None
    return zeros and expected is not None and got is None


def _n_itself_refused(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``requested_lines``: a correct input that names n itself (the last line,
    or all n lines) is refused, as by a version that compares with < n.

    >>> _n_itself_refused(Case(("1052", 1052)), (1052, 1052), None)
    True
    >>> _n_itself_refused(Case(("3", 1052)), (3, 3), None)
    False
    """
    answer, n = case.args
    numbers = [int(digits) for digits in re.findall(r"[0-9]+", answer) if len(digits) < 20]
    return expected is not None and got is None and n in numbers


# --- The earlier tasks' functions that a later one calls ------------------------------------------
# Each is compared call by call with its reference, exactly, as its own task compares it: where the
# student's own one differs, the report says "fix one_stage first" instead of a hint about
# cards_left. A game calls can_place for every card of every pass, and row_line, table_lines and
# card_lines at every move: only the first calls of a case are compared.

_PLACE = helper_reference("can_place", can_place, "give the answer", first_calls=8)
_ROW = helper_reference("row_line", row_line, "write the row", first_calls=13)
_STAGE = helper_reference("one_stage", one_stage, "play the stage", first_calls=3)
_LEFT = helper_reference("cards_left", cards_left, "count the cards left", first_calls=10)
_TABLE = helper_reference("table_lines", table_lines, "give the table's lines", first_calls=2)
_CARD_LINES = helper_reference("card_lines", card_lines, "give the lines", first_calls=4)
_OUTPUT = helper_reference("collected_output", collected_output, "give the game's lines")
_MENU = helper_reference("menu", menu, "write the menu", first_calls=6)
_REQUESTED = helper_reference("requested_lines", requested_lines, "read the answer", first_calls=6)
#: view reads the requests typed: the reference reads the same lines (held-out 15a,
#: rp_helper_view: a run_program whose view sliced the lines wrongly got no word of view).
_VIEW = helper_reference("view", view, "show the lines", compare="stdout", reads_input=True)
_IN_THE_OUTPUT = (_PLACE, _ROW, _TABLE, _CARD_LINES)
#: In collected_output itself many more calls of can_place and card_lines are compared (the
#: check takes about a second more): a wrong one may show only late in a game (a King next to
#: the next suit's Ace, the lines of an aside card that cannot be placed), where the lines that
#: differ would point elsewhere (held-out 13a).
_IN_THE_OUTPUT_MORE_CALLS = (
    dataclasses.replace(_PLACE, first_calls=300),
    _ROW,
    _TABLE,
    dataclasses.replace(_CARD_LINES, first_calls=30),
)

TASKS = [
    Task(
        "can_place",
        can_place,
        _can_place_cases,
        drawn=_drawn_placements,
        hints=[
            Hint("A card already on the table is not placed again.", _placed_twice),
            Hint(
                "The Ace has no card below it and the King none above: code - 1 of an Ace is the "
                "King of the suit before, not a neighbour.",
                _across_suits,
            ),
            Hint(
                "In code % 13 the Ace is 0 and the King 12, the two ends of a suit: an Ace takes "
                "no card below it and a King none above, but a 2 (code % 13 == 1) fits on its Ace.",
                _suit_ends_off_by_one,
            ),
            Hint(
                "A Queen (code % 13 == 11) fits under its King (code + 1) as any card fits under "
                "the card above it: only the King (code % 13 == 12) has no card above it.",
                _queen_refused_under_its_king,
            ),
            Hint(
                "A card fits when the card of its suit one rank below it or one rank above it is "
                "on the table (either side of the 7), up to the King on its Queen and the Ace "
                "under its 2.",
                _misses_a_neighbour,
            ),
        ],
    ),
    Task(
        "row_line",
        row_line,
        _row_cases,
        silent=True,
        drawn=_drawn_rows,
        hints=[
            Hint(
                "Before a card, one tab for its column and one for each empty column since the "
                "last "
                "card shown; nothing after the last card.",
                _tabs_wrong,
            ),
            Hint(
                "The columns are Diamonds, Clubs, Spades, Hearts, in this order.",
                _columns_in_other_order,
            ),
            Hint(
                "Row r shows the cards of rank r: rank 1 is the Ace, so the card of suit k and "
                "rank r has code k * 13 + r - 1 (the Aces are the codes with code % 13 == 0).",
                _row_of_another_rank,
            ),
        ],
    ),
    Task(
        "one_stage",
        one_stage,
        _stage_inputs,
        drawn=_drawn_stages,
        returns=("placed", "aside"),
        adapter=returning_new_objects(
            {
                0: "it returned the list stack it was given, not a new list: build the list of "
                "cards put aside anew, so that changing the answer does not change the "
                "caller's stack",
                1: "it returned the set placed it was given, not a new set: start from a copy, "
                "set(placed), even when no card is placed, so that changing the answer does "
                "not change the caller's set",
            }
        ),
        helper_references=(_PLACE,),
        hints=[
            Hint(
                "Take cards from the end of the stack: stack[-1] is its top.",
                got_what(lambda stack, placed: _stage_variant(stack, placed, 0, -1)),
            ),
            Hint(
                "After placing a card, try the top card put aside again as long as one fits (a "
                "loop, not a single test): placing it may let the card under it fit too.",
                got_what(lambda stack, placed: _stage_variant(stack, placed, -1, -1, again=False)),
            ),
            Hint(
                "Try the top card put aside right after each card placed, before the next card "
                "of the stack is taken, not once the stack is empty: a card that waits aside "
                "may be the one the next card of the stack needs.",
                got_what(_aside_tried_at_the_end),
            ),
            Hint(
                "Try the top card put aside right after each card placed, not only before the "
                "next card of the stack is taken: the last card of the stack may let cards put "
                "aside in, and they are placed too.",
                got_what(_aside_tried_before_each_card),
            ),
            Hint(
                "Only the top card put aside (the last one put aside) can be placed: the cards "
                "under it wait until it is placed, even one that would fit.",
                _placed_from_under_the_top_within_suits,
            ),
            Hint(
                "List the cards put aside in the order they were put aside, the first one first: "
                "the last element is the top of the pile.",
                _aside_in_another_order,
            ),
            Hint(_ACROSS_SUITS_HINT, _placed_across_suits),
            # Last: one case shows it (see _aside_tried_from_the_bottom), where a hint above may
            # explain every case.
            Hint(
                "After placing a card, try the top card put aside (the last one put aside) again "
                "and again.",
                _aside_tried_from_the_bottom,
                one_case=True,
            ),
        ],
    ),
    Task(
        "cards_left",
        cards_left,
        lambda: [Case((s,)) for s in _seeds(12)],
        drawn=drawn_seeds(4),
        helper_references=(_STAGE, _PLACE),
        hints=[
            Hint(_ROUNDS_HINT, _other_number_of_rounds),
            Hint(
                _TURNED_OVER_HINT,
                got_what(lambda s: _cards_left_of(shuffled_deck(s), turned_over=False)),
            ),
            Hint(
                "The 7s are taken out first: the other 48 cards, in increasing order, are "
                "shuffled (seed(s), then shuffle).",
                got_what(lambda s: _cards_left_of(_deck_of_52_shuffled(s))),
            ),
            Hint(
                "The four 7s are on the table from the start: the cards left are those of the "
                "48 never placed (the pile put aside in the last round).",
                _sevens_not_counted_as_placed,
            ),
            Hint(
                "Count the cards left at the end (never placed), not the cards placed: a game "
                "won leaves 0.",
                lambda case, expected, got: (
                    got != expected and got in (48 - expected, 52 - expected)
                ),
            ),
            Hint(_ACROSS_SUITS_HINT, _game_placed_across_suits),
            Hint(
                "Shuffle the 48 cards, in increasing order, with shuffle() after seed(s): "
                "random.sample draws another order from the same seed.",
                got_what(lambda s: _cards_left_of(_deck_drawn_by_sample(s))),
            ),
            Hint(
                "Before seed(s) and shuffle(), the 48 cards are in increasing order of their "
                "codes, sorted(set(range(52)) - SEVENS): a deck in another order (by rank, then "
                "suit) shuffles into another deal.",
                _shuffled_in_another_order,
            ),
        ],
    ),
    Task(
        "table_lines",
        table_lines,
        lambda: [Case((p,)) for p in _placed_sets(20)],
        silent=True,
        drawn=_drawn_tables,
        helper_references=(_ROW,),
        hints=[
            Hint(
                "The Kings' row comes first and the Aces' row last.",
                got_what(lambda placed: table_lines(placed)[::-1]),
            ),
            Hint(
                "Rows with no card stay in the list as empty strings, '': it always has 13 rows.",
                lambda case, expected, got: (
                    got != expected and got == [row for row in expected if row]
                ),
            ),
            Hint(
                "Each row here shows the cards of the rank next to its own: the 13 rows are "
                "those of the ranks 13 (Kings) down to 1 (Aces), range(13, 0, -1), not 12 down "
                "to 0.",
                _rows_one_rank_off,
            ),
        ],
    ),
    Task(
        "card_lines",
        card_lines,
        _card_lines_cases,
        silent=True,
        drawn=_drawn_card_lines,
        helper_references=(_TABLE, _ROW),
        hints=[
            Hint(
                "A card from the cards put aside that cannot be placed gets its line and an empty "
                "line only.",
                lambda case, expected, got: len(expected) == 2 and len(got) > 2,
            ),
            Hint(
                "Last comes an empty line, '', after the lines of every card.",
                lambda case, expected, got: got == expected[:-1],
            ),
            Hint(
                "The cards put aside are shown face up, face_up(aside): a '[' for each card but "
                "the top one, which is shown; only the stack is face down, ']' a card.",
                _aside_face_down,
            ),
            Hint(
                "The 13 rows of the table follow only a card that was placed.",
                lambda case, expected, got: abs(len(expected) - len(got)) == 13,
            ),
            Hint(
                "For a card placed, the lines come in this order: the card's line, the stack's "
                "line, the line of the cards put aside, then the 13 rows of the table, then an "
                "empty line.",
                _table_before_the_piles,
            ),
            Hint(
                "The top of the cards put aside is the last card put there, aside[-1]: it is the "
                "one shown face up, at the end of their line (here it is the first one, aside[0]).",
                got_what(
                    lambda placed_card, from_aside, stack, aside, placed: card_lines(
                        placed_card, from_aside, stack, aside[::-1], placed
                    )
                ),
            ),
        ],
    ),
    Task(
        "collected_output",
        collected_output,
        lambda: [
            *(Case((s,)) for s in _seeds(5)),
            Case((_WON_IN_ROUND_TWO,), label="won in the second round: no third round"),
        ],
        silent=True,
        drawn=drawn_seeds(2),
        explain=explain_lines(collected_line_roles),
        helper_references=_IN_THE_OUTPUT_MORE_CALLS,
        hints=[
            Hint(
                "No line ends with a space or a tab.",
                lambda case, expected, got: any(line != line.rstrip() for line in got),
            ),
            Hint(
                "When cards are still put aside after those placed from them, add the lines of "
                "the top one, which cannot be placed: 'Cannot place card from top of stack of "
                "cards put aside ☹️' and an empty line.",
                _stuck_lines_left_out,
            ),
        ],
    ),
    Task(
        "requested_lines",
        requested_lines,
        [Case((text, 1052)) for text in REQUESTS],
        silent=True,
        drawn=_drawn_requests,
        hints=[
            Hint(
                "'-k' asks for the last k lines: from line n - k + 1 to line n, both included "
                "('-1' is line n alone).",
                _last_lines_one_too_many,
            ),
            Hint(
                "Only the digits 0 to 9 make a number: str.isdigit(), int() and the regex \\d "
                "also take other digits, such as '٣' (an Arabic-Indic three), so this input, "
                "which is not correct, gives None.",
                _other_digits_taken,
            ),
            Hint(
                "A correct input has no newline, not even at its end: '$' in a regex also "
                "matches before a final newline (re.fullmatch, or \\Z, does not), so this input "
                "gives None.",
                lambda case, expected, got: (
                    expected is None and got is not None and case.args[0].endswith("\n")
                ),
            ),
            Hint(
                "Only spaces may surround the input: strip(' '), not strip(), which also takes "
                "away the tabs and newlines that make this input incorrect, so it gives None.",
                _stripped_of_tabs_and_newlines,
            ),
            Hint(
                "No space between the '-' of '-k' and its number ('- 3' is not correct): this "
                "input is not correct, so the answer is None.",
                _space_after_the_dash,
            ),
            Hint(
                "'-0' asks for the last 0 lines, which is no request: k must be at least 1 "
                "(1 <= k <= n), so the answer is None.",
                _no_last_lines,
            ),
            Hint(
                "No space inside a number ('1 2--15' and '1 2' are not correct): this input is "
                "not correct, so the answer is None.",
                _space_inside_a_number,
            ),
            Hint(
                "A name the function uses is not defined where it runs (NameError): a module it "
                "uses that no cell imports (import re, for one, in the cell that defines the "
                "function), or a name misspelt.",
                _name_not_defined,
                errors=True,
                one_case=True,
            ),
            Hint(
                "An input that is not correct gives None; it must not raise an error (int('') "
                "and int('x') raise ValueError): test the text before converting it, or catch "
                "the error (try: ... except ValueError: return None).",
                _raised_on_an_incorrect_input,
                errors=True,
                one_case=True,
            ),
            Hint(
                "int() takes more than the statement allows: a '+' sign ('+3'), a '_' between "
                "digits ('3_0'), a tab or a newline around the number ('\\t3', '3\\n'), a space "
                "between the '-' of '-k' and its number ('- 3'), other scripts' digits ('٣'). "
                "Take only the digits 0 to 9 (and the spaces and '-' of the forms): this input "
                "is not correct, so the answer is None.",
                _read_by_int,
            ),
            Hint(
                "This input is not correct, so the answer is None. " + _CORRECT_FORMS,
                lambda case, expected, got: expected is None and got is not None,
            ),
            Hint(
                "This input is correct: leading zeros are accepted, as int() accepts them "
                "('007' is the number 7, '-007' the last 7 lines); only the value must be in "
                "range.",
                _leading_zeros_refused,
            ),
            Hint(
                "This input is correct: n itself is in range (the numbers go from 1 to n, both "
                "included), so compare with <= n, not < n.",
                _n_itself_refused,
            ),
            Hint(
                "This input is correct. " + _CORRECT_FORMS,
                lambda case, expected, got: expected is not None and got is None,
            ),
        ],
    ),
    Task(
        "menu",
        menu,
        [Case((n,)) for n in (1140, 1, 2, 99, 1052)],
        silent=True,
        drawn=_drawn_menus,
        hints=[
            Hint(
                "The menu is returned without a final newline: print() adds one.",
                lambda case, expected, got: got == expected + "\n",
            ),
            Hint(
                "The lines after the first two start with 7 spaces, the width of 'Enter: '.",
                lambda case, expected, got: (
                    got != expected
                    and [line.lstrip() for line in got.split("\n")]
                    == [line.lstrip() for line in expected.split("\n")]
                ),
            ),
        ],
    ),
    Task(
        "view",
        view,
        _view_cases,
        compare="stdout",
        drawn=_drawn_views,
        helper_references=(_MENU, _REQUESTED),
        hints=[
            Hint(
                "input() gets the 7 spaces as its prompt, so what is typed lines up under the q.",
                lambda case, expected, got: (
                    expected.replace(console.INDENT, "") == got.replace(console.INDENT, "")
                    and expected != got
                ),
            ),
            Hint(
                "After an incorrect request the program prints an empty line, no line of "
                "output, and another empty line, then the menu again.",
                _viewed_with(incorrect_shows_empty_lines=False),
            ),
            Hint(
                "An incorrect request still prints the two empty lines before the menu, as any "
                "request does (one after it is read, one after the lines shown, which are none "
                "here): the answer prints only one.",
                _viewed_with(one_empty_line_when_incorrect=True),
            ),
            Hint(
                "An incorrect request does not end the viewer (only q does): print the two empty "
                "lines and ask again.",
                _viewed_with(incorrect_stops=True),
            ),
            Hint(
                "The menu is printed before every request, not only before the first.",
                _viewed_with(menu_every_time=False),
            ),
            Hint(
                "An empty line comes right after the request is read, before the lines asked "
                "for: here the first line shown follows the prompt straight away.",
                _viewed_with(empty_line_before=False),
            ),
            Hint(
                "After the lines shown comes another empty line, before the menu.",
                _viewed_with(empty_line_after=False),
            ),
            Hint(
                "The lines shown come between two empty lines, one right after the request is "
                "read and one before the menu: print('\\n'.join(['', *shown, ''])).",
                _viewed_with(empty_line_before=False, empty_line_after=False),
            ),
            Hint(
                "On q the viewer stops at once: nothing is printed after the q is read (the "
                "empty lines come only with a request that is not q).",
                _viewed_with(empty_line_on_quit=True),
            ),
            Hint(
                "A request shows its first line and its last, both included: line k is "
                "lines[k - 1], so the lines m to n are lines[m - 1:n].",
                _viewed_with(first_line_left_out=True),
            ),
        ],
    ),
    Task(
        "run_program",
        run_program,
        [Case(stdin="0\nq\n"), Case(stdin="2\n5\n-2\nq\n"), Case(stdin="-7\n3--4\nq\n")],
        compare="stdout",
        drawn=_drawn_programs,
        helper_references=(_OUTPUT, _VIEW, *_IN_THE_OUTPUT),
        hints=[
            Hint(
                "Convert the answer with int(): seed('5') and seed(5) shuffle differently.",
                _seeded_with_the_text,
            ),
            Hint(
                "The empty line comes after the prompt, once the seed is typed (print() after "
                "input()), not before the prompt.",
                _empty_line_before_the_prompt,
            ),
            Hint(
                f"The prompt is exactly {SEED_PROMPT!r}, with its final space, given to input().",
                lambda case, expected, got: not got.startswith(SEED_PROMPT),
            ),
            Hint(
                "An empty line comes between the prompt and the first menu.",
                lambda case, expected, got: (
                    got.replace(SEED_PROMPT + "\n", SEED_PROMPT, 1)
                    == expected.replace(SEED_PROMPT + "\n", SEED_PROMPT, 1)
                ),
            ),
        ],
    ),
    Task(
        "simulate",
        course.simulate,
        [
            Case((1, 2), label="the statement's example"),
            Case((100, 0)),
            Case((150, 31)),
            Case((40, -20), label="negative seeds"),
        ],
        compare="stdout",
        drawn=drawn_games_from_seeds(60),
        time_limit=10,
        helper_references=(_LEFT, _STAGE, _PLACE),
        hints=[
            Hint(
                "Lines are 32 characters: the number right-aligned in 20, ' | ', then f'{p:9.2%}'.",
                rows_not_of_width(32),
            ),
            Hint(
                "Lines go by decreasing number of cards left.",
                lambda case, expected, got: sorted(got.split("\n")) == sorted(expected.split("\n")),
            ),
            Hint(
                "Each frequency is a percentage with two decimals: f'{frequency:9.2%}'.",
                percent_not_two_decimals,
            ),
            Hint(
                "Play the n games with seeds i, i + 1, ..., i + n - 1 (range(i, i + n)), and "
                "divide by n.",
                _other_seeds,
            ),
            Hint(
                "Each game is the deal of its own seed, as cards_left(s) plays it: call seed(s) "
                "before the shuffle of every game, for s = i, i + 1, ..., i + n - 1, not seed(i) "
                "once for n shuffles in a row.",
                _seeded_once,
            ),
        ],
    ),
]

#: ``check(function)`` in the exercise notebook.
check = Checker(TASKS)
