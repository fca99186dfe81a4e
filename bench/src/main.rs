//! `gas-bench`: compile speed and peak memory of `gas-opt --pipeline O2`
//! (release default: verified at the end; and `--verify-each 1`) and
//! `--pipeline O0` against `mlir-opt --canonicalize` on the same generated
//! modules, and `opt -passes=infer-address-spaces` (what users would run
//! otherwise) on the same module as LLVM IR with NVPTX numbering; at each
//! size, interleaved, several runs each; plus O2's step breakdown
//! (`gas-opt --timing`). Writes `docs/performance.md` (tables, commands,
//! machine) and `docs/performance.svg` (time against module size), and
//! checks that O2's output is the same with MLIR's multithreading on and off.
//! Before that, the small programs (`small.rs`): the whole `gas-opt` process
//! against `opt -O2` on the OpenCL test kernels compiled by clang
//! (`--small-only`, `--no-small`).
//!
//! Run it through `scripts/bench.sh`, which builds the release binaries first.

mod generate;
mod plot;
mod small;

use clap::Parser;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "gas-bench",
    about = "Benchmark gas-opt against mlir-opt --canonicalize"
)]
struct Cli {
    /// Module sizes, in operations.
    #[arg(long, value_delimiter = ',', default_value = "150000,600000")]
    sizes: Vec<usize>,
    /// Runs of each tool at each size (the median is reported).
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// gas-opt to measure (default: next to this binary).
    #[arg(long)]
    gas_opt: Option<PathBuf>,
    /// mlir-opt to compare with.
    #[arg(long, default_value = "/usr/lib/llvm-22/bin/mlir-opt")]
    mlir_opt: PathBuf,
    /// The LLVM 22 tools (mlir-translate, opt) for the LLVM IR comparison.
    #[arg(long, default_value = "/usr/lib/llvm-22/bin")]
    llvm_bin: PathBuf,
    /// Where the report and the plot go.
    #[arg(long, default_value = "docs")]
    out: PathBuf,
    /// Only print the generated module of about this many operations (for
    /// profiling one tool on it) and exit.
    #[arg(long)]
    print_module: Option<usize>,
    /// With --print-module: the module numbered for NVPTX, as the NVPTX
    /// rows measure it.
    #[arg(long, requires = "print_module")]
    nvptx: bool,
    /// Only the small-programs section (the generated modules are skipped;
    /// the report's other sections are kept as they are).
    #[arg(long, conflicts_with = "no_small")]
    small_only: bool,
    /// Skip the small-programs section (the report keeps the last one).
    #[arg(long)]
    no_small: bool,
    /// Rounds over the small-programs corpus (the median is reported).
    #[arg(long, default_value_t = 3)]
    small_rounds: usize,
    /// Directories whose `.cl` files are the small-programs corpus.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "tests/programs,tests/execution/kernels"
    )]
    small_corpus: Vec<PathBuf>,
}

/// One tool's command line, the input file appended.
struct Tool {
    label: &'static str,
    program: PathBuf,
    arguments: Vec<&'static str>,
    /// Which form of the module it reads.
    input: ModuleForm,
}

/// The forms of one generated module.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ModuleForm {
    /// MLIR, SPIR numbering (generic 4).
    Spir,
    /// MLIR, NVPTX numbering (generic 0, PTX kernel).
    Nvptx,
    /// LLVM IR numbered for NVPTX.
    LlvmIr,
}

impl ModuleForm {
    /// The label of the tool whose time those on this form are divided by.
    fn reference(self) -> &'static str {
        match self {
            Self::Nvptx => NVPTX_REFERENCE,
            Self::Spir | Self::LlvmIr => REFERENCE,
        }
    }

    fn file_name(self) -> &'static str {
        match self {
            Self::Spir => "FILE.mlir",
            Self::Nvptx => "FILE.nvptx.mlir",
            Self::LlvmIr => "FILE.ll",
        }
    }
}

/// The label of the reference every time is divided by.
const REFERENCE: &str = "mlir-opt --canonicalize";
/// The reference of the tools on the NVPTX-numbered module.
const NVPTX_REFERENCE: &str = "mlir-opt --canonicalize (NVPTX numbering)";

/// The generated module as LLVM IR, numbered for NVPTX (generic 0; global 1
/// and local 3 are the same as SPIR's), so that InferAddressSpaces, which
/// only acts on targets with a flat space, has work to do.
fn llvm_ir_form(llvm_bin: &Path, mlir: &Path) -> Result<String, String> {
    let output = Command::new(llvm_bin.join("mlir-translate"))
        .arg("--mlir-to-llvmir")
        .arg(mlir)
        .output()
        .map_err(|error| format!("cannot run mlir-translate: {error}"))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    let text = String::from_utf8_lossy(&output.stdout).replace("ptr addrspace(4)", "ptr");
    Ok(format!("target triple = \"nvptx64-nvidia-cuda\"\n{text}"))
}

/// O2's wall time per activity (`gas-opt --timing`), in its order.
fn o2_steps(gas_opt: &Path, file: &Path) -> Result<Vec<(String, f64)>, String> {
    let output = Command::new(gas_opt)
        .args(["--pipeline", "O2", "--timing"])
        .arg(file)
        .stdout(Stdio::null())
        .output()
        .map_err(|error| format!("cannot run gas-opt: {error}"))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    Ok(String::from_utf8_lossy(&output.stderr)
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let seconds: f64 = words.next()?.parse().ok()?;
            let _share = words.next()?;
            let activity = words.next()?;
            (activity != "total").then(|| (activity.to_string(), seconds))
        })
        .collect())
}

struct Sample {
    seconds: f64,
    max_rss_kib: i64,
}

/// Runs `program arguments [file]`, output discarded; wall time and peak
/// RSS. A failure names the tool, the file and what the tool said.
fn measure(tool: &Tool, file: Option<&Path>) -> Result<Sample, String> {
    let start = Instant::now();
    let mut child = Command::new(&tool.program)
        .args(&tool.arguments)
        .args(file)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| format!("cannot run {}: {error}", tool.program.display()))?;
    // Drained before the wait: a child that fills the pipe would block.
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        // A read error only loses the message; the exit status still counts.
        let _ = pipe.read_to_string(&mut stderr);
    }
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value to be overwritten.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: pid is our child, not yet reaped; status and usage are valid.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let seconds = start.elapsed().as_secs_f64();
    if reaped != pid || !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
        let code = if reaped == pid && libc::WIFEXITED(status) {
            format!("exit {}", libc::WEXITSTATUS(status))
        } else {
            format!("wait status {status}")
        };
        return Err(format!(
            "{} failed ({code}) on {}: `{} {} {}`{}{}",
            tool.label,
            file.map_or_else(|| "no input".into(), |file| file.display().to_string()),
            tool.program.display(),
            tool.arguments.join(" "),
            file.map_or_else(String::new, |file| file.display().to_string()),
            if stderr.trim().is_empty() { "" } else { "\n" },
            stderr.trim_end()
        ));
    }
    Ok(Sample {
        seconds,
        max_rss_kib: usage.ru_maxrss,
    })
}

/// One tool at one size: median seconds, median ratio to the reference
/// within a run, and the peak resident memory over the runs.
#[derive(Clone, Copy)]
struct Measured {
    seconds: f64,
    ratio: f64,
    peak_kib: i64,
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    if values.len() % 2 == 1 {
        values[middle]
    } else {
        (values[middle - 1] + values[middle]) / 2.0
    }
}

/// The output of `gas-opt --pipeline O2` on `file`, with `extra` arguments.
fn o2_output(gas_opt: &Path, file: &Path, extra: &[&str]) -> Result<Vec<u8>, String> {
    let output = Command::new(gas_opt)
        .args(["--pipeline", "O2"])
        .args(extra)
        .arg(file)
        .output()
        .map_err(|error| format!("cannot run gas-opt: {error}"))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    Ok(output.stdout)
}

fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let memory = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|line| line.starts_with("MemTotal:"))
                .map(|line| line.trim_start_matches("MemTotal:").trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into());
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|line| line.starts_with("model name"))
                .and_then(|line| line.split_once(':'))
                .map(|(_, name)| name.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into());
    format!("{cores} cores ({cpu}), {memory} of memory")
}

/// Where `docs/performance.md`'s hand-run GPU section begins.
const GPU_HEADING: &str = "## GPU runs";

/// Where `heading` starts a line of `text`.
fn find_heading(text: &str, heading: &str) -> Option<usize> {
    if text.starts_with(heading) {
        return Some(0);
    }
    text.find(&format!("\n{heading}")).map(|start| start + 1)
}

/// `docs/performance.md` in its three parts, each regenerated on its own:
/// the generated modules (up to the small programs), the small programs
/// (up to the GPU runs) and the hand-made rest (from the GPU runs on, run
/// on another machine: tests/targets/gpu), kept as it is.
struct Document {
    modules: String,
    small: String,
    hand_made: String,
}

impl Document {
    fn split(text: &str) -> Document {
        let (generated, hand_made) = match find_heading(text, GPU_HEADING) {
            Some(start) => text.split_at(start),
            None => (text, ""),
        };
        let (modules, small) = match find_heading(generated, small::HEADING) {
            Some(start) => generated.split_at(start),
            None => (generated, ""),
        };
        Document {
            modules: modules.to_string(),
            small: small.to_string(),
            hand_made: hand_made.to_string(),
        }
    }

    fn join(&self) -> String {
        let mut text = [&self.modules, &self.small, &self.hand_made]
            .iter()
            .map(|part| part.trim_end())
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join("\n\n");
        text.push('\n');
        text
    }
}

fn main() -> ExitCode {
    match run(&Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // Display, not Debug: a failing tool's stderr keeps its lines.
            eprintln!("gas-bench: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: &Cli) -> Result<(), String> {
    if let Some(size) = cli.print_module {
        let module = generate::module(size);
        if cli.nvptx {
            print!("{}", generate::nvptx_form(&module));
        } else {
            print!("{module}");
        }
        return Ok(());
    }
    let gas_opt = match cli.gas_opt.clone() {
        Some(path) => path,
        None => std::env::current_exe()
            .map_err(|error| error.to_string())?
            .with_file_name("gas-opt"),
    };
    std::fs::create_dir_all(&cli.out).map_err(|error| error.to_string())?;
    let path = cli.out.join("performance.md");
    let mut document = Document::split(&std::fs::read_to_string(&path).unwrap_or_default());
    // The small programs first: they are quicker and stop a run whose
    // gas-opt fails before the long part.
    if !cli.no_small {
        document.small = small::section(small::Config {
            gas_opt: &gas_opt,
            llvm_bin: &cli.llvm_bin,
            corpus: &cli.small_corpus,
            rounds: cli.small_rounds,
        })?;
        print!("{}", document.small);
    }
    let mut threading_same = true;
    if !cli.small_only {
        let (modules, same) = generated_modules(cli, &gas_opt)?;
        print!("{modules}");
        document.modules = modules;
        threading_same = same;
    }
    std::fs::write(&path, document.join()).map_err(|error| error.to_string())?;
    if !threading_same {
        return Err("O2 output differs with MLIR multithreading off".into());
    }
    Ok(())
}

/// The generated modules: every tool at every size, O2's steps, the plot
/// (written to `performance.svg`); the report's first part and whether O2's
/// output is the same with MLIR's multithreading on and off.
fn generated_modules(cli: &Cli, gas_opt: &Path) -> Result<(String, bool), String> {
    let tools = [
        Tool {
            label: "gas-opt O2",
            program: gas_opt.to_path_buf(),
            arguments: vec!["--pipeline", "O2"],
            input: ModuleForm::Spir,
        },
        Tool {
            label: "gas-opt O2 --verify-each 1",
            program: gas_opt.to_path_buf(),
            arguments: vec!["--pipeline", "O2", "--verify-each", "1"],
            input: ModuleForm::Spir,
        },
        Tool {
            label: "gas-opt O0",
            program: gas_opt.to_path_buf(),
            arguments: vec!["--pipeline", "O0"],
            input: ModuleForm::Spir,
        },
        Tool {
            label: REFERENCE,
            program: cli.mlir_opt.clone(),
            arguments: vec!["--canonicalize"],
            input: ModuleForm::Spir,
        },
        Tool {
            label: "opt -passes=infer-address-spaces",
            program: cli.llvm_bin.join("opt"),
            arguments: vec!["-S", "-passes=infer-address-spaces"],
            input: ModuleForm::LlvmIr,
        },
        Tool {
            label: "gas-opt O2 --target nvptx",
            program: gas_opt.to_path_buf(),
            arguments: vec!["--pipeline", "O2", "--target", "nvptx"],
            input: ModuleForm::Nvptx,
        },
        Tool {
            label: NVPTX_REFERENCE,
            program: cli.mlir_opt.clone(),
            arguments: vec!["--canonicalize"],
            input: ModuleForm::Nvptx,
        },
    ];
    let directory = tempfile::tempdir().map_err(|error| error.to_string())?;
    // rows[size] = (operations, per tool: median seconds, ratio, peak KiB)
    let mut rows = Vec::new();
    let mut steps = Vec::new();
    for &size in &cli.sizes {
        let text = generate::module(size);
        let operations = generate::count_operations(&text);
        let file = directory.path().join(format!("module-{size}.mlir"));
        std::fs::write(&file, &text).map_err(|error| error.to_string())?;
        let nvptx_file = directory.path().join(format!("module-{size}.nvptx.mlir"));
        std::fs::write(&nvptx_file, generate::nvptx_form(&text))
            .map_err(|error| error.to_string())?;
        let llvm_file = directory.path().join(format!("module-{size}.ll"));
        std::fs::write(&llvm_file, llvm_ir_form(&cli.llvm_bin, &file)?)
            .map_err(|error| error.to_string())?;
        steps.push((operations, o2_steps(gas_opt, &file)?));
        let mut times = vec![Vec::new(); tools.len()];
        let mut peaks = vec![0i64; tools.len()];
        // Interleaved: each run measures every tool once, in turn.
        for run in 0..cli.runs {
            for (index, tool) in tools.iter().enumerate() {
                let input = match tool.input {
                    ModuleForm::Spir => &file,
                    ModuleForm::Nvptx => &nvptx_file,
                    ModuleForm::LlvmIr => &llvm_file,
                };
                let sample = measure(tool, Some(input))?;
                eprintln!(
                    "size {operations:>8} run {run}: {:<24} {:>8.3} s {:>8} KiB",
                    tool.label, sample.seconds, sample.max_rss_kib
                );
                times[index].push(sample.seconds);
                peaks[index] = peaks[index].max(sample.max_rss_kib);
            }
        }
        // Against the reference run by run: the tools of one run ran back to
        // back, so a slower or faster machine moment weighs on both.
        let reference_of = |tool: &Tool| {
            tools
                .iter()
                .position(|other| other.label == tool.input.reference())
                .unwrap_or(0)
        };
        let medians: Vec<Measured> = tools
            .iter()
            .zip(times.iter())
            .zip(peaks.iter())
            .map(|((tool, samples), peak)| Measured {
                ratio: median(
                    samples
                        .iter()
                        .zip(&times[reference_of(tool)])
                        .map(|(time, reference)| time / reference)
                        .collect(),
                ),
                seconds: median(samples.clone()),
                peak_kib: *peak,
            })
            .collect();
        rows.push((operations, medians));
    }
    // Same output with and without MLIR's multithreading (smallest module).
    let smallest = directory.path().join(format!(
        "module-{}.mlir",
        cli.sizes.first().copied().unwrap_or(0)
    ));
    let threaded = o2_output(gas_opt, &smallest, &[])?;
    let single = o2_output(gas_opt, &smallest, &["--mlir-disable-threading"])?;
    let threading_same = threaded == single;

    let report = report(cli, &tools, &rows, &steps, threading_same);
    let series: Vec<(&str, Vec<(f64, f64)>)> = tools
        .iter()
        .enumerate()
        .map(|(index, tool)| {
            let points = rows
                .iter()
                .map(|(operations, medians)| (*operations as f64, medians[index].seconds))
                .collect();
            (tool.label, points)
        })
        .collect();
    std::fs::write(cli.out.join("performance.svg"), plot::svg(&series))
        .map_err(|error| error.to_string())?;
    Ok((report, threading_same))
}

/// O2's step breakdown: one column per size.
fn steps_table(steps: &[(usize, Vec<(String, f64)>)]) -> String {
    let mut text = String::from("| activity |");
    for (operations, _) in steps {
        text.push_str(&format!(" {operations} ops (s) |"));
    }
    text.push_str("\n|---|");
    for _ in steps {
        text.push_str("---:|");
    }
    text.push('\n');
    let Some((_, first)) = steps.first() else {
        return text;
    };
    for (activity, _) in first {
        text.push_str(&format!("| {activity} |"));
        for (_, times) in steps {
            let seconds = times
                .iter()
                .find(|(name, _)| name == activity)
                .map_or(f64::NAN, |(_, seconds)| *seconds);
            text.push_str(&format!(" {seconds:.3} |"));
        }
        text.push('\n');
    }
    text.push_str("| **total** |");
    for (_, times) in steps {
        let total: f64 = times.iter().map(|(_, seconds)| seconds).sum();
        text.push_str(&format!(" **{total:.3}** |"));
    }
    text.push('\n');
    text
}

fn report(
    cli: &Cli,
    tools: &[Tool],
    rows: &[(usize, Vec<Measured>)],
    steps: &[(usize, Vec<(String, f64)>)],
    threading_same: bool,
) -> String {
    let mut text = String::new();
    text.push_str("# Performance\n\n");
    text.push_str("Generated by `scripts/bench.sh` (the `gas-bench` binary, `bench/`), ");
    text.push_str(&format!(
        "{} runs per tool and size, interleaved; median wall time, peak resident memory (max RSS) over the runs.\n\n",
        cli.runs
    ));
    text.push_str(&format!("Machine: {}.\n\n", machine()));
    text.push_str("Input: generated LLVM-dialect modules (`bench/src/generate.rs`): per function, generic pointers made from a global and a local pointer, a select between them, GEP chains, loads and stores, and calls to the previous function and to a helper taking a generic pointer (half the calls with a pointer of one space); a kernel on top.\n\n");
    text.push_str("Commands, on the same module: ");
    for tool in tools {
        text.push_str(&format!(
            "`{} {} {}`; ",
            tool.program
                .file_name()
                .and_then(|name| name.to_str())
                .unwrap_or("?"),
            tool.arguments.join(" "),
            tool.input.file_name()
        ));
    }
    text.push_str("output to /dev/null. `FILE.ll` is the module translated by `mlir-translate --mlir-to-llvmir` with generic pointers renumbered to NVPTX's space 0 and an NVPTX triple (InferAddressSpaces needs a target with a flat space). `FILE.nvptx.mlir` is the same MLIR module numbered for NVPTX (generic pointers in space 0, a PTX kernel, C calling conventions), on which a hardware-flat target's O2 emits no switches.\n\n");
    text.push_str("`× canonicalize` is the median over the runs of the time against `mlir-opt --canonicalize`'s on the same form of the module in the same run (the tools of a run run back to back, so a slow moment of a shared machine weighs on both); peak memory likewise against canonicalize's.\n\n");
    text.push_str("| operations | tool | median time (s) | operations/s | × canonicalize | peak memory (MiB) | memory × canonicalize |\n");
    text.push_str("|---:|---|---:|---:|---:|---:|---:|\n");
    for (operations, medians) in rows {
        for (tool, measured) in tools.iter().zip(medians) {
            let reference_peak = tools
                .iter()
                .position(|other| other.label == tool.input.reference())
                .and_then(|reference| medians.get(reference))
                .map_or(f64::NAN, |m| m.peak_kib as f64);
            text.push_str(&format!(
                "| {operations} | {} | {:.3} | {:.0} | {:.2} | {:.1} | {:.2} |\n",
                tool.label,
                measured.seconds,
                *operations as f64 / measured.seconds,
                measured.ratio,
                measured.peak_kib as f64 / 1024.0,
                measured.peak_kib as f64 / reference_peak,
            ));
        }
    }
    text.push_str("\nO2 step by step (`gas-opt --pipeline O2 --timing`, one run; `read` is reading the file, `verify` MLIR's verifier and gas's rules on the input and the result):\n\n");
    text.push_str(&steps_table(steps));
    text.push_str("\nGrowth of the median time from one size to the next (the sizes grow 4×; linear cost is 4×):\n\n");
    text.push_str("| tool |");
    for window in rows.windows(2) {
        text.push_str(&format!(" {} → {} |", window[0].0, window[1].0));
    }
    text.push_str("\n|---|");
    for _ in rows.windows(2) {
        text.push_str("---:|");
    }
    text.push('\n');
    for (index, tool) in tools.iter().enumerate() {
        text.push_str(&format!("| {} |", tool.label));
        for window in rows.windows(2) {
            text.push_str(&format!(
                " {:.2}× |",
                window[1].1[index].seconds / window[0].1[index].seconds
            ));
        }
        text.push('\n');
    }
    text.push_str(&format!(
        "\nO2's output with MLIR multithreading on and off (`--mlir-disable-threading`), smallest module: {}.\n\n",
        if threading_same { "identical" } else { "DIFFERENT" }
    ));
    text.push_str("![time against module size](performance.svg)\n");
    text
}
