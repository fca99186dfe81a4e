//! Small programs: the whole `gas-opt` process on real-style OpenCL kernels
//! compiled by clang, against `opt -O2` on the same LLVM IR. On inputs this
//! small a run is start-up, the `.ll` import and the export more than the
//! pipeline itself, so this section measures what `gas-opt` costs a
//! compiler that calls it once per kernel.
//!
//! Corpus: every `.cl` of the given directories (`tests/programs/`,
//! `tests/execution/kernels/`), compiled as `tests/programs/run.sh` and
//! `tests/execution/run.sh` compile them, in both of their forms; a source
//! clang refuses is skipped and counted. Each round measures every program
//! with every tool in turn (interleaved), so a slow moment of the machine
//! weighs on all tools of that program alike.

use crate::{measure, median, ModuleForm, Tool};
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// Where `docs/performance.md`'s small-programs section begins.
pub const HEADING: &str = "## Small programs";

/// The target: gas-opt's whole O2 run against `opt -O2`'s, per program.
const TARGET_RATIO: f64 = 0.5;

/// What the section needs to know about the run.
#[derive(Clone, Copy)]
pub struct Config<'a> {
    pub gas_opt: &'a Path,
    /// The LLVM 22 tools (clang, opt).
    pub llvm_bin: &'a Path,
    /// Directories whose `.cl` files are the corpus.
    pub corpus: &'a [PathBuf],
    pub rounds: usize,
}

/// The two forms the test scripts compile a program into.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// clang -O0 -disable-O0-optnone, then opt sroa,mem2reg,instcombine,simplifycfg.
    Unoptimized,
    /// clang -O2 (helpers inlined).
    Inlined,
}

impl Form {
    const ALL: [Form; 2] = [Form::Unoptimized, Form::Inlined];

    fn name(self) -> &'static str {
        match self {
            Form::Unoptimized => "unoptimized",
            Form::Inlined => "inlined",
        }
    }
}

/// One program of the corpus as LLVM IR.
struct Program {
    /// `<directory>/<name>.cl (<form>)`, for messages and the report.
    name: String,
    form: Form,
    file: PathBuf,
    bytes: u64,
}

/// A source clang refused, with the first line it said.
struct Skipped {
    name: String,
    reason: String,
}

/// The first line of a tool's complaint, without opt's harmless warning that
/// it has no target machine for spir64.
fn first_error(stderr: &[u8]) -> String {
    String::from_utf8_lossy(stderr)
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.contains("failed to create target machine"))
        .unwrap_or("(no message)")
        .to_string()
}

/// Runs a command; its stderr's first line when it fails.
fn run(command: &mut Command) -> Result<(), String> {
    let output = command
        .output()
        .map_err(|error| format!("cannot run {:?}: {error}", command.get_program()))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(first_error(&output.stderr))
    }
}

/// Compiles `source` into `output` in `form`, with the test scripts' flags.
fn compile(llvm_bin: &Path, source: &Path, form: Form, output: &Path) -> Result<(), String> {
    let clang = || {
        let mut command = Command::new(llvm_bin.join("clang"));
        command.args([
            "-cc1",
            "-triple",
            "spir64",
            "-cl-std=CL2.0",
            "-finclude-default-header",
            "-emit-llvm",
        ]);
        command
    };
    match form {
        Form::Inlined => run(clang().arg("-O2").arg(source).arg("-o").arg(output)),
        Form::Unoptimized => {
            let raw = output.with_extension("O0.ll");
            run(clang()
                .args(["-O0", "-disable-O0-optnone"])
                .arg(source)
                .arg("-o")
                .arg(&raw))?;
            let result = run(Command::new(llvm_bin.join("opt"))
                .args(["-S", "-passes=sroa,mem2reg,instcombine,simplifycfg"])
                .arg(&raw)
                .arg("-o")
                .arg(output));
            // Best effort: the directory is temporary anyway.
            let _ = std::fs::remove_file(&raw);
            result
        }
    }
}

/// One compile job: a source in one form.
struct Job {
    source: PathBuf,
    /// `<directory>/<name>.cl`
    name: String,
    /// The output's file name: `<directory>-<name>.<form>.ll`.
    stem: String,
    form: Form,
}

/// The `.cl` files of `directories`, each in both forms, compiled into
/// `into` on every core; the programs in a fixed order and what was skipped.
fn compile_corpus(config: Config, into: &Path) -> Result<(Vec<Program>, Vec<Skipped>), String> {
    let mut jobs = Vec::new();
    for directory in config.corpus {
        let entries = std::fs::read_dir(directory).map_err(|error| {
            format!(
                "cannot read the corpus directory {} (run from the repository root): {error}",
                directory.display()
            )
        })?;
        let tag = directory.file_name().map_or_else(
            || "corpus".into(),
            |name| name.to_string_lossy().into_owned(),
        );
        let mut sources: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| path.extension().is_some_and(|extension| extension == "cl"))
            .collect();
        sources.sort();
        for source in sources {
            let Some(stem) = source.file_stem().map(|stem| stem.to_string_lossy()) else {
                continue;
            };
            for form in Form::ALL {
                jobs.push(Job {
                    name: format!("{tag}/{stem}.cl"),
                    stem: format!("{tag}-{stem}.{}", form.name()),
                    source: source.clone(),
                    form,
                });
            }
        }
    }
    if jobs.is_empty() {
        return Err("no .cl files in the small-programs corpus".into());
    }
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(index) else {
                    break;
                };
                let file = into.join(format!("{}.ll", job.stem));
                let result =
                    compile(config.llvm_bin, &job.source, job.form, &file).and_then(|()| {
                        std::fs::metadata(&file)
                            .map(|metadata| (file, metadata.len()))
                            .map_err(|error| error.to_string())
                    });
                // A poisoned lock still holds every pushed result.
                results
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push((index, result));
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(PoisonError::into_inner);
    results.sort_by_key(|(index, _)| *index);
    let mut programs = Vec::new();
    let mut skipped = Vec::new();
    for (index, result) in results {
        let Some(job) = jobs.get(index) else {
            continue;
        };
        let name = format!("{} ({})", job.name, job.form.name());
        match result {
            Ok((file, bytes)) => programs.push(Program {
                name,
                form: job.form,
                file,
                bytes,
            }),
            Err(reason) => skipped.push(Skipped { name, reason }),
        }
    }
    Ok((programs, skipped))
}

/// What a tool of the section reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Input {
    /// The program's LLVM IR.
    Program,
    /// `module {}`.
    Empty,
    /// Nothing (`--version`).
    Nothing,
}

/// One tool of the section.
struct Probe {
    tool: Tool,
    input: Input,
}

/// Indices into `probes()`: the two tools the target compares.
const O2: usize = 0;
const OPT: usize = 4;

fn probes(config: Config) -> Vec<Probe> {
    let gas = |label, pipeline| Tool {
        label,
        program: config.gas_opt.to_path_buf(),
        arguments: vec![
            "--pipeline",
            pipeline,
            "--emit",
            "llvm-ir",
            "-o",
            "/dev/null",
        ],
        input: ModuleForm::LlvmIr,
    };
    vec![
        Probe {
            tool: gas("gas-opt O2", "O2"),
            input: Input::Program,
        },
        Probe {
            tool: gas("gas-opt verify", "verify"),
            input: Input::Program,
        },
        Probe {
            tool: Tool {
                input: ModuleForm::Spir,
                ..gas("gas-opt verify, empty module", "verify")
            },
            input: Input::Empty,
        },
        Probe {
            tool: Tool {
                label: "gas-opt --version",
                program: config.gas_opt.to_path_buf(),
                arguments: vec!["--version"],
                input: ModuleForm::Spir,
            },
            input: Input::Nothing,
        },
        Probe {
            tool: Tool {
                label: "opt -O2",
                program: config.llvm_bin.join("opt"),
                arguments: vec!["-O2", "-o", "/dev/null"],
                input: ModuleForm::LlvmIr,
            },
            input: Input::Program,
        },
        Probe {
            tool: Tool {
                label: "opt --version",
                program: config.llvm_bin.join("opt"),
                arguments: vec!["--version"],
                input: ModuleForm::Spir,
            },
            input: Input::Nothing,
        },
    ]
}

/// The measurements: `seconds[tool][program][round]`, peak KiB per tool.
struct Measurements {
    seconds: Vec<Vec<Vec<f64>>>,
    peak_kib: Vec<i64>,
}

/// Runs the corpus and returns the section's Markdown (also for stdout).
pub fn section(config: Config) -> Result<String, String> {
    let directory = tempfile::tempdir().map_err(|error| error.to_string())?;
    let (programs, skipped) = compile_corpus(config, directory.path())?;
    if programs.is_empty() {
        return Err("clang compiled none of the small programs".into());
    }
    eprintln!(
        "small programs: {} compiled, {} skipped",
        programs.len(),
        skipped.len()
    );
    for skip in &skipped {
        eprintln!("small programs: skipped {}: {}", skip.name, skip.reason);
    }
    let empty = directory.path().join("empty.mlir");
    std::fs::write(&empty, "module {}\n").map_err(|error| error.to_string())?;
    let probes = probes(config);
    let rounds = config.rounds.max(1);
    let mut measured = Measurements {
        seconds: vec![vec![Vec::with_capacity(rounds); programs.len()]; probes.len()],
        peak_kib: vec![0; probes.len()],
    };
    for round in 0..rounds {
        for (index, program) in programs.iter().enumerate() {
            for (tool, probe) in probes.iter().enumerate() {
                let input = match probe.input {
                    Input::Program => Some(program.file.as_path()),
                    Input::Empty => Some(empty.as_path()),
                    Input::Nothing => None,
                };
                let sample = measure(&probe.tool, input)
                    .map_err(|error| format!("small program {}: {error}", program.name))?;
                measured.seconds[tool][index].push(sample.seconds);
                measured.peak_kib[tool] = measured.peak_kib[tool].max(sample.max_rss_kib);
            }
        }
        let total = |tool: usize| -> f64 {
            measured.seconds[tool]
                .iter()
                .filter_map(|samples| samples.last())
                .sum()
        };
        eprintln!(
            "small programs round {round}: {}",
            probes
                .iter()
                .enumerate()
                .map(|(tool, probe)| format!("{} {:.2} s", probe.tool.label, total(tool)))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Ok(render(config, &programs, &skipped, &probes, &measured))
}

/// Each round's total over the programs of `tool`, restricted to `keep`.
fn round_totals(
    measured: &Measurements,
    tool: usize,
    programs: &[Program],
    keep: impl Fn(&Program) -> bool,
) -> Vec<f64> {
    let rounds = measured.seconds[tool].first().map_or(0, Vec::len);
    (0..rounds)
        .map(|round| {
            measured.seconds[tool]
                .iter()
                .zip(programs)
                .filter(|(_, program)| keep(program))
                .filter_map(|(samples, _)| samples.get(round))
                .sum()
        })
        .collect()
}

/// The median over the rounds of `tool`'s round total against `opt -O2`'s.
fn ratio_to_opt(
    measured: &Measurements,
    tool: usize,
    programs: &[Program],
    keep: impl Fn(&Program) -> bool + Copy,
) -> f64 {
    let tool_totals = round_totals(measured, tool, programs, keep);
    let opt_totals = round_totals(measured, OPT, programs, keep);
    median(
        tool_totals
            .iter()
            .zip(&opt_totals)
            .map(|(tool, opt)| tool / opt)
            .collect(),
    )
}

/// The value at `fraction` (0..=1) of sorted `values` (nearest rank).
fn quantile(sorted: &[f64], fraction: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = (fraction * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn render(
    config: Config,
    programs: &[Program],
    skipped: &[Skipped],
    probes: &[Probe],
    measured: &Measurements,
) -> String {
    let count = programs.len();
    let rounds = measured.seconds[O2].first().map_or(0, Vec::len);
    let all = |_: &Program| true;
    let mut text = String::new();
    let _ = writeln!(text, "{HEADING}\n");
    let sources: Vec<String> = config
        .corpus
        .iter()
        .map(|directory| format!("`{}/*.cl`", directory.display()))
        .collect();
    let mean_kib =
        programs.iter().map(|program| program.bytes).sum::<u64>() as f64 / count as f64 / 1024.0;
    let _ = writeln!(
        text,
        "What a compiler pays for calling `gas-opt` once per kernel. Corpus: {}, compiled by clang 22 as `tests/programs/run.sh` and `tests/execution/run.sh` compile them (`clang -cc1 -triple spir64 -cl-std=CL2.0 -finclude-default-header -emit-llvm`), in both of their forms: inlined (`-O2`) and unoptimized (`-O0 -disable-O0-optnone`, then `opt -passes=sroa,mem2reg,instcombine,simplifycfg`). {count} LLVM IR files, {mean_kib:.1} KiB of text on average; {} skipped because clang refused them{}.\n",
        sources.join(" and "),
        skipped.len(),
        if skipped.is_empty() {
            String::new()
        } else {
            format!(
                " ({})",
                skipped
                    .iter()
                    .map(|skip| skip.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    );
    text.push_str("Commands, each run once per file and round, output to `/dev/null`:\n\n");
    for probe in probes {
        let program = probe
            .tool
            .program
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or("?");
        let input = match probe.input {
            Input::Program => " FILE.ll",
            Input::Empty => " EMPTY.mlir",
            Input::Nothing => "",
        };
        let _ = writeln!(
            text,
            "- {}: `{program} {}{input}`",
            probe.tool.label,
            probe.tool.arguments.join(" ")
        );
    }
    let _ = writeln!(
        text,
        "\n`EMPTY.mlir` is `module {{}}`. The gas-opt rows build on each other: `--version` is starting the process (loading the statically linked binary, running LLVM's and MLIR's static initialisers); the empty module adds the MLIR context, the dialects and an empty export; verify adds the `.ll` import and the program's parse, verification and export (the boundary alone); O2 adds the pipeline. `opt --version` is opt's own start-up, for comparison. {rounds} round{}; in each, every file runs every tool in turn (interleaved). Per tool: the median over the rounds of the round's total wall time, that divided by the number of files, the median over the rounds of the round's total against `opt -O2`'s, and the peak resident memory of one run over all runs.\n",
        if rounds == 1 { "" } else { "s" }
    );
    text.push_str("| tool | total (s) | mean per program (ms) | × opt -O2 | peak memory (MiB) |\n");
    text.push_str("|---|---:|---:|---:|---:|\n");
    for (tool, probe) in probes.iter().enumerate() {
        let total = median(round_totals(measured, tool, programs, all));
        let _ = writeln!(
            text,
            "| {} | {total:.3} | {:.1} | {:.2} | {:.1} |",
            probe.tool.label,
            total / count as f64 * 1000.0,
            ratio_to_opt(measured, tool, programs, all),
            measured.peak_kib[tool] as f64 / 1024.0,
        );
    }
    // Per program: the median over the rounds of O2's time against opt's.
    let mut per_program: Vec<(f64, &Program)> = measured.seconds[O2]
        .iter()
        .zip(&measured.seconds[OPT])
        .zip(programs)
        .map(|((gas, opt), program)| {
            let ratios = gas.iter().zip(opt).map(|(gas, opt)| gas / opt).collect();
            (median(ratios), program)
        })
        .collect();
    per_program.sort_by(|(left, _), (right, _)| left.total_cmp(right));
    let sorted: Vec<f64> = per_program.iter().map(|(ratio, _)| *ratio).collect();
    let met = sorted
        .iter()
        .filter(|ratio| **ratio <= TARGET_RATIO)
        .count();
    let by_form: Vec<String> = Form::ALL
        .iter()
        .map(|&form| {
            format!(
                "{} {:.2}×",
                form.name(),
                ratio_to_opt(measured, O2, programs, |program| program.form == form)
            )
        })
        .collect();
    let _ = writeln!(
        text,
        "\nTarget: gas-opt's whole O2 run at most {TARGET_RATIO}× `opt -O2`'s on each small program ({:.1} ms on average here). Met by {met} of {count} programs. gas-opt O2 against `opt -O2` per program (median over the rounds): median {:.2}×, 90th percentile {:.2}×, worst {:.2}× ({}); by form, corpus totals: {}.\n",
        TARGET_RATIO * median(round_totals(measured, OPT, programs, all)) / count as f64 * 1000.0,
        quantile(&sorted, 0.5),
        quantile(&sorted, 0.9),
        sorted.last().copied().unwrap_or(f64::NAN),
        per_program
            .last()
            .map_or("none", |(_, program)| program.name.as_str()),
        by_form.join(", ")
    );
    text
}
