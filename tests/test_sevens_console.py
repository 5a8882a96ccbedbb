"""The Sevens course program: collected output, the line viewer and its input, simulate."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire_lib.sevens import collected_output, parse_request, simulate
from solitaire_lib.sevens.console import INDENT, SEED_PROMPT, Request, is_quit, menu, view

QUIT = "quit"
# (input, expected) for the viewer of seed 0 (1140 lines): a Request, None (incorrect), or QUIT.
N = 1140
VIEWER_INPUTS: list[tuple[str, Request | str | None]] = [
    # a last line number
    ("1", Request(1, 1)), ("7", Request(1, 7)), ("1140", Request(1, 1140)),
    ("  5", Request(1, 5)), ("5   ", Request(1, 5)), ("  5  ", Request(1, 5)),
    ("005", Request(1, 5)),
    # a first line number
    ("-1", Request(1140, 1140)), ("-3", Request(1138, 1140)), ("-1140", Request(1, 1140)),
    ("   -3", Request(1138, 1140)), ("-3   ", Request(1138, 1140)),
    # a range
    ("1--1", Request(1, 1)), ("3--5", Request(3, 5)), ("1--1140", Request(1, 1140)),
    ("1140--1140", Request(1140, 1140)), ("  3--5", Request(3, 5)), ("3--5  ", Request(3, 5)),
    ("3   --5", Request(3, 5)), ("3--   5", Request(3, 5)), ("  3  --  5  ", Request(3, 5)),
    ("17--18", Request(17, 18)),
    # quit
    ("q", QUIT), ("  q  ", QUIT),
    # incorrect: out of range
    ("0", None), ("1141", None), ("-0", None), ("-1141", None), ("0--3", None),
    ("5--3", None), ("3--1141", None), ("99999999999999999999", None),
    # incorrect: a '+', spaces inside numbers or between the two '-'
    ("+5", None), ("-+3", None), ("+3--5", None), ("3--+5", None), ("- 3", None),
    ("3 - -5", None), ("3- -5", None), ("1 0", None), ("3 4", None),
    # incorrect: not of any form
    ("", None), ("   ", None), ("--3", None), ("3-5", None), ("3---5", None), ("-3--5", None),
    ("3--", None), ("--", None), ("3.0", None), ("three", None), ("1e3", None),
    ("Q", None), ("quit", None), ("qq", None), ("q q", None), ("q5", None),
    # incorrect: other characters than the ASCII space and digits
    ("\t5", None), ("5\t", None), ("1_000", None), ("\u0663", None), ("\u00a05", None),
]  # fmt: skip


def lines_of(vectors: Path, seed: int) -> list[str]:
    path = vectors / "sevens" / f"collected_output_seed{seed}.txt"
    return path.read_text("utf-8").split("\n")[:-1]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_collected_output_matches_the_vectors(vectors: Path, seed: int) -> None:
    assert collected_output(seed) == lines_of(vectors, seed)


@pytest.mark.parametrize("seed", range(200))
def test_collected_output_rules(seed: int) -> None:
    lines = collected_output(seed)
    assert all(line == line.rstrip() for line in lines), "no trailing space"
    assert lines[:2] == [
        "All 7s removed and placed, rest of deck shuffled, ready to start!",
        "]" * 48,
    ]
    assert lines[16:19] == ["", "Starting first round...", ""]
    assert lines[-1].startswith(("You placed all cards, you won", "You could not place"))
    for line in lines:
        if "\t" in line:
            assert line.lstrip("\t") and line.count("\t") <= 4


def test_viewer_table_is_large_enough() -> None:
    assert len(VIEWER_INPUTS) >= 40
    assert len({text for text, _ in VIEWER_INPUTS}) == len(VIEWER_INPUTS), "no duplicates"


@pytest.mark.parametrize(("answer", "expected"), VIEWER_INPUTS)
def test_parse_request(answer: str, expected: Request | str | None) -> None:
    if expected == QUIT:
        assert is_quit(answer)
    else:
        assert not is_quit(answer)
        assert parse_request(answer, N) == expected


def expected_session(lines: list[str], answers: list[str]) -> str:
    """What the program prints for these answers, built from the text's rules and the vector."""
    out = SEED_PROMPT + "\n"
    for answer in answers:
        out += menu(len(lines)) + "\n" + INDENT
        if answer.strip(" ") == "q":
            return out
        expected = dict(VIEWER_INPUTS)[answer]
        assert isinstance(expected, Request | None)
        shown = lines[expected.first - 1 : expected.last] if expected else []
        out += "\n".join(["", *shown, ""]) + "\n"
    return out


def run_program(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "solitaire_lib.sevens"],
        input=stdin, capture_output=True, text=True, encoding="utf-8", timeout=60, check=False,
    )  # fmt: skip


def test_a_whole_session_through_stdin(vectors: Path) -> None:
    answers = [text for text, expected in VIEWER_INPUTS if expected != QUIT] + ["q"]
    result = run_program("0\n" + "\n".join(answers) + "\n")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout == expected_session(lines_of(vectors, 0), answers)


def test_menu_text_and_alignment() -> None:
    text = menu(1052).split("\n")
    assert text == [
        "There are 1052 lines of output; what do you want me to do?",
        "Enter: q to quit",
        "       a last line number (between 1 and 1052)",
        "       a first line number (between -1 and -1052)",
        "       a range of line numbers (of the form m--n with 1 <= m <= n <= 1052)",
    ]
    assert text[1].index("q") == text[2].index("a") == len(INDENT)


def test_end_of_input_ends_cleanly() -> None:
    for stdin in ["", "0\n", "0\n5\n"]:
        result = run_program(stdin)
        assert "Traceback" not in result.stderr and result.stderr == ""
        assert result.returncode == (1 if stdin == "" else 0)


def test_typo_at_the_seed_prompt_asks_again() -> None:
    result = run_program("abc\n1\nq\n")
    assert "'abc' is not an integer, please try again." in result.stdout
    assert "There are 1052 lines of output" in result.stdout


def test_view_in_process(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("2\nq\n"))
    view(["a", "b", "c"])
    assert (
        capsys.readouterr().out == menu(3) + "\n" + INDENT + "\na\nb\n\n" + menu(3) + "\n" + INDENT
    )


def test_simulate_matches_the_vector(vectors: Path, capsys: pytest.CaptureFixture[str]) -> None:
    simulate(100, 0)
    assert capsys.readouterr().out == (vectors / "sevens" / "simulate_100_0.txt").read_text("utf-8")


@pytest.mark.parametrize(("n", "i"), [(1, 0), (1, 1), (300, 77)])
def test_simulate_lines_are_32_characters(
    n: int, i: int, capsys: pytest.CaptureFixture[str]
) -> None:
    simulate(n, i)
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["Number of cards left | Frequency", "-" * 32]
    assert all(len(line) == 32 for line in lines)
    lefts = [int(line.split("|")[0]) for line in lines[2:]]
    assert lefts == sorted(lefts, reverse=True)
