//! Pipelines are data: an ordered list of steps, each a gas pattern set or an
//! MLIR pass pipeline, named in one registry that drives both `gas-opt` and
//! the tests.

use crate::diagnostics::SourceLocation;
use crate::PipelineError;
use gas_dialect::AddressSpaceMap;
use gas_patterns::builtin_calls::{BuiltinOptions, UnknownSpace};
use gas_patterns::explain::RemarkKind;
use gas_patterns::propagate::analysis::ClosedWorld;
use gas_patterns::propagate::PropagateOptions;
use melior::ir::Module;
use melior::pass::PassManager;
use melior::utility::{parse_pass_pipeline, register_all_passes};
use melior::Context;

/// What every step may read besides the module: the target's address-space
/// numbering and whether the program is a closed world.
#[derive(Clone, Copy, Debug, Default)]
pub struct StepConfig {
    pub address_spaces: AddressSpaceMap,
    pub closed_world: ClosedWorld,
    /// Operations `propagate`'s cloning may add (its default when `None`).
    pub clone_budget: Option<usize>,
    /// What `builtin-calls` does where a pointer's space is unknown.
    pub unknown_builtin_space: UnknownSpace,
    /// Whether the builtin library has named overloads of the C11 atomics.
    pub named_atomics: bool,
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
    pub location: SourceLocation,
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
    pub stats: Vec<String>,
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
    pub name: &'static str,
    pub summary: &'static str,
    /// What the step expects of its input.
    pub input: &'static str,
    /// What the step guarantees of its output.
    pub output: &'static str,
    pub kind: StepKind,
}

/// A named, ordered list of steps.
#[derive(Clone, Copy)]
pub struct Preset {
    pub name: &'static str,
    pub summary: &'static str,
    pub steps: &'static [&'static str],
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
    },
    Step {
        name: "canonicalize",
        summary: "MLIR's canonicalizer, on each function and global initializer in parallel",
        input: "any verified module",
        output: "the same module, canonicalized; gas ops are kept (IRDL ops have no traits)",
        // Nested (`any`): one small worklist per function, run in parallel;
        // on the whole module the greedy driver is several times slower.
        kind: StepKind::MlirPasses("any(canonicalize)"),
    },
    Step {
        name: "cse",
        summary: "MLIR's common subexpression elimination, on each function in parallel",
        input: "any verified module",
        output: "the same module without duplicate pure ops",
        kind: StepKind::MlirPasses("any(cse)"),
    },
];

/// Every preset `--pipeline` can name.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "verify",
        summary: "parse and verify only (the LLVM dialect and the gas dialect's own rules)",
        steps: &[],
    },
    Preset {
        name: "O0",
        summary: "raise, lower: every generic access becomes a run-time switch on the tag",
        steps: &[gas_patterns::raise::SET, gas_patterns::lower::SET],
    },
    Preset {
        name: "O2",
        summary: "raise, check, every resolution set, lower, then MLIR's canonicalize and CSE",
        steps: &[
            gas_patterns::raise::SET,
            gas_patterns::check::SET,
            gas_patterns::explicit_cast_tags::SET,
            gas_patterns::propagate::SET,
            gas_patterns::builtin_calls::SET,
            gas_patterns::private_branch_elision::SET,
            gas_patterns::static_global::SET,
            gas_patterns::async_copy_simplify::SET,
            gas_patterns::lower::SET,
            "canonicalize",
            "cse",
        ],
    },
];

/// The pipeline `gas-opt` runs when none is named.
pub const DEFAULT_PIPELINE: &str = "O2";

/// A pipeline resolved from its name or from a comma list of step names.
#[derive(Clone)]
pub struct Pipeline {
    pub name: String,
    pub steps: Vec<&'static Step>,
}

impl Pipeline {
    /// Resolves `spec`: a preset name, or a comma-separated list of step names.
    /// An unknown word is an error naming it.
    pub fn parse(spec: &str) -> Result<Self, PipelineError> {
        if let Some(preset) = PRESETS.iter().find(|preset| preset.name == spec) {
            let steps = preset
                .steps
                .iter()
                .map(|name| step(name))
                .collect::<Result<_, _>>()?;
            return Ok(Self {
                name: preset.name.to_string(),
                steps,
            });
        }
        let steps = spec
            .split(',')
            .map(|word| step(word.trim()))
            .collect::<Result<_, _>>()?;
        Ok(Self {
            name: spec.to_string(),
            steps,
        })
    }
}

fn step(name: &str) -> Result<&'static Step, PipelineError> {
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

/// Runs one step on `module`.
#[tracing::instrument(skip_all, fields(step = step.name))]
pub fn run_step(
    step: &Step,
    context: &Context,
    module: &mut Module,
    config: &StepConfig,
) -> Result<StepReport, PipelineError> {
    match step.kind {
        StepKind::MlirPasses(passes) => {
            register_all_passes();
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
                .map_err(|_| PipelineError::StepFailed { step: step.name })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_name_only_known_steps() {
        for preset in PRESETS {
            assert!(Pipeline::parse(preset.name).is_ok(), "{}", preset.name);
        }
    }

    #[test]
    fn comma_lists_resolve_in_order() {
        let pipeline = Pipeline::parse("cse,canonicalize").expect("known steps");
        let names: Vec<_> = pipeline.steps.iter().map(|step| step.name).collect();
        assert_eq!(names, ["cse", "canonicalize"]);
    }

    #[test]
    fn unknown_words_are_named() {
        let Err(error) = Pipeline::parse("cse,frobnicate") else {
            panic!("an unknown step must not resolve");
        };
        assert!(error.to_string().contains("`frobnicate`"), "{error}");
    }
}
