"""All six games on one page, under JupyterLab's light and dark themes: axe-core (WCAG 2.0-2.2 A
and AA, the experimental rules included) finds nothing at the start and after a few keys.

The page is a notebook made here with one cell a game (the same widgets as the lessons), so the
six tables are checked with one kernel and one theme switch. Each game's own test plays it to
its end; this one is about colours and names under a theme the lessons do not choose.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .conftest import (
    ARTIFACTS,
    Lab,
    assert_no_axe_violations,
    focus_table,
    open_notebook,
    run_all_cells,
)

#: Each game's widget as the lessons make it, and the CSS class of its box.
GAMES = {
    "aces": ("from solitaire_lib.aces_in_sequence.widget import AcesInSequenceWidget\n"
             "AcesInSequenceWidget(seed=27)", ".sl-aces-game"),
    "sevens": ("from solitaire_lib.sevens.widget import SevensWidget\nSevensWidget(seed=0)",
               ".sl-sevens-game"),
    "alliances": ("from solitaire_lib.alliances.widget import AlliancesWidget\n"
                  "AlliancesWidget(seed=5)", ".sl-alliances-game"),
    "play_nine": ("from solitaire_lib.play_nine.widget import PlayNineWidget\n"
                  "PlayNineWidget(seed=4242)", ".sl-play-nine-game"),
    "klondike": ("from solitaire_lib.simple_klondike.widget import KlondikeWidget\n"
                 "KlondikeWidget(seed=2021, cards=20)", ".sl-klondike-game"),
    "stacks": ("from solitaire_lib.stacks_of_nine.widget import StacksWidget\n"
               "StacksWidget(seed=2024)", ".sl-stacks-game"),
}  # fmt: skip

#: Keys that play a little in every game: move along the table, pick, put down (or be refused).
SOME_PLAY = ("Enter", "ArrowRight", "Enter", "ArrowRight", "ArrowDown", "Enter", "n", "Enter")


def all_games_notebook() -> dict[str, Any]:
    cells = [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
              "source": source} for source, _ in GAMES.values()]  # fmt: skip
    return {"cells": cells, "metadata": {"kernelspec": {"name": "python3",
            "display_name": "Python 3 (ipykernel)", "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5}  # fmt: skip


def play_a_little(page: Any, game: Any) -> None:
    """From the table's tab stop, the keys of SOME_PLAY: the table then shows a picked card, a
    move or a refusal, and the live region has spoken."""
    focus_table(page, game)
    for key in SOME_PLAY:
        page.keyboard.press(key)
    page.wait_for_timeout(300)


def check_every_game(page: Any, report: str) -> None:
    """axe-core on each of the six games on the page, at the start and after SOME_PLAY; the
    reports are kept as artifacts/browser/axe_<game>_<report>[_played].json."""
    for name, (_, css_class) in GAMES.items():
        game = page.locator(css_class)
        game.wait_for(timeout=120_000)
        game.scroll_into_view_if_needed()
        assert_no_axe_violations(page, game, f"{name}_{report}")
        play_a_little(page, game)
        assert_no_axe_violations(page, game, f"{name}_{report}_played")


def choose_theme(page: Any, theme: str) -> None:
    """Settings > Theme > ``theme``, as a person does; wait until the page says it is loaded."""
    page.get_by_role("menuitem", name="Settings", exact=True).click()
    for label in ("Theme", theme):
        page.locator(".lm-Menu-itemLabel").get_by_text(label, exact=True).click()
    light = "true" if "Light" in theme else "false"
    page.wait_for_function(
        f"() => document.body.dataset.jpThemeLight === '{light}'", timeout=20_000
    )
    page.wait_for_timeout(500)  # the theme's style sheet is applied after the flag


def test_every_game_is_axe_clean_under_the_light_and_the_dark_theme(lab: Lab, page: Any) -> None:
    (lab.root / "all_games.ipynb").write_text(json.dumps(all_games_notebook()), "utf-8")
    open_notebook(page, lab.notebook_url("all_games.ipynb"))
    run_all_cells(page)
    for theme in ("JupyterLab Light", "JupyterLab Dark"):
        choose_theme(page, theme)
        short = re.sub(r"\W+", "_", theme.lower())
        check_every_game(page, short)
        page.screenshot(path=str(ARTIFACTS / f"all_games_{short}.png"), full_page=False)
