"""What the games' solvers share: Python's cycle collector is off while a search runs.

A best-first search makes hundreds of thousands of tuples and dictionaries and no reference
cycle, so the cycle collector would only walk them again and again, and the many objects it makes
bring its next full pass (over all of the process's memory: tens of milliseconds) forward into
the search, where a widget's Hint waits for it. In ``benchmarks/players.py``, stacks of nine's
slowest first hint took 96 ms with the collector on, 60 without; simplified Klondike's slowest of
3,972 Hints 81-83 ms with it (a full pass of 66-69 ms inside it), 14-16 ms without (two runs
each). Memory is still freed as usual, by reference counting, and the collector is back as it
was when the last search ends.

>>> import gc
>>> with NO_CYCLE_COLLECTION:
...     gc.isenabled()
False
>>> gc.isenabled()
True
"""

from __future__ import annotations

import gc
import threading


class CycleCollectionOff:
    """A context manager: the cycle collector is off while any search inside it runs (searches
    may run in two threads at once, so the last one out puts it back as the first one found it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running = 0
        self._was_enabled = False

    def __enter__(self) -> None:
        with self._lock:
            if self._running == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            self._running += 1

    def __exit__(self, *exception: object) -> None:
        with self._lock:
            self._running -= 1
            if self._running == 0 and self._was_enabled:
                gc.enable()


#: The one instance the solvers share.
NO_CYCLE_COLLECTION = CycleCollectionOff()
