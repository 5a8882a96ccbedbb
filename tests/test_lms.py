"""Grades written back into Canvas's and Moodle's own files, and late penalties."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from pathlib import Path

import pytest

from solitaire_lib.grading.lms import (
    LmsError,
    Penalty,
    Result,
    lms_import,
    moodle_time,
)
from solitaire_lib.grading.roster import parse_roster

DATA = Path(__file__).parent / "data" / "lms"
CANVAS_EXPORT = (DATA / "canvas_gradebook.csv").read_text("utf-8-sig")
MOODLE_WORKSHEET = (DATA / "moodle_worksheet.csv").read_text("utf-8-sig")

HEADER = (
    "Student,ID,SIS User ID,SIS Login ID,Section,{}Current Points,Final Points,Current Score,"
    "Unposted Current Score,Final Score,Unposted Final Score"
)


def _cells(text: str) -> list[list[str]]:
    assert "\n" not in text.replace("\r\n", "")  # Canvas and Moodle both read CRLF lines
    return list(csv.reader(io.StringIO(text, newline="")))


def _canvas(assignments: str) -> str:
    lines = [
        HEADER.format(assignments),
        ",,,,," + ",".join(["Manual Posting"] + [""] * (assignments.count(",") + 5)),
        "    Points Possible,,,,,"
        + "12.00," * assignments.count(",")
        + "(read only)," * 5
        + "(read only)",
        '"Adams, Anna",1201,z1201,aadams,T1,'
        + "," * assignments.count(",")
        + "0.00,0.00,,,0.00,0.00",
        '"Lovelace, Ada",1202,z1202,ada@uni.example,T1,'
        + "," * assignments.count(",")
        + "0.00,0.00,,,0.00,0.00",
    ]
    return "\r\n".join(lines) + "\r\n"


RESULTS = {0: Result(7, "7 of 12"), 1: Result(10.8, "late")}


def test_canvas_only_assignment_column_gets_the_points_and_the_rest_is_kept() -> None:
    roster = parse_roster(_canvas("Sevens (4411),"))
    text, said = lms_import(roster, RESULTS)
    assert _cells(text) == [
        [*HEADER.format("Sevens (4411),").split(",")],
        ["", "", "", "", "", "Manual Posting", "", "", "", "", "", ""],
        ["    Points Possible", "", "", "", "", "12.00", *["(read only)"] * 6],
        [
            "Adams, Anna",
            "1201",
            "z1201",
            "aadams",
            "T1",
            "7",
            "0.00",
            "0.00",
            "",
            "",
            "0.00",
            "0.00",
        ],
        [
            "Lovelace, Ada",
            "1202",
            "z1202",
            "ada@uni.example",
            "T1",
            "10.8",
            "0.00",
            "0.00",
            "",
            "",
            "0.00",
            "0.00",
        ],
    ]
    assert said == ["lms-import.csv: the points are in the column 'Sevens (4411)'"]


def test_canvas_assignment_is_chosen_by_name_or_id_among_several() -> None:
    roster = parse_roster(_canvas("Sevens (4411),Aces (4412),"))
    for name in ("aces", "4412", "Aces (4412)"):
        cells = _cells(lms_import(roster, RESULTS, assignment=name)[0])
        assert [row[5:7] for row in cells[3:]] == [["", "7"], ["", "10.8"]]
    with pytest.raises(LmsError, match=r"names no assignment .*Sevens \(4411\); Aces \(4412\)"):
        lms_import(roster, RESULTS, assignment="Klondike")


def test_canvas_without_one_assignment_gets_a_new_column_with_its_points_possible() -> None:
    roster = parse_roster(CANVAS_EXPORT)  # two assignments, none named
    text, said = lms_import(roster, RESULTS, new_name="01_aces_in_sequence", possible=12)
    cells = _cells(text)
    assert cells[0][-1] == "01_aces_in_sequence" and len(cells[0]) == 14
    assert [row[-1] for row in cells[1:]] == ["", "12", "7", "10.8", ""]  # the test student: kept
    assert cells[5][:2] == ["Student, Test", "1299"]
    assert said == [
        "lms-import.csv: the points are in a new column '01_aces_in_sequence' "
        "(Canvas creates the assignment on import)"
    ]


def test_moodle_grade_and_feedback_filled_in_and_dashes_kept() -> None:
    roster = parse_roster(MOODLE_WORKSHEET)
    results = {0: Result(12, "12 of 12"), 1: Result(0, "=sent nothing"), 2: Result(0, "x")}
    rows = MOODLE_WORKSHEET.replace('No submission",,12.00,Yes', 'No submission",,12.00,No')
    text, left = lms_import(parse_roster(rows), results)
    head = [
        "Identifier",
        "Full name",
        "Email address",
        "Status",
        "Grade",
        "Maximum Grade",
        "Grade can be changed",
        "Last modified (submission)",
        "Last modified (grade)",
        "Feedback comments",
    ]
    assert _cells(text) == [
        head,
        [
            "Participant 424242",
            "Grace Hopper",
            "grace@uni.example",
            "Submitted for grading - Not graded",
            "12",
            "12.00",
            "Yes",
            "Tuesday, 24 November 2026, 11:58 PM",
            "-",
            "12 of 12",
        ],
        [
            "Participant 424243",
            "Grace Hopper",
            "grace.h@uni.example",
            "Submitted for grading - Not graded",
            "0",
            "12.00",
            "Yes",
            "Wednesday, 25 November 2026, 9:03 AM",
            "-",
            "'=sent nothing",
        ],
        [
            "Participant 424244",
            "Alan Turing",
            "alan@uni.example",
            "No submission",
            "",
            "12.00",
            "No",
            "-",
            "-",
            "",
        ],
    ]
    assert left == ["Alan Turing: Moodle will not change this grade (it is locked)"]
    assert roster.kind == "moodle"


def test_moodle_without_feedback_comments_gets_the_column() -> None:
    worksheet = "Identifier,Full name,Status,Grade\nParticipant 7,Ada,Submitted,\n"
    text, _ = lms_import(parse_roster(worksheet), {0: Result(3, "3 of 12")})
    assert _cells(text) == [
        ["Identifier", "Full name", "Status", "Grade", "Feedback comments"],
        ["Participant 7", "Ada", "Submitted", "3", "3 of 12"],
    ]


def test_a_plain_roster_has_no_import_file_and_moodle_no_assignment() -> None:
    with pytest.raises(LmsError, match="Canvas or Moodle"):
        lms_import(parse_roster("Ada\n"), {})
    with pytest.raises(LmsError, match="not Moodle's"):
        lms_import(parse_roster(MOODLE_WORKSHEET), {}, assignment="x")


def test_penalties_as_the_lecturer_names_them() -> None:
    assert Penalty.parse("10%").apply(12) == 10.8
    assert Penalty.parse(" 25 % ").apply(7) == 5.25
    assert Penalty.parse("2").apply(12) == 10 and Penalty.parse("2.5").apply(2) == 0
    assert str(Penalty.parse("10%")) == "10%" and str(Penalty.parse("2")) == "2 points"
    assert Penalty.parse("2 points") == Penalty.parse(" 2 Point ") == Penalty(2, False)
    for form in ("10%", "2", "2.5", "2 points", "1 point"):  # as the grader keeps it, read back
        assert Penalty.parse(str(Penalty.parse(form))) == Penalty.parse(form)
    for wrong in ("ten", "-2", "150%", "", "2 pts", "%", "2%%", "points"):
        with pytest.raises(ValueError, match="percentage of the points"):
            Penalty.parse(wrong)


def test_moodle_times_in_english_and_american_english() -> None:
    assert moodle_time("Monday, 30 November 2026, 12:05 AM") == datetime(2026, 11, 30, 0, 5)
    assert moodle_time("Monday, November 30, 2026, 12:05 PM") == datetime(2026, 11, 30, 12, 5)
    assert moodle_time("lundi 30 novembre 2026") is None


def test_moodle_on_a_24_hour_clock_and_without_a_grade_column() -> None:
    assert moodle_time("Tuesday, 24 November 2026, 23:58") == datetime(2026, 11, 24, 23, 58)
    with pytest.raises(LmsError, match="no Grade column"):
        lms_import(parse_roster("Identifier,Full name,Status\nParticipant 1,Ada,x\n"), {})


#: What a lecturer's own cells may hold, and a platform writes back as it is: a feedback over
#: lines, a note starting with "-" or "=", a Persian word whose letters need U+200C (ZWNJ).
LECTURERS_OWN = [
    "<p>Good start.</p>\n<p>See me about 02.</p>",
    "- see the rubric; 2 points off\r\n+ bonus for tests",
    "=1+1",
    "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
]


def _written_only(before: list[list[str]], after: list[list[str]]) -> set[tuple[int, int]]:
    """The cells that differ between two tables (a row or column added counts as differing)."""
    return {
        (r, c)
        for r in range(len(after))
        for c in range(len(after[r]))
        if r >= len(before) or c >= len(before[r]) or before[r][c] != after[r][c]
    }


def test_moodle_cells_the_grader_did_not_write_are_kept_as_they_came() -> None:
    """Attack 21 W4: every cell went through the spreadsheet escaping, so the feedback of rows
    not graded (and of a locked row) came back with \\n, a leading ' and \\u200c in it."""
    header = [
        "Identifier", "Full name", "Status", "Grade", "Grade can be changed", "Feedback comments",
    ]  # fmt: skip
    rows = [
        header,
        ["Participant 1001", "Ada", "Submitted", "", "Yes", "old"],
        ["Participant 1002", "Bob Locked", "Submitted", "9.00", "No", LECTURERS_OWN[0]],
        ["Participant 1003", "Cy Prev", "No submission", "", "Yes", LECTURERS_OWN[1]],
        ["Participant 1004", "Dee Zwnj", "No submission", "", "Yes", LECTURERS_OWN[3]],
        ["Participant 1005", LECTURERS_OWN[2], "No submission", "", "Yes", LECTURERS_OWN[2]],
    ]
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows(rows)
    roster = parse_roster(buffer.getvalue())
    student = '=HYPERLINK("x")\n\u200c'  # a summary naming what the student wrote
    results = {0: Result(7, f"7 of 12: {student}"), 1: Result(3, "3 of 12")}
    text, left = lms_import(roster, results)
    back = list(csv.reader(io.StringIO(text, newline="")))
    assert left == ["Bob Locked: Moodle will not change this grade (it is locked)"]
    assert _written_only(rows, back) == {(1, 3), (1, 5)}  # Ada's Grade and Feedback comments
    assert back[1][3:] == ["7", "Yes", '7 of 12: =HYPERLINK("x")\\n\\u200c']  # made safe


def test_canvas_cells_the_grader_did_not_write_are_kept_as_they_came() -> None:
    header = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Aces (4412)", "Notes"]
    rows = [
        header,
        ["    Points Possible", "", "", "", "", "12.00", ""],
        ["Lovelace, Ada", "1202", "z1202", "ada", "T1", "", LECTURERS_OWN[0]],
        ["Adams, Anna", "1201", "z1201", "anna", "T1", "5.00", LECTURERS_OWN[1]],
        [LECTURERS_OWN[2], "1203", "z1203", "eq", "T1", "", LECTURERS_OWN[2]],
        ["Zand, Dee", "1204", "z1204", "dee", "T1", "", LECTURERS_OWN[3]],
    ]
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows(rows)
    roster = parse_roster(buffer.getvalue())
    ada = next(i for i, person in enumerate(roster.people) if person.name == "Lovelace, Ada")
    text, _ = lms_import(roster, {ada: Result(10.5, "")})
    back = list(csv.reader(io.StringIO(text, newline="")))
    assert _written_only(rows, back) == {(2, 5)}
    assert back[2][5] == "10.5"
    without = [row[:5] + row[6:] for row in rows]  # no assignment column: a new one
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows(without)
    text, _ = lms_import(
        parse_roster(buffer.getvalue()), {ada: Result(10.5, "")}, new_name="=01", possible=12
    )
    back = list(csv.reader(io.StringIO(text, newline="")))
    assert _written_only(without, back) == {(r, 6) for r in range(6)}  # the new column only
    assert [row[6] for row in back] == ["'=01", "12", "10.5", "", "", ""]  # the name made text


def test_a_canvas_student_named_points_possible_stays_a_student() -> None:
    """Attack 21 W5: a row was Canvas's heading by its first cell alone, so a student named
    "Points Possible" (or a row with "Manual Posting" in it and no name) was no one, and a new
    column gave them the points possible."""
    export = "\r\n".join(
        [
            "Student,ID,SIS User ID,SIS Login ID,Section,Current Points,Final Score",
            ",,,,,Manual Posting,",
            "    Points Possible,,,,,,",
            '"Lovelace, Ada",201,s201,ada,Sec 1,,',
            "Points Possible,202,s202,pp,Sec 1,,",
            ",203,s203,Manual Posting,Sec 1,,",
            "",
        ]
    )
    roster = parse_roster(export)
    assert [(person.name, person.id, person.row) for person in roster.people] == [
        ("Lovelace, Ada", "201", 3),
        ("Points Possible", "202", 4),
        ("", "203", 5),
    ]
    text, _ = lms_import(roster, {0: Result(7, "")}, new_name="Aces", possible=12)
    assert [row[-1] for row in _cells(text)] == ["Aces", "", "12", "7", "", ""]
