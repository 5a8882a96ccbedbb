"""Play aces in sequence in a real JupyterLab, in Chromium, by clicking."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from solitaire_lib.aces_in_sequence import play, shuffled_deck, snapshots
from solitaire_lib.aces_in_sequence.widget import describe, result_text

from .conftest import ARTIFACTS, Lab

SEED = 27  # the seed of the widget cell in notebooks/01_aces_in_sequence.ipynb


def accept_kernel_dialog(page: Any, seconds: float = 5) -> None:
    """Answer JupyterLab's "Select Kernel" dialog if it shows up (it should not: see conftest)."""
    button = page.locator(".jp-Dialog .jp-mod-accept")
    try:
        button.wait_for(timeout=seconds * 1000)
    except PlaywrightTimeout:
        return
    button.click()


def open_notebook(page: Any, url: str) -> None:
    page.goto(url)
    page.locator(".jp-Notebook").wait_for(timeout=60_000)
    accept_kernel_dialog(page)
    page.get_by_text(re.compile(r"Python 3 \(ipykernel\) \| Idle")).wait_for(timeout=60_000)


def run_all_cells(page: Any, timeout_ms: int = 300_000) -> None:
    """Run All, then wait until every code cell shows its execution number (the kernel is
    then free, so clicks on widgets are handled at once)."""
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    accept_kernel_dialog(page, seconds=2)
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
            return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
        }""",
        timeout=timeout_ms,
        polling=500,
    )


def test_play_a_seeded_deal_to_its_end_by_clicking(lab: Lab, page: Any) -> None:
    open_notebook(page, lab.notebook_url("01_aces_in_sequence.ipynb"))
    run_all_cells(page)
    game = page.locator(".sl-aces-game")
    game.wait_for(timeout=120_000)
    # The last code cells (the deck study) print this; the kernel is then free for clicks.
    page.get_by_text("36 cards (1 to 9): P(win)").wait_for(timeout=180_000)
    game.scroll_into_view_if_needed()

    expected_game = play(shuffled_deck(SEED))
    steps = snapshots(expected_game)
    status = game.locator(".sl-status")
    assert status.inner_text() == "Deck shuffled, ready to start!"
    deck_label = game.locator(".sl-pile[data-pile='deck'] .sl-pile-label")
    assert deck_label.inner_text() == "Deck (32)"
    page.screenshot(path=str(ARTIFACTS / "aces_start.png"))

    next_button = game.get_by_role("button", name="Next ▶")
    for number in range(1, len(steps)):
        next_button.click()
        game.get_by_text(f"step {number} of {len(steps) - 1}").wait_for(timeout=10_000)
        assert status.inner_text() == describe(steps[number])
        if number == 6:
            game.screenshot(path=str(ARTIFACTS / "aces_turned.png"))

    expected_result = result_text(steps[-1])
    game.get_by_text(expected_result).wait_for(timeout=10_000)
    assert next_button.is_disabled()
    kept = game.locator(".sl-pile[data-pile='kept'] .sl-card")
    assert kept.evaluate_all("cards => cards.map(c => c.dataset.card)") == [
        str(card) for card in expected_game.kept_revealed
    ]
    highlighted = game.locator(".sl-pile[data-pile='kept'] .sl-card-highlight")
    assert highlighted.count() == 4
    game.screenshot(path=str(ARTIFACTS / "aces_end.png"))

    # Back once, then the seed box: a new deal starts at step 0.
    game.get_by_role("button", name="◀ Back").click()
    game.get_by_text(f"step {len(steps) - 2} of {len(steps) - 1}").wait_for(timeout=10_000)
    seed_box = game.locator("input[type='number']")
    seed_box.fill("0")
    seed_box.press("Enter")
    game.get_by_text(f"step 0 of {len(snapshots(play(shuffled_deck(0)))) - 1}").wait_for(
        timeout=10_000
    )
