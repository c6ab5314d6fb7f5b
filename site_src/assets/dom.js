/* caipan 裁判: what the site's scripts share to build the page (an ES module, imported by caipan.js, the
 * payout tables and the finder, and by scorer.js, the 计分器): every value inserted as HTML goes through
 * esc(); every lookup by a name from the data or the address is an own-property lookup (has). */

const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/* A value as HTML text or attribute: nothing it holds becomes markup (null and undefined are empty). */
export function esc(value) {
  return String(value === null || value === undefined ? "" : value).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

export function has(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }

/* A cited rule id: a link to where it is explained (`links`: id → address), or the id as code. */
export function ruleLink(links, id) {
  const href = links && has(links, id) ? links[id] : null;
  return href ? '<a class="cp-rid" href="' + esc(href) + '">' + esc(id) + "</a>" : "<code>" + esc(id) + "</code>";
}

/* `go` after the next frame is painted (a tab in the background paints none: it waits until shown). */
export function nextFrame(go) {
  requestAnimationFrame(() => { setTimeout(go, 0); });
}
