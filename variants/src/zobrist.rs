//! Zobrist keys, generated at compile time from a fixed seed so that hashes
//! are identical in every build and every run.

/// One step of the SplitMix64 generator: returns (next state, output).
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// `N` pseudo-random keys from `seed`; use a different seed per table.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, v) = splitmix64(state);
        state = s;
        out[i] = v;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_seed_dependent() {
        const A: [u64; 1000] = keys(1);
        const B: [u64; 1000] = keys(2);
        let mut sorted = A.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 1000);
        assert_ne!(A[0], B[0]);
        assert!(A.iter().all(|&k| k != 0));
    }
}
