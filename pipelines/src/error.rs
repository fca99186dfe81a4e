//! The error type of the pipelines crate, on the ground floor: every room
//! reports through it, and `lib.rs` only re-exports it.

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
