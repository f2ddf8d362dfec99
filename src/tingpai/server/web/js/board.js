// The felt: every seat's pond, melds, flowers and hand around a centre box with the round,
// the wall and the timer.  Drawn from a public table view (the protocol's view, public
// form) plus whatever hands the caller may show: the live table shows the player's own, the
// replay viewer every seat's.  Pure rendering: the caller owns the state and the clicks.
import { t, windName } from "./i18n.js";
import { tileEl, meldEl, parseTiles } from "./tiles.js";

export const POSITIONS = {
  2: ["bottom", "top"],
  3: ["bottom", "right", "left"],
  4: ["bottom", "right", "top", "left"],
};

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The concealed hand of a seat as codes, with the drawn tile moved to the end. */
export function handTiles(handText, drawn) {
  const tiles = parseTiles(handText);
  if (drawn) {
    const i = tiles.lastIndexOf(drawn);
    if (i >= 0) tiles.splice(i, 1);
    tiles.push(drawn);
  }
  return tiles;
}

function seatHead(model, seat) {
  const view = model.view;
  const head = el("div", "seat-head");
  const wind = view.seat_winds[seat];
  const badge = el("span", "wind-badge" + (seat === view.dealer ? " dealer" : ""), t(`windshort.${wind}`));
  badge.title = windName(wind) + (seat === view.dealer ? ` · ${t("table.dealer")}` : "");
  head.append(badge);
  const name = el("span", "seat-name", model.names[seat] || `#${seat}`);
  if (seat === model.me) name.append(el("span", "you-tag", t("table.you")));
  head.append(name);
  if (seat === view.dealer) {
    head.append(el("span", "dealer-tag", t("table.dealer") + (view.repeats ? ` ${view.repeats}` : "")));
  }
  head.append(el("span", "seat-score", String(view.scores[seat])));
  if (view.pond_left) {
    const left = view.pond_left[seat];
    const pill = el("span", "pond-left" + (left <= 3 ? " near" : ""), t("table.pond_left", { n: left }));
    head.append(pill);
  }
  if (view.phase !== "ended" && view.actor === seat && view.phase === "turn") head.classList.add("acting");
  return head;
}

function pondEl(model, seat) {
  const view = model.view;
  const pond = el("div", "pond");
  const tiles = view.ponds[seat] || [];
  const called = view.called[seat] || [];
  const fromDraw = (view.from_draw || [])[seat] || [];
  tiles.forEach((code, i) => {
    const cls = [];
    if (called[i]) cls.push("called");
    if (fromDraw[i]) cls.push("from-draw");
    const last = i === tiles.length - 1 && model.lastDiscard && model.lastDiscard.seat === seat;
    if (last) cls.push("last");
    const tile = tileEl(code, { cls: cls.join(" ") });
    tile.classList.add("small");
    if (fromDraw[i]) tile.title += ` (${t("table.from_draw")})`;
    pond.append(tile);
  });
  return pond;
}

function meldsEl(model, seat) {
  const view = model.view;
  const row = el("div", "melds");
  for (const meld of view.melds[seat] || []) {
    const m = meldEl(meld.meld);
    if (meld.from !== null && meld.from !== undefined) {
      m.dataset.from = model.names[meld.from] || String(meld.from);
      m.title += ` ← ${m.dataset.from}`;
    }
    row.append(m);
  }
  const flowers = parseTiles(view.flowers[seat] || "");
  if (flowers.length) {
    const f = el("span", "flowers");
    for (const code of flowers) f.append(tileEl(code, { cls: "small" }));
    row.append(f);
  }
  return row;
}

function concealedEl(model, seat, isMine) {
  const row = el("div", isMine ? "hand mine" : "hand");
  const shown = model.hands ? model.hands[seat] : null;
  if (shown === null || shown === undefined) {
    const count = model.view.concealed_sizes[seat];
    for (let i = 0; i < count; i++) row.append(tileEl(null, { back: true, cls: "small" }));
    return row;
  }
  const drawn = model.drawn ? model.drawn[seat] : null;
  const tiles = handTiles(shown, drawn);
  tiles.forEach((code, index) => {
    const isDrawn = drawn && index === tiles.length - 1;
    const tile = tileEl(code, { cls: isMine ? "" : "small" });
    if (isDrawn) tile.classList.add("drawn");
    if (isMine) {
      tile.tabIndex = -1;
      tile.dataset.index = String(index);
      if (index === model.selected) tile.classList.add("selected");
      if (model.playable && model.playable.has(code)) tile.classList.add("playable");
      const rank = model.hintMarks ? model.hintMarks[code] : undefined;
      if (rank !== undefined) {
        tile.classList.add(rank === 0 ? "hint-best" : "hint-good");
      }
      if (model.sacredMarks && model.sacredMarks.has(code)) tile.classList.add("hint-sacred");
      tile.addEventListener("click", (ev) => model.onTile && model.onTile(code, index, ev));
      tile.addEventListener("dblclick", (ev) => model.onTileDouble && model.onTileDouble(code, index, ev));
    }
    row.append(tile);
  });
  return row;
}

function centre(model) {
  const view = model.view;
  const box = el("div", "centre");
  const round = el("div", "round-wind", t(`windshort.${view.round_wind}`));
  round.title = t("table.round", { wind: windName(view.round_wind) });
  box.append(round);
  const lines = el("div", "centre-lines");
  lines.append(el("div", "round-line", t("table.round", { wind: windName(view.round_wind) }) +
    (model.handNumber ? ` · ${t("table.hand", { n: model.handNumber })}` : "")));
  const wall = el("div", "wall-line");
  wall.append(el("span", "wall-count", String(view.wall_left)));
  wall.append(document.createTextNode(` ${t("table.wall")}`));
  lines.append(wall);
  if (view.repeats) lines.append(el("div", "repeat-line", t("table.repeats", { n: view.repeats })));
  box.append(lines);
  const timer = el("div", "timer");
  timer.id = "timer";
  box.append(timer);
  return box;
}

/** Render the board into `root` (replacing what was there).  With `model.dock` (an
 * element), the player's own hand and melds are put there instead of under its pond. */
export function renderBoard(root, model) {
  const view = model.view;
  const n = view.players;
  const positions = POSITIONS[n];
  root.replaceChildren();
  const board = el("div", `board players-${n}`);
  for (let k = 0; k < n; k++) {
    const seat = (model.bottom + k) % n;
    const pos = positions[k];
    const area = el("section", `seat pos-${pos}`);
    area.dataset.seat = String(seat);
    if (view.phase !== "ended" && view.actor === seat) area.classList.add("active");
    const isMine = pos === "bottom" && model.handIsMine;
    area.append(seatHead(model, seat));
    area.append(pondEl(model, seat));
    if (isMine && model.dock) {
      // The player's own hand and melds go in the caller's dock (one row: the hand, then
      // the melds and flowers), which the live table keeps at the bottom of the screen.
      const row = el("div", "dock-hand");
      row.append(concealedEl(model, seat, true), meldsEl(model, seat));
      model.dock.append(row);
    } else {
      const tray = el("div", "tray");
      if (!isMine) tray.append(concealedEl(model, seat, false));
      tray.append(meldsEl(model, seat));
      area.append(tray);
      if (isMine) area.append(concealedEl(model, seat, true));
    }
    board.append(area);
  }
  board.append(centre(model));
  root.append(board);
  return board;
}
