"""Flags for the lecturer: notebooks that are one work, and the library's own answers.

A flag changes no points. It is evidence for the lecturer to read (``flags.txt``), never a
verdict, and never part of a student's feedback.

**The student's own code.** Each code cell is parsed, and each statement at its top level is
reduced to a normal form (:func:`normal_form`): comments, blank lines, docstrings and type
annotations are gone, and every name the statement binds (its function's name, arguments,
variables) is renamed in the order it first appears, so ``def f(deck): total = 0`` and
``def count(cards): n = 0`` read alike. Statements whose normal form is in the exercise notebook
itself (the template: imports, given helpers, ``check`` cells) are the lecturer's, not the
student's, and never evidence; bare expressions (a ``print`` to try something) are not work.
What is left is the student's work (:class:`Work`).

**Copies.** Notebooks whose work is the same, statement for statement in any order, are one work
(:func:`copy_groups`): byte copies, and copies with comments, blank lines or names changed.
Work smaller than :data:`MIN_WORK` nodes is never compared (a few lines can be written alike).
Notebooks whose *graded* functions (those the exercise notebook checks) are mostly the same are
flagged too, naming the tasks alike (:func:`alike_tasks`): each function is compared line by
line, every name it binds made one and the same, so a line added (``unused_ = 0``) or a name
changed hides no copy.

**The library's answers.** Work that imports the library beyond what the template imports (under
any name, or by a string given to ``importlib``), or that holds a function whose normal form is
one of the library's own functions (pasted), is flagged with the evidence.

>>> mine = "def count(cards):\\n    n = 0  # none yet\\n    return n + len(cards)"
>>> yours = "def f(deck: list) -> int:\\n    'Doc.'\\n\\n    total = 0\\n    return total+len(deck)"
>>> normal_form(mine) == normal_form(yours), normal_form(mine) == normal_form("def f(x): return x")
(True, False)
"""

from __future__ import annotations

import ast
import copy
import hashlib
import importlib
import inspect
import re
import sys
import types
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Code of a cell read for flags (a cell of the series is a few kB).
CELL_LIMIT = 200_000
#: What flags read of one notebook at most, in the grader's own process before anything runs:
#: characters of code parsed, code cells, statements reduced. The series' solutions have at most
#: 9,349 characters, 37 code cells and 43 statements; a notebook over a bound is read up to it,
#: the rest is compared by its text alone, searched for the library's name, and said to the
#: lecturer (:attr:`Work.cut`). No clock: a bound by time would flag one shard's notebook and
#: not another's.
NOTEBOOK_CODE_LIMIT, CELLS_LIMIT, STATEMENTS_LIMIT = 100_000, 1_000, 5_000
#: Nodes of student work below which it is never compared with another's (a few short lines).
MIN_WORK = 60
#: Nodes of a function below which it is never called the library's (a one-line wrapper).
MIN_PASTED = 25
LIBRARY = "solitaire_lib"
_MAGIC = re.compile(r"^\s*[%!].*$", re.MULTILINE)


class _Names(ast.NodeTransformer):
    """Renames the names a statement binds, in the order they first appear; strips docstrings
    and annotations."""

    def __init__(self, bound: set[str]) -> None:
        self.bound, self.names = bound, dict[str, str]()

    def rename(self, name: str) -> str:
        if name not in self.bound:
            return name
        return self.names.setdefault(name, f"v{len(self.names)}")

    def visit_Name(self, node: ast.Name) -> ast.AST:
        node.id = self.rename(node.id)
        return node

    def visit_arg(self, node: ast.arg) -> ast.AST:
        node.arg, node.annotation = self.rename(node.arg), None
        return node

    def _definition(self, node: Any) -> ast.AST:
        node.name = self.rename(node.name)
        if ast.get_docstring(node, clean=False) is not None:
            node.body = node.body[1:] or [ast.Pass()]
        if hasattr(node, "returns"):
            node.returns = None
        self.generic_visit(node)
        return node  # type: ignore[no-any-return]

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _definition

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        if node.value is None:
            return ast.Pass()
        assign = ast.Assign(targets=[node.target], value=node.value)
        return self.generic_visit(assign)


def _bound_names(tree: ast.AST) -> set[str]:
    """The names a statement binds: definitions, arguments, assigned names."""
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
    return bound


def normal_form(statement: ast.stmt | str) -> str:
    """A statement's normal form: names it binds renamed in order, comments, docstrings and
    annotations gone (the example is in the module's docstring)."""
    if isinstance(statement, str):
        statement = ast.parse(statement).body[0]
    tree = _Names(_bound_names(statement)).visit(copy.deepcopy(statement))
    return ast.dump(tree, annotate_fields=True, include_attributes=False)


def _statements(source: str) -> Iterator[ast.stmt]:
    """The top-level statements of a cell's code (IPython's ``%`` and ``!`` lines left out);
    none for code that does not parse, or is too large or too deep to read."""
    if len(source) > CELL_LIMIT:
        return
    try:
        tree = ast.parse(_MAGIC.sub("", source))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return
    yield from tree.body


def _size(form: str) -> int:
    return form.count("(")


def code_cells(book: Mapping[str, Any]) -> list[str]:
    """The source of each code cell of a notebook (as JSON data)."""
    cells = book.get("cells", []) if isinstance(book, Mapping) else []
    sources = []
    for cell in cells if isinstance(cells, list) else []:
        if isinstance(cell, Mapping) and cell.get("cell_type") == "code":
            source = cell.get("source", "")
            sources.append("".join(source) if isinstance(source, list) else str(source))
    return sources


@dataclass(frozen=True)
class Template:
    """The exercise notebook's own code: normal forms of its statements, and of its imports;
    its lines, stripped (what a search of code not read leaves out)."""

    forms: frozenset[str]
    imports: frozenset[str]
    lines: frozenset[str] = frozenset()
    tasks: frozenset[str] = frozenset()  #: the names it checks: ``check(deal)`` -> ``deal``

    @classmethod
    def of(cls, book: Mapping[str, Any]) -> Template:
        forms, imports, tasks = set(), set(), set()
        lines = {line.strip() for source in code_cells(book) for line in source.splitlines()}
        for source in code_cells(book):
            for statement in _statements(source):
                forms.add(normal_form(statement))
                for node in ast.walk(statement):
                    if isinstance(node, ast.Import | ast.ImportFrom):
                        imports.add(normal_form(node))
                    tasks.update(_checked(node))
        return cls(frozenset(forms), frozenset(imports), frozenset(lines), frozenset(tasks))


def _checked(node: ast.AST) -> list[str]:
    """The name a ``check(name, ...)`` call checks (none for another node)."""
    is_check = isinstance(node, ast.Call) and getattr(node.func, "id", None) == "check"
    if is_check and node.args and isinstance(node.args[0], ast.Name):  # type: ignore[attr-defined]
        return [node.args[0].id]  # type: ignore[attr-defined]
    return []


class _Anonymous(_Names):
    """Every name a statement binds becomes ``_``: two functions alike but for their names, or
    for a name added, read alike line by line."""

    def rename(self, name: str) -> str:
        return "_" if name in self.bound else name


#: The fields of a statement that hold statements (its own lines are the others).
_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")


def function_lines(definition: ast.stmt) -> tuple[tuple[str, int], ...]:
    r"""A function's (or class's) lines: each statement in it, without the statements it holds,
    every bound name made ``_``, as a short digest with its size in nodes (summed over equal
    lines), sorted.

    >>> mine = ast.parse("def f(deck):\n    n = 0\n    return n + len(deck)").body[0]
    >>> yours = ast.parse("def g(cards):\n    k = 0\n    x_ = 1\n    return k + len(cards)")
    >>> a, b = dict(function_lines(mine)), dict(function_lines(yours.body[0]))
    >>> sum(a.values()), sum(b.values()), sum(min(a[d], b[d]) for d in a.keys() & b.keys())
    (17, 21, 17)
    """
    tree = _Anonymous(_bound_names(definition)).visit(copy.deepcopy(definition))
    sizes: dict[str, int] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt):
            continue
        line = copy.copy(node)
        for name in _BODIES:
            if hasattr(line, name):
                setattr(line, name, [])
        form = ast.dump(line, annotate_fields=True, include_attributes=False)
        digest = hashlib.blake2b(form.encode(), digest_size=8).hexdigest()
        sizes[digest] = sizes.get(digest, 0) + _size(form)
    return tuple(sorted(sizes.items()))


@dataclass(frozen=True)
class Library:
    """The library's own functions, by normal form: what a pasted answer would be."""

    functions: Mapping[str, str]  #: normal form -> the function's name in the library

    @classmethod
    def of(cls, checker: str) -> Library:
        """The functions of a checker module and of the library's modules it uses."""
        functions: dict[str, str] = {}
        for module in _library_modules(importlib.import_module(checker)):
            try:
                tree = ast.parse(inspect.getsource(module))
            except (OSError, TypeError, SyntaxError):
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef):
                    form = normal_form(node)
                    if _size(form) >= MIN_PASTED:
                        functions.setdefault(form, f"{module.__name__}.{node.name}")
        return cls(functions)


def _library_modules(checker: types.ModuleType) -> list[types.ModuleType]:
    """The checker module, and every module of the library it holds a name from."""
    found = {checker.__name__: checker}
    for value in vars(checker).values():
        name = value.__name__ if isinstance(value, types.ModuleType) else ""
        name = name or getattr(value, "__module__", "") or ""
        if name.startswith(LIBRARY + ".") and name in sys.modules:
            found.setdefault(name, sys.modules[name])
    return [found[name] for name in sorted(found)]


@dataclass(frozen=True)
class Work:
    """A notebook's own work: its fingerprint (empty when there is none), its size in nodes, and
    the evidence that it is the library's."""

    fingerprint: str
    size: int
    library: tuple[str, ...] = ()
    cut: str = ""  #: why only part of the code was read, in words for the lecturer
    #: Each graded function the student wrote (the last definition of a name checked by the
    #: template), with its lines (:func:`function_lines`).
    tasks: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()

    @property
    def blank(self) -> bool:
        """Nothing of the student's own: the template as it was, or only expressions added."""
        return self.size == 0


def _is_work(statement: ast.stmt) -> bool:
    return not isinstance(statement, ast.Expr | ast.Pass)


def student_work(book: Mapping[str, Any], template: Template, library: Library) -> Work:
    """What the student wrote in a notebook, compared with the template and the library.

    At most :data:`NOTEBOOK_CODE_LIMIT` characters of code, :data:`CELLS_LIMIT` code cells and
    :data:`STATEMENTS_LIMIT` statements are read: from the first cell over a bound on, the cells
    stand as one digest of their text (two copies of such a notebook are still one work), their
    text is only searched for the library's name (:func:`_named_in_unread`), and
    :attr:`Work.cut` says so: a notebook that pads its code past a bound is flagged for the
    lecturer to read, never trusted unread.

    >>> empty = Template(frozenset(), frozenset())
    >>> huge = {"cells": [{"cell_type": "code", "source": "a = 1"}] * 2_000}
    >>> work = student_work(huge, empty, Library({}))
    >>> print(work.cut)  # doctest: +NORMALIZE_WHITESPACE
    read in part: over 1,000 code cells, from code cell 1,001 on; from there the code is compared
    with others' by its text alone and not read for the library's answer (only searched for its
    name): read it yourself
    >>> work.blank
    False
    """
    forms, evidence, cut = [], [], ""
    tasks: dict[str, tuple[tuple[str, int], ...]] = {}
    sources = code_cells(book)
    characters = statements = 0
    for index, source in enumerate(sources):
        characters += len(source)
        cut = _over_bound(index, characters)
        parsed = [] if cut else list(_statements(source))
        statements += len(parsed)
        if not cut and statements > STATEMENTS_LIMIT:
            cut = f"over {STATEMENTS_LIMIT:,} statements"
        if cut:
            forms.append(_unread(sources[index:]))
            evidence += _named_in_unread(sources[index:], index, template)
            cut += f", from code cell {index + 1:,} on"
            break
        for statement in parsed:
            try:
                form = normal_form(statement)
                if form in template.forms:
                    continue
                evidence += _library_evidence(statement, template, library)
                if getattr(statement, "name", None) in template.tasks:
                    tasks[statement.name] = function_lines(statement)  # type: ignore[attr-defined]
            except RecursionError:  # too deep to walk: its cell's text stands for it
                digest = hashlib.sha256(source.encode()).hexdigest()
                form = f"Unread(cell={digest!r}, line={statement.lineno})"
            if _is_work(statement):
                forms.append(form)
    if not forms:
        return Work("", 0, tuple(evidence), tasks=tuple(sorted(tasks.items())))
    digest = hashlib.sha256("\n".join(sorted(forms)).encode()).hexdigest()
    size = sum(MIN_WORK if form.startswith("Unread(rest=") else _size(form) for form in forms)
    said = f"read in part: {cut}; {_NOT_READ}" if cut else ""
    return Work(digest, size, tuple(evidence), said, tuple(sorted(tasks.items())))


def _over_bound(index: int, characters: int) -> str:
    """Why the code cell ``index`` (from 0) is over a bound of what flags read ('' if not)."""
    if index >= CELLS_LIMIT:
        return f"over {CELLS_LIMIT:,} code cells"
    if characters > NOTEBOOK_CODE_LIMIT:
        return f"over {NOTEBOOK_CODE_LIMIT:,} characters of code"
    return ""


_NOT_READ = (
    "from there the code is compared with others' by its text alone and not read for the "
    "library's answer (only searched for its name): read it yourself"
)
#: Words whose presence in code not read is said: the library's name, and the ways to import a
#: module named by a string.
UNREAD_WORDS = re.compile(r"solitaire_lib|importlib|__import__")
#: At most this many places in code not read are said, of at most this many looked at.
_UNREAD_SAID, _UNREAD_LOOKED_AT = 3, 100


def _named_in_unread(sources: list[str], first: int, template: Template) -> list[str]:
    r"""Where code cells not read (code cell ``first`` on, from 0) name the library or import by a
    string, on a line that is not the template's: a text search, linear in their length.

    >>> empty = Template(frozenset(), frozenset(), frozenset({"import solitaire_lib.x as y"}))
    >>> pad = "# " + "x" * 10
    >>> sources = [pad, "import solitaire_lib.x as y", "def f():\n  import solitaire_lib.rules"]
    >>> _named_in_unread(sources, 4, empty)
    ["code not read names solitaire_lib (code cell 7: 'import solitaire_lib.rules')"]
    """
    found: list[str] = []
    looked_at = 0
    for number, source in enumerate(sources, start=first + 1):
        for match in UNREAD_WORDS.finditer(source):
            looked_at += 1
            if looked_at > _UNREAD_LOOKED_AT or len(found) >= _UNREAD_SAID:
                return found
            start = source.rfind("\n", 0, match.start()) + 1
            end = source.find("\n", match.end())
            line = source[start : end if end >= 0 else len(source)].strip()
            if line not in template.lines:
                found.append(
                    f"code not read names {match[0]} (code cell {number:,}: {line[:80]!r})"
                )
    return found


def _unread(sources: list[str]) -> str:
    """The form that stands for code cells not read: a digest of their text."""
    digest = hashlib.sha256()
    for source in sources:
        digest.update(source.encode("utf-8", "surrogatepass") + b"\0")
    return f"Unread(rest={digest.hexdigest()!r})"


def _library_evidence(statement: ast.stmt, template: Template, library: Library) -> list[str]:
    """Why a statement is the library's own answer, in words (none if it is not)."""
    where = f" (in {statement.name})" if isinstance(statement, ast.FunctionDef) else ""
    found = []
    for node in ast.walk(statement):
        if isinstance(node, ast.Import | ast.ImportFrom):
            if normal_form(node) in template.imports:
                continue
            for text in _imports_of_library(node):
                found.append(f"imports {text}{where}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if LIBRARY in node.value:
                found.append(f"names {node.value[:80]!r} in a string{where}")
        elif isinstance(node, ast.FunctionDef):
            pasted = library.functions.get(normal_form(node))
            if pasted:
                found.append(f"{node.name} is {pasted} pasted")
    return found


def _imports_of_library(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The library's modules and names an import statement brings in, as written."""
    if isinstance(node, ast.ImportFrom):
        module = node.module or ""
        if not (module == LIBRARY or module.startswith(LIBRARY + ".")):
            return []
        return [f"{module}.{_alias(a)}" for a in node.names]
    return [_alias(a) for a in node.names if a.name.split(".")[0] == LIBRARY]


def _alias(alias: ast.alias) -> str:
    return f"{alias.name} as {alias.asname}" if alias.asname else alias.name


# --- The class ----------------------------------------------------------------------------------


#: How two notebooks of one work are alike: the very same bytes, or the same code disguised.
BYTE_COPY = "byte for byte the same file"
DISGUISED = "the same code with comments, blank lines or names changed"
#: A graded function is alike another's when this share of its lines (by size, of the larger of
#: the two) are the same lines; two notebooks are flagged when the functions alike make this
#: share of their graded code (the larger of the two sides, task by task).
FUNCTION_ALIKE, MOSTLY_ALIKE = 0.8, 0.75


def alike_tasks(one: Work, other: Work) -> tuple[list[str], list[str], float, int]:
    r"""The graded functions of two notebooks that are alike (see :data:`FUNCTION_ALIKE`), the
    graded functions of either, the share of the graded code the alike ones make (0 to 1), and
    their size in nodes.

    >>> def work(*functions):
    ...     trees = [ast.parse(code).body[0] for code in functions]
    ...     return Work("", 1, tasks=tuple((t.name, function_lines(t)) for t in trees))
    >>> mine = work("def deal(pile, n):\n    stacks = [[] for _ in range(n)]\n    return stacks")
    >>> padded = work("def deal(p, k):\n    stacks = [[] for _ in range(k)]\n    u = 0\n"
    ...               "    return stacks")
    >>> alike_tasks(mine, padded)
    (['deal'], ['deal'], 1.0, 25)
    >>> alike_tasks(mine, work("def deal(pile, n):\n    return [pile[i::n] for i in range(n)]"))
    ([], ['deal'], 0.0, 0)
    """
    return _alike(_graded(one), _graded(other))


#: A notebook's graded functions, read for comparing: name -> (lines, lines by digest, size).
_Graded = dict[str, tuple[tuple[tuple[str, int], ...], dict[str, int], int]]


def _graded(work: Work) -> _Graded:
    return {name: (lines, dict(lines), sum(s for _, s in lines)) for name, lines in work.tasks}


def _alike(one: _Graded, other: _Graded) -> tuple[list[str], list[str], float, int]:
    """:func:`alike_tasks` of two notebooks' graded functions, read once (:func:`_graded`)."""
    names, total, alike = [], 0, 0
    nothing: tuple[tuple[tuple[str, int], ...], dict[str, int], int] = ((), {}, 0)
    compared = sorted(one.keys() | other.keys())
    for name in compared:
        (lines, mine, size), (their_lines, theirs, their_size) = (
            one.get(name, nothing),
            other.get(name, nothing),
        )
        larger = max(size, their_size)
        if lines == their_lines:
            common = larger
        else:
            common = sum(min(mine[line], theirs[line]) for line in mine.keys() & theirs.keys())
        total += larger
        if larger and common >= FUNCTION_ALIKE * larger:
            names.append(name)
            alike += larger
    return names, compared, (alike / total if total else 0.0), alike


@dataclass
class Flags:
    """The flags of one notebook: the others it is one work with (its byte copies, and those
    that differ only in comments, blank lines or names), and the library's own answer."""

    copies: list[str] = field(default_factory=list)  #: the same file, byte for byte
    changed: list[str] = field(default_factory=list)  #: the same work, with other bytes
    #: Others whose graded code is mostly the same, each with the tasks alike, in words.
    mostly: list[str] = field(default_factory=list)
    library: list[str] = field(default_factory=list)
    cut: str = ""  #: why only part of its code was read

    def __str__(self) -> str:
        alike = [
            f"{'; '.join(names)} ({how})"
            for names, how in ((self.copies, BYTE_COPY), (self.changed, DISGUISED))
            if names
        ]
        parts = [f"one work with {', and with '.join(alike)}"] if alike else []
        if self.mostly:
            parts.append("graded code mostly the same as " + "; ".join(self.mostly))
        if self.library:
            parts.append("the library's own answer: " + "; ".join(self.library))
        if self.cut:
            parts.append(self.cut)
        return " | ".join(parts)


def copy_groups(
    works: Mapping[str, tuple[Work, str]], owners: Mapping[str, str] | None = None
) -> dict[str, Flags]:
    """The flags of each notebook (by its student's name) of one exercise: ``works`` maps a
    student to their :class:`Work` and the file's SHA-256. Within one work, files of the same
    SHA-256 are byte copies of each other, and the others are the same code disguised. Two
    notebooks not one work whose graded functions are mostly alike (:func:`alike_tasks`) are
    flagged with the tasks alike. ``owners`` maps a name to the student whose file it is (a
    student's copies not graded are compared too, but not with that student's own).

    >>> one, other = Work("f" * 64, MIN_WORK), Work("e" * 64, MIN_WORK)
    >>> flags = copy_groups({"ada": (one, "1"), "bob": (one, "2"), "cy": (other, "3")})
    >>> str(flags["ada"]), str(flags["cy"])
    ('one work with bob (the same code with comments, blank lines or names changed)', '')
    >>> str(copy_groups({"ada": (one, "1"), "ada (1)": (one, "2")}, {"ada (1)": "ada"})["ada"])
    ''
    """
    owner = {name: (owners or {}).get(name, name) for name in works}
    flags = {
        student: Flags(library=list(work.library), cut=work.cut)
        for student, (work, _) in works.items()
    }
    groups: dict[str, list[str]] = {}
    for student, (work, _) in works.items():
        if work.size >= MIN_WORK:
            groups.setdefault(work.fingerprint, []).append(student)
    for members in groups.values():
        for student in members:
            others = [other for other in members if owner[other] != owner[student]]
            sha256 = works[student][1]
            flags[student].copies = [other for other in others if works[other][1] == sha256]
            flags[student].changed = [other for other in others if works[other][1] != sha256]
    _flag_mostly_alike(works, owner, flags)
    return flags


def _flag_mostly_alike(
    works: Mapping[str, tuple[Work, str]], owner: Mapping[str, str], flags: dict[str, Flags]
) -> None:
    """Add to ``flags`` the pairs whose graded code is mostly alike (not one work already); the
    others alike in the same words are named together."""
    said: dict[str, dict[str, list[str]]] = {}
    with_tasks = sorted(name for name, (work, _) in works.items() if work.tasks)
    graded = {name: _graded(works[name][0]) for name in with_tasks}
    for index, one in enumerate(with_tasks):
        for other in with_tasks[index + 1 :]:
            first, second = works[one][0], works[other][0]
            if owner[one] == owner[other] or first.fingerprint == second.fingerprint:
                continue
            names, compared, share, size = _alike(graded[one], graded[other])
            if share >= MOSTLY_ALIKE and size >= MIN_WORK:
                words = _alike_in_words(names, compared, share)
                said.setdefault(one, {}).setdefault(words, []).append(other)
                said.setdefault(other, {}).setdefault(words, []).append(one)
    for student, by_words in said.items():
        flags[student].mostly = [
            f"{'; '.join(sorted(others, key=str.casefold))} ({words})"
            for words, others in sorted(by_words.items(), key=lambda item: item[1])
        ]


def _alike_in_words(names: list[str], compared: list[str], share: float) -> str:
    """Which graded functions are alike, in the fewest names.

    >>> _alike_in_words(["deal", "turn"], ["deal", "glyph", "turn"], 0.8)
    '2 of 3 graded functions alike, all but glyph; 80% of the graded code'
    >>> _alike_in_words(["deal"], ["deal", "glyph", "turn"], 0.8)
    '1 of 3 graded functions alike: deal; 80% of the graded code'
    """
    differ = [name for name in compared if name not in names]
    which = (
        f", all but {', '.join(differ)}" if len(differ) < len(names) else f": {', '.join(names)}"
    )
    count = f"all {len(compared)}" if not differ else f"{len(names)} of {len(compared)}"
    return (
        f"{count} graded functions alike{which if differ else ''}; {share:.0%} of the graded code"
    )


def read_template(path: Path) -> Template | None:
    """The template of an exercise notebook file, or None where there is no such file."""
    import json

    try:
        return Template.of(json.loads(path.read_text("utf-8")))
    except (OSError, ValueError):
        return None


def flag_lines(flags: Mapping[str, Flags]) -> Iterable[str]:
    """The flags as lines of the lecturer's report, one per flagged student."""
    for student in sorted(flags, key=str.casefold):
        if str(flags[student]):
            yield f"{student}: {flags[student]}"
