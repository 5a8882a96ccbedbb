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
from pathlib import Path

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


# --- Every console, as a command: bad bytes, closed and full streams, options -------------------

COMMANDS = ["aces", "sevens", "alliances", "klondike", "stacks", "play-nine"]


def solitaire(
    *args: str, stdin: bytes = b"", shell_redirect: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """``solitaire ARGS`` as a real process; ``shell_redirect`` is added to a bash command line."""
    command = [sys.executable, "-m", "solitaire_lib.cli", *args]
    environment = {**os.environ, **(env or {})}
    if shell_redirect:
        line = " ".join(f"'{part}'" for part in command) + " " + shell_redirect
        return subprocess.run(
            ["bash", "-c", line], input=stdin, capture_output=True, timeout=60, env=environment
        )
    return subprocess.run(command, input=stdin, capture_output=True, timeout=60, env=environment)


def assert_no_traceback_in(result: subprocess.CompletedProcess[bytes]) -> None:
    assert b"Traceback" not in result.stderr, result.stderr[-2000:]
    assert b"Traceback" not in result.stdout, result.stdout[-2000:]


@pytest.mark.parametrize("command", COMMANDS)
def test_bytes_that_are_not_text_in_the_input_encoding_are_refused_like_a_typo(
    command: str,
) -> None:
    result = solitaire(command, stdin=b"\x81\xff\n", env={"PYTHONIOENCODING": "cp1252"})
    assert_no_traceback_in(result)
    assert result.returncode in (0, 1)


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(
    ("redirect", "status"),
    [("<&-", 1), (">&-", 1), (">/dev/full", 1)],
    ids=["no stdin", "no stdout", "full disk"],
)
def test_closed_or_full_streams_end_the_program_without_a_traceback(
    command: str, redirect: str, status: int
) -> None:
    result = solitaire(command, stdin=b"1\n", shell_redirect=redirect)
    assert_no_traceback_in(result)
    # At the end of the input the alliances game gives up its deal (status 0), as in a terminal.
    assert result.returncode == (0 if (command, redirect) == ("alliances", "<&-") else status)
    if redirect != "<&-":
        assert result.stderr.startswith(b"solitaire: ") and result.stderr.count(b"\n") == 1


@pytest.mark.parametrize("command", ["aces", "sevens", "alliances", "klondike", "stacks"])
def test_unknown_options_are_refused_with_the_usage_and_help_is_given(command: str) -> None:
    refused = solitaire(command, "--bogus")
    assert refused.returncode == 2 and b"usage:" in refused.stderr
    assert b"unrecognized arguments: --bogus" in refused.stderr
    helped = solitaire(command, "--help")
    assert helped.returncode == 0 and helped.stdout.startswith(b"usage:")


@pytest.mark.parametrize(
    ("player", "said"),
    [
        ("nosuch_player_module", b"no module called 'nosuch_player_module'"),
        ("", b"--player needs a module name"),
        ("math", b"the module 'math' has no get_author_info"),
        ("solitaire_lib.play_nine.nonexistent", b"no module called"),
    ],
)
def test_a_bad_player_module_is_refused_with_the_usage(player: str, said: bytes) -> None:
    result = solitaire("play-nine", "--hands", "1", "--player", player)
    assert_no_traceback_in(result)
    assert result.returncode == 2 and said in result.stderr and b"usage:" in result.stderr


def test_a_player_whose_author_info_is_not_a_pair_crashes_the_run_not_the_program(
    tmp_path: Path,
) -> None:
    (tmp_path / "odd_player.py").write_text(
        "from solitaire_lib.play_nine.course_player import choose_drawing_action\n"
        "from solitaire_lib.play_nine.course_player import choose_replacement_action\n"
        "def get_author_info():\n    return 5\n"
    )
    env = {"PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    result = solitaire("play-nine", "--hands", "1", "--player", "odd_player", env=env)
    assert_no_traceback_in(result)
    assert result.returncode == 1
    assert (
        b"Crash with error: get_author_info() must return (name, student_id), not 5"
        in result.stdout
    )


def test_ctrl_c_in_stacks_of_nine_exits_with_status_130() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "solitaire_lib.stacks_of_nine", "--seed", "1"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        time.sleep(1.5)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
    finally:
        process.kill()
    assert process.returncode == 130 and b"Traceback" not in stderr


SOLITAIRE = [
    sys.executable,
    "-c",
    "import sys; from solitaire_lib.cli import main; sys.exit(main())",
]


@pytest.mark.parametrize(
    ("game", "usage"),
    [("aces", "usage: solitaire aces"), ("sevens", "usage: solitaire sevens"),
     ("alliances", "usage: solitaire alliances"), ("klondike", "usage: solitaire klondike"),
     ("stacks", "usage: solitaire stacks"), ("play-nine", "usage: solitaire play-nine")],
)  # fmt: skip
def test_the_usage_names_the_command_students_type(game: str, usage: str) -> None:
    result = subprocess.run([*SOLITAIRE, game, "--help"], capture_output=True, text=True,
                            timeout=120, check=False)  # fmt: skip
    assert result.stdout.startswith(usage), result.stdout[:200]
    assert "python -m" not in result.stdout


#: The installed command (the script pip made), or the same call through Python.
COMMAND = [str(Path(sys.executable).with_name("solitaire"))]
if not Path(COMMAND[0]).exists():
    COMMAND = SOLITAIRE
#: The games whose consoles load numpy and numba (a second or more), by both routes: the
#: command, and Python's -m. (Klondike and stacks load in some 40 ms.)
ROUTES = [[*COMMAND, game] for game in ("aces", "sevens", "alliances", "play-nine")] + [
    [sys.executable, "-m", f"solitaire_lib.{module}"]
    for module in ("aces_in_sequence", "sevens", "alliances", "play_nine.runner")
]


def wait_until_numpy_loads(program: subprocess.Popen[str]) -> None:
    """Wait until ``program`` maps numpy's library: it is then inside the game's import (every
    game's console loads numpy), past Python's own start and this project's first lines."""
    maps = Path(f"/proc/{program.pid}/maps")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and program.poll() is None:
        try:
            if "numpy" in maps.read_text():
                return
        except OSError:
            pass
        time.sleep(0.002)
    pytest.fail("the program never loaded numpy")


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize("command", ROUTES, ids=lambda command: " ".join(command[-2:]))
def test_ctrl_c_while_a_game_loads_ends_quietly(command: list[str]) -> None:
    """The game takes a second or more to load (numpy, numba): a Ctrl-C then ends it with
    status 130 and no traceback, by either route."""
    program = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)  # fmt: skip
    wait_until_numpy_loads(program)
    program.send_signal(signal.SIGINT)
    out, err = program.communicate(timeout=60)
    assert out == "", "the console had already started: the test came too late"
    assert program.returncode == 130 and "Traceback" not in err, err[-1000:]


def test_stacks_echoes_a_bad_line_cut_and_refuses_too_many_digits() -> None:
    line = "x" * 1_000_000
    result = subprocess.run([*SOLITAIRE, "stacks", "--seed", "1"], capture_output=True,
                            text=True, timeout=120, check=False,
                            input=f"{line}\nAB{'9' * 5000}\n")  # fmt: skip
    assert_no_traceback(result)
    assert len(result.stdout) < 20_000
    assert "(1,000,000 characters) is not a move" in result.stdout
    assert "no move takes that many cards" in result.stdout
    assert "Exceeds the limit" not in result.stdout + result.stderr
