"""CPython's Mersenne Twister, re-implemented exactly for compiled kernels.

The course fixes the random stream: ``random.seed(i)`` then ``random.shuffle(deck)``. Seeding
the Mersenne Twister costs more than playing a game, so the compiled simulations seed it
themselves, many seeds side by side ("lanes", so that the compiler can use the processor's
vector instructions). Everything here follows CPython's ``_randommodule.c`` and ``random.py``:

* ``seed(i)`` for an int: ``init_by_array`` on the 32-bit words of ``abs(i)``, lowest first
  (one word ``0`` for ``i == 0``), after ``init_genrand(19650218)``;
* each 32-bit output is one word of the next state, tempered; the state is renewed word by word,
  which gives the same words as CPython's renewal of all 624 at once;
* ``_randbelow(n)``: ``k = n.bit_length()`` bits at a time (the top ``k`` bits of a word),
  again while the number is ``>= n``;
* ``shuffle``: for ``i`` from the last index down to 1, swap item ``i`` with item
  ``_randbelow(i + 1)``.

``tests/test_fast_simulations.py`` checks the shuffles against :mod:`random` on 100,000 seeds.

>>> import random
>>> deck = np.arange(10, dtype=np.int64)
>>> shuffle_seed(deck, 2024)
>>> expected = list(range(10)); random.Random(2024).shuffle(expected)
>>> deck.tolist() == expected
True
"""

from __future__ import annotations

import numpy as np

from solitaire_lib.accel import jit

N, M = 624, 397
MASK = 0xFFFFFFFF
UPPER, LOWER, MATRIX_A = 0x80000000, 0x7FFFFFFF, 0x9908B0DF


def genrand_start(s: int) -> np.ndarray:
    """``init_genrand(s)``: the state every ``init_by_array`` starts from (with 19650218)."""
    mt = np.empty(N, dtype=np.int64)
    mt[0] = s & MASK
    for i in range(1, N):
        previous = int(mt[i - 1])
        mt[i] = (1812433253 * (previous ^ (previous >> 30)) + i) & MASK
    return mt


#: ``init_genrand(19650218)``, shared by every seed.
START = genrand_start(19650218)


def key_words(seed: int) -> list[int]:
    """The key ``random.seed`` uses for an int: the 32-bit words of ``abs(seed)``, lowest first.

    >>> key_words(0), key_words(-5), key_words(2**32 + 7)
    ([0], [5], [7, 1])
    """
    value = abs(seed)
    words = []
    while True:
        words.append(value & MASK)
        value >>= 32
        if not value:
            return words


@jit
def _mix_in_key(row, previous, key, j, lanes):
    """One step of ``init_by_array``'s first loop, for every lane (a loop the compiler turns
    into vector instructions: the lanes do not depend on each other)."""
    for lane in range(lanes):
        p = previous[lane]
        row[lane] = ((row[lane] ^ ((p ^ (p >> 30)) * 1664525)) + key[lane] + j) & MASK


@jit
def _mix_down(row, previous, i, lanes):
    """One step of ``init_by_array``'s second loop, for every lane."""
    for lane in range(lanes):
        p = previous[lane]
        row[lane] = ((row[lane] ^ ((p ^ (p >> 30)) * 1566083941)) - i) & MASK


@jit
def seed_lanes(mt, keys, key_length, lanes, start):
    """``init_by_array`` for ``lanes`` seeds side by side: ``mt[:, lane]`` (int64, values below
    2**32) is the state of the seed whose key is ``keys[:key_length, lane]`` (every lane has a
    key of that length)."""
    for i in range(N):
        for lane in range(lanes):
            mt[i, lane] = start[i]
    i, j = 1, 0
    for _ in range(max(N, key_length)):
        _mix_in_key(mt[i], mt[i - 1], keys[j], j, lanes)
        i += 1
        j += 1
        if i >= N:
            for lane in range(lanes):
                mt[0, lane] = mt[N - 1, lane]
            i = 1
        if j >= key_length:
            j = 0
    for _ in range(N - 1):
        _mix_down(mt[i], mt[i - 1], i, lanes)
        i += 1
        if i >= N:
            for lane in range(lanes):
                mt[0, lane] = mt[N - 1, lane]
            i = 1
    for lane in range(lanes):
        mt[0, lane] = UPPER


@jit
def _renewed(word, after, far):
    """State number ``k`` renewed (the twist) from itself, number ``k + 1`` and number
    ``k + 397``."""
    y = (word & UPPER) | (after & LOWER)
    return far ^ (y >> 1) ^ (-(y & 1) & MATRIX_A)


@jit
def _tempered(word):
    """The output made from a renewed state number."""
    word ^= word >> 11
    word ^= (word << 7) & 0x9D2C5680
    word ^= (word << 15) & 0xEFC60000
    word ^= word >> 18
    return word & MASK


@jit
def next_word(mt, lane, position):
    """The 32-bit output number ``position`` (0, 1, ...) after seeding, for one lane."""
    k = position % N
    after = k + 1 if k + 1 < N else 0
    far = k + M if k + M < N else k + M - N
    mt[k, lane] = _renewed(mt[k, lane], mt[after, lane], mt[far, lane])
    return _tempered(mt[k, lane])


@jit
def _twist_row(row, after, far, out, lanes):
    """Output number ``k`` for every lane: renew ``row`` (state number ``k``) from ``after``
    (number ``k + 1``) and ``far`` (number ``k + 397``), and temper it into ``out``."""
    for lane in range(lanes):
        row[lane] = _renewed(row[lane], after[lane], far[lane])
        out[lane] = _tempered(row[lane])


@jit
def first_words(mt, words, lanes):
    """The first ``len(words)`` outputs (at most 227) of every lane, side by side:
    ``words[k, lane]``. The state is renewed in place, as :func:`next_word` would."""
    for k in range(len(words)):
        _twist_row(mt[k], mt[k + 1], mt[k + M], words[k], lanes)


@jit
def shuffle_lane(mt, lane, deck, size, words, ready):
    """``random.shuffle(deck[:size])`` with the lane's freshly seeded state; its first
    ``ready`` outputs are ``words[:ready, lane]`` (from :func:`first_words`)."""
    position = 0
    for i in range(size - 1, 0, -1):
        bound = i + 1
        bits = 0
        while (bound >> bits) != 0:
            bits += 1
        while True:
            word = words[position, lane] if position < ready else next_word(mt, lane, position)
            r = word >> (32 - bits)
            position += 1
            if r < bound:
                break
        deck[i], deck[r] = deck[r], deck[i]


def shuffle_seed(deck: np.ndarray, seed: int) -> None:
    """Shuffle ``deck`` in place as ``random.seed(seed); random.shuffle(deck)`` would."""
    words = key_words(seed)
    keys = np.array(words, dtype=np.int64).reshape(len(words), 1)
    mt = np.empty((N, 1), dtype=np.int64)
    seed_lanes(mt, keys, len(words), 1, START)
    shuffle_lane(mt, 0, deck, len(deck), np.empty((0, 1), dtype=np.int64), 0)
