"""Exercise checks: run a student's function against the reference and report, precisely.

A game's exercises module lists its :class:`Task` objects and exposes ``check = Checker(...)``.
In an exercise notebook a student writes a function and runs ``check(function)``: the checker
finds the task by the function's name, runs every case (the course's examples first, then many
random ones), and prints one report: how many cases passed, the smallest failing call, what was
expected and what came back (cards in their short form, long values as a precise difference),
a hint when one is about the mistake found, and how to re-run that call.

The student's code runs contained (see :mod:`solitaire_lib.grading.isolation`): whatever it does
(raise, print, loop, fork, exit, return objects that lie), the report is honest and the notebook
survives. Results come back as plain data (:mod:`solitaire_lib.grading.plain`) and are compared
with exact types.

Each task also carries the mistakes students really make (:class:`Mistake`): the tests prove that
the check rejects every one of them with a report that points at it.

>>> def double(x):
...     return 2 * x
>>> checker = Checker([Task("double", lambda x: x + x, cases=[Case((1,)), Case((5,))])])
>>> checker(double)
double: all 2 cases passed ✔
>>> def wrong(x):
...     return x
>>> print(checker.run(wrong, task="double"))
double: 0 of 2 cases passed ✘
Smallest failing case: double(1)
  expected: 2
  got:      1
  (2 cases fail; this is the smallest)
Run it yourself: check.last_failure.call(double)
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import copy
import dataclasses
import dis
import functools
import hashlib
import inspect
import io
import json
import os
import random
import re
import secrets
import subprocess
import sys
import types
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any, cast

from solitaire_lib.grading.isolation import (
    CUT_SHORT,
    FINDING,
    LEFT_A_THREAD,
    LEFT_A_THREAD_TEXT,
    NOT_STARTED,
    UNREADABLE,
    BoundedText,
    Case,
    CheckFinding,
    Outcome,
    fed_input,
    guarded_paths,
    not_counted,
    outcome_frame,
    run_cases,
    seed_random,
    start_method,
)
from solitaire_lib.grading.plain import (
    Unplain,
    describe_difference,
    encode,
    own_words_aligned,
    plain,
    printable,
    same,
    same_but_for_types,
    show,
    too_large_reason,
    type_name,
)
from solitaire_lib.grading.plain import first_few as _first_few
from solitaire_lib.grading.plain import in_order as _in_order

__all__ = [
    "AnswerHidden", "Case", "CheckBroken", "Checker", "Hint", "Mistake", "Raised", "Report", "Task",
    "drawn_games_from_seeds", "drawn_seeds", "explain_lines", "got_what", "handed_in",
    "hide_answers", "is_private_answer", "percent_not_two_decimals", "plain", "rows_not_of_width",
    "seeds", "show", "table_rows",
]  # fmt: skip

#: Seconds a single case may take before it is stopped.
DEFAULT_TIME_LIMIT = 10.0
#: Seconds the student's code may take in a whole check (all its cases together).
DEFAULT_TOTAL_LIMIT = 10.0
#: Values longer than this are shown as a difference only.
SHOW_LIMIT = 600
#: The seed of a task's drawn cases where no check chose one (the class grader, the judge).
DEFAULT_DRAW_SEED = 2026
#: Numbers in a numpy array that a check fingerprints to see whether it was changed.
WATCH_LIMIT = 10_000_000

Function = Callable[..., Any]


@dataclass(frozen=True)
class Hint:
    """Advice shown only when ``applies(case, expected, got)`` says the mistake is this one.

    ``expected`` and ``got`` are what the task compares (see :meth:`Task.result`), as plain data.
    Where the answer differs only in its types (a tuple for a list, an int for a bool), the
    report already names them and only a hint with ``types`` (one about types) is shown.
    A hint with ``errors`` also explains the cases that raised: for those, ``got`` is the error
    as the report shows it (``"ValueError: ..."``), so that a hint can name what an error from
    the library means.
    A hint with ``one_case`` is shown when one failing case that answered shows its mistake: for
    a mistake that one case proves whatever the others show (a question that changed what it
    looks at), where another mistake may explain the other cases.
    A hint with ``kept_state`` names what a function keeps from call to call more precisely
    than the check's general hint on kept answers (a memo keyed by too few arguments): it is
    shown after that hint even where that one says the first call is right.
    """

    text: str
    applies: Callable[[Case, Any, Any], bool]
    types: bool = False
    errors: bool = False
    one_case: bool = False
    kept_state: bool = False


def got_what(compute: Callable[..., Any]) -> Callable[[Case, Any, Any], bool]:
    """A hint test: the answer is what ``compute(*case.args)`` gives (a known wrong version).

    >>> test = got_what(lambda xs: xs[::-1])
    >>> test(Case(([1, 2],)), [1, 2], [2, 1]), test(Case(([1, 2],)), [1, 2], [1, 2])
    (True, False)
    """
    return lambda case, expected, got: got == compute(*case.args) and got != expected


def explain_lines(roles: Callable[..., list[str]]) -> Callable[[Case, Any, Any], str | None]:
    """A task's ``explain`` for an answer that is a list of lines: what the first line that
    differs shows, from ``roles(*case.args)`` (one description a line of the reference).

    >>> explain = explain_lines(lambda n: ["the title", "the count"])
    >>> explain(Case((3,)), ["Deck", "3"], ["Deck", "4"])
    'element 1 is the count'
    >>> explain(Case((3,)), ["Deck", "3"], "Deck\\n3") is None
    True
    """

    def explain(case: Case, expected: Any, got: Any) -> str | None:
        if type(got) is not list:
            return None  # not lines at all: the report already says what it got
        first = next(
            (i for i, (a, b) in enumerate(zip(expected, got, strict=False)) if a != b),
            min(len(expected), len(got)),
        )
        described = roles(*case.args)
        return f"element {first} is {described[first]}" if first < len(described) else None

    return explain


@dataclass(frozen=True)
class Mistake:
    """A wrong implementation that students write, and what the report must say about it.

    ``says`` is a regular expression that the report must match: it proves that the report
    points at the mistake (the hint about it, the case it fails, the difference).
    """

    function: Function
    says: str

    @property
    def name(self) -> str:
        return getattr(self.function, "__name__", "mistake")

    @property
    def about(self) -> str:
        """The mistake in words (the function's docstring)."""
        return (getattr(self.function, "__doc__", "") or "").strip()


@dataclass(frozen=True)
class Raised:
    """What a task compares when a call raises one of the exceptions the task asks for.

    >>> Raised("ValueError")
    raises ValueError
    """

    kind: str

    def __repr__(self) -> str:
        return f"raises {self.kind}"


@dataclass(frozen=True)
class Task:
    """An exercise: the name students give their function, the reference, and the cases.

    ``compare`` is ``'return'`` (the value returned), ``'stdout'`` (what is printed) or
    ``'both'``. ``cases`` is a list, or a function making the list (called at check time).
    ``adapter`` wraps both the student's function and the reference before they run, to compare
    what matters (a file written, a list changed in place, properties of a random result).
    ``mutates`` allows the function to change its arguments, as the text asks for some.
    ``needs_docstring``: the course asks for a docstring on every function, so a function
    without one is not done, even when every case passes. ``subject`` is what the student passes
    to the check when it is not the task's name (a class, for a task about one of its methods).
    ``raises`` names the exceptions that are answers of the task (``parse_move`` raises
    ValueError for bad text): raising one is compared like a value (:class:`Raised`), and the
    report says "it should raise ValueError" when a call returns instead.
    ``verdict(case, value)``, for a task with many right answers (a solver's winning line) or
    with floating-point answers, turns each returned value, the reference's and the student's,
    into what is compared: "a winning line", or the first move that breaks a rule. It runs in
    the judging process, on the plain data that came back, never in the student's worker.
    ``slow_hint`` is shown when every failing case was stopped at a time limit (the answers
    that came were right): the likely reason a right idea is too slow.

    ``explain(case, expected, got)``, where a result is long (the lines of a game), says in words
    what the part of it that differs is ("element 11 shows ..."), or ``None``: it is added under
    the difference of the case shown. ``items`` is what the statement calls the elements of a
    result that is a list ("states shown"), for a list of another length: "expected 35 states
    shown, got 34".

    ``simplest(case)``, where a task has its own sense of a simple case (the fewest turns left),
    is compared before the general :func:`case_size`.

    ``call_shown(case)``, where the adapter sets up what the statement calls (a game with these
    piles, a deal after ``random.seed``), writes the case in the statement's terms ("display(),
    on a Solitaire whose piles are ..."): the report shows that instead of the call of the task's
    name with the case's arguments (:func:`call_text`), which the statement never describes.

    ``drawn(rng)`` makes cases at check time, beside the fixed ``cases``, from a
    ``random.Random`` the checker seeds afresh on every check (and names in the report when one of
    them fails): a function that answers the fixed cases from a table fails them. It must make the
    same number of cases whatever the seed, so that a report's count does not change.

    ``silent``: the statement says the function prints nothing, so a function that returns the
    right value but also prints fails (a task that compares only the value ignores what is
    printed otherwise).

    Every argument is watched: a function that changes a list, dict, set or numpy array it was
    given fails (unless ``mutates``), said before anything else about the case, with the
    argument's name (the reference's parameter) and type.

    ``helpers`` names the student's other functions that this one is expected to call and that
    must not change their arguments (``meilleur_echange_consecutif`` calls
    ``reussite_mode_auto``): when the student's own one does, the report says so ("your
    reussite_mode_auto changed ...: fix it first"), instead of blaming this function.
    ``helper_references`` gives, for some of them, a :class:`HelperReference` (or ``(name,
    reference, what it gives)``), and adds their names to ``helpers``: each call of the student's
    one (or each of its first calls) is compared with the reference's on the same arguments and
    the same random state, as the helper's own task compares (the value, the printed text, the
    arguments it changes), and where they differ the report says so first ("your function
    init_pioche_alea does not deal the deck the statement's does, called by lance_reussite: fix
    init_pioche_alea first"), with no hint, instead of a hint about this function that it
    already follows. Where the student's function that called the helper is another of theirs,
    both are named ("called by your res_multi_simulation (line 4), which statistiques_nb_tas
    calls"). A task's own reference is hidden in a student's run: :func:`helper_reference` keeps
    a copy of it for this.

    ``arguments_after``: the statement says what the function leaves in its arguments (it
    changes a list in place, and returns nothing or a flag). The value compared is then the pair
    (what it returned, the positional arguments as the call left them), made by an adapter of
    the shared layer (:func:`arguments_kept`), and the report names each part as the statement
    does ("it should return None; afterwards, liste_tas should be [...]"), never the pair. Hint
    tests read ``got[0]`` (returned) and ``got[1][i]`` (argument ``i`` after the call).

    ``labels_for_answers``: the cases' labels say what their answers show (find_win's "a top
    card free only as dealt", for a win missed): a report shows a label only beside a wrong
    answer, not beside a call that raised, changed its argument or was stopped by a finding of
    the check's own (a count of the positions tried), where the label has nothing to do with
    the fault.

    ``returns``: what the statement calls each element of the tuple the function returns
    (``one_stage`` returns ``(placed, aside)``), or of each tuple of the list it returns: the
    report names the element that differs by it, "placed (the first of the pair) holds 13, which
    it should not", never "element 0".

    ``parts``: the task's adapter makes the value a tuple of what the function returned, then
    one part for each name here, what the statement says the call leaves behind
    (``ecrire_fichier_reussite``: "the file read back with init_pioche_fichier"). The report
    names each part that differs, as for ``arguments_after``. Where the task has a ``verdict``
    (which reads the parts in the judging process), a text where the reference's part is not one
    is the verdict's sentence saying why there is no value ("the file still starts with ..."),
    shown as a sentence; without one, a text came from the student's worker, and is shown as a
    value, quoted. A part the verdict leaves ``None`` where all is well (the text of the file
    ``ecrire_fichier_reussite`` wrote) is, where it is not, the verdict's sentence, shown alone:
    the fault is that part's, not another's ("the text of the file: the tokens are separated by
    newlines").

    ``due``: how the report names the value due under a call that raised, where the value is not
    what the function returns but what its adapter shows ("the piles", "the states shown" of a
    function that returns nothing): "expected the piles: ...", not "expected it to return".
    """

    name: str
    reference: Function
    cases: Sequence[Case] | Callable[[], Sequence[Case]]
    compare: str = "return"
    hints: Sequence[Hint] = ()
    time_limit: float = DEFAULT_TIME_LIMIT
    total_time_limit: float = DEFAULT_TOTAL_LIMIT
    adapter: Callable[[Function], Function] | None = None
    mutates: bool = False
    needs_docstring: bool = False
    subject: str = ""
    raises: tuple[type[BaseException], ...] = ()
    verdict: Callable[[Case, Any], Any] | None = None
    simplest: Callable[[Case], Any] | None = None
    slow_hint: str = ""
    drawn: Callable[[random.Random], Sequence[Case]] | None = None
    silent: bool = False
    explain: Callable[[Case, Any, Any], str | None] | None = None
    items: str = "elements"
    helpers: tuple[str, ...] = ()
    helper_references: tuple[HelperReference | tuple[str, Function, str], ...] = ()
    call_shown: Callable[[Case], str] | None = None
    arguments_after: bool = False
    parts: tuple[str, ...] = ()
    returns: tuple[str, ...] = ()
    labels_for_answers: bool = False
    due: str = "it to return"

    def __post_init__(self) -> None:
        if self.arguments_after and not getattr(self.adapter, "keeps_arguments", False):
            object.__setattr__(self, "adapter", arguments_kept(self.adapter))
        references = {
            spec.name: spec
            for spec in (
                item if isinstance(item, HelperReference) else HelperReference(*item)
                for item in self.helper_references
            )
        }
        object.__setattr__(self, "helper_references", tuple(references.values()))
        names = (*self.helpers, *(name for name in references if name not in self.helpers))
        object.__setattr__(self, "helpers", names)
        # The watch is part of the adapter, so that the class grader, which runs the adapter in
        # the student's kernel, watches the arrays (and the student's other functions) too. A
        # task that changes its arguments has its arrays left alone, its helpers still watched.
        if (not self.mutates or names) and not getattr(self.adapter, "watches", False):
            adapter = watching(self.adapter, names, references, arrays=not self.mutates)
            object.__setattr__(self, "adapter", adapter)
        _TASKS_ALIVE[id(self)] = self  # so that a student's run can be kept from its reference

    def simplicity(self, case: Case) -> Any:
        """How simple a case is (the simplest failing one is shown): the task's own measure
        first when it has one (the fewest turns, say), then :func:`case_size`."""
        return (self.simplest(case), case_size(case)) if self.simplest else case_size(case)

    def prepared(self, function: Function) -> Function:
        return self.adapter(function) if self.adapter else function

    def call_of(self, case: Case, labelled: bool = True) -> str:
        """The case as the report shows it: :attr:`call_shown`'s words, or :func:`call_text`;
        then its label, if it has one (and ``labelled``).

        >>> task = Task("display", print, [], call_shown=lambda case: "display(), on a game")
        >>> task.call_of(Case(([1],), label="the text's"))
        "display(), on a game  (the text's)"
        """
        if not labelled:
            case = dataclasses.replace(case, label="")
        if self.call_shown is None:
            return call_text(self.name, case)
        return self.call_shown(case) + (f"  ({case.label})" if case.label else "")

    def fixed_cases(self) -> list[Case]:
        return list(self.cases() if callable(self.cases) else self.cases)

    def all_cases(self, seed: int | None = None) -> list[Case]:
        """The fixed cases, then the cases drawn from ``seed`` (:data:`DEFAULT_DRAW_SEED` when
        ``None``)."""
        if self.drawn is None:
            return self.fixed_cases()
        rng = random.Random(DEFAULT_DRAW_SEED if seed is None else seed)
        return [*self.fixed_cases(), *self.drawn(rng)]

    def raises_as_answer(self, outcome: Outcome) -> bool:
        """Did the call raise one of the exceptions that are answers of this task?"""
        return outcome.status == "raised" and outcome.kind in {e.__name__ for e in self.raises}

    def result(self, outcome: Outcome) -> Any:
        """What is compared: the value (or :class:`Raised`), the printed text, or both."""
        value = Raised(outcome.kind) if self.raises_as_answer(outcome) else outcome.value
        if self.compare == "stdout":
            return outcome.stdout
        if self.compare == "both":
            return (value, outcome.stdout)
        return value


# --- The answers a student's run cannot reach ----------------------------------------------------

#: Every task alive, by its id: the worker that runs a student's code hides their references.
_TASKS_ALIVE: weakref.WeakValueDictionary[int, Task] = weakref.WeakValueDictionary()
#: In a worker that runs a student's code: the answers are hidden, and hidden again whenever a
#: checker is made (an exercises module the student's code runs again, ``importlib.reload``).
_HIDING = False


class AnswerHidden(RuntimeError):
    """Raised by what stands for a check's own answer in a run of a student's code."""


def is_private_answer(function: Any) -> bool:
    """Is ``function`` the check's own answer (defined in an exercises module or in the grading
    layer), rather than a public function of the library, which a student may call?

    >>> from solitaire_lib.sevens import rules
    >>> is_private_answer(rules.can_place), is_private_answer(judge)
    (False, True)
    """
    module = getattr(function, "__module__", None)
    if not isinstance(module, str) or not module.startswith("solitaire_lib."):
        return False
    return module.endswith(".exercises") or module.startswith("solitaire_lib.grading.")


#: What a student may still call, said with every answer hidden.
PUBLIC_ALLOWED = "the library's public functions may be called"


def _hidden(name: str, handed_in: bool = False) -> Function:
    """What stands for the check's own ``name`` in a student's run: it raises."""
    problem = (
        f"this is the check's own {name}, not a function of yours"
        if handed_in
        else f"the check's own {name} is not available inside your function's run"
    )

    def answer_hidden(*args: Any, **kwargs: Any) -> Any:
        raise AnswerHidden(f"{problem}: write the function yourself ({PUBLIC_ALLOWED})")

    return answer_hidden


def handed_in(function: Function, name: str) -> Function:
    """What runs for the function a student hands in: itself, unless it is one of the check's
    own references (``from ...exercises import tally``, then ``check(tally)``), which is not the
    student's work: then a stand-in that raises :class:`AnswerHidden`.

    >>> from solitaire_lib.fast_simulation import exercises
    >>> stand_in = handed_in(exercises.tally, "tally")
    >>> try:
    ...     stand_in(None, 0)
    ... except AnswerHidden as error:
    ...     print(str(error)[:54])
    this is the check's own tally, not a function of yours
    >>> handed_in(len, "tally") is len
    True
    """
    tasks = list(_TASKS_ALIVE.values())
    references: list[Any] = [task.reference for task in tasks]
    references += [
        getattr(spec, "reference", None) for task in tasks for spec in task.helper_references
    ]
    if is_private_answer(function) and any(function is ref for ref in references):
        return _hidden(name, handed_in=True)
    return function


#: In a student's run: the copies of references that its function's own helpers are compared
#: with (:attr:`HelperReference.reference`), the only ones :func:`hide_answers` leaves whole.
_KEPT_HELPER_ANSWERS: list[Function] = []


def hide_answers(keep: Sequence[Function] | None = None) -> int:
    """In a worker about to run a student's code (never in the notebook itself): replace each
    task's reference that is the check's own (:func:`is_private_answer`) by a function that
    raises :class:`AnswerHidden`, in the task and wherever a module binds it (the notebook's
    ``__main__``, the library's, a module of the student's own). Nothing then holds the
    original, so it is freed: no search of memory (``gc.get_objects()``) finds it. Returns how
    many were hidden. From then on, each checker made in this process (by an exercises module
    run again, which makes its checker last) hides the answers again as it is made.

    A reference that is a public function of the library (``rules.legal_moves``) stays: calling
    the library's own answer is allowed. The reference process and the hints, which run in the
    notebook, keep the real references.

    The copies of references that tasks keep to compare a student's helpers with
    (:func:`helper_reference`) are emptied too, but for ``keep``: the copies of the helpers of
    the function about to run (the first call names them; a checker made later keeps them). A
    search of memory in a student's ``deal`` thus finds no copy of the check's own ``deal``, and
    one in ``final_row`` finds only the copies of its helpers' answers, which are checked on
    their own (held-out set 12, in review: ``gc.get_objects()`` found ``simulate``'s copy of
    ``deal`` and passed ``check(deal)``).
    """
    global _HIDING
    if not _HIDING:
        sys.addaudithook(_refuse_the_solutions)  # once a process: a hook stays for its life
    _HIDING = True
    if keep is not None and not _KEPT_HELPER_ANSWERS:
        _KEPT_HELPER_ANSWERS.extend(keep)
    stand_ins: dict[int, tuple[Function, Function]] = {}
    for task in list(_TASKS_ALIVE.values()):
        _hide_helper_answers(task)
        original = task.reference
        if not is_private_answer(original):
            continue
        stand_in = stand_ins.setdefault(id(original), (original, _hidden(task.name)))[1]
        object.__setattr__(task, "reference", stand_in)
    for module in list(sys.modules.values()):  # the notebook's, the library's, the student's
        namespace = getattr(module, "__dict__", None)
        if type(namespace) is not dict:
            continue
        for name, value in list(namespace.items()):
            found = stand_ins.get(id(value))
            if found is not None and found[0] is value:
                namespace[name] = found[1]
    for original, _ in stand_ins.values():
        _empty(original)
    count = len(stand_ins)
    stand_ins.clear()  # the last hold on the originals
    return count


def _hide_helper_answers(task: Task) -> None:
    """Empty each copy of a reference that ``task`` keeps for a student's helper, unless the
    function about to run compares its helpers with it (:data:`_KEPT_HELPER_ANSWERS`)."""
    for spec in task.helper_references:
        copied = getattr(spec, "reference", None)
        if copied is None or not is_private_answer(copied):
            continue  # a public function of the library (course.init_pioche_alea) stays whole
        if any(copied is kept for kept in _KEPT_HELPER_ANSWERS):
            continue
        object.__setattr__(spec, "reference", None)
        _empty(copied)


#: What a student's run may not open: the solution notebooks and git's copies of them, in this
#: checkout and its worktrees (:func:`~solitaire_lib.grading.isolation.guarded_paths`, the list
#: the run's namespace covers too; in a grader's sandbox none is there at all). Any notebook file
#: is refused too, wherever it lies, so a copy elsewhere is no way round. Found at import, in the
#: notebook: in a contained run the walls have emptied git's folder, which leads to the others.
_GUARDED_FOLDERS = tuple(path + os.sep for path in guarded_paths())
_GUARDED_WORDS = ("solutions", ".git", ".ipynb")
_PROCESS_EVENTS = ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn")


def _refuse_the_solutions(event: str, args: tuple[Any, ...]) -> None:
    """An audit hook of a student's run (:func:`sys.addaudithook`; it cannot be taken away):
    opening a solution notebook, anything in git's folder or any ``.ipynb`` file raises
    :class:`PermissionError`, and so does a program started with one of those words in the
    ``str`` or ``bytes`` items of its command line (``cat solutions/...``; a ``Path`` item, a
    word the shell puts together, a hard link under another name are not seen: where the kernel
    allows namespaces, the folders hidden in the run's mount namespace are the wall, this hook
    a speed bump). Reading the answer from the solutions is no more a way to pass a check than
    calling the check's own reference.

    >>> _refuse_the_solutions("open", ("notes.txt", "r", 0))  # anything else opens
    >>> _refuse_the_solutions("open", ("../solutions/01_aces_in_sequence.ipynb", "r", 0))
    Traceback (most recent call last):
    PermissionError: a check's run does not open '../solutions/01_aces_in_sequence.ipynb'
    """
    if event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        name = os.fsdecode(args[0])
        path = os.path.realpath(name)
        if path.endswith(".ipynb") or (path + os.sep).startswith(_GUARDED_FOLDERS):
            raise PermissionError(f"a check's run does not open {name!r}")
    elif event.startswith(_PROCESS_EVENTS):
        words = " ".join(os.fsdecode(a) for a in _flat(args) if isinstance(a, (str, bytes)))
        if any(word in words for word in _GUARDED_WORDS):
            raise PermissionError("a check's run does not start a program that reads the solutions")


def _flat(args: Any) -> list[Any]:
    """The strings among ``args`` and the lists or tuples in it (a program's command line)."""
    if isinstance(args, (list, tuple)):
        return [item for arg in args for item in _flat(arg)]
    return [args]


@functools.cache
def _emptied_code() -> types.CodeType:
    """The code an original reference gets in a student's run: it raises :class:`AnswerHidden`.
    It needs no global of its own (it runs with the globals of the exercises module whose
    function it replaces), so it imports the error and holds its message as a constant."""
    message = (
        "the check's own answer is not available inside your function's run: write the function"
        f" yourself ({PUBLIC_ALLOWED})"
    )
    source = (
        "def emptied(*args, **kwargs):\n"
        f"    raise __import__({__name__!r}, fromlist=['AnswerHidden']).AnswerHidden({message!r})\n"
    )
    space: dict[str, Any] = {}
    exec(compile(source, __file__, "exec"), space)  # our own source, made above from constants
    return cast(types.CodeType, space["emptied"].__code__)


def _empty(original: Function) -> None:
    """Give ``original`` (in a student's run) the code of :func:`_emptied_code`, so that a hold on
    it that :func:`hide_answers` could not see (a list, a closure, a default argument made before
    the run) calls nothing of the answer's, and a search of memory for its code finds nothing.
    A function with free variables keeps its code (the new code has none to match)."""
    if isinstance(original, types.FunctionType) and not original.__code__.co_freevars:
        original.__code__ = _emptied_code()


@dataclass
class Report:
    """The result of a check, printable for students. ``ok`` when every case passed."""

    task: str
    passed: int
    total: int
    failing_call: str = ""
    problem: str = ""
    hint: str = ""
    notes: tuple[str, ...] = ()
    missing_docstring: bool = False
    subject: str = ""
    #: The seed of the drawn cases, when the case shown is one of them.
    drawn_seed: int | None = None
    #: How many of the ``total`` cases were drawn for this check (:attr:`Task.drawn`).
    drawn: int = 0

    @property
    def ok(self) -> bool:
        return self.passed == self.total and not self.missing_docstring

    @property
    def drawn_said(self) -> str:
        """How many cases were drawn anew, in words to follow the count of cases (or nothing).

        >>> Report("tally", 80, 80, drawn=20).drawn_said
        ' (20 of them drawn anew for this check)'
        """
        return f" ({self.drawn} of them drawn anew for this check)" if self.drawn else ""

    def __str__(self) -> str:
        if self.ok:
            return f"{self.task}: all {self.total} cases passed{self.drawn_said} ✔"
        if self.passed == self.total:
            return (
                f"{self.task}: all {self.total} cases passed{self.drawn_said}, but the function "
                "has no docstring ✘\n  The course asks for one on every function: a first "
                'line, in triple quotes, that says what it does ("""Return ...""").'
            )
        lines = [f"{self.task}: {self.passed} of {self.total} cases passed{self.drawn_said} ✘"]
        lines += [f"Smallest failing case: {self.failing_call}", self.problem, *self.notes]
        if self.drawn_seed is not None:
            lines.append(
                f"  (a case drawn at random for this check, with seed {self.drawn_seed}; "
                f"{self.check_again} draws it again)"
            )
        if self.hint:
            lines.append(f"Hint: {self.hint}")
        lines.append(f"Run it yourself: check.last_failure.call({self.subject or self.task})")
        return "\n".join(line for line in lines if line)

    __repr__ = __str__

    @property
    def check_again(self) -> str:
        """The check to run to draw the same cases again: a task about a class's method is
        checked with the class and the task's name.

        >>> Report("size", 1, 2, subject="Box", drawn_seed=5).check_again
        'check(Box, task="size", seed=5)'
        >>> Report("tally", 1, 2, drawn_seed=5).check_again
        'check(tally, seed=5)'
        """
        if self.subject and self.subject != self.task:
            return f'check({self.subject}, task="{self.task}", seed={self.drawn_seed})'
        return f"check({self.task}, seed={self.drawn_seed})"


@dataclass(frozen=True)
class LastFailure:
    """The failing call of the last check, to re-run in the notebook while you debug."""

    task: str
    case: Case
    adapter: Callable[[Function], Function] | None = None

    @property
    def args(self) -> tuple[Any, ...]:
        return copy.deepcopy(self.case.args)

    @property
    def kwargs(self) -> dict[str, Any]:
        return copy.deepcopy(self.case.kwargs)

    def call(self, function: Function) -> Any:
        """Call ``function`` here, on fresh copies of the failing case's arguments (and input),
        through ``adapter`` if there is one (the task's own adapter, which calls it as the check
        did: with a file to write, after a seed, twice; see :func:`own_adapter`), after the
        case's ``random.seed`` if it has one."""
        feeding = fed_input(self.case.stdin) if self.case.stdin is not None else nullcontext()
        prepared = self.adapter(function) if self.adapter else function
        with feeding:
            seed_random(self.case.random_seed)
            return prepared(*self.args, **self.kwargs)


def drawn_seeds(
    count: int, low: int = -10_000, high: int = 1_000_000
) -> Callable[[random.Random], list[Case]]:
    """A task's ``drawn`` cases: ``count`` seeds from ``low`` to ``high``, one case each.

    >>> [case.args for case in drawn_seeds(2)(random.Random(1))]
    [(130891,), (586853,)]
    """
    return lambda rng: [Case((rng.randrange(low, high),)) for _ in range(count)]


def drawn_games_from_seeds(
    most_games: int, count: int = 2
) -> Callable[[random.Random], list[Case]]:
    """A simulation task's ``drawn`` cases: ``count`` of them, each a number of games from 1 to
    ``most_games`` and a first seed from -10,000 to 1,000,000 (negative ones too).

    >>> [case.args for case in drawn_games_from_seeds(60)(random.Random(1))]
    [(9, 586853), (55, 831235)]
    """
    return lambda rng: [
        Case((rng.randrange(1, most_games + 1), rng.randrange(-10_000, 1_000_000)))
        for _ in range(count)
    ]


# --- Hint tests for a printed table: a header, a rule under it, then a row a line -----------------


def table_rows(text: str) -> list[str]:
    """The rows of a printed table: its lines after the header and the rule, but empty ones.

    >>> table_rows("left | share\\n------------\\n   5 | 1.00%\\n\\n")
    ['   5 | 1.00%']
    """
    return [line for line in text.split("\n")[2:] if line]


def rows_not_of_width(width: int) -> Callable[[Case, str, str], bool]:
    """A hint test: is a row of the printed table (:func:`table_rows`) not ``width`` characters?

    >>> rows_not_of_width(12)(Case(), "", "left | share\\n------------\\n   5 | 1.00%\\n")
    False
    >>> rows_not_of_width(12)(Case(), "", "left | share\\n------------\\n5 | 1.00%\\n")
    True
    """
    return lambda case, expected, got: any(len(row) != width for row in table_rows(got))


def percent_not_two_decimals(case: Case, expected: str, got: str) -> bool:
    """A hint test: does a row of the printed table (:func:`table_rows`) not end with a
    percentage with two decimals, as ``f'{p:9.2%}'`` writes it?

    >>> percent_not_two_decimals(Case(), "", "left | share\\n------------\\n   5 |  1.0%\\n")
    True
    """
    return any(re.search(r"\d\.\d\d%$", row) is None for row in table_rows(got))


def arguments_kept(
    adapter: Callable[[Function], Function] | None,
) -> Callable[[Function], Function]:
    """A task's adapter (for :attr:`Task.arguments_after`) that returns what the function
    returned with its positional arguments as it left them.

    >>> def jump(piles):
    ...     piles.pop()
    >>> arguments_kept(None)(jump)([1, 2])
    (None, ([1],))
    """

    def adapt(function: Function) -> Function:
        inner = adapter(function) if adapter else function

        def kept(*args: Any, **kwargs: Any) -> Any:
            return inner(*args, **kwargs), args

        with contextlib.suppress(TypeError, ValueError):  # a report names the arguments
            kept.__signature__ = inspect.signature(inner)  # type: ignore[attr-defined]
        return kept

    adapt.keeps_arguments = True  # type: ignore[attr-defined]
    adapt.wrapped_adapter = adapter  # type: ignore[attr-defined]
    return adapt


def own_adapter(
    adapter: Callable[[Function], Function] | None,
) -> Callable[[Function], Function] | None:
    """The adapter an exercise gave its task, without what the shared layer wraps around it
    (:func:`watching`, :func:`arguments_kept`): what calls the function as the check does, for
    a re-run in the notebook (:class:`LastFailure`).

    >>> task = Task("jump", print, [], arguments_after=True)
    >>> task.adapter is None, own_adapter(task.adapter) is None
    (False, True)
    """
    while adapter is not None and hasattr(adapter, "wrapped_adapter"):
        adapter = adapter.wrapped_adapter
    return adapter


class InputChanged(CheckFinding):
    """Raised around a student's function that changed a numpy array it was given
    (:func:`watching`), and around a student's helper that changed the arguments it was given
    (lists, dicts, sets: :func:`_watched_helper`)."""


#: How the problem of a function that changed an array starts (see :func:`watching`).
_ARRAY_CHANGED = "it changed a numpy array it was given"
#: How every finding on a student's other function starts (one of ``Task.helpers``): one that
#: changed its arguments (:class:`InputChanged`) or does not give what the statement's does
#: (:class:`HelperWrong`); :func:`_helper_problem` reads the helper's name after it.
_HELPER_CHANGED = "your function "


def _arrays(value: Any, depth: int = 0) -> list[Any]:
    """The numpy arrays in ``value`` (inside lists, tuples, dicts and sets too)."""
    kind = type(value)
    if kind.__module__ == "numpy" and kind.__name__ == "ndarray":
        return [value]
    if depth < 20 and kind in (list, tuple, set, frozenset):
        return [array for item in value for array in _arrays(item, depth + 1)]
    if depth < 20 and kind is dict:
        return _arrays([*value.keys(), *value.values()], depth + 1)
    return []


def _fingerprint(array: Any) -> tuple[Any, ...]:
    """What an array holds, in a few bytes (its shape, type and a digest of its numbers)."""
    if array.size > WATCH_LIMIT:
        return (array.shape, str(array.dtype), "too large to watch")
    try:
        digest = hashlib.blake2b(array.tobytes(), digest_size=16).hexdigest()
    except (TypeError, ValueError):  # an array of objects
        digest = repr(array.tolist())
    return (array.shape, str(array.dtype), digest)


def watching(
    adapter: Callable[[Function], Function] | None,
    helpers: Sequence[str] = (),
    references: dict[str, HelperReference] | None = None,
    *,
    arrays: bool = True,
) -> Callable[[Function], Function]:
    """A task's adapter that also watches the numpy arrays among the arguments: the function fails
    with :class:`InputChanged` when it changed one. (Lists, dicts and sets are compared by the
    isolation layer, which keeps a plain copy of them; an array it cannot copy as plain data.)
    The student's own functions named in ``helpers`` are watched while it runs
    (:func:`helpers_watched`, with ``references`` to compare some of them with). With
    ``arrays`` false (a task whose statement has it change its arguments) only the helpers are
    watched.

    >>> import numpy
    >>> def clear(xs):
    ...     xs[:] = 0
    >>> watching(None)(clear)(numpy.array([1, 2]))
    Traceback (most recent call last):
    ...
    solitaire_lib.grading.checks.InputChanged: it changed a numpy array it was given
    """

    def adapt(function: Function) -> Function:
        inner = adapter(function) if adapter else function

        def watched(*args: Any, **kwargs: Any) -> Any:
            found = _arrays([args, kwargs]) if arrays else []
            before = [_fingerprint(array) for array in found]
            with helpers_watched(function, helpers, references):
                result = inner(*args, **kwargs)
            if [_fingerprint(array) for array in found] != before:
                raise InputChanged(_ARRAY_CHANGED)
            return result

        with contextlib.suppress(TypeError, ValueError):  # a report names the arguments
            watched.__signature__ = inspect.signature(inner)  # type: ignore[attr-defined]
        # The only copies of other tasks' references a run of this function keeps (see
        # hide_answers): its own helpers', to compare the student's helpers with.
        watched.helper_answers = tuple(  # type: ignore[attr-defined]
            spec.reference for spec in (references or {}).values() if spec.reference is not None
        )
        return watched

    adapt.watches = True  # type: ignore[attr-defined]
    adapt.keeps_arguments = getattr(adapter, "keeps_arguments", False)  # type: ignore[attr-defined]
    adapt.wrapped_adapter = adapter  # type: ignore[attr-defined]
    return adapt


@contextmanager
def helpers_watched(
    function: Function,
    names: Sequence[str],
    references: dict[str, HelperReference] | None = None,
) -> Iterator[None]:
    """While it runs, each of the student's functions named in ``names`` that ``function`` finds
    among its globals (the notebook's) raises :class:`InputChanged` if it changes its arguments,
    or, where ``references`` gives it a :class:`HelperReference`, if it does not give what the
    reference gives (:func:`_watched_helper`), so that the report blames it, not ``function``.
    The globals are put back after.

    >>> def play(xs):
    ...     xs.pop()
    >>> def best(xs):
    ...     return play(list(xs))
    >>> with helpers_watched(best, ["play"]):
    ...     best([1, 2])
    Traceback (most recent call last):
    ...
    solitaire_lib.grading.checks.InputChanged: your function play changed the arguments it was given
    >>> best([1, 2]) is None
    True
    """
    namespace = getattr(function, "__globals__", None)
    swapped: dict[str, tuple[Function, Function]] = {}
    chain: dict[str, tuple[HelperReference, Function]] = {}  # filled below, read on a failure
    if type(namespace) is dict:
        for name in names:
            helper = namespace.get(name)
            if type(helper) is types.FunctionType and helper is not function:
                spec = (references or {}).get(name) or HelperReference(name, None, "")
                if spec.reference is not None:
                    chain[name] = (spec, helper)
                stand_in = _watched_helper(spec, helper, function, namespace, chain)
                swapped[name] = (helper, stand_in)
                namespace[name] = stand_in
    try:
        yield
    finally:
        for name, (helper, stand_in) in swapped.items():
            if cast(dict[str, Any], namespace).get(name) is stand_in:
                cast(dict[str, Any], namespace)[name] = helper


@dataclass(frozen=True)
class HelperReference:
    """A student's other function that a task's function calls (``Task.helper_references``),
    compared, call by call, with ``reference`` on the same arguments and random state: where
    they differ, the report says "your function ``name`` does not ``gives`` the statement's
    does" and "fix ``name`` first", instead of a hint about the function checked.

    What is compared is what the helper's own task compares, so that a right helper is never
    blamed: ``compare`` is ``'return'`` (the value, exactly, as plain data), ``'stdout'`` (the
    text printed, for a helper whose statement fixes only that) or ``'both'``; ``mutates``, for
    a helper whose statement has it change its arguments (``saut_si_possible``), compares them
    as the call left them too, and does not count the change as a fault; ``key``, where the
    helper's task compares something made of the value (floats rounded), is applied to both
    values first. ``first_calls``, for a helper called many times a case (a game a simulation
    plays), compares (and watches for changed arguments) only that many of its first calls in
    each call of the function checked (0: all): a wrong helper shows on its first calls, and the
    check stays quick. ``raises`` names the exceptions that are answers of the helper's task
    (``parse_move`` raises ValueError for bad text, ``Task.raises``): raising one is compared
    like a value, so a helper that returns where the reference raises, or raises where it
    returns, gives another answer, and the report says which ("parse_move('xx') returned None
    where the statement's raises ValueError"). ``reads_input``, for a helper that reads the
    case's typed input (02's ``view``, which ``run_program`` calls): the reference is given the
    lines the student's helper read, and only those (:func:`_typed_since`), so that both see the
    same requests and the case's input is not read twice (held-out 15a, rp_helper_view).
    """

    name: str
    reference: Function | None
    gives: str
    compare: str = "return"
    mutates: bool = False
    key: Callable[[Any], Any] | None = None
    first_calls: int = 0
    raises: tuple[type[BaseException], ...] = ()
    reads_input: bool = False


def helper_reference(name: str, reference: Function, gives: str, **options: Any) -> HelperReference:
    """A :class:`HelperReference` for ``name``, whose reference is another task's: a copy of it
    where it is the check's own (:func:`is_private_answer`), since a student's run hides and
    empties every task's reference (:func:`hide_answers`), which would then compare nothing.
    Only for a reference that calls the library's public functions alone (as every exercises
    module's do), so that the copy gives a student's run nothing the library does not; a student
    cannot hand it in either (:func:`handed_in`).

    >>> from solitaire_lib.aces_in_sequence import exercises
    >>> spec = helper_reference("deal", exercises.deal, "deal the stacks")
    >>> spec.reference is exercises.deal, spec.reference([1, 2, 3], 2)
    (False, [[3, 1], [2]])
    """
    if isinstance(reference, types.FunctionType) and is_private_answer(reference):
        reference = types.FunctionType(
            reference.__code__,
            reference.__globals__,
            reference.__name__,
            reference.__defaults__,
            reference.__closure__,
        )
    return HelperReference(name, reference, gives, **options)


class HelperWrong(CheckFinding):
    """Raised around a student's other function (``Task.helper_references``) that does not give
    what the statement's does, where the function checked calls it."""


#: How a helper's finding names the student's function that called it, where that is not the
#: function checked (``statistiques_nb_tas`` calls ``res_multi_simulation``, which deals).
_CALLED_BY = ", called by your "
#: Characters of a helper's printed text kept to compare (beyond them it is not compared).
_PRINTED_KEPT = 200_000


def _watched_helper(
    spec: HelperReference,
    helper: Function,
    checked: Function | None = None,
    namespace: dict[str, Any] | None = None,
    chain: dict[str, tuple[HelperReference, Function]] | None = None,
    budget: list[int] | None = None,
) -> Function:
    """``helper``, failing with :class:`InputChanged` when it changes its arguments (unless
    ``spec.mutates``), or, given a reference, with :class:`HelperWrong` when it does not give
    what the reference gives for the same arguments and random state (``spec.gives``: what it
    should give, "deal the deck"). Where the student's function that called it is not
    ``checked``, the finding names it ("..., called by your res_multi_simulation"), found in
    ``namespace`` (the notebook's, where the stand-in is put; the helper's globals if ``None``).
    Past ``spec.first_calls`` calls the stand-in puts the helper back in ``namespace``, so that
    the calls after cost nothing. Where a call differs, the other compared helpers of
    ``chain`` (name: spec and the student's function) that it calls are compared on that call
    again, on all their calls (:func:`_deeper_finding`): the deepest wrong one is named, not the
    one whose own calls were right and whose answer differs only through it. ``budget`` (a
    one-item list, shared) counts the calls down: past 0 a call raises :class:`_LookedLongEnough`.
    A call that raises an error that is no answer of the helper's task, where the reference
    returns, is the helper's fault too: it fails with :class:`HelperWrong`, saying so.

    >>> def init_pioche_alea(n):
    ...     return list(range(n))[::-1]
    >>> spec = HelperReference("init_pioche_alea", lambda n: list(range(n)), "deal the deck")
    >>> watched = _watched_helper(spec, init_pioche_alea)
    >>> try:
    ...     watched(2)
    ... except HelperWrong as error:
    ...     print(error)
    your function init_pioche_alea does not deal the deck the statement's does

    A helper that prints is compared by what it prints, which still reaches the caller's output.

    >>> def show(xs):
    ...     print(*xs, sep=",")
    >>> spec = HelperReference("show", lambda xs: print(*xs), "print the row", compare="stdout")
    >>> try:
    ...     _watched_helper(spec, show)([1, 2])
    ... except HelperWrong as error:
    ...     print(error)
    1,2
    your function show does not print the row the statement's does

    A helper whose task has it raise for some arguments (``raises``) is compared on that too: it
    returns where the reference raises, or raises where it returns.

    >>> def parse_move(text):
    ...     return None if text == "xx" else (0, 1, 1)
    >>> def statements(text):
    ...     if text == "xx":
    ...         raise ValueError(text)
    ...     return (0, 1, 1)
    >>> spec = HelperReference("parse_move", statements, "read the move", raises=(ValueError,))
    >>> try:
    ...     _watched_helper(spec, parse_move)("xx")
    ... except HelperWrong as error:
    ...     print(error)
    your function parse_move does not read the move the statement's does (parse_move('xx') \
returned None where the statement's raises ValueError)
    >>> right = _watched_helper(spec, lambda text: statements(text))
    >>> right("AB")
    (0, 1, 1)
    >>> right("xx")
    Traceback (most recent call last):
    ...
    ValueError: xx
    >>> def jump(piles, number):
    ...     return piles[number - 2] == 0
    >>> spec = HelperReference("jump", lambda piles, number: False, "make the jump")
    >>> try:
    ...     _watched_helper(spec, jump)([], 1)
    ... except HelperWrong as error:
    ...     print(error)
    your function jump does not make the jump the statement's does (jump([], 1) raised \
IndexError (list index out of range) where the statement's returns False)
    """
    name, reference = spec.name, (spec.reference if spec.reference is not helper else None)
    if namespace is None:
        namespace = getattr(helper, "__globals__", {})
    calls = 0

    @functools.wraps(helper)
    def helper_watched(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise _LookedLongEnough
        if spec.first_calls and calls > spec.first_calls:  # past the calls compared
            if namespace.get(name) is helper_watched:
                namespace[name] = helper
            return helper(*args, **kwargs)
        compared = reference is not None
        state = random.getstate() if compared else None
        typing = _typing_from() if compared and spec.reads_input else None
        before = None if spec.mutates else encode((args, kwargs))
        given = _copied((args, kwargs)) if compared and spec.mutates else (args, kwargs)
        shown = _call_text(name, args, kwargs) if compared and spec.raises else ""
        tee = _Tee(sys.stdout) if compared and spec.compare != "return" else None
        raised: Exception | None = None
        with contextlib.redirect_stdout(cast(Any, tee)) if tee is not None else nullcontext():
            try:
                result = helper(*args, **kwargs)
            except Exception as error:
                if not compared or given is None or isinstance(error, _NOT_THE_HELPERS):
                    raise
                raised, result = error, None
        typed = _typed_since(typing)
        if raised is not None:  # one of its answers (parse_move), or a crash of the helper's
            wanted = _reference_answer(spec, reference, cast(Any, given), state, typed)
            detail = _raised_where(spec, shown or _call_text(name, *given), raised, wanted)
            if not detail:
                raise raised
            called_by = _caller_named(checked, cast(dict[str, Any], namespace))
            raise HelperWrong(
                f"{_HELPER_CHANGED}{name} does not {spec.gives} the statement's does ({detail})"
                f"{called_by}"
            )
        if before is not None and encode((args, kwargs)) != before:
            called_by = _caller_named(checked, cast(dict[str, Any], namespace))
            raise InputChanged(
                f"{_HELPER_CHANGED}{name} changed the arguments it was given{called_by}"
            )
        if compared and given is not None:
            printed = tee.text() if tee is not None else ""
            got = _what_is_compared(spec, result, printed, args, kwargs)
            wanted = (
                _reference_answer(spec, reference, given, state, typed) if got is not None else None
            )
            if wanted is not None and not same(wanted, got):
                detail = ""
                if isinstance(wanted, Raised):
                    detail = f" ({shown} returned {show(result, limit=60)} where the statement's "
                    detail += f"raises {wanted.kind})"
                elif (
                    spec.compare == "return"
                    and spec.key is None
                    and type(wanted) is tuple
                    and len(wanted) == 1
                    and _same_number_another_type(wanted[0], result)
                ):
                    kind = type(result)
                    named = kind.__name__ if kind.__module__ == "builtins" else (
                        f"{kind.__module__.split('.')[0]}.{kind.__name__}")  # fmt: skip
                    detail = (
                        f" (it returned {str(result)[:40]}, a {named}, where the statement's "
                        f"returns the {type(wanted[0]).__name__} {show(wanted[0], limit=40)}: "
                        "the same number, of another type)"
                    )
                with fed_input(typed) if typed is not None else nullcontext():
                    deeper = _deeper_finding(name, helper, given, state, chain, checked, namespace)
                if deeper is not None:
                    raise deeper
                called_by = _caller_named(checked, cast(dict[str, Any], namespace))
                raise HelperWrong(
                    f"{_HELPER_CHANGED}{name} does not {spec.gives} the statement's does{detail}"
                    f"{called_by}"
                )
        return result

    return helper_watched


#: Errors that a helper's call passes on as they are: the check's own (a finding, an answer
#: hidden), not the helper's crash.
_NOT_THE_HELPERS = (CheckFinding, AnswerHidden)
#: The calls of the student's helpers a second look (:func:`_deeper_finding`) compares at most:
#: past them it stops, and the helper found first is named (held-out set 14a: a
#: res_multi_simulation that played one deck 300 times was looked at again, game by game, for
#: 13 seconds, and the report said the student's call did not finish).
DEEPER_CALLS = 3000


class _LookedLongEnough(BaseException):
    """Stops a second look (:func:`_deeper_finding`) past :data:`DEEPER_CALLS` calls: not an
    ``Exception``, so that ``except Exception`` in the student's code, which runs in it, does
    not catch it. A bare ``except:`` does: then every later call of a compared helper raises it
    again, and the second look's finding, past its calls, is not used."""


def _deeper_finding(
    name: str,
    helper: Function,
    given: tuple[Any, Any],
    state: Any,
    compared: dict[str, tuple[HelperReference, Function]] | None,
    checked: Function | None,
    namespace: dict[str, Any],
) -> HelperWrong | None:
    """The finding on a wrong helper that the call ``helper(*given)`` (the student's ``name``,
    found to differ) calls, or ``None``: the call is made again from the same random state, on
    copies of its arguments, with every other helper of ``compared`` compared on all its calls
    (past its ``first_calls``), what it prints dropped. A helper whose first calls were right may
    be wrong later in a game (cards_left -> one_stage -> can_place): this names it. Only where a
    call already differs, so that a right notebook's check costs nothing more. It stops, with
    ``None``, past :data:`DEEPER_CALLS` calls of those helpers. Its time is the check's own
    (:func:`~solitaire_lib.grading.isolation.not_counted`, announced at its start, so that the
    case's clock waits for it: a helper call as long again cannot end the case), and what it
    prints is dropped as it comes.

    >>> def low(x):
    ...     return x if x < 5 else 0
    >>> def high(x):
    ...     return [low(i) for i in range(x)]
    >>> namespace = {"low": low, "high": high}
    >>> low.__globals__.update(namespace)
    >>> compared = {"low": (HelperReference("low", lambda x: x, "give x"), low)}
    >>> print(_deeper_finding("high", high, ((7,), {}), random.getstate(), compared, None, {}))
    your function low does not give x the statement's does, called by your high
    """
    others = {n: found for n, found in (compared or {}).items() if n != name}
    copies = _copied(given)
    if not others or copies is None:
        return None
    namespace = namespace or getattr(helper, "__globals__", {})
    saved = {n: namespace[n] for n in [name, *others] if n in namespace}
    after = random.getstate()
    budget = [DEEPER_CALLS]
    try:
        namespace[name] = helper
        for other, (spec, function) in others.items():
            every_call = dataclasses.replace(spec, first_calls=0)
            namespace[other] = _watched_helper(
                every_call, function, checked, namespace, budget=budget
            )
        random.setstate(state)
        with contextlib.redirect_stdout(BoundedText(0)), not_counted(announced=True):
            helper(*copies[0], **copies[1])
    except HelperWrong as error:
        return error if budget[0] >= 0 else None  # past its calls (a bare except went on)
    except (Exception, _LookedLongEnough):
        return None
    finally:
        namespace.update(saved)
        random.setstate(after)
    return None


def _same_number_another_type(wanted: Any, got: Any) -> bool:
    """``got`` is ``wanted`` (an int or a float) as a number of another type (numpy.int64).

    >>> import numpy as np
    >>> _same_number_another_type(3, np.int64(3)), _same_number_another_type(3, 4)
    (True, False)
    """
    if type(wanted) not in (int, float) or type(got) is type(wanted) or isinstance(got, bool):
        return False
    try:
        return bool(got == wanted)
    except Exception:
        return False


def _copied(value: Any) -> Any:
    """A deep copy of the arguments a helper is about to change, or ``None`` (not compared)."""
    try:
        return copy.deepcopy(value)
    except Exception:
        return None


class _Tee:
    """Stands for ``sys.stdout`` around a helper whose printed text is compared: it writes on to
    ``out`` as it comes, and keeps the text, up to :data:`_PRINTED_KEPT` characters."""

    def __init__(self, out: Any) -> None:
        self.out, self.size = out, 0
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        if self.size <= _PRINTED_KEPT:
            self.parts.append(str(text))
            self.size += len(self.parts[-1])
        return cast(int, self.out.write(text))

    def flush(self) -> None:
        self.out.flush()

    def text(self) -> str | None:
        """The text printed, or ``None`` when too long to compare."""
        return "".join(self.parts) if self.size <= _PRINTED_KEPT else None


def _what_is_compared(
    spec: HelperReference, value: Any, printed: str | None, args: Any, kwargs: Any
) -> tuple[Any, ...] | None:
    """What ``spec`` compares of a call: the value returned (through ``spec.key``), the text
    printed, the arguments as the call left them; ``None`` when it cannot be told (then nothing
    is compared)."""
    parts: list[Any] = []
    try:
        if spec.compare in ("return", "both"):
            returned = plain(value)
            parts.append(spec.key(returned) if spec.key is not None else returned)
        if spec.compare in ("stdout", "both"):
            if printed is None:
                return None
            parts.append(printed)
        if spec.mutates:
            parts.append(plain((list(args), kwargs)))
    except Exception:
        return None
    return tuple(parts)


def _reference_answer(
    spec: HelperReference,
    reference: Function | None,
    given: tuple[Any, Any],
    state: Any,
    typed: str | None = None,
) -> tuple[Any, ...] | Raised | None:
    """What ``reference`` gives (:func:`_answer_of`) for the arguments ``given`` from the random
    ``state`` the student's helper started from, with the random state left as the student's
    call left it, and ``typed`` (where not ``None``) as its input; ``None`` where nothing is to
    be compared. Called only once the student's helper has returned (or raised), so that no
    frame holds the reference's answer while student code runs (hostile 16, a03: a helper read
    its caller's frame and returned the answer found there).

    >>> random.seed(3)
    >>> state, drawn = random.getstate(), random.random()
    >>> spec = HelperReference("draw", random.random, "draw")
    >>> _reference_answer(spec, random.random, ((), {}), state) == (drawn,)
    True
    """
    if reference is None:
        return None
    left = random.getstate()
    random.setstate(state)
    try:
        # the check's own work, not the student's time
        with not_counted(), fed_input(typed) if typed is not None else nullcontext():
            return _answer_of(spec, reference, *given)
    finally:
        random.setstate(left)


def _answer_of(
    spec: HelperReference, reference: Function, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> tuple[Any, ...] | Raised | None:
    """What ``spec`` compares of the reference's call on copies of these arguments, with the
    random state put back after, so that the student's call draws the same numbers: a
    :class:`Raised` where it raises one of ``spec.raises`` (an answer of the helper's task);
    ``None`` if it refuses the arguments otherwise (then nothing is compared)."""
    state = random.getstate()
    printed = io.StringIO()
    try:
        if not spec.mutates:  # else they are the copies made before the student's call
            args, kwargs = copy.deepcopy(args), copy.deepcopy(kwargs)
        with contextlib.redirect_stdout(printed):
            value = reference(*args, **kwargs)
        return _what_is_compared(spec, value, printed.getvalue(), args, kwargs)
    except Exception as error:
        return Raised(type(error).__name__) if isinstance(error, spec.raises) else None
    finally:
        random.setstate(state)


def _typing_from() -> tuple[io.StringIO, int] | None:
    """Where the case's typed input stands now (the check feeds it as a ``StringIO``), or
    ``None`` where it is not the check's feed."""
    stream = sys.stdin
    return (stream, stream.tell()) if type(stream) is io.StringIO else None


def _typed_since(typing: tuple[io.StringIO, int] | None) -> str | None:
    r"""The input read since :func:`_typing_from` gave ``typing`` (``None`` if not known).

    >>> stream = io.StringIO("1\nq\n")
    >>> typing = (stream, stream.tell())
    >>> stream.readline()
    '1\n'
    >>> _typed_since(typing)
    '1\n'
    """
    if typing is None:
        return None
    stream, start = typing
    return stream.getvalue()[start : stream.tell()]


def _call_text(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    """The call of a helper as a report shows it, ``parse_move('xx')``, ``saut_si_possible([7♠],
    -1)`` (cards in their short form), or ``name`` alone where its arguments are long or cannot
    be shown."""
    try:
        shown = ", ".join(
            [
                *(show(a, limit=41) for a in args),
                *(f"{k}={show(v, limit=41)}" for k, v in kwargs.items()),
            ]
        )
    except Exception:
        return name
    return f"{name}({shown})" if len(shown) <= 40 else name


def _raised_where(spec: HelperReference, call: str, raised: Exception, wanted: Any) -> str:
    """Why a helper's call that raised ``raised`` does not give what the reference gives
    (``wanted``, from :func:`_reference_answer`), said with the call: ``''`` where it does (the
    same exception, one of ``spec.raises``), or where nothing is compared (the reference too
    fails on these arguments). An error that is no answer of the task (a crash) is said with
    its message (held-out set 14a: "raised IndexError (line 214)" did not say whose line).

    >>> spec = HelperReference("parse_move", int, "read the move", raises=(ValueError,))
    >>> _raised_where(spec, "parse_move('AB')", ValueError("no"), (1,))
    "parse_move('AB') raised ValueError where the statement's returns 1"
    >>> _raised_where(spec, "parse_move('x')", TypeError("no"), Raised("ValueError"))
    "parse_move('x') raised TypeError where the statement's raises ValueError"
    >>> _raised_where(spec, "parse_move('x')", ValueError("no"), Raised("ValueError"))
    ''
    >>> _raised_where(spec, "parse_move('x')", KeyError("x"), (1,))
    "parse_move('x') raised KeyError ('x') where the statement's returns 1"
    >>> _raised_where(spec, "parse_move('x')", KeyError("x"), None)
    ''
    """
    kind = type(raised).__name__
    if isinstance(wanted, Raised):
        return "" if kind == wanted.kind else f"{call} raised {kind} where the statement's " \
            f"raises {wanted.kind}"  # fmt: skip
    if wanted is None:
        return ""
    said = str(raised)
    if not isinstance(raised, spec.raises) and said:
        kind += f" ({said if len(said) <= 60 else said[:57] + '...'})"
    if spec.compare != "return" or not wanted:
        return f"{call} raised {kind} where the statement's does not"
    return f"{call} raised {kind} where the statement's returns {show(wanted[0], limit=60)}"


def _caller_named(checked: Function | None, namespace: dict[str, Any]) -> str:
    """``", called by your NAME"`` where the student's function that called the helper (the
    nearest frame whose code is that of a function of the notebook's) is not ``checked``, the
    function the check runs; ``""`` where it is, or where none is found."""
    codes: dict[Any, str] = {}
    for name, value in sorted(namespace.items(), key=lambda item: item[0].startswith("_")):
        if type(value) is types.FunctionType:  # a public name first, where two share a code
            inner = value.__dict__.get("__wrapped__", value)
            codes.setdefault(getattr(inner, "__code__", None), name)
    own = getattr(checked, "__code__", None)
    frame: types.FrameType | None = sys._getframe(2)  # the helper's caller, past the stand-in
    while frame is not None:
        if frame.f_code is own:
            return ""
        if frame.f_code in codes:
            return f"{_CALLED_BY}{codes[frame.f_code]}"
        frame = frame.f_back
    return ""


class ReturnedWhatItWasGiven(CheckFinding):
    """Raised where a function returns the very list, set or dict it was given, where its
    statement asks for a new one ("build new ones", "a copy"): results cross to the check as
    plain data, where a copy and the object itself are one, so the task's adapter looks in the
    student's run (:func:`returning_new_objects`)."""


def returning_new_objects(
    messages: dict[int, str], error: type[Exception] = ReturnedWhatItWasGiven, fresh: str = ""
) -> Callable[[Function], Function]:
    """A task's adapter: the function raises ``error(messages[i])`` where what it returns, or an
    element of the tuple or list it returns, is the very list, set or dict given as its
    argument ``i`` (by position), for each ``i`` in ``messages``.

    >>> adapter = returning_new_objects({1: "it returned the set it was given"})
    >>> adapter(lambda stack, placed: (placed, []))([], {6})
    Traceback (most recent call last):
    ...
    solitaire_lib.grading.checks.ReturnedWhatItWasGiven: it returned the set it was given
    >>> adapter(lambda stack, placed: (set(placed), stack))([], {6})
    ({6}, [])

    With ``fresh`` (what the statement calls the result: "the piles"), what it returns must also
    be made by the call (:func:`_kept_from_before`): not a list, set or dict that a global held
    before the call, nor one that an earlier call through this adapter returned (a default
    argument, a list kept from call to call). Results cross as plain data, where the same list
    twice and two equal lists are one, so only the student's run can see it.

    >>> PILES = []
    >>> def play(deck):
    ...     PILES.clear()
    ...     PILES.extend(deck)
    ...     return PILES
    >>> returning_new_objects({}, fresh="piles")(play)([1])
    Traceback (most recent call last):
    ...
    solitaire_lib.grading.checks.ReturnedWhatItWasGiven: it returned the list PILES, a global \
that was there before the call, not a new list: make the list of the piles in the call (a caller \
that changes its answer would change PILES, and the answer of every call that returns it)
    """

    def adapt(function: Function) -> Function:
        earlier: list[Any] = []  # held, so that no earlier result is freed and its id reused

        def adapted(*args: Any, **kwargs: Any) -> Any:
            held = _globals_held(function) if fresh else []
            result = function(*args, **kwargs)
            parts = [result, *result] if type(result) in (tuple, list) else [result]
            for index, message in messages.items():
                given = args[index] if index < len(args) else None
                if isinstance(given, (list, set, dict)) and any(part is given for part in parts):
                    raise error(message)
            if fresh and type(result) in (list, set, dict):
                kept = _kept_from_before(result, held, earlier, fresh)
                earlier.append(result)
                if kept:
                    raise error(kept)
            return result

        with contextlib.suppress(TypeError, ValueError):  # a report names the arguments
            adapted.__signature__ = inspect.signature(function)  # type: ignore[attr-defined]
        return adapted

    return adapt


def _globals_held(function: Function) -> list[tuple[str, Any]]:
    """The lists, sets and dicts that the globals of ``function`` (the notebook's) hold, by
    name, kept before a call: a value the call returns that is one of them was not made by it.
    (The values themselves are held, so that a global the call rebinds to a new list, whose old
    list is then freed, is not taken for that new list by its id.)"""
    namespace = getattr(function, "__globals__", None)
    if type(namespace) is not dict:
        return []
    return [(name, value) for name, value in list(namespace.items())
            if type(value) in (list, set, dict) and isinstance(name, str)]  # fmt: skip


def _kept_from_before(
    result: Any, held: list[tuple[str, Any]], earlier: list[Any], what: str
) -> str:
    """Why ``result`` was not made by the call (``''`` where it was): a global held it before
    the call (``held``), or an earlier call returned it (``earlier``).

    >>> _kept_from_before([], [], [[1], [2]], "piles")
    ''
    >>> print(_kept_from_before(piles := [], [], [piles], "piles"))
    it returned the very list an earlier call returned, not a new list (one kept from call to \
call: a default argument, a global): make the list of the piles in the call (the answers of two \
calls must not be one list, which changing either changes)
    """
    kind = type(result).__name__
    name = next((name for name, value in held if value is result), None)
    if name is not None:
        return (
            f"it returned the {kind} {name}, a global that was there before the call, not a new "
            f"{kind}: make the {kind} of the {what} in the call (a caller that changes its answer "
            f"would change {name}, and the answer of every call that returns it)"
        )
    if any(value is result for value in earlier):
        return (
            f"it returned the very {kind} an earlier call returned, not a new {kind} (one kept "
            f"from call to call: a default argument, a global): make the {kind} of the {what} in "
            f"the call (the answers of two calls must not be one {kind}, which changing either "
            "changes)"
        )
    return ""


def seeds(count: int, *, fixed: Sequence[int] = (0, 1, 2, -5), rng_seed: int = 9021) -> list[int]:
    """Seeds for test cases: the ``fixed`` ones, then ``count`` random ones (reproducibly).

    >>> seeds(2, fixed=[0])
    [0, 73220, 200864]
    """
    rng = random.Random(rng_seed)
    return [*fixed, *(rng.randrange(-10_000, 1_000_000) for _ in range(count))]


def has_docstring(function: Function) -> bool:
    """Does ``function`` have a docstring that says something?

    >>> def documented():
    ...     "Return nothing."
    >>> has_docstring(documented), has_docstring(lambda: None)
    (True, False)
    """
    doc = getattr(function, "__doc__", None)
    return type(doc) is str and bool(doc.strip())


def call_text(name: str, case: Case) -> str:
    """The call as the student would write it, arguments in full, cards in short form.

    >>> call_text("init_pioche_alea", Case((52,), random_seed=7))
    'init_pioche_alea(52), after random.seed(7)'
    """
    parts = [show(arg) for arg in case.args]
    parts += [f"{key}={show(value)}" for key, value in case.kwargs.items()]
    text = f"{name}({', '.join(parts)})"
    if case.random_seed is not None:
        text += f", after random.seed({case.random_seed})"
    if case.stdin is not None:
        text += f", typing {case.stdin!r}"
    return text + (f"  ({case.label})" if case.label else "")


def case_size(case: Case) -> tuple[int, float, int, int]:
    """How simple a case is, so that the simplest failing case is shown: fewer values first
    (cards, turns, moves, characters typed), then smaller numbers, then a labelled case of the
    lesson before an unlabelled one, then the shorter call.

    >>> sorted([Case(([3, 1, 2],)), Case(([5],)), Case(([1],)), Case(([9],), label="the text's")],
    ...        key=case_size)[:3]  # doctest: +NORMALIZE_WHITESPACE
    [Case(args=([1],), kwargs={}, stdin=None, label='', random_seed=None),
     Case(args=([5],), kwargs={}, stdin=None, label='', random_seed=None),
     Case(args=([9],), kwargs={}, stdin=None, label="the text's", random_seed=None)]
    """
    values, magnitude = _size([*case.args, *case.kwargs.values()])
    if case.stdin is not None:
        typed = case.stdin.split()
        values += len(typed)
        magnitude += sum(abs(int(t)) for t in typed if t.lstrip("-").isdigit() and len(t) < 20)
    return values, magnitude, 0 if case.label else 1, len(call_text("f", case))


def _size(value: Any, depth: int = 0) -> tuple[int, float]:
    """``(values, magnitude)``: how many plain values a case holds, and the sum of its numbers."""
    if type(value) is bool or value is None:
        return 1, 0
    if type(value) in (int, float):
        return 1, min(abs(value), 1e300)
    if type(value) is str:
        return len(value), 0
    if depth < 20 and type(value) in (list, tuple, set, frozenset):
        sizes = [_size(item, depth + 1) for item in value]
        return sum(v for v, _ in sizes), sum(m for _, m in sizes)
    if depth < 20 and type(value) is dict:
        return _size([*value.keys(), *value.values()], depth + 1)
    return 1, 0  # a card, a player, an array: one value each


# --- Judging one outcome -------------------------------------------------------------------------


def problem_with(
    task: Task, expected: Outcome, got: Outcome, case: Case | None = None
) -> str | None:
    """Why ``got`` does not pass, or ``None`` when it does (``case``: what it was given)."""
    if got.kind == FINDING and got.error.startswith(_ARRAY_CHANGED):
        return f"  {_ARRAY_CHANGED}: work on a copy instead (array.copy())"
    helper_problem = _helper_problem(task, got)
    if helper_problem is not None:
        return helper_problem
    if got.mutated and not task.mutates and got.status in ("ok", "raised"):
        return _changed_problem(task, got, case)
    failure = _failure_of_the_call(task, expected, got, case)
    if failure is not None:
        return failure
    sharing = _sharing_problem(expected, got, task, case)
    want, have = task.result(expected), task.result(got)
    if task.compare == "both":  # the values here; the printed text below
        want, have = want[0], have[0]
    if task.compare == "return" and (type(want) is Raised or type(have) is Raised):
        return None if want == have else _raising_problem(want, got)
    if task.compare in ("return", "both") and not same(want, have):
        said = _parts_problem(task, case, want, have) or _value_problem(expected, got, task)
        return said + ("\n" + sharing if sharing else "")
    if sharing:
        return sharing
    if task.compare in ("stdout", "both") and got.stdout != expected.stdout:
        return _output_problem(expected, got, task.compare)
    if task.silent and got.stdout and not expected.stdout:
        first = (got.stdout.strip().splitlines() or [got.stdout])[0][:80]
        return f"  it printed {first!r}: {task.name} prints nothing, it only returns its answer"
    return None


def _helper_problem(task: Task, got: Outcome) -> str | None:
    """The report on a student's other function (one of ``task.helpers``) that changed its
    arguments while this one ran, or does not give what the statement's does: fix that one
    first, as the class grader says too. ``None`` when the call did not fail so.

    >>> task = Task("best", lambda xs: xs, [], helpers=("play",))
    >>> play = Task("play", lambda xs: xs, [])  # a task of its own, which the report names
    >>> error = "your function play changed the arguments it was given (line 3)"
    >>> outcome = Outcome("raised", error=error, kind=FINDING)
    >>> print(_helper_problem(task, outcome))  # doctest: +NORMALIZE_WHITESPACE
      your function play changed the arguments it was given, called by best (line 3): fix play
      first (check(play) says how), then check best again

    Where the student's function that called it is another of theirs, both are named.

    >>> error = "your function play changed the arguments it was given, called by your turn"
    >>> error += " (line 7)"
    >>> outcome = Outcome("raised", error=error, kind=FINDING)
    >>> print(_helper_problem(task, outcome))  # doctest: +NORMALIZE_WHITESPACE
      your function play changed the arguments it was given, called by your turn (line 7), which
      best calls: fix play first (check(play) says how), then check best again

    A helper with no task of its own (05's settle) has no check to name.

    >>> task = Task("fewest", lambda xs: xs, [], helpers=("settle",))
    >>> outcome = Outcome("raised", error="your function settle changed the arguments it was "
    ...                   "given (line 2)", kind=FINDING)
    >>> print(_helper_problem(task, outcome))  # doctest: +NORMALIZE_WHITESPACE
      your function settle changed the arguments it was given, called by fewest (line 2): fix
      settle first, then check fewest again
    """
    said = got.error
    name = said.removeprefix(_HELPER_CHANGED).split(" ")[0]
    if got.kind != FINDING or not said.startswith(_HELPER_CHANGED) or name not in task.helpers:
        return None
    line = re.search(r" \((line \d+)", said)
    said = said.split(" (line")[0]
    where = f" ({line.group(1)})" if line else ""
    said, _, caller = said.partition(_CALLED_BY)
    called_by = (
        f"called by your {caller}{where}, which {task.name} calls"
        if caller
        else f"called by {task.name}{where}"
    )
    checked = any(other.name == name for other in list(_TASKS_ALIVE.values()))
    how = f" (check({name}) says how)" if checked else ""  # no task of its own: no check to run
    return f"  {said}, {called_by}: fix {name} first{how}, then check {task.name} again"


#: The copy that leaves an argument of each type alone, said to a function that changed it.
_COPIES = {"list": "list({})", "dict": "dict({})", "set": "set({})"}


def _changed_problem(task: Task, got: Outcome, case: Case | None) -> str:
    """The report on a function that changed an argument it was given: the argument by its name
    and type, and the copy that leaves it alone. An error that followed (from the library, on the
    changed data) is its effect, so the change is said first. A finding of the check's own (the
    answer is the very set it was given) is not an error the code raised: it is said after, in
    the check's words, as a second fault."""
    finding = got.status == "raised" and got.kind == FINDING
    then = (
        f" (then it raised {got.error}, on the data as the code had changed it, not as shown above)"
        if got.status == "raised" and not finding
        else ""
    )
    also = ""
    if finding:
        also = ("\n  And " if got.error.startswith("it ") else "\n  Also: ") + got.error
    told = [
        (_argument_name(task, case, where), _type_name(case, where), how)
        for where, how in got.changed
        if case is not None
    ][:3]
    if not told:
        return f"  it changed an argument it was given: work on a copy instead{then}{also}"
    named = " and ".join(f"`{name}` ({_a(kind)})" for name, kind, _ in told)
    if all(how == "inside" for _, _, how in told):
        name, kind, _ = told[0]
        shallow = " or ".join([_COPIES[kind].format(name)] * (kind in _COPIES) + ["copy.copy"])
        return (
            f"  it changed values inside {named} it was given{then}\n"
            f"  Make every change on copy.deepcopy({name}), which copies everything (a copy "
            f"made with {shallow} would still share the values inside it: changing one of "
            "those changes what you were given)" + also
        )
    copies = " and ".join(
        _COPIES.get(kind, "a copy of {}").format(name)
        if how == "itself"
        else f"copy.deepcopy({name})"
        for name, kind, how in told
    )
    a_copy = "a copy" if len(told) == 1 else "copies"
    return f"  it changed {named} it was given: work on {a_copy} instead, {copies}{then}{also}"


def _a(kind: str) -> str:
    """The type's name with its article: ``'a list'``, ``'an int'``."""
    return f"{'an' if kind[:1] in tuple('aeiou') else 'a'} {kind}"


def _argument_name(task: Task, case: Case | None, where: int | str) -> str:
    """The name of the argument at ``where`` (a position or a keyword), as the reference calls
    it, or "argument 2" when its signature does not say.

    >>> def one_stage(stack, placed): ...
    >>> _argument_name(Task("one_stage", one_stage, []), Case(([], set())), 1)
    'placed'

    An adapter may call the student's function with other arguments than the case's
    (``ecrire_fichier_reussite(path, pioche)`` for the case ``(pioche,)``): where the reference
    does not take the case's arguments, the names are the adapted function's.

    >>> def write(name, cards): ...
    >>> def adapter(function):
    ...     def adapted(cards):
    ...         return function("file.txt", cards)
    ...     return adapted
    >>> _argument_name(Task("write", write, [], adapter=adapter), Case(([],)), 0)
    'cards'
    """
    if isinstance(where, str):
        return where
    count = len(case.args) if case is not None else where + 1
    callables = [task.adapter(task.reference)] if task.adapter is not None else []
    for function in [task.reference, *callables]:
        positional, required = _positional_names(function)
        if required <= count <= len(positional):  # it takes the case's arguments
            return positional[where] if 0 <= where < len(positional) else f"argument {where + 1}"
    return f"argument {where + 1}"


def _positional_names(function: Any) -> tuple[list[str], int]:
    """The names of a function's positional parameters, and how many of them have no default
    (([], 0) when its signature does not say)."""
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return [], 0
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return [p.name for p in positional], sum(p.default is p.empty for p in positional)


def _type_name(case: Case | None, where: int | str) -> str:
    """The type of the case's argument at ``where``: ``'list'``, ``'dict'``, ``'set'``..."""
    if case is None:
        return "value"
    if type(where) is int:
        return type(case.args[where]).__name__ if 0 <= where < len(case.args) else "value"
    return type(case.kwargs[where]).__name__ if where in case.kwargs else "value"


def _sharing_problem(
    expected: Outcome, got: Outcome, task: Task | None = None, case: Case | None = None
) -> str:
    """Two parts of the result that are one object, where the reference's are not, and where it
    can be the cause: the reference holds values of one type in both places (a card due in one
    pile and another card in the other; where it holds None in one, returning the value there is
    the mistake, and the note would mislead). Where the value compared holds the arguments as
    the call left them (:attr:`Task.arguments_after`), the places are named by the arguments
    (:func:`_places_named`), not by a path into a pair the function never returned."""
    if not got.shared or expected.shared or not _alike_in_both_places(expected.value, got.shared):
        return ""
    named = _places_named(task, case, got.shared)
    said = (
        f"  after the call, {named}: changing one changes the other. "
        if named
        else f"  in what it returned, {got.shared}: changing one changes the other. "
    )
    if got.shared.endswith("same list"):
        return said + "Make a new one for each place (a list comprehension, not [[]] * n)"
    return said + (
        "A value that moves from one place to another leaves the first (pop it there); one "
        "needed in two places is copied (dict(...), set(...))"
    )


#: One step of a path that :func:`plain.shared_part` writes: ``[0]`` or ``['stacks']``.
_PATH_STEP = re.compile(r"\[(-?\d+|'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")\]")


def _places_named(task: Task | None, case: Case | None, shared: str) -> str:
    """``shared`` ("[1][0][3] and [1][1][0] are the same dict", two places in the pair that
    :attr:`Task.arguments_after` compares) with each place named as the statement speaks of it:
    by the argument the call left it in, or as what it returned; ``''`` for another task, or a
    place that is not in that pair.

    >>> def une_etape_reussite(liste_tas, pioche): ...
    >>> task = Task("une_etape_reussite", une_etape_reussite, [], arguments_after=True)
    >>> _places_named(task, Case(([], [])), "[1][0][3] and [1][1][0] are the same dict")
    'liste_tas[3] and pioche[0] are the same dict'
    >>> _places_named(task, Case(([], [])), "[0] and [1][1] are the same list")
    'what it returned and pioche are the same list'
    """
    if task is None or case is None or not task.arguments_after or " are the same " not in shared:
        return ""
    places, kind = shared.rsplit(" are the same ", 1)
    named = []
    for place in places.split(" and "):
        steps = _PATH_STEP.findall(place)
        if not steps or "".join(f"[{step}]" for step in steps) != place:
            return ""
        if steps[0] == "0":
            named.append("what it returned" + "".join(f"[{step}]" for step in steps[1:]))
        elif steps[0] == "1" and len(steps) > 1 and steps[1].isdigit():
            rest = "".join(f"[{step}]" for step in steps[2:])
            named.append(_argument_name(task, case, int(steps[1])) + rest)
        else:
            return ""
    return f"{' and '.join(named)} are the same {kind}"


def _alike_in_both_places(value: Any, shared: str) -> bool:
    """Does ``value`` (the reference's result) hold values of one type at the two places that
    ``shared`` names ("[0] and [1] are the same dict")? ``True`` when a place cannot be read
    there (the note is then kept).

    >>> _alike_in_both_places(([], []), "[0] and [1] are the same list")
    True
    >>> _alike_in_both_places(([{"v": 0}], [{"v": 1}]), "[0][0] and [1][0] are the same dict")
    True
    >>> _alike_in_both_places((None, {"A": []}), "[0] and [1] are the same dict")
    False
    """
    places = shared.rsplit(" are the same ", 1)[0].split(" and ")
    found = []
    for place in places:
        steps = _PATH_STEP.findall(place)
        if len(places) != 2 or not steps or "".join(f"[{s}]" for s in steps) != place:
            return True
        item = value
        try:
            for step in steps:
                item = item[ast.literal_eval(step)]
        except (LookupError, TypeError, ValueError, SyntaxError):
            return True
        found.append(item)
    return type(found[0]) is type(found[1])


def _raising_problem(want: Any, got: Outcome) -> str:
    if type(want) is not Raised:
        return f"  expected: {_shown(want)}\n  it raised {got.error}"
    if got.status == "raised":
        return f"  it should raise {want.kind}, but it raised {got.error}"
    return f"  it should raise {want.kind}, but it returned {_shown(got.value)}"


def _expected_instead(
    task: Task, expected: Outcome, case: Case | None = None, finding: bool = False
) -> str:
    """The line that says what was due, under a call that raised or ended. Where a verdict
    says what is due in words (find_win's "a line of moves that wins": many answers are
    right), it is said as words, not as a value to return; and not at all under a finding of
    the check's own, which says what is wrong (``finding``).

    >>> task = Task("find", print, [], verdict=lambda case, value: "a line that wins")
    >>> due = Outcome("ok", "a line that wins")
    >>> _expected_instead(task, due), _expected_instead(task, due, finding=True)
    ('\\n  expected: a line that wins', '')
    """
    if task.raises_as_answer(expected):
        return f"\n  it should raise {expected.kind}"
    if expected.status == "ok" and task.verdict is not None and type(expected.value) is str:
        return "" if finding else f"\n  expected: {expected.value}"
    if expected.status == "ok" and task.compare != "stdout":
        parts = _parts_due(task, case, expected.value)
        return f"\n  {parts}" if parts else f"\n  expected {task.due}: {_shown(expected.value)}"
    return ""


def _likely_cause_of_timeout(task: Task) -> str:
    """The guess after "it did not finish within ... seconds": where a right idea may be too slow
    (a task with a ``slow_hint``: a search, a recursion without a cache), "too slow", whose hint
    says why; elsewhere an endless loop (held-out set 15b: an uncached, exponential
    expected_column_score was asked "an endless loop?").

    >>> _likely_cause_of_timeout(Task("f", print, [])), _likely_cause_of_timeout(
    ...     Task("f", print, [], slow_hint="Cache it."))
    ('(an endless loop?)', '(too slow?)')
    """
    return "(too slow?)" if task.slow_hint else "(an endless loop?)"


def _failure_of_the_call(
    task: Task, expected: Outcome, got: Outcome, case: Case | None = None
) -> str | None:
    if got.status == "timeout" and got.error.startswith(CUT_SHORT):
        return (
            f"  it was {got.error} ({task.total_time_limit:g} s for all the cases together): "
            "it is too slow over all the cases, not necessarily stuck on this one"
        )
    if got.status == "timeout":
        seconds = min(task.time_limit, task.total_time_limit)
        return f"  it did not finish within {seconds:g} seconds {_likely_cause_of_timeout(task)}"
    if got.status == "not run":
        return f"  {got.error}"
    if got.status == "died" and got.error.startswith((UNREADABLE, NOT_STARTED)):
        return f"  {got.error}"
    if got.status == "died":
        return f"  it ended the whole process (os._exit? a crash?): {got.error}"
    if got.status == LEFT_A_THREAD:
        return f"  {LEFT_A_THREAD_TEXT}"
    if got.status == "exited":
        return f"  it called {got.error}: return the value instead of ending the program"
    if got.status == "raised" and got.error.startswith("EOFError"):
        return (
            "  it called input() more times than the case types (EOFError): does it stop "
            "when it should, and read each command as the task says?"
        )
    if got.status == "raised" and got.error.startswith("NotImplementedError"):
        return "  not written yet: replace the NotImplementedError line with your code"
    if got.status == "raised" and got.kind == FINDING:  # the check's words, not the student's error
        return f"  {got.error}" + _expected_instead(task, expected, case, finding=True)
    if got.status == "raised" and not task.raises_as_answer(got):
        name = got.error.split(":")[0].split(" (line")[0]
        impostor = name != got.kind and hasattr(builtins, name)
        impostor_text = f" (a class of its own, not Python's {name})" if impostor else ""
        return f"  it raised {got.error}{impostor_text}" + _expected_instead(task, expected, case)
    return None


def _parts(task: Task, case: Case | None, value: Any) -> list[tuple[str, Any]] | None:
    """The parts of a task's value that the statement speaks of, by name: what was returned, then
    each list, dict or set argument as the call left it (:attr:`Task.arguments_after`), or each
    part :attr:`Task.parts` names. ``None`` for another task, or a value that is not such a
    tuple.

    >>> task = Task("write", print, [], parts=("the file read back",))
    >>> _parts(task, Case(([1],)), (None, [1]))
    [('what it returned', None), ('the file read back', [1])]
    """
    if task.parts:
        if type(value) is not tuple or len(value) != 1 + len(task.parts):
            return None
        return [("what it returned", value[0]), *zip(task.parts, value[1:], strict=True)]
    if not task.arguments_after or case is None:
        return None
    if type(value) is not tuple or len(value) != 2 or type(value[1]) is not tuple:
        return None
    returned, arguments = value
    if len(arguments) != len(case.args):
        return None
    named = [
        (f"{_argument_name(task, case, index)} afterwards", argument)
        for index, argument in enumerate(arguments)
        if type(case.args[index]) in (list, dict, set)
    ]
    return [("what it returned", returned), *named]


def _parts_due(task: Task, case: Case | None, value: Any) -> str:
    """What was due, part by part, under a call that raised: "it should return None;
    afterwards, liste_tas should be [...] and pioche [...]" (``''`` for a task of one value)."""
    parts = _parts(task, case, value)
    if parts is None:
        return ""
    (_, returned), *arguments = parts
    if task.parts:
        left = "".join(
            f"; {name} should be {_shown(part)}"
            for name, part in arguments
            if part is not None or not _says_sentences(task)  # None: a check with nothing to say
        )
        return f"it should return {_shown(returned)}{left}"
    due = " and ".join(
        f"{name.removesuffix(' afterwards')} {'should be ' if i == 0 else ''}{_shown(argument)}"
        for i, (name, argument) in enumerate(arguments)
    )
    return f"it should return {_shown(returned)}" + (f"; afterwards, {due}" if due else "")


def _parts_problem(task: Task, case: Case | None, want: Any, have: Any) -> str:
    """The parts of a value that differ (:attr:`Task.arguments_after`), each by its name:
    "what it returned: expected True, got False", "liste_tas afterwards: expected [...], got
    [...]" (``''`` for a task of one value). For :attr:`Task.parts`, a text where the reference
    has another type is the adapter's sentence saying why there is no value."""
    wanted, had = _parts(task, case, want), _parts(task, case, have)
    if wanted is not None and had is None:
        return _parts_too_large(task, case, want, have)
    if wanted is None or had is None:
        return ""
    return "\n".join(
        _part_difference(name, part_wanted, part_had, sentences=_says_sentences(task) and i > 0)
        for i, ((name, part_wanted), (_, part_had)) in enumerate(zip(wanted, had, strict=True))
        if not same(part_wanted, part_had)
    )


def _says_sentences(task: Task) -> bool:
    """Are the texts in a task's parts sentences the check wrote, to print as they are? Only
    where a :attr:`Task.verdict` made them in the judging process: a text that came from the
    student's worker (an adapter's, which the student's code can replace) is shown as a value,
    quoted and escaped (hostile 15, a02).

    >>> _says_sentences(Task("write", print, [], parts=("the deck",)))
    False
    """
    return bool(task.parts) and task.verdict is not None


def _parts_too_large(task: Task, case: Case | None, want: Any, have: Any) -> str:
    """Where the parts came back as one value too large to check, the parts by their names and
    what was due, never the pair and "expected a tuple" (hostile 15, a08); ``''`` otherwise.

    >>> task = Task("write", print, [], parts=("the deck",))
    >>> print(_parts_too_large(task, None, (None, [1]), plain([0] * 300_000)))
      what it returned and the deck, together, are too large to check (more than 200,000 values)
      it should return None; the deck should be [1]
    """
    reason = too_large_reason(have)
    wanted = _parts(task, case, want)
    if reason is None or wanted is None:
        return ""
    names = [name for name, _ in wanted]
    together = f"{', '.join(names[:-1])} and {names[-1]}"
    due = _parts_due(task, case, want)
    return f"  {together}, together, are too large to check ({reason})\n  {due}"


def _part_difference(name: str, want: Any, have: Any, sentences: bool = False) -> str:
    """One part that differs, by its name, with the first difference inside it where that says
    more than the values. With ``sentences``, a text where a value of another type is due says
    why there is no value, and is shown as a sentence.

    >>> print(_part_difference("pioche afterwards", [1, 2, 3], [1, 5, 3]))
      pioche afterwards: expected [1, 2, 3], got [1, 5, 3]
        element 1: expected 2, got 5
    >>> print(_part_difference("the deck read back", [1], "the file is empty", sentences=True))
      the deck read back: expected [1], but the file is empty

    A part the verdict leaves None where all is well (the text of a file) is, where it is not,
    the sentence alone, the fault it names:

    >>> print(_part_difference("the text", None, "the tokens are separated by tabs", True))
      the text: the tokens are separated by tabs

    Where None is expected, the line says it once (not "expected None, got a bool" again):

    >>> print(_part_difference("what it returned", None, True))
      what it returned: expected None, got True
    """
    shown_want, shown_have = show(want, SHOW_LIMIT + 1), show(have, SHOW_LIMIT + 1)
    if sentences and type(have) is str and want is None:
        return f"  {name}: {have}"
    if sentences and type(have) is str and type(want) is not str:
        return f"  {name}: expected {show(want)}, but {have}"
    difference = describe_difference(want, have)
    if len(shown_want) > SHOW_LIMIT or len(shown_have) > SHOW_LIMIT:
        return f"  {name}: {difference}"
    line = f"  {name}: expected {shown_want}, got {shown_have}"
    same_words = difference == f"expected {shown_want}, got {shown_have}"
    # Where None is expected, that any value is of another type says nothing more.
    return line if same_words or want is None else f"{line}\n    {difference}"


def _value_problem(expected: Outcome, got: Outcome, task: Task) -> str:
    if got.value is None and expected.value is not None and got.stdout and task.compare == "return":
        first_line = show(got.stdout.split("\n")[0], 80)
        return (
            f"  it printed instead of returning: it returned None and printed {first_line}"
            f"\n  expected it to return: {_shown(expected.value)}"
        )
    lines = []
    want, have = show(expected.value, SHOW_LIMIT + 1), show(got.value, SHOW_LIMIT + 1)
    if len(want) <= SHOW_LIMIT and len(have) <= SHOW_LIMIT:
        lines += [f"  expected: {want}", f"  got:      {have}"]
    difference = _named_difference(task.returns, expected.value, got.value) or (
        describe_difference(expected.value, got.value, items=task.items)
    )
    if not lines or difference != f"expected {want}, got {have}":
        lines.append(f"  {difference}")
    if _first_numpy(got.value) and not _first_numpy(expected.value):
        lines.append(f"  {_numpy_advice(got.value)}")
    return "\n".join(lines)


_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def _named_difference(names: tuple[str, ...], want: Any, have: Any) -> str:
    """How a returned tuple differs, each element that does by the statement's name for it
    (:attr:`Task.returns`), a set by the values it holds or lacks; ``''`` where the value is not
    such a tuple (then :func:`describe_difference` says how it differs).

    >>> print(_named_difference(("placed", "aside"), ({1, 2}, [3]), ({1, 2, 13}, [4])))
    placed (the first of the pair) holds 13, which it should not
      aside (the second of the pair), element 0: expected 3, got 4
    >>> _named_difference(("placed", "aside"), ({1}, []), [{1}, []])
    ''

    A list of such tuples (a pair a game) names the first element that differs, then its part.

    >>> _named_difference(("without", "with"), [(7, 5), (6, 4)], [(7, 5), (6, 2)])
    'element 1: with (the second of the pair): expected 4, got 2'
    """
    if names and type(want) is type(have) is list and len(want) == len(have):
        for index, (wanted, had) in enumerate(zip(want, have, strict=True)):
            if not same(wanted, had):
                inner = _named_difference(names, wanted, had) if type(wanted) is tuple else ""
                return f"element {index}: {inner}" if inner else ""
        return ""
    if not names or not (type(want) is type(have) is tuple and len(want) == len(have)):
        return ""
    if len(names) != len(want) or len(want) > len(_ORDINALS):
        return ""
    whole = "pair" if len(want) == 2 else f"{len(want)} results"
    lines = []
    for index, (name, wanted, had) in enumerate(zip(names, want, have, strict=True)):
        if same(wanted, had):
            continue
        label = f"{name} (the {_ORDINALS[index]} of the {whole})"
        lines.append(_set_said(label, wanted, had) or describe_difference(wanted, had, label))
    return "\n  ".join(lines)


def _set_said(label: str, wanted: Any, had: Any) -> str:
    """A set that differs from the one expected (of the same type), by what it holds that it
    should not and what it lacks, or else by the elements equal to the expected ones but of
    another type; ``''`` for another value (or a set whose difference is none of those).

    >>> _set_said("placed", {6, 7}, {6, 7, 8})
    'placed holds 8, which it should not'
    >>> _set_said("placed", {6, 7}, set(range(52)))
    'placed holds 0, 1, 2, 3, 4 and 45 more, which it should not'
    >>> _set_said("placed", {6, 7}, {6.0, 7.0})
    'placed holds 6.0, a float, where 6 is expected (and 1 more element of another type)'
    """
    if not (type(wanted) is type(had) and isinstance(wanted, (set, frozenset))):
        return ""
    extra = [value for value in had if value not in wanted]
    missing = [value for value in wanted if value not in had]
    said = [f"holds {_first_few(extra)}, which it should not"] * bool(extra)
    said += [f"lacks {_first_few(missing)}"] * bool(missing)
    said = said or [_retyped(wanted, had)] * bool(_retyped(wanted, had))
    return f"{label} {' and '.join(said)}" if said else ""


def _retyped(wanted: set[Any] | frozenset[Any], had: set[Any] | frozenset[Any]) -> str:
    """The elements of ``had`` equal to one of ``wanted`` but not of its type (``6.0`` where
    ``6`` is expected, which ``in`` does not tell apart); ``''`` where there is none.

    >>> _retyped({1, 2, 3}, {1, 2.0, 3})
    'holds 2.0, a float, where 2 is expected'
    >>> _retyped({True}, {1})
    'holds 1, an int, where True is expected'
    """
    twin_of = {value: value for value in wanted}
    pairs = [(value, twin_of[value]) for value in had
             if value in twin_of and type(value) is not type(twin_of[value])]  # fmt: skip
    if not pairs:
        return ""
    twin, value = _in_order([(twin, value) for value, twin in pairs])[0]
    others = len(pairs) - 1
    more = f" (and {others} more element{'s' * (others > 1)} of another type)" * bool(others)
    shown, expected = show(value, 200), show(twin, 200)
    return f"holds {shown}, {type_name(value)}, where {expected} is expected{more}"


def _numpy_advice(value: Any) -> str:
    """Where a result holds numpy values, what they are and how to make them plain: the
    value itself, or the items of the list (or tuple) it returned.

    >>> import numpy
    >>> print(_numpy_advice(plain(numpy.int64(3))))
    it returned a numpy.int64, not a Python int: convert it with int() before returning it
    >>> print(_numpy_advice(plain([numpy.int64(3), numpy.int64(4)])))
    it returned a list whose items are numpy.int64, not Python ints: convert the array with \
.tolist() (or each item with int()) before returning it
    >>> print(_numpy_advice(plain((0.0, numpy.float64(0.5)))))
    it returned a tuple whose items are numpy.float64, not Python floats: convert each item with \
float() before returning it
    >>> print(_numpy_advice(plain([[1.5, numpy.float64(2.0)]])))
    it returned a list holding numpy.float64 values deeper inside, not Python floats: convert \
each array with .tolist() (or each number with float()) before returning it
    """
    kind, depth = _first_numpy(value) or ("", 0)
    python_type, convert = _PYTHON_TWINS.get(kind, ("value", ".item()"))
    if depth == 0:
        return (
            f"it returned a numpy.{kind}, not a Python {python_type}: convert it with "
            f"{convert} before returning it"
        )
    container = type(value).__name__
    if depth == 1 and container == "tuple":  # a pair of numbers (wilson_interval's): no array
        return (
            f"it returned a tuple whose items are numpy.{kind}, not Python {python_type}s: "
            f"convert each item with {convert} before returning it"
        )
    if depth == 1:
        return (
            f"it returned a {container} whose items are numpy.{kind}, not Python {python_type}s: "
            f"convert the array with .tolist() (or each item with {convert}) before returning it"
        )
    return (
        f"it returned a {container} holding numpy.{kind} values deeper inside, not Python "
        f"{python_type}s: convert each array with .tolist() (or each number with {convert}) "
        "before returning it"
    )


#: The Python type that stands for each kind of numpy value, and how to convert to it.
_PYTHON_TWINS = {
    "ndarray": ("list", ".tolist()"),
    "bool": ("bool", "bool()"),
    **{f"{sign}int{bits}": ("int", "int()") for sign in ("", "u") for bits in (8, 16, 32, 64)},
    **{f"float{bits}": ("float", "float()") for bits in (16, 32, 64)},
}


def _numpy_where_none_is_due(want: Any, have: Any) -> bool:
    """Does the answer hold numpy values where the reference holds none? They come back as
    markers that name their type, not their values (:class:`plain.Unplain`): the report names
    them and how to convert them (:func:`_numpy_advice`), and a hint about a value, whose test
    cannot read them, is not shown (held-out 12a: numpy floats that were the right shares were
    told that p[nb_cartes] is 1).

    >>> import numpy
    >>> _numpy_where_none_is_due([0.5, 1.0], plain([numpy.float64(0.5), numpy.float64(1.0)]))
    True
    >>> _numpy_where_none_is_due([0.5, 1.0], [0.5, 0.9])
    False
    """
    return bool(_first_numpy(have)) and not _first_numpy(want)


def _first_numpy(value: Any, depth: int = 0) -> tuple[str, int] | None:
    """The kind of the first numpy value in a result (``'float64'``) and how many lists (or
    tuples) deep it lies, or ``None`` where there is none.

    >>> import numpy
    >>> _first_numpy(plain([1, numpy.float64(2.0)])), _first_numpy(plain([1, 2.0]))
    (('float64', 1), None)
    """
    if isinstance(value, Unplain):
        match = re.match(r"a numpy\.(\w+)", value.description)
        return (match[1], depth) if match else None
    if depth < 3 and type(value) in (list, tuple):
        return next((k for item in value[:100] if (k := _first_numpy(item, depth + 1))), None)
    return None


def _shown(value: Any) -> str:
    return show(value, SHOW_LIMIT)


def _output_problem(expected: Outcome, got: Outcome, compare: str) -> str:
    # Where the value is compared too ("both"), returning it is right: only the printing differs.
    if not got.stdout and got.value is not None and compare == "stdout":
        return f"  it returned {_shown(got.value)} instead of printing"
    printed = own_words_aligned(expected.stdout, got.stdout)  # the first real difference shown
    return "  printed output, " + describe_difference(expected.stdout, printed)


# --- An answer that depends on the calls before it ------------------------------------------------

#: Seconds that each of the two runs which look for an answer kept from call to call may take
#: (:func:`kept_between_calls_hint`): the simplest failing case, run once or twice.
KEPT_STATE_SECONDS = 5.0
#: What a default argument of each mutable type looks like in a ``def`` line.
_EMPTY_DEFAULTS: dict[type, str] = {list: "[]", dict: "{}", set: "set()"}


def kept_between_calls_hint(
    task: Task,
    function: Function,
    case: Case,
    expected: Outcome,
    got: Outcome,
    start: str,
    written: Function | None = None,
) -> str:
    """The hint on a failing case whose answer depends on the calls made before it (a default
    argument ``counts={}``, a global dict that each call adds to), or ``''``: ``function`` (the
    student's, prepared: ``written`` is the one they wrote, whose code names what it keeps) is
    run on ``case`` twice in a row in a new worker (``start``: how), and once more in another.
    It is said where the first answer of both runs is the same (the function does not draw at
    random by itself) and either the second differs from it, or the first is right (``got``,
    the check's own run of the case, after the other cases, was not).

    >>> def tally(n, counts={}):
    ...     counts[n] = counts.get(n, 0) + 1
    ...     return counts[n]
    >>> task = Task("tally", lambda n: 1, [Case((1,))])
    >>> print(kept_between_calls_hint(task, tally, Case((1,)), Outcome("ok", 1),
    ...                               Outcome("ok", 3), "fork"))  # doctest: +NORMALIZE_WHITESPACE
    Called twice in a row, tally(1) gives two different answers, the first one right: each call
    leaves something behind for the next. Its default argument counts={} is made once, when def
    runs, and kept from call to call: give it the default None, and make a new {} in the call
    when it is None.
    """
    if got.status not in ("ok", "raised") or got.kind == FINDING:
        return ""
    written = function if written is None else written
    seconds = min(task.time_limit, KEPT_STATE_SECONDS)
    first, again = run_cases(function, [case, case], seconds, seconds, start=start)
    if any(outcome.status not in ("ok", "raised") for outcome in (first, again)):
        return ""  # stopped, or it ended its process: nothing to compare
    right = passes(task, case, expected, first)
    differs = not _same_outcome(task, case, first, again)
    if not differs and not right:
        return ""  # the same answer every time, wrong from the first call: not a matter of history
    alone = run_cases(function, [case], seconds, seconds, start=start)[0]
    if not _same_outcome(task, case, first, alone):
        return ""  # it draws at random by itself, or it failed to run: not a matter of history
    call = task.call_of(case, labelled=False)
    if differs:
        said = f"Called twice in a row, {call} gives two different answers"
        said += _FIRST_RIGHT if right else ""
        return f"{said}: each call leaves something behind for the next. {_what_is_kept(written)}"
    return (
        f"{_RIGHT_ON_ITS_OWN}{call} gives the right answer, but another after the check's other "
        "calls: each call leaves something behind for the ones after it. "
        f"{_what_is_kept(written, cached=True)}"
    )


#: The words of :func:`kept_between_calls_hint` that say the first call on its own is right.
_FIRST_RIGHT = ", the first one right"
_RIGHT_ON_ITS_OWN = "Called on its own, "


def _right_on_its_own(kept: str) -> bool:
    """Does the hint on an answer kept from call to call say the function is right on a first
    call? Then that is its whole mistake, and no other hint follows: the task's hints read an
    answer the earlier calls changed (held-out 15a, cl_cached_shared_default: 02's cards_left
    adding to SEVENS was also told of the rounds played).

    >>> _right_on_its_own("Called twice in a row, f(1) gives two different answers, the first "
    ...                   "one right: ...")
    True
    >>> _right_on_its_own("Called twice in a row, f(1) gives two different answers: ...")
    False
    """
    return kept.startswith(_RIGHT_ON_ITS_OWN) or _FIRST_RIGHT in kept.split(":")[0]


def _same_outcome(task: Task, case: Case, one: Outcome, other: Outcome) -> bool:
    """Did two runs of the student's function on ``case`` do the same (as the check reads it)?"""
    one, other = _judged(task, [case, case], [one, other])
    said = (one.status, one.error, one.mutated, one.changed)
    if said != (other.status, other.error, other.mutated, other.changed):
        return False
    return one.status != "ok" or same(task.result(one), task.result(other))


def _what_is_kept(function: Function, cached: bool = False) -> str:
    """What a function keeps from call to call, by name where its code shows it: a default
    argument that is a list, dict or set, or else a global one of these (or a generator) that
    it uses. Where its code shows neither, the usual ones are named: a cache among them where
    the answer differs only after calls with other arguments (``cached``).

    >>> print(_what_is_kept(lambda stack, aside=[]: aside))  # doctest: +NORMALIZE_WHITESPACE
    Its default argument aside=[] is made once, when def runs, and kept from call to call: give
    it the default None, and make a new [] in the call when it is None.
    """
    shared = _mutable_class_attributes(function)
    if shared:
        name, kind = shared[0]
        made = _EMPTY_DEFAULTS[kind]
        return (
            f"Its class attribute {name} = {made} is one {kind.__name__} for every "
            f"{function.__name__}, made once, when the class body runs, and kept from call to "
            f"call: make a new one for each object, in __init__ (self.{name} = {made})."
        )
    defaults = _mutable_defaults(function)
    if defaults:
        shown = ", ".join(f"{name}={_EMPTY_DEFAULTS[kind]}" for name, kind in defaults)
        one = len(defaults) == 1
        made = _EMPTY_DEFAULTS[defaults[0][1]] if one else "one"
        return (
            f"Its default argument{'' if one else 's'} {shown} {'is' if one else 'are'} made "
            f"once, when def runs, and kept from call to call: give {'it' if one else 'each'} "
            f"the default None, and make a new {made} in the call when it is None."
        )
    held = _globals_used(function)
    drawn = [name for name, kind in held if kind == "Random"]
    if drawn:
        return (
            f"It draws from {drawn[0]}, a random.Random made once, when its cell ran, whose "
            "draws go on from call to call (random.seed does not reset it)."
        )
    if held:
        shown = ", ".join(f"{name} (a {kind})" for name, kind in held)
        return (
            f"It uses {shown}, made once, when its cell ran: what a call changes there is kept "
            "for the calls after it. Make what it changes in the call instead (a local variable)."
        )
    cache = ", or a cache whose key leaves out an argument" if cached else ""
    return (
        "Something is kept from call to call: a default argument such as xs=[] (made once, when "
        "def runs), a global list, dict or set that it (or a function it calls) changes"
        f"{cache}: make what it changes in each call."
    )


def _mutable_class_attributes(subject: Any) -> list[tuple[str, type]]:
    """The attributes of a class (the subject of a task about its methods, 05's ``CardPile``)
    that are a list, dict or set in its body, shared by all its objects, as its code names them
    (``__items``, not ``_CardPile__items``).

    >>> class CardPile:
    ...     __items = []
    >>> _mutable_class_attributes(CardPile)
    [('__items', <class 'list'>)]
    """
    if not isinstance(subject, type):
        return []
    mangled = f"_{subject.__name__.lstrip('_')}__"
    return [(name.replace(mangled, "__", 1) if name.startswith(mangled) else name, kind)
            for name, value in vars(subject).items() for kind in _EMPTY_DEFAULTS
            if isinstance(value, kind) and not name.startswith("__")]  # fmt: skip


def _mutable_defaults(function: Function) -> list[tuple[str, type]]:
    """The parameters of ``function`` whose default is a list, dict or set, with that type."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return []
    return [(p.name, kind) for p in parameters for kind in _EMPTY_DEFAULTS
            if isinstance(p.default, kind)]  # fmt: skip


def _globals_used(function: Function) -> list[tuple[str, str]]:
    """The globals that ``function``'s code names (its nested code too) and that hold a list,
    dict, set or a ``random.Random``, each with its type's name: those its code changes
    (:func:`_changed_in`) where it changes any, else all of them (the notebook's constants too,
    ``SUITS``: its code may change one through another name).

    >>> DECK, SUITS = [3, 1, 2], ["C", "D"]
    >>> def shuffled(s):
    ...     random.seed(s)
    ...     random.shuffle(DECK)
    ...     return [(suit, card) for suit in SUITS for card in DECK]
    >>> _globals_used(shuffled)
    [('DECK', 'list')]
    """
    code, namespace = getattr(function, "__code__", None), getattr(function, "__globals__", None)
    if not isinstance(code, types.CodeType) or type(namespace) is not dict:
        return []
    names, changed, codes = set[str](), set[str](), [code]
    while codes:
        code = codes.pop()
        names |= set(code.co_names)
        changed |= _changed_in(code)
        codes += [const for const in code.co_consts if isinstance(const, types.CodeType)]
    kinds = (*_EMPTY_DEFAULTS, random.Random)
    held = [(name, type(namespace[name]).__name__) for name in sorted(names)
            if name in namespace and isinstance(namespace[name], kinds)]  # fmt: skip
    return [(name, kind) for name, kind in held if name in changed] or held


#: Methods that change the list, dict or set they are called on, or the ``random.Random`` they
#: draw from.
_CHANGING_METHODS = frozenset({
    "append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse", "update",
    "setdefault", "popitem", "add", "discard", "difference_update", "intersection_update",
    "symmetric_difference_update", "random", "randint", "randrange", "choice", "choices",
    "sample", "shuffle", "uniform", "gauss", "getrandbits",
})  # fmt: skip
#: Functions that change the list given as their first argument.
_CHANGING_CALLS = frozenset({
    "shuffle", "heappush", "heappop", "heapify", "heapreplace", "heappushpop",
})  # fmt: skip
#: Instructions that push nothing and leave the rest of the stack as it was, or that change
#: nothing on it that :func:`_changed_in` follows.
_STACK_KEPT = frozenset({"NOP", "RESUME", "PRECALL", "KW_NAMES", "EXTENDED_ARG", "CACHE"})
#: Instructions that push nothing (they store, pop, jump or leave the function).
_PUSH_NOTHING = ("STORE_", "DELETE_", "POP_", "RETURN_", "RAISE_", "RERAISE", "JUMP", "LIST_",
                 "SET_ADD", "MAP_ADD", "DICT_", "PRINT_EXPR")  # fmt: skip


def _changed_in(code: types.CodeType) -> set[str]:
    """The global names that ``code`` itself (not its nested code) plainly changes: one it
    rebinds (``global``), calls a changing method on (``COUNTS.update``, ``PILES[0].append``),
    stores into or deletes from (``COUNTS[k] = v``, ``GRID[i][j] += 1``), or passes first to
    ``shuffle`` or a ``heapq`` function, or a generator it draws from (``rng.shuffle``). It
    follows the stack, instruction by instruction (:func:`_stack_step`): a global, or what a
    subscript or an attribute reaches in it, is changed where a store or a changing method
    finds it in the place of the container, not where it is only read on the way
    (``out[k] = SUITS[0]`` changes ``out``, not ``SUITS``; review 21, M8).

    >>> def play(card):
    ...     COUNTS[card] = COUNTS.get(card, 0) + 1
    ...     PILES[0].append(card)
    ...     RNG.shuffle(DECK)
    ...     GRID[0][card] += 1
    ...     SEEN[card] += 1
    ...     return len(SUITS)
    >>> sorted(_changed_in(play.__code__))
    ['COUNTS', 'DECK', 'GRID', 'PILES', 'RNG', 'SEEN']
    >>> def copy_first(out, k):
    ...     out[k] = SUITS[0] * 2
    >>> _changed_in(copy_first.__code__)
    set()
    """
    found, stack, before = set[str](), list[str | None](), None
    for instruction in dis.get_instructions(code):
        if instruction.is_jump_target:
            stack = []  # another way in: what the stack holds here is not followed
        if instruction.opname == "STORE_GLOBAL":
            found.add(instruction.argval)
        if instruction.opname == "LOAD_GLOBAL" and before in _CHANGING_CALLS:
            found.add(instruction.argval)
        _stack_step(instruction, stack, found)
        before = instruction.argval
    return found


def _stack_step(instruction: dis.Instruction, stack: list[str | None], found: set[str]) -> None:
    """Follow one instruction on ``stack``: each slot holds the name of the global it holds
    (or holds something of, reached by a subscript or an attribute), or ``None``; a global in
    the place of the container of a store, a delete or a changing method goes into ``found``.

    >>> def store(k, v):
    ...     X[k] = v
    >>> stack, found = [], set()
    >>> for step in dis.get_instructions(store):
    ...     _stack_step(step, stack, found)
    >>> found
    {'X'}
    """
    name, value = instruction.opname, instruction.argval
    top = stack[-1] if stack else None
    subscript = name == "BINARY_SUBSCR" or (name == "BINARY_OP" and instruction.argrepr == "[]")
    if name in ("STORE_SUBSCR", "DELETE_SUBSCR") and len(stack) >= 2 and stack[-2]:
        found.add(stack[-2])
    if name in ("LOAD_METHOD", "LOAD_ATTR") and top and value in _CHANGING_METHODS:
        found.add(top)
    if name in ("COPY", "SWAP") and isinstance(instruction.arg, int) and instruction.arg:
        if len(stack) < instruction.arg:
            stack[:0] = [None] * (instruction.arg - len(stack))
        if name == "COPY":
            stack.append(stack[-instruction.arg])
        else:
            stack[-1], stack[-instruction.arg] = stack[-instruction.arg], stack[-1]
        return
    try:
        effect = dis.stack_effect(instruction.opcode, instruction.arg, jump=False)
    except ValueError:
        effect = 0
    if name in _STACK_KEPT:
        return
    if name == "LOAD_GLOBAL":
        stack += [None] * (effect - 1) + [value]
        return
    if name in ("LOAD_METHOD", "LOAD_ATTR") or subscript:
        held = stack[-2] if subscript and len(stack) >= 2 else top
        del stack[max(len(stack) - (2 if subscript else 1), 0) :]
        stack += [held] * ((1 if subscript else 1 + effect) if held else 0)
        stack += [None] * ((1 if subscript else 1 + effect) if not held else 0)
        return
    pushes = 0 if name.startswith(_PUSH_NOTHING) else max(effect, 1)
    del stack[max(len(stack) - (pushes - effect), 0) :]
    stack += [None] * pushes


class CheckUsageError(Exception):
    """A check called wrongly (a name no task has, something that is not a function): said as
    it is, a sentence for the student."""


class UnknownTask(CheckUsageError, ValueError):
    """No task of the checker has the name given."""


class NotAFunction(CheckUsageError, TypeError):
    """What was handed in cannot be called."""


#: What a check interrupted with Ctrl-C says: its processes are gone with it, unless its cases
#: ran in a thread of the notebook (``SOLITAIRE_CHECK_THREADS=1``), which cannot be stopped.
_INTERRUPTED = "Check interrupted: it was stopped, and no process of it is left running."
_INTERRUPTED_IN_A_THREAD = (
    "Check interrupted, but your function may still be running in a thread of the notebook, "
    "which cannot be stopped (SOLITAIRE_CHECK_THREADS=1): restart the kernel if it goes on."
)


# --- The checker ----------------------------------------------------------------------------------


class Checker:
    """Checks students' functions against the tasks of one notebook.

    ``check(function)`` prints the report; :meth:`run` returns it (for tests). After a failed
    check, ``check.last_failure.call(function)`` re-runs the failing call in the notebook.
    """

    def __init__(self, tasks: Iterable[Task], module: str | None = None) -> None:
        self.tasks = {task.name: task for task in tasks}
        self.last_failure: LastFailure | None = None
        #: The module that defines this checker, where a separate judge process finds it again.
        self.module = module or sys._getframe(1).f_globals.get("__name__", "")
        if _HIDING:  # made in a student's run: its module's names of the answers too
            hide_answers()

    def run(self, function: Function, task: str | None = None, seed: int | None = None) -> Report:
        """The report on ``function`` (the task of its name, or ``task``). The drawn cases come
        from ``seed``, or from a seed chosen now, named in the report when one of them fails."""
        name = task or str(getattr(function, "__name__", "") or "")
        if name not in self.tasks:
            known = ", ".join(sorted(self.tasks))
            example = min(self.tasks)
            or_name_it = f"; or name the exercise: check(..., task={example!r})"
            if not name.isidentifier():  # a callable object (held-out 16b: score = _Scorer())
                what = "a lambda" if name == "<lambda>" else f"a {type(function).__name__} object"
                raise UnknownTask(
                    f"check needs a function defined with def (e.g. def {example}(...)), whose "
                    f"name tells which exercise it is: got {what}, which has no such name"
                    f"{or_name_it}. The exercises here are: {known}"
                )
            raise UnknownTask(
                f"no exercise called {name!r}{or_name_it}. The exercises here are: {known}"
            )
        if not callable(function):
            raise NotAFunction(f"check needs your function itself, e.g. check({name})")
        return self._run(function, self.tasks[name], seed)

    def __call__(
        self, function: Function, task: str | None = None, seed: int | None = None
    ) -> None:
        """Print the report (:meth:`run`); a check called wrongly, or that failed itself, says
        so in a sentence, never as a traceback (``SOLITAIRE_CHECK_TRACEBACK=1``: it raises)."""
        try:
            print(self.run(function, task, seed))
        except (CheckUsageError, CheckBroken) as error:
            print(error)
        except KeyboardInterrupt:
            print(_INTERRUPTED_IN_A_THREAD if start_method() == "thread" else _INTERRUPTED)
        except Exception as error:  # the check's own failure (a bug, no process, no judge)
            if os.environ.get("SOLITAIRE_CHECK_TRACEBACK") == "1":
                raise
            print(
                f"the check itself failed ({type(error).__name__}: "
                f"{printable(str(error), 300)}).\nThis is not a mistake of yours: tell your "
                "lecturer."
            )

    def _run(self, function: Function, task: Task, seed: int | None) -> Report:
        seed = secrets.randbelow(1_000_000) if seed is None else seed
        cases = task.all_cases(seed)
        method = start_method()
        # In a thread the student's code runs in this very process, which it may change: the
        # judgement is then made in a fresh one. Under spawn the reference runs first, so that no
        # spawned worker waits while the student's code runs (see isolation.WarmWorkers). Under
        # fork it runs after: a worker forked from a process that holds the expected outcomes
        # could read them (its call stack, gc) and hand them back as its own. The kept-state
        # hint forks new workers after the judgement: only the shown case's outcome (which the
        # report prints anyway) is still held then (``del expected`` below).
        contained = method != "thread"
        expected = expected_outcomes(task, cases) if method == "spawn" else None
        students = task.prepared(handed_in(function, task.name))
        got = run_cases(students, cases, task.time_limit, task.total_time_limit, start=method)
        if method == "fork":
            expected = expected_outcomes(task, cases)
        if contained:
            report, shown = judge(task, cases, got, expected)
        else:
            report, shown = judge_elsewhere(self, task, got, seed)
        if contained and shown is not None and "from call to call" not in report.problem:
            due = cast(list[Outcome], expected)[shown]
            del expected  # no worker the hint forks may find the other cases' answers (gc)
            kept = kept_between_calls_hint(task, students, cases[shown], due, got[shown], method,
                                           written=function)  # fmt: skip
            if kept:  # said first: the other hints read answers that the earlier calls changed
                about_kept = any(h.kept_state and h.text in (report.hint or "") for h in task.hints)
                report.hint = kept if _right_on_its_own(kept) and not about_kept else (
                    kept + (f"\nHint: {report.hint}" if report.hint else ""))  # fmt: skip
        report.drawn = len(cases) - len(task.fixed_cases())
        if shown is not None and shown >= len(task.fixed_cases()):
            report.drawn_seed = seed
        if shown is None:
            self.last_failure = None
            report.missing_docstring = task.needs_docstring and not has_docstring(function)
        else:
            # The task's own adapter calls the function as the check did (a class's method, a
            # file to write, a seed): "Run it yourself" then re-runs the very call shown.
            self.last_failure = LastFailure(task.name, cases[shown], own_adapter(task.adapter))
        return report


def expected_outcomes(task: Task, cases: list[Case]) -> list[Outcome]:
    """The reference's outcomes on the cases, run contained as well (with ten times the time)."""
    return run_cases(
        task.prepared(task.reference),
        cases,
        task.time_limit * 10,
        task.total_time_limit * 10,
        trusted=True,
    )


def judge(
    task: Task, cases: list[Case], got: list[Outcome], expected: list[Outcome] | None = None
) -> tuple[Report, int | None]:
    """The report on the student's outcomes ``got`` (one per case), and the index of the case it
    shows (``None`` when every case passed). The reference runs here, unless its ``expected``
    outcomes are given (the class grader runs it once for a whole class)."""
    if expected is None:
        expected = expected_outcomes(task, cases)
    broken = _reference_failure(task, cases, expected)
    if broken:
        raise CheckBroken(broken)
    expected, got = _judged(task, cases, expected), _judged(task, cases, got)
    failing = [i for i in range(len(cases)) if problem_with(task, expected[i], got[i], cases[i])]
    if not failing:
        return Report(task.name, len(cases), len(cases)), None
    ran = [i for i in failing if got[i].status != "not run"] or failing
    # A fixed case is shown when one fails (the same case on every check); a drawn one only when
    # no fixed case fails.
    fixed = len(task.fixed_cases()) if task.drawn else len(cases)
    shown = min([i for i in ran if i < fixed] or ran, key=lambda i: task.simplicity(cases[i]))
    report = Report(
        task.name,
        len(cases) - len(failing),
        len(cases),
        task.call_of(cases[shown], _label_fits(task, got[shown])),
        (problem_with(task, expected[shown], got[shown], cases[shown]) or "")
        + _explanation(task, cases[shown], expected[shown], got[shown]),
        _hint_for(task, [(cases[i], expected[i], got[i]) for i in _shown_first(failing, shown)]),
        _notes(task, cases, expected, got, failing, shown),
        subject=task.subject,
    )
    return report, shown


class CheckBroken(RuntimeError):
    """The check itself failed (its own reference did not answer a case): no report on the
    student's function can be made, and saying one would blame them for the check's fault."""


def _reference_failure(task: Task, cases: list[Case], expected: list[Outcome]) -> str:
    """What to say where the reference's own run failed on a case (it raised an error that is
    no answer of the task, ran out of time, ended its process), or ``''``: every answer of the
    student's would be judged against nothing, so the fault is the check's, said as such.

    >>> task = Task("double", lambda x: 2 * x, [], time_limit=1)
    >>> print(_reference_failure(task, [Case((3,))], [Outcome("timeout")]))
    the check itself failed on case double(3): its own answer did not finish within 10 seconds.
    This is not a mistake of yours: tell your lecturer.
    >>> _reference_failure(task, [Case((3,))], [Outcome("ok", 6)])
    ''
    """
    for case, outcome in zip(cases, expected, strict=True):
        if outcome.status == "ok" or task.raises_as_answer(outcome):
            continue
        if outcome.status == "timeout":
            seconds = 10 * min(task.time_limit, task.total_time_limit)
            what = f"did not finish within {seconds:g} seconds"
        elif outcome.status == "raised":
            what = f"raised {outcome.error}"
        else:
            what = f"did not answer ({outcome.status}: {outcome.error or 'no reason given'})"
        return (
            f"the check itself failed on case {task.call_of(case, labelled=False)}: its own "
            f"answer {what}.\nThis is not a mistake of yours: tell your lecturer."
        )
    return ""


def _label_fits(task: Task, got: Outcome) -> bool:
    """Is a case's label shown beside this outcome (see :attr:`Task.labels_for_answers`)?"""
    return not task.labels_for_answers or (got.status == "ok" and not got.mutated)


def passes(task: Task, case: Case, expected: Outcome, got: Outcome) -> bool:
    """Does one outcome pass, as :func:`judge` would find it (so the class grader can judge
    each case as it arrives, and keep only what fails)?"""
    want, have = _judged(task, [case, case], [expected, got])
    return problem_with(task, want, have) is None


def _judged(task: Task, cases: list[Case], outcomes: list[Outcome]) -> list[Outcome]:
    """The outcomes with each returned value replaced by its verdict (see :class:`Task`)."""
    if task.verdict is None:
        return outcomes
    return [
        _with_verdict(task.verdict, case, outcome)
        for case, outcome in zip(cases, outcomes, strict=True)
    ]


def _with_verdict(verdict: Callable[[Case, Any], Any], case: Case, outcome: Outcome) -> Outcome:
    if outcome.status != "ok":
        return outcome
    try:
        value = verdict(case, outcome.value)
    except Exception:  # the value is the student's: anything may come back
        value = f"an answer the check cannot read: {show(outcome.value, 200)}"
    return dataclasses.replace(outcome, value=value)


def judge_elsewhere(
    checker: Checker, task: Task, got: list[Outcome], seed: int | None = None
) -> tuple[Report, int | None]:
    """:func:`judge` in a new Python process (``python -m solitaire_lib.grading.judge``), which
    finds the checker again by its module (and draws the same cases from ``seed``). The outcomes
    cross as plain data."""
    request = {
        "module": checker.module,
        "task": task.name,
        "seed": seed,
        "got": [outcome_frame(o) for o in got],
    }
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    answer = subprocess.run(
        [sys.executable, "-m", "solitaire_lib.grading.judge"],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        env=environment,
        timeout=10 * task.total_time_limit + 60,
        check=False,
    )
    if answer.returncode != 0:
        raise RuntimeError(f"the judge process failed: {answer.stderr.strip()[-500:]}")
    result = json.loads(answer.stdout)
    report = result["report"]
    return Report(**{**report, "notes": tuple(report["notes"])}), result["shown"]


def _shown_first(failing: list[int], shown: int) -> list[int]:
    """The failing cases' indexes, the case shown first.

    >>> _shown_first([2, 5, 7], 5)
    [5, 2, 7]
    """
    return [shown, *(i for i in failing if i != shown)]


#: At most this many hints in a report, each for the cases it explains.
MOST_HINTS = 2


def _hint_for(task: Task, failures: list[tuple[Case, Outcome, Outcome]]) -> str:
    """The first hint that explains every failing case that answered (a hint about one case may
    mislead). A case that raised or ran out of time does not withhold it: the error is shown,
    and the answers of the others may still show the mistake. A hint with ``errors`` must
    explain the cases that raised too; a hint with ``one_case`` needs one case that shows it.
    ``failures`` starts with the case the report shows.

    Where no hint explains them all, but two together do (two mistakes, each seen in some cases),
    both are given, each with the case it explains (:func:`_hints_by_case`).

    Where the case shown failed on a helper of the student's ("fix une_etape_reussite first"), no
    hint is given: another case may have got past the calls of the helper that are compared
    (:attr:`HelperReference.first_calls`) and show the helper's mistake as this function's."""
    if failures and _helper_problem(task, failures[0][2]) is not None:
        return ""
    if failures and all(got.status in ("timeout", "not run") for _, _, got in failures):
        return task.slow_hint  # right wherever it finished, but too slow: say why it may be
    answered = [f for f in failures if f[2].status == "ok" or task.raises_as_answer(f[2])]
    raised = [f for f in failures if f[2].status == "raised" and not task.raises_as_answer(f[2])]
    for hint in task.hints:
        explained = [*answered, *raised] if hint.errors else answered
        shown_by = any if hint.one_case else all
        if explained and shown_by(_applies(hint, task, *failure) for failure in explained):
            return hint.text
    return _hints_by_case(task, failures[0], answered)


def _hints_by_case(
    task: Task, shown: tuple[Case, Outcome, Outcome], answered: list[tuple[Case, Outcome, Outcome]]
) -> str:
    """Hints that together explain every failing case that answered, each given with a case it
    explains: the hint of the case shown first, unlabelled (it follows that case in the report),
    then the one of the first case left, labelled ("Hint for the text's 7♣ example: ..."), a case
    of the lesson before the others. ``''`` when more than :data:`MOST_HINTS` would be needed,
    or a case is left that no hint explains: no hint is then better than one that may mislead.
    """
    labelled = sorted(answered, key=lambda failure: (failure is not shown, not failure[0].label))
    left, given = labelled, list[str]()
    while left and len(given) < MOST_HINTS:
        case = left[0]
        hint = next((h for h in task.hints if _applies(h, task, *case)), None)
        if hint is None:
            return ""
        given.append(hint.text if case is shown else f"Hint for {_case_named(task, case[0])}: "
                     f"{hint.text}")  # fmt: skip
        left = [failure for failure in left if not _applies(hint, task, *failure)]
    return "" if left or not given else "\n".join(given)


def _case_named(task: Task, case: Case) -> str:
    """A case as a hint names it: its label ("the text's 7♣ example"), or its call."""
    return case.label or task.call_of(case)


def _explanation(task: Task, case: Case, expected: Outcome, got: Outcome) -> str:
    """The task's words on the part of the answer that differs (a new line), or ``''``."""
    if task.explain is None or got.status != "ok" or expected.status != "ok":
        return ""
    try:
        text = task.explain(case, task.result(expected), task.result(got))
    except Exception:  # the answer is the student's: anything may come back
        return ""
    return f"\n  ({text})" if text else ""


def _applies(hint: Hint, task: Task, case: Case, expected: Outcome, got: Outcome) -> bool:
    try:
        if got.status == "raised" and not task.raises_as_answer(got):
            return hint.errors and bool(hint.applies(case, task.result(expected), got.error))
        if task.compare == "return" and same(task.result(expected), task.result(got)):
            return False  # the value is right (it printed, or changed its input): not its mistake
        if not hint.types and same_but_for_types(task.result(expected), task.result(got)):
            return False  # only a type differs, and the report says which: no hint of a value
        if not hint.types and _numpy_where_none_is_due(task.result(expected), task.result(got)):
            return False  # numpy numbers come back without their values: no hint can read them
        return bool(hint.applies(case, task.result(expected), task.result(got)))
    except Exception:  # a hint's test that does not fit this result does not apply
        return False


def _notes(
    task: Task,
    cases: list[Case],
    expected: list[Outcome],
    got: list[Outcome],
    failing: list[int],
    shown: int,
) -> tuple[str, ...]:
    notes = []
    not_run = sum(outcome.status == "not run" for outcome in got)
    if not_run:
        notes.append(
            f"  The check stopped at its time limit ({task.total_time_limit:g} s for all the "
            f"cases together): {not_run} of {len(cases)} cases were not run."
        )
    ran = [i for i in failing if got[i].status != "not run"]  # only cases that ran fail
    if len(ran) > 1:
        simplest = min(ran, key=lambda i: task.simplicity(cases[i]))
        which = "the smallest" if simplest == shown else "the smallest of the fixed ones"
        notes.append(f"  ({len(ran)} cases fail; this is {which})")
    examples = [i for i in ran if cases[i].label and i != shown and _label_fits(task, got[i])]
    if examples:
        notes.append(f"  It also fails {task.call_of(cases[examples[0]])}")
    answers = [task.result(g) for g in got if g.status == "ok"]
    wanted = [task.result(e) for e in expected if e.status == "ok"]
    constant = len(answers) == len(cases) >= 3 and all(same(a, answers[0]) for a in answers)
    if constant and not all(same(w, wanted[0]) for w in wanted):
        notes.append(_same_answer_note(task, cases[0], answers[0]))
    return tuple(notes)


def _same_answer_note(task: Task, case: Case, value: Any) -> str:
    """The note on an answer given for every case: the value, or its parts by name where the
    statement speaks of parts (:func:`_parts`), a part that is the verdict's sentence said as
    one (:func:`_says_sentences`).

    >>> task = Task("write", print, [], parts=("the deck",), verdict=lambda case, value: value)
    >>> print(_same_answer_note(task, Case(([1],)), (None, "the file is empty")))
      It gives the same answer for every case: it returned None; the deck: the file is empty.
    """
    parts = _parts(task, case, value)
    if parts is None:
        return f"  It gives the same answer, {_shown(value)}, for every case."
    (_, returned), *left = parts
    named = "".join(
        f"; {name}: {part if type(part) is str and _says_sentences(task) else _shown(part)}"
        for name, part in left
        if part is not None or not _says_sentences(task)  # None: a check with nothing to say
    )
    return f"  It gives the same answer for every case: it returned {_shown(returned)}{named}."
