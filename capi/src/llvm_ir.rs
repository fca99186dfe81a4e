//! LLVM IR in and out for C: `gasLLVMSourceParse`, `gasLLVMSourceImport`,
//! `gasLLVMSourceDestroy`, `gasExportLLVMIR` (see `Gas.h`), over
//! [`gas_llvm`].

use crate::registry::{gasCxxEmitWarning, GasCxxString};
use crate::{guarded, logical_result, with_context};
use gas_llvm::{Format, LlvmError, LlvmSource};
use melior::ir::operation::OperationLike;
use melior::ir::{Location, Module};
use mlir_sys::{MlirContext, MlirLogicalResult, MlirModule, MlirStringCallback, MlirStringRef};
use std::ffi::c_void;
use std::mem::ManuallyDrop;

/// An LLVM module as read (`Gas.h`'s `GasLLVMSource`): a boxed
/// [`LlvmSource`], or null.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct GasLLVMSource {
    /// The boxed source, or null.
    pub ptr: *mut c_void,
}

/// # Safety
/// `text` points at `length` readable bytes (or is null with length 0).
unsafe fn bytes_of<'a>(text: MlirStringRef) -> &'a [u8] {
    if text.data.is_null() {
        return &[];
    }
    // SAFETY: the caller's promise.
    unsafe { std::slice::from_raw_parts(text.data.cast::<u8>(), text.length) }
}

fn emit_warning(location: Location, message: &str) {
    // SAFETY: the location is alive; the message is copied.
    unsafe { gasCxxEmitWarning(location.to_raw().ptr, GasCxxString::of(message)) };
}

/// Reads LLVM IR text or bitcode; on failure emits an error at
/// `name:line:col` and returns a null source.
///
/// # Safety
/// `context` must be a live MLIR context; `bytes` and `name` must point at
/// readable bytes of their lengths.
#[no_mangle]
pub unsafe extern "C" fn gasLLVMSourceParse(
    context: MlirContext,
    bytes: MlirStringRef,
    name: MlirStringRef,
) -> GasLLVMSource {
    let null = GasLLVMSource {
        ptr: std::ptr::null_mut(),
    };
    guarded(null, || {
        // SAFETY: the caller's promises.
        let (bytes, name) = unsafe {
            (
                bytes_of(bytes),
                String::from_utf8_lossy(bytes_of(name)).into_owned(),
            )
        };
        match LlvmSource::parse(bytes, &name) {
            Ok(source) => GasLLVMSource {
                ptr: Box::into_raw(Box::new(source)).cast(),
            },
            Err(error) => {
                let (line, column) = match &error {
                    LlvmError::Parse { line, column, .. } => (*line as usize, *column as usize),
                    _ => (0, 0),
                };
                // SAFETY: the caller passes a live context.
                unsafe {
                    with_context(context, |context| {
                        gas_dialect::verify::emit_error(
                            Location::new(context, &name, line, column),
                            &error.to_string(),
                        )
                    })
                };
                null
            }
        }
    })
}

/// Imports `source` into `context`; a null module on failure.
///
/// # Safety
/// `source` must come from [`gasLLVMSourceParse`] and not be destroyed;
/// `context` must be a live MLIR context.
#[no_mangle]
pub unsafe extern "C" fn gasLLVMSourceImport(
    source: GasLLVMSource,
    context: MlirContext,
) -> MlirModule {
    let null = MlirModule {
        ptr: std::ptr::null_mut(),
    };
    if source.ptr.is_null() {
        return null;
    }
    guarded(null, || {
        // SAFETY: the caller's promises.
        let source = unsafe { &*source.ptr.cast::<LlvmSource>() };
        // SAFETY: the caller passes a live context.
        unsafe { with_context(context, |context| import(source, context)) }
    })
}

fn import(source: &LlvmSource, context: &melior::Context) -> MlirModule {
    let null = MlirModule {
        ptr: std::ptr::null_mut(),
    };
    // The importer's dialects and translations.
    if gas_dialect::load(context).is_err() {
        return null;
    }
    gas_llvm::register_translations(context);
    match source.import(context) {
        Ok((module, warnings)) => {
            for warning in warnings {
                emit_warning(module.as_operation().location(), &warning);
            }
            let raw = module.to_raw();
            // The caller owns the module from here on.
            std::mem::forget(module);
            raw
        }
        // MLIR's importer reported why on the context.
        Err(_) => null,
    }
}

/// Frees `source`; a null source is ignored.
///
/// # Safety
/// `source` must come from [`gasLLVMSourceParse`] and not be destroyed
/// already.
#[no_mangle]
pub unsafe extern "C" fn gasLLVMSourceDestroy(source: GasLLVMSource) {
    if source.ptr.is_null() {
        return;
    }
    guarded((), || {
        // SAFETY: made by Box::into_raw in gasLLVMSourceParse, freed once.
        drop(unsafe { Box::from_raw(source.ptr.cast::<LlvmSource>()) });
    });
}

/// Translates `module` to LLVM IR, putting back what `source` had, and
/// passes it to `callback`.
///
/// # Safety
/// `module` must be a live module; `source` null or from
/// [`gasLLVMSourceParse`] and not destroyed; `callback` callable with
/// `user_data`.
#[no_mangle]
pub unsafe extern "C" fn gasExportLLVMIR(
    module: MlirModule,
    source: GasLLVMSource,
    bitcode: bool,
    callback: MlirStringCallback,
    user_data: *mut c_void,
) -> MlirLogicalResult {
    if module.ptr.is_null() {
        return logical_result(false);
    }
    logical_result(guarded(false, || {
        // SAFETY: the caller's promises; the module stays the caller's.
        let (module, source) = unsafe {
            (
                ManuallyDrop::new(Module::from_raw(module)),
                source.ptr.cast::<LlvmSource>().as_ref(),
            )
        };
        let format = if bitcode {
            Format::Bitcode
        } else {
            Format::Text
        };
        let location = module.as_operation().location();
        match gas_llvm::export(&module, source, format) {
            Ok(exported) => {
                for warning in &exported.warnings {
                    emit_warning(location, warning);
                }
                if let Some(callback) = callback {
                    let text = MlirStringRef {
                        data: exported.bytes.as_ptr().cast(),
                        length: exported.bytes.len(),
                    };
                    // SAFETY: the bytes are alive for the call; the caller
                    // vouches for the callback and its data.
                    unsafe { callback(text, user_data) };
                }
                true
            }
            Err(error) => {
                // Translation errors went to the context's handlers already.
                if !matches!(error, LlvmError::Translate) {
                    gas_dialect::verify::emit_error(location, &error.to_string());
                }
                false
            }
        }
    }))
}
