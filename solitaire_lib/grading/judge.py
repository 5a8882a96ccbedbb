"""The exercise checker's judge, as a process of its own: ``python -m solitaire_lib.grading.judge``.

Where a student's code has run in the checker's own process (in a thread of the notebook,
``SOLITAIRE_CHECK_THREADS=1``; without ``fork``, on Windows, it runs in a spawned worker and the
notebook judges), that process may have been changed by it: a patched comparison would pass
every case. So the outcomes are sent here, as plain data, and judged by a fresh Python that never
ran the student's code. (What the notebook then prints is still in the student's code's reach:
thread mode is for debugging, see docs/GRADING.md.)

It reads one JSON request on standard input, ``{"module": ..., "task": ..., "seed": ...,
"got": [frames]}`` (``seed``: of the drawn cases),
finds the :class:`~solitaire_lib.grading.checks.Checker` of that module with that task, runs the
reference itself, and writes ``{"report": {...}, "shown": index or null}``.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import sys
from typing import Any

from solitaire_lib.grading.checks import Checker, judge
from solitaire_lib.grading.isolation import outcome_from


def find_checker(module_name: str, task: str) -> Checker:
    """The checker defined in ``module_name`` that has ``task``.

    >>> find_checker("solitaire_lib.sevens.exercises", "cards_left").module
    'solitaire_lib.sevens.exercises'
    """
    module = importlib.import_module(module_name)
    for value in vars(module).values():
        if isinstance(value, Checker) and task in value.tasks:
            return value
    raise LookupError(f"no checker with the task {task!r} in {module_name}")


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """The judgement of one request, as JSON-ready data."""
    checker = find_checker(str(request["module"]), str(request["task"]))
    task = checker.tasks[str(request["task"])]
    got = [outcome_from(frame) for frame in request["got"]]
    seed = request.get("seed")
    report, shown = judge(task, task.all_cases(None if seed is None else int(seed)), got)
    return {"report": dataclasses.asdict(report), "shown": shown}


def main() -> int:
    print(json.dumps(answer(json.load(sys.stdin))))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
