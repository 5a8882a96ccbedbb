"""The fast simulations give the reference engines' outcome for every seed, on both paths.

``make test`` runs this file twice: compiled (numba) and with ``SOLITAIRE_PURE_PYTHON=1``.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from solitaire_lib import accel
from solitaire_lib.aces_in_sequence.analysis import win_counts
from solitaire_lib.aces_in_sequence.fast import aces_outcome_reference, aces_outcomes
from solitaire_lib.cards import deck_32, deck_36, deck_52
from solitaire_lib.mersenne import key_words, shuffle_seed
from solitaire_lib.rng import shuffled
from solitaire_lib.sevens.fast import (
    final_aside,
    sevens_outcome_reference,
    sevens_outcomes,
    sevens_stages_needed,
)
from solitaire_lib.sevens.rules import deck_without_sevens

#: Seeds where the key changes length or sign: zero, negative, one word, two words, three words.
EDGE_SEEDS = [0, 1, -1, 2**31, 2**32 - 1, 2**32, -(2**32), 10**12, 2**62 - 1, 2**62,
              2**64 + 3, 2**70 + 5, -(2**70 + 5)]  # fmt: skip
#: The run of seeds the shuffle is checked on besides (lesson 07 states it).
SHUFFLE_SEEDS = range(-50_000, 50_000)


@pytest.mark.skipif(not accel.compiled_now(), reason="the Mersenne Twister kernel is compiled")
def test_the_mersenne_twister_shuffles_as_random_does_on_100000_seeds() -> None:
    for seed in [*EDGE_SEEDS, *SHUFFLE_SEEDS]:
        deck = np.arange(52, dtype=np.int64)
        shuffle_seed(deck, seed)
        expected = list(range(52))
        random.Random(seed).shuffle(expected)
        assert deck.tolist() == expected, seed


def test_key_words_are_the_32_bit_words_of_the_absolute_value() -> None:
    assert key_words(2**70 + 5) == [5, 0, 64]
    assert key_words(-(10**12)) == key_words(10**12) == [10**12 % 2**32, 10**12 >> 32]


def test_aces_outcomes_equal_the_engine_on_every_seed_lesson_01_plays() -> None:
    """Lesson 01 plays seeds 0 to 99,999 (``N_DEALS``), and its prose says the fast path is held
    equal to the engine seed by seed on all of them; 20,000 negative seeds are added."""
    seeds = range(-20_000, 100_000)
    outcomes = aces_outcomes(len(seeds), seeds.start)
    assert outcomes.tolist() == [aces_outcome_reference(seed) for seed in seeds]


def test_sevens_outcomes_equal_the_engine_on_every_seed_lesson_02_plays() -> None:
    """Lesson 02 plays seeds 0 to 99,999 (``N_DEALS``), and its prose says they are all checked;
    20,000 negative seeds are added. Against ``sevens.fast.final_aside`` (which
    tests/test_sevens_fast.py holds equal to the recording engine) on all of them, and against
    the engine itself on seeds 0 to 4,999, as the lesson says."""
    deck = deck_without_sevens()
    seeds = range(-20_000, 100_000)
    outcomes = sevens_outcomes(len(seeds), seeds.start).tolist()
    assert outcomes == [len(final_aside(shuffled(deck, seed))[0]) for seed in seeds]
    engine_seeds = range(5_000)
    assert [outcomes[seeds.index(seed)] for seed in engine_seeds] == [
        sevens_outcome_reference(seed) for seed in engine_seeds
    ]


@pytest.mark.parametrize("first", EDGE_SEEDS)
def test_ranges_across_key_lengths_equal_the_engine(first: int) -> None:
    seeds = range(first - 20, first + 20)
    assert aces_outcomes(40, seeds.start).tolist() == [aces_outcome_reference(s) for s in seeds]
    assert sevens_outcomes(40, seeds.start).tolist() == [sevens_outcome_reference(s) for s in seeds]


def test_other_sevens_stage_limits_and_aces_schedules_equal_the_engine() -> None:
    from solitaire_lib.aces_in_sequence.analysis import play_seed

    for stages in (1, 2, 5):
        got = sevens_outcomes(300, 7, stages).tolist()
        assert got == [sevens_outcome_reference(s, stages) for s in range(7, 307)]
    tally = win_counts(300, 5, schedule=(5, 2))
    games = [play_seed(s, schedule=(5, 2)) for s in range(5, 305)]
    expected = [g.cards_left if g.won else 0 for g in games]
    assert sorted(tally.counts.elements()) == sorted(expected)


#: Lesson 01's study: its schedules, and its three decks with the seeds each plays (N_STUDY deals
#: from index * N_STUDY on).
LESSON_01_SCHEDULES = [(4,), (4, 3), (4, 3, 2), (4, 3, 2, 2), (3, 3, 3), (2, 3, 4), (4, 4, 4),
                       (5, 4, 3, 2)]  # fmt: skip
LESSON_01_DECKS = [deck_32(), deck_36(), deck_52()]
#: The lesson's N_STUDY: 20,000 deals, or 2,000 with its DEMO switch on; each moves where the
#: 36- and 52-card runs start, and the lesson says the test covers the start of each run.
LESSON_01_STUDY_SIZES = {"study": 20_000, "DEMO": 2_000}


@pytest.mark.parametrize("study", LESSON_01_STUDY_SIZES)
@pytest.mark.parametrize("schedule", LESSON_01_SCHEDULES, ids=str)
@pytest.mark.parametrize("index", range(3), ids=["32 cards", "36 cards", "52 cards"])
def test_aces_outcomes_equal_the_engine_on_lesson_01s_schedules_and_decks(
    index: int, schedule: tuple[int, ...], study: str
) -> None:
    """Lesson 01's study of schedules and decks plays the fast path: it gives the engine's
    outcome on each of its decks and schedules, on 300 seeds where that deck's study starts,
    with the lesson's DEMO switch off and on."""
    from solitaire_lib.aces_in_sequence.analysis import play_seed

    deck, first = LESSON_01_DECKS[index], index * LESSON_01_STUDY_SIZES[study]
    got = aces_outcomes(300, first, is_ace=[card.is_ace for card in deck], schedule=schedule)
    games = [play_seed(s, deck=deck, schedule=schedule) for s in range(first, first + 300)]
    assert got.tolist() == [game.cards_left if game.won else 0 for game in games]


def test_sevens_stages_needed_equal_the_stages_the_plain_game_plays() -> None:
    """On every seed of lesson 02's study of the passes allowed: seeds 0 to 19,999 (``N_STUDY``),
    up to 6 passes."""
    deck = deck_without_sevens()
    seeds = range(20_000)
    expected = []
    for seed in seeds:
        aside, played = final_aside(shuffled(deck, seed), 6)
        expected.append(0 if aside else played)
    assert sevens_stages_needed(len(seeds), seeds.start, 6).tolist() == expected


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="schedule"):
        win_counts(10, 0, schedule=(4, 0))


def test_alliances_pile_counts_equal_the_engine_on_32000_decks() -> None:
    """Compiled or not, ``pile_counts`` gives the reference engine's number of piles for every
    deck it plays (24,000 of 52 cards, past the end of the first batch of 20,000, and 8,000 of
    32)."""
    from solitaire_lib.alliances.fast import decode, pile_counts, shuffled_batches
    from solitaire_lib.alliances.rules import play

    for n_cards, n_deals in ((52, 24_000), (32, 8_000)):
        counts = pile_counts(n_deals, n_cards, seed=11).tolist()
        decks = [deck for batch in shuffled_batches(n_deals, n_cards, seed=11) for deck in batch]
        assert counts == [len(play(decode(deck))) for deck in decks]
