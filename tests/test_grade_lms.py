"""The LMS round trip, end to end: a Canvas class and a Moodle class as the platforms give them.

Each class is graded in the sandbox (a handful of notebooks: about 6 s each) and every file the
lecturer uploads is compared cell by cell with results written here by hand. The Canvas class
has a late file, two copies of equal time (Canvas's "-1" resubmission), a byte copy and a
disguised copy, two students with code of their own, a blank notebook, the test student who sent
nothing and a file that matches no one. The Moodle class has namesakes told apart by their
participant numbers, a name from a macOS zip (NFD) without an id, a damaged file, a student who
imports the library's answers, and a deadline; it is then graded in two shards and merged, and
the merged files must be the files of the whole class graded in one run.
"""

from __future__ import annotations

import csv
import io
import os
import unicodedata
from pathlib import Path

import nbformat
import pytest

from solitaire_lib.grading import sandbox
from solitaire_lib.grading.grade import _penalty, main
from solitaire_lib.grading.lms import Penalty
from solitaire_lib.grading.shards import shard_of

ROOT = Path(__file__).resolve().parent.parent
SOLUTION = ROOT / "solutions" / "01_aces_in_sequence.ipynb"
BLANK = ROOT / "exercises" / "01_aces_in_sequence.ipynb"

needs_sandbox = pytest.mark.skipif(
    bool(sandbox.unavailable()) and os.environ.get("CI") != "true",
    reason=f"no sandbox here: {sandbox.unavailable()}",
)

OWN_GLYPH = '''
def card_glyph(code):
    """My own way: the suits' first cards, then the rank's place among them."""
    suits = "\\U0001F0B0\\U0001F0C0\\U0001F0D0\\U0001F0A0"
    ranks = [1, 7, 8, 9, 10, 11, 13, 14]
    return chr(ord(suits[code // 8]) + ranks[code % 8])
'''
OWN_DEAL = """
def deal(pile, n_stacks):
    stacks = [[] for _ in range(n_stacks)]
    for position, card in enumerate(reversed(pile)):
        stacks[position % n_stacks].append(card)
    return stacks
"""
IMPORTED = """
from solitaire_lib.aces_in_sequence import rules as game_rules


def deal(pile, n_stacks):
    return game_rules.deal(pile, n_stacks)
"""
REVERSED = """
_right_order = shuffled_deck


def shuffled_deck(s):
    return _right_order(s)[::-1]
"""


def _notebook(path: Path, base: Path, *cells: str, disguise: bool = False) -> None:
    book = nbformat.read(base, as_version=4)
    if disguise:  # comments, blank lines, another name for a local variable
        for cell in book.cells:
            if cell.cell_type == "code":
                source = cell.source.replace("from_top", "reversed_pile")
                cell.source = "# my own work\n\n" + source.replace("\n    return", "\n\n    return")
    book.cells += [nbformat.v4.new_code_cell(source) for source in cells]
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(book, path)


MOSTLY = "graded code mostly the same as"


def _one_work(flags: str) -> str:
    """The flags but those of graded code mostly the same (every notebook of these classes is
    the solution, with at most a function of its own: each is mostly the same as the others)."""
    return " | ".join(part for part in flags.split(" | ") if MOSTLY not in part)


def _csv(path: Path) -> list[list[str]]:
    text = path.read_bytes().decode("utf-8")
    assert "\n" not in text.replace("\r\n", "")  # Canvas and Moodle both read CRLF lines
    return list(csv.reader(io.StringIO(text, newline="")))


CANVAS_HEADER = (
    "Student,ID,SIS User ID,SIS Login ID,Section,Sevens (4411),Aces (4412),Current Points,"
    "Final Points,Current Score,Unposted Current Score,Final Score,Unposted Final Score"
)
CANVAS_ROSTER = "\r\n".join(
    [
        CANVAS_HEADER,
        "    Points Possible,,,,,12.00,12.00,(read only),(read only),(read only),(read only),"
        "(read only),(read only)",
        '"Adams, Anna",1201,z1201,aadams,T1,5.00,,5.00,5.00,,,5.00,5.00',
        '"Lovelace, Ada",1202,z1202,alovelace,T1,,,,,,,,',
        '"Hopper, Grace",1203,z1203,ghopper,T1,,,,,,,,',
        '"Turing, Alan",1204,z1204,aturing,T1,,,,,,,,',
        '"Babbage, Charles",1205,z1205,cbabbage,T1,,,,,,,,',
        '"Ching, Cheng",1206,z1206,cching,T1,,,,,,,,',
        '"Student, Test",1299,,,T1,,,,,,,,',
        "",
    ]
)


def _canvas_class(folder: Path) -> None:
    _notebook(folder / "adamsanna_late_1201_9001_01_aces_in_sequence.ipynb", SOLUTION)
    first = folder / "lovelaceada_1202_9002_01_aces_in_sequence.ipynb"
    again = folder / "lovelaceada_1202_9003_01_aces_in_sequence-1.ipynb"
    _notebook(first, SOLUTION, REVERSED)
    _notebook(again, SOLUTION)  # byte for byte Anna's
    for path in (first, again):  # unzipped: one time for both
        os.utime(path, (1.7e9, 1.7e9))
    _notebook(folder / "hoppergrace_1203_9004_01_aces_in_sequence.ipynb", SOLUTION, disguise=True)
    _notebook(folder / "turingalan_1204_9005_01_aces_in_sequence.ipynb", SOLUTION, OWN_GLYPH)
    _notebook(folder / "babbagecharles_1205_9006_01_aces_in_sequence.ipynb", SOLUTION, OWN_DEAL)
    _notebook(folder / "chingcheng_1206_9007_01_aces_in_sequence.ipynb", BLANK)
    (folder / "nobody_1300_9008_01_aces_in_sequence.ipynb").write_text('{"cells": [')


@needs_sandbox
def test_a_canvas_class_comes_back_in_canvas_own_gradebook(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _canvas_class(tmp_path / "class")
    (tmp_path / "gradebook-export.csv").write_text("\ufeff" + CANVAS_ROSTER, "utf-8", newline="")
    out = tmp_path / "out"

    code = main(
        [
            str(tmp_path / "class"),
            "--roster",
            str(tmp_path / "gradebook-export.csv"),
            "--assignment",
            "Aces",
            "--late-penalty",
            "10%",
            "--jobs",
            "2",
            "--out",
            str(out),
        ]
    )

    assert code == 0
    said = capsys.readouterr().out
    assert "Sent nothing (1): Student, Test\n" in said
    assert "Match no one on the roster (1): nobody\n" in said
    assert "lms-import.csv: the points are in the column 'Aces (4412)'\n" in said
    assert _csv(out / "lms-import.csv") == [
        CANVAS_HEADER.split(","),
        ["    Points Possible", "", "", "", "", "12.00", "12.00", *["(read only)"] * 6],
        [
            "Adams, Anna",
            "1201",
            "z1201",
            "aadams",
            "T1",
            "5.00",
            "10.8",
            "5.00",
            "5.00",
            "",
            "",
            "5.00",
            "5.00",
        ],
        ["Lovelace, Ada", "1202", "z1202", "alovelace", "T1", "", "12", *[""] * 6],
        ["Hopper, Grace", "1203", "z1203", "ghopper", "T1", "", "12", *[""] * 6],
        ["Turing, Alan", "1204", "z1204", "aturing", "T1", "", "12", *[""] * 6],
        ["Babbage, Charles", "1205", "z1205", "cbabbage", "T1", "", "12", *[""] * 6],
        ["Ching, Cheng", "1206", "z1206", "cching", "T1", "", "0", *[""] * 6],
        ["Student, Test", "1299", "", "", "T1", "", "0", *[""] * 6],
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
        ["Adams, Anna", "1201", "10.8", "10.8", "12", "graded", "01_aces_in_sequence"],
        ["Lovelace, Ada", "1202", "12", "12", "12", "graded", ""],
        ["Hopper, Grace", "1203", "12", "12", "12", "graded", ""],
        ["Turing, Alan", "1204", "12", "12", "12", "graded", ""],
        ["Babbage, Charles", "1205", "12", "12", "12", "graded", ""],
        ["Ching, Cheng", "1206", "0", "0", "0", "blank", ""],
        ["Student, Test", "1299", "0", "0", "0", "missing", ""],
        ["nobody", "1300", "0", "0", "0", "damaged", ""],
    ]
    rows = list(csv.DictReader((out / "grades.csv").open(encoding="utf-8")))
    seen = {(r["student"], r["status"], r["late"], _one_work(r["flags"]), r["file"]) for r in rows}
    same = "the same code with comments, blank lines or names changed"
    byte = "byte for byte the same file"  # Anna's file and Ada's resubmission
    assert seen == {
        (
            "Adams, Anna",
            "graded",
            "late (10% off)",
            f"one work with Lovelace, Ada ({byte}), and with Hopper, Grace ({same})",
            "adamsanna_late_1201_9001_01_aces_in_sequence.ipynb",
        ),
        (
            "Lovelace, Ada",
            "graded",
            "",
            f"one work with Adams, Anna ({byte}), and with Hopper, Grace ({same})",
            "lovelaceada_1202_9003_01_aces_in_sequence-1.ipynb",
        ),
        ("Lovelace, Ada", "duplicate", "", "", "lovelaceada_1202_9002_01_aces_in_sequence.ipynb"),
        (
            "Hopper, Grace",
            "graded",
            "",
            f"one work with Adams, Anna; Lovelace, Ada ({same})",
            "hoppergrace_1203_9004_01_aces_in_sequence.ipynb",
        ),
        ("Turing, Alan", "graded", "", "", "turingalan_1204_9005_01_aces_in_sequence.ipynb"),
        (
            "Babbage, Charles",
            "graded",
            "",
            "",
            "babbagecharles_1205_9006_01_aces_in_sequence.ipynb",
        ),
        ("Ching, Cheng", "blank", "", "", "chingcheng_1206_9007_01_aces_in_sequence.ipynb"),
        ("Student, Test", "missing", "", "", ""),
        ("nobody", "damaged", "", "", "nobody_1300_9008_01_aces_in_sequence.ipynb"),
    }
    flags = {r["student"]: r["flags"] for r in rows if r["status"] == "graded"}
    but = "graded functions alike, all but {}; 95% of the graded code"
    assert flags["Turing, Alan"].startswith(
        f"{MOSTLY} Adams, Anna; Hopper, Grace; Lovelace, Ada (11 of 12 {but.format('card_glyph')})"
    )
    assert flags["Babbage, Charles"].startswith(
        f"{MOSTLY} Adams, Anna; Hopper, Grace; Lovelace, Ada (11 of 12 {but.format('deal')})"
    )
    tasks = [r["task"] for r in rows if r["student"] == "Turing, Alan"]
    assert tasks[:3] == ["shuffled_deck", "card_glyph", "deal"] and len(tasks) == 12

    report = (out / "report.txt").read_text("utf-8")
    anna = f"Adams, Anna, 01_aces_in_sequence: one work with Lovelace, Ada ({byte}), and with"
    assert anna in report
    for line in report.splitlines():  # Turing and Babbage: one function of their own each
        if line.startswith(("Turing", "Babbage")):
            assert line.split(": ", 1)[1].startswith(MOSTLY) and "one work" not in line
    feedback = {p.stem: p.read_text("utf-8") for p in (out / "feedback").iterdir()}
    assert "one work" not in "".join(feedback.values())  # flags are for the lecturer only
    assert "\nLate: 10% off, so 10.8 of 12 points count.\n" in feedback["Adams_Anna"]
    assert (
        "Graded lovelaceada_1202_9003_01_aces_in_sequence-1.ipynb: the files have the same time, "
        "and lovelaceada_1202_9003_01_aces_in_sequence-1.ipynb is a resubmission (Canvas names a "
        'later upload "-1").'
    ) in feedback["Lovelace_Ada"]


MOODLE_HEADER = [
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
MOODLE_ROWS = [
    [
        "Participant 424242",
        "Grace Hopper",
        "grace@uni.example",
        "Submitted for grading",
        "",
        "12.00",
        "Yes",
        "Tuesday, 24 November 2026, 11:58 PM",
        "-",
        "",
    ],
    [
        "Participant 424243",
        "Grace Hopper",
        "grace.h@uni.example",
        "Submitted for grading",
        "",
        "12.00",
        "Yes",
        "Wednesday, 25 November 2026, 9:03 AM",
        "-",
        "",
    ],
    [
        "Participant 424244",
        "Alan Turing",
        "alan@uni.example",
        "No submission",
        "",
        "12.00",
        "Yes",
        "-",
        "-",
        "",
    ],
    [
        "Participant 424245",
        "Zoë Brontë",
        "zoe@uni.example",
        "Submitted for grading",
        "",
        "12.00",
        "Yes",
        "Tuesday, 24 November 2026, 10:00 AM",
        "-",
        "",
    ],
]


def _moodle_class(folder: Path) -> None:
    own = folder / "Grace Hopper_424242_assignsubmission_file_" / "01_aces_in_sequence.ipynb"
    _notebook(own, SOLUTION, OWN_DEAL)
    imports = folder / "Grace Hopper_424243_assignsubmission_file_" / "01_aces_in_sequence.ipynb"
    _notebook(imports, SOLUTION, IMPORTED)
    mac = folder / unicodedata.normalize("NFD", "Zoë Brontë")  # by e-mail, from a Mac's zip
    mac.mkdir(parents=True)
    (mac / "01_aces_in_sequence.ipynb").write_text(SOLUTION.read_text()[:300])


def _grade(classes: Path, worksheet: Path, out: Path, *more: str) -> int:
    return main(
        [
            str(classes),
            "--roster",
            str(worksheet),
            "--deadline",
            "2026-11-25 00:00",
            "--late-penalty",
            "10%",
            "--jobs",
            "2",
            "--out",
            str(out),
            *more,
        ]
    )


@needs_sandbox
def test_a_moodle_class_whole_and_in_shards_comes_back_in_moodle_worksheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _moodle_class(tmp_path / "class")
    worksheet = tmp_path / "Grades-COMP1000-Aces-77.csv"
    with worksheet.open("w", encoding="utf-8-sig", newline="") as file:
        csv.writer(file).writerows([MOODLE_HEADER, *MOODLE_ROWS])

    assert _grade(tmp_path / "class", worksheet, tmp_path / "whole") == 0
    assert "Sent nothing (1): Alan Turing\n" in capsys.readouterr().out

    whole = tmp_path / "whole"
    imported = "imports solitaire_lib.aces_in_sequence.rules as game_rules"
    assert _csv(whole / "lms-import.csv") == [
        MOODLE_HEADER,
        [
            *MOODLE_ROWS[0][:4],
            "12",
            "12.00",
            "Yes",
            "Tuesday, 24 November 2026, 11:58 PM",
            "-",
            "01_aces_in_sequence: 12 of 12; total 12 of 12",
        ],
        [
            *MOODLE_ROWS[1][:4],
            "10.8",
            "12.00",
            "Yes",
            "Wednesday, 25 November 2026, 9:03 AM",
            "-",
            "01_aces_in_sequence: 10.8 of 12; late: 01_aces_in_sequence, 10% off; total 10.8 of 12",
        ],
        [
            *MOODLE_ROWS[2][:4],
            "0",
            "12.00",
            "Yes",
            "-",
            "-",
            "01_aces_in_sequence: 0 of 12 (missing); total 0 of 12",
        ],
        [
            *MOODLE_ROWS[3][:4],
            "0",
            "12.00",
            "Yes",
            "Tuesday, 24 November 2026, 10:00 AM",
            "-",
            "01_aces_in_sequence: 0 of 12 (damaged); total 0 of 12",
        ],
    ]
    assert _csv(whole / "gradebook.csv")[1:] == [
        ["Grace Hopper [424242]", "424242", "12", "12", "12", "graded", ""],
        ["Grace Hopper [424243]", "424243", "10.8", "10.8", "12", "graded", "01_aces_in_sequence"],
        ["Alan Turing", "424244", "0", "0", "0", "missing", ""],
        ["Zoë Brontë", "424245", "0", "0", "0", "damaged", ""],
    ]
    report = (whole / "report.txt").read_text("utf-8")
    mostly = "(11 of 12 graded functions alike, all but deal; 95% of the graded code)"
    assert (
        f"Grace Hopper [424243], 01_aces_in_sequence: {MOSTLY} Grace Hopper [424242] {mostly} | "
        f"the library's own answer: {imported}"
    ) in report
    assert f"[424242], 01_aces_in_sequence: {MOSTLY} Grace Hopper [424243] {mostly}\n" in report

    keys = [f"id:{n}" for n in (424242, 424243, 424244, 424245)]
    assert sorted({shard_of(key, 3) for key in keys}) == [1, 2]  # shard 3 of 3 is empty
    for k in (1, 2, 3):
        assert _grade(tmp_path / "class", worksheet, tmp_path / f"s{k}", "--shard", f"{k}/3") == 0
    assert not (tmp_path / "s1" / "lms-import.csv").exists()
    names = {k: [r[0] for r in _csv(tmp_path / f"s{k}" / "gradebook.csv")[1:]] for k in (1, 2, 3)}
    assert names == {
        1: ["Grace Hopper [424243]", "Alan Turing"],
        2: ["Grace Hopper [424242]", "Zoë Brontë"],
        3: [],
    }

    shards = [str(tmp_path / f"s{k}") for k in (3, 1, 2)]  # in any order
    assert main(["merge", *shards, "--out", str(tmp_path / "merged")]) == 0

    def files(folder: Path) -> dict[str, bytes]:
        return {
            str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()
        }

    assert files(tmp_path / "merged") == files(whole)

    with pytest.raises(SystemExit):
        main(["merge", shards[1], shards[2], "--out", str(tmp_path / "half")])
    assert "every shard of one class once (here: 1/3, 2/3)" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("roster", "options", "said"),
    [
        ("names", ["--assignment", "Aces"], "--assignment names a column of Canvas's gradebook"),
        ("canvas", ["--deadline", "2026-11-25 00:00"], "--deadline is compared with Moodle's"),
        ("moodle", ["--deadline", "tomorrow"], "a deadline is a date and time"),
        ("moodle", ["--late-penalty", "ten"], "a late penalty is a percentage of the points"),
        ("moodle", ["--late-penalty", "150%"], "not '150%'"),
        ("moodle", ["--late-penalty", "2 pts"], "not '2 pts'"),
        ("moodle", ["--shard", "5/4"], "--shard is K/N with 1 <= K <= N"),
    ],
)
def test_options_that_need_another_roster_or_another_form_are_refused_in_words(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    roster: str,
    options: list[str],
    said: str,
) -> None:
    monkeypatch.setattr(sandbox, "unavailable", lambda: "")
    files = {"names": "Ada\n", "canvas": CANVAS_ROSTER, "moodle": ",".join(MOODLE_HEADER) + "\n"}
    (tmp_path / "roster.csv").write_text(files[roster], "utf-8")
    (tmp_path / "class").mkdir()
    with pytest.raises(SystemExit) as stop:
        out = ["--out", str(tmp_path / "grading")]
        main([str(tmp_path / "class"), "--roster", str(tmp_path / "roster.csv"), *options, *out])
    assert stop.value.code == 2 and said in capsys.readouterr().err
    assert not (tmp_path / "grading").exists()


@pytest.mark.parametrize(
    ("given", "kept"),
    [("10%", "10%"), ("2", "2 points"), ("2 points", "2 points"), ("2.5", "2.5 points")],
)
def test_every_documented_late_penalty_is_kept_in_a_form_the_class_book_reads_back(
    given: str, kept: str
) -> None:
    assert _penalty(given) == kept
    assert Penalty.parse(kept) == Penalty.parse(given)
