// The end-of-hand panel (winning hand, patterns in English / Chinese / pinyin with values,
// superseded ones, cap or limit, who paid whom and why, the scores) and the end-of-game
// standings.  The same panel serves the live table and the replay viewer.
import { t, patternName, patternSecond, windName, categoryName, patternDescription } from "./i18n.js";
import { tileEl, tileRow, meldEl, parseTiles } from "./tiles.js";

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** Who a seat is, for the panel: "East · Alice (you)". */
function who(ctx, seat, summary) {
  const wind = summary.seats[seat] ? summary.seats[seat].wind : null;
  const name = ctx.names[seat] || `#${seat}`;
  const you = seat === ctx.me ? ` (${t("table.you")})` : "";
  return (wind ? `${windName(wind)} · ` : "") + name + you;
}

function winnerBlock(ctx, summary, w) {
  const block = el("div", "winner");
  const how = t(`panel.win.${w.win}`, { who: w.from !== null ? who(ctx, w.from, summary) : "" });
  const title = el("h3", "winner-title");
  title.append(el("span", "winner-name", t("panel.wins", { who: who(ctx, w.seat, summary) })));
  title.append(el("span", "winner-how", how));
  block.append(title);

  const hand = el("div", "winning-hand");
  hand.append(tileRow(w.hand));
  for (const meld of w.melds) hand.append(meldEl(meld));
  if (w.tile) {
    const win = tileEl(w.tile, { cls: "winning" });
    win.title = `${t("panel.winning_tile")}: ${win.title}`;
    hand.append(win);
  }
  block.append(hand);
  if (w.flowers) {
    const f = el("div", "winner-flowers");
    f.append(el("span", "label", t("panel.flowers")));
    f.append(tileRow(w.flowers, { cls: "small" }));
    block.append(f);
  }

  const unit = t(`panel.unit.${w.unit}`);
  const table = el("table", "patterns");
  const head = el("tr");
  head.append(el("th", "", t("panel.pattern")), el("th", "pinyin-col", ""), el("th", "num", t("panel.value")));
  table.append(head);
  for (const p of [...w.patterns, ...w.bonuses]) {
    const row = el("tr", p.limit ? "limit" : "");
    row.dataset.pattern = p.id;
    const name = el("td", "pattern-name");
    name.append(el("span", "pattern-main", patternName(p) + (p.count > 1 ? ` ×${p.count}` : "")));
    name.append(el("span", "pattern-second", patternSecond(p)));
    row.append(name);
    row.append(el("td", "pinyin", p.pinyin || ""));
    row.append(el("td", "num", `${p.value}`));
    table.append(row);
  }
  for (const s of w.superseded) {
    const row = el("tr", "superseded");
    const name = el("td", "pattern-name");
    const shown = { name: s.name, chinese: s.chinese || "" };
    // Each superseded count (three Value Triplets under Big Three Dragons) is shown as
    // a counted pattern shows it.
    name.append(el("span", "pattern-main", patternName(shown) + (s.count > 1 ? ` ×${s.count}` : "")));
    const by = { name: s.by_name || s.by, chinese: s.by_chinese || "" };
    name.append(el("span", "pattern-second", t("panel.superseded_by", { by: patternName(by) })));
    row.append(name, el("td", "pinyin", s.pinyin || ""), el("td", "num", t("panel.superseded")));
    table.append(row);
  }
  const total = el("tr", "total");
  const notes = [];
  if (w.limit) notes.push(t("panel.limit"));
  if (w.capped) notes.push(t("panel.capped", { cap: w.cap, subtotal: w.subtotal }));
  total.append(el("td", "", t("panel.total") + (notes.length ? ` (${notes.join("; ")})` : "")),
    el("td", ""), el("td", "num", `${w.total} ${unit}`));
  table.append(total);
  block.append(table);
  return block;
}

/** When one loser pays a win "for the table" (Hu: the discarder pays the hand's total
 * times 3 / 2.5 / 2), the total and the factor, read from the result: the payment over the
 * winner's total.  Null when the payment is the total itself, or the winner's unit is fan
 * (amounts come from a fan table, not a product). */
export function paysForTable(summary, payment) {
  if (payment.why !== "discarder" && payment.why !== "robbing_kong") return null;
  const w = summary.winners.find((x) => x.seat === payment.to);
  if (!w || w.unit !== "points" || !(w.total > 0) || payment.amount === w.total) return null;
  const k = Math.round((payment.amount / w.total) * 100) / 100;
  // The engine rounds a fractional product up to a whole point.
  if (Math.abs(Math.ceil(w.total * k) - payment.amount) > 0) return null;
  return { total: w.total, k };
}

function paymentsBlock(ctx, summary) {
  const block = el("div", "payments");
  block.append(el("h4", "", t("panel.payments")));
  const list = el("ul");
  for (const p of summary.payments) {
    const item = el("li", p.from === ctx.me ? "mine-out" : p.to === ctx.me ? "mine-in" : "");
    item.dataset.why = p.why;
    item.dataset.from = String(p.from);
    item.dataset.to = String(p.to);
    item.dataset.amount = String(p.amount);
    item.append(el("span", "", t("panel.pays", { from: who(ctx, p.from, summary), to: who(ctx, p.to, summary), amount: p.amount })));
    const why = el("span", "why", t(`panel.why.${p.why}`));
    const times = paysForTable(summary, p);
    if (times) {
      why.append(el("span", "why-times", ` · ${t("panel.times", { total: times.total, k: times.k })} (${t(`panel.for_table.${p.why}`)})`));
      item.dataset.multiplier = String(times.k);
    }
    item.append(why);
    list.append(item);
  }
  for (const seat of summary.penalties || []) {
    list.append(el("li", "", `${who(ctx, seat, summary)}: ${t("panel.why.penalty")}`));
  }
  if (!list.children.length) list.append(el("li", "none", t("panel.no_payment")));
  block.append(list);
  return block;
}

function scoresBlock(ctx, summary) {
  const table = el("table", "scores");
  const head = el("tr");
  head.append(el("th", "", t("panel.player")), el("th", "num", t("panel.before")),
    el("th", "num", t("panel.change")), el("th", "num", t("panel.after")));
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  table.append(thead, body);
  summary.scores.forEach((after, seat) => {
    const before = summary.scores_before[seat];
    const row = el("tr", seat === ctx.me ? "me" : "");
    row.append(el("td", "", who(ctx, seat, summary)));
    row.append(el("td", "num", String(before)));
    const delta = after - before;
    row.append(el("td", "num delta " + (delta > 0 ? "up" : delta < 0 ? "down" : ""), signed(delta)));
    row.append(el("td", "num total", String(after)));
    body.append(row);
  });
  return table;
}

function drawBlock(ctx, summary) {
  const block = el("div", "draw");
  block.append(el("h3", "", t("panel.draw")));
  const list = el("div", "draw-hands");
  summary.seats.forEach((s, seat) => {
    const line = el("div", "draw-hand");
    line.append(el("span", "draw-who", who(ctx, seat, summary)));
    if (summary.ready) {
      line.append(el("span", summary.ready[seat] ? "ready yes" : "ready no",
        summary.ready[seat] ? t("panel.ready") : t("panel.not_ready")));
    }
    if (s.hand) line.append(tileRow(s.hand, { cls: "small" }));
    for (const meld of s.melds) line.append(meldEl(meld, { cls: "small" }));
    list.append(line);
  });
  block.append(list);
  return block;
}

/** The end-of-hand panel as an element; ctx: {names, me, handNumber, revealAll}. */
export function handPanel(ctx, summary) {
  const panel = el("div", "hand-panel");
  panel.append(el("h2", "", t("panel.title", { n: (summary.hand ?? 0) + 1 })));
  if (!summary.winners.length) panel.append(drawBlock(ctx, summary));
  for (const w of summary.winners) panel.append(winnerBlock(ctx, summary, w));
  if (summary.winners.length && ctx.revealAll) {
    const others = el("details", "other-hands");
    others.append(el("summary", "", t("panel.hands")));
    summary.seats.forEach((s, seat) => {
      if (!s.hand || summary.winners.some((w) => w.seat === seat)) return;
      const line = el("div", "draw-hand");
      line.append(el("span", "draw-who", who(ctx, seat, summary)));
      line.append(tileRow(s.hand, { cls: "small" }));
      for (const meld of s.melds) line.append(meldEl(meld, { cls: "small" }));
      others.append(line);
    });
    panel.append(others);
  }
  const bottom = el("div", "panel-bottom");
  bottom.append(paymentsBlock(ctx, summary));
  const sc = el("div", "panel-scores");
  sc.append(el("h4", "", t("panel.scores")));
  sc.append(scoresBlock(ctx, summary));
  bottom.append(sc);
  panel.append(bottom);
  return panel;
}

/** The end-of-game standings; game: {scores, net, money, ratings, record, replay}. */
export function gamePanel(ctx, game) {
  const panel = el("div", "game-panel");
  panel.append(el("h2", "", t("end.title")));
  const order = game.scores.map((s, seat) => seat).sort((a, b) => game.scores[b] - game.scores[a] || a - b);
  const table = el("table", "standings");
  const head = el("tr");
  head.append(el("th", "num", t("end.place")), el("th", "", t("end.player")), el("th", "num", t("end.score")),
    el("th", "num", t("end.net")));
  if (game.showMoney) head.append(el("th", "num", t("end.money")));
  head.append(el("th", "num", t("end.rating")));
  table.append(head);
  order.forEach((seat, place) => {
    const row = el("tr", seat === ctx.me ? "me" : "");
    row.dataset.seat = String(seat);
    row.append(el("td", "num place", String(place + 1)));
    row.append(el("td", "", (ctx.names[seat] || `#${seat}`) + (seat === ctx.me ? ` (${t("table.you")})` : "")));
    row.append(el("td", "num", String(game.scores[seat])));
    row.append(el("td", "num", signed(game.net ? game.net[seat] : game.scores[seat])));
    if (game.showMoney) row.append(el("td", "num", signed(game.money ? game.money[seat] : 0)));
    const rating = (game.ratings || []).find((r) => r.seat === seat);
    row.append(el("td", "num", rating ? `${rating.before.toFixed(1)} → ${rating.after.toFixed(1)}` : "–"));
    table.append(row);
  });
  panel.append(table);
  const links = el("div", "panel-links");
  if (game.replay) {
    const a = el("a", "button primary", t("end.replay"));
    a.href = game.replay;
    a.id = "replay-link";
    links.append(a);
  }
  if (game.record) {
    const a = el("a", "button", t("end.record"));
    a.href = game.record;
    links.append(a);
  }
  const lobby = el("a", "button", t("end.lobby"));
  lobby.href = "#/";
  links.append(lobby);
  panel.append(links);
  return panel;
}

/** Every pattern of a ruleset (name, Chinese, pinyin, value, what it needs), by category:
 * the table's rules at a glance for a newcomer.  One heading per category, in order of
 * first appearance, even when a host's ruleset lists a category's patterns apart. */
export function patternsList(rules) {
  const box = el("div", "patterns-list");
  const unit = t(`panel.unit.${rules.unit || "points"}`);
  const tables = new Map();
  for (const p of rules.patterns) {
    let table = tables.get(p.category);
    if (!table) {
      const head = el("h4", "pattern-category", categoryName(p.category));
      head.dataset.category = p.category;
      table = el("table", "patterns");
      box.append(head, table);
      tables.set(p.category, table);
    }
    const row = el("tr", p.limit ? "limit" : "");
    const name = el("td", "pattern-name");
    name.append(el("span", "pattern-main", patternName(p)));
    name.append(el("span", "pattern-second", patternSecond(p)));
    row.append(name, el("td", "pinyin", p.pinyin || ""), el("td", "pattern-needs", patternDescription(p)),
      el("td", "num", p.limit ? t("panel.limit") : `${p.value} ${unit}`));
    table.append(row);
  }
  return box;
}
