"""The engine of Sevens: properties that hold for every deal."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_lib.cards import Card, Suit, card_from_text
from solitaire_lib.rng import spec_shuffle
from solitaire_lib.sevens import (
    SEVENS,
    can_place,
    deck_without_sevens,
    play,
    shuffled_deck,
    snapshots,
)
from solitaire_lib.sevens.course import cards_left_counts

seeds = st.integers(min_value=-(2**40), max_value=2**40)


def test_deck_is_48_cards_in_code_order() -> None:
    deck = deck_without_sevens()
    assert len(deck) == 48 and deck == sorted(deck) and not any(c.rank == 7 for c in deck)
    # The course's shuffle: sorted codes without the 7s (6, 19, 32, 45), seed(), shuffle().
    codes = sorted(set(range(52)) - {6, 19, 32, 45})
    shuffled_codes = spec_shuffle(codes, 8)
    assert [c.rank for c in shuffled_deck(8)] == [code % 13 + 1 for code in shuffled_codes]


def test_placement_rule() -> None:
    placed = set(SEVENS) | {card_from_text("8♥")}
    assert can_place(card_from_text("9♥"), placed)
    assert can_place(card_from_text("6♥"), placed)
    assert not can_place(card_from_text("9♠"), placed)
    assert not can_place(card_from_text("8♥"), placed), "already placed"
    assert not can_place(card_from_text("A♦"), SEVENS)
    assert can_place(card_from_text("A♦"), {Card(2, Suit.DIAMONDS)})
    assert can_place(card_from_text("K♣"), {Card(12, Suit.CLUBS)})


def test_deck_must_be_the_48_cards() -> None:
    with pytest.raises(ValueError, match="48 cards"):
        play(deck_without_sevens()[:-1])
    with pytest.raises(ValueError, match="at least one stage"):
        play(deck_without_sevens(), max_stages=0)


@settings(max_examples=120)
@given(seeds)
def test_every_card_is_somewhere_after_every_event(seed: int) -> None:
    game = play(shuffled_deck(seed))
    everything = Counter(deck_without_sevens()) + Counter(SEVENS)
    for stage in game.stages:
        for event in stage.events:
            held = Counter(event.stack) + Counter(event.aside) + Counter(event.placed)
            assert held == everything
            if event.placed_card:
                assert event.card in event.placed
            elif event.source == "left":
                assert event.aside[-1] == event.card


@settings(max_examples=120)
@given(seeds)
def test_placed_cards_are_runs_around_the_sevens(seed: int) -> None:
    game = play(shuffled_deck(seed))
    for suit in Suit:
        ranks = sorted(card.rank for card in game.final.placed if card.suit == suit)
        assert 7 in ranks and ranks == list(range(ranks[0], ranks[-1] + 1))


@settings(max_examples=80)
@given(seeds)
def test_stages_turn_the_aside_pile_over(seed: int) -> None:
    game = play(shuffled_deck(seed))
    assert 1 <= len(game.stages) <= 3
    for before, after in zip(game.stages, game.stages[1:], strict=False):
        aside = before.events[-1].aside
        assert after.stack == tuple(reversed(aside)), "the first card put aside is taken next"
    assert game.won == (game.cards_left == 0) == (not game.final.aside)
    if len(game.stages) < 3:
        assert game.won


@settings(max_examples=60)
@given(seeds)
def test_more_stages_never_hurt(seed: int) -> None:
    deck = shuffled_deck(seed)
    left = [play(deck, stages).cards_left for stages in range(1, 6)]
    assert left == sorted(left, reverse=True)
    assert play(deck, 2).stages == play(deck, 3).stages[:2]


def test_snapshots_follow_the_events() -> None:
    game = play(shuffled_deck(1))
    steps = snapshots(game)
    events = [e for s in game.stages for e in s.events]
    assert len(steps) == 2 + len(game.stages) + len(events)
    assert [s.event for s in steps if s.kind == "event"] == events
    assert steps[-1].won is False and steps[-1].placed == game.final.placed


def test_cards_left_counts() -> None:
    tally = cards_left_counts(100, 0)
    assert tally.total == 100 and tally.counts[0] == 64
    with pytest.raises(ValueError, match="positive"):
        cards_left_counts(0, 0)
