"""Run a student's function on many cases, contained, and get back only plain data.

Where ``os.fork`` exists (Linux, macOS), the notebook forks a **supervisor** in a process group of
its own, and the supervisor forks the **worker** that calls the student's function. So:

* Jupyter's interrupt (SIGINT to the notebook's group) never reaches them, and they ignore it;
* on Linux the supervisor is a *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``): a process
  the student's code starts stays below it even when its parent dies, whatever it does with
  sessions or process groups (``start_new_session=True``, ``os.setsid()``, ``os.setpgid(0, 0)``,
  a double fork). At the end of a check, on a time-out or on an interrupt, the supervisor kills
  every process below it, round after round until none is left, then exits;
* on Linux, where the kernel allows user namespaces, the supervisor raises the sandbox's walls
  around itself first (:func:`~solitaire_lib.grading.sandbox.contain_this_process`): the worker
  is then the second process of a PID namespace of its own, whose first process reaps and ends
  with the worker, and when it ends the kernel kills every process left in the namespace, so
  nothing the student's code starts can outlive the check, even after killing what it can see;
  and no Unix socket can be made there, so no tmux, screen or systemd server outside, wherever
  its socket lies, can be asked to start a program;
* every process of the run carries a marker in its environment, and the notebook sweeps for it
  after the supervisor has gone: a process that escaped (its code killed the supervisor first)
  is found by that marker, unless the student's code also cleared its environment;
* if the notebook dies, even by SIGKILL, its end of a "lifeline" pipe closes: the supervisor sees
  that and kills everything below it;
* a copy of the worker made by a ``fork()`` in the student's code quits as soon as the student's
  function returns in it, so it never runs the checker's loop;
* before the student's code runs (any run not ``trusted``), the worker replaces the check's own
  references by functions that raise (:func:`solitaire_lib.grading.checks.hide_answers`), so the
  function cannot call them, nor find them in memory; the spawned worker does the same;
* each result crosses back as a length-prefixed JSON frame of plain data
  (:mod:`solitaire_lib.grading.plain`), never as a pickle: nothing the student made can run code
  in the notebook; its size is bounded while it is encoded (``plain.MAX_NODES``,
  ``plain.MAX_TEXT``);
* the worker's memory is capped (2 GiB above what it starts with) and its output is cut at
  :data:`OUTPUT_LIMIT` characters.

On macOS there is no subreaper: the process group is killed, so a process that left the group
(a new session) can survive the check. That is said in the project's notes for lecturers.

Without ``fork`` (Windows), a run goes to a **spawned worker**: a new Python, in a process
group of its own, that has already imported the library's modules the notebook has. The
student's function reaches it by value (cloudpickle, from the notebook: trusted); the results
come back as the same JSON frames. Workers are started ahead of need (:data:`warm_workers`), so
a check answers in a fraction of a second (``benchmarks/checks.py``), and each serves one run
only, then is ended. **No worker waits while the student's code runs**: a check runs the
reference first (``trusted=True``), which leaves the last waiting worker for the student's run;
a run that is not trusted ends every other waiting worker before it starts, and new workers
are started only after every process of that run is gone. So the student's code finds no
worker whose job it could forge. A waiting worker is also not dumpable on Linux
(``prctl(PR_SET_DUMPABLE, 0)``): another process of the same user cannot open its
``/proc/PID/fd`` unless it runs as root (also root inside the check's user namespace, which
maps the notebook's root: measured), so that is a second wall for students who are not root.

Where the spawned worker has ``fork`` (``SOLITAIRE_CHECK_START=spawn`` chooses this route on
Linux, to measure and test it), it becomes the run's supervisor once its job has come, with the
same walls as above: a PID namespace of its own where Linux allows it, else a child subreaper,
so nothing the student's code starts outlives the run. On Windows the worker's process is
killed, and a program the student's code started detached from it can outlive the check (a job
object would hold it; not done); a later run starts in a new process, but files and other
programs the earlier one left are still there.
With ``SOLITAIRE_CHECK_THREADS=1``, cases run in a thread, which cannot be stopped: the first
case that does not finish in time ends the run, the notebook's ``sys.stdout``, ``sys.stdin`` and
``input`` are put back, and the cases after it are reported as not run.
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import copy
import functools
import io
import json
import math
import os
import queue
import random
import select
import signal
import subprocess
import sys
import threading
import time
import traceback
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from solitaire_lib.grading.channel import frame_bytes
from solitaire_lib.grading.plain import decode, encode, is_refused, printable, shared_part
from solitaire_lib.grading.sandbox import (
    _CLONE_NEWNS,
    _MS_NODEV,
    _MS_NOEXEC,
    _MS_NOSUID,
    _MS_RDONLY,
    contain_this_process,
    cover_with_empty_tmpfs,
    enter_own_namespaces,
)

#: Characters of printed output kept per case.
OUTPUT_LIMIT = 200_000
#: Bytes of one result frame accepted by the notebook.
FRAME_LIMIT = 32 * 2**20
#: Characters of an error's text (or another text the worker tells) that a report shows.
ERROR_CHARACTERS = 600
#: Memory the worker may use above what it starts with.
MEMORY_HEADROOM = 2 * 2**30


@dataclass(frozen=True)
class Case:
    """One call to check: positional ``args``, keyword ``kwargs``, and text for ``input()``.

    ``label`` names a case from the course text (``"the text's 7♣ example"``).
    ``random_seed``, for a function that draws with Python's ``random`` module, is given to
    ``random.seed`` just before the call (the reference's call too): its draws are then the
    reference's, deal for deal, and a drawn case can draw the seed itself.
    """

    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)
    stdin: str | None = None
    label: str = ""
    random_seed: int | None = None


@dataclass(frozen=True)
class Outcome:
    """What one call did, as plain data.

    ``status`` is ``ok``, ``raised``, ``exited`` (it called ``sys.exit``), ``died`` (the process
    ended: ``os._exit``, a crash), ``thread`` (it returned with a thread of its own still
    running, :data:`LEFT_A_THREAD`), ``timeout`` or ``not run``. ``changed`` says which arguments a
    ``mutated`` call changed (see :func:`changed_arguments`).
    """

    status: str
    value: Any = None
    stdout: str = ""
    mutated: bool = False
    error: str = ""
    kind: str = ""  # for ``raised``: the built-in exception class it is (a subclass counts)
    shared: str = ""  # two parts of the value that are one list (see plain.shared_part)
    changed: tuple[tuple[int | str, str], ...] = ()


# --- In the worker --------------------------------------------------------------------------------


class BoundedText(io.TextIOBase):
    """A text stream that keeps the first ``limit`` characters written to it."""

    def __init__(self, limit: int = OUTPUT_LIMIT) -> None:
        self.limit, self.size, self.cut = limit, 0, False
        self.parts: list[str] = []

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if type(text) is not str:
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        room = self.limit - self.size
        if len(text) > room:
            self.cut = True
        self.parts.append(text[: max(room, 0)])
        self.size += min(len(text), max(room, 0))
        return len(text)

    def getvalue(self) -> str:
        text = "".join(self.parts)
        return text + f"\n… (output cut after {self.limit:,} characters)" if self.cut else text


@contextlib.contextmanager
def fed_input(text: str | None) -> Iterator[None]:
    """Feed ``text`` to ``sys.stdin`` and to ``input()`` (which, in Jupyter, ignores stdin).

    Like the real one, the ``input`` put in place prints its prompt and raises EOFError at the end.
    """
    stream = io.StringIO(text or "")

    def fake_input(prompt: object = "") -> str:
        sys.stdout.write(str(prompt))
        line = stream.readline()
        if not line:
            raise EOFError
        return line.removesuffix("\n")

    saved_stdin, saved_input = sys.stdin, builtins.input
    sys.stdin, builtins.input = stream, fake_input
    try:
        yield
    finally:
        sys.stdin, builtins.input = saved_stdin, saved_input


#: The library's own folder and Python's: a frame in neither is the student's code.
_NOT_THE_STUDENTS = (
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep,
    os.path.dirname(os.__file__) + os.sep,
)


class CheckFinding(Exception):
    """A problem that the check's own code, around the student's call, found in how the function
    works (it changed an array it was given, tried a position twice, used a generator the task
    forbids). Its message is a sentence of the report, in the check's words: the report never
    says the student's code raised it (see :func:`error_text`; its kind is :data:`FINDING`).

    Only one the library raised counts (:func:`is_finding`). A finding about a line of the
    student's is raised ``from`` the error raised there, and shown at that line."""


#: The ``kind`` of an outcome whose call was stopped by a :class:`CheckFinding`.
FINDING = "finding"


def is_finding(error: BaseException) -> bool:
    """Whether ``error`` is the check's own finding: a :class:`CheckFinding` of a class defined
    in the library, raised by the library's code (the last frame of its traceback is in the
    library's folder). A student's own subclass, or the library's class raised by the student's
    code, is an error like any other (hostile 16, a01 and a02: their words were shown as the
    check's).

    >>> def raised(error):
    ...     try:
    ...         raise error
    ...     except CheckFinding as caught:
    ...         return caught
    >>> is_finding(raised(CheckFinding("it tried a position twice")))
    False
    >>> is_finding(_raised_here(CheckFinding("it tried a position twice")))
    True
    """
    if not isinstance(error, CheckFinding):
        return False
    if not type(error).__module__.startswith("solitaire_lib."):
        return False
    frames = traceback.extract_tb(error.__traceback__)
    return bool(frames) and frames[-1].filename.startswith(_NOT_THE_STUDENTS[0])


def _raised_here(error: BaseException) -> BaseException:
    """``error``, raised and caught in this module (the library's code): for the doctests."""
    try:
        raise error
    except BaseException as caught:
        return caught


def _where(error: BaseException, finding: bool = False) -> str:
    """``' (line 3)'``: the line of the student's code that ``error`` came from, or ``""``; an
    error raised in the library is "in a call to the library" at that line, but not a
    ``finding`` of the check's: the check's code it was raised in stands in for what the
    student's line called (05's play calling its own move, held-out 14b), and the line is the
    student's own.

    >>> def play(move):
    ...     move(-1, 1)  # the student's line
    >>> def check_one(p1, p2):  # the check's code, standing in for the student's move
    ...     raise _raised_here(CheckFinding("not a pile number"))
    >>> try:
    ...     play(check_one)
    ... except CheckFinding as error:
    ...     raised = error
    >>> _where(raised), _where(raised, finding=True)
    (' (line 2, in a call to the library)', ' (line 2)')
    """
    frames = traceback.extract_tb(error.__traceback__)
    students = [f for f in frames if not f.filename.startswith(_NOT_THE_STUDENTS)]
    if not students:
        return ""
    in_the_library = frames[-1].filename.startswith(_NOT_THE_STUDENTS[0])
    if students[-1] is not frames[-1] and in_the_library and not finding:
        return f" (line {students[-1].lineno}, in a call to the library)"
    return f" (line {students[-1].lineno})"


def error_text(error: BaseException) -> str:
    """``'KeyError: 'x' (line 3)'``: the error, and the line of the student's code it came from
    (an error raised inside the library is shown at the student's line that called it). An
    error with no line of the student's (a check's adapter refusing the function before calling
    it) shows no line: the library's own line numbers mean nothing to a student. The check's
    own finding (:func:`is_finding`) is its message alone, with the line (that of the error it
    was raised from, if any); any other error is named, "HelperWrong: ...".

    >>> error_text(ValueError("no")), error_text(_raised_here(CheckFinding("it tried twice")))
    ('ValueError: no', 'it tried twice')
    >>> error_text(CheckFinding("all cases passed"))
    'CheckFinding: all cases passed'
    """
    finding = is_finding(error)
    where = _where(error, finding)
    try:
        message = str(error)
    except Exception:
        message = "(its message could not be shown)"
    message = message if len(message) <= 500 else message[:499] + "…"
    if finding:
        cause = error.__cause__
        return message + (where or (_where(cause) if cause is not None else ""))
    return f"{type(error).__name__}: {message}{where}" if message else type(error).__name__ + where


def seed_random(seed: int | None) -> None:
    """Give ``seed`` to ``random.seed``, when a case has one (see :class:`Case`)."""
    if seed is not None:
        random.seed(seed)


#: How an argument was changed: the container itself (an item added, removed or replaced), only
#: values inside it (a card of the list changed, the list's items still the same objects), or both.
CHANGED_HOW = ("itself", "inside", "both")
#: At most this many changed arguments are told (a frame lists no more).
CHANGED_TOLD = 20


def _items(value: Any) -> list[Any] | None:
    """The objects a list, tuple or dict holds (a dict's keys and values), or ``None``."""
    if type(value) in (list, tuple):
        return list(value)
    if type(value) is dict:
        return [*value.keys(), *value.values()]
    return None


def changed_arguments(
    given: Case, args: tuple[Any, ...], kwargs: dict[str, Any], items: dict[int | str, list[Any]]
) -> list[list[Any]]:
    """Which arguments a call changed, as ``[position or keyword, how]`` (see
    :data:`CHANGED_HOW`): ``args`` and ``kwargs`` as the call left them, ``given`` the case as it
    was, ``items`` what each list, tuple or dict argument held before the call (the objects).

    >>> case = Case(([[1], [2]], {3}))
    >>> args = ([[1], [2]], {3})
    >>> items = {0: list(args[0])}
    >>> args[0][0].append(9)
    >>> args[1].add(4)
    >>> changed_arguments(case, args, {}, items)
    [[0, 'inside'], [1, 'itself']]
    """
    told: list[list[Any]] = []
    pairs: list[tuple[int | str, Any, Any]] = [
        *zip(range(len(args)), given.args, args, strict=True)
    ]
    pairs += [(key, given.kwargs[key], kwargs[key]) for key in kwargs]
    for where, before, after in pairs:
        if len(told) < CHANGED_TOLD and encode(before) != encode(after):
            told.append([where, _how_changed(before, after, items.get(where))])
    return told


def _how_changed(before: Any, after: Any, held: list[Any] | None) -> str:
    """How an argument that changed was changed (see :data:`CHANGED_HOW`): ``held`` is what it
    held before the call (the objects themselves), ``before`` the value as it was."""
    now = _items(after)
    if held is None or now is None:
        return "itself"
    itself = len(now) != len(held) or any(a is not b for a, b in zip(now, held, strict=False))
    originals = _items(before) or []
    inside = any(encode(a) != encode(b) for a, b in zip(held, originals, strict=True))
    return "both" if itself and inside else "itself" if itself else "inside"


#: The status of a call that returned with a thread of its own still running (see
#: :func:`call_case`).
LEFT_A_THREAD = "thread"
#: What the report says of such a call.
LEFT_A_THREAD_TEXT = (
    "it left a thread running after it returned: what it returns or leaves in its arguments "
    "must be done when it returns (join the threads it starts)"
)


def _threads_running() -> set[threading.Thread]:
    """The threads of this process that ``threading`` knows."""
    return set(threading.enumerate())


def _new_thread_running(before: set[threading.Thread]) -> bool:
    """Is a thread running now that was not ``before``, and not an installed library's own (tqdm
    starts its monitor thread at a first progress bar, and keeps it)? Each is known by itself, so
    that one that ended meanwhile does not hide a new one. (A thread started with ``_thread``
    itself is not seen.)"""
    return any(
        thread not in before and not _a_librarys_own(thread) for thread in threading.enumerate()
    )


def _a_librarys_own(thread: threading.Thread) -> bool:
    """Is ``thread`` of a class an installed package defines (``tqdm._monitor.TMonitor``)? A
    ``threading.Thread``, a ``Timer`` or a class of the student's is not.

    >>> _a_librarys_own(threading.Thread())
    False
    """
    module = sys.modules.get(type(thread).__module__)
    path = str(getattr(module, "__file__", "") or "")
    return "site-packages" in path or "dist-packages" in path


def call_case(function: Callable[..., Any], case: Case) -> dict[str, Any]:
    """Call ``function`` on a copy of the case; the result as a frame of plain data.

    One rule for every task: a call that returns while a thread it started is still running
    fails (:data:`LEFT_A_THREAD`), since that thread may change the value or the arguments after
    the check has read them (hostile 15, a04: a thread emptied the list 20 ms after the return).
    The threads ``threading`` knows are looked at as the call returns (:func:`_new_thread_running`).

    >>> import threading, time
    >>> def late(xs):
    ...     threading.Thread(target=time.sleep, args=(0.2,)).start()
    ...     return xs
    >>> call_case(late, Case(([1],)))["status"]
    'thread'
    """
    args, kwargs = copy.deepcopy(case.args), copy.deepcopy(case.kwargs)
    before = encode((case.args, case.kwargs))
    arguments: list[tuple[int | str, Any]] = [*enumerate(args), *kwargs.items()]
    items = {where: held for where, value in arguments if (held := _items(value)) is not None}
    output = BoundedText()
    frame: dict[str, Any] = {"status": "ok", "value": None, "error": ""}
    threads = _threads_running()
    try:
        with contextlib.redirect_stdout(output), fed_input(case.stdin):
            seed_random(case.random_seed)
            value = function(*args, **kwargs)
            left_a_thread = _new_thread_running(threads)
        frame["value"] = encode(value)
        frame["shared"] = "" if is_refused(frame["value"]) else shared_part(value)
        if left_a_thread:
            frame.update(status=LEFT_A_THREAD, error=LEFT_A_THREAD_TEXT)
    except SystemExit as stop:
        frame.update(status="exited", error=f"sys.exit({_safe_repr(stop.code)})")
    except BaseException as error:
        frame.update(status="raised", error=error_text(error), kind=builtin_kind(error))
    frame["stdout"] = output.getvalue()
    frame["mutated"] = encode((args, kwargs)) != before
    frame["changed"] = changed_arguments(case, args, kwargs, items) if frame["mutated"] else []
    return frame


def builtin_kind(error: BaseException) -> str:
    """The nearest built-in class of ``error``: a subclass of ValueError counts as ValueError,
    and a class merely *named* ValueError does not. The check's own finding (:func:`is_finding`)
    is :data:`FINDING`; a :class:`CheckFinding` the student's code raised is an ``Exception``.

    >>> class Bad(ValueError): pass
    >>> class ValueError(Exception): pass
    >>> builtin_kind(Bad()), builtin_kind(ValueError()), builtin_kind(CheckFinding())
    ('ValueError', 'Exception', 'Exception')
    >>> builtin_kind(_raised_here(CheckFinding()))
    'finding'
    """
    if is_finding(error):
        return FINDING
    for kind in type(error).__mro__:
        if kind.__module__ == "builtins":
            return kind.__name__
    return "BaseException"


def _safe_repr(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:
        return "…"
    return text if len(text) <= 80 else text[:79] + "…"


def outcome_frame(outcome: Outcome) -> dict[str, Any]:
    """The outcome as a frame of plain data again (what :func:`outcome_from` reads)."""
    return {
        "status": outcome.status,
        "value": encode(outcome.value),
        "stdout": outcome.stdout,
        "mutated": outcome.mutated,
        "error": outcome.error,
        "kind": outcome.kind,
        "shared": outcome.shared,
        "changed": [list(pair) for pair in outcome.changed],
    }


def outcome_from(frame: dict[str, Any]) -> Outcome:
    r"""The notebook's side: build the outcome from fresh, plain values. The texts a report
    prints as they are (the error, the kind) come from the student's process: they are made
    :func:`printable` here, the one door they come in by, so that an exception's message, a
    ``sys.exit`` code's repr or a class's name can neither colour the report nor add a line to
    it (hostile 15, a05/a06).

    >>> frame = {"status": "raised", "value": None, "stdout": "", "mutated": False,
    ...          "error": "Weird: \x1b[31mred\nall 7 cases passed", "kind": "Weird"}
    >>> print(outcome_from(frame).error)
    Weird: \x1b[31mred\nall 7 cases passed
    """
    return Outcome(
        str(frame["status"]),
        decode(frame["value"]),
        str(frame["stdout"]),
        bool(frame["mutated"]),
        printable(str(frame["error"]), ERROR_CHARACTERS),
        printable(str(frame.get("kind", "")), 100),
        printable(str(frame.get("shared", "")), ERROR_CHARACTERS),
        _changed_from(frame.get("changed")),
    )


def _changed_from(told: Any) -> tuple[tuple[int | str, str], ...]:
    """The changed arguments a frame lists, as far as they read as such (a frame comes from the
    student's process: anything else is left out).

    >>> _changed_from([[0, "inside"], ["xs", "itself"], [1, "rm -rf"], "x"])
    ((0, 'inside'), ('xs', 'itself'))
    """
    if type(told) is not list:
        return ()
    return tuple(
        (pair[0], pair[1])
        for pair in told[:CHANGED_TOLD]
        if type(pair) is list
        and len(pair) == 2
        and (type(pair[0]) is int or (type(pair[0]) is str and len(pair[0]) <= 100))
        and pair[1] in CHANGED_HOW
    )


# --- Frames over a pipe: the class grader's own framing (channel.frame_bytes) ---------------------


def send_frame(fd: int, message: dict[str, Any]) -> None:
    data = frame_bytes(message)
    while data:
        data = data[os.write(fd, data) :]


#: What a case's outcome says where a frame from the worker was no outcome the notebook can
#: build (the student's code can write to the worker's pipe; review 21, M6).
UNREADABLE = "the worker sent something the check cannot read"
#: How the outcome of a case starts where the notebook could not start a process for it (a fork
#: refused: too many processes left running).
NOT_STARTED = "the check could not start a process for it"


def _message(payload: bytes) -> dict[str, Any]:
    """A frame's JSON as a message (a dict), or one that says the worker sent something the
    check cannot read (not JSON, too deep to read, not a dict).

    >>> _message(b'{"index": 0}'), _message(b"[1]")
    ({'index': 0}, {'worker_ended': 'the worker sent something the check cannot read'})
    """
    try:
        message = json.loads(payload)
    except (ValueError, RecursionError):
        message = None
    return message if type(message) is dict else {"worker_ended": UNREADABLE}


class FrameReader:
    def __init__(self, fd: int) -> None:
        self.fd, self.buffer = fd, b""

    def _fill(self, size: int, deadline: float) -> bool:
        while len(self.buffer) < size:
            wait = deadline - time.monotonic()
            timeout = None if math.isinf(wait) else wait  # None: as long as it takes
            if wait <= 0 or not select.select([self.fd], [], [], timeout)[0]:
                return False
            chunk = os.read(self.fd, max(size - len(self.buffer), 1 << 16))
            if not chunk:
                return False
            self.buffer += chunk
        return True

    def read(self, deadline: float) -> dict[str, Any] | None:
        """The next frame, or None if none came before ``deadline``."""
        if not self._fill(8, deadline):
            return None
        size = int.from_bytes(self.buffer[:8], "big")
        if size > FRAME_LIMIT:
            return {"worker_ended": f"a result of {size:,} bytes, too large to take back"}
        if not self._fill(8 + size, deadline):
            return None
        payload, self.buffer = self.buffer[8 : 8 + size], self.buffer[8 + size :]
        return _message(payload)


# --- Runs -----------------------------------------------------------------------------------------


class _Run(Protocol):
    def next_frame(self, deadline: float) -> dict[str, Any] | None: ...

    def stop(self) -> None: ...


def _null_streams() -> None:
    """Point the standard streams at /dev/null, so nothing reaches the notebook's terminal."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    sys.stdout = sys.stderr = BoundedText(0)
    sys.stdin = io.StringIO("")


def _limit_memory() -> None:
    try:
        import resource

        with open("/proc/self/statm") as statm:
            in_use = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = in_use + MEMORY_HEADROOM
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, OSError, ValueError):
        pass  # no /proc (macOS): no cap


def _prepare_worker() -> None:
    # Compiled kernels start threads and map memory: not in a forked, memory-capped worker. The
    # pure-Python path gives the same results.
    os.environ["SOLITAIRE_PURE_PYTHON"] = "1"
    _limit_memory()


def _hide_the_checks_answers(function: Callable[..., Any] | None) -> None:
    """Before a student's code runs in this worker: the check's own answers out of its reach
    (:func:`solitaire_lib.grading.checks.hide_answers`; no task exists where it is not loaded),
    but for the copies ``function`` compares the student's helpers with."""
    checks = sys.modules.get("solitaire_lib.grading.checks")
    if checks is not None:
        checks.hide_answers(keep=getattr(function, "helper_answers", ()))


#: The key of a frame by which the worker gives back the seconds of the check's own work.
NOT_COUNTED = "not_counted"
#: At most this many seconds of a check (a call of :func:`run_cases`, whatever workers it starts)
#: are given back (frames forged by the student's code, which can write to the same pipe, gain
#: no more, even from one worker after another).
MOST_NOT_COUNTED = 30.0
#: Own work shorter than this is not told (a frame costs more than it gives back).
_TOLD_FROM = 0.002
#: The key of a frame by which the worker says that the check's own work that may be long has
#: begun (:func:`not_counted` with ``announced``): the notebook's deadlines then wait for its
#: end, within what is left of :data:`MOST_NOT_COUNTED`, so that it cannot end the case.
PAUSED = "paused"


class _OwnWork:
    """Where the worker of a run tells the notebook of the check's own work (set by
    :func:`_work`): the function that sends a frame, the worker's pid, and how deep the
    :func:`not_counted` blocks are nested."""

    tell: Callable[[dict[str, Any]], None] | None = None
    worker = 0
    depth = 0


@contextlib.contextmanager
def not_counted(announced: bool = False) -> Iterator[None]:
    """Around the check's own work inside a student's run (a helper of the student's compared
    with the statement's, :mod:`solitaire_lib.grading.checks`): the seconds it took are sent to
    the notebook as a frame, which adds them to the case's and the check's time limits, so that
    they are not counted as the student's (up to :data:`MOST_NOT_COUNTED` a check). Nested blocks
    count once. Outside a forked or spawned worker (the notebook, a thread run) it does nothing.
    Told only at its end, a block longer than the case's time left would still end the case:
    one that may be long (a second look, which calls the student's helper again) is
    ``announced``, a frame at its start (:data:`PAUSED`) stops the notebook's clock until then.

    >>> with not_counted():
    ...     pass
    """
    tell = _OwnWork.tell
    if tell is None or _OwnWork.depth or os.getpid() != _OwnWork.worker:
        yield
        return
    _OwnWork.depth += 1
    started = time.monotonic()
    if announced:
        with contextlib.suppress(OSError):
            tell({PAUSED: True})
    try:
        yield
    finally:
        _OwnWork.depth -= 1
        spent = time.monotonic() - started
        if spent >= _TOLD_FROM or announced:
            with contextlib.suppress(OSError):
                tell({NOT_COUNTED: spent})


def _work(
    function: Callable[..., Any], cases: Sequence[Case], start: int, out: int, trusted: bool
) -> None:
    me = os.getpid()
    _OwnWork.tell, _OwnWork.worker = functools.partial(send_frame, out), me
    _prepare_worker()
    if not trusted:
        _hide_the_checks_answers(function)
    for index in range(start, len(cases)):
        frame = call_case(function, cases[index])
        if os.getpid() != me:  # a copy made by fork() in the student's code
            os._exit(0)
        send_frame(out, {"index": index, **frame})


def _serve(function: Callable[..., Any], requests: int, out: int) -> None:
    """Answer calls one at a time: each request frame holds the arguments, as plain data."""
    me = os.getpid()
    _prepare_worker()
    _hide_the_checks_answers(function)
    reader = FrameReader(requests)
    while True:
        request = reader.read(math.inf)
        if request is None:
            return  # the notebook has closed its end
        frame = call_case(function, Case(tuple(decode(request["args"]))))
        if os.getpid() != me:
            os._exit(0)
        send_frame(out, frame)


#: The environment variable that marks the processes of a run (see :func:`_sweep_marked`).
RUN_MARKER = "SOLITAIRE_CHECK_RUN"
#: Seconds the notebook waits for the supervisor to kill everything below it and exit.
SWEEP_SECONDS = 5.0
_PR_SET_CHILD_SUBREAPER = 36


def become_subreaper() -> bool:
    """Make this process the one that orphans below it are given to (Linux only)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _parents() -> dict[int, int]:
    """Every process's parent, read from /proc (empty without /proc)."""
    parents = {}
    with contextlib.suppress(OSError):
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", "rb") as stat:
                    text = stat.read()
            except OSError:
                continue  # it ended meanwhile
            # The command name, in brackets, may hold spaces: the parent is the 2nd field after it.
            parents[int(entry)] = int(text[text.rindex(b")") + 2 :].split()[1])
    return parents


def descendants(pid: int) -> list[int]:
    """The processes below ``pid``: its children, theirs, and so on (Linux).

    >>> descendants(os.getpid()) == [] or sys.platform.startswith("linux")
    True
    """
    children: dict[int, list[int]] = {}
    for child, parent in _parents().items():
        children.setdefault(parent, []).append(child)
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def kill_everything_below(deadline: float) -> None:
    """Kill every process below this one, round after round, until it has no child left.

    A subreaper with no child has nothing below it: every orphan below it was handed to it.
    """
    me = os.getpid()
    while time.monotonic() < deadline:
        for pid in descendants(me):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            return  # no child left
        time.sleep(0.005)


def _sweep_marked(token: str) -> None:
    """Kill the programs that carry this run's marker in their environment (Linux).

    The last net, for a process that got away because the student's code killed the supervisor.
    /proc shows the environment a program was started with, so it finds programs started from
    the run (``subprocess``), not bare copies made by ``fork()``.
    """
    needle = f"{RUN_MARKER}={token}".encode() + b"\0"
    me = os.getpid()
    with contextlib.suppress(OSError):
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) == me:
                continue
            try:
                with open(f"/proc/{entry}/environ", "rb") as environ:
                    marked = needle in environ.read() + b"\0"
            except OSError:
                continue
            if marked:
                with contextlib.suppress(OSError):
                    os.kill(int(entry), signal.SIGKILL)


def _supervise(
    work: Callable[[int], None], out: int, lifeline: int, own_pid_namespace: bool = False
) -> None:
    """Fork the worker running ``work(out)``, watch it, and clean up when the notebook says.

    With ``own_pid_namespace`` (see :func:`contain_this_process`), the child forked here is the
    first process of a new PID namespace: it forks the worker and reaps (:func:`_first_process`).
    """
    become_subreaper()
    child = os.fork()
    if child == 0:
        os.close(lifeline)
        try:
            if own_pid_namespace:
                _first_process(work, out)
            work(out)
        finally:
            os._exit(0)
    child_running = True
    while not select.select([lifeline], [], [], 0.05)[0]:
        child_running = child_running and _still_running(child, out, not own_pid_namespace)
    kill_everything_below(time.monotonic() + SWEEP_SECONDS)
    os.killpg(0, signal.SIGKILL)  # what is left of the group, this process included


def _first_process(work: Callable[[int], None], out: int) -> None:
    """PID 1 of the check's namespace: fork the worker, reap every orphan handed over, and when
    the worker ends, say so and exit, which makes the kernel kill every process left in the
    namespace. A process started by the student's code cannot outlive the worker, and cannot
    signal this one (PID 1 takes no signal from inside its namespace that it does not handle)."""
    worker = os.fork()
    if worker == 0:
        return  # the worker: the caller runs ``work``
    while True:
        try:
            ended, status = os.waitpid(-1, 0)
        except ChildProcessError:
            os._exit(0)
        except InterruptedError:
            continue
        if ended == worker:
            _say_the_worker_ended(out, status)
            os._exit(0)


def _say_the_worker_ended(out: int, status: int) -> None:
    code = os.waitstatus_to_exitcode(status)
    with contextlib.suppress(OSError):
        send_frame(out, {"worker_ended": f"the process ended (exit code {code})"})


def _still_running(child: int, out: int, say_so: bool) -> bool:
    """Reap the orphans handed to the supervisor; when its child ends, tell the notebook
    (``say_so``; else the child has said it: it is the first process of a PID namespace)."""
    try:
        while True:
            ended, status = os.waitpid(-1, os.WNOHANG)
            if not ended:
                return True
            if ended == child:
                if say_so:
                    _say_the_worker_ended(out, status)
                return False
    except ChildProcessError:
        return False


# --- The solutions out of reach: not there at all in the run's mount namespace -------------------

#: The folders of a checkout that a run must not read: the teacher's notebooks and git's copies.
GUARDED_NAMES = ("solutions",)


def _git_folders(checkout: Path) -> tuple[Path | None, list[Path]]:
    """Git's shared folder of ``checkout`` (its ``.git``, or the one its ``.git`` file leads to
    in a worktree), and every checkout of that repository: the main one and each worktree.

    >>> import tempfile
    >>> main = Path(tempfile.mkdtemp())
    >>> (main / ".git" / "worktrees" / "w").mkdir(parents=True)
    >>> _ = (main / ".git" / "worktrees" / "w" / "gitdir").write_text(f"{main}/../w/.git\\n")
    >>> _ = (main / ".git" / "worktrees" / "w" / "commondir").write_text("../..\\n")
    >>> common, checkouts = _git_folders(main)
    >>> common == main / ".git", [c.name for c in checkouts] == [main.name, "w"]
    (True, True)
    """
    git = checkout / ".git"
    try:
        if git.is_file():
            text = git.read_text("utf-8").strip()
            if not text.startswith("gitdir:"):
                return None, [checkout]
            git = checkout / text.removeprefix("gitdir:").strip()
        if not git.is_dir():
            return None, [checkout]
        common = git
        if (git / "commondir").is_file():
            common = git / (git / "commondir").read_text("utf-8").strip()
        common = Path(os.path.realpath(common))
        checkouts = {checkout}
        if common.name == ".git":
            checkouts.add(common.parent)
        for entry in sorted((common / "worktrees").glob("*/gitdir")):
            checkouts.add(Path(entry.read_text("utf-8").strip()).parent)
    except (OSError, UnicodeDecodeError):
        return None, [checkout]
    return common, sorted({Path(os.path.realpath(c)) for c in checkouts})


def guarded_paths(checkout: Path | None = None) -> list[str]:
    """What a run may not read, whether it is there or not: ``solutions/`` and ``.git`` of
    ``checkout`` (by default the one that holds the library) and of every other checkout of the
    same repository (its git worktrees: a copy of the solutions in the one next door is as good
    as the first), and git's folder they share. A clone of the project elsewhere is not found
    (a student has one). The one list behind both walls: the folders the run's namespace
    covers (:func:`guarded_folders`) and the paths the run's audit hook refuses to open
    (:func:`solitaire_lib.grading.checks.hide_answers`).

    >>> import tempfile
    >>> main = Path(os.path.realpath(tempfile.mkdtemp()))
    >>> (main / ".git").mkdir()
    >>> [Path(p).relative_to(main).as_posix() for p in guarded_paths(main)]
    ['.git', 'solutions']
    """
    if checkout is None:
        import solitaire_lib

        checkout = Path(os.path.realpath(Path(solitaire_lib.__file__).parent.parent))
    common, checkouts = _git_folders(checkout)
    paths = [c / name for c in checkouts for name in (*GUARDED_NAMES, ".git")]
    paths += [common] if common is not None else []
    return sorted({str(p) for p in paths})


def guarded_folders(checkout: Path | None = None) -> list[str]:
    """The folders a contained run sees empty: those of :func:`guarded_paths` that are folders
    there (not a link; a worktree's ``.git`` is a file, which leads to git's shared folder).

    >>> import tempfile
    >>> main = Path(os.path.realpath(tempfile.mkdtemp()))
    >>> (main / ".git").mkdir()
    >>> [Path(f).name for f in guarded_folders(main)]
    ['.git']
    """
    paths = guarded_paths(checkout)
    return [p for p in paths if os.path.isdir(p) and not os.path.islink(p)]


def hide_guarded_folders(folders: Sequence[str]) -> list[str]:
    """Where :func:`contain_this_process` has given this process a mount namespace: an empty,
    read-only tmpfs on each of ``folders``, then a user and mount namespace inside that one, in
    which those mounts are locked (the kernel lets no one there unmount them, move them or bind
    what lies under them). So nothing in the run, whatever it uses (``open``, ctypes' libc, a
    shell, ``git``) and whatever it is allowed there (it is root of its own namespace), reads
    them. Returns the folders hidden (none if the kernel refused).

    The working folder is taken again through the new mounts: a run started inside one of the
    folders (a solutions notebook's own check) finds it empty too.
    """
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    flags = _MS_RDONLY | _MS_NOSUID | _MS_NODEV | _MS_NOEXEC
    hidden = cover_with_empty_tmpfs(libc, folders, flags, "0555")
    if hidden and not enter_own_namespaces(libc, _CLONE_NEWNS):  # there, the mounts are locked
        return []
    with contextlib.suppress(OSError):
        os.chdir(os.getcwd())
    return hidden


def raise_the_walls() -> bool:
    """:func:`contain_this_process`, then the guarded folders hidden in the run's namespace
    (:func:`hide_guarded_folders`). True when contained."""
    contained = contain_this_process()
    if contained:
        hide_guarded_folders(guarded_folders())
    return contained


#: Above every descriptor a process can hold (``close_range`` takes the highest number).
_HIGHEST_DESCRIPTOR = 2**31 - 1


def _ranges_to_close(keep: Sequence[int]) -> list[tuple[int, int]]:
    """The ranges ``[low, high)`` of descriptors above 2 but those in ``keep``.

    >>> _ranges_to_close((7, 5))
    [(3, 5), (6, 7), (8, 2147483647)]
    """
    ranges, low = [], 3
    for kept in sorted(set(keep)):
        if kept >= low:
            ranges.append((low, kept))
            low = kept + 1
    return [*[(a, b) for a, b in ranges if a < b], (low, _HIGHEST_DESCRIPTOR)]


def close_inherited_descriptors(keep: Sequence[int]) -> None:
    """Close every descriptor this process got from the notebook but 0-2 and ``keep`` (the
    run's own channel): a folder, file, socket or pipe the notebook opened before the check (a
    default argument ``d=os.open("../solutions", ...)``, then ctypes' ``openat``) leads nowhere
    in the run. The mount over solutions/ hides a path, not what is already open. Signals no
    longer wake the notebook's event loop through its descriptor.

    >>> def is_closed(descriptor):
    ...     try:
    ...         return not os.fstat(descriptor)
    ...     except OSError:
    ...         return True
    >>> opened = os.open(os.devnull, os.O_RDONLY)
    >>> child = os.fork()
    >>> if child == 0:  # in a child, as in a run: ``opened`` is gone there
    ...     try:
    ...         close_inherited_descriptors(keep=())
    ...         os._exit(9 if is_closed(opened) else 0)
    ...     finally:
    ...         os._exit(1)
    >>> os.waitstatus_to_exitcode(os.waitpid(child, 0)[1]), is_closed(opened)
    (9, False)
    >>> os.close(opened)
    """
    with contextlib.suppress(ValueError, OSError):  # only the main thread may (it forked)
        signal.set_wakeup_fd(-1)
    for low, high in _ranges_to_close(keep):
        os.closerange(low, high)


class ForkedRun:
    """Cases ``start..`` run by a worker under a supervisor, in a process group of their own."""

    def __init__(
        self, function: Callable[..., Any], cases: Sequence[Case], start: int, trusted: bool
    ) -> None:
        self._start(lambda out: _work(function, cases, start, out, trusted))

    def _start(self, work: Callable[[int], None], keep: tuple[int, ...] = ()) -> None:
        """Fork the supervisor, which forks the worker running ``work(results_fd)``. ``keep``:
        more descriptors the worker uses (the notebook closes its copies)."""
        results_read, results_write = os.pipe()
        lifeline_read, self._lifeline = os.pipe()
        self._token = os.urandom(8).hex()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)  # "fork() with threads"
                pid = os.fork()
        except OSError:
            for fd in (results_read, results_write, lifeline_read, self._lifeline, *keep):
                os.close(fd)
            raise
        if pid == 0:
            try:
                os.setpgid(0, 0)
                signal.signal(signal.SIGINT, signal.SIG_IGN)
                os.environ[RUN_MARKER] = self._token
                # Where Linux allows it: a PID namespace of its own, no server outside reachable.
                contained = raise_the_walls()
                close_inherited_descriptors(keep=(results_write, lifeline_read, *keep))
                _null_streams()
                _supervise(work, results_write, lifeline_read, own_pid_namespace=contained)
            finally:
                os._exit(0)
        with contextlib.suppress(OSError):
            os.setpgid(pid, pid)  # also here, so that stop() can never miss the group
        for fd in (results_write, lifeline_read, *keep):
            os.close(fd)
        self.pid, self._reader = pid, FrameReader(results_read)

    def next_frame(self, deadline: float) -> dict[str, Any] | None:
        return self._reader.read(deadline)

    def stop(self) -> None:
        """Let the supervisor kill everything below it, then make sure: the group, the marked."""
        with contextlib.suppress(OSError):
            os.close(self._lifeline)
        if not _reaped(self.pid, time.monotonic() + SWEEP_SECONDS + 1):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(self.pid, 0)
        _sweep_marked(self._token)
        with contextlib.suppress(OSError):
            os.close(self._reader.fd)


class ServedFunction(ForkedRun):
    """A function called many times from the notebook, contained like a check's cases.

    The checker keeps the judgement: it sends each call's arguments (plain data), and gets back
    an :class:`Outcome`. An agent is scored this way: the game runs in the notebook, and only the
    agent's decisions come from the contained worker.

    >>> with ServedFunction(lambda x: 2 * x) as served:
    ...     served.call((21,), time_limit=5).value
    42
    """

    def __init__(self, function: Callable[..., Any]) -> None:
        requests_read, self._requests = os.pipe()
        self._start(lambda out: _serve(function, requests_read, out), keep=(requests_read,))
        self.dead = ""

    def call(self, args: tuple[Any, ...], time_limit: float) -> Outcome:
        """One call; after a time-out or the end of the worker, every call says so at once."""
        if self.dead:
            return Outcome("not run", error=self.dead)
        try:
            send_frame(self._requests, {"args": encode(args)})
        except OSError:
            self.dead = "the process had ended"
            return Outcome("died", error=self.dead)
        frame = self.next_frame(time.monotonic() + time_limit)
        if frame is None:
            self.dead = f"a call did not finish within {time_limit:g} seconds"
            return Outcome("timeout", error=self.dead)
        if "worker_ended" in frame:
            self.dead = str(frame["worker_ended"])
            return Outcome("died", error=self.dead)
        return outcome_from(frame)

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self._requests)
        super().stop()

    def __enter__(self) -> ServedFunction:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _reaped(pid: int, deadline: float) -> bool:
    """Wait until the child ``pid`` has ended and reap it; False if it runs on at ``deadline``."""
    while time.monotonic() < deadline:
        try:
            if os.waitpid(pid, os.WNOHANG)[0]:
                return True
        except ChildProcessError:
            return True
        time.sleep(0.005)
    return False


class ThreadRun:
    """The fallback without fork: the cases run in a daemon thread, which cannot be stopped."""

    def __init__(self, function: Callable[..., Any], cases: Sequence[Case], start: int) -> None:
        self._saved = (sys.stdout, sys.stdin, builtins.input)
        self._frames: queue.Queue[dict[str, Any]] = queue.Queue()

        def work() -> None:
            for index in range(start, len(cases)):
                self._frames.put({"index": index, **call_case(function, cases[index])})

        threading.Thread(target=work, daemon=True).start()

    def next_frame(self, deadline: float) -> dict[str, Any] | None:
        try:
            return self._frames.get(timeout=max(deadline - time.monotonic(), 0))
        except queue.Empty:
            return None

    def stop(self) -> None:
        """Put the notebook's streams back, even if the thread is still running."""
        sys.stdout, sys.stdin, builtins.input = self._saved


# --- Without fork: a warm worker, started by spawn ------------------------------------------------

#: The first frame a spawned worker sends, once its imports are done.
READY = {"ready": True}
#: Seconds a spawned worker may take to start and import the library (not counted in a check).
WARM_UP_SECONDS = 60.0


def serve_one_run() -> None:
    """A spawned worker's life (``python -c``): import the library's modules named in its
    arguments (those the notebook has), say it is ready, wait for one run, run it, end.

    The run comes from the notebook (trusted) on stdin as a pickle made by cloudpickle, which
    carries the student's function by value; frames go back on stdout as JSON, never a pickle.
    A worker serves one run only: the student's code may have changed anything in it, so no
    later run may meet it. It ends when the notebook closes its stdin, even mid-case. Where
    ``fork`` exists, this process forks a supervisor (a process of one thread, which the walls
    of :func:`contain_this_process` need), and the job is unpickled and run by a worker below
    it, as in a forked check (:func:`_supervise`).
    """
    import importlib

    set_dumpable(False)  # while it waits: /proc/PID/fd closed to the user's other processes
    requests, out = os.dup(0), os.dup(1)  # the channel; what the student's code starts gets null
    _null_streams()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Jupyter's interrupt is the notebook's
    for name in sys.argv[1:]:  # the library's modules the notebook has: imported ahead
        with contextlib.suppress(Exception):
            importlib.import_module(name)
    send_frame(out, READY)
    size = int.from_bytes(_read_exactly(requests, 8) or b"\0" * 8, "big")
    job = _read_exactly(requests, size)
    if not job:
        return  # the notebook no longer needs this worker
    if not hasattr(os, "fork"):  # Windows: the run here, ended by the notebook killing it
        threading.Thread(target=_end_at_end_of_input, args=(requests,), daemon=True).start()
        _run_job(job, out)
        return
    set_dumpable(True)  # a user who is not root writes /proc/self/uid_map only if dumpable
    if os.fork() == 0:  # one thread, as the walls need (an import may have started threads)
        try:
            contained = raise_the_walls()
            close_inherited_descriptors(keep=(out, requests))
            _supervise(lambda results: _run_job(job, results), out, requests, contained)
        finally:
            os._exit(0)
    os.wait()  # the supervisor ends this process with its group


def _run_job(job: bytes, out: int) -> None:
    import pickle

    trusted = job[:1] == b"T"
    if not trusted:  # before the function is unpickled, so that its globals get no answer; the
        # copies its helpers are compared with come inside it, by value (the watch's closure)
        _hide_the_checks_answers(None)
    try:
        function, cases, start = pickle.loads(job[1:])
    except Exception as error:
        send_frame(
            out, {"worker_ended": f"the worker could not read its job ({error_text(error)})"}
        )
        return
    _work(function, cases, start, out, trusted)


_PR_SET_DUMPABLE = 4


def set_dumpable(dumpable: bool) -> bool:
    """Whether other processes of the same user may open this one's ``/proc/PID`` files (its
    file descriptors, memory, environment): not when False (Linux; a process running as root
    still may). False if it could not be set.

    >>> set_dumpable(True) or not sys.platform.startswith("linux")
    True
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_DUMPABLE, int(dumpable), 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _read_exactly(fd: int, size: int) -> bytes:
    """``size`` bytes from ``fd``, or b"" if it ends first."""
    data = b""
    while len(data) < size:
        chunk = os.read(fd, min(size - len(data), 1 << 20))
        if not chunk:
            return b""
        data += chunk
    return data


def _end_at_end_of_input(fd: int) -> None:
    while os.read(fd, 1 << 16):
        pass
    os._exit(1)  # the notebook closed our input: the run is over, or the notebook has gone


class SpawnedWorker:
    """A Python process started (by spawn: a new interpreter) to serve one run, and a thread
    that reads its frames into a queue, so that a wait for one has a deadline everywhere
    (Windows cannot ``select`` a pipe)."""

    def __init__(self) -> None:
        self.token = os.urandom(8).hex()
        environment = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
            RUN_MARKER: self.token,  # what the run starts carries it (see _sweep_marked)
        }
        code = "from solitaire_lib.grading.isolation import serve_one_run; serve_one_run()"
        library = sorted(name for name in sys.modules if name.split(".")[0] == "solitaire_lib")
        self.process = subprocess.Popen(
            [sys.executable, "-c", code, *library],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=environment,
            start_new_session=hasattr(os, "setsid"),  # a group of its own, killed at the end
            creationflags=getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0),  # Windows
        )
        self.frames: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.ready = self.has_job = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        stream = self.process.stdout
        while header := stream.read(8):
            size = int.from_bytes(header, "big")
            if len(header) < 8 or size > FRAME_LIMIT:
                message = f"a result of {size:,} bytes, too large to take back"
                self.frames.put({"worker_ended": message})
                break
            frame = _message(stream.read(size))
            self.frames.put(frame)
            if frame.get("worker_ended") == UNREADABLE:
                break
        self.frames.put(None)  # the end

    def wait_until_ready(self, deadline: float) -> bool:
        """Whether the worker said it was ready (its imports done) before ``deadline``."""
        if not self.ready:
            with contextlib.suppress(queue.Empty):
                self.ready = self.frames.get(timeout=max(deadline - time.monotonic(), 0)) == READY
        return self.ready

    def send(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.has_job = True
        self.process.stdin.write(len(data).to_bytes(8, "big") + data)
        self.process.stdin.flush()

    def alive(self) -> bool:
        return self.process.poll() is None

    def end(self) -> None:
        """End the worker and every process of its run, and reap it.

        Closing its stdin tells a worker with a job (where fork exists) to kill every process
        below it and exit; one that does not in time, or has no job, is killed with its group.
        """
        with contextlib.suppress(OSError, ValueError):
            assert self.process.stdin is not None
            self.process.stdin.close()
        if self.has_job and hasattr(os, "fork"):
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(SWEEP_SECONDS + 1)
        if hasattr(os, "killpg"):
            with contextlib.suppress(OSError):
                os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(SWEEP_SECONDS)
        if self.has_job:
            _sweep_marked(self.token)


class WarmWorkers:
    """Workers started by spawn ahead of need, so that a check does not wait for one to start.

    A check runs the reference's cases (trusted), then the student's, so two are kept. No
    worker may wait while the student's code runs (it could write a job of its own into that
    worker's pipe): :meth:`take` for a run that is not trusted ends every other waiting worker,
    and :meth:`refill` (after such a run has ended, with every process of it) starts new ones.
    Each worker serves one run: one that was used, stopped, timed out or died is not given back.
    """

    def __init__(self, size: int = 2) -> None:
        self.size = size
        self.waiting: list[SpawnedWorker] = []

    def prepare(self, trusted: bool, seconds: float) -> bool:
        """Have a worker ready for the next run (starting them if none waits: all of them for a
        trusted run, one for another); False if it is not ready in ``seconds``."""
        self._forget_the_dead()
        if not self.waiting:
            for _ in range(self.size if trusted else 1):
                self.waiting.append(SpawnedWorker())
        return self.waiting[0].wait_until_ready(time.monotonic() + seconds)

    def take(self, trusted: bool) -> SpawnedWorker:
        """The next worker; for a run that is not trusted, the only one left."""
        self._forget_the_dead()
        worker = self.waiting.pop(0) if self.waiting else SpawnedWorker()
        if not trusted:
            self.close()
        return worker

    def refill(self) -> None:
        """Start workers until :attr:`size` wait (each starts in the background)."""
        self._forget_the_dead()
        while len(self.waiting) < self.size:
            self.waiting.append(SpawnedWorker())

    def wait_until_ready(self, seconds: float) -> bool:
        """Wait until every waiting worker has done its imports; False if one has not in time."""
        end = time.monotonic() + seconds
        return all(worker.wait_until_ready(end) for worker in self.waiting)

    def _forget_the_dead(self) -> None:
        self.waiting = [worker for worker in self.waiting if worker.alive()]

    def close(self) -> None:
        while self.waiting:
            self.waiting.pop().end()


#: The notebook's warm workers (the first check under spawn starts them).
warm_workers = WarmWorkers()
atexit.register(warm_workers.close)


class SpawnedRun:
    """Cases ``start..`` run by a warm worker started by spawn (where fork is missing)."""

    def __init__(
        self, function: Callable[..., Any], cases: Sequence[Case], start: int, trusted: bool
    ) -> None:
        import cloudpickle  # type: ignore[import-untyped]

        self._problem, self._worker = "", None
        try:
            # before taking a worker; the first byte says whether the function is the check's
            job = (b"T" if trusted else b"S") + cloudpickle.dumps((function, list(cases), start))
        except Exception as error:  # something the function uses cannot be copied
            self._problem = f"the check could not send it to its worker ({error_text(error)})"
            return
        self._worker = warm_workers.take(trusted)
        self._worker.wait_until_ready(time.monotonic() + WARM_UP_SECONDS)
        with contextlib.suppress(OSError):  # it has died: next_frame says so
            self._worker.send(job)

    def next_frame(self, deadline: float) -> dict[str, Any] | None:
        if self._worker is None:
            return {"worker_ended": self._problem}
        while True:
            try:
                frame = self._worker.frames.get(timeout=max(deadline - time.monotonic(), 0))
            except queue.Empty:
                return None
            if frame is None:
                code = self._worker.process.wait(SWEEP_SECONDS)
                return {"worker_ended": f"the process ended (exit code {code})"}
            if frame != READY:
                return frame

    def stop(self) -> None:
        if self._worker is not None:
            self._worker.end()


# --- Choosing how ---------------------------------------------------------------------------------

#: How a check may run the student's code: ``fork`` (Linux, macOS), ``spawn`` (a warm worker,
#: where fork is missing), ``thread`` (no process at all; cannot be stopped).
START_METHODS = ("fork", "spawn", "thread")


def start_method() -> str:
    """How checks run here: fork where it exists, else a spawned worker. ``SOLITAIRE_CHECK_START``
    chooses another (``spawn`` to measure Windows' way on Linux); ``SOLITAIRE_CHECK_THREADS=1``
    means ``thread``."""
    if os.environ.get("SOLITAIRE_CHECK_THREADS") == "1":
        return "thread"
    chosen = os.environ.get("SOLITAIRE_CHECK_START", "")
    if chosen in START_METHODS:
        return chosen
    return "fork" if hasattr(os, "fork") else "spawn"


def _new_run(
    method: str, function: Callable[..., Any], cases: Sequence[Case], start: int, trusted: bool
) -> _Run:
    if method == "spawn":
        return SpawnedRun(function, cases, start, trusted)
    if method == "fork":
        return ForkedRun(function, cases, start, trusted)
    return ThreadRun(function, cases, start)


def run_cases(
    function: Callable[..., Any],
    cases: Sequence[Case],
    time_limit: float,
    total_limit: float,
    *,
    fork: bool | None = None,
    start: str | None = None,
    trusted: bool = False,
) -> list[Outcome]:
    """One outcome per case; each case gets ``time_limit`` s, the whole run ``total_limit`` s.

    ``start`` is how (see :func:`start_method`, the default); ``fork=True`` or ``False`` is
    ``start="fork"`` or ``"thread"``. A case that does not finish, or ends its process, is
    stopped, and a new worker goes on with the next case (not in a thread). With fork, and with
    spawn where the worker can fork (Linux, macOS), no process of the run is left when this
    returns (on macOS, one in a new session may be: see the module's notes).

    ``trusted`` says the function is the checker's own (the reference): under spawn, another
    worker may then wait while it runs. For any other function, none does (see
    :class:`WarmWorkers`), and the workers for later checks start once this run has ended.
    """
    method = start or ({True: "fork", False: "thread"}.get(fork) if fork is not None else None)
    method = method or start_method()
    outcomes: list[Outcome] = []
    clock = _CheckClock(time.monotonic(), total_limit)
    while len(outcomes) < len(cases):
        if method == "spawn":  # a worker's start is not the check's time
            started = time.monotonic()
            warm_workers.prepare(trusted, WARM_UP_SECONDS)
            clock.end += time.monotonic() - started
        if time.monotonic() >= clock.end:
            note = "not run: the whole check ran out of time"
            outcomes += [Outcome("not run", error=note)] * (len(cases) - len(outcomes))
            break
        try:
            run = _new_run(method, function, cases, len(outcomes), trusted)
        except OSError as error:  # fork refused (EAGAIN: too many processes)
            said = f"{NOT_STARTED} ({error_text(error)})"
            outcomes += [Outcome("died", error=said)] * (len(cases) - len(outcomes))
            break
        try:
            _collect(run, len(cases), outcomes, time_limit, clock)
        finally:
            run.stop()
        if method == "thread" and outcomes[-1].status == "timeout":
            note = "not run: an earlier case did not finish (without fork it cannot be stopped)"
            outcomes += [Outcome("not run", error=note)] * (len(cases) - len(outcomes))
    if method == "spawn" and not trusted:  # every process of the run is gone: the next workers
        warm_workers.refill()
    return outcomes


#: How the error of a case that the whole check's time limit stopped starts (the case had not
#: had its own time): "cut short after 0.3 s, when the whole check ran out of time".
CUT_SHORT = "cut short"


@dataclass
class _CheckClock:
    """The time of one call of :func:`run_cases`, across the workers it starts: when it began,
    its whole limit, when it ends (pushed back by the seconds of the check's own work that the
    workers tell), and how many seconds were given back so far (at most
    :data:`MOST_NOT_COUNTED` in all, whatever the workers tell, one after another)."""

    started: float
    total_limit: float
    given_back: float = 0.0
    #: Seconds lent while the worker's own work that may be long goes on (a :data:`PAUSED`
    #: frame), until its end says how many it took.
    lent: float = 0.0
    end: float = field(init=False)

    def __post_init__(self) -> None:
        self.end = self.started + self.total_limit

    def lend(self) -> float:
        """At a :data:`PAUSED` frame: push the end back by all that is left to give; how much."""
        if self.lent:
            return 0.0
        self.lent = max(MOST_NOT_COUNTED - self.given_back, 0.0)
        self.given_back += self.lent
        self.end += self.lent
        return self.lent

    def give_back(self, told: Any) -> float:
        """Push the end back by what a worker's frame tells (within what is left), once what was
        lent is taken back; how much the end moved."""
        lent, self.lent = self.lent, 0.0
        self.given_back -= lent
        extra = _seconds_given_back(told, MOST_NOT_COUNTED - self.given_back)
        self.given_back += extra
        self.end += extra - lent
        return extra - lent


def _collect(
    run: _Run, count: int, outcomes: list[Outcome], time_limit: float, clock: _CheckClock
) -> None:
    """Read the run's frames into ``outcomes`` until every case has one, or one did not finish
    in time or ended the worker. The seconds of the check's own work the worker tells
    (:func:`not_counted`) are added to the case's time and to the check's (``clock``)."""
    started = clock.started if not outcomes else time.monotonic()
    end_of_case = time.monotonic() + time_limit
    while len(outcomes) < count:
        frame = run.next_frame(min(end_of_case, clock.end))
        if frame is None:
            outcomes.append(_timed_out(clock, started, time_limit, end_of_case))
            return
        if NOT_COUNTED in frame or PAUSED in frame:
            moved = clock.give_back(frame[NOT_COUNTED]) if NOT_COUNTED in frame else clock.lend()
            end_of_case, started = end_of_case + moved, started + moved
            continue
        if "worker_ended" in frame:
            outcomes.append(Outcome("died", error=str(frame["worker_ended"])))
            return
        try:
            outcomes.append(outcome_from(frame))
        except (KeyError, TypeError, ValueError, AttributeError, RecursionError):
            outcomes.append(Outcome("died", error=UNREADABLE))  # a forged frame: a new worker
            return
        started = time.monotonic()
        end_of_case = started + time_limit


def _timed_out(
    clock: _CheckClock, started: float, time_limit: float, end_of_case: float
) -> Outcome:
    """The outcome of a case stopped at a deadline: a bare time-out where it had its own time
    (its limit, or the whole check's where that is less), else one cut short by the whole
    check's limit, which says after how long (review 21: a right but slow function was told
    "it did not finish within 10 seconds (an endless loop?)" of a case that ran 0.3 s)."""
    ran = time.monotonic() - started
    own = min(time_limit, clock.total_limit)
    if clock.end < end_of_case and ran < 0.9 * own:
        when = f"after {ran:.1f} s" if ran >= 0.05 else "as it began"
        said = f"{CUT_SHORT} {when}, when the whole check ran out of time"
        return Outcome("timeout", error=said)
    return Outcome("timeout")


def _seconds_given_back(told: Any, left: float) -> float:
    """The seconds a worker's frame gives back, within the ``left`` still allowed (0 for
    anything but a positive number).

    >>> _seconds_given_back(2.5, 30.0), _seconds_given_back(99, 1.0), _seconds_given_back("x", 9)
    (2.5, 1.0, 0.0)
    """
    if type(told) not in (int, float) or not told > 0:
        return 0.0
    return float(min(told, max(left, 0.0)))
