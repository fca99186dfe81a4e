//! Pipelines are data: an ordered list of steps, each a gas pattern set or an
//! MLIR pass pipeline, named in one registry that drives both `gas-opt` and
//! the tests.

use crate::diagnostics::SourceLocation;
use crate::error::PipelineError;
use gas_dialect::AddressSpaceMap;
use gas_patterns::analysis::ClosedWorld;
use gas_patterns::builtin_calls::{BuiltinOptions, UnknownSpace};
use gas_patterns::explain::RemarkKind;
use gas_patterns::propagate::PropagateOptions;
use melior::ir::Module;
use melior::pass::PassManager;
use melior::utility::parse_pass_pipeline;
use melior::Context;

/// What every step may read besides the module: the target's address-space
/// numbering and whether the program is a closed world.
#[derive(Clone, Copy, Debug, Default)]
pub struct StepConfig {
    /// The target's address-space numbering and generic pointers.
    pub address_spaces: AddressSpaceMap,
    /// Whether every call of a non-kernel function is in the module.
    pub closed_world: ClosedWorld,
    /// Operations `propagate`'s cloning may add (its default when `None`).
    pub clone_budget: Option<usize>,
    /// What `builtin-calls` does where a pointer's space is unknown.
    pub unknown_builtin_space: UnknownSpace,
    /// Whether the builtin library has named overloads of the C11 atomics.
    pub named_atomics: bool,
    /// Assume nothing about pointers the host hands kernels
    /// (`--no-host-pointer-assumptions`, `host-pointers=unknown`): applied to
    /// `address_spaces` after any `target` option.
    pub host_pointers_unknown: bool,
    /// Whether `address_spaces` was asked for (`--target`, `target=`): a
    /// `gpu.module`'s own target gives way to it only then.
    pub explicit_target: bool,
}

/// How a step transforms a module.
#[derive(Clone, Copy)]
pub enum StepKind {
    /// MLIR's own passes, as a textual pass pipeline nested under `builtin.module`.
    MlirPasses(&'static str),
    /// A gas pattern set.
    /// It returns its `--stats` lines.
    PatternSet(fn(&Context, &mut Module, &StepConfig) -> Result<Vec<String>, PipelineError>),
    /// A read-only check: it returns its warnings, each at an op.
    Check(for<'c> fn(&Module<'c>, &StepConfig) -> Vec<Finding>),
}

/// A warning or remark a step found, with its op's source position.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The op's source position.
    pub location: SourceLocation,
    /// What was found.
    pub message: String,
}

impl Finding {
    fn at(location: melior::ir::Location, message: String) -> Self {
        Self {
            location: crate::diagnostics::source_location(location),
            message,
        }
    }
}

/// What a step reports: `--stats` lines and warnings.
#[derive(Debug, Default)]
pub struct StepReport {
    /// What the step decided, one line each (`--stats`).
    pub stats: Vec<String>,
    /// The step's warnings (`check`).
    pub warnings: Vec<Finding>,
}

/// The remarks of `explain` for `module` (`--remarks`), before `lower`.
pub fn remarks(module: &Module, config: &StepConfig, kind: RemarkKind, file: &str) -> Vec<Finding> {
    gas_patterns::explain::explain(
        module,
        &config.address_spaces,
        config.closed_world,
        kind,
        file,
    )
    .into_iter()
    .map(|remark| Finding::at(remark.location, remark.message))
    .collect()
}

/// One named step of a pipeline.
#[derive(Clone, Copy)]
pub struct Step {
    /// The step's name in `--pipeline` lists (the set's name in DESIGN.md);
    /// gas's sets are also the passes `gas-<name>`.
    pub name: &'static str,
    /// One line on what it does.
    pub summary: &'static str,
    /// What the step expects of its input.
    pub input: &'static str,
    /// What the step guarantees of its output.
    pub output: &'static str,
    /// How it transforms the module.
    pub kind: StepKind,
    /// The pass options a gas set takes (`gas-propagate{clone-budget=100}`).
    pub options: &'static [OptionKey],
}

/// A named pipeline: a textual MLIR pass pipeline over gas's passes and
/// MLIR's.
#[derive(Clone, Copy)]
pub struct Preset {
    /// The name `--pipeline` takes.
    pub name: &'static str,
    /// One line on what it does.
    pub summary: &'static str,
    /// What it runs, as `--pass-pipeline` would name it.
    pub pass_pipeline: &'static str,
}

/// Every step `--pipeline` can name.
pub const STEPS: &[Step] = &[
    Step {
        name: gas_patterns::raise::SET,
        summary: "LLVM dialect → gas: generic casts, accesses through generic pointers, to_* builtins",
        input: "LLVM-dialect code (llvm.func or func.func) using addrspace(4) pointers",
        output: "every generic cast is gas.tag/gas.untag, every generic access a gas.dispatch over all spaces",
        kind: StepKind::PatternSet(|context, module, config| {
            gas_patterns::raise::run(context, module, &config.address_spaces);
            Ok(Vec::new())
        }),
        options: &[OptionKey::Target, OptionKey::HostPointers],
    },
    Step {
        name: gas_patterns::check::SET,
        summary: "seed 004's address-space rules as warnings: explicit casts that always fail or always succeed, casts between named spaces through generic, accesses through pointers that can only be null, local or private pointers stored into global memory",
        input: "any verified module: raw LLVM accesses, to_* calls and casts, or their gas forms after raise",
        output: "the module unchanged; warnings at the ops (--Werror makes them errors)",
        kind: StepKind::Check(|module, config| {
            gas_patterns::check::run(module, &config.address_spaces, config.closed_world)
                .into_iter()
                .map(|warning| Finding::at(warning.location, warning.message))
                .collect()
        }),
        options: &[OptionKey::Target, OptionKey::HostPointers, OptionKey::ClosedWorld],
    },
    Step {
        name: gas_patterns::propagate::SET,
        summary: "compile-time resolution: narrow dispatch spaces and decide to_* casts from where pointers come from",
        input: "a verified module with gas ops (after raise)",
        output: "the same program; dispatches with fewer candidate spaces, to_named folded where known",
        kind: StepKind::PatternSet(|context, module, config| {
            let options = PropagateOptions {
                closed_world: config.closed_world,
                clone_budget: config.clone_budget,
            };
            let stats =
                gas_patterns::propagate::run(context, module, &config.address_spaces, options);
            let mut lines = vec![format!(
                "{} function(s) unreachable from every kernel erased; \
                 {} dispatch(es) narrowed ({} to one space), {} explicit cast(s) decided, \
                 {} clone(s) for {} call(s), {} result type(s) named, {} function(s) erased",
                stats.unreachable_erased,
                stats.dispatches_narrowed,
                stats.dispatches_resolved,
                stats.explicit_casts_folded,
                stats.clones_created,
                stats.calls_specialized,
                stats.results_specialized,
                stats.functions_erased,
            )];
            if stats.slot_accesses_retyped > 0 {
                lines.push(format!(
                    "{} slot load(s) and store(s) hold their pointers untagged",
                    stats.slot_accesses_retyped
                ));
            }
            if !stats.pointer_called_entry_points.is_empty() {
                lines.push(format!(
                    "generic parameters stay unknown in {} function(s) called through a \
                     pointer (block invoke entry points, called by the runtime): @{}",
                    stats.pointer_called_entry_points.len(),
                    stats.pointer_called_entry_points.join(", @")
                ));
            }
            if let Some(callee) = &stats.budget_stopped_at {
                lines.push(format!(
                    "clone budget reached: {} clone(s) not made, the first of @{callee}",
                    stats.clones_refused
                ));
            }
            Ok(lines)
        }),
        options: &[OptionKey::Target, OptionKey::HostPointers, OptionKey::ClosedWorld, OptionKey::CloneBudget],
    },
    Step {
        name: gas_patterns::builtin_calls::SET,
        summary: "OpenCL builtins called with generic pointers of a known space call their named overloads; get_fence folded",
        input: "a verified module (after raise for get_fence and dispatches on unknown spaces)",
        output: "named-overload calls with untagged pointers; with --builtins named, a dispatch over named overloads where the space is unknown",
        kind: StepKind::PatternSet(|context, module, config| {
            let options = BuiltinOptions {
                closed_world: config.closed_world,
                unknown_space: config.unknown_builtin_space,
                named_atomics: config.named_atomics,
            };
            let stats =
                gas_patterns::builtin_calls::run(context, module, &config.address_spaces, options);
            let mut lines = vec![format!(
                "{} call(s) to named overloads, {} to user overloads, {} get_fence folded, \
                 {} get_fence computed from the pointer, {} call dispatch(es)",
                stats.named_overloads,
                stats.user_overloads,
                stats.fences_folded,
                stats.fences_from_pointer,
                stats.call_dispatches,
            )];
            for (reason, count) in &stats.left_generic {
                lines.push(format!("{count} call(s) left generic: {reason}"));
            }
            Ok(lines)
        }),
        options: &[OptionKey::Target, OptionKey::HostPointers, OptionKey::ClosedWorld, OptionKey::Builtins, OptionKey::NamedAtomics],
    },
    Step {
        name: gas_patterns::explicit_cast_tags::SET,
        summary: "kernels with to_* casts keep private tags and clear tags on casts to global",
        input: "a verified module with gas ops",
        output: "the same ops; functions of such kernels marked gas.tags_preserved",
        kind: StepKind::PatternSet(|context, module, config| {
            Ok(gas_patterns::explicit_cast_tags::run(
                context,
                module,
                &config.address_spaces,
                config.closed_world,
            ))
        }),
        options: &[OptionKey::Target, OptionKey::HostPointers, OptionKey::ClosedWorld],
    },
    Step {
        name: gas_patterns::private_branch_elision::SET,
        summary: "private memory in the global buffer for kernels that need it: dispatches lose their private case",
        input: "a verified module with gas ops (explicit-cast-tags first where to_* remain)",
        output: "functions marked gas.private_in_global, their dispatches without the private case",
        kind: StepKind::PatternSet(|context, module, config| {
            Ok(gas_patterns::private_branch_elision::run(
                context,
                module,
                &config.address_spaces,
                config.closed_world,
            ))
        }),
        options: &[OptionKey::Target, OptionKey::HostPointers, OptionKey::ClosedWorld],
    },
    Step {
        name: gas_patterns::static_global::SET,
        summary: "kernels where no local pointer becomes generic: every generic access is global",
        input: "a verified module with gas ops (private-branch-elision first where private pointers become generic)",
        output: "functions marked gas.static_global, their dispatches global-only, to_local null",
        kind: StepKind::PatternSet(|context, module, config| {
            Ok(gas_patterns::static_global::run(
                context,
                module,
                &config.address_spaces,
                config.closed_world,
            ))
        }),
        options: &[OptionKey::Target, OptionKey::HostPointers, OptionKey::ClosedWorld],
    },
    Step {
        name: gas_patterns::async_copy_simplify::SET,
        summary: "async copies with fewer dimensions for the same bytes (one plane, contiguous planes or lines)",
        input: "a verified module with gas async copies",
        output: "the same copies, 3D as 2D and 2D as one line where the constant sizes allow",
        kind: StepKind::PatternSet(|context, module, config| {
            gas_patterns::async_copy_simplify::run(context, module, &config.address_spaces);
            Ok(Vec::new())
        }),
        options: &[OptionKey::Target, OptionKey::HostPointers],
    },
    Step {
        name: gas_patterns::lower::SET,
        summary: "gas → LLVM dialect: tagged pointers, tag checks and a switch on the tag per dispatch",
        input: "a verified module with gas ops (async copies are not lowered yet)",
        output: "LLVM dialect only (plus the input's func ops); every gas op left is an error at its location",
        kind: StepKind::PatternSet(|context, module, config| {
            gas_patterns::lower::run(context, module, &config.address_spaces)
                .map(|()| Vec::new())
                .map_err(PipelineError::from)
        }),
        options: &[OptionKey::Target, OptionKey::HostPointers],
    },
    Step {
        name: "canonicalize",
        summary: "MLIR's canonicalizer, on each function and global initializer in parallel",
        input: "any verified module",
        output: "the same module, canonicalized; gas ops are kept (IRDL ops have no traits)",
        // Nested (`any`): one small worklist per function, run in parallel;
        // on the whole module the greedy driver is several times slower.
        kind: StepKind::MlirPasses("any(canonicalize)"),
        options: &[],
    },
    Step {
        name: "cse",
        summary: "MLIR's common subexpression elimination, on each function in parallel",
        input: "any verified module",
        output: "the same module without duplicate pure ops",
        kind: StepKind::MlirPasses("any(cse)"),
        options: &[],
    },
];

/// Every preset `--pipeline` can name.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "verify",
        summary: "parse and verify only (the LLVM dialect and the gas dialect's own rules)",
        pass_pipeline: "builtin.module()",
    },
    Preset {
        name: "O0",
        summary: "raise, lower: every generic access becomes a run-time switch on the tag",
        pass_pipeline: "builtin.module(gas-raise,gas-lower)",
    },
    Preset {
        name: "O2",
        summary: "raise, check, every resolution set, lower, then MLIR's canonicalize and CSE",
        pass_pipeline: "builtin.module(gas-raise,gas-check,gas-explicit-cast-tags,\
                        gas-propagate,gas-builtin-calls,gas-private-branch-elision,\
                        gas-static-global,gas-async-copy-simplify,gas-lower,\
                        any(canonicalize),any(cse))",
    },
];

/// The pipeline `gas-opt` runs when none is named.
pub const DEFAULT_PIPELINE: &str = "O2";

/// The prefix of gas's pass names: set `propagate` is pass `gas-propagate`.
pub const PASS_PREFIX: &str = "gas-";

/// The options gas passes take, each also a `gas-opt` flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKey {
    /// `target=spir|spir-igc|nvptx|amdgpu` (`--target`).
    Target,
    /// `closed-world=auto|always|never` (`--closed-world`).
    ClosedWorld,
    /// `clone-budget=N` (`--clone-budget`).
    CloneBudget,
    /// `builtins=generic|named` (`--builtins`).
    Builtins,
    /// `named-atomics=true|false` (`--named-atomics`).
    NamedAtomics,
    /// `host-pointers=assumed|unknown` (`--no-host-pointer-assumptions`:
    /// `unknown`): what the target assumes about pointers the host hands
    /// kernels. Applied after `target`, whatever the order.
    HostPointers,
}

impl OptionKey {
    const ALL: [Self; 6] = [
        Self::Target,
        Self::ClosedWorld,
        Self::CloneBudget,
        Self::Builtins,
        Self::NamedAtomics,
        Self::HostPointers,
    ];

    /// The option's name in a pass's `{...}`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Target => "target",
            Self::ClosedWorld => "closed-world",
            Self::CloneBudget => "clone-budget",
            Self::Builtins => "builtins",
            Self::NamedAtomics => "named-atomics",
            Self::HostPointers => "host-pointers",
        }
    }

    pub(crate) fn named(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|key| key.name() == name)
    }

    /// One line on the option and the values it takes (`mlir-opt --help`).
    pub fn summary(self) -> &'static str {
        match self {
            Self::Target => "address-space numbering and backend contract: spir, spir-igc, nvptx or amdgpu (default: the module's triple)",
            Self::ClosedWorld => "whether every call of a non-kernel function is in the module: auto (when it has kernels), always or never",
            Self::CloneBudget => "operations propagate may add by cloning helpers (default: the module's size, at least 2000)",
            Self::Builtins => "builtin calls of unknown space: generic (keep the generic call) or named (switch on the space, call the named overloads)",
            Self::NamedAtomics => "whether the builtin library has OpenCL 3.0's named overloads of the C11 atomics: true or false",
            Self::HostPointers => "what kernels' pointers from the host point to: assumed (the target's rules) or unknown",
        }
    }

    /// Sets this option to `value` in `config`; the error says what values
    /// it takes.
    pub(crate) fn apply(self, value: &str, config: &mut StepConfig) -> Result<(), String> {
        let expected = |values: &str| format!("`{}={value}`: expected {values}", self.name());
        match self {
            Self::Target => {
                config.address_spaces = AddressSpaceMap::named(value)
                    .ok_or_else(|| expected("spir, spir-igc, nvptx or amdgpu"))?;
                config.explicit_target = true;
            }
            Self::ClosedWorld => {
                config.closed_world = match value {
                    "auto" => ClosedWorld::WhenKernels,
                    "always" => ClosedWorld::Always,
                    "never" => ClosedWorld::Never,
                    _ => return Err(expected("auto, always or never")),
                };
            }
            Self::CloneBudget => {
                config.clone_budget = Some(
                    value
                        .parse()
                        .map_err(|_| expected("a number of operations"))?,
                );
            }
            Self::Builtins => {
                config.unknown_builtin_space = match value {
                    "generic" => UnknownSpace::KeepGeneric,
                    "named" => UnknownSpace::DispatchToNamed,
                    _ => return Err(expected("generic or named")),
                };
            }
            Self::NamedAtomics => {
                config.named_atomics = match value {
                    "true" | "1" => true,
                    "false" | "0" => false,
                    _ => return Err(expected("true or false")),
                };
            }
            Self::HostPointers => {
                config.host_pointers_unknown = match value {
                    "assumed" => false,
                    "unknown" => true,
                    _ => return Err(expected("assumed or unknown")),
                };
            }
        }
        Ok(())
    }
}

/// A gas pass's options, checked against what its step takes; applied on
/// top of the driver's configuration.
#[derive(Clone, Debug, Default)]
pub struct StepOptions(Vec<(OptionKey, String)>);

impl StepOptions {
    /// Reads the text between a pass's braces (`clone-budget=100 closed-world=never`).
    pub fn parse(step: &Step, text: &str) -> Result<Self, PipelineError> {
        let pass = pass_name(step);
        let mut options = Vec::new();
        let mut scratch = StepConfig::default();
        for (key, value) in crate::pass_pipeline::options(text) {
            let bad = |message: String| PipelineError::BadPassOption {
                pass: pass.clone(),
                message,
            };
            let option = OptionKey::named(&key)
                .filter(|option| step.options.contains(option))
                .ok_or_else(|| {
                    let known: Vec<_> = step.options.iter().map(|key| key.name()).collect();
                    bad(format!(
                        "no option `{key}` (it takes: {})",
                        known.join(", ")
                    ))
                })?;
            option.apply(&value, &mut scratch).map_err(bad)?;
            options.push((option, value));
        }
        Ok(Self(options))
    }

    /// `config` with these options set.
    pub fn apply(&self, mut config: StepConfig) -> StepConfig {
        // `target` first: it replaces the whole map, which `host-pointers`
        // (or the driver's `--no-host-pointer-assumptions`) then amends.
        let (targets, others): (Vec<_>, Vec<_>) = self
            .0
            .iter()
            .partition(|(option, _)| *option == OptionKey::Target);
        for (option, value) in targets.into_iter().chain(others) {
            // Checked when parsed.
            let _ = option.apply(value, &mut config);
        }
        if config.host_pointers_unknown {
            config.address_spaces = config.address_spaces.without_host_pointer_assumptions();
        }
        config
    }

    pub(crate) fn text(&self) -> String {
        let pairs: Vec<String> = self
            .0
            .iter()
            .map(|(key, value)| format!("{}={value}", key.name()))
            .collect();
        pairs.join(" ")
    }
}

/// The pass name of a gas step (`gas-propagate`).
pub fn pass_name(step: &Step) -> String {
    format!("{PASS_PREFIX}{}", step.name)
}

/// The gas set (not an MLIR step) called `name`.
pub fn gas_step(name: &str) -> Option<&'static Step> {
    STEPS
        .iter()
        .find(|step| step.name == name && !matches!(step.kind, StepKind::MlirPasses(_)))
}

/// The names of gas's passes, for error messages and `--help`.
pub fn gas_pass_names() -> String {
    STEPS
        .iter()
        .filter(|step| !matches!(step.kind, StepKind::MlirPasses(_)))
        .map(pass_name)
        .collect::<Vec<_>>()
        .join(", ")
}

pub(crate) fn step(name: &str) -> Result<&'static Step, PipelineError> {
    STEPS
        .iter()
        .find(|step| step.name == name)
        .ok_or_else(|| PipelineError::UnknownStep {
            word: name.to_string(),
            known: known_names(),
        })
}

/// The preset and step names, for error messages and `--help`.
pub fn known_names() -> String {
    let presets = PRESETS.iter().map(|preset| preset.name);
    let steps = STEPS.iter().map(|step| step.name);
    presets.chain(steps).collect::<Vec<_>>().join(", ")
}

/// Runs one gas step on `module` directly (the gas passes call this).
#[tracing::instrument(skip_all, fields(step = step.name))]
pub fn run_step(
    step: &Step,
    context: &Context,
    module: &mut Module,
    config: &StepConfig,
) -> Result<StepReport, PipelineError> {
    match step.kind {
        StepKind::MlirPasses(passes) => {
            gas_patterns::ir::adapter::register_mlir_passes();
            let manager = PassManager::new(context);
            parse_pass_pipeline(
                manager.as_operation_pass_manager(),
                &format!("builtin.module({passes})"),
            )
            .map_err(|source| PipelineError::PassPipeline {
                step: step.name,
                source,
            })?;
            manager
                .run(module)
                .map(|()| StepReport::default())
                .map_err(|_| PipelineError::StepFailed {
                    step: step.name.to_string(),
                })
        }
        StepKind::PatternSet(run) => run(context, module, config).map(|stats| StepReport {
            stats,
            warnings: Vec::new(),
        }),
        StepKind::Check(check) => {
            let warnings = check(module, config);
            Ok(StepReport {
                stats: vec![format!("{} warning(s)", warnings.len())],
                warnings,
            })
        }
    }
}
