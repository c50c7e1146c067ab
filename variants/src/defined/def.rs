//! A game defined in a `variants.ini` file: its keys read as
//! Fairy-Stockfish reads them (the defaults of its template, inheritance
//! from a parent, the last of a repeated key), checked, and compiled into
//! the tables the move generator uses.

use super::betza::Moves;
use super::ini::{Cause, DefError, Section};
use super::piece::{self, Board, Compiled, WIDTH};
use super::roster::{is_piece_key, Level, Named, Roster, Setting};
use crate::board_field::BoardShape;
use crate::spec::{board, Figure, GameSpec, PieceSpec};
use crate::{Side, SquareNames};
use std::collections::BTreeMap;

/// A result for the side to move (a game end's value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// A draw.
    Draw,
    /// The rule does not end the game.
    None,
}

/// The counting of the moves left to mate (`countingRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// No counting.
    None,
    /// Makruk's: the board's honour, then the pieces' honour.
    Makruk,
    /// ASEAN chess's (and Sittuyin's): only against a bare king, by the
    /// strongest piece left (rook 16, khon 44, knight 64), counted from 0.
    Asean,
    /// Cambodian chess's: Makruk's one move shorter, counted only by a
    /// side of at most three pieces, its pieces' honour also with pawns.
    Cambodian,
}

/// How material decides a game that ends without a mate
/// (`materialCounting`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaterialCounting {
    /// The side with more pieces on the board wins; equal draws.
    Unweighted,
    /// White wins.
    WhiteDrawOdds,
    /// Black wins.
    BlackDrawOdds,
    /// Janggi's points (rook 13, janggi cannon 7, horse 5, janggi
    /// elephant and wazir 3, soldier 2; Black is given 1.5): the side
    /// ahead wins, never a draw. The weights by type are the game's
    /// [`GameDef::janggi_points`].
    Janggi,
}

/// One kind of piece of a defined game.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// Its letter, upper case.
    pub letter: char,
    /// Its name (the predefined name, or `customPieceN`).
    pub name: String,
    /// Its Betza as written.
    pub betza: String,
    /// Its moves from White's side.
    pub moves: Moves,
    /// `[side]`: its moves square by square.
    pub compiled: [Compiled; 2],
    /// Midgame and endgame values, where the file gives them.
    pub value: (Option<i32>, Option<i32>),
}

/// Everything the rules of a defined game need, compiled.
#[derive(Clone, Debug)]
pub struct GameDef {
    /// What the game says about itself.
    pub spec: GameSpec,
    /// Files and ranks.
    pub files: i32,
    /// Ranks.
    pub ranks: i32,
    /// The board's squares.
    pub board: Board,
    /// The rides of rooks, bishops and nightriders on this board.
    pub rays: super::piece::Rays,
    /// Per side: whether one of its pieces takes by hopping (a piece that
    /// moves into a line can then expose a king).
    pub hoppers: [bool; 2],
    /// Per square: where a piece may stand between a king there and an
    /// attacker (its rays, and the legs of lame leaps within two squares).
    pub king_lines: Vec<Board>,
    /// `[side][square]`: the squares from which some piece of `side` takes
    /// on `square` on an empty board (its types' tables together).
    pub attackers: [Vec<Board>; 2],
    /// Per side: whether its pieces take only by leaps and rook and bishop
    /// rides (so that only a piece between a king and one of them shields
    /// the king).
    pub line_riders_only: [bool; 2],
    /// The pieces; a piece's index is its type.
    pub pieces: Vec<PieceDef>,
    /// The royal piece's type, if the game has one.
    pub king: Option<usize>,
    /// `[side]`: types that promote like pawns.
    pub promotion_pawn_types: [u64; 2],
    /// `[side]`: where they promote.
    pub promotion_region: [Board; 2],
    /// `[side]`: what they may become.
    pub promotion_piece_types: [u64; 2],
    /// The most of a type promotions may make (0: any number), by type.
    pub promotion_limit: Vec<u32>,
    /// Whether a pawn reaching the region must promote.
    pub mandatory_pawn_promotion: bool,
    /// Whether a side that can capture must (`mustCapture`: antichess).
    pub must_capture: bool,
    /// Whether a capture blows up the capturer and every piece but pawns
    /// around the square (`blastOnCapture`: atomic).
    pub blast_on_capture: bool,
    /// Types no blast removes (`blastImmuneTypes`).
    pub blast_immune_types: u64,
    /// Types that may not take a piece of their own type
    /// (`mutuallyImmuneTypes`).
    pub mutually_immune_types: u64,
    /// By square: the square and the squares a king's step away on the
    /// board (a blast's reach, a king's zone).
    pub around: Vec<Board>,
    /// Whether every move is a capture (clobber): the search then counts
    /// no move as noisy, and the quiescence search has none to look at.
    pub every_move_captures: bool,
    /// Sittuyin's promotion (`sittuyinPromotion`): a pawn never promotes
    /// by moving; instead, as a move of its own, one in the region (or the
    /// side's last pawn) turns into a promotion piece where it stands or
    /// one step of that piece away on an empty square, attacking no enemy
    /// piece and giving no check.
    pub sittuyin_promotion: bool,
    /// Whether the predefined pawn steps two (three) from its regions.
    pub double_step: bool,
    /// `[side]`: where pawns step two (and where initial moves `i` apply).
    pub double_step_region: [Board; 2],
    /// `[side]`: where pawns step three.
    pub triple_step_region: [Board; 2],
    /// `[side]`: the squares en passant may take on, for the side to take.
    pub en_passant_region: [Board; 2],
    /// `[side]`: the types that take en passant.
    pub en_passant_types: [u64; 2],
    /// The predefined pawn's type, if the game has it.
    pub pawn: Option<usize>,
    /// Castling.
    pub castling: bool,
    /// Whether castling is written the Chess960 way (`chess960`: the king
    /// takes its rook, `e1h1`; the FEN names the rooks' files, `HAha`).
    pub chess960: bool,
    /// The king's file after castling on the king's side (from 0).
    pub castling_kingside_file: i32,
    /// The king's file after castling on the queen's side.
    pub castling_queenside_file: i32,
    /// The castling king's start file.
    pub castling_king_file: i32,
    /// The castling rank from each side's own side (from 0).
    pub castling_rank: i32,
    /// `[side]`: types that castle with the king.
    pub castling_rook_pieces: [u64; 2],
    /// `[side]`: the type that castles where it is not the royal king
    /// (`castlingKingPiece`: Koedem's commoner). It castles while its
    /// side has no royal king, from the square the FEN's castling field
    /// found it on, and never looks at attacks on its way.
    pub castling_king_piece: [Option<usize>; 2],
    /// The rook's file on the king's side when it is not in the corner.
    pub castling_rook_kingside_file: i32,
    /// The rook's file on the queen's side.
    pub castling_rook_queenside_file: i32,
    /// Whether a move may give check (`checking = false` forbids it, as in
    /// Fairy-Stockfish; the king stays royal either way).
    pub checking: bool,
    /// The side to move's result when it has no move and is not in check.
    pub stalemate_value: Value,
    /// Its result when it has no move and is in check.
    pub checkmate_value: Value,
    /// Pieces may not move where they could never move again.
    pub immobility_illegal: bool,
    /// The extinction rule's value (None: no rule).
    pub extinction_value: Value,
    /// Types counted by the extinction rule.
    pub extinction_piece_types: u64,
    /// Whether every type counts (`*`).
    pub extinction_all: bool,
    /// The count at which a side's pieces are extinct.
    pub extinction_piece_count: u32,
    /// `extinctionPseudoRoyal`: while a side has at most one more of an
    /// extinction type than the count that loses, its pieces of that type
    /// are royal to it (no move may leave one attacked); extinction then
    /// ends no game.
    pub extinction_pseudo_royal: bool,
    /// Types whose piece turns into a wall where it lands when it takes
    /// (`petrifyOnCaptureTypes`: petrified chess, nuclear chess's blasts).
    pub petrify_types: u64,
    /// The opponent's count needed for extinction to decide.
    pub extinction_opponent_piece_count: u32,
    /// Whether extinction is claimed only by the side to move.
    pub extinction_claim: bool,
    /// Whether checks are counted (`checkCounting`): a side that has
    /// given its count of checks (the FEN's `3+3`; 1 where the FEN says
    /// none) wins.
    pub check_counting: bool,
    /// `[side]`: the flag piece (None: any piece; Some(type)).
    pub flag_piece: [Option<usize>; 2],
    /// `[side]`: the region a flag piece must reach.
    pub flag_region: [Board; 2],
    /// Whether the other side gets one more move after a flag is reached.
    pub flag_move: bool,
    /// `[side]`: whether it may pass instead of moving (`pass`).
    pub pass: [bool; 2],
    /// `[side]`: whether it passes when it has no other move
    /// (`passOnStalemate`).
    pub pass_on_stalemate: [bool; 2],
    /// Whether a side without a move is judged by the pieces on the
    /// board (`stalematePieceCount`: fewer loses, as many draws).
    pub stalemate_piece_count: bool,
    /// How material decides a drawn end (`materialCounting`).
    pub material_counting: Option<MaterialCounting>,
    /// By type: its points under janggi's counting (0 for the types it
    /// does not count).
    pub janggi_points: Vec<i32>,
    /// Whether kings facing each other on an open line end the game when
    /// the other side leaves them so (`bikjangRule`: janggi's bikjang; the
    /// side to move may then pass, even in check, and may not move
    /// otherwise leaving them facing).
    pub bikjang: bool,
    /// Whether a full board ends the game, judged by material
    /// (`adjudicateFullBoard`).
    pub adjudicate_full_board: bool,
    /// Whether a flag piece takes the flag only where no enemy piece
    /// attacks it (`flagPieceSafe`, Dōbutsu's lion).
    pub flag_piece_safe: bool,
    /// How many flag pieces must stand in the region (`flagPieceCount`).
    pub flag_piece_count: u32,
    /// Whether a flag piece in a region full of pieces takes the flag
    /// whatever the count (`flagPieceBlockedWin`).
    pub flag_piece_blocked_win: bool,
    /// Moves without a pawn move or capture that draw (0: none).
    pub n_move_rule: u32,
    /// Repetitions that end the game.
    pub n_fold_rule: u32,
    /// Their result for the side to move.
    pub n_fold_value: Value,
    /// `[side]`: types whose moves reset the move-count rule.
    pub n_move_rule_types: [u64; 2],
    /// Whether castling on a wing takes the other side's right to castle
    /// on that wing (`oppositeCastling`).
    pub opposite_castling: bool,
    /// `[side][wing]` (0 the king's side): castlings that win, whose
    /// rights lost lose (`castlingWins = Kq`).
    pub castling_wins: [[bool; 2]; 2],
    /// Whether `n_fold_value` is White's (Black then gets its opposite)
    /// rather than the side to move's (`nFoldValueAbsolute`).
    pub n_fold_value_absolute: bool,
    /// Whether a piece that can reach the enemy's palace may not go back
    /// and forth four times in a row out of check (`moveRepetitionIllegal`:
    /// modern janggi's rule; the side that does loses).
    pub move_repetition_illegal: bool,
    /// Whether a side that checks in every position of a repetition loses
    /// (`perpetualCheckIllegal`).
    pub perpetual_check_illegal: bool,
    /// Counting rules.
    pub counting: Counting,
    /// The janggi cannon's type, where the game has one (it hops over no
    /// janggi cannon and takes none).
    pub janggi_cannon: Option<usize>,
    /// Wins by a shape of pieces (`connectN` ...).
    pub connect: super::connect::Connect,
    /// Whether a king in check may move only to take its one checker
    /// (`makpongRule`).
    pub makpong: bool,
    /// Whether a side may not leave all its pieces of the extinction types
    /// attacked at once, and is in check when they are (`dupleCheck`).
    pub duple_check: bool,
    /// Shatar's mate rule (`shatarMateRule`): the types whose check is a
    /// shak (rook, knight, bers), and the knight's.
    pub shatar: Option<(u64, Option<usize>)>,
    /// Cambodian chess's first moves from the gates (`cambodianMoves`).
    pub cambodian_moves: bool,
    /// Xiangqi's rule against perpetual chasing (`chasingRule = axf`).
    pub chase: Option<Box<super::chase::Chase>>,
    /// Pockets and drops.
    pub drops: super::drops::DropRules,
    /// Walls put by moves (`wallingRule`).
    pub walling: super::walls::Walling,
    /// Where pieces may go: mobility regions, soldiers, the flying
    /// general.
    pub mobility: super::mobility::Mobility,
    /// Shogi-style promotions.
    pub piece_promotions: super::promotion::PiecePromotions,
    /// The start position.
    pub start_fen: String,
    /// A hash of the keys and values of the game's sections, its parents'
    /// included (see [`crate::weights::fnv1a`]): what a weights file is
    /// checked against.
    pub rules_hash: u64,
    /// The line of the section's header.
    pub section_line: usize,
    /// The line of `startFen` (or of the section), for errors in it.
    pub start_fen_line: usize,
    /// Each type's value in centipawns, the mean of its middle-game and
    /// endgame values (see [`super::eval::values`]): what exchanges and
    /// move ordering count.
    pub values: Vec<i32>,
    /// What the evaluation knows of the game (tables, phases, geometry).
    pub eval: super::eval::EvalInfo,
}

impl GameDef {
    /// What a piece of `side` and type `t` is worth on `s`, for `side`:
    /// (middle game, endgame).
    #[inline]
    pub fn square_value(&self, side: usize, t: usize, s: usize) -> [i32; 2] {
        let [mg, eg] = self.eval.tables[(t * 2 + side) * 256 + s];
        [mg as i32, eg as i32]
    }

    /// The type of a letter (either case).
    pub fn type_of(&self, letter: char) -> Option<usize> {
        let upper = letter.to_ascii_uppercase();
        self.pieces.iter().position(|p| p.letter == upper)
    }

    /// The square `(file, rank)` of this board.
    pub fn square(&self, file: i32, rank: i32) -> Option<usize> {
        piece::square(file, rank, self.files, self.ranks)
    }
}

/// The keys this reader knows and Fairy-Stockfish reads, beyond the piece
/// names: anything else is an error that names it.
const KEYS: &[&str] = &[
    "maxRank",
    "maxFile",
    "startFen",
    "pieceValueMg",
    "pieceValueEg",
    "pawnTypes",
    "promotionRank",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "promotionLimit",
    "mandatoryPawnPromotion",
    "sittuyinPromotion",
    "mustCapture",
    "blastOnCapture",
    "blastImmuneTypes",
    "mutuallyImmuneTypes",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "tripleStepRegionWhite",
    "tripleStepRegionBlack",
    "enPassantRegion",
    "enPassantRegionWhite",
    "enPassantRegionBlack",
    "enPassantTypes",
    "enPassantTypesWhite",
    "enPassantTypesBlack",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingKingFile",
    "castlingRank",
    "castlingRookPieces",
    "castlingKingPiece",
    "castlingKingPieceWhite",
    "castlingKingPieceBlack",
    "castlingRookPiecesWhite",
    "castlingRookPiecesBlack",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "checking",
    "stalemateValue",
    "checkmateValue",
    "immobilityIllegal",
    "extinctionValue",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "extinctionPseudoRoyal",
    "extinctionOpponentPieceCount",
    "extinctionClaim",
    "checkCounting",
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "whiteFlag",
    "blackFlag",
    "flagMove",
    "flagPieceSafe",
    "flagPieceCount",
    "flagPieceBlockedWin",
    "pass",
    "passWhite",
    "passBlack",
    "passOnStalemate",
    "passOnStalemateWhite",
    "passOnStalemateBlack",
    "stalematePieceCount",
    "materialCounting",
    "bikjangRule",
    "petrifyOnCaptureTypes",
    "adjudicateFullBoard",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
    "oppositeCastling",
    "castlingWins",
    "perpetualCheckIllegal",
    "makpongRule",
    "dupleCheck",
    "shatarMateRule",
    "cambodianMoves",
    "nFoldValueAbsolute",
    "moveRepetitionIllegal",
    "countingRule",
    "pieceToCharTable",
    "pieceNames",
    "variantTemplate",
    "pocketSize",
    "chess960",
];

/// The keys of a section and of its parents: the last written wins, as in
/// Fairy-Stockfish's key map; a child's keys come after its parent's.
type Config = BTreeMap<String, Setting>;

/// Reads every game of a file's sections. `parents` gives the sections a
/// parent may name beyond the file's own earlier ones (the built-in
/// templates); errors name the file, line and key. A section that does not
/// read is left out and the others load, as in Fairy-Stockfish; so is a
/// section whose parent did not load (with a word about its parent).
pub fn compile_all(
    sections: &[Section],
    file: &str,
    builtin: &dyn Fn(&str) -> Option<Vec<Section>>,
) -> (Vec<GameDef>, Vec<DefError>) {
    let mut defs = Vec::new();
    let mut errors = Vec::new();
    // The sections read so far: their levels, or None where one did not load.
    let mut known: BTreeMap<String, (usize, Option<Vec<Level>>)> = BTreeMap::new();
    for section in sections {
        let name = &section.name;
        let error = |message: String, cause: Cause| {
            DefError::new(file, section.line, message)
                .in_section(name)
                .because(cause)
        };
        if let Some((line, _)) = known.get(name) {
            // Fairy-Stockfish keeps the first.
            errors.push(error(
                format!(
                    "[{name}]: a section of this name stands at line {line}; this one is skipped"
                ),
                Cause::Other,
            ));
            continue;
        }
        let base = match section.parent.as_deref() {
            None => Ok(Vec::new()),
            Some(parent) => match known.get(parent) {
                Some((_, Some(levels))) => Ok(levels.clone()),
                Some((line, None)) => Err(error(
                    format!(
                        "[{name}:{parent}]: its parent [{parent}] (line {line}) does not load; \
                         fix the parent first"
                    ),
                    Cause::ParentFailed,
                )),
                None => match builtin(parent) {
                    // A built-in parent's keys are marked with line 0.
                    Some(chain) => Ok(chain
                        .iter()
                        .enumerate()
                        .map(|(n, s)| level_of(s, n, true))
                        .collect()),
                    None => Err(error(
                        unknown_parent(name, parent),
                        Cause::Parent(parent.to_string()),
                    )),
                },
            },
        };
        let mut levels = match base {
            Ok(levels) if section.errors.is_empty() => levels,
            Ok(_) => {
                errors.extend(section.errors.iter().cloned());
                known.insert(name.clone(), (section.line, None));
                continue;
            }
            Err(e) => {
                errors.push(e);
                known.insert(name.clone(), (section.line, None));
                continue;
            }
        };
        levels.push(level_of(section, levels.len(), false));
        match build(name, &levels, file, section.line) {
            Ok(def) => {
                defs.push(def);
                known.insert(name.clone(), (section.line, Some(levels)));
            }
            Err(e) => {
                errors.extend(e.into_iter().map(|e| e.in_section(name)));
                known.insert(name.clone(), (section.line, None));
            }
        }
    }
    (defs, errors)
}

/// Why `parent` is no parent: a game of Fairy-Stockfish's that Arcana does
/// not play yet, or no game at all.
fn unknown_parent(name: &str, parent: &str) -> String {
    let parents = super::builtin::names().join(", ");
    if super::builtin::FAIRY_GAMES.contains(&parent) {
        format!(
            "[{name}:{parent}]: the parent '{parent}' is a game of Fairy-Stockfish's that Arcana \
             does not play yet (parents Arcana has: {parents}, or an earlier section)"
        )
    } else {
        format!(
            "[{name}:{parent}]: the parent '{parent}' is neither an earlier section nor a \
             built-in game ({parents})"
        )
    }
}

/// A section's keys as level `level` of a game's inheritance; a built-in
/// parent's keys carry line 0.
fn level_of(section: &Section, level: usize, builtin: bool) -> Level {
    section
        .entries
        .iter()
        .map(|e| {
            let setting = Setting {
                value: e.value.clone(),
                line: if builtin { 0 } else { e.line },
                level,
            };
            (e.key.clone(), setting)
        })
        .collect()
}

struct Reader<'a> {
    name: &'a str,
    file: &'a str,
    config: Config,
    roster: Roster,
    errors: Vec<DefError>,
}

impl Reader<'_> {
    fn error(&mut self, key: &str, message: String) {
        let line = self.config.get(key).map_or(0, |s| s.line);
        self.error_at(key, line, message);
    }

    /// An error of a key whose rule Arcana does not play (yet): the file's
    /// summary counts the section under the key.
    fn error_because(&mut self, key: &str, message: String) {
        self.error(key, message);
        if let Some(e) = self.errors.last_mut() {
            e.cause = Cause::Key(key.to_string());
        }
    }

    fn error_at(&mut self, key: &str, line: usize, message: String) {
        self.errors.push(DefError::new(
            self.file,
            line,
            format!("[{}] {key}: {message}", self.name),
        ));
    }

    /// Whether the king moves as Fairy-Stockfish's wazir type does, which
    /// gains the palace lines' diagonals (`kingType = wazir`: Arcana's own
    /// key, which its janggi parents write for the king Fairy-Stockfish's
    /// janggi sets in code; a later `king` key makes it a custom royal
    /// piece again, as there).
    fn wazir_king(&self) -> bool {
        match (self.config.get("kingType"), self.config.get("king")) {
            (Some(k), king) => {
                k.value.trim() == "wazir" && king.is_none_or(|king| king.level <= k.level)
            }
            _ => false,
        }
    }

    /// The pieces' names for players a section gives (`pieceNames = a:
    /// Advisor, b: Elephant`: Arcana's own key, which its built-in parents
    /// write where a game calls its pieces otherwise than their moves say;
    /// a name changes no rule), by type.
    fn piece_names(&mut self, pieces: &[PieceDef], own: bool) -> Vec<Option<String>> {
        let mut names = vec![None; pieces.len()];
        let Some(v) = self.get("pieceNames").map(str::to_string) else {
            return names;
        };
        for item in v.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let parsed = item.split_once(':').and_then(|(letter, name)| {
                let mut cs = letter.trim().chars();
                let (Some(c), None) = (cs.next(), cs.next()) else {
                    return None;
                };
                let name = name.trim();
                let t = pieces
                    .iter()
                    .position(|p| p.letter.eq_ignore_ascii_case(&c))?;
                (!name.is_empty()).then(|| (t, name.to_string()))
            });
            match parsed {
                Some((t, name)) => names[t] = Some(name),
                // A parent's name of a piece this section took away or
                // gave another letter: nothing to name.
                None if !own => {}
                None => self.error(
                    "pieceNames",
                    format!(
                        "'{item}' is not a piece's letter and its name (write `a: Advisor, b: \
                         Elephant`)"
                    ),
                ),
            }
        }
        names
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.config.get(key).map(|s| s.value.as_str())
    }

    fn int(&mut self, key: &str, default: u32) -> u32 {
        match self.get(key) {
            None => default,
            Some(v) => match v.parse() {
                Ok(n) => n,
                Err(_) => {
                    self.error(key, format!("'{v}' is not a whole number"));
                    default
                }
            },
        }
    }

    fn bool(&mut self, key: &str, default: bool) -> bool {
        match self.get(key) {
            None => default,
            Some("true") => true,
            Some("false") => false,
            Some(v) => {
                let v = v.to_string();
                self.error(key, format!("'{v}' is not true or false"));
                default
            }
        }
    }

    fn value(&mut self, key: &str, default: Value) -> Value {
        match self.get(key) {
            None => default,
            Some("win") => Value::Win,
            Some("loss") => Value::Loss,
            Some("draw") => Value::Draw,
            Some("none") => Value::None,
            Some(v) => {
                let v = v.to_string();
                self.error(key, format!("'{v}' is not win, loss, draw or none"));
                default
            }
        }
    }

    /// A file: a letter (`g`) or a number from 1.
    fn file_of(&mut self, key: &str, default: i32) -> i32 {
        let Some(v) = self.get(key) else {
            return default;
        };
        let v = v.to_string();
        let parsed = if v.starts_with(|c: char| c.is_ascii_digit()) {
            v.parse::<i32>().ok().map(|n| n - 1)
        } else {
            let mut cs = v.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) if c.is_ascii_lowercase() => Some(c as i32 - 'a' as i32),
                _ => None,
            }
        };
        match parsed.filter(|f| (0..WIDTH).contains(f)) {
            Some(f) => f,
            None => {
                self.error(
                    key,
                    format!("'{v}' is not a file (a letter a-p or a number 1-16)"),
                );
                default
            }
        }
    }

    /// A rank from 1.
    fn rank_of(&mut self, key: &str, default: i32) -> i32 {
        let Some(v) = self.get(key) else {
            return default;
        };
        let v = v.to_string();
        match v
            .parse::<i32>()
            .ok()
            .map(|n| n - 1)
            .filter(|r| (0..WIDTH).contains(r))
        {
            Some(r) => r,
            None => {
                self.error(key, format!("'{v}' is not a rank (a number 1-16)"));
                default
            }
        }
    }

    /// Squares: `e4`, `*4` (a rank), `e*` (a file), `-` (none), separated
    /// by spaces.
    fn region(&mut self, key: &str, default: Board) -> Board {
        let Some(v) = self.get(key) else {
            return default;
        };
        let v = v.to_string();
        let mut out = Board::EMPTY;
        for symbol in v.split_whitespace() {
            if symbol == "-" {
                break;
            }
            let file_of = |c: char| {
                let f = c.to_ascii_lowercase() as i32 - 'a' as i32;
                (0..WIDTH).contains(&f).then_some(f)
            };
            let parsed: Option<Board> = if let Some(rest) = symbol.strip_prefix('*') {
                rest.parse::<i32>()
                    .ok()
                    .filter(|r| (1..=WIDTH).contains(r))
                    .map(|r| (0..WIDTH).map(|f| ((r - 1) * WIDTH + f) as usize).collect())
            } else if let Some(f) = symbol.strip_suffix('*') {
                let mut cs = f.chars();
                match (cs.next().and_then(file_of), cs.next()) {
                    (Some(f), None) => Some((0..WIDTH).map(|r| (r * WIDTH + f) as usize).collect()),
                    _ => None,
                }
            } else {
                let mut cs = symbol.chars();
                let f = cs.next().and_then(file_of);
                let r = cs
                    .as_str()
                    .parse::<i32>()
                    .ok()
                    .filter(|r| (1..=WIDTH).contains(r));
                match (f, r) {
                    (Some(f), Some(r)) => Some(Board::single(((r - 1) * WIDTH + f) as usize)),
                    _ => None,
                }
            };
            match parsed {
                Some(b) => out |= b,
                None => {
                    self.error(
                        key,
                        format!("'{symbol}' is not a square (e4), a rank (*4) or a file (e*)"),
                    );
                    return default;
                }
            }
        }
        out
    }

    /// Piece letters (`nbrq`), `*` for all, `-` for none: a set of types.
    /// The letters name the pieces of the key's own level (see [`Roster`]);
    /// a piece a later level removed drops out, and so does a promotion to
    /// a piece a later level removed or gave its letter again, as in
    /// Fairy-Stockfish.
    fn piece_set(&mut self, key: &str, default: u64) -> (u64, bool) {
        let Some(setting) = self.config.get(key).cloned() else {
            return (default, false);
        };
        let forgets_removed = key.starts_with("promotionPieceTypes");
        let mut set = 0u64;
        let mut all = false;
        for c in setting.value.chars().filter(|c| !c.is_whitespace()) {
            if c == '-' {
                break;
            }
            if c == '*' {
                all = true;
                continue;
            }
            match self.roster.named(setting.level, c) {
                Named::Piece(t)
                    if forgets_removed && self.roster.removed_after(setting.level, t) => {}
                Named::Piece(t) => set |= 1 << t,
                Named::Gone => {}
                Named::Nothing => {
                    self.error(key, format!("'{c}' is no piece of this game"));
                    return (default, false);
                }
            }
        }
        (set, all)
    }

    /// The last piece `key` names, where it names one (Fairy-Stockfish
    /// reads a single type from a list so).
    fn last_piece(&mut self, key: &str, default: Option<usize>) -> Option<usize> {
        let Some(v) = self.get(key).map(str::to_string) else {
            return default;
        };
        let mut found = default;
        for c in v.chars().filter(|c| !c.is_whitespace()) {
            if c == '-' {
                break;
            }
            match self.piece_of(key, c) {
                Ok(t) => found = t,
                Err(()) => {
                    self.error(key, format!("'{c}' is no piece of this game"));
                    return default;
                }
            }
        }
        found
    }

    /// The walling rules (see [`super::walls::Walling`]).
    fn walling(&mut self, drops: &super::drops::DropRules) -> super::walls::Walling {
        use super::walls::{WallRule, Walling};
        let rule = match self.get("wallingRule").map(str::to_string) {
            None => None,
            Some(v) => match WallRule::parse(v.trim()) {
                Some(rule) => rule,
                None => {
                    self.error(
                        "wallingRule",
                        format!("'{v}' is not supported (arrow, duck, edge, past, static or none)"),
                    );
                    None
                }
            },
        };
        if rule.is_some() && (drops.enabled || drops.gating) {
            let key = if drops.enabled {
                "pieceDrops"
            } else {
                "gating"
            };
            self.error(
                "wallingRule",
                format!(
                    "walls and {key} do not go together (as in Fairy-Stockfish); remove one of \
                     them"
                ),
            );
        }
        let all = self.region("wallingRegion", Board::FULL);
        Walling {
            rule,
            region: [
                self.region("wallingRegionWhite", all),
                self.region("wallingRegionBlack", all),
            ],
            or_move: rule.is_some() && self.bool("wallOrMove", false),
        }
    }

    /// An enclosing rule (`enclosingDrop`, `flipEnclosedPieces`):
    /// Othello's (`reversi`), or none.
    /// The connection rules (see [`super::connect::Connect`]) of a game
    /// of `types` piece types.
    fn connect(&mut self, types: usize) -> super::connect::Connect {
        let all = (1u64 << types) - 1;
        let (set, _) = self.piece_set("connectPieceTypes", all);
        let mut directions = Vec::new();
        if self.bool("connectHorizontal", true) {
            directions.push((1, 0));
        }
        if self.bool("connectVertical", true) {
            directions.push((0, 1));
        }
        if self.bool("connectDiagonal", true) {
            directions.push((1, 1));
            directions.push((1, -1));
        }
        super::connect::Connect {
            n: self.int("connectN", 0),
            nxn: self.int("connectNxN", 0),
            collinear: self.int("collinearN", 0),
            regions: [
                [
                    self.region("connectRegion1White", Board::EMPTY),
                    self.region("connectRegion2White", Board::EMPTY),
                ],
                [
                    self.region("connectRegion1Black", Board::EMPTY),
                    self.region("connectRegion2Black", Board::EMPTY),
                ],
            ],
            types: set,
            directions,
            value: self.value("connectValue", Value::Win),
        }
    }

    /// Castling rights as the FEN writes them (`Kq`, `-`): `[side][wing]`,
    /// wing 0 the king's side.
    fn castling_rights(&mut self, key: &str) -> [[bool; 2]; 2] {
        let mut out = [[false; 2]; 2];
        let Some(v) = self.get(key).map(str::to_string) else {
            return out;
        };
        for c in v.trim().chars() {
            match c {
                'K' => out[0][0] = true,
                'Q' => out[0][1] = true,
                'k' => out[1][0] = true,
                'q' => out[1][1] = true,
                '-' => break,
                _ => {
                    self.error(
                        key,
                        format!("'{v}' is not castling rights (K, Q, k, q or -)"),
                    );
                    return [[false; 2]; 2];
                }
            }
        }
        out
    }

    /// `enclosingDrop`: where a drop may go by the pieces around it.
    fn enclosing(&mut self) -> super::drops::Enclosing {
        use super::drops::Enclosing;
        let key = "enclosingDrop";
        match self.get(key).map(str::trim) {
            None | Some("none") => Enclosing::None,
            Some("reversi") => Enclosing::Reversi,
            Some("top") => Enclosing::Top,
            Some("snort") => Enclosing::Snort,
            Some("anyside") => Enclosing::Anyside,
            Some("ataxx") => Enclosing::Ataxx,
            Some(v) => {
                let v = v.to_string();
                self.error_because(
                    key,
                    format!(
                        "'{v}' is not supported (reversi, ataxx, top, snort, anyside or none; \
                         quadwrangle is not yet)"
                    ),
                );
                Enclosing::None
            }
        }
    }

    fn flip(&mut self, key: &str) -> super::drops::Flip {
        use super::drops::Flip;
        match self.get(key).map(str::trim) {
            None | Some("none") => Flip::None,
            Some("reversi") => Flip::Reversi,
            Some("ataxx") => Flip::Ataxx,
            Some("quadwrangle") => Flip::Quadwrangle,
            Some(v) => {
                let v = v.to_string();
                self.error(
                    key,
                    format!("'{v}' is not supported (reversi, ataxx, quadwrangle or none)"),
                );
                Flip::None
            }
        }
    }

    /// Where pieces may go (see [`super::mobility::Mobility`]): the
    /// region keys of the game's pieces (one naming no piece of it is
    /// let pass, as a parent's key for a piece a child removed; one naming
    /// no piece at all is an error), the soldier's promotion rank, the
    /// flying general.
    fn mobility(&mut self, slots: &[super::roster::Slot], ranks: i32) -> super::mobility::Mobility {
        use super::mobility::{is_region_key, region_key, REGION_PREFIXES};
        let mut m = super::mobility::Mobility {
            region: vec![[None; 2]; slots.len()],
            soldier: None,
            flying_general: self.bool("flyingGeneral", false),
            lines: self.region("diagonalLines", Board::EMPTY),
        };
        let region_keys: Vec<String> = self
            .config
            .keys()
            .filter(|k| is_region_key(k))
            .cloned()
            .collect();
        for key in region_keys {
            let name = REGION_PREFIXES
                .iter()
                .find_map(|p| key.strip_prefix(p))
                .unwrap_or_default();
            let mut cs = name.chars();
            let piece: String = cs
                .next()
                .map(|c| c.to_ascii_lowercase())
                .into_iter()
                .chain(cs)
                .collect();
            if !is_piece_key(&piece) {
                self.error(
                    &key,
                    format!(
                        "'{name}' names no piece (mobilityRegionWhite and mobilityRegionBlack \
                         are followed by a piece's name: King, Fers, CustomPiece1, ...)"
                    ),
                );
            }
        }
        for (t, slot) in slots.iter().enumerate() {
            for side in 0..2 {
                let key = region_key(side, &slot.name);
                let b = self.region(&key, Board::EMPTY);
                if b.any() {
                    m.region[t][side] = Some(b);
                }
            }
        }
        if let Some(t) = slots.iter().position(|s| s.name == "soldier") {
            let rank = self.rank_of("soldierPromotionRank", 0);
            if rank > 0 {
                m.soldier = Some((t, rank.min(ranks)));
            }
        }
        m
    }

    /// The drop rules (see [`super::drops::DropRules`]); `pawn` is the
    /// predefined pawn's type.
    fn drop_rules(&mut self, pawn: Option<usize>) -> super::drops::DropRules {
        let mut d = super::drops::DropRules {
            enabled: self.bool("pieceDrops", false),
            captures_to_hand: self.bool("capturesToHand", false),
            drop_loop: self.bool("dropLoop", false),
            first_rank_pawn_drops: self.bool("firstRankPawnDrops", false),
            promotion_zone_pawn_drops: self.bool("promotionZonePawnDrops", false),
            drop_checks: self.bool("dropChecks", true),
            drop_promoted: self.bool("dropPromoted", false),
            ..Default::default()
        };
        // The older names first, as Fairy-Stockfish reads them.
        let white = self.region("whiteDropRegion", Board::FULL);
        let black = self.region("blackDropRegion", Board::FULL);
        d.region = [
            self.region("dropRegionWhite", white),
            self.region("dropRegionBlack", black),
        ];
        d.no_doubled = self.last_piece("dropNoDoubled", None);
        d.no_doubled_count = self.int("dropNoDoubledCount", 1);
        // The type of a predefined piece, where the game has it.
        let named = |r: &Self, name: &str| r.roster.slots.iter().position(|s| s.name == name);
        if self.bool("shogiPawnDropMateIllegal", false) {
            d.pawn_drop_mate = named(self, "shogiPawn");
        }
        d.must_drop = self.bool("mustDrop", false);
        d.must_drop_type = match self.get("mustDropType") {
            Some(v) if v.trim() == "*" => None,
            _ => self.last_piece("mustDropType", None),
        };
        if self.bool("dropOppositeColoredBishop", false) {
            d.opposite_bishops = named(self, "bishop");
        }
        if self.bool("sittuyinRookDrop", false) {
            d.rook_first_rank = named(self, "rook");
        }
        d.castling_dropped = self.bool("castlingDroppedPiece", false);
        d.enclosing = self.enclosing();
        d.enclosing_start = self.region("enclosingDropStart", Board::EMPTY);
        d.flip = self.flip("flipEnclosedPieces");
        d.free = self.bool("freeDrops", false);
        d.gating = self.bool("gating", false);
        d.seirawan_gating = d.gating && self.bool("seirawanGating", false);
        // Fairy-Stockfish's virtual drops (of pieces a partner may yet
        // pass) are never legal moves.
        d.two_boards = self.bool("twoBoards", false);
        let main = self.last_piece("pawnTypes", pawn);
        let main = self.last_piece("promotionPawnTypes", main);
        d.unpromoted = [
            self.last_piece("promotionPawnTypesWhite", main),
            self.last_piece("promotionPawnTypesBlack", main),
        ];
        d
    }

    /// Shogi-style promotions (see [`super::promotion::PiecePromotions`])
    /// of a game of `types` piece types. Each level's `promotedPieceType`
    /// changes the pairs it names and keeps the others (Fairy-Stockfish
    /// sets them one by one), its letters naming that level's pieces.
    fn piece_promotions(
        &mut self,
        types: usize,
        levels: &[Level],
    ) -> super::promotion::PiecePromotions {
        let key = "promotedPieceType";
        let mut p = super::promotion::PiecePromotions {
            promoted: vec![None; types],
            mandatory: self.bool("mandatoryPiecePromotion", false),
            demotion: self.bool("pieceDemotion", false),
            on_capture: self.bool("piecePromotionOnCapture", false),
            ..Default::default()
        };
        for setting in levels.iter().filter_map(|l| l.get(key)) {
            let (v, level) = (setting.value.clone(), setting.level);
            for item in v.split_whitespace() {
                let parsed = item.split_once(':').and_then(|(a, b)| {
                    let one = |s: &str| {
                        let mut cs = s.chars();
                        match (cs.next(), cs.next()) {
                            (Some(c), None) => Some(c),
                            _ => None,
                        }
                    };
                    let (a, b) = (one(a)?, one(b)?);
                    let from = self.piece_at(level, a).ok()?;
                    let to = if b == '-' {
                        None
                    } else {
                        Some(self.piece_at(level, b).ok()?)
                    };
                    Some((from, to))
                });
                match parsed {
                    Some((Some(from), to)) if from < types => {
                        p.promoted[from] = to.flatten().filter(|&t| t < types)
                    }
                    Some(_) => {}
                    None => {
                        self.error_at(
                            key,
                            setting.line,
                            format!("'{item}' is not piece:piece (p:g) of this game"),
                        );
                        return p;
                    }
                }
            }
        }
        if let Err(n) = p.number() {
            self.error(
                key,
                format!(
                    "{n} types promote; Arcana plays at most {}",
                    super::promotion::MAX_PROMOTING
                ),
            );
        }
        p
    }

    /// The piece a letter of `key` names (see [`Reader::piece_set`]):
    /// `Err` when it names none at the key's level, `Ok(None)` when that
    /// piece left the game.
    fn piece_of(&self, key: &str, letter: char) -> Result<Option<usize>, ()> {
        let level = self.config.get(key).map_or(0, |s| s.level);
        self.piece_at(level, letter)
    }

    /// The piece a letter names at inheritance level `level` (see
    /// [`Reader::piece_of`]).
    fn piece_at(&self, level: usize, letter: char) -> Result<Option<usize>, ()> {
        match self.roster.named(level, letter) {
            Named::Piece(t) => Ok(Some(t)),
            Named::Gone => Ok(None),
            Named::Nothing => Err(()),
        }
    }
}

/// A hash of the evaluation's version, the keys and values in force (a
/// child's over its parents') and the pieces they give (each one's letter, name and Betza): the
/// same for the same rules however the file is laid out, and whatever the
/// section is called (`[capa:capablanca]` with no keys of its own has
/// Capablanca's rules).
fn rules_hash(config: &Config, pieces: &[PieceDef]) -> u64 {
    crate::weights::fnv1a(
        std::iter::once(format!("evaluation {}", super::eval::VERSION))
            .chain(
                config
                    .iter()
                    .flat_map(|(k, s)| [k.clone(), s.value.clone()]),
            )
            .chain(
                pieces
                    .iter()
                    .flat_map(|p| [p.letter.to_string(), p.name.clone(), p.betza.clone()]),
            ),
    )
}

/// Fairy-Stockfish's template defaults the keys set nothing for: chess's
/// rules without pieces.
fn build(name: &str, levels: &[Level], file: &str, line: usize) -> Result<GameDef, Vec<DefError>> {
    let mut config = Config::new();
    for level in levels {
        config.extend(level.iter().map(|(k, s)| (k.clone(), s.clone())));
    }
    let mut r = Reader {
        name,
        file,
        config,
        roster: Roster::default(),
        errors: Vec::new(),
    };
    let unsupported: Vec<(String, usize)> = r
        .config
        .iter()
        .filter(|(key, _)| {
            !KEYS.contains(&key.as_str())
                && !super::drops::KEYS.contains(&key.as_str())
                && !super::promotion::KEYS.contains(&key.as_str())
                && !super::mobility::KEYS.contains(&key.as_str())
                && !super::connect::KEYS.contains(&key.as_str())
                && !super::walls::KEYS.contains(&key.as_str())
                && !super::chase::KEYS.contains(&key.as_str())
                && !super::mobility::is_region_key(key)
                && !is_piece_key(key)
        })
        .map(|(key, s)| (key.clone(), s.line))
        .collect();
    for (key, key_line) in unsupported {
        r.errors.push(
            DefError::new(
                file,
                key_line,
                format!(
                    "[{name}] {key}: this key is not supported by Arcana (its subset of \
                     Fairy-Stockfish's format: see docs/rules/defined-games.md); remove it or \
                     use a game without it"
                ),
            )
            .because(Cause::Key(key)),
        );
    }
    let files = match r.get("maxFile") {
        None => 8,
        Some(_) => r.file_of("maxFile", 7) + 1,
    };
    let ranks = r.rank_of("maxRank", 7) + 1;
    // Pieces, in Fairy-Stockfish's type order: the predefined ones, the
    // custom ones, the king last; each level of the inheritance in turn.
    let mut piece_errors = Vec::new();
    r.roster = Roster::build(levels, &mut |key, line, message| {
        piece_errors.push((key.to_string(), line, message))
    });
    for (key, key_line, message) in piece_errors {
        r.error_at(&key, key_line, message);
    }
    let slots = r.roster.slots.clone();
    if slots.len() > super::position::MAX_TYPES {
        r.errors.push(DefError::new(
            file,
            line,
            format!(
                "[{name}] defines {} piece types; Arcana plays at most {}: remove some",
                slots.len(),
                super::position::MAX_TYPES
            ),
        ));
        return Err(r.errors);
    }
    if slots.is_empty() {
        r.errors.push(DefError::new(
            file,
            line,
            format!(
                "[{name}] defines no piece: name them (pawn = p, customPiece1 = a:NB, king = k)"
            ),
        ));
    }
    let mut pieces = Vec::new();
    for slot in &slots {
        match piece::moves_of(&slot.betza) {
            Ok(moves) => {
                let compiled = [
                    piece::compile(&moves, 0, files, ranks),
                    piece::compile(&moves, 1, files, ranks),
                ];
                pieces.push(PieceDef {
                    letter: slot.letter,
                    name: slot.name.clone(),
                    betza: slot.betza.clone(),
                    moves,
                    compiled,
                    value: (None, None),
                });
            }
            Err(e) => r.errors.push(DefError::new(
                file,
                slot.line,
                format!("[{name}] {}: {e}", slot.name),
            )),
        }
    }
    for (phase, key) in ["pieceValueMg", "pieceValueEg"].into_iter().enumerate() {
        let Some(v) = r.get(key).map(str::to_string) else {
            continue;
        };
        for item in v.split_whitespace() {
            let parsed = item.split_once(':').and_then(|(l, n)| {
                let mut letters = l.chars();
                let t = match (letters.next(), letters.next()) {
                    (Some(c), None) => r.piece_of(key, c).ok()?,
                    _ => return None,
                };
                Some((t, n.parse::<i32>().ok()?))
            });
            match parsed {
                // A piece a later level removed: nothing to value.
                Some((None, _)) => {}
                Some((Some(t), n)) if t < pieces.len() => {
                    if phase == 0 {
                        pieces[t].value.0 = Some(n);
                    } else {
                        pieces[t].value.1 = Some(n);
                    }
                }
                _ => r.error(
                    key,
                    format!("'{item}' is not letter:value of a piece of this game"),
                ),
            }
        }
    }
    let pawn = slots.iter().position(|s| s.name == "pawn");
    let king = slots.iter().position(|s| s.name == "king");
    let pawn_set = pawn.map_or(0, |p| 1u64 << p);
    let rank_bb =
        |rank: i32| -> Board { (0..WIDTH).map(|f| (rank * WIDTH + f) as usize).collect() };
    // Regions that do not follow the board's size, as in Fairy-Stockfish.
    let mut promotion_region = [rank_bb(7), rank_bb(0)];
    if r.get("promotionRank").is_some() {
        let rank = r.rank_of("promotionRank", 7);
        // The ranks from `rank` on, from each side's own side.
        promotion_region = [
            (rank..WIDTH).map(rank_bb).fold(Board::EMPTY, |a, b| a | b),
            (0..ranks - rank)
                .map(rank_bb)
                .fold(Board::EMPTY, |a, b| a | b),
        ];
    }
    promotion_region[0] = r.region("promotionRegionWhite", promotion_region[0]);
    promotion_region[1] = r.region("promotionRegionBlack", promotion_region[1]);
    let (pawn_types, _) = r.piece_set("pawnTypes", pawn_set);
    let mut en_passant_types = [pawn_types; 2];
    let both = r.piece_set("promotionPawnTypes", pawn_types).0;
    let mut promotion_pawn_types = [both; 2];
    promotion_pawn_types[0] = r
        .piece_set("promotionPawnTypesWhite", promotion_pawn_types[0])
        .0;
    promotion_pawn_types[1] = r
        .piece_set("promotionPawnTypesBlack", promotion_pawn_types[1])
        .0;
    // A section without a parent promotes to nothing unless it says so
    // (Fairy-Stockfish's template clears the set with its pieces).
    let (promotions, _) = r.piece_set("promotionPieceTypes", 0);
    let promotion_piece_types = [
        r.piece_set("promotionPieceTypesWhite", promotions).0,
        r.piece_set("promotionPieceTypesBlack", promotions).0,
    ];
    // A second royal king is beyond the rules (Fairy-Stockfish assumes one).
    if let Some(k) =
        king.filter(|&k| (promotion_piece_types[0] | promotion_piece_types[1]) & (1 << k) != 0)
    {
        let key = [
            "promotionPieceTypes",
            "promotionPieceTypesWhite",
            "promotionPieceTypesBlack",
        ]
        .into_iter()
        .filter(|k| r.get(k).is_some())
        .max_by_key(|k| r.config.get(*k).map_or(0, |s| s.line))
        .unwrap_or("promotionPieceTypes");
        r.error(
            key,
            format!(
                "a pawn cannot promote to the royal king '{}': take its letter out",
                slots[k].letter.to_ascii_lowercase()
            ),
        );
    }
    let mut promotion_limit = vec![0u32; slots.len()];
    if let Some(v) = r.get("promotionLimit").map(str::to_string) {
        for item in v.split_whitespace() {
            let parsed = item.split_once(':').and_then(|(l, n)| {
                let t = r.piece_of("promotionLimit", l.chars().next()?).ok()?;
                Some((t, n.parse::<u32>().ok()?))
            });
            match parsed {
                Some((Some(t), n)) => promotion_limit[t] = n,
                Some((None, _)) => {}
                None => r.error(
                    "promotionLimit",
                    format!("'{item}' is not letter:count of a piece"),
                ),
            }
        }
    }
    let mandatory_pawn_promotion = r.bool("mandatoryPawnPromotion", true);
    let sittuyin_promotion = r.bool("sittuyinPromotion", false);
    let must_capture = r.bool("mustCapture", false);
    let blast_on_capture = r.bool("blastOnCapture", false);
    let blast_immune_types = r.piece_set("blastImmuneTypes", 0).0;
    let mutually_immune_types = r.piece_set("mutuallyImmuneTypes", 0).0;
    // Each square with the squares a king's step away (a blast's reach, a
    // king's zone).
    let around: Vec<Board> = (0..(WIDTH * WIDTH) as usize)
        .map(|s| {
            let (f, rank) = (s as i32 % WIDTH, s as i32 / WIDTH);
            let mut b = Board::EMPTY;
            for df in -1..=1 {
                for dr in -1..=1 {
                    if let Some(x) = piece::square(f + df, rank + dr, files, ranks) {
                        b.set(x);
                    }
                }
            }
            b
        })
        .collect();
    let mut double_step = r.bool("doubleStep", true);
    let mut double_step_region = [
        r.region("doubleStepRegionWhite", rank_bb(1)),
        r.region("doubleStepRegionBlack", rank_bb(6)),
    ];
    // As Fairy-Stockfish concludes: no double step, no region (so no
    // custom piece's initial moves either), and no region, no double step.
    if !double_step {
        double_step_region = [Board::EMPTY; 2];
    }
    if double_step_region.iter().all(Board::is_empty) {
        double_step = false;
    }
    let triple_step_region = [
        r.region("tripleStepRegionWhite", Board::EMPTY),
        r.region("tripleStepRegionBlack", Board::EMPTY),
    ];
    let all_squares = Board::FULL;
    let ep_both = r.region("enPassantRegion", all_squares);
    let en_passant_region = [
        r.region("enPassantRegionWhite", ep_both),
        r.region("enPassantRegionBlack", ep_both),
    ];
    // A custom piece whose Betza marks en passant (`e`) takes en passant.
    for (t, s) in slots.iter().enumerate() {
        if s.name.starts_with("customPiece") && s.betza.contains('e') {
            en_passant_types[0] |= 1 << t;
            en_passant_types[1] |= 1 << t;
        }
    }
    let ep = r.piece_set("enPassantTypes", en_passant_types[0]).0;
    en_passant_types = [ep; 2];
    en_passant_types[0] = r.piece_set("enPassantTypesWhite", en_passant_types[0]).0;
    en_passant_types[1] = r.piece_set("enPassantTypesBlack", en_passant_types[1]).0;
    let castling = r.bool("castling", true);
    let castling_kingside_file = r.file_of("castlingKingsideFile", 6);
    let castling_queenside_file = r.file_of("castlingQueensideFile", 2);
    let castling_rank = r.rank_of("castlingRank", 0);
    let castling_king_file = r.file_of("castlingKingFile", 4);
    let rook_set = slots
        .iter()
        .position(|s| s.name == "rook")
        .map_or(0, |t| 1u64 << t);
    let (rooks, _) = r.piece_set("castlingRookPieces", rook_set);
    let castling_rook_pieces = [
        r.piece_set("castlingRookPiecesWhite", rooks).0,
        r.piece_set("castlingRookPiecesBlack", rooks).0,
    ];
    // The piece that castles (`castlingKingPiece`): None for the royal
    // king, the default.
    let castler = r.last_piece("castlingKingPiece", king);
    let castling_king_piece = [
        r.last_piece("castlingKingPieceWhite", castler),
        r.last_piece("castlingKingPieceBlack", castler),
    ]
    .map(|t| t.filter(|&t| Some(t) != king));
    let castling_rook_kingside_file = r.file_of("castlingRookKingsideFile", files - 1);
    let castling_rook_queenside_file = r.file_of("castlingRookQueensideFile", 0);
    let checking = r.bool("checking", true);
    let stalemate_value = r.value("stalemateValue", Value::Draw);
    let checkmate_value = r.value("checkmateValue", Value::Loss);
    let immobility_illegal = r.bool("immobilityIllegal", false);
    let extinction_value = r.value("extinctionValue", Value::None);
    let (extinction_piece_types, extinction_all) = r.piece_set("extinctionPieceTypes", 0);
    let extinction_piece_count = r.int("extinctionPieceCount", 0);
    let extinction_pseudo_royal = r.bool("extinctionPseudoRoyal", false);
    let petrify_types = r.piece_set("petrifyOnCaptureTypes", 0).0;
    let extinction_opponent_piece_count = r.int("extinctionOpponentPieceCount", 0);
    let extinction_claim = r.bool("extinctionClaim", false);
    let check_counting = r.bool("checkCounting", false);
    let flag_of = |r: &mut Reader, key: &str, default: Option<usize>| -> Option<usize> {
        match r.get(key).map(str::to_string) {
            None => default,
            Some(v) if v.trim() == "*" => None,
            Some(v) => {
                let c = v.trim().chars().next().unwrap_or(' ');
                match r.piece_of(key, c) {
                    Ok(t) => t,
                    Err(()) => {
                        r.error(key, format!("'{v}' is no piece of this game"));
                        default
                    }
                }
            }
        }
    };
    let both_flag = flag_of(&mut r, "flagPiece", None);
    let flag_piece = [
        flag_of(&mut r, "flagPieceWhite", both_flag),
        flag_of(&mut r, "flagPieceBlack", both_flag),
    ];
    let mut flag_region = [
        r.region("whiteFlag", Board::EMPTY),
        r.region("blackFlag", Board::EMPTY),
    ];
    let both_region = r.region("flagRegion", Board::EMPTY);
    if r.get("flagRegion").is_some() {
        flag_region = [both_region; 2];
    }
    flag_region[0] = r.region("flagRegionWhite", flag_region[0]);
    flag_region[1] = r.region("flagRegionBlack", flag_region[1]);
    let flag_move = r.bool("flagMove", false);
    let flag_piece_safe = r.bool("flagPieceSafe", false);
    let flag_piece_count = r.int("flagPieceCount", 1);
    let flag_piece_blocked_win = r.bool("flagPieceBlockedWin", false);
    let both = r.bool("pass", false);
    let pass = [r.bool("passWhite", both), r.bool("passBlack", both)];
    let both = r.bool("passOnStalemate", false);
    let pass_on_stalemate = [
        r.bool("passOnStalemateWhite", both),
        r.bool("passOnStalemateBlack", both),
    ];
    let stalemate_piece_count = r.bool("stalematePieceCount", false);
    let material_counting = match r.get("materialCounting").map(str::to_string) {
        None => None,
        Some(v) => match v.trim() {
            "none" => None,
            "unweighted" => Some(MaterialCounting::Unweighted),
            "whitedrawodds" => Some(MaterialCounting::WhiteDrawOdds),
            "blackdrawodds" => Some(MaterialCounting::BlackDrawOdds),
            "janggi" => Some(MaterialCounting::Janggi),
            other => {
                let other = other.to_string();
                r.error(
                    "materialCounting",
                    format!(
                        "'{other}' is not supported (janggi, unweighted, whitedrawodds, \
                         blackdrawodds or none)"
                    ),
                );
                None
            }
        },
    };
    let adjudicate_full_board = r.bool("adjudicateFullBoard", false);
    let bikjang = r.bool("bikjangRule", false);
    let nmt = r.piece_set("nMoveRuleTypes", pawn_types).0;
    let n_move_rule_types = [
        r.piece_set("nMoveRuleTypesWhite", nmt).0,
        r.piece_set("nMoveRuleTypesBlack", nmt).0,
    ];
    let opposite_castling = r.bool("oppositeCastling", false);
    let castling_wins = r.castling_rights("castlingWins");
    let n_move_rule = r.int("nMoveRule", 50);
    let n_fold_rule = r.int("nFoldRule", 3);
    let n_fold_value = r.value("nFoldValue", Value::Draw);
    let perpetual_check_illegal = r.bool("perpetualCheckIllegal", false);
    let makpong = r.bool("makpongRule", false);
    let duple_check = r.bool("dupleCheck", false);
    let cambodian_moves = r.bool("cambodianMoves", false);
    let shatar = r.bool("shatarMateRule", false).then(|| {
        let of = |name: &str| slots.iter().position(|s| s.name == name);
        let shak = ["knight", "rook", "bers"]
            .iter()
            .filter_map(|n| of(n))
            .fold(0u64, |b, t| b | 1 << t);
        (shak, of("knight"))
    });
    let n_fold_value_absolute = r.bool("nFoldValueAbsolute", false);
    let move_repetition_illegal = r.bool("moveRepetitionIllegal", false);
    let counting = match r.get("countingRule") {
        None | Some("none") => Counting::None,
        Some("makruk") => Counting::Makruk,
        Some("asean") => Counting::Asean,
        Some("cambodian") => Counting::Cambodian,
        Some(v) => {
            let v = v.to_string();
            r.error(
                "countingRule",
                format!("'{v}' is not supported (makruk, asean, cambodian or none)"),
            );
            Counting::None
        }
    };
    // pieceToCharTable, variantTemplate and pocketSize are accepted: they
    // tell XBoard how to draw, or set what this reader does anyway.
    let chess960 = r.bool("chess960", false);
    let drops = r.drop_rules(pawn);
    let mobility = r.mobility(&slots, ranks);
    let connect = r.connect(slots.len());
    let walling = r.walling(&drops);
    let piece_promotions = r.piece_promotions(slots.len(), levels);
    let start_fen = r
        .get("startFen")
        .unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        .to_string();
    if !(1..=WIDTH).contains(&files) || !(1..=WIDTH).contains(&ranks) {
        r.error(
            "maxFile",
            format!("a board of {files}x{ranks}: at most 16x16"),
        );
    }
    if !r.errors.is_empty() {
        return Err(r.errors);
    }
    let mut board_mask = Board::EMPTY;
    for rank in 0..ranks {
        for f in 0..files {
            board_mask.set((rank * WIDTH + f) as usize);
        }
    }
    let mut spec = GameSpec::new(
        name,
        name,
        &start_fen,
        SquareNames::single(files as usize, ranks as usize),
    );
    let mut shape = BoardShape::plain(files as usize, ranks as usize);
    shape.holes = true;
    // `Q~`: a piece a promotion made (Fairy-Stockfish reads it anywhere);
    // `+P`: a piece promoted shogi-style from `P`.
    shape.marks = &['~', '+'];
    spec.boards = vec![board(shape, "")];
    let own_names = levels
        .last()
        .is_some_and(|level| level.contains_key("pieceNames"));
    let names = r.piece_names(&pieces, own_names);
    spec.pieces = pieces
        .iter()
        .enumerate()
        .map(|(i, p)| PieceSpec {
            letter: p.letter,
            name: names[i].clone().unwrap_or_else(|| display_name(p)),
            betza: Some(p.betza.clone()),
            figure: Figure::Shape((i % 16) as u8),
            royal: Some(i) == king,
        })
        .collect();
    spec.bench_fens = vec![start_fen.clone()];
    let rays = super::piece::Rays::new(files, ranks);
    // Janggi cannons hop over no cannon and take none.
    let janggi_cannon = slots.iter().position(|s| s.name == "janggiCannon");
    if let Some(t) = janggi_cannon {
        let hops = super::piece::ride::CANNON_H
            | super::piece::ride::CANNON_V
            | super::piece::ride::CANNON_D;
        for c in pieces[t].compiled.iter_mut() {
            for rides in c.rides.iter_mut().flatten() {
                if *rides & hops != 0 {
                    *rides |= super::piece::ride::JANGGI;
                }
            }
        }
    }
    // Janggi's counting weighs Fairy-Stockfish's types by name.
    let janggi_points = slots
        .iter()
        .map(|s| match s.name.as_str() {
            "rook" => 13,
            "janggiCannon" => 7,
            "horse" => 5,
            "janggiElephant" | "wazir" => 3,
            "soldier" => 2,
            _ => 0,
        })
        .collect();
    // The chasing rule judges attacks by the pieces' moves before their
    // regions cut them, as Fairy-Stockfish does.
    let chase = match r.get("chasingRule") {
        None | Some("none") => None,
        Some("axf") => {
            let names: Vec<&str> = slots.iter().map(|s| s.name.as_str()).collect();
            let free = pieces.iter().map(|p| p.compiled.clone()).collect();
            Some(Box::new(super::chase::Chase::new(&names, free)))
        }
        Some(v) => {
            let v = v.to_string();
            r.error(
                "chasingRule",
                format!("'{v}' is not supported (axf or none)"),
            );
            None
        }
    };
    if mobility.restricts() {
        for (t, p) in pieces.iter_mut().enumerate() {
            for (side, c) in p.compiled.iter_mut().enumerate() {
                mobility.restrict(c, t, side, ranks);
            }
        }
    }
    if mobility.lines.any() {
        let wazir_king = r.wazir_king();
        for (t, p) in pieces.iter_mut().enumerate() {
            let Some(betza) = super::mobility::line_moves(&slots[t].name, wazir_king) else {
                continue;
            };
            let moves = super::piece::moves_of(betza).expect("the palace lines' moves read");
            for (side, c) in p.compiled.iter_mut().enumerate() {
                let extra = super::piece::compile(&moves, side, files, ranks);
                mobility.add_lines(c, &extra, t, side);
            }
        }
    }
    for p in pieces.iter_mut() {
        for c in p.compiled.iter_mut() {
            c.mark_exact(&rays, &board_mask);
        }
    }
    let hopping = super::piece::ride::CANNON_H
        | super::piece::ride::CANNON_V
        | super::piece::ride::CANNON_D
        | super::piece::ride::GRASSHOPPER_H
        | super::piece::ride::GRASSHOPPER_V
        | super::piece::ride::GRASSHOPPER_D;
    let hoppers = [0, 1].map(|side| {
        pieces.iter().any(|p| {
            p.compiled[side]
                .rides
                .iter()
                .any(|r| r[super::betza::CAPTURE] & hopping != 0)
        })
    });
    // Clobber's pieces move only by taking: every move is a capture, and
    // a quiescence search of captures would search the whole game.
    let every_move_captures = !drops.enabled
        && !castling
        && pawn.is_none()
        && !pass.iter().chain(pass_on_stalemate.iter()).any(|&p| p)
        && pieces.iter().all(|p| {
            p.compiled.iter().all(|c| {
                c.pseudo
                    .iter()
                    .all(|m| m[super::betza::QUIET].iter().all(|b| b.is_empty()))
            })
        });
    let lines =
        super::piece::ride::ROOK_H | super::piece::ride::ROOK_V | super::piece::ride::BISHOP;
    let line_riders_only = [0, 1].map(|side| {
        pieces
            .iter()
            .all(|p| p.compiled[side].rides[0][super::betza::CAPTURE] & !lines == 0)
    });
    let attackers = [0, 1].map(|side| {
        (0..(WIDTH * WIDTH) as usize)
            .map(|s| {
                pieces
                    .iter()
                    .fold(Board::EMPTY, |a, p| a | p.compiled[side].attackers[s].any)
            })
            .collect()
    });
    let king_lines = (0..(WIDTH * WIDTH) as usize)
        .map(|s| {
            let (f, r) = (s as i32 % WIDTH, s as i32 / WIDTH);
            let near: Board = (-2..=2)
                .flat_map(|dr| (-2..=2).map(move |df| (dr, df)))
                .filter(|&d| d != (0, 0))
                .filter_map(|(dr, df)| super::piece::square(f + df, r + dr, files, ranks))
                .collect();
            rays.reach(super::piece::RAY_RIDES, s, &Board::EMPTY) | near
        })
        .collect();
    let rules_hash = rules_hash(&r.config, &pieces);
    // Keys read after the pieces (the chasing rule, the pieces' names)
    // may have found errors too.
    if !r.errors.is_empty() {
        return Err(r.errors);
    }
    let mut def = GameDef {
        spec,
        files,
        ranks,
        board: board_mask,
        rays,
        hoppers,
        king_lines,
        attackers,
        line_riders_only,
        pieces,
        king,
        promotion_pawn_types,
        promotion_region,
        promotion_piece_types,
        promotion_limit,
        mandatory_pawn_promotion,
        sittuyin_promotion,
        must_capture,
        blast_on_capture,
        blast_immune_types,
        mutually_immune_types,
        around,
        every_move_captures,
        double_step,
        double_step_region,
        triple_step_region,
        en_passant_region,
        en_passant_types,
        pawn,
        castling,
        chess960,
        castling_kingside_file,
        castling_queenside_file,
        castling_king_file,
        castling_rank,
        castling_rook_pieces,
        castling_king_piece,
        castling_rook_kingside_file,
        castling_rook_queenside_file,
        checking,
        stalemate_value,
        checkmate_value,
        immobility_illegal,
        extinction_value,
        extinction_piece_types,
        extinction_all,
        extinction_piece_count,
        extinction_pseudo_royal,
        petrify_types,
        extinction_opponent_piece_count,
        extinction_claim,
        check_counting,
        flag_piece,
        flag_region,
        flag_move,
        flag_piece_safe,
        flag_piece_count,
        flag_piece_blocked_win,
        pass,
        pass_on_stalemate,
        stalemate_piece_count,
        material_counting,
        janggi_points,
        bikjang,
        adjudicate_full_board,
        n_move_rule,
        n_fold_rule,
        n_fold_value,
        n_move_rule_types,
        opposite_castling,
        castling_wins,
        perpetual_check_illegal,
        n_fold_value_absolute,
        move_repetition_illegal,
        counting,
        connect,
        makpong,
        duple_check,
        shatar,
        cambodian_moves,
        chase,
        janggi_cannon,
        drops,
        walling,
        mobility,
        piece_promotions,
        section_line: line,
        start_fen_line: r.config.get("startFen").map_or(line, |s| s.line),
        start_fen,
        rules_hash,
        values: Vec::new(),
        eval: Default::default(),
    };
    let values = super::eval::values(&def);
    def.values = values.iter().map(|&[mg, eg]| (mg + eg) / 2).collect();
    def.eval = super::eval::EvalInfo::new(&def, &values);
    if let Some(weights) = super::fitted::weights_for(&def) {
        let mut eval = std::mem::take(&mut def.eval);
        eval.set_weights(&def, &weights);
        def.eval = eval;
    }
    // The standard figures where the piece is one (a drawing's choice); a
    // commoner that castles as the king (atomic's, duck chess's) is drawn
    // as one.
    let castler = def.castling_king_piece;
    for (i, p) in def.spec.pieces.iter_mut().enumerate() {
        p.figure = match def.pieces[i].name.as_str() {
            "king" => Figure::King,
            "commoner" if castler.contains(&Some(i)) => Figure::King,
            "queen" => Figure::Queen,
            "rook" => Figure::Rook,
            "bishop" => Figure::Bishop,
            "knight" => Figure::Knight,
            "pawn" => Figure::Pawn,
            _ => p.figure,
        };
    }
    def.spec.numbering = Side::White;
    if def.drops.writes_promoted() {
        def.spec.marks.push((
            '~',
            "promoted: taken, it goes to hand as what it promoted from".into(),
        ));
    }
    if def.piece_promotions.any() {
        def.spec.marks.push((
            '+',
            "promoted: drawn as the piece it was; taken, it goes to hand as that piece".into(),
        ));
    }
    if def.drops.enabled {
        def.spec.hint = "Drop a piece in hand: click it above or below the board, then a marked square (or drag it there).".into();
    }
    markings(&mut def);
    if def.drops.free && def.drops.enabled {
        def.spec.free_drops = (0..def.pieces.len())
            .filter(|&t| def.king != Some(t))
            .map(|t| def.pieces[t].letter)
            .collect();
    }
    if let Some(rule) = def.walling.rule {
        use super::walls::WallRule;
        def.spec.moving_wall = rule == WallRule::Duck;
        let wall = match rule {
            WallRule::Duck => "then click the square the duck moves to",
            WallRule::Arrow => "then click where its arrow lands",
            WallRule::Past => "then click the square it left, where its wall stands",
            WallRule::Edge | WallRule::Static => "then click the square to wall",
        };
        def.spec.hint = format!("Each move puts a wall: move a piece, {wall}.");
    }
    if def.drops.seirawan_gating {
        def.spec.gating = true;
        let gate = "Gate a piece in hand: move a piece off its first-rank square for the first time (castle by moving the king, or the rook onto the king to gate on the rook's square), then choose the piece to put there.";
        def.spec.hint = if def.spec.hint.is_empty() {
            gate.into()
        } else {
            format!("{} {gate}", def.spec.hint)
        };
    }
    def.spec.rules_markdown = super::describe::rules_markdown(&def);
    Ok(def)
}

/// What a drawing of the board marks (see [`GameSpec::palace`]): the
/// palaces (the king's regions, where they hold it to a part of the
/// board), their diagonals (janggi's `diagonalLines`, or the corners of a
/// palace three squares wide and high, as xiangqi's are drawn) and the
/// river (where a piece's region is exactly each side's half: xiangqi's
/// elephants).
fn markings(def: &mut GameDef) {
    let name = super::position::square_name;
    let mut palace = Board::EMPTY;
    if let Some(k) = def.king {
        for side in 0..2 {
            let region = def.mobility.region(k, side) & def.board;
            if region.any() && region != def.board {
                palace |= region;
            }
        }
    }
    def.spec.palace = palace.iter().map(name).collect();
    let w = WIDTH as usize;
    let lines = def.mobility.lines & def.board;
    let mut segments = Vec::new();
    if lines.any() {
        // Neighbours on a diagonal, both on the lines.
        for a in lines.iter() {
            for b in [a + w + 1, a + w - 1] {
                let same_row_step = (a % w).abs_diff(b % w) == 1;
                if b < w * w && same_row_step && lines.has(b) {
                    segments.push((name(a), name(b)));
                }
            }
        }
    } else if palace.any() {
        // Each palace three squares square: its two diagonals.
        for side in 0..2 {
            let Some(k) = def.king else { break };
            let region = def.mobility.region(k, side) & def.board;
            if region.count() != 9 {
                continue;
            }
            let squares: Vec<usize> = region.iter().collect();
            let (lo, hi) = (squares[0], squares[8]);
            if hi - lo == 2 * w + 2 {
                segments.push((name(lo), name(hi)));
                segments.push((name(lo + 2), name(hi - 2)));
            }
        }
    }
    def.spec.lines = segments;
    let half = def.ranks / 2;
    if def.ranks % 2 == 0 {
        let below: Board = def
            .board
            .iter()
            .filter(|&s| (s as i32 / WIDTH) < half)
            .collect();
        let river = (0..def.pieces.len()).any(|t| {
            let white = def.mobility.region(t, 0) & def.board;
            let black = def.mobility.region(t, 1) & def.board;
            white == below && black == def.board.and_not(below)
        });
        if river {
            def.spec.river = Some(half as u32);
        }
    }
}

/// A piece's name for players: the predefined name in words; a custom
/// piece by the well-known piece it moves as (a camel, a wildebeest), else
/// by its letter.
fn display_name(p: &PieceDef) -> String {
    if p.name.starts_with("customPiece") {
        return super::names::known_piece(&p.moves)
            .map_or_else(|| format!("Piece {}", p.letter), str::to_string);
    }
    // fersAlfil -> Fers alfil
    let mut out = String::new();
    for (i, c) in p.name.chars().enumerate() {
        if i == 0 {
            out.push(c.to_ascii_uppercase());
        } else if c.is_ascii_uppercase() {
            out.push(' ');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}
