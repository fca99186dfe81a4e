//! gas pipelines: gas's sets as MLIR passes, the registry of steps and
//! presets, and the `gas-opt` driver.
//!
//! This crate sits above the sets and the LLVM IR boundary (dialect ←
//! patterns ← pipelines ← capi; llvm ← pipelines). Its modules,
//! each using only those listed before it: the error type ([`error`]; `lib.rs`
//! only re-exports), source code mistaken for IR ([`source_language`]), the
//! textual pipeline syntax ([`pass_pipeline`]); the only list of pipeline steps ([`registry`]), used
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
pub mod error;
mod ffi;
pub mod gpu;
pub mod llvm_pass;
mod parse_guard;
pub mod pass_pipeline;
pub mod passes;
pub mod pipeline;
pub mod registry;
pub mod source_language;

/// The LLVM IR boundary (`.ll`/`.bc` in and out, in process, keeping what
/// MLIR drops): the `gas-llvm` crate.
pub use gas_llvm as llvm;

pub use driver::{
    process, ClosedWorld, Emit, InputFormat, Options, Outcome, RemarkKind, UnknownSpace,
};
pub use pipeline::Pipeline;
pub use registry::DEFAULT_PIPELINE;

pub use error::PipelineError;
