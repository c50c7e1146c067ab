#!/usr/bin/env python3
"""Regenerates perft/data/chess-suite.epd and chess960-suite.epd.

Positions come from seeded random games (python-chess), picked so that every
special rule shows up: en passant, castling (both wings, partial rights),
promotions and under-promotions, checks, double checks, pins and endgames.
The counts come from Debian's Stockfish (`go perft N`), an independent
reference. Not run by the tests; rerun by hand from the repository root:
    pip install chess==1.11.2 && python3 perft/data/tools/make_suite.py
The output is deterministic: the same python-chess (1.11.2 wrote the committed
files; another version may order moves differently and pick other positions)
gives byte-identical files, and the counts are Stockfish's whatever its version.
"""
import argparse
import os
import random
import subprocess
import sys

import chess

STOCKFISH = "/usr/games/stockfish"


def stockfish_perft(fen, depth, chess960):
    cmds = ["uci", f"setoption name UCI_Chess960 value {'true' if chess960 else 'false'}",
            f"position fen {fen}", f"go perft {depth}", "quit"]
    out = subprocess.run([STOCKFISH], input="\n".join(cmds) + "\n", capture_output=True,
                         text=True, check=True).stdout
    for line in out.splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1])
    raise RuntimeError(f"no perft answer for {fen}")


def features(board):
    tags = set()
    legal = list(board.legal_moves)
    if any(board.is_en_passant(m) for m in legal):
        tags.add("ep")
    if any(board.is_castling(m) for m in legal):
        tags.add("castle")
    if board.castling_rights and not any(board.is_castling(m) for m in legal):
        tags.add("rights")
    if any(m.promotion for m in legal):
        tags.add("promo")
    if board.is_check():
        tags.add("check")
        if len(board.checkers()) > 1:
            tags.add("double")
    if any(board.is_pinned(board.turn, sq) for sq in board.pieces(chess.PAWN, board.turn) |
           board.pieces(chess.KNIGHT, board.turn) | board.pieces(chess.BISHOP, board.turn) |
           board.pieces(chess.ROOK, board.turn) | board.pieces(chess.QUEEN, board.turn)):
        tags.add("pin")
    if len(board.piece_map()) <= 10:
        tags.add("endgame")
    return tags


def random_positions(rng, start, chess960, count_per_tag, tags_wanted):
    found = {t: [] for t in tags_wanted}
    seen = set()
    tries = 0
    while any(len(v) < count_per_tag for v in found.values()) and tries < 200000:
        tries += 1
        board = chess.Board(start, chess960=chess960)
        plies = rng.randint(4, 120)
        for _ in range(plies):
            legal = list(board.legal_moves)
            if not legal:
                break
            # Prefer pawn moves and captures so games reach promotions.
            pawnish = [m for m in legal if board.piece_type_at(m.from_square) == chess.PAWN
                       or board.is_capture(m)]
            board.push(rng.choice(pawnish if pawnish and rng.random() < 0.6 else legal))
            if board.is_game_over():
                break
            fen = board.fen()
            if fen in seen:
                continue
            # In the fixed order of tags_wanted: a set's order changes from
            # run to run (string hashing is randomised), and so would the
            # positions picked.
            feats = features(board)
            for t in (t for t in tags_wanted if t in feats):
                if len(found[t]) < count_per_tag and rng.random() < 0.15:
                    found[t].append(fen)
                    seen.add(fen)
                    break
    return [f for v in found.values() for f in v]


def write_suite(path, fens, depths, chess960, header):
    with open(path, "w") as f:
        f.write(header)
        for fen in fens:
            counts = " ".join(f";D{d} {stockfish_perft(fen, d, chess960)}" for d in depths)
            f.write(f"{fen} {counts}\n")
            print(path, fen, counts, file=sys.stderr)


def write_san(path, fens):
    """Every legal move of each position as uci=san, written by python-chess."""
    with open(path, "w") as f:
        f.write("# SAN reference from python-chess: <fen> | <uci>=<san> ... for every legal move.\n")
        for fen in fens:
            board = chess.Board(fen)
            pairs = sorted(f"{m.uci()}={board.san(m)}" for m in board.legal_moves)
            f.write(f"{fen} | {' '.join(pairs)}\n")


def main():
    global STOCKFISH
    ap = argparse.ArgumentParser(
        description="Regenerate the chess perft suites (positions from python-chess, "
                    "counts from Stockfish) and the SAN reference.")
    ap.add_argument("--out", default="perft/data",
                    help="directory to write chess-suite.epd, chess960-suite.epd and "
                         "chess-san.txt into (default: perft/data, replacing them)")
    ap.add_argument("--san-only", action="store_true",
                    help="only rewrite chess-san.txt from the positions of chess-suite.epd")
    ap.add_argument("--stockfish", default=STOCKFISH, help="the Stockfish binary")
    a = ap.parse_args()
    STOCKFISH = a.stockfish
    os.makedirs(a.out, exist_ok=True)
    suite = os.path.join(a.out, "chess-suite.epd")
    san = os.path.join(a.out, "chess-san.txt")
    if a.san_only:
        with open(suite) as f:
            fens = [line.split(";")[0].strip() for line in f if not line.startswith("#")]
        write_san(san, fens)
        return
    rng = random.Random(20261121)
    tags = ["ep", "castle", "rights", "promo", "check", "double", "pin", "endgame"]
    fens = random_positions(rng, chess.STARTING_FEN, False, 16, tags)
    write_suite(suite, fens, [1, 2, 3, 4], False,
                "# Orthodox chess perft suite: seeded random positions covering en passant,\n"
                "# castling, promotions, checks, pins and endgames (python-chess 1.11.2).\n"
                "# Counts from Stockfish 15.1 (go perft). Regenerate with\n"
                "# perft/data/tools/make_suite.py.\n")
    write_san(san, fens)
    fens960 = []
    for n in rng.sample(range(960), 12):
        start = chess.Board.from_chess960_pos(n).fen()
        fens960 += random_positions(rng, start, True, 1, ["castle", "rights", "ep"])
    fens960 = [chess.Board.from_chess960_pos(n).fen() for n in (0, 518, 959)] + fens960
    write_suite(os.path.join(a.out, "chess960-suite.epd"), fens960, [1, 2, 3, 4], True,
                "# Chess960 perft suite (X-FEN castling): start positions and seeded random\n"
                "# positions with castling rights (python-chess 1.11.2). Counts from\n"
                "# Stockfish 15.1 with UCI_Chess960. Regenerate with\n"
                "# perft/data/tools/make_suite.py.\n")


if __name__ == "__main__":
    main()
