"""Grading a class: every notebook run, every task judged by the grader, nothing left running.

A small class of sevens notebooks: the solution (every point), the exercise as given (none), and
one student who gets a task wrong, then tries to fool the grader (patches the checker in the
kernel, prints a passing report), loops forever in a cell, deletes a function, and starts a
program in a session of its own.
"""

from __future__ import annotations

import csv
import os
import time
from pathlib import Path

import nbformat
import pytest

from solitaire_lib.grading.grade import checker_module, grade_class, main

ROOT = Path(__file__).resolve().parent.parent

CHEAT = """
import solitaire_lib.grading.checks as _checks
_checks.problem_with = lambda *args: None
_checks.judge = lambda task, cases, got: (_checks.Report(task.name, len(cases), len(cases)), None)
print("cards_left: all 16 cases passed ✔")
"""
SPAWN = """
import subprocess
_child = subprocess.Popen(["sleep", "600"], start_new_session=True)
open("{record}", "w").write(str(_child.pid))
"""


def _cyd(path: Path, record: Path) -> None:
    book = nbformat.read(ROOT / "solutions" / "02_sevens.ipynb", as_version=4)
    for cell in book.cells:
        if cell.cell_type == "code" and cell.source.startswith("def cards_left"):
            cell.source = "def cards_left(s):\n    return 3\n"  # wrong
        if cell.cell_type == "code" and cell.source.startswith("def menu"):
            cell.source = "pass  # deleted"
    book.cells.append(nbformat.v4.new_code_cell("while True:\n    pass"))
    book.cells.append(nbformat.v4.new_code_cell(CHEAT))
    book.cells.append(nbformat.v4.new_code_cell(SPAWN.format(record=record)))
    nbformat.write(book, path)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_a_class_is_graded_by_the_grader_not_by_what_the_notebooks_say(tmp_path: Path) -> None:
    submissions = tmp_path / "submissions"
    for student in ("ada", "bob", "cyd"):
        (submissions / student).mkdir(parents=True)
    (submissions / "ada" / "02_sevens.ipynb").write_bytes(
        (ROOT / "solutions" / "02_sevens.ipynb").read_bytes()
    )
    (submissions / "bob" / "02_sevens.ipynb").write_bytes(
        (ROOT / "exercises" / "02_sevens.ipynb").read_bytes()
    )
    record = tmp_path / "spawned"
    _cyd(submissions / "cyd" / "02_sevens.ipynb", record)
    (submissions / "cyd" / "notes.ipynb").write_text("{}")

    out = tmp_path / "grading"
    grades = grade_class(submissions, out, jobs=2, cell_timeout=5, progress=False)

    rows = list(csv.DictReader((out / "grades.csv").open(encoding="utf-8")))
    assert set(rows[0]) == {"student", "notebook", "task", "passed", "points"}
    points = {
        s: sum(int(r["points"]) for r in rows if r["student"] == s) for s in ["ada", "bob", "cyd"]
    }
    # cyd's view and run_program call the missing menu, and simulate uses cards_left: 7 points.
    assert points == {"ada": 12, "bob": 0, "cyd": 7}
    by_task = {(r["student"], r["task"]): r["passed"] for r in rows}
    assert by_task["cyd", "cards_left"] == "False" and by_task["cyd", "menu"] == "False"

    cyd = (out / "feedback" / "cyd.txt").read_text("utf-8")
    assert "== 02_sevens.ipynb: 7 of 12 points ==" in cyd
    assert "cards_left: 1 of 16 cases passed ✘" in cyd and "got:      3" in cyd
    assert "menu: no function called menu was defined ✘" in cyd
    assert "('while True:') was stopped: it ran longer than 5 s" in cyd
    assert "raised NameError: name 'menu' is not defined" in cyd
    assert "notes.ipynb" in cyd and "not an exercise notebook" in cyd
    assert "Run it yourself" not in cyd
    assert "== 02_sevens.ipynb: 0 of 12 points ==" in (out / "feedback" / "bob.txt").read_text()
    assert len(grades) == 4

    spawned = int(record.read_text())
    end = time.monotonic() + 5
    while _alive(spawned) and time.monotonic() < end:
        time.sleep(0.05)
    assert not _alive(spawned), "a program the notebook started survived the grading"


def test_the_checker_is_chosen_by_the_notebook_number() -> None:
    assert (
        checker_module(Path("06_stacks_of_nine.ipynb")) == "solitaire_lib.stacks_of_nine.exercises"
    )
    assert checker_module(Path("06 my copy.ipynb")) == "solitaire_lib.stacks_of_nine.exercises"
    assert checker_module(Path("7_fast.ipynb")) is None


def test_the_command_refuses_a_missing_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main([str(tmp_path / "nowhere")])
    assert stop.value.code == 2 and "is not a folder" in capsys.readouterr().err
    assert os.environ.get("SOLITAIRE_CHECK_THREADS") != "1"


AGENT_CHEAT = """
import solitaire_lib.play_nine.runner as _runner
import solitaire_lib.play_nine.exercises as _exercises
_runner.run_course = lambda *args, **kwargs: -10_000
_exercises.score_agent = lambda ask: (-10_000, "")


def choose_drawing_action(top_concealed, bottom_concealed, draws_left, kitty_card):
    _runner.run_course = lambda *args, **kwargs: -10_000
    return "k"


def choose_replacement_action(top_concealed, bottom_concealed, draws_left, current_card):
    for row, cards in enumerate((top_concealed, bottom_concealed)):
        if "*" in cards:
            return ("t", row, cards.index("*"))
"""


def test_an_agent_is_scored_by_the_grader_whatever_it_patches(tmp_path: Path) -> None:
    student = tmp_path / "submissions" / "eve"
    student.mkdir(parents=True)
    book = nbformat.read(ROOT / "solutions" / "04_play_nine.ipynb", as_version=4)
    book.cells.append(nbformat.v4.new_code_cell(AGENT_CHEAT))
    nbformat.write(book, student / "04_play_nine.ipynb")

    grade_class(tmp_path / "submissions", tmp_path / "grading", progress=False)

    rows = list(csv.DictReader((tmp_path / "grading" / "grades.csv").open(encoding="utf-8")))
    passed = {row["task"]: row["passed"] for row in rows}
    assert passed == {"score": "True", "legal_actions": "True", "columns_for_hand": "True",
                      "play_hand": "True", "expected_column_score": "True", "agent": "True",
                      "better agent": "False"}  # fmt: skip
    feedback = (tmp_path / "grading" / "feedback" / "eve.txt").read_text("utf-8")
    assert "A better agent must score less than the greedy baseline." in feedback
