"""Right functions of a student's, made from the check's references: for the tests that check a
reference against its own check, and for mistakes built on a right version (a student's run can
neither call the check's own references nor hand one in)."""

from __future__ import annotations

import types
from typing import Any


def as_a_student_writes_it(reference: Any) -> Any:
    """The reference's code in a function of its own. It and every function of its module are
    copied into one namespace of their own (a copy of the module's names), so that the copy calls
    copies, and no copy holds the check's own functions.

    >>> def double(x):
    ...     return 2 * x
    >>> copy = as_a_student_writes_it(double)
    >>> copy is double, copy(21)
    (False, 42)
    """
    if not isinstance(reference, types.FunctionType):
        return reference  # a class (exercise 05's piles): the library's own, not hidden
    names = dict(reference.__globals__)
    module = names.get("__name__")
    copies = {
        name: _copy(value, names)
        for name, value in names.items()
        if isinstance(value, types.FunctionType) and value.__module__ == module
    }
    names.update(copies)
    same = [copies[name] for name, value in reference.__globals__.items() if value is reference]
    return same[0] if same else _copy(reference, names)


def _copy(function: types.FunctionType, names: dict[str, Any]) -> types.FunctionType:
    copy = types.FunctionType(
        function.__code__, names, function.__name__, function.__defaults__, function.__closure__
    )
    copy.__kwdefaults__, copy.__doc__ = function.__kwdefaults__, function.__doc__
    copy.__qualname__ = function.__qualname__
    return copy
