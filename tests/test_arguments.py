"""Every public simulation refuses a bad argument with a clear error that names it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solitaire_lib.aces_in_sequence import course as aces
from solitaire_lib.alliances import probabilites_victoire, res_multi_simulation, statistiques_nb_tas
from solitaire_lib.play_nine.analysis import hand_scores, leaderboard_lines
from solitaire_lib.play_nine.players import GreedyPlayer
from solitaire_lib.play_nine.rules import columns_for_hand, score
from solitaire_lib.sevens import course as sevens
from solitaire_lib.simple_klondike import analysis as klondike
from solitaire_lib.simple_klondike.rules import pile_count
from solitaire_lib.stacks_of_nine import portfolio as stacks
from solitaire_lib.stacks_of_nine.course import parse_move

CALLS: list[tuple[str, Callable[..., Any], tuple[Any, ...], type[Exception], str]] = [
    ("aces simulate(True, 0)", aces.simulate, (True, 0), TypeError, "n must be an int, not bool"),
    ("aces simulate('3', 0)", aces.simulate, ("3", 0), TypeError, "n must be an int, not str"),
    ("aces simulate(0, 0)", aces.simulate, (0, 0), ValueError, "n must be at least 1"),
    ("aces simulate(-5, 0)", aces.simulate, (-5, 0), ValueError, "n must be at least 1"),
    ("aces simulate(5, 1.5)", aces.simulate, (5, 1.5), TypeError, "i must be an int"),
    ("sevens simulate(True, 0)", sevens.simulate, (True, 0), TypeError, "n must be an int"),
    ("sevens simulate('3', 0)", sevens.simulate, ("3", 0), TypeError, "n must be an int"),
    ("sevens simulate(0, 0)", sevens.simulate, (0, 0), ValueError, "n must be at least 1"),
    ("sevens collected_output(2.0)", sevens.collected_output, (2.0,), TypeError, "seed must be"),
    ("res_multi_simulation(0)", res_multi_simulation, (0,), ValueError, "nb_sim"),
    ("res_multi_simulation(True)", res_multi_simulation, (True,), ValueError, "nb_sim"),
    ("statistiques_nb_tas(0)", statistiques_nb_tas, (0,), ValueError, "nb_sim"),
    ("probabilites_victoire(0)", probabilites_victoire, (0,), ValueError, "nb_sim"),
    ("probabilites_victoire(10, 40)", probabilites_victoire, (10, 40), ValueError, "nb_cartes"),
    (
        "hand_scores(columns=0)",
        hand_scores,
        (GreedyPlayer(), 1, 2, 0),
        ValueError,
        "columns must be None .* or 1 to 10, not 0",
    ),
    ("hand_scores(hands=-1)", hand_scores, (GreedyPlayer(), 1, -1), ValueError, "hands must be"),
    (
        "replay(['zz'])",
        klondike.replay,
        ([[1, 0], []], ["zz"]),
        ValueError,
        "'zz' is not a choice: each is 'new'",
    ),
    (
        "replay(['new'] * 3)",
        klondike.replay,
        ([[0, 2, 1], []], ["new"] * 3),
        ValueError,
        "'new' has no empty pile",
    ),
    ("pile_count(-5)", pile_count, (-5,), ValueError, "cards must be at least 0, not -5"),
    ("columns_for_hand(-1)", columns_for_hand, (-1,), ValueError, "hand must be at least 0"),
    ("score([99], [1])", score, ([99], [1]), ValueError, "top holds 99: not a Play Nine card"),
    ("score([1, 2], [1])", score, ([1, 2], [1]), ValueError, "the rows have 2 and 1 cards"),
    ("score('12', '34')", score, ("12", "34"), TypeError, "top must be a list of cards"),
    ("leaderboard_lines([])", leaderboard_lines, ([],), ValueError, "no standings to show"),
    ("stacks solve({})", stacks.solve, ({},), ValueError, "this one lacks 'stacks'"),
    ("stacks solve('abc')", stacks.solve, ("abc",), TypeError, "a state is a dict"),
    ("klondike solve('abc')", klondike.solve, ("abc",), TypeError, "a deal is a list"),
    ("klondike solve([1, 1])", klondike.solve, ([1, 1],), ValueError, "numbers 0 to 1, each once"),
    ("parse_move(None)", parse_move, (None,), TypeError, "a move is typed text"),
]


@pytest.mark.parametrize(("call", "function", "args", "error", "message"), CALLS,
                         ids=[c[0] for c in CALLS])  # fmt: skip
def test_a_bad_argument_gets_a_clear_error(
    call: str, function: Callable[..., Any], args: tuple[Any, ...], error: type[Exception],
    message: str,
) -> None:  # fmt: skip
    with pytest.raises(error, match=message):
        function(*args)


def test_a_huge_simulation_does_not_build_its_list_of_seeds() -> None:
    """simulate(10**18, 0) must start (and be stopped by Ctrl-C), not fail with MemoryError."""
    from solitaire_lib.sim import run_games

    seen: list[int] = []

    def play(seed: int) -> int:
        seen.append(seed)
        if len(seen) == 3:
            raise KeyboardInterrupt
        return 0

    with pytest.raises(KeyboardInterrupt):
        run_games(play, range(10**18))
    assert seen == [0, 1, 2]
