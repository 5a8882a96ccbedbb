"""Grade a class: every student's exercise notebooks run in a sandbox, judged from outside it.

``solitaire grade SUBMISSIONS/ --out grading/`` (see ``docs/GRADING.md``). For each notebook:

1. Before any student code runs, the whole submissions folder is copied into a private snapshot
   (:mod:`~solitaire_lib.grading.submissions`); grading reads only the snapshot.
2. The notebook runs, kernel and all, in a bubblewrap sandbox of its own
   (:mod:`~solitaire_lib.grading.sandbox`), as *Run All* would: a cell that raises does not stop
   the rest, a cell that runs too long is interrupted, and the whole notebook has a wall-clock
   limit, enforced from here by ending the sandbox.
3. Its last cell (:func:`~solitaire_lib.grading.serve.serve`) answers the grader's calls: this
   process makes each task's cases, sends their arguments across a named pipe as plain data,
   and reads back what the student's function did. The reference runs here, once per class, and
   the judgement is made here (:func:`~solitaire_lib.grading.checks.judge`): the expected answers
   never exist in a process that ran student code, and nothing a notebook prints, patches or
   writes can change a grade.
4. ``grades.csv`` (a row per task), ``gradebook.csv`` (a row per student, for the learning
   platform) and ``feedback/STUDENT.txt`` are replaced, atomically, as each notebook finishes.

This module keeps the command and the class's run (:func:`grade_class`); its rooms are
:mod:`~solitaire_lib.grading.plans` (reading the submissions),
:mod:`~solitaire_lib.grading.running` (running the sandboxes),
:mod:`~solitaire_lib.grading.verdicts` (judging the answers) and
:mod:`~solitaire_lib.grading.results` (writing the grades and feedback).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import os
import queue
import re
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, NoReturn

from solitaire_lib.grading import sandbox
from solitaire_lib.grading.channel import TICK, Channel, NotebookEnded
from solitaire_lib.grading.classbook import (
    ClassBook,
    ClassInfo,
    MergeError,
    blank_test,
    class_list,
    examine,
    merge,
    notebook_order,
    read_works,
    summary_lines,
)
from solitaire_lib.grading.isolation import become_subreaper, kill_everything_below
from solitaire_lib.grading.lms import LmsError, Penalty
from solitaire_lib.grading.output import Output, OutputError, visible
from solitaire_lib.grading.plans import (
    DAMAGED_ADVICE,
    NOTEBOOK_LIMIT,
    Plan,
    check_contents,
    is_exercise_notebook,
    plan_student,
    read_notebook,
)
from solitaire_lib.grading.results import Book, feedback_lines, safe_file_name, ungraded
from solitaire_lib.grading.roster import Roster, RosterError, parse_roster, read_roster
from solitaire_lib.grading.running import (
    CELL_SECONDS,
    NOTEBOOK_SECONDS,
    Running,
    Settings,
    grade_notebook,
    grader_problem,
    remove_folder,
)
from solitaire_lib.grading.shards import parse_shard
from solitaire_lib.grading.submissions import NOTEBOOKS, Student, snapshot
from solitaire_lib.grading.verdicts import (
    DAMAGED,
    DUPLICATE,
    GRADED,
    MISSING,
    NOT_ASKED,
    NOT_EXERCISE,
    NotebookGrade,
    Reference,
    TaskGrade,
    TaskReference,
    agent_grades,
    class_agent_seed,
    judge_task,
)

#: The names of the grader's rooms that other code imports from here (kept where they were).
__all__ = [
    "CELL_SECONDS",
    "CHECKERS",
    "DAMAGED",
    "DAMAGED_ADVICE",
    "DUPLICATE",
    "GRADED",
    "MISSING",
    "NOTEBOOK_LIMIT",
    "NOTEBOOK_SECONDS",
    "NOT_ASKED",
    "NOT_EXERCISE",
    "Book",
    "Channel",
    "ClassResult",
    "NotebookEnded",
    "NotebookGrade",
    "Plan",
    "Reference",
    "Running",
    "Settings",
    "TaskGrade",
    "TaskReference",
    "agent_grades",
    "check_contents",
    "checker_module",
    "feedback_lines",
    "grade_class",
    "grade_notebook",
    "is_exercise_notebook",
    "judge_task",
    "main",
    "plan_student",
    "read_notebook",
    "safe_file_name",
    "ungraded",
]

#: Seconds from Ctrl-C (or SIGTERM, SIGHUP) to the end of the run, at most.
STOP_SECONDS = 2.0

#: The checker of each exercise notebook, by its number.
CHECKERS = {
    "01": "solitaire_lib.aces_in_sequence.exercises",
    "02": "solitaire_lib.sevens.exercises",
    "03": "solitaire_lib.alliances.exercises",
    "04": "solitaire_lib.play_nine.exercises",
    "05": "solitaire_lib.simple_klondike.exercises",
    "06": "solitaire_lib.stacks_of_nine.exercises",
    "07": "solitaire_lib.fast_simulation.exercises",
}


def checker_module(notebook: Path) -> str | None:
    """The checker of an exercise notebook, by the number in its name; None for another file.

    >>> checker_module(Path("ada/Copy of 02_sevens.ipynb")), checker_module(Path("notes.ipynb"))
    ('solitaire_lib.sevens.exercises', None)
    """
    from solitaire_lib.grading.submissions import notebook_number

    number = notebook_number(notebook.name)
    return CHECKERS.get(number) if number else None


@dataclass
class ClassResult:
    """What a class run did: the grades, and what it said on the way."""

    graded: int = 0
    planned: int = 0
    stopped: bool = False
    status: int = 130  #: the exit status if stopped: 130 for Ctrl-C, 143 SIGTERM, 129 SIGHUP
    grades: list[NotebookGrade] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)  #: the short lists the run ends with


@dataclass(frozen=True)
class Options:
    """How the class's results are written: for the platform, late work, and the shard."""

    assignment: str | None = None  #: Canvas's assignment column (--assignment)
    deadline: datetime | None = None  #: compared with Moodle's submission times (--deadline)
    penalty: str | None = None  #: the late penalty (--late-penalty), as Penalty.parse reads it
    shard: tuple[int, int] | None = None  #: (K, N): grade share K of N (--shard K/N)


def grade_class(
    submissions: Path,
    out: Path,
    *,
    jobs: int = 1,
    settings: Settings | None = None,
    roster: Roster | list[str] | None = None,
    numbers: list[str] | None = None,
    force: bool = False,
    say: Callable[[str], None] | None = None,
    options: Options | None = None,
) -> ClassResult:
    """Grade every student's notebooks; ``grades.csv``, ``gradebook.csv``, ``feedback/``,
    ``report.txt`` (and ``lms-import.csv`` for a Canvas or Moodle roster) in ``out``, written as
    each notebook finishes. Ctrl-C, SIGTERM or SIGHUP stops it within :data:`STOP_SECONDS`,
    keeping what was graded; on every way out, its scratch folder (the snapshot of the class,
    each notebook's copy) is removed."""
    say = say or functools.partial(print, file=sys.stderr, flush=True)
    settings = settings or Settings()
    options = options or Options()
    if isinstance(roster, list):
        roster = parse_roster("\n".join(roster))
    output = Output(out, force=force)
    result = ClassResult()
    running = Running()
    with _signals_stop_the_run():
        scratch = Path(tempfile.mkdtemp(prefix="solitaire-class-", dir=settings.scratch))
        try:
            (scratch / "runs").mkdir()
            settings = dataclasses.replace(settings, scratch=scratch / "runs")
            students = snapshot(submissions, scratch / "snapshot")
            wanted = numbers or sorted(
                {n.number for s in students for n in s.notebooks if n.number}
            )
            references = {n: Reference(CHECKERS[n]) for n in wanted}
            agent_seed = class_agent_seed(students)
            for reference in references.values():
                reference.score_agents_on(agent_seed)
            _grader_runs_here(references, settings, running)
            plans, book = _prepare(
                students, roster, wanted, references, options, output, result, say
            )
            _run_plans(plans, references, book, settings, jobs, running, result, say)
        except KeyboardInterrupt as stop:
            result.stopped, result.status = True, stop_status(stop)
        finally:
            running.stop_all()
            output.close()
            remove_folder(scratch)
            if not settings.sandboxed:
                kill_everything_below(time.monotonic() + 10)
    return result


class GraderCannotRun(Exception):
    """The grader's own notebook does not run here (:func:`grader_problem`): nothing is graded."""


def _grader_runs_here(
    references: dict[str, Reference], settings: Settings, running: Running
) -> None:
    """Raise :class:`GraderCannotRun` unless a notebook of the grader's own that imports the
    checks of every notebook graded runs in the sandbox, before any student's notebook is run
    or a file of the class is written (one run of a few seconds)."""
    problem = grader_problem(list(references.values()), settings, running) if references else ""
    if problem:
        raise GraderCannotRun(
            "the grader cannot run a notebook here, so nothing was graded: a notebook of its own "
            f"failed in the sandbox ({visible(problem)}). Is solitaire-lib installed in the "
            "Python that runs solitaire grade (pip install -e . in the project, or pip install "
            "solitaire-lib), not only reached through PYTHONPATH?"
        )


def _prepare(
    students: list[Student],
    roster: Roster | None,
    wanted: list[str],
    references: dict[str, Reference],
    options: Options,
    output: Output,
    result: ClassResult,
    say: Callable[[str], None],
) -> tuple[list[Plan], ClassBook]:
    """Before any notebook runs: who is who, which copy is graded, what is late or flagged; the
    plans of this shard's students and the book with its first files written."""
    students, members, problems = class_list(students, roster)
    for problem in problems:
        say(f"roster: {visible(problem)}")
    works, templates = read_works(students, wanted, CHECKERS)
    plans = [plan for s in students for plan in plan_student(s, wanted, blank_test(works))]
    for plan in plans:
        check_contents(plan, references)
    by_name = {m.name: m for m in members}
    facts, flags = examine(plans, by_name, works, roster, options.deadline, say)
    info = ClassInfo(
        members,
        wanted,
        {n: len(references[n].grade_names) for n in wanted},
        {n: notebook_order(templates.get(n, {}), references[n].grade_names) for n in wanted},
        facts,
        problems + flags,
        roster.text if roster is not None else None,
        options.assignment,
        options.penalty,
    )
    book = ClassBook(output, students, info, options.shard)
    here = {student.name for student in book.here}
    book.write_all()
    result.summary = [visible(line) for line in summary_lines(info, students) + book.said]
    for line in result.summary:
        say(line)
    return [plan for plan in plans if plan.student.name in here], book


def stop_status(stop: KeyboardInterrupt) -> int:
    """The exit status for the signal that stopped the run, 128 plus its number, as a shell
    reports it: 130 for Ctrl-C (or a KeyboardInterrupt of no signal), 143 for SIGTERM, 129 for
    SIGHUP.

    >>> stop_status(KeyboardInterrupt("SIGTERM")), stop_status(KeyboardInterrupt())
    (143, 130)
    """
    name = stop.args[0] if stop.args else "SIGINT"
    number = signal.Signals[name] if name in signal.Signals.__members__ else signal.SIGINT
    return 128 + int(number)


@contextlib.contextmanager
def _signals_stop_the_run() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP stop the run: the first one raises KeyboardInterrupt, and the
    ones after it are ignored, so that the clean-up they started is not cut short (in the main
    thread only; elsewhere, nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    said: list[int] = []

    def stop(number: int, frame: Any) -> None:
        if not said:
            said.append(number)
            raise KeyboardInterrupt(signal.Signals(number).name)

    numbers = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    before = {number: signal.signal(number, stop) for number in numbers}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


def _run_plans(
    plans: list[Plan],
    references: dict[str, Reference],
    book: Book,
    settings: Settings,
    jobs: int,
    running: Running,
    result: ClassResult,
    say: Callable[[str], None],
) -> None:
    runs = [p for p in plans if p.status == GRADED]
    result.planned = len(runs)
    for plan in plans:
        if plan.status != GRADED:
            grade = ungraded(plan, references.get(plan.number))
            book.add(grade)
            result.grades.append(grade)

    def work(plan: Plan) -> NotebookGrade:
        return _graded(plan, references[plan.number], settings, running)

    for grade in _in_threads(runs, work, jobs, running):
        book.add(grade)
        result.grades.append(grade)
        result.graded += 1
        say(
            f"[{result.graded}/{len(runs)}] {visible(grade.student)}, {grade.name}: "
            f"{grade.points} of {len(grade.tasks)} points"
        )


def _in_threads(
    runs: list[Plan], work: Callable[[Plan], NotebookGrade], jobs: int, running: Running
) -> Iterator[NotebookGrade]:
    """``work`` on every plan, ``jobs`` at a time, each grade as it is done.

    The threads are daemons, and this waits for them at most :data:`TICK` at a time: a
    notebook's thread never holds the run, nor Ctrl-C. When the run stops, the sandboxes are
    ended, and the threads get :data:`STOP_SECONDS` in all to notice before the run goes on
    without them.
    """
    todo: queue.SimpleQueue[Plan] = queue.SimpleQueue()
    for plan in runs:
        todo.put(plan)
    done: queue.SimpleQueue[NotebookGrade | None] = queue.SimpleQueue()

    def worker() -> None:
        while not running.stopping:
            try:
                plan = todo.get_nowait()
            except queue.Empty:
                return
            try:
                done.put(work(plan))
            except BaseException:  # stopping: this notebook is not graded
                done.put(None)

    threads = [
        threading.Thread(target=worker, name=f"notebook-{n}", daemon=True)
        for n in range(min(jobs, len(runs)))
    ]
    for thread in threads:
        thread.start()
    try:
        for _ in runs:
            grade = _next(done)
            if grade is not None:
                yield grade
    finally:
        running.stop_all()
        end = time.monotonic() + STOP_SECONDS / 2
        for thread in threads:
            thread.join(max(0.0, end - time.monotonic()))


def _next(done: queue.SimpleQueue[NotebookGrade | None]) -> NotebookGrade | None:
    while True:
        with contextlib.suppress(queue.Empty):
            return done.get(timeout=TICK)


def _graded(
    plan: Plan, reference: Reference, settings: Settings, running: Running
) -> NotebookGrade:
    assert plan.notebook is not None
    if running.stopping:
        raise KeyboardInterrupt
    try:
        grade = grade_notebook(plan.student, plan.notebook, reference, settings, running)
    except Exception as error:  # the grader's own failure: said, never a traceback
        grade = ungraded(Plan(plan.student, plan.number, plan.notebook, GRADED), reference)
        grade.tasks = [TaskGrade(n, False, "") for n in reference.grade_names]
        grade.problems.append(f"the grader could not judge this notebook ({type(error).__name__})")
    if plan.others:
        older = ", ".join(n.submitted_as for n in plan.others)
        grade.notes.append(f"Also found, not graded (only one copy is): {older}")
        grade.notes.append(plan.why)
    return grade


# --- The command --------------------------------------------------------------------------------


def _numbers(text: str) -> list[str]:
    numbers = sorted({f"{int(part):02d}" for part in re.findall(r"\d+", text)})
    unknown = [n for n in numbers if n not in NOTEBOOKS]
    if unknown or not numbers:
        raise argparse.ArgumentTypeError(f"the exercise notebooks are 01 to 07, not {text!r}")
    return numbers


def _deadline(text: str) -> datetime:
    try:
        return datetime.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a deadline is a date and time, as '2026-11-24 23:59', not {text!r}"
        ) from None


def _penalty(text: str) -> str:
    try:
        return str(Penalty.parse(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _shard(text: str) -> tuple[int, int]:
    try:
        return parse_shard(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="solitaire grade",
        description="Grade a class: run each student's exercise notebooks in a sandbox and "
        "check every task from outside it.",
        epilog="SUBMISSIONS holds one folder per student (ada/02_sevens.ipynb), Moodle's folders, "
        "or Canvas's flat download. See docs/GRADING.md.",
    )
    parser.add_argument("submissions", type=Path, nargs="?", help="the class's submissions")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("grading"),
        help="a new folder for grades.csv, gradebook.csv, feedback/, report.txt and "
        "lms-import.csv (default: ./grading)",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="write into --out even if it holds files (they are replaced)",
    )
    parser.add_argument(
        "--roster",
        type=Path,
        help="the students: Canvas's gradebook export, Moodle's grading worksheet, or one name "
        "a line; each gets a row (and lms-import.csv is written for Canvas and Moodle)",
    )
    parser.add_argument(
        "--assignment",
        metavar="NAME",
        help="Canvas: the gradebook's assignment column for the points (its name or id)",
    )
    parser.add_argument(
        "--deadline",
        type=_deadline,
        metavar="'2026-11-24 23:59'",
        help="Moodle: a submission modified after this time is late (Canvas marks late files)",
    )
    parser.add_argument(
        "--late-penalty",
        type=_penalty,
        metavar="PENALTY",
        help="taken off a late notebook's points: a percentage (10%%) or points (2)",
    )
    parser.add_argument(
        "--shard",
        type=_shard,
        metavar="K/N",
        help="grade share K of N of the students (the same share on every machine); "
        "then: solitaire grade merge OUT1 ... OUTN --out ALL",
    )
    parser.add_argument(
        "--notebooks",
        type=_numbers,
        metavar="01,02",
        help="the notebooks expected (default: every one submitted)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="notebooks run at once (default 1)")
    parser.add_argument(
        "--timeout",
        type=int,
        default=CELL_SECONDS,
        help=f"seconds a cell may run (default {CELL_SECONDS})",
    )
    parser.add_argument(
        "--notebook-timeout",
        type=int,
        default=NOTEBOOK_SECONDS,
        help=f"seconds a whole notebook may take (default {NOTEBOOK_SECONDS})",
    )
    parser.add_argument(
        "--unsafe",
        action="store_true",
        help="run student code without the sandbox (only inside a container "
        "with nothing else to lose)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["merge"]:
        return merge_main(argv[1:])
    parser = _parser()
    args = parser.parse_args(argv)
    if args.submissions is None:
        parser.error("name the folder of the class's submissions: solitaire grade SUBMISSIONS/")
    if not args.submissions.is_dir():
        parser.error(f"{args.submissions} is not a folder")
    if args.jobs < 1 or args.timeout < 1 or args.notebook_timeout < 1:
        parser.error("--jobs, --timeout and --notebook-timeout must be at least 1")
    try:
        import nbclient  # noqa: F401
    except ImportError:
        parser.error("grading needs nbclient: pip install 'solitaire-lib[grade]'")
    why = sandbox.unavailable()
    if why and not args.unsafe:
        print(
            f"solitaire grade: not run: {why}, and without the sandbox a student's notebook "
            f"could read and change your files.\n{sandbox.HOW_TO_GET_IT}",
            file=sys.stderr,
        )
        return 2
    roster = _roster(parser, args)
    settings = Settings(args.timeout, args.notebook_timeout, sandboxed=not why)
    if why:
        become_subreaper()
        print(
            f"solitaire grade: --unsafe: {why}; student code runs without the sandbox.",
            file=sys.stderr,
        )
    try:
        result = grade_class(
            args.submissions,
            args.out,
            jobs=args.jobs,
            settings=settings,
            roster=roster,
            numbers=args.notebooks,
            force=args.force,
            options=Options(args.assignment, args.deadline, args.late_penalty, args.shard),
        )
    except (OutputError, LmsError) as error:  # may quote the roster's own cells
        parser.error(visible(str(error)))
    except GraderCannotRun as error:
        print(f"solitaire grade: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as stop:
        result = ClassResult(stopped=True, status=stop_status(stop))
    where = f"{args.out / 'grades.csv'}, {args.out / 'gradebook.csv'}, {args.out / 'feedback'}/"
    if result.stopped:
        print(
            f"Stopped: {result.graded} of {result.planned} notebooks graded; {where} hold them.",
            file=sys.stderr,
        )
        if (args.out / "lms-import.csv").exists():
            print(
                "lms-import.csv holds only the students whose notebooks were all graded: the "
                "others' cells are left as the platform gave them (no 0 for work not graded).",
                file=sys.stderr,
            )
        _exit_at_once(result.status)
    for line in result.summary:
        print(line)
    print(f"{result.graded} notebooks graded: {where}")
    return 0


def _roster(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Roster | None:
    """The roster the command names, with the options that need one of its kind checked."""
    try:
        roster = read_roster(args.roster) if args.roster else None
    except (OSError, RosterError) as error:
        parser.error(f"the roster {args.roster} cannot be read: {error}")
    kind = roster.kind if roster else ""
    if args.assignment is not None and kind != "canvas":
        parser.error("--assignment names a column of Canvas's gradebook: give it as --roster")
    if args.deadline is not None and kind != "moodle":
        parser.error(
            '--deadline is compared with Moodle\'s "Last modified (submission)": give the '
            "grading worksheet as --roster (Canvas marks late files in their names)"
        )
    return roster


def merge_main(argv: Sequence[str]) -> int:
    """``solitaire grade merge OUT1 ... OUTN --out ALL``: the class's files from its shards."""
    parser = argparse.ArgumentParser(
        prog="solitaire grade merge",
        description="Write the files of a class graded in shards (--shard K/N), exactly as one "
        "run of the whole class writes them.",
    )
    parser.add_argument("shards", type=Path, nargs="+", help="the --out folder of each shard")
    parser.add_argument("--out", type=Path, required=True, help="a new folder for the class")
    parser.add_argument("--force", action="store_true", help="write into --out if it has files")
    args = parser.parse_args(argv)
    try:
        book = merge(args.shards, args.out, force=args.force)
    except (MergeError, OutputError, LmsError) as error:
        parser.error(visible(str(error)))
    for line in book.said:  # the roster's names: escaped, as the run shows them
        print(visible(line))
    print(visible(f"{len(args.shards)} shards merged: {args.out}"))
    return 0


def _exit_at_once(status: int) -> NoReturn:
    """End the process now: what was graded is written, the sandboxes and scratch are gone, and
    Python's own shutdown (seconds on a busy machine, with a notebook's thread still ending)
    would only delay the lecturer's prompt past :data:`STOP_SECONDS`."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
