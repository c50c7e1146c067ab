//! Every margin of the search's pruning, reductions and extensions, named
//! and in one place, so that a tuning run changes numbers here and nowhere
//! else. Depths are in plies, scores in centipawns.

/// Nodes the first iteration may search before `stop` and the limits
/// apply: far more than depth 1 takes in a normal position.
pub const FIRST_ITERATION_GRACE: u64 = 4096;

/// Check and singular extensions apply while the node's ply is below this
/// many times the iteration's depth (crowded boards allow long chains of
/// checks).
pub const EXTENSION_DEPTH_FACTOR: i32 = 2;

/// Aspiration windows start at this iteration depth...
pub const ASPIRATION_MIN_DEPTH: i32 = 5;
/// ...this wide on each side of the last score, doubling on each failure.
pub const ASPIRATION_WINDOW: i32 = 30;

/// Internal iterative reduction: a node this deep without a table move is
/// searched one ply shallower.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Reverse futility pruning: at most this deep...
pub const RFP_MAX_DEPTH: i32 = 6;
/// ...a node whose evaluation beats beta by this much per ply of depth
/// (one ply less when improving) returns the evaluation.
pub const RFP_MARGIN_PER_DEPTH: i32 = 80;

/// Null-move pruning: at least this deep...
pub const NMP_MIN_DEPTH: i32 = 3;
/// ...reducing the null move's search by this many plies,
pub const NMP_BASE_REDUCTION: i32 = 3;
/// one more per this many plies of depth,
pub const NMP_DEPTH_DIVISOR: i32 = 4;
/// and one more per this many centipawns the evaluation beats beta by,
pub const NMP_EVAL_DIVISOR: i32 = 200;
/// at most this many for the evaluation.
pub const NMP_EVAL_MAX: i32 = 3;

/// Singular extension: at least this deep,
pub const SE_MIN_DEPTH: i32 = 8;
/// with a table entry at most this much shallower than the node;
pub const SE_TT_DEPTH_SLACK: i32 = 3;
/// the other plies must fall this much per ply of depth below the table's
/// score for the table's ply to be extended.
pub const SE_MARGIN_PER_DEPTH: i32 = 2;

/// Move pruning (late moves, futility, SEE) applies at most this deep.
pub const PRUNE_MAX_DEPTH: i32 = 6;
/// Late-move pruning: at most this deep, quiet plies past
/// `(LMP_BASE + depth^2) / (2 - improving)` searched ones are skipped.
pub const LMP_MAX_DEPTH: i32 = 4;
/// See [`LMP_MAX_DEPTH`].
pub const LMP_BASE: i32 = 3;
/// Futility pruning: a quiet ply is skipped when the evaluation plus this
/// margin...
pub const FUTILITY_BASE: i32 = 100;
/// ...plus this much per ply of depth cannot reach alpha.
pub const FUTILITY_PER_DEPTH: i32 = 90;
/// SEE pruning: a quiet ply losing more than this per ply of depth (a
/// negative threshold) is skipped...
pub const SEE_QUIET_PER_DEPTH: i32 = -60;
/// ...and a capture losing more than this per ply of depth.
pub const SEE_TACTICAL_PER_DEPTH: i32 = -110;

/// Late-move reductions: at least this deep,
pub const LMR_MIN_DEPTH: i32 = 3;
/// after this many plies searched, quiet plies are reduced by
/// `ln(depth) * ln(searched) / LMR_DIVISOR` plies,
pub const LMR_MIN_SEARCHED: usize = 3;
/// See [`LMR_MIN_SEARCHED`].
pub const LMR_DIVISOR: f32 = 2.0;
/// and one ply less per this much history (one more for a bad history).
pub const LMR_HISTORY_DIVISOR: i32 = 8000;

/// Quiescence plies within which a side in check searches its evasions.
pub const QS_EVASION_PLIES: u32 = 8;

/// History bonus of a cutting quiet ply: this times depth squared...
pub const HISTORY_BONUS_PER_DEPTH2: i32 = 16;
/// Quiet plies a node remembers to take credit from when another cuts.
pub const QUIETS_REMEMBERED: usize = 64;
