//! Bakes the chess slider attack tables into the binary, so the hot path
//! reads plain statics with no lazy initialisation check; and the
//! evaluation weights of chess and the seed games, from the
//! weights files of [`BAKED_WEIGHTS`] (which `arcana tune-eval --variant
//! GAME` writes), so that the compiler folds them into the evaluation.
//!
//! With BMI2 (e.g. `-C target-cpu=native` on a recent x86-64) the tables are
//! indexed by PEXT; otherwise by fancy magic multiplication. Both layouts
//! give each square `2^popcount(mask)` slots, so the table sizes are equal.

#[path = "src/chess/slider_gen.rs"]
mod slider_gen;

use slider_gen::{find_magic, pdep, relevant_mask, slide, BISHOP_DIRS, ROOK_DIRS};
use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/chess/slider_gen.rs");
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let use_pext = features.split(',').any(|f| f == "bmi2");
    let big_endian = std::env::var("CARGO_CFG_TARGET_ENDIAN").as_deref() == Ok("big");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let mut meta = String::new();
    let mut seed = 0x1234_5678_9ABC_DEF1u64;
    for (name, dirs) in [("ROOK", &ROOK_DIRS), ("BISHOP", &BISHOP_DIRS)] {
        let mut table: Vec<u64> = Vec::new();
        let mut entries = Vec::new();
        for sq in 0..64 {
            let mask = relevant_mask(sq, dirs);
            let bits = mask.count_ones();
            let offset = table.len();
            table.resize(offset + (1 << bits), 0);
            let magic = if use_pext {
                for i in 0..(1u64 << bits) {
                    table[offset + i as usize] = slide(sq, pdep(i, mask), dirs);
                }
                0
            } else {
                let magic = find_magic(sq, mask, dirs, &mut seed);
                for i in 0..(1u64 << bits) {
                    let occ = pdep(i, mask);
                    let idx = (occ.wrapping_mul(magic) >> (64 - bits)) as usize;
                    table[offset + idx] = slide(sq, occ, dirs);
                }
                magic
            };
            entries.push(format!(
                "SliderEntry {{ mask: {mask:#018x}, magic: {magic:#018x}, offset: {offset}, shift: {} }}",
                64 - bits
            ));
        }
        let bytes: Vec<u8> = table
            .iter()
            .flat_map(|w| {
                if big_endian {
                    w.to_be_bytes()
                } else {
                    w.to_le_bytes()
                }
            })
            .collect();
        std::fs::write(
            Path::new(&out).join(format!("{}_attacks.bin", name.to_lowercase())),
            bytes,
        )
        .expect("write table");
        writeln!(
            meta,
            "pub(crate) const {name}_TABLE_LEN: usize = {};",
            table.len()
        )
        .unwrap();
        writeln!(
            meta,
            "pub(crate) static {name}_ENTRIES: [SliderEntry; 64] = ["
        )
        .unwrap();
        for e in entries {
            writeln!(meta, "    {e},").unwrap();
        }
        writeln!(meta, "];").unwrap();
    }
    std::fs::write(Path::new(&out).join("slider_meta.rs"), meta).expect("write meta");
    let out = Path::new(&out);
    for (file, code) in BAKED_WEIGHTS {
        println!("cargo:rerun-if-changed={file}");
        weights_file(out, file, code);
    }
}

/// The weights files baked into the binary, each with the code it becomes
/// (in `OUT_DIR`; each game's `weights.rs` includes its own).
const BAKED_WEIGHTS: [(&str, &str); 5] = [
    ("src/chess/chess.weights", "chess_weights.rs"),
    ("src/vanguard/vanguard.weights", "vanguard_weights.rs"),
    (
        "src/advancedwizard/advancedwizard.weights",
        "advancedwizard_weights.rs",
    ),
    ("src/magician/magician.weights", "magician_weights.rs"),
    (
        "src/parallelworlds/parallelworlds.weights",
        "parallelworlds_weights.rs",
    ),
];

/// Writes `code` (in `OUT_DIR`): the weights of the weights file `file`
/// (each of [`BAKED_WEIGHTS`]) in the file's order, with their names and the
/// `rules` line, which a test of each game checks against its evaluation's
/// own (a file fitted for other terms fails it).
fn weights_file(out: &Path, file: &str, code: &str) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("read {file}: {e}"));
    let short = Path::new(file).file_name().unwrap().to_string_lossy();
    let mut rules = None;
    let mut names = String::new();
    let mut values = String::new();
    let mut count = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[0] {
            "game" => continue,
            "rules" => {
                rules = Some(u64::from_str_radix(words[1], 16).expect("a rules hash"));
                continue;
            }
            _ => {}
        }
        let bad = || panic!("{file}, line {}: expected 'NAME MG EG'", n + 1);
        if words.len() < 3 {
            bad();
        }
        let [mg, eg] = [words[words.len() - 2], words[words.len() - 1]]
            .map(|w| w.parse::<i32>().unwrap_or_else(|_| bad()));
        writeln!(names, "    {:?},", words[..words.len() - 2].join(" ")).unwrap();
        writeln!(values, "    [{mg}, {eg}],").unwrap();
        count += 1;
    }
    let rules = rules.unwrap_or_else(|| panic!("a 'rules' line in {file}"));
    let text = format!(
        "/// The `rules` line of `{short}`.\n\
         #[cfg_attr(not(test), allow(dead_code))]\n\
         pub(super) const RULES: u64 = {rules:#018x};\n\
         /// Each weight's name, as `{short}` writes it.\n\
         #[cfg_attr(not(test), allow(dead_code))]\n\
         pub(super) static NAMES: [&str; {count}] = [\n{names}];\n\
         /// Every weight, in the order of `eval::param`.\n\
         pub(super) static WEIGHTS: [[i32; 2]; {count}] = [\n{values}];\n"
    );
    std::fs::write(out.join(code), text).unwrap_or_else(|e| panic!("write {code}: {e}"));
}
