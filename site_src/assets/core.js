/* caipan 裁判: the rules core in the browser (an ES module, imported by every page that runs it: 计分器,
 * 牌局记账, 练习). The core runs in a Web Worker (assets/scorer-worker.js, on Pyodide), so booting it never
 * blocks the page; `startCore` starts it once the page has painted and gives `ask(kind, requests)`, one
 * round trip: a promise of the answers, in order, each {ok} or {error} (kind: rules.page.KINDS).
 *
 * The page's root element carries where things are: data-worker, data-runtime, data-core, data-bytes and
 * data-sw (the service worker, registered once the core is ready, so the page works offline after). */
import { nextFrame } from "./dom.js";

// On a first visit the runtime (megabytes) starts downloading only after the page has loaded and
// painted, so it never competes with the page's own styles and scripts on a slow connection. Once the
// service worker controls the page, the runtime is on this device: the core starts at once.
function whenToStart() {
  if (navigator.serviceWorker && navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => {
    const later = () => nextFrame(resolve);
    if (document.readyState === "complete") later();
    else window.addEventListener("load", later, { once: true });
  });
}

/* The core for `root`'s page, given the page's config (window.CAIPAN_SCORER: game, stdlib, lock, snapshot,
 * entry). `onProgress(fraction, text)` follows the download. Returns {ready, ask}: `ready` resolves when the
 * core answers (the root gets data-ready), rejects with why it failed. */
export function startCore(root, config, onProgress) {
  const here = (attribute) => new URL(root.getAttribute(attribute), location.href).href;
  let worker = null;
  let asked = 0;
  const waiting = {};
  const ready = whenToStart().then(() => new Promise((resolve, reject) => {
    worker = new Worker(here("data-worker"), { type: "module" });
    worker.onmessage = (event) => {
      const m = event.data;
      if (m.id) {
        const answer = waiting[m.id];
        delete waiting[m.id];
        answer(m.answers);
      } else if (m.type === "progress") onProgress(m.fraction, m.text);
      else if (m.type === "mark") performance.mark(m.name, { startTime: m.at - performance.timeOrigin });
      else if (m.type === "snapshot") root.setAttribute("data-snapshot", "");
      else if (m.type === "ready") {
        if (m.snapshot) root.setAttribute("data-snapshot", "");
        performance.mark("caipan-core");
        onProgress(1, "规则核心已就绪");
        resolve();
      } else if (m.type === "failed") reject(new Error(m.message));
    };
    worker.onerror = (event) => reject(new Error(event.message || "worker"));
    worker.postMessage({ type: "start", config: {
      game: config.game, runtime: here("data-runtime"), core: here("data-core"), stdlib: config.stdlib,
      lock: config.lock, snapshot: config.snapshot, entry: config.entry || "",
      bytes: Number(root.getAttribute("data-bytes")) || 1 } });
  })).then(() => {
    root.setAttribute("data-ready", "");
    if ("serviceWorker" in navigator && root.getAttribute("data-sw")) {
      navigator.serviceWorker.register(root.getAttribute("data-sw")).catch(() => {});
    }
  });
  const ask = (kind, requests) => new Promise((resolve) => {
    const id = ++asked;
    waiting[id] = resolve;
    worker.postMessage({ id, kind, requests });
  });
  return { ready, ask };
}

/* The loading bar of a page (an element .cp-sc-loading holding a <progress> and its <label>). */
export function progressBar(root) {
  return (fraction, text) => {
    const bar = root.querySelector(".cp-sc-loading progress");
    if (bar) {
      bar.value = Math.round(100 * Math.min(1, fraction));
      bar.textContent = bar.value + "%";
    }
    const label = root.querySelector(".cp-sc-loading label");
    if (label && text) label.textContent = text;
  };
}
