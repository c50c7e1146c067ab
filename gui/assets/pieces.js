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
  "M50 6 L94 38 L77 92 H23 L6 38 Z",
  "M36 8 H64 V36 H92 V64 H64 V92 H36 V64 H8 V36 H36 Z",
  "M12 10 H88 V48 C88 72 70 86 50 94 C30 86 12 72 12 48 Z",
  "M26 12 H74 L94 88 H6 Z",
  "M28 10 H72 A18 18 0 0 1 90 28 V72 A18 18 0 0 1 72 90 H28 A18 18 0 0 1 10 72 V28 A18 18 0 0 1 28 10 Z",
  "M50 6 L92 46 V92 H8 V46 Z",
  "M8 8 H92 V54 L50 94 L8 54 Z",
  "M28 10 H72 L94 50 L72 90 H28 L6 50 Z",
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
  // Each fairy piece of a game gets a shape of its own (16 shapes, at
  // most 15 fairy pieces in a game), in the order of the game's legend.
  const names = /** @type {Record<string, Record<string, string>>} */ (PIECE_NAMES)[variant] || {};
  const fairy = Object.keys(names).filter((l) => !isStandard(variant, l));
  const index = fairy.indexOf(upper);
  const shape = SHAPES[(index >= 0 ? index : upper.charCodeAt(0) - 65) % SHAPES.length];
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
