"""A JupyterLab server and a Chromium page for the real-browser tests.

The server runs on 127.0.0.1 with a random token, on a copy of the notebooks in a temporary
folder (with ``DEMO = True``: the studies at lecture-demo size; the games are the same), with
news and update checks off and notebook windowing off (so every cell is in the DOM).
Chromium is Debian's (/usr/bin/chromium), driven by Playwright: nothing is downloaded.
Without Chromium the tests skip, except under CI (CI=true), where they fail.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "browser"
CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
        "windowingMode": "none",
        "autoStartDefaultKernel": True,
    },
}


def chromium_path() -> str | None:
    env = os.environ.get("CHROMIUM_PATH")
    if env:
        return env
    return next((path for path in CHROMIUM_CANDIDATES if Path(path).exists()), None)


def require_browser() -> str:
    path = chromium_path()
    if path is None:
        message = "Chromium is not installed (apt-get install chromium); browser tests need it"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " and CI=true requires them")
        pytest.skip(message)
    try:
        import playwright  # noqa: F401
    except ImportError:
        pytest.fail("playwright is missing: pip install -e '.[browser]'")
    return path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Lab:
    url: str
    token: str
    root: Path

    def notebook_url(self, name: str) -> str:
        """The notebook alone in a fresh workspace (``reset``): tabs of earlier tests are gone."""
        return f"{self.url}/lab/tree/{name}?token={self.token}&reset"


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    require_browser()
    work = tmp_path_factory.mktemp("lab")
    root = work / "notebooks"
    shutil.copytree(ROOT / "notebooks", root)
    for notebook in root.glob("*.ipynb"):  # the lecture-demo size: the studies run in seconds
        text = notebook.read_text("utf-8")
        notebook.write_text(text.replace("DEMO = False", "DEMO = True"), "utf-8")
    settings = work / "settings"
    for name, values in LAB_SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), "utf-8")
    token = secrets.token_hex(16)
    port = free_port()
    env = os.environ | {
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTER_RUNTIME_DIR": str(work / "runtime"),
        "JUPYTERLAB_WORKSPACES_DIR": str(work / "workspaces"),
    }
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]  # fmt: skip
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    log = (work / "server.log").open("w")
    server = subprocess.Popen(command, cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_server(url, token, server)
        yield Lab(url, token, root)
    finally:
        stop_server(server, log, work / "server.log", "jupyterlab-server.log")


def stop_server(server: subprocess.Popen[bytes], log: Any, log_path: Path, artifact: str) -> None:
    """Stop a server this test started (by its process), and keep its log as an artifact."""
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
    log.close()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(log_path, ARTIFACTS / artifact)


def wait_for_server(url: str, token: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"JupyterLab exited with status {server.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2):
                return
        except OSError:
            time.sleep(0.5)
    pytest.fail("JupyterLab did not start within 90 seconds")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    path = require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=path, headless=True, args=CHROMIUM_FLAGS
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page; its last state is saved as a screenshot, which helps when a test fails."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    yield page
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-last.png"), full_page=False)
    context.close()


# --- Driving a notebook --------------------------------------------------------------------------


def accept_kernel_dialog(page: Any, seconds: float = 5) -> None:
    """Answer JupyterLab's "Select Kernel" dialog if it shows up (it should not: see conftest)."""
    from playwright.sync_api import TimeoutError as TimeoutError_

    button = page.locator(".jp-Dialog .jp-mod-accept")
    try:
        button.wait_for(timeout=seconds * 1000)
    except TimeoutError_:
        return
    button.click()


def open_notebook(page: Any, url: str) -> None:
    page.goto(url)
    page.locator(".jp-Notebook").wait_for(timeout=60_000)
    accept_kernel_dialog(page)
    page.get_by_text(re.compile(r"Python 3 \(ipykernel\) \| Idle")).wait_for(timeout=60_000)


def run_all_cells(page: Any, timeout_ms: int = 300_000) -> None:
    """Run All, then wait until every code cell shows its execution number (the kernel is
    then free, so clicks on widgets are handled at once)."""
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    accept_kernel_dialog(page, seconds=2)
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
            return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
        }""",
        timeout=timeout_ms,
        polling=500,
    )


def run_notebook_and_find_game(page: Any, lab: Lab, notebook: str, css_class: str) -> Any:
    """Open ``notebook``, run all its cells, and return the locator of its game widget."""
    open_notebook(page, lab.notebook_url(notebook))
    run_all_cells(page)
    game = page.locator(css_class)
    game.wait_for(timeout=60_000)
    game.scroll_into_view_if_needed()
    return game


def screenshots_at_two_sizes(page: Any, game: Any, name: str) -> None:
    """Screenshots of ``game`` on a 1280x800 laptop and at 200 % zoom (the same window showing
    CSS pixels twice as large: a 640x400 layout), kept in artifacts/browser/ for people to look
    at. The widget must fit its width at both sizes."""
    for label, width, height in (("1280x800", 1280, 800), ("zoom200", 640, 400)):
        page.set_viewport_size({"width": width, "height": height})
        if label == "zoom200":  # a lecturer hides the file browser to project a notebook
            toggle_left_sidebar(page)
        game.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"{name}_{label}.png"))
        overflow = game.evaluate("el => el.scrollWidth - el.clientWidth")
        assert overflow <= 2, f"{name} is wider than the window at {label} by {overflow}px"
    toggle_left_sidebar(page)
    page.set_viewport_size({"width": 1400, "height": 1000})


def toggle_left_sidebar(page: Any) -> None:
    """Hide or show JupyterLab's left sidebar (Ctrl+B), from command mode."""
    page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})
    page.keyboard.press("Escape")
    page.keyboard.press("Control+b")
    page.wait_for_timeout(300)


def click_and_time(click: Any, appears: Any) -> float:
    """Seconds from a click to the redrawn table: until the locator ``appears`` shows."""
    start = time.perf_counter()
    click()
    appears.wait_for(timeout=10_000)
    return time.perf_counter() - start


def save_latency(name: str, seconds: list[float]) -> dict[str, float]:
    """Median and maximum of the first 20 click-to-redraw times, kept as an artifact."""
    first = sorted(seconds[:20])
    stats = {"clicks": len(first), "median_ms": round(1000 * statistics.median(first), 1),
             "max_ms": round(1000 * first[-1], 1)}  # fmt: skip
    (ARTIFACTS / f"latency_{name}.json").write_text(json.dumps(stats) + "\n", "utf-8")
    return stats


# --- Playing by keyboard alone, and reading what a screen reader reads ---------------------------


def focus_table(page: Any, game: Any) -> None:
    """Bring the keyboard's focus to the game's table the way a person does: from the game's
    first control, Tab until the focus is on the table (its one tab stop)."""
    game.locator("button").first.focus()
    for _ in range(40):
        if page.evaluate("() => !!document.activeElement.closest('.sl-table')"):
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached the table")


def focused() -> str:
    """JavaScript: the focused stop's pile, index and name, as 'pile|index|name'."""
    return (
        "() => { const e = document.activeElement; return e.classList.contains('sl-stop') ? "
        "`${e.dataset.pile}|${e.dataset.index}|${e.getAttribute('aria-label')}` : ''; }"
    )


def focus_on(page: Any) -> tuple[str, str, str]:
    pile, index, name = (page.evaluate(focused()) or "||").split("|", 2)
    return pile, index, name


def arrow_to(page: Any, pile_id: str, index: int | None = None) -> str:
    """Walk with the arrow keys to pile ``pile_id`` (its top card) or to its card ``index``;
    return what a screen reader says there. Left and right go through the piles in order, up
    and down through the cards of a pile. (The keys are counted first, then pressed: one look
    at the page before and one after, as a person who knows the table would do it.)"""
    order, here = page.evaluate(
        """() => { const e = document.activeElement;
                   const piles = [...e.closest('.sl-board').querySelectorAll('.sl-pile')];
                   return [piles.map(p => p.dataset.pile), e.dataset.pile]; }"""
    )
    steps = order.index(pile_id) - order.index(here)
    for _ in range(abs(steps)):
        page.keyboard.press("ArrowRight" if steps > 0 else "ArrowLeft")
    if index is not None:
        at = int(focus_on(page)[1] or 0)
        for _ in range(abs(at - index)):
            page.keyboard.press("ArrowUp" if at > index else "ArrowDown")
    pile, at_index, name = focus_on(page)
    assert pile == pile_id and (index is None or at_index == str(index)), (pile, at_index, index)
    return name


#: The focus ring's colour (table.css: --sl-focus), as a screenshot shows it.
FOCUS_RING = (0x1A, 0x4F, 0x8A)


def focus_ring_sides(page: Any) -> set[str]:
    """The sides of the card (or empty place) in focus on which its focus ring shows, read from
    a screenshot of the card's own box: what lies on it in a fan hides the ring there. Each
    side is looked at near the card's top left corner, where a fan leaves a card in view."""
    import io

    from PIL import Image

    shot = Image.open(io.BytesIO(page.locator(":focus").screenshot())).convert("RGB")
    width, height = shot.size
    x, y = int(width * 0.2), int(height * 0.15)
    probes = {"top": (x, 1), "bottom": (x, height - 2), "left": (1, y), "right": (width - 2, y)}
    return {
        side
        for side, point in probes.items()
        if max(abs(a - b) for a, b in zip(shot.getpixel(point), FOCUS_RING, strict=True)) <= 12
    }


def assert_focus_covers_no_card(page: Any) -> None:
    """The card in focus is not drawn over the card that lies on it in a fan (a pick from the
    card in focus would move that card): 8px inside that card's corner, it is on top."""
    on_top = page.evaluate(
        """() => { const card = document.activeElement, next = card.nextElementSibling;
                   const b = next.getBoundingClientRect();
                   return next.contains(document.elementFromPoint(b.left + 8, b.top + 8)); }"""
    )
    assert on_top, "the card in focus is drawn over the card lying on it"


def shown_text(game: Any, text: Any) -> Any:
    """The element of ``game`` that shows ``text`` on screen: not the live region, which says
    the same sentences to screen readers (two matches would break Playwright's strict mode)."""
    return game.get_by_text(text).and_(game.locator(":not(.sl-live)"))


def wait_for_said(game: Any, text: str, timeout_ms: int = 10_000) -> None:
    """Wait until the table's live region (what a screen reader reads out) contains ``text``."""
    from playwright.sync_api import TimeoutError as TimeoutError_

    try:
        game.locator(".sl-live", has_text=text).wait_for(timeout=timeout_ms)
    except TimeoutError_:
        said = game.locator(".sl-live").text_content()
        raise AssertionError(f"never said {text!r}; the live region says {said!r}") from None


#: The WCAG success criteria axe-core checks: levels A and AA of WCAG 2.0, 2.1 and 2.2.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]


def assert_no_axe_violations(page: Any, game: Any, name: str) -> None:
    """Run axe-core (the copy packaged with axe-playwright-python: nothing is fetched) on the
    game widget: every rule for WCAG 2.x A and AA, the experimental ones included (axe leaves
    those out unless they are named); fail with the rules broken, and keep the report."""
    from importlib import resources

    script = resources.files("axe_playwright_python").joinpath("axe.min.js").read_text("utf-8")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=script)
    handle = game.element_handle()
    results = page.evaluate(
        """async ([el, tags]) => {
            const rules = axe.getRules(tags).map(rule => rule.ruleId);
            const r = await axe.run(el, {runOnly: {type: 'rule', values: rules}});
            const where = n => n.target.join(' ');
            const broken = r.violations.map(v => ({id: v.id, help: v.help,
                nodes: v.nodes.map(n => where(n) + ': ' + n.failureSummary).slice(0, 5)}));
            // axe cannot decide on a one-letter text ("7", "K"): it measures the contrast but
            // reports it as "incomplete". A measured ratio below the need is a failure all the
            // same.
            const measured = n => where(n) + ': ' + JSON.stringify(n.any.map(c => c.data));
            const low = n => n.any.some(c => c.data && c.data.contrastRatio > 0
                && c.data.contrastRatio < parseFloat(c.data.expectedContrastRatio));
            for (const v of r.incomplete.filter(v => v.id === 'color-contrast')) {
                const nodes = v.nodes.filter(low).map(measured);
                if (nodes.length) broken.push({id: 'color-contrast (measured)', nodes});
            }
            const unsure = r.incomplete.map(v => ({id: v.id, nodes: v.nodes.map(measured)}));
            return {broken, unsure};
        }""",
        [handle, WCAG_TAGS],
    )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"axe_{name}.json").write_text(json.dumps(results, indent=1) + "\n", "utf-8")
    assert results["broken"] == [], json.dumps(results["broken"], indent=1)[:3000]


#: JupyterLab's command-mode keys that would edit the notebook (insert, cut, paste, to Markdown,
#: delete, move), Escape, and the chords that run a cell (the game's cell again: a new game) or
#: insert one: pressed on a card, none may reach the notebook.
NOTEBOOK_KEYS = ("a", "b", "m", "d", "d", "x", "v", "j", "k", "Escape", "Shift+M", "z",
                 "Control+Enter", "Shift+Enter", "Alt+Enter")  # fmt: skip


def assert_notebook_keys_stay_in_the_table(page: Any, game: Any, notebook: Path) -> None:
    """Press the notebook's own keys with the focus on a card; the notebook must be unchanged
    (its cells and their run counts). Then Ctrl+S, which is let through: the notebook is saved."""
    cells = page.locator(".jp-Notebook").first.locator(".jp-Cell")
    kinds = """cells => cells.map(c => (c.classList.contains('jp-CodeCell') ? 'code ' : 'text ')
                                     + (c.querySelector('.jp-InputPrompt')?.textContent ?? ''))"""
    before = cells.evaluate_all(kinds)
    focus_table(page, game)
    for key in NOTEBOOK_KEYS:
        page.keyboard.press(key)
        assert page.evaluate("() => !!document.activeElement.closest('.sl-table')"), key
    page.wait_for_timeout(1000)
    assert cells.evaluate_all(kinds) == before, "a key edited or ran the notebook"
    assert game.is_visible()
    saved = notebook.stat().st_mtime_ns
    page.keyboard.press("Control+s")
    deadline = time.monotonic() + 10
    while notebook.stat().st_mtime_ns == saved and time.monotonic() < deadline:
        time.sleep(0.2)
    assert notebook.stat().st_mtime_ns != saved, "Ctrl+S on a card did not save the notebook"
    assert page.evaluate("() => !!document.activeElement.closest('.sl-table')")
