// The lobby: a new table (ruleset with its description and options, seats, timer, game
// length) and the tables to join, watch or replay.
import { api, rulesets, saveSeatKey, seatKey } from "./api.js";
import { t, rulesetName, rulesetDescription, botLevelName, optionLabel, optionDoc, dateText } from "./i18n.js";
import { el, toast } from "./ui.js";
import { seatName } from "./table.js";
import { patternsList } from "./panel.js";

const HIDDEN_OPTIONS = new Set(["rounds"]); // set by the game length choice

// A language switch draws the lobby again: the new-table form as the player left it (every
// field, in order, and which boxes are open) is put back into the form drawn in the new
// language.  (It used to come back at its defaults: seats, timer and options lost.)
let draft = null;

function formState(form) {
  return {
    rules: (form.querySelector("input[name=rules]:checked") || {}).value,
    fields: [...form.querySelectorAll("input, select")].map((n) => (n.type === "checkbox" || n.type === "radio" ? n.checked : n.value)),
    open: [...form.querySelectorAll("details")].map((d) => d.open),
  };
}

function restoreForm(form, state) {
  const fields = [...form.querySelectorAll("input, select")];
  const boxes = [...form.querySelectorAll("details")];
  if (fields.length !== state.fields.length || boxes.length !== state.open.length) return;
  fields.forEach((n, i) => {
    if (n.type === "checkbox" || n.type === "radio") n.checked = state.fields[i];
    else n.value = state.fields[i];
  });
  boxes.forEach((d, i) => { d.open = state.open[i]; });
}

window.addEventListener("languagechange", () => {
  const form = document.getElementById("new-table");
  draft = form ? formState(form) : null;
});

function choices(allowed) {
  // "all, head_bump" -> ["all", "head_bump"]; words with spaces are descriptions, not values.
  return allowed.split(",").map((s) => s.trim()).filter((s) => s && !s.includes(" "));
}

/** An option's default as a player reads it: on/off, a list, "–" for none (not JSON). */
function defaultText(value) {
  if (value === true) return t("lobby.on");
  if (value === false) return t("lobby.off");
  if (value === null) return "–";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

function optionInput(option) {
  const allowed = option.allowed || "";
  const wrap = el("label", "option");
  // The label and explanation in the page's language; the tooltip keeps the option's id
  // (what `tingpai` commands, option files and RULES.md call it) and the data's own text.
  wrap.title = `${option.name}: ${option.doc || ""}`;
  const name = el("span", "option-name", optionLabel(option.name));
  const doc = el("span", "option-doc", optionDoc(option));
  let input;
  if (Array.isArray(option.default) || allowed.startsWith("list of ")) {
    // A set of words (e.g. the winning forms): one checkbox each.
    input = el("span", "option-set");
    input.dataset.list = "1";
    for (const word of choices(allowed.replace(/^list of /, ""))) {
      const l = el("label", "checkbox");
      const box = el("input");
      box.type = "checkbox";
      box.value = word;
      box.checked = (option.default || []).includes(word);
      l.append(box, document.createTextNode(" " + word));
      input.append(l);
    }
  } else if (allowed === "true, false") {
    input = el("input");
    input.type = "checkbox";
    input.checked = option.default === true;
    wrap.classList.add("checkbox");
  } else if (/^integer|number/.test(allowed) && (typeof option.default === "number" || option.default === null)) {
    input = el("input");
    input.type = "number";
    input.value = option.default === null ? "" : String(option.default);
    input.placeholder = option.default === null ? "–" : "";
  } else if (choices(allowed).length > 1) {
    input = el("select");
    for (const value of choices(allowed)) {
      const opt = el("option", "", value);
      opt.value = value;
      if (value === option.default) opt.selected = true;
      input.append(opt);
    }
  } else {
    input = el("input");
    input.value = option.default === null ? "" : String(option.default);
  }
  input.name = option.name;
  input.dataset.default = JSON.stringify(option.default);
  const def = el("span", "option-default", `${t("lobby.default")}: ${defaultText(option.default)}`);
  wrap.append(name, input, def, doc);
  return wrap;
}

function readOption(input) {
  const def = JSON.parse(input.dataset.default);
  let value;
  if (input.dataset.list) value = [...input.querySelectorAll("input:checked")].map((b) => b.value);
  else if (input.type === "checkbox") value = input.checked;
  else if (input.type === "number") value = input.value === "" ? null : Number(input.value);
  else if (typeof def === "number" && input.value.trim() !== "" && !Number.isNaN(Number(input.value))) value = Number(input.value);
  else value = input.value;
  return JSON.stringify(value) === JSON.stringify(def) ? undefined : value;
}

export async function lobbyPage(root) {
  root.replaceChildren(el("p", "loading", "…"));
  let rules, bots;
  try {
    [rules, bots] = await Promise.all([rulesets(), api.get("/api/bots")]);
  } catch (err) {
    root.replaceChildren(el("p", "error", t("error.generic", { error: err.message })));
    return;
  }
  const page = el("div", "lobby");
  const form = el("form", "new-table card");
  form.id = "new-table";
  form.append(el("h2", "", t("lobby.title")));
  form.append(el("p", "intro", t("lobby.intro")));

  const rulesRow = el("div", "rules-pick");
  const saved = localStorage.getItem("tingpai.rules");
  for (const r of rules) {
    const label = el("label", "rules-option");
    const radio = el("input");
    radio.type = "radio";
    radio.name = "rules";
    radio.value = r.id;
    radio.checked = saved ? saved === r.id : r.id === rules[0].id;
    const text = el("span", "rules-text");
    text.append(el("strong", "", rulesetName(r)));
    text.append(el("span", "rules-id", ` ${r.id} · ${t("lobby.players", { n: r.players })}`));
    text.append(el("span", "rules-desc", rulesetDescription(r)));
    label.append(radio, text);
    rulesRow.append(label);
  }
  const rulesField = el("fieldset", "field");
  rulesField.append(el("legend", "", t("lobby.ruleset")), rulesRow);
  form.append(rulesField);

  const seatsField = el("fieldset", "field seats-field");
  seatsField.append(el("legend", "", t("lobby.seats")));
  const seatsBox = el("div", "seats");
  seatsField.append(seatsBox);
  seatsField.append(el("p", "muted small", t("lobby.bot_levels", { levels: bots.map(botLevelName).join(", ") })));
  form.append(seatsField);

  const timeRow = el("div", "row");
  const timerLabel = el("label", "field inline");
  timerLabel.append(el("span", "", t("lobby.timer")));
  const timer = el("select");
  timer.name = "timer";
  for (const value of ["", "10", "20", "30", "60"]) {
    const opt = el("option", "", value ? t("lobby.seconds", { n: value }) : t("lobby.timer_none"));
    opt.value = value;
    timer.append(opt);
  }
  timerLabel.append(timer);
  const lengthLabel = el("div", "field inline length");
  lengthLabel.append(el("span", "", t("lobby.length")));
  for (const [value, key] of [["full", "lobby.length_full"], ["round", "lobby.length_round"]]) {
    const l = el("label", "radio");
    const r = el("input");
    r.type = "radio";
    r.name = "length";
    r.value = value;
    r.checked = value === "full";
    l.append(r, document.createTextNode(" " + t(key)));
    lengthLabel.append(l);
  }
  timeRow.append(timerLabel, lengthLabel);
  form.append(timeRow);

  const nameRow = el("div", "row");
  const nameLabel = el("label", "field inline");
  nameLabel.append(el("span", "", t("lobby.name")));
  const nameInput = el("input");
  nameInput.name = "name";
  nameInput.maxLength = 24; // the server's rule: 1-24 printable characters
  nameInput.placeholder = t("lobby.name_placeholder");
  nameInput.value = localStorage.getItem("tingpai.name") || "";
  // Saved as typed: taking a seat from the table list or an invite link offers it again.
  nameInput.addEventListener("change", () => {
    const name = nameInput.value.trim();
    if (name) localStorage.setItem("tingpai.name", name);
  });
  nameLabel.append(nameInput);
  const privLabel = el("label", "field inline checkbox");
  const priv = el("input");
  priv.type = "checkbox";
  priv.name = "private";
  privLabel.append(priv, document.createTextNode(" " + t("lobby.private")));
  nameRow.append(nameLabel, privLabel);
  form.append(nameRow);

  const optionsBox = el("details", "options");
  form.append(optionsBox);
  const patternsBox = el("details", "options patterns-box");
  form.append(patternsBox);

  const start = el("button", "button primary big", t("lobby.start"));
  start.type = "submit";
  start.id = "start";
  form.append(start);

  const current = () => rules.find((r) => r.id === form.querySelector("input[name=rules]:checked").value);

  function fillRules() {
    const r = current();
    seatsBox.replaceChildren();
    for (let seat = 0; seat < r.players; seat++) {
      const row = el("label", "seat-row");
      row.append(el("span", "seat-no", `${seat + 1}`));
      if (seat === 0) {
        row.append(el("span", "seat-you", t("lobby.seat_you")));
      } else {
        const select = el("select");
        select.name = `seat${seat}`;
        for (const level of bots) {
          const opt = el("option", "", t("lobby.seat_bot", { level: botLevelName(level) }));
          opt.value = `bot:${level}`;
          select.append(opt);
        }
        const open = el("option", "", t("lobby.seat_open"));
        open.value = "human";
        select.append(open);
        select.value = `bot:${bots[bots.length - 1]}`;
        row.append(select);
      }
      seatsBox.append(row);
    }
    optionsBox.replaceChildren(el("summary", "", t("lobby.options")));
    optionsBox.append(el("p", "muted small", t("lobby.options_note")));
    const grid = el("div", "option-grid");
    for (const option of r.options) if (!HIDDEN_OPTIONS.has(option.name)) grid.append(optionInput(option));
    optionsBox.append(grid);
    patternsBox.replaceChildren(el("summary", "", t("lobby.patterns")), patternsList(r));
  }
  form.addEventListener("change", (ev) => {
    if (ev.target.name === "rules") {
      localStorage.setItem("tingpai.rules", ev.target.value);
      fillRules();
    }
  });
  fillRules();
  if (draft && draft.rules === current().id) restoreForm(form, draft);
  draft = null;

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const r = current();
    const options = {};
    for (const input of optionsBox.querySelectorAll(".option > input, .option > select, .option > .option-set")) {
      const value = readOption(input);
      if (value !== undefined) options[input.name] = value;
    }
    if (form.querySelector("input[name=length]:checked").value === "round") options.rounds = 1;
    const seats = ["human"];
    for (let seat = 1; seat < r.players; seat++) seats.push(form.querySelector(`select[name=seat${seat}]`).value);
    const body = { rules: r.id, options, seats, timer: timer.value ? Number(timer.value) : null, private: priv.checked };
    const name = nameInput.value.trim();
    if (name) {
      body.name = name;
      localStorage.setItem("tingpai.name", name);
    }
    start.disabled = true;
    try {
      const made = await api.post("/api/tables", body);
      saveSeatKey(made.table, made.seat, made.token);
      location.hash = `#/table/${made.table}`;
    } catch (err) {
      toast(err.message, "error");
      start.disabled = false;
    }
  });

  const tablesCard = el("section", "tables card");
  tablesCard.append(el("h2", "", t("lobby.tables")));
  const tablesList = el("div", "table-list");
  tablesCard.append(tablesList);
  tablesCard.append(el("h2", "", t("lobby.finished")));
  const finishedList = el("div", "table-list finished");
  tablesCard.append(finishedList);

  page.append(form, tablesCard);
  root.replaceChildren(page);

  const [active, finished] = await Promise.all([
    api.get("/api/tables?status=active").catch(() => []),
    api.get("/api/tables?status=finished").catch(() => []),
  ]);
  if (!active.length) tablesList.append(el("p", "muted", t("lobby.no_tables")));
  for (const table of active) tablesList.append(tableItem(table, rules));
  showFinished(finishedList, finished, rules);
}

const FINISHED_SHOWN = 20;
/** The newest finished games first: FINISHED_SHOWN of them, and a button that shows the
 * others the server keeps (its last 100). */
function showFinished(list, finished, rules) {
  if (!finished.length) {
    list.append(el("p", "muted", t("lobby.no_finished")));
    return;
  }
  for (const table of finished.slice(0, FINISHED_SHOWN)) list.append(finishedItem(table, rules));
  const rest = finished.slice(FINISHED_SHOWN);
  if (!rest.length) return;
  const more = el("button", "button small more-finished", t("lobby.more_finished", { n: rest.length }));
  more.type = "button";
  more.addEventListener("click", () => {
    more.replaceWith(...rest.map((table) => finishedItem(table, rules)));
  });
  list.append(more);
}

function tableItem(table, rules) {
  const r = rules.find((x) => x.id === table.rules);
  const item = el("div", "table-item");
  item.dataset.table = table.id;
  const head = el("div", "table-item-head");
  head.append(el("strong", "", r ? rulesetName(r) : table.ruleset_name || table.rules));
  head.append(el("span", "muted", ` · ${t(`lobby.status.${table.status}`)}` + (table.hand ? ` · ${t("lobby.hand_n", { n: table.hand })}` : "")));
  item.append(head);
  const seats = el("div", "table-item-seats");
  table.seats.forEach((s, i) => seats.append(el("span", s.open ? "seat-chip open" : "seat-chip", seatName(s, i))));
  item.append(seats);
  const actions = el("div", "table-item-actions");
  // A table this browser holds a seat at opens as that seat: say so ("Watch" read as if
  // the player had lost the seat).
  const mine = seatKey(table.id);
  const held = mine && mine.seat !== null && mine.seat !== undefined && !(table.open_seats || []).includes(mine.seat);
  const watch = el("a", held ? "button small primary resume" : "button small",
    held ? t("lobby.resume", { seat: mine.seat + 1 }) : t("lobby.watch"));
  watch.href = `#/table/${table.id}`;
  actions.append(watch);
  // One browser, one seat at a table: a second seat would replace the key to the first.
  for (const seat of held ? [] : table.open_seats || []) {
    const join = el("button", "button small primary", t("lobby.join", { seat: seat + 1 }));
    join.onclick = async () => {
      try {
        const name = localStorage.getItem("tingpai.name");
        const data = await api.post(`/api/tables/${table.id}/seats/${seat}`, name ? { name } : {});
        saveSeatKey(table.id, data.seat, data.token);
        location.hash = `#/table/${table.id}`;
      } catch (err) {
        toast(err.message, "error");
      }
    };
    actions.append(join);
  }
  item.append(actions);
  return item;
}

function finishedItem(table, rules) {
  const item = el("div", "table-item");
  const r = rules.find((x) => x.id === table.rules);
  const head = el("div", "table-item-head");
  head.append(el("strong", "", r ? rulesetName(r) : table.rules));
  const when = dateText(table.finished_at);
  if (when) head.append(el("span", "muted finished-at", ` · ${when}`));
  item.append(head);
  // Who played, each with the final score (the scores alone did not say whose game it was).
  const seats = el("div", "table-item-seats");
  const scores = table.final_scores || [];
  if (table.seats && table.seats.length) {
    for (const s of table.seats) {
      const score = scores[s.seat];
      seats.append(el("span", "seat-chip", score === undefined ? seatName(s, s.seat) : `${seatName(s, s.seat)} · ${score}`));
    }
  } else if (scores.length) {
    seats.append(el("span", "muted", scores.join(" / ")));
  }
  item.append(seats);
  const actions = el("div", "table-item-actions");
  const replay = el("a", "button small", t("lobby.replay"));
  replay.href = `#/replay/${table.id}`;
  actions.append(replay);
  item.append(actions);
  return item;
}
