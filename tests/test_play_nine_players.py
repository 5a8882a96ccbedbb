"""Play Nine's AI players: each legal and repeatable, the planner's arithmetic checked against its
straightforward definition, and the leaderboard's figures (issue 10's strength target)."""

from __future__ import annotations

import contextlib
import importlib
import io
import itertools
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_lib.play_nine.analysis import (
    DEVELOPMENT_RUNS,
    PLAYERS,
    RUNS,
    WIDTH_SEED,
    Standing,
    hand_scores,
    hand_seeds,
    leaderboard,
    leaderboard_lines,
    scores_by_columns,
    width_run,
)
from solitaire_lib.play_nine.planner import (
    FACE_DOWN,
    MOST_TURNS,
    RANKS,
    LookAheadPlayer,
    PlannerPlayer,
    column_table,
    index_of,
    matching_bonus,
    settled,
    share_turns,
)
from solitaire_lib.play_nine.players import (
    GreedyPlayer,
    RandomPlayer,
    TurnOverPlayer,
    legal_actions,
)
from solitaire_lib.play_nine.rules import DECK, HIDDEN, Board, score
from solitaire_lib.play_nine.runner import run_course
from solitaire_lib.sim import ratio_interval


def quiet(player: Any, seed: int, hands: int) -> int | None:
    return run_course(player, seed, hands, out=lambda _: None)


# --- the leaderboard ---------------------------------------------------------------------------

#: Totals on SEED=12345 (100 hands), 3000 and 4000 (300 hands each), as measured when the runs
#: were moved off the hands the look-ahead player was tuned on (seeds 1000 and 2000).
MEASURED = {
    "random legal": (5103, 18296, 18422),
    "only turn cards over": (4839, 16808, 16940),
    "greedy (one card ahead)": (618, 1924, 2047),
    # The planner compares its estimates rounded (planner.settled): compared raw, near-equal
    # estimates were ordered by the machine's BLAS, not by the planner.
    "planner (shares the draws)": (108, 30, -4),
    "look-ahead (close calls)": (-183, -935, -895),
}


@pytest.mark.parametrize("name", list(PLAYERS))
def test_every_player_scores_its_measured_total_on_the_first_run(name: str) -> None:
    """The first run (SEED=12345, 100 hands) here; all three runs are the leaderboard of
    notebooks/04, whose stored table nbval compares when the notebook runs (make test)."""
    (seed, hands), *_ = RUNS
    assert quiet(PLAYERS[name](), seed, hands) == MEASURED[name][0]


def test_the_project_player_beats_the_strength_target_of_the_issue() -> None:
    """A total of at most 0 x the greedy total over the three runs (issue 22; issue 10's target
    was 0.40 x), by the player the course runner gets (course_player: the look-ahead player).
    The planner alone no longer meets it on these runs (134 against greedy's 4,589), only issue
    10's. Speeds are measured in benchmarks/players.py, on held-out runs."""
    greedy = sum(MEASURED["greedy (one card ahead)"])
    assert sum(MEASURED["look-ahead (close calls)"]) <= 0 < greedy
    assert sum(MEASURED["planner (shares the draws)"]) <= 0.40 * greedy


def test_without_the_bonus_the_planner_plays_as_the_first_version_did() -> None:
    totals = tuple(quiet(PlannerPlayer(bonus=False), seed, hands) for seed, hands in RUNS)
    assert totals == (149, 319, 217)


def test_hand_scores_add_up_to_the_runners_total() -> None:
    for make in PLAYERS.values():
        assert sum(hand_scores(make(), 31, 12)) == quiet(make(), 31, 12)


def test_the_leaderboard_table_lists_each_run_and_the_ratio_to_greedy() -> None:
    standings = leaderboard({"greedy": GreedyPlayer, "turn": TurnOverPlayer}, [(5, 3), (6, 2)])
    lines = leaderboard_lines(standings)
    assert lines[0].split()[:4] == ["player", "5/3", "6/2", "total"]
    greedy = standings[0]
    assert lines[1].split()[1:4] == [str(greedy.totals[5, 3]), str(greedy.totals[6, 2]),
                                     str(greedy.total)]  # fmt: skip
    assert " 1.000 [ 1.000,  1.000]" in lines[1]
    turn = standings[1]
    ratio, low, high = ratio_interval(turn.scores, greedy.scores)
    assert f"{ratio:6.3f} [{low:6.3f}, {high:6.3f}]" in lines[2]
    assert low <= turn.total / greedy.total <= high
    assert len(greedy.scores) == 5 and greedy.per_hand[1] < greedy.per_hand[0] < greedy.per_hand[2]


def test_the_leaderboard_table_shows_a_mean_that_rounds_to_zero_without_a_minus() -> None:
    greedy = Standing("greedy", {(1, 300): 300}, [1] * 300, 0.0)
    near_zero = Standing("planner", {(1, 300): -1}, [-1] + [0] * 299, 0.0)  # mean -0.0033
    line = leaderboard_lines([greedy, near_zero])[2]
    assert line.endswith("   -0.003 [-0.010,  0.000]     0.00 [ -0.01,   0.00]")


def test_scores_by_columns_plays_hands_of_each_width() -> None:
    result = scores_by_columns({"greedy": GreedyPlayer}, [4, 10], hands=5, seed=3)
    assert list(result["greedy"]) == [4, 10]
    assert result["greedy"][4][0] == np.mean(hand_scores(GreedyPlayer(), 23, 5, columns=4))
    assert result["greedy"][10][0] == np.mean(hand_scores(GreedyPlayer(), 53, 5, columns=10))


@pytest.mark.parametrize("hands", [1, 50, 200])
def test_each_width_of_the_width_study_has_hands_of_its_own(hands: int) -> None:
    """The widths are compared as independent samples: no hand is dealt at two widths."""
    seeds = [hand_seeds([width_run(WIDTH_SEED, width, hands)]) for width in range(1, 11)]
    assert sum(map(len, seeds)) == len(set().union(*seeds)) == 10 * hands


@pytest.mark.parametrize("hands", [50, 200])  # the lesson's HANDS_PER_WIDTH, demo and full
def test_no_measured_run_deals_a_hand_the_look_ahead_was_tuned_on(hands: int) -> None:
    """The leaderboard and the width study are an evaluation set: their hands' generators are none
    of the development runs' (hand h of a run of SEED s is dealt by random.Random(s + h))."""
    tuned = hand_seeds(DEVELOPMENT_RUNS)
    width_study = hand_seeds(width_run(WIDTH_SEED, width, hands) for width in range(4, 11))
    assert not tuned & hand_seeds(RUNS)
    assert not tuned & width_study


# --- every player is legal, silent and repeatable ----------------------------------------------

situations = st.integers(4, 10).flatmap(
    lambda n: st.tuples(
        st.lists(st.one_of(st.sampled_from(DECK), st.just(HIDDEN)), min_size=n, max_size=n),
        st.lists(st.one_of(st.sampled_from(DECK), st.just(HIDDEN)), min_size=n, max_size=n),
        st.integers(1, 23), st.sampled_from(DECK),
    )
).filter(lambda s: HIDDEN in s[0] or HIDDEN in s[1])  # fmt: skip


@pytest.mark.parametrize("name", list(PLAYERS))
@settings(max_examples=300, deadline=None)
@given(situation=situations)
def test_every_player_is_legal_and_silent(name: str, situation: Any) -> None:
    top, bottom, draws, card = situation
    player = PLAYERS[name]()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        drawing = player.choose_drawing_action(list(top), list(bottom), draws, card)
        action = player.choose_replacement_action(list(top), list(bottom), draws - 1, card)
    board = Board([0] * len(top), [0] * len(top), [c != HIDDEN for c in top],
                  [c != HIDDEN for c in bottom])  # fmt: skip
    assert drawing in ("k", "d") and board.problem_with(action) is None and not printed.getvalue()


def test_the_random_player_repeats_its_run_and_its_seed_matters() -> None:
    assert quiet(RandomPlayer(), 8, 10) == quiet(RandomPlayer(), 8, 10)
    assert len({quiet(RandomPlayer(seed), 8, 10) for seed in range(5)}) > 1


def test_legal_actions_are_every_replacement_and_every_face_down_turn() -> None:
    actions = legal_actions([3, HIDDEN, 4, 5], [HIDDEN, 1, 2, 0])
    assert len(actions) == 8 + 2 and ("t", 0, 1) in actions and ("t", 1, 0) in actions
    assert all(Board([0] * 4, [0] * 4, [True, False, True, True], [False, True, True, True])
               .problem_with(a) is None for a in actions)  # fmt: skip


def test_the_course_player_works_as_the_courses_one_line_module(tmp_path: Path) -> None:
    """``from solitaire_lib.play_nine.course_player import *`` in ``play_nine_player.py``."""
    (tmp_path / "play_nine_player.py").write_text(
        "from solitaire_lib.play_nine.course_player import *\n", "utf-8"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        module = importlib.import_module("play_nine_player")
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            total = run_course(module, 12345, 100, out=lambda _: None)
        assert total == MEASURED["look-ahead (close calls)"][0] and not printed.getvalue()
        assert module.get_author_info() == ("look-ahead", "0")
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("play_nine_player", None)


# --- the planner's arithmetic ------------------------------------------------------------------


def test_a_column_table_never_gets_worse_with_more_turns() -> None:
    table = column_table()
    assert table.shape == (MOST_TURNS + 1, FACE_DOWN + 1, FACE_DOWN + 1)
    assert np.all(np.diff(table, axis=0) <= 1e-12)


def test_a_column_with_no_turns_left_scores_its_expected_value() -> None:
    table = column_table()
    assert table[0, index_of(4), index_of(4)] == 0 and table[0, index_of(-5), index_of(-5)] == -10
    assert table[0, index_of(12), index_of(3)] == 15
    expected = sum(0 if card == 12 else 12 + card for card in DECK) / len(DECK)
    assert table[0, index_of(12), FACE_DOWN] == pytest.approx(expected)


def test_a_pair_of_minus_fives_is_already_the_best_column() -> None:
    assert np.all(column_table()[:, index_of(-5), index_of(-5)] == -10)


@given(st.lists(st.floats(-50, 50), min_size=1, max_size=8), st.data())
def test_share_turns_is_the_best_split_of_the_turns(first: list[float], data: Any) -> None:
    second = data.draw(st.lists(st.floats(-50, 50), min_size=len(first), max_size=len(first)))
    result = share_turns(np.array(first), np.array(second))
    for m in range(len(first)):
        assert result[m] == min(first[i] + second[m - i] for i in range(m + 1))


boards = st.integers(2, 5).flatmap(
    lambda n: st.tuples(
        st.lists(st.one_of(st.sampled_from(RANKS), st.just(HIDDEN)), min_size=n, max_size=n),
        st.lists(st.one_of(st.sampled_from(RANKS), st.just(HIDDEN)), min_size=n, max_size=n),
        st.integers(0, 8),
    )
).filter(lambda b: HIDDEN in b[0] or HIDDEN in b[1])  # fmt: skip


def estimate_by_every_split(top: list[Any], bottom: list[Any], turns: int) -> float:
    """The planner's estimate straight from its definition: try every split of the turns."""
    table = column_table()
    columns = [(index_of(a), index_of(b)) for a, b in zip(top, bottom, strict=True)]
    best = np.inf
    for split in itertools.product(range(turns + 1), repeat=len(columns)):
        if sum(split) <= turns:
            best = min(best, sum(table[n, a, b] for n, (a, b) in zip(split, columns, strict=True)))
    return float(best) + matching_bonus(top, bottom)


@settings(max_examples=60, deadline=None)
@given(boards)
def test_the_estimate_is_the_best_split_of_the_turns(board: Any) -> None:
    top, bottom, turns = board
    assert PlannerPlayer.estimate(top, bottom, turns) == pytest.approx(
        estimate_by_every_split(top, bottom, turns)
    )


@settings(max_examples=150, deadline=None)
@given(boards, st.sampled_from(RANKS))
def test_each_actions_value_is_the_estimate_of_the_board_it_leaves(board: Any, card: int) -> None:
    """The fast prefix and suffix sharing equals the straightforward estimate, action by action."""
    top, bottom, turns = board
    ranked = PlannerPlayer().ranked_actions(top, bottom, turns, card)
    assert sorted(action for _, action in ranked) == sorted(legal_actions(top, bottom))
    for value, (kind, row, column) in ranked:
        if kind == "r":
            rows = [list(top), list(bottom)]
            rows[row][column] = card
            expected = PlannerPlayer.estimate(rows[0], rows[1], turns)
        else:
            expected = 0.0
            for revealed in DECK:
                rows = [list(top), list(bottom)]
                rows[row][column] = revealed
                expected += PlannerPlayer.estimate(rows[0], rows[1], turns) / len(DECK)
        assert value == pytest.approx(expected)
    values = [settled(value) for value, _ in ranked]  # ordered as compared: to 9 decimals
    assert values == sorted(values)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10).flatmap(
    lambda n: st.tuples(st.lists(st.sampled_from(RANKS), min_size=n, max_size=n),
                        st.lists(st.sampled_from(RANKS), min_size=n, max_size=n))))  # fmt: skip
def test_the_bonus_is_what_the_score_gives_beyond_the_columns_alone(board: Any) -> None:
    top, bottom = board
    alone = sum(
        (-10 if a == -5 else 0) if a == b else a + b for a, b in zip(top, bottom, strict=True)
    )
    assert matching_bonus(top, bottom) == score(top, bottom) - alone


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10).flatmap(
    lambda n: st.tuples(st.lists(st.sampled_from(RANKS), min_size=n, max_size=n),
                        st.lists(st.sampled_from(RANKS), min_size=n, max_size=n),
                        st.integers(0, 1), st.integers(0, n - 1))))  # fmt: skip
def test_the_exact_scores_of_each_last_card_are_the_rules_scores(board: Any) -> None:
    top, bottom, row, column = board
    rows = [list(top), list(bottom)]
    rows[row][column] = HIDDEN
    exact = PlannerPlayer._exact_scores(rows[0], rows[1], row, column)
    for rank, value in zip(RANKS, exact, strict=True):
        rows[row][column] = rank
        assert value == score(rows[0], rows[1])


def test_the_planner_takes_the_kitty_when_its_estimate_is_no_worse() -> None:
    planner = PlannerPlayer()
    top, bottom = [12, HIDDEN, 3, HIDDEN], [HIDDEN, 5, HIDDEN, 0]
    values = planner.drawing_values(top, bottom, 9, 12)
    assert values["k"] < values["d"]  # a 12 under the 12 is a free match
    assert planner.choose_drawing_action(top, bottom, 9, 12) == "k"
    assert planner.choose_drawing_action(top, bottom, 9, 11) == "d"


def test_notebook_04_describes_the_look_ahead_with_its_constants() -> None:
    import json

    words = {3: "three", 4: "four"}
    notebook = Path(__file__).parents[1] / "notebooks" / "04_play_nine.ipynb"
    cells = json.loads(notebook.read_text())["cells"]
    prose = " ".join(" ".join("".join(cell["source"]).split()) for cell in cells
                     if cell["cell_type"] == "markdown")  # fmt: skip
    player = LookAheadPlayer()
    assert player.close == int(player.close)
    assert (f"within {words[int(player.close)]} points of the best "
            f"(at most {words[player.candidates]})") in prose  # fmt: skip
