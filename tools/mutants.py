"""Mutation testing of the exercise checks: does each check fail every wrong version of its task?

For each solution cell of a notebook in ``solutions/`` (the code between ``### BEGIN SOLUTION``
and ``### END SOLUTION``), mutmut's operators make mutants, one small change each (``<`` for
``<=``, ``+ 1`` for ``- 1``, ``and`` for ``or``, a number or a string changed, an argument
dropped). Each mutant is handed to the checks that follow the cell in the notebook, exactly as a
student's function would be (contained, on the check's cases, judged against the reference). A
mutant that passes every one of them is a *survivor*: a sentence of the statement without a case,
or an equivalent mutant (it does what the statement asks, matched by :data:`EQUIVALENT`, which
says why).

    python tools/mutants.py solutions/06_stacks_of_nine.ipynb            # every task of 06
    python tools/mutants.py solutions/06_stacks_of_nine.ipynb --task parse_move --limit 40
    python tools/mutants.py solutions/03_alliances.ipynb --json /tmp/m03.json --time-cap 1200

It is slow (each mutant is a whole check): run one notebook at a time. The drawn cases of the
checks use the seed ``--seed`` (default 0), so that two runs judge the same cases.
"""

from __future__ import annotations

import argparse
import ast
import itertools
import json
import linecache
import random
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import libcst as cst
import nbformat
from mutmut.mutation import pragma_handling
from mutmut.mutation.file_mutation import create_mutations

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solitaire_lib.grading.checks import Checker, Task, expected_outcomes, judge  # noqa: E402
from solitaire_lib.grading.isolation import Outcome, run_cases  # noqa: E402

BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"

# mutmut's own runner reads patterns of lines to leave alone from its configuration file; only its
# operators are used here, on the lines between the markers.
pragma_handling.get_lines_ignored_by_pattern = lambda source: set()

#: Survivors that do what the solution does within the statement (no check can fail them): a
#: pattern of the change (``"before -> after"``, stripped), the tasks it holds for (``()``: all),
#: and the reason.
EQUIVALENT: list[tuple[str, tuple[str, ...], str]] = [
    (r'^print\("That is not a pile number.*"\) -> print\(', ("play",),
     "the message after an answer int() cannot read is the student's own words (any text)"),
    (r"^raise (\w+)\(.*\) -> raise \1\(.*\)$", (),
     "the message of an exception: the statement names the exception, not its words"),
    (r"zip\(.*strict=True\).* -> .*zip\((?!.*strict=True)", (),
     "zip's strict= only checks lengths that the statement makes equal"),
    (r"print\(|input\(", ("reussite_mode_manuel", "play_game"),
     "a message or prompt: the statement checks only the returned list or the states shown"),
    (r"reussite_mode_manuel\(pioche, nb_tas_max\) -> .*reussite_mode_manuel\(pioche, \)",
     ("lance_reussite",), "nb_tas_max only changes what is printed, which is free"),
    (r'encoding="utf-8"', ("init_pioche_fichier", "ecrire_fichier_reussite"),
     "the deck files are ASCII: any encoding of this machine reads and writes them alike"),
    (r'plt\.(xlabel|ylabel)\("[^"]*"\) -> plt\.\1\("[^"]+"\)|marker=', ("graphique_probabilites",),
     "the words of a label or the marker: the statement asks for labels, not their text"),
    (r'"ABCDEF"\.index\(.* -> .*"ABCDEF"\.rindex\(|not in "XXABCDEFXX"', ("parse_move",),
     "each letter is once in 'ABCDEF'; an X is refused by .index() with the same ValueError"),
    (r"range\(1, len\(liste_tas\) - 1\)\) -> "
     r".*range\((len\(liste_tas\) - 1|1, len\(liste_tas\) \+ 1)\)",
     ("une_etape_reussite",), "saut_si_possible already refuses piles without two neighbours"),
    (r"min\(1\.0, centre \+ half\) -> .*min\(2\.0", ("wilson_interval",),
     "Wilson's upper end never exceeds 1 by more than a rounding the 9 decimals hide"),
    (r"after_made \+ bound <= limit (and|or) .*limit \+ [12]\)", ("fewest_moves",),
     "a looser cut of the search: slower, the same fewest moves"),
    (r"card_lines\(False, True, stack, aside, placed\) -> "
     r".*card_lines\(False, True, (stack, None|None, aside), placed",
     ("collected_output",), "a card from the cards put aside that cannot be placed shows no pile"),
    (r"card_lines\(False, (\w+), (.*)\) -> .*card_lines\(None, \1, \2\)$|"
     r"card_lines\((\w+), False, (.*)\) -> .*card_lines\(\3, None, \4\)$",
     ("collected_output",), "None for False: card_lines only tests the flag, and None is false"),
    (r"card_lines\(False, (\w+), stack, aside, placed\) -> "
     r".*card_lines\(False, \1, stack, aside, None",
     ("collected_output",), "the table (placed) is shown only after a card that was placed"),
    (r"^reste = \[\] -> reste = None$", ("reussite_mode_manuel",),
     "after q the loop ends at once, and the rest of the deck is not read again"),
    (r'^elif commande == \["p"\]: -> elif commande == \["[^"]*"\]:$', ("reussite_mode_manuel",),
     "p on an empty deck changes nothing either way: the branch only chooses a message"),
    (r"if not saut_si_possible\(.*\): -> if saut_si_possible\(", ("reussite_mode_manuel",),
     "the jump is made (or not) by the test itself: the branch only chooses a message"),
    (r'text\.partition\("--"\) -> .*text\.rpartition\("--"\)', ("requested_lines",),
     "with two '--' one part keeps a '-' however the text is split, and is refused either way"),
    (r"^heap = \[\(moves \+ lower_bound\(pile0, runs, highest\), moves, pile0, runs\)\] -> ",
     ("fewest_moves",), "the start is alone in the first heap: its priority orders nothing"),
    (r"int\(input\(.*\), 10\) -> .*int\(input\(.*\), 11\)", (),
     "rows are numbered by one digit, which bases 10 and 11 read alike"),
    (r"int\(input\(.*\), 10\) -> .*int\(input\(.*\), \)", (),
     "int() reads base 10 when it is not told a base"),
    (r"^if source\.size\(\) > 0: -> if source\.size\(\) > 1:$", ("move",),
     "turning a pile 0 of one card leaves it as it was"),
    (r"^if self\.__piles\[0\]\.size\(\) > 0: -> if self\.__piles\[0\]\.size\(\) > 1:$",
     ("is_complete",), "with a card in pile 0 no other pile holds every card: False either way"),
    (r"taken\[i\] > taken\[i \+ 1\] .* -> .*taken\[i\] >= taken\[i \+ 1\]", ("is_complete",),
     "the cards are distinct numbers: no card equals the next"),
    (r"heappush\(heap, \(after_made \+ bound, .* -> .*heappush\(heap, \(after_made - bound, ",
     ("fewest_moves",), "ordered by moves made - bound, the won position taken off first still "
     "has the fewest moves (every entry left has made as many), only found later"),
    (r"^continue  # a shorter way .* -> break  # a shorter way ", ("fewest_moves",),
     "not proved: no deal of up to 14 cards (8,713 tried) takes a stale entry off the heap "
     "before its answer"),
    (r"^if len\(pile0\) > 1: -> if len\(pile0\) >= 1:$", ("fewest_moves",),
     "turning a pile 0 of one card comes back to the same position a move later: not shorter"),
]  # fmt: skip


def equivalence(change: str, tasks: list[str]) -> str:
    """Why a surviving change is equivalent, or ``""`` when it is a case missing."""
    for pattern, only, reason in EQUIVALENT:
        if re.search(pattern, change) and (not only or set(only) & set(tasks)):
            return reason
    return ""


@dataclass
class SolutionCell:
    """A solution cell and the tasks its code is checked by (the check cells that follow it)."""

    index: int
    source: str
    tasks: list[str] = field(default_factory=list)


@dataclass
class Mutant:
    cell: SolutionCell
    source: str
    before: str
    after: str

    @property
    def change(self) -> str:
        return f"{self.before} -> {self.after}"


def checked_names(source: str) -> list[str]:
    """The tasks a check cell checks: ``check(f)`` is task ``f``, ``check(C, task="t")`` is ``t``.

    >>> checked_names('check(deal)\\ncheck(Solitaire, task="move")')
    ['deal', 'move']
    """
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "check" and node.args:
            task = next((k.value for k in node.keywords if k.arg == "task"), None)
            if isinstance(task, ast.Constant):
                names.append(str(task.value))
            elif isinstance(node.args[0], ast.Name):
                names.append(node.args[0].id)
    return names


def solution_cells(notebook: Path) -> tuple[list[str], list[SolutionCell]]:
    """Every code cell's source, and the solution cells with the tasks checked after each."""
    cells = [c for c in nbformat.read(notebook, as_version=4).cells if c.cell_type == "code"]
    sources = [c.source for c in cells]
    found: list[SolutionCell] = []
    for index, source in enumerate(sources):
        if BEGIN in source:
            found.append(SolutionCell(index, source))
        elif found and re.search(r"^check\(", source, re.MULTILINE):
            found[-1].tasks += checked_names(source)
    return sources, [cell for cell in found if cell.tasks]


def _definitions(source: str) -> str:
    """The imports, functions, classes and simple constants of a cell (no call that runs a game,
    a simulation or a check)."""
    kept = []
    for node in ast.parse(source).body:
        simple = isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(
            node.value,
            ast.Constant
            | ast.Name
            | ast.Attribute
            | ast.Tuple
            | ast.List
            | ast.Set
            | ast.Dict
            | ast.BinOp
            | ast.ListComp
            | ast.SetComp
            | ast.DictComp
            | ast.Subscript,
        )
        if simple or isinstance(node, ast.Import | ast.ImportFrom | ast.FunctionDef | ast.ClassDef):
            kept.append(ast.get_source_segment(source, node) or "")
    return "\n\n".join(kept)


def readable_code(source: str, name: str) -> Any:
    """``source`` compiled under a name of its own that :mod:`linecache` holds, as IPython does
    for a cell: a check that reads its function's code (07's ``tally``) finds it there.

    >>> import inspect
    >>> namespace = {}
    >>> exec(readable_code("def f():\\n    return 1\\n", "<doc>"), namespace)
    >>> inspect.getsource(namespace["f"])
    'def f():\\n    return 1\\n'
    """
    filename = f"{name[:-1]}-{next(_CODE_NUMBERS)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    return compile(source, filename, "exec")


_CODE_NUMBERS = itertools.count()


def namespace_before(sources: list[str], index: int) -> dict[str, Any]:
    """The notebook's names as they are when cell ``index`` runs (definitions only)."""
    namespace: dict[str, Any] = {"__name__": "__main__"}
    for source in sources[:index]:
        exec(readable_code(_definitions(source), "<notebook>"), namespace)
    return namespace


def solution_lines(source: str) -> set[int]:
    """The line numbers (from 1) between the markers: only they are mutated."""
    lines, inside = set(), False
    for number, line in enumerate(source.splitlines(), start=1):
        if BEGIN in line:
            inside = True
        elif END in line:
            inside = False
        elif inside:
            lines.add(number)
    return lines


def mutants(cell: SolutionCell) -> Iterator[Mutant]:
    """mutmut's mutants of the cell's solution lines, one change each, in source order."""
    module, mutations, _, _ = create_mutations("cell.py", cell.source, solution_lines(cell.source))
    original = module.code.splitlines()
    for mutation in mutations:
        source = module.deep_replace(mutation.original_node, mutation.mutated_node)
        assert isinstance(source, cst.Module)
        changed = source.code.splitlines()
        before = [line.strip() for line in original if line not in changed]
        after = [line.strip() for line in changed if line not in original]
        if before or after:
            yield Mutant(cell, source.code, " / ".join(before), " / ".join(after))


@dataclass
class TaskRun:
    """A task's cases and the reference's outcomes on them, computed once for all mutants."""

    task: Task
    cases: list[Any]
    expected: list[Outcome]

    def passes(self, function: Any) -> bool:
        task = self.task
        got = run_cases(task.prepared(function), self.cases, task.time_limit, task.total_time_limit)
        report, _ = judge(task, self.cases, got, self.expected)
        return report.ok


def task_run(checker: Checker, name: str, seed: int) -> TaskRun:
    task = checker.tasks[name]
    try:
        cases = task.all_cases(seed)
    except TypeError:  # a checker from before drawn cases (a baseline run)
        cases = task.all_cases()
    # As the check runs it: trusted, so that the reference's own calls of the exercises module's
    # functions are not hidden from it, as they are from a student's run.
    return TaskRun(task, cases, expected_outcomes(task, cases))


def subject_of(namespace: dict[str, Any], checker: Checker, name: str) -> Any:
    """What the check of task ``name`` is given: the function, or the class of a method's task."""
    subject = checker.tasks[name].subject or name
    return namespace[subject]


def survives(
    mutant: Mutant, base: dict[str, Any], checker: Checker, runs: dict[str, TaskRun]
) -> bool:
    namespace = dict(base)
    try:
        exec(readable_code(mutant.source, "<mutant>"), namespace)
    except Exception:
        return False  # a mutant that does not even define its function is killed
    return all(
        runs[name].passes(subject_of(namespace, checker, name)) for name in mutant.cell.tasks
    )


def run_notebook(
    notebook: Path,
    only: str | None,
    limit: int,
    time_cap: float,
    seed: int,
    solution_only: bool = False,
) -> dict[str, Any]:
    """The survivors of every solution cell of ``notebook`` (or only of task ``only``)."""
    sources, cells = solution_cells(notebook)
    started = time.monotonic()
    result: dict[str, Any] = {"notebook": notebook.name, "cells": [], "stopped": False}
    for cell in cells:
        if only and only not in cell.tasks:
            continue
        base = namespace_before(sources, cell.index)
        checker: Checker = base["check"]
        runs = {name: task_run(checker, name, seed) for name in cell.tasks}
        if not survives(Mutant(cell, cell.source, "", ""), base, checker, runs):
            print(f"  the solution itself fails the check of {', '.join(cell.tasks)}", flush=True)
            result["failing_solutions"] = [*result.get("failing_solutions", []), *cell.tasks]
            continue  # every mutant would be "killed" by a check that fails the right answer
        if solution_only:
            continue
        all_mutants = list(mutants(cell))
        if limit and len(all_mutants) > limit:  # an even sample, the same every run
            all_mutants = sorted(random.Random(cell.index).sample(all_mutants, limit),
                                 key=all_mutants.index)  # fmt: skip
        tried, survivors, equivalent = 0, [], []
        for mutant in all_mutants:
            if time.monotonic() - started > time_cap:
                result["stopped"] = True
                break
            tried += 1
            if survives(mutant, base, checker, runs):
                reason = equivalence(mutant.change, cell.tasks)
                if reason:
                    equivalent.append(f"{mutant.change}  [{reason}]")
                else:
                    survivors.append(mutant.change)
                kind = "equivalent" if reason else "survivor"
                print(f"  {kind} ({', '.join(cell.tasks)}): {mutant.change}", flush=True)
        result["cells"].append({
            "tasks": cell.tasks, "mutants": len(all_mutants), "tried": tried,
            "survivors": survivors, "equivalent": equivalent,
        })  # fmt: skip
        print(f"{', '.join(cell.tasks)}: {len(survivors)} survivors "
              f"(+{len(equivalent)} equivalent) of {tried} mutants", flush=True)  # fmt: skip
        if result["stopped"]:
            break
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebook", type=Path)
    parser.add_argument("--task", help="only the solution cell checked by this task")
    parser.add_argument("--limit", type=int, default=0, help="at most this many mutants a cell")
    parser.add_argument("--time-cap", type=float, default=3600, help="seconds for the whole run")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the checks' drawn cases")
    parser.add_argument("--json", type=Path, help="write the result here")
    parser.add_argument(
        "--solution-only", action="store_true", help="only check that each solution passes"
    )
    args = parser.parse_args(argv)
    result = run_notebook(
        args.notebook, args.task, args.limit, args.time_cap, args.seed, args.solution_only
    )
    survivors = sum(len(c["survivors"]) for c in result["cells"])
    tried = sum(c["tried"] for c in result["cells"])
    print(f"{result['notebook']}: {survivors} survivors of {tried} mutants"
          + (" (stopped at the time cap)" if result["stopped"] else ""))  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
