"""Thousands of random clicks and messages on each game widget, checked after every one.

A user clicks anything, in any order, double-clicks, types nonsense in the seed box, and a
browser may send any message. After each action: the widget has not raised, every card is still
on the table exactly once, and the buttons agree with the state.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from solitaire_lib.aces_in_sequence import AcesInSequenceWidget
from solitaire_lib.alliances import AlliancesWidget
from solitaire_lib.sevens import SevensWidget

ACTIONS = 2_000
SEED_TEXTS = ["0", "7", "-3", "3.7", "1e3", "", "x", "12345678901234567", "9" * 60, " 42 "]


def random_message(rng: random.Random, table: Any) -> Any:
    """A click or drop on a real pile or card, a stale one, or garbage."""
    ids = table.pile_ids() or ["none"]
    choice = rng.random()
    if choice < 0.6:
        return {"type": "click", "pile": rng.choice(ids), "index": rng.choice([None, 0, 1, 99]),
                "version": table.version}  # fmt: skip
    if choice < 0.7:
        return {"type": "click", "pile": rng.choice(ids), "version": table.version - 1}
    if choice < 0.8:
        return {"type": "drop", "source": rng.choice(ids), "index": rng.randrange(-1, 5),
                "target": rng.choice(ids), "version": table.version}  # fmt: skip
    return rng.choice([None, "x", {"type": "click"}, {"type": "click", "pile": "pile-abc"},
                       {"type": "drop"}, {"type": 3}, [], {"type": "click", "pile": ids[0],
                       "index": True}])  # fmt: skip


def cards_on(table: Any) -> int:
    return sum(1 for view in table.piles for card in view["cards"] if not card.get("slot"))


def seed_and_message_actions(game: Any, rng: random.Random) -> list[Callable[[], None]]:
    """Two actions every game widget takes: typing in its seed box, a message from the browser."""

    def seed_text() -> None:
        game.seed_box.text.value = rng.choice(SEED_TEXTS)

    def message() -> None:
        game.table._receive(game.table, random_message(rng, game.table), [])

    return [seed_text, message]


#: What a screen reader must never be given: a card or suit symbol (it would read "ten black
#: heart suit"), or a picture character (emoji, ticks, stars).
UNSPOKEN = re.compile("[♠♥♦♣\u2639\u263a\u2714\u2718\u2605\U0001f300-\U0001faff]")


def fuzz(widget: Any, actions: list[Callable[[], None]], check: Callable[[], None]) -> None:
    rng = random.Random(2026)
    for _ in range(ACTIONS):
        rng.choice(actions)()
        check()
        said = widget.table.announcement[1]
        assert not UNSPOKEN.search(said), f"a symbol is spoken: {said!r}"


@pytest.mark.parametrize(
    ("widget_type", "n_cards"), [(AcesInSequenceWidget, 32), (SevensWidget, 52)]
)
def test_step_through_widgets_stay_consistent(widget_type: Any, n_cards: int) -> None:
    game = widget_type(seed=1)
    rng = random.Random(9)
    seed_text, message = seed_and_message_actions(game, rng)

    def key() -> None:
        game.table.press(
            rng.choice(["n", "b", "r", "e", "a", "d", "o", "Escape", "ArrowLeft", "q"])
        )
        if rng.random() < 0.3:
            game.table.tick()

    def slide() -> None:
        game.step_box.value = rng.randrange(0, len(game.steps))

    actions = [
        game.next.click,
        game.next.click,
        game.back.click,
        game.play_to_end.click,
        game.new_deal.click,
        game.restart.click,
        seed_text,
        message,
        message,
        key,
        slide,
    ]
    if widget_type is SevensWidget:
        actions.append(game.next_round.click)

    def check() -> None:
        last = len(game.steps) - 1
        assert 0 <= game.step <= last
        assert game.back.disabled == (game.step == 0)
        assert game.next.disabled == game.play_to_end.disabled == (game.step == last)
        assert cards_on(game.table) == n_cards
        assert bool(game.result) == (game.step == last)
        assert game.step_box.value == game.step
        assert game.step_box.max == last
        assert game.playing == (game.table.tick_ms > 0)
        assert game.autoplay.description == ("Pause" if game.playing else "Autoplay")

    fuzz(game, actions, check)


def test_the_alliances_widget_stays_consistent() -> None:
    game = AlliancesWidget(seed=1)
    rng = random.Random(9)
    seed_text, message = seed_and_message_actions(game, rng)

    def deck_size() -> None:
        game.cards_choice.value = rng.choice([32, 52])

    def hint() -> None:
        game.hint_button.value = not game.hint_button.value

    buttons = [game.draw_button, game.undo_button, game.auto_button, game.give_up_button,
               game.new_deal_button]  # fmt: skip
    actions = [*(b.click for b in buttons), game.draw_button.click, message, message, message,
               seed_text, deck_size, hint]  # fmt: skip

    def check() -> None:
        state = game.game
        visible = [str(card) for card in state.piles]
        in_deck = [str(card) for card in state.deck]
        assert len(set(visible + in_deck)) == len(visible) + len(in_deck), "a card twice"
        assert len(in_deck) + state.drawn == game.n_cards
        assert len(visible) <= state.drawn
        assert game.draw_button.disabled == (not state.deck)
        assert game.undo_button.disabled == (not state.history)
        assert bool(game.result) == state.is_over
        assert game.give_up_button.disabled == state.is_over
        views = game.table.piles
        assert [v["id"] for v in views] == ["deck"] + [f"pile-{i + 1}" for i in range(len(visible))]

    fuzz(game, actions, check)


def test_play_nine_widget_stays_consistent() -> None:
    """Any click, any button, any seed or column count: the board always has 2 x columns cards,
    the buttons match the step of the hand, and a finished hand shows its engine score."""
    from solitaire_lib.play_nine.widget import PlayNineWidget

    game = PlayNineWidget(seed=3)
    rng = random.Random(11)
    seed_text, message = seed_and_message_actions(game, rng)

    def columns() -> None:
        game.columns_choice.value = rng.randint(4, 10)

    def mode() -> None:
        game.use_choice.value = rng.choice("rt")

    def click_card() -> None:
        game.table.click(f"col-{rng.randrange(game.hand.board.columns)}", rng.randint(0, 1))

    actions = [game.kitty_button.click, game.draw_button.click, game.step_button.click,
               game.advice_button.click, game.new_hand_button.click, game.finish_button.click,
               mode, click_card, click_card, click_card, seed_text, message, columns]  # fmt: skip

    def check() -> None:
        board, phase = game.hand.board, game.hand.phase
        board_piles = [v for v in game.table.piles if v["id"].startswith("col-")]
        assert len(board_piles) == board.columns and all(len(v["cards"]) == 2 for v in board_piles)
        assert game.kitty_button.disabled == (phase != "choose")
        assert game.finish_button.disabled == (phase == "over")
        if phase == "over":
            assert f"is {game.hand.score()}" in game.result
        else:
            assert game.result == ""

    fuzz(game, actions, check)


def test_klondike_widget_stays_consistent() -> None:
    """Any click, drag, button or seed: every card stays on the table once, the counter never
    passes the limit, and the result agrees with the engine."""
    from solitaire_lib.simple_klondike.widget import KlondikeWidget

    game = KlondikeWidget(seed=4, cards=16)
    rng = random.Random(13)
    seed_text, message = seed_and_message_actions(game, rng)

    def click() -> None:
        game.table.click(f"pile-{rng.randrange(len(game.game.piles))}")

    def size() -> None:
        game.size_choice.value = rng.choice([10, 16, 20])

    actions = [click, click, click, click, game.turn_button.click, game.undo_button.click,
               game.hint_button.click, game.step_button.click, game.new_deal_button.click,
               game.finish_button.click, seed_text, message, size]  # fmt: skip

    def check() -> None:
        cards = sorted(card for pile in game.game.piles for card in pile)
        assert cards == list(range(game.game.cards))
        assert 0 <= game.game.moves_made <= game.game.limit
        assert ("You win" in game.result_text()) == game.game.won

    fuzz(game, actions, check)


def test_stacks_widget_stays_consistent() -> None:
    """Any click, drag, button or seed: 36 cards, four of each value, never blocked and complete
    together, and the win shown exactly when four stacks are complete."""
    from collections import Counter

    from solitaire_lib.stacks_of_nine import rules
    from solitaire_lib.stacks_of_nine.widget import StacksWidget

    game = StacksWidget(seed=2)
    rng = random.Random(17)
    seed_text, message = seed_and_message_actions(game, rng)

    def click() -> None:
        number = rng.randrange(6)
        size = len(game.state["stacks"][number])
        game.table.click(f"stack-{number}", rng.choice([None, *range(size)]) if size else None)

    actions = [click, click, click, click, click, game.undo_button.click, game.reset_button.click,
               game.new_deal_button.click, seed_text, message]  # fmt: skip

    def check() -> None:
        cards = Counter(card for stack in game.state["stacks"] for card in stack)
        assert cards == Counter({value: 4 for value in range(1, 10)})
        assert not any(b and c for b, c in zip(game.state["blocked"], game.state["complete"],
                                                strict=True))  # fmt: skip
        assert bool(game.result_text()) == rules.is_won(game.state)

    fuzz(game, actions, check)
