/* caipan 裁判: fetch the search index only when the reader opens the search box.
 *
 * Material's bundle requests search/search_index.json with XMLHttpRequest as soon as a page
 * loads; on a phone that is the heaviest request of most pages. This script runs before the
 * bundle and holds that one request back until the search box gets focus (a click, a tap or
 * the keyboard shortcut) or the search toggle is checked; then it goes out as Material made it.
 */
(function () {
  "use strict";
  var open = XMLHttpRequest.prototype.open, send = XMLHttpRequest.prototype.send;
  var waiting = [], released = false;
  XMLHttpRequest.prototype.open = function (method, url) {
    this.caipanIndex = /\/search\/search_index\.json$/.test(String(url));
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    if (this.caipanIndex && !released) {
      var xhr = this, args = arguments;
      waiting.push(function () { send.apply(xhr, args); });
      return undefined;
    }
    return send.apply(this, arguments);
  };
  function release() {
    if (released) return;
    released = true;
    waiting.splice(0).forEach(function (go) { go(); });
  }
  document.addEventListener("focusin", function (e) {
    if (e.target && e.target.classList && e.target.classList.contains("md-search__input")) release();
  });
  document.addEventListener("change", function (e) {
    if (e.target && e.target.id === "__search" && e.target.checked) release();
  });
})();
