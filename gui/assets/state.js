// @ts-check
// What every part of the page shares: the messages' shapes, the page's
// state (one object, not scattered globals), the socket and two helpers.
// The page knows no game: everything about the one shown (its boards,
// pieces, hints, notation) comes from the server.

/**
 * @typedef {{from: string|null, to: string, suffix: string, drop: string|null}} Leg
 * @typedef {{token: string, legs: Leg[]}} Ply
 * @typedef {{square: string, piece: string, mark: string|null, hole: boolean}} Cell
 * @typedef {{piece: string, count: number}} InHand
 * @typedef {{white: InHand[], black: InHand[]}} Hands
 * @typedef {{fen: string, side: string, cells: Cell[], hands: Hands|null}} Position
 * @typedef {{number: string|null, token: string, san: string, side: string, fen: string, legs: Leg[]}} Turn
 * @typedef {{t: string, variant: string, name: string, files: number, ranks: number, boards: string[],
 *   start_fen: string, marked: string[], position: Position, plies: Ply[], pending: Ply[], history: Turn[],
 *   outcome: {result: string, reason: string}|null, mode: string, user_side: string, thinking: boolean,
 *   shown: number|null, multipv: number, threads: number, hash: number, replay: Replay|null,
 *   clock: {white_ms: number, black_ms: number, inc_ms: number, running: string|null}|null,
 *   engine_reply_at?: number, engine_on: boolean, check: string[]}} State
 * @typedef {{index: number, count: number, event: string, white: string, black: string, result: string, reason: string}} Replay
 * @typedef {{variant: string, event: string, white: string, black: string, result: string, reason: string, turns: number}} Recorded
 * @typedef {{depth: number, multipv: number, cp: number|null, mate: number|null, nodes: number,
 *   nps: number, ms: number, pv: string[], san: string[], arrows: Leg[][]}} Info
 * @typedef {{letter: string, name: string, betza: string|null, royal: boolean, glyph: string|null, shape: number|null}} PieceSpec
 * @typedef {{prefix: string, title: string}} BoardSpec
 * @typedef {{id: string, name: string, start_fen: string, files: number, ranks: number, boards: BoardSpec[], pieces: PieceSpec[],
 *   marked: string[], marked_title: string, marks: Record<string, string>, hint: string, rules: string|null,
 *   numbering: string, choices: Record<string, string>, gating: boolean, moving_wall: boolean,
 *   palace: string[], lines: string[][], river: number|null}} Spec
 * @typedef {{id: string, name: string}} CatalogEntry
 */

/**
 * The page's state.
 * @type {{
 *   state: State|null, spec: Spec|null, catalog: CatalogEntry[],
 *   entered: Leg[], selected: string|null, flipped: boolean,
 *   lines: Map<number, Info>, lastNodes: number, clickAt: number, stateAt: number,
 *   socket: WebSocket|null, asked: number|null,
 * }}
 */
export const page = {
  /** The last state the server sent. */
  state: null,
  /** What the game shown says about itself. */
  spec: null,
  /** The games the server plays. */
  catalog: [],
  /** The legs entered so far of the ply being built. */
  entered: [],
  /** The square whose piece is selected. */
  selected: null,
  /** The Flip button's toggle; Black is at the bottom when it differs from "the user plays Black". */
  flipped: false,
  /** The engine's lines by number. */
  lines: new Map(),
  /** Nodes of the running search. */
  lastNodes: 0,
  /** When the last click on a board came (for the highlight time). */
  clickAt: 0,
  /** When the last state arrived (the clocks count down from it). */
  stateAt: 0,
  /** The connection to the server. */
  socket: null,
  /** The turn the page asked to see last, until the server shows it (keys held down). */
  asked: null,
};

/** @param {string} id */
export function el(id) {
  const e = document.getElementById(id);
  if (!e) throw new Error(`no #${id}`);
  return e;
}

/** @param {object} message */
export function send(message) {
  // A message on the page answers the user's last request: a new one clears it.
  el("message").textContent = "";
  if (page.socket) page.socket.send(JSON.stringify(message));
}

/** Runs `f` once the frame drawn after the current changes is out. @param {() => void} f */
export function afterPaint(f) {
  requestAnimationFrame(() => setTimeout(f, 0));
}
