"""A solver for stacks of nine: a winning line for a deal, or a proof that none exists.

**Positions.** Two positions that differ only in the order of the stacks are the same position
(stack A is no different from stack D). So the search writes each stack that is not complete as
a short string of its cards, bottom up, with ``*`` after a blocked one (``"9852*"``), and a
position is the number of complete stacks with these strings in sorted order. Equal positions are
then equal values, and a dictionary finds them.

**Moves.** Every move allowed by the rules, once per different result: moving a whole stack into
an empty one is left out (the same position), and of two equal stacks only one is a source or a
target. A move is ``(i, j, count)`` on the sorted strings; :func:`solve` translates its line back
to the real stacks.

**The bound.** Split each stack that is not complete into ordered runs (each card one less than
the one under it). Every run must move at least once, except a run that starts with a 9 at the
bottom of its stack. One move merges at most one run into another, so this count never
overestimates the moves left, and drops by at most one per move: A* with it finds the fewest
moves (``optimal=True``); weighting it finds a line much faster.

**Work.** What a search costs is the positions it *expands* (looks at every move from). Each
string's facts (its top card, its runs, the string left after its top cards move) are worked out
once and kept, and a position reached is only built when it is taken off the queue.

>>> from solitaire_lib.stacks_of_nine.rules import new_state
>>> import random
>>> result = solve(new_state(random.Random(3)))
>>> result.verdict, len(result.moves) > 0
('solved', True)
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from solitaire_lib import accel
from solitaire_lib.searching import NO_CYCLE_COLLECTION
from solitaire_lib.stacks_of_nine import rules

Position = tuple[int, tuple[str, ...]]  # complete stacks, the other stacks' strings sorted
Move = tuple[int, int, int]  # (source, destination, count)
CodedMove = tuple[str, str, int]  # (the source's string, the destination's string, count)

#: The portfolio of searches (see :func:`solve`): the weight of the bound, from hurried to
#: careful (each one's excess over plain A*'s weight 1 is half the one before), and whether
#: the search takes the newest of equal entries first (every other one does, for variety).
WEIGHTS = ((3.0, False), (2.0, True), (1.5, False), (1.25, True))
#: Nodes each search of the portfolio expands in its first turn (each turn doubles it).
FIRST_ROUND = 250
#: Nodes the portfolio may expand in all before it gives up: in plain Python, and compiled
#: (:mod:`.fast`, the same nodes many times as fast; a round million settles every development
#: deal that 3,000,000 do, and gives up within 2 s on two cores); one search in the optimal mode.
FAST_BUDGET = 60_000
COMPILED_BUDGET = 1_000_000
OPTIMAL_BUDGET = 1_000_000
#: A turn this long or longer runs two of the portfolio's compiled searches at once, one on each
#: of two cores (shorter turns are over before a thread would start).
TOGETHER_FROM = 4_000
BLOCKED = "*"
COMPLETE = "".join(map(str, rules.COMPLETE))  # "987654321"


@dataclass
class Solution:
    """``verdict`` is ``'solved'`` (``moves`` win), ``'unsolvable'`` (no win exists) or
    ``'gave up'`` (the node budget ran out first)."""

    verdict: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def stack_code(cards: list[int], blocked: bool) -> str:
    """One stack as the search writes it.

    >>> stack_code([9, 8, 5, 2], True), stack_code([], False)
    ('9852*', '')
    """
    return "".join(map(str, cards)) + (BLOCKED if blocked else "")


def check_state(state: Any) -> None:
    """A course state (``initial_state()``: stacks, blocked, complete), else a clear error.

    >>> check_state([])
    Traceback (most recent call last):
    TypeError: a state is a dict such as initial_state() gives, not list
    """
    if not isinstance(state, dict):
        raise TypeError(
            f"a state is a dict such as initial_state() gives, not {type(state).__name__}"
        )
    for key in ("stacks", "blocked", "complete"):
        if key not in state:
            raise ValueError(
                f"a state has 'stacks', 'blocked' and 'complete' (see "
                f"initial_state()); this one lacks {key!r}"
            )
    sizes = {len(state[key]) for key in ("stacks", "blocked", "complete")}
    if len(sizes) != 1:
        raise ValueError("a state's 'stacks', 'blocked' and 'complete' have one entry per stack")
    for stack in state["stacks"]:
        if not isinstance(stack, list) or any(type(c) is not int or not 1 <= c <= 9 for c in stack):
            raise ValueError(f"a stack is a list of cards 1 to 9, not {stack!r}")


def position_of(state: dict[str, Any]) -> Position:
    """The position of a course state, up to the order of its stacks.

    >>> state = {"stacks": [[3], [], [9, 8]], "blocked": [False] * 3, "complete": [False] * 3}
    >>> position_of(state)
    (0, ('', '3', '98'))
    """
    codes = [stack_code(cards, blocked)
             for cards, blocked, complete in zip(state["stacks"], state["blocked"],
                                                 state["complete"], strict=True)
             if not complete]  # fmt: skip
    return sum(state["complete"]), tuple(sorted(codes))


class Stack(NamedTuple):
    """What the search needs to know about one stack string (see :func:`stack`)."""

    cards: str  # bottom up, without the blocked mark
    blocked: bool
    top: int  # the top card, 0 for an empty stack
    movable: int  # how many top cards may move together (1 from a blocked stack)
    must_move: int  # its runs that must still move
    rests: tuple[str, ...]  # rests[k - 1]: the stack's string once its top k cards have left
    leaving: tuple[int, ...]  # leaving[k - 1]: the change in must_move when they leave
    # Each count of top cards that may move: (count, the top card a stack needs to take them,
    # the bound's change when they go there, the change when they go into an empty stack: None
    # if they are the whole stack, which would give the same position)
    moving: tuple[tuple[int, int, int, int | None], ...]
    blocking: int | None  # the bound's change when the top card blocks a stack (None: it can't)


_STACKS: dict[str, Stack] = {}


def stack(code: str) -> Stack:
    """The facts about one stack string, worked out once.

    >>> stack("98752*")  # doctest: +NORMALIZE_WHITESPACE
    Stack(cards='98752', blocked=True, top=2, movable=1, must_move=2, rests=('9875',),
          leaving=(-1,), moving=((1, 3, -1, 0),), blocking=None)
    >>> stack("765").movable, stack("765").rests, stack("765").leaving
    (3, ('76', '7', ''), (0, 0, -1))
    >>> stack("765").moving, stack("765").blocking
    (((1, 6, 0, 1), (2, 7, 0, 1), (3, 8, -1, None)), 1)
    """
    known = _STACKS.get(code)
    if known is None:
        known = _STACKS[code] = _work_out(code)
    return known


def forget_stacks() -> None:
    """Empty the memory of stack strings (for timing the solver as a fresh process would)."""
    _STACKS.clear()


def _work_out(code: str) -> Stack:
    blocked = code.endswith(BLOCKED)
    cards = code.removesuffix(BLOCKED)
    if not cards:
        return Stack(cards, False, 0, 0, 0, (), (), (), None)
    values = list(map(int, cards))
    top = values[-1]
    movable = 1 if blocked else top_run(values)
    must_move = runs_to_move(values)
    rests = tuple(cards[:-count] for count in range(1, movable + 1))
    # Part of the top run leaving changes nothing; all of it takes its run away (and a stack
    # left empty has nothing to move). A blocked stack's top card is a run of its own.
    all_of_it = -1 if len(values) > movable else -must_move
    leaving = (0,) * (movable - 1) + (all_of_it,)
    moving = []
    for count, change in enumerate(leaving, start=1):
        lowest = top + count - 1  # the card at the bottom of the cards moved: it fits on lowest + 1
        # Into an empty stack they start a run of their own, unless headed by a 9 (and all of
        # the stack moving there gives the same position).
        into_empty = None if count == len(values) else change + (lowest != 9)
        moving.append((count, lowest + 1, change, into_empty))
    # A card blocks a stack it does not fit, with a run of its own; a 9 never needs to move.
    blocking = None if blocked or top == 9 else leaving[0] + 1
    return Stack(cards, blocked, top, movable, must_move, rests, leaving, tuple(moving), blocking)


def top_run(cards: list[int]) -> int:
    """How many cards at the top of the stack are ordered.

    >>> top_run([7, 5, 4, 3]), top_run([])
    (3, 0)
    """
    count = min(len(cards), 1)
    while count < len(cards) and cards[-count - 1] == cards[-count] + 1:
        count += 1
    return count


def runs_to_move(cards: list[int]) -> int:
    """The ordered runs of one stack that must still move (a run on a 9 at the bottom stays).

    >>> runs_to_move([9, 8, 2]), runs_to_move([5, 4]), runs_to_move([])
    (1, 1, 0)
    """
    if not cards:
        return 0
    runs = 1 + sum(1 for lower, upper in itertools.pairwise(cards) if upper != lower - 1)
    return runs - (cards[0] == 9)


def lower_bound(position: Position) -> int:
    """Runs that must still move (see the module's docstring).

    >>> lower_bound((0, ("", "", "", "", "54", "982")))
    2
    """
    return sum(stack(code).must_move for code in position[1])


def moves_from(position: Position) -> list[Move]:
    """The moves the rules allow (see :func:`rules.problem_with`), once per different result."""
    codes = position[1]
    moves = []
    for move, _ in _moves_and_bound_changes(codes):
        if move[1] == BLOCKING:
            moves += [(move[0], j, 1) for j in _blocking_targets(codes, move[0])]
        else:
            moves.append(move)
    return moves


#: In place of a destination: every blocking move of the source's top card (see below).
BLOCKING = -1


def _moves_and_bound_changes(codes: tuple[str, ...]) -> list[tuple[Move, int]]:
    """Each move with what it does to the bound; ``(i, BLOCKING, 1)`` stands for all the
    blocking moves from stack ``i`` (they change the bound alike: see :func:`_blocking_targets`).

    Moving the top ``count`` cards of stack ``i`` changes its runs as ``Stack.leaving`` says; onto
    the card one higher they join its run (no change), into an empty stack they start one (unless
    headed by a 9), and a blocking card adds one: ``Stack.moving`` and ``Stack.blocking`` hold
    the sums. (A stack's cards never fit on its own top card, nor on an equal stack's.)
    """
    stacks = [_STACKS.get(code) or stack(code) for code in codes]
    empty, fits_on = _targets(codes, stacks)
    moves = []
    for i, source in enumerate(stacks):
        if not source.cards or (i and codes[i] == codes[i - 1]):
            continue
        for count, fits_top, change, change_into_empty in source.moving:
            if empty is not None and change_into_empty is not None:
                moves.append(((i, empty, count), change_into_empty))
            for j in fits_on.get(fits_top, ()):
                moves.append(((i, j, count), change))
        if source.blocking is not None:
            moves.append(((i, BLOCKING, 1), source.blocking))
    return moves


def _targets(
    codes: tuple[str, ...], stacks: list[Stack]
) -> tuple[int | None, dict[int, list[int]]]:
    """Where cards may go: an empty stack (if any), and the other stacks that are not blocked, by
    their top card (each string once)."""
    empty: int | None = None
    fits_on: dict[int, list[int]] = {}
    for j, target in enumerate(stacks):
        if target.blocked or (j and codes[j] == codes[j - 1]):
            continue
        if not target.cards:
            empty = j
        else:
            fits_on.setdefault(target.top, []).append(j)
    return empty, fits_on


def _blocking_targets(codes: tuple[str, ...], i: int) -> list[int]:
    """The stacks that the top card of stack ``i`` may block: neither empty nor blocked, and with
    a top card it does not fit (each string once; an equal twin of stack ``i`` is ``i + 1``)."""
    source = stack(codes[i])
    targets = []
    for j, code in enumerate(codes):
        target = stack(code)
        if (j and code == codes[j - 1] and j - 1 != i) or target.blocked or not target.cards:
            continue
        if target.top != source.top + 1 and j != i:
            targets.append(j)
    return targets


def after(position: Position, move: Move) -> Position:
    """The position after an allowed move."""
    done, codes = position
    i, j, _ = move
    new_codes = list(codes)
    new_codes[i], new_codes[j] = _moved(codes, move)
    if new_codes[j] == COMPLETE:
        del new_codes[j]
        done += 1
    new_codes.sort()
    return done, tuple(new_codes)


def _moved(codes: tuple[str, ...] | list[str], move: Move) -> tuple[str, str]:
    """The strings of the source and the destination after ``move``."""
    i, j, count = move
    source, target = stack(codes[i]), stack(codes[j])
    fits = not target.cards or source.top + count == target.top  # the lowest card moved + 1
    return source.rests[count - 1], target.cards + source.cards[-count:] + ("" if fits else BLOCKED)


def solve(
    state: dict[str, Any],
    optimal: bool = False,
    budget: int | None = None,
    weight: float | None = None,
) -> Solution:
    """Search for a winning line from a course state (which is not changed).

    By default a portfolio of weighted A* searches, from hurried to careful (:data:`WEIGHTS`),
    takes turns: each may expand :data:`FIRST_ROUND` nodes, then twice as many more, and so on,
    each one resuming where it stopped, until one finds a win or proves there is none, or together
    they have expanded ``budget`` nodes (:data:`COMPILED_BUDGET` when the search is compiled,
    else :data:`FAST_BUDGET`). A deal that wanders one search off into a huge part of the
    positions is usually easy for another, and no weight has to suit a deal. ``optimal=True``
    finds the fewest moves (plain A*). ``weight`` makes one search with that weight instead.

    Compiled or not, each search expands the same nodes (see :mod:`.fast`), so with the same
    budget the verdict and the line are the same.
    """
    check_state(state)
    start_time = time.perf_counter()
    start = position_of(state)
    make = search_class()
    with NO_CYCLE_COLLECTION:  # see solitaire_lib.searching
        if optimal or weight is not None:
            search = make(start, weight or 1.0)
            search.run(budget or OPTIMAL_BUDGET)
            searches: list[Searcher] = [search]
        else:
            default = COMPILED_BUDGET if make is not Search else FAST_BUDGET
            searches = _portfolio([make(start, w, newest) for w, newest in WEIGHTS],
                                  budget or default)  # fmt: skip
    nodes = sum(search.nodes for search in searches)
    for search in searches:
        search.let_go()
    verdict, line = "gave up", []
    for search in searches:
        if search.verdict is not None:
            verdict, line = search.verdict, search.line
            break
    return Solution(verdict, _real_moves(state, line), nodes, time.perf_counter() - start_time)


class Searcher(Protocol):
    """What :func:`solve` asks of a search: :class:`Search`, or :class:`.fast.FastSearch`."""

    verdict: str | None
    line: list[CodedMove]

    @property
    def nodes(self) -> int: ...

    def run(self, until: int) -> str | None: ...

    def let_go(self) -> None: ...


def search_class() -> Callable[..., Searcher]:
    """The search :func:`solve` makes: :class:`.fast.FastSearch` when numba compiles it, else
    :class:`Search` (the same nodes, in plain Python)."""
    if accel.compiled_now():
        from solitaire_lib.stacks_of_nine.fast import FastSearch

        return FastSearch
    return Search


def _portfolio(searches: list[Searcher], budget: int) -> list[Searcher]:
    """Run ``searches`` in turns of growing length (see :func:`solve`), until one settles the
    position or ``budget`` nodes are spent; every search, as it stopped.

    A turn is, for each search in order, ``run(min(allowed, its nodes + nodes left))``. Two
    neighbours' turns may run at once (see :func:`_run_turns`): if the first does not settle, it
    spends exactly its allowance, so the second's is known before it starts, and if the first
    does settle, the second's turn is not looked at. So the verdict and the line are those of
    the searches run one after the other.
    """
    allowed = FIRST_ROUND
    while True:
        for pair in (searches[k : k + 2] for k in range(0, len(searches), 2)):
            left = budget - sum(each.nodes for each in searches)
            turns = []
            for search in pair:
                if left <= 0:
                    break
                until = min(allowed, search.nodes + left)
                turns.append((search, until))
                left -= until - search.nodes
            _run_turns(turns, together=allowed >= TOGETHER_FROM)
            if any(search.verdict is not None for search, _ in turns) or len(turns) < len(pair):
                return searches
        allowed *= 2


def _run_turns(turns: list[tuple[Searcher, int]], together: bool) -> None:
    """``search.run(until)`` for each turn; the second in a thread of its own when ``together``
    and the search is compiled (it lets go of Python's lock), else one after the other."""
    if together and len(turns) == 2 and not isinstance(turns[1][0], Search):
        second, until = turns[1]
        helper = threading.Thread(target=second.run, args=(until,), name="stacks of nine search")
        helper.start()
        first, first_until = turns[0]
        first.run(first_until)
        helper.join()
        return
    for search, until in turns:
        if search.run(until) is not None:
            return


class Search:
    """A* weighted by ``weight`` from ``start``, which can stop and later go on.

    The queue holds ``(moves made + weight * bound, bound, order, moves made, position, move)``:
    the least estimate first, then the least bound, then the first queued (on the development
    deals, taking the newest first needed twice the nodes on the hardest tenth). A position
    reached is built from its parent and move only when it is taken off the queue, and a stack's
    blocking moves wait as one entry, listed only if it comes off the queue (most never do).

    >>> from solitaire_lib.stacks_of_nine.rules import new_state
    >>> import random
    >>> search = Search(position_of(new_state(random.Random(3))), weight=2.0)
    >>> search.run(10), search.nodes, search.verdict
    (None, 10, None)
    >>> search.run(10_000), len(search.line) > 0
    ('solved', True)
    """

    def __init__(self, start: Position, weight: float, newest_first: bool = False) -> None:
        self.weight = weight
        self.newest_first = newest_first
        bound = lower_bound(start)
        self.queue: list[tuple[float, int, float, int, Position, Move | None]] = [
            (weight * bound, bound, 0, 0, start, None)]  # fmt: skip
        self.parent: dict[Position, tuple[Position, Move] | None] = {}
        self.order = itertools.count()
        #: Nodes expanded so far.
        self.nodes = 0
        #: ``'solved'`` or ``'unsolvable'`` once settled, else ``None``.
        self.verdict: str | None = None
        #: The winning line once solved (moves named by their stacks' strings).
        self.line: list[CodedMove] = []

    def let_go(self) -> None:
        """Free the queue a slice at a time, letting other threads run in between: freed at once,
        a queue of a million entries holds Python's lock for tens of milliseconds, and a Hint
        waiting for a search (with a timeout) would answer late."""
        while self.queue:
            del self.queue[-20_000:]
            time.sleep(0)

    def _newest(self) -> int:
        return -next(self.order)

    def run(self, until: int) -> str | None:
        """Go on until the search has expanded ``until`` nodes in all, or is settled; the
        verdict (``None``: not settled yet)."""
        if self.verdict is not None:
            return self.verdict
        queue, parent, weight = self.queue, self.parent, self.weight
        order = self._newest if self.newest_first else self.order.__next__
        push, pop = heapq.heappush, heapq.heappop  # local names: this loop is the solver's time
        while queue:
            if self.nodes >= until:
                return None
            estimate, bound, place, moves_made, previous, move = pop(queue)
            if move is not None and move[1] == BLOCKING:  # list them, in the entry's place
                source = move[0]
                for k, j in enumerate(_blocking_targets(previous[1], source), start=1):
                    push(queue, (estimate, bound, place + k / 64, moves_made, previous,
                                 (source, j, 1)))  # fmt: skip
                continue
            position = previous if move is None else after(previous, move)
            if position in parent:
                continue  # seen (by a line no longer, in plain A*: the bound is consistent)
            parent[position] = None if move is None else (previous, move)
            if position[0] == 4:
                self.verdict, self.line = "solved", _line(parent, position)
                self.queue = []
                return self.verdict
            self.nodes += 1
            moves_made += 1
            for following, change in _moves_and_bound_changes(position[1]):
                new_bound = bound + change
                push(queue, (moves_made + weight * new_bound, new_bound, order(), moves_made,
                             position, following))  # fmt: skip
        self.verdict = "unsolvable"
        return self.verdict


def _line(parent: dict[Position, Any], position: Position) -> list[CodedMove]:
    """The line to ``position``, each move as (source string, destination string, count)."""
    line = []
    step = parent[position]
    while step is not None:
        previous, (i, j, count) = step
        line.append((previous[1][i], previous[1][j], count))
        step = parent[previous]
    return line[::-1]


def _real_moves(state: dict[str, Any], line: list[CodedMove]) -> list[Move]:
    """The line's moves numbered as the stacks of ``state``: each move's source and destination
    are the stacks (in order) whose strings they name."""
    codes: list[str | None] = [
        None if complete else stack_code(cards, blocked)
        for cards, blocked, complete in zip(state["stacks"], state["blocked"], state["complete"],
                                            strict=True)]  # fmt: skip
    moves = []
    for source_code, target_code, count in line:
        source = codes.index(source_code)
        target = next(k for k, code in enumerate(codes) if code == target_code and k != source)
        move = (source, target, count)
        codes[source], new_target = _moved(codes, move)  # type: ignore[arg-type]
        codes[target] = None if new_target == COMPLETE else new_target
        moves.append(move)
    return moves


class Advice(NamedTuple):
    """The solver's answer for one position: its verdict (a :class:`Solution`'s, or
    ``'searching'``) and, when it found a win, the next move (numbered as the stacks of the state
    asked about) and how many moves the line has left."""

    verdict: str
    move: Move | None = None
    moves_left: int = 0


class Advisor:
    """The solver's advice during a game, quick enough for a Hint button.

    It keeps every winning line it has found, by position: from any position on one of them
    (up to the order of the stacks) the next move is known at once, so a player who follows the
    hints, or comes back to a line, waits for nothing. :meth:`prepare` starts the search for a
    position in a background thread, so that it is usually done before the player asks;
    :meth:`advice` waits for that search if it is still running, or searches itself.

    >>> from solitaire_lib.stacks_of_nine.rules import new_state
    >>> import random
    >>> advisor, state = Advisor(), new_state(random.Random(3))
    >>> advisor.prepare(state)
    >>> first = advisor.advice(state)
    >>> first.verdict, first.moves_left == len(solve(state).moves)
    ('solved', True)
    """

    def __init__(self) -> None:
        self._known: dict[Position, tuple[str, CodedMove | None, int]] = {}
        self._wanted: dict[str, Any] | None = None  # the state the background search takes next
        self._searching: Position | None = None  # the position it is searching from
        self._worker: threading.Thread | None = None
        self._changed = threading.Condition()

    def prepare(self, state: dict[str, Any]) -> None:
        """Search from ``state`` in the background, unless its answer is known or coming."""
        with self._changed:
            self._prepare(state, position_of(state))

    def _prepare(self, state: dict[str, Any], position: Position) -> None:
        if position in self._known or position == self._searching:
            return
        self._wanted = rules.copy_state(state)  # only the latest position is worth a search
        if self._worker is None:
            self._worker = threading.Thread(target=self._work, daemon=True,
                                            name="stacks of nine advisor")  # fmt: skip
            self._worker.start()

    def advice(self, state: dict[str, Any], wait: float | None = None) -> Advice:
        """The verdict and next move from ``state`` (which is not changed).

        With ``wait`` (seconds), an answer not known by then is ``Advice("searching")``, and the
        search goes on in the background; without it, the answer is waited for.
        """
        position = position_of(state)
        with self._changed:
            if wait is not None:
                self._prepare(state, position)
                if not self._changed.wait_for(lambda: position in self._known, timeout=wait):
                    return Advice("searching")
            while position == self._searching:
                self._changed.wait()
            known = self._known.get(position)
        if known is None:
            self._learn(state)
            known = self._known[position]
        verdict, coded_move, moves_left = known
        if coded_move is None:
            return Advice(verdict)
        return Advice(verdict, _real_moves(state, [coded_move])[0], moves_left)

    def line(self, state: dict[str, Any]) -> list[Move]:
        """The whole winning line from ``state`` ([] when there is none)."""
        state, moves = rules.copy_state(state), []
        while not rules.is_won(state):
            found = self.advice(state)
            if found.move is None:
                return []
            rules.apply_move(state, found.move)
            moves.append(found.move)
        return moves

    def _work(self) -> None:
        while True:
            with self._changed:
                state, self._wanted = self._wanted, None
                if state is None:
                    self._searching, self._worker = None, None
                    self._changed.notify_all()
                    return
                self._searching = position_of(state)
                self._changed.notify_all()
            self._learn(state)
            with self._changed:
                self._searching = None
                self._changed.notify_all()

    def _learn(self, state: dict[str, Any]) -> None:
        """Search from ``state`` and remember the answer for every position on the line found."""
        found = solve(state)
        learned: dict[Position, tuple[str, CodedMove | None, int]] = {
            position_of(state): (found.verdict, None, 0)}  # kept if no move is left  # fmt: skip
        state = rules.copy_state(state)
        for done, move in enumerate(found.moves):
            source, target, count = move
            coded_move = (
                stack_code(state["stacks"][source], state["blocked"][source]),
                stack_code(state["stacks"][target], state["blocked"][target]),
                count,
            )
            learned[position_of(state)] = ("solved", coded_move, len(found.moves) - done)
            rules.apply_move(state, move)
        if found.moves:
            learned[position_of(state)] = ("solved", None, 0)  # the end of the line: won
        with self._changed:
            self._known.update(learned)


# --- Studies for the notebook ----------------------------------------------------------------


@dataclass
class DealResult:
    """The fast solver on one deal: its verdict, moves, nodes and seconds, and two things about
    the deal itself: its lower bound, and how many stacks have a 9 at the bottom."""

    seed: int
    verdict: str
    moves: int
    nodes: int
    seconds: float
    bound: int
    nines_at_bottom: int


def study_deals(deals: int, seed: int = 0, *, progress: bool = False) -> list[DealResult]:
    """Solve ``deals`` deals, ``new_state(random.Random(seed + k))`` for ``k`` from 0."""
    import random

    from tqdm.auto import tqdm

    results = []
    for k in tqdm(range(deals), desc="deals", disable=not progress, leave=False):
        state = rules.new_state(random.Random(seed + k))
        found = solve(state)
        position = position_of(state)
        nines = sum(1 for stack in state["stacks"] if stack[0] == 9)
        results.append(DealResult(seed + k, found.verdict, len(found.moves), found.nodes,
                                  found.seconds, lower_bound(position), nines))  # fmt: skip
    return results


def endgame_study(
    deals: int, before_end: int = 14, seed: int = 0, *, progress: bool = False
) -> list[tuple[int, int | None]]:
    """For each deal the fast mode solves: play its line until ``before_end`` moves are left,
    then solve optimally from there; ``(fast moves left, fewest moves)``, ``None`` if the
    optimal mode gave up."""
    import random

    from tqdm.auto import tqdm

    rows = []
    for k in tqdm(range(deals), desc="deals", disable=not progress, leave=False):
        state = rules.new_state(random.Random(seed + k))
        fast = solve(state)
        if fast.verdict != "solved" or len(fast.moves) < before_end:
            continue
        for move in fast.moves[:-before_end]:
            rules.apply_move(state, move)
        best = solve(state, optimal=True, budget=100_000)
        rows.append((before_end, len(best.moves) if best.verdict == "solved" else None))
    return rows
