//! gas as an LLVM pass plugin: [`llvmGetPassPluginInfo`], which `opt
//! -load-pass-plugin=libgas.so` and `clang -fpass-plugin=libgas.so` call,
//! and the callbacks the C++ pass (`cxx/llvm_plugin.cpp`) runs: the
//! parameters are [`gas_pipelines::llvm_pass::options`], the run is
//! `gas-opt`'s driver on the module's LLVM IR text.

use crate::guarded;
use crate::registry::{GasCxxMessage, GasCxxString};
use gas_pipelines::diagnostics::{Diagnostic, Severity, SourceLocation};
use gas_pipelines::llvm_pass;
use std::ffi::{c_char, c_void};

/// The C++ layer (`cxx/llvm_plugin.h`).
mod cxx {
    use super::{GasCxxMessage, GasCxxString};
    use std::ffi::c_void;

    /// `GasCxxSeverity`.
    pub const ERROR: u32 = 0;
    pub const WARNING: u32 = 1;
    pub const REMARK: u32 = 2;
    pub const NOTE: u32 = 3;

    pub type GasCxxDiagnostic = unsafe extern "C" fn(u32, GasCxxString, *mut c_void);

    #[repr(C)]
    pub struct GasCxxLLVMPassCallbacks {
        pub check_parameters:
            unsafe extern "C" fn(GasCxxString, GasCxxMessage, *mut c_void) -> bool,
        pub run: unsafe extern "C" fn(
            GasCxxString,
            GasCxxString,
            GasCxxString,
            GasCxxMessage,
            GasCxxDiagnostic,
            *mut c_void,
        ) -> bool,
    }

    extern "C" {
        pub fn gasCxxSetLLVMPassCallbacks(callbacks: GasCxxLLVMPassCallbacks);
        pub fn gasCxxRegisterLLVMPassBuilderCallbacks(pass_builder: *mut c_void);
    }
}

/// What `opt` and `clang` read from a pass plugin: LLVM 22's
/// `llvm::PassPluginLibraryInfo` (`llvm/Plugins/PassPlugin.h`).
#[repr(C)]
pub struct LLVMPassPluginLibraryInfo {
    /// `LLVM_PLUGIN_API_VERSION`.
    pub api_version: u32,
    /// The plugin's name.
    pub plugin_name: *const c_char,
    /// The plugin's version.
    pub plugin_version: *const c_char,
    /// Registers the plugin's passes with an `llvm::PassBuilder &`.
    pub register_pass_builder_callbacks: Option<unsafe extern "C" fn(*mut c_void)>,
    /// Code generation of its own (none).
    pub pre_code_gen_callback: Option<unsafe extern "C" fn()>,
}

/// `LLVM_PLUGIN_API_VERSION` of LLVM 22.
const LLVM_PLUGIN_API_VERSION: u32 = 2;

/// The entry point of the LLVM pass plugin: registers the pass `gas`
/// (`gas<O0>`, `gas<target=nvptx;closed-world=never>`, ...) for `opt
/// -passes=` and adds it to LLVM's default pipelines at the start of the
/// optimizer (`clang -fpass-plugin`).
#[no_mangle]
pub extern "C" fn llvmGetPassPluginInfo() -> LLVMPassPluginLibraryInfo {
    // SAFETY: the callbacks are functions of this library, alive as long as
    // it is loaded.
    unsafe {
        cxx::gasCxxSetLLVMPassCallbacks(cxx::GasCxxLLVMPassCallbacks {
            check_parameters,
            run,
        })
    };
    LLVMPassPluginLibraryInfo {
        api_version: LLVM_PLUGIN_API_VERSION,
        plugin_name: c"gas".as_ptr(),
        plugin_version: concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast(),
        register_pass_builder_callbacks: Some(cxx::gasCxxRegisterLLVMPassBuilderCallbacks),
        pre_code_gen_callback: None,
    }
}

/// The C++ layer's number for `severity`.
fn severity_of(severity: Severity) -> u32 {
    match severity {
        Severity::Error => cxx::ERROR,
        Severity::Warning => cxx::WARNING,
        Severity::Remark => cxx::REMARK,
        Severity::Note => cxx::NOTE,
    }
}

/// `file:line:col: message` (LLVM's printer adds the severity). Positions
/// in the module's transient text (`ir_name`) mean nothing to a user: those
/// name the module (`source`) alone; debug locations name the source line.
fn located(diagnostic: &Diagnostic, ir_name: &str, source: &str) -> String {
    let SourceLocation { file, line, column } = &diagnostic.location;
    if file == ir_name {
        format!("{source}: {}", diagnostic.message)
    } else if *line == 0 {
        format!("{file}: {}", diagnostic.message)
    } else {
        format!("{file}:{line}:{column}: {}", diagnostic.message)
    }
}

/// Sends `message` to a C++ message receiver.
///
/// # Safety
/// `receiver` and `user_data` are the C++ layer's, alive for the call.
unsafe fn send(receiver: GasCxxMessage, message: &[u8], user_data: *mut c_void) {
    // SAFETY: the caller's promise; the message is alive for the call.
    unsafe { receiver(message.as_ptr().cast::<c_char>(), message.len(), user_data) };
}

unsafe extern "C" fn check_parameters(
    parameters: GasCxxString,
    error: GasCxxMessage,
    user_data: *mut c_void,
) -> bool {
    guarded(false, || {
        // SAFETY: the C++ layer passes a string alive for the call.
        let parameters = unsafe { parameters.text() };
        match llvm_pass::options(&parameters) {
            Ok(_) => true,
            Err(message) => {
                // SAFETY: the C++ layer's receiver and data.
                unsafe { send(error, message.to_string().as_bytes(), user_data) };
                false
            }
        }
    })
}

unsafe extern "C" fn run(
    module_text: GasCxxString,
    name: GasCxxString,
    parameters: GasCxxString,
    output: GasCxxMessage,
    diagnostic: cxx::GasCxxDiagnostic,
    user_data: *mut c_void,
) -> bool {
    let report = |severity: u32, message: &str| {
        // SAFETY: the C++ layer's receiver and data; the message is alive
        // for the call.
        unsafe { diagnostic(severity, GasCxxString::of(message), user_data) };
    };
    let ran = guarded(None, || {
        // SAFETY: the C++ layer passes strings alive for the call.
        let (source, name, parameters) =
            unsafe { (module_text.bytes(), name.text(), parameters.text()) };
        let ir_name = format!("{name} (LLVM IR)");
        let outcome = llvm_pass::options(&parameters)
            .and_then(|options| gas_pipelines::process(source, &ir_name, &options));
        Some(match outcome {
            Ok(outcome) => {
                for found in &outcome.diagnostics {
                    for each in std::iter::once(found).chain(&found.notes) {
                        report(severity_of(each.severity), &located(each, &ir_name, &name));
                    }
                }
                if outcome.success {
                    // SAFETY: the C++ layer's receiver and data.
                    unsafe { send(output, &outcome.output, user_data) };
                }
                outcome.success
            }
            Err(error) => {
                report(cxx::ERROR, &format!("gas: {error}"));
                false
            }
        })
    });
    ran.unwrap_or_else(|| {
        report(
            cxx::ERROR,
            "gas: internal error (a panic), module left unchanged",
        );
        false
    })
}
