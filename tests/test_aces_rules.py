"""The engine of aces in sequence: properties that hold for every deal."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_lib.aces_in_sequence.rules import (
    COURSE_SCHEDULE,
    Game,
    aces_in_sequence,
    deal,
    first_ace_position,
    play,
    snapshots,
)
from solitaire_lib.cards import Card, card_from_text, deck_32, deck_36, deck_52
from solitaire_lib.rng import spec_shuffle

seeds = st.integers(min_value=-(2**40), max_value=2**40)
schedules = st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=5)


def c(texts: str) -> list[Card]:
    return [card_from_text(t) for t in texts.split()]


def test_deal_takes_from_the_top_round_robin() -> None:
    pile = list(range(10))  # 9 is the top
    assert deal(pile, 3) == [[9, 6, 3, 0], [8, 5, 2], [7, 4, 1]]
    assert deal(pile, 1) == [list(reversed(pile))]
    with pytest.raises(ValueError, match="at least one stack"):
        deal(pile, 0)


@given(st.lists(st.integers(), max_size=40), st.integers(min_value=1, max_value=6))
def test_deal_sizes_follow_the_text(pile: list[int], n: int) -> None:
    stacks = deal(pile, n)
    sizes = [len(s) for s in stacks]
    assert sum(sizes) == len(pile) and sizes == sorted(sizes, reverse=True)
    assert max(sizes, default=0) - min(sizes, default=0) <= 1


def test_first_ace_position() -> None:
    assert first_ace_position(c("7♥ 8♥ A♠ A♥")) == 2
    assert first_ace_position(c("7♥ 8♥")) is None


def test_turn_of_a_stack_with_and_without_ace() -> None:
    # A 4-card pile dealt onto one stack: the top (last) card is dealt first.
    game = play(c("A♦ 9♣ A♠ 8♥"), schedule=(1,))
    turn = game.stages[0].turns[0]
    assert turn.stack == tuple(c("8♥ A♠ 9♣ A♦"))
    assert turn.ace_position == 1 and not turn.is_last_card
    assert turn.discarded_now == tuple(c("8♥"))
    assert turn.kept_now == tuple(c("A♠ 9♣ A♦"))
    # Put aside with the ace at the bottom, then revealed from the top.
    assert game.kept == tuple(c("A♠ 9♣ A♦")) and game.kept_revealed == tuple(c("A♦ 9♣ A♠"))
    assert not game.won
    no_ace = play(c("9♣ 8♥"), schedule=(1,)).stages[0].turns[0]
    assert no_ace.ace_position is None and no_ace.discarded_now == tuple(c("8♥ 9♣"))


@pytest.mark.parametrize(
    ("row", "won"),
    [("A♠ A♥ A♦ A♣", True), ("K♠ A♠ A♥ A♦ A♣ 7♥", True), ("A♠ A♥ K♠ A♦ A♣", False),
     ("A♠ A♥ A♦ 7♣ A♣", False), ("", True)],
)  # fmt: skip
def test_aces_in_sequence(row: str, won: bool) -> None:
    assert aces_in_sequence(c(row)) is won


def _check_conservation(game: Game) -> None:
    everything = Counter(game.deck)
    for stage in game.stages:
        dealt = Counter(card for stack in stage.stacks for card in stack)
        assert dealt == Counter(stage.pile)
        for turn in stage.turns:
            on_table = Counter(card for stack in stage.stacks[turn.index + 1 :] for card in stack)
            held = Counter(turn.discarded_after) + Counter(turn.aside_after) + on_table
            if stage.number > 1:
                pass  # cards kept in earlier stages are all in this stage's pile
            assert held == everything, "a card was lost or duplicated"


@settings(max_examples=150)
@given(seeds)
def test_cards_are_conserved_at_every_step(seed: int) -> None:
    _check_conservation(play(spec_shuffle(deck_32(), seed)))


@settings(max_examples=150)
@given(seeds)
def test_the_four_aces_are_always_kept(seed: int) -> None:
    game = play(spec_shuffle(deck_32(), seed))
    assert len(game.stages) == 3 and [len(s.stacks) for s in game.stages] == [4, 3, 2]
    for stage in game.stages:
        assert sum(card.is_ace for card in stage.kept) == 4
        for turn in stage.turns:
            assert not any(card.is_ace for card in turn.discarded_now)
            if turn.kept_now:
                assert turn.kept_now[0].is_ace
    assert 4 <= game.cards_left <= 32
    if game.cards_left == 4:
        assert game.won


@settings(max_examples=80)
@given(seeds, schedules, st.sampled_from([deck_32, deck_36, deck_52]))
def test_any_schedule_and_deck(seed: int, schedule: list[int], make: object) -> None:
    deck = spec_shuffle(make(), seed)  # type: ignore[operator]
    game = play(deck, schedule)
    _check_conservation(game)
    assert sum(card.is_ace for card in game.kept) == 4


def test_kept_pile_is_the_next_stage_deck() -> None:
    game = play(spec_shuffle(deck_32(), 3))
    for before, after in zip(game.stages, game.stages[1:], strict=False):
        assert after.pile == before.kept
        # "the last card that is distributed is the first Ace uncovered" in the stage before
        first_ace = next(t.kept_now[0] for t in before.turns if t.kept_now)
        assert after.pile[0] == first_ace


@settings(max_examples=60)
@given(seeds)
def test_snapshots_tell_the_same_game(seed: int) -> None:
    game = play(spec_shuffle(deck_32(), seed))
    steps = snapshots(game)
    assert len(steps) == 2 + sum(1 + 2 * len(stage.turns) for stage in game.stages)
    for step in steps:
        on_table = sum(len(stack) for stack in step.stacks)
        if step.kind == "turned":
            turn = step.turn
            assert turn is not None
            on_table += len(turn.discarded_now)
        total = (
            len(step.deck) + on_table + len(step.discarded) + len(step.aside) + len(step.revealed)
        )
        assert total == 32
    assert steps[-1].won == game.won and list(steps[-1].revealed) == list(game.kept_revealed)


def test_schedule_must_not_be_empty() -> None:
    with pytest.raises(ValueError, match="at least one stage"):
        play(deck_32(), ())
    assert COURSE_SCHEDULE == (4, 3, 2)
