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

import ast
import builtins
import collections
import contextlib
import functools
import heapq
import inspect
import itertools
import math
import operator
import random
import re
import statistics
import textwrap
import types
from collections.abc import Callable
from typing import Any, cast

import numpy as np

from solitaire_lib import mersenne, sim
from solitaire_lib.grading.checks import Case, Checker, Hint, Task
from solitaire_lib.grading.fenced import ReachedFor, fenced
from solitaire_lib.grading.isolation import CheckFinding
from solitaire_lib.grading.plain import Unplain

_CASES_RNG_SEED = 707
#: The z of a 95 % interval (the 97.5 % point of the standard normal), as the statement gives it.
Z_95 = sim.Z_95

# --- References ----------------------------------------------------------------------------------


def init_genrand(seed: int) -> list[int]:
    return [int(word) for word in mersenne.genrand_start(seed)]


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    return sim.wilson_interval(successes, trials, Z_95)


def tally(outcomes: np.ndarray, size: int) -> list[int]:
    return [int(count) for count in np.bincount(outcomes, minlength=size)]


# --- Cases ---------------------------------------------------------------------------------------


#: Seeds where a word's product, cut to 32 bits, plus the index i reaches 2**32: a version that
#: cuts the product and then adds i uncut (or differs from the statement only in where it cuts
#: around the '+ i') gives a 33-bit word there, and other words after it. That happens in about
#: 623 * 624 / 2 / 2**32 (5e-5) of the seeds, so drawn seeds almost never show it. These were
#: found by a search over the statement's own recurrence, ``tools/genrand_carry_seeds.py`` (54 of
#: the seeds 0 to 2**20 - 1 carry; these are the first three, whose carries come early, midway
#: and late: at words 170, 320 and 609).
CARRY_SEEDS = (27865, 47092, 7974)


def _step_that_carries(seed: int) -> int | None:
    """The first index i where the product of the step, cut to 32 bits, plus i reaches 2**32
    (``None`` when no step carries).

    >>> _step_that_carries(27865), _step_that_carries(0)
    (170, None)
    """
    word = seed & mersenne.MASK
    for index in range(1, mersenne.N):
        cut = (1812433253 * (word ^ (word >> 30))) & mersenne.MASK
        if cut + index > mersenne.MASK:
            return index
        word = cut + index
    return None


def _genrand_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    seeds = [0, 1, 5489, 19650218, 2**32 - 1, 2**32 + 5, 2**40 + 3]
    cases = [Case((seed,)) for seed in seeds + [rng.randrange(2**32) for _ in range(8)]]
    cases += [
        Case((-5,), label="a negative seed: -5 & 0xFFFFFFFF is 4294967291"),
        Case((-(2**31),), label="the lowest seed of C's signed 32-bit int"),
    ]
    cases += [
        Case(
            (seed,),
            label=f"word {_step_that_carries(seed)}'s product, cut to 32 bits, plus "
            f"{_step_that_carries(seed)} passes 2**32",
        )
        for seed in CARRY_SEEDS
    ]
    return cases


def _seed_cut_otherwise(case: Case, expected: Any, got: Any) -> bool:
    """A seed outside 0 to 2³² − 1 whose word 0 is not ``seed & 0xFFFFFFFF``: a negative seed
    made positive another way (``abs(seed)``, ``-seed``) or kept negative, a larger one kept
    whole: the class of mistakes that do not cut the seed itself to 32 bits.

    >>> _seed_cut_otherwise(Case((-5,)), [4294967291, 1], [5, 1])
    True
    >>> _seed_cut_otherwise(Case((5,)), [5, 1], [6, 1])
    False
    """
    seed = case.args[0]
    return (
        type(seed) is int and not 0 <= seed < 2**32 and type(got) is list
        and type(expected) is list and got[:1] != expected[:1]
    )  # fmt: skip


def _wilson_cases() -> list[Case]:
    rng = random.Random(_CASES_RNG_SEED)
    cases = [Case((0, 10)), Case((10, 10)), Case((5, 10)), Case((1, 1000)), Case((25, 1000))]
    cases += [Case((0, 1)), Case((1, 1)), Case((1068, 1_000_000))]
    # Unclamped, rounding puts these ends a hair outside 0 to 1 (-1.4e-17, 1.0000000000000002).
    # The labels say what the case holds: a report may show them under "It also fails" for a
    # mistake of another kind (Wald's interval), where they must not read as its cause.
    cases += [Case((0, 21), label="0 of 21: Wilson's low end is a hair below 0 before clamping"),
              Case((16, 16), label="16 of 16: Wilson's high end is a hair above 1 before "
                                   "clamping")]  # fmt: skip
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


def _implied_z(successes: int, trials: int, end: float) -> float:
    """The z whose Wilson interval of ``successes`` in ``trials`` has ``end`` (strictly between 0
    and 1) as one of its ends: Wilson's ends are the proportions e where (p − e)² = z²·e(1 − e)/n.

    >>> round(_implied_z(25, 1000, sim.wilson_interval(25, 1000, 1.6448536269514722)[1]), 6)
    1.644854
    """
    p = successes / trials
    return abs(p - end) * math.sqrt(trials / (end * (1 - end)))


def _another_z(case: Case, expected: Any, got: Any) -> bool:
    """Wilson's interval right, but with another z than the statement's: a rounded one (1.96, 2),
    a one-sided 95 % one (1.645) or any other. The z is the one an end of the answer implies
    (:func:`_implied_z`); the hint applies when the whole interval is Wilson's with that z (to 6
    decimals)."""
    successes, trials = case.args
    if type(got) is not tuple or got == expected or not (0 <= successes <= trials > 0):
        return False
    if len(got) != 2 or any(type(end) is not float for end in got):
        return False
    inside = [end for end in got if 0.0 < end < 1.0]
    if not inside:
        return False
    z = _implied_z(successes, trials, inside[0])
    if abs(z - Z_95) < 1e-6:
        return False  # the statement's z: the mistake is elsewhere
    interval = sim.wilson_interval(successes, trials, z)
    return all(abs(g - w) < 1e-6 for g, w in zip(got, interval, strict=True))


def _masked_only_at_the_end(case: Case, expected: Any, got: Any) -> bool:
    """The words computed without the cut, then each cut to 32 bits at the end."""
    (seed,) = case.args
    words = [seed]
    for index in range(1, mersenne.N):
        words.append(1812433253 * (words[-1] ^ (words[-1] >> 30)) + index)
    return bool(got != expected and got == [word & mersenne.MASK for word in words])


def _words_made_otherwise(
    seed: int,
    *,
    shift: int = 30,
    mix: Callable[[int, int], int] = operator.xor,
    mask: int = mersenne.MASK,
    added: int = 0,
    cut: Callable[[int, int], int] = operator.and_,
) -> list[int]:
    """init_genrand with one piece of the step made otherwise (for the hints); ``cut`` is how a
    word is cut by ``mask`` after each step (``operator.mod`` for ``% 0xFFFFFFFF``)."""
    words = [seed & mask]
    for index in range(1, mersenne.N):
        previous = words[-1]
        words.append(cut(1812433253 * mix(previous, previous >> shift) + index + added, mask))
    return words


def _genrand_like(**variant: Any) -> Callable[[Case, Any, Any], bool]:
    """A hint test: the words are init_genrand's with that piece made otherwise."""
    return lambda case, expected, got: (
        got != expected and got == _words_made_otherwise(case.args[0], **variant)
    )


def _another_mask(case: Case, expected: Any, got: Any) -> bool:
    """The words cut with a mask of another number of one-bits than 32: 0x7FFFFFFF (31),
    0xFFFFFFF (seven Fs, 28), 0xFFFFFFFFF (nine Fs, 36), ... (a hint test)."""
    masks = [(1 << bits) - 1 for bits in range(8, 65) if bits != 32]
    return got != expected and any(
        got == _words_made_otherwise(case.args[0], mask=mask) for mask in masks
    )


def _cut_with_a_remainder(case: Case, expected: Any, got: Any) -> bool:
    """The words cut with ``% 0xFFFFFFFF``, a remainder by 2**32 - 1, instead of ``&
    0xFFFFFFFF`` (the seed cut either way; a hint test).

    >>> _cut_with_a_remainder(Case((5,)), init_genrand(5), init_genrand(5))  # the right words
    False
    """
    (seed,) = case.args
    return got != expected and any(
        got == _words_made_otherwise(first, cut=operator.mod)
        for first in (seed, seed % mersenne.MASK)  # the seed cut with & or with %
    )


def _not_exclusive_or(case: Case, expected: Any, got: Any) -> bool:
    mixes = (operator.and_, operator.or_, operator.pow, operator.add)
    return got != expected and any(
        got == _words_made_otherwise(case.args[0], mix=mix) for mix in mixes
    )


def _another_index(case: Case, expected: Any, got: Any) -> bool:
    return got != expected and any(
        got == _words_made_otherwise(case.args[0], added=added) for added in (-1, 1)
    )


def _wilson_made_otherwise(
    successes: int, trials: int, *, centre_over: int = 2, divide_half: bool = True,
    whole_p: bool = False, divide_centre: bool = True, spread_over_n: bool = True,
    n_squared: bool = True, corrected: bool = True, one_minus_p: bool = True,
) -> tuple[float, float]:  # fmt: skip
    """Wilson's interval, kept within 0 to 1, with one piece of the formula made otherwise:
    ``spread_over_n`` (p(1 - p)/n, not p(1 - p)) and ``n_squared`` (z²/(4n²), not z²/(4n)) are
    the two terms under the square root, and ``corrected`` says whether the second is there;
    ``one_minus_p`` says whether the first is p(1 - p) or p alone.

    >>> _wilson_made_otherwise(0, 1, corrected=False)  # the half-width is 0 without it
    (0.396725..., 0.396725...)
    """
    z = Z_95
    p = successes // trials if whole_p else successes / trials
    denominator = 1 + z * z / trials
    centre = p + z * z / (centre_over * trials)
    centre = centre / denominator if divide_centre else centre
    variance = p * (1 - p) if one_minus_p else p
    spread = variance / trials if spread_over_n else variance
    correction = z * z / (4 * trials * trials) if n_squared else z * z / (4 * trials)
    correction = correction if corrected else 0.0
    half = z * (spread + correction) ** 0.5
    half = half / denominator if divide_half else half
    return max(0.0, centre - half), min(1.0, centre + half)


def _wilson_like(**variant: Any) -> Callable[[Case, Any, Any], bool]:
    """A hint test: the interval is Wilson's with that piece made otherwise (to 6 decimals)."""

    def test(case: Case, expected: Any, got: Any) -> bool:
        successes, trials = case.args
        if type(got) is not tuple or got == expected or not (0 <= successes <= trials > 0):
            return False
        wrong = _wilson_made_otherwise(successes, trials, **variant)
        return all(type(g) is float and abs(g - w) < 1e-6 for g, w in zip(got, wrong, strict=True))

    return test


def _centre_and_half_width(case: Case, expected: Any, got: Any) -> bool:
    """The pair returned is Wilson's centre and half-width (to 6 decimals), not the two ends:
    as the formula gives them, or as the ends give them back, ((low + high)/2, (high - low)/2).

    >>> low, high = wilson_interval(5, 10)
    >>> _centre_and_half_width(Case((5, 10)), (low, high), ((low + high) / 2, (high - low) / 2))
    True
    >>> _centre_and_half_width(Case((5, 10)), (low, high), (low, high))
    False
    """
    successes, trials = case.args
    if type(got) is not tuple or len(got) != 2 or got == expected or type(expected) is not tuple:
        return False
    if not 0 <= successes <= trials > 0 or not all(type(g) is float for g in got):
        return False
    z, p = Z_95, successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * (p * (1 - p) / trials + z * z / (4 * trials * trials)) ** 0.5 / denominator
    low, high = expected
    pairs = [(centre, half), ((low + high) / 2, (high - low) / 2)]
    return any(all(abs(g - w) < 1e-6 for g, w in zip(got, pair, strict=True)) for pair in pairs)


def _counts_in_other_places(case: Case, expected: Any, got: Any) -> bool:
    """As many counts and the same total, but not each at its code."""
    return (type(got) is list and type(expected) is list and got != expected
            and len(got) == len(expected) and sum(got) == sum(expected))  # fmt: skip


class NumpyGeneratorUsed(CheckFinding):
    """Raised around an init_genrand that reaches for numpy's random generators (the statement
    forbids them)."""


def _words_computed(function: Callable[..., Any]) -> Callable[..., Any]:
    """The adapter of ``init_genrand``: a function that uses ``numpy.random`` raises
    :class:`NumpyGeneratorUsed`, whatever it returns. numpy's Mersenne Twister seeds itself with
    this very step (``RandomState(seed).get_state()[1]`` are the 624 words), so the check runs
    the function with ``numpy.random`` out of reach (:mod:`solitaire_lib.grading.fenced`).

    Python's own ``random`` cannot give the words: ``random.seed(n)`` goes through
    ``init_by_array``, which mixes ``n`` into ``init_genrand(19650218)``, so its state is never
    ``init_genrand(n)`` (``tests/test_genrand_fence.py`` compares them), and a version that
    tries it fails on its values.
    """
    without_numpy_random = fenced(function, "numpy.random")

    def call(seed: int) -> Any:
        try:
            return without_numpy_random(seed)
        except ReachedFor as used:
            raise NumpyGeneratorUsed(
                f"init_genrand uses numpy's random generators ({used}), which the task forbids: "
                "numpy's Mersenne Twister makes these very words, so compute the 624 words "
                "yourself, one from the word before it"
            ) from used

    return call


class ValueErrorOfMathSqrt(CheckFinding):
    """Raised around a wilson_interval whose ValueError came from ``math.sqrt`` of a negative
    number, not from a check of the counts (the statement asks for that check)."""


#: What ``math.sqrt`` (and ``math.pow``) of a negative number says: "math domain error" up to
#: Python 3.13, "expected a nonnegative input, got -0.5" from 3.14.
_SQRT_OF_A_NEGATIVE = re.compile(r"math domain error|expected a nonnegative input\b.*")


def _counts_checked_first(function: Callable[..., Any]) -> Callable[..., Any]:
    """The adapter of ``wilson_interval``: a ValueError that ``math.sqrt`` raised by itself
    (out-of-range counts make the term under the root negative) becomes
    :class:`ValueErrorOfMathSqrt`, at the student's line that called it: the statement asks the
    function to check the counts, and a later change of formula would lose this one.

    >>> import math
    >>> def unchecked(successes, trials):
    ...     return math.sqrt(successes / trials - 1)
    >>> _counts_checked_first(unchecked)(3, 2)
    0.7071067811865476
    >>> _counts_checked_first(unchecked)(1, 2)
    Traceback (most recent call last):
    ...
    solitaire_lib.fast_simulation.exercises.ValueErrorOfMathSqrt: math.sqrt raised ValueError...
    """

    def call(*args: Any) -> Any:
        try:
            return function(*args)
        except ValueError as error:
            if not _SQRT_OF_A_NEGATIVE.fullmatch(str(error)):
                raise
            raise ValueErrorOfMathSqrt(
                f"math.sqrt raised ValueError ({error}) on a negative number, not a check of the "
                "counts: test trials >= 1 and 0 <= successes <= trials before any arithmetic, "
                "and raise ValueError yourself"
            ) from error

    return call


class PythonLoopOverTheDeals(CheckFinding):
    """Raised around a tally that loops over the deals in Python (the statement forbids it)."""


class CodeTheCheckCannotRead(CheckFinding):
    """Raised around a tally whose code the check cannot read (``exec``, ``eval``, a name
    computed for ``getattr``, no source): a loop over the deals could hide there."""


#: Source longer than this is not read (the function is then refused, as code not read).
_SOURCE_LIMIT = 100_000


#: Calls whose result is the deals again, one by one (``list(outcomes)``, ``enumerate(...)``).
_SAME_ITEMS = {"list", "tuple", "iter", "enumerate", "zip", "sorted", "reversed", "map", "filter"}
#: Methods of an array that give its deals one by one.
_ITEMS_OF = {"tolist", "flatten", "ravel", "flat", "copy", "__iter__"}
#: numpy's calls that give the deals again, rearranged or copied (``np.sort(outcomes)``): a
#: Python loop over what they give goes through the deals one at a time as well.
_ARRAY_OF_THE_ITEMS = {"sort", "array", "asarray", "ascontiguousarray", "ravel", "copy"}
#: Calls that go through what they are given one item at a time in Python: ``operator.countOf``
#: and ``functools.reduce`` (``Counter`` is a class, and ``itertools`` is read apart, since
#: numpy has calls of the same names, such as ``np.compress``); ``set``, ``frozenset`` and
#: ``dict.fromkeys`` hash each item in turn (held-out set 16b: ``set(outcomes.tolist())``).
_GO_ONE_BY_ONE = {"Counter", "reduce", "countOf", "indexOf", "set", "frozenset", "fromkeys"}
#: Calls that run code given as text or found by name, which the check cannot read (a module
#: imported by a computed name, ``importlib.import_module``, as ``__import__``).
_RUNS_UNREAD_CODE = {"exec", "eval", "compile", "__import__", "import_module"}
#: Calls that reach an attribute by its name: readable only when the name is written out.
_BY_NAME = {"getattr", "setattr", "delattr"}
#: ``operator``'s calls that make a function reaching an attribute or a method by the name they
#: are given first (held-out set 16b: ``operator.methodcaller('co' + 'unt', k)``).
_BY_NAME_FIRST = {"methodcaller", "attrgetter"}


#: Comparisons that numpy makes item by item, giving an array as long as the deals.
_ITEM_BY_ITEM = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _is_the_deals(node: ast.expr, names: set[str]) -> bool:
    """Does ``node`` give the deals (any of ``names``, which hold them) one by one, or their
    indices, or an array made from them item by item (``outcomes == k``, ``outcomes + 1``,
    ``outcomes[outcomes > 2]``), which a Python loop goes through one deal at a time as well?

    >>> [_is_the_deals(ast.parse(text).body[0].value, {"outcomes"})
    ...  for text in ("outcomes == k", "-outcomes[2:]", "outcomes[0]", "len(outcomes) == 0")]
    [True, True, False, False]
    """
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.Compare):
        item_by_item = all(isinstance(op, _ITEM_BY_ITEM) for op in node.ops)
        return item_by_item and any(_is_the_deals(n, names) for n in [node.left, *node.comparators])
    if isinstance(node, ast.BinOp):
        return _is_the_deals(node.left, names) or _is_the_deals(node.right, names)
    if isinstance(node, ast.UnaryOp) and not isinstance(node.op, ast.Not):
        return _is_the_deals(node.operand, names)
    if isinstance(node, ast.Subscript):  # a slice or a mask of them, not one deal
        one_deal = isinstance(node.slice, ast.Constant) and type(node.slice.value) is int
        return not one_deal and _is_the_deals(node.value, names)
    if isinstance(node, ast.Attribute) and node.attr in _ITEMS_OF:
        return _is_the_deals(node.value, names)
    if isinstance(node, ast.Call):
        method = isinstance(node.func, ast.Attribute) and node.func.attr in _ITEMS_OF
        if method and _is_the_deals(cast(ast.Attribute, node.func).value, names):
            return True
        if isinstance(node.func, ast.Attribute) and node.func.attr in _ARRAY_OF_THE_ITEMS:
            return any(_is_the_deals(arg, names) for arg in node.args)
        called = node.func.id if isinstance(node.func, ast.Name) else ""
        if called in _SAME_ITEMS:
            return any(_is_the_deals(arg, names) for arg in node.args)
        if called == "range" and node.args:
            return _is_the_count_of(node.args[-1 if len(node.args) < 3 else 1], names)
    return False


def _names_of_the_deals(tree: ast.AST, deals: set[str]) -> set[str]:
    """The names ``deals`` and every name the code binds to the deals again (``items =
    outcomes.tolist()``).

    >>> sorted(_names_of_the_deals(ast.parse("items = o.tolist()\\nrest = list(items)"), {"o"}))
    ['items', 'o', 'rest']
    """
    names = set(deals)
    bindings = [n for n in ast.walk(tree) if isinstance(n, ast.Assign | ast.NamedExpr)]
    local_functions = _local_functions(tree)
    aliases = _local_aliases(tree)
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    grown = True
    while grown:
        grown = False
        for binding in bindings:
            if not _is_the_deals(binding.value, names):
                continue
            targets = binding.targets if isinstance(binding, ast.Assign) else [binding.target]
            bound = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
            grown = grown or not bound <= names
            names |= bound
        for call in calls:  # a lambda or an inner function handed the deals: its parameter
            parameters = local_functions.get(_through_aliases(_called(call), aliases), []) if (
                isinstance(call.func, ast.Name)) else []  # fmt: skip
            given = {parameters[i] for i, arg in enumerate(call.args[: len(parameters)])
                     if _is_the_deals(arg, names)}  # fmt: skip
            grown = grown or not given <= names
            names |= given
    return names


def _local_functions(tree: ast.AST) -> dict[str, list[str]]:
    """The lambdas and functions the code defines, by the name that holds them, with their
    positional parameters' names.

    >>> _local_functions(ast.parse("count = lambda xs, k: len(xs)\\ndef f(a, b=1): pass"))
    {'count': ['xs', 'k'], 'f': ['a', 'b']}
    """
    found: dict[str, list[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found[node.name] = [a.arg for a in [*node.args.posonlyargs, *node.args.args]]
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda):
            lambda_args = node.value.args
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = [a.arg for a in [*lambda_args.posonlyargs,
                                                        *lambda_args.args]]  # fmt: skip
    return found


#: Python's built-in functions that go through what they are given one item at a time, in
#: Python's own steps (numpy's scalars added, compared or called one by one), each with numpy's
#: way to do the same to an array ``{a}`` in one call. (``list(a)`` or ``tuple(a)`` only copy
#: the items; what then goes through them, a loop or ``.count``, is what the check finds.)
_BUILT_INS_ONE_BY_ONE = {
    "sum": "{a}.sum()", "max": "{a}.max()", "min": "{a}.min()", "any": "{a}.any()",
    "all": "{a}.all()", "sorted": "np.sort({a})", "filter": "{a}[mask]",
    "map": "one operation on the whole of {a}",
}  # fmt: skip


def _called(node: ast.Call) -> str:
    """The name of what ``node`` calls: ``f`` for ``f(x)``, ``count`` for ``xs.count(k)``."""
    if isinstance(node.func, ast.Name):
        return node.func.id
    return node.func.attr if isinstance(node.func, ast.Attribute) else ""


def _counts_in_python(node: ast.AST, names: set[str]) -> bool:
    """Is ``node`` a call that goes through the deals one by one in Python: ``Counter(outcomes)``,
    ``sum(outcomes.tolist())``, ``functools.reduce(f, outcomes.tolist())``, or any ``.count(k)``
    (numpy's arrays have none: it is a list's or a tuple's, which goes through all its items on
    every call)?

    >>> _counts_in_python(ast.parse("Counter(outcomes.tolist())").body[0].value, {"outcomes"})
    True
    >>> _counts_in_python(ast.parse("items.count(3)").body[0].value, {"outcomes"})
    True
    >>> _counts_in_python(ast.parse("np.count_nonzero(outcomes == 3)").body[0].value, {"outcomes"})
    False
    >>> _counts_in_python(ast.parse("operator.methodcaller('count', 3)").body[0].value, set())
    True
    """
    if not isinstance(node, ast.Call):
        return False
    called = _called(node)
    if isinstance(node.func, ast.Attribute) and called == "count":
        return True
    if called == "methodcaller" and node.args and isinstance(node.args[0], ast.Constant):
        return node.args[0].value == "count"  # operator.methodcaller("count", k): a .count
    if called in _GO_ONE_BY_ONE or _built_in_one_by_one(node):
        return any(_is_the_deals(arg, names) for arg in node.args)
    return False


def _of_itertools(node: ast.AST, names: set[str], space: dict[str, Any]) -> bool:
    """Is ``node`` a call of one of ``itertools``' functions (``itertools.groupby(...)``, or
    ``groupby(...)`` imported from it, ``space`` being the globals the code finds its names in)
    given the deals: they go through them one by one in Python.

    >>> text = "itertools.groupby(np.sort(outcomes))"
    >>> _of_itertools(ast.parse(text).body[0].value, {"outcomes"}, {"itertools": itertools})
    True
    >>> text = "np.compress(outcomes == 2, outcomes)"
    >>> _of_itertools(ast.parse(text).body[0].value, {"outcomes"}, {"np": np})
    False
    """
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        module = func.value.id
        found = module == "itertools" or space.get(module) is itertools
        found = found and getattr(itertools, func.attr, None) is not None
    elif isinstance(func, ast.Name):
        found = getattr(itertools, func.id, None) is space.get(func.id) is not None
    else:
        found = False
    given = [*node.args, *(keyword.value for keyword in node.keywords)]
    return found and any(_is_the_deals(arg, names) for arg in given)


def _built_in_one_by_one(node: ast.Call) -> bool:
    """Does ``node`` call one of Python's built-ins that go through their argument item by item
    (``sum``, ``max``, ``sorted``, ``list``, ...)?"""
    return isinstance(node.func, ast.Name) and node.func.id in _BUILT_INS_ONE_BY_ONE


def _what_goes_one_by_one(node: ast.Call, names: set[str]) -> str:
    """What the check says about a call that goes through the deals (``names``) one by one in
    Python: for a built-in, that it is Python's own, and numpy's way to do it.

    >>> said = _what_goes_one_by_one(ast.parse("sum(outcomes == k)").body[0].value, {"outcomes"})
    >>> for part in said.split(", which "):
    ...     print(part)
    sum(outcomes == k) is Python's built-in sum
    goes through the array one item at a time in Python (numpy's way: (outcomes == k).sum())
    """
    shown = ast.unparse(node)
    shown = shown if len(shown) <= 100 else shown[:97] + "..."
    if not _built_in_one_by_one(node):
        return f"{shown} goes through the deals one by one in Python"
    argument = next(arg for arg in node.args if _is_the_deals(arg, names))
    array = ast.unparse(argument)
    if not isinstance(argument, ast.Name | ast.Attribute | ast.Call | ast.Subscript):
        array = f"({array})"  # outcomes == k: (outcomes == k).sum()
    instead = _BUILT_INS_ONE_BY_ONE[_called(node)].format(a=array)
    return (
        f"{shown} is Python's built-in {_called(node)}, which goes through the array one item at "
        f"a time in Python (numpy's way: {instead})"
    )


def _unread_code(node: ast.AST) -> bool:
    """Does ``node`` run code the check cannot read: ``exec``, ``eval``, ``compile``,
    ``__import__``, ``getattr`` with a name that is not written out, or ``operator``'s
    ``methodcaller`` or ``attrgetter`` with such a name?

    >>> [_unread_code(ast.parse(text).body[0].value)
    ...  for text in ("eval('len(o)')", "getattr(o, 'tolist')()", "getattr(o, name)",
    ...               "operator.methodcaller('co' + 'unt', 2)")]
    [True, False, True, True]
    """
    if not isinstance(node, ast.Call):
        return False
    called = _called(node)
    if called in _RUNS_UNREAD_CODE:
        return True
    if called in _BY_NAME_FIRST:
        return not (node.args and isinstance(node.args[0], ast.Constant))
    written_out = len(node.args) > 1 and isinstance(node.args[1], ast.Constant)
    return isinstance(node.func, ast.Name) and called in _BY_NAME and not written_out


def _names_through_a_dict(node: ast.AST) -> bool:
    """Is ``node`` ``vars(x)`` or ``x.__dict__``: the names of ``x`` (a module, say) looked up as
    a dict's keys, which the check does not follow (held-out set 16b:
    ``vars(collections)['Counter']``)? A tally needs neither.

    >>> [_names_through_a_dict(ast.parse(text).body[0].value)
    ...  for text in ("vars(collections)", "collections.__dict__", "vars()", "collections.Counter")]
    [True, True, False, False]
    """
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "vars":
        return bool(node.args)
    return isinstance(node, ast.Attribute) and node.attr == "__dict__"


def _is_the_count_of(node: ast.expr, names: set[str]) -> bool:
    """Is ``node`` the number of deals: ``len(outcomes)``, ``outcomes.size``, ``.shape[0]``?"""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len":
        return any(_is_the_deals(arg, names) for arg in node.args)
    if isinstance(node, ast.Attribute) and node.attr == "size":
        return _is_the_deals(node.value, names)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute):
        return node.value.attr == "shape" and _is_the_deals(node.value.value, names)
    return False


#: The loops of Python's own: a statement or a comprehension, by the word the check says.
_LOOPS = {
    ast.While: "a while loop", ast.For: "a for loop", ast.ListComp: "a comprehension",
    ast.SetComp: "a comprehension", ast.DictComp: "a comprehension",
    ast.GeneratorExp: "a comprehension",
}  # fmt: skip


def _one_deal_read_in(loop: ast.AST, names: set[str]) -> ast.Subscript | None:
    """The first ``outcomes[i]`` inside ``loop``: one deal of ``names`` read by an index that is
    neither a written number, a slice nor a mask made from the deals. A loop that reads the
    deals one at a time goes through them in Python, however it counts its steps.

    >>> loop = ast.parse("while i < outcomes.size:\\n    c[outcomes[i]] += 1").body[0]
    >>> ast.unparse(_one_deal_read_in(loop, {"outcomes"}))
    'outcomes[i]'
    >>> loop = ast.parse("for k in range(9):\\n    c[k] = (outcomes[outcomes == k]).size").body[0]
    >>> _one_deal_read_in(loop, {"outcomes"}) is None
    True
    """
    for node in ast.walk(loop):
        if not (isinstance(node, ast.Subscript) and _is_the_deals(node.value, names)):
            continue
        index = node.slice
        if isinstance(index, ast.Slice | ast.Tuple) or _is_the_deals(index, names):
            continue
        if not (isinstance(index, ast.Constant) and type(index.value) is int):
            return node
    return None


#: Methods that take one item off what they are called on (a list's ``pop``, a deque's
#: ``popleft``, an iterator's ``__next__``).
_TAKE_ONE = {"pop", "popleft", "__next__"}


def _one_deal_taken_in(
    code: ast.AST, names: set[str], aliases: dict[str, str], space: dict[str, Any],
    by_index: bool = False,
) -> ast.expr | None:  # fmt: skip
    """The first call in ``code`` that takes one deal (of ``names``) off an iterator or a list of
    them: ``next(it)`` (also under a name of the code, ``aliases``, or of the globals ``space``,
    for ``next``), ``it.__next__()``, ``items.pop()``; with ``by_index``, also a deal read by
    any index that is not a slice or a mask (``items[-1]``: one deal per call of a function that
    calls itself). A loop, or a function that calls itself, around it goes through the deals
    one at a time in Python.

    >>> code = ast.parse("nxt = next\\nwhile True:\\n    c[nxt(it)] += 1")
    >>> ast.unparse(_one_deal_taken_in(code.body[1], {"it"}, _local_aliases(code), {}))
    'nxt(it)'
    >>> code = ast.parse("c[items[-1]] += 1")
    >>> _one_deal_taken_in(code, {"items"}, {}, {}) is None
    True
    >>> ast.unparse(_one_deal_taken_in(code, {"items"}, {}, {}, by_index=True))
    'items[-1]'
    """
    for node in ast.walk(code):
        if isinstance(node, ast.Call) and node.args and isinstance(node.func, ast.Name):
            called = _through_aliases(node.func.id, aliases)
            is_next = called == "next" or space.get(called) is builtins.next
            if is_next and _is_the_deals(node.args[0], names):
                return node
        if _takes_one_off(node, names):
            return cast(ast.Call, node)
        if by_index and isinstance(node, ast.Subscript) and _is_the_deals(node.value, names):
            index = node.slice
            if not (isinstance(index, ast.Slice | ast.Tuple) or _is_the_deals(index, names)):
                return node
    return None


def _takes_one_off(node: ast.AST, names: set[str]) -> bool:
    """Is ``node`` a call of :data:`_TAKE_ONE` on the deals (``items.pop()``)?"""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return False
    return node.func.attr in _TAKE_ONE and _is_the_deals(node.func.value, names)


def _calls_itself(
    code: ast.AST, names: set[str], space: dict[str, Any]
) -> tuple[str, ast.expr] | None:
    """A function defined in ``code`` (the function read itself, or one inside it) that calls
    itself by its name and takes one deal (of ``names``) in its body (:func:`_one_deal_taken_in`,
    by an index too): its name and what takes the deal; ``None`` where there is none.
    Recursion that takes a deal per call goes through them one at a time in Python, as a loop.

    >>> code = ast.parse("def rec(xs, c):\\n    if xs:\\n        c[xs[0]] += 1\\n"
    ...                  "        rec(xs[1:], c)")
    >>> name, taken = _calls_itself(code, {"xs"}, {})
    >>> name, ast.unparse(taken)
    ('rec', 'xs[0]')
    """
    for node in ast.walk(code):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        aliases = _local_aliases(node)
        itself = any(isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                     and _through_aliases(call.func.id, aliases) == node.name
                     for call in ast.walk(node))  # fmt: skip
        taken = _one_deal_taken_in(node, names, aliases, space, by_index=True) if itself else None
        if taken is not None:
            return node.name, taken
    return None


#: numpy's calls that run a Python function once per item (or per row), in Python's own steps,
#: whatever they are given: a loop over the deals in disguise.
_PYTHON_PER_ITEM = {"vectorize", "frompyfunc", "apply_along_axis", "apply_over_axes", "piecewise"}
#: numpy's calls that take their items one by one from a Python iterable.
_FROM_PYTHON_ITEMS = {"fromiter"}


def _python_per_deal(node: ast.AST, names: set[str]) -> str | None:
    """What the check says about ``np.vectorize(f)``, ``np.frompyfunc``, ``np.apply_along_axis``
    (a Python function run on each deal) or ``np.fromiter(...)`` of the deals; ``None`` for any
    other node.

    >>> said = _python_per_deal(ast.parse("np.vectorize(count)").body[0].value, {"outcomes"})
    >>> said.split(", ")[0]
    'np.vectorize(count) runs a Python function on each deal'
    """
    if isinstance(node, ast.Call):
        called = _called(node)
        deals_given = any(_is_the_deals(arg, names) for arg in node.args)
        if called not in _PYTHON_PER_ITEM and not (called in _FROM_PYTHON_ITEMS and deals_given):
            return None
    elif isinstance(node, ast.Attribute) and node.attr in _PYTHON_PER_ITEM:  # @np.vectorize
        called = node.attr
    else:
        return None
    shown = ast.unparse(node)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    doing = (
        "takes the deals one at a time"
        if called == "fromiter"
        else ("runs a Python function on each deal, one at a time")
    )
    return f"{shown} {doing} in Python, not in one numpy operation on the whole array"


def _built_in_by_another_name(node: ast.AST, space: dict[str, Any]) -> str | None:
    """What the check says about Python's built-ins reached by another name in ``node``: the
    module ``builtins`` or ``__builtins__`` (``builtins.sum``, ``__builtins__["sum"]``,
    ``getattr(builtins, "sum")``), or a name for ``sum``, ``max``, ... other than its own (``s =
    sum``, here or in ``space``, the globals the function finds its names in); ``None`` when
    ``node`` is none of these. A tally needs none of them.

    >>> _built_in_by_another_name(ast.parse("builtins.sum").body[0].value, {})
    "builtins.sum is Python's built-in sum under another name"
    >>> _built_in_by_another_name(ast.parse("add = sum").body[0], {}).split(",")[0]
    "sum is Python's built-in sum under another name (add)"
    """
    if isinstance(node, ast.Import | ast.ImportFrom):
        modules = (
            [alias.name for alias in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
        )
        if "builtins" in modules:
            return f"{ast.unparse(node)} reaches Python's built-ins (sum, max, ...) by other names"
        return None
    if isinstance(node, ast.Call) and _called(node) == "getattr" and len(node.args) > 1:
        module, name = node.args[0], node.args[1]
        of_built_ins = isinstance(module, ast.Name) and (
            module.id in {"builtins", "__builtins__"} or space.get(module.id) is builtins
        )
        if of_built_ins and isinstance(name, ast.Constant):
            built_in = str(name.value)
            return f"{ast.unparse(node)} is Python's built-in {built_in} under another name"
        return None
    if isinstance(node, ast.Assign | ast.NamedExpr) and isinstance(node.value, ast.Name):
        own = node.value.id
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if own in _BUILT_INS_ONE_BY_ONE:
            other = ", ".join(ast.unparse(target) for target in targets)
            return (
                f"{own} is Python's built-in {own} under another name ({other}), which goes "
                "through the array one item at a time in Python"
            )
        return None
    whole = node
    while isinstance(whole, ast.Attribute | ast.Subscript):
        whole = whole.value
    if whole is node and not isinstance(node, ast.Name):
        return None
    if not isinstance(whole, ast.Name):
        return None
    found = space.get(whole.id)
    if whole.id in {"builtins", "__builtins__"} or found is builtins:
        if whole is node:
            return f"{whole.id} reaches Python's built-ins (sum, max, ...) by other names"
        return f"{ast.unparse(node)} is Python's built-in {_last_name(node)} under another name"
    aliased = next(
        (own for own in _BUILT_INS_ONE_BY_ONE if found is getattr(builtins, own, None)), None
    )
    if aliased is not None and aliased != whole.id and whole is node:
        return f"{whole.id} is Python's built-in {aliased} under another name"
    return None


def _per_deal_by_another_name(node: ast.AST, space: dict[str, Any]) -> str | None:
    """What the check says about a name of the globals ``space`` bound to one of numpy's calls
    that run a Python function on each item (``vec = np.vectorize``), or to what one made
    (``counted = np.vectorize(f)``); ``None`` for any other node.

    >>> _per_deal_by_another_name(ast.parse("vec").body[0].value, {"vec": np.vectorize})
    'vec is np.vectorize under another name, which runs a Python function on each deal'
    """
    if not isinstance(node, ast.Name):
        return None
    found = space.get(node.id)
    if found is None:
        return None
    own = next((name for name in _PYTHON_PER_ITEM if found is getattr(np, name, None)), None)
    if own is not None and own != node.id:
        return (
            f"{node.id} is np.{own} under another name, which runs a Python function on each deal"
        )
    if isinstance(found, np.vectorize):
        return f"{node.id} is made by np.vectorize, which runs a Python function on each deal"
    return None


#: The standard library's modules whose functions :data:`_STANDARD_ONE_BY_ONE` lists.
_STANDARD_MODULES = {module.__name__: module for module in (collections, functools, heapq, math,
                                                             operator, statistics)}  # fmt: skip
#: The standard library's functions and classes that go through what they are given one item at a
#: time in Python's own steps, as the built-in ``sum`` does (held-out set 14b: ``math.fsum(outcomes
#: == k)`` passed), each with its name. The check finds them by what the name called *is*, so
#: that any route to one counts: ``math.fsum``, ``from math import fsum as f``, or a global bound
#: to ``importlib.import_module("collections").Counter`` (held-out set 14b, c7).
_STANDARD_ONE_BY_ONE = [
    (getattr(module, name), f"{module.__name__}.{name}")
    for module, names in (
        (collections, ["Counter", "deque"]),
        (functools, ["reduce"]),
        (heapq, ["heapify", "merge", "nlargest", "nsmallest"]),
        (math, ["fsum", "prod", "sumprod"]),
        (operator, ["countOf", "indexOf"]),
        (statistics, [name for name in statistics.__all__ if name[0].islower()]),
    )
    for name in names
    if callable(getattr(module, name, None))
]


def _standard_one_by_one(node: ast.AST, names: set[str], space: dict[str, Any],
                         tree: ast.AST) -> str | None:  # fmt: skip
    """What the check says about a call, given the deals (``names``), of one of
    :data:`_STANDARD_ONE_BY_ONE`, found through the globals ``space`` or the imports of ``tree``
    (the code read); ``None`` for any other node.

    >>> code = "from math import fsum as f\\nf(outcomes == 2)"
    >>> print(_standard_one_by_one(ast.parse(code).body[1].value, {"outcomes"}, {},
    ...                            ast.parse(code)))  # doctest: +NORMALIZE_WHITESPACE
    f(outcomes == 2) is math.fsum, which goes through the deals one at a time in Python
    >>> import collections
    >>> code = "C(outcomes.tolist())"
    >>> _standard_one_by_one(ast.parse(code).body[0].value, {"outcomes"},
    ...                      {"C": collections.Counter}, ast.parse(code)).split(",")[0]
    'C(outcomes.tolist()) is collections.Counter'
    >>> code = "np.prod(outcomes == 2)"
    >>> _standard_one_by_one(ast.parse(code).body[0].value, {"outcomes"}, {"np": np},
    ...                      ast.parse(code)) is None
    True
    """
    if not isinstance(node, ast.Call):
        return None
    given = [*node.args, *(keyword.value for keyword in node.keywords)]
    if not any(_is_the_deals(arg, names) for arg in given):
        return None
    found = _standard_object(node.func, space, _standard_imports(tree))
    said = next((name for thing, name in _STANDARD_ONE_BY_ONE if found is thing), None)
    if said is None:
        return None
    shown = ast.unparse(node)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return f"{shown} is {said}, which goes through the deals one at a time in Python"


def _standard_imports(tree: ast.AST) -> dict[str, Any]:
    """The names the code itself binds by importing one of :data:`_STANDARD_MODULES` or a
    function of one (``import math as m``, ``from math import fsum``).

    >>> sorted(_standard_imports(ast.parse("import math as m\\nfrom heapq import merge")))
    ['m', 'merge']
    """
    bound: dict[str, Any] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in _STANDARD_MODULES:
                    bound[alias.asname or alias.name] = _STANDARD_MODULES[alias.name]
        elif isinstance(node, ast.ImportFrom) and node.module in _STANDARD_MODULES:
            module = _STANDARD_MODULES[node.module]
            for alias in node.names:
                bound[alias.asname or alias.name] = getattr(module, alias.name, None)
    return bound


def _standard_object(func: ast.expr, space: dict[str, Any], imported: dict[str, Any]) -> Any:
    """What ``func`` (a name, or a module's attribute) is, where it is one of the standard
    library's modules of :data:`_STANDARD_MODULES` or something taken from one; ``None`` where it
    is anything else (only those modules' attributes are looked up: nothing of the student's
    runs).

    >>> _standard_object(ast.parse("math.fsum").body[0].value, {}, {}) is math.fsum
    True
    """
    if isinstance(func, ast.Name):
        return imported.get(func.id, space.get(func.id))
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        name = func.value.id
        module = imported.get(name, space.get(name, _STANDARD_MODULES.get(name)))
        if any(module is known for known in _STANDARD_MODULES.values()):
            return getattr(module, func.attr, None)
    return None


def _last_name(node: ast.AST) -> str:
    """``sum`` for ``builtins.sum`` or ``__builtins__["sum"]``; the whole text otherwise."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return str(node.slice.value)
    return ast.unparse(node)


#: How many functions of the student's the check reads for one tally: the tally and the helpers
#: it gives the deals to (and theirs). A bound on the work, far above what a tally needs.
_FUNCTIONS_LIMIT = 20


def _counting_in_python(function: Callable[..., Any]) -> tuple[type[Exception], str] | None:
    """What the check finds wrong in how ``function`` counts, read from its code: the first
    Python loop over the deals of its first argument (``for x in outcomes``, ``for i in
    range(len(outcomes))``, in a statement or a comprehension, also through a name bound to them),
    a call that goes through them one by one (``Counter``, ``sum``, ``.count``), or code it cannot
    read; ``None`` when there is none. A loop over the codes with a whole-array numpy operation
    for each (``np.count_nonzero(outcomes == k)``) is numpy's counting, not Python's: allowed.

    The code of every function of the student's that ``function`` gives the deals to is read the
    same way (a helper of the same notebook, found by its name there as the call finds it; and
    the helpers it gives them to, up to ``_FUNCTIONS_LIMIT`` functions in all).

    >>> def counted(outcomes, size):
    ...     return [sum(1 for x in outcomes if x == k) for k in range(size)]
    >>> _counting_in_python(counted)[1]
    'line 2: for x in outcomes loops over the deals in Python'
    >>> def by_code(outcomes, size):
    ...     return [int((outcomes == k).sum()) for k in range(max(size, len(outcomes)))]
    >>> _counting_in_python(by_code) is None
    True
    """
    try:
        name = next(iter(inspect.signature(function).parameters))
    except Exception as error:  # a class, no argument
        return _cannot_read("your function", error)
    Todo = tuple[Callable[..., Any], set[str], str, tuple[Callable[..., Any], ...]]
    todo: list[Todo] = [(function, {name}, "", ())]
    read: list[tuple[Callable[..., Any], set[str]]] = []
    takes_one: list[tuple[Callable[..., Any], str]] = []  # what each function read takes, said
    while todo:
        reading, deals, called_from, callers = todo.pop(0)
        if any(reading is done and deals == given for done, given in read):
            continue  # a helper called again, or calling itself, with the same arguments
        if len(read) == _FUNCTIONS_LIMIT:
            return CodeTheCheckCannotRead, (
                f"your function gives the deals to more than {_FUNCTIONS_LIMIT} functions of "
                "yours, and the check reads no more of them"
            )
        read.append((reading, deals))
        where = f" of {_named(reading)} ({called_from})" if called_from else ""
        try:
            tree = _code_of(reading)
            names = _names_of_the_deals(tree, deals)
            first = reading.__code__.co_firstlineno - 1  # as the file or cell counts
            not_followed: _NotFollowed | None = None
            try:
                helpers = _helpers_given(tree, names, reading)
            except _NotFollowed as call:
                helpers, not_followed = [], call
        except Exception as error:  # no source (exec, a prompt), too long, not a function
            return _cannot_read(f"your function{where}", error)
        found = _counting_in_code(tree, names, first, where, reading)
        if found is not None:
            return found
        space = getattr(reading, "__globals__", {})
        taken = _one_deal_taken_in(tree, names, _local_aliases(tree), space, by_index=True)
        if taken is not None:
            takes_one.append((reading, f"line {taken.lineno + first}{where}: "
                                       f"{ast.unparse(taken)}"))  # fmt: skip
        circle = _helpers_in_a_circle(helpers, (*callers, reading), takes_one)
        if circle is not None:
            return PythonLoopOverTheDeals, circle
        if not_followed is not None:  # the line as the file or cell counts
            line, shown = str(not_followed).split(": ", 1)
            return CodeTheCheckCannotRead, (
                f"line {int(line) + first}{where}: {shown} gives the deals to a function the "
                "check cannot read, since it cannot tell from the code which function that is "
                "(a loop over the deals could hide there): call your helper by its own name"
            )
        todo += [(helper, given, f"which {_named(reading)} calls", (*callers, reading))
                 for helper, given in helpers]  # fmt: skip
    return None


def _helpers_in_a_circle(
    helpers: list[tuple[Callable[..., Any], set[str]]],
    chain: tuple[Callable[..., Any], ...],
    takes_one: list[tuple[Callable[..., Any], str]],
) -> str | None:
    """What the check says where one of ``helpers`` (given the deals by the last function of
    ``chain``, the functions read from the tally down) is in ``chain`` already: the functions
    from it on call each other in a circle, with the deals; if one of them takes one deal in
    each call (``takes_one``: each function read with the place where it does), that recursion
    goes through the deals one at a time. ``None`` otherwise.

    >>> def odd(xs): ...
    >>> def even(xs): ...
    >>> print(_helpers_in_a_circle([(odd, {"xs"})], (odd, even), [(even, "line 3: xs[0]")]))
    ... # doctest: +NORMALIZE_WHITESPACE
    line 3: xs[0] takes one deal in each call of odd, even, which call each other in a circle
    with the deals: recursion goes through them one at a time in Python, as a loop does
    """
    for helper, _ in helpers:
        start = next((i for i, caller in enumerate(chain) if caller is helper), None)
        if start is None:
            continue
        circle = chain[start:]
        said = next((place for f, place in takes_one if any(f is c for c in circle)), None)
        if said is not None:
            named = ", ".join(_named(f) for f in circle)
            return (
                f"{said} takes one deal in each call of {named}, which call each other in a "
                "circle with the deals: recursion goes through them one at a time in Python, as "
                "a loop does"
            )
    return None


def _named(function: Callable[..., Any]) -> str:
    """How the check names a function of the student's: its name, or the name of the global
    that holds a lambda (``the lambda count``)."""
    name = getattr(function, "__name__", "")
    if name != "<lambda>":
        return name
    space = getattr(function, "__globals__", {})
    held = next((key for key, value in space.items() if value is function), None)
    return f"the lambda {held}" if held else "a lambda"


def _cannot_read(whose: str, error: Exception) -> tuple[type[Exception], str]:
    return CodeTheCheckCannotRead, (
        f"the check cannot read the code of {whose} ({type(error).__name__}: "
        f"{str(error)[:80]}), so it cannot see how it counts: define it with def in a cell"
    )


def _code_of(function: Callable[..., Any]) -> ast.Module:
    """The parsed source of ``function``; an error when there is none or it is too long."""
    source = textwrap.dedent(inspect.getsource(function))
    if len(source) > _SOURCE_LIMIT:
        raise ValueError(f"more than {_SOURCE_LIMIT} characters")
    return ast.parse(source)


def _counting_in_code(
    tree: ast.Module, names: set[str], first: int, where: str, function: Callable[..., Any]
) -> tuple[type[Exception], str] | None:
    """The first loop over the deals (``names``), call that goes through them one by one (also
    a built-in by another name, or a Python function numpy runs on each deal), or code the check
    cannot read in ``tree`` (the code of ``function``), said with its line (``first`` lines
    above it) and ``where`` it is (in a helper: `` of count (which tally calls)``)."""
    space = getattr(function, "__globals__", {})
    aliases = _local_aliases(tree)
    recursion = _calls_itself(tree, names, space)
    if recursion is not None:
        name, taken = recursion
        return PythonLoopOverTheDeals, (
            f"line {taken.lineno + first}{where}: {name} calls itself, and takes one deal, "
            f"{ast.unparse(taken)}, in each call: recursion goes through the deals one at a "
            "time in Python, as a loop does"
        )
    for node in ast.walk(tree):
        line = f"{getattr(node, 'lineno', 1) + first}{where}"
        if isinstance(node, ast.For | ast.comprehension) and _is_the_deals(node.iter, names):
            line = f"{getattr(node, 'lineno', node.iter.lineno) + first}{where}"
            where = f"for {ast.unparse(node.target)} in {ast.unparse(node.iter)}"
            return PythonLoopOverTheDeals, f"line {line}: {where} loops over the deals in Python"
        one_deal = _one_deal_read_in(node, names) if type(node) in _LOOPS else None
        if one_deal is not None:
            line = f"{one_deal.lineno + first}{where}"
            return PythonLoopOverTheDeals, (
                f"line {line}: {ast.unparse(one_deal)} reads the deals one at a time, in "
                f"{_LOOPS[type(node)]}, which goes through them in Python"
            )
        taken_off = _one_deal_taken_in(node, names, aliases, space) if (
            type(node) in _LOOPS) else None  # fmt: skip
        if taken_off is not None:
            line = f"{taken_off.lineno + first}{where}"
            return PythonLoopOverTheDeals, (
                f"line {line}: {ast.unparse(taken_off)} takes the deals one at a time, in "
                f"{_LOOPS[type(node)]}, which goes through them in Python"
            )
        said = (
            _python_per_deal(node, names)
            or _built_in_by_another_name(node, space)
            or _per_deal_by_another_name(node, space)
        )
        if said is not None:
            return PythonLoopOverTheDeals, f"line {line}: {said}"
        if isinstance(node, ast.Call) and (
            _counts_in_python(node, names) or _of_itertools(node, names, space)
        ):
            return PythonLoopOverTheDeals, f"line {line}: {_what_goes_one_by_one(node, names)}"
        standard = _standard_one_by_one(node, names, space, tree)
        if standard is not None:
            return PythonLoopOverTheDeals, f"line {line}: {standard}"
        if _names_through_a_dict(node):
            return CodeTheCheckCannotRead, (
                f"line {line}: {ast.unparse(node)} reaches names through a dict, "
                "which the check cannot follow (a Counter could hide there)"
            )
        if _unread_code(node):
            call = ast.unparse(node)
            shown = call if len(call) <= 60 else call[:57] + "..."
            return CodeTheCheckCannotRead, (
                f"line {line}: {shown} runs code the check cannot read (a loop over the deals "
                "could hide there)"
            )
    return None


class _NotFollowed(Exception):
    """A call given the deals whose function the check cannot find from the code."""


#: What a name or expression of the code stands for: ``(object, how)``, where ``how`` is
#: ``"value"`` (the object itself), ``"instance"`` (an instance of the class ``object``),
#: ``"inline"`` (a function defined in the code being read) or ``"library"`` (not the student's).
_Found = list[tuple[Any, str]]


def _helpers_given(
    tree: ast.Module, names: set[str], function: Callable[..., Any]
) -> list[tuple[Callable[..., Any], set[str]]]:
    """Each function of the student's that ``tree`` (the code of ``function``) calls with the
    deals (``names``), with the names of its parameters that get them. A function of the
    student's is one defined where ``function`` was, found as the call finds it: by its name,
    through a local name for it, a method of a class or object of the student's, or an item of
    a dict or list of theirs. A call given the deals whose function cannot be found so raises
    :class:`_NotFollowed`.

    >>> def helper(deals, code):
    ...     return 0
    >>> def tally(outcomes, size):
    ...     return [helper(outcomes, k) for k in range(size)]
    >>> [(found.__name__, given) for found, given in _helpers_given(
    ...     _code_of(tally), {"outcomes"}, tally)]
    [('helper', {'deals'})]
    """
    space = getattr(function, "__globals__", {})
    try:
        defaults = {
            name: parameter.default
            for name, parameter in inspect.signature(function).parameters.items()
            if isinstance(parameter.default, types.FunctionType)
        }
    except (TypeError, ValueError):
        defaults = {}
    bound: dict[str, list[ast.expr]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.NamedExpr):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    bound.setdefault(target.id, []).append(node.value)
    inline = set(_local_functions(tree))
    ours = space.get("__name__")

    def student_class(obj: Any) -> bool:
        return isinstance(obj, type) and obj.__module__ == ours

    def method(owner: type, attr: str, bound_to_it: bool) -> _Found:
        try:
            raw = inspect.getattr_static(owner, attr)
        except AttributeError:
            return [(None, "library")]
        if isinstance(raw, staticmethod):
            return [(raw.__func__, "value")]
        if isinstance(raw, classmethod):
            return [(raw.__func__, "method")]
        return [(raw, "method" if bound_to_it else "value")]

    def find(node: ast.expr, depth: int = 0) -> _Found | None:
        if depth > 20:
            return None
        if isinstance(node, ast.Lambda):
            return [(None, "inline")]
        if isinstance(node, ast.Name):
            if node.id in bound:
                found: _Found = []
                for value in bound[node.id]:
                    each = find(value, depth + 1)
                    if each is None:
                        return None
                    found += each
                return found
            if node.id in inline:
                return [(None, "inline")]
            if node.id in defaults:
                return [(defaults[node.id], "value")]
            if node.id in space:
                return [(space[node.id], "value")]
            if hasattr(builtins, node.id):
                return [(getattr(builtins, node.id), "library")]
            return None
        if isinstance(node, ast.Attribute | ast.Subscript | ast.Call):
            inner = node.func if isinstance(node, ast.Call) else node.value
            bases = find(inner, depth + 1)
            if bases is None:
                return None
            found = []
            for obj, how in bases:
                if how in ("library", "inline"):
                    found.append((None, how))
                elif isinstance(node, ast.Call):
                    if how == "value" and student_class(obj):
                        found.append((obj, "instance"))
                    elif isinstance(obj, types.FunctionType) and obj.__globals__ is space:
                        return None  # what a function of theirs returns: not read
                    else:
                        found.append((None, "library"))
                elif isinstance(node, ast.Attribute):
                    if how == "instance":
                        found += method(obj, node.attr, True)
                    elif student_class(obj):
                        found += method(obj, node.attr, False)
                    elif student_class(type(obj)) and how == "value":
                        found += method(type(obj), node.attr, True)
                    else:
                        found.append((None, "library"))
                elif how == "value" and isinstance(obj, dict | list | tuple):
                    key = node.slice
                    items = list(obj.values()) if isinstance(obj, dict) else list(obj)
                    if isinstance(key, ast.Constant):
                        with contextlib.suppress(KeyError, IndexError, TypeError):
                            items = [cast(Any, obj)[key.value]]
                    found += [(item, "value") for item in items]
                else:
                    found.append((None, "library"))
            return found
        return None

    helpers: list[tuple[Callable[..., Any], set[str]]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        given_any = any(_is_the_deals(arg, names) for arg in node.args) or any(
            _is_the_deals(keyword.value, names) for keyword in node.keywords
        )
        if not given_any:
            continue
        found_here = find(node.func)
        if found_here is None:
            call = ast.unparse(node)
            shown = call if len(call) <= 60 else call[:57] + "..."
            raise _NotFollowed(f"{node.lineno}: {shown}")
        for helper, how in found_here:
            if isinstance(helper, types.FunctionType) and helper.__globals__ is space:
                given = _parameters_given(helper, node, names, 1 if how == "method" else 0)
                if given:
                    helpers.append((helper, given))
    return helpers


def _local_aliases(tree: ast.AST) -> dict[str, str]:
    """The names the code binds to another name (``f = count_code``), each with that name.

    >>> _local_aliases(ast.parse("f = count\\ng = f\\nh = f(3)"))
    {'f': 'count', 'g': 'f'}
    """
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.NamedExpr) and isinstance(node.value, ast.Name):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and target.id != node.value.id:
                    aliases[target.id] = node.value.id
    return aliases


def _through_aliases(name: str, aliases: dict[str, str]) -> str:
    """The name ``name`` stands for, followed through ``aliases`` (:func:`_local_aliases`).

    >>> _through_aliases("g", {"f": "count", "g": "f"}), _through_aliases("k", {"k": "k2"})
    ('count', 'k2')
    """
    seen = {name}
    while name in aliases and aliases[name] not in seen:
        name = aliases[name]
        seen.add(name)
    return name


def _parameters_given(
    helper: types.FunctionType, call: ast.Call, names: set[str], bound: int = 0
) -> set[str]:
    """The names of ``helper``'s parameters that ``call`` gives the deals (``names``) to
    (``bound`` first parameters are given by the call's object: ``self``, ``cls``)."""
    parameters = list(inspect.signature(helper).parameters.values())
    by_position = [
        p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ][bound:]
    given = {
        parameter
        for parameter, argument in zip(by_position, call.args, strict=False)
        if _is_the_deals(argument, names)
    }
    return given | {
        keyword.arg
        for keyword in call.keywords
        if keyword.arg is not None and _is_the_deals(keyword.value, names)
    }


def _counted_with_numpy(function: Callable[..., Any]) -> Callable[..., Any]:
    """The adapter of ``tally``: a function that goes through the deals in Python (or whose code
    the check cannot read) raises :class:`PythonLoopOverTheDeals` (or
    :class:`CodeTheCheckCannotRead`), whatever it returns: the statement asks for numpy."""
    found = _counting_in_python(function)

    def call(*args: Any) -> Any:
        if found is not None:
            kind, problem = found
            raise kind(
                f"{problem}, which the task forbids: count them with numpy, for example in one "
                "call (np.bincount(outcomes, minlength=size))"
            )
        return function(*args)

    return call


def _is_list_of_two(case: Case, expected: Any, got: Any) -> bool:
    return type(got) is list and len(got) == 2


def _not_a_list(case: Case, expected: Any, got: Any) -> bool:
    return isinstance(got, Unplain) or (
        type(got) is list and any(isinstance(g, Unplain) for g in got)
    )


def _short_list(case: Case, expected: Any, got: Any) -> bool:
    return type(got) is list and type(expected) is list and len(got) < len(expected)


def _rounded(case: Case, value: Any) -> Any:
    """Floats from 0 to 1 to 9 decimals, inside a tuple or alone; anything else as it came (an
    end just outside 0 to 1, which a rounding error gives an unclamped interval, stays as it is)."""
    if type(value) is tuple:
        return tuple(round(v, 9) if type(v) is float and 0.0 <= v <= 1.0 else v for v in value)
    return value


def _outside_0_1(case: Case, expected: Any, got: Any) -> bool:
    return type(got) is tuple and any(type(v) is float and not 0.0 <= v <= 1.0 for v in got)


# --- The tasks -----------------------------------------------------------------------------------

TASKS = [
    # The statement says it prints nothing (held-out set 14b: one that printed mt[:3] passed).
    Task("init_genrand", init_genrand, _genrand_cases, drawn=_drawn_seeds,
         adapter=_words_computed, silent=True,
         hints=[Hint("Word 0 is the seed cut to 32 bits, seed & 0xFFFFFFFF, for every seed: a "
                     "negative seed too (-5 gives 4294967291, the 32 bits C's unsigned word "
                     "holds), not made positive with abs(seed) or -seed.", _seed_cut_otherwise),
                Hint("Keep every word to 32 bits: '& 0xFFFFFFFF' after each step (and on the seed "
                     "itself). Python's integers never overflow, C's 32-bit words do.",
                     _too_large),
                Hint("Cut each word to 32 bits as soon as it is made ('& 0xFFFFFFFF' inside the "
                     "loop): the next word is computed from the cut one, so cutting them all at "
                     "the end gives other words.", _masked_only_at_the_end),
                Hint("The state has exactly 624 words: the seed, then 623 more.",
                     _length_differs),
                Hint("Shift by 30 (prev >> 30, which keeps the top 2 of the 32 bits), not 31.",
                     _genrand_like(shift=31)),
                Hint("Mix with exclusive or, prev ^ (prev >> 30): not & (and), | (or), ** or +.",
                     _not_exclusive_or),
                Hint("Cut to 32 bits with 0xFFFFFFFF (eight Fs, 32 one-bits): 0x7FFFFFFF keeps "
                     "only 31, 0xFFFFFFF (seven Fs) only 28. Count the Fs: each is 4 bits.",
                     _another_mask),
                Hint("Cut with & 0xFFFFFFFF, which keeps the low 32 bits: % 0xFFFFFFFF is the "
                     "remainder by 2**32 - 1, one less than 2**32, and changes the words.",
                     _cut_with_a_remainder),
                Hint("Add the index i of the word being made: 1 for word 1, up to 623 for the "
                     "last (range(1, 624)), neither i - 1 nor i + 1.", _another_index),
                Hint("Word 0 is right, a later one is not: each word is (1812433253 * (prev ^ "
                     "(prev >> 30)) + i) & 0xFFFFFFFF, from the word before it, cut to 32 bits.",
                     lambda case, expected, got: type(got) is list and len(got) == len(expected)
                     and got[:1] == expected[:1] and got != expected)]),
    Task("wilson_interval", wilson_interval, _wilson_cases, raises=(ValueError,),
         drawn=_drawn_counts, adapter=_counts_checked_first,
         verdict=_rounded,
         hints=[Hint("Keep the interval within 0 to 1: max(0.0, low) and min(1.0, high). A "
                     "rounding error can put Wilson's ends a hair outside.", _outside_0_1),
                Hint("That is the normal-approximation (Wald) interval p ± z·√(p(1−p)/n). "
                     "Wilson's interval is centred at (p + z²/2n)/(1 + z²/n), not at p.",
                     _wald_interval),
                Hint(f"That is Wilson's interval with another z: use z = {Z_95!r}, as the "
                     "statement gives it (the 97.5 % point of the normal distribution, for a "
                     "two-sided 95 % interval), not a rounded 1.96 or 2, nor 1.645 (the 95 % "
                     "point, which leaves all 5 % on one side).", _another_z),
                Hint("The centre adds z²/(2n) to p, half of z²/n: centre = (p + z²/(2n)) / "
                     "denominator.", _wilson_like(centre_over=1)),
                Hint("Divide the half-width by the denominator too: half-width = z · √(p(1 − p)/n "
                     "+ z²/(4n²)) / denominator.", _wilson_like(divide_half=False)),
                Hint("Divide both the centre and the half-width by the denominator 1 + z²/n.",
                     _wilson_like(divide_centre=False, divide_half=False)),
                Hint("Divide the centre by the denominator too: centre = (p + z²/(2n)) / (1 + "
                     "z²/n), not p + z²/(2n).", _wilson_like(divide_centre=False)),
                Hint("Under the square root, p(1 − p) is divided by n: half-width = z · "
                     "√(p(1 − p)/n + z²/(4n²)) / denominator.", _wilson_like(spread_over_n=False)),
                Hint("The first term under the square root is p(1 − p)/n: p times (1 − p), not "
                     "p alone.", _wilson_like(one_minus_p=False)),
                Hint("Return the interval's two ends, (low, high) = (centre − half-width, centre "
                     "+ half-width), not the centre and the half-width.", _centre_and_half_width),
                Hint("The second term under the square root is z²/(4n²), with n squared (4 · n · "
                     "n), not z²/(4n).", _wilson_like(n_squared=False)),
                Hint("The half-width has two terms under the square root: z · √(p(1 − p)/n + "
                     "z²/(4n²)) / denominator. Without z²/(4n²) it is 0 when p is 0 or 1.",
                     _wilson_like(corrected=False)),
                Hint("p = successes / trials is a fraction: // (integer division) gives 0 for "
                     "every p below 1.", _wilson_like(whole_p=True)),
                Hint("Return a tuple (low, high), not a list.", _is_list_of_two, types=True)]),
    Task("tally", tally, _tally_cases, drawn=_drawn_outcomes, adapter=_counted_with_numpy,
         hints=[Hint("Return a list of Python ints: a numpy array (or numpy integers) is not "
                     "plain data. .tolist() turns an array into a list of ints.", _not_a_list),
                Hint("The list has one count per outcome code, 0 to size - 1, even for codes "
                     "that never occur (np.bincount's minlength).", _short_list),
                Hint("The list has exactly size counts, one per code 0 to size - 1 (minlength="
                     "size): no more.", _length_differs),
                Hint("Item k is how many outcomes equal k: the counts are right but not in their "
                     "places. np.histogram's bins span the smallest to the largest outcome, not "
                     "the codes 0 to size - 1; np.bincount(outcomes, minlength=size) counts each "
                     "code.", _counts_in_other_places)]),
]  # fmt: skip

check = Checker(TASKS)
