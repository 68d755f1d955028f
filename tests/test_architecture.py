"""The package's shape: layers that import only downwards, no import cycle, a docstring on every module.

The graph is read from the source (every ``import`` and ``from ... import``, at the top of a module or inside a
function), so a new cycle or an upward import fails here before anyone runs into it at import time.
"""

import ast
from pathlib import Path

import pytest

import pawnslib

PACKAGE = Path(pawnslib.__file__).parent
# The layers, lowest first: a module may import from its own layer and the ones before it. ``config`` and ``files``
# serve every layer; ``__main__`` (the command line) and the package's ``__init__`` stand above them all.
LAYERS = ("config", "files", "game", "search", "dbn", "guided", "play", "experiments", "report", "__main__")
# python-chess's pattern: a position draws itself through the board module, which imports the position; the
# position's import is lazy (inside ``_repr_svg_``), so it runs only after both modules are loaded.
ALLOWED_CYCLES = [{"pawnslib.game.position", "pawnslib.game.draw"}]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports(path: Path, known: set[str]) -> set[str]:
    """The modules of the package that ``path`` imports (``from pawnslib.x import y`` counts ``pawnslib.x.y`` when
    that is a module, else ``pawnslib.x``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in known else node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m in known}


def graph() -> dict[str, set[str]]:
    mods = modules()
    return {m: imports(p, set(mods)) - {m} for m, p in mods.items()}


def cycles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one node (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = _pop_component(stack, on_stack, v)
            if len(component) > 1:
                found.append(component)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def _pop_component(stack: list[str], on_stack: set[str], root: str) -> set[str]:
    """Pop the strongly connected component whose root is ``root`` off Tarjan's stack."""
    component = set()
    while True:
        w = stack.pop()
        on_stack.discard(w)
        component.add(w)
        if w == root:
            return component


def layer(module: str) -> int | None:
    """The layer's rank of ``pawnslib.<layer>[.<module>]``; None for the package's own ``__init__``."""
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 else None


def test_cycle_finder_finds_a_cycle_and_nothing_else():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_is_read_from_the_source():
    g = graph()
    assert "pawnslib.game.kernels" in g["pawnslib.game.position"]
    assert "pawnslib.game.draw" in g["pawnslib.game.position"]  # the lazy import is an edge too
    assert all(m.startswith("pawnslib") for m in g)


def test_no_import_cycle_but_the_boards_lazy_one():
    found = cycles(graph())
    assert [c for c in found if c not in ALLOWED_CYCLES] == [], found


def test_every_module_sits_in_a_layer():
    for m in graph():
        assert m == "pawnslib" or layer(m) is not None, f"{m} is in no layer of {LAYERS}"


@pytest.mark.parametrize("module", sorted(graph()))
def test_imports_go_down_the_layers(module):
    rank = layer(module)
    if rank is None:
        return
    upward = sorted(t for t in graph()[module] if layer(t) is not None and layer(t) > rank)
    assert not upward, f"{module} ({LAYERS[rank]}) imports from a layer above it: {upward}"


@pytest.mark.parametrize("module", sorted(modules()))
def test_modules_say_what_they_are_for(module):
    path = modules()[module]
    assert ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))), f"{path} has no docstring"
