// @ts-check
// The deck checker (`#deck`): a deck list in, the server's findings out.

import { el, send } from "./state.js";
import { upload } from "./replay.js";

/** @param {any} m */
export function renderDeck(m) {
  const lines = m.findings.map((/** @type {any} */ f) => `${f.line ? `line ${f.line}` : "deck"}: ${f.severity} ${f.rule}: ${f.message}`);
  el("deck-report").textContent = `${m.legal ? "legal" : "illegal"} (${m.errors} errors, ${m.warnings} warnings)\n${lines.join("\n")}`;
}

/** Wires the deck checker and shows it at `#deck`. */
export function wireDeck() {
  el("deck-check").onclick = () => send({ t: "deck", text: /** @type {HTMLTextAreaElement} */ (el("deck-text")).value });
  el("deck-file").onchange = async (e) => {
    const text = await upload(e);
    if (text !== null) /** @type {HTMLTextAreaElement} */ (el("deck-text")).value = text;
  };
  const showDeck = () => {
    el("deck").hidden = location.hash !== "#deck";
  };
  window.addEventListener("hashchange", showDeck);
  showDeck();
}
