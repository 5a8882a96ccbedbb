"""Checking the arguments of the public functions: a clear error that names the argument.

``simulate(True, 0)``, ``simulate('3', 0)`` or ``Card(7.0, 0)`` would otherwise run with a
surprising meaning, fail deep inside with an unclear message, or run out of memory.

>>> count(3, "n")
3
>>> count(True, "n")
Traceback (most recent call last):
TypeError: n must be an int, not bool (True)
>>> count(0, "n")
Traceback (most recent call last):
ValueError: n must be at least 1, not 0
"""

from __future__ import annotations

from typing import Any


def integer(value: Any, name: str) -> int:
    """``value`` if it is an int (a bool is not one), else a TypeError naming ``name``."""
    if type(value) is not int:
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:39] + "…"
        raise TypeError(f"{name} must be an int, not {type(value).__name__} ({shown})")
    return value


def count(value: Any, name: str, minimum: int = 1) -> int:
    """``value`` if it is an int of at least ``minimum``, else a TypeError or ValueError."""
    integer(value, name)
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, not {value}")
    return int(value)
