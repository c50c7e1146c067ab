// @ts-check
// The engine panel: the evaluation bar, the lines in the game's notation
// (as the server wrote them) and the best line's arrows.

import { el, page } from "./state.js";

/** @typedef {import("./state.js").Info} Info */

/** Shows the engine's lines and the node count. */
export function renderAnalysis() {
  const best = page.lines.get(1);
  // The bar means something only while the engine reports.
  el("evalbar").hidden = page.lines.size === 0;
  const fill = el("evalfill");
  if (best) {
    const cp = best.mate !== null ? (best.mate > 0 ? 1000 : -1000) : best.cp || 0;
    const share = 50 + 50 * (2 / (1 + Math.exp(-cp / 250)) - 1);
    fill.style.height = `${share}%`;
  }
  const text = [...page.lines.values()]
    .sort((a, b) => a.multipv - b.multipv)
    .map((l) => {
      const score = l.mate !== null ? `#${l.mate}` : `${((l.cp || 0) / 100).toFixed(2)}`;
      return `${l.multipv}. depth ${l.depth} ${score} ${l.san.slice(0, 10).join(" ")}`;
    })
    .join("\n");
  const nps = best ? ` ${(best.nps / 1000).toFixed(0)} kN/s` : "";
  const thinking = page.state !== null && page.state.thinking;
  el("lines").textContent = thinking ? `${page.lastNodes} nodes${nps}\n${text}` : text;
  drawArrows(best);
}

/** @param {Info|undefined} best */
function drawArrows(best) {
  document.querySelectorAll("svg.arrow").forEach((a) => a.remove());
  if (!best || !page.state || !page.state.thinking) return;
  for (const legs of best.arrows.slice(0, 1)) {
    for (const leg of legs) {
      if (!leg.from) continue;
      const a = document.querySelector(`[data-square="${leg.from}"]`);
      const b = document.querySelector(`[data-square="${leg.to}"]`);
      if (!a || !b) continue;
      const ra = a.getBoundingClientRect();
      const rb = b.getBoundingClientRect();
      const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      svg.classList.add("arrow");
      svg.setAttribute("style", `position:fixed;left:0;top:0;width:100vw;height:100vh;pointer-events:none`);
      svg.innerHTML = `<line x1="${ra.left + ra.width / 2}" y1="${ra.top + ra.height / 2}" x2="${rb.left + rb.width / 2}" y2="${rb.top + rb.height / 2}" stroke="rgba(20,120,40,0.7)" stroke-width="7" stroke-linecap="round"/>`;
      document.body.appendChild(svg);
    }
  }
}
