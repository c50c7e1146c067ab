// @ts-check
// Move entry: clicks and drags turned into the legs of a legal ply (the
// server's plies, split into legs), choosers where plies differ only by a
// letter, and the marks of the selection, the destinations and the last
// turn.

import { afterPaint, el, page, send } from "./state.js";
import { ghostPiece, pieceOf, pieceSvg } from "./pieces.js";

/** @typedef {import("./state.js").Leg} Leg */

/** The legal plies whose first legs are the ones entered. */
function candidates() {
  const state = page.state;
  if (!state) return [];
  return state.plies.filter((p) => page.entered.every((leg, i) => p.legs[i] && sameLeg(p.legs[i], leg)));
}

/** @param {Leg} a @param {Leg} b */
function sameLeg(a, b) {
  return a.from === b.from && a.to === b.to && a.suffix === b.suffix && a.drop === b.drop;
}

/** The next legs the candidates allow. */
function nextLegs() {
  /** @type {Leg[]} */
  const out = [];
  for (const p of candidates()) {
    const leg = p.legs[page.entered.length];
    if (leg && !out.some((l) => sameLeg(l, leg))) out.push(leg);
  }
  return out;
}

/**
 * The placements among `legs` of the piece with `letter` (either case):
 * the drops of a piece in hand.
 * @param {Leg[]} legs @param {string} letter
 */
function dropsOf(legs, letter) {
  const upper = letter.toUpperCase();
  return legs.filter((l) => l.from === null && (l.drop || "").toUpperCase() === upper);
}

/**
 * A click (or a drag's start) on a square of the game's boards.
 * @param {string} square @param {boolean} drag
 */
export function click(square, drag) {
  const state = page.state;
  if (!state) return;
  if (enginesTurn()) {
    el("message").textContent = "It is the engine's move: wait for it, or press Move now.";
    page.selected = null;
    renderHighlights();
    return;
  }
  if (drag) page.selected = null;
  page.clickAt = performance.now();
  const legs = nextLegs();
  if (square.startsWith("@")) {
    pickFromHand(square, legs);
    return;
  }
  if (page.selected !== null && page.selected.startsWith("@")) {
    // A piece in hand, then a square: its drops there (plain, promoted).
    const options = dropsOf(legs, page.selected.slice(1)).filter((l) => l.to === square);
    page.selected = null;
    if (options.length > 0) {
      choose(options);
      return;
    }
  }
  if (placementDue() && !legs.some((l) => l.to === square)) {
    el("message").textContent = "A piece comes back first: click one of the marked squares to place it.";
    return;
  }
  if (page.selected !== null) {
    const options = legs.filter((l) => l.from === page.selected && l.to === square);
    if (options.length > 0) {
      choose(options);
      return;
    }
  }
  const drops = legs.filter((l) => l.from === null && l.to === square);
  if (drops.length > 0 && !legs.some((l) => l.from === square)) {
    choose(drops);
    return;
  }
  page.selected = legs.some((l) => l.from === square) && page.selected !== square ? square : null;
  renderHighlights();
}

/**
 * A click on a piece in hand (`@` and its letter): selects it when it may
 * be dropped now, marking where.
 * @param {string} hand @param {Leg[]} legs
 */
function pickFromHand(hand, legs) {
  const state = page.state;
  if (!state) return;
  const letter = hand.slice(1);
  const own = (letter === letter.toUpperCase()) === (state.position.side === "w");
  if (!own) {
    el("message").textContent = "That piece is in the other side's hand.";
    return;
  }
  const can = dropsOf(legs, letter).length > 0;
  if (!can) el("message").textContent = `No ${pieceOf(letter)?.name || letter} may be dropped now.`;
  page.selected = can && page.selected !== hand ? hand : null;
  renderHighlights();
}

/**
 * Whether every legal ply starts by placing a piece (a captured piece
 * comes back first). Not in a game with pockets: there a turn of drops
 * alone (a setup, a game of drops) takes its pieces from the pockets.
 */
function placementDue() {
  const s = page.state;
  return !!s && !s.position.hands && page.entered.length === 0 && s.plies.length > 0 && s.plies.every((p) => p.legs.length > 0 && p.legs[0].from === null);
}

/** The board title of a square (its prefix), for a game of several boards. @param {string} square */
function boardOf(square) {
  const spec = page.spec;
  if (!spec || spec.boards.length < 2) return "";
  const board = spec.boards.find((b) => b.prefix && square.startsWith(b.prefix));
  return board ? board.title : "";
}

/** Whether the engine plays the side to move now (its pieces are not the user's). */
function enginesTurn() {
  const s = page.state;
  if (!s || !s.engine_on || s.shown !== null || s.outcome) return false;
  if (s.mode === "engine") return true;
  return s.mode === "play" && s.position.side !== s.user_side;
}

/**
 * What a choice does, in words: the game's own words for a letter after a
 * move (a fall, a quest), else the piece a letter names (a promotion, a
 * placement).
 * @param {Leg} leg
 */
function choiceWords(leg) {
  const spec = page.spec;
  const letter = leg.drop || leg.suffix || "";
  if (!leg.drop && spec && letter in spec.choices) return spec.choices[letter];
  // Promotions written as a sign: `+` promotes the piece (a drop: as promoted), `-`
  // turns it back.
  if (!leg.drop && leg.suffix === "+") return "promote";
  if (!leg.drop && leg.suffix === "-") return "turn back (demote)";
  const piece = letter ? pieceOf(letter) : null;
  if (piece && leg.drop && leg.suffix === "+") return `place a ${piece.name}, promoted`;
  // Gating: a letter after a move off a first rank puts that piece there
  // (pawns, which promote, never stand on a first rank).
  if (piece && !leg.drop && spec && spec.gating && leg.from && onEdgeRank(leg.from)) {
    return `put a ${piece.name} on ${leg.from}`;
  }
  if (piece) return leg.drop ? `place a ${piece.name}` : `promote to ${piece.name}`;
  return letter ? `the move marked ${letter}` : "the plain move";
}

/** Whether a square is on the first or the last rank. @param {string} square */
function onEdgeRank(square) {
  const rank = Number(square.replace(/^[a-z]+/, ""));
  return rank === 1 || (page.spec !== null && rank === page.spec.ranks);
}

/** @param {Leg[]} options legs that differ only in suffix or placed piece */
function choose(options) {
  if (options.length === 1) {
    enter(options[0]);
    return;
  }
  const state = page.state;
  const box = document.createElement("div");
  box.className = "chooser";
  box.dataset.chooser = "";
  for (const leg of options) {
    const b = document.createElement("button");
    // A promoted drop is `+` and its letter; a plain move `-`, a demotion
    // `--`.
    b.dataset.choice = leg.drop ? (leg.suffix === "+" ? "+" : "") + leg.drop : leg.suffix === "-" ? "--" : leg.suffix || "-";
    const letter = leg.drop || (leg.suffix === "+" || leg.suffix === "-" ? "" : leg.suffix);
    const words = document.createElement("span");
    words.textContent = choiceWords(leg);
    if (letter && pieceOf(letter) && state && !(leg.suffix && page.spec && leg.suffix in page.spec.choices)) {
      const own = state.position.side === "w" ? letter.toUpperCase() : letter.toLowerCase();
      b.innerHTML = pieceSvg(own).replace("<svg", '<svg width="36" height="36"');
    }
    b.appendChild(words);
    b.title = words.textContent;
    b.onclick = () => enter(leg);
    box.appendChild(b);
  }
  el("entry").replaceChildren(box, cancelButton());
}

/** @param {Leg} leg */
function enter(leg) {
  page.entered.push(leg);
  page.selected = null;
  const c = candidates();
  const complete = c.filter((p) => p.legs.length === page.entered.length);
  const longer = c.filter((p) => p.legs.length > page.entered.length);
  if (complete.length === 1 && longer.length === 0) {
    sendPly(complete[0].token);
    return;
  }
  // A next leg that starts where this one ended is selected already.
  const next = nextLegs();
  if (next.length > 0 && next.every((l) => l.from === leg.to)) page.selected = leg.to;
  renderHighlights();
}

/** @param {string} token */
function sendPly(token) {
  page.clickAt = 0;
  page.entered = [];
  page.selected = null;
  playHere({ t: "ply", token }, token || "the end of the turn");
}

/**
 * Sends a move; at a turn stepped back to, first asks whether the later
 * turns may go (a move there replaces them).
 * @param {object} message @param {string} what the move, for the question
 */
export function playHere(message, what) {
  const s = page.state;
  const later = s && s.shown !== null ? s.history.length - s.shown : 0;
  if (later === 0) {
    document.body.dataset.status = "sent";
    send(message);
    return;
  }
  const entry = el("entry");
  const ask = document.createElement("div");
  ask.className = "ask";
  ask.textContent = `Play ${what} here? The ${later} later turn${later === 1 ? "" : "s"} of the game will be dropped. `;
  const yes = document.createElement("button");
  yes.id = "drop-later";
  yes.textContent = "Play here";
  yes.onclick = () => {
    document.body.dataset.status = "sent";
    send(message);
  };
  const no = document.createElement("button");
  no.id = "keep-game";
  no.textContent = "Keep the game";
  no.onclick = () => cancel();
  ask.append(yes, no);
  entry.replaceChildren(ask);
}

/** Abandons the move half entered. */
export function cancel() {
  page.entered = [];
  page.selected = null;
  renderHighlights();
}

function cancelButton() {
  const b = document.createElement("button");
  b.textContent = "Cancel";
  b.id = "cancel";
  b.onclick = cancel;
  return b;
}

/** Marks the selected square, the destinations, the last move; offers the entry's buttons. */
export function renderHighlights() {
  const state = page.state;
  if (!state) return;
  document.querySelectorAll("#boards .cell").forEach((c) => c.classList.remove("sel", "dest", "last", "last1", "last2", "pendingsq"));
  document.querySelectorAll("#boards .cell").forEach((c) => c.classList.remove("take", "swap"));
  document.querySelectorAll("#boards .hand-piece").forEach((c) => c.classList.remove("sel"));
  const mark = (/** @type {string|null} */ sq, /** @type {string} */ cls) => {
    if (!sq) return;
    const c = document.querySelector(`[data-square="${sq}"]`);
    if (c) c.classList.add(cls);
  };
  // A destination that holds a piece is marked around it (a capture, a
  // shot's victim, a spell's target), and one of the mover's own pieces
  // otherwise again (a swap, a shot's return): either way, visible.
  const markDestination = (/** @type {string} */ sq) => {
    const c = document.querySelector(`[data-square="${sq}"]`);
    if (!c) return;
    c.classList.add("dest");
    const piece = /** @type {HTMLElement|null} */ (c.querySelector("[data-piece]"));
    if (piece && piece.dataset.piece) {
      const white = piece.dataset.piece === piece.dataset.piece.toUpperCase();
      c.classList.add(white === (state.position.side === "w") ? "swap" : "take");
    }
  };
  const legs = nextLegs();
  const inHand = page.selected !== null && page.selected.startsWith("@") ? page.selected : null;
  if (inHand) {
    // A piece in hand: where it may be dropped.
    const letter = inHand.slice(1);
    document.querySelectorAll(`#boards [data-hand-piece="${letter}"]`).forEach((c) => c.classList.add("sel"));
    dropsOf(legs, letter).forEach((l) => markDestination(l.to));
  } else if (page.selected) {
    mark(page.selected, "sel");
    legs.filter((l) => l.from === page.selected).forEach((l) => markDestination(l.to));
  }
  // Placements are marked at once, but a pocket's drops (nearly every
  // empty square) only once its piece is picked.
  if (!state.position.hands) legs.filter((l) => l.from === null).forEach((l) => markDestination(l.to));
  document.querySelectorAll(".entering").forEach((e) => e.remove());
  // The sub-moves of the turn under way stay marked.
  for (const ply of state.pending) {
    for (const leg of ply.legs) {
      mark(leg.from, "pendingsq");
      mark(leg.to, "pendingsq");
    }
  }
  page.entered.forEach((l) => {
    mark(l.from, "pendingsq");
    mark(l.to, "pendingsq");
    // A placement entered but not sent yet: its piece is shown already.
    const cell = document.querySelector(`[data-square="${l.to}"]`);
    if (l.drop && cell) {
      const letter = state.position.side === "w" ? l.drop.toUpperCase() : l.drop.toLowerCase();
      cell.appendChild(ghostPiece(letter, "entering"));
    }
  });
  const last = state.history[state.history.length - 1];
  if (last && state.shown === null && state.pending.length === 0) {
    // Each leg (a sub-move, a shot's flight) in a colour of its own.
    last.legs.forEach((leg, i) => {
      const cls = ["last", "last1", "last2"][i % 3];
      mark(leg.from, cls);
      mark(leg.to, cls);
    });
  }
  if (page.clickAt) {
    const at = page.clickAt;
    afterPaint(() => (document.body.dataset.highlightMs = String(Math.round(performance.now() - at))));
    page.clickAt = 0;
  }
  renderEntry();
  renderOffscreen();
}

/**
 * Says where the marked destinations lie out of view (boards one under
 * the other on a phone: a piece's move to another board), with a button
 * that scrolls to the nearest; hidden when every one is in view.
 */
export function renderOffscreen() {
  const note = /** @type {HTMLButtonElement} */ (el("offscreen"));
  const centre = (/** @type {Element} */ c) => {
    const r = c.getBoundingClientRect();
    return (r.top + r.bottom) / 2;
  };
  const dests = [...document.querySelectorAll("#boards .cell.dest")];
  const below = dests.filter((c) => centre(c) > window.innerHeight);
  const above = dests.filter((c) => centre(c) < 0);
  const [list, where, arrow] = below.length > 0 ? [below, "below", "\u2193"] : [above, "above", "\u2191"];
  note.hidden = list.length === 0;
  if (list.length === 0) return;
  note.className = where;
  note.textContent = `${list.length} more move${list.length > 1 ? "s" : ""} ${where} ${arrow}`;
  const nearest = where === "below" ? list[0] : list[list.length - 1];
  note.onclick = () => nearest.scrollIntoView({ block: "center" });
}

/** The buttons of a move half entered and of a turn of several plies. */
function renderEntry() {
  const state = page.state;
  if (!state) return;
  const entry = el("entry");
  entry.replaceChildren();
  const complete = candidates().filter((p) => p.legs.length === page.entered.length && page.entered.length > 0);
  const endTurn = state.plies.find((p) => p.token === "");
  if (page.entered.length > 0) {
    if (complete.length === 1) {
      const b = document.createElement("button");
      b.textContent = "Finish the move here";
      b.id = "finish";
      b.onclick = () => sendPly(complete[0].token);
      entry.appendChild(b);
    }
    entry.appendChild(cancelButton());
  }
  if (state.pending.length > 0) {
    const info = document.createElement("span");
    info.id = "turn-so-far";
    const said = state.pending.map((ply) => {
      const end = ply.legs[ply.legs.length - 1];
      const board = end ? boardOf(end.to) : "";
      return board ? `${ply.token} (to ${board})` : ply.token;
    });
    info.textContent = `Turn so far: ${said.join(", ")} `;
    entry.appendChild(info);
    const undo = document.createElement("button");
    undo.textContent = "Take back sub-move";
    undo.onclick = () => send({ t: "undo" });
    entry.appendChild(undo);
  }
  if (placementDue()) {
    // What may come back, and where: the placements' pieces.
    const due = document.createElement("div");
    due.className = "due";
    due.id = "placement-due";
    const letters = [...new Set(state.plies.map((p) => p.legs[0].drop || ""))].filter((l) => l);
    due.textContent = "A captured piece comes back first: click a marked square to place ";
    for (const letter of letters) {
      const own = state.position.side === "w" ? letter.toUpperCase() : letter.toLowerCase();
      const span = document.createElement("span");
      span.innerHTML = pieceSvg(own);
      span.title = pieceOf(letter)?.name || letter;
      due.appendChild(span);
    }
    entry.appendChild(due);
  }
  // A pass (where no other move is left): the side's first piece
  // staying put, which no click can enter.
  // (A piece that promotes where it stands has a suffix: no pass.)
  const pass = state.plies.find((p) => p.legs.length === 1 && !p.legs[0].drop && !p.legs[0].suffix && p.legs[0].from === p.legs[0].to);
  if (pass && page.entered.length === 0) {
    const b = document.createElement("button");
    b.textContent = "Pass";
    b.id = "pass";
    b.title = "No move is possible but passing the turn";
    b.onclick = () => sendPly(pass.token);
    entry.appendChild(b);
  }
  if (endTurn && page.entered.length === 0) {
    const b = document.createElement("button");
    b.textContent = "End turn";
    b.id = "end-turn";
    b.onclick = () => sendPly("");
    entry.appendChild(b);
  }
}
