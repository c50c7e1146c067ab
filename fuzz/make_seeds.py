#!/usr/bin/env python3
"""Writes the hand-made seeds of every fuzz target into its corpus
(fuzz/tests/__fuzz__/<target>/corpus/seed-*): the project's own perft
positions, real sessions, games written by `arcana match`, deck lists.
The fuzzer adds the inputs it finds beside them. Run from the repository
root after `cargo build --release` (the PGN seeds come from the binary):

    python3 fuzz/make_seeds.py
"""
import argparse
import os
import struct
import subprocess
import sys
import tempfile

VARIANTS = ["chess", "magician", "vanguard", "advancedwizard", "parallelworlds"]
EPD = {
    "chess": ["chess-standard.epd", "chess-suite.epd", "chess960-suite.epd"],
    "magician": ["magician.epd"],
    "vanguard": ["vanguard.epd"],
    "advancedwizard": ["advancedwizard.epd"],
    "parallelworlds": ["parallelworlds.epd"],
}

UCI = {
    "game": "position startpos moves e2e4 e7e5\ngo depth 3\nstop\nd\nposition startpos moves e2e4 e7e5 g1f3\ngo nodes 500\n",
    "switch": "go infinite\nsetoption name UCI_Variant value magician\nposition startpos moves c2c4\ngo infinite\nsetoption name UCI_Variant value vanguard\ngo infinite\nstop\nisready\n",
    "perft": "go perft 3\nposition fen 8/8/8/8/8/8/8/K6k w - - 0 1\ngo perft 2\nbench 1\nstop\ngo perft 99\nstop\n",
    "options": "setoption name Hash value 2\nsetoption name Threads value 2\nsetoption name MultiPV value 3\ngo depth 4 searchmoves e2e4 d2d4\nponderhit\nstop\nucinewgame\nsetoption name Clear Hash\nsetoption name Move Overhead value 10\nsetoption name Ponder value true\n",
    "errors": "position fen garbage\nposition startpos moves e2e5\ngo wtime x\nsetoption name Nonsense\nposition\nposition fen\ngo searchmoves\nbench x\nsetoption name Hash value 0\nsetoption name UCI_Variant value checkers\n",
    "clock": "position startpos\ngo wtime 1000 btime 1000 winc 10 binc 10 movestogo 20\nstop\ngo ponder wtime 500 btime 500\nponderhit\ngo mate 2\nstop\ngo movetime 30\neval\n",
    "chess960": "setoption name UCI_Chess960 value true\nposition fen bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\ngo perft 1\nposition fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1\nd\n",
    "magician": "setoption name UCI_Variant value magician\nposition startpos moves c2c4 e6e4\nd\ngo depth 3\nposition startpos moves c2c4 e6e4 d4e4\n",
    "vanguard": "setoption name UCI_Variant value vanguard\nposition startpos moves e3e7\ngo depth 2\nposition fen 16/16/16/16/16/16/5i10/4k11/4Z11/16/16/16/16/16/16/K15 w - 0 1 moves e8e9,e9f10\nd\n",
    "advancedwizard": "setoption name UCI_Variant value advancedwizard\nposition startpos moves Ea9Sb8\ngo depth 2\nd\neval\n",
    "parallelworlds": "setoption name UCI_Variant value parallelworlds\nposition startpos moves 1e21e4,3g13f3 1d71d5,3e73e5,1b82b8\ngo depth 3\nposition startpos moves 1e21e4,1d21d4\nd\n",
}

XBOARD = {
    "game": "new\nforce\nusermove e2e4\nusermove e7e5\nundo\nremove\nsd 2\ngo\nusermove g8f6\n",
    "vanguard": "new\nvariant vanguard\nforce\nsetboard 16/16/16/16/16/16/5i10/4k11/4Z11/16/16/16/16/16/16/K15 w - 0 1\nsd 2\ngo\n",
    "analyze": "analyze\nvariant magician\nusermove c2c4\nexit\nanalyze\nnew\nsetboard 4k3/8/8/8/8/8/8/4K2R w K - 0 1\nexit\n",
    "controls": "new\nst 0.1\nusermove e2e5\nusermove e2e4\n?\nplayother\nhard\neasy\npost\nnopost\nlevel 40 5 0\ntime 1000\notim 1000\nmemory 2\ncores 2\noption MultiPV=2\nresult 1-0 {x}\n",
    "parallelworlds": "variant parallelworlds\nforce\nusermove 1e21e4,3g13f3\nsd 2\ngo\nusermove 1e21e4,1e41e5\n",
    "advancedwizard": "new\nvariant advancedwizard\nsd 2\ngo\nforce\nusermove Ea9Sb8\nd\n",
    "fischerandom": "new\nvariant fischerandom\nforce\nsetboard 4k3/8/8/8/8/8/8/4K2R w K - 0 1\nusermove O-O\nd\nvariant nonsense\n",
    "errors": "usermove\nsetboard not a fen\nlevel 0 x 0\nmemory 0\nsd 0\nst -1\ntime soon\nfoo bar\nundo\nremove\n",
}

GAME_TOKENS = {
    "chess": "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1",
    "magician": "c2c4 e6e4",
    "vanguard": "e3e7",
    "advancedwizard": "Ea9Sb8",
    "parallelworlds": "1e21e4,3g13f3 1d71d5,3e73e5,1b82b8",
}
SAN = {"chess": "e4 e5 Nf3 Nc6 Bb5 a6 O-O Nf6 d4"}


def fens(variant, data):
    out = []
    for name in EPD[variant]:
        with open(os.path.join(data, name)) as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#"):
                    out.append(line.split(";")[0].strip())
    return out


def write(corpus, target, name, content):
    d = os.path.join(corpus, target, "corpus")
    os.makedirs(d, exist_ok=True)
    if isinstance(content, str):
        content = content.encode()
    with open(os.path.join(d, f"seed-{name}"), "wb") as f:
        f.write(content)


def moves_input(start, walk, choices, text):
    """The moves targets' input: start (2 bytes), walk length, 2 bytes a
    choice, then the words read as moves."""
    b = struct.pack("<HB", start, walk)
    for c in choices:
        b += struct.pack("<H", c)
    return b + text.encode()


def pgn_of(arcana, variant, notation, seed):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.pgn")
        subprocess.run(
            [arcana, "match", "--variant", variant, "--engine", "name=A", "--engine", "name=B",
             "--games", "1", "--depth", "1", "--maxplies", "30", "--random-plies", "4",
             "--seed", str(seed), "--quiet", "--pgn", path, "--pgn-notation", notation],
            capture_output=True, check=True)
        with open(path) as f:
            return f.read()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", default="fuzz/tests/__fuzz__")
    ap.add_argument("--data", default="perft/data")
    ap.add_argument("--arcana", default="target/release/arcana")
    a = ap.parse_args()
    for v in VARIANTS:
        all_fens = fens(v, a.data)
        for i, fen in enumerate(all_fens[:40]):
            write(a.corpus, f"fen_{v}", f"{i:02}", fen)
        write(a.corpus, f"moves_{v}", "start", moves_input(0, 0, [], GAME_TOKENS[v]))
        write(a.corpus, f"moves_{v}", "walk", moves_input(1, 8, list(range(7, 400, 23)), ""))
        if v in SAN:
            write(a.corpus, f"moves_{v}", "san", moves_input(0, 0, [], SAN[v]))
        for notation in ["token", "san"]:
            pgn = pgn_of(a.arcana, v, notation, 7)
            write(a.corpus, "pgn", f"{v}-{notation}", bytes([VARIANTS.index(v)]) + pgn.encode())
        lines = "\n".join(all_fens[:4]) + "\n# a comment\n\n"
        write(a.corpus, "openings", v, bytes([VARIANTS.index(v)]) + lines.encode())
    write(a.corpus, "openings", "epd",
          b"\x00" + b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";\n")
    for name, text in UCI.items():
        write(a.corpus, "uci_session", name, text)
    for name, text in XBOARD.items():
        write(a.corpus, "xboard_session", name, text)
    for v in VARIANTS:
        for name in EPD[v]:
            with open(os.path.join(a.data, name)) as f:
                write(a.corpus, "epd_suite", name, "".join(f.readlines()[:30]))
    with open("tests/data/deck/example.deck") as f:
        deck = f.read()
    write(a.corpus, "deck_list", "example", deck)
    write(a.corpus, "deck_list", "bolt", deck.replace("2 Lightning Bolt", "2 Swords to Plowshares"))
    write(a.corpus, "deck_list", "short", "King's colour: green\nQueen's colour: red\n4 Forest\n1 Craw Wurm [King's Bishop]\n1 Juzam Djinn [Queen]\n")
    # A weights file as tune-eval writes it, for the game the target reads.
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "capa.ini")
        with open(ini, "w") as f:
            f.write("[capa:capablanca]\n")
        listed = subprocess.run(
            [a.arcana, "--variants", ini, "tune-eval", "--variant", "capa", "--list"],
            capture_output=True, check=True, text=True).stdout
    write(a.corpus, "weights_file", "listed", listed)
    write(a.corpus, "weights_file", "some", "\n".join(
        l for l in listed.splitlines() if l.startswith(("game", "rules", "value", "tempo"))) + "\n")
    print("seeds written under", a.corpus, file=sys.stderr)


if __name__ == "__main__":
    main()
