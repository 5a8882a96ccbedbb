"""The fast path of Sevens gives exactly the reference engine's results."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_lib.rng import shuffled
from solitaire_lib.sevens.fast import final_aside
from solitaire_lib.sevens.rules import deck_without_sevens, play


@pytest.mark.parametrize("max_stages", [1, 2, 3, 4, 6])
def test_same_result_as_the_reference_on_2000_deals(max_stages: int) -> None:
    deck = deck_without_sevens()
    for seed in range(2000):
        cards = shuffled(deck, seed)
        game = play(cards, max_stages)
        aside, stages = final_aside(cards, max_stages)
        assert (tuple(aside), stages) == (game.final.aside, len(game.stages)), seed


@settings(max_examples=300)
@given(st.permutations(deck_without_sevens()), st.integers(min_value=1, max_value=5))
def test_same_result_on_any_order(cards: list, max_stages: int) -> None:  # type: ignore[type-arg]
    game = play(cards, max_stages)
    assert final_aside(cards, max_stages) == (list(game.final.aside), len(game.stages))
