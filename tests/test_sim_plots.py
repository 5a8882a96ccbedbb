"""Tallies, confidence intervals, plots."""

from __future__ import annotations

import math

import matplotlib
import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_lib.plots import FIGSIZE, frequency_bars, use_style
from solitaire_lib.sim import (
    Tally,
    compare_paired,
    compare_shares,
    run_games,
    wilson_interval,
)

matplotlib.use("Agg")


@given(st.integers(min_value=1, max_value=10**6), st.data())
def test_wilson_interval_contains_the_estimate(trials: int, data: st.DataObject) -> None:
    successes = data.draw(st.integers(min_value=0, max_value=trials))
    low, high = wilson_interval(successes, trials)
    assert 0.0 <= low <= successes / trials <= high <= 1.0


def test_wilson_interval_known_value() -> None:
    low, high = wilson_interval(95, 500)
    assert math.isclose(low, 0.1580, abs_tol=5e-4) and math.isclose(high, 0.2266, abs_tol=5e-4)


def test_wilson_interval_rejects_nonsense() -> None:
    with pytest.raises(ValueError):
        wilson_interval(1, 0)
    with pytest.raises(ValueError):
        wilson_interval(5, 4)


def test_tally_and_run_games() -> None:
    tally = run_games(lambda seed: seed % 3, range(30))
    assert tally.total == 30 and tally.counts == {0: 10, 1: 10, 2: 10}
    rows = tally.table()
    assert [row[0] for row in rows] == [0, 1, 2]
    assert rows[0][1:3] == (10, 1 / 3)
    assert Tally.from_outcomes("aab").frequency("a") == 2 / 3


def test_plot_style_and_bars() -> None:
    use_style()
    ax = frequency_bars(["a", "b"], [0.25, 0.5], [(0.2, 0.3), (0.4, 0.6)], title="t")
    assert tuple(ax.figure.get_size_inches()) == FIGSIZE
    assert [round(p.get_height(), 6) for p in ax.patches] == [25.0, 50.0]
    assert ax.get_ylabel() == "frequency (%)"


def test_the_bootstrap_interval_agrees_with_the_normal_one_on_a_large_sample_and_repeats() -> None:
    import numpy as np

    from solitaire_lib.sim import bootstrap_difference, bootstrap_interval, mean_interval

    sample = np.random.default_rng(5).normal(10.0, 2.0, size=2_000)
    boot, normal = bootstrap_interval(sample), mean_interval(sample)
    assert boot[0] == normal[0]
    assert abs(boot[1] - normal[1]) < 0.01 and abs(boot[2] - normal[2]) < 0.01
    assert bootstrap_interval(sample) == boot  # seeded: the same interval every time
    difference, low, high = bootstrap_difference(sample + 1.0, sample)
    assert abs(difference - 1.0) < 1e-9 and low < 1.0 < high
    with pytest.raises(ValueError, match="at least two"):
        bootstrap_interval([3.0])


def test_two_runs_whose_intervals_overlap_can_still_differ() -> None:
    """Notebook 07's two runs of ten million deals: their 95% intervals overlap, yet the test of
    the difference finds the first higher (2.3 standard errors, p about 0.02)."""
    first, second = wilson_interval(11_020, 10_000_000), wilson_interval(10_679, 10_000_000)
    assert first[0] < second[1], "the intervals overlap"
    comparison = compare_shares(11_020, 10_000_000, 10_679, 10_000_000)
    assert comparison.verdict == "higher"
    assert 0.01 < comparison.p_value < 0.03
    assert comparison.sentence("the first run", "the second").startswith(
        "the first run is higher than the second: by 0.00"
    )
    assert "a test of the difference of two independent shares" in comparison.sentence("a", "b")


@given(st.lists(st.integers(-5, 5), min_size=2, max_size=60))
def test_a_comparison_decides_from_its_interval_and_says_which_test(diffs: list[int]) -> None:
    comparison = compare_paired(diffs)
    words = comparison.sentence("A", "B")
    if comparison.low > 0:
        assert comparison.verdict == "higher" and words.startswith("A is higher than B")
    elif comparison.high < 0:
        assert comparison.verdict == "lower" and words.startswith("A is lower than B")
    else:
        assert comparison.verdict == "cannot tell apart" and "cannot be told apart" in words
    assert "a paired interval over the same deals" in words


def test_the_same_share_twice_cannot_be_told_apart() -> None:
    comparison = compare_shares(500, 1000, 500, 1000)
    assert comparison.verdict == "cannot tell apart" and comparison.p_value == 1.0
