//! The MLIR C API calls melior does not wrap: parsing bytes (not only UTF-8
//! text) into a module, and what a
//! pass written in Rust needs (its module, adding pipeline text).
//! This is the only `unsafe` in the crate.

use melior::ir::operation::OperationLike;
use melior::ir::{Module, OperationRef};
use melior::pass::OperationPassManager;
use melior::Context;
use std::ffi::{c_char, c_void};
use std::mem::ManuallyDrop;

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

/// The `builtin.module` `operation` is, as a [`Module`] that is not
/// destroyed when dropped: the pass manager that runs a pass owns its IR.
/// The caller checks that `operation` is a `builtin.module`.
pub fn borrow_module<'c>(operation: &OperationRef<'c, '_>) -> ManuallyDrop<Module<'c>> {
    // SAFETY: the op is a live `builtin.module`; ManuallyDrop keeps the
    // borrowed module from being destroyed here.
    ManuallyDrop::new(unsafe {
        Module::from_raw(mlir_sys::mlirModuleFromOperation(operation.to_raw()))
    })
}

/// An MLIR string callback that appends to the `String` `data` points at.
unsafe extern "C" fn append_to_string(text: mlir_sys::MlirStringRef, data: *mut c_void) {
    // SAFETY: callers pass a `String` alive for the call as `data`; MLIR
    // passes valid (pointer, length) pairs.
    unsafe {
        let buffer = &mut *data.cast::<String>();
        let bytes = std::slice::from_raw_parts(text.data.cast::<u8>(), text.length);
        buffer.push_str(&String::from_utf8_lossy(bytes));
    }
}

/// Adds MLIR pass pipeline elements (`canonicalize,func.func(cse)`) to
/// `manager`; the error is MLIR's message naming what it could not read.
pub fn add_pipeline(manager: OperationPassManager, elements: &str) -> Result<(), String> {
    let mut message = String::new();
    let text = mlir_sys::MlirStringRef {
        data: elements.as_ptr().cast::<c_char>(),
        length: elements.len(),
    };
    // SAFETY: the manager and the text are alive for the call; the callback
    // writes only into `message`.
    let result = unsafe {
        mlir_sys::mlirOpPassManagerAddPipeline(
            manager.to_raw(),
            text,
            Some(append_to_string),
            (&mut message as *mut String).cast::<c_void>(),
        )
    };
    if result.value != 0 {
        Ok(())
    } else {
        Err(message.trim().to_string())
    }
}

/// The op name `manager` runs on (`builtin.module`, `func.func`, `any`),
/// read from its printed pipeline.
pub fn anchor_of(manager: OperationPassManager) -> String {
    let mut printed = String::new();
    // SAFETY: the manager is alive; the callback writes only into `printed`.
    unsafe {
        mlir_sys::mlirPrintPassPipeline(
            manager.to_raw(),
            Some(append_to_string),
            (&mut printed as *mut String).cast::<c_void>(),
        );
    }
    printed
        .split('(')
        .next()
        .unwrap_or_default()
        .trim()
        .to_string()
}
