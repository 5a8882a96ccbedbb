"""Play la réussite des alliances in a real JupyterLab, in Chromium, by clicking piles and Draw."""

from __future__ import annotations

import re
from typing import Any

from solitaire_lib.alliances.manual import result
from solitaire_lib.alliances.rules import ManualGame, new_deck
from solitaire_lib.rng import shuffled
from solitaire_lib.table import spoken_words

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

SEED = 5  # the seed of the widget cell in notebooks/03_alliances.ipynb


def choose_theme(page: Any, theme: str) -> None:
    """Settings > Theme > ``theme``, as a person picks it."""
    page.get_by_role("menuitem", name="Settings", exact=True).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Theme$")).hover()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{theme}$")).click()


def visible_cards(game: Any) -> list[str]:
    piles = game.locator("[data-pile^='pile-'] .sl-card")
    return piles.evaluate_all("cards => cards.map(c => c.dataset.card)")  # type: ignore[no-any-return]


def test_play_alliances_by_clicking_piles_and_draw(lab: Lab, page: Any) -> None:
    game = run_notebook_and_find_game(page, lab, "03_alliances.ipynb", ".sl-alliances-game")

    # The same moves, played in Python, give what the page must show.
    expected = ManualGame(shuffled(new_deck(32), SEED))
    draw = game.get_by_role("button", name="Draw", exact=True)
    status = game.locator(".sl-status")
    latency = []
    while not expected.available_jumps():
        expected.draw()
        new_pile = game.locator(f".sl-pile[data-pile='pile-{len(expected.piles)}']")
        latency.append(click_and_time(draw.click, new_pile))
    assert visible_cards(game) == [str(card) for card in expected.piles]

    illegal = next(n for n in range(1, len(expected.piles) + 1)
                   if n - 1 not in expected.available_jumps())  # fmt: skip
    game.locator(f".sl-pile[data-pile='pile-{illegal}']").click()
    shown_text(game, "Illegal jump").wait_for(timeout=10_000)
    assert visible_cards(game) == [str(card) for card in expected.piles], "nothing changed"

    jumps_box = game.get_by_role("checkbox", name="Show the jumps")
    box = jumps_box.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24, f"a target of 24px at least: {box}"
    jumps_box.check()
    highlighted = game.locator(".sl-pile.sl-highlight")
    highlighted.first.wait_for(timeout=10_000)
    assert highlighted.evaluate_all("ps => ps.map(p => p.dataset.pile)") == [
        f"pile-{i + 1}" for i in expected.available_jumps()
    ]
    game.screenshot(path=str(ARTIFACTS / "alliances_hint.png"))

    # A double-click on a pile that can jump makes one jump, not two.
    legal = expected.available_jumps()[0] + 1
    game.locator(f".sl-pile[data-pile='pile-{legal}']").dblclick()
    expected.jump(legal - 1)
    shown_text(game, f"Pile {legal} (").wait_for(timeout=10_000)
    page.wait_for_timeout(500)  # time for a second jump, if the double-click made one
    assert visible_cards(game) == [str(card) for card in expected.piles]

    # More draws, timed, so that there are 20 clicks to measure.
    while len(latency) < 20 and expected.deck:
        expected.draw()
        new_pile = game.locator(f".sl-pile[data-pile='pile-{len(expected.piles)}']")
        latency.append(click_and_time(draw.click, new_pile))
        page.wait_for_timeout(50)
    assert visible_cards(game) == [str(card) for card in expected.piles]

    game.get_by_role("button", name="Auto-finish").click()
    expected.auto_finish()
    final = "won" if len(expected.piles) <= 2 else "lost"
    shown_text(game, f"You {final}").wait_for(timeout=10_000)
    assert visible_cards(game) == [str(card) for card in expected.piles]
    assert draw.is_disabled()
    assert status.inner_text().startswith("Finished by the rules")
    game.screenshot(path=str(ARTIFACTS / "alliances_end.png"))
    screenshots_at_two_sizes(page, game, "alliances_end")
    # The dark theme: the table must stay readable (a dark felt, light labels).
    choose_theme(page, "JupyterLab Dark")
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'", timeout=30_000)
    page.wait_for_timeout(500)
    game.screenshot(path=str(ARTIFACTS / "alliances_dark.png"))
    felt = game.locator(".sl-table").evaluate("el => getComputedStyle(el).backgroundColor")
    assert felt == "rgb(24, 50, 38)", felt
    choose_theme(page, "JupyterLab Light")
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'", timeout=30_000)
    save_latency("alliances", latency)

    # A new deal by keyboard alone (N), played to its end: D draws, the arrows go to a pile
    # that can jump (its name says so while "Show the jumps" is on), Enter makes it jump.
    assert_no_axe_violations(page, game, "alliances")
    focus_table(page, game)
    page.keyboard.press("n")
    wait_for_said(game, "32 cards")
    seed = int(game.locator(".sl-seed input").input_value())
    expected = ManualGame(shuffled(new_deck(32), seed))
    while not expected.is_over:
        jumps = expected.available_jumps()
        if jumps:
            number = jumps[0] + 1
            card = expected.piles[jumps[0]]
            said = arrow_to(page, f"pile-{number}")
            assert said == f"pile {number}, {card.name}, can jump", said
            page.keyboard.press("Enter")
            expected.jump(jumps[0])
            # The whole sentence: the one before may have begun "Pile 2 (" too.
            jump = f"Pile {number} ({card}) jumps onto pile {number - 1}."
            wait_for_said(game, spoken_words(jump))
        else:
            card = expected.draw()
            page.keyboard.press("d")
            wait_for_said(game, spoken_words(f"Drew {card}."))
    wait_for_said(game, spoken_words(result(expected, 2, "en")))
    assert visible_cards(game) == [str(card) for card in expected.piles]
    page.keyboard.press("d")
    wait_for_said(game, "Draw is not available now.")
    assert_no_axe_violations(page, game, "alliances_end")
