//! gas pipelines: the registry of steps and presets, and the `gas-opt` driver.
//!
//! This crate sits on top (dialect ← patterns ← pipelines). It owns the only
//! list of pipeline steps ([`registry`]), used by `gas-opt` and the tests
//! alike, and the driver logic ([`driver`]) that parses, verifies after every
//! step and prints. Invariants: every step is followed by MLIR's verifier and
//! gas's own; output is produced only when every chunk succeeded or, with
//! `--verify-diagnostics`, when every expectation was met.

pub mod diagnostics;
pub mod driver;
mod ffi;
pub mod registry;

pub use driver::{process, ClosedWorld, Emit, Options, Outcome, RemarkKind, UnknownSpace};
pub use registry::{Pipeline, DEFAULT_PIPELINE};

use thiserror::Error;

/// Errors of the pipelines crate.
#[derive(Debug, Error)]
pub enum PipelineError {
    #[error("unknown pipeline or step `{word}` (known: {known})")]
    UnknownStep { word: String, known: String },
    #[error("step `{step}` has a bad MLIR pass pipeline")]
    PassPipeline {
        step: &'static str,
        #[source]
        source: melior::Error,
    },
    #[error("step `{step}` failed")]
    StepFailed { step: &'static str },
    /// Reported at the ops concerned already (see [`PipelineError::is_reported`]).
    #[error(transparent)]
    Lower(#[from] gas_patterns::lower::LowerError),
    #[error(transparent)]
    Dialect(#[from] gas_dialect::DialectError),
    #[error(
        "cannot run `{tool}` to import LLVM IR (install mlir-22-tools or set GAS_MLIR_TRANSLATE)"
    )]
    ImportTool {
        tool: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{message}")]
    Import { file: String, message: String },
}

impl PipelineError {
    /// Whether the failure was already reported as located MLIR diagnostics,
    /// so a driver should not add an unlocated message of its own.
    pub fn is_reported(&self) -> bool {
        matches!(self, Self::Lower(_))
    }
}
