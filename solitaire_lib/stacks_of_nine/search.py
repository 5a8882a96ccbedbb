"""The stacks-of-nine search, to read: positions, moves, the bound, and weighted A*
(:class:`Search`) that finds a winning line for a deal or proves that none exists.
(:mod:`.fast` is the same search compiled; :mod:`.portfolio` runs several of them in turns.)

**Positions.** Two positions that differ only in the order of the stacks are the same position
(stack A is no different from stack D). So the search writes each stack that is not complete as
a short string of its cards, bottom up, with ``*`` after a blocked one (``"9852*"``), and a
position is the number of complete stacks with these strings in sorted order. Equal positions are
then equal values, and a dictionary finds them.

**Moves.** Every move allowed by the rules, once per different result: moving a whole stack into
an empty one is left out (the same position), and of two equal stacks only one is a source or a
target. A move is ``(i, j, count)`` on the sorted strings; :func:`real_moves` translates a line
back to the real stacks.

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
>>> state = new_state(random.Random(3))
>>> search = Search(position_of(state), weight=2.0)
>>> search.run(10_000), len(real_moves(state, search.line)) == len(search.line)
('solved', True)
"""

from __future__ import annotations

import heapq
import itertools
import time
from typing import Any, NamedTuple

from solitaire_lib.stacks_of_nine import rules

Position = tuple[int, tuple[str, ...]]  # complete stacks, the other stacks' strings sorted
Move = tuple[int, int, int]  # (source, destination, count)
CodedMove = tuple[str, str, int]  # (the source's string, the destination's string, count)

BLOCKED = "*"
COMPLETE = "".join(map(str, rules.COMPLETE))  # "987654321"


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


def real_moves(state: dict[str, Any], line: list[CodedMove]) -> list[Move]:
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
