//! Slow, obviously-correct slider attacks and the magic-number search.
//!
//! Shared by `build.rs` (which bakes the attack tables into the binary) and
//! by the unit tests (which check the baked tables against it), so it uses
//! nothing outside `core`/`std`.

/// Rook directions as (file, rank) steps.
pub const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Bishop directions as (file, rank) steps.
pub const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Squares a slider on `sq` attacks with blockers `occ` (a blocker is
/// attacked, squares behind it are not).
pub fn slide(sq: usize, occ: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut out = 0u64;
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + f);
            out |= bit;
            if occ & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    out
}

/// The blockers that matter for a slider on `sq`: its rays without the last
/// square of each (an edge square never blocks anything behind it).
pub fn relevant_mask(sq: usize, dirs: &[(i32, i32); 4]) -> u64 {
    let mut out = 0u64;
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            out |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    out
}

/// Software PDEP: deposits the low bits of `src` into the set bits of `mask`.
pub fn pdep(src: u64, mut mask: u64) -> u64 {
    let mut out = 0u64;
    let mut bit = 1u64;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if src & bit != 0 {
            out |= low;
        }
        mask &= mask - 1;
        bit <<= 1;
    }
    out
}

/// Searches a magic multiplier for `mask` such that
/// `((occ & mask) * magic) >> (64 - bits)` maps every subset to a slot that
/// holds its attack set without a harmful collision. Deterministic for a
/// given `seed`.
pub fn find_magic(sq: usize, mask: u64, dirs: &[(i32, i32); 4], seed: &mut u64) -> u64 {
    let bits = mask.count_ones();
    let size = 1usize << bits;
    let subsets: Vec<u64> = (0..size as u64).map(|i| pdep(i, mask)).collect();
    let attacks: Vec<u64> = subsets.iter().map(|&o| slide(sq, o, dirs)).collect();
    let mut table = vec![0u64; size];
    let mut epoch = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        let magic = sparse_random(seed);
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let mut ok = true;
        for (occ, &att) in subsets.iter().zip(&attacks) {
            let idx = (occ.wrapping_mul(magic) >> (64 - bits)) as usize;
            if epoch[idx] != attempt {
                epoch[idx] = attempt;
                table[idx] = att;
            } else if table[idx] != att {
                ok = false;
                break;
            }
        }
        if ok {
            return magic;
        }
    }
}

fn next_random(state: &mut u64) -> u64 {
    // xorshift64*: fast and good enough to find magics.
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

fn sparse_random(state: &mut u64) -> u64 {
    next_random(state) & next_random(state) & next_random(state)
}
