"""The class as the lecturer and the platform see it: who is who, what is late or flagged, and
every file the grader writes from the grades.

* :func:`class_list` pairs the submissions with the roster (:mod:`~.roster`) and gives every
  student a name of their own in the class (namesakes get their id beside it).
* :func:`examine` reads each notebook once before anything runs: its own work, a blank copy,
  the copies and the library's answers (:mod:`~.flags`), and what is late.
* :class:`ClassBook` writes ``grades.csv``, ``gradebook.csv``, the feedback, ``report.txt``
  (flags and roster problems: for the lecturer, never the students), ``lms-import.csv`` and
  ``records.json``: the grades as data, from which ``solitaire grade merge`` writes the same
  files for the class graded in shards (:func:`merge`).
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from solitaire_lib.grading.flags import Library, Template, Work, copy_groups, student_work
from solitaire_lib.grading.lms import Penalty, Result, format_points, lms_import, moodle_time
from solitaire_lib.grading.output import Output, csv_text, visible
from solitaire_lib.grading.plans import Plan, read_notebook
from solitaire_lib.grading.results import NOT_GRADED, Book, counted, not_reached
from solitaire_lib.grading.roster import MOODLE, Roster, Submitter, match, parse_roster
from solitaire_lib.grading.shards import shard_of, student_key
from solitaire_lib.grading.submissions import NOTEBOOKS, Notebook, Student
from solitaire_lib.grading.verdicts import (
    DUPLICATE,
    GRADED,
    NotebookGrade,
    TaskGrade,
)

#: The record of a run, from which ``solitaire grade merge`` writes the class's files.
RECORDS = "records.json"
RECORDS_FORMAT = 1
#: Bytes of a shard's records read by merge (a class of thousands is a few tens of MB).
RECORDS_LIMIT = 512 * 2**20
BLANK = "blank"
GRADES_HEADER = [
    "student",
    "id",
    "notebook",
    "task",
    "status",
    "passed",
    "points",
    "late",
    "flags",
    "file",
    "sha256",
]
EXERCISES = Path(__file__).resolve().parent.parent.parent / "exercises"


@dataclass
class Member:
    """A student of the class: a name of their own here, the platform's id, the key that
    decides their shard, their place on the roster, and the files that were not copied."""

    name: str
    id: str
    key: str
    person: int | None = None
    skipped: list[str] = field(default_factory=list)


@dataclass
class Facts:
    """What is known of one student's graded notebook before it runs."""

    late: bool = False
    blank: bool = False
    flags: str = ""


@dataclass
class ClassInfo:
    """Everything about the class that is the same in every shard (JSON as it is)."""

    members: list[Member]
    numbers: list[str]
    possible: dict[str, int]  #: the points of each notebook
    order: dict[str, list[str]]  #: each notebook's tasks, in the notebook's order
    facts: dict[str, dict[str, Facts]]  #: member -> notebook -> facts
    report: list[str]  #: roster problems and flags, for the lecturer
    roster_text: str | None = None
    assignment: str | None = None
    penalty: str | None = None

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ClassInfo:
        info = cls(**data)
        info.members = [Member(**m) for m in data["members"]]
        info.facts = {
            name: {number: Facts(**f) for number, f in notebooks.items()}
            for name, notebooks in data["facts"].items()
        }
        return info

    @property
    def roster(self) -> Roster | None:
        return parse_roster(self.roster_text) if self.roster_text is not None else None

    def fact(self, member: str, number: str) -> Facts:
        return self.facts.get(member, {}).get(number, Facts())


# --- Who is who ---------------------------------------------------------------------------------


def class_list(
    students: list[Student], roster: Roster | None
) -> tuple[list[Student], list[Member], list[str]]:
    """The students in the class's order (the roster's, then the others by name), each with a
    name of their own; their :class:`Member` records; and the roster's problems, in words.

    A roster person whom nobody matched gets an empty student (every notebook ``missing``).
    """
    if roster is None:
        listed, members = (
            list(students),
            [
                Member(s.name, s.id, student_key(s.name, s.id), None, list(s.skipped))
                for s in students
            ],
        )
        _unique_names(listed, members)
        return listed, members, []
    found = match(roster.people, [Submitter(s.name, s.id) for s in students])
    by_person = {p: i for i, p in enumerate(found.person_of) if p is not None}
    listed, members = [], []
    for index, person in enumerate(roster.people):
        student = students[by_person[index]] if index in by_person else Student(person.name)
        student.name, student.id = person.name, person.id or student.id
        listed.append(student)
        key = student_key(person.name, person.id)
        members.append(Member(student.name, student.id, key, index, list(student.skipped)))
    for index in found.unmatched():
        student = students[index]
        listed.append(student)
        key = student_key(student.name, student.id)
        members.append(Member(student.name, student.id, key, None, list(student.skipped)))
    _unique_names(listed, members)
    return listed, members, found.problems


def _unique_names(students: list[Student], members: list[Member]) -> None:
    r"""Give every student a name that reads apart from every other's (:func:`reads_as`).

    Namesakes (names that read alike) keep their name with their id beside it, or a number
    without one: ``Wei Zhang [111]``. A student whose own name reads as such a label (a name
    chosen as ``Wei Zhang [111]``) is told apart the same way, and every label is checked free,
    so no name a student chooses can be another's label: the tables, the feedback and the
    grades are keyed by these names, and two people are never one.

    >>> students = [Student("Wei Zhang", "111"), Student("Wei Zhang", "222"),
    ...             Student("Wei Zhang [111]", "333"), Student("ada"), Student("ada\u3164")]
    >>> _unique_names(students, [Member(s.name, s.id, "") for s in students])
    >>> [visible(s.name) for s in students]
    ['Wei Zhang [111]', 'Wei Zhang [222]', 'Wei Zhang [111] [333]', 'ada', 'ada\\u3164']
    """
    keys = [reads_as(s.name) for s in students]
    alike = Counter(keys)
    labels = _labels(students, [alike[key] > 1 for key in keys])
    label_keys = {reads_as(label) for label in labels.values()}
    more = [i not in labels and keys[i] in label_keys for i in range(len(students))]
    labels.update(_labels(students, more))
    taken: set[str] = set()
    for index in sorted(range(len(students)), key=lambda i: i in labels):  # own names first
        name = labels.get(index, students[index].name)
        label, count = name, 1
        while reads_as(label) in taken:
            count += 1
            label = f"{name} ({count})"
        taken.add(reads_as(label))
        students[index].name = members[index].name = label


def _labels(students: list[Student], chosen: list[bool]) -> dict[int, str]:
    """``NAME [id]`` for each student chosen (``NAME [n]``, counting namesakes, without an id)."""
    counts: Counter[str] = Counter()
    labels = {}
    for index, (student, wanted) in enumerate(zip(students, chosen, strict=True)):
        if wanted:
            counts[reads_as(student.name)] += 1
            labels[index] = f"{student.name} [{student.id or counts[reads_as(student.name)]}]"
    return labels


def reads_as(name: str) -> str:
    r"""What a person reads in a name as the grader shows it (:func:`visible`): its letters and
    digits, case, width, spacing and punctuation aside. Two names that read alike are namesakes.

    >>> reads_as("Wei Zhang [111]") == reads_as("wei zhang 111"), reads_as("ada\u3164")
    (True, 'adau3164')
    """
    shown = unicodedata.normalize("NFKC", visible(name)).casefold()
    return "".join(c for c in shown if c.isalnum())


# --- Before anything runs -----------------------------------------------------------------------


def read_work(path: Path, template: Template, library: Library) -> Work | None:
    """The student's own work in a notebook file of the snapshot; None if it cannot be read
    (read as the grader reads it: bounded, its outputs left out)."""
    book, _ = read_notebook(path)
    return student_work(book, template, library) if book is not None else None


def notebook_order(template: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """The grades of a notebook (task names, then ``agent`` and ``better agent``) in the order
    the notebook checks them.

    >>> book = {"cells": [{"cell_type": "code", "source": "check(b)\\ncheck_agent(x)"},
    ...                   {"cell_type": "code", "source": "check(a)"}]}
    >>> notebook_order(book, ["a", "b", "agent"])
    ['b', 'agent', 'a']
    >>> method = {"cells": [{"cell_type": "code", "source": "check(C, task='y')"}]}
    >>> notebook_order(method, ["x", "y"])
    ['y', 'x']
    """
    code = "\n".join(
        "".join(c.get("source", ""))
        for c in template.get("cells", [])
        if c.get("cell_type") == "code"
    )
    patterns = {
        "agent": r"check_agent\((?![^)]*better)",
        "better agent": r"check_agent\([^)]*better",
    }

    def place(name: str) -> int:
        word = re.escape(name)
        task = rf"\bcheck\(\s*{word}\b|\bcheck\([^)]*task\s*=\s*[\"']{word}[\"']"
        found = re.search(patterns.get(name, task), code)
        return found.start() if found else len(code)

    return sorted(names, key=place)


def _deadline_late(deadline: datetime | None, submitted: str, say: Callable[[str], None]) -> bool:
    if deadline is None or submitted.strip() in ("", "-"):
        return False
    when = moodle_time(submitted)
    if when is None:
        say(f"Moodle's time {submitted!r} cannot be read (download the worksheet in English)")
        return False
    return when > deadline


def examine(
    plans: Sequence[Plan],
    members: Mapping[str, Member],
    works: Mapping[Path, Work | None],
    roster: Roster | None,
    deadline: datetime | None,
    say: Callable[[str], None],
) -> tuple[dict[str, dict[str, Facts]], list[str]]:
    """Each graded notebook's facts (late, blank, flags) and the flags' lines for the report."""
    facts: dict[str, dict[str, Facts]] = {}
    by_number: dict[str, dict[str, tuple[Work, str]]] = {}
    owners: dict[str, str] = {}
    for plan in plans:
        if plan.status == DUPLICATE and plan.notebook is not None:
            _add_not_graded(plan, members[plan.student.name].name, works, by_number, owners)
        if plan.status != GRADED or plan.notebook is None:
            continue
        member = members[plan.student.name]
        work = works.get(plan.notebook.path)
        late = plan.notebook.late
        if roster is not None and roster.kind == MOODLE and member.person is not None:
            late = late or _deadline_late(deadline, roster.people[member.person].submitted, say)
        facts.setdefault(member.name, {})[plan.number] = Facts(late, bool(work and work.blank))
        if work is not None:
            by_number.setdefault(plan.number, {})[member.name] = (work, plan.notebook.sha256)
    report = []
    for number in sorted(by_number):
        for name, flag in copy_groups(by_number[number], owners).items():
            if not str(flag):
                continue
            report.append(f"{name}, {NOTEBOOKS[number]}: {flag}")
            owner = owners.get(name, name)
            if number in facts.get(owner, {}):
                said = f"{name}: {flag}" if owner != name else str(flag)
                facts[owner][number].flags = " | ".join(
                    filter(None, (facts[owner][number].flags, said))
                )
    return facts, report


def _add_not_graded(
    plan: Plan,
    owner: str,
    works: Mapping[Path, Work | None],
    by_number: dict[str, dict[str, tuple[Work, str]]],
    owners: dict[str, str],
) -> None:
    """A student's copy not graded, to be compared with the other students' notebooks (not with
    the student's own), named "ada (not graded: ada/01 (1).ipynb)"."""
    assert plan.notebook is not None
    work = works.get(plan.notebook.path)
    if work is not None:
        name = f"{owner} (not graded: {visible(plan.notebook.submitted_as)})"
        by_number.setdefault(plan.number, {})[name] = (work, plan.notebook.sha256)
        owners[name] = owner


def blank_test(works: Mapping[Path, Work | None]) -> Callable[[Notebook], bool]:
    """Is a notebook blank (the exercise notebook with nothing of the student's own)?"""

    def blank(notebook: Notebook) -> bool:
        work = works.get(notebook.path)
        return bool(work and work.blank)

    return blank


def read_works(
    students: Iterable[Student], numbers: Sequence[str], checkers: Mapping[str, str]
) -> tuple[dict[Path, Work | None], dict[str, Any]]:
    """The work in every notebook of the numbers graded, and each number's template (as JSON).

    Without the exercise notebook (a copy of the library without ``exercises/``) there is
    nothing to tell the template from the student's work: no flags for that notebook.
    """
    works: dict[Path, Work | None] = {}
    templates: dict[str, Any] = {}
    for number in numbers:
        path = EXERCISES / f"{NOTEBOOKS[number]}.ipynb"
        try:
            templates[number] = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            continue
        template, library = Template.of(templates[number]), Library.of(checkers[number])
        for student in students:
            for notebook in student.notebooks:
                if notebook.number == number:
                    works[notebook.path] = read_work(notebook.path, template, library)
    return works, templates


# --- Writing ------------------------------------------------------------------------------------


class ClassBook(Book):
    """The grades so far, written after every notebook: the files of :class:`Book` with a
    ``late`` and a ``flags`` column and statuses that tell blank from missing and damaged, the
    lecturer's report, ``lms-import.csv`` and the records (only the shard's students in a shard).
    """

    def __init__(
        self,
        output: Output,
        students: list[Student],
        info: ClassInfo,
        shard: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(output, students, info.numbers)
        self.info, self.shard = info, shard
        self.penalty = Penalty.parse(info.penalty) if info.penalty else None
        keys = {m.name: m.key for m in info.members}
        self.here = [
            s for s in students if shard is None or shard_of(keys[s.name], shard[1]) == shard[0]
        ]
        self.said: list[str] = []

    def add(self, grade: NotebookGrade) -> None:
        order = self.info.order.get(grade.number)
        if order:
            grade.tasks.sort(key=lambda t: order.index(t.task) if t.task in order else len(order))
        super().add(grade)

    def write_all(self) -> None:
        """Every file: the tables and every student's feedback."""
        self.write_tables()
        for student in self.here:
            self.write_student(student.name)

    def status(self, grade: NotebookGrade) -> str:
        fact = self.info.fact(grade.student, grade.number)
        return BLANK if grade.status == GRADED and fact.blank else grade.status

    def late(self, grade: NotebookGrade) -> str:
        fact = self.info.fact(grade.student, grade.number)
        if grade.status != GRADED or not fact.late:
            return ""
        return f"late ({self.penalty} off)" if self.penalty else "late"

    def late_line(self, grade: NotebookGrade) -> str:
        """The feedback's line on a late notebook: late, the penalty, and the points after it.

        The points in the heading are the raw points; the points that count are these.
        """
        if not self.late(grade):
            return ""
        if not self.penalty:
            return "Late: handed in after the deadline (no points off)."
        after = format_points(self.points(grade))
        return f"Late: {self.penalty} off, so {after} of {len(grade.tasks)} points count."

    def points(self, grade: NotebookGrade) -> float:
        """The notebook's points after the late penalty."""
        if grade.status != GRADED:
            return 0
        late = self.info.fact(grade.student, grade.number).late
        return self.penalty.apply(grade.points) if late and self.penalty else grade.points

    def write_tables(self) -> None:
        rows: list[list[Any]] = [GRADES_HEADER]
        names = [NOTEBOOKS[n] for n in self.numbers]
        book: list[list[Any]] = [
            ["student", "id", *names, "total", "raw total"]
            + [f"{name} status" for name in names]
            + ["late"]
        ]
        results: dict[int, Result] = {}
        members = {m.name: m for m in self.info.members}
        for student in self.here:
            grades = self._sorted(student.name)
            for grade in grades:
                rows += self._task_rows(student, grade)
            for number in not_reached(grades, self.numbers):  # the run was stopped first
                rows.append([student.name, student.id, NOTEBOOKS[number], "", NOT_GRADED, False])
                rows[-1] += ["", "", "", "", ""]
            book.append(self._book_row(student, grades))
            person = members[student.name].person
            if person is not None and not not_reached(grades, self.numbers):
                results[person] = Result(book[-1][2 + len(names)], self._summary(book[-1]))
        self.output.write("grades.csv", csv_text(rows))
        self.output.write("gradebook.csv", csv_text(book))
        self.output.write("report.txt", self._report())
        self.output.write(RECORDS, self._records())
        if self.shard is None:
            self._write_lms(results)

    def _task_rows(self, student: Student, grade: NotebookGrade) -> list[list[Any]]:
        fact = self.info.fact(grade.student, grade.number)
        flags = fact.flags if grade.status == GRADED else ""
        start = [student.name, student.id, grade.name]
        end = [self.late(grade), flags, grade.file, grade.sha256]
        status = self.status(grade)
        if not grade.tasks:
            return [[*start, "", status, False, 0, *end]]
        return [[*start, t.task, status, t.passed, t.points, *end] for t in grade.tasks]

    def _book_row(self, student: Student, grades: list[NotebookGrade]) -> list[Any]:
        """A row of the gradebook: a notebook the run did not come to has no points (blank)."""
        found = counted(grades)
        points = [self.points(found[n]) if n in found else "" for n in self.numbers]
        raw = sum(g.points for g in found.values() if g.status == GRADED)
        statuses = [self.status(found[n]) if n in found else NOT_GRADED for n in self.numbers]
        late = ", ".join(NOTEBOOKS[n] for n in self.numbers if n in found and self.late(found[n]))
        total = round(sum(p for p in points if isinstance(p, int | float)), 2)
        return [student.name, student.id, *points, total, raw, *statuses, late]

    def _summary(self, row: list[Any]) -> str:
        """One line for the platform's feedback column: each notebook's points and status."""
        count = len(self.numbers)
        parts = []
        for index, number in enumerate(self.numbers):
            status, points = row[4 + count + index], row[2 + index]
            possible = self.info.possible.get(number, 0)
            said = f"{format_points(points)} of {possible}"
            if status != GRADED:
                said += f" ({status})"
            parts.append(f"{NOTEBOOKS[number]}: {said}")
        late = f"; late: {row[-1]}" + (f", {self.penalty} off" if self.penalty else "")
        total = f"total {format_points(row[2 + count])} of {sum(self.info.possible.values())}"
        return "; ".join(parts) + (late if row[-1] else "") + f"; {total}"

    def _report(self) -> str:
        lines = [
            "For you, not for the students: the roster's problems, and the flags.",
            "A flag is evidence to read, never a verdict: it changes no points.",
            "",
        ]
        lines += [visible(line) for line in self.info.report] or ["Nothing to report."]
        return "\n".join(lines) + "\n"

    def _records(self) -> str:
        grades = [dataclasses.asdict(g) for s in self.here for g in self._sorted(s.name)]
        record = {
            "format": RECORDS_FORMAT,
            "shard": list(self.shard) if self.shard else None,
            "class": self.info.to_json(),
            "grades": grades,
        }
        return json.dumps(record, ensure_ascii=False, indent=1, sort_keys=True) + "\n"

    def _write_lms(self, results: dict[int, Result]) -> None:
        roster = self.info.roster
        if roster is None or roster.kind not in ("canvas", "moodle"):
            return
        new_name = ", ".join(NOTEBOOKS[n] for n in self.numbers)
        text, said = lms_import(
            roster,
            results,
            assignment=self.info.assignment,
            new_name=new_name,
            possible=sum(self.info.possible.values()),
        )
        self.output.write("lms-import.csv", text)
        self.said = said


# --- Merging shards -----------------------------------------------------------------------------


class MergeError(Exception):
    """The shards cannot be merged (the message says why)."""


def read_records(folder: Path) -> dict[str, Any]:
    """A shard's records, read with a bound and checked for their form."""
    path = folder / RECORDS
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd, "rb") as file:
            data = file.read(RECORDS_LIMIT + 1)
    except OSError as error:
        raise MergeError(f"{path} cannot be read: {error.strerror}") from error
    if len(data) > RECORDS_LIMIT:
        raise MergeError(f"{path} is larger than {RECORDS_LIMIT // 2**20} MB")
    try:
        record = json.loads(data)
    except ValueError as error:
        raise MergeError(f"{path} is not the grader's records (not JSON)") from error
    if not isinstance(record, dict) or record.get("format") != RECORDS_FORMAT:
        raise MergeError(f"{path} is not the records of this version of the grader")
    return record


def merge(folders: Sequence[Path], out: Path, force: bool = False) -> ClassBook:
    """Write the class's files in ``out`` from the records of its shards, as one run would."""
    records = [read_records(folder) for folder in folders]
    shards = [tuple(r["shard"]) if r["shard"] else None for r in records]
    if None in shards:
        raise MergeError("merge takes the folders of runs with --shard K/N")
    counts = {shard[1] for shard in shards if shard}
    wanted = {(k, n) for n in counts for k in range(1, n + 1)}
    if len(counts) != 1 or set(shards) != wanted or len(shards) != len(wanted):
        have = ", ".join(f"{s[0]}/{s[1]}" for s in shards if s)
        raise MergeError(f"merge needs every shard of one class once (here: {have})")
    if any(r["class"] != records[0]["class"] for r in records):
        raise MergeError("these shards are not of one class graded the same way")
    info = ClassInfo.from_json(records[0]["class"])
    students = [Student(m.name, m.id, skipped=list(m.skipped)) for m in info.members]
    output = Output(out, force=force)
    try:
        book = ClassBook(output, students, info)
        for record in records:
            for data in record["grades"]:
                tasks = [TaskGrade(**t) for t in data.pop("tasks")]
                book.grades[data["student"]].append(NotebookGrade(**data, tasks=tasks))
        book.write_all()
    finally:
        output.close()
    return book


def summary_lines(info: ClassInfo, students: Sequence[Student]) -> list[str]:
    """The run's short lists: roster students who sent nothing, submissions matching no one."""
    if info.roster_text is None:
        return []
    empty = {s.name for s in students if not s.notebooks}
    nothing = [m.name for m in info.members if m.person is not None and m.name in empty]
    strangers = [m.name for m in info.members if m.person is None]
    lines = []
    if nothing:
        lines.append(f"Sent nothing ({len(nothing)}): " + "; ".join(nothing))
    if strangers:
        lines.append(f"Match no one on the roster ({len(strangers)}): " + "; ".join(strangers))
    return lines
