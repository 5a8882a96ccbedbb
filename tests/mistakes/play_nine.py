"""Wrong implementations that students write for the tasks of exercises/04, one list per task.

``tests/test_exercise_mistakes.py`` proves that the check rejects every one of them, with a report
that matches its ``says`` pattern; ``AGENT_MISTAKES`` are agents that ``check_agent`` must
reject. Each function's docstring names the mistake.
"""

from __future__ import annotations

import random
import types
from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np
from student_copy import as_a_student_writes_it

from mistakes import in_a_notebook
from solitaire_lib.grading.checks import Mistake
from solitaire_lib.play_nine import exercises as _exercises
from solitaire_lib.play_nine.rules import DECK, KITTY

# Right versions the mistakes build on: students' own copies of the references (the check's
# own are hidden in a student's run).
columns_for_hand = as_a_student_writes_it(_exercises.columns_for_hand)
legal_actions = as_a_student_writes_it(_exercises.legal_actions)
score = as_a_student_writes_it(_exercises.score)

# --- score ---------------------------------------------------------------------------------------


def column_points(a, b):
    return (-10 if a == -5 else 0) if a == b else a + b


def prints_the_score_too(top, bottom):
    """Prints the score as well as returning it (the statement: it prints nothing)."""
    points = score(top, bottom)
    print("score:", points)
    return points


def sums_every_card(top, bottom):
    """Adds every card: forgets that matched columns cancel."""
    return sum(top) + sum(bottom)


def zero_pairs_never_matched(top, bottom):
    """Tests a match with `if a == b and a:`: a pair of 0s never counts as a match."""
    pairs = Counter(a for a, b in zip(top, bottom, strict=True) if a == b and a)
    points = sum(column_points(a, b) for a, b in zip(top, bottom, strict=True))
    return points - 5 * sum(k for k in pairs.values() if k > 1)


def minus_five_pair_cancels(top, bottom):
    """Lets a pair of -5s cancel to 0, like any other pair."""
    pairs = Counter(a for a, b in zip(top, bottom, strict=True) if a == b)
    points = sum(0 if a == b else a + b for a, b in zip(top, bottom, strict=True))
    return points - 5 * sum(k for k in pairs.values() if k > 1)


def no_extra_for_repeated_pairs(top, bottom):
    """Forgets the extra -5 for each matched column whose rank is matched more than once."""
    return sum(column_points(a, b) for a, b in zip(top, bottom, strict=True))


def extra_once_per_rank(top, bottom):
    """Gives the extra -5 once per repeated rank, not once per column."""
    pairs = Counter(a for a, b in zip(top, bottom, strict=True) if a == b)
    return no_extra_for_repeated_pairs(top, bottom) - 5 * sum(1 for k in pairs.values() if k > 1)


def extra_for_every_pair(top, bottom):
    """Gives every matched column the extra -5, even a rank matched only once."""
    pairs = sum(1 for a, b in zip(top, bottom, strict=True) if a == b)
    return no_extra_for_repeated_pairs(top, bottom) - 5 * pairs


def extra_only_side_by_side(top, bottom):
    """Gives the extra -5 only to equal pairs in neighbouring columns."""
    total = no_extra_for_repeated_pairs(top, bottom)
    pairs = [a if a == b else None for a, b in zip(top, bottom, strict=True)]
    for i, rank in enumerate(pairs):
        neighbours = pairs[max(i - 1, 0) : i] + pairs[i + 1 : i + 2]
        if rank is not None and rank in neighbours:
            total -= 5
    return total


def no_extra_for_minus_five_pairs(top, bottom):
    """Scores a pair of -5s as -10 and stops there: repeated -5 pairs get no extra -5 each."""
    pairs = Counter(a for a, b in zip(top, bottom, strict=True) if a == b and a != -5)
    return no_extra_for_repeated_pairs(top, bottom) - 5 * sum(k for k in pairs.values() if k > 1)


def minus_five_pair_counts_minus_five(top, bottom):
    """Reads "5 less" as what a pair of -5s counts: -5 instead of -10."""
    pairs = Counter(a for a, b in zip(top, bottom, strict=True) if a == b)
    points = sum(
        (-5 if a == -5 else 0) if a == b else a + b for a, b in zip(top, bottom, strict=True)
    )
    return points - 5 * sum(k for k in pairs.values() if k > 1)


def lone_minus_five_counts_five(top, bottom):
    """Adds abs() of each card of a column that is not matched: a -5 on its own counts +5
    (reading 41: the report gave no hint)."""
    pairs = Counter(a for a, b in zip(top, bottom, strict=True) if a == b)
    points = sum(column_points(a, b) if a == b else abs(a) + abs(b)
                 for a, b in zip(top, bottom, strict=True))  # fmt: skip
    return points - 5 * sum(k for k in pairs.values() if k > 1)


def ten_less_for_repeated_pairs(top, bottom):
    """Takes 10 off each matched column whose rank is matched more than once, not 5."""
    pairs = Counter(a for a, b in zip(top, bottom, strict=True) if a == b)
    return no_extra_for_repeated_pairs(top, bottom) - 10 * sum(k for k in pairs.values() if k > 1)


def extra_from_the_second_pair_on(top, bottom):
    """Keeps a set of the ranks matched so far: a rank's first matched column gets no extra -5."""
    seen, total = set(), 0
    for a, b in zip(top, bottom, strict=True):
        if a == b:
            total += (-10 if a == -5 else 0) - (5 if a in seen else 0)
            seen.add(a)
        else:
            total += a + b
    return total


def extra_when_the_top_row_repeats(top, bottom):
    """Takes the extra 5 off a matched column whenever its rank is in the top row more than once,
    even where the other cards of that rank are in no matched column."""
    total = no_extra_for_repeated_pairs(top, bottom)
    repeated = [a for a, b in zip(top, bottom, strict=True) if a == b and top.count(a) > 1]
    return total - 5 * len(repeated)


def numpy_score(top, bottom):
    """Scores with numpy arrays, right, but returns the numpy integer that np.sum gives."""
    t, b = np.array(top), np.array(bottom)
    matched = t == b
    total = np.sum(np.where(matched, np.where(t == -5, -10, 0), t + b))
    _, counts = np.unique(t[matched], return_counts=True)
    return total - 5 * np.sum(counts[counts > 1])


# --- legal_actions -------------------------------------------------------------------------------


def turns_face_up_cards_too(top, bottom):
    """Offers to turn over every card, face up or not."""
    places = [(row, column) for row in (0, 1) for column in range(len(top))]
    return [("r", r, c) for r, c in places] + [("t", r, c) for r, c in places]


def turns_over_the_face_up_cards(top, bottom):
    """Offers to turn over the face-up cards instead of the face-down ones (the test reads
    "!= '*'" for "== '*'")."""
    rows = (top, bottom)
    actions = [("r", r, c) for r in (0, 1) for c in range(len(rows[r]))]
    for r in (0, 1):
        for c in range(len(rows[r])):
            if rows[r][c] != "*":
                actions.append(("t", r, c))
    return actions


def lists_no_turn_overs(top, bottom):
    """Lists the replacements only: forgets that a face-down card may be turned over."""
    return [("r", r, c) for r in (0, 1) for c in range(len(top))]


def replaces_only_face_down_cards(top, bottom):
    """Thinks that only face-down cards can be replaced."""
    return [a for a in legal_actions(top, bottom) if (top, bottom)[a[1]][a[2]] == "*"]


def turn_overs_first(top, bottom):
    """Lists the turn-overs before the replacements."""
    actions = legal_actions(top, bottom)
    return [a for a in actions if a[0] == "t"] + [a for a in actions if a[0] == "r"]


def actions_as_lists(top, bottom):
    """Returns each action as a list ['r', 0, 1], which the runner refuses."""
    return [list(a) for a in legal_actions(top, bottom)]


def forgets_the_bottom_row(top, bottom):
    """Looks at the top row only."""
    return [a for a in legal_actions(top, bottom) if a[1] == 0]


def column_by_column(top, bottom):
    """Goes column by column (top, then bottom) instead of row by row."""
    actions = legal_actions(top, bottom)
    replace = sorted((a for a in actions if a[0] == "r"), key=lambda a: (a[2], a[1]))
    turn = sorted((a for a in actions if a[0] == "t"), key=lambda a: (a[2], a[1]))
    return replace + turn


def first_face_down_only(top, bottom):
    """Offers to turn over only the first face-down card of each row (row.index('*'))."""
    actions = [a for a in legal_actions(top, bottom) if a[0] == "r"]
    for row, cards in enumerate((top, bottom)):
        if "*" in cards:
            actions.append(("t", row, cards.index("*")))
    return actions


def misses_the_last_column(top, bottom):
    """Loops over range(len(top) - 1): the last column is never offered."""
    rows = (top, bottom)
    places = [(row, column) for row in (0, 1) for column in range(len(top) - 1)]
    return [("r", r, c) for r, c in places] + [("t", r, c) for r, c in places if rows[r][c] == "*"]


def turns_over_in_the_top_row_only(top, bottom):
    """Replaces in both rows but looks for face-down cards in the top row only."""
    return [a for a in legal_actions(top, bottom) if a[0] == "r" or a[1] == 0]


def tuple_of_actions(top, bottom):
    """Returns the actions as a tuple, not a list."""
    return tuple(legal_actions(top, bottom))


# --- columns_for_hand ----------------------------------------------------------------------------


def bands_of_forty(hand):
    """Makes every band 40 hands long."""
    return min(4 + hand // 40, 10)


def no_cap(hand):
    """Lets the boards grow past 10 columns."""
    columns, band, start = 4, 40, 0
    while hand >= start + band:
        start, band, columns = start + band, band + 60, columns + 1
    return columns


def hands_from_one(hand):
    """Compares with > instead of >=, as if hands were counted from 1."""
    columns, band, start = 4, 40, 0
    while hand > start + band and columns < 10:
        start, band, columns = start + band, band + 60, columns + 1
    return columns


def bands_grow_by_forty(hand):
    """Makes each band 40 hands longer, not 60."""
    columns, band, start = 4, 40, 0
    while hand >= start + band and columns < 10:
        start, band, columns = start + band, band + 40, columns + 1
    return columns


def starts_at_five(hand):
    """Starts with 5 columns."""
    return min(columns_for_hand(hand) + 1, 10)


def stops_at_nine(hand):
    """Stops growing at 9 columns (columns < 9): 'up to 10' read as 'below 10'."""
    return min(columns_for_hand(hand), 9)


def cap_tested_after_growing(hand):
    """Tests the cap with <= 10, so that the board grows to 11 columns."""
    columns, band, start = 4, 40, 0
    while hand >= start + band and columns <= 10:
        start, band, columns = start + band, band + 60, columns + 1
    return columns


def bands_end_at_the_numbers(hand):
    """Reads 40, 100, 160 as the hands where each band ends: hands 40 to 99 have 5 columns."""
    columns, end = 4, 40
    while hand >= end and columns < 10:
        columns, end = columns + 1, end + 60
    return columns


def zeroes_the_matched_columns(top, bottom):
    """Right total, but it writes 0 over the matched columns of the rows it was given."""
    total = score(top, bottom)
    for column, (a, b) in enumerate(zip(top, bottom, strict=True)):
        if a == b:
            top[column] = bottom[column] = 0
    return total


def marks_the_cards_it_listed(top_concealed, bottom_concealed):
    """Right list, but it marks the face-down cards it has listed by changing its arguments."""
    actions = legal_actions(top_concealed, bottom_concealed)
    for row in (top_concealed, bottom_concealed):
        for column, card in enumerate(row):
            if card == "*":
                row[column] = "listed"
    return actions


# --- play_hand -----------------------------------------------------------------------------------


@dataclass
class HandRules:
    """The runner's hand, with switches for the mistakes below."""

    deck_card_always: bool = False
    face_up_first: bool = False
    draws_not_yet_counted: bool = False
    never_all_up: bool = False
    uncovered: bool = False
    face_down_counts_zero: bool = False
    extra_draws_from_zero: bool = False
    kitty_from_the_deck: bool = False
    turn_over_places_the_card: bool = False
    deal_column_by_column: bool = False
    one_turn_more: bool = False
    one_turn_fewer: bool = False
    one_face_up_column: bool = False
    draws_by_randrange: bool = False
    drawing_sees_one_more: bool = False
    bottom_row_only: bool = False
    rows_swapped_for_drawing: bool = False
    tells_the_kitty_card: bool = False
    replaced_stays_face_down: bool = False
    draws_after_the_deal: bool = False
    draws_not_doubled: bool = False
    each_row_then_its_face_up: bool = False
    extra_draws: tuple[int, int] = (1, 3)
    draws_fixed_at: int | None = None
    deck_card_before_the_kitty: bool = False
    minus_five_pair: int = -10
    first_kitty_with_the_rows: bool = False

    def number_of_draws(self, rng: random.Random, columns: int) -> int:
        if self.draws_by_randrange:
            return 2 * columns + rng.randrange(1, 3)
        if self.draws_fixed_at is not None:
            return 2 * columns + self.draws_fixed_at
        low, high = (0, 2) if self.extra_draws_from_zero else self.extra_draws
        per_column = 1 if self.draws_not_doubled else 2
        return per_column * columns + rng.randint(low, high)

    def play(self, player: Any, seed: int, columns: int) -> int:
        rng = random.Random(seed)
        if self.face_up_first:
            up = rng.choice(range(columns)), rng.choice(range(columns))
        if not self.draws_after_the_deal:
            draws = self.number_of_draws(rng, columns)
        if self.each_row_then_its_face_up:
            rows, up = [], []
            for _ in (0, 1):
                rows.append([rng.choice(DECK) for _ in range(columns)])
                up.append(rng.choice(range(columns)))
        elif self.deal_column_by_column:
            pairs = [(rng.choice(DECK), rng.choice(DECK)) for _ in range(columns)]
            rows = [[top for top, _ in pairs], [bottom for _, bottom in pairs]]
        else:
            rows = [[rng.choice(DECK) for _ in range(columns)] for _ in (0, 1)]
        first_kitty = rng.choice(KITTY) if self.first_kitty_with_the_rows else None
        if self.one_face_up_column:
            column = rng.choice(range(columns))
            up = column, column
        elif not (self.face_up_first or self.each_row_then_its_face_up):
            up = rng.choice(range(columns)), rng.choice(range(columns))
        if self.draws_after_the_deal:
            draws = self.number_of_draws(rng, columns)
        face_up = [[c == up[0] for c in range(columns)], [c == up[1] for c in range(columns)]]
        last = -1 if self.one_turn_more else 1 if self.one_turn_fewer else 0
        rows_watched = face_up[1:] if self.bottom_row_only else face_up
        while draws > last and (self.never_all_up or not all(map(all, rows_watched))):
            seen = [list(row) if self.uncovered else
                    [card if shown else "*" for card, shown in zip(row, shown_row, strict=True)]
                    for row, shown_row in zip(rows, face_up, strict=True)]  # fmt: skip
            early = rng.choice(DECK) if self.deck_card_before_the_kitty else None
            if first_kitty is not None:
                kitty, first_kitty = first_kitty, None
            else:
                kitty = rng.choice(DECK if self.kitty_from_the_deck else KITTY)
            drawn = rng.choice(DECK) if self.deck_card_always else early
            shown = draws + 1 if self.drawing_sees_one_more else draws
            first, second = seen[::-1] if self.rows_swapped_for_drawing else seen
            choice = player.choose_drawing_action(first, second, shown, kitty)
            if choice == "k":
                card = kitty
            elif drawn is not None:
                card = drawn
            else:
                card = rng.choice(DECK)
            left = draws if self.draws_not_yet_counted else draws - 1
            told = kitty if self.tells_the_kitty_card else card
            kind, row, column = player.choose_replacement_action(seen[0], seen[1], left, told)
            if kind == "r" or self.turn_over_places_the_card:
                rows[row][column] = card
            face_up[row][column] = face_up[row][column] or not (
                self.replaced_stays_face_down and kind == "r"
            )
            draws -= 1
        if self.face_down_counts_zero:
            for row, shown_row in zip(rows, face_up, strict=True):
                for c, shown in enumerate(shown_row):
                    row[c] = row[c] if shown else 0
        points = [(self.minus_five_pair if a == -5 else 0) if a == b else a + b
                  for a, b in zip(rows[0], rows[1], strict=True)]  # fmt: skip
        pairs = Counter(a for a, b in zip(rows[0], rows[1], strict=True) if a == b)
        return sum(points) - 5 * sum(k for k in pairs.values() if k > 1)


def scores_a_minus_five_pair_as_zero(player, seed, columns):
    """Plays the hand right, but scores it with a task-1 score that lets a pair of -5s cancel to
    0 like any other pair (reading 41: no fixed hand ended with one)."""
    return HandRules(minus_five_pair=0).play(player, seed, columns)


def draws_counted_after_the_deal(player, seed, columns):
    """Deals both rows and picks the face-up cards, and only then draws the number of draws:
    every number after the first comes from the wrong place in the generator's stream."""
    return HandRules(draws_after_the_deal=True).play(player, seed, columns)


def one_draw_per_column(player, seed, columns):
    """Reads the number of draws as columns + rng.randint(1, 3): the 2 * forgotten."""
    return HandRules(draws_not_doubled=True).play(player, seed, columns)


def draws_without_randint(player, seed, columns):
    """Takes 2 * columns + 3 draws, the most randint(1, 3) gives, without drawing it: every
    number after it comes from the wrong place in the generator's stream."""
    return HandRules(draws_fixed_at=3).play(player, seed, columns)


def deck_card_before_the_kitty(player, seed, columns):
    """Draws the deck card before the kitty card each turn (and uses it only on 'd')."""
    return HandRules(deck_card_before_the_kitty=True).play(player, seed, columns)


def seeds_the_random_module(player, seed, columns):
    """Calls random.seed(seed) first, out of habit, then plays with its own generator: the
    score is right, but the random module's generator, which the rest of the program draws
    from, is reset."""
    random.seed(seed)
    return HandRules().play(player, seed, columns)


def seeds_the_module_and_puts_it_back(player, seed, columns):
    """Seeds the random module's own generator, which the statement forbids, and puts its state
    back at the end, so that the generator looks unchanged."""
    saved = random.getstate()
    try:
        random.seed(seed)
        return HandRules().play(player, seed, columns)
    finally:
        random.setstate(saved)


def module_choice_imported_by_name(player, seed, columns):
    """Imports choice from the random module (its own generator) for one draw, and puts the
    generator's state back after."""
    from random import choice

    saved = random.getstate()
    choice(DECK)
    random.setstate(saved)
    return HandRules().play(player, seed, columns)


def first_kitty_dealt_with_the_rows(player, seed, columns):
    """Draws the first turn's kitty card right after the two rows, before the face-up cards are
    chosen, as if it were part of the deal."""
    return HandRules(first_kitty_with_the_rows=True).play(player, seed, columns)


def deck_card_every_turn(player, seed, columns):
    """Draws a deck card every turn, even when the player takes the kitty."""
    return HandRules(deck_card_always=True).play(player, seed, columns)


def face_up_cards_chosen_first(player, seed, columns):
    """Chooses the face-up positions before dealing the rows."""
    return HandRules(face_up_first=True).play(player, seed, columns)


def each_row_then_its_face_up_card(player, seed, columns):
    """Deals the top row and picks its face-up card, then the bottom row and its face-up card."""
    return HandRules(each_row_then_its_face_up=True).play(player, seed, columns)


def draws_from_zero_to_three(player, seed, columns):
    """Writes rng.randint(0, 3) for rng.randint(1, 3): 0 to 3 extra draws."""
    return HandRules(extra_draws=(0, 3)).play(player, seed, columns)


def draws_left_before_the_draw(player, seed, columns):
    """Passes the draws left before this draw to choose_replacement_action."""
    return HandRules(draws_not_yet_counted=True).play(player, seed, columns)


def plays_on_when_all_face_up(player, seed, columns):
    """Goes on until the draws run out, even when every card is face up."""
    return HandRules(never_all_up=True).play(player, seed, columns)


def shows_the_face_down_cards(player, seed, columns):
    """Passes the real rows to the player: it sees the face-down cards."""
    return HandRules(uncovered=True).play(player, seed, columns)


def face_down_cards_count_zero(player, seed, columns):
    """Counts the cards still face down at the end as 0."""
    return HandRules(face_down_counts_zero=True).play(player, seed, columns)


def one_draw_too_few(player, seed, columns):
    """Gives 2 x columns + 0 to 2 draws instead of + 1 to 3."""
    return HandRules(extra_draws_from_zero=True).play(player, seed, columns)


def kitty_card_from_the_deck(player, seed, columns):
    """Draws the kitty card from DECK instead of KITTY."""
    return HandRules(kitty_from_the_deck=True).play(player, seed, columns)


def turn_over_places_the_card_too(player, seed, columns):
    """On ('t', row, column) it also puts the card held there, as on a replacement."""
    return HandRules(turn_over_places_the_card=True).play(player, seed, columns)


def deals_column_by_column(player, seed, columns):
    """Deals each column's top and bottom card in turn, not the top row then the bottom row."""
    return HandRules(deal_column_by_column=True).play(player, seed, columns)


def plays_while_draws_reach_zero(player, seed, columns):
    """Plays on while draws >= 0: one turn more than the draws allow."""
    return HandRules(one_turn_more=True).play(player, seed, columns)


def stops_before_the_last_draw(player, seed, columns):
    """Plays on while draws > 1: the hand's last draw is never used."""
    return HandRules(one_turn_fewer=True).play(player, seed, columns)


def ends_when_the_bottom_row_is_up(player, seed, columns):
    """Ends the hand when the bottom row is all face up ('*' not in bottom), top row or not."""
    return HandRules(bottom_row_only=True).play(player, seed, columns)


def rows_swapped_for_the_drawing_action(player, seed, columns):
    """Passes (bottom, top) to choose_drawing_action, (top, bottom) to the other."""
    return HandRules(rows_swapped_for_drawing=True).play(player, seed, columns)


def tells_the_kitty_card_after_a_draw(player, seed, columns):
    """Passes the kitty card to choose_replacement_action even when the player drew from the deck
    (the deck card is still the one placed)."""
    return HandRules(tells_the_kitty_card=True).play(player, seed, columns)


def replaced_card_stays_face_down(player, seed, columns):
    """Turns a card face up only on ('t', ...): a face-down card replaced stays face down."""
    return HandRules(replaced_stays_face_down=True).play(player, seed, columns)


def one_face_up_column_for_both_rows(player, seed, columns):
    """Draws one face-up column and turns that column's card up in both rows."""
    return HandRules(one_face_up_column=True).play(player, seed, columns)


def draws_by_randrange(player, seed, columns):
    """Writes rng.randrange(1, 3) for rng.randint(1, 3): one to two extra draws, another stream."""
    return HandRules(draws_by_randrange=True).play(player, seed, columns)


def drawing_sees_one_draw_more(player, seed, columns):
    """Passes draws + 1 to choose_drawing_action (counts the draw about to be made twice)."""
    return HandRules(drawing_sees_one_more=True).play(player, seed, columns)


# --- expected_column_score ------------------------------------------------------------------------


def _mean(values):
    return sum(values) / len(values)


def _column_solver(*, pair_of_minus_fives=-10, face_down_at_end="deck", kitty=KITTY,
                   peek=False, turn_over=True, last_turn=0, may_skip=True,
                   unseen_kitty=False, face_down_only=False, may_leave=True,
                   bottom_too=True, remember=True, places=None, always_kitty=False,
                   deck=DECK, kitty_by_rank=False, bottom_turn_over=True,
                   turn_over_to_the_end=False, best_turned_card=False):  # fmt: skip
    """A student's dynamic programme, with one rule as the mistake has it (``remember=False``:
    the same recursion without a cache, which works every column out again and again;
    ``places``: every turn's value rounded to that many decimals; ``deck``: the cards a draw
    from the deck is averaged over; ``kitty_by_rank``: the kitty card taken when its rank is
    below the average card; ``best_turned_card``: a card turned over counts as the best deck
    card for the column, as if seen before it is turned)."""
    from functools import cache

    @cache
    def end(top, bottom):
        if "*" in (top, bottom) and face_down_at_end == "zero":
            known = [card for card in (top, bottom) if card != "*"]
            return float(sum(known))
        if "*" in (top, bottom) and face_down_at_end == "average card":
            return sum(_mean(DECK) if card == "*" else card for card in (top, bottom))
        pool = KITTY if face_down_at_end == "kitty" else DECK
        if top == "*":
            return _mean([end(card, bottom) for card in pool])
        if bottom == "*":
            return _mean([end(top, card) for card in pool])
        if top == bottom:
            return pair_of_minus_fives if top == -5 else 0
        return top + bottom

    def value(top, bottom, turns):
        exact = exact_value(top, bottom, turns)
        return exact if places is None else round(exact, places)

    def exact_value(top, bottom, turns):
        if turns == last_turn:
            return end(top, bottom)
        unused = value(top, bottom, turns - 1) if may_leave else float("inf")
        after = last_turn if turn_over_to_the_end else turns - 1
        turned = min if best_turned_card else _mean
        if turn_over and top == "*":
            unused = min(unused, turned([value(card, bottom, after) for card in DECK]))
        if turn_over and bottom_turn_over and bottom == "*":
            unused = min(unused, turned([value(top, card, after) for card in DECK]))

        def best_with(card):
            places = [(value(card, bottom, turns - 1), top)]
            if bottom_too:
                places.append((value(top, card, turns - 1), bottom))
            if face_down_only:
                places = [(v, replaced) for v, replaced in places if replaced == "*"]
            placed = min([v for v, _ in places], default=unused)
            return min(placed, unused) if may_skip else placed

        if peek:
            return _mean([_mean([min(best_with(k), best_with(d)) for d in DECK]) for k in kitty])
        if always_kitty:
            return _mean([best_with(card) for card in kitty])
        drawn = _mean([best_with(card) for card in deck])
        if kitty_by_rank:
            return _mean([best_with(card) if card < _mean(DECK) else drawn for card in kitty])
        if unseen_kitty:
            return min(_mean([best_with(card) for card in kitty]), drawn)
        return _mean([min(best_with(card), drawn) for card in kitty])

    if remember:
        value = cache(value)
    return value


def minus_five_pair_is_zero(top, bottom, turns):
    """Scores a pair of -5s at the end like any other pair: 0 instead of -10."""
    return _column_solver(pair_of_minus_fives=0)(top, bottom, turns)


def face_down_counts_zero(top, bottom, turns):
    """Counts a card still face down at the end as 0, not as a random deck card."""
    return _column_solver(face_down_at_end="zero")(top, bottom, turns)


def kitty_from_the_deck(top, bottom, turns):
    """Draws the kitty card from the deck's cards instead of the kitty's."""
    return _column_solver(kitty=DECK)(top, bottom, turns)


def sees_the_deck_card_first(top, bottom, turns):
    """Chooses between the kitty card and the deck card after seeing both."""
    return _column_solver(peek=True)(top, bottom, turns)


def always_takes_the_kitty_card(top, bottom, turns):
    """Always takes the kitty card: never weighs drawing from the deck instead."""
    return _column_solver(always_kitty=True)(top, bottom, turns)


def never_turns_over(top, bottom, turns):
    """Forgets that a face-down card of the column may be turned over instead."""
    return _column_solver(turn_over=False)(top, bottom, turns)


def turning_over_ends_the_turns(top, bottom, turns):
    """Turning a face-down card over leads to the column as it is at the end (no turns left),
    not to its value with turns - 1 turns: the option is there, with the wrong count."""
    return _column_solver(turn_over_to_the_end=True)(top, bottom, turns)


def turns_over_the_best_deck_card(top, bottom, turns):
    """Takes a face-down card turned over to be the deck card best for the column (min over
    DECK), as if the player chose it, not a random one (held-out set 15b, ecs_turnover_peek)."""
    return _column_solver(best_turned_card=True)(top, bottom, turns)


def answers_zero_for_every_column(top, bottom, turns):
    """Returns 0.0 whatever the column: the value of a matched column with no turn left, so
    some cases meet the same column's value with another number of turns (held-out set 15b,
    ecs_C_settrace, which found nothing to copy and answered 0.0)."""
    return 0.0


def kitty_ranks_once(top, bottom, turns):
    """Averages over set(KITTY): each rank of the kitty once, its repeats lost."""
    return _column_solver(kitty=sorted(set(KITTY)))(top, bottom, turns)


def without_a_cache(top, bottom, turns):
    """The right recursion, without functools.cache."""
    return _column_solver(remember=False)(top, bottom, turns)


#: The memo of memo_keyed_by_the_column: (top, bottom) -> a value, whatever the turns.
_VALUES_BY_COLUMN = {}


def _end_value(top, bottom):
    if top == "*":
        return _mean([_end_value(card, bottom) for card in DECK])
    if bottom == "*":
        return _mean([_end_value(top, card) for card in DECK])
    return (-10 if top == -5 else 0) if top == bottom else top + bottom


def memo_keyed_by_the_column(top, bottom, turns):
    """The right recursion, remembered in a dict of its own keyed by (top, bottom) only: the
    first value worked out for a column comes back for every number of turns."""
    if (top, bottom) in _VALUES_BY_COLUMN:
        return _VALUES_BY_COLUMN[(top, bottom)]
    if turns == 0:
        value = _end_value(top, bottom)
    else:
        later = turns - 1
        unused = memo_keyed_by_the_column(top, bottom, later)
        if top == "*":
            unused = min(unused, _mean([memo_keyed_by_the_column(c, bottom, later) for c in DECK]))
        if bottom == "*":
            unused = min(unused, _mean([memo_keyed_by_the_column(top, c, later) for c in DECK]))

        def best_with(card):
            placed = (memo_keyed_by_the_column(card, bottom, later),
                      memo_keyed_by_the_column(top, card, later))  # fmt: skip
            return min(*placed, unused)

        drawn = _mean([best_with(card) for card in DECK])
        value = _mean([min(best_with(card), drawn) for card in KITTY])
    _VALUES_BY_COLUMN[(top, bottom)] = value
    return value


def one_turn_short(top, bottom, turns):
    """Stops one turn early (the last turn is never played)."""
    return (
        _column_solver(last_turn=1)(top, bottom, turns)
        if turns
        else _column_solver()(top, bottom, 0)
    )


def face_down_is_an_average_card(top, bottom, turns):
    """Counts a face-down card at the end as the average deck card (151/27), forgetting the
    chance that it matches the other card."""
    return _column_solver(face_down_at_end="average card")(top, bottom, turns)


def must_use_the_card(top, bottom, turns):
    """Always puts the card in hand on the column: forgets that it may do without it."""
    return _column_solver(may_skip=False)(top, bottom, turns)


def face_down_from_the_kitty_at_the_end(top, bottom, turns):
    """Averages a card still face down at the end over KITTY instead of DECK."""
    return _column_solver(face_down_at_end="kitty")(top, bottom, turns)


def chooses_the_kitty_unseen(top, bottom, turns):
    """Chooses kitty or deck before seeing the kitty card: the better of the two averages."""
    return _column_solver(unseen_kitty=True)(top, bottom, turns)


def replaces_only_face_down_cards_of_the_column(top, bottom, turns):
    """Puts the card in hand only on a face-down card of the column, never on a face-up one."""
    return _column_solver(face_down_only=True)(top, bottom, turns)


def never_leaves_the_column(top, bottom, turns):
    """With a card in hand, either places it or turns a card over: forgets that the column
    may also be left as it is."""
    return _column_solver(may_leave=False)(top, bottom, turns)


def deck_card_from_the_kitty(top, bottom, turns):
    """Averages the card drawn from the deck over KITTY instead of DECK."""
    return _column_solver(deck=KITTY)(top, bottom, turns)


def kitty_taken_by_its_rank(top, bottom, turns):
    """Takes the kitty card when its rank is below the average card, else draws: compares the
    card's rank, not the outcomes with it and with a deck card."""
    return _column_solver(kitty_by_rank=True)(top, bottom, turns)


def places_the_card_on_top_only(top, bottom, turns):
    """Tries the card in hand on the top card only, never on the bottom card."""
    return _column_solver(bottom_too=False)(top, bottom, turns)


def turns_over_the_top_card_only(top, bottom, turns):
    """Doing without the card, turns over only a face-down top card, never the bottom one
    (reading 41: the report gave no hint)."""
    return _column_solver(bottom_turn_over=False)(top, bottom, turns)


def rounds_every_turn(top, bottom, turns):
    """Rounds the value of every turn of the recursion to 2 decimals, not only the answer."""
    return _column_solver(places=2)(top, bottom, turns)


def rounds_to_cents(top, bottom, turns):
    """Rounds the answer to 2 decimals."""
    return round(_column_solver()(top, bottom, turns), 2)


# --- A right play_hand in a notebook whose own score is wrong -----------------------------------


def _right_play_hand(player, seed, columns):
    rng = random.Random(seed)
    draws = 2 * columns + rng.randint(1, 3)
    rows = [[rng.choice(DECK) for _ in range(columns)] for _ in range(2)]
    face_up = [[False] * columns, [False] * columns]
    face_up[0][rng.choice(range(columns))] = True
    face_up[1][rng.choice(range(columns))] = True
    while draws > 0 and not all(face_up[0] + face_up[1]):
        seen = [
            [card if up else "*" for card, up in zip(row, up_row, strict=True)]
            for row, up_row in zip(rows, face_up, strict=True)
        ]
        kitty = rng.choice(KITTY)
        if player.choose_drawing_action(seen[0], seen[1], draws, kitty) == "k":
            card = kitty
        else:
            card = rng.choice(DECK)
        draws -= 1
        kind, row, column = player.choose_replacement_action(seen[0], seen[1], draws, card)
        if kind == "r":
            rows[row][column] = card
        face_up[row][column] = True
    return score(rows[0], rows[1])


play_hand_with_a_wrong_score = types.FunctionType(
    _right_play_hand.__code__,
    {**globals(), "score": sums_every_card},
    "play_hand_with_a_wrong_score",
)
play_hand_with_a_wrong_score.__doc__ = (
    "Right, but calls the student's own score, which is wrong (it sums every card)."
)


def _score_of_numpy(top_row, bottom_row):
    """The student's score, right but for its type: it adds with numpy, and returns an int64."""
    return np.int64(score(top_row, bottom_row))


play_hand_with_a_numpy_score = types.FunctionType(
    _right_play_hand.__code__,
    {**globals(), "score": _score_of_numpy},
    "play_hand_with_a_numpy_score",
)
play_hand_with_a_numpy_score.__doc__ = (
    "Right, but calls the student's own score, which returns a numpy.int64, not an int."
)

MISTAKES = {
    "expected_column_score": [
        Mistake(
            memo_keyed_by_the_column,
            r"Hint: An answer is the value of the same column with another number of turns "
            r"left: a memo \(or cache\) must be keyed by all three arguments, turns too",
        ),
        Mistake(
            turns_over_the_top_card_only,
            r"Smallest failing case: expected_column_score\(12, '\*', 2\)\n[\s\S]*Hint: Doing "
            r"without the card, either face-down card of the column may be turned over, the "
            r"bottom one too",
        ),
        Mistake(minus_five_pair_is_zero, r"Hint: A pair of -5s counts -10 at the end"),
        Mistake(face_down_counts_zero, r"Hint: .*counts as a random deck card"),
        Mistake(kitty_from_the_deck, r"Hint: The kitty card comes from the kitty's cards"),
        Mistake(sees_the_deck_card_first, r"Hint: .*before you see the deck card"),
        Mistake(never_turns_over, r"Hint: .*turn one of the column's face-down cards"),
        Mistake(
            turning_over_ends_the_turns,
            r"Hint: Instead of using the card, you may turn one of the column's face-down cards "
            r"over \(it becomes a random deck card\), and that uses up the turn[\s\S]*turns - 1",
        ),
        Mistake(always_takes_the_kitty_card, r"Hint: .*not always the kitty card"),
        Mistake(face_down_is_an_average_card, r"Hint: .*not simply the average card"),
        Mistake(must_use_the_card, r"Hint: .*may also do without it"),
        Mistake(replaces_only_face_down_cards_of_the_column, r"Hint: .*either card of the column"),
        Mistake(face_down_from_the_kitty_at_the_end, r"Hint: .*average over DECK, not KITTY"),
        Mistake(never_leaves_the_column, r"Hint: .*may also leave the column as it is"),
        Mistake(places_the_card_on_top_only, r"Hint: .*the top card or the bottom card"),
        Mistake(chooses_the_kitty_unseen, r"Hint: The kitty card is shown before the choice"),
        Mistake(kitty_ranks_once, r"Hint: Average over the list KITTY itself, repeats included"),
        Mistake(
            turns_over_the_best_deck_card,
            r"Hint: A face-down card turned over becomes a random deck card, which the player "
            r"sees only after turning it: average the values it leads to over DECK, not the "
            r"best of them \(min\)\.",
        ),
        # The report says it gives the same answer every time, and gives no hint of a memo.
        Mistake(
            answers_zero_for_every_column,
            r"It gives the same answer, 0\.0, for every case\.\n(?![\s\S]*memo)",
        ),
        Mistake(deck_card_from_the_kitty, r"Hint: The card drawn from the deck is a random card"),
        Mistake(kitty_taken_by_its_rank, r"Hint: Take the kitty card when what it gives is better"),
        Mistake(
            one_turn_short,
            r"expected_column_score\('\*', 3, 1\)\n  expected: 5\.409660984\n  got:      8\.148"
            r"(.|\n)*Hint: The recursion stops at turns == 0",
        ),
        Mistake(
            rounds_every_turn,
            r"expected: 10\.329218107\n  got:      10\.33\n(.|\n)*not rounded \(neither at the end "
            r"nor at any\s+turn",
        ),
        Mistake(
            rounds_to_cents, r"expected: 10\.329218107\n  got:      10\.33\n(.|\n)*not rounded"
        ),
    ],
    "score": [
        Mistake(prints_the_score_too, r"it printed 'score: -?\d+': score prints nothing"),
        Mistake(sums_every_card, r"Hint: A matched column .* counts 0"),
        Mistake(minus_five_pair_cancels, r"Hint: A pair of -5s counts -10"),
        Mistake(minus_five_pair_counts_minus_five, r"Hint: A pair of -5s counts -10 .*not -5"),
        Mistake(ten_less_for_repeated_pairs, r"Hint: .*counts 5 less, not 10"),
        Mistake(no_extra_for_repeated_pairs, r"Hint: .*each counts 5 less"),
        Mistake(extra_once_per_rank, r"Hint: .*not once per rank"),
        Mistake(extra_for_every_pair, r"Hint: .*a rank matched once gets none"),
        Mistake(extra_only_side_by_side, r"Hint: .*need not be side by side"),
        Mistake(no_extra_for_minus_five_pairs, r"Hint: Repeated pairs of -5s get the extra -5"),
        Mistake(extra_from_the_second_pair_on, r"Hint: .*the first one too"),
        Mistake(
            extra_when_the_top_row_repeats,
            r"score\(\[6, 6\], \[6, 2\]\)\n  expected: 8\n  got:      3(.|\n)*Hint: Only matched "
            r"columns count for the extra -5",
        ),
        Mistake(
            zero_pairs_never_matched,
            r"score\(\[0, 0\], \[0, 0\]\)\n  expected: -10\n  got:      0[\s\S]*Hint: A pair of 0s "
            r"is a match too",
        ),
        Mistake(
            lone_minus_five_counts_five,
            r"Smallest failing case: score\(\[-5, 3\], \[2, 4\]\)\n  expected: 4\n  got:      14"
            r"[\s\S]*Hint: A -5 on its own counts -5; only a matched pair of -5s counts -10\.",
        ),
        Mistake(
            numpy_score, r"it returned a numpy\.int64, not a Python int: convert it with int\(\)"
        ),
        Mistake(zeroes_the_matched_columns, r"it changed `top` \(a list\) and `bottom` \(a list\)"),
    ],
    "legal_actions": [
        Mistake(turns_face_up_cards_too, r"Hint: Turn over only face-down cards"),
        # One hint, for the boards all face down too (none listed there): not "not only the
        # first of its row" (held-out 12b legal_w_turn_faceup).
        Mistake(
            turns_over_the_face_up_cards,
            r"Hint: Turn over only face-down cards[^\n]*\nRun it yourself",
        ),
        Mistake(lists_no_turn_overs, r"Hint: A face-down card \('\*'\) may be turned over: after"),
        Mistake(replaces_only_face_down_cards, r"Hint: Every card can be replaced"),
        Mistake(turn_overs_first, r"Hint: .*in another order"),
        Mistake(
            column_by_column,
            # the nested position is said in the task's words, not as "element 1, element 1" alone
            r"element 1, element 1: expected 0, got 1\n  \(that is action 1, and its element 1 is "
            r"its row\)[\s\S]*Hint: .*in another order",
        ),
        Mistake(actions_as_lists, r"Hint: Return a list, and each action in it as a tuple"),
        Mistake(tuple_of_actions, r"Hint: Return a list, and each action in it as a tuple"),
        Mistake(forgets_the_bottom_row, r"Hint: Both rows"),
        Mistake(first_face_down_only, r"Hint: Every face-down card may be turned over"),
        Mistake(turns_over_in_the_top_row_only, r"Hint: The face-down cards of the bottom row"),
        Mistake(misses_the_last_column, r"Hint: Every column, the last one too"),
        Mistake(
            marks_the_cards_it_listed,
            r"it changed `top_concealed` \(a list\) it was given: work on a copy instead, "
            r"list\(top_concealed\)",
        ),
    ],
    "columns_for_hand": [
        Mistake(bands_of_forty, r"Hint: .*60 hands longer"),
        Mistake(bands_grow_by_forty, r"Hint: .*60 hands longer"),
        Mistake(no_cap, r"Hint: The board grows up to 10 columns"),
        Mistake(stops_at_nine, r"Hint: The board grows up to 10 columns"),
        Mistake(cap_tested_after_growing, r"Hint: The board grows up to 10 columns"),
        Mistake(hands_from_one, r"Hint: Hands are counted from 0"),
        Mistake(starts_at_five, r"Hint: The first hands, 0 to 39, have 4 columns"),
        Mistake(bands_end_at_the_numbers, r"Hint: 40, 100, 160, \.\.\. are the lengths"),
    ],
    "play_hand": [
        Mistake(
            play_hand_with_a_wrong_score,
            r"(?s)^(?!.*Hint).*your function score does not score the rows the statement's does, "
            r"called by play_hand( \(line \d+\))?: fix score first",
        ),
        Mistake(
            play_hand_with_a_numpy_score,
            r"your function score does not score the rows the statement's does \(it returned "
            r"-?\d+, a numpy\.int64, where the statement's returns the int -?\d+: the same "
            r"number, of another type\), called by play_hand",
        ),
        Mistake(draws_without_randint, r"Hint: .*the randint is the first number taken from"),
        Mistake(deck_card_before_the_kitty, r"Hint: Each turn the kitty card comes first"),
        Mistake(deck_card_every_turn, r"Hint: .*only when the player chooses to draw"),
        Mistake(face_up_cards_chosen_first, r"Hint: Deal in the runner's order"),
        Mistake(each_row_then_its_face_up_card, r"Hint: Deal in the runner's order"),
        Mistake(
            first_kitty_dealt_with_the_rows,
            r"Hint: The deal comes first, all of it: the number of draws, the top row, the bottom "
            r"row, then the face-up card of each row\. Only then does the first turn begin",
        ),
        Mistake(
            draws_left_before_the_draw,
            # the check's own players are shown by what they do, not by a class no text names
            r"Smallest failing case: play_hand\(<a player that takes the kitty card when the "
            r"draws left plus[^>]*>, 7, 4\)[\s\S]*Hint: .*draws left after this draw",
        ),
        Mistake(plays_on_when_all_face_up, r"Hint: .*as soon as every card is face up"),
        Mistake(shows_the_face_down_cards, r"Hint: .*sees '\*' for every face-down card"),
        Mistake(face_down_cards_count_zero, r"Hint: Every card counts at the end"),
        Mistake(one_draw_too_few, r"Hint: The number of draws is 2 \* columns \+ rng\.randint"),
        Mistake(
            scores_a_minus_five_pair_as_zero,
            r"play_hand\(GreedyPlayer\(\), 12, 4\)  \(a hand that ends with a matched pair of "
            r"-5s in its last column\)\n  expected: -6\n  got:      4[\s\S]*Hint[^\n]*: The "
            r"hand's score is score\(top_row, bottom_row\), your function from task 1: a "
            r"matched pair of -5s counts -10",
        ),
        Mistake(kitty_card_from_the_deck, r"Hint: The kitty card is rng\.choice\(KITTY\)"),
        Mistake(turn_over_places_the_card_too, r"Hint: On \('t', row, column\) the card in hand"),
        Mistake(deals_column_by_column, r"Hint: Deal the whole top row first"),
        Mistake(plays_while_draws_reach_zero, r"Hint: Play while there are draws left"),
        Mistake(
            stops_before_the_last_draw,
            # the course's planner, which the notebook never imports, is shown by what it does
            r"(?s)^(?!.*Planner)[^\n]*\nSmallest failing case: play_hand\(<a player that plans: "
            r"[^>]*>, 4, 4\).*Hint: Play while there are draws left .*the last draw is played too",
        ),
        Mistake(ends_when_the_bottom_row_is_up, r"Hint: The hand goes on while any card"),
        Mistake(rows_swapped_for_the_drawing_action, r"Hint: Both questions get the rows"),
        Mistake(tells_the_kitty_card_after_a_draw, r"Hint: choose_replacement_action is told"),
        Mistake(replaced_card_stays_face_down, r"Hint: Either way the card at \(row, column\)"),
        Mistake(one_face_up_column_for_both_rows, r"Hint: Each row gets its own face-up card"),
        Mistake(draws_by_randrange, r"Hint: The number of draws .*randrange\(1, 3\) stops at 2"),
        Mistake(draws_from_zero_to_three, r"Hint: The number of draws is 2 \* columns \+ rng"),
        Mistake(drawing_sees_one_draw_more, r"Hint: choose_drawing_action gets the draws left"),
        Mistake(draws_counted_after_the_deal, r"Hint: The number of draws is the first number"),
        Mistake(one_draw_per_column, r"Hint: The number of draws .*twice the number of"),
        # Only the student's "line N:" first: the adapter's raise is the checker's line.
        Mistake(
            seeds_the_random_module,
            r"  line \d+: random\.seed uses the random module's own generator, which the "
            r"statement forbids \(no random\.seed, no random\.choice\)[^\n]*to the rest of the "
            r"program\n",
        ),
        Mistake(
            seeds_the_module_and_puts_it_back,
            r"line \d+: random\.seed uses the random module's own generator",
        ),
        Mistake(
            module_choice_imported_by_name,
            r"line \d+: from random import choice uses the random module's own generator",
        ),
    ],
}


# --- agents --------------------------------------------------------------------------------------


def first_face_down(top, bottom):
    for row, cards in enumerate((top, bottom)):
        if "*" in cards:
            return row, cards.index("*")
    return 0, 0


@dataclass(frozen=True)
class AgentMistake:
    """An agent that ``check_agent`` must reject, and what its report must say."""

    about: str
    drawing: Any
    replacing: Any
    says: str
    better: bool = False
    author: Any = None  # get_author_info; None for the statement's own

    @property
    def author_info(self) -> Any:
        return self.author or get_author_info


def get_author_info():
    return ("A. Student", "000000000")


def author_prints():
    print("Written by A. Student")
    return ("A. Student", "000000000")


def author_as_one_string():
    return "A. Student, 000000000"


def author_id_as_a_number():
    return ("A. Student", 123456789)


def draw(top, bottom, draws_left, kitty_card):
    return "d"


def turn_first_face_down(top, bottom, draws_left, current_card):
    return ("t", *first_face_down(top, bottom))


def debug_print(top, bottom, draws_left, kitty_card):
    print("kitty is", kitty_card)
    return "d"


def marks_the_kitty_in_its_row(top, bottom, draws_left, kitty_card):
    """Writes the kitty card into its own row to think about it (held-out set 13b, a1_mutates)."""
    if "*" in top:
        top[top.index("*")] = kitty_card
    return "d"


def turns_over_column_zero(top, bottom, draws_left, current_card):
    return ("t", 0, 0)


def four_columns_only(top, bottom, draws_left, current_card):
    return ("r", 1, 4)


def action_as_list(top, bottom, draws_left, current_card):
    return ["t", *first_face_down(top, bottom)]


def capital_k(top, bottom, draws_left, kitty_card):
    return "K"


def global_random(top, bottom, draws_left, current_card):
    column = random.randrange(len(top))
    return ("r", random.randint(0, 1), column)


def top_row_index(top, bottom, draws_left, current_card):
    return ("t", 0, top.index("*"))


def take_kitty(top, bottom, draws_left, kitty_card):
    return "k"


def patches_the_scoring(top, bottom, draws_left, kitty_card):
    """Cheats: replaces the rules' score and the runner, wherever it runs, to look brilliant."""
    from solitaire_lib.play_nine import rules as _rules
    from solitaire_lib.play_nine import runner as _runner

    _rules.score = lambda top, bottom: -100
    _rules.Board.score = lambda self: -100
    _runner.run_course = lambda *args, **kwargs: -10_000
    return "k"


def reseeds_the_module_to_repeat(top, bottom, draws_left, kitty_card):
    """Seeds the random module's own generator on every call, then draws from it: repeatable, but
    the statement gives an agent a generator of its own (held-out set 14b, seedinside)."""
    random.seed(2024)
    return "k" if kitty_card < 2 or (kitty_card == 2 and random.random() < 0.5) else "d"


def random_face_down(top, bottom):
    """A face-down place, chosen with the random module's own generator, seeded first."""
    random.seed(len(top))
    places = [(row, column) for row, cards in enumerate((top, bottom))
              for column, card in enumerate(cards) if card == "*"]  # fmt: skip
    return random.choice(places)


def turns_over_a_random_card(top, bottom, draws_left, current_card):
    """Turns over a face-down card that its helper picks with random.choice, after seeding."""
    return ("t", *random_face_down(top, bottom))


#: An agent whose code the check cannot read (made by exec, as a prompt or a tool might): it
#: seeds the random module's generator and draws from it, so only the generator's state shows it.
_UNREAD = {"random": random}
exec(
    "def draws_by_the_module_unread(top, bottom, draws_left, kitty_card):\n"
    "    random.seed(draws_left)\n"
    "    return random.choice('kd')\n",
    _UNREAD,
)


def column_value_by_the_rules(a, b):
    """The statement's column_value: the expected score of a column, '*' a random deck card."""
    tops, bottoms = (DECK if a == "*" else [a]), (DECK if b == "*" else [b])
    return _mean([column_points(x, y) for x in tops for y in bottoms])


#: The notebook's right column_value, which the agents of this module find; the wrong one is given
#: to an agent of its own (in_a_notebook).
column_value = column_value_by_the_rules


def column_value_without_pairs(a, b):
    """Adds the two cards' expected values: forgets that a matched column counts 0."""
    tops, bottoms = (DECK if a == "*" else [a]), (DECK if b == "*" else [b])
    return _mean(tops) + _mean(bottoms)


def replaces_where_column_value_drops_most(top, bottom, draws_left, current_card):
    """Greedy by the notebook's own column_value: the replacement that lowers it most, else a
    face-down card of the worst column turned over."""
    best, place = 0.0, None
    for row in (0, 1):
        for column, (a, b) in enumerate(zip(top, bottom, strict=True)):
            after = column_value(current_card, b) if row == 0 else column_value(a, current_card)
            if column_value(a, b) - after > best:
                best, place = column_value(a, b) - after, (row, column)
    if place is not None:
        return ("r", *place)
    face_down = [(r, c) for c in range(len(top)) for r in (0, 1) if (top, bottom)[r][c] == "*"]
    return ("t", *max(face_down, key=lambda rc: column_value(top[rc[1]], bottom[rc[1]])))


def takes_a_low_kitty(top, bottom, draws_left, kitty_card):
    return "k" if kitty_card <= 0 else "d"


#: A better agent whose own column_value forgets the matched-pair rule: it loses to greedy, and
#: only its totals would show (held-out set 14b, better_w_colvalue_nomatch).
replacing_by_a_column_value_without_pairs = in_a_notebook(
    replaces_where_column_value_drops_most, "choose_replacement_action",
    "Greedy by its own column_value, which forgets that a matched column counts 0.",
    globals(), column_value=column_value_without_pairs,
)  # fmt: skip


def looks_at_column_one_guarded_by_bare_except(top, bottom, draws_left, current_card):
    """Puts a low card on column 1 when its top is face down, reading ``top[1]`` on any board; a
    bare ``except:`` hides the IndexError of a 1-column board and turns over column 0, which may be
    face up (held-out set 15b, agent_bare_except: only boards of 4 to 10 columns were asked)."""
    try:
        if current_card <= 3 and top[1] == "*":
            return ("r", 0, 1)
        return ("t", *first_face_down(top, bottom))
    except:  # noqa: E722 (the mistake)
        return ("t", 0, 0)


def sleeps_forever(top, bottom, draws_left, kitty_card):
    while True:
        pass


AGENT_MISTAKES = [
    # get_author_info, which the statement asks for too (reading 14)
    AgentMistake("get_author_info prints", draw, turn_first_face_down,
                 r"^agent: get_author_info\(\) printed 'Written by A\. Student': it must print "
                 r"nothing ✘$", author=author_prints),
    AgentMistake("get_author_info returns one string", draw, turn_first_face_down,
                 r"get_author_info\(\) returned 'A\. Student, 000000000': it must return a pair "
                 r"of strings, \(name, student_id\)", author=author_as_one_string),
    AgentMistake("get_author_info returns the id as a number", draw, turn_first_face_down,
                 r"returned \('A\. Student', 123456789\): it must return a pair of strings",
                 author=author_id_as_a_number),
    AgentMistake("prints while it decides", debug_print, turn_first_face_down,
                 r"must print nothing"),
    AgentMistake("turns over a card that may be face up", draw, turns_over_column_zero,
                 r"already face up"),
    AgentMistake("thinks there are always 4 columns", draw, four_columns_only,
                 r"column must be from 0 to 0, not 4\n  \(a board of 1 column: the statement asks "
                 r"every function to work for any number of columns from 1 up"),
    AgentMistake("fails on a 1-column board, hidden by a bare except", draw,
                 looks_at_column_one_guarded_by_bare_except,
                 r"Smallest failing situation: choose_drawing_action\(\[\d+\], \['\*'\], [\s\S]*"
                 r"returned \('t', 0, 0\): the card in row 0 and column 0 is already face up\n"
                 r"  \(a board of 1 column: the statement asks every function to work for any "
                 r"number of columns from 1 up, though the course runner deals 4 to 10\)"),
    AgentMistake("returns a list", draw, action_as_list, r"must be a tuple"),
    AgentMistake("answers 'K'", capital_k, turn_first_face_down, r"must return 'k' or 'd'"),
    AgentMistake("uses the global random functions unseeded", draw, global_random,
                 r"use your own generator with a fixed seed"),
    AgentMistake("assumes the top row has a face-down card", draw, top_row_index,
                 r"raised ValueError"),
    AgentMistake("is legal but no better than greedy", take_kitty, turn_first_face_down,
                 r"must score less than the greedy baseline", better=True),
    AgentMistake("patches the scoring to look better than greedy", patches_the_scoring,
                 turn_first_face_down, r"must score less than the greedy baseline", better=True),
    AgentMistake("a better agent whose own column_value forgets matched pairs", takes_a_low_kitty,
                 replacing_by_a_column_value_without_pairs,
                 r"A better agent must score less than the greedy baseline\.\nYour column_value "
                 r"does not give the statement's expected score of a column \(a face-down card "
                 r"counting as a random deck card\): column_value\(1, 1\) returned 2(\.0)? where "
                 r"the statement's gives 0\.0\. Your agent's choices rest on it: fix column_value "
                 r"first\.", better=True),
    AgentMistake("never answers", sleeps_forever, turn_first_face_down,
                 r"did not finish within"),
    AgentMistake("seeds the random module and draws from it", reseeds_the_module_to_repeat,
                 turn_first_face_down,
                 r"it failed: choose_drawing_action, line \d+: random\.seed uses the random "
                 r"module's own generator, which the statement forbids: use your own generator "
                 r"with a fixed seed, such as rng = random\.Random\(721\)"),
    AgentMistake("a helper seeds the random module and draws from it", draw,
                 turns_over_a_random_card,
                 r"it failed: choose_replacement_action, line \d+ of random_face_down \(which "
                 r"choose_replacement_action calls\): random\.seed uses the random module's own "
                 r"generator"),
    AgentMistake("seeds the random module, in code the check cannot read",
                 _UNREAD["draws_by_the_module_unread"], turn_first_face_down,
                 r"it failed: it changed the random module's own generator \(random\.seed, "
                 r"random\.choice, \.\.\.\), which the statement forbids: use your own generator"),
    AgentMistake("writes into the row it was given", marks_the_kitty_in_its_row,
                 turn_first_face_down,
                 r"failed: choose_drawing_action changed the top row it was given \("),
]  # fmt: skip
