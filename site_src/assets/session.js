/* caipan 裁判: the 牌局记账 (session ledger) pages.
 *
 * The rules are NOT in this file: a night is the very object `caipan session` reads ({players, dealer,
 * rules|readings, hands}); every change (a hand added, edited, deleted, undone, redone, imported) is sent
 * whole to the rules core (core.js: `ask("session", [night])`, the same call as the CLI) and kept only
 * when the core accepts it; what the page shows (dealers, 圈, nets, totals, transfers) is the core's answer.
 *
 * Nights are kept on this device (store.js: IndexedDB, a memory fallback that says why), saved on every
 * change, named and dated; a stored night carries its schema version and older ones are migrated.
 * The address: `#` + the night (URL-encoded), or `#z=` + the night deflated (base64url), is a shared
 * night, added as a new one; `#score=` + a score request is a hand carried from the 计分器 (记入牌局).
 *
 * window.caipanSession is a small hook for tests and the benchmark. Every value inserted as HTML goes
 * through esc(). This script names no game: what differs comes from window.CAIPAN_SESSION.
 */
import { startCore, progressBar } from "./core.js";
import { esc, has } from "./dom.js";
import { open as openStore } from "./store.js";
import qrcode from "./vendor/qrcode.mjs";

const root = document.querySelector(".cp-session[data-game]");
const CFG = window.CAIPAN_SESSION;
const MAX_BYTES = 1 << 18;  // rules.session.MAX_SESSION_BYTES: what the core reads of a night
const LINK_PLAIN = 1800;  // a longer link is compressed
const RULES = CFG ? CFG.rules_key : "";
const COLOURS = ["#00695c", "#bf360c", "#1a237e", "#6a1b9a"];

/* ------------------------------------------------------------------ stored nights */

// One store holds the nights of every game, each record naming its game. v0 (a first draft of this page)
// kept the night's fields flat beside game, title and date; v1 keeps the night exactly as `caipan session`
// reads it under "night", with its name and when it was started.
const migrated = new Set();
export function migrate(record) {
  if (record.v === 0) {
    const night = { players: record.players, dealer: record.dealer };
    if (record[RULES] !== undefined) night[RULES] = record[RULES];
    night.hands = record.hands || [];
    migrated.add(record.id);
    return { id: record.id, v: 1, game: record.game, name: String(record.title || "牌局"), created: String(record.date || ""), night };
  }
  return record;
}

let store = null;
const nights = new Map();  // id → record {id, v, name, created, night, pending?}
let current = null;  // the record shown
let answer = null;  // the core's answer for it
const undo = new Map();  // id → [night text …]
const redo = new Map();
let message = "";  // the last refusal or note, for the player
let editing = -1;  // the hand whose edit panel is open
let core = null;
let coreReady = false;
let busy = Promise.resolve();

function now() {
  const d = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

function newId() {
  return "n" + Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
}

async function save(record) {
  const kept = await store.put(record);
  nights.set(kept.id, kept);
  return kept;
}

/* ------------------------------------------------------------------ the core */

async function judge(text) {
  if (new TextEncoder().encode(text).length > MAX_BYTES) return { error: "太大了：一晚的记录最多 256 KB" };
  const [a] = await core.ask("session", [text]);
  return a;
}

// The night `next` for the record shown, kept if the core accepts it (the old one goes on the undo list).
async function commit(next, { keepRedo = false, toUndo = true } = {}) {
  const text = JSON.stringify(next);
  const a = await judge(text);
  if (a.error) { message = "不成立：" + a.error; draw(); return false; }
  if (toUndo && current.night) stack(undo, current.id).push(JSON.stringify(current.night));
  if (!keepRedo) redo.set(current.id, []);
  current = await save({ ...current, night: JSON.parse(text) });
  answer = a.ok;
  message = "";
  editing = -1;
  draw();
  return true;
}

// Events are handled one at a time, in order (each may wait for the core).
function queue(work) {
  busy = busy.then(work).catch((err) => { message = "出错了：" + (err && err.message || err); draw(); });
  return busy;
}

function stack(map, id) {
  if (!map.has(id)) map.set(id, []);
  return map.get(id);
}

async function show(record) {
  current = record;
  try { if (record) sessionStorage.setItem("caipan-session-" + CFG.game, record.id); } catch (e) { /* not kept: the latest night shows */ }
  answer = null;
  editing = -1;
  if (record && record.night) {
    const a = await judge(JSON.stringify(record.night));
    if (a.error) message = "这一晚的记录有问题：" + a.error;
    else answer = a.ok;
  }
  draw();
}

/* ------------------------------------------------------------------ the night's words */

function players() { return current.night.players; }

function rulesText(night) {
  const rules = night[RULES];
  if (CFG.presets) {
    const r = typeof rules === "string" ? { preset: rules } : (rules || {});
    const preset = CFG.presets.find((p) => p.id === r.preset || p.name === r.preset) || CFG.presets[0];
    const parts = Object.keys(r.options || {}).map((k) => {
      const spec = CFG.options.find((o) => o.key === k);
      const value = spec && spec.values.find((v) => v[0] === r.options[k]);
      return spec ? spec.name + "：" + (value ? value[1] : r.options[k]) : k;
    });
    return preset.name + (parts.length ? "；" + parts.join("；") : "");
  }
  if (CFG.readings) {
    const rs = rules || {};
    const parts = Object.keys(rs).map((id) => {
      const spec = CFG.readings.find((x) => x.id === id);
      const value = spec && spec.values.find((v) => v[0] === rs[id]);
      return spec ? spec.name + "：" + (value ? value[1] : rs[id]) : id;
    });
    return parts.length ? parts.join("；") : "全部取默认读法";
  }
  return "";
}

function kindOf(hand) {
  if (has(hand, "winner")) return "winner";
  if (has(hand, "draw")) return "draw";
  if (has(hand, "false_win")) return "false_win";
  return "adjust";
}

// A hand's score request as the 计分器 takes it on its own: with the night's rules and, where a score
// says whether the winner deals, that too (the night fills both in).
function scorerLink(hand, done) {
  const score = { ...hand.score };
  if (current.night[RULES] !== undefined && score[RULES] === undefined) score[RULES] = current.night[RULES];
  if (CFG.dealer_flag && done && done.dealer === hand.winner) score[CFG.dealer_flag] = true;
  return root.getAttribute("data-scorer") + "#" + encodeURIComponent(JSON.stringify(score));
}

function signed(n) { return (n > 0 ? "+" : "") + n; }

/* ------------------------------------------------------------------ drawing */

const $ = (sel) => root.querySelector(sel);
let uid = 0;
function field(label, control) {
  const id = "cp-ss-" + CFG.game + "-" + (++uid);
  return '<div class="cp-sc-field"><label for="' + id + '">' + esc(label) + "</label>" + control.replace("%ID%", id) + "</div>";
}
function options(list, chosen) {
  return list.map((o) => '<option value="' + esc(o[0]) + '"' + (o[0] === chosen ? " selected" : "") + ">" + esc(o[1]) + "</option>").join("");
}
function nameOptions(chosen, blank) {
  return options((blank ? [["", blank]] : []).concat(players().map((p) => [p, p])), chosen);
}
function button(action, text, extra = "") {
  return '<button type="button" class="cp-sc-button" data-ss="' + action + '"' + extra + ">" + esc(text) + "</button>";
}

function nightsBar() {
  const list = [...nights.values()].sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : a.id < b.id ? 1 : -1));
  return '<section class="cp-sc-section cp-ss-nights" aria-label="各晚的记录"><div class="cp-ss-row">' +
    (list.length ? "" : '<p class="cp-small">这台设备上还没有记过牌局。</p>') + (!list.length ? "" : field("这一晚", '<select id="%ID%" data-ss-change="pick">' + list.map((r) =>
      '<option value="' + esc(r.id) + '"' + (current && r.id === current.id ? " selected" : "") + ">" +
      esc(r.name + " · " + r.created) + "</option>").join("") + "</select>")) +
    (current && current.night ? button("new", "新开一晚") : "") + "</div>" +
    (store.problem ? '<p class="cp-sc-error" role="alert" data-store-problem>记录只在这个标签页里，关掉就没了：' + esc(store.problem) + "</p>" : "") +
    (store.newer ? '<p class="cp-small">另有 ' + esc(store.newer) + " 晚是本站更新的版本记下的，这里不动它们。</p>" : "") +
    "</section>";
}

function setupForm() {
  const html = ['<section class="cp-sc-section cp-ss-setup" aria-labelledby="cp-ss-h-setup"><h2 id="cp-ss-h-setup">开一晚：谁在打，谁先坐庄</h2>',
    '<p class="cp-small">按出牌顺序填 ' + esc(CFG.players) + " 位玩家的名字（每一位是前一位的下家）。</p><div class=\"cp-sc-grid\">"];
  html.push(field("这一晚叫", '<input id="%ID%" data-setup="name" maxlength="40" value="' + esc("牌局 " + now().slice(0, 10)) + '">'));
  for (let i = 0; i < CFG.players; i++) {
    html.push(field("第 " + (i + 1) + " 位", '<input id="%ID%" data-setup-player="' + i + '" maxlength="16" value="' + esc(CFG.example[i] || "") + '">'));
  }
  html.push(field("第一盘的庄家", '<select id="%ID%" data-setup="dealer">' + options(CFG.example.slice(0, CFG.players).map((p, i) => [String(i), "第 " + (i + 1) + " 位（" + p + "）"]), "0") + "</select>"));
  if (CFG.presets) {
    html.push(field("规则预设", '<select id="%ID%" data-setup="preset">' + options(CFG.presets.map((p) => [p.id, p.name]), CFG.presets[0].id) + "</select>"));
  }
  // The options and readings are many (字牌 has some twenty): folded, so that 开始记账 stays near on a phone.
  const fine = [];
  (CFG.presets ? CFG.options : []).forEach((o) => {
    fine.push(field(o.name, '<select id="%ID%" data-setup-option="' + esc(o.key) + '">' +
      options([["", "按预设"]].concat(o.values), "") + "</select>"));
  });
  (CFG.readings || []).forEach((r) => {
    fine.push(field(r.name, '<select id="%ID%" data-setup-reading="' + esc(r.id) + '">' +
      options(r.values.map((v) => [v[0], v[1] + (v[0] === r.default ? "（默认）" : "")]), r.default) + "</select>"));
  });
  html.push("</div>");
  if (fine.length) {
    html.push('<details class="cp-ss-adjust"><summary>' + (CFG.presets ? "规则细项（不改就按预设）" : "规则读法（不改就按默认）") +
      '</summary><div class="cp-sc-grid">' + fine.join("") + "</div></details>");
  }
  html.push(button("start", "开始记账") + "</section>");
  return html.join("");
}

function setupNight() {
  const names = [...root.querySelectorAll("[data-setup-player]")].map((e) => e.value.trim());
  const night = { players: names, dealer: names[Number($('[data-setup="dealer"]').value)] };
  if (CFG.presets) {
    const preset = $('[data-setup="preset"]').value;
    const chosen = {};
    root.querySelectorAll("[data-setup-option]").forEach((e) => { if (e.value) chosen[e.getAttribute("data-setup-option")] = e.value; });
    if (Object.keys(chosen).length) night[RULES] = { preset, options: chosen };
    else if (preset !== CFG.presets[0].id) night[RULES] = preset;
  }
  if (CFG.readings) {
    const chosen = {};
    root.querySelectorAll("[data-setup-reading]").forEach((e) => {
      const id = e.getAttribute("data-setup-reading");
      if (e.value !== CFG.readings.find((r) => r.id === id).default) chosen[id] = e.value;
    });
    if (Object.keys(chosen).length) night[RULES] = chosen;
  }
  night.hands = [];
  return night;
}

function totalsBar() {
  const totals = answer ? answer.totals : Object.fromEntries(players().map((p) => [p, 0]));
  const next = answer ? answer.dealer : current.night.dealer;
  return '<div class="cp-ss-totals" aria-label="合计">' + players().map((p, i) =>
    '<div class="cp-ss-player" style="border-color:' + COLOURS[i % COLOURS.length] + '" data-player="' + esc(p) + '" data-total="' + esc(totals[p]) + '">' +
    '<span class="cp-ss-name">' + esc(p) + (p === next ? ' <span class="cp-ss-dealer" title="下一盘的庄家">庄</span>' : "") + "</span>" +
    '<strong class="cp-ss-total">' + esc(signed(totals[p])) + "</strong></div>").join("") +
    '<p class="cp-ss-next" data-next-dealer="' + esc(next) + '"' + (answer && answer.quan ? ' data-quan="' + esc(answer.quan) + '"' : "") + ">" +
    "第 " + esc(current.night.hands.length + 1) + " 盘 庄家 <b>" + esc(next) + "</b>" +
    (answer && answer.quan ? "，" + esc(answer.quan) + "圈" : "") + "</p></div>";
}

function pendingPanel() {
  const p = current.pending;
  if (!p) return "";
  const hand = p.score || {};
  const what = [hand.hand, hand.win].filter(Boolean).join(" · ");
  const html = ['<section class="cp-sc-section cp-ss-pending" aria-labelledby="cp-ss-h-pending"><h2 id="cp-ss-h-pending">从计分器带来的一盘</h2>',
    '<p class="cp-ss-what">' + esc(what) + "</p>"];
  if (p.more) {
    html.push("<p>一炮多响：另一家也胡了：" + p.more.map((m) => esc(m.hand)).join("、") + "</p>");
  }
  const awaiting = p.more && p.more.some((m) => !m.winner);
  if (!p.winner || awaiting) {
    html.push("<p>" + (awaiting ? "这一家是谁？" : "这一盘谁胡的？") + '</p><div class="cp-ss-row">' + players().filter((n) => n !== p.winner &&
      !(p.more || []).some((m) => m.winner === n)).map((n) =>
      '<button type="button" class="cp-sc-button cp-ss-pick" data-ss="winner" data-name="' + esc(n) + '">' + esc(n) + "</button>").join("") + "</div>");
  } else {
    html.push("<p>胡牌：<b>" + esc([p.winner].concat((p.more || []).map((m) => m.winner)).join("、")) + "</b></p>");
    html.push(field("记为", '<select id="%ID%" data-ss-change="target">' + options([["", "新的一盘（第 " + (current.night.hands.length + 1) + " 盘）"]].concat(
      current.night.hands.map((h, i) => [String(i), "替换第 " + (i + 1) + " 盘"])), p.target || "") + "</select>"));
    html.push('<div class="cp-ss-row">' + button("record", "记入这一盘"));
    if (CFG.multi_seats && (p.more || []).length < CFG.multi_seats.length - 1) {
      html.push('<a class="cp-sc-button cp-ss-link" data-ss-multi href="' + esc(root.getAttribute("data-scorer") + "?also") + '">一炮多响：到计分器摆另一家的牌</a>');
    }
    html.push("</div>");
  }
  html.push(button("drop", "不记了") + "</section>");
  return html.join("");
}

function entries() {
  const html = ['<section class="cp-sc-section cp-ss-entries" aria-labelledby="cp-ss-h-add"><h2 id="cp-ss-h-add">记一盘</h2>',
    '<p><a class="cp-sc-button cp-ss-link" data-ss-scorer href="' + esc(root.getAttribute("data-scorer")) +
    '">胡牌：到计分器摆牌，再点“记入牌局”</a></p><div class="cp-ss-quick">'];
  if (CFG.kinds.includes("draw")) {
    html.push('<div class="cp-ss-row">' + (CFG.draw_last ? field("最后摸牌的", '<select id="%ID%" data-quick="last">' + nameOptions("", "（不填）") + "</select>") : "") +
      button("draw", "荒庄") + "</div>");
  }
  if (CFG.kinds.includes("false_win")) {
    html.push('<div class="cp-ss-row">' + field("诈胡的", '<select id="%ID%" data-quick="false_win">' + nameOptions(players()[0]) + "</select>") +
      button("false_win", "诈胡") + "</div>");
  }
  if (CFG.kinds.includes("adjust")) {
    html.push('<details class="cp-ss-adjust"><summary>调整（手动加减分，要写原因）</summary><div class="cp-sc-grid">' +
      players().map((p, i) => field(p + "（+ 收 / − 付）", '<input id="%ID%" type="number" inputmode="numeric" step="1" data-adjust="' + i + '" value="0">')).join("") +
      field("原因", '<input id="%ID%" data-quick="reason" maxlength="80">') + "</div>" + button("adjust", "记入调整") + "</details>");
  }
  html.push("</div>" + '<div class="cp-ss-row">' + button("undo", "撤销", (stack(undo, current.id).length ? "" : " disabled")) +
    button("redo", "重做", (stack(redo, current.id).length ? "" : " disabled")) + "</div></section>");
  return html.join("");
}

// What a hand came to, in words: who won (or who declared a false win) and how.
function outcome(hand, done) {
  if (!done) return "";
  const who = done.winners.length ? done.winners.join("、") : kindOf(hand) === "false_win" ? hand.false_win : "";
  return (who ? who + " " : "") + done.kind;
}

const KIND_WORDS = { winner: "胡牌", draw: "荒庄", false_win: "诈胡", adjust: "调整" };

function handLine(hand, i) {
  const done = answer && answer.hands[i];
  const kind = kindOf(hand);
  const who = outcome(hand, done) || KIND_WORDS[kind];
  const nets = done ? players().map((p) => '<span class="cp-ss-net" data-net="' + esc(done.net[p]) + '">' + esc(p) + " " + esc(signed(done.net[p])) + "</span>").join(" ") : "";
  const html = ['<li class="cp-ss-hand" data-hand="' + i + '"><div class="cp-ss-head"><b>第 ' + (i + 1) + " 盘</b> 庄 " + esc(done ? done.dealer : "") +
    (done && done.quan ? " · " + esc(done.quan) + "圈" : "") + " · " + esc(who) + (kind === "adjust" ? "（" + esc(hand.reason) + "）" : "") + "</div>" +
    '<div class="cp-ss-nets">' + nets + "</div><div class=\"cp-ss-row\">" +
    (kind === "winner" ? '<a class="cp-ss-ruling" href="' + esc(scorerLink(hand, done)) + '">看裁定</a>' : "") +
    button("edit", "改", ' data-i="' + i + '"') + button("delete", "删", ' data-i="' + i + '"') + "</div>"];
  if (editing === i) html.push(editPanel(hand, i));
  html.push("</li>");
  return html.join("");
}

function editPanel(hand, i) {
  const kind = kindOf(hand);
  const html = ['<div class="cp-ss-edit" data-edit="' + i + '"><div class="cp-sc-grid">'];
  if (kind === "winner") {
    html.push(field("谁胡的", '<select id="%ID%" data-edit-field="winner">' + nameOptions(hand.winner) + "</select>"));
    html.push('<p class="cp-small">要改牌：到计分器改好，点“记入牌局”，再选“替换第 ' + (i + 1) + ' 盘”。</p>');
  } else if (kind === "draw") {
    if (CFG.draw_last) html.push(field("最后摸牌的", '<select id="%ID%" data-edit-field="last">' + nameOptions(hand.last || "", "（不填）") + "</select>"));
  } else if (kind === "false_win") {
    html.push(field("诈胡的", '<select id="%ID%" data-edit-field="false_win">' + nameOptions(hand.false_win) + "</select>"));
  } else {
    players().forEach((p, k) => html.push(field(p, '<input id="%ID%" type="number" step="1" data-edit-adjust="' + k + '" value="' + esc((hand.adjust || {})[p] || 0) + '">')));
    html.push(field("原因", '<input id="%ID%" data-edit-field="reason" maxlength="80" value="' + esc(hand.reason) + '">'));
  }
  html.push("</div>" + button("save-edit", "保存修改", ' data-i="' + i + '"') + button("cancel-edit", "不改了") + "</div>");
  return html.join("");
}

function handList() {
  if (!current.night.hands.length) return '<section class="cp-sc-section"><h2>每一盘</h2><p class="cp-small">还没有记任何一盘。</p></section>';
  return '<section class="cp-sc-section cp-ss-history" aria-labelledby="cp-ss-h-history"><h2 id="cp-ss-h-history">每一盘</h2><ol class="cp-ss-hands" reversed>' +
    current.night.hands.map(handLine).reverse().join("") + "</ol></section>";
}

function settlement() {
  if (!answer) return "";
  const t = answer.transfers;
  return '<section class="cp-sc-section cp-ss-settle" aria-labelledby="cp-ss-h-settle"><h2 id="cp-ss-h-settle">现在结账：谁付给谁</h2>' +
    (t.length ? '<ul class="cp-ss-transfers">' + t.map((x) => '<li data-from="' + esc(x.from) + '" data-to="' + esc(x.to) + '" data-amount="' + esc(x.amount) + '">' +
      esc(x.from) + " 付给 " + esc(x.to) + " <b>" + esc(x.amount) + "</b></li>").join("") + "</ul>"
      : "<p>谁也不欠谁。</p>") + '<p class="cp-small">最少的转账笔数（不超过人数减一）。</p></section>';
}

// The night's running totals per player: an SVG drawn here (no library).
function chart() {
  if (!answer || !answer.hands.length) return "";
  const names = players();
  const series = names.map((p) => [0].concat(answer.hands.map((h) => h.totals[p])));
  const all = series.flat();
  const hi = Math.max(1, ...all), lo = Math.min(-1, ...all);
  const W = 340, H = 180, pad = 24;
  const x = (k) => pad + (W - 2 * pad) * k / Math.max(1, answer.hands.length);
  const y = (v) => pad / 2 + (H - pad) * (hi - v) / (hi - lo);
  const lines = series.map((s, i) => '<polyline fill="none" stroke-width="2" stroke="' + COLOURS[i % COLOURS.length] + '" points="' +
    s.map((v, k) => x(k).toFixed(1) + "," + y(v).toFixed(1)).join(" ") + '"/>').join("");
  const legend = names.map((p, i) => '<span class="cp-ss-key"><i style="background:' + COLOURS[i % COLOURS.length] + '"></i>' + esc(p) + "</span>").join("");
  return '<section class="cp-sc-section cp-ss-chart" aria-labelledby="cp-ss-h-chart"><h2 id="cp-ss-h-chart">这一晚的走势</h2>' +
    '<svg viewBox="0 0 ' + W + " " + H + '" role="img" aria-label="每一盘之后各人的累计分"><line x1="' + pad + '" x2="' + (W - pad) + '" y1="' + y(0).toFixed(1) +
    '" y2="' + y(0).toFixed(1) + '" stroke="#999" stroke-dasharray="3 3"/>' + lines +
    '<text x="2" y="' + (y(hi) + 4).toFixed(1) + '" font-size="10">' + esc(hi) + '</text><text x="2" y="' + (y(lo)).toFixed(1) + '" font-size="10">' + esc(lo) + "</text></svg>" +
    '<p class="cp-ss-legend">' + legend + "</p></section>";
}

function keeping() {
  return '<section class="cp-sc-section cp-ss-keep" aria-labelledby="cp-ss-h-keep"><h2 id="cp-ss-h-keep">保存、分享、打印</h2>' +
    '<div class="cp-ss-row">' + button("share", "生成分享链接和二维码") + button("print", "打印本晚") + "</div>" +
    '<div class="cp-ss-share" hidden></div>' +
    '<div class="cp-ss-row">' + button("export", "导出文件") + button("csv", "导出表格（CSV）") + "</div>" +
    importField() +
    '<div class="cp-ss-row">' + field("这一晚叫", '<input id="%ID%" data-ss-name maxlength="40" value="' + esc(current.name) + '">') +
    button("rename", "改名") + button("forget", "删除这一晚") + "</div></section>";
}

function importField() {
  return field("导入文件（本站导出的牌局文件，作为新的一晚）", '<input id="%ID%" type="file" accept=".json,application/json" data-ss-import>');
}

function printSheet() {
  if (!answer) return "";
  const names = players();
  return '<section class="cp-ss-print" aria-hidden="true"><h2>' + esc(CFG.title) + "牌局记账 · " + esc(current.name) + " · " + esc(current.created) + "</h2>" +
    "<p>玩家（出牌顺序）：" + esc(names.join("、")) + "；第一盘庄家：" + esc(current.night.dealer) + "；规则：" + esc(rulesText(current.night)) +
    "；数据版本 " + esc(root.getAttribute("data-edition")) + "</p>" +
    '<table class="cp-ss-sheet"><thead><tr><th>盘</th><th>庄</th><th>结果</th>' + names.map((p) => "<th>" + esc(p) + "</th>").join("") + "</tr></thead><tbody>" +
    answer.hands.map((h, i) => "<tr><td>" + (i + 1) + "</td><td>" + esc(h.dealer + (h.quan ? " " + h.quan : "")) + "</td><td>" +
      esc(outcome(current.night.hands[i], h)) + "</td>" + names.map((p) => "<td>" + esc(signed(h.net[p])) + "</td>").join("") + "</tr>").join("") +
    "</tbody><tfoot><tr><th colspan=\"3\">合计</th>" + names.map((p) => "<th>" + esc(signed(answer.totals[p])) + "</th>").join("") + "</tr></tfoot></table>" +
    "<p>结账：" + (answer.transfers.length ? answer.transfers.map((x) => esc(x.from + " 付给 " + x.to + " " + x.amount)).join("；") : "谁也不欠谁") + "</p></section>";
}

function draw() {
  const loading = root.querySelector(".cp-sc-loading");
  const html = [nightsBar()];
  if (message) html.push('<p class="cp-sc-error" role="alert" data-ss-message>' + esc(message) + "</p>");
  if (!current || !current.night) html.push(setupForm(), '<section class="cp-sc-section">' + importField() + "</section>");
  else {
    html.push(totalsBar(), pendingPanel(), entries(), handList(), settlement(), chart(), keeping(), printSheet());
  }
  let box = root.querySelector(".cp-ss-body");
  if (!box) {
    box = document.createElement("div");
    box.className = "cp-ss-body";
    root.appendChild(box);
  }
  box.innerHTML = html.join("");
  if (loading) loading.hidden = coreReady;
  root.toggleAttribute("data-busy", false);
}

/* ------------------------------------------------------------------ the hands */

function withHand(hand, at) {
  const hands = current.night.hands.slice();
  if (at === undefined || at === "" || at === null) hands.push(hand);
  else hands[Number(at)] = hand;
  return { ...current.night, hands };
}

function fromPending() {
  const p = current.pending;
  const score = { ...p.score };
  if (p.more && p.more.length && CFG.multi_seats) {
    const at = players().indexOf(p.winner);
    score.multi = p.more.map((m) => {
      const step = (players().indexOf(m.winner) - at + players().length) % players().length;
      const other = { seat: CFG.multi_seats[step - 1], hand: m.score.hand };
      ["melds", "win_tile"].forEach((k) => { if (m.score[k] !== undefined) other[k] = m.score[k]; });
      return other;
    });
  }
  return { winner: p.winner, score };
}

async function onClick(event) {
  const b = event.target.closest("[data-ss]");
  if (!b || !root.contains(b) || b.disabled) return;
  const action = b.getAttribute("data-ss");
  const i = Number(b.getAttribute("data-i"));
  if (action === "new") { await show(null); return; }
  if (action === "start") {
    const night = setupNight();
    const a = await judge(JSON.stringify(night));
    if (a.error) { message = "不成立：" + a.error; draw(); return; }
    const name = $('[data-setup="name"]').value.trim() || "牌局";
    const record = await save({ id: newId(), game: CFG.game, name, created: now(), night });
    message = "";
    await show(record);
    return;
  }
  if (!current || !coreReady) return;
  const hands = current.night ? current.night.hands : [];
  if (action === "draw") {
    const hand = { draw: true };
    const last = $('[data-quick="last"]');
    if (last && last.value) hand.last = last.value;
    await commit(withHand(hand));
  } else if (action === "false_win") await commit(withHand({ false_win: $('[data-quick="false_win"]').value }));
  else if (action === "adjust") {
    const adjust = {};
    root.querySelectorAll("[data-adjust]").forEach((e) => { const n = Number(e.value); if (n) adjust[players()[Number(e.getAttribute("data-adjust"))]] = n; });
    await commit(withHand({ adjust, reason: $('[data-quick="reason"]').value.trim() }));
  } else if (action === "winner") {
    const p = current.pending;
    const open = p.more && p.more.find((m) => !m.winner);
    if (open) open.winner = b.getAttribute("data-name"); else p.winner = b.getAttribute("data-name");
    current = await save(current);
    draw();
  } else if (action === "record") {
    const target = current.pending.target;
    if (await commit(withHand(fromPending(), target))) { delete current.pending; current = await save(current); draw(); }
  } else if (action === "drop") { delete current.pending; current = await save(current); draw(); }
  else if (action === "undo" || action === "redo") {
    const from = stack(action === "undo" ? undo : redo, current.id);
    if (!from.length) return;
    const text = from.pop();
    stack(action === "undo" ? redo : undo, current.id).push(JSON.stringify(current.night));
    await commit(JSON.parse(text), { keepRedo: true, toUndo: false });
  } else if (action === "delete") await commit({ ...current.night, hands: hands.filter((_, k) => k !== i) });
  else if (action === "edit") { editing = editing === i ? -1 : i; draw(); }
  else if (action === "cancel-edit") { editing = -1; draw(); }
  else if (action === "save-edit") await commit(withHand(edited(hands[i]), i));
  else if (action === "share") await share();
  else if (action === "print") window.print();
  else if (action === "export") download(exportText(current.night), fileName("json"), "application/json");
  else if (action === "csv") download("\ufeff" + csv(), fileName("csv"), "text/csv;charset=utf-8");
  else if (action === "rename") {
    current = await save({ ...current, name: $("[data-ss-name]").value.trim() || current.name });
    draw();
  } else if (action === "forget") {
    if (!window.confirm("删除“" + current.name + "”？删除后找不回来。")) return;
    await store.remove(current.id);
    nights.delete(current.id);
    await show(latest());
  }
}

function edited(hand) {
  const box = root.querySelector(".cp-ss-edit");
  const value = (key) => box.querySelector('[data-edit-field="' + key + '"]');
  const kind = kindOf(hand);
  if (kind === "winner") return { ...hand, winner: value("winner").value };
  if (kind === "draw") {
    const out = { ...hand };
    delete out.last;
    if (value("last") && value("last").value) out.last = value("last").value;
    return out;
  }
  if (kind === "false_win") return { false_win: value("false_win").value };
  const adjust = {};
  box.querySelectorAll("[data-edit-adjust]").forEach((e) => { const n = Number(e.value); if (n) adjust[players()[Number(e.getAttribute("data-edit-adjust"))]] = n; });
  return { adjust, reason: value("reason").value.trim() };
}

async function onChange(event) {
  const t = event.target;
  const what = t.getAttribute("data-ss-change");
  if (what === "pick") await show(nights.get(t.value) || null);
  else if (what === "target") { current.pending.target = t.value; current = await save(current); }
  else if (t.hasAttribute("data-ss-import")) {
    const file = t.files && t.files[0];
    if (file) await importText(await file.text(), "导入");
    t.value = "";
  }
}

/* ------------------------------------------------------------------ export, import, share */

function exportText(night) { return JSON.stringify(night, null, 2) + "\n"; }

function fileName(ext) {
  return CFG.game + "-" + (current.name || "night").replace(/[\\/:*?"<>|\s]+/g, "_") + "." + ext;
}

function download(text, name, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// A cell Excel cannot take for a formula: text that starts with = + - @ (or a tab or return) gets a ' first.
function cell(value) {
  let s = String(value);
  if (typeof value !== "number" && /^[=+\-@\t\r]/.test(s)) s = "'" + s;
  return /[",\n\r]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

function csv() {
  const names = players();
  const quan = answer.hands.some((h) => h.quan);
  const rows = [["盘", "庄家"].concat(quan ? ["圈"] : [], ["结果", "胡牌", "说明"], names.map((p) => p + " 本盘"), names.map((p) => p + " 累计"))];
  answer.hands.forEach((h, i) => {
    const hand = current.night.hands[i];
    rows.push([i + 1, h.dealer].concat(quan ? [h.quan] : [], [h.kind, h.winners.join("、"), kindOf(hand) === "adjust" ? hand.reason : h.formula],
      names.map((p) => h.net[p]), names.map((p) => h.totals[p])));
  });
  return rows.map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

function isObject(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }

// A night from outside (a file, a link): judged by the core, as `caipan session` would, BEFORE anything is
// stored; then kept as a new night. Returns whether it was taken.
async function importText(text, how) {
  let refusal = "";
  let value = null;
  if (typeof text !== "string" || !text.trim()) refusal = "是空的";
  else if (new TextEncoder().encode(text).length > MAX_BYTES) refusal = "太大了（一晚最多 256 KB）";
  else {
    try { value = JSON.parse(text); } catch (e) { refusal = "不是本站导出的牌局文件（读不出来）"; }
    if (!refusal && !isObject(value)) refusal = "不是一晚的记录";
    const version = value && isObject(value) ? value.v ?? value.version : undefined;
    if (!refusal && typeof version === "number" && version > CFG.version) refusal = "来自本站更新的版本，这一版读不了；请先更新本页";
  }
  if (!refusal) {
    const a = await judge(text);
    if (a.error) refusal = "规则核心不接受：" + a.error;
  }
  if (refusal) {
    message = how + "失败，什么也没有改：" + refusal;
    draw();
    return false;
  }
  const record = await save({ id: newId(), game: CFG.game, name: how === "导入" ? "导入的牌局" : "链接里的牌局", created: now(), night: value });
  message = "";
  await show(record);
  return true;
}

function base64url(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function through(stream, bytes, most) {
  const out = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await out.read();
    if (done) break;
    size += value.length;
    if (size > most) { out.cancel(); throw new Error("too big"); }
    parts.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  parts.forEach((p) => { all.set(p, at); at += p.length; });
  return all;
}

async function shareLink(night) {
  const text = JSON.stringify(night);
  const base = location.origin + location.pathname;
  const plain = base + "#" + encodeURIComponent(text);
  if (plain.length <= LINK_PLAIN || typeof CompressionStream === "undefined") return plain;
  const packed = await through(new CompressionStream("deflate-raw"), new TextEncoder().encode(text), MAX_BYTES);
  return base + "#z=" + base64url(packed);
}

async function unpack(code) {
  const b64 = code.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(b64 + "===".slice((b64.length + 3) % 4)), (c) => c.charCodeAt(0));
  const out = await through(new DecompressionStream("deflate-raw"), bytes, MAX_BYTES);
  return new TextDecoder("utf-8", { fatal: true }).decode(out);
}

function qrSvg(text) {
  const q = qrcode(0, "L");
  q.addData(text);
  q.make();
  const n = q.getModuleCount();
  let path = "";
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (q.isDark(r, c)) path += "M" + (c + 4) + " " + (r + 4) + "h1v1h-1z";
  return '<svg class="cp-ss-qr" viewBox="0 0 ' + (n + 8) + " " + (n + 8) + '" role="img" aria-label="这一晚的二维码"><rect width="100%" height="100%" fill="#fff"/><path d="' + path + '" fill="#000"/></svg>';
}

async function share() {
  const link = await shareLink(current.night);
  let qr;
  try { qr = qrSvg(link); } catch (e) { qr = '<p class="cp-small">这一晚太长，二维码放不下，请把链接发给大家。</p>'; }
  const box = $(".cp-ss-share");
  box.hidden = false;
  box.innerHTML = field("分享链接（打开它的人会多出一晚同样的记录）", '<input id="%ID%" readonly data-ss-link value="' + esc(link) + '">') + qr;
}

/* ------------------------------------------------------------------ the address */

async function fromHash() {
  const hash = location.hash.replace(/^#/, "");
  if (!hash) return;
  history.replaceState(null, "", location.pathname + location.search);
  const also = hash.startsWith("also=");
  if (also || hash.startsWith("score=")) {
    let score = null;
    try { score = JSON.parse(decodeURIComponent(hash.slice(hash.indexOf("=") + 1))); } catch (e) { score = null; }
    if (!isObject(score)) { message = "从计分器带来的牌读不出来"; draw(); return; }
    if (!current || !current.night) { message = "先开一晚（填好玩家），再从计分器记入"; draw(); return; }
    const p = current.pending;
    if (also && p && p.winner) p.more = (p.more || []).concat([{ score }]);
    else current.pending = { score };
    current = await save(current);
    draw();
    return;
  }
  let text;
  try { text = hash.startsWith("z=") ? await unpack(hash.slice(2)) : decodeURIComponent(hash); } catch (e) {
    message = "打开链接失败，什么也没有改：链接不完整或已损坏";
    draw();
    return;
  }
  await importText(text, "打开链接");
}

function latest() {
  return [...nights.values()].sort((a, b) => (a.created < b.created ? 1 : -1))[0] || null;
}

/* ------------------------------------------------------------------ start */

async function start() {
  // the night's sheet prints on one A4 portrait page (this page's own rule: the cheat sheets print landscape)
  const paper = document.createElement("style");
  paper.textContent = "@page { size: A4 portrait; margin: 12mm; }";
  document.head.appendChild(paper);
  store = await openStore("nights", CFG.version, migrate);
  for (const r of await store.all()) if (r.game === CFG.game) nights.set(r.id, r);
  for (const id of migrated) await save(nights.get(id));  // written back at the new version
  let kept = null;  // the night this tab showed last (a reload shows it again)
  try { kept = sessionStorage.getItem("caipan-session-" + CFG.game); } catch (e) { kept = null; }
  current = (kept && nights.get(kept)) || latest();
  draw();
  root.addEventListener("click", (e) => queue(() => onClick(e)));
  root.addEventListener("change", (e) => queue(() => onChange(e)));
  core = startCore(root, CFG, progressBar(root));
  await core.ready;
  coreReady = true;
  await show(current);
  window.addEventListener("hashchange", () => queue(fromHash));
  await queue(fromHash);
}

if (root && CFG) {
  const ready = start().catch((err) => {
    const loading = root.querySelector(".cp-sc-loading");
    if (loading) loading.innerHTML = '<p class="cp-sc-error" role="alert">规则核心载入失败：' + esc(err && err.message || err) + "</p>";
    throw err;
  });
  window.caipanSession = {
    ready,
    settled: () => busy.then(() => busy),
    night: () => current && current.night && JSON.parse(JSON.stringify(current.night)),
    answer: () => answer,
    // the benchmark's: a night put on the page (as an edit would), resolved when drawn
    apply: (night) => queue(() => commit(night)),
    exportText: () => exportText(current.night),
    record: () => current,
    store: () => store,
  };
}
