"""Lecture mode: a game notebook served as an app by Voila (``make demo``), played by clicking;
and all six games in Voila under its light and dark theme, checked by axe-core."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

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
from .test_themes_browser import all_games_notebook, check_every_game


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
