"""The library's modules import one another without a cycle (issue 41).

A cycle (``stacks_of_nine/analysis.py`` and ``fast.py`` importing each other, one of them inside
a function) hides which module is built on which, and works only while every import of it stays
where it is. The graph is read from the source (``import`` and ``from ... import`` anywhere in a
module, inside functions too), so a late import cannot hide a cycle.
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

LIBRARY = Path(__file__).resolve().parent.parent / "solitaire_lib"


def module_name(path: Path) -> str:
    parts = path.relative_to(LIBRARY.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, modules: set[str]) -> set[str]:
    """The library's modules that ``path`` imports (a name imported from a package counts as
    its module when it is one, else as the package)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
    return found & modules


def import_graph() -> dict[str, set[str]]:
    """Each module of the library, with the library's modules it imports."""
    paths = sorted(LIBRARY.rglob("*.py"))
    modules = {module_name(path) for path in paths}
    return {module_name(path): imported(path, modules) - {module_name(path)} for path in paths}


def test_the_library_has_no_import_cycle() -> None:
    try:
        graphlib.TopologicalSorter(import_graph()).prepare()
    except graphlib.CycleError as error:
        raise AssertionError(f"an import cycle: {' -> '.join(error.args[1])}") from None


def test_the_stacks_of_nine_solver_is_layered() -> None:
    """The search to read, then the compiled one, then the portfolio, then what uses it."""
    graph = import_graph()
    package = "solitaire_lib.stacks_of_nine."
    assert package + "search" in graph[package + "fast"]
    assert package + "fast" in graph[package + "portfolio"]
    assert package + "portfolio" in graph[package + "analysis"]
    assert not graph[package + "search"] & {package + "fast", package + "portfolio"}
