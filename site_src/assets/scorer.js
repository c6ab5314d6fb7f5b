/* caipan 裁判: the 计分器 (scorer) pages.
 *
 * The rules are NOT in this file: every number comes from the project's Python rules core
 * (the same package the CLI is), running in the browser on Pyodide. This script only edits the
 * request (the very JSON object `python -m rules score|waits` reads), keeps it in the URL
 * fragment, hands it to the core and shows the answer.
 *
 * The core itself runs in a Web Worker (scorer-worker.js), so each answer comes back as a promise.
 * window.caipanScorer is a small hook for tests and the benchmark: ready, and call(kind, request),
 * batch(kind, requests), set(request) (all promises), request().
 *
 * An ES module: what it shares with caipan.js (escaping, own-property lookups, rule links, the next
 * frame) is dom.js; the faces of the tiles or cards, shared with the 练习 page, faces.js. Every value
 * inserted as HTML goes through esc().
 */
import { startCore, progressBar } from "./core.js";
import { esc, has, ruleLink } from "./dom.js";
import { faces } from "./faces.js";

(function () {
  "use strict";
  var root = document.querySelector(".cp-scorer[data-game]");
  var CFG = window.CAIPAN_SCORER;
  if (!root || !CFG) return;
  var GAME = CFG.game;
  // The form is drawn from the score request's declaration (CFG.form, rules.request.form_of): one renderer
  // per field kind, whatever the game. A game with tiles or cards to tap also gives `ui` (generator/<game>/
  // scorer.py): their faces and palette, and its words and choices keyed by field path (ui.fields); the fields
  // of kind tiles and tile are its hand and winning one. House-rule presets or readings are drawn when the
  // game's data offers them; a result shows what the core's answer holds. This script names no game.
  var UI = CFG.ui || null;
  var WORDS = UI ? UI.words : { hand_word: "请求" };

  /* ------------------------------------------------------------------ the core */

  // The rules core, in its Web Worker (core.js): ask(kind, requests) is one round trip.
  var coreReady = false;
  var core = null;
  function ask(kind, requests) { return core.ask(kind, requests); }

  /* ------------------------------------------------------------------ the request */

  var req = {};
  // The text of the URL fragment, until the request is edited: it goes to the core as it is, so the
  // CLI's reader judges it (duplicate keys, 1.0 for a whole number, not JSON at all …), not JSON.parse.
  var raw = null;
  var rawKind = "score";

  // The fragment as text (as it is when it is not percent-encoded UTF-8), the object the form shows, and
  // what to ask of the core.
  function readHash() {
    var text = location.hash.replace(/^#/, "");
    if (!text) return { text: "", value: {}, kind: kindOf({}) };
    try {
      text = decodeURIComponent(text);
    } catch (e) { /* not percent-encoded UTF-8: the core reads it as it is */ }
    var value = {};
    try { value = JSON.parse(text); } catch (e) { /* the core says what is wrong with it */ }
    // what to ask is read from the text as written (a `win`, even an ill-typed one, makes it a score)
    return { text: text, value: displayable(value), kind: kindOf(isObject(value) ? value : {}) };
  }

  // Of a request pasted or linked, what the form can show: the fields of the declaration (CFG.form) whose
  // values have their kind's shape, in the order written. The core gets the text itself and says what is
  // wrong with the rest.
  function displayable(value) {
    var out = {};
    if (!isObject(value)) return out;
    var declared = {};
    CFG.form.fields.forEach(function (f) { declared[f.key] = f; });
    Object.keys(value).forEach(function (key) {
      if (has(declared, key) && fits(value[key], declared[key])) out[key] = value[key];
    });
    return out;
  }

  function isObject(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }

  function fits(v, shape) {
    switch (shape.kind) {
      case "text": case "tiles": case "tile": case "enum": return typeof v === "string";
      case "count": return typeof v === "number";
      case "flag": return typeof v === "boolean";
      case "list": return Array.isArray(v) && v.every(function (x) { return fits(x, shape.item); });
      case "table": return isObject(v) && Object.keys(v).every(function (k) { return fits(v[k], shape.value); });
      case "object":
        if (shape.shorthand && typeof v === "string") return true;
        return isObject(v) && shape.fields.every(function (f) {
          return !has(v, f.key) ? !f.required : fits(v[f.key], f);
        });
      default: return (shape.options || []).some(function (o) { return fits(v, o); });
    }
  }

  function writeHash() {
    clearTimeout(hashTimer);
    if (raw) return;  // the address already holds what is on screen, as it was written
    var text = Object.keys(req).length ? "#" + encodeURIComponent(JSON.stringify(req)) : "";
    if (location.hash !== text) history.replaceState(null, "", location.pathname + location.search + text);
  }

  // The address follows the page HASH_WAIT ms after the last change (and before the page is left):
  // history.replaceState takes milliseconds, longer than scoring a hand, so a quick run of taps writes
  // the address once, after the answer is on screen.
  var hashTimer = 0;
  var HASH_WAIT = 100;

  function writeHashSoon() {
    clearTimeout(hashTimer);
    hashTimer = setTimeout(writeHash, HASH_WAIT);
  }

  function kindOf(r) {
    if (!UI || "win" in r) return "score";
    if (UI.opening && Array.isArray(r.extras) && r.extras.indexOf(UI.opening) >= 0) return "score";
    return "waits";
  }

  function setField(key, value) {
    raw = null;
    if (value === undefined || value === null || value === "" ||
        (Array.isArray(value) && !value.length) ||
        (typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length)) {
      delete req[key];
    } else {
      req[key] = value;
    }
  }

  /* ------------------------------------------------------------------ tiles and cards (display only) */

  // faces.js, shared with the 练习 page: the hand written and read tile by tile, and each piece's face
  var F = UI ? faces(UI) : null;
  var tilesOf = F && F.tilesOf, writeTiles = F && F.writeTiles, faceHtml = F && F.faceHtml, nameOf = F && F.nameOf;

  /* ------------------------------------------------------------------ the form */

  var uid = 0;
  // mark: an origin such as 不见于原文 (a variant no source document has), shown as a badge after the label
  function field(label, control, mark) {
    var id = "cp-sc-" + GAME + "-" + (++uid);
    return '<div class="cp-sc-field"><label for="' + id + '">' + esc(label) + originBadge(mark) + "</label>" +
      control.replace("%ID%", id) + "</div>";
  }

  function originBadge(origin) {
    return origin ? ' <span class="cp-badge cp-sc-origin" data-origin="' + esc(origin) + '">' + esc(origin) + "</span>" : "";
  }

  // what a tap on the palette does: add to the hand, or ("…:kind") put down a group of that kind
  var MODES = UI ? UI.modes : [];
  var mode = "hand";
  var pending = [];  // cards tapped for a 吃 not yet complete

  /* ------------------------------------------------------------------ the declared fields */

  // Every field comes from the score request's declaration (CFG.form, rules.request.form_of); what the
  // declaration cannot know (labels, the choices offered and their words, which value means "not set",
  // which fields the page leaves to another part) is the game's page config keyed by field path (UI.fields).
  var FIELDS = CFG.form.fields;
  function cfg(path) { return UI && has(UI.fields, path) ? UI.fields[path] : {}; }
  function labelOf(f, path) { return cfg(path).label || f.description || f.key; }
  function first(test) { return FIELDS.filter(test)[0] || {}; }
  function holdsCodes(f) { return f.kind === "tiles" || f.kind === "tile"; }
  // the hand (kind tiles: the palette), the winning one (kind tile), the groups put down (a list of entries
  // that hold codes), and the field the rules section edits
  var HAND = UI ? first(function (f) { return f.kind === "tiles"; }).key : null;
  var TILE = UI ? first(function (f) { return f.kind === "tile"; }).key : null;
  var GROUPS = UI ? first(function (f) {
    return f.kind === "list" && f.item.kind === "object" && f.item.fields.some(holdsCodes);
  }).key : null;
  var RULES = first(function (f) { return cfg(f.key).place === "rules"; }).key;

  // the fields the 怎么胡 section shows: all but the hand, its groups and those placed elsewhere
  function situation() {
    return FIELDS.filter(function (f) {
      return f.key !== HAND && f.key !== GROUPS && !cfg(f.key).place;
    });
  }

  function isChoiceList(f) { return f.kind === "list" && f.item.kind === "enum"; }

  // which renderer draws a field: by its kind, a composite one by what it is made of
  function shapeOf(f) {
    if (isChoiceList(f)) return f.unique ? "picks" : "sequence";
    if (f.kind === "table" && f.key_shape.kind === "enum" && f.value.kind === "enum") return "each";
    if (f.kind === "object" && f.fields.every(function (g) { return g.kind === "flag" || isChoiceList(g); })) return "checks";
    if (f.kind === "list" && f.item.kind === "object" && f.item.fields.every(function (g) { return g.kind === "enum"; })) return "entries";
    return RENDER[f.kind] ? f.kind : "json";
  }

  function draw(f) {
    var shape = shapeOf(f);
    if (DRAW[shape]) return DRAW[shape](f, cfg(f.key));
    return field(labelOf(f, f.key), RENDER[shape](f, cfg(f.key)));
  }

  function checkbox(attrs, label) {
    return "<label><input type=\"checkbox\"" + attrs + "> " + esc(label) + "</label>";
  }

  // the composite kinds: each edits the request's value of its field (data-path) through its parts
  var DRAW = {
    // a set of choices (extras): a box each (the one the 胡法 list offers, UI.opening, is left to it)
    picks: function (f, c) {
      return '<fieldset class="cp-sc-field"><legend>' + esc(labelOf(f, f.key)) + "</legend>" +
        f.item.choices.filter(function (v) { return v !== (UI && UI.opening); }).map(function (v) {
          return checkbox(' data-path="' + esc(f.key) + '" data-pick="' + esc(v) + '"', v + (c.each || ""));
        }).join("") + "</fieldset>";
    },
    // choices in order (连杠): a button adds one, the last button clears the list (and what c.clears names)
    sequence: function (f, c) {
      return '<div class="cp-sc-field cp-sc-chainbox"><span class="cp-sc-caption">' + esc(labelOf(f, f.key)) + "</span>" +
        '<span class="cp-sc-chain" data-shows="' + esc(f.key) + '"></span>' + f.item.choices.map(function (k) {
          return '<button type="button" class="cp-sc-button" data-path="' + esc(f.key) + '" data-chain="' + esc(k) + '">＋' + esc(k) + "</button>";
        }).join("") + '<button type="button" class="cp-sc-button" data-path="' + esc(f.key) + '" data-chain="">' +
        esc(c.unset || "清空") + "</button></div>";
    },
    // a choice per key (爆牌 of each seat); the first choice is the one left out of the request
    each: function (f, c) {
      return f.key_shape.choices.map(function (k) {
        return field(k + (c.label || f.key), '<select id="%ID%" data-path="' + esc(f.key) + '" data-each="' + esc(k) + '">' +
          f.value.choices.map(function (v) { return '<option value="' + esc(v) + '">' + esc(v) + "</option>"; }).join("") + "</select>");
      }).join("");
    },
    // an object of yes/no and sets of choices (钓鱼): a box each
    checks: function (f) {
      return '<fieldset class="cp-sc-field"><legend>' + esc(labelOf(f, f.key)) + "</legend>" + f.fields.map(function (g) {
        var path = f.key + "." + g.key, c = cfg(path);
        if (g.kind === "flag") return checkbox(' data-path="' + esc(f.key) + '" data-sub="' + esc(g.key) + '"', labelOf(g, path));
        return g.item.choices.map(function (v) {
          return checkbox(' data-path="' + esc(f.key) + '" data-sub="' + esc(g.key) + '" data-pick="' + esc(v) + '"', v + (c.each || ""));
        }).join("");
      }).join("") + "</fieldset>";
    },
    // entries of choices (杠分): a list of them, a choice per entry field, and a button to add one
    entries: function (f) {
      return '<div class="cp-sc-field cp-sc-gangbox"><span class="cp-sc-caption">' + esc(labelOf(f, f.key)) + "</span>" +
        '<span class="cp-sc-gang" data-shows="' + esc(f.key) + '"></span>' + f.item.fields.map(function (g) {
          return '<select aria-label="' + esc(labelOf(g, f.key + "." + g.key)) + '" data-path="' + esc(f.key) + '" data-entry="' + esc(g.key) + '">' +
            (g.required ? "" : '<option value="">—</option>') +
            g.choices.map(function (v) { return "<option>" + esc(v) + "</option>"; }).join("") + "</select>";
        }).join("") + '<button type="button" class="cp-sc-button" data-action="add" data-path="' + esc(f.key) + '">添加</button></div>';
    },
  };

  function fieldOf(key) { return FIELDS.filter(function (f) { return f.key === key; })[0]; }

  function tileForm(html) {
    html.push('<section class="cp-sc-section" aria-labelledby="cp-sc-h-hand-' + GAME + '">');
    html.push('<h2 id="cp-sc-h-hand-' + GAME + '">' + esc(WORDS.hand_heading) + "</h2>");
    html.push('<div class="cp-sc-modes" role="radiogroup" aria-label="点牌面时">' + MODES.map(function (m, i) {
      return '<label class="cp-sc-mode"><input type="radio" name="cp-sc-mode-' + GAME + '" value="' + esc(m[0]) + '"' +
        (i === 0 ? " checked" : "") + "><span>" + esc(m[1]) + "</span></label>";
    }).join("") + "</div>");
    html.push('<div class="cp-sc-palette">' + UI.palette.map(function (row) {
      return '<div class="cp-sc-row">' + row.map(function (code) {
        return '<button type="button" class="cp-sc-tile" data-add="' + esc(code) + '" aria-label="' + esc(nameOf(code)) + '">' +
          faceHtml(code) + "</button>";
      }).join("") + "</div>";
    }).join("") + "</div>");
    html.push('<p class="cp-sc-pending" hidden></p>');
    html.push('<div class="cp-sc-handline"><span class="cp-sc-caption">手牌（点一张去掉；最后一张是胡的那张）</span>' +
      '<div class="cp-sc-hand" aria-live="polite"></div></div>');
    html.push('<div class="cp-sc-handline"><span class="cp-sc-caption">' + esc(WORDS.groups_caption) + '（点一组去掉）</span>' +
      '<div class="cp-sc-melds"></div></div>');
    html.push(field(WORDS.text_label,
      '<input id="%ID%" class="cp-sc-text" data-hand autocomplete="off" spellcheck="false">'));
    html.push('<button type="button" class="cp-sc-button" data-action="clear">全部清空</button>');
    html.push("</section>");

    html.push('<section class="cp-sc-section" aria-labelledby="cp-sc-h-win-' + GAME + '">');
    html.push('<h2 id="cp-sc-h-win-' + GAME + '">怎么胡</h2><div class="cp-sc-grid">');
    situation().forEach(function (f) { html.push(draw(f)); });
    html.push("</div></section>");

    html.push('<details class="cp-sc-section cp-sc-rules"><summary>' + esc(WORDS.rules_summary) +
      ' <span class="cp-sc-changed"></span></summary><div class="cp-sc-grid">');
    if (CFG.presets) {
      html.push(field("规则预设", '<select id="%ID%" data-preset>' + CFG.presets.map(function (p) {
        return '<option value="' + esc(p.id) + '">' + esc(p.name + (p.origin ? "（" + p.origin + "）" : "")) + "</option>";
      }).join("") + "</select>"));
      CFG.options.forEach(function (o) {
        // a variant's default is the clubs' usual choice, not a document's
        var usual = o.origin ? "（默认）" : "（原文）";
        html.push(field(o.name, '<select id="%ID%" data-option="' + esc(o.key) + '">' + o.values.map(function (v) {
          return '<option value="' + esc(v[0]) + '">' + esc(v[1]) + (v[0] === o.default ? usual : "") + "</option>";
        }).join("") + "</select>", o.origin));
      });
    }
    if (CFG.readings) {
      CFG.readings.forEach(function (r) {
        html.push(field(r.name, '<select id="%ID%" data-reading="' + esc(r.id) + '">' + r.values.map(function (v) {
          return '<option value="' + esc(v[0]) + '" title="' + esc(v[2]) + '">' + esc(v[1]) + (v[0] === r.default ? "（默认）" : "") + "</option>";
        }).join("") + "</select>"));
      });
    }
    html.push('</div><button type="button" class="cp-sc-button" data-action="rules-reset">恢复原文规则</button></details>');

  }

  // The form of a declaration (CFG.form): one renderer per field kind, each a control whose value is the
  // field's (data-form-field, data-kind). A composite field (a list, a table, an object) is written as JSON.
  var RENDER = {
    // a text the page offers choices for (a preset's name) is a list of them
    text: function (f, c) {
      if (c && c.choices) return '<select id="%ID%"' + formAttrs(f) + ">" + pairs(c.choices) + "</select>";
      return '<input id="%ID%" autocomplete="off" spellcheck="false" maxlength="' + esc(f.chars) + '"' + formAttrs(f) + ">";
    },
    // codes of tiles or cards (`Spec.holds`), typed as the CLI reads them: the core says which code it does not know
    tiles: function (f) { return RENDER.text(f).replace("<input ", "<input data-codes "); },
    // on a game with faces, the winning one is picked among the hand's (its options are written by sync)
    tile: function (f, c) {
      if (!F) return RENDER.text(f).replace("<input ", "<input data-code ");
      return '<select id="%ID%"' + formAttrs(f) + ">" + pairs((c && c.choices) || [["", "—"]]) + "</select>";
    },
    count: function (f) {
      return '<input id="%ID%" type="number" inputmode="numeric" min="' + esc(f.low) + '" max="' + esc(f.high) + '"' + formAttrs(f) + ">";
    },
    flag: function (f) { return '<input id="%ID%" type="checkbox"' + formAttrs(f) + ">"; },
    "enum": function (f, c) {
      var offered = c && c.choices || [["", f.required ? "（请选）" : "—"]].concat(f.choices.map(function (v) { return [v, v]; }));
      return '<select id="%ID%"' + formAttrs(f) + ">" + pairs(offered) + "</select>";
    },
    json: function (f) { return '<input id="%ID%" autocomplete="off" spellcheck="false" placeholder="JSON"' + formAttrs(f) + ">"; },
  };

  function pairs(list) {
    return list.map(function (o) { return '<option value="' + esc(o[0]) + '">' + esc(o[1]) + "</option>"; }).join("");
  }

  function formAttrs(f) { return ' data-form-field="' + esc(f.key) + '" data-kind="' + esc(RENDER[f.kind] ? f.kind : "json") + '"'; }

  function declaredForm(html) {
    html.push('<section class="cp-sc-section" aria-labelledby="cp-sc-h-form-' + GAME + '"><h2 id="cp-sc-h-form-' + GAME +
      '">请求</h2><div class="cp-sc-grid">');
    CFG.form.fields.forEach(function (f) {
      html.push(field(f.description || f.key, (RENDER[f.kind] || RENDER.json)(f)));
    });
    html.push("</div></section>");
  }

  // A control's value as its field holds it (undefined: not set; a JSON field that does not parse is kept
  // as its text, for the core to refuse).
  function formValue(el) {
    var kind = el.getAttribute("data-kind");
    if (kind === "flag") return el.checked || undefined;
    if (el.value === "") return undefined;
    if (kind === "count") return Number(el.value);
    if (kind !== "json") return el.value;
    try { return JSON.parse(el.value); } catch (e) { return el.value; }
  }

  function syncForm() {
    $$("[data-form-field]").forEach(function (el) {
      var value = req[el.getAttribute("data-form-field")];
      if (value === undefined) value = cfg(el.getAttribute("data-form-field")).unset;
      var kind = el.getAttribute("data-kind");
      if (kind === "flag") setChecked(el, value === true);
      else if (document.activeElement !== el) {
        setValue(el, value === undefined ? "" : kind === "json" || typeof value === "object" ? JSON.stringify(value) : value);
      }
    });
  }

  // what the composite parts show: each from its field's value in the request
  function syncParts() {
    $$("[data-pick]").forEach(function (box) {
      var value = req[box.getAttribute("data-path")];
      var sub = box.getAttribute("data-sub");
      if (sub) value = (value || {})[sub];
      setChecked(box, (value || []).indexOf(box.getAttribute("data-pick")) >= 0);
    });
    $$("[data-sub]:not([data-pick])").forEach(function (box) {
      setChecked(box, !!(req[box.getAttribute("data-path")] || {})[box.getAttribute("data-sub")]);
    });
    $$("[data-each]").forEach(function (sel) {
      var f = fieldOf(sel.getAttribute("data-path"));
      setValue(sel, (req[f.key] || {})[sel.getAttribute("data-each")] || f.value.choices[0]);
    });
    $$("[data-shows]").forEach(function (el) {
      var f = fieldOf(el.getAttribute("data-shows"));
      var value = req[f.key];
      if (shapeOf(f) === "sequence") { setText(el, value ? value.join("→") : cfg(f.key).unset || ""); return; }
      show(el, (value || []).map(function (entry, i) {
        return '<button type="button" class="cp-sc-meld" data-path="' + esc(f.key) + '" data-unentry="' + i + '" aria-label="去掉这一条">' +
          esc(f.item.fields.map(function (g) { return entry[g.key] || ""; }).join(" ").trim()) + " ×</button>";
      }).join(""));
    });
  }

  function build() {
    var html = [];
    if (UI) tileForm(html); else declaredForm(html);
    html.push('<section class="cp-sc-section cp-sc-out" aria-labelledby="cp-sc-h-out-' + GAME + '"><h2 id="cp-sc-h-out-' + GAME + '">结果</h2>' +
      '<div class="cp-sc-result" aria-live="polite"></div></section>');
    if (CFG.sheet) {
      html.push('<section class="cp-sc-section cp-sc-sheet-box" aria-labelledby="cp-sc-h-sheet-' + GAME + '"><h2 id="cp-sc-h-sheet-' + GAME + '">这套规则的速查表</h2>' +
        '<p class="cp-small">按上面选定的规则，在浏览器里用规则核心算出速查表（和本站速查表同样的排法），可以打印，也可以下载成 CSV。</p>' +
        '<button type="button" class="cp-sc-button" data-action="sheet">生成速查表</button> ' +
        '<button type="button" class="cp-sc-button" data-action="csv" disabled>下载 CSV</button>' +
        '<div class="cp-sc-sheet"></div></section>');
    }
    // Always in view on a phone: the total (or the error, or the waits) at the bottom of the screen.
    html.push('<div class="cp-sc-bar"><span class="cp-sc-bar-text">规则核心载入中…</span> ' +
      '<a href="#cp-sc-h-out-' + GAME + '">看算式</a></div>');
    var loading = root.querySelector(".cp-sc-loading");
    root.innerHTML = "";
    if (loading) root.appendChild(loading);
    var form = document.createElement("div");
    form.className = "cp-sc-form";
    form.innerHTML = html.join("");
    root.appendChild(form);
  }

  /* ------------------------------------------------------------------ showing the request */

  function $(sel) { return root.querySelector(sel); }
  function $$(sel) { return Array.prototype.slice.call(root.querySelectorAll(sel)); }

  // A part of the form (drawn by this script only) is rewritten only when what it shows has changed:
  // rewriting it costs the browser a new layout, which is most of the time a rescoring takes.
  function show(el, html) {
    if (el.caipanHtml === html) return;
    el.caipanHtml = html;
    el.innerHTML = html;
  }

  // Setting a control or a text, even to what it already shows, makes the browser style and lay it out anew.
  function setValue(el, value) {
    if (el.value !== String(value)) el.value = value;
  }

  function setChecked(el, on) {
    if (el.checked !== on) el.checked = on;
  }

  function setText(el, text) {
    if (el.textContent !== text) el.textContent = text;
  }

  function sync() {
    if (!UI) { syncForm(); return; }
    var tiles = tilesOf(req[HAND]);
    var winAt = -1;
    if (kindOf(req) === "score") {
      var chosen = req[TILE];
      winAt = chosen ? tiles.lastIndexOf(chosen) : tiles.length - 1;
    }
    show($(".cp-sc-hand"), tiles.length ? tiles.map(function (t, i) {
      return '<button type="button" class="cp-sc-tile cp-sc-in' + (i === winAt ? " cp-sc-win" : "") + '" data-remove="' + i +
        '" aria-label="去掉' + esc(nameOf(t)) + (i === winAt ? "（胡的那张）" : "") + '">' + faceHtml(t) + "</button>";
    }).join("") : '<span class="cp-small">（空）</span>');
    var groups = req[GROUPS] || [];
    show($(".cp-sc-melds"), groups.length ? groups.map(function (g, i) {
      var cards = F.groupTiles(g);
      return '<button type="button" class="cp-sc-meld" data-unmeld="' + i + '" aria-label="去掉' + esc(g.kind) + " " +
        esc(cards.map(nameOf).join("")) + '"><span class="cp-sc-kind">' + esc(g.kind) + "</span>" + cards.map(faceHtml).join("") + "</button>";
    }).join("") : '<span class="cp-small">（无）</span>');
    var text = $("[data-hand]");
    if (document.activeElement !== text) setValue(text, req[HAND] || "");
    syncForm();
    // an opening-hand win (UI.opening, one of the extras) is offered among the 胡法
    if (UI.opening && (req.extras || []).indexOf(UI.opening) >= 0) setValue($('[data-form-field="win"]'), UI.opening);
    var pick = TILE && $('[data-form-field="' + TILE + '"]');
    if (pick) {
      var distinct = tiles.filter(function (t, i) { return tiles.indexOf(t) === i; });
      show(pick, pairs(cfg(TILE).choices || [["", "—"]]) + distinct.map(function (t) {
        return '<option value="' + esc(t) + '">' + esc(nameOf(t)) + "</option>";
      }).join(""));
      setValue(pick, req[TILE] || "");
    }
    syncParts();
    if (CFG.presets) {
      var rules = typeof req.rules === "string" ? { preset: req.rules } : (req.rules || {});
      var preset = CFG.presets.filter(function (p) { return p.id === rules.preset || p.name === rules.preset; })[0] || CFG.presets[0];
      setValue($("[data-preset]"), preset.id);
      var changed = 0;
      $$("[data-option]").forEach(function (sel) {
        var key = sel.getAttribute("data-option");
        var spec = CFG.options.filter(function (o) { return o.key === key; })[0];
        var value = (rules.options || {})[key] || preset.options[key] || spec.default;
        setValue(sel, value);
        if (value !== spec.default) changed++;
      });
      setText($(".cp-sc-changed"), changed ? "（改了 " + changed + " 项）" : "");
    }
    if (CFG.readings) {
      var changedR = 0;
      $$("[data-reading]").forEach(function (sel) {
        var id = sel.getAttribute("data-reading");
        var spec = CFG.readings.filter(function (r) { return r.id === id; })[0];
        setValue(sel, (req.readings || {})[id] || spec.default);
        if (sel.value !== spec.default) changedR++;
      });
      setText($(".cp-sc-changed"), changedR ? "（改了 " + changedR + " 处）" : "");
    }
    var pend = $(".cp-sc-pending");
    if (pend.hidden !== !pending.length) pend.hidden = !pending.length;
    setText(pend, pending.length ? mode.split(":")[1] + "：已点 " + pending.map(nameOf).join("") + "，再点 " +
      (UI.group.picked - pending.length) + " 张" : "");
  }

  /* ------------------------------------------------------------------ the answer */

  function paymentsTable(payments) {
    if (!payments.length) return "";
    return '<table class="cp-table-static cp-sc-pay"><thead><tr><th>谁付</th><th>付给</th><th>多少</th><th>为了</th></tr></thead><tbody>' +
      payments.map(function (p) {
        return "<tr><td>" + esc(p.payer) + "</td><td>" + esc(p.payee) + '</td><td class="cp-num">' + esc(p.amount) +
          "</td><td>" + esc(p["for"] + (p.role ? "（" + p.role + "）" : "")) + "</td></tr>";
      }).join("") + "</tbody></table>";
  }

  function netLine(net) {
    return Object.keys(net).map(function (k) { return esc(k) + " " + (net[k] > 0 ? "+" : "") + esc(net[k]); }).join("，");
  }

  function showScore(out) {
    var html = ['<p class="cp-sc-total">胡家共收 <strong data-total="' + esc(out.total) + '">' + esc(out.total) + "</strong> 分</p>"];
    // what the answer holds: a reading of the hand into sets (with its patterns), or groups with their 胡息
    if (out.reading) {
      html.push('<p>牌型：<span class="cp-sc-patterns">' + out.patterns.map(function (p) {
        return '<span class="cp-badge">' + esc(p) + "</span>";
      }).join(" ") + "</span>（规则核心从牌里找出；" + esc(out.reading.shape) + "：" +
        esc(out.reading.sets.concat(out.reading.pairs.map(function (p) { return "将 " + p; })).join("、")) + "）</p>");
      html.push("<p>胡法：" + esc(out.win) + (out.chain.length ? "，连杠 " + esc(out.chain.join("→")) : "") +
        "；胡牌 " + esc(out.hand_points) + "，杠分 " + esc(out.kong_points) + "</p>");
    }
    if (out.groups) {
      html.push('<p>分组：<span class="cp-sc-groups">' + out.groups.map(function (g) {
        return '<span class="cp-badge" title="' + esc(g.rule) + '">' + esc(g.kind + " " + g.cards + " " + g.huxi + "胡" + (g.note ? "（" + g.note + "）" : "")) + "</span>";
      }).join(" ") + "</span></p>");
      html.push("<p>胡息 <strong>" + esc(out.huxi) + "</strong>；红字 " + esc(out.red_cards) + " 张；归 " + esc(out.gui) +
        '；名堂：<span class="cp-sc-patterns">' + (out.mingtang.length ? out.mingtang.map(function (p) {
          return '<span class="cp-badge">' + esc(p) + "</span>";
        }).join(" ") : "无") + "</span></p>");
    }
    html.push(paymentsTable(out.payments.concat(out.gang ? out.gang.payments : [])));
    html.push("<p>各家净得：" + netLine(out.net) + "</p>");
    html.push('<p class="cp-formula">' + esc(out.formula) + "</p>");
    html.push('<p class="cp-sc-cites">依据：' + out.rules.map(function (rid) { return ruleLink(CFG.links, rid); }).join(" ") + "</p>");
    if (out.not_in_document && out.not_in_document.length) {
      html.push('<p class="cp-small">不见于原文的规则：' + out.not_in_document.map(function (n) { return esc(n.title) + "（" + esc(n.source) + "）"; }).join("；") + "</p>");
    }
    return html.join("");
  }

  function column(way) { return way.from ? way.win + "（" + way.from + "）" : way.win; }

  function showWaits(out) {
    var list = out.waits;
    if (!list.length) return '<p class="cp-sc-nowait" data-waits="">这手牌还没听：没有哪一张能让它胡。</p>';
    // a column per way to win: the win method, and whose card it is where the answer says (字牌's `from`)
    var wins = [];
    list.forEach(function (w) { w.wins.forEach(function (x) { if (wins.indexOf(column(x)) < 0) wins.push(column(x)); }); });
    var keys = list.map(function (w) { return w[UI.wait_key]; });
    var html = ['<p data-waits="' + esc(keys.join(" ")) + '">听 <strong>' + list.length + "</strong> 种牌：" +
      esc(keys.map(nameOf).join("、")) + "。下表是胡每一张、每种胡法胡家共收多少（— 表示这种胡法在这里不成立，悬停看原因）。</p>"];
    html.push('<div class="cp-wide"><table class="cp-table-static cp-sc-waits"><thead><tr><th>胡哪张</th><th>还剩</th>' +
      wins.map(function (w) { return "<th>" + esc(w) + "</th>"; }).join("") + "</tr></thead><tbody>");
    list.forEach(function (w, i) {
      var by = Object.create(null);
      w.wins.forEach(function (x) { by[column(x)] = x; });
      var why = Object.create(null);
      w.refused.forEach(function (x) { why[column(x)] = x.error; why[x.win] = why[x.win] || x.error; });
      html.push('<tr><th><button type="button" class="cp-sc-tile cp-sc-small" data-try="' + esc(keys[i]) + '" aria-label="用' +
        esc(nameOf(keys[i])) + '胡来算">' + faceHtml(keys[i]) + '</button></th><td class="cp-num">' + esc(w.left) + "</td>" +
        wins.map(function (name) {
          return by[name] ? '<td class="cp-num" title="' + esc(by[name].formula) + '">' + esc(by[name].total) + "</td>"
                          : '<td class="cp-dash" title="' + esc(why[name] || "") + '">—</td>';
        }).join("") + "</tr>");
    });
    html.push("</tbody></table></div>");
    return html.join("");
  }

  function bar(text) { setText($(".cp-sc-bar-text"), text); }

  // The request on screen is sent to the core at once, and the form and the answer are drawn together
  // when it comes back (one layout per change, not one for the form and one for the answer), unless a
  // newer request was sent meanwhile. A slow answer (waits, a busy phone) does not hold up the form:
  // it is drawn after FORM_WAIT ms, and the result box is aria-busy until the answer is in.
  var runs = 0;
  var FORM_WAIT = 50;
  var drawn = Promise.resolve();  // the latest request's answer, drawn

  // Until the answer to the request now on screen is drawn, whatever was changed meanwhile.
  function settled() {
    var latest = drawn;
    return latest.then(function () { return latest === drawn ? undefined : settled(); });
  }

  function run() {
    writeHashSoon();
    var box = $(".cp-sc-result");
    var seq = ++runs;
    if (!coreReady || (!raw && !started(req))) {
      sync();
      box.removeAttribute("aria-busy");
      box.innerHTML = coreReady ? '<p class="cp-small">' + (UI ? "先点牌面摆出手牌（或输入" + esc(WORDS.hand_word) + "）。"
        : "先填写上面的请求。") + "</p>" : '<p class="cp-small">规则核心载入后立即计算。</p>';
      if (coreReady) bar(UI ? "先摆出手牌" : "先填写请求");
      return Promise.resolve();
    }
    var kind = raw ? rawKind : kindOf(req);
    var slow = setTimeout(function () {
      if (seq !== runs) return;
      sync();
      box.setAttribute("aria-busy", "true");
    }, FORM_WAIT);
    drawn = ask(kind, [raw || req]).then(function (answers) {
      clearTimeout(slow);
      if (seq !== runs) return;
      var answer = answers[0];
      sync();
      box.removeAttribute("aria-busy");
      if (answer.error) {
        box.innerHTML = '<p class="cp-sc-error" role="alert" data-error="' + esc(answer.error) + '">' + esc(answer.error) + "</p>";
        bar("不成立：" + answer.error);
      } else if (kind === "score") {
        box.innerHTML = showScore(answer.ok) + carry();
        bar("胡家共收 " + answer.ok.total + " 分");
      } else {
        box.innerHTML = showWaits(answer.ok);
        var keys = answer.ok.waits.map(function (w) { return nameOf(w[UI.wait_key]); });
        bar(keys.length ? "听 " + keys.join("、") : "还没听牌");
      }
    });
    return drawn;
  }

  // 记入牌局: this hand carried to the game's 牌局记账 page (when it has one), where the player picks the
  // winner; opened from that page's 一炮多响 link (?also), it is another winner of the hand there.
  function carry() {
    var session = root.getAttribute("data-session");
    if (!session) return "";
    var text = raw || JSON.stringify(req);
    var to = session + "#" + (/[?&]also\b/.test(location.search) ? "also=" : "score=") + encodeURIComponent(text);
    return '<p><a class="cp-sc-button cp-sc-carry" data-carry href="' + esc(to) + '">记入牌局</a></p>';
  }

  // Whether the request on screen is far enough along to ask the core: a hand, or a declared form's
  // required fields.
  function started(r) {
    if (UI) return !!r[HAND];
    return CFG.form.fields.every(function (f) { return !f.required || f.key in r; });
  }

  /* ------------------------------------------------------------------ editing */

  function tap(code) {
    if (mode === "hand") {
      var tiles = tilesOf(req[HAND]);
      tiles.push(code);
      setField(HAND, writeTiles(tiles));
      return;
    }
    // a group: named by one tile, or written out: that many alike at one tap, or cards tapped one by one
    var kind = mode.split(":")[1];
    var groups = req[GROUPS] || [];
    if (UI.group.by === "tile") {
      setField(GROUPS, groups.concat([{ kind: kind, tile: code }]));
      return;
    }
    var size = UI.group.alike[kind];
    if (size) {
      setField(GROUPS, groups.concat([{ kind: kind, cards: new Array(size + 1).join(code) }]));
      return;
    }
    pending.push(code);
    if (pending.length === UI.group.picked) {
      setField(GROUPS, groups.concat([{ kind: kind, cards: pending.join("") }]));
      pending = [];
    }
  }

  // What a 胡法 picked implies: an opening-hand win (the game's `opening` extra) has no win method, no
  // winning card, no discarder; who the win is from (UI.from) is none for a self-draw, else a default seat.
  function won(value) {
    if (UI.opening) {
      var extras = (req.extras || []).filter(function (e) { return e !== UI.opening; });
      if (value === UI.opening) {
        extras.push(UI.opening);
        delete req.win;
        delete req[TILE];
        if (UI.from) delete req[UI.from.field];
      }
      setField("extras", extras);
    }
    if (UI.from) {
      if (value === UI.from.unless) delete req[UI.from.field];
      else if (value && value !== UI.opening && !req[UI.from.field]) req[UI.from.field] = UI.from.default;
    }
  }

  function setRules(preset, options) {
    var clean = {};
    var base = CFG.presets.filter(function (p) { return p.id === preset; })[0];
    Object.keys(options).forEach(function (k) {
      var spec = CFG.options.filter(function (o) { return o.key === k; })[0];
      if (options[k] !== (base.options[k] || spec.default)) clean[k] = options[k];
    });
    if (preset === CFG.presets[0].id && !Object.keys(clean).length) delete req.rules;
    else req.rules = Object.keys(clean).length ? { preset: preset, options: clean } : { preset: preset };
  }

  function currentRules() {
    var rules = typeof req.rules === "string" ? { preset: req.rules } : (req.rules || {});
    return { preset: rules.preset || CFG.presets[0].id, options: Object.assign({}, rules.options || {}) };
  }

  function onClick(event) {
    var b = event.target.closest("button");
    if (!b || !root.contains(b)) return;
    if (b.hasAttribute("data-add")) tap(b.getAttribute("data-add"));
    else if (b.hasAttribute("data-remove")) {
      var tiles = tilesOf(req[HAND]);
      tiles.splice(Number(b.getAttribute("data-remove")), 1);
      setField(HAND, writeTiles(tiles));
    } else if (b.hasAttribute("data-unmeld")) {
      var key = GROUPS;
      var list = (req[key] || []).slice();
      list.splice(Number(b.getAttribute("data-unmeld")), 1);
      setField(key, list);
    } else if (b.hasAttribute("data-chain")) {
      var path = b.getAttribute("data-path"), k = b.getAttribute("data-chain");
      setField(path, k ? (req[path] || []).concat([k]) : null);
      (cfg(path).clears || []).forEach(function (other) { delete req[other]; });  // 连杠 says how many kongs
    } else if (b.hasAttribute("data-unentry")) {
      var entries = (req[b.getAttribute("data-path")] || []).slice();
      entries.splice(Number(b.getAttribute("data-unentry")), 1);
      setField(b.getAttribute("data-path"), entries);
    } else if (b.hasAttribute("data-try")) {
      setField(HAND, writeTiles(tilesOf(req[HAND]).concat([b.getAttribute("data-try")])));
      req.win = UI.try_win;
    } else {
      var action = b.getAttribute("data-action");
      if (action === "clear") { req = {}; pending = []; }
      else if (action === "rules-reset") { delete req.rules; delete req.readings; }
      else if (action === "add") {
        var to = b.getAttribute("data-path"), entry = {};
        $$('[data-entry][data-path="' + to + '"]').forEach(function (sel) {
          if (sel.value) entry[sel.getAttribute("data-entry")] = sel.value;
        });
        setField(to, (req[to] || []).concat([entry]));
      } else if (action === "sheet") { sheet(); return; }
      else if (action === "csv") { downloadCsv(); return; }
      else return;
    }
    run();
  }

  function onChange(event) {
    var t = event.target;
    if (t.hasAttribute("data-form-field")) {
      var key = t.getAttribute("data-form-field"), value = formValue(t);
      setField(key, value === cfg(key).unset ? undefined : value);
      if (key === "win" && UI) won(t.value);
      run();
      return;
    }
    if (t.name && t.name.indexOf("cp-sc-mode") === 0) { mode = t.value; pending = []; sync(); return; }
    var path = t.getAttribute("data-path"), sub = t.getAttribute("data-sub");
    if (t.hasAttribute("data-hand")) setField(HAND, t.value.trim());
    else if (t.hasAttribute("data-pick")) {
      var holder = sub ? Object.assign({}, req[path] || {}) : null;
      var list = ((sub ? holder[sub] : req[path]) || []).filter(function (v) { return v !== t.getAttribute("data-pick"); });
      if (t.checked) list.push(t.getAttribute("data-pick"));
      if (!sub) setField(path, list);
      else { if (list.length) holder[sub] = list; else delete holder[sub]; setField(path, holder); }
    } else if (sub) {
      var obj = Object.assign({}, req[path] || {});
      if (t.checked) obj[sub] = true; else delete obj[sub];
      setField(path, obj);
    } else if (t.hasAttribute("data-each")) {
      var table = Object.assign({}, req[path] || {});
      if (t.value === fieldOf(path).value.choices[0]) delete table[t.getAttribute("data-each")];
      else table[t.getAttribute("data-each")] = t.value;
      setField(path, table);
    } else if (t.hasAttribute("data-entry")) {
      return;  // read when the entry is added
    } else if (t.hasAttribute("data-preset")) setRules(t.value, {});
    else if (t.hasAttribute("data-option")) {
      var r = currentRules();
      r.options[t.getAttribute("data-option")] = t.value;
      setRules(r.preset, r.options);
    } else if (t.hasAttribute("data-reading")) {
      var readings = Object.assign({}, req.readings || {});
      var id = t.getAttribute("data-reading");
      var spec = CFG.readings.filter(function (x) { return x.id === id; })[0];
      if (t.value === spec.default) delete readings[id]; else readings[id] = t.value;
      setField("readings", readings);
    } else return;
    run();
  }

  /* ------------------------------------------------------------------ cheat sheet of this combination */

  var sheetRows = null;

  // The built cheat sheet's grid (Nanning: 牌型 × 胡法; 字牌: each reading's probe hand × 胡法), every cell a
  // concrete request made at build time, priced here by the core under the rules chosen above and the fields
  // the page config marks for the sheet (UI.fields …: {"sheet": true}; Nanning: a club's 十三幺 约定值).
  function sheetRequests() {
    var extra = {};
    FIELDS.forEach(function (f) {
      if ((f.key === RULES || cfg(f.key).sheet) && has(req, f.key)) extra[f.key] = req[f.key];
    });
    return CFG.sheet.map(function (row) {
      return { label: row.label, cells: row.requests.map(function (r) { return r && Object.assign({}, r, extra); }) };
    });
  }

  function sheet() {
    if (!coreReady || !CFG.sheet) return;
    var rows = sheetRequests();
    var cells = [];
    rows.forEach(function (row) { row.cells.forEach(function (r) { if (r) cells.push(r); }); });
    ask("score", cells).then(function (answers) {
      var next = 0;
      sheetRows = rows.map(function (row) {
        return { label: row.label, cells: row.cells.map(function (r) {
          return r ? answers[next++] : { error: "没有这种情形的实例牌" };
        }) };
      });
      showSheet();
    });
  }

  function showSheet() {
    var heads = CFG.sheet_columns;
    var html = ['<div class="cp-cheat"><p class="cp-sheet-note">规则：' + esc(describeRules()) +
      '。数字是胡牌者<strong>共收</strong>的分（含杠分）；— 表示这种情形在这套规则下不成立。</p>' +
      '<table class="cp-table-static cp-grid"><thead><tr><th>' + esc(WORDS.sheet_head) + "</th>" +
      heads.map(function (h) { return "<th>" + esc(h) + "</th>"; }).join("") + "</tr></thead><tbody>"];
    sheetRows.forEach(function (row) {
      html.push("<tr><th>" + esc(row.label) + "</th>" + row.cells.map(function (c) {
        return c.ok ? '<td class="cp-num" title="' + esc(c.ok.formula) + '">' + esc(c.ok.total) + "</td>"
                    : '<td class="cp-dash" title="' + esc(c.error) + '">—</td>';
      }).join("") + "</tr>");
    });
    html.push("</tbody></table></div>");
    $(".cp-sc-sheet").innerHTML = html.join("");
    $('[data-action="csv"]').disabled = false;
  }

  // the rules the sheet is priced under, in words: the rules section's, then each field carried to the sheet
  function describeRules() {
    var carried = FIELDS.filter(function (f) { return cfg(f.key).sheet && has(req, f.key); }).map(function (f) {
      var c = cfg(f.key), choice = (c.choices || []).filter(function (o) { return o[0] === req[f.key]; })[0];
      return c.label + "：" + (choice ? choice[1] : req[f.key]);
    });
    return [ruleWords()].concat(carried).join("；");
  }

  function ruleWords() {
    if (CFG.presets) {
      var r = currentRules();
      var preset = CFG.presets.filter(function (p) { return p.id === r.preset; })[0];
      var parts = Object.keys(r.options).map(function (k) {
        var spec = CFG.options.filter(function (o) { return o.key === k; })[0];
        return spec.name + "：" + spec.values.filter(function (v) { return v[0] === r.options[k]; })[0][1];
      });
      return preset.name + (parts.length ? "；" + parts.join("；") : "");
    }
    var rs = req.readings || {};
    var changed = Object.keys(rs).map(function (id) {
      var spec = CFG.readings.filter(function (x) { return x.id === id; })[0];
      return spec.name + "：" + spec.values.filter(function (v) { return v[0] === rs[id]; })[0][1];
    });
    return changed.length ? changed.join("；") : "全部取默认读法";
  }

  function csvCell(v) {
    var s = String(v);
    return /[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  }

  function downloadCsv() {
    if (!sheetRows) return;
    var lines = [["hand", "win", "total", "formula", "error", "rules"].join(",")];
    sheetRows.forEach(function (row) {
      row.cells.forEach(function (c, i) {
        lines.push([row.label, CFG.sheet_columns[i], c.ok ? c.ok.total : "", c.ok ? c.ok.formula : "", c.error || "",
          describeRules()].map(csvCell).join(","));
      });
    });
    var blob = new Blob(["\ufeff" + lines.join("\n") + "\n"], { type: "text/csv;charset=utf-8" });
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = GAME + "_scorer_sheet.csv";
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  /* ------------------------------------------------------------------ start */

  function fromHash() {
    clearTimeout(hashTimer);  // the address now says what to show
    var got = readHash();
    req = got.value;
    pending = [];
    raw = got.text || null;
    rawKind = got.kind;
    run();
  }

  build();
  root.addEventListener("click", onClick);
  root.addEventListener("change", onChange);
  if (UI) $("[data-hand]").addEventListener("input", function (e) { setField(HAND, e.target.value.trim()); run(); });
  window.addEventListener("hashchange", fromHash);
  window.addEventListener("pagehide", writeHash);
  req = readHash().value;
  sync();

  core = startCore(root, CFG, progressBar(root));
  var ready = core.ready.then(function () {
    coreReady = true;
    var loading = root.querySelector(".cp-sc-loading");
    if (loading) loading.hidden = true;
    fromHash();
  }, function (err) {
    var loading = root.querySelector(".cp-sc-loading");
    if (loading) loading.innerHTML = '<p class="cp-sc-error" role="alert">规则核心载入失败：' + esc(err && err.message || err) + "</p>";
    throw err;
  });

  window.caipanScorer = {
    ready: ready,
    // each a promise: the answer, the answers, the request's answer drawn on the page
    call: function (kind, request) { return ask(kind, [request]).then(function (a) { return a[0]; }); },
    batch: function (kind, requests) { return ask(kind, requests); },
    set: function (request) { req = request; raw = null; pending = []; return run(); },
    request: function () { return JSON.parse(JSON.stringify(req)); },
    settled: settled,
  };
})();
