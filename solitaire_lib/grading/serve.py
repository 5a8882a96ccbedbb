"""In the student's kernel, inside the sandbox: answer the grader's calls, and nothing more.

The last cell of a graded notebook calls :func:`serve`. The grader, outside the sandbox, sends
requests through the channel's named pipe ``requests`` and reads the answers from ``answers``,
one frame of plain data each way (:mod:`solitaire_lib.grading.plain`):

* ``{"op": "task", ...}``: the cases of one task (arguments only, never an expected answer); the
  kernel runs the student's function on them, contained, exactly as ``check`` does, and sends
  back a header (whether the function has a docstring, the names it calls, how many outcomes
  follow), then one frame per case's outcome;
* ``{"op": "agent", ...}``: notebook 04's agent answers its situations, twice;
* ``{"op": "decide"}``, then one frame per decision: the grader plays the course runner and asks
  the agent each decision;
* ``{"op": "done"}``: the cell ends.

Changing anything here, in the kernel, changes only what the student's own answers are: the
cases, the reference and the judgement stay with the grader. The frames of these functions hold
the student's function and the arguments of a case, nothing else.
"""

from __future__ import annotations

import dis
import importlib
import math
import os
import types
from collections.abc import Callable
from typing import Any

from solitaire_lib.grading.checks import handed_in, has_docstring
from solitaire_lib.grading.isolation import (
    Case,
    FrameReader,
    ServedFunction,
    outcome_frame,
    run_cases,
    send_frame,
)
from solitaire_lib.grading.plain import decode, encode
from solitaire_lib.grading.sandbox import channel_path

#: At most this many names are reported as used by a function.
NAMES_LIMIT = 500


def case_frame(case: Case) -> dict[str, Any]:
    """A case as plain data, to cross to the kernel (its label stays with the grader)."""
    return {
        "args": [_argument_frame(a) for a in case.args],
        "kwargs": {k: _argument_frame(v) for k, v in case.kwargs.items()},
        "stdin": case.stdin,
        "random_seed": case.random_seed,
    }


def _argument_frame(value: Any) -> dict[str, Any]:
    """An argument as plain data; a numpy array as its values and type; an object of a library
    class (a Play Nine player) as its class and its attributes, which are plain data."""
    kind = type(value)
    if kind.__module__ == "numpy" and kind.__name__ == "ndarray":
        return {"array": value.tolist(), "dtype": str(value.dtype)}  # numbers: JSON as it is
    if kind.__module__.startswith("solitaire_lib.") and hasattr(value, "__dict__"):
        return {"library": [kind.__module__, kind.__qualname__], "state": encode(vars(value))}
    return {"plain": encode(value)}


def _argument(frame: dict[str, Any]) -> Any:
    if "array" in frame:
        import numpy

        return numpy.array(frame["array"], dtype=str(frame["dtype"]))
    if "library" in frame:
        module, name = (str(part) for part in frame["library"])
        if not module.startswith("solitaire_lib."):
            raise ValueError(f"not a class of the library: {module}")
        kind = getattr(importlib.import_module(module), name)
        value = kind.__new__(kind)
        value.__dict__.update(decode(frame["state"]))
        return value
    return decode(frame["plain"])


def case_from(frame: dict[str, Any]) -> Case:
    """The case again, from the grader's frame.

    >>> case_from(case_frame(Case((1, [2]), {"k": (3,)}, "y\\n", random_seed=5)))
    Case(args=(1, [2]), kwargs={'k': (3,)}, stdin='y\\n', label='', random_seed=5)
    """
    stdin, seed = frame.get("stdin"), frame.get("random_seed")
    args = tuple(_argument(a) for a in frame["args"])
    kwargs = {str(k): _argument(v) for k, v in frame["kwargs"].items()}
    return Case(
        args,
        kwargs,
        stdin if type(stdin) is str else None,
        random_seed=seed if type(seed) is int else None,
    )


def names_used(function: Any, namespace: dict[str, Any]) -> list[str]:
    """The global names that ``function`` loads, and those its helpers in ``namespace`` load
    (an attribute of the same name, ``rules.apply_move``, is not the global ``apply_move``).

    >>> def helper(): return len([])
    >>> def task(): return helper()
    >>> names_used(task, {"helper": helper, "task": task})
    ['helper', 'len']
    """
    found: set[str] = set()
    todo = [function]
    seen: set[int] = set()
    while todo and len(found) < NAMES_LIMIT:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        codes = [getattr(item, "__code__", None)]
        if isinstance(item, type):
            codes = [getattr(v, "__code__", None) for v in vars(item).values()]
        for code in (c for c in codes if isinstance(c, types.CodeType)):
            for name in _code_names(code):
                found.add(name)
                helper = namespace.get(name)
                if isinstance(helper, types.FunctionType | type):
                    todo.append(helper)
    return sorted(found)[:NAMES_LIMIT]


def _code_names(code: types.CodeType) -> list[str]:
    """The global names a code object (and the code inside it) loads: ``rules.apply_move``
    loads the global ``rules``, not ``apply_move`` (``co_names`` would hold both).

    >>> def task(rules): return rules.apply_move(len([]))
    >>> _code_names(task.__code__)
    ['len']
    """
    names = [
        str(instruction.argval)
        for instruction in dis.get_instructions(code)
        if instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME")
    ]
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names += _code_names(constant)
    return names


def _adapter(module_name: str, task_name: str) -> Callable[[Any], Any] | None:
    """The task's adapter (how its function is called), and nothing else of the task."""
    adapter: Callable[[Any], Any] | None = (
        importlib.import_module(module_name).check.tasks[task_name].adapter
    )
    return adapter


def answer_task(request: dict[str, Any], namespace: dict[str, Any], answers: int) -> None:
    """Run the student's function of one task on the grader's cases: a header frame (is there
    such a function, is it documented, what names it uses, how many outcomes follow), then one
    frame per case, so that the grader can refuse one case's answer and judge each as it comes."""
    function = namespace.get(str(request["function"]))
    if not callable(function):
        send_frame(answers, {"missing": True})
        return
    adapter = _adapter(str(request["module"]), str(request["task"]))
    students = handed_in(function, str(request["task"]))  # not the check's own reference
    prepared = adapter(students) if adapter else students
    cases = [case_from(frame) for frame in request["cases"]]
    got = run_cases(prepared, cases, float(request["time_limit"]), float(request["total_limit"]))
    header = {
        "missing": False,
        "documented": has_docstring(function),
        "uses": names_used(function, namespace),
        "cases": len(got),
    }
    send_frame(answers, header)
    for outcome in got:
        send_frame(answers, outcome_frame(outcome))


def _agent(namespace: dict[str, Any]) -> tuple[Any, Any] | None:
    drawing = namespace.get("choose_drawing_action")
    replacing = namespace.get("choose_replacement_action")
    return (drawing, replacing) if callable(drawing) and callable(replacing) else None


def answer_agent(request: dict[str, Any], namespace: dict[str, Any]) -> dict[str, Any]:
    """Notebook 04's agent, in every situation the grader sends, twice."""
    agent = _agent(namespace)
    if agent is None:
        return {"missing": True}
    module = importlib.import_module(str(request["module"]))
    cases = [case_from(frame) for frame in request["cases"]]
    first, second = module.agent_answers(*agent, cases)
    return {
        "missing": False,
        "first": [outcome_frame(o) for o in first],
        "second": [outcome_frame(o) for o in second],
    }


def decide(
    request: dict[str, Any], namespace: dict[str, Any], reader: FrameReader, answers: int
) -> None:
    """Answer the agent's decisions, one frame each, until the grader sends ``{"op": "enough"}``."""
    agent = _agent(namespace)
    module = importlib.import_module(str(request["module"]))
    with ServedFunction(module.deciding(*agent) if agent else _no_agent) as served:
        while (frame := reader.read(math.inf)) is not None and "args" in frame:
            outcome = served.call(tuple(decode(frame["args"])), float(frame["time_limit"]))
            send_frame(answers, outcome_frame(outcome))


def _no_agent(*_: Any) -> Any:
    raise NameError("choose_drawing_action and choose_replacement_action are not defined")


def serve(namespace: dict[str, Any]) -> None:
    """Answer the grader's requests until it says it is done (the notebook's last cell)."""
    channel = channel_path()
    requests = os.open(channel / "requests", os.O_RDONLY)
    answers = os.open(channel / "answers", os.O_WRONLY)
    reader = FrameReader(requests)
    try:
        while (request := reader.read(math.inf)) is not None:
            op = request.get("op")
            if op == "task":
                answer_task(request, namespace, answers)
            elif op == "agent":
                send_frame(answers, answer_agent(request, namespace))
            elif op == "decide":
                decide(request, namespace, reader, answers)
            else:
                break
    finally:
        os.close(requests)
        os.close(answers)
