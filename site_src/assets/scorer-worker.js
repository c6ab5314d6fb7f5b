/* caipan 裁判: the 计分器's rules core, in a Web Worker (a module worker: Pyodide refuses classic ones).
 *
 * The interpreter runs here rather than on the page so that booting it (hundreds of milliseconds of
 * CPU, seconds on a slow phone) never blocks the page: the form stays usable and paints at once.
 * scorer.js starts this worker after the page has painted and talks to it by messages:
 *   page → worker: {type: "start", config}, then {id, kind, requests}
 *   worker → page: {type: "progress", fraction, text}, {type: "mark", name, at}, {type: "ready", snapshot},
 *                  {type: "snapshot"}, {type: "failed", message}, {id, answers}
 * A request is an object, or the text of one as the page got it (the URL fragment): the text goes to
 * the core as it is, so the core's reader (the CLI's) judges it, duplicate keys and 1.0 included.
 * kind is one of rules.page.KINDS (score, waits, session, drill, verdict); every answer is the CLI's,
 * through rules.page.call. */

// The rules core (its bytecode and data, generator/site/runtime.py) is imported in place, as a zip on
// sys.path: nothing to unpack.
const CORE_PATH = "/home/pyodide/caipan-core.zip";
const GLUE = `
import sys
sys.path.insert(0, ${JSON.stringify(CORE_PATH)})
from rules import registry
from rules.page import call as page_call
def caipan_call(game, entry, kind, text):
    if entry and game not in registry.ids():  # a game the registry does not list: where its class is
        registry.GAMES[game] = entry
    return page_call(game, kind, text)
`;

// A second visit starts from a memory snapshot of the interpreter taken in this browser after the
// first one (the runtime booted, the rules core imported), kept in Cache Storage gzipped (31 MB of
// memory, mostly zeros, kept as about 4 MB; unzipping it takes a fraction of what booting does) and
// never sent anywhere; its key changes with the runtime, the core and these scripts. Without it, or if
// it fails, the runtime boots as on a first visit. (The service worker deletes only caches named
// "caipan-…"; the offline panel, offline.js, removes this one too.)
const SNAPSHOTS = "scorer-snapshot";

let config = null;
let call = null;
let saveAfterFirstAnswer = null;

function post(message) { self.postMessage(message); }

// For scripts/bench_scorer.py: where a load spends its time, as a mark on the page's own timeline.
function mark(name) { post({ type: "mark", name, at: performance.timeOrigin + performance.now() }); }

function snapshotKey() { return config.runtime + "snapshot-" + config.snapshot + ".bin.gz"; }

// The cached snapshot's response, or null: its bytes are read while the runtime downloads.
async function findSnapshot() {
  if (!self.caches || !config.snapshot) return null;
  try {  // caches.has first: caches.open would make an empty cache on a first visit
    return (await caches.has(SNAPSHOTS) && await (await caches.open(SNAPSHOTS)).match(snapshotKey())) || null;
  } catch (e) {
    return null;
  }
}

async function saveSnapshot(py) {
  if (!self.caches || !config.snapshot) return;
  let bytes;
  try { bytes = py.makeMemorySnapshot(); } catch (e) { return; }
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) if (old.url !== snapshotKey()) await cache.delete(old);
    const zipped = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
    await cache.put(snapshotKey(), new Response(zipped, { headers: { "Content-Type": "application/gzip" } }));
    post({ type: "snapshot" });
  } catch (e) { /* no room: the next visit boots as this one did */ }
}

// Count the bytes of every response while the runtime loads, for the progress bar. The runtime gets
// the response itself (a copy is counted), so the browser can stream-compile the WebAssembly and keep
// its compiled code for the next visit. A request already made (`early`, by URL) is answered with it.
function countingFetch(plain, onBytes, early) {
  return async function (...args) {
    const url = String(args[0] instanceof Request ? args[0].url : args[0]);  // a string, a URL or a Request
    const made = early[url];
    delete early[url];
    const response = await (made || plain.apply(self, args));
    if (!response.body) return response;
    const reader = response.clone().body.getReader();
    (async function pump() {
      try {
        for (;;) {
          const step = await reader.read();
          if (step.done) return;
          onBytes(step.value.byteLength);
        }
      } catch (e) { /* the copy is only counted */ }
    })();
    return response;
  };
}

async function start() {
  const plain = self.fetch;
  let seen = 0;
  // The runtime's big files are asked for now, with pyodide.mjs, rather than once it has arrived and
  // asks for them itself: on a slow link that is a round trip sooner for most of the bytes.
  const early = {};
  for (const name of ["pyodide.asm.wasm", config.stdlib]) early[config.runtime + name] = plain(config.runtime + name);
  self.fetch = countingFetch(plain, (n) => {
    seen += n;
    post({ type: "progress", fraction: 0.95 * seen / config.bytes, text: "正在下载规则核心" });
  }, early);
  try {
    import(config.runtime + "pyodide.asm.mjs").catch(() => {});  // the very module pyodide.mjs imports
    // the core downloads while the runtime starts
    const core = fetch(config.core).then((r) => {
      if (!r.ok) throw new Error("core: HTTP " + r.status);
      return r.arrayBuffer();
    });
    const found = findSnapshot();
    const { loadPyodide } = await import(config.runtime + "pyodide.mjs");
    // No packages are loaded: the lock file's `info` (checked against the runtime) is in the page data.
    const boot = (snapshot) => {
      const options = { indexURL: config.runtime, stdLibURL: config.runtime + config.stdlib,
                        packageBaseUrl: config.runtime, lockFileContents: { info: config.lock, packages: {} } };
      if (snapshot) {
        options._loadSnapshot = new Response(snapshot.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
      } else options._makeSnapshot = true;
      return loadPyodide(options);
    };
    const snapshot = await found;
    let py = null;
    let fromSnapshot = !!snapshot;
    if (snapshot) {
      mark("caipan-snapshot");
      try {
        py = await boot(snapshot);
      } catch (e) {
        fromSnapshot = false;
        caches.delete(SNAPSHOTS).catch(() => {});
      }
    }
    if (!py) py = await boot(null);
    mark("caipan-runtime");
    const bytes = await core;
    post({ type: "progress", fraction: 0.97, text: "正在安装规则包" });
    // the file system is not in a snapshot: the core (its rule data, modules not imported yet) goes back
    py.FS.writeFile(CORE_PATH, new Uint8Array(bytes));
    if (!fromSnapshot) py.runPython(GLUE);
    const fn = py.globals.get("caipan_call");
    call = (kind, request) => JSON.parse(fn(config.game, config.entry || "", kind,
                                            typeof request === "string" ? request : JSON.stringify(request)));
    if (!fromSnapshot) {
      call("score", {});  // import the modules once, so the first real answer is quick
      saveAfterFirstAnswer = () => saveSnapshot(py);
    }
    post({ type: "ready", snapshot: fromSnapshot });
  } catch (err) {
    post({ type: "failed", message: String(err && err.message || err) });
  } finally {
    self.fetch = plain;
  }
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === "start") {
    config = message.config;
    start();
    return;
  }
  const answers = message.requests.map((r) => call(message.kind, r));
  post({ id: message.id, answers });
  if (saveAfterFirstAnswer) {
    const save = saveAfterFirstAnswer;
    saveAfterFirstAnswer = null;
    setTimeout(save, 0);
  }
};
