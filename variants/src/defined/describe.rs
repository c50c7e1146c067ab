//! A game's rules in words, written from its definition: the page shows
//! them as the game's rules, so that an inventor reads back what Arcana
//! understood of a file, and a player of a built-in parent learns it.
//! Every sentence comes from a rule the definition holds; a rule this
//! module does not put in words is still played, and the file's own keys
//! say it (`arcana variants show`).

use super::betza::{Moves, Vector, CAPTURE, QUIET};
use super::def::{Counting, GameDef, MaterialCounting, PieceDef, Value};
use super::piece::{Board, WIDTH};
use super::position::square_name;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The rules of `def` in Markdown: a title, the board, a table of the
/// pieces, the start, then the special moves and how the game ends.
pub fn rules_markdown(def: &GameDef) -> String {
    let mut out = String::new();
    let name = &def.spec.name;
    let _ = writeln!(out, "# {name}\n");
    let _ = writeln!(
        out,
        "The rules of `{name}` as Arcana plays them, written from its definition \
         (Fairy-Stockfish's `variants.ini` format; see [the format](defined-games)).\n"
    );
    board(def, &mut out);
    pieces(def, &mut out);
    pawns(def, &mut out);
    castling(def, &mut out);
    drops(def, &mut out);
    captures(def, &mut out);
    walls(def, &mut out);
    ends(def, &mut out);
    out
}

fn board(def: &GameDef, out: &mut String) {
    let holes = def
        .spec
        .start_fen
        .split(' ')
        .next()
        .unwrap_or("")
        .contains('*');
    let _ = writeln!(out, "## The board\n");
    let _ = write!(
        out,
        "{} files (a to {}) by {} ranks; White moves first, and each turn is one move",
        def.files,
        file_letter(def.files - 1),
        def.ranks
    );
    if def.pass.iter().any(|&p| p) {
        out.push_str(" or a pass");
    }
    out.push('.');
    if def.mobility.lines.any() {
        let _ = write!(
            out,
            " Lines drawn along the diagonals of the palaces ({}) let the pieces that move along lines or by steps move along them too, within their own regions.",
            region_words(def, def.mobility.lines)
        );
    }
    if holes {
        out.push_str(" The squares marked `*` in the start position are walls: no piece stands on them or passes through them.");
    }
    let _ = writeln!(
        out,
        "\n\nThe start position (FEN): `{}`\n",
        def.spec.start_fen
    );
}

fn pieces(def: &GameDef, out: &mut String) {
    let _ = writeln!(out, "## The pieces\n");
    out.push_str("| Letter | Piece | Betza | Moves |\n|---|---|---|---|\n");
    for (t, p) in def.pieces.iter().enumerate() {
        let name = &def.spec.pieces[t].name;
        let mut words = piece_moves(p);
        if let Some((_, rank)) = def.mobility.soldier.filter(|s| s.0 == t) {
            let _ = write!(
                words,
                " It steps sideways only from rank {} on (White's; Black's mirrored), once it has crossed the river.",
                rank + 1
            );
        }
        let region = def.mobility.region(t, 0);
        if def.mobility.restricts() && region.any() && (def.board & region) != def.board {
            let _ = write!(
                words,
                " It never leaves {} (White's; Black's mirrored).",
                region_words(def, region)
            );
        }
        if Some(t) == def.king && def.checking {
            words.push_str(" The king: it may not be left attacked.");
            if def.mobility.flying_general {
                words.push_str(" The two kings may not face each other on an open file.");
            }
        }
        let _ = writeln!(
            out,
            "| `{}` | {} | `{}` | {} |",
            p.letter.to_ascii_uppercase(),
            name,
            p.betza,
            words
        );
    }
    out.push_str("\nWhite's pieces are written in capitals, Black's in small letters; a Black piece moves as White's turned round.\n\n");
}

/// One piece's moves in words.
fn piece_moves(p: &PieceDef) -> String {
    if p.moves.is_empty() {
        return "It does not move.".to_string();
    }
    let mut sentences = Vec::new();
    for initial in 0..2 {
        let parts = moves_in_words(&p.moves, initial);
        if parts.is_empty() {
            continue;
        }
        let joined = parts.join("; ");
        let mut sentence = if initial == 0 {
            capitalise(&joined)
        } else {
            format!("From its initial squares it also {joined}")
        };
        sentence.push('.');
        sentences.push(sentence);
    }
    sentences.join(" ")
}

/// The phrases of the moves from any square (`initial` 0) or from the
/// initial squares only (1): one per kind of move and what it may do.
fn moves_in_words(m: &Moves, initial: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut hows: [Vec<String>; 3] = Default::default();
    for (kind, maps) in [
        ("step", &m.steps),
        ("ride", &m.sliders),
        ("hop", &m.hoppers),
    ] {
        let quiet = &maps[initial][QUIET];
        let capture = &maps[initial][CAPTURE];
        // What both may do, then what only one may.
        let both: BTreeMap<Vector, i8> = quiet
            .iter()
            .filter(|(v, d)| capture.get(v) == Some(d))
            .map(|(v, d)| (*v, *d))
            .collect();
        let only = |a: &BTreeMap<Vector, i8>| -> BTreeMap<Vector, i8> {
            a.iter()
                .filter(|(v, _)| !both.contains_key(v))
                .map(|(v, d)| (*v, *d))
                .collect()
        };
        for (slot, set) in [(0, both.clone()), (1, only(quiet)), (2, only(capture))] {
            hows[slot].extend(kind_phrases(kind, &set));
        }
    }
    for (how, phrases) in ["moves or takes", "moves without taking", "takes only"]
        .iter()
        .zip(hows)
    {
        if !phrases.is_empty() {
            out.push(format!("{how} {}", join_or(&phrases)));
        }
    }
    // Kinds of move apart, so that the commas inside one do not blur them.
    if out.len() > 1 {
        return vec![out.join("; ")];
    }
    out
}

/// The phrases of one kind of move (leaps, rides or hops) over `set`
/// (vector to distance), grouped by the atom and the distance.
fn kind_phrases(kind: &str, set: &BTreeMap<Vector, i8>) -> Vec<String> {
    let mut groups: BTreeMap<((i8, i8), i8), Vec<Vector>> = BTreeMap::new();
    for (&(a, b), &d) in set {
        let atom = (a.abs().max(b.abs()), a.abs().min(b.abs()));
        groups.entry((atom, d)).or_default().push((a, b));
    }
    // A step or ride both ways in every direction is a king's or a
    // queen's.
    let full = |groups: &BTreeMap<((i8, i8), i8), Vec<Vector>>, atom: (i8, i8), d: i8| {
        groups.get(&(atom, d)).is_some_and(|v| v.len() == 4)
    };
    let mut merged = Vec::new();
    for d in groups
        .keys()
        .map(|k| k.1)
        .collect::<std::collections::BTreeSet<_>>()
    {
        if full(&groups, (1, 0), d) && full(&groups, (1, 1), d) && d >= 0 {
            groups.remove(&((1, 0), d));
            groups.remove(&((1, 1), d));
            merged.push(match (kind, d) {
                ("step", _) => "one square in any direction".to_string(),
                ("ride", 0) => "any number of squares in any direction (as a queen)".to_string(),
                ("ride", n) => format!("up to {n} squares in any direction"),
                _ => "over exactly one piece in the way along any line".to_string(),
            });
        }
    }
    merged.extend(groups.into_iter().map(|((atom, d), vectors)| {
        let way = directions(atom, &vectors);
        let parts: Vec<String> = match kind {
            "step" => vec![
                leap(atom, d < 0),
                way,
                if d < 0 {
                    "(unless a piece stands in the way)".into()
                } else {
                    String::new()
                },
            ],
            "ride" => {
                let reach = if d == 0 {
                    "any number of".to_string()
                } else {
                    format!("up to {d}")
                };
                match atom {
                    (1, 0) => vec![
                        format!("{reach} squares orthogonally"),
                        way,
                        "(as a rook)".into(),
                    ],
                    (1, 1) => vec![
                        format!("{reach} squares diagonally"),
                        way,
                        "(as a bishop)".into(),
                    ],
                    _ => vec![format!("{reach} {} in a line", leap_plural(atom)), way],
                }
            }
            _ => {
                let line = match atom {
                    (1, 0) => "along a rank or file",
                    (1, 1) => "along a diagonal",
                    _ => "along a line of leaps",
                };
                let landing = match d {
                    1 => "to the square just beyond a piece in the way (as a grasshopper)"
                        .to_string(),
                    0 => "over exactly one piece in the way, to any square beyond it (as a cannon)"
                        .to_string(),
                    n => format!("over exactly one piece in the way, up to {n} squares beyond it"),
                };
                vec![line.into(), way, landing]
            }
        };
        parts
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }));
    merged
}

/// A leap of `atom` (its longer and shorter coordinates); a lame one
/// goes rather than leaps.
fn leap(atom: (i8, i8), lame: bool) -> String {
    let leaping = if lame { "" } else { " (leaping)" };
    let verb = if lame { "goes" } else { "leaps" };
    match atom {
        (1, 0) => "one square orthogonally".into(),
        (1, 1) => "one square diagonally".into(),
        (2, 0) => format!("two squares orthogonally{leaping}"),
        (2, 1) => format!("as a knight {verb}"),
        (2, 2) => format!("two squares diagonally{leaping}"),
        (3, 0) => format!("three squares orthogonally{leaping}"),
        (3, 1) => format!("as a camel {verb} (3 and 1)"),
        (3, 2) => format!("as a zebra {verb} (3 and 2)"),
        (3, 3) => format!("three squares diagonally{leaping}"),
        (a, b) => format!("by a leap of {a} and {b}"),
    }
}

fn leap_plural(atom: (i8, i8)) -> String {
    match atom {
        (2, 1) => "knight's leaps".into(),
        (a, b) => format!("leaps of {a} and {b}"),
    }
}

/// Which of an atom's directions `vectors` are: every one, or forward,
/// backward and sideways ones (from the mover's side), one side only.
fn directions(atom: (i8, i8), vectors: &[Vector]) -> String {
    let all = if atom.0 == atom.1 || atom.1 == 0 {
        4
    } else {
        8
    };
    if vectors.len() == all {
        return String::new();
    }
    let forward = vectors.iter().filter(|v| v.0 > 0).count();
    let backward = vectors.iter().filter(|v| v.0 < 0).count();
    let sideways = vectors.iter().filter(|v| v.0 == 0).count();
    let mut ways = Vec::new();
    if forward > 0 {
        ways.push("forward");
    }
    if sideways > 0 {
        ways.push("sideways");
    }
    if backward > 0 {
        ways.push("backward");
    }
    let left = vectors.iter().filter(|v| v.1 < 0).count();
    let right = vectors.iter().filter(|v| v.1 > 0).count();
    if left == right {
        return join(&ways.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    }
    // Not the same to both sides: each direction by name.
    let mut named: Vec<String> = Vec::new();
    for &(a, b) in vectors {
        let vertical = match a.signum() {
            1 => "forward",
            -1 => "backward",
            _ => "",
        };
        let horizontal = match b.signum() {
            1 => "to the right",
            -1 => "to the left",
            _ => "",
        };
        let word = [vertical, horizontal]
            .iter()
            .filter(|w| !w.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(" ");
        if !named.contains(&word) {
            named.push(word);
        }
    }
    join(&named)
}

fn pawns(def: &GameDef, out: &mut String) {
    let pawn_types = def.promotion_pawn_types[0] | def.promotion_pawn_types[1];
    if pawn_types == 0 && !def.piece_promotions.any() {
        return;
    }
    let _ = writeln!(out, "## Pawns and promotion\n");
    if pawn_types != 0 {
        let pawns = names_of(def, pawn_types);
        let region = region_words(def, def.promotion_region[0]);
        let into = names_of(def, def.promotion_piece_types[0]);
        let _ = write!(
            out,
            "A {pawns} promotes on reaching {region} (White's; Black's mirrored)"
        );
        if into.is_empty() {
            out.push('.');
        } else {
            let _ = write!(out, ", to a {into} of the mover's choice.");
        }
        if !def.mandatory_pawn_promotion {
            out.push_str(" Promotion there is optional (a pawn with no move left must promote).");
        }
        if def.promotion_limit.iter().any(|&n| n > 0) {
            out.push_str(" A pawn may promote to a type only while its side has fewer of it on the board than the game's limit (in practice, a piece it has lost).");
        }
        out.push(' ');
    }
    if let Some(pawn) = def
        .pawn
        .filter(|_| def.double_step && def.double_step_region[0].any())
    {
        let _ = write!(
            out,
            "A {} on {} may step two squares forward if both are empty",
            def.spec.pieces[pawn].name.to_lowercase(),
            region_words(def, def.double_step_region[0])
        );
        if def.en_passant_region[0].any() || def.en_passant_types[0] != 0 {
            out.push_str("; an enemy pawn that could have taken it on the square it passed may take it there (en passant) on the next move only");
        }
        out.push_str(". ");
    }
    let pp = &def.piece_promotions;
    if pp.any() {
        let each: Vec<String> = pp
            .types
            .iter()
            .filter_map(|&t| {
                let to = pp.promoted[t]?;
                Some(format!(
                    "a {} to a {}",
                    def.spec.pieces[t].name.to_lowercase(),
                    def.spec.pieces[to].name.to_lowercase()
                ))
            })
            .collect();
        let zone = if def.promotion_region[0].any() {
            format!(
                "into, within or out of {} (White's; Black's mirrored)",
                region_words(def, def.promotion_region[0])
            )
        } else {
            "anywhere".to_string()
        };
        let _ = write!(
            out,
            "A piece that {} {zone} may promote ({}): {}. ",
            if pp.on_capture { "takes" } else { "moves" },
            if pp.mandatory {
                "it must"
            } else {
                "or not, as the mover chooses, unless it could never move again"
            },
            join(&each)
        );
    }
    out.push_str("\n\n");
}

fn castling(def: &GameDef, out: &mut String) {
    // A game without a king (or a piece castling as one) or without rooks
    // to castle with has no castling, whatever its key says.
    let castler = def.king.is_some() || def.castling_king_piece.iter().any(Option::is_some);
    let rooks = def.castling_rook_pieces.iter().any(|&r| r != 0);
    if !def.castling || !castler || !rooks {
        return;
    }
    let _ = writeln!(out, "## Castling\n");
    let _ = writeln!(
        out,
        "Once a game, if neither has moved, the king and a rook on its rank may castle: \
         the king goes to the {} file with the rook of its own side of the board, or to the \
         {} file with the other, and the rook to the square beside it on the other side; \
         no square between them may be occupied, and the king may not be in check nor pass \
         or land on an attacked square.{}\n",
        file_letter(def.castling_kingside_file),
        file_letter(def.castling_queenside_file),
        if def.chess960 {
            " The pieces start as the position says (Chess960): castling is written as the king taking its own rook."
        } else {
            ""
        }
    );
}

fn drops(def: &GameDef, out: &mut String) {
    let d = &def.drops;
    if !d.enabled {
        return;
    }
    let _ = writeln!(out, "## Pieces in hand\n");
    if d.free {
        out.push_str("Each side may, instead of moving, put a new piece of its own on an empty square (no hand: the supply never runs out).");
    } else {
        out.push_str("Each side keeps a hand of pieces (written in the FEN's `[...]`). Instead of moving, it may drop a piece from its hand on an empty square");
        if d.captures_to_hand {
            out.push_str(
                "; a piece taken goes to the taker's hand, as a piece of the taker's side",
            );
            if !d.drop_loop {
                out.push_str(" and as the piece it was before any promotion");
            }
        }
        out.push('.');
    }
    if !d.first_rank_pawn_drops || !d.promotion_zone_pawn_drops {
        out.push_str(
            " A pawn may not be dropped where it could never move or where it would promote.",
        );
    }
    if d.no_doubled.is_some() {
        out.push_str(
            " A pawn may not be dropped on a file that holds one of its side's pawns already.",
        );
    }
    if !d.drop_checks {
        out.push_str(" A drop may not give check.");
    }
    if d.pawn_drop_mate.is_some() {
        out.push_str(" Mating by dropping a pawn is forbidden.");
    }
    if d.must_drop {
        out.push_str(
            " While a side holds pieces in hand it must drop them before moving (the setup phase).",
        );
    }
    out.push_str("\n\n");
}

fn captures(def: &GameDef, out: &mut String) {
    let mut notes = Vec::new();
    if def.must_capture {
        notes.push(
            "Taking is compulsory: a side that can take must take (any of its captures)."
                .to_string(),
        );
    }
    if def.blast_on_capture {
        notes.push("A capture blows up the taker, the piece taken and every piece around the square (pawns but the two involved are spared): a king may not be blown up by its own side's capture.".to_string());
    }
    if def.petrify_types != 0 {
        notes.push(format!(
            "A {} that takes turns to stone: the square becomes a wall.",
            names_of(def, def.petrify_types)
        ));
    }
    if notes.is_empty() {
        return;
    }
    let _ = writeln!(out, "## Captures\n\n{}\n", notes.join(" "));
}

fn walls(def: &GameDef, out: &mut String) {
    use super::walls::WallRule;
    let w = &def.walling;
    let Some(rule) = w.rule else {
        return;
    };
    let mut text = match rule {
        WallRule::Duck => "After moving, a side moves the duck, a wall no piece may stand on or pass, to another empty square (on its first move it puts the duck on the board).".to_string(),
        WallRule::Arrow => "After moving, a side shoots an arrow from where its piece landed: a wall on an empty square the piece could move to from there.".to_string(),
        WallRule::Past => "A piece leaves a wall on the square it moves from.".to_string(),
        WallRule::Edge => "After moving, a side puts a wall on an empty square of the board's outer files and ranks or beside a wall.".to_string(),
        WallRule::Static => "After moving, a side puts a wall on an empty square.".to_string(),
    };
    if w.or_move {
        text = text.replace(
            "After moving, a side puts",
            "Instead of moving, a side may put",
        );
        text.push_str(" It walls or moves, never both, and may not wall while in check.");
    }
    text.push_str(" No piece stands on a wall or passes through it.");
    for (side, name) in [(0, "White"), (1, "Black")] {
        if w.region[side] & def.board != def.board {
            let _ = write!(
                text,
                " {name} walls only on {}.",
                region_words(def, w.region[side])
            );
        }
    }
    let _ = writeln!(out, "## Walls\n\n{text}\n");
}

fn ends(def: &GameDef, out: &mut String) {
    let _ = writeln!(out, "## How the game ends\n");
    let mut items = Vec::new();
    if def.king.is_some() && def.checking {
        items.push(format!(
            "A side that is checkmated (in check with no move out of it) {}.",
            value_words(def.checkmate_value)
        ));
    }
    items.push(format!(
        "A side with no legal move{} {}.",
        if def.king.is_some() && def.checking {
            " that is not in check (stalemate)"
        } else {
            ""
        },
        value_words(def.stalemate_value)
    ));
    if def.extinction_value != Value::None {
        let what = if def.extinction_all {
            "all its pieces".to_string()
        } else {
            format!("its last {}", names_of(def, def.extinction_piece_types))
        };
        items.push(format!(
            "A side that has lost {what} {}.",
            value_words(def.extinction_value)
        ));
    }
    if def.flag_region.iter().any(|r| r.any()) {
        let flag = def.flag_piece[0]
            .map(|t| def.spec.pieces[t].name.clone())
            .unwrap_or_else(|| "piece".into());
        items.push(format!(
            "A side whose {flag} reaches {} (White's; Black's mirrored) wins.",
            region_words(def, def.flag_region[0])
                .replace("the squares", "one of the squares")
                .replacen(" and ", " or ", 1)
        ));
    }
    if def.bikjang {
        items.push("When the kings face each other on an open file (bikjang), the side to move must part them or pass; if they still face each other after its move, the game ends and is scored on points.".into());
    }
    if def.check_counting {
        items.push(
            "A side that gives the number of checks the FEN's check field counts wins.".into(),
        );
    }
    if def.connect.n > 0 {
        items.push(format!(
            "A side with {} of its pieces in a row wins.",
            def.connect.n
        ));
    }
    if def.n_move_rule > 0 {
        items.push(format!(
            "After {} moves of each side without a capture or a pawn's move, the game {}.",
            def.n_move_rule,
            if def.material_counting.is_some() {
                "ends"
            } else {
                "is drawn"
            }
        ));
    }
    if def.n_fold_rule > 0 {
        items.push(format!(
            "A position repeated {} times ends the game: {}{}.",
            def.n_fold_rule,
            match def.n_fold_value {
                Value::Draw => "a draw".to_string(),
                v => format!("the side to move {}", value_words(v)),
            },
            if def.perpetual_check_illegal {
                ", but a side that checked at every move of the repetition loses"
            } else {
                ""
            }
        ));
    }
    if def.chase.is_some() {
        items.push("A side that keeps chasing an unprotected piece through a repetition, or keeps checking, loses; two sides both doing so draw (the Asian rules' chasing rule).".into());
    }
    match def.counting {
        Counting::None => {}
        _ => items.push(
            "In endings against few pieces the moves are counted, and a side that does not mate in time draws (the counting rule).".into(),
        ),
    }
    if let Some(m) = def.material_counting {
        items.push(match m {
            MaterialCounting::Unweighted => "A game ended by the move rule is won by the side with more pieces.".into(),
            MaterialCounting::WhiteDrawOdds => "A game ended by the move rule is won by White.".into(),
            MaterialCounting::BlackDrawOdds => "A game ended by the move rule is won by Black.".into(),
            _ => "A game ended by the move rule is won on points (the pieces' values; Black is given a bonus).".into(),
        });
    }
    for item in items {
        let _ = writeln!(out, "- {item}");
    }
    out.push('\n');
}

/// What a rule's value means for the side it is about.
fn value_words(v: Value) -> &'static str {
    match v {
        Value::Win => "wins",
        Value::Loss => "loses",
        Value::Draw => "draws",
        Value::None => "plays on",
    }
}

/// The names of the piece types in `types`, joined.
fn names_of(def: &GameDef, types: u64) -> String {
    let names: Vec<String> = (0..def.pieces.len())
        .filter(|t| types & (1 << t) != 0)
        .map(|t| def.spec.pieces[t].name.to_lowercase())
        .collect();
    join_or(&names)
}

/// A region in words: its whole ranks by number, then its other squares.
fn region_words(def: &GameDef, region: Board) -> String {
    let region = region & def.board;
    let mut ranks = Vec::new();
    let mut rest = Vec::new();
    for r in 0..def.ranks {
        let row: Vec<usize> = (0..def.files)
            .map(|f| (r * WIDTH + f) as usize)
            .filter(|&s| def.board.has(s))
            .collect();
        let held: Vec<usize> = row.iter().copied().filter(|&s| region.has(s)).collect();
        if !row.is_empty() && held.len() == row.len() {
            ranks.push(r + 1);
        } else {
            rest.extend(held);
        }
    }
    let mut parts = Vec::new();
    if !ranks.is_empty() {
        let word = if ranks.len() == 1 { "rank" } else { "ranks" };
        parts.push(format!("{word} {}", runs(&ranks)));
    }
    if !rest.is_empty() {
        let squares: Vec<String> = rest.iter().map(|&s| square_name(s)).collect();
        let word = if squares.len() == 1 {
            "square"
        } else {
            "squares"
        };
        parts.push(format!("the {word} {}", join(&squares)));
    }
    parts.join(" and ")
}

/// Numbers in words, a run of three or more as `a to b`.
fn runs(numbers: &[i32]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let mut j = i;
        while j + 1 < numbers.len() && numbers[j + 1] == numbers[j] + 1 {
            j += 1;
        }
        if j >= i + 2 {
            out.push(format!("{} to {}", numbers[i], numbers[j]));
        } else {
            out.extend(numbers[i..=j].iter().map(|n| n.to_string()));
        }
        i = j + 1;
    }
    join(&out)
}

fn file_letter(f: i32) -> char {
    (b'a' + f as u8) as char
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// `a`, `a and b`, `a, b and c`.
fn join(items: &[String]) -> String {
    join_with(items, "and")
}

/// `a`, `a or b`, `a, b or c`.
fn join_or(items: &[String]) -> String {
    join_with(items, "or")
}

fn join_with(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use crate::defined::builtin;

    fn rules_of(name: &str) -> String {
        let i = builtin::parent_games()
            .iter()
            .position(|n| n == name)
            .unwrap_or_else(|| panic!("{name} is built in"));
        builtin::parent_game(i).spec.rules_markdown.clone()
    }

    /// The rules name each piece with its moves in words, the board, the
    /// special moves and the ends the definition holds, and no more.
    #[test]
    fn rules_are_written_from_the_definition() {
        if let Ok(dir) = std::env::var("ARCANA_RULES_OUT") {
            // Every parent's rules, to read them over.
            for name in crate::defined::builtin::parent_games() {
                std::fs::write(format!("{dir}/{name}.md"), rules_of(name)).unwrap();
            }
        }
        // Each game's rules hold these phrases, and not those.
        let cases: &[(&str, &[&str], &[&str])] = &[
            (
                "capablanca",
                &[
                    "10 files (a to j) by 8 ranks",
                    "| `A` | Archbishop | `BN` |",
                    "Moves or takes as a knight leaps or any number of squares diagonally (as a bishop)",
                    "| `P` | Pawn | `fmWfceF` | Moves without taking one square orthogonally forward; takes only one square diagonally forward. |",
                    "may step two squares forward",
                    "## Castling",
                    "checkmated",
                ],
                &["## Pieces in hand"],
            ),
            (
                "shogi",
                &[
                    "## Pieces in hand",
                    "goes to the taker's hand",
                    "Mating by dropping a pawn is forbidden",
                    "into, within or out of ranks 7 to 9",
                ],
                &["## Castling"],
            ),
            (
                "xiangqi",
                &[
                    "as a cannon",
                    "as a knight goes (unless a piece stands in the way)",
                    "It never leaves ranks 1 to 5",
                    "chasing",
                ],
                &[],
            ),
            ("antichess", &["Taking is compulsory", "all its pieces wins"], &["checkmated"]),
            ("atomic", &["blows up"], &[]),
            ("kingofthehill", &["reaches one of the squares d4, e4, d5 or e5"], &[]),
            ("grand", &["ranks 8 to 10", "the game's limit"], &[]),
            ("duck", &["## Walls", "moves the duck"], &["checkmated"]),
            ("amazons", &["shoots an arrow"], &["## Castling"]),
            (
                "isolation",
                &["puts a wall on an empty square", "White walls only on ranks 2 to 7 and the squares a1, b1, d1, e1, f1"],
                &[],
            ),
            ("capablanca", &[], &["## Walls"]),
        ];
        for (game, holds, lacks) in cases {
            let text = rules_of(game);
            for phrase in *holds {
                assert!(text.contains(phrase), "{game}: no '{phrase}' in\n{text}");
            }
            for phrase in *lacks {
                assert!(!text.contains(phrase), "{game}: '{phrase}' in\n{text}");
            }
        }
    }
}
