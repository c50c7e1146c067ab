// @ts-check
// The deck checker (`#deck`), a view of its own: a deck list in, the
// server's findings out, errors and warnings apart, in line order, with
// the players' house rules (waivers and bans).

import { el, send } from "./state.js";
import { upload } from "./replay.js";

/**
 * @typedef {{rule: string, line: number|null, severity: string, message: string}} Finding
 * @param {{legal: boolean, errors: number, warnings: number, findings: Finding[]}} m
 */
export function renderDeck(m) {
  const verdict = el("deck-verdict");
  verdict.textContent = `${m.legal ? "Legal" : "Illegal"}: ${m.errors} error${m.errors === 1 ? "" : "s"}, ${m.warnings} warning${m.warnings === 1 ? "" : "s"}`;
  verdict.className = m.legal ? "legal" : "illegal";
  const body = /** @type {HTMLElement} */ (el("deck-findings").querySelector("tbody"));
  body.replaceChildren(
    ...m.findings.map((f) => {
      const row = document.createElement("tr");
      row.className = f.severity;
      for (const text of [f.line === null ? "deck" : String(f.line), f.severity, f.rule, f.message]) {
        const cell = document.createElement("td");
        cell.textContent = text;
        row.appendChild(cell);
      }
      return row;
    }),
  );
}

/** The sample deck, into the list. @param {string} text */
export function gotSample(text) {
  /** @type {HTMLTextAreaElement} */ (el("deck-text")).value = text;
}

function check() {
  el("deck-message").textContent = "";
  /** @param {string} id */
  const value = (id) => /** @type {HTMLInputElement} */ (el(id)).value;
  send({
    t: "deck",
    text: value("deck-text"),
    waive_roles: /** @type {HTMLInputElement} */ (el("deck-waive-roles")).checked,
    waive: value("deck-waive").split(/[\s,]+/).filter((r) => r),
    banned: value("deck-banned").split("\n").map((n) => n.trim()).filter((n) => n),
  });
}

/** Wires the deck checker and shows it, alone, at `#deck`. */
export function wireDeck() {
  el("deck-check").onclick = check;
  el("deck-sample").onclick = () => send({ t: "decksample" });
  el("deck-file").onchange = async (e) => {
    const text = await upload(e);
    if (text !== null) /** @type {HTMLTextAreaElement} */ (el("deck-text")).value = text;
  };
  const showDeck = () => {
    const deck = location.hash === "#deck";
    el("deck").hidden = !deck;
    /** @type {HTMLElement} */ (document.querySelector("main")).hidden = deck;
  };
  window.addEventListener("hashchange", showDeck);
  showDeck();
}
