"""Lecture mode: a game notebook served as an app by Voila (``make demo``), played by clicking."""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solitaire_lib.sevens import play, shuffled_deck, snapshots
from solitaire_lib.sevens.widget import describe
from solitaire_lib.table import plain_symbols

from .conftest import ARTIFACTS, ROOT, free_port, require_browser, shown_text, stop_server


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


@pytest.fixture
def voila(tmp_path: Path) -> Iterator[str]:
    """Voila on 127.0.0.1 with a token, serving a copy of the Sevens notebook; its URL."""
    require_browser()
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks")
    token, port = secrets.token_hex(16), free_port()
    command = [sys.executable, "-m", "voila", "02_sevens.ipynb", "--no-browser",
               "--Voila.ip=127.0.0.1", f"--port={port}", f"--token={token}"]  # fmt: skip
    env = os.environ | {"JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    log = (tmp_path / "voila.log").open("w")
    server = subprocess.Popen(command, cwd=tmp_path / "notebooks", env=env, stdout=log,
                              stderr=subprocess.STDOUT)  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_port(port, server)
        yield f"{url}/?token={token}"
    finally:
        stop_server(server, log, tmp_path / "voila.log", "voila-server.log")


def test_a_game_plays_in_voila_with_its_code_hidden(voila: str, page: Any) -> None:
    page.goto(voila, timeout=120_000)
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
