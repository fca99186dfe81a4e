//! `gas-generate --seed S [--count N] --out DIR`: writes
//! `DIR/rand_<S>_<i>.cl` and `.spec` for i in 0..N (see `gas_generate::gen`).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

/// Deterministic random OpenCL C 2.0 kernels exercising generic pointers,
/// with specs for tests/execution/run.sh.
#[derive(Parser)]
#[command(name = "gas-generate")]
struct Args {
    /// Seed: the same seed always gives the same programs.
    #[arg(long)]
    seed: u64,
    /// Number of programs (indices 0..count).
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// First index (programs start..start+count).
    #[arg(long, default_value_t = 0)]
    start: u64,
    /// Output directory (created if missing).
    #[arg(long)]
    out: PathBuf,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        eprintln!("gas-generate: {}: {e}", args.out.display());
        return ExitCode::FAILURE;
    }
    for i in args.start..args.start + args.count {
        let p = gas_generate::gen::generate(args.seed, i);
        for (ext, text) in [("cl", &p.source), ("spec", &p.spec)] {
            let path = args.out.join(format!("{}.{ext}", p.name));
            if let Err(e) = std::fs::write(&path, text) {
                eprintln!("gas-generate: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
