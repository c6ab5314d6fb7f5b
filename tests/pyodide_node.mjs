// caipan 裁判: the built site's scorer runtime under Node, booted as the page's worker boots it
// (tests/generator/site/test_scorer.py). One argument: a JSON file with
//   runtime   the site's runtime folder (assets/pyodide/), with the trimmed standard library in it
//   stdlib    that library's file name;  core: the rules core's zip;  core_path: where the worker puts it
//   glue      the worker's Python (scorer-worker.js GLUE), which defines caipan_call(game, entry, kind, text)
//   lock      the lock file's info, as the page passes it;  requests: [[game, kind, request], …]
// Prints one JSON object: {"imported": [every module of the core, imported], "answers": [caipan_call's, …]}.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf-8"));
const { loadPyodide } = await import(pathToFileURL(path.join(job.runtime, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: job.runtime + "/", stdLibURL: path.join(job.runtime, job.stdlib),
                               lockFileContents: { info: job.lock, packages: {} }, packageBaseUrl: job.runtime + "/",
                               stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
py.FS.mkdirTree(path.dirname(job.core_path));
py.FS.writeFile(job.core_path, new Uint8Array(fs.readFileSync(job.core)));
py.runPython(job.glue);
py.globals.set("job_json", JSON.stringify(job));
const out = py.runPython(`
import importlib, json, zipfile
job = json.loads(job_json)
with zipfile.ZipFile(job["core_path"]) as zf:
    modules = sorted({n[:-4].removesuffix("/__init__").replace("/", ".") for n in zf.namelist() if n.endswith(".pyc")})
for module in modules:
    importlib.import_module(module)
json.dumps({"imported": modules,
            "answers": [json.loads(caipan_call(game, "", kind, json.dumps(request, ensure_ascii=False)))
                        for game, kind, request in job["requests"]]}, ensure_ascii=False)
`);
process.stdout.write(out + "\n");
