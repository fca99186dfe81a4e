//! Memory across compiles: an embedder that compiles many modules in one
//! process. Runs a pipeline on the same input `--runs` times through
//! [`gas_pipelines::process`] and prints the resident memory every quarter;
//! memory that keeps growing after the first quarter is a leak.
//!
//! `cargo run --release -p gas-pipelines --example repeat -- FILE
//! [--pipeline O2] [--runs 20000]` (docs/performance.md, "Memory across
//! compiles").

use clap::Parser;
use gas_pipelines::{process, Options, Pipeline};
use std::process::ExitCode;

#[derive(Parser)]
struct Arguments {
    /// The input (MLIR text, bytecode, or `.ll`).
    file: String,
    /// A preset, a step list, or a `builtin.module(...)` pass pipeline.
    #[arg(long, default_value = "O2")]
    pipeline: String,
    /// Compiles.
    #[arg(long, default_value_t = 20_000)]
    runs: u32,
}

/// Resident set size in kB (Linux), `None` where /proc is not there.
fn resident_kb() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4)
}

fn main() -> ExitCode {
    let arguments = Arguments::parse();
    let input = match std::fs::read(&arguments.file) {
        Ok(input) => input,
        Err(error) => {
            eprintln!("repeat: {}: {error}", arguments.file);
            return ExitCode::FAILURE;
        }
    };
    let parsed = if arguments.pipeline.starts_with("builtin.module(") {
        Pipeline::parse_pass_pipeline(&arguments.pipeline)
    } else {
        Pipeline::parse(&arguments.pipeline)
    };
    let pipeline = match parsed {
        Ok(pipeline) => pipeline,
        Err(error) => {
            eprintln!("repeat: {error}");
            return ExitCode::from(2);
        }
    };
    let options = Options {
        multithreading: false,
        ..Options::new(pipeline)
    };
    let quarter = (arguments.runs / 4).max(1);
    println!("runs resident_kB");
    for run in 1..=arguments.runs {
        if let Err(error) = process(&input, &arguments.file, &options) {
            eprintln!("repeat: run {run}: {error}");
            return ExitCode::FAILURE;
        }
        if run % quarter == 0 {
            match resident_kb() {
                Some(kb) => println!("{run} {kb}"),
                None => println!("{run} ?"),
            }
        }
    }
    ExitCode::SUCCESS
}
