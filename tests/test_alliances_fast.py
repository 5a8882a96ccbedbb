"""The alliances fast path gives exactly the reference engine's final piles."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_lib.alliances.fast import (
    decode,
    encode,
    final_piles,
    pile_counts,
    shuffled_batches,
)
from solitaire_lib.alliances.rules import new_deck, play
from solitaire_lib.cards import Card


@pytest.mark.parametrize("n_cards", [32, 52])
def test_same_final_piles_on_5000_random_decks(n_cards: int) -> None:
    deck = new_deck(n_cards)
    rng = random.Random(n_cards)
    for _ in range(5000):
        rng.shuffle(deck)
        assert decode(final_piles(encode(deck))) == play(deck)


@settings(max_examples=300)
@given(st.sampled_from([32, 52]).flatmap(lambda n: st.permutations(new_deck(n))))
def test_same_final_piles_on_any_order(deck: list[Card]) -> None:
    assert decode(final_piles(encode(deck))) == play(deck)


def test_encoding_round_trips() -> None:
    assert decode(encode(new_deck(52))) == new_deck(52)


def test_batches_are_whole_shuffled_decks_and_reproducible() -> None:
    batches = list(shuffled_batches(45_000, 32, seed=3))
    assert [len(b) for b in batches] == [20_000, 20_000, 5_000]
    assert all(sorted(deck) == sorted(encode(new_deck(32))) for deck in batches[2])
    first = pile_counts(1000, 52, seed=7)
    assert (first == pile_counts(1000, 52, seed=7)).all()
    decks = next(shuffled_batches(1000, 52, seed=7))
    assert list(first) == [len(play(decode(deck))) for deck in decks]
