"""Running one notebook in its sandbox, and talking to its kernel through the channel.

:func:`grade_notebook` copies the student's files into a scratch folder, starts the runner
(:mod:`~solitaire_lib.grading.runner`) in a sandbox (:mod:`~solitaire_lib.grading.sandbox`), sends
each task's cases across the channel's named pipes (:class:`Channel`), and has each answer judged
(:mod:`~solitaire_lib.grading.verdicts`) as it comes. Every wait is bounded by the notebook's
deadline; :class:`Running` knows every sandbox alive, so that Ctrl-C can end them all.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solitaire_lib.grading import sandbox
from solitaire_lib.grading.channel import Channel, NotebookEnded, Record, read_capped
from solitaire_lib.grading.isolation import Outcome, outcome_from
from solitaire_lib.grading.plain import encode
from solitaire_lib.grading.plans import read_notebook
from solitaire_lib.grading.runner import GRACE_SECONDS, STALLED
from solitaire_lib.grading.serve import case_frame
from solitaire_lib.grading.submissions import Notebook, Student
from solitaire_lib.grading.verdicts import (
    GRADED,
    KeptBytes,
    NotebookGrade,
    Reference,
    TaskGrade,
    agent_grades,
    answered,
    judge_task,
    names_of,
    outcome_of,
    say_which_task_to_fix_first,
)

#: Cells that did not stop when interrupted that are left out, each in a new run, at most.
SKIPPED_CELLS = 3
#: Seconds a cell may run, and a whole notebook (its cells and the grader's calls).
CELL_SECONDS, NOTEBOOK_SECONDS = 60, 600


# --- One notebook -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """How the class is graded."""

    cell_seconds: int = CELL_SECONDS
    notebook_seconds: int = NOTEBOOK_SECONDS
    sandboxed: bool = True
    scratch: Path = Path(tempfile.gettempdir())


class Running:
    """The sandboxes running now, so that Ctrl-C can end them all."""

    def __init__(self) -> None:
        self.lock, self.processes = threading.Lock(), set[subprocess.Popen[bytes]]()
        self.stopping = False

    def add(self, process: subprocess.Popen[bytes]) -> None:
        with self.lock:
            self.processes.add(process)
        if self.stopping:
            sandbox.end(process)

    def remove(self, process: subprocess.Popen[bytes]) -> None:
        with self.lock:
            self.processes.discard(process)

    def stop_all(self) -> None:
        self.stopping = True
        with self.lock:
            processes = list(self.processes)
        for process in processes:
            sandbox.end(process)


def grade_notebook(
    student: Student,
    notebook: Notebook,
    reference: Reference,
    settings: Settings,
    running: Running | None = None,
) -> NotebookGrade:
    """Run one notebook in its sandbox and judge its answers here.

    A cell that goes on :data:`~solitaire_lib.grading.runner.GRACE_SECONDS` after its time limit
    (it ignored the interrupt) has its kernel killed; the notebook is then run again, in a fresh
    sandbox, without that cell (up to :data:`SKIPPED_CELLS` cells), so that the functions
    defined elsewhere are still graded; the feedback says which cell. Each run has the notebook's
    time less the time lost to the cells left out (:func:`run_seconds`): the run again repeats
    the slow cells before the one left out, and is not charged twice for them.
    """
    book, _ = read_notebook(notebook.path)  # read before already: its outputs left out
    assert book is not None
    running = running or Running()
    skipped: list[str] = []
    while True:
        grade = NotebookGrade(
            student.name, str(notebook.number), GRADED, notebook.submitted_as, notebook.sha256
        )
        deadline = time.monotonic() + run_seconds(settings, len(skipped))
        stalled = _run_in_scratch(
            grade, student, notebook, book, reference, settings, running, deadline
        )
        if stalled is None or len(skipped) >= SKIPPED_CELLS or running.stopping:
            break
        if time.monotonic() >= deadline or run_seconds(settings, len(skipped) + 1) <= 0:
            break
        skipped.append(_skip(book, stalled, settings.cell_seconds))
    grade.notes += skipped
    return grade


def grader_problem(
    references: list[Reference], settings: Settings, running: Running | None = None
) -> str:
    """Why a notebook of the grader's own, one cell that imports the library's checks of these
    notebooks, does not run here as a student's would (its sandbox, its Python, the library it
    imports); ``''`` when it runs. Asked before any student's notebook runs: a grader that
    cannot import its library would otherwise give every notebook of the class 0 points, each
    with a problem that reads as the student's (held-out set 12b graded a class of zeros)."""
    folder = Path(tempfile.mkdtemp(prefix="solitaire-own-", dir=settings.scratch))
    try:
        (folder / "student").mkdir()
        path = folder / "own.ipynb"
        imports = "\n".join(f"import {reference.module_name}" for reference in references)
        cell: dict[str, Any] = {"cell_type": "code", "id": "own", "metadata": {}, "outputs": [],
                "execution_count": None, "source": imports}  # fmt: skip
        book = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
        path.write_text(json.dumps(book), "utf-8")
        student = Student("(the grader's own notebook)", folder=folder / "student")
        notebook = Notebook(path, Path("own.ipynb"), "own.ipynb", None, 0.0, "")
        grade = grade_notebook(student, notebook, references[0], settings, running)
    except Exception as error:  # the grader's own failure, said in one line
        return f"{type(error).__name__}: {str(error)[:300]}"
    finally:
        remove_folder(folder)
    return "; ".join(grade.problems)


def run_seconds(settings: Settings, skipped: int) -> float:
    """The seconds one run of a notebook has, once ``skipped`` cells were left out: the
    notebook's time, less what each cell left out cost (its time limit and the grace after it).
    A notebook is thus charged once for its cells, and runs at most ``1 + SKIPPED_CELLS`` times.

    >>> run_seconds(Settings(cell_seconds=10, notebook_seconds=120), 0)
    120
    >>> run_seconds(Settings(cell_seconds=10, notebook_seconds=120), 1)
    105
    """
    return settings.notebook_seconds - skipped * (settings.cell_seconds + GRACE_SECONDS)


def _skip(book: dict[str, Any], number: int, cell_seconds: int) -> str:
    """Leave out cell ``number`` (counted from 1) of ``book``; the note that says so."""
    cell = book["cells"][number - 1]
    source = cell.get("source", "")  # a notebook file may hold it as a list of lines
    first_line = ("".join(source) if isinstance(source, list) else str(source)).strip()
    first_line = first_line.split("\n")[0][:60]
    cell["source"] = "# Left out by the grader: this cell did not stop when it was interrupted."
    return (
        f"Cell {number} ({first_line!r}) was left out: it ran past its {cell_seconds} s and did "
        f"not stop within {GRACE_SECONDS} s of being interrupted, so the notebook was run again "
        "without it. Make it end (a loop that stops; no bare except: that also catches the "
        "interrupt)."
    )


def _run_in_scratch(
    grade: NotebookGrade,
    student: Student,
    notebook: Notebook,
    book: dict[str, Any],
    reference: Reference,
    settings: Settings,
    running: Running,
    deadline: float,
) -> int | None:
    """One run of the notebook, in a fresh scratch copy; the number of a cell that stalled."""
    scratch = Path(tempfile.mkdtemp(prefix="solitaire-grade-", dir=settings.scratch))
    try:
        home, channel = scratch / "home", scratch / "channel"
        shutil.copytree(student.folder, home, ignore=shutil.ignore_patterns("*.ipynb"))
        channel.mkdir()
        (channel / "notebook.ipynb").write_text(json.dumps(book), "utf-8")
        (home / notebook.workdir).mkdir(parents=True, exist_ok=True)
        code_cells = frozenset(
            number for number, cell in enumerate(book["cells"], 1) if cell["cell_type"] == "code"
        )
        record = _run_and_judge(
            grade,
            home,
            notebook.workdir,
            channel,
            reference,
            settings,
            running,
            deadline,
            code_cells,
        )
    finally:
        remove_folder(scratch)
    cells = book["cells"]
    number = record.stalled
    if number is None or not 1 <= number <= len(cells) or cells[number - 1]["cell_type"] != "code":
        return None
    return number


def remove_folder(folder: Path) -> None:
    """Remove ``folder`` and all below it, links not followed, however deep a sandbox made it
    (``rm -rf`` where Python's own removal gives up: it recurses, and a tree may be 10,000 deep).
    """
    with contextlib.suppress(RecursionError):
        shutil.rmtree(folder, ignore_errors=True)
    if os.path.lexists(folder):
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            subprocess.run(["rm", "-rf", "--", str(folder)], timeout=60, check=False)


def _run_and_judge(
    grade: NotebookGrade,
    home: Path,
    workdir: str,
    channel: Path,
    reference: Reference,
    settings: Settings,
    running: Running,
    deadline: float,
    code_cells: frozenset[int] = frozenset(),
) -> Record:
    """Run the notebook in its sandbox, ask and judge every task; what the runner said.

    A cell is taken as stalled only if the runner said so and then exited as its watchdog does
    (:data:`~solitaire_lib.grading.runner.STALLED`): a notebook's own frames on the progress
    pipe cannot make the grader leave out a cell, nor say one did not stop."""
    argv = [sys.executable, "-m", "solitaire_lib.grading.runner", str(settings.cell_seconds)]
    process: subprocess.Popen[bytes] | None = None
    pipes = Channel(channel, lambda: process, deadline, lambda: running.stopping, code_cells)
    ended = ""
    try:
        process = sandbox.start(argv, home, channel, settings.sandboxed, workdir, reference.inputs)
        running.add(process)
        _ask_and_judge(pipes, reference, grade.tasks)
        pipes.send({"op": "done"})
        pipes.wait_for_end(min(deadline, time.monotonic() + 10))
    except NotebookEnded as why:
        ended = str(why)
    finally:
        if process is not None:
            sandbox.end(process)
            running.remove(process)
        pipes.drain()
        pipes.close()
    if process is None or process.returncode != STALLED:
        pipes.record.stalled = None
    _explain(grade, pipes.record, ended, settings, reference, channel.parent / sandbox.ERRORS)
    return pipes.record


def _ask_and_judge(pipes: Channel, reference: Reference, grades: list[TaskGrade]) -> None:
    """Every task's cases to the kernel, and each answer judged as it comes (into ``grades``)."""
    uses: dict[str, list[str]] = {}
    budget = KeptBytes()
    for item in reference.tasks:
        task = item.task
        pipes.send(
            {
                "op": "task",
                "function": task.subject or task.name,
                "module": reference.module_name,
                "task": task.name,
                "cases": [case_frame(case) for case in item.cases],
                "time_limit": task.time_limit,
                "total_limit": task.total_time_limit,
            }
        )
        header = pipes.receive()
        got: list[Outcome] | None = None
        if isinstance(header, dict) and answered(header, len(item.cases)):
            got = []
            for index in range(len(item.cases)):
                got.append(budget.kept(item, index, outcome_of(pipes.receive())))
            uses[task.name] = names_of(header)
        grades.append(judge_task(item, header, got))
    say_which_task_to_fix_first(reference, uses, grades)
    if reference.has_agent:
        grades += _agent_grades(pipes, reference)


def _agent_grades(pipes: Channel, reference: Reference) -> list[TaskGrade]:
    """Notebook 04: the agent's answers judged here, and the course runner played here."""
    module = reference.module
    cases = reference.agent_cases
    pipes.send(
        {
            "op": "agent",
            "module": reference.module_name,
            "cases": [case_frame(case) for case in cases],
        }
    )
    answer = pipes.receive()
    if not isinstance(answer, dict) or answer.get("missing", True) is not False:
        why = "" if isinstance(answer, dict) else "its answers were too large, or not plain data"
        return agent_grades(None, why)
    try:
        first = [outcome_from(frame) for frame in answer["first"]]
        second = [outcome_from(frame) for frame in answer["second"]]
        if not len(first) == len(second) == len(cases):
            raise ValueError("not one answer per situation")
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError):
        return agent_grades(None, "its answers could not be read")
    report = module.judge_answers(cases, first, second, must_beat_greedy=False)
    if report.passed == report.situations:
        pipes.send({"op": "decide", "module": reference.module_name})

        def ask(args: tuple[Any, ...], time_limit: float) -> Outcome:
            pipes.send({"args": encode(args), "time_limit": time_limit})
            try:
                return outcome_of(pipes.receive(time_limit + 2))
            except NotebookEnded as why:
                if str(why) != "time":
                    raise
                return Outcome("timeout")

        module.score_agent(report, ask, reference.agent_seed)
        pipes.send({"op": "enough"})
    return agent_grades(report)


def _explain(
    grade: NotebookGrade,
    record: Record,
    ended: str,
    settings: Settings,
    reference: Reference,
    errors: Path,
) -> None:
    """The cells' problems, and why the notebook stopped early; tasks not reached get 0."""
    grade.problems += record.problems
    stopped = ""
    if ended == "time":
        stopped = (
            f"the notebook ran longer than its {settings.notebook_seconds} s in all and was "
            "stopped" + (f" in {record.running}" if record.running else "")
        )
        stopped += " (does a cell ignore the interrupt, or loop forever?)"
    elif ended == "stopped":
        stopped = "the grading was stopped (Ctrl-C) before this notebook was done"
    elif ended and record.stalled is not None:
        stopped = (
            f"cell {record.stalled} did not stop within {GRACE_SECONDS} s of being interrupted: "
            "its kernel was killed"
        )
    elif ended and not record.started:  # the runner never started a cell: the sandbox failed
        stopped = "the sandbox could not run the notebook: " + _last_line(errors)
    elif ended:
        said = record.ended
        stopped = said if said and said != "done" else "the notebook's kernel was killed"
    if stopped:
        grade.problems.append(stopped)
    done = {task.task for task in grade.tasks}
    reason = "the notebook stopped before the grader could call it (see the problem above)"
    for name in reference.grade_names:
        if name not in done:
            grade.tasks.append(TaskGrade(name, False, f"{name}: not checked: {reason} ✘"))


def _last_line(path: Path) -> str:
    """The last line of a file of messages, cut to 300 characters ('nothing said' if none)."""
    lines = read_capped(path).decode("utf-8", "replace").strip().splitlines()
    return lines[-1][:300] if lines else "nothing said"
