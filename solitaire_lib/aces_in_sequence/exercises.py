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

import random
from collections.abc import Sequence
from typing import Any

from solitaire_lib.aces_in_sequence import console, course, rules
from solitaire_lib.cards import Card, card_from_code, code_of_card
from solitaire_lib.grading.checks import Case, Checker, Hint, Task, drawn_seeds, got_what, seeds
from solitaire_lib.prompt import SEED_PROMPT
from solitaire_lib.rng import shuffled

_CASES_RNG_SEED = 9021


def _cards(codes: Sequence[int]) -> tuple[Card, ...]:
    return tuple(card_from_code(code, 32) for code in codes)


def _codes(cards: Sequence[Card]) -> list[int]:
    return [code_of_card(card, 32) for card in cards]


# --- References, in the course's codes ----------------------------------------------------------


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


def final_row(s: int) -> list[int]:
    return _codes(rules.play(list(_cards(shuffled_deck(s)))).kept_revealed)


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
    return console.game_lines(rules.play(list(_cards(shuffled_deck(s)))))


def run_program() -> None:
    """The course program: the seed prompt, then the game's lines."""
    s = int(input(SEED_PROMPT))
    print("\n".join(game_output(s)))


# --- Cases ---------------------------------------------------------------------------------------


def _seeds(count: int) -> list[int]:
    return seeds(count, fixed=[0, 1, 5, 678, -3], rng_seed=_CASES_RNG_SEED)


#: Deals whose aces come out before the third stage: together after the first stage (32), the
#: only cards kept after the second (28). All three stages are played all the same.
_EARLY_ACES = (32, 28)


def _seed_cases(count: int) -> list[Case]:
    """The seeds of the lesson, then the deals whose aces come out early, then random ones."""
    early = [Case((s,), label="the aces come out early") for s in _EARLY_ACES]
    return [Case((s,)) for s in _seeds(count)[:5]] + early + [Case((s,)) for s in _seeds(count)[5:]]


def _stopped_early(s: int) -> list[int]:
    """The final row of a game that stops once the aces are together or alone (a mistake)."""
    pile = shuffled_deck(s)
    for n_stacks in (4, 3, 2):
        pile = [code for stack in deal(pile, n_stacks) for code in turn_over(stack)[1]]
        if len(pile) == 4 or aces_together(pile[::-1]):
            break
    return pile[::-1]


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
        cases.append(Case((rng.sample(range(32), rng.randrange(1, 12)),)))
    return cases


def _row_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    cases = [
        Case(([0, 8, 16, 24],)),
        Case(([5, 0, 8, 16, 24, 3],)),
        Case(([0, 1, 8, 16, 24],)),
        Case(([24, 16, 8, 0, 7],)),
        Case(([3, 8, 0, 4, 24, 16],)),
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


def _header_cases() -> list[Case]:
    cases = [
        Case((0, [], [0])),
        Case((1, [3, 4], [8])),
        Case((2, [1, 2], [16, 5])),
        Case((1, [1, 2, 3], [])),
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
    """``turn_over`` of a stack of up to 12 cards drawn at random: (thrown, kept)."""
    return turn_over(_drawn_stack(rng, 12))


def _drawn_others(rng: random.Random, split: tuple[list[int], list[int]]) -> list[int]:
    """Up to 8 cards, none of those in ``split``: none at all one time in three."""
    rest = [code for code in range(32) if code not in split[0] + split[1]]
    return [] if rng.randrange(3) == 0 else rng.sample(rest, min(len(rest), rng.randrange(1, 9)))


def _drawn_headers(rng: random.Random) -> list[Case]:
    return [Case((rng.randrange(0, 8), *_drawn_split(rng))) for _ in range(8)]


def _drawn_discards(rng: random.Random) -> list[Case]:
    splits = [_drawn_split(rng) for _ in range(8)]
    return [Case((*split, _drawn_others(rng, split))) for split in splits]


def _drawn_keeps(rng: random.Random) -> list[Case]:
    splits = [_drawn_split(rng) for _ in range(8)]
    return [Case((split[1], _drawn_others(rng, split))) for split in splits]


def _drawn_typed_seeds(rng: random.Random) -> list[Case]:
    return [Case(stdin=f"{rng.randrange(-10_000, 1_000_000)}\n") for _ in range(2)]


def _drawn_simulations(rng: random.Random) -> list[Case]:
    """Up to 80 games from a seed drawn at random (negative ones too)."""
    return [Case((rng.randrange(1, 81), rng.randrange(-10_000, 1_000_000))) for _ in range(2)]


# --- Hints: each shown only when the answer shows its mistake -----------------------------------


def _not_the_32_codes(case: Case, expected: Any, got: Any) -> bool:
    return sorted(got) != list(range(32))


def _reversed_result(case: Case, expected: Any, got: Any) -> bool:
    return bool(got == expected[::-1] and got != expected)


def _same_codes_other_order(case: Case, expected: Any, got: Any) -> bool:
    return sorted(got) == sorted(expected) and got != expected


def _same_cards_other_stacks(case: Case, expected: Any, got: Any) -> bool:
    flat = sorted(code for stack in got for code in stack)
    return flat == sorted(code for stack in expected for code in stack) and got != expected


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


def _knight_not_skipped(case: Case, expected: str, got: str) -> bool:
    return len(got) == 1 and ord(got) == ord(expected) - 1


def _wrong_suit_block(case: Case, expected: str, got: str) -> bool:
    return (
        len(got) == 1
        and ord(got) >> 4 != ord(expected) >> 4
        and (ord(got) & 15) == (ord(expected) & 15)
    )


def _swapped_pair(case: Case, expected: Any, got: Any) -> bool:
    return type(got) is tuple and len(got) == 2 and got == (expected[1], expected[0])


def _kept_without_ace(case: Case, expected: Any, got: Any) -> bool:
    return bool(got[0] == expected[0] and got[1] == expected[1][1:] and expected[1])


def _empty_instead_of_none(case: Case, expected: Any, got: Any) -> bool:
    return expected is None and got == ""


def _lines_with_trailing_spaces(case: Case, expected: Any, got: Any) -> bool:
    return any(line != line.rstrip() for line in got)


def _output_as_list(case: Case, expected: str, got: str) -> bool:
    return "['', 'Deck shuffled" in got


def _percent_width(case: Case, expected: str, got: str) -> bool:
    lines = [line for line in got.split("\n")[2:] if line]
    return any(len(line) != 45 for line in lines)


_PROMPT_THEN_GAME = SEED_PROMPT + "\nDeck shuffled, ready to start!\n"


def _seeded_with_the_text(case: Case, expected: str, got: str) -> bool:
    """Is the output the game seeded with the text typed (``seed('5')``), not the number?"""
    typed = (case.stdin or "").rstrip("\n")
    return got != expected and got == SEED_PROMPT + "\n".join(game_output(typed)) + "\n"  # type: ignore[arg-type]


_ORDER_HINT = "Read the answer from the top of the pile down: the top card is the last element."

TASKS = [
    Task(
        "shuffled_deck",
        shuffled_deck,
        lambda: [Case((s,)) for s in _seeds(15)],
        drawn=drawn_seeds(5),
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
                "Call seed(s) just before shuffle(cards), and shuffle the list in increasing "
                "order.",
                _same_codes_other_order,
            ),
        ],
    ),
    Task(
        "card_glyph",
        card_glyph,
        [Case((code,)) for code in range(32)],
        hints=[
            Hint(
                "U+1F0AC (and the same place in every suit) is the Knight, which the deck does not "
                "have: the Queen and the King come one place later.",
                _knight_not_skipped,
            ),
            Hint(
                "Codes 0-7 are Hearts (U+1F0B1...), 8-15 Diamonds (U+1F0C1...), 16-23 Clubs "
                "(U+1F0D1...), 24-31 Spades (U+1F0A1...).",
                _wrong_suit_block,
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
                "Deal one card to each stack in turn, not a block of cards to each stack.",
                _same_cards_other_stacks,
            ),
        ],
    ),
    Task(
        "turn_over",
        turn_over,
        _turn_over_cases,
        drawn=_drawn_stacks,
        hints=[
            Hint("Return (discarded, kept) in this order.", _swapped_pair),
            Hint("kept starts with the ace itself.", _kept_without_ace),
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
        hints=[
            Hint(_ORDER_HINT, _reversed_result),
            Hint(
                "All three stages are always played, even when the aces come out together (or "
                "alone) after the first or the second stage.",
                lambda case, expected, got: got == _stopped_early(*case.args) != expected,
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
                "The aces may come in any suit order: find their four positions and check that "
                "they "
                "are consecutive.",
                lambda case, expected, got: expected and not got,
            ),
        ],
    ),
    Task(
        "turn_header",
        turn_header,
        _header_cases,
        drawn=_drawn_headers,
        hints=[
            Hint(
                "Stack numbers and card positions start at 0 in Python but at 'First' in the "
                "text: ORDINALS[0] is 'First'.",
                _ordinal_off_by_one,
            ),
            Hint(
                "The text says '(and last)' exactly when the ace is the last card of the stack.",
                lambda case, expected, got: ("(and last)" in expected) != ("(and last)" in got),
            ),
        ],
    ),
    Task(
        "discard_sentence",
        discard_sentence,
        _discard_cases,
        drawn=_drawn_discards,
        hints=[
            Hint(
                "When nothing is discarded there is no sentence at all: return None.",
                _empty_instead_of_none,
            ),
            Hint(
                "Once a card has been discarded in the game, the sentence starts 'Adding to the "
                "cards that have been discarded'.",
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
        drawn=_drawn_keeps,
        hints=[
            Hint(
                "When the stack holds no ace nothing is kept: return None.", _empty_instead_of_none
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
        lambda: _seed_cases(8),
        drawn=drawn_seeds(3),
        hints=[
            Hint(
                "No line ends with a space: strip each line on the right.",
                _lines_with_trailing_spaces,
            ),
        ],
    ),
    Task(
        "run_program",
        run_program,
        [Case(stdin=f"{s}\n") for s in (0, 678, -3)] + [Case(stdin="10\n")],
        compare="stdout",
        drawn=_drawn_typed_seeds,
        hints=[
            Hint("Print the lines joined by newlines, not the list itself.", _output_as_list),
            Hint(
                "Convert the answer with int(): seed('5') and seed(5) shuffle differently.",
                _seeded_with_the_text,
            ),
            Hint(
                f"The prompt is exactly {SEED_PROMPT!r}, with its final space, given to input().",
                lambda case, expected, got: not got.startswith(_PROMPT_THEN_GAME),
            ),
        ],
    ),
    Task(
        "simulate",
        course.simulate,
        [
            Case((500, 10), label="the text's example"),
            Case((1, 0)),
            Case((120, 7)),
            Case((300, -50)),
        ],
        compare="stdout",
        drawn=_drawn_simulations,
        time_limit=10,
        hints=[
            Hint(
                "Lines are 45 characters: the number right-aligned in 33, ' | ', then f'{p:9.2%}'.",
                _percent_width,
            ),
        ],
    ),
]

#: ``check(function)`` in the exercise notebook.
check = Checker(TASKS)
