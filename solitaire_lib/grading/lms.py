"""Grades back into the learning platform's own file, and the platform's sense of "late".

With a roster from Canvas or Moodle (:mod:`~solitaire_lib.grading.roster`), the grader writes
``lms-import.csv``: the lecturer's own file, every row and column as it came, with the points
filled in, ready to upload as it is. Only the cells the grader writes are made safe for a
spreadsheet (:func:`import_text`); every other cell is the platform's, kept as it was (its
newlines, a leading ``-`` or ``=``, an invisible character of a language's own).

* **Canvas** (Grades > Import): the assignment's column, ``Name (id)``; chosen by ``--assignment``
  (its name, its id, or the whole header) where the export has several, else the only one, else
  a new column (Canvas offers to create that assignment on import), with its points possible.
* **Moodle** (View all submissions > Upload grading worksheet): ``Grade``, and ``Feedback
  comments`` with a one-line summary. A row whose ``Grade can be changed`` is ``No`` is left.

>>> format_points(12.0), format_points(10.5), format_points(7)
('12', '10.5', '7')
>>> Penalty.parse("10%").apply(12), Penalty.parse("2").apply(1)
(10.8, 0)
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from solitaire_lib.grading.output import spreadsheet_safe
from solitaire_lib.grading.roster import CANVAS, MOODLE, Roster, is_canvas_heading_row

#: A Canvas assignment column: its name and, in brackets, its id.
CANVAS_ASSIGNMENT = re.compile(r"^(?P<name>.*\S)\s+\((?P<id>\d+)\)$")
#: How Moodle writes a time in its worksheet (English, English (United States), a 24-hour clock).
MOODLE_TIMES = (
    "%A, %d %B %Y, %I:%M %p",
    "%A, %B %d, %Y, %I:%M %p",
    "%A, %d %B %Y, %H:%M",
)


class LmsError(Exception):
    """The grades cannot be written into the platform's file as asked (the message says why)."""


def format_points(points: float) -> str:
    """Points as a gradebook reads them: no decimals for whole points."""
    rounded = round(float(points), 2)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:g}"


@dataclass(frozen=True)
class Result:
    """One roster person's result for the assignment: their points and a line that says why."""

    points: float
    summary: str


@dataclass(frozen=True)
class Penalty:
    """A late penalty the lecturer names: ``10%`` of the points earned, or ``2`` points off
    (also written ``2 points``, as the penalty is shown: ``str`` and ``parse`` agree).

    >>> Penalty.parse(str(Penalty.parse("2"))) == Penalty.parse("2 points") == Penalty(2, False)
    True
    """

    amount: float
    percent: bool

    @classmethod
    def parse(cls, text: str) -> Penalty:
        """``"10%"``, ``"2"`` or ``"2 points"``; a :class:`ValueError` that says what is expected
        otherwise."""
        match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(%|points?)?\s*", text, re.IGNORECASE)
        percent = bool(match and match[2] == "%")
        if not match or (percent and float(match[1]) > 100):
            raise ValueError(
                f"a late penalty is a percentage of the points (10%) or points off (2), "
                f"not {text!r}"
            )
        return cls(float(match[1]), percent)

    def apply(self, points: float) -> float:
        """The points after the penalty (never below 0), to two decimals."""
        if self.percent:
            left = points * (100 - self.amount) / 100
        else:
            left = max(0.0, points - self.amount)
        rounded = round(left, 2)
        return int(rounded) if rounded == int(rounded) else rounded

    def __str__(self) -> str:
        amount = format_points(self.amount)
        return f"{amount}%" if self.percent else f"{amount} points"


def moodle_time(text: str) -> datetime | None:
    """A time as Moodle's worksheet writes it, or None (``-``: nothing submitted).

    >>> moodle_time("Tuesday, 24 November 2026, 11:58 PM")
    datetime.datetime(2026, 11, 24, 23, 58)
    >>> moodle_time("Wednesday, November 25, 2026, 9:03 AM"), moodle_time("-")
    (datetime.datetime(2026, 11, 25, 9, 3), None)
    """
    text = " ".join(text.split())
    for form in MOODLE_TIMES:
        try:
            return datetime.strptime(text, form)
        except ValueError:
            continue
    return None


# --- Canvas -------------------------------------------------------------------------------------


def canvas_assignments(header: Sequence[str]) -> list[int]:
    """The columns of Canvas's export that are assignments (``Name (id)``)."""
    return [i for i, cell in enumerate(header) if CANVAS_ASSIGNMENT.match(cell.strip())]


def canvas_column(header: Sequence[str], assignment: str | None) -> int | None:
    """The column to fill: the one ``assignment`` names (its header, name or id), else the only
    assignment; None for a new column.

    >>> header = ["Student", "ID", "Sevens (4411)", "Aces (4412)", "Current Points"]
    >>> canvas_column(header, "aces"), canvas_column(header, "4411"), canvas_column(header, None)
    (3, 2, None)
    """
    columns = canvas_assignments(header)
    if assignment is None:
        return columns[0] if len(columns) == 1 else None
    wanted = assignment.strip().casefold()
    found = []
    for index in columns:
        cell = CANVAS_ASSIGNMENT.match(header[index].strip())
        assert cell is not None
        if wanted in (header[index].strip().casefold(), cell["name"].casefold(), cell["id"]):
            found.append(index)
    if len(found) != 1:
        names = "; ".join(header[i] for i in columns) or "none"
        what = "names no assignment" if not found else "names several assignments"
        raise LmsError(
            f"--assignment {assignment!r} {what} of the gradebook (its assignments: {names})"
        )
    return found[0]


#: The cells of a platform's file that the grader wrote: (row, column), from 0.
Written = set[tuple[int, int]]


def canvas_import(
    roster: Roster, results: dict[int, Result], assignment: str | None, new_name: str, possible: int
) -> tuple[list[list[str]], str, Written]:
    """Canvas's export with the points in one assignment's column; which column, in words; and
    the cells written.

    ``results`` maps a person's index in ``roster.people`` to their result; the rows of others
    are left as they came.
    """
    rows = [list(row) for row in roster.rows]
    width = len(rows[0])
    column = canvas_column(rows[0], assignment)
    new = column is None
    if column is None:
        column, width = width, width + 1
        said = f"a new column {new_name!r} (Canvas creates the assignment on import)"
    else:
        said = f"the column {rows[0][column]!r}"
    for row in rows:
        row += [""] * (width - len(row))
    written: Written = set()
    if new:
        rows[0][column] = new_name
        written.add((0, column))
        for index, row in enumerate(rows[1:], start=1):
            if is_canvas_heading_row(row, rows[0]) and row[0].strip() == "Points Possible":
                row[column] = format_points(possible)
                written.add((index, column))
    for number, person in enumerate(roster.people):
        if number in results:
            rows[person.row][column] = format_points(results[number].points)
            written.add((person.row, column))
    return rows, said, written


# --- Moodle -------------------------------------------------------------------------------------


def moodle_import(
    roster: Roster, results: dict[int, Result]
) -> tuple[list[list[str]], list[str], Written]:
    """Moodle's worksheet with Grade and Feedback comments filled in; the rows left as they
    were because Moodle will not change their grade, in words; and the cells written."""
    rows = [list(row) for row in roster.rows]
    header = [cell.strip() for cell in rows[0]]
    if "Grade" not in header:
        raise LmsError(
            "Moodle's worksheet has no Grade column: download it from an assignment with a "
            "grade (Grade > Type: Point)"
        )
    grade = header.index("Grade")
    written: Written = set()
    if "Feedback comments" not in header:
        rows[0].append("Feedback comments")
        header.append("Feedback comments")
        written.add((0, len(header) - 1))
    feedback = header.index("Feedback comments")
    locked = header.index("Grade can be changed") if "Grade can be changed" in header else None
    left = []
    for row in rows[1:]:
        row += [""] * (len(header) - len(row))
    for number, person in enumerate(roster.people):
        if number not in results:
            continue
        row = rows[person.row]
        if locked is not None and row[locked].strip().casefold() == "no":
            left.append(f"{person.name}: Moodle will not change this grade (it is locked)")
            continue
        row[grade] = format_points(results[number].points)
        row[feedback] = results[number].summary
        written.update({(person.row, grade), (person.row, feedback)})
    return rows, left, written


def import_text(rows: Sequence[Sequence[str]], written: Written) -> str:
    r"""CSV text of the platform's file: of the cells the grader ``written``, those a spreadsheet
    would run as a formula are made text and control characters shown as escapes; every other
    cell is the platform's, as it came (a feedback of the lecturer's over two lines stays so).

    >>> rows = [["Grade", "Feedback comments"], ["=1+1", "- see the rubric\nline 2"]]
    >>> import_text(rows, {(1, 0)})
    'Grade,Feedback comments\r\n\'=1+1,"- see the rubric\nline 2"\r\n'
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    for number, row in enumerate(rows):
        writer.writerow(
            [
                spreadsheet_safe(cell) if (number, column) in written else cell
                for column, cell in enumerate(row)
            ]
        )
    return buffer.getvalue()


def lms_import(
    roster: Roster,
    results: dict[int, Result],
    *,
    assignment: str | None = None,
    new_name: str = "Solitaire notebooks",
    possible: int = 0,
) -> tuple[str, list[str]]:
    """The text of ``lms-import.csv`` for a Canvas or Moodle roster, and what to tell the
    lecturer about it."""
    if roster.kind == CANVAS:
        rows, column, written = canvas_import(roster, results, assignment, new_name, possible)
        return import_text(rows, written), [f"lms-import.csv: the points are in {column}"]
    if roster.kind == MOODLE:
        if assignment is not None:
            raise LmsError("--assignment names a column of Canvas's gradebook, not Moodle's")
        rows, left, written = moodle_import(roster, results)
        return import_text(rows, written), left
    raise LmsError("lms-import.csv is written for a Canvas or Moodle roster only")
