//! Definition files (`variants.ini`): any text reads into games or into
//! errors that point at its own lines, never a panic or a hang; and each
//! game read plays: from its start, through a few moves the input picks,
//! every position's FEN reads back the same and every legal move's token
//! reads back as that move.

use crate::text;
use variants::defined::def::{compile_all, GameDef};
use variants::defined::position::Position;
use variants::defined::{builtin, ini, Defined};
use variants::{Fen, MoveList, OnePlyNotation, Rules};

/// The property of the `variants_ini` target: the file is the input's
/// text, and the moves are chosen by its bytes.
pub fn variants_ini(bytes: &[u8]) {
    let input = text(bytes);
    let lines = input.lines().count().max(1);
    let check_lines = |errors: &[variants::defined::DefError]| {
        for e in errors {
            assert!(
                e.line <= lines,
                "an error past the file's {lines} lines: {e}"
            );
            assert!(
                !e.message.is_empty(),
                "an error that says nothing at line {}",
                e.line
            );
        }
    };
    let (sections, errors) = ini::read(&input, "fuzz.ini");
    check_lines(&errors);
    for s in &sections {
        check_lines(&s.errors);
    }
    let (defs, errors) = compile_all(&sections, "fuzz.ini", &builtin::sections);
    check_lines(&errors);
    // Each section loads or has an error of its own, never both.
    for s in &sections {
        let loads = defs.iter().any(|d| d.spec.id == s.name);
        let failed = errors.iter().any(|e| e.section.as_deref() == Some(&s.name));
        assert!(
            loads != failed || sections.iter().filter(|o| o.name == s.name).count() > 1,
            "[{}] at line {}: loads {loads}, has errors {failed}",
            s.name,
            s.line
        );
    }
    for def in defs {
        // Positions hold a `&'static` game: the definition is leaked for the
        // play and freed after it, so that fuzzing does not grow memory.
        let leaked: &'static GameDef = Box::leak(Box::new(def));
        play(leaked, bytes);
        // SAFETY: `leaked` came from `Box::leak` just above and nothing
        // made by `play` (positions, moves) outlives that call.
        unsafe { drop(Box::from_raw(leaked as *const GameDef as *mut GameDef)) };
    }
}

fn play(def: &'static GameDef, bytes: &[u8]) {
    let game = Defined(def);
    let Ok(mut pos) = Position::from_fen(def, &def.start_fen) else {
        return;
    };
    for ply in 0..6 {
        let fen = pos.to_fen();
        let again = game
            .read_fen(&fen)
            .unwrap_or_else(|e| panic!("the FEN written does not read ({e}): {fen}"));
        assert_eq!(again.to_fen(), fen, "a FEN that reads back otherwise");
        let mut moves = MoveList::new();
        Defined::generate(&pos, &mut moves);
        for &m in moves.iter() {
            let token = Defined::ply_to_token(&pos, m);
            let back = Defined::parse_ply(&pos, &token)
                .unwrap_or_else(|e| panic!("the token {token} does not read ({e:?}) at {fen}"));
            assert_eq!(back, m, "the token {token} reads as another move at {fen}");
        }
        if moves.is_empty() {
            return;
        }
        let pick = bytes.get(ply).copied().unwrap_or(0) as usize % moves.len();
        pos = Defined::make(&pos, moves[pick]);
    }
}

/// The property of the `weights_file` target: any text read as a weights
/// file of Capablanca (read from a file) gives weights or an error that
/// names the file, never a panic; weights that read are the game's, and
/// written back they read to the same weights; the start position's
/// evaluation under them is a number. (The game is not made anew with
/// each input's weights: every such game lives for the rest of the run.)
pub fn weights_file(bytes: &[u8]) {
    use std::sync::LazyLock;
    use variants::SearchHints;
    static GAME: LazyLock<Defined> = LazyLock::new(|| {
        let loaded = variants::defined::load("[capa:capablanca]\n", "capa.ini");
        Defined(loaded.games[0])
    });
    let input = text(bytes);
    let ours = GAME.eval_weights().expect("a game from a file has weights");
    match ours.read(&input, "fuzz.weights") {
        Ok(w) => {
            assert_eq!(w.names, ours.names);
            let again = ours
                .read(&w.to_text("again"), "again.weights")
                .expect("written weights read back");
            assert_eq!(again, w);
            let trace = Defined::eval_trace(&GAME.start()).expect("a trace");
            let values: Vec<[f64; 2]> = w.values.iter().map(|v| v.map(f64::from)).collect();
            assert!(trace.evaluate(&values).is_finite());
        }
        Err(e) => assert!(e.starts_with("fuzz.weights"), "{e}"),
    }
}
