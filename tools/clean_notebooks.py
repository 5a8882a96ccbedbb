"""Tidy stored notebooks: drop saved widget state, per-cell execution timings and progress bars.

A progress bar (tqdm) is useful while a cell runs; stored, it would only show its first frame
("0%"), so its output is dropped. The results are printed by the next cell and checked by nbval.

python tools/clean_notebooks.py notebooks/*.ipynb solutions/*.ipynb
python tools/clean_notebooks.py --check notebooks/*.ipynb   # fail if any needs cleaning
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import nbformat

_PROGRESS_BAR = re.compile(r"\d+%\|.*\| *\d+/\d+ \[")


def is_progress_bar(output: nbformat.NotebookNode) -> bool:
    """A tqdm bar, as a Jupyter widget or as text.

    >>> is_progress_bar({"data": {"text/plain": "deals:   0%|          | 0/100 [00:00<?, ?it/s]"}})
    True
    """
    text = output.get("data", {}).get("text/plain", "") or output.get("text", "")
    return bool(_PROGRESS_BAR.search("".join(text)))


def clean(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    notebook.metadata.pop("widgets", None)
    notebook.metadata.get("kernelspec", {}).update(
        {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    )
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
        cell.metadata.pop("ExecuteTime", None)
        if "outputs" in cell:
            cell.outputs = [output for output in cell.outputs if not is_progress_bar(output)]
    return notebook


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    dirty = []
    for path in args.paths:
        before = path.read_text("utf-8")
        after = nbformat.writes(clean(nbformat.read(path, as_version=4))) + "\n"
        if before != after:
            dirty.append(path)
            if not args.check:
                path.write_text(after, "utf-8")
    for path in dirty:
        print(("needs cleaning: " if args.check else "cleaned: ") + str(path))
    return 1 if args.check and dirty else 0


if __name__ == "__main__":
    sys.exit(main())
