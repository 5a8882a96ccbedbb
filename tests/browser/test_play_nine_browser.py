"""Play a seeded hand of Play Nine in a real JupyterLab, in Chromium, by clicking the kitty, the
Draw button and board cards; the final score shown must be the engine's."""

from __future__ import annotations

import random
from typing import Any

from solitaire_lib.play_nine.planner import PlannerPlayer
from solitaire_lib.play_nine.rules import Hand
from solitaire_lib.play_nine.widget import action_text

from .conftest import (
    ARTIFACTS,
    Lab,
    arrow_to,
    assert_no_axe_violations,
    click_and_time,
    focus_table,
    run_notebook_and_find_game,
    save_latency,
    screenshots_at_two_sizes,
    shown_text,
    wait_for_said,
)

SEED, COLUMNS = 4242, 4  # the widget cell of notebooks/04_play_nine.ipynb


def card_at(game: Any, row: int, column: int) -> Any:
    return game.locator(f".sl-pile[data-pile='col-{column}'] .sl-card[data-index='{row}']")


def board_in_page(game: Any) -> list[list[str]]:
    """Each row of the board as the page shows it: a number, or 'back' for a face-down card."""
    return [[card_at(game, row, column).get_attribute("data-card") or ""
             for column in range(COLUMNS)] for row in (0, 1)]  # fmt: skip


def board_in_engine(hand: Hand) -> list[list[str]]:
    return [["back" if card == "*" else str(card) for card in hand.board.concealed(row)]
            for row in (0, 1)]  # fmt: skip


def test_play_a_seeded_hand_by_clicking(lab: Lab, page: Any) -> None:
    game = run_notebook_and_find_game(page, lab, "04_play_nine.ipynb", ".sl-play-nine-game")
    expected = Hand(random.Random(SEED), COLUMNS)
    assert board_in_page(game) == board_in_engine(expected)
    held = game.locator(".sl-pile[data-pile='held'] .sl-card")
    draw = game.get_by_role("button", name="Draw from the deck")
    turn_over = game.get_by_role("radio", name="Turn a card over (key T)")
    replace = game.get_by_role("radio", name="Replace a card (key R)")

    # "What would the AI do?" answers with the planner's choice and its estimate.
    game.get_by_role("button", name="What would the AI do?").click()
    shown_text(game, "The planner would").wait_for(timeout=10_000)

    rng = random.Random(1)  # our choices, made the same way in the engine
    latency, turn = [], 0
    while expected.phase != "over":
        if turn % 3 == 2:
            kitty = expected.kitty
            latency.append(click_and_time(
                lambda: game.locator(".sl-pile[data-pile='kitty']").click(),
                held.and_(game.locator(f"[data-card='{kitty}']")),
            ))  # fmt: skip
            expected.choose("k")
        else:
            card = expected.choose("d")
            latency.append(
                click_and_time(draw.click, held.and_(game.locator(f"[data-card='{card}']")))
            )
        face_down = [(r, c) for r in (0, 1) for c in range(COLUMNS) if not expected.board.up(r)[c]]
        row, column = rng.choice(face_down)
        if turn == 1:  # a face-up card cannot be turned over: refused, nothing changes
            turn_over.click()
            face_up = next(
                (r, c) for r in (0, 1) for c in range(COLUMNS) if expected.board.up(r)[c]
            )
            card_at(game, *face_up).click()
            shown_text(game, "That card is already face up").wait_for(timeout=10_000)
            assert board_in_page(game) == board_in_engine(expected)
        kind = "t" if turn % 2 else "r"
        (turn_over if kind == "t" else replace).click()
        expected.play((kind, row, column))
        card_at(game, row, column).click()
        page.wait_for_function(
            """([row, column]) => {
                const pile = `.sl-play-nine-game .sl-pile[data-pile='col-${column}']`;
                const el = document.querySelector(`${pile} .sl-card[data-index='${row}']`);
                return el && el.dataset.card !== 'back';
            }""",
            arg=[row, column],
            timeout=10_000,
        )
        if expected.phase != "over":
            assert board_in_page(game) == board_in_engine(expected)
        turn += 1

    result = shown_text(game, "The score for the completed hand is")  # in the status line
    result.wait_for(timeout=10_000)
    score = f"The score for the completed hand is {expected.score()}"
    assert score in result.inner_text(), result.inner_text()
    assert "sl-status" in (result.get_attribute("class") or "")
    every_card = [[str(card) for card in row] for row in expected.board.rows()]
    assert board_in_page(game) == every_card  # every card turned up at the end
    marked = game.locator(".sl-pile.sl-highlight").evaluate_all(
        "ps => ps.map(p => Number(p.dataset.pile.slice(4)))"
    )
    assert marked == expected.board.matched_columns()
    assert draw.is_disabled()
    game.screenshot(path=str(ARTIFACTS / "play_nine_end.png"))
    screenshots_at_two_sizes(page, game, "play_nine_end")
    save_latency("play_nine", latency)

    # A new hand by keyboard alone (N), played to its end the planner's way: K or D takes a
    # card, R or T says what it does, the arrows go to the card, Enter plays it.
    assert_no_axe_violations(page, game, "play_nine")
    focus_table(page, game)
    page.keyboard.press("n")
    wait_for_said(game, "A new hand of 4 columns.")
    seed = int(game.locator(".sl-seed input").input_value())
    expected = Hand(random.Random(seed), COLUMNS)
    planner = PlannerPlayer()
    page.keyboard.press("a")
    wait_for_said(game, "The planner would")
    while expected.phase != "over":
        top, bottom = expected.board.concealed(0), expected.board.concealed(1)
        choice = planner.choose_drawing_action(top, bottom, expected.draws, expected.kitty or 0)
        card = expected.choose(choice)
        page.keyboard.press(choice)
        wait_for_said(game, "took the kitty card" if choice == "k" else f"drew {card}.")
        action = planner.choose_replacement_action(top, bottom, expected.draws, card)
        kind, row, column = action
        page.keyboard.press(kind)
        said = arrow_to(page, f"col-{column}", index=row)
        assert said.endswith(f"{('top', 'bottom')[row]} card of column {column}"), said
        page.keyboard.press("Enter")
        expected.play(action)
        wait_for_said(game, f"You {action_text(action, done=True)}")
    wait_for_said(game, f"The score for the completed hand is {expected.score()}")
    assert board_in_page(game) == [[str(card) for card in row] for row in expected.board.rows()]
    assert_no_axe_violations(page, game, "play_nine_end")
