"""Win a seeded deal of the simplified Klondike in a real JupyterLab, in Chromium: first by
keyboard alone (with names, the live region and axe-core), then by clicking piles: the solver's
line, played click by click; a refused move; the DOM against the engine."""

from __future__ import annotations

from typing import Any

from solitaire_lib.simple_klondike.analysis import solve_position
from solitaire_lib.simple_klondike.console import deal
from solitaire_lib.simple_klondike.rules import Game

from .conftest import (
    ARTIFACTS,
    Lab,
    arrow_to,
    assert_focus_covers_no_card,
    assert_no_axe_violations,
    click_and_time,
    focus_on,
    focus_ring_sides,
    focus_table,
    run_notebook_and_find_game,
    save_latency,
    screenshots_at_two_sizes,
    shown_text,
    wait_for_said,
)

SEED, CARDS = 2021, 20  # the widget cell of notebooks/05_simple_klondike.ipynb


def pile_in_page(game: Any, number: int) -> list[str]:
    cards = game.locator(f".sl-pile[data-pile='pile-{number}'] .sl-card")
    return cards.evaluate_all("cs => cs.map(c => c.dataset.card)")  # type: ignore[no-any-return]


def counter(game: Any, moves: int) -> Any:
    return game.locator(".sl-status", has_text=f"Moves: {moves} of {2 * CARDS}.")


def pick(game: Any, number: int) -> None:
    """Click a pile and wait until the page shows it picked (a click made before the redraw
    arrives is ignored, on purpose: it was made on the older table)."""
    game.locator(f".sl-pile[data-pile='pile-{number}']").click()
    game.locator(".sl-status", has_text=f"Pile {number} picked").wait_for(timeout=10_000)


def test_win_a_seeded_deal_by_keyboard_then_by_clicking(lab: Lab, page: Any) -> None:
    game = run_notebook_and_find_game(page, lab, "05_simple_klondike.ipynb", ".sl-klondike-game")
    win_by_keyboard(page, game)
    # The same deal again, with the mouse: another deck size, then 20 cards again, deals it anew.
    sizes = game.get_by_label("Cards:")
    sizes.select_option("16")
    shown_text(game, "A new deal of 16 cards").wait_for(timeout=10_000)
    sizes.select_option(str(CARDS))
    shown_text(game, f"A new deal of {CARDS} cards").wait_for(timeout=10_000)
    expected = Game(deal(CARDS, SEED))
    assert pile_in_page(game, 0) == [str(expected.piles[0][0])]  # pile 0: its top card only

    # A refused move: a tableau pile cannot go back to pile 0 (nothing changes, nothing counted).
    pick(game, 0)
    game.locator(".sl-pile[data-pile='pile-1']").click()
    expected.move(0, 1)
    counter(game, 1).wait_for(timeout=10_000)
    pick(game, 1)
    game.locator(".sl-pile[data-pile='pile-0']").click()
    shown_text(game, "Not allowed: no card goes back to pile 0").wait_for(timeout=10_000)

    latency = []
    line = solve_position(expected.piles, expected.moves_left).moves
    for p1, p2 in line:
        pick(game, p1)
        expected.move(p1, p2)
        latency.append(click_and_time(
            game.locator(f".sl-pile[data-pile='pile-{p2}']").click,
            counter(game, expected.moves_made),
        ))  # fmt: skip
        if len(latency) % 10 == 0:
            for number in range(1, len(expected.piles)):
                assert pile_in_page(game, number) == [str(c) for c in expected.piles[number]]
    assert expected.won
    shown_text(game, f"You win in {expected.moves_made} moves!").wait_for(timeout=10_000)
    winner = next(i for i, pile in enumerate(expected.piles) if pile)
    assert pile_in_page(game, winner) == [str(c) for c in range(CARDS - 1, -1, -1)]
    assert game.get_by_role("button", name="Turn pile 0").is_disabled()
    game.screenshot(path=str(ARTIFACTS / "klondike_won.png"))
    screenshots_at_two_sizes(page, game, "klondike_won")
    save_latency("klondike", latency)


def win_by_keyboard(page: Any, game: Any) -> None:
    """Tab to the table, then only keys: arrows to a pile, Enter to pick it, arrows to the
    target, Enter to drop; T turns pile 0. The live region says each move; the cards and piles
    are named in the accessibility tree; axe finds nothing to fix."""
    assert_no_axe_violations(page, game, "klondike")
    expected = Game(deal(CARDS, SEED))
    focus_table(page, game)
    tree = game.locator(".sl-table").aria_snapshot()
    assert 'application "Simplified Klondike table"' in tree, tree
    top = expected.piles[0][0]
    assert f'button "pile 0, {CARDS} cards, top card {top}"' in tree, tree
    assert 'button "pile 1, empty"' in tree, tree
    arrow_to(page, "pile-1")  # an empty pile: its focus ring shows on all four sides
    assert focus_ring_sides(page) == {"top", "bottom", "left", "right"}

    # Escape cancels a pick; a refused move is said with its reason.
    arrow_to(page, "pile-0")
    page.keyboard.press("Enter")
    wait_for_said(game, "Pile 0 picked")
    assert arrow_to(page, "pile-0").endswith(", picked")
    page.keyboard.press("Escape")
    wait_for_said(game, "Pick cancelled.")
    page.keyboard.press("Enter")
    wait_for_said(game, "Pile 0 picked")
    arrow_to(page, "pile-1")
    page.keyboard.press("Enter")
    expected.move(0, 1)
    wait_for_said(game, "Moves: 1 of")
    assert arrow_to(page, "pile-1") == f"pile 1, 1 card, top card {top}"
    page.keyboard.press("Enter")
    wait_for_said(game, "Pile 1 picked")
    arrow_to(page, "pile-0")
    page.keyboard.press("Enter")
    wait_for_said(game, "Not allowed: no card goes back to pile 0")

    for p1, p2 in solve_position(expected.piles, expected.moves_left).moves:
        expected.move(p1, p2)
        if p1 == p2 == 0:
            page.keyboard.press("t")
        else:
            arrow_to(page, f"pile-{p1}")
            page.keyboard.press("Enter")
            wait_for_said(game, f"Pile {p1} picked")
            arrow_to(page, f"pile-{p2}")
            page.keyboard.press("Enter")
        wait_for_said(game, f"Moves: {expected.moves_made} of {2 * CARDS}.")
        if p1 != p2:  # the focus follows the card that moved: the new top card of p2
            pile, index, _ = focus_on(page)
            assert (pile, index) == (f"pile-{p2}", str(len(expected.piles[p2]) - 1)), (p1, p2)
    assert expected.won
    wait_for_said(game, f"You win in {expected.moves_made} moves!")
    winner = next(i for i, pile in enumerate(expected.piles) if pile)
    said = arrow_to(page, f"pile-{winner}", index=0)
    assert said == f"card {CARDS - 1}, card 1 of {CARDS} in pile {winner}", said
    assert_focus_covers_no_card(page)
    assert focus_ring_sides(page) == {"top", "bottom", "left"}
    page.screenshot(path=str(ARTIFACTS / "klondike_keyboard_won.png"))
    assert_no_axe_violations(page, game, "klondike_won")
