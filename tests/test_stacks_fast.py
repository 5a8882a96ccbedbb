"""The compiled stacks-of-nine search (solitaire_lib.stacks_of_nine.fast) against the reference
(search.Search): the same nodes, verdicts and lines, paused or not; and solve() and its
portfolio the same with either search, and with two searches run at once or one after the
other."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_lib import accel
from solitaire_lib.stacks_of_nine import portfolio, rules, search
from solitaire_lib.stacks_of_nine.fast import BOUNDS, FastSearch

pytestmark = pytest.mark.skipif(
    not accel.compiled_now(), reason="the compiled search is used only where numba compiles it"
)


def both(start: search.Position, weight: float, newest_first: bool, until: int) -> list[Any]:
    """Each search's verdict, nodes and line after ``run(until)``: reference, then compiled."""
    results = []
    for make in (search.Search, FastSearch):
        searcher = make(start, weight, newest_first)
        verdict = searcher.run(until)
        results.append((verdict, searcher.nodes, searcher.line))
    return results


WEIGHTS_TO_TRY = [*portfolio.WEIGHTS, (1.0, False), (1.2, True)]


@pytest.mark.parametrize(("weight", "newest_first"), WEIGHTS_TO_TRY)
def test_the_compiled_search_expands_the_references_nodes_on_deals(
    weight: float, newest_first: bool
) -> None:
    settled = 0
    for seed in range(12):
        start = search.position_of(rules.new_state(random.Random(seed)))
        reference, compiled = both(start, weight, newest_first, until=2_000)
        assert compiled == reference, f"deal {seed}"
        settled += reference[0] is not None
    assert settled >= 2  # wins among them, not only searches cut short


def endgame(seed: int, moves: int) -> dict[str, Any]:
    """A deal after ``moves`` random moves (fewer if none is left): blocked stacks, complete
    ones, empty ones."""
    rng = random.Random(seed)
    state = rules.new_state(rng)
    for _ in range(moves):
        allowed = rules.legal_moves(state)
        if not allowed:
            break
        rules.apply_move(state, rng.choice(allowed))
    return state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 60),
       weight=st.sampled_from([1.0, 1.25, 2.0, 3.0]), newest_first=st.booleans())  # fmt: skip
def test_the_compiled_search_expands_the_references_nodes_from_any_position(
    seed: int, moves: int, weight: float, newest_first: bool
) -> None:
    start = search.position_of(endgame(seed, moves))
    reference, compiled = both(start, weight, newest_first, until=400)
    assert compiled == reference


def test_both_prove_a_small_position_unsolvable_after_the_same_nodes() -> None:
    """Three stacks complete and nine cards left, with no win among 150 positions."""
    complete = [9, 8, 7, 6, 5, 4, 3, 2, 1]
    board = {"stacks": [complete[:], complete[:], complete[:], [8, 5, 9, 3, 6, 1, 2], [4, 7], []],
             "blocked": [False, False, False, True, False, False],
             "complete": [True, True, True, False, False, False]}  # fmt: skip
    start = search.position_of(board)
    for weight, newest_first in portfolio.WEIGHTS:
        reference, compiled = both(start, weight, newest_first, until=10_000)
        assert reference[0] == "unsolvable" and reference[1] > 100
        assert compiled == reference


def test_growing_every_array_changes_nothing() -> None:
    """Queues of a few chunks, a shallow table of buckets and a small pool all grow as the
    search needs them, with the same nodes and line."""
    start = search.position_of(rules.new_state(random.Random(4)))
    roomy = FastSearch(start, 3.0)
    roomy.run(5_000)
    cramped = FastSearch(start, 3.0)
    cramped._ends = cramped._ends[:2].copy()
    cramped._keys = cramped._keys[: 2 * BOUNDS].copy()
    cramped.run(5_000)
    assert roomy.verdict == "solved"
    assert (cramped.verdict, cramped.nodes, cramped.line) == (roomy.verdict, roomy.nodes,
                                                              roomy.line)  # fmt: skip


def test_solve_gives_the_same_answer_with_either_search(monkeypatch: pytest.MonkeyPatch) -> None:
    deals = [rules.new_state(random.Random(seed)) for seed in range(20)]
    compiled = [portfolio.solve(deal, budget=20_000) for deal in deals]
    monkeypatch.setattr(portfolio, "search_class", lambda: search.Search)
    reference = [portfolio.solve(deal, budget=20_000) for deal in deals]
    assert [(found.verdict, found.moves, found.nodes) for found in compiled] == [
        (found.verdict, found.moves, found.nodes) for found in reference]  # fmt: skip


@pytest.mark.parametrize("seed", [306, 253])
def test_two_searches_at_once_settle_as_one_after_the_other(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Deal 306 is settled within the first turns, deal 253 only after turns that run two
    searches at once; the verdict and line are those of the turns run in order."""
    state = rules.new_state(random.Random(seed))
    together = portfolio.solve(state)
    monkeypatch.setattr(portfolio, "TOGETHER_FROM", 10**9)
    in_order = portfolio.solve(state)
    assert (together.verdict, together.moves) == (in_order.verdict, in_order.moves)
    assert together.verdict == "solved"
    for move in together.moves:
        rules.apply_move(state, move)
    assert rules.is_won(state)
