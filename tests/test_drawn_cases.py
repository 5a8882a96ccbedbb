"""The cases drawn at check time in exercises 05 and 06 are valid inputs of their task's whole
contract, of the same number whatever the seed, and reach what the fixed cases of play rarely do
(won and nearly won ends, positions arranged beyond play, small searches); 01's headers reach
aces past the eighth card of a stack, as the game deals them; 03's init_pioche_alea draws the
seed it sets, and its failing deck can be dealt again."""

from __future__ import annotations

import random

import pytest

from solitaire_lib.aces_in_sequence import console
from solitaire_lib.aces_in_sequence import exercises as aces
from solitaire_lib.simple_klondike import exercises as klondike
from solitaire_lib.simple_klondike.rules import pile_count
from solitaire_lib.stacks_of_nine import exercises as stacks
from solitaire_lib.stacks_of_nine import rules as stacks_rules

SEEDS = range(12)


def _is_klondike_position(piles: list[list[int]]) -> bool:
    """Every card 0 to n - 1 once, the right number of piles, each pile above 0 built down."""
    cards = sorted(card for pile in piles for card in pile)
    built_down = all(pile[i + 1] == pile[i] - 1 for pile in piles[1:] for i in range(len(pile) - 1))
    return cards == list(range(len(cards))) and len(piles) == pile_count(len(cards)) and built_down


@pytest.mark.parametrize("seed", SEEDS)
def test_klondike_positions_drawn_are_positions_of_the_game(seed: int) -> None:
    positions = klondike._drawn_positions(random.Random(seed), 10)
    assert all(_is_klondike_position(piles) for piles in positions)
    # Arranged positions reach merges that random play leaves rare.
    assert any(klondike.always_right_move(piles) for piles in positions[::2])


@pytest.mark.parametrize("seed", SEEDS)
def test_is_complete_draws_two_won_positions_and_two_nearly_won(seed: int) -> None:
    cases = klondike._drawn_ends(random.Random(seed))
    assert len(cases) == 6
    won = [klondike._complete_of(klondike.course.Solitaire)(*case.args)[0] for case in cases[2:]]
    assert won == [True, True, False, False]
    for case in cases:
        piles, cards = case.args
        assert cards == sum(map(len, piles)) and len(piles) == pile_count(cards)


def test_aces_headers_drawn_reach_aces_past_the_eighth_card_up_to_the_bound() -> None:
    """The game deals aces ninth and later in a stack (seed 705, a fixed case of the check, has one
    at the second stage): the drawn headers place aces there too, never past the statement's bound
    of 16 cards, the words of ORDINALS."""
    assert "Ninth (and last) card in first stack, after it has been turned over, is an ace." in (
        aces.game_output(705)
    )
    positions = set()
    for seed in SEEDS:
        for case in aces._drawn_headers(random.Random(seed)):
            _, thrown, kept = case.args
            assert len(thrown) + len(kept) <= aces.MOST_IN_A_STACK == len(console.ORDINALS)
            if kept:
                positions.add(len(thrown) + 1)
    assert max(positions) > 8


@pytest.mark.parametrize("seed", SEEDS)
def test_stacks_states_drawn_are_states_of_the_game(seed: int) -> None:
    rng = random.Random(seed)
    states = [case.args[0] for case in stacks._drawn_moves(rng, 8, allowed_only=False)]
    states += [case.args[0] for case in stacks._drawn_ends(rng)]
    for state in states:
        stacks_of_cards = state["stacks"]
        assert sorted(card for stack in stacks_of_cards for card in stack) == sorted(
            [value for value in stacks_rules.VALUES for _ in range(4)]
        )
        assert state["complete"] == [stack == stacks_rules.COMPLETE for stack in stacks_of_cards]
        for stack, blocked in zip(stacks_of_cards, state["blocked"], strict=True):
            # A blocked stack's top card was put where it does not fit.
            assert not blocked or (len(stack) > 1 and stack[-1] + 1 != stack[-2])


@pytest.mark.parametrize("seed", SEEDS)
def test_game_won_draws_two_wins_among_eight_states(seed: int) -> None:
    cases = stacks._drawn_ends(random.Random(seed))
    assert [stacks.course.game_won(case.args[0]) for case in cases[4:]] == [
        True,
        True,
        False,
        False,
    ]


def test_find_win_draws_searches_no_larger_than_the_fixed_ones() -> None:
    """A position played on reaches only positions its start reached: the drawn searches are as
    small as the fixed ones (each reaches at most as many positions as the largest of those)."""
    fixed = max(stacks._reachable(case.args[0], 10**4) for case in stacks._find_win_cases())
    for seed in range(4):
        cases = stacks._drawn_endgames(random.Random(seed))
        assert len(cases) == 4
        assert all(stacks._reachable(case.args[0], fixed) <= fixed for case in cases)


def test_every_task_of_05_and_06_draws_the_same_number_whatever_the_seed() -> None:
    for check in (klondike.check, stacks.check):
        for task in check.tasks.values():
            assert task.drawn is not None
            counts = {len(task.drawn(random.Random(seed))) for seed in range(3)}
            assert len(counts) == 1 and counts != {0}, task.name


def test_init_pioche_alea_draws_the_seed_and_the_failing_deck_can_be_dealt_again() -> None:
    """03's init_pioche_alea has three calls, so it draws the random.seed set before each; the
    case shown names that seed, and last_failure.call deals the same deck in the notebook."""
    from solitaire_lib.alliances import course
    from solitaire_lib.alliances.exercises import check

    task = check.tasks["init_pioche_alea"]
    drawn = task.all_cases(5)[len(task.fixed_cases()) :]
    assert [case.args for case in drawn] == [(), (32,), (52,)]
    assert [c.random_seed for c in drawn] != [c.random_seed for c in task.all_cases(6)[3:]]
    decks: dict[tuple[object, ...], list[object]] = {}
    for case in task.fixed_cases():
        random.seed(case.random_seed)
        decks[case.args] = course.init_pioche_alea(*case.args)

    def init_pioche_alea(*args: int) -> list[object]:
        """Knows the three decks of the fixed seeds."""
        return decks[args]

    report = check.run(init_pioche_alea, seed=5)
    shown = check.last_failure
    assert not report.ok and report.passed == 3 and report.drawn_seed == 5, str(report)
    assert shown is not None and shown.case in drawn
    assert f"after random.seed({shown.case.random_seed})" in str(report)
    dealt = shown.call(course.init_pioche_alea)
    random.seed(shown.case.random_seed)
    assert dealt == course.init_pioche_alea(*shown.case.args) != init_pioche_alea(*shown.case.args)
