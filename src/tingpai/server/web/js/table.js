// The live table: one websocket (docs/protocol.md), the board, the player's hand and call
// buttons, the action log, the hint, the timer and the end-of-hand / end-of-game panels.
import { api, seatKey, saveSeatKey, ruleset, settlesInMoney } from "./api.js";
import { t, windName, rulesetName, botLevelName, errorText } from "./i18n.js";
import { renderBoard } from "./board.js";
import { handPanel, gamePanel, patternsList } from "./panel.js";
import { tileEl, tileRow, tileName, tileNames, parseTiles, parseMeld } from "./tiles.js";
import { toast, el, copyText } from "./ui.js";

const GUEST = "Guest"; // the server's name for a guest who gave none (accounts.py)
const CLAIM_ORDER = ["tsumo", "ron", "kong", "pung", "chow", "ckong", "akong", "flower", "pass"];

export function seatName(seatInfo, seat) {
  if (!seatInfo) return `#${seat}`;
  if (seatInfo.kind === "bot") return `${t("bot")} ${seat + 1} · ${botLevelName(seatInfo.bot)}`;
  if (seatInfo.open) return t("lobby.open");
  // A guest who gave no name plays as the server's default "Guest": in the page's language.
  if (!seatInfo.account && seatInfo.name === GUEST) return t("nav.guest");
  return seatInfo.name || `#${seat}`;
}

function actionLabel(action) {
  const tile = action.tile ? tileName(action.tile) : "";
  return t(`act.${action.do}`, { tile });
}

/** Log entries for the change from one view to the next (views come after every change):
 * {key, seat, tile, tiles}, put in words by logText() in the language of the moment. */
export function diffLog(prev, next) {
  const lines = [];
  if (!prev || !next) return lines;
  for (let s = 0; s < next.players; s++) {
    for (let i = prev.ponds[s].length; i < next.ponds[s].length; i++) {
      lines.push({ key: "log.discard", seat: s, tile: next.ponds[s][i] });
    }
    const mb = prev.melds[s].map((m) => m.meld);
    next.melds[s].forEach((m, i) => {
      if (mb[i] === m.meld) return;
      const meld = parseMeld(m.meld);
      let key = `log.${meld.kind}`;
      if (meld.concealed) key = "log.ckong";
      else if (mb[i] && mb[i].startsWith("pung") && meld.kind === "kong") key = "log.akong";
      lines.push({ key, seat: s, tiles: meld.tiles });
    });
    const fb = parseTiles(prev.flowers[s]);
    const fa = parseTiles(next.flowers[s]);
    for (let i = fb.length; i < fa.length; i++) lines.push({ key: "log.flower", seat: s, tile: fa[i] });
  }
  if (next.seat !== null && next.drawn && (prev.drawn !== next.drawn || prev.wall_left !== next.wall_left)
      && next.phase === "turn" && next.actor === next.seat) {
    lines.push({ key: "log.draw", seat: next.seat, tile: next.drawn, mine: true });
  }
  return lines;
}

/** The seat whose discard is the newest, read from the view alone (so it survives a
 * reload), or null.  In a claim window it is the seat whose tile is offered (already the
 * last of its pond).  In a turn the actor got there either by claiming the newest discard
 * (its newest meld names the seat claimed from, whose last discard is marked called) or by
 * drawing after the seat before it in turn order discarded. */
export function lastDiscarder(v) {
  if (!v || v.phase === "ended" || v.actor === null || v.actor === undefined) return null;
  const last = (s) => (v.ponds[s] && v.ponds[s].length ? v.ponds[s].length - 1 : -1);
  if (v.phase === "claims") return last(v.actor) >= 0 ? v.actor : null;
  const melds = v.melds[v.actor] || [];
  const newest = melds[melds.length - 1];
  if (newest && newest.from !== null && newest.from !== undefined && last(newest.from) >= 0
      && (v.called[newest.from] || [])[last(newest.from)]) {
    return newest.from;
  }
  const before = (v.actor + v.players - 1) % v.players;
  return last(before) >= 0 ? before : null;
}

/** A log entry in words; the player's own actions in the first person. */
export function logText(entry, names, me) {
  const mine = entry.seat === me && entry.key !== "log.draw" && entry.key !== "log.deal";
  const key = mine ? `${entry.key}_you` : entry.key;
  return t(key, {
    who: mine ? t("log.you") : entry.seat !== undefined ? names[entry.seat] || `#${entry.seat}` : "",
    tile: entry.tile ? tileName(entry.tile) : "",
    tiles: tileNames(entry.tiles || []),
    n: entry.n, dealer: entry.dealer !== undefined ? names[entry.dealer] : "",
  });
}

export class LiveTable {
  constructor(root, tableId) {
    this.root = root;
    this.id = tableId;
    this.key = seatKey(tableId);
    this.seq = 0;
    this.view = null;
    this.prev = null;
    this.legal = [];
    this.deadline = null;
    this.info = null;
    this.log = [];
    this.selected = -1;
    this.hintsOn = localStorage.getItem("tingpai.hints") === "1";
    // Declare flowers without a click when that is the only sensible move (default on).
    this.autoFlowers = localStorage.getItem("tingpai.autoflowers") !== "0";
    this.autoSeq = -1;
    this.chowOpen = false; // the "Chow with which tiles?" chooser, drawn by calls()
    this.nameDraft = localStorage.getItem("tingpai.name") || ""; // the take-a-seat name box
    this.hint = null;
    this.hintSeq = -1;
    this.handNumber = 0;
    this.panel = null; // {hand, summary, ready}
    this.gameEnd = null;
    this.closed = false;
    this.retry = 0;
    this.welcomed = false; // a view has come (the server let this page in)
    this.rules = null;
    this.onKey = (ev) => this.key_(ev);
    this.timerTick = setInterval(() => this.tick(), 250);
    // The log is built from the changes this page saw: a reload used to empty it in the
    // middle of a hand.  This tab keeps it (sessionStorage) and a reload picks it up.
    this.logKey = `tingpai.log.${tableId}`;
    try {
      const kept = JSON.parse(sessionStorage.getItem(this.logKey) || "null");
      if (kept && Array.isArray(kept.log) && Number.isInteger(kept.hand)) {
        this.log = kept.log;
        this.handNumber = kept.hand;
      }
    } catch {
      this.log = [];
    }
  }

  keepLog() {
    try {
      this.log = this.log.slice(-200);
      sessionStorage.setItem(this.logKey, JSON.stringify({ hand: this.handNumber, log: this.log }));
    } catch { /* storage full or refused: the log lives as long as the page */ }
  }

  async start() {
    this.root.replaceChildren(el("p", "loading", "…"));
    try {
      this.info = await api.get(`/api/tables/${this.id}`);
      this.rules = await ruleset(this.info.rules);
      // The signed-in account, if any: a seat it plays here can be taken back from a
      // browser that lacks the seat's key (another device, cleared storage).
      this.account = this.key ? null : (await api.get("/api/me").catch(() => ({ account: null }))).account;
    } catch (err) {
      this.root.replaceChildren(el("p", "error", t("error.generic", { error: err.message })));
      return;
    }
    // Left before the table was loaded: no socket and no keys for a page not shown (its
    // Space would pass, its flowers be declared, on the page the player went to).
    if (this.closed) return;
    document.addEventListener("keydown", this.onKey);
    this.connect();
  }

  stop() {
    this.closed = true;
    clearInterval(this.timerTick);
    document.removeEventListener("keydown", this.onKey);
    if (this.ws) this.ws.close();
  }

  get names() {
    return (this.info && this.info.seats ? this.info.seats : []).map((s, i) => seatName(s, i));
  }

  get mySeat() {
    return this.key ? this.key.seat : null;
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const query = this.key ? `?token=${encodeURIComponent(this.key.token)}` : "";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${this.id}${query}`);
    this.ws = ws;
    ws.onmessage = (ev) => this.message(JSON.parse(ev.data));
    ws.onclose = (ev) => {
      if (this.closed || this.ws !== ws) return;
      if (this.gameEnd) return;
      if (ev.code === 4404) { toast(t("table.gone")); return; }
      if (ev.code === 4403) {
        // The token no longer holds the seat: another tab of this browser may have taken
        // it again (a fresh key), else watch instead of retrying a token that cannot work.
        const fresh = seatKey(this.id);
        if (fresh && this.key && fresh.token !== this.key.token) this.key = fresh;
        else {
          this.key = null;
          toast(t("table.token_replaced"));
          // Signed in, the player may take the seat back here (takeable()).
          api.get("/api/me").then((me) => { this.account = me.account; this.render(); }).catch(() => {});
        }
        setTimeout(() => !this.closed && this.connect(), 300);
        return;
      }
      this.retry += 1;
      // A full table or seat (4503) said why in its error, which stays on screen; it is
      // asked again less often than a dropped connection is.
      const full = ev.code === 4503;
      if (!full) toast(t("table.connection_lost"));
      const wait = full ? Math.min(30000, 2000 * this.retry) : Math.min(5000, 300 * this.retry);
      setTimeout(() => !this.closed && this.connect(), wait);
    };
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  act(action) {
    this.send({ type: "act", seq: this.seq, action });
    this.legal = [];
    this.selected = -1;
    this.chowOpen = false;
    this.render();
  }

  /** Declare a flower by itself when the setting is on and that is the only sensible move:
   * a flower is legal in the seat's own turn and no win (tsumo / ron) is. */
  autoFlower() {
    const v = this.view;
    if (!this.autoFlowers || !v || this.mySeat === null || this.autoSeq === this.seq) return false;
    if (v.phase !== "turn" || v.actor !== v.seat) return false;
    if (this.legal.some((a) => a.do === "tsumo" || a.do === "ron")) return false;
    const flower = this.legal.find((a) => a.do === "flower");
    if (!flower) return false;
    this.autoSeq = this.seq;
    this.act(flower);
    return true;
  }

  setAutoFlowers(on) {
    this.autoFlowers = on;
    localStorage.setItem("tingpai.autoflowers", on ? "1" : "0");
    if (!this.autoFlower()) this.render();
  }

  message(msg) {
    if (msg.type === "view") {
      // welcomed (a refused connection opens too, then gets an error)
      this.retry = 0;
      this.welcomed = true;
      if (msg.table) this.info = { ...this.info, ...msg.table };
      const hand = msg.table ? msg.table.hand : this.handNumber;
      if (msg.view) {
        if (hand !== this.handNumber) {
          this.prev = null;
          this.log.push({ key: "log.deal", n: hand, dealer: msg.view.dealer, deal: true });
          this.selected = -1;
          if (this.panel && hand > this.panel.hand + 1) this.panel = null;
        }
        this.log.push(...diffLog(this.view && hand === this.handNumber ? this.view : null, msg.view));
        this.view = msg.view;
      }
      this.handNumber = hand;
      if (msg.seq !== this.seq) this.chowOpen = false;
      this.seq = msg.seq;
      this.legal = msg.legal || [];
      this.deadline = msg.deadline;
      if (this.legal.length && this.selected < 0 && this.view && this.view.drawn) {
        // Select the drawn tile: one more click discards it (Mahjong Soul's "tsumogiri").
        this.selected = this.myTiles().length - 1;
      }
      this.keepLog();
      if (this.autoFlower()) return;
      this.render();
      if (this.hintsOn && this.legal.length) this.loadHint();
    } else if (msg.type === "hand_end") {
      this.onHandEnd(msg);
    } else if (msg.type === "game_end") {
      this.gameEnd = msg;
      this.render();
    } else if (msg.type === "error") {
      const text = errorText(msg.error);
      toast(text, "error");
      // Refused before this page saw the table (a full one): say why where it would be.
      if (!this.welcomed) this.root.replaceChildren(el("p", "error", text));
    }
  }

  async onHandEnd(msg) {
    const number = msg.hand;
    this.panel = { hand: number, summary: null, ready: false, result: msg.result };
    const winners = msg.result.winners || [];
    // A reload between hands is sent the hand's end again: its line is already in the log.
    if (this.log.some((e) => e.win && e.hand === number)) {
      /* logged */
    } else if (winners.length) {
      for (const w of winners) this.log.push({ key: "log.win", seat: w.seat, win: true, hand: number });
    } else {
      this.log.push({ key: "log.draw_end", win: true, hand: number });
    }
    this.keepLog();
    this.render();
    try {
      const summary = await api.get(`/api/tables/${this.id}/hands/${number}`);
      if (this.panel && this.panel.hand === number) {
        this.panel.summary = summary;
        this.render();
      }
    } catch (err) {
      toast(err.message, "error");
    }
  }

  async loadHint() {
    if (!this.key || this.hintSeq === this.seq) return;
    const seq = this.seq;
    this.hintSeq = seq;
    try {
      const data = await api.get(`/api/tables/${this.id}/hint?token=${encodeURIComponent(this.key.token)}`);
      if (seq === this.seq) {
        this.hint = data.hint;
        this.render();
      }
    } catch {
      this.hint = null;
    }
  }

  myTiles() {
    if (!this.view || this.view.seat === null || this.view.seat === undefined) return [];
    const tiles = parseTiles(this.view.hand);
    const drawn = this.view.drawn;
    if (drawn) {
      const i = tiles.lastIndexOf(drawn);
      if (i >= 0) tiles.splice(i, 1);
      tiles.push(drawn);
    }
    return tiles;
  }

  legalFor(kind, tile) {
    return this.legal.find((a) => a.do === kind && (tile === undefined || a.tile === tile));
  }

  clickTile(code, index) {
    const discard = this.legalFor("discard", code);
    const flower = this.legalFor("flower", code);
    if (this.selected === index && (discard || flower)) {
      this.act(discard || flower);
      return;
    }
    this.selected = index;
    this.render();
  }

  doubleTile(code) {
    const action = this.legalFor("discard", code) || this.legalFor("flower", code);
    if (action) this.act(action);
  }

  key_(ev) {
    if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
    // A button or link reached with the keyboard (Tab) does what it says on Enter and
    // Space: Space used to pass the claim its button would take, Enter to do nothing.  A
    // button focused by a mouse click keeps the table's keys (its focus is not visible).
    const control = ev.target && ev.target.closest ? ev.target.closest("button, a[href], summary") : null;
    if (control && (ev.key === "Enter" || ev.key === " ") && control.matches(":focus-visible")) return;
    const tiles = this.myTiles();
    if (ev.key === "ArrowLeft" || ev.key === "ArrowRight") {
      if (!tiles.length) return;
      const step = ev.key === "ArrowLeft" ? -1 : 1;
      this.selected = this.selected < 0 ? tiles.length - 1 : (this.selected + step + tiles.length) % tiles.length;
      this.render();
      ev.preventDefault();
    } else if (ev.key === "Enter") {
      if (this.panel && this.panel.summary && !this.panel.ready && !this.gameEnd) {
        this.ready();
      } else if (this.selected >= 0 && tiles[this.selected]) {
        const code = tiles[this.selected];
        const action = this.legalFor("discard", code) || this.legalFor("flower", code);
        if (action) this.act(action);
      }
      ev.preventDefault();
    } else if (ev.key === "Escape" && this.showPatterns) {
      this.showPatterns = false;
      this.render();
      ev.preventDefault();
    } else if (ev.key === "Escape" && this.chowOpen) {
      this.chowOpen = false;
      this.render();
      ev.preventDefault();
    } else if (ev.key === " " || ev.key === "Escape") {
      // Escape is a key people press to get out of things: it passes an ordinary claim,
      // never an offer that includes a win (ron, robbing a kong or the eighth flower), so
      // a stray press cannot throw a win away.  Space, the table's pass key, passes such
      // an offer only when pressed twice (the first press says so), as a win is passed
      // with a deliberate click elsewhere too.
      const pass = this.legalFor("pass");
      const win = this.legal.some((a) => a.do === "ron" || a.do === "tsumo");
      if (pass && win && ev.key === " " && this.passArmed !== this.seq) {
        this.passArmed = this.seq;
        toast(t("table.pass_win_again"));
        ev.preventDefault();
      } else if (ev.key === "Escape" && win) {
        ev.preventDefault();
      } else if (pass) {
        this.act(pass);
        ev.preventDefault();
      }
    } else if (ev.key === "h" || ev.key === "H") {
      this.toggleHints();
    }
  }

  toggleHints() {
    this.hintsOn = !this.hintsOn;
    localStorage.setItem("tingpai.hints", this.hintsOn ? "1" : "0");
    if (this.hintsOn && this.legal.length) {
      this.hintSeq = -1;
      this.loadHint();
    }
    this.render();
  }

  ready() {
    if (!this.panel) return;
    this.panel.ready = true;
    this.send({ type: "ready" });
    this.render();
  }

  tick() {
    const left = this.deadline ? Math.max(0, Math.ceil(this.deadline - Date.now() / 1000)) : null;
    const node = document.getElementById("timer");
    if (node) {
      node.textContent = left === null ? "" : t("table.timer", { n: left });
      node.classList.toggle("urgent", left !== null && left <= 5);
    }
    // The board's timer is under the end-of-hand panel: the panel says when the next hand
    // is dealt without waiting for "Next hand".
    const next = document.getElementById("panel-timer");
    if (next) {
      next.textContent = left === null ? "" : t("panel.next_in", { n: left });
      next.classList.toggle("urgent", left !== null && left <= 5);
    }
  }

  async takeSeat(seat) {
    try {
      const name = this.nameDraft.trim();
      if (name) localStorage.setItem("tingpai.name", name);
      const data = await api.post(`/api/tables/${this.id}/seats/${seat}`, name ? { name } : {});
      saveSeatKey(this.id, data.seat, data.token);
      this.key = seatKey(this.id);
      if (this.ws) {
        const old = this.ws;
        this.ws = null;
        old.close();
      }
      this.view = null;
      this.connect();
    } catch (err) {
      toast(err.message, "error");
    }
  }

  inviteLink() {
    return `${location.origin}/#/table/${this.id}`;
  }

  // ------------------------------------------------------------------ rendering

  render() {
    if (this.closed) return;
    // A redraw replaces every node: keep the focus (and caret) of a text box being typed in.
    const focused = document.activeElement && document.activeElement.id && this.root.contains(document.activeElement)
      ? { id: document.activeElement.id, start: document.activeElement.selectionStart, end: document.activeElement.selectionEnd }
      : null;
    const page = el("div", "table-page");
    const main = el("div", "table-main");
    const side = el("aside", "table-side");
    page.append(main, side);

    main.append(this.bar());
    const felt = el("div", "felt");
    main.append(felt);
    if (this.view) {
      const me = this.view.seat;
      const hintMarks = {};
      const sacred = new Set();
      if (this.hintsOn && this.hint && this.hint.discards && this.legal.some((a) => a.do === "discard")) {
        const best = this.hint.discards[0];
        this.hint.discards.forEach((d, i) => {
          if (d.shanten === best.shanten && (i === 0 || d.live >= best.live)) hintMarks[d.tile] = i === 0 ? 0 : 1;
          if (d.sacred && d.sacred.length) sacred.add(d.tile);
        });
      }
      const playable = new Set(this.legal.filter((a) => a.do === "discard" || a.do === "flower").map((a) => a.tile));
      const lastSeat = this.lastDiscarder();
      // The player's hand, melds and call buttons sit in a dock that stays at the bottom
      // of the screen (sticky), so a decision never needs a scroll.
      const dock = el("div", "dock");
      renderBoard(felt, {
        dock: me !== null && me !== undefined ? dock : null,
        view: this.view,
        bottom: me ?? 0,
        me,
        names: this.names,
        hands: me !== null && me !== undefined ? this.view.ponds.map((_, s) => (s === me ? this.view.hand : null)) : null,
        drawn: me !== null && me !== undefined ? this.view.ponds.map((_, s) => (s === me ? this.view.drawn : null)) : null,
        handIsMine: me !== null && me !== undefined,
        selected: this.selected,
        playable,
        hintMarks,
        sacredMarks: sacred,
        lastDiscard: lastSeat !== null ? { seat: lastSeat } : null,
        handNumber: this.handNumber,
        onTile: (code, index) => this.clickTile(code, index),
        onTileDouble: (code) => this.doubleTile(code),
      });
      dock.append(this.calls());
      felt.append(dock);
    } else {
      felt.append(this.waitingRoom());
    }
    if (this.mySeat !== null) side.append(this.hintBox());
    side.append(this.logBox());
    if (this.panel || this.gameEnd) page.append(this.modal());
    else if (this.showPatterns && this.rules) page.append(this.patternsModal());
    this.root.replaceChildren(page);
    if (focused) {
      const again = document.getElementById(focused.id);
      if (again && again !== document.activeElement) {
        again.focus();
        if (typeof again.setSelectionRange === "function" && focused.start !== null && focused.start !== undefined) {
          try { again.setSelectionRange(focused.start, focused.end); } catch { /* not a text box */ }
        }
      }
    }
    this.tick();
    const log = this.root.querySelector(".log-lines");
    if (log) log.scrollTop = log.scrollHeight;
  }

  lastDiscarder() {
    return lastDiscarder(this.view);
  }

  bar() {
    const bar = el("div", "table-bar");
    const title = el("div", "table-title");
    title.append(el("strong", "", this.rules ? rulesetName(this.rules) : this.info.rules));
    if (this.view) title.append(el("span", "muted", ` · ${t("table.hand", { n: this.handNumber })}`));
    bar.append(title);
    const tools = el("div", "table-tools");
    const invite = el("button", "button small", t("table.invite"));
    invite.id = "invite";
    invite.onclick = async () => {
      const link = this.inviteLink();
      if (await copyText(link)) toast(t("table.copied"));
      else toast(t("table.copy_failed", { link }));
    };
    // A finished game has no seat left to invite anyone to.
    if (!this.gameEnd && this.info.status !== "finished") tools.append(invite);
    const patterns = el("button", "button small", t("table.patterns"));
    patterns.id = "patterns";
    patterns.onclick = () => { this.showPatterns = !this.showPatterns; this.render(); };
    tools.append(patterns);
    if (this.mySeat !== null) {
      const hint = el("button", "button small" + (this.hintsOn ? " on" : ""), this.hintsOn ? t("table.hint_on") : t("table.hint"));
      hint.id = "hint-toggle";
      hint.setAttribute("aria-pressed", this.hintsOn ? "true" : "false");
      hint.onclick = () => this.toggleHints();
      tools.append(hint);
      const auto = el("label", "setting");
      const box = el("input");
      box.type = "checkbox";
      box.id = "auto-flowers";
      box.checked = this.autoFlowers;
      box.onchange = () => this.setAutoFlowers(box.checked);
      auto.append(box, el("span", "", t("table.auto_flowers")));
      auto.title = t("table.auto_flowers_note");
      tools.append(auto);
    }
    bar.append(tools);
    return bar;
  }

  waitingRoom() {
    const box = el("div", "waiting-room");
    box.append(el("p", "", t("table.waiting_players")));
    const link = el("input", "invite-link");
    link.readOnly = true;
    link.value = this.inviteLink();
    box.append(link);
    box.append(this.seatList());
    return box;
  }

  /** A seat this browser may take: an open one, or the signed-in account's own. */
  takeable(s) {
    if (this.mySeat !== null || !s) return false;
    if (s.open) return true;
    const me = this.account && this.account.name;
    return Boolean(me && s.account && s.account.toLowerCase() === me.toLowerCase() && this.info.status !== "finished");
  }

  seatList() {
    const wrap = el("div", "seat-picker");
    if (this.mySeat === null && (this.info.seats || []).some((s) => s.open)) {
      // The name this seat plays under (the server's rule: 1-24 printable characters);
      // prefilled with the one this browser used last.
      const label = el("label", "field inline seat-name-field");
      label.append(el("span", "", t("lobby.name")));
      const input = el("input");
      input.id = "seat-name";
      input.name = "name";
      input.maxLength = 24;
      input.placeholder = t("lobby.name_placeholder");
      input.autocomplete = "nickname";
      input.value = this.nameDraft;
      input.oninput = () => { this.nameDraft = input.value; };
      label.append(input);
      wrap.append(label);
    }
    const list = el("ul", "seat-list");
    (this.info.seats || []).forEach((s, i) => {
      const item = el("li", i === this.mySeat ? "mine" : "");
      item.dataset.seat = String(i);
      // The player's own seat is marked as everywhere else (the board, the panels).
      const you = i === this.mySeat ? ` (${t("table.you")})` : "";
      item.append(el("span", "", `${i + 1}. ${seatName(s, i)}${you}`));
      if (this.takeable(s)) {
        const again = !s.open;
        const take = el("button", "button primary small", t(again ? "table.take_back" : "table.take_seat", { seat: i + 1 }));
        take.dataset.seat = String(i);
        take.className += " take-seat";
        take.onclick = () => this.takeSeat(i);
        item.append(take);
      }
      list.append(item);
    });
    wrap.append(list);
    return wrap;
  }

  calls() {
    const box = el("div", "calls");
    const v = this.view;
    if (v.seat === null || v.seat === undefined) {
      box.append(el("div", "note", t("table.spectating")));
      if ((this.info.seats || []).some((s) => this.takeable(s))) box.append(this.seatList());
      return box;
    }
    if (!this.legal.length) {
      if (v.phase !== "ended" && v.actor !== null) {
        box.append(el("div", "note", t("table.waiting", { who: this.names[v.actor] })));
      }
      return box;
    }
    const onlyDiscards = this.legal.every((a) => a.do === "discard");
    if (v.phase === "claims" || v.phase === "robbing") {
      const offer = el("div", "offer");
      // A robbing window opens on an added kong or, for Eight Immortals, a declared flower.
      const key = v.phase !== "robbing" ? "table.claim" : v.robbing === "flower" ? "table.claim_rob_flower" : "table.claim_rob";
      offer.append(el("span", "", t(key, { who: this.names[v.actor] || "" })));
      if (v.claim_tile) offer.append(tileEl(v.claim_tile, { cls: "small" }));
      box.append(offer);
    } else if (onlyDiscards || this.legal.some((a) => a.do === "discard")) {
      box.append(el("div", "note turn", t("table.your_turn") + " · " + t("table.discard_hint")));
    }
    const buttons = el("div", "call-buttons");
    const chows = this.legal.filter((a) => a.do === "chow");
    for (const kind of CLAIM_ORDER) {
      const actions = this.legal.filter((a) => a.do === kind);
      if (!actions.length) continue;
      if (kind === "chow") {
        const b = el("button", "call call-chow", t("act.chow"));
        b.dataset.do = "chow";
        if (this.chowOpen && chows.length > 1) b.classList.add("open");
        b.setAttribute("aria-expanded", this.chowOpen && chows.length > 1 ? "true" : "false");
        b.onclick = () => {
          if (chows.length === 1) {
            this.act(chows[0]);
          } else {
            this.chowOpen = true;
            this.render();
          }
        };
        buttons.append(b);
        continue;
      }
      for (const action of actions) {
        const b = el("button", `call call-${kind}` + (kind === "ron" || kind === "tsumo" ? " win" : ""), actionLabel(action));
        b.dataset.do = kind;
        if (action.tile) b.dataset.tile = action.tile;
        b.onclick = () => this.act(action);
        buttons.append(b);
      }
    }
    box.append(buttons);
    if (this.chowOpen && chows.length > 1) box.append(this.chowChooser(chows));
    return box;
  }

  chowChooser(chows) {
    const chooser = el("div", "chow-choice");
    chooser.append(el("span", "", t("table.select_chow")));
    for (const action of chows) {
      const b = el("button", "chow-option");
      b.dataset.tiles = action.tiles;
      b.append(tileRow(action.tiles, { cls: "small" }));
      b.onclick = () => this.act(action);
      chooser.append(b);
    }
    const cancel = el("button", "button small chow-cancel", t("table.cancel"));
    cancel.onclick = () => { this.chowOpen = false; this.render(); };
    chooser.append(cancel);
    return chooser;
  }

  hintBox() {
    const box = el("section", "hint-box" + (this.hintsOn ? "" : " off"));
    box.id = "hint";
    box.append(el("h3", "", t("table.hint")));
    if (!this.hintsOn || this.mySeat === null) {
      const b = el("button", "button small", t("table.hint"));
      b.onclick = () => this.toggleHints();
      if (this.mySeat !== null) box.append(b);
      return box;
    }
    const h = this.hint;
    if (!h || !this.legal.length) {
      box.append(el("p", "muted", t("hint.none")));
      return box;
    }
    if (h.flowers_held) box.append(el("p", "warn", t(h.can_declare === false ? "hint.flowers_later" : "hint.flowers")));
    if (h.can_win && h.can_win.length) box.append(el("p", "good big", t("hint.can_win")));
    if (h.shanten === null || h.shanten === undefined) return box;
    const complete = h.can_win && h.can_win.length ? t("hint.complete") : t("hint.complete_no_win");
    const state = h.shanten === -1 ? complete : h.shanten === 0 ? t("hint.ready") : t("hint.shanten", { n: h.shanten });
    box.append(el("p", "shanten", state));
    if (h.waits) {
      if (h.waits.length) {
        box.append(this.waitList(t("hint.waits"), h.wins || h.waits.map((tile) => ({ tile })), h.unit));
      } else if (h.improving) {
        const list = el("div", "waits");
        list.append(el("span", "label", t("hint.improving_live", { label: t("hint.improving"), live: t("hint.live", { n: h.live }) })));
        list.append(tileRow(h.improving, { cls: "small" }));
        box.append(list);
      }
    }
    if (h.discards && this.legal.some((a) => a.do === "discard")) {
      const table = el("table", "best-discards");
      table.append(el("caption", "", t("hint.best")));
      for (const d of h.discards.slice(0, 5)) {
        const row = el("tr");
        const cell = el("td");
        cell.append(tileEl(d.tile, { cls: "small" }));
        row.append(cell);
        row.append(el("td", "", d.shanten === 0 ? t("hint.ready") : t("hint.shanten", { n: d.shanten })));
        const live = el("td", "");
        if (d.waits && d.waits.length) {
          live.append(tileRow(d.waits, { cls: "tiny" }));
        } else {
          live.textContent = t("hint.live", { n: d.live });
          live.title = tileNames(d.improving); // tile names, not notation
        }
        if (d.waits && d.waits.length) live.append(el("span", "live", ` ${t("hint.live", { n: d.live })}`));
        row.append(live);
        if (d.sacred && d.sacred.length) row.append(el("td", "warn", t("hint.sacred_after")));
        table.append(row);
      }
      box.append(table);
      // What the best ready discards would leave: their waits and what each win is worth.
      for (const ready of h.discards.filter((d) => d.wins && d.wins.length).slice(0, 3)) {
        const list = this.waitList(t("hint.after_discard", { tile: tileName(ready.tile) }), ready.wins, h.unit);
        list.dataset.discard = ready.tile;
        box.append(list);
      }
    }
    const valued = (h.wins && h.wins.length) || (h.discards && h.discards.some((d) => d.wins && d.wins.length));
    if (valued && h.situation && (h.situation.flowers || h.situation.dealer_repeats || h.situation.eighth_repeat)) {
      const parts = [];
      if (h.situation.flowers) parts.push(t("hint.count_flowers", { tiles: tileNames(parseTiles(h.situation.flowers)) }));
      if (h.situation.dealer_repeats) parts.push(t("hint.count_repeats", { n: h.situation.dealer_repeats }));
      if (h.situation.eighth_repeat) parts.push(t("hint.count_eighth"));
      box.append(el("p", "muted counting", t("hint.counting", { what: parts.join(t("list.sep")) })));
    }
    if (h.sacred && h.sacred.length) {
      box.append(el("p", "warn sacred", t("hint.sacred", { tiles: tileNames(h.sacred) })));
    }
    if (h.pond_left !== null && h.pond_left !== undefined) {
      box.append(el("p", "muted", t("table.pond_left", { n: h.pond_left })));
    }
    return box;
  }

  /** Waits with their live count and, at the table, what a win on each is worth: the
   * hand's total and what the discarder (or each loser, on a self-draw) pays. */
  waitList(label, wins, unitCode) {
    const unit = unitCode ? t(`panel.unit.${unitCode}`) : "";
    const worth = (o, key) => {
      if (!o.legal) {
        if (o.no_pattern) return t("hint.no_pattern");
        // Below the table's minimum: what the hand is worth and what a win needs, not a
        // bare "short 2" (read as tiles, or steps from ready).
        if (o.short !== undefined) return t("hint.short", { n: o.short, total: o.total, min: o.total + o.short, unit });
        return "–";
      }
      const pay = o.payments || {};
      let text = t("hint.hand_total", { n: o.total, unit });
      if (key === "discard" && pay.discarder !== undefined) {
        text += " → " + (pay.others !== undefined
          ? t("hint.discarder_pays_others", { n: pay.discarder, m: pay.others })
          : t("hint.discarder_pays", { n: pay.discarder }));
      } else if (key === "self_draw" && pay.each !== undefined) {
        text += " → " + t("hint.each_pays", { n: pay.each });
      }
      return text;
    };
    const list = el("div", "waits");
    list.append(el("span", "label", label));
    for (const w of wins) {
      const item = el("div", "wait");
      item.dataset.tile = w.tile;
      item.append(tileEl(w.tile, { cls: "small" }));
      if (w.live !== undefined) item.append(el("span", "live", t("hint.live", { n: w.live })));
      if (w.discard) {
        const lines = el("span", "worth");
        const d = el("span", "worth-discard", `${t("hint.by_discard")}: ${worth(w.discard, "discard")}`);
        const sd = el("span", "worth-self", `${t("hint.by_self")}: ${worth(w.self_draw, "self_draw")}`);
        lines.append(d, sd);
        item.append(lines);
      }
      list.append(item);
    }
    return list;
  }

  logBox() {
    const box = el("section", "log-box");
    box.append(el("h3", "", t("table.log")));
    const lines = el("ol", "log-lines");
    for (const line of this.log.slice(-200)) {
      const item = el("li", line.deal ? "deal" : line.win ? "win" : line.mine ? "mine" : "");
      item.textContent = logText(line, this.names, this.mySeat);
      lines.append(item);
    }
    box.append(lines);
    if (this.mySeat !== null) box.append(el("p", "keys muted", t("table.keys")));
    return box;
  }

  patternsModal() {
    const shade = el("div", "modal-shade");
    shade.onclick = (ev) => { if (ev.target === shade) { this.showPatterns = false; this.render(); } };
    const box = el("div", "modal patterns-modal");
    box.setAttribute("role", "dialog");
    // The title bar stays at the top of the window while the list scrolls, with a close
    // control a phone reaches without scrolling to the end.
    const head = el("div", "modal-head");
    head.append(el("h2", "", `${t("table.patterns")} · ${rulesetName(this.rules)}`));
    const x = el("button", "modal-close", "×");
    x.id = "patterns-close";
    x.title = t("table.close");
    x.setAttribute("aria-label", t("table.close"));
    x.onclick = () => { this.showPatterns = false; this.render(); };
    head.append(x);
    box.append(head);
    box.append(patternsList(this.rules));
    const close = el("button", "button", t("table.close"));
    close.onclick = () => { this.showPatterns = false; this.render(); };
    const bottom = el("div", "panel-actions");
    bottom.append(close);
    box.append(bottom);
    shade.append(box);
    return shade;
  }

  modal() {
    const shade = el("div", "modal-shade");
    const box = el("div", "modal");
    box.setAttribute("role", "dialog");
    shade.append(box);
    const ctx = { names: this.names, me: this.mySeat, revealAll: false };
    if (this.panel) {
      if (this.panel.summary) box.append(handPanel(ctx, this.panel.summary));
      else box.append(el("p", "loading", "…"));
    }
    if (this.gameEnd) {
      // Net counts from the table's own starting points (a lobby option), not the default.
      const options = this.info.options || {};
      const start = options.start_points ?? (this.rules ? this.rules.start_points : null);
      const net = start !== null && start !== undefined ? this.gameEnd.scores.map((s) => s - start) : null;
      const showMoney = settlesInMoney(this.rules);
      // The table's stake, else the ruleset's default: a stake of 0 is a stake (no money).
      const stakeOption = this.rules ? this.rules.options.find((o) => o.name === "stake") : null;
      const stake = options.stake ?? (stakeOption ? stakeOption.default : 1) ?? 1;
      box.append(gamePanel(ctx, {
        scores: this.gameEnd.scores, net, money: net ? net.map((x) => x * stake) : null, showMoney,
        ratings: this.gameEnd.ratings, record: this.gameEnd.record, replay: `#/replay/${this.id}`,
      }));
    } else if (this.panel && this.mySeat === null) {
      // A spectator does not deal: the panel closes by itself at the next hand, or now.
      const close = el("button", "button", t("table.close"));
      close.id = "close-panel";
      close.onclick = () => { this.panel = null; this.render(); };
      const bottom = el("div", "panel-actions");
      bottom.append(close, this.panelTimer());
      box.append(bottom);
    } else if (this.panel && this.mySeat !== null) {
      const next = el("button", "button primary big", this.panel.ready ? t("panel.waiting") : t("panel.next"));
      next.id = "next-hand";
      next.disabled = this.panel.ready || !this.panel.summary;
      next.onclick = () => this.ready();
      const bottom = el("div", "panel-actions");
      bottom.append(next, this.panelTimer());
      box.append(bottom);
    }
    return shade;
  }

  /** The countdown to the next deal on the end-of-hand panel (filled by tick()). */
  panelTimer() {
    const node = el("div", "panel-timer muted");
    node.id = "panel-timer";
    node.setAttribute("aria-live", "polite");
    return node;
  }
}
