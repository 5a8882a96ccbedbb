"""The checks behind ``exercises/06_stacks_of_nine.ipynb``: the coursework's functions and a solver.

* ``initial_state`` is compared exactly after the same ``random.seed`` (the statement fixes how
  the deck is built, shuffled and dealt);
* ``parse_move`` returns a move, 0 or -1, or raises ``ValueError``: the task names ValueError
  as one of its answers (``raises``), so a call that returns instead "should raise ValueError";
* ``apply_move`` changes its state: the state after the call is compared;
* ``play_game`` is run on typed lines with ``display_state`` recorded: the states it shows, one
  per prompt, are compared (its messages may be worded freely); the EOFError of ``input()`` at
  the end of the lines ends it, and one that keeps asking is stopped (``KeptAskingForInput``);
* ``find_win`` (a depth-first search) has many right answers: each line it returns is replayed
  with the rules in the judging process (``Task.verdict``), so what is compared is "a line of
  moves that wins", "None (no win exists)", or the first move that breaks a rule.

>>> from solitaire_lib.stacks_of_nine.exercises import check
>>> def game_won(state):
...     return False
>>> check.run(game_won).ok
False
"""

from __future__ import annotations

import builtins
import contextlib
import copy
import itertools
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from solitaire_lib.grading.checks import Case, Checker, HelperReference, Hint, Raised, Task
from solitaire_lib.grading.isolation import CheckFinding
from solitaire_lib.grading.plain import same, show
from solitaire_lib.stacks_of_nine import course, portfolio, rules, search

_CASES_RNG_SEED = 20621


# --- adapters ------------------------------------------------------------------------------------


def _seeded(function: Callable[..., Any]) -> Callable[[int | None], Any]:
    """Call ``function()`` after ``random.seed(seed)`` (a case's ``random_seed``)."""

    def call(seed: int | None) -> Any:
        random.seed(seed)
        return function()

    return call


class DealNotFromTheSeed(CheckFinding):
    """Raised around an initial_state that deals two different games from the same state of the
    random module's generator: it shuffles with a generator of its own."""


def _dealt_from_the_seed(function: Callable[..., Any]) -> Callable[..., Any]:
    """The adapter of ``initial_state``: call it twice from the same state of the ``random``
    module's generator (as ``random.seed`` left it). The statement's deal draws from that
    generator, so both calls deal the same game; two different deals raise
    :class:`DealNotFromTheSeed`, whatever the first one was (a new ``random.Random()`` or numpy
    seeds itself from the clock, so its deal follows no ``random.seed``). The statement's state
    is new: the two states may share no list (:class:`StatesShareAList`), and a third call,
    once every list of the second state has changed, deals the same game as the first again
    (:class:`StateKeptFromEarlierCalls`).
    """

    def call(*args: Any) -> Any:
        seeded = random.getstate()
        first = function(*args)
        random.setstate(seeded)
        second = function(*args)
        try:
            differ = bool(first != second)
        except Exception:  # the answer is the student's: its == may raise; the verdict says
            differ = False
        if differ:
            raise DealNotFromTheSeed(
                "initial_state dealt two different games after the same random.seed: shuffle "
                "with the random module's own generator, random.shuffle(cards), which "
                "random.seed sets; a new random.Random() of your own (or numpy's) seeds itself "
                "from the clock, so its deal follows no random.seed"
            )
        _a_new_state_each_call(function, seeded, first, second, args)
        return first

    return call


class StatesShareAList(CheckFinding):
    """Raised around an initial_state whose states, from two calls, share a list (or the dict
    itself): a global list of flags put in every state."""


class StateKeptFromEarlierCalls(CheckFinding):
    """Raised around an initial_state that dealt another state once a state it had returned
    before was changed: it keeps something of the states it returned."""


def _a_new_state_each_call(
    function: Callable[..., Any], seeded: Any, first: Any, second: Any, args: tuple[Any, ...]
) -> None:
    """Raise :class:`StatesShareAList` where ``first`` and ``second`` (two calls' states, after
    the same seed) share a list, a dict or a set; else change every list of ``second`` (a card
    put on each stack, each flag turned over), call ``function`` again from ``seeded`` and
    raise :class:`StateKeptFromEarlierCalls` where it deals another state than ``first``.

    >>> FLAGS = [False] * 6
    >>> def flags_of_a_global():
    ...     return {"blocked": FLAGS, "complete": [False] * 6, "stacks": []}
    >>> _a_new_state_each_call(flags_of_a_global, random.getstate(), flags_of_a_global(),
    ...                        flags_of_a_global(), ())
    Traceback (most recent call last):
    ...
    solitaire_lib.stacks_of_nine.exercises.StatesShareAList: two calls of initial_state() ...
    """
    place = _shared_between(first, second)
    if place is not None:
        path, shared = place
        name = next((n for n, v in getattr(function, "__globals__", {}).items() if v is shared),
                    None)  # fmt: skip
        held = f" (the global {name})" if name else ""
        what = f"state{path}, one {type(shared).__name__}" if path else "one dict"
        after = " (after R, the new game would start with the old one's flags)" if any(
            path.startswith(f"[{key!r}]") for key in ("blocked", "complete")) else ""  # fmt: skip
        raise StatesShareAList(
            f"two calls of initial_state() returned states that share {what}{held}: a move "
            f"that changes it in one game changes it in every game dealt after{after}. Return "
            "a new state: make each of its lists in the call ([False] * 6 in the return line, "
            "not a list made once outside the function)"
        )
    try:
        before = copy.deepcopy(first)
        _change_every_list(second)
    except Exception:  # the student's value: it may be no dict of lists; the verdict says
        return
    random.setstate(seeded)
    third = function(*args)
    try:
        kept = not same(third, before)
    except Exception:  # the student's value again
        kept = False
    if kept:
        raise StateKeptFromEarlierCalls(
            "once the lists of a state it had returned were changed (a card put on each stack, "
            "each flag turned over), initial_state() dealt another state after the same "
            "random.seed: it keeps something of the states it returned. Return a new state: "
            "make each of its lists in the call"
        )


def _containers_in(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every list, dict and set in ``value`` (a state: a dict of lists of lists), with its path
    (``['stacks'][0]``), the outermost first; at most 200.

    >>> [path for path, _ in _containers_in({"blocked": [False], "stacks": [[1]]})]
    ['', "['blocked']", "['stacks']", "['stacks'][0]"]
    """
    todo, count = [(path, value)], 0
    while todo and count < 200:
        where, item = todo.pop(0)
        if type(item) not in (list, dict, set):
            continue
        count += 1
        yield where, item
        if type(item) is dict:
            todo += [(f"{where}[{key!r}]", inner) for key, inner in list(dict.items(item))]
        elif type(item) is list:
            todo += [(f"{where}[{i}]", inner) for i, inner in enumerate(item)]


def _shared_between(first: Any, second: Any) -> tuple[str, Any] | None:
    """The first list, dict or set of ``second`` that is also in ``first`` (its path in
    ``second``, and itself), or ``None``.

    >>> flags = [False]
    >>> _shared_between({"blocked": flags}, {"blocked": flags})
    ("['blocked']", [False])
    >>> _shared_between({"blocked": [False]}, {"blocked": [False]}) is None
    True
    """
    held = {id(item) for _, item in _containers_in(first)}
    return next(((path, item) for path, item in _containers_in(second) if id(item) in held), None)


def _change_every_list(state: dict[str, Any]) -> None:
    """Put a card (0) on each stack of ``state`` and turn over each of its flags.

    >>> state = {"blocked": [False, True], "stacks": [[3], []]}
    >>> _change_every_list(state); state
    {'blocked': [True, False], 'stacks': [[3, 0], [0]]}
    """
    for value in state.values():
        if type(value) is list:
            for index, item in enumerate(value):
                if type(item) is list:
                    item.append(0)
                elif type(item) is bool:
                    value[index] = not item


def _drawn_random_seeds(rng: random.Random) -> list[Case]:
    """Four calls of ``initial_state()``, each after ``random.seed`` with a seed drawn from 12 on
    (the fixed cases take 0 to 11).

    >>> [case.random_seed for case in _drawn_random_seeds(random.Random(1))]
    [140903, 596865, 888610, 841247]
    """
    return [Case((), random_seed=rng.randrange(12, 1_000_000)) for _ in range(4)]


def _state_after(function: Callable[..., Any]) -> Callable[..., Any]:
    """What ``function(state, move)`` returns, and the state it leaves."""

    def call(state: dict[str, Any], move: tuple[int, int, int]) -> Any:
        returned = function(state, move)
        return returned, state

    return call


def _shown_states(function: Callable[..., Any]) -> Callable[[int], list[Any]]:
    """Run ``play_game()`` after ``random.seed(seed)`` on the case's typed lines, recording each
    state passed to ``display_state``; the list of states shown. The typed lines end with
    EOFError from ``input()``, which ends the game (:func:`_asking_after_the_end` stops one that
    keeps asking)."""

    def call(seed: int) -> list[Any]:
        shown: list[Any] = []
        scope = getattr(function, "__globals__", {})
        saved = scope.get("display_state")

        def record(state: dict[str, Any], *, clear: bool = False) -> None:
            shown.append(copy.deepcopy(state))

        scope["display_state"] = record
        random.seed(seed)
        try:
            with _asking_after_the_end(sys._getframe()):
                function()
        except EOFError:
            pass  # the typed lines ran out
        finally:
            if saved is not None:
                scope["display_state"] = saved
        return shown

    return call


class KeptAskingForInput(CheckFinding):
    """Raised inside a play_game that went on calling ``input()`` after the typed lines ran out:
    an ``except`` around ``input()`` that swallows its EOFError."""


#: The calls of ``input()`` after the end of the typed lines that a play_game may make before
#: it is stopped (the statement's makes none: the EOFError of the first ends it).
MOST_READS_AFTER_THE_END = 50

#: Said of a play_game that kept asking for input (held-out 15b: pg_bare_except_eof, a bare
#: except around input(), was reported as "did not finish within 10 seconds (an endless loop?)").
KEPT_ASKING = (
    "it kept asking for input after the typed lines ran out: an except that swallows EOFError? "
    "At the end of the input, input() raises EOFError, and play_game ends with it: catch only "
    "ValueError around parse_move (a bare except:, or except Exception, catches EOFError too, "
    "and asks again for ever)"
)


@contextlib.contextmanager
def _asking_after_the_end(caller: Any) -> Iterator[None]:
    """Around a play_game called from the frame ``caller``: once ``input()`` (the check's, which
    raises EOFError at the end of the typed lines) has been called more than
    :data:`MOST_READS_AFTER_THE_END` times after the end, it raises :class:`KeptAskingForInput`,
    and so does the next line that runs in a frame of the play_game's (a bare ``except:`` that
    would swallow the first goes on from its own line, outside the ``try`` it belongs to).

    >>> def asks_for_ever():
    ...     while True:
    ...         try:
    ...             input()
    ...         except:  # noqa: E722
    ...             continue
    >>> from solitaire_lib.grading.isolation import fed_input
    >>> with fed_input("AB\\n"), _asking_after_the_end(sys._getframe()):
    ...     asks_for_ever()
    Traceback (most recent call last):
    ...
    solitaire_lib.stacks_of_nine.exercises.KeptAskingForInput: it kept asking for input after...
    """
    reads, after_the_end = builtins.input, [0]
    trace_before = sys.gettrace()
    armed = [False]

    def stop_at_its_next_line(frame: Any, event: str, arg: Any) -> Any:
        if event == "line":
            raise KeptAskingForInput(KEPT_ASKING)
        return stop_at_its_next_line

    def read(*args: Any) -> str:
        try:
            return reads(*args)
        except EOFError:
            after_the_end[0] += 1
            if after_the_end[0] <= MOST_READS_AFTER_THE_END:
                raise
        frame: Any = sys._getframe(1)
        while frame is not None and frame is not caller:
            frame.f_trace = stop_at_its_next_line
            frame = frame.f_back
        armed[0] = True
        sys.settrace(lambda frame, event, arg: None)  # traces the frames marked above only
        raise KeptAskingForInput(KEPT_ASKING)

    builtins.input = read
    try:
        yield
    finally:
        builtins.input = reads
        if armed[0]:
            sys.settrace(trace_before)


# --- references (the course's functions, as the statement asks for them) ------------------------


display_state = course.display_state  # replaced while a case runs (see _shown_states)


def play_game() -> None:
    course.play_game(show=lambda state, clear=False: display_state(state, clear=clear))


# --- cases ---------------------------------------------------------------------------------------


def _states(count: int) -> list[dict[str, Any]]:
    """States met in play: deals played a random number of legal moves (some blocked, some with
    complete stacks, taken from the solver's lines)."""
    rng = random.Random(_CASES_RNG_SEED)
    states = []
    for k in range(count):
        state = rules.new_state(random.Random(rng.randrange(10**6)))
        if k % 3 == 0:  # along a winning line: complete stacks appear
            line = _case_line(state)
            for move in line[: rng.randrange(len(line) + 1)]:
                rules.apply_move(state, move)
        else:
            for _ in range(rng.randrange(25)):
                moves = rules.legal_moves(state)
                if not moves:
                    break
                rules.apply_move(state, rng.choice(moves))
        states.append(state)
    return states


def _crafted(stacks: list[list[int]], blocked: tuple[int, ...] = (),
             complete: tuple[int, ...] = ()) -> dict[str, Any]:  # fmt: skip
    return {"blocked": [i in blocked for i in range(6)],
            "complete": [i in complete for i in range(6)], "stacks": stacks}  # fmt: skip


#: States and moves for rules that random play meets too rarely.
CRAFTED_MOVES = [
    (_crafted([[3, 9], [1], [], [], [], []]), (0, 1, 1), "a 9 cannot block"),
    (_crafted([[3, 9, 8], [1], [], [], [], []]), (0, 2, 2), "a run headed by 9 to an empty stack"),
    (_crafted([[7, 3, 1], [2], [], [], [], []]), (0, 1, 2), "two cards that are not in order"),
    (_crafted([[1, 6, 4, 5], [7], [], [], [], []]), (0, 1, 3), "three cards, the lowest fits"),
    (_crafted([[8], list(rules.COMPLETE), [], [], [], []], complete=(1,)), (1, 2, 1),
     "a complete stack does not move"),
    (_crafted([[3, 5], [1, 7], [8], [], [], []], blocked=(1,)), (1, 0, 1),
     "a blocking card leaves only where it fits"),
    (_crafted([[3, 5], [1, 7], [], [], [], []], blocked=(1,)), (1, 2, 1),
     "a blocking card leaves, to an empty stack as it fits on no card: its source is free"),
    (_crafted([[3, 6, 5], [1], [], [], [], []]), (0, 1, 2), "two cards cannot block"),
    (_crafted([[2, 5, 4], [1], [], [], [], []]), (0, 2, 2), "any ordered run into an empty stack"),
    (_crafted([[4, 9, 8, 7, 6], [5, 4, 3, 2, 1], [], [], [], []]), (1, 0, 5),
     "9 to 1 on other cards is not complete"),
    (_crafted([[9, 8, 7, 6, 5], [4, 3, 2, 1], [], [], [], []]), (1, 0, 4), "a stack completed"),
    (_crafted([[2], list(rules.COMPLETE), [], [], [], []], complete=(1,)), (0, 1, 1),
     "nothing goes onto a complete stack"),
    (_crafted([[4], [6, 5], [], [], [], []], blocked=(1,)), (0, 1, 1),
     "nothing goes onto a blocking card, even one it fits"),
    (_crafted([[2, 5, 4, 1], [6], [], [], [], []], blocked=(0,)), (0, 1, 3),
     "three cards: the lower two are in order, the top two are not"),
    (_crafted([[3], [4], [], [], [], []]), (0, 1, 2),
     "a count larger than the stack (its one card would fit)"),
    (_crafted([[5, 4], [6], [], [], [], []]), (0, 1, 0),
     "a count of 0 (stack[-0:] is the whole stack, which would fit)"),
    (_crafted([[5, 4], [6], [], [], [], []]), (0, 1, -1),
     "a negative count (stack[1:] is the top card, which could block)"),
    (_crafted([[5], [7], [], [], [], []]), (0, 0, 1), "a stack onto itself"),
    (_crafted([[6, 5, 4], [5], [], [], [], []]), (0, 1, 2),
     "a run whose top card, not its first, is one less than the destination's"),
    (_crafted([[*rules.COMPLETE, 4], [5], [], [], [], []], blocked=(0,)), (0, 1, 1),
     "a blocking card leaves: its source is free and, left as 9 down to 1, complete"),
    # A run out of order at each place below its top two cards (a run of 3 breaks at its bottom
    # pair, a run of 4 at its bottom or middle pair), each into an empty stack, where any run in
    # order may go: only the order refuses them.
    (_crafted([[2, 7, 5, 4], [1], [], [], [], []]), (0, 2, 3),
     "three cards: the top two are in order, the lower two are not"),
    (_crafted([[1, 8, 6, 5, 4], [2], [], [], [], []]), (0, 2, 4),
     "four cards: out of order between the first and the second"),
    (_crafted([[1, 8, 7, 5, 4], [2], [], [], [], []]), (0, 2, 4),
     "four cards: out of order between the second and the third"),
    # Moves that leave 9 cards with a 9 at the bottom and a 1 on top, not 9 down to 1: neither
    # stack is complete (the destination, and a source freed of its blocking card).
    (_crafted([[3, 1], [9, 7, 8, 6, 5, 4, 3, 2], [], [], [], []]), (0, 1, 1),
     "9 cards from a 9 up to a 1, out of order between: not complete"),
    (_crafted([[9, 8, 6, 7, 5, 4, 3, 2, 1, 4], [5], [], [], [], []], blocked=(0,)), (0, 1, 1),
     "a blocking card leaves 9 cards from a 9 up to a 1, out of order: not complete"),
]  # fmt: skip


def _drawn_state(rng: random.Random) -> dict[str, Any]:
    """A state drawn at random: a deal played a random number of legal moves (0 to 60), most of
    them moves that fit, so that long runs, complete stacks and empty stacks appear, and some
    blocking, so that blocked stacks do too."""
    state = rules.new_state(rng)
    for _ in range(rng.randrange(61)):
        moves = rules.legal_moves(state)
        fitting = [move for move in moves if not rules.is_blocking(state, move)]
        if not moves:
            break
        rules.apply_move(state, rng.choice(fitting if fitting and rng.random() < 0.8 else moves))
    return state


def _drawn_blocking_cards_leaving(rng: random.Random, count: int) -> list[Case]:
    """``count`` drawn states, each with the blocking card of a blocked stack moved into an
    empty stack (allowed, and rare in random play: states are drawn until one allows it)."""
    cases: list[Case] = []
    for _ in range(2_000):
        if len(cases) == count:
            break
        state = _drawn_state(rng)
        leaving = [move for move in rules.legal_moves(state)
                   if state["blocked"][move[0]] and not state["stacks"][move[1]]]  # fmt: skip
        if leaving:
            cases.append(Case((copy.deepcopy(state), rng.choice(leaving))))
    return cases


def _near(rng: random.Random, move: tuple[int, int, int]) -> tuple[int, int, int]:
    """A move one step from ``move``: one more or one fewer card, or another stack."""
    source, destination, count = move
    nearby = [(source, destination, count + 1), (source, destination, count - 1),
              (source, rng.randrange(6), count),
              (rng.randrange(6), destination, count)]  # fmt: skip
    return rng.choice(nearby)


def _drawn_moves(rng: random.Random, states: int, allowed_only: bool) -> list[Case]:
    """``states`` drawn states, each with two allowed moves, and (unless ``allowed_only``) a move
    near an allowed one and a move of any three numbers from -1 to 6."""
    cases: list[Case] = []
    while len(cases) < states * (2 if allowed_only else 4):
        state = _drawn_state(rng)
        legal = rules.legal_moves(state)
        if not legal:
            continue  # a blocked game: drawn again, so that the count stays
        picks = [rng.choice(legal), rng.choice(legal)]
        if not allowed_only:
            anything = (rng.randrange(-1, 7), rng.randrange(-1, 7), rng.randrange(-1, 7))
            picks += [_near(rng, rng.choice(legal)), anything]
        cases += [Case((copy.deepcopy(state), move)) for move in picks]
    return cases + _drawn_blocking_cards_leaving(rng, 2)


def _move_cases(allowed_only: bool) -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED + 1)
    text = {"blocked": [False] * 5 + [True], "complete": [False] * 3 + [True] + [False] * 2,
            "stacks": [[2, 7, 4], [1, 6, 5, 3], [7, 8, 9, 4, 3, 2, 1], list(rules.COMPLETE),
                       [5, 7, 6, 4, 9, 8], [1, 3, 5, 2, 9, 8, 1]]}  # fmt: skip
    cases = []
    for state in [text, *_states(24)]:
        legal = rules.legal_moves(state)
        picks = rng.sample(legal, min(3, len(legal)))
        if not allowed_only:
            picks += [(rng.randrange(-1, 7), rng.randrange(-1, 7), rng.randrange(0, 5))
                      for _ in range(4)]  # fmt: skip
        label = "the text's example state" if state is text else ""
        cases += [Case((copy.deepcopy(state), move), label=label) for move in picks]
    for state, move, label in CRAFTED_MOVES:
        if not allowed_only or rules.problem_with(state, move) is None:
            cases.append(Case((copy.deepcopy(state), move), label=label))
    return cases


#: The most digits a count may have, as the statement says: as many as ``int()`` reads (Python's
#: default ``sys.get_int_max_str_digits()``). Held-out set 14b: a parse_move that refused counts
#: of more than 3 digits passed, since no case had more.
MOST_DIGITS = 4300
LONGEST_COUNT = "CD" + "9" * MOST_DIGITS


def _parse_cases() -> list[Case]:
    good = ["AB3", "FD1", "FD", "AF12", "CE2", "BA", "R", "r", "U", "u", "ab3", " CD2 ", "EF007"]
    bad = ["", "A", "AG", "GA", "AB0", "AB-1", "A B", "ABC", "AB2x", "1AB", "RR", "undo", "AB 2",
           "ZZ", "AB1.5", "+AB", "AB+2", "AB1_0", "AB٣", "A1B", "ÀB", "R U", "AB00",
           # characters next to the letters' codes: '@' and '`' just below A and a, '[' just
           # above Z, a digit far below (held-out 15b: ord(c) - 65 tested only below 6)
           "1B", "@A", "A@", "[A", "`b"]  # fmt: skip
    # The edges of the statement: two letters with no count, counts of two to 4,300 digits (any
    # positive number reads, even one no move can take), words that start like R or U, a line
    # as input() or a file gives it (a newline, a tab).
    edges = {"ab": "two letters, no count", "Fd": "two letters, no count",
             "AB99": "a two-digit count", "AB129": "more cards than any move takes",
             "AA": "the same letter twice", "AB3\r\n": "a line ending in '\\r\\n'",
             "\xa0FD\x0c": "white space that strip() removes",
             "reset": "a word", "Undo": "a word", "rA": "", "ub": "",
             "AB3\n": "a line with a trailing newline", "\tCD\t": "",
             "A\nB": "", "AB03": "a count with a leading zero",
             "AB1000": "a four-digit count",
             # No label: "It also fails" shows labelled cases, and this call is long.
             LONGEST_COUNT: ""}  # fmt: skip
    return [
        Case((text,), label="the text's example" if text in ("AB3", "FD") else "")
        for text in good + bad
    ] + [Case((text,), label=label) for text, label in edges.items()]


def _drawn_typing(rng: random.Random) -> list[Case]:
    """Lines typed at random, from the pieces of moves and of mistakes."""
    pieces = ["A", "b", "C", "d", "F", "G", "R", "u", "1", "2", "9", "0", "12", " ", "-", "x"]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randrange(1, 5))) for _ in range(10)]
    moves = [f"{rng.choice('ABCDEFabcdef')}{rng.choice('ABCDEFabcdef')}{rng.randrange(1, 40)}"
             for _ in range(6)]  # fmt: skip
    digits = rng.randint(4, MOST_DIGITS)  # a long count: 4 digits up to the most int() reads
    count = rng.choice("123456789") + "".join(rng.choice("0123456789") for _ in range(digits - 1))
    moves.append(f"{rng.choice('ABCDEF')}{rng.choice('abcdef')}{count}")
    return [Case((text,)) for text in texts + moves]


#: A deal that the solver wins (the game must end there, whatever is typed after).
WON_SEED = 3


def _winning_line(seed: int) -> list[str]:
    """The solver's winning moves for the deal of ``seed``, as typed."""
    moves = _case_line(rules.new_state(random.Random(seed)))
    return [f"{rules.LETTERS[a]}{rules.LETTERS[b]}{n}" for a, b, n in moves]


def _nth(number: int) -> str:
    """``number`` as an ordinal in figures.

    >>> [_nth(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '103rd']
    """
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{'th' if number % 100 in (11, 12, 13) else suffix}"


def _first_different(expected: Any, got: Any) -> Any:
    """The first index (a list's) or key (a dict's, in the expected order) where two values
    differ, as the report compares them; ``None`` when there is none to name."""
    if type(expected) is list and type(got) is list:
        pairs = zip(range(min(len(expected), len(got))), expected, got, strict=False)
        return next((i for i, want, have in pairs if not same(want, have)), None)
    if type(expected) is dict and type(got) is dict:
        return next((k for k in expected if k in got and not same(expected[k], got[k])), None)
    return None


def _state_part_that_differs(case: Case, expected: Any, got: Any) -> str | None:
    """``play_game``'s words on the difference: which state shown, and which part of it (a
    stack, a flag of a stack), where the shared report names only the positions ("element 8,
    key 'blocked', element 0").

    >>> state = {"stacks": [[9], []], "blocked": [False, False], "complete": [False, False]}
    >>> blocked = {**state, "blocked": [True, False]}
    >>> _state_part_that_differs(Case(), [state] * 9, [state] * 8 + [blocked])
    'that is the 9th state shown, and the blocked flag of stack A in it'
    """
    index = _first_different(expected, got)
    if index is None:
        return None
    key = _first_different(expected[index], got[index])
    if key not in ("stacks", "blocked", "complete"):
        return None
    stack = _first_different(expected[index][key], got[index][key])
    if stack is None or not 0 <= stack < len(rules.LETTERS):
        return None
    part = f"stack {rules.LETTERS[stack]}"
    if key != "stacks":
        part = f"the {key} flag of {part}"
    return f"that is the {_nth(index + 1)} state shown, and {part} in it"


def _game_shown(case: Case) -> str:
    """A case of ``play_game`` as the report shows it: the statement's call, no argument, after
    the ``random.seed`` that :func:`_shown_states` gives (it makes the deal), and the lines typed.

    >>> print(_game_shown(Case((3,), stdin="AB1\\nU\\n")))
    play_game(), after random.seed(3), typing 'AB1\\nU\\n'
    """
    return f"play_game(), after random.seed({case.args[0]}), typing {case.stdin!r}"


def _play_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED + 2)
    first = rules.legal_moves(rules.new_state(random.Random(3)))[0]
    opening = f"{rules.LETTERS[first[0]]}{rules.LETTERS[first[1]]}{first[2]}"
    cases = [
        Case((1,), stdin="xx\nAG\n\nR\nU\n", label="typos, a reset and an undo at the start"),
        Case((2,), stdin="U\nU\nR\nU\n"),
        Case((3,), stdin=f"{opening}\nAA\nU\nU\n", label="a move, a refused move, two undos"),
    ]
    cases.append(Case((WON_SEED,), stdin="\n".join([*_winning_line(WON_SEED), "U", "AB"]) + "\n",
                      label="a deal won, then more lines typed"))  # fmt: skip
    for seed in range(3, 9):
        state = rules.new_state(random.Random(seed))  # what initial_state deals after seed(seed)
        typed: list[str] = []
        for _ in range(12):
            moves = rules.legal_moves(state)
            choice = rng.random()
            if choice < 0.6 and moves:
                move = rng.choice(moves)
                rules.apply_move(state, move)
                typed.append(f"{rules.LETTERS[move[0]]}{rules.LETTERS[move[1]]}{move[2]}")
            elif choice < 0.75:
                typed.append("u")
            elif choice < 0.85:
                typed.append(rng.choice(["AA", "FA9", "Q", "AB"]))
            else:
                typed.append(rng.choice(["r", "U", "U"]))
        cases.append(Case((seed,), stdin="\n".join(typed) + "\n"))
    return cases


def _typed_line(rng: random.Random, state: dict[str, Any]) -> str:
    """A line typed in a game at ``state``: mostly an allowed move (made on ``state``), else an
    undo, a refused move or a typo, or a reset."""
    moves = rules.legal_moves(state)
    choice = rng.random()
    if choice < 0.6 and moves:
        move = rng.choice(moves)
        rules.apply_move(state, move)
        return f"{rules.LETTERS[move[0]]}{rules.LETTERS[move[1]]}{move[2]}"
    if choice < 0.75:
        return rng.choice(["u", "U"])
    if choice < 0.9:
        return rng.choice(["AA", "FA9", "Q", "AB", "BA", "CD2", "", "x"])
    return rng.choice(["r", "R"])


def _drawn_games(rng: random.Random) -> list[Case]:
    """Two games drawn at random: a deal (a seed) and 5 to 25 lines typed in it."""
    cases = []
    for _ in range(2):
        seed = rng.randrange(10**6)
        state = rules.new_state(random.Random(seed))  # what initial_state deals after seed(seed)
        typed = [_typed_line(rng, state) for _ in range(rng.randint(5, 25))]
        cases.append(Case((seed,), stdin="\n".join(typed) + "\n"))
    return cases


#: Every stack in order, three complete: not won.
ORDERED = _crafted([list(rules.COMPLETE)] * 3 + [[9, 8, 7, 6], [5, 4, 3, 2, 1], []],
                   complete=(0, 1, 2))  # fmt: skip
#: Won: four complete stacks, the two empty ones first.
WON = _crafted([[], []] + [list(rules.COMPLETE)] * 4, complete=(2, 3, 4, 5))
#: Not won although two stacks are empty: the last nine cards are not in order.
EMPTY_NOT_WON = _crafted([[], [], *[list(rules.COMPLETE)] * 3, [5, 4, 3, 2, 1, 9, 8, 7, 6]],
                         complete=(2, 3, 4))  # fmt: skip


def _drawn_ends(rng: random.Random) -> list[Case]:
    """States drawn at random (four from play), and, with the stacks in a random order, two won
    states and two with three complete stacks and the last nine cards shuffled into the other
    three (some of them may be empty)."""
    cases = [Case((_drawn_state(rng),)) for _ in range(4)]
    for complete in (4, 4, 3, 3):
        rest = [9, 8, 7, 6, 5, 4, 3, 2, 1] if complete == 3 else []
        rng.shuffle(rest)
        cut = sorted(rng.sample(range(10), 2))
        others = [rest[: cut[0]], rest[cut[0] : cut[1]], rest[cut[1] :]] if rest else [[], []]
        stacks = [list(rules.COMPLETE) for _ in range(complete)] + others
        rng.shuffle(stacks)
        flags = [stack == rules.COMPLETE for stack in stacks]
        cases.append(Case(({"blocked": [False] * 6, "complete": flags, "stacks": stacks},)))
    return cases


# --- hints ---------------------------------------------------------------------------------------


# --- The solver: a depth-first search with duplicate detection ------------------------------------

#: Positions whose reachable set (up to the order of the stacks) is larger are not used as cases.
_MOST_POSITIONS = 400


def find_win(state: dict[str, Any]) -> list[tuple[int, int, int]] | None:
    solution = portfolio.solve(state, budget=portfolio.OPTIMAL_BUDGET)
    return solution.moves if solution.verdict == "solved" else None


def _reachable(state: dict[str, Any], most: int) -> int:
    """How many positions (up to the order of the stacks) can be reached; ``most + 1`` if more."""
    start = search.position_of(state)
    seen, todo = {start}, [start]
    while todo:
        position = todo.pop()
        for move in search.moves_from(position):
            after = search.after(position, move)
            if after not in seen:
                seen.add(after)
                if len(seen) > most:
                    return most + 1
                todo.append(after)
    return len(seen)


def _case_line(state: dict[str, Any], budget: int = 15_000) -> list[search.Move]:
    """A winning line from two fixed searches (weight 6 for 500 nodes, then weight 1.5 for
    ``budget``), or [] if neither finds one. The cases were made with these searches, so they
    stay the same when the solver's default search changes."""
    for weight, nodes in ((6.0, 500), (1.5, budget)):
        found = portfolio.solve(state, weight=weight, budget=nodes)
        if found.verdict != "gave up":
            return found.moves
    return []


def _endgames(won: int, lost: int, rng: random.Random) -> list[dict[str, Any]]:
    """Positions near the end of a won game, some led astray by a few random moves: ``won`` that
    can still be won and ``lost`` that cannot, each with a small reachable set."""
    wanted = {True: won, False: lost}
    positions: list[dict[str, Any]] = []
    while any(wanted.values()):
        state = rules.new_state(rng)
        line = _case_line(state, budget=1_000)  # [] if no line is found quickly
        before_the_end = rng.randint(2, 8)
        for move in line[: max(0, len(line) - before_the_end)]:
            rules.apply_move(state, move)
        for _ in range(rng.choice([0, 1, 3, 6, 10]) if line else 0):
            moves = rules.legal_moves(state)
            if moves:
                rules.apply_move(state, rng.choice(moves))
        if _reachable(state, _MOST_POSITIONS) > _MOST_POSITIONS:
            continue
        winnable = find_win(state) is not None
        if wanted[winnable]:
            wanted[winnable] -= 1
            positions.append(state)
    return positions


#: The positions of ``find_win``'s cases, made by :func:`endgame_positions` once and stored (making
#: them takes seconds: ``python -m solitaire_lib.stacks_of_nine.exercises`` writes the file again).
FIND_WIN_POSITIONS = Path(__file__).with_name("find_win_positions.json")


def endgame_positions() -> list[dict[str, Any]]:
    """The 24 stored positions of the ``find_win`` cases: 18 that can be won, 6 that cannot (the
    cases add the two of :data:`FLAGS_DECIDE`)."""
    return _endgames(18, 6, random.Random(_CASES_RNG_SEED + 7))


#: Positions where a key without the blocked flags loses the win. Each has a stack whose top card
#: does not fit the card under it and is free, because it was dealt there. Moving that card away
#: and another of its value back gives the same stacks with that stack blocked, from which no win
#: is left; a search that keys positions by their stacks alone meets that one first, and then
#: skips the free one as seen. (Found by a search over small endgames: both are missed by a
#: depth-first search keyed without flags, whether it remembers a position when it is found or
#: when it is taken; the first also when the stacks are not sorted in the key.)
FLAGS_DECIDE = [
    _crafted([[*rules.COMPLETE], [*rules.COMPLETE], [*rules.COMPLETE], [3, 7, 9, 8, 5, 2, 4], [],
              [1, 6]], complete=(0, 1, 2)),
    _crafted([[*rules.COMPLETE], [3, 5, 6, 1, 9], [7], [*rules.COMPLETE], [*rules.COMPLETE],
              [4, 2, 8]], complete=(0, 3, 4)),
]  # fmt: skip


#: A position whose fewest moves to a win are many (27; 8,868 positions can be reached from it):
#: a depth-first search finds a line at once, one that stops at a depth (up to 80 at least, in
#: the order of sorted moves) or keeps only the positions with the most complete stacks on its
#: list does not (a held-out find_win, "fw_split_sort", passed every shorter endgame). Found by
#: a search over deals of 18 loose cards beside two complete stacks.
LONG_WIN = _crafted([[*rules.COMPLETE], [*rules.COMPLETE], [7, 5, 2, 3, 2], [1, 4],
                     [3, 5, 4, 6, 6, 1, 8, 8, 9, 9, 7], []], complete=(0, 1))  # fmt: skip

#: The label of :data:`LONG_WIN`'s case.
LONG_LABEL = "two stacks complete, a win only by a long line"

#: The label of the cases of :data:`FLAGS_DECIDE`: what the position is, not why a search fails
#: there (the report shows it on any failure, whatever its cause).
FLAGS_LABEL = "a top card free only as dealt"


def _find_win_cases() -> list[Case]:
    positions = json.loads(FIND_WIN_POSITIONS.read_text("utf-8"))
    crafted = [Case((copy.deepcopy(state),), label=FLAGS_LABEL)
               for state in FLAGS_DECIDE]  # fmt: skip
    won = Case((copy.deepcopy(WON),), label="a start already won")
    long = Case((copy.deepcopy(LONG_WIN),), label=LONG_LABEL)
    return crafted + [won, long] + [Case((state,)) for state in positions]


def _drawn_endgames(rng: random.Random) -> list[Case]:
    """Four positions drawn from the 27 of the fixed cases not yet won: each played 0 to 3 random
    moves further (every position reachable from it was reachable before, so the search stays
    small; some wins are lost on the way), then with its stacks in a random order. One drawn
    from :data:`LONG_WIN` keeps its label (its win, if one is left, is still long)."""
    positions = json.loads(FIND_WIN_POSITIONS.read_text("utf-8")) + copy.deepcopy(
        [*FLAGS_DECIDE, LONG_WIN]
    )
    cases = []
    for state in rng.sample(positions, 4):
        label = LONG_LABEL if state == LONG_WIN else ""
        for _ in range(rng.randrange(4)):
            moves = rules.legal_moves(state)
            if moves:
                rules.apply_move(state, rng.choice(moves))
        order = rng.sample(range(6), 6)
        cases.append(Case(({key: [state[key][i] for i in order] for key in state},), label=label))
    return cases


class StateListsReplaced(CheckFinding):
    """Raised around a find_win that put other lists into the state it was given."""


def _leaves_the_lists(function: Callable[..., Any]) -> Callable[..., Any]:
    """The adapter of ``find_win``: the state given must keep its own lists. (Their values are
    compared anyway; a search that makes its moves on the lists it was given and then puts
    copies of the old values back leaves equal values in other lists, and has still changed
    the caller's lists. Where the values changed too, the check's own report says so, and this
    adapter says nothing: a find_win that reverses the stacks in place replaced no list.)

    >>> def swaps_back(state):
    ...     state["stacks"] = copy.deepcopy(state["stacks"])
    >>> _leaves_the_lists(swaps_back)(copy.deepcopy(WON))
    Traceback (most recent call last):
    ...
    solitaire_lib.stacks_of_nine.exercises.StateListsReplaced: it put other lists, with the...

    A function that changed the values (here, reversed the stacks in place) is left to the
    check's own report:

    >>> def reverses(state):
    ...     state["stacks"].reverse()
    >>> _leaves_the_lists(reverses)(copy.deepcopy(WON))
    """

    def call(state: dict[str, Any]) -> Any:
        before, values_before = _lists_in(state), copy.deepcopy(state)
        with _positions_tried_at_most(
            _reachable(state, _MOST_TRIED), getattr(function, "__globals__", {})
        ) as tried:
            result = function(state)
        theirs = not str(getattr(function, "__module__", "")).startswith("solitaire_lib.")
        # (a line of no moves from a position not won is wrong however it was found: the
        # check's own report says so)
        searched = result is None or (type(result) is list and len(result) > 0)
        if theirs and searched and not tried and not rules.is_won(values_before):
            raise MovesNotListedByTheRules(
                "it never called rules.legal_moves: the statement asks the search to list the "
                "moves of each position it tries with the library's rules.legal_moves(state) "
                "(not with moves of your own), and the check counts the positions it is given"
            )
        after = _lists_in(state)
        replaced = len(after) != len(before) or any(
            a is not b for a, b in zip(after, before, strict=True)
        )
        # Changed values are told by the check itself ("it changed values inside `state`"):
        # only lists swapped for others of the same values are this adapter's to tell.
        if replaced and same(values_before, state):
            raise StateListsReplaced(
                "it put other lists, with the same values, in the state it was given: make "
                "every move on a copy (copy.deepcopy) and leave the state you were given as it is"
            )
        return result

    return call


#: A search is stopped once it has tried more positions than this (far more than any case has).
_MOST_TRIED = 20_000


class PositionTriedAgain(CheckFinding):
    """Raised inside a find_win that tried more positions than can be reached from its start."""


class MovesNotListedByTheRules(CheckFinding):
    """Raised around a find_win that never called ``rules.legal_moves``, or tested moves from
    positions it never passed to it (its own move loop escapes the count of positions tried)."""


@contextlib.contextmanager
def _positions_tried_at_most(
    reachable: int, space: dict[str, Any] | None = None
) -> Iterator[set[str]]:
    """Count the positions a search tries (each state it passes to ``rules.legal_moves``, as
    it stands, once): a search that keeps the positions seen up to the order of the stacks
    tries each at most once, so never more than ``reachable``, the positions that can be
    reached up to that order. One that tries more has tried a position again, with its stacks
    in another order. (The statement's search, by depth or by breadth, tries no more.) A move
    tested with ``rules.problem_with`` from a position never passed to ``rules.legal_moves`` is
    a search listing its moves itself, past the count: it raises
    :class:`MovesNotListedByTheRules`. (``rules.apply_move`` is not watched: a search that
    shares lists between positions changes one after listing its moves, and its report says
    so.) The names of ``space`` (the student's globals) bound to these functions are counted as
    well. Gives the set of positions tried.

    >>> start = copy.deepcopy(FLAGS_DECIDE[1])
    >>> with _positions_tried_at_most(1):
    ...     moves = rules.legal_moves(start)
    ...     turned = {key: value[::-1] for key, value in start.items()}
    ...     moves = rules.legal_moves(turned)
    Traceback (most recent call last):
    ...
    solitaire_lib.stacks_of_nine.exercises.PositionTriedAgain: it tried 2 positions, but only 1...
    """
    legal_moves, tried = rules.legal_moves, set()

    def counted(state: dict[str, Any]) -> list[tuple[int, int, int]]:
        tried.add(repr(state))
        if len(tried) > reachable:
            raise PositionTriedAgain(
                f"it tried {len(tried):,} positions, but only {reachable:,} can be reached "
                "from this one when positions that differ only in the order of the stacks are "
                "one: it tried some position again with its stacks in another order. Sort the "
                "(stack, blocked) pairs in the key"
            )
        inside.append(True)
        try:
            return legal_moves(state)
        finally:
            inside.pop()

    def from_a_listed_position(original: Callable[..., Any]) -> Callable[..., Any]:
        def call(state: Any, move: Any) -> Any:
            caller = sys._getframe(1).f_globals.get("__name__", "")
            of_the_library = str(caller).startswith("solitaire_lib.")
            if not inside and not of_the_library and repr(state) not in tried:
                raise MovesNotListedByTheRules(
                    f"it called rules.{original.__name__} on a position it never passed to "
                    "rules.legal_moves: the statement asks the search to list the moves of "
                    "each position with rules.legal_moves(state) (not with a move loop of its "
                    "own), and the check counts the positions it is given"
                )
            inside.append(True)
            try:
                return original(state, move)
            finally:
                inside.pop()

        return call

    inside: list[bool] = []
    replaced = {
        "legal_moves": counted,
        "problem_with": from_a_listed_position(rules.problem_with),
    }
    originals = {name: getattr(rules, name) for name in replaced}
    space = space if space is not None else {}
    theirs = {
        name: replaced[next(own for own, f in originals.items() if f is value)]
        for name, value in list(space.items())
        if any(value is f for f in originals.values())
    }
    kept = {name: space[name] for name in theirs}
    for name, function in replaced.items():
        setattr(rules, name, function)
    space.update(theirs)
    try:
        yield tried
    finally:
        for name, function in originals.items():
            setattr(rules, name, function)
        space.update(kept)


def _lists_in(state: Any) -> list[Any]:
    """The state's lists, and the lists in them (the stacks), in order."""
    if type(state) is not dict:
        return []
    lists = [value for value in state.values() if type(value) is list]
    return [*lists, *(item for value in lists for item in value if type(item) is list)]


def _flags_ignored(case: Case, expected: Any, got: Any) -> bool:
    return case.label == FLAGS_LABEL and _missed_a_win(case, expected, got)


def _long_win_missed(case: Case, expected: Any, got: Any) -> bool:
    return case.label == LONG_LABEL and _missed_a_win(case, expected, got)


def _number_read_too_widely(case: Case, expected: Any, got: Any) -> bool:
    """A move whose number holds a '+', a '_', a space or a digit other than 0-9 returned, not
    refused (a hint test)."""
    number = case.args[0].strip()[2:]
    odd = any(c in "+_" or c.isspace() or (c.isdigit() and c not in "0123456789") for c in number)
    return odd and type(expected) is Raised and type(got) is tuple


def _negative_stack_read(case: Case, expected: Any, got: Any) -> bool:
    """A text due to raise returned a move with a negative stack number (a hint test).

    >>> _negative_stack_read(Case(("@A",)), Raised("ValueError"), (-1, 0, 1))
    True
    """
    return (type(expected) is Raised and type(got) is tuple and len(got) == 3
            and any(type(n) is int and n < 0 for n in got[:2]))  # fmt: skip


def _whitespace_inside_read(case: Case, expected: Any, got: Any) -> bool:
    """A text with whitespace inside it (between its letters, or before its number) returned a
    move, not refused (a hint test).

    >>> [_whitespace_inside_read(Case((t,)), Raised("ValueError"), (0, 1, 1)) for t in
    ...  ("A B", " AB 2", "AB")]
    [True, True, False]
    """
    text = case.args[0].strip()
    return any(c.isspace() for c in text) and type(expected) is Raised and type(got) is tuple


def _won_start_missed(case: Case, expected: Any, got: Any) -> bool:
    """The position given is won already, and the answer is not a winning line (a hint test)."""
    return rules.is_won(case.args[0]) and got != expected


def _missed_a_win(case: Case, expected: Any, got: Any) -> bool:
    return bool(expected == "a line of moves that wins" and got == "None (no win exists)")


def _line_that_does_not_win(case: Case, expected: Any, got: Any) -> bool:
    return type(got) is str and "allowed moves that do not win" in got


def _line_verdict(case: Case, moves: Any) -> str:
    """What a returned line does from the case's state, in words (see ``Task.verdict``)."""
    if moves is None:
        return "None (no win exists)"
    if type(moves) is not list:
        return f"not a list of moves: {show(moves, 80)}"
    state = copy.deepcopy(case.args[0])
    for number, move in enumerate(moves, start=1):
        problem = rules.problem_with(state, move)
        if problem is not None:
            if len(moves) > 1 and _wins(case.args[0], moves[::-1]):
                problem += f" ({_REVERSED_WINS})"
            return f"move {number} of {len(moves)}, {show(move, 40)}, is not allowed: {problem}"
        rules.apply_move(state, move)
    if not rules.is_won(state):
        return f"{len(moves)} allowed moves that do not win ({sum(state['complete'])} complete)"
    return "a line of moves that wins"


#: Said of a line that breaks a rule but wins when its moves are made in the reverse order.
_REVERSED_WINS = "the same moves in the reverse order win"


def _wins(state: dict[str, Any], moves: list[Any]) -> bool:
    """Does this line, made from ``state`` (left as it is), break no rule and win?"""
    state = copy.deepcopy(state)
    try:
        for move in moves:
            if rules.problem_with(state, move) is not None:
                return False
            rules.apply_move(state, move)
    except Exception:  # the moves are the student's: anything may come back
        return False
    return rules.is_won(state)


def _deal_of(cards: list[int]) -> dict[str, Any]:
    return {"blocked": [False] * 6, "complete": [False] * 6,
            "stacks": [cards[6 * i : 6 * i + 6] for i in range(6)]}  # fmt: skip


def _deal_from_one_to_nine_four_times() -> dict[str, Any]:
    cards = list(rules.VALUES) * 4
    random.shuffle(cards)
    return _deal_of(cards)


def _deal_by_sample() -> dict[str, Any]:
    return _deal_of(random.sample([value for value in rules.VALUES for _ in range(4)], 36))


def _same_cards_dealt_otherwise(case: Case, expected: Any, got: Any) -> bool:
    """Six stacks of six, four cards of each value, no flag set: right but for the order."""
    stacks = got["stacks"]
    cards = sorted(card for stack in stacks for card in stack)
    return (got != expected and [len(stack) for stack in stacks] == [6] * 6
            and stacks != expected["stacks"]
            and cards == sorted(value for value in rules.VALUES for _ in range(4)))  # fmt: skip


def _keys_added(case: Case, expected: Any, got: Any) -> bool:
    """The statement's state, with keys of its own besides."""
    return (type(got) is dict and type(expected) is dict and set(got) > set(expected)
            and all(same(got[key], expected[key]) for key in expected))  # fmt: skip


def _deal_round_robin() -> dict[str, Any]:
    cards = [value for value in rules.VALUES for _ in range(4)]
    random.shuffle(cards)
    return {"blocked": [False] * 6, "complete": [False] * 6,
            "stacks": [cards[i::6] for i in range(6)]}  # fmt: skip


def _nine_anywhere(case: Case, expected: bool, got: bool) -> bool:
    state, (source, _, count) = case.args
    stack = state["stacks"][source] if 0 <= source < 6 else []
    return got and not expected and 0 < count <= len(stack) and stack[-count] == 9


def _breaks(rule: str) -> Callable[[Case, Any, Any], bool]:
    """A hint test: the function allowed a move that breaks the rule whose words (in
    :func:`rules.problem_with`'s answer) contain ``rule``."""

    def test(case: Case, expected: Any, got: Any) -> bool:
        problem = rules.problem_with(*case.args)
        return got is True and expected is False and problem is not None and rule in problem

    return test


def _refused(kind: str) -> Callable[[Case, Any, Any], bool]:
    """A hint test: the function refused an allowed move of ``kind``: 'empty' (into an empty
    stack), 'fits' (onto the card one higher) or 'blocking' (a single card onto another)."""

    def test(case: Case, expected: Any, got: Any) -> bool:
        state, move = case.args
        if not (expected is True and got is False):
            return False
        target = state["stacks"][move[1]]
        if not target:
            return kind == "empty"
        return kind == ("blocking" if rules.is_blocking(state, move) else "fits")

    return test


def _blocking_card_kept_from_an_empty_stack(case: Case, expected: Any, got: Any) -> bool:
    """The blocking card of a blocked stack refused an empty stack (a hint test)."""
    state, (source, destination, _) = case.args
    return (expected is True and got is False and state["blocked"][source]
            and not state["stacks"][destination])  # fmt: skip


def _fit_by_the_wrong_card(case: Case, expected: Any, got: Any) -> bool:
    """A run of several ordered cards judged by its top (lowest-valued) card instead of its
    first: an allowed run refused, or a run allowed onto the card one more than its top card.
    (A run that is not in order is another mistake: its first card may well fit.)"""
    state, (source, destination, count) = case.args
    moving, target = state["stacks"][source][-count:], state["stacks"][destination]
    return (expected != got and count > 1 and len(moving) == count and bool(target)
            and rules.is_ordered(moving)
            and target[-1] in (moving[0] + 1, moving[-1] + 1))  # fmt: skip


def _out_of_order_below_the_top_two(case: Case, expected: Any, got: Any) -> bool:
    """A run of three cards or more allowed although out of order, while its top two cards are in
    order: only the top pair was checked (a hint test)."""
    state, (source, _, count) = case.args
    moving = state["stacks"][source][-count:] if 0 <= source < 6 else []
    return (got is True and expected is False and count >= 3 and len(moving) == count
            and moving[-2] == moving[-1] + 1 and not rules.is_ordered(moving))  # fmt: skip


def _loosely_complete(case: Case, expected: Any, got: Any) -> bool:
    """A stack marked complete that holds 9 cards from a 9 up to a 1 out of order between them
    (a hint test)."""
    after, wrong = expected[1], got[1]
    return after["stacks"] == wrong["stacks"] and any(
        wrong["complete"][i] and not after["complete"][i]
        and len(stack) == 9 and stack[0] == 9 and stack[-1] == 1
        for i, stack in enumerate(after["stacks"])
    )  # fmt: skip


def _given_state_unchanged(case: Case, expected: Any, got: Any) -> bool:
    """apply_move returned None and left the state it was given as it was (it made the move on
    a copy, or not at all) (a hint test)."""
    before, _ = case.args
    return got[0] is None and got[1] == before and got[1] != expected[1]


def _order_read_upwards(case: Case, expected: Any, got: Any) -> bool:
    """A run of several cards judged in order the wrong way round: a run each card one less
    than the card under it refused, or one each card one more allowed (a hint test)."""
    state, (source, _, count) = case.args
    moving = state["stacks"][source][-count:]
    steps = {upper - lower for lower, upper in itertools.pairwise(moving)}
    refused_down = steps == {-1} and expected is True and got is False
    allowed_up = steps == {1} and expected is False and got is True
    return count > 1 and len(moving) == count and (refused_down or allowed_up)


#: One hint for each rule a validate_move may forget, tried in this order.
_VALIDATE_HINTS = [
    Hint(
        "A run fits onto the card one more than its first card, the one lowest in the stack "
        "(the highest value): 5 4 3 goes onto a 6, not onto a 4.",
        _fit_by_the_wrong_card,
    ),
    Hint(
        "A stack cannot move onto itself: a move whose source is its destination is False.",
        _breaks("onto itself"),
    ),
    Hint(
        "The count must be from 1 to the number of cards in the source stack: check it before "
        "you slice (stack[-count:] gives the whole stack when count is 0 or larger than the "
        "stack).",
        _breaks("cards, not"),
    ),
    Hint(
        "Stack numbers outside 0 to 5 give False (a negative number would index from the end).",
        _breaks("numbered 0 to 5"),
    ),
    Hint("A complete stack never gives nor takes cards.", _breaks("complete stack")),
    Hint("Nothing may be put on a blocked stack.", _breaks("is blocked")),
    Hint(
        "Every moving card must be one less than the card under it, not only the top two: "
        "check each pair of neighbours in the run (in 8 7 5 4 the 7 and the 5 are not in "
        "order).",
        _out_of_order_below_the_top_two,
    ),
    Hint(
        "The moving cards must be in order, each one less than the card under it.",
        _breaks("not in order"),
    ),
    Hint(
        "A 9, or a run headed by a 9, goes only into an empty stack (and never blocks).",
        _breaks("headed by a 9"),
    ),
    Hint(
        "Only a single card may block a stack: a run of several cards must fit.",
        _breaks("only one card may block"),
    ),
    Hint(
        "The blocking card of a blocked stack may leave only to a place where it fits (or an "
        "empty stack): it may not block another stack.",
        _breaks("must leave"),
    ),
    Hint(
        "The blocking card of a blocked stack may leave only to a place where it fits (or an "
        "empty stack): an empty stack takes it, even where it fits on no card.",
        _blocking_card_kept_from_an_empty_stack,
    ),
    Hint("Any ordered cards may go into an empty stack.", _refused("empty")),
    Hint(
        "A single card that is not a 9 may go onto any card of a stack that is not blocked or "
        "complete: a blocking move is allowed.",
        _refused("blocking"),
    ),
    Hint(
        "Cards go onto the card one more than their first card: that move is allowed.",
        _refused("fits"),
    ),
]


def _first_difference(expected: list[Any], got: list[Any]) -> int:
    pairs = zip(expected, got, strict=False)
    return next((i for i, (a, b) in enumerate(pairs) if a != b), min(len(expected), len(got)))


def _wrong_after_an_undo(case: Case, expected: list[Any], got: list[Any]) -> bool:
    """The first state shown wrong is the one shown after a U (one state is shown per line)."""
    typed = (case.stdin or "").split("\n")
    first = _first_difference(expected, got)
    shown_wrong = first < min(len(expected), len(got))  # a state differs (not only extra ones)
    return shown_wrong and 0 < first <= len(typed) and typed[first - 1].strip().lower() == "u"


def _first_wrong_after(case: Case, expected: list[Any], got: list[Any]) -> tuple[int, list[str]]:
    """The index of the first state shown wrong (0 when none differs but the count), and the lines
    typed: the state shown at index i follows the i-th line typed."""
    typed = [line.strip().lower() for line in (case.stdin or "").split("\n")]
    first = _first_difference(expected, got)
    return (first if first < min(len(expected), len(got)) else 0), typed


def _undo_into_the_game_before_a_reset(case: Case, expected: list[Any], got: list[Any]) -> bool:
    """After an R, a U with no move made since goes back into the old game (the reference shows
    the same state again: nothing to undo)."""
    first, typed = _first_wrong_after(case, expected, got)
    return (0 < first <= len(typed) and typed[first - 1] == "u" and "r" in typed[: first - 1]
            and expected[first] == expected[first - 1])  # fmt: skip


def _wrong_after_a_reset(case: Case, expected: list[Any], got: list[Any]) -> bool:
    first, typed = _first_wrong_after(case, expected, got)
    return 0 < first <= len(typed) and typed[first - 1] == "r"


def _fewer_states_shown(case: Case, expected: list[Any], got: list[Any]) -> bool:
    return type(got) is list and len(got) < len(expected)


def _moved_another_count(case: Case, expected: Any, got: Any) -> bool:
    """The destination got more or fewer cards than the move's count."""
    _, (_, destination, _) = case.args
    want, have = expected[1]["stacks"][destination], got[1]["stacks"][destination]
    return len(have) != len(want)


def _states_shown_when(seed: int, typed: str, mistake: str) -> list[dict[str, Any]]:
    """The states ``play_game`` shows on these typed lines with one known mistake (for the
    hints): ``"refused remembered"`` saves the state before it knows whether the move is
    allowed, so a refused move is saved too; ``"keeps 1"``, ``"keeps 2"``, ... keep only that
    many of the latest saved states, so U goes back no further; ``"never back to the deal"``
    undoes only while more than one state is saved, so U never restores the deal itself."""
    rng = random.Random(seed)  # the deal initial_state makes after random.seed(seed)
    board, shown = rules.new_state(rng), []
    saved: list[dict[str, Any]] = []
    for line in [*typed.splitlines(), None]:
        shown.append(rules.copy_state(board))
        if line is None:
            return shown  # the typed lines ran out
        try:
            move = course.parse_move(line)
        except ValueError:
            continue
        if move == 0:
            board, saved = rules.new_state(rng), []
        elif move == -1:
            kept = 1 if mistake == "never back to the deal" else 0
            board = saved.pop() if len(saved) > kept else board
        elif isinstance(move, tuple):
            if mistake == "refused remembered":
                saved.append(rules.copy_state(board))
            if rules.problem_with(board, move) is None:
                if mistake != "refused remembered":
                    saved.append(rules.copy_state(board))
                if mistake.startswith("keeps "):
                    saved = saved[-int(mistake.removeprefix("keeps ")) :]
                rules.apply_move(board, move)
                if rules.is_won(board):
                    return [*shown, rules.copy_state(board)]
    return shown


def _refused_move_saved(case: Case, expected: list[Any], got: list[Any]) -> bool:
    wrong = _states_shown_when(case.args[0], case.stdin or "", "refused remembered")
    return got != expected and got == wrong


def _too_few_states_kept(case: Case, expected: list[Any], got: list[Any]) -> bool:
    """U goes back only one move (or two, or three): only the latest states are kept."""
    typed = case.stdin or ""
    return got != expected and any(
        got == _states_shown_when(case.args[0], typed, f"keeps {kept}") for kept in (1, 2, 3)
    )


def _undo_never_back_to_the_deal(case: Case, expected: list[Any], got: list[Any]) -> bool:
    """U refuses to take back the first move (it pops only while two states or more are saved):
    the deal itself is never restored."""
    typed = case.stdin or ""
    return got != expected and got == _states_shown_when(
        case.args[0], typed, "never back to the deal"
    )


def _won_state_not_shown(case: Case, expected: list[Any], got: list[Any]) -> bool:
    """Everything right, but the winning position is not shown once more at the end."""
    return bool(expected) and rules.is_won(expected[-1]) and got == expected[:-1]


def _returns_a_new_state(case: Case, expected: Any, got: Any) -> bool:
    """apply_move returned the position after the move and left the one it was given."""
    return expected[0] is None and got[0] == expected[1] and got[1] != expected[1]


def _refused_after_it_was_allowed(case: Case, expected: Any, got: Any) -> bool:
    """The library's rules refused a move: in a search that made it from legal_moves, the
    position changed between listing its moves and making one."""
    return type(got) is str and got.startswith("ValueError: move (") and "is not allowed" in got


def _another_deal_shown_first(case: Case, expected: list[Any], got: list[Any]) -> bool:
    """The first state shown holds other stacks than the deal initial_state() gives after the
    case's seed (a hint test)."""
    return (
        type(got) is list
        and bool(got)
        and bool(expected)
        and type(got[0]) is dict
        and got[0].get("stacks") != expected[0]["stacks"]
    )


def _goes_on_after_a_win(case: Case, expected: list[Any], got: list[Any]) -> bool:
    return (
        len(got) > len(expected)
        and got[: len(expected)] == expected
        and bool(expected)
        and rules.is_won(expected[-1])
    )


#: What apply_move must do with the state it is given (two hints say it).
_IN_PLACE = ("apply_move changes the state it is given, in place, and returns None: the caller's "
             "own state must hold the move afterwards (no copy).")  # fmt: skip

#: The student's functions of tasks 1 to 5 that their play_game calls, each compared with the
#: statement's on every call, as its own task compares it (a wrong one is named: "fix parse_move
#: first"), not blamed on play_game (held-out 12b: pg_w_helper_parse_none, a parse_move that
#: returns None for a typo; pg_w_helper_apply_reverse, an apply_move that reverses the cards).
_PLAY_GAME_HELPERS = (
    HelperReference("initial_state", course.initial_state, "deal the game"),
    HelperReference("parse_move", course.parse_move, "read the line", raises=(ValueError,)),
    HelperReference("validate_move", course.validate_move, "answer"),
    HelperReference("apply_move", course.apply_move, "make the move", mutates=True),
    HelperReference("game_won", course.game_won, "answer"),
)

TASKS = [
    Task("initial_state", course.initial_state, [Case((), random_seed=s) for s in range(12)],
         drawn=_drawn_random_seeds, adapter=_dealt_from_the_seed,
         hints=[Hint("Deal the shuffled list in order: its first six cards to stack A, the next "
                     "six to B, and so on.",
                     lambda case, expected, got:
                     got == _seeded(_deal_round_robin)(case.random_seed)),
                Hint("Start from the 36 cards in increasing order, four 1s, then four 2s, ..., "
                     "then four 9s: shuffling [1, 2, ..., 9] * 4 with the same seed gives "
                     "another deal.",
                     lambda case, expected, got:
                     got == _seeded(_deal_from_one_to_nine_four_times)(case.random_seed)),
                Hint("Shuffle the list in place with random.shuffle(cards): random.sample draws "
                     "other numbers from the generator, so it deals another game.",
                     lambda case, expected, got: got == _seeded(_deal_by_sample)(case.random_seed)),
                Hint("The right cards, dealt in another order: make the list in increasing order "
                     "(four 1s, ..., four 9s), shuffle it once with random.shuffle, and deal it "
                     "bottom up, six cards to each stack in turn from A.",
                     _same_cards_dealt_otherwise),
                Hint("The deal is right: return a dict with exactly the three keys 'stacks', "
                     "'blocked' and 'complete', and nothing more.",
                     _keys_added)]),
    Task("parse_move", course.parse_move, _parse_cases, raises=(ValueError,), drawn=_drawn_typing,
         hints=[Hint("R and U (either case) return the integers 0 and -1.",
                     lambda case, expected, got: expected in (0, -1) and got != expected),
                Hint("Only R, r, U or u alone (spaces around allowed) reset or undo: any other "
                     "word raises ValueError.",
                     lambda case, expected, got: type(expected) is Raised and got in (0, -1)),
                Hint("Spaces around the text are ignored, and so are a newline or a tab, as a "
                     "line read from a file has: strip() with no argument removes them all.",
                     lambda case, expected, got: type(got) is Raised
                     and type(expected) is not Raised and case.args[0] != case.args[0].strip()),
                Hint("The same letter twice, such as AA, reads as a move (0, 0, 1): "
                     "validate_move refuses it, parse_move does not.",
                     lambda case, expected, got: type(expected) is tuple
                     and expected[0] == expected[1] and type(got) is Raised),
                Hint("The number of cards may have several digits, up to the 4,300 that int() "
                     "reads (AB12 and AB1000, and AB129 too: validate_move refuses a move of "
                     "more cards than there are, parse_move reads it) and leading zeros (AB03 is 3 "
                     "cards, EF007 is 7).",
                     lambda case, expected, got: type(got) is Raised and type(expected) is tuple
                     and len(case.args[0].strip()) > 3),
                Hint("Whitespace inside the text is not ignored: the two letters come together, "
                     "and the number right after them ('A B', 'A\\nB' and 'AB 2' raise "
                     "ValueError); strip() removes only the whitespace around the text.",
                     _whitespace_inside_read),
                Hint("The number is made of the digits 0 to 9 only, right after the letters: "
                     "int() also takes a '+' sign, spaces before it, a '_' between digits and "
                     "other scripts' digits ('٣'), and str.isdigit() takes '²' too. This text "
                     "raises ValueError.", _number_read_too_widely),
                Hint("Each letter must be one of A to F: a character just below A in the code "
                     "table ('@', a digit) read as ord(c) - 65 gives a negative stack number. "
                     "Test both ends (0 <= n < 6), or test the letter itself (c in 'ABCDEF').",
                     _negative_stack_read),
                Hint("Raise ValueError for anything that is not two letters A-F and an optional "
                     "positive number.", lambda case, expected, got: type(expected) is Raised)]),
    Task("validate_move", course.validate_move, lambda: _move_cases(False),
         drawn=lambda rng: _drawn_moves(rng, 8, allowed_only=False),
         hints=[Hint("A 9, or a run headed by a 9, goes only into an empty stack (and never "
                     "blocks).", _nine_anywhere), *_VALIDATE_HINTS,
                Hint("In order means each moving card is one less than the card under it, read "
                     "from the bottom of the stack up: 5 4 3 is in order, 3 4 5 is not.",
                     _order_read_upwards)]),
    Task("apply_move", course.apply_move, lambda: _move_cases(True), adapter=_state_after,
         mutates=True, drawn=lambda rng: _drawn_moves(rng, 8, allowed_only=True),
         hints=[Hint(_IN_PLACE, _returns_a_new_state),
                Hint("The state you were given did not change, though the move is allowed. "
                     + _IN_PLACE + " If apply_move asks your validate_move first, that refused "
                     "this allowed move: check validate_move.",
                     _given_state_unchanged),
                Hint("Move exactly count cards: the top count cards of a stack are "
                     "stack[-count:], and they all go to the destination, in their order.",
                     _moved_another_count),
                Hint("Update 'blocked': a blocking move blocks its destination, and the source is "
                     "free once its card has left.",
                     lambda case, expected, got: got[1]["stacks"] == expected[1]["stacks"]
                     and got[1]["blocked"] != expected[1]["blocked"]),
                Hint("Update 'complete' for both stacks: the source too may be left holding "
                     "exactly 9 down to 1 once its top card has gone, and is then complete.",
                     lambda case, expected, got: got[1]["stacks"] == expected[1]["stacks"]
                     and got[1]["complete"][case.args[1][0]]
                     != expected[1]["complete"][case.args[1][0]]),
                Hint("Update 'complete': a stack is complete only when it holds exactly 9 down "
                     "to 1 in order, each card one less than the card under it; 9 cards with a 9 "
                     "at the bottom and a 1 on top may be out of order between.",
                     _loosely_complete),
                Hint("Update 'complete': a stack holding exactly 9 down to 1 is complete.",
                     lambda case, expected, got: got[1]["stacks"] == expected[1]["stacks"]
                     and got[1]["complete"] != expected[1]["complete"])]),
    # The statement says it prints nothing (held-out set 14b: one that printed 'You won!' passed).
    Task("game_won", course.game_won,
         lambda: [Case((s,)) for s in [*_states(30), ORDERED, WON, EMPTY_NOT_WON]],
         drawn=_drawn_ends, silent=True,
         hints=[Hint("The game is won when four stacks are complete (sum(state['complete']) == "
                     "4): the other two are empty, and no stack is left to complete.",
                     lambda case, expected, got: type(got) is bool and got != expected)]),
    Task("play_game", play_game, _play_cases, adapter=_shown_states, drawn=_drawn_games,
         call_shown=_game_shown, explain=_state_part_that_differs, items="states shown",
         due="the states shown",
         helper_references=_PLAY_GAME_HELPERS,
         hints=[Hint("Once the game is won, play_game ends: it asks for nothing more.",
                     _goes_on_after_a_win),
                Hint("When a move wins, show the won state once more before play_game ends: "
                     "the player sees the four complete stacks.", _won_state_not_shown),
                Hint("Save a copy of the state only for a move that is allowed and made: a "
                     "refused move changes nothing, so U takes back the last move made, not "
                     "the refused one.", _refused_move_saved),
                Hint("R deals a new game and forgets every earlier move: empty the list of "
                     "saved states too, so that U after R has nothing to take back.",
                     _undo_into_the_game_before_a_reset),
                Hint("R deals a new game: call initial_state() again (a new shuffle), rather "
                     "than going back to the first deal or keeping the board.",
                     _wrong_after_a_reset),
                Hint("Show the state before every line read, after a line that does not parse "
                     "or a refused move too: one state is shown for each line typed.",
                     _fewer_states_shown),
                Hint("U goes back as far as the start of the game, one move each time: keep "
                     "every earlier state, not only the last one. Append a copy of the state to a "
                     "list before each move made and pop one on each U, so that U, U, U takes "
                     "back three moves.", _too_few_states_kept),
                Hint("The first state saved, before the first move, is the deal itself: U after "
                     "one move returns to it. Take back a move whenever a saved state is left "
                     "(if history:), not only while two or more are.",
                     _undo_never_back_to_the_deal),
                Hint("U takes back the last move: keep a copy (copy.deepcopy) of the state before "
                     "each move, and never go back past the start.", _wrong_after_an_undo),
                Hint("The first state shown is the deal: call your initial_state() to deal it "
                     "(the check seeds the random module first, so that it deals the same game), "
                     "not a deal of your own.", _another_deal_shown_first)]),
    Task("find_win", find_win, _find_win_cases, verdict=_line_verdict, total_time_limit=60.0,
         drawn=_drawn_endgames, adapter=_leaves_the_lists, labels_for_answers=True,
         slow_hint="The search did not finish in time. A search that does not remember the "
                   "positions it has tried goes round in circles (a move, then the move back): "
                   "keep a set of the positions seen, each as a tuple of its stacks and its "
                   "blocked flags, and skip a position met again.",
         hints=[Hint("A win exists from here, through a position whose stacks your search had "
                     "already seen, but with other blocked flags: a stack whose top card does not "
                     "fit is free if the card was dealt there, and blocked if it was put there. "
                     "Put the blocked flags in the key.", _flags_ignored),
                Hint("A win exists from here, but only by a long line of moves: a search that "
                     "stops at some depth, or leaves positions off its list (keeps only the best "
                     "looking ones), misses it. Add every new position one move away to the "
                     "list, and stop only when the list is empty.", _long_win_missed),
                Hint("The rules refused a move that legal_moves had allowed: the position "
                     "changed between listing its moves and making one. Give each move a copy "
                     "of its own made with copy.deepcopy: dict(state), state.copy() and "
                     "copy.copy share the stacks' lists between positions.",
                     _refused_after_it_was_allowed, errors=True),
                Hint("This position is won already (four complete stacks): test the position "
                     "given too, before any move, and return the empty line [] for it.",
                     _won_start_missed),
                Hint("A win exists from here. Does the search try every allowed move from every "
                     "position it reaches, each on its own copy of the state?", _missed_a_win),
                Hint("The line is listed from the position given onward: its first move is "
                     "made from that position. Yours wins in the reverse order: append each move "
                     "as it is made, or reverse a line built by walking back from the win.",
                     lambda case, expected, got: type(got) is str and _REVERSED_WINS in got),
                Hint("Return the line only once the position is won (four complete stacks); "
                     "when every position has been tried without a win, return None.",
                     _line_that_does_not_win)]),
]  # fmt: skip

check = Checker(TASKS)


if __name__ == "__main__":
    FIND_WIN_POSITIONS.write_text(json.dumps(endgame_positions(), indent=None) + "\n", "utf-8")
    print(f"wrote {FIND_WIN_POSITIONS}", file=sys.stderr)
