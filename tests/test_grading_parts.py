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
from solitaire_lib.grading import channel, isolation, sandbox
from solitaire_lib.grading.grade import (
    CHECKERS,
    _signals_stop_the_run,
    feedback_lines,
    grade_class,
    plan_student,
    read_notebook,
    safe_file_name,
    stop_status,
)
from solitaire_lib.grading.output import Output, csv_text, visible
from solitaire_lib.grading.plain import same
from solitaire_lib.grading.serve import case_frame, case_from, names_used
from solitaire_lib.grading.submissions import notebook_number, snapshot
from solitaire_lib.grading.verdicts import GRADED, NotebookGrade

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


def test_a_check_s_worker_frames_as_the_grader_s_channel_does() -> None:
    """One framing (``channel.frame_bytes``): what a check's worker sends, the grader's reader
    reads, and the other way round."""
    read, write = os.pipe()
    isolation.send_frame(write, {"value": [1, "é"]})
    os.write(write, channel.frame_bytes({"next": None}))
    os.close(write)
    reader = channel.FrameReader(limit=1 << 10)
    reader.feed(os.read(read, 1 << 10))
    assert [reader.next(), reader.next()] == [{"value": [1, "é"]}, {"next": None}]
    os.close(read)
    read, write = os.pipe()
    os.write(write, channel.frame_bytes({"value": 2}))
    assert isolation.FrameReader(read).read(time.monotonic() + 5) == {"value": 2}
    os.close(read)
    os.close(write)


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


def _swap_on_open(monkeypatch: pytest.MonkeyPatch, trigger: str, folder: Path) -> list[str]:
    """Swap ``folder`` for a link to a folder outside when the snapshot first opens a file named
    ``trigger``: between the listing and the open, as a race with the walk would."""
    secret = folder.parent.parent.parent / "secret"
    secret.mkdir()
    for name in ("f0.txt", "f1.txt", "z.txt"):
        (secret / name).write_text("TOPSECRET")
    os.symlink(secret, folder.parent / "dlink")
    real_open, swapped = os.open, []

    def racing_open(path: object, *args: object, **kwargs: object) -> int:
        if not swapped and os.fspath(path).endswith(trigger):  # type: ignore[call-overload]
            os.rename(folder, folder.parent / "moved")
            os.rename(folder.parent / "dlink", folder)
            swapped.append(trigger)
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", racing_open)
    return swapped


@pytest.mark.parametrize("trigger", ["z.txt", "f0.txt"])
def test_a_folder_swapped_for_a_link_during_the_snapshot_copies_nothing_from_outside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, trigger: str
) -> None:
    """Attack 20's race (s6), made certain: the student's folder ``d`` becomes a link to a folder
    outside between the listing and the open, of ``d`` itself (when its parent's ``z.txt`` is
    copied) or of a file in it (``f0.txt``). Nothing of the outside folder is copied; what is no
    longer the student's own is reported."""
    mallory = tmp_path / "class" / "mallory"
    (mallory / "d").mkdir(parents=True)
    (mallory / "z.txt").write_text("mine")
    for name in ("f0.txt", "f1.txt"):
        (mallory / "d" / name).write_text("mine")
    swapped = _swap_on_open(monkeypatch, trigger, mallory / "d")

    (student,) = snapshot(tmp_path / "class", tmp_path / "snap")

    assert swapped == [trigger]
    copied = [p for p in student.folder.rglob("*") if p.is_file()]
    assert copied and all(p.read_text() == "mine" for p in copied), copied
    if trigger == "z.txt":  # d is a link when the walk comes to it: reported, not entered
        assert "mallory/d: it changed while it was copied" in " ".join(student.skipped)
        assert not (student.folder / "d").exists()
    else:  # d's files are opened in the folder listed, wherever it went
        assert sorted(p.name for p in copied) == ["f0.txt", "f1.txt", "z.txt"]


def test_a_hard_link_is_not_copied_and_is_said(tmp_path: Path) -> None:
    """Attack 20's s10: a hard link in a student's folder to a file outside it is a regular file;
    it may be the lecturer's, so it is left out, with the reason."""
    (tmp_path / "class" / "mallory").mkdir(parents=True)
    outside = tmp_path / "lecturer.txt"
    outside.write_text("TOPSECRET lecturer file")
    os.link(outside, tmp_path / "class" / "mallory" / "notes.txt")
    (tmp_path / "class" / "mallory" / "own.txt").write_text("mine")

    (student,) = snapshot(tmp_path / "class", tmp_path / "snap")

    assert not (student.folder / "notes.txt").exists()
    assert (student.folder / "own.txt").read_text() == "mine"
    assert student.skipped == [
        "mallory/notes.txt: a file with other names too (a hard link), which may lie outside "
        "the submissions: not graded"
    ]


def test_a_name_that_is_not_utf8_is_shown_escaped(tmp_path: Path) -> None:
    """Attack 20's s7: a folder and a file named in Latin-1 bytes (a Windows zip, unzipped)."""
    folder = os.fsencode(tmp_path / "class") + b"/Jos\xe9 Garc\xeda"
    os.makedirs(folder)
    with open(folder + b"/01 r\xe9sum\xe9.ipynb", "w") as file:
        file.write("{}")
    (student,) = snapshot(tmp_path / "class", tmp_path / "snap")
    assert student.name == "Jos\\xe9 Garc\\xeda"
    assert student.notebooks[0].submitted_as == "Jos\\xe9 Garc\\xeda/01 r\\xe9sum\\xe9.ipynb"
    assert student.notebooks[0].number == "01"


def test_a_class_with_a_name_that_is_not_utf8_is_written_whole(tmp_path: Path) -> None:
    """Attack 20's s7: before, one Latin-1 folder name stopped the whole class with a traceback
    (UnicodeEncodeError) and left a ``.part`` file in ``--out``."""
    class_ = os.fsencode(tmp_path / "class")
    for folder in (b"/ada", b"/Jos\xe9 Garc\xeda"):
        os.makedirs(class_ + folder)
        with open(class_ + folder + b"/r\xe9sum\xe9.txt", "w") as file:
            file.write("notes")
    said: list[str] = []
    grade_class(tmp_path / "class", tmp_path / "out", say=said.append, roster=["ada", "zed"])
    out = tmp_path / "out"
    assert not [p for p in out.rglob("*") if p.name.endswith(".part")]
    book = (out / "gradebook.csv").read_text("utf-8")
    assert "Jos\\xe9 Garc\\xeda" in book and "ada" in book
    feedback = {p.name: p.read_text("utf-8") for p in (out / "feedback").iterdir()}
    assert "Not graded" not in feedback["ada.txt"]
    assert "Feedback for Jos\\xe9 Garc\\xeda" in feedback["Jos_xe9_Garc_xeda.txt"]
    assert any("Jos\\xe9 Garc\\xeda" in line for line in said)  # matches no one on the roster


def test_an_output_file_is_never_left_half_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    output = Output(tmp_path / "out")
    output.write("a.txt", "lone \udce9 surrogate")
    assert (tmp_path / "out" / "a.txt").read_text("utf-8") == "lone \\udce9 surrogate"

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        output.write("b.txt", "text")
    output.close()
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["a.txt"]


@pytest.mark.parametrize(
    "hidden", ["\u3164", "\u115f", "\u1160", "\uffa0", "\u00ad", "\u061c", "\u180e", "\ufff9",
               "\ufffb", "\U000e0041", "\U000e007f", "\u2028", "\u2029", "\ufe0f", "\udce9"],
)  # fmt: skip
def test_a_character_that_prints_as_nothing_is_shown_as_its_code(hidden: str) -> None:
    """Attack 20's s8: ``ada`` and ``ada`` with a Hangul filler read alike in every file."""
    code = hidden.encode("unicode_escape", "backslashreplace").decode("ascii")
    assert visible(f"ada{hidden}") == f"ada{code}"
    assert csv_text([[f"ada{hidden}"]]) == f"ada{code}\r\n"
    assert safe_file_name(f"ada{hidden}", {"ada"}) == "ada_" + code[1:]
    grade = NotebookGrade(f"ada{hidden}", "01", GRADED, f"ada{hidden}/01.ipynb", "0" * 64)
    assert all(hidden not in line for line in feedback_lines(grade))
