"""The checks behind ``exercises/03_alliances.ipynb``: every function of §4 and §5, in French.

The text's own examples come first. The course asks for a docstring on every function, so every
task here needs one. Functions that change their arguments by design, print,
write files or draw at random are checked through an adapter: the lists as the function left
them, the file read back, or (for random results) the same ``random.seed`` given to the student's
function and to the reference, so that the results must be equal, deal for deal. The mistakes
students make are in ``tests/mistakes/alliances.py``.

>>> from solitaire_lib.alliances.exercises import check
>>> def alliance(carte1, carte2):
...     return carte1['couleur'] == carte2['couleur']
>>> check.run(alliance).ok
False
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import functools
import inspect
import io
import os
import random
import re
import shutil
import stat
import tempfile
import types
import zlib
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from solitaire_lib.alliances import course
from solitaire_lib.alliances.course import init_pioche_ordonnee
from solitaire_lib.grading.checks import (
    Case,
    Checker,
    HelperReference,
    Hint,
    ReturnedWhatItWasGiven,
    Task,
    got_what,
    plain,
    returning_new_objects,
    show,
)
from solitaire_lib.grading.isolation import CheckFinding, fed_input

_RNG_SEED = 204
Function = Callable[..., Any]
Carte = dict[str, Any]


def carte(token: str) -> Carte:
    """``carte('7-P')`` is ``{'valeur': 7, 'couleur': 'P'}``."""
    valeur, couleur = token.split("-")
    return {"valeur": int(valeur) if valeur.isdigit() else valeur, "couleur": couleur}


def cartes(tokens: str) -> list[Carte]:
    return [carte(token) for token in tokens.split()]


#: The text's example of §2: seven piles, then the 7♣ makes eight and three are left.
CASCADE = (cartes("9-T V-K 10-C A-P V-T D-T D-P"), cartes("7-T"))


def _decks(count: int, sizes: tuple[int, ...] = (32, 52)) -> list[list[Carte]]:
    rng = random.Random(_RNG_SEED)
    decks = []
    for i in range(count):
        deck = init_pioche_ordonnee(sizes[i % len(sizes)])
        rng.shuffle(deck)
        decks.append(deck)
    return decks


def _states(count: int) -> list[list[Carte]]:
    """Rows of visible cards laid without jumps (so that some jumps are possible)."""
    rng = random.Random(_RNG_SEED + 1)
    return [deck[: rng.randrange(3, len(deck))] for deck in _decks(count)]


# --- Adapters -------------------------------------------------------------------------------------


#: What the file holds before a deck is written to it: the file is written over.
_FORMER_DECK = "A-C 2-C 3-C\n"


_STILL_THERE = "the file still starts with what it held before: the deck was added after it"


#: At most this many bytes of the file written are read back (a 52-card deck takes under 300).
_READ_BACK_LIMIT = 64 * 1024

#: Why there are no bytes to read back, as the adapter says it (a tag), and as the report does.
_NO_BYTES = {
    "unreadable": "the file cannot be read back by init_pioche_fichier",
    "link": "the file is a symbolic link: write the file itself",
    "not regular": "the file is not a regular file (a deck file is plain text)",
    "too large": f"the file is too large (over {_READ_BACK_LIMIT:,} bytes; a deck takes under 300)",
}


def _file_bytes(path: str) -> tuple[str, str]:
    """The bytes of the file the student's function wrote, as ``("bytes", hex)``, or
    ``("no bytes", tag)`` (a key of :data:`_NO_BYTES`). It runs in the student's worker, so it
    reads at most :data:`_READ_BACK_LIMIT` bytes, without following a link or waiting on a FIFO,
    and only from a regular file; the bytes are read as a deck in the judging process
    (:func:`_deck_read_back`), where the student's code cannot replace the reader.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = Path(folder, "d.txt").write_bytes(b"A-C")
    ...     _file_bytes(str(Path(folder, "d.txt"))), _file_bytes(folder)
    (('bytes', '412d43'), ('no bytes', 'not regular'))
    """
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:  # O_NOFOLLOW refuses a link with ELOOP
        return "no bytes", "link" if error.errno == errno.ELOOP else "unreadable"
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            return "no bytes", "not regular"
        if status.st_size > _READ_BACK_LIMIT:
            return "no bytes", "too large"
        data = os.read(descriptor, _READ_BACK_LIMIT + 1)
    except OSError:
        return "no bytes", "unreadable"
    finally:
        os.close(descriptor)
    if len(data) > _READ_BACK_LIMIT:
        return "no bytes", "too large"
    return "bytes", data.hex()


def _deck_of(data: bytes) -> list[Carte] | str:
    """The deck that :func:`course.init_pioche_fichier` reads from a file of these bytes, or the
    sentence saying why it cannot: the library's reason, which names the first word that is not
    a card, with the file called "the file" (its path is new at every run).

    >>> _deck_of(b"A-C 2-X").removeprefix(_NO_BYTES["unreadable"] + ": ")
    "card 2 of the file: '2-X' has an unknown suit 'X' (C, K, P or T)"
    """
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "pioche.txt")
        Path(path).write_bytes(data)
        try:
            deck = course.init_pioche_fichier(path)
        except ValueError as error:
            if data.startswith(_FORMER_DECK.encode()):
                return _STILL_THERE
            return f"{_NO_BYTES['unreadable']}: " + str(error).replace(path, "the file")
    return deck


def _text_problem(data: bytes, deck: list[Carte]) -> str | None:
    """Why the text of a file that init_pioche_fichier reads back as ``deck`` is not the
    statement's (its layout, then its tokens), or ``None``."""
    text = data.decode("utf-8")
    return _layout_problem(text) or _token_problem(text.split(), deck)


def _token_problem(tokens: list[str], deck: list[Carte]) -> str | None:
    """The sentence naming the first token that is not written as the statement writes its card
    (``f"{valeur}-{couleur}"``), or ``None``: init_pioche_fichier reads '07-C' as 7-C too, since
    ``int('07')`` is 7, but the statement's format has no leading zero.

    >>> print(_token_problem(["A-C", "07-C"], cartes("A-C 7-C")))
    '07-C' is not how the statement writes 7♥: 7-C (the value as str() writes it, a dash, the suit)
    >>> _token_problem(["A-C", "7-C"], cartes("A-C 7-C")) is None
    True
    """
    for token, card in zip(tokens, deck, strict=True):
        written = f"{card['valeur']}-{card['couleur']}"
        if token != written:
            return (
                f"{token!r} is not how the statement writes {show(card)}: {written} "
                "(the value as str() writes it, a dash, the suit)"
            )
    return None


#: The statement's layout of a deck file, said after each way of breaking it.
_ONE_SPACE = "one space between tokens, and at most one newline after the last"


def _layout_problem(text: str) -> str | None:
    r"""Why ``text``, which init_pioche_fichier reads as a deck, is not laid out as the statement
    says (the tokens joined by single spaces, with or without one final newline), or ``None``.
    A final ``'\r\n'`` is one newline (what ``'\n'`` becomes in a file opened with 'w' on
    Windows).

    >>> _layout_problem("A-C 7-P\n") is None, _layout_problem("A-C 7-P") is None
    (True, True)
    >>> _layout_problem("A-C\n7-P\n") == f"the tokens are separated by newlines: {_ONE_SPACE}"
    True
    >>> _layout_problem("A-C 7-P \n\n").split(":")[0]
    'the file ends with white space after the last token'

    A separator other than one space is named, escaped:

    >>> print(_layout_problem("A-C  7-P").split(":")[0])
    some tokens are separated by more than one space
    >>> print(_layout_problem("A-C\u00a07-P\r2-T").split(":")[0])
    some tokens are separated by '\xa0', not one space
    """
    body = text.removesuffix("\n").removesuffix("\r") if text.endswith("\n") else text
    separators = set(re.findall(r"\s+", body.strip()))
    if text.startswith("\ufeff"):
        return "the file starts with a byte order mark (BOM): open it with encoding='utf-8'"
    if body[:1].isspace():
        problem = "the file starts with white space before the first token"
    elif body[-1:].isspace():
        problem = "the file ends with white space after the last token"
    elif any("\n" in separator for separator in separators):
        problem = "the tokens are separated by newlines"
    elif separators - {" "}:
        problem = _separator_problem(body.strip())
    else:
        return None
    return f"{problem}: {_ONE_SPACE}"


def _separator_problem(body: str) -> str:
    r"""The first separator of ``body`` that is not one space, named (escaped, as ``repr``
    writes it: ``'\t'``, ``'\xa0'``), for the report.

    >>> _separator_problem("A-C 7-P\t2-T")
    "some tokens are separated by '\\t', not one space"
    """
    separator = next(found for found in re.findall(r"\s+", body) if found != " ")
    if set(separator) == {" "}:
        return "some tokens are separated by more than one space"
    return f"some tokens are separated by {show(separator, 40)}, not one space"


def _deck_read_back(case: Case, value: Any) -> Any:
    """The verdict of ``ecrire_fichier_reussite``, in the judging process: the adapter's
    ``(returned, ("bytes", hex))`` becomes ``(returned, the deck read back, the text)``: the
    deck, or the sentence saying why there is none; and ``None``, or, where the file reads back
    but its text is not the statement's (its layout, a token written otherwise), the sentence
    saying so, so that a fault of the layout is said of the text, not of the deck. Anything
    else the worker sent raises (the check says it cannot read the answer).

    >>> _deck_read_back(Case(()), (None, ("no bytes", "too large")))[1:]
    ('the file is too large (over 65,536 bytes; a deck takes under 300)', None)
    >>> cards = init_pioche_ordonnee(32)
    >>> text_of = "\\n".join(f"{carte['valeur']}-{carte['couleur']}" for carte in cards)
    >>> _, deck, text = _deck_read_back(Case(()), (None, ("bytes", text_of.encode().hex())))
    >>> deck == cards, text.split(":")[0]
    (True, 'the tokens are separated by newlines')
    """
    returned, (kind, content) = value
    if kind == "no bytes" and content in _NO_BYTES:
        return returned, _NO_BYTES[content], None
    if kind != "bytes" or type(content) is not str or len(content) > 2 * _READ_BACK_LIMIT:
        raise ValueError("not bytes read back by the adapter")
    data = bytes.fromhex(content)
    deck = _deck_of(data)
    if isinstance(deck, str):
        return returned, deck, None
    return returned, deck, _text_problem(data, deck)


class DeckReturnedItself(ReturnedWhatItWasGiven):
    """Raised when ``meilleur_echange_consecutif`` or ``reussite_mode_auto`` returns the very list
    it was given: the statements ask for a copy of the deck, and for the piles."""


#: The adapter of ``meilleur_echange_consecutif``: its first result is a new deck.
_returns_a_new_deck = returning_new_objects(
    {
        0: "it returned the deck it was given, not a copy of it: return list(pioche), a new "
        "list, so that changing the answer does not change the caller's deck"
    },
    DeckReturnedItself,
)


def _writes_file(function: Function) -> Function:
    """Call with a file that held something else, then send back what was returned and the
    bytes of the file (:func:`_file_bytes`): the deck is read from them in the judging process
    (:func:`_deck_read_back`, the task's verdict), so that a function cannot replace the reader
    (``course.init_pioche_fichier``) in its own process and have the check read what it likes."""

    def adapted(pioche: list[Carte]) -> Any:
        with tempfile.TemporaryDirectory() as folder:
            path = str(Path(folder) / "pioche.txt")
            Path(path).write_text(_FORMER_DECK, "utf-8")
            returned = function(path, pioche)
            return returned, _file_bytes(path)

    return adapted


#: What the report calls the deck that ``_writes_file`` reads back from the file written.
_READ_BACK = "the deck read back from the file (init_pioche_fichier)"
#: What the report calls the text of the file written (:func:`_deck_read_back`).
_TEXT = "the text of the file"


def _written_over_a_file(case: Case) -> str:
    """A case of ``ecrire_fichier_reussite`` as the statement calls it, with its file argument
    described (its path is new at every run).

    >>> print(_written_over_a_file(Case((cartes("A-C 7-P"),))))
    ecrire_fichier_reussite(nom_fich, [A♥, 7♠]), nom_fich a file that held 'A-C 2-C 3-C'
    """
    held = f"nom_fich a file that held {_FORMER_DECK.strip()!r}"
    return f"ecrire_fichier_reussite(nom_fich, {show(case.args[0])}), {held}"


def _seed_for(args: tuple[Any, ...]) -> int:
    return zlib.crc32(repr(args).encode())


def _seeded(function: Function) -> Function:
    """Call with ``random.seed`` set from the arguments: the reference gets the same seed."""

    def adapted(*args: Any, **kwargs: Any) -> Any:
        random.seed(_seed_for(args))
        return function(*args, **kwargs)

    return adapted


def _rounded_shares(result: Any) -> Any:
    """A list of floats rounded to 12 places (sums may be added in any order); else as it is."""
    if type(result) is list and all(type(p) is float for p in result):
        return [round(p, 12) for p in result]
    return result


def _rounded(function: Function) -> Function:
    """The function, with the floats of the list it returns rounded (:func:`_rounded_shares`)."""

    def adapted(*args: Any) -> Any:
        return _rounded_shares(plain(function(*args)))

    return adapted


class _Dropped(io.TextIOBase):
    """A standard output that keeps nothing."""

    def write(self, text: str) -> int:
        return len(text)


class ManualLimitNotPassed(CheckFinding):
    """Raised where lance_reussite's 'manuel' mode gives reussite_mode_manuel another number of
    piles than its own nb_tas_max (held-out 13a: affiche passed in its place)."""


def _limit_given(manual: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """The second argument of a call of the student's reussite_mode_manuel (its nb_tas_max),
    its default applied; ``None`` where it cannot be told."""
    try:
        bound = inspect.signature(manual).bind(*args, **kwargs)
        bound.apply_defaults()
        values = list(bound.arguments.values())
    except (TypeError, ValueError):
        return None
    return values[1] if len(values) > 1 else None


def _printed_in_auto_mode(function: Function) -> Function:
    """What the 'manuel' mode prints (its prompts, its tables) is dropped, as it is the
    student's to choose, so that only the 'auto' mode's printed game is compared
    (``compare="both"``: the report says "printed output, line 1: ..."). The case seeds the
    generator (:func:`_seeded_call`), so that the report names the seed. In 'manuel' mode the
    number of piles that the student's reussite_mode_manuel is given, where lance_reussite calls
    it, must be its own nb_tas_max (only the message at the end shows it)."""

    def adapted(mode: str, *args: Any) -> Any:
        if mode == "auto":
            return function(mode, *args)
        found = getattr(function, "__globals__", None)
        namespace: dict[str, Any] = found if type(found) is dict else {}
        manual = namespace.get("reussite_mode_manuel")
        if type(manual) is not types.FunctionType:
            with contextlib.redirect_stdout(_Dropped()):
                return function(mode, *args)
        given: list[Any] = []

        def spy(*call_args: Any, **call_kwargs: Any) -> Any:
            given.append(_limit_given(manual, call_args, call_kwargs))
            return manual(*call_args, **call_kwargs)

        namespace["reussite_mode_manuel"] = spy
        try:
            with contextlib.redirect_stdout(_Dropped()):
                result = function(mode, *args)
        finally:
            if namespace.get("reussite_mode_manuel") is spy:
                namespace["reussite_mode_manuel"] = manual
        wanted = args[2] if len(args) > 2 else 2
        if given and given[0] is not None and (given[0] != wanted or type(given[0]) is bool):
            raise ManualLimitNotPassed(
                f"it called reussite_mode_manuel(pioche, {given[0]!r}) where nb_tas_max is "
                f"{wanted!r}: in mode 'manuel' give it nb_tas_max, the number of piles that wins"
            )
        return result

    return adapted


def _plot_seen(function: Function) -> Function:
    """Run a plotting function (Agg backend): was plt.show() called, and what points were drawn."""

    def adapted(nb_sim: int, nb_cartes: int = 32) -> Any:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        plt.close("all")
        shown: list[Any] = []
        real_show = plt.show
        plt.show = lambda *args, **kwargs: shown.append(plt.gcf())
        try:
            returned = _seeded(function)(nb_sim, nb_cartes)
        finally:
            plt.show = real_show
        figure = shown[-1] if shown else plt.gcf()
        lines = [
            [(float(x), round(float(y), 12)) for x, y in zip(*line.get_data(), strict=True)]
            for axes in figure.axes
            for line in axes.lines
        ]
        labelled = all(axes.get_xlabel() and axes.get_ylabel() for axes in figure.axes)
        return {
            "plt.show() called": bool(shown),
            "points drawn": lines,
            "axes labelled": bool(figure.axes) and labelled,
            "returned": returned,
        }

    return adapted


# --- Cases ----------------------------------------------------------------------------------------


@functools.cache
def _deck_folder() -> Path:
    """The folder of the deck files of the cases, one for the process, removed as it ends."""
    folder = Path(tempfile.mkdtemp(prefix="alliances-"))
    atexit.register(_remove_when_ending, os.getpid(), folder)
    return folder


def _deck_file(deck: list[Carte], ending: str = "") -> str:
    """The path of a file that holds ``deck`` (then ``ending``: a final newline, as most text
    files have), named after what it holds (so that the same deck, drawn again from the same
    seed, is the same case)."""
    text = " ".join(f"{c['valeur']}-{c['couleur']}" for c in deck) + ending
    path = _deck_folder() / f"deck-{zlib.crc32(text.encode()):08x}.txt"
    path.write_text(text, "utf-8")
    return str(path)


def _file_cases() -> list[Case]:
    """Deck files, half of them ending with a newline (which is not part of the last card)."""
    return [Case((_deck_file(deck, "\n" * (i % 2)),)) for i, deck in enumerate(_decks(6))]


def _remove_when_ending(owner: int, folder: Path) -> None:
    """Remove the deck files' ``folder`` as the process that made it ends (a forked child, which
    inherits this hook, leaves it to its parent)."""
    if os.getpid() == owner:
        shutil.rmtree(folder, ignore_errors=True)


def _verifier_cases() -> list[Case]:
    deck32, deck52 = _decks(2)
    with_2 = [*deck32[:-1], carte("2-P")]
    as_text = [
        *deck32[:-1],
        {"valeur": str(deck32[-1]["valeur"]), "couleur": deck32[-1]["couleur"]},
    ]
    numbered = next(i for i, c in enumerate(deck32) if type(c["valeur"]) is int)
    as_float = [dict(c) for c in deck32]
    value = as_float[numbered]["valeur"]
    as_float[numbered]["valeur"] = float(value)
    float_label = f"a value that is a float ({float(value)} is not the value {value})"
    return [
        Case((deck32,)),
        Case((deck52, 52)),
        Case((deck32, 52)),
        Case((deck52,)),
        Case((deck32[:-1],)),
        Case((deck32[:-1] + deck32[:1],)),
        Case(([],)),
        Case(([*deck52[:-1], {"valeur": "R", "couleur": "X"}], 52)),
        Case((with_2,)),
        Case((as_text,)),
        Case((deck32 + deck32[:1],)),
        # Anything malformed gives False: a card of another type, a card with a key too many or
        # one missing, a deck that is not a list of cards.
        Case(([*deck32[:-1], "7-P"],), label="a card that is a text"),
        Case(([*deck32[:-1], (deck32[-1]["valeur"], deck32[-1]["couleur"])],)),
        Case(([*deck32[:-1], {**deck32[-1], "face": "visible"}],), label="a key too many"),
        Case(([*deck32[:-1], {"valeur": deck32[-1]["valeur"]}],)),
        Case((as_float,), label=float_label),
        Case((tuple(deck32),), label="a tuple, not a list"),
        Case((" ".join(f"{c['valeur']}-{c['couleur']}" for c in deck32),)),
        Case((None,)),
        Case(([deck32],)),
    ]


def _pairs() -> list[Case]:
    rng = random.Random(_RNG_SEED)
    deck = init_pioche_ordonnee(52)
    examples = [
        Case((carte("7-P"), carte("7-C")), label="the text's first example"),
        Case((carte("7-P"), carte("8-C")), label="the text's second example"),
    ]
    return examples + [Case((rng.choice(deck), rng.choice(deck))) for _ in range(60)]


def _jump_cases() -> list[Case]:
    rng = random.Random(_RNG_SEED)
    cases = [
        Case((cartes("8-C 7-K R-C"), 1)),
        Case((cartes("8-C 7-K R-C"), 0)),
        Case((cartes("8-C 7-K R-C"), 2)),
        Case((cartes("8-C 7-K 2-P"), 1)),
        # Pile 0 has no left neighbour: liste_tas[-1] is the last pile, allied here.
        Case((cartes("8-C 7-K 9-K"), 0), label="pile 0, whose wrapped neighbours are allied"),
        Case((cartes("9-K 8-C 7-C"), 2), label="the last pile"),
        # The last pile has no right neighbour: liste_tas[0] is the first pile, allied here.
        Case(
            (cartes("8-C 7-C 2-P"), 2), label="the last pile, whose wrapped neighbours are allied"
        ),
    ]
    for state in _states(30):
        cases += [Case((state, rng.randrange(-1, len(state) + 1))) for _ in range(2)]
        jumps = [i for i in range(1, len(state) - 1) if course.alliance(state[i - 1], state[i + 1])]
        cases += [Case((state, i)) for i in jumps[:2]]
    return cases


def _step_cases() -> list[Case]:
    rng = random.Random(_RNG_SEED)
    piles, pioche = CASCADE
    cases = [
        Case((piles, pioche), {"affiche": True}, label="the text's 7♣ example"),
        _no_cascade_case(cartes("7-P 8-C 9-P"), cartes("2-K")),
        Case(
            (cartes("R-K 7-P 8-C 9-P"), cartes("2-C")),
            label="the pile before the new card, 9♠, jumps first, though 8♥ could jump too",
        ),
        Case((cartes("8-C 7-K"), cartes("R-C 2-P")), {"affiche": True}),
        # The first two steps of every game: no pile yet, then one pile (pile 0 never jumps).
        Case(([], cartes("7-P 8-C")), label="the first step of a game: no pile yet"),
        Case(
            (cartes("8-C"), cartes("7-C 9-P")),
            {"affiche": True},
            label="the second step of a game: one pile, which cannot jump",
        ),
    ]
    for deck in _decks(20):
        cut = rng.randrange(0, len(deck) - 1)
        played = course.reussite_mode_auto(deck[:cut])
        cases.append(Case((played, deck[cut:]), {"affiche": bool(rng.getrandbits(1))}))
    return cases


def _no_cascade_case(liste_tas: list[Carte], pioche: list[Carte]) -> Case:
    """The step on piles where the pile before the new card cannot jump, though another can:
    no cascade. Its label names the cards, from the case itself.

    >>> _no_cascade_case(cartes("7-P 8-C 9-P"), cartes("2-K")).label
    'the pile before the new card, 9♠, cannot jump, so no cascade, although 8♥ could'
    """
    laid = [*liste_tas, pioche[0]]
    could = [i for i in range(1, len(laid) - 1) if course.alliance(laid[i - 1], laid[i + 1])]
    if not could or len(laid) - 2 in could:
        raise ValueError("a case with no cascade: the pile before the new card cannot jump")
    before, other = show(laid[-2]), show(laid[could[0]])
    label = (
        f"the pile before the new card, {before}, cannot jump, so no cascade, although {other} "
        "could"
    )
    return Case((liste_tas, pioche), label=label)


#: The label of the game on an empty deck.
_EMPTY_DECK = "an empty deck: no card to lay"


def _empty_deck_not_ended(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``reussite_mode_auto``: on the empty deck, the call raised IndexError (a
    card taken from it) or returned something else than no piles.

    >>> empty = Case(([],), label=_EMPTY_DECK)
    >>> _empty_deck_not_ended(empty, ([], ""), "IndexError: pop from empty list")
    True
    >>> _empty_deck_not_ended(empty, ([], ""), ([], "\\n"))
    False
    """
    if case.label != _EMPTY_DECK:
        return False
    if isinstance(got, str):
        return got.startswith("IndexError")
    return type(got) is tuple and got[0] != expected[0]


def _auto_cases() -> list[Case]:
    piles, pioche = CASCADE
    example = Case((piles + pioche,), {"affiche": True}, label="the text's 7♣ example")
    empty = Case(([],), label=_EMPTY_DECK)
    games = [Case((deck,), {"affiche": i % 3 == 0}) for i, deck in enumerate(_decks(9))]
    return [example, empty, *games]


#: The label of a case that asks for a jump the rules forbid.
_FORBIDDEN = "a jump the rules forbid"
#: The labels of the cases where 's 1' and 's 0' name no pile that can jump.
_PILE_1 = "'s 1': pile 1 has no left neighbour"
_PILE_0 = "'s 0': there is no pile 0"
#: The label of a case whose commands are not p, s N or q.
_UNKNOWN = "commands that are not p, s N or q"
#: The label of a deck too short for a swap.
_NO_PAIR = "fewer than 2 cards: no swap to make"
#: The label of a case that types 'p' on an empty deck while a jump remains.
_P_ON_EMPTY = "the last jump, after 'p' on an empty deck"
#: The label of a case that types a command starting as 'p' does while cards remain.
_P_AND_MORE = "'p 2' typed while the deck holds cards"


def _manual_cases() -> list[Case]:
    cases = [Case((deck,), stdin="q\n") for deck in _decks(2)]
    small = cartes("8-C 7-K R-C 2-P")
    cases.append(Case((small,), stdin="p\np\np\ns 2\np\n"))
    cases.append(Case((small,), stdin="p\np\np\ns 3\ns 1\np\nq\n"))
    cases.append(Case((small, 3), stdin="p\np\np\np\nq\n"))
    cases.append(Case((small,), stdin="p\np\np\nq\n"))
    # The deck is empty but a jump is still possible: the game goes on until none is.
    cases.append(
        Case((cartes("8-C 7-K 2-P 9-K"),), stdin="p\np\np\np\ns 3\n", label="the last jump")
    )
    # 'p' on an empty deck draws nothing; the game goes on while the jump of pile 3 remains.
    cases.append(
        Case((cartes("8-C 7-K 2-P 9-K"),), stdin="p\np\np\np\np\ns 3\n", label=_P_ON_EMPTY)
    )
    # The piles at the two ends are not neighbours: with the deck empty, the game ends here.
    cases.append(Case((cartes("8-C 7-K 2-K"),), stdin="p\np\np\n", label="no jump left"))
    cases.append(
        Case((cartes("8-C 7-K 2-C"),), stdin="p\np\np\ns 2\n", label="the last jump, of pile 2")
    )
    cases.append(Case((cartes("8-C 7-K 2-C"),), stdin="p\np\np\ns x\np 2\nq\n", label=_UNKNOWN))
    # 'p 2' is not a command although it starts as 'p' does: with two cards left it draws
    # nothing, so pile 2 has no right neighbour to jump by, and the game ends on 'q' with four.
    cases.append(
        Case((cartes("8-C 7-K 2-C 9-T"),), stdin="p\np\np 2\ns 2\np\np\nq\n", label=_P_AND_MORE)
    )
    # The player may not cheat: pile 2's neighbours 8-C and 2-P are not allied.
    cases.append(Case((cartes("8-C 7-K 2-P 9-T"),), stdin="p\np\np\ns 2\np\nq\n", label=_FORBIDDEN))
    # Pile 1 has no left neighbour, though 2♦ (the last) and 7♦ (its right one) are allied; and
    # 's 0' names no pile, though 7♥ and 8♥ (liste_tas[-2] and liste_tas[0]) are allied.
    cases.append(Case((cartes("8-C 7-K 2-K 9-T"),), stdin="p\np\np\ns 1\np\n", label=_PILE_1))
    cases.append(Case((cartes("8-C 7-C 2-P 9-T"),), stdin="p\np\np\ns 0\np\n", label=_PILE_0))
    deck = _decks(1, (32,))[0]
    cases.append(Case((deck,), stdin="p\n" * 10 + "q\n"))
    return cases


# --- Cases drawn at check time -------------------------------------------------------------------


def _drawn_deck(rng: random.Random, sizes: tuple[int, ...] = (32, 52)) -> list[Carte]:
    """A deck of 32 or 52 cards shuffled by ``rng``."""
    deck = init_pioche_ordonnee(rng.choice(sizes))
    rng.shuffle(deck)
    return deck


def _drawn_row(rng: random.Random, least: int = 0) -> list[Carte]:
    """A row of ``least`` to 20 different cards, any of the 52, in any order."""
    return rng.sample(init_pioche_ordonnee(52), rng.randrange(least, 21))


def _drawn_rows(rng: random.Random) -> list[Case]:
    return [Case((_drawn_row(rng),)) for _ in range(4)]


def _drawn_files(rng: random.Random) -> list[Case]:
    """Files of decks drawn at random."""
    return [Case((_deck_file(_drawn_deck(rng), rng.choice(["", "\n"])),)) for _ in range(3)]


def _drawn_decks(count: int) -> Callable[[random.Random], list[Case]]:
    return lambda rng: [Case((_drawn_deck(rng),)) for _ in range(count)]


def _spoiled(rng: random.Random, deck: list[Carte]) -> Any:
    """``deck`` with one card missing, doubled, replaced or malformed, or ``deck`` as it is."""
    i = rng.randrange(len(deck))
    card = deck[i]
    changes = [
        deck[:i] + deck[i + 1 :],
        [*deck, card],
        [*deck[:i], deck[i - 1], *deck[i + 1 :]],
        [*deck[:i], {"valeur": str(card["valeur"]), "couleur": card["couleur"]}, *deck[i + 1 :]],
        [*deck[:i], {**card, "face": "visible"}, *deck[i + 1 :]],
        [*deck[:i], {"valeur": card["valeur"], "couleur": card["couleur"].lower()}, *deck[i + 1 :]],
        deck,
    ]
    return rng.choice(changes)


def _drawn_checks(rng: random.Random) -> list[Case]:
    """Decks of either size, right or spoiled at a random place, said to be of either size."""
    return [Case((_spoiled(rng, _drawn_deck(rng)), rng.choice([32, 52]))) for _ in range(8)]


def _drawn_pairs(rng: random.Random) -> list[Case]:
    deck = init_pioche_ordonnee(52)
    return [Case((rng.choice(deck), rng.choice(deck))) for _ in range(12)]


def _drawn_jumps(rng: random.Random) -> list[Case]:
    """Rows of any cards, each with a pile drawn at random, or one that can jump."""
    cases = []
    for k in range(8):
        row = _drawn_row(rng, 1)
        jumps = [i for i in range(1, len(row) - 1) if course.alliance(row[i - 1], row[i + 1])]
        if k % 2 and jumps:
            cases.append(Case((row, rng.choice(jumps))))
        else:
            cases.append(Case((row, rng.randrange(-1, len(row) + 1))))
    return cases


def _drawn_steps(rng: random.Random) -> list[Case]:
    """The game of a random deck cut at a random place: the piles so far, and the rest; and one
    of a game's first two steps (no pile yet, or one).

    >>> [len(case.args[0]) < 2 for case in _drawn_steps(random.Random(3))][-1]
    True
    """
    cases = []
    for first_steps in (False, False, False, False, True):
        deck = _drawn_deck(rng)
        cut = rng.randrange(0, 2) if first_steps else rng.randrange(0, len(deck) - 1)
        played = course.reussite_mode_auto(deck[:cut])
        cases.append(Case((played, deck[cut:]), {"affiche": bool(rng.getrandbits(1))}))
    return cases


def _drawn_auto_games(rng: random.Random) -> list[Case]:
    """Whole decks and the first cards of one, shown or not."""
    decks = [_drawn_deck(rng), _drawn_deck(rng)[: rng.randrange(0, 20)], _drawn_deck(rng)]
    return [Case((deck,), {"affiche": bool(rng.getrandbits(1))}) for deck in decks]


def _drawn_commands(rng: random.Random, n_piles: int) -> str:
    """Commands typed at random (mostly p, some jumps asked for, some mistakes), then q."""
    commands = [
        rng.choice(["p", "p", "p", f"s {rng.randint(0, n_piles + 1)}", "x", ""])
        for _ in range(rng.randrange(1, 40))
    ]
    return "\n".join([*commands, "q"]) + "\n"


def _drawn_manual_games(rng: random.Random) -> list[Case]:
    cases = []
    for _ in range(4):
        deck = _drawn_deck(rng)[: rng.choice([6, 12, 32])]
        cases.append(Case((deck, rng.randint(1, 8)), stdin=_drawn_commands(rng, 8)))
    return cases


def _drawn_launches(rng: random.Random) -> list[Case]:
    """A game in each mode, with the options drawn at random."""
    nb_cartes, affiche = rng.choice([32, 52]), bool(rng.getrandbits(1))
    manual = ("manuel", rng.choice([32, 52]), bool(rng.getrandbits(1)), rng.randint(1, 8))
    return [
        _seeded_call(("auto", nb_cartes, affiche)),
        _seeded_call(manual, stdin=_drawn_commands(rng, 8)),
    ]


def _drawn_swaps(rng: random.Random) -> list[Case]:
    """A whole deck of 32 cards, and the first 2 to 10 cards of a deck (a student's version
    plays a game for each swap: a deck of 52 costs it ten times as much)."""
    return [Case((_drawn_deck(rng, (32,)),)), Case((_drawn_deck(rng)[: rng.randrange(2, 11)],))]


def _drawn_games(most: int, count: int = 2) -> Callable[[random.Random], list[Case]]:
    """``count`` numbers of games, from 1 to ``most``, each with a deck of either size."""
    return lambda rng: [Case((rng.randint(1, most), rng.choice([32, 52]))) for _ in range(count)]


def _after_a_seed(cases: Callable[[random.Random], list[Case]]) -> Callable[..., list[Case]]:
    """The drawn ``cases``, each called after ``random.seed`` of its arguments (which the report
    names: "res_multi_simulation(5), after random.seed(N)"), as :func:`_seeded_call` does."""
    return lambda rng: [_seeded_call(case.args) for case in cases(rng)]


def _seeded_call(args: tuple[Any, ...], stdin: str | None = None) -> Case:
    """A case called after ``random.seed`` of a seed made from its arguments, given to the
    student's function and the reference alike (the report names it, as init_pioche_alea's does,
    so that the student can play the same decks: "after random.seed(N)").

    >>> _seeded_call((5,)).random_seed == _seed_for((5,))
    True
    """
    return Case(args, stdin=stdin, random_seed=_seed_for(args))


#: The student's init_pioche_alea, which the simulations call: where it does not deal the
#: reference's deck for the same random state, the report says so first.
_DEALER = ("init_pioche_alea",)
_DEALER_REFERENCE = (("init_pioche_alea", course.init_pioche_alea, "deal the deck"),)


def _helper(name: str, gives: str, **options: Any) -> HelperReference:
    """The student's ``name``, which a later task's function calls, compared with the course's
    as its own task compares it (``options``: see :class:`HelperReference`)."""
    return HelperReference(name, getattr(course, name), gives, **options)


#: Each earlier task's function that a later one calls, with what its own task compares. A game
#: calls alliance and saut_si_possible hundreds of times and a simulation plays many games: in
#: those only the first calls of each case are compared, which a wrong helper fails at once.
_CARD = _helper("carte_to_chaine", "write the card", first_calls=10)
_PILES_SHOWN = _helper("afficher_reussite", "print the piles", compare="stdout", first_calls=3)
_ALLIES = _helper("alliance", "give the answer", first_calls=15)
_JUMP = _helper("saut_si_possible", "make the jump", mutates=True, first_calls=10)
#: Every step of a game (52 at most) is compared: a wrong cascade may show only late in a game.
_STEP = _helper("une_etape_reussite", "make the step", compare="both", mutates=True, first_calls=52)
_GAME = _helper("reussite_mode_auto", "play the game", compare="both")
#: What a whole game calls, deepest first (the first wrong one that runs is the one reported).
_IN_A_GAME = (_GAME, _STEP, _JUMP, _ALLIES, _PILES_SHOWN, _CARD)


def _first(count: int, specs: Sequence[HelperReference]) -> tuple[HelperReference, ...]:
    """``specs``, each comparing only its first ``count`` calls in a case."""
    return tuple(replace(spec, first_calls=count) for spec in specs)


#: What a simulation calls: its decks, and its first games compared call by call.
_IN_A_SIMULATION = (
    *_first(10, [HelperReference(*_DEALER_REFERENCE[0])]),
    *_first(2, _IN_A_GAME[:2]),
    *_first(20, _IN_A_GAME[2:4]),
)


def _piles_left_and_saved(result: Any) -> Any:
    """What res_multi_simulation_echange can use of a best swap: the piles its deck leaves and
    the piles it saves, as a tuple; any other value as it is (it then differs from the
    statement's). Two swaps that tie leave as many piles, so a tie broken the other way is not
    this task's mistake: ``check(meilleur_echange_consecutif)`` judges it (held-out 15a,
    re_helper, a right res_multi_simulation_echange failed on its helper's tie-break).

    >>> deck = cartes("8-C 7-K R-C 2-P")
    >>> _piles_left_and_saved(([deck[1], deck[0], *deck[2:]], -1))
    (4, -1)
    >>> _piles_left_and_saved(([deck[0], deck[1], deck[3], deck[2]], -1))
    (4, -1)
    >>> _piles_left_and_saved("nothing")
    'nothing'
    """
    try:
        deck, saved = result
        return len(course.reussite_mode_auto(deck)), saved
    except Exception:  # not a deck and a number: compared as it is
        return result


#: meilleur_echange_consecutif as res_multi_simulation_echange calls it: compared by the piles
#: its deck leaves and the piles it saves, not by which of two tied swaps it makes.
_SWAP = _helper(
    "meilleur_echange_consecutif", "find the swap", first_calls=2, key=_piles_left_and_saved
)
_SIMULATIONS = _helper("res_multi_simulation", "give the piles of the games")
_SHARES = _helper("probabilites_victoire", "give the shares", key=_rounded_shares)


# --- Hints: each shown only when the answer shows its mistake -----------------------------------


def _valid_deck(case: Case, expected: Any, got: Any) -> bool:
    n = case.args[0] if case.args else 32
    return course.verifier_pioche(got, n) and got != expected


def _a_deck_of_32_for_52(case: Case, expected: Any, got: Any) -> bool:
    """Is the deck asked for of 52 cards, and the answer a whole deck of 32?"""
    return case.args == (52,) and course.verifier_pioche(got, 32)


def _malformed(pioche: Any) -> bool:
    """Is ``pioche`` not a list of card dicts with exactly their two keys?"""
    return type(pioche) is not list or any(
        type(c) is not dict or c.keys() != {"valeur", "couleur"} for c in pioche
    )


_DECK_ORDER = (
    "Build the deck in the order given (suits 'C', 'K', 'T', 'P'; in each suit the "
    "values from 'A' up to 'R'), then call random.shuffle once on it."
)
_SAME_SEED = (
    "The check gives your function and the reference the same random.seed: draw each "
    "deck with init_pioche_alea(nb_cartes), one after the other."
)


def _other_decks_drawn(case: Case, expected: Any, got: Any) -> bool:
    """As many numbers of piles as games, not all the same unless there is one game: other
    decks than init_pioche_alea's after the same seed (a hint test)."""
    counts = len(got) == len(expected) and all(type(piles) is int for piles in got)
    return counts and (len(got) == 1 or len(set(got)) > 1)


def _only_line_differs(word: str) -> Callable[[Case, Any, Any], bool]:
    """A hint test: the printed lines differ only on the line that holds ``word``."""

    def test(case: Case, expected: Any, got: Any) -> bool:
        want, have = expected.split("\n"), got.split("\n")
        differ = [i for i, (a, b) in enumerate(zip(want, have, strict=False)) if a != b]
        return len(want) == len(have) and bool(differ) and all(word in want[i] for i in differ)

    return test


def _cards_joined_with(separator: str) -> Callable[[Case, Any, Any], bool]:
    """A hint test: the line of cards is the reference's with ``separator`` between the cards
    instead of one space."""

    def test(case: Case, expected: str, got: str) -> bool:
        chaines = [course.carte_to_chaine(carte) for carte in case.args[0]]
        return got != expected and got == expected.replace(
            " ".join(chaines), separator.join(chaines), 1
        )

    return test


def _rightmost_first(liste_tas: list[Carte], pioche: list[Carte]) -> list[Carte]:
    """The piles after a step whose cascade makes the rightmost possible jump first (a mistake)."""
    piles, deck = list(liste_tas), list(pioche)
    piles.append(deck.pop(0))
    jumped = course.saut_si_possible(piles, len(piles) - 2)
    while jumped:
        jumped = any(course.saut_si_possible(piles, i) for i in range(len(piles) - 2, 0, -1))
    return piles


def _played_rightmost_first(case: Case, expected: Any, got: Any) -> bool:
    """A hint test: the piles at the end of the automatic game are those of steps whose cascade
    makes the rightmost possible jump first (where those are the right piles too, the states
    printed on the way may still differ)."""
    piles: list[Carte] = []
    reste = list(case.args[0])
    while reste:
        piles = _rightmost_first(piles, reste)
        reste.pop(0)
    return bool(got != expected and got[0] == piles)


def _padded_on_the_right(case: Case, expected: Any, got: Any) -> bool:
    """The value padded to 2 characters on the right, before the symbol (a hint test).

    >>> _padded_on_the_right(Case(), " R♡", "R ♡"), _padded_on_the_right(Case(), " R♡", "R♡ ")
    (True, False)
    """
    value, symbol = expected.strip()[:-1], expected[-1]
    return bool(got != expected and got == value.ljust(2) + symbol)


def _one_card_a_line(case: Case, expected: Any, got: Any) -> bool:
    """Each card printed on a line of its own, then the blank line (a hint test)."""
    lines = [course.carte_to_chaine(carte) + "\n" for carte in case.args[0]]
    return bool(got != expected and got == "".join(lines) + "\n")


def _deck_or_jump_left(piles: list[Carte], reste: list[Carte]) -> bool:
    """Does the manual game go on: cards left in the deck, or a jump still possible?"""
    return bool(reste) or any(
        course.alliance(piles[i - 1], piles[i + 1]) for i in range(1, len(piles) - 1)
    )


def _manual_game(
    pioche: list[Carte],
    typed: str,
    play: Callable[[list[Carte], list[Carte]], object],
    jump: Callable[[list[Carte], int], object],
    goes_on: Callable[[list[Carte], list[Carte]], bool] = _deck_or_jump_left,
) -> list[Carte]:
    """The piles of a manual game played by the commands ``typed``, one a line, where 'p' calls
    ``play(piles, deck)`` (the deck may be empty), 's N' calls ``jump(piles, N - 1)`` and 'q'
    (or the end of the commands) stops with the deck laid after the piles. The game stops by
    itself when ``goes_on(piles, deck)`` is false. The mistakes below are this loop with another
    rule.

    >>> deck = cartes("7-T 9-T 8-T D-C")
    >>> piles = _manual_game(deck, "p\\np\\np\\ns 2\\nq", _put_down, _jump_by_the_rules)
    >>> piles == cartes("9-T 8-T D-C")
    True
    """
    reste, piles = list(pioche), list[Carte]()
    commands = iter(typed.split("\n"))
    while goes_on(piles, reste):
        commande = next(commands, "q").split()
        if commande == ["q"]:
            return piles + reste
        if commande == ["p"]:
            play(piles, reste)
        elif len(commande) == 2 and commande[0] == "s" and commande[1].isdigit():
            jump(piles, int(commande[1]) - 1)
    return piles


def _put_down(piles: list[Carte], reste: list[Carte]) -> None:
    """Lay the deck's first card on the right of the piles, as 'p' does; nothing if the deck is
    empty."""
    if reste:
        piles.append(reste.pop(0))


def _put_down_even_from_nothing(piles: list[Carte], reste: list[Carte]) -> None:
    """Lay the deck's first card, with no test for an empty deck (a mistake: IndexError)."""
    piles.append(reste.pop(0))


def _plays_one_step(piles: list[Carte], reste: list[Carte]) -> None:
    """Play a whole step of the automatic game, its jumps included (a mistake for 'p')."""
    if reste:
        course.une_etape_reussite(piles, reste)


def _jump_by_the_rules(piles: list[Carte], number: int) -> None:
    """Make pile ``number`` jump if the rules allow it, as 's N' does."""
    course.saut_si_possible(piles, number)


def _stops_when_the_deck_is_empty(pioche: list[Carte], typed: str) -> list[Carte]:
    """The piles of the manual game played by the commands ``typed``, stopped as soon as the deck
    is empty although a jump may remain (a mistake)."""
    return _manual_game(
        pioche, typed, _put_down, _jump_by_the_rules, goes_on=lambda _piles, reste: bool(reste)
    )


def _jumps_any_pile(pioche: list[Carte], typed: str, last_too: bool = True) -> list[Carte]:
    """The piles of the manual game played by the commands ``typed`` where 's N' makes pile N
    jump whether the rules allow it or not (a mistake), the last pile too or not."""

    def jump_anyway(piles: list[Carte], number: int) -> None:
        if 0 < number < len(piles) - (not last_too):
            piles[number - 1] = piles.pop(number)

    return _manual_game(pioche, typed, _put_down, jump_anyway)


def _piles_numbered_from_zero(pioche: list[Carte], typed: str) -> list[Carte]:
    """The piles of the manual game played by the commands ``typed`` where 's N' makes
    ``liste_tas[N]`` jump, not ``liste_tas[N - 1]`` (a mistake: the piles numbered from 0)."""
    return _manual_game(pioche, typed, _put_down, lambda piles, n: _jump_by_the_rules(piles, n + 1))


def _jump_wrapping_round(piles: list[Carte], number: int) -> None:
    """Make pile ``number`` jump with a test that has no lower bound (a mistake): pile 0 takes
    ``piles[-1]`` as its left neighbour, and 's 0' (``number`` -1) is the last pile."""
    if number < len(piles) - 1 and course.alliance(piles[number - 1], piles[number + 1]):
        piles[number - 1] = piles.pop(number)


def _jumped_wrapping_round(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``reussite_mode_manuel``: the piles are those of a game where 's 1' or
    's 0' made a jump by neighbours wrapped round the ends of the list."""
    typed = case.stdin or ""
    if got == expected or not re.search(r"^s 0*[01]$", typed, re.MULTILINE):
        return False
    try:
        return bool(got == _manual_game(case.args[0], typed, _put_down, _jump_wrapping_round))
    except IndexError:  # 's 0' with one pile: the mistake raises too
        return False


def _jumps_made_for_the_player(pioche: list[Carte], typed: str) -> list[Carte]:
    """The piles of the manual game played by the commands ``typed`` where 'p' plays a whole
    step of the automatic game, its jumps included (a mistake)."""
    return _manual_game(pioche, typed, _plays_one_step, _jump_by_the_rules)


def _jumps_made_for_the_player_shown(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``reussite_mode_manuel`` (``one_case``): the piles are those of a game where
    'p' played a whole step, jumps included, and not those of a game where 's N' read the piles
    from 0, which some cases end with too."""
    pioche, typed = case.args[0], case.stdin or ""
    return bool(
        got != expected
        and got == _jumps_made_for_the_player(pioche, typed)
        and got != _piles_numbered_from_zero(pioche, typed)
    )


def _first_word_read_as_p(typed: str) -> str:
    """The commands ``typed`` as a version reads them that draws on any command starting with
    'p' (a mistake): each such line becomes 'p'.

    >>> _first_word_read_as_p("p 2\\npx\\ns 2\\np").split("\\n")
    ['p', 'p', 's 2', 'p']
    """
    return "\n".join("p" if line.strip().startswith("p") else line for line in typed.split("\n"))


def _drew_on_what_starts_as_p(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``reussite_mode_manuel``: the piles are those of a game where every command
    starting with 'p' ('p 2', 'px') drew a card."""
    typed = case.stdin or ""
    misread = _manual_game(
        case.args[0], _first_word_read_as_p(typed), _put_down, _jump_by_the_rules
    )
    return bool(got != expected and got == misread)


def _drew_from_an_empty_deck(case: Case, expected: Any, got: Any) -> bool:
    """Did the game end with an IndexError where the commands typed 'p' on an empty deck?"""
    if not (isinstance(got, str) and got.startswith("IndexError")):
        return False
    try:
        _manual_game(
            case.args[0], case.stdin or "", _put_down_even_from_nothing, _jump_by_the_rules
        )
    except IndexError:
        return True
    return False


def _jumped_against_the_rule(case: Case, expected: Any, got: Any) -> bool:
    if got == expected:
        return False
    pioche, typed = case.args[0], case.stdin or ""
    return case.label == _FORBIDDEN or any(
        got == _jumps_any_pile(pioche, typed, last_too) for last_too in (True, False)
    )


def _ends_too_soon(case: Case, expected: Any, got: Any) -> bool:
    """A case about the last jump fails, or the game stopped as soon as the deck was empty."""
    if got == expected:
        return False
    early = _stops_when_the_deck_is_empty(case.args[0], case.stdin or "")
    return case.label.startswith("the last jump") or got == early


def _printed_fewer_states(case: Case, expected: Any, got: Any) -> bool:
    """Are the piles right, and the lines printed some of the reference's, in its order, but
    not all of them (states left out)?"""
    if got[0] != expected[0] or got[1] == expected[1]:
        return False
    wanted = iter(expected[1].split("\n"))
    return all(line in wanted for line in got[1].split("\n"))


def _without_the_last_card(case: Case, expected: Any, got: Any) -> bool:
    """Are the piles those of the game played without the deck's last card?"""
    pioche = case.args[0]
    return (
        bool(pioche) and got[0] != expected[0] and got[0] == course.reussite_mode_auto(pioche[:-1])
    )


def _leftmost_first(case: Case, expected: Any, got: Any) -> bool:
    """The piles are wrong, on the text's example or as those of the rightmost jump first (right
    piles with a wrong printing are another mistake)."""
    piles_after = got[0][1][0]
    if piles_after == expected[0][1][0]:
        return False
    return case.label == "the text's 7♣ example" or piles_after == _rightmost_first(*case.args)


def _piles_after_a_step(
    liste_tas: list[Carte],
    pioche: list[Carte],
    *,
    draw_from_the_end: bool = False,
    cascade: bool = True,
    again_from_the_left: bool = True,
    first_jump_from_the_end: int = 2,
    one_cascade_jump: bool = False,
    always_cascade: bool = False,
    leftmost_first: bool = False,
) -> list[Carte]:
    """The piles after a step made with a mistake (the keywords); the reference's without one.
    ``always_cascade`` looks for the jumps of the cascade even when the pile before the new card
    did not jump; ``leftmost_first`` asks whether that pile can jump, then starts the cascade
    from the left without making that jump first."""
    piles, deck = list(liste_tas), list(pioche)
    piles.append(deck.pop(-1 if draw_from_the_end else 0))
    if leftmost_first:
        if len(piles) >= 3 and course.alliance(piles[-3], piles[-1]):
            while any(course.saut_si_possible(piles, i) for i in range(1, len(piles) - 1)):
                pass
        return piles
    jumped = course.saut_si_possible(piles, len(piles) - first_jump_from_the_end)
    if not (jumped or always_cascade) or not cascade:
        return piles
    if again_from_the_left:
        while any(course.saut_si_possible(piles, i) for i in range(1, len(piles) - 1)):
            if one_cascade_jump:
                break
        return piles
    number = 1
    while number < len(piles) - 1:  # one pass to the right, never back to the left
        if not course.saut_si_possible(piles, number):
            number += 1
    return piles


def _step_made(**mistake: Any) -> Callable[[Case, Any, Any], bool]:
    """A hint test: the piles left by une_etape_reussite are those of the step with a mistake."""
    return lambda case, expected, got: (
        got[0][1][0] != expected[0][1][0]
        and got[0][1][0] == _piles_after_a_step(*case.args, **mistake)
    )


def _game_played(**mistake: Any) -> Callable[[Case, Any, Any], bool]:
    """A hint test: the piles at the end of the automatic game are those of its steps made with
    a mistake."""

    def test(case: Case, expected: Any, got: Any) -> bool:
        piles: list[Carte] = []
        reste = list(case.args[0])
        while reste:
            piles = _piles_after_a_step(piles, reste, **mistake)
            reste.pop(-1 if mistake.get("draw_from_the_end") else 0)
        return bool(got[0] != expected[0] and got[0] == piles)

    return test


def _laid_then_jumped(case: Case, expected: Any, got: Any) -> bool:
    """The whole deck laid first, then the jumps made from the left (a mistake): the piles at
    the end show it, or the first state printed after the deck, which holds more than one card."""
    piles = list(case.args[0])
    while any(course.saut_si_possible(piles, i) for i in range(1, len(piles) - 1)):
        pass
    if got[0] != expected[0]:
        return bool(got[0] == piles)
    lines = [text.split("\n") if text else ["", "", ""] for text in (expected[1], got[1])]
    deck_first = lines[0][0] == lines[1][0]
    return deck_first and len(lines[0][2].split()) == 1 < len(lines[1][2].split())


#: The calls init_pioche_alea is given: its only argument is the size of the deck, 32 or 52.
_DECK_CALLS: tuple[tuple[int, ...], ...] = ((), (32,), (52,))


def _drawn_deck_seeds(rng: random.Random) -> list[Case]:
    """Each call of init_pioche_alea again, after a ``random.seed`` drawn for this check: a
    function that knows the decks of the fixed seeds fails.

    >>> [case.random_seed for case in _drawn_deck_seeds(random.Random(1))]
    [140891, 596853, 888598]
    """
    return [Case(args, random_seed=rng.randrange(1_000_000)) for args in _DECK_CALLS]


#: Seeds a student may give random.seed inside init_pioche_alea (the check seeds it before).
_USUAL_SEEDS = (0, 1, 2, 42, 123, 1234, 12345, 2024, 2025, 2026, 32, 52)


def _seeded_inside(case: Case, expected: Any, got: Any) -> bool:
    """Is the deck the reference's after random.seed(k), k a usual seed?"""
    state = random.getstate()
    try:
        decks = []
        for k in _USUAL_SEEDS:
            random.seed(k)
            decks.append(course.init_pioche_alea(*case.args))
    finally:
        random.setstate(state)
    return got != expected and got in decks


def _holds_the_whole_deck_and_more(case: Case, expected: Any, got: Any) -> bool:
    """Is every card of the deck in ``pioche`` (by ``==``, as ``in`` finds it), which is still not
    the deck (a card twice, a card of another deck, or not a list)? The hints on a value's type
    come before this one: a version that fails only where a value is 10.0 or '7' gets those."""
    pioche, nb_cartes = (*case.args, 32)[:2]
    return (
        got is True
        and expected is False
        and all(c in pioche for c in init_pioche_ordonnee(nb_cartes))
    )


def _as_a_value(value: Any) -> Any:
    """The value a careless reading takes ``value`` for: the text ``'7'`` or the float ``7.0``
    for the int ``7`` (anything else as it is).

    >>> _as_a_value("7"), _as_a_value(7.0), _as_a_value("R"), _as_a_value(7.5)
    (7, 7, 'R', 7.5)
    """
    if type(value) is str and value.isdigit():
        return int(value)
    if type(value) is float and value.is_integer():
        return int(value)
    return value


def _a_deck_but_for_values_of_type(kind: type) -> Callable[[Case, Any, Any], bool]:
    """A hint test of ``verifier_pioche``: ``pioche`` is refused only because some values are of
    type ``kind`` (the text ``'7'``, or the float ``7.0``, for the int ``7``): with those values
    read carelessly it is the deck, so a version that compares texts (for ``str``) or compares
    with ``==`` (for ``float``) says True.

    >>> deck = init_pioche_ordonnee(32)
    >>> as_text = [dict(carte, valeur=str(carte["valeur"])) for carte in deck]  # '7' for 7
    >>> _a_deck_but_for_values_of_type(str)(Case((as_text,)), False, True)
    True
    >>> _a_deck_but_for_values_of_type(float)(Case((as_text,)), False, True)
    False
    >>> _a_deck_but_for_values_of_type(str)(Case((deck + deck[:1],)), False, True)
    False
    """

    def test(case: Case, expected: Any, got: Any) -> bool:
        pioche, nb_cartes = (*case.args, 32)[:2]
        if not (got is True and expected is False) or _malformed(pioche):
            return False
        read = [{"valeur": _as_a_value(c["valeur"]), "couleur": c["couleur"]} for c in pioche]
        misread = {type(c["valeur"]) for c, r in zip(pioche, read, strict=True) if _differ(c, r)}
        return misread == {kind} and course.verifier_pioche(read, nb_cartes)

    return test


def _differ(card: Carte, read: Carte) -> bool:
    """Does ``read`` (a card read carelessly) differ from ``card``, a value's type included?"""
    return type(card["valeur"]) is not type(read["valeur"]) or card != read


def _deviation_printed_for_one_game(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``statistiques_nb_tas``: for one game, the expected lines and then an
    'écart type' line, which the statement leaves out.

    >>> expected = "Sur 1 réussites à 32 cartes :\\n  médiane : 9\\n"
    >>> _deviation_printed_for_one_game(Case((1,)), expected, expected + "  écart type : 0.00\\n")
    True
    >>> _deviation_printed_for_one_game(Case((2,)), expected, expected + "  écart type : 0.00\\n")
    False
    """
    extra = got[len(expected) :] if type(got) is str and got.startswith(expected) else ""
    return case.args[0] == 1 and extra.strip().startswith("écart type") and extra.count("\n") <= 1


def _jumped_the_pile_before(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``saut_si_possible``: the answer is the reference's for pile
    ``num_tas - 1`` (num_tas read as counted from 1, as the manual mode's 's N' counts).

    >>> piles = [carte("8-C"), carte("7-K"), carte("R-C")]  # 8♥ 7♦ K♥: the 7♦ jumps
    >>> _jumped_the_pile_before(Case((piles, 2)), (True, (piles[1:], 2)), (True, (piles, 2)))
    False
    >>> _jumped_the_pile_before(Case((piles, 2)), (False, (piles, 2)), (True, (piles[1:], 2)))
    True
    """
    piles, number = list(case.args[0]), case.args[1]
    jumped = course.saut_si_possible(piles, number - 1)
    return bool(got != expected and got == (jumped, (piles, number)))


def _answered_as_the_pile_itself(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``saut_si_possible``: the answer is the one a version gives that asks
    whether pile ``num_tas`` itself is allied with its left neighbour, its right one, or either.

    >>> piles = [carte("8-C"), carte("7-K"), carte("R-C")]  # 8♥ 7♦ K♥: the 7♦ jumps
    >>> _answered_as_the_pile_itself(Case((piles, 1)), (True, ([], 1)), (False, ([], 1)))
    True
    >>> piles = [carte("8-C"), carte("8-K"), carte("8-T")]  # the 8♦ is allied with both
    >>> _answered_as_the_pile_itself(Case((piles, 1)), (True, ([], 1)), (False, ([], 1)))
    False
    """
    piles, index = case.args
    if type(got[0]) is not bool or got[0] == expected[0] or not 1 <= index <= len(piles) - 2:
        return False
    left, right = (course.alliance(piles[index], piles[index + side]) for side in (-1, 1))
    return got[0] in (left, right, left or right)


def _jumped_out_of_range(case: Case, expected: Any, got: Any) -> bool:
    """Did ``saut_si_possible`` make a jump (said it did, or changed the piles) where pile
    ``num_tas`` has no pile on one side? A function that only returns None there follows the
    range rule: its mistake is another (hostile 15, a13).

    >>> piles = cartes("8-C 7-K 9-K")
    >>> _jumped_out_of_range(Case((piles, 0)), (False, (piles, 0)), (True, (piles, 0)))
    True
    >>> _jumped_out_of_range(Case((piles, 0)), (False, (piles, 0)), (None, (piles, 0)))
    False
    """
    liste_tas, num_tas = case.args
    if 1 <= num_tas <= len(liste_tas) - 2:
        return False
    return got[0] is True or got[1][0] != liste_tas


def _the_list_given_unchanged(case: Case, expected: Any, got: Any) -> bool:
    """Is the answer right, but the list of piles given left as it was (a copy was changed)?"""
    liste_tas = case.args[0]
    return bool(got[0] == expected[0] and got[1][0] == liste_tas != expected[1][0])


def _launched(case: Case, decks_drawn: int = 1, mode: str = "") -> list[Carte]:
    """The piles of lance_reussite(*case.args) played on the last of ``decks_drawn`` decks, in
    ``mode`` when given (a mistake), with the seed the check gives."""
    defaults: tuple[Any, ...] = ("auto", 32, False, 2)
    asked, nb_cartes, _, nb_tas_max = (*case.args, *defaults[len(case.args) :])
    state = random.getstate()
    try:
        random.seed(_seed_for(case.args) if case.random_seed is None else case.random_seed)
        for _ in range(decks_drawn):
            pioche = course.init_pioche_alea(nb_cartes)
        if (mode or asked) == "auto":
            return course.reussite_mode_auto(pioche)
        with fed_input(case.stdin), contextlib.redirect_stdout(io.StringIO()):
            return course.reussite_mode_manuel(pioche, nb_tas_max)
    finally:
        random.setstate(state)


def _second_deck_played(case: Case, expected: Any, got: Any) -> bool:
    """Are the piles those of the game played on a second deck drawn after a first one?"""
    return bool(got[0] != expected[0] and got[0] == _launched(case, decks_drawn=2))


def _manual_played_as_auto(case: Case, expected: Any, got: Any) -> bool:
    """Is a game asked for in mode 'manuel' played automatically?"""
    return bool(
        case.args[0] == "manuel"
        and got[0] != expected[0]
        and got[0] == _launched(case, mode="auto")
    )


def _swaps_the_last_pair(pioche: list[Carte], deck: list[Carte]) -> bool:
    return len(pioche) >= 2 and deck == [*pioche[:-2], pioche[-1], pioche[-2]]


def _last_pair_not_tried(case: Case, expected: Any, got: Any) -> bool:
    """Does the best swap exchange the last two cards, and the answer not?"""
    pioche = case.args[0]
    return _swaps_the_last_pair(pioche, expected[0]) and not _swaps_the_last_pair(pioche, got[0])


def _no_swap_when_none_saves(case: Case, expected: Any, got: Any) -> bool:
    """Is the answer the deck as given, saving 0, where the best swap saves nothing?"""
    return list(got) == [case.args[0], 0] and expected[1] <= 0 and expected[0] != case.args[0]


def _spaced_otherwise(first_line: bool) -> Callable[[Case, Any, Any], bool]:
    """A hint test: the printed statistics differ only in their spaces, in the first line only
    (``first_line``) or in the other lines only (the padding before the colons)."""

    def test(case: Case, expected: str, got: str) -> bool:
        want, have = expected.split("\n"), got.split("\n")
        if len(want) != len(have) or want == have:
            return False
        differ = {i for i, (a, b) in enumerate(zip(want, have, strict=True)) if a != b}
        in_spaces = all(want[i].replace(" ", "") == have[i].replace(" ", "") for i in differ)
        return in_spaces and (differ == {0} if first_line else 0 not in differ)

    return test


def _or_no_pair(test: Callable[[Case, Any, Any], bool]) -> Callable[[Case, Any, Any], bool]:
    """A hint test about the swap that lets a deck too short for one fail as well: the report
    notes that case by its label, and the hint is about the decks that have a swap."""
    return lambda case, expected, got: case.label == _NO_PAIR or test(case, expected, got)


def _stat_line(text: str, word: str) -> str:
    return next((line for line in text.split("\n") if word in line), "")


def _stat_value(text: str, word: str) -> float:
    return float(_stat_line(text, word).split(":")[1])


def _other_median(case: Case, expected: str, got: str) -> bool:
    """Only the median line differs, and its number is another number (not another form)."""
    differs = _only_line_differs("médiane")(case, expected, got)
    return differs and _stat_value(got, "médiane") != _stat_value(expected, "médiane")


def _median_written_otherwise(case: Case, expected: str, got: str) -> bool:
    differs = _only_line_differs("médiane")(case, expected, got)
    return differs and _stat_value(got, "médiane") == _stat_value(expected, "médiane")


def _other_games_for_some(case: Case, expected: str, got: str) -> bool:
    """The mean is right but the minimum or the maximum is not: a second set of games."""
    same_mean = _stat_line(got, "moyen") == _stat_line(expected, "moyen")
    other = any(_stat_line(got, w) != _stat_line(expected, w) for w in ("minimum", "maximum"))
    return got != expected and same_mean and other


def _close(a: Any, b: Any) -> bool:
    return len(a) == len(b) and all(abs(x - y) < 1e-9 for x, y in zip(a, b, strict=True))


def _counts_not_shares(case: Case, expected: Any, got: Any) -> bool:
    """Every p[k] a whole number of games, nb_sim times the share (a hint test)."""
    nb_sim = case.args[0]
    whole = all(type(count) is int for count in got)
    return whole and _close([count / nb_sim for count in got], expected)


def _shares_floor_divided(case: Case, expected: Any, got: Any) -> bool:
    """Is every p[k] its count of games // nb_sim (0 below 1, 1 for all the games): the shares
    divided with // instead of /? (A hint test, asked of failing cases only: with one game, the
    ints of // fail where the floats of / pass.)

    >>> _shares_floor_divided(Case((4,)), [0.0, 0.25, 1.0], [0.0, 0.0, 1.0])
    True
    """
    nb_sim = case.args[0]
    return _close(got, [round(p * nb_sim) // nb_sim for p in expected])


#: Seconds the checks of meilleur_echange_consecutif and res_multi_simulation_echange give the
#: student's code in all: the statement allows about 0.2 s a 52-card deck, and a check plays up
#: to 30 decks; a loaded machine may run it several times slower.
SWAP_CHECK_SECONDS = 30.0
#: Seconds the statement allows meilleur_echange_consecutif for a 52-card deck (the statement's
#: way, a game for each swap, takes about 4 ms).
SWAP_SECONDS_A_DECK = 0.2
_SLOW_SWAP_HINT = (
    "Right wherever it finished, but too slow: the statement allows about "
    f"{SWAP_SECONDS_A_DECK:g} s for a 52-card deck. Play each swapped deck once, with "
    "reussite_mode_auto on a copy made with list() (not copy.deepcopy, and not the game played "
    "again after every card)."
)


def _step_left_both_lists_as_given(case: Case, expected: Any, got: Any) -> bool:
    """A hint test of ``une_etape_reussite``: the piles and the deck are as the call was given
    them, where the statement's step changes both (it worked on copies: held-out 15a, ue_copy).

    >>> deck = cartes("7-P 8-C")
    >>> case = Case(([], deck))
    >>> _step_left_both_lists_as_given(case, ((None, [[deck[0]], [deck[1]]]), ""),
    ...                                ((deck[:1], [[], deck]), ""))
    True
    """
    (_, (piles, deck)), _ = got
    (_, wanted), _ = expected
    return bool([piles, deck] == [list(case.args[0]), list(case.args[1])] != wanted)


def _game_thrown_away_after_a_command(case: Case, expected: Any, got: Any) -> bool:
    r"""A hint test of ``reussite_mode_manuel``: no piles at all, where the game has some, in a
    case that types a command other than p and q (a try/except round the whole game that returns
    [] on the error the command raised: held-out 15a, rm_catch_all).

    >>> _game_thrown_away_after_a_command(Case((), stdin="p\ns x\nq\n"), ["7♠"], [])
    True
    >>> _game_thrown_away_after_a_command(Case((), stdin="p\nq\n"), ["7♠"], [])
    False
    """
    typed = (case.stdin or "").splitlines()
    return got == [] != expected and any(line.strip() not in ("p", "q") for line in typed)


TASKS = [
    Task(
        "carte_to_chaine",
        course.carte_to_chaine,
        [
            Case((carte("7-P"),), label="the text's example"),
            Case((carte("10-K"),), label="the text's example"),
            Case((carte("R-C"),), label="the text's example"),
        ]
        + [Case((c,)) for c in init_pioche_ordonnee(52)],
        silent=True,
        hints=[
            Hint(
                "Always 3 characters: a space on the left for every card that is not a 10.",
                lambda case, expected, got: (
                    len(got) != 3
                    or got == expected.strip().ljust(3)
                    or _padded_on_the_right(case, expected, got)
                ),
            ),
            Hint(
                "The values keep their French letters: 'A' (as), 'V' (valet), 'D' (dame), "
                "'R' (roi).",
                lambda case, expected, got: got[-1] == expected[-1] and got[:2] != expected[:2],
            ),
            Hint(
                "chr(9824) ♠ is pique (P), chr(9825) ♡ cœur (C), chr(9826) ♢ carreau (K), "
                "chr(9827) ♣ trèfle (T).",
                lambda case, expected, got: len(got) == 3 and got[:2] == expected[:2],
            ),
        ],
    ),
    Task(
        "afficher_reussite",
        course.afficher_reussite,
        lambda: (
            [Case((cartes("7-P 10-K R-C"),), label="the text's example")]
            + [Case((state,)) for state in _states(8)]
            + [Case(([],))]
        ),
        compare="stdout",
        drawn=_drawn_rows,
        helper_references=(_CARD,),
        hints=[
            Hint(
                "After the line of cards, print() once more for the blank line.",
                lambda case, expected, got: got + "\n" == expected,
            ),
            Hint(
                "No space at the end of the line: join the cards with ' '.",
                lambda case, expected, got: got.replace(" \n", "\n") == expected,
            ),
            Hint(
                "One space between two cards: ' '.join(...).",
                lambda case, expected, got: got != expected and got.replace("  ", " ") == expected,
            ),
            Hint(
                "One space between two cards, ' '.join(...): here the cards are written one "
                "against the next.",
                _cards_joined_with(""),
            ),
            Hint(
                "All the cards on one line, separated by single spaces (' '.join(...)), then "
                "the blank line: not one card a line.",
                _one_card_a_line,
            ),
            Hint(
                "Write each card with carte_to_chaine(carte) (' 7♠'), not as the dict it is.",
                lambda case, expected, got: "'valeur'" in got and "'valeur'" not in expected,
            ),
        ],
    ),
    Task(
        "init_pioche_fichier",
        course.init_pioche_fichier,
        _file_cases,
        drawn=_drawn_files,
        hints=[
            Hint(
                "The file holds the cards in drawing order: its first card is pioche[0], the "
                "first one drawn.",
                lambda case, expected, got: got != expected and got == expected[::-1],
            ),
            Hint(
                "Split on any whitespace (split() with no argument): a file may end with a "
                "newline, which is not part of the last card.",
                lambda case, expected, got: got[:-1] == expected[:-1] and got[-1] != expected[-1],
            ),
            Hint(
                "Each card of the file is written valeur-couleur, the value first: '10-K' is the "
                "10 of carreau, so '10-K'.split('-') gives the value, then the suit.",
                lambda case, expected, got: (
                    len(got) == len(expected) > 0
                    and got != expected
                    and all(
                        str(g["valeur"]) == e["couleur"] for g, e in zip(got, expected, strict=True)
                    )
                ),
            ),
            Hint(
                "The values 2 to 10 are ints: {'valeur': 7, ...}, not '7'.",
                lambda case, expected, got: (
                    [str(c["valeur"]) for c in got] == [str(c["valeur"]) for c in expected]
                    and any(
                        type(g["valeur"]) is not type(e["valeur"])
                        for g, e in zip(got, expected, strict=True)
                    )
                ),
            ),
        ],
    ),
    Task(
        "ecrire_fichier_reussite",
        course.ecrire_fichier_reussite,
        lambda: [Case((deck,)) for deck in _decks(4)],
        adapter=_writes_file,
        verdict=_deck_read_back,
        drawn=_drawn_decks(3),
        call_shown=_written_over_a_file,
        parts=(_READ_BACK, _TEXT),
        hints=[
            Hint(
                f"Open the file with 'w': what it held before is replaced, not added to (the "
                f"check's file already held {_FORMER_DECK.strip()!r}, which is still there).",
                lambda case, expected, got: got[1] == _STILL_THERE,
            ),
            Hint(
                "Write the cards in the order of the list, pioche[0] first (the first drawn).",
                lambda case, expected, got: got[1] != expected[1] and got[1] == expected[1][::-1],
            ),
            Hint(
                "Write the value itself (A, 7, 10), not its repr() in quotes ('A'): "
                "f\"{carte['valeur']}-{carte['couleur']}\" or str(carte['valeur']).",
                lambda case, expected, got: (
                    isinstance(got[1], str) and "has an unknown value \"'" in got[1]
                ),
            ),
            Hint(
                "Write each card as valeur-couleur (for example 7-K), the cards separated by "
                "spaces, in the order of the list.",
                lambda case, expected, got: (
                    isinstance(got[1], str) and got[1].startswith(_NO_BYTES["unreadable"] + ": ")
                ),
            ),
        ],
    ),
    Task(
        "init_pioche_alea",
        course.init_pioche_alea,
        [Case(args, random_seed=_seed_for(args)) for args in _DECK_CALLS],
        drawn=_drawn_deck_seeds,
        hints=[
            Hint(
                "Do not call random.seed in init_pioche_alea: whoever uses it seeds the "
                "generator before (the check does, with another seed for each call).",
                _seeded_inside,
            ),
            Hint(
                "The deck has nb_cartes cards: init_pioche_alea(52) builds and shuffles all 52 "
                "(the values of VALEURS, 2 to 6 too), not the 32 of VALEURS_32.",
                _a_deck_of_32_for_52,
            ),
            Hint(_DECK_ORDER, _valid_deck),
            Hint(
                "random.shuffle(pioche) shuffles the list in place and returns None: return "
                "the list itself.",
                lambda case, expected, got: got is None,
            ),
        ],
    ),
    Task(
        "verifier_pioche",
        course.verifier_pioche,
        _verifier_cases,
        drawn=_drawn_checks,
        hints=[
            Hint(
                "nb_cartes says which deck pioche must be: with 52, the 52-card deck (2 to 6 "
                "included), not always the 32-card one.",
                got_what(lambda pioche, nb_cartes=32: course.verifier_pioche(pioche, 32)),
            ),
            Hint(
                "Anything malformed gives False: pioche must be a list, and each card a dict with "
                "exactly the keys 'valeur' and 'couleur' (type(...) is list, .keys()).",
                lambda case, expected, got: got and not expected and _malformed(case.args[0]),
            ),
            Hint(
                "A value must have the type init_pioche_alea gives it, but == does not tell a "
                "float from an int (10.0 == 10 is True), so 'carte in pioche' takes a value "
                "10.0 for the value 10: compare the types of the values too (type(valeur)).",
                _a_deck_but_for_values_of_type(float),
            ),
            Hint(
                "A value must have the type init_pioche_alea gives it: the text '7' is not the "
                "value 7 (compare the values themselves, with their types, not their texts).",
                _a_deck_but_for_values_of_type(str),
            ),
            Hint(
                "Every card of the deck is in pioche, but that is not enough: pioche must hold "
                "nothing else (no card twice, no card of a bigger deck), and be a list.",
                _holds_the_whole_deck_and_more,
            ),
            Hint(
                "Check every card of the deck, each exactly once, and nothing else: the right "
                "number of cards is not enough.",
                lambda case, expected, got: got and not expected,
            ),
        ],
    ),
    Task(
        "alliance",
        course.alliance,
        _pairs,
        drawn=_drawn_pairs,
        hints=[
            Hint(
                "Allied means the same 'valeur' OR the same 'couleur'.",
                lambda case, expected, got: expected != got and type(got) is bool,
            ),
        ],
    ),
    Task(
        "saut_si_possible",
        course.saut_si_possible,
        _jump_cases,
        drawn=_drawn_jumps,
        arguments_after=True,
        mutates=True,
        helper_references=(_ALLIES,),
        hints=[
            Hint(
                "num_tas counts from 0, as list indexes do: pile num_tas is liste_tas[num_tas] "
                "(pile 0 is the first), and it can jump for 1 <= num_tas <= len(liste_tas) - 2. "
                "Only the manual mode's 's N' counts the piles from 1.",
                _jumped_the_pile_before,
            ),
            Hint(
                "Pile num_tas can jump only if there is a pile on each side, "
                "1 <= num_tas <= len(liste_tas) - 2: the first pile has no left neighbour and "
                "the last none on its right (no wrapping round to liste_tas[-1] or liste_tas[0]).",
                _jumped_out_of_range,
            ),
            Hint(
                "Make the jump in liste_tas itself (change the list given, in place): here the "
                "caller's list of piles is left as it was, as when a copy is changed.",
                _the_list_given_unchanged,
            ),
            Hint(
                "It is the two neighbours of pile num_tas that must be allied, not the pile "
                "itself with one of them.",
                _answered_as_the_pile_itself,
            ),
            Hint(
                "Return False when no jump is made: a function that ends without a return "
                "statement gives None.",
                lambda case, expected, got: got[0] is None and expected[0] is False,
            ),
            Hint(
                "The pile that jumps covers its left neighbour: liste_tas[num_tas - 1] = "
                "liste_tas[num_tas], then the pile num_tas is removed.",
                lambda case, expected, got: expected[0] == got[0] and expected[1] != got[1],
            ),
        ],
    ),
    Task(
        "une_etape_reussite",
        course.une_etape_reussite,
        _step_cases,
        drawn=_drawn_steps,
        arguments_after=True,
        mutates=True,
        compare="both",
        helper_references=_IN_A_GAME[2:],
        hints=[
            Hint(
                "This one changes both lists: make the step in liste_tas and pioche themselves "
                "(pioche.pop(0), liste_tas.append(...)), not in copies (list(...), [:]), which "
                "the caller never sees; it returns nothing.",
                _step_left_both_lists_as_given,
            ),
            Hint(
                "The card drawn is pioche[0], the first of the deck (pioche.pop(0)), not the last.",
                _step_made(draw_from_the_end=True),
            ),
            Hint(
                "The first jump to try is that of the pile just before the new card, "
                "liste_tas[len(liste_tas) - 2] once the card is laid: the new card is a neighbour, "
                "it does not jump first.",
                _step_made(first_jump_from_the_end=1),
            ),
            Hint(
                "Once the new card's left neighbour has jumped, look for more jumps again and "
                "again, as long as one is possible (the cascade), the leftmost first.",
                _step_made(cascade=False),
            ),
            Hint(
                "The cascade does not stop after one jump: after each jump, look again from the "
                "left (pile 1), and go on as long as a pile can jump.",
                _step_made(one_cascade_jump=True),
            ),
            Hint(
                "After each jump of the cascade, look again from the left (pile 1): earlier "
                "piles may have become able to jump.",
                _step_made(again_from_the_left=False),
            ),
            Hint(
                "Take the card drawn out of the deck (pioche.pop(0)): after the step, the "
                "caller's pioche has one card fewer.",
                lambda case, expected, got: (
                    got[0][1][0] == expected[0][1][0]
                    and got[0][1][1] == case.args[1] != expected[0][1][1]
                ),
            ),
            Hint(
                "With affiche, print the piles (afficher_reussite) after every change: once the "
                "new card is laid, then again after each jump, not only at the end of the step.",
                _printed_fewer_states,
            ),
            Hint(
                "In the cascade, always make the leftmost possible jump first, then look again "
                "from the left: the text's 7♣ example ends with 3 piles.",
                _leftmost_first,
            ),
            Hint(
                "The cascade starts only if the pile just before the new card jumped: when it "
                "cannot jump, the step ends there, even if another pile could jump.",
                _step_made(always_cascade=True),
                one_case=True,  # the no-cascade case proves it, whatever the others show
            ),
            Hint(
                "The step's own jump comes first: the pile just before the new card jumps "
                "(saut_si_possible(liste_tas, len(liste_tas) - 2)); only if it did, the cascade "
                "then looks for jumps from the left.",
                _step_made(leftmost_first=True),
                one_case=True,
            ),
        ],
    ),
    Task(
        "reussite_mode_auto",
        course.reussite_mode_auto,
        _auto_cases,
        drawn=_drawn_auto_games,
        compare="both",
        helper_references=_IN_A_GAME[1:],
        adapter=returning_new_objects(
            {
                0: "it returned the deck it was given, not the piles: return a new list of "
                "piles, [] for an empty deck, so that changing the answer does not change the "
                "caller's deck"
            },
            DeckReturnedItself,
            fresh="piles",
        ),
        hints=[
            Hint(
                "An empty deck lays no card: the game ends at once, with no piles, [] (pop(0) "
                "or pioche[0] on an empty list raises IndexError): play while a card is left.",
                _empty_deck_not_ended,
                errors=True,
            ),
            Hint(
                "Each card drawn is pioche[0], the first left in the deck, not the last.",
                _game_played(draw_from_the_end=True),
            ),
            Hint(
                "The game goes on as long as a card is left in the deck: the last card is laid "
                "too, with its jumps.",
                _without_the_last_card,
            ),
            Hint(
                "Play one step at a time (une_etape_reussite): each card drawn is followed by its "
                "jumps, before the next card is drawn; do not lay the whole deck first.",
                _laid_then_jumped,
            ),
            Hint(
                "After the new card's left neighbour jumps, look for more jumps (the cascade): "
                "again and again, the leftmost possible jump first, until none is possible, "
                "before the next card is drawn. une_etape_reussite makes a whole step.",
                _game_played(cascade=False),
            ),
            Hint(
                "The cascade does not stop after one jump: after each jump, look again from the "
                "left (pile 1), as long as a pile can jump.",
                _game_played(one_cascade_jump=True),
            ),
            Hint(
                "After each jump of the cascade, look again from the left (pile 1): earlier "
                "piles may have become able to jump.",
                _game_played(again_from_the_left=False),
            ),
            Hint(
                "In the cascade, always make the leftmost possible jump first, then look again "
                "from the left (as une_etape_reussite does): the text's 7♣ example ends with 3 "
                "piles.",
                _played_rightmost_first,
            ),
            Hint(
                "With affiche, print the whole deck first, then every state of the game.",
                lambda case, expected, got: expected[0] == got[0] and expected[1] != got[1],
            ),
        ],
    ),
    Task(
        "reussite_mode_manuel",
        course.reussite_mode_manuel,
        _manual_cases,
        drawn=_drawn_manual_games,
        helper_references=(_JUMP, _ALLIES),
        hints=[
            Hint(
                "It returned [] (no piles at all) after a command other than p and q: an error "
                "there (int('x') on 's x', an index out of range on 's N') must not end the "
                "game. Catch only the error you expect, where it happens (ValueError around "
                "int()), say the command is not one, change nothing, and read the next; never "
                "a try/except round the whole game that returns [].",
                _game_thrown_away_after_a_command,
            ),
            Hint(
                "'p' on an empty deck draws nothing: say the deck is empty and change nothing "
                "(pop(0) on an empty list raises IndexError); the game goes on while a jump "
                "remains.",
                _drew_from_an_empty_deck,
                errors=True,
            ),
            Hint(
                "The game ends when the deck is empty AND no jump is possible (or on 'q'): after "
                "the last card is drawn, go on reading commands while a jump remains.",
                _ends_too_soon,
            ),
            Hint(
                "Only 'p' alone draws: 'p 2' or 'px' is not a command, even with cards left in "
                "the deck, so say so and change nothing (compare the whole command with 'p', not "
                "its first letter).",
                _drew_on_what_starts_as_p,
            ),
            Hint(
                "Only p, s N (N a number) and q are commands: anything else (s x, p 2) changes "
                "nothing.",
                lambda case, expected, got: case.label == _UNKNOWN,
            ),
            Hint(
                "'s N' makes pile N jump only if the rules allow it (its two neighbours allied): "
                "otherwise the move is impossible and nothing changes, as the player may not "
                "cheat.",
                _jumped_against_the_rule,
            ),
            Hint(
                "'s N' numbers the piles from 1, as the player sees them: pile N is "
                "liste_tas[N - 1].",
                lambda case, expected, got: (
                    got != expected
                    and got == _piles_numbered_from_zero(case.args[0], case.stdin or "")
                ),
            ),
            # After the hint above, and shown only by a case that tells the two mistakes apart
            # (one_case): some end with the same piles ('s 3' then 's 1' on the course's small
            # deck), and a version that numbers the piles from 0 was told of jumps made for the
            # player, which it never makes (held-out 12a, rm_zero_based).
            Hint(
                "'p' only lays the next card of the deck at the right of the piles: in this mode "
                "the jumps are the player's, asked for with 's N', and none is made for them.",
                _jumps_made_for_the_player_shown,
                one_case=True,
            ),
            Hint(
                "Pile 1 has no left neighbour and 's 0' names no pile: only piles 2 to "
                "len(liste_tas) - 1 can jump, and their neighbours do not wrap round the ends "
                "of the list (liste_tas[-1] is not a left neighbour); saut_si_possible checks "
                "this when num_tas is N - 1.",
                _jumped_wrapping_round,
            ),
            Hint(
                "On 'q', lay the rest of the deck one card at a time, without any jump.",
                lambda case, expected, got: len(got) < len(expected),
            ),
        ],
    ),
    Task(
        "lance_reussite",
        course.lance_reussite,
        [
            _seeded_call(("auto",)),
            _seeded_call(("auto", 32)),
            _seeded_call(("auto", 52)),
            _seeded_call(("auto", 52, True)),
            _seeded_call(("manuel", 32), stdin="q\n"),
            _seeded_call(("manuel", 52, False, 4), stdin="q\n"),
        ],
        adapter=_printed_in_auto_mode,
        compare="both",
        drawn=_drawn_launches,
        helper_references=(*_DEALER_REFERENCE, *_IN_A_GAME),
        hints=[
            Hint(
                "Draw one deck (init_pioche_alea(nb_cartes), once) and play that deck: a second "
                "call draws another deck, so the game played is not the one of the deck drawn "
                "first.",
                _second_deck_played,
            ),
            Hint(
                "In mode 'manuel' the player plays: call reussite_mode_manuel(pioche, "
                "nb_tas_max), which reads the player's commands; only 'auto' plays by itself.",
                _manual_played_as_auto,
            ),
            Hint(
                _SAME_SEED,
                lambda case, expected, got: type(got[0]) is list and got[0] != expected[0],
            ),
            Hint(
                "Pass affiche on: reussite_mode_auto(pioche, affiche) prints the game when "
                "affiche is True, and only then.",
                lambda case, expected, got: got[0] == expected[0] and got[1] != expected[1],
            ),
        ],
    ),
    Task(
        "meilleur_echange_consecutif",
        course.meilleur_echange_consecutif,
        lambda: (
            # The decks too short for a swap come first, so that a report notes them when it
            # shows another case; they are shown last (simplest), so that a mistake about the
            # swap is shown on a deck that has one.
            [Case((cartes("8-C"),), label=_NO_PAIR), Case(([],), label=_NO_PAIR)]
            + [Case((deck,)) for deck in _decks(10)]
            + [
                Case((cartes("8-C 7-K R-C 2-P"),), label="the statement's example: a tie"),
                Case((cartes("8-C 7-K"),), label="two cards: one swap only"),
            ]
        ),
        # The statement's budget is about 0.2 s a 52-card deck (the statement's way takes a
        # few ms); 30 s for the whole check leaves a right but slow version room on a loaded
        # machine (held-out 15a, me_slow: 0.15 s of CPU a deck, 16 cases, failed at 10 s).
        time_limit=10,
        total_time_limit=SWAP_CHECK_SECONDS,
        slow_hint=_SLOW_SWAP_HINT,
        drawn=_drawn_swaps,
        simplest=lambda case: case.label == _NO_PAIR,
        adapter=_returns_a_new_deck,
        helper_references=_IN_A_SIMULATION[1:],
        returns=("the deck with the best swap made", "the number of piles it saves"),
        hints=[
            Hint(
                "A deck of fewer than 2 cards has no pair to swap: return a copy of the deck and "
                "0, as the statement says.",
                lambda case, expected, got: case.label == _NO_PAIR,
                errors=True,
            ),
            Hint(
                "The swap is made even when no swap saves a pile (the best one then saves 0 or "
                "fewer): the answer is never the deck as given.",
                _or_no_pair(_no_swap_when_none_saves),
            ),
            Hint(
                "The last two cards are a pair too: try the swap of pioche[i] and pioche[i + 1] "
                "for every i from 0 to len(pioche) - 2, range(len(pioche) - 1); with two cards "
                "that is the only swap.",
                _or_no_pair(_last_pair_not_tried),
            ),
            Hint(
                "On a tie, keep the swap with the largest index: compare with <=, not <.",
                _or_no_pair(
                    lambda case, expected, got: type(got) is tuple and got[1] == expected[1]
                ),
            ),
            Hint(
                "The second result is the number of piles saved: piles before the swap minus "
                "piles after it.",
                _or_no_pair(
                    lambda case, expected, got: type(got) is tuple and got[0] == expected[0]
                ),
            ),
        ],
    ),
    Task(
        "res_multi_simulation",
        course.res_multi_simulation,
        [_seeded_call(args) for args in [(1,), (5,), (50, 32), (20, 52)]],
        drawn=_after_a_seed(_drawn_games(60)),
        helper_references=_IN_A_SIMULATION,
        hints=[
            Hint(
                "Play nb_sim games, one number each: the list has nb_sim elements.",
                lambda case, expected, got: type(got) is list and len(got) != len(expected),
            ),
            Hint(_SAME_SEED, _other_decks_drawn),
            Hint(
                "Shuffle a new deck for every game.",
                lambda case, expected, got: len(got) > 1 and len(set(got)) == 1,
            ),
        ],
    ),
    Task(
        "res_multi_simulation_echange",
        course.res_multi_simulation_echange,
        [_seeded_call(args) for args in [(1,), (4,), (10, 32), (3, 52)]],
        drawn=_after_a_seed(_drawn_games(6)),
        helper_references=(_SWAP, *_IN_A_SIMULATION),
        returns=("piles without any swap", "piles after the best consecutive swap"),
        time_limit=10,
        total_time_limit=SWAP_CHECK_SECONDS,
        slow_hint=_SLOW_SWAP_HINT,
        hints=[
            Hint(
                "Each pair is (piles without the swap, piles with the best swap), for the "
                "same deck.",
                lambda case, expected, got: [p[::-1] for p in got] == expected,
            ),
            Hint(
                "The second number is the piles left after the best swap, not the number of "
                "piles it saves.",
                lambda case, expected, got: (
                    got == [type(pair)((pair[0], pair[0] - pair[1])) for pair in expected]
                ),
            ),
            Hint(
                "Both numbers of a pair come from one deck: draw one deck a game "
                "(init_pioche_alea), play it without a swap, then with the best swap of that "
                "same deck.",
                lambda case, expected, got: (
                    got != expected
                    and len(got) == len(expected)
                    and type(got[0]) is tuple
                    and got[0][0] == expected[0][0]
                ),
            ),
        ],
    ),
    Task(
        "statistiques_nb_tas",
        course.statistiques_nb_tas,
        [_seeded_call(args) for args in [(1,), (2,), (5,), (4,), (6, 52), (100, 32), (50, 52)]],
        compare="stdout",
        drawn=_after_a_seed(_drawn_games(60)),
        helper_references=(_SIMULATIONS, *_IN_A_SIMULATION),
        hints=[
            Hint(
                "The first line ends with ' :', a space before the colon as French writes it: "
                "'Sur N réussites à C cartes :'.",
                _spaced_otherwise(first_line=True),
            ),
            Hint(
                "The colons line up: each name is padded to the longest one, 'nombre minimum "
                "de tas'.",
                _spaced_otherwise(first_line=False),
            ),
            Hint(
                "With an even number of games the median is the mean of the two middle values "
                "(statistics.median gives 11.5 for [9, 11, 12, 14]), not one of them.",
                _other_median,
            ),
            Hint(
                "The median is written with f'{median:g}': 7 and 11.5, not 7.00 or 7.0.",
                _median_written_otherwise,
            ),
            Hint(
                "The standard deviation is statistics.stdev, that of a sample (divided by "
                "n - 1), not statistics.pstdev.",
                _only_line_differs("écart"),
            ),
            Hint(
                "As the statement says, the standard deviation line is left out when nb_sim is "
                "1: print it only for 2 games or more.",
                _deviation_printed_for_one_game,
            ),
            Hint(
                "Compute every statistic from one list of results: call res_multi_simulation "
                "once (each call plays new games).",
                _other_games_for_some,
            ),
        ],
    ),
    Task(
        "probabilites_victoire",
        course.probabilites_victoire,
        [_seeded_call(args) for args in [(1,), (300, 32), (200, 52)]],
        adapter=_rounded,
        drawn=_after_a_seed(_drawn_games(100)),
        helper_references=(_SIMULATIONS, *_IN_A_SIMULATION),
        hints=[
            Hint(
                "p[k] is a share of the games, from 0 to 1, not a number of games: divide each "
                "count by nb_sim.",
                _counts_not_shares,
                types=True,
            ),
            Hint(
                "Divide with /, not //: the floor division count // nb_sim rounds every share "
                "below 1 down to 0.",
                _shares_floor_divided,
                types=True,
            ),
            Hint(
                "p[k] is the share of games that end with AT MOST k piles (k from 0 to "
                "nb_cartes), so p[nb_cartes] is 1.",
                lambda case, expected, got: (
                    len(got) == len(expected)
                    and all(type(p) in (int, float) for p in got)
                    and got[-1] != 1
                ),
            ),
            Hint(
                "The list has nb_cartes + 1 shares: k goes from 0 to nb_cartes included.",
                lambda case, expected, got: len(got) != len(expected),
            ),
            Hint(
                "p[k] counts the games that end with at most k piles (<= k): k piles included.",
                lambda case, expected, got: _close(got, [0.0, *expected[:-1]]),
            ),
        ],
    ),
    Task(
        "graphique_probabilites",
        course.graphique_probabilites,
        [Case((200,)), Case((100, 52))],
        adapter=_plot_seen,
        drawn=_drawn_games(30, count=1),
        helper_references=(_SHARES, _SIMULATIONS, *_IN_A_SIMULATION),
        hints=[
            Hint(
                "End with plt.show(), as the text says: it shows the figure.",
                lambda case, expected, got: not got["plt.show() called"],
            ),
            Hint(
                "Label both axes (plt.xlabel and plt.ylabel), as the text asks.",
                lambda case, expected, got: (
                    got["points drawn"] == expected["points drawn"] and not got["axes labelled"]
                ),
            ),
            Hint(
                "graphique_probabilites returns nothing: it draws and shows the figure, and "
                "ends without a return (the probabilities are probabilites_victoire's answer).",
                lambda case, expected, got: (
                    expected["returned"] is None
                    and got["returned"] is not None
                    and {**got, "returned": None} == expected
                ),
            ),
            Hint(
                "Draw one line of the points (k, p[k]) for k from 2 to nb_cartes.",
                lambda case, expected, got: (
                    got["plt.show() called"] and got["points drawn"] != expected["points drawn"]
                ),
            ),
        ],
    ),
]

#: ``check(function)`` in the exercise notebook.
check = Checker(replace(task, needs_docstring=True) for task in TASKS)
