//! An evaluation as named weights, and the files that carry them.
//!
//! A game whose evaluation is a sum of term counts times (middle game,
//! endgame) weights says so through [`crate::SearchHints::eval_weights`]
//! and [`crate::SearchHints::eval_trace`]: `arcana tune-eval` fits the
//! weights to game results and writes them as a weights file, which the
//! engine loads (`EvalFile`, `--eval-file`) through
//! [`crate::SearchHints::with_eval_weights`].
//!
//! The file is text, a weight a line, so that people can read and edit it:
//!
//! ```text
//! # comments
//! game capablanca
//! rules 0f3c9a2e51d0b7c4
//! mobility 4 5
//! value N 320 320
//! ```
//!
//! `game` names the game; `rules` is a hash of the game's definition (of a
//! game read from a file, its sections' keys and values; of chess, its
//! evaluation's terms): a file written for another game, or for another
//! definition of the game, is refused.
//! Each other line is a weight's name and its middle-game and endgame
//! values in centipawns. A weight the file leaves out keeps its default.

/// The weights of a game's evaluation, by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// The game's identifier.
    pub game: String,
    /// A hash of the game's rules (for chess, of its evaluation's terms).
    pub rules: u64,
    /// Each weight's name (a few words: `passed 3`, `value N`).
    pub names: Vec<String>,
    /// Each weight, (middle game, endgame), in the order of `names`.
    pub values: Vec<[i32; 2]>,
}

/// A position's evaluation as term counts, for fitting the weights: the
/// evaluation from White's point of view is `Σ count × (mg × phase + eg ×
/// eg_scale × (1 − phase))` over the terms, with `mg` and `eg` the
/// weight's two values.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EvalTrace {
    /// `(weight index, White's count less Black's)`, non-zero counts only.
    pub terms: Vec<(u32, i32)>,
    /// The middle game's share of the score, 0 to 1.
    pub phase: f64,
    /// The endgame score's scale (1 where nothing scales it).
    pub eg_scale: f64,
}

impl EvalTrace {
    /// The evaluation from White's point of view under `weights`.
    pub fn evaluate(&self, weights: &[[f64; 2]]) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(p, c) in &self.terms {
            mg += weights[p as usize][0] * f64::from(c);
            eg += weights[p as usize][1] * f64::from(c);
        }
        self.taper(mg, eg)
    }

    /// A middle-game and an endgame score (White's view) tapered by the
    /// position's phase, the endgame's scaled.
    fn taper(&self, mg: f64, eg: f64) -> f64 {
        mg * self.phase + eg * self.eg_scale * (1.0 - self.phase)
    }

    /// Each counted weight's part of the evaluation under `weights` (its
    /// names and values), largest first by its tapered part: what an
    /// `eval` command shows of the terms behind a score.
    pub fn parts(&self, weights: &EvalWeights) -> Vec<EvalPart> {
        let mut parts: Vec<EvalPart> = (self.terms.iter())
            .filter_map(|&(p, count)| {
                let name = weights.names.get(p as usize)?;
                let [mg, eg] = weights.values[p as usize];
                let (mg, eg) = (f64::from(mg * count), f64::from(eg * count));
                Some(EvalPart {
                    name: name.clone(),
                    count,
                    mg,
                    eg,
                    tapered: self.taper(mg, eg),
                })
            })
            .collect();
        parts.sort_by(|a, b| b.tapered.abs().total_cmp(&a.tapered.abs()));
        parts
    }
}

/// One weight's part in a position's evaluation, in centipawns from
/// White's point of view (see [`EvalTrace::parts`]).
#[derive(Clone, Debug, PartialEq)]
pub struct EvalPart {
    /// The weight's name (`passed 3`, `value N`).
    pub name: String,
    /// White's count less Black's.
    pub count: i32,
    /// The count times the middle-game weight.
    pub mg: f64,
    /// The count times the endgame weight (before the endgame's scale).
    pub eg: f64,
    /// The two tapered by the position's phase, the endgame part scaled.
    pub tapered: f64,
}

/// A 64-bit FNV-1a hash, for the `rules` line: stable across builds and
/// machines (unlike the standard library's hasher).
pub fn fnv1a(parts: impl IntoIterator<Item = impl AsRef<[u8]>>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in part.as_ref() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        h ^= 0xff;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

impl EvalWeights {
    /// The weights of a built-in game (`game`, its id) whose evaluation's
    /// terms are `names`: the `rules` line is a hash of the names, so that
    /// a file fitted for other terms is refused.
    pub fn of_terms(game: &str, names: Vec<String>, values: &[[i32; 2]]) -> EvalWeights {
        EvalWeights {
            game: game.to_string(),
            rules: fnv1a(&names),
            names,
            values: values.to_vec(),
        }
    }

    /// The weights as a file's text, after `comment` (each of its lines
    /// written as a `#` line).
    pub fn to_text(&self, comment: &str) -> String {
        let mut out = String::new();
        for line in comment.lines() {
            out.push_str(&format!("# {line}\n"));
        }
        out.push_str(&format!("game {}\n", self.game));
        out.push_str(&format!("rules {:016x}\n", self.rules));
        let width = self.names.iter().map(String::len).max().unwrap_or(0);
        for (name, [mg, eg]) in self.names.iter().zip(&self.values) {
            out.push_str(&format!("{name:<width$} {mg:>6} {eg:>6}\n"));
        }
        out
    }

    /// These weights changed by the file `text` (`file` names it in
    /// errors), which must be written for this game and these rules.
    /// Weights it does not name keep their values.
    pub fn read(&self, text: &str, file: &str) -> Result<EvalWeights, String> {
        let mut out = self.clone();
        let (mut game, mut rules) = (None, None);
        let mut seen = vec![0usize; self.names.len()];
        for (n, raw) in text.lines().enumerate() {
            let line_no = n + 1;
            let at = |what: String| format!("{file}, line {line_no}: {what}");
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let first = match words[0] {
                "game" => game.as_ref().map(|(_, l)| *l),
                "rules" => rules.map(|(_, l)| l),
                _ => None,
            };
            if let Some(first) = first {
                return Err(at(format!(
                    "a second '{}' line (the first is line {first})",
                    words[0]
                )));
            }
            match words[0] {
                "game" if words.len() == 2 => game = Some((words[1].to_string(), line_no)),
                "rules" if words.len() == 2 => {
                    let hash = u64::from_str_radix(words[1], 16)
                        .map_err(|_| at(format!("'{}' is not a hash (16 hex digits)", words[1])))?;
                    rules = Some((hash, line_no));
                }
                _ => {
                    let numbers = |w: &str| w.parse::<i32>().ok().filter(|v| v.abs() <= 30_000);
                    let (name, mg, eg) = match words.len() {
                        n if n >= 3 => (
                            words[..n - 2].join(" "),
                            numbers(words[n - 2]),
                            numbers(words[n - 1]),
                        ),
                        _ => (String::new(), None, None),
                    };
                    let (Some(mg), Some(eg)) = (mg, eg) else {
                        return Err(at(format!(
                            "'{line}' is not a weight's name and two whole numbers \
                             (middle game, endgame; at most 30000 either way)"
                        )));
                    };
                    let Some(i) = self.names.iter().position(|x| *x == name) else {
                        return Err(at(format!(
                            "{} has no weight '{name}' (its weights: {})",
                            self.game,
                            self.names.join(", ")
                        )));
                    };
                    if seen[i] != 0 {
                        return Err(at(format!("'{name}' is set at line {} already", seen[i])));
                    }
                    seen[i] = line_no;
                    out.values[i] = [mg, eg];
                }
            }
        }
        let Some((game, line)) = game else {
            return Err(format!(
                "{file}: no 'game NAME' line: a weights file names its game (arcana tune-eval \
                 writes one)"
            ));
        };
        if !game.eq_ignore_ascii_case(&self.game) {
            return Err(format!(
                "{file}, line {line}: the weights are {game}'s, not {}'s",
                self.game
            ));
        }
        match rules {
            Some((hash, line)) if hash != self.rules => Err(format!(
                "{file}, line {line}: the weights were fitted to another definition of {} \
                 (rules {hash:016x}; this one is {:016x}): fit them again with arcana tune-eval",
                self.game, self.rules
            )),
            None if self.rules != 0 => Err(format!(
                "{file}: no 'rules HASH' line; {}'s is {:016x}",
                self.game, self.rules
            )),
            _ => Ok(out),
        }
    }

    /// The game named by a weights file's text, if it names one.
    pub fn game_of(text: &str) -> Option<String> {
        text.lines()
            .map(str::split_whitespace)
            .filter_map(|mut w| (w.next() == Some("game")).then(|| w.next()).flatten())
            .map(str::to_string)
            .next()
    }
}

/// A built-in game's table of weights as its positions carry it: the
/// compiled-in table (which the compiler folds into the evaluation), or a
/// table given at run time (a weights file). Two are equal when they are
/// the same table: a run makes one table per set of weights it is given.
#[derive(Clone, Copy)]
pub struct TableRef<const N: usize>(Option<&'static [[i32; 2]; N]>);

impl<const N: usize> Default for TableRef<N> {
    fn default() -> Self {
        TableRef::COMPILED
    }
}

impl<const N: usize> TableRef<N> {
    /// The compiled-in table.
    pub const COMPILED: TableRef<N> = TableRef(None);

    /// The table given at run time, if any.
    #[inline(always)]
    pub fn given(self) -> Option<&'static [[i32; 2]; N]> {
        self.0
    }

    /// The table in force, `compiled` when none was given.
    pub fn or(self, compiled: &'static [[i32; 2]; N]) -> &'static [[i32; 2]; N] {
        self.0.unwrap_or(compiled)
    }

    /// The table of `weights`, which must be those of `ours` (the same
    /// game, rules and names): [`TableRef::COMPILED`] when they equal
    /// `compiled`.
    pub fn of(
        weights: &EvalWeights,
        ours: &EvalWeights,
        compiled: &'static [[i32; 2]; N],
    ) -> Result<TableRef<N>, String> {
        if weights.game != ours.game || weights.rules != ours.rules || weights.names != ours.names {
            return Err(format!(
                "these weights are not those of this build's {} evaluation",
                ours.game
            ));
        }
        let values: [[i32; 2]; N] = weights.values.as_slice().try_into().map_err(|_| {
            format!(
                "{} weights where {} has {N}",
                weights.values.len(),
                ours.game
            )
        })?;
        if values == *compiled {
            return Ok(TableRef::COMPILED);
        }
        // One table per set of weights for the rest of the run (a GUI
        // gives the same file again at every new game).
        static MADE: std::sync::Mutex<Vec<&'static [[i32; 2]]>> = std::sync::Mutex::new(Vec::new());
        let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
        let table = match made.iter().find(|t| **t == values.as_slice()) {
            Some(&t) => t,
            None => {
                let t: &'static [[i32; 2]] = Box::leak(Box::new(values));
                made.push(t);
                t
            }
        };
        Ok(TableRef(Some(
            table.try_into().expect("a table of N weights"),
        )))
    }
}

impl<const N: usize> PartialEq for TableRef<N> {
    fn eq(&self, other: &TableRef<N>) -> bool {
        match (self.0, other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => std::ptr::eq(a, b),
            _ => false,
        }
    }
}

impl<const N: usize> Eq for TableRef<N> {}

impl<const N: usize> std::fmt::Debug for TableRef<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_none() {
            "TableRef(compiled)"
        } else {
            "TableRef(given)"
        })
    }
}

/// The [`crate::SearchHints`] methods of a game written in Rust whose
/// evaluation is named weights: inside its `impl SearchHints`, where the
/// module has `spec()` and an `eval` module with `weight_names()`,
/// `compiled()`, `trace(pos)` and the table reference `Weights`, and the
/// game (`$game`, a type and its constant with the compiled-in weights) a
/// `weights` field.
macro_rules! weighted_eval_hints {
    ($game:ident) => {
        fn eval_weights(&self) -> Option<crate::EvalWeights> {
            Some(crate::EvalWeights::of_terms(
                &spec().id,
                eval::weight_names(),
                self.weights.or(eval::compiled()),
            ))
        }

        fn eval_trace(pos: &Self::Position) -> Option<crate::EvalTrace> {
            Some(eval::trace(pos))
        }

        fn with_eval_weights(&self, weights: &crate::EvalWeights) -> Result<Self, String> {
            let ours = $game.eval_weights().expect("the game has weights");
            Ok($game {
                weights: eval::Weights::of(weights, &ours, eval::compiled())?,
            })
        }
    };
}
pub(crate) use weighted_eval_hints;

/// Receives an evaluation's terms: `count` of weight `param` for `color`
/// (0 White, 1 Black). A game's evaluation is written once over this, and
/// both sums the weights ([`Sums`]) and counts the terms ([`Counts`]).
pub(crate) trait Terms {
    /// Whether a term must be counted even where its weights are all
    /// zero (a description for fitting), or may be skipped (a sum).
    const EVERY_TERM: bool = false;

    fn add(&mut self, color: usize, param: usize, count: i32);
}

/// Where [`Sums`] reads its weights: a table, or (chess) the compiled-in
/// table itself, which the compiler then folds into the code.
pub(crate) trait Source {
    fn get(&self, param: usize) -> [i32; 2];
}

impl<const N: usize> Source for &[[i32; 2]; N] {
    #[inline(always)]
    fn get(&self, param: usize) -> [i32; 2] {
        self[param]
    }
}

impl Source for &[[i32; 2]] {
    #[inline(always)]
    fn get(&self, param: usize) -> [i32; 2] {
        self[param]
    }
}

/// Sums a table's weights, White's minus Black's, in both phases. Two
/// plain accumulators rather than one per colour indexed by `color`: the
/// indexed ones live in memory, and every term then waits on the store of
/// the one before (1.7 times slower in chess's criterion bench).
pub(crate) struct Sums<S> {
    source: S,
    /// The middle-game sum.
    pub(crate) mg: i32,
    /// The endgame sum.
    pub(crate) eg: i32,
}

impl<S: Source> Sums<S> {
    pub(crate) fn new(source: S) -> Sums<S> {
        Sums {
            source,
            mg: 0,
            eg: 0,
        }
    }

    /// The score for the side to move (`white_to_move`), tapered by
    /// `phase`, 24 (the middle game) down to 0 (the endgame).
    pub(crate) fn score(&self, phase: i32, white_to_move: bool) -> i32 {
        let white = (self.mg * phase + self.eg * (24 - phase)) / 24;
        if white_to_move {
            white
        } else {
            -white
        }
    }
}

impl<S: Source> Terms for Sums<S> {
    #[inline(always)]
    fn add(&mut self, color: usize, param: usize, count: i32) {
        let [mg, eg] = self.source.get(param);
        let count = if color == 0 { count } else { -count };
        self.mg += mg * count;
        self.eg += eg * count;
    }
}

/// Counts the terms, White's minus Black's, for an [`EvalTrace`].
pub(crate) struct Counts(Vec<i32>);

impl Counts {
    pub(crate) fn new(weights: usize) -> Counts {
        Counts(vec![0; weights])
    }

    /// The trace at `phase` (24 to 0, as [`Sums::score`] takes it).
    pub(crate) fn trace(self, phase: i32) -> EvalTrace {
        EvalTrace {
            terms: self
                .0
                .iter()
                .enumerate()
                .filter(|(_, &c)| c != 0)
                .map(|(i, &c)| (i as u32, c))
                .collect(),
            phase: f64::from(phase) / 24.0,
            eg_scale: 1.0,
        }
    }
}

impl Terms for Counts {
    fn add(&mut self, color: usize, param: usize, count: i32) {
        self.0[param] += if color == 0 { count } else { -count };
    }
}

/// The compiled-in weights of a game written in Rust, in its `weights`
/// module beside its `eval` module: the code `build.rs` wrote from the
/// game's weights file (`$code` in `OUT_DIR`: `NAMES`, `RULES`,
/// `WEIGHTS`), and the test that the file fits the evaluation's terms.
macro_rules! baked_weights {
    ($code:literal) => {
        include!(concat!(env!("OUT_DIR"), "/", $code));

        #[cfg(test)]
        mod tests {
            /// The file was written for this evaluation's terms.
            #[test]
            fn the_weights_file_matches_the_evaluations_terms() {
                crate::weights::check_baked(
                    &super::NAMES,
                    super::RULES,
                    super::WEIGHTS.len(),
                    super::super::eval::weight_names(),
                );
            }
        }
    };
}
pub(crate) use baked_weights;

/// A weights file baked by `build.rs` (its names, `rules` line and
/// weights) was written for the evaluation whose weights are `names`, in
/// their order: after a change of the terms, write a new one (`arcana
/// tune-eval --variant GAME --list`, then fit).
#[cfg(test)]
pub(crate) fn check_baked(file_names: &[&str], rules: u64, weights: usize, names: Vec<String>) {
    assert_eq!(file_names.to_vec(), names);
    assert_eq!(weights, names.len());
    assert_eq!(rules, fnv1a(names));
}

/// Checks a game whose evaluation takes weights: the trace adds up to the
/// evaluation under its weights and under `changed` ones (name, weights),
/// weights given at run time change only the game given them, moves keep
/// them, the same weights give the same game, and another game's or
/// other terms' weights are refused.
#[cfg(test)]
pub(crate) fn check_weights_of<V: crate::Variant + PartialEq + std::fmt::Debug>(
    game: V,
    fens: &[&str],
    changed: &[(&str, [i32; 2])],
) {
    use crate::GamePosition;
    let ours = game.eval_weights().expect("the game has weights");
    assert_eq!(ours.names.len(), ours.values.len());
    assert_eq!(game.with_eval_weights(&ours).as_ref(), Ok(&game));
    let mut other = ours.clone();
    for (name, value) in changed {
        let at = other
            .names
            .iter()
            .position(|n| n == name)
            .expect("a weight");
        other.values[at] = *value;
    }
    let weighted = game.with_eval_weights(&other).expect("its own weights");
    assert_ne!(weighted, game);
    assert_eq!(game.with_eval_weights(&other).as_ref(), Ok(&weighted));
    assert_eq!(weighted.eval_weights().unwrap().values, other.values);
    for fen in fens {
        let plain = game.read_fen(fen).unwrap();
        let given = weighted.read_fen(fen).unwrap();
        for (pos, weights) in [(&plain, &ours), (&given, &other)] {
            let table: Vec<[f64; 2]> = weights.values.iter().map(|v| v.map(f64::from)).collect();
            let white = V::eval_trace(pos).unwrap().evaluate(&table);
            let ours = if pos.side() == crate::Side::White {
                white
            } else {
                -white
            };
            // Integer divisions round.
            assert!((ours - f64::from(V::evaluate(pos))).abs() < 2.0, "{fen}");
        }
        assert_ne!(V::evaluate(&plain), V::evaluate(&given), "{fen}");
        // Moves keep the weights.
        let mut list = crate::MoveList::new();
        V::generate(&given, &mut list);
        let mut told = false;
        for &mv in list.iter() {
            let after = given.make(mv);
            let fresh = weighted.read_fen(&after.to_fen()).unwrap();
            assert_eq!(V::evaluate(&after), V::evaluate(&fresh), "{fen}");
            told |= V::evaluate(&after) != V::evaluate(&plain.make(mv));
        }
        assert!(told, "{fen}: the weights change no position after a move");
    }
    let mut wrong = ours.clone();
    wrong.rules ^= 1;
    assert!(game.with_eval_weights(&wrong).is_err());
    let mut fewer = ours.clone();
    fewer.names.pop();
    fewer.values.pop();
    assert!(game.with_eval_weights(&fewer).is_err());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn weights() -> EvalWeights {
        EvalWeights {
            game: "mygame".into(),
            rules: 0x1234_5678_9abc_def0,
            names: vec!["mobility".into(), "value N".into()],
            values: vec![[4, 5], [320, 330]],
        }
    }

    #[test]
    fn a_file_reads_back_to_its_weights() {
        let mut w = weights();
        w.values[1] = [300, -310];
        let text = w.to_text("fitted\nby hand");
        assert!(
            text.starts_with("# fitted\n# by hand\ngame mygame\n"),
            "{text}"
        );
        assert_eq!(weights().read(&text, "f").unwrap(), w);
        assert_eq!(EvalWeights::game_of(&text).as_deref(), Some("mygame"));
    }

    #[test]
    fn weights_left_out_keep_their_values() {
        let text = "game mygame\nrules 123456789abcdef0\nvalue N 1 2\n";
        let read = weights().read(text, "f").unwrap();
        assert_eq!(read.values, vec![[4, 5], [1, 2]]);
    }

    #[test]
    fn another_game_or_definition_is_refused_with_the_line() {
        let e = weights()
            .read("game other\nrules 123456789abcdef0\n", "w.txt")
            .unwrap_err();
        assert!(e.contains("w.txt, line 1") && e.contains("other"), "{e}");
        let e = weights()
            .read("game mygame\nrules 0000000000000001\n", "w.txt")
            .unwrap_err();
        assert!(
            e.contains("line 2") && e.contains("another definition"),
            "{e}"
        );
        let e = weights()
            .read("rules 123456789abcdef0\n", "w.txt")
            .unwrap_err();
        assert!(e.contains("no 'game NAME' line"), "{e}");
        let e = weights().read("game mygame\n", "w.txt").unwrap_err();
        assert!(e.contains("no 'rules HASH' line"), "{e}");
        let e = weights()
            .read("game mygame\ngame other\n", "w.txt")
            .unwrap_err();
        assert!(e.contains("line 2") && e.contains("second 'game'"), "{e}");
    }

    #[test]
    fn bad_lines_are_named() {
        let head = "game mygame\nrules 123456789abcdef0\n";
        for (line, says) in [
            ("mobility 4", "two whole numbers"),
            ("mobility x 5", "two whole numbers"),
            ("mobility 4 99999", "at most 30000"),
            ("speed 1 2", "no weight 'speed'"),
            ("rules zz", "a second 'rules' line (the first is line 2)"),
        ] {
            let e = weights()
                .read(&format!("{head}{line}\n"), "w.txt")
                .unwrap_err();
            assert!(
                e.contains("w.txt, line 3") && e.contains(says),
                "{line}: {e}"
            );
        }
        let e = weights()
            .read("game mygame\nrules zz\n", "w.txt")
            .unwrap_err();
        assert!(e.contains("line 2") && e.contains("not a hash"), "{e}");
        let e = weights()
            .read(&format!("{head}mobility 1 1\nmobility 2 2\n"), "w.txt")
            .unwrap_err();
        assert!(e.contains("line 4") && e.contains("line 3 already"), "{e}");
    }

    #[test]
    fn a_trace_tapers_between_the_phases() {
        let t = EvalTrace {
            terms: vec![(0, 2), (1, -1)],
            phase: 0.25,
            eg_scale: 1.0,
        };
        let w = [[4.0, 8.0], [100.0, 200.0]];
        // mg 8 - 100 = -92, eg 16 - 200 = -184.
        assert_eq!(t.evaluate(&w), -92.0 * 0.25 + -184.0 * 0.75);
        assert_ne!(fnv1a(["ab", "c"]), fnv1a(["a", "bc"]));
    }
}
