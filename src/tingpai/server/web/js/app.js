// The client's entry point: header, language switch and the hash router.
//   #/                 lobby          #/table/ID      a live table (seat or watch)
//   #/replay/ID[/N]    replay viewer  #/leaderboard[/RULES], #/profile/NAME, #/account
import { api } from "./api.js";
import { t, lang, setLanguage } from "./i18n.js";
import { lobbyPage } from "./lobby.js";
import { LiveTable } from "./table.js";
import { ReplayViewer } from "./replay.js";
import { leaderboardPage, profilePage, accountPage } from "./pages.js";
import { el, toast } from "./ui.js";

let current = null;
let me = null;

async function refreshAccount() {
  try {
    me = (await api.get("/api/me")).account;
  } catch {
    me = null;
  }
  header();
}

function header() {
  const nav = document.getElementById("nav");
  nav.replaceChildren();
  const link = (href, key) => {
    const a = el("a", "", t(key));
    a.href = href;
    a.dataset.nav = href;
    if (location.hash.startsWith(href) && (href !== "#/" || location.hash === "#/" || location.hash === "")) a.className = "on";
    nav.append(a);
  };
  link("#/", "nav.lobby");
  link("#/leaderboard", "nav.leaderboard");
  const account = document.getElementById("account");
  account.replaceChildren();
  const a = el("a", "account-link", me ? me.name : t("nav.signin"));
  a.href = me ? `#/profile/${encodeURIComponent(me.name)}` : "#/account";
  account.append(a);
  if (me) {
    // Signs out at once (it used to only open the account page, still signed in).
    const out = el("a", "muted", t("nav.signout"));
    out.href = "#/account";
    out.id = "signout";
    out.onclick = async (ev) => {
      ev.preventDefault();
      try {
        await api.del("/api/session");
      } catch (err) {
        toast(err.message, "error");
      }
      await refreshAccount();
      if (location.hash === "#/account") route();
      else location.hash = "#/account";
    };
    account.append(out);
  }
  document.querySelectorAll("[data-i18n]").forEach((n) => { n.textContent = t(n.dataset.i18n); });
}

async function route() {
  if (current && current.stop) current.stop();
  current = null;
  const main = document.getElementById("main");
  // A link cut short may hold a broken escape ("%E5%BC"): kept as written, the page it
  // names says what it cannot find (decodeURIComponent throws on it: no page at all).
  const decode = (part) => { try { return decodeURIComponent(part); } catch { return part; } };
  const parts = (location.hash.replace(/^#\/?/, "") || "").split("/").map(decode);
  header();
  document.body.dataset.page = parts[0] || "lobby";
  // Each visit draws into a box of its own: a page still loading when the player has
  // moved on (a tap on "Leaderboard" while the lobby waits for the server) draws into its
  // box, no longer on screen, instead of over the page the player went to.
  const view = el("div", "view");
  main.replaceChildren(view);
  try {
    if (parts[0] === "table" && parts[1]) {
      current = new LiveTable(view, parts[1]);
      await current.start();
    } else if (parts[0] === "replay" && parts[1]) {
      current = new ReplayViewer(view, parts[1], Number(parts[2] || 0));
      await current.start();
    } else if (parts[0] === "leaderboard") {
      await leaderboardPage(view, parts[1]);
    } else if (parts[0] === "profile" && parts[1]) {
      await profilePage(view, parts[1]);
    } else if (parts[0] === "account") {
      await accountPage(view, refreshAccount);
    } else {
      await lobbyPage(view);
    }
  } catch (err) {
    view.replaceChildren(el("p", "error", t("error.generic", { error: err.message })));
  }
}

const select = document.getElementById("lang");
select.value = lang;
select.addEventListener("change", () => setLanguage(select.value));
window.addEventListener("languagechange", () => {
  if (current && current.render && (current.view || current.data)) {
    header();
    current.render();
  } else route();
});
window.addEventListener("hashchange", route);
refreshAccount();
route();
