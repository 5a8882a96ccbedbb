"""The grader's parts, without running a class: cases across the pipe, names, the sandbox's view."""

from __future__ import annotations

import importlib
import json
import os
import signal
import time
from pathlib import Path

import numpy
import pytest

import solitaire_lib
from solitaire_lib.grading import sandbox
from solitaire_lib.grading.grade import (
    CHECKERS,
    _signals_stop_the_run,
    plan_student,
    read_notebook,
    safe_file_name,
    stop_status,
)
from solitaire_lib.grading.output import csv_text
from solitaire_lib.grading.plain import same
from solitaire_lib.grading.serve import case_frame, case_from, names_used
from solitaire_lib.grading.submissions import notebook_number, snapshot

ROOT = Path(__file__).resolve().parent.parent


def _same_argument(a: object, b: object) -> bool:
    if isinstance(a, numpy.ndarray):
        assert isinstance(b, numpy.ndarray)
        return a.dtype == b.dtype and a.shape == b.shape and bool((a == b).all())
    if type(a).__module__.startswith("solitaire_lib.") and hasattr(a, "__dict__"):
        return vars(a) == vars(b)
    return same(a, b)


@pytest.mark.parametrize("number", sorted(CHECKERS))
def test_every_case_crosses_to_the_kernel_intact(number: str) -> None:
    check = importlib.import_module(CHECKERS[number]).check
    for task in check.tasks.values():
        for case in task.all_cases():
            back = case_from(json.loads(json.dumps(case_frame(case))))
            sent = [*case.args, *case.kwargs.values()]
            received = [*back.args, *back.kwargs.values()]
            assert [type(a) for a in sent] == [type(b) for b in received], task.name
            assert all(_same_argument(a, b) for a, b in zip(sent, received, strict=True))
            assert back.stdin == case.stdin and back.label == ""  # labels stay with the grader
            assert back.random_seed == case.random_seed, task.name


def test_a_case_never_carries_an_expected_answer() -> None:
    check = importlib.import_module(CHECKERS["01"]).check
    task = check.tasks["shuffled_deck"]
    frame = case_frame(task.all_cases()[0])
    assert set(frame) == {"args", "kwargs", "stdin", "random_seed"}


@pytest.mark.parametrize(
    ("name", "number"),
    [
        ("01_aces_in_sequence.ipynb", "01"),
        ("Copy of 01_aces_in_sequence.ipynb", "01"),
        ("Copy of Copy of 3_alliances.ipynb", "03"),
        ("02_sevens (1).ipynb", "02"),
        ("02_sevens-1.ipynb", "02"),
        ("04 play nine.ipynb", "04"),
        ("stacks_of_nine.ipynb", "06"),
        ("08_more.ipynb", None),
        ("notes.ipynb", None),
        ("2024_homework.ipynb", None),
    ],
)
def test_notebook_numbers_from_names_as_students_make_them(name: str, number: str | None) -> None:
    assert notebook_number(name) == number


def test_the_snapshot_reads_every_layout_and_follows_no_link(tmp_path: Path) -> None:
    class_ = tmp_path / "class"
    (class_ / "ada" / "unzipped" / "hw").mkdir(parents=True)
    (class_ / "ada" / "unzipped" / "hw" / "01_aces.ipynb").write_text("{}")
    (class_ / "ada" / "deck.txt").write_text("1 2 3")
    (class_ / "Grace Hopper_4242_assignsubmission_file_").mkdir()
    (class_ / "Grace Hopper_4242_assignsubmission_file_" / "02_sevens.ipynb").write_text("{}")
    (class_ / "lovelaceada_late_12345_678_03_alliances.ipynb").write_text("{}")
    secret = tmp_path / "secret.txt"
    secret.write_text("not a student's")
    os.symlink(secret, class_ / "ada" / "stolen.txt")

    students = {s.name: s for s in snapshot(class_, tmp_path / "snap")}

    assert list(students) == ["ada", "Grace Hopper", "lovelaceada"]  # in order, case aside
    ada = students["ada"]
    assert [(n.number, n.workdir, n.submitted_as) for n in ada.notebooks] == [
        ("01", "unzipped/hw", "ada/unzipped/hw/01_aces.ipynb")
    ]
    assert (ada.folder / "deck.txt").read_text() == "1 2 3"
    assert not (ada.folder / "stolen.txt").exists()
    assert ada.skipped == ["ada/stolen.txt: a link, not a file: not graded"]
    assert (students["Grace Hopper"].id, students["lovelaceada"].id) == ("4242", "12345")
    assert students["lovelaceada"].notebooks[0].number == "03"


def test_the_newest_copy_is_graded_and_the_others_listed(tmp_path: Path) -> None:
    class_ = tmp_path / "class" / "ada"
    class_.mkdir(parents=True)
    for age, name in enumerate(["Copy of 01_a.ipynb", "01_a.ipynb", "01_a (1).ipynb"]):
        (class_ / name).write_text("{}")
        os.utime(class_ / name, (1e9 + age, 1e9 + age))
    (student,) = snapshot(tmp_path / "class", tmp_path / "snap")
    plans = plan_student(student, ["01", "02"])
    assert [(p.number, p.status, p.notebook.submitted_as if p.notebook else "") for p in plans] == [
        ("01", "graded", "ada/01_a (1).ipynb"),
        ("01", "duplicate", "ada/01_a.ipynb"),
        ("01", "duplicate", "ada/Copy of 01_a.ipynb"),
        ("02", "missing", ""),
    ]


def test_a_damaged_notebook_is_described_without_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "cut.ipynb").write_text('{"cells": [')
    (tmp_path / "json.ipynb").write_text('{"hello": 1}')
    (tmp_path / "binary.ipynb").write_bytes(b"\xff\xfe\x00")
    assert read_notebook(tmp_path / "cut.ipynb")[1].startswith("it is cut short or changed")
    assert read_notebook(tmp_path / "json.ipynb")[1] == "it is JSON, but not a Jupyter notebook"
    assert read_notebook(tmp_path / "binary.ipynb")[1] == "it is not text"
    book, wrong = read_notebook(ROOT / "exercises" / "01_aces_in_sequence.ipynb")
    assert book is not None and wrong == ""


def test_formulas_never_reach_a_spreadsheet() -> None:
    text = csv_text([["=1+1", "+1", "-1", "@SUM(A1)", "ada", 3, "\tx"]])
    assert text == "'=1+1,'+1,'-1,'@SUM(A1),ada,3,'\\tx\r\n"  # a tab shown as an escape
    assert safe_file_name("../../etc/passwd", set()) == "etc_passwd"


def test_names_used_follow_helpers_as_a_notebook_defines_them() -> None:
    namespace: dict[str, object] = {}
    exec(
        "def helper():\n    return len([])\n\ndef task():\n    return helper() + abs(-1)\n",
        namespace,
    )
    assert names_used(namespace["task"], namespace) == ["abs", "helper", "len"]


def test_the_sandbox_sees_python_and_the_library_but_not_the_checkout() -> None:
    command = sandbox.bwrap_command(["python"], Path("/s/home"), Path("/s/channel"))
    library = str(Path(solitaire_lib.__file__).resolve().parent)
    readable = [command[i + 1] for i, word in enumerate(command) if word == "--ro-bind"]
    assert library in readable
    assert str(ROOT) not in readable and str(ROOT / "solutions") not in readable
    assert not any(path in ("/", "/home", "/root", "/tmp", "/work") for path in readable)
    assert command[command.index("/s/home") - 1 :][:3] == ["--bind", "/s/home", sandbox.HOME]
    for flag in ("--unshare-all", "--die-with-parent", "--new-session", "--clearenv"):
        assert flag in command
    names = {command[i + 1] for i, word in enumerate(command) if word == "--setenv"}
    assert not names & {"TMUX", "STY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"}
    assert all(not name.startswith(("SOLITAIRE", "DBUS_", "XDG_")) for name in names)


def test_the_private_tmp_is_mounted_before_what_may_lie_below_tmp() -> None:
    """A clone of the project in /tmp (as CI makes) must stay visible in the sandbox."""
    command = sandbox.bwrap_command(["python"], Path("/tmp/s/home"), Path("/tmp/s/channel"))
    tmp = command.index("/tmp", command.index("--tmpfs"))
    binds = [i for i, word in enumerate(command) if word in ("--ro-bind", "--bind", "--symlink")]
    assert binds and min(binds) > tmp


@pytest.mark.parametrize(
    ("number", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)]
)
def test_a_signal_stops_the_run_with_its_own_exit_status(number: int, status: int) -> None:
    """Ctrl-C exits 130 and SIGTERM 143 (not 130 too), SIGHUP 129: what a shell reports."""
    with pytest.raises(KeyboardInterrupt) as stopped, _signals_stop_the_run():
        os.kill(os.getpid(), number)
        time.sleep(5)  # the handler raises here, at once
    assert stop_status(stopped.value) == status
