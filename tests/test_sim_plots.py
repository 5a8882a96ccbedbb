"""Tallies, confidence intervals, plots."""

from __future__ import annotations

import math
import re

import matplotlib
import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_lib.plots import FIGSIZE, frequency_bars, use_style
from solitaire_lib.sim import (
    ALPHA,
    Z_95,
    Comparison,
    Tally,
    compare_outcomes,
    compare_paired,
    compare_shares,
    p_value_text,
    rounded_clear_of,
    run_games,
    whole_percents,
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
        assert comparison.verdict == "cannot tell apart"
        difference = f"the former minus the latter is {comparison.difference:.2f} ("
        assert f"A and B cannot be told apart: {difference}" in words
    assert "a paired interval over the same deals" in words


@pytest.mark.parametrize(
    ("first", "second", "said"),
    [
        ("A", "B", "A and B cannot be told apart: the former minus the latter is -0.3 points"),
        ("B", "A", "B and A cannot be told apart: the former minus the latter is -0.3 points"),
    ],
)
def test_a_difference_that_cannot_be_told_apart_says_which_is_subtracted(
    first: str, second: str, said: str
) -> None:
    # a signed difference with no verdict: the sentence must say it is first minus second
    comparison = Comparison(-0.003, -0.01, 0.004, 0.41, "a test")
    sentence = comparison.sentence(first, second, scale=100, digits=1, unit=" points")
    assert sentence == f"{said} (95% interval -1.0 to 0.4 points; a test, p = 0.41)."


def test_the_same_share_twice_cannot_be_told_apart() -> None:
    comparison = compare_shares(500, 1000, 500, 1000)
    assert comparison.verdict == "cannot tell apart" and comparison.p_value == 1.0


@pytest.mark.parametrize(
    ("p_value", "low", "written"),
    [
        (0.0496, 0.001, "p = 0.0496"),  # a difference claimed: not "0.05"
        (0.0504, -0.001, "p = 0.0504"),  # cannot be told apart: not "0.05" either
        (0.05, 0.0, "p = 0.05"),  # on the level itself: cannot be told apart
        (0.04999, 0.0001, "p = 0.04999"),
        (0.04951, 0.001, "p = 0.0495"),
        (0.021, 0.01, "p = 0.021"),  # clear of the level: two significant digits
        (0.21, -0.1, "p = 0.21"),
        (0.001, 0.1, "p = 0.001"),
        (0.00099, 0.1, "p < 0.001"),
    ],
)
def test_a_sentence_never_rounds_its_p_value_across_the_level(
    p_value: float, low: float, written: str
) -> None:
    sentence = Comparison(0.2, low, 0.4, p_value, "a test").sentence("A", "B")
    assert sentence.endswith(f"a test, {written}).")
    assert ("cannot be told apart" in sentence) == (p_value >= ALPHA)


@pytest.mark.parametrize(
    ("low", "high", "digits", "written"),
    [
        (0.4, 226.0, 0, "95% interval 0.4 to 226"),  # not "0 to 226" beside "higher"
        (0.0004, 0.02, 2, "95% interval 0.0004 to 0.02"),
        (1.2, 3.0, 1, "95% interval 1.2 to 3.0"),  # clear of 0: the digits asked for
    ],
)
def test_an_interval_end_is_never_written_as_0_unless_it_is(
    low: float, high: float, digits: int, written: str
) -> None:
    higher = Comparison((low + high) / 2, low, high, 0.01, "a test").sentence(
        "A", "B", digits=digits
    )
    assert f"({written};" in higher
    lower = Comparison(-(low + high) / 2, -high, -low, 0.01, "a test").sentence(
        "A", "B", digits=digits
    )
    assert f"({written};" in lower and "-0" not in lower  # turned round: "lower by"


@given(st.floats(min_value=0.001, max_value=1.0))
def test_a_p_value_is_written_on_its_side_of_the_level_in_as_few_digits_as_that_allows(
    p_value: float,
) -> None:
    text = p_value_text(p_value).removeprefix("p = ")
    assert (float(text) < ALPHA, float(text) == ALPHA) == (p_value < ALPHA, p_value == ALPHA)
    two_digits = f"{p_value:.2g}"
    if (float(two_digits) < ALPHA) == (p_value < ALPHA) and float(two_digits) != ALPHA:
        assert text == two_digits
    else:  # the fewest digits that keep the side
        assert len(text) > len(two_digits) or p_value == ALPHA


@given(st.integers(1, 400), st.integers(0, 400), st.integers(1, 400), st.integers(0, 400))
def test_the_written_p_value_agrees_with_the_verdict(
    trials: int, successes: int, other_trials: int, other_successes: int
) -> None:
    comparison = compare_shares(
        min(successes, trials), trials, min(other_successes, other_trials), other_trials
    )
    said = comparison.sentence("A", "B")
    written = re.search(r"p ([=<]) ([0-9.]+)\)\.$", said)
    assert written is not None, said
    below_level = written[1] == "<" or float(written[2]) < ALPHA
    assert below_level == (comparison.verdict != "cannot tell apart"), said


def test_rounded_clear_of_keeps_a_value_off_a_threshold_it_is_not_on() -> None:
    assert rounded_clear_of(4.96, 5.0) == "4.96"  # a percent beside a level of 5%
    assert rounded_clear_of(2.2, 5.0) == "2.2"
    assert rounded_clear_of(0.049999999999999996, 0.05) == "0.049999999999999996"


def test_a_bound_is_rounded_to_its_safe_side() -> None:
    """A lower bound said "at least" is rounded down, an upper bound said "at most" up:
    05's bound of 2.19 percentage points is not "at least 2.2"."""
    assert rounded_clear_of(0.021855, 0, rounding="down") == "0.021"
    assert rounded_clear_of(100 * 0.02185501256533144, 0, rounding="down") == "2.1"
    assert rounded_clear_of(0.021855, 0, rounding="up") == "0.022"
    assert rounded_clear_of(14.6, 0, rounding="down") == "14"
    assert rounded_clear_of(14.07, 0, rounding="up") == "15"
    assert rounded_clear_of(9.95, 0, rounding="up") == "10"
    assert rounded_clear_of(-2.1855, 0, rounding="down") == "-2.2"  # towards minus infinity
    assert rounded_clear_of(0.3, 0, rounding="down") == "0.3"  # the float that 0.3 reads as
    assert rounded_clear_of(0.0504, 0.05, rounding="down") == "0.0504"  # still off the level
    for value in (0.021855, 14.6, 0.2939, 123456.789, 1e-7 * 3.14159, -0.5551):
        for rounding, safe in (("down", float.__le__), ("up", float.__ge__)):
            assert safe(float(rounded_clear_of(value, 0, rounding=rounding)), value)
    with pytest.raises(ValueError, match="rounding"):
        rounded_clear_of(1.0, 0, rounding="floor")


def test_two_outcomes_of_the_same_games_are_compared_pair_by_pair() -> None:
    """60 games end in 4, 30 in 5 and 10 in 0: the shares 0.6 and 0.3 come from the same 100
    games, so their difference has the variance (0.6 + 0.3 - 0.3²) / 99 per game, wider than two
    independent shares (whose covariance would be 0)."""
    tally = Tally.from_outcomes([4] * 60 + [5] * 30 + [0] * 10)
    comparison = compare_outcomes(tally, 4, 5)
    assert comparison.difference == pytest.approx(0.3)
    half = Z_95 * math.sqrt((0.6 + 0.3 - 0.3**2) / 99)
    assert (comparison.low, comparison.high) == pytest.approx((0.3 - half, 0.3 + half))
    independent = compare_shares(60, 100, 30, 100)
    assert comparison.high - comparison.low > independent.high - independent.low
    assert comparison.verdict == "higher" and compare_outcomes(tally, 5, 4).verdict == "lower"
    assert "a paired interval over the same deals" in comparison.sentence("4", "5")
    with pytest.raises(ValueError, match="two different outcomes, not 4 with itself"):
        compare_outcomes(tally, 4, 4)


@given(st.lists(st.integers(0, 3), min_size=2, max_size=80), st.integers(0, 3), st.integers(0, 3))
def test_a_comparison_of_outcomes_takes_the_difference_of_their_shares(
    outcomes: list[int], first: int, second: int
) -> None:
    if first == second:
        return
    tally = Tally.from_outcomes(outcomes)
    comparison = compare_outcomes(tally, first, second)
    assert comparison.difference == pytest.approx(tally.frequency(first) - tally.frequency(second))
    swapped = compare_outcomes(tally, second, first)
    flip = {"higher": "lower", "lower": "higher", "cannot tell apart": "cannot tell apart"}
    assert swapped.verdict == flip[comparison.verdict]


@given(st.lists(st.floats(min_value=0, max_value=1e6), min_size=1, max_size=8).filter(any))
def test_whole_percents_add_up_to_100_and_each_running_total_is_rounded_as_usual(
    parts: list[float],
) -> None:
    shares = whole_percents(parts)
    assert sum(shares) == 100
    assert all(share >= 0 for share in shares)
    for k in range(1, len(parts) + 1):  # the first k shares: the first k parts' share, rounded
        assert abs(sum(shares[:k]) - 100 * sum(parts[:k]) / sum(parts)) <= 0.5 + 1e-9
    for share, part in zip(shares, parts, strict=True):
        assert abs(share - 100 * part / sum(parts)) < 1 + 1e-9


def test_whole_percents_are_not_each_rounded_alone() -> None:
    """Notebook 07's bar of seeding, shuffling and playing once said 29% + 39% + 33%: rounded
    alone, 28.6, 38.6 and 32.8 out of 100 give 101."""
    assert whole_percents([28.6, 38.6, 32.8]) == [29, 38, 33]


@pytest.mark.parametrize("parts", [[], [0, 0], [3, -1]])
def test_whole_percents_need_parts_that_are_not_negative_nor_all_0(parts: list[float]) -> None:
    with pytest.raises(ValueError, match="must be >= 0"):
        whole_percents(parts)


@given(st.integers(1, 400), st.integers(0, 400), st.integers(1, 400), st.integers(0, 400))
def test_the_difference_sentence_gives_the_facts_of_the_sentence_without_a_verdict(
    trials: int, successes: int, other_trials: int, other_successes: int
) -> None:
    """For a reader who takes a difference below the level as chance (notebook 07's two runs of
    one same chance): no "higher", "lower" or "told apart", the signed difference, its interval
    low to high, and the same test and p-value as the sentence with the verdict."""
    comparison = compare_shares(
        min(successes, trials), trials, min(other_successes, other_trials), other_trials
    )
    said = comparison.difference_sentence("A", "B", scale=100, digits=3, unit=" points")
    assert not re.search(r"higher|lower|told apart", said), said
    difference, low, high = (
        f"{100 * v:.3f}" for v in (comparison.difference, comparison.low, comparison.high)
    )
    assert said.startswith(
        f"The difference, A minus B, is {difference} points (95% interval {low} to {high} points; "
    ), said
    assert said.endswith(comparison.sentence("A", "B").split("; ", 1)[1]), said
