"""Grading a class that no student can subvert.

One hostile class, graded end to end in the bubblewrap sandbox with ``--jobs 2``: honest students,
a vandal (overwrites every notebook and grade file it can find, plants links), a student who
starts daemons (tmux with TMUX set, setsid, nohup, a double fork), one whose cell ignores
interrupts and loops forever, one who patches the checker in the kernel, one who writes to the
library on disk, one who reads ``solutions/``, one who walks the stack to the reference, one who
calls the checker's references (its task table, a search of memory), one who
kills every process it can see, duplicates, a damaged file, a nested folder, "Copy of", Canvas's
and Moodle's names, a name that is a spreadsheet formula, and a roster. The honest grades must be
exact, no process may be left, and no file outside ``--out`` may change.
"""

from __future__ import annotations

import csv
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from processes import marked_processes

import solitaire_lib
from solitaire_lib.grading import sandbox
from solitaire_lib.grading.grade import Settings, checker_module, grade_class, main
from solitaire_lib.grading.output import Output, OutputError

ROOT = Path(__file__).resolve().parent.parent
SOLUTION = ROOT / "solutions" / "01_aces_in_sequence.ipynb"
BLANK = ROOT / "exercises" / "01_aces_in_sequence.ipynb"
#: In the command line of every process a hostile notebook starts, to find any survivor.
MARK = "600.2718281"

needs_sandbox = pytest.mark.skipif(
    bool(sandbox.unavailable()) and os.environ.get("CI") != "true",
    reason=f"no sandbox here: {sandbox.unavailable()}",
)

VANDAL = """
import os
for root, folders, files in os.walk("/"):
    if root in ("/proc", "/sys", "/dev", "/usr") or root.startswith(("/proc/", "/sys/", "/usr/")):
        folders[:] = []
        continue
    for name in files:
        if name.endswith((".ipynb", ".csv", ".txt")):
            try:
                with open(os.path.join(root, name), "w") as file:
                    file.write("vandalised")
            except OSError:
                pass
for link in ("feedback", "grades.csv", "../grades.csv", "/grading/cells.json.part", "/tmp/out"):
    try:
        os.symlink("/etc/passwd", link)
    except OSError:
        pass
"""
DAEMONS = f"""
import os, subprocess
os.environ["TMUX"] = os.environ.get("TMUX") or "/tmp/tmux-0/default,1,0"
for command in (["tmux", "new-session", "-d", "sleep {MARK}1"], ["setsid", "sleep", "{MARK}2"]):
    try:
        subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError:
        pass
subprocess.Popen(["nohup", "sleep", "{MARK}3"], start_new_session=True,
                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execvp("sleep", ["sleep", "{MARK}4"])
    os._exit(0)
"""
STALL = """
import signal, time
signal.signal(signal.SIGINT, signal.SIG_IGN)
while True:
    try:
        time.sleep(1)
    except KeyboardInterrupt:
        pass
"""
PATCH = """
import solitaire_lib.grading.checks as _checks
import solitaire_lib.grading.isolation as _isolation
import solitaire_lib.grading.serve as _serve
_passing = lambda function, cases, *args, **kwargs: [_isolation.Outcome("ok") for _ in cases]
_isolation.run_cases = _serve.run_cases = _checks.run_cases = _passing
_checks.judge = lambda task, cases, got, expected=None: (
    _checks.Report(task.name, len(cases), len(cases)), None)
print("all 12 tasks passed ✔")
"""
LIBRARY_WRITE = """
import solitaire_lib.grading.checks as _checks
try:
    with open(_checks.__file__, "a") as file:
        file.write("\\njudge = lambda *args, **kwargs: None\\n")
except OSError as error:
    print("refused:", error)
"""
SOLUTIONS_READER = """
import json
from pathlib import Path
import solitaire_lib
source = Path(solitaire_lib.__file__).parent.parent / "solutions" / "01_aces_in_sequence.ipynb"
for cell in json.loads(source.read_text())["cells"]:
    if cell["cell_type"] == "code":
        exec("".join(cell["source"]), globals())
"""
STACK_WALKER = """
import sys

def shuffled_deck(s):
    frame = sys._getframe(1)
    while frame is not None:
        for value in list(frame.f_locals.values()):
            reference = getattr(value, "reference", None)
            if callable(reference):
                return reference(s)
            if isinstance(value, list) and value and hasattr(value[0], "status"):
                return value[0].value  # an expected outcome
        frame = frame.f_back
    return []
"""
TAKER = """
import gc


def shuffled_deck(s):
    return check.tasks["shuffled_deck"].reference(s)


def card_glyph(code):
    for thing in gc.get_objects():
        if type(thing).__name__ == "function" and thing.__name__ == "card_glyph":
            if thing.__module__.endswith(".exercises"):
                return thing(code)
    return "?"
"""
REVERSED = """
_right_order = shuffled_deck


def shuffled_deck(s):
    return _right_order(s)[::-1]
"""
KILLER = """
import os, signal
os.kill(-1, signal.SIGKILL)
"""


def _notebook(path: Path, base: Path, *cells: str, at: int | None = None) -> None:
    book = nbformat.read(base, as_version=4)
    new = [nbformat.v4.new_code_cell(source) for source in cells]
    where = len(book.cells) if at is None else at
    book.cells[where:where] = new
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(book, path)


def _tree(folder: Path) -> dict[str, str]:
    """Every file below ``folder`` and its hash (links as their target)."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            found[str(path)] = "-> " + os.readlink(path)
        elif path.is_file():
            found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def _class(submissions: Path) -> None:
    def student(name: str, base: Path, *cells: str, at: int | None = None) -> None:
        _notebook(submissions / name / "01_aces_in_sequence.ipynb", base, *cells, at=at)

    student("ada", SOLUTION)
    student("bob", BLANK)
    student("vandal", SOLUTION, VANDAL)
    student("daemon", SOLUTION, DAEMONS)
    student("staller", SOLUTION, STALL, at=3)
    student("patcher", BLANK, PATCH)
    student("writer", BLANK, LIBRARY_WRITE)
    student("reader", BLANK, SOLUTIONS_READER)
    student("walker", BLANK, STACK_WALKER)
    student("taker", BLANK, TAKER)
    student("killer", SOLUTION, KILLER)
    student("cal", SOLUTION, REVERSED, at=4)  # an honest mistake, right after shuffled_deck
    copies = submissions / "dup"
    for age, name in enumerate(
        [
            "01_aces_in_sequence.ipynb",
            "Copy of 01_aces_in_sequence.ipynb",
            "01_aces_in_sequence (1).ipynb",
        ]
    ):
        _notebook(copies / name, SOLUTION)
        os.utime(copies / name, (1e9 - age * 1000, 1e9 - age * 1000))
    (submissions / "damaged").mkdir()
    (submissions / "damaged" / "01_aces_in_sequence.ipynb").write_text(SOLUTION.read_text()[:500])
    _notebook(
        submissions / "nested" / "homework" / "week 1" / "01_aces_in_sequence.ipynb", SOLUTION
    )
    _notebook(submissions / "lovelaceada_12345_678901_01_aces_in_sequence.ipynb", SOLUTION)
    _notebook(submissions / "Grace Hopper_424242_assignsubmission_file_" / "01_aces.ipynb", BLANK)
    _notebook(submissions / '=HYPERLINK("http:", "x")' / "01_aces_in_sequence.ipynb", SOLUTION)
    (submissions / "empty").mkdir()
    (submissions / "empty" / "notes.txt").write_text("no notebook here")
    (submissions / "lesson").mkdir()
    shutil.copy(ROOT / "notebooks" / "01_aces_in_sequence.ipynb", submissions / "lesson")


@needs_sandbox
def test_a_hostile_class_is_graded_exactly_and_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    submissions, out = tmp_path / "submissions", tmp_path / "grading"
    _class(submissions)
    host_tmux = tmp_path / "tmux.socket"
    if shutil.which("tmux"):
        subprocess.run(["tmux", "-S", str(host_tmux), "new-session", "-d", "sleep 600"], check=True)
        monkeypatch.setenv("TMUX", f"{host_tmux},1,0")  # the grader's own terminal is in tmux
    elif os.environ.get("CI") == "true":
        pytest.fail("CI must install tmux (the daemons' route out of a sandbox)")
    before, library = _tree(tmp_path), _library_code()
    lines: list[str] = []
    roster = ["ada", "bob", "zoe", "Grace Hopper", "lovelaceada"]

    result = grade_class(
        submissions,
        out,
        jobs=2,
        roster=roster,
        say=lines.append,
        settings=Settings(cell_seconds=10, notebook_seconds=90),
    )

    if host_tmux.exists():
        subprocess.run(["tmux", "-S", str(host_tmux), "kill-server"], check=False)
    rows = list(csv.DictReader((out / "grades.csv").open(encoding="utf-8")))
    points: dict[str, int] = {}
    status: dict[str, set[str]] = {}
    for row in rows:
        points[row["student"]] = points.get(row["student"], 0) + int(row["points"])
        status.setdefault(row["student"], set()).add(row["status"])
    formula = '\'=HYPERLINK("http:", "x")'
    assert points == {
        "ada": 12,
        "bob": 0,
        "cal": 7,
        "zoe": 0,
        "Grace Hopper": 0,
        "lovelaceada": 12,
        "damaged": 0,
        "daemon": 12,
        "dup": 12,
        "empty": 0,
        "killer": 0,
        "lesson": 0,
        "nested": 12,
        "patcher": 0,
        "reader": 0,
        "staller": 12,  # its stalled cell is left out, and the rest graded
        "vandal": 12,
        "walker": 0,
        "taker": 0,
        "writer": 0,
        formula: 12,
    }
    assert status["zoe"] == status["empty"] == {"missing"}
    assert status["damaged"] == {"damaged"} and status["lesson"] == {"not an exercise notebook"}
    assert status["dup"] == {"graded", "duplicate"} and status["ada"] == {"graded"}
    assert result.graded == 17 and not result.stopped
    assert sum(1 for row in rows if row["student"] == "zoe") == 12  # a row per task, at 0

    book = list(csv.reader((out / "gradebook.csv").open(encoding="utf-8")))
    assert book[0] == [
        "student",
        "id",
        "01_aces_in_sequence",
        "total",
        "raw total",
        "01_aces_in_sequence status",
        "late",
    ]
    assert book[1:6] == [
        ["ada", "", "12", "12", "12", "graded", ""],
        ["bob", "", "0", "0", "0", "blank", ""],
        ["zoe", "", "0", "0", "0", "missing", ""],
        ["Grace Hopper", "424242", "0", "0", "0", "blank", ""],
        ["lovelaceada", "12345", "12", "12", "12", "graded", ""],
    ]
    assert [formula, "", "12", "12", "12", "graded", ""] in book

    feedback = out / "feedback"
    assert sorted(p.name for p in feedback.iterdir()) == sorted(
        f"{n}.txt"
        for n in [
            "ada",
            "bob",
            "cal",
            "zoe",
            "Grace_Hopper",
            "lovelaceada",
            "damaged",
            "daemon",
            "dup",
            "empty",
            "killer",
            "lesson",
            "nested",
            "patcher",
            "reader",
            "staller",
            "vandal",
            "walker",
            "taker",
            "writer",
            "HYPERLINK_http_x",
        ]
    )
    text = {p.stem: p.read_text("utf-8") for p in feedback.iterdir()}
    assert "Traceback" not in "".join(text.values())
    assert "download it again with File > Download" in text["damaged"]
    assert "cut short or changed: it is not JSON (line" in text["damaged"]
    assert "No notebook 01 was found" in text["zoe"]
    assert (
        "Also found, not graded (only one copy is): dup/Copy of 01_aces_in_sequence"
        ".ipynb, dup/01_aces_in_sequence (1).ipynb\nGraded dup/01_aces_in_sequence.ipynb: it is "
        "the newest file."
    ) in text["dup"]
    assert "kernel was killed" in text["killer"] and "not checked" in text["killer"]
    assert "Cell 4 ('import signal, time') was left out: it ran past its 10 s" in text["staller"]
    assert "raised FileNotFoundError" in text["reader"]
    hidden = "raised AnswerHidden: the check's own {} is not available inside your function's run"
    assert hidden.format("shuffled_deck") in text["taker"]
    assert "card_glyph" in text["taker"]
    assert "refused: [Errno 30] Read-only file system" not in text["writer"]  # output not judged
    assert "points ==" in text["ada"] and "12 of 12 points" in text["ada"]
    assert "defines none of the functions" in text["lesson"]
    fix_first = "It calls shuffled_deck, which fails its own check: fix shuffled_deck first"
    assert text["cal"].count(fix_first) == 4 and text["cal"].count("Hint: ") == 1
    assert any("Match no one on the roster (16): " in line and "vandal" in line for line in lines)

    end = time.monotonic() + 5
    while marked_processes(MARK) and time.monotonic() < end:
        time.sleep(0.1)
    assert marked_processes(MARK) == [], "a process a notebook started outlived its sandbox"
    after = {k: v for k, v in _tree(tmp_path).items() if not k.startswith(str(out))}
    assert after == {k: v for k, v in before.items() if not k.startswith(str(host_tmux))}
    assert _library_code() == library


def _library_code() -> dict[str, str]:
    """The library's files, but for numba's caches (``*.nbi``, ``*.nbc``): the grader's own
    process may compile a kernel for the first time on a fresh install and cache it. The
    sandbox cannot write there (the library is mounted read-only; ``writer`` is refused).
    Every module's bytecode is written first, so that a ``.pyc`` the grader's own imports would
    write on a fresh clone is there before, and any change to one is still caught."""
    import compileall

    compileall.compile_dir(Path(solitaire_lib.__file__).parent, quiet=2)
    tree = _tree(Path(solitaire_lib.__file__).parent)
    return {path: digest for path, digest in tree.items() if not path.endswith((".nbi", ".nbc"))}


def test_the_checker_is_chosen_by_the_notebook_number() -> None:
    assert (
        checker_module(Path("06_stacks_of_nine.ipynb")) == "solitaire_lib.stacks_of_nine.exercises"
    )
    assert checker_module(Path("06 my copy.ipynb")) == "solitaire_lib.stacks_of_nine.exercises"
    assert checker_module(Path("Copy of 7_fast.ipynb")) == "solitaire_lib.fast_simulation.exercises"
    assert checker_module(Path("8_fast.ipynb")) is None


def test_the_command_refuses_a_missing_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main([str(tmp_path / "nowhere")])
    assert stop.value.code == 2 and "is not a folder" in capsys.readouterr().err


def test_without_the_sandbox_it_refuses_unless_unsafe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sandbox, "unavailable", lambda: "bwrap (bubblewrap) was not found")
    (tmp_path / "class").mkdir()
    assert main([str(tmp_path / "class"), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert (
        "not run: bwrap (bubblewrap) was not found" in err and "apt-get install bubblewrap" in err
    )
    assert not (tmp_path / "out").exists()


@needs_sandbox
def test_a_grader_that_cannot_import_its_library_in_the_sandbox_grades_nothing(
    tmp_path: Path,
) -> None:
    # Held-out set 12b ran the grader with the library reached only through PYTHONPATH, which
    # the sandbox does not pass on: every notebook of the class got 0 points, and report.txt
    # said "Nothing to report". The grader's own notebook now runs first, and the run stops.
    if Path(solitaire_lib.__file__).resolve().parent.parent != ROOT:
        pytest.skip("the library is not installed from this checkout (pip install -e .)")
    shutil.copytree(ROOT / "solitaire_lib", tmp_path / "elsewhere" / "solitaire_lib")
    _notebook(tmp_path / "class" / "ada" / "01_aces_in_sequence.ipynb", SOLUTION)
    environment = {**os.environ, "PYTHONPATH": str(tmp_path / "elsewhere")}
    command = [sys.executable, "-m", "solitaire_lib.grading.grade", "class", "--out", "out"]
    done = subprocess.run(
        command, cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 2, done.stderr
    assert "cannot run a notebook here, so nothing was graded" in done.stderr
    assert "ModuleNotFoundError" in done.stderr and "PYTHONPATH" in done.stderr
    assert not (tmp_path / "out" / "grades.csv").exists()
    assert not any((tmp_path / "out").glob("*")) if (tmp_path / "out").exists() else True


def test_a_non_empty_output_folder_is_refused_unless_forced(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "old.txt").write_text("old")
    with pytest.raises(OutputError, match=r"not empty.*--force"):
        Output(tmp_path / "out")
    Output(tmp_path / "out", force=True).close()


def test_output_never_writes_through_a_link(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me")
    out = tmp_path / "out"
    out.mkdir()
    os.symlink(outside, out / "grades.csv")
    os.symlink(tmp_path, out / "feedback")
    output = Output(out, force=True)
    output.write("grades.csv", "new")
    with pytest.raises(OutputError, match="not a folder"):
        output.write("ada.txt", "x", folder="feedback")
    output.close()
    assert outside.read_text() == "keep me" and (out / "grades.csv").read_text() == "new"
    assert not (out / "grades.csv").is_symlink() and not (tmp_path / "ada.txt").exists()


@needs_sandbox
def test_ctrl_c_stops_the_class_cleanly_and_keeps_what_was_graded(tmp_path: Path) -> None:
    submissions, out = tmp_path / "submissions", tmp_path / "grading"
    _notebook(submissions / "ada" / "01_aces_in_sequence.ipynb", SOLUTION)
    _notebook(submissions / "zed" / "01_aces_in_sequence.ipynb", SOLUTION, STALL + f"\n# {MARK}")
    command = [
        sys.executable,
        "-m",
        "solitaire_lib.grading.grade",
        str(submissions),
        "--out",
        str(out),
        "--timeout",
        "600",
    ]
    grader = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    grades = out / "grades.csv"
    end = time.monotonic() + 120
    while time.monotonic() < end and not (grades.exists() and "graded,True" in grades.read_text()):
        time.sleep(0.2)
    time.sleep(2)  # zed's notebook is stalling now
    grader.send_signal(signal.SIGINT)
    _, stderr = grader.communicate(timeout=30)
    assert grader.returncode == 130
    assert "Traceback" not in stderr and "Stopped: 1 of 2 notebooks graded" in stderr
    rows = list(csv.DictReader((out / "grades.csv").open(encoding="utf-8")))
    assert sum(int(r["points"]) for r in rows if r["student"] == "ada") == 12
    time.sleep(1)
    assert marked_processes(MARK) == []


AGENT_CHEAT = """
import solitaire_lib.play_nine.runner as _runner
import solitaire_lib.play_nine.exercises as _exercises
_runner.run_course = lambda *args, **kwargs: -10_000
_exercises.score_agent = lambda *args: None


def choose_drawing_action(top_concealed, bottom_concealed, draws_left, kitty_card):
    _runner.run_course = lambda *args, **kwargs: -10_000
    return "k"


def choose_replacement_action(top_concealed, bottom_concealed, draws_left, current_card):
    for row, cards in enumerate((top_concealed, bottom_concealed)):
        if "*" in cards:
            return ("t", row, cards.index("*"))
"""


@needs_sandbox
def test_an_agent_is_scored_by_the_grader_whatever_it_patches(tmp_path: Path) -> None:
    student = tmp_path / "submissions" / "eve"
    _notebook(
        student / "04_play_nine.ipynb", ROOT / "solutions" / "04_play_nine.ipynb", AGENT_CHEAT
    )

    grade_class(tmp_path / "submissions", tmp_path / "grading", say=lambda line: None)

    rows = list(csv.DictReader((tmp_path / "grading" / "grades.csv").open(encoding="utf-8")))
    passed = {row["task"]: row["passed"] for row in rows}
    assert passed == {
        "score": "True",
        "legal_actions": "True",
        "columns_for_hand": "True",
        "play_hand": "True",
        "expected_column_score": "True",
        "agent": "True",
        "better agent": "False",
    }
    feedback = (tmp_path / "grading" / "feedback" / "eve.txt").read_text("utf-8")
    assert "\nagent: legal, silent and repeatable" in feedback
    assert "\nbetter agent: legal, silent and repeatable" in feedback
    assert "A better agent must score less than the greedy baseline." in feedback


@needs_sandbox
def test_a_task_that_reads_files_finds_them_in_the_sandbox(tmp_path: Path) -> None:
    """Notebook 03 reads deck files the checker writes: the sandbox sees them, read-only, and
    every task of the solution passes (its docstrings counted too)."""
    student = tmp_path / "submissions" / "ann"
    _notebook(student / "03_alliances.ipynb", ROOT / "solutions" / "03_alliances.ipynb")

    grade_class(tmp_path / "submissions", tmp_path / "grading", say=lambda line: None)

    book = list(csv.reader((tmp_path / "grading" / "gradebook.csv").open(encoding="utf-8")))
    assert book == [
        ["student", "id", "03_alliances", "total", "raw total", "03_alliances status", "late"],
        ["ann", "", "18", "18", "18", "graded", ""],
    ]
