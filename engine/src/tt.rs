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
    /// Whether the node was on a principal variation when stored
    /// (Stockfish's ttPv): searched as a PV node, or a PV node's
    /// failing-low child.
    pub pv: bool,
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    mv: AtomicU64,
    meta: AtomicU64,
}

const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

/// A block of entries in zeroed memory. A large block starts on a 2 MiB
/// boundary and asks Linux for huge pages (transparent huge pages, where
/// the system gives them on request): one page then maps 2 MiB of the
/// table instead of 4 KiB, and the probes' misses stop missing the
/// processor's address cache too (Stockfish allocates its table so).
struct Entries {
    /// What the allocator gave (freed with `layout`).
    base: std::ptr::NonNull<u8>,
    layout: std::alloc::Layout,
    /// The first entry, at or after `base`.
    first: std::ptr::NonNull<Entry>,
    count: usize,
}

// SAFETY: the block is owned like a Vec<Entry>, and entries are atomics.
unsafe impl Send for Entries {}
// SAFETY: as above; shared access only reads through atomics.
unsafe impl Sync for Entries {}

/// The size of a huge page, where large blocks start.
const HUGE_PAGE: usize = 2 * 1024 * 1024;

impl Entries {
    /// `count` empty entries in zeroed memory, or `None` when it cannot be
    /// had. The system hands out zeroed pages lazily, so a large table
    /// costs nothing until the search touches it (filling it entry by entry
    /// would touch every page at once).
    fn zeroed(count: usize) -> Option<Entries> {
        let bytes = count.checked_mul(ENTRY_BYTES)?.max(1);
        // A block of at least a huge page gets one more to start on its
        // boundary; the allocator's own alignment would zero it by hand.
        let slack = if bytes >= HUGE_PAGE { HUGE_PAGE } else { 0 };
        let layout = std::alloc::Layout::from_size_align(
            bytes.checked_add(slack)?,
            std::mem::align_of::<Entry>(),
        )
        .ok()?;
        // SAFETY: the layout is non-empty. An entry is three AtomicU64, for
        // which all-zero bytes are a valid value (the default).
        let base = std::ptr::NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) })?;
        let skip = if slack > 0 {
            // (`align_offset` may give up, with usize::MAX: then unaligned.)
            base.as_ptr().align_offset(HUGE_PAGE).min(slack)
        } else {
            0
        };
        // SAFETY: `skip` is at most `slack`, so `count` entries from there
        // lie within the block; an offset to a huge page's boundary from
        // an entry-aligned base keeps entries aligned (or is `slack`).
        let first = unsafe { base.as_ptr().add(skip) };
        if slack > 0 {
            advise_huge_pages(first, bytes);
        }
        Some(Entries {
            base,
            layout,
            first: std::ptr::NonNull::new(first.cast())?,
            count,
        })
    }
}

impl Drop for Entries {
    fn drop(&mut self) {
        // SAFETY: `base` came from the global allocator with `layout`.
        unsafe { std::alloc::dealloc(self.base.as_ptr(), self.layout) }
    }
}

impl std::ops::Deref for Entries {
    type Target = [Entry];
    fn deref(&self) -> &[Entry] {
        // SAFETY: `count` zero-initialised entries start at `first`, alive
        // as long as the block.
        unsafe { std::slice::from_raw_parts(self.first.as_ptr(), self.count) }
    }
}

/// Asks Linux to back `len` bytes from `start` with huge pages; a hint
/// that may be refused (transparent huge pages off): nothing else changes.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *mut u8, len: usize) {
    extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    /// Linux's `MADV_HUGEPAGE`.
    const MADV_HUGEPAGE: i32 = 14;
    // SAFETY: the range lies within a block this process owns; madvise
    // changes no memory's contents, only how it is mapped.
    let refused = unsafe { madvise(start.cast(), len, MADV_HUGEPAGE) } != 0;
    if refused {
        log::debug!("no huge pages for the hash table");
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *mut u8, _len: usize) {}

/// A lock-free table of search results, sized in MiB.
pub struct Table {
    entries: Entries,
    age: AtomicU8,
}

fn pack(score: i32, eval: i32, depth: i32, bound: Bound, pv: bool, age: u8) -> u64 {
    let b = match bound {
        Bound::Lower => 1u64,
        Bound::Upper => 2,
        Bound::Exact => 3,
    };
    (score as i16 as u16 as u64)
        | (eval as i16 as u16 as u64) << 16
        | ((depth.clamp(-1, 254) + 1) as u64) << 32
        | b << 40
        | u64::from(pv) << 42
        | (age as u64) << 48
}

fn unpack(meta: u64) -> Option<(i32, i32, i32, Bound, bool, u8)> {
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
        meta >> 42 & 1 != 0,
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
                Err(_) => return Table::with_entries(2),
            }
        }
    }

    /// A table of about `mib` MiB, or an error when the memory cannot be
    /// had (UCI `setoption name Hash` keeps the old table then).
    pub fn try_new(mib: usize) -> Result<Table, String> {
        let count = (mib.max(1).saturating_mul(1024 * 1024) / ENTRY_BYTES).max(2) & !1;
        Table::try_new_entries(count)
            .ok_or_else(|| format!("cannot allocate {mib} MiB for the hash table"))
    }

    fn try_new_entries(count: usize) -> Option<Table> {
        Some(Table {
            entries: Entries::zeroed(count)?,
            age: AtomicU8::new(0),
        })
    }

    fn with_entries(count: usize) -> Table {
        let Some(entries) = Entries::zeroed(count) else {
            std::alloc::handle_alloc_error(
                std::alloc::Layout::array::<Entry>(count).expect("a small layout"),
            )
        };
        Table {
            entries,
            age: AtomicU8::new(0),
        }
    }

    /// Forgets everything (`ucinewgame`, `Clear Hash`): a fresh zeroed
    /// block costs no writes, however large the table.
    pub fn clear(&mut self) {
        let count = self.entries.len();
        // The old block goes first, so that the fresh one fits where it was.
        *self = Table::with_entries(2);
        *self = Table::try_new_entries(count).unwrap_or_else(|| {
            log::warn!("cannot allocate the hash table again; it keeps two entries");
            Table::with_entries(2)
        });
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
                let (score, eval, depth, bound, pv, _) = unpack(meta)?;
                return Some(Hit {
                    mv,
                    score,
                    eval,
                    depth,
                    bound,
                    pv,
                });
            }
        }
        None
    }

    /// Stores a result. Keeps the deeper of two results for the same
    /// position unless the new one is exact or from a newer search.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        mv: u64,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        pv: bool,
    ) {
        let age = self.age.load(Relaxed);
        let i = self.bucket(key);
        let (first, second) = (&self.entries[i], &self.entries[i + 1]);
        let slot = {
            let m = first.meta.load(Relaxed);
            let same = first.check.load(Relaxed) ^ first.mv.load(Relaxed) ^ m == key;
            match unpack(m) {
                None => first,
                Some((_, _, d, _, _, a)) if same || a != age || d <= depth => first,
                _ => second,
            }
        };
        let old_meta = slot.meta.load(Relaxed);
        let old_mv = slot.mv.load(Relaxed);
        // A much shallower result for the same position (quiescence after a
        // deep search) keeps the deeper one, unless it is exact.
        if slot.check.load(Relaxed) ^ old_mv ^ old_meta == key {
            if let Some((_, _, d, _, _, a)) = unpack(old_meta) {
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
        let meta = pack(score, eval, depth, bound, pv, age);
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
        t.store(42, 7, -150, 30, 5, Bound::Lower, true);
        let hit = t.probe(42).unwrap();
        assert_eq!(
            (hit.mv, hit.score, hit.eval, hit.depth, hit.bound, hit.pv),
            (7, -150, 30, 5, Bound::Lower, true)
        );
        // A shallower result without a move keeps the move.
        t.store(42, 0, 10, 30, 3, Bound::Exact, false);
        let hit = t.probe(42).unwrap();
        assert_eq!((hit.mv, hit.score, hit.depth, hit.pv), (7, 10, 3, false));
        assert_eq!(t.probe(43), None);
        assert!(t.hashfull() <= 1000);
    }

    #[test]
    fn a_large_table_starts_on_a_huge_page_and_is_empty() {
        let mut t = Table::new(8);
        let check = |t: &Table| {
            assert_eq!(t.entries.len(), (8 * 1024 * 1024 / ENTRY_BYTES) & !1);
            assert_eq!(t.entries.as_ptr() as usize % HUGE_PAGE, 0);
            let last = t.entries.last().expect("entries");
            assert_eq!(last.check.load(Relaxed) | last.meta.load(Relaxed), 0);
            assert_eq!(t.hashfull(), 0);
        };
        check(&t);
        for key in 0..10_000u64 {
            t.store(
                key.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                1,
                0,
                0,
                3,
                Bound::Exact,
                false,
            );
        }
        assert!(t.hashfull() > 0);
        t.clear();
        check(&t);
        // A small table is not padded to a huge page.
        assert_eq!(
            Table::new(1).entries.len(),
            (1024 * 1024 / ENTRY_BYTES) & !1
        );
    }

    #[test]
    fn clear_forgets() {
        let mut t = Table::new(1);
        t.store(99, 1, 0, 0, 1, Bound::Exact, false);
        t.clear();
        assert_eq!(t.probe(99), None);
    }

    #[test]
    fn packing_round_trips_extremes() {
        for (score, depth, pv) in [(-32000, 0, true), (32000, 200, false), (0, -1, true)] {
            let m = pack(score, -5, depth, Bound::Upper, pv, 255);
            assert_eq!(unpack(m), Some((score, -5, depth, Bound::Upper, pv, 255)));
        }
    }
}
