/* caipan 裁判: the payout tables and the payout finder.
 *
 * Both fetch a table the build ships as data/<game>_payouts.data.json (gzip beside it):
 * {columns, dimensions, preset, fields, values, rows, links}, where each row is a
 * list of indexes into `values` (one per field). A progress line shows while it loads.
 * No server, no other script: everything runs here, on the generated data. Every
 * text from the data goes through esc() before it reaches innerHTML, and every
 * lookup by a name from the address (#fragment) is an own-property lookup.
 */
(function () {
  "use strict";

  var LIMIT = 100; // rows shown at once; "显示更多" adds as many again
  var CHUNK = 25; // rows laid out per frame: a keystroke waits only for the first chunk
  var WIDEST = 20; // em, for a column of long text (it wraps)
  var ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  // columns a phone card leaves out (the row's link opens the finder, which shows everything)
  var MINOR = { formula: 1, hand_points: 1, kong_points: 1, step: 1, gui: 1, red: 1 };
  // what separates the words of a value: "碰碰胡+清一色", "明杠→暗杠（双连杠）", "海底爆、自摸"
  var SEPARATORS = /[\s+＋、，,；;：:（）()→\/]+/;
  var collator = new Intl.Collator("zh");
  var has = function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); };

  function esc(value) {
    return String(value === null || value === undefined ? "" : value).replace(/[&<>"']/g, function (c) {
      return ENTITIES[c];
    });
  }

  function shown(value) {
    return value === "" || value === null || value === undefined ? "（无）" : String(value);
  }

  /* The id a fragment names, or "" when it names nothing decodable ("#%", "#%ZZ"). */
  function fragment() {
    var raw = window.location.hash.slice(1);
    try { return decodeURIComponent(raw); } catch (e) { return raw; }
  }

  /* Unpack the rows into objects (values are shared, never modified). */
  function decode(packed) {
    var f = packed.fields, v = packed.values;
    var rows = packed.rows.map(function (r) {
      var o = {};
      for (var i = 0; i < f.length; i++) o[f[i]] = v[r[i]];
      return o;
    });
    return { columns: packed.columns, dimensions: packed.dimensions, preset: packed.preset, links: packed.links, rows: rows };
  }

  /* Marks for scripts/bench_site.py: when the data is in, decoded, and the first rows are shown. */
  function mark(name) {
    if (window.performance && performance.mark) performance.mark(name);
  }

  /* Fetch the table with a progress line (bytes of the uncompressed file, known at build time). */
  function load(root, done) {
    var src = root.getAttribute("data-src"), size = Number(root.getAttribute("data-bytes")) || 0;
    var status = root.querySelector(".cp-loading"), bar = root.querySelector(".cp-loading progress");
    var text = root.querySelector(".cp-loading span");
    var say = function (received) {
      var pct = size ? Math.min(99, Math.floor(100 * received / size)) : 0;
      if (bar) bar.value = pct;
      if (text) text.textContent = "正在载入赔付数据… " + pct + "%";
    };
    var fail = function (e) {
      root.setAttribute("data-state", "failed");
      if (status) status.innerHTML = "赔付数据载入失败（" + esc(e && e.message) + "）。请刷新页面再试，或下载上面的 CSV。";
    };
    fetch(src).then(function (resp) {
      if (!resp.ok) throw new Error(resp.status + " " + resp.statusText);
      if (!resp.body || !resp.body.getReader || !window.TextDecoder) return resp.text();
      var reader = resp.body.getReader(), parts = [], received = 0, decoder = new TextDecoder("utf-8");
      var pump = function () {
        return reader.read().then(function (r) {
          if (r.done) { parts.push(decoder.decode()); return parts.join(""); }
          received += r.value.length;
          parts.push(decoder.decode(r.value, { stream: true }));
          say(received);
          return pump();
        });
      };
      return pump();
    }).then(function (body) {
      mark("caipan-data-loaded");
      var table = decode(JSON.parse(body));
      mark("caipan-data-decoded");
      if (status) status.parentNode.removeChild(status);
      done(table);
    }).catch(fail);
  }

  /* Width of a text in em: CJK characters are one em, the rest about half. */
  function ems(text) {
    var n = 0;
    for (var i = 0; i < text.length; i++) n += text.charCodeAt(i) > 0x2e80 ? 1 : 0.55;
    return n;
  }

  function ruleLinks(table, ids) {
    return (ids || []).map(function (id) {
      var href = has(table.links, id) ? table.links[id] : null;
      return href ? '<a class="cp-rid" href="' + esc(href) + '">' + esc(id) + "</a>" : "<code>" + esc(id) + "</code>";
    }).join(" ");
  }

  function paymentsTable(row) {
    return '<table class="cp-table-static cp-pays"><thead><tr><th>付款人</th><th>收款人</th><th class="cp-num">金额</th><th>类别</th></tr></thead><tbody>' +
      (row.payments || []).map(function (p) {
        return "<tr><td>" + esc(p.payer) + "</td><td>" + esc(p.payee) + '</td><td class="cp-num">' + esc(p.amount) +
          "</td><td>" + esc(p["for"]) + "</td></tr>";
      }).join("") +
      '</tbody><tfoot><tr><td colspan="2">合计（胡牌者共收）</td><td class="cp-num cp-total">' + esc(row.total) +
      "</td><td></td></tr></tfoot></table>";
  }

  /* ------------------------------------------------------------ the filter */

  /* What a row can be found by: whole words of its names (as ids into one vocabulary shared by all
     rows), whole numbers of its amounts. */
  function Vocabulary() {
    this.ids = Object.create(null);
    this.words = [];
    this.cache = Object.create(null);
  }

  Vocabulary.prototype.id = function (word) {
    if (!has(this.ids, word)) { this.ids[word] = this.words.length; this.words.push(word); }
    return this.ids[word];
  };

  /* Which words a term matches: the word itself, or any word it begins (while typing). */
  Vocabulary.prototype.hits = function (term) {
    if (has(this.cache, term)) return this.cache[term];
    var out = new Uint8Array(this.words.length);
    for (var i = 0; i < this.words.length; i++) if (this.words[i].lastIndexOf(term, 0) === 0) out[i] = 1;
    this.cache[term] = out;
    return out;
  };

  function rowIndex(vocab, row, keys) {
    var seen = Object.create(null), ids = [], numbers = Object.create(null);
    var word = function (w) {
      if (w === "" || w === null || w === undefined) return;
      var id = vocab.id(String(w).toLowerCase());
      if (!seen[id]) { seen[id] = true; ids.push(id); }
    };
    var text = function (value) {
      if (value === null || value === undefined || value === "") return;
      word(value);
      String(value).split(SEPARATORS).forEach(word);
    };
    keys.forEach(function (c) {
      var value = row[c.key];
      if (c.type === "number" || typeof value === "number") { if (value !== "" && value !== null) numbers[String(value)] = true; } else text(value);
    });
    word(row.id);
    (row.rules || []).forEach(word);
    String(row.terms || "").split(/\s+/).forEach(word);
    (row.payments || []).forEach(function (p) { text(p.payer); text(p.payee); text(p["for"]); numbers[String(p.amount)] = true; });
    if (!row.feasible) word("不可能");
    return { ids: new Int32Array(ids), numbers: numbers };
  }

  /* A number matches a whole amount; a word matches a whole name, or the start of one. */
  function matches(vocab, index, term) {
    if (/^\d+$/.test(term)) return has(index.numbers, term);
    var hits = vocab.hits(term), ids = index.ids;
    for (var i = 0; i < ids.length; i++) if (hits[ids[i]]) return true;
    return false;
  }

  /* ---------------------------------------------------------------- table */

  function PayoutTable(root, table) {
    this.root = root;
    this.table = table;
    this.presetKey = table.preset;
    var cols = [{ key: "id", label: "编号", type: "text" }].concat(table.columns);
    if (!table.columns.some(function (c) { return c.key === "total"; })) cols.push({ key: "total", label: "合计", type: "number" });
    cols.push({ key: "rules", label: "依据", type: "text", nosort: true });
    this.cols = cols;
    var keys = {}, fields = [];
    table.columns.concat(table.dimensions).forEach(function (c) { if (!keys[c.key]) { keys[c.key] = true; fields.push(c); } });
    this.vocab = new Vocabulary();
    this.fields = fields;
    this.indexed = 0; // rows whose words are indexed: built in slices after the first rows show, or at once when needed
    this.rows = table.rows.map(function (row, index) {
      return { row: row, index: index, find: null, html: null };
    });
    this.impossible = this.rows.filter(function (item) { return !item.row.feasible; }).length;
    this.byId = Object.create(null);
    for (var i = 0; i < this.rows.length; i++) this.byId[this.rows[i].row.id] = this.rows[i];
    this.order = this.rows;
    this.sortCol = -1;
    this.sortDir = 1;
    this.limit = LIMIT;
    this.build();
    this.update();
    var self = this, later = window.requestIdleCallback || function (go) { return setTimeout(go, 50); };
    var slice = function () {  // when the browser is idle: the first rows are laid out first
      if (self.index(self.indexed + 500) < self.rows.length) later(slice);
    };
    later(slice);
  }

  /* Index the words of rows up to `upto` (all rows by default); returns how many are indexed. */
  PayoutTable.prototype.index = function (upto) {
    var end = Math.min(upto === undefined ? this.rows.length : upto, this.rows.length), from = this.indexed;
    for (; this.indexed < end; this.indexed++) {
      var item = this.rows[this.indexed];
      item.find = rowIndex(this.vocab, item.row, this.fields);
    }
    if (this.indexed > from) this.vocab.cache = Object.create(null); // new words: earlier prefix matches are stale
    return this.indexed;
  };

  PayoutTable.prototype.build = function () {
    var self = this, t = this.table;
    var preset = t.dimensions.filter(function (d) { return d.key === self.presetKey; })[0];
    var controls = '<div class="cp-controls">' +
      '<label class="cp-filter-label">筛选 <input type="search" class="cp-filter" autocomplete="off" placeholder="' +
      esc(this.root.getAttribute("data-example") || "") + '" aria-label="筛选：多个词用空格分开，数字按整个金额匹配"></label>';
    if (preset) {
      controls += "<label>" + esc(preset.label) + ' <select class="cp-preset">' +
        preset.values.map(function (v) { return '<option value="' + esc(v) + '">' + esc(v) + "</option>"; }).join("") +
        '<option value="">（全部）</option></select></label>';
    }
    controls += '<label>排序 <select class="cp-sort"><option value="">表中原序</option>' +
      this.cols.map(function (c, i) {
        if (c.nosort) return "";
        return '<option value="' + i + ':1">' + esc(c.label) + (c.type === "number" ? " 从小到大" : " 升序") + "</option>" +
          '<option value="' + i + ':-1">' + esc(c.label) + (c.type === "number" ? " 从大到小" : " 降序") + "</option>";
      }).join("") + "</select></label>";
    controls += '<label class="cp-check"><input type="checkbox" class="cp-show-impossible"> 也显示不可能的情形（' +
      this.impossible + " 行，注明原因）</label>" +
      '<span class="cp-count" role="status" aria-live="polite"></span><p class="cp-message" role="alert" hidden></p></div>';
    var head = this.cols.map(function (c, i) {
      var cls = (c.type === "number" ? "cp-num " : "") + "cp-c-" + esc(c.key);
      return '<th scope="col" data-col="' + i + '" class="' + cls + '"' +
        (c.nosort ? "" : ' aria-sort="none" tabindex="0" title="点击排序"') + ">" + esc(c.label) + "</th>";
    }).join("");
    // fixed column widths (table-layout: fixed) so that a re-render never re-measures every cell:
    // each column's share of the width follows its longest text, capped (long text wraps)
    var step = Math.max(1, Math.floor(this.rows.length / 2000));
    var widths = this.cols.map(function (c) {
      var widest = ems(c.label) + (c.nosort ? 0 : 1.2);
      if (c.key === "rules") return 10;
      // a sample of at most ~2000 rows spread over the table: enough for a width, cheap on a slow phone
      for (var i = 0; i < self.rows.length; i += step) widest = Math.max(widest, ems(String(self.rows[i].row[c.key] || "")));
      return Math.min(widest + 1, c.key === "id" ? 10 : c.type === "number" ? 5 : WIDEST);
    });
    var total = widths.reduce(function (a, b) { return a + b; }, 0);
    var colgroup = widths.map(function (w) { return '<col style="width:' + (100 * w / total).toFixed(2) + '%">'; }).join("");
    this.root.innerHTML = controls +
      '<table class="cp-payouts"><colgroup>' + colgroup + "</colgroup><thead><tr>" + head + "</tr></thead><tbody></tbody></table>" +
      '<button type="button" class="md-button cp-more" hidden>显示更多</button>';
    this.tbody = this.root.querySelector("tbody");
    this.input = this.root.querySelector(".cp-filter");
    this.presetSelect = this.root.querySelector(".cp-preset");
    this.impossibleBox = this.root.querySelector(".cp-show-impossible");
    this.sortSelect = this.root.querySelector(".cp-sort");
    this.count = this.root.querySelector(".cp-count");
    this.message = this.root.querySelector(".cp-message");
    this.more = this.root.querySelector(".cp-more");
    var again = function () { self.limit = LIMIT; self.update(); };
    this.input.addEventListener("input", again);
    if (this.presetSelect) this.presetSelect.addEventListener("change", again);
    this.impossibleBox.addEventListener("change", again);
    this.sortSelect.addEventListener("change", function () {
      var v = self.sortSelect.value;
      if (!v) { self.sortCol = -1; self.order = self.rows; self.marks(); self.update(); return; }
      var parts = v.split(":");
      self.sortBy(Number(parts[0]), Number(parts[1]));
    });
    this.more.addEventListener("click", function () { self.limit += LIMIT; self.render(self.limit - LIMIT + CHUNK); });
    Array.prototype.forEach.call(this.root.querySelectorAll("th[aria-sort]"), function (th) {
      var go = function () {
        var index = Number(th.getAttribute("data-col"));
        self.sortBy(index, self.sortCol === index ? -self.sortDir : 1);
      };
      th.addEventListener("click", go);
      th.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
    });
  };

  PayoutTable.prototype.sortBy = function (index, dir) {
    var col = this.cols[index];
    this.sortDir = dir;
    this.sortCol = index;
    var empty = function (x) { return x === null || x === undefined || x === ""; };
    this.order = this.rows.slice().sort(function (a, b) {
      var x = a.row[col.key], y = b.row[col.key];
      if (empty(x) || empty(y)) return empty(x) === empty(y) ? a.index - b.index : empty(x) ? 1 : -1; // empty last
      var c = col.type === "number" ? Number(x) - Number(y) : collator.compare(String(x), String(y));
      return c * dir || a.index - b.index;
    });
    this.marks();
    this.update();
  };

  PayoutTable.prototype.marks = function () {
    var index = this.sortCol, dir = this.sortDir;
    Array.prototype.forEach.call(this.root.querySelectorAll("th[aria-sort]"), function (th) {
      var mine = Number(th.getAttribute("data-col")) === index;
      th.setAttribute("aria-sort", mine ? (dir > 0 ? "ascending" : "descending") : "none");
    });
    this.sortSelect.value = index < 0 ? "" : index + ":" + dir;
  };

  PayoutTable.prototype.update = function () {
    var terms = this.input.value.toLowerCase().split(/\s+/).filter(Boolean);
    if (terms.length) this.index();
    var preset = this.presetSelect ? this.presetSelect.value : "";
    var all = this.impossibleBox.checked;
    var key = this.presetKey, out = [];
    for (var i = 0; i < this.order.length; i++) {
      var item = this.order[i], row = item.row, ok = true;
      if (preset && String(row[key]) !== preset) continue;
      if (!all && !row.feasible) continue;
      for (var j = 0; j < terms.length; j++) {
        if (!matches(this.vocab, item.find, terms[j])) { ok = false; break; }
      }
      if (ok) out.push(item);
    }
    this.view = out;
    this.render();
  };

  PayoutTable.prototype.rowHtml = function (item) {
    if (item.html) return item.html;
    var row = item.row, t = this.table, finder = this.root.getAttribute("data-finder") || "";
    var cells = this.cols.map(function (c) {
      var value = row[c.key], cls = "cp-c-" + c.key + (MINOR[c.key] ? " cp-minor" : "");
      var label = ' data-label="' + esc(c.label) + '"';
      if (c.key === "id") {
        return '<td class="' + cls + '"><a class="cp-id" href="#' + esc(row.id) + '">' + esc(row.id) + "</a>" +
          (finder ? ' <a class="cp-open" href="' + esc(finder) + "#" + esc(row.id) + '">详情</a>' : "") + "</td>";
      }
      if (c.key === "rules") {
        return '<td class="' + cls + '">' + (row.feasible ? "" : '<div class="cp-reason">不可能：' + esc(row.reason) + "</div>") +
          '<div class="cp-rules">' + ruleLinks(t, row.rules) + "</div></td>";
      }
      if (c.key === "total") {
        return '<td class="cp-num cp-total ' + cls + '"' + label + ">" + (row.feasible ? esc(value) : "不可能") + "</td>";
      }
      if (value === "" || value === null || value === undefined) return '<td class="' + cls + ' cp-empty"></td>';
      return '<td class="' + (c.type === "number" ? "cp-num " : "") + cls + '"' + label + ">" + esc(value) + "</td>";
    });
    item.html = '<tr id="' + esc(row.id) + '"' + (row.feasible ? "" : ' class="cp-infeasible"') + ">" + cells.join("") + "</tr>";
    return item.html;
  };

  /* The first `sync` rows now, the rest a chunk per frame; data-state is "ready" when all are in. */
  PayoutTable.prototype.render = function (sync) {
    var self = this, n = Math.min(this.limit, this.view.length), at = Math.min(n, sync || CHUNK);
    var generation = this.generation = (this.generation || 0) + 1;
    var rows = function (from, to) {
      var parts = [];
      for (var i = from; i < to; i++) parts.push(self.rowHtml(self.view[i]));
      return parts.join("");
    };
    this.tbody.innerHTML = rows(0, at);
    this.count.textContent = "符合条件 " + this.view.length + " 行（全表 " + this.rows.length + " 行" +
      (this.impossibleBox.checked ? "" : "，不含不可能的 " + this.impossible + " 行") + "）" +
      (n < this.view.length ? "，显示前 " + n + " 行" : "");
    this.more.hidden = n >= this.view.length;
    this.root.setAttribute("data-state", at < n ? "rendering" : "ready");
    if (at >= n) mark("caipan-ready");
    var next = function () {
      if (generation !== self.generation) return; // a newer keystroke took over
      var to = Math.min(n, at + CHUNK);
      self.tbody.insertAdjacentHTML("beforeend", rows(at, to));
      at = to;
      if (at < n) requestAnimationFrame(next);
      else { self.root.setAttribute("data-state", "ready"); mark("caipan-ready"); }
    };
    if (at < n) requestAnimationFrame(next);
  };

  PayoutTable.prototype.say = function (text) {
    this.message.textContent = text;
    this.message.hidden = !text;
  };

  /* Show the row a permalink names, even when it is filtered out or not rendered yet. */
  PayoutTable.prototype.reveal = function (id) {
    var item = has(this.byId, id) ? this.byId[id] : null;
    if (!item) {
      this.say("链接里的编号“" + id.slice(0, 80) + "”不是这张表里的行；下面是全表。");
      return false;
    }
    this.say("");
    if (this.view.indexOf(item) === -1) {
      this.input.value = "";
      if (!item.row.feasible) this.impossibleBox.checked = true;
      if (this.presetSelect) this.presetSelect.value = String(item.row[this.presetKey]);
      this.update();
    }
    var at = this.view.indexOf(item);
    this.limit = Math.max(this.limit, at + 1);
    this.render(at + 1);
    Array.prototype.forEach.call(this.tbody.querySelectorAll(".cp-hl"), function (el) { el.classList.remove("cp-hl"); });
    var tr = this.tbody.querySelector('tr[id="' + CSS.escape(id) + '"]');
    tr.classList.add("cp-hl");
    tr.scrollIntoView({ block: "center" });
    return true;
  };

  /* --------------------------------------------------------------- finder */

  function Finder(root, table) {
    this.root = root;
    this.table = table;
    this.dims = table.dimensions;
    this.index = Object.create(null);
    this.byId = Object.create(null);
    table.rows.forEach(function (row) {
      this.index[this.key(row)] = row;
      this.byId[row.id] = row;
    }, this);
    this.root.innerHTML = '<div class="cp-summary" role="status" aria-live="polite"></div>' +
      '<p class="cp-message" role="alert" hidden></p>' +
      '<form class="cp-finder-form">' + this.dims.map(function (d) {
        return '<label><span>' + esc(d.label) + '</span><select name="' + esc(d.key) + '">' + d.values.map(function (v) {
          return '<option value="' + esc(v) + '">' + esc(shown(v)) + "</option>";
        }).join("") + "</select></label>";
      }).join("") + '</form><div class="cp-result"></div>';
    this.form = this.root.querySelector("form");
    this.result = this.root.querySelector(".cp-result");
    this.summary = this.root.querySelector(".cp-summary");
    this.message = this.root.querySelector(".cp-message");
    var self = this;
    this.form.addEventListener("change", function (e) { self.changed(e.target.name); });
    window.addEventListener("hashchange", function () { self.fromHash(); });
    if (!this.fromHash()) this.set(this.first(), false);
  }

  Finder.prototype.first = function () {
    return this.table.rows.filter(function (r) { return r.feasible; })[0] || this.table.rows[0];
  };

  Finder.prototype.key = function (row) {
    return this.dims.map(function (d) { return String(row[d.key]); }).join("\u0001");
  };

  Finder.prototype.current = function () {
    var form = this.form, out = {};
    this.dims.forEach(function (d) { out[d.key] = form.elements[d.key].value; });
    return out;
  };

  Finder.prototype.fromHash = function () {
    var id = fragment();
    if (!id) return false;
    var row = has(this.byId, id) ? this.byId[id] : null;
    this.message.textContent = row ? "" : "链接里的编号“" + id.slice(0, 80) + "”不是赔付表里的行；下面是默认的情形。";
    this.message.hidden = Boolean(row);
    if (row) this.set(row, false);
    else if (!this.shown) this.set(this.first(), false);
    return true;
  };

  /* A choice that leaves no row keeps it and moves the other choices to the closest row that exists. */
  Finder.prototype.changed = function (name) {
    var now = this.current(), dims = this.dims, best = null, bestScore = -1;
    var key = this.key(now), row = has(this.index, key) ? this.index[key] : null;
    if (!row) {
      this.table.rows.forEach(function (r) {
        if (String(r[name]) !== now[name]) return;
        var score = 0;
        dims.forEach(function (d) { score = score * 2 + (String(r[d.key]) === now[d.key] ? 1 : 0); });
        score = score * 2 + (r.feasible ? 1 : 0);
        if (score > bestScore) { best = r; bestScore = score; }
      });
      row = best;
    }
    this.message.hidden = true;
    this.set(row, true);
  };

  Finder.prototype.set = function (row, remember) {
    var form = this.form, self = this;
    this.dims.forEach(function (d) { form.elements[d.key].value = String(row[d.key]); });
    // mark the choices that exist only with other choices changed
    var now = this.current();
    this.dims.forEach(function (d) {
      Array.prototype.forEach.call(form.elements[d.key].options, function (opt) {
        var probe = {};
        for (var k in now) probe[k] = now[k];
        probe[d.key] = opt.value;
        var ok = has(self.index, self.key(probe));
        opt.textContent = shown(opt.value) + (ok ? "" : " ＊");
        opt.className = ok ? "" : "cp-elsewhere";
      });
    });
    if (remember) history.replaceState(null, "", "#" + encodeURIComponent(row.id));
    this.show(row);
  };

  Finder.prototype.show = function (row) {
    var t = this.table;
    this.shown = row;
    this.summary.innerHTML = row.feasible
      ? '<span class="cp-summary-label">胡牌者共收</span> <strong class="cp-summary-total">' + esc(row.total) + "</strong>" +
        ' <span class="cp-summary-who">' + esc(summaryText(row)) + "</span>"
      : '<strong class="cp-summary-total">不可能</strong> <span class="cp-summary-who">' + esc(row.reason) + "</span>";
    var html = '<p class="cp-result-id">赔付表中的这一行：<a class="cp-id" href="' + esc(this.root.getAttribute("data-payouts")) +
      "#" + esc(row.id) + '">' + esc(row.id) + "</a></p>";
    if (!row.feasible) html += '<p class="cp-impossible"><strong>不可能出现：</strong>' + esc(row.reason) + "</p>";
    else html += paymentsTable(row);
    if (row.formula) html += '<p class="cp-formula-line"><span>算式</span> <code class="cp-formula">' + esc(row.formula) + "</code></p>";
    if (row.rules && row.rules.length) html += '<p class="cp-rules-line"><span>依据</span> ' + ruleLinks(t, row.rules) + "</p>";
    if (row.witness) html += '<p class="cp-witness"><span>例如这样一手牌</span> ' + esc(row.witness) + "</p>";
    html += '<details class="cp-details"><summary>这一行的全部列</summary><table class="cp-table-static">' +
      t.columns.map(function (c) { return '<tr><th scope="row">' + esc(c.label) + "</th><td>" + esc(row[c.key]) + "</td></tr>"; }).join("") +
      "</table></details>";
    this.result.innerHTML = html;
  };

  /* "上家 18，杠分 1" style: who pays how much in all, for the summary line. */
  function summaryText(row) {
    var by = {}, order = [];
    (row.payments || []).forEach(function (p) {
      if (!has(by, p.payer)) { by[p.payer] = 0; order.push(p.payer); }
      by[p.payer] += Number(p.amount) || 0;
    });
    return order.map(function (p) { return p + "付 " + by[p]; }).join("，");
  }

  /* ----------------------------------------------------------------- boot */

  /* A table that scrolls sideways (on a phone) can be scrolled from the keyboard: it takes focus. */
  var SCROLLERS = ".cp-wide, .md-typeset table.cp-table-static, .md-typeset table:not([class])";

  function focusableScrollers() {
    Array.prototype.forEach.call(document.querySelectorAll(SCROLLERS), function (el) {
      var scrolls = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible";
      if (scrolls && !el.hasAttribute("tabindex")) {
        el.setAttribute("tabindex", "0");
        el.setAttribute("data-cp-scroller", "");
      } else if (!scrolls && el.hasAttribute("data-cp-scroller")) {
        el.removeAttribute("tabindex");
        el.removeAttribute("data-cp-scroller");
      }
    });
  }

  function boot() {
    focusableScrollers();
    var resized = null;
    window.addEventListener("resize", function () { clearTimeout(resized); resized = setTimeout(focusableScrollers, 100); });
    Array.prototype.forEach.call(document.querySelectorAll(".cp-ptable[data-src]"), function (root) {
      load(root, function (table) {
        var holder = document.createElement("div");
        holder.setAttribute("data-finder", root.getAttribute("data-finder") || "");
        holder.setAttribute("data-example", root.getAttribute("data-example") || "");
        root.appendChild(holder);
        var view = new PayoutTable(holder, table);
        var go = function () {
          var id = fragment();
          if (id) view.reveal(id);
        };
        window.addEventListener("hashchange", go);
        go();
        root.caipan = view;
        root.setAttribute("data-state", holder.getAttribute("data-state"));
        new MutationObserver(function () { root.setAttribute("data-state", holder.getAttribute("data-state")); })
          .observe(holder, { attributes: true, attributeFilter: ["data-state"] });
      });
    });
    Array.prototype.forEach.call(document.querySelectorAll(".cp-finder[data-src]"), function (root) {
      load(root, function (table) {
        var holder = document.createElement("div");
        holder.setAttribute("data-payouts", root.getAttribute("data-payouts"));
        root.appendChild(holder);
        root.caipan = new Finder(holder, table);
        root.setAttribute("data-state", "ready");
      });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
  else boot();
})();
