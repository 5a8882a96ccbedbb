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
import re
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Any

import anywidget
import traitlets

from solitaire_lib.cards import Card, Suit, card_from_text, card_html, make_deck

_log = logging.getLogger(__name__)

CardView = dict[str, Any]
PileView = dict[str, Any]
ClickHandler = Callable[[str, int | None], None]
DropHandler = Callable[[str, int, str], None]
KeyHandler = Callable[[str], None]
TickHandler = Callable[[], None]
#: Escape cancels a pick; the other keys a table passes on to Python are its shortcuts.
ESCAPE = "Escape"
#: What the browser's own keys do on every table (the game's shortcut keys are added to it).
MOVING_KEYS = (
    "Tab reaches the table; the arrow keys go from pile to pile (left, right) and from card to "
    "card (up, down); Home and End go to the first and the last pile"
)

#: How a pile lays out its cards: overlapping downwards or rightwards, squared (only the top
#: card shows, with a count), side by side, or one above the other.
LAYOUTS = ("fan-down", "fan-right", "squared", "row", "column")


class _Slot:
    """The place of a card that is not there (yet): drawn as a dashed outline, with a label,
    and read out as ``spoken`` ("empty place for 8 of Spades")."""

    def __init__(self, label: str = "", spoken: str = "") -> None:
        self.label = label
        self.spoken = spoken or (f"empty place for {label}" if label else "empty place")

    def __repr__(self) -> str:
        return f"slot({self.label!r})" if self.label else "SLOT"


def slot(label: str, what: str = "", spoken: str = "") -> _Slot:
    """An empty place that shows ``label`` (Sevens shows the rank that goes there) and is read
    out as "empty place for" ``what`` (``"Eight of Spades"``; the label when not given), or as
    ``spoken`` when given (``"no card"``)."""
    return _Slot(label, spoken or (f"empty place for {what}" if what else ""))


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
    mark: str = "marked",
) -> CardView:
    """The JSON form of one card for the table. ``None`` (or ``face_up=False``) is a back,
    ``SLOT`` an empty place, an ``int`` a number card (negative numbers in red, or in
    ``colours``: its background and its ink, as CSS colours). ``spoken`` is its name for a
    screen reader, with ``mark`` (what a highlight means: "hint", "picked") when highlighted.

    >>> card_view(-5)["text"], card_view(-5)["red"], card_view(7, face_up=False)["up"]
    ('-5', True, False)
    >>> card_view(-5, highlight=True, mark="advised")["spoken"], card_view(None)["spoken"]
    ('card -5, advised', 'face-down card')
    """
    if isinstance(card, _Slot):
        return {"up": False, "slot": True, "text": "·", "label": card.label, "highlight": False,
                "spoken": card.spoken}  # fmt: skip
    view: CardView
    if card is None or not face_up:
        view = {"up": False, "text": "]", "highlight": highlight, "name": "face-down card"}
    elif type(card) is int:
        view = {"up": True, "number": True, "text": str(card), "rank": str(card), "suit": "",
                "pip": str(card), "red": card < 0, "name": f"card {card}",
                "highlight": highlight}  # fmt: skip
        if colours is not None:
            view["bg"], view["fg"] = colours
    elif isinstance(card, Card):
        view = {"up": True, "text": str(card), "rank": card.label, "suit": card.suit.symbol,
                "red": card.suit.is_red, "name": card.name, "highlight": highlight}  # fmt: skip
    else:
        raise TypeError(f"a table card is a Card, an int, None or a slot, not {card!r}")
    view["mark"] = mark if highlight else ""
    view["spoken"] = f"{view['name']}, {mark}" if highlight else view["name"]
    return view


def count_words(count: int) -> str:
    """``'empty'``, ``'1 card'`` or ``'12 cards'``."""
    return "empty" if count == 0 else "1 card" if count == 1 else f"{count} cards"


#: The words prose writes for the counts zero to ten (larger counts are written in digits).
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten")  # fmt: skip


def number_word(count: int) -> str:
    """A count as a sentence writes it: in words from zero to ten, in digits above.

    A notebook makes its number words from the constants that hold them with this, so that
    "four passes" cannot drift from the 4 the call is given.

    >>> number_word(4), number_word(10), number_word(11)
    ('four', 'ten', '11')
    """
    if count < 0:
        raise ValueError(f"a count is 0 or more, not {count}")
    return _NUMBER_WORDS[count] if count < len(_NUMBER_WORDS) else str(count)


def counted(count: int, noun: str, plural: str = "", grouped: bool = True) -> str:
    """A count and its noun as a sentence writes them: the noun in the singular for 1, in the
    plural (``plural``, or the noun with an "s") for any other count; the digits grouped by
    thousands unless ``grouped`` is false.

    A notebook writes a count that a run produces with this, so that a run that makes it 1
    reads "1 move", not "1 moves".

    >>> counted(1, "move"), counted(12, "move"), counted(0, "deal"), counted(4096, "state")
    ('1 move', '12 moves', '0 deals', '4,096 states')
    >>> counted(1, "pass", "passes"), counted(3, "pass", "passes")
    ('1 pass', '3 passes')
    >>> counted(1250, "ace", grouped=False)
    '1250 aces'
    >>> counted(-1, "move")
    Traceback (most recent call last):
    ValueError: a count is 0 or more, not -1
    """
    if count < 0:
        raise ValueError(f"a count is 0 or more, not {count}")
    digits = f"{count:,}" if grouped else str(count)
    return f"{digits} {noun if count == 1 else plural or noun + 's'}"


#: Layouts where the last card is the top of a heap (the others show each card in its place).
_HEAPS = ("fan-down", "fan-right", "squared")


def pile_spoken(view: PileView) -> str:
    """What a screen reader says when the focus comes to a pile (on its top card).

    >>> from solitaire_lib.cards import card_from_text as c
    >>> pile_spoken(pile("pile-3", [c("9♣"), c("7♥")], name="pile 3", highlight=True,
    ...                  mark="picked"))
    'pile 3, 2 cards, top Seven of Hearts, picked'
    >>> pile_spoken(pile("stock", [None] * 20, name="Stock", layout="squared"))
    'Stock, 20 cards, top face-down card'
    """
    cards = view["cards"]
    parts = [view["name"]]
    if view["summary"]:
        parts.append(view["summary"])
    elif view["layout"] in _HEAPS or not cards:
        parts.append(count_words(len(cards)))
        if cards:
            parts.append(f"top {cards[-1]['spoken']}")
    else:
        parts.append(", ".join(card["spoken"] for card in cards))
    if view["mark"]:
        parts.append(view["mark"])
    if view["note"]:
        parts.append(view["note"])
    return ", ".join(parts)


def card_spoken_in_pile(view: PileView, index: int) -> str:
    """What a screen reader says when the focus is on card ``index`` of a pile: the pile's
    name at its top card, else the card and where it is.

    >>> from solitaire_lib.cards import card_from_text as c
    >>> view = pile("pile-3", [c("9♣"), c("7♥")], name="pile 3")
    >>> card_spoken_in_pile(view, 0), card_spoken_in_pile(view, 1)
    ('Nine of Clubs, card 1 of 2 in pile 3', 'pile 3, 2 cards, top Seven of Hearts')
    """
    cards = view["cards"]
    if view["summary"]:  # a pile of places (Sevens' columns): the card, and the pile's summary
        last = index == len(cards) - 1
        return (
            f"{view['spoken']}; {cards[index]['spoken']}"
            if last
            else f"{cards[index]['spoken']}, in {view['name']}"
        )
    if len(cards) == 1 or (view["layout"] in _HEAPS and index == len(cards) - 1):
        return str(view["spoken"])
    places = view["places"]
    where = (
        f"{places[index]} card of {view['name']}"
        if index < len(places)
        else f"card {index + 1} of {len(cards)} in {view['name']}"
    )
    mark = f", {view['mark']}" if view["mark"] else ""
    return f"{cards[index]['spoken']}, {where}{mark}"


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
    name: str | None = None,
    mark: str = "marked",
    card_mark: str = "marked",
    summary: str = "",
    place_names: Sequence[str] = (),
) -> PileView:
    """Describe one pile, bottom card first. ``None`` entries are face-down cards.

    ``highlight_cards`` marks French cards wherever they are; ``highlight_positions`` marks the
    cards at those indexes (for number cards, where equal numbers are different cards).
    ``colours(index)`` gives the background and ink of the number card at that index.

    A highlight is never colour alone: ``mark`` (for the pile) and ``card_mark`` (for its cards)
    say what it means, shown beside the pile's label and read out. ``name`` is the pile's
    name for a screen reader (``"pile 3"``), the label when not given; each card gets
    ``focus``, its words at the focus (see :func:`card_spoken_in_pile`). ``summary`` replaces
    the count and top card in the pile's words (Sevens: "6 to 9 placed"); ``place_names`` names the
    cards' places (Play Nine: "top", "bottom").
    """
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {LAYOUTS}, not {layout!r}")
    marked = set(highlight_cards)
    places = set(highlight_positions)
    shown_label = pile_id if label is None else label
    view: PileView = {
        "id": pile_id,
        "label": shown_label,
        "name": name or shown_label,
        "cards": [
            card_view(
                card,
                face_up=face_up,
                highlight=(isinstance(card, Card) and card in marked) or i in places,
                colours=colours(i) if colours is not None and type(card) is int else None,
                mark=card_mark,
            )
            for i, card in enumerate(cards)
        ],
        "layout": layout,
        "row": row,
        "highlight": highlight,
        "mark": mark if highlight else "",
        "clickable": clickable,
        "draggable": draggable,
        "note": note,
        "summary": summary,
        "places": list(place_names),
    }
    view["spoken"] = pile_spoken(view)
    for index, card in enumerate(view["cards"]):
        card["focus"] = card_spoken_in_pile(view, index)
    return view


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


def lowercase_start(words: str) -> str:
    """``words`` as the middle of a sentence: the first letter in lower case, unless it starts
    a name in capitals (AI) or every letter was lower-case already.

    >>> [lowercase_start(words) for words in ("New deal", "AI: one step", "What would the AI do")]
    ['new deal', 'AI: one step', 'what would the AI do']
    """
    if words[:2].isupper():
        return words
    return words[:1].lower() + words[1:]


class CardTable(anywidget.AnyWidget):
    """The live table. Set ``piles`` and ``status``; listen with :meth:`on_click` / :meth:`on_drop`.

    Clicks and drags in the browser arrive as custom messages; :meth:`click` and :meth:`drop`
    deliver the very same messages from Python, which is how the tests play without a browser.

    The keyboard plays the same game: the table is one tab stop, the arrow keys move the focus
    between piles and cards, and Enter or Space on a card sends the click the mouse would.
    Escape and the game's shortcut keys (:meth:`add_shortcut`) come to Python as key messages
    (:meth:`press` sends one). Every card and pile has a name for screen readers, and
    :meth:`say` puts a sentence in the table's live region, which a screen reader reads out.

    Every message is checked before a handler sees it: a message that is not one of the known
    forms, names a pile that is not on the table, or points at a card that is not there is
    ignored (and logged), never raised. ``version`` counts the tables drawn; a message made on
    an older table than the one shown (the second click of a double-click, after the first one
    changed the table) is ignored too, so one click makes one move.

    >>> table = CardTable(title="A table")
    >>> table.add_shortcut("u", "undo", lambda: table.say("Nothing to take back."))
    >>> table.press("u"); table.announcement
    [1, 'Nothing to take back.']
    >>> table.keys_help
    'Tab reaches the table; ... ? says the keys. Enter or Space ... Escape cancels a pick; U: undo.'
    """

    _esm = resources.files("solitaire_lib").joinpath("static/table.js").read_text("utf-8")
    _css = resources.files("solitaire_lib").joinpath("static/table.css").read_text("utf-8")

    piles = traitlets.List(traitlets.Dict()).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    #: Card width in pixels; 0: the default size, which grows with the browser's zoom.
    card_size = traitlets.Int(0).tag(sync=True)
    #: The table's name for screen readers ("Klondike table").
    title = traitlets.Unicode("card table").tag(sync=True)
    #: The shortcut keys the browser passes on, with what each does.
    shortcuts = traitlets.Dict().tag(sync=True)
    #: The keys, in words: shown under the table and read as its description.
    keys_help = traitlets.Unicode("").tag(sync=True)
    #: ``[count, sentence]``: the last sentence said (the count makes a repeat a new change).
    announcement = traitlets.List([0, ""]).tag(sync=True)
    #: Milliseconds between the browser's ticks (autoplay); 0: no ticks.
    tick_ms = traitlets.Int(0).tag(sync=True)
    #: False for a game that plays itself (its cards are only looked at).
    plays_cards = traitlets.Bool(True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._click_handlers: list[ClickHandler] = []
        self._drop_handlers: list[DropHandler] = []
        self._key_handlers: list[KeyHandler] = []
        self._tick_handlers: list[TickHandler] = []
        self._shortcut_actions: dict[str, Callable[[], None]] = {}
        self.ignored: list[str] = []  # why the last bad messages were ignored (for tests)
        self._said = 0  # sentences said so far
        self._last_words = ""  # the last sentence said, in spoken words
        self._repeats = 0  # how many times in a row it was said
        self._repeats_told = 0  # of which the listener has heard the count
        self.on_msg(self._receive)
        self.observe(self._new_version, names="piles")
        self.observe(self._update_keys_help, names="plays_cards")
        self._update_keys_help()

    def _new_version(self, _change: Any) -> None:
        self.version += 1

    def on_click(self, handler: ClickHandler) -> None:
        """Call ``handler(pile_id, card_index)`` on each click (index ``None``: the pile itself)."""
        self._click_handlers.append(handler)

    def on_drop(self, handler: DropHandler) -> None:
        """Call ``handler(source_pile, card_index, target_pile)`` when a card is dragged."""
        self._drop_handlers.append(handler)

    def on_key(self, handler: KeyHandler) -> None:
        """Call ``handler(key)`` when Escape or a shortcut key is pressed on the table."""
        self._key_handlers.append(handler)

    def on_tick(self, handler: TickHandler) -> None:
        """Call ``handler()`` at each tick of the browser's clock (see ``tick_ms``)."""
        self._tick_handlers.append(handler)

    def add_shortcut(self, key: str, what: str, action: Callable[[], None]) -> None:
        """Make the key ``key`` (one lower-case letter or digit) do ``action``; ``what`` says
        what it does, in the keys' help."""
        if len(key) != 1 or not (key.islower() or key.isdigit()):
            raise ValueError(f"a shortcut is one lower-case letter or digit, not {key!r}")
        self._shortcut_actions[key] = action
        self.shortcuts = {**self.shortcuts, key: what}
        self._update_keys_help()

    def add_button_shortcut(self, key: str, button: Any) -> None:
        """Make ``key`` press ``button`` (an ipywidgets Button), unless it is disabled; its
        tooltip shows the key."""
        what = re.sub(r"[^\w\s:'-]", "", str(button.description)).strip()
        button.tooltip = f"{button.tooltip or what} (key {key.upper()})"

        def press() -> None:
            if not button.disabled:
                button.click()
            else:
                self.say(f"{what} is not available now.")

        self.add_shortcut(key, lowercase_start(what), press)

    def add_button_shortcuts(self, keys: Sequence[tuple[str, Any]]) -> None:
        """:meth:`add_button_shortcut` for each ``(key, button)``."""
        for key, button in keys:
            self.add_button_shortcut(key, button)

    def _update_keys_help(self, _change: Any = None) -> None:
        """Write the keys in words (after a shortcut is added, or ``plays_cards`` changes)."""
        playing = "Enter or Space plays the card in focus, as a click does; Escape cancels a pick"
        keys = "".join(f"; {key.upper()}: {what}" for key, what in self.shortcuts.items())
        if not self.plays_cards:  # a game that plays itself: the keys step through it
            self.keys_help = f"{MOVING_KEYS}; ? says the keys{keys}."
        else:
            self.keys_help = f"{MOVING_KEYS}; ? says the keys. {playing}{keys}."

    def say(self, sentence: str, quiet_repeats: bool = False) -> None:
        """Have a screen reader read ``sentence`` (the table's polite live region), in words
        (:func:`spoken_words`: "Ten of Hearts", not "10♥"; no emoji).

        The same sentence again is said with its count ("…, 3 times in a row"), so that the
        listener hears that something happened. With ``quiet_repeats`` (autoplay, several
        steps a second) a repeat is not said at all: its count comes once, before the next
        different sentence.

        >>> table = CardTable()
        >>> for _ in range(3):
        ...     table.say("Cannot place 10♥ ☹", quiet_repeats=True)
        >>> table.say("Placing 9♠"); table.announcement[1]
        'Cannot place Ten of Hearts, 3 times in a row. Placing Nine of Spades'
        """
        words = spoken_words(sentence)
        if words and words == self._last_words:
            self._repeats += 1
            if quiet_repeats:
                return
            self._repeats_told = self._repeats
            self._announce(f"{words.rstrip('.')}, {self._repeats} times in a row.")
            return
        untold = ""
        if self._repeats > max(self._repeats_told, 1):
            untold = f"{self._last_words.rstrip('.')}, {self._repeats} times in a row. "
        self._last_words, self._repeats, self._repeats_told = words, 1, 1
        self._announce(untold + words)

    def _announce(self, words: str) -> None:
        self._said += 1
        self.announcement = [self._said, words]

    def press(self, key: str) -> None:
        """Press a key on the table, as the browser reports it."""
        self._receive(self, {"type": "key", "key": key}, [])

    def tick(self) -> None:
        """One tick of the browser's clock, as the browser reports it."""
        self._receive(self, {"type": "tick"}, [])

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
            action = self._shortcut_actions.get(content["key"])
            if action is not None:
                action()
            for on_key in self._key_handlers:
                on_key(content["key"])
        elif content["type"] == "tick":
            for on_tick in self._tick_handlers:
                on_tick()
        elif content["type"] == "click":
            for on_click in self._click_handlers:
                on_click(content["pile"], content.get("index"))
        else:
            for on_drop in self._drop_handlers:
                on_drop(content["source"], content["index"], content["target"])

    def _problem_with(self, content: Any) -> str | None:
        """Why a message cannot be acted on, or ``None`` when it can."""
        kinds = ("click", "drop", "key", "tick")
        if type(content) is not dict or content.get("type") not in kinds:
            return f"not a click, a drop, a key or a tick: {str(content)[:80]}"
        if content["type"] == "tick":
            return None
        if content["type"] == "key":
            key = content.get("key")
            known = type(key) is str and (key == ESCAPE or key in self._shortcut_actions)
            return None if known else f"a key not used: {str(key)[:20]}"
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


def relative_luminance(colour: str) -> float:
    """The WCAG 2 relative luminance of a ``#rrggbb`` colour (0 for black, 1 for white)."""
    channels = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(first: str, second: str) -> float:
    """The WCAG 2 contrast ratio of two ``#rrggbb`` colours, from 1 to 21 (text needs 4.5).

    >>> round(contrast_ratio("#ffffff", "#000000"), 1)
    21.0
    >>> round(contrast_ratio("#c0142a", "#ffffff"), 2)
    6.22
    """
    light, dark = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


#: Emoji of the course texts, and symbols that every font with the basic symbols has.
_PLAIN_SYMBOLS = {"\U0001f60a": "☺", "\U0001f44d": "✔", "\U0001f44e": "✘", "\ufe0f": ""}


def plain_symbols(text: str) -> str:
    """``text`` with the emoji replaced by symbols that need no emoji font (for the widgets).

    >>> plain_symbols("Placing card from top of stack of cards left \U0001f60a\ufe0f")
    'Placing card from top of stack of cards left ☺'
    """
    return "".join(_PLAIN_SYMBOLS.get(character, character) for character in text)


#: A card as the status line writes it: "10♥", "A♠" (not inside a word or a number).
_CARD_TEXT = re.compile(r"(?<![\w])(?:10|[2-9AJQK])[♠♥♦♣]")
#: Pictures a screen reader would read out by their Unicode names ("white frowning face").
_UNSPOKEN = re.compile("[\u2639\u263a\u2714\u2718\u2605\u25b6\u25c0\ufe0f\U0001f300-\U0001faff]")
_NAME_OF_GLYPH = {card.glyph: card.name for card in make_deck()}
_SUIT_NAME = {suit.symbol: suit.name.capitalize() for suit in Suit}


def spoken_words(text: str) -> str:
    """``text`` as a screen reader should hear it: cards in words, suits named, no emoji.

    >>> spoken_words("Drew 10♥. Cannot place card from top of stack of cards left ☹️")
    'Drew Ten of Hearts. Cannot place card from top of stack of cards left'
    >>> spoken_words("♦ column: A♦ to K♦ placed ✔")
    'Diamonds column: Ace of Diamonds to King of Diamonds placed'
    """
    text = "".join(_NAME_OF_GLYPH.get(character, character) for character in text)
    text = _CARD_TEXT.sub(lambda m: card_from_text(m[0]).name, text)
    text = re.sub("[♠♥♦♣]", lambda m: _SUIT_NAME[m[0]], text)
    text = _UNSPOKEN.sub("", text)
    text = re.sub(r"\s+([.,;:!?)])", r"\1", re.sub(r"[ \t]{2,}", " ", text))
    return text.strip()


def with_static_picture(bundle: Any, title: str, table: CardTable) -> Any:
    """A game widget's output, with a static picture of its table for where no widget runs.

    GitHub, nbviewer, a PDF export, or JupyterLab before the cell is run, cannot draw the live
    widget: they show the ``text/html`` picture (or a one-line title) instead of cryptic text.
    """
    if isinstance(bundle, dict):
        bundle["text/plain"] = f"{title}\n(a live game: run the cell to play it)"
        bundle["text/html"] = table_html(
            table.piles, plain_symbols(table.status), caption=STATIC_PICTURE_CAPTION
        )
    return bundle


#: Under the static picture of a game: where no widget runs, a reader should know why the
#: cards do not answer a click.
STATIC_PICTURE_CAPTION = "A picture of the table as the cell left it: run the notebook to play."


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
        if isinstance(control, widgets.Button):
            control.layout.width = "auto"
    return widgets.HBox(list(controls), layout=widgets.Layout(flex_flow="row wrap",
                                                              align_items="center"))  # fmt: skip


# --- Static HTML -------------------------------------------------------------------------------

_SLOT_HTML = (
    '<span class="sl-card sl-slot" role="img" aria-label="{words}" style="display:inline-block;'
    "box-sizing:border-box;width:44px;height:62px;margin:2px;border:1px dashed #5f7488;"
    'border-radius:5px;{overlap}"></span>'
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
        spoken = str(c.get("focus") or c.get("spoken", ""))
        words = html.escape(spoken, quote=True)
        if c.get("slot"):
            boxes.append(_SLOT_HTML.format(overlap=overlap, words=words))
            continue
        if c.get("number"):
            covered = layout in _OVERLAP and position < len(shown) - 1
            boxes.append(_number_card_html(c, overlap, words, covered))
            continue
        card = None if not c["up"] else _card_from_view(c)
        boxes.append(card_html(card, highlight=bool(c.get("highlight")), style=overlap,
                               spoken=spoken))  # fmt: skip
    if not boxes:
        words = html.escape(str(view.get("spoken", "")), quote=True)
        boxes.append(
            f'<span role="img" aria-label="{words}" style="display:inline-block;width:44px;'
            'height:62px;margin:2px;border:1px dashed #767676;border-radius:5px"></span>'
        )
    count = f" ({len(cards)})" if layout == "squared" and cards else ""
    border = "2px solid #e6a100" if view.get("highlight") else "1px solid transparent"
    note_text = html.escape(view.get("note", ""))
    note = f'<div style="font-size:11px;color:#555">{note_text}</div>' if note_text else ""
    label = html.escape(view["label"]) + count
    if view.get("mark"):  # what the highlight means, in words (not colour alone)
        label += (' <span style="background:#5c3d00;color:#fff;border-radius:6px;padding:0 4px">'
                  f'{html.escape(view["mark"])}</span>')  # fmt: skip
    return (
        f'<div class="sl-pile" data-pile="{html.escape(view["id"])}" style="display:inline-block;'
        f'vertical-align:top;margin:4px 8px 4px 0;padding:2px;border:{border};border-radius:6px">'
        f'<div style="font:12px system-ui,sans-serif;color:#444">{label}</div>'
        f'<div style="display:flex;flex-direction:{direction};align-items:flex-start">'
        f"{''.join(boxes)}</div>{note}</div>"
    )


def _number_card_html(view: CardView, style: str, words: str = "", covered: bool = False) -> str:
    """A number card (Play Nine) as a small inline-styled box, its number in the middle, or in
    its top left corner when the next card of a fan covers the rest (``covered``)."""
    color = view.get("fg") or ("#c0142a" if view.get("red") else "#111")
    if view.get("bg"):
        style = f"background:{view['bg']};{style}"
    mark = "border:2px solid #e6a100;background:#fff7d6;" if view.get("highlight") else ""
    corner = "align-items:flex-start;justify-content:flex-start;padding:1px 4px;font:700 14px "
    middle = "align-items:center;justify-content:center;font:700 18px "
    place = corner if covered else middle
    return (
        f'<span class="sl-card sl-up" role="img" aria-label="{words}" style="display:inline-flex;'
        f"{place}system-ui,sans-serif;box-sizing:border-box;width:44px;height:62px;margin:2px;"
        "border:1px solid #999;border-radius:5px;background:#fff;"
        f'color:{color};{mark}{style}">{html.escape(view["text"])}</span>'
    )


def _card_from_view(view: CardView) -> Card:
    return card_from_text(view["text"])


def table_html(piles: Sequence[PileView], status: str = "", caption: str = "") -> str:
    """Draw a table description as static HTML (inline styles only), rows in ``row`` order,
    then the status line and a ``caption`` in italics (both on the table's own background).

    >>> picture = table_html([pile("kept", [None])], "Ready.", caption="A <picture>.")
    >>> 'aria-label="kept, 1 card, top face-down card"' in picture
    True
    >>> "<i>A &lt;picture&gt;.</i>" in picture
    True
    """
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
    caption_html = (
        '<div style="font:12px system-ui,sans-serif;color:#333;margin-top:4px">'
        f"<i>{html.escape(caption)}</i></div>"
        if caption
        else ""
    )
    return (
        '<div class="sl-table" style="background:#e9f3ea;padding:6px 8px;border-radius:8px">'
        f"{body}{status_html}{caption_html}</div>"
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
