"""Wrong implementations that students write for the tasks of exercises/06, one list per task.

``tests/test_exercise_mistakes.py`` proves that the check rejects every one of them, with a report
that matches its ``says`` pattern. Each function's docstring names the mistake.
"""

from __future__ import annotations

import copy
import itertools
import random
import types

from solitaire_lib.grading.checks import Mistake
from solitaire_lib.stacks_of_nine import course, rules
from solitaire_lib.stacks_of_nine.rules import COMPLETE

# --- initial_state -------------------------------------------------------------------------------


def _deal(cards, size=6):
    return {"blocked": [False] * 6, "complete": [False] * 6,
            "stacks": [cards[size * i: size * i + size] for i in range(6)]}  # fmt: skip


def three_of_each():
    """Puts three copies of each value in the deck."""
    cards = [v for v in range(1, 10) for _ in range(3)]
    random.shuffle(cards)
    return _deal(cards)


def keeps_a_list_of_moves():
    """Deals right, but adds a key of its own to the state: an empty list of the moves made."""
    state = course.initial_state()
    state["moves"] = []
    return state


def not_shuffled():
    """Forgets to shuffle."""
    return _deal([v for v in range(1, 10) for _ in range(4)])


def dealt_round_robin():
    """Deals one card to each stack in turn."""
    cards = [v for v in range(1, 10) for _ in range(4)]
    random.shuffle(cards)
    return {"blocked": [False] * 6, "complete": [False] * 6,
            "stacks": [cards[i::6] for i in range(6)]}  # fmt: skip


def five_to_a_stack():
    """Slices five cards to a stack."""
    cards = [v for v in range(1, 10) for _ in range(4)]
    random.shuffle(cards)
    return _deal(cards, size=5)


def block_key_misspelt():
    """Names the key 'block' instead of 'blocked'."""
    state = course.initial_state()
    state["block"] = state.pop("blocked")
    return state


def one_list_of_flags():
    """Uses one list of six False for both 'blocked' and 'complete': blocking a stack would mark
    it complete too."""
    state = course.initial_state()
    flags = [False] * 6
    state["blocked"] = state["complete"] = flags
    return state


def own_generator():
    """Shuffles with a new random.Random() of its own, not the random module's generator that
    random.seed sets."""
    cards = [v for v in range(1, 10) for _ in range(4)]
    random.Random().shuffle(cards)
    return _deal(cards)


def one_to_nine_four_times():
    """Builds the deck as [1, ..., 9] * 4 rather than in increasing order: the same cards,
    shuffled from another start, deal another game."""
    cards = list(range(1, 10)) * 4
    random.shuffle(cards)
    return _deal(cards)


def sampled_deck():
    """Draws the order with random.sample instead of shuffling with random.shuffle."""
    return _deal(random.sample([v for v in range(1, 10) for _ in range(4)], 36))


#: One list of flags, made once when the cell runs (held-out 15b: init_shared_stack_default).
_FLAGS_MADE_ONCE = [False] * 6


def flags_made_once():
    """Deals right, but every state's 'blocked' is one global list, made once: a stack blocked
    in one game is blocked in every game dealt after it."""
    state = course.initial_state()
    state["blocked"] = _FLAGS_MADE_ONCE
    return state


#: The states dealt so far, by :func:`flags_of_the_last_deal`.
_DEALT_BEFORE = []


def flags_of_the_last_deal():
    """Deals right, but starts each state's 'blocked' as a copy of the last state's: a list of
    its own, holding the flags the last game left."""
    state = course.initial_state()
    if _DEALT_BEFORE:
        state["blocked"] = list(_DEALT_BEFORE[-1]["blocked"])
    _DEALT_BEFORE.append(state)
    return state


# --- parse_move ----------------------------------------------------------------------------------


def number_required(input_str):
    """Requires the number of cards: 'FD' raises."""
    if input_str.strip() in ("R", "r", "U", "u"):
        return course.parse_move(input_str)
    if not input_str.strip()[2:]:
        raise ValueError("no number")
    return course.parse_move(input_str)


def any_letter(input_str):
    """Accepts any capital letter, so 'AG' becomes (0, 6, 1)."""
    text = input_str.strip()
    if len(text) >= 2 and text[:2].isalpha() and text[:2].isupper() and text[:2] != "RR":
        number = int(text[2:]) if text[2:].isdigit() else 1
        if text[2:] and not text[2:].isdigit():
            raise ValueError(text)
        return ord(text[0]) - 65, ord(text[1]) - 65, number
    return course.parse_move(input_str)


def letters_for_reset_and_undo(input_str):
    """Returns 'R' and 'U' instead of 0 and -1."""
    text = input_str.strip()
    if text in ("R", "r", "U", "u"):
        return text.upper()
    return course.parse_move(input_str)


def zero_cards_allowed(input_str):
    """Accepts a count of 0 ('AB0')."""
    if input_str.strip()[2:] == "0":
        return (*course.parse_move(input_str.strip()[:2])[:2], 0)
    return course.parse_move(input_str)


def stacks_from_one(input_str):
    """Numbers the stacks from 1 (A is 1)."""
    move = course.parse_move(input_str)
    return move if isinstance(move, int) else (move[0] + 1, move[1] + 1, move[2])


def spaces_not_stripped(input_str):
    """Does not ignore spaces around the move."""
    if input_str != input_str.strip():
        raise ValueError("spaces")
    return course.parse_move(input_str)


def error_returned_as_text(input_str):
    """Returns the text 'ValueError' for a bad move instead of raising it."""
    try:
        return course.parse_move(input_str)
    except ValueError:
        return "ValueError"


def wrong_exception(input_str):
    """Raises TypeError for a bad move: the game catches only ValueError."""
    try:
        return course.parse_move(input_str)
    except ValueError:
        raise TypeError("not a move") from None


def none_for_a_bad_move(input_str):
    """Returns None for a bad move instead of raising ValueError."""
    try:
        return course.parse_move(input_str)
    except ValueError:
        return None


# --- validate_move -------------------------------------------------------------------------------


def _with_rule_changed(state, move, change):
    """validate_move where ``change(state, move)`` returns True or False to override, or None."""
    verdict = change(state, move)
    return course.validate_move(state, move) if verdict is None else verdict


def _sane(state, move):
    source, destination, count = move
    return (0 <= source < 6 and 0 <= destination < 6 and source != destination
            and 1 <= count <= len(state["stacks"][source]))  # fmt: skip


def nine_may_block(state, move):
    """Lets a 9 block another stack."""

    def change(state, move):
        if _sane(state, move) and move[2] == 1 and state["stacks"][move[0]][-1] == 9:
            target = state["stacks"][move[1]]
            free = not state["blocked"][move[1]] and not any(state["complete"][i] for i in move[:2])
            return free and not state["blocked"][move[0]] and bool(target)
        return None

    return _with_rule_changed(state, move, change)


def no_order_check(state, move):
    """Moves several cards without checking that they are in order."""

    def change(state, move):
        if _sane(state, move) and move[2] > 1:
            moving = state["stacks"][move[0]][-move[2] :]
            target = state["stacks"][move[1]]
            ok = not target or moving[0] + 1 == target[-1]
            free = not state["blocked"][move[1]] and not any(state["complete"][i] for i in move[:2])
            return (ok and free and moving[0] != 9) or (not target and free)
        return None

    return _with_rule_changed(state, move, change)


def order_read_upwards(state, move):
    """Takes 'in order' as each card one MORE than the card under it: 3 4 5 moves, 5 4 3 not."""

    def change(state, move):
        source, _, count = move
        if not (_sane(state, move) and count > 1):
            return None
        moving = state["stacks"][source][-count:]
        if all(upper == lower + 1 for lower, upper in itertools.pairwise(moving)):
            turned = copy.deepcopy(state)
            turned["stacks"][source][-count:] = moving[::-1]
            return course.validate_move(turned, move)
        return False

    return _with_rule_changed(state, move, change)


def blocked_destination_allowed(state, move):
    """Lets cards go onto a blocked stack."""

    def change(state, move):
        if _sane(state, move) and state["blocked"][move[1]]:
            unblocked = copy.deepcopy(state)
            unblocked["blocked"][move[1]] = False
            return course.validate_move(unblocked, move)
        return None

    return _with_rule_changed(state, move, change)


def complete_stack_moves(state, move):
    """Lets cards leave a complete stack."""

    def change(state, move):
        if _sane(state, move) and state["complete"][move[0]]:
            opened = copy.deepcopy(state)
            opened["complete"][move[0]] = False
            return course.validate_move(opened, move)
        return None

    return _with_rule_changed(state, move, change)


def several_cards_block(state, move):
    """Lets an ordered run of several cards block a stack."""

    def change(state, move):
        if _sane(state, move) and move[2] > 1 and state["stacks"][move[1]]:
            moving = state["stacks"][move[0]][-move[2] :]
            free = not state["blocked"][move[1]] and not any(state["complete"][i] for i in move[:2])
            return (
                free
                and rules.is_ordered(moving)
                and moving[0] != 9
                and not state["blocked"][move[0]]
            )
        return None

    return _with_rule_changed(state, move, change)


def only_nines_to_empty(state, move):
    """Lets only a 9 (or a run headed by a 9) into an empty stack."""

    def change(state, move):
        if _sane(state, move) and not state["stacks"][move[1]]:
            moving = state["stacks"][move[0]][-move[2] :]
            return course.validate_move(state, move) and moving[0] == 9
        return None

    return _with_rule_changed(state, move, change)


def count_beyond_the_stack(state, move):
    """Never compares the count with the size of the source: a slice of a too short stack
    quietly gives all its cards."""
    source, destination, count = move
    if 0 <= source < 6 and count > len(state["stacks"][source]) > 0:
        return course.validate_move(state, (source, destination, len(state["stacks"][source])))
    return course.validate_move(state, move)


def count_below_one(state, move):
    """Never checks that the count is at least 1: stack[-0:] is the whole stack, and a negative
    count slices from the bottom (stack[1:] for -1)."""
    source, destination, count = move
    if 0 <= source < 6 and count < 1 and state["stacks"][source][-count:]:
        moving = state["stacks"][source][-count:]
        return course.validate_move(state, (source, destination, len(moving)))
    return course.validate_move(state, move)


def onto_itself(state, move):
    """Forgets the rule that a stack cannot move onto itself: a lone top card blocks its own
    stack."""
    source, destination, count = move
    if source == destination and 0 <= source < 6 and count == 1 and state["stacks"][source]:
        free = not state["blocked"][source] and not state["complete"][source]
        return free and state["stacks"][source][-1] != 9
    return course.validate_move(state, move)


def fits_by_the_top_card(state, move):
    """Takes 'one more than the lowest of them' as the smallest value: the run's top card must
    fit the destination, rather than the first (highest) card of the run."""
    source, destination, count = move
    if not (_sane(state, move) and count > 1 and state["stacks"][destination]):
        return course.validate_move(state, move)
    moving = state["stacks"][source][-count:]
    free = not state["blocked"][destination] and not any(state["complete"][i] for i in move[:2])
    fits = state["stacks"][destination][-1] == moving[-1] + 1
    return free and rules.is_ordered(moving) and fits and moving[0] != 9


# --- apply_move ----------------------------------------------------------------------------------


def _move_cards(state, move):
    source, destination, count = move
    moving = state["stacks"][source][-count:]
    del state["stacks"][source][-count:]
    state["stacks"][destination].extend(moving)


def never_blocks(state, move):
    """Moves the cards but never marks a stack blocked."""
    _move_cards(state, move)
    for i in move[:2]:
        state["complete"][i] = state["stacks"][i] == COMPLETE


def never_unblocks(state, move):
    """Blocks, but leaves the source blocked after its card has left."""
    blocking = rules.is_blocking(state, move)
    _move_cards(state, move)
    state["blocked"][move[1]] = blocking
    for i in move[:2]:
        state["complete"][i] = state["stacks"][i] == COMPLETE


def never_completes(state, move):
    """Forgets to mark complete stacks."""
    blocking = rules.is_blocking(state, move)
    _move_cards(state, move)
    state["blocked"][move[0]], state["blocked"][move[1]] = False, blocking


def reverses_the_run(state, move):
    """Moves the cards one by one (pop, append): the run lands upside down."""
    source, destination, count = move
    blocking = rules.is_blocking(state, move)
    for _ in range(count):
        state["stacks"][destination].append(state["stacks"][source].pop())
    state["blocked"][source], state["blocked"][destination] = False, blocking
    for i in move[:2]:
        state["complete"][i] = state["stacks"][i] == COMPLETE


def complete_on_top_of_others(state, move):
    """Calls a stack complete when 9 to 1 lies on top of other cards."""
    course.apply_move(state, move)
    for i in move[:2]:
        state["complete"][i] = state["stacks"][i][-9:] == COMPLETE


def completes_the_destination_only(state, move):
    """Marks only the destination complete or not: a source left holding 9 down to 1 once its
    blocking card has gone stays incomplete."""
    blocking = rules.is_blocking(state, move)
    _move_cards(state, move)
    state["blocked"][move[0]], state["blocked"][move[1]] = False, blocking
    state["complete"][move[1]] = state["stacks"][move[1]] == COMPLETE


def returns_the_state(state, move):
    """Makes the move in place, right, but returns the state instead of nothing."""
    blocking = rules.is_blocking(state, move)
    _move_cards(state, move)
    state["blocked"][move[0]], state["blocked"][move[1]] = False, blocking
    for i in move[:2]:
        state["complete"][i] = state["stacks"][i] == COMPLETE
    return state


def returns_a_moved_copy(state, move):
    """Makes the move on a deep copy and returns it: the state given is left as it was."""
    after = copy.deepcopy(state)
    course.apply_move(after, move)
    return after


def checked_by_a_validate_move_that_keeps_blocking_cards(state, move):
    """Right in itself, but asks a validate_move of the student's that refuses the blocking card
    of a blocked stack an empty stack: an allowed move is not made."""
    if blocking_card_kept_from_empty_stacks(state, move):
        course.apply_move(state, move)


def one_card_short(state, move):
    """Slices stack[-count + 1:] for the top count cards: one card fewer moves (and all of them
    when count is 1)."""
    source, destination, count = move
    blocking = rules.is_blocking(state, move)
    stack = state["stacks"][source]
    start = len(stack) - count + 1
    moving = stack[start:]
    del stack[start:]
    state["stacks"][destination].extend(moving)
    state["blocked"][source], state["blocked"][destination] = False, blocking
    for i in move[:2]:
        state["complete"][i] = state["stacks"][i] == COMPLETE


def complete_by_its_ends(state, move):
    """Calls a stack complete when it holds 9 cards with a 9 at the bottom and a 1 on top, without
    looking at the cards between."""
    course.apply_move(state, move)
    for i in move[:2]:
        stack = state["stacks"][i]
        state["complete"][i] = len(stack) == 9 and stack[0] == 9 and stack[-1] == 1


def moves_a_copy(state, move):
    """Makes the move on copy.deepcopy(state) and returns nothing: the caller's state never
    changes."""
    course.apply_move(copy.deepcopy(state), move)


# --- game_won ------------------------------------------------------------------------------------


def any_complete(state):
    """Says the game is won as soon as one stack is complete."""
    return any(state["complete"])


def all_six_complete(state):
    """Waits for six complete stacks (there are only four)."""
    return all(state["complete"])


def three_complete(state):
    """Counts three complete stacks as a win."""
    return sum(state["complete"]) >= 3


def returns_a_number(state):
    """Returns 1 or 0 instead of True or False."""
    return int(sum(state["complete"]) == 4)


def announces_the_win(state):
    """Right, but prints a message of its own when the game is won (the statement: it prints
    nothing)."""
    won = sum(state["complete"]) == 4
    if won:
        print("Well done, all four stacks are complete!")
    return won


def every_stack_ordered(state):
    """Says the game is won when every stack is in order."""
    return all(rules.is_ordered(stack) for stack in state["stacks"])


# --- play_game -----------------------------------------------------------------------------------


def _play(catch=True, reset_clears=True, guard_undo=True, copy_state=True,
          record_invalid=False, redisplay_after_typo=True, stop_when_won=True,
          show_the_win=True, undo_once=False, undo_keeps_the_deal=False):  # fmt: skip
    """The game loop, with switches for the mistakes below (``undo_once``: only the state before
    the last move is kept). ``show`` is looked up at call time in this module's globals, where
    the check replaces ``display_state``."""
    board = course.initial_state()
    history = []
    while True:
        display_state(board)
        while True:
            text = input()
            try:
                move = course.parse_move(text)
                break
            except ValueError:
                if not catch:
                    raise
                if redisplay_after_typo:
                    display_state(board)
        if move == 0:
            board = course.initial_state()
            if reset_clears:
                history = []
        elif move == -1:
            if undo_keeps_the_deal:
                if len(history) > 1:
                    board = history.pop()
            elif history or not guard_undo:
                board = history.pop()
        else:
            if record_invalid:
                history.append(copy.deepcopy(board) if copy_state else board)
            if course.validate_move(board, move):
                if not record_invalid:
                    history.append(copy.deepcopy(board) if copy_state else board)
                if undo_once:
                    history = history[-1:]
                course.apply_move(board, move)
                if course.game_won(board) and stop_when_won:
                    if show_the_win:
                        display_state(board)
                    return


display_state = course.display_state  # replaced by the check while a case runs


def typo_crashes():
    """Does not catch the ValueError of a typo."""
    _play(catch=False)


def swallows_the_end_of_input():
    """Catches every error around reading a line, with a bare except: the EOFError of input() at
    the end of the typed lines too, so it asks again for ever."""
    board, history = course.initial_state(), []
    while True:
        display_state(board)
        try:
            move = course.parse_move(input())
        except:  # noqa: E722  (the mistake)
            continue
        if move == 0:
            board, history = course.initial_state(), []
        elif move == -1:
            board = history.pop() if history else board
        elif course.validate_move(board, move):
            history.append(copy.deepcopy(board))
            course.apply_move(board, move)
            if course.game_won(board):
                display_state(board)
                return


def swallows_every_exception_in_the_loop():
    """Wraps the whole turn, display and all, in try/except Exception that goes round again: the
    EOFError at the end of the input is swallowed with the rest."""
    board, history = course.initial_state(), []
    while True:
        try:
            display_state(board)
            move = course.parse_move(input())
            if move == 0:
                board, history = course.initial_state(), []
            elif move == -1:
                board = history.pop() if history else board
            elif course.validate_move(board, move):
                history.append(copy.deepcopy(board))
                course.apply_move(board, move)
                if course.game_won(board):
                    display_state(board)
                    return
        except Exception:
            print("Try again.")


def reset_keeps_history():
    """After R, U goes back into the previous game."""
    _play(reset_clears=False)


def undo_past_the_start():
    """Pops the history even when it is empty."""
    _play(guard_undo=False)


def history_of_the_same_dict():
    """Saves the board itself, not a copy: undo cannot bring anything back."""
    _play(copy_state=False)


def saves_refused_moves():
    """Saves the board before every move typed, even one that is refused."""
    _play(record_invalid=True)


def typo_without_display():
    """After a typo, asks again without showing the board again."""
    _play(redisplay_after_typo=False)


def keeps_playing_after_a_win():
    """Goes on asking for moves after the game is won."""
    _play(stop_when_won=False)


def ends_without_showing_the_win():
    """Leaves the loop as soon as the game is won, without showing the winning position."""
    _play(show_the_win=False)


def keeps_only_the_last_state():
    """Keeps a copy of the state before each move, but only the last one: U goes back one move,
    a second U does nothing."""
    _play(undo_once=True)


def undo_never_back_to_the_deal():
    """Undoes only while more than one state is saved (len(history) > 1): U after the first move
    does nothing, so the deal itself is never restored."""
    _play(undo_keeps_the_deal=True)


def deals_with_the_rules_module():
    """Deals with rules.new_state(random.Random()) instead of its own initial_state(): a game
    that no random.seed sets."""
    board = rules.new_state(random.Random())
    history = []
    while True:
        display_state(board)
        try:
            move = course.parse_move(input())
        except ValueError:
            continue
        if move == 0:
            board, history = rules.new_state(random.Random()), []
        elif move == -1:
            if history:
                board = history.pop()
        elif course.validate_move(board, move):
            history.append(copy.deepcopy(board))
            course.apply_move(board, move)
            if course.game_won(board):
                display_state(board)
                return


def reset_to_the_first_deal():
    """R goes back to the game dealt at the start rather than dealing a new one."""
    board = course.initial_state()
    first = copy.deepcopy(board)
    history = []
    while True:
        display_state(board)
        try:
            move = course.parse_move(input())
        except ValueError:
            continue
        if move == 0:
            board, history = copy.deepcopy(first), []
        elif move == -1:
            if history:
                board = history.pop()
        elif course.validate_move(board, move):
            history.append(copy.deepcopy(board))
            course.apply_move(board, move)
            if course.game_won(board):
                display_state(board)
                return


# play_game right, with the student's own functions of tasks 1 to 5, one of them wrong
# (held-out 12b: pg_w_helper_parse_none, pg_w_helper_apply_reverse).


def _own_play_game():
    """The right game loop, calling the notebook's own initial_state, parse_move, ...: the names
    are those of the namespace :func:`_with_own` makes."""
    board = initial_state()  # noqa: F821
    saved = []
    while True:
        display_state(board)
        try:
            move = parse_move(input())  # noqa: F821
        except ValueError:
            continue
        if move == 0:
            board = initial_state()  # noqa: F821
            saved = []
        elif move == -1:
            if saved:
                board = saved.pop()
        elif validate_move(board, move):  # noqa: F821
            saved.append(copy.deepcopy(board))
            apply_move(board, move)  # noqa: F821
            if game_won(board):  # noqa: F821
                display_state(board)
                return


def _with_own(name, about, **own):
    """:func:`_own_play_game` in a notebook of its own, whose functions of tasks 1 to 5 are the
    course's but for those given in ``own``."""
    notebook = {**globals(), "display_state": course.display_state}
    for task in ("initial_state", "parse_move", "validate_move", "apply_move", "game_won"):
        notebook[task] = own.get(task, getattr(course, task))
    made = types.FunctionType(_own_play_game.__code__, notebook, name)
    made.__doc__ = about
    return made


def parse_move_returning_none(input_str):
    """Returns None for a line that is not a move, instead of raising ValueError."""
    text = input_str.strip().upper()
    if text == "R":
        return 0
    if text == "U":
        return -1
    if len(text) < 2 or text[0] not in "ABCDEF" or text[1] not in "ABCDEF":
        return None
    if len(text) == 2:
        return "ABCDEF".index(text[0]), "ABCDEF".index(text[1]), 1
    if not all(c in "0123456789" for c in text[2:]) or int(text[2:]) == 0:
        return None
    return "ABCDEF".index(text[0]), "ABCDEF".index(text[1]), int(text[2:])


def apply_move_one_card_at_a_time(state, move):
    """Moves the cards one at a time from the top of the source, which reverses a run."""
    source, destination, count = move
    stacks = state["stacks"]
    fits = not stacks[destination] or stacks[source][-count] + 1 == stacks[destination][-1]
    for _ in range(count):
        stacks[destination].append(stacks[source].pop())
    state["blocked"][source] = False
    state["blocked"][destination] = not fits
    for i in (source, destination):
        state["complete"][i] = stacks[i] == COMPLETE


def parse_move_own_words(input_str):
    """A right parse_move of the student's: its ValueError says something else."""
    try:
        return course.parse_move(input_str)
    except ValueError:
        raise ValueError(f"I cannot read {input_str!r} as a move") from None


game_with_a_parse_move_returning_none = _with_own(
    "game_with_a_parse_move_returning_none",
    "Right, but calls the student's own parse_move, which returns None for a line that is not "
    "a move instead of raising ValueError.",
    parse_move=parse_move_returning_none,
)
game_with_an_apply_move_that_reverses = _with_own(
    "game_with_an_apply_move_that_reverses",
    "Right, but calls the student's own apply_move, which moves the cards one at a time and so "
    "reverses a run of several.",
    apply_move=apply_move_one_card_at_a_time,
)
game_with_own_right_helpers = _with_own(
    "game_with_own_right_helpers",
    "Right, with a right parse_move of the student's whose ValueError has its own words.",
    parse_move=parse_move_own_words,
)


def order_of_the_top_two_only(state, move):
    """Checks the order of the top two moving cards only: a run out of order lower down passes."""
    source, _, count = move
    moving = state["stacks"][source][-count:] if 0 <= source < 6 and count >= 1 else []
    if len(moving) >= 3 and moving[-2] == moving[-1] + 1 and not rules.is_ordered(moving):
        as_if_ordered = copy.deepcopy(state)
        stack = as_if_ordered["stacks"][source]
        stack[-count:] = range(moving[0], moving[0] - count, -1)
        return course.validate_move(as_if_ordered, move)
    return course.validate_move(state, move)


def blocking_card_kept_from_empty_stacks(state, move):
    """Lets the blocking card of a blocked stack leave only onto a card it fits: "(or an empty
    stack)" is forgotten, so an empty stack refuses it."""
    source, dest, count = move
    if not (0 <= source < 6 and 0 <= dest < 6) or source == dest:
        return False
    stacks = state["stacks"]
    if count < 1 or count > len(stacks[source]):
        return False
    if state["complete"][source] or state["complete"][dest] or state["blocked"][dest]:
        return False
    moving = stacks[source][-count:]
    if any(moving[k + 1] != moving[k] - 1 for k in range(count - 1)):
        return False
    target = stacks[dest]
    if state["blocked"][source]:
        return bool(target) and moving[0] + 1 == target[-1]
    if not target or moving[0] + 1 == target[-1]:
        return True
    return count == 1 and moving[0] != 9


def onto_a_complete_stack(state, move):
    """Lets a card go onto a complete stack when it would block it (forgets that rule)."""
    source, destination, count = move
    if 0 <= destination < 6 and state["complete"][destination]:
        return 0 <= source < 6 and 0 < count <= len(state["stacks"][source]) and count == 1
    return course.validate_move(state, move)


def any_digits(input_str):
    """Reads the number with int() on whatever follows the letters (so 'AB+2' and 'AB1_0' pass)."""
    text = input_str.strip()
    if len(text) > 2 and text[:2].upper() == text[:2].upper() and text[:2].isalpha():
        try:
            number = int(text[2:])
        except ValueError:
            return course.parse_move(input_str)
        if number >= 1 and text[0].upper() in "ABCDEF" and text[1].upper() in "ABCDEF":
            return ord(text[0].upper()) - 65, ord(text[1].upper()) - 65, number
    return course.parse_move(input_str)


def letters_by_code_point(input_str):
    """Reads each letter as its code point less ord('A') and refuses only numbers past 5: a
    character just below 'A' in the code table ('@', a digit) reads as a negative stack."""
    text = input_str.strip()
    if text in ("R", "r", "U", "u") or len(text) < 2:
        return course.parse_move(text)
    first, second = (ord(letter.upper()) - ord("A") for letter in text[:2])
    if first > 5 or second > 5:
        raise ValueError(f"no such stack: {text!r}")
    return first, second, course.parse_move("AB" + text[2:])[2]


def letters_split_on_spaces(input_str):
    """Reads the letters with split(), so 'A B' (the letters apart) is the move (0, 1, 1)."""
    parts = input_str.split()
    if len(parts) == 2 and all(len(part) == 1 and part.upper() in "ABCDEF" for part in parts):
        return "ABCDEF".index(parts[0].upper()), "ABCDEF".index(parts[1].upper()), 1
    return course.parse_move(input_str)


# --- find_win ------------------------------------------------------------------------------------


def _key(state, with_blocked=True):
    stacks = [tuple(stack) for stack in state["stacks"]]
    flags = state["blocked"] if with_blocked else [False] * len(stacks)
    return tuple(sorted(zip(stacks, flags, strict=True)))


def _search(
    state,
    *,
    key=_key,
    won=rules.is_won,
    copy_state=copy.deepcopy,
    when_lost=None,
    record=lambda line, move: [*line, move],
):
    """The right search, with one thing that each mistake changes."""
    seen = {key(state)}
    to_visit = [(state, [])]
    while to_visit:
        position, line = to_visit.pop()
        if won(position):
            return line
        for move in rules.legal_moves(position):
            after = copy_state(position)
            rules.apply_move(after, move)
            if key(after) not in seen:
                seen.add(key(after))
                to_visit.append((after, record(line, move)))
    return when_lost


def shares_lists_between_positions(state):
    """Deep-copies the start once, then copies each position with dict(position): the stacks'
    lists are shared by a position and the positions made from it."""
    return _search(copy.deepcopy(state), copy_state=dict)


def unsorted_key(state):
    """Keys each position by its stacks and flags in the order they stand, not sorted (reading
    14): the same position with its stacks in another order is tried again."""
    return _search(
        state,
        key=lambda position: (tuple(map(tuple, position["stacks"])), tuple(position["blocked"])),
    )


def stops_at_a_depth(state):
    """Tries the moves in sorted order and stops a line at 40 moves, which is deeper than any
    short endgame needs (a held-out find_win, "fw_split_sort", passed every short one)."""
    seen = {_key(state)}
    to_visit = [(state, [])]
    while to_visit:
        position, line = to_visit.pop()
        if rules.is_won(position):
            return line
        if len(line) >= 40:
            continue
        for move in sorted(rules.legal_moves(position), reverse=True):
            after = copy.deepcopy(position)
            rules.apply_move(after, move)
            if _key(after) not in seen:
                seen.add(_key(after))
                to_visit.append((after, [*line, move]))
    return None


def keeps_the_most_complete_only(state):
    """Sorts the list by complete stacks and keeps only the positions with the most (a greedy
    cut of the list): a win that goes through others is lost."""
    seen = {_key(state)}
    to_visit = [(state, [])]
    while to_visit:
        to_visit.sort(key=lambda item: sum(item[0]["complete"]))
        most = sum(to_visit[-1][0]["complete"])
        to_visit = [item for item in to_visit if sum(item[0]["complete"]) == most]
        position, line = to_visit.pop()
        if rules.is_won(position):
            return line
        for move in rules.legal_moves(position):
            after = copy.deepcopy(position)
            rules.apply_move(after, move)
            if _key(after) not in seen:
                seen.add(_key(after))
                to_visit.append((after, [*line, move]))
    return None


def key_without_blocked_flags(state):
    """Keys each position by its stacks alone: a position met again with other blocked flags is
    skipped, although a free stack allows moves that a blocked one does not."""
    return _search(state, key=lambda position: _key(position, with_blocked=False))


def key_without_blocked_flags_taken(state):
    """The same key, but a position is remembered when it is taken from the list, not when it is
    found (the other common way to write the search)."""
    return _search_remembering_when_taken(state, lambda p: _key(p, with_blocked=False))


def _search_remembering_when_taken(state, key):
    """Depth first, each position remembered (by ``key``) when it is taken from the list, and
    skipped if it was taken before; ``key=None`` remembers nothing."""
    seen, to_visit = set(), [(state, [])]
    while to_visit:
        position, line = to_visit.pop()
        if key is not None:
            if key(position) in seen:
                continue
            seen.add(key(position))
        if rules.is_won(position):
            return line
        for move in rules.legal_moves(position):
            after = copy.deepcopy(position)
            rules.apply_move(after, move)
            to_visit.append((after, [*line, move]))
    return None


def no_duplicate_detection(state):
    """A recursive search that never remembers where it has been: it goes round in circles."""
    if rules.is_won(state):
        return []
    for move in rules.legal_moves(state):
        after = copy.deepcopy(state)
        rules.apply_move(after, move)
        line = no_duplicate_detection(after)
        if line is not None:
            return [move, *line]
    return None


def no_memory_loop(state):
    """A search with a list of positions to visit but no record of those seen: a move and the
    move back send it round in circles until the time limit (checked in
    test_exercise_mistakes.py with a short limit: the real one is a minute)."""
    return _search_remembering_when_taken(state, key=None)


def empty_line_when_lost(state):
    """Returns an empty list, not None, when no win exists."""
    return _search(state, when_lost=[])


def no_copy(state):
    """Makes every move on the one state it was given (no copy), which it changes."""
    return _search(state, copy_state=lambda position: position)


def any_complete_stack_wins(state):
    """Takes a position with a complete stack for a win (any, not four)."""
    return _search(state, won=lambda position: any(position["complete"]))


def line_built_backwards(state):
    """Puts each new move at the front of the line: the moves come out in reverse order."""
    return _search(state, record=lambda line, move: [move, *line])


def moves_as_lists(state):
    """Returns each move as a list [source, destination, count]."""
    line = _search(state)
    return None if line is None else [list(move) for move in line]


def two_empty_stacks(state):
    """Calls the game won when two stacks are empty."""
    return state["stacks"].count([]) == 2


def words_starting_with_r_or_u(input_str):
    """Takes any text that starts with R or U for a reset or an undo."""
    text = input_str.strip()
    if text[:1] in ("R", "r"):
        return 0
    if text[:1] in ("U", "u"):
        return -1
    return course.parse_move(text)


def strips_only_spaces(input_str):
    """Strips spaces only: a line with its newline is refused."""
    text = input_str.strip(" ")
    if text != text.strip():
        raise ValueError(f"not a move: {input_str!r}")
    return course.parse_move(text)


def one_digit_counts(input_str):
    """Reads one digit of count at most."""
    move = course.parse_move(input_str)
    if type(move) is tuple and len(input_str.strip()) > 3:
        raise ValueError("too many characters")
    return move


def same_letter_refused(input_str):
    """Refuses a move from a stack to itself ('AA'), which validate_move refuses, but the task
    has parse_move read it."""
    move = course.parse_move(input_str)
    if type(move) is tuple and move[0] == move[1]:
        raise ValueError("a stack cannot move onto itself")
    return move


def counts_past_the_cards_refused(input_str):
    """Refuses a count larger than the 36 cards: a move validate_move would refuse, but the
    task has parse_move read any positive number."""
    move = course.parse_move(input_str)
    if type(move) is tuple and move[2] > 36:
        raise ValueError("no move takes that many cards")
    return move


def counts_of_three_digits_at_most(input_str):
    """Refuses a count written with more than 3 digits ('count too large'), though every count
    reads, up to the 4,300 digits int() reads."""
    text = input_str.strip()
    if len(text) > 5 and type(course.parse_move(input_str)) is tuple:
        raise ValueError("count too large")
    return course.parse_move(input_str)


def counts_of_a_thousand_digits_at_most(input_str):
    """Reads the count with a pattern of its own, [0-9]{1,1000}: a count longer than that is
    refused, though int() reads up to 4,300 digits."""
    text = input_str.strip()
    if len(text) > 1002 and type(course.parse_move(input_str)) is tuple:
        raise ValueError("not a move")
    return course.parse_move(input_str)


def refuses_leading_zeros(input_str):
    """Reads the count with the pattern [1-9][0-9]*: 'AB03' is refused as no number."""
    move = course.parse_move(input_str)
    if type(move) is tuple and input_str.strip()[2:3] == "0":
        raise ValueError("a count starts with 1 to 9")
    return move


def moves_on_the_given_lists(state):
    """Makes each move on the position itself, copies the result, then puts copies of the old
    lists back into the dict: the caller's dict ends with equal values, in other lists, and
    the lists it held were changed."""
    to_visit, seen = [(state, [])], set()
    while to_visit:
        position, line = to_visit.pop()
        if rules.is_won(position):
            return line
        for move in rules.legal_moves(position):
            saved = copy.deepcopy(position)
            rules.apply_move(position, move)
            after = copy.deepcopy(position)
            position.update(saved)
            key = _key(after)
            if key not in seen:
                seen.add(key)
                to_visit.append((after, [*line, move]))
    return None


def no_win_from_a_won_start(state):
    """Tests for a win only after a move: a start already won gets None."""
    seen = set()
    to_visit = [(copy.deepcopy(state), [])]
    while to_visit:
        position, line = to_visit.pop()
        for move in rules.legal_moves(position):
            after = copy.deepcopy(position)
            rules.apply_move(after, move)
            if rules.is_won(after):
                return [*line, move]
            key = tuple(
                sorted(
                    (tuple(s), b) for s, b in zip(after["stacks"], after["blocked"], strict=True)
                )
            )
            if key not in seen:
                seen.add(key)
                to_visit.append((after, [*line, move]))
    return None


def reverses_the_given_stacks(state):
    """Reverses the order of the stacks (and their flags) of the state it was given, in place,
    then searches on a copy: it changes the caller's values but puts no other list in (reading
    14: the report must not name the checker's StateListsReplaced)."""
    for key in ("stacks", "blocked", "complete"):
        state[key].reverse()
    return _search(copy.deepcopy(state))


def shallow_copies(state):
    """Copies each position with copy.copy: the stacks inside are shared with the original."""
    seen = set()
    to_visit = [(state, [])]
    while to_visit:
        position, line = to_visit.pop()
        if rules.is_won(position):
            return line
        for move in rules.legal_moves(position):
            after = copy.copy(position)
            rules.apply_move(after, move)
            pairs = zip(after["stacks"], after["blocked"], strict=True)
            key = tuple(sorted((tuple(stack), blocked) for stack, blocked in pairs))
            if key not in seen:
                seen.add(key)
                to_visit.append((after, [*line, move]))
    return None


def _my_moves(position):
    return [
        (source, destination, count)
        for source in range(6)
        for count in range(1, len(position["stacks"][source]) + 1)
        for destination in range(6)
        if course.validate_move(position, (source, destination, count))
    ]


def lists_its_own_moves(state):
    """Lists each position's moves with its own validate_move (task 3) and makes them with its
    own apply_move (task 4), not with rules.legal_moves, with a key left unsorted."""
    seen = {_key(state)}
    to_visit = [(copy.deepcopy(state), [])]
    while to_visit:
        position, line = to_visit.pop()
        if rules.is_won(position):
            return line
        for move in _my_moves(position):
            after = copy.deepcopy(position)
            course.apply_move(after, move)
            key = (tuple(map(tuple, after["stacks"])), tuple(after["blocked"]))
            if key not in seen:
                seen.add(key)
                to_visit.append((after, [*line, move]))
    return None


def tests_moves_with_problem_with(state):
    """Lists each position's moves with rules.problem_with, move by move, rather than with
    rules.legal_moves."""
    seen = {_key(state)}
    to_visit = [(copy.deepcopy(state), [])]
    while to_visit:
        position, line = to_visit.pop()
        if rules.is_won(position):
            return line
        for move in itertools.product(range(6), range(6), range(1, 10)):
            if rules.problem_with(position, move) is None:
                after = copy.deepcopy(position)
                rules.apply_move(after, move)
                if _key(after) not in seen:
                    seen.add(_key(after))
                    to_visit.append((after, [*line, (move[0], move[1], move[2])]))
    return None


MISTAKES = {
    "initial_state": [
        Mistake(three_of_each, r"Smallest failing case"),
        Mistake(
            keeps_a_list_of_moves,
            r"'moves'[\s\S]*Hint: The deal is right: return a dict with exactly the three keys"
            r"(?![\s\S]*another order)",
        ),
        Mistake(not_shuffled, r"Smallest failing case: initial_state\(\), after random\.seed\(0\)"),
        Mistake(dealt_round_robin, r"first six cards to stack A"),
        Mistake(five_to_a_stack, r"Smallest failing case"),
        Mistake(block_key_misspelt, r"'block'"),
        Mistake(one_list_of_flags, r"\['blocked'\] and \['complete'\] are the same list"),
        Mistake(
            flags_made_once,
            r"two calls of initial_state\(\) returned states that share state\['blocked'\], one "
            r"list \(the global _FLAGS_MADE_ONCE\): a move that changes it in one game changes it "
            r"in every game dealt after \(after R, [^\n]*make each of its lists in the call",
        ),
        Mistake(
            flags_of_the_last_deal,
            r"once the lists of a state it had returned were changed[^\n]*initial_state\(\) dealt "
            r"another state after the same random\.seed: it keeps something",
        ),
        Mistake(one_to_nine_four_times, r"increasing order, four 1s"),
        Mistake(sampled_deck, r"random\.shuffle\(cards\): random\.sample"),
        Mistake(
            own_generator,
            r"initial_state dealt two different games after the same "
            r"random\.seed: shuffle with the random module's own generator",
        ),
    ],
    "parse_move": [
        Mistake(words_starting_with_r_or_u, "any other word raises ValueError"),
        Mistake(strips_only_spaces, "strip\\(\\) with no argument"),
        Mistake(one_digit_counts, "may have several digits"),
        Mistake(same_letter_refused, r"parse_move\('AA'\)[\s\S]*Hint: The same letter twice"),
        Mistake(counts_past_the_cards_refused, r"parse_move\('AB129'\)[\s\S]*Hint: .*AB129 too"),
        Mistake(
            counts_of_three_digits_at_most,
            r"Smallest failing case: parse_move\('AB1000'\)  \(a four-digit count\)\n[\s\S]*"
            r"Hint: The number of cards may have several digits, up to the 4,300 that int\(\) "
            r"reads \(AB12 and AB1000",
        ),
        Mistake(
            counts_of_a_thousand_digits_at_most,
            r"Smallest failing case: parse_move\('[A-F][a-fA-F][0-9]{1001,4300}'\)\n[\s\S]*"
            r"Hint: The number of cards may have several digits, up to the 4,300 that int\(\) "
            r"reads",
        ),
        Mistake(refuses_leading_zeros, r"parse_move\('AB03'\)[\s\S]*Hint: .*and leading zeros"),
        Mistake(number_required, r"parse_move\('FD'\)|parse_move\('BA'\)"),
        Mistake(any_letter, r"Raise ValueError"),
        Mistake(letters_for_reset_and_undo, r"return the integers 0 and -1"),
        Mistake(zero_cards_allowed, r"Raise ValueError"),
        Mistake(stacks_from_one, r"expected: \(\d, \d, \d+\)"),
        Mistake(spaces_not_stripped, r"' CD2 '|Spaces around the text are ignored"),
        Mistake(error_returned_as_text, r"should raise ValueError, but it returned 'ValueError'"),
        Mistake(wrong_exception, r"raised TypeError: not a move.*\n  it should raise ValueError"),
        Mistake(none_for_a_bad_move, r"should raise ValueError, but it returned None"),
        Mistake(any_digits, r"Hint: The number is made of the digits 0 to 9 only"),
        Mistake(
            letters_by_code_point,
            r"parse_move\('(1B|@A|A@|`b)'\)\n  it should raise ValueError, but it returned "
            r"\(-?\d+, -?\d+, 1\)[\s\S]*Hint: Each letter must be one of A to F: a character "
            r"just below A",
        ),
        Mistake(
            letters_split_on_spaces,
            r"parse_move\('A B'\)\n  it should raise ValueError, but it returned \(0, 1, 1\)"
            r"[\s\S]*Hint: Whitespace inside the text is not ignored",
        ),
    ],
    "validate_move": [
        Mistake(nine_may_block, r"run headed by a 9"),
        Mistake(no_order_check, r"Hint: The moving cards must be in order"),
        Mistake(blocked_destination_allowed, r"Smallest failing case"),
        Mistake(complete_stack_moves, r"Smallest failing case"),
        Mistake(several_cards_block, r"Smallest failing case"),
        Mistake(only_nines_to_empty, r"Smallest failing case"),
        Mistake(onto_a_complete_stack, r"nothing goes onto a complete stack"),
        Mistake(count_beyond_the_stack, r"Hint: The count must be from 1 to the number of cards"),
        Mistake(count_below_one, r"a count of 0[\s\S]*Hint: The count must be from 1 to the"),
        Mistake(onto_itself, r"Hint: A stack cannot move onto itself"),
        Mistake(fits_by_the_top_card, r"Hint: A run fits onto the card one more than its first"),
        Mistake(order_read_upwards, r"Hint: In order means each moving card is one less"),
        Mistake(order_of_the_top_two_only, r"Hint: Every moving card must be one less than the"),
        Mistake(
            blocking_card_kept_from_empty_stacks,
            r"expected: True\n  got:      False[\s\S]*Hint: The blocking card of a blocked stack "
            r"may leave only to a place where it fits \(or an empty stack\)",
        ),
    ],
    "apply_move": [
        Mistake(
            checked_by_a_validate_move_that_keeps_blocking_cards,
            r"Hint: The state you were given did not change, though the move is allowed\.[^\n]*"
            r"If apply_move asks your validate_move first, that refused this allowed move",
        ),
        Mistake(never_blocks, r"Update 'blocked'"),
        Mistake(
            never_unblocks,
            # the smallest case's label names the rule it breaks (not only 'complete')
            r"\(a blocking card leaves[^)]*: its source is free[^)]*\)\n[\s\S]*key 'blocked'[\s\S]*"
            r"Update 'blocked'",
        ),
        Mistake(never_completes, r"Update 'complete'"),
        Mistake(
            returns_the_state,
            # a wrong value returned, not two places sharing one dict: no note about sharing
            r"^(?![\s\S]*are the same dict)[\s\S]*element 0: expected None, got a dict",
        ),
        Mistake(reverses_the_run, r"Smallest failing case"),
        Mistake(complete_on_top_of_others, r"Smallest failing case"),
        Mistake(completes_the_destination_only, r"Update 'complete' for both stacks"),
        Mistake(one_card_short, r"Move exactly count cards"),
        Mistake(returns_a_moved_copy, r"Hint: apply_move changes the state it is given"),
        Mistake(
            complete_by_its_ends,
            r"out of order: not complete\)[\s\S]*Hint: Update 'complete': a "
            r"stack is complete only when",
        ),
        Mistake(
            moves_a_copy,
            r"Hint: The state you were given did not change, though the move is allowed\. "
            r"apply_move changes",
        ),
    ],
    "game_won": [
        Mistake(two_empty_stacks, "four stacks are complete"),
        Mistake(any_complete, r"four stacks are complete"),
        Mistake(all_six_complete, r"Smallest failing case"),
        Mistake(three_complete, r"Smallest failing case"),
        Mistake(returns_a_number, r"expected: (True|False)\n  got:      [01]"),
        Mistake(every_stack_ordered, r"Smallest failing case"),
        Mistake(
            announces_the_win,
            r"it printed 'Well done, all four stacks are complete!': game_won prints nothing, it "
            r"only returns its answer",
        ),
    ],
    "play_game": [
        Mistake(
            deals_with_the_rules_module,
            r"Hint: The first state shown is the deal: call your initial_state\(\) to deal it",
        ),
        Mistake(typo_crashes, r"raised ValueError"),
        Mistake(
            swallows_the_end_of_input,
            r"\n  it kept asking for input after the typed lines ran out: an except that swallows "
            r"EOFError\? [^\n]*catch only ValueError around parse_move",
        ),
        Mistake(
            swallows_every_exception_in_the_loop,
            r"\n  it kept asking for input after the typed lines ran out: an except that swallows "
            r"EOFError\?",
        ),
        Mistake(
            reset_keeps_history,
            r"\(that is the \d+(st|nd|rd|th) state shown, and (the \w+ flag of )?stack [A-F] "
            r"in it\)"
            r"[\s\S]*R deals a new game and forgets every earlier move",
        ),
        Mistake(undo_past_the_start, r"raised IndexError[^\n]*\n  expected the states shown: "),
        Mistake(
            history_of_the_same_dict,
            # the statement's call: play_game() takes no argument; the seed makes the deal
            r"Smallest failing case: play_game\(\), after random\.seed\(3\), typing "
            r"'AB1\\nAA\\nU\\nU\\n'[\s\S]*keep a copy",
        ),
        Mistake(saves_refused_moves, r"Hint: Save a copy of the state only for a move that is"),
        Mistake(
            ends_without_showing_the_win,
            # the states shown, as the statement calls them, not "elements" (reading 14)
            r"\n  expected \d+ states shown, got \d+ \(missing: \{'blocked'[\s\S]*"
            r"Hint: When a move wins, show the won state",
        ),
        Mistake(typo_without_display, r"Show the state before every line read"),
        Mistake(reset_to_the_first_deal, r"R deals a new game: call initial_state\(\) again"),
        Mistake(keeps_playing_after_a_win, r"Once the game is won, play_game ends"),
        Mistake(keeps_only_the_last_state, r"Hint: U goes back as far as the start of the game"),
        Mistake(undo_never_back_to_the_deal, r"Hint: The first state saved, before the first move"),
        Mistake(
            game_with_a_parse_move_returning_none,
            r"(?s)^(?!.*Hint)(?!.*TypeError).*\n  your function parse_move does not read the line "
            r"the statement's does \(parse_move\('[^\n]*'\) returned None where the statement's "
            r"raises ValueError\), called by play_game \(line \d+\): "
            r"fix parse_move first \(check\(parse_move\) says how\)",
        ),
        Mistake(
            game_with_an_apply_move_that_reverses,
            r"(?s)^(?!.*Hint).*\n  your function apply_move does not make the move the "
            r"statement's does, called by play_game \(line \d+\): "
            r"fix apply_move first \(check\(apply_move\) says how\)",
        ),
    ],
    "find_win": [
        Mistake(lists_its_own_moves, r"it never called rules\.legal_moves: the statement asks"),
        Mistake(
            tests_moves_with_problem_with,
            r"it called rules\.problem_with on a position it never passed to rules\.legal_moves",
        ),
        Mistake(no_win_from_a_won_start, r"a start already won[\s\S]*Hint: This position is won"),
        Mistake(
            moves_on_the_given_lists,
            r"it put other lists, with the same values, in the state it was "
            r"given",
        ),
        Mistake(
            shallow_copies,
            r"it changed values inside `state` \(a dict\)[\s\S]*not as shown above\)\n  Make "
            r"every change on copy\.deepcopy\(state\)[\s\S]*dict\(state\) or copy\.copy",
        ),
        Mistake(
            reverses_the_given_stacks,
            r"^(?![\s\S]*StateListsReplaced)[\s\S]*\n  it changed values inside `state` \(a dict\) "
            r"it was given\n  Make every change on copy\.deepcopy\(state\)",
        ),
        Mistake(
            unsorted_key,
            # no label beside the count, and nothing expected after it: the count says all
            r"Smallest failing case: find_win\(\{[^\n]*\}\)\n  it tried [\d,]+ positions, but "
            r"only [\d,]+ can be reached from this one [^\n]*Sort the \(stack, blocked\) pairs in "
            r"the key[^\n]*\n(?!  expected)",
        ),
        Mistake(
            stops_at_a_depth,
            r"two stacks complete, a win only by a long line\)\n  expected: 'a line of moves that "
            r"wins'\n  got:      'None \(no win exists\)'[\s\S]*Hint: A win exists from here, but "
            r"only by a long line of moves: a search that stops at some depth",
        ),
        Mistake(
            keeps_the_most_complete_only,
            r"two stacks complete, a win only by a long line\)\n[\s\S]*Hint: A win exists from "
            r"here, but only by a long line of moves",
        ),
        Mistake(no_duplicate_detection, r"RecursionError"),
        Mistake(
            empty_line_when_lost, r"got:      '0 allowed moves that do not win[\s\S]*return None"
        ),
        Mistake(
            no_copy,
            # no copy made: the report leads with the copy to make, not a shallow one (reading 14)
            r"it raised ValueError: move \(\d, \d, \d\) is not allowed[\s\S]*\n  Make every "
            r"change on copy\.deepcopy\(state\)",
        ),
        Mistake(
            shares_lists_between_positions,
            r"it raised ValueError: move \(\d, \d, \d\) is not allowed[\s\S]*"
            r"Hint: The rules refused a move that legal_moves had allowed",
        ),
        Mistake(any_complete_stack_wins, r"allowed moves that do not win[\s\S]*four complete"),
        Mistake(
            line_built_backwards,
            r"got:      'move 1 of \d+, \(\d, \d, \d\), is not allowed[^']*\(the same moves in "
            r"the reverse order win\)'[\s\S]*Hint: The line is listed from the position given",
        ),
        Mistake(moves_as_lists, r"a move is a tuple of three integers"),
        Mistake(
            key_without_blocked_flags, r"a top card free only as dealt[\s\S]*Put the blocked flags"
        ),
        Mistake(
            key_without_blocked_flags_taken,
            r"a top card free only as dealt[\s\S]*Put the blocked flags",
        ),
    ],
}


#: Right functions whose own helpers are right in words of their own: never blamed.
RIGHT_WITH_HELPERS = {"play_game": [game_with_own_right_helpers]}
