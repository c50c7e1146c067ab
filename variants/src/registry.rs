//! The games a run of Arcana knows, as a value.
//!
//! The protocols, the command line and the page know a game only by name;
//! they ask a [`Registry`] for the list, for a game's [`GameSpec`], and to
//! run a [`VariantVisitor`] with the game value, which calls it once with
//! the game's concrete type, so everything below runs monomorphised.

use crate::defined::{DefError, Defined, GameDef, Loaded};
use crate::prelude::*;
use crate::{EvalWeights, GameSpec};
use std::fmt;

/// Code to run with a game.
pub trait VariantVisitor {
    /// What the code returns.
    type Output;
    /// Runs with the game `game` of type `V`.
    fn visit<V: Variant>(self, game: V) -> Self::Output;
}

/// A name that names no game of the registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant {
    /// The name asked for.
    pub name: String,
    /// The identifiers of the games there are.
    pub known: Vec<String>,
}

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (known: {})",
            self.name,
            self.known.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

/// The games written in Rust, in the order they are listed: one line per
/// game (its type and its module, whose `spec()` describes it).
macro_rules! builtin_games {
    ($($game:ident in $module:ident),* $(,)?) => {
        /// A game written in Rust.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum BuiltIn {
            $($game,)*
        }

        impl BuiltIn {
            const ALL: &[BuiltIn] = &[$(BuiltIn::$game,)*];

            fn visit<W: VariantVisitor>(self, visitor: W) -> W::Output {
                match self {
                    $(BuiltIn::$game => visitor.visit(crate::$module::$game),)*
                }
            }

            fn spec(self) -> &'static GameSpec {
                match self {
                    $(BuiltIn::$game => crate::$module::spec(),)*
                }
            }
        }
    };
}

builtin_games! {
    Chess in chess,
    Magician in magician,
    Vanguard in vanguard,
    AdvancedWizard in advancedwizard,
    ParallelWorlds in parallelworlds,
}

/// A game written in Rust whose evaluation takes weights, with a weights
/// file's.
#[derive(Clone, Copy, Debug)]
enum Weighted {
    Chess(crate::chess::Chess),
    AdvancedWizard(crate::advancedwizard::AdvancedWizard),
    Magician(crate::magician::Magician),
    ParallelWorlds(crate::parallelworlds::ParallelWorlds),
    Vanguard(crate::vanguard::Vanguard),
}

impl Weighted {
    /// The game `any` is, if it is one of these.
    fn of(any: &dyn std::any::Any) -> Option<Weighted> {
        if let Some(&g) = any.downcast_ref::<crate::chess::Chess>() {
            return Some(Weighted::Chess(g));
        }
        if let Some(&g) = any.downcast_ref::<crate::advancedwizard::AdvancedWizard>() {
            return Some(Weighted::AdvancedWizard(g));
        }
        if let Some(&g) = any.downcast_ref::<crate::magician::Magician>() {
            return Some(Weighted::Magician(g));
        }
        if let Some(&g) = any.downcast_ref::<crate::parallelworlds::ParallelWorlds>() {
            return Some(Weighted::ParallelWorlds(g));
        }
        any.downcast_ref::<crate::vanguard::Vanguard>()
            .map(|&g| Weighted::Vanguard(g))
    }

    fn spec(self) -> &'static GameSpec {
        match self {
            Weighted::Chess(_) => crate::chess::spec(),
            Weighted::AdvancedWizard(_) => crate::advancedwizard::spec(),
            Weighted::Magician(_) => crate::magician::spec(),
            Weighted::ParallelWorlds(_) => crate::parallelworlds::spec(),
            Weighted::Vanguard(_) => crate::vanguard::spec(),
        }
    }

    fn visit<W: VariantVisitor>(self, visitor: W) -> W::Output {
        match self {
            Weighted::Chess(g) => visitor.visit(g),
            Weighted::AdvancedWizard(g) => visitor.visit(g),
            Weighted::Magician(g) => visitor.visit(g),
            Weighted::ParallelWorlds(g) => visitor.visit(g),
            Weighted::Vanguard(g) => visitor.visit(g),
        }
    }
}

/// One game of a registry.
#[derive(Clone, Debug)]
enum Entry {
    BuiltIn(BuiltIn),
    /// A game written in Rust with the weights of a weights file.
    Weighted(Weighted),
    /// A game read from a `variants.ini` file.
    Defined(&'static GameDef),
    /// A built-in parent (see [`crate::defined::builtin::parent_games`]),
    /// compiled when first asked for.
    Parent(usize),
}

impl Entry {
    fn spec(&self) -> &GameSpec {
        match self {
            Entry::BuiltIn(b) => b.spec(),
            Entry::Weighted(w) => w.spec(),
            Entry::Defined(d) => &d.spec,
            Entry::Parent(i) => &crate::defined::builtin::parent_game(*i).spec,
        }
    }

    /// Its identifier, without compiling a parent.
    fn id(&self) -> &str {
        match self {
            Entry::Parent(i) => &crate::defined::builtin::parent_games()[*i],
            other => &other.spec().id,
        }
    }

    /// What a menu shows of it, without compiling a parent.
    fn listed(&self) -> Listed {
        match self {
            Entry::Parent(_) => Listed {
                id: self.id().to_string(),
                name: self.id().to_string(),
                chess960: false,
            },
            other => {
                let spec = other.spec();
                Listed {
                    id: spec.id.clone(),
                    name: spec.name.clone(),
                    chess960: spec.chess960,
                }
            }
        }
    }

    /// Whether it is called `name` (see [`GameSpec::answers_to`]); a parent
    /// by its identifier in any case.
    fn answers_to(&self, name: &str) -> bool {
        match self {
            Entry::Parent(_) => self.id().eq_ignore_ascii_case(name.trim()),
            other => other.spec().answers_to(name),
        }
    }

    /// The game's rules as data, for a game read from a file or a parent.
    fn defined(&self) -> Option<&'static GameDef> {
        match self {
            Entry::Defined(d) => Some(d),
            Entry::Parent(i) => Some(crate::defined::builtin::parent_game(*i)),
            _ => None,
        }
    }

    fn visit<W: VariantVisitor>(&self, visitor: W) -> W::Output {
        match self {
            Entry::BuiltIn(b) => b.visit(visitor),
            Entry::Weighted(w) => w.visit(visitor),
            Entry::Defined(d) => visitor.visit(Defined(d)),
            Entry::Parent(i) => visitor.visit(Defined(crate::defined::builtin::parent_game(*i))),
        }
    }
}

/// What a menu shows of a game: its identifier, its name and whether it is
/// the one that plays Chess960.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// Its identifier.
    pub id: String,
    /// Its name for players.
    pub name: String,
    /// Whether it has Chess960 castling (`fischerandom`).
    pub chess960: bool,
}

/// The games of a run, in the order they are listed to users.
#[derive(Clone, Debug)]
pub struct Registry {
    games: Vec<Entry>,
    /// The weights files given to its games (text, file name), to give
    /// again to a game loaded anew.
    weights: Vec<(String, String)>,
}

impl Default for Registry {
    fn default() -> Self {
        Registry::builtin()
    }
}

/// The games this process loaded from files (`--variants`), which every
/// front end of the run then offers.
static PROCESS: std::sync::Mutex<Option<Registry>> = std::sync::Mutex::new(None);

impl Registry {
    /// The games of this run: the built-in ones and those loaded with
    /// [`Registry::load_for_process`].
    pub fn current() -> Registry {
        let loaded = PROCESS.lock().unwrap_or_else(|e| e.into_inner());
        loaded.clone().unwrap_or_else(Registry::builtin)
    }

    /// Loads a `variants.ini` file's games for the whole run (the command
    /// line's `--variants`): [`Registry::current`] lists them from then on.
    /// See [`Registry::load_file`].
    pub fn load_for_process(path: &std::path::Path) -> Result<Loaded, DefError> {
        let mut loaded = PROCESS.lock().unwrap_or_else(|e| e.into_inner());
        let mut registry = loaded.clone().unwrap_or_else(Registry::builtin);
        let report = registry.load_file(path)?;
        *loaded = Some(registry);
        Ok(report)
    }

    /// The games written in Rust (chess, Magician, Vanguard, Advanced
    /// Wizard, Parallel Worlds), then Fairy-Stockfish's games Arcana has as
    /// built-in parents (Capablanca, crazyhouse, shogi, ...: see
    /// [`crate::defined::builtin::parent_games`]).
    pub fn builtin() -> Registry {
        let rust = BuiltIn::ALL.iter().copied().map(Entry::BuiltIn);
        let parents = (0..crate::defined::builtin::parent_games().len()).map(Entry::Parent);
        Registry {
            games: rust.chain(parents).collect(),
            weights: Vec::new(),
        }
    }

    /// Adds the games of a `variants.ini` text (`file` names it in errors)
    /// after the games there are; a game of the same name as an earlier
    /// loaded one replaces it (a file read again). Every section that reads
    /// loads; the report says which did and every error of the others, by
    /// line (as Fairy-Stockfish loads a file). A name that is a built-in
    /// game's is an error of its section.
    pub fn load(&mut self, text: &str, file: &str) -> Loaded {
        let mut loaded = crate::defined::load(text, file);
        let mut clashes = Vec::new();
        loaded.games.retain(|g| {
            let clash = matches!(
                self.entry(&g.spec.id),
                Ok(Entry::BuiltIn(_) | Entry::Weighted(_))
            );
            if clash {
                clashes.push(
                    DefError::new(
                        file,
                        g.section_line,
                        format!(
                            "[{}]: a game of Arcana's own has this name; name the section otherwise",
                            g.spec.id
                        ),
                    )
                    .in_section(&g.spec.id),
                );
            }
            !clash
        });
        if !clashes.is_empty() {
            loaded.errors.extend(clashes);
            loaded.errors.sort_by_key(|e| e.line);
        }
        for &g in &loaded.games {
            match self
                .games
                .iter_mut()
                .find(|e| e.id().eq_ignore_ascii_case(&g.spec.id))
            {
                Some(e) => *e = Entry::Defined(g),
                None => self.games.push(Entry::Defined(g)),
            }
        }
        // A game loaded anew keeps the weights it was given, while they
        // fit its rules; else it is said, and it plays with its defaults.
        let given = std::mem::take(&mut self.weights);
        for (text, name) in given {
            let game = EvalWeights::game_of(&text).unwrap_or_default();
            let Some(line) = loaded
                .games
                .iter()
                .find(|g| g.spec.answers_to(&game))
                .map(|g| g.section_line)
            else {
                self.weights.push((text, name));
                continue;
            };
            if let Err(e) = self.load_weights(&text, &name) {
                loaded.errors.push(
                    DefError::new(
                        file,
                        line,
                        format!("[{game}] plays with its default weights: {e}"),
                    )
                    .in_section(&game),
                );
            }
        }
        loaded
    }

    /// Reads a `variants.ini` file and adds the games that load (see
    /// [`Registry::load`]); a file that cannot be read is an error.
    pub fn load_file(&mut self, path: &std::path::Path) -> Result<Loaded, DefError> {
        let name = path.display().to_string();
        match std::fs::read_to_string(path) {
            Ok(text) => Ok(self.load(&text, &name)),
            Err(e) => Err(DefError::new(
                &name,
                0,
                format!("cannot read the file: {e}"),
            )),
        }
    }

    /// Gives a game the weights of a weights file's `text` (`file` names it
    /// in errors; see [`crate::weights`]): the game the file names, which
    /// must have been written for its rules. Returns the game's id.
    pub fn load_weights(&mut self, text: &str, file: &str) -> Result<String, String> {
        let name = EvalWeights::game_of(text).ok_or_else(|| {
            format!(
                "{file}: no 'game NAME' line: a weights file names its game (arcana tune-eval \
                 writes one)"
            )
        })?;
        let index = self
            .games
            .iter()
            .position(|e| e.spec().answers_to(&name))
            .ok_or_else(|| {
                format!(
                    "{file}: the weights are for {name}, a game this run does not know \
                     (load its variants.ini first); known: {}",
                    self.ids().join(", ")
                )
            })?;
        struct Apply<'a>(&'a str, &'a str);
        impl VariantVisitor for Apply<'_> {
            type Output = Result<Option<Entry>, String>;
            fn visit<V: Variant>(self, game: V) -> Self::Output {
                let ours = game.eval_weights().ok_or_else(|| {
                    format!(
                        "{}: {}'s evaluation takes no weights file",
                        self.1,
                        game.spec().name
                    )
                })?;
                let weights = ours.read(self.0, self.1)?;
                let changed = game.with_eval_weights(&weights)?;
                // The games whose weights can change: those read from
                // files and the weighted ones written in Rust.
                let any: &dyn std::any::Any = &changed;
                if let Some(d) = any.downcast_ref::<Defined>() {
                    return Ok(Some(Entry::Defined(d.0)));
                }
                Ok(Weighted::of(any).map(Entry::Weighted))
            }
        }
        let entry = &mut self.games[index];
        match entry.visit(Apply(text, file))? {
            Some(changed) => *entry = changed,
            None => {
                return Err(format!(
                    "{file}: {}'s weights cannot be changed at run time",
                    entry.spec().name
                ))
            }
        }
        let id = entry.spec().id.clone();
        // The file named the game (`name`): the last file given wins.
        self.weights.retain(|(t, _)| {
            EvalWeights::game_of(t).is_none_or(|g| !g.eq_ignore_ascii_case(&name))
        });
        self.weights.push((text.to_string(), file.to_string()));
        Ok(id)
    }

    /// Reads a weights file (see [`Registry::load_weights`]).
    pub fn load_weights_file(&mut self, path: &std::path::Path) -> Result<String, String> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{name}: cannot read the weights file: {e}"))?;
        self.load_weights(&text, &name)
    }

    /// Gives a game of this process's registry the weights of a file, for
    /// the whole run (the command line's `--eval-file`).
    pub fn load_weights_for_process(path: &std::path::Path) -> Result<String, String> {
        let mut loaded = PROCESS.lock().unwrap_or_else(|e| e.into_inner());
        let mut registry = loaded.clone().unwrap_or_else(Registry::builtin);
        let id = registry.load_weights_file(path)?;
        *loaded = Some(registry);
        Ok(id)
    }

    /// The definition of the game called `name`, if its rules are data (a
    /// game read from a file, or a built-in parent).
    pub fn defined(&self, name: &str) -> Option<&'static GameDef> {
        self.entry(name).ok().and_then(Entry::defined)
    }

    /// Whether the game called `name` has its rules as data (see
    /// [`Registry::defined`]).
    pub fn is_defined(&self, name: &str) -> bool {
        matches!(self.entry(name), Ok(Entry::Defined(_) | Entry::Parent(_)))
    }

    /// Every game's spec, in listing order (this compiles every built-in
    /// parent: a menu needs only [`Registry::listing`]).
    pub fn specs(&self) -> impl Iterator<Item = &GameSpec> {
        self.games.iter().map(Entry::spec)
    }

    /// What a menu shows of every game, in listing order.
    pub fn listing(&self) -> Vec<Listed> {
        self.games.iter().map(Entry::listed).collect()
    }

    /// Every game's identifier, in listing order.
    pub fn ids(&self) -> Vec<String> {
        self.games.iter().map(|e| e.id().to_string()).collect()
    }

    fn entry(&self, name: &str) -> Result<&Entry, UnknownVariant> {
        self.games
            .iter()
            .find(|e| e.answers_to(name))
            .ok_or_else(|| UnknownVariant {
                name: name.trim().to_string(),
                known: self.ids(),
            })
    }

    /// The spec of the game called `name`: its id, its full name or an
    /// alias, in any case (`Magician`, `STANDARD`, `Parallel Worlds Chess`).
    pub fn spec(&self, name: &str) -> Result<&GameSpec, UnknownVariant> {
        self.entry(name).map(Entry::spec)
    }

    /// The identifier of the game called `name` (see [`Registry::spec`]).
    pub fn canonical_id(&self, name: &str) -> Result<String, UnknownVariant> {
        self.spec(name).map(|s| s.id.clone())
    }

    /// Runs `visitor` with the game called `name` (see [`Registry::spec`]).
    pub fn visit<W: VariantVisitor>(
        &self,
        name: &str,
        visitor: W,
    ) -> Result<W::Output, UnknownVariant> {
        self.entry(name).map(|e| e.visit(visitor))
    }

    /// The games whose FEN reader accepts `fen`, in listing order: for a
    /// hint when a FEN was given to the wrong game.
    pub fn reading(&self, fen: &str) -> Vec<String> {
        struct Reads<'a>(&'a str);
        impl VariantVisitor for Reads<'_> {
            type Output = bool;
            fn visit<V: Variant>(self, game: V) -> bool {
                game.read_fen(self.0).is_ok()
            }
        }
        self.games
            .iter()
            .filter(|e| e.visit(Reads(fen)))
            .map(|e| e.spec().id.clone())
            .collect()
    }
}

/// Runs `visitor` with the built-in game called `name`: for tests and
/// tools that know only the built-in games; front ends ask their
/// [`Registry`].
pub fn with_variant<W: VariantVisitor>(
    name: &str,
    visitor: W,
) -> Result<W::Output, UnknownVariant> {
    Registry::builtin().visit(name, visitor)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct IdOf;
    impl VariantVisitor for IdOf {
        type Output = String;
        fn visit<V: Variant>(self, game: V) -> String {
            game.spec().id.clone()
        }
    }

    #[test]
    fn a_weights_file_changes_its_games_evaluation() {
        let mut registry = Registry::builtin();
        let loaded = registry.load("[capa:capablanca]\n", "capa.ini");
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
        let weights = |r: &Registry| {
            let def = r.defined("capa").expect("loaded");
            Defined(def).eval_weights().expect("weights")
        };
        let mut w = weights(&registry);
        w.values[0] = [11, 12];
        let text = w.to_text("test");
        assert_eq!(registry.load_weights(&text, "w.txt").unwrap(), "capa");
        assert_eq!(weights(&registry).values[0], [11, 12]);
        // The game stays where it was listed.
        assert_eq!(registry.ids().last().map(String::as_str), Some("capa"));
        let e = registry
            .load_weights(&text.replace("game capa", "game nocapa"), "w.txt")
            .unwrap_err();
        assert!(e.contains("does not know") && e.contains("nocapa"), "{e}");
        // Chess takes its own weights, not another game's.
        let e = registry
            .load_weights(&text.replace("game capa", "game chess"), "w.txt")
            .unwrap_err();
        assert!(e.contains("w.txt"), "{e}");
        let weights_of = |r: &Registry, game: &str| {
            struct Weights;
            impl VariantVisitor for Weights {
                type Output = EvalWeights;
                fn visit<V: Variant>(self, game: V) -> EvalWeights {
                    game.eval_weights().expect("the game has weights")
                }
            }
            r.visit(game, Weights).unwrap()
        };
        let chess = |r: &Registry| weights_of(r, "chess");
        let mut c = chess(&registry);
        c.values[1] = [400, 350];
        let chess_text = c.to_text("test");
        assert_eq!(
            registry.load_weights(&chess_text, "c.txt").unwrap(),
            "chess"
        );
        assert_eq!(chess(&registry).values[1], [400, 350]);
        assert_eq!(registry.ids()[0], "chess");
        assert_ne!(chess(&Registry::builtin()).values[1], [400, 350]);
        // And Vanguard its own.
        let mut v = weights_of(&registry, "vanguard");
        v.values[1] = [1234, 1000];
        assert_eq!(
            registry.load_weights(&v.to_text("test"), "v.txt").unwrap(),
            "vanguard"
        );
        assert_eq!(weights_of(&registry, "vanguard").values[1], [1234, 1000]);
        let mut m = weights_of(&registry, "magician");
        m.values[2] = [444, 333];
        let loaded = registry.load_weights(&m.to_text("test"), "m.txt");
        assert_eq!(loaded.unwrap(), "magician");
        assert_eq!(weights_of(&registry, "magician").values[2], [444, 333]);
        assert_eq!(chess(&registry).values[1], [400, 350]);
        // A section may not take chess's name, weighted or not.
        let clash = registry.load("[chess:capablanca]\n", "clash.ini");
        assert!(!clash.errors.is_empty());
        // Loaded again, the game keeps them; under other rules it says so.
        registry.load("[capa:capablanca]\n", "capa.ini");
        assert_eq!(weights(&registry).values[0], [11, 12]);
        let again = registry.load("[capa:capablanca]\nnMoveRule = 40\n", "capa.ini");
        assert!(
            again
                .errors
                .iter()
                .any(|e| e.to_string().contains("default weights")),
            "{:?}",
            again.errors
        );
        assert_ne!(weights(&registry).values[0], [11, 12]);
        let e = registry
            .load_weights("mobility 1 1\n", "w.txt")
            .unwrap_err();
        assert!(e.contains("no 'game NAME' line"), "{e}");
        let e = registry
            .load_weights_file(std::path::Path::new("/nonexistent/w.txt"))
            .unwrap_err();
        assert!(e.contains("/nonexistent/w.txt"), "{e}");
    }

    #[test]
    fn dispatches_known_names_and_rejects_others() {
        let registry = Registry::builtin();
        let ids = registry.ids();
        // The games written in Rust first, then Fairy-Stockfish's games
        // Arcana has as built-in parents.
        assert_eq!(
            ids[..5],
            [
                "chess",
                "magician",
                "vanguard",
                "advancedwizard",
                "parallelworlds"
            ]
        );
        for parent in ["capablanca", "crazyhouse", "shogi", "kyotoshogi"] {
            assert!(ids.iter().any(|i| i == parent), "{parent}: {ids:?}");
        }
        assert!(!ids[5..].iter().any(|i| i == "chess"), "{ids:?}");
        for (name, id) in [
            ("chess", "chess"),
            ("standard", "chess"),
            ("Normal", "chess"),
            ("MAGICIAN", "magician"),
            (" ParallelWorlds ", "parallelworlds"),
            ("Parallel Worlds Chess", "parallelworlds"),
            ("magician chess", "magician"),
        ] {
            assert_eq!(registry.visit(name, IdOf).as_deref(), Ok(id), "{name}");
            assert_eq!(registry.canonical_id(name).as_deref(), Ok(id), "{name}");
        }
        for id in &ids {
            assert_eq!(&registry.visit(id, IdOf).unwrap(), id);
        }
        let reading = registry.reading("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(reading[0], "chess");
        assert!(reading.iter().any(|g| g == "crazyhouse"), "{reading:?}");
        assert!(!reading.iter().any(|g| g == "shogi"), "{reading:?}");
        assert!(registry.reading("not a fen").is_empty());
        let err = registry.visit("chesss", IdOf).unwrap_err();
        assert!(
            err.to_string().starts_with(
                "unknown variant 'chesss' (known: chess, magician, vanguard, advancedwizard, \
                 parallelworlds, fairy, capablanca,"
            ),
            "{err}"
        );
    }

    #[test]
    fn every_spec_is_whole_and_its_start_reads() {
        struct Check;
        impl VariantVisitor for Check {
            type Output = ();
            fn visit<V: Variant>(self, game: V) {
                let spec = game.spec();
                let start = game.start();
                assert_eq!(V::to_fen(&start), spec.start_fen, "{}", spec.id);
                assert_eq!(spec.boards.len().max(1), spec.squares.boards.len().max(1));
                assert!(!spec.pieces.is_empty(), "{}", spec.id);
                // The games written in Rust have a royal piece; the
                // parents from Fairy-Stockfish's list may be won by other
                // means (extinction, a flag, counting), which the
                // differential tests against Fairy-Stockfish check.
                let written = [
                    "chess",
                    "magician",
                    "vanguard",
                    "advancedwizard",
                    "parallelworlds",
                ];
                assert!(
                    spec.pieces.iter().any(|p| p.royal) || !written.contains(&spec.id.as_str()),
                    "{}",
                    spec.id
                );
                for fen in &spec.bench_fens {
                    assert!(game.read_fen(fen).is_ok(), "{}: {fen}", spec.id);
                }
                // Every letter of the start position is a piece of the spec.
                let board = spec.start_fen.split(' ').next().unwrap_or("");
                for c in board.chars().filter(char::is_ascii_alphabetic) {
                    assert!(spec.piece(c).is_some(), "{}: {c}", spec.id);
                }
            }
        }
        for id in Registry::builtin().ids() {
            with_variant(&id, Check).unwrap();
        }
    }
}
