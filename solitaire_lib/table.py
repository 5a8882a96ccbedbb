"""The card table shared by every game: an anywidget that draws piles of cards.

A game describes its table as a list of *piles* (plain dicts, built with :func:`pile`), and
the same description is drawn two ways:

* live, by :class:`CardTable` (JavaScript shipped in ``static/``, nothing fetched at run time),
  which sends clicks and drags back to Python;
* statically, by :func:`table_html`, for notebook illustrations that render anywhere
  (GitHub, nbviewer, a PDF export) because they need no widget state.

>>> from solitaire_lib.cards import card_from_text as c
>>> table = CardTable(piles=[pile("deck", [None, None]), pile("kept", [c("A♠")], label="Kept")])
>>> print(table.text())
deck: ]]
Kept: A♠
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Any

import anywidget
import traitlets

from solitaire_lib.cards import Card, card_from_text, card_html

_log = logging.getLogger(__name__)

CardView = dict[str, Any]
PileView = dict[str, Any]
ClickHandler = Callable[[str, int | None], None]
DropHandler = Callable[[str, int, str], None]
KeyHandler = Callable[[str], None]
#: The keys the table passes on (arrows, space, Home, End); any other key is ignored.
KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", " ", "Home", "End")

#: How a pile lays out its cards: overlapping downwards or rightwards, squared (only the top
#: card shows, with a count), side by side, or one above the other.
LAYOUTS = ("fan-down", "fan-right", "squared", "row", "column")


class _Slot:
    """The place of a card that is not there (yet): drawn as a dashed outline, with a label."""

    def __init__(self, label: str = "") -> None:
        self.label = label

    def __repr__(self) -> str:
        return f"slot({self.label!r})" if self.label else "SLOT"


def slot(label: str) -> _Slot:
    """An empty place that shows ``label`` (Sevens shows the rank that goes there)."""
    return _Slot(label)


#: Put ``SLOT`` in a pile's cards for an empty place, e.g. a card not yet placed in Sevens.
SLOT = _Slot()
#: A card of the table: a French card, a number card (Play Nine's ranks have no suits), a back
#: (``None``) or an empty place.
TableCard = Card | int | None | _Slot


def card_view(
    card: TableCard,
    *,
    face_up: bool = True,
    highlight: bool = False,
    colours: tuple[str, str] | None = None,
) -> CardView:
    """The JSON form of one card for the table. ``None`` (or ``face_up=False``) is a back,
    ``SLOT`` an empty place, an ``int`` a number card (negative numbers in red, or in
    ``colours``: its background and its ink, as CSS colours).

    >>> card_view(-5)["text"], card_view(-5)["red"], card_view(7, face_up=False)["up"]
    ('-5', True, False)
    """
    if isinstance(card, _Slot):
        return {"up": False, "slot": True, "text": "·", "label": card.label, "highlight": False}
    if card is None or not face_up:
        return {"up": False, "text": "]", "highlight": highlight}
    if type(card) is int:
        view = {"up": True, "number": True, "text": str(card), "rank": str(card), "suit": "",
                "pip": str(card), "red": card < 0, "name": f"card {card}",
                "highlight": highlight}  # fmt: skip
        if colours is not None:
            view["bg"], view["fg"] = colours
        return view
    if not isinstance(card, Card):
        raise TypeError(f"a table card is a Card, an int, None or a slot, not {card!r}")
    return {
        "up": True,
        "text": str(card),
        "rank": card.label,
        "suit": card.suit.symbol,
        "red": card.suit.is_red,
        "name": card.name,
        "highlight": highlight,
    }


def pile(
    pile_id: str,
    cards: Sequence[TableCard],
    *,
    label: str | None = None,
    face_up: bool = True,
    layout: str = "fan-right",
    row: int = 0,
    highlight: bool = False,
    highlight_cards: Sequence[Card] = (),
    highlight_positions: Sequence[int] = (),
    colours: Callable[[int], tuple[str, str]] | None = None,
    clickable: bool = False,
    draggable: bool = False,
    note: str = "",
) -> PileView:
    """Describe one pile, bottom card first. ``None`` entries are face-down cards.

    ``highlight_cards`` marks French cards wherever they are; ``highlight_positions`` marks the
    cards at those indexes (for number cards, where equal numbers are different cards).
    ``colours(index)`` gives the background and ink of the number card at that index.
    """
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {LAYOUTS}, not {layout!r}")
    marked = set(highlight_cards)
    places = set(highlight_positions)
    return {
        "id": pile_id,
        "label": pile_id if label is None else label,
        "cards": [
            card_view(
                card,
                face_up=face_up,
                highlight=(isinstance(card, Card) and card in marked) or i in places,
                colours=colours(i) if colours is not None and type(card) is int else None,
            )
            for i, card in enumerate(cards)
        ],
        "layout": layout,
        "row": row,
        "highlight": highlight,
        "clickable": clickable,
        "draggable": draggable,
        "note": note,
    }


def pile_text(view: PileView) -> str:
    """A pile as one line of text: ``'Kept: ]]]'`` or ``'Row: A♠ 7♥'``."""
    cards = view["cards"]
    if view["layout"] == "column":  # each card in its place (Play Nine: top, then bottom)
        return f"{view['label']}: " + " ".join(c["text"] for c in cards)
    face_down = "".join(c["text"] for c in cards if not c["up"] and not c.get("slot"))
    if any(c.get("slot") for c in cards):
        return f"{view['label']}: " + " ".join(c["text"] for c in cards)
    face_up = " ".join(c["text"] for c in cards if c["up"])
    body = " ".join(part for part in (face_down, face_up) if part) or "(empty)"
    return f"{view['label']}: {body}"


class CardTable(anywidget.AnyWidget):
    """The live table. Set ``piles`` and ``status``; listen with :meth:`on_click` / :meth:`on_drop`.

    Clicks and drags in the browser arrive as custom messages; :meth:`click` and :meth:`drop`
    deliver the very same messages from Python, which is how the tests play without a browser.

    Every message is checked before a handler sees it: a message that is not one of the two
    forms, names a pile that is not on the table, or points at a card that is not there is
    ignored (and logged), never raised. ``version`` counts the tables drawn; a message made on
    an older table than the one shown (the second click of a double-click, after the first one
    changed the table) is ignored too, so one click makes one move.
    """

    _esm = resources.files("solitaire_lib").joinpath("static/table.js").read_text("utf-8")
    _css = resources.files("solitaire_lib").joinpath("static/table.css").read_text("utf-8")

    piles = traitlets.List(traitlets.Dict()).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    #: Card width in pixels; 0 lets the cards grow with the width of the notebook.
    card_size = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._click_handlers: list[ClickHandler] = []
        self._drop_handlers: list[DropHandler] = []
        self._key_handlers: list[KeyHandler] = []
        self.ignored: list[str] = []  # why the last bad messages were ignored (for tests)
        self.on_msg(self._receive)
        self.observe(self._new_version, names="piles")

    def _new_version(self, _change: Any) -> None:
        self.version += 1

    def on_click(self, handler: ClickHandler) -> None:
        """Call ``handler(pile_id, card_index)`` on each click (index ``None``: the pile itself)."""
        self._click_handlers.append(handler)

    def on_drop(self, handler: DropHandler) -> None:
        """Call ``handler(source_pile, card_index, target_pile)`` when a card is dragged."""
        self._drop_handlers.append(handler)

    def on_key(self, handler: KeyHandler) -> None:
        """Call ``handler(key)`` when one of :data:`KEYS` is pressed on the table."""
        self._key_handlers.append(handler)

    def press(self, key: str) -> None:
        """Press a key on the table, as the browser reports it."""
        self._receive(self, {"type": "key", "key": key}, [])

    def click(self, pile_id: str, index: int | None = None) -> None:
        """Click a pile (or one of its cards), exactly as the browser does."""
        message = {"type": "click", "pile": pile_id, "index": index, "version": self.version}
        self._receive(self, message, [])

    def drop(self, source: str, index: int, target: str) -> None:
        """Drag card ``index`` of pile ``source`` onto pile ``target``, as the browser does."""
        message = {"type": "drop", "source": source, "index": index, "target": target,
                   "version": self.version}  # fmt: skip
        self._receive(self, message, [])

    def _receive(self, _widget: Any, content: Any, _buffers: Any) -> None:
        problem = self._problem_with(content)
        if problem is not None:
            self.ignored = [*self.ignored[-9:], problem]
            _log.info("ignored a message from the browser: %s", problem)
            return
        if content["type"] == "key":
            for on_key in self._key_handlers:
                on_key(content["key"])
        elif content["type"] == "click":
            for on_click in self._click_handlers:
                on_click(content["pile"], content.get("index"))
        else:
            for on_drop in self._drop_handlers:
                on_drop(content["source"], content["index"], content["target"])

    def _problem_with(self, content: Any) -> str | None:
        """Why a message cannot be acted on, or ``None`` when it can."""
        if type(content) is not dict or content.get("type") not in ("click", "drop", "key"):
            return f"not a click, a drop or a key: {str(content)[:80]}"
        if content["type"] == "key":
            key = content.get("key")
            return None if type(key) is str and key in KEYS else f"a key not used: {str(key)[:20]}"
        version = content.get("version", self.version)
        if type(version) is not int or version != self.version:
            return f"made on an older table (version {str(version)[:20]}, now {self.version})"
        sizes = {view["id"]: len(view["cards"]) for view in self.piles}
        if content["type"] == "click":
            pile, index = content.get("pile"), content.get("index")
            if type(pile) is not str or pile not in sizes:
                return f"a click on no pile of the table: {str(pile)[:40]}"
            if index is not None and not (type(index) is int and 0 <= index < sizes[pile]):
                return f"a click on no card of pile {pile}: {str(index)[:20]}"
            return None
        source, index, target = content.get("source"), content.get("index"), content.get("target")
        if type(source) is not str or source not in sizes or type(target) is not str:
            return "a drop from no pile of the table"
        if target not in sizes:
            return "a drop on no pile of the table"
        if not (type(index) is int and 0 <= index < sizes[source]):
            return f"a drop of no card of pile {source}"
        if not next(view for view in self.piles if view["id"] == source).get("draggable"):
            return f"a drop from pile {source}, whose cards cannot be dragged"
        return None

    def pile_ids(self) -> list[str]:
        return [view["id"] for view in self.piles]

    def text(self) -> str:
        """The table as text, one pile a line, then the status line if any."""
        lines = [pile_text(view) for view in self.piles]
        return "\n".join([*lines, self.status] if self.status else lines)

    def __repr__(self) -> str:
        return f"CardTable(\n{self.text()}\n)"


#: Emoji of the course texts, and symbols that every font with the basic symbols has.
_PLAIN_SYMBOLS = {"\U0001f60a": "☺", "\U0001f44d": "✔", "\U0001f44e": "✘", "\ufe0f": ""}


def plain_symbols(text: str) -> str:
    """``text`` with the emoji replaced by symbols that need no emoji font (for the widgets).

    >>> plain_symbols("Placing card from top of stack of cards left \U0001f60a\ufe0f")
    'Placing card from top of stack of cards left ☺'
    """
    return "".join(_PLAIN_SYMBOLS.get(character, character) for character in text)


def with_static_picture(bundle: Any, title: str, table: CardTable) -> Any:
    """A game widget's output, with a static picture of its table for where no widget runs.

    GitHub, nbviewer, a PDF export, or JupyterLab before the cell is run, cannot draw the live
    widget: they show the ``text/html`` picture (or a one-line title) instead of cryptic text.
    """
    if isinstance(bundle, dict):
        bundle["text/plain"] = f"{title}\n(a live game: run the cell to play it)"
        bundle["text/html"] = table_html(table.piles, plain_symbols(table.status))
    return bundle


def size_control(table: CardTable) -> Any:
    """A menu for the size of the cards: Auto (they grow with the notebook) or a fixed size."""
    import ipywidgets as widgets

    menu = widgets.Dropdown(
        options=[("Auto", 0), ("Small", 46), ("Medium", 64), ("Large", 90), ("Huge", 120)],
        value=table.card_size, description="Card size:", layout=widgets.Layout(width="170px"),
        tooltip="Card size (Auto grows with the notebook, for a projector too)",
    )  # fmt: skip
    menu.style.description_width = "initial"
    widgets.link((menu, "value"), (table, "card_size"))
    return menu


def control_row(controls: Sequence[Any]) -> Any:
    """The controls in a row that wraps onto more lines when the notebook is narrow (or zoomed
    to 200 %), each button as wide as its label."""
    import ipywidgets as widgets

    for control in controls:
        if isinstance(control, widgets.Button | widgets.ToggleButton):
            control.layout.width = "auto"
    return widgets.HBox(list(controls), layout=widgets.Layout(flex_flow="row wrap",
                                                              align_items="center"))  # fmt: skip


# --- Static HTML -------------------------------------------------------------------------------

_SLOT_HTML = (
    '<span class="sl-card sl-slot" style="display:inline-block;box-sizing:border-box;'
    'width:44px;height:62px;margin:2px;border:1px dashed #9ab;border-radius:5px;{overlap}"></span>'
)
_OVERLAP = {"fan-down": "margin-top:-44px;", "fan-right": "margin-left:-20px;"}


def _pile_html(view: PileView) -> str:
    cards = view["cards"]
    layout = view["layout"]
    shown = cards[-1:] if layout == "squared" else cards
    direction = "column" if layout in ("fan-down", "column") else "row"
    boxes = []
    for position, c in enumerate(shown):
        overlap = _OVERLAP.get(layout, "") if position > 0 else ""
        if c.get("slot"):
            boxes.append(_SLOT_HTML.format(overlap=overlap))
            continue
        if c.get("number"):
            boxes.append(_number_card_html(c, overlap))
            continue
        card = None if not c["up"] else _card_from_view(c)
        boxes.append(card_html(card, highlight=bool(c.get("highlight")), style=overlap))
    if not boxes:
        boxes.append(
            '<span style="display:inline-block;width:44px;height:62px;margin:2px;'
            'border:1px dashed #aaa;border-radius:5px"></span>'
        )
    count = f" ({len(cards)})" if layout == "squared" and cards else ""
    border = "2px solid #e6a100" if view.get("highlight") else "1px solid transparent"
    note_text = html.escape(view.get("note", ""))
    note = f'<div style="font-size:11px;color:#666">{note_text}</div>' if note_text else ""
    label = html.escape(view["label"]) + count
    return (
        f'<div class="sl-pile" data-pile="{html.escape(view["id"])}" style="display:inline-block;'
        f'vertical-align:top;margin:4px 8px 4px 0;padding:2px;border:{border};border-radius:6px">'
        f'<div style="font:12px system-ui,sans-serif;color:#444">{label}</div>'
        f'<div style="display:flex;flex-direction:{direction};align-items:flex-start">'
        f"{''.join(boxes)}</div>{note}</div>"
    )


def _number_card_html(view: CardView, style: str) -> str:
    """A number card (Play Nine) as a small inline-styled box, its number in the middle."""
    color = view.get("fg") or ("#c0142a" if view.get("red") else "#111")
    if view.get("bg"):
        style = f"background:{view['bg']};{style}"
    mark = "border:2px solid #e6a100;background:#fff7d6;" if view.get("highlight") else ""
    return (
        '<span class="sl-card sl-up" style="display:inline-flex;align-items:center;'
        "justify-content:center;box-sizing:border-box;width:44px;height:62px;margin:2px;"
        "border:1px solid #999;border-radius:5px;background:#fff;font:700 18px system-ui,"
        f'sans-serif;color:{color};{mark}{style}">{html.escape(view["text"])}</span>'
    )


def _card_from_view(view: CardView) -> Card:
    return card_from_text(view["text"])


def table_html(piles: Sequence[PileView], status: str = "") -> str:
    """Draw a table description as static HTML (inline styles only), rows in ``row`` order."""
    rows: dict[int, list[str]] = {}
    for view in piles:
        rows.setdefault(view["row"], []).append(_pile_html(view))
    body = "".join(f"<div>{''.join(rows[r])}</div>" for r in sorted(rows))
    status_html = (
        '<div style="font:13px system-ui,sans-serif;margin-top:4px">'
        f"{html.escape(plain_symbols(status))}</div>"
        if status
        else ""
    )
    return (
        '<div class="sl-table" style="background:#e9f3ea;padding:6px 8px;border-radius:8px">'
        f"{body}{status_html}</div>"
    )


class StaticTable:
    """A table description that a notebook shows as HTML (and as text elsewhere)."""

    def __init__(self, piles: Sequence[PileView], status: str = "") -> None:
        self.piles = list(piles)
        self.status = status

    def _repr_html_(self) -> str:
        return table_html(self.piles, self.status)

    def __repr__(self) -> str:
        lines = [pile_text(view) for view in self.piles]
        return "\n".join([*lines, self.status] if self.status else lines)
