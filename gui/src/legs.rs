//! Legs of a ply as the page gets them: the game's legs (`variants::legs`)
//! in JSON.

use serde::Serialize;
use variants::SquareNames;

/// One leg of a ply, as the page draws and enters it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Leg {
    /// The square the leg starts on; `None` for a placement from off the board.
    pub from: Option<String>,
    /// The square the leg ends on.
    pub to: String,
    /// Letters after the squares (a promotion, Magician's `x`, a quest):
    /// the page asks which one when several plies differ only by it.
    pub suffix: String,
    /// The piece letter a placement puts on `to`.
    pub drop: Option<char>,
}

/// Splits `token` into legs (see `variants::legs::split`).
pub fn split(token: &str, names: &SquareNames) -> Option<Vec<Leg>> {
    let legs = variants::legs::split(token, names)?;
    Some(
        legs.into_iter()
            .map(|l| Leg {
                from: l.from,
                to: l.to,
                suffix: l.suffix,
                drop: l.drop,
            })
            .collect(),
    )
}
