"""Simulation throughput, compared with the committed baseline.

    python benchmarks/run.py              # measure and compare with baseline.json
    python benchmarks/run.py --save       # measure and write a new baseline.json

Timings are the best of a few repeats (wall clock, one process). They are reported, never
asserted in tests: a slower machine is not a bug.
"""

from __future__ import annotations

import argparse
import io
import json
import platform
import time
from collections.abc import Callable
from contextlib import redirect_stdout
from pathlib import Path

from solitaire_lib.aces_in_sequence import play, shuffled_deck, simulate, win_counts
from solitaire_lib.alliances import new_deck, simulate_pile_counts
from solitaire_lib.alliances import play as alliances_play
from solitaire_lib.rng import shuffled
from solitaire_lib.sevens import play_seed as sevens_play_seed
from solitaire_lib.sevens import simulate as sevens_simulate

HERE = Path(__file__).resolve().parent
BASELINE = HERE / "baseline.json"


ALLIANCES_DECKS = [shuffled(new_deck(52), seed) for seed in range(1000)]


def best_of(repeats: int, task: Callable[[], object]) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        task()
        times.append(time.perf_counter() - start)
    return min(times)


def quiet(function: Callable[[int, int], None], n: int, i: int) -> None:
    with redirect_stdout(io.StringIO()):
        function(n, i)


BENCHMARKS: dict[str, tuple[int, Callable[[], object]]] = {
    "aces_in_sequence.simulate(100000, 0) [s]": (3, lambda: quiet(simulate, 100_000, 0)),
    "aces_in_sequence.win_counts(20000, 0) [s]": (3, lambda: win_counts(20_000, 0)),
    "aces_in_sequence.play, one deal [ms]": (
        5,
        lambda: [play(shuffled_deck(s)) for s in range(1000)],
    ),
}
BENCHMARKS |= {
    "sevens.simulate(100000, 0), fast path [s]": (3, lambda: quiet(sevens_simulate, 100_000, 0)),
    "sevens.play (reference engine), one deal [ms]": (
        3, lambda: [sevens_play_seed(s) for s in range(1000)]
    ),
}  # fmt: skip
BENCHMARKS |= {
    "alliances: 1,000,000 deals of 52 cards, fast path [s]": (
        1, lambda: simulate_pile_counts(1_000_000, 52, seed=0)
    ),
    "alliances: 1,000,000 deals of 32 cards, fast path [s]": (
        1, lambda: simulate_pile_counts(1_000_000, 32, seed=0)
    ),
    "alliances: reference engine, one 52-card deal [ms]": (
        3, lambda: [alliances_play(deck) for deck in ALLIANCES_DECKS]
    ),
}  # fmt: skip
# These benchmarks play 1000 deals: their time in seconds is the time of one deal in ms.
PER_DEAL = {"aces_in_sequence.play, one deal [ms]": 1.0,
            "sevens.play (reference engine), one deal [ms]": 1.0,
            "alliances: reference engine, one 52-card deal [ms]": 1.0}  # fmt: skip


def measure() -> dict[str, float]:
    results = {}
    for name, (repeats, task) in BENCHMARKS.items():
        seconds = best_of(repeats, task)
        results[name] = round(seconds * PER_DEAL.get(name, 1.0), 4)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--save", action="store_true", help="write baseline.json")
    args = parser.parse_args()
    results = measure()
    baseline = json.loads(BASELINE.read_text()) if BASELINE.exists() else {"results": {}}
    print(f"{'benchmark':<56} {'now':>9} {'baseline':>9} {'ratio':>6}")
    for name, value in results.items():
        base = baseline["results"].get(name)
        ratio = f"{value / base:6.2f}" if base else "     -"
        base_text = f"{base:9.4f}" if base else "        -"
        print(f"{name:<56} {value:9.4f} {base_text} {ratio}")
    if args.save:
        record = {"machine": f"{platform.python_implementation()} {platform.python_version()}, "
                  f"{platform.machine()}", "results": results}  # fmt: skip
        BASELINE.write_text(json.dumps(record, indent=2) + "\n")
        print(f"saved {BASELINE.name}")


if __name__ == "__main__":
    main()
