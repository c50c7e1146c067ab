//! The search stack: what the search keeps for each ply of the current
//! line.

use variants::MoveCode;

/// One ply of the current line.
#[derive(Clone)]
pub(super) struct Frame<M> {
    /// The ply played from this height (NONE for a null move), so that a
    /// node knows what it answers.
    pub played: M,
    /// Its history key (the moving piece and its destination).
    pub played_key: u32,
    /// Whether it was a quiet ply (what a later node's fail-low may
    /// reward).
    pub played_quiet: bool,
    /// Whether it was its node's first ply after the table's, or the
    /// node's first killer: a ply the order trusted (what a refutation of
    /// it may punish).
    pub played_early: bool,
    /// Two quiet plies that cut at this height (killers).
    pub killers: [M; 2],
    /// The static evaluation here (-INF when in check) and the side to
    /// move, for telling whether a side's position improves.
    pub eval: i32,
    /// See [`Frame::eval`].
    pub side: usize,
    /// The correction history's part of `eval`, as the node began.
    pub correction: i32,
    /// The ply a singular-extension search here leaves out.
    pub skipped: M,
    /// The principal variation from here.
    pub pv: Vec<M>,
    /// Whether the node here is or was on a principal variation
    /// (Stockfish's ttPv): a PV node, or one the table marks so.
    pub tt_pv: bool,
    /// Whether a null move may be tried here (not right after one).
    pub allow_null: bool,
    /// Whether the node here is expected to fail high (Stockfish's
    /// cutNode), for a ply that continues its side's turn.
    pub cut_node: bool,
}

impl<M: MoveCode> Frame<M> {
    /// A frame before any search: no evaluation, no side (2).
    pub(super) fn new(no_eval: i32) -> Frame<M> {
        Frame {
            played: M::NONE,
            played_key: 0,
            played_quiet: false,
            played_early: false,
            killers: [M::NONE; 2],
            eval: no_eval,
            side: 2,
            correction: 0,
            skipped: M::NONE,
            pv: Vec::new(),
            tt_pv: false,
            allow_null: true,
            cut_node: false,
        }
    }
}
