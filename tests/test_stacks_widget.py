"""The stacks of nine widget: pick and put, drag, refusals, undo and reset, the solver."""

from __future__ import annotations

import random

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


def test_a_new_seed_deals_again() -> None:
    game = StacksWidget(seed=1)
    game.seed_box.text.value = "42"
    assert game.state == rules.new_state(random.Random(42))
    assert repr(game).startswith("StacksWidget(seed=42, 0 moves)")


def test_a_hint_asked_before_the_search_ends_says_so_and_the_next_one_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 500162's search takes hundreds of milliseconds: a hint that may wait for nothing
    says that the search goes on, and once the background search is done the hint answers."""
    monkeypatch.setattr(widget, "HINT_WAIT", 0.0)
    game = StacksWidget(seed=500162)
    game.hint_button.click()
    assert game.table.status == (
        "Hint: the solver is still searching from here (a hard position): ask again."
    )
    line = game.advisor.line(game.state)  # waits for the search
    game.hint_button.click()
    assert game.table.status.startswith(f"Hint: {widget.move_text(line[0])} ({len(line)} moves")
    game.step_button.click()
    assert game.state["stacks"] != rules.new_state(random.Random(500162))["stacks"]
