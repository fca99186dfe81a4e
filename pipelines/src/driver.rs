//! The work of `gas-opt`, as a library: bytes in, text and diagnostics out.
//! The binary only reads files, parses flags and writes the result.

use crate::diagnostics::{
    unknown_location, verify_expectations, Collector, Diagnostic, Severity, SourceLocation,
};
use crate::error::PipelineError;
use crate::ffi::parse_module;
use crate::parse_guard::refuse_known_parser_crashes;
use crate::passes::run_stage;
pub use crate::passes::target_of_module;
use crate::pipeline::{Pipeline, Stage};
use crate::registry::StepConfig;
use gas_dialect::AddressSpaceMap;
use gas_llvm::{LlvmError, LlvmSource};
pub use gas_patterns::analysis::ClosedWorld;
pub use gas_patterns::builtin_calls::UnknownSpace;
pub use gas_patterns::explain::RemarkKind;
use melior::ir::operation::OperationLike;
use melior::ir::Module;
use melior::Context;
use std::borrow::Cow;
use std::time::{Duration, Instant};

/// What `gas-opt` prints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Emit {
    /// MLIR text (gas ops in generic form).
    #[default]
    Mlir,
    /// LLVM IR text; the module must be in the LLVM dialect only.
    LlvmIr,
    /// LLVM bitcode; the module must be in the LLVM dialect only.
    LlvmBitcode,
}

/// What a source holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InputFormat {
    /// MLIR text or bytecode; LLVM bitcode is recognized by its magic.
    #[default]
    Mlir,
    /// LLVM IR, as text (`.ll`) or bitcode (`.bc`): read by LLVM's parser
    /// and imported in process; LLVM IR output then keeps what the input
    /// had and gas did not change (the `gas-llvm` crate).
    LlvmIr,
}

/// Everything that decides how a source is processed.
#[derive(Clone)]
pub struct Options {
    /// What runs: a preset, a list of steps or a textual pass pipeline.
    pub pipeline: Pipeline,
    /// What the source holds.
    pub input: InputFormat,
    /// What is printed.
    pub emit: Emit,
    /// Process each `// -----` separated chunk on its own.
    pub split_input_file: bool,
    /// Check diagnostics against `expected-*` comments instead of reporting them.
    pub verify_diagnostics: bool,
    /// The target (`--target`); `None`: from the module's triple, SPIR when
    /// it has none gas describes.
    pub address_spaces: Option<AddressSpaceMap>,
    /// Whether `propagate` may assume every non-kernel call site is in the module.
    pub closed_world: ClosedWorld,
    /// Operations `propagate`'s cloning may add (its default when `None`).
    pub clone_budget: Option<usize>,
    /// What `builtin-calls` does where a pointer's space is unknown.
    pub unknown_builtin_space: UnknownSpace,
    /// Whether the builtin library has named overloads of the C11 atomics.
    pub named_atomics: bool,
    /// Read the module as seed 003's flat input (no address spaces).
    pub flat_input: bool,
    /// Assume nothing about pointers the host hands kernels (the target's
    /// rules: CUDA and HIP kernel pointer parameters point to global memory).
    pub no_host_pointer_assumptions: bool,
    /// Functions to treat as kernels (`--kernel`), for inputs that do not
    /// mark them.
    pub kernels: Vec<String>,
    /// Whether MLIR may use threads (`--mlir-disable-threading` turns it
    /// off), and the output's top-level ops print in parallel; even so, an
    /// input smaller than [`THREADS_FROM_BYTES`] runs on one thread.
    pub multithreading: bool,
    /// Verify (MLIR's verifier and gas's rules) after every step, not only
    /// the input and the result (`--verify-each`).
    pub verify_each: bool,
    /// Free the IR and its context when done. `gas-opt` turns it off: it
    /// exits right after, and the OS takes the memory back faster than a
    /// walk over every op does (clang's `-disable-free`). A library user
    /// keeps it on.
    pub free_ir: bool,
    /// Remarks on what stays dynamic (`--remarks`), and with
    /// [`RemarkKind::All`] on what was resolved too; `None`: no remarks.
    pub remarks: Option<RemarkKind>,
    /// Warnings are errors (`--Werror`): nothing is written.
    pub warnings_as_errors: bool,
}

impl Options {
    /// `pipeline` with gas-opt's defaults for everything else: MLIR out, one
    /// module per source, the target from the module's triple, a closed
    /// world when the module has kernels, generic builtin calls kept, MLIR's
    /// threads on, `--verify-each` as [`VERIFY_EACH_DEFAULT`], the IR freed
    /// at the end, no remarks.
    ///
    /// ```
    /// use gas_pipelines::driver::{Emit, Options};
    /// use gas_pipelines::Pipeline;
    ///
    /// let options = Options {
    ///     emit: Emit::LlvmIr,
    ///     ..Options::new(Pipeline::parse("O2").unwrap())
    /// };
    /// assert!(options.multithreading && !options.split_input_file);
    /// ```
    pub fn new(pipeline: Pipeline) -> Self {
        Self {
            pipeline,
            input: InputFormat::default(),
            emit: Emit::default(),
            split_input_file: false,
            verify_diagnostics: false,
            address_spaces: None,
            closed_world: ClosedWorld::default(),
            clone_budget: None,
            unknown_builtin_space: UnknownSpace::default(),
            named_atomics: false,
            flat_input: false,
            no_host_pointer_assumptions: false,
            kernels: Vec::new(),
            multithreading: true,
            verify_each: VERIFY_EACH_DEFAULT,
            free_ir: true,
            remarks: None,
            warnings_as_errors: false,
        }
    }
}

/// Whether `--verify-each` is on by default: in debug builds (and so in
/// tests), off in release builds, which verify the input and the result.
pub const VERIFY_EACH_DEFAULT: bool = cfg!(debug_assertions);

/// The result of processing one source.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The printed result of every chunk that succeeded: text, or bitcode
    /// with [`Emit::LlvmBitcode`].
    pub output: Vec<u8>,
    /// Errors (and notes) to report; with `verify_diagnostics`, the mismatches.
    pub diagnostics: Vec<Diagnostic>,
    /// Whether every chunk succeeded (and every expectation was met).
    pub success: bool,
    /// What each step reported (`--stats`), as `step: line`.
    pub stats: Vec<String>,
    /// Wall time by activity (`parse`, `verify`, each step by name,
    /// `print`), summed over chunks, in first-seen order (`--timing`).
    pub timings: Timings,
}

/// Wall time by activity, in first-seen order.
#[derive(Debug, Default)]
pub struct Timings(pub Vec<(String, Duration)>);

impl Timings {
    /// Runs `work`, adding its wall time to `activity`.
    fn time<T>(&mut self, activity: &str, work: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let result = work();
        let elapsed = start.elapsed();
        match self.0.iter_mut().find(|(name, _)| name == activity) {
            Some((_, total)) => *total += elapsed,
            None => self.0.push((activity.to_string(), elapsed)),
        }
        result
    }
}

/// Inputs smaller than this run single-threaded (the output is the same;
/// `gas-opt` checks that in `scripts/bench.sh`): 4 ms of a 12 ms run on a
/// small OpenCL program went into MLIR's threads.
pub const THREADS_FROM_BYTES: usize = 1 << 20;

/// The separator between chunks, in input and in output (as in mlir-opt).
pub const SPLIT_MARKER: &str = "// -----";

/// One chunk of the input: its text padded with newlines so that line
/// numbers in diagnostics are those of the whole file. The whole input is
/// one chunk without `--split-input-file`, borrowed or owned as given.
struct Chunk<'s> {
    text: Cow<'s, [u8]>,
}

fn split(source: Cow<'_, [u8]>, split_input_file: bool) -> Vec<Chunk<'_>> {
    if !split_input_file {
        return vec![Chunk { text: source }];
    }
    let mut chunks = Vec::new();
    let mut current = Vec::new();
    let mut line = 0;
    for raw in source.split_inclusive(|byte| *byte == b'\n') {
        line += 1;
        if raw.trim_ascii() == SPLIT_MARKER.as_bytes() {
            chunks.push(Chunk {
                text: Cow::Owned(std::mem::take(&mut current)),
            });
            current = vec![b'\n'; line];
            continue;
        }
        current.extend_from_slice(raw);
    }
    chunks.push(Chunk {
        text: Cow::Owned(current),
    });
    chunks
}

/// A context with the gas dialect loaded and LLVM IR translation registered.
pub fn new_context() -> Result<Context, PipelineError> {
    let context = Context::new();
    gas_dialect::load(&context)?;
    gas_llvm::register_translations(&context);
    Ok(context)
}

/// Processes `source`, named `file` in diagnostics, under `options`.
pub fn process(source: &[u8], file: &str, options: &Options) -> Result<Outcome, PipelineError> {
    process_source(Cow::Borrowed(source), file, options)
}

/// [`process`] taking the input's bytes: they are freed once parsed (a
/// large input is not held through the pipeline), unless `--verify-diagnostics`
/// needs them for its expectations.
pub fn process_owned(
    source: Vec<u8>,
    file: &str,
    options: &Options,
) -> Result<Outcome, PipelineError> {
    process_source(Cow::Owned(source), file, options)
}

#[tracing::instrument(skip_all, fields(pipeline = %options.pipeline.name, file))]
fn process_source(
    source: Cow<'_, [u8]>,
    file: &str,
    options: &Options,
) -> Result<Outcome, PipelineError> {
    let mut outcome = Outcome {
        success: true,
        ..Outcome::default()
    };
    let context = outcome.timings.time("context", new_context)?;
    // MLIR's threads pay for themselves on large modules only: on a small
    // program, starting them costs more than the whole pipeline saves.
    context.enable_multi_threading(options.multithreading && source.len() >= THREADS_FROM_BYTES);
    let is_llvm = options.input == InputFormat::LlvmIr || gas_llvm::is_bitcode(&source);
    // LLVM IR is one module (no `// -----` chunks); the module as read stays
    // beside the MLIR one until the export restores from it.
    let llvm_source = if is_llvm {
        match outcome
            .timings
            .time("parse", || LlvmSource::parse(&source, file))
        {
            Ok(parsed) => Some(parsed),
            Err(error) => {
                let (line, column) = match &error {
                    LlvmError::Parse { line, column, .. } => (*line as usize, *column as usize),
                    _ => (0, 0),
                };
                let location = SourceLocation {
                    file: file.to_string(),
                    line,
                    column,
                };
                outcome
                    .diagnostics
                    .push(Diagnostic::error(location, error.to_string()));
                outcome.success = false;
                return Ok(outcome);
            }
        }
    } else if let Some(language) = crate::source_language::SourceLanguage::of(file, &source) {
        let location = SourceLocation {
            file: file.to_string(),
            line: 1,
            column: 1,
        };
        outcome
            .diagnostics
            .push(Diagnostic::error(location, language.message(file)));
        outcome.success = false;
        return Ok(outcome);
    } else {
        None
    };
    let chunks = match &llvm_source {
        // The module as read holds everything from here on.
        Some(llvm) => {
            drop(source);
            vec![ChunkInput::Llvm(llvm)]
        }
        None => split(source, options.split_input_file)
            .into_iter()
            .map(|chunk| ChunkInput::Mlir(chunk.text))
            .collect(),
    };
    let mut printed = Vec::new();
    for chunk in chunks {
        let collector = Collector::attach(&context);
        let mut findings = Vec::new();
        let expectations = match (&chunk, options.verify_diagnostics) {
            (ChunkInput::Mlir(text), true) => Some(String::from_utf8_lossy(text).into_owned()),
            _ => None,
        };
        let result = process_chunk(
            &context,
            chunk,
            file,
            options,
            &mut outcome.stats,
            &mut outcome.timings,
            &mut findings,
        );
        let mut diagnostics = collector.take(file);
        drop(collector);
        diagnostics.extend(findings.into_iter().map(|mut finding: Diagnostic| {
            finding.name_file(file);
            finding
        }));
        let text = match result {
            Ok(text) => Some(text),
            Err(extra) => {
                diagnostics.extend(extra);
                None
            }
        };
        if let Some(chunk_text) = expectations {
            let mismatches = verify_expectations(file, &chunk_text, 0, &diagnostics);
            outcome.success &= mismatches.is_empty();
            outcome.diagnostics.extend(mismatches);
        } else {
            let failed = text.is_none()
                || diagnostics
                    .iter()
                    .any(|diagnostic| diagnostic.severity == Severity::Error);
            outcome.success &= !failed;
            outcome.diagnostics.extend(diagnostics);
        }
        if let Some(text) = text {
            printed.push(text);
        }
    }
    // Every printed chunk ends in a newline.
    let separator = match options.emit {
        Emit::Mlir => format!("{SPLIT_MARKER}\n"),
        Emit::LlvmIr | Emit::LlvmBitcode => "; -----\n".to_string(),
    };
    // One chunk (the usual case) is moved, not copied: outputs are large.
    outcome.output = if printed.len() == 1 {
        printed.pop().unwrap_or_default()
    } else {
        printed.join(separator.as_bytes())
    };
    if options.free_ir {
        outcome.timings.time("free", || {
            drop(llvm_source);
            drop(context)
        });
    } else {
        std::mem::forget(llvm_source);
        std::mem::forget(context);
    }
    Ok(outcome)
}

/// One unit of input: an MLIR chunk's bytes, or the LLVM module as read.
enum ChunkInput<'s> {
    Mlir(Cow<'s, [u8]>),
    Llvm(&'s LlvmSource),
}

/// Seed 003's flat input: checks that `module` has no named spaces, reads it
/// back with generic pointers and seeds the facts
/// ([`gas_patterns::flat_input`]). `Err(None)`: MLIR or gas reported why.
fn read_flat_input<'c>(
    context: &'c Context,
    module: &Module<'c>,
    target: &AddressSpaceMap,
    options: &Options,
    stats: &mut Vec<String>,
) -> Result<Module<'c>, Option<String>> {
    use gas_patterns::flat_input;
    if flat_input::report_named_spaces(module) > 0 {
        return Err(None);
    }
    let printed = gas_patterns::ir::adapter::print_with_locations(module.as_operation());
    let text = flat_input::renumber(&printed, target);
    let flat = parse_module(context, text.as_bytes()).ok_or(None)?;
    let seeded = flat_input::seed(context, &flat, target, &options.kernels)
        .map_err(|error| Some(error.to_string()))?;
    stats.push(format!(
        "flat-input: {} kernel pointer parameter(s) global, {} variable(s) local ({}), \
         {} global, {} alloca(s) private, {} builtin argument(s) named by their mangling",
        seeded.kernel_parameters,
        seeded.local_variables,
        flat_input::LOCAL_SECTION,
        seeded.global_variables,
        seeded.allocas,
        seeded.builtin_arguments,
    ));
    Ok(flat)
}

/// Marks the functions `--kernel` names as kernels.
fn mark_kernels(context: &Context, module: &Module, kernels: &[String]) -> Result<(), String> {
    for kernel in kernels {
        let mut found = None;
        gas_patterns::ir::each_op(module.as_operation(), &mut |op| {
            if gas_patterns::ir::is_function(gas_patterns::ir::name_of(&op))
                && gas_patterns::ir::symbol_attribute(&op, "sym_name").as_deref()
                    == Some(kernel.as_str())
            {
                found = Some(op);
            }
        });
        let function = found
            .ok_or_else(|| format!("--kernel {kernel}: the module has no function @{kernel}"))?;
        gas_patterns::ir::adapter::set_attribute(
            function,
            gas_dialect::names::KERNEL_ATTR,
            melior::ir::Attribute::unit(context),
        );
    }
    Ok(())
}

/// Parses, verifies, runs the pipeline and prints one chunk. MLIR's own
/// diagnostics go to the collector; errors found here are returned.
fn process_chunk(
    context: &Context,
    input: ChunkInput<'_>,
    file: &str,
    options: &Options,
    stats: &mut Vec<String>,
    timings: &mut Timings,
    findings: &mut Vec<Diagnostic>,
) -> Result<Vec<u8>, Vec<Diagnostic>> {
    let whole_file = |message: String| vec![Diagnostic::error(unknown_location(file), message)];
    let warning = |message: String| Diagnostic {
        severity: if options.warnings_as_errors {
            Severity::Error
        } else {
            Severity::Warning
        },
        location: unknown_location(file),
        message,
        notes: Vec::new(),
    };
    let mut llvm_source = None;
    // Whether the input may hold gas ops for gas's rules to check. IRDL ops
    // have no custom syntax, so text names each (`"gas.tag"`): text without
    // `gas` (or an escape that could spell it) holds none, and neither does
    // imported LLVM IR. Bytecode names its dialects apart: it may.
    let mut input_rules = GasRules::NoGasOps;
    let parsed = match input {
        ChunkInput::Mlir(text) => {
            if may_name_gas_ops(&text) {
                input_rules = GasRules::Check;
            }
            if let Some(refusal) = refuse_known_parser_crashes(&text) {
                let location = SourceLocation {
                    file: file.to_string(),
                    line: refusal.line,
                    column: refusal.column,
                };
                return Err(vec![Diagnostic::error(location, refusal.message)]);
            }
            // The module holds everything once parsed: `text` is dropped here.
            timings.time("parse", || parse_module(context, &text))
        }
        ChunkInput::Llvm(source) => {
            llvm_source = Some(source);
            match timings.time("import", || source.import(context)) {
                Ok((module, warnings)) => {
                    findings.extend(warnings.into_iter().map(warning));
                    Some(module)
                }
                Err(_) => None,
            }
        }
    };
    let Some(mut module) = parsed else {
        // MLIR reported why; nothing more to add.
        return Err(Vec::new());
    };
    let target = options
        .address_spaces
        .unwrap_or_else(|| target_of_module(&module));
    let target = if options.no_host_pointer_assumptions {
        target.without_host_pointer_assumptions()
    } else {
        target
    };
    if options.flat_input {
        input_rules = GasRules::Check;
        module = timings
            .time("flat-input", || {
                read_flat_input(context, &module, &target, options, stats)
            })
            .map_err(|error| error.map_or_else(Vec::new, whole_file))?;
    } else if !options.kernels.is_empty() {
        mark_kernels(context, &module, &options.kernels).map_err(whole_file)?;
    }
    // MLIR's parser verified the module; gas's own rules remain.
    timings.time("verify", || {
        gas_rules(
            &module,
            &target,
            options.address_spaces.is_some(),
            input_rules,
            "the input",
        )
    })?;
    let stages = &options.pipeline.stages;
    let config = StepConfig {
        address_spaces: target,
        closed_world: options.closed_world,
        clone_budget: options.clone_budget,
        unknown_builtin_space: options.unknown_builtin_space,
        named_atomics: options.named_atomics,
        host_pointers_unknown: options.no_host_pointer_assumptions,
        explicit_target: options.address_spaces.is_some(),
    };
    // Remarks describe the module `lower` expands (or the result, when the
    // pipeline does not lower).
    let remarks_before = stages
        .iter()
        .position(|stage| stage.is_set(gas_patterns::lower::SET))
        .unwrap_or(stages.len());
    let warning_severity = if options.warnings_as_errors {
        Severity::Error
    } else {
        Severity::Warning
    };
    // After `lower` succeeded no gas op is left, and MLIR's passes cannot
    // make one (none of them knows the IRDL-defined ops): gas's rules, a
    // walk of the whole module, have nothing to check until a gas set runs.
    let mut lowered = false;
    for (position, stage) in stages.iter().enumerate() {
        if position == remarks_before {
            explain(&module, &config, options, file, timings, findings);
        }
        let report = timings
            .time(stage.name(), || {
                run_stage(stage, context, &mut module, &config, options.verify_each)
            })
            .map_err(|error| {
                if error.is_reported() {
                    Vec::new()
                } else {
                    whole_file(error.to_string())
                }
            })?;
        stats.extend(
            report
                .stats
                .into_iter()
                .map(|line| format!("{}: {line}", stage.name())),
        );
        findings.extend(report.warnings.into_iter().map(|warning| Diagnostic {
            severity: warning_severity,
            location: warning.location,
            message: warning.message,
            notes: Vec::new(),
        }));
        lowered = match stage {
            Stage::Gas { .. } => stage.is_set(gas_patterns::lower::SET),
            Stage::Mlir { .. } => lowered,
        };
        // Without --verify-each, only the result is verified.
        if options.verify_each || position + 1 == stages.len() {
            let rules = if lowered {
                GasRules::NoGasOps
            } else {
                GasRules::Check
            };
            let after = format!("the result of {}", stage.name());
            timings.time("verify", || {
                verify(&module, &target, config.explicit_target, rules, &after)
            })?;
        }
    }
    if remarks_before == stages.len() {
        explain(&module, &config, options, file, timings, findings);
    }
    if options.warnings_as_errors
        && findings
            .iter()
            .any(|finding| finding.severity == Severity::Error)
    {
        return Err(Vec::new());
    }
    let format = match options.emit {
        Emit::Mlir => None,
        Emit::LlvmIr => Some(gas_llvm::Format::Text),
        Emit::LlvmBitcode => Some(gas_llvm::Format::Bitcode),
    };
    let result = match format {
        None => Ok(timings.time("print", || {
            // Verified above, after the last step (or as the input).
            let mut text = gas_patterns::ir::print::print_verified_module(context, &module);
            text.push('\n');
            text.into_bytes()
        })),
        Some(format) => {
            let why = "cannot be translated to LLVM IR: lower gas ops first";
            if !lowered && gas_dialect::verify::report_gas_ops(&module.as_operation(), why) > 0 {
                return Err(Vec::new());
            }
            match timings.time("translate", || {
                gas_llvm::export(&module, llvm_source, format)
            }) {
                Ok(exported) => {
                    let lost = !exported.warnings.is_empty();
                    findings.extend(exported.warnings.into_iter().map(warning));
                    if lost && options.warnings_as_errors {
                        Err(Vec::new())
                    } else {
                        Ok(exported.bytes)
                    }
                }
                Err(LlvmError::Translate) => {
                    Err(whole_file("translation to LLVM IR failed".into()))
                }
                Err(error) => Err(whole_file(error.to_string())),
            }
        }
    };
    if options.free_ir {
        timings.time("free", || drop(module));
    } else {
        std::mem::forget(module);
    }
    result
}

/// `--remarks`: what stays dynamic (and why) in `module`, as remarks.
fn explain(
    module: &Module,
    config: &StepConfig,
    options: &Options,
    file: &str,
    timings: &mut Timings,
    findings: &mut Vec<Diagnostic>,
) {
    let Some(kind) = options.remarks else {
        return;
    };
    let remarks = timings.time(gas_patterns::explain::SET, || {
        crate::registry::remarks(module, config, kind, file)
    });
    findings.extend(remarks.into_iter().map(|remark| Diagnostic {
        severity: Severity::Remark,
        location: remark.location,
        message: remark.message,
        notes: Vec::new(),
    }));
}

/// Whether gas's rules can find anything in a module.
#[derive(Clone, Copy, PartialEq, Eq)]
enum GasRules {
    /// The module may hold gas ops: check them.
    Check,
    /// No gas op exists: `lower` succeeded and only MLIR's passes ran
    /// since, or the input's text names none.
    NoGasOps,
}

/// MLIR's verifier, then gas's own rules (which read gas ops only). `after`
/// names what produced the IR.
fn verify(
    module: &Module,
    map: &AddressSpaceMap,
    explicit_target: bool,
    rules: GasRules,
    after: &str,
) -> Result<(), Vec<Diagnostic>> {
    if !module.as_operation().verify() {
        tracing::debug!(after, "MLIR verification failed");
        return Err(Vec::new());
    }
    gas_rules(module, map, explicit_target, rules, after)
}

/// gas's own rules on `module`, unless it cannot hold a gas op. `what`
/// names the IR.
fn gas_rules(
    module: &Module,
    map: &AddressSpaceMap,
    explicit_target: bool,
    rules: GasRules,
    what: &str,
) -> Result<(), Vec<Diagnostic>> {
    if rules == GasRules::NoGasOps {
        // Checked in debug builds (every test): the claim holds.
        debug_assert_eq!(
            gas_dialect::verify::count_gas_ops(&module.as_operation()),
            0,
            "gas ops in {what}, which cannot hold any"
        );
        return Ok(());
    }
    // Device code is checked with its own target (a gas set ran with it),
    // unless the driver was given one.
    let devices = crate::gpu::device_modules(module.as_operation());
    if devices.is_empty() || explicit_target {
        return gas_dialect::verify::verify(&module.as_operation(), map).map_err(|_| Vec::new());
    }
    let mut passed = true;
    for device in devices {
        let target = crate::gpu::target_of(device).unwrap_or(*map);
        passed &= gas_dialect::verify::verify(&device, &target).is_ok();
    }
    if passed {
        Ok(())
    } else {
        Err(Vec::new())
    }
}

/// Whether MLIR `source` may hold a gas op: it is bytecode, or text with
/// `gas` in it (every gas op's name) or a backslash (a string escape, as in
/// `"g\61s.tag"`, could spell the name).
fn may_name_gas_ops(source: &[u8]) -> bool {
    const BYTECODE_MAGIC: &[u8] = b"ML\xefR";
    source.starts_with(BYTECODE_MAGIC)
        || source.contains(&b'\\')
        || source.windows(3).any(|window| window == b"gas")
}

#[cfg(test)]
mod tests {
    use super::may_name_gas_ops;

    #[test]
    fn only_text_that_cannot_name_a_gas_op_skips_the_rules() {
        assert!(!may_name_gas_ops(b"llvm.func @f() {\n  llvm.return\n}"));
        assert!(may_name_gas_ops(b"%t = \"gas.tag\"(%p)"));
        assert!(may_name_gas_ops(b"%t = \"g\\61s.tag\"(%p)"));
        assert!(may_name_gas_ops(b"ML\xefR\x00rest of the bytecode"));
    }
}
