//! Every margin of the search's pruning, reductions and extensions, named
//! and in one place. The tunable ones are [`Params`]: a value the search
//! reads, the same for every game unless a front end sets one
//! (`setoption name RfpMargin value 90`), which is how `arcana
//! tune-search` fits them by SPSA. Depths are in plies, scores in
//! centipawns.

/// Nodes the first iteration may search before `stop` and the limits
/// apply: far more than depth 1 takes in a normal position.
pub const FIRST_ITERATION_GRACE: u64 = 4096;

/// Quiet plies a node remembers to take credit from when another cuts
/// (the size of an array on the stack, so not tunable).
pub const QUIETS_REMEMBERED: usize = 64;

/// What the tuner and the protocols know of one tunable parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamInfo {
    /// Its option name (`setoption name <name>`).
    pub name: &'static str,
    /// The value the search uses unless told otherwise.
    pub default: i32,
    /// The smallest value accepted.
    pub min: i32,
    /// The largest value accepted.
    pub max: i32,
    /// What it does.
    pub doc: &'static str,
}

/// Declares the tunable parameters once: the struct, its defaults and
/// the table of their names and ranges.
macro_rules! search_params {
    ($( $(#[doc = $doc:literal])+ $field:ident: $name:literal = $default:expr, $min:expr, $max:expr; )*) => {
        /// The tunable margins of the search (see each field).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Params {
            $( $(#[doc = $doc])+ pub $field: i32, )*
        }

        impl Default for Params {
            fn default() -> Self {
                Params { $( $field: $default, )* }
            }
        }

        /// Every tunable parameter, in the order of [`Params`]' fields.
        pub const PARAMS: &[ParamInfo] = &[
            $( ParamInfo { name: $name, default: $default, min: $min, max: $max, doc: concat!($($doc),+) }, )*
        ];

        impl Params {
            #[allow(unused_assignments)]
            fn slot(&mut self, index: usize) -> &mut i32 {
                let mut i = 0;
                $(
                    if i == index {
                        return &mut self.$field;
                    }
                    i += 1;
                )*
                panic!("no search parameter number {index}")
            }
        }
    };
}

search_params! {
    /// Singular extensions apply while the node's ply is below this many
    /// times the iteration's depth.
    extension_depth_factor: "ExtensionDepthFactor" = 2, 1, 4;
    /// Aspiration windows start at this iteration depth.
    aspiration_min_depth: "AspirationMinDepth" = 5, 1, 12;
    /// On a clock, no new iteration starts once the time spent passes
    /// this percentage of what the iterations so far allow
    /// (`Budget::spend`): an iteration costs about as much as all before
    /// it, so one started late runs on to the hard limit.
    time_next_iteration: "TimeNextIteration" = 100, 30, 100;
    /// On a clock, no new iteration starts unless, priced at the last
    /// one's cost relative to all before it, it would end within this
    /// percentage of what the iterations so far allow (`Budget::next_fits`;
    /// 0 is off). At 200 chess deepens about as before (its iterations
    /// cost about as much as all before them) and Capablanca stops at
    /// half its plan (three times as much), where an iteration started
    /// later ran on to the hard limit.
    time_iteration_cost: "TimeIterationCost" = 200, 0, 400;
    /// The static evaluation is damped linearly toward a draw as the
    /// game's move-count rule nears, by this percentage when it is
    /// reached (100: to zero, as Fairy-Stockfish; 0: not at all).
    move_rule_damping: "MoveRuleDamping" = 0, 0, 100;
    /// Aspiration windows are this wide on each side of the last score,
    /// doubling on each failure.
    aspiration_window: "AspirationWindow" = 30, 5, 200;
    /// Internal iterative reduction: a node this deep without a table move
    /// is searched one ply shallower.
    iir_min_depth: "IirMinDepth" = 4, 2, 12;
    /// Reverse futility pruning applies at most this deep.
    rfp_max_depth: "RfpMaxDepth" = 6, 1, 12;
    /// Reverse futility: a node whose evaluation beats beta by this much
    /// per ply of depth (one ply less when improving) returns it.
    rfp_margin: "RfpMargin" = 80, 20, 250;
    /// Null-move pruning applies at least this deep.
    nmp_min_depth: "NmpMinDepth" = 3, 1, 8;
    /// The null move's search is reduced by this many plies,
    nmp_base_reduction: "NmpBaseReduction" = 3, 1, 6;
    /// one more per this many plies of depth,
    nmp_depth_divisor: "NmpDepthDivisor" = 4, 2, 8;
    /// and one more per this many centipawns the evaluation beats beta by,
    nmp_eval_divisor: "NmpEvalDivisor" = 200, 50, 600;
    /// at most this many for the evaluation.
    nmp_eval_max: "NmpEvalMax" = 3, 0, 6;
    /// Singular extension: at least this deep,
    se_min_depth: "SeMinDepth" = 6, 4, 14;
    /// with a table entry at most this much shallower than the node;
    se_tt_depth_slack: "SeTtDepthSlack" = 3, 1, 6;
    /// the other plies must fall this much per ply of depth below the
    /// table's score for the table's ply to be extended.
    se_margin: "SeMargin" = 2, 1, 8;
    /// A ply this far below the singular bound at a null-window node is
    /// extended by two plies.
    se_double_margin: "SeDoubleMargin" = 40, 0, 300;
    /// Move pruning (late moves, futility, SEE) applies at most this deep.
    prune_max_depth: "PruneMaxDepth" = 6, 1, 12;
    /// Late-move pruning applies at most this deep: quiet plies with
    /// `(LmpBase + depth^2) / (2 - improving)` plies before them (searched
    /// ones, or all: `MoveCountAll`) are skipped.
    lmp_max_depth: "LmpMaxDepth" = 4, 1, 64;
    /// See `LmpMaxDepth`.
    lmp_base: "LmpBase" = 3, 0, 12;
    /// 1: futility and SEE pruning of quiet plies judge a ply at the depth
    /// it would be searched at after its late-move reduction (and apply
    /// wherever that is at most `PruneMaxDepth`); 0: at the node's depth.
    prune_lmr_depth: "PruneLmrDepth" = 0, 0, 1;
    /// History pruning: a quiet ply whose history and continuation
    /// histories sum below minus this much per ply of depth is skipped
    /// (0: none).
    history_prune_margin: "HistoryPruneMargin" = 0, 0, 20000;
    /// Continuation-history pruning: a quiet ply whose continuation
    /// histories one and two plies back are both negative is skipped where
    /// its reduced depth is below this (Fairy-Stockfish's 5; 0: none).
    conthist_prune_depth: "ContHistPruneDepth" = 0, 0, 12;
    /// 1: move pruning (late moves, futility, SEE, histories) applies at
    /// principal-variation nodes too, other than the root, as in
    /// Stockfish; 0: only at null-window nodes.
    prune_pv_nodes: "PrunePvNodes" = 0, 0, 1;
    /// 1: late-move pruning and reductions count a ply's place by every
    /// ply handed out before it, pruned ones included (Stockfish's
    /// moveCount); 0: by the plies searched before it.
    move_count_all: "MoveCountAll" = 0, 0, 1;
    /// Futility pruning: a quiet ply is skipped when the evaluation plus
    /// this margin...
    futility_base: "FutilityBase" = 100, 0, 300;
    /// ...plus this much per ply of depth cannot reach alpha.
    futility_margin: "FutilityMargin" = 90, 20, 250;
    /// SEE pruning: a quiet ply losing more than this per ply of depth (a
    /// negative threshold) is skipped...
    see_quiet_margin: "SeeQuietMargin" = -60, -200, 0;
    /// ...and a capture losing more than this per ply of depth.
    see_tactical_margin: "SeeTacticalMargin" = -110, -300, 0;
    /// Late-move reductions apply at least this deep,
    lmr_min_depth: "LmrMinDepth" = 3, 2, 6;
    /// after this many plies searched: quiet plies are reduced by
    /// `ln(depth) * ln(searched) * 100 / LmrDivisor + LmrBase / 100`
    /// plies, rounded down,
    lmr_min_searched: "LmrMinSearched" = 1, 1, 8;
    /// See `LmrMinSearched` (hundredths).
    lmr_divisor: "LmrDivisor" = 200, 100, 400;
    /// Hundredths of a ply added to every reduction before it is rounded
    /// down (Stockfish's constant term; 50 measured +26.9 Elo against 0).
    lmr_base: "LmrBase" = 50, 0, 150;
    /// and one ply less per this much history (one more for a bad
    /// history).
    lmr_history_divisor: "LmrHistoryDivisor" = 8000, 2000, 20000;
    /// 1: late captures that lose material (by SEE) are reduced as late
    /// quiet plies are, before their history; 0: never reduced.
    lmr_losing_captures: "LmrLosingCaptures" = 0, 0, 1;
    /// Plies more of reduction at a node expected to fail high (a cut
    /// node: a null-window child of a late ply, or of an all node).
    lmr_cut_node: "LmrCutNode" = 0, 0, 4;
    /// Plies less of reduction at a node on a principal variation now or
    /// when the table stored it (Stockfish's ttPv; 0: none).
    lmr_tt_pv: "LmrTtPv" = 0, 0, 3;
    /// 1: late captures and promotions are reduced by the base reduction
    /// (a ply less at a PV node) where the node is not on a principal
    /// variation now or when the table stored it, or is an expected cut
    /// node (Fairy-Stockfish's rule); 0: only by `LmrLosingCaptures`.
    lmr_captures: "LmrCaptures" = 0, 0, 1;
    /// Plies more of reduction for late plies at null-window nodes while
    /// the root's best move holds: its changes, each iteration's count
    /// halved at the next, at most two (Fairy-Stockfish's one; 0: none).
    lmr_stable: "LmrStable" = 0, 0, 2;
    /// Quiescence plies within which a side in check searches its
    /// evasions.
    qs_evasion_plies: "QsEvasionPlies" = 8, 0, 16;
    /// 1: in check in quiescence, once a ply has been found that is not
    /// mated, quiet evasions that lose material (by SEE) are skipped
    /// (Stockfish 11's evasion pruning); 0: every evasion is searched.
    qs_evasion_prune: "QsEvasionPrune" = 0, 0, 1;
    /// 1: quiescence tries the table's ply first and takes the table's
    /// score for the static one where its bound says it is better; 0: the
    /// table only cuts there.
    qs_table: "QsTable" = 0, 0, 1;
    /// Delta pruning in quiescence where the game sets no margin of its
    /// own: a capture whose exchange cannot lift the stand-pat score to
    /// within this much of alpha is skipped (0: none).
    qs_delta_margin: "QsDeltaMargin" = 0, 0, 1000;
    /// Out of check in quiescence, once this many plies were searched,
    /// the rest are skipped unless they take back on the square the ply
    /// before went to or give check (Stockfish's and Fairy-Stockfish's
    /// limit of two; 0: none).
    qs_move_limit: "QsMoveLimit" = 0, 0, 8;
    /// 1: quiescence's first ply, out of check, also tries the quiet
    /// plies that give check and lose no material (by SEE), as
    /// Fairy-Stockfish does; 0: captures and promotions only.
    qs_checks: "QsChecks" = 0, 0, 1;
    /// Quiet plies are ordered by their history times this...
    quiet_main_weight: "QuietMainWeight" = 1, 1, 2;
    /// ...plus their continuation history after the ply before times
    /// this, plus those after the plies two and four before.
    quiet_cont1_weight: "QuietCont1Weight" = 1, 1, 2;
    /// History bonus of a cutting quiet ply (and malus of the quiet plies
    /// tried before it): this times the depth...
    history_bonus: "HistoryBonus" = 150, 20, 1000;
    /// ...less this, at least 16 (with a larger `HistoryBonus`, the
    /// shallow cuts, the most numerous, weigh less than the deep ones, as
    /// Stockfish's bonus growing with the square of the depth makes them)...
    history_bonus_offset: "HistoryBonusOffset" = 0, 0, 2000;
    /// ...at most this.
    history_bonus_max: "HistoryBonusMax" = 1500, 200, 8000;
    /// The opponent's quiet ply before a node gains main history by
    /// minus the sum of the two static evaluations (how much it lowered
    /// the evaluation) times the depth and this, within 1000 either way
    /// (Stockfish's 4; 0: none).
    eval_diff_history: "EvalDiffHistory" = 0, 0, 16;
    /// A cut refuting the opponent's quiet ply before it, when that ply
    /// was its node's first after the table's or its first killer, takes
    /// this many cut bonuses of the depth from that ply's continuation
    /// histories (Stockfish's extra penalty; 0: none).
    early_refutation_malus: "EarlyRefutationMalus" = 0, 0, 4;
    /// A node that fails low rewards the continuation histories of the
    /// opponent's quiet ply before it with this many cut bonuses of its
    /// depth (Stockfish's prior countermove bonus; 0: none).
    prior_counter_bonus: "PriorCounterBonus" = 0, 0, 4;
    /// Capture history: captures and promotions are ordered within their
    /// band by MVV-LVA plus their capture history divided by this (0: no
    /// capture history; a capture that cuts gains what the ones tried
    /// before it lose).
    capture_history_divisor: "CaptureHistoryDivisor" = 0, 0, 64;
    /// 1: a capture or promotion that does not check, at a node where it
    /// would be searched less than a ply deep after its reduction, is
    /// pruned when its capture history is negative (Fairy-Stockfish's
    /// rule; the capture history is kept when either this or
    /// `CaptureHistoryDivisor` is on).
    capture_history_prune: "CaptureHistoryPrune" = 0, 0, 1;
    /// 1: in a game whose hints allow it (`SearchHints::PRUNES_CHECKS`:
    /// chess and the games from a file), quiet plies that give check are
    /// pruned by move count and by SEE (at the captures' margin) like the
    /// others, but not by futility or history, and captures that check
    /// are pruned as the other captures (Fairy-Stockfish's rule); 0: a
    /// check is never pruned.
    prune_checks: "PruneChecks" = 1, 0, 1;
    /// A capture or promotion counts as good (ordered before the killers)
    /// when its exchange (SEE) loses at most this many hundredths of what
    /// it takes (Stockfish's threshold is about 40); 0: only when it loses
    /// nothing.
    good_capture_see: "GoodCaptureSee" = 0, 0, 100;
    /// Captures that lose material come before the quiet plies whose
    /// history scores sum below minus this much (0: after every quiet
    /// ply).
    losing_capture_floor: "LosingCaptureFloor" = 0, 0, 40000;
    /// 1: a table cutoff by a quiet ply rewards that ply's histories as a
    /// cut found by search does (Stockfish's update on a table hit).
    tt_cut_history: "TtCutHistory" = 0, 0, 1;
    /// ProbCut: at a null-window node at least `ProbCutDepth` deep, a
    /// capture whose reduced search beats beta by this margin settles the
    /// node (0: none).
    probcut_margin: "ProbCutMargin" = 0, 0, 500;
    /// See `ProbCutMargin`.
    probcut_depth: "ProbCutDepth" = 5, 3, 10;
}

impl Params {
    /// The parameter called `name` (any case), if there is one.
    pub fn find(name: &str) -> Option<usize> {
        PARAMS
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name.trim()))
    }

    /// The value of parameter `index` (of [`PARAMS`]).
    pub fn get(&self, index: usize) -> i32 {
        let mut copy = *self;
        *copy.slot(index)
    }

    /// Sets parameter `name` (any case) to `value`, or says why not: no
    /// such parameter, or a value out of its range.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let index = Self::find(name).ok_or_else(|| format!("no search parameter '{name}'"))?;
        let info = &PARAMS[index];
        if !(info.min..=info.max).contains(&value) {
            return Err(format!(
                "search parameter '{}' takes a number from {} to {}, not {value}",
                info.name, info.min, info.max
            ));
        }
        *self.slot(index) = value;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parameter_reads_and_writes_its_own_field() {
        let defaults = Params::default();
        for (i, info) in PARAMS.iter().enumerate() {
            assert_eq!(defaults.get(i), info.default, "{}", info.name);
            assert!(
                info.min <= info.default && info.default <= info.max,
                "{}",
                info.name
            );
            let mut p = Params::default();
            let other = if info.default == info.max {
                info.min
            } else {
                info.max
            };
            p.set(&info.name.to_ascii_lowercase(), other).unwrap();
            assert_eq!(p.get(i), other, "{}", info.name);
            // Only that field changed.
            for j in (0..PARAMS.len()).filter(|&j| j != i) {
                assert_eq!(
                    p.get(j),
                    defaults.get(j),
                    "{} moved {}",
                    info.name,
                    PARAMS[j].name
                );
            }
        }
    }

    #[test]
    fn names_are_unique_and_bad_values_are_refused() {
        for (i, info) in PARAMS.iter().enumerate() {
            assert_eq!(Params::find(info.name), Some(i));
        }
        let mut p = Params::default();
        let e = p.set("RfpMargin", 10_000).unwrap_err();
        assert!(e.contains("from 20 to 250"), "{e}");
        assert!(p
            .set("Nonsense", 1)
            .unwrap_err()
            .contains("no search parameter"));
        assert_eq!(p, Params::default());
    }
}
