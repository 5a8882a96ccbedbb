"""Exercise checks: run a student's function against the reference and report, kindly.

A game's exercises module lists its :class:`Task` objects and exposes ``check = Checker(...)``.
In an exercise notebook a student writes a function and runs ``check(function)``: the checker
finds the task by the function's name, runs the course's examples and many random cases, and
prints one short report: how many cases passed, the first failing call, expected vs got, a hint.

The student's code runs in a separate (forked) process, so a function that raises, prints,
changes its input, or loops forever cannot hurt the notebook: each case has a time limit.

>>> def double(x):
...     return 2 * x
>>> checker = Checker([Task("double", lambda x: x + x, cases=[Case((1,)), Case((5,))])])
>>> checker(double)
double: all 2 cases passed ✔
>>> def wrong(x):
...     return x
>>> checker.run(wrong, task="double").passed
0
"""

from __future__ import annotations

import builtins
import contextlib
import copy
import io
import multiprocessing
import pickle
import random
import sys
import threading
import traceback
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from solitaire_lib.cards import Card

#: Seconds a single case may take before it is stopped.
DEFAULT_TIME_LIMIT = 10.0


@dataclass(frozen=True)
class Case:
    """One call to check: positional ``args``, keyword ``kwargs``, and text for ``input()``."""

    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)
    stdin: str | None = None


@dataclass(frozen=True)
class Task:
    """An exercise: the name students give their function, the reference, and the cases.

    ``compare`` is ``'return'`` (the value returned), ``'stdout'`` (what is printed) or
    ``'both'``. ``cases`` is a list, or a function making the list (called at check time).
    ``adapter`` wraps both the student's function and the reference before they run, to compare
    what matters (a file written, a list changed in place, properties of a random result).
    ``mutates`` allows the function to change its arguments, as the text asks for some.
    """

    name: str
    reference: Callable[..., Any]
    cases: Sequence[Case] | Callable[[], Sequence[Case]]
    compare: str = "return"
    hint: str = ""
    time_limit: float = DEFAULT_TIME_LIMIT
    adapter: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None
    mutates: bool = False

    def prepared(self, function: Callable[..., Any]) -> Callable[..., Any]:
        return self.adapter(function) if self.adapter else function

    def all_cases(self) -> list[Case]:
        return list(self.cases() if callable(self.cases) else self.cases)


@dataclass(frozen=True)
class Outcome:
    """What one call did: its status (``ok``, ``raised``, ``timeout``), value, output."""

    status: str
    value: Any = None
    stdout: str = ""
    mutated: bool = False
    error: str = ""


@dataclass
class Report:
    """The result of a check, printable for students."""

    task: str
    passed: int
    total: int
    failing_call: str = ""
    problem: str = ""
    hint: str = ""

    @property
    def ok(self) -> bool:
        return self.passed == self.total

    def __str__(self) -> str:
        if self.ok:
            return f"{self.task}: all {self.total} cases passed ✔"
        lines = [
            f"{self.task}: {self.passed} of {self.total} cases passed ✘",
            f"First failing case: {self.failing_call}",
            self.problem,
        ]
        if self.hint:
            lines.append(f"Hint: {self.hint}")
        return "\n".join(lines)

    __repr__ = __str__


def seeds(count: int, *, fixed: Sequence[int] = (0, 1, 2, -5), rng_seed: int = 9021) -> list[int]:
    """Seeds for test cases: the ``fixed`` ones, then ``count`` random ones (reproducibly).

    >>> seeds(2, fixed=[0])
    [0, 73220, 200864]
    """
    rng = random.Random(rng_seed)
    return [*fixed, *(rng.randrange(-10_000, 1_000_000) for _ in range(count))]


# --- Showing values ----------------------------------------------------------------------------


def show(value: Any, limit: int = 300) -> str:
    """A short, readable form of a value: cards as ``'10♦'``, long texts cut with ``…``."""
    text = _show(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _show(value: Any) -> str:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, tuple):
        inner = ", ".join(_show(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_show(k)}: {_show(v)}" for k, v in value.items()) + "}"
    return repr(value)


def call_text(name: str, case: Case) -> str:
    parts = [show(arg, 120) for arg in case.args]
    parts += [f"{key}={show(value, 120)}" for key, value in case.kwargs.items()]
    text = f"{name}({', '.join(parts)})"
    return text + (f" with input {case.stdin!r}" if case.stdin is not None else "")


# --- Running a function on cases ---------------------------------------------------------------


def run_case(function: Callable[..., Any], case: Case) -> Outcome:
    """Call ``function`` on a copy of the case, capturing what it prints and reads."""
    args, kwargs = copy.deepcopy(case.args), copy.deepcopy(case.kwargs)
    buffer = io.StringIO()
    stdin = io.StringIO(case.stdin or "")
    try:
        with contextlib.redirect_stdout(buffer), _redirect_stdin(stdin):
            value = function(*args, **kwargs)
    except SystemExit as stop:
        value = stop.code
    except BaseException as error:
        return Outcome("raised", stdout=buffer.getvalue(), error=_error_text(error))
    mutated = (args, kwargs) != (case.args, case.kwargs)
    return Outcome("ok", value, buffer.getvalue(), mutated)


@contextlib.contextmanager
def _redirect_stdin(stream: io.StringIO) -> Any:
    """Feed ``stream`` to ``sys.stdin`` and to ``input()``.

    In a Jupyter kernel ``input`` asks the notebook's front end, not ``sys.stdin``, so it is
    replaced too. Like the real one, it prints the prompt, and raises EOFError at the end.
    """

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


def _error_text(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    where = f" (line {frames[-1].lineno})" if frames else ""
    return f"{type(error).__name__}: {error}{where}"


def _picklable(outcome: Outcome) -> Outcome:
    try:
        pickle.dumps(outcome.value)
    except Exception:
        return Outcome(outcome.status, show(outcome.value), outcome.stdout, outcome.mutated,
                       outcome.error)  # fmt: skip
    return outcome


def _child(connection: Any, function: Callable[..., Any], cases: list[Case]) -> None:
    for case in cases:
        connection.send(_picklable(run_case(function, case)))
    connection.close()


class _Runner:
    """Runs a function on cases one by one in a forked child, each with a time limit."""

    def __init__(self, function: Callable[..., Any], cases: list[Case], time_limit: float):
        self.time_limit = time_limit
        self._thread_results: list[Outcome] = []
        try:
            context = multiprocessing.get_context("fork")
        except ValueError:  # no fork (Windows): run in a thread, which cannot be stopped
            self._process = None
            thread = threading.Thread(
                target=lambda: self._thread_results.extend(run_case(function, c) for c in cases),
                daemon=True,
            )
            self._thread = thread
            thread.start()
            return
        self._receiver, sender = context.Pipe(duplex=False)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # "fork() with threads" notice
            self._process = context.Process(target=_child, args=(sender, function, cases),
                                            daemon=True)  # fmt: skip
            with (
                contextlib.redirect_stdout(io.StringIO()),
                contextlib.redirect_stderr(io.StringIO()),
            ):
                self._process.start()
        sender.close()

    def next_outcome(self, index: int) -> Outcome:
        if self._process is None:
            self._thread.join(self.time_limit * (index + 1))
            if index < len(self._thread_results):
                return self._thread_results[index]
            return Outcome("timeout")
        if not self._receiver.poll(self.time_limit):
            return Outcome("timeout")
        try:
            outcome: Outcome = self._receiver.recv()
        except EOFError:
            return Outcome("raised", error="the function ended the process")
        return outcome

    def stop(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.join()
            self._receiver.close()


# --- Comparing ---------------------------------------------------------------------------------


def _first_difference(expected: str, got: str) -> str:
    want, have = expected.split("\n"), got.split("\n")
    for number, (a, b) in enumerate(zip(want, have, strict=False), start=1):
        if a != b:
            return f"  line {number} expected: {a!r}\n  line {number} got:      {b!r}"
    if len(want) > len(have):
        return f"  the output stops after {len(have)} lines; line {len(have) + 1} expected: " \
               f"{want[len(have)]!r}"  # fmt: skip
    return f"  the output goes on after {len(want)} lines with: {have[len(want)]!r}"


def problem_with(task: Task, expected: Outcome, got: Outcome) -> str | None:
    """Why ``got`` does not pass, or ``None`` when it does."""
    if got.status == "timeout":
        return f"  it did not finish within {task.time_limit:g} seconds (an endless loop?)"
    if got.status == "raised" and got.error.startswith("NotImplementedError"):
        return "  not written yet: replace the NotImplementedError line with your code"
    if got.status == "raised":
        return f"  it raised {got.error}"
    if got.mutated and not task.mutates:
        return "  it changed its input (work on a copy instead)"
    if task.compare in ("return", "both") and got.value != expected.value:
        return f"  expected: {show(expected.value)}\n  got:      {show(got.value)}"
    if task.compare in ("stdout", "both") and got.stdout != expected.stdout:
        return _first_difference(expected.stdout, got.stdout)
    return None


class Checker:
    """Checks students' functions against the tasks of one notebook.

    ``check(function)`` prints the report; :meth:`run` returns it (for tests).
    """

    def __init__(self, tasks: Iterable[Task]) -> None:
        self.tasks = {task.name: task for task in tasks}

    def run(self, function: Callable[..., Any], task: str | None = None) -> Report:
        name = task or getattr(function, "__name__", "")
        if name not in self.tasks:
            known = ", ".join(sorted(self.tasks))
            raise ValueError(f"no exercise called {name!r}; the exercises here are: {known}")
        return self._run(function, self.tasks[name])

    def __call__(self, function: Callable[..., Any], task: str | None = None) -> None:
        print(self.run(function, task))

    def _run(self, function: Callable[..., Any], task: Task) -> Report:
        cases = task.all_cases()
        runner = _Runner(task.prepared(function), cases, task.time_limit)
        reference = task.prepared(task.reference)
        try:
            for index, case in enumerate(cases):
                got = runner.next_outcome(index)
                problem = problem_with(task, run_case(reference, case), got)
                if problem is not None:
                    return Report(task.name, index, len(cases), call_text(task.name, case),
                                  problem, task.hint)  # fmt: skip
        finally:
            runner.stop()
        return Report(task.name, len(cases), len(cases))
