"""Exercise 07's tally: the check reads the code for Python's own counting (see
``solitaire_lib.fast_simulation.exercises._counting_in_python``), and must not refuse numpy's.

The refused versions are in ``tests/mistakes/fast_simulation.py``; these are right ones that use
what the reader looks for nearby (a built-in on something that is not the deals, an array made
from the deals given to numpy, a helper of the student's that counts with numpy), each of which
must pass, and the helpers the reader follows.
"""

from __future__ import annotations

import numpy as np
import pytest

from solitaire_lib.fast_simulation.exercises import _counting_in_python, check


def sums_each_mask_with_numpy(outcomes, size):
    """numpy's own sum of each code's mask."""
    return [int((outcomes == code).sum()) for code in range(size)]


def built_ins_on_the_counts(outcomes, size):
    """Python's sum, but over the counts (size of them), not over the deals."""
    counts = np.bincount(outcomes, minlength=size).tolist()
    if sum(counts) != len(outcomes):
        raise ValueError("a count went missing")
    return counts


def _count_code(deals, code):
    return int(np.count_nonzero(deals == code))


def counts_in_a_helper_with_numpy(outcomes, size):
    """Hands the deals to a helper of its own that counts with numpy."""
    return [_count_code(outcomes, code) for code in range(size)]


def _all_at_once(deals, size):
    return _per_code(deals == np.arange(size)[:, None])


def _per_code(masks):
    return masks.sum(axis=1).tolist()


def two_helpers_with_numpy(outcomes, size):
    """Hands the deals to a helper that hands an array made from them to another."""
    return _all_at_once(outcomes, size)


def while_over_the_codes(outcomes, size):
    """A while loop over the codes (not the deals), each a mask's size: numpy's counting."""
    counts = []
    code = 0
    while code < size:
        counts.append(outcomes[outcomes == code].size)
        code += 1
    return counts


def sorted_and_searched(outcomes, size):
    """Sorts the deals with numpy and finds where each code starts in them: numpy's counting on
    an array made from the deals."""
    ordered = np.sort(outcomes)
    starts = np.searchsorted(ordered, np.arange(size + 1))
    return np.diff(starts).tolist()


def helper_with_numpy_under_another_name(outcomes, size, count=_count_code):
    """A helper that counts with numpy, called through a default and a local name."""
    again = count
    return [again(outcomes, code) for code in range(size)]


def next_over_the_codes(outcomes, size):
    """A while loop that takes the codes (not the deals) with next(), each counted by numpy."""
    counts = []
    codes = iter(range(size))
    while (code := next(codes, None)) is not None:
        counts.append(int(np.count_nonzero(outcomes == code)))
    return counts


def _from_code(outcomes, code, size):
    if code == size:
        return []
    return [int((outcomes == code).sum()), *_from_code(outcomes, code + 1, size)]


def recursion_over_the_codes(outcomes, size):
    """A helper that calls itself once per code, handing on the whole array: numpy counts each
    code, no call takes a single deal."""
    return _from_code(outcomes, 0, size)


RIGHT = [
    next_over_the_codes,
    recursion_over_the_codes,
    sorted_and_searched,
    helper_with_numpy_under_another_name,
    while_over_the_codes,
    sums_each_mask_with_numpy,
    built_ins_on_the_counts,
    counts_in_a_helper_with_numpy,
    two_helpers_with_numpy,
]


@pytest.mark.parametrize("tally", RIGHT, ids=[f.__name__ for f in RIGHT])
def test_numpys_counting_passes_also_in_helpers(tally) -> None:
    assert _counting_in_python(tally) is None
    report = check.run(tally, "tally")
    assert report.ok, str(report)


def _count_hits(mask):
    return sum(1 for hit in mask if hit)


def mask_given_to_a_looping_helper(outcomes, size):
    """Hands an array made from the deals (not the deals themselves) to a helper that loops."""
    return [_count_hits(outcomes == code) for code in range(size)]


def _deep(level, deals):
    return _deep(level - 1, deals) if level else 0


def calls_itself(outcomes, size):
    """A helper that calls itself with the deals: read once, not again and again."""
    return [_deep(3, outcomes) + int((outcomes == code).sum()) for code in range(size)]


def test_a_helper_given_an_array_made_from_the_deals_is_read_with_it() -> None:
    kind, problem = _counting_in_python(mask_given_to_a_looping_helper) or (None, "")
    assert kind is not None and kind.__name__ == "PythonLoopOverTheDeals"
    assert " of _count_hits (which mask_given_to_a_looping_helper calls): " in problem
    assert "for hit in mask loops over the deals in Python" in problem


def test_a_helper_that_calls_itself_is_read_once() -> None:
    assert _counting_in_python(calls_itself) is None


def test_the_helpers_read_are_bounded(tmp_path, monkeypatch) -> None:
    """A chain of helpers longer than the bound is refused as code not read (a loop could hide
    at its end); one within the bound is read to its end."""
    import importlib

    from solitaire_lib.fast_simulation import exercises

    limit = exercises._FUNCTIONS_LIMIT
    chain = [f"def helper_{i}(deals):\n    return helper_{i + 1}(deals)\n" for i in range(limit)]
    chain.append(f"def helper_{limit}(deals):\n    return [int(d) for d in deals]\n")
    (tmp_path / "long_chain.py").write_text("\n".join(chain))
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("long_chain")

    kind, problem = _counting_in_python(module.helper_0) or (None, "")
    assert kind is not None and kind.__name__ == "CodeTheCheckCannotRead"
    assert f"more than {limit} functions of yours" in problem
    kind, problem = _counting_in_python(module.helper_1) or (None, "")
    assert kind is not None and kind.__name__ == "PythonLoopOverTheDeals"
    assert f" of helper_{limit} (which helper_{limit - 1} calls): for d in deals" in problem


#: Tallies that go through the deals one at a time in Python in a disguise, each with what the
#: check must say about it. Written to a module of their own, as a notebook's cells define them
#: (a name bound in one cell is found by the next).
DISGUISED = {
    "alias_in_another_cell": (
        "add_up = sum\n\ndef tally(outcomes, size):\n"
        "    return [int(add_up(outcomes == k)) for k in range(size)]\n",
        "add_up is Python's built-in sum under another name",
    ),
    "alias_inside": (
        "def tally(outcomes, size):\n    s = sum\n"
        "    return [int(s(outcomes == k)) for k in range(size)]\n",
        "sum is Python's built-in sum under another name (s)",
    ),
    "builtins_dict": (
        "def tally(outcomes, size):\n"
        "    return [int(__builtins__['sum'](outcomes == k)) for k in range(size)]\n",
        "__builtins__['sum'] is Python's built-in sum under another name",
    ),
    "getattr_of_builtins": (
        "import builtins\n\ndef tally(outcomes, size):\n"
        "    return [int(getattr(builtins, 'sum')(outcomes == k)) for k in range(size)]\n",
        "getattr(builtins, 'sum') is Python's built-in sum under another name",
    ),
    "frompyfunc": (
        "import numpy as np\n\ndef tally(outcomes, size):\n    counts = [0] * size\n"
        "    np.frompyfunc(counts.__setitem__, 2, 0)(outcomes, 1)\n    return counts\n",
        "np.frompyfunc(counts.__setitem__, 2, 0) runs a Python function on each deal",
    ),
    "apply_along_axis": (
        "import numpy as np\n\ndef tally(outcomes, size):\n"
        "    return np.apply_along_axis(lambda d: [list(d).count(k) for k in range(size)], 0, "
        "outcomes).tolist()\n",
        "runs a Python function on each deal",
    ),
    "fromiter": (
        "import numpy as np\n\ndef tally(outcomes, size):\n"
        "    deals = np.fromiter(outcomes, dtype=int)\n"
        "    return np.bincount(deals, minlength=size).tolist()\n",
        "np.fromiter(outcomes, dtype=int) takes the deals one at a time in Python",
    ),
    "helper_as_a_default": (
        "def count(deals, k):\n    return len([d for d in deals if d == k])\n\n"
        "def tally(outcomes, size, f=count):\n"
        "    return [f(outcomes, k) for k in range(size)]\n",
        "of count (which tally calls): for d in deals loops over the deals in Python",
    ),
    "groupby_imported": (
        "import numpy as np\nfrom itertools import groupby\n\ndef tally(outcomes, size):\n"
        "    counts = [0] * size\n    for k, run in groupby(np.sort(outcomes)):\n"
        "        counts[k] = len(list(run))\n    return counts\n",
        "groupby(np.sort(outcomes)) goes through the deals one by one in Python",
    ),
    "loop_over_the_sorted_deals": (
        "import numpy as np\n\ndef tally(outcomes, size):\n    counts = [0] * size\n"
        "    for deal in np.sort(outcomes):\n        counts[deal] += 1\n    return counts\n",
        "for deal in np.sort(outcomes) loops over the deals in Python",
    ),
    "index_in_a_comprehension": (
        "def tally(outcomes, size):\n"
        "    return [sum(1 for i in range(size * 0, outcomes.size) if outcomes[i] == k) "
        "for k in range(size)]\n",
        "outcomes[i] reads the deals one at a time, in a comprehension",
    ),
}


@pytest.mark.parametrize("name", list(DISGUISED))
def test_python_in_a_disguise_is_refused_by_name(name, tmp_path, monkeypatch) -> None:
    import importlib

    source, said = DISGUISED[name]
    (tmp_path / f"disguised_{name}.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    tally = importlib.import_module(f"disguised_{name}").tally
    kind, problem = _counting_in_python(tally) or (None, "")
    assert kind is not None and kind.__name__ == "PythonLoopOverTheDeals"
    assert said in problem
    report = check.run(tally, "tally")
    assert not report.ok and "count them with numpy" in str(report)
