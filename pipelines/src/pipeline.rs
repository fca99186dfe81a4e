//! A pipeline: the ordered stages `gas-opt` runs, each a gas set (as its
//! pass) or MLIR passes, read from a preset, a list of steps or a textual
//! pass pipeline. Built on the [`crate::registry`] of steps.

use crate::error::PipelineError;
use crate::pass_pipeline::Element;
use crate::registry::{
    gas_pass_names, gas_step, pass_name, step, Step, StepKind, StepOptions, PASS_PREFIX, PRESETS,
    STEPS,
};

/// One stage of a pipeline: a gas pass, or MLIR passes given as pipeline
/// elements. The driver verifies and times stage by stage.
#[derive(Clone)]
pub enum Stage {
    /// A gas set, run as its MLIR pass.
    Gas {
        /// The set.
        step: &'static Step,
        /// Its pass options, on top of the driver's configuration.
        options: StepOptions,
    },
    /// MLIR's passes (`any(canonicalize)`), named after the registry step
    /// they are (`canonicalize`) or their text.
    Mlir {
        /// The name `--timing` and `--stats` use.
        name: String,
        /// The passes, as MLIR's pipeline parser reads them.
        elements: String,
    },
}

impl Stage {
    /// The name `--timing` and `--stats` use.
    pub fn name(&self) -> &str {
        match self {
            Self::Gas { step, .. } => step.name,
            Self::Mlir { name, .. } => name,
        }
    }

    /// Whether this stage is gas's set `set`.
    pub fn is_set(&self, set: &str) -> bool {
        matches!(self, Self::Gas { step, .. } if step.name == set)
    }

    /// The stage as a textual pipeline element.
    pub fn text(&self) -> String {
        match self {
            Self::Gas { step, options } => {
                let options = options.text();
                if options.is_empty() {
                    pass_name(step)
                } else {
                    format!("{}{{{options}}}", pass_name(step))
                }
            }
            Self::Mlir { elements, .. } => elements.clone(),
        }
    }

    fn of_step(step: &'static Step) -> Self {
        match step.kind {
            StepKind::MlirPasses(elements) => Self::Mlir {
                name: step.name.to_string(),
                elements: elements.to_string(),
            },
            StepKind::PatternSet(_) | StepKind::Check(_) => Self::Gas {
                step,
                options: StepOptions::default(),
            },
        }
    }
}

/// A pipeline resolved from a preset, a comma list of step names or a
/// textual pass pipeline.
#[derive(Clone)]
pub struct Pipeline {
    /// The preset's name or the text given.
    pub name: String,
    /// What runs, in order.
    pub stages: Vec<Stage>,
}

impl Pipeline {
    /// Resolves `spec`: a preset name, or a comma-separated list of step names.
    /// An unknown word is an error naming it.
    pub fn parse(spec: &str) -> Result<Self, PipelineError> {
        if let Some(preset) = PRESETS.iter().find(|preset| preset.name == spec) {
            let mut pipeline = Self::parse_pass_pipeline(preset.pass_pipeline)?;
            pipeline.name = preset.name.to_string();
            return Ok(pipeline);
        }
        let stages = spec
            .split(',')
            .map(|word| step(word.trim()).map(Stage::of_step))
            .collect::<Result<_, _>>()?;
        Ok(Self {
            name: spec.to_string(),
            stages,
        })
    }

    /// Resolves a textual pass pipeline on `builtin.module` (mlir-opt's
    /// `--pass-pipeline`), mixing gas passes (`gas-propagate{clone-budget=100}`)
    /// and MLIR's. Gas passes run on the whole module, so they may not be
    /// nested. MLIR's passes are checked against MLIR's registry here.
    pub fn parse_pass_pipeline(text: &str) -> Result<Self, PipelineError> {
        let (anchor, elements) = crate::pass_pipeline::parse(text)?;
        if anchor != "builtin.module" {
            return Err(PipelineError::BadPassPipeline {
                pipeline: text.to_string(),
                message: format!("gas-opt runs on modules: anchor the pipeline on `builtin.module`, not `{anchor}`"),
            });
        }
        let mut stages = Vec::new();
        for element in &elements {
            stages.extend(stages_of_element(element)?);
        }
        let upstream: Vec<&str> = stages
            .iter()
            .filter_map(|stage| match stage {
                Stage::Mlir { elements, .. } => Some(elements.as_str()),
                Stage::Gas { .. } => None,
            })
            .collect();
        crate::pass_pipeline::check_mlir_elements(&upstream.join(","))?;
        Ok(Self {
            name: text.to_string(),
            stages,
        })
    }

    /// The pipeline as `--pass-pipeline` text.
    pub fn pass_pipeline(&self) -> String {
        let elements: Vec<String> = self.stages.iter().map(Stage::text).collect();
        format!("builtin.module({})", elements.join(","))
    }
}

/// The stages one top-level element of a textual pipeline is: itself, or
/// for `gpu.module(...)` holding gas passes, its elements one by one (a gas
/// stage on a module resolves each of its `gpu.module`s; MLIR's passes stay
/// nested).
fn stages_of_element(element: &Element) -> Result<Vec<Stage>, PipelineError> {
    match element {
        Element::Nested { anchor, elements }
            if anchor == crate::gpu::DEVICE_MODULE
                && element
                    .passes()
                    .iter()
                    .any(|pass| pass.starts_with(PASS_PREFIX)) =>
        {
            let mut stages = Vec::new();
            for inner in elements {
                stages.extend(match inner {
                    Element::Pass { name, .. } if name.starts_with(PASS_PREFIX) => {
                        vec![stage_of_element(inner)?]
                    }
                    _ => {
                        let nested = Element::Nested {
                            anchor: anchor.clone(),
                            elements: vec![inner.clone()],
                        };
                        vec![stage_of_element(&nested)?]
                    }
                });
            }
            Ok(stages)
        }
        _ => Ok(vec![stage_of_element(element)?]),
    }
}

/// The stage one element of a textual pipeline is.
fn stage_of_element(element: &Element) -> Result<Stage, PipelineError> {
    use Element;
    if let Element::Pass { name, options } = element {
        if let Some(set) = name.strip_prefix(PASS_PREFIX) {
            let step = gas_step(set).ok_or_else(|| PipelineError::UnknownPass {
                word: name.clone(),
                known: gas_pass_names(),
            })?;
            return Ok(Stage::Gas {
                step,
                options: StepOptions::parse(step, options)?,
            });
        }
    }
    refuse_nested_gas_passes(element)?;
    let elements = element.text();
    let name = STEPS
        .iter()
        .find(|step| matches!(step.kind, StepKind::MlirPasses(text) if text == elements))
        .map_or_else(|| elements.clone(), |step| step.name.to_string());
    Ok(Stage::Mlir { name, elements })
}

/// Gas passes run on the whole module: one inside a nested pipeline
/// (`func.func(gas-raise)`) is an error naming it.
pub(crate) fn refuse_nested_gas_passes(element: &Element) -> Result<(), PipelineError> {
    match element
        .passes()
        .into_iter()
        .find(|pass| pass.starts_with(PASS_PREFIX))
    {
        Some(pass) => Err(PipelineError::NestedGasPass {
            pass: pass.to_string(),
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::StepConfig;
    use gas_dialect::AddressSpaceMap;
    use gas_patterns::analysis::ClosedWorld;

    #[test]
    fn presets_name_only_known_steps() {
        for preset in PRESETS {
            assert!(Pipeline::parse(preset.name).is_ok(), "{}", preset.name);
        }
    }

    #[test]
    fn comma_lists_resolve_in_order() {
        let pipeline = Pipeline::parse("cse,canonicalize").expect("known steps");
        let names: Vec<_> = pipeline.stages.iter().map(Stage::name).collect();
        assert_eq!(names, ["cse", "canonicalize"]);
    }

    #[test]
    fn unknown_words_are_named() {
        let Err(error) = Pipeline::parse("cse,frobnicate") else {
            panic!("an unknown step must not resolve");
        };
        assert!(error.to_string().contains("`frobnicate`"), "{error}");
    }

    #[test]
    fn o2_is_the_same_stages_as_its_steps_named_one_by_one() {
        let preset = Pipeline::parse("O2").expect("O2");
        let by_steps = Pipeline::parse(
            "raise,check,explicit-cast-tags,propagate,builtin-calls,private-branch-elision,\
             static-global,async-copy-simplify,lower,canonicalize,cse",
        )
        .expect("known steps");
        assert_eq!(preset.pass_pipeline(), by_steps.pass_pipeline());
        let names: Vec<_> = preset.stages.iter().map(Stage::name).collect();
        assert_eq!(names.last(), Some(&"cse"));
    }

    #[test]
    fn host_pointers_unknown_holds_whatever_the_order_of_target() {
        let unknown = AddressSpaceMap::NVPTX64.without_host_pointer_assumptions();
        for text in [
            "builtin.module(gas-propagate{host-pointers=unknown target=nvptx})",
            "builtin.module(gas-propagate{target=nvptx host-pointers=unknown})",
        ] {
            let pipeline = Pipeline::parse_pass_pipeline(text).expect("valid");
            let Stage::Gas { options, .. } = &pipeline.stages[0] else {
                panic!("gas-propagate is a gas stage");
            };
            let config = options.apply(StepConfig::default());
            assert_eq!(config.address_spaces, unknown, "{text}");
        }
        // The driver's --no-host-pointer-assumptions survives a pass's target.
        let pipeline = Pipeline::parse_pass_pipeline("builtin.module(gas-propagate{target=nvptx})")
            .expect("valid");
        let Stage::Gas { options, .. } = &pipeline.stages[0] else {
            panic!("gas-propagate is a gas stage");
        };
        let driver = StepConfig {
            address_spaces: AddressSpaceMap::AMDGPU.without_host_pointer_assumptions(),
            host_pointers_unknown: true,
            ..StepConfig::default()
        };
        assert_eq!(options.apply(driver).address_spaces, unknown);
        // A driver on SPIR (whose host rules are already "unknown") with a
        // pass's target=nvptx: NVPTX's rules hold.
        assert_eq!(
            options.apply(StepConfig::default()).address_spaces,
            AddressSpaceMap::NVPTX64
        );
    }

    #[test]
    fn pass_pipelines_mix_gas_and_mlir_passes_with_options() {
        let text = "builtin.module(gas-raise{target=nvptx},canonicalize,\
                    gas-propagate{closed-world=never clone-budget=10},func.func(cse))";
        let pipeline = Pipeline::parse_pass_pipeline(text).expect("valid");
        assert_eq!(pipeline.pass_pipeline(), text);
        let Stage::Gas { options, .. } = &pipeline.stages[2] else {
            panic!("gas-propagate is a gas stage");
        };
        let config = options.apply(StepConfig::default());
        assert_eq!(config.clone_budget, Some(10));
        assert_eq!(config.closed_world, ClosedWorld::Never);
    }

    #[test]
    fn bad_pass_pipelines_name_the_bad_word() {
        for (text, word) in [
            (
                "builtin.module(gas-raise,gas-frobnicate)",
                "`gas-frobnicate`",
            ),
            ("builtin.module(gas-raise,frobnicate)", "frobnicate"),
            (
                "builtin.module(gas-propagate{clone-budget=many})",
                "clone-budget=many",
            ),
            (
                "builtin.module(gas-lower{closed-world=never})",
                "`closed-world`",
            ),
            ("builtin.module(func.func(gas-raise))", "`gas-raise`"),
            ("func.func(cse)", "`func.func`"),
        ] {
            let error = Pipeline::parse_pass_pipeline(text)
                .err()
                .unwrap_or_else(|| panic!("{text} must not resolve"))
                .to_string();
            assert!(error.contains(word), "{text}: {error}");
        }
    }
}
