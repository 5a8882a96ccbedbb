"""The console programs as a careless or mischievous user meets them: never a traceback.

Each program runs as a real process (``python -m ...``), fed from a pipe: bad lines and huge
numbers at every prompt, the end of the input, Ctrl-C (SIGINT) at each prompt, a pipe closed by
``head``, and a terminal whose encoding has no card symbols.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from solitaire_lib.prompt import parse_integer

PROGRAMS = {
    "aces": "solitaire_lib.aces_in_sequence",
    "sevens": "solitaire_lib.sevens",
    "alliances": "solitaire_lib.alliances",
}
HUGE = "9" * 5000
BAD_LINES = ["", "   ", "abc", "3.7", "1e3", "-", "--", "0x10", "٣x", "\t", "q q", HUGE, "-" + HUGE,
             "s " + HUGE, f"{HUGE}--{HUGE}", "é" * 300, "\x00", "🂡"]  # fmt: skip


def run(
    module: str, stdin: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", module], input=stdin, capture_output=True, text=True,
        timeout=120, env={**os.environ, **(env or {})}, encoding="utf-8", errors="replace",
    )  # fmt: skip


def assert_no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert "Traceback" not in result.stdout, result.stdout[-2000:]


@pytest.mark.parametrize("name", PROGRAMS)
def test_the_end_of_input_at_the_first_prompt_ends_cleanly(name: str) -> None:
    result = run(PROGRAMS[name], "")
    assert_no_traceback(result)
    assert result.returncode == (0 if name == "alliances" else 1)


@pytest.mark.parametrize("name", ["aces", "sevens"])
def test_bad_seeds_are_asked_again_and_a_huge_seed_is_played(name: str) -> None:
    result = run(PROGRAMS[name], "\n".join([*BAD_LINES[:11], HUGE, "q"]) + "\n")
    assert_no_traceback(result)
    assert result.returncode == 0
    assert "'3.7' is not an integer" in result.stdout and "'1e3' is not an integer" in result.stdout
    assert result.stdout.count("is not an integer") == 11


def test_the_sevens_viewer_survives_every_bad_request() -> None:
    result = run(PROGRAMS["sevens"], "0\n" + "\n".join([*BAD_LINES, "1--2", "q"]) + "\n")
    assert_no_traceback(result)
    assert result.returncode == 0
    assert "All 7s removed and placed" in result.stdout  # the good request at the end


def test_the_alliances_manual_mode_survives_every_bad_command() -> None:
    result = run(PROGRAMS["alliances"], "\n".join([*BAD_LINES, "p", "s 99", "q"]) + "\n")
    assert_no_traceback(result)
    assert result.returncode == 0
    assert result.stdout.count("Commande inconnue") >= len(BAD_LINES) - 3


@pytest.mark.parametrize("name", PROGRAMS)
def test_ctrl_c_at_the_prompt_exits_with_status_130(name: str) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", PROGRAMS[name]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        if name == "sevens":
            assert process.stdin is not None
            process.stdin.write("0\n")  # past the seed: Ctrl-C in the viewer
            process.stdin.flush()
        time.sleep(1.5)  # the program waits at its prompt
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
    finally:
        process.kill()
    assert process.returncode == 130
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr


@pytest.mark.parametrize("name", ["aces", "sevens"])
def test_a_pipe_closed_early_ends_quietly(name: str) -> None:
    script = f"{sys.executable} -m {PROGRAMS[name]} 2>&1 | head -3"
    answers = "0\n" + ("1140\n" * 5 if name == "sevens" else "") + "q\n"
    result = subprocess.run(["bash", "-c", script], input=answers, capture_output=True,
                            text=True, timeout=60)  # fmt: skip
    assert len(result.stdout.splitlines()) == 3
    assert "Traceback" not in result.stdout and "Broken pipe" not in result.stdout


@pytest.mark.parametrize("name", PROGRAMS)
def test_a_terminal_without_card_symbols_gets_text(name: str) -> None:
    answers = {"aces": "0\n", "sevens": "0\n1--40\nq\n", "alliances": "p\np\np\nq\n"}[name]
    result = subprocess.run(
        [sys.executable, "-m", PROGRAMS[name]], input=answers.encode(), capture_output=True,
        timeout=60, env={**os.environ, "PYTHONIOENCODING": "cp1252"},
    )  # fmt: skip
    out = result.stdout.decode("cp1252")
    assert result.returncode == 0 and b"Traceback" not in result.stderr
    assert any(text in out for text in ("S", "H", "D", "C"))
    assert "?" not in out.replace("do you want me to do?", "").replace(" ? ", "")


def test_parse_integer_agrees_with_int_wherever_int_answers() -> None:
    from hypothesis import given
    from hypothesis import strategies as st

    @given(
        st.one_of(
            st.text(max_size=12), st.integers().map(str), st.from_regex(r"\s*[+-]?\d[\d_]*\s*")
        )
    )
    def agrees(text: str) -> None:
        try:
            expected: int | None = int(text)
        except ValueError:
            expected = None
        assert parse_integer(text) == expected

    agrees()
