"""Every exercise check accepts the reference and rejects every mistake students make.

Each game's ``mistakes`` module lists, per task, wrong implementations that students really write,
each with a pattern its report must match: so the test proves both that the check fails the
mistake and that the report points at it (the hint about it, or the difference that shows it).
"""

from __future__ import annotations

import dataclasses
import functools
import re
import zlib
from pathlib import Path
from types import ModuleType

import nbformat
import pytest
from mistakes import aces_in_sequence as aces_mistakes
from mistakes import alliances as alliances_mistakes
from mistakes import fast_simulation as fast_mistakes
from mistakes import play_nine as play_nine_mistakes
from mistakes import sevens as sevens_mistakes
from mistakes import simple_klondike as klondike_mistakes
from mistakes import stacks_of_nine as stacks_mistakes
from student_copy import as_a_student_writes_it

from solitaire_lib.aces_in_sequence import exercises as aces_exercises
from solitaire_lib.alliances import exercises as alliances_exercises
from solitaire_lib.fast_simulation import exercises as fast_exercises
from solitaire_lib.grading.checks import Checker, Mistake
from solitaire_lib.grading.isolation import CheckFinding
from solitaire_lib.play_nine import exercises as play_nine_exercises
from solitaire_lib.play_nine import run_course
from solitaire_lib.play_nine.planner import PlannerPlayer
from solitaire_lib.play_nine.players import GreedyPlayer
from solitaire_lib.sevens import exercises as sevens_exercises
from solitaire_lib.simple_klondike import exercises as klondike_exercises
from solitaire_lib.stacks_of_nine import exercises as stacks_exercises

GAMES: list[tuple[str, ModuleType, ModuleType]] = [
    ("aces", aces_exercises, aces_mistakes),
    ("sevens", sevens_exercises, sevens_mistakes),
    ("alliances", alliances_exercises, alliances_mistakes),
    ("play_nine", play_nine_exercises, play_nine_mistakes),
    ("klondike", klondike_exercises, klondike_mistakes),
    ("stacks", stacks_exercises, stacks_mistakes),
    ("fast", fast_exercises, fast_mistakes),
]
#: Every task has at least this many mistakes on its list, and every notebook this many in all.
AT_LEAST, AT_LEAST_PER_NOTEBOOK = 5, 12

TASKS = [(game, ex, mi, task) for game, ex, mi in GAMES for task in ex.check.tasks]
MISTAKES = [
    (game, ex, task, mistake)
    for game, ex, mi in GAMES
    for task, mistakes in mi.MISTAKES.items()
    for mistake in mistakes
]


@pytest.mark.parametrize(("game", "exercises", "mistakes"), GAMES, ids=[g for g, _, _ in GAMES])
def test_every_task_has_its_list_of_mistakes(
    game: str, exercises: ModuleType, mistakes: ModuleType
) -> None:
    check: Checker = exercises.check
    assert set(mistakes.MISTAKES) == set(check.tasks)
    short = {task: len(m) for task, m in mistakes.MISTAKES.items() if len(m) < AT_LEAST}
    assert not short, f"tasks with fewer than {AT_LEAST} mistakes: {short}"
    in_all = sum(map(len, mistakes.MISTAKES.values())) + len(
        getattr(mistakes, "AGENT_MISTAKES", [])
    )
    assert in_all >= AT_LEAST_PER_NOTEBOOK
    for task, listed in mistakes.MISTAKES.items():
        assert all(m.about for m in listed), f"{task}: every mistake says what it is"


@pytest.mark.parametrize(
    ("game", "exercises", "mistakes", "task"), TASKS, ids=[f"{g}.{t}" for g, _, _, t in TASKS]
)
def test_the_reference_passes_and_a_stub_is_not_written_yet(
    game: str, exercises: ModuleType, mistakes: ModuleType, task: str
) -> None:
    check: Checker = exercises.check
    report = check.run(as_a_student_writes_it(check.tasks[task].reference), task)
    assert report.ok, str(report)

    def stub(*args: object, **kwargs: object) -> None:
        raise NotImplementedError

    report = check.run(stub, task)
    assert not report.ok and "not written yet" in report.problem


@pytest.mark.parametrize(
    ("game", "exercises", "task", "mistake"),
    MISTAKES,
    ids=[f"{g}.{t}.{m.name}" for g, _, t, m in MISTAKES],
)
def test_the_check_rejects_the_mistake_and_points_at_it(
    game: str, exercises: ModuleType, task: str, mistake: Mistake
) -> None:
    # Each mistake is checked on cases drawn from a seed of its own (fixed, so that a run is
    # repeatable; different from mistake to mistake, so that the list covers many draws).
    seed = zlib.crc32(f"{game}.{task}.{mistake.name}".encode())
    report = exercises.check.run(mistake.function, task, seed=seed)
    assert not report.ok, f"{mistake.about} passed the check (seed {seed})"
    assert re.search(mistake.says, str(report)), f"{mistake.about}\n---\n{report}"
    # A finding's class is named only where the mistake's own code raised it (hostile 16, a01 and
    # a02): then the report says "it raised HelperWrong: ...", as of any error of the student's.
    code = getattr(mistake.function, "__code__", None)  # a mistake may be a class
    raised_by_the_mistake = set(code.co_names) if code is not None else set()
    findings = [name for name in _check_findings() - raised_by_the_mistake if name in str(report)]
    assert findings == [], f"the report names the check's own {findings}, as if the code raised it"
    wanted = _NUMPY_ADVICE.search(str(report))
    if wanted:  # the check wants plain Python values: the statement must say so (reading 41)
        statement = _statement(game, task)
        assert f"Python {wanted['kind']}" in statement, f"{task}'s statement never says it"


#: The report's advice to a version that returned numpy numbers, and the Python kind it wants.
_NUMPY_ADVICE = re.compile(r"not (?:a )?Python (?P<kind>int|float)")
_NOTEBOOKS = {"aces": "01_aces_in_sequence", "sevens": "02_sevens", "alliances": "03_alliances",
              "play_nine": "04_play_nine", "klondike": "05_simple_klondike",
              "stacks": "06_stacks_of_nine", "fast": "07_fast_simulation"}  # fmt: skip


@functools.cache
def _statement(game: str, task: str) -> str:
    """The markdown cells of the solution notebook from the one before the last check to the
    cell that defines ``task``: its statement, folded to single spaces, without backquotes."""
    path = Path(__file__).resolve().parent.parent / "solutions" / f"{_NOTEBOOKS[game]}.ipynb"
    text = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "markdown":
            text.append(cell.source)
        elif re.search(rf"^\s*(?:def|class) {task}\b", cell.source, re.MULTILINE):
            return " ".join(" ".join(text).replace("`", "").split())
        elif "check(" in cell.source:
            text = []
    raise LookupError(f"no cell defines {task} in {path.name}")


def _check_findings() -> set[str]:
    """The names of the checks' own findings (the subclasses of CheckFinding): a report says
    what each found in its own words, never its class name."""
    classes, names = [CheckFinding], set()
    while classes:
        found = classes.pop().__subclasses__()
        classes += found
        names |= {kind.__name__ for kind in found}
    return names


RIGHT_WITH_HELPERS = [
    (game, ex, task, right)
    for game, ex, mi in GAMES
    for task, rights in getattr(mi, "RIGHT_WITH_HELPERS", {}).items()
    for right in rights
]


@pytest.mark.parametrize(
    ("game", "exercises", "task", "right"),
    RIGHT_WITH_HELPERS,
    ids=[f"{g}.{t}.{r.__name__}" for g, _, t, r in RIGHT_WITH_HELPERS],
)
def test_a_right_helper_that_takes_a_liberty_is_not_blamed(
    game: str, exercises: ModuleType, task: str, right: object
) -> None:
    """A right function whose own helpers are right, one of them taking a liberty its own check
    allows (it returns something where only its printed text counts): the check passes."""
    report = exercises.check.run(right, task, seed=zlib.crc32(f"{game}.{task}".encode()))
    assert report.ok, str(report)


AGENT_MISTAKES = play_nine_mistakes.AGENT_MISTAKES


@pytest.mark.parametrize("mistake", AGENT_MISTAKES, ids=[m.about for m in AGENT_MISTAKES])
def test_check_agent_rejects_the_agent_and_says_why(
    mistake: play_nine_mistakes.AgentMistake,
) -> None:
    report = play_nine_exercises.check_agent.run(
        mistake.author_info, mistake.drawing, mistake.replacing, better=mistake.better
    )
    assert not report.ok, f"{mistake.about} passed check_agent"
    assert re.search(mistake.says, str(report)), f"{mistake.about}\n---\n{report}"


def test_check_agent_scores_a_legal_agent_against_greedy_on_the_run_it_is_given() -> None:
    greedy = GreedyPlayer()
    report = play_nine_exercises.check_agent.run(
        greedy.get_author_info,
        greedy.choose_drawing_action,
        greedy.choose_replacement_action,
        seed=12345,
    )
    hands = play_nine_exercises.AGENT_HANDS
    total = run_course(GreedyPlayer(), 12345, hands, out=lambda _: None)
    assert report.ok and report.seed == 12345 and report.total == total
    assert not report.beats_greedy
    assert (f"(SEED=12345, {hands} hands): {total}; the greedy baseline scores {total} on the "
            "same run (1.00 x) ✔\n(check_agent(..., seed=12345) plays this run again)"
            ) in str(report)  # fmt: skip


def test_check_agent_draws_the_run_it_scores_on_for_each_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An agent that knew the run could replay its deals and see every face-down card (held-out
    set 13's cheat replayed the run the check used to name): the seed is drawn at check time."""
    assert len({play_nine_exercises.agent_seed() for _ in range(3)}) > 1
    planner = PlannerPlayer()
    monkeypatch.setattr(play_nine_exercises, "agent_seed", lambda: 2_000_000_007)
    better = play_nine_exercises.check_agent.run(
        planner.get_author_info,
        planner.choose_drawing_action,
        planner.choose_replacement_action,
        better=True,
    )
    total = run_course(PlannerPlayer(), 2_000_000_007, play_nine_exercises.AGENT_HANDS,
                       out=lambda _: None)  # fmt: skip
    assert better.ok and better.seed == 2_000_000_007 and better.total == total, str(better)


def test_a_breadth_first_search_is_stopped_on_the_deal_of_15_and_told_to_use_a_star() -> None:
    """fewest_moves' time limit is 10 s a case; the same task with a limit of 1 s a case stops
    the breadth-first search on the same deal, sooner."""
    from mistakes.simple_klondike import breadth_first

    task = next(task for task in klondike_exercises.check.tasks.values()
                if task.name == "fewest_moves")  # fmt: skip
    quick = Checker([dataclasses.replace(task, time_limit=1.0, total_time_limit=20.0)])
    report = str(quick.run(breadth_first, "fewest_moves"))
    assert "where no win fits the limit of 30 moves" in report and "did not finish within" in report
    assert "Hint: The search did not finish in time. Use A* as the statement asks" in report


def test_a_search_without_memory_is_stopped_and_told_to_remember_positions() -> None:
    """find_win's time limit is a minute; the same task with a limit of 2 s (0.5 s a case)
    gives the same report, sooner."""
    from mistakes.stacks_of_nine import no_memory_loop

    from solitaire_lib.grading.checks import Checker
    from solitaire_lib.stacks_of_nine import exercises

    task = next(task for task in exercises.TASKS if task.name == "find_win")
    quick = Checker([dataclasses.replace(task, time_limit=0.5, total_time_limit=2.0)])
    report = str(quick.run(no_memory_loop, "find_win"))
    assert "did not finish within" in report or "time limit" in report, report
    assert "Hint: The search did not finish in time" in report, report
    assert "keep a set of the positions seen" in report


def test_a_recursion_without_a_cache_is_stopped_and_told_to_cache() -> None:
    """expected_column_score's time limit is 30 s for all the cases; the same task with 0.2 s a
    case and 3 s in all stops the uncached recursion on the same cases, sooner. The report calls
    it too slow, not an endless loop (held-out set 15b, ecs_nocache)."""
    from mistakes.play_nine import without_a_cache

    task = play_nine_exercises.check.tasks["expected_column_score"]
    quick = Checker([dataclasses.replace(task, time_limit=0.2, total_time_limit=3.0)])
    report = str(quick.run(without_a_cache, "expected_column_score"))
    # a case stopped at its own 0.2 s, or one cut short when the 3 s of the whole check ran out
    # (which one is the smallest failing case depends on the machine's load)
    assert (
        "did not finish within 0.2 seconds (too slow?)" in report
        or "when the whole check ran out of time (3 s for all the cases together): it is too slow"
        in report
    ), report
    assert "endless loop" not in report, report
    assert "put @functools.cache on the function" in report, report
