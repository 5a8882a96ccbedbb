"""What a keyboard and screen-reader player gets from every game widget, tested in Python:
names for every card and pile, what each highlight means in words, the shortcut keys, the
sentences said in the live region, and colours that read (WCAG 2.2 AA: 4.5:1 for text).

The real-browser side (arrows, Enter, Escape, the accessibility tree, axe-core) is in
tests/browser/; here are the words and the keys themselves."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

from solitaire_lib.aces_in_sequence.widget import AcesInSequenceWidget
from solitaire_lib.alliances.widget import AlliancesWidget
from solitaire_lib.play_nine.widget import PlayNineWidget
from solitaire_lib.sevens.widget import SevensWidget
from solitaire_lib.simple_klondike.widget import KlondikeWidget
from solitaire_lib.stacks_of_nine.widget import BLOCKING, StacksWidget, card_colours
from solitaire_lib.table import (
    ESCAPE,
    CardTable,
    contrast_ratio,
    pile,
    slot,
    table_html,
)

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
WIDGETS = [AcesInSequenceWidget, SevensWidget, AlliancesWidget, PlayNineWidget, KlondikeWidget,
           StacksWidget]  # fmt: skip


def every_card(table: CardTable) -> list[dict[str, Any]]:
    return [card for view in table.piles for card in view["cards"]]


@pytest.mark.parametrize("widget_type", WIDGETS)
def test_every_pile_and_card_has_words_and_no_symbol_soup(widget_type: Any) -> None:
    game = widget_type(seed=3)
    table = game.table
    assert table.title.endswith("table") and table.title != "card table"
    for view in table.piles:
        assert view["spoken"].startswith(view["name"]), view["spoken"]
        for card in view["cards"]:
            words = card["focus"]
            assert words and "]" not in words and "·" not in words, words
            assert not re.search(r"[♠♥♦♣]", words), f"a suit symbol is read as a symbol: {words}"
    backs = [card for card in every_card(table) if not card["up"] and not card.get("slot")]
    assert all(card["spoken"].startswith("face-down card") for card in backs)


@pytest.mark.parametrize("widget_type", WIDGETS)
def test_every_button_has_a_key_and_every_key_a_button(widget_type: Any) -> None:
    game = widget_type(seed=3)
    keys = game.table.shortcuts
    assert len(keys) >= 5 and all(len(key) == 1 for key in keys)
    for key, what in keys.items():
        assert f"{key.upper()}: {what}" in game.table.keys_help
    said = game.table.announcement[0]
    game.table.press("q" if "q" not in keys else "z")  # not a shortcut: ignored, nothing said
    assert game.table.announcement[0] == said and "not used" in game.table.ignored[-1]


def test_a_highlight_is_said_in_words_and_shown_as_a_badge() -> None:
    view = pile("pile-2", [3, 4], name="pile 2", highlight=True, mark="hint: move it")
    assert view["spoken"] == "pile 2, 2 cards, top card 4, hint: move it"
    assert view["cards"][0]["focus"] == "card 3, card 1 of 2 in pile 2, hint: move it"
    picture = table_html([view])
    assert "hint: move it</span>" in picture, "the static picture shows the mark as text too"
    assert 'aria-label="card 3, card 1 of 2 in pile 2, hint: move it"' in picture


def test_places_and_slots_are_named() -> None:
    column = pile("col-0", [None, 7], label="column 0", layout="column",
                  place_names=("top", "bottom"))  # fmt: skip
    assert [c["focus"] for c in column["cards"]] == ["face-down card, top card of column 0",
                                                     "card 7, bottom card of column 0"]  # fmt: skip
    assert slot("8", "Eight of Spades").spoken == "empty place for Eight of Spades"
    assert slot("", spoken="no card").spoken == "no card"
    assert pile("p", [])["spoken"] == "p, empty"


def test_klondike_says_picks_refusals_moves_and_the_result() -> None:
    game = KlondikeWidget(seed=1, cards=10)
    game.table.click("pile-0")
    assert game.table.announcement[1].startswith("Pile 0 picked")
    assert game.table.piles[0]["spoken"].endswith("picked")
    targets = [view["name"] for view in game.table.piles if view["mark"] == "can take it"]
    assert targets == ["pile 1", "pile 2", "pile 3"], "the legal targets are named"
    game.table.press(ESCAPE)
    assert game.table.announcement[1] == "Pick cancelled. Moves: 0 of 20."
    assert not game.table.piles[0]["mark"]
    game.table.press("t")
    assert game.table.announcement[1] == "Turn pile 0. Moves: 1 of 20."
    game.table.press("h")
    assert game.table.announcement[1].startswith("Hint: ")
    assert any(view["mark"].startswith("hint") for view in game.table.piles)
    game.table.press("f")
    assert game.table.announcement[1].endswith(f"You win in {game.game.moves_made} moves!")
    game.table.press("t")  # the game is over: Turn is disabled, and the key says so
    assert game.table.announcement[1] == "Turn pile 0 is not available now."


def test_stacks_say_the_picked_cards_and_a_refusal_with_its_reason() -> None:
    game = StacksWidget(seed=3)
    game.table.click("stack-4", 4)
    said = "2 cards of E picked: press Enter or click on the stack to put them on."
    assert game.table.announcement[1] == said
    picked = [c["focus"] for c in game.table.piles[4]["cards"] if c["mark"]]
    assert picked == [
        "card 1, picked, card 5 of 6 in stack E",
        "stack E, 6 cards, top card 5, picked",
    ]
    assert not any(view["mark"] == "can take them" for view in game.table.piles), "none: unordered"
    game.table.click("stack-3")
    assert game.table.announcement[1].startswith("Not allowed: the top 2 cards of stack E")
    game.table.click("stack-4", 5)
    game.table.press(ESCAPE)
    assert game.table.announcement[1] == "Pick cancelled." and game._picked is None


def test_play_nine_says_the_advice_and_the_mode_keys_choose_the_radio_button() -> None:
    game = PlayNineWidget(seed=4242)
    game.table.press("d")
    assert game.table.announcement[1].startswith("You drew 7.")
    game.table.press("t")
    assert game.use_choice.value == "t"
    assert game.table.announcement[1] == "The card you pick now turns over a card of the board."
    game.table.press("a")
    assert game.table.announcement[1].startswith("The planner would")
    advised = [c for view in game.table.piles for c in view["cards"] if c["mark"]]
    assert len(advised) == 1 and "the AI's choice" in advised[0]["focus"]


def test_alliances_names_the_piles_that_can_jump_when_asked() -> None:
    game = AlliancesWidget(seed=1)
    for _ in range(6):
        game.table.press("d")
    game.table.press("j")
    assert game.hint_button.value
    marks = [view["spoken"] for view in game.table.piles if view["mark"]]
    jumps = game.game.available_jumps()
    assert len(marks) == len(jumps) and all(m.endswith("can jump") for m in marks)


def test_sevens_columns_say_what_is_placed() -> None:
    game = SevensWidget(seed=0)
    game.table.press("e")
    column = game.table.piles[0]
    assert column["spoken"] == "Diamonds column, Ace to King placed"
    assert column["cards"][0]["focus"] == "King of Diamonds, in Diamonds column"


def test_stacks_colours_read_at_4_5_to_1() -> None:
    for value in range(1, 10):
        background, ink = card_colours(value)
        assert contrast_ratio(background, ink) >= 4.5, (value, background, ink)
    assert contrast_ratio(*BLOCKING) >= 4.5


@pytest.mark.parametrize(
    ("ink", "paper", "what"),
    [
        ("#c0142a", "#ffffff", "a red card's ink"),
        ("#111111", "#ffffff", "a black card's ink"),
        ("#3f5163", "#ebf4ec", "an empty place's label"),
        ("#ffffff", "#5c3d00", "a badge (hint, picked)"),
        ("#1a4f8a", "#ffffff", "the focus ring on a face-up card (3:1 needed)"),
        ("#ffffff", "#3d74ab", "the focus ring's white line on a card's back (3:1 needed)"),
        ("#ff6b7d", "#183226", "a red suit's label on the dark felt"),
    ],
)
def test_the_table_colours_read(ink: str, paper: str, what: str) -> None:
    from importlib import resources

    css = resources.files("solitaire_lib").joinpath("static/table.css").read_text("utf-8")

    def in_css(colour: str) -> bool:
        short = "#" + colour[1::2] if colour[1::2] == colour[2::2] else colour
        return re.search(f"{colour}|{short}\\b", css) is not None

    assert in_css(ink) and in_css(paper), f"{what}: the colours tested are the stylesheet's"
    assert contrast_ratio(ink, paper) >= 4.5, what


def table_colours(theme: str) -> dict[str, str]:
    """The table's colour variables under JupyterLab's ``light`` or ``dark`` theme, read from
    table.css: the ``.sl-table`` blocks, then (for dark) the blocks under the dark-theme flag."""
    from importlib import resources

    css = resources.files("solitaire_lib").joinpath("static/table.css").read_text("utf-8")
    colours: dict[str, str] = {}
    for selector, body in re.findall(r"([^{}]*)\{([^}]*)\}", css):
        selector = re.sub(r"/\*.*?\*/", "", selector, flags=re.S).strip()
        dark_block = selector == '[data-jp-theme-light="false"] .sl-table'
        if selector == ".sl-table" or (dark_block and theme == "dark"):
            colours |= dict(re.findall(r"--sl-([a-z]+):\s*(#[0-9a-f]{6})", body))
    return colours


def over(colour: str, alpha: float, paper: str) -> str:
    """``colour`` laid at opacity ``alpha`` over ``paper``: the colour the eye sees."""
    mixed = [round(alpha * int(colour[i:i + 2], 16) + (1 - alpha) * int(paper[i:i + 2], 16))
             for i in (1, 3, 5)]  # fmt: skip
    return "#" + "".join(f"{part:02x}" for part in mixed)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_table_text_reads_on_the_felt_under_both_themes(theme: str) -> None:
    """Ink and muted text (labels, the keys line) on the felt and on a highlighted pile (the
    yellow wash of .sl-pile.sl-highlight over the felt), and the focus ring (3:1 on a white
    card: it is drawn inside the card, so the felt is never beside it), per theme."""
    colours = table_colours(theme)
    felt = colours["felt"]
    highlighted = over("#ffc83c", 0.22, felt)
    for text in ("ink", "muted"):
        for paper in (felt, highlighted):
            assert contrast_ratio(colours[text], paper) >= 4.5, (theme, text, paper)
    assert contrast_ratio(colours["slotink"], colours["slotpaper"]) >= 4.5, theme
    assert contrast_ratio(colours["focus"], "#ffffff") >= 3, theme


def test_no_text_of_the_table_takes_a_theme_colour() -> None:
    """A theme's variables (--jp-…) may be any colour: the table sets its own."""
    from importlib import resources

    css = resources.files("solitaire_lib").joinpath("static/table.css").read_text("utf-8")
    assert "var(--jp-" not in css


def test_sevens_autoplay_says_a_repeated_refusal_once_with_its_count() -> None:
    """Autoplay at several steps a second: a run of the same sentence ("Cannot place …") is not
    read out again and again; its count comes once, before the next different sentence."""
    game = SevensWidget(seed=0)
    said: list[str] = []
    game.table.observe(lambda change: said.append(change["new"][1]), names="announcement")
    game.table.press("a")
    for _ in range(60):
        game.table.tick()
    counted = [sentence for sentence in said if "times in a row" in sentence]
    assert counted, said[:10]
    assert all(first != second for first, second in itertools.pairwise(said))
    assert all(re.search(r", \d+ times in a row\. \S", sentence) for sentence in counted)


def test_the_same_sentence_again_is_said_with_its_count() -> None:
    table = CardTable()
    for _ in range(3):
        table.say("Nothing to take back.")
    assert table.announcement[1] == "Nothing to take back, 3 times in a row."
    table.say("Move taken back.")
    assert table.announcement[1] == "Move taken back."


@pytest.mark.parametrize("notebook", sorted(NOTEBOOKS.glob("0[1-6]_*.ipynb")), ids=lambda p: p.stem)
def test_each_lesson_says_the_keys_of_its_game_beside_it(notebook: Path) -> None:
    """The Markdown cell above each game has a "Keys." paragraph naming every key of the
    game's own (its shortcuts, Tab, the arrows, ?), and no key the game does not have."""
    cells = nbformat.read(notebook, as_version=4).cells
    at = next(i for i, cell in enumerate(cells) if cell.cell_type == "code"
              and re.search(r"^\w+Widget\(", cell.source, re.M))  # fmt: skip
    prose = cells[at - 1].source
    assert "**Keys.**" in prose, "no Keys paragraph above the game"
    paragraph = prose.split("**Keys.**", 1)[1].split("\n\n")[0]
    widgets = {widget.__name__: widget for widget in WIDGETS}
    call = re.search(r"^(\w+Widget)\((.*)\)$", cells[at].source, re.M)
    assert call is not None
    game = eval(f"{call[1]}({call[2]})", {}, widgets)  # the lesson's own call
    letters = set(re.findall(r"\b([A-Z])\b(?! [a-z]+'s)", paragraph)) - {"I"}
    assert letters == {key.upper() for key in game.table.shortcuts}, paragraph
    for key in ("Tab", "arrow keys", "?"):
        assert key in paragraph, key
