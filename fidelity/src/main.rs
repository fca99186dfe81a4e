//! `gas-fidelity --mode same|rewritten INPUT.ll OUTPUT.ll`: prints one line
//! per difference (`<what>: <detail>`) and the notes (`note: ...`); exits 1
//! if any difference, 0 if none, 2 on a usage, read or parse error.

use clap::{Parser, ValueEnum};
use gas_fidelity::{check_text, Error, Mode};
use std::path::PathBuf;
use std::process::ExitCode;

/// Compare an LLVM IR module after gas-opt with the module before it, both
/// normalized by `opt -S`, for what a runtime or backend reads.
#[derive(Parser)]
#[command(name = "gas-fidelity")]
struct Cli {
    /// `same`: the output is the input up to value names; `rewritten`: the
    /// output is gas's rewrite of it; `flat-input`: gas's rewrite of a flat
    /// input (`--flat-input`), whose global variables regain spaces.
    #[arg(long, value_enum)]
    mode: CliMode,
    /// The module before gas-opt.
    input: PathBuf,
    /// The module after gas-opt.
    output: PathBuf,
}

#[derive(Clone, Copy, ValueEnum)]
enum CliMode {
    Same,
    Rewritten,
    FlatInput,
}

fn read(path: &PathBuf) -> Result<String, Error> {
    std::fs::read_to_string(path).map_err(|source| Error::Read {
        path: path.display().to_string(),
        source,
    })
}

fn run(cli: &Cli) -> Result<bool, Error> {
    let mode = match cli.mode {
        CliMode::Same => Mode::Same,
        CliMode::Rewritten => Mode::Rewritten,
        CliMode::FlatInput => Mode::FlatInput,
    };
    let input = read(&cli.input)?;
    let output = read(&cli.output)?;
    let (a, b) = (
        cli.input.display().to_string(),
        cli.output.display().to_string(),
    );
    let report = check_text(mode, (&a, &input), (&b, &output))?;
    for d in &report.differences {
        println!("{d}");
    }
    for n in &report.notes {
        println!("note: {n}");
    }
    Ok(report.differences.is_empty())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            let mut msg = format!("gas-fidelity: {e}");
            let mut source = std::error::Error::source(&e);
            while let Some(s) = source {
                msg.push_str(&format!(": {s}"));
                source = s.source();
            }
            eprintln!("{msg}");
            ExitCode::from(2)
        }
    }
}
