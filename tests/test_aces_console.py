"""The course program of aces in sequence, driven through stdin, and simulate()."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from solitaire_lib.aces_in_sequence import simulate
from solitaire_lib.aces_in_sequence.console import (
    PROMPT,
    game_lines,
    keep_sentence,
    shuffled_deck,
    turn_header,
)
from solitaire_lib.aces_in_sequence.rules import StackTurn, play
from solitaire_lib.cards import card_from_text

DATA = Path(__file__).parent / "data"


def run_program(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "solitaire_lib.aces_in_sequence"],
        input=stdin, capture_output=True, text=True, encoding="utf-8", timeout=60, check=False,
    )  # fmt: skip


@pytest.mark.parametrize("seed", [0, 10, 27])
def test_program_output_matches_reviewed_transcripts(seed: int) -> None:
    """Transcripts read line by line against section 3.2 when they were frozen."""
    result = run_program(f"{seed}\n")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout == (DATA / f"aces_in_sequence_seed{seed}.txt").read_text("utf-8")


def test_prompt_ends_in_a_single_space_and_output_starts_with_an_empty_line() -> None:
    out = run_program("0\n").stdout
    assert out.startswith(PROMPT + "\nDeck shuffled, ready to start!\n" + "]" * 32 + "\n\n")
    assert PROMPT.endswith(": ") and not PROMPT.endswith("  ")


@pytest.mark.parametrize("seed", range(300))
def test_layout_rules_of_section_3_2(seed: int) -> None:
    game = play(shuffled_deck(seed))
    lines = game_lines(game)
    assert all("\t" not in line and line == line.rstrip() for line in lines)
    assert lines[:4] == ["", "Deck shuffled, ready to start!", "]" * 32, ""]
    # Each stage: a title, 5 lines, then one group of 12 or 13 lines per stack.
    at = 4
    for stage in game.stages:
        assert lines[at].startswith("Distributing the ")
        stack_line = lines[at + 1]
        for index, stack in enumerate(stage.stacks):
            assert stack_line[12 * index : 12 * index + len(stack)] == "]" * len(stack)
        at += 6
        for turn in stage.turns:
            size = 13 if turn.discarded_now and turn.kept_now else 12
            group = lines[at : at + size]
            assert group[0] == turn_header(turn)
            assert (group[5] == "" and group[-4] == group[-1] == "") or size == 12
            assert group[-1] == ""
            at += size
    assert lines[at:] == [
        f"Displaying the {game.cards_left} cards that have been kept.",
        "You won!" if game.won else "You lost!",
        "",
        "",
        lines[-2],
        "".join(card.glyph for card in game.kept_revealed),
    ]
    assert len(lines[-1]) == game.cards_left


def _turn(stack: str, ace_position: int | None, aside: int = 0, index: int = 0) -> StackTurn:
    cards = tuple(card_from_text(t) for t in stack.split())
    aside_cards = tuple(card_from_text("K♠") for _ in range(aside))
    return StackTurn(1, index, cards, ace_position, (), aside_cards)


def test_sentences_of_section_3_2() -> None:
    assert turn_header(_turn("7♥ 8♥", None, index=1)) == (
        "No ace in second stack, after it has been turned over."
    )
    assert turn_header(_turn("7♥ A♥", 1, index=3)) == (
        "Second (and last) card in fourth stack, after it has been turned over, is an ace."
    )
    assert turn_header(_turn("A♥ 7♥", 0)) == (
        "First card in first stack, after it has been turned over, is an ace."
    )
    assert keep_sentence(_turn("A♥", 0)) == "Keeping the ace, turning it over."
    assert keep_sentence(_turn("A♥ 7♥", 0, aside=2)) == (
        "Also keeping the ace and the card after, turning them over."
    )
    assert keep_sentence(_turn("A♥ 7♥ 8♥", 0)) == (
        "Keeping the ace and the 2 cards after, turning them over."
    )


def test_discard_sentences_in_a_real_game() -> None:
    text = "\n".join(game_lines(play(shuffled_deck(0))))
    assert "Discarding the card before the ace." in text
    assert "Adding to the cards that have been discarded the 2 cards before the ace." in text
    assert "Adding to the cards that have been discarded all cards in the stack." in text


def test_typo_at_the_prompt_asks_again_without_a_traceback() -> None:
    result = run_program("zero\n 3 \n")
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "'zero' is not an integer, please try again." in result.stdout
    assert result.stdout.count(PROMPT) == 2
    assert result.stdout.endswith(run_program("3\n").stdout.split(PROMPT, 1)[1])


def test_end_of_input_ends_cleanly() -> None:
    result = run_program("")
    assert result.returncode == 1 and result.stderr == ""


def test_simulate_matches_the_course_example_byte_for_byte(
    vectors: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    simulate(500, 10)
    expected = (vectors / "aces_in_sequence" / "simulate_500_10.txt").read_text("utf-8")
    assert capsys.readouterr().out == expected


@pytest.mark.parametrize(("n", "i"), [(1, 0), (1, 1), (200, -7), (1000, 123)])
def test_simulate_lines_are_45_characters(
    n: int, i: int, capsys: pytest.CaptureFixture[str]
) -> None:
    simulate(n, i)
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line) == 45 for line in lines)
    numbers = [int(line.split("|")[0]) for line in lines[2:]]
    assert numbers == sorted(numbers) and all(4 <= k <= 32 for k in numbers)
    assert all(float(line.split("|")[1].strip(" %")) > 0 for line in lines[2:])


def test_simulate_with_a_single_lost_game_prints_only_the_header(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lost_seed = next(s for s in range(100) if not play(shuffled_deck(s)).won)
    simulate(1, lost_seed)
    assert capsys.readouterr().out.splitlines() == [
        "Number of cards left when winning | Frequency",
        "-" * 45,
    ]
