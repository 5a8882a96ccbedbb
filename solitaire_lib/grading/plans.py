"""Reading a class's submissions: which notebook of each student is graded, and which is not.

:func:`plan_student` makes one :class:`Plan` per notebook number expected (of several copies,
the one :mod:`~solitaire_lib.grading.copies` chooses is graded, the others listed), and
:func:`check_contents` marks a notebook that cannot be read or is not the exercise notebook
before it runs. (The roster: :mod:`~solitaire_lib.grading.roster`
and :func:`~solitaire_lib.grading.classbook.class_list`.)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solitaire_lib.grading.copies import choose
from solitaire_lib.grading.submissions import NOTEBOOK_FILE_LIMIT, NOTEBOOKS, Notebook, Student
from solitaire_lib.grading.verdicts import (
    DAMAGED,
    DUPLICATE,
    GRADED,
    MISSING,
    NOT_ASKED,
    NOT_EXERCISE,
    Reference,
)

#: Bytes of a notebook file the grader reads (a notebook of the series is well under 1 MB; its
#: outputs, which are never graded, may be large).
NOTEBOOK_LIMIT = NOTEBOOK_FILE_LIMIT
#: What to do about a submission whose folders could not all be read.
DAMAGED_ADVICE_TREE = (
    "Your submission could not be read whole: submit the notebook itself, not a folder of "
    "folders (or a zip of one)."
)
#: JSON values of a notebook file the grader parses (a notebook of the series has a few thousand).
JSON_VALUES_LIMIT = 2_000_000

DAMAGED_ADVICE = (
    "This file is not a valid notebook: download it again with File > Download and resubmit it."
)


def read_notebook(path: Path) -> tuple[dict[str, Any] | None, str]:
    """The notebook as JSON data, its outputs left out, or None and what is wrong with it, in a
    student's words. Outputs are never graded (the grader runs the code again), so a notebook
    of 60 MB of printed output is read as the few kilobytes of its code."""
    import nbformat

    try:
        if path.stat().st_size > NOTEBOOK_LIMIT:
            return None, f"it is larger than {NOTEBOOK_LIMIT // 2**20} MB"
        text = path.read_text("utf-8")
    except UnicodeDecodeError:
        return None, "it is not text"
    values = json_values(text)
    if values > JSON_VALUES_LIMIT:
        return None, f"it holds more than {JSON_VALUES_LIMIT:,} JSON values"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return None, f"it is cut short or changed: it is not JSON (line {error.lineno})"
    except RecursionError:
        return None, "it is cut short or changed: its JSON nests too deep"
    if not isinstance(data, dict):
        return None, "it is JSON, but not a Jupyter notebook"
    try:
        book = nbformat.from_dict(without_outputs(data))  # type: ignore[no-untyped-call]
        book = nbformat.convert(book, 4)  # type: ignore[no-untyped-call]
        nbformat.validate(book)
    except Exception:  # nbformat's own errors (a RecursionError too): JSON, but no notebook
        return None, "it is JSON, but not a Jupyter notebook"
    return book, ""


_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')


def json_values(text: str) -> int:
    """About how many values a JSON text holds (its commas, brackets and braces outside its
    strings), counted in linear time before it is parsed.

    >>> json_values('{"a": [1, 2, "x,y"]}')  # the comma in "x,y" counted too: a bound
    5
    """
    rough = sum(text.count(mark) for mark in ",[{")  # the marks in strings too: at least as many
    if rough <= JSON_VALUES_LIMIT:
        return rough
    skeleton = _JSON_STRING.sub('""', text)
    return sum(skeleton.count(mark) for mark in ",[{")


def without_outputs(data: dict[str, Any]) -> dict[str, Any]:
    """The notebook's JSON with every code cell's outputs and execution count left out.

    >>> without_outputs({"cells": [{"cell_type": "code", "outputs": [1], "execution_count": 3}]})
    {'cells': [{'cell_type': 'code', 'outputs': [], 'execution_count': None}]}
    """
    cells = data.get("cells")
    if isinstance(cells, list):
        for cell in cells:
            if isinstance(cell, dict) and cell.get("cell_type") == "code":
                cell["outputs"], cell["execution_count"] = [], None
    return data


def is_exercise_notebook(book: dict[str, Any], reference: Reference) -> bool:
    """Does the notebook define any of the task functions, or import the checker?"""
    source = "\n".join(
        "".join(c.get("source", "")) for c in book.get("cells", []) if c.get("cell_type") == "code"
    )
    if reference.module_name in source:
        return True
    return any(
        re.search(rf"\b(def|class)\s+{re.escape(name)}\b", source)
        for name in reference.function_names()
    )


@dataclass
class Plan:
    """What is to be done for one student and one notebook number (or one file not graded)."""

    student: Student
    number: str
    notebook: Notebook | None
    status: str
    reason: str = ""
    others: list[Notebook] = field(default_factory=list)
    why: str = ""  #: why this copy is graded, where there are several


def plan_student(
    student: Student, numbers: list[str], blank: Callable[[Notebook], bool] = lambda n: False
) -> list[Plan]:
    """One plan per notebook number expected, and one per file that will not be graded; of
    several copies, the one :func:`~solitaire_lib.grading.copies.choose` chooses is graded
    (``blank`` tells a copy with nothing written in it)."""
    plans = []
    for number in numbers:
        found = [n for n in student.notebooks if n.number == number]
        if not found and student.damaged:
            reason = f"{DAMAGED_ADVICE_TREE} (What is wrong: {student.damaged}.)"
            plans.append(Plan(student, number, None, DAMAGED, reason))
            continue
        if not found:
            plans.append(Plan(student, number, None, MISSING))
            continue
        choice = choose(found, blank)
        plans.append(Plan(student, number, choice.graded, GRADED, "", choice.others, choice.why))
        plans += [Plan(student, number, n, DUPLICATE) for n in choice.others]
    for notebook in student.notebooks:
        if notebook.number is None:
            plans.append(Plan(student, "", notebook, NOT_EXERCISE))
        elif notebook.number not in numbers:
            plans.append(Plan(student, notebook.number, notebook, NOT_ASKED))
    return plans


def check_contents(plan: Plan, references: dict[str, Reference]) -> None:
    """Mark a notebook that cannot be read, or that is not the exercise notebook, before it runs."""
    if plan.status != GRADED or plan.notebook is None:
        return
    reference = references[plan.number]
    book, wrong = read_notebook(plan.notebook.path)
    if book is None:
        plan.status, plan.reason = DAMAGED, f"{DAMAGED_ADVICE} (What is wrong: {wrong}.)"
    elif not is_exercise_notebook(book, reference):
        plan.status = NOT_EXERCISE
        plan.reason = (
            f"It defines none of the functions of exercise notebook {plan.number} "
            f"({NOTEBOOKS[plan.number]}): is it the lesson, or another notebook? "
            "Submit the exercise notebook."
        )
