"""Play stacks of nine in a real JupyterLab, in Chromium: win the seeded deal by keyboard alone
(names, the live region, axe-core), then pick cards and stacks by clicking (the solver's first
moves, a blocking move among them if it makes one), undo, and check the DOM against the engine
after every step."""

from __future__ import annotations

import random
from typing import Any

from solitaire_lib.stacks_of_nine import rules
from solitaire_lib.stacks_of_nine.portfolio import solve

from .conftest import (
    ARTIFACTS,
    Lab,
    arrow_to,
    assert_focus_covers_no_card,
    assert_no_axe_violations,
    assert_notebook_keys_stay_in_the_table,
    click_and_time,
    focus_ring_sides,
    focus_table,
    run_notebook_and_find_game,
    save_latency,
    screenshots_at_two_sizes,
    shown_text,
    wait_for_said,
)

SEED = 2024  # the widget cell of notebooks/06_stacks_of_nine.ipynb
NOTEBOOK = "06_stacks_of_nine.ipynb"


def stacks_in_page(game: Any) -> list[list[str]]:
    return [game.locator(f".sl-pile[data-pile='stack-{i}'] .sl-card").evaluate_all(
        "cs => cs.map(c => c.dataset.card)") for i in range(6)]  # fmt: skip


def stacks_in_engine(state: dict[str, Any]) -> list[list[str]]:
    return [["back" if state["complete"][i] else str(card) for card in stack]
            for i, stack in enumerate(state["stacks"])]  # fmt: skip


def click_card(game: Any, stack: int, index: int) -> None:
    """Click a card where a person sees it: the strip at its top that the fan leaves visible."""
    card = game.locator(f".sl-pile[data-pile='stack-{stack}'] .sl-card[data-index='{index}']")
    card.click(position={"x": 12, "y": 6})


def test_win_by_keyboard_then_play_and_undo_by_clicking(lab: Lab, page: Any) -> None:
    game = run_notebook_and_find_game(page, lab, NOTEBOOK, ".sl-stacks-game")
    win_by_keyboard(page, game, lab)
    game.get_by_role("button", name="Reset").click()  # the same deal from its start, by mouse
    shown_text(game, "Pick a card").wait_for(timeout=10_000)
    expected = rules.new_state(random.Random(SEED))
    assert stacks_in_page(game) == stacks_in_engine(expected)
    status = game.locator(".sl-status")
    latency = []
    history = []
    for source, destination, count in solve(expected).moves[:8]:
        index = len(expected["stacks"][source]) - count
        click_card(game, source, index)
        status.filter(has_text="picked").wait_for(timeout=10_000)
        history.append(rules.copy_state(expected))
        rules.apply_move(expected, (source, destination, count))
        letters = f"from {rules.LETTERS[source]} to {rules.LETTERS[destination]}"
        latency.append(click_and_time(
            game.locator(f".sl-pile[data-pile='stack-{destination}']").click,
            status.filter(has_text=letters),
        ))  # fmt: skip
        assert stacks_in_page(game) == stacks_in_engine(expected)
        blocked = game.locator(".sl-pile-note", has_text="blocked").count()
        assert blocked == sum(expected["blocked"])
    game.screenshot(path=str(ARTIFACTS / "stacks_played.png"))
    undo = game.get_by_role("button", name="Undo")
    for _ in range(3):
        undo.click()
        expected = history.pop()
        status.filter(has_text="Move taken back").wait_for(timeout=10_000)
        page.wait_for_timeout(300)
        assert stacks_in_page(game) == stacks_in_engine(expected)
    # A move the rules refuse: two cards that are not in order.
    source = next(i for i, s in enumerate(expected["stacks"]) if len(s) >= 2
                  and not rules.is_ordered(s[-2:]) and not expected["complete"][i])  # fmt: skip
    index = len(expected["stacks"][source]) - 2
    click_card(game, source, index)
    status.filter(has_text="picked").wait_for(timeout=10_000)
    game.locator(f".sl-pile[data-pile='stack-{(source + 1) % 6}']").click()
    status.filter(has_text="Not allowed").wait_for(timeout=10_000)
    assert stacks_in_page(game) == stacks_in_engine(expected)
    screenshots_at_two_sizes(page, game, "stacks_played")
    save_latency("stacks", latency)
    a_hint_on_a_hard_deal_answers_by_itself(game)


#: A development deal whose search takes about a second (900,000 nodes, compiled).
HARD_SEED = 253


def a_hint_on_a_hard_deal_answers_by_itself(game: Any) -> None:
    """Asked at once, the Hint says that the search goes on; when the search ends, its answer
    replaces that message with no second click (sent from the search's thread)."""
    seed_box = game.locator(".sl-seed input")
    seed_box.fill(str(HARD_SEED))
    seed_box.press("Enter")
    shown_text(game, "Pick a card").wait_for(timeout=10_000)
    game.get_by_role("button", name="Hint").click()
    status = game.locator(".sl-status")
    status.filter(has_text="still searching").wait_for(timeout=10_000)
    status.filter(has_text="moves to win from here").wait_for(timeout=60_000)


def win_by_keyboard(page: Any, game: Any, lab: Lab) -> None:
    """The solver's line played with keys only: arrows to the lowest card to move, Enter to
    pick, arrows to the stack, Enter to put. Names and the live region are checked on the way."""
    assert_no_axe_violations(page, game, "stacks")
    expected = rules.new_state(random.Random(SEED))
    focus_table(page, game)
    tree = game.locator(".sl-table").aria_snapshot()
    first = expected["stacks"][0]
    assert f'button "stack A, {len(first)} cards, top card {first[-1]}"' in tree, tree
    moves = solve(expected).moves
    for number, (source, destination, count) in enumerate(moves, start=1):
        stack = expected["stacks"][source]
        lowest = len(stack) - count  # the index of the lowest card to move
        said = arrow_to(page, f"stack-{source}", index=lowest)
        if count > 1:
            assert said.startswith(f"card {stack[lowest]}, card {lowest + 1} of"), said
        page.keyboard.press("Enter")
        cards = "1 card" if count == 1 else f"{count} cards"
        wait_for_said(game, f"{cards} of {rules.LETTERS[source]} picked")
        if number == 1:  # Escape puts them back; Enter picks them again
            page.keyboard.press("Escape")
            wait_for_said(game, "Pick cancelled.")
            page.keyboard.press("Enter")
            wait_for_said(game, "picked")
        arrow_to(page, f"stack-{destination}")
        page.keyboard.press("Enter")
        rules.apply_move(expected, (source, destination, count))
        letters = f"from {rules.LETTERS[source]} to {rules.LETTERS[destination]}"
        wait_for_said(game, letters)
        if number == 1:
            page.keyboard.press("u")  # Undo, by its key
            wait_for_said(game, "Move taken back.")
            arrow_to(page, f"stack-{source}", index=lowest)
            page.keyboard.press("Enter")
            wait_for_said(game, f"{cards} of {rules.LETTERS[source]} picked")
            arrow_to(page, f"stack-{destination}")
            page.keyboard.press("Enter")
            wait_for_said(game, letters)
    assert rules.is_won(expected)
    wait_for_said(game, f"You won, in {len(moves)} moves!")
    assert stacks_in_page(game) == stacks_in_engine(expected)
    complete = arrow_to(page, "stack-0")
    assert complete.endswith("complete") or complete == "stack A, empty", complete
    # Won: no card can be played, so none is offered as a button; each is an option of its
    # stack's list box. The focus on a covered card shows, and the cards on it stay on top.
    tree = game.locator(".sl-table").aria_snapshot()
    assert "- button " not in tree and 'listbox "stack A"' in tree, tree
    stack = next(i for i, done in enumerate(expected["complete"]) if done)
    arrow_to(page, f"stack-{stack}", index=0)
    assert focus_ring_sides(page) == {"top", "left", "right"}
    assert_focus_covers_no_card(page)
    page.screenshot(path=str(ARTIFACTS / "stacks_keyboard_won.png"))
    assert_no_axe_violations(page, game, "stacks_won")
    assert_notebook_keys_stay_in_the_table(page, game, lab.root / NOTEBOOK)
