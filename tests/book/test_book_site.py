"""The book site (``make book``): built with warnings as errors, then every page checked.

Run by ``make book-check`` (part of ``make test``), in one process: the site is built from
nothing into ``_build/book/`` (a template's change shows only in a fresh build). Every HTML
page and style sheet of the site is read: nothing may load from another host, every internal
link and anchor must resolve, every image must have alt text; the pages are the series' in its
order, the game tables are drawn, the mathematics is set by the site's own MathJax, and no
solution is published.
"""

from __future__ import annotations

import html
import re
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build_book  # noqa: E402
import make_exercises  # noqa: E402

LESSONS = sorted(path.stem for path in ROOT.glob("notebooks/*.ipynb"))
EXERCISES = sorted(path.stem for path in ROOT.glob("exercises/*.ipynb"))
#: The tags and attributes by which a page loads something (a link ``<a href>`` only points).
LOADING = {
    "script": ("src",), "link": ("href",), "img": ("src", "srcset"), "iframe": ("src",),
    "source": ("src", "srcset"), "video": ("src", "poster"), "audio": ("src",),
    "embed": ("src",), "object": ("data",), "track": ("src",), "input": ("src",),
}  # fmt: skip
#: ``url(...)`` and ``@import "..."`` in a style sheet or a style attribute.
CSS_LOADS = re.compile(r"""url\(\s*['"]?([^'")\s]+)|@import\s+['"]([^'"]+)""")
REMOTE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)


@dataclass
class Page:
    """What the checks need of one HTML page."""

    path: Path
    loads: list[tuple[str, str]] = field(default_factory=list)  # (tag, address)
    links: list[str] = field(default_factory=list)  # addresses of <a href>
    ids: set[str] = field(default_factory=set)
    images_without_alt: list[str] = field(default_factory=list)
    styles: list[str] = field(default_factory=list)  # <style> blocks and style attributes


class _PageReader(HTMLParser):
    def __init__(self, page: Page) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        for name in ("id", "name"):
            if values.get(name) and (name == "id" or tag == "a"):
                self.page.ids.add(values[name])
        for name in LOADING.get(tag, ()):
            if not values.get(name):
                continue
            if name == "srcset":  # "a.png 1x, b.png 2x"
                for address in values[name].split(","):
                    self.page.loads.append((tag, address.strip().split(" ")[0]))
            else:
                self.page.loads.append((tag, values[name].strip()))
        if tag == "a" and values.get("href"):
            self.page.links.append(values["href"])
        if tag == "img" and not values.get("alt", "").strip():
            self.page.images_without_alt.append(values.get("src", "")[:60])
        if values.get("style"):
            self.page.styles.append(values["style"])
        self.in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self.in_style = False

    def handle_data(self, data: str) -> None:
        if self.in_style:
            self.page.styles.append(data)


def read_page(path: Path) -> Page:
    page = Page(path)
    reader = _PageReader(page)
    reader.feed(path.read_text("utf-8"))
    reader.close()
    return page


def css_loads(text: str) -> list[str]:
    """The addresses a style sheet loads.

    >>> css_loads("@import 'a.css'; b { background: url( \\"x.png\\" ) } i {src:url(f.woff2)}")
    ['a.css', 'x.png', 'f.woff2']
    """
    return [first or second for first, second in CSS_LOADS.findall(text)]


def is_remote(address: str) -> bool:
    """True for an address on another host (``https://``, ``//host``), not for a local one.

    >>> [is_remote(a) for a in ("https://cdn.example/x.js", "//cdn.example/x.js", "../x.js")]
    [True, True, False]
    >>> [is_remote(a) for a in ("data:image/png;base64,AAAA", "#top", "mailto:a@b")]
    [False, False, False]
    """
    return bool(REMOTE.match(address.strip()))


def local_target(page: Path, address: str) -> tuple[Path, str] | None:
    """The file and the anchor an internal address of ``page`` points to; ``None`` for an
    address that is not a file of the site (another host, ``data:``, ``mailto:``)."""
    parts = urlsplit(address)
    if parts.scheme or parts.netloc:
        return None
    target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
    return target, unquote(parts.fragment)


@pytest.fixture(scope="module")
def site() -> Path:
    status = build_book.build(fresh=True)
    assert status == 0, "the book did not build without warnings: see Sphinx's messages above"
    return build_book.SITE


@pytest.fixture(scope="module")
def pages(site: Path) -> dict[Path, Page]:
    """Every page of the site (the theme's templates copied into _static are not pages)."""
    paths = sorted(path for path in site.rglob("*.html") if "_static" not in path.parts)
    return {path: read_page(path) for path in paths}


def _page_of(pages: dict[Path, Page], site: Path, name: str) -> Page:
    return pages[site / f"{name}.html"]


def test_the_pages_are_the_series_in_its_order(site: Path, pages: dict[Path, Page]) -> None:
    """A page for the start, each lesson and each exercise notebook; the solutions are not
    published; the navigation goes lesson, its exercises, next lesson."""
    names = {path.relative_to(site).with_suffix("").as_posix() for path in pages}
    expected = (
        {"index"} | {f"notebooks/{n}" for n in LESSONS} | {f"exercises/{n}" for n in EXERCISES}
    )
    assert expected <= names
    assert not any(name.startswith(("solutions/", "_sources/")) for name in names), names
    sources = [path for path in (site / "_sources").rglob("*") if path.is_file()]
    assert sources == [], "the notebooks' sources are not published"
    order = re.findall(
        r'class="reference internal" href="((?:notebooks|exercises)/[^"#]+)\.html"',
        (site / "index.html").read_text("utf-8"),
    )
    series = ["notebooks/00_cards_and_chance"]
    for lesson in LESSONS[1:]:
        series += [f"notebooks/{lesson}"] + ([f"exercises/{lesson}"] if lesson in EXERCISES else [])
    assert list(dict.fromkeys(order)) == series


def test_nothing_is_loaded_from_another_host(site: Path, pages: dict[Path, Page]) -> None:
    remote = [
        f"{page.path.relative_to(site)}: <{tag}> {address}"
        for page in pages.values()
        for tag, address in page.loads
        if is_remote(address)
    ]
    remote += [
        f"{page.path.relative_to(site)}: style {address}"
        for page in pages.values()
        for style in page.styles
        for address in css_loads(style)
        if is_remote(address)
    ]
    sheets = sorted(site.rglob("*.css"))
    assert sheets, "the theme's style sheets are missing"
    remote += [
        f"{sheet.relative_to(site)}: {address}"
        for sheet in sheets
        for address in css_loads(sheet.read_text("utf-8", errors="replace"))
        if is_remote(address)
    ]
    assert remote == []


def test_every_internal_link_and_load_resolves(site: Path, pages: dict[Path, Page]) -> None:
    """Each link, script, style sheet and image of a page is a file of the site, and each
    anchor (``page.html#section``) is an id on its page; style sheets' fonts and pictures too."""
    broken = []
    for page in pages.values():
        addresses = page.links + [address for _tag, address in page.loads]
        for address in addresses:
            target = local_target(page.path, address)
            if target is None:
                continue
            path, anchor = target
            if not path.is_file():
                broken.append(f"{page.path.relative_to(site)}: {address} (no such file)")
            elif anchor and path.suffix == ".html" and anchor not in pages[path].ids:
                broken.append(f"{page.path.relative_to(site)}: {address} (no such anchor)")
    for sheet in site.rglob("*.css"):
        for address in css_loads(sheet.read_text("utf-8", errors="replace")):
            target = local_target(sheet, address)
            if target is not None and not target[0].is_file():
                broken.append(f"{sheet.relative_to(site)}: {address} (no such file)")
    assert broken == []


def test_every_image_has_alt_text(site: Path, pages: dict[Path, Page]) -> None:
    missing = [
        f"{page.path.relative_to(site)}: {source}"
        for page in pages.values()
        for source in page.images_without_alt
    ]
    assert missing == []
    plots = sum(
        1 for page in pages.values() for tag, address in page.loads
        if tag == "img" and address.startswith("data:image/png")
    )  # fmt: skip
    assert plots >= len(LESSONS), "the lessons' plots are missing"


@pytest.mark.parametrize(
    "lesson", [n for n in LESSONS if n[:2] in {"01", "02", "03", "04", "05", "06"}]
)
def test_the_game_table_is_drawn_with_its_cards_names(
    site: Path, pages: dict[Path, Page], lesson: str
) -> None:
    """The game's output shows the static picture stored beside the widget view, with its
    cards' names, and no widget repr or widget manager."""
    text = (site / "notebooks" / f"{lesson}.html").read_text("utf-8")
    stored = nbformat.read(ROOT / "notebooks" / f"{lesson}.ipynb", as_version=4)
    pictures = [
        output["data"]["text/html"]
        for cell in stored.cells if cell.cell_type == "code"
        for output in cell.outputs
        if "application/vnd.jupyter.widget-view+json" in output.get("data", {})
    ]  # fmt: skip
    assert pictures, f"{lesson} stores no game widget"
    for picture in pictures:
        names = re.findall(r'aria-label="([^"]+)"', picture)
        assert names, "the stored picture names no card"
        for name in names:
            assert f'aria-label="{name}"' in text, name
    assert "CardTable(" not in text and "a live game: run the cell" not in text
    assert "widget-view" not in text and "embed-amd" not in text and "require.js" not in text


def test_mathematics_is_set_by_the_sites_own_mathjax(site: Path, pages: dict[Path, Page]) -> None:
    page = _page_of(pages, site, "notebooks/00_cards_and_chance")
    scripts = [address for tag, address in page.loads if tag == "script"]
    assert any(address.split("?")[0] == "../_static/mathjax/tex-chtml.js" for address in scripts), (
        scripts
    )
    assert r'<span class="math notranslate nohighlight">\(1/\sqrt{n}\)</span>' in (
        page.path.read_text("utf-8")
    )
    fonts = list((site / "_static" / "mathjax" / "output" / "chtml" / "fonts").rglob("*.woff"))
    assert fonts, "MathJax's fonts are not served by the site"


def shown_text(path: Path) -> str:
    """The text of a page as a reader sees it (tags removed, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", "", path.read_text("utf-8")))


@pytest.mark.parametrize("name", EXERCISES)
def test_exercise_pages_say_how_to_work_and_publish_no_solution(site: Path, name: str) -> None:
    """The exercise page has the note on how to work, and no line of the solution's code (the
    lines that make_exercises replaces with a stub; as tests/test_notebooks.py checks the
    notebooks)."""
    text = shown_text(site / "exercises" / f"{name}.html")
    assert "How to work on these exercises" in text and f"exercises/{name}.ipynb" in text
    page_lines = {line.strip() for line in text.splitlines()}
    solution = nbformat.read(ROOT / "solutions" / f"{name}.ipynb", as_version=4)
    solution_lines = [
        line.strip()
        for region in make_exercises.solution_texts(solution)
        for line in region.splitlines()
        if len(line.strip()) > 12  # short lines such as 'return cards' may recur
    ]
    assert solution_lines, "the solution notebook has solution regions"
    assert [line for line in solution_lines if line in page_lines] == []
    assert "NotImplementedError" in text, "the stubs are shown"


def test_the_start_page_says_how_to_run_the_series(site: Path) -> None:
    text = shown_text(site / "index.html")
    for needed in (
        "make lab",
        "solitaire aces",
        "mybinder.org/v2/gh/",
        "make demo",
        "Who it is for",
    ):
        assert needed in text, needed


THEME_MODE_DEFAULT = re.compile(r'dataset\.mode = localStorage\.getItem\("mode"\) \|\| "(\w*)"')


def test_every_page_starts_in_a_colour_mode_the_theme_knows(pages: dict[Path, Page]) -> None:
    """A first visit (nothing stored yet) starts in "auto", "light" or "dark": an empty mode makes
    the theme log an error in the browser's console on every page (seen in Chromium, offline)."""
    defaults = {
        path.name: found.group(1)
        for path in pages
        if (found := THEME_MODE_DEFAULT.search(path.read_text(encoding="utf-8")))
    }
    assert defaults, "the theme's mode script is on the pages"
    assert {
        name: mode for name, mode in defaults.items() if mode not in {"auto", "light", "dark"}
    } == {}


def test_publish_puts_the_site_alone_on_the_gh_pages_branch(site: Path, tmp_path: Path) -> None:
    """``make book-publish`` in one step: the site, with the .nojekyll that keeps GitHub Pages
    from hiding _static, becomes the whole of branch gh-pages of the remote (here a bare
    repository on disk); the repository's own branches are untouched."""
    import subprocess

    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "--quiet", "--bare", str(remote)], check=True)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    build_book.publish(str(remote))
    build_book.publish(str(remote))  # again: replaced, not piled up
    listing = subprocess.run(
        ["git", "-C", str(remote), "ls-tree", "-r", "--name-only", "gh-pages"],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    assert ".nojekyll" in listing and "index.html" in listing
    assert "_static/mathjax/tex-chtml.js" in listing
    assert not any(name.startswith((".doctrees", "solutions/", "_sources/")) for name in listing)
    commits = subprocess.run(
        ["git", "-C", str(remote), "rev-list", "--count", "gh-pages"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    assert commits == "1"
    after = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    assert after.stdout == head.stdout
