r"""The lessons' pointers lead somewhere, and their terms are explained before use (issue 41).

Two slips that a reader meets and that :mod:`test_prose_numbers` does not look for: a pointer
to a cell that is not there ("the cell below says how long they took", where the cell below
shows only a progress bar), and a term used before the lesson explains it or says where it is
explained ("p-value" in lesson 05, explained in lesson 01). This test reads the lessons
(``notebooks/``) and the exercises (``solutions/``, from which ``exercises/`` is made) with the
Markdown reader of :mod:`test_prose_numbers` (:func:`~test_prose_numbers.prose`), and checks:

**Pointers to cells** (:data:`CELL_POINTERS`), in Markdown, in a code cell's comments and in
the text its stored outputs show. Cells are counted as Jupyter shows them, every kind alike:
"the cell below" and "the next cell" are the cell right after, "the cell after the next" and
"the cell after it" (after the one just pointed at) the one after that, "the second cell below"
the second after, "the cell above" and "the previous cell" the one right before. The cell
pointed at must exist and be a code cell. "The two cells below" are the two cells after, both
code; "the cells below" (or above), with no count, are the code cells right after it (or
before), at least one. When the pointer's verb says that the cell shows something (prints,
says, writes, shows, gives, draws, times, lists, plots, measures, counts, compares, reports),
the cell, or one of the cells, has a stored output other than a progress bar, an error, a
widget (whose state the notebook does not store) or a bare object's ``repr``: a stream,
Markdown, HTML, an image or a value. The verb comes right after the pointer or after a clause
between commas ("the cell below, on the same seeds, prints"). A verb other than these
("plays", "checks", "sets") asks for no output.

**Pointers to what a cell shows** (:data:`SHOWN_POINTERS`): "the sentence(s) above/below",
"the first line above" and "the lines below" point to the code cells next to the pointer in
that direction (those right after it, or right before, up to the first cell of another kind),
and one of them shows text: Markdown, a stream or a value. A thing named ("the table", "the
leaderboard", "the row"; "the figure", "the plot", "the chart", "the heat map", "the histogram",
"the graph"; "the picture", "the board") above or below is the nearest cell in that direction,
at most :data:`NEAREST` cells away, that shows one: a table is an HTML ``<table>``, a pipe
table (in Markdown or a Markdown output) or printed lines in columns (two lines with at least
two gaps of two spaces); a figure is an image (``image/*``, or HTML or Markdown holding an
``<img>``, an ``<svg>`` or a picture); a picture or a board is a figure or any shown output (a
board printed as text); a row (of cards) is a picture. For the sentences and things a code
cell's comments and outputs point to, the cell's own outputs count too ("the table above" in
the sentence printed under it). A thing farther away than
:data:`NEAREST` cells is named by its section instead.

**Pointers to sections**, in Markdown, by a title in italics: "*Where does the time go?* above"
names a section of this notebook (a heading, or the bold words that open a paragraph or a list
item) in that direction, the pointer's own cell included; "notebook 01's *Comparing two
estimates* and *Paired or independent*" names sections of lesson 01. Italics that are no
section's title ("*solved* above") are not read as a pointer.

**Terms** (:data:`TERMS`): for each term and each notebook that uses it, the first cell that
uses it (Markdown, or the Markdown or printed text a code cell shows; not code nor comments)
comes at or after a Markdown cell that explains it (a phrase of the explanation, in a notebook
that :data:`TERMS` names as explaining it) or that points to a notebook that explains it: a
link to that notebook's file in the same paragraph as the term (a lesson's file or, for the
exercises, ``../exercises/`` or ``../solutions/``). In a notebook that explains the term, the
explanation comes at or before the first use; its opening cell, whose list of what you will
learn announces the term, is not a use.

What it cannot do: it knows the pointers and terms of its lists, and only their words (a
pointer in other words, "the following output", or a term under another name passes); it reads
where a pointer leads and what kind of output is there, not whether the output says what the
prose promises; a pointer written by code is read from the stored outputs, so it is checked as
last run; a pointer to a named thing is checked for the nearest one, not the one meant.
"""

from __future__ import annotations

import html
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

import nbformat
import pytest
from nbformat import NotebookNode
from test_prose_numbers import LESSONS as LESSON_PATHS
from test_prose_numbers import NOTEBOOKS, _comments, key_of, prose

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from clean_notebooks import is_progress_bar

# What a cell shows ----------------------------------------------------------------------------

#: How many cells away a named thing ("the table above") may be.
NEAREST = 10

_WIDGET = "application/vnd.jupyter.widget-view+json"
#: A value's text that shows nothing of it: ``<Figure size 640x480 with 1 Axes>``,
#: ``<IPython.core.display.Markdown object>``.
_BARE_REPR = re.compile(r"\s*<[^<>]*(?:object|at 0x[0-9a-f]+|Figure size[^<>]*)>\s*")
_PIPE_TABLE = re.compile(r"^\s*\|.*\|\s*$", re.M)
_HTML_TABLE = re.compile(r"<table\b", re.IGNORECASE)
_HTML_IMAGE = re.compile(r"<(?:img|svg)\b|!\[", re.IGNORECASE)
#: A printed line in columns: at least two gaps of two spaces between words.
_COLUMNS = re.compile(r"\S(?: {2,}|\t)\S.*?\S(?: {2,}|\t)\S")


def _text(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


def shown_outputs(cell: NotebookNode) -> list[NotebookNode]:
    r"""The stored outputs of a code cell that show a reader something: not a progress bar, an
    error, a widget (its state is not stored) or a bare object's ``repr``.

    >>> cell = nbformat.v4.new_code_cell(outputs=[
    ...     nbformat.v4.new_output("stream", text="deals: 50%|#####     | 5/10 [00:01<00:01]"),
    ...     nbformat.v4.new_output("execute_result", {"text/plain": "<Figure size 6x4>"}),
    ...     nbformat.v4.new_output("stream", text="won 3\n")])
    >>> [_text(output.text) for output in shown_outputs(cell)]
    ['won 3\n']
    """
    shown = []
    for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
        if output.output_type == "error" or is_progress_bar(output):
            continue
        if output.output_type == "stream":
            if _text(output.text).strip():
                shown.append(output)
            continue
        data = {kind: _text(value) for kind, value in output.get("data", {}).items()}
        if _WIDGET in data:  # its state is stripped from the stored notebook: it shows nothing
            continue
        plain = data.pop("text/plain", "")
        if data or (plain.strip() and not _BARE_REPR.fullmatch(plain)):
            shown.append(output)
    return shown


def output_texts(cell: NotebookNode) -> list[str]:
    """The text a code cell's outputs show, as a reader gets it: its Markdown and HTML read as
    in Markdown, its streams, and a value's text where nothing richer stands beside it."""
    texts = []
    for output in shown_outputs(cell):
        if output.output_type == "stream":
            texts.append(_text(output.text))
            continue
        data = {kind: _text(value) for kind, value in output.get("data", {}).items()}
        rich = [data[kind] for kind in ("text/markdown", "text/html", "text/latex") if kind in data]
        texts += [prose(text) for text in rich] or [data.get("text/plain", "")]
    return texts


def _shows_text(cell: NotebookNode) -> bool:
    """Whether a code cell shows text: a stream, Markdown, or a value's own text (not the
    ``repr`` beside a picture)."""
    for output in shown_outputs(cell):
        data = {kind: _text(value) for kind, value in output.get("data", {}).items()}
        plain = data.pop("text/plain", "")
        if output.output_type == "stream" or {"text/markdown", "text/latex"} & data.keys():
            return True
        if not data and plain.strip() and not _BARE_REPR.fullmatch(plain):
            return True
    return False


def _shows_table(cell: NotebookNode) -> bool:
    if cell.cell_type == "markdown":
        return bool(_PIPE_TABLE.search(cell.source) or _HTML_TABLE.search(cell.source))
    for output in shown_outputs(cell):
        data = {kind: _text(value) for kind, value in output.get("data", {}).items()}
        if _HTML_TABLE.search(data.get("text/html", "")) or _PIPE_TABLE.search(
            data.get("text/markdown", "")
        ):
            return True
        printed = _text(output.text) if output.output_type == "stream" else ""
        printed = printed or ("" if data.keys() - {"text/plain"} else data.get("text/plain", ""))
        if len(_COLUMNS.findall(printed)) >= 2:
            return True
    return False


def _shows_figure(cell: NotebookNode) -> bool:
    if cell.cell_type == "markdown":
        return bool(_HTML_IMAGE.search(cell.source))
    for output in shown_outputs(cell):
        data = {kind: _text(value) for kind, value in output.get("data", {}).items()}
        if any(kind.startswith("image/") for kind in data) or any(
            _HTML_IMAGE.search(data.get(kind, "")) for kind in ("text/html", "text/markdown")
        ):
            return True
    return False


def _shows_picture(cell: NotebookNode) -> bool:
    return _shows_figure(cell) or bool(shown_outputs(cell))


#: What each named thing is, by what its cell shows.
SHOWS = {
    "table": _shows_table,
    "leaderboard": _shows_table,
    "row": _shows_picture,
    "figure": _shows_figure,
    "plot": _shows_figure,
    "chart": _shows_figure,
    "heat map": _shows_figure,
    "histogram": _shows_figure,
    "graph": _shows_figure,
    "picture": _shows_picture,
    "board": _shows_picture,
}


# The pointers ---------------------------------------------------------------------------------

_COUNTS = {"first": 1, "second": 2, "third": 3, "two": 2, "three": 3}
#: The verbs that say a cell shows something, right after the pointer or after a clause between
#: commas ("the cell below, on the same seeds, prints").
OUTPUT_VERB = re.compile(
    r"(?:\s*,[^,.;]{1,80},)?\s+(?:also\s+|then\s+|first\s+)?"
    r"(?:prints?|says?|writes?|shows?|gives?|draws?|times?"
    r"|lists?|plots?|measures?|counts?|compares?|reports?)\b",
    re.IGNORECASE,
)


class Pointer(NamedTuple):
    """A pointer to cells: the offsets of the cells it names (every one a code cell), or a run
    of code cells in a direction (``run``, at least one), and whether one must show output."""

    offsets: tuple[int, ...]
    run: int  #: 1 or -1 for "the cells below" or "above", with no count; else 0
    output: bool


def _offsets(words: list[str]) -> tuple[tuple[int, ...], int]:
    """The offsets a pointer's words name, or the direction of a run of cells.

    >>> _offsets("the cell after the next".split()), _offsets("the cells above".split())
    (((2,), 0), ((), -1))
    """
    if "after" in words:  # after this cell, or after the cell just named
        return ((1,) if words[-1] == "this" else (2,)), 0
    direction = -1 if "above" in words or "previous" in words else 1
    count = next((_COUNTS[word] for word in words if word in _COUNTS), 0)
    if "cells" in words:
        return (
            (tuple(direction * step for step in range(1, count + 1)), 0)
            if count
            else ((), direction)
        )
    return (direction * (count or 1),), 0


#: A pointer to cells, in words: the cell below, the next cell, the cell after the next...
CELL_POINTERS = re.compile(
    r"\bthe (?:(?:first|second|third) cell (?:below|above)|(?:two|three) cells (?:below|above)"
    r"|cells? (?:below|above)|(?:next|following|previous) cell"
    r"|cell after (?:the next|it|that|this))\b",
    re.IGNORECASE,
)


def cell_pointers(text: str) -> Iterator[tuple[str, Pointer]]:
    """The pointers to cells in a text, with the cells they name.

    >>> for words, pointer in cell_pointers("The cell after the next prints it; the two cells "
    ...                                     "below plot it; see the cell above."):
    ...     print(words, tuple(pointer))
    The cell after the next ((2,), 0, True)
    the two cells below ((1, 2), 0, True)
    the cell above ((-1,), 0, False)
    """
    for match in CELL_POINTERS.finditer(text):
        offsets, run = _offsets(match[0].lower().split())
        shows = bool(OUTPUT_VERB.match(text, match.end()))
        yield match[0], Pointer(offsets, run, shows)


#: A pointer to the text a cell shows ("the sentence above"), or to a thing it shows.
SHOWN_POINTERS = re.compile(
    rf"\bthe (?:(?:first|last|next) )?(?P<thing>sentences?|lines?|{'|'.join(SHOWS)})"
    rf" (?P<direction>above|below)\b",
    re.IGNORECASE,
)


def _run(cells: list[NotebookNode], index: int, step: int) -> list[int]:
    """The code cells right after ``index`` (step 1) or right before it (step -1)."""
    run = []
    at = index + step
    while 0 <= at < len(cells) and cells[at].cell_type == "code":
        run.append(at)
        at += step
    return run


def _cell_finding(cells: list[NotebookNode], index: int, words: str, pointer: Pointer) -> str:
    """What is wrong with a pointer to cells from cell ``index``, or ""."""
    if pointer.run:
        named = _run(cells, index, pointer.run)
        if not named:
            return f"{words!r}: no code cell right {'after' if pointer.run > 0 else 'before'} it"
    else:
        named = [index + offset for offset in pointer.offsets]
        for at in named:
            if not 0 <= at < len(cells) or cells[at].cell_type != "code":
                kind = "no cell" if not 0 <= at < len(cells) else f"a {cells[at].cell_type} cell"
                return f"{words!r} names cell {at}: {kind}, not a code cell"
    if pointer.output and not any(shown_outputs(cells[at]) for at in named):
        return f"{words!r} says it shows something, but cell(s) {named} show nothing stored"
    return ""


def _shown_finding(cells: list[NotebookNode], index: int, match: re.Match[str]) -> str:
    """What is wrong with a pointer to what a cell shows, from cell ``index``, or ""."""
    thing = match["thing"].lower()
    step = 1 if match["direction"].lower() == "below" else -1
    own = [index] if cells[index].cell_type == "code" else []  # a sentence under its table
    if thing.startswith(("sentence", "line")):
        if not any(_shows_text(cells[at]) for at in own + _run(cells, index, step)):
            return f"{match[0]!r}: no code cell right {match['direction']} it shows text"
        return ""
    window = own + [index + step * k for k in range(1, NEAREST + 1)]
    if not any(0 <= at < len(cells) and SHOWS[thing](cells[at]) for at in window):
        return f"{match[0]!r}: no {thing} within {NEAREST} cells {match['direction']} it"
    return ""


def _emphasis_dropped(text: str) -> str:
    """Markdown's bold and italics marks dropped, so that words read as words."""
    return re.sub(r"(?<![\w*])[*_]+(?=\w)|(?<=\w)[*_]+(?![\w*])", "", text.replace("**", ""))


def pointer_texts(cell: NotebookNode) -> list[str]:
    """The texts of a cell that may point to another cell: a Markdown or raw cell's prose; a
    code cell's comments and the text its outputs show."""
    if cell.cell_type in ("markdown", "raw"):
        texts = [prose(cell.source)]
    else:
        texts = [*_comments(cell.source), *output_texts(cell)]
    return [_emphasis_dropped(html.unescape(text)) for text in texts]


def pointer_findings(cells: list[NotebookNode]) -> list[str]:
    """Every pointer of a notebook's cells that leads nowhere, or to a cell that shows nothing
    where it says the cell shows something."""
    found = []
    for index, cell in enumerate(cells):
        for text in pointer_texts(cell):
            for words, pointer in cell_pointers(text):
                finding = _cell_finding(cells, index, words, pointer)
                found += [f"cell {index}: {finding}"] if finding else []
            for match in SHOWN_POINTERS.finditer(text):
                finding = _shown_finding(cells, index, match)
                found += [f"cell {index}: {finding}"] if finding else []
    return found


# The sections ---------------------------------------------------------------------------------

#: A section's title: a Markdown heading, or the bold words that open a paragraph or a list item
#: ("**Comparing two estimates.** Two simulations...").
_HEADING = re.compile(r"^#+\s+(?P<hashed>.+?)\s*$|^(?:[*-]\s+)?\*\*(?P<bold>[^*]+?)\*\*", re.M)
#: A pointer to a section by its title in italics: "*Where does the time go?* above", or
#: "notebook 01's *Comparing two estimates* and *Paired or independent*".
SECTION_HERE = re.compile(r"\*(?P<title>[^*\s][^*]*)\* (?P<direction>above|below)\b")
SECTION_THERE = re.compile(
    r"\bnotebook (?P<number>\d\d)['’]s \*(?P<title>[^*]+)\*(?: and \*(?P<also>[^*]+)\*)?"
)


def _title(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip(" .:?!").lower()


def headings(cells: list[NotebookNode]) -> list[tuple[int, str]]:
    """The sections of a notebook: (cell index, title), titles in lower case without their
    last stop.

    >>> headings([markdown("## Where does the time go?"), markdown("**Paired.** When...")])
    [(0, 'where does the time go'), (1, 'paired')]
    """
    return [
        (index, _title(heading["hashed"] or heading["bold"]))
        for index, cell in enumerate(cells)
        if cell.cell_type == "markdown"
        for heading in _HEADING.finditer(cell.source)
    ]


def section_findings(
    cells: list[NotebookNode], lesson: Callable[[str], list[NotebookNode]]
) -> list[str]:
    """Every pointer to a section, in Markdown, whose section is not there: "*Title* above"
    names a section of this notebook in that direction (the pointer's own cell counts), and
    "notebook 01's *Title*" one of lesson 01 (``lesson`` gives a lesson's cells by its number).
    """
    found = []
    own = headings(cells)
    for index, cell in enumerate(cells):
        if cell.cell_type != "markdown":
            continue
        source = re.sub(r"\s+", " ", cell.source)
        for match in SECTION_HERE.finditer(source):
            above = match["direction"] == "above"
            places = [at for at, title in own if title == _title(match["title"])]
            if places and not any(at <= index if above else at >= index for at in places):
                found.append(
                    f"cell {index}: {match[0]!r}: the section is {'below' if above else 'above'}"
                )
        for match in SECTION_THERE.finditer(source):
            theirs = {title for _, title in headings(lesson(match["number"]))}
            for title in filter(None, (match["title"], match["also"])):
                if _title(title) not in theirs:
                    found.append(
                        f"cell {index}: notebook {match['number']} has no section *{title}*"
                    )
    return found


# The terms ------------------------------------------------------------------------------------


class Term(NamedTuple):
    """A term a lesson explains, and where: (notebook key, a phrase of the explaining cell)."""

    name: str
    #: a regular expression for its uses, case-insensitive unless it has capitals (then its
    #: words in any case are marked ``(?i:...)``)
    pattern: str
    explained: tuple[tuple[str, str], ...]


TERMS = [
    Term("p-value", r"\bp-values?\b", (("01", "the chance that luck alone would make"),)),
    Term(
        "paired",
        r"\bpaired\b(?! bar)",
        (("01", "Paired or independent. When the two estimates come from the same deals"),),
    ),
    Term(
        "confidence interval",
        r"\b(?i:confidence intervals?)\b|\b95 ?% (?i:confidence )?(?:(?i:intervals?|bands?)|CI)\b",
        (("00", "report a 95% confidence interval"),),
    ),
    Term(
        "Wilson",
        r"\bWilson",
        (
            ("00", "The interval comes from the Wilson score method"),
            ("ex07", "Wilson's score interval (1927)"),
        ),
    ),
    Term(
        "bootstrap",
        r"\bbootstrap",
        (
            ("04", "the hands drawn again at random"),
            ("06", "bootstrap intervals (resampling the deals of each group)"),
        ),
    ),
    Term("numba", r"\bnumba\b", (("07", "numba translates a Python function"),)),
    Term(
        "A*",
        r"(?<![\w*])A\*",
        (("05", "A* keeps the states it has reached in a queue ordered by moves made plus bound"),),
    ),
    Term("kernel", r"\bkernels?\b", (("07", "the compiled function (the kernel)"),)),
    Term("lockstep", r"\blockstep\b", (("07", "do not wait for each other"),)),
    Term("min-plus", r"\bmin-plus\b", (("04", "the products replaced by sums and the sum by a"),)),
    Term(
        "Mersenne Twister",
        r"\bMersenne Twister",
        (
            ("07", "Its state is 624 numbers of 32 bits"),
            ("ex07", "whose state is a list of 624 words of 32 bits"),
        ),
    ),
    Term(
        "dynamic programming", r"\bdynamic programming\b", (("04", "That is dynamic programming"),)
    ),
    Term(
        "expectimax",
        r"\bexpectimax\b",
        (("05", "at a choice, take the better of the two; at a chance, take the average"),),
    ),
]


def _term_pattern(term: Term) -> re.Pattern[str]:
    flags = 0 if re.search(r"[A-Z]", term.pattern) else re.IGNORECASE
    return re.compile(term.pattern, flags)


def _plain(text: str) -> str:
    """Text as :func:`prose` reads it, with Markdown's bold marks dropped (``**A***`` is A*)."""
    return prose(text).replace("**", "")


def _words(text: str) -> str:
    """Text for finding a phrase: every emphasis mark dropped."""
    return _plain(text).replace("*", "").replace("_", " ")


#: A link to a notebook's file: ``](01_aces_in_sequence.ipynb)``, ``](../exercises/07_x.ipynb)``.
_NOTEBOOK_LINK = re.compile(r"\]\(\s*(?P<folder>[^\s()]*?)(?P<number>\d\d)_[\w-]+\.ipynb")


def linked_keys(paragraph: str, exercises: bool) -> set[str]:
    """The keys of the notebooks a text links to; ``exercises`` if it is in an exercise notebook.

    >>> sorted(linked_keys("[01](01_a.ipynb), [ex](../exercises/07_b.ipynb)", False))
    ['01', 'ex07']
    >>> sorted(linked_keys("[lesson](../notebooks/05_c.ipynb) [06](06_d.ipynb)", True))
    ['05', 'ex06']
    """
    keys = set()
    for link in _NOTEBOOK_LINK.finditer(paragraph):
        folder = link["folder"]
        in_exercises = (
            "exercises/" in folder or "solutions/" in folder or (exercises and "/" not in folder)
        )
        keys.add(("ex" if in_exercises else "") + link["number"])
    return keys


def _uses(cell: NotebookNode, pattern: re.Pattern[str]) -> bool:
    if cell.cell_type in ("markdown", "raw"):
        return bool(pattern.search(_plain(cell.source)))
    return any(pattern.search(text.replace("**", "")) for text in output_texts(cell))


def _explains(cell: NotebookNode, phrase: str) -> bool:
    return cell.cell_type == "markdown" and _words(phrase) in _words(cell.source)


#: How far (in characters of the Markdown) a link may stand from the term it explains.
NEAR_LINK = 600


def _points(cell: NotebookNode, pattern: re.Pattern[str], keys: set[str], exercises: bool) -> bool:
    """Whether a Markdown cell links to a notebook of ``keys`` near a use of the term.

    >>> cell = nbformat.v4.new_markdown_cell("A *p-value* ([01](01_a.ipynb) explains it)")
    >>> _points(cell, re.compile("p-value"), {"01"}, False)
    True
    """
    if cell.cell_type != "markdown":
        return False
    source = re.sub(r"\s+", " ", cell.source.replace("**", ""))
    links = [
        (link.start(), linked_keys(link[0], exercises)) for link in _NOTEBOOK_LINK.finditer(source)
    ]
    return any(
        abs(use.start() - at) <= NEAR_LINK and linked & keys
        for use in pattern.finditer(source)
        for at, linked in links
    )


def term_findings(cells: list[NotebookNode], key: str) -> list[str]:
    """Every term a notebook (``key``: "05", "ex05") uses before it explains it or points to
    where it is explained."""
    found = []
    exercises = key.startswith("ex")
    for term in TERMS:
        pattern = _term_pattern(term)
        phrases = [phrase for where, phrase in term.explained if where == key]
        first = 1 if phrases else 0  # an explaining notebook's opening announces its terms
        uses = [index for index, cell in enumerate(cells[first:], first) if _uses(cell, pattern)]
        if not uses:
            continue
        if phrases:
            ready = [i for i, cell in enumerate(cells) if any(_explains(cell, p) for p in phrases)]
            where = "its explanation"
        else:
            keys = {where for where, _ in term.explained}
            ready = [i for i, cell in enumerate(cells) if _points(cell, pattern, keys, exercises)]
            where = f"a link to {' or '.join(sorted(keys))} beside the term"
        if not ready or ready[0] > uses[0]:
            since = f"cell {ready[0]}" if ready else "nowhere"
            found.append(f"{term.name!r}: used in cell {uses[0]}, {where} is in {since}")
    return found


# The tests of the notebooks -------------------------------------------------------------------


def cells_of(path: Path) -> list[NotebookNode]:
    return list(nbformat.read(path, as_version=4).cells)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=key_of)
def test_every_pointer_to_a_cell_leads_to_it(path: Path) -> None:
    assert pointer_findings(cells_of(path)) == [], (
        "a pointer to a cell that is not there, or that shows nothing where the pointer says it "
        "shows something: count every cell, reword the pointer, or name the section"
    )


def lesson_cells(number: str) -> list[NotebookNode]:
    """The cells of lesson ``number`` ("01"), or none if there is no such lesson."""
    paths = [path for path in LESSON_PATHS if path.name.startswith(f"{number}_")]
    return cells_of(paths[0]) if paths else []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=key_of)
def test_every_pointer_to_a_section_finds_it(path: Path) -> None:
    assert section_findings(cells_of(path), lesson_cells) == [], (
        "a section named in italics that is not where the pointer says: give its title as its "
        "heading has it, and the right direction or notebook"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=key_of)
def test_every_term_is_explained_or_pointed_to_before_use(path: Path) -> None:
    assert term_findings(cells_of(path), key_of(path)) == [], (
        "a term used before the notebook explains it or links, beside it, to the notebook that "
        "does (TERMS says which)"
    )


def test_every_explanation_is_where_terms_says() -> None:
    """An explanation that moves or is reworded makes every pointer to it a loose end."""
    missing = [
        f"{term.name}: {where} {phrase!r}"
        for term in TERMS
        for where, phrase in term.explained
        if not any(_explains(cell, phrase) for cell in cells_of(_path_of(where)))
    ]
    assert missing == []


def _path_of(key: str) -> Path:
    return next(path for path in NOTEBOOKS if key_of(path) == key)


# The rules, on small notebooks ----------------------------------------------------------------


def markdown(text: str) -> NotebookNode:
    return nbformat.v4.new_markdown_cell(text)


def code(*outputs: NotebookNode, source: str = "x = 1") -> NotebookNode:
    return nbformat.v4.new_code_cell(source, outputs=list(outputs))


def printed(text: str) -> NotebookNode:
    return nbformat.v4.new_output("stream", name="stdout", text=text)


def shown(kind: str, value: str) -> NotebookNode:
    return nbformat.v4.new_output("display_data", {kind: value, "text/plain": "<object>"})


BAR = nbformat.v4.new_output(
    "stream", name="stderr", text="deals:  40%|####      | 4/10 [00:02<00:03,  1.9it/s]"
)
TABLE = printed("player    total   x greedy\nplanner   -79     0.62\ngreedy    -127    1.00\n")
IMAGE = shown("text/html", '<img alt="bars of the shares" src="data:image/png;base64,AA==">')
PNG = shown("image/png", "iVBORw0KGgo=")
SENTENCE = shown("text/markdown", "The planner's total is -79.")
LONG = " ".join(["A rule of the game."] * 40)  # more than NEAR_LINK characters


@pytest.mark.parametrize(
    ("cells", "expected"),
    [
        # the slips of the readings: the time comes two cells later, the count in another cell
        (
            [markdown("The cell below says how long they took."), code(BAR), code(printed("3 s"))],
            "cell 0: 'The cell below' says it shows something, but cell(s) [1] show nothing",
        ),
        (
            [markdown("(the cell below prints how many)"), markdown("Then:"), code(printed("3"))],
            "cell 0: 'the cell below' names cell 1: a markdown cell, not a code cell",
        ),
        (
            [code(TABLE), markdown("The leaderboard below compares the players.")],
            "cell 1: 'The leaderboard below': no leaderboard within 10 cells below it",
        ),
        (
            [markdown("The cell after the next prints it."), code(printed("1")), code()],
            "cell 0: 'The cell after the next' says it shows something, but cell(s) [2] show",
        ),
        (
            [markdown("The second cell below draws it."), code(PNG)],
            "cell 0: 'The second cell below' names cell 2: no cell, not a code cell",
        ),
        (
            [markdown("The two cells below time it."), code(printed("1 s")), markdown("So.")],
            "cell 0: 'The two cells below' names cell 2: a markdown cell, not a code cell",
        ),
        (
            [code(PNG), markdown("The sentence above says which.")],
            "cell 1: 'The sentence above': no code cell right above it shows text",
        ),
        (
            [code(TABLE), markdown("The figure above shows the shares.")],
            "cell 1: 'The figure above': no figure within 10 cells above it",
        ),
        (
            [markdown("Deal."), code(printed("8"), source="# the cell above prints the deck")],
            "cell 1: 'the cell above' names cell 0: a markdown cell, not a code cell",
        ),
        (
            [code(shown("text/markdown", "As the table above shows, it is won."))],
            "cell 0: 'the table above': no table within 10 cells above it",
        ),
        (
            [markdown("The previous cell sets it.")],
            "cell 0: 'The previous cell' names cell -1: no cell, not a code cell",
        ),
        (
            [markdown("Played (the cells below measure it)."), code(), markdown("Later.")],
            "cell 0: 'the cells below' says it shows something, but cell(s) [1] show nothing",
        ),
        (
            [markdown("The cells above print it."), code(printed("1"))],
            "cell 0: 'The cells above': no code cell right before it",
        ),
        (
            [markdown("The table below lists them."), *[code()] * NEAREST, code(TABLE)],
            "cell 0: 'The table below': no table within 10 cells below it",
        ),
        (
            [markdown("The cell below, on the same seeds, gives the count."), code(BAR)],
            "cell 0: 'The cell below' says it shows something, but cell(s) [1] show nothing",
        ),
        (
            [markdown("The cell below *prints* the count."), code(BAR)],
            "cell 0: 'The cell below' says it shows something, but cell(s) [1] show nothing",
        ),
    ],
)
def test_a_loose_pointer_is_found(cells: list[NotebookNode], expected: str) -> None:
    found = pointer_findings(cells)
    assert len(found) == 1
    assert found[0].startswith(expected)


@pytest.mark.parametrize(
    "cells",
    [
        [markdown("The cell below says how long they took."), code(printed("3.1 s"))],
        [markdown("The cell after the next prints how many."), code(BAR), code(printed("7"))],
        [
            markdown("The cell below plays the hand, the cell after it prints it."),
            code(),
            code(TABLE),
        ],
        [code(TABLE), markdown("So."), markdown("The leaderboard above compares the players.")],
        [markdown("The cell below plays the whole hand with each player."), code()],
        [markdown("The cell below, once it has played, plays again; so."), code()],
        [markdown("The sentences below compare them."), code(), code(SENTENCE)],
        [markdown("The figure below shows the shares."), code(PNG)],
        [markdown("The chart below shows the shares."), code(), code(IMAGE)],
        [code(shown("text/html", "<table><tr><td>1</td></tr></table>"), SENTENCE)],
        [code(TABLE, shown("text/markdown", "The table above gives each player's total."))],
        [markdown("The cells below measure it."), code(), code(printed("2 ms"))],
        [markdown("The two cells below time it."), code(BAR), code(printed("1 s"))],
        [markdown("The second cell below compares them."), markdown("Then"), code(SENTENCE)],
        [code(printed("6 \x1b[48;2;70;50;97m 9 \x1b[0m")), markdown("The picture above: a stack.")],
        [code(SENTENCE), markdown("The first line above says it.")],
        [markdown("A card above the 7, the cards above it, the pile below.")],
        [code(printed("won 3\n"), shown("text/markdown", "The line above counts the wins."))],
    ],
)
def test_a_pointer_that_leads_to_its_cell_passes(cells: list[NotebookNode]) -> None:
    assert pointer_findings(cells) == []


P_VALUE = "A *p-value* is the chance that luck alone would make such a gap."
POINTS_TO_01 = (
    "Each comparison gives a *p-value* (notebook 01's *Comparing two estimates*, "
    "[01 · Aces in sequence](01_aces_in_sequence.ipynb), introduces it)."
)


@pytest.mark.parametrize(
    ("key", "cells", "expected"),
    [
        ("05", [markdown("# 05"), markdown(P_VALUE)], "'p-value': used in cell 1, a link to 01"),
        (
            "05",
            [markdown("# 05"), markdown("Its p-value is small."), markdown(POINTS_TO_01)],
            "'p-value': used in cell 1, a link to 01 beside the term is in cell 2",
        ),
        (
            "05",
            [markdown(f"The p-value. {LONG} [01](01_aces_in_sequence.ipynb)")],
            "'p-value': used in cell 0, a link to 01 beside the term is in nowhere",
        ),
        (
            "05",
            [markdown("The p-value ([02 · Sevens](02_sevens.ipynb) uses it).")],
            "'p-value': used in cell 0, a link to 01",
        ),
        (
            "05",
            [code(shown("text/markdown", "The p-value is 0.02.")), markdown(POINTS_TO_01)],
            "'p-value': used in cell 0, a link to 01 beside the term is in cell 1",
        ),
        (
            "01",
            [
                markdown("# 01"),
                markdown("Each p-value says it."),
                markdown(P_VALUE.replace("A *", "*")),
            ],
            "'p-value': used in cell 1, its explanation is in cell 2",
        ),
        (
            "ex05",
            [markdown("Write A* ([05](05_simple_klondike.ipynb), the exercises of lesson 05).")],
            "'A*': used in cell 0, a link to 05 beside the term is in nowhere",
        ),
        (
            "03",
            [markdown("# 03"), markdown("Confidence intervals, as always.")],
            "'confidence interval': used in cell 1, a link to 00 beside the term is in nowhere",
        ),
        (
            "06",
            [markdown("# 06"), markdown("Here **A*** finds the fewest moves.")],
            "'A*': used in cell 1, a link to 05 beside the term is in nowhere",
        ),
    ],
)
def test_a_term_used_before_it_is_explained_is_found(
    key: str, cells: list[NotebookNode], expected: str
) -> None:
    found = term_findings(cells, key)
    assert len(found) == 1
    assert found[0].startswith(expected)


@pytest.mark.parametrize(
    ("key", "cells"),
    [
        ("05", [markdown("# 05"), markdown(POINTS_TO_01), markdown(P_VALUE)]),
        ("05", [markdown(POINTS_TO_01), code(shown("text/markdown", "The p-value is 0.02."))]),
        ("01", [markdown("# 01: p-values"), markdown(P_VALUE), markdown("Each p-value says it.")]),
        (
            "02",
            [
                markdown("Compiled by numba ([notebook 07](07_fast_simulation.ipynb))."),
                markdown("It is compiled by **numba**."),
            ],
        ),
        ("ex05", [markdown("Write A* (see [05](../notebooks/05_simple_klondike.ipynb)).")]),
        ("06", [markdown("**A*** ([05 · Simplified Klondike](05_simple_klondike.ipynb)).")]),
        ("04", [code(IMAGE, source='plots.show("Paired bar chart: the chance of each rank")')]),
        ("04", [markdown("**D** draw from the deck, **A** ask the AI.")]),
    ],
)
def test_a_term_explained_or_pointed_to_first_passes(key: str, cells: list[NotebookNode]) -> None:
    assert term_findings(cells, key) == []


COMPARING = markdown(
    "**Comparing two estimates.** Two runs differ.\n\n**Paired or independent.** ..."
)


@pytest.mark.parametrize(
    ("cells", "expected"),
    [
        (
            [
                markdown("As in *Where does the time go?* above."),
                markdown("## Where does the time go?"),
            ],
            ["cell 0: '*Where does the time go?* above': the section is below"],
        ),
        (
            [markdown("## Settled\n\nSee *Settled* below."), markdown("Then.")],
            [],
        ),
        (
            [
                markdown("## Where does the time go?"),
                markdown("As in *Where does the time go?* above."),
            ],
            [],
        ),
        (
            [
                markdown(
                    "It settles *Settled by those outputs* below:\n\n"
                    "* **Settled by those outputs.** The top of the stack..."
                )
            ],
            [],
        ),
        (
            [markdown("See notebook 01's *Comparing two estimate* and *Paired or independent*.")],
            ["cell 0: notebook 01 has no section *Comparing two estimate*"],
        ),
        (
            [markdown("See notebook 01's *Comparing two estimates* and *Paired or independent*.")],
            [],
        ),
        (
            [markdown("See notebook 02's *Comparing two estimates*.")],
            ["cell 0: notebook 02 has no section *Comparing two estimates*"],
        ),
        ([markdown("A deal is *solved* above the limit.")], []),
    ],
)
def test_a_pointer_to_a_section_is_checked(cells: list[NotebookNode], expected: list[str]) -> None:
    lessons = {"01": [markdown("# 01"), COMPARING], "02": [markdown("# 02")]}
    assert section_findings(cells, lambda number: lessons.get(number, [])) == expected


def test_a_widget_or_a_bare_repr_is_no_output() -> None:
    widget = nbformat.v4.new_output(
        "display_data",
        {_WIDGET: {"model_id": "a1", "version_major": 2}, "text/plain": "Sevens(children=...)"},
    )
    figure = nbformat.v4.new_output("execute_result", {"text/plain": "<Figure size 640x480>"})
    cells = [markdown("The cell below shows the game."), code(widget, figure)]
    assert pointer_findings(cells) == [
        "cell 0: 'The cell below' says it shows something, but cell(s) [1] show nothing stored"
    ]
