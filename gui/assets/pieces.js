// @ts-check
// Pieces drawn as SVG as the server says each looks: a Unicode figure it
// names, or a shape of its own (by number) with its letter, so that a game
// of many piece types tells them apart at a glance.

import { page } from "./state.js";

/** Shapes for the other pieces (SVG path data in a 100x100 box). */
const SHAPES = [
  "M50 6 L94 50 L50 94 L6 50 Z",
  "M50 6 L90 28 L90 72 L50 94 L10 72 L10 28 Z",
  "M50 6 L68 28 L94 38 L79 61 L77 89 L50 82 L23 89 L21 61 L6 38 L32 28 Z",
  "M14 14 H86 V86 H14 Z",
  "M50 8 L92 86 H8 Z",
  "M50 92 L8 14 H92 Z",
  "M30 8 H70 L92 30 V70 L70 92 H30 L8 70 V30 Z",
  "M8 50 A42 42 0 1 1 92 50 A42 42 0 1 1 8 50 Z",
  "M50 6 L94 38 L77 92 H23 L6 38 Z",
  "M36 8 H64 V36 H92 V64 H64 V92 H36 V64 H8 V36 H36 Z",
  "M12 10 H88 V48 C88 72 70 86 50 94 C30 86 12 72 12 48 Z",
  "M26 12 H74 L94 88 H6 Z",
  "M28 10 H72 A18 18 0 0 1 90 28 V72 A18 18 0 0 1 72 90 H28 A18 18 0 0 1 10 72 V28 A18 18 0 0 1 28 10 Z",
  "M50 6 L92 46 V92 H8 V46 Z",
  "M8 8 H92 V54 L50 94 L8 54 Z",
  "M28 10 H72 L94 50 L72 90 H28 L6 50 Z",
];

/** The spec of the game's piece with this letter (either case). @param {string} letter */
export function pieceOf(letter) {
  const upper = letter.toUpperCase();
  return page.spec ? page.spec.pieces.find((p) => p.letter === upper) || null : null;
}

/** The name of the piece with this letter, or the letter. @param {string} letter */
export function pieceName(letter) {
  const p = pieceOf(letter);
  return p ? p.name : letter.toUpperCase();
}

/**
 * The SVG markup of the game's piece with this FEN letter (upper case for
 * White).
 * @param {string} letter
 * @returns {string}
 */
export function pieceSvg(letter) {
  const upper = letter.toUpperCase();
  const white = letter === upper;
  const fill = white ? "#fafafa" : "#1e1e1e";
  const ink = white ? "#111" : "#f0f0f0";
  const piece = pieceOf(letter);
  const glyph = piece ? piece.glyph : null;
  if (glyph) {
    // The glyph's counters are holes that would show the square through
    // (a black figure looked white): a wide stroke of the piece's colour
    // underneath fills them, the glyph on top draws the details.
    const text = `x="50" y="84" text-anchor="middle" font-size="88" font-family="DejaVu Sans, Segoe UI Symbol, sans-serif"`;
    return `<svg viewBox="0 0 100 100"><text ${text} fill="${fill}" stroke="${fill}" stroke-width="10" stroke-linejoin="round">${glyph}</text><text ${text} fill="${fill}" stroke="${white ? "#111" : "#ddd"}" stroke-width="2.5">${glyph}</text></svg>`;
  }
  const number = piece && piece.shape !== null ? piece.shape : upper.charCodeAt(0) - 65;
  const shape = SHAPES[Math.abs(number) % SHAPES.length];
  return `<svg viewBox="0 0 100 100"><path d="${shape}" fill="${fill}" stroke="${white ? "#111" : "#ccc"}" stroke-width="5"/><text x="50" y="64" text-anchor="middle" font-size="42" font-weight="bold" fill="${ink}" font-family="sans-serif">${upper}</text></svg>`;
}

/**
 * A piece drawn over a cell that is not in the position (one falling, one
 * being placed): no `data-piece`, so the page's contract ignores it.
 * @param {string} letter @param {string} kind
 */
export function ghostPiece(letter, kind) {
  const ghost = document.createElement("div");
  ghost.className = `piece ${kind}`;
  ghost.innerHTML = pieceSvg(letter);
  return ghost;
}
