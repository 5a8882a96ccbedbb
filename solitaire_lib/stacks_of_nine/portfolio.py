"""The solver: searches of :mod:`.search` (compiled by :mod:`.fast` where numba is there) taking
turns from hurried to careful, until one settles the deal (see :func:`solve`).

>>> from solitaire_lib.stacks_of_nine.rules import new_state
>>> import random
>>> result = solve(new_state(random.Random(3)))
>>> result.verdict, len(result.moves) > 0
('solved', True)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from solitaire_lib import accel
from solitaire_lib.searching import NO_CYCLE_COLLECTION
from solitaire_lib.stacks_of_nine.fast import FastSearch
from solitaire_lib.stacks_of_nine.search import (
    CodedMove,
    Move,
    Search,
    check_state,
    position_of,
    real_moves,
)

#: The portfolio of searches (see :func:`solve`): the weight of the bound, from hurried to
#: careful (each one's excess over plain A*'s weight 1 is half the one before), and whether
#: the search takes the newest of equal entries first (every other one does, for variety).
WEIGHTS = ((3.0, False), (2.0, True), (1.5, False), (1.25, True))
#: Nodes each search of the portfolio has expanded in all at the end of its first turn (each
#: turn doubles that total).
FIRST_ROUND = 250
#: Nodes the portfolio may expand in all before it gives up: in plain Python, and compiled
#: (:mod:`.fast`, the same nodes many times as fast; a round million settles every development
#: deal that 3,000,000 do, and gives up within 2 s on two cores); one search in the optimal mode.
FAST_BUDGET = 60_000
COMPILED_BUDGET = 1_000_000
OPTIMAL_BUDGET = 1_000_000
#: A turn whose total (the nodes each search may have expanded in all by its end) is this or
#: more runs two of the portfolio's compiled searches at once, one on each of two cores
#: (shorter turns are over before a thread would start).
TOGETHER_FROM = 4_000


@dataclass
class Solution:
    """``verdict`` is ``'solved'`` (``moves`` win), ``'unsolvable'`` (no win exists) or
    ``'gave up'`` (the node budget ran out first)."""

    verdict: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def solve(
    state: dict[str, Any],
    optimal: bool = False,
    budget: int | None = None,
    weight: float | None = None,
) -> Solution:
    """Search for a winning line from a course state (which is not changed).

    By default a portfolio of weighted A* searches, from hurried to careful (:data:`WEIGHTS`),
    takes turns: each runs until it has expanded :data:`FIRST_ROUND` nodes in all, then until
    twice as many in all, and so on, each one resuming where it stopped, until one finds a win
    or proves there is none, or together they have expanded ``budget`` nodes
    (by default :func:`portfolio_budget`: :data:`COMPILED_BUDGET` when the search is compiled,
    else :data:`FAST_BUDGET`). A deal that
    wanders one search off into a huge part of the positions is usually easy for another, and no
    weight has to suit a deal. ``optimal=True``
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
            searches = _portfolio([make(start, w, newest) for w, newest in WEIGHTS],
                                  budget or portfolio_budget())  # fmt: skip
    nodes = sum(search.nodes for search in searches)
    for search in searches:
        search.let_go()
    verdict, line = "gave up", []
    for search in searches:
        if search.verdict is not None:
            verdict, line = search.verdict, search.line
            break
    return Solution(verdict, real_moves(state, line), nodes, time.perf_counter() - start_time)


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
        return FastSearch
    return Search


def portfolio_budget() -> int:
    """The nodes the portfolio may expand by default on the search in use now:
    :data:`COMPILED_BUDGET` when :func:`search_class` gives the compiled search, else
    :data:`FAST_BUDGET`.

    >>> portfolio_budget() == (COMPILED_BUDGET if accel.compiled_now() else FAST_BUDGET)
    True
    """
    return COMPILED_BUDGET if search_class() is not Search else FAST_BUDGET


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
