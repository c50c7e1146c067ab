//! Leaper geometry shared by the 64-bit-board variants: step lists and
//! the per-square bitboards they give on boards of up to 8x8 cells laid out
//! 8 cells per rank (`rank * 8 + file`).

/// The eight knight leaps as (file, rank) offsets.
pub const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The eight king steps as (file, rank) offsets.
pub const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// For every cell of a `files` x `ranks` board (at most 8x8), the cells one
/// of `steps` reaches without leaving the board. Cells off the board get 0.
pub const fn leaper_table(files: i32, ranks: i32, steps: &[(i32, i32)]) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        if f < files && r < ranks {
            let mut i = 0;
            while i < steps.len() {
                let (nf, nr) = (f + steps[i].0, r + steps[i].1);
                if nf >= 0 && nf < files && nr >= 0 && nr < ranks {
                    out[sq] |= 1u64 << (nr * 8 + nf);
                }
                i += 1;
            }
        }
        sq += 1;
    }
    out
}
