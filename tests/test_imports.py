"""How the code's modules depend on each other, read from their source with `ast` (every import,
those inside functions too): no import cycle in rules/ or generator/, no name starting with ``_``
imported from another module, and a core (rules/) that needs nothing beyond the standard library."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from generator.paths import ROOT

TOPS = ("rules", "generator")


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources(root: Path = ROOT, tops: tuple[str, ...] = TOPS) -> dict[str, tuple[Path, ast.Module]]:
    """Every module of the packages `tops` under `root`, by name: its path and its parsed source."""
    out = {}
    for top in tops:
        for path in sorted((root / top).rglob("*.py")):
            out[module_name(path, root)] = (path, ast.parse(path.read_text(encoding="utf-8")))
    return out


def imports(name: str, path: Path, tree: ast.Module) -> list[tuple[str, list[str], int]]:
    """Every import of a module: (the module imported, the names taken from it, the line), relative
    imports resolved against the module's package."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(alias.name, [], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(parent + ([node.module] if node.module else []))
            out.append((base, [alias.name for alias in node.names], node.lineno))
    return out


def graph(found: dict[str, tuple[Path, ast.Module]]) -> dict[str, set[str]]:
    """Module → the modules of `found` it imports (``from p import m`` of a submodule m: p.m)."""
    edges: dict[str, set[str]] = {name: set() for name in found}
    for name, (path, tree) in found.items():
        for target, names, _ in imports(name, path, tree):
            subs = {f"{target}.{n}" for n in names if f"{target}.{n}" in found}
            if subs:
                edges[name] |= subs
            elif target in found:
                edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every import cycle (the modules of each strongly connected group of more than one module, or one
    that imports itself), by Tarjan's algorithm."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in edges[v]:
                out.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(edges)))
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def private_imports(found: dict[str, tuple[Path, ast.Module]]) -> list[str]:
    """Each ``from <module> import _name``: a module reaching into another's private part."""
    out = []
    for name, (path, tree) in found.items():
        for target, names, line in imports(name, path, tree):
            out += [f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{line} imports {n} from {target}"
                    for n in names if n.startswith("_") and not n.startswith("__")]
    return out


FOUND = sources()


def test_no_import_cycle_in_rules_or_generator():
    assert cycles(graph(FOUND)) == []


def test_no_private_name_imported_from_another_module():
    assert private_imports(FOUND) == []


def test_the_checks_find_a_cycle_and_a_private_import(tmp_path):
    """The checks above see what they look for, imports inside functions too."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "a.py").write_text("from .b import thing\n")
    (tmp_path / "pkg" / "b.py").write_text("def f():\n    from .c import _hidden\n")
    (tmp_path / "pkg" / "c.py").write_text("def g():\n    from pkg import a\n")
    found = sources(tmp_path, ("pkg",))
    assert cycles(graph(found)) == [["pkg.a", "pkg.b", "pkg.c"]]
    assert [line.split(" imports ")[1] for line in private_imports(found)] == ["_hidden from pkg.c"]


@pytest.mark.parametrize("name", sorted(n for n in FOUND if n.split(".")[0] == "rules"))
def test_the_core_imports_only_the_standard_library(name):
    """The wheel's core has no dependencies (pyproject's `dependencies = []`): rules/ imports the standard
    library and itself, nothing else (not even from inside a function)."""
    path, tree = FOUND[name]
    outside = {target.split(".")[0] for target, _, _ in imports(name, path, tree)}
    outside -= {"rules"} | set(sys.stdlib_module_names)
    assert not outside, f"{name} imports {sorted(outside)}"
