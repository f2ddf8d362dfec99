// Tiles as crisp SVG images (server/web/tiles/, drawn by tools/make_tiles.py) and the tile
// notation of the protocol: "123m" characters, "p" dots, "s" bamboo, "1z"-"7z" honours,
// "1f"-"8f" flowers and seasons.
import { t, lang } from "./i18n.js";

/** "123m55z" -> ["1m", "2m", "3m", "5z", "5z"]. */
export function parseTiles(text) {
  const out = [];
  let digits = [];
  for (const ch of text || "") {
    if (ch >= "0" && ch <= "9") digits.push(ch);
    else if ("mpszf".includes(ch)) {
      for (const d of digits) out.push(d + ch);
      digits = [];
    }
  }
  return out;
}

/** "chow 123m" / "ckong 7777z" -> {kind, tiles, concealed}. */
export function parseMeld(text) {
  const [kind, tiles] = text.split(" ");
  return { kind: kind === "ckong" ? "kong" : kind, concealed: kind === "ckong", tiles: parseTiles(tiles) };
}

const SUIT_EN = { m: "Characters", p: "Dots", s: "Bamboo" };
const SUIT_ZH = { m: "万", p: "筒", s: "条" };
const HONOURS_EN = ["East", "South", "West", "North", "White", "Green", "Red"];
const HONOURS_ZH = ["东", "南", "西", "北", "白", "发", "中"];
const BONUS_EN = ["Plum", "Orchid", "Chrysanthemum", "Bamboo", "Spring", "Summer", "Autumn", "Winter"];
const BONUS_ZH = ["梅", "兰", "菊", "竹", "春", "夏", "秋", "冬"];
// Traditional Chinese writes the tiles as the tiles themselves do (萬, 條, 東, 發, 蘭).
const SUIT_HANT = { m: "萬", p: "筒", s: "條" };
const HONOURS_HANT = ["東", "南", "西", "北", "白", "發", "中"];
const BONUS_HANT = ["梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬"];

/** A tile's name for people: "5 Dots", "Red", "5筒" (traditional: "5條", "發"). */
export function tileName(code) {
  const n = Number(code[0]);
  const suit = code[1];
  if (lang === "en") {
    if (suit === "z") return HONOURS_EN[n - 1];
    if (suit === "f") return BONUS_EN[n - 1];
    return `${n} ${SUIT_EN[suit]}`;
  }
  const hant = lang === "zh-Hant";
  if (suit === "z") return (hant ? HONOURS_HANT : HONOURS_ZH)[n - 1];
  if (suit === "f") return (hant ? BONUS_HANT : BONUS_ZH)[n - 1];
  return `${n}${(hant ? SUIT_HANT : SUIT_ZH)[suit]}`;
}

/** Tile names as a list a person reads: "Plum, Orchid", "梅、兰", "3 Dots, 4 Dots, 5 Dots"
 * (joined with spaces they ran together: "Chrysanthemum Bamboo", "5 Dots 6 Dots"). */
export function tileNames(codes) {
  return codes.map(tileName).join(t("list.sep"));
}

/** A tile element: <span class="tile"><img></span>; options: small, back, sideways, extra classes. */
export function tileEl(code, opts = {}) {
  const el = document.createElement("span");
  el.className = "tile" + (opts.cls ? " " + opts.cls : "");
  if (opts.back || !code) {
    el.classList.add("back");
    return el;
  }
  el.dataset.tile = code;
  const img = document.createElement("img");
  img.src = `/static/tiles/${code}.svg`;
  img.alt = code;
  img.draggable = false;
  el.title = tileName(code);
  el.append(img);
  return el;
}

/** A row of tiles from notation (or a list of codes). */
export function tileRow(tiles, opts = {}) {
  const row = document.createElement("span");
  row.className = "tiles" + (opts.rowCls ? " " + opts.rowCls : "");
  const list = Array.isArray(tiles) ? tiles : parseTiles(tiles);
  for (const code of list) row.append(tileEl(code, opts));
  return row;
}

/** A declared meld as tiles: a concealed kong shows its two ends face down. */
export function meldEl(text, opts = {}) {
  const meld = parseMeld(text);
  const row = document.createElement("span");
  row.className = `meld meld-${meld.kind}` + (meld.concealed ? " concealed" : "");
  meld.tiles.forEach((code, i) => {
    const back = meld.concealed && (i === 0 || i === 3);
    row.append(tileEl(code, { ...opts, back }));
  });
  row.title = `${t("act." + meld.kind).replace(/ \{tile\}/, "")} ${tileNames(meld.tiles)}`;
  return row;
}

const ORDER = { m: 0, p: 1, s: 2, z: 3, f: 4 };

/** Sort tile codes in the hand order (characters, dots, bamboo, honours, flowers). */
export function sortTiles(list) {
  return [...list].sort((a, b) => ORDER[a[1]] - ORDER[b[1]] || Number(a[0]) - Number(b[0]));
}
