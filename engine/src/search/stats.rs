//! Counters of the search tree's shape by depth: how many nodes each depth
//! has, how many plies they search, how they end and what the move loop
//! prunes, to compare one build's tree with another's (or a peer's, with
//! the same counters added to it). Built with `--features
//! arcana-engine/search-stats`, the counts of each search go to stderr
//! when it ends; without the feature every call is empty and compiles
//! away.

/// What is counted, by the depth of the node it happens at.
#[derive(Clone, Copy)]
#[cfg_attr(not(feature = "search-stats"), allow(dead_code))]
pub(super) enum Event {
    /// A node of the main search (counted at the depth it was called with).
    Node,
    /// A ply searched by the move loop.
    Ply,
    /// A noisy ply (a capture, a promotion) searched at a node whose
    /// move loop did not cut.
    NoisyPlyAtNoCut,
    /// A quiet ply that gives check searched at such a node (where the
    /// search knows).
    CheckPlyAtNoCut,
    /// A node settled by the table.
    TableCut,
    /// A node settled before its plies (reverse futility, null move).
    SettledEarly,
    /// A node settled by ProbCut.
    ProbCut,
    /// A node settled by the singular search's multi-cut.
    MultiCut,
    /// A node whose move loop cut (fail high).
    Cut,
    /// The plies searched at the nodes that cut, summed.
    PliesBeforeCut,
    /// A node whose move loop cut on its first searched ply (how often
    /// the order puts the refutation first).
    FirstCut,
    /// A node whose move loop did not cut.
    NoCut,
    /// The legal plies of the nodes that did not cut, summed.
    PliesAtNoCut,
    /// Plies pruned: a losing capture,
    PrunedCapture,
    /// a capture with a negative capture history,
    PrunedCaptureHistory,
    /// a late quiet ply (late-move pruning),
    PrunedLate,
    /// a quiet ply with bad continuation histories,
    PrunedContinuation,
    /// a quiet ply with bad histories,
    PrunedHistory,
    /// futility,
    PrunedFutility,
    /// a quiet ply that loses material.
    PrunedSee,
    /// A quiescence node (counted at depth 0).
    Quiescence,
    /// A quiescence node in check (at depth 0).
    QuiescenceInCheck,
}

/// Events counted.
#[cfg(feature = "search-stats")]
const EVENTS: usize = 22;
/// Depths counted (deeper nodes count at the last).
#[cfg(feature = "search-stats")]
const DEPTHS: usize = 40;

#[cfg(feature = "search-stats")]
static COUNTS: [std::sync::atomic::AtomicU64; EVENTS * DEPTHS] =
    [const { std::sync::atomic::AtomicU64::new(0) }; EVENTS * DEPTHS];

/// Counts `n` of `event` at `depth`.
#[inline(always)]
pub(super) fn add(event: Event, depth: i32, n: u64) {
    #[cfg(feature = "search-stats")]
    COUNTS[event as usize * DEPTHS + (depth.max(0) as usize).min(DEPTHS - 1)]
        .fetch_add(n, std::sync::atomic::Ordering::Relaxed);
    #[cfg(not(feature = "search-stats"))]
    let _ = (event, depth, n);
}

/// Counts one `event` at `depth`.
#[inline(always)]
pub(super) fn count(event: Event, depth: i32) {
    add(event, depth, 1);
}

/// Clears the counts (a search starts).
pub(super) fn reset() {
    #[cfg(feature = "search-stats")]
    for c in &COUNTS {
        c.store(0, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Writes the counts to stderr, a line for each depth: `stats depth D`
/// and each event's name and count.
pub(super) fn report() {
    #[cfg(feature = "search-stats")]
    {
        const NAMES: [&str; EVENTS] = [
            "nodes",
            "plies",
            "noisy_plies_no_cut",
            "check_plies_no_cut",
            "table",
            "early",
            "probcut",
            "multicut",
            "cut",
            "plies_before_cut",
            "first_cut",
            "no_cut",
            "plies_at_no_cut",
            "pruned_capture",
            "pruned_capture_history",
            "pruned_late",
            "pruned_continuation",
            "pruned_history",
            "pruned_futility",
            "pruned_see",
            "qnodes",
            "qnodes_in_check",
        ];
        for depth in 0..DEPTHS {
            let row: Vec<u64> = (0..EVENTS)
                .map(|e| COUNTS[e * DEPTHS + depth].load(std::sync::atomic::Ordering::Relaxed))
                .collect();
            if row.iter().any(|&n| n > 0) {
                let fields: Vec<String> = NAMES
                    .iter()
                    .zip(&row)
                    .map(|(name, n)| format!("{name} {n}"))
                    .collect();
                eprintln!("stats depth {depth} {}", fields.join(" "));
            }
        }
    }
}
