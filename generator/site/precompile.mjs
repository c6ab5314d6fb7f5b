// caipan 裁判: bytecode for the scorer's Python, made by the vendored Pyodide itself (run by
// generator/site/scorer.py at build time, under Node; never in a browser).
//
//   node precompile.mjs <pyodide folder> <python_stdlib.zip> <wheel> <out.zip>
//
// Pyodide's python_stdlib.zip holds Python sources only, so every module the runtime and the
// rules core import on a page load is compiled from source, in WebAssembly, on every visit: most
// of the load time. Here the same interpreter boots once, imports every module of the rules core
// and asks each game a question, and writes out.zip with the bytecode (marshalled code objects,
// the exact format of this Python) of:
//   stdlib/<path>.pyc   every module of python_stdlib.zip that was imported (the others stay sources);
//   wheel/<pkg>/<mod>.pyc   every module of the wheel, beside its source (unchecked-hash pycs: the
//   page imports the wheel in place, as a zip on sys.path, and zipimport takes a .pyc beside the .py).
// The interpreter runs with a fixed hash seed and a fixed clock, so the same inputs give the same bytes.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [folder, stdlib, wheel, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
Date.now = () => 315532800000;
const py = await loadPyodide({ indexURL: folder + "/", stdLibURL: stdlib, env: { PYTHONHASHSEED: "0" },
                               stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
py.FS.mkdirTree("/tmp/caipan");
py.FS.writeFile("/tmp/caipan/wheel.whl", new Uint8Array(fs.readFileSync(wheel)));
py.FS.writeFile("/tmp/caipan/stdlib.zip", new Uint8Array(fs.readFileSync(stdlib)));
py.runPython(`
import importlib, importlib.util, marshal, pkgutil, sys, zipfile

SITE = "/tmp/caipan/site-packages"
with zipfile.ZipFile("/tmp/caipan/wheel.whl") as zf:
    zf.extractall(SITE)
    wheel_modules = sorted(n for n in zf.namelist() if n.endswith(".py"))
sys.path.insert(0, SITE)
tops = sorted({n.split("/")[0] for n in wheel_modules})
for top in tops:
    package = importlib.import_module(top)
    for info in pkgutil.walk_packages(package.__path__, top + "."):
        importlib.import_module(info.name)
from rules import registry  # noqa: E402  (the games' entry points, as the page calls them)
for game in registry.ids():
    registry.game(game).rule_set()  # the rule data, read as the page reads it (importlib.resources)
    for ask in (registry.game(game).score, registry.game(game).waits):
        try:
            ask({})
        except Exception:
            pass

def pyc(code, flags=0, source=b""):
    header = importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little")
    if flags:
        header += importlib.util.source_hash(source)
    else:
        header += bytes(8)
    return header + marshal.dumps(code)

with zipfile.ZipFile("/tmp/caipan/stdlib.zip") as zf:
    names = set(zf.namelist())
    imported = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith("/") and ".zip/" in origin and origin.endswith(".py"):
            imported.add(origin.split(".zip/", 1)[1])
    entries = {}
    for name in sorted(imported & names):
        code = compile(zf.read(name), name, "exec", dont_inherit=True)
        entries["stdlib/" + name + "c"] = pyc(code)
for name in wheel_modules:
    with open(SITE + "/" + name, "rb") as f:
        source = f.read()
    code = compile(source, SITE + "/" + name, "exec", dont_inherit=True)
    entries[f"wheel/{name}c"] = pyc(code, 0b01, source)
with zipfile.ZipFile("/tmp/caipan/out.zip", "w", zipfile.ZIP_STORED) as zf:
    for name in sorted(entries):
        zf.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), entries[name])
`);
fs.writeFileSync(out, py.FS.readFile("/tmp/caipan/out.zip"));
