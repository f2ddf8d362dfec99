// Small DOM helpers shared by the pages.

export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

let toastTimer = null;

/** A short message at the bottom of the screen. */
export function toast(text, kind = "info") {
  const node = document.getElementById("toast");
  if (!node) return;
  node.textContent = text;
  node.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.className = ""; }, kind === "error" ? 5000 : 2500);
}

/** Copy text to the clipboard; false when the browser refuses (the caller shows it). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}
