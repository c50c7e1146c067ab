// @ts-check
// The page: draws the position the server sends, turns clicks into plies
// (leg by leg), and shows the engine's thinking. It computes no rule: the
// legal plies, split into legs, come from the server with every position.
"use strict";

/**
 * @typedef {{from: string|null, to: string, suffix: string, drop: string|null}} Leg
 * @typedef {{token: string, legs: Leg[]}} Ply
 * @typedef {{square: string, piece: string, mark: string|null, hole: boolean}} Cell
 * @typedef {{fen: string, side: string, cells: Cell[]}} Position
 * @typedef {{token: string, san: string, side: string, fen: string, legs: Leg[]}} Turn
 * @typedef {{t: string, variant: string, name: string, files: number, ranks: number, boards: string[],
 *   start_fen: string, marked: string[], position: Position, plies: Ply[], pending: string[], history: Turn[],
 *   outcome: {result: string, reason: string}|null, mode: string, user_side: string, thinking: boolean,
 *   shown: number|null, multipv: number, threads: number, hash: number, replay: Replay|null,
 *   clock: {white_ms: number, black_ms: number, inc_ms: number, running: string|null}|null}} State
 * @typedef {{index: number, count: number, event: string, white: string, black: string, result: string, reason: string}} Replay
 * @typedef {{variant: string, event: string, white: string, black: string, result: string, reason: string, turns: number}} Recorded
 * @typedef {{depth: number, multipv: number, cp: number|null, mate: number|null, nodes: number,
 *   nps: number, ms: number, pv: string[], san: string[], arrows: Leg[][]}} Info
 */

const params = new URLSearchParams(location.search);
/** The hint every game shares (the page's own text). */
const BASE_HINT = document.getElementById("hint")?.textContent || "";
/** The server's limit on one message (server::MAX_MESSAGE), less room for the JSON around a file. */
const MAX_UPLOAD = 4 * 1024 * 1024 - 4096;
/** @type {State|null} */
let state = null;
/** @type {Leg[]} legs entered so far of the ply being built */
let entered = [];
/** @type {string|null} */
let selected = null;
/** The Flip button's toggle; Black is at the bottom when it differs from "the user plays Black". */
let flipped = false;
/** @type {Map<number, Info>} */
const lines = new Map();
let lastNodes = 0;
/** When the last click on a board came (for the highlight time). */
let clickAt = 0;
/** When the last state arrived (the clocks count down from it). */
let stateAt = 0;
/** @type {WebSocket} */
let socket;

/** @param {string} id */
function el(id) {
  const e = document.getElementById(id);
  if (!e) throw new Error(`no #${id}`);
  return e;
}

/** @param {object} message */
function send(message) {
  // A message on the page answers the user's last request: a new one clears it.
  el("message").textContent = "";
  socket.send(JSON.stringify(message));
}

function connect() {
  socket = new WebSocket(`ws://${location.host}/ws`);
  socket.onopen = () => {
    const movetime = params.get("movetime");
    if (movetime) showLimit(`movetime:${Number(movetime)}`);
    // One message, so that the first state the page draws is this game's.
    send({
      t: "new",
      variant: params.get("variant") || "chess",
      fen: params.get("fen") || null,
      mode: params.get("mode") || "play",
      limits: movetime ? { movetime: Number(movetime) } : null,
    });
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    document.body.dataset.status = "disconnected";
    el("status").textContent = "Disconnected from the engine: reload the page.";
  };
}

/** Runs `f` once the frame drawn after the current changes is out. @param {() => void} f */
function afterPaint(f) {
  requestAnimationFrame(() => setTimeout(f, 0));
}

/** Selects a limit in the engine menu, adding it when it is not listed. @param {string} value */
function showLimit(value) {
  const select = /** @type {HTMLSelectElement} */ (el("limit"));
  if (![...select.options].some((o) => o.value === value)) {
    const [, ms] = value.split(":");
    select.add(new Option(`${Number(ms) / 1000} s a move`, value));
  }
  select.value = value;
}

/** @param {any} m */
function receive(m) {
  switch (m.t) {
    case "state": {
      if (state && (state.position.fen !== m.position.fen || state.shown !== m.shown)) {
        lines.clear();
      }
      const before = state;
      state = m;
      stateAt = performance.now();
      entered = [];
      selected = null;
      render();
      showFall(before, m);
      // Speed figures the browser tests read (benchmarks, not assertions).
      afterPaint(() => {
        const body = document.body.dataset;
        if (!body.readyMs) body.readyMs = String(Math.round(performance.now()));
        if (m.engine_reply_at) body.replyMs = String(Date.now() - m.engine_reply_at);
      });
      break;
    }
    case "info":
      lines.set(m.multipv, m);
      lastNodes = m.nodes;
      renderAnalysis();
      break;
    case "tick":
      lastNodes = m.nodes;
      renderAnalysis();
      break;
    case "error":
      el("message").textContent = m.message;
      break;
    case "deck":
      renderDeck(m);
      break;
    case "diagram":
      renderDiagram(m);
      break;
    case "games":
      renderGames(m.games);
      break;
  }
}

/** The legal plies whose first legs are the ones entered. */
function candidates() {
  if (!state) return [];
  return state.plies.filter((p) => entered.every((leg, i) => p.legs[i] && sameLeg(p.legs[i], leg)));
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
    const leg = p.legs[entered.length];
    if (leg && !out.some((l) => sameLeg(l, leg))) out.push(leg);
  }
  return out;
}

/** @param {string} square */
function click(square) {
  if (!state) return;
  clickAt = performance.now();
  const legs = nextLegs();
  if (selected !== null) {
    const options = legs.filter((l) => l.from === selected && l.to === square);
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
  selected = legs.some((l) => l.from === square) && selected !== square ? square : null;
  renderHighlights();
}

/** @param {Leg[]} options legs that differ only in suffix or dropped piece */
function choose(options) {
  if (options.length === 1) {
    enter(options[0]);
    return;
  }
  const box = document.createElement("div");
  box.className = "chooser";
  box.dataset.chooser = "";
  for (const leg of options) {
    const b = document.createElement("button");
    b.dataset.choice = leg.drop || leg.suffix || "-";
    const letter = leg.drop || leg.suffix;
    b.innerHTML = letter && /[a-z]/i.test(letter) && state
      ? `${pieceSvg(state.variant, state.position.side === "w" ? letter.toUpperCase() : letter.toLowerCase()).replace("<svg", '<svg width="36" height="36"')} ${letter}`
      : "plain";
    b.onclick = () => enter(leg);
    box.appendChild(b);
  }
  const entry = el("entry");
  entry.replaceChildren(box, cancelButton());
}

/** @param {Leg} leg */
function enter(leg) {
  entered.push(leg);
  selected = null;
  const c = candidates();
  const complete = c.filter((p) => p.legs.length === entered.length);
  const longer = c.filter((p) => p.legs.length > entered.length);
  if (complete.length === 1 && longer.length === 0) {
    sendPly(complete[0].token);
    return;
  }
  // A next leg that starts where this one ended is selected already.
  const next = nextLegs();
  if (next.length > 0 && next.every((l) => l.from === leg.to)) selected = leg.to;
  renderHighlights();
}

/** @param {string} token */
function sendPly(token) {
  clickAt = 0;
  entered = [];
  selected = null;
  document.body.dataset.status = "sent";
  send({ t: "ply", token });
}

function cancelButton() {
  const b = document.createElement("button");
  b.textContent = "Cancel";
  b.id = "cancel";
  b.onclick = () => {
    entered = [];
    selected = null;
    renderHighlights();
  };
  return b;
}

/**
 * Draws a game's boards with `cells` on them into `area`; `interactive`
 * boards take clicks and drags.
 * @param {HTMLElement} area
 * @param {{variant: string, files: number, ranks: number, boards: string[], marked: string[]}} s
 * @param {Cell[]} cells
 * @param {number} size pixels a cell
 * @param {boolean} interactive
 */
function drawBoards(area, s, cells, size, interactive) {
  area.replaceChildren();
  // The user's side at the bottom, as a player expects when playing Black.
  const blackBelow = flipped !== (state !== null && state.mode === "play" && state.user_side === "b");
  area.style.setProperty("--cell", `${size}px`);
  const pieces = new Map(cells.map((c) => [c.square, c]));
  const boardNames = boardTitles(s.variant);
  s.boards.forEach((prefix, index) => {
    const wrap = document.createElement("div");
    wrap.className = "board-wrap";
    if (boardNames[index]) {
      const h = document.createElement("h4");
      // Square names carry the board's prefix (Ea5, 2d4): say so once.
      h.textContent = `${boardNames[index]} (squares ${prefix}a1 to ${prefix}${String.fromCharCode(96 + s.files)}${s.ranks})`;
      wrap.appendChild(h);
    }
    const grid = document.createElement("div");
    grid.className = "board";
    if (interactive) grid.dataset.board = prefix || "main";
    grid.style.gridTemplateColumns = `repeat(${s.files}, var(--cell))`;
    for (let row = 0; row < s.ranks; row++) {
      for (let col = 0; col < s.files; col++) {
        const rank = blackBelow ? row : s.ranks - 1 - row;
        const file = blackBelow ? s.files - 1 - col : col;
        const name = `${prefix}${String.fromCharCode(97 + file)}${rank + 1}`;
        const cell = document.createElement("div");
        cell.className = `cell ${(file + rank) % 2 === 0 ? "dark" : "light"}`;
        // The page's contract names the game's cells; a diagram's are its own.
        if (interactive) cell.dataset.square = name;
        else cell.dataset.diagramSquare = name;
        const content = pieces.get(name);
        if (content && content.hole) cell.dataset.hole = "";
        if (s.marked.includes(name)) {
          cell.classList.add("xsq");
          cell.title = "X square: captured Warriors and Eagles come back here";
        }
        if (row === s.ranks - 1) addCoord(cell, "f", String.fromCharCode(97 + file));
        if (col === 0) addCoord(cell, "r", `${rank + 1}`);
        if (content && !content.hole) {
          const p = document.createElement("div");
          p.className = "piece";
          if (interactive) p.dataset.piece = content.piece;
          p.title = pieceName(s.variant, content.piece.toUpperCase());
          p.innerHTML = pieceSvg(s.variant, content.piece);
          if (interactive) {
            p.draggable = true;
            p.ondragstart = () => {
              selected = null;
              click(name);
            };
          }
          if (content.mark) {
            const m = document.createElement("span");
            m.className = "mark";
            m.textContent = content.mark;
            p.title += MARKS[content.mark] ? ` (${MARKS[content.mark]})` : "";
            p.appendChild(m);
          }
          cell.appendChild(p);
        }
        if (interactive) {
          cell.onclick = () => click(name);
          cell.ondragover = (e) => e.preventDefault();
          cell.ondrop = (e) => {
            e.preventDefault();
            click(name);
          };
        }
        grid.appendChild(cell);
      }
    }
    wrap.appendChild(grid);
    area.appendChild(wrap);
  });
}

/** Draws the boards, pieces and coordinates. */
function render() {
  if (!state) return;
  const s = state;
  const area = el("boards");
  const size = s.files > 10 ? 38 : s.boards.length > 2 ? 44 : 58;
  drawBoards(area, s, s.position.cells, size, true);
  document.body.dataset.fen = s.position.fen;
  document.body.dataset.variant = s.variant;
  document.body.dataset.status = s.thinking ? "thinking" : "ready";
  /** @type {HTMLInputElement} */ (el("fen")).value = s.position.fen;
  /** @type {HTMLSelectElement} */ (el("variant")).value = s.variant;
  /** @type {HTMLSelectElement} */ (el("mode")).value = s.mode;
  /** @type {HTMLSelectElement} */ (el("side")).value = s.user_side;
  /** @type {HTMLAnchorElement} */ (el("rules")).href = s.variant === "chess" ? "https://www.fide.com/FIDE/handbook/LawsOfChess.pdf" : `rules/${s.variant}.md`;
  el("hint").textContent = `${BASE_HINT} ${HINTS[s.variant] || ""}`;
  renderStatus();
  renderClocks();
  renderMoves();
  renderLegend();
  renderHighlights();
  renderAnalysis();
}

/**
 * Magician: a spell whose target's piece falls (`<hole><target>x`) shows
 * that piece falling into the hole the target became.
 * @param {State|null} before @param {State} now
 */
function showFall(before, now) {
  if (!before || now.variant !== "magician" || before.variant !== now.variant) return;
  if (now.shown !== null || now.history.length !== before.history.length + 1) return;
  const spell = now.history[now.history.length - 1].token.match(/^[a-g][1-7]([a-g][1-7])x$/);
  if (!spell) return;
  const fallen = before.position.cells.find((c) => c.square === spell[1] && !c.hole);
  const cell = document.querySelector(`[data-square="${spell[1]}"]`);
  if (!fallen || !cell) return;
  const ghost = ghostPiece(now.variant, fallen.piece, "falling");
  ghost.dataset.falling = fallen.piece;
  ghost.addEventListener("animationend", () => ghost.remove());
  cell.appendChild(ghost);
  document.body.dataset.fell = `${fallen.piece}@${spell[1]}`;
}

/**
 * A piece drawn over a cell that is not in the position (one falling, one
 * being placed): no `data-piece`, so the page's contract ignores it.
 * @param {string} variant @param {string} letter @param {string} kind
 */
function ghostPiece(variant, letter, kind) {
  const ghost = document.createElement("div");
  ghost.className = `piece ${kind}`;
  ghost.innerHTML = pieceSvg(variant, letter);
  return ghost;
}

/** What Advanced Wizard's marks after a piece mean. @type {Record<string, string>} */
const MARKS = { "*": "may make its first move", "~": "promoted: does not promote again", "^": "questing" };

/** How to enter the moves a game has beyond plain ones. @type {Record<string, string>} */
const HINTS = {
  magician: "Spells: click a hole, then the square beside it that it swaps with (a chooser asks whether its piece is carried or falls).",
  vanguard: "Shots and double moves: click the piece, then each leg's square in turn; the shooter's shot ends back where it stands.",
  advancedwizard:
    "Black moves first. A captured Warrior or Eagle comes back on a free X square (dashed): click that square first, then play the turn. Marks: * may make its first move, ~ promoted, ^ questing.",
  parallelworlds:
    "A turn is up to three sub-moves (two in White's first), each ending on another level; pieces also move between levels. End turn stops early.",
};

/** @param {string} variant */
function boardTitles(variant) {
  if (variant === "advancedwizard") return ["Earth", "Sky"];
  if (variant === "parallelworlds") return ["Level 1", "Level 2", "Level 3"];
  return [""];
}

/** @param {HTMLElement} cell @param {string} kind @param {string} text */
function addCoord(cell, kind, text) {
  const c = document.createElement("span");
  c.className = `coord ${kind}`;
  c.textContent = text;
  cell.appendChild(c);
}

/** Marks the selected square, the destinations, the last move. */
function renderHighlights() {
  if (!state) return;
  document.querySelectorAll("#boards .cell").forEach((c) => c.classList.remove("sel", "dest", "last", "pendingsq"));
  const mark = (/** @type {string|null} */ sq, /** @type {string} */ cls) => {
    if (!sq) return;
    const c = document.querySelector(`[data-square="${sq}"]`);
    if (c) c.classList.add(cls);
  };
  const legs = nextLegs();
  if (selected) {
    mark(selected, "sel");
    legs.filter((l) => l.from === selected).forEach((l) => mark(l.to, "dest"));
  }
  legs.filter((l) => l.from === null).forEach((l) => mark(l.to, "dest"));
  document.querySelectorAll(".entering").forEach((e) => e.remove());
  entered.forEach((l) => {
    mark(l.from, "pendingsq");
    mark(l.to, "pendingsq");
    // A placement entered but not sent yet: its piece is shown already.
    const cell = document.querySelector(`[data-square="${l.to}"]`);
    if (l.drop && cell && state) {
      const letter = state.position.side === "w" ? l.drop.toUpperCase() : l.drop.toLowerCase();
      cell.appendChild(ghostPiece(state.variant, letter, "entering"));
    }
  });
  const last = state.history[state.history.length - 1];
  if (last && state.shown === null && state.pending.length === 0) {
    for (const leg of last.legs) {
      mark(leg.from, "last");
      mark(leg.to, "last");
    }
  }
  if (clickAt) {
    const at = clickAt;
    afterPaint(() => (document.body.dataset.highlightMs = String(Math.round(performance.now() - at))));
    clickAt = 0;
  }
  const entry = el("entry");
  entry.replaceChildren();
  const c = candidates();
  const complete = c.filter((p) => p.legs.length === entered.length && entered.length > 0);
  const endTurn = state.plies.find((p) => p.token === "");
  if (entered.length > 0) {
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
    info.textContent = `Turn so far: ${state.pending.join(", ")} `;
    entry.appendChild(info);
    const undo = document.createElement("button");
    undo.textContent = "Take back sub-move";
    undo.onclick = () => send({ t: "undo" });
    entry.appendChild(undo);
  }
  if (endTurn && entered.length === 0) {
    const b = document.createElement("button");
    b.textContent = "End turn";
    b.id = "end-turn";
    b.onclick = () => sendPly("");
    entry.appendChild(b);
  }
}

/** The games of the file opened, to pick one. @param {Recorded[]} games */
function renderGames(games) {
  const pick = /** @type {HTMLSelectElement} */ (el("game-pick"));
  pick.replaceChildren(
    ...games.map((g, i) => new Option(`${i + 1}. ${g.white} - ${g.black} ${g.result} (${g.variant}, ${g.turns} turns)`, String(i))),
  );
  pick.hidden = false;
}

/** The two clocks of a timed game, counting down between messages. */
function renderClocks() {
  const box = el("clocks");
  const c = state && state.clock;
  box.hidden = !c;
  if (!c) return;
  const since = performance.now() - stateAt;
  for (const side of ["w", "b"]) {
    const base = side === "w" ? c.white_ms : c.black_ms;
    const ms = Math.max(0, c.running === side ? base - since : base);
    const span = el(`clock-${side}`);
    const s = Math.ceil(ms / 1000);
    const text = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    span.textContent = `${side === "w" ? "White" : "Black"} ${ms < 10000 ? (ms / 1000).toFixed(1) : text}`;
    span.className = c.running === side ? "running" : "";
  }
}

function renderStatus() {
  if (!state) return;
  const s = state;
  const replay = el("replay");
  replay.hidden = !s.replay;
  if (s.replay) {
    const r = s.replay;
    replay.textContent = `${r.event ? `${r.event}: ` : ""}${r.white} (White) vs ${r.black} (Black), ${r.result}${r.reason ? `: ${r.reason}` : ""}`;
    /** @type {HTMLSelectElement} */ (el("game-pick")).value = String(r.index);
  } else {
    el("game-pick").hidden = true;
  }
  let text;
  if (s.outcome) {
    text = `${s.outcome.result}: ${s.outcome.reason}`;
  } else {
    const side = s.position.side === "w" ? "White" : "Black";
    text = s.thinking ? `${side} to move: the engine is thinking` : `${side} to move`;
  }
  if (s.shown !== null) text += ` (viewing after turn ${s.shown})`;
  el("status").textContent = `${s.name}: ${text}`;
  document.body.dataset.outcome = s.outcome ? s.outcome.result : "";
}

function renderMoves() {
  if (!state) return;
  const s = state;
  const list = el("moves");
  list.replaceChildren();
  /** @param {string} text @param {number} turn @param {string} title */
  const entry = (text, turn, title) => {
    const span = document.createElement("span");
    span.textContent = text;
    span.title = title;
    span.dataset.turn = String(turn);
    const current = s.shown === null ? turn === s.history.length : s.shown === turn;
    if (current) span.className = "current";
    span.onclick = () => send({ t: "goto", turn });
    return span;
  };
  const start = entry("start", 0, s.start_fen);
  delete start.dataset.turn;
  list.appendChild(start);
  // Rows of two turns numbered as moves; a game that starts with Black to
  // move (other than Advanced Wizard, where Black moves first) opens "1. ...".
  const first = s.history[0];
  const offset = first && first.side.startsWith("b") && s.variant !== "advancedwizard" ? 1 : 0;
  /** @type {HTMLElement|null} */
  let row = null;
  s.history.forEach((turn, i) => {
    const slot = i + offset;
    if (!row || slot % 2 === 0) {
      row = document.createElement("div");
      row.className = "row";
      const num = document.createElement("span");
      num.className = "num";
      num.textContent = `${Math.floor(slot / 2) + 1}.`;
      row.appendChild(num);
      if (slot % 2 === 1) {
        const gap = document.createElement("span");
        gap.className = "gap";
        gap.textContent = "...";
        row.appendChild(gap);
      }
      list.appendChild(row);
    }
    row.appendChild(entry(turn.san, i + 1, turn.token));
  });
  list.scrollTop = list.scrollHeight;
}

function renderLegend() {
  if (!state) return;
  const legend = el("legend");
  const names = /** @type {Record<string, Record<string, string>>} */ (PIECE_NAMES)[state.variant] || {};
  if (legend.dataset.variant === state.variant) return;
  legend.dataset.variant = state.variant;
  legend.replaceChildren();
  el("diagram").hidden = true;
  for (const [letter, name] of Object.entries(names)) {
    const li = document.createElement("li");
    li.dataset.legend = letter;
    li.title = "Show its moves on an empty board";
    li.innerHTML = `${pieceSvg(state.variant, letter)} <span>${letter}: ${name}</span>`;
    li.onclick = () => send({ t: "piece", letter });
    legend.appendChild(li);
  }
}

function renderAnalysis() {
  const best = lines.get(1);
  // The bar means something only while the engine reports.
  el("evalbar").hidden = lines.size === 0;
  const fill = el("evalfill");
  if (best) {
    const cp = best.mate !== null ? (best.mate > 0 ? 1000 : -1000) : best.cp || 0;
    const share = 50 + 50 * (2 / (1 + Math.exp(-cp / 250)) - 1);
    fill.style.height = `${share}%`;
  }
  const text = [...lines.values()]
    .sort((a, b) => a.multipv - b.multipv)
    .map((l) => {
      const score = l.mate !== null ? `#${l.mate}` : `${((l.cp || 0) / 100).toFixed(2)}`;
      return `${l.multipv}. depth ${l.depth} ${score} ${l.san.slice(0, 10).join(" ")}`;
    })
    .join("\n");
  const nps = best ? ` ${(best.nps / 1000).toFixed(0)} kN/s` : "";
  el("lines").textContent = state && state.thinking ? `${lastNodes} nodes${nps}\n${text}` : text;
  drawArrows(best);
}

/** @param {Info|undefined} best */
function drawArrows(best) {
  document.querySelectorAll("svg.arrow").forEach((a) => a.remove());
  if (!best || !state || !state.thinking) return;
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

/**
 * A piece alone on the board and the squares it reaches (a legend entry
 * clicked): first legs marked like destinations, later legs (shots,
 * second steps) ringed.
 * @param {{letter: string, square: string, position: Position, first: string[], later: string[]}} m
 */
function renderDiagram(m) {
  if (!state) return;
  const box = el("diagram");
  box.hidden = false;
  el("diagram-title").textContent = `${pieceName(state.variant, m.letter)} (${m.letter}) from ${m.square}: ${m.first.length} squares`;
  const area = el("diagram-boards");
  const size = state.files > 10 ? 18 : state.boards.length > 1 ? 22 : 30;
  drawBoards(area, state, m.position.cells, size, false);
  box.dataset.letter = m.letter;
  box.dataset.count = String(m.first.length);
  for (const [list, cls] of /** @type {[string[], string][]} */ ([[m.first, "dest"], [m.later, "later"]])) {
    for (const sq of list) {
      const c = area.querySelector(`[data-diagram-square="${sq}"]`);
      if (c) c.classList.add(cls);
    }
  }
  const from = area.querySelector(`[data-diagram-square="${m.square}"]`);
  if (from) from.classList.add("sel");
  // Below the legend, often under the window's edge: bring it into view.
  box.scrollIntoView({ block: "nearest" });
}

/** @param {any} m */
function renderDeck(m) {
  const lines = m.findings.map((/** @type {any} */ f) => `${f.line ? `line ${f.line}` : "deck"}: ${f.severity} ${f.rule}: ${f.message}`);
  el("deck-report").textContent = `${m.legal ? "legal" : "illegal"} (${m.errors} errors, ${m.warnings} warnings)\n${lines.join("\n")}`;
}

function pgn() {
  if (!state) return "";
  const white = state.replay ? state.replay.white : "?";
  const black = state.replay ? state.replay.black : "?";
  const tags = [
    `[Event "Arcana GUI"]`,
    `[White "${white}"]`,
    `[Black "${black}"]`,
    `[Variant "${state.variant}"]`,
    `[FEN "${state.start_fen}"]`,
    `[SetUp "1"]`,
    `[Result "${state.outcome ? state.outcome.result : "*"}"]`,
  ];
  const moves = state.history.map((t, i) => (i % 2 === 0 ? `${Math.floor(i / 2) + 1}. ${t.san}` : t.san));
  return `${tags.join("\n")}\n\n${moves.join(" ")} ${state.outcome ? state.outcome.result : "*"}\n`;
}

/**
 * The text of the file a file input chose; `null` (with a message) when
 * none was chosen or it is over the server's limit.
 * @param {Event} e
 * @returns {Promise<string|null>}
 */
async function upload(e) {
  const files = /** @type {HTMLInputElement} */ (e.target).files;
  if (!files || !files[0]) return null;
  if (files[0].size > MAX_UPLOAD) {
    el("message").textContent = `${files[0].name} is ${(files[0].size / 1048576).toFixed(1)} MiB: files up to 4 MiB open here`;
    return null;
  }
  return files[0].text();
}

function wire() {
  el("variant").onchange = (e) => send({ t: "new", variant: /** @type {HTMLSelectElement} */ (e.target).value });
  el("mode").onchange = (e) => send({ t: "settings", mode: /** @type {HTMLSelectElement} */ (e.target).value });
  el("side").onchange = (e) => send({ t: "settings", side: /** @type {HTMLSelectElement} */ (e.target).value });
  el("limit").onchange = (e) => {
    const [kind, value] = /** @type {HTMLSelectElement} */ (e.target).value.split(":");
    if (kind === "clock") {
      const [base, inc] = value.split("+").map(Number);
      send({ t: "settings", clock: { base_ms: base, inc_ms: inc } });
    } else {
      send({ t: "settings", limits: { [kind]: Number(value) }, clock: { base_ms: 0, inc_ms: 0 } });
    }
  };
  setInterval(renderClocks, 100);
  el("multipv").onchange = (e) => send({ t: "settings", multipv: Number(/** @type {HTMLInputElement} */ (e.target).value) });
  el("threads").onchange = (e) => send({ t: "settings", threads: Number(/** @type {HTMLInputElement} */ (e.target).value) });
  el("hash").onchange = (e) => send({ t: "settings", hash: Number(/** @type {HTMLInputElement} */ (e.target).value) });
  el("new").onclick = () => state && send({ t: "new", variant: state.variant });
  el("undo").onclick = () => send({ t: "undo" });
  el("flip").onclick = () => {
    flipped = !flipped;
    render();
  };
  el("go").onclick = () => send({ t: "go" });
  el("diagram-close").onclick = () => (el("diagram").hidden = true);
  el("stop").onclick = () => send({ t: "stop" });
  el("setfen").onclick = () => state && send({ t: "new", variant: state.variant, fen: /** @type {HTMLInputElement} */ (el("fen")).value });
  el("copyfen").onclick = () => state && navigator.clipboard.writeText(state.position.fen);
  el("copypgn").onclick = () => navigator.clipboard.writeText(pgn());
  el("play-typed").onclick = () => send({ t: "move", text: /** @type {HTMLInputElement} */ (el("typed")).value });
  el("open-file").onchange = async (e) => {
    const text = await upload(e);
    if (text !== null) send({ t: "open", text });
  };
  el("game-pick").onchange = (e) => send({ t: "pick", index: Number(/** @type {HTMLSelectElement} */ (e.target).value) });
  el("deck-check").onclick = () => send({ t: "deck", text: /** @type {HTMLTextAreaElement} */ (el("deck-text")).value });
  el("deck-file").onchange = async (e) => {
    const text = await upload(e);
    if (text !== null) /** @type {HTMLTextAreaElement} */ (el("deck-text")).value = text;
  };
  const showDeck = () => {
    el("deck").hidden = location.hash !== "#deck";
  };
  window.addEventListener("hashchange", showDeck);
  showDeck();
  document.addEventListener("keydown", (e) => {
    if (!state || (e.target instanceof HTMLInputElement) || (e.target instanceof HTMLTextAreaElement)) return;
    const end = state.history.length;
    const at = state.shown === null ? end : state.shown;
    if (e.key === "ArrowLeft" && at > 0) send({ t: "goto", turn: at - 1 });
    if (e.key === "ArrowRight" && at < end) send({ t: "goto", turn: at + 1 });
    if (e.key === "Escape") {
      entered = [];
      selected = null;
      renderHighlights();
    }
  });
}

wire();
connect();
