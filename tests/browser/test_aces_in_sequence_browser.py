"""Play aces in sequence in a real JupyterLab, in Chromium, by clicking."""

from __future__ import annotations

from typing import Any

from solitaire_lib.aces_in_sequence import play, shuffled_deck, snapshots
from solitaire_lib.aces_in_sequence.widget import describe, result_text
from solitaire_lib.table import plain_symbols, spoken_words

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

SEED = 27  # the seed of the widget cell in notebooks/01_aces_in_sequence.ipynb


def test_play_a_seeded_deal_to_its_end_by_clicking(lab: Lab, page: Any) -> None:
    game = run_notebook_and_find_game(page, lab, "01_aces_in_sequence.ipynb", ".sl-aces-game")

    expected_game = play(shuffled_deck(SEED))
    steps = snapshots(expected_game)
    status = game.locator(".sl-status")
    assert status.inner_text() == "Deck shuffled, ready to start!"
    deck_label = game.locator(".sl-pile[data-pile='deck'] .sl-pile-label")
    assert deck_label.inner_text() == "Deck (32)"
    page.screenshot(path=str(ARTIFACTS / "aces_start.png"))

    next_button = game.get_by_role("button", name="Next ▶")
    latency = []
    for number in range(1, len(steps)):
        shown = shown_text(game, f"step {number} of {len(steps) - 1}")
        latency.append(click_and_time(next_button.click, shown))
        assert status.inner_text() == plain_symbols(describe(steps[number]))
        if number == 6:
            game.screenshot(path=str(ARTIFACTS / "aces_turned.png"))

    expected_result = plain_symbols(result_text(steps[-1]))
    shown_text(game, expected_result).wait_for(timeout=10_000)
    assert next_button.is_disabled()
    kept = game.locator(".sl-pile[data-pile='kept'] .sl-card")
    assert kept.evaluate_all("cards => cards.map(c => c.dataset.card)") == [
        str(card) for card in expected_game.kept_revealed
    ]
    highlighted = game.locator(".sl-pile[data-pile='kept'] .sl-card-highlight")
    assert highlighted.count() == 4
    game.screenshot(path=str(ARTIFACTS / "aces_end.png"))
    screenshots_at_two_sizes(page, game, "aces_end")
    save_latency("aces", latency)

    # Back once, then the seed box: a new deal starts at step 0.
    game.get_by_role("button", name="◀ Back").click()
    shown_text(game, f"step {len(steps) - 2} of {len(steps) - 1}").wait_for(timeout=10_000)
    seed_box = game.locator(".sl-seed input")
    seed_box.fill("0")
    seed_box.press("Enter")
    shown_text(game, f"step 0 of {len(snapshots(play(shuffled_deck(0)))) - 1}").wait_for(
        timeout=10_000
    )

    # The same deal of seed 0 by keyboard alone: N steps, each step is read out; the arrows
    # read the piles; axe finds nothing to fix.
    assert_no_axe_violations(page, game, "aces")
    steps = snapshots(play(shuffled_deck(0)))
    focus_table(page, game)
    assert arrow_to(page, "deck") == "Deck, 32 cards, top face-down card"
    # The tab stop is a control with a name (an option of its pile's list box), not a picture.
    tree = game.locator(".sl-table").aria_snapshot()
    assert 'listbox "Deck":\n' in tree and 'option "Deck, 32 cards, top face-down card"' in tree
    assert page.evaluate("() => document.activeElement.getAttribute('role')") == "option"
    for number in range(1, len(steps)):
        page.keyboard.press("n")
        said = " ".join(part for part in (describe(steps[number]), result_text(steps[number]))
                        if part)  # fmt: skip
        wait_for_said(game, spoken_words(said).rstrip("."))
    kept = steps[-1].revealed
    for index in (len(kept) - 1, 0):  # a row is reached at its last card; Up goes to the first
        card = kept[index]
        name = f"{card.name}, ace" if card.is_ace else card.name
        where = f"card {index + 1} of {len(kept)} in Kept, revealed left to right"
        assert arrow_to(page, "kept", index=index) == f"{name}, {where}"
    tree = game.locator(".sl-table").aria_snapshot()
    assert 'application "Aces in sequence table"' in tree, tree
    page.keyboard.press("n")  # at the end: Next is disabled, and the key says so
    wait_for_said(game, "Next is not available now.")
    assert_no_axe_violations(page, game, "aces_end")
