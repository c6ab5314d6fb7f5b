/* caipan 裁判: a game's tiles or cards as the pages draw them (an ES module, imported by scorer.js, the
 * 计分器, and drill.js, 练习). What a game's pieces look like comes from its page data (`ui`, from the
 * game's generator hook scorer_data): how a hand is written (`notation`) and each piece's face (`faces`).
 * This file names no game. */
import { esc, has } from "./dom.js";

/* The drawing functions of one game's `ui`. */
export function faces(UI) {
  // The hand as written, tile by tile (order kept: the last one is the winning tile by default): one
  // character per card ("chars"), or runs of digits each closed by a suit letter ("runs": 234m55p).
  function tilesOf(text) {
    if (UI.notation === "chars") return Array.from((text || "").replace(/\s+/g, ""));
    var out = [];
    String(text || "").replace(/\s+/g, "").replace(/(\d+)([a-z])/g, function (_, digits, suit) {
      Array.from(digits).forEach(function (d) { out.push(d + suit); });
      return "";
    });
    return out;
  }

  function writeTiles(tiles) {
    if (UI.notation === "chars") return tiles.join("");
    var out = "";
    tiles.forEach(function (t, i) {
      out += t[0];
      if (i === tiles.length - 1 || tiles[i + 1][1] !== t[1]) out += t[1];
    });
    return out;
  }

  // A tile's or card's face: its parts in reading order (the game's data says which is drawn big). A code
  // the game does not have (typed, or in a link) is shown as it was written; the core says what is wrong.
  function faceOf(code) {
    return has(UI.faces, code) ? UI.faces[code]
      : { name: code, "class": "cp-sc-unknown", parts: [["b", code]] };
  }

  function faceHtml(code) {
    var face = faceOf(code);
    return '<span class="cp-sc-face' + (face["class"] ? " " + esc(face["class"]) : "") + '">' + face.parts.map(function (p) {
      return "<" + (p[0] === "small" ? "small" : "b") + ">" + esc(p[1]) + "</" + (p[0] === "small" ? "small" : "b") + ">";
    }).join("") + "</span>";
  }

  function nameOf(code) { return faceOf(code).name; }

  // A group put down (a 碰 or 杠 named by one tile, or cards written out): its pieces.
  function groupTiles(group) { return UI.group.by === "tile" ? [group.tile] : tilesOf(group.cards); }

  return { tilesOf: tilesOf, writeTiles: writeTiles, faceOf: faceOf, faceHtml: faceHtml, nameOf: nameOf,
           groupTiles: groupTiles };
}
