"""The lessons' prose states no number that a run produces (issues 31 and 41).

A figure that a simulation, a timing or a search produces is written by the cell that produces
it (a sentence made from the values, shown as the cell's output), so it cannot drift from the
output when the notebook is run again. The Markdown cells may hold only numbers that no run
changes: rules of the games, definitions, worked examples of a formula, parameters that the
code sets (seeds and sample sizes), and facts of the courses. This test reads every Markdown
cell of the lessons and fails on any other number; the allowed ones are listed below, each with
its reason.

Small numbers and numbers in words are everywhere in rules ("the card one lower", "two passes"),
so they are allowed, except where they are *tied to a result*: followed by a unit that runs
measure (moves, points, milliseconds, times...) or a comparison (shorter, more, faster...), or
after "about", "nearly" and their kind; vague counts ("a few", "several", "tens of") are numbers
too. A tied one passes only inside a phrase of :data:`TIED_ALLOWED`, each with its reason. The
same holds for the words of the sentences that code cells write (their string constants), where
a literal such as "on two cores" would state what only the machine knows.
"""

from __future__ import annotations

import ast
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
        "14": "how far from the end the optimal search starts, set in the code",
    },
    "07": {
        "1998": "the year of the Mersenne Twister's paper",
        "0.05": "the p-value at the edge of a 95% interval (a definition)",
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


_NUMBER_WORDS = (
    "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    "fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|"
    "ninety|hundred|thousand|million"
)
#: A number in words ("five", "ten million", "twice") or a vague count ("a few", "tens").
WORDS = re.compile(
    rf"\b(?:(?:{_NUMBER_WORDS})(?:[- ](?:{_NUMBER_WORDS}))*|twice|thrice|half|double|triple|"
    r"a few|several|a couple of|a dozen|dozens|tens|hundreds|thousands|millions)\b",
    re.IGNORECASE,
)
_UNITS = (
    r"moves?|ms|milliseconds?|microseconds?|µs|seconds?|minutes?|hours?|nodes?|points?|times|"
    r"percent|percentage points?|cores?"
)
_COMPARISONS = (
    r"more|fewer|less|shorter|longer|faster|slower|higher|lower|better|worse|larger|smaller|"
    r"as (?:many|much|fast|long|often|likely)"
)
#: After a number: a unit that runs measure, or a comparison, with at most two words between.
RESULT_AFTER = re.compile(
    rf"(?:[\s-]+[\w'’]+){{0,2}}?[\s-]+(?:{_UNITS}|{_COMPARISONS})\b|\s?(?:{_UNITS})\b",
    re.IGNORECASE,
)
#: Before a number: a word that makes it an estimate.
ESTIMATE_BEFORE = re.compile(
    r"\b(?:about|around|roughly|nearly|almost|approximately|over|under|barely|close to|some)\s+$",
    re.IGNORECASE,
)
#: A number that names something ("notebook 07", "pile 0", "task 3"), not a quantity.
_NAME_BEFORE = re.compile(r"\b(?:notebooks?|exercises|piles?|stacks?|tasks?|seed)\s+$", re.I)

#: Small numbers and numbers in words tied to a result that are rules, definitions or
#: parameters: (lesson, "*" for every one, the phrase that holds it, the reason).
TIED_ALLOWED: list[tuple[str, str, str]] = [
    ("*", "one lower", "building down: a card goes on the card one rank higher (a rule)"),
    ("*", "one higher", "building down: a card goes on the card one rank higher (a rule)"),
    ("*", "at most one per move", "how a lower bound drops (a definition)"),
    ("*", "Solver: one move", "the name of a widget's button"),
    ("00", "four times as many deals halve", "the error's 1/√n law, worked out"),
    ("01", "only four cards larger", "36 cards against 32 (the decks' sizes)"),
    ("02", "Seven more cards go the same way", "the seven cards left of the example's suit"),
    ("04", "−5 comes half as often", "the deck's composition (a rule)"),
    ("04", "half of its cards are 9 or more", "a definition of a high kitty"),
    ("04", "counts **5 less**", "the bonus of a repeated matched rank (a rule)"),
    ("04", "2 over 9 and 1 over 3", "the columns of the worked example of scoring"),
    ("04", "replace the 12 with a lower card", "the card of the worked example"),
    ("04", "Suppose one column had more turns", "one column (not a count)"),
    ("04", "With five more turns", "the five draws left of the worked example"),
    ("04", "worth 10 points more", "two bonuses of −5 (a rule)"),
    ("04", "within a few points of each other", "a close call, as the player defines it"),
    ("04", "within three points of the best", "the look-ahead's constant (planner, close=3)"),
    ("04", "5 times with each player", "the repeats of the timing, set in the code"),
    ("05", "a win in 5 moves", "the scripted example game, set in the code"),
    ("05", "because 4 is one lower than 5", "the cards of the course's example"),
    ("05", "**Two moves are always right.**", "the two moves the rules make certain"),
    ("05", "much smaller than one over every move", "one search (not a count)"),
    ("05", "costs one more move", "the bound's definition"),
    ("05", "finds one much faster", "one win (not a count)"),
    ("05", "the 104 allowed moves", "the move limit of 52 cards (2n, a rule)"),
    ("05", "(one move now, one more when", "the cost of a new pile or a turn, from the rules"),
    ("05", "only what one better rule gains", "one rule (not a count)"),
    ("06", "each one less than the card under it", "an ordered run (a rule)"),
    ("06", "top card is one more than the bottom card", "where a run may go (a rule)"),
    ("06", "on two cores", "the portfolio's two searches at once, one a thread"),
    ("06", "two or more cards never block", "a rule"),
    ("06", "of the fast line's 14 moves", "where the optimal search starts, set in the code"),
    ("06", "of its 14 moves", "where the optimal search starts, set in the code"),
    ("07", "a million times as much", "a million deals (the size that the lesson aims at)"),
    ("07", "each five times", "the repeats of the timing, set in the code (TIMES)"),
    ("07", "timed three times", "the repeats of the timing, set in the code (REPEATS)"),
    ("07", "about 1 in 1,000, 100,000 deals see about 100", "the worked example of the width"),
    ("07", "win about one deal in", "the form of a generated sentence: one in N"),
    ("07", "lose about one in", "the form of a generated sentence: one in N"),
    ("03", "end with 10 piles or fewer", "the threshold of the table, set in the code"),
]


def tied_numbers(text: str, words_and_small_only: bool = True) -> list[tuple[int, int]]:
    """Where ``text`` has a number tied to a result: (start, end) of each.

    Small numbers (0 to 13) and numbers in words count; with ``words_and_small_only=False``,
    every number does.

    >>> text = "the optimal line is 5 moves shorter; it takes a few milliseconds (pile 0 first)"
    >>> [text[start:end] for start, end in tied_numbers(text)]
    ['5', 'a few']
    >>> text = "About one game in four comes out, in 4 stages"
    >>> [text[start:end] for start, end in tied_numbers(text)]
    ['one']
    """
    found = []
    quantities = [(m, True) for m in NUMBER.finditer(text)]
    quantities += [(m, False) for m in WORDS.finditer(text)]
    for match, in_digits in quantities:
        if in_digits and words_and_small_only:
            plain = match.group().replace("−", "-").lstrip("-")
            if not plain.isdigit() or int(plain) > 13:
                continue  # a larger number: the lists of allowed numbers decide
        before = text[: match.start()]
        if _NAME_BEFORE.search(before):
            continue
        if RESULT_AFTER.match(text, match.end()) or ESTIMATE_BEFORE.search(before[-30:]):
            found.append((match.start(), match.end()))
    return sorted(found)


def _allowed_by_phrase(lesson: str, text: str, start: int, end: int) -> str | None:
    """The allowed phrase that holds text[start:end], if any."""
    for where, phrase, _ in TIED_ALLOWED:
        if where not in ("*", lesson):
            continue
        for found in re.finditer(re.escape(phrase), text):
            if found.start() <= start and end <= found.end():
                return phrase
    return None


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def sentence_texts(code: str) -> list[str]:
    r"""The words a code cell writes: its string constants, f-strings with ``{}`` for values.

    >>> sentence_texts('x = 2\nMarkdown(f"On this run ({n} deals), two cores")')
    ['On this run ( {} deals), two cores']
    """
    try:
        tree = ast.parse(code)
    except SyntaxError:  # a cell magic
        return []
    inner = {id(value) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
             for value in node.values}  # fmt: skip
    texts = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            texts.append(" ".join(value.value if isinstance(value, ast.Constant) else "{}"
                                  for value in node.values))  # fmt: skip
        elif (
            isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in inner
        ):
            texts.append(node.value)
    return [_flat(text) for text in texts]


def tied_in(path: Path) -> list[tuple[str, str, str | None]]:
    """Every number tied to a result in a lesson's Markdown prose and in the words its code
    cells write: (where, the number in its context, the allowed phrase that holds it or None)."""
    lesson = path.name[:2]
    found = []
    for index, cell in enumerate(nbformat.read(path, as_version=4).cells):
        if cell.cell_type == "markdown":
            texts, small_only = [_flat(prose(cell.source))], True
        elif cell.cell_type == "code":
            texts, small_only = sentence_texts(cell.source), False
        else:
            continue
        for text in texts:
            for start, end in tied_numbers(text, small_only):
                context = text[max(0, start - 30) : end + 30]
                phrase = _allowed_by_phrase(lesson, text, start, end)
                found.append((f"cell {index}", f"{text[start:end]!r} in …{context}…", phrase))
    return found


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


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_no_small_number_or_number_in_words_is_tied_to_a_result(path: Path) -> None:
    unexplained = [f"{where}: {number}" for where, number, phrase in tied_in(path) if not phrase]
    assert unexplained == [], (
        "a number tied to a result (a unit, a comparison, an estimate) that the run does not "
        "write: let the cell write it from its values, say only what holds whatever the outcome, "
        "or add the phrase to TIED_ALLOWED with its reason if it is a rule or a parameter"
    )


@pytest.mark.parametrize(
    ("markdown", "code", "expected"),
    [
        ("Both modes win; the optimal line is 5 moves shorter.", "", ["'5'"]),
        (
            "The median is a few milliseconds, and compiling takes several seconds.",
            "",
            ["'a few'", "'several'"],
        ),
        (
            "About one game in four comes out, and usually with exactly the four aces left.",
            "",
            ["'one'"],
        ),
        ("Written plainly, it takes some tens of microseconds a deal.", "", ["'tens'"]),
        ("The two runs agree.", 'Markdown(f"On this run (two cores, {n} timings)")', ["'two'"]),
        ("Greedy scores twice as much as the planner.", "", ["'twice'"]),
        ("A card goes below the card one higher; three passes are allowed.", "", []),
    ],
)
def test_a_number_tied_to_a_result_is_found(
    tmp_path: Path, markdown: str, code: str, expected: list[str]
) -> None:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_markdown_cell(markdown), nbformat.v4.new_code_cell(code)]
    path = tmp_path / "09_example.ipynb"
    nbformat.write(notebook, path)
    found = [number.split(" in …")[0] for _, number, phrase in tied_in(path) if not phrase]
    assert found == expected


def test_every_allowed_phrase_is_still_used() -> None:
    """A stale phrase would let a number come back unnoticed."""
    used = {(path.name[:2], phrase) for path in LESSONS for _, _, phrase in tied_in(path)}
    used_anywhere = {phrase for _, phrase in used}
    stale = [(where, phrase) for where, phrase, _ in TIED_ALLOWED
             if (where == "*" and phrase not in used_anywhere)
             or (where != "*" and (where, phrase) not in used)]  # fmt: skip
    assert stale == []
