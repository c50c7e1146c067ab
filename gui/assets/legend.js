// @ts-check
// The legend of the game's pieces (from the spec the server sent) and a
// piece's diagram: the piece alone on the board with the squares it
// reaches, first legs marked like destinations, later legs ringed.

import { el, page, send } from "./state.js";
import { drawBoards } from "./board.js";
import { pieceName, pieceSvg } from "./pieces.js";

/** @typedef {import("./state.js").Position} Position */

/** Lists the game's pieces, once per game. */
export function renderLegend() {
  const spec = page.spec;
  if (!spec) return;
  const legend = el("legend");
  if (legend.dataset.variant === spec.id) return;
  legend.dataset.variant = spec.id;
  legend.replaceChildren();
  el("diagram").hidden = true;
  for (const piece of spec.pieces) {
    const li = document.createElement("li");
    li.dataset.legend = piece.letter;
    li.title = piece.betza ? `Show its moves on an empty board (Betza: ${piece.betza})` : "Show its moves on an empty board";
    li.innerHTML = `${pieceSvg(piece.letter)} <span></span>`;
    /** @type {HTMLElement} */ (li.querySelector("span")).textContent = `${piece.letter}: ${piece.name}`;
    li.onclick = () => send({ t: "piece", letter: piece.letter });
    legend.appendChild(li);
  }
}

/**
 * @param {{letter: string, square: string, position: Position, first: string[], later: string[], captures: string[]}} m
 */
export function renderDiagram(m) {
  const spec = page.spec;
  if (!spec) return;
  const box = el("diagram");
  box.hidden = false;
  const takes = m.captures.length > 0 ? `, takes on ${m.captures.length} more (ringed red)` : "";
  el("diagram-title").textContent = `${pieceName(m.letter)} (${m.letter}) from ${m.square}: ${m.first.length} squares${takes}`;
  const area = el("diagram-boards");
  const size = spec.files > 10 ? 18 : spec.boards.length > 1 ? 22 : 30;
  drawBoards(area, m.position.cells, size, null);
  box.dataset.letter = m.letter;
  box.dataset.count = String(m.first.length);
  for (const [list, cls] of /** @type {[string[], string][]} */ ([[m.first, "dest"], [m.later, "later"], [m.captures, "capture"]])) {
    for (const sq of list) {
      const c = area.querySelector(`[data-diagram-square="${sq}"]`);
      if (c) c.classList.add(cls);
    }
  }
  const from = area.querySelector(`[data-diagram-square="${m.square}"]`);
  if (from) from.classList.add("sel");
  // Below the legend, often under the window's edge: bring it into view.
  box.scrollIntoView({ block: "nearest" });
}
