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
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solitaire_lib.grading import sandbox
from solitaire_lib.grading.isolation import FrameReader, Outcome, frame_bytes, outcome_from
from solitaire_lib.grading.plain import encode
from solitaire_lib.grading.serve import case_frame
from solitaire_lib.grading.submissions import Notebook, Student
from solitaire_lib.grading.verdicts import (
    GRADED,
    NotebookGrade,
    Reference,
    TaskGrade,
    agent_grades,
    judge_task,
    say_which_task_to_fix_first,
)

#: Seconds a cell may run, and a whole notebook (its cells and the grader's calls).
CELL_SECONDS, NOTEBOOK_SECONDS = 60, 600


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
    say_which_task_to_fix_first(reference, answers, grades)
    if reference.has_agent:
        grades += _agent_grades(pipes, reference)
    return grades


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
