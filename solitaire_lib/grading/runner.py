"""Inside the sandbox: run one notebook as *Run All* would, then let the grader call its functions.

``python -m solitaire_lib.grading.runner CELL_SECONDS`` runs ``notebook.ipynb`` from the channel
folder (:func:`solitaire_lib.grading.sandbox.channel_path`) in a fresh kernel, in the student's
scratch folder. A cell that raises does not stop the rest; a cell that runs longer than
``CELL_SECONDS`` is interrupted. As each cell starts and ends it tells the grader, on the
channel's ``progress`` pipe, so the grader can explain a notebook it had to stop.

Then it runs one more cell, :func:`solitaire_lib.grading.serve.serve`: the kernel answers the
grader's calls until the grader says it is done. This program never judges anything, and nothing
it writes is a grade: the grader, outside the sandbox, makes the cases and judges the answers.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

from solitaire_lib.grading.channel import DONE, KERNEL_DIED, NOT_RUN
from solitaire_lib.grading.sandbox import channel_path

#: The cell the grader's run adds at the end of the notebook.
SERVING_CELL = (
    "from solitaire_lib.grading.serve import serve as _solitaire_grading_serve\n"
    "_solitaire_grading_serve(globals())"
)
#: Characters of an error message kept for the feedback.
MESSAGE_LIMIT = 200
#: Seconds a cell has to stop once interrupted (at its time limit) before its kernel is killed.
GRACE_SECONDS = 5
#: The runner's exit status when it ended the run because a cell would not stop.
STALLED = 3
#: Characters of one progress event (so that its frame, escaped as JSON, is under PIPE_BUF).
EVENT_CHARACTERS = 300


def cell_problem(
    number: int, source: str, error: dict[str, Any], cell_seconds: int, seconds: float = math.inf
) -> str:
    """One line of feedback for a cell that raised, or was stopped; ``seconds`` is how long it
    ran (a KeyboardInterrupt before ``cell_seconds`` is the cell's own, not the time limit).

    >>> cell_problem(3, "x = 1/0", {"ename": "ZeroDivisionError", "evalue": "division by zero"}, 60)
    "cell 3 ('x = 1/0') raised ZeroDivisionError: division by zero"
    >>> cell_problem(4, "raise KeyboardInterrupt", {"ename": "KeyboardInterrupt"}, 60, 0.1)
    "cell 4 ('raise KeyboardInterrupt') raised KeyboardInterrupt itself (it was not stopped): None"
    """
    first_line = source.strip().split("\n")[0][:60]
    where = f"cell {number} ({first_line!r})"
    if error.get("ename") == "KeyboardInterrupt" and seconds < cell_seconds:
        evalue = str(error.get("evalue"))[:MESSAGE_LIMIT]
        return f"{where} raised KeyboardInterrupt itself (it was not stopped): {evalue or None}"
    if error.get("ename") == "KeyboardInterrupt":
        return f"{where} was stopped: it ran longer than {cell_seconds} s"
    return f"{where} raised {error.get('ename')}: {str(error.get('evalue'))[:MESSAGE_LIMIT]}"


class Progress:
    """What happens in the cells, said to the grader as it happens: one small frame on the
    channel's ``progress`` pipe for each cell started, each problem, and the end of the run.

    The grader keeps no file of it: a notebook that replaces the pipe only silences itself.
    Each frame is under ``PIPE_BUF`` bytes, so it is written whole or not at all; when the pipe
    is full (the grader is busy), the frame is dropped rather than waited for.
    """

    def __init__(self, channel: Path, cell_seconds: int, student_cells: int) -> None:
        self.cell_seconds, self.student_cells = cell_seconds, student_cells
        self.started_at = time.monotonic()
        try:
            self.fd: int | None = os.open(channel / "progress", os.O_WRONLY | os.O_NONBLOCK)
        except OSError:
            self.fd = None

    def say(self, **event: str) -> None:
        if self.fd is None:
            return
        short = {key: value[:EVENT_CHARACTERS] for key, value in event.items()}
        payload = json.dumps(short).encode()
        with contextlib.suppress(OSError):
            os.write(self.fd, len(payload).to_bytes(8, "big") + payload)

    def started(self, cell: Any, cell_index: int, **_: Any) -> None:
        if cell_index >= self.student_cells:
            return  # the serving cell
        first_line = cell.source.strip().split("\n")[0][:60]
        self.started_at = time.monotonic()
        self.say(running=f"cell {cell_index + 1} ({first_line!r})")

    def finished(self, cell: Any, cell_index: int, **_: Any) -> None:
        if cell_index >= self.student_cells:
            return
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                number, took = cell_index + 1, time.monotonic() - self.started_at
                problem = cell_problem(number, cell.source, output, self.cell_seconds, took)
                self.say(problem=problem)
        self.say(running="")

    def ended(self, why: str) -> None:
        self.say(ended=why)


class Watchdog:
    """Ends the run when a cell goes on :data:`GRACE_SECONDS` after its time limit (nbclient has
    interrupted it by then, and it ignored the interrupt): says which cell to the grader, kills
    the kernel, and exits with :data:`STALLED`, so that the grader can run the notebook again
    without that cell instead of waiting for the whole notebook's time."""

    def __init__(self, progress: Progress, seconds: float) -> None:
        self.progress, self.seconds = progress, seconds
        self.timer: threading.Timer | None = None
        self.kernel_pid: int | None = None

    def kernel_started(self, pid: int | None) -> None:
        self.kernel_pid = pid

    def started(self, cell: Any, cell_index: int, **_: Any) -> None:
        self.progress.started(cell, cell_index)
        if cell_index < self.progress.student_cells:
            self.timer = threading.Timer(self.seconds, self.stalled, (cell_index + 1,))
            self.timer.daemon = True
            self.timer.start()

    def finished(self, cell: Any, cell_index: int, **_: Any) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.progress.finished(cell, cell_index)

    def stalled(self, number: int) -> None:
        self.progress.say(stalled=str(number))
        if self.kernel_pid is not None:
            with contextlib.suppress(OSError):
                os.kill(self.kernel_pid, signal.SIGKILL)
        os._exit(STALLED)


def run(cell_seconds: int) -> int:
    """Run the channel's notebook, then the serving cell; 0 when it ran to its end."""
    import nbformat
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient
    from nbclient.exceptions import DeadKernelError

    channel = channel_path()
    book = nbformat.read(channel / "notebook.ipynb", as_version=4)  # type: ignore[no-untyped-call]
    serving = nbformat.v4.new_code_cell(SERVING_CELL)  # type: ignore[no-untyped-call]
    student_cells = len(book.cells)
    book.cells.append(serving)
    progress = Progress(channel, cell_seconds, student_cells)
    watchdog = Watchdog(progress, cell_seconds + GRACE_SECONDS)
    kernel = KernelManager(kernel_name="python3", transport="ipc")
    client = NotebookClient(
        book,
        km=kernel,
        timeout_func=lambda cell: None if cell is serving else cell_seconds,
        allow_errors=True,
        interrupt_on_timeout=True,
        resources={"metadata": {"path": os.getcwd()}},
        on_cell_execute=watchdog.started,
        on_cell_executed=watchdog.finished,
        on_notebook_start=lambda **_: watchdog.kernel_started(_pid(kernel)),
    )
    try:
        client.execute()
    except DeadKernelError:
        progress.ended(KERNEL_DIED)
        return 1
    except Exception as error:  # the kernel could not start, or nbclient gave up
        progress.ended(f"{NOT_RUN} ({type(error).__name__})")
        return 1
    del book.cells[student_cells:]
    progress.ended(DONE)
    return 0


def _pid(kernel: Any) -> int | None:
    """The kernel's process id, where its provisioner (a local one) says it."""
    pid = getattr(getattr(kernel, "provisioner", None), "pid", None)
    return pid if type(pid) is int else None


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    return run(int(args[0]) if args else 60)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
