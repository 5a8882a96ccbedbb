"""The grader's verdicts: what each checker expects, and each task's grade from the kernel's answer.

The reference runs here, in the grader, once per class (:class:`Reference`); a sandboxed
kernel's answers arrive as plain data and are judged by :func:`judge_task` against it, so the
expected answers never exist in a process that ran student code. Notebook 04's agent gets its two
grades from :func:`agent_grades`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from solitaire_lib.grading.channel import ANSWER_LIMIT, TooLarge
from solitaire_lib.grading.checks import Report, Task, expected_outcomes, judge, passes
from solitaire_lib.grading.isolation import Outcome, outcome_from
from solitaire_lib.grading.output import squeezed, visible
from solitaire_lib.grading.plain import Unplain, count_items, too_large_reason
from solitaire_lib.grading.submissions import NOTEBOOKS, Student

#: Bytes (roughly) of failing answers kept for a notebook's report; passing ones are not kept.
FAILING_KEPT = 32 * 2**20
#: Names the kernel says a function uses, kept at most.
NAMES_KEPT = 500
#: Characters of a student's error message kept.
ERROR_CHARACTERS = 2000
#: How an answer too large to take back is described.
TOO_LARGE = "an answer too large to take back"

GRADED, MISSING, DAMAGED = "graded", "missing", "damaged"
DUPLICATE, NOT_EXERCISE, NOT_ASKED = "duplicate", "not an exercise notebook", "not asked for"


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


def class_agent_seed(students: Iterable[Student]) -> int:
    """The seed of the run on which a class's agents are scored, drawn from the class's own
    notebooks (a SHA-256 of every one's SHA-256): the same in every shard and in every run on the
    same files, and unknown to any student, whose notebook runs where no other's can be read.

    >>> from pathlib import Path
    >>> from solitaire_lib.grading.submissions import Notebook, Student
    >>> ada = Student("ada", notebooks=[Notebook(Path(), Path(), "", "04", 0.0, "ab" * 32)])
    >>> class_agent_seed([ada]) == class_agent_seed([ada]), 0 <= class_agent_seed([]) < 2**32
    (True, True)
    """
    digest = hashlib.sha256()
    for sha in sorted(notebook.sha256 for student in students for notebook in student.notebooks):
        digest.update(sha.encode("ascii"))
    return int.from_bytes(digest.digest()[:4], "big")


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
        #: The seed of the course runner's run every agent of the class is scored on.
        self.agent_seed = 0

    def score_agents_on(self, seed: int) -> None:
        """Score every agent on the run from ``seed``; greedy's total on it is worked out once,
        here."""
        self.agent_seed = seed
        if self.has_agent:
            self.module.greedy_total(seed)

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


def answered(header: Any, cases: int) -> bool:
    """Is this the kernel's header of a task's answer, announcing one outcome per case?

    >>> answered({"missing": False, "cases": 3}, 3), answered({"missing": True}, 3)
    (True, False)
    """
    return (
        isinstance(header, dict)
        and header.get("missing") is False
        and type(header.get("cases")) is int
        and header["cases"] == cases
    )


def names_of(header: dict[str, Any]) -> list[str]:
    """The names the student's function uses, as the kernel said (at most :data:`NAMES_KEPT`)."""
    used = header.get("uses")
    if not isinstance(used, list):
        return []
    return [name for name in used[:NAMES_KEPT] if type(name) is str and len(name) <= 100]


def outcome_of(frame: Any) -> Outcome:
    """One case's outcome from its frame; a frame too large or unreadable is that case's outcome.

    >>> outcome_of(TooLarge(5 * 2**20)).value
    <an answer too large to take back: 5,242,880 bytes, over the grader's 4 MiB>
    >>> outcome_of({"status": "ok"}).status
    'died'

    An answer the kernel refused to encode (too many values) is too large to take back too:

    >>> from solitaire_lib.grading.isolation import outcome_frame
    >>> from solitaire_lib.grading.plain import decode, encode
    >>> refused = Outcome("ok", decode(encode(list(range(300_000)))))  # as the kernel has it
    >>> outcome_of(outcome_frame(refused)).value
    <an answer too large to take back: more than 200,000 values>
    """
    if isinstance(frame, TooLarge):
        return Outcome("ok", Unplain(f"{TOO_LARGE}: {frame.size:,} bytes, over {_cap()}"))
    try:
        if not isinstance(frame, dict):
            raise ValueError("not a frame")
        outcome = outcome_from(frame)
        reason = too_large_reason(outcome.value)
        if reason is not None:
            outcome = dataclasses.replace(outcome, value=Unplain(f"{TOO_LARGE}: {reason}"))
        error = visible(squeezed(outcome.error[:ERROR_CHARACTERS]))  # no padding to wrap on
        return dataclasses.replace(outcome, error=error)
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError):
        return Outcome("died", error="its answer to this case could not be read")


def _cap() -> str:
    return f"the grader's {ANSWER_LIMIT // 2**20} MiB"


class KeptBytes:
    """Outcomes judged as they arrive: one that passes is replaced by the reference's own (so
    nothing of it is kept); failing ones are kept (a report shows the simplest) while their
    values are small enough in all, then stand as "not kept"."""

    def __init__(self, limit: int = FAILING_KEPT) -> None:
        self.left = limit

    def kept(self, item: TaskReference, index: int, outcome: Outcome) -> Outcome:
        case, expected = item.cases[index], item.expected[index]
        if passes(item.task, case, expected, outcome):
            return expected
        size = _rough_size(outcome)
        if size <= self.left:
            self.left -= size
            return outcome
        return Outcome("ok", Unplain(f"{TOO_LARGE}: the answers of this notebook, over {_cap()}"))


def _rough_size(outcome: Outcome) -> int:
    """About how many bytes an outcome holds: its text and, for its value, 64 per item."""
    return len(outcome.stdout) + len(outcome.error) + 64 * count_items(outcome.value)


def judge_task(item: TaskReference, header: Any, got: list[Outcome] | None) -> TaskGrade:
    """The grade of one task, from the kernel's answer (plain data, trusted in nothing):
    ``header`` says whether the function exists and is documented; ``got`` its outcomes."""
    task = item.task
    name = task.subject or task.name
    if not isinstance(header, dict) or header.get("missing", True) is not False:
        return TaskGrade(task.name, False, f"{task.name}: no function called {name} was defined ✘")
    if got is None:
        return TaskGrade(task.name, False, f"{task.name}: its results could not be read ✘")
    report, shown = judge(task, item.cases, got, item.expected)
    if shown is None:
        report.missing_docstring = task.needs_docstring and header.get("documented") is not True
    return TaskGrade(task.name, report.ok, _for_feedback(report))


def _for_feedback(report: Report) -> str:
    """The report without the line on re-running the failing call (that is for the notebook)."""
    lines = str(report).split("\n")
    return "\n".join(line for line in lines if not line.startswith("Run it yourself"))


def say_which_task_to_fix_first(
    reference: Reference, answers: dict[str, list[str]], grades: list[TaskGrade]
) -> None:
    """A failing task that calls a failing task is told to fix that one first (the first one
    in the chain: the one that calls no other failing task); its own hint is left out, since
    the mistake it describes may be the other task's."""
    names = {r.task.name: r.task.subject or r.task.name for r in reference.tasks}
    failing = {names[g.task] for g in grades if not g.passed and g.task in names}
    uses: dict[str, set[str]] = {}
    for task, used in answers.items():
        uses[names[task]] = set(used) & failing - {names[task]}
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
