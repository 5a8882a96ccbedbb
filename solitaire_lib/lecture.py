"""Lecture mode: one notebook served as an app by Voila (code hidden, widgets and plots live).

``make demo NB=notebooks/02_sevens.ipynb`` runs ``python -m solitaire_lib.lecture`` on the
notebook, and so can anyone without make. Voila listens on this computer only (127.0.0.1),
with a token in the link it prints.

Every page load starts a kernel of its own (about 200 MB). Voila asks for a page's kernel to
be shut down when the page is closed, but a request lost on the way (a browser closed at once,
a laptop put to sleep, a network that dropped) leaves the kernel running; through a morning of
reloads they add up. So idle kernels that no page is connected to are shut down after
``IDLE_MINUTES``; the page on the screen stays connected and keeps its kernel, however long it
waits.

>>> voila_command("02_sevens.ipynb")[1:4]
['-m', 'voila', '02_sevens.ipynb']
>>> "--MappingKernelManager.cull_idle_timeout=600" in voila_options()
True
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

#: Minutes a kernel with no page connected to it may stay idle before it is shut down.
IDLE_MINUTES = 10
#: Seconds between two looks for such kernels.
CULL_EVERY_SECONDS = 60


def voila_options(
    idle_seconds: int = IDLE_MINUTES * 60, cull_every: int = CULL_EVERY_SECONDS
) -> list[str]:
    """Voila's options in lecture mode; the tests shorten the idle time (an option given twice
    is refused, so a different time goes through here).

    >>> voila_options(idle_seconds=20, cull_every=2)[-3:]  # doctest: +NORMALIZE_WHITESPACE
    ['--MappingKernelManager.cull_idle_timeout=20', '--MappingKernelManager.cull_interval=2',
     '--MappingKernelManager.cull_connected=False']
    """
    return [
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        "--token",
        "--show_tracebacks=True",
        f"--MappingKernelManager.cull_idle_timeout={idle_seconds}",
        f"--MappingKernelManager.cull_interval={cull_every}",
        "--MappingKernelManager.cull_connected=False",
    ]


def voila_command(notebook: str, extra: Sequence[str] = (), **times: int) -> list[str]:
    """The command that serves ``notebook`` in lecture mode, with ``extra`` options (a port, a
    token) and ``times`` for :func:`voila_options`."""
    return [sys.executable, "-m", "voila", notebook, *voila_options(**times), *extra]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m solitaire_lib.lecture NOTEBOOK [VOILA OPTIONS]``: serve the notebook from its
    own folder (where its relative paths point), until Ctrl-C."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or not args[0].endswith(".ipynb"):
        print("usage: python -m solitaire_lib.lecture NOTEBOOK.ipynb [Voila options]")
        return 2
    notebook = Path(args[0])
    if not notebook.is_file():
        print(f"no notebook at {notebook}")
        return 2
    os.chdir(notebook.parent)
    command = voila_command(notebook.name, args[1:])
    if os.name == "posix":  # Voila takes this process's place: Ctrl-C stops it as before
        os.execv(command[0], command)
    with subprocess.Popen(command) as voila:  # Windows: Ctrl-C reaches Voila too (one console)
        while True:
            try:
                return voila.wait()
            except KeyboardInterrupt:
                continue


if __name__ == "__main__":
    raise SystemExit(main())
