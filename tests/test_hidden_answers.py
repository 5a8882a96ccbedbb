"""A student's function cannot reach the check's own answers from inside its run.

In the worker that runs a student's code, every task's reference that is the check's own (defined
in an exercises module or the grading layer) is replaced by a function that raises, in the task
and wherever a module of the library or the notebook binds it: the original is freed, so no
search of memory finds it. The library's public functions stay callable. The notebook, the
reference's own run and the hints keep the real references.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import json
import os
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from student_copy import as_a_student_writes_it

from solitaire_lib.aces_in_sequence import exercises as aces
from solitaire_lib.alliances import exercises as alliances
from solitaire_lib.grading import checks
from solitaire_lib.grading.checks import Case, Task, is_private_answer
from solitaire_lib.grading.isolation import guarded_folders, guarded_paths, run_cases
from solitaire_lib.play_nine import exercises as play_nine
from solitaire_lib.simple_klondike import exercises as klondike
from solitaire_lib.stacks_of_nine import exercises as stacks

EXERCISES = [
    importlib.import_module(f"solitaire_lib.{game}.exercises")
    for game in (
        "aces_in_sequence", "sevens", "alliances", "play_nine", "simple_klondike",
        "stacks_of_nine", "fast_simulation",
    )
]  # fmt: skip
HIDDEN = "is not available inside your function's run"


def _private_references() -> dict[int, tuple[str, int, str]]:
    """Each private reference's id, and where its code is (file, first line, name): found again
    in a forked worker (where the original keeps its id) without holding the function itself.
    A student's copy of a reference (the same code, another object) is not one."""
    return {
        id(ref): (ref.__code__.co_filename, ref.__code__.co_firstlineno, ref.__code__.co_name)
        for exercises in EXERCISES
        for task in exercises.check.tasks.values()
        if is_private_answer(ref := task.reference) and isinstance(ref, types.FunctionType)
    }


def _originals_alive(references: dict[int, tuple[str, int, str]]) -> int:
    """How many of ``references`` are alive here (a search of memory, as a cheat's)."""
    found = 0
    for thing in gc.get_objects():
        if isinstance(thing, types.FunctionType) and id(thing) in references:
            code = thing.__code__
            found += references[id(thing)] == (code.co_filename, code.co_firstlineno, code.co_name)
    return found


def test_no_private_reference_is_left_in_a_students_run_for_gc_to_find() -> None:
    references = _private_references()
    assert len(references) >= 30  # the exercises of 01, 02, 04, 05, 06 and 07 have their own

    def searches_memory() -> int:
        return _originals_alive(references)

    assert run_cases(searches_memory, [Case()], 30, 30)[0].value == 0
    # The same search in a run of the check's own (the reference's) finds every one.
    trusted = run_cases(searches_memory, [Case()], 30, 30, trusted=True)[0].value
    assert trusted == len(references)
    assert _originals_alive(references) == len(references)  # and the notebook keeps them


def _through_the_task_table(hand: list[int]) -> Any:
    """A cheat: the checker's task, as the exercises module's ``check`` lists it."""
    return play_nine.check.tasks["columns_for_hand"].reference(hand)


def _through_the_module(piles: Any) -> Any:
    """A cheat: the reference as an attribute of the exercises module, found by its name."""
    return vars(sys.modules[klondike.__name__])["always_right_move"](piles)


def _through_the_checker(state: Any, move: Any) -> Any:
    """Calls what the checker lists as the answer, here the course module's public function."""
    return stacks.check.tasks["apply_move"].reference(state, move)


def _through_a_search_of_memory(successes: int, trials: int) -> Any:
    """A cheat: a function in memory whose code lies in an exercises module's file and that
    lives in that module (a copy that a test made in a namespace of its own, with the same code,
    is a student's function, not the check's: other tests of the same process make those).
    (Exercise 07's wilson_interval: its check does not read the code, as tally's does, which
    refuses this call of a function it cannot read before the run.)"""
    for thing in gc.get_objects():
        code = thing.__code__ if isinstance(thing, types.FunctionType) else None
        if code and code.co_name == "wilson_interval" and code.co_filename.endswith("exercises.py"):
            home = sys.modules.get(thing.__module__)
            if home is not None and thing.__globals__ is vars(home):
                return thing(successes, trials)
    return None


@pytest.mark.parametrize(
    ("exercises", "task", "cheat"),
    [
        (play_nine, "columns_for_hand", _through_the_task_table),
        (klondike, "always_right_move", _through_the_module),
    ],
    ids=["task table", "module attribute"],
)
def test_a_cheat_that_calls_the_checks_own_answer_fails(
    exercises: types.ModuleType, task: str, cheat: Any
) -> None:
    report = exercises.check.run(cheat, task, seed=1)
    assert not report.ok
    assert f"it raised AnswerHidden: the check's own {task} {HIDDEN}" in str(report)


def test_a_search_of_memory_for_the_reference_finds_nothing_to_call() -> None:
    from solitaire_lib.fast_simulation import exercises as fast

    report = fast.check.run(_through_a_search_of_memory, "wilson_interval", seed=1)
    assert not report.ok and report.passed == 0
    # found nothing, not even the stand-in (which raises): None where an error is due. (Not
    # "the same answer, None, for every case": on a loaded machine the search of a pytest
    # process's memory, once a case, runs out the check's time before every case has run.)
    assert "it should raise ValueError, but it returned None" in str(report)


def _the_answer_found_in_memory(module: str, name: str) -> Any:
    """A cheat for task ``name`` of exercises ``module``: any function of that name that lives
    in the module (the reference, or a copy a task keeps to compare a student's helper with)."""

    def cheat(*args: Any) -> Any:
        for thing in gc.get_objects():
            if not isinstance(thing, types.FunctionType) or thing.__name__ != name:
                continue
            home = sys.modules.get(module)
            if home is not None and thing.__globals__ is vars(home):
                try:
                    return thing(*args)
                except Exception:  # a stand-in, or an emptied copy: try the next one
                    continue
        return None

    cheat.__name__ = name
    return cheat


@pytest.mark.parametrize(
    ("game", "task"),
    [("aces_in_sequence", "deal"), ("aces_in_sequence", "aces_together"),
     ("sevens", "can_place"), ("sevens", "one_stage"), ("alliances", "init_pioche_alea"),
     ("alliances", "saut_si_possible"), ("play_nine", "score")],
)  # fmt: skip
def test_no_copy_of_a_tasks_answer_kept_for_a_helper_is_found_by_its_own_check(
    game: str, task: str
) -> None:
    # Tasks keep copies of other tasks' references to compare a student's helpers with: a search
    # of memory in check(deal) found simulate's copy of deal and passed (review of fixA).
    module = f"solitaire_lib.{game}.exercises"
    exercises = importlib.import_module(module)
    report = exercises.check.run(_the_answer_found_in_memory(module, task), task, seed=3)
    assert not report.ok, f"a search of memory passed check({task})"


def test_a_reference_that_is_the_librarys_public_function_may_be_called() -> None:
    # Exercise 06's apply_move is the course module's own (public): calling it is allowed.
    assert not is_private_answer(stacks.check.tasks["apply_move"].reference)
    assert stacks.check.run(_through_the_checker, "apply_move", seed=1).ok


def test_the_notebook_keeps_its_references_and_hints_after_a_students_run() -> None:
    task = play_nine.check.tasks["columns_for_hand"]
    reference = task.reference
    play_nine.check.run(_through_the_task_table, "columns_for_hand", seed=1)
    assert task.reference is reference
    assert play_nine.columns_for_hand is reference
    from mistakes.play_nine import MISTAKES

    mistake = MISTAKES["columns_for_hand"][0]
    report = play_nine.check.run(mistake.function, "columns_for_hand", seed=1)
    assert not report.ok and report.hint  # judged with the real reference, with its hint


@pytest.mark.parametrize("module_name", ["__main__", "helpers_of_my_own"])
def test_a_reference_the_notebook_or_a_module_bound_to_a_name_is_hidden_too(
    monkeypatch: pytest.MonkeyPatch, module_name: str
) -> None:
    from solitaire_lib.fast_simulation import exercises as fast

    main = types.ModuleType(module_name)
    main.taken = fast.tally  # type: ignore[attr-defined]  # a cell or a file: taken = M.tally
    monkeypatch.setitem(sys.modules, module_name, main)

    def uses_what_the_notebook_took(outcomes: Any, size: int) -> Any:
        return sys.modules[module_name].taken(outcomes, size)

    outcome = run_cases(uses_what_the_notebook_took, [Case((np.array([0, 1]), 2))], 10, 10)[0]
    assert outcome.status == "raised" and HIDDEN in outcome.error
    assert main.taken is fast.tally  # type: ignore[attr-defined]


def test_the_spawned_route_hides_the_answers_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLITAIRE_CHECK_START", "spawn")
    report = klondike.check.run(_through_the_module, "always_right_move", seed=1)
    assert not report.ok
    assert f"the check's own always_right_move {HIDDEN}" in str(report)


def test_hide_answers_replaces_only_private_references() -> None:
    def private_looking(x: int) -> int:
        return x

    private_looking.__module__ = "solitaire_lib.example.exercises"
    public = Task("public", len, [Case(([1],))])
    private = Task("private", private_looking, [Case((1,))])
    outcome = run_cases(lambda: (public.reference([1, 2]), private.reference(1)), [Case()], 10, 10)
    assert outcome[0].status == "raised" and "the check's own private" in outcome[0].error
    assert private.reference is private_looking and checks.is_private_answer(private_looking)


def test_the_checks_own_reference_handed_in_as_the_students_fails() -> None:
    from solitaire_lib.fast_simulation import exercises as fast

    report = fast.check.run(fast.tally, "tally", seed=1)  # from ...exercises import tally
    assert not report.ok and report.passed == 0
    assert "raised AnswerHidden: this is the check's own tally, not a function of yours" in str(
        report
    )
    assert fast.check.run(as_a_student_writes_it(fast.tally), "tally", seed=1).ok


def _served(namespace: dict[str, Any], module: str, task: str) -> list[Any]:
    """What the class grader's kernel answers for ``task`` (serve.answer_task): the header, then
    one outcome per case."""
    import os

    from solitaire_lib.grading.isolation import FrameReader, outcome_from
    from solitaire_lib.grading.serve import answer_task, case_frame

    cases = importlib.import_module(module).check.tasks[task].all_cases()[:3]
    request = {
        "function": task,
        "module": module,
        "task": task,
        "cases": [case_frame(case) for case in cases],
        "time_limit": 10,
        "total_limit": 30,
    }
    read, write = os.pipe()
    try:
        answer_task(request, namespace, write)
        reader = FrameReader(read)
        header = reader.read(time.monotonic() + 5)
        assert header is not None
        outcomes = [reader.read(time.monotonic() + 5) for _ in range(header["cases"])]
    finally:
        os.close(read)
        os.close(write)
    return [outcome_from(frame) for frame in outcomes if frame is not None]


def test_the_class_graders_kernel_hides_the_answers_too() -> None:
    from solitaire_lib.fast_simulation import exercises as fast

    module, task = fast.__name__, "wilson_interval"  # its check does not read the code
    imported = _served({task: fast.wilson_interval}, module, task)
    assert [o.status for o in imported] == ["raised"] * 3
    assert f"this is the check's own {task}, not a function of yours" in imported[0].error

    def wilson_interval(successes: int, trials: int) -> Any:
        return fast.check.tasks[task].reference(successes, trials)

    called = _served({task: wilson_interval}, module, task)
    assert [o.status for o in called] == ["raised"] * 3 and HIDDEN in called[0].error
    right = _served({task: as_a_student_writes_it(fast.wilson_interval)}, module, task)
    assert [o.status for o in right] == ["ok"] * 3


def test_an_exercises_module_imported_again_in_the_run_hides_its_answers_too() -> None:
    from solitaire_lib.fast_simulation import exercises as fast

    def tally(outcomes: Any, size: int) -> Any:
        fresh = importlib.reload(sys.modules[fast.__name__])  # runs the module's file again
        try:
            return fresh.check.tasks["tally"].reference(outcomes, size)
        except checks.AnswerHidden:
            return fresh.tally(outcomes, size)

    report = fast.check.run(tally, seed=1)
    assert not report.ok and f"the check's own tally {HIDDEN}" in str(report)


def test_a_reference_held_before_the_run_calls_nothing_of_the_answer() -> None:
    """A notebook cell that kept the reference in a list (where no name of a module binds it)
    before the check: in the student's run, calling it raises, and a search of memory for its
    code finds nothing; in the notebook it is still the answer."""
    from solitaire_lib.fast_simulation import exercises as fast

    kept = [fast.tally]  # as a cell would: tools = [M.tally]
    references = _private_references()

    def calls_what_was_kept(outcomes: Any, size: int) -> Any:
        return kept[0](outcomes, size)

    outcome = run_cases(calls_what_was_kept, [Case((np.array([0, 1]), 2))], 10, 10)[0]
    assert outcome.status == "raised" and HIDDEN in outcome.error, outcome
    assert run_cases(lambda: _originals_alive(references), [Case()], 30, 30)[0].value == 0
    assert kept[0](np.array([0, 1, 1]), 2) == [1, 2]  # the notebook's own is untouched


def _reads_the_solution(solution: str, name: str) -> Any:
    """A cheat: the task's function made from the solutions notebook's cell, read at run time."""
    import json
    from pathlib import Path

    def cheat(*args: Any) -> Any:
        root = Path(checks.__file__).resolve().parents[2]
        cells = json.loads((root / "solutions" / solution).read_text("utf-8"))["cells"]
        namespace: dict[str, Any] = {}
        for cell in cells:
            if cell["cell_type"] == "code" and f"def {name}(" in "".join(cell["source"]):
                exec("".join(cell["source"]), namespace)
        return namespace[name](*args)

    cheat.__name__ = name
    return cheat


def _cats_the_solution(outcomes: Any, size: int) -> Any:
    import subprocess

    subprocess.run(["cat", "solutions/07_fast_simulation.ipynb"], capture_output=True, check=True)
    return [0] * size


@pytest.mark.parametrize(
    ("exercises", "solution", "task"),
    [(play_nine, "04_play_nine.ipynb", "score"), (klondike, "05_simple_klondike.ipynb",
                                                    "lower_bound")],
)  # fmt: skip
def test_a_cheat_that_reads_the_solutions_notebook_fails(
    exercises: types.ModuleType, solution: str, task: str
) -> None:
    report = exercises.check.run(_reads_the_solution(solution, task), task, seed=1)
    assert not report.ok and report.passed == 0
    assert "PermissionError: a check's run does not open '" in str(report)
    assert solution in str(report)


def test_a_cheat_that_starts_a_program_to_read_the_solutions_fails() -> None:
    from solitaire_lib.fast_simulation import exercises as fast

    report = fast.check.run(_cats_the_solution, "tally", seed=1)
    assert not report.ok
    assert "does not start a program that reads the solutions" in str(report)


# --- The OS wall: solutions/ and .git/ are not there at all in a contained run ------------------

_ROOT = Path(checks.__file__).resolve().parents[2]
_CHEAT_SOLUTIONS = [
    (aces, "01_aces_in_sequence.ipynb", "turn_header"),
    (alliances, "03_alliances.ipynb", "verifier_pioche"),
]
on_linux = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the wall is a mount namespace (Linux)"
)


def _git_folder() -> Path:
    """Git's folder of the checkout: ``.git``, or for a worktree the folder its ``.git`` file
    leads to (``git rev-parse --git-common-dir``)."""
    done = subprocess.run(
        ["git", "rev-parse", "--path-format=absolute", "--git-common-dir"],
        cwd=_ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    return Path(done.stdout.strip() or _ROOT / ".git")  # (a spawned worker imports this module)


_GIT = _git_folder()  # found here: inside a contained run git finds no repository at all


def _made_from_notebook(text: str, name: str) -> Any:
    """What a cheat does with a solution notebook's text: run every code cell (but the checks),
    and take the function ``name`` it defines."""
    namespace: dict[str, Any] = {}
    for cell in json.loads(text)["cells"]:
        if cell["cell_type"] == "code":
            lines = "".join(cell["source"]).splitlines()
            with contextlib.suppress(Exception):
                exec("\n".join(line for line in lines if not line.startswith("check(")), namespace)
    return namespace[name]


def _read_through_libc(path: Path) -> str:
    """The file read with the C library's ``open`` and ``read`` (no audit event of Python's)."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    descriptor = libc.open(str(path).encode(), os.O_RDONLY)
    buffer, chunks = ctypes.create_string_buffer(1 << 16), []
    while (size := libc.read(descriptor, buffer, 1 << 16)) > 0:
        chunks.append(buffer.raw[:size])
    libc.close(descriptor)
    return b"".join(chunks).decode("utf-8")


def _read_through_a_shell(path: Path) -> str:
    """The file read by ``cat`` in a shell whose command line names neither the folder nor a
    notebook: the folder comes from an environment variable (held-out set 14a's cheat)."""
    folder, prefix = str(path.parent), path.name[:2]
    environment = dict(os.environ, P=folder[: -len("solutions")] + "solu" + "tions")
    command = ["sh", "-c", 'cat "$P"/' + prefix + "*"]
    return subprocess.run(command, capture_output=True, text=True, env=environment).stdout


def _umounts_then_reads(path: Path) -> str:
    """Take the empty folder away first (``umount``; the run is root in its own namespace)."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    for folder in (path.parent, _GIT):
        libc.umount2(str(folder).encode(), 2)  # MNT_DETACH
    return _read_through_libc(path)


def _cheat(read: Callable[[Path], str], solution: str, name: str) -> Any:
    def cheat(*args: Any) -> Any:
        return _made_from_notebook(read(_ROOT / "solutions" / solution), name)(*args)

    cheat.__name__ = name
    cheat.__doc__ = "Return what the statement asks."  # a docstring, as the course asks
    return cheat


@on_linux
@pytest.mark.parametrize("read", [_read_through_libc, _read_through_a_shell, _umounts_then_reads])
@pytest.mark.parametrize(("exercises", "solution", "task"), _CHEAT_SOLUTIONS)
def test_a_cheat_that_reads_the_solutions_past_the_audit_hook_fails(
    read: Callable[[Path], str], exercises: types.ModuleType, solution: str, task: str
) -> None:
    """Held-out set 14a: the audit hook sees neither ctypes nor a shell's own ``open``; the
    worker's mount namespace has an empty folder where solutions/ is, whatever reads it."""
    assert _made_from_notebook(read(_ROOT / "solutions" / solution), task)  # works outside
    report = exercises.check.run(_cheat(read, solution, task), task, seed=1)
    assert not report.ok and report.passed == 0, str(report)


def test_the_audit_hook_refuses_what_the_namespace_hides() -> None:
    """One list behind both walls (``isolation.guarded_paths``). The hook's own list once named
    only this checkout's ``solutions/`` and ``.git``: in a worktree, a file in git's shared
    folder (which keeps copies of the solutions) or in the main checkout's ``solutions/``
    opened past it wherever no namespace hides them (macOS, a kernel that refuses them)."""
    assert str(_GIT) in guarded_folders()
    for path in [*guarded_folders(), str(_ROOT / "solutions"), str(_ROOT / ".git")]:
        with pytest.raises(PermissionError):
            checks._refuse_the_solutions("open", (os.path.join(path, "HEAD"), "r", 0))
        with pytest.raises(PermissionError):
            checks._refuse_the_solutions("open", (path, "r", 0))


def test_a_worktree_guards_the_main_checkout_and_git_s_shared_folder(tmp_path: Path) -> None:
    place = Path(os.path.realpath(tmp_path))
    main, worktree = place / "main", place / "w"
    (main / ".git" / "worktrees" / "w").mkdir(parents=True)
    for folder in (main / "solutions", worktree / "solutions"):
        folder.mkdir(parents=True)
    (worktree / ".git").write_text(f"gitdir: {main}/.git/worktrees/w\n")
    (main / ".git" / "worktrees" / "w" / "gitdir").write_text(f"{worktree}/.git\n")
    (main / ".git" / "worktrees" / "w" / "commondir").write_text("../..\n")
    folders = [str(main / ".git"), str(main / "solutions"), str(worktree / "solutions")]
    assert guarded_folders(worktree) == folders  # the worktree's .git is a file: no mount on it
    assert guarded_paths(worktree) == sorted([*folders, str(worktree / ".git")])


@on_linux
def test_a_contained_run_sees_solutions_and_git_empty_and_read_only() -> None:
    def what_is_there() -> list[Any]:
        found = []
        for folder in (_ROOT / "solutions", _GIT):
            try:
                (folder / "planted.txt").write_text("x")
                writable = True
            except OSError:
                writable = False
            found.append([sorted(os.listdir(folder)), writable])
        return found

    outcome = run_cases(what_is_there, [Case()], 30, 30)[0]
    assert outcome.value == [[[], False], [[], False]], outcome
    assert os.listdir(_ROOT / "solutions")  # the notebook's own view is untouched


def _opens_before_the_check(solution: str, name: str) -> Any:
    """W21.1: a function whose default arguments were made in the notebook, before the walls: a
    descriptor of the solutions folder (read with ctypes' ``openat``, which no audit hook sees)
    and one of the solution notebook itself (read with ``os.pread``). The mount over solutions/
    hides a path, not a folder or a file already open."""
    import ctypes

    folder = os.open(_ROOT / "solutions", os.O_RDONLY)
    notebook = os.open(_ROOT / "solutions" / solution, os.O_RDONLY)

    def cheat(*args: Any, _folder: int = folder, _notebook: int = notebook) -> Any:
        texts = []
        with contextlib.suppress(OSError):
            texts.append(os.pread(_notebook, 1 << 24, 0).decode("utf-8"))
        found = ctypes.CDLL(None).openat(_folder, solution.encode(), os.O_RDONLY)
        if found >= 0:
            texts.append(os.pread(found, 1 << 24, 0).decode("utf-8"))
        return _made_from_notebook(texts[0], name)(*args)

    cheat.__name__ = name
    cheat.__doc__ = "Return what the statement asks."
    cheat.descriptors = (folder, notebook)  # type: ignore[attr-defined]
    return cheat


@on_linux
@pytest.mark.parametrize(("exercises", "solution", "task"), _CHEAT_SOLUTIONS)
def test_a_descriptor_opened_before_the_check_reads_nothing_in_the_run(
    exercises: types.ModuleType, solution: str, task: str
) -> None:
    cheat = _opens_before_the_check(solution, task)
    try:
        assert _made_from_notebook(  # works outside the run
            os.pread(cheat.descriptors[1], 1 << 24, 0).decode("utf-8"), task
        )
        report = exercises.check.run(cheat, task, seed=1)
    finally:
        for descriptor in cheat.descriptors:
            os.close(descriptor)
    assert not report.ok and report.passed == 0, str(report)


@on_linux
def test_the_run_holds_no_descriptor_of_the_notebook_but_its_own() -> None:
    """Whatever the notebook has open (a socket to a server, a pipe, a file) is closed in the
    run: only 0-2 (on /dev/null) and the run's own channel remain."""
    import socket

    ours, theirs = socket.socketpair()
    read, write = os.pipe()
    try:

        def speaks(_socket: Any = ours, _pipe: int = write) -> list[str]:
            with contextlib.suppress(OSError):
                _socket.send(b"from the run")
            with contextlib.suppress(OSError):
                os.write(_pipe, b"from the run")
            held = []
            for name in os.listdir("/proc/self/fd"):
                with contextlib.suppress(OSError):
                    held.append(os.readlink(f"/proc/self/fd/{name}"))
            return held

        outcome = run_cases(speaks, [Case()], 30, 30)[0]
        theirs.setblocking(False)
        with pytest.raises(BlockingIOError):
            theirs.recv(100)
        os.set_blocking(read, False)
        with pytest.raises(BlockingIOError):
            os.read(read, 100)
        assert outcome.value is not None, outcome
        beyond_null = [path for path in outcome.value if path != os.devnull]
        assert len(beyond_null) == 1 and beyond_null[0].startswith("pipe:"), outcome.value
    finally:
        for handle in (ours, theirs):
            handle.close()
        os.close(read)
        os.close(write)
