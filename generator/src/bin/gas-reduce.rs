//! `gas-reduce --test CMD [--max-tests N] [-o OUT] FILE`: reduces FILE with
//! the brace-aware line reducer (`gas_generate::reduce`). Each candidate is
//! written to `WORK/<file name of FILE>` and `bash -c 'CMD "$1"'` is run
//! with that path: exit status 0 means "still interesting".

use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};

use clap::Parser;
use gas_generate::reduce::Reducer;

/// Reduce a program while a test command still says it is interesting.
#[derive(Parser)]
#[command(name = "gas-reduce")]
struct Args {
    /// Shell command; the candidate's path is appended as its last argument.
    #[arg(long)]
    test: String,
    /// Stop after this many candidates.
    #[arg(long, default_value_t = 300)]
    max_tests: usize,
    /// Directory for the candidates (default: a fresh directory in $TMPDIR).
    #[arg(long)]
    work: Option<PathBuf>,
    /// Where to write the result (default: stdout).
    #[arg(short = 'o', long)]
    out: Option<PathBuf>,
    /// The program to reduce (must be interesting).
    file: PathBuf,
}

fn run_test(cmd: &str, path: &std::path::Path) -> bool {
    Command::new("bash")
        .arg("-c")
        .arg(format!("{cmd} \"$1\""))
        .arg("gas-reduce-test")
        .arg(path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

fn main() -> ExitCode {
    let args = Args::parse();
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("gas-reduce: {}: {e}", args.file.display());
            return ExitCode::FAILURE;
        }
    };
    let work = args
        .work
        .clone()
        .unwrap_or_else(|| std::env::temp_dir().join(format!("gas-reduce.{}", std::process::id())));
    if let Err(e) = std::fs::create_dir_all(&work) {
        eprintln!("gas-reduce: {}: {e}", work.display());
        return ExitCode::FAILURE;
    }
    let cand = work.join(args.file.file_name().expect("a file name"));
    let write_and_test = |t: &str| std::fs::write(&cand, t).is_ok() && run_test(&args.test, &cand);
    if !write_and_test(&text) {
        eprintln!("gas-reduce: the original program is not interesting to the test");
        return ExitCode::FAILURE;
    }
    let mut r = Reducer::new(write_and_test, args.max_tests);
    let result = r.reduce(&text);
    eprintln!(
        "gas-reduce: {} -> {} lines, {} candidates tested, {} kept",
        text.lines().count(),
        result.lines().count(),
        r.stats.tests,
        r.stats.accepted
    );
    let written = match &args.out {
        Some(o) => std::fs::write(o, &result).map_err(|e| format!("{}: {e}", o.display())),
        None => {
            print!("{result}");
            Ok(())
        }
    };
    if args.work.is_none() {
        let _ = std::fs::remove_dir_all(&work);
    }
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gas-reduce: {e}");
            ExitCode::FAILURE
        }
    }
}
