"""The checks behind ``exercises/01_aces_in_sequence.ipynb``.

Students work as the course does, with integer codes (0 is the Ace of Hearts, 31 the King of
Spades in the 32-card deck). Each task names the function a student writes; the reference is the
library's engine, translated to codes. Hints are shown only when the answer shows their mistake.
The mistakes students make are in ``tests/mistakes/aces_in_sequence.py``.

>>> from solitaire_lib.aces_in_sequence.exercises import check
>>> def card_glyph(code):
...     return "🂡"
>>> check.run(card_glyph).passed
1
"""

from __future__ import annotations

import contextlib
import inspect
import random
from collections.abc import Callable, Sequence
from typing import Any

from solitaire_lib.aces_in_sequence import console, course, rules
from solitaire_lib.aces_in_sequence.analysis import LOST, win_counts
from solitaire_lib.cards import Card, card_from_code, code_of_card
from solitaire_lib.grading.checks import (
    Case,
    Checker,
    Hint,
    ReturnedWhatItWasGiven,
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
    table_rows,
)
from solitaire_lib.prompt import SEED_PROMPT
from solitaire_lib.rng import shuffled

Function = Callable[..., Any]

_CASES_RNG_SEED = 9021


def _cards(codes: Sequence[int]) -> tuple[Card, ...]:
    return tuple(card_from_code(code, 32) for code in codes)


def _codes(cards: Sequence[Card]) -> list[int]:
    return [code_of_card(card, 32) for card in cards]


# --- References, in the course's codes ----------------------------------------------------------
# A reference calls the library, not another task's reference: in a student's run the references
# are hidden (see ``checks.hide_answers``), and a student's function may be a copy of one.


def shuffled_deck(s: int) -> list[int]:
    return shuffled(list(range(32)), s)


def card_glyph(code: int) -> str:
    return card_from_code(code, 32).glyph


def deal(pile: list[int], n_stacks: int) -> list[list[int]]:
    return rules.deal(pile, n_stacks)


def turn_over(stack: list[int]) -> tuple[list[int], list[int]]:
    position = rules.first_ace_position(_cards(stack))
    if position is None:
        return list(stack), []
    return list(stack[:position]), list(stack[position:])


def _game(s: int) -> rules.Game:
    """The game of seed ``s``, played by the library."""
    return rules.play(list(_cards(shuffled(list(range(32)), s))))


def final_row(s: int) -> list[int]:
    return _codes(_game(s).kept_revealed)


def aces_together(row: list[int]) -> bool:
    return rules.aces_in_sequence(_cards(row))


def _turn(
    index: int,
    thrown: list[int],
    kept: list[int],
    discarded_before: Sequence[int] = (),
    aside_before: Sequence[int] = (),
) -> rules.StackTurn:
    """The engine's record of one stack turned over, from the exercise's arguments."""
    return rules.StackTurn(
        1,
        index,
        _cards([*thrown, *kept]),
        len(thrown) if kept else None,
        _cards(discarded_before),
        _cards(aside_before),
    )


def turn_header(index: int, thrown: list[int], kept: list[int]) -> str:
    return console.turn_header(_turn(index, thrown, kept))


def discard_sentence(thrown: list[int], kept: list[int], discarded_before: list[int]) -> str | None:
    return console.discard_sentence(_turn(0, thrown, kept, discarded_before))


def keep_sentence(kept: list[int], aside_before: list[int]) -> str | None:
    return console.keep_sentence(_turn(0, [], kept, aside_before=aside_before))


def game_output(s: int) -> list[str]:
    return console.game_lines(_game(s))


def run_program() -> None:
    """The course program: the seed prompt, then the game's lines."""
    s = int(input(SEED_PROMPT))
    print("\n".join(console.game_lines(_game(s))))


_EMPTY = "an empty line"
_TURN_ROLES = (
    "the turn's header (which card of which stack is the first ace)",
    "the stacks as this one is turned over: its kept part face up, the ace on top (kept[::-1], "
    "so the ace is the last glyph), the stacks still to come face down",
    "the cards this stack discards, face up, in this stack's column (12 characters a column)",
    "the cards discarded so far in the whole game, before this stack, face up (the discarded "
    "cards are never reset at a new stage)",
    "the cards put aside so far in this stage, face down (the pile put aside is empty at the "
    "start of each stage: it becomes the next deck)",
    _EMPTY,
)
_AFTER_TURN_ROLES = (
    "the stacks still to turn over, face down, in their columns",
    _EMPTY,
    "the cards discarded so far in the whole game, this stack's included, face up",
    "the cards put aside so far in this stage, this stack's included, face down",
    _EMPTY,
)


def game_line_roles(s: int) -> list[str]:
    """What each line of ``game_output(s)`` shows, in words (to say what a wrong line is).

    >>> game_line_roles(0)[:3]
    ['an empty line', 'the sentence that the deck is shuffled', 'the deck, face down: one ] a card']
    """
    game = rules.play(list(_cards(shuffled_deck(s))))
    roles = [_EMPTY, "the sentence that the deck is shuffled", "the deck, face down: one ] a card"]
    roles.append(_EMPTY)
    for stage in game.stages:
        roles += [
            "the stage's title (the deck at the first stage, the cards kept after)",
            "the stacks just dealt, face down, in columns 12 characters wide",
            _EMPTY,
            "the cards discarded so far in the whole game, face up",
            _EMPTY,
            _EMPTY,
        ]
        for turn in stage.turns:
            roles += _TURN_ROLES
            roles += ["the discard sentence"] * bool(turn.discarded_now)
            roles += ["the keep sentence"] * bool(turn.kept_now)
            roles += _AFTER_TURN_ROLES
    roles += [
        "the count of the cards kept",
        "the verdict: won when the four aces are together in the row",
        _EMPTY,
        _EMPTY,
        "the cards discarded in the whole game, face up",
        "the kept cards revealed left to right, from the top of the last pile down (the list "
        "read backwards, as final_row gives it)",
    ]
    return roles


# --- Cases ---------------------------------------------------------------------------------------


def _seeds(count: int) -> list[int]:
    return seeds(count, fixed=[0, 1, 5, 678, -3], rng_seed=_CASES_RNG_SEED)


#: No stack holds more cards than this: the first stage deals 8 cards a stack, the second at most
#: 11 (32 cards on 3 stacks), the third at most 16 (32 cards on 2 stacks). It is a bound, the one
#: the statement gives: ``ORDINALS`` has its sixteen words.
MOST_IN_A_STACK = 16

#: The first deal (seeds from 0 on) whose ace comes ninth in its stack, past the eight cards of a
#: first-stage stack: "Ninth (and last) card in first stack ...", at the second stage.
_NINTH_CARD_ACE = 705


#: Deals whose aces come out before the third stage: together after the first stage (32), the
#: only cards kept after the second (28). All three stages are played all the same.
_EARLY_ACES = (32, 28)
#: Their label, which a report shows beside the call ("It also fails final_row(32)  (...)"): it
#: says what the deal is, never what the function did wrong (held-out 12a read "the aces come
#: out early" under a reversed row, as if it were the mistake).
_EARLY_LABEL = "a deal whose aces are together before the third stage"


def _seed_cases(count: int) -> list[Case]:
    """The seeds of the lesson, then the deals whose aces come out early, then random ones."""
    early = [Case((s,), label=_EARLY_LABEL) for s in _EARLY_ACES]
    return [Case((s,)) for s in _seeds(count)[:5]] + early + [Case((s,)) for s in _seeds(count)[5:]]


def _deal_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    cases = [Case(([7, 8], 2)), Case((list(range(10)), 3)), Case((shuffled_deck(0), 4))]
    for _ in range(25):
        size = rng.randrange(1, 33)
        cases.append(Case((rng.sample(range(32), size), rng.choice([2, 3, 4, 5]))))
    return cases


def _turn_over_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    cases = [
        Case(([0, 1, 2],)),
        Case(([1, 2, 8],)),
        Case(([3, 4, 5],)),
        Case(([24],)),
        Case(([3, 16, 4, 8],)),
    ]
    for _ in range(40):
        cases.append(Case((rng.sample(range(32), rng.randrange(1, MOST_IN_A_STACK + 1)),)))
    return cases


#: The label of a row whose four cards from the first ace are not all aces, and add up as the
#: four aces do.
_SAME_SUM = (
    "a row where the four cards from the first ace add up to 48, as the aces do, but are not all "
    "aces"
)


def _row_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    cases = [
        Case(([0, 8, 16, 24],)),
        Case(([5, 0, 8, 16, 24, 3],)),
        Case(([0, 1, 8, 16, 24],)),
        Case(([24, 16, 8, 0, 7],)),
        Case(([3, 8, 0, 4, 24, 16],)),
        Case(([0, 1, 23, 24, 8, 16],), label=_SAME_SUM),
    ]
    for _ in range(30):
        non_aces = [code for code in range(32) if code % 8]
        row = [*rng.sample(non_aces, rng.randrange(0, 6)), 0, 8, 16, 24]
        rng.shuffle(row)
        cases.append(Case((row,)))
    return cases


def _turns_of_real_games() -> list[rules.StackTurn]:
    turns = []
    for s in _seeds(25):
        game = rules.play(list(_cards(shuffled_deck(s))))
        turns += [turn for stage in game.stages for turn in stage.turns]
    return turns


def _split(turn: rules.StackTurn) -> tuple[list[int], list[int]]:
    return _codes(turn.discarded_now), _codes(turn.kept_now)


#: The label of turn_header's case of an empty stack, which no game deals: shown only where no
#: other case fails (:attr:`Task.simplest`).
_EMPTY_STACK = "an empty stack: kept is empty, so no ace"


def _header_cases() -> list[Case]:
    cases = [
        Case((0, [], [0])),
        Case((1, [3, 4], [8])),
        Case((2, [1, 2], [16, 5])),
        Case((1, [1, 2, 3], [])),
        # The statement's "when kept is empty" holds for an empty stack too (held-out set 14a).
        Case((3, [], []), label=_EMPTY_STACK),
        Case((0, [1, 2, 3, 4, 5, 6, 7, 9], [8]), label="an ace ninth in its stack"),
        Case(
            (1, [code for code in range(1, 32) if code % 8][: MOST_IN_A_STACK - 1], [0]),
            label=f"a stack of {MOST_IN_A_STACK} cards, the statement's bound",
        ),
    ]
    return cases + [Case((t.index, *_split(t))) for t in _turns_of_real_games()[::3]]


def _discard_cases() -> list[Case]:
    cases = [
        Case(([], [0], [])),
        Case(([3], [8], [])),
        Case(([3], [8], [5])),
        Case(([3, 4], [8], [])),
        Case(([3, 4], [], [6])),
        Case(([3], [], [])),
        Case(([], [], []), label="an empty stack: nothing thrown, so None"),
        Case(([], [], [5]), label="an empty stack: nothing thrown, so None"),
    ]
    return cases + [Case((*_split(t), _codes(t.discarded_before))) for t in _turns_of_real_games()]


def _keep_cases() -> list[Case]:
    cases = [
        Case(([0], [])),
        Case(([0], [9])),
        Case(([0, 3], [])),
        Case(([0, 3, 4], [9])),
        Case(([], [])),
    ]
    return cases + [
        Case((_codes(t.kept_now), _codes(t.aside_before))) for t in _turns_of_real_games()
    ]


def _drawn_deals(rng: random.Random) -> list[Case]:
    """Piles of any size, from none to the whole deck, onto one to eight stacks."""
    return [
        Case((rng.sample(range(32), rng.randrange(0, 33)), rng.randrange(1, 9))) for _ in range(8)
    ]


def _drawn_stack(rng: random.Random, most: int = 32) -> list[int]:
    """A stack of one to ``most`` cards drawn from the deck: with an ace or without, anywhere."""
    return rng.sample(range(32), rng.randrange(1, most + 1))


def _drawn_stacks(rng: random.Random) -> list[Case]:
    return [Case((_drawn_stack(rng),)) for _ in range(8)]


def _drawn_rows(rng: random.Random) -> list[Case]:
    """Rows of the four aces and up to 28 other cards; the aces side by side in every other one."""
    cases = []
    for k in range(8):
        others = rng.sample([code for code in range(32) if code % 8], rng.randrange(0, 29))
        aces = rng.sample([0, 8, 16, 24], 4)
        if k % 2:
            place = rng.randrange(0, len(others) + 1)
            row = [*others[:place], *aces, *others[place:]]
        else:
            row = others + aces
            rng.shuffle(row)
        cases.append(Case((row,)))
    return cases


def _drawn_split(rng: random.Random) -> tuple[list[int], list[int]]:
    """``turn_over`` of a stack of up to ``MOST_IN_A_STACK`` cards drawn at random (no stack of
    the game holds more, and ``ORDINALS`` has as many words): (thrown, kept)."""
    return turn_over(_drawn_stack(rng, MOST_IN_A_STACK))


def _drawn_others(rng: random.Random, split: tuple[list[int], list[int]]) -> list[int]:
    """Up to 8 cards, none of those in ``split``: none at all one time in three."""
    rest = [code for code in range(32) if code not in split[0] + split[1]]
    return [] if rng.randrange(3) == 0 else rng.sample(rest, min(len(rest), rng.randrange(1, 9)))


def _drawn_headers(rng: random.Random) -> list[Case]:
    """Any of the four stacks of a stage, turned over."""
    return [Case((rng.randrange(0, 4), *_drawn_split(rng))) for _ in range(8)]


def _drawn_discards(rng: random.Random) -> list[Case]:
    splits = [_drawn_split(rng) for _ in range(8)]
    return [Case((*split, _drawn_others(rng, split))) for split in splits]


def _drawn_keeps(rng: random.Random) -> list[Case]:
    splits = [_drawn_split(rng) for _ in range(8)]
    return [Case((split[1], _drawn_others(rng, split))) for split in splits]


def _drawn_typed_seeds(rng: random.Random) -> list[Case]:
    return [Case(stdin=f"{rng.randrange(-10_000, 1_000_000)}\n") for _ in range(2)]


def _lists_of_its_own(
    name: str, given: dict[int, str], kept: str
) -> Callable[[Function], Function]:
    """A task's adapter: the function (the task ``name``'s) is called twice on the same
    arguments, and fails with
    :class:`~solitaire_lib.grading.checks.ReturnedWhatItWasGiven` where a list it returns is an
    argument (``given``: the message for argument ``i``, as
    :func:`~solitaire_lib.grading.checks.returning_new_objects` says it), one list stands for
    two parts of one answer, or the second call returns a list the first returned (``kept``,
    what the statement calls it). Results cross as plain data, where one list and two equal
    lists are the same, so only the student's run can see it (held-out 15a: ``shuffled_deck``
    kept each seed's deck in a default argument; ``turn_over`` returned ``stack`` itself). The
    first call's answer is the one judged, and the random state is put back as the first call
    left it, so that the second call changes nothing else the check sees (a ``shuffle`` before
    ``seed(s)`` still gives another deck).

    >>> def cached(s, _decks={}):
    ...     return _decks.setdefault(s, [s])
    >>> _lists_of_its_own("shuffled_deck", {}, "deck")(cached)(3)
    Traceback (most recent call last):
    ...
    solitaire_lib.grading.checks.ReturnedWhatItWasGiven: it returned the very list an earlier \
call returned: two calls shuffled_deck(3) gave one list object, not a deck each. Make the deck a \
new list in every call (a list kept from call to call, in a default argument or a global, is \
changed by a caller that changes its deck, and then every later deck of that seed is changed too)
    >>> _lists_of_its_own("shuffled_deck", {}, "deck")(lambda s: [s])(3)
    [3]
    """

    def adapt(function: Function) -> Function:
        checked = returning_new_objects(given)(function)

        def adapted(*args: Any) -> Any:
            first = checked(*args)
            twice = _one_list_twice(first)
            if twice:
                raise ReturnedWhatItWasGiven(twice)
            state = random.getstate()
            second = checked(*args)
            random.setstate(state)
            if any(part is earlier for part in _lists_in(second) for earlier in _lists_in(first)):
                call = f"{name}({', '.join(repr(a) for a in args)})"
                raise ReturnedWhatItWasGiven(
                    f"it returned the very list an earlier call returned: two calls {call} gave "
                    f"one list object, not a {kept} each. Make the {kept} a new list in every "
                    "call (a list kept from call to call, in a default argument or a global, is "
                    f"changed by a caller that changes its {kept}, and then every later {kept} of "
                    "that seed is changed too)"
                    if kept == "deck"
                    else f"it returned the very list an earlier call returned: two calls {call} "
                    f"gave one list object, not new {kept} each. Make each part a new list in "
                    "every call, so that a caller that changes one answer changes no other"
                )
            return first

        adapted.__name__ = getattr(function, "__name__", "function")
        with contextlib.suppress(TypeError, ValueError):  # a report names the arguments
            adapted.__signature__ = inspect.signature(function)  # type: ignore[attr-defined]
        return adapted

    return adapt


def _lists_in(result: Any) -> list[Any]:
    """The lists a result is or holds as its parts (a tuple's or a list's items)."""
    if type(result) is list:
        return [result, *(part for part in result if type(part) is list)]
    if type(result) is tuple:
        return [part for part in result if type(part) is list]
    return []


def _one_list_twice(result: Any) -> str:
    """Why a tuple answer's parts are one list (``''`` where they are not).

    >>> both = []
    >>> _one_list_twice((both, both))[:40]
    'it returned one list as both discarded a'
    >>> _one_list_twice(([], []))
    ''
    """
    parts = [part for part in result if type(part) is list] if type(result) is tuple else []
    if any(a is b for i, a in enumerate(parts) for b in parts[i + 1 :]):
        return (
            "it returned one list as both discarded and kept: make each part a list of its own "
            "(adding to one would add to the other)"
        )
    return ""


# --- Hints: each shown only when the answer shows its mistake -----------------------------------


def _not_the_32_codes(case: Case, expected: Any, got: Any) -> bool:
    return sorted(got) != list(range(32))


def _reversed_result(case: Case, expected: Any, got: Any) -> bool:
    return bool(got == expected[::-1] and got != expected)


def _same_codes_other_order(case: Case, expected: Any, got: Any) -> bool:
    """The right codes in another order (not the right list in another type)."""
    return sorted(got) == sorted(expected) and list(got) != expected


#: What a seed becomes on a wrong way to seed(): read as text, or cut to its lowest 32 bits.
_SEEDS_CHANGED: tuple[Callable[[int], Any], ...] = (str, lambda s: s & 0xFFFFFFFF)


def _seed_changed_on_its_way(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``shuffled_deck``: the deck is the one a changed seed gives (``str(s)``, or
    ``s & 0xFFFFFFFF``), shuffled the right way.

    >>> as_text = _deck_seeded_with("-3")
    >>> _seed_changed_on_its_way(Case((-3,)), shuffled_deck(-3), as_text)
    True
    >>> _seed_changed_on_its_way(Case((-3,)), shuffled_deck(-3), shuffled_deck(-3)[::-1])
    False
    """
    s = case.args[0]
    return got != expected and any(got == _deck_seeded_with(change(s)) for change in _SEEDS_CHANGED)


def _deck_seeded_with(value: Any) -> list[int]:
    """The codes 0 to 31 shuffled after ``seed(value)``, whatever the value's type."""
    deck = list(range(32))
    random.Random(value).shuffle(deck)
    return deck


def _shuffled_by_numpy(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``shuffled_deck``: the deck is the one numpy's generator gives for the seed
    (``numpy.random.seed(s)`` then ``numpy.random.shuffle``, or ``numpy.random.default_rng(s)``),
    held-out 15a's sd_np_seeded. (numpy refuses a negative seed: that case raised.)

    >>> import numpy
    >>> deck = list(range(32))
    >>> numpy.random.RandomState(5).shuffle(deck)
    >>> _shuffled_by_numpy(Case((5,)), shuffled_deck(5), deck)
    True
    >>> _shuffled_by_numpy(Case((5,)), shuffled_deck(5), shuffled_deck(5)[::-1])
    False
    """
    import numpy  # only where a deck failed: the check itself needs no numpy

    s = case.args[0]
    decks = [list(range(32)), list(range(32))]
    numpy.random.RandomState(s).shuffle(decks[0])
    numpy.random.default_rng(s).shuffle(decks[1])
    return got != expected and got in decks


def _other_order_from_the_seed_given(case: Case, expected: Any, got: Any) -> bool:
    """The right codes in another order, where the seed itself reached seed()."""
    return _same_codes_other_order(case, expected, got) and not _seed_changed_on_its_way(
        case, expected, got
    )


#: Which codes are the aces, as the hints about finding them say it.
_ACE_CODES = (
    "The aces are the codes divisible by 8 (0, 8, 16 and 24: code % 8 == 0 in the 32-card deck)."
)


_NEXT_ORDINAL = {
    a.lower(): b.lower() for a, b in zip(console.ORDINALS, console.ORDINALS[1:], strict=False)
}


def _ordinal_off_by_one(case: Case, expected: str, got: str) -> bool:
    """Every word that differs is the next ordinal ('second' for 'first')."""
    pairs = [
        (a.lower(), b.lower())
        for a, b in zip(expected.split(), got.split(), strict=False)
        if a != b
    ]
    same_length = len(expected.split()) == len(got.split())
    return same_length and bool(pairs) and all(_NEXT_ORDINAL.get(a) == b for a, b in pairs)


def _ace_position_one_before(case: Case, expected: str, got: str) -> bool:
    """Is the ace's position the word before the right one (``ORDINALS[len(thrown) - 1]``,
    which is 'Sixteenth' for an ace on top)?

    >>> right = "Second (and last) card in first stack, after it has been turned over, is an ace."
    >>> _ace_position_one_before(Case((0, [3], [0])), right, right.replace("Second", "First"))
    True
    """
    thrown = case.args[1]
    right, before = console.ORDINALS[len(thrown)], console.ORDINALS[len(thrown) - 1]
    return expected.startswith(right) and got == before + expected[len(right) :]


def _numbered_for_one(said: str, numbered: str) -> Callable[[Case, Any, Any], bool]:
    """A hint test: the answer writes ``numbered`` ('the 1 cards after') where the statement's
    words for one card are ``said`` ('the card after').

    >>> test = _numbered_for_one("the card after", "the 1 cards after")
    >>> right = "Keeping the ace and the card after, turning them over."
    >>> test(Case(), right, right.replace("the card", "the 1 cards"))
    True
    """
    return lambda case, expected, got: said in expected and got == expected.replace(said, numbered)


def _one_card_without_an_ace_said_otherwise(case: Case, expected: Any, got: Any) -> bool:
    """One card thrown from a stack with no ace, said otherwise than 'all cards in the stack'
    (as 'the card in the stack'), the rest of the sentence right."""
    thrown, kept = case.args[0], case.args[1]
    start, whole = expected.removesuffix("all cards in the stack."), "all cards in the stack."
    return (
        len(thrown) == 1
        and not kept
        and expected.endswith(whole)
        and type(got) is str
        and got.startswith(start)
        and got.endswith(".")
        and got != expected
    )


def _knight_not_skipped(case: Case, expected: str, got: str) -> bool:
    """A Queen or a King one code point too low: the Knight's place was not skipped."""
    queen_or_king = case.args[0] % 8 in (6, 7)
    return queen_or_king and len(got) == 1 and ord(got) == ord(expected) - 1


def _one_code_point_low_after_the_ace(case: Case, expected: str, got: str) -> bool:
    """Is a card after the Ace (a 7 to a King) one code point too low, the Ace not in question?

    >>> _one_code_point_low_after_the_ace(Case((1,)), "🂷", "🂶")  # the 7 of Hearts as the 6
    True
    """
    return case.args[0] % 8 > 0 and _one_code_point_low(case, expected, got)


def _one_code_point_low(case: Case, expected: str, got: str) -> bool:
    """Any card one code point too low, as when each suit is counted from place 0 of its block."""
    return len(got) == 1 and ord(got) == ord(expected) - 1


def _wrong_suit_block(case: Case, expected: str, got: str) -> bool:
    return (
        len(got) == 1
        and ord(got) >> 4 != ord(expected) >> 4
        and (ord(got) & 15) == (ord(expected) & 15)
    )


def _aces_end_the_row(case: Case, expected: Any, got: Any) -> bool:
    """Are the aces together as the last four cards (missed by a window one short)?"""
    row = case.args[0]
    positions = sorted(row.index(ace) for ace in (0, 8, 16, 24))
    return expected and not got and positions[0] == len(row) - 4


def _aces_positions(row: list[int]) -> list[int]:
    """Where the aces are, in suit order (Hearts, Diamonds, Clubs, Spades).

    >>> _aces_positions([5, 16, 0, 8, 24])
    [2, 3, 1, 4]
    """
    return [row.index(ace) for ace in (0, 8, 16, 24)]


def _aces_start_the_row(case: Case, expected: Any, got: Any) -> bool:
    """Are the aces together as the first four cards (missed by a search that skips place 0)?"""
    return expected and not got and min(_aces_positions(case.args[0])) == 0


def _aces_together_out_of_suit_order(case: Case, expected: Any, got: Any) -> bool:
    """Are the aces together but not in suit order (missed by a search for 0, 8, 16, 24)?"""
    positions = _aces_positions(case.args[0])
    return expected and not got and positions != sorted(positions)


def _aces_together_after_the_start(case: Case, expected: Any, got: Any) -> bool:
    """Are the aces together somewhere after the first place (missed by a look at row[:4])?"""
    return expected and not got and min(_aces_positions(case.args[0])) > 0


def _aces_together_before_the_end(case: Case, expected: Any, got: Any) -> bool:
    """Are the aces together somewhere before the last four places (missed by a look at
    row[-4:])?"""
    row = case.args[0]
    return expected and not got and min(_aces_positions(row)) < len(row) - 4


def _four_multiples_of_four_said_aces(case: Case, expected: Any, got: Any) -> bool:
    """True for a row with four codes divisible by 4 side by side, not all of them aces."""
    row = case.args[0]
    windows = (row[i : i + 4] for i in range(len(row) - 3))
    return (
        got is True
        and expected is False
        and any(all(code % 4 == 0 for code in window) for window in windows)
    )


def _aces_apart_said_together(case: Case, expected: Any, got: Any) -> bool:
    """The answer is True for a row whose four aces are not in four places side by side."""
    return got is True and expected is False


def _swapped_pair(case: Case, expected: Any, got: Any) -> bool:
    return type(got) is tuple and len(got) == 2 and got == (expected[1], expected[0])


def _kept_without_ace(case: Case, expected: Any, got: Any) -> bool:
    return bool(got[0] == expected[0] and got[1] == expected[1][1:] and expected[1])


def _empty_instead_of_none(case: Case, expected: Any, got: Any) -> bool:
    return expected is None and got == ""


def _lines_with_trailing_spaces(case: Case, expected: Any, got: Any) -> bool:
    """Does a line end with a space or a tab (a final newline is another mistake, said apart)?"""
    return type(got) is list and any(
        type(line) is str and line.rstrip("\n") != line.rstrip("\n").rstrip(" \t") for line in got
    )


def _output_as_list(case: Case, expected: str, got: str) -> bool:
    return "['', 'Deck shuffled" in got


def _seeded_with_the_text(case: Case, expected: str, got: str) -> bool:
    """Is the output the game seeded with the text typed (``seed('5')``), not the number?"""
    typed = (case.stdin or "").rstrip("\n")
    return got != expected and got == SEED_PROMPT + "\n".join(game_output(typed)) + "\n"  # type: ignore[arg-type]


def _another_card_glyph(case: Case, expected: str, got: str) -> bool:
    """Is the answer the glyph of a playing card, but not this one?"""
    return len(got) == 1 and 0x1F0A1 <= ord(got) <= 0x1F0DF and got != expected


def _is_ace(code: int) -> bool:
    return code % 8 == 0


def _stacks_shifted_one_on(case: Case, expected: Any, got: Any) -> bool:
    """Did every stack get the cards of the stack before it (dealing started at stack 1)?"""
    return len(expected) > 1 and got == expected[-1:] + expected[:-1] != expected


def _one_list_for_every_stack(case: Case, expected: Any, got: Any) -> bool:
    """Does every stack hold every card of the pile (the stacks are one list, ``[[]] * n``)?

    >>> _one_list_for_every_stack(Case(([14], 3)), [[14], [], []], [[14], [14], [14]])
    True
    """
    pile = case.args[0]
    return (
        len(got) > 1
        and len(pile) > 0
        and all(stack == got[0] for stack in got)
        and sorted(got[0]) == sorted(pile)
    )


def _dealt_in_blocks(case: Case, expected: Any, got: Any) -> bool:
    """Do the stacks, read one after the other, give the pile in order, a block of two cards or
    more in some stack? (With a card or none in each, a block is a card dealt in turn.)"""
    pile = case.args[0]
    if type(got) is not list or not all(type(stack) is list for stack in got):
        return False
    in_a_row = [code for stack in got for code in stack]
    a_block = any(len(stack) > 1 for stack in got)
    return got != expected and a_block and in_a_row in (pile, pile[::-1])


def _empty_stacks_left_out(case: Case, expected: Any, got: Any) -> bool:
    """Are the stacks right, but fewer, the missing ones the stacks that get no card?

    >>> _empty_stacks_left_out(Case(([14], 4)), [[14], [], [], []], [[14]])
    True
    """
    return (
        len(got) < len(expected) and got == expected[: len(got)] and not any(expected[len(got) :])
    )


def _split_of(stack: list[int], got: Any) -> bool:
    """Is the answer two lists that, put together, are the stack as given?"""
    return len(got) == 2 and list(got[0]) + list(got[1]) == stack


def _no_ace_in_stack(case: Case, expected: Any, got: Any) -> bool:
    return not any(_is_ace(code) for code in case.args[0])


def _split_elsewhere(case: Case, expected: Any, got: Any) -> bool:
    """The stack split in two at another place than its first ace."""
    return _split_of(case.args[0], got) and list(got) != list(expected)


def _split_of_the_reversed_stack(case: Case, expected: Any, got: Any) -> bool:
    return _split_of(case.args[0][::-1], got) and got != expected


def _row_of(
    s: int,
    stages: Sequence[int] = (4, 3, 2),
    stacks_backwards: bool = False,
    ace_on_top: bool = False,
    whole_deck_each_stage: bool = False,
    from_last_dealt: bool = False,
    aside_reversed: bool = False,
    deck_reversed: bool = False,
    zero_not_an_ace: bool = False,
) -> list[int]:
    """The final row of a game played with a mistake (the keywords); the reference without one.
    ``from_last_dealt`` turns each stack over from its last card dealt (its part kept from
    there, put back in the order dealt); ``aside_reversed`` deals each later stage from the pile
    put aside read the other way; ``deck_reversed`` deals the first stage from the shuffled deck
    read the other way (from deck[0]); ``zero_not_an_ace`` turns each stack over as if code 0,
    the Ace of Hearts, were no ace."""
    deck = shuffled_deck(s)[::-1] if deck_reversed else shuffled_deck(s)
    pile = deck
    for stage, n_stacks in enumerate(stages):
        later = pile[::-1] if aside_reversed and stage else pile
        stacks = deal(deck if whole_deck_each_stage else later, n_stacks)
        if from_last_dealt:
            kept_parts = [turn_over(stack[::-1])[1][::-1] for stack in stacks]
        elif zero_not_an_ace:
            kept_parts = [_kept_when_code_zero_is_no_ace(stack) for stack in stacks]
        else:
            kept_parts = [turn_over(stack)[1] for stack in stacks]
        if stacks_backwards:
            kept_parts.reverse()
        pile = [code for part in kept_parts for code in (part[::-1] if ace_on_top else part)]
    return pile[::-1]


def _kept_when_code_zero_is_no_ace(stack: list[int]) -> list[int]:
    """The part of ``stack`` kept where the ace test also asks ``code`` to be true (``if code and
    code % 8 == 0``), so that code 0, the Ace of Hearts, is never taken as an ace.

    >>> _kept_when_code_zero_is_no_ace([3, 0, 5, 8, 1])
    [8, 1]
    """
    aces = [index for index, code in enumerate(stack) if code != 0 and code % 8 == 0]
    return stack[aces[0] :] if aces else []


def _read_either_way(row_of: Callable[[int], list[int]]) -> Callable[[Case, Any, Any], bool]:
    """A hint test: the answer is ``row_of(s)``, the final row of a game played with a mistake,
    read from the top down (as final_row reads it) or from the bottom up.

    >>> test = _read_either_way(lambda s: [s, 0])
    >>> test(Case((5,)), [0, 5, 1], [5, 0]), test(Case((5,)), [0, 5, 1], [0, 5])
    (True, True)
    """

    def applies(case: Case, expected: Any, got: Any) -> bool:
        row = row_of(case.args[0])
        return got != expected and got in (row, row[::-1])

    return applies


def _turned_from_the_last_dealt(case: Case, expected: Any, got: Any) -> bool:
    """The row of stacks turned over from their last card dealt, each kept part put aside in
    the order dealt or reversed (a hint test)."""
    s = case.args[0]
    rows = [_row_of(s, from_last_dealt=True, ace_on_top=flip) for flip in (False, True)]
    return got != expected and got in rows


def _row_after_fewer_stages(case: Case, expected: Any, got: Any) -> bool:
    """Is the answer the row (read either way) after the first stage, or the first two?"""
    s = case.args[0]
    rows = [_row_of(s, stages) for stages in ((4,), (4, 3))]
    return got != expected and any(got in (row, row[::-1]) for row in rows)


def _percentages(text: str) -> list[float]:
    return [float(row.split("|")[1].strip(" %")) for row in table_rows(text) if "|" in row]


def _frequencies_add_up_to_all(case: Case, expected: str, got: str) -> bool:
    """Do the answer's frequencies add up to 100%, where the right ones add up to the wins?"""
    return abs(sum(_percentages(got)) - 100) < 0.1 and sum(_percentages(expected)) < 99.9


def _zero_lines_added(case: Case, expected: str, got: str) -> bool:
    r"""Does the answer print a 0.00% line for a count that no won game left?

    >>> right = "H\n-\n 4 |    16.67%\n 6 |    11.11%\n"
    >>> _zero_lines_added(Case(), right, right.replace(" 6 |", " 5 |     0.00%\n 6 |"))
    True
    """
    return got != expected and 0.0 in _percentages(got) and 0.0 not in _percentages(expected)


def _table(first_seed: int, games: int, per: int) -> str:
    """The printed table for the ``games`` seeds from ``first_seed`` on, each count over ``per``
    games (a table made with a mistake about the seeds)."""
    width = course.HEADER.index(" |")
    counts = win_counts(games, first_seed).counts if games else {}
    rows = [
        f"{left:>{width}} | {counts[left] / per:9.2%}" for left in sorted(counts) if left != LOST
    ]
    return "\n".join([course.HEADER, "-" * len(course.HEADER), *rows]) + "\n"


def _rows_in_another_order(case: Case, expected: str, got: str) -> bool:
    rows = table_rows(got)
    return rows != table_rows(expected) and sorted(rows) == sorted(table_rows(expected))


def _numbers_not_right_aligned(case: Case, expected: str, got: str) -> bool:
    """The rows have the right words but the number of cards does not end at column 33."""
    rows, wanted = table_rows(got), table_rows(expected)
    return (
        rows != wanted
        and [row.split() for row in rows] == [row.split() for row in wanted]
        and any(not row.startswith(" ") for row in rows)
    )


def _other_seeds(case: Case, expected: str, got: str) -> bool:
    """Is the answer the table of other seeds than i, ..., i + n - 1 (one more, one fewer, from
    0, up to n read as the last seed: range(i, n), ...)?"""
    n, i = case.args
    ranges = [
        (i, n + 1),
        (i, n - 1),
        (i + 1, n),
        (i - 1, n + 1),
        (0, n),
        (1, n),
        (i, max(n - i, 0)),
    ]
    tables = {_table(first, games, per) for first, games in ranges for per in (n, games)}
    return got != expected and got in tables


#: The four aces, sorted: a row whose first four cards sort so starts with them.
_THE_ACES = sorted(code for code in range(32) if code % 8 == 0)


def _table_of_wins_by_the_first_four(case: Case) -> str:
    """The printed table of a simulation that calls a game won only when the aces are the
    final row's first four cards (a mistake: they may be together anywhere in the row)."""
    n, first_seed = case.args
    wins: dict[int, int] = {}
    for seed in range(first_seed, first_seed + n):
        row = final_row(seed)
        if sorted(row[:4]) == _THE_ACES:
            wins[len(row)] = wins.get(len(row), 0) + 1
    width = course.HEADER.index(" |")
    rows = [f"{left:>{width}} | {wins[left] / n:9.2%}" for left in sorted(wins)]
    return "\n".join([course.HEADER, "-" * len(course.HEADER), *rows]) + "\n"


def _won_only_by_the_first_four(case: Case, expected: str, got: str) -> bool:
    """Is the answer the table of games called won only when the aces start the final row?"""
    return got != expected and got == _table_of_wins_by_the_first_four(case)


_PROMPT_THEN_A_BLANK = SEED_PROMPT + "\n\n"


def _position_past_the_eighth_missing(case: Case, expected: Any, got: Any) -> bool:
    """A hint test: the call raised IndexError, and (for ``turn_header``'s cases, which say it)
    the ace is past the eighth card of its stack, so the word of its position was missing. A
    whole game's case (a seed) cannot say which word was missing.

    >>> raised = "IndexError: list index out of range"
    >>> _position_past_the_eighth_missing(Case((0, list(range(1, 10)), [8])), "", raised)
    True
    >>> _position_past_the_eighth_missing(Case((3, [2], [16])), "", raised)
    False
    """
    if not str(got).startswith("IndexError"):
        return False
    if len(case.args) != 3:
        return True
    _, thrown, kept = case.args
    return bool(kept) and len(thrown) >= 8


def _stack_word_missing(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``turn_header``: IndexError on the fourth stack (index 3), where the ace
    (if any) is among the first eight cards, so the word of the stack was missing.

    >>> _stack_word_missing(Case((3, [2], [16])), "", "IndexError: list index out of range")
    True
    >>> _stack_word_missing(Case((2, [2], [16])), "", "IndexError: list index out of range")
    False
    """
    if not str(got).startswith("IndexError") or _position_past_the_eighth_missing(
        case, expected, got
    ):
        return False
    return bool(case.args[0] >= 3)


_ORDINALS_HINT = Hint(
    "An ace can come after the eighth card of its stack (stacks of the second stage hold up to 11 "
    f"cards, of the third up to {MOST_IN_A_STACK}): ORDINALS needs all sixteen words, up to "
    "'Sixteenth'.",
    _position_past_the_eighth_missing,
    errors=True,
)

_ORDER_HINT = (
    "Read the row from the top of the last pile down: the top card is the last element, so the "
    "row is the pile reversed."
)

# --- The earlier tasks' functions that a later one calls ------------------------------------------
# Each is compared call by call with its reference, exactly, as its own task compares it: where the
# student's own one differs, the report says "fix deal first" instead of a hint about final_row.
# A simulation plays many games and a game draws many cards: only the first calls of a case are
# compared.

_DECK = helper_reference("shuffled_deck", shuffled_deck, "shuffle the deck", first_calls=5)
_GLYPH = helper_reference("card_glyph", card_glyph, "give the card's character", first_calls=20)
_DEAL = helper_reference("deal", deal, "deal the stacks", first_calls=6)
_TURN = helper_reference("turn_over", turn_over, "turn the stack over", first_calls=18)
#: aces_together is compared on every game of a simulation, final_row on its first 100: a wrong
#: one may err on a few rows only (the aces at the end of the row).
_ROW = helper_reference("final_row", final_row, "give the final row", first_calls=100)
_TOGETHER = helper_reference("aces_together", aces_together, "give the answer")
_HEADER = helper_reference("turn_header", turn_header, "write the header")
_DISCARD = helper_reference("discard_sentence", discard_sentence, "write the sentence")
_KEEP = helper_reference("keep_sentence", keep_sentence, "write the sentence")
_GAME = helper_reference("game_output", game_output, "give the game's lines")
#: What a game calls (final_row and game_output deal and turn the stacks over).
_IN_A_GAME = (_DECK, _DEAL, _TURN)
_IN_THE_OUTPUT = (*_IN_A_GAME, _GLYPH, _TOGETHER, _HEADER, _DISCARD, _KEEP)

TASKS = [
    Task(
        "shuffled_deck",
        shuffled_deck,
        lambda: [Case((s,)) for s in _seeds(15)],
        drawn=drawn_seeds(5),
        adapter=_lists_of_its_own("shuffled_deck", {}, "deck"),
        hints=[
            Hint(
                "The deck is the 32 codes 0, 1, ..., 31, each once, in increasing order before "
                "the shuffle.",
                _not_the_32_codes,
            ),
            Hint(
                "Return the list as shuffle() leaves it, not reversed (random.sample would give it "
                "reversed): its last element is the top of the deck.",
                _reversed_result,
            ),
            Hint(
                "Use the random module's seed and shuffle (from random import seed, shuffle), "
                "not numpy's: numpy's generator shuffles another way from the same seed.",
                _shuffled_by_numpy,
            ),
            Hint(
                "Call seed(s) just before shuffle(cards), and shuffle the list in increasing "
                "order.",
                _other_order_from_the_seed_given,
            ),
            Hint(
                "Give seed() the number s itself, unchanged: a text (str(s)) or a part of its "
                "bits (s & 0xFFFFFFFF, which changes a negative or a large seed) seeds another "
                "shuffle.",
                _seed_changed_on_its_way,
            ),
        ],
    ),
    Task(
        "card_glyph",
        card_glyph,
        [Case((code,)) for code in range(32)],
        silent=True,
        hints=[
            Hint(
                "U+1F0AC (and the same place in every suit) is the Knight, which the deck does not "
                "have: the Queen and the King come one place later.",
                _knight_not_skipped,
            ),
            Hint(
                "After the Ace, each card is at the place of its rank in its suit's Unicode "
                "block: the 7 at place 7 (U+1F0B7 for the 7 of Hearts), the 8 at 8, up to the "
                "Jack at 11, then the Queen at 13 and the King at 14 (place 12, the Knight, is "
                "skipped). Here a card after the Ace is one code point too low.",
                _one_code_point_low_after_the_ace,
            ),
            Hint(
                "Each suit's Ace is at place 1 of its Unicode block (U+1F0B1 for the Ace of "
                "Hearts), not place 0 (U+1F0B0 is the back of a card): here the card is one code "
                "point too low.",
                _one_code_point_low,
            ),
            Hint(
                "Codes 0-7 are Hearts (U+1F0B1...), 8-15 Diamonds (U+1F0C1...), 16-23 Clubs "
                "(U+1F0D1...), 24-31 Spades (U+1F0A1...).",
                _wrong_suit_block,
            ),
            Hint(
                "Code c is the card of suit c // 8 (8 cards a suit in the 32-card deck: Hearts, "
                "Diamonds, Clubs, Spades) and rank c % 8, the ranks going Ace, 7, 8, 9, 10, Jack, "
                "Queen, King: places 1, 7, 8, 9, 10, 11, 13 and 14 of the suit's Unicode block "
                "(U+1F0B1 is the Ace of Hearts; place 12, the Knight, is skipped).",
                _another_card_glyph,
            ),
        ],
    ),
    Task(
        "deal",
        deal,
        _deal_cases,
        drawn=_drawn_deals,
        hints=[
            Hint(
                "The top of the pile is its last element: pile[-1] goes to the first stack.",
                got_what(lambda pile, n: deal(pile[::-1], n)),
            ),
            Hint(
                "Each stack lists its cards in the order they were dealt to it: first dealt first.",
                got_what(lambda pile, n: [stack[::-1] for stack in deal(pile, n)]),
            ),
            Hint(
                "The first stack, stacks[0], gets the top card.",
                got_what(lambda pile, n: deal(pile, n)[::-1]),
            ),
            Hint(
                "The top card, pile[-1], goes to the first stack, stacks[0]: dealing starts at "
                "stack 0, not stack 1.",
                _stacks_shifted_one_on,
            ),
            Hint(
                "There are always n_stacks stacks, even when the pile has fewer cards than "
                "stacks: the stacks that get no card are empty lists ([]).",
                _empty_stacks_left_out,
            ),
            Hint(
                "Deal one card to each stack in turn, not a block of cards to each stack.",
                _dealt_in_blocks,
            ),
            Hint(
                "Each stack must be a list of its own: here every stack holds every card, as "
                "when all the stacks are one same list ([[]] * n_stacks repeats one list n "
                "times; make a new empty list for each stack).",
                _one_list_for_every_stack,
            ),
        ],
    ),
    Task(
        "turn_over",
        turn_over,
        _turn_over_cases,
        drawn=_drawn_stacks,
        returns=("discarded", "kept"),
        adapter=_lists_of_its_own(
            "turn_over",
            {
                0: "it returned the list stack it was given as a part of its answer, not a new "
                "list: return a copy, list(stack), when every card is discarded, so that a "
                "caller that adds to discarded does not change its stack"
            },
            "discarded and kept lists",
        ),
        hints=[
            Hint(
                "When the stack holds no ace nothing is kept: every card is discarded, so the "
                "answer is (list(stack), []), a copy of the stack and an empty list.",
                _no_ace_in_stack,
            ),
            Hint("Return (discarded, kept) in this order.", _swapped_pair),
            Hint("kept starts with the ace itself.", _kept_without_ace),
            Hint(
                "The stack is given in the order dealt, stack[0] first, and is not reversed: split "
                "it at its first ace, counting from stack[0].",
                _split_of_the_reversed_stack,
            ),
            Hint(
                "kept starts at the first ace of the stack, the one nearest stack[0] (the first "
                "card dealt). " + _ACE_CODES,
                _split_elsewhere,
            ),
            Hint(
                "Keep each part in the order dealt: discarded = stack[:i], kept = stack[i:], where "
                "i is the position of the first ace.",
                got_what(lambda stack: tuple(part[::-1] for part in turn_over(stack))),
            ),
        ],
    ),
    Task(
        "final_row",
        final_row,
        lambda: _seed_cases(10),
        drawn=drawn_seeds(5),
        helper_references=_IN_A_GAME,
        hints=[
            Hint(_ORDER_HINT, _reversed_result),
            Hint(
                "Code 0, the Ace of Hearts, is an ace too, though 0 is false: a test such as "
                "'if code and code % 8 == 0' never finds it. " + _ACE_CODES,
                got_what(lambda s: _row_of(s, zero_not_an_ace=True)),
            ),
            Hint(
                "All three stages are always played (4 stacks, then 3, then 2), even when the aces "
                "come out together (or alone) after the first or the second stage.",
                _row_after_fewer_stages,
            ),
            Hint(
                "At each stage the kept part of the first stack goes aside first, then that of "
                "the second stack on top of it, and so on in stack order.",
                got_what(lambda s: _row_of(s, stacks_backwards=True)),
            ),
            Hint(
                "Each kept part goes aside as it was dealt, its ace at the bottom: it is not "
                "reversed (only the row at the end is read from the top down).",
                got_what(lambda s: _row_of(s, ace_on_top=True)),
            ),
            Hint(
                "Turn each stack over from the card dealt to it first (the first item of the "
                "list, as turn_over(stack) does): the cards dealt before its first ace are "
                "discarded. Not from the card dealt last.",
                _turned_from_the_last_dealt,
            ),
            Hint(
                "Each stage deals the cards kept at the stage before (the next deck is the pile "
                "put aside), not the shuffled deck again.",
                got_what(lambda s: _row_of(s, whole_deck_each_stage=True)),
            ),
            Hint(
                "The pile put aside is the next stage's deck as it is, listed bottom to top like "
                "the shuffled deck: deal(pile, n) deals its top card, pile[-1], first. Do not "
                "reverse it.",
                _read_either_way(lambda s: _row_of(s, aside_reversed=True)),
            ),
            Hint(
                "The first stage deals the shuffled deck from its top, its last element deck[-1] "
                "(deal(deck, 4) does so): do not reverse the deck before dealing it.",
                _read_either_way(lambda s: _row_of(s, deck_reversed=True)),
            ),
        ],
    ),
    Task(
        "aces_together",
        aces_together,
        _row_cases,
        drawn=_drawn_rows,
        hints=[
            Hint(
                "The four aces may be the last four cards of the row: look at every place up to "
                "row[-4:] (a window of four starting at 0, 1, ..., len(row) - 4).",
                _aces_end_the_row,
            ),
            Hint(
                "The four aces may start the row (position 0): look at every window of four, "
                "the one starting at 0 included.",
                _aces_start_the_row,
            ),
            Hint(
                "The aces may come in any suit order: find their four positions and check that "
                "they are consecutive.",
                _aces_together_out_of_suit_order,
            ),
            Hint(
                "The four aces may be together anywhere in the row, not only as its first four "
                "cards: look at every window of four, up to row[-4:].",
                _aces_together_after_the_start,
            ),
            Hint(
                "The four aces may be together anywhere in the row, not only as its last four "
                "cards: look at every window of four, from row[0:4] to row[-4:].",
                _aces_together_before_the_end,
            ),
            Hint(
                "The aces are the codes divisible by 8 (0, 8, 16 and 24): a code such as 4 or 12 "
                "is divisible by 4 but is not an ace, so four cards side by side that are not the "
                "four aces are not the aces together.",
                _four_multiples_of_four_said_aces,
            ),
            Hint(
                "All four aces must be together, in four places side by side: two pairs of aces "
                "apart from each other, or three together and the fourth elsewhere, are not "
                "together, so the answer is False.",
                _aces_apart_said_together,
            ),
        ],
    ),
    Task(
        "turn_header",
        turn_header,
        _header_cases,
        silent=True,
        drawn=_drawn_headers,
        simplest=lambda case: case.label == _EMPTY_STACK,
        hints=[
            Hint(
                "Stack numbers and card positions start at 0 in Python but at 'First' in the "
                "text: ORDINALS[0] is 'First'.",
                _ordinal_off_by_one,
            ),
            Hint(
                "The ace's position counts the top card as 'First': with len(thrown) cards "
                "above it in the turned stack (those thrown), the ace is card len(thrown) + 1, "
                "ORDINALS[len(thrown)] (ORDINALS[0] when nothing was thrown).",
                _ace_position_one_before,
            ),
            _ORDINALS_HINT,
            Hint(
                "The text says '(and last)' exactly when the ace is the last card of the stack.",
                lambda case, expected, got: ("(and last)" in expected) != ("(and last)" in got),
            ),
            Hint(
                "The stack's number is a word too, from the same ORDINALS in lower case: the "
                "first stage has 4 stacks, so index 3 is the 'fourth' stack "
                "(ORDINALS[index].lower()).",
                _stack_word_missing,
                errors=True,
            ),
        ],
    ),
    Task(
        "discard_sentence",
        discard_sentence,
        _discard_cases,
        silent=True,
        drawn=_drawn_discards,
        hints=[
            Hint(
                "When nothing is discarded there is no sentence at all: return None.",
                _empty_instead_of_none,
            ),
            Hint(
                "With one card before the ace the statement has words of its own, 'the card "
                "before the ace', with no number: 'the N cards before the ace' is for two cards "
                "or more.",
                _numbered_for_one("the card before the ace", "the 1 cards before the ace"),
            ),
            Hint(
                "With no ace in the stack, the sentence says 'all cards in the stack' whatever "
                "their number, one card too: 'the card before the ace' is only for a stack with "
                "an ace.",
                _one_card_without_an_ace_said_otherwise,
            ),
            Hint(
                "Nothing was discarded before (discarded_before is empty), so the sentence "
                "starts 'Discarding'; it starts 'Adding to the cards that have been discarded' "
                "only once discarded_before holds a card.",
                lambda case, expected, got: (
                    expected.startswith("Discarding") and got.startswith("Adding")
                ),
            ),
            Hint(
                "Once a card has been discarded in the game (discarded_before holds a card), the "
                "sentence starts 'Adding to the cards that have been discarded', not "
                "'Discarding'.",
                lambda case, expected, got: (
                    expected.startswith("Adding") and not got.startswith("Adding")
                ),
            ),
            Hint(
                "The first word depends on discarded_before, the cards discarded earlier in the "
                "game: 'Discarding' when it is empty, 'Adding to the cards that have been "
                "discarded' once it holds a card.",
                lambda case, expected, got: (
                    expected.startswith("Adding") != got.startswith("Adding")
                ),
            ),
        ],
    ),
    Task(
        "keep_sentence",
        keep_sentence,
        _keep_cases,
        silent=True,
        drawn=_drawn_keeps,
        hints=[
            Hint(
                "When the stack holds no ace nothing is kept: return None.", _empty_instead_of_none
            ),
            Hint(
                "With one card after the ace the statement has words of its own, 'the ace and "
                "the card after', with no number: 'the N cards after' is for two cards or more.",
                _numbered_for_one("the card after", "the 1 cards after"),
            ),
            Hint(
                "Count the cards after the ace: the ace itself is not one of them.",
                lambda case, expected, got: (
                    str(len(case.args[0])) in got and str(len(case.args[0])) not in expected
                ),
            ),
            Hint(
                "Once cards have been put aside in this stage, the sentence starts 'Also keeping'.",
                lambda case, expected, got: expected.startswith("Also") != got.startswith("Also"),
            ),
        ],
    ),
    Task(
        "game_output",
        game_output,
        lambda: [
            *_seed_cases(8),
            Case((_NINTH_CARD_ACE,), label="a deal with an ace ninth in its stack"),
        ],
        silent=True,
        drawn=drawn_seeds(3),
        explain=explain_lines(game_line_roles),
        helper_references=_IN_THE_OUTPUT,
        hints=[
            _ORDINALS_HINT,
            Hint(
                "No line ends with a space: strip each line on the right.",
                _lines_with_trailing_spaces,
            ),
        ],
    ),
    Task(
        "run_program",
        run_program,
        [Case(stdin=f"{s}\n") for s in (0, 678, -3, _NINTH_CARD_ACE)] + [Case(stdin="10\n")],
        compare="stdout",
        drawn=_drawn_typed_seeds,
        helper_references=(_GAME, *_IN_THE_OUTPUT),
        hints=[
            Hint("Print the lines joined by newlines, not the list itself.", _output_as_list),
            Hint(
                "Convert the answer with int(): seed('5') and seed(5) shuffle differently.",
                _seeded_with_the_text,
            ),
            Hint(
                "An empty line too many after the prompt: give the prompt to input(), which prints "
                "it with its final space and no line break, then print the game's lines once "
                "(the first of them is the empty line).",
                lambda case, expected, got: (
                    got != expected
                    and got.startswith(_PROMPT_THEN_A_BLANK)
                    and not expected.startswith(_PROMPT_THEN_A_BLANK)
                ),
            ),
            Hint(
                f"The prompt is exactly {SEED_PROMPT!r}, with its final space, given to input().",
                lambda case, expected, got: not got.startswith(SEED_PROMPT),
            ),
            Hint(
                "Nothing was printed after the prompt: run_program prints the game's lines "
                "(with print); returning them shows nothing.",
                lambda case, expected, got: got == SEED_PROMPT != expected,
            ),
        ],
    ),
    Task(
        "simulate",
        course.simulate,
        [
            Case((500, 10), label="the text's example"),
            Case((1, 0)),
            Case((1, 1), label="one game, won"),
            Case((2, 27), label="won with 5 cards left, then with 4: the rows go by the count"),
            Case((18, 52998), label="won with 4 and with 6 cards left, never with 5"),
            Case((120, 7)),
            Case((300, -50)),
        ],
        compare="stdout",
        drawn=drawn_games_from_seeds(80),
        helper_references=(_ROW, _TOGETHER, *_IN_A_GAME),
        time_limit=10,
        hints=[
            Hint(
                "Lines are 45 characters: the number right-aligned in 33, ' | ', then f'{p:9.2%}'.",
                rows_not_of_width(45),
            ),
            Hint(
                "The number of cards left is right-aligned in its 33 characters (f'{left:>33}'), "
                "so that it ends just before the ' | ', under the end of the header's words.",
                _numbers_not_right_aligned,
            ),
            Hint(
                "The rows go by increasing number of cards left: sort the numbers first.",
                _rows_in_another_order,
            ),
            Hint(
                "Each frequency is a percentage with two decimals: f'{frequency:9.2%}'.",
                percent_not_two_decimals,
            ),
            Hint(
                "Only the games won are in the table, each frequency being the number of won "
                "games with that many cards left divided by n, all the games played: so the "
                "frequencies add up to the share of games won, not to 100%.",
                _frequencies_add_up_to_all,
            ),
            Hint(
                "Only a number of cards left that some won game left gets a line: print no "
                "0.00% line for a number between that no game left.",
                _zero_lines_added,
            ),
            Hint(
                "Play the n games with seeds i, i + 1, ..., i + n - 1 (range(i, i + n)), and "
                "divide by n.",
                _other_seeds,
            ),
            Hint(
                "A game is won when the four aces sit next to each other anywhere in the final "
                "row (aces_together(row)), not only as its first four cards: a row of 5 cards "
                "or more may end with them.",
                _won_only_by_the_first_four,
            ),
        ],
    ),
]

#: ``check(function)`` in the exercise notebook.
check = Checker(TASKS)
