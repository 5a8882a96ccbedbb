"""tools/mutants.py: mutants of a solution cell, judged by a check as a student's function."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import mutants

from solitaire_lib.grading.checks import Case, Checker, Task

CELL = '''def double(x):
    """Twice x."""
    ### BEGIN SOLUTION
    return x + x
    ### END SOLUTION
'''


def _runs(checker: Checker) -> dict[str, mutants.TaskRun]:
    return {"double": mutants.task_run(checker, "double", seed=0)}


def test_a_check_that_misses_a_sentence_lets_a_mutant_survive() -> None:
    cell = mutants.SolutionCell(0, CELL, ["double"])
    changes = [m.change for m in mutants.mutants(cell)]
    assert "return x + x -> return x - x" in changes
    weak = Checker([Task("double", lambda x: 2 * x, [Case((0,))])])  # 0 + 0 == 0 - 0
    strong = Checker([Task("double", lambda x: 2 * x, [Case((0,)), Case((3,))])])
    minus = next(m for m in mutants.mutants(cell) if m.change == "return x + x -> return x - x")
    assert mutants.survives(minus, {"check": weak}, weak, _runs(weak))
    assert not mutants.survives(minus, {"check": strong}, strong, _runs(strong))


def test_only_the_lines_between_the_markers_are_mutated() -> None:
    assert mutants.solution_lines(CELL) == {4}


def test_an_equivalent_mutant_is_told_apart_with_its_reason() -> None:
    message = 'raise ValueError("no move") -> raise ValueError("XXno moveXX")'
    assert "message" in mutants.equivalence(message, ["parse_move"])
    assert mutants.equivalence("if n > 1: -> if n > 2:", ["statistiques_nb_tas"]) == ""
    printed = 'print("You won!") -> print("YOU WON!")'
    assert mutants.equivalence(printed, ["play_game"]) and not mutants.equivalence(
        printed, ["game_output"]
    )


def test_a_solution_of_the_series_passes_its_own_check_as_the_run_judges_it() -> None:
    # The run judges the reference as the check does (trusted): judged as a student's run, the
    # reference's calls of its exercises module are hidden, every solution "failed", and every
    # mutant with it, so that the run counted no survivor (found on the first run of stop 50).
    notebook = Path(__file__).resolve().parent.parent / "solutions" / "01_aces_in_sequence.ipynb"
    result = mutants.run_notebook(notebook, "shuffled_deck", 0, 60.0, 0, solution_only=True)
    assert "failing_solutions" not in result


def test_a_check_that_reads_its_functions_code_finds_the_solution_cells_code() -> None:
    # Exercise 07's tally check reads the function's source: exec'd without a file, the solution
    # "failed" its check and the run counted no survivor among its mutants.
    notebook = Path(__file__).resolve().parent.parent / "solutions" / "07_fast_simulation.ipynb"
    result = mutants.run_notebook(notebook, "tally", 0, 60.0, 0, solution_only=True)
    assert "failing_solutions" not in result
