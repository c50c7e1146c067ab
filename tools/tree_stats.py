#!/usr/bin/env python3
"""The search tree's shape by depth, summed over positions, for one or more
engines or option sets: how many nodes each depth has, how many plies they
search, how often they cut, how many plies a node that does not cut searches
of its legal ones, and what the move loop prunes.

Needs a build with the search's counters:

    cargo build --release -p arcana --features arcana-engine/search-stats \
        --target-dir target/stats

Then, for instance, the defaults against an option set on a file of FENs:

    tools/tree_stats.py positions.fen 12 chess target/stats/release/arcana \
        "target/stats/release/arcana|PruneLmrDepth=1,LmpMaxDepth=64"

An engine is `PATH` or `PATH|Option=value,...`; a variant other than chess
is set by UCI_Variant. Each position is searched from a fresh process
(cold table) to the given depth. For each depth: the nodes, the plies
searched, the share of nodes whose move loop cut and how often the first
ply did it, the nodes that did not cut with their legal and searched plies
(how many of these noisy, how many quiet checks), and what was pruned.
"""

import subprocess
import sys

from engine_spec import engine_setup


def run(engine, fen, depth, variant):
    """The `stats depth` lines of one search, as {depth: {event: count}}."""
    exe, cmds = engine_setup(engine, variant, "setoption name Hash value 64")
    p = subprocess.Popen(
        [exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    cmds += ["isready", f"position fen {fen}", f"go depth {depth}"]
    p.stdin.write("\n".join(cmds) + "\n")
    p.stdin.flush()
    for line in p.stdout:
        if line.startswith("bestmove"):
            break
    _, err = p.communicate("quit\n")
    rows = {}
    for line in err.splitlines():
        t = line.split()
        if t[:2] == ["stats", "depth"]:
            rows[int(t[2])] = {t[i]: int(t[i + 1]) for i in range(3, len(t), 2)}
    return rows


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    fens = [l.strip() for l in open(sys.argv[1]) if l.strip()]
    depth, variant, engines = int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    for engine in engines:
        total = {}
        for fen in fens:
            for d, row in run(engine, fen, depth, variant).items():
                acc = total.setdefault(d, {})
                for k, v in row.items():
                    acc[k] = acc.get(k, 0) + v
        if not total:
            sys.exit(f"{engine}: no 'stats' lines (built without search-stats?)")
        print(engine)
        print("depth    nodes    plies  cut%  first%  nocut%  legal/nocut  searched/nocut"
              " (noisy, checks)  | pruned per node: capture caphist late contin history"
              " futility see")
        q = total.get(0, {})
        print(f"  quiescence: {q.get('qnodes', 0)} nodes, "
              f"{q.get('qnodes_in_check', 0)} in check")
        for d in sorted(k for k in total if k > 0):
            r = total[d]
            n = max(1, r["nodes"])
            nocut = max(1, r["no_cut"])
            searched_nocut = (r["plies"] - r["plies_before_cut"]) / nocut
            pruned = [r.get(k, 0) / n for k in (
                "pruned_capture", "pruned_capture_history", "pruned_late",
                "pruned_continuation", "pruned_history", "pruned_futility", "pruned_see")]
            # The share of the cuts made by the first ply searched: how
            # often the order puts the refutation first.
            first = 100 * r.get("first_cut", 0) / max(1, r["cut"])
            noisy = r.get("noisy_plies_no_cut", 0) / nocut
            checks = r.get("check_plies_no_cut", 0) / nocut
            print(f"{d:5} {r['nodes']:8} {r['plies']:8} {100 * r['cut'] / n:5.1f} "
                  f"{first:6.1f} {100 * r['no_cut'] / n:6.1f} "
                  f"{r['plies_at_no_cut'] / nocut:11.1f} "
                  f"{searched_nocut:14.1f} ({noisy:4.1f}, {checks:4.1f})  | "
                  + " ".join(f"{x:7.2f}" for x in pruned))


if __name__ == "__main__":
    main()
