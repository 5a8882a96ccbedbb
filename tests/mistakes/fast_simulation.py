"""Wrong implementations that students write for the tasks of exercises/07, one list per task.

``tests/test_exercise_mistakes.py`` proves that the check rejects every one of them, with a report
that matches its ``says`` pattern. Each function's docstring names the mistake.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import itertools
import math
import operator

import numpy as np

from solitaire_lib.grading.checks import Mistake

MASK = 0xFFFFFFFF
MULTIPLIER = 1812433253
Z = 1.959963984540054

# --- init_genrand --------------------------------------------------------------------------------


def shows_its_first_words(seed):
    """Right, but prints the first words it made, to see them (the statement: it prints
    nothing)."""
    words = [seed & MASK]
    for i in range(1, 624):
        words.append((MULTIPLIER * (words[-1] ^ (words[-1] >> 30)) + i) & MASK)
    print("first words:", words[:2])
    return words


def never_masks(seed):
    """Never keeps the words to 32 bits (Python's ints grow without bound)."""
    words = [seed]
    for i in range(1, 624):
        words.append(MULTIPLIER * (words[-1] ^ (words[-1] >> 30)) + i)
    return words


def adds_the_index_after_the_cut(seed):
    """Cuts the product to 32 bits, then adds i without cutting again (held-out set 9): the same
    words but where the cut product plus i passes 2**32, one seed in about 20,000."""
    words = [seed & MASK]
    for i in range(1, 624):
        words.append(((MULTIPLIER * (words[-1] ^ (words[-1] >> 30))) & MASK) + i)
    return words


def masks_only_at_the_end(seed):
    """Computes the words without the cut, then cuts each to 32 bits at the end."""
    words = [seed]
    for i in range(1, 624):
        words.append(MULTIPLIER * (words[-1] ^ (words[-1] >> 30)) + i)
    return [word & MASK for word in words]


def forgets_the_index(seed):
    """Leaves out the '+ i' of each step."""
    words = [seed & MASK]
    for _ in range(1, 624):
        words.append((MULTIPLIER * (words[-1] ^ (words[-1] >> 30))) & MASK)
    return words


def shifts_by_32(seed):
    """Shifts the previous word right by 32 instead of 30 (so the shifted part is always 0)."""
    words = [seed & MASK]
    for i in range(1, 624):
        words.append((MULTIPLIER * (words[-1] ^ (words[-1] >> 32)) + i) & MASK)
    return words


def cuts_with_a_remainder(seed):
    """Cuts each word with % 0xFFFFFFFF (a remainder by 2**32 - 1), not & 0xFFFFFFFF."""
    words = [seed & MASK]
    for i in range(1, 624):
        words.append((MULTIPLIER * (words[-1] ^ (words[-1] >> 30)) + i) % MASK)
    return words


def numpys_words(seed):
    """Takes the words from numpy's Mersenne Twister, which seeds itself with this very step."""
    return [int(word) for word in np.random.RandomState(seed & MASK).get_state()[1]]


def seed_not_masked(seed):
    """Keeps the seed whole as the first word: a seed of 2**32 or more is not cut to 32 bits."""
    words = [seed]
    for i in range(1, 624):
        words.append((MULTIPLIER * (words[-1] ^ (words[-1] >> 30)) + i) & MASK)
    return words


def abs_of_a_negative_seed(seed):
    """Makes a negative seed positive with abs(seed) instead of cutting it to 32 bits."""
    words = [abs(seed) & MASK]
    for i in range(1, 624):
        words.append((MULTIPLIER * (words[-1] ^ (words[-1] >> 30)) + i) & MASK)
    return words


def one_word_short(seed):
    """Stops at 623 words (range(1, 623))."""
    words = [seed & MASK]
    for i in range(1, 623):
        words.append((MULTIPLIER * (words[-1] ^ (words[-1] >> 30)) + i) & MASK)
    return words


def and_instead_of_xor(seed):
    """Combines the word with its shifted self by 'and' instead of 'xor'."""
    words = [seed & MASK]
    for i in range(1, 624):
        words.append((MULTIPLIER * (words[-1] & (words[-1] >> 30)) + i) & MASK)
    return words


def shifts_by_31(seed):
    """Shifts by 31, one bit too far."""
    words = [seed & MASK]
    for i in range(1, 624):
        words.append((MULTIPLIER * (words[-1] ^ (words[-1] >> 31)) + i) & MASK)
    return words


def mask_of_31_bits(seed):
    """Cuts with 0x7FFFFFFF, a mask of 31 one-bits, taking it for the 32-bit one."""
    words = [seed & 0x7FFFFFFF]
    for i in range(1, 624):
        words.append((MULTIPLIER * (words[-1] ^ (words[-1] >> 30)) + i) & 0x7FFFFFFF)
    return words


def mask_of_28_bits(seed):
    """Writes the mask with seven Fs, 0xFFFFFFF: 28 one-bits, not 32."""
    words = [seed & 0xFFFFFFF]
    for i in range(1, 624):
        words.append((MULTIPLIER * (words[-1] ^ (words[-1] >> 30)) + i) & 0xFFFFFFF)
    return words


def index_from_zero(seed):
    """Adds i - 1, counting the words being made from 0."""
    words = [seed & MASK]
    for i in range(1, 624):
        words.append((MULTIPLIER * (words[-1] ^ (words[-1] >> 30)) + i - 1) & MASK)
    return words


# --- wilson_interval -----------------------------------------------------------------------------


def wald(successes, trials):
    """The normal approximation p ± z·√(p(1−p)/n), not Wilson's interval."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("bad counts")
    p = successes / trials
    half = Z * math.sqrt(p * (1 - p) / trials)
    return p - half, p + half


def not_clamped(successes, trials):
    """Wilson's interval, but not kept within 0 to 1 (rounding puts an end a hair outside)."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("bad counts")
    p, z2 = successes / trials, Z * Z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = Z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials**2)) / denominator
    return centre - half, centre + half


def clamped_wald(successes, trials):
    """The normal approximation, kept within 0 to 1 as the statement asks of Wilson's."""
    low, high = wald(successes, trials)
    return max(0.0, low), min(1.0, high)


def _wilson(successes, trials, z=Z, clamp=True):
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    if not clamp:
        return centre - half, centre + half
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def z_is_two(successes, trials):
    """Uses z = 2 instead of 1.959963984540054."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("bad counts")
    return _wilson(successes, trials, z=2.0)


def z_is_rounded(successes, trials):
    """Uses z = 1.96, rounded."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("bad counts")
    return _wilson(successes, trials, z=1.96)


def one_sided_z(successes, trials):
    """Takes z as the 95 % point of the normal distribution, 1.6448536269514722 (one-sided),
    not the 97.5 % point."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("bad counts")
    return _wilson(successes, trials, z=1.6448536269514722)


def z_of_a_99_interval(successes, trials):
    """Takes z as 2.5758293035489 (a 99 % interval's), the statement's is a 95 % one's."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("bad counts")
    return _wilson(successes, trials, z=2.5758293035489)


def no_denominator(successes, trials):
    """Forgets to divide the centre and the half-width by 1 + z²/n."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("bad counts")
    p = successes / trials
    centre = p + Z * Z / (2 * trials)
    half = Z * math.sqrt(p * (1 - p) / trials + Z * Z / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


def returns_a_list(successes, trials):
    """Returns [low, high], a list, where a tuple is asked for."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("bad counts")
    return list(_wilson(successes, trials))


def numpy_floats(successes, trials):
    """Computes with numpy (np.sqrt, np.clip) and returns its numpy.float64 values, where the
    statement asks for two Python floats (reading 41)."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("bad counts")
    low, high = _wilson(successes, trials)
    return np.float64(low), np.float64(high)


def no_check_of_the_counts(successes, trials):
    """Never checks the counts: 0 trials divide by zero, and -4 trials give an interval."""
    return _wilson(successes, trials)


def only_trials_checked(successes, trials):
    """Checks trials but not successes: 3 successes in 2 trials raise ValueError only because
    math.sqrt is then given a negative number (math domain error)."""
    if trials < 1:
        raise ValueError("need at least one trial")
    return _wilson(successes, trials)


def percent(successes, trials):
    """Returns percentages (0 to 100) instead of proportions (0 to 1)."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("bad counts")
    low, high = _wilson(successes, trials)
    return 100 * low, 100 * high


def _checked_wilson(
    successes, trials, *, centre_over=2, divide_half=True, whole=False, variance=None, square=2
):
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("bad counts")
    p = successes // trials if whole else successes / trials
    denominator = 1 + Z * Z / trials
    centre = (p + Z * Z / (centre_over * trials)) / denominator
    spread = p * (1 - p) / trials if variance is None else variance(p)
    half = Z * math.sqrt(spread + Z * Z / (4 * trials**square))
    half = half / denominator if divide_half else half
    return max(0.0, centre - half), min(1.0, centre + half)


def variance_not_over_n(successes, trials):
    """Leaves p(1 - p) undivided under the square root (forgets its /n)."""
    return _checked_wilson(successes, trials, variance=lambda p: p * (1 - p))


def p_not_times_one_minus_p(successes, trials):
    """Writes p/n under the square root, forgetting the (1 - p) of p(1 - p)/n."""
    return _checked_wilson(successes, trials, variance=lambda p: p / trials)


def centre_and_half_width(successes, trials):
    """Returns Wilson's centre and half-width, not the interval's two ends."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("bad counts")
    p = successes / trials
    denominator = 1 + Z * Z / trials
    centre = (p + Z * Z / (2 * trials)) / denominator
    half = Z * math.sqrt(p * (1 - p) / trials + Z * Z / (4 * trials**2)) / denominator
    return centre, half


def correction_over_4n(successes, trials):
    """Writes the second term under the square root as z²/(4n): n not squared."""
    return _checked_wilson(successes, trials, square=1)


def no_correction_term(successes, trials):
    """Leaves out the second term under the square root, z²/(4n²)."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("bad counts")
    p = successes / trials
    denominator = 1 + Z * Z / trials
    centre = (p + Z * Z / (2 * trials)) / denominator
    half = Z * math.sqrt(p * (1 - p) / trials) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def centre_over_n(successes, trials):
    """Adds z²/n to p in the centre, not z²/(2n)."""
    return _checked_wilson(successes, trials, centre_over=1)


def half_width_not_divided(successes, trials):
    """Divides the centre by the denominator but not the half-width."""
    return _checked_wilson(successes, trials, divide_half=False)


def centre_not_divided(successes, trials):
    """Divides the half-width by the denominator 1 + z²/n but not the centre."""
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError("bad counts")
    p = successes / trials
    denominator = 1 + Z * Z / trials
    centre = p + Z * Z / (2 * trials)
    half = Z * math.sqrt(p * (1 - p) / trials + Z * Z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def whole_division(successes, trials):
    """Computes p with // : every p below 1 becomes 0."""
    return _checked_wilson(successes, trials, whole=True)


# --- tally ---------------------------------------------------------------------------------------


def returns_the_array(outcomes, size):
    """Returns np.bincount's array itself, not a list of Python ints."""
    return np.bincount(outcomes, minlength=size)


def list_of_numpy_counts(outcomes, size):
    """Wraps np.bincount's array in list(): a list, but its items stay numpy.int64 (reading
    fourteen): the report must say the items are numpy, not that the list is."""
    return list(np.bincount(outcomes, minlength=size))


def no_minlength(outcomes, size):
    """np.bincount without minlength: the list stops at the largest code that occurs."""
    return np.bincount(outcomes).tolist()


def unique_counts(outcomes, size):
    """Counts with np.unique: the codes that never occur are missing, not 0."""
    return np.unique(outcomes, return_counts=True)[1].tolist()


def one_too_many(outcomes, size):
    """Makes size + 1 counts (range(size + 1))."""
    return [int((outcomes == code).sum()) for code in range(size + 1)]


def running_totals(outcomes, size):
    """Returns the running totals (np.cumsum) instead of the counts."""
    return np.cumsum(np.bincount(outcomes, minlength=size)).tolist()


def shares_not_counts(outcomes, size):
    """Returns the share of each outcome (counts divided by the number of deals)."""
    if len(outcomes) == 0:
        return [0.0] * size
    return (np.bincount(outcomes, minlength=size) / len(outcomes)).tolist()


def counter_of_the_deals(outcomes, size):
    """Counts with collections.Counter, which goes through the deals one by one in Python."""
    from collections import Counter

    counted = Counter(outcomes.tolist())
    return [counted[code] for code in range(size)]


def loops_over_the_deals(outcomes, size):
    """Counts in a Python loop over the deals, which the task forbids (right counts, slowly)."""
    counts = [0] * size
    for code in outcomes:
        counts[int(code)] += 1
    return counts


def counts_a_copy_per_code(outcomes, size):
    """Counts each code with a tuple's .count, which goes through every deal once per code."""
    deals = tuple(outcomes.tolist())
    counts = []
    for code in range(size):
        counts.append(deals.count(code))
    return counts


def loops_over_a_second_name(outcomes, size):
    """Loops over the deals under another name (the array's ravel), in Python."""
    flat = outcomes.ravel()
    counts = [0] * size
    for code in flat:
        counts[int(code)] += 1
    return counts


def loop_inside_eval(outcomes, size):
    """Hides a comprehension over the deals in a string that eval runs."""
    return eval(
        "[sum(1 for x in deals if x == k) for k in range(n)]", {"deals": outcomes, "n": size}
    )


def method_found_by_name(outcomes, size):
    """Reaches the deals' list through getattr with a name built at run time, then counts it."""
    method = "to" + "list"
    deals = getattr(outcomes, method)()
    return [sum(1 for x in deals if x == k) for k in range(size)]


def python_sum_per_code(outcomes, size):
    """Counts each code with Python's built-in sum over the array outcomes == k, which goes
    through the deals one by one in Python (the types made right with int)."""
    return [int(sum(outcomes == code)) for code in range(size)]


def sums_a_named_mask(outcomes, size):
    """Counts with Python's built-in sum over the array outcomes == k, under a name of its own."""
    counts = []
    for code in range(size):
        same = outcomes == code
        counts.append(int(sum(same)))
    return counts


def _count_one_by_one(deals, size):
    counts = [0] * size
    for deal in deals.tolist():
        counts[deal] += 1
    return counts


def loops_in_a_helper(outcomes, size):
    """Hands the deals to a helper of its own, defined beside it, that loops over them."""
    return _count_one_by_one(outcomes, size)


def _count_code(deals, code):
    return sum(1 for deal in deals if deal == code)


def _count_each(deals, size):
    return [_count_code(deals, code) for code in range(size)]


def loops_two_helpers_down(outcomes, size):
    """Hands the deals to a helper, which hands them to another that loops over them."""
    return _count_each(deals=outcomes, size=size)


# Held-out set 15b: loops with no for and no index (next() on an iterator of the deals) and
# recursion, one deal per call, passed the code reader.


def next_deal_until_stop(outcomes, size):
    """Takes the deals off iter(outcomes) with next() in a while True loop until StopIteration:
    a loop over the deals with neither a for nor an index."""
    counts = [0] * size
    deals = iter(outcomes)
    while True:
        try:
            deal = next(deals)
        except StopIteration:
            return counts
        counts[int(deal)] += 1


def next_by_another_name(outcomes, size):
    """The same loop over an iterator of the deals' list copy, with next under a name of its
    own."""
    take = next
    counts = [0] * size
    remaining = outcomes.tolist().__iter__()
    with contextlib.suppress(StopIteration):
        while True:
            counts[take(remaining)] += 1
    return counts


def pops_a_copy_empty(outcomes, size):
    """Pops the deals off a list copy, one per turn of a while loop, until it is empty."""
    counts = [0] * size
    pile = outcomes.tolist()
    while pile:
        counts[pile.pop()] += 1
    return counts


def _count_the_last(deals, counts):
    if deals:
        counts[deals[-1]] += 1
        _count_the_last(deals[:-1], counts)


def recursion_one_deal_per_call(outcomes, size):
    """A helper that counts the last deal and calls itself on the others, in chunks of 400 deals
    so that Python's recursion limit is not reached."""
    counts = [0] * size
    items = outcomes.tolist()
    for start in range(0, size * 0 + len(items), 400):
        _count_the_last(items[start : start + 400], counts)
    return counts


def _count_first(deals, counts):
    if deals:
        counts[deals[0]] += 1
        _count_rest(deals, counts)


def _count_rest(deals, counts):
    _count_first(deals[1:], counts)


def recursion_through_a_second_helper(outcomes, size):
    """Two helpers that call each other with the deals, one deal counted per round."""
    counts = [0] * size
    deals = outcomes.tolist()
    while deals:
        _count_first(deals[:300], counts)
        del deals[:300]
    return counts


def recursion_inside(outcomes, size):
    """A function defined inside the tally, which reads the deals from it by an index and calls
    itself for the next index."""
    counts = [0] * size
    deals = outcomes.tolist()

    def count_from(i, stop):
        if i < stop:
            counts[deals[i]] += 1
            count_from(i + 1, stop)

    for start in range(0, len(deals) + size * 0, 300):
        count_from(start, min(start + 300, len(deals)))
    return counts


def _defined_by_exec():
    namespace: dict = {}
    exec(
        "def tally(outcomes, size):\n"
        "    counts = [0] * size\n"
        "    for x in outcomes.tolist():\n"
        "        counts[x] += 1\n"
        "    return counts\n",
        namespace,
    )
    return namespace["tally"]


#: A tally made by exec from a string: it has no source the check can read.
defined_by_exec = _defined_by_exec()
defined_by_exec.__doc__ = "Is made by exec from a string, so its code cannot be read."


def histogram_bins(outcomes, size):
    """Counts with np.histogram(outcomes, bins=size): the bins span the lowest to the highest
    outcome seen, not the codes 0 to size - 1."""
    return [int(c) for c in np.histogram(outcomes, bins=size)[0]]


def while_indexing_the_deals(outcomes, size):
    """Reads the deals one at a time, outcomes[i], in a while loop (no for, no helper)."""
    counts = [0] * size
    i = 0
    while i < outcomes.size:
        counts[int(outcomes[i])] += 1
        i += 1
    return counts


def sum_by_another_name(outcomes, size):
    """Reaches Python's built-in sum through the builtins module, then sums outcomes == k."""
    import builtins

    add_up = builtins.sum
    return [int(add_up(outcomes == code)) for code in range(size)]


def codes_present_as_a_set(outcomes, size):
    """Makes a Python set of the deals to know which codes occur: the set goes through every
    deal, one at a time, in Python."""
    seen = set(outcomes.tolist())
    return [int(np.count_nonzero(outcomes == code)) if code in seen else 0 for code in range(size)]


def counter_through_vars(outcomes, size):
    """Reaches collections.Counter through vars() of the module, a dict looked up by name."""
    import collections

    make_counter = vars(collections)["Counter"]
    counted = make_counter(outcomes.tolist())
    return [counted.get(code, 0) for code in range(size)]


def count_by_a_computed_method_name(outcomes, size):
    """Calls the bytes' .count through operator.methodcaller with a name put together at run
    time, so that ".count" is never written out."""
    raw = outcomes.astype(np.uint8).tobytes()
    method = "co" + "unt"
    return [operator.methodcaller(method, bytes([code]))(raw) for code in range(size)]


def vectorized_python_counter(outcomes, size):
    """Runs a Python function on each deal with np.vectorize, a Python loop in disguise."""
    counts = [0] * size

    def count_one(deal):
        counts[deal] += 1
        return 0

    np.vectorize(count_one, otypes=[int])(outcomes)
    return counts


def folds_the_deals_with_reduce(outcomes, size):
    """functools.reduce over the deals' list: Python goes through them one at a time."""
    return functools.reduce(
        lambda counts, deal: [*counts[:deal], counts[deal] + 1, *counts[deal + 1 :]],
        outcomes.tolist(),
        [0] * size,
    )


def counts_in_a_lambda(outcomes, size):
    """A comprehension over the deals hidden in a lambda of its own, handed the deals."""
    count = lambda deals, code: len([deal for deal in deals if deal == code])  # noqa: E731
    return [count(outcomes, code) for code in range(size)]


def float_sum_of_each_mask(outcomes, size):
    """Adds each code's mask with math.fsum, which steps through it one item at a time, as the
    built-in sum does (held-out set 14b, c3)."""
    return [int(math.fsum(outcomes == code)) for code in range(size)]


def median_and_mode_by_statistics(outcomes, size):
    """Counts the codes with statistics.multimode and a Counter made another way: the
    statistics module goes through the deals one by one in Python."""
    import statistics as stats

    common = stats.multimode(outcomes.tolist())
    counts = np.bincount(outcomes, minlength=size).tolist()
    return counts if common else [0] * size


#: A global bound to Counter through importlib, so that the name Counter never appears in the
#: code read (held-out set 14b, c7).
_COUNTER_BY_NAME = importlib.import_module("collections").Counter


def counter_reached_through_importlib(outcomes, size):
    """Counts with collections.Counter, reached through importlib.import_module at the top of
    the notebook and bound to a name of its own."""
    counted = _COUNTER_BY_NAME(outcomes.tolist())
    return [counted.get(code, 0) for code in range(size)]


def imports_a_module_by_its_name(outcomes, size):
    """Imports math by its name with importlib inside tally, then adds each mask with its fsum:
    the check cannot tell what a module found by name is."""
    tools = importlib.import_module("ma" + "th")
    return [int(tools.fsum(outcomes == code)) for code in range(size)]


def counts_with_count_of(outcomes, size):
    """Counts each code with operator.countOf, which is a list's .count under another name."""
    deals = outcomes.tolist()
    return [operator.countOf(deals, code) for code in range(size)]


def groups_the_sorted_deals(outcomes, size):
    """Sorts the deals with numpy, then measures each group itertools.groupby finds, one deal at
    a time."""
    counts = [0] * size
    for code, group in itertools.groupby(np.sort(outcomes)):
        counts[int(code)] = len(list(group))
    return counts


def _matches(deals, code):
    return len([deal for deal in deals if deal == code])


def helper_under_another_name(outcomes, size):
    """Calls a looping helper of its own through a local name for it."""
    count = _matches
    return [count(outcomes, code) for code in range(size)]


_matches_lambda = lambda deals, code: len([d for d in deals if d == code])  # noqa: E731


def lambda_under_another_name(outcomes, size):
    """Calls a looping lambda of the notebook's through a local name for it."""
    count = _matches_lambda
    return [count(outcomes, code) for code in range(size)]


class _Counter:
    def count_code(self, deals, code):
        total = 0
        for deal in deals:
            total += int(deal == code)
        return total


def loops_in_a_method(outcomes, size):
    """Hands the deals to a method of a small class of its own, which loops over them."""
    counter = _Counter()
    return [counter.count_code(outcomes, code) for code in range(size)]


_WAYS = {"matches": _matches}


def helper_from_a_dict(outcomes, size):
    """Takes a looping helper of its own out of a dict before calling it."""
    count = _WAYS["matches"]
    return [count(outcomes, code) for code in range(size)]


_vectorized = np.vectorize


def vectorize_by_another_name(outcomes, size):
    """Runs np.vectorize, bound to another name beside the function, on each deal."""
    equal = _vectorized(lambda deal, code: int(deal == code), otypes=[int])
    return [int(equal(outcomes, code).sum()) for code in range(size)]


def helper_from_a_loop(outcomes, size):
    """Calls each helper of a list, so that the check cannot tell from the code which it is."""
    for count in [_matches]:
        return [count(outcomes, code) for code in range(size)]
    return []


MISTAKES = {
    "init_genrand": [
        Mistake(
            shows_its_first_words,
            r"it printed 'first words: \[\d+, \d+\]': init_genrand prints nothing, it only "
            r"returns its answer",
        ),
        Mistake(never_masks, r"Keep every word to 32 bits"),
        Mistake(masks_only_at_the_end, r"as soon as it is made"),
        Mistake(
            adds_the_index_after_the_cut,
            r"init_genrand\(\d+\)  \(word \d+'s product, cut to 32 bits, plus \d+ passes 2\*\*32\)"
            r"[\s\S]*Hint: Keep every word to 32 bits",
        ),
        Mistake(forgets_the_index, r"Word 0 is right, a later one is not"),
        Mistake(shifts_by_32, r"Word 0 is right, a later one is not"),
        Mistake(cuts_with_a_remainder, r"% 0xFFFFFFFF is the remainder by 2\*\*32 - 1"),
        Mistake(shifts_by_31, r"Shift by 30"),
        Mistake(mask_of_31_bits, r"0x7FFFFFFF keeps only 31"),
        Mistake(mask_of_28_bits, r"Hint: Cut to 32 bits with 0xFFFFFFFF .*0xFFFFFFF \(seven Fs\)"),
        Mistake(index_from_zero, r"Add the index i of the word being made"),
        Mistake(
            seed_not_masked,
            r"expected 4294967291, got -5[\s\S]*Hint: Word 0 is the seed cut to 32 bits",
        ),
        Mistake(one_word_short, r"exactly 624 words"),
        Mistake(
            abs_of_a_negative_seed,
            r"init_genrand\(-5\)[\s\S]*Hint: Word 0 is the seed cut to 32 bits, seed & 0xFFFF"
            r"FFFF, for every seed: a negative seed too",
        ),
        Mistake(and_instead_of_xor, r"Mix with exclusive or"),
        Mistake(numpys_words, r"uses numpy's random generators \(numpy\.random\.RandomState\)"),
    ],
    "wilson_interval": [
        # The label of a case it also fails says what the case holds, not a cause.
        Mistake(
            wald,
            r"It also fails wilson_interval\(0, 21\)  \(0 of 21: Wilson's low end is a hair below "
            r"0 before clamping\)\nHint: That is the normal-approximation \(Wald\)",
        ),
        Mistake(clamped_wald, r"normal-approximation \(Wald\)"),
        Mistake(z_is_two, r"expected: \(0\.\d+, 0\.\d+\)[\s\S]*with another z"),
        Mistake(z_is_rounded, r"another z: use z = 1\.959963984540054, as the statement gives it"),
        Mistake(one_sided_z, r"another z: use z = 1\.959963984540054[\s\S]*nor 1\.645"),
        Mistake(z_of_a_99_interval, r"Hint: That is Wilson's interval with another z"),
        Mistake(no_denominator, r"Divide both the centre and the half-width by the denom"),
        Mistake(variance_not_over_n, r"Hint: Under the square root, p\(1 − p\) is divided by n"),
        Mistake(p_not_times_one_minus_p, r"Hint: The first term under the square root is p\(1"),
        Mistake(centre_and_half_width, r"Hint: Return the interval's two ends, \(low, high\)"),
        Mistake(correction_over_4n, r"Hint: The second term under the square root is z²/\(4n²\)"),
        Mistake(no_correction_term, r"Hint: The half-width has two terms under the square root"),
        Mistake(returns_a_list, r"Return a tuple \(low, high\), not a list"),
        Mistake(
            numpy_floats,
            # the statement's own advice, float(...), and no array to convert (no .tolist())
            r"it returned a tuple whose items are numpy\.float64, not Python floats: convert "
            r"each item with float\(\) before returning it\n(?![\s\S]*tolist)",
        ),
        Mistake(no_check_of_the_counts, r"should raise ValueError"),
        Mistake(
            only_trials_checked,
            r"wilson_interval\(3, 2\)\n  math\.sqrt raised "
            r"ValueError [\s\S]*\(line \d+\)\n  it should raise ValueError",
        ),
        Mistake(centre_over_n, r"The centre adds z²/\(2n\) to p"),
        Mistake(half_width_not_divided, r"Divide the half-width by the denominator"),
        Mistake(centre_not_divided, r"Hint: Divide the centre by the denominator too"),
        Mistake(whole_division, r"// \(integer division\) gives 0"),
        Mistake(percent, r"got:      \(0\.0, 79\.345"),
        Mistake(not_clamped, r"Keep the interval within 0 to 1"),
    ],
    "tally": [
        Mistake(
            loops_in_a_method,
            r"line \d+ of count_code \(which loops_in_a_method calls\): for deal in deals",
        ),
        Mistake(helper_from_a_dict, r"line \d+ of _matches \(which helper_from_a_dict calls\)"),
        Mistake(
            vectorize_by_another_name,
            r"line \d+: _vectorized is np\.vectorize under another name",
        ),
        Mistake(
            helper_from_a_loop,
            r"line \d+: count\(outcomes, code\) gives the deals to a function the check cannot "
            r"read",
        ),
        Mistake(returns_the_array, r"got a numpy\.ndarray[\s\S]*\.tolist\(\)"),
        Mistake(
            list_of_numpy_counts,
            r"it returned a list whose items are numpy\.int64, not Python ints: convert the array "
            r"with \.tolist\(\) \(or each item with int\(\)\) before returning it",
        ),
        Mistake(no_minlength, r"even for codes\s+that never occur"),
        Mistake(unique_counts, r"even for codes\s+that never occur"),
        Mistake(one_too_many, r"got:      \[0, 0, 0\][\s\S]*exactly size counts"),
        Mistake(
            loops_over_the_deals,
            # the student's line only: not the checker's own line where the adapter raised
            r"line \d+: for code in outcomes [^\n]*"
            r"\(np\.bincount\(outcomes, minlength=size\)\)\n",
        ),
        Mistake(histogram_bins, r"not in their places. np.histogram"),
        Mistake(counter_of_the_deals, r"line \d+: Counter\("),
        Mistake(
            float_sum_of_each_mask,
            r"line \d+: math\.fsum\(outcomes == code\) is math\.fsum, which goes through the "
            r"deals one at a time in Python, which the task forbids: count them with numpy",
        ),
        Mistake(
            median_and_mode_by_statistics,
            r"line \d+: stats\.multimode\(outcomes\.tolist\(\)\) is statistics\.multimode, which "
            r"goes through the deals one at a time in Python",
        ),
        Mistake(
            counter_reached_through_importlib,
            r"line \d+: _COUNTER_BY_NAME\(outcomes\.tolist\(\)\) is collections\.Counter, which "
            r"goes through the deals one at a time in Python",
        ),
        Mistake(
            imports_a_module_by_its_name,
            r"line \d+: importlib\.import_module\('ma' \+ 'th'\) runs code the check cannot read",
        ),
        Mistake(running_totals, r"expected: \[1, 1, 3\]\n  got:      \[1, 2, 5\]"),
        Mistake(shares_not_counts, r"expected an int, got a float"),
        Mistake(
            counts_a_copy_per_code,
            r"line \d+: deals\.count\(code\) goes through",
        ),
        Mistake(
            loops_over_a_second_name,
            r"line \d+: for code in flat loops over the deals",
        ),
        Mistake(loop_inside_eval, r"line \d+: eval\('\[sum"),
        Mistake(method_found_by_name, r"line \d+: getattr\(outcomes, m"),
        Mistake(defined_by_exec, r"the check cannot read the code of"),
        Mistake(
            python_sum_per_code,
            r"line \d+: sum\(outcomes == code\) is Python's built-in sum, which goes through the "
            r"array one item at a time in Python \(numpy's way: \(outcomes == code\)\.sum\(\)\)",
        ),
        Mistake(sums_a_named_mask, r"line \d+: sum\(same\) is Python's built-in sum"),
        Mistake(
            loops_in_a_helper,
            r"line \d+ of _count_one_by_one \(which loops_in_a_helper calls\): for deal in "
            r"deals\.tolist\(\) loops over the deals in Python",
        ),
        Mistake(
            loops_two_helpers_down,
            r"line \d+ of _count_code \(which _count_each calls\): for deal in deals loops",
        ),
        Mistake(
            next_deal_until_stop,
            r"line \d+: next\(deals\) takes the deals one at a time, in a while loop, which goes "
            r"through them in Python, which the task forbids",
        ),
        Mistake(
            next_by_another_name,
            r"line \d+: take\(remaining\) takes the deals one at a time, in a while loop",
        ),
        Mistake(pops_a_copy_empty, r"line \d+: pile\.pop\(\) takes the deals one at a time"),
        Mistake(
            recursion_one_deal_per_call,
            r"line \d+ of _count_the_last \(which recursion_one_deal_per_call calls\): "
            r"_count_the_last calls itself, and takes one deal, deals\[-1\], in each call: "
            r"recursion goes through the deals one at a time in Python",
        ),
        Mistake(
            recursion_through_a_second_helper,
            r"line \d+ of _count_first \(which recursion_through_a_second_helper calls\): "
            r"deals\[0\] takes one deal in each call of _count_first, _count_rest, which call "
            r"each other in a circle",
        ),
        Mistake(
            recursion_inside,
            r"line \d+: count_from calls itself, and takes one deal, deals\[i\], in each call",
        ),
        Mistake(
            while_indexing_the_deals,
            r"line \d+: outcomes\[i\] reads the deals one at a time, in a while loop",
        ),
        Mistake(
            sum_by_another_name,
            r"line \d+: import builtins reaches Python's built-ins \(sum, max, \.\.\.\) by other "
            r"names, which the task forbids: count them with numpy",
        ),
        Mistake(
            codes_present_as_a_set,
            r"line \d+: set\(outcomes\.tolist\(\)\) goes through the deals one by one in Python",
        ),
        Mistake(
            counter_through_vars,
            r"line \d+: vars\(collections\) reaches names through a dict, which the check "
            r"cannot follow \(a Counter could hide there\), which the task forbids",
        ),
        Mistake(
            count_by_a_computed_method_name,
            r"line \d+: operator\.methodcaller\(method, [^\n]* runs code the check cannot read",
        ),
        Mistake(
            vectorized_python_counter,
            r"line \d+: np\.vectorize\(count_one[^\n]* runs a Python function on each deal",
        ),
        Mistake(
            folds_the_deals_with_reduce,
            r"line \d+: functools\.reduce\([^\n]* goes through the deals one by one in Python",
        ),
        Mistake(counts_in_a_lambda, r"line \d+: for deal in deals loops over the deals in Python"),
        Mistake(
            counts_with_count_of,
            r"line \d+: operator\.countOf\(deals, code\) goes through the deals one by one in "
            r"Python",
        ),
        Mistake(
            groups_the_sorted_deals,
            r"line \d+: itertools\.groupby\(np\.sort\(outcomes\)\) goes through the deals one "
            r"by one in Python",
        ),
        Mistake(
            helper_under_another_name,
            r"line \d+ of _matches \(which helper_under_another_name calls\): for deal in deals "
            r"loops over the deals in Python",
        ),
        Mistake(
            lambda_under_another_name,
            r"line \d+ of the lambda _matches_lambda \(which lambda_under_another_name calls\): "
            r"for d in deals loops",
        ),
    ],
}
