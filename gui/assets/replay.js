// @ts-check
// The game's record: the move list (numbered as the server numbers the
// game's moves), stepping through it, the games of a file opened for
// replay, and the PGN the server writes.

import { el, page, send } from "./state.js";

/** @typedef {import("./state.js").Recorded} Recorded */

/** The server's limit on one message (server::MAX_MESSAGE), less room for the JSON around a file. */
const MAX_UPLOAD = 4 * 1024 * 1024 - 4096;

/** The move list: rows that each start at a move number. */
export function renderMoves() {
  const s = page.state;
  if (!s) return;
  const list = el("moves");
  list.replaceChildren();
  /** @param {string} text @param {number} turn @param {string} title */
  const entry = (text, turn, title) => {
    const span = document.createElement("span");
    span.textContent = text;
    span.title = title;
    span.dataset.turn = String(turn);
    const current = s.shown === null ? turn === s.history.length : s.shown === turn;
    if (current) {
      span.className = "current";
      span.setAttribute("aria-current", "step");
    }
    span.onclick = () => send({ t: "goto", turn });
    return span;
  };
  const start = entry("start", 0, s.start_fen);
  delete start.dataset.turn;
  list.appendChild(start);
  // A row per move number, as the game numbers its moves (the server
  // says which side starts a number); a row whose first turn is not that
  // side's (a game set up with the other side to move) leaves a gap.
  const numbering = page.spec ? page.spec.numbering : "w";
  /** @type {HTMLElement|null} */
  let row = null;
  /** @type {string|null} */
  let rowNumber = null;
  s.history.forEach((turn, i) => {
    const digits = turn.number ? turn.number.replace(/\.+$/, "") : null;
    if (!row || (digits !== null && digits !== rowNumber)) {
      row = document.createElement("div");
      row.className = "row";
      rowNumber = digits;
      const num = document.createElement("span");
      num.className = "num";
      num.textContent = `${digits}.`;
      row.appendChild(num);
      if (turn.side[0] !== numbering) {
        const gap = document.createElement("span");
        gap.className = "gap";
        gap.textContent = "...";
        row.appendChild(gap);
      }
      list.appendChild(row);
    }
    row.appendChild(entry(turn.san, i + 1, turn.token));
  });
  // The move shown in view (the last one while the game goes on), by
  // scrolling the list alone: scrollIntoView would also scroll the page,
  // and on a phone (the list under the boards) take the boards away after
  // every move.
  const current = /** @type {HTMLElement|null} */ (list.querySelector(".current"));
  if (current) {
    const box = list.getBoundingClientRect();
    const at = current.getBoundingClientRect();
    if (at.top < box.top) list.scrollTop -= box.top - at.top;
    else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
  }
}

/** The games of the file opened, to pick one. @param {Recorded[]} games */
export function renderGames(games) {
  const pick = /** @type {HTMLSelectElement} */ (el("game-pick"));
  pick.replaceChildren(
    ...games.map((g, i) => new Option(`${i + 1}. ${g.white} - ${g.black} ${g.result} (${g.variant}, ${g.turns} turns)`, String(i))),
  );
  pick.hidden = false;
}

/** The players and result of the game replayed, if one is. */
export function renderReplay() {
  const s = page.state;
  if (!s) return;
  const replay = el("replay");
  replay.hidden = !s.replay;
  if (s.replay) {
    const r = s.replay;
    replay.textContent = `${r.event ? `${r.event}: ` : ""}${r.white} (White) vs ${r.black} (Black), ${r.result}${r.reason ? `: ${r.reason}` : ""}`;
    /** @type {HTMLSelectElement} */ (el("game-pick")).value = String(r.index);
  } else {
    el("game-pick").hidden = true;
  }
}

/** The PGN the server wrote: to the clipboard, and kept for scripts. @param {string} text */
export function gotPgn(text) {
  document.body.dataset.pgn = text;
  navigator.clipboard.writeText(text).catch(() => {
    el("message").textContent = "The browser refused the clipboard: the PGN is in the page's data-pgn.";
  });
}

/**
 * The text of the file a file input chose; `null` (with a message) when
 * none was chosen or it is over the server's limit.
 * @param {Event} e
 * @returns {Promise<string|null>}
 */
export async function upload(e) {
  const files = /** @type {HTMLInputElement} */ (e.target).files;
  if (!files || !files[0]) return null;
  if (files[0].size > MAX_UPLOAD) {
    el("message").textContent = `${files[0].name} is ${(files[0].size / 1048576).toFixed(1)} MiB: files up to 4 MiB open here`;
    return null;
  }
  return files[0].text();
}

/**
 * The keys that step through the game: arrows a turn, Home the start, End
 * the game as it stands. A key held down steps from the turn asked for
 * last, not from the one the server showed last, so no step is lost.
 * @param {KeyboardEvent} e
 */
export function stepKeys(e) {
  const s = page.state;
  if (!s) return;
  const end = s.history.length;
  const at = page.asked !== null ? page.asked : s.shown === null ? end : s.shown;
  /** @type {number|null} */
  let to = null;
  if (e.key === "ArrowLeft") to = Math.max(0, at - 1);
  if (e.key === "ArrowRight") to = Math.min(end, at + 1);
  if (e.key === "Home") to = 0;
  if (e.key === "End") to = end;
  if (to === null) return;
  e.preventDefault();
  if (to === at) return;
  page.asked = to;
  send({ t: "goto", turn: to });
}

/** Wires the file input, the game picker and the PGN button. */
export function wireReplay() {
  el("open-file").onchange = async (e) => {
    const text = await upload(e);
    if (text !== null) send({ t: "open", text });
  };
  el("game-pick").onchange = (e) => send({ t: "pick", index: Number(/** @type {HTMLSelectElement} */ (e.target).value) });
  el("copypgn").onclick = () => send({ t: "pgn" });
}
