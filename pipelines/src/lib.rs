//! gas pipelines: gas's sets as MLIR passes, the registry of steps and
//! presets, and the `gas-opt` driver.
//!
//! This crate sits above the sets and the LLVM IR boundary (dialect ←
//! patterns ← pipelines ← capi; llvm ← pipelines). Its modules,
//! each using only those listed before it: the textual pipeline syntax
//! ([`pass_pipeline`]); the only list of pipeline steps ([`registry`]), used
//! by `gas-opt`, the passes and the tests alike; pipelines built from steps
//! ([`pipeline`]); the passes an embedder adds to its own MLIR pass manager
//! ([`passes`]); the driver ([`driver`]) that parses, runs a pipeline stage by stage, verifies
//! (after every stage with `--verify-each`, always the result) and prints;
//! and the parameters of gas as an LLVM pass ([`llvm_pass`]).
//! Output is produced only when every chunk succeeded or, with
//! `--verify-diagnostics`, when every expectation was met.
//!
//! # Example
//!
//! Running gas's sets on a module from an embedder's own pass manager, next
//! to MLIR's passes (`pipelines/examples/embed.rs` is a whole program):
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let context = gas_pipelines::driver::new_context()?;
//! # let mut module = melior::ir::Module::parse(&context,
//! #     "llvm.func @f(%p: !llvm.ptr<4>) -> i32 {\n\
//! #        %v = llvm.load %p : !llvm.ptr<4> -> i32\n llvm.return %v : i32\n}").ok_or("parse")?;
//! let manager = melior::pass::PassManager::new(&context);
//! gas_pipelines::passes::GasPasses::new(Default::default())
//!     .add_pipeline(manager.as_operation_pass_manager(), "gas-raise,gas-propagate,gas-lower,any(canonicalize)")?;
//! manager.run(&mut module)?;
//! # assert!(module.as_operation().to_string().contains("llvm.switch"));
//! # Ok(())
//! # }
//! ```

#![deny(missing_docs)]

pub mod diagnostics;
pub mod driver;
mod ffi;
pub mod gpu;
pub mod llvm_pass;
mod parse_guard;
pub mod pass_pipeline;
pub mod passes;
pub mod pipeline;
pub mod registry;

/// The LLVM IR boundary (`.ll`/`.bc` in and out, in process, keeping what
/// MLIR drops): the `gas-llvm` crate.
pub use gas_llvm as llvm;

pub use driver::{
    process, ClosedWorld, Emit, InputFormat, Options, Outcome, RemarkKind, UnknownSpace,
};
pub use pipeline::Pipeline;
pub use registry::DEFAULT_PIPELINE;

use thiserror::Error;

/// Errors of the pipelines crate.
#[derive(Debug, Error)]
pub enum PipelineError {
    /// `--pipeline` named neither a preset nor a step.
    #[error("unknown pipeline or step `{word}` (known: {known})")]
    UnknownStep {
        /// The word as given.
        word: String,
        /// The presets and steps there are.
        known: String,
    },
    /// A `gas-` pass name that is not one of gas's passes.
    #[error("unknown gas pass `{word}` (known: {known})")]
    UnknownPass {
        /// The pass name as given.
        word: String,
        /// Gas's pass names.
        known: String,
    },
    /// A textual pass pipeline gas could not read.
    #[error("bad pass pipeline `{pipeline}`: {message}")]
    BadPassPipeline {
        /// The whole pipeline text.
        pipeline: String,
        /// What is wrong, and where.
        message: String,
    },
    /// A gas pass option that the pass does not take, or a bad value.
    #[error("pass `{pass}`: {message}")]
    BadPassOption {
        /// The pass (`gas-propagate`).
        pass: String,
        /// Which option, and what values it takes.
        message: String,
    },
    /// A gas pass nested under an op other than the module.
    #[error("`{pass}` runs on the whole module: it cannot be nested under another op (put it directly in `builtin.module(...)`)")]
    NestedGasPass {
        /// The pass (`gas-raise`).
        pass: String,
    },
    /// MLIR's pipeline parser refused MLIR pass elements; its message
    /// names the word.
    #[error("{message}")]
    MlirPassPipeline {
        /// MLIR's message.
        message: String,
    },
    /// A registry step's own MLIR pipeline did not parse (a bug in gas).
    #[error("step `{step}` has a bad MLIR pass pipeline")]
    PassPipeline {
        /// The step.
        step: &'static str,
        /// melior's error.
        #[source]
        source: melior::Error,
    },
    /// A step's pass manager failed; MLIR reported why.
    #[error("step `{step}` failed")]
    StepFailed {
        /// The step or stage name.
        step: String,
    },
    /// Reported at the ops concerned already (see [`PipelineError::is_reported`]).
    #[error(transparent)]
    Lower(#[from] gas_patterns::lower::LowerError),
    /// The gas dialect could not be loaded.
    #[error(transparent)]
    Dialect(#[from] gas_dialect::DialectError),
}

impl PipelineError {
    /// Whether the failure was already reported as located MLIR diagnostics,
    /// so a driver should not add an unlocated message of its own.
    pub fn is_reported(&self) -> bool {
        matches!(self, Self::Lower(_))
    }
}
