"""Finding the processes a test started, by a mark in their command line.

A test that starts processes (a kernel, a daemon a notebook forks, a checker's child) gives them a
mark that nothing else on the machine carries, such as ``sleep 600.2718281``, and asserts at the
end that no process with that mark is left:

>>> marked_processes("a mark no process carries 8f3a1c")
[]
"""

from __future__ import annotations

from pathlib import Path


def marked_processes(mark: str) -> list[int]:
    """The PIDs of the processes whose command line contains ``mark``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if mark.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:  # the process ended while we looked
                continue
    return found
