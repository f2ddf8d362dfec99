// The replay viewer: a finished game from its record, hand by hand and step by step,
// forward and back, every seat's tiles visible, and the same end-of-hand panel at each end.
// The steps are computed by the server from the record (GET /api/tables/ID/replay/N).
import { api, seatKey, ruleset, settlesInMoney } from "./api.js";
import { t, windName, rulesetName } from "./i18n.js";
import { renderBoard } from "./board.js";
import { handPanel, gamePanel } from "./panel.js";
import { tileName, tileNames, parseTiles, parseMeld } from "./tiles.js";
import { el } from "./ui.js";
import { seatName } from "./table.js";

/** The tiles a call took, for the step's line: a chow names its own, a pung or kong the
 * tile claimed (the record's action names none), an added kong its tile. */
function callTiles(action, view) {
  if (action.tiles) return parseTiles(action.tiles);
  if (action.do === "akong" && action.tile) return [action.tile, action.tile, action.tile, action.tile];
  const size = action.do === "kong" ? 4 : 3;
  if (view && view.claim_tile) return Array(size).fill(view.claim_tile);
  const melds = (view && view.melds[action.seat]) || [];
  return melds.length ? parseMeld(melds[melds.length - 1].meld).tiles : [];
}

function describe(action, names, view) {
  if (!action) return "";
  const who = names[action.seat] || `#${action.seat}`;
  const key = { discard: "log.discard", flower: "log.flower", chow: "log.chow", pung: "log.pung", kong: "log.kong",
    ckong: "log.ckong", akong: "log.akong", ron: "log.win", tsumo: "log.win", pass: "log.pass" }[action.do];
  if (!key) return `${who}: ${action.do}`;
  // The same words as the live table's log: tile names, never the record's notation.
  const tiles = ["chow", "pung", "kong", "akong"].includes(action.do) ? tileNames(callTiles(action, view)) : "";
  return t(key, { who, tile: action.tile ? tileName(action.tile) : "", tiles });
}

export class ReplayViewer {
  constructor(root, tableId, handNumber) {
    this.root = root;
    this.id = tableId;
    this.hand = handNumber || 0;
    this.step = 0;
    this.game = null;
    this.data = null;
    this.playing = null;
    this.loading = null; // the hand being fetched: steps wait for it (a held arrow key)
    this.onKey = (ev) => this.key(ev);
  }

  async start() {
    this.root.replaceChildren(el("p", "loading", "…"));
    try {
      this.game = await api.get(`/api/tables/${this.id}/replay`);
      this.rules = await ruleset(this.game.rules);
    } catch (err) {
      this.root.replaceChildren(el("p", "error", err.status === 409 ? t("replay.not_finished") : t("error.generic", { error: err.message })));
      return;
    }
    if (this.closed) return; // left while loading: no keys for a page not shown
    const key = seatKey(this.id);
    this.me = key ? key.seat : null;
    document.addEventListener("keydown", this.onKey);
    await this.load(this.hand);
  }

  get names() {
    return ((this.game && this.game.seats) || []).map((s, i) => seatName(s, i));
  }

  stop() {
    this.closed = true;
    document.removeEventListener("keydown", this.onKey);
    clearInterval(this.playing);
  }

  async load(number, atEnd = false) {
    const hand = Math.max(0, Math.min(number, this.game.hands.length - 1));
    // Moves made while a hand is being fetched are dropped: a held arrow key fires many,
    // and each used to fetch the hand after the one still on the way (hands were skipped).
    if (this.loading !== null) return;
    this.loading = hand;
    try {
      this.data = await api.get(`/api/tables/${this.id}/replay/${hand}`);
    } finally {
      this.loading = null;
    }
    this.hand = hand;
    this.step = atEnd ? this.data.steps.length - 1 : 0;
    // The address names the hand shown, so a reload or a shared link opens it again
    // (replaceState: no hashchange, no new history entry per hand).
    const here = `#/replay/${encodeURIComponent(this.id)}/${this.hand}`;
    if (location.hash !== here) history.replaceState(null, "", here);
    this.render();
  }

  go(step) {
    if (!this.data || this.loading !== null) return;
    const last = this.data.steps.length - 1;
    if (step < 0 && this.hand > 0) return this.load(this.hand - 1, true);
    if (step > last && this.hand < this.game.hands.length - 1) return this.load(this.hand + 1);
    this.step = Math.max(0, Math.min(step, last));
    this.render();
  }

  key(ev) {
    if (ev.target && ["INPUT", "SELECT"].includes(ev.target.tagName) && ev.target.type !== "range") return;
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (ev.key in moves) {
      this.go(this.step + moves[ev.key]);
      ev.preventDefault();
    } else if (ev.key === "Home") this.go(0);
    else if (ev.key === "End") this.go(this.data.steps.length - 1);
    else if (ev.key === "PageDown" && this.hand < this.game.hands.length - 1) this.load(this.hand + 1);
    else if (ev.key === "PageUp" && this.hand > 0) this.load(this.hand - 1);
  }

  togglePlay() {
    if (this.playing) {
      clearInterval(this.playing);
      this.playing = null;
    } else {
      this.playing = setInterval(() => {
        if (this.step >= this.data.steps.length - 1) {
          clearInterval(this.playing);
          this.playing = null;
          this.render();
        } else this.go(this.step + 1);
      }, 700);
    }
    this.render();
  }

  render() {
    const steps = this.data.steps;
    const step = steps[this.step];
    const page = el("div", "replay-page");
    const head = el("div", "table-bar");
    const title = el("div", "table-title");
    title.append(el("strong", "", `${t("replay.title")} · ${this.rules ? rulesetName(this.rules) : this.game.rules}`));
    head.append(title);
    const picker = el("select", "hand-picker");
    picker.id = "hand-picker";
    this.game.hands.forEach((h, i) => {
      const opt = el("option", "", `${t("replay.hand", { n: i + 1 })} · ${windName(h.round_wind)} · ${h.result === "win" ? h.winners.map((w) => this.names[w.seat]).join(", ") : t("panel.draw")}`);
      opt.value = String(i);
      if (i === this.hand) opt.selected = true;
      picker.append(opt);
    });
    picker.onchange = () => this.load(Number(picker.value));
    head.append(picker);
    page.append(head);

    const controls = el("div", "replay-controls");
    const button = (id, label, fn) => {
      const b = el("button", "button small", label);
      b.id = id;
      b.onclick = fn;
      controls.append(b);
      return b;
    };
    button("replay-first", `« ${t("replay.first")}`, () => this.go(0));
    button("replay-prev", `◀ ${t("replay.prev")}`, () => this.go(this.step - 1));
    button("replay-play", this.playing ? `❚❚ ${t("replay.pause")}` : `▶ ${t("replay.play")}`, () => this.togglePlay());
    button("replay-next", `${t("replay.next")} ▶`, () => this.go(this.step + 1));
    button("replay-last", `${t("replay.last")} »`, () => this.go(steps.length - 1));
    const slider = el("input", "replay-slider");
    slider.type = "range";
    slider.min = "0";
    slider.max = String(steps.length - 1);
    slider.value = String(this.step);
    slider.oninput = () => this.go(Number(slider.value));
    controls.append(slider);
    const label = el("span", "replay-step", t("replay.step", { i: this.step, n: steps.length - 1 }));
    label.id = "replay-step";
    controls.append(label);
    page.append(controls);
    page.append(el("p", "replay-action", describe(step.action, this.names, step.table) || t("log.deal", { n: this.hand + 1, dealer: this.names[step.table.dealer] })));

    const felt = el("div", "felt replay-felt");
    const lastAction = step.action;
    renderBoard(felt, {
      view: step.table,
      bottom: this.me ?? 0,
      me: this.me,
      names: this.names,
      hands: step.hands,
      drawn: step.drawn,
      handIsMine: false,
      selected: -1,
      lastDiscard: lastAction && lastAction.do === "discard" ? { seat: lastAction.seat } : null,
      handNumber: this.hand + 1,
    });
    page.append(felt);
    if (this.step === steps.length - 1) {
      const ctx = { names: this.names, me: this.me, revealAll: true };
      const panel = handPanel(ctx, this.data.summary);
      panel.classList.add("inline");
      page.append(panel);
      if (this.hand === this.game.hands.length - 1) {
        page.append(gamePanel(ctx, { scores: this.game.scores, net: this.game.net, money: this.game.money,
          showMoney: settlesInMoney(this.rules), record: `/api/tables/${this.id}/record` }));
      }
    }
    page.append(el("p", "keys muted", t("replay.keys")));
    this.root.replaceChildren(page);
  }
}
