// caipan 裁判: the scorer's Python as the browser gets it, made by the vendored Pyodide itself (run by
// generator/site/runtime.py at build time, under Node; never in a browser).
//
//   node precompile.mjs <pyodide folder> <python_stdlib.zip> <core.zip> <requests.json> <out.zip>
//
// <core.zip> holds the sources of what the page imports (the rules package with its data, rules/_data);
// <requests.json> lists [game, kind, request] to ask (kind: rules.page.KINDS). The same interpreter the page runs
// boots as the page boots it (the runtime's own modules are imported then), puts core.zip on sys.path as
// the page puts its copy, imports every module of it and every module any of them names (an import inside
// a function too), asks each game each request, formats a traceback (the path of an internal error) and
// takes a memory snapshot (what a first visit does after its first answer). What is then imported from
// the standard library is all a page ever needs of it. out.zip holds the bytecode (marshalled code objects,
// the exact format of this Python) of:
//   stdlib/<path>.pyc   every module of python_stdlib.zip that was imported (nothing else of it is kept);
//   core/<path>.pyc     every module of core.zip.
// Both without docstrings and without line tables: the page never shows a docstring or a traceback (an
// internal error is one line), and the two are a third of the bytes a first visit downloads for Python.
// The interpreter runs with a fixed hash seed and a fixed clock, so the same inputs give the same bytes.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [folder, stdlib, core, requests, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
Date.now = () => 315532800000;
const py = await loadPyodide({ indexURL: folder + "/", stdLibURL: stdlib, env: { PYTHONHASHSEED: "0" }, _makeSnapshot: true,
                               stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
py.FS.mkdirTree("/tmp/caipan");
py.FS.writeFile("/tmp/caipan/core.zip", new Uint8Array(fs.readFileSync(core)));
py.FS.writeFile("/tmp/caipan/stdlib.zip", new Uint8Array(fs.readFileSync(stdlib)));
py.FS.writeFile("/tmp/caipan/requests.json", fs.readFileSync(requests, "utf-8"));
py.runPython(`
import ast, importlib, json, sys, traceback, zipfile

CORE = "/tmp/caipan/core.zip"
sys.path.insert(0, CORE)
with zipfile.ZipFile(CORE) as zf:
    core_sources = {n: zf.read(n) for n in sorted(zf.namelist()) if n.endswith(".py")}

def module_name(name):
    parts = name[:-3].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

def named(source, module, is_package):
    """Every module an import statement of this source names, a relative one resolved."""
    here = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = here.split(".")[: len(here.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)

wanted = set()
for name, source in core_sources.items():
    module = module_name(name)
    importlib.import_module(module)
    wanted.update(named(source, module, name.endswith("/__init__.py")))
for module in sorted(wanted - {"__future__"}):
    try:
        importlib.import_module(module)
    except ImportError:
        # "from package import name" names a module only when name is one: what fails here is not one
        parent, _, leaf = module.rpartition(".")
        if not parent or not hasattr(importlib.import_module(parent), leaf):
            raise

from rules import registry  # noqa: E402  (the games' entry points, as the page calls them)
from rules.page import call  # noqa: E402
for game in registry.ids():
    registry.game(game).rule_set()  # the rule data, read as the page reads it (importlib.resources)
with open("/tmp/caipan/requests.json", encoding="utf-8") as f:
    for game, kind, request in json.load(f):
        call(game, kind, json.dumps(request))
try:
    raise ValueError("a traceback, formatted")
except ValueError as exc:
    traceback.format_exception(exc)
`);
try { py.runPython("raise RuntimeError('an error that reaches JavaScript')"); } catch (e) { /* its message is formatted */ }
py.makeMemorySnapshot();
py.runPython(`
import ast, importlib.util, marshal, sys, zipfile

class Undocumented(ast.NodeTransformer):
    """A module, class or function without its docstring (what python -OO drops, asserts kept)."""
    def strip(self, node):
        self.generic_visit(node)
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \\
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
        return node
    visit_Module = visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = strip

def without_lines(code):
    consts = tuple(without_lines(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=consts)

def pyc(source, name):
    tree = ast.fix_missing_locations(Undocumented().visit(ast.parse(source, name)))
    code = without_lines(compile(tree, name, "exec", dont_inherit=True))
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)

entries = {}
with zipfile.ZipFile("/tmp/caipan/stdlib.zip") as zf:
    names = set(zf.namelist())
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith("/") and ".zip/" in origin and origin.endswith(".py"):
            zipped, name = origin.split(".zip/", 1)
            if zipped.endswith("/tmp/caipan/core"):
                continue
            if name not in names:
                raise SystemExit(f"{module.__name__} was imported from {origin}, not from the standard library")
            entries["stdlib/" + name + "c"] = pyc(zf.read(name), name)
for name, source in core_sources.items():
    entries[f"core/{name}c"] = pyc(source, name)
with zipfile.ZipFile("/tmp/caipan/out.zip", "w", zipfile.ZIP_STORED) as zf:
    for name in sorted(entries):
        zf.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), entries[name])
`);
fs.writeFileSync(out, py.FS.readFile("/tmp/caipan/out.zip"));
