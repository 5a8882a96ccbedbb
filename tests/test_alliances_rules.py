"""The alliances engine: the text's worked examples, the vector, invariants, manual play."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_lib.alliances import (
    ManualGame,
    draw,
    init_pioche_fichier,
    leftmost_jump,
    new_deck,
    play,
    play_recorded,
    reussite_mode_auto,
)
from solitaire_lib.cards import Card, card_from_text


def c(texts: str) -> list[Card]:
    return [card_from_text(t) for t in texts.split()]


def text(cards: list[Card]) -> str:
    return " ".join(map(str, cards))


def test_first_example_no_jump_then_a_jump() -> None:
    assert text(play(c("8♥ 7♦ K♣"))) == "8♥ 7♦ K♣"
    assert text(play(c("8♥ 7♦ K♥"))) == "7♦ K♥"


def test_example_continued_the_nine_of_spades_jumps() -> None:
    piles = c("7♦ K♥")
    deck = c("A♥ 10♦ 9♠ 9♦")
    while deck:
        draw(piles, deck)
    assert text(piles) == "7♦ K♥ A♥ 9♠ 9♦"


def test_cascade_example_of_the_text() -> None:
    """9♣ J♦ 10♥ A♠ J♣ Q♣ Q♠, then the 7♣: eight piles become three, leftmost jumps first."""
    piles = c("9♣ J♦ 10♥ A♠ J♣ Q♣ Q♠")
    assert leftmost_jump(piles) is None
    states = draw(piles, c("7♣"))
    assert [text(s) for s in states] == [
        "9♣ J♦ 10♥ A♠ J♣ Q♣ Q♠ 7♣",
        "9♣ J♦ 10♥ A♠ J♣ Q♠ 7♣",
        "9♣ J♦ 10♥ J♣ Q♠ 7♣",
        "9♣ 10♥ J♣ Q♠ 7♣",
        "10♥ J♣ Q♠ 7♣",
        "10♥ Q♠ 7♣",
    ]


def test_the_course_sample_deck_ends_as_the_vector(vectors: Path) -> None:
    pioche = init_pioche_fichier(vectors / "alliances" / "data_init.txt")
    final = reussite_mode_auto(pioche)
    expected = (vectors / "alliances" / "data_init_final_piles.txt").read_text("utf-8").split()
    assert [f"{carte['valeur']}-{carte['couleur']}" for carte in final] == expected


decks = st.sampled_from([32, 52]).flatmap(lambda n: st.permutations(new_deck(n)))


@settings(max_examples=150)
@given(decks)
def test_no_jump_is_left_after_any_draw_and_at_least_two_piles(deck: list[Card]) -> None:
    remaining, piles = list(deck), []
    while remaining:
        draw(piles, remaining)
        assert leftmost_jump(piles) is None
    assert 2 <= len(piles) <= len(deck)
    assert piles[-1] == deck[-1], "the last pile is the last card, alone"


@settings(max_examples=60)
@given(decks)
def test_recorded_game_ends_where_play_ends(deck: list[Card]) -> None:
    history = play_recorded(deck)
    assert sum(kind == "draw" for kind, _ in history) == len(deck)
    assert history[-1][1] == play(deck)


def test_a_jump_made_before_a_draw_cannot_be_undone() -> None:
    game = ManualGame(c("8♥ 7♦ K♥ 2♠"))
    for _ in range(3):
        game.draw()
    assert game.jump(1)
    game.draw()
    assert not game.undo() and text(game.piles) == "7♦ K♥ 2♠"


def test_manual_game_refuses_illegal_jumps_and_undoes() -> None:
    game = ManualGame(c("8♥ 7♦ K♥ 2♠"))
    for _ in range(3):
        game.draw()
    before = list(game.piles)
    assert not game.jump(0) and not game.jump(2) and game.piles == before
    assert game.available_jumps() == [1]
    assert game.jump(1) and text(game.piles) == "7♦ K♥"
    assert game.undo() and game.piles == before and len(game.deck) == 1
    assert not game.undo(), "a draw is never taken back: the player has seen the next card"
    game.give_up()
    assert not game.undo(), "nor is giving up"
    assert text(game.piles) == "8♥ 7♦ K♥ 2♠" and not game.deck
    assert game.is_over, "giving up ends the game, as the text says"
    assert not game.jump(1), "and no jump is made after it"
    with pytest.raises(ValueError, match="empty"):
        game.draw()


def test_each_undo_takes_back_one_jump_back_to_the_last_draw() -> None:
    # lesson 03's widget: "each press of Undo takes back one jump, the last first"
    game = ManualGame(c("8♥ 7♥ 6♠ 5♥ 9♣"))
    for _ in range(4):
        game.draw()
    after_draw = list(game.piles)
    assert game.jump(2) and text(game.piles) == "8♥ 6♠ 5♥"
    after_first = list(game.piles)
    assert game.jump(1) and text(game.piles) == "6♠ 5♥"
    assert game.undo() and game.piles == after_first, "one press, one jump"
    assert game.undo() and game.piles == after_draw
    assert not game.undo(), "no further back than the last draw"


def test_a_jump_that_covers_the_card_of_a_missed_jump_takes_it_away() -> None:
    game = ManualGame(c("8♥ 7♦ K♥ 2♦"))
    for _ in range(4):
        game.draw()
    assert game.available_jumps() == [1, 2]
    assert game.jump(2) and text(game.piles) == "8♥ K♥ 2♦", "the K♥ covers the 7♦"
    assert game.available_jumps() == []


def _pending(game: ManualGame) -> set[Card]:
    """The cards that may jump now."""
    return {game.piles[i] for i in game.available_jumps()}


@settings(max_examples=80)
@given(decks, st.randoms(use_true_random=False))
def test_a_draw_keeps_every_missed_jump_only_a_jump_covering_it_takes_one(
    deck: list[Card], rng: random.Random
) -> None:
    # lesson 03, Rules as implemented: "A draw does not take away a missed jump ... Another jump
    # can, when it covers the card that would jump or the card on its right"
    game = ManualGame(list(deck))
    while game.deck:
        before = _pending(game)
        game.draw()
        assert before <= _pending(game), "a draw takes no missed jump away"
        while (jumps := game.available_jumps()) and rng.random() < 0.5:
            index = rng.choice(jumps)
            before, row = _pending(game), list(game.piles)
            game.jump(index)
            lost = before - _pending(game) - {row[index]}
            covered = row[index - 1]  # the card the jump covers
            left_of_covered = row[index - 2] if index >= 2 else None
            assert lost <= {covered, left_of_covered}


def test_manual_auto_finish_equals_automatic_play_from_the_start() -> None:
    deck = new_deck(52)
    random.Random(4).shuffle(deck)
    game = ManualGame(list(deck))
    game.auto_finish()
    assert game.piles == play(deck) and game.is_over


def test_new_deck_sizes() -> None:
    assert len(new_deck(32)) == 32 and len(new_deck(52)) == 52
    with pytest.raises(ValueError, match="32 or 52"):
        new_deck(36)
