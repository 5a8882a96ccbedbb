"""Every public simulation refuses a bad argument with a clear error that names it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solitaire_lib.aces_in_sequence import course as aces
from solitaire_lib.alliances import probabilites_victoire, res_multi_simulation, statistiques_nb_tas
from solitaire_lib.sevens import course as sevens

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
