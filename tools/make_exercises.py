"""Write exercises/ from solutions/: the solution notebooks are the single source.

In a solution notebook, code between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` (nbgrader's
markers) becomes a stub, and a code cell tagged ``solution`` is emptied but for a comment.
Inside a function the stub raises ``NotImplementedError`` when called; at the top level of a
cell it is ``...``, so that no exercise cell raises when it runs. Outputs, execution counts and
saved widget state are dropped.

    python tools/make_exercises.py           # write exercises/
    python tools/make_exercises.py --check   # fail if exercises/ is not up to date
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
SOLUTIONS = ROOT / "solutions"
EXERCISES = ROOT / "exercises"
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
WHOLE_CELL_STUB = "# Your code here\n"
_REGION = re.compile(
    rf"^(?P<indent>[ \t]*){re.escape(BEGIN)}[^\n]*\n"
    rf"(?P<body>.*?)^[ \t]*{re.escape(END)}[^\n]*(\n|$)",
    re.MULTILINE | re.DOTALL,
)


def stub_for(indent: str) -> str:
    """The lines that replace a solution region indented by ``indent``."""
    if indent:
        return f'{indent}# Your code here\n{indent}raise NotImplementedError("write this part")\n'
    return "# Your code here\n...\n"


def strip_solutions(source: str) -> str:
    """Replace every solution region of a cell's source by its stub.

    >>> solution = "def f():\\n    ### BEGIN SOLUTION\\n    return 1\\n    ### END SOLUTION\\n"
    >>> print(strip_solutions(solution))
    def f():
        # Your code here
        raise NotImplementedError("write this part")
    <BLANKLINE>
    """
    if source.count(BEGIN) != source.count(END):
        raise ValueError(f"unbalanced solution markers in:\n{source}")
    return _REGION.sub(lambda match: stub_for(match["indent"]), source)


def solution_texts(notebook: nbformat.NotebookNode) -> list[str]:
    """The code that must not appear in the exercise notebook (for the leak test)."""
    texts = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        if "solution" in cell.metadata.get("tags", []):
            texts.append(cell.source)
        texts += [match["body"] for match in _REGION.finditer(cell.source)]
    return [text for text in texts if text.strip()]


def make_exercise(solution: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The exercise notebook for one solution notebook."""
    exercise = copy.deepcopy(solution)
    exercise.metadata.pop("widgets", None)
    for cell in exercise.cells:
        tags = cell.metadata.get("tags", [])
        if cell.cell_type == "code":
            cell.source = WHOLE_CELL_STUB if "solution" in tags else strip_solutions(cell.source)
            cell.outputs = []
            cell.execution_count = None
        if "solution" in tags:
            cell.metadata["tags"] = [tag for tag in tags if tag != "solution"]
            if not cell.metadata["tags"]:
                del cell.metadata["tags"]
        cell.metadata.pop("execution", None)
    return exercise


def rendered(notebook: nbformat.NotebookNode) -> str:
    return nbformat.writes(notebook) + "\n"


def expected_exercises() -> dict[Path, str]:
    return {
        EXERCISES / path.name: rendered(make_exercise(nbformat.read(path, as_version=4)))
        for path in sorted(SOLUTIONS.glob("*.ipynb"))
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check, write nothing")
    args = parser.parse_args(argv)
    expected = expected_exercises()
    present = set(EXERCISES.glob("*.ipynb"))
    stale = [p for p, text in expected.items() if not p.exists() or p.read_text("utf-8") != text]
    orphans = sorted(present - set(expected))
    if args.check:
        for path in stale:
            print(f"out of date: {path.relative_to(ROOT)}")
        for path in orphans:
            print(f"no solution notebook for: {path.relative_to(ROOT)}")
        if stale or orphans:
            print("run: make exercises")
            return 1
        print(f"exercises/ is up to date ({len(expected)} notebooks)")
        return 0
    EXERCISES.mkdir(exist_ok=True)
    for path in stale:
        path.write_text(expected[path], "utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    for path in orphans:
        path.unlink()
        print(f"removed {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
