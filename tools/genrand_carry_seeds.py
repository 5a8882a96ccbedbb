"""Seeds whose init_genrand words carry past 2**32 where the index i is added.

Each word of the Mersenne Twister's first seeding step is
``(1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF``. A version that cuts the product to
32 bits and then adds ``i`` without cutting again gives the same words, except where the cut
product plus ``i`` reaches 2**32: there its word has 33 bits, and every later word differs. That
happens at one step in about 623 * 624 / 2 / 2**32 (5e-5) of the seeds, so random seeds almost
never show it. This search runs the statement's recurrence on a block of seeds at once (numpy,
64-bit words: the product is below 2**63) and prints each seed with the first step that carries;
``solitaire_lib/fast_simulation/exercises.py`` takes fixed cases from it (CARRY_SEEDS).

    python tools/genrand_carry_seeds.py             # the seeds 0 to 2**20 - 1
    python tools/genrand_carry_seeds.py 0 50000     # another range
"""

from __future__ import annotations

import argparse

import numpy as np

MULTIPLIER = 1812433253
MASK = 0xFFFFFFFF
WORDS = 624


def first_carries(seeds: np.ndarray) -> np.ndarray:
    """For each seed, the first index i whose cut product plus i reaches 2**32 (-1 for none).

    >>> first_carries(np.array([0, 27865])).tolist()
    [-1, 170]
    """
    words = seeds.astype(np.uint64) & np.uint64(MASK)
    found = np.full(seeds.shape, -1, dtype=np.int64)
    for index in range(1, WORDS):
        cut = (np.uint64(MULTIPLIER) * (words ^ (words >> np.uint64(30)))) & np.uint64(MASK)
        summed = cut + np.uint64(index)
        found[(summed > np.uint64(MASK)) & (found < 0)] = index
        words = summed & np.uint64(MASK)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("low", nargs="?", type=int, default=0)
    parser.add_argument("high", nargs="?", type=int, default=1 << 20)
    arguments = parser.parse_args()
    seeds = np.arange(arguments.low, arguments.high, dtype=np.int64)
    found = first_carries(seeds)
    hits = np.nonzero(found >= 0)[0]
    for at in hits:
        print(f"seed {int(seeds[at])}: word {int(found[at])} carries")
    print(f"{len(hits)} of {len(seeds):,} seeds carry at some step")


if __name__ == "__main__":
    main()
