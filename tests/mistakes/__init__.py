"""Wrong implementations that students write, one module per game: the checks must reject each.

They are student code, written as students write it: untyped on purpose. Used only by
``tests/test_exercise_mistakes.py``.
"""

import types


def in_a_notebook(right, name, about, names, **given):
    """``right``'s code as ``name`` (its docstring ``about``) in a notebook of its own: the names of
    a mistakes module (``names``, its globals), where the student's functions named in ``given`` are
    the ones given (a wrong one, or a right one that takes a liberty)."""
    made = types.FunctionType(right.__code__, {**names, **given}, name)
    made.__defaults__, made.__doc__ = right.__defaults__, about
    return made


def fix_first(helper, caller, hint_allowed=False):
    """The pattern of the report on a right function whose own ``helper`` is wrong: that one is
    named first ("fix deal first"), called by ``caller`` (a pattern: "final_row", or "your
    final_row, which simulate calls"), and, unless ``hint_allowed``, no hint about the function
    checked follows."""
    no_hint = "" if hint_allowed else r"(?s)^(?!.*Hint).*"
    return (
        rf"{no_hint}your function {helper} does not [^\n]* the statement's does, called by "
        rf"{caller}( \(line \d+\))?: fix {helper} first \(check\({helper}\) says how\)"
    )
