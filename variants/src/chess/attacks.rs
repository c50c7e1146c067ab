//! Attack tables for the 8x8 board: leapers and geometry computed at compile
//! time, sliders baked by `build.rs` (PEXT with BMI2, fancy magics without).

/// One square's slider lookup: `offset + index(occ)` into the attack table.
#[derive(Clone, Copy)]
pub(crate) struct SliderEntry {
    pub mask: u64,
    #[cfg_attr(target_feature = "bmi2", allow(dead_code))]
    pub magic: u64,
    pub offset: u32,
    #[cfg_attr(target_feature = "bmi2", allow(dead_code))]
    pub shift: u32,
}

use crate::geometry::{leaper_table, KING_STEPS, KNIGHT_STEPS};

include!(concat!(env!("OUT_DIR"), "/slider_meta.rs"));

#[repr(C, align(64))]
struct Aligned<T: ?Sized>(T);

static ROOK_BYTES: &Aligned<[u8; ROOK_TABLE_LEN * 8]> = &Aligned(*include_bytes!(concat!(
    env!("OUT_DIR"),
    "/rook_attacks.bin"
)));
static BISHOP_BYTES: &Aligned<[u8; BISHOP_TABLE_LEN * 8]> = &Aligned(*include_bytes!(concat!(
    env!("OUT_DIR"),
    "/bishop_attacks.bin"
)));

#[inline(always)]
fn table(bytes: &'static [u8]) -> &'static [u64] {
    // SAFETY: the bytes are 64-byte aligned (Aligned), their length is a
    // multiple of 8, every bit pattern is a valid u64, and build.rs wrote
    // them in the target's byte order.
    unsafe { std::slice::from_raw_parts(bytes.as_ptr() as *const u64, bytes.len() / 8) }
}

#[inline(always)]
fn slider(entries: &[SliderEntry; 64], bytes: &'static [u8], sq: usize, occ: u64) -> u64 {
    let e = &entries[sq];
    #[cfg(target_feature = "bmi2")]
    // SAFETY: this branch is compiled only when the target has BMI2.
    let idx = unsafe { core::arch::x86_64::_pext_u64(occ, e.mask) } as usize;
    #[cfg(not(target_feature = "bmi2"))]
    let idx = ((occ & e.mask).wrapping_mul(e.magic) >> e.shift) as usize;
    let t = table(bytes);
    // SAFETY: build.rs sized each square's block to 2^popcount(mask) slots
    // and both index functions stay below that.
    unsafe { *t.get_unchecked(e.offset as usize + idx) }
}

/// Rook attacks from `sq` with blockers `occ`.
#[inline(always)]
pub fn rook(sq: usize, occ: u64) -> u64 {
    slider(&ROOK_ENTRIES, &ROOK_BYTES.0, sq, occ)
}

/// Bishop attacks from `sq` with blockers `occ`.
#[inline(always)]
pub fn bishop(sq: usize, occ: u64) -> u64 {
    slider(&BISHOP_ENTRIES, &BISHOP_BYTES.0, sq, occ)
}

/// Queen attacks from `sq` with blockers `occ`.
#[inline(always)]
pub fn queen(sq: usize, occ: u64) -> u64 {
    rook(sq, occ) | bishop(sq, occ)
}

const fn leaper(steps: &[(i32, i32)]) -> [u64; 64] {
    leaper_table(8, 8, steps)
}

/// Knight attacks per square.
pub static KNIGHT: [u64; 64] = leaper(&KNIGHT_STEPS);

/// King attacks per square.
pub static KING: [u64; 64] = leaper(&KING_STEPS);

/// Pawn captures per side (0 White, 1 Black) and square.
pub static PAWN: [[u64; 64]; 2] = [leaper(&[(1, 1), (-1, 1)]), leaper(&[(1, -1), (-1, -1)])];

const fn sign(x: i32) -> i32 {
    if x > 0 {
        1
    } else if x < 0 {
        -1
    } else {
        0
    }
}

/// (BETWEEN, LINE): squares strictly between two aligned squares, and the
/// whole line through them (edge to edge); both empty when not aligned.
const fn geometry() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (fa, ra, fb, rb) = (
                (a % 8) as i32,
                (a / 8) as i32,
                (b % 8) as i32,
                (b / 8) as i32,
            );
            let (df, dr) = (fb - fa, rb - ra);
            let aligned = a != b && (df == 0 || dr == 0 || df == dr || df == -dr);
            if aligned {
                let (sf, sr) = (sign(df), sign(dr));
                let (mut f, mut r) = (fa + sf, ra + sr);
                while f != fb || r != rb {
                    between[a][b] |= 1u64 << (r * 8 + f);
                    f += sf;
                    r += sr;
                }
                // Walk to both edges from a.
                let mut l = 1u64 << a;
                let (mut f, mut r) = (fa + sf, ra + sr);
                while f >= 0 && f < 8 && r >= 0 && r < 8 {
                    l |= 1u64 << (r * 8 + f);
                    f += sf;
                    r += sr;
                }
                let (mut f, mut r) = (fa - sf, ra - sr);
                while f >= 0 && f < 8 && r >= 0 && r < 8 {
                    l |= 1u64 << (r * 8 + f);
                    f -= sf;
                    r -= sr;
                }
                line[a][b] = l;
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

static GEOMETRY: ([[u64; 64]; 64], [[u64; 64]; 64]) = geometry();

/// Squares strictly between `a` and `b` if they share a line, else empty.
#[inline(always)]
pub fn between(a: usize, b: usize) -> u64 {
    GEOMETRY.0[a][b]
}

/// The full line through `a` and `b` if they share one, else empty.
#[inline(always)]
pub fn line(a: usize, b: usize) -> u64 {
    GEOMETRY.1[a][b]
}

#[cfg(test)]
mod tests {
    use super::super::slider_gen::{
        find_magic, pdep, relevant_mask, slide, BISHOP_DIRS, ROOK_DIRS,
    };
    use super::*;
    use std::collections::HashMap;

    /// The magic path serves CPUs without BMI2; check its search here too,
    /// whichever path this build uses.
    #[test]
    fn magic_search_gives_collision_free_multipliers() {
        let mut seed = 0x5EED_u64;
        for (sq, dirs) in [
            (0, &ROOK_DIRS),
            (27, &ROOK_DIRS),
            (63, &BISHOP_DIRS),
            (36, &BISHOP_DIRS),
        ] {
            let mask = relevant_mask(sq, dirs);
            let bits = mask.count_ones();
            let magic = find_magic(sq, mask, dirs, &mut seed);
            let mut slots: HashMap<u64, u64> = HashMap::new();
            for i in 0..1u64 << bits {
                let occ = pdep(i, mask);
                let attack = slide(sq, occ, dirs);
                let slot = occ.wrapping_mul(magic) >> (64 - bits);
                assert_eq!(*slots.entry(slot).or_insert(attack), attack, "square {sq}");
            }
        }
        assert_eq!(relevant_mask(0, &ROOK_DIRS).count_ones(), 12);
        assert_eq!(pdep(0b101, 0b1110), 0b1010);
    }

    #[test]
    fn baked_slider_tables_match_the_slow_reference() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for sq in 0..64 {
            for _ in 0..200 {
                state = crate::zobrist::splitmix64(state).0;
                let occ =
                    crate::zobrist::splitmix64(state).1 & crate::zobrist::splitmix64(!state).1;
                assert_eq!(
                    rook(sq, occ),
                    slide(sq, occ, &ROOK_DIRS),
                    "rook {sq} {occ:#x}"
                );
                assert_eq!(bishop(sq, occ), slide(sq, occ, &BISHOP_DIRS), "bishop {sq}");
            }
            assert_eq!(rook(sq, 0).count_ones(), 14);
        }
    }

    #[test]
    fn leapers_and_geometry() {
        assert_eq!(KNIGHT[0], (1 << 10) | (1 << 17));
        assert_eq!(KING[0], (1 << 1) | (1 << 8) | (1 << 9));
        assert_eq!(PAWN[0][12], (1 << 19) | (1 << 21));
        assert_eq!(PAWN[1][12], (1 << 3) | (1 << 5));
        assert_eq!(between(0, 63).count_ones(), 6);
        assert_eq!(between(0, 7), 0x7E);
        assert_eq!(between(0, 10), 0);
        assert_eq!(line(9, 18).count_ones(), 8);
        assert_eq!(line(0, 10), 0);
    }
}
