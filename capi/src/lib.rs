//! `libgas.so`: gas for C and C++ MLIR compilers and for `mlir-opt`.
//!
//! This crate sits on top of all others (dialect ← patterns ← pipelines,
//! llvm ← capi) and adds no behaviour of its own: it exposes what the Rust
//! crates do through the C API declared in `include/gas-c/Gas.h`, in MLIR's
//! own style, and makes the library an `mlir-opt` pass plugin
//! ([`mlirGetPassPluginInfo`]) and an LLVM one ([`llvmGetPassPluginInfo`]).
//!
//! - [`gasLoadDialect`]: the gas dialect and the dialects it needs, in a
//!   context.
//! - [`gasRegisterPasses`]: every gas pass under its name in MLIR's pass
//!   registry, with its options, through the thin C++ layer
//!   (`cxx/passes.cpp`; MLIR's C API cannot register passes). The passes run
//!   [`gas_pipelines::passes::run_registered`].
//! - [`gasLLVMSourceParse`], [`gasLLVMSourceImport`], [`gasExportLLVMIR`]:
//!   the LLVM IR boundary of [`gas_llvm`], keeping what MLIR drops.
//! - [`llvmGetPassPluginInfo`]: the library is also an LLVM pass plugin
//!   (`opt -load-pass-plugin=libgas.so -passes=gas`, `clang
//!   -fpass-plugin=libgas.so`), through the thin C++ layer
//!   `cxx/llvm_plugin.cpp` that LLVM's pass manager requires.
//!
//! Invariants: every exported function catches panics (none unwinds into
//! C), reports errors as MLIR diagnostics on the context or as a failed
//! result, and never aborts on bad input. The library links the installed
//! shared `libMLIR.so` (see `gas-mlir-link`), so it shares one MLIR with its
//! host; the MLIR C API functions it uses are linked in and not exported.

mod llvm_ir;
mod llvm_plugin;
mod registry;

pub use llvm_ir::{
    gasExportLLVMIR, gasLLVMSourceDestroy, gasLLVMSourceImport, gasLLVMSourceParse, GasLLVMSource,
};
pub use llvm_plugin::{llvmGetPassPluginInfo, LLVMPassPluginLibraryInfo};
pub use registry::{
    gasLoadDialect, gasRegisterPasses, mlirGetPassPluginInfo, PassPluginLibraryInfo,
};

use melior::{Context, ContextRef};
use mlir_sys::{MlirContext, MlirLogicalResult};

/// Runs `body` with `context`, which the caller owns (it is not destroyed).
///
/// # Safety
/// `context` must be a live MLIR context.
unsafe fn with_context<T>(context: MlirContext, body: impl FnOnce(&Context) -> T) -> T {
    // SAFETY: the caller passes a live context, alive during `body`.
    let context = unsafe { ContextRef::from_raw(context) };
    // SAFETY: the reference does not outlive `body`.
    body(unsafe { context.to_ref() })
}

fn logical_result(success: bool) -> MlirLogicalResult {
    MlirLogicalResult {
        value: i8::from(success),
    }
}

/// Runs `body`, turning a panic into `otherwise` (nothing unwinds into C).
fn guarded<T>(otherwise: T, body: impl FnOnce() -> T) -> T {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)).unwrap_or(otherwise)
}
