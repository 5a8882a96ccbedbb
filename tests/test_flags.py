"""Flags for the lecturer: copies (disguised or not) and the library's own answers."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from solitaire_lib.grading.flags import (
    MIN_WORK,
    Library,
    Template,
    Work,
    code_cells,
    copy_groups,
    flag_lines,
    student_work,
)

ROOT = Path(__file__).resolve().parent.parent
BLANK = json.loads((ROOT / "exercises" / "01_aces_in_sequence.ipynb").read_text("utf-8"))
SOLUTION = json.loads((ROOT / "solutions" / "01_aces_in_sequence.ipynb").read_text("utf-8"))
TEMPLATE = Template.of(BLANK)
LIBRARY = Library.of("solitaire_lib.aces_in_sequence.exercises")


def _with(book: dict[str, Any], change: Any) -> dict[str, Any]:
    """A copy of ``book`` whose code cells went through ``change`` (a cell's text to new text)."""
    book = json.loads(json.dumps(book))
    for cell in book["cells"]:
        if cell["cell_type"] == "code":
            cell["source"] = change("".join(cell["source"]))
    return book


def _added(book: dict[str, Any], *sources: str) -> dict[str, Any]:
    book = json.loads(json.dumps(book))
    book["cells"] += [{"cell_type": "code", "metadata": {}, "source": s} for s in sources]
    return book


def _work(book: dict[str, Any]) -> Work:
    return student_work(book, TEMPLATE, LIBRARY)


def _sha(book: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(book).encode()).hexdigest()


def _disguised(source: str) -> str:
    """The solution as a copier would hide it: comments, blank lines, other local names."""
    for mine, theirs in [("from_top", "reversed_pile"), ("kept_pile", "keep"), ("wins", "won")]:
        source = re.sub(rf"\b{mine}\b", theirs, source)
    source = source.replace("\n    return", "\n\n    # the answer\n    return")
    return "# my own work\n\n" + source.replace("### END SOLUTION", "# (done)") + "\n\n"


OWN_GLYPH = '''
def card_glyph(code):
    """My own way: the glyph from a table I typed."""
    suits = "\\U0001F0A0\\U0001F0B0\\U0001F0C0\\U0001F0D0"
    ranks = [1, 7, 8, 9, 10, 11, 13, 14]
    return chr(ord(suits[code // 8]) + ranks[code % 8])
'''
OWN_DEAL = """
def deal(pile, n_stacks):
    stacks = [[] for _ in range(n_stacks)]
    for position, card in enumerate(reversed(pile)):
        stacks[position % n_stacks].append(card)
    return stacks
"""


def test_the_template_is_blank_and_the_solution_is_work_of_its_own() -> None:
    assert _work(BLANK) == Work("", 0, ())
    assert _work(BLANK).blank
    tried = _added(BLANK, "print(shuffled_deck(1))", "check(deal)")  # trying things is not work
    assert _work(tried).blank
    solution = _work(SOLUTION)
    assert solution.size > 10 * MIN_WORK and solution.library == ()


def test_a_disguised_copy_is_the_same_work_and_an_own_version_is_not() -> None:
    disguised = _with(SOLUTION, _disguised)
    assert "reversed_pile" in json.dumps(disguised) and "# the answer" in json.dumps(disguised)
    assert _work(disguised).fingerprint == _work(SOLUTION).fingerprint
    own = _added(SOLUTION, OWN_GLYPH)  # the later definition is the one graded
    assert _work(own).fingerprint != _work(SOLUTION).fingerprint


def test_copies_are_flagged_for_every_party_naming_the_others() -> None:
    solution, disguised = _work(SOLUTION), _work(_with(SOLUTION, _disguised))
    works = {
        "ada": (solution, _sha(SOLUTION)),
        "bob": (solution, _sha(SOLUTION)),  # a byte copy of ada's
        "cy": (disguised, "another file"),  # ada's with comments and names changed
        "dee": (_work(_added(SOLUTION, OWN_GLYPH)), "3"),  # her own card_glyph
        "eve": (_work(_added(SOLUTION, OWN_DEAL)), "4"),  # his own deal
        "fay": (_work(BLANK), "5"),
        "gus": (_work(BLANK), "5"),  # two blank notebooks are not copies
    }
    flags = copy_groups(works)
    same = "the same code with comments, blank lines or names changed"
    byte = "byte for byte the same file"
    # dee and eve wrote one graded function of their own and took the eleven others: not one
    # work, but their graded code is mostly the others' (attack 21 W3), and the flag says which.
    but_glyph = "11 of 12 graded functions alike, all but card_glyph; 95% of the graded code"
    but_deal = "11 of 12 graded functions alike, all but deal; 95% of the graded code"
    both = "10 of 12 graded functions alike, all but card_glyph, deal; 90% of the graded code"
    mostly = f" | graded code mostly the same as dee ({but_glyph}); eve ({but_deal})"
    assert {student: str(flag) for student, flag in flags.items()} == {
        "ada": f"one work with bob ({byte}), and with cy ({same})" + mostly,
        "bob": f"one work with ada ({byte}), and with cy ({same})" + mostly,
        "cy": f"one work with ada; bob ({same})" + mostly,
        "dee": f"graded code mostly the same as ada; bob; cy ({but_glyph}); eve ({both})",
        "eve": f"graded code mostly the same as ada; bob; cy ({but_deal}); dee ({both})",
        "fay": "",
        "gus": "",
    }
    byte_copies = copy_groups({"ada": works["ada"], "bob": works["bob"]})
    assert str(byte_copies["ada"]) == "one work with bob (byte for byte the same file)"
    exact = {student: works[student] for student in ("ada", "bob", "cy", "fay", "gus")}
    assert list(flag_lines(copy_groups(exact))) == [
        f"ada: one work with bob ({byte}), and with cy ({same})",
        f"bob: one work with ada ({byte}), and with cy ({same})",
        f"cy: one work with ada; bob ({same})",
    ]
    three_and_one = copy_groups(
        {"ada": works["ada"], "bob": works["bob"], "dan": works["ada"], "cy": works["cy"]}
    )
    assert str(three_and_one["dan"]) == f"one work with ada; bob ({byte}), and with cy ({same})"
    assert str(three_and_one["cy"]) == f"one work with ada; bob; dan ({same})"


IMPORTED = """
from solitaire_lib.aces_in_sequence import rules as game_rules


def deal(pile, n_stacks):
    return game_rules.deal(pile, n_stacks)
"""
IMPORTED_INSIDE = """
def final_row(s):
    import solitaire_lib.aces_in_sequence.exercises as x
    return x.final_row(s)
"""
BY_STRING = """
import importlib
course = importlib.import_module("solitaire_lib.aces_in_sequence.course")
"""
PASTED = '''
def deal(heap, count):
    """Pasted, with the names changed."""
    if count < 1:
        raise ValueError(f"need at least one stack, not {count}")
    top = list(reversed(heap))
    return [top[i::count] for i in range(count)]
'''


@pytest.mark.parametrize(
    ("added", "evidence"),
    [
        (IMPORTED, "imports solitaire_lib.aces_in_sequence.rules as game_rules"),
        (
            IMPORTED_INSIDE,
            "imports solitaire_lib.aces_in_sequence.exercises as x (in final_row)",
        ),
        (BY_STRING, "names 'solitaire_lib.aces_in_sequence.course' in a string"),
        (PASTED, "deal is solitaire_lib.aces_in_sequence.rules.deal pasted"),
    ],
)
def test_the_library_own_answer_is_flagged_with_its_evidence(added: str, evidence: str) -> None:
    for base in (BLANK, SOLUTION):
        work = _work(_added(base, added))
        assert work.library == (evidence,)
        flags = copy_groups({"ada": (work, "1")})
        assert str(flags["ada"]) == f"the library's own answer: {evidence}"


def test_the_template_own_imports_are_not_evidence() -> None:
    template_import = "from solitaire_lib.aces_in_sequence.exercises import check"
    rewritten = template_import.replace(" import ", "  import  ")
    assert _work(_added(SOLUTION, rewritten)).library == ()


def test_code_that_does_not_parse_or_is_too_deep_is_no_work_and_no_error() -> None:
    broken = _added(BLANK, "def f(:\n", "x = " + "(" * 5000 + ")" * 5000, "%timeit 1")
    assert _work(broken).blank


def test_a_statement_too_deep_to_walk_is_work_by_its_text(monkeypatch: pytest.MonkeyPatch) -> None:
    import solitaire_lib.grading.flags as flags

    def too_deep(statement: object) -> str:
        raise RecursionError

    monkeypatch.setattr(flags, "normal_form", too_deep)
    one, other = _work(_added(BLANK, "x = 1")), _work(_added(BLANK, "x = 2"))
    assert not one.blank and one.fingerprint != other.fingerprint


PAD = "# " + "padding " * 12_500 + "\n"  # 100,002 characters: over the bound on its own


def _padded(book: dict[str, Any]) -> dict[str, Any]:
    """``book`` with a first code cell of a comment over :data:`NOTEBOOK_CODE_LIMIT`."""
    book = json.loads(json.dumps(book))
    book["cells"].insert(0, {"cell_type": "code", "metadata": {}, "source": PAD})
    return book


def test_code_past_the_bound_is_searched_for_the_library_and_said_unread() -> None:
    """Attack 21 W2: a first cell of 100,001 characters switched off the library's flag for the
    rest of the notebook, and the flag said only 'the rest compared by its text alone'."""
    padded = _work(_padded(_added(BLANK, IMPORTED)))
    cell = len(code_cells(BLANK)) + 2  # after the pad and the exercise notebook's cells
    assert padded.library == (
        f"code not read names solitaire_lib (code cell {cell}: "
        "'from solitaire_lib.aces_in_sequence import rules as game_rules')",
    )
    flag = str(copy_groups({"ada": (padded, "1")})["ada"])
    assert "the library's own answer: code not read names solitaire_lib" in flag
    assert "from code cell 1 on" in flag and "not read for the library's answer" in flag
    assert "read it yourself" in flag
    # The template's own import, unread, is not evidence; a padded own notebook is still said.
    honest = _work(_padded(SOLUTION))
    assert honest.library == () and "read it yourself" in honest.cut


def _padded_copy(source: str) -> str:
    """Attack 21's cop_pad: names changed and one line added inside a graded function."""
    return _disguised(source).replace(
        "def shuffled_deck(s):\n", "def shuffled_deck(s):\n    unused_ = 0\n"
    )


def test_a_line_added_or_a_function_of_ones_own_hides_no_copy() -> None:
    """Attack 21 W3a: one added statement changed the whole notebook's fingerprint."""
    padded = _with(SOLUTION, _padded_copy)
    assert "unused_ = 0" in json.dumps(padded)
    flags = copy_groups({"hon": (_work(SOLUTION), "1"), "pad": (_work(padded), "2")})
    assert str(flags["pad"]) == (
        "graded code mostly the same as hon (all 12 graded functions alike; 100% of the graded "
        "code)"
    ), str(flags["pad"])
    assert str(flags["hon"]).startswith("graded code mostly the same as pad (all 12 graded")


def test_own_work_and_a_few_alike_small_functions_are_not_flagged() -> None:
    """Two students' own notebooks share no most of their graded code; two who wrote only one
    small function alike (under :data:`MIN_WORK` nodes) are not compared."""
    own = _added(BLANK, OWN_GLYPH, OWN_DEAL)
    flags = copy_groups({"hon": (_work(SOLUTION), "1"), "own": (_work(own), "2")})
    assert str(flags["hon"]) == str(flags["own"]) == ""
    small = "def turn_over(stack):\n    return stack[-1:]\n"
    tiny = copy_groups(
        {"a": (_work(_added(BLANK, small)), "1"), "b": (_work(_added(BLANK, small)), "2")}
    )
    assert str(tiny["a"]) == ""


def test_a_copy_not_graded_is_compared_but_not_with_its_own_student() -> None:
    """Attack 21 W3b: a byte copy of hon's notebook, submitted by framer as an older copy (not
    graded) beside framer's own newest one, was never compared."""
    hon, own = _work(SOLUTION), _work(_added(BLANK, OWN_GLYPH, OWN_DEAL))
    works = {
        "hon": (hon, "1"),
        "framer": (own, "2"),
        "framer (not graded: framer/01 (1).ipynb)": (hon, "1"),
        "framer (not graded: framer/01 (2).ipynb)": (own, "2"),  # the student's own, again
    }
    owners = {name: name.split(" ")[0] for name in works}
    flags = copy_groups(works, owners)
    byte = "byte for byte the same file"
    assert str(flags["hon"]) == f"one work with framer (not graded: framer/01 (1).ipynb) ({byte})"
    assert str(flags["framer (not graded: framer/01 (1).ipynb)"]) == f"one work with hon ({byte})"
    assert str(flags["framer"]) == str(flags["framer (not graded: framer/01 (2).ipynb)"]) == ""


def test_the_grader_compares_a_students_older_copy_with_the_class(tmp_path: Path) -> None:
    """Attack 21's subs/c3/framer, through the grader's own steps: framer's newest notebook is
    framer's own, and an older copy beside it (not graded) is hon's file byte for byte."""
    import os

    from solitaire_lib.grading.classbook import class_list, examine, read_works
    from solitaire_lib.grading.grade import CHECKERS
    from solitaire_lib.grading.plans import plan_student
    from solitaire_lib.grading.submissions import snapshot

    name = "01_aces_in_sequence.ipynb"
    files = {
        ("hon", name): SOLUTION,
        ("framer", name): _added(BLANK, OWN_GLYPH, OWN_DEAL),
        ("framer", "01_aces_in_sequence (1).ipynb"): SOLUTION,
    }
    for (student, file), original in files.items():
        book = json.loads(json.dumps(original))
        for number, cell in enumerate(book["cells"]):
            cell.setdefault("id", f"added-{number}")  # as Jupyter writes a cell
        (tmp_path / "class" / student).mkdir(parents=True, exist_ok=True)
        (tmp_path / "class" / student / file).write_text(json.dumps(book), "utf-8")
    os.utime(tmp_path / "class" / "framer" / "01_aces_in_sequence (1).ipynb", (1, 1))  # older
    students, members, _ = class_list(snapshot(tmp_path / "class", tmp_path / "snap"), None)
    works, _ = read_works(students, ["01"], CHECKERS)
    plans = [plan for s in students for plan in plan_student(s, ["01"])]
    facts, report = examine(plans, {m.name: m for m in members}, works, None, None, print)
    older = "framer (not graded: framer/01_aces_in_sequence (1).ipynb)"
    byte = "byte for byte the same file"
    assert report == [
        f"{older}, 01_aces_in_sequence: one work with hon ({byte})",
        f"hon, 01_aces_in_sequence: one work with {older} ({byte})",
    ]
    assert facts["hon"]["01"].flags == f"one work with {older} ({byte})"
    assert facts["framer"]["01"].flags == f"{older}: one work with hon ({byte})"
