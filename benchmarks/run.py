"""The simulations side by side, in one run: a straightforward pure-Python version written from
the course text (``straightforward.py``), the library's pure-Python path, and its compiled path.

    python benchmarks/run.py           # or: make bench

Each is timed on its own number of deals (the slow ones on fewer) and reported per deal, with
its ratio to the straightforward version: ratios stay meaningful on a shared machine, seconds do
not. The compile time of the kernels is measured in fresh processes, with numba's cache empty
(compiling) and full (loading). Nothing here is asserted: the tests check results, not speed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import straightforward  # noqa: E402

from solitaire_lib.accel import COMPILED, pure_python  # noqa: E402
from solitaire_lib.aces_in_sequence import fast as aces_fast  # noqa: E402
from solitaire_lib.alliances import fast as alliances_fast  # noqa: E402
from solitaire_lib.sevens import fast as sevens_fast  # noqa: E402

SLOW, FAST = 20_000, 1_000_000


def per_deal(deals: int, task: Callable[[], object], repeats: int = 3) -> float:
    """Microseconds a deal: the best of ``repeats`` runs."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        task()
        best = min(best, time.perf_counter() - start)
    return best / deals * 1e6


def aces(compiled: bool, deals: int) -> Callable[[], object]:
    path = aces_fast.compiled_outcomes if compiled else aces_fast.pure_outcomes
    return lambda: path(range(deals))


def sevens(compiled: bool, deals: int) -> Callable[[], object]:
    path = sevens_fast.compiled_outcomes if compiled else sevens_fast.pure_outcomes
    return lambda: path(range(deals), 3)


def alliances(compiled: bool, deals: int, n_cards: int) -> Callable[[], object]:
    def run() -> None:
        with pure_python(not compiled):  # the path, chosen at call time
            alliances_fast.pile_counts(deals, n_cards, seed=0)

    return run


def rows() -> list[tuple[str, float, float, float | None]]:
    table = []
    for name, plain, pure, fast in [
        ("aces simulate(n, 0)", lambda: straightforward.aces_simulate(SLOW, 0),
         aces(False, SLOW), aces(True, FAST) if COMPILED else None),
        ("sevens simulate(n, 0)", lambda: straightforward.sevens_simulate(SLOW, 0),
         sevens(False, SLOW), sevens(True, FAST) if COMPILED else None),
    ]:  # fmt: skip
        table.append((name, per_deal(SLOW, plain), per_deal(SLOW, pure),
                      per_deal(FAST, fast) if fast else None))  # fmt: skip
    for n_cards in (52, 32):
        plain = per_deal(SLOW, lambda n=n_cards: straightforward.alliances_pile_counts(SLOW, n, 0))
        pure = per_deal(SLOW, alliances(False, SLOW, n_cards))
        fast = per_deal(FAST, alliances(True, FAST, n_cards)) if COMPILED else None
        table.append((f"alliances, {n_cards}-card deals", plain, pure, fast))
    return table


FIRST_CALL = (
    "import time; t = time.perf_counter(); "
    "from solitaire_lib.aces_in_sequence.fast import aces_outcomes; "
    "from solitaire_lib.alliances.fast import pile_counts; "
    "from solitaire_lib.sevens.fast import sevens_outcomes; "
    "aces_outcomes(10, 0); sevens_outcomes(10, 0, 3); pile_counts(10, 52); "
    "print(time.perf_counter() - t)"
)


def first_call_seconds(cache_dir: str | None) -> float:
    environment = dict(os.environ)
    if cache_dir is not None:
        environment["NUMBA_CACHE_DIR"] = cache_dir
    result = subprocess.run([sys.executable, "-c", FIRST_CALL], env=environment, check=True,
                            capture_output=True, text=True)  # fmt: skip
    return float(result.stdout)


def main() -> None:
    print(f"compiled path: {'numba' if COMPILED else 'not available (pure Python only)'}")
    print()
    print(
        "| simulation | straightforward | pure Python | compiled | pure-Python speed-up "
        "| compiled speed-up | 1,000,000 deals, compiled |"
    )
    print("|---|---|---|---|---|---|---|")
    for name, plain, pure, fast in rows():
        fast_text = f"{fast:.2f} µs" if fast else "-"
        speedup = f"**{plain / fast:.1f}x**" if fast else "-"
        million = f"{fast:.2f} s" if fast else f"{pure:.1f} s"
        print(f"| {name} | {plain:.1f} µs | {pure:.1f} µs | {fast_text} "
              f"| {plain / pure:.2f}x | {speedup} | {million} |")  # fmt: skip
    if COMPILED:
        with tempfile.TemporaryDirectory() as empty:
            compiling = first_call_seconds(empty)
            loading = first_call_seconds(empty)
        print()
        print(
            f"first call, compiling the kernels (empty cache): {compiling:.1f} s; "
            f"loading them from numba's cache: {loading:.1f} s"
        )


if __name__ == "__main__":
    main()
