/* caipan 裁判: 离线使用, on every page (an ES module; the button is in the header, partials/offline.html).
 *
 * The button opens a panel that says what this site keeps on the device (the files the pages running
 * the rules core need, from offline.json, which the build writes beside sw.js; the interpreter snapshot
 * the scorer's worker keeps; the browser's own count) and offers to download all of it ahead, before the
 * table is somewhere without signal, or to remove it. Downloading is the service worker's work (sw.js:
 * it fills its cache a few files at a time and tells every page how far it got), so it goes on while the
 * player reads another page. window.caipanOffline is a small hook for the tests: status(), download(),
 * remove() (promises) and seen (the fractions the progress bar showed).
 */
const ROOT = new URL("../", import.meta.url);
const SNAPSHOTS = "scorer-snapshot";  // scorer-worker.js
const OURS = (name) => name.indexOf("caipan-") === 0 || name === SNAPSHOTS;
const MB = (bytes) => (bytes / 1e6).toFixed(1) + " MB";

const button = document.querySelector(".cp-offline-open");
const works = "serviceWorker" in navigator && "caches" in self;
let panel = null;
let manifest = null;
const seen = [];

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

async function files() {
  if (!manifest) {
    const response = await fetch(new URL("offline.json", ROOT));
    if (!response.ok) throw new Error("offline.json: HTTP " + response.status);
    manifest = await response.json();
  }
  return manifest;
}

// What is stored: the current list's files in the cache named after its version, the snapshot, the rest.
async function status() {
  const list = await files();
  const names = (await caches.keys()).filter(OURS);
  const current = "caipan-" + list.version;
  let stored = 0, count = 0, snapshot = 0;
  if (names.includes(current)) {
    const cache = await caches.open(current);
    for (const file of list.files) {
      if (await cache.match(new URL(file.path, ROOT).href)) { stored += file.bytes; count += 1; }
    }
  }
  if (names.includes(SNAPSHOTS)) {
    const cache = await caches.open(SNAPSHOTS);
    for (const request of await cache.keys()) snapshot += (await (await cache.match(request)).blob()).size;
  }
  const estimate = navigator.storage && navigator.storage.estimate ? await navigator.storage.estimate() : {};
  const total = list.files.reduce((n, f) => n + f.bytes, 0);
  return { files: list.files.length, count, stored, total, sent: list.files.reduce((n, f) => n + f.sent, 0),
           snapshot, usage: estimate.usage || 0, caches: names };
}

function show(state, text, fraction) {
  panel.setAttribute("data-state", state);
  panel.querySelector(".cp-off-status").textContent = text;
  const bar = panel.querySelector("progress");
  bar.hidden = fraction === undefined;
  if (fraction !== undefined) {
    bar.value = Math.round(100 * fraction);
    bar.textContent = bar.value + "%";
    seen.push(fraction);
  }
}

let asked = 0;  // only the latest look at what is stored is shown
let looking = Promise.resolve();  // the latest look, which a removal waits for (it opens the caches it counts)

async function refresh() {
  const mine = ++asked;
  let s;
  try { s = await (looking = status()); } catch (e) { show("error", "读不到离线文件清单：" + (e.message || e)); return null; }
  if (mine !== asked) return s;
  const all = s.count === s.files;
  const lines = panel.querySelector(".cp-off-stored");
  lines.replaceChildren(
    el("li", {}, `计分器的网页与规则核心：${all ? "已全部下载" : s.count ? `已下载 ${s.count}/${s.files} 个文件` : "未下载"}，${MB(s.stored)}（全部 ${MB(s.total)}）`),
    el("li", {}, `计分器的启动快照（让再次打开更快）：${s.snapshot ? MB(s.snapshot) : "无"}`),
    el("li", {}, `本站在此设备上共占用约 ${MB(s.usage)}（浏览器统计）`));
  panel.querySelector(".cp-off-get").textContent = all ? "检查并补全" : `下载（约 ${MB(s.sent)} 流量）`;
  panel.querySelector(".cp-off-remove").disabled = !s.caches.length;
  if (panel.getAttribute("data-state") !== "downloading") {
    show(all ? "ready" : s.count ? "partial" : "empty",
         all ? "已可离线使用：没有信号时，计分器照常计分。" : "下载后，没有信号时也能用计分器。");
  }
  return s;
}

let finished = null;  // resolves when the service worker says the download is complete (or failed)

function heard(event) {
  const m = event.data;
  if (!m || m.type !== "caipan-offline" || !panel) return;
  if (m.error) {
    show("error", "下载中断：" + m.error + "。有信号时再试一次，已下载的部分会保留。");
    if (finished) finished.reject(new Error(m.error));
  } else if (m.complete) {
    show("ready", "下载完成：没有信号时，计分器照常计分。", 1);
    if (finished) finished.resolve();
    refresh();
  } else {
    show("downloading", `正在下载… ${MB(m.done)} / ${MB(m.total)}`, m.done / m.total);
  }
}

async function download() {
  open();
  show("downloading", "正在准备下载…", 0);
  const done = new Promise((resolve, reject) => { finished = { resolve, reject }; });
  try {
    const registration = await navigator.serviceWorker.register(new URL("sw.js", ROOT));
    // a worker installing now fills the cache as it installs; an active one fills it when asked
    if (registration.active && !registration.installing && !registration.waiting) {
      registration.active.postMessage({ type: "caipan-fill" });
    }
    await done;
  } catch (e) {
    show("error", "下载失败：" + (e.message || e));
    throw e;
  } finally {
    finished = null;
  }
  return refresh();
}

async function remove() {
  open();
  await looking.catch(() => {});  // a look still counting would open (make again) a cache deleted below
  // the service worker first (it would cache what the page fetches next), then every cache of this site
  for (const registration of await navigator.serviceWorker.getRegistrations()) {
    for (const w of [registration.active, registration.waiting, registration.installing]) {
      if (w) w.postMessage({ type: "caipan-forget" });
    }
    await registration.unregister();
  }
  for (const name of (await caches.keys()).filter(OURS)) await caches.delete(name);
  show("empty", "已删除：本站在此设备上存的离线数据都已清除。");
  return refresh();
}

function build() {
  panel = el("dialog", { class: "cp-offline md-typeset", "aria-labelledby": "cp-off-title" });
  const close = el("button", { type: "button", class: "md-button cp-off-close" }, "关闭");
  const get = el("button", { type: "button", class: "md-button md-button--primary cp-off-get" }, "下载");
  const drop = el("button", { type: "button", class: "md-button cp-off-remove" }, "删除已存的数据");
  panel.append(
    el("h2", { id: "cp-off-title" }, "离线使用"),
    el("p", {}, "牌桌上常常没有信号。在有网络时把计分器下载到本设备，之后没有信号也能计分；赔付表等页面打开过的也会留在本设备上。"),
    el("p", { class: "cp-off-status", role: "status", "aria-live": "polite" }),
    el("progress", { max: "100", value: "0", "aria-label": "下载进度", hidden: "" }),
    el("h3", {}, "本设备上存了什么"),
    el("ul", { class: "cp-off-stored" }),
    el("div", { class: "cp-off-actions" }));
  panel.querySelector(".cp-off-actions").append(get, drop, close);
  get.addEventListener("click", () => { download().catch(() => {}); });
  drop.addEventListener("click", () => { remove().catch((e) => show("error", "删除失败：" + (e.message || e))); });
  close.addEventListener("click", () => panel.close());
  document.body.append(panel);
  navigator.serviceWorker.addEventListener("message", heard);
  navigator.serviceWorker.startMessages();  // an uncontrolled page hears the worker too
}

function open() {
  if (!panel) build();
  if (!panel.open) panel.showModal();
  refresh();
}

if (button && works) {
  button.hidden = false;
  button.addEventListener("click", open);
  window.caipanOffline = { status, download, remove, seen };
}
