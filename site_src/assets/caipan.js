/* caipan 裁判: the payout tables and the payout finder.
 *
 * Both read a table the build ships as data/<game>_payouts.js: window.CAIPAN[game]
 * = {columns, dimensions, preset, fields, values, rows, links}, where each row is
 * a list of indexes into `values` (one per field). No server, no other script:
 * everything runs here, on the generated data. Every text from the data goes
 * through esc() before it reaches innerHTML.
 */
(function () {
  "use strict";

  var LIMIT = 100; // rows shown at once; "显示更多" adds as many again
  var CHUNK = 25; // rows laid out per frame: a keystroke waits only for the first chunk
  var WIDEST = 22; // em, for a column of long text (it wraps)
  var ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  var collator = new Intl.Collator("zh");

  function esc(value) {
    return String(value === null || value === undefined ? "" : value).replace(/[&<>"']/g, function (c) {
      return ENTITIES[c];
    });
  }

  function shown(value) {
    return value === "" || value === null || value === undefined ? "（无）" : String(value);
  }

  /* Unpack the rows into objects (values are shared, never modified). */
  function decode(packed) {
    if (packed.decoded) return packed.decoded;
    var f = packed.fields, v = packed.values;
    var rows = packed.rows.map(function (r) {
      var o = {};
      for (var i = 0; i < f.length; i++) o[f[i]] = v[r[i]];
      return o;
    });
    packed.decoded = { columns: packed.columns, dimensions: packed.dimensions, preset: packed.preset,
      links: packed.links, rows: rows };
    return packed.decoded;
  }

  /* Width of a text in em: CJK characters are one em, the rest about half. */
  function ems(text) {
    var n = 0;
    for (var i = 0; i < text.length; i++) n += text.charCodeAt(i) > 0x2e80 ? 1 : 0.55;
    return n;
  }

  function ruleLinks(table, ids) {
    return (ids || []).map(function (id) {
      var href = table.links[id];
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

  /* ---------------------------------------------------------------- table */

  function PayoutTable(root, table) {
    this.root = root;
    this.table = table;
    this.presetKey = table.preset;
    var cols = [{ key: "id", label: "编号", type: "text" }].concat(table.columns);
    if (!table.columns.some(function (c) { return c.key === "total"; })) cols.push({ key: "total", label: "合计", type: "number" });
    cols.push({ key: "rules", label: "依据", type: "text", nosort: true });
    this.cols = cols;
    var keys = {};
    table.columns.concat(table.dimensions).forEach(function (c) { keys[c.key] = true; });
    var hayKeys = ["id", "reason", "formula", "terms"].concat(Object.keys(keys));
    this.rows = table.rows.map(function (row, index) {
      var parts = hayKeys.map(function (k) { return row[k]; });
      parts.push((row.rules || []).join(" "));
      (row.payments || []).forEach(function (p) { parts.push(p.payer, p.payee, p["for"]); });
      if (!row.feasible) parts.push("不可能");
      return { row: row, index: index, hay: parts.join(" ").toLowerCase(), html: null };
    });
    this.byId = {};
    for (var i = 0; i < this.rows.length; i++) this.byId[this.rows[i].row.id] = this.rows[i];
    this.order = this.rows;
    this.sortCol = -1;
    this.sortDir = 1;
    this.limit = LIMIT;
    this.build();
    this.update();
  }

  PayoutTable.prototype.build = function () {
    var self = this, t = this.table;
    var preset = t.dimensions.filter(function (d) { return d.key === self.presetKey; })[0];
    var controls = '<div class="cp-controls">' +
      '<label>筛选 <input type="search" class="cp-filter" autocomplete="off" placeholder="' +
      esc(this.root.getAttribute("data-example") || "") + '" aria-label="筛选：多个词用空格分开"></label>';
    if (preset) {
      controls += "<label>" + esc(preset.label) + ' <select class="cp-preset">' +
        preset.values.map(function (v) { return '<option value="' + esc(v) + '">' + esc(v) + "</option>"; }).join("") +
        '<option value="">（全部）</option></select></label>';
    }
    controls += '<label>情形 <select class="cp-feasible"><option value="">全部</option>' +
      '<option value="yes">可能出现的</option><option value="no">不可能的</option></select></label>' +
      '<span class="cp-count" aria-live="polite"></span></div>';
    // fixed column widths (table-layout: fixed) so that a re-render never re-measures every cell:
    // each column's share of the width follows its longest text, capped (long text wraps)
    var widths = this.cols.map(function (c) {
      var widest = ems(c.label) + (c.nosort ? 0 : 1.2);
      if (c.key === "rules") return 12;
      for (var i = 0; i < self.rows.length; i++) widest = Math.max(widest, ems(String(self.rows[i].row[c.key] || "")));
      return Math.min(widest + 1, c.key === "id" ? 12 : c.type === "number" ? 6 : WIDEST);
    });
    var total = widths.reduce(function (a, b) { return a + b; }, 0);
    var cols = widths.map(function (w) { return '<col style="width:' + (100 * w / total).toFixed(2) + '%">'; }).join("");
    var head = this.cols.map(function (c, i) {
      return '<th data-col="' + i + '"' + (c.type === "number" ? ' class="cp-num"' : "") +
        (c.nosort ? "" : ' aria-sort="none" tabindex="0" title="点击排序"') + ">" + esc(c.label) + "</th>";
    }).join("");
    this.root.innerHTML = controls +
      '<div class="cp-scroll"><table class="cp-payouts" style="min-width:' + Math.round(total * 0.6) + 'em"><colgroup>' + cols +
      "</colgroup><thead><tr>" + head + "</tr></thead><tbody></tbody></table></div>" +
      '<button type="button" class="md-button cp-more" hidden>显示更多</button>';
    this.tbody = this.root.querySelector("tbody");
    this.input = this.root.querySelector(".cp-filter");
    this.presetSelect = this.root.querySelector(".cp-preset");
    this.feasibleSelect = this.root.querySelector(".cp-feasible");
    this.count = this.root.querySelector(".cp-count");
    this.more = this.root.querySelector(".cp-more");
    var again = function () { self.limit = LIMIT; self.update(); };
    this.input.addEventListener("input", again);
    if (this.presetSelect) this.presetSelect.addEventListener("change", again);
    this.feasibleSelect.addEventListener("change", again);
    this.more.addEventListener("click", function () { self.limit += LIMIT; self.render(self.limit - LIMIT + CHUNK); });
    Array.prototype.forEach.call(this.root.querySelectorAll("th[aria-sort]"), function (th) {
      var go = function () { self.sortBy(Number(th.getAttribute("data-col"))); };
      th.addEventListener("click", go);
      th.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
    });
  };

  PayoutTable.prototype.sortBy = function (index) {
    var col = this.cols[index];
    this.sortDir = this.sortCol === index ? -this.sortDir : 1;
    this.sortCol = index;
    var dir = this.sortDir;
    var empty = function (x) { return x === null || x === undefined || x === ""; };
    this.order = this.rows.slice().sort(function (a, b) {
      var x = a.row[col.key], y = b.row[col.key];
      if (empty(x) || empty(y)) return empty(x) === empty(y) ? a.index - b.index : empty(x) ? 1 : -1; // empty last
      var c = col.type === "number" ? Number(x) - Number(y) : collator.compare(String(x), String(y));
      return c * dir || a.index - b.index;
    });
    Array.prototype.forEach.call(this.root.querySelectorAll("th[aria-sort]"), function (th) {
      var mine = Number(th.getAttribute("data-col")) === index;
      th.setAttribute("aria-sort", mine ? (dir > 0 ? "ascending" : "descending") : "none");
    });
    this.update();
  };

  PayoutTable.prototype.update = function () {
    var terms = this.input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var preset = this.presetSelect ? this.presetSelect.value : "";
    var feasible = this.feasibleSelect.value;
    var key = this.presetKey, out = [];
    for (var i = 0; i < this.order.length; i++) {
      var item = this.order[i], row = item.row, ok = true;
      if (preset && String(row[key]) !== preset) continue;
      if (feasible && (feasible === "yes") !== Boolean(row.feasible)) continue;
      for (var j = 0; j < terms.length; j++) {
        if (item.hay.indexOf(terms[j]) === -1) { ok = false; break; }
      }
      if (ok) out.push(item);
    }
    this.view = out;
    this.render();
  };

  PayoutTable.prototype.rowHtml = function (item) {
    if (item.html) return item.html;
    var row = item.row, t = this.table;
    var cells = this.cols.map(function (c) {
      var value = row[c.key];
      if (c.key === "id") return '<td><a class="cp-id" href="#' + esc(row.id) + '">' + esc(row.id) + "</a></td>";
      if (c.key === "rules") {
        return "<td>" + (row.feasible ? "" : '<div class="cp-reason">不可能：' + esc(row.reason) + "</div>") +
          '<div class="cp-rules">' + ruleLinks(t, row.rules) + "</div></td>";
      }
      if (c.key === "total") return '<td class="cp-num cp-total">' + (row.feasible ? esc(value) : "不可能") + "</td>";
      return "<td" + (c.type === "number" ? ' class="cp-num"' : "") + ">" + esc(value) + "</td>";
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
    this.count.textContent = "符合条件 " + this.view.length + " 行（全表 " + this.rows.length + " 行）" +
      (n < this.view.length ? "，显示前 " + n + " 行" : "");
    this.more.hidden = n >= this.view.length;
    this.root.setAttribute("data-state", at < n ? "rendering" : "ready");
    var next = function () {
      if (generation !== self.generation) return; // a newer keystroke took over
      var to = Math.min(n, at + CHUNK);
      self.tbody.insertAdjacentHTML("beforeend", rows(at, to));
      at = to;
      if (at < n) requestAnimationFrame(next);
      else self.root.setAttribute("data-state", "ready");
    };
    if (at < n) requestAnimationFrame(next);
  };

  /* Show the row a permalink names, even when it is filtered out or not rendered yet. */
  PayoutTable.prototype.reveal = function (id) {
    var item = this.byId[id];
    if (!item) return false;
    if (this.view.indexOf(item) === -1) {
      this.input.value = "";
      this.feasibleSelect.value = "";
      if (this.presetSelect) this.presetSelect.value = String(item.row[this.presetKey]);
      this.update();
    }
    var at = this.view.indexOf(item);
    this.limit = Math.max(this.limit, at + 1);
    this.render(at + 1);
    Array.prototype.forEach.call(this.tbody.querySelectorAll(".cp-hl"), function (el) { el.classList.remove("cp-hl"); });
    var tr = document.getElementById(id);
    tr.classList.add("cp-hl");
    tr.scrollIntoView({ block: "center" });
    return true;
  };

  /* --------------------------------------------------------------- finder */

  function Finder(root, table) {
    this.root = root;
    this.table = table;
    this.dims = table.dimensions;
    this.index = {};
    this.byId = {};
    table.rows.forEach(function (row) {
      this.index[this.key(row)] = row;
      this.byId[row.id] = row;
    }, this);
    this.root.innerHTML = '<form class="cp-finder-form">' + this.dims.map(function (d) {
      return "<label><span>" + esc(d.label) + '</span><select name="' + esc(d.key) + '">' + d.values.map(function (v) {
        return '<option value="' + esc(v) + '">' + esc(shown(v)) + "</option>";
      }).join("") + "</select></label>";
    }).join("") + '</form><div class="cp-result" aria-live="polite"></div>';
    this.form = this.root.querySelector("form");
    this.result = this.root.querySelector(".cp-result");
    var self = this;
    this.form.addEventListener("change", function (e) { self.changed(e.target.name); });
    window.addEventListener("hashchange", function () { self.fromHash(); });
    if (!this.fromHash()) this.set(table.rows.filter(function (r) { return r.feasible; })[0] || table.rows[0], false);
  }

  Finder.prototype.key = function (row) {
    return this.dims.map(function (d) { return String(row[d.key]); }).join("\u0001");
  };

  Finder.prototype.current = function () {
    var form = this.form, out = {};
    this.dims.forEach(function (d) { out[d.key] = form.elements[d.key].value; });
    return out;
  };

  Finder.prototype.fromHash = function () {
    var row = this.byId[decodeURIComponent(window.location.hash.slice(1))];
    if (row) this.set(row, false);
    return Boolean(row);
  };

  /* A choice that leaves no row keeps it and moves the other choices to the closest row that exists. */
  Finder.prototype.changed = function (name) {
    var now = this.current(), dims = this.dims, best = null, bestScore = -1;
    var row = this.index[this.key(now)];
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
        var ok = Boolean(self.index[self.key(probe)]);
        opt.textContent = shown(opt.value) + (ok ? "" : " ＊");
        opt.className = ok ? "" : "cp-elsewhere";
      });
    });
    if (remember) history.replaceState(null, "", "#" + encodeURIComponent(row.id));
    this.show(row);
  };

  Finder.prototype.show = function (row) {
    var t = this.table;
    var html = '<p class="cp-result-id">赔付表中的这一行：<a class="cp-id" href="' + esc(this.root.getAttribute("data-payouts")) +
      "#" + esc(row.id) + '">' + esc(row.id) + "</a></p>";
    if (!row.feasible) html += '<p class="cp-impossible"><strong>不可能出现：</strong>' + esc(row.reason) + "</p>";
    else html += paymentsTable(row);
    if (row.formula) html += '<p class="cp-formula-line"><span>算式</span> <code class="cp-formula">' + esc(row.formula) + "</code></p>";
    if (row.rules && row.rules.length) html += '<p class="cp-rules-line"><span>依据</span> ' + ruleLinks(t, row.rules) + "</p>";
    if (row.witness) html += '<p class="cp-witness"><span>例如这样一手牌</span> ' + esc(row.witness) + "</p>";
    html += '<details class="cp-details"><summary>这一行的全部列</summary><table class="cp-table-static">' +
      t.columns.map(function (c) { return "<tr><th>" + esc(c.label) + "</th><td>" + esc(row[c.key]) + "</td></tr>"; }).join("") +
      "</table></details>";
    this.result.innerHTML = html;
  };

  /* ----------------------------------------------------------------- boot */

  function boot() {
    var data = window.CAIPAN || {};
    Array.prototype.forEach.call(document.querySelectorAll(".cp-ptable[data-game]"), function (root) {
      var packed = data[root.getAttribute("data-game")];
      if (!packed) return;
      var view = new PayoutTable(root, decode(packed));
      var go = function () {
        var id = decodeURIComponent(window.location.hash.slice(1));
        if (id) view.reveal(id);
      };
      window.addEventListener("hashchange", go);
      go();
      root.caipan = view;
    });
    Array.prototype.forEach.call(document.querySelectorAll(".cp-finder[data-game]"), function (root) {
      var packed = data[root.getAttribute("data-game")];
      if (packed) root.caipan = new Finder(root, decode(packed));
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
  else boot();
})();
