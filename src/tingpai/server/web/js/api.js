// HTTP helpers for the server's JSON API (docs/protocol.md) and the seat keys kept in this
// browser (a seat's token, stored per table in localStorage).
import { errorText } from "./i18n.js";

export class ApiError extends Error {
  // The message a player reads: the server's text in the page's language (errorText).
  constructor(status, message) {
    super(errorText(message));
    this.status = status;
    this.serverText = message;
  }
}

async function request(method, path, body) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { error: text };
  }
  if (!response.ok) {
    const message = (data && (data.error || data.detail)) || response.statusText;
    throw new ApiError(response.status, typeof message === "string" ? message : JSON.stringify(message));
  }
  return data;
}

export const api = {
  get: (path) => request("GET", path),
  post: (path, body) => request("POST", path, body ?? {}),
  del: (path) => request("DELETE", path),
};

const SEATS = "tingpai.seats";

/** The seat key this browser holds for a table: {seat, token} or null. */
export function seatKey(tableId) {
  try {
    return JSON.parse(localStorage.getItem(SEATS) || "{}")[tableId] || null;
  } catch {
    return null;
  }
}

export function saveSeatKey(tableId, seat, token) {
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem(SEATS) || "{}");
  } catch {
    all = {};
  }
  all[tableId] = { seat, token, saved: Date.now() };
  // Keep the newest 200 keys.
  const entries = Object.entries(all).sort((a, b) => (b[1].saved || 0) - (a[1].saved || 0));
  localStorage.setItem(SEATS, JSON.stringify(Object.fromEntries(entries.slice(0, 200))));
}

let rulesCache = null;

/** Every ruleset with its options and patterns (GET /api/rules), fetched once. */
export async function rulesets() {
  if (!rulesCache) rulesCache = await api.get("/api/rules");
  return rulesCache;
}

// A table settles in money (and the end panel shows it) when its ruleset has a stake option.
export function settlesInMoney(rules) {
  return Boolean(rules && rules.options.some((o) => o.name === "stake"));
}

export async function ruleset(id) {
  const all = await rulesets();
  return all.find((r) => r.id === id || (r.aliases || []).includes(id));
}
