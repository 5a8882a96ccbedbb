"""solitaire_lib: card games from university course texts, their simulations and checked exercises.

A Ctrl-C while a game's console program loads (``solitaire sevens`` or ``python -m
solitaire_lib.sevens``: numpy, numba and the game's modules, up to a few seconds) ends the
program quietly, as a Ctrl-C does later at a prompt: Python would print a traceback of whatever
import it interrupted. Once the console is loaded, the game's ``__main__`` (or ``solitaire``)
hands Ctrl-C back to Python (:func:`console_starts`), and the console catches it itself.
"""

from __future__ import annotations

import os
import signal
import sys

#: The modules that ``python -m`` runs as a game's console program.
CONSOLE_MODULES = frozenset({
    "solitaire_lib.aces_in_sequence", "solitaire_lib.sevens", "solitaire_lib.alliances",
    "solitaire_lib.simple_klondike", "solitaire_lib.stacks_of_nine",
    "solitaire_lib.play_nine.runner",
})  # fmt: skip


def _leave_quietly(_signal: int, _frame: object) -> None:
    os.write(2, b"\n")
    os._exit(130)  # the shell's status for a program ended by Ctrl-C


def _module_run_by_python() -> str:
    """The module named after ``-m`` on Python's command line ('' if none)."""
    arguments = list(getattr(sys, "orig_argv", []))
    if "-m" in arguments[:-1]:
        return str(arguments[arguments.index("-m") + 1])
    return ""


def console_starts() -> None:
    """Give Ctrl-C back to Python (KeyboardInterrupt), which the console programs catch."""
    signal.signal(signal.SIGINT, signal.default_int_handler)


def _console_is_loading() -> bool:
    """True while ``solitaire`` or ``python -m`` loads one of the games' console programs."""
    if sys.argv[:1] == ["-m"]:  # Python sets the real argv[0] only once the module is found
        return _module_run_by_python() in CONSOLE_MODULES
    return bool(sys.argv) and os.path.basename(sys.argv[0]) == "solitaire"


if _console_is_loading():
    signal.signal(signal.SIGINT, _leave_quietly)
