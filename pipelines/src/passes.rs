//! gas's sets as MLIR passes, for any [`PassManager`](melior::pass::PassManager): `gas-raise`,
//! `gas-propagate{closed-world=always}`, `gas-lower{target=nvptx}`, ... next
//! to MLIR's own passes.
//!
//! MLIR's C API can run passes written outside MLIR but cannot register
//! their names with its textual pipeline parser, so [`GasPasses`] reads
//! textual pipelines itself ([`GasPasses::add_pipeline`]): gas passes become
//! external passes, the rest goes to MLIR's parser. Each gas pass runs on a
//! whole `builtin.module` (the sets read the module's call graph); run on
//! any other op, it reports an error there and fails.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use gas_pipelines::passes::GasPasses;
//! let context = gas_pipelines::driver::new_context()?;
//! let mut module = melior::ir::Module::parse(&context, r#"
//!   llvm.func @load(%p: !llvm.ptr<4>) -> i32 {
//!     %v = llvm.load %p : !llvm.ptr<4> -> i32
//!     llvm.return %v : i32
//!   }"#).ok_or("parse")?;
//! let manager = melior::pass::PassManager::new(&context);
//! let passes = GasPasses::new(Default::default());
//! passes.add_pipeline(manager.as_operation_pass_manager(), "gas-raise,canonicalize,gas-lower")?;
//! manager.run(&mut module)?;
//! assert!(module.as_operation().to_string().contains("llvm.switch"));
//! # Ok(())
//! # }
//! ```

use crate::error::PipelineError;
use crate::ffi;
use crate::gpu;
use crate::pass_pipeline::{check_mlir_elements, parse_elements, Element};
use crate::pipeline::{refuse_nested_gas_passes, Stage};
use crate::registry::{
    gas_pass_names, gas_step, pass_name, run_step, Step, StepConfig, StepOptions, StepReport,
    PASS_PREFIX, STEPS,
};
use gas_dialect::AddressSpaceMap;
use melior::ir::operation::OperationLike;
use melior::ir::r#type::TypeId;
use melior::ir::{Module, OperationRef};
use melior::pass::{ExternalPass, OperationPassManager, Pass, RunExternalPass};
use melior::ContextRef;
use std::sync::{Arc, Mutex, PoisonError};

/// What gas passes reported while they ran, in order.
#[derive(Debug, Default)]
pub struct Reports {
    /// Each pass's `--stats` lines and warnings, by set name.
    pub steps: Vec<(&'static str, StepReport)>,
    /// The first failure, when the driver keeps errors to render them.
    pub error: Option<PipelineError>,
}

/// Makes gas passes that share one configuration (the defaults of their
/// options) and collect their reports.
#[derive(Clone)]
pub struct GasPasses {
    config: StepConfig,
    reports: Arc<Mutex<Reports>>,
    /// Embedders get errors as MLIR diagnostics and gas's verifier after
    /// each pass; `gas-opt` renders errors and verifies itself.
    standalone: bool,
}

impl GasPasses {
    /// Passes for an embedder's pass manager: a failure is reported as an
    /// MLIR error at the module (or the ops concerned), and gas's own
    /// verifier runs after each pass (MLIR's runs if the manager verifies).
    pub fn new(config: StepConfig) -> Self {
        Self {
            config,
            reports: Arc::default(),
            standalone: true,
        }
    }

    /// Passes for `gas-opt`'s driver, which renders errors and verifies.
    pub(crate) fn for_driver(config: StepConfig) -> Self {
        Self {
            standalone: false,
            ..Self::new(config)
        }
    }

    /// The pass `name` (`gas-propagate`) with `options` (the text between
    /// its braces, `clone-budget=100`).
    pub fn create(&self, name: &str, options: &str) -> Result<Pass, PipelineError> {
        let (step, options) = resolve(name, options)?;
        Ok(self.create_step(step, &options))
    }

    /// The pass of `step`, with `options` on top of the shared configuration.
    pub fn create_step(&self, step: &'static Step, options: &StepOptions) -> Pass {
        let pass = GasPass {
            step,
            config: options.apply(self.config),
            reports: Arc::clone(&self.reports),
            standalone: self.standalone,
        };
        let name = pass_name(step);
        // Any op: a gas pass checks that it runs on a module itself and says
        // so (a pass restricted to `builtin.module` added to a function's
        // pass manager would abort in MLIR instead).
        gas_patterns::ir::adapter::external_pass(
            pass,
            TypeId::create(pass_id(step)),
            &name,
            &name,
            step.summary,
        )
    }

    /// Adds textual pipeline elements mixing gas and MLIR passes
    /// (`gas-raise,canonicalize,gas-propagate{closed-world=never},func.func(cse)`)
    /// to `manager`, which must run on `builtin.module` (or be a top-level
    /// pass manager, run on a module) if a gas pass is among them. Errors
    /// name the bad word; nothing is added then.
    pub fn add_pipeline(
        &self,
        manager: OperationPassManager,
        elements: &str,
    ) -> Result<(), PipelineError> {
        let elements = parse_elements(elements)?;
        // A top-level pass manager is op-agnostic (`any`); one nested under
        // `any` is too, and there a gas pass reports the op it was given.
        let anchor = ffi::anchor_of(manager);
        let takes_gas =
            anchor == "builtin.module" || anchor == "any" || anchor == gpu::DEVICE_MODULE;
        // Everything is checked before the first pass is made: a `Pass` not
        // handed to a manager is never freed (MLIR's C API has no call for it).
        let passes = plan(&elements, takes_gas)?;
        gas_patterns::ir::adapter::register_mlir_passes();
        self.add_planned(manager, passes)
    }

    fn add_planned(
        &self,
        manager: OperationPassManager,
        passes: Vec<Planned>,
    ) -> Result<(), PipelineError> {
        for planned in passes {
            match planned {
                Planned::Gas(step, options) => manager.add_pass(self.create_step(step, &options)),
                Planned::Mlir(text) => ffi::add_pipeline(manager, &text)
                    .map_err(|message| PipelineError::MlirPassPipeline { message })?,
                Planned::Device(inner) => {
                    self.add_planned(manager.nested_under(gpu::DEVICE_MODULE), inner)?;
                }
            }
        }
        Ok(())
    }

    /// What the passes reported since the last call.
    pub fn take_reports(&self) -> Reports {
        std::mem::take(&mut *self.reports.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

enum Planned {
    Gas(&'static Step, StepOptions),
    Mlir(String),
    /// `gpu.module(...)` holding gas passes.
    Device(Vec<Planned>),
}

/// The passes of `elements`, checked (MLIR's against its registry); gas
/// passes only where `takes_gas` (a manager on modules) or nested under
/// `gpu.module`.
fn plan(elements: &[Element], takes_gas: bool) -> Result<Vec<Planned>, PipelineError> {
    let mut passes = Vec::new();
    for element in elements {
        passes.push(match element {
            Element::Pass { name, options } if name.starts_with(PASS_PREFIX) => {
                if !takes_gas {
                    return Err(PipelineError::NestedGasPass { pass: name.clone() });
                }
                let (step, options) = resolve(name, options)?;
                Planned::Gas(step, options)
            }
            Element::Nested { anchor, elements }
                if anchor == gpu::DEVICE_MODULE
                    && element
                        .passes()
                        .iter()
                        .any(|pass| pass.starts_with(PASS_PREFIX)) =>
            {
                Planned::Device(plan(elements, true)?)
            }
            _ => {
                refuse_nested_gas_passes(element)?;
                let text = element.text();
                check_mlir_elements(&text)?;
                Planned::Mlir(text)
            }
        });
    }
    Ok(passes)
}

/// The step of the gas pass `name` and its `options`, checked.
fn resolve(name: &str, options: &str) -> Result<(&'static Step, StepOptions), PipelineError> {
    let step = name
        .strip_prefix(PASS_PREFIX)
        .and_then(gas_step)
        .ok_or_else(|| PipelineError::UnknownPass {
            word: name.to_string(),
            known: gas_pass_names(),
        })?;
    let options = StepOptions::parse(step, options)?;
    Ok((step, options))
}

/// One address per step for the passes' MLIR type ids.
#[repr(align(8))]
struct PassId(#[allow(dead_code)] u8);

static PASS_IDS: [PassId; STEPS.len()] = [const { PassId(0) }; STEPS.len()];

fn pass_id(step: &Step) -> &'static PassId {
    let index = STEPS
        .iter()
        .position(|known| std::ptr::eq(known, step))
        .unwrap_or(0);
    &PASS_IDS[index]
}

/// One gas set as an external pass.
#[derive(Clone)]
struct GasPass {
    step: &'static Step,
    config: StepConfig,
    reports: Arc<Mutex<Reports>>,
    standalone: bool,
}

impl<'c> RunExternalPass<'c> for GasPass {
    fn initialize(&mut self, _context: ContextRef<'c>) {}

    fn run(&mut self, operation: OperationRef<'c, '_>, pass: ExternalPass<'_>) {
        if !self.run_on(operation) {
            pass.signal_failure();
        }
    }
}

impl GasPass {
    /// Runs the set on `operation`: a `builtin.module`, or a `gpu.module`
    /// (each of a module's `gpu.module`s when it has any: device code is
    /// resolved one GPU module at a time, host code is left alone); false
    /// if it failed (reported as MLIR diagnostics, or kept for the driver).
    fn run_on(&self, operation: OperationRef<'_, '_>) -> bool {
        let name = pass_name(self.step);
        let _span = tracing::info_span!("pass", pass = %name).entered();
        let op_name = gas_patterns::ir::name_of(&operation);
        match op_name {
            "builtin.module" => {
                let devices = gpu::device_modules(operation);
                if devices.is_empty() {
                    self.run_on_module(operation, &self.config)
                } else {
                    // Every one runs, so each reports its own errors.
                    let ran: Vec<bool> = devices
                        .into_iter()
                        .map(|device| self.run_on_device(device))
                        .collect();
                    ran.into_iter().all(|ran| ran)
                }
            }
            gpu::DEVICE_MODULE => self.run_on_device(operation),
            _ => {
                gas_dialect::verify::emit_error(
                    operation.location(),
                    &format!(
                        "`{name}` runs on builtin.module or {}, not on `{op_name}`",
                        gpu::DEVICE_MODULE
                    ),
                );
                false
            }
        }
    }

    /// Runs the set on the functions of `device` (a `gpu.module`), in a
    /// module of their own for the time of the set, with the device's
    /// target unless the configuration names one.
    fn run_on_device(&self, device: OperationRef<'_, '_>) -> bool {
        let mut config = self.config;
        if !config.explicit_target {
            if let Some(target) = gpu::target_of(device) {
                config.address_spaces = if config.host_pointers_unknown {
                    target.without_host_pointer_assumptions()
                } else {
                    target
                };
            }
        }
        gpu::with_functions_in_module(device, |module| self.run_on_module(module, &config))
    }

    /// Runs the set on `operation`, a `builtin.module`, under `config`.
    fn run_on_module(&self, operation: OperationRef<'_, '_>, config: &StepConfig) -> bool {
        let name = pass_name(self.step);
        let context = operation.context();
        let context = gas_patterns::ir::adapter::context_of(&context);
        let mut module = ffi::borrow_module(&operation);
        let result = run_step(self.step, context, &mut module, config);
        let mut reports = self.reports.lock().unwrap_or_else(PoisonError::into_inner);
        match result {
            Ok(report) => {
                reports.steps.push((self.step.name, report));
                !self.standalone
                    || gas_dialect::verify::verify(&module.as_operation(), &config.address_spaces)
                        .is_ok()
            }
            Err(error) => {
                if self.standalone {
                    if !error.is_reported() {
                        gas_dialect::verify::emit_error(
                            operation.location(),
                            &format!("{name}: {error}"),
                        );
                    }
                } else if reports.error.is_none() {
                    reports.error = Some(error);
                }
                false
            }
        }
    }
}

/// Runs the gas pass of `step` on `operation` as a pass in MLIR's own
/// registry runs it (the C API's `gasRegisterPasses`, `mlir-opt`'s plugin):
/// the target is the module's triple unless `options` name one, failures
/// are MLIR diagnostics, and gas's verifier runs after the set. False if it
/// failed.
pub fn run_registered(step: &'static Step, options: &StepOptions, operation: OperationRef) -> bool {
    let base = if gas_patterns::ir::name_of(&operation) == "builtin.module" {
        StepConfig {
            address_spaces: target_of_module(&ffi::borrow_module(&operation)),
            ..StepConfig::default()
        }
    } else {
        StepConfig::default()
    };
    GasPass {
        step,
        config: options.apply(base),
        reports: Arc::default(),
        standalone: true,
    }
    .run_on(operation)
}

/// The target the module's `llvm.target_triple` names, SPIR otherwise.
pub fn target_of_module(module: &Module) -> AddressSpaceMap {
    module
        .as_operation()
        .attribute("llvm.target_triple")
        .ok()
        // The printed form (`"spir64"`): melior's `value()` panics on an
        // empty string, which a module without a triple has.
        .map(|triple| triple.to_string())
        .and_then(|triple| AddressSpaceMap::of_triple(triple.trim_matches('"')))
        .unwrap_or_default()
}

/// Runs one stage of a pipeline on `module` through a pass manager: a gas
/// pass, or MLIR's passes. `verify`: MLIR verifies between the passes of
/// an MLIR stage (the driver verifies after each stage itself).
pub(crate) fn run_stage(
    stage: &Stage,
    context: &melior::Context,
    module: &mut melior::ir::Module,
    config: &StepConfig,
    verify: bool,
) -> Result<StepReport, PipelineError> {
    let manager = melior::pass::PassManager::new(context);
    match stage {
        Stage::Gas { step, options } => {
            manager.enable_verifier(false);
            let passes = GasPasses::for_driver(*config);
            manager.add_pass(passes.create_step(step, options));
            let ran = manager.run(module);
            let mut reports = passes.take_reports();
            if let Some(error) = reports.error {
                return Err(error);
            }
            ran.map_err(|_| PipelineError::StepFailed {
                step: step.name.to_string(),
            })?;
            Ok(reports
                .steps
                .pop()
                .map(|(_, report)| report)
                .unwrap_or_default())
        }
        Stage::Mlir { name, elements } => {
            manager.enable_verifier(verify);
            gas_patterns::ir::adapter::register_mlir_passes();
            ffi::add_pipeline(manager.as_operation_pass_manager(), elements)
                .map_err(|message| PipelineError::MlirPassPipeline { message })?;
            manager
                .run(module)
                .map_err(|_| PipelineError::StepFailed { step: name.clone() })?;
            if elements.contains("canonicalize") {
                erase_values_only_debug_records_use(context, module);
            }
            Ok(StepReport::default())
        }
    }
}

/// MLIR counts a debug record as a use of a value, LLVM does not: a value
/// whose other uses MLIR's canonicalizer folded away stays only for its
/// `llvm.intr.dbg.value` in a `-g` build, where the same code built without
/// debug info has lost it. It goes here too (its records describe the cast
/// operand or `poison`, as `gas_patterns::ir::erase_debug_only_values` says).
fn erase_values_only_debug_records_use(context: &melior::Context, module: &melior::ir::Module) {
    let mut functions = Vec::new();
    gas_patterns::ir::each_op(module.as_operation(), &mut |op| {
        if gas_patterns::ir::name_of(&op) == "llvm.func" {
            functions.push(op);
        }
    });
    for function in functions {
        gas_patterns::ir::erase_debug_only_values(context, function);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_are_read_from_pass_managers() {
        let context = melior::Context::new();
        let manager = melior::pass::PassManager::new(&context);
        assert_eq!(ffi::anchor_of(manager.as_operation_pass_manager()), "any");
        let functions = manager.nested_under("func.func");
        assert_eq!(ffi::anchor_of(functions), "func.func");
    }

    #[test]
    fn gas_passes_are_refused_under_functions() {
        let context = melior::Context::new();
        let manager = melior::pass::PassManager::new(&context);
        let passes = GasPasses::new(StepConfig::default());
        let functions = manager.nested_under("llvm.func");
        let error = passes
            .add_pipeline(functions, "canonicalize,gas-raise")
            .expect_err("gas-raise runs on modules");
        assert!(error.to_string().contains("`gas-raise`"), "{error}");
        let error = passes
            .add_pipeline(manager.as_operation_pass_manager(), "gas-raise,frobnicate")
            .expect_err("frobnicate is no pass");
        assert!(error.to_string().contains("'frobnicate'"), "{error}");
    }

    #[test]
    fn gas_passes_run_nested_under_gpu_modules() {
        let context = melior::Context::new();
        gas_dialect::load(&context).expect("the gas dialect loads");
        let source = "module attributes {gpu.container_module} {\n\
            gpu.module @device [#nvvm.target] {\n\
              llvm.func @read(%p: !llvm.ptr) -> f32 {\n\
                %v = llvm.load %p : !llvm.ptr -> f32\n\
                llvm.return %v : f32\n\
              }\n\
              llvm.func @k(%out: !llvm.ptr) attributes {nvvm.kernel} {\n\
                %v = llvm.call @read(%out) : (!llvm.ptr) -> f32\n\
                llvm.store %v, %out : f32, !llvm.ptr\n\
                llvm.return\n\
              }\n\
            }\n\
          }";
        let mut module = melior::ir::Module::parse(&context, source).expect("valid");
        let manager = melior::pass::PassManager::new(&context);
        GasPasses::new(StepConfig::default())
            .add_pipeline(
                manager.as_operation_pass_manager(),
                "gpu.module(gas-raise,gas-propagate,gas-lower)",
            )
            .expect("gas passes nest under gpu.module");
        manager.run(&mut module).expect("the passes run");
        // NVPTX from #nvvm.target: the kernel's pointer is global memory.
        let text = module.as_operation().to_string();
        assert!(
            text.contains("llvm.load %arg0 : !llvm.ptr<1> -> f32"),
            "{text}"
        );
    }

    #[test]
    fn gas_passes_nested_under_any_report_the_op() {
        let context = melior::Context::new();
        gas_dialect::load(&context).expect("the gas dialect loads");
        let collected = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let sink = std::rc::Rc::clone(&collected);
        context.attach_diagnostic_handler(move |diagnostic| {
            sink.borrow_mut().push(diagnostic.to_string());
            true
        });
        let mut module = melior::ir::Module::parse(&context, "llvm.func @f() {\n  llvm.return\n}")
            .expect("valid");
        let manager = melior::pass::PassManager::new(&context);
        let passes = GasPasses::new(StepConfig::default());
        passes
            .add_pipeline(manager.as_operation_pass_manager(), "any(canonicalize)")
            .expect("valid");
        manager
            .nested_under("any")
            .add_pass(passes.create("gas-raise", "").expect("known"));
        assert!(manager.run(&mut module).is_err());
        let collected = collected.borrow();
        assert!(
            collected.iter().any(|message| message
                .contains("`gas-raise` runs on builtin.module or gpu.module, not on `llvm.func`")),
            "{collected:?}"
        );
    }
}
