"""Checks where fork is missing (Windows): a warm worker, started by spawn, runs each run.

Measured here with the spawn start method forced (``SOLITAIRE_CHECK_START=spawn``), as Windows
would run it; ``benchmarks/checks.py`` gives the times.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from solitaire_lib.aces_in_sequence import exercises as aces
from solitaire_lib.grading import isolation
from solitaire_lib.grading.isolation import Case, run_cases


@pytest.fixture(autouse=True)
def spawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Checks start their workers by spawn; no worker is left after the test."""
    monkeypatch.setenv("SOLITAIRE_CHECK_START", "spawn")
    yield
    isolation.warm_workers.close()


def _cases(task: str) -> int:
    """How many cases a check of ``task`` runs (its fixed ones and those drawn at check time)."""
    return len(aces.check.tasks[task].all_cases(0))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    if sys.platform.startswith("linux"):  # a zombie, not yet reaped, does not count
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat.rsplit(")", 1)[1].split()[0] != "Z"
    return True


def _waiting_pids() -> set[int]:
    return {worker.process.pid for worker in isolation.warm_workers.waiting}


def test_a_check_under_spawn_reports_what_a_check_under_fork_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def shuffled_deck(seed: int) -> list[object]:
        return aces.shuffled_deck(seed)[::-1]

    spawned = str(aces.check.run(shuffled_deck))
    monkeypatch.setenv("SOLITAIRE_CHECK_START", "fork")
    assert spawned == str(aces.check.run(shuffled_deck))
    assert f"0 of {_cases('shuffled_deck')} cases passed" in spawned


def _host_pid() -> int:
    """This process's PID as the test sees it (a worker may be in a PID namespace of its own)."""
    return int(os.readlink("/proc/self")) if sys.platform.startswith("linux") else os.getpid()


def test_a_second_check_is_answered_by_a_worker_started_before_it() -> None:
    run_cases(lambda: 1, [Case()], time_limit=60, total_limit=60)  # the first, cold
    assert isolation.warm_workers.wait_until_ready(60)
    warm = {w.token: w.process.pid for w in isolation.warm_workers.waiting}
    assert len(warm) == isolation.warm_workers.size

    started = time.perf_counter()
    [outcome] = run_cases(
        lambda: os.environ[isolation.RUN_MARKER], [Case()], time_limit=10, total_limit=10
    )
    seconds = time.perf_counter() - started

    assert outcome.status == "ok" and outcome.value in warm, "the check started its own worker"
    assert not _alive(warm[outcome.value]), "a worker serves one run, and is then ended"
    assert seconds < 2, f"a warm check took {seconds:.2f} s (benchmarks/checks.py measures it)"


def test_a_worker_stopped_by_a_time_out_is_ended_and_replaced(tmp_path: Path) -> None:
    record = tmp_path / "pid"

    def endless(x: int) -> int:
        record.write_text(str(_host_pid()))
        while True:
            pass

    outcomes = run_cases(endless, [Case((1,)), Case((2,))], time_limit=0.5, total_limit=10)

    assert [o.status for o in outcomes] == ["timeout", "timeout"]
    assert not _alive(int(record.read_text())), "the timed-out worker still runs"
    assert int(record.read_text()) not in _waiting_pids()
    assert isolation.warm_workers.wait_until_ready(60)
    assert len(_waiting_pids()) == isolation.warm_workers.size
    [after] = run_cases(lambda x: 2 * x, [Case((21,))], time_limit=10, total_limit=10)
    assert (after.status, after.value) == ("ok", 42)


def test_a_worker_that_dies_is_reported_and_the_next_case_gets_a_new_one() -> None:
    def dies_on_one(x: int) -> int:
        if x == 1:
            os._exit(3)
        return x

    outcomes = run_cases(dies_on_one, [Case((1,)), Case((2,))], time_limit=10, total_limit=20)
    assert [(o.status, o.value) for o in outcomes] == [("died", None), ("ok", 2)]
    assert outcomes[0].error == "the process ended (exit code 3)"


def test_what_a_spawned_worker_starts_ends_with_its_run() -> None:
    mark = f"600.{os.getpid()}{time.monotonic_ns() % 10**6}"

    def starter() -> int:
        subprocess.Popen(["sleep", mark])
        return 1

    if sys.platform == "win32":
        pytest.skip("a process group is POSIX's")
    run_cases(starter, [Case()], time_limit=10, total_limit=10)
    end = time.monotonic() + 5
    while time.monotonic() < end and _marked(mark):
        time.sleep(0.05)
    assert _marked(mark) == []


def _marked(mark: str) -> list[int]:
    done = subprocess.run(["pgrep", "-f", f"sleep {mark}"], capture_output=True, text=True)
    return [int(pid) for pid in done.stdout.split()]


def test_a_function_that_cannot_be_sent_is_reported_not_a_crash() -> None:
    lock = threading.Lock()

    def uses_a_lock() -> int:
        with lock:
            return 1

    [outcome] = run_cases(uses_a_lock, [Case()], time_limit=10, total_limit=10)
    assert outcome.status == "died"
    assert outcome.error.startswith("the check could not send it to its worker (TypeError")


def test_a_function_cannot_forge_the_job_of_the_next_worker(tmp_path: Path) -> None:
    """The attack of a hostile review: from inside the check, find a ready worker through /proc,
    write a job of its own into that worker's pipe, which, when unpickled, waits for the
    reference's real job and swaps the student's function in: a wrong function then passed."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the attack goes through Linux's /proc")
    import cloudpickle  # type: ignore[import-untyped]

    forged_into = tmp_path / "forged"

    def hijack() -> object:  # runs in the worker that unpickles the forged job
        import fcntl
        import pickle

        pipes = []
        for fd in os.listdir("/proc/self/fd"):
            with contextlib.suppress(OSError):
                link = os.readlink(f"/proc/self/fd/{fd}")
                if link.startswith("pipe:") and fcntl.fcntl(int(fd), fcntl.F_GETFL) & 3 == 0:
                    pipes.append(int(fd))
        requests = min(pipes)
        size = int.from_bytes(os.read(requests, 8), "big")
        data = b""
        while len(data) < size:
            data += os.read(requests, size - len(data))
        _reference, cases, start = pickle.loads(data)
        return (wrong, cases, start)

    class Forged:
        def __reduce__(self) -> tuple[object, tuple[()]]:
            return (hijack, ())

    def wrong(seed: int) -> list[int]:
        job = cloudpickle.dumps(Forged())
        for pid in os.listdir("/proc"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                if pid == os.readlink("/proc/self"):
                    continue
                if b"serve_one_run" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                    continue
                for fd in os.listdir(f"/proc/{pid}/fd"):
                    info = Path(f"/proc/{pid}/fdinfo/{fd}").read_text()
                    flags = int(info.split("flags:")[1].split()[0], 8)
                    if os.readlink(f"/proc/{pid}/fd/{fd}").startswith("pipe:") and flags & 3 == 0:
                        with open(f"/proc/{pid}/fd/{fd}", "wb", buffering=0) as pipe:
                            pipe.write(len(job).to_bytes(8, "big") + job)
                        with open(forged_into, "a") as note:
                            note.write(f"{pid} ")
        return list(range(32))

    wrong.__name__ = "shuffled_deck"
    report = str(aces.check.run(wrong))

    assert f"0 of {_cases('shuffled_deck')} cases passed" in report, report
