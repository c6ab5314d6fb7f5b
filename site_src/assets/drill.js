/* caipan 裁判: the 练习 (drill) pages.
 *
 * The drills are NOT in this file: the rules core (the Python package the command line is, on Pyodide in
 * the page's worker, core.js) draws each drill (`ask("drill", [{mode, level, seed}])` or `[{id}]`) and
 * checks each answer (`ask("verdict", [{id, given}])`: right or wrong, the formula, the rules and what a
 * wrong answer would have been right for). This script draws the hand (faces.js), offers the answer
 * control the mode asks for, shows the verdict and keeps the player's stats per mode on the device
 * (store.js, kind "drills": right/total, streak, the drills missed).
 *
 * The page contract (tests/browser/test_drill_page.py): the drill's request as JSON in the question's
 * data-request; in mode total the answer box is input[data-answer] and Enter submits; after an answer the
 * verdict's element has data-verdict = right | wrong. A drill's address is #<id>.
 *
 * What differs between games comes from the page data (window.CAIPAN_DRILL, generator/site/drill.py):
 * this script names no game. Every value inserted as HTML goes through esc().
 */
import { startCore, progressBar } from "./core.js";
import { esc, ruleLink } from "./dom.js";
import { faces } from "./faces.js";
import { open } from "./store.js";

const root = document.querySelector(".cp-drill[data-game]");
const CFG = window.CAIPAN_DRILL;
const STATS_VERSION = 1;
const MISSED_KEPT = 30;  // the missed drills listed for review, newest first

if (root && CFG) start();

function start() {
  const GAME = CFG.game;
  const UI = CFG.ui || null;
  const F = UI ? faces(UI) : null;
  const modeName = Object.fromEntries(CFG.modes);
  const levelName = Object.fromEntries(CFG.levels);
  const levelCode = { "常见": "c", "全部": "a", "争议": "d" };  // as in an id (rules.drill.LEVEL_CODES)
  const levelOf = Object.fromEntries(Object.entries(levelCode).map(([k, v]) => [v, k]));
  let core = null;
  let current = null;  // the drill on screen
  let answered = false;
  let store = null;
  const stats = {};  // mode → its record
  let turn = 0;  // the latest load: an answer to an older one is dropped
  let pendingAgain = null;  // the drill an outdated id names, under today's rules

  const $ = (sel) => root.querySelector(sel);

  /* ---------------------------------------------------------------- the frame */

  function build() {
    const loading = root.querySelector(".cp-sc-loading");
    const choose = (what, label, options) => '<div class="cp-sc-field"><label for="cp-dr-' + what + "-" + esc(GAME) + '">' +
      label + '</label><select id="cp-dr-' + what + "-" + esc(GAME) + '" data-choose="' + what + '">' +
      options.map(([value, name]) => '<option value="' + esc(value) + '">' + esc(name) + "</option>").join("") +
      "</select></div>";
    const html = [
      '<div class="cp-dr-choose">' + choose("mode", "题型", CFG.modes) + choose("level", "出题范围", CFG.levels) + "</div>",
      '<p class="cp-dr-problem cp-sc-error" role="status" hidden></p>',
      '<section class="cp-sc-section cp-dr-card" aria-labelledby="cp-dr-h-' + esc(GAME) + '">',
      '<h2 id="cp-dr-h-' + esc(GAME) + '">题目 <small class="cp-dr-id"></small></h2>',
      '<div class="cp-dr-drill"><p class="cp-small">规则核心载入后出题。</p></div>',
      '<form class="cp-dr-answer" novalidate></form>',
      '<div class="cp-dr-result" aria-live="polite"></div>',
      '<div class="cp-dr-actions"><button type="button" class="cp-sc-button cp-dr-next" data-action="next" disabled>下一题</button>' +
        '<button type="button" class="cp-sc-button" data-action="report" disabled>这道题好像不对</button></div>',
      '<div class="cp-dr-report" hidden><label for="cp-dr-report-' + esc(GAME) + '">把下面这段发给我们（已附题号和数据版本）：</label>' +
        '<textarea id="cp-dr-report-' + esc(GAME) + '" rows="6" readonly></textarea>' +
        '<button type="button" class="cp-sc-button" data-action="copy">复制</button> <span class="cp-dr-copied" role="status"></span></div>',
      "</section>",
      '<section class="cp-sc-section cp-dr-stats" aria-labelledby="cp-dr-hs-' + esc(GAME) + '">',
      '<h2 id="cp-dr-hs-' + esc(GAME) + '">我的成绩（只存在这台设备上）</h2><div class="cp-dr-table"></div>',
      '<h3>答错的题（点一下重做）</h3><ul class="cp-dr-missed"></ul></section>',
    ];
    root.innerHTML = "";
    if (loading) root.appendChild(loading);
    const box = document.createElement("div");
    box.className = "cp-dr-form";
    box.innerHTML = html.join("");
    root.appendChild(box);
  }

  /* ---------------------------------------------------------------- the drill */

  function handHtml(request) {
    if (!F) return "";
    const tiles = F.tilesOf(request.hand);
    const chosen = request[UI.tile_field];
    const winAt = !request.win ? -1 : chosen ? tiles.lastIndexOf(chosen) : tiles.length - 1;
    const hand = tiles.map((t, i) => '<span class="cp-sc-tile cp-sc-in' + (i === winAt ? " cp-sc-win" : "") + '">' +
      F.faceHtml(t) + "</span>").join("");
    const groups = (request[UI.groups] || []).map((g) => '<span class="cp-sc-meld"><span class="cp-sc-kind">' + esc(g.kind) +
      "</span>" + F.groupTiles(g).map(F.faceHtml).join("") + "</span>").join("");
    return '<div class="cp-sc-hand cp-dr-hand" aria-hidden="true">' + hand + "</div>" +
      (groups ? '<div class="cp-sc-melds cp-dr-hand" aria-hidden="true">' + groups + "</div>" : "");
  }

  function control(mode) {
    const id = "cp-dr-in-" + GAME;
    const submit = '<button type="submit" class="cp-sc-button cp-dr-submit">判分</button>';
    if (mode === "total" || mode === "huxi") {
      return '<div class="cp-sc-field"><label for="' + id + '">' + (mode === "huxi" ? "胡息" : "分数") + '</label>' +
        '<span class="cp-dr-line"><input id="' + id + '" data-answer type="number" inputmode="numeric" min="0" step="1" ' +
        'autocomplete="off" enterkeyhint="done">' + submit + "</span></div>";
    }
    if (mode === "payers") {
      return '<fieldset class="cp-sc-field cp-dr-payers"><legend>每家付多少（不付的留空）</legend>' + CFG.payer_seats.map((seat, i) =>
        '<label>' + esc(seat) + ' <input data-payer="' + esc(seat) + '" type="number" inputmode="numeric" min="0" step="1" ' +
        'autocomplete="off" aria-label="' + esc(seat) + '付多少"' + (i ? "" : ' id="' + id + '"') + "></label>").join("") +
        "</fieldset>" + submit;
    }
    if (mode === "patterns") {
      return '<fieldset class="cp-sc-field"><legend>选出这手牌的全部' + esc(CFG.names_word) + "（一个也没有就都不选）</legend>" +
        CFG.names.map((name) =>
        '<label><input type="checkbox" data-name="' + esc(name) + '"> ' + esc(name) + "</label>").join("") + "</fieldset>" + submit;
    }
    // waits: every tile or card of the game, to tap
    const width = Math.max(...UI.palette.map((row) => row.length));
    return '<p class="cp-sc-caption" id="' + id + '">点出所有能胡的牌（再点一下取消）</p><div class="cp-sc-palette">' +
      UI.palette.map((row) => '<div class="cp-sc-row" style="grid-template-columns: repeat(' + width + ', minmax(0, 1fr))">' +
        row.map((code) => '<button type="button" class="cp-sc-tile" data-wait="' + esc(code) + '" aria-pressed="false" aria-label="' +
          esc(F.nameOf(code)) + '">' + F.faceHtml(code) + "</button>").join("") + "</div>").join("") + "</div>" + submit;
  }

  function show(drill) {
    current = drill;
    answered = false;
    $('[data-choose="mode"]').value = drill.mode;
    $('[data-choose="level"]').value = drill.level;
    $(".cp-dr-id").textContent = drill.id;
    $(".cp-dr-drill").innerHTML = handHtml(drill.request) + '<p class="cp-dr-question" data-request="' +
      esc(JSON.stringify(drill.request)) + '">' + esc(drill.question) + "</p>";
    $(".cp-dr-answer").innerHTML = control(drill.mode);
    $(".cp-dr-result").innerHTML = "";
    $(".cp-dr-report").hidden = true;
    $('[data-action="next"]').disabled = false;
    $('[data-action="report"]').disabled = false;
    if (location.hash !== "#" + drill.id) history.replaceState(null, "", location.pathname + location.search + "#" + drill.id);
    root.setAttribute("data-drill", drill.id);
  }

  function failed(text, again) {
    current = null;
    $(".cp-dr-id").textContent = "";
    $(".cp-dr-drill").innerHTML = '<p class="cp-sc-error" role="alert">' + esc(text) + "</p>" + (again ?
      '<button type="button" class="cp-sc-button" data-action="again">按现在的规则重出这道题</button>' : "");
    $(".cp-dr-answer").innerHTML = "";
    $(".cp-dr-result").innerHTML = "";
    $('[data-action="next"]').disabled = false;
  }

  // The drill an id names; an id drawn under other rule data (its last part is not today's digest) is offered
  // again under today's rules, from its mode, level and seed.
  function parseId(id) {
    const m = /^([a-z]+)-([a-z]+)-([cad])-([0-9]{1,9})-([0-9a-f]{8})$/.exec(id);
    return m && m[1] === GAME ? { mode: m[2], level: levelOf[m[3]], seed: Number(m[4]), digest: m[5] } : null;
  }

  function load(request) {
    const mine = ++turn;
    return core.ask("drill", [request]).then((answers) => {
      if (mine !== turn) return;
      const a = answers[0];
      if (a.ok) { show(a.ok.drills[0]); return; }
      const parsed = request.id ? parseId(request.id) : null;
      if (parsed && parsed.digest !== CFG.digest) {
        failed("这道题（" + request.id + "）是按另一版规则数据出的，题目或答案可能已经变了。", true);
        pendingAgain = { mode: parsed.mode, level: parsed.level, seed: parsed.seed };
      } else failed("这道题打不开：" + a.error, false);
    });
  }

  function randomSeed() {
    const n = new Uint32Array(1);
    crypto.getRandomValues(n);
    return n[0] % (CFG.max_seed + 1);
  }

  // A new drill of the chosen mode and level, from a fresh seed: never the one on screen again.
  function next(tries) {
    const before = current;
    const mode = $('[data-choose="mode"]').value;
    const level = $('[data-choose="level"]').value;
    return load({ mode: mode, level: level, seed: randomSeed() }).then(() => {
      if (before && current && current !== before && JSON.stringify(current.request) === JSON.stringify(before.request) &&
          (tries || 0) < 3) return next((tries || 0) + 1);
      const first = root.querySelector("[data-answer], [data-payer], [data-name], [data-wait]");
      if (first && tries !== undefined) first.focus();
    });
  }

  function fromHash() {
    const id = decodeURIComponent(location.hash.replace(/^#/, ""));
    if (id && (!current || id !== current.id)) return load({ id: id });
    if (!id) return next();
    return Promise.resolve();
  }

  /* ---------------------------------------------------------------- answering */

  function given(mode) {
    if (mode === "total" || mode === "huxi") {
      const v = $("[data-answer]").value.trim();
      return v === "" || !Number.isFinite(Number(v)) ? null : Number(v);
    }
    if (mode === "payers") {
      const out = {};
      let any = false;
      root.querySelectorAll("[data-payer]").forEach((el) => {
        if (el.value.trim() !== "") { any = true; const n = Number(el.value); if (n) out[el.getAttribute("data-payer")] = n; }
      });
      return any ? out : null;
    }
    if (mode === "patterns") return [...root.querySelectorAll("[data-name]:checked")].map((el) => el.getAttribute("data-name"));
    const out = [...root.querySelectorAll('[data-wait][aria-pressed="true"]')].map((el) => el.getAttribute("data-wait"));
    return out.length ? out : null;
  }

  function shown(mode, value) {
    if (mode === "total") return value + " 分";
    if (mode === "huxi") return value + " 胡息";
    if (mode === "payers") {
      const seats = Object.keys(value).filter((k) => value[k]);
      return seats.length ? seats.map((k) => k + "付 " + value[k]).join("、") : "谁也不付";
    }
    if (mode === "waits") return value.map((c) => (F ? F.nameOf(c) : c)).join("、");
    return value.length ? value.join("、") : "一个也没有";
  }

  function submit() {
    if (!current || answered) return;
    const drill = current;
    const value = given(drill.mode);
    if (value === null) {
      $(".cp-dr-result").innerHTML = '<p class="cp-small" role="status">先作答再判分。</p>';
      return;
    }
    answered = true;
    root.querySelectorAll(".cp-dr-answer input, .cp-dr-answer button").forEach((el) => { el.disabled = true; });
    core.ask("verdict", [{ id: drill.id, given: value }]).then((answers) => {
      if (current !== drill) return;
      const a = answers[0];
      if (a.error) {
        $(".cp-dr-result").innerHTML = '<p class="cp-sc-error" role="alert">判不了分：' + esc(a.error) + "</p>";
        return;
      }
      showVerdict(drill, a.ok);
      record(drill, a.ok.verdict === "right");
      $('[data-action="next"]').focus();
    });
  }

  function showVerdict(drill, v) {
    const right = v.verdict === "right";
    const html = ['<p class="cp-dr-verdict cp-dr-' + v.verdict + '" data-verdict="' + esc(v.verdict) + '">' +
      (right ? "答对了：" + esc(shown(drill.mode, v.expect))
        : "不对。正确答案：<strong>" + esc(shown(drill.mode, v.expect)) + "</strong>；你答的是 " + esc(shown(drill.mode, v.given))) + "</p>"];
    if (!right) {
      if (v.also.length) {
        html.push('<p>你的答案在这些情形下才对：</p><ul class="cp-dr-also">' +
          v.also.map((x) => "<li>" + esc(x.what) + "</li>").join("") + "</ul>");
      }
      html.push('<button type="button" class="cp-sc-button" data-action="retry">再做一次</button>');
    }
    if (v.formula) html.push('<p class="cp-formula">' + esc(v.formula) + "</p>");
    if (v.rules.length) html.push('<p class="cp-sc-cites">依据：' + v.rules.map((r) => ruleLink(CFG.links, r)).join(" ") + "</p>");
    $(".cp-dr-result").innerHTML = html.join("");
  }

  /* ---------------------------------------------------------------- stats */

  const statsId = (mode) => "stats:" + GAME + ":" + mode;

  function record(drill, right) {
    const rec = stats[drill.mode] || { id: statsId(drill.mode), game: GAME, mode: drill.mode, right: 0, total: 0,
                                        streak: 0, best: 0, missed: [] };
    rec.total += 1;
    rec.right += right ? 1 : 0;
    rec.streak = right ? rec.streak + 1 : 0;
    rec.best = Math.max(rec.best, rec.streak);
    rec.missed = rec.missed.filter((id) => id !== drill.id);
    if (!right) rec.missed = [drill.id].concat(rec.missed).slice(0, MISSED_KEPT);
    stats[drill.mode] = rec;
    drawStats();
    if (store) store.put(rec).then(drawStats);
  }

  function drawStats() {
    const rows = CFG.modes.map(([mode, name]) => {
      const r = stats[mode];
      return '<tr data-stats="' + esc(mode) + '"><th>' + esc(name) + '</th><td class="cp-num">' + (r ? r.right + " / " + r.total : "—") +
        '</td><td class="cp-num">' + (r && r.total ? Math.round(100 * r.right / r.total) + "%" : "—") +
        '</td><td class="cp-num">' + (r ? r.streak : 0) + '</td><td class="cp-num">' + (r ? r.best : 0) + "</td></tr>";
    });
    $(".cp-dr-table").innerHTML = '<table class="cp-table-static"><thead><tr><th>题型</th><th>答对 / 共</th><th>正确率</th>' +
      "<th>连对</th><th>最多连对</th></tr></thead><tbody>" + rows.join("") + "</tbody></table>";
    const missed = [];
    CFG.modes.forEach(([mode, name]) => (stats[mode] ? stats[mode].missed : []).forEach((id) => {
      const p = parseId(id);
      missed.push('<li><a href="#' + esc(id) + '" data-missed="' + esc(id) + '">' + esc(name) + " · " +
        esc(p ? p.level : "") + " · 第 " + esc(p ? p.seed : id) + " 题</a></li>");
    }));
    $(".cp-dr-missed").innerHTML = missed.length ? missed.join("") : '<li class="cp-small">（还没有）</li>';
    const problem = $(".cp-dr-problem");
    const line = store && store.problem ? "成绩只保存在这个标签页里：" + store.problem + "。" : "";
    problem.textContent = line;
    problem.hidden = !line;
  }

  function openStats() {
    return open("drills", STATS_VERSION, (r) => r).then((s) => {
      store = s;
      return s.all();
    }).then((records) => {
      records.filter((r) => r.game === GAME && r.id === statsId(r.mode)).forEach((r) => { stats[r.mode] = r; });
      drawStats();
    }, () => drawStats());
  }

  /* ---------------------------------------------------------------- reporting */

  function report() {
    if (!current) return;
    const text = ["这道题好像不对", "题号：" + current.id, "数据版本：" + root.getAttribute("data-edition"),
      "地址：" + location.href, "题目：" + current.question, "我的看法："].join("\n");
    const box = $(".cp-dr-report");
    box.hidden = false;
    box.querySelector("textarea").value = text;
    $(".cp-dr-copied").textContent = "";
  }

  function copy() {
    const area = $(".cp-dr-report textarea");
    const done = () => { $(".cp-dr-copied").textContent = "已复制"; };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(area.value).then(done, () => { area.select(); });
    } else area.select();
  }

  /* ---------------------------------------------------------------- start */

  build();
  drawStats();
  const stored = openStats();
  root.addEventListener("submit", (e) => { e.preventDefault(); submit(); });
  root.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b || !root.contains(b) || !core) return;
    if (b.hasAttribute("data-wait")) {
      if (!answered) b.setAttribute("aria-pressed", b.getAttribute("aria-pressed") === "true" ? "false" : "true");
      return;
    }
    const action = b.getAttribute("data-action");
    if (action === "next") next(0);
    else if (action === "report") report();
    else if (action === "copy") copy();
    else if (action === "again" && pendingAgain) load(pendingAgain);
    else if (action === "retry" && current) show(current);
  });
  root.addEventListener("change", (e) => {
    if (e.target.hasAttribute("data-choose") && core) next(0);
  });
  core = startCore(root, CFG, progressBar(root));
  const ready = core.ready.then(() => {
    const loading = root.querySelector(".cp-sc-loading");
    if (loading) loading.hidden = true;
    window.addEventListener("hashchange", fromHash);
    return fromHash();
  }, (err) => {
    const loading = root.querySelector(".cp-sc-loading");
    if (loading) loading.innerHTML = '<p class="cp-sc-error" role="alert">规则核心载入失败：' + esc(err && err.message || err) + "</p>";
    throw err;
  });

  // For tests: ready (the core up and the first drill shown), stored (the stats read), the drill on screen and
  // the stats, by mode.
  const copied = (value) => JSON.parse(JSON.stringify(value));
  window.caipanDrill = { ready: ready, stored: stored, drill: () => current && copied(current), stats: () => copied(stats) };
}
