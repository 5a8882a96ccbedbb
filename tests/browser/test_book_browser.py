"""The book site in Chromium: axe-core finds nothing on the start page and two lessons, and no
page asks another host for anything (every request the browser makes is recorded).

The site is built first (on top of the last build, as ``make book`` does) and served by a small
HTTP server on 127.0.0.1, in this process, as GitHub Pages would serve it.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT, assert_no_axe_violations

sys.path.insert(0, str(ROOT / "tools"))
import build_book

#: The start page; a lesson with a game table, plots and code; the lesson with mathematics.
PAGES = {
    "start": "index.html",
    "sevens": "notebooks/02_sevens.html",
    "cards-and-chance": "notebooks/00_cards_and_chance.html",
}


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    assert build_book.build() == 0, "the book did not build without warnings"
    handler = functools.partial(_QuietHandler, directory=str(build_book.SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.mark.browser
@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("name", list(PAGES))
def test_book_page_has_no_axe_violations_and_loads_nothing_remote(
    page: Any, site_url: str, name: str, theme: str
) -> None:
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.emulate_media(color_scheme=theme)
    page.goto(f"{site_url}/{PAGES[name]}")
    page.wait_for_load_state("networkidle")
    assert page.locator("html").get_attribute("data-theme") == theme  # the theme follows the OS
    if name == "cards-and-chance":  # MathJax has set the formula (its fonts from the site)
        page.locator("mjx-container").first.wait_for(state="attached", timeout=20_000)
        page.wait_for_load_state("networkidle")
    if name == "sevens":  # the game's table, as stored, with its cards' names
        table = page.locator(".sl-table").first
        assert table.get_by_role("img", name="Seven of Hearts", exact=False).count() >= 1
    remote = [url for url in requests if not url.startswith((site_url, "data:", "blob:"))]
    assert remote == []
    assert_no_axe_violations(page, page.locator("html"), f"book_{name}_{theme}")


def test_the_site_is_served_from_the_build(site_url: str) -> None:
    """The server serves the built site (not the repository): the start page is there."""
    import urllib.request

    with urllib.request.urlopen(f"{site_url}/index.html", timeout=10) as response:
        assert b"Solitaire notebooks" in response.read()
    assert Path(build_book.SITE, "index.html").is_file()


@pytest.mark.browser
def test_book_search_finds_the_lessons_by_a_word(page: Any, site_url: str) -> None:
    """The site's own search (Sphinx's index, no service): "Klondike" finds its lesson and its
    exercises."""
    page.goto(f"{site_url}/search.html?q=Klondike")
    results = page.locator("#search-results")
    results.get_by_text("found", exact=False).first.wait_for(timeout=20_000)
    titles = results.locator("ul.search li a").all_inner_texts()
    assert "05 · Simplified Klondike" in titles and "Exercises 05 · Simplified Klondike" in titles
