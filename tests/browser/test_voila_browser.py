"""Lecture mode: a game notebook served as an app by Voila (``make demo``), played by clicking;
all six games in Voila under its light and dark theme, checked by axe-core; and kernels left
behind by page loads shut down, while the page on the screen keeps its own."""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from solitaire_lib.lecture import voila_command
from solitaire_lib.sevens import play, shuffled_deck, snapshots
from solitaire_lib.sevens.widget import describe
from solitaire_lib.table import plain_symbols

from .conftest import (
    ARTIFACTS,
    ROOT,
    free_port,
    require_browser,
    shown_text,
    stop_server,
)
from .test_themes_browser import GAMES, all_games_notebook, check_every_game


def wait_for_port(port: int, server: subprocess.Popen[bytes]) -> None:
    """Wait until Voila listens (a page request would run the notebook just to ask)."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"Voila exited with status {server.returncode}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.3)
    pytest.fail("Voila did not start within 90 seconds")


@dataclass
class Voila:
    url: str
    token: str

    def app_url(self, notebook: str, theme: str = "light") -> str:
        return f"{self.url}/voila/render/{notebook}?token={self.token}&theme={theme}"


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Voila]:
    """Voila on 127.0.0.1 with a token, serving a copy of the notebooks and a page with all six
    games (as ``make demo`` does, for one notebook)."""
    require_browser()
    tmp_path = tmp_path_factory.mktemp("voila")
    root = tmp_path / "notebooks"
    shutil.copytree(ROOT / "notebooks", root)
    (root / "all_games.ipynb").write_text(json.dumps(all_games_notebook()), "utf-8")
    token, port = secrets.token_hex(16), free_port()
    command = [sys.executable, "-m", "voila", ".", "--no-browser", "--Voila.ip=127.0.0.1",
               f"--port={port}", f"--token={token}",
               "--VoilaConfiguration.allow_theme_override=YES"]  # fmt: skip
    env = os.environ | {"JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    log = (tmp_path / "voila.log").open("w")
    server = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for_port(port, server)
        yield Voila(f"http://127.0.0.1:{port}", token)
    finally:
        stop_server(server, log, tmp_path / "voila.log", "voila-server.log")


def test_a_game_plays_in_voila_with_its_code_hidden(voila: Voila, page: Any) -> None:
    page.goto(voila.app_url("02_sevens.ipynb"), timeout=120_000)
    game = page.locator(".sl-sevens-game")
    game.wait_for(timeout=120_000)
    text = page.inner_text("body")
    assert "import matplotlib" not in text and "SevensWidget(seed=0)" not in text, "code is hidden"
    assert page.locator("img").count() >= 2, "the plots are shown"
    steps = snapshots(play(shuffled_deck(0)))
    status = game.locator(".sl-status")
    next_button = game.get_by_role("button", name="Next ▶")
    for number in range(1, 4):
        next_button.click()
        shown_text(game, f"step {number} of {len(steps) - 1}").wait_for(timeout=10_000)
        assert status.inner_text() == plain_symbols(describe(steps[number]))
    game.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "voila_sevens.png"))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_game_is_axe_clean_in_voila(voila: Voila, page: Any, theme: str) -> None:
    """The six games as an app, under Voila's light and dark theme: axe-core finds nothing at
    the start and after a few keys."""
    page.goto(voila.app_url("all_games.ipynb", theme), timeout=120_000)
    check_every_game(page, f"voila_{theme}")
    page.screenshot(path=str(ARTIFACTS / f"voila_all_games_{theme}.png"))


def kernels_of(server: subprocess.Popen[bytes]) -> int:
    """How many kernel processes the server runs now (its children running ipykernel)."""
    count = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            command = (stat.parent / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue  # a process that ended meanwhile
        count += parent == server.pid and b"ipykernel" in command
    return count


#: Lecture mode's idle time, shortened for the test (the same options, given last).
TEST_IDLE_SECONDS = 20


def test_lecture_mode_shuts_down_the_kernels_of_pages_left(tmp_path: Path, page: Any) -> None:
    """Voila started as ``make demo`` starts it (solitaire_lib.lecture's options), with a short
    idle time: four page loads that never connect (a closed tab whose shutdown request was lost)
    leave four kernels, which are shut down once idle; the page on the screen keeps its kernel
    and its game plays on."""
    require_browser()
    source, css_class = GAMES["alliances"]
    notebook = all_games_notebook()
    notebook["cells"] = [cell for cell in notebook["cells"] if cell["source"] == source]
    (tmp_path / "lecture.ipynb").write_text(json.dumps(notebook), "utf-8")
    token, port = secrets.token_hex(16), free_port()
    command = voila_command("lecture.ipynb", [f"--port={port}", f"--token={token}"],
                            idle_seconds=TEST_IDLE_SECONDS, cull_every=2)  # fmt: skip
    env = os.environ | {"JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    log = (tmp_path / "voila.log").open("w")
    server = subprocess.Popen(command, cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/?token={token}"
    try:
        wait_for_port(port, server)
        page.goto(url, timeout=120_000)
        game = page.locator(css_class)
        game.wait_for(timeout=120_000)
        counts = []
        for _ in range(4):
            with urllib.request.urlopen(url, timeout=120) as response:
                assert "application/vnd.jupyter.widget-view+json" in response.read().decode()
            counts.append(kernels_of(server))
        assert counts == [2, 3, 4, 5], f"one kernel per page load: {counts}"
        deadline = time.monotonic() + TEST_IDLE_SECONDS + 60
        while kernels_of(server) > 1 and time.monotonic() < deadline:
            time.sleep(1)
        assert kernels_of(server) == 1, "the kernels of the pages left are shut down"
        game.get_by_role("button", name="Draw", exact=True).click()
        shown_text(game, re.compile(r"^Drew ")).wait_for(timeout=10_000)
    finally:
        stop_server(server, log, tmp_path / "voila.log", "voila-lecture-server.log")
