//! `gas-opt`: resolves generic address space pointers in MLIR files, with
//! mlir-opt's habits. Exit 0 on success, 1 on errors in the input, 2 on usage
//! errors; the output file is written only on success.

use clap::{Parser, ValueEnum};
use gas_dialect::AddressSpaceMap;
use gas_pipelines::registry::{gas_pass_names, known_names};
use gas_pipelines::{
    driver, ClosedWorld, Emit, InputFormat, Options, Pipeline, RemarkKind, UnknownSpace,
    DEFAULT_PIPELINE,
};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, ValueEnum)]
enum EmitArg {
    Mlir,
    LlvmIr,
    LlvmBc,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum TargetArg {
    /// SPIR: generic 4, tagged generic pointers; no backend contract.
    Spir,
    /// SPIR for Intel IGC: as `spir`, and a function marked
    /// private-in-global (an LLVM function attribute) gets its private memory
    /// in the global buffer.
    SpirIgc,
    /// NVPTX: generic 0, flat; `to_*` are `llvm.nvvm.isspacep.*`.
    Nvptx,
    /// AMDGPU: flat 0; `to_*` are `llvm.amdgcn.is.shared/is.private`.
    Amdgpu,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum BuiltinsArg {
    /// Keep the generic call (the library decodes tags).
    Generic,
    /// Switch on the space and call the named overloads.
    Named,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum RemarksArg {
    /// Each access, `to_*` cast and builtin call that stays dynamic, and why.
    Dynamic,
    /// Also each access resolved to one space.
    All,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ClosedWorldArg {
    /// Closed when the module has SPIR kernels (an OpenCL program).
    Auto,
    Always,
    Never,
}

#[derive(Debug, Parser)]
#[command(
    name = "gas-opt",
    version,
    about = "Resolve OpenCL generic address space pointers in MLIR"
)]
struct Cli {
    /// Input file: MLIR text or bytecode, LLVM IR if it ends in `.ll` or
    /// `.bc` (bitcode is also recognized by its magic, on stdin too); `-` is
    /// stdin.
    #[arg(default_value = "-")]
    input: PathBuf,
    /// Output file; `-` is stdout. Written only on success.
    #[arg(short = 'o', default_value = "-")]
    output: PathBuf,
    /// A preset or a comma-separated list of steps.
    #[arg(long, default_value = DEFAULT_PIPELINE, long_help = format!("A preset or a comma-separated list of steps. Known: {}", known_names()))]
    pipeline: String,
    /// A textual pass pipeline, mlir-opt's syntax, mixing gas passes and
    /// MLIR's: `builtin.module(gas-raise,canonicalize,gas-propagate{clone-budget=100},gas-lower)`.
    #[arg(long, value_name = "PIPELINE", conflicts_with = "pipeline", long_help = format!("A textual pass pipeline in mlir-opt's syntax, mixing gas passes and MLIR's: `builtin.module(gas-raise,canonicalize,gas-propagate{{clone-budget=100}},gas-lower)`. Gas passes run on the module (not nested); their options: target, closed-world, clone-budget, builtins, named-atomics, as the flags, and host-pointers=assumed|unknown (--no-host-pointer-assumptions). Gas passes: {}", gas_pass_names()))]
    pass_pipeline: Option<String>,
    /// Print the pipeline that runs, as `--pass-pipeline` text, to stderr.
    #[arg(long)]
    dump_pass_pipeline: bool,
    /// What to print: MLIR, LLVM IR text or LLVM bitcode. Default: from the
    /// output file's extension (`.ll`, `.bc`), else MLIR.
    #[arg(long, value_enum)]
    emit: Option<EmitArg>,
    /// Read stdin (or a file of another extension) as LLVM IR text.
    #[arg(long)]
    llvm_input: bool,
    /// Process each `// -----` separated chunk of the input on its own.
    #[arg(long)]
    split_input_file: bool,
    /// Check diagnostics against `// expected-error {{...}}` comments.
    #[arg(long)]
    verify_diagnostics: bool,
    /// Whether every call of a non-kernel function is in the module (only
    /// kernels are entry points), so `propagate` may use its call sites.
    #[arg(long, value_enum, default_value = "auto")]
    closed_world: ClosedWorldArg,
    /// Operations `propagate` may add by cloning helpers (default: the
    /// module's size, at least 2000); `--stats` says where it ran out.
    #[arg(long, value_name = "OPS")]
    clone_budget: Option<usize>,
    /// Builtin calls whose pointer's space is unknown: keep the generic call
    /// (`generic`, the library decodes tags) or switch on the space and call
    /// the named overloads (`named`, a library with named overloads only).
    #[arg(long, value_enum, default_value = "generic")]
    builtins: BuiltinsArg,
    /// The target's address-space model (default: from the module's triple,
    /// else spir): numbering, tagged (spir, spir-igc) or hardware-flat
    /// (nvptx, amdgpu) generic pointers, and what the backend promises
    /// (spir-igc: private memory in the global buffer on request).
    #[arg(long, value_enum)]
    target: Option<TargetArg>,
    /// The input has no address spaces (seed 003): its default space is
    /// generic; kernel pointer parameters are global, variables in section
    /// `clamp_opencl_local` local, others global, allocas private.
    #[arg(long)]
    flat_input: bool,
    /// Assume nothing about pointers the host hands kernels. By default a
    /// CUDA/HIP kernel's pointer parameters, the pointers in its by-value
    /// struct parameters (NVPTX) and pointers read from constant memory
    /// (AMDGPU) point to global memory, as LLVM's backends assume; code that
    /// passes kernels other addresses needs this flag.
    #[arg(long)]
    no_host_pointer_assumptions: bool,
    /// Treat function NAME as a kernel (repeatable), for inputs that do not
    /// mark kernels.
    #[arg(long = "kernel", value_name = "NAME")]
    kernels: Vec<String>,
    /// The builtin library has OpenCL 3.0's named overloads of the C11 atomics.
    #[arg(long)]
    named_atomics: bool,
    /// Print what each step decided (per kernel for the kernel-wide sets) to stderr.
    #[arg(long)]
    stats: bool,
    /// Run MLIR single-threaded (its passes, the verifier and the printing
    /// of the output's functions).
    #[arg(long)]
    mlir_disable_threading: bool,
    /// Verify after every step (1) or only the input and the result (0).
    /// Default: 1 in debug builds, 0 in release builds.
    #[arg(long, value_name = "0|1", value_parser = parse_switch)]
    verify_each: Option<bool>,
    /// Print the wall time of parsing, each step, verifying and printing to
    /// stderr (like mlir-opt's `--mlir-timing`).
    #[arg(long)]
    timing: bool,
    /// Remark on every access, `to_*` cast and builtin call that still
    /// decides its space at run time, with the reason, at its source line
    /// (`--remarks=all`: the resolved accesses too).
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "dynamic")]
    remarks: Option<RemarksArg>,
    /// Make the `check` step's warnings errors (exit 1, nothing written).
    #[arg(long = "Werror")]
    warnings_as_errors: bool,
}

/// mlir-opt's boolean option values.
fn parse_switch(value: &str) -> Result<bool, String> {
    match value {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(format!("expected 0 or 1, not `{value}`")),
    }
}

const USAGE_ERROR: u8 = 2;

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let pipeline = match &cli.pass_pipeline {
        Some(text) => Pipeline::parse_pass_pipeline(text),
        None => Pipeline::parse(&cli.pipeline),
    };
    let pipeline = match pipeline {
        Ok(pipeline) => pipeline,
        Err(error) => {
            eprintln!("gas-opt: error: {error}");
            return ExitCode::from(USAGE_ERROR);
        }
    };
    if cli.dump_pass_pipeline {
        eprintln!("{}", pipeline.pass_pipeline());
    }
    let options = Options {
        pipeline,
        input: if cli.llvm_input || has_extension(&cli.input, &["ll", "bc"]) {
            InputFormat::LlvmIr
        } else {
            InputFormat::Mlir
        },
        emit: match cli.emit {
            Some(EmitArg::Mlir) => Emit::Mlir,
            Some(EmitArg::LlvmIr) => Emit::LlvmIr,
            Some(EmitArg::LlvmBc) => Emit::LlvmBitcode,
            None if has_extension(&cli.output, &["ll"]) => Emit::LlvmIr,
            None if has_extension(&cli.output, &["bc"]) => Emit::LlvmBitcode,
            None => Emit::Mlir,
        },
        split_input_file: cli.split_input_file,
        verify_diagnostics: cli.verify_diagnostics,
        address_spaces: cli.target.map(|target| match target {
            TargetArg::Spir => AddressSpaceMap::SPIR64,
            TargetArg::SpirIgc => AddressSpaceMap::SPIR64_IGC,
            TargetArg::Nvptx => AddressSpaceMap::NVPTX64,
            TargetArg::Amdgpu => AddressSpaceMap::AMDGPU,
        }),
        closed_world: match cli.closed_world {
            ClosedWorldArg::Auto => ClosedWorld::WhenKernels,
            ClosedWorldArg::Always => ClosedWorld::Always,
            ClosedWorldArg::Never => ClosedWorld::Never,
        },
        clone_budget: cli.clone_budget,
        unknown_builtin_space: match cli.builtins {
            BuiltinsArg::Generic => UnknownSpace::KeepGeneric,
            BuiltinsArg::Named => UnknownSpace::DispatchToNamed,
        },
        named_atomics: cli.named_atomics,
        flat_input: cli.flat_input,
        no_host_pointer_assumptions: cli.no_host_pointer_assumptions,
        kernels: cli.kernels.clone(),
        multithreading: !cli.mlir_disable_threading,
        verify_each: cli.verify_each.unwrap_or(driver::VERIFY_EACH_DEFAULT),
        // The process ends right after writing the output.
        free_ir: false,
        remarks: cli.remarks.map(|remarks| match remarks {
            RemarksArg::Dynamic => RemarkKind::Dynamic,
            RemarksArg::All => RemarkKind::All,
        }),
        warnings_as_errors: cli.warnings_as_errors,
    };
    match run(&cli, &options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// Whether `path` ends in one of `extensions`.
fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .and_then(|extension| extension.to_str())
        .is_some_and(|extension| extensions.contains(&extension))
}

/// Reads, processes and writes; `Ok(false)` when the input had errors.
fn run(cli: &Cli, options: &Options) -> Result<bool, String> {
    let is_stdin = cli.input == Path::new("-");
    let name = if is_stdin {
        "<stdin>".to_string()
    } else {
        cli.input.display().to_string()
    };
    let read_start = std::time::Instant::now();
    let source = if is_stdin {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|error| format!("{name}: error: cannot read: {error}"))?;
        bytes
    } else {
        if cli.input.is_dir() {
            return Err(format!("{name}: error: is a directory"));
        }
        std::fs::read(&cli.input).map_err(|error| match error.kind() {
            std::io::ErrorKind::NotFound => format!("{name}: error: no such file"),
            _ => format!("{name}: error: cannot read: {error}"),
        })?
    };
    let read_time = read_start.elapsed();
    let outcome = driver::process_owned(source, &name, options)
        .map_err(|error| format!("{name}: error: {error}"))?;
    if cli.timing {
        print_timings(&outcome.timings, read_time);
    }
    for diagnostic in &outcome.diagnostics {
        eprintln!("{diagnostic}");
    }
    if cli.stats {
        for line in &outcome.stats {
            eprintln!("{line}");
        }
    }
    if !outcome.success {
        return Ok(false);
    }
    write_output(&cli.output, &outcome.output)?;
    Ok(true)
}

/// The `--timing` report: wall seconds per activity and their share.
fn print_timings(timings: &driver::Timings, read: std::time::Duration) {
    let rows: Vec<(&str, std::time::Duration)> = std::iter::once(("read", read))
        .chain(timings.0.iter().map(|(name, time)| (name.as_str(), *time)))
        .collect();
    let total: f64 = rows.iter().map(|(_, time)| time.as_secs_f64()).sum();
    eprintln!("gas-opt timing (wall time):");
    eprintln!("  {:>9}  {:>6}  activity", "seconds", "share");
    for (name, time) in rows {
        let seconds = time.as_secs_f64();
        let share = if total > 0.0 {
            100.0 * seconds / total
        } else {
            0.0
        };
        eprintln!("  {seconds:>9.4}  {share:>5.1}%  {name}");
    }
    eprintln!("  {total:>9.4}  100.0%  total (writing the output not included)");
}

/// Writes `bytes` to `path` (or stdout) atomically: a temporary file in the
/// same directory, renamed over the target once complete. A path that exists
/// and is not a regular file (`/dev/null`, a pipe) is written in place:
/// renaming over it would replace the device or pipe with a file.
fn write_output(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if path == Path::new("-") {
        let mut stdout = std::io::stdout().lock();
        return stdout
            .write_all(bytes)
            .and_then(|()| stdout.flush())
            .map_err(|error| format!("<stdout>: error: cannot write: {error}"));
    }
    let name = path.display();
    if std::fs::metadata(path).is_ok_and(|metadata| !metadata.is_file()) {
        return std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut file| file.write_all(bytes))
            .map_err(|error| format!("{name}: error: cannot write: {error}"));
    }
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(directory)
        .map_err(|error| format!("{name}: error: cannot write: {error}"))?;
    file.write_all(bytes)
        .map_err(|error| format!("{name}: error: cannot write: {error}"))?;
    file.persist(path)
        .map_err(|error| format!("{name}: error: cannot write: {}", error.error))?;
    Ok(())
}
