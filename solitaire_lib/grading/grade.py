"""Grade a class: run every submitted exercise notebook and check every task with the checker.

``python -m solitaire_lib.grading.grade SUBMISSIONS/`` (or ``solitaire grade SUBMISSIONS/``) expects one
folder per student, holding that student's exercise notebooks under their series names
(``SUBMISSIONS/ada/02_sevens.ipynb``; the two-digit number is what counts). For each notebook:

1. it is executed from a copy, in a fresh kernel (nbclient), with a time limit per cell; a cell
   that errs or runs out of time does not stop the rest, as in a student's own *Run All*;
2. a last cell, added by the grader, runs each task's function contained (exactly as ``check``
   does: :func:`solitaire_lib.grading.isolation.run_cases`) and writes the outcomes, as plain data, to a
   file of the grader's;
3. the grader, a process that never runs student code, reads those outcomes, runs the reference
   itself and judges them (:func:`solitaire_lib.grading.checks.judge`). A score never comes from what the
   notebook printed: the student's own ``check(...)`` cells are only feedback for the student.

It writes ``grades.csv`` (``student, notebook, task, passed, points``: one point per task whose
every case passes) and ``feedback/STUDENT.txt``, the checker's report on every task.

What it does not protect against: the notebooks run unsandboxed, as the user who runs the grader,
with that user's files and network. Run it as a separate user, or in a container, with nothing
else to lose. Code that imports the reference from ``solitaire_lib`` and returns its answers is
not detected (it would also pass the checks in the notebook).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import dataclasses
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solitaire_lib.grading.checks import has_docstring, judge
from solitaire_lib.grading.isolation import (
    FrameReader,
    Outcome,
    ServedFunction,
    become_subreaper,
    kill_everything_below,
    outcome_frame,
    outcome_from,
    run_cases,
    send_frame,
)
from solitaire_lib.grading.plain import decode, encode

#: The exercise notebooks of the series, by their number, and the module of their checker.
CHECKERS = {
    "01": "solitaire_lib.aces_in_sequence.exercises",
    "02": "solitaire_lib.sevens.exercises",
    "03": "solitaire_lib.alliances.exercises",
    "04": "solitaire_lib.play_nine.exercises",
    "05": "solitaire_lib.simple_klondike.exercises",
    "06": "solitaire_lib.stacks_of_nine.exercises",
    "07": "solitaire_lib.fast_simulation_exercises",
}
#: Seconds a cell of a submitted notebook may run, and the grader's own last cell.
CELL_TIMEOUT, COLLECTOR_TIMEOUT = 60, 900


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
    """The grades of one student's notebook, and what went wrong while it ran."""

    student: str
    notebook: str
    tasks: list[TaskGrade] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def checker_module(notebook: Path) -> str | None:
    """The checker of an exercise notebook, by its number; None for another notebook.

    >>> checker_module(Path("ada/02_sevens.ipynb")), checker_module(Path("notes.ipynb"))
    ('solitaire_lib.sevens.exercises', None)
    """
    match = re.match(r"(\d\d)[_ -]", notebook.name)
    return CHECKERS.get(match[1]) if match else None


# --- In the student's kernel: collect the outcomes ---------------------------------------------


def collect(module_name: str, path: str, namespace: dict[str, Any]) -> None:
    """Run each task's function found in ``namespace`` (contained) and write the outcomes.

    Called by the cell the grader adds at the end of a notebook. What it writes is only data:
    the grader judges it, so changing this function in the notebook cannot make a task pass.
    """
    module = importlib.import_module(module_name)
    checker = module.check
    found: dict[str, Any] = {}
    for task in checker.tasks.values():
        function = namespace.get(task.subject or task.name)
        if not callable(function):
            found[task.name] = {"missing": True}
            continue
        cases = task.all_cases()
        got = run_cases(task.prepared(function), cases, task.time_limit, task.total_time_limit)
        found[task.name] = {
            "missing": False,
            "documented": has_docstring(function),
            "got": [outcome_frame(outcome) for outcome in got],
        }
    agent = _agent_functions(module, namespace)
    if agent is not None:
        cases = module.agent_cases()
        first, second = module.agent_answers(*agent, cases)
        found[AGENT] = {"first": [outcome_frame(o) for o in first],
                        "second": [outcome_frame(o) for o in second]}  # fmt: skip
    written = Path(path).with_suffix(".part")
    written.write_text(json.dumps(found), "utf-8")
    written.replace(path)  # the grader never reads half a file
    if agent is not None:
        _serve_agent(module.deciding(*agent), Path(path).parent)


#: The name of the agent's entry in the outcomes (notebook 04: ``check_agent``'s functions).
AGENT = "agent"
#: Seconds the kernel serves an agent's decisions to the grader's runner.
AGENT_SERVING_SECONDS = 120.0


def _agent_functions(module: Any, namespace: dict[str, Any]) -> tuple[Any, Any] | None:
    """The agent's two functions, in a notebook whose checker has agents and that defines them."""
    if not hasattr(module, "check_agent"):
        return None
    drawing = namespace.get("choose_drawing_action")
    replacing = namespace.get("choose_replacement_action")
    return (drawing, replacing) if callable(drawing) and callable(replacing) else None


def _serve_agent(decide: Any, channel: Path) -> None:
    """Answer the grader's runner, decision by decision, each one contained, until it is done."""
    requests = os.open(channel / "requests", os.O_RDWR)
    answers = os.open(channel / "answers", os.O_RDWR)
    reader, deadline = FrameReader(requests), time.monotonic() + AGENT_SERVING_SECONDS
    with ServedFunction(decide) as served:
        while (frame := reader.read(deadline)) is not None and "args" in frame:
            outcome = served.call(tuple(decode(frame["args"])), float(frame["time_limit"]))
            send_frame(answers, outcome_frame(outcome))
    os.close(requests)
    os.close(answers)


def _collector_cell(module_name: str, path: Path) -> str:
    return (
        "from solitaire_lib.grading.grade import collect as _solitaire_grade_collect\n"
        f"_solitaire_grade_collect({module_name!r}, {str(path)!r}, globals())"
    )


# --- In the grader: execute, then judge ----------------------------------------------------------


def execute(
    notebook: Path, workdir: Path, outcomes: Path, cell_timeout: int
) -> tuple[list[str], list[TaskGrade]]:
    """Run a copy of ``notebook`` in ``workdir`` with the collector cell added; the problems met
    (cells that raised or ran out of time), and the agent's grades for notebook 04."""
    import nbformat
    from nbclient import NotebookClient

    module_name = checker_module(notebook)
    assert module_name is not None
    book = nbformat.read(notebook, as_version=4)  # type: ignore[no-untyped-call]
    collector = nbformat.v4.new_code_cell(_collector_cell(module_name, outcomes))  # type: ignore[no-untyped-call]
    book.cells.append(collector)
    client = NotebookClient(
        book,
        timeout_func=lambda cell: COLLECTOR_TIMEOUT if cell is collector else cell_timeout,
        kernel_name="python3",
        allow_errors=True,
        interrupt_on_timeout=True,
        resources={"metadata": {"path": str(workdir)}},
    )
    problems: list[str] = []
    scorer = AgentScorer(module_name, outcomes) if module_name == CHECKERS["04"] else None
    try:
        client.execute(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # the kernel's own
    except Exception as error:  # the kernel died, or could not start
        problems.append(f"the notebook could not be run to its end: {type(error).__name__}")
    finally:
        if scorer is not None:
            scorer.finish()
    for number, cell in enumerate(book.cells[:-1], start=1):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                problems.append(_cell_problem(number, cell.source, output, cell_timeout))
    return problems, agent_grades(scorer.report) if scorer is not None else []


def _cell_problem(number: int, source: str, error: dict[str, Any], cell_timeout: int) -> str:
    first_line = source.strip().split("\n")[0][:60]
    where = f"cell {number} ({first_line!r})"
    if error.get("ename") == "KeyboardInterrupt":
        return f"{where} was stopped: it ran longer than {cell_timeout} s"
    return f"{where} raised {error.get('ename')}: {str(error.get('evalue'))[:200]}"


class AgentScorer:
    """In the grader, beside the running notebook: once the collector has written the agent's
    answers, judge them and play the course runner here, asking each decision of the kernel
    through two pipes (``requests``, ``answers``). The grade is kept in :attr:`report`."""

    def __init__(self, module_name: str, outcomes: Path) -> None:
        self.module = importlib.import_module(module_name)
        self.outcomes, self.report, self.stopped = outcomes, None, threading.Event()
        channel = outcomes.parent
        for name in ("requests", "answers"):
            os.mkfifo(channel / name)
        self.requests = os.open(channel / "requests", os.O_RDWR)
        self.answers = os.open(channel / "answers", os.O_RDWR)
        self.reader = FrameReader(self.answers)  # one reader: nothing it buffered is lost
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.outcomes.exists():
            if self.stopped.wait(0.05):
                return
        try:
            found = json.loads(self.outcomes.read_text("utf-8"))
            entry = found.get(AGENT) if isinstance(found, dict) else None
            if isinstance(entry, dict):
                self.report = self._judge(entry)
        finally:
            send_frame(self.requests, {"done": True})

    def _judge(self, entry: dict[str, Any]) -> Any:
        cases = self.module.agent_cases()
        first = [outcome_from(frame) for frame in entry["first"]]
        second = [outcome_from(frame) for frame in entry["second"]]
        if not len(first) == len(second) == len(cases):
            raise ValueError("not one answer per situation")
        report = self.module.judge_answers(cases, first, second, must_beat_greedy=False)
        if report.passed == report.situations:
            report.total, report.problem = self.module.score_agent(self._ask)
        return report

    def _ask(self, args: tuple[Any, ...], time_limit: float) -> Outcome:
        send_frame(self.requests, {"args": encode(args), "time_limit": time_limit})
        frame = self.reader.read(time.monotonic() + time_limit + 2)
        return Outcome("timeout") if frame is None else outcome_from(frame)

    def finish(self) -> None:
        self.stopped.set()
        self.thread.join(timeout=AGENT_SERVING_SECONDS)
        for fd in (self.requests, self.answers):
            os.close(fd)


def agent_grades(report: Any) -> list[TaskGrade]:
    """Two grades for notebook 04's agent: legal (and scored to the end), and better than greedy."""
    if report is None:
        missing = "agent: no choose_drawing_action and choose_replacement_action were defined ✘"
        return [TaskGrade("agent", False, missing), TaskGrade("better agent", False, missing)]
    legal = report.passed == report.situations and report.total is not None
    better = dataclasses.replace(report, must_beat_greedy=True)
    return [TaskGrade("agent", legal, str(dataclasses.replace(report, must_beat_greedy=False))),
            TaskGrade("better agent", better.ok, str(better))]  # fmt: skip


def judge_notebook(module_name: str, outcomes: Path) -> list[TaskGrade]:
    """Judge the outcomes the collector wrote: one grade per task of the checker."""
    checker = importlib.import_module(module_name).check
    try:
        found = json.loads(outcomes.read_text("utf-8"))
    except (OSError, ValueError):
        found = None
    grades = []
    for task in checker.tasks.values():
        name = task.subject or task.name
        entry = found.get(task.name) if isinstance(found, dict) else None
        if found is None:
            unchecked = "not checked: the notebook did not reach its end (see the problems above)"
            grades.append(TaskGrade(task.name, False, f"{task.name}: {unchecked} ✘"))
            continue
        if not isinstance(entry, dict) or entry.get("missing", True):
            grades.append(TaskGrade(task.name, False, f"{task.name}: no function called {name} "
                                    "was defined ✘"))  # fmt: skip
            continue
        cases = task.all_cases()
        try:
            got = [outcome_from(frame) for frame in entry["got"]]
            if len(got) != len(cases):
                raise ValueError("not one outcome per case")
        except (KeyError, TypeError, ValueError):
            grades.append(TaskGrade(task.name, False, f"{task.name}: its results could not be "
                                    "read ✘"))  # fmt: skip
            continue
        report, shown = judge(task, cases, got)
        if shown is None:
            report.missing_docstring = task.needs_docstring and not entry.get("documented")
        grades.append(TaskGrade(task.name, report.ok, _without_rerun_line(str(report))))
    return grades


def _without_rerun_line(report: str) -> str:
    """The report without the line on re-running the failing call (it is for the notebook)."""
    return "\n".join(line for line in report.split("\n") if not line.startswith("Run it yourself"))


def grade_notebook(student: str, notebook: Path, cell_timeout: int = CELL_TIMEOUT) -> NotebookGrade:
    """Execute and judge one notebook of one student."""
    module_name = checker_module(notebook)
    grade = NotebookGrade(student, notebook.name)
    if module_name is None:
        grade.problems.append("not an exercise notebook of the series: not graded")
        return grade
    become_subreaper()  # whatever the kernel leaves running comes back here, and is killed
    with tempfile.TemporaryDirectory(prefix="solitaire-grade-") as scratch:
        workdir = Path(scratch) / "work"
        shutil.copytree(notebook.parent, workdir, ignore=shutil.ignore_patterns("*.ipynb"))
        outcomes = Path(scratch) / "outcomes.json"
        try:
            problems, agent = execute(notebook, workdir, outcomes, cell_timeout)
            grade.problems += problems
        finally:
            kill_everything_below(time.monotonic() + 10)
        grade.tasks = judge_notebook(module_name, outcomes) + agent
    return grade


# --- The class ----------------------------------------------------------------------------------


def submissions(folder: Path) -> list[tuple[str, Path]]:
    """``(student, notebook)`` for every notebook in the students' folders, in order."""
    found = []
    for student in sorted(p for p in folder.iterdir() if p.is_dir()):
        for notebook in sorted(student.glob("*.ipynb")):
            found.append((student.name, notebook))
    return found


def write_grades(grades: list[NotebookGrade], out: Path) -> None:
    """``grades.csv`` and one ``feedback/STUDENT.txt`` per student."""
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "grades.csv", "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["student", "notebook", "task", "passed", "points"])
        for grade in grades:
            for task in grade.tasks:
                writer.writerow([grade.student, grade.notebook, task.task, task.passed,
                                 task.points])  # fmt: skip
    feedback = out / "feedback"
    feedback.mkdir(exist_ok=True)
    for student in sorted({g.student for g in grades}):
        parts = []
        for grade in (g for g in grades if g.student == student):
            points = sum(t.points for t in grade.tasks)
            parts.append(f"== {grade.notebook}: {points} of {len(grade.tasks)} points ==")
            parts += [f"Problem: {problem}" for problem in grade.problems]
            parts += [task.report for task in grade.tasks]
            parts.append("")
        (feedback / f"{student}.txt").write_text("\n".join(parts), "utf-8")


def _grade_in_a_process(student: str, notebook: Path, cell_timeout: int) -> NotebookGrade:
    """Grade one notebook in a fresh grader process (``--one``); its grade read back as JSON."""
    with tempfile.TemporaryDirectory(prefix="solitaire-grade-") as scratch:
        result = Path(scratch) / "grade.json"
        command = [sys.executable, "-m", "solitaire_lib.grading.grade", "--one", student, str(notebook),
                   str(result), "--timeout", str(cell_timeout)]  # fmt: skip
        finished = subprocess.run(command, capture_output=True, text=True, check=False)
        if finished.returncode != 0 or not result.exists():
            grade = NotebookGrade(student, notebook.name)
            grade.problems.append(f"the grader failed on it: {finished.stderr.strip()[-300:]}")
            return grade
        data = json.loads(result.read_text("utf-8"))
    return NotebookGrade(student, data["notebook"], [TaskGrade(**t) for t in data["tasks"]],
                         data["problems"])  # fmt: skip


def grade_class(folder: Path, out: Path, jobs: int = 1, cell_timeout: int = CELL_TIMEOUT,
                progress: bool = True) -> list[NotebookGrade]:  # fmt: skip
    """Grade every notebook of every student in ``folder``; write the files into ``out``.

    Each notebook is graded by a grader process of its own, ``jobs`` at a time.
    """
    work = submissions(folder)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        grades = []
        runs = pool.map(lambda job: _grade_in_a_process(job[0], job[1], cell_timeout), work)
        for done, grade in enumerate(runs, start=1):
            grades.append(grade)
            if progress:
                points = sum(t.points for t in grade.tasks)
                print(f"[{done}/{len(work)}] {grade.student}/{grade.notebook}: {points} of "
                      f"{len(grade.tasks)} points", file=sys.stderr, flush=True)  # fmt: skip
    write_grades(grades, out)
    return grades


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m solitaire_lib.grading.grade",
        description="Grade a class: run each student's exercise notebooks and check every task.",
        epilog="SUBMISSIONS holds one folder per student with their notebooks "
        "(SUBMISSIONS/ada/02_sevens.ipynb). Student code runs unsandboxed: run this as a "
        "separate user or in a container.",
    )
    parser.add_argument("submissions", type=Path, nargs="?",
                        help="the folder of the students' folders")  # fmt: skip
    parser.add_argument("--out", type=Path, default=Path("grading"),
                        help="where grades.csv and feedback/ go (default: ./grading)")  # fmt: skip
    parser.add_argument("--jobs", type=int, default=1, help="notebooks run at once (default 1)")
    parser.add_argument("--timeout", type=int, default=CELL_TIMEOUT,
                        help=f"seconds a cell may run (default {CELL_TIMEOUT})")  # fmt: skip
    parser.add_argument(
        "--one", nargs=3, metavar=("STUDENT", "NOTEBOOK", "RESULT"), help=argparse.SUPPRESS
    )  # one notebook, by a grader process of its own
    args = parser.parse_args(argv)
    if args.one:
        student, notebook, result = args.one
        grade = grade_notebook(student, Path(notebook), args.timeout)
        Path(result).write_text(json.dumps(dataclasses.asdict(grade)), "utf-8")
        return 0
    if args.submissions is None:
        parser.error("name the folder of the students' folders: solitaire grade SUBMISSIONS/")
    if not args.submissions.is_dir():
        parser.error(f"{args.submissions} is not a folder")
    if args.jobs < 1 or args.timeout < 1:
        parser.error("--jobs and --timeout must be at least 1")
    try:
        import nbclient  # noqa: F401
    except ImportError:
        parser.error("grading needs nbclient: pip install 'solitaire-lib[grade]'")
    grades = grade_class(args.submissions, args.out, args.jobs, args.timeout)
    print(f"{len(grades)} notebooks graded: {args.out / 'grades.csv'}, {args.out / 'feedback'}/")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
