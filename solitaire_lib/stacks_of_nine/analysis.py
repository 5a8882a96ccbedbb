"""The solver's advice during a game (:class:`Advisor`, for the widget's Hint) and the studies
of the notebook, both on :func:`.portfolio.solve`."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, NamedTuple

from solitaire_lib.stacks_of_nine import rules
from solitaire_lib.stacks_of_nine.portfolio import solve
from solitaire_lib.stacks_of_nine.search import (
    CodedMove,
    Move,
    Position,
    lower_bound,
    position_of,
    real_moves,
    stack_code,
)


class Advice(NamedTuple):
    """The solver's answer for one position: its verdict (a :class:`.portfolio.Solution`'s, or
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
        return Advice(verdict, real_moves(state, [coded_move])[0], moves_left)

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

#: The deals (seeds of ``new_state(random.Random(seed))``) the solver's constants were chosen on,
#: its development set: the portfolio's weights and turns, the two threads' start and the budgets
#: (:mod:`.portfolio`). No figure of the notebook should come from these deals.
DEVELOPMENT_SEEDS = (range(0, 1_000), range(500_000, 501_000))
#: Nodes the optimal mode may expand on each endgame of :func:`endgame_study`.
ENDGAME_BUDGET = 100_000


def is_development_seed(seed: int) -> bool:
    """Was the solver tuned on the deal of ``seed``?

    >>> is_development_seed(999), is_development_seed(2024), is_development_seed(500_000)
    (True, False, True)
    """
    return any(seed in seeds for seeds in DEVELOPMENT_SEEDS)


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
    then solve optimally from there (within :data:`ENDGAME_BUDGET` nodes); ``(fast moves left,
    fewest moves)``, ``None`` if the optimal mode gave up."""
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
        best = solve(state, optimal=True, budget=ENDGAME_BUDGET)
        rows.append((before_end, len(best.moves) if best.verdict == "solved" else None))
    return rows
