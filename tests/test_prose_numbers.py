"""The lessons' prose states no number that a run produces (issue 31).

A figure that a simulation, a timing or a search produces is written by the cell that produces
it (a sentence made from the values, shown as the cell's output), so it cannot drift from the
output when the notebook is run again. The Markdown cells may hold only numbers that no run
changes: rules of the games, definitions, worked examples of a formula, parameters that the
code sets (seeds and sample sizes), and facts of the courses. This test reads every Markdown
cell of the lessons and fails on any other number; the allowed ones are listed below, each with
its reason.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted(ROOT.glob("notebooks/0*.ipynb"))

#: A number as prose writes it: a sign, digits with thousands commas or decimals, a percent.
NUMBER = re.compile(r"(?<![\w.])[−-]?\d+(?:[.,]\d+)*(?:\s?%)?")

#: Allowed in every lesson.
EVERYWHERE = {
    **{
        str(n): "a small count, a rank or a position, as the rules and examples use them"
        for n in range(14)
    },
    "52": "the cards of a full deck",
    "95%": "the confidence level of every interval, a choice of the series",
    **{f"0{n}": "a notebook's number, in a link" for n in range(8)},
}

#: Allowed in one lesson, each with its reason.
ALLOWED: dict[str, dict[str, str]] = {
    "00": {
        "721": "the course's code (CCPS 721)",
        "130": "the course's code (COMPSCI 130)",
        "32": "the cards of the short deck (a rule)",
        "36": "a card code in the worked example of the codes (36 is the Jack of Clubs)",
        "51": "the highest card code of the full deck (a definition)",
        "678": "the seed of the example deal, set in the code",
        "12.5%": "4 aces out of 32 cards, worked out in the sentence (the exact answer)",
    },
    "01": {
        "2025": "the course's year",
        "0.05": "the p-value at the edge of a 95% interval (a definition)",
        "27": "the seed of the example deal, set in the code",
        "32": "the cards of the game's deck (a rule)",
        "36": "the cards of the stacks-of-nine deck (a rule)",
        "500": "the deals of the course's own example call, simulate(500, 10)",
        "100,000": "the deals of the simulation, set in the code",
    },
    "02": {
        "2025": "the course's year",
        "48": "the cards shuffled, 52 less the four 7s (a rule)",
        "100,000": "the deals of the simulation and of the fast path's test, set in the code",
    },
    "03": {
        "32": "the cards of the short deck (a rule)",
        "9824": "the first Unicode code point of the card suits the course prints (a definition)",
        "9827": "the last Unicode code point of the card suits the course prints (a definition)",
        "10,000": "the decks of the course's function, set in the code",
        "10,000,000": "the deals of each size, set in the code",
    },
    "04": {
        "721": "the course's code (CCPS 721)",
        "2022": "the date of the course runner's version",
        "4242": "the seed of the example hand, set in the code",
        "12345": "the seed of the course's own run, set in the code",
        "2026": "a seed of the leaderboard's runs, set in the code",
        "777": "a seed of the leaderboard's runs, set in the code",
        "100": "the hands of the course's own run, and the runner's band of 5 columns (rules)",
        "300": "the hands of the leaderboard's other runs, set in the code",
        "1,000": "the hands the course grades on",
        "40": "the runner's first band of hands (a rule of the runner)",
        "60": "how much longer each band of the runner is (a rule of the runner); the time this "
        "project allows a player, 60 ms a hand (planner.HAND_MS)",
        "160": "the runner's band of 6 columns (a rule of the runner)",
        "1,140": "the first hand with 10 columns in the runner (from its rule of bands)",
        "−5": "the score of a −5 card, and the bonus of a repeated matched rank (rules)",
        "−9": "the result of the worked example of scoring",
        "−10": "a matched pair of −5s, and two bonuses of −5 (rules)",
        "−15": "a matched pair of −5s with its bonus (a rule), in the worked example",
        "15": "a worked example's sum, and the 15 states of a card in a column (a definition)",
        "23": "the most turns of one column in a hand of 10 columns (a rule)",
        "30": "a worked example's sum",
        "48": "a worked example's sum",
        "1000": "a seed of the runs the look-ahead player was tuned on (in its docstring)",
        "2000": "a seed of the runs the look-ahead player was tuned on (in its docstring)",
    },
    "05": {
        "130": "the course's code (COMPSCI 130)",
        "2021": "the course's year",
        "20": "the cards of the example deal and of a study, set in the code",
        "32": "the cards of a study, set in the code",
        "40": "the move limit of the 20-card example (2n, a rule); a card of its worked example",
        "25": "a card of the worked example",
        "41": "a card of the worked example",
        "104": "the move limit of 52 cards (2n, a rule)",
        "200": "the deals of the fast mode's study, set in the code",
        "2,000": "the deals of the held-out evaluation, set in the code",
    },
    "06": {
        "2024": "the course's year, and the seed of the example deal",
        "720": "6! = 720, worked out in the sentence",
        "1.5": "a weight of the solver's portfolio (portfolio.WEIGHTS, checked by a test)",
        "1.25": "a weight of the solver's portfolio (portfolio.WEIGHTS, checked by a test)",
        "250": "the first turn of the portfolio's searches (portfolio.FIRST_ROUND, checked)",
        "60,000": "the portfolio's node budget in Python (portfolio.FAST_BUDGET, checked)",
        "1,000,000": "the compiled portfolio's budget (portfolio.COMPILED_BUDGET, checked)",
        "4,000": "the turns that run two searches at once (portfolio.TOGETHER_FROM, checked)",
        "24": "the endgames of the memory's test, set in the tests",
        "14": "how far from the end the optimal search starts, set in the code",
    },
    "07": {
        "1998": "the year of the Mersenne Twister's paper",
        "624": "the words of the Mersenne Twister's state (a definition)",
        "32": "bits in a word of the generator, and the cards of the short deck (definitions)",
        "1,250": "the seeding steps of init_by_array (about 2 × 624, a definition)",
        "128": "the seeds in lockstep, a constant of the library",
        "31": "the draws of a 32-card shuffle (a definition)",
        "46": "the expected 32-bit outputs of a 32-card shuffle: the sum of 2^k / n over its draws",
        "48": "the outputs renewed in lockstep, a constant of the library",
        "100,000": "the seeds of the test, set in the tests; the deals of a worked example",
        "-50,000": "the first seed of the test, set in the tests",
        "49,999": "the last seed of the test, set in the tests",
        "20,000": "the deals timed on the slow paths, set in the code",
        "1,000,000": "the deals timed on the compiled path, set in the code",
        "1,000": "a worked example of the interval's width: an outcome of 1 in 1,000",
        "100": "the worked example: 100,000 deals see about 100 such outcomes",
        "20%": "the worked example: the interval with 100 outcomes, 1.96 / √100",
        "4,000,000": "the deals of the rare outcomes' study, set in the code",
        "3%": "the worked example: the interval with 4,000 outcomes, 1.96 / √4,000",
        "2026": "the seed of notebook 03's run, set in the code",
    },
}


def prose(markdown: str) -> str:
    """The words of a Markdown cell, without code, mathematics, link targets or HTML tags."""
    for pattern in (r"```.*?```", r"`[^`]*`", r"\$\$.*?\$\$", r"\$[^$]*\$", r"<[^>]+>"):
        markdown = re.sub(pattern, " ", markdown, flags=re.S)
    return re.sub(r"\]\([^)]*\)", "]", markdown)


def numbers_in(markdown: str) -> list[str]:
    """Every number in a Markdown cell's prose.

    >>> numbers_in("Three passes win about 59% of deals (`simulate(100, 3)`), $p = 0.5$.")
    ['59%']
    """
    return [match.group().replace(" ", "") for match in NUMBER.finditer(prose(markdown))]


def unexplained_numbers(path: Path) -> list[str]:
    allowed = {**EVERYWHERE, **ALLOWED.get(path.name[:2], {})}
    found = []
    for index, cell in enumerate(nbformat.read(path, as_version=4).cells):
        if cell.cell_type == "markdown":
            found += [f"cell {index}: {n}" for n in numbers_in(cell.source) if n not in allowed]
    return found


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_the_prose_states_no_number_that_a_run_produces(path: Path) -> None:
    assert unexplained_numbers(path) == [], (
        "a number in the prose that is not a rule, a definition or a parameter: let the cell "
        "write it from its values, or describe without it"
    )


def test_a_run_number_in_the_prose_is_found(tmp_path: Path) -> None:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_markdown_cell("Greedy scores 6.8 a hand, from 4 columns on (`x = 4.5`)."),
        nbformat.v4.new_code_cell("print(6.8)"),
    ]
    path = tmp_path / "04_example.ipynb"
    nbformat.write(notebook, path)
    assert unexplained_numbers(path) == ["cell 0: 6.8"]


def test_every_allowed_number_is_still_used() -> None:
    """A stale allowance would let a number come back unnoticed."""
    used = {path.name[:2]: set() for path in LESSONS}
    for path in LESSONS:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown":
                used[path.name[:2]].update(numbers_in(cell.source))
    stale = {lesson: sorted(set(numbers) - used[lesson]) for lesson, numbers in ALLOWED.items()}
    assert {lesson: numbers for lesson, numbers in stale.items() if numbers} == {}
