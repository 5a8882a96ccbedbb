"""Inside the sandbox: run one notebook as *Run All* would, then let the grader call its functions.

``python -m solitaire_lib.grading.runner CELL_SECONDS`` runs ``notebook.ipynb`` from the channel
folder (:func:`solitaire_lib.grading.sandbox.channel_path`) in a fresh kernel, in the student's
scratch folder. A cell that raises does not stop the rest; a cell that runs longer than
``CELL_SECONDS`` is interrupted. After each cell it writes what went wrong so far to
``cells.json`` in the channel, so the grader can explain a notebook it had to stop.

Then it runs one more cell, :func:`solitaire_lib.grading.serve.serve`: the kernel answers the
grader's calls until the grader says it is done. This program never judges anything, and nothing
it writes is a grade: the grader, outside the sandbox, makes the cases and judges the answers.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from solitaire_lib.grading.sandbox import channel_path

#: The cell the grader's run adds at the end of the notebook.
SERVING_CELL = (
    "from solitaire_lib.grading.serve import serve as _solitaire_grading_serve\n"
    "_solitaire_grading_serve(globals())"
)
#: Characters of an error message kept for the feedback.
MESSAGE_LIMIT = 200


def cell_problem(number: int, source: str, error: dict[str, Any], cell_seconds: int) -> str:
    """One line of feedback for a cell that raised, or was stopped.

    >>> cell_problem(3, "x = 1/0", {"ename": "ZeroDivisionError", "evalue": "division by zero"}, 60)
    "cell 3 ('x = 1/0') raised ZeroDivisionError: division by zero"
    """
    first_line = source.strip().split("\n")[0][:60]
    where = f"cell {number} ({first_line!r})"
    if error.get("ename") == "KeyboardInterrupt":
        return f"{where} was stopped: it ran longer than {cell_seconds} s"
    return f"{where} raised {error.get('ename')}: {str(error.get('evalue'))[:MESSAGE_LIMIT]}"


class Progress:
    """What went wrong in the cells so far, written to ``cells.json`` after every cell."""

    def __init__(self, path: Path, cell_seconds: int, student_cells: int) -> None:
        self.path, self.cell_seconds, self.student_cells = path, cell_seconds, student_cells
        self.problems: list[str] = []
        self.running: str = ""

    def started(self, cell: Any, cell_index: int, **_: Any) -> None:
        if cell_index >= self.student_cells:
            return  # the serving cell
        first_line = cell.source.strip().split("\n")[0][:60]
        self.running = f"cell {cell_index + 1} ({first_line!r})"
        self.save()

    def finished(self, cell: Any, cell_index: int, **_: Any) -> None:
        if cell_index >= self.student_cells:
            return
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                problem = cell_problem(cell_index + 1, cell.source, output, self.cell_seconds)
                self.problems.append(problem)
        self.running = ""
        self.save()

    def save(self, ended: str = "") -> None:
        record = {"problems": self.problems, "running": self.running, "ended": ended}
        part = self.path.with_suffix(".part")
        part.write_text(json.dumps(record), "utf-8")
        part.replace(self.path)


def run(cell_seconds: int) -> int:
    """Run the channel's notebook, then the serving cell; 0 when it ran to its end."""
    import nbformat
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient
    from nbclient.exceptions import DeadKernelError

    channel = channel_path()
    book = nbformat.read(channel / "notebook.ipynb", as_version=4)  # type: ignore[no-untyped-call]
    serving = nbformat.v4.new_code_cell(SERVING_CELL)  # type: ignore[no-untyped-call]
    student_cells = len(book.cells)
    book.cells.append(serving)
    progress = Progress(channel / "cells.json", cell_seconds, student_cells)
    client = NotebookClient(
        book,
        km=KernelManager(kernel_name="python3", transport="ipc"),
        timeout_func=lambda cell: None if cell is serving else cell_seconds,
        allow_errors=True,
        interrupt_on_timeout=True,
        resources={"metadata": {"path": os.getcwd()}},
        on_cell_execute=progress.started,
        on_cell_executed=progress.finished,
    )
    try:
        client.execute()
    except DeadKernelError:
        progress.save(ended="the notebook's kernel died (or was killed) while it ran")
        return 1
    except Exception as error:  # the kernel could not start, or nbclient gave up
        progress.save(ended=f"the notebook could not be run to its end ({type(error).__name__})")
        return 1
    del book.cells[student_cells:]
    progress.save(ended="done")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    return run(int(args[0]) if args else 60)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
