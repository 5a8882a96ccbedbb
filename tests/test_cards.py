"""Cards, decks, encodings and the course's shuffle."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_lib.cards import (
    CARD_BACK_GLYPH,
    Card,
    CardRow,
    Suit,
    card_from_code,
    card_from_french,
    card_from_text,
    card_to_french,
    code_of_card,
    deck_32,
    deck_36,
    deck_52,
    face_up_pile_text,
)
from solitaire_lib.rng import shuffled, spec_shuffle

COURSE_678 = [11, 12, 22, 38, 15, 16, 14, 28, 4, 34, 46, 48, 33, 18, 5, 17, 27, 37, 50, 51, 31,
              41, 9, 1, 39, 3, 29, 40, 43, 23, 25, 13, 19, 35, 26, 42, 24, 32, 44, 45, 6, 36, 8,
              47, 2, 30, 10, 49, 21, 0, 20, 7]  # fmt: skip


def test_the_course_shuffle_example_for_seed_678() -> None:
    assert spec_shuffle(list(range(52)), 678) == COURSE_678


def test_shuffling_cards_matches_shuffling_their_codes() -> None:
    assert [code_of_card(c) for c in spec_shuffle(deck_52(), 678)] == COURSE_678


@given(st.integers(min_value=-(10**12), max_value=10**12), st.integers(min_value=0, max_value=60))
def test_private_shuffle_equals_the_global_one(seed: int, size: int) -> None:
    cards = list(range(size))
    assert shuffled(cards, seed) == spec_shuffle(list(cards), seed)
    assert cards == list(range(size)), "shuffled() must not touch its argument"


def test_shuffled_leaves_the_global_generator_alone() -> None:
    random.seed(5)
    expected = random.random()
    random.seed(5)
    shuffled(list(range(10)), 99)
    assert random.random() == expected


@pytest.mark.parametrize(
    ("code", "deck_size", "text"),
    [(0, 32, "A♥"), (6, 32, "Q♥"), (26, 32, "8♠"), (31, 32, "K♠"), (8, 32, "A♦"),
     (16, 52, "4♦"), (36, 52, "J♣"), (0, 52, "A♥"), (51, 52, "K♠")],
)  # fmt: skip
def test_course_examples_of_codes(code: int, deck_size: int, text: str) -> None:
    assert str(card_from_code(code, deck_size)) == text
    assert code_of_card(card_from_text(text), deck_size) == code


@pytest.mark.parametrize("deck_size", [32, 52])
def test_codes_round_trip_and_follow_sorted_order(deck_size: int) -> None:
    cards = [card_from_code(code, deck_size) for code in range(deck_size)]
    assert cards == sorted(cards)
    assert [code_of_card(card, deck_size) for card in cards] == list(range(deck_size))


def test_decks() -> None:
    assert len(set(deck_32())) == 32 and len(set(deck_52())) == 52 and len(set(deck_36())) == 36
    assert deck_52() == sorted(deck_52())
    assert {c.rank for c in deck_32()} == {1, 7, 8, 9, 10, 11, 12, 13}
    assert {c.rank for c in deck_36()} == set(range(1, 10))


def test_codes_reject_bad_input() -> None:
    with pytest.raises(ValueError, match="0 to 31"):
        card_from_code(32, 32)
    with pytest.raises(ValueError, match="32 or 52"):
        card_from_code(0, 36)
    with pytest.raises(ValueError, match="not in the 32-card deck"):
        code_of_card(Card(2, Suit.HEARTS), 32)


def test_glyphs() -> None:
    assert Card(1, Suit.SPADES).glyph == "\U0001f0a1"
    assert Card(11, Suit.HEARTS).glyph == "\U0001f0bb"  # Jack: B
    assert Card(12, Suit.DIAMONDS).glyph == "\U0001f0cd"  # Queen: D (the Knight C is skipped)
    assert Card(13, Suit.CLUBS).glyph == "\U0001f0de"  # King: E
    assert CARD_BACK_GLYPH == "\U0001f0a0"
    assert len({card.glyph for card in deck_52()}) == 52


def test_french_form_round_trips() -> None:
    assert card_to_french(Card(7, Suit.SPADES)) == {"valeur": 7, "couleur": "P"}
    assert card_to_french(Card(1, Suit.DIAMONDS)) == {"valeur": "A", "couleur": "K"}
    assert card_to_french(Card(11, Suit.CLUBS)) == {"valeur": "V", "couleur": "T"}
    for card in deck_52():
        assert card_from_french(card_to_french(card)) == card
    with pytest.raises(ValueError, match="not a card"):
        card_from_french({"valeur": 1, "couleur": "C"})


def test_text_forms() -> None:
    assert str(Card(10, Suit.DIAMONDS)) == "10♦"
    assert card_from_text(" qs ") == Card(12, Suit.SPADES)
    assert card_from_text("10♦") == Card(10, Suit.DIAMONDS)
    for card in deck_52():
        assert card_from_text(str(card)) == card
    for bad in ["", "1♦", "11♦", "A", "Ax", "♦"]:
        with pytest.raises(ValueError, match="not a card"):
            card_from_text(bad)


def test_face_up_pile_text() -> None:
    assert face_up_pile_text([]) == ""
    assert face_up_pile_text([Card(1, Suit.HEARTS)]) == "🂱"
    assert face_up_pile_text(deck_32()[:3]) == "[[" + deck_32()[2].glyph


def test_html_rendering() -> None:
    html = CardRow(deck_32()[:3])._repr_html_()
    assert html.count('class="sl-card sl-up"') == 3
    assert "A♥" in html and "#c0142a" in html  # hearts are red
    assert 'title="Ace of Hearts"' in Card(1, Suit.HEARTS)._repr_html_()


@pytest.mark.parametrize(
    ("rank", "suit"), [(7.0, 0), (True, 0), ("7", 0), (7, True), (7, 4), (7, 1.0)]
)
def test_a_card_is_made_only_of_exact_ints(rank: object, suit: object) -> None:
    with pytest.raises(ValueError, match="must be"):
        Card(rank, suit)  # type: ignore[arg-type]
