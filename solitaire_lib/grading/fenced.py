"""Run a student's function with ``numpy.random`` out of reach, and say whether it reached for it.

A task may forbid a library that would do the work: exercise 07's ``init_genrand`` asks for the
Mersenne Twister's 624 words, which ``numpy.random.RandomState(seed).get_state()[1]`` gives. Its
values cannot tell the two apart, and neither can a profile hook: numpy's generators are compiled
Cython, whose calls, type calls and properties raise no ``c_call`` event. So, for the time of the
call, every way to ``numpy.random`` is replaced by a :class:`Fence`: the ``random`` attribute of
the ``numpy`` module, the ``numpy.random`` modules in ``sys.modules`` (an ``import`` inside the
function finds the fence), and every name of the function's globals or closure that holds a module,
class, function or generator of ``numpy.random`` (a ``from numpy.random import RandomState`` made
before). A finder put first on ``sys.meta_path`` refuses to load any module of the package again,
so a function that deletes the fences from ``sys.modules`` and imports ``numpy.random`` anew
(``importlib.import_module``) reaches a fence too. Using a fence raises :class:`ReachedFor` and is
noted, so that a function that catches the error is still caught; everything is put back after the
call.

What it does not see: a generator or class of ``numpy.random`` hidden before the call inside a
container or another object (``tools = [numpy.random.RandomState]``), or held by a library that
imported it by name; a module loaded from its file without the import system
(``importlib.util.spec_from_file_location`` and ``exec_module``).

>>> import numpy
>>> def cheat(seed):
...     return numpy.random.RandomState(seed).get_state()[1][:2].tolist()
>>> fenced(cheat, "numpy.random")(5489)
Traceback (most recent call last):
...
solitaire_lib.grading.fenced.ReachedFor: numpy.random.RandomState
>>> fenced(lambda seed: seed & 0xFFFFFFFF, "numpy.random")(2**32 + 5)
5
>>> type(numpy.random).__name__  # put back
'module'
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

Function = Callable[..., Any]


class ReachedFor(Exception):
    """Raised when a fenced function used what was fenced; the message is what it used."""


class Fence:
    """Stands for a module, class or function that is out of reach: calling it or reading one of
    its attributes raises :class:`ReachedFor`, noted in ``uses``. Dunder names are simply
    missing, so that ``hasattr`` probes by Python itself note nothing."""

    def __init__(self, name: str, uses: list[ReachedFor]) -> None:
        self._fence_name, self._fence_uses = name, uses

    def _reached(self, what: str) -> ReachedFor:
        error = ReachedFor(what)
        self._fence_uses.append(error)
        return error

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("__") and attribute.endswith("__"):
            raise AttributeError(attribute)
        raise self._reached(f"{self._fence_name}.{attribute}")

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise self._reached(f"{self._fence_name}(...)")

    def __repr__(self) -> str:
        return f"<{self._fence_name}, out of reach>"


class _RefusesToLoad(importlib.abc.MetaPathFinder):
    """Put first on ``sys.meta_path`` while a fence stands: a module of ``package`` that is not in
    ``sys.modules`` (its fence was deleted there) is not loaded again; the import is a use."""

    def __init__(self, package: str, uses: list[ReachedFor]) -> None:
        self.package, self.uses = package, uses

    def find_spec(
        self, name: str, path: Any = None, target: Any = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not _is_within(name, self.package):
            return None
        raise Fence(name, self.uses)._reached(f"import {name}")


def _module_of(value: Any) -> str:
    """The module ``value`` comes from: a module's own name, a class's or a function's
    ``__module__``, a bound method's object's class's, else its class's (a compiled class's
    instances do not show ``__module__`` themselves)."""
    try:
        if isinstance(value, types.ModuleType):
            return str(value.__name__)
        if isinstance(value, type):
            return str(value.__module__)
        name = getattr(value, "__module__", None)
        if type(name) is str:
            return name
        owner = getattr(value, "__self__", None)
        if owner is not None and not isinstance(owner, types.ModuleType):
            return str(type(owner).__module__)
        return str(type(value).__module__)
    except Exception:  # a student's object whose attributes raise
        return ""


def _full_name(value: Any, otherwise: str) -> str:
    """``module.name`` of a class or function (of an instance, its class's; ``otherwise`` when
    it has no name)."""
    name = getattr(value, "__name__", None) if not isinstance(value, types.ModuleType) else None
    if type(name) is not str:
        name = getattr(type(value), "__name__", otherwise)
    module = _module_of(value)
    return module if isinstance(value, types.ModuleType) else f"{module}.{name}"


def _is_within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


@contextmanager
def _replaced(package: str, function: Function, uses: list[ReachedFor]) -> Iterator[None]:
    """Every way to ``package`` replaced by a :class:`Fence` (see the module's text), put back
    at the end."""
    parent_name, _, child = package.rpartition(".")
    parent = sys.modules.get(parent_name) if parent_name else None
    modules = {
        name: sys.modules.get(name) for name in list(sys.modules) if _is_within(name, package)
    }
    modules.setdefault(package, None)
    names: list[tuple[dict[str, Any], str, Any]] = []
    cells: list[tuple[types.CellType, Any]] = []
    globals_ = getattr(function, "__globals__", None)
    if type(globals_) is dict:
        names = [
            (globals_, k, v)
            for k, v in list(globals_.items())
            if _is_within(_module_of(v), package)
        ]
    for cell in getattr(function, "__closure__", None) or ():
        try:
            if _is_within(_module_of(cell.cell_contents), package):
                cells.append((cell, cell.cell_contents))
        except ValueError:  # an empty cell
            pass
    had_attribute = parent is not None and child in vars(parent)
    saved_attribute = vars(parent).get(child) if parent is not None else None
    finder = _RefusesToLoad(package, uses)
    try:
        sys.meta_path.insert(0, finder)
        for name in modules:
            sys.modules[name] = Fence(name, uses)  # type: ignore[assignment]
        if parent is not None:
            setattr(parent, child, Fence(package, uses))
        for space, key, value in names:
            space[key] = Fence(_full_name(value, key), uses)
        for cell, value in cells:
            cell.cell_contents = Fence(_full_name(value, "?"), uses)
        yield
    finally:
        while finder in sys.meta_path:
            sys.meta_path.remove(finder)
        for name in [name for name in list(sys.modules) if _is_within(name, package)]:
            if name not in modules:  # loaded by the function some other way: not kept
                sys.modules.pop(name, None)
        for name, module in modules.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
        if parent is not None:
            if had_attribute:
                setattr(parent, child, saved_attribute)
            else:
                delattr(parent, child)
        for space, key, value in names:
            space[key] = value
        for cell, value in cells:
            cell.cell_contents = value


def fenced(function: Function, package: str) -> Function:
    """``function`` run with ``package`` out of reach: a call that used it raises the
    :class:`ReachedFor` of its first use, whatever it returned, located at the function's line
    that used it."""

    def call(*args: Any, **kwargs: Any) -> Any:
        uses: list[ReachedFor] = []
        with _replaced(package, function, uses):
            result = None
            with suppress(ReachedFor):  # noted in uses
                result = function(*args, **kwargs)
        if uses:  # raised, or caught by the function, which went on
            raise _at_the_callers_line(uses[0])
        return result

    return call


def _at_the_callers_line(error: ReachedFor) -> ReachedFor:
    """``error`` without the frame of the fence that raised it, so that its last frame is the
    line that used the fence."""
    entry = error.__traceback__
    while entry is not None and entry.tb_next is not None:
        if entry.tb_next.tb_frame.f_code.co_filename == __file__:
            entry.tb_next = None
            break
        entry = entry.tb_next
    return error
