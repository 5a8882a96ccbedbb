"""Which of a student's copies of one notebook is graded, by a rule a lecturer would accept.

1. A copy with work of the student's own beats a blank one (the exercise notebook as it was
   given): a blank original is never graded over its filled-in copy.
2. Then the newest file (to the second).
3. Equal times (many unzip tools give every file the time of the zip) fall back to the names:
   Canvas's ``-1``, ``-2`` are resubmissions (newer than the first, the higher the newer);
   ``Copy of …`` and ``… (1)`` are older copies, as a download folder or Google Drive makes them.
4. Last, the file's path, so that the choice never depends on the order files were read.

The feedback names the copy graded and why (:func:`choose`).

>>> copy_rank("02_sevens-2.ipynb"), copy_rank("02_sevens.ipynb"), copy_rank("02_sevens (1).ipynb")
(2, 0, -1)
>>> copy_rank("Copy of 02_sevens.ipynb")
-1
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import PurePath
from typing import Generic, Protocol, TypeVar

_RESUBMISSION = re.compile(r"-(\d+)$")
_OLDER_COPY = re.compile(r"\s*\(\d+\)$")
_COPY_OF = re.compile(r"^copy of\s+", re.IGNORECASE)


class Copy(Protocol):
    """What the rule needs of a submitted file (a :class:`~.submissions.Notebook` has it): the
    path shown, the file's own name (``relative``: without Canvas's prefix) and its time."""

    @property
    def submitted_as(self) -> str: ...

    @property
    def relative(self) -> PurePath: ...

    @property
    def mtime(self) -> float: ...


def copy_rank(name: str) -> int:
    """How recent a copy's name says it is, beside copies of equal time: Canvas's ``-N``
    resubmission ``N``, the plain name 0, an older copy (``Copy of``, ``(1)``) -1."""
    stem = PurePath(name).stem.strip()
    if _COPY_OF.match(stem) or _OLDER_COPY.search(stem):
        return -1
    resubmission = _RESUBMISSION.search(stem)
    return int(resubmission[1]) if resubmission else 0


C = TypeVar("C", bound=Copy)


@dataclass(frozen=True)
class Choice(Generic[C]):
    """The copy graded, the others (newest first), and why, in a sentence for the feedback."""

    graded: C
    others: list[C]
    why: str


def choose(copies: Sequence[C], blank: Callable[[C], bool] = lambda copy: False) -> Choice[C]:
    """The copy to grade among ``copies`` (at least one) and the reason.

    >>> from types import SimpleNamespace as File
    >>> first = File(submitted_as="ada/02.ipynb", relative=PurePath("02.ipynb"), mtime=5.0)
    >>> again = File(submitted_as="ada/02-1.ipynb", relative=PurePath("02-1.ipynb"), mtime=5.0)
    >>> choice = choose([first, again])
    >>> choice.graded is again
    True
    >>> print(choice.why)  # doctest: +NORMALIZE_WHITESPACE
    Graded ada/02-1.ipynb: the files have the same time, and ada/02-1.ipynb is a resubmission
    (Canvas names a later upload "-1").
    """

    def key(copy: C) -> tuple[bool, int, int, str]:
        return (not blank(copy), int(copy.mtime), copy_rank(copy.relative.name), copy.submitted_as)

    ordered = sorted(copies, key=key, reverse=True)
    graded, others = ordered[0], ordered[1:]
    return Choice(graded, others, _why(graded, others, blank) if others else "")


def _why(graded: C, others: Sequence[C], blank: Callable[[C], bool]) -> str:
    runner_up = others[0]
    said = f"Graded {graded.submitted_as}: "
    if blank(runner_up) and not blank(graded):
        return (
            said + f"{runner_up.submitted_as} is the exercise notebook with nothing written in it."
        )
    if int(graded.mtime) != int(runner_up.mtime):
        return said + "it is the newest file."
    rank, other = copy_rank(graded.relative.name), copy_rank(runner_up.relative.name)
    if rank > max(other, 0):
        return said + (
            f"the files have the same time, and {graded.submitted_as} is a resubmission "
            f'(Canvas names a later upload "-{rank}").'
        )
    if rank > other:
        return said + (
            f'the files have the same time, and {runner_up.submitted_as} is an older copy ("Copy '
            'of" and "(1)" are the names of copies made from a file).'
        )
    return said + "the files have the same time and names alike: the last by name is graded."
