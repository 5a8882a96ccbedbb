"""Grade a class: every student's exercise notebooks run in a sandbox, judged from outside it.

``solitaire grade SUBMISSIONS/ --out grading/`` (see ``docs/GRADING.md``). For each notebook:

1. Before any student code runs, the whole submissions folder is copied into a private snapshot
   (:mod:`~solitaire_lib.grading.submissions`); grading reads only the snapshot.
2. The notebook runs, kernel and all, in a bubblewrap sandbox of its own
   (:mod:`~solitaire_lib.grading.sandbox`), as *Run All* would: a cell that raises does not stop
   the rest, a cell that runs too long is interrupted, and the whole notebook has a wall-clock
   limit, enforced from here by ending the sandbox.
3. Its last cell (:func:`~solitaire_lib.grading.serve.serve`) answers the grader's calls: this
   process makes each task's cases, sends their arguments across a named pipe as plain data,
   and reads back what the student's function did. The reference runs here, once per class, and
   the judgement is made here (:func:`~solitaire_lib.grading.checks.judge`): the expected answers
   never exist in a process that ran student code, and nothing a notebook prints, patches or
   writes can change a grade.
4. ``grades.csv`` (a row per task), ``gradebook.csv`` (a row per student, for the learning
   platform) and ``feedback/STUDENT.txt`` are replaced, atomically, as each notebook finishes.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import dataclasses
import functools
import importlib
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solitaire_lib.grading import sandbox
from solitaire_lib.grading.checks import Report, Task, expected_outcomes, judge
from solitaire_lib.grading.isolation import (
    FrameReader,
    Outcome,
    become_subreaper,
    frame_bytes,
    kill_everything_below,
    outcome_from,
)
from solitaire_lib.grading.output import Output, OutputError, csv_text
from solitaire_lib.grading.plain import encode
from solitaire_lib.grading.serve import case_frame
from solitaire_lib.grading.submissions import NOTEBOOKS, Notebook, Student, snapshot

#: The checker of each exercise notebook, by its number.
CHECKERS = {
    "01": "solitaire_lib.aces_in_sequence.exercises",
    "02": "solitaire_lib.sevens.exercises",
    "03": "solitaire_lib.alliances.exercises",
    "04": "solitaire_lib.play_nine.exercises",
    "05": "solitaire_lib.simple_klondike.exercises",
    "06": "solitaire_lib.stacks_of_nine.exercises",
    "07": "solitaire_lib.fast_simulation.exercises",
}
#: Seconds a cell may run, and a whole notebook (its cells and the grader's calls).
CELL_SECONDS, NOTEBOOK_SECONDS = 60, 600
#: Bytes of a notebook file the grader reads (a notebook of the series is well under 1 MB).
NOTEBOOK_LIMIT = 20 * 2**20

GRADED, MISSING, DAMAGED = "graded", "missing", "damaged"
DUPLICATE, NOT_EXERCISE, NOT_ASKED = "duplicate", "not an exercise notebook", "not asked for"

DAMAGED_ADVICE = (
    "This file is not a valid notebook: download it again with File > Download and resubmit it."
)


def checker_module(notebook: Path) -> str | None:
    """The checker of an exercise notebook, by the number in its name; None for another file.

    >>> checker_module(Path("ada/Copy of 02_sevens.ipynb")), checker_module(Path("notes.ipynb"))
    ('solitaire_lib.sevens.exercises', None)
    """
    from solitaire_lib.grading.submissions import notebook_number

    number = notebook_number(notebook.name)
    return CHECKERS.get(number) if number else None


@dataclass
class TaskGrade:
    """One task of one notebook: passed or not, its points, and the checker's report."""

    task: str
    passed: bool
    report: str

    @property
    def points(self) -> int:
        return int(self.passed)


@dataclass
class NotebookGrade:
    """One student's result for one notebook number, or for one file not graded."""

    student: str
    number: str
    status: str
    file: str = ""
    sha256: str = ""
    tasks: list[TaskGrade] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def points(self) -> int:
        return sum(task.points for task in self.tasks)

    @property
    def name(self) -> str:
        return NOTEBOOKS.get(self.number, self.file)


# --- The reference: made once for the class, in this process -----------------------------------


@dataclass
class TaskReference:
    """A task, its cases, and the reference's outcomes on them."""

    task: Task
    cases: list[Any]
    expected: list[Outcome]


def input_folders(cases: Iterable[Any]) -> list[str]:
    """The folders of the input files that cases name (a deck file that a task reads), so that
    the sandbox can see them; only folders the checker made below the temporary folder.

    >>> from solitaire_lib.grading.checks import Case
    >>> input_folders([Case(("no/such/file",))])
    []
    """
    temporary = os.path.realpath(tempfile.gettempdir()) + os.sep
    folders = set()
    for case in cases:
        for value in [*case.args, *case.kwargs.values()]:
            if type(value) is str and os.path.isabs(value) and os.path.isfile(value):
                folder = os.path.dirname(os.path.realpath(value))
                if folder.startswith(temporary):
                    folders.add(folder)
    return sorted(folders)


class Reference:
    """What one checker module expects: its tasks' cases and the reference's answers.

    Made in the grader before any notebook runs, and kept for the whole class.
    """

    def __init__(self, module_name: str) -> None:
        self.module_name = module_name
        self.module = importlib.import_module(module_name)
        self.tasks = []
        for task in self.module.check.tasks.values():
            cases = task.all_cases()
            self.tasks.append(TaskReference(task, cases, expected_outcomes(task, cases)))
        self.agent_cases = self.module.agent_cases() if self.has_agent else []
        self.inputs = input_folders(case for item in self.tasks for case in item.cases)
        if self.has_agent:
            self.module.greedy_total()  # worked out once, here

    @property
    def has_agent(self) -> bool:
        return hasattr(self.module, "check_agent")

    @property
    def grade_names(self) -> list[str]:
        names = [reference.task.name for reference in self.tasks]
        return names + (["agent", "better agent"] if self.has_agent else [])

    def function_names(self) -> list[str]:
        names = [r.task.subject or r.task.name for r in self.tasks]
        return names + (["choose_drawing_action", "choose_replacement_action"] * self.has_agent)


# --- The channel to the sandboxed kernel -------------------------------------------------------


class NotebookEnded(Exception):
    """The sandbox ended (or ran out of time) before it answered."""


class Channel:
    """Two named pipes in the channel folder: requests to the kernel, answers from it.

    Every wait is bounded by the notebook's deadline and ends as soon as the sandbox does.
    """

    def __init__(
        self, folder: Path, process: Callable[[], subprocess.Popen[bytes] | None], deadline: float
    ) -> None:
        for name in ("requests", "answers"):
            os.mkfifo(folder / name, 0o600)
        # Opened for reading and writing: neither open waits for the kernel.
        self.requests = os.open(folder / "requests", os.O_RDWR | os.O_NONBLOCK)
        self.answers = os.open(folder / "answers", os.O_RDWR)
        self.reader = FrameReader(self.answers)
        self.process, self.deadline = process, deadline

    def _check(self, until: float) -> None:
        process = self.process()
        if process is None or process.poll() is not None:
            raise NotebookEnded("ended")
        if time.monotonic() >= until:
            raise NotebookEnded("time")

    def send(self, message: dict[str, Any]) -> None:
        data = frame_bytes(message)
        while data:
            self._check(self.deadline)
            if select.select([], [self.requests], [], 0.1)[1]:
                with contextlib.suppress(BlockingIOError):
                    data = data[os.write(self.requests, data) :]

    def receive(self, seconds: float | None = None) -> dict[str, Any]:
        until = self.deadline if seconds is None else min(self.deadline, time.monotonic() + seconds)
        while True:
            self._check(until)
            frame = self.reader.read(time.monotonic() + 0.1)
            if frame is not None:
                return frame

    def close(self) -> None:
        for fd in (self.requests, self.answers):
            os.close(fd)


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
    """Run one notebook in its sandbox and judge its answers here."""
    grade = NotebookGrade(
        student.name, str(notebook.number), GRADED, notebook.submitted_as, notebook.sha256
    )
    scratch = Path(tempfile.mkdtemp(prefix="solitaire-grade-", dir=settings.scratch))
    try:
        home, channel = scratch / "home", scratch / "channel"
        shutil.copytree(student.folder, home, ignore=shutil.ignore_patterns("*.ipynb"))
        channel.mkdir()
        shutil.copyfile(notebook.path, channel / "notebook.ipynb")
        (home / notebook.workdir).mkdir(parents=True, exist_ok=True)
        _run_and_judge(
            grade, home, notebook.workdir, channel, reference, settings, running or Running()
        )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return grade


def _run_and_judge(
    grade: NotebookGrade,
    home: Path,
    workdir: str,
    channel: Path,
    reference: Reference,
    settings: Settings,
    running: Running,
) -> None:
    argv = [sys.executable, "-m", "solitaire_lib.grading.runner", str(settings.cell_seconds)]
    deadline = time.monotonic() + settings.notebook_seconds
    process: subprocess.Popen[bytes] | None = None
    pipes = Channel(channel, lambda: process, deadline)
    ended = ""
    try:
        process = sandbox.start(argv, home, channel, settings.sandboxed, workdir, reference.inputs)
        running.add(process)
        grade.tasks = _ask_and_judge(pipes, reference)
        pipes.send({"op": "done"})
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=max(0.0, min(10.0, deadline - time.monotonic())))
    except NotebookEnded as why:
        ended = str(why)
    finally:
        if process is not None:
            sandbox.end(process)
            running.remove(process)
        pipes.close()
    _explain(grade, channel / "cells.json", ended, settings, reference)


def _ask_and_judge(pipes: Channel, reference: Reference) -> list[TaskGrade]:
    """Every task's cases to the kernel, and each answer judged as it comes."""
    answers: dict[str, dict[str, Any]] = {}
    grades: list[TaskGrade] = []
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
        answers[task.name] = answer = pipes.receive()
        grades.append(judge_task(item, answer))
    _say_which_task_to_fix_first(reference, answers, grades)
    if reference.has_agent:
        grades += _agent_grades(pipes, reference)
    return grades


def judge_task(item: TaskReference, answer: dict[str, Any]) -> TaskGrade:
    """The grade of one task, from the kernel's answer (plain data, trusted in nothing)."""
    task = item.task
    name = task.subject or task.name
    if not isinstance(answer, dict) or answer.get("missing", True) is not False:
        return TaskGrade(task.name, False, f"{task.name}: no function called {name} was defined ✘")
    try:
        got = [outcome_from(frame) for frame in answer["got"]]
        if len(got) != len(item.cases):
            raise ValueError("not one outcome per case")
    except (KeyError, TypeError, ValueError, AttributeError):
        return TaskGrade(task.name, False, f"{task.name}: its results could not be read ✘")
    report, shown = judge(task, item.cases, got, item.expected)
    if shown is None:
        report.missing_docstring = task.needs_docstring and answer.get("documented") is not True
    return TaskGrade(task.name, report.ok, _for_feedback(report))


def _for_feedback(report: Report) -> str:
    """The report without the line on re-running the failing call (that is for the notebook)."""
    lines = str(report).split("\n")
    return "\n".join(line for line in lines if not line.startswith("Run it yourself"))


def _say_which_task_to_fix_first(
    reference: Reference, answers: dict[str, dict[str, Any]], grades: list[TaskGrade]
) -> None:
    """A failing task that calls a failing task is told to fix that one first (the first one
    in the chain: the one that calls no other failing task); its own hint is left out, since
    the mistake it describes may be the other task's."""
    names = {r.task.name: r.task.subject or r.task.name for r in reference.tasks}
    failing = {names[g.task] for g in grades if not g.passed and g.task in names}
    uses: dict[str, set[str]] = {}
    for task, answer in answers.items():
        used = answer.get("uses") if isinstance(answer, dict) else None
        if isinstance(used, list):
            uses[names[task]] = {str(name) for name in used} & failing - {names[task]}
    for index, grade in enumerate(grades):
        calls = uses.get(names.get(grade.task, ""), set())
        if grade.passed or not calls:
            continue
        first = sorted(name for name in calls if not uses.get(name)) or sorted(calls)
        listed = " and ".join(first)
        verb = "fails its own check" if len(first) == 1 else "fail their own checks"
        lines = [line for line in grade.report.split("\n") if not line.startswith("Hint: ")]
        lines.append(
            f"It calls {listed}, which {verb}: fix {listed} first, then check this one again."
        )
        grades[index] = dataclasses.replace(grade, report="\n".join(lines))


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
        return agent_grades(None)
    try:
        first = [outcome_from(frame) for frame in answer["first"]]
        second = [outcome_from(frame) for frame in answer["second"]]
        if not len(first) == len(second) == len(cases):
            raise ValueError("not one answer per situation")
    except (KeyError, TypeError, ValueError, AttributeError):
        return agent_grades(None, "its answers could not be read")
    report = module.judge_answers(cases, first, second, must_beat_greedy=False)
    if report.passed == report.situations:
        pipes.send({"op": "decide", "module": reference.module_name})

        def ask(args: tuple[Any, ...], time_limit: float) -> Outcome:
            pipes.send({"args": encode(args), "time_limit": time_limit})
            try:
                return outcome_from(pipes.receive(time_limit + 2))
            except NotebookEnded as why:
                if str(why) == "ended":
                    raise
                return Outcome("timeout")

        report.total, report.problem = module.score_agent(ask)
        pipes.send({"op": "enough"})
    return agent_grades(report)


def agent_grades(report: Any, why: str = "") -> list[TaskGrade]:
    """Notebook 04's two grades: **agent** (legal, silent, repeatable, and played to the end by
    the course runner) and **better agent** (and a lower total than the greedy baseline's)."""
    if report is None:
        missing = why or "no choose_drawing_action and choose_replacement_action were defined"
        return [
            TaskGrade("agent", False, f"agent: {missing} ✘"),
            TaskGrade("better agent", False, f"better agent: {missing} ✘"),
        ]
    legal = report.passed == report.situations and report.total is not None
    better = dataclasses.replace(report, must_beat_greedy=True)
    text = str(better).replace("agent:", "better agent:", 1)
    return [
        TaskGrade("agent", legal, str(dataclasses.replace(report, must_beat_greedy=False))),
        TaskGrade("better agent", better.ok, text),
    ]


def _explain(
    grade: NotebookGrade, cells: Path, ended: str, settings: Settings, reference: Reference
) -> None:
    """The cells' problems, and why the notebook stopped early; tasks not reached get 0."""
    record = _read_cells(cells)
    grade.problems += [str(p)[:400] for p in record.get("problems", [])][:50]
    stopped = ""
    if ended == "time":
        running = str(record.get("running", ""))[:100]
        stopped = (
            f"the notebook ran longer than its {settings.notebook_seconds} s in all and was "
            "stopped" + (f" in {running}" if running else "")
        )
        stopped += " (does a cell ignore the interrupt, or loop forever?)"
    elif ended and not record:  # the runner never started a cell: the sandbox itself failed
        stopped = "the sandbox could not run the notebook: " + _last_line(
            cells.parent.parent / sandbox.ERRORS
        )
    elif ended:
        said = str(record.get("ended", ""))[:200]
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
    try:
        with open(path, "rb") as file:
            file.seek(max(0, path.stat().st_size - 4096))
            lines = file.read().decode("utf-8", "replace").strip().splitlines()
    except OSError:
        lines = []
    return lines[-1][:300] if lines else "nothing said"


def _read_cells(path: Path) -> dict[str, Any]:
    """What the runner recorded of the cells (student-writable: read with care)."""
    try:
        with open(path, "rb") as file:
            record = json.loads(file.read(1 << 20))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


# --- The class ----------------------------------------------------------------------------------


def read_notebook(path: Path) -> tuple[dict[str, Any] | None, str]:
    """The notebook as JSON data, or None and what is wrong with it, in a student's words."""
    import nbformat

    try:
        if path.stat().st_size > NOTEBOOK_LIMIT:
            return None, f"it is larger than {NOTEBOOK_LIMIT // 2**20} MB"
        text = path.read_text("utf-8")
    except UnicodeDecodeError:
        return None, "it is not text"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return None, f"it is cut short or changed: it is not JSON (line {error.lineno})"
    try:
        book = nbformat.reads(text, as_version=4)  # type: ignore[no-untyped-call]
        nbformat.validate(book)
    except Exception:  # nbformat's own errors: a JSON file that is not a notebook
        return None, "it is JSON, but not a Jupyter notebook"
    if not isinstance(data, dict):
        return None, "it is JSON, but not a Jupyter notebook"
    return book, ""


def is_exercise_notebook(book: dict[str, Any], reference: Reference) -> bool:
    """Does the notebook define any of the task functions, or import the checker?"""
    source = "\n".join(
        "".join(c.get("source", "")) for c in book.get("cells", []) if c.get("cell_type") == "code"
    )
    if reference.module_name in source:
        return True
    return any(
        re.search(rf"\b(def|class)\s+{re.escape(name)}\b", source)
        for name in reference.function_names()
    )


@dataclass
class Plan:
    """What is to be done for one student and one notebook number (or one file not graded)."""

    student: Student
    number: str
    notebook: Notebook | None
    status: str
    reason: str = ""
    others: list[Notebook] = field(default_factory=list)


def plan_student(student: Student, numbers: list[str]) -> list[Plan]:
    """One plan per notebook number expected, and one per file that will not be graded."""
    plans = []
    for number in numbers:
        found = [n for n in student.notebooks if n.number == number]
        if not found:
            plans.append(Plan(student, number, None, MISSING))
            continue
        newest = max(found, key=lambda n: (n.mtime, n.submitted_as))
        others = sorted((n for n in found if n is not newest), key=lambda n: -n.mtime)
        plans.append(Plan(student, number, newest, GRADED, others=others))
        plans += [Plan(student, number, n, DUPLICATE) for n in others]
    for notebook in student.notebooks:
        if notebook.number is None:
            plans.append(Plan(student, "", notebook, NOT_EXERCISE))
        elif notebook.number not in numbers:
            plans.append(Plan(student, notebook.number, notebook, NOT_ASKED))
    return plans


def check_contents(plan: Plan, references: dict[str, Reference]) -> None:
    """Mark a notebook that cannot be read, or that is not the exercise notebook, before it runs."""
    if plan.status != GRADED or plan.notebook is None:
        return
    reference = references[plan.number]
    book, wrong = read_notebook(plan.notebook.path)
    if book is None:
        plan.status, plan.reason = DAMAGED, f"{DAMAGED_ADVICE} (What is wrong: {wrong}.)"
    elif not is_exercise_notebook(book, reference):
        plan.status = NOT_EXERCISE
        plan.reason = (
            f"It defines none of the functions of exercise notebook {plan.number} "
            f"({NOTEBOOKS[plan.number]}): is it the lesson, or another notebook? "
            "Submit the exercise notebook."
        )


def ungraded(plan: Plan, reference: Reference | None) -> NotebookGrade:
    """The grade of a plan that is not run: 0 points, with the reason in the feedback."""
    notebook = plan.notebook
    grade = NotebookGrade(
        plan.student.name,
        plan.number,
        plan.status,
        notebook.submitted_as if notebook else "",
        notebook.sha256 if notebook else "",
    )
    if plan.status == MISSING:
        grade.notes.append(
            f"No notebook {plan.number} was found. Name it so that it begins with "
            f"its number ({NOTEBOOKS[plan.number]}.ipynb) and submit it."
        )
    elif plan.status == DUPLICATE:
        grade.notes.append("Another copy of this notebook is newer: only the newest is graded.")
    elif plan.status == NOT_ASKED:
        grade.notes.append(f"Notebook {plan.number} was not asked for this time: not graded.")
    elif plan.status == NOT_EXERCISE and not plan.reason:
        grade.notes.append(
            "Its name does not begin with the number of an exercise notebook "
            "(01 to 07): not graded."
        )
    if plan.reason:
        grade.notes.append(plan.reason)
    if reference is not None and plan.status in (MISSING, DAMAGED, NOT_EXERCISE):
        grade.tasks = [TaskGrade(n, False, "") for n in reference.grade_names]
    return grade


def read_roster(path: Path) -> list[str]:
    """The students of a roster file: one a line; blank lines and ``#`` comments skipped."""
    names = []
    for line in path.read_text("utf-8-sig").splitlines():
        name = line.strip()
        if name and not name.startswith("#"):
            names.append(name)
    return names


def _key(name: str) -> str:
    return re.sub(r"[\s_.]+", " ", name).strip().casefold()


def with_roster(
    students: list[Student], roster: list[str] | None
) -> tuple[list[Student], list[str]]:
    """Every student on the roster (an empty one for whoever submitted nothing), then the others;
    and the names of those not on the roster."""
    if roster is None:
        return students, []
    by_key = {_key(s.name): s for s in students}
    listed = [by_key.pop(_key(name)) if _key(name) in by_key else Student(name) for name in roster]
    return listed + list(by_key.values()), [s.name for s in by_key.values()]


def safe_file_name(name: str, taken: set[str]) -> str:
    """A file name for a student's feedback: letters, digits, ``.``, ``_`` and ``-`` only.

    >>> safe_file_name("=HYPERLINK(x)", set()), safe_file_name("Ada Lovelace", {"Ada_Lovelace"})
    ('HYPERLINK_x', 'Ada_Lovelace-2')
    """
    base = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._-")[:80] or "student"
    candidate, count = base, 1
    while candidate.casefold() in {t.casefold() for t in taken}:
        count += 1
        candidate = f"{base}-{count}"
    taken.add(candidate)
    return candidate


class Book:
    """The grades so far, and the files they are written to after every notebook."""

    def __init__(self, output: Output, students: list[Student], numbers: list[str]) -> None:
        self.output, self.students, self.numbers = output, students, numbers
        self.grades: dict[str, list[NotebookGrade]] = {s.name: [] for s in students}
        taken: set[str] = set()
        self.files = {s.name: safe_file_name(s.name, taken) for s in students}

    def add(self, grade: NotebookGrade) -> None:
        self.grades[grade.student].append(grade)
        self.write_student(grade.student)
        self.write_tables()

    def write_tables(self) -> None:
        rows: list[list[Any]] = [
            ["student", "id", "notebook", "task", "status", "passed", "points", "file", "sha256"]
        ]
        book: list[list[Any]] = [["student", "id", *(NOTEBOOKS[n] for n in self.numbers), "total"]]
        for student in self.students:
            grades = self._sorted(student.name)
            for grade in grades:
                rows += _task_rows(student, grade)
            points = {g.number: g.points for g in grades if g.status == GRADED}
            book.append(
                [
                    student.name,
                    student.id,
                    *(points.get(n, 0) for n in self.numbers),
                    sum(points.values()),
                ]
            )
        self.output.write("grades.csv", csv_text(rows))
        self.output.write("gradebook.csv", csv_text(book))

    def _sorted(self, student: str) -> list[NotebookGrade]:
        order = {GRADED: 0, MISSING: 0, DAMAGED: 0, NOT_EXERCISE: 1, DUPLICATE: 1, NOT_ASKED: 2}
        return sorted(
            self.grades[student], key=lambda g: (g.number or "99", order[g.status], g.file)
        )

    def write_student(self, name: str) -> None:
        student = next(s for s in self.students if s.name == name)
        parts = [f"Feedback for {name}", ""]
        parts += [f"Not graded: {line}" for line in student.skipped]
        for grade in self._sorted(name):
            parts += [*feedback_lines(grade), ""]
        self.output.write(f"{self.files[name]}.txt", "\n".join(parts), folder="feedback")


def _task_rows(student: Student, grade: NotebookGrade) -> list[list[Any]]:
    """The rows of ``grades.csv`` for one notebook: one per task, or one for a file not graded."""
    where = [grade.file, grade.sha256]
    start = [student.name, student.id, grade.name]
    if not grade.tasks:
        return [[*start, "", grade.status, False, 0, *where]]
    return [[*start, t.task, grade.status, t.passed, t.points, *where] for t in grade.tasks]


def feedback_lines(grade: NotebookGrade) -> list[str]:
    """One notebook's part of a student's feedback."""
    title = grade.name
    if grade.status == GRADED:
        lines = [
            f"== {title}: {grade.points} of {len(grade.tasks)} points ==",
            f"Graded: {grade.file} (SHA-256 {grade.sha256[:16]})",
        ]
    elif grade.status in (DUPLICATE, NOT_ASKED) or (
        grade.status == NOT_EXERCISE and not grade.tasks
    ):
        lines = [f"-- {grade.file}: {grade.status}, not graded --"]
    else:
        what = f" ({grade.file})" if grade.file else ""
        lines = [f"== {title}: {grade.status}{what}, 0 points =="]
    lines += grade.notes
    lines += [f"Problem: {problem}" for problem in grade.problems]
    if grade.status == GRADED:
        lines += [task.report for task in grade.tasks]
    return lines


@dataclass
class ClassResult:
    """What a class run did: the grades, and what it said on the way."""

    graded: int = 0
    planned: int = 0
    stopped: bool = False
    grades: list[NotebookGrade] = field(default_factory=list)


def grade_class(
    submissions: Path,
    out: Path,
    *,
    jobs: int = 1,
    settings: Settings = Settings(),
    roster: list[str] | None = None,
    numbers: list[str] | None = None,
    force: bool = False,
    say: Callable[[str], None] | None = None,
) -> ClassResult:
    """Grade every student's notebooks; ``grades.csv``, ``gradebook.csv`` and ``feedback/`` in
    ``out``, written as each notebook finishes. Ctrl-C stops it, keeping what was graded."""
    say = say or functools.partial(print, file=sys.stderr, flush=True)
    output = Output(out, force=force)
    result = ClassResult()
    running = Running()
    scratch = Path(tempfile.mkdtemp(prefix="solitaire-class-", dir=settings.scratch))
    try:
        students = snapshot(submissions, scratch / "snapshot")
        students, strangers = with_roster(students, roster)
        for name in strangers:
            say(f"not on the roster, graded all the same: {name}")
        wanted = numbers or sorted({n.number for s in students for n in s.notebooks if n.number})
        references = {n: Reference(CHECKERS[n]) for n in wanted}
        plans = [plan for s in students for plan in plan_student(s, wanted)]
        for plan in plans:
            check_contents(plan, references)
        book = Book(output, students, wanted)
        book.write_tables()
        for student in students:
            book.write_student(student.name)
        _run_plans(plans, references, book, settings, jobs, running, result, say)
    except KeyboardInterrupt:
        running.stop_all()
        result.stopped = True
    finally:
        output.close()
        shutil.rmtree(scratch, ignore_errors=True)
        if not settings.sandboxed:
            kill_everything_below(time.monotonic() + 10)
    return result


def _run_plans(
    plans: list[Plan],
    references: dict[str, Reference],
    book: Book,
    settings: Settings,
    jobs: int,
    running: Running,
    result: ClassResult,
    say: Callable[[str], None],
) -> None:
    runs = [p for p in plans if p.status == GRADED]
    result.planned = len(runs)
    for plan in plans:
        if plan.status != GRADED:
            grade = ungraded(plan, references.get(plan.number))
            book.add(grade)
            result.grades.append(grade)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {
            pool.submit(_graded, plan, references[plan.number], settings, running): plan
            for plan in runs
        }
        try:
            for future in concurrent.futures.as_completed(futures):
                grade = future.result()
                book.add(grade)
                result.grades.append(grade)
                result.graded += 1
                say(
                    f"[{result.graded}/{len(runs)}] {grade.student}, {grade.name}: "
                    f"{grade.points} of {len(grade.tasks)} points"
                )
        except KeyboardInterrupt:
            running.stop_all()
            pool.shutdown(wait=True, cancel_futures=True)
            raise


def _graded(
    plan: Plan, reference: Reference, settings: Settings, running: Running
) -> NotebookGrade:
    assert plan.notebook is not None
    if running.stopping:
        raise KeyboardInterrupt
    try:
        grade = grade_notebook(plan.student, plan.notebook, reference, settings, running)
    except Exception as error:  # the grader's own failure: said, never a traceback
        grade = ungraded(Plan(plan.student, plan.number, plan.notebook, GRADED), reference)
        grade.tasks = [TaskGrade(n, False, "") for n in reference.grade_names]
        grade.problems.append(f"the grader could not judge this notebook ({type(error).__name__})")
    if plan.others:
        older = ", ".join(n.submitted_as for n in plan.others)
        grade.notes.append(f"Also found, not graded (only the newest copy is): {older}")
    return grade


# --- The command --------------------------------------------------------------------------------


def _numbers(text: str) -> list[str]:
    numbers = sorted({f"{int(part):02d}" for part in re.findall(r"\d+", text)})
    unknown = [n for n in numbers if n not in NOTEBOOKS]
    if unknown or not numbers:
        raise argparse.ArgumentTypeError(f"the exercise notebooks are 01 to 07, not {text!r}")
    return numbers


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="solitaire grade",
        description="Grade a class: run each student's exercise notebooks in a sandbox and "
        "check every task from outside it.",
        epilog="SUBMISSIONS holds one folder per student (ada/02_sevens.ipynb), Moodle's folders, "
        "or Canvas's flat download. See docs/GRADING.md.",
    )
    parser.add_argument("submissions", type=Path, nargs="?", help="the class's submissions")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("grading"),
        help="a new folder for grades.csv, gradebook.csv and feedback/ (default: ./grading)",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="write into --out even if it holds files (they are replaced)",
    )
    parser.add_argument("--roster", type=Path, help="the students, one a line: each gets a row")
    parser.add_argument(
        "--notebooks",
        type=_numbers,
        metavar="01,02",
        help="the notebooks expected (default: every one submitted)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="notebooks run at once (default 1)")
    parser.add_argument(
        "--timeout",
        type=int,
        default=CELL_SECONDS,
        help=f"seconds a cell may run (default {CELL_SECONDS})",
    )
    parser.add_argument(
        "--notebook-timeout",
        type=int,
        default=NOTEBOOK_SECONDS,
        help=f"seconds a whole notebook may take (default {NOTEBOOK_SECONDS})",
    )
    parser.add_argument(
        "--unsafe",
        action="store_true",
        help="run student code without the sandbox (only inside a container "
        "with nothing else to lose)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.submissions is None:
        parser.error("name the folder of the class's submissions: solitaire grade SUBMISSIONS/")
    if not args.submissions.is_dir():
        parser.error(f"{args.submissions} is not a folder")
    if args.jobs < 1 or args.timeout < 1 or args.notebook_timeout < 1:
        parser.error("--jobs, --timeout and --notebook-timeout must be at least 1")
    try:
        import nbclient  # noqa: F401
    except ImportError:
        parser.error("grading needs nbclient: pip install 'solitaire-lib[grade]'")
    why = sandbox.unavailable()
    if why and not args.unsafe:
        print(
            f"solitaire grade: not run: {why}, and without the sandbox a student's notebook "
            f"could read and change your files.\n{sandbox.HOW_TO_GET_IT}",
            file=sys.stderr,
        )
        return 2
    try:
        roster = read_roster(args.roster) if args.roster else None
    except (OSError, UnicodeDecodeError) as error:
        parser.error(f"the roster {args.roster} cannot be read: {error}")
    settings = Settings(args.timeout, args.notebook_timeout, sandboxed=not why)
    if why:
        become_subreaper()
        print(
            f"solitaire grade: --unsafe: {why}; student code runs without the sandbox.",
            file=sys.stderr,
        )
    try:
        result = grade_class(
            args.submissions,
            args.out,
            jobs=args.jobs,
            settings=settings,
            roster=roster,
            numbers=args.notebooks,
            force=args.force,
        )
    except OutputError as error:
        parser.error(str(error))
    except KeyboardInterrupt:
        result = ClassResult(stopped=True)
    where = f"{args.out / 'grades.csv'}, {args.out / 'gradebook.csv'}, {args.out / 'feedback'}/"
    if result.stopped:
        print(
            f"Stopped: {result.graded} of {result.planned} notebooks graded; {where} hold them.",
            file=sys.stderr,
        )
        return 130
    print(f"{result.graded} notebooks graded: {where}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
