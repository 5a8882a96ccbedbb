"""The stacks of nine widget: pick and put, drag, refusals, undo and reset, the solver."""

from __future__ import annotations

import random
import time

import pytest

from solitaire_lib.stacks_of_nine import rules, widget
from solitaire_lib.stacks_of_nine.widget import StacksWidget, card_colours


def test_pick_and_put_moves_as_the_rules_do_and_blocks() -> None:
    game = StacksWidget(seed=3)
    twin = rules.new_state(random.Random(3))
    game.table.click("stack-4", 5)
    game.table.click("stack-3")
    rules.apply_move(twin, (4, 3, 1))
    assert game.state == twin and game.state["blocked"][3]
    views = {v["id"]: v for v in game.table.piles}
    top = views["stack-3"]["cards"][-1]
    assert (top["bg"], top["fg"]) == ("#cccccc", "#333333") and views["stack-3"][
        "note"
    ] == "blocked"
    assert views["stack-0"]["cards"][0]["bg"] == card_colours(twin["stacks"][0][0])[0]


def test_a_drag_moves_the_card_and_the_cards_above_it() -> None:
    game = StacksWidget(seed=3)
    game.table.drop("stack-4", 5, "stack-3")
    assert game.state["stacks"][3][-1] == 5 and len(game.state["stacks"][4]) == 5


def test_refusals_undo_and_reset() -> None:
    game = StacksWidget(seed=3)
    game.table.click("stack-0")
    assert game.table.status.startswith("Press Enter or click on a card")
    game.undo_button.click()
    assert game.table.status.startswith("Nothing to take back")
    start = rules.copy_state(game.state)
    game.table.drop("stack-4", 5, "stack-3")
    game.undo_button.click()
    assert game.state == start
    game.table.drop("stack-4", 5, "stack-3")
    game.reset_button.click()
    assert game.state == start and game.undo_button.disabled


def test_the_hint_and_the_solver_win_the_deal() -> None:
    game = StacksWidget(seed=1)
    game.hint_button.click()
    assert game.table.status.startswith("Hint: move ")
    game.step_button.click()
    assert len(game.history) == 1
    game.finish_button.click()
    assert rules.is_won(game.state) and game.result_text().startswith("You won")
    views = {v["id"]: v for v in game.table.piles}
    assert sum(v["note"] == "complete" for v in views.values()) == 4
    assert all(not c["up"] for v in views.values() if v["note"] == "complete" for c in v["cards"])


def test_a_won_table_offers_no_card_to_play() -> None:
    """While the game goes on every stack is played by a click; once it is won, none is (the
    browser then names its cards without calling them buttons)."""
    game = StacksWidget(seed=1)
    assert all(v["clickable"] for v in game.table.piles)
    game.finish_button.click()
    assert rules.is_won(game.state)
    assert [v["clickable"] for v in game.table.piles] == [False] * 6
    game.undo_button.click()
    assert all(v["clickable"] for v in game.table.piles)


def test_a_new_seed_deals_again() -> None:
    game = StacksWidget(seed=1)
    game.seed_box.text.value = "42"
    assert game.state == rules.new_state(random.Random(42))
    assert repr(game).startswith("StacksWidget(seed=42, 0 moves)")


def test_a_hint_asked_before_the_search_ends_says_so_and_then_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 500162's search takes hundreds of milliseconds: a hint that may wait for nothing
    says that the search goes on, and once the background search is done the hint shows by
    itself (the player need not ask again)."""
    monkeypatch.setattr(widget, "HINT_WAIT", 0.0)
    game = StacksWidget(seed=500162)
    game.hint_button.click()
    assert game.table.status == widget.STILL_SEARCHING
    line = game.advisor.line(game.state)  # waits for the search
    deadline = time.monotonic() + 30
    while game.table.status == widget.STILL_SEARCHING and time.monotonic() < deadline:
        time.sleep(0.01)
    hint = f"Hint: {widget.move_text(line[0])} ({len(line)} moves to win from here)."
    assert game.table.status == hint
    assert game._hint == line[0]
    game.step_button.click()
    assert game.state["stacks"] != rules.new_state(random.Random(500162))["stacks"]


def test_a_hint_found_after_the_player_has_moved_on_is_not_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(widget, "HINT_WAIT", 0.0)
    game = StacksWidget(seed=500162)
    game.hint_button.click()
    game.table.click("stack-0", len(game.state["stacks"][0]) - 1)  # pick a card: a new message
    picked = game.table.status
    game.advisor.line(rules.new_state(random.Random(500162)))  # the search is done
    time.sleep(0.2)
    assert game.table.status == picked
