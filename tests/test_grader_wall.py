"""The grader's own side of the wall: no notebook can hang, crash, bloat or rewrite the grader.

A hostile class, each student aimed at the grader rather than at the sandbox (issue 38): the
channel's files replaced by a pipe or by links (one to the grader's own requests pipe, one to a
JSON file of the host), answers that hash alike or are too large, a notebook of nested brackets,
a tree of 1,200 folders, a correct notebook with 60 MB of output, a folder name with terminal
escapes, a forged heading in an error message, and SIGTERM, SIGHUP and Ctrl-C in the middle of a
run. Small notebooks and short limits keep it fast; CI runs it as root.
"""

from __future__ import annotations

import csv
import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from processes import marked_processes

from solitaire_lib.grading import channel, plain
from solitaire_lib.grading.channel import FrameReader, TooLarge, frame_bytes
from solitaire_lib.grading.classbook import read_works
from solitaire_lib.grading.flags import copy_groups
from solitaire_lib.grading.grade import CHECKERS
from solitaire_lib.grading.isolation import call_case, outcome_frame, outcome_from
from solitaire_lib.grading.output import csv_text, visible
from solitaire_lib.grading.plans import plan_student, read_notebook
from solitaire_lib.grading.results import feedback_lines
from solitaire_lib.grading.serve import names_used
from solitaire_lib.grading.submissions import snapshot
from solitaire_lib.grading.verdicts import (
    GRADED,
    NotebookGrade,
    Reference,
    TaskGrade,
    judge_task,
    outcome_of,
)

ROOT = Path(__file__).resolve().parent.parent
SOLUTION = ROOT / "solutions" / "01_aces_in_sequence.ipynb"
#: In the command line of every process a hostile notebook starts, to find any survivor.
MARK = "600.3141592"
SECRET = "HOST-SECRET-1f6e"

needs_sandbox = pytest.mark.skipif(
    bool(__import__("solitaire_lib.grading.sandbox", fromlist=["x"]).unavailable())
    and os.environ.get("CI") != "true",
    reason="no sandbox here",
)


def _notebook(path: Path, *cells: str, base: Path = SOLUTION) -> None:
    book = nbformat.read(base, as_version=4)
    book.cells += [nbformat.v4.new_code_cell(source) for source in cells]
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(book, path)


def _replace_channel_and_kill_the_runner(target: str) -> str:
    """A cell that puts ``target`` (a FIFO when empty) where the channel's files are, and kills
    the runner, so that the grader must explain a notebook it did not see end."""
    make = "os.mkfifo(path)" if not target else f"os.symlink({target!r}, path)"
    return f"""
import os, signal
for name in ("cells.json", "cells.json.part", "progress"):
    path = "/grading/" + name
    try:
        os.unlink(path)
    except OSError:
        pass
    try:
        {make}
    except OSError:
        pass
os.kill(os.getppid(), signal.SIGKILL)
"""


#: The grader, saying at its end the most memory it held (its own, not its sandboxes').
GRADER_SAYING_ITS_MEMORY = (
    "import resource, sys\n"
    "from solitaire_lib.grading.grade import main\n"
    "status = main(sys.argv[1:])\n"
    "print('max RSS KiB', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
    "sys.exit(status)\n"
)


def _grade(submissions: Path, out: Path, tmp: Path, *extra: str) -> subprocess.Popen[str]:
    tmp.mkdir(exist_ok=True)
    command = [sys.executable, "-c", GRADER_SAYING_ITS_MEMORY, str(submissions)]
    command += ["--out", str(out), "--jobs", "2", *extra]
    environment = {**os.environ, "TMPDIR": str(tmp)}
    return subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment
    )


def _graded(
    submissions: Path, out: Path, tmp: Path, *extra: str, seconds: float = 300
) -> tuple[int, str]:
    """Run the grader to its end, as :func:`_grade` starts it: its exit status and what it said
    on stderr. One that has not ended in ``seconds`` is killed (and the test fails there)."""
    grader = _grade(submissions, out, tmp, *extra)
    try:
        _, stderr = grader.communicate(timeout=seconds)
    finally:
        grader.kill()
        grader.wait()
    return grader.returncode, stderr


def _wait_until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    """Poll ``condition`` every 0.1 s until it holds; fail, saying ``what`` was awaited, if it
    does not within ``seconds`` (a bound for a loaded machine, not a pause to hope by)."""
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"waited {seconds} s for {what}")
        time.sleep(0.1)


def _points(out: Path) -> dict[str, int]:
    points: dict[str, int] = {}
    for row in csv.DictReader((out / "grades.csv").open(encoding="utf-8")):
        points[row["student"]] = points.get(row["student"], 0) + int(row["points"])
    return points


def _everything_written(out: Path) -> str:
    return "".join(p.read_text("utf-8") for p in out.rglob("*") if p.is_file())


@needs_sandbox
def test_the_channel_cannot_hang_the_grader_nor_show_it_a_host_file(tmp_path: Path) -> None:
    submissions, out = tmp_path / "class", tmp_path / "out"
    secret = tmp_path / "secret.json"
    secret.write_text(json.dumps({"problems": [SECRET], "running": SECRET, "ended": SECRET}))
    honest = nbformat.read(
        SOLUTION, as_version=4
    )  # with 60 MB of printed output, graded all the same
    printed = nbformat.v4.new_output("stream", name="stdout", text="x" * (60 * 2**20))
    next(c for c in honest.cells if c.cell_type == "code").outputs = [printed]
    (submissions / "ada").mkdir(parents=True)
    (submissions / "ada" / "01_aces_in_sequence.ipynb").write_text(json.dumps(honest))
    _notebook(submissions / "fifo" / "01.ipynb", _replace_channel_and_kill_the_runner(""))
    _notebook(
        submissions / "loop" / "01.ipynb", _replace_channel_and_kill_the_runner("/grading/requests")
    )
    _notebook(submissions / "leak" / "01.ipynb", _replace_channel_and_kill_the_runner(str(secret)))

    status, stderr = _graded(submissions, out, tmp_path / "tmp", "--timeout", "10")
    assert status == 0, stderr
    assert _points(out) == {"ada": 12, "fifo": 0, "loop": 0, "leak": 0}
    written = _everything_written(out)
    assert SECRET not in written and SECRET not in stderr
    for name in ("fifo", "loop", "leak"):
        feedback = (out / "feedback" / f"{name}.txt").read_text("utf-8")
        assert "kernel" in feedback and "not checked" in feedback, feedback
    assert list((tmp_path / "tmp").iterdir()) == []


HASH_ALIKE = """
import solitaire_lib.grading.serve as _serve

_real, _sent = _serve.outcome_frame, []


def _forged(outcome):  # the kernel is the student's: any frame can come out of it
    if _sent:
        return _real(outcome)
    _sent.append(1)
    alike = [(2**61 - 1) * k for k in range(1, 100_001)]  # 100,000 ints, one hash value
    return {"status": "ok", "value": {"t": "set", "v": alike}, "stdout": "", "mutated": False,
            "error": "", "kind": "", "shared": ""}


_serve.outcome_frame = _forged
"""
TOO_LARGE = """
def shuffled_deck(seed):
    return [2**9999 + k for k in range(1500)]  # 4.5 MB of JSON
"""


@needs_sandbox
def test_answers_cost_what_they_are_worth(tmp_path: Path) -> None:
    """An answer of 100,000 ints that hash alike, and answers over the frame cap: an honest
    student beside them keeps every point, the run is quick, the grader small."""
    submissions, out = tmp_path / "class", tmp_path / "out"
    _notebook(submissions / "ada" / "01_aces_in_sequence.ipynb")
    _notebook(submissions / "hash" / "01.ipynb", HASH_ALIKE)
    _notebook(submissions / "huge" / "01.ipynb", TOO_LARGE)

    started = time.monotonic()
    status, stderr = _graded(submissions, out, tmp_path / "tmp", "--timeout", "30", seconds=400)
    took = time.monotonic() - started
    assert status == 0, stderr
    points = _points(out)
    assert points["ada"] == 12 and points["hash"] < 12 and points["huge"] < 12
    huge = (out / "feedback" / "huge.txt").read_text("utf-8")
    assert "an answer too large to take back" in huge and "over the grader's 4 MiB" in huge
    hashed = (out / "feedback" / "hash.txt").read_text("utf-8")
    assert "hash alike" in hashed
    assert took < 300
    kib = int(stderr.split("max RSS KiB ")[1].split()[0])
    assert kib * 1024 < 2**30, f"the grader held {kib // 1024} MiB"


@given(st.binary(max_size=4096), st.lists(st.integers(0, 64), max_size=20))
@settings(max_examples=200, deadline=None)
def test_the_frame_reader_keeps_at_most_a_frame_whatever_the_bytes(
    noise: bytes, cuts: list[int]
) -> None:
    reader = FrameReader(limit=256)
    stream = frame_bytes({"a": 1}) + noise + frame_bytes({"b": "x" * 300})
    start = 0
    for cut in [*cuts, len(stream)]:
        reader.feed(stream[start : start + cut] if cut < len(stream) else stream[start:])
        start = min(len(stream), start + cut)
        assert len(reader.buffer) <= 8 + 256
    assert reader.next() == {"a": 1}


def test_decoding_is_linear_whatever_the_values() -> None:
    """100,000 ints that hash alike decode as a marker, at once (today's set() takes minutes)."""
    alike = [(2**61 - 1) * k for k in range(1, 100_001)]
    for encoded in (
        {"t": "set", "v": alike},
        {"t": "frozenset", "v": alike},
        {"t": "dict", "v": [[k, 0] for k in alike]},
    ):
        started = time.process_time()
        value = plain.decode(json.loads(json.dumps(encoded)))
        assert time.process_time() - started < 2
        assert isinstance(value, plain.Unplain) and "hash alike" in value.description


@given(
    st.recursive(
        st.one_of(st.integers(), st.text(max_size=5), st.none()),
        lambda inner: st.one_of(
            st.lists(inner, max_size=5),
            st.builds(lambda v: {"t": "tuple", "v": v}, st.lists(inner, max_size=5)),
            st.builds(lambda v: {"t": "frozenset", "v": v}, st.lists(st.integers(), max_size=5)),
        ),
        max_leaves=50,
    )
)
@settings(max_examples=200, deadline=None)
def test_decoding_a_frame_is_bounded_in_time_and_memory(data: object) -> None:
    payload = frame_bytes({"value": data})
    reader = FrameReader(limit=channel.ANSWER_LIMIT)
    tracemalloc.start()
    started = time.process_time()
    reader.feed(payload)
    frame = reader.next()
    assert isinstance(frame, dict)
    plain.decode(frame["value"])
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert time.process_time() - started < 1
    assert peak < 200 * len(payload) + 2**16


def test_a_frame_over_the_cap_is_dropped_as_it_arrives() -> None:
    reader = FrameReader(limit=channel.ANSWER_LIMIT)
    size = 64 * 2**20
    reader.feed(size.to_bytes(8, "big"))
    for _ in range(size // 2**20):
        reader.feed(b"x" * 2**20)
        assert len(reader.buffer) == 0
    reader.feed(frame_bytes({"next": 1}))
    assert [reader.next(), reader.next()] == [TooLarge(size), {"next": 1}]


def test_nested_brackets_and_folders_are_damaged_rows_not_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    brackets = tmp_path / "brackets.ipynb"
    brackets.write_text("[" * 200_000 + "]" * 200_000)
    book, wrong = read_notebook(brackets)
    assert book is None and "nests too deep" in wrong
    deep = tmp_path / "class" / "zed"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)  # a path of 1,200 folders is longer than PATH_MAX: step by step
    for _ in range(1200):
        os.mkdir("d")
        os.chdir("d")
    Path("01_aces_in_sequence.ipynb").write_text("{}")
    os.chdir(tmp_path)
    (student,) = snapshot(tmp_path / "class", tmp_path / "snap")
    assert student.damaged == "its folders nest more than 32 deep"
    (plan,) = plan_student(student, ["01"])
    assert plan.status == "damaged" and "submit the notebook itself" in plan.reason
    assert "What is wrong: its folders nest more than 32 deep." in plan.reason
    subprocess.run(["rm", "-rf", str(tmp_path / "class")], check=True)


def test_outputs_are_left_out_before_grading(tmp_path: Path) -> None:
    book = nbformat.read(SOLUTION, as_version=4)
    printed = nbformat.v4.new_output("stream", name="stdout", text="x" * (60 * 2**20))
    next(c for c in book.cells if c.cell_type == "code").outputs = [printed]
    (tmp_path / "01.ipynb").write_text(json.dumps(book))
    read, wrong = read_notebook(tmp_path / "01.ipynb")
    assert wrong == "" and read is not None
    assert all(c.get("outputs", []) == [] for c in read["cells"])
    (tmp_path / "class" / "ada").mkdir(parents=True)
    os.replace(tmp_path / "01.ipynb", tmp_path / "class" / "ada" / "01_aces_in_sequence.ipynb")
    (student,) = snapshot(tmp_path / "class", tmp_path / "snap")
    assert [n.number for n in student.notebooks] == ["01"] and student.skipped == []


def test_student_text_is_escaped_everywhere_a_person_reads_it() -> None:
    name = "eve\x1b[2J\r[1/1] ada: 12 of 12 points\n"
    forged = "boom\n== 01_aces_in_sequence: 12 of 12 points =="
    grade = NotebookGrade(name, "01", GRADED, f"{name}/01.ipynb", "0" * 64)
    grade.problems.append(f"cell 3 ('x') raised ValueError: {forged}")
    outcome = outcome_of({"status": "raised", "value": None, "stdout": "", "mutated": False,
                          "error": f"ValueError: {forged}"})  # fmt: skip
    grade.tasks = [TaskGrade("shuffled_deck", False, f"shuffled_deck: raised {outcome.error}")]
    lines = feedback_lines(grade)
    assert not any(line.startswith("== 01_aces_in_sequence: 12") for line in lines)
    assert all("\x1b" not in line and "\n" not in line and "\r" not in line for line in lines)
    assert "\\x1b[2J\\r[1/1]" in lines[1]
    assert csv_text([[name]]) == "eve\\x1b[2J\\r[1/1] ada: 12 of 12 points\\n\r\n"
    assert visible("\u202eevil") == "\\u202eevil"


def test_an_answer_of_ten_million_values_is_too_large_to_take_back_in_plain_words() -> None:
    """The kernel refuses to encode it (over 200,000 values) and sends its outcome on: the
    feedback says so, and never names a class of the grader's own."""
    item = next(r for r in Reference(CHECKERS["01"]).tasks if r.task.name == "turn_over")
    item = dataclasses.replace(item, cases=item.cases[:2], expected=item.expected[:2])

    def turn_over(stack: list[int]) -> list[int]:
        return list(range(10_000_000))

    in_kernel = [outcome_from(call_case(turn_over, case)) for case in item.cases]
    frames = [json.loads(json.dumps(outcome_frame(outcome))) for outcome in in_kernel]
    header = {"missing": False, "documented": True, "cases": len(frames)}
    grade = judge_task(item, header, [outcome_of(frame) for frame in frames])
    assert not grade.passed
    assert "an answer too large to take back: more than 200,000 values" in grade.report
    assert "solitaire_lib" not in grade.report and "Unplain" not in grade.report


def test_a_marker_a_student_makes_is_sent_on_cut_short() -> None:
    made = plain.Unplain("x" * 10**8)
    assert plain.encode([made]) == [{"t": "other", "d": "x" * plain.MARKER_CHARACTERS}]


def test_it_calls_only_what_it_calls() -> None:
    """``rules.apply_move`` is an attribute, not the student's own ``apply_move``."""
    namespace: dict[str, object] = {}
    exec(
        "import types\n"
        "rules = types.SimpleNamespace(apply_move=lambda m: m)\n"
        "def apply_move(m):\n    return m\n"
        "def play(m):\n    return rules.apply_move(m)\n",
        namespace,
    )
    assert names_used(namespace["play"], namespace) == ["rules"]


STALL = f"""
import signal, time
signal.signal(signal.SIGINT, signal.SIG_IGN)
while True:
    try:
        time.sleep(1)  # {MARK}
    except KeyboardInterrupt:
        pass
"""
#: The file, in the notebook's folder, that :data:`STALL_SAYING_SO` makes as it starts to stall.
STALLING = "stalling-now"
#: :data:`STALL`, first saying that it runs (:data:`STALLING`): a test waits for that, not for a
#: number of seconds that a loaded machine may not keep.
STALL_SAYING_SO = STALL.replace(
    "signal.SIG_IGN)\n", f"signal.SIG_IGN)\nopen({STALLING!r}, 'w').close()\n", 1
)


@needs_sandbox
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_stops_the_run_in_two_seconds_leaving_nothing(
    tmp_path: Path, number: signal.Signals
) -> None:
    submissions, out, tmp = tmp_path / "class", tmp_path / "out", tmp_path / "tmp"
    _notebook(submissions / "zed" / "01_aces_in_sequence.ipynb", STALL_SAYING_SO)
    grader = _grade(submissions, out, tmp, "--timeout", "600")
    try:
        stalling = f"solitaire-class-*/runs/*/home/**/{STALLING}"
        _wait_until(lambda: any(tmp.glob(stalling)), 240, "zed's notebook to reach its stall")
        sent = time.monotonic()
        grader.send_signal(number)
        _, stderr = grader.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        grader.kill()
        grader.wait()
    assert took <= 2.0, took
    assert grader.returncode == 128 + number  # 143 SIGTERM, 129 SIGHUP, 130 Ctrl-C
    assert "Traceback" not in stderr and "Stopped: 0 of 1 notebooks graded" in stderr
    assert (out / "grades.csv").exists()
    assert list(tmp.iterdir()) == []
    _wait_until(lambda: marked_processes(MARK) == [], 5, "the stalled kernel's processes to go")


@needs_sandbox
def test_the_run_again_is_not_charged_twice_for_slow_cells(tmp_path: Path) -> None:
    """Slow cells (35 s), a cell that ignores the interrupt (8 + 5 s) and a task answering
    10,000,000 values, in 85 s: the run again without the stalled cell has 72 s of its own, so
    every other task is graded (before, it had what the first run left, and ran out)."""
    submissions, out = tmp_path / "class", tmp_path / "out"
    book = nbformat.read(SOLUTION, as_version=4)
    slow = [nbformat.v4.new_code_cell("import time\ntime.sleep(7)") for _ in range(5)]
    book.cells[3:3] = [*slow, nbformat.v4.new_code_cell(STALL)]
    huge = "def simulate(n, i):\n    return list(range(10_000_000))"
    book.cells.append(nbformat.v4.new_code_cell(huge))
    (submissions / "sam").mkdir(parents=True)
    nbformat.write(book, submissions / "sam" / "01_aces_in_sequence.ipynb")

    started = time.monotonic()
    options = ("--timeout", "8", "--notebook-timeout", "85")
    status, stderr = _graded(submissions, out, tmp_path / "tmp", *options, seconds=400)
    took = time.monotonic() - started
    assert status == 0, stderr
    feedback = (out / "feedback" / "sam.txt").read_text("utf-8")
    assert _points(out) == {"sam": 11}, (took, feedback)
    assert "Cell 9 ('import signal, time') was left out" in feedback
    assert "simulate: 0 of" in feedback and "an answer too large to take back" in feedback
    assert "ran longer than" not in feedback and "not checked" not in feedback
    assert marked_processes(MARK) == []


@needs_sandbox
def test_a_stalled_cell_costs_seconds_and_the_rest_is_graded(tmp_path: Path) -> None:
    """A cell that ignores the interrupt is killed after the grace and left out: the notebook is
    run again without it and every function defined elsewhere is graded; a KeyboardInterrupt
    the student raised is said to be theirs."""
    submissions, out = tmp_path / "class", tmp_path / "out"
    book = nbformat.read(SOLUTION, as_version=4)
    book.cells.insert(3, nbformat.v4.new_code_cell(STALL))
    book.cells.insert(4, nbformat.v4.new_code_cell('raise KeyboardInterrupt("mine")'))
    (submissions / "sam").mkdir(parents=True)
    nbformat.write(book, submissions / "sam" / "01_aces_in_sequence.ipynb")

    started = time.monotonic()
    status, stderr = _graded(submissions, out, tmp_path / "tmp", "--timeout", "5", seconds=400)
    assert status == 0, stderr
    assert _points(out) == {"sam": 12}
    feedback = (out / "feedback" / "sam.txt").read_text("utf-8")
    assert "Cell 4 ('import signal, time') was left out: it ran past its 5 s" in feedback
    mine = "cell 5 ('raise KeyboardInterrupt(\"mine\")') raised KeyboardInterrupt itself"
    assert mine in feedback
    assert time.monotonic() - started < 200  # today: the whole --notebook-timeout (600 s)
    assert marked_processes(MARK) == []


def test_the_code_copy_check_reads_a_huge_notebook_fast_and_says_it_read_part(
    tmp_path: Path,
) -> None:
    """Attack 20's s12: 25 cells of ``a=1`` 49,999 times (6.3 MB), each under the cell's bound.
    Before, the grader's own process spent 104 s (and 506 MB) on the flags before anything ran.
    Now it reads a bounded part of each notebook; two copies of such a notebook are still one
    work, and the report says the code was read in part."""
    book = nbformat.read(SOLUTION, as_version=4)
    book.cells += [nbformat.v4.new_code_cell("a=1\n" * 49_999) for _ in range(25)]
    for student in ("big", "copy"):
        (tmp_path / "class" / student).mkdir(parents=True)
        nbformat.write(book, tmp_path / "class" / student / "01_aces_in_sequence.ipynb")
    students = snapshot(tmp_path / "class", tmp_path / "snap")

    started = time.monotonic()
    works, _ = read_works(students, ["01"], CHECKERS)
    took = time.monotonic() - started

    assert took < 15, took  # about 3 s here, Library.of and both notebooks' JSON included
    big, copy = (works[s.notebooks[0].path] for s in students)
    assert big is not None and big == copy and not big.blank
    flags = copy_groups({"big": (big, "1"), "copy": (copy, "2")})
    assert str(flags["big"]) == (
        "one work with copy (the same code with comments, blank lines or names changed) | "
        "read in part: over 100,000 characters of code, from code cell 26 on; from there the code "
        "is compared with others' by its text alone and not read for the library's answer (only "
        "searched for its name): read it yourself"
    )


def test_frames_a_notebook_writes_itself_never_read_as_the_graders_words() -> None:
    """Attack 20's s13 frames, as the grader reads them: a problem that names no cell, an end
    the runner never says, a stalled markdown cell, a padded message that would start a forged
    heading on a line of its own in a viewer that wraps long lines."""
    record = channel.Record(code_cells=frozenset({2, 4}))
    forged = [
        {"problem": "the grader's sandbox failed (grader bug #42): grade by hand as 12 of 12"},
        {"ended": "the lecturer's grader crashed; your work was not looked at"},
        {"stalled": "3"},
        {"running": "cell 3 ('a markdown cell')"},
        {"problem": "cell 3 ('# Aces') raised Exception: a markdown cell never runs"},
        {"problem": "cell 4 ('raise') raised Exception:" + " " * 150 + "== 01: 12 of 12 points =="},
    ]
    for frame in forged:
        record.add(frame)
    assert record.problems == ["cell 4 ('raise') raised Exception: == 01: 12 of 12 points =="]
    assert (record.ended, record.stalled, record.running) == ("", None, "")
    record.add({"ended": "the notebook could not be run to its end (RuntimeError)"})
    assert record.ended == "the notebook could not be run to its end (RuntimeError)"


FORGE = """
import json, os, signal
fd = os.open("/grading/progress", os.O_WRONLY | os.O_NONBLOCK)
def say(**event):
    payload = json.dumps(event).encode()
    os.write(fd, len(payload).to_bytes(8, "big") + payload)
say(problem="the grader's sandbox failed (grader bug #42): grade by hand as 12 of 12")
say(ended="the lecturer's grader crashed; your work was not looked at")
say(stalled="3")  # a markdown cell
say(running="cell 40 ('import json, os, signal')", stalled="40")  # this cell, which is code
os.kill(os.getppid(), signal.SIGKILL)  # the runner: the sandbox ends
"""


@needs_sandbox
def test_a_notebook_cannot_speak_for_the_grader_on_the_progress_pipe(tmp_path: Path) -> None:
    """Attack 20's s13 in a real sandbox: the forged frames reach no feedback; the cell the
    notebook names as stalled is not left out (the runner did not exit as its watchdog does),
    so the notebook is not run again; the padded message is one line of squeezed spaces."""
    submissions, out = tmp_path / "class", tmp_path / "out"
    padded = 'raise Exception(" " * 150 + "== 01_aces_in_sequence: 12 of 12 points == (forged)")'
    _notebook(submissions / "fay" / "01_aces_in_sequence.ipynb", padded, FORGE)
    status, stderr = _graded(submissions, out, tmp_path / "tmp", "--timeout", "10")
    assert status == 0, stderr
    feedback = (out / "feedback" / "fay.txt").read_text("utf-8")
    for said in ("grader bug #42", "lecturer's grader crashed", "did not stop", "left out"):
        assert said not in feedback, feedback
    assert "raised Exception: == 01_aces_in_sequence: 12 of 12 points ==" in feedback, feedback
    assert "  " not in "".join(line for line in feedback.split("\n") if "forged" in line)
    assert "the notebook's kernel was killed" in feedback
