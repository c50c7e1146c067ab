// @ts-check
// Board drawing: a game's boards with their cells, pieces, marks and
// coordinates, drawn from the spec the server sent (sizes, board titles,
// marked squares, what each mark means); and a piece falling into a hole.

import { page } from "./state.js";
import { ghostPiece, pieceName, pieceSvg } from "./pieces.js";

/** @typedef {import("./state.js").Cell} Cell */
/** @typedef {import("./state.js").State} State */

/** @param {HTMLElement} cell @param {string} kind @param {string} text */
function addCoord(cell, kind, text) {
  const c = document.createElement("span");
  c.className = `coord ${kind}`;
  c.textContent = text;
  cell.appendChild(c);
}

/**
 * One side's pocket (games with drops): its pieces in hand, each with its
 * count; a click (or a drag) on one asks `onSquare` for `@` and its letter.
 * @param {string} side `w` or `b`
 * @param {import("./state.js").InHand[]} pieces
 * @param {number} size pixels a cell
 * @param {((square: string, drag: boolean) => void)|null} onSquare
 */
function drawHand(side, pieces, size, onSquare) {
  const hand = document.createElement("div");
  hand.className = "hand";
  hand.dataset.hand = side;
  hand.title = `${side === "w" ? "White" : "Black"}'s pieces in hand`;
  const px = `${Math.round(size * 0.8)}px`;
  hand.style.minHeight = px;
  for (const { piece, count } of pieces) {
    const p = document.createElement("div");
    p.className = "hand-piece";
    p.style.width = p.style.height = px;
    p.dataset.handPiece = piece;
    // A count of 0: a piece that may always be dropped, no hand holding it.
    p.title = count === 0 ? `${pieceName(piece)}: drop as many as you like` : `${pieceName(piece)} in hand: ${count}`;
    p.innerHTML = pieceSvg(piece);
    const n = document.createElement("span");
    n.className = "count";
    n.textContent = count === 0 ? "∞" : String(count);
    p.appendChild(n);
    if (onSquare) {
      p.onclick = () => onSquare(`@${piece}`, false);
      p.draggable = true;
      p.ondragstart = () => onSquare(`@${piece}`, true);
    }
    hand.appendChild(p);
  }
  if (pieces.length === 0) {
    // An empty pocket still says what it is (its place stays the same).
    const none = document.createElement("span");
    none.className = "hand-empty";
    none.textContent = `${side === "w" ? "White" : "Black"} has no piece in hand`;
    hand.appendChild(none);
  }
  return hand;
}

/**
 * Draws the game's boards with `cells` on them into `area`, and each
 * side's pocket above and below where the game has `hands`. `onSquare`,
 * when given, makes the boards take clicks and drags (and carry the page's
 * contract: `data-square`, `data-piece`, `data-board`; a piece in hand
 * answers as `@` and its letter); without it the cells are a diagram's
 * (`data-diagram-square`).
 * @param {HTMLElement} area
 * @param {Cell[]} cells
 * @param {number} size pixels a cell
 * @param {((square: string, drag: boolean) => void)|null} onSquare
 * @param {import("./state.js").Hands|null} [hands]
 */
export function drawBoards(area, cells, size, onSquare, hands = null) {
  const spec = page.spec;
  area.replaceChildren();
  if (!spec) return;
  const state = page.state;
  // The user's side at the bottom, as a player expects when playing
  // Black, whatever the mode (analysis keeps the board as it was).
  const blackBelow = page.flipped !== (state !== null && state.user_side === "b");
  area.style.setProperty("--cell", `${size}px`);
  const pieces = new Map(cells.map((c) => [c.square, c]));
  for (const board of spec.boards) {
    const prefix = board.prefix;
    const wrap = document.createElement("div");
    wrap.className = "board-wrap";
    // A title never makes its board's column wider than the board.
    wrap.style.width = `${spec.files * size + 4}px`;
    if (board.title) {
      const h = document.createElement("h4");
      // Square names carry the board's prefix (Ea5, 2d4): say so once,
      // briefly enough to show whole over a small board.
      const last = `${prefix}${String.fromCharCode(96 + spec.files)}${spec.ranks}`;
      h.textContent = `${board.title}: ${prefix}a1–${last}`;
      h.title = `${board.title}: squares ${prefix}a1 to ${last}`;
      wrap.appendChild(h);
    }
    const grid = document.createElement("div");
    grid.className = "board";
    if (onSquare) grid.dataset.board = prefix || "main";
    grid.style.gridTemplateColumns = `repeat(${spec.files}, var(--cell))`;
    for (let row = 0; row < spec.ranks; row++) {
      for (let col = 0; col < spec.files; col++) {
        const rank = blackBelow ? row : spec.ranks - 1 - row;
        const file = blackBelow ? spec.files - 1 - col : col;
        const name = `${prefix}${String.fromCharCode(97 + file)}${rank + 1}`;
        const cell = document.createElement("div");
        cell.className = `cell ${(file + rank) % 2 === 0 ? "dark" : "light"}`;
        if (onSquare) cell.dataset.square = name;
        else cell.dataset.diagramSquare = name;
        const content = pieces.get(name);
        // A hole, or the one wall that moves on each turn (drawn apart).
        if (content && content.hole) cell.dataset.hole = spec.moving_wall ? "moving" : "";
        if (onSquare && state && state.check.includes(name)) cell.classList.add("check");
        if (spec.palace.includes(name)) cell.classList.add("palace");
        // The river runs along the top of its lower half's last rank, as
        // the board is seen.
        if (spec.river !== null && spec.river !== undefined) {
          if (rank === spec.river - 1 && !blackBelow) cell.classList.add("river-above");
          if (rank === spec.river && blackBelow) cell.classList.add("river-above");
        }
        if (spec.marked.includes(name)) {
          cell.classList.add("xsq");
          cell.title = spec.marked_title;
        }
        if (row === spec.ranks - 1) addCoord(cell, "f", String.fromCharCode(97 + file));
        if (col === 0) addCoord(cell, "r", `${rank + 1}`);
        if (content && !content.hole) {
          const p = document.createElement("div");
          p.className = "piece";
          if (onSquare) p.dataset.piece = content.piece;
          p.title = pieceName(content.piece);
          p.innerHTML = pieceSvg(content.piece);
          if (onSquare) {
            p.draggable = true;
            p.ondragstart = () => onSquare(name, true);
          }
          if (content.mark) {
            const m = document.createElement("span");
            m.className = "mark";
            m.textContent = content.mark;
            const meaning = spec.marks[content.mark];
            if (meaning) p.title += ` (${meaning})`;
            p.appendChild(m);
          }
          cell.appendChild(p);
        }
        if (onSquare) {
          cell.onclick = () => onSquare(name, false);
          cell.ondragover = (e) => e.preventDefault();
          cell.ondrop = (e) => {
            e.preventDefault();
            onSquare(name, false);
          };
        }
        grid.appendChild(cell);
      }
    }
    if (spec.lines.length > 0) grid.appendChild(boardLines(spec, blackBelow));
    if (hands) {
      // The side at the bottom has its pocket under the board.
      const [top, bottom] = blackBelow ? ["w", "b"] : ["b", "w"];
      const of = (/** @type {string} */ side) => (side === "w" ? hands.white : hands.black);
      wrap.appendChild(drawHand(top, of(top), size, onSquare));
      wrap.appendChild(grid);
      wrap.appendChild(drawHand(bottom, of(bottom), size, onSquare));
    } else {
      wrap.appendChild(grid);
    }
    area.appendChild(wrap);
  }
}

/**
 * The palaces' diagonals, drawn over the board from square centre to
 * square centre (the board seen from `blackBelow`'s side).
 * @param {import("./state.js").Spec} spec
 * @param {boolean} blackBelow
 */
function boardLines(spec, blackBelow) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", "board-lines");
  svg.setAttribute("viewBox", `0 0 ${spec.files} ${spec.ranks}`);
  svg.setAttribute("preserveAspectRatio", "none");
  /** @param {string} square @returns {[number, number]} */
  const centre = (square) => {
    const file = square.charCodeAt(0) - 97;
    const rank = Number(square.slice(1)) - 1;
    const col = blackBelow ? spec.files - 1 - file : file;
    const row = blackBelow ? rank : spec.ranks - 1 - rank;
    return [col + 0.5, row + 0.5];
  };
  for (const [a, b] of spec.lines) {
    const [x1, y1] = centre(a);
    const [x2, y2] = centre(b);
    const line = document.createElementNS(ns, "line");
    line.setAttribute("x1", `${x1}`);
    line.setAttribute("y1", `${y1}`);
    line.setAttribute("x2", `${x2}`);
    line.setAttribute("y2", `${y2}`);
    svg.appendChild(line);
  }
  return svg;
}

/**
 * A turn that turned a square with a piece into a hole (a piece falls
 * through the board) shows that piece falling.
 * @param {State|null} before @param {State} now
 */
export function showFall(before, now) {
  if (!before || before.variant !== now.variant) return;
  if (now.shown !== null || now.history.length !== before.history.length + 1) return;
  const holes = new Set(now.position.cells.filter((c) => c.hole).map((c) => c.square));
  for (const fallen of before.position.cells) {
    if (fallen.hole || !holes.has(fallen.square)) continue;
    const cell = document.querySelector(`[data-square="${fallen.square}"]`);
    if (!cell) continue;
    const ghost = ghostPiece(fallen.piece, "falling");
    ghost.dataset.falling = fallen.piece;
    ghost.addEventListener("animationend", () => ghost.remove());
    cell.appendChild(ghost);
    document.body.dataset.fell = `${fallen.piece}@${fallen.square}`;
  }
}
