"""Plain data: how the exercise checker turns a student's result into values it can trust.

A student's function may return anything: a list subclass whose ``__eq__`` always says yes, a
numpy array, ``3.0`` where ``3`` is due, ``1`` for ``True``, a list nested a thousand deep. The
checker never compares such objects directly. In the student's process it **encodes** the result
as JSON-ready data, looking only at exact types (``type(x) is list``, which no object can fake),
and in the notebook it **decodes** that into fresh Python values built by this module. What
cannot be encoded becomes an :class:`Unplain` marker that names its type and equals nothing.

>>> decode(encode([1, 2.0, True, "x", (None,)]))
[1, 2.0, True, 'x', (None,)]
>>> class Liar(list):
...     def __eq__(self, other):
...         return True
>>> decode(encode(Liar([1])))
<a solitaire_lib.grading.plain.Liar (a subclass of list)>
>>> same([1, 2], [1, 2.0])
False
>>> describe_difference([1, 2, 3], [1, 5, 3])
'element 1: expected 2, got 5'
"""

from __future__ import annotations

import json
import math
import unicodedata
from collections.abc import Callable
from typing import Any

from solitaire_lib.cards import FRENCH_SUITS, FRENCH_VALUES, Card, Suit

#: Containers nested deeper than this are not encoded.
MAX_DEPTH = 100
#: At most this many values (all levels together) are encoded; a larger result is refused whole.
MAX_NODES = 200_000
#: At most this many characters of text (all strings together) are encoded.
MAX_TEXT = 2_000_000
#: Characters of a marker's description sent on (a student may make a marker of their own).
MARKER_CHARACTERS = 300
#: Items of one decoded set or dict that may share a hash value; more are refused (too slow).
HASH_ALIKE_LIMIT = 32

#: Larger ints than this cross as hex text (decimal text of over 4,300 digits is refused).
_BIG_INT_BITS = 10_000
_SCALARS = (type(None), bool, int, float, str)
_CONTAINERS = (list, tuple, dict, set, frozenset)
_SET_TAGS: dict[type, str] = {set: "set", frozenset: "frozenset"}


class Unplain:
    """Stands for a value that is not plain data: it names the type and equals nothing."""

    def __init__(self, description: str) -> None:
        self.description = description

    def __eq__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return id(self)

    def __repr__(self) -> str:
        return f"<{self.description}>"


#: How a refused result is described (the start of its marker's text).
_TOO_LARGE = "a result too large to check"


class _TooLarge(Exception):
    """The value is larger than the checker takes back."""


class _Budget:
    def __init__(self) -> None:
        self.nodes = self.characters = 0


def encode(value: Any) -> Any:
    """JSON-ready data for ``value``; runs no code of the value's own (only exact types count).

    A value of more than :data:`MAX_NODES` values or :data:`MAX_TEXT` characters is refused as a
    whole, before it is copied: it becomes a marker that says so.

    >>> encode((1, [2]))
    {'t': 'tuple', 'v': [1, [2]]}
    >>> decode(encode(list(range(10**6))))
    <a result too large to check: more than 200,000 values>
    """
    try:
        return _encode(value, 0, _Budget())
    except _TooLarge as too_large:
        return {"t": "other", "d": f"{_TOO_LARGE}: {too_large}"}


def is_refused(encoded: Any) -> bool:
    """Is this what :func:`encode` made of a value too large to check?"""
    return type(encoded) is dict and str(encoded.get("d", "")).startswith(_TOO_LARGE)


def too_large_reason(value: Any) -> str | None:
    """Why ``value`` was refused as too large to check, if it is the marker of such a value.

    >>> too_large_reason(decode(encode(list(range(10**6)))))
    'more than 200,000 values'
    >>> too_large_reason(Unplain("a numpy.ndarray")) is None
    True
    """
    prefix = f"{_TOO_LARGE}: "
    if isinstance(value, Unplain) and value.description.startswith(prefix):
        return value.description[len(prefix) :]
    return None


def _encode(value: Any, depth: int, budget: _Budget) -> Any:
    budget.nodes += 1
    if budget.nodes > MAX_NODES:
        raise _TooLarge(f"more than {MAX_NODES:,} values")
    kind = type(value)
    if kind is str:
        budget.characters += len(value)
        if budget.characters > MAX_TEXT:
            raise _TooLarge(f"more than {MAX_TEXT:,} characters of text")
    if kind in _SCALARS:
        if kind is float and not math.isfinite(value):
            return {"t": "float", "v": repr(value)}
        if kind is int and value.bit_length() > _BIG_INT_BITS:
            return {"t": "bigint", "v": hex(value)}
        return value
    if kind is Card:
        return {"t": "card", "rank": value.rank, "suit": int(value.suit)}
    if kind is Unplain:  # a marker sent on (the kernel's outcomes): it stays what it says
        return {"t": "other", "d": str(value.description)[:MARKER_CHARACTERS]}
    if depth >= MAX_DEPTH and kind in _CONTAINERS:
        return {"t": "other", "d": f"a {kind.__name__} nested more than {MAX_DEPTH} deep"}
    if kind is list:
        return [_encode(item, depth + 1, budget) for item in value]
    if kind is dict:
        pairs = [
            [_encode(k, depth + 1, budget), _encode(v, depth + 1, budget)]
            for k, v in dict.items(value)
        ]
        return {"t": "dict", "v": pairs}
    if kind is tuple:
        return {"t": "tuple", "v": [_encode(item, depth + 1, budget) for item in value]}
    if kind in _SET_TAGS:  # its items in a fixed order, whatever the order of iteration
        items = [_encode(item, depth + 1, budget) for item in value]
        return {"t": _SET_TAGS[kind], "v": sorted(items, key=_order)}
    return {"t": "other", "d": _describe_type(value)}


def printable(text: str, limit: int) -> str:
    r"""Text from a student's process as a report may print it: every character that does not
    print (a line break, a terminal's escape, a character that turns text around) written as
    its escape, so that it can neither colour the report nor add a line to it, and cut to
    ``limit`` characters.

    >>> print(printable("red\x1b[31m\nall 7 cases passed ✔", 80))
    red\x1b[31m\nall 7 cases passed ✔
    >>> printable("x" * 10, 5)
    'xxxx…'
    """
    escaped = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[: limit * 2])
    return escaped if len(escaped) <= limit else escaped[: limit - 1] + "…"


def _order(encoded: Any) -> str:
    return json.dumps(encoded, sort_keys=True)


def _describe_type(value: Any) -> str:
    kind = type(value)
    name = kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__name__}"
    for base in (bool, int, float, str, list, tuple, dict, set):
        if isinstance(value, base):
            return f"a {name} (a subclass of {base.__name__})"
    return f"a {name}"


def decode(data: Any) -> Any:
    """Fresh Python values for what :func:`encode` made."""
    if isinstance(data, list):
        return [decode(item) for item in data]
    if not isinstance(data, dict):
        return data
    tag = data["t"]
    if tag == "float":
        return float(data["v"])
    if tag == "bigint":
        return int(data["v"], 16)
    if tag == "card":
        return _decode_card(data)
    if tag == "other":
        return Unplain(printable(str(data["d"]), MARKER_CHARACTERS))
    if tag == "dict":
        return _decode_dict(data["v"])
    items = [decode(item) for item in data["v"]]
    if tag == "tuple":
        return tuple(items)
    try:
        if _hash_alike(items):
            return Unplain(f"a {tag} of values that hash alike, too slow to compare")
        return set(items) if tag == "set" else frozenset(items)
    except TypeError:
        return Unplain(f"a {tag} of values that are not plain data")


def _decode_card(data: dict[str, Any]) -> Any:
    """The card a frame names, or a marker where no card has that rank and suit (a card whose
    rank the student's code set with ``object.__setattr__`` encodes, and builds nothing here).

    >>> _decode_card({"t": "card", "rank": 99, "suit": 0})
    <a card with a rank or suit no card has>
    """
    try:
        return Card(data["rank"], Suit(data["suit"]))
    except (TypeError, ValueError):
        return Unplain("a card with a rank or suit no card has")


def _decode_dict(pairs: list[list[Any]]) -> Any:
    try:
        decoded = [(decode(k), decode(v)) for k, v in pairs]
        if _hash_alike([key for key, _ in decoded]):
            return Unplain("a dict of keys that hash alike, too slow to compare")
        return dict(decoded)
    except TypeError:
        return Unplain("a dict with keys that are not plain data")


def _hash_alike(items: list[Any]) -> bool:
    """Do more than :data:`HASH_ALIKE_LIMIT` of these items share one hash value?

    A set or dict of such items takes time quadratic in their number to build and compare
    (``n + k * (2**61 - 1)`` hash alike for every ``k``). Counting the hash values is linear:
    the counts' keys are distinct hash values, and a hash value hashes to itself.

    >>> _hash_alike([2**61 - 1 + k * (2**61 - 1) for k in range(40)]), _hash_alike(list(range(40)))
    (True, False)
    """
    counts: dict[int, int] = {}
    for item in items:
        value = hash(item)
        counts[value] = counts.get(value, 0) + 1
        if counts[value] > HASH_ALIKE_LIMIT:
            return True
    return False


def count_items(value: Any, limit: int = 10**7) -> int:
    """How many values ``value`` holds, all levels together (1 for a scalar), up to ``limit``.

    >>> count_items([1, (2, 3), {"a": {4}}])
    9
    """
    count, todo = 0, [value]
    while todo and count < limit:
        item = todo.pop()
        count += 1
        kind = type(item)
        if kind in (list, tuple, set, frozenset):
            todo.extend(item)
        elif kind is dict:
            todo.extend(dict.keys(item))
            todo.extend(dict.values(item))
    return count


def plain(value: Any) -> Any:
    """A trusted copy of ``value``: the round trip through :func:`encode` and :func:`decode`."""
    return decode(encode(value))


def shared_part(value: Any) -> str:
    """Where two parts of ``value`` are one and the same list, dict or set, or ``""``.

    Plain data cannot show it, yet it matters: changing one part then changes the other.

    >>> row = [0]
    >>> shared_part({"stacks": [row, row]}), shared_part([[0], [0]])
    ("['stacks'][0] and ['stacks'][1] are the same list", '')
    """
    seen: dict[int, str] = {}
    todo: list[tuple[Any, str]] = [(value, "")]
    budget = MAX_NODES
    while todo and budget > 0:
        item, path = todo.pop()
        budget -= 1
        kind = type(item)
        if kind not in (list, dict, set):
            if kind is tuple:
                todo += [(v, f"{path}[{i}]") for i, v in reversed(list(enumerate(item[:budget])))]
            continue
        if id(item) in seen:
            first, second = sorted([seen[id(item)], path])
            return f"{first or 'the result'} and {second} are the same {kind.__name__}"
        seen[id(item)] = path
        if kind is list:
            todo += [(v, f"{path}[{i}]") for i, v in reversed(list(enumerate(item[:budget])))]
        elif kind is dict and len(item) <= budget:
            todo += [(v, f"{path}[{k!r}]") for k, v in reversed(list(dict.items(item)))]
    return ""


# --- Comparing ----------------------------------------------------------------------------------


def same(a: Any, b: Any) -> bool:
    """Equal, with exact types at every level: ``1`` is not ``1.0`` nor ``True``, a dict's
    keys and a set's members (inside frozensets too) included.

    >>> same({"a": (1, [2])}, {"a": (1, [2])}), same((1,), [1]), same(True, 1)
    (True, False, False)
    >>> same({1: "x"}, {1.0: "x"}), same({frozenset({0, 1})}, {frozenset({False, True})})
    (False, False)
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        keys = {_key(k): k for k in b}  # by exact type: {1: 'x'} is not {1.0: 'x'} nor {True: 'x'}
        return len(a) == len(b) and all(
            _key(k) in keys and same(v, b[keys[_key(k)]]) for k, v in a.items()
        )
    if isinstance(a, (set, frozenset)):
        return {_key(x) for x in a} == {_key(y) for y in b}
    return bool(a == b)


def same_but_for_types(a: Any, b: Any) -> bool:
    """Equal once a tuple counts as a list and a number by its value: whatever differs, if
    anything, is a type (which the report names), not a value.

    >>> same_but_for_types(([4], []), [[4], []]), same_but_for_types([1, 2], (1, 2.0))
    (True, True)
    >>> same_but_for_types([1, 2], [2, 1]), same_but_for_types({1: (2,)}, {1: [2]})
    (False, True)
    """
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(map(same_but_for_types, a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_but_for_types(a[k], b[k]) for k in a)
    try:
        return bool(a == b)
    except Exception:  # a value whose comparison raises (an array) is not equal here
        return False


def _key(value: Any) -> Any:
    """A hashable key that keeps the type, inside tuples and frozensets too, so that ``{1}``
    and ``{True}`` differ, and ``{frozenset({1})}`` and ``{frozenset({1.0})}``."""
    if isinstance(value, tuple):
        return (tuple, tuple(_key(v) for v in value))
    if isinstance(value, frozenset):
        return (frozenset, frozenset(_key(v) for v in value))
    return (type(value), value)


# --- Showing ------------------------------------------------------------------------------------

_FRENCH_RANKS = {value: rank for rank, value in FRENCH_VALUES.items()}
_FRENCH_SUITS = {letter: suit for suit, letter in FRENCH_SUITS.items()}


def french_card(value: Any) -> Card | None:
    """The card that an alliances dict such as ``{'valeur': 7, 'couleur': 'P'}`` stands for.

    Only exact, well-formed dicts count (``'7'`` or ``7.0`` for 7 do not), so that the short form
    never hides a difference.

    >>> french_card({"valeur": "D", "couleur": "C"}), french_card({"valeur": "7", "couleur": "C"})
    (Card(rank=12, suit=<Suit.HEARTS: 0>), None)
    """
    if type(value) is not dict or value.keys() != {"valeur", "couleur"}:
        return None
    valeur, couleur = value["valeur"], value["couleur"]
    if type(valeur) not in (int, str) or type(couleur) is not str:
        return None
    if valeur not in _FRENCH_RANKS or couleur not in _FRENCH_SUITS:
        return None
    return Card(_FRENCH_RANKS[valeur], _FRENCH_SUITS[couleur])


class _Cut(Exception):
    """The text being shown has reached its limit."""


class _Text:
    """Pieces of text that stop growing at ``limit`` characters."""

    def __init__(self, limit: int | None) -> None:
        self.limit, self.size = limit, 0
        self.pieces: list[str] = []

    def add(self, piece: str) -> None:
        self.pieces.append(piece)
        self.size += len(piece)
        if self.limit is not None and self.size > self.limit:
            raise _Cut


def show(value: Any, limit: int | None = None) -> str:
    """The value in full, cards in their short form (``7♣``, ``10♦``), exact otherwise.

    Two different plain values never show the same: a float keeps its ``.0``, a str its quotes.
    With a ``limit``, the text stops there, with ``…`` (a huge value is never written out whole).

    >>> show([Card(10, Suit.DIAMONDS), {"valeur": 7, "couleur": "T"}, "7♣", 3.0, (1,)])
    "[10♦, 7♣, '7♣', 3.0, (1,)]"
    >>> show(list(range(10**6)), limit=12)
    '[0, 1, 2, 3…'
    """
    text = _Text(limit)
    try:
        _write(value, text)
    except _Cut:
        assert limit is not None
        return "".join(text.pieces)[: limit - 1] + "…"
    return "".join(text.pieces)


def _write_all(values: Any, text: _Text) -> None:
    for index, item in enumerate(values):
        if index:
            text.add(", ")
        _write(item, text)


def _write(value: Any, text: _Text) -> None:
    card = value if isinstance(value, Card) else french_card(value)
    if card is not None:
        text.add(str(card))
    elif type(value) is list:
        text.add("[")
        _write_all(value, text)
        text.add("]")
    elif type(value) is tuple:
        text.add("(")
        _write_all(value, text)
        text.add(",)" if len(value) == 1 else ")")
    elif type(value) is dict:
        text.add("{")
        for index, (key, item) in enumerate(value.items()):
            text.add(", " if index else "")
            _write(key, text)
            text.add(": ")
            _write(item, text)
        text.add("}")
    elif type(value) in (set, frozenset):
        if not value:
            text.add(f"{type(value).__name__}()")
            return
        text.add("{" if type(value) is set else "frozenset({")
        _write_all(_sorted(value), text)
        text.add("}" if type(value) is set else "})")
    elif type(value) is int and value.bit_length() > _BIG_INT_BITS:
        text.add(f"<an int of {len(hex(abs(value))) - 2} hex digits: {hex(value)[:20]}…>")
    elif type(value) is str and text.limit is not None and len(value) > text.limit:
        text.add(repr(value[: text.limit]))  # enough to reach the limit, never the whole text
    else:
        text.add(repr(value))


def _sorted(values: Any) -> list[Any]:
    """Numbers in numeric order, anything else by its text."""
    if all(type(v) in (int, float) for v in values):
        return sorted(values)
    return sorted(values, key=show)


def type_name(value: Any) -> str:
    """``'an int'``, ``'a list'``, ``'None'``, or what an :class:`Unplain` stands for."""
    if value is None:
        return "None"
    if isinstance(value, Unplain):
        return value.description
    name = type(value).__name__
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


#: Where an expected printed text has words of the student's own (05's message after an answer
#: ``int()`` cannot read), the reference prints this instead, on the rest of the line.
OWN_WORDS = "(a message of your own)"


def own_words_aligned(expected: str, got: str) -> str:
    """``got`` with the rest of each line that holds words of the student's own where
    ``expected`` has :data:`OWN_WORDS` written as they are, line by line up to the first line that
    differs otherwise: the difference shown is then the first real one, not the student's valid
    words (held-out set 15b, play_invalid_uses_round: the report pointed at "That is not a
    number." while the game went on with the wrong question). Words that begin as the expected
    text's own words do ("Round", "Move", "0:": the game's output where a message is due) are
    not taken for the student's. ``got`` as it was where nothing else differs.

    >>> due = "Move from row no.:(a message of your own)\\nRound 1 out of 6: Move from\\n"
    >>> own_words_aligned(due, "Move from row no.:Not a number!\\nRound 1 out of 6: Move to\\n")
    'Move from row no.:(a message of your own)\\nRound 1 out of 6: Move to\\n'
    >>> own_words_aligned(due, "Move from row no.:\\nRound 1 out of 6: Move to\\n")  # no words
    'Move from row no.:\\nRound 1 out of 6: Move to\\n'
    >>> own_words_aligned(due, "Move from row no.:Not a number!\\nRound 1 out of 6: Move from\\n")
    'Move from row no.:Not a number!\\nRound 1 out of 6: Move from\\n'
    >>> own_words_aligned(due, "Move from row no.:Round 1 out of 6: Move to\\n")  # no message
    'Move from row no.:Round 1 out of 6: Move to\\n'
    """
    want, have = expected.split("\n"), got.split("\n")
    expected_words = set(expected.replace(OWN_WORDS, " ").split())
    aligned = list(have)
    for number, (a, b) in enumerate(zip(want, have, strict=False)):
        lead = a.removesuffix(OWN_WORDS)
        if a == b:
            continue
        words = b[len(lead) :].split() if lead != a and b.startswith(lead) else []
        if not words or words[0] in expected_words:
            break
        aligned[number] = a
    text = "\n".join(aligned)
    return got if text == expected else text


def describe_difference(expected: Any, got: Any, where: str = "", items: str = "elements") -> str:
    """Where ``got`` first differs from ``expected``, precisely, in one line.

    >>> describe_difference([[1], [2, 3]], [[1], [2]])
    'element 1: expected 2 elements, got 1 (missing: 3)'
    >>> describe_difference((1, 2), [1, 2])
    'expected a tuple, got a list, [1, 2]'
    >>> describe_difference("ab\\ncd", "ab\\nce")
    "line 2: expected 'cd', got 'ce'"

    A text of one line is not told in lines, even where the other has a newline:

    >>> describe_difference({"couleur": "K"}, {"couleur": "K\\n"})
    "key 'couleur': expected 'K', got 'K\\\\n'; a final newline is not expected"

    ``items`` is what a statement calls the elements of the value itself (not of the values
    inside it), for a list of another length:

    >>> describe_difference([1, 2, 3], [1, 2], items="states shown")
    'expected 3 states shown, got 2 (missing: 3)'
    """
    prefix = f"{where}: " if where else ""
    if type(expected) is not type(got):
        return f"{prefix}expected {type_name(expected)}, got {_typed(got)}"
    if french_card(expected) is not None and french_card(got) is not None:
        return f"{prefix}expected {show(expected, 300)}, got {show(got, 300)}"
    if isinstance(expected, (list, tuple)):
        found = _sequence_difference(expected, got, where, items)
        if found:
            return found
    for kinds, describe in _DESCRIBERS:
        if isinstance(expected, kinds):
            found = describe(expected, got, where)
            if found:
                return found
    return f"{prefix}expected {show(expected, 300)}, got {show(got, 300)}"


def _typed(value: Any) -> str:
    if value is None or isinstance(value, Unplain):
        return type_name(value)
    text = show(value, 81)
    return f"{type_name(value)}, {text}" if len(text) <= 80 else type_name(value)


def _sequence_difference(expected: Any, got: Any, where: str, items: str = "elements") -> str:
    pairs = zip(expected, got, strict=False)
    first = next((i for i, (a, b) in enumerate(pairs) if not same(a, b)), None)
    if len(expected) == len(got):
        if first is None:
            return ""
        inner = f"{where}, element {first}" if where else f"element {first}"
        return describe_difference(expected[first], got[first], inner)
    prefix = f"{where}: " if where else ""
    text = f"{prefix}expected {len(expected)} {items}, got {len(got)}"
    if first is None:  # one is the other with more at the end
        if len(got) < len(expected):
            return text + f" (missing: {', '.join(show(v, 200) for v in expected[len(got) :][:3])})"
        return text + f" (extra: {', '.join(show(v, 200) for v in got[len(expected) :][:3])})"
    if len(got) < len(expected) and same(list(expected[len(expected) - len(got) :]), list(got)):
        start = expected[: len(expected) - len(got)][:3]
        return text + f" (missing at the start: {', '.join(show(v, 200) for v in start)})"
    return (
        f"{text}; the first difference is element {first}: expected "
        f"{show(expected[first], 200)}, got {show(got[first], 200)}"
    )


def _dict_difference(expected: dict[Any, Any], got: dict[Any, Any], where: str) -> str:
    prefix = f"{where}: " if where else ""
    missing = [k for k in expected if k not in got]
    extra = [k for k in got if k not in expected]
    if missing:
        return f"{prefix}the key {show(missing[0])} is missing"
    if extra:
        return f"{prefix}the key {show(extra[0])} was not expected"
    for key in expected:
        if not same(expected[key], got[key]):
            inner = f"{where}, key {show(key)}" if where else f"key {show(key)}"
            return describe_difference(expected[key], got[key], inner)
    return ""


def _set_difference(expected: Any, got: Any, where: str) -> str:
    """The elements missing and those not expected, each in order of value where they compare
    (10 after 9), and how many more past the first five.

    >>> _set_difference({9, 10, 2}, {1, 2}, "")
    'missing 9, 10; not expected 1'
    >>> _set_difference(set(range(12)), set(), "placed")
    'placed: missing 0, 1, 2, 3, 4 and 7 more'
    >>> _set_difference({1, "a"}, set(), "")
    "missing 'a', 1"
    """
    prefix = f"{where}: " if where else ""
    missing = [v for v in expected if v not in got]
    extra = [v for v in got if v not in expected]
    parts = [f"missing {first_few(missing)}"] * bool(missing)
    parts += [f"not expected {first_few(extra)}"] * bool(extra)
    return prefix + "; ".join(parts) if parts else ""


def first_few(values: list[Any], few: int = 5) -> str:
    """The first values in order of value, and how many more there are.

    >>> first_few([12, 10, 2, 1, 0, 11, 3])
    '0, 1, 2, 3, 10 and 2 more'
    >>> first_few([10, 2])
    '2, 10'
    """
    shown = ", ".join(show(value, 200) for value in in_order(values)[:few])
    return f"{shown} and {len(values) - few} more" if len(values) > few else shown


def in_order(values: list[Any]) -> list[Any]:
    """The values sorted by value where they compare (numbers as numbers), else by how they are
    shown.

    >>> in_order([10, 2, 1])
    [1, 2, 10]
    >>> in_order([10, "2", None])
    ['2', 10, None]
    """
    try:
        return sorted(values)
    except Exception:  # values that do not compare (an int and a text): by their text
        return sorted(values, key=lambda value: show(value, 200))


def _text_difference(expected: str, got: str, where: str) -> str:
    """Where two texts part: the first line that differs, and the character where it does.

    >>> _text_difference("Fourth card, after", "Fourth card after", "")
    "from character 11: expected ', after', got ' after'"
    >>> print(_text_difference("🂡\\ufe0f", "🂡", ""))  # doctest: +NORMALIZE_WHITESPACE
    from character 1: expected '\\ufe0f', got nothing
    (U+FE0F, VARIATION SELECTOR-16, prints as nothing)

    A line printed after the expected text's last line is not expected (rather than "expected
    ''", the nothing after the final newline):

    >>> _text_difference("Sur 1 :\\n  min : 9\\n", "Sur 1 :\\n  min : 9\\n  écart : 0.00\\n", "")
    "expected 2 lines, got 3; line 3, '  écart : 0.00', is not expected"
    """
    prefix = f"{where}: " if where else ""
    if "\n" in expected:  # a text of lines; a one-line text (a suit, a name) is shown whole
        want, have = expected.split("\n"), got.split("\n")
        for number, (a, b) in enumerate(zip(want, have, strict=False), start=1):
            if a != b and number == len(want) and a == "":  # printed on after the expected end
                printed = len(have) - (have[-1] == "")
                rest = _lines_at_the_end(want if have[-1] == "" else want[:-1], have)
                return f"{prefix}expected {len(want) - 1} lines, got {printed}{rest}"
            if a != b:
                line = f"{prefix}line {number}: expected {show(a, 200)}, got {show(b, 200)}"
                parting = _parting(a, b)
                return f"{line}; {parting}" if parting else line
        return prefix + _line_counts(want, have)
    if got == expected + "\n":
        shown = f"expected {show(expected, 200)}, got {show(got, 200)}"
        return f"{prefix}{shown}; a final newline is not expected"
    parting = _parting(expected, got, always=len(expected) + len(got) > 160)
    if not parting or not where:  # the texts themselves are shown above the difference
        return parting
    return f"{prefix}expected {show(expected, 200)}, got {show(got, 200)}; {parting}"


def _line_counts(want: list[str], have: list[str]) -> str:
    """How many lines each text has (the nothing after a final newline is no line), then what
    one has after all the lines of the other; only that, where the counts are the same.

    >>> _line_counts(["Sevens", "", ""], ["Sevens", ""])  # 'Sevens\\n\\n' and 'Sevens\\n'
    'expected 2 lines, got 1; line 2, an empty line, is missing'
    >>> _line_counts(["a", "b", ""], ["a", "b"])  # 'a\\nb\\n' and 'a\\nb'
    'a final newline is missing'
    >>> _line_counts(["a"], ["a", "b"])
    "expected 1 line, got 2; line 2, 'b', is not expected"
    """
    wanted, had = (len(lines) - (lines[-1:] == [""]) for lines in (want, have))
    at_the_end = _lines_at_the_end(want, have)
    if wanted == had:
        return at_the_end.removeprefix("; ")
    return f"expected {wanted} line{'s' * (wanted != 1)}, got {had}{at_the_end}"


def _lines_at_the_end(want: list[str], have: list[str]) -> str:
    """What one text has after all the lines of the other (``want`` and ``have`` agree up to
    there): the lines missing or not expected, an empty one named as such.

    >>> _lines_at_the_end(["menu", "", ""], ["menu", "", "", ""])  # printed 'menu\\n\\n\\n'
    '; line 3, an empty line, is not expected'
    >>> _lines_at_the_end(["a", "b", "c"], ["a"])
    "; lines 2 to 3, 'b', 'c', are missing"
    >>> _lines_at_the_end(["a"], ["a", ""])
    '; a final newline is not expected'
    """
    both_end_a_line = want[-1:] == have[-1:] == [""]
    if both_end_a_line:  # count the lines printed, not the nothing after the last newline
        want, have = want[:-1], have[:-1]
    longer, word = (have, "not expected") if len(have) > len(want) else (want, "missing")
    first, rest = min(len(want), len(have)) + 1, longer[min(len(want), len(have)) :]
    if rest == [""] and not both_end_a_line:  # only one of them ends with a newline
        return f"; a final newline is {word}"
    shown = ", ".join("an empty line" if not line else show(line, 80) for line in rest[:3])
    more = f" and {len(rest) - 3} more" if len(rest) > 3 else ""
    if len(rest) == 1:
        return f"; line {first}, {shown}, is {word}"
    return f"; lines {first} to {first + len(rest) - 1}, {shown}{more}, are {word}"


#: How far on from the first difference a text is quoted.
_QUOTED = 20
#: Texts this short are read whole: where they part goes without saying.
_SHORT = 12


def _parting(expected: str, got: str, always: bool = False) -> str:
    """The first character where two texts differ, quoted from there, with every invisible
    character in the quotes named; ``''`` when that says no more than the texts shown whole
    (they differ from their first character or are short, and nothing invisible differs).

    >>> _parting("First card", "Second card")
    ''
    >>> _parting("       ", "       There are 7 lines")
    "from character 7: expected nothing, got 'There are 7 lines'"
    """
    index = next(
        (i for i, (a, b) in enumerate(zip(expected, got, strict=False)) if a != b),
        min(len(expected), len(got)),
    )
    want, have = expected[index : index + _QUOTED], got[index : index + _QUOTED]
    invisible = sorted({c for c in want + have if _invisible(c)})
    short = max(len(expected), len(got)) <= _SHORT
    if (index == 0 or short) and not invisible and not always:
        return ""

    def quoted(text: str, rest: str) -> str:
        return _escaped(text) + ("…" if rest[len(text) :] else "") if text else "nothing"

    names = ", ".join(f"U+{ord(c):04X}, {unicodedata.name(c, 'unnamed')}" for c in invisible)
    return (
        f"from character {index}: expected {quoted(want, expected[index:])}, "
        f"got {quoted(have, got[index:])}" + (f" ({names}, prints as nothing)" if names else "")
    )


def _escaped(text: str) -> str:
    """``repr(text)``, with each invisible character written as its code.

    >>> print(_escaped("🂡\\ufe0f"))
    '🂡\\ufe0f'
    """
    inner = "".join(_escaped_character(c) for c in text)
    return f"'{inner}'"


def _escaped_character(character: str) -> str:
    if _invisible(character):
        return f"\\u{ord(character):04x}"
    return repr(character)[1:-1].replace("'", "\\'")


def _invisible(character: str) -> bool:
    """Does the character print as nothing (a format character, a combining mark, a variation
    selector, a space other than ' ')?

    >>> [_invisible(c) for c in ("\\ufe0f", "\\u200b", "\\xa0", " ", "a", "🂡")]
    [True, True, True, False, False, False]
    """
    kind = unicodedata.category(character)
    return character != " " and (kind in ("Cf", "Mn", "Me", "Zs"))


#: How each other kind of value is told apart (a list or a tuple: :func:`_sequence_difference`).
_DESCRIBERS: list[tuple[Any, Callable[[Any, Any, str], str]]] = [
    (dict, _dict_difference),
    ((set, frozenset), _set_difference),
    (str, _text_difference),
]
