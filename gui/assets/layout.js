// @ts-check
// The boards fit the window: a cell size and how many boards stand side by
// side, from the space left by the header and the panel (beside the boards
// on a wide window, under them on a narrow one). Recomputed when the
// window changes size.

import { page } from "./state.js";

/** Windows at least this wide have the panel beside the boards. */
const WIDE = 900;
/** The panel's width beside the boards. */
const PANEL = 380;
/** Room for a board's title, its border, the gaps and the entry row. */
const TITLE = 24;
const GAP = 18;
const ENTRY = 56;
/** Cells are never smaller than this (a 16-file board on a phone) nor larger. */
const SMALLEST = 14;
const LARGEST = 110;
/** A cell a finger can tap: on a narrow window, boards that would all fit
 * only with smaller cells stand one under the other instead (the page
 * scrolls between them, each board whole in view). */
const TAP = 28;

/**
 * The cell size and boards per row that make the game's boards as large
 * as the window allows.
 * @returns {{cell: number, perRow: number, wide: boolean}}
 */
export function fit() {
  const spec = page.spec;
  const wide = window.innerWidth >= WIDE;
  if (!spec) return { cell: 40, perRow: 1, wide };
  const header = document.querySelector("header")?.getBoundingClientRect().height || 0;
  const width = window.innerWidth - 32 - (wide ? PANEL + 24 : 0);
  // On a narrow window the panel goes under the boards: they may take
  // most of the height, leaving a glimpse of the panel.
  const height = (window.innerHeight - header - 24 - ENTRY) * (wide ? 1 : 0.85);
  const boards = spec.boards.length;
  const titled = spec.boards.some((b) => b.title) ? TITLE : 0;
  // Pockets above and below a board: 0.8 of a cell each, and padding.
  const pockets = page.state && page.state.position.hands ? 1.6 : 0;
  const pocketPad = pockets ? 12 : 0;
  /** The largest cell with `visibleRows` rows of boards in the height. */
  const largest = (/** @type {(rows: number) => number} */ visibleRows) => {
    let best = { cell: SMALLEST, perRow: 1, wide };
    for (let perRow = 1; perRow <= boards; perRow++) {
      const rows = visibleRows(Math.ceil(boards / perRow));
      const byWidth = (width - (perRow - 1) * GAP - perRow * 4) / (perRow * spec.files);
      const byHeight = (height - rows * (titled + pocketPad) - (rows - 1) * GAP - rows * 4) / (rows * (spec.ranks + pockets));
      const cell = Math.floor(Math.min(byWidth, byHeight, LARGEST));
      if (cell > best.cell) best = { cell, perRow, wide };
    }
    return best;
  };
  // Every board in view, if their cells can be tapped.
  const all = largest((rows) => rows);
  if (wide || all.cell >= TAP) return all;
  // Else one row of boards in view at a time, with bigger cells.
  const one = largest(() => 1);
  return one.cell > all.cell ? one : all;
}
