"""Fast exact simulations of aces in sequence and sevens: one outcome per seed, deal for deal
the same as the reference engines.

Both paths shuffle the integers ``0 .. n-1`` (a card is its index in the sorted deck that the
course shuffles) exactly as ``random.seed(seed); random.shuffle(...)`` does, then play:

* compiled (numba): the seeds are seeded in lanes of :data:`LANES` with :mod:`.mersenne`, the
  deck shuffled, and the game played on integer cards, on every core;
* pure Python: ``random.Random`` draws the same numbers; aces is played on lists of integers,
  sevens by :func:`solitaire_lib.sevens.fast.final_aside` on the cards themselves.

``tests/test_fast_simulations.py`` checks both paths against the reference engines and
:mod:`random`.

>>> aces_outcomes(5, 0).tolist() == [aces_outcome_reference(seed) for seed in range(5)]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import numpy as np

from solitaire_lib.accel import compiled_now, jit, parallel_jit, prange
from solitaire_lib.cards import deck_32, deck_52
from solitaire_lib.mersenne import (
    MASK,
    START,
    N,
    first_words,
    key_words,
    seed_lanes,
    shuffle_lane,
)

#: Seeds seeded side by side in a compiled kernel, and the pieces of work shared among the cores.
LANES = 128
WORKS = 64
#: The largest seed the compiled range kernel handles directly (larger ones: explicit keys).
INT64_SEEDS = 2**62

ACES_SCHEDULE = np.array([4, 3, 2], dtype=np.int64)


def _aces_tables() -> np.ndarray:
    return np.array([card.is_ace for card in deck_32()], dtype=np.bool_)


#: The 48 cards that sevens shuffles, sorted (``sevens.rules.deck_without_sevens()``).
SEVENS_DECK = [card for card in deck_52() if card.rank != 7]


def _sevens_tables() -> tuple[np.ndarray, np.ndarray]:
    return (np.array([int(card.suit) for card in SEVENS_DECK], dtype=np.int64),
            np.array([card.rank for card in SEVENS_DECK], dtype=np.int64))  # fmt: skip


IS_ACE = _aces_tables()
SEVENS_SUIT, SEVENS_RANK = _sevens_tables()


# --- The games on integer cards, compiled -------------------------------------------------------


@jit
def aces_game(deck, is_ace, schedule, pile, aside):
    """Cards left if the game is won, ``0`` if lost (the reference's ``win_counts`` outcome).

    ``deck`` is bottom to top; ``pile`` and ``aside`` are scratch space of the deck's size.
    Stage by stage, stack ``s`` of ``k`` holds the cards ``s, s + k, ...`` counted from the top;
    from its first ace on, its cards are put aside in the order dealt.
    """
    size = len(deck)
    for k in range(size):
        pile[k] = deck[k]
    for stacks in schedule:
        kept = 0
        for stack in range(stacks):
            j = stack
            while j < size and not is_ace[pile[size - 1 - j]]:
                j += stacks
            while j < size:
                aside[kept] = pile[size - 1 - j]
                kept += 1
                j += stacks
        for k in range(kept):
            pile[k] = aside[k]
        size = kept
    first, last, aces = -1, -1, 0
    for k in range(size):
        if is_ace[pile[k]]:
            if first < 0:
                first = k
            last = k
            aces += 1
    return size if aces == 0 or last - first == aces - 1 else 0


@jit
def sevens_place(card, suit, rank, lowest, highest):
    """Place ``card`` if the card just below or above it in its suit is placed."""
    s, r = suit[card], rank[card]
    if r == lowest[s] - 1:
        lowest[s] = r
    elif r == highest[s] + 1:
        highest[s] = r
    else:
        return False
    return True


@jit
def sevens_game(deck, suit, rank, max_stages, stack, aside, lowest, highest):
    """Cards that could not be placed (``0``: won) and the stages played, as
    :func:`.sevens.fast.final_aside`.

    Each stage plays the stack from its top; a card that cannot be placed goes on the pile aside,
    and after each card placed the top of that pile is placed while it can be.
    """
    for s in range(4):
        lowest[s] = 7
        highest[s] = 7
    size = len(deck)
    for k in range(size):
        stack[k] = deck[k]
    left = 0
    for stage in range(1, max_stages + 1):
        left = 0
        while size > 0:
            size -= 1
            card = stack[size]
            if not sevens_place(card, suit, rank, lowest, highest):
                aside[left] = card
                left += 1
                continue
            while left > 0 and sevens_place(aside[left - 1], suit, rank, lowest, highest):
                left -= 1
        if left == 0 or stage == max_stages:
            return left, stage
        for k in range(left):
            stack[k] = aside[left - 1 - k]
        size = left
    return left, max_stages


# --- The compiled path: seeds in lanes, on every core -------------------------------------------

#: The games and their outcomes: aces (cards left if won, else 0), sevens (cards left), and
#: sevens' stages needed (the stages played to win, 0 if not won within the limit).
ACES, SEVENS, SEVENS_STAGES = 0, 1, 2


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
def _play_block(game, first_seed, first, count, keys, lengths, explicit, is_ace, schedule, suit,
                rank, max_stages, start, mt, words, lane_keys, lane_lengths, deck, scratch_a,
                scratch_b, lowest, highest, out):  # fmt: skip
    """Seed, shuffle and play the ``count`` seeds from number ``first`` of the range."""
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
    for lane in range(count):
        for card in range(len(deck)):
            deck[card] = card
        shuffle_lane(mt, lane, deck, len(deck), words, len(words))
        if game == ACES:
            out[first + lane] = aces_game(deck, is_ace, schedule, scratch_a, scratch_b)
        else:
            left, played = sevens_game(deck, suit, rank, max_stages, scratch_a, scratch_b,
                                       lowest, highest)  # fmt: skip
            out[first + lane] = left if game == SEVENS else (0 if left else played)


@parallel_jit
def _outcomes_kernel(game, first_seed, n, keys, lengths, explicit, size, is_ace, schedule,
                     suit, rank, max_stages, start, out):  # fmt: skip
    """``out[k]`` = the outcome of seed ``first_seed + k`` (or of the key ``keys[k]`` when
    ``explicit``), for ``ACES``, ``SEVENS`` or ``SEVENS_STAGES``. The blocks of ``LANES`` seeds
    are shared among ``WORKS`` pieces of work, each with its own buffers, run on every core."""
    blocks = (n + LANES - 1) // LANES
    width = keys.shape[1] if explicit else 2
    works = min(blocks, WORKS)
    for work in prange(works):
        mt = np.empty((N, LANES), np.int64)
        words = np.empty((min(size * 3 // 2, 227), LANES), np.int64)  # enough for most shuffles
        lane_keys = np.zeros((width, LANES), np.int64)
        lane_lengths = np.ones(LANES, np.int64)
        deck = np.empty(size, np.int64)
        scratch_a = np.empty(size, np.int64)
        scratch_b = np.empty(size, np.int64)
        lowest = np.empty(4, np.int64)
        highest = np.empty(4, np.int64)
        for block in range(work, blocks, works):
            first = block * LANES
            _play_block(game, first_seed, first, min(LANES, n - first), keys, lengths, explicit,
                        is_ace, schedule, suit, rank, max_stages, start, mt, words, lane_keys,
                        lane_lengths, deck, scratch_a, scratch_b, lowest, highest, out)  # fmt: skip


def _compiled(game: int, seeds: range, size: int, is_ace: np.ndarray, schedule: np.ndarray,
              max_stages: int) -> np.ndarray:  # fmt: skip
    n = len(seeds)
    out = np.empty(n, dtype=np.int64)
    explicit = max(abs(seeds.start), abs(seeds.stop)) >= INT64_SEEDS
    if explicit:
        words = [key_words(seed) for seed in seeds]
        width = max(len(w) for w in words)
        keys = np.zeros((n, width), dtype=np.int64)
        for k, w in enumerate(words):
            keys[k, : len(w)] = w
        lengths = np.array([len(w) for w in words], dtype=np.int64)
        first = 0
    else:
        keys, lengths, first = np.zeros((1, 2), np.int64), np.ones(1, np.int64), seeds.start
    _outcomes_kernel(game, first, n, keys, lengths, explicit, size, is_ace, schedule,
                     SEVENS_SUIT, SEVENS_RANK, max_stages, START, out)  # fmt: skip
    return out


# --- The pure-Python path -------------------------------------------------------------------------


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


def _pure(game: int, seeds: range, size: int, is_ace: np.ndarray, schedule: np.ndarray,
          max_stages: int) -> np.ndarray:  # fmt: skip
    from solitaire_lib.sevens.fast import final_aside  # here: the sevens package imports this one

    ace_list, stages = is_ace.tolist(), schedule.tolist()
    sorted_deck = list(range(size))
    rng = random.Random()
    outcomes = []
    for seed in seeds:
        deck = sorted_deck.copy()
        rng.seed(seed)
        _shuffle(deck, rng.getrandbits)
        if game == ACES:
            outcomes.append(_aces_game_lists(deck, ace_list, stages))
            continue
        aside, played = final_aside([SEVENS_DECK[card] for card in deck], max_stages)
        outcomes.append(len(aside) if game == SEVENS else (0 if aside else played))
    return np.array(outcomes, dtype=np.int64)


def _aces_game_lists(deck: list[int], is_ace: list[bool], schedule: list[int]) -> int:
    """:func:`aces_game` with list slices, which plain Python runs faster than a loop per card."""
    pile = deck
    for stacks in schedule:
        from_top = pile[::-1]
        kept: list[int] = []
        for stack in range(stacks):
            cards = from_top[stack::stacks]
            for position, card in enumerate(cards):
                if is_ace[card]:
                    kept += cards[position:]
                    break
        pile = kept
    aces = [k for k, card in enumerate(pile) if is_ace[card]]
    return len(pile) if not aces or aces[-1] - aces[0] == len(aces) - 1 else 0


# --- What the analyses call -----------------------------------------------------------------------

CHUNK = 200_000


def _outcomes(game: int, n: int, i: int, size: int, is_ace: np.ndarray, schedule: np.ndarray,
              max_stages: int, progress: bool) -> np.ndarray:  # fmt: skip
    compiled = compiled_now()
    play: Callable[..., np.ndarray] = _compiled if compiled else _pure
    chunk = CHUNK if compiled else CHUNK // 20
    parts = []
    from tqdm.auto import tqdm

    with tqdm(total=n, desc="deals", disable=not progress, leave=False) as bar:
        for start in range(i, i + n, chunk):
            seeds = range(start, min(start + chunk, i + n))
            parts.append(play(game, seeds, size, is_ace, schedule, max_stages))
            bar.update(len(seeds))
    return np.concatenate(parts)


def aces_outcomes(
    n: int,
    i: int,
    *,
    is_ace: Sequence[bool] | None = None,
    schedule: Sequence[int] = (4, 3, 2),
    progress: bool = False,
) -> np.ndarray:
    """For seeds ``i .. i+n-1``: cards left if won, ``0`` if lost (aces in sequence).

    ``is_ace`` describes the sorted deck that is shuffled (the 32-card deck by default).
    """
    aces = IS_ACE if is_ace is None else np.array(is_ace, dtype=np.bool_)
    stages = np.array(schedule, dtype=np.int64)
    return _outcomes(ACES, n, i, len(aces), aces, stages, 0, progress)


def sevens_outcomes(n: int, i: int, max_stages: int = 3, *, progress: bool = False) -> np.ndarray:
    """For seeds ``i .. i+n-1``: the cards that could not be placed (sevens; ``0``: won)."""
    return _outcomes(SEVENS, n, i, len(SEVENS_SUIT), IS_ACE, ACES_SCHEDULE, max_stages, progress)


def sevens_stages_needed(n: int, i: int, max_stages: int) -> np.ndarray:
    """For seeds ``i .. i+n-1``: the stages a won game of sevens played (``0``: not won within
    ``max_stages``). A game won within ``k`` stages is won for every limit of ``k`` or more."""
    return _outcomes(SEVENS_STAGES, n, i, len(SEVENS_SUIT), IS_ACE, ACES_SCHEDULE, max_stages,
                     False)  # fmt: skip


def aces_outcome_reference(seed: int) -> int:
    """The reference engine's outcome for one seed (what :func:`aces_outcomes` must equal)."""
    from solitaire_lib.aces_in_sequence.rules import play
    from solitaire_lib.rng import shuffled

    game = play(shuffled(deck_32(), seed))
    return game.cards_left if game.won else 0


def sevens_outcome_reference(seed: int, max_stages: int = 3) -> int:
    """The reference engine's number of cards left for one seed."""
    from solitaire_lib.rng import shuffled
    from solitaire_lib.sevens.rules import deck_without_sevens, play

    return play(shuffled(deck_without_sevens(), seed), max_stages).cards_left
