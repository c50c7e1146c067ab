//! Vanguard's 21 pieces for players and for XBoard: names, how they are
//! drawn, and their moves in XBoard's Betza notation as far as it can say
//! them (it has no Wizard swap, no shot that ends on the shooter's square,
//! no forced promotion: see `xboard.rs`).

use crate::spec::{piece, Figure, PieceSpec};

/// The pieces in the order a legend lists them: the six of chess, then the
/// fairy pieces, each drawn with a shape of its own.
pub fn pieces() -> Vec<PieceSpec> {
    const STANDARD: [(char, &str, &str, Figure); 6] = [
        ('K', "King", "K", Figure::King),
        ('Q', "Queen", "Q", Figure::Queen),
        ('R', "Rook", "R", Figure::Rook),
        ('B', "Bishop", "B", Figure::Bishop),
        // The Knight also leaps as a Giraffe (4,1): XBoard takes that leap
        // written as a chain of unblockable one-step legs.
        ('N', "Knight", "NmpafmpafmpafmpasW", Figure::Knight),
        ('P', "Pawn", "fmWfcFifmW4", Figure::Pawn),
    ];
    const FAIRY: [(char, &str, &str); 15] = [
        ('C', "Chancellor", "RN"),
        ('A', "Archer", "mF3cabN"),
        ('W', "Wizard", "FNC"),
        ('H', "Helepolis", "WDHmpafD"),
        ('G', "General", "BnD0"),
        ('F', "Falconer", "FADCG"),
        ('S', "Soldier", "fsmWfcFifmW4"),
        ('L', "Lancer", "N2ncDncH"),
        ('Y', "Spy", "W2N"),
        ('M', "Bowman", "nNnmafcabmN"),
        ('D', "Nightrider", "N0"),
        ('T', "Sergeant", "fW3fFsmW"),
        ('I', "Prince", "FN"),
        ('E', "Princess", "BN"),
        ('Z', "Berserker", "KNADcaKmcabK"),
    ];
    let standard = STANDARD.iter().map(|&(letter, name, betza, figure)| {
        let mut p = piece(letter, name, Some(betza), figure);
        p.royal = letter == 'K';
        p
    });
    let fairy = FAIRY.iter().enumerate().map(|(i, &(letter, name, betza))| {
        piece(letter, name, Some(betza), Figure::Shape(i as u8))
    });
    standard.chain(fairy).collect()
}
