"""The `solitaire` console command."""

from __future__ import annotations

import subprocess
import sys

import pytest

from solitaire_lib.cli import main


def test_lists_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "aces" in out and "sevens" in out and "COMP9021" in out


PROGRAM = "import sys; from solitaire_lib.cli import main; sys.exit(main(['aces']))"


def test_runs_a_course_program() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROGRAM],
        input="0\n", capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    expected = subprocess.run(
        [sys.executable, "-m", "solitaire_lib.aces_in_sequence"],
        input="0\n", capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 0 and result.stdout == expected.stdout


def test_runs_the_sevens_viewer() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROGRAM.replace("aces", "sevens")],
        input="2\n-1\nq\n", capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 0
    assert "\nYou could not place 9 cards, you lost \U0001f44e\n" in result.stdout


def test_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["nope"])
    assert stop.value.code == 2
    assert "invalid choice: 'nope'" in capsys.readouterr().err
