"""The optional compiler: numba when it is installed and wanted, else plain Python.

Every fast simulation has two paths with identical results:

* the **compiled path**: kernels compiled by numba (``cache=True``, so a notebook pays the
  compile time once per machine, not once per run);
* the **pure-Python path**: used where numba cannot be imported (a browser-based Python, a
  platform without wheels) or when the environment variable ``SOLITAIRE_PURE_PYTHON=1`` is set.

>>> isinstance(COMPILED, bool)
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])


def _pure_python_asked() -> bool:
    return os.environ.get("SOLITAIRE_PURE_PYTHON", "") not in ("", "0")


def _numba_wanted() -> bool:
    if _pure_python_asked():
        return False
    try:
        import numba  # noqa: F401
    except ImportError:  # pragma: no cover - depends on the platform
        return False
    return True


#: True when the kernels are compiled by numba.
COMPILED = _numba_wanted()


@contextmanager
def pure_python(pure: bool = True) -> Iterator[None]:
    """Meanwhile, use the pure-Python paths (or, with ``pure=False``, the compiled ones where
    numba is there), as ``SOLITAIRE_PURE_PYTHON`` asks at call time; then as before.

    >>> with pure_python():
    ...     compiled_now()
    False
    """
    before = os.environ.get("SOLITAIRE_PURE_PYTHON")
    os.environ["SOLITAIRE_PURE_PYTHON"] = "1" if pure else "0"
    try:
        yield
    finally:
        if before is None:
            del os.environ["SOLITAIRE_PURE_PYTHON"]
        else:
            os.environ["SOLITAIRE_PURE_PYTHON"] = before


def compiled_now() -> bool:
    """True when the compiled kernels are to be used now: numba is there, and
    ``SOLITAIRE_PURE_PYTHON`` has not been set since (a checker's worker process sets it)."""
    return COMPILED and not _pure_python_asked()


def jit(function: F) -> F:
    """Compile ``function`` with numba (no Python objects, cached on disk) when it is available;
    otherwise return it unchanged."""
    if not COMPILED:
        return function
    import numba

    return cast(F, numba.njit(cache=True, nogil=True)(function))


def inline_jit(function: F) -> F:
    """Like :func:`jit`, for a small helper of other kernels: compiled into each kernel that
    calls it (no call, and no counting of its arrays' references, at each use)."""
    if not COMPILED:
        return function
    import numba

    return cast(F, numba.njit(cache=True, nogil=True, inline="always")(function))


def parallel_jit(function: F) -> F:
    """Like :func:`jit`, with ``numba.prange`` loops run on every core."""
    if not COMPILED:
        return function
    import numba

    return cast(F, numba.njit(cache=True, parallel=True)(function))


def cores() -> int:
    """How many cores the compiled kernels' ``prange`` loops share their work among now (numba's
    thread count: every core it sees, unless ``NUMBA_NUM_THREADS`` says fewer); 1 on the
    pure-Python path.

    >>> cores() >= 1
    True
    """
    if not compiled_now():
        return 1
    import numba

    return int(numba.get_num_threads())


def _prange() -> Callable[..., Any]:
    if not COMPILED:
        return range
    import numba

    return cast(Callable[..., Any], numba.prange)


#: ``numba.prange`` in compiled kernels (a loop shared among the cores), ``range`` otherwise.
prange = _prange()
