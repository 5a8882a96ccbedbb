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
    a, b = np.asarray(first, dtype=float), np.asarray(second, dtype=float)
    if len(a) < 2 or len(b) < 2:
        raise ValueError("need at least two values in each sample")
    rng = np.random.default_rng(seed)
    means_a = _resampled_means(a, rng, resamples)
    means_b = _resampled_means(b, rng, resamples)
    low, high = np.percentile(means_a - means_b, [2.5, 97.5])
    return float(a.mean() - b.mean()), float(low), float(high)


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
