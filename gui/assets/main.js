// @ts-check
// The page: connects to the server, draws what it sends and wires the
// controls. It computes no rule and knows no game: the games, each game's
// boards and pieces, the legal plies (split into legs), the notation and
// the move numbers all come from the server.

import { afterPaint, el, page, send } from "./state.js";
import { drawBoards, showFall } from "./board.js";
import { cancel, click, playHere, renderHighlights, renderOffscreen } from "./entry.js";
import { renderAnalysis } from "./engine.js";
import { gotPgn, renderGames, renderMoves, renderReplay, stepKeys, upload, wireReplay } from "./replay.js";
import { gotSample, renderDeck, wireDeck } from "./deck.js";
import { renderDiagram, renderLegend } from "./legend.js";
import { fit } from "./layout.js";

/** @typedef {import("./state.js").State} State */

const params = new URLSearchParams(location.search);
/** The hint every game shares (the page's own text). */
const BASE_HINT = document.getElementById("hint")?.textContent || "";

function connect() {
  const socket = new WebSocket(`ws://${location.host}/ws`);
  page.socket = socket;
  socket.onopen = () => {
    const movetime = params.get("movetime");
    if (movetime) showLimit(`movetime:${Number(movetime)}`);
    // One message, so that the first state the page draws is this game's
    // (no variant: the server's first game).
    const moves = (params.get("moves") || "").split(" ").filter((m) => m);
    // The games this tab loaded from definitions come back first, so that
    // a reload finds its game.
    const defined = sessionStorage.getItem(DEFINED_KEY);
    if (defined) send({ t: "variants", text: defined, keep: true });
    send({
      t: "new",
      variant: params.get("variant"),
      fen: params.get("fen") || null,
      mode: params.get("mode") || "play",
      limits: movetime ? { movetime: Number(movetime) } : null,
      moves: moves.length > 0 ? moves : null,
    });
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    document.body.dataset.status = "disconnected";
    el("status").textContent = "Disconnected from the engine: reload the page.";
  };
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

/** The game menu, from the server's catalogue. */
function renderCatalog() {
  const select = /** @type {HTMLSelectElement} */ (el("variant"));
  select.replaceChildren(...page.catalog.map((g) => new Option(g.name, g.id)));
  if (page.state) select.value = page.state.variant;
}

/** @param {any} m */
function receive(m) {
  switch (m.t) {
    case "catalog":
      page.catalog = m.games;
      renderCatalog();
      break;
    case "spec":
      page.spec = m;
      break;
    case "state": {
      const before = page.state;
      if (before && (before.position.fen !== m.position.fen || before.shown !== m.shown)) {
        page.lines.clear();
      }
      // Fewer lines asked for: the others go.
      for (const n of [...page.lines.keys()]) if (n > m.multipv) page.lines.delete(n);
      // The FEN box keeps what the user typed until the position changes
      // (a FEN with a typo stays there beside its error).
      if (!before || before.position.fen !== m.position.fen) {
        /** @type {HTMLInputElement} */ (el("fen")).value = m.position.fen;
      }
      page.state = m;
      page.stateAt = performance.now();
      const shown = m.shown === null ? m.history.length : m.shown;
      if (page.asked === shown) page.asked = null;
      page.entered = [];
      page.selected = null;
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
      page.lines.set(m.multipv, m);
      page.lastNodes = m.nodes;
      renderAnalysis();
      break;
    case "tick":
      page.lastNodes = m.nodes;
      renderAnalysis();
      break;
    case "error":
      el("message").textContent = m.message;
      el("define-status").textContent = "";
      el("define-errors").hidden = true;
      // The deck view has its own place for them.
      el("deck-message").textContent = location.hash === "#deck" ? m.message : "";
      break;
    case "deck":
      renderDeck(m);
      break;
    case "decksample":
      gotSample(m.text);
      break;
    case "diagram":
      renderDiagram(m);
      break;
    case "games":
      renderGames(m.games);
      break;
    case "pgn":
      gotPgn(m.text);
      break;
    case "loaded":
      if (sentDefinition !== null) {
        const before = sessionStorage.getItem(DEFINED_KEY);
        sessionStorage.setItem(DEFINED_KEY, before ? `${before}\n${sentDefinition}` : sentDefinition);
        sentDefinition = null;
      }
      el("message").textContent = "";
      el("define-status").textContent = `Loaded: ${m.games.join(", ")}`;
      {
        // The sections that did not load, each with its line and why.
        const errors = el("define-errors");
        const list = m.errors || [];
        errors.hidden = list.length === 0;
        errors.textContent = list.length ? `${m.summary}\n${list.join("\n")}` : "";
      }
      break;
  }
}

/** Draws everything of the state. */
function render() {
  const s = page.state;
  const spec = page.spec;
  if (!s || !spec) return;
  const { cell, perRow, wide } = fit();
  const boards = el("boards");
  boards.style.gridTemplateColumns = `repeat(${perRow}, max-content)`;
  document.body.classList.toggle("narrow", !wide);
  drawBoards(boards, s.position.cells, cell, click, s.position.hands);
  document.body.dataset.fen = s.position.fen;
  document.body.dataset.variant = s.variant;
  document.body.dataset.status = s.thinking ? "thinking" : "ready";
  /** @type {HTMLSelectElement} */ (el("variant")).value = s.variant;
  /** @type {HTMLSelectElement} */ (el("mode")).value = s.mode;
  /** @type {HTMLSelectElement} */ (el("side")).value = s.user_side;
  const rules = /** @type {HTMLAnchorElement} */ (el("rules"));
  rules.hidden = !spec.rules;
  rules.href = spec.rules || "#";
  el("hint").textContent = `${BASE_HINT} ${spec.hint}`;
  renderEngineButtons();
  followInAddress();
  renderReplay();
  renderStatus();
  renderClocks();
  renderMoves();
  renderLegend();
  renderHighlights();
  renderAnalysis();
}

/**
 * The address follows the game (its game, start, moves and mode), so that
 * a reload restores it and the address can be shared.
 */
function followInAddress() {
  const s = page.state;
  const spec = page.spec;
  if (!s || !spec) return;
  const next = new URLSearchParams();
  next.set("variant", s.variant);
  if (s.start_fen !== spec.start_fen) next.set("fen", s.start_fen);
  if (s.history.length > 0) next.set("moves", s.history.map((t) => t.token).join(" "));
  next.set("mode", s.mode);
  const movetime = params.get("movetime");
  if (movetime) next.set("movetime", movetime);
  const search = `?${next}`;
  if (location.search !== search) history.replaceState(null, "", search);
}

/** "Move now" while the engine thinks about a move; the engine's switch. */
function renderEngineButtons() {
  const s = page.state;
  if (!s) return;
  el("movenow").hidden = !(s.thinking && s.mode !== "analysis");
  // Resigning and offering a draw while a game is on.
  const on = !s.outcome && s.shown === null && (s.mode === "play" || s.mode === "human");
  el("resign").hidden = !on;
  el("draw").hidden = !on;
  const engine = el("engine");
  engine.textContent = s.engine_on ? "Engine on" : "Engine off";
  engine.setAttribute("aria-pressed", String(s.engine_on));
  engine.title = s.engine_on
    ? "The engine plays or analyses as the mode says: click to switch it off (the mode stays)"
    : "The engine is off: click to let it play or analyse again";
}

/** Whose move, the result, what the engine does. */
function renderStatus() {
  const s = page.state;
  if (!s) return;
  let text;
  if (s.outcome) {
    text = `${s.outcome.result}: ${s.outcome.reason}`;
  } else {
    const side = s.position.side === "w" ? "White" : "Black";
    text = s.thinking ? `${side} to move: the engine is thinking` : `${side} to move`;
  }
  if (s.shown !== null) text += ` (viewing after turn ${s.shown})`;
  if (s.mode === "analysis" && s.pending.length > 0) text += " (analysis waits for the end of the turn)";
  if (s.check.length > 0 && !s.outcome) text += ": check";
  el("status").textContent = `${s.name}: ${text}`;
  document.body.dataset.outcome = s.outcome ? s.outcome.result : "";
}

/** The two clocks of a timed game, counting down between messages. */
function renderClocks() {
  const box = el("clocks");
  const c = page.state && page.state.clock;
  box.hidden = !c;
  if (!c) return;
  const since = performance.now() - page.stateAt;
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

function wire() {
  /** @param {string} id @returns {string} */
  const value = (id) => /** @type {HTMLInputElement} */ (el(id)).value;
  el("variant").onchange = () => send({ t: "new", variant: value("variant") });
  el("mode").onchange = () => send({ t: "settings", mode: value("mode") });
  el("side").onchange = () => send({ t: "settings", side: value("side") });
  el("limit").onchange = () => {
    const [kind, amount] = value("limit").split(":");
    if (kind === "clock") {
      const [base, inc] = amount.split("+").map(Number);
      send({ t: "settings", clock: { base_ms: base, inc_ms: inc } });
    } else {
      send({ t: "settings", limits: { [kind]: Number(amount) }, clock: { base_ms: 0, inc_ms: 0 } });
    }
  };
  setInterval(renderClocks, 100);
  // The boards follow the window's size (a frame later: one redraw for a
  // drag of the window's edge).
  let resizing = 0;
  window.addEventListener("resize", () => {
    cancelAnimationFrame(resizing);
    resizing = requestAnimationFrame(render);
  });
  // Destinations scrolled into or out of view.
  window.addEventListener("scroll", renderOffscreen, { passive: true });
  el("multipv").onchange = () => send({ t: "settings", multipv: Number(value("multipv")) });
  el("threads").onchange = () => send({ t: "settings", threads: Number(value("threads")) });
  el("hash").onchange = () => send({ t: "settings", hash: Number(value("hash")) });
  el("new").onclick = () => page.state && send({ t: "new", variant: page.state.variant });
  el("undo").onclick = () => send({ t: "undo" });
  el("flip").onclick = () => {
    page.flipped = !page.flipped;
    render();
  };
  el("go").onclick = () => send({ t: "go" });
  el("diagram-close").onclick = () => (el("diagram").hidden = true);
  el("movenow").onclick = () => send({ t: "movenow" });
  el("resign").onclick = () => send({ t: "resign" });
  el("draw").onclick = () => send({ t: "draw" });
  el("engine").onclick = () => page.state && send({ t: "engine", on: !page.state.engine_on });
  el("setfen").onclick = () => page.state && send({ t: "new", variant: page.state.variant, fen: value("fen") });
  el("copyfen").onclick = () => page.state && navigator.clipboard.writeText(page.state.position.fen);
  const playTyped = () => {
    const text = value("typed").trim();
    if (text) playHere({ t: "move", text }, text);
  };
  el("play-typed").onclick = playTyped;
  el("typed").addEventListener("keydown", (e) => {
    if (e.key === "Enter") playTyped();
  });
  wireReplay();
  wireDefine();
  wireDeck();
  document.addEventListener("keydown", (e) => {
    if (!page.state || e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    stepKeys(e);
    if (e.key === "Escape") cancel();
  });
}

// For scripts and tests driving the page: its state, read-only by
// convention (`arcana.state.plies`, `arcana.spec.pieces`).
Object.assign(window, { arcana: page });

wire();
connect();

/** Where the tab keeps the definitions it loaded, for a reload. */
const DEFINED_KEY = "arcana-definitions";
/** The definition text last sent, kept once the server loads it. @type {string|null} */
let sentDefinition = null;

/** Wires the definition box: games written in a variants.ini, pasted or opened, join the menu. */
function wireDefine() {
  const area = /** @type {HTMLTextAreaElement} */ (el("define-text"));
  el("define-load").onclick = () => {
    sentDefinition = area.value;
    send({ t: "variants", text: area.value });
  };
  el("define-file").onchange = async (e) => {
    const input = /** @type {HTMLInputElement} */ (e.target);
    const text = await upload(e);
    if (text === null) return;
    area.value = text;
    sentDefinition = text;
    send({ t: "variants", text, name: input.files && input.files[0] ? input.files[0].name : undefined });
  };
}
