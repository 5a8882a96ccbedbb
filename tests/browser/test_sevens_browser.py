"""Play Sevens in a real JupyterLab, in Chromium, by clicking."""

from __future__ import annotations

from typing import Any

from solitaire_lib.sevens import play, shuffled_deck, snapshots
from solitaire_lib.sevens.widget import describe, result_text
from solitaire_lib.table import plain_symbols, spoken_words

from .conftest import (
    ARTIFACTS,
    Lab,
    arrow_to,
    assert_focus_covers_no_card,
    assert_no_axe_violations,
    click_and_time,
    focus_table,
    run_notebook_and_find_game,
    save_latency,
    screenshots_at_two_sizes,
    shown_text,
    wait_for_said,
)

SEED = 0  # the seed of the widget cell in notebooks/02_sevens.ipynb


def check_the_longest_fan(page: Any, game: Any, cards: int) -> None:
    """The cards put aside, at their most, scroll inside the table with the newest in view."""
    fan = game.locator(".sl-pile[data-pile='aside'] .sl-pile-cards")
    assert fan.locator(".sl-card").count() == cards
    assert game.evaluate("el => el.scrollWidth - el.clientWidth") <= 2, "the table overflows"
    newest = fan.locator(".sl-card").last
    inside = fan.evaluate(
        """(box) => { const b = box.getBoundingClientRect();
                      const c = box.lastElementChild.getBoundingClientRect();
                      return c.right <= b.right + 1 && c.left >= b.left - 1; }"""
    )
    assert inside, "the newest card put aside is out of view"
    newest.screenshot(path=str(ARTIFACTS / "sevens_newest_aside_card.png"))
    game.screenshot(path=str(ARTIFACTS / "sevens_longest_aside.png"))


def test_play_a_seeded_deal_of_sevens_to_its_end_by_clicking(lab: Lab, page: Any) -> None:
    game = run_notebook_and_find_game(page, lab, "02_sevens.ipynb", ".sl-sevens-game")

    steps = snapshots(play(shuffled_deck(SEED)))
    status = game.locator(".sl-status")
    assert status.inner_text() == plain_symbols(describe(steps[0]))
    assert game.locator(".sl-card.sl-slot").count() == 48
    next_button = game.get_by_role("button", name="Next ▶")
    longest_aside = max(range(len(steps)), key=lambda n: len(steps[n].aside))
    latency = []
    for number in range(1, len(steps)):
        shown = shown_text(game, f"step {number} of {len(steps) - 1}")
        latency.append(click_and_time(next_button.click, shown))
        assert status.inner_text() == plain_symbols(describe(steps[number]))
        if number == 25:
            game.screenshot(path=str(ARTIFACTS / "sevens_middle.png"))
        if number == longest_aside:
            check_the_longest_fan(page, game, len(steps[number].aside))

    shown_text(game, plain_symbols(result_text(steps[-1]))).first.wait_for(timeout=10_000)
    assert next_button.is_disabled()
    assert game.locator(".sl-card.sl-slot").count() == 0
    placed = game.locator("[data-pile^='column-'] .sl-card.sl-up")
    assert placed.count() == 52
    hearts = game.locator("[data-pile='column-hearts'] .sl-card")
    assert hearts.evaluate_all("cards => cards.map(c => c.dataset.card)") == [
        f"{label}♥" for label in ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]
    ]
    game.screenshot(path=str(ARTIFACTS / "sevens_end.png"))
    screenshots_at_two_sizes(page, game, "sevens_end")
    save_latency("sevens", latency)

    # The same deal again, by keyboard alone: R restarts, O jumps to each round, E to the end;
    # each jump is read out, and the columns are named with what is placed in them.
    assert_no_axe_violations(page, game, "sevens")
    focus_table(page, game)
    page.keyboard.press("r")
    wait_for_said(game, spoken_words(describe(steps[0])).rstrip("."))
    assert arrow_to(page, "column-hearts").startswith("Hearts column, Seven placed; empty place")
    rounds = [n for n, step in enumerate(steps) if step.kind == "round"]
    for number in rounds:
        page.keyboard.press("o")
        wait_for_said(game, spoken_words(describe(steps[number])).rstrip("."))
    page.keyboard.press("e")
    wait_for_said(game, spoken_words(result_text(steps[-1])).rstrip("."))
    said = arrow_to(page, "column-hearts")
    assert said.startswith("Hearts column, Ace to King placed; Ace of Hearts"), said
    assert page.evaluate("() => document.activeElement.getAttribute('role')") == "option"
    # Under forced colours (Windows' contrast themes) too, the card in focus stays under the
    # card that lies on it.
    page.emulate_media(forced_colors="active")
    arrow_to(page, "column-hearts", index=0)
    assert_focus_covers_no_card(page)
    game.screenshot(path=str(ARTIFACTS / "sevens_forced_colours_focus.png"))
    page.emulate_media(forced_colors="none")
    assert_no_axe_violations(page, game, "sevens_end")
