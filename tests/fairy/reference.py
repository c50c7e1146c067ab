#!/usr/bin/env python3
"""Fairy-Stockfish's answers, through pyffish (its own Python binding), for
Arcana's differential tests of games defined in a variants.ini file.

Reads one JSON object from stdin:
  {"config": "<variants.ini text>",
   "jobs": [{"variant": name, "fen": start, "moves": [uci, ...], "perft": depth}]}
and writes one JSON array to stdout, one answer per job:
  {"legal": sorted legal moves after the moves,
   "perft": [leaf counts at depths 1..depth],
   "end": [is_immediate_game_end, value], "result": game_result or null,
   "optional": [is_optional_game_end, value] (repetitions, move counts),
   "fen": get_fen}
An error (a variant pyffish does not know, a move it rejects) is
{"error": "..."}. Exit status 3 when pyffish is missing.
"""
import json
import sys

try:
    import pyffish as sf
except ImportError:
    sys.exit(3)


def perft(variant, fen, moves, depth, out, level=0):
    legal = sf.legal_moves(variant, fen, moves)
    out[level] += len(legal)
    if level + 1 < depth:
        for m in legal:
            perft(variant, fen, moves + [m], depth, out, level + 1)


def answer(job):
    v, fen, moves = job["variant"], job["fen"], job.get("moves", [])
    legal = sf.legal_moves(v, fen, moves)
    out = {"legal": sorted(legal), "fen": sf.get_fen(v, fen, moves)}
    end = sf.is_immediate_game_end(v, fen, moves)
    out["end"] = [bool(end[0]), int(end[1])]
    optional = sf.is_optional_game_end(v, fen, moves)
    out["optional"] = [bool(optional[0]), int(optional[1])]
    out["result"] = int(sf.game_result(v, fen, moves)) if not legal else None
    depth = job.get("perft", 0)
    if depth:
        counts = [0] * depth
        perft(v, fen, moves, depth, counts)
        out["perft"] = counts
    return out


def main():
    request = json.load(sys.stdin)
    sf.load_variant_config(request["config"])
    answers = []
    for job in request["jobs"]:
        try:
            answers.append(answer(job))
        except Exception as e:  # pyffish raises ValueError on bad input
            answers.append({"error": str(e)})
    json.dump(answers, sys.stdout)


if __name__ == "__main__":
    main()
