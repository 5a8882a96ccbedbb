"""The README's route without make, run as the README writes it.

The Linux lines are taken from the README's fenced block under the heading
:data:`LINUX_HEADING` and run in a copy of the project, in a new virtual environment (pip reads
its cache and the machine's package index, as a student's would). Only the last line is changed:
``jupyter lab --version`` answers instead of a server being started. The Windows lines must be
the same steps, spelt for Windows.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
LINUX_HEADING = "#### Linux and macOS: a venv and pip"
WINDOWS_HEADING = "#### Windows: PowerShell or the Command Prompt"
CONDA_HEADING = "#### Any platform: conda"
NOTEBOOK = "notebooks/00_cards_and_chance.ipynb"


def readme_block(heading: str) -> list[str]:
    """The command lines of the first fenced block below ``heading`` in the README.

    >>> readme_block(LINUX_HEADING)[0]
    'python3 -m venv .venv'
    """
    text = (ROOT / "README.md").read_text("utf-8")
    start = text.index(f"\n{heading}\n") + len(heading) + 2
    section = re.split(r"^#", text[start:], maxsplit=1, flags=re.MULTILINE)[0]
    block = re.search(r"^```console\n(.*?)^```$", section, re.MULTILINE | re.DOTALL)
    assert block, f"no ```console block under {heading!r} in the README"
    return [line for line in block[1].splitlines() if line.strip()]


def test_each_platform_has_the_same_three_steps_opening_notebook_00() -> None:
    linux = readme_block(LINUX_HEADING)
    assert linux == [
        "python3 -m venv .venv",
        '.venv/bin/python -m pip install -e ".[lab]"',
        f".venv/bin/jupyter lab {NOTEBOOK}",
    ]
    windows = [
        line.replace("python3 -m venv", "py -m venv")
        .replace(".venv/bin/", ".\\.venv\\Scripts\\")
        .replace("notebooks/", "notebooks\\")
        for line in linux
    ]
    assert readme_block(WINDOWS_HEADING) == windows
    conda = readme_block(CONDA_HEADING)
    assert conda[0] == "conda env create -f environment.yml"
    assert conda[-1] == f"jupyter lab {NOTEBOOK}"
    assert (ROOT / NOTEBOOK).is_file()


def _project_copy(folder: Path) -> Path:
    """What ``pip install -e .`` and the README's last line read: the package and the notebook."""
    copy = folder / "solitaire-notebooks"
    copy.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, copy / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.so")
    shutil.copytree(ROOT / "solitaire_lib", copy / "solitaire_lib", ignore=ignore)
    (copy / "notebooks").mkdir()
    shutil.copy2(ROOT / NOTEBOOK, copy / NOTEBOOK)
    return copy


def _run(line: str, cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(
        shlex.split(line), cwd=cwd, env=env, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, f"{line!r} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done.stdout


def test_the_linux_lines_install_the_library_and_jupyterlab(tmp_path: Path) -> None:
    python3 = shutil.which("python3")
    assert python3, "the README's first line needs python3 on the PATH"
    version = subprocess.run([python3, "-c", "import sys; print(sys.version_info >= (3, 11))"],
                             capture_output=True, text=True, check=True)  # fmt: skip
    if version.stdout.strip() != "True":
        pytest.fail(f"python3 on the PATH ({python3}) is older than 3.11, as the README says")
    project = _project_copy(tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    *install, open_notebook = readme_block(LINUX_HEADING)
    for line in install:
        _run(line, project, env)

    where = _run(".venv/bin/python -c 'import solitaire_lib; print(solitaire_lib.__file__)'",
                 project, env)  # fmt: skip
    assert Path(where.strip()).is_relative_to(project), "the library did not come from the copy"
    jupyter, lab, notebook = shlex.split(open_notebook)
    assert (lab, notebook) == ("lab", NOTEBOOK) and (project / notebook).is_file()
    assert re.fullmatch(r"4\.\d+\.\d+\S*\n", _run(f"{jupyter} lab --version", project, env))
    assert sys.prefix not in where
