"""Wrong implementations that students write for the tasks of exercises/02, one list per task.

``tests/test_exercise_mistakes.py`` proves that the check rejects every one of them, with a report
that matches its ``says`` pattern. Each function's docstring names the mistake.
"""

from __future__ import annotations

import builtins
import random
import re
import types
import unicodedata

from student_copy import as_a_student_writes_it

from mistakes import fix_first, in_a_notebook
from solitaire_lib.grading.checks import Mistake
from solitaire_lib.prompt import SEED_PROMPT
from solitaire_lib.sevens import course
from solitaire_lib.sevens import exercises as _exercises

# Right versions the mistakes build on: students' own copies of the references (the check's
# own are hidden in a student's run).
SEVEN_CODES = _exercises.SEVEN_CODES
can_place = as_a_student_writes_it(_exercises.can_place)
card_lines = as_a_student_writes_it(_exercises.card_lines)
cards_left = as_a_student_writes_it(_exercises.cards_left)
collected_output = as_a_student_writes_it(_exercises.collected_output)
menu = as_a_student_writes_it(_exercises.menu)
one_stage = as_a_student_writes_it(_exercises.one_stage)
requested_lines = as_a_student_writes_it(_exercises.requested_lines)
row_line = as_a_student_writes_it(_exercises.row_line)
table_lines = as_a_student_writes_it(_exercises.table_lines)
view = as_a_student_writes_it(_exercises.view)

# --- can_place ------------------------------------------------------------------------------------


def placed_again(code, placed):
    """Forgets that a card already placed cannot be placed again."""
    rank = code % 13
    return (rank > 0 and code - 1 in placed) or (rank < 12 and code + 1 in placed)


def wraps_across_suits(code, placed):
    """Looks at code - 1 and code + 1 without checking the ends of the suit."""
    return code not in placed and (code - 1 in placed or code + 1 in placed)


def only_below(code, placed):
    """Only looks at the card below (building up from the 7s only)."""
    return code not in placed and code % 13 > 0 and code - 1 in placed


def only_above(code, placed):
    """Only looks at the card above."""
    return code not in placed and code % 13 < 12 and code + 1 in placed


def king_not_on_its_queen(code, placed):
    """Stops looking below at the Queen (rank < 12): the King never fits."""
    rank = code % 13
    below = 0 < rank < 12 and code - 1 in placed
    return code not in placed and (below or (rank < 12 and code + 1 in placed))


def queen_not_under_its_king(code, placed):
    """Stops looking above one rank early (rank < 11): a Queen never fits under its King."""
    rank = code % 13
    below = rank > 0 and code - 1 in placed
    return code not in placed and (below or (rank < 11 and code + 1 in placed))


def ranks_one_to_thirteen(code, placed):
    """Takes code % 13 == 1 for the Ace and 13 for the King: a 2 never goes on its Ace."""
    rank = code % 13
    return code not in placed and (
        (rank != 1 and code - 1 in placed) or (rank != 13 and code + 1 in placed)
    )


def same_rank_other_suit(code, placed):
    """Accepts a card whose rank neighbour is in any suit."""
    ranks = {c % 13 for c in placed}
    return code not in placed and (code % 13 - 1 in ranks or code % 13 + 1 in ranks)


def answer_as_number(code, placed):
    """Returns 1 or 0 instead of True or False."""
    return int(can_place(code, placed))


# --- row_line -------------------------------------------------------------------------------------


def _glyph(code):
    suit, rank = divmod(code, 13)
    return chr((0x1F0B1, 0x1F0C1, 0x1F0D1, 0x1F0A1)[suit] + rank + (rank >= 11))


def _row(rank, placed, suits=(1, 2, 3, 0), tabs_first=1):
    line, tabs = "", tabs_first - 1
    for suit in suits:
        tabs += 1
        code = suit * 13 + rank - 1
        if code in placed:
            line += "\t" * tabs + _glyph(code)
            tabs = 0
    return line


def hearts_first(rank, placed):
    """Takes the columns in the order of the codes: Hearts, Diamonds, Clubs, Spades."""
    return _row(rank, placed, suits=(0, 1, 2, 3))


def no_tab_before_first(rank, placed):
    """Puts no tab before a card in the first column."""
    return _row(rank, placed, tabs_first=0)


def one_tab_per_card(rank, placed):
    """Puts one tab before each card, whatever the columns in between."""
    return "".join(
        "\t" + _glyph(s * 13 + rank - 1) for s in (1, 2, 3, 0) if s * 13 + rank - 1 in placed
    )


def trailing_tabs(rank, placed):
    """Pads the row with tabs up to the last column."""
    line = row_line(rank, placed)
    return line + "\t" if line and not line.endswith(_glyph(rank - 1)) else line


def rank_from_zero(rank, placed):
    """Takes rank 1 to be the 2 (codes count from rank 0)."""
    return _row(rank + 1, placed) if rank < 13 else ""


def spaces_for_tabs(rank, placed):
    """Uses four spaces instead of a tab."""
    return row_line(rank, placed).replace("\t", "    ")


# --- one_stage ------------------------------------------------------------------------------------


def _stage(stack, placed, pop_top=True, retry=True, aside_top=True):
    stack, placed, aside = list(stack), set(placed), []
    while stack:
        code = stack.pop() if pop_top else stack.pop(0)
        if can_place(code, placed):
            placed.add(code)
            while retry and aside and can_place(aside[-1 if aside_top else 0], placed):
                placed.add(aside.pop(-1 if aside_top else 0))
        else:
            aside.append(code)
    return placed, aside


def stack_from_the_start(stack, placed):
    """Takes stack[0] as the top card."""
    return _stage(stack, placed, pop_top=False)


def never_retries_aside(stack, placed):
    """Never tries the cards put aside again."""
    return _stage(stack, placed, retry=False)


def aside_from_the_bottom(stack, placed):
    """Tries the first card put aside instead of the last."""
    return _stage(stack, placed, aside_top=False)


def changes_the_arguments(stack, placed):
    """Pops from the stack and adds to the set it was given."""
    aside = []
    while stack:
        code = stack.pop()
        if can_place(code, placed):
            placed.add(code)
            while aside and can_place(aside[-1], placed):
                placed.add(aside.pop())
        else:
            aside.append(code)
    return placed, aside


def copies_the_stack_but_not_placed(stack, placed):
    """Copies the stack, but adds the cards it places to the set it was given."""
    stack, aside = list(stack), []
    while stack:
        code = stack.pop()
        if can_place(code, placed):
            placed.add(code)
            while aside and can_place(aside[-1], placed):
                placed.add(aside.pop())
        else:
            aside.append(code)
    return placed, aside


def placed_returned_when_nothing_fits(stack, placed):
    """Copies placed only when it adds a card to it (placed | {code}): when nothing is placed, it
    returns the set it was given."""
    aside = []
    for code in reversed(stack):
        if can_place(code, placed):
            placed = placed | {code}
            while aside and can_place(aside[-1], placed):
                placed = placed | {aside.pop()}
        else:
            aside.append(code)
    return placed, aside


def stage_placing_across_suits(stack, placed):
    """Plays the stage with a can_place that forgets the ends of a suit (a King next to the Ace
    of the next suit)."""
    stack, placed, aside = list(stack), set(placed), []
    while stack:
        code = stack.pop()
        if wraps_across_suits(code, placed):
            placed.add(code)
            while aside and wraps_across_suits(aside[-1], placed):
                placed.add(aside.pop())
        else:
            aside.append(code)
    return placed, aside


def retries_once(stack, placed):
    """Tries the top card put aside once, not again and again."""
    stack, placed, aside = list(stack), set(placed), []
    while stack:
        code = stack.pop()
        if can_place(code, placed):
            placed.add(code)
            if aside and can_place(aside[-1], placed):
                placed.add(aside.pop())
        else:
            aside.append(code)
    return placed, aside


def any_card_put_aside(stack, placed):
    """After a card is placed, places any card put aside that fits, not only the top one."""
    stack, placed, aside = list(stack), set(placed), []
    while stack:
        code = stack.pop()
        if not can_place(code, placed):
            aside.append(code)
            continue
        placed.add(code)
        fitting = [c for c in aside if can_place(c, placed)]
        while fitting:
            aside.remove(fitting[0])
            placed.add(fitting[0])
            fitting = [c for c in aside if can_place(c, placed)]
    return placed, aside


def placed_as_list(stack, placed):
    """Returns the placed cards as a sorted list."""
    placed_after, aside = one_stage(stack, placed)
    return sorted(placed_after), aside


def placed_as_floats(stack, placed):
    """Returns the placed cards as floats (6.0 for 6): equal to the ints for ``in``, so only their
    type tells them apart."""
    placed_after, aside = one_stage(stack, placed)
    return {float(code) for code in placed_after}, aside


def placed_every_card(stack, placed):
    """Returns every card of the deck as placed (far more extras than a report lists)."""
    _, aside = one_stage(stack, placed)
    return set(range(52)), aside


# --- cards_left -----------------------------------------------------------------------------------


def aside_newest_first(stack, placed):
    """Lists the cards put aside from the last one put aside to the first."""
    placed_after, aside = one_stage(stack, placed)
    return placed_after, aside[::-1]


def _game(s, stages=3, turn_over=True, deck=None):
    stack = deck if deck is not None else sorted(set(range(52)) - SEVEN_CODES)
    random.seed(s)
    random.shuffle(stack)
    placed, aside = set(SEVEN_CODES), []
    for _ in range(stages):
        placed, aside = one_stage(stack, placed)
        if not aside:
            return 0
        stack = aside[::-1] if turn_over else aside
    return len(aside)


def deck_by_rank_then_suit(s):
    """Sorts the 48 cards by rank, then suit, before seed(s) and shuffle(): another deal
    (held-out 15a, cl_unsorted2)."""
    deck = sorted(set(range(52)) - SEVEN_CODES, key=lambda code: (code % 13, code // 13))
    return _game(s, deck=deck)


#: The notebook's set of the 7s (as its SEVENS), which game_adding_to_the_sevens changes.
SEVENS = set(SEVEN_CODES)


def game_adding_to_the_sevens(s):
    """Plays with placed = SEVENS, the notebook's set itself, and adds each card placed to it: the
    next call starts with those cards already placed (held-out 15a, cl_cached_shared_default)."""
    stack = sorted(set(range(52)) - SEVENS)
    random.seed(s)
    random.shuffle(stack)
    placed = SEVENS
    for _ in range(3):
        aside = []
        for card in reversed(stack):
            if can_place(card, placed):
                placed.add(card)
                while aside and can_place(aside[-1], placed):
                    placed.add(aside.pop())
            else:
                aside.append(card)
        if not aside:
            return 0
        stack = aside[::-1]
    return len(aside)


def game_placing_across_suits(s):
    """Plays the game with a can_place that forgets the ends of a suit."""
    stack = sorted(set(range(52)) - SEVEN_CODES)
    random.seed(s)
    random.shuffle(stack)
    placed = set(SEVEN_CODES)
    for _ in range(3):
        placed, aside = stage_placing_across_suits(stack, placed)
        if not aside:
            return 0
        stack = aside[::-1]
    return len(aside)


def deck_drawn_by_sample(s):
    """Draws the 48 cards with random.sample instead of shuffling them."""
    random.seed(s)
    stack = random.sample(sorted(set(range(52)) - SEVEN_CODES), 48)
    placed = set(SEVEN_CODES)
    for _ in range(3):
        placed, aside = one_stage(stack, placed)
        if not aside:
            return 0
        stack = aside[::-1]
    return len(aside)


def aside_not_turned_over(s):
    """Reuses the cards put aside without turning them over."""
    return _game(s, turn_over=False)


def two_stages_only(s):
    """Plays two stages."""
    return _game(s, stages=2)


def four_stages(s):
    """Plays four stages."""
    return _game(s, stages=4)


def sevens_in_the_deck(s):
    """Shuffles all 52 cards, 7s included."""
    return _game(s, deck=list(range(52)))


def cards_placed_instead(s):
    """Returns the number of cards placed."""
    return 48 - cards_left(s)


def sevens_removed_after_shuffle(s):
    """Shuffles the 52 cards, then takes the 7s out."""
    deck = list(range(52))
    random.seed(s)
    random.shuffle(deck)
    stack = [c for c in deck if c not in SEVEN_CODES]
    placed, aside = set(SEVEN_CODES), []
    for _ in range(3):
        placed, aside = one_stage(stack, placed)
        if not aside:
            return 0
        stack = aside[::-1]
    return len(aside)


# --- table_lines ----------------------------------------------------------------------------------


def aces_first(placed):
    """Puts the Aces' row at the top."""
    return [row_line(rank, placed) for rank in range(1, 14)]


def twelve_rows(placed):
    """range(13, 1, -1): forgets the Aces."""
    return [row_line(rank, placed) for rank in range(13, 1, -1)]


def rows_from_zero(placed):
    """range(12, -1, -1): ranks 0 to 12."""
    return [_row(rank, placed) for rank in range(12, -1, -1)]


def one_text(placed):
    """Returns one text with newlines instead of a list of lines."""
    return "\n".join(table_lines(placed))


def skips_empty_rows(placed):
    """Leaves out the rows with no card."""
    return [line for line in table_lines(placed) if line]


# --- card_lines -----------------------------------------------------------------------------------


def always_shows_piles(placed_card, from_aside, stack, aside, placed):
    """Shows the stack and the cards put aside after every card."""
    lines = card_lines(placed_card, from_aside, stack, aside, placed)
    if not placed_card and from_aside:
        return [lines[0], "]" * len(stack), _face_up(aside), ""]
    return lines


def _face_up(pile):
    return "[" * (len(pile) - 1) + _glyph(pile[-1]) if pile else ""


def table_every_time(placed_card, from_aside, stack, aside, placed):
    """Shows the table after a card that could not be placed too."""
    lines = card_lines(placed_card, from_aside, stack, aside, placed)
    if not placed_card and not from_aside:
        return [*lines[:-1], *table_lines(placed), ""]
    return lines


def sources_swapped(placed_card, from_aside, stack, aside, placed):
    """Names the stack of cards left for a card taken from the cards put aside."""
    return [
        line.replace("cards put aside", "@")
        .replace("cards left", "cards put aside")
        .replace("@", "cards left")
        for line in card_lines(placed_card, from_aside, stack, aside, placed)
    ]


def emoji_without_selector(placed_card, from_aside, stack, aside, placed):
    """Writes the emoji without U+FE0F."""
    return [
        line.replace("\ufe0f", "")
        for line in card_lines(placed_card, from_aside, stack, aside, placed)
    ]


def no_empty_line(placed_card, from_aside, stack, aside, placed):
    """Forgets the empty line at the end."""
    return card_lines(placed_card, from_aside, stack, aside, placed)[:-1]


def aside_all_face_up(placed_card, from_aside, stack, aside, placed):
    """Shows every card put aside instead of '[' for the covered ones."""
    lines = card_lines(placed_card, from_aside, stack, aside, placed)
    if len(lines) > 2 and aside:
        lines[2] = "".join(_glyph(c) for c in aside)
    return lines


def aside_bottom_face_up(placed_card, from_aside, stack, aside, placed):
    """Shows the first card put aside face up, as if it were the top of that pile."""
    lines = card_lines(placed_card, from_aside, stack, aside, placed)
    if len(lines) > 2 and aside:
        lines[2] = "[" * (len(aside) - 1) + _glyph(aside[0])
    return lines


def table_before_the_piles(placed_card, from_aside, stack, aside, placed):
    """Puts the 13 rows of the table before the lines of the stack and of the cards aside."""
    lines = card_lines(placed_card, from_aside, stack, aside, placed)
    if len(lines) == 17:
        return [lines[0], *lines[3:16], lines[1], lines[2], lines[16]]
    return lines


# --- collected_output -----------------------------------------------------------------------------


def no_round_gap(s):
    """Leaves out the empty line before 'Starting second round...'."""
    lines = collected_output(s)
    return [
        line
        for i, line in enumerate(lines)
        if not (line == "" and i + 1 < len(lines) and lines[i + 1].startswith("Starting s"))
    ]


def rounds_after_the_win(s):
    """Plays on to the third round when every card is placed before it."""
    lines = collected_output(s)
    played = sum(line.startswith("Starting ") for line in lines)
    rounds = ["first", "second", "third"][played:]
    extra = [line for name in rounds for line in ("", f"Starting {name} round...", "")]
    return lines[:-1] + extra + lines[-1:]


def round_names_numbered(s):
    """Writes 'Starting round 1...'."""
    names = {"first": "1", "second": "2", "third": "3"}
    return [
        f"Starting round {names[line.split()[1]]}..." if line.startswith("Starting") else line
        for line in collected_output(s)
    ]


def no_final_line(s):
    """Forgets the last line (won or lost)."""
    return collected_output(s)[:-1]


def trailing_tab_rows(s):
    """Ends every table row with a tab."""
    return [line + "\t" if line.startswith("\t") else line for line in collected_output(s)]


def initial_table_missing(s):
    """Leaves out the table of the 7s before the first round."""
    lines = collected_output(s)
    return lines[:3] + lines[16:]


# --- requested_lines ------------------------------------------------------------------------------


def final_newline_accepted(answer, n):
    """Matches with re.match and '$', which lets one final newline through."""
    return requested_lines(answer.removesuffix("\n"), n)


def any_unicode_digit(answer, n):
    """Reads numbers with str.isdigit() (as the regex \\d does): '٣' is taken for 3."""
    ascii_answer = "".join(str(unicodedata.decimal(c)) if c.isdecimal() else c for c in answer)
    return requested_lines(ascii_answer, n)


def strips_all_whitespace(answer, n):
    """Strips tabs too, and allows spaces anywhere."""
    return requested_lines(answer.replace("\t", "").replace(" ", ""), n)


def accepts_plus(answer, n):
    """Uses int(), which accepts '+3', '1_0' and '٣'."""
    text = answer.strip()
    if text == "q":
        return "q"
    try:
        if "--" in text:
            m, k = (int(x) for x in text.split("--"))
            return (m, k) if 1 <= m <= k <= n else None
        k = int(text)
    except ValueError:
        return None
    if k < 0:
        return (n + k + 1, n) if -k <= n else None
    return (1, k) if 1 <= k <= n else None


def numbers_read_by_int(answer, n):
    """Strips the spaces only, as it should, but reads each number with int()."""
    text = answer.strip(" ")
    if text == "q":
        return "q"
    parts = text.split("--")
    try:
        numbers = [int(part) for part in parts]
    except ValueError:
        return None
    if len(numbers) == 2:
        first, last = numbers
        return (first, last) if 1 <= first <= last <= n else None
    if len(numbers) == 1 and 1 <= abs(numbers[0]) <= n:
        return (1, numbers[0]) if numbers[0] > 0 else (n + numbers[0] + 1, n)
    return None


def range_read_without_a_guard(answer, n):
    """Converts both sides of a '--' with int() and lets its ValueError out: '--3' raises."""
    text = answer.strip(" ")
    if "--" in text:
        first, last = text.split("--", 1)
        m, k = int(first), int(last)
        return (m, k) if 1 <= m <= k <= n else None
    return requested_lines(answer, n)


def strips_tabs_and_newlines(answer, n):
    """Strips the input with strip(), so a tab or a newline at either end is let through."""
    return requested_lines(answer.strip(), n)


def minus_zero_accepted(answer, n):
    """Checks only count <= n for '-k': '-0' gives (n + 1, n), the last 0 lines."""
    text = answer.strip(" ")
    if text.startswith("-") and text[1:].isdigit() and text[1:].isascii():
        count = int(text[1:])
        return (n - count + 1, n) if count <= n else None
    return requested_lines(answer, n)


def zero_accepted(answer, n):
    """Accepts 0 as a last line number."""
    return (1, 0) if answer.strip(" ") == "0" else requested_lines(answer, n)


def last_lines_off_by_one(answer, n):
    """Shows the last n lines from n - count."""
    result = requested_lines(answer, n)
    if isinstance(result, tuple) and answer.strip(" ").startswith("-"):
        return (result[0] - 1, n)
    return result


def last_line_refused(answer, n):
    """Checks each number written with < n instead of <= n: '1052' (the last line, n itself) is
    refused."""
    result = requested_lines(answer, n)
    written = answer.strip(" ").lstrip("-").split("--")
    if isinstance(result, tuple) and str(n) in [part.strip(" ") for part in written]:
        return None
    return result


def range_not_checked(answer, n):
    """Accepts a range whose end is past the last line."""
    text = answer.strip(" ")
    parts = text.split("--")
    if len(parts) == 2 and all(part.strip(" ").isdigit() for part in parts):
        m, k = (int(x) for x in parts)
        return (m, k) if 1 <= m <= k else None
    return requested_lines(answer, n)


def range_parts_stripped(answer, n):
    """Strips tabs as well as spaces around the '--' of a range (.strip() with no argument)."""
    text = answer.strip(" ")
    if "--" in text and not text.startswith("-"):
        first, _, last = text.partition("--")
        return requested_lines(f"{first.strip()}--{last.strip()}", n)
    return requested_lines(answer, n)


def spaces_removed_in_a_range(answer, n):
    """Removes every space of a range before splitting it at '--': '1 2--15' reads as 12--15."""
    text = answer.strip(" ")
    if "--" in text and not text.startswith("-"):
        first, _, last = text.replace(" ", "").partition("--")
        return requested_lines(f"{first}--{last}", n)
    return requested_lines(answer, n)


def quit_in_any_case(answer, n):
    """Accepts 'Q' and 'quit' for q."""
    return "q" if answer.strip().lower() in ("q", "quit") else requested_lines(answer, n)


def numbers_without_leading_zeros(answer, n):
    """Matches each number with [1-9][0-9]* (no number starts with 0, so '0' is refused): '007'
    and '-007', which the statement accepts, give None."""
    number = "([1-9][0-9]*)"
    forms = rf" *(?:(q)|-{number}|{number}|{number} *-- *{number}) *"
    found = re.fullmatch(forms, answer)
    if found is None:
        return None
    quit_, last, count, first, until = found.groups()
    if quit_:
        return "q"
    if last:
        return (n - int(last) + 1, n) if int(last) <= n else None
    if count:
        return (1, int(count)) if int(count) <= n else None
    return (int(first), int(until)) if int(first) <= int(until) <= n else None


# --- menu -----------------------------------------------------------------------------------------


def _menu(n, indent="       ", first="There are {n} lines of output; what do you want me to do?"):
    return "\n".join(
        [
            first.format(n=n),
            "Enter: q to quit",
            f"{indent}a last line number (between 1 and {n})",
            f"{indent}a first line number (between -1 and -{n})",
            f"{indent}a range of line numbers (of the form m--n with 1 <= m <= n <= {n})",
        ]
    )


def tab_indent(n):
    """Indents with a tab."""
    return _menu(n, indent="\t")


def four_spaces(n):
    """Indents with four spaces."""
    return _menu(n, indent="    ")


def singular_plural(n):
    """Writes 'There is 1 lines' for one line."""
    return (
        _menu(n, first="There is {n} line of output; what do you want me to do?")
        if n == 1
        else _menu(n)
    )


def menu_as_list(n):
    """Returns the lines as a list."""
    return menu(n).split("\n")


def menu_with_newline(n):
    """Ends the text with a newline."""
    return menu(n) + "\n"


def menu_printed(n):
    """Prints the menu instead of returning it."""
    print(menu(n))


# --- view -----------------------------------------------------------------------------------------


def _view(lines, prompt="       ", blank=True, once=False):
    while True:
        print(menu(len(lines)))
        answer = input(prompt)
        if answer.strip(" ") == "q":
            return
        request = requested_lines(answer, len(lines))
        shown = lines[request[0] - 1 : request[1]] if isinstance(request, tuple) else []
        print("\n".join(["", *shown, ""] if blank else shown))
        if once:
            return


def silent_after_a_wrong_request(lines):
    """Prints nothing at all for a request that is not correct."""
    while True:
        print(menu(len(lines)))
        answer = input("       ")
        if answer.strip(" ") == "q":
            return
        request = requested_lines(answer, len(lines))
        if request is not None:
            print("\n".join(["", *lines[request[0] - 1 : request[1]], ""]))


def one_empty_line_at_a_wrong_request(lines):
    """Prints a single empty line for a request that is not correct, not two."""
    while True:
        print(menu(len(lines)))
        answer = input("       ")
        if answer.strip(" ") == "q":
            return
        request = requested_lines(answer, len(lines))
        if request is None:
            print()
        else:
            print("\n".join(["", *lines[request[0] - 1 : request[1]], ""]))


def ends_at_a_wrong_request(lines):
    """Leaves the viewer at the first request that is not correct."""
    while True:
        print(menu(len(lines)))
        request = requested_lines(input("       "), len(lines))
        if request is None or request == "q":
            return
        print("\n".join(["", *lines[request[0] - 1 : request[1]], ""]))


def prompt_without_indent(lines):
    """Calls input() with no prompt."""
    _view(lines, prompt="")


def no_empty_lines(lines):
    """Forgets the empty lines around the lines shown."""
    _view(lines, blank=False)


def no_empty_line_before(lines):
    """Forgets the empty line between the request and the lines shown."""
    while True:
        print(menu(len(lines)))
        answer = input("       ")
        if answer.strip(" ") == "q":
            return
        request = requested_lines(answer, len(lines))
        for line in lines[request[0] - 1 : request[1]] if isinstance(request, tuple) else []:
            print(line)
        print()


def blank_before_quitting(lines):
    """Prints the empty line as soon as a request is read, before looking whether it is q."""
    while True:
        print(menu(len(lines)))
        answer = input("       ")
        print()
        if answer.strip(" ") == "q":
            return
        request = requested_lines(answer, len(lines))
        for line in lines[request[0] - 1 : request[1]] if isinstance(request, tuple) else []:
            print(line)
        print()


def aside_only_at_the_end(stack, placed):
    """Goes through the whole stack first, and only then tries the cards put aside."""
    placed, aside = set(placed), []
    for card in reversed(stack):
        if can_place(card, placed):
            placed.add(card)
        else:
            aside.append(card)
    while aside and can_place(aside[-1], placed):
        placed.add(aside.pop())
    return placed, aside


def aside_as_a_default(stack, placed, aside=[]):  # noqa: B006 (the mistake itself)
    """Takes the pile put aside as a default argument, made once when def runs: the cards a call
    leaves aside are still there in the next call (held-out 14a)."""
    stack, placed = list(stack), set(placed)
    while stack:
        code = stack.pop()
        if can_place(code, placed):
            placed.add(code)
            while aside and can_place(aside[-1], placed):
                placed.add(aside.pop())
        else:
            aside.append(code)
    return placed, aside


def aside_tried_before_each_card(stack, placed):
    """Tries the top card put aside before it takes each card of the stack, not after each card
    placed: what the last card of the stack lets in stays aside."""
    stack, placed, aside = list(stack), set(placed), []
    while stack:
        while aside and can_place(aside[-1], placed):
            placed.add(aside.pop())
        card = stack.pop()
        if can_place(card, placed):
            placed.add(card)
        else:
            aside.append(card)
    return placed, aside


def sevens_counted_twice(s):
    """Takes the cards placed (the 7s among them) away from 48, and returns 0 if that is below."""
    return max(0, cards_left(s) - 4)


def aside_face_down_too(placed_card, from_aside, stack, aside, placed):
    """Writes the cards put aside with ']' like the stack, face down."""
    lines = card_lines(placed_card, from_aside, stack, aside, placed)
    if len(lines) > 2:
        lines[2] = "]" * len(aside)
    return lines


def no_line_for_the_card_still_aside(s):
    """Leaves out the lines of the top card put aside that still cannot be placed."""
    lines, kept = collected_output(s), []
    for line in lines:
        if kept and kept[-1].startswith("Cannot place card from top of stack of cards put aside"):
            kept.pop()  # drop that line, and skip the empty line after it
            continue
        kept.append(line)
    return kept


def placed_with_the_sevens(s):
    """Returns how many cards are on the table at the end, the four 7s included."""
    return 52 - cards_left(s)


def lax_int_after_strip(answer, n):
    """strip() and then int() on each part: '+3', '- 3', a tab or '٣' are taken as numbers."""
    text = answer.strip()
    if text == "q":
        return "q"
    try:
        if "--" in text:
            first, last = (int(part) for part in text.split("--", 1))
            return (first, last) if 1 <= first <= last <= n else None
        if text.startswith("-"):
            k = int(text[1:])
            return (n - k + 1, n) if 1 <= k <= n else None
        k = int(text)
        return (1, k) if 1 <= k <= n else None
    except ValueError:
        return None


def space_after_the_dash(answer, n):
    """Reads '-k' with the regex '- *([0-9]+)', which lets a space follow the '-' ('- 2')."""
    match = re.fullmatch(r" *- *([0-9]+) *", answer)
    if match and 1 <= int(match.group(1)) <= n:
        return (n - int(match.group(1)) + 1, n)
    return requested_lines(answer, n)


def one_request(lines):
    """Answers one request and stops."""
    _view(lines, once=True)


def zero_based_lines(lines):
    """Slices lines[first:last]: off by one."""
    while True:
        print(menu(len(lines)))
        answer = input("       ")
        if answer.strip(" ") == "q":
            return
        request = requested_lines(answer, len(lines))
        shown = lines[request[0] : request[1]] if isinstance(request, tuple) else []
        print("\n".join(["", *shown, ""]))


def menu_once(lines):
    """Shows the menu before the first request only."""
    print(menu(len(lines)))
    while True:
        answer = input("       ")
        if answer.strip(" ") == "q":
            return
        request = requested_lines(answer, len(lines))
        shown = lines[request[0] - 1 : request[1]] if isinstance(request, tuple) else []
        print("\n".join(["", *shown, ""]))


# --- run_program ----------------------------------------------------------------------------------


def no_empty_line_after_prompt():
    """Forgets the empty line before the first menu."""
    view(collected_output(int(input(SEED_PROMPT))))


def empty_line_before_the_prompt():
    """Prints the empty line first, then asks for the seed."""
    print()
    view(collected_output(int(input(SEED_PROMPT))))


def seed_not_converted():
    """Passes the text typed to the game, which seeds with a string."""
    s = input(SEED_PROMPT)
    print()
    stack = sorted(set(range(52)) - SEVEN_CODES)
    random.seed(s)
    random.shuffle(stack)
    view(collected_output(int(s) + 1000))


def seed_as_text():
    """Seeds the shuffle with the text typed, as exercise 01's students do without int()."""
    s = input(SEED_PROMPT)
    print()
    cards = course.deck_without_sevens()
    random.seed(s)
    random.shuffle(cards)
    view(course.game_collected_output(course.play(cards)))


def prompt_on_its_own_line():
    """Prints the prompt, then calls input()."""
    print(SEED_PROMPT)
    s = int(input())
    print()
    view(collected_output(s))


def other_seed_prompt():
    """Writes its own prompt."""
    s = int(input("Seed: "))
    print()
    view(collected_output(s))


def lines_of_other_deal():
    """Shuffles once more before viewing (the deal of another seed)."""
    s = int(input(SEED_PROMPT))
    print()
    view(collected_output(s + 1))


# --- simulate -------------------------------------------------------------------------------------


def _counts(n, i, seeds=None):
    counts = {}
    for s in seeds if seeds is not None else range(i, i + n):
        left = cards_left(s)
        counts[left] = counts.get(left, 0) + 1
    return counts


def _print(counts, n, order=True, fmt="9.2%", width=20):
    print("Number of cards left | Frequency")
    print("-" * 32)
    for left in sorted(counts, reverse=order):
        print(f"{left:{width}} | {counts[left] / n:{fmt}}")


def increasing_order(n, i):
    """Lists the numbers of cards left by increasing order."""
    _print(_counts(n, i), n, order=False)


def without_wins(n, i):
    """Leaves out the games that were won (0 cards left)."""
    counts = _counts(n, i)
    counts.pop(0, None)
    _print(counts, n)


def seeded_once(n, i):
    """Calls seed(i) once, then shuffles the n decks one after the other (held-out 15a,
    sm_global_state): not the deals of seeds i to i + n - 1."""
    random.seed(i)
    counts = {}
    for _ in range(n):
        stack = sorted(set(range(52)) - SEVEN_CODES)
        random.shuffle(stack)
        placed, aside = set(SEVEN_CODES), stack
        for _round in range(3):
            placed, aside = one_stage(stack, placed)
            if not aside:
                break
            stack = aside[::-1]
        counts[len(aside)] = counts.get(len(aside), 0) + 1
    _print(counts, n)


def seeds_from_zero(n, i):
    """Plays seeds 0 to n - 1 whatever i is."""
    _print(_counts(n, 0), n)


def frequency_to_one_place(n, i):
    """Prints the frequencies with one decimal."""
    _print(_counts(n, i), n, fmt="9.1%")


def counts_not_frequencies(n, i):
    """Prints the counts divided by 100."""
    counts = _counts(n, i)
    _print(counts, 100)


#: The notebook's dict of the counts, made once when its cell runs (counts_in_a_global's).
COUNTS = {}


def counts_in_a_global(n, i):
    """Adds the counts to the notebook's dict COUNTS: each call adds to the counts of the calls
    before it (held-out 14a)."""
    for s in range(i, i + n):
        left = cards_left(s)
        COUNTS[left] = COUNTS.get(left, 0) + 1
    _print(COUNTS, n)


def wider_column(n, i):
    """Right-aligns the number in 21 characters."""
    _print(_counts(n, i), n, width=21)


def returns_the_table(n, i):
    """Returns the lines instead of printing them."""
    return course.simulate_lines(course.cards_left_counts(n, i))


# --- Right functions in a notebook where an earlier function they call is wrong -----------------


def _right_cards_left(s):
    stack = sorted(set(range(52)) - set(SEVEN_CODES))
    random.seed(s)
    random.shuffle(stack)
    placed = set(SEVEN_CODES)
    for _ in range(3):
        placed, aside = one_stage(stack, placed)
        if not aside:
            return 0
        stack = aside[::-1]
    return len(aside)


def _right_table_lines(placed):
    return [row_line(rank, placed) for rank in range(13, 0, -1)]


def _right_view(lines):
    while True:
        print(menu(len(lines)))
        answer = input("       ")
        request = requested_lines(answer, len(lines))
        if request == "q":
            return
        shown = lines[request[0] - 1 : request[1]] if request else []
        print("\n".join(["", *shown, ""]))


def _calling(right, name, about, **wrong):
    """``right``'s code in a notebook of its own, where the student's functions named in
    ``wrong`` are the wrong ones given."""
    return in_a_notebook(right, name, about, globals(), **wrong)


_WRONG = "Right, but calls the student's own {}, which is wrong ({})."
cards_left_with_a_wrong_stage = _calling(
    _right_cards_left,
    "cards_left_with_a_wrong_stage",
    _WRONG.format("one_stage", "it takes the stack's first card as its top"),
    one_stage=stack_from_the_start,
)
table_with_a_wrong_row = _calling(
    _right_table_lines,
    "table_with_a_wrong_row",
    _WRONG.format("row_line", "Hearts first"),
    row_line=hearts_first,
)


def _right_one_stage(stack, placed):
    stack, placed, aside = list(stack), set(placed), []
    while stack:
        code = stack.pop()
        if can_place(code, placed):
            placed.add(code)
            while aside and can_place(aside[-1], placed):
                placed.add(aside.pop())
        else:
            aside.append(code)
    return placed, aside


def _right_collected_output(s):
    stack = sorted(set(range(52)) - set(SEVEN_CODES))
    random.seed(s)
    random.shuffle(stack)
    placed = set(SEVEN_CODES)
    lines = ["All 7s removed and placed, rest of deck shuffled, ready to start!", "]" * 48, ""]
    lines += [*table_lines(placed), ""]
    for number, name in enumerate(course.ROUND_NAMES[:3]):
        lines += [""] * (number > 0) + [f"Starting {name} round...", ""]
        aside = []
        while stack:
            code = stack.pop()
            if not can_place(code, placed):
                aside.append(code)
                lines += card_lines(False, False, stack, aside, placed)
                continue
            placed.add(code)
            lines += card_lines(True, False, stack, aside, placed)
            while aside and can_place(aside[-1], placed):
                placed.add(aside.pop())
                lines += card_lines(True, True, stack, aside, placed)
            if aside:
                lines += card_lines(False, True, stack, aside, placed)
        if not aside:
            return [*lines, f"You placed all cards, you won {course.THUMBS_UP}"]
        stack = aside[::-1]
    return [*lines, f"You could not place {len(aside)} cards, you lost {course.THUMBS_DOWN}"]


def _piles_under_every_card(placed_card, from_aside, stack, aside, placed):
    """Shows the stack and the cards put aside under the top card put aside that cannot be
    placed too."""
    lines = card_lines(placed_card, from_aside, stack, aside, placed)
    if from_aside and not placed_card:
        lines[1:1] = card_lines(False, False, stack, aside, placed)[1:3]
    return lines


def _two_deep(right, name, about, middle, right_middle, **wrong):
    """``right``'s code in a notebook of its own, whose ``middle`` (right, ``right_middle``'s
    code) calls the wrong functions given: the wrong one is two calls down."""
    notebook = {**right_middle.__globals__, **globals(), **wrong}
    notebook[middle] = types.FunctionType(right_middle.__code__, notebook, middle)
    made = types.FunctionType(right.__code__, notebook, name)
    made.__doc__ = about
    return made


cards_left_with_a_wrong_place = _two_deep(
    _right_cards_left,
    "cards_left_with_a_wrong_place",
    "Right, and so is its one_stage, but that one calls the student's own can_place, which is "
    "wrong (it forgets the ends of a suit).",
    "one_stage",
    _right_one_stage,
    can_place=wraps_across_suits,
)
output_with_wrong_card_lines = _calling(
    _right_collected_output,
    "output_with_wrong_card_lines",
    _WRONG.format("card_lines", "the piles under an aside card that cannot be placed"),
    card_lines=_piles_under_every_card,
)
output_with_a_wrong_place = _calling(
    _right_collected_output,
    "output_with_a_wrong_place",
    _WRONG.format("can_place", "it forgets the ends of a suit"),
    can_place=wraps_across_suits,
)
view_with_a_wrong_menu = _calling(
    _right_view,
    "view_with_a_wrong_menu",
    _WRONG.format("menu", "four spaces"),
    menu=four_spaces,
)

view_with_a_stripping_requested_lines = _calling(
    _right_view,
    "view_with_a_stripping_requested_lines",
    _WRONG.format("requested_lines", "strip() lets a tab through (held-out 14a)"),
    requested_lines=strips_tabs_and_newlines,
)


def _right_run_program():
    s = int(input(SEED_PROMPT))
    print()
    view(collected_output(s))


program_with_a_wrong_view = _calling(
    _right_run_program,
    "program_with_a_wrong_view",
    _WRONG.format("view", "it slices lines[first:last], held-out 15a rp_helper_view"),
    view=zero_based_lines,
)
program_with_a_view_that_stops_early = _calling(
    _right_run_program,
    "program_with_a_view_that_stops_early",
    _WRONG.format("view", "it answers one request and stops"),
    view=one_request,
)


_fix_first = fix_first


def _regex_requests(answer, n):
    """Reads the request with re.fullmatch (right where re is imported)."""
    if re.fullmatch(r" *q *", answer):
        return "q"
    found = re.fullmatch(r" *([0-9]+) *", answer)
    if found:
        last = int(found.group(1))
        return (1, last) if 1 <= last <= n else None
    found = re.fullmatch(r" *-([0-9]+) *", answer)
    if found:
        k = int(found.group(1))
        return (n - k + 1, n) if 1 <= k <= n else None
    found = re.fullmatch(r" *([0-9]+) *-- *([0-9]+) *", answer)
    if found:
        first, last = int(found.group(1)), int(found.group(2))
        return (first, last) if 1 <= first <= last <= n else None
    return None


#: The regex version as a notebook defines it where no cell imports re: every call raises
#: NameError (held-out 12a: the hint told it to catch ValueError).
re_not_imported = types.FunctionType(_regex_requests.__code__, {"__builtins__": builtins})
re_not_imported.__name__ = re_not_imported.__qualname__ = "re_not_imported"
re_not_imported.__doc__ = "Uses re.fullmatch, but no cell of the notebook imports re."

# --- printing as well as returning (the lines and the parser print nothing) -----------------------


def prints_the_row_too(rank, placed):
    """Prints the row as well as returning it (the statement: it prints nothing)."""
    line = row_line(rank, placed)
    print(line)
    return line


def says_why_an_answer_is_wrong(answer, n):
    """Prints a message for an input that is not correct, then returns None: the viewer then
    shows more than the two empty lines."""
    request = requested_lines(answer, n)
    if request is None:
        print("Incorrect input, try again.")
    return request


MISTAKES: dict[str, list[Mistake]] = {
    "can_place": [
        Mistake(placed_again, "not placed again"),
        Mistake(wraps_across_suits, "the Ace has no card below it|The Ace has no card below"),
        Mistake(only_below, "one rank below it or one rank above it"),
        Mistake(only_above, "one rank below it or one rank above it"),
        Mistake(king_not_on_its_queen, "the King on its Queen"),
        Mistake(queen_not_under_its_king, r"A Queen \(code % 13 == 11\) fits under its King"),
        Mistake(same_rank_other_suit, r"expected: False\n  got:      True"),
        Mistake(ranks_one_to_thirteen, r"a 2 \(code % 13 == 1\) fits on its Ace"),
        Mistake(answer_as_number, "expected a bool, got an int"),
    ],
    "row_line": [
        Mistake(prints_the_row_too, r"it printed '.*': row_line prints nothing"),
        Mistake(hearts_first, "Diamonds, Clubs, Spades, Hearts, in this order"),
        Mistake(no_tab_before_first, "one tab for its column"),
        Mistake(one_tab_per_card, "one tab for its column"),
        Mistake(trailing_tabs, "one tab for its column"),
        Mistake(rank_from_zero, r"Row r shows the cards of rank r"),
        Mistake(spaces_for_tabs, r"expected: '\\t"),
    ],
    "one_stage": [
        Mistake(stack_from_the_start, r"stack\[-1\] is its top"),
        Mistake(
            never_retries_aside,
            r"one_stage\((.|\n)*\n  placed \(the first of the pair\) lacks 8, 9\n"
            r"  aside \(the second of the pair\): expected 0 elements, got 2 \(extra: 9, 8\)",
        ),
        Mistake(any_card_put_aside, "the cards under it wait until it is placed"),
        Mistake(aside_from_the_bottom, "the last one put aside"),
        Mistake(
            changes_the_arguments,
            r"it changed `stack` \(a list\) and `placed` \(a set\) it was given: work on copies "
            r"instead, list\(stack\) and set\(placed\)\n  And it returned the set placed it was "
            r"given, not a new set",
        ),
        Mistake(
            copies_the_stack_but_not_placed,
            r"it changed `placed` \(a set\) it was given: work on a copy instead, set\(placed\)",
        ),
        Mistake(
            placed_returned_when_nothing_fits,
            r"one_stage\(\[1, 8, 21\], .*\n.*it returned the set placed it "
            r"was given, not a new set",
        ),
        Mistake(retries_once, r"as long as one fits \(a loop, not a single test\)"),
        Mistake(
            stage_placing_across_suits,
            r"(?s)^(?!.*the cards under it wait)(?!.*element 0).*\n  placed \(the first of the "
            r"pair\) holds \d+, which it should not\n.*Hint: Watch the ends of a suit in can_place",
        ),
        Mistake(placed_as_list, "expected a set, got a list"),
        Mistake(
            placed_every_card,
            r"\n  placed \(the first of the pair\) holds 0, 1, 2, 3, 4 and \d+ more, which it "
            r"should not\n",
        ),
        Mistake(
            placed_as_floats,
            r"\n  placed \(the first of the pair\) holds 6\.0, a float, where 6 is expected "
            r"\(and \d+ more elements of another type\)\n",
        ),
        Mistake(aside_newest_first, "in the order they were put aside"),
        Mistake(
            aside_as_a_default,
            r"Hint: Called (twice in a row|on its own), one_stage\(.*\) gives (the right answer|"
            r"two different answers)(.|\n)*Its default argument aside=\[\] is made once",
        ),
        Mistake(
            aside_only_at_the_end,
            r"one_stage\(\[9, 7, 8\](.|\n)*right after each card placed, before the next card",
        ),
        Mistake(
            aside_tried_before_each_card,
            r"(?s)^(?!.*the last one put aside\) again).*one_stage\(\[7, 8, 9\].*Hint: Try the "
            r"top card put aside right after each card placed, not only before",
        ),
    ],
    "cards_left": [
        Mistake(cards_left_with_a_wrong_stage, _fix_first("one_stage", "cards_left")),
        Mistake(deck_by_rank_then_suit, r"Hint: Before seed\(s\) and shuffle\(\), the 48 cards"),
        Mistake(
            game_adding_to_the_sevens,
            r"Hint: Called twice in a row, cards_left\(-?\d+\) gives two different answers, the "
            r"first one right: [^\n]* It uses SEVENS \(a set\)[^\n]*\nRun it yourself",
        ),
        Mistake(
            cards_left_with_a_wrong_place,
            r"(?s)^(?!.*Hint).*your function can_place does not [^\n]* the statement's does, "
            r"called by your one_stage( \(line \d+\))?, which cards_left calls: fix can_place",
        ),
        Mistake(aside_not_turned_over, "the pile put aside is turned over"),
        Mistake(two_stages_only, "At most three rounds are played"),
        Mistake(four_stages, "At most three rounds are played"),
        Mistake(sevens_in_the_deck, r"cards_left\("),
        Mistake(cards_placed_instead, "not the cards placed"),
        Mistake(sevens_removed_after_shuffle, "The 7s are taken out first"),
        Mistake(sevens_counted_twice, "The four 7s are on the table from the start"),
        Mistake(placed_with_the_sevens, "not the cards placed"),
        Mistake(game_placing_across_suits, r"Hint: Watch the ends of a suit in can_place"),
        Mistake(deck_drawn_by_sample, r"Hint: Shuffle the 48 cards, in increasing order"),
    ],
    "table_lines": [
        Mistake(table_with_a_wrong_row, _fix_first("row_line", "table_lines")),
        Mistake(aces_first, "Kings' row comes first"),
        Mistake(twelve_rows, "expected 13 elements, got 12"),
        Mistake(rows_from_zero, r"element \d+: expected(.|\n)*ranks 13 \(Kings\) down to 1"),
        Mistake(one_text, "expected a list, got a str"),
        Mistake(skips_empty_rows, r"expected 13 elements(.|\n)*it always has 13 rows"),
    ],
    "card_lines": [
        Mistake(always_shows_piles, "an empty line only"),
        Mistake(table_every_time, "only a card that was placed"),
        Mistake(sources_swapped, r"stack of cards (left|put aside)"),
        Mistake(emoji_without_selector, r"element 0: expected '.*\\ufe0f'|element 0"),
        Mistake(
            aside_face_down_too,
            r"element 2: expected(.|\n)*Hint: The cards put aside are shown face up",
        ),
        Mistake(no_empty_line, r"missing: ''(.|\n)*Hint: Last comes an empty line"),
        Mistake(aside_all_face_up, r"element 2: expected '\[+"),
        Mistake(aside_bottom_face_up, r"Hint: The top of the cards put aside is the last card"),
        Mistake(table_before_the_piles, r"then the 13 rows of the table, then an empty line"),
    ],
    "collected_output": [
        Mistake(output_with_wrong_card_lines, _fix_first("card_lines", "collected_output")),
        Mistake(output_with_a_wrong_place, _fix_first("can_place", "collected_output")),
        Mistake(
            no_round_gap,
            r"first difference is element \d+: expected '', got 'Starting second round",
        ),
        Mistake(round_names_numbered, "got 'Starting round 1...'"),
        Mistake(no_line_for_the_card_still_aside, r"add the lines of the top one, which cannot be"),
        Mistake(no_final_line, r"missing: 'You"),
        Mistake(trailing_tab_rows, "No line ends with a space or a tab"),
        Mistake(initial_table_missing, r"first difference is element 4: expected ''"),
        Mistake(rounds_after_the_win, r"won in the second round(.|\n)*as soon as every card"),
    ],
    "requested_lines": [
        Mistake(
            re_not_imported,
            r"it raised NameError: name 're' is not defined(.|\n)*Hint: A name the function uses "
            r"is not defined where it runs",
        ),
        Mistake(
            says_why_an_answer_is_wrong,
            r"it printed 'Incorrect input, try again\.': requested_lines prints nothing",
        ),
        Mistake(strips_all_whitespace, "not correct, so the answer is None"),
        Mistake(accepts_plus, "not correct, so the answer is None"),
        Mistake(numbers_read_by_int, r"Hint: int\(\) takes more than the statement allows"),
        Mistake(strips_tabs_and_newlines, r"Hint: Only spaces may surround the input"),
        Mistake(zero_accepted, "not correct, so the answer is None"),
        Mistake(last_lines_off_by_one, r"'-k' asks for the last k lines: from line n - k \+ 1"),
        Mistake(any_unicode_digit, r"Only the digits 0 to 9 make a number"),
        Mistake(
            last_line_refused,
            r"requested_lines\('[^']*1052[^']*', 1052\)(.|\n)*Hint: This input is correct: n "
            r"itself is in range",
        ),
        Mistake(range_not_checked, r"(?s)^(?!.*int\(\) takes).*not correct, so the answer is None"),
        Mistake(quit_in_any_case, "not correct, so the answer is None"),
        Mistake(minus_zero_accepted, r"requested_lines\('-0', 1052\)(.|\n)*Hint: '-0' asks for"),
        Mistake(range_parts_stripped, "not correct, so the answer is None"),
        Mistake(final_newline_accepted, r"Hint: A correct input has no newline"),
        Mistake(
            space_after_the_dash,
            r"(?s)^(?!.*int\(\) takes).*Hint: No space between the '-' of '-k' and its number",
        ),
        Mistake(range_read_without_a_guard, r"raised ValueError(.|\n)*Hint: An input that is not"),
        Mistake(lax_int_after_strip, r"'٣'(.|\n)*Hint: int\(\) takes more(.|\n)*'- 3'"),
        Mistake(
            numbers_without_leading_zeros,
            r"requested_lines\('007', 1052\)(.|\n)*Hint: This input is correct: leading zeros "
            r"are accepted",
        ),
        Mistake(
            spaces_removed_in_a_range,
            r"requested_lines\('1 2--15', 1052\)(.|\n)*Hint: No space inside a number",
        ),
    ],
    "menu": [
        Mistake(tab_indent, "start with 7 spaces"),
        Mistake(four_spaces, "start with 7 spaces"),
        Mistake(singular_plural, r"menu\(1\)"),
        Mistake(menu_as_list, "expected a str, got a list"),
        Mistake(
            menu_with_newline,
            r"\n  a final newline is not expected\n(.|\n)*without a final newline",
        ),
        Mistake(menu_printed, "printed instead of returning"),
    ],
    "view": [
        Mistake(view_with_a_wrong_menu, _fix_first("menu", "view")),
        Mistake(view_with_a_stripping_requested_lines, _fix_first("requested_lines", "view")),
        Mistake(prompt_without_indent, "input\\(\\) gets the 7 spaces"),
        Mistake(
            no_empty_lines,
            r"printed output, line \d+: expected '       ', got '       line 1'"
            r"(.|\n)*Hint: The lines shown come between two empty lines",
        ),
        Mistake(one_request, r"printed output"),
        Mistake(
            blank_before_quitting,
            r"typing 'q\\n'\n.*a final newline is not expected(.|\n)*Hint: On q the viewer stops",
        ),
        Mistake(no_empty_line_before, r"Hint: An empty line comes right after the request is read"),
        Mistake(zero_based_lines, r"line k is lines\[k - 1\]"),
        Mistake(menu_once, r"printed output, line \d+: expected 'There are(.|\n)*before every"),
        Mistake(silent_after_a_wrong_request, "After an incorrect request the program prints"),
        Mistake(ends_at_a_wrong_request, "An incorrect request does not end the viewer"),
        Mistake(
            one_empty_line_at_a_wrong_request,
            "An incorrect request still prints the two empty lines before the menu",
        ),
    ],
    "run_program": [
        Mistake(no_empty_line_after_prompt, "An empty line comes between the prompt"),
        Mistake(empty_line_before_the_prompt, r"Hint: The empty line comes after the prompt"),
        Mistake(seed_not_converted, "printed output, line"),
        Mistake(seed_as_text, r"Convert the answer with int\(\)"),
        Mistake(prompt_on_its_own_line, r"printed output, line 2: expected 'There are"),
        Mistake(other_seed_prompt, r"printed output, line 1: expected 'Please enter"),
        Mistake(lines_of_other_deal, r"printed output, line \d+: expected"),
        Mistake(program_with_a_wrong_view, _fix_first("view", "run_program")),
        Mistake(program_with_a_view_that_stops_early, _fix_first("view", "run_program")),
    ],
    "simulate": [
        Mistake(increasing_order, "by decreasing number of cards left"),
        Mistake(without_wins, r"printed output, expected \d+ lines, got \d+|line \d+"),
        Mistake(seeds_from_zero, r"simulate\((1, 2|150, 31)\)(.|\n)*range\(i, i \+ n\)"),
        Mistake(seeded_once, r"Hint: Each game is the deal of its own seed"),
        Mistake(frequency_to_one_place, "a percentage with two decimals"),
        Mistake(counts_not_frequencies, r"line 3: expected"),
        Mistake(wider_column, "Lines are 32 characters"),
        Mistake(returns_the_table, "instead of printing"),
        Mistake(
            counts_in_a_global,
            r"Hint: Called twice in a row, simulate\(.*\) gives two different answers, the first "
            r"one right(.|\n)*It uses COUNTS \(a dict\), made once, when its cell ran",
        ),
    ],
}
