"""Exercise 07's ``init_genrand`` must compute the 624 words: a version that takes them from
numpy's Mersenne Twister fails, in every form, and says so; right versions pass, numpy arithmetic
included; numpy.random is put back after the call; and Python's ``random`` cannot give the words.
"""

from __future__ import annotations

import csv
import importlib
import os
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import nbformat
import numpy as np
import pytest
from numpy.random import MT19937, RandomState
from student_copy import as_a_student_writes_it

from solitaire_lib.fast_simulation.exercises import check, init_genrand
from solitaire_lib.grading import sandbox
from solitaire_lib.grading.fenced import Fence, ReachedFor, fenced
from solitaire_lib.grading.grade import grade_class

MASK = 0xFFFFFFFF
MULTIPLIER = 1812433253
#: The seeds a cheat is compared on directly (the check's own include larger ones).
SEEDS = (0, 1, 5489, 19650218, 2**32 - 1, 2**32 + 5)

# --- Cheats: numpy makes the words ----------------------------------------------------------------


def random_state(seed):
    """numpy's legacy generator, seeded by the very step asked for."""
    return [int(w) for w in np.random.RandomState(seed & MASK).get_state()[1]]


def legacy_seeding(seed):
    """The bit generator seeded the legacy way, its words read from the .state property."""
    generator = np.random.MT19937()
    generator._legacy_seeding(seed & MASK)
    return generator.state["state"]["key"].tolist()


def global_seed(seed):
    """numpy's global generator seeded, its words read back with get_state."""
    np.random.seed(seed & MASK)
    return np.random.get_state()[1].tolist()


def through_mtrand(seed):
    """The module numpy.random.mtrand, named in full."""
    return np.random.mtrand.RandomState(seed & MASK).get_state(legacy=True)[1].tolist()


def imported_inside(seed):
    """numpy.random's module imported inside the function."""
    import numpy.random.mtrand as mtrand

    mtrand.seed(seed & MASK)
    return mtrand._rand.get_state()[1].tolist()


def imported_before(seed):
    """A class imported by name before the function (a global of its own)."""
    return RandomState(seed & MASK).get_state()[1].tolist()


def _with_the_class_in_a_closure() -> Callable[[int], list[int]]:
    bit_generator = MT19937

    def class_in_a_closure(seed):
        """The class held in a closure."""
        generator = bit_generator()
        generator._legacy_seeding(seed & MASK)
        return generator.state["state"]["key"].tolist()

    return class_in_a_closure


def _words(seed):
    words = [seed & MASK]
    for i in range(1, 624):
        words.append((MULTIPLIER * (words[-1] ^ (words[-1] >> 30)) + i) & MASK)
    return words


def loaded_again(seed):
    """The fences deleted from sys.modules, then numpy's generator module imported anew (what
    it took from sys.modules is put back, so that this test's own process is left as it was)."""
    taken = {name: sys.modules.pop(name) for name in list(sys.modules) if "numpy.random" in name}
    attribute = vars(np)["random"]
    try:
        fresh = importlib.import_module("numpy.random._mt19937")
        generator = fresh.MT19937()
        generator._legacy_seeding(seed & MASK)
        return generator.state["state"]["key"].tolist()
    finally:
        sys.modules.update(taken)
        np.random = attribute


def caught_and_computed(seed):
    """numpy first, and the loop only when that raises: what it returns is right."""
    try:
        return np.random.RandomState(seed & MASK).get_state()[1].tolist()
    except Exception:
        return _words(seed)


CHEATS = [
    (random_state, "numpy.random.RandomState"),
    (legacy_seeding, "numpy.random.MT19937"),
    (global_seed, "numpy.random.seed"),
    (through_mtrand, "numpy.random.mtrand"),
    (imported_inside, "numpy.random.mtrand"),
    (imported_before, r"numpy.random.mtrand.RandomState\(\.\.\.\)"),
    (_with_the_class_in_a_closure(), r"numpy.random._mt19937.MT19937\(\.\.\.\)"),
    (caught_and_computed, "numpy.random.RandomState"),
    (loaded_again, r"import numpy\.random"),
]


@pytest.mark.parametrize(("cheat", "named"), CHEATS, ids=[c.__name__ for c, _ in CHEATS])
def test_a_version_that_takes_the_words_from_numpy_fails_and_says_so(
    cheat: Callable[[int], list[int]], named: str
) -> None:
    # Without the check, the cheat gives the right words: only the fence can catch it.
    assert all(cheat(seed) == init_genrand(seed) for seed in SEEDS)
    report = check.run(cheat, "init_genrand", seed=3)
    assert not report.ok and report.passed == 0, str(report)
    assert "init_genrand uses numpy's random generators (" in str(report)
    assert re.search(named, str(report)), str(report)
    assert "which the task forbids" in str(report) and "compute the 624 words" in str(report)
    # The line shown is the student's (this file), not the fence's.
    assert "in a call to the library" not in str(report)
    # numpy.random is itself again after the check.
    assert type(np.random).__name__ == "module" and sys.modules["numpy.random"] is np.random
    assert np.random.RandomState is RandomState


# --- Right versions pass --------------------------------------------------------------------------


def plain_loop(seed):
    """The statement's step in a loop of Python ints."""
    return _words(seed)


def numpy_arithmetic(seed):
    """The same step with numpy's 64-bit unsigned integers (no overflow: 32 + 31 bits)."""
    words = np.zeros(624, dtype=np.uint64)
    words[0] = seed & MASK
    for i in range(1, 624):
        prev = words[i - 1]
        step = np.uint64(MULTIPLIER) * (prev ^ (prev >> np.uint64(30))) + np.uint64(i)
        words[i] = step & np.uint64(MASK)
    return [int(w) for w in words]


#: A generator the notebook holds for other uses: a right init_genrand that does not touch it
#: is not held against it.
notebook_rng = np.random.default_rng(7)


def beside_a_generator(seed):
    """Right, in a module that also holds a numpy generator it does not use."""
    return _words(seed)


@pytest.mark.parametrize(
    "right", [as_a_student_writes_it(init_genrand), plain_loop, numpy_arithmetic,
              beside_a_generator],
    ids=["reference", "plain_loop", "numpy_arithmetic", "beside_a_generator"],
)  # fmt: skip
def test_right_versions_pass(right: Callable[[int], list[int]]) -> None:
    report = check.run(right, "init_genrand")
    assert report.passed == report.total, str(report)
    assert isinstance(notebook_rng, np.random.Generator)  # put back


# --- The fence itself, in this process ------------------------------------------------------------


def test_the_fence_puts_everything_back_even_when_the_function_raises() -> None:
    modules = {name: m for name, m in sys.modules.items() if name.startswith("numpy.random")}
    closure_class = MT19937

    def uses_everything(seed):
        assert isinstance(np.random, Fence) and isinstance(sys.modules["numpy.random"], Fence)
        assert isinstance(RandomState, Fence) and isinstance(closure_class, Fence)
        assert isinstance(notebook_rng, Fence)
        raise KeyError(seed)

    with pytest.raises(KeyError):
        fenced(uses_everything, "numpy.random")(1)
    assert {n: m for n, m in sys.modules.items() if n.startswith("numpy.random")} == modules
    assert np.random is modules["numpy.random"] and RandomState is np.random.RandomState
    assert closure_class is MT19937 and isinstance(notebook_rng, np.random.Generator)


def test_a_use_caught_by_the_function_is_still_reported() -> None:
    with pytest.raises(ReachedFor, match=r"^numpy\.random\.RandomState$"):
        fenced(caught_and_computed, "numpy.random")(5)
    assert fenced(plain_loop, "numpy.random")(5) == init_genrand(5)


def test_hasattr_probes_by_python_note_nothing() -> None:
    def probes(seed):
        return [hasattr(np.random, "__path__"), hasattr(np.random, "__file__"), seed]

    assert fenced(probes, "numpy.random")(4) == [False, False, 4]


# --- Python's random cannot give the words --------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_pythons_random_seeds_otherwise_so_it_cannot_give_the_words(seed: int) -> None:
    # random.seed(n) runs init_by_array on n's 32-bit words, which starts from
    # init_genrand(19650218) and mixes n in: its state is never init_genrand(n).
    _version, state, _gauss = random.Random(seed).getstate()
    assert list(state[:624]) != init_genrand(seed)
    assert list(state[:624]) != init_genrand(seed)[::-1]


def test_no_process_of_the_checks_is_left() -> None:
    def children() -> set[int]:
        found: set[int] = set()
        for task in Path(f"/proc/{os.getpid()}/task").iterdir():
            text = (task / "children").read_text()
            found |= {int(pid) for pid in text.split()}
        return found

    before = children()
    for cheat, _ in CHEATS[:3]:
        assert not check.run(cheat, "init_genrand", seed=1).ok
    assert check.run(plain_loop, "init_genrand", seed=1).ok
    assert children() <= before


# --- The class grader agrees ----------------------------------------------------------------------

#: A cell a student adds at the end of notebook 07: init_genrand again, from numpy's words.
NUMPY_CELL = '''
from numpy.random import RandomState

def init_genrand(seed):
    """The words of numpy's Mersenne Twister."""
    return [int(word) for word in RandomState(seed & 0xFFFFFFFF).get_state()[1]]
'''


@pytest.mark.skipif(
    bool(sandbox.unavailable()) and os.environ.get("CI") != "true",
    reason=f"no sandbox here: {sandbox.unavailable()}",
)
def test_the_class_grader_rejects_numpys_words_too(tmp_path: Path) -> None:
    """The adapter runs in the student's kernel too: the grader fails the same version, with
    the same words, and passes the other tasks."""
    root = Path(__file__).resolve().parent.parent
    book = nbformat.read(root / "solutions" / "07_fast_simulation.ipynb", as_version=4)
    book.cells.append(nbformat.v4.new_code_cell(NUMPY_CELL))
    student = tmp_path / "submissions" / "noor"
    student.mkdir(parents=True)
    nbformat.write(book, student / "07_fast_simulation.ipynb")

    grade_class(tmp_path / "submissions", tmp_path / "grading", say=lambda line: None)

    rows = list(csv.DictReader((tmp_path / "grading" / "grades.csv").open(encoding="utf-8")))
    assert {row["task"]: row["passed"] for row in rows} == {
        "init_genrand": "False",
        "wilson_interval": "True",
        "tally": "True",
    }
    feedback = (tmp_path / "grading" / "feedback" / "noor.txt").read_text("utf-8")
    assert "init_genrand uses numpy's random generators (numpy.random.mtrand.RandomState" in (
        feedback
    )


def test_the_carry_seeds_are_the_searchs_and_carry_where_i_is_added() -> None:
    """The fixed cases for a version that adds i after the cut (held-out set 9) come from
    tools/genrand_carry_seeds.py: the search finds them again on the seeds below 50,000, and the
    recurrence carries past 2**32 at the step they name, where the right words do not."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    from genrand_carry_seeds import first_carries

    from solitaire_lib.fast_simulation.exercises import CARRY_SEEDS, _step_that_carries

    found = first_carries(np.arange(50_000))
    carrying = {int(seed): int(found[seed]) for seed in np.nonzero(found >= 0)[0]}
    assert carrying == {seed: _step_that_carries(seed) for seed in CARRY_SEEDS}
    for seed, step in carrying.items():
        words = [seed & MASK]
        for i in range(1, step + 1):
            words.append(((MULTIPLIER * (words[-1] ^ (words[-1] >> 30))) & MASK) + i)
        assert words[step] > MASK and init_genrand(seed)[:step] == words[:step]
