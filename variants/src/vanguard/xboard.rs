//! How an XBoard 4.9 GUI learns the variant: a `setup` command (piece
//! letters mapped to GUI piece slots, board size, start position) and one
//! `piece` command per type in XBoard's Betza notation.
//!
//! XBoard 4.9.1 cannot express every rule (checked with Debian's build under
//! Xvfb, see the README): it has no swap move for the Wizard, rejects shots
//! and Berserker captures that end on their own start square, and does not
//! show forced promotions of Soldiers and Sergeants or the Princess and
//! Prince conversions. The descriptions below say the moves exactly where
//! its notation can (the Giraffe and Fourleaper leaps are written as chains
//! of unblockable one-step legs, which it accepts).

use super::fen;
use super::Vanguard;
use crate::{Fen, Rules};

/// Our letters in XBoard's piece slots (Pawn, Knight, Bishop, Rook, Queen,
/// Ferz, Alfil, Archbishop, Chancellor, Wazir, Commoner, Cannon,
/// Nightrider, ... , King), so that the pictures fit where one does: the
/// Princess (B+N) is drawn as an Archbishop, the Chancellor as a
/// Chancellor, the Nightrider as a Nightrider, the Archer as a Cannon.
const PIECE_TO_CHAR: &str = "PNBRQFTECYIADG.MWZLSHKpnbrqftecyiadg.mwzlshk";

/// The lines sent to XBoard after `variant vanguard`.
pub fn definition() -> Vec<String> {
    let start = Vanguard.start();
    let mut lines = vec![format!(
        "setup ({PIECE_TO_CHAR}) 16x16+0_fairy {}",
        fen::to_xboard_fen(&start)
    )];
    // The Betza strings of the game's spec, the one description of the
    // pieces' moves.
    lines.extend(Vanguard.spec().pieces.iter().filter_map(|p| {
        let betza = p.betza.as_ref()?;
        Some(format!("piece {}& {betza}", p.letter))
    }));
    lines
}
