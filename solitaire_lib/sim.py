"""Run many games and summarise them: tallies, frequencies and 95% confidence intervals.

>>> tally = Tally.from_outcomes(["won", "lost", "won", "won"])
>>> tally.total, tally.counts["won"]
(4, 3)
>>> round(tally.frequency("won"), 2)
0.75
>>> low, high = wilson_interval(3, 4)
>>> round(low, 3), round(high, 3)
(0.301, 0.954)
"""

from __future__ import annotations

import decimal
import itertools
import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence, Sized
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import numpy as np
from tqdm.auto import tqdm

K = TypeVar("K", bound=Hashable)

#: The z value of a two-sided 95% interval.
Z_95 = 1.959963984540054
#: The level of the tests of :class:`Comparison`: a 95% interval of a difference leaves out 0
#: exactly when the test's p-value is below 0.05 (for the bootstrap, up to its resampling).
ALPHA = 0.05


def _side(value: float, threshold: float) -> int:
    """-1, 0 or 1: ``value`` below, on or above ``threshold``."""
    return (value > threshold) - (value < threshold)


def rounded_clear_of(
    value: float, threshold: float, digits: int = 2, *, rounding: str = "nearest"
) -> str:
    """``value`` to ``digits`` significant digits, or to more where fewer would land on or
    across ``threshold``: the text stays on the value's side of the threshold, so that a
    p-value of 0.0496 is not read as 0.05 beside a verdict that the test is passed.

    ``rounding`` is ``"nearest"``, or the safe side of a bound: ``"down"`` for a lower bound
    written "at least" (the text is never more than the value), ``"up"`` for an upper bound
    written "at most" (never less).

    >>> rounded_clear_of(0.021, 0.05), rounded_clear_of(0.0496, 0.05)
    ('0.021', '0.0496')
    >>> rounded_clear_of(0.0504, 0.05), rounded_clear_of(0.05, 0.05)
    ('0.0504', '0.05')
    >>> [rounded_clear_of(2.1855, 0, rounding=r) for r in ("nearest", "down", "up")]
    ['2.2', '2.1', '2.2']
    >>> rounded_clear_of(14.6, 0, rounding="down"), rounded_clear_of(0.2939, 0, rounding="up")
    ('14', '0.3')
    >>> rounded_clear_of(0.3, 0, rounding="down")  # the float nearest to 0.3 is a hair below it
    '0.3'
    """
    if rounding not in _ROUNDINGS:
        raise ValueError(f"rounding is one of {sorted(_ROUNDINGS)}, not {rounding!r}")
    direction = _ROUNDINGS[rounding]
    text = _first_on_its_side(value, threshold, digits, lambda v, n: _significant(v, n, direction))
    return text or repr(value)  # not a finite number: nothing to round


def _first_on_its_side(
    value: float, threshold: float, digits: int, write: Callable[[float, int], str]
) -> str | None:
    """``write(value, n)`` for the first ``n`` from ``digits`` up whose text stays on the
    value's side of ``threshold``; ``None`` where 17 do not (17 digits give back any float).

    >>> _first_on_its_side(0.0496, 0.05, 2, lambda v, n: f"{v:.{n}g}")
    '0.0496'
    """
    for shown in range(digits, 18):
        text = write(value, shown)
        if _side(float(text), threshold) == _side(value, threshold):
            return text
    return None


#: The ways :func:`rounded_clear_of` rounds: to the nearest, or towards minus or plus infinity.
_ROUNDINGS = {"nearest": None, "down": decimal.ROUND_FLOOR, "up": decimal.ROUND_CEILING}


def _significant(value: float, digits: int, rounding: str | None) -> str:
    """``value`` to ``digits`` significant digits, as ``f"{value:.{digits}g}"`` writes it,
    rounded to the nearest (``rounding`` None) or in a direction of :mod:`decimal`."""
    nearest = f"{value:.{digits}g}"
    if rounding is None or float(nearest) == value:  # 0.3 is written 0.3, not 0.29, either way
        return nearest
    exact = decimal.Decimal(value)  # the float's exact value: no rounding before ours
    step = decimal.Decimal(1).scaleb(exact.adjusted() - digits + 1)
    rounded = exact.quantize(step, rounding=rounding)
    # the float nearest to ``rounded``, whose own digits are those of ``rounded``; rounding up
    # can add a digit (9.95 to 10), which .g writes as it writes 10.0
    return f"{float(rounded):.{digits}g}"


def whole_percents(parts: Sequence[float]) -> list[int]:
    """Each part's share of their sum, in whole percents that add up to 100.

    Rounding each share alone can make them add up to 99 or 101. Here the running totals are
    rounded instead (the first part, the first two, and so on), and each share is the step
    between two of them: so each running total is its own share rounded as usual, and the last
    is exactly 100. The parts must not be negative, and must not all be 0.

    >>> whole_percents([28.6, 38.6, 32.8])  # alone: 29 + 39 + 33 = 101; running: 29, 67, 100
    [29, 38, 33]
    >>> whole_percents([1, 1, 1])  # alone: 33 + 33 + 33 = 99; running: 33, 67, 100
    [33, 34, 33]
    """
    if any(part < 0 for part in parts) or not any(parts):
        raise ValueError(f"the parts must be >= 0 and not all 0, not {list(parts)}")
    totals = list(itertools.accumulate(parts))
    rounded = [0] + [round(100 * total / totals[-1]) for total in totals]
    return [after - before for before, after in itertools.pairwise(rounded)]


def p_value_text(p_value: float) -> str:
    """A p-value as a sentence gives it: "p < 0.001" for the smallest, else two significant
    digits, or more where two would round it on or across :data:`ALPHA`.

    >>> [p_value_text(p) for p in (0.00099, 0.001, 0.0496, 0.05, 0.0504, 0.21)]
    ['p < 0.001', 'p = 0.001', 'p = 0.0496', 'p = 0.05', 'p = 0.0504', 'p = 0.21']
    """
    if p_value < 0.001:
        return "p < 0.001"
    return f"p = {rounded_clear_of(p_value, ALPHA)}"


def mean_interval(values: Sequence[float] | np.ndarray) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% confidence interval (normal approximation).

    >>> mean_interval([2, 4, 6, 8])
    (5.0, 2.469..., 7.530...)
    """
    numbers = np.asarray(values, dtype=float)
    if len(numbers) == 0:
        raise ValueError("need at least one value")
    mean = float(numbers.mean())
    if len(numbers) == 1:
        return mean, -math.inf, math.inf
    half = Z_95 * float(numbers.std(ddof=1)) / math.sqrt(len(numbers))
    return mean, mean - half, mean + half


def _resampled_means(numbers: np.ndarray, rng: np.random.Generator, resamples: int) -> np.ndarray:
    """The means of ``resamples`` samples drawn from ``numbers`` with replacement."""
    samples = rng.choice(numbers, size=(resamples, len(numbers)), replace=True)
    return np.asarray(samples.mean(axis=1))


def bootstrap_interval(
    values: Sequence[float] | np.ndarray, *, resamples: int = 10_000, seed: int = 0
) -> tuple[float, float, float]:
    """The mean of ``values`` and a 95% percentile-bootstrap interval for it.

    For small or skewed samples (a few dozen search costs with a long tail), where the normal
    approximation of :func:`mean_interval` is too optimistic: the sample is resampled with
    replacement ``resamples`` times (seeded, so the interval repeats), and the interval holds
    the middle 95% of the resampled means.

    >>> mean, low, high = bootstrap_interval([1, 2, 3, 4, 100])
    >>> mean, low < 3 < 50 < high
    (22.0, True)
    """
    numbers = np.asarray(values, dtype=float)
    if len(numbers) < 2:
        raise ValueError("need at least two values")
    means = _resampled_means(numbers, np.random.default_rng(seed), resamples)
    low, high = np.percentile(means, [2.5, 97.5])
    return float(numbers.mean()), float(low), float(high)


def bootstrap_difference(
    first: Sequence[float] | np.ndarray,
    second: Sequence[float] | np.ndarray,
    *,
    resamples: int = 10_000,
    seed: int = 0,
) -> tuple[float, float, float]:
    """``mean(first) - mean(second)`` for two independent samples, with a 95% percentile-bootstrap
    interval (each sample resampled on its own). The difference is real only if the interval
    excludes 0.

    >>> difference, low, high = bootstrap_difference([10, 11, 12, 13], [1, 2, 3, 4])
    >>> difference, low > 0
    (9.0, True)
    """
    comparison = compare_means(first, second, resamples=resamples, seed=seed)
    return comparison.difference, comparison.low, comparison.high


def ratio_interval(
    values: Sequence[float] | np.ndarray,
    baseline: Sequence[float] | np.ndarray,
    *,
    resamples: int = 10_000,
    seed: int = 0,
) -> tuple[float, float, float]:
    """``sum(values) / sum(baseline)`` for two players on the same deals (``values[i]`` and
    ``baseline[i]`` from deal ``i``), with a 95% paired-bootstrap interval: the deals are
    resampled with replacement, each keeping both of its scores, so the luck of a deal counts
    once. The baseline's total must be far from 0 for a ratio to mean anything.

    >>> ratio, low, high = ratio_interval([1, 2, 1, 2], [2, 4, 2, 4])
    >>> ratio, low, high
    (0.5, 0.5, 0.5)
    """
    first, second = np.asarray(values, dtype=float), np.asarray(baseline, dtype=float)
    if len(first) != len(second) or len(first) < 2:
        raise ValueError("need the same deals, at least two, in both lists of scores")
    if second.sum() == 0:
        raise ValueError("the baseline's total is 0: a ratio to it means nothing")
    picks = np.random.default_rng(seed).integers(0, len(first), size=(resamples, len(first)))
    ratios = first[picks].sum(axis=1) / second[picks].sum(axis=1)
    low, high = np.percentile(ratios, [2.5, 97.5])
    return float(first.sum() / second.sum()), float(low), float(high)


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: good even near 0 or 1, unlike p ± z·se.

    >>> wilson_interval(0, 10)[0]
    0.0
    """
    if trials <= 0:
        raise ValueError("need at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and {trials}, not {successes}")
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half_width = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half_width)
    high = 1.0 if successes == trials else min(1.0, centre + half_width)
    return low, high


@dataclass(frozen=True)
class Comparison:
    """Two estimates compared by one test, with the words to say what it found.

    ``difference`` is the first estimate minus the second, ``low`` and ``high`` its 95%
    interval, ``p_value`` the two-sided chance of a difference at least this large if the two
    were the same, and ``method`` the test, in words. The verdict comes from the interval of the
    difference (the same as the test at the level :data:`ALPHA`), never from whether one
    estimate's own interval holds the other: two intervals may overlap although the difference
    is real.
    Make one with :func:`compare_shares` (two independent runs), :func:`compare_paired` (the
    same deals played two ways), :func:`compare_outcomes` (two outcomes of the same games),
    :func:`compare_means` (two skewed samples: the bootstrap) or :func:`compare_estimates` (two
    independent results kept as their intervals).
    """

    difference: float
    low: float
    high: float
    p_value: float
    method: str

    @property
    def standard_errors(self) -> float:
        """The difference in standard errors of the difference (its z statistic)."""
        half = (self.high - self.low) / 2
        return self.difference / (half / Z_95) if half > 0 else math.inf

    @property
    def verdict(self) -> str:
        """'higher' or 'lower' (the first than the second), or 'cannot tell apart'."""
        if self.low > 0:
            return "higher"
        if self.high < 0:
            return "lower"
        return "cannot tell apart"

    def sentence(
        self,
        first: str,
        second: str,
        scale: float = 1.0,
        digits: int = 2,
        unit: str = "",
        higher: str = "is higher than",
        lower: str = "is lower than",
    ) -> str:
        """The verdict in words, with the difference, its interval and the test; ``higher`` and
        ``lower`` are the words of the verdict ("wins more deals than"). The p-value is
        written by :func:`p_value_text`, never rounded across the test's level. A difference
        too small to tell is given with its sign, as "the former minus the latter" (``first``
        minus ``second``), so the reader knows which was subtracted from which.

        >>> said = compare_shares(550, 1000, 480, 1000).sentence("A", "B", scale=100, digits=1)
        >>> said.split(" (")[0]
        'A is higher than B: by 7.0'
        >>> said.split(" (")[1]
        '95% interval 2.6 to 11.4; a test of the difference of two independent shares, p = 0.0017).'
        >>> compare_means([10, 11, 12, 13], [1, 2, 3, 4]).sentence("A", "B").endswith("p < 0.001).")
        True
        >>> compare_shares(480, 1000, 550, 1000).sentence("B", "A", scale=100, digits=1)[:51]
        'B is lower than A: by 7.0 (95% interval 2.6 to 11.4'
        >>> compare_paired([0.1, -0.2, 0.3, 0.0]).sentence("C", "D").split(" (")[0]
        'C and D cannot be told apart: the former minus the latter is 0.05'
        """
        # Said as a size in the verdict's direction ("lower by 5.5, 95% interval 5.3 to 5.8"):
        # a lower verdict turns the interval of the difference round.
        facts = self._facts(scale, digits, unit, turned=self.verdict == "lower")
        if self.verdict == "cannot tell apart":
            difference = f"{scale * self.difference:.{digits}f}{unit}"
            return (
                f"{first} and {second} cannot be told apart: the former minus the latter is "
                f"{difference} ({facts})."
            )
        size = f"{scale * abs(self.difference):.{digits}f}{unit}"
        words = higher if self.verdict == "higher" else lower
        return f"{first} {words} {second}: by {size} ({facts})."

    def difference_sentence(
        self, first: str, second: str, scale: float = 1.0, digits: int = 2, unit: str = ""
    ) -> str:
        """The difference (first minus second), its interval and the test, with no verdict: for
        a caller that reads a difference below the level as chance (two runs of one same
        chance), where :meth:`sentence`'s "is higher than" would claim what it then denies.

        >>> said = compare_shares(10_679, 10**7, 11_016, 10**7).difference_sentence(
        ...     "this run", "the other", scale=100, digits=4)
        >>> said.split(" (")[0]
        'The difference, this run minus the other, is -0.0034'
        >>> said.split(" (")[1].split("; ")[0]
        '95% interval -0.0063 to -0.0005'
        >>> said.split("; ")[1]
        'a test of the difference of two independent shares, p = 0.022).'
        """
        difference = f"{scale * self.difference:.{digits}f}{unit}"
        facts = self._facts(scale, digits, unit, turned=False)
        return f"The difference, {first} minus {second}, is {difference} ({facts})."

    def _facts(self, scale: float, digits: int, unit: str, turned: bool) -> str:
        """The interval of the difference (turned round for a size said as "lower by"), the
        test and its p-value, as the brackets of a sentence give them."""
        bounds = (-self.high, -self.low) if turned else (self.low, self.high)
        low, high = (_fixed_clear_of_zero(scale * value, digits) for value in bounds)
        return f"95% interval {low} to {high}{unit}; {self.method}, {p_value_text(self.p_value)}"


def _fixed_clear_of_zero(value: float, digits: int) -> str:
    """``value`` with ``digits`` decimals, or more where fewer would write it as 0 (or -0) though
    it is not: an interval end beside a verdict stays on its side of 0.

    >>> [_fixed_clear_of_zero(v, 0) for v in (0.4, 1.2, -0.004, 0.0)]
    ['0.4', '1', '-0.004', '0']
    >>> _fixed_clear_of_zero(-0.0004, 2), _fixed_clear_of_zero(2.5, 1)
    ('-0.0004', '2.5')
    """
    text = _first_on_its_side(value, 0, digits, lambda v, n: f"{v:.{n}f}")
    return text or f"{value:.{digits}e}"  # closer to 0 than 17 decimals show


def _normal_comparison(difference: float, error: float, method: str) -> Comparison:
    """A difference with its standard error, by the normal approximation: the interval
    difference ± 1.96 errors, and the two-sided chance of a normal variable at least this many
    errors from 0."""
    z = difference / error if error > 0 else (math.inf if difference else 0.0)
    p_value = math.erfc(abs(z) / math.sqrt(2))
    half = Z_95 * error
    return Comparison(difference, difference - half, difference + half, p_value, method)


def compare_shares(
    successes: int, trials: int, other_successes: int, other_trials: int
) -> Comparison:
    """Compare two shares from independent runs (``successes / trials``, first minus second).

    >>> c = compare_shares(11_020, 10_000_000, 10_679, 10_000_000)
    >>> c.verdict, round(c.standard_errors, 1), round(c.p_value, 3)
    ('higher', 2.3, 0.021)
    """
    first = successes / trials
    second = other_successes / other_trials
    error = math.sqrt(first * (1 - first) / trials + second * (1 - second) / other_trials)
    return _normal_comparison(
        first - second, error, "a test of the difference of two independent shares"
    )


def compare_paired(differences: Sequence[float] | np.ndarray) -> Comparison:
    """Compare two ways of playing the same deals from their deal-by-deal differences (first
    minus second): the mean difference with its paired 95% interval.

    >>> compare_paired([1, 2, 0, 1, 3, 1]).verdict
    'higher'
    """
    mean, low, high = mean_interval(differences)
    error = (high - low) / (2 * Z_95)  # the standard error mean_interval used
    return _normal_comparison(mean, error, "a paired interval over the same deals")


def compare_outcomes(tally: Tally[K], first: K, second: K) -> Comparison:
    """Compare how often two outcomes of the same games happen (the share of ``first`` minus
    the share of ``second``, both of ``tally.total`` games). A game has one outcome, so the two
    shares come from the same games and are not independent: each game counts 1 if it ended in
    ``first``, -1 if in ``second``, 0 otherwise, and the mean of these gets its paired interval.

    >>> tally = Tally.from_outcomes([4] * 60 + [5] * 30 + [0] * 10)
    >>> compare_outcomes(tally, 4, 5).verdict, compare_outcomes(tally, 5, 0).difference
    ('higher', 0.2)
    """
    if first == second:
        raise ValueError(f"compare two different outcomes, not {first!r} with itself")
    counts = [tally.counts[first], tally.counts[second]]
    differences = np.repeat([1.0, -1.0, 0.0], [*counts, tally.total - sum(counts)])
    return compare_paired(differences)


def compare_estimates(
    first: tuple[float, float, float], second: tuple[float, float, float]
) -> Comparison:
    """Compare two independent estimates given as ``(mean, low, high)`` with normal 95%
    intervals (what :func:`mean_interval` returns), first minus second: the standard error of
    each is its interval's half-width over 1.96, and the errors add in squares. For results
    kept only as their intervals (two widths of a board, two separate runs).

    >>> compare_estimates((5.57, 4.28, 6.85), (7.20, 4.97, 9.42)).verdict
    'cannot tell apart'
    >>> compare_estimates((0.46, -0.76, 1.68), (-10.38, -12.30, -8.46)).verdict
    'higher'
    """
    errors = [(high - low) / (2 * Z_95) for _, low, high in (first, second)]
    return _normal_comparison(
        first[0] - second[0],
        math.hypot(*errors),
        "a test of the difference of two independent means",
    )


def compare_means(
    first: Sequence[float] | np.ndarray,
    second: Sequence[float] | np.ndarray,
    *,
    resamples: int = 10_000,
    seed: int = 0,
) -> Comparison:
    """Compare the means of two independent samples (first minus second) by the bootstrap: the
    interval is :func:`bootstrap_difference`'s, the p-value twice the share of resampled
    differences on the far side of 0. For skewed samples (a few very hard deals).

    >>> compare_means([10, 11, 12, 13], [1, 2, 3, 4]).verdict
    'higher'
    """
    a, b = np.asarray(first, dtype=float), np.asarray(second, dtype=float)
    if len(a) < 2 or len(b) < 2:
        raise ValueError("need at least two values in each sample")
    rng = np.random.default_rng(seed)
    differences = _resampled_means(a, rng, resamples) - _resampled_means(b, rng, resamples)
    low, high = np.percentile(differences, [2.5, 97.5])
    far_side = min(float((differences <= 0).mean()), float((differences >= 0).mean()))
    method = "a bootstrap test of the difference of two means"
    return Comparison(float(a.mean() - b.mean()), float(low), float(high), min(1.0, 2 * far_side),
                      method)  # fmt: skip


@dataclass
class Tally(Generic[K]):
    """How often each outcome happened, out of ``total`` games."""

    counts: Counter[K] = field(default_factory=Counter)
    total: int = 0

    @classmethod
    def from_outcomes(cls, outcomes: Iterable[K]) -> Tally[K]:
        tally: Tally[K] = cls()
        for outcome in outcomes:
            tally.add(outcome)
        return tally

    @classmethod
    def from_array(cls, outcomes: np.ndarray) -> Tally[int]:
        """The tally of an array of non-negative integer outcomes (plain ``int`` keys).

        >>> Tally.from_array(np.array([0, 2, 2])).counts
        Counter({2: 2, 0: 1})
        """
        tally: Tally[int] = Tally()
        for outcome, count in enumerate(np.bincount(outcomes).tolist()):
            if count:
                tally.counts[outcome] = count
        tally.total = len(outcomes)
        return tally

    def add(self, outcome: K) -> None:
        self.counts[outcome] += 1
        self.total += 1

    def frequency(self, outcome: K) -> float:
        return self.counts[outcome] / self.total

    def interval(self, outcome: K) -> tuple[float, float]:
        """95% Wilson interval for the probability of ``outcome``."""
        return wilson_interval(self.counts[outcome], self.total)

    def table(
        self, outcomes: Iterable[K] | None = None
    ) -> list[tuple[K, int, float, float, float]]:
        """Rows ``(outcome, count, frequency, low, high)``, outcomes sorted.

        ``outcomes`` lists the rows wanted, those that never happened included (count 0), so
        that a plot shows the gaps:

        >>> [row[:2] for row in Tally.from_outcomes([0, 2, 2]).table(range(3))]
        [(0, 1), (1, 0), (2, 2)]
        """
        wanted = sorted(self.counts) if outcomes is None else list(outcomes)  # type: ignore[type-var]
        return [
            (outcome, self.counts[outcome], self.frequency(outcome), *self.interval(outcome))
            for outcome in wanted
        ]


def run_games(
    play_one: Callable[[int], K],
    seeds: Iterable[int],
    *,
    progress: bool = False,
    description: str = "games",
) -> Tally[K]:
    """Play one game per seed with ``play_one(seed) -> outcome`` and tally the outcomes.

    ``progress=True`` shows a tqdm progress bar (a widget in Jupyter, text in a terminal).

    >>> run_games(lambda seed: seed % 2, range(10)).counts[1]
    5
    """
    total = len(seeds) if isinstance(seeds, Sized) else None  # a range is never listed
    tally: Tally[K] = Tally()
    bar = tqdm(seeds, total=total, desc=description, disable=not progress, leave=False)
    for seed in bar:
        tally.add(play_one(seed))
    return tally
