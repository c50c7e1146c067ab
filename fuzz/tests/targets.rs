//! The fuzz targets, one per parser of outside input. `cargo test` replays
//! each target's whole corpus (`tests/__fuzz__/<target>/corpus`) and tries
//! a thousand random inputs; `cargo bolero test -p arcana-fuzz --sanitizer
//! NONE -T 30s <target>` fuzzes one, guided by coverage (see
//! `fuzz/README.md`).

use std::time::Duration;

use fuzz::session::Dialect;
use fuzz::{games, session, texts};
use variants::advancedwizard::AdvancedWizard;
use variants::chess::Chess;
use variants::magician::Magician;
use variants::parallelworlds::ParallelWorlds;
use variants::vanguard::Vanguard;

/// A target over raw bytes.
macro_rules! target {
    ($name:ident, $body:expr) => {
        #[test]
        fn $name() {
            // The time limit covers the corpus too: it must be replayed whole.
            bolero::check!()
                .with_test_time(Duration::from_secs(600))
                .with_iterations(1000)
                .for_each(|bytes: &[u8]| $body(bytes));
        }
    };
}

target!(fen_chess, games::fen::<Chess>);
target!(fen_magician, games::fen::<Magician>);
target!(fen_vanguard, games::fen::<Vanguard>);
target!(fen_advancedwizard, games::fen::<AdvancedWizard>);
target!(fen_parallelworlds, games::fen::<ParallelWorlds>);

target!(moves_chess, games::moves::<Chess>);
target!(moves_magician, games::moves::<Magician>);
target!(moves_vanguard, games::moves::<Vanguard>);
target!(moves_advancedwizard, games::moves::<AdvancedWizard>);
target!(moves_parallelworlds, games::moves::<ParallelWorlds>);

target!(pgn, |bytes: &[u8]| {
    let (&which, rest) = bytes.split_first().unwrap_or((&0, &[]));
    match which % 5 {
        0 => games::pgn::<Chess>(rest),
        1 => games::pgn::<Magician>(rest),
        2 => games::pgn::<Vanguard>(rest),
        3 => games::pgn::<AdvancedWizard>(rest),
        _ => games::pgn::<ParallelWorlds>(rest),
    }
});

target!(uci_session, |bytes| session::session(bytes, Dialect::Uci));
target!(xboard_session, |bytes| session::session(
    bytes,
    Dialect::Xboard
));

target!(epd_suite, texts::epd);
target!(deck_list, texts::deck_list);
target!(openings, texts::openings);
target!(variants_ini, fuzz::defined::variants_ini);
target!(weights_file, fuzz::defined::weights_file);
