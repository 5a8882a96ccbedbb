"""The stacks of nine solver as it was before the search worked on stack strings (commit
a20f6dd): the yardstick of ``benchmarks/players.py --stacks``, not part of the library.

Positions are tuples of tuples, keyed by sorting them; every successor is built, keyed and
bounded when it is queued; ties go to the newest; the quick try has 5,000 nodes. It finds the
same verdicts; only the search's work is measured (it does not rebuild its line).
"""

from __future__ import annotations

import functools
import heapq
import itertools
import time
from typing import Any

from solitaire_lib.stacks_of_nine import rules, search
from solitaire_lib.stacks_of_nine.portfolio import Solution

Stacks = tuple[tuple[int, ...], ...]
Flags = tuple[bool, ...]
Position = tuple[Stacks, Flags, Flags]  # stacks, blocked, complete
Move = tuple[int, int, int]

#: The weight of the bound in the quick try (the fast mode's second try uses 1.5).
QUICK_WEIGHT = 6.0
#: Nodes a search may expand before it gives up: the quick try, the fast mode, the optimal mode.
QUICK_BUDGET = 5_000
FAST_BUDGET = 25_000
OPTIMAL_BUDGET = 1_000_000
COMPLETE = tuple(rules.COMPLETE)


def position_of(state: dict[str, Any]) -> Position:
    """The compact form of a course state."""
    return (tuple(tuple(stack) for stack in state["stacks"]), tuple(state["blocked"]),
            tuple(state["complete"]))  # fmt: skip


def key_of(position: Position) -> tuple[int, tuple[tuple[tuple[int, ...], bool], ...]]:
    """The position up to the order of its stacks."""
    stacks, blocked, complete = position
    open_stacks = sorted((stacks[i], blocked[i]) for i in range(rules.STACKS) if not complete[i])
    return sum(complete), tuple(open_stacks)


def top_run(stack: tuple[int, ...]) -> int:
    """How many cards at the top of the stack are ordered.

    >>> top_run((7, 5, 4, 3)), top_run(())
    (3, 0)
    """
    if not stack:
        return 0
    count = 1
    while count < len(stack) and stack[-count - 1] == stack[-count] + 1:
        count += 1
    return count


def moves_from(position: Position) -> list[Move]:
    """The moves the rules allow (see :func:`rules.problem_with`), less the useless ones."""
    stacks, blocked, complete = position
    moves = []
    for source, stack in enumerate(stacks):
        if complete[source] or not stack:
            continue
        run = 1 if blocked[source] else top_run(stack)
        for count in range(1, run + 1):
            lowest = stack[-count]  # the card at the bottom of the cards moved
            for destination, target in enumerate(stacks):
                if destination == source or complete[destination] or blocked[destination]:
                    continue
                if not target:
                    if count < len(stack):  # a whole stack to an empty one changes nothing
                        moves.append((source, destination, count))
                elif lowest + 1 == target[-1]:
                    moves.append((source, destination, count))
                elif count == 1 and lowest != 9 and not blocked[source]:
                    moves.append((source, destination, count))  # a blocking move
    return moves


def after(position: Position, move: Move) -> Position:
    """The position after an allowed move."""
    stacks, blocked, complete = position
    source, destination, count = move
    moving = stacks[source][-count:]
    target = stacks[destination]
    blocking = bool(target) and moving[0] + 1 != target[-1]
    new_stacks = list(stacks)
    new_stacks[source] = stacks[source][:-count]
    new_stacks[destination] = target + moving
    new_blocked = list(blocked)
    new_blocked[source], new_blocked[destination] = False, blocking
    new_complete = list(complete)
    new_complete[destination] = new_stacks[destination] == COMPLETE
    return tuple(new_stacks), tuple(new_blocked), tuple(new_complete)


@functools.lru_cache(maxsize=1 << 16)
def runs_to_move(stack: tuple[int, ...]) -> int:
    """The library's count, kept in the cache the earlier solver had."""
    return search.runs_to_move(list(stack))


def lower_bound(position: Position) -> int:
    """Runs that must still move (see the module's docstring).

    >>> lower_bound((((9, 8, 2), (5, 4), (), (), (), ()), (False,) * 6, (False,) * 6))
    2
    """
    stacks, _, complete = position
    return sum(runs_to_move(stack) for stack, done in zip(stacks, complete, strict=True)
               if not done)  # fmt: skip


def solve(state: dict[str, Any], optimal: bool = False, budget: int | None = None) -> Solution:
    """Search for a winning line from a course state (which is not changed).

    By default a weighted A* looks for a line fast (weight 6, then, if that runs out of its
    budget, weight 1.5, which solves the hard deals that a greedier search wanders off on).
    ``optimal=True`` finds the fewest moves (plain A*). ``budget`` bounds the nodes expanded.
    """
    start_time = time.perf_counter()
    if optimal:
        tries = [(1.0, budget or OPTIMAL_BUDGET)]
    else:
        tries = [(QUICK_WEIGHT, QUICK_BUDGET), (1.5, budget or FAST_BUDGET)]
    nodes, found = 0, Solution("gave up")
    for weight, nodes_allowed in tries:
        found = _search(position_of(state), weight, nodes_allowed)
        nodes += found.nodes
        if found.verdict != "gave up":
            break
    found.nodes, found.seconds = nodes, time.perf_counter() - start_time
    return found


def _search(start: Position, weight: float, budget: int) -> Solution:
    """A* weighted by ``weight`` from ``start``, expanding at most ``budget`` nodes."""
    best = {key_of(start): 0}
    tie = itertools.count()
    frontier = [(weight * lower_bound(start), next(tie), 0, start)]
    nodes = 0
    while frontier:
        _, _, moves_made, position = heapq.heappop(frontier)
        key = key_of(position)
        if moves_made > best[key]:
            continue
        if sum(position[2]) == 4:
            return Solution("solved", [], nodes)  # the line itself is not rebuilt here
        nodes += 1
        if nodes > budget:
            return Solution("gave up", [], nodes)
        for move in moves_from(position):
            following = after(position, move)
            following_key = key_of(following)
            if moves_made + 1 < best.get(following_key, 1 << 30):
                best[following_key] = moves_made + 1
                bound = lower_bound(following)
                heapq.heappush(frontier, (moves_made + 1 + weight * bound, next(tie),
                                          moves_made + 1, following))  # fmt: skip
    return Solution("unsolvable", [], nodes)
