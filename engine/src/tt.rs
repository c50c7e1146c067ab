//! The transposition table: shared by all search threads without locks.
//!
//! Each entry is three atomic words: a check word (`key ^ move ^ meta`), the
//! move and the metadata. A torn write from a racing thread fails the XOR
//! check and reads as a miss, the usual lock-free scheme. Buckets hold two
//! entries: one kept by depth, one always replaced.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// How a stored score bounds the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
    /// The true score.
    Exact,
}

/// What a probe finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// Best move bits (`MoveCode::to_bits`).
    pub mv: u64,
    /// Score, relative to the node (mate scores already adjusted by the caller).
    pub score: i32,
    /// The node's evaluation: static, or refined by an earlier entry's bound.
    pub eval: i32,
    /// Remaining depth of the search that stored it.
    pub depth: i32,
    /// Bound type.
    pub bound: Bound,
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    mv: AtomicU64,
    meta: AtomicU64,
}

const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

/// `count` empty entries in zeroed memory, or `None` when it cannot be had.
/// The system hands out zeroed pages lazily, so a large table costs nothing
/// until the search touches it (filling it entry by entry would touch every
/// page at once).
fn zeroed_entries(count: usize) -> Option<Vec<Entry>> {
    let layout = std::alloc::Layout::array::<Entry>(count).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: the layout is non-empty. An entry is three AtomicU64, for
    // which all-zero bytes are a valid value (the default), and the block
    // comes from the global allocator with the layout of `count` entries,
    // as Vec::from_raw_parts requires.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout) as *mut Entry;
        (!ptr.is_null()).then(|| Vec::from_raw_parts(ptr, count, count))
    }
}

/// A lock-free table of search results, sized in MiB.
pub struct Table {
    entries: Vec<Entry>,
    age: AtomicU8,
}

fn pack(score: i32, eval: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    let b = match bound {
        Bound::Lower => 1u64,
        Bound::Upper => 2,
        Bound::Exact => 3,
    };
    (score as i16 as u16 as u64)
        | (eval as i16 as u16 as u64) << 16
        | ((depth.clamp(-1, 254) + 1) as u64) << 32
        | b << 40
        | (age as u64) << 48
}

fn unpack(meta: u64) -> Option<(i32, i32, i32, Bound, u8)> {
    let bound = match meta >> 40 & 3 {
        1 => Bound::Lower,
        2 => Bound::Upper,
        3 => Bound::Exact,
        _ => return None,
    };
    Some((
        meta as u16 as i16 as i32,
        (meta >> 16) as u16 as i16 as i32,
        (meta >> 32 & 0xFF) as i32 - 1,
        bound,
        (meta >> 48) as u8,
    ))
}

impl Table {
    /// A table of about `mib` MiB (at least one bucket); when the memory
    /// cannot be had, the largest halving of it that can (with a warning).
    pub fn new(mib: usize) -> Table {
        let mut mib = mib.max(1);
        loop {
            match Table::try_new(mib) {
                Ok(t) => return t,
                Err(e) if mib > 1 => {
                    log::warn!("{e}; trying {} MiB", mib / 2);
                    mib /= 2;
                }
                // Out of memory even for 1 MiB: two entries, or the abort
                // any allocation then ends in.
                Err(_) => return Table::with_entries(Vec::new(), 2),
            }
        }
    }

    /// A table of about `mib` MiB, or an error when the memory cannot be
    /// had (UCI `setoption name Hash` keeps the old table then).
    pub fn try_new(mib: usize) -> Result<Table, String> {
        let count = (mib.max(1).saturating_mul(1024 * 1024) / ENTRY_BYTES).max(2) & !1;
        let entries = zeroed_entries(count)
            .ok_or_else(|| format!("cannot allocate {mib} MiB for the hash table"))?;
        Ok(Table {
            entries,
            age: AtomicU8::new(0),
        })
    }

    fn with_entries(mut entries: Vec<Entry>, count: usize) -> Table {
        entries.resize_with(count, Entry::default);
        Table {
            entries,
            age: AtomicU8::new(0),
        }
    }

    /// Forgets everything (`ucinewgame`, `Clear Hash`): a fresh zeroed
    /// block costs no writes, however large the table.
    pub fn clear(&mut self) {
        let count = self.entries.len();
        self.entries = Vec::new();
        match zeroed_entries(count) {
            Some(fresh) => self.entries = fresh,
            None => self.entries.resize_with(count, Entry::default),
        }
        self.age.store(0, Relaxed);
    }

    /// Marks the start of a new search: older entries become replaceable.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Relaxed);
    }

    fn bucket(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto the buckets without a modulo.
        let buckets = (self.entries.len() / 2) as u64;
        (((key as u128 * buckets as u128) >> 64) as usize) * 2
    }

    /// Asks the processor to fetch `key`'s bucket into its cache, so that
    /// the probe a child node makes soon after finds it there: the probe's
    /// cache miss was the search's costliest single load (6% of
    /// Capablanca's search time). A hint only: nothing is read.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Some(first) = self.entries.get(self.bucket(key)) {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let start = (first as *const Entry).cast::<i8>();
            // A bucket of two entries may straddle two cache lines.
            let end = start.wrapping_add(2 * ENTRY_BYTES - 1);
            // SAFETY: a prefetch reads nothing and cannot fault, whatever
            // the address.
            unsafe {
                _mm_prefetch(start, _MM_HINT_T0);
                _mm_prefetch(end, _MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks a position up.
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let i = self.bucket(key);
        for e in &self.entries[i..i + 2] {
            let (check, mv, meta) = (
                e.check.load(Relaxed),
                e.mv.load(Relaxed),
                e.meta.load(Relaxed),
            );
            if check ^ mv ^ meta == key {
                let (score, eval, depth, bound, _) = unpack(meta)?;
                return Some(Hit {
                    mv,
                    score,
                    eval,
                    depth,
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result. Keeps the deeper of two results for the same
    /// position unless the new one is exact or from a newer search.
    pub fn store(&self, key: u64, mv: u64, score: i32, eval: i32, depth: i32, bound: Bound) {
        let age = self.age.load(Relaxed);
        let i = self.bucket(key);
        let (first, second) = (&self.entries[i], &self.entries[i + 1]);
        let slot = {
            let m = first.meta.load(Relaxed);
            let same = first.check.load(Relaxed) ^ first.mv.load(Relaxed) ^ m == key;
            match unpack(m) {
                None => first,
                Some((_, _, d, _, a)) if same || a != age || d <= depth => first,
                _ => second,
            }
        };
        let old_meta = slot.meta.load(Relaxed);
        let old_mv = slot.mv.load(Relaxed);
        // A much shallower result for the same position (quiescence after a
        // deep search) keeps the deeper one, unless it is exact.
        if slot.check.load(Relaxed) ^ old_mv ^ old_meta == key {
            if let Some((_, _, d, _, a)) = unpack(old_meta) {
                if a == age && depth + 2 < d && bound != Bound::Exact {
                    return;
                }
            }
        }
        // Keep a known best move when the new result has none.
        let mv = if mv == 0 && slot.check.load(Relaxed) ^ old_mv ^ old_meta == key {
            old_mv
        } else {
            mv
        };
        let meta = pack(score, eval, depth, bound, age);
        slot.check.store(key ^ mv ^ meta, Relaxed);
        slot.mv.store(mv, Relaxed);
        slot.meta.store(meta, Relaxed);
    }

    /// Permille of sampled entries written in the current search.
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Relaxed);
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| matches!(unpack(e.meta.load(Relaxed)), Some((.., a)) if a == age))
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_and_replace() {
        assert!(Table::try_new(1 << 40).is_err(), "a terabyte MiB table");
        let t = Table::new(1);
        assert_eq!(t.probe(42), None);
        t.store(42, 7, -150, 30, 5, Bound::Lower);
        let hit = t.probe(42).unwrap();
        assert_eq!(
            (hit.mv, hit.score, hit.eval, hit.depth, hit.bound),
            (7, -150, 30, 5, Bound::Lower)
        );
        // A shallower result without a move keeps the move.
        t.store(42, 0, 10, 30, 3, Bound::Exact);
        let hit = t.probe(42).unwrap();
        assert_eq!((hit.mv, hit.score, hit.depth), (7, 10, 3));
        assert_eq!(t.probe(43), None);
        assert!(t.hashfull() <= 1000);
    }

    #[test]
    fn clear_forgets() {
        let mut t = Table::new(1);
        t.store(99, 1, 0, 0, 1, Bound::Exact);
        t.clear();
        assert_eq!(t.probe(99), None);
    }

    #[test]
    fn packing_round_trips_extremes() {
        for (score, depth) in [(-32000, 0), (32000, 200), (0, -1)] {
            let m = pack(score, -5, depth, Bound::Upper, 9);
            assert_eq!(unpack(m), Some((score, -5, depth, Bound::Upper, 9)));
        }
    }
}
