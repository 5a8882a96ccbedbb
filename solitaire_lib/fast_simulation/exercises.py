"""The checks behind ``exercises/07_fast_simulation.ipynb``.

Three tasks from notebook 07, each with one right answer:

* ``init_genrand(seed)``: the Mersenne Twister's first seeding step, the 624 words of its state;
* ``wilson_interval(successes, trials)``: the 95 % Wilson score interval of a proportion;
* ``tally(outcomes, size)``: how often each outcome code occurs in a numpy array.

The Wilson interval is compared to 9 decimals (a formula written in another order may differ in
its last bits); the rounding is done in the judging process (``Task.verdict``).

>>> from solitaire_lib.fast_simulation.exercises import check
>>> def tally(outcomes, size):
...     return [int((outcomes == k).sum()) for k in range(size)]
>>> check.run(tally).ok
True
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from solitaire_lib import mersenne, sim
from solitaire_lib.grading.checks import Case, Checker, Hint, Task
from solitaire_lib.grading.plain import Unplain

_CASES_RNG_SEED = 707
#: The 95 % point of the standard normal distribution, as the notebook gives it.
Z_95 = sim.Z_95

# --- References ----------------------------------------------------------------------------------


def init_genrand(seed: int) -> list[int]:
    return [int(word) for word in mersenne.genrand_start(seed)]


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    return sim.wilson_interval(successes, trials, Z_95)


def tally(outcomes: np.ndarray, size: int) -> list[int]:
    return [int(count) for count in np.bincount(outcomes, minlength=size)]


# --- Cases ---------------------------------------------------------------------------------------


def _genrand_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    seeds = [0, 1, 5489, 19650218, 2**32 - 1, 2**32 + 5, 2**40 + 3]
    return [Case((seed,)) for seed in seeds + [rng.randrange(2**32) for _ in range(8)]]


def _wilson_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    cases = [Case((0, 10)), Case((10, 10)), Case((5, 10)), Case((1, 1000)), Case((354, 100_000))]
    cases += [Case((0, 1)), Case((1, 1)), Case((1068, 1_000_000))]
    for _ in range(30):
        trials = rng.choice([2, 5, 30, 200, 10_000, 10**7])
        cases.append(Case((rng.randint(0, trials), trials)))
    cases += [Case((1, 0)), Case((3, 2)), Case((-1, 5)), Case((0, -4)), Case((0, 0))]
    return cases


def _tally_cases() -> list[Case]:
    rng = np.random.default_rng(_CASES_RNG_SEED)
    cases = [
        Case((np.array([0, 2, 2, 1, 2]), 3), label="the notebook's example"),
        Case((np.array([1, 1, 1]), 4), label="outcomes that never happen count 0"),
        Case((np.array([], dtype=np.int64), 2), label="no deals at all"),
        Case((np.array([3]), 4)),
    ]
    for length, size in [(10, 5), (1000, 3), (100_000, 8), (1_000_000, 6)]:
        cases.append(Case((rng.integers(0, size, length), size)))
    # only low codes occur, so that the last outcomes never happen
    cases.append(Case((rng.integers(0, 2, 500), 7)))
    return cases


def _drawn_seeds(rng: random.Random) -> list[Case]:
    return [Case((rng.randrange(2**32),)) for _ in range(3)]


def _drawn_counts(rng: random.Random) -> list[Case]:
    """Successes of trials drawn at random, a few small ones (where the clamping shows)."""
    cases = []
    for _ in range(6):
        trials = rng.choice([1, 3, 20, 1000, 10**6])
        cases.append(Case((rng.randint(0, trials), trials)))
    return cases


def _drawn_outcomes(rng: random.Random) -> list[Case]:
    cases = []
    for _ in range(3):
        size = rng.randrange(1, 10)
        codes = [rng.randrange(size) for _ in range(rng.randrange(0, 200))]
        cases.append(Case((np.array(codes, dtype=np.int64), size)))
    return cases


# --- Hints ---------------------------------------------------------------------------------------


def _too_large(case: Case, expected: Any, got: Any) -> bool:
    return type(got) is list and any(type(w) is int and w > mersenne.MASK for w in got)


def _length_differs(case: Case, expected: Any, got: Any) -> bool:
    return type(got) is list and type(expected) is list and len(got) != len(expected)


def _wald_interval(case: Case, expected: Any, got: Any) -> bool:
    successes, trials = case.args
    if type(got) is not tuple or len(got) != 2 or trials <= 0:
        return False
    p = successes / trials
    half = Z_95 * (p * (1 - p) / trials) ** 0.5
    wald = (p - half, p + half)
    kept_within = (max(0.0, p - half), min(1.0, p + half))  # clamped, as the statement asks
    return any(
        all(type(g) is float and abs(g - w) < 1e-6 for g, w in zip(got, interval, strict=True))
        for interval in (wald, kept_within)
    )


def _another_z(case: Case, expected: Any, got: Any) -> bool:
    """Wilson's interval right, but with a rounded z (1.96, 2, ...) or a 90 % or 99 % one."""
    successes, trials = case.args
    if type(got) is not tuple or got == expected or not (0 <= successes <= trials > 0):
        return False
    return any(
        bool(_rounded(case, sim.wilson_interval(successes, trials, z)) == got)
        for z in (1.96, 2.0, 1.645, 2.576, 1.0, 3.0)
    )


def _masked_only_at_the_end(case: Case, expected: Any, got: Any) -> bool:
    """The words computed without the cut, then each cut to 32 bits at the end."""
    (seed,) = case.args
    words = [seed]
    for index in range(1, mersenne.N):
        words.append(1812433253 * (words[-1] ^ (words[-1] >> 30)) + index)
    return bool(got != expected and got == [word & mersenne.MASK for word in words])


def _is_list_of_two(case: Case, expected: Any, got: Any) -> bool:
    return type(got) is list and len(got) == 2


def _not_a_list(case: Case, expected: Any, got: Any) -> bool:
    return isinstance(got, Unplain) or (
        type(got) is list and any(isinstance(g, Unplain) for g in got)
    )


def _short_list(case: Case, expected: Any, got: Any) -> bool:
    return type(got) is list and type(expected) is list and len(got) < len(expected)


def _rounded(case: Case, value: Any) -> Any:
    """Floats to 9 decimals, inside a tuple or alone; anything else as it came."""
    if type(value) is tuple:
        return tuple(round(v, 9) if type(v) is float else v for v in value)
    return value


# --- The tasks -----------------------------------------------------------------------------------

TASKS = [
    Task("init_genrand", init_genrand, _genrand_cases, drawn=_drawn_seeds,
         hints=[Hint("Keep every word to 32 bits: '& 0xFFFFFFFF' after each step (and on the seed "
                     "itself). Python's integers never overflow, C's 32-bit words do.",
                     _too_large),
                Hint("Cut each word to 32 bits as soon as it is made ('& 0xFFFFFFFF' inside the "
                     "loop): the next word is computed from the cut one, so cutting them all at "
                     "the end gives other words.", _masked_only_at_the_end),
                Hint("The state has exactly 624 words: the seed, then 623 more.",
                     _length_differs)]),
    Task("wilson_interval", wilson_interval, _wilson_cases, raises=(ValueError,),
         drawn=_drawn_counts,
         verdict=_rounded,
         hints=[Hint("That is the normal-approximation (Wald) interval p ± z·√(p(1−p)/n). "
                     "Wilson's interval is centred at (p + z²/2n)/(1 + z²/n), not at p.",
                     _wald_interval),
                Hint("That is Wilson's interval with another z: use the notebook's Z_95 = "
                     f"{Z_95!r} (the 97.5 % point of the normal distribution), not a rounded "
                     "1.96 or 2.", _another_z),
                Hint("Return a tuple (low, high), not a list.", _is_list_of_two)]),
    Task("tally", tally, _tally_cases, drawn=_drawn_outcomes,
         hints=[Hint("Return a list of Python ints: a numpy array (or numpy integers) is not "
                     "plain data. .tolist() turns an array into a list of ints.", _not_a_list),
                Hint("The list has one count per outcome code, 0 to size - 1, even for codes "
                     "that never occur (np.bincount's minlength).", _short_list)]),
]  # fmt: skip

check = Checker(TASKS)
