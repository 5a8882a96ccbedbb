"""Build the book site of the series into ``_build/book/`` (``make book``): no cell is run.

The site is made from the notebooks' stored outputs (nbval keeps them true). This script
gathers its pages in ``_build/book-src/``: the start page (``book/index.md``), the lessons
(``notebooks/``) and the exercise notebooks (``exercises/``, each with a note at its top on how
to work on it; the solutions are not published). It copies the part of MathJax that the pages
use from ``book/node_modules`` (installed from the npm registry by ``npm ci`` in ``book/``,
which the first build runs), so that the site loads nothing from another host. Then Sphinx
builds the site with warnings as errors (``-W``): a missing image or an unresolved reference
fails the build.

    python tools/build_book.py            # build _build/book/ (open _build/book/index.html)
    python tools/build_book.py --publish origin   # and put it on the gh-pages branch of origin
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "book"
STAGE = ROOT / "_build" / "book-src"
SITE = ROOT / "_build" / "book"
MATHJAX = CONFIG / "node_modules" / "mathjax" / "es5"
#: What the pages need of MathJax: the TeX-to-HTML component, the fonts it loads from
#: ``output/``, the TeX extensions it loads on demand, and the menu's accessibility tools
#: (speech, the explorer). ``latest.js``, which would fetch from a CDN, is left out.
MATHJAX_PARTS = ("tex-chtml.js", "output", "input", "a11y", "sre", "ui", "adaptors")

EXERCISE_NOTE = """\
```{{admonition}} How to work on these exercises
:class: tip

This page shows the tasks of the notebook `exercises/{name}`; their answers are not published.
To do them, open that notebook in JupyterLab (`make lab` opens the series; the notebook is in
the `exercises` folder) and run its first code cell. Write your code in place of each
`raise NotImplementedError(...)`, then run the check cell under the task: it tells you how many
cases passed and, for the first that failed, the input, what was expected and what your code
gave.
```
"""


def exercise_with_note(path: Path) -> nbformat.NotebookNode:
    """The exercise notebook at ``path`` with the note on how to work on it after its title.

    >>> notebook = exercise_with_note(ROOT / "exercises" / "01_aces_in_sequence.ipynb")
    >>> "exercises/01_aces_in_sequence.ipynb" in notebook.cells[1].source
    True
    """
    notebook = nbformat.read(path, as_version=4)
    note = nbformat.v4.new_markdown_cell(EXERCISE_NOTE.format(name=path.name))
    note.id = "how-to-work-on-these-exercises"
    notebook.cells.insert(1, note)
    return notebook


def write_if_changed(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` unless it holds it already (Sphinx rebuilds what changed)."""
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def stage_pages() -> None:
    """Gather the start page, the lessons and the exercises (with their note) in STAGE."""
    write_if_changed(STAGE / "index.md", (CONFIG / "index.md").read_text(encoding="utf-8"))
    for lesson in sorted((ROOT / "notebooks").glob("*.ipynb")):
        write_if_changed(STAGE / "notebooks" / lesson.name, lesson.read_text(encoding="utf-8"))
    for exercise in sorted((ROOT / "exercises").glob("*.ipynb")):
        text = nbformat.writes(exercise_with_note(exercise)) + "\n"
        write_if_changed(STAGE / "exercises" / exercise.name, text)


def install_mathjax() -> None:
    """Install MathJax from the npm registry as ``book/package-lock.json`` pins it, unless
    ``book/node_modules`` has it already (``npm ci`` checks the tarball's hash)."""
    installed = CONFIG / "node_modules" / ".package-lock.json"
    lock = CONFIG / "package-lock.json"
    if installed.is_file() and installed.stat().st_mtime >= lock.stat().st_mtime:
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("build_book: needs npm (Node.js) to install MathJax: apt-get install npm")
    subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=CONFIG, check=True
    )


def stage_mathjax() -> None:
    """Copy MathJax's parts into the site's static files (once)."""
    install_mathjax()
    target = STAGE / "_static" / "mathjax"
    if (target / "tex-chtml.js").is_file():
        return
    target.mkdir(parents=True, exist_ok=True)
    for part in MATHJAX_PARTS:
        source = MATHJAX / part
        if source.is_dir():
            shutil.copytree(source, target / part)
        else:
            shutil.copy2(source, target / part)


def build(*, fresh: bool = False) -> int:
    """Stage the pages and build the site with Sphinx; Sphinx's exit status (0 when built)."""
    from sphinx.cmd.build import build_main

    # The theme and myst use an API that Sphinx 11 removes: a note for their authors, nothing
    # a reader would see (Sphinx's own warnings still fail the build).
    warnings.filterwarnings("ignore", r".*is deprecated\. Check CHANGES for Sphinx API")

    if fresh:
        shutil.rmtree(STAGE, ignore_errors=True)
        shutil.rmtree(SITE, ignore_errors=True)
    stage_pages()
    stage_mathjax()
    doctrees = STAGE.parent / "book-doctrees"
    args = ["-W", "--keep-going", "-q", "-b", "html", "-d", str(doctrees), "-c", str(CONFIG)]
    return build_main([*args, str(STAGE), str(SITE)])


def publish(remote: str, branch: str = "gh-pages") -> None:
    """Put the built site alone on ``branch`` of ``remote`` (a remote's name or an address),
    as one new commit that replaces what was there: GitHub Pages serves that branch.

    The repository's own branches and work tree are not touched: the commit is made in a
    repository of its own inside ``_build``.
    """
    if not (SITE / "index.html").is_file():
        sys.exit("build_book: build the site first")
    url = remote
    known = subprocess.run(["git", "remote"], cwd=ROOT, capture_output=True, text=True, check=True)
    if remote in known.stdout.split():
        named = ["git", "remote", "get-url", remote]
        found = subprocess.run(named, cwd=ROOT, capture_output=True, text=True, check=True)
        url = found.stdout.strip()
    work = ROOT / "_build" / "book-publish"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(SITE, work)
    shutil.rmtree(work / ".doctrees", ignore_errors=True)
    git = ["git", "-C", str(work), "-c", "user.name=make book",
           "-c", "user.email=book@localhost", "-c", "commit.gpgsign=false"]  # fmt: skip
    subprocess.run([*git, "init", "--quiet", "--initial-branch", branch], check=True)
    subprocess.run([*git, "add", "--all"], check=True)
    subprocess.run(
        [*git, "commit", "--quiet", "-m", "The book site, built by make book"], check=True
    )
    subprocess.run([*git, "push", "--quiet", "--force", url, f"{branch}:{branch}"], check=True)
    print(f"build_book: the site is on branch {branch} of {remote}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fresh", action="store_true", help="build from nothing, not on top")
    parser.add_argument(
        "--publish", metavar="REMOTE", help="then put the site on REMOTE's gh-pages branch"
    )
    args = parser.parse_args(argv)
    status = build(fresh=args.fresh)
    if status == 0 and args.publish:
        publish(args.publish)
    return status


if __name__ == "__main__":
    sys.exit(main())
