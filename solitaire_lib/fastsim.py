"""Fast exact simulations: the harness that any game of seeded shuffles plays on.

A simulation of the course's kind plays one deal per seed: ``random.seed(seed)``, then
``random.shuffle`` of the sorted deck. Here a card is its index in that sorted deck, so every
deck is a shuffle of the integers ``0 .. size-1``, exactly as :mod:`random` makes it. This module
knows no game; each game's ``fast`` module plays its rules on these decks:

* compiled (numba): :func:`lane_buffers` and :func:`shuffle_block` seed :data:`LANES` seeds side by
  side with :mod:`.mersenne` and shuffle a deck for each; the game's kernel shares the blocks of a
  range among :data:`WORKS` pieces of work, on every core (see
  :mod:`solitaire_lib.aces_in_sequence.fast`);
* pure Python: :func:`shuffled_decks` gives the same decks with ``random.Random``.

:func:`outcomes` runs either path, in chunks, with a progress bar. The tests compare both paths
with :mod:`random` and with the games' reference engines (``tests/test_fast_simulations.py``).

>>> expected = list(range(5))
>>> random.Random(7).shuffle(expected)
>>> next(shuffled_decks(range(7, 8), 5)) == expected
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import numpy as np

from solitaire_lib.accel import compiled_now, jit
from solitaire_lib.mersenne import MASK, N, first_words, key_words, seed_lanes, shuffle_lane

#: Seeds seeded side by side in a compiled kernel, and the pieces of work shared among the cores.
LANES = 128
WORKS = 64
#: The largest seed the compiled range kernel handles directly (larger ones: explicit keys).
INT64_SEEDS = 2**62
#: Seeds played at a time between two updates of the progress bar (compiled; pure: a twentieth).
CHUNK = 200_000

#: A range of seeds as the kernels take it: ``(keys, lengths, first_seed, explicit)``.
SeedKeys = tuple[np.ndarray, np.ndarray, int, bool]


# --- Compiled: seeds in lanes --------------------------------------------------------------------


def seed_keys(seeds: range) -> SeedKeys:
    """The seeds' keys for the kernels: computed in the kernel from the first seed when every
    seed is below :data:`INT64_SEEDS`, else given explicitly (their 32-bit words)."""
    if max(abs(seeds.start), abs(seeds.stop)) < INT64_SEEDS:
        return np.zeros((1, 2), np.int64), np.ones(1, np.int64), seeds.start, False
    words = [key_words(seed) for seed in seeds]
    keys = np.zeros((len(words), max(len(w) for w in words)), dtype=np.int64)
    for k, w in enumerate(words):
        keys[k, : len(w)] = w
    return keys, np.array([len(w) for w in words], dtype=np.int64), 0, True


@jit
def lane_buffers(size, width):
    """The buffers of one piece of work: the generators' states, their first words, the lanes'
    keys and key lengths, and one deck of ``size`` cards per lane."""
    mt = np.empty((N, LANES), np.int64)
    words = np.empty((min(size * 3 // 2, 227), LANES), np.int64)  # enough for most shuffles
    lane_keys = np.zeros((width, LANES), np.int64)
    lane_lengths = np.ones(LANES, np.int64)
    decks = np.empty((LANES, size), np.int64)
    return mt, words, lane_keys, lane_lengths, decks


@jit
def _seed_block(mt, keys, lengths, count, start):
    """Seed the ``count`` lanes of a block: side by side when their keys have one length."""
    same = True
    for lane in range(1, count):
        if lengths[lane] != lengths[0]:
            same = False
    if same:
        seed_lanes(mt, keys, lengths[0], count, start)
        return
    for lane in range(count):
        seed_lanes(mt[:, lane : lane + 1], keys[:, lane : lane + 1], lengths[lane], 1, start)


@jit
def shuffle_block(first_seed, first, count, keys, lengths, explicit, start, buffers):
    """Seed the ``count`` seeds from number ``first`` of the range, and shuffle a deck for each:
    ``decks[lane]`` is the deck of seed number ``first + lane``."""
    mt, words, lane_keys, lane_lengths, decks = buffers
    lane_keys[:] = 0
    for lane in range(count):
        if explicit:
            for w in range(keys.shape[1]):
                lane_keys[w, lane] = keys[first + lane, w]
            lane_lengths[lane] = lengths[first + lane]
        else:
            value = abs(first_seed + first + lane)
            lane_keys[0, lane] = value & MASK
            lane_keys[1, lane] = value >> 32
            lane_lengths[lane] = 2 if value >> 32 else 1
    _seed_block(mt, lane_keys, lane_lengths, count, start)
    first_words(mt, words, count)
    size = decks.shape[1]
    for lane in range(count):
        deck = decks[lane]
        for card in range(size):
            deck[card] = card
        shuffle_lane(mt, lane, deck, size, words, len(words))


# --- Pure Python: the same decks ----------------------------------------------------------------


def _shuffle(deck: list[int], getrandbits: Callable[[int], int]) -> None:
    """``random.shuffle(deck)`` step for step (the same calls of ``getrandbits``), without the
    cost of calling ``_randbelow`` for each card."""
    for i in range(len(deck) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        r = getrandbits(bits)
        while r >= bound:
            r = getrandbits(bits)
        deck[i], deck[r] = deck[r], deck[i]


def shuffled_decks(seeds: range, size: int) -> Iterator[list[int]]:
    """For each seed, ``0 .. size-1`` as ``random.seed(seed); random.shuffle(...)`` orders them."""
    sorted_deck = list(range(size))
    rng = random.Random()
    for seed in seeds:
        deck = sorted_deck.copy()
        rng.seed(seed)
        _shuffle(deck, rng.getrandbits)
        yield deck


# --- Either path --------------------------------------------------------------------------------

#: A path of a game: the outcomes (an int each) of a range of seeds.
Path = Callable[[range], np.ndarray]


def outcomes(n: int, i: int, compiled: Path, pure: Path, progress: bool = False) -> np.ndarray:
    """The outcomes of seeds ``i .. i+n-1``, by the compiled path when numba runs here, else by
    the pure-Python one (the same numbers), in chunks, with a progress bar if asked."""
    from tqdm.auto import tqdm

    use_compiled = compiled_now()
    play = compiled if use_compiled else pure
    chunk = CHUNK if use_compiled else CHUNK // 20
    parts = []
    with tqdm(total=n, desc="deals", disable=not progress, leave=False) as bar:
        for start in range(i, i + n, chunk):
            seeds = range(start, min(start + chunk, i + n))
            parts.append(play(seeds))
            bar.update(len(seeds))
    return np.concatenate(parts) if parts else np.empty(0, dtype=np.int64)
