#!/usr/bin/env python3
"""Plays Arcana against Debian's Stockfish through python-chess.

Checks what a real client sees: legal moves only, no crash, no time loss,
over UCI or XBoard, optionally Chess960. Prints the score and Elo estimate.

  pip install chess
  python3 tools/vs_stockfish.py --games 20 --tc 2+0.05 --elo 1500
  python3 tools/vs_stockfish.py --proto xboard --games 4 --tc 1+0.01
  python3 tools/vs_stockfish.py --chess960 --games 4

Not run by the test suite: it needs Stockfish and takes minutes.
"""
import argparse
import math
import random
import sys
import time

import chess
import chess.engine
import chess.pgn


def open_engine(path, proto, options):
    if proto == "uci":
        eng = chess.engine.SimpleEngine.popen_uci(path)
    else:
        eng = chess.engine.SimpleEngine.popen_xboard(path)
    if options:
        eng.configure(options)
    return eng


def play_game(engines, names, board, base, inc, margin, log):
    """engines[0] plays White. Returns (result, termination)."""
    clock = [base, base]
    game_start = board.copy()
    while not board.is_game_over(claim_draw=True):
        side = 0 if board.turn == chess.WHITE else 1
        limit = chess.engine.Limit(
            white_clock=clock[0], black_clock=clock[1], white_inc=inc, black_inc=inc
        )
        t0 = time.monotonic()
        try:
            r = engines[side].play(board, limit, game=game_start)
        except chess.engine.EngineError as e:
            return ("0-1" if side == 0 else "1-0"), f"{names[side]} error: {e}"
        used = time.monotonic() - t0
        clock[side] -= used
        if clock[side] < -margin:
            return ("0-1" if side == 0 else "1-0"), f"{names[side]} lost on time ({clock[side]:.3f}s)"
        clock[side] += inc
        if r.move is None or r.move not in board.legal_moves:
            return ("0-1" if side == 0 else "1-0"), f"{names[side]} illegal move {r.move}"
        board.push(r.move)
    res = board.result(claim_draw=True)
    outcome = board.outcome(claim_draw=True)
    return res, outcome.termination.name.lower() if outcome else "?"


Z95 = 1.959963984540054


def elo_of(p):
    return -400 * math.log10(1 / p - 1)


def elo(wins, losses, draws):
    """Score, Elo difference and its 95% interval, always finite: the same
    figures as `arcana match` (trinomial variance; while a kind of result is
    missing, half a game of each kind more; a bound past a score of 0 or 1
    taken on the Elo scale)."""
    n = wins + losses + draws
    if n == 0:
        return 0.5, 0.0, float("-inf"), float("inf")
    score = (wins + draws / 2) / n
    p = score
    if p <= 0 or p >= 1:
        p = (wins + 0.5 + (draws + 0.5) / 2) / (n + 1.5)
    w, l, d = wins, losses, draws
    if 0 in (wins, losses, draws):
        w, l, d = w + 0.5, l + 0.5, d + 0.5
    q = (w + d / 2) / (w + l + d)
    var = (w * (1 - q) ** 2 + d * (0.5 - q) ** 2 + l * q ** 2) / (w + l + d)
    margin = Z95 * math.sqrt(var / n)
    e = elo_of(p)
    slope = 400 / (math.log(10) * p * (1 - p))
    low = elo_of(p - margin) if p - margin > 0 else e - margin * slope
    high = elo_of(p + margin) if p + margin < 1 else e + margin * slope
    return score, e, low, high


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arcana", default="target/release/arcana")
    ap.add_argument("--stockfish", default="/usr/games/stockfish",
                    help="the opponent (UCI); any other engine is run without Stockfish options")
    ap.add_argument("--proto", choices=["uci", "xboard"], default="uci")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--tc", default="2+0.05", help="base+inc in seconds")
    ap.add_argument("--elo", type=int, default=1500, help="Stockfish UCI_Elo (0: full strength)")
    ap.add_argument("--chess960", action="store_true")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--margin", type=float, default=0.1, help="seconds of clock overrun tolerated")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--random-plies", type=int, default=2)
    ap.add_argument("--pgn", default=None)
    a = ap.parse_args()
    base, inc = (float(x) for x in a.tc.split("+"))
    rng = random.Random(a.seed)

    ours = {"Hash": a.hash} if a.proto == "uci" else {}
    if a.threads > 1 and a.proto == "uci":
        ours["Threads"] = a.threads
    sf_opts = {"Hash": 16, "Threads": 1}
    if "stockfish" not in a.stockfish:
        sf_opts = {}
    elif a.elo:
        sf_opts.update({"UCI_LimitStrength": True, "UCI_Elo": a.elo})
    # python-chess sets UCI_Chess960 itself when the board is Chess960.
    arcana = open_engine(a.arcana, a.proto, ours)
    sf = open_engine(a.stockfish, "uci", sf_opts)
    score = 0.0
    wld = [0, 0, 0]
    problems = []
    pgn_out = open(a.pgn, "w") if a.pgn else None
    for g in range(a.games):
        if a.chess960:
            board = chess.Board.from_chess960_pos(rng.randrange(960))
        else:
            board = chess.Board()
            # A couple of random opening plies so games differ.
            for _ in range(a.random_plies):
                board.push(rng.choice(list(board.legal_moves)))
        # Each opening is played twice, colours swapped.
        if g % 2 == 1:
            board = last_opening.copy()
        last_opening = board.copy()
        arcana_white = g % 2 == 0
        engines = [arcana, sf] if arcana_white else [sf, arcana]
        names = ["Arcana", "Stockfish"] if arcana_white else ["Stockfish", "Arcana"]
        res, why = play_game(engines, names, board, base, inc, a.margin, sys.stderr)
        if pgn_out:
            game = chess.pgn.Game.from_board(board)
            game.headers.update({"White": names[0], "Black": names[1], "Result": res, "Termination": why})
            print(game, file=pgn_out, end="\n\n")
        ours_pts = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[res]
        if not arcana_white:
            ours_pts = 1.0 - ours_pts
        score += ours_pts
        wld[{1.0: 0, 0.0: 1, 0.5: 2}[ours_pts]] += 1
        if "illegal" in why or "time" in why or "error" in why:
            problems.append(f"game {g + 1}: {why}")
        print(f"game {g + 1}: {names[0]} - {names[1]} {res} ({why}); Arcana {score}/{g + 1}", flush=True)
    arcana.quit()
    sf.quit()
    p, d, low, high = elo(*wld)
    opponent = f"Stockfish(UCI_Elo={a.elo or 'max'})" if sf_opts else a.stockfish
    print(f"Arcana vs {opponent} at {a.tc} over {a.proto}: "
          f"+{wld[0]} -{wld[1]} ={wld[2]}, score {p:.3f}, "
          f"Elo difference {d:+.0f} (95% interval {low:+.0f} to {high:+.0f})")
    print("problems: " + ("; ".join(problems) if problems else "none"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
