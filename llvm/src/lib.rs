//! The LLVM IR boundary of gas: `.ll` and `.bc` in and out, in process,
//! losing nothing gas did not mean to change.
//!
//! MLIR 22's C API cannot import LLVM IR, and MLIR's importer and exporter
//! drop things runtimes and backends read. A thin C++ layer
//! (`cxx/boundary.cpp`, compiled with the `cc` crate against the installed
//! LLVM/MLIR 22 headers) wraps what is missing: LLVM's parser, MLIR's
//! importer (`mlir::translateLLVMIRToModule`) and exporter, and copying back
//! onto the exported module what the module as read had:
//!
//! - the data layout string verbatim (MLIR re-spells it and drops vector
//!   alignments), the triple, the source file name, module inline assembly;
//! - named metadata (`!opencl.ocl.version`, `!nvvm.annotations`,
//!   `!llvm.errno.tbaa`, a vendor's), with references to functions and
//!   globals re-pointed to the output's symbols of the same name (null where
//!   gas erased the function), and module flags MLIR does not know;
//! - metadata attached to functions (`!kernel_arg_*`) and globals; a clone
//!   `f.gas.<spaces>` gets `f`'s, never the kernel-only ones;
//! - `externally_initialized` (without it a CUDA `__constant__` array the host
//!   fills folds to its initializer), `thread_local`, sections, partitions,
//!   comdats and code models of globals; sections, comdats and GC of
//!   functions;
//! - function, return and parameter attributes MLIR drops (`initializes`),
//!   where the parameter's type allows them, and calling conventions;
//! - calls of intrinsics LLVM does not know (`llvm.genx.GenISA.*`): they cross
//!   MLIR under another name (its exporter refuses unknown intrinsics) and get
//!   theirs back;
//! - for functions MLIR carried through unchanged (same blocks and opcodes),
//!   instruction metadata, call-site attributes and value names; for
//!   functions gas rewrote, parameter names, and a warning naming each
//!   instruction metadata kind that could not be kept.
//!
//! Without debug information in the input, instructions are located at their
//! line and column of the `.ll` text (diagnostics and remarks point there);
//! those line tables are removed again on export.

#![deny(missing_docs)]

// Links the installed shared MLIR (see the crate `gas-mlir-link`).
use gas_mlir_link as _;
use melior::ir::Module;
use melior::Context;
use std::ffi::{c_char, c_void, CString};
use thiserror::Error;

mod sys {
    use std::ffi::{c_char, c_void};

    pub type BytesCallback = unsafe extern "C" fn(*const c_char, usize, *mut c_void);
    pub type ErrorCallback = unsafe extern "C" fn(u32, u32, *const c_char, usize, *mut c_void);

    #[repr(C)]
    pub struct GasLlvmSource {
        _private: [u8; 0],
    }

    extern "C" {
        pub fn gasLlvmSourceParse(
            data: *const c_char,
            length: usize,
            name: *const c_char,
            error: Option<ErrorCallback>,
            user_data: *mut c_void,
        ) -> *mut GasLlvmSource;
        pub fn gasLlvmRegisterTranslations(context: *mut c_void);
        pub fn gasLlvmSourceHasDebugInfo(source: *const GasLlvmSource) -> bool;
        pub fn gasLlvmSourceDestroy(source: *mut GasLlvmSource);
        pub fn gasLlvmSourceImport(
            source: *mut GasLlvmSource,
            context: *mut c_void,
            warning: Option<BytesCallback>,
            user_data: *mut c_void,
        ) -> *mut c_void;
        pub fn gasLlvmExport(
            module: *mut c_void,
            source: *mut GasLlvmSource,
            bitcode: bool,
            output: Option<BytesCallback>,
            warning: Option<BytesCallback>,
            error: Option<BytesCallback>,
            user_data: *mut c_void,
        ) -> bool;
    }
}

/// Errors at the LLVM IR boundary.
#[derive(Debug, Error)]
pub enum LlvmError {
    /// LLVM's parser refused the input; `line` and `column` are 1-based (0:
    /// unknown, as for bitcode).
    #[error("{message}")]
    Parse {
        /// The line of the error.
        line: u32,
        /// The column of the error.
        column: u32,
        /// LLVM's message.
        message: String,
    },
    /// MLIR's importer failed; its errors went to the context's handlers.
    #[error("the LLVM IR could not be imported into MLIR")]
    Import,
    /// The translation to LLVM IR failed; MLIR's errors went to the context's
    /// handlers.
    #[error("translation to LLVM IR failed")]
    Translate,
    /// The exported module is not valid LLVM IR (a bug: nothing is written).
    #[error("{0}")]
    Export(String),
}

/// The format of exported LLVM IR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Textual IR (`.ll`).
    Text,
    /// Bitcode (`.bc`).
    Bitcode,
}

/// Registers in `context` the translations between MLIR and LLVM IR (both
/// ways) of the dialects gas uses: builtin, LLVM and NVVM. Needed before
/// [`export`] (and done by [`LlvmSource::import`]); idempotent.
pub fn register_translations(context: &Context) {
    // SAFETY: the context is alive; registration only appends to its registry.
    unsafe { sys::gasLlvmRegisterTranslations(context.to_raw().ptr) }
}

/// Whether `bytes` are LLVM bitcode (the raw or wrapped magic).
pub fn is_bitcode(bytes: &[u8]) -> bool {
    bytes.starts_with(b"BC\xC0\xDE") || bytes.starts_with(&[0xDE, 0xC0, 0x17, 0x0B])
}

/// An LLVM module as read, kept beside the MLIR module imported from it so
/// that [`export`] can restore what MLIR dropped.
pub struct LlvmSource {
    raw: *mut sys::GasLlvmSource,
}

// The source owns its LLVM context and module; nothing else refers to them.
unsafe impl Send for LlvmSource {}

impl Drop for LlvmSource {
    fn drop(&mut self) {
        // SAFETY: `raw` came from gasLlvmSourceParse and is freed once.
        unsafe { sys::gasLlvmSourceDestroy(self.raw) }
    }
}

/// What the C++ layer reports through callbacks.
#[derive(Default)]
struct Sink {
    output: Vec<u8>,
    warnings: Vec<String>,
    error: Option<String>,
    position: (u32, u32),
}

unsafe extern "C" fn sink_output(data: *const c_char, length: usize, sink: *mut c_void) {
    // SAFETY: the C++ layer passes a valid (pointer, length) pair and the
    // `Sink` it was given, alive for the call.
    unsafe {
        let sink = &mut *sink.cast::<Sink>();
        sink.output
            .extend_from_slice(std::slice::from_raw_parts(data.cast::<u8>(), length));
    }
}

unsafe extern "C" fn sink_warning(data: *const c_char, length: usize, sink: *mut c_void) {
    // SAFETY: as in `sink_output`.
    unsafe {
        let sink = &mut *sink.cast::<Sink>();
        let bytes = std::slice::from_raw_parts(data.cast::<u8>(), length);
        sink.warnings
            .push(String::from_utf8_lossy(bytes).trim_end().to_string());
    }
}

unsafe extern "C" fn sink_error(data: *const c_char, length: usize, sink: *mut c_void) {
    // SAFETY: as in `sink_output`.
    unsafe {
        let sink = &mut *sink.cast::<Sink>();
        let bytes = std::slice::from_raw_parts(data.cast::<u8>(), length);
        sink.error = Some(String::from_utf8_lossy(bytes).trim_end().to_string());
    }
}

unsafe extern "C" fn sink_parse_error(
    line: u32,
    column: u32,
    data: *const c_char,
    length: usize,
    sink: *mut c_void,
) {
    // SAFETY: as in `sink_output`.
    unsafe {
        (*sink.cast::<Sink>()).position = (line, column);
        sink_error(data, length, sink);
    }
}

impl LlvmSource {
    /// Parses LLVM IR text or bitcode; `name` names the input in locations.
    pub fn parse(bytes: &[u8], name: &str) -> Result<Self, LlvmError> {
        let name = CString::new(name.replace('\0', "?")).unwrap_or_default();
        let mut sink = Sink::default();
        // SAFETY: the bytes and the name are alive for the call; the
        // callback writes only into `sink`.
        let raw = unsafe {
            sys::gasLlvmSourceParse(
                bytes.as_ptr().cast::<c_char>(),
                bytes.len(),
                name.as_ptr(),
                Some(sink_parse_error),
                (&mut sink as *mut Sink).cast::<c_void>(),
            )
        };
        if raw.is_null() {
            return Err(LlvmError::Parse {
                line: sink.position.0,
                column: sink.position.1,
                message: sink.error.unwrap_or_else(|| "cannot read LLVM IR".into()),
            });
        }
        Ok(Self { raw })
    }

    /// Whether the input has debug information (`!llvm.dbg.cu`).
    pub fn has_debug_info(&self) -> bool {
        // SAFETY: `raw` is alive.
        unsafe { sys::gasLlvmSourceHasDebugInfo(self.raw) }
    }

    /// Imports a copy of the module into `context` (registering the LLVM IR
    /// translations and loading the dialects the importer makes). Returns
    /// the module and the importer's warnings about what cannot be
    /// restored; MLIR's errors go to the context's diagnostic handlers.
    pub fn import<'c>(&self, context: &'c Context) -> Result<(Module<'c>, Vec<String>), LlvmError> {
        let mut sink = Sink::default();
        // SAFETY: the source and context are alive; the callback writes only
        // into `sink`. A non-null result is a module operation we now own.
        unsafe {
            let operation = sys::gasLlvmSourceImport(
                self.raw,
                context.to_raw().ptr,
                Some(sink_warning),
                (&mut sink as *mut Sink).cast::<c_void>(),
            );
            if operation.is_null() {
                return Err(LlvmError::Import);
            }
            let module =
                mlir_sys::mlirModuleFromOperation(mlir_sys::MlirOperation { ptr: operation });
            Ok((Module::from_raw(module), sink.warnings))
        }
    }
}

/// What [`export`] produced.
#[derive(Debug, Default)]
pub struct Exported {
    /// The LLVM IR, as text or bitcode.
    pub bytes: Vec<u8>,
    /// What could not be restored from the source, one message each.
    pub warnings: Vec<String>,
}

/// Translates `module` (LLVM dialect only) to LLVM IR, restoring what
/// `source` had and MLIR dropped (see the crate's documentation), verifies
/// the result with LLVM's verifier and writes it in `format`.
pub fn export(
    module: &Module,
    source: Option<&LlvmSource>,
    format: Format,
) -> Result<Exported, LlvmError> {
    let mut sink = Sink::default();
    // SAFETY: the module (and source) are alive for the call; the callbacks
    // write only into `sink`. Exporting does not change the MLIR module.
    let written = unsafe {
        sys::gasLlvmExport(
            module.as_operation().to_raw().ptr,
            source.map_or(std::ptr::null_mut(), |source| source.raw),
            format == Format::Bitcode,
            Some(sink_output),
            Some(sink_warning),
            Some(sink_error),
            (&mut sink as *mut Sink).cast::<c_void>(),
        )
    };
    match (written, sink.error) {
        (true, _) => Ok(Exported {
            bytes: sink.output,
            warnings: sink.warnings,
        }),
        (false, Some(message)) => Err(LlvmError::Export(message)),
        (false, None) => Err(LlvmError::Translate),
    }
}
