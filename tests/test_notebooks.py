"""Notebooks as files: naming, collection, exercises drift and leaks, clean metadata."""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import make_exercises  # noqa: E402

NOTEBOOK_DIRS = ("notebooks", "solutions", "exercises")
STORED = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("solutions/*.ipynb")])
EXERCISES = sorted(ROOT.glob("exercises/*.ipynb"))


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def test_every_notebook_is_in_a_checked_folder() -> None:
    """nbval runs on whole folders; a notebook elsewhere would never be checked."""
    found = {  # not in hidden folders, nor in _build (the book's copies, made by make book)
        path.relative_to(ROOT) for path in ROOT.rglob("*.ipynb")
        if not any(part.startswith((".", "_build")) for part in path.relative_to(ROOT).parts)
    }  # fmt: skip
    assert found, "no notebooks found"
    assert all(path.parts[0] in NOTEBOOK_DIRS and len(path.parts) == 2 for path in found), found


def test_names_and_pairs() -> None:
    for path in [*STORED, *EXERCISES]:
        assert re.fullmatch(r"\d\d_[a-z0-9_]+\.ipynb", path.name), path
    assert {p.name for p in ROOT.glob("solutions/*.ipynb")} == {p.name for p in EXERCISES}
    lessons = {p.name for p in ROOT.glob("notebooks/*.ipynb")}
    assert {p.name for p in EXERCISES} <= lessons, "each exercise notebook has its lesson"


def test_readme_lists_every_lesson_notebook() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    for path in ROOT.glob("notebooks/*.ipynb"):
        assert f"notebooks/{path.name}" in readme, f"README does not list {path.name}"


def test_exercises_are_up_to_date() -> None:
    for path, text in make_exercises.expected_exercises().items():
        assert path.read_text("utf-8") == text, f"{path.name} is stale: run make exercises"


@pytest.mark.parametrize("solution", sorted(ROOT.glob("solutions/*.ipynb")), ids=lambda p: p.name)
def test_no_solution_leaks_into_exercises(solution: Path) -> None:
    exercise = read(ROOT / "exercises" / solution.name)
    sources = "\n".join(cell.source for cell in exercise.cells)
    exercise_lines = {line.strip() for line in sources.splitlines()}
    texts = make_exercises.solution_texts(read(solution))
    assert texts, "a solution notebook must have solution regions"
    for text in texts:
        for line in text.strip().splitlines():
            if len(line.strip()) > 12:  # short lines such as 'return cards' may recur
                assert line.strip() not in exercise_lines, f"solution line leaked: {line!r}"
    assert make_exercises.BEGIN not in sources and make_exercises.END not in sources


def test_stub_regions() -> None:
    assert make_exercises.strip_solutions("x = 1\n### BEGIN SOLUTION\ny = 2\n### END SOLUTION\n") \
        == "x = 1\n# Your code here\n...\n"  # fmt: skip
    with pytest.raises(ValueError, match="unbalanced"):
        make_exercises.strip_solutions("### BEGIN SOLUTION\n")


@pytest.mark.parametrize("path", [*STORED, *EXERCISES], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_notebook_metadata_and_outputs(path: Path) -> None:
    notebook = read(path)
    assert "widgets" not in notebook.metadata, "strip saved widget state"
    assert notebook.metadata["kernelspec"]["name"] == "python3"
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert "solitaire_lib" in code[0].source, "the first code cell imports the library"
    for cell in code:
        for output in cell.get("outputs", []):
            assert output.output_type != "error", f"stored error in {path.name}"
            assert not (output.output_type == "stream" and output.name == "stderr"), (
                f"stored stderr (a warning?) in {path.name}: {output.text[:200]}"
            )
    if path.parent.name == "exercises":
        assert all(not cell.outputs and cell.execution_count is None for cell in code)
    else:
        assert all(cell.execution_count is not None for cell in code), "store executed outputs"


@pytest.mark.parametrize("path", sorted(ROOT.glob("notebooks/*.ipynb")), ids=lambda p: p.name)
def test_lesson_notebooks_set_the_plot_style_and_open_with_prose(path: Path) -> None:
    notebook = read(path)
    assert notebook.cells[0].cell_type == "markdown" and notebook.cells[0].source.startswith("# ")
    first_code = next(cell for cell in notebook.cells if cell.cell_type == "code")
    assert "plots.use_style()" in first_code.source


_IMAGE = re.compile(r"<img\b[^>]*>")
_ALT = re.compile(r'\balt="([^"]*)"')


@pytest.mark.parametrize("path", STORED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_stored_plot_has_alt_text(path: Path) -> None:
    """A plot is stored as an image with alt text (plots.show), never as a bare PNG, which
    JupyterLab shows with no text for a screen reader; its text version is the alt text too."""
    for cell in read(path).cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            bare = "image/png" in data
            assert not bare, f"a plot without alt text in {path.name}: {cell.source[:80]}"
            for image in _IMAGE.findall(data.get("text/html", "")):
                alt = _ALT.search(image)
                assert alt and len(alt[1]) >= 40, f"an image without alt text in {path.name}"
                assert data["text/plain"] == f"Figure: {html.unescape(alt[1])}"


# --- The examples in the exercise statements ---------------------------------------------------

_EXAMPLE = re.compile(r"`(?P<call>[a-z_]+\([^`]*\))` returns\s+`(?P<value>[^`]+)`")
_EXERCISES_OF = {
    "01_aces_in_sequence": "solitaire_lib.aces_in_sequence.exercises",
    "02_sevens": "solitaire_lib.sevens.exercises",
    "03_alliances": "solitaire_lib.alliances.exercises",
    "04_play_nine": "solitaire_lib.play_nine.exercises",
    "05_simple_klondike": "solitaire_lib.simple_klondike.exercises",
    "06_stacks_of_nine": "solitaire_lib.stacks_of_nine.exercises",
    "07_fast_simulation": "solitaire_lib.fast_simulation.exercises",
}


def _literal_call(text: str) -> bool:
    """``f(1, [2])`` is an example; ``f(pile, n)``, a signature in a sentence, is not."""
    import ast

    call = ast.parse(text, mode="eval").body
    try:
        for node in [*call.args, *(k.value for k in call.keywords)]:  # type: ignore[attr-defined]
            ast.literal_eval(node)
    except ValueError:
        return False
    return True


def _examples() -> list[tuple[str, str, str]]:
    found = []
    for path in sorted(ROOT.glob("solutions/*.ipynb")):
        for cell in read(path).cells:
            if cell.cell_type == "markdown":
                matches = _EXAMPLE.finditer(cell.source)
                found += [(path.stem, m["call"], m["value"]) for m in matches
                          if _literal_call(m["call"])]  # fmt: skip
    return found


def _function_tasks(stem: str) -> bool:
    """Are the notebook's tasks functions? (Tasks on a class's methods show other examples.)"""
    import importlib

    check = importlib.import_module(_EXERCISES_OF[stem]).check
    return any(not task.subject for task in check.tasks.values())


def test_every_solution_notebook_has_examples() -> None:
    stems = {stem for stem, _, _ in _examples()}
    wanted = {p.stem for p in ROOT.glob("solutions/*.ipynb") if _function_tasks(p.stem)}
    assert stems == wanted


@pytest.mark.parametrize(("notebook", "call", "value"), _examples(), ids=lambda x: str(x)[:60])
def test_an_example_in_a_statement_is_what_the_reference_returns(
    notebook: str, call: str, value: str
) -> None:
    """Each "`f(...)` returns `v`" of a task statement, evaluated with the task's reference."""
    import ast
    import importlib

    from solitaire_lib.grading.checks import plain
    from solitaire_lib.grading.plain import same

    check = importlib.import_module(_EXERCISES_OF[notebook]).check
    references = {name: task.reference for name, task in check.tasks.items()}
    got = plain(eval(call, references))
    assert same(got, ast.literal_eval(value)), f"{call} returns {got!r}, not {value}"
