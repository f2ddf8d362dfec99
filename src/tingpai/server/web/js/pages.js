// Leaderboard, profile and account pages.
import { api, rulesets } from "./api.js";
import { t, rulesetName, botLevelName, dateText } from "./i18n.js";
import { el, toast } from "./ui.js";

export async function leaderboardPage(root, rulesId) {
  const rules = await rulesets();
  const asked = rulesId || localStorage.getItem("tingpai.rules") || rules[0].id;
  // An alias (#/leaderboard/hu) shows the board of the ruleset it names, its tab marked.
  const named = rules.find((r) => r.id === asked || (r.aliases || []).includes(asked));
  const id = named ? named.id : asked;
  const page = el("div", "card board-page");
  page.append(el("h2", "", t("lb.title")));
  const tabs = el("div", "tabs");
  for (const r of rules) {
    const a = el("a", "tab" + (r.id === id ? " on" : ""), r.id);
    a.href = `#/leaderboard/${r.id}`;
    a.title = rulesetName(r);
    tabs.append(a);
  }
  page.append(tabs);
  const showBots = localStorage.getItem("tingpai.lb.bots") === "1";
  const botsLabel = el("label", "checkbox small");
  const bots = el("input");
  bots.type = "checkbox";
  bots.checked = showBots;
  bots.onchange = () => {
    localStorage.setItem("tingpai.lb.bots", bots.checked ? "1" : "0");
    leaderboardPage(root, id);
  };
  botsLabel.append(bots, document.createTextNode(" " + t("lb.bots")));
  page.append(botsLabel);
  root.replaceChildren(page);
  const data = await api.get(`/api/leaderboard?rules=${encodeURIComponent(id)}${showBots ? "&bots=true" : ""}`);
  if (!data.players.length) {
    page.append(el("p", "muted", t("lb.empty")));
    return;
  }
  const table = el("table", "leaderboard");
  const head = el("tr");
  head.append(el("th", "num", t("lb.rank")), el("th", "", t("lb.name")), el("th", "num", t("lb.rating")), el("th", "num", t("lb.games")));
  table.append(head);
  for (const p of data.players) {
    const row = el("tr", p.kind === "bot" ? "bot" : "");
    row.append(el("td", "num", String(p.rank)));
    const name = el("td");
    if (p.kind === "account") {
      const a = el("a", "", p.name);
      a.href = `#/profile/${encodeURIComponent(p.name)}`;
      name.append(a);
    } else name.textContent = `${t("bot")} · ${botLevelName(p.name)}`;
    row.append(name, el("td", "num", p.rating.toFixed(1)), el("td", "num", String(p.games)));
    table.append(row);
  }
  page.append(table);
}

export async function profilePage(root, name) {
  const page = el("div", "card profile-page");
  root.replaceChildren(page);
  let data;
  let all = [];
  try {
    [data, all] = await Promise.all([api.get(`/api/accounts/${encodeURIComponent(name)}`), rulesets()]);
  } catch (err) {
    page.append(el("p", "error", t("error.generic", { error: err.message })));
    return;
  }
  page.append(el("h2", "", t("profile.title", { name: data.account.name })));
  page.append(el("h3", "", t("profile.ratings")));
  const ratings = el("table", "ratings");
  for (const r of data.ratings) {
    const row = el("tr");
    const rules = el("td");
    const a = el("a", "", r.rules);
    a.href = `#/leaderboard/${r.rules}`;
    rules.append(a);
    row.append(rules, el("td", "num", r.rating.toFixed(1)), el("td", "num", t(r.games === 1 ? "profile.game_one" : "profile.games_n", { n: r.games })));
    ratings.append(row);
  }
  page.append(ratings);
  if (!data.ratings.length) page.append(el("p", "muted", t("profile.no_ratings")));
  // The tables the account sits at now (the server lists them): a way back to a game.
  if (data.tables && data.tables.length) {
    page.append(el("h3", "", t("profile.playing")));
    const live = el("ul", "games live-tables");
    for (const tb of data.tables) {
      const item = el("li");
      item.dataset.table = tb.table;
      const r = all.find((x) => x.id === tb.rules);
      item.append(el("strong", "", r ? rulesetName(r) : tb.rules));
      item.append(el("span", "muted", ` · ${t("profile.seat", { seat: tb.seat + 1 })} · ${t(`lobby.status.${tb.status}`)} `));
      const a = el("a", "button small primary", t("profile.open_table"));
      a.href = `#/table/${encodeURIComponent(tb.table)}`;
      item.append(a);
      live.append(item);
    }
    page.append(live);
  }
  page.append(el("h3", "", t("profile.games")));
  if (!data.games.length) page.append(el("p", "muted", t("profile.none")));
  const list = el("ul", "games");
  for (const g of data.games) {
    const item = el("li");
    const r = all.find((x) => x.id === g.rules);
    item.append(el("strong", "", r ? rulesetName(r) : g.rules));
    item.append(el("span", "", ` ${t("profile.rank", { n: g.rank })} · ${g.score} `));
    const when = dateText(g.finished_at);
    if (when) item.append(el("span", "muted finished-at", `${when} `));
    if (g.rating_before !== null && g.rating_after !== null) {
      item.append(el("span", "muted", t("profile.change", { before: g.rating_before.toFixed(1), after: g.rating_after.toFixed(1) }) + " "));
    }
    const a = el("a", "button small", t("lobby.replay"));
    a.href = `#/replay/${g.table}`;
    item.append(a);
    list.append(item);
  }
  page.append(list);
}

export async function accountPage(root, refresh) {
  const page = el("div", "card account-page");
  root.replaceChildren(page);
  const me = await api.get("/api/me");
  page.append(el("h2", "", t("account.title")));
  if (me.account) {
    page.append(el("p", "", t("account.signed_in", { name: me.account.name })));
    const out = el("button", "button", t("nav.signout"));
    out.onclick = async () => {
      await api.del("/api/session");
      await refresh();
      accountPage(root, refresh);
    };
    const profile = el("a", "button", t("nav.profile"));
    profile.href = `#/profile/${encodeURIComponent(me.account.name)}`;
    page.append(profile, out);
    return;
  }
  page.append(el("p", "muted", t("account.note")));
  const form = el("form", "account-form");
  const name = el("input");
  name.name = "name";
  name.autocomplete = "username";
  name.required = true;
  const password = el("input");
  password.name = "password";
  password.type = "password";
  password.autocomplete = "current-password";
  password.required = true;
  const l1 = el("label", "field");
  l1.append(el("span", "", t("account.name")), name);
  const l2 = el("label", "field");
  l2.append(el("span", "", t("account.password")), password);
  const signin = el("button", "button primary", t("account.signin"));
  signin.type = "submit";
  signin.id = "signin";
  const signup = el("button", "button", t("account.signup"));
  signup.type = "button";
  signup.id = "signup";
  const guest = el("a", "button", t("account.guest"));
  guest.href = "#/";
  form.append(l1, l2, signin, signup, guest);
  const submit = async (path) => {
    try {
      await api.post(path, { name: name.value.trim(), password: password.value });
      await refresh();
      location.hash = "#/";
    } catch (err) {
      toast(err.message, "error");
    }
  };
  form.onsubmit = (ev) => {
    ev.preventDefault();
    submit("/api/session");
  };
  signup.onclick = () => form.reportValidity() && submit("/api/accounts");
  page.append(form);
}
