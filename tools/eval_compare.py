#!/usr/bin/env python3
"""Where Arcana's static evaluation and Fairy-Stockfish's disagree, term by
term: both engines' `eval` on positions sampled from a PGN's games, how well
the two agree, and how strongly the difference (Fairy-Stockfish's less
Arcana's, from White's side) follows each of Fairy-Stockfish's terms. A term
whose values track the difference is one Arcana weighs too little (a
positive correlation) or too much (a negative one); on 2026-11-30 King
safety stood out in chess (+0.46, every other term below +0.34).

    tools/eval_compare.py games.pgn 400 chess target/release/arcana \
        fairy-stockfish [--worst 10] [--piece-worth]

`--piece-worth` prices each kind of piece as each evaluation does: the
evaluation with and without every piece but the kings (castling rights
cleared, so that both positions read), for its owner, averaged by the
piece's letter over the positions of the plies 16-40, 41-60 and 61-80.

An engine is `PATH` or `PATH|Option=value,...` (e.g.
`arcana|EvalFile=chess.weights`). A variant other than chess is set in
both engines by UCI_Variant. The games are replayed with Fairy-Stockfish's
Python binding (`pip install pyffish`), one position a game at a random
ply from the 16th to the 80th (seeded), positions in check left out.
Fairy-Stockfish must evaluate classically (its build without a network
does, as `largeboards=yes all=yes` builds for games from a file).
"""

import argparse
import random
import re
import statistics
import subprocess

import pyffish

from engine_spec import engine_setup


def positions(pgn, count, variant):
    """FENs sampled from the PGN's games, one a game, with their plies."""
    rng = random.Random(1)
    games = open(pgn).read().split("[Event ")[1:]
    rng.shuffle(games)
    fens = []
    for game in games:
        head = re.search(r'\[FEN "([^"]*)"\]', game)
        start = head.group(1) if head else pyffish.start_fen(variant)
        body = re.sub(r"\{[^}]*\}", "", game[game.find("\n\n"):])
        moves = [t for t in body.split()
                 if not re.match(r"^\d+\.+$", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
        ply = rng.randint(16, 80)
        if len(moves) <= ply:
            continue
        try:
            fen = pyffish.get_fen(variant, start, moves[:ply])
        except Exception:  # a token that is not a move: skip the game
            continue
        if pyffish.gives_check(variant, fen, []):
            continue
        fens.append((fen, ply))
        if len(fens) >= count:
            break
    return fens


def run(engine, variant, commands):
    """The engine's stdout after `commands` (options set first)."""
    exe, setup = engine_setup(engine, variant)
    text = "\n".join(setup + commands + ["quit"]) + "\n"
    return subprocess.run([exe], input=text, capture_output=True, text=True).stdout


def cells(row):
    """A FEN board row as one token a square (`.` for an empty one)."""
    out = []
    for token in re.findall(r"\d+|\+?[A-Za-z]~?", row):
        out += ["."] * int(token) if token.isdigit() else [token]
    return out


def no_castling(fen):
    """The FEN without castling rights (a piece taken from a castling
    square would leave a right the engines refuse)."""
    fields = fen.split(" ")
    if len(fields) > 2:
        fields[2] = "-"
    return " ".join(fields)


def without(fen, rank, file):
    """The FEN with the piece on the board's `rank`-th row (from the top)
    and `file` taken away."""
    fields = fen.split(" ")
    rows = fields[0].split("/")
    row = cells(rows[rank])
    row[file] = "."
    rows[rank] = re.sub(r"\.+", lambda m: str(len(m.group(0))), "".join(row))
    fields[0] = "/".join(rows)
    return " ".join(fields)


def pieces(fen):
    """(row, file, letter) of every piece on the FEN's board but the kings."""
    return [(rank, file, token.strip("+~"))
            for rank, row in enumerate(fen.split(" ")[0].split("/"))
            for file, token in enumerate(cells(row))
            if token != "." and token.strip("+~") not in "Kk"]


def piece_worth(args, fens):
    """Prints each kind of piece's average worth to both evaluations."""
    jobs = []
    for fen, ply in fens:
        base = no_castling(fen)
        for rank, file, letter in pieces(base):
            jobs.append((ply, letter, base, without(base, rank, file)))
    commands = [f"position fen {f}\neval" for job in jobs for f in job[2:]]
    # A number, or none where the engine declines (Fairy-Stockfish does in
    # check, which taking a piece away can uncover).
    def values(pattern, engine):
        return [float(v) if re.fullmatch(r"[+-]?[\d.]+", v) else None
                for v in re.findall(pattern, run(engine, args.variant, commands))]
    ours = values(r"Final evaluation:?\s+(\S+)", args.arcana)
    theirs = values(r"Final evaluation:?\s+(\S+)", args.fsf)
    if not len(ours) == len(theirs) == len(commands):
        raise SystemExit(f"{len(commands)} evaluations asked, {len(ours)} from Arcana, "
                         f"{len(theirs)} from Fairy-Stockfish: an engine refused a position")
    sums = {}
    for i, (ply, letter, _, _) in enumerate(jobs):
        if None in (ours[2 * i], ours[2 * i + 1], theirs[2 * i], theirs[2 * i + 1]):
            continue
        sign = 1 if letter.isupper() else -1
        phase = "16-40" if ply <= 40 else "41-60" if ply <= 60 else "61-80"
        entry = sums.setdefault((letter.upper(), phase), [0, 0.0, 0.0])
        entry[0] += 1
        entry[1] += sign * (ours[2 * i] - ours[2 * i + 1])
        entry[2] += sign * (theirs[2 * i] - theirs[2 * i + 1])
    print("piece, plies, count, worth to Arcana and to Fairy-Stockfish (pawns), ratio:")
    for (letter, phase), (n, a, f) in sorted(sums.items()):
        ratio = f"{a / f:.2f}" if f else "-"
        print(f"  {letter} {phase} {n:5d} {a / n:6.2f} {f / n:6.2f} {ratio}")


def fsf_terms(block):
    """Fairy-Stockfish's term table (term: (mg, eg) totals) and its
    classical evaluation, from one `eval` output."""
    terms = {}
    for line in block.splitlines():
        m = re.match(r"\|\s*([A-Za-z ]+?)\s*\|.*\|\s*(-?[\d.]+)\s+(-?[\d.]+)\s*\|$", line)
        if m and m.group(1) not in ("Term", "Total"):
            terms[m.group(1)] = (float(m.group(2)), float(m.group(3)))
    value = re.search(r"Classical evaluation\s+([+-]?[\d.]+)", block)
    return terms, float(value.group(1)) if value else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("count", type=int)
    ap.add_argument("variant")
    ap.add_argument("arcana")
    ap.add_argument("fsf")
    ap.add_argument("--worst", type=int, default=0, help="list the N positions most apart")
    ap.add_argument("--piece-worth", action="store_true",
                    help="price each kind of piece by both evaluations instead")
    args = ap.parse_args()
    fens = positions(args.pgn, args.count, args.variant)
    if args.piece_worth:
        piece_worth(args, fens)
        return
    fens = [fen for fen, _ in fens]
    evals = [f"position fen {fen}\neval" for fen in fens]
    ours = [float(v) for v in re.findall(r"Final evaluation: ([+-]?[\d.]+)",
                                         run(args.arcana, args.variant, evals))]
    blocks = run(args.fsf, args.variant, evals).split("Contributing terms")[1:]
    theirs = [fsf_terms(b) for b in blocks]
    if not (len(ours) == len(theirs) == len(fens)):
        raise SystemExit(f"{len(fens)} positions, {len(ours)} evaluations from Arcana, "
                         f"{len(theirs)} from Fairy-Stockfish: an engine did not answer `eval`")
    # Positions either engine calls decided say little about the terms.
    kept = [i for i in range(len(fens))
            if theirs[i][1] is not None and abs(theirs[i][1]) < 5 and abs(ours[i]) < 5]
    a = [ours[i] for i in kept]
    f = [theirs[i][1] for i in kept]
    diff = [y - x for x, y in zip(a, f)]
    print(f"{len(kept)} of {len(fens)} positions (|eval| < 5 in both)")
    print(f"correlation {statistics.correlation(a, f):.3f}, mean |difference| "
          f"{statistics.mean(map(abs, diff)):.3f} pawns, spread Arcana "
          f"{statistics.pstdev(a):.3f}, Fairy-Stockfish {statistics.pstdev(f):.3f}")
    print("Fairy-Stockfish's term, phase, spread, correlation with the difference:")
    for term in theirs[kept[0]][0]:
        for phase, j in (("mg", 0), ("eg", 1)):
            values = [theirs[i][0].get(term, (0, 0))[j] for i in kept]
            if statistics.pstdev(values) > 0:
                print(f"  {term:12s} {phase} {statistics.pstdev(values):6.3f} "
                      f"{statistics.correlation(values, diff):+.3f}")
    for i in sorted(kept, key=lambda i: -abs(theirs[i][1] - ours[i]))[:args.worst]:
        print(f"{fens[i]}  Arcana {ours[i]:+.2f}  Fairy-Stockfish {theirs[i][1]:+.2f}")


if __name__ == "__main__":
    main()
