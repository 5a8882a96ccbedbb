"""Game tables without a kernel: each stored game output shows its table where no widget runs.

nbconvert's HTML exporter picks an output's mime type in the order GitHub and nbviewer use
(HTML before plain text; a widget view without widget state draws nothing). Rendering the stored
lessons with it must show each game's table with its cards' names, not the widget's text.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbconvert import HTMLExporter

from solitaire_lib.aces_in_sequence import AcesInSequenceWidget
from solitaire_lib.alliances import AlliancesWidget
from solitaire_lib.play_nine import PlayNineWidget
from solitaire_lib.sevens import SevensWidget
from solitaire_lib.simple_klondike.widget import KlondikeWidget
from solitaire_lib.stacks_of_nine.widget import StacksWidget
from solitaire_lib.table import STATIC_PICTURE_CAPTION

ROOT = Path(__file__).resolve().parent.parent
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: Each lesson's game as its cell makes it (the source is compared too).
GAMES: dict[str, tuple[str, Any]] = {
    "01_aces_in_sequence": ("AcesInSequenceWidget(seed=27)", lambda: AcesInSequenceWidget(seed=27)),
    "02_sevens": ("SevensWidget(seed=0)", lambda: SevensWidget(seed=0)),
    "03_alliances": ("AlliancesWidget(seed=5)", lambda: AlliancesWidget(seed=5)),
    "04_play_nine": ("PlayNineWidget(seed=4242)", lambda: PlayNineWidget(seed=4242)),
    "05_simple_klondike": (
        "KlondikeWidget(seed=2021, cards=20)",
        lambda: KlondikeWidget(seed=2021, cards=20),
    ),
    "06_stacks_of_nine": ("StacksWidget(seed=2024)", lambda: StacksWidget(seed=2024)),
}


def game_cells(notebook: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [
        cell
        for cell in notebook.cells
        if cell.cell_type == "code"
        and any(WIDGET_VIEW in output.get("data", {}) for output in cell.outputs)
    ]


def shown_names(piles: list[dict[str, Any]]) -> list[str]:
    """What a screen reader says for each card a reader sees on a table, as the live table says
    it at the focus (a squared pile shows its top card; an empty pile is named itself)."""
    names = []
    for view in piles:
        cards = view["cards"][-1:] if view["layout"] == "squared" else view["cards"]
        names += [card["focus"] for card in cards] or [view["spoken"]]
    return names


def test_every_game_widget_of_the_lessons_is_listed() -> None:
    found = {
        path.stem: [cell.source for cell in game_cells(nbformat.read(path, as_version=4))]
        for path in sorted(ROOT.glob("notebooks/*.ipynb"))
    }
    assert {name: sources for name, sources in found.items() if sources} == {
        name: [source] for name, (source, _make) in GAMES.items()
    }


@pytest.mark.parametrize("lesson", list(GAMES))
def test_the_rendered_lesson_shows_the_table_with_its_cards_names(lesson: str) -> None:
    notebook = nbformat.read(ROOT / "notebooks" / f"{lesson}.ipynb", as_version=4)
    (cell,) = game_cells(notebook)
    alone = nbformat.v4.new_notebook(cells=[cell], metadata=notebook.metadata)
    body, _resources = HTMLExporter().from_notebook_node(alone)
    output = body[body.index('class="jp-Cell-outputWrapper"') :]
    piles = GAMES[lesson][1]().table.piles
    names = shown_names(piles)
    assert len(names) >= len(piles), names
    labels = [html.unescape(label) for label in re.findall(r'aria-label="([^"]*)"', output)]
    assert labels[: len(names)] == names
    assert 'class="sl-table"' in output and f"<i>{STATIC_PICTURE_CAPTION}</i>" in output
    assert "CardTable(" not in output and "a live game: run the cell" not in output


def test_no_stored_output_shows_a_widgets_text() -> None:
    """Neither the lessons nor the solutions store ``CardTable(...)`` as what a reader sees."""
    for path in sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("solutions/*.ipynb")]):
        for cell in nbformat.read(path, as_version=4).cells:
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                shown = data.get("text/html") or data.get("text/plain") or output.get("text", "")
                assert "CardTable(" not in shown, f"{path.name}: {shown[:80]}"
                if WIDGET_VIEW in data:
                    assert "text/html" in data, f"{path.name}: a widget with no static picture"
