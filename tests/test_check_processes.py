"""No program a checked function starts outlives the check, however it was started.

The check's worker is the second process of a PID namespace of its own (the first reaps, and
when it ends the kernel ends everything left in the namespace), and it cannot make a Unix socket,
so no server outside (tmux, screen, systemd), wherever its socket lies, can start a program for
it. Each test marks the programs it starts in their command line and looks for them afterwards.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from processes import marked_processes

from solitaire_lib.grading import isolation
from solitaire_lib.grading.checks import Case, Checker, Task
from solitaire_lib.grading.isolation import run_cases

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the walls are Linux's namespaces"
)
needs_tmux = pytest.mark.skipif(
    shutil.which("tmux") is None and os.environ.get("CI") != "true", reason="needs tmux"
)

checker = Checker([Task("double", lambda x: 2 * x, [Case((1,)), Case((2,))])])


def _left_after(mark: str, seconds: float = 3) -> list[int]:
    end = time.monotonic() + seconds
    while (left := marked_processes(mark)) and time.monotonic() < end:
        time.sleep(0.05)
    return left


@pytest.fixture
def mark() -> str:
    """A number no other process has in its command line (``sleep`` takes it as seconds)."""
    return f"600.{os.getpid()}{time.monotonic_ns() % 10**6}"


def _kill(pids: list[int]) -> None:
    for pid in pids:
        os.kill(pid, signal.SIGKILL)


@needs_tmux
def test_a_tmux_server_of_its_own_and_a_double_fork_leave_nothing(
    tmp_path: Path, mark: str
) -> None:
    socket = str(tmp_path / "xyz")

    def double(x: int) -> int:
        subprocess.run(
            ["tmux", "-S", socket, "new-session", "-d", f"sleep {mark}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execvp("sleep", ["sleep", mark])
            os._exit(0)
        return 2 * x

    try:
        assert checker.run(double).ok
        assert _left_after(mark) == [], "a program outlived the check"
    finally:
        _kill(marked_processes(mark))


@needs_tmux
def test_a_tmux_server_outside_on_a_socket_anywhere_starts_nothing_for_the_check(
    tmp_path: Path, mark: str
) -> None:
    """The server was started in the notebook, before the check, on a socket in no usual folder
    (a cell ``!tmux -S ~/anywhere new-session -d``): it must not start programs for the check."""
    socket = str(tmp_path / "anywhere")
    subprocess.run(["tmux", "-S", socket, "new-session", "-d", "sleep 600"], check=True)

    def double(x: int) -> int:
        for _ in range(4):
            subprocess.run(
                ["tmux", "-S", socket, "new-window", "-d", f"sleep {mark}"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                check=False,
            )
        return 2 * x

    try:
        assert checker.run(double).ok
        assert _left_after(mark) == [], "the server outside started a program for the check"
        alive = subprocess.run(["tmux", "-S", socket, "has-session"], check=False)
        assert alive.returncode == 0, "the check must not touch the server outside"
    finally:
        subprocess.run(["tmux", "-S", socket, "kill-server"], check=False)
        _kill(marked_processes(mark))


def test_a_daemon_that_first_kills_its_supervisor_and_clears_its_environment_dies_too(
    mark: str,
) -> None:
    """Without a PID namespace, killing the supervisor, then leaving the session with an empty
    environment (no marker to sweep for) was a way out."""

    def double(x: int) -> int:
        os.kill(os.getppid(), signal.SIGKILL)
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execve("/bin/sleep", ["sleep", mark], {})
            os._exit(0)
        time.sleep(0.2)
        return 2 * x

    try:
        checker.run(double)
        assert _left_after(mark) == [], "a daemon outlived the check"
    finally:
        _kill(marked_processes(mark))


def test_unix_sockets_are_refused_but_pipes_and_socket_pairs_work() -> None:
    """What a checked function may still use: pipes, ``socketpair``, ``subprocess``."""

    def probe() -> list[str]:
        import socket

        seen = []
        try:
            socket.socket(socket.AF_UNIX).close()
            seen.append("unix socket made")
        except OSError as error:
            seen.append(f"unix socket refused: {error.errno}")
        left, right = socket.socketpair()
        left.sendall(b"ok")
        seen.append(right.recv(2).decode())
        done = subprocess.run(["echo", "pipe"], capture_output=True, text=True, check=True)
        seen.append(done.stdout.strip())
        return seen

    [outcome] = run_cases(probe, [Case()], time_limit=10, total_limit=10)
    assert outcome.value == ["unix socket refused: 1", "ok", "pipe"]


def test_under_spawn_a_new_session_and_a_double_fork_end_with_the_check(
    mark: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The route without fork, chosen on Linux: a hostile review left one ``setsid`` program
    per case running after the check (killing the worker's process group missed them)."""
    monkeypatch.setenv("SOLITAIRE_CHECK_START", "spawn")

    def double(x: int) -> int:
        subprocess.Popen(
            ["setsid", "sh", "-c", f"exec sleep {mark}"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execve("/bin/sleep", ["sleep", mark], {})
            os._exit(0)
        time.sleep(0.2)
        return 2 * x

    try:
        assert checker.run(double).ok
        assert _left_after(mark) == [], "a program outlived the check"
    finally:
        isolation.warm_workers.close()
        _kill(marked_processes(mark))


def test_under_spawn_no_other_worker_exists_while_the_function_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every spawned worker the checked function can see is of its own run (one session): no
    worker waits whose job it could forge. Before, two were kept waiting during its run."""
    monkeypatch.setenv("SOLITAIRE_CHECK_START", "spawn")

    checker = os.getpid()

    def sessions_of_workers() -> list[int]:
        # the sessions of this test's workers only (each led by a child of this process): under
        # pytest -n, another test's process may have spawned workers of its own at the same time
        workers = []  # (pid, parent, session)
        for entry in Path("/proc").iterdir():
            try:
                if entry.name.isdigit() and b"serve_one_run" in (entry / "cmdline").read_bytes():
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                    workers.append((int(entry.name), int(fields[1]), int(fields[3])))
            except OSError:
                continue
        ours = {pid for pid, parent, session in workers if pid == session and parent == checker}
        return sorted({session for _, _, session in workers if session in ours})

    try:
        run_cases(lambda: 1, [Case()], time_limit=60, total_limit=60)  # the first, cold
        assert isolation.warm_workers.wait_until_ready(60)
        assert len(isolation.warm_workers.waiting) == isolation.warm_workers.size
        [outcome] = run_cases(sessions_of_workers, [Case()], time_limit=10, total_limit=10)
        assert outcome.status == "ok" and len(outcome.value) == 1, outcome
    finally:
        isolation.warm_workers.close()


def test_a_refused_fork_leaves_no_descriptor_open_and_is_said(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Review 21, L10: where fork fails (EAGAIN, a fork bomb's processes at RLIMIT_NPROC), the
    four ends of the run's two pipes were left open and the error escaped as a traceback."""

    def refused() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    before = len(os.listdir("/proc/self/fd"))
    monkeypatch.setattr(os, "fork", refused)
    outcomes = run_cases(lambda x: x, [Case((1,)), Case((2,))], 1, 1, start="fork")
    monkeypatch.undo()
    assert len(os.listdir("/proc/self/fd")) == before
    assert [o.status for o in outcomes] == ["died", "died"], outcomes
    assert checker.run(lambda x: 2 * x, "double").ok  # the fork is back: the check runs
    said = isolation.NOT_STARTED
    assert outcomes[0].error.startswith(said) and "Resource temporarily" in outcomes[0].error
