// @ts-check
// Piece glyphs drawn as SVG: the six standard chess figures as their
// Unicode chess symbols, every fairy piece as a shape of its own (by kind)
// with its letter, so that Vanguard's 21 types are told apart at a glance.
"use strict";

/** Piece names by variant and upper-case FEN letter. */
const PIECE_NAMES = {
  chess: { K: "King", Q: "Queen", R: "Rook", B: "Bishop", N: "Knight", P: "Pawn" },
  magician: { K: "King", R: "Rook", N: "Knight", M: "Magician", C: "Rook-Knight", S: "Rook-Magician", W: "Knight-Magician", P: "Pawn" },
  vanguard: {
    K: "King", Q: "Queen", R: "Rook", B: "Bishop", N: "Knight", P: "Pawn", C: "Chancellor", A: "Archer",
    W: "Wizard", H: "Helepolis", G: "General", F: "Falconer", S: "Soldier", L: "Lancer", Y: "Spy",
    M: "Bowman", D: "Nightrider", T: "Sergeant", I: "Prince", E: "Princess", Z: "Berserker",
  },
  advancedwizard: { Z: "Wizard", D: "Dragon", P: "Pegasus", A: "Archer", G: "Giant", H: "Hero", W: "Warrior", E: "Eagle" },
  parallelworlds: { K: "King", Q: "Queen", R: "Rook", B: "Bishop", N: "Knight", P: "Pawn" },
};

/** The standard figures, for the games whose letters mean them. */
const STANDARD = { K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", P: "\u265F" };

/** Shapes for fairy pieces (SVG path data in a 100x100 box). */
const SHAPES = [
  "M50 6 L94 50 L50 94 L6 50 Z",
  "M50 6 L90 28 L90 72 L50 94 L10 72 L10 28 Z",
  "M50 6 L68 28 L94 38 L79 61 L77 89 L50 82 L23 89 L21 61 L6 38 L32 28 Z",
  "M14 14 H86 V86 H14 Z",
  "M50 8 L92 86 H8 Z",
  "M50 92 L8 14 H92 Z",
  "M30 8 H70 L92 30 V70 L70 92 H30 L8 70 V30 Z",
  "M8 50 A42 42 0 1 1 92 50 A42 42 0 1 1 8 50 Z",
];

/**
 * Whether a letter of this variant is a standard chess figure.
 * @param {string} variant
 * @param {string} upper
 */
function isStandard(variant, upper) {
  if (variant === "advancedwizard") return false;
  if (variant === "magician") return "KRNP".includes(upper);
  return upper in STANDARD;
}

/**
 * The SVG markup of a piece.
 * @param {string} variant
 * @param {string} letter FEN letter, upper case for White
 * @returns {string}
 */
function pieceSvg(variant, letter) {
  const upper = letter.toUpperCase();
  const white = letter === upper;
  const fill = white ? "#fafafa" : "#1e1e1e";
  const ink = white ? "#111" : "#f0f0f0";
  if (isStandard(variant, upper)) {
    const glyph = STANDARD[/** @type {keyof typeof STANDARD} */ (upper)];
    // The glyph's counters are holes that would show the square through
    // (a black king looked white): a wide stroke of the piece's colour
    // underneath fills them, the glyph on top draws the details.
    const text = `x="50" y="84" text-anchor="middle" font-size="88" font-family="DejaVu Sans, Segoe UI Symbol, sans-serif"`;
    return `<svg viewBox="0 0 100 100"><text ${text} fill="${fill}" stroke="${fill}" stroke-width="10" stroke-linejoin="round">${glyph}</text><text ${text} fill="${fill}" stroke="${white ? "#111" : "#ddd"}" stroke-width="2.5">${glyph}</text></svg>`;
  }
  const code = upper.charCodeAt(0) - 65;
  const shape = SHAPES[code % SHAPES.length];
  return `<svg viewBox="0 0 100 100"><path d="${shape}" fill="${fill}" stroke="${white ? "#111" : "#ccc"}" stroke-width="5"/><text x="50" y="64" text-anchor="middle" font-size="42" font-weight="bold" fill="${ink}" font-family="sans-serif">${upper}</text></svg>`;
}

/**
 * The name of a piece letter in a variant.
 * @param {string} variant
 * @param {string} upper
 */
function pieceName(variant, upper) {
  const names = /** @type {Record<string, Record<string, string>>} */ (PIECE_NAMES)[variant] || {};
  return names[upper] || upper;
}
