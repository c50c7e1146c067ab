//! Names for players: a custom piece whose moves are a well-known piece's
//! is called by that piece's name (a `customPiece1 = c:C` is a camel, a
//! `w:CN` a wildebeest); the moves are compared as moves, so that `NB` and
//! `BN`, `K` and `WF` are the same piece.

use super::betza::Moves;
use super::piece::moves_of;
use std::sync::LazyLock;

/// Well-known pieces by their moves in Betza (the first spelling of a
/// name is enough; others of the same moves may follow).
const KNOWN: &[(&str, &str)] = &[
    ("Pawn", "fmWfceFifmnD"),
    ("Pawn", "fmWfcFifmnD"),
    ("Pawn", "fmWfceF"),
    ("Pawn", "fmWfcF"),
    // Pawnback's pawn, which also steps back; the sideways pawn
    // (petrified's too); legan's, which moves diagonally to the left.
    ("Pawn", "fbmWfceFifmnD"),
    ("Pawn", "fsmWfceFifmnD"),
    ("Pawn", "mflFcflW"),
    ("Berolina pawn", "fmFfceWifmnA"),
    ("Berolina pawn", "fmFfcWifmnA"),
    ("Berolina pawn", "fmFfcW"),
    ("Wazir", "W"),
    ("Ferz", "F"),
    ("Dabbaba", "D"),
    ("Alfil", "A"),
    ("Threeleaper", "H"),
    ("Knight", "N"),
    ("Camel", "C"),
    ("Zebra", "Z"),
    ("Tripper", "G"),
    ("Commoner", "K"),
    ("Rook", "R"),
    ("Bishop", "B"),
    ("Queen", "Q"),
    ("Archbishop", "BN"),
    ("Chancellor", "RN"),
    ("Amazon", "QN"),
    ("Nightrider", "NN"),
    ("Grasshopper", "gQ"),
    ("Wildebeest", "NC"),
    ("Bison", "CZ"),
    ("Buffalo", "NCZ"),
    ("Centaur", "KN"),
    ("Champion", "WAD"),
    ("Wizard", "FC"),
    ("Squirrel", "NAD"),
    ("Elephant", "FA"),
    ("Phoenix", "WA"),
    ("Kirin", "FD"),
    ("Woody rook", "WD"),
    ("Bede", "BD"),
    ("Dragon horse", "BW"),
    ("Dragon king", "RF"),
    ("Silver general", "FfW"),
    ("Gold general", "WfF"),
    ("Lance", "fR"),
    ("Cannon", "mRcpR"),
    ("Vao", "mBcpB"),
    ("Leo", "mQcpQ"),
    ("Janggi cannon", "pR"),
    ("Horse", "nN"),
    ("Soldier", "fsW"),
    // Spartan chess's.
    ("Hoplite", "fmFfcWimA"),
    ("Lieutenant", "FAsmW"),
];

/// The well-known pieces, their moves read once.
static MOVES: LazyLock<Vec<(&'static str, Moves)>> = LazyLock::new(|| {
    KNOWN
        .iter()
        .map(|&(name, betza)| (name, moves_of(betza).expect("a well-known piece reads")))
        .collect()
});

/// The name of the well-known piece that moves as `moves`, if any.
pub fn known_piece(moves: &Moves) -> Option<&'static str> {
    MOVES
        .iter()
        .find(|(_, m)| m == moves)
        .map(|&(name, _)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(betza: &str) -> Option<&'static str> {
        known_piece(&moves_of(betza).unwrap())
    }

    #[test]
    fn pieces_are_known_by_their_moves_however_written() {
        assert_eq!(name("C"), Some("Camel"));
        assert_eq!(name("L"), Some("Camel"));
        assert_eq!(name("Z"), Some("Zebra"));
        assert_eq!(name("CN"), Some("Wildebeest"));
        assert_eq!(name("NB"), Some("Archbishop"));
        assert_eq!(name("BN"), Some("Archbishop"));
        assert_eq!(name("RN"), Some("Chancellor"));
        assert_eq!(name("NQ"), Some("Amazon"));
        assert_eq!(name("NN"), Some("Nightrider"));
        assert_eq!(name("gQ"), Some("Grasshopper"));
        assert_eq!(name("WF"), Some("Commoner"));
        assert_eq!(name("fmWfceFifmnD"), Some("Pawn"));
        assert_eq!(name("fmFfcWimA"), Some("Hoplite"));
        assert_eq!(name("AsmWF"), Some("Lieutenant"));
        // Not quite a well-known piece: a knight that only moves, a
        // three-step rook, a rook that also leaps as an alfil.
        assert_eq!(name("mN"), None);
        assert_eq!(name("R3"), None);
        assert_eq!(name("RA"), None);
        // Every name's moves are told apart from the others'.
        for (i, (a, ma)) in MOVES.iter().enumerate() {
            for (b, mb) in &MOVES[i + 1..] {
                assert!(a == b || ma != mb, "{a} and {b} move alike");
            }
        }
    }
}
