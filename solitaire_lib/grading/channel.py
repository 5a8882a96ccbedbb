"""The grader's end of the channel to a sandboxed notebook: three named pipes, nothing else.

Everything that comes out of a sandbox is hostile: its bytes, their sizes, their timing, and the
files it can replace. So the grader

* makes the channel's named pipes (``requests``, ``answers``, ``progress``) and opens them before
  the sandbox starts, and never opens anything in the channel by its name again: a notebook that
  puts a link or another pipe in their place changes nothing the grader reads;
* learns what the runner saw of the cells (a cell that raised, the cell running now, why the run
  ended) as small frames on ``progress`` (:class:`Record`), never from a file the sandbox wrote;
* reads each frame with a cap (:data:`ANSWER_LIMIT` for an answer, :data:`PROGRESS_LIMIT` for a
  progress event): a larger one is read past and dropped, byte by byte, never kept, and is that
  answer's outcome ("too large");
* bounds every wait by the notebook's deadline, ends it as soon as the sandbox ends, and never
  waits more than :data:`TICK` seconds without looking whether the run is stopping.

A file the grader must still read from a place a sandbox could write (bwrap's own messages) is
read by :func:`read_capped`: without following a link, without waiting on a pipe, a regular file
only, and only its last bytes.

>>> reader = FrameReader(limit=8)
>>> reader.feed(frame_bytes({"a": 1}) + (20).to_bytes(8, "big") + b"x" * 20)
>>> reader.next(), reader.next(), reader.next()
({'a': 1}, TooLarge(size=20), None)
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import select
import stat
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solitaire_lib.grading.output import squeezed, visible

#: Bytes of one answer frame (one case's outcome) the grader takes; a larger one is "too large".
ANSWER_LIMIT = 4 * 2**20
#: Bytes of one progress event from the runner (a cell's problem is a line of text).
PROGRESS_LIMIT = 64 * 2**10
#: Seconds the grader waits at most before it looks again at the sandbox and at Ctrl-C.
TICK = 0.1
#: Problems of the cells kept for the feedback, and characters of each.
PROBLEMS_KEPT, PROBLEM_CHARACTERS = 50, 400

PIPES = ("requests", "answers", "progress")
#: How the runner says the run ended: the only words of ``ended`` the grader takes.
DONE, KERNEL_DIED = "done", "the notebook's kernel died (or was killed) while it ran"
NOT_RUN = "the notebook could not be run to its end"
_RUNNER_ENDS = re.compile(rf"{re.escape(DONE)}|{re.escape(KERNEL_DIED)}|{NOT_RUN} \(\w+\)")
#: How each line the runner says of a cell begins: ``cell 3 (`` and the cell's first line.
_CELL = re.compile(r"cell (\d{1,6}) \(")


class NotebookEnded(Exception):
    """The sandbox ended (or ran out of time, or the run is stopping) before it answered."""


@dataclass(frozen=True)
class TooLarge:
    """A frame larger than the reader's limit: read past, never kept."""

    size: int


@dataclass(frozen=True)
class Unreadable:
    """A frame whose bytes are not the JSON of an object (or nest too deep to read)."""

    why: str


def frame_bytes(message: Any) -> bytes:
    """A message as one frame: its JSON's length in 8 bytes, then the JSON. The one framing of
    the grader's channel and of a check's worker
    (:func:`~solitaire_lib.grading.isolation.send_frame`).

    >>> frame_bytes([1])
    b'\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x03[1]'
    """
    payload = json.dumps(message).encode()
    return len(payload).to_bytes(8, "big") + payload


class FrameReader:
    """Frames out of a stream of bytes fed to it, each at most ``limit`` bytes kept.

    It holds at most one frame's bytes (``limit``) and a header: a frame over the limit is
    counted down as its bytes arrive and dropped, and :meth:`next` gives :class:`TooLarge` for it.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.buffer = bytearray()
        self.skipping = 0  # bytes of a too-large frame still to drop
        self.ready: list[dict[str, Any] | TooLarge | Unreadable] = []

    def feed(self, data: bytes) -> None:
        """Take bytes from the stream; complete frames become ready."""
        view = memoryview(data)
        while view:
            if self.skipping:
                dropped = min(self.skipping, len(view))
                self.skipping -= dropped
                view = view[dropped:]
                continue
            take = min(self._wanted(), len(view))
            self.buffer += view[:take]
            view = view[take:]
            self._take_frames()

    def _wanted(self) -> int:
        """Bytes the buffer may still take: the rest of the header, or of the frame."""
        if len(self.buffer) < 8:
            return 8 - len(self.buffer)
        return 8 + int.from_bytes(self.buffer[:8], "big") - len(self.buffer)

    def _take_frames(self) -> None:
        if len(self.buffer) < 8:
            return
        size = int.from_bytes(self.buffer[:8], "big")
        if size > self.limit:
            self.ready.append(TooLarge(size))
            self.skipping, self.buffer = size, bytearray()
        elif len(self.buffer) == 8 + size:
            self.ready.append(_parsed(bytes(self.buffer[8:])))
            self.buffer = bytearray()

    def next(self) -> dict[str, Any] | TooLarge | Unreadable | None:
        """The oldest frame ready, or None."""
        return self.ready.pop(0) if self.ready else None


def _parsed(payload: bytes) -> dict[str, Any] | Unreadable:
    try:
        message = json.loads(payload)
    except (ValueError, RecursionError):
        return Unreadable("not JSON, or nested too deep")
    return message if isinstance(message, dict) else Unreadable("not a JSON object")


@dataclass
class Record:
    """What the runner said of the cells: their problems, the cell running, why it ended.

    The progress pipe is the runner's, but the student's code runs beside it and can write
    frames of its own, so nothing in them is taken as the grader's words: a frame must name a
    code cell of the notebook (``cell 3 (...``; a markdown cell never ran), ``ended`` must be
    one of the runner's own endings, and ``stalled`` a code cell (the grader also checks that
    the runner exited as its watchdog does: :func:`~.running._run_and_judge`). Each text is
    cut, its runs of white space made one space (:func:`~.output.squeezed`) and escaped.

    >>> record = Record(code_cells=frozenset({2}))
    >>> for forged in ({"problem": "the grader's sandbox failed"}, {"stalled": "3"},
    ...                {"problem": "cell 3 ('a markdown cell') raised ValueError: x"},
    ...                {"ended": "the lecturer's grader crashed"},
    ...                {"problem": "cell 2 ('x') raised ValueError:" + " " * 150 + "== 01 =="}):
    ...     record.add(forged)
    >>> record.problems, record.stalled, record.ended
    (["cell 2 ('x') raised ValueError: == 01 =="], None, '')
    """

    code_cells: frozenset[int] = frozenset()  #: the notebook's code cells, counted from 1
    problems: list[str] = field(default_factory=list)
    running: str = ""
    ended: str = ""
    started: bool = False
    stalled: int | None = None  #: the cell (from 1) that did not stop when interrupted

    def add(self, event: dict[str, Any] | TooLarge | Unreadable) -> None:
        """One event from the runner; anything but short text of the runner's forms is ignored."""
        if not isinstance(event, dict):
            return
        self.started = True
        stalled = event.get("stalled")
        if type(stalled) is str and stalled.isascii() and stalled.isdigit() and len(stalled) <= 6:
            self.stalled = int(stalled) if int(stalled) in self.code_cells else self.stalled
        for key in ("problem", "running", "ended"):
            value = event.get(key)
            if type(value) is not str:
                continue
            text = visible(squeezed(value[:PROBLEM_CHARACTERS]))
            if key == "ended":
                self.ended = text if _RUNNER_ENDS.fullmatch(value) else self.ended
            elif not self.names_a_code_cell(text) and not (key == "running" and text == ""):
                continue
            elif key == "problem" and len(self.problems) < PROBLEMS_KEPT:
                self.problems.append(text)
            elif key == "running":
                self.running = text

    def names_a_code_cell(self, text: str) -> bool:
        """Does ``text`` begin as the runner's lines of a cell do, naming a code cell?"""
        match = _CELL.match(text)
        return match is not None and int(match[1]) in self.code_cells


class Channel:
    """The three named pipes of a channel folder, opened by the grader before the sandbox starts.

    ``process()`` is the sandbox (None before it starts); ``stopping()`` says the run is being
    stopped (Ctrl-C, SIGTERM); ``code_cells`` are the notebook's code cells (from 1), the only
    cells the runner's frames may name (:class:`Record`). :meth:`receive` and :meth:`send` end
    with :class:`NotebookEnded` when the sandbox has ended, the deadline has passed or the run
    is stopping.
    """

    def __init__(
        self,
        folder: Path,
        process: Callable[[], subprocess.Popen[bytes] | None],
        deadline: float,
        stopping: Callable[[], bool] = lambda: False,
        code_cells: frozenset[int] = frozenset(),
    ) -> None:
        self.fds: dict[str, int] = {}
        for name in PIPES:
            os.mkfifo(folder / name, 0o600)
            # Read and write ends at once, not blocking: no open waits for the sandbox.
            self.fds[name] = os.open(folder / name, os.O_RDWR | os.O_NONBLOCK | os.O_NOFOLLOW)
        self.answers = FrameReader(ANSWER_LIMIT)
        self.progress = FrameReader(PROGRESS_LIMIT)
        self.record = Record(code_cells)
        self.process, self.deadline, self.stopping = process, deadline, stopping

    def _check(self, until: float) -> None:
        if self.stopping():
            raise NotebookEnded("stopped")
        process = self.process()
        if process is None or process.poll() is not None:
            self.drain()
            raise NotebookEnded("ended")
        if time.monotonic() >= until:
            raise NotebookEnded("time")

    def _pump(self, seconds: float) -> None:
        """Read what the answers and progress pipes hold, waiting at most ``seconds``."""
        readers = [self.fds["answers"], self.fds["progress"]]
        for fd in select.select(readers, [], [], max(0.0, seconds))[0]:
            self._read(fd)

    def _read(self, fd: int) -> bool:
        with contextlib.suppress(BlockingIOError):
            data = os.read(fd, 1 << 16)
            if data:
                (self.answers if fd == self.fds["answers"] else self.progress).feed(data)
                if fd == self.fds["progress"]:
                    while (event := self.progress.next()) is not None:
                        self.record.add(event)
                return True
        return False

    def drain(self) -> None:
        """Read what is left in the progress pipe (the sandbox has ended: nothing more comes)."""
        for _ in range(64):  # at most 4 MiB, whatever the sandbox left there
            if not self._read(self.fds["progress"]):
                return

    def send(self, message: dict[str, Any]) -> None:
        data = frame_bytes(message)
        while data:
            self._check(self.deadline)
            if select.select([], [self.fds["requests"]], [], TICK)[1]:
                with contextlib.suppress(BlockingIOError):
                    data = data[os.write(self.fds["requests"], data) :]
            self._pump(0)

    def receive(self, seconds: float | None = None) -> dict[str, Any] | TooLarge | Unreadable:
        """The next answer frame; ``seconds`` bounds this wait below the notebook's deadline."""
        until = self.deadline if seconds is None else min(self.deadline, time.monotonic() + seconds)
        while True:
            frame = self.answers.next()
            if frame is not None:
                return frame
            self._check(until)
            self._pump(min(TICK, until - time.monotonic()))

    def wait_for_end(self, until: float) -> None:
        """Let the sandbox end by itself (reading its progress) until ``until`` at the latest."""
        while not self.stopping() and time.monotonic() < until:
            process = self.process()
            if process is None or process.poll() is not None:
                return
            self._pump(min(TICK, until - time.monotonic()))

    def close(self) -> None:
        for fd in self.fds.values():
            os.close(fd)
        self.fds = {}


def read_capped(path: Path, limit: int = 4096) -> bytes:
    """The last ``limit`` bytes of a regular file, opened without following a link and without
    waiting on a pipe; ``b""`` for anything else (a link, a pipe, a folder, nothing).

    >>> read_capped(Path("/dev/null")), read_capped(Path("/no/such/file"))
    (b'', b'')
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:
        return b""
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return b""
        os.lseek(fd, max(0, info.st_size - limit), os.SEEK_SET)
        return os.read(fd, limit)
    except OSError:
        return b""
    finally:
        os.close(fd)
