// @ts-check
// The engine panel: the evaluation bar, the lines in the game's notation
// (as the server wrote them) and the best line's arrows.

import { el, page } from "./state.js";

/** @typedef {import("./state.js").Info} Info */

/** Shows the engine's lines and the node count. */
export function renderAnalysis() {
  const s = page.state;
  const best = page.lines.get(1);
  // Against the engine its thoughts stay its own: only that it thinks.
  const secret = s !== null && s.mode === "play";
  el("evalbar").hidden = page.lines.size === 0 || secret;
  const fill = el("evalfill");
  if (best) {
    const cp = best.mate !== null ? (best.mate > 0 ? 1000 : -1000) : best.cp || 0;
    const share = 50 + 50 * (2 / (1 + Math.exp(-cp / 250)) - 1);
    fill.style.height = `${share}%`;
  }
  const text = secret
    ? ""
    : [...page.lines.values()]
        .sort((a, b) => a.multipv - b.multipv)
        .map((l) => {
          const score = l.mate !== null ? `#${l.mate}` : `${((l.cp || 0) / 100).toFixed(2)}`;
          return `${l.multipv}. depth ${l.depth} ${score} ${l.san.slice(0, 10).join(" ")}`;
        })
        .join("\n");
  const nps = best && !secret ? ` ${(best.nps / 1000).toFixed(0)} kN/s` : "";
  const thinking = s !== null && s.thinking;
  el("lines").textContent = thinking ? `${page.lastNodes} nodes${nps}\n${text}` : text;
  drawArrows(secret ? [] : [...page.lines.values()]);
}

/** The board a square is on (its prefix), for games of several boards. @param {string} square */
function boardPrefix(square) {
  const spec = page.spec;
  if (!spec || spec.boards.length < 2) return "";
  return spec.boards.find((b) => b.prefix && square.startsWith(b.prefix))?.prefix || "";
}

/**
 * Each line's first move as arrows with heads (the best line strongest);
 * a move from one board to another rings its two squares instead of a
 * line across the boards between them.
 * @param {Info[]} lines
 */
function drawArrows(lines) {
  document.querySelectorAll("svg.arrow, .cell .hop").forEach((a) => a.remove());
  if (!page.state || !page.state.thinking) return;
  const sorted = [...lines].sort((a, b) => a.multipv - b.multipv);
  for (const line of sorted) {
    const opacity = line.multipv === 1 ? 0.75 : 0.35;
    for (const leg of line.arrows[0] || []) {
      if (!leg.from) continue;
      const a = document.querySelector(`[data-square="${leg.from}"]`);
      const b = document.querySelector(`[data-square="${leg.to}"]`);
      if (!a || !b) continue;
      if (boardPrefix(leg.from) !== boardPrefix(leg.to)) {
        for (const cell of [a, b]) {
          const ring = document.createElement("span");
          ring.className = "hop";
          ring.style.opacity = String(opacity);
          cell.appendChild(ring);
        }
        continue;
      }
      const ra = a.getBoundingClientRect();
      const rb = b.getBoundingClientRect();
      const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      svg.classList.add("arrow");
      svg.dataset.line = String(line.multipv);
      svg.setAttribute("style", `position:fixed;left:0;top:0;width:100vw;height:100vh;pointer-events:none`);
      const id = `head${line.multipv}`;
      const colour = `rgba(20,120,40,${opacity})`;
      // The line stops short of the square's centre, where the head ends.
      svg.innerHTML = `<defs><marker id="${id}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="${colour}"/></marker></defs><line x1="${ra.left + ra.width / 2}" y1="${ra.top + ra.height / 2}" x2="${rb.left + rb.width / 2}" y2="${rb.top + rb.height / 2}" stroke="${colour}" stroke-width="7" stroke-linecap="round" marker-end="url(#${id})"/>`;
      document.body.appendChild(svg);
    }
  }
}
