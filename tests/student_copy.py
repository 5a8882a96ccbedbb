"""A right function of a student's, made from a reference: for the tests that check a reference
against its own check (a student's run cannot call the check's own references, nor hand one in)."""

from __future__ import annotations

import types
from typing import Any


def as_a_student_writes_it(reference: Any) -> Any:
    """The reference's code in a function of its own, with its own copy of its module's names: a
    right function that calls no answer of the check (in a student's run those are hidden).

    >>> def double(x):
    ...     return 2 * x
    >>> copy = as_a_student_writes_it(double)
    >>> copy is double, copy(21)
    (False, 42)
    """
    if not isinstance(reference, types.FunctionType):
        return reference  # a class (exercise 05's piles): the library's own, not hidden
    copy = types.FunctionType(
        reference.__code__,
        dict(reference.__globals__),
        reference.__name__,
        reference.__defaults__,
        reference.__closure__,
    )
    copy.__kwdefaults__, copy.__doc__ = reference.__kwdefaults__, reference.__doc__
    return copy
