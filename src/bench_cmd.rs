//! `arcana bench`: searches the variant's bench positions to a fixed depth.
//! The last line is `<nodes> nodes <nps> nps`; with one thread the node
//! count is deterministic, a signature of the search.

use clap::Args;
use std::process::ExitCode;
use variants::{Registry, Variant, VariantVisitor};

/// Arguments of `arcana bench`.
#[derive(Args, Debug, Clone)]
pub struct BenchArgs {
    /// Games from a variants.ini file.
    #[command(flatten)]
    pub files: crate::variants_cmd::VariantFiles,
    /// The game (any case).
    #[arg(long, default_value = "chess", value_parser = crate::variant_arg::VariantParser)]
    pub variant: String,
    /// Depth searched in every position.
    #[arg(long, allow_negative_numbers = true, short, default_value_t = engine::bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(i32).range(1..=64))]
    pub depth: i32,
    /// Search threads (the node count is deterministic only with 1).
    #[arg(long, allow_negative_numbers = true, short, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// Hash table size in MiB, fresh for every position.
    #[arg(long, allow_negative_numbers = true, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub hash: u32,
}

/// Runs the subcommand.
pub fn run(args: &BenchArgs) -> ExitCode {
    match Registry::current().visit(&args.variant, Runner(args)) {
        Ok(0) => ExitCode::SUCCESS,
        Ok(failed) => crate::exit::Failure::Check(format!(
            "{failed} bench position(s) were not searched to the end (see above): \
             the node count is no signature of the search"
        ))
        .report(),
        Err(e) => crate::exit::bad_input(e),
    }
}

struct Runner<'a>(&'a BenchArgs);

impl VariantVisitor for Runner<'_> {
    /// The positions not searched to the end.
    type Output = usize;

    fn visit<V: Variant>(self, game: V) -> usize {
        let a = self.0;
        let count = game.spec().bench_fens.len();
        let total = engine::bench(
            &game,
            a.depth,
            a.threads as usize,
            a.hash as usize,
            &mut |i, fen, r| {
                crate::outln!("position {}/{count} nodes {} : {fen}", i + 1, r.nodes);
            },
        );
        crate::outln!("time {} ms", total.elapsed.as_millis());
        crate::outln!("{} nodes {} nps", total.nodes, total.nps());
        total.failed
    }
}
