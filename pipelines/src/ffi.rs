//! The MLIR C API calls melior does not wrap: parsing bytes (not only UTF-8
//! text) into a module, and translating a module to LLVM IR text. This is the
//! only `unsafe` in the crate.

use melior::ir::Module;
use melior::Context;
use std::ffi::{c_char, CStr};

/// Parses `source` (MLIR text or bytecode) into a module. Top-level ops that
/// are not one `builtin.module` are wrapped in one, as `mlir-opt` does.
/// Locations name the file `-`; diagnostics are rendered with the real name.
/// Failures are reported through the context's diagnostic handlers.
pub fn parse_module<'c>(context: &'c Context, source: &[u8]) -> Option<Module<'c>> {
    let source = mlir_sys::MlirStringRef {
        data: source.as_ptr().cast::<c_char>(),
        length: source.len(),
    };
    // SAFETY: the string ref points at `source`, alive for the call; MLIR
    // copies what it keeps. A null module means failure (diagnosed).
    let raw = unsafe { mlir_sys::mlirModuleCreateParse(context.to_raw(), source) };
    if raw.ptr.is_null() {
        None
    } else {
        // SAFETY: non-null and owned by us from here on.
        Some(unsafe { Module::from_raw(raw) })
    }
}

/// Translates a module in the LLVM dialect to LLVM IR text; `None` when the
/// translation failed (diagnosed through the context's handlers).
pub fn translate_to_llvm_ir(module: &Module) -> Option<String> {
    // mlirTranslateModuleToLLVMIRToString prints the translated module
    // without checking that translation succeeded, and crashes on a module
    // it cannot translate (a func.func, an invalid calling convention): the
    // steps are done here with the check.
    // SAFETY: the LLVM context and module are created, used and disposed
    // here; the printed string is copied before LLVM frees it.
    unsafe {
        let llvm_context = mlir_sys::LLVMContextCreate();
        let llvm_module =
            mlir_sys::mlirTranslateModuleToLLVMIR(module.as_operation().to_raw(), llvm_context);
        if llvm_module.is_null() {
            mlir_sys::LLVMContextDispose(llvm_context);
            return None;
        }
        let raw = mlir_sys::LLVMPrintModuleToString(llvm_module);
        let text = (!raw.is_null()).then(|| CStr::from_ptr(raw).to_string_lossy().into_owned());
        if !raw.is_null() {
            mlir_sys::LLVMDisposeMessage(raw);
        }
        mlir_sys::LLVMDisposeModule(llvm_module);
        mlir_sys::LLVMContextDispose(llvm_context);
        text
    }
}
