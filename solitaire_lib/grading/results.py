"""Writing a class's results: ``grades.csv``, ``gradebook.csv`` and each student's feedback.

:class:`Book` keeps the grades so far and rewrites the files (atomically, through
:class:`~solitaire_lib.grading.output.Output`) after every notebook; :func:`feedback_lines` is
one notebook's part of a student's feedback, and :func:`ungraded` the grade of a notebook that
is not run (missing, damaged, a duplicate...).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from solitaire_lib.grading.output import Output, csv_text, visible
from solitaire_lib.grading.plans import Plan
from solitaire_lib.grading.submissions import NOTEBOOKS, Student
from solitaire_lib.grading.verdicts import (
    DAMAGED,
    DUPLICATE,
    GRADED,
    MISSING,
    NOT_ASKED,
    NOT_EXERCISE,
    NotebookGrade,
    Reference,
    TaskGrade,
)

#: The status of a notebook the run did not come to (it was stopped): no points are given for it.
NOT_GRADED = "not graded (the run was stopped)"


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


def safe_file_name(name: str, taken: set[str]) -> str:
    """A file name for a student's feedback: letters of any script (in NFC), digits, ``.``,
    ``_`` and ``-`` only; never a leading dot, never one already ``taken`` (compared casefolded).
    A character that prints as nothing (a Hangul filler is a letter) is written as its code.

    >>> safe_file_name("=HYPERLINK(x)", set()), safe_file_name("Ada Lovelace", {"Ada_Lovelace"})
    ('HYPERLINK_x', 'Ada_Lovelace-2')
    >>> safe_file_name("José Núñez", set()), safe_file_name("../.x/\\x00y", set())
    ('José_Núñez', 'x_x00y')
    >>> safe_file_name("ada\\u3164", set()), safe_file_name("bob\\xad", set())
    ('ada_u3164', 'bob_xad')
    """
    normal = visible(unicodedata.normalize("NFC", name))
    base = re.sub(r"[^\w.-]+", "_", normal).strip("._-")[:80] or "student"
    folded = {t.casefold() for t in taken}
    candidate, count = base, 1
    while candidate.casefold() in folded:
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

    def late_line(self, grade: NotebookGrade) -> str:
        """What the feedback says of a late notebook (nothing here: the class book knows)."""
        return ""

    def write_student(self, name: str) -> None:
        student = next(s for s in self.students if s.name == name)
        parts = [visible(f"Feedback for {name}"), ""]
        parts += [visible(f"Not graded: {_reason(line)}") for line in student.skipped]
        grades = self._sorted(name)
        for grade in grades:
            parts += [*feedback_lines(grade, self.late_line(grade)), ""]
        for number in not_reached(grades, self.numbers):
            parts += [f"== {NOTEBOOKS[number]}: {NOT_GRADED}: no points yet ==", ""]
        self.output.write(f"{self.files[name]}.txt", "\n".join(parts), folder="feedback")


def _reason(skipped: str) -> str:
    """A file not copied and why, without the "not graded" its heading already says.

    >>> _reason("a/b: its folders nest more than 32 deep: not graded")
    'a/b: its folders nest more than 32 deep'
    >>> _reason("a.ipynb: a second file of the same name, not graded")
    'a.ipynb: a second file of the same name'
    """
    return skipped.removesuffix(": not graded").removesuffix(", not graded")


def _task_rows(student: Student, grade: NotebookGrade) -> list[list[Any]]:
    """The rows of ``grades.csv`` for one notebook: one per task, or one for a file not graded."""
    where = [grade.file, grade.sha256]
    start = [student.name, student.id, grade.name]
    if not grade.tasks:
        return [[*start, "", grade.status, False, 0, *where]]
    return [[*start, t.task, grade.status, t.passed, t.points, *where] for t in grade.tasks]


def counted(grades: list[NotebookGrade]) -> dict[str, NotebookGrade]:
    """The grade that counts for each notebook number (the graded, missing or damaged one; not a
    duplicate, nor a notebook not asked for), from grades in :meth:`Book._sorted` order."""
    found: dict[str, NotebookGrade] = {}
    for grade in grades:
        if grade.status not in (DUPLICATE, NOT_ASKED):
            found.setdefault(grade.number, grade)
    return found


def not_reached(grades: list[NotebookGrade], numbers: list[str]) -> list[str]:
    """The notebook numbers with no grade that counts yet: the run has not come to them (a
    finished run grades every number, a missing notebook as ``missing``)."""
    found = counted(grades)
    return [number for number in numbers if number not in found]


def feedback_lines(grade: NotebookGrade, late: str = "") -> list[str]:
    """One notebook's part of a student's feedback (``late``: a line on the late penalty, after
    the heading).

    Every line is shown with its control characters escaped (:func:`visible`), and what the
    student wrote (a file name, an error message) only ever follows the grader's own words on a
    line: no student text can start a line, so none can pass for a heading such as
    ``== 01_aces_in_sequence: 12 of 12 points ==``.
    """
    title = grade.name
    if grade.status == GRADED:
        lines = [
            f"== {title}: {grade.points} of {len(grade.tasks)} points ==",
            *([late] if late else []),
            f"Graded: {grade.file} (SHA-256 {grade.sha256})",
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
        lines += [line for task in grade.tasks for line in task.report.split("\n")]
    return [visible(line) for line in lines]
