"""Every paragraph of the notebooks' Markdown has been read by a person: the review ledger.

``tests/test_prose_numbers.py`` finds the numbers and the verdicts a run produces by what they
look like. No list of words closes that: fresh readers always find a verdict in other words
("the planner trounces greedy", "the fast path leaves the other in the dust") or a number in
another script ("二十五 percent", "xvi points"). So this test does not try to read meaning. It
keeps a ledger, ``tests/prose_reviewed.tsv``, of every paragraph of Markdown in the lessons
(``notebooks/``) and in the exercises' statements (``solutions/``, whose Markdown
``exercises/`` repeats), and of every code cell (whose source holds the sentences it prints),
one line each:

    key, digest, kind, the paragraph's first words

tab-separated and sorted. The key is the notebook's ("01" for lesson 01, "ex01" for its
exercises); the digest is the first 16 hex digits of the SHA-256 of the paragraph with its
whitespace folded. The kind says why the paragraph states nothing that a run produces (see
:data:`KINDS`). A new or changed paragraph has no line, and the test fails, printing the line to
paste with the kind ``?``: a person reads the paragraph against the outputs it stands beside,
moves any result of a run into the sentence the cell writes from its values, and gives the line
its kind. A paragraph gone leaves a stale line, which fails too. ``tools/prose_review.py``
prints both and writes or drops the lines; it never chooses a kind.

The kind ``read:21`` is the paragraphs and cells as they stood at 52ea1ae, which the two fresh
readings of stop 52 (issue 41: lessons 00-03 and exercises 01-03; lessons 04-07 and exercises
04-07) read sentence by sentence; :data:`READ_21` lists them, pinned by its SHA-256, so a later
paragraph cannot take the kind.

What the ledger cannot do: judge a paragraph. A reviewer who gives a kind to a paragraph that
states a run's result passes it; the line and its commit then say who did.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
LEDGER = ROOT / "tests" / "prose_reviewed.tsv"
NOTEBOOKS = sorted(ROOT.glob("notebooks/0*.ipynb")) + sorted(ROOT.glob("solutions/0*.ipynb"))
EXCERPT = 72

#: Why a paragraph states nothing a run produces.
KINDS = {
    "teaches": "explains a rule, a method or an idea; true whatever a run gives",
    "instructs": "tells the reader what to do: run, play, write, read on",
    "task": "an exercise's statement: what the function must do",
    "frames": "says what the output beside it shows, not what its values are",
    "points": "a heading, a link, a source, a pointer to a cell or a notebook",
    "course": "a fact of the course text: its rules, its code, its output",
    "writes": "a code cell: each sentence it prints is made from its values or holds for any",
    "read:21": "at 52ea1ae, read sentence by sentence by the fresh readings of stop 52",
}
#: The paragraphs and cells of kind ``read:21``: their "key<TAB>digest" lines, sorted, written
#: once at 52ea1ae and never added to; :data:`READ_21_SHA256` pins the file.
READ_21 = ROOT / "tests" / "prose_reviewed_read21.txt"
READ_21_SHA256 = "2468c2e4d0114cd50f790877e3d74f164db0c70e00b279a02b44d3fa6d5011d6"


@dataclass(frozen=True)
class ReviewLine:
    """One line of the ledger."""

    key: str
    digest: str
    kind: str
    excerpt: str

    def row(self) -> str:
        return "\t".join([self.key, self.digest, self.kind, self.excerpt])


def key_of(path: Path) -> str:
    """ "01" for lesson 01, "ex01" for its exercises (the keys of the number ledger too).

    >>> key_of(Path("solutions/03_alliances.ipynb"))
    'ex03'
    """
    return ("ex" if path.parent.name == "solutions" else "") + path.name[:2]


def paragraphs_of_markdown(source: str) -> list[str]:
    """The paragraphs of a Markdown cell: its blocks between blank lines, whitespace folded.

    >>> paragraphs_of_markdown("# Title\\n\\nOne  line\\nand its next.\\n\\n\\n- an item")
    ['# Title', 'One line and its next.', '- an item']
    """
    blocks = re.split(r"\n[ \t]*\n", source)
    return [folded for block in blocks if (folded := " ".join(block.split()))]


def paragraphs_of(path: Path) -> list[str]:
    """Every paragraph of a notebook's Markdown cells, and every code cell whole (the sentences
    it prints are in its source), in order; whitespace folded."""
    notebook = nbformat.read(path, as_version=4)
    paragraphs = []
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            paragraphs += paragraphs_of_markdown(cell.source)
        elif cell.cell_type == "code" and cell.source.strip():
            paragraphs.append(" ".join(cell.source.split()))
    return paragraphs


def digest_of(paragraph: str) -> str:
    """The ledger's digest of a folded paragraph.

    >>> digest_of("Recap")
    '31056c37942fe322'
    """
    return hashlib.sha256(paragraph.encode("utf-8")).hexdigest()[:16]


def read_ledger(path: Path = LEDGER) -> list[ReviewLine]:
    """The ledger's lines ("#" starts a comment line)."""
    lines = []
    for row in path.read_text(encoding="utf-8").splitlines():
        if row.strip() and not row.startswith("#"):
            key, digest, kind, excerpt = row.split("\t")
            lines.append(ReviewLine(key, digest, kind, excerpt))
    return lines


def paragraphs_by_digest(path: Path) -> dict[str, str]:
    """A notebook's paragraphs and code cells (:func:`paragraphs_of`), by their digest."""
    return {digest_of(paragraph): paragraph for paragraph in paragraphs_of(path)}


def problems_of(path: Path, lines: list[ReviewLine]) -> list[str]:
    """What is wrong between a notebook's paragraphs and the ledger: a paragraph without its
    line (with the paragraph, and the line to paste, kind ``?``), a stale line, a kind not in
    :data:`KINDS`.
    """
    key = key_of(path)
    paragraphs = paragraphs_by_digest(path)
    listed = {line.digest: line for line in lines if line.key == key}
    problems = []
    for digest, paragraph in paragraphs.items():
        if digest not in listed:
            new = ReviewLine(key, digest, "?", paragraph[:EXCERPT])
            problems.append(f"missing: {new.row()}\n    paragraph: {paragraph}")
    for digest, line in listed.items():
        if digest not in paragraphs:
            problems.append(f"stale: {line.row()}")
        elif line.kind not in KINDS:
            problems.append(f"kind {line.kind!r} unknown (known: {', '.join(KINDS)}): {line.row()}")
    return problems


def read_21_digests() -> set[tuple[str, str]]:
    """The (key, digest) pairs that readings 21a and 21b read (:data:`READ_21`)."""
    rows = READ_21.read_text(encoding="utf-8").splitlines()
    return {(key, digest) for key, digest in (row.split("\t") for row in rows)}


def write_ledger(lines: list[ReviewLine], path: Path = LEDGER) -> None:
    """Write the ledger sorted, after its header of comment lines."""
    header = [row for row in path.read_text(encoding="utf-8").splitlines() if row.startswith("#")]
    rows = sorted({line.row() for line in lines})
    path.write_text("\n".join(header + rows) + "\n", encoding="utf-8")


# The tests ------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", NOTEBOOKS, ids=key_of)
def test_every_paragraph_has_been_read(path: Path) -> None:
    problems = problems_of(path, read_ledger())
    assert problems == [], (
        "a paragraph of Markdown that no one has reviewed (or a line for one that is gone): read "
        "it against the outputs beside it, let the cell write any result of a run, then run "
        "`python tools/prose_review.py --write-missing FILE --drop-stale`, give each line its "
        "kind and append it to tests/prose_reviewed.tsv:\n" + "\n".join(problems)
    )


def test_no_later_paragraph_takes_the_kind_of_the_reading() -> None:
    digest = hashlib.sha256(READ_21.read_bytes()).hexdigest()
    assert digest == READ_21_SHA256, "the list of what reading 21 read is written once"
    read = read_21_digests()
    later = [line.row() for line in read_ledger() if line.kind == "read:21"
             and (line.key, line.digest) not in read]  # fmt: skip
    assert later == [], "a paragraph or cell reading 21 did not read needs a kind of its own"


def test_the_ledger_names_only_the_series_notebooks() -> None:
    keys = {key_of(path) for path in NOTEBOOKS}
    assert sorted({line.key for line in read_ledger()} - keys) == []


def test_a_paragraph_added_or_changed_is_missing_and_its_old_line_stale(tmp_path: Path) -> None:
    """The loophole probes of reading 21, in a copy of lesson 01: each added paragraph is
    refused, whatever its words; a changed paragraph is refused and leaves its line stale."""
    lesson = next(path for path in NOTEBOOKS if key_of(path) == "01")
    notebook = nbformat.read(lesson, as_version=4)
    probes = [
        'print("In the run above, P(win) comes out at 二十五 percent.")',
        "The planner wins.",
        "In the run above, P(win) comes out at 二十五 percent.",
        "With the full deck, P(win) is xvi points below the course's.",
        "The compiled path leaves the straightforward version in the dust.",
    ]
    first = next(cell for cell in notebook.cells if cell.cell_type == "markdown")
    old_first = paragraphs_of_markdown(first.source)[0]
    first.source = first.source.replace(old_first.split()[-1], "changed", 1)
    notebook.cells.extend(
        (
            nbformat.v4.new_code_cell
            if probe.startswith("print(")
            else nbformat.v4.new_markdown_cell
        )(probe)
        for probe in probes
    )
    copy = tmp_path / "notebooks" / lesson.name
    copy.parent.mkdir()
    nbformat.write(notebook, copy)
    problems = problems_of(copy, read_ledger())
    missing = [p for p in problems if p.startswith("missing")]
    for probe in probes:
        assert any(f"paragraph: {probe}" in p for p in missing), probe
    assert any(p.startswith("stale") and digest_of(old_first) in p for p in problems)
    assert len(missing) == len(probes) + 1
