"""The class's files written from its grades, and merged from shards (no notebook is run here)."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import unicodedata
from pathlib import Path

import pytest

from solitaire_lib.grading.classbook import (
    ClassBook,
    ClassInfo,
    Facts,
    Member,
    MergeError,
    class_list,
    merge,
    reads_as,
)
from solitaire_lib.grading.output import Output, visible
from solitaire_lib.grading.results import Book, feedback_lines
from solitaire_lib.grading.roster import parse_roster
from solitaire_lib.grading.shards import shard_of
from solitaire_lib.grading.submissions import Student
from solitaire_lib.grading.verdicts import GRADED, MISSING, NotebookGrade, TaskGrade

WORKSHEET = (
    "Identifier,Full name,Email address,Status,Grade,Maximum Grade,Grade can be changed,"
    "Last modified (submission),Last modified (grade),Feedback comments\r\n"
    "Participant 11,Ada Lovelace,ada@uni.example,Submitted,,3.00,Yes,-,-,\r\n"
    "Participant 12,Ada Lovelace,ada2@uni.example,Submitted,,3.00,Yes,-,-,\r\n"
    "Participant 13,Alan Turing,alan@uni.example,No submission,,3.00,Yes,-,-,\r\n"
)


def test_the_class_list_follows_the_roster_and_namesakes_carry_their_ids() -> None:
    roster = parse_roster(WORKSHEET)
    students = [Student("Ada Lovelace", "12"), Student("x", "99"), Student("Ada Lovelace", "11")]
    listed, members, problems = class_list(students, roster)
    assert [(s.name, s.id) for s in listed] == [
        ("Ada Lovelace [11]", "11"),
        ("Ada Lovelace [12]", "12"),
        ("Alan Turing", "13"),
        ("x", "99"),
    ]
    assert [(m.name, m.key, m.person) for m in members] == [
        ("Ada Lovelace [11]", "id:11", 0),
        ("Ada Lovelace [12]", "id:12", 1),
        ("Alan Turing", "id:13", 2),
        ("x", "id:99", None),
    ]
    assert listed[0] is students[2] and problems == []


def test_without_a_roster_namesakes_still_get_names_of_their_own() -> None:
    listed, members, _ = class_list([Student("ada", "1"), Student("Ada", ""), Student("bo")], None)
    assert [s.name for s in listed] == ["ada [1]", "Ada [2]", "bo"]
    assert [m.key for m in members] == ["id:1", "name:ada", "name:bo"]


def _info(penalty: str | None = "10%") -> ClassInfo:
    members = [
        Member("Ada Lovelace [11]", "11", "id:11", 0),
        Member("Ada Lovelace [12]", "12", "id:12", 1),
        Member("Alan Turing", "13", "id:13", 2),
    ]
    facts = {
        "Ada Lovelace [11]": {"01": Facts(late=True, flags="one work with Ada Lovelace [12]")},
        "Ada Lovelace [12]": {"01": Facts(flags="one work with Ada Lovelace [11]")},
    }
    report = ["Ada Lovelace [11], 01_aces_in_sequence: one work with Ada Lovelace [12]"]
    order = {"01": ["a", "b", "c"]}
    return ClassInfo(members, ["01"], {"01": 3}, order, facts, report, WORKSHEET, None, penalty)


def _grades() -> list[NotebookGrade]:
    def tasks(*passed: bool) -> list[TaskGrade]:  # in the checker's order: c, a, b
        return [
            TaskGrade(name, ok, f"{name}: {ok}") for name, ok in zip("cab", passed, strict=True)
        ]

    return [
        NotebookGrade("Ada Lovelace [11]", "01", GRADED, "a.ipynb", "aa", tasks(True, True, True)),
        NotebookGrade("Ada Lovelace [12]", "01", GRADED, "b.ipynb", "bb", tasks(True, False, True)),
        NotebookGrade("Alan Turing", "01", MISSING, tasks=tasks(False, False, False)),
    ]


def _students(info: ClassInfo) -> list[Student]:
    return [Student(m.name, m.id) for m in info.members]


def _write(folder: Path, info: ClassInfo, shard: tuple[int, int] | None = None) -> None:
    output = Output(folder)
    book = ClassBook(output, _students(info), info, shard)
    here = {s.name for s in book.here}
    book.write_all()
    for grade in _grades():
        if grade.student in here:
            book.add(grade)
    output.close()


def _csv(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_bytes().decode("utf-8"), newline="")))


def test_every_file_is_written_from_the_grades(tmp_path: Path) -> None:
    _write(tmp_path / "out", _info())
    out = tmp_path / "out"
    flags = "one work with Ada Lovelace [12]"
    assert _csv(out / "grades.csv") == [
        [
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
        ],
        [
            "Ada Lovelace [11]",
            "11",
            "01_aces_in_sequence",
            "a",
            "graded",
            "True",
            "1",
            "late (10% off)",
            flags,
            "a.ipynb",
            "aa",
        ],
        [
            "Ada Lovelace [11]",
            "11",
            "01_aces_in_sequence",
            "b",
            "graded",
            "True",
            "1",
            "late (10% off)",
            flags,
            "a.ipynb",
            "aa",
        ],
        [
            "Ada Lovelace [11]",
            "11",
            "01_aces_in_sequence",
            "c",
            "graded",
            "True",
            "1",
            "late (10% off)",
            flags,
            "a.ipynb",
            "aa",
        ],
        [
            "Ada Lovelace [12]",
            "12",
            "01_aces_in_sequence",
            "a",
            "graded",
            "False",
            "0",
            "",
            "one work with Ada Lovelace [11]",
            "b.ipynb",
            "bb",
        ],
        [
            "Ada Lovelace [12]",
            "12",
            "01_aces_in_sequence",
            "b",
            "graded",
            "True",
            "1",
            "",
            "one work with Ada Lovelace [11]",
            "b.ipynb",
            "bb",
        ],
        [
            "Ada Lovelace [12]",
            "12",
            "01_aces_in_sequence",
            "c",
            "graded",
            "True",
            "1",
            "",
            "one work with Ada Lovelace [11]",
            "b.ipynb",
            "bb",
        ],
        ["Alan Turing", "13", "01_aces_in_sequence", "a", "missing", "False", "0", "", "", "", ""],
        ["Alan Turing", "13", "01_aces_in_sequence", "b", "missing", "False", "0", "", "", "", ""],
        ["Alan Turing", "13", "01_aces_in_sequence", "c", "missing", "False", "0", "", "", "", ""],
    ]
    assert _csv(out / "gradebook.csv") == [
        [
            "student",
            "id",
            "01_aces_in_sequence",
            "total",
            "raw total",
            "01_aces_in_sequence status",
            "late",
        ],
        ["Ada Lovelace [11]", "11", "2.7", "2.7", "3", "graded", "01_aces_in_sequence"],
        ["Ada Lovelace [12]", "12", "2", "2", "2", "graded", ""],
        ["Alan Turing", "13", "0", "0", "0", "missing", ""],
    ]
    assert [row[4:] for row in _csv(out / "lms-import.csv")[1:]] == [
        [
            "2.7",
            "3.00",
            "Yes",
            "-",
            "-",
            "01_aces_in_sequence: 2.7 of 3; late: 01_aces_in_sequence, 10% off; total 2.7 of 3",
        ],
        ["2", "3.00", "Yes", "-", "-", "01_aces_in_sequence: 2 of 3; total 2 of 3"],
        ["0", "3.00", "Yes", "-", "-", "01_aces_in_sequence: 0 of 3 (missing); total 0 of 3"],
    ]
    assert (
        (out / "report.txt")
        .read_text("utf-8")
        .endswith("\nAda Lovelace [11], 01_aces_in_sequence: one work with Ada Lovelace [12]\n")
    )
    feedback = (out / "feedback" / "Ada_Lovelace_12.txt").read_text("utf-8")
    assert "one work" not in feedback and "Late" not in feedback
    assert feedback.index("a: False") < feedback.index("b: True") < feedback.index("c: True")


@pytest.mark.parametrize(
    ("penalty", "said"),
    [
        ("10%", "Late: 10% off, so 2.7 of 3 points count."),
        ("2 points", "Late: 2 points off, so 1 of 3 points count."),
        (None, "Late: handed in after the deadline (no points off)."),
    ],
)
def test_late_feedback_names_the_penalty_and_the_points_that_count(
    tmp_path: Path, penalty: str | None, said: str
) -> None:
    _write(tmp_path / "out", _info(penalty))
    lines = (tmp_path / "out" / "feedback" / "Ada_Lovelace_11.txt").read_text("utf-8").split("\n")
    assert lines[2:4] == ["== 01_aces_in_sequence: 3 of 3 points ==", said]


def test_a_stopped_run_writes_no_number_for_whom_it_did_not_grade(tmp_path: Path) -> None:
    info = _info()
    output = Output(tmp_path / "out")
    book = ClassBook(output, _students(info), info)
    book.write_all()
    book.add(_grades()[0])  # stopped after Ada [11]'s notebook: the others never ran
    output.close()
    out = tmp_path / "out"
    stopped = "not graded (the run was stopped)"
    assert _csv(out / "gradebook.csv")[1:] == [
        ["Ada Lovelace [11]", "11", "2.7", "2.7", "3", "graded", "01_aces_in_sequence"],
        ["Ada Lovelace [12]", "12", "", "0", "0", stopped, ""],
        ["Alan Turing", "13", "", "0", "0", stopped, ""],
    ]
    assert _csv(out / "grades.csv")[4:] == [
        [
            "Ada Lovelace [12]",
            "12",
            "01_aces_in_sequence",
            "",
            stopped,
            "False",
            "",
            "",
            "",
            "",
            "",
        ],
        ["Alan Turing", "13", "01_aces_in_sequence", "", stopped, "False", "", "", "", "", ""],
    ]
    assert [row[4:] for row in _csv(out / "lms-import.csv")[1:]] == [
        [
            "2.7",
            "3.00",
            "Yes",
            "-",
            "-",
            "01_aces_in_sequence: 2.7 of 3; late: 01_aces_in_sequence, 10% off; total 2.7 of 3",
        ],
        ["", "3.00", "Yes", "-", "-", ""],  # as the worksheet came: no grade, no feedback
        ["", "3.00", "Yes", "-", "-", ""],
    ]
    feedback = (out / "feedback" / "Alan_Turing.txt").read_text("utf-8")
    assert (
        feedback
        == f"Feedback for Alan Turing\n\n== 01_aces_in_sequence: {stopped}: no points yet ==\n"
    )


def test_a_canvas_gradebook_of_a_stopped_run_leaves_the_cells_of_the_ungraded(
    tmp_path: Path,
) -> None:
    canvas = (
        "Student,ID,SIS User ID,SIS Login ID,Section,Aces (4412)\r\n"
        "    Points Possible,,,,,3.00\r\n"
        "Ada Lovelace,11,,ada,S1,\r\n"
        "Ada Lovelace,12,,ada2,S1,\r\n"
        "Alan Turing,13,,alan,S1,\r\n"
    )
    info = dataclasses.replace(_info(), roster_text=canvas)
    output = Output(tmp_path / "out")
    book = ClassBook(output, _students(info), info)
    book.write_all()
    book.add(_grades()[0])
    output.close()
    assert [row[5] for row in _csv(tmp_path / "out" / "lms-import.csv")] == [
        "Aces (4412)",
        "3.00",
        "2.7",
        "",
        "",
    ]


def test_shards_merged_are_the_whole_class_byte_for_byte(tmp_path: Path) -> None:
    info = _info()
    assert sorted(shard_of(m.key, 2) for m in info.members) == [1, 2, 2]
    _write(tmp_path / "whole", info)
    for k in (1, 2):
        _write(tmp_path / f"s{k}", info, (k, 2))
    assert not (tmp_path / "s1" / "lms-import.csv").exists()

    merge([tmp_path / "s2", tmp_path / "s1"], tmp_path / "merged")

    def files(folder: Path) -> dict[str, bytes]:
        return {
            str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()
        }

    assert files(tmp_path / "merged") == files(tmp_path / "whole")
    assert len(files(tmp_path / "whole")) == 8  # 5 files and 3 students' feedback


def test_merge_refuses_what_is_not_one_class_in_all_its_shards(tmp_path: Path) -> None:
    _write(tmp_path / "s1", _info(), (1, 2))
    _write(tmp_path / "s2", _info(), (2, 2))
    _write(tmp_path / "other", _info(penalty=None), (2, 2))
    _write(tmp_path / "whole", _info())
    with pytest.raises(MergeError, match=r"every shard of one class once \(here: 1/2\)"):
        merge([tmp_path / "s1"], tmp_path / "m1")
    with pytest.raises(MergeError, match=r"here: 1/2, 1/2"):
        merge([tmp_path / "s1", tmp_path / "s1"], tmp_path / "m2")
    with pytest.raises(MergeError, match="not of one class graded the same way"):
        merge([tmp_path / "s1", tmp_path / "other"], tmp_path / "m3")
    with pytest.raises(MergeError, match="runs with --shard K/N"):
        merge([tmp_path / "whole"], tmp_path / "m4")
    (tmp_path / "s2" / "records.json").write_text(json.dumps({"format": 0}))
    with pytest.raises(MergeError, match="not the records of this version"):
        merge([tmp_path / "s1", tmp_path / "s2"], tmp_path / "m5")
    with pytest.raises(MergeError, match="cannot be read"):
        merge([tmp_path / "nowhere"], tmp_path / "m6")


def test_feedback_names_keep_accents_and_say_a_skipped_file_once(tmp_path: Path) -> None:
    decomposed = unicodedata.normalize("NFD", "José Núñez")
    students = [
        Student(
            decomposed, "1", skipped=["nest/d/d: its folders nest more than 32 deep: not graded"]
        ),
        Student("Jose Nunez", "2"),
        Student("JOSÉ NÚÑEZ", "3"),
        Student("../.hidden\x00/x", "4"),
    ]
    output = Output(tmp_path / "out")
    book = Book(output, students, ["01"])
    for student in students:
        book.write_student(student.name)
    output.close()
    names = sorted(p.name for p in (tmp_path / "out" / "feedback").iterdir())
    expected = ["José_Núñez.txt", "Jose_Nunez.txt", "JOSÉ_NÚÑEZ-2.txt", "hidden_x00_x.txt"]
    assert names == sorted(expected)  # a NUL is written as its code, as every hidden character
    assert all(unicodedata.is_normalized("NFC", name) for name in names)
    feedback = (tmp_path / "out" / "feedback" / "José_Núñez.txt").read_text("utf-8")
    assert "Not graded: nest/d/d: its folders nest more than 32 deep\n" in feedback
    assert feedback.count("not graded") == 1  # the run's own line: notebook 01 was not reached


def test_the_feedback_shows_the_whole_sha256() -> None:
    digest = "ab" * 32
    grade = NotebookGrade("ada", "01", GRADED, "a.ipynb", digest, [TaskGrade("a", True, "ok")])
    assert f"Graded: a.ipynb (SHA-256 {digest})" in feedback_lines(grade)


NAMESAKES = (
    "Identifier,Full name,Email address,Status,Grade,Maximum Grade,Grade can be changed,"
    "Last modified (submission),Last modified (grade),Feedback comments\r\n"
    "Participant 111,Wei Zhang,w1@u.org,Submitted,,3.00,Yes,-,-,\r\n"
    "Participant 222,Wei Zhang,w2@u.org,Submitted,,3.00,Yes,-,-,\r\n"
    "Participant 333,Wei Zhang [111],w3@u.org,Submitted,,3.00,Yes,-,-,\r\n"
)


@pytest.mark.parametrize("roster", [None, NAMESAKES])
def test_a_name_chosen_as_a_namesakes_label_takes_nothing_of_theirs(
    tmp_path: Path, roster: str | None
) -> None:
    """Attack 20's s14: two students named Wei Zhang (ids 111 and 222) and a third who named
    themself "Wei Zhang [111]" (id 333). Before, the third had the first's label: one row of
    grades for two people, the first's 3 points in the third's row, one feedback file for both."""
    students = [Student("Wei Zhang", "111"), Student("Wei Zhang", "222")]
    students.append(Student("Wei Zhang [111]", "333"))
    listed, members, _ = class_list(students, parse_roster(roster) if roster else None)
    names = [s.name for s in listed]
    assert names == ["Wei Zhang [111]", "Wei Zhang [222]", "Wei Zhang [111] [333]"]
    assert [m.name for m in members] == names
    info = ClassInfo(members, ["01"], {"01": 3}, {"01": ["a", "b", "c"]}, {}, [], roster)
    output = Output(tmp_path / "out")
    book = ClassBook(output, listed, info)
    book.write_all()
    passed = [TaskGrade(name, True, f"{name}: passed") for name in "abc"]
    book.add(NotebookGrade("Wei Zhang [111]", "01", GRADED, "a.ipynb", "aa", passed))
    book.add(NotebookGrade("Wei Zhang [222]", "01", MISSING, tasks=[]))
    book.add(NotebookGrade("Wei Zhang [111] [333]", "01", MISSING, tasks=[]))
    output.close()
    rows = [(row[0], row[1], row[2]) for row in _csv(tmp_path / "out" / "gradebook.csv")[1:]]
    assert rows == [
        ("Wei Zhang [111]", "111", "3"),
        ("Wei Zhang [222]", "222", "0"),
        ("Wei Zhang [111] [333]", "333", "0"),
    ]
    files = sorted(p.name for p in (tmp_path / "out" / "feedback").iterdir())
    assert files == ["Wei_Zhang_111.txt", "Wei_Zhang_111_333.txt", "Wei_Zhang_222.txt"]
    if roster:
        uploaded = _csv(tmp_path / "out" / "lms-import.csv")
        assert [(row[0], row[4]) for row in uploaded[1:]] == [
            ("Participant 111", "3"),
            ("Participant 222", "0"),
            ("Participant 333", "0"),
        ]


def test_names_that_read_alike_once_shown_are_namesakes() -> None:
    """``ada`` with a Hangul filler, and a name typed as ``ada\\u3164``, show alike: each gets a
    number, and every name is shown apart from every other."""
    students = [Student("ada"), Student("ada\u3164"), Student("ada\\u3164"), Student("bob\u00ad")]
    listed, _, _ = class_list(students, None)
    shown = [visible(s.name) for s in listed]
    assert shown == ["ada", "ada\\u3164 [1]", "ada\\u3164 [2]", "bob\\xad"]
    assert len({reads_as(name) for name in shown}) == len(shown)


def test_merge_shows_a_roster_name_escaped_on_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Attack 20's s5: a locked row of Moodle's worksheet whose name clears the screen, colours
    the text, sets the window's title and returns to the start of the line. The run said it
    escaped; merge printed it raw."""
    from solitaire_lib.grading.grade import merge_main

    name = "Mal\x1b[2J\x1b[31mlory\x1b]0;owned\x07\rFAKE: all grades uploaded"
    worksheet = WORKSHEET.split("\r\n")[0] + f'\r\nParticipant 5,"{name}",m@x.org,x,,3,No,-,-,\r\n'
    members = [Member(name, "5", "id:5", 0)]
    info = ClassInfo(members, ["01"], {"01": 3}, {"01": ["a", "b", "c"]}, {}, [], worksheet)
    output = Output(tmp_path / "shard")
    book = ClassBook(output, [Student(name, "5")], info, (1, 1))
    book.write_all()
    book.add(NotebookGrade(name, "01", MISSING, tasks=[]))
    output.close()

    assert merge_main([str(tmp_path / "shard"), "--out", str(tmp_path / "all")]) == 0
    printed = capsys.readouterr().out
    assert "Mal\\x1b[2J\\x1b[31mlory\\x1b]0;owned\\x07\\rFAKE" in printed
    assert not any(c in printed for c in "\x1b\x07\r")
