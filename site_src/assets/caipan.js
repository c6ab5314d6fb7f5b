/* caipan 裁判: the payout tables and the payout finder.
 *
 * Both read the table the build ships as data/<game>_payouts.data.json (the head: every
 * row's id and choices, the first rows in full; see generator/site/packed.py) and
 * data/<game>_payouts.<n>.data.json (the other rows in full, a part each), gzip beside
 * them. The head is fetched once the page's text is painted (the data never delays the
 * first paint), with a progress line; the parts once the first screen is shown. Rows in
 * full are lists of indexes into their file's `values` (one per field). No server, no
 * other script: everything runs here, on the generated data. Every text from the data
 * goes through esc() before it reaches innerHTML, and every lookup by a name from the
 * address (#fragment) is an own-property lookup (both from dom.js, shared with the scorer).
 */
import { esc, has, nextFrame, ruleLink } from "./dom.js";

(function () {
  "use strict";

  var LIMIT = 100; // rows shown at once; "显示更多" adds as many again
  var CHUNK = 12; // rows laid out per frame (a screenful on a laptop): a keystroke waits only for the first chunk
  // columns a phone card leaves out (the row's link opens the finder, which shows everything)
  var MINOR = { formula: 1, hand_points: 1, kong_points: 1, step: 1, gui: 1, red: 1 };
  // what separates the words of a value: "碰碰胡+清一色", "明杠→暗杠（双连杠）", "海底爆、自摸"
  var SEPARATORS = /[\s+＋、，,；;：:（）()→\/]+/;
  var collator = new Intl.Collator("zh");

  function shown(value) {
    return value === "" || value === null || value === undefined ? "（无）" : String(value);
  }

  /* The id a fragment names, or "" when it names nothing decodable ("#%", "#%ZZ"). */
  function fragment() {
    var raw = window.location.hash.slice(1);
    try { return decodeURIComponent(raw); } catch (e) { return raw; }
  }

  /* Marks for scripts/bench_site.py: when the head is in and read, the first rows shown, every row in. */
  function mark(name) {
    if (window.performance && performance.mark) performance.mark(name);
  }

  /* `go` once the page's text is on screen: its first contentful paint is recorded (the browser
     records it when the frame is shown, which a busy main thread would delay), then a frame more. */
  function afterPaint(go) {
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!types || types.indexOf("paint") < 0 || performance.getEntriesByName("first-contentful-paint").length) {
      nextFrame(go);
      return;
    }
    var observer = new PerformanceObserver(function (list) {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      nextFrame(go);
    });
    observer.observe({ type: "paint", buffered: true });
  }

  /* A file's text; `progress(bytes)` hears how much of it (uncompressed) has come in. */
  function fetchText(url, progress) {
    return fetch(url).then(function (resp) {
      if (!resp.ok) throw new Error(resp.status + " " + resp.statusText);
      if (!resp.body || !resp.body.getReader || !window.TextDecoder) return resp.text();
      var reader = resp.body.getReader(), parts = [], received = 0, decoder = new TextDecoder("utf-8");
      var pump = function () {
        return reader.read().then(function (r) {
          if (r.done) { parts.push(decoder.decode()); return parts.join(""); }
          received += r.value.length;
          parts.push(decoder.decode(r.value, { stream: true }));
          progress(received);
          return pump();
        });
      };
      return pump();
    });
  }

  /* ---------------------------------------------------------------- data */

  /* The rows of a table: every row's choices from the head, each row in full once its file is in
     (rows[i] is undefined until then); `ids`: a promise of the list of row ids, or null. */
  function Store(src, head, ids) {
    this.head = head;
    this.base = src;
    this.stride = head.dimensions.length + 1; // per row in head.choices: a character per dimension, then possible or not
    this.count = head.choices.length / this.stride;
    this.rows = new Array(this.count);
    this.ids = ids;
    this.put(0, head.first);
    this.parts = head.parts.map(function (p) { return { src: p.src, from: p.from, rows: p.rows, bytes: p.bytes, received: 0 }; });
    this.missing = this.parts.length;
    this.complete = !this.missing;
    this.onprogress = null; // function (fraction of the parts' bytes in)
    var self = this;
    this.finished = new Promise(function (resolve) { self.finish = resolve; }); // every row is in (fetches nothing)
    if (this.complete) this.finish();
  }

  Store.prototype.put = function (from, packed) {
    var f = this.head.fields, v = packed.values, rows = packed.rows;
    for (var r = 0; r < rows.length; r++) {
      var o = {}, row = rows[r];
      for (var i = 0; i < f.length; i++) o[f[i]] = v[row[i]];
      this.rows[from + r] = o;
    }
  };

  var OFFSET = 48; // choice k is the character 48 + k (generator/site/packed.py)

  Store.prototype.choice = function (i, d) { return this.head.choices.charCodeAt(i * this.stride + d) - OFFSET; };

  Store.prototype.feasible = function (i) { return this.choice(i, this.stride - 1) === 1; };

  /* A promise of the index of the row with this id (-1 when there is none): from the rows when every
     one is in, else from the list of ids (fetched once, when an address first names a row). */
  Store.prototype.find = function (id) {
    if (this.complete) {
      for (var i = 0; i < this.count; i++) if (this.rows[i].id === id) return Promise.resolve(i);
      return Promise.resolve(-1);
    }
    if (!this.ids) this.ids = fetchText(new URL(this.head.ids, this.base).href, function () {}).then(JSON.parse);
    return this.ids.then(function (ids) { return ids.indexOf(id); });
  };

  Store.prototype.fetchPart = function (p) {
    var self = this;
    if (!p.promise) {
      p.promise = fetchText(new URL(p.src, this.base).href, function (n) { p.received = n; self.progressed(); })
        .then(function (text) {
          self.put(p.from, JSON.parse(text));
          p.received = p.bytes;
          p.done = true;
          self.missing -= 1;
          self.complete = !self.missing;
          self.progressed();
          if (self.complete) { mark("caipan-complete"); self.finish(); }
        }, function (e) {
          p.promise = null; // asked for again by the next view that needs it
          throw e;
        });
    }
    return p.promise;
  };

  Store.prototype.progressed = function () {
    if (!this.onprogress) return;
    var got = 0, all = 0;
    this.parts.forEach(function (p) { got += Math.min(p.received, p.bytes); all += p.bytes; });
    this.onprogress(all ? got / all : 1);
  };

  /* null when rows `indexes` are all in, else a promise of them. */
  Store.prototype.need = function (indexes) {
    var self = this, wanted = [];
    indexes.forEach(function (i) {
      if (self.rows[i]) return;
      var p = self.parts.filter(function (q) { return i >= q.from && i < q.from + q.rows; })[0];
      if (p && wanted.indexOf(p) < 0) wanted.push(p);
    });
    return wanted.length ? Promise.all(wanted.map(function (p) { return self.fetchPart(p); })) : null;
  };

  /* A promise of every row (all parts are asked for at once). */
  Store.prototype.all = function () {
    var self = this;
    return Promise.all(this.parts.map(function (p) { return self.fetchPart(p); }));
  };

  /* Fetch the head with a progress line (bytes of the uncompressed file, known at build time), and the
     list of ids beside it when the address names a row. */
  function load(root, done) {
    var src = new URL(root.getAttribute("data-src"), window.location.href).href;
    var ids = fragment() && root.getAttribute("data-ids") ?
      fetchText(new URL(root.getAttribute("data-ids"), window.location.href).href, function () {}).then(JSON.parse) : null;
    if (ids) ids.catch(function () {}); // a failure shows where the ids are used
    var size = Number(root.getAttribute("data-bytes")) || 0;
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
    fetchText(src, say).then(function (body) {
      mark("caipan-data-loaded");
      var store = new Store(src, JSON.parse(body), ids);
      mark("caipan-data-decoded");
      setTimeout(function () { // a task of its own: reading the data and laying out the view are two short tasks, not one long
        if (status) status.parentNode.removeChild(status);
        done(store);
      }, 0);
    }).catch(fail);
  }

  function ruleLinks(table, ids) {
    return (ids || []).map(function (id) { return ruleLink(table.links, id); }).join(" ");
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

  function PayoutTable(root, store) {
    this.root = root;
    this.store = store;
    var head = store.head;
    this.cols = head.table; // id, the columns, total, rules; each with its width (%)
    this.presetDim = -1;
    this.presetIndex = Object.create(null); // a preset's name -> its index among the dimension's values
    for (var d = 0; d < head.dimensions.length; d++) {
      if (head.dimensions[d].key !== head.preset) continue;
      this.presetDim = d;
      for (var v = 0; v < head.dimensions[d].values.length; v++) this.presetIndex[String(head.dimensions[d].values[v])] = v;
    }
    var keys = {}, fields = [];
    head.columns.concat(head.dimensions).forEach(function (c) { if (!keys[c.key]) { keys[c.key] = true; fields.push(c); } });
    this.vocab = new Vocabulary();
    this.fields = fields;
    this.indexed = 0; // rows whose words are indexed: built in slices when every row is in, or at once when needed
    this.items = [];
    this.impossible = 0;
    for (var i = 0; i < store.count; i++) {
      this.items.push({ index: i, find: null, html: null });
      if (!store.feasible(i)) this.impossible += 1;
    }
    this.sortCol = -1;
    this.sortDir = 1;
    this.sorted = null; // the items in the order of the sort column, made when first needed
    this.limit = LIMIT;
    this.ticket = 0; // the latest change asked for: a slower, earlier one never overwrites it
    this.build();
    this.update();
  }

  /* The rest of the rows (after the first screen), then their words for the filter, when the browser is idle. */
  PayoutTable.prototype.fetchRest = function () {
    var self = this, later = window.requestIdleCallback || function (go) {
      return setTimeout(function () { go({ timeRemaining: function () { return 5; } }); }, 50);
    };
    var slice = function (deadline) { // a few milliseconds at a time: a keystroke never waits behind it
      var stop = Date.now() + Math.min(5, Math.max(1, deadline.timeRemaining()));
      while (self.indexed < self.items.length && Date.now() < stop) self.index(self.indexed + 20);
      if (self.indexed < self.items.length) later(slice);
    };
    this.store.onprogress = function (fraction) { self.progress(fraction); };
    this.store.all().then(function () { later(slice); }, function (e) {
      self.rest.hidden = false;
      self.rest.textContent = "其余的行载入失败（" + (e && e.message) + "），筛选和排序前请刷新页面。";
    });
  };

  PayoutTable.prototype.progress = function (fraction) {
    var step = Math.floor(20 * fraction); // every 5%: each change lays out the page again
    if (step === this.step && fraction < 1) return;
    this.step = step;
    var left = 0;
    this.store.parts.forEach(function (p) { if (!p.done) left += p.rows; });
    this.rest.hidden = !left;
    // below the rows: what is on screen never moves for it
    this.rest.textContent = left ? "其余 " + left + " 行载入中… " + Math.floor(100 * fraction) + "%" : "";
  };

  /* Index the words of rows up to `upto` (all rows by default); returns how many are indexed. */
  PayoutTable.prototype.index = function (upto) {
    var end = Math.min(upto === undefined ? this.items.length : upto, this.items.length), from = this.indexed;
    for (; this.indexed < end; this.indexed++) {
      var item = this.items[this.indexed];
      item.find = rowIndex(this.vocab, this.store.rows[item.index], this.fields);
    }
    if (this.indexed > from) this.vocab.cache = Object.create(null); // new words: earlier prefix matches are stale
    return this.indexed;
  };

  PayoutTable.prototype.build = function () {
    var self = this, head = this.store.head;
    var preset = head.dimensions[this.presetDim];
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
      esc(this.impossible) + " 行，注明原因）</label>" +
      '<span class="cp-count" role="status" aria-live="polite"></span><p class="cp-message" role="alert" hidden></p></div>';
    var head_ = this.cols.map(function (c, i) {
      var cls = (c.type === "number" ? "cp-num " : "") + "cp-c-" + esc(c.key);
      return '<th scope="col" data-col="' + i + '" class="' + cls + '"' +
        (c.nosort ? "" : ' aria-sort="none" tabindex="0" title="点击排序"') + ">" + esc(c.label) + "</th>";
    }).join("");
    // fixed column widths (table-layout: fixed, from the build) so that a re-render never re-measures every cell
    var colgroup = this.cols.map(function (c) { return '<col style="width:' + Number(c.width).toFixed(2) + '%">'; }).join("");
    this.root.innerHTML = controls +
      '<table class="cp-payouts"><colgroup>' + colgroup + "</colgroup><thead><tr>" + head_ + "</tr></thead><tbody></tbody></table>" +
      '<p class="cp-rest cp-small" hidden></p><button type="button" class="md-button cp-more" hidden>显示更多</button>';
    this.tbody = this.root.querySelector("tbody");
    this.input = this.root.querySelector(".cp-filter");
    this.presetSelect = this.root.querySelector(".cp-preset");
    this.impossibleBox = this.root.querySelector(".cp-show-impossible");
    this.sortSelect = this.root.querySelector(".cp-sort");
    this.count = this.root.querySelector(".cp-count");
    this.rest = this.root.querySelector(".cp-rest");
    this.message = this.root.querySelector(".cp-message");
    this.more = this.root.querySelector(".cp-more");
    var again = function () { self.limit = LIMIT; self.update(); };
    this.input.addEventListener("input", again);
    if (this.presetSelect) this.presetSelect.addEventListener("change", again);
    this.impossibleBox.addEventListener("change", again);
    this.sortSelect.addEventListener("change", function () {
      var v = self.sortSelect.value;
      if (!v) { self.sortBy(-1, 1); return; }
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
    this.sortDir = dir;
    this.sortCol = index;
    this.sorted = null;
    this.marks();
    this.update();
  };

  /* The items in the sort column's order (every row must be in). */
  PayoutTable.prototype.order = function () {
    if (this.sortCol < 0) return this.items;
    if (this.sorted) return this.sorted;
    var col = this.cols[this.sortCol], dir = this.sortDir, rows = this.store.rows;
    var empty = function (x) { return x === null || x === undefined || x === ""; };
    this.sorted = this.items.slice().sort(function (a, b) {
      var x = rows[a.index][col.key], y = rows[b.index][col.key];
      if (empty(x) || empty(y)) return empty(x) === empty(y) ? a.index - b.index : empty(x) ? 1 : -1; // empty last
      var c = col.type === "number" ? Number(x) - Number(y) : collator.compare(String(x), String(y));
      return c * dir || a.index - b.index;
    });
    return this.sorted;
  };

  PayoutTable.prototype.marks = function () {
    var index = this.sortCol, dir = this.sortDir;
    Array.prototype.forEach.call(this.root.querySelectorAll("th[aria-sort]"), function (th) {
      var mine = Number(th.getAttribute("data-col")) === index;
      th.setAttribute("aria-sort", mine ? (dir > 0 ? "ascending" : "descending") : "none");
    });
    this.sortSelect.value = index < 0 ? "" : index + ":" + dir;
  };

  /* Until `promise`: the table says it is loading; then `go`, unless a later change came first. */
  PayoutTable.prototype.wait = function (promise, go) {
    var self = this, ticket = ++this.ticket;
    this.root.setAttribute("data-state", "loading");
    this.count.textContent = "正在载入所需的行…";
    promise.then(function () { if (ticket === self.ticket) go(); }, function (e) {
      if (ticket !== self.ticket) return;
      self.root.setAttribute("data-state", "failed");
      self.count.textContent = "赔付数据载入失败（" + (e && e.message) + "），请刷新页面再试。";
    });
  };

  /* The rows the controls ask for; `then` runs once the first of them are shown. */
  PayoutTable.prototype.update = function (then) {
    var self = this, store = this.store;
    var terms = this.input.value.toLowerCase().split(/\s+/).filter(Boolean);
    if ((terms.length || this.sortCol >= 0) && !store.complete) { // a filter or a sort reads every row
      this.wait(store.all(), function () { self.update(then); });
      return;
    }
    if (terms.length) this.index();
    var preset = this.presetSelect && has(this.presetIndex, this.presetSelect.value) ? this.presetIndex[this.presetSelect.value] : -1;
    var all = this.impossibleBox.checked, order = this.order(), out = [];
    for (var i = 0; i < order.length; i++) {
      var item = order[i], ok = true;
      if (preset >= 0 && store.choice(item.index, this.presetDim) !== preset) continue;
      if (!all && !store.feasible(item.index)) continue;
      for (var j = 0; j < terms.length; j++) {
        if (!matches(this.vocab, item.find, terms[j])) { ok = false; break; }
      }
      if (ok) out.push(item);
    }
    this.view = out;
    this.render(undefined, then);
  };

  PayoutTable.prototype.rowHtml = function (item) {
    if (item.html) return item.html;
    var row = this.store.rows[item.index], head = this.store.head, finder = this.root.getAttribute("data-finder") || "";
    var cells = this.cols.map(function (c) {
      var value = row[c.key], cls = "cp-c-" + esc(c.key) + (MINOR[c.key] ? " cp-minor" : "");
      var label = ' data-label="' + esc(c.label) + '"';
      if (c.key === "id") {
        return '<td class="' + cls + '"><a class="cp-id" href="#' + esc(row.id) + '">' + esc(row.id) + "</a>" +
          (finder ? ' <a class="cp-open" href="' + esc(finder) + "#" + esc(row.id) + '">详情</a>' : "") + "</td>";
      }
      if (c.key === "rules") {
        return '<td class="' + cls + '">' + (row.feasible ? "" : '<div class="cp-reason">不可能：' + esc(row.reason) + "</div>") +
          '<div class="cp-rules">' + ruleLinks(head, row.rules) + "</div></td>";
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

  /* The first `sync` rows now, the rest a chunk per frame; data-state is "ready" when all are in.
     Rows not fetched yet are waited for (the table says it is loading); `then` runs once the first are shown. */
  PayoutTable.prototype.render = function (sync, then) {
    var self = this, n = Math.min(this.limit, this.view.length), at = Math.min(n, sync || CHUNK);
    var missing = this.store.need(this.view.slice(0, n).map(function (item) { return item.index; }));
    if (missing) {
      this.wait(missing, function () { self.render(sync, then); });
      return;
    }
    var ticket = ++this.ticket;
    var rows = function (from, to) {
      var parts = [];
      for (var i = from; i < to; i++) parts.push(self.rowHtml(self.view[i]));
      return parts.join("");
    };
    this.tbody.innerHTML = rows(0, at);
    this.count.textContent = "符合条件 " + this.view.length + " 行（全表 " + this.items.length + " 行" +
      (this.impossibleBox.checked ? "" : "，不含不可能的 " + this.impossible + " 行") + "）" +
      (n < this.view.length ? "，显示前 " + n + " 行" : "");
    this.more.hidden = n >= this.view.length;
    this.root.setAttribute("data-state", at < n ? "rendering" : "ready");
    if (at >= n) mark("caipan-ready");
    var next = function () {
      if (ticket !== self.ticket) return; // a newer change took over
      var to = Math.min(n, at + CHUNK);
      self.tbody.insertAdjacentHTML("beforeend", rows(at, to));
      at = to;
      if (at < n) requestAnimationFrame(next);
      else { self.root.setAttribute("data-state", "ready"); mark("caipan-ready"); }
    };
    if (at < n) requestAnimationFrame(next);
    if (then) then();
  };

  PayoutTable.prototype.say = function (text) {
    this.message.textContent = text;
    this.message.hidden = !text;
  };

  /* Show the row a permalink names, even when it is filtered out or not fetched yet. */
  PayoutTable.prototype.reveal = function (id) {
    var self = this, store = this.store, ticket = ++this.ticket;
    var unknown = function (why) {
      if (ticket !== self.ticket) return;
      self.say("链接里的编号“" + id.slice(0, 80) + "”" + why + "；下面是全表。");
      self.render();
    };
    this.root.setAttribute("data-state", "loading");
    store.find(id).then(function (i) {
      if (ticket !== self.ticket) return;
      if (i < 0) { unknown("不是这张表里的行"); return; }
      self.say("");
      var item = self.items[i];
      var show = function () {
        var at = self.view.indexOf(item);
        self.limit = Math.max(self.limit, at + 1);
        self.render(at + 1, function () {
          Array.prototype.forEach.call(self.tbody.querySelectorAll(".cp-hl"), function (el) { el.classList.remove("cp-hl"); });
          var tr = self.tbody.querySelector('tr[id="' + CSS.escape(id) + '"]');
          tr.classList.add("cp-hl");
          tr.scrollIntoView({ block: "center" });
        });
      };
      if (self.view.indexOf(item) >= 0) { show(); return; }
      self.input.value = "";
      if (!store.feasible(i)) self.impossibleBox.checked = true;
      if (self.presetSelect) self.presetSelect.value = String(store.head.dimensions[self.presetDim].values[store.choice(i, self.presetDim)]);
      self.update(show);
    }, function (e) { unknown("无法查找（" + (e && e.message) + "）"); });
  };

  /* --------------------------------------------------------------- finder */

  function Finder(root, store) {
    var head = store.head, dims = head.dimensions;
    this.root = root;
    this.store = store;
    this.dims = dims;
    this.ticket = 0;
    this.lookup = dims.map(function (d) { // a choice's value (as the form gives it) -> its index
      var o = Object.create(null);
      d.values.forEach(function (v, j) { o[String(v)] = j; });
      return o;
    });
    // a row's choices as one number (each dimension a digit), to find the row of any choices
    this.radix = [];
    for (var d = dims.length - 1, m = 1; d >= 0; m *= dims[d].values.length, d--) this.radix[d] = m;
    this.index = new Map();
    for (var i = 0; i < store.count; i++) this.index.set(this.code(i), i);
    this.root.innerHTML = '<div class="cp-summary" role="status" aria-live="polite"></div>' +
      '<p class="cp-message" role="alert" hidden></p>' +
      '<form class="cp-finder-form">' + dims.map(function (d) {
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

  /* The number of row i's choices (or of `choices`, an index per dimension). */
  Finder.prototype.code = function (i, choices) {
    var c = 0;
    for (var d = 0; d < this.dims.length; d++) c += (choices ? choices[d] : this.store.choice(i, d)) * this.radix[d];
    return c;
  };

  Finder.prototype.first = function () {
    for (var i = 0; i < this.store.count; i++) if (this.store.feasible(i)) return i;
    return 0;
  };

  /* The form's choices, an index per dimension. */
  Finder.prototype.current = function () {
    var form = this.form, lookup = this.lookup;
    return this.dims.map(function (d, j) { return lookup[j][form.elements[d.key].value]; });
  };

  Finder.prototype.fromHash = function () {
    var id = fragment(), self = this, ticket = ++this.ticket;
    if (!id) return false;
    var found = function (i) {
      if (ticket !== self.ticket) return;
      self.message.textContent = i >= 0 ? "" : "链接里的编号“" + id.slice(0, 80) + "”不是赔付表里的行；下面是默认的情形。";
      self.message.hidden = i >= 0;
      if (i >= 0) self.set(i, false);
      else if (self.shown === undefined) self.set(self.first(), false);
      else self.root.setAttribute("data-state", "ready");
    };
    this.root.setAttribute("data-state", "loading");
    this.store.find(id).then(found, function () { found(-1); });
    return true;
  };

  /* A choice that leaves no row keeps it and moves the other choices to the closest row that exists. */
  Finder.prototype.changed = function (name) {
    var now = this.current(), dims = this.dims, store = this.store, best = 0, bestScore = -1;
    var which = dims.map(function (d) { return d.key; }).indexOf(name);
    var code = this.code(0, now);
    if (this.index.has(code)) best = this.index.get(code);
    else {
      for (var i = 0; i < store.count; i++) {
        if (store.choice(i, which) !== now[which]) continue;
        var score = 0;
        for (var d = 0; d < dims.length; d++) score = score * 2 + (store.choice(i, d) === now[d] ? 1 : 0);
        score = score * 2 + (store.feasible(i) ? 1 : 0);
        if (score > bestScore) { best = i; bestScore = score; }
      }
    }
    this.message.hidden = true;
    this.set(best, true);
  };

  Finder.prototype.set = function (i, remember) {
    var form = this.form, self = this, store = this.store;
    this.dims.forEach(function (d, j) { form.elements[d.key].value = String(d.values[store.choice(i, j)]); });
    // mark the choices that exist only with other choices changed
    var code = this.code(i);
    this.dims.forEach(function (d, j) {
      var others = code - store.choice(i, j) * self.radix[j];
      Array.prototype.forEach.call(form.elements[d.key].options, function (opt, k) {
        var ok = self.index.has(others + k * self.radix[j]);
        opt.textContent = shown(opt.value) + (ok ? "" : " ＊");
        opt.className = ok ? "" : "cp-elsewhere";
      });
    });
    this.show(i, remember);
  };

  /* Row i's result (and its id in the address when `remember`); a row not fetched yet is waited for
     (the finder says it is loading). */
  Finder.prototype.show = function (i, remember) {
    var self = this, head = this.store.head, ticket = ++this.ticket;
    this.shown = i;
    var missing = this.store.need([i]);
    if (missing) {
      this.root.setAttribute("data-state", "loading");
      this.summary.innerHTML = '<span class="cp-summary-label">正在载入这一行…</span>';
      missing.then(function () { if (ticket === self.ticket) self.show(i, remember); }, function (e) {
        if (ticket !== self.ticket) return;
        self.root.setAttribute("data-state", "failed");
        self.summary.textContent = "赔付数据载入失败（" + (e && e.message) + "），请刷新页面再试。";
      });
      return;
    }
    var row = this.store.rows[i];
    if (remember) history.replaceState(null, "", "#" + encodeURIComponent(row.id));
    this.summary.innerHTML = row.feasible
      ? '<span class="cp-summary-label">胡牌者共收</span> <strong class="cp-summary-total">' + esc(row.total) + "</strong>" +
        ' <span class="cp-summary-who">' + esc(summaryText(row)) + "</span>"
      : '<strong class="cp-summary-total">不可能</strong> <span class="cp-summary-who">' + esc(row.reason) + "</span>";
    var html = '<p class="cp-result-id">赔付表中的这一行：<a class="cp-id" href="' + esc(this.root.getAttribute("data-payouts")) +
      "#" + esc(row.id) + '">' + esc(row.id) + "</a></p>";
    if (!row.feasible) html += '<p class="cp-impossible"><strong>不可能出现：</strong>' + esc(row.reason) + "</p>";
    else html += paymentsTable(row);
    if (row.formula) html += '<p class="cp-formula-line"><span>算式</span> <code class="cp-formula">' + esc(row.formula) + "</code></p>";
    if (row.rules && row.rules.length) html += '<p class="cp-rules-line"><span>依据</span> ' + ruleLinks(head, row.rules) + "</p>";
    if (row.witness) html += '<p class="cp-witness"><span>例如这样一手牌</span> ' + esc(row.witness) + "</p>";
    html += '<details class="cp-details"><summary>这一行的全部列</summary><table class="cp-table-static">' +
      head.columns.map(function (c) { return '<tr><th scope="row">' + esc(c.label) + "</th><td>" + esc(row[c.key]) + "</td></tr>"; }).join("") +
      "</table></details>";
    this.result.innerHTML = html;
    this.root.setAttribute("data-state", "ready");
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

  /* A table that scrolls sideways (on a phone) can be scrolled from the keyboard: it takes focus. One
     that the page lays out only near the screen (content-visibility: auto, 争议与勘误's long table) is
     measured when it comes near, not on load: measuring would lay it out. */
  var SCROLLERS = ".cp-wide, .md-typeset table.cp-table-static, .md-typeset table:not([class])";

  function focusableScroller(el) {
    var scrolls = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible";
    if (scrolls && !el.hasAttribute("tabindex")) {
      el.setAttribute("tabindex", "0");
      el.setAttribute("data-cp-scroller", "");
    } else if (!scrolls && el.hasAttribute("data-cp-scroller")) {
      el.removeAttribute("tabindex");
      el.removeAttribute("data-cp-scroller");
    }
  }

  var nearScreen = window.IntersectionObserver ? new IntersectionObserver(function (entries) {
    entries.forEach(function (e) { if (e.isIntersecting) focusableScroller(e.target); });
  }, { rootMargin: "100% 0px" }) : null;

  function laidOutNearScreen(el) {
    for (var e = el; e && e !== document.body; e = e.parentElement) {
      if (getComputedStyle(e).contentVisibility === "auto") return true;
    }
    return false;
  }

  function focusableScrollers() {
    Array.prototype.forEach.call(document.querySelectorAll(SCROLLERS), function (el) {
      if (nearScreen && laidOutNearScreen(el)) { nearScreen.unobserve(el); nearScreen.observe(el); }
      else focusableScroller(el);
    });
  }

  /* 争议与勘误's table of every worked example (thousands of elements) comes inert, in a
     <template class="cp-deferred">: the page is ready without laying it out (Lighthouse's blocking time on a
     phone), and it is put in place when it comes near the screen, when the address names one of its rows
     (a cited link), or before printing. */
  function deferredParts() {
    var parts = Array.prototype.slice.call(document.querySelectorAll("template.cp-deferred"));
    if (!parts.length) return;
    function place(t) {
      if (!t.parentNode) return;
      var at = t.parentNode;
      at.replaceChild(t.content, t);
      focusableScrollers();
    }
    function named() {
      var id = fragment();
      if (!id) return;
      parts.forEach(function (t) { if (t.parentNode && t.content.getElementById(id)) place(t); });
      var el = document.getElementById(id);
      if (el) el.scrollIntoView();
    }
    var near = window.IntersectionObserver ? new IntersectionObserver(function (entries) {
      entries.forEach(function (e) {
        if (!e.isIntersecting) return;
        near.unobserve(e.target);
        parts.forEach(function (t) { if (t.parentNode === e.target) place(t); });
      });
    }, { rootMargin: "200% 0px" }) : null;
    parts.forEach(function (t) { if (near) near.observe(t.parentNode); else place(t); });
    named();
    window.addEventListener("hashchange", named);
    window.addEventListener("beforeprint", function () { parts.forEach(place); });
  }

  function boot() {
    deferredParts();
    focusableScrollers();
    var resized = null;
    window.addEventListener("resize", function () { clearTimeout(resized); resized = setTimeout(focusableScrollers, 100); });
    // the data is fetched once the page's own text is painted: it never delays the first paint
    var tables = document.querySelectorAll(".cp-ptable[data-src]"), finders = document.querySelectorAll(".cp-finder[data-src]");
    if (tables.length || finders.length) afterPaint(function () {
      Array.prototype.forEach.call(tables, function (root) {
        load(root, function (store) {
          var holder = document.createElement("div");
          holder.setAttribute("data-finder", root.getAttribute("data-finder") || "");
          holder.setAttribute("data-example", root.getAttribute("data-example") || "");
          root.appendChild(holder);
          follow(root, holder, store);
          var view = new PayoutTable(holder, store);
          var go = function () {
            var id = fragment();
            if (id) view.reveal(id);
          };
          window.addEventListener("hashchange", go);
          go();
          root.caipan = view;
          nextFrame(function () { view.fetchRest(); });
        });
      });
      Array.prototype.forEach.call(finders, function (root) {
        load(root, function (store) {
          var holder = document.createElement("div");
          holder.setAttribute("data-payouts", root.getAttribute("data-payouts"));
          root.appendChild(holder);
          follow(root, holder, store);
          root.caipan = new Finder(holder, store);
          nextFrame(function () { store.all().catch(function () {}); }); // a row that fails says so when shown
        });
      });
    });
  }

  /* The outer element shows the view's state (data-state), and data-complete once every row is in. */
  function follow(root, holder, store) {
    var copy = function () { root.setAttribute("data-state", holder.getAttribute("data-state") || "loading"); };
    new MutationObserver(copy).observe(holder, { attributes: true, attributeFilter: ["data-state"] });
    copy();
    store.finished.then(function () { root.setAttribute("data-complete", ""); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
  else boot();
})();
