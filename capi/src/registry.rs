//! gas's dialect and passes for C: `gasLoadDialect`, `gasRegisterPasses`,
//! and the `mlir-opt` pass plugin's entry point.

use crate::{guarded, logical_result, with_context};
use gas_pipelines::registry::{gas_step, pass_name, StepOptions, STEPS};
use melior::ir::OperationRef;
use mlir_sys::{MlirContext, MlirLogicalResult, MlirOperation};
use std::ffi::{c_char, c_void};

/// The C++ layer (`cxx/passes.h`).
mod cxx {
    use std::ffi::{c_char, c_void};

    #[repr(C)]
    #[derive(Clone, Copy)]
    pub struct GasCxxString {
        pub data: *const c_char,
        pub length: usize,
    }

    pub type GasCxxMessage = unsafe extern "C" fn(*const c_char, usize, *mut c_void);

    #[repr(C)]
    pub struct GasCxxCallbacks {
        pub check_options:
            unsafe extern "C" fn(usize, GasCxxString, GasCxxMessage, *mut c_void) -> bool,
        pub prepare_context: unsafe extern "C" fn(*mut c_void) -> bool,
        pub run: unsafe extern "C" fn(usize, GasCxxString, *mut c_void) -> bool,
    }

    #[repr(C)]
    pub struct GasCxxOption {
        pub name: GasCxxString,
        pub description: GasCxxString,
    }

    #[repr(C)]
    pub struct GasCxxPass {
        pub step: usize,
        pub argument: GasCxxString,
        pub description: GasCxxString,
        pub options: *const GasCxxOption,
        pub option_count: usize,
    }

    extern "C" {
        pub fn gasCxxRegisterPasses(
            passes: *const GasCxxPass,
            count: usize,
            callbacks: GasCxxCallbacks,
        ) -> bool;
        pub fn gasCxxEmitWarning(location: *const c_void, message: GasCxxString);
    }

    impl GasCxxString {
        pub fn of(text: &str) -> Self {
            Self {
                data: text.as_ptr().cast(),
                length: text.len(),
            }
        }

        /// # Safety
        /// `data` points at `length` readable bytes (or is null), alive
        /// while the slice is.
        pub unsafe fn bytes<'a>(&self) -> &'a [u8] {
            if self.data.is_null() {
                return &[];
            }
            // SAFETY: the caller's promise.
            unsafe { std::slice::from_raw_parts(self.data.cast::<u8>(), self.length) }
        }

        /// # Safety
        /// `data` points at `length` readable bytes (or is null).
        pub unsafe fn text(&self) -> String {
            if self.data.is_null() {
                return String::new();
            }
            // SAFETY: the caller's promise.
            let bytes = unsafe { std::slice::from_raw_parts(self.data.cast::<u8>(), self.length) };
            String::from_utf8_lossy(bytes).into_owned()
        }
    }
}

pub(crate) use cxx::{gasCxxEmitWarning, GasCxxMessage, GasCxxString};

/// Registers in `context` the dialects gas reads and produces with their
/// LLVM IR translations, and loads the gas dialect (see `Gas.h`).
///
/// # Safety
/// `context` must be a live MLIR context.
#[no_mangle]
pub unsafe extern "C" fn gasLoadDialect(context: MlirContext) -> MlirLogicalResult {
    logical_result(guarded(false, || {
        // SAFETY: the caller passes a live context.
        unsafe { with_context(context, load_dialect) }
    }))
}

fn load_dialect(context: &melior::Context) -> bool {
    match gas_dialect::load(context) {
        Ok(()) => {
            gas_llvm::register_translations(context);
            true
        }
        Err(error) => {
            gas_dialect::verify::emit_error(
                melior::ir::Location::unknown(context),
                &format!("gas: the gas dialect could not be loaded: {error}"),
            );
            false
        }
    }
}

/// Registers every gas pass in MLIR's pass registry (see `Gas.h`).
#[no_mangle]
pub extern "C" fn gasRegisterPasses() {
    guarded((), register_passes);
}

fn register_passes() {
    let steps: Vec<usize> = (0..STEPS.len())
        .filter(|&index| gas_step(STEPS[index].name).is_some())
        .collect();
    // Kept alive for the call: the C++ layer copies every string.
    let arguments: Vec<String> = steps
        .iter()
        .map(|&index| pass_name(&STEPS[index]))
        .collect();
    let options: Vec<Vec<cxx::GasCxxOption>> = steps
        .iter()
        .map(|&index| {
            STEPS[index]
                .options
                .iter()
                .map(|option| cxx::GasCxxOption {
                    name: GasCxxString::of(option.name()),
                    description: GasCxxString::of(option.summary()),
                })
                .collect()
        })
        .collect();
    let passes: Vec<cxx::GasCxxPass> = steps
        .iter()
        .zip(&arguments)
        .zip(&options)
        .map(|((&index, argument), options)| cxx::GasCxxPass {
            step: index,
            argument: GasCxxString::of(argument),
            description: GasCxxString::of(STEPS[index].summary),
            options: options.as_ptr(),
            option_count: options.len(),
        })
        .collect();
    let callbacks = cxx::GasCxxCallbacks {
        check_options,
        prepare_context,
        run,
    };
    // SAFETY: the passes and their strings are alive for the call; the
    // callbacks are functions of this library, alive as long as it is.
    unsafe { cxx::gasCxxRegisterPasses(passes.as_ptr(), passes.len(), callbacks) };
}

/// The step and options of a registered pass, checked; the error names the
/// option and what it takes.
fn step_options(step: usize, options: &str) -> Result<(usize, StepOptions), String> {
    let known = STEPS
        .get(step)
        .filter(|known| gas_step(known.name).is_some())
        .ok_or_else(|| format!("gas: no pass numbered {step}"))?;
    StepOptions::parse(known, options)
        .map(|parsed| (step, parsed))
        .map_err(|error| error.to_string())
}

unsafe extern "C" fn check_options(
    step: usize,
    options: GasCxxString,
    error: cxx::GasCxxMessage,
    user_data: *mut c_void,
) -> bool {
    guarded(false, || {
        // SAFETY: the C++ layer passes a string alive for the call.
        let options = unsafe { options.text() };
        match step_options(step, &options) {
            Ok(_) => true,
            Err(message) => {
                // SAFETY: the message is alive for the call; `user_data` is
                // the C++ layer's.
                unsafe { error(message.as_ptr().cast::<c_char>(), message.len(), user_data) };
                false
            }
        }
    })
}

unsafe extern "C" fn prepare_context(context: *mut c_void) -> bool {
    guarded(false, || {
        // SAFETY: the C++ layer passes the live context the pass runs in.
        unsafe { with_context(MlirContext { ptr: context }, load_dialect) }
    })
}

unsafe extern "C" fn run(step: usize, options: GasCxxString, operation: *mut c_void) -> bool {
    guarded(false, || {
        // SAFETY: the C++ layer passes a string alive for the call.
        let options = unsafe { options.text() };
        // Checked when the pipeline was parsed.
        let Ok((index, options)) = step_options(step, &options) else {
            return false;
        };
        // SAFETY: the pass manager passes the live op the pass runs on.
        let operation = unsafe { OperationRef::from_raw(MlirOperation { ptr: operation }) };
        gas_pipelines::passes::run_registered(&STEPS[index], &options, operation)
    })
}

/// What `mlir-opt --load-pass-plugin` reads (MLIR's `PassPluginLibraryInfo`).
#[repr(C)]
pub struct PassPluginLibraryInfo {
    /// `MLIR_PLUGIN_API_VERSION`.
    pub api_version: u32,
    /// The plugin's name.
    pub plugin_name: *const c_char,
    /// The plugin's version.
    pub plugin_version: *const c_char,
    /// Registers the plugin's passes.
    pub register_pass_registry_callbacks: Option<extern "C" fn()>,
}

/// `MLIR_PLUGIN_API_VERSION` of MLIR 22 (`mlir/Tools/Plugins/PassPlugin.h`).
const MLIR_PLUGIN_API_VERSION: u32 = 1;

/// The entry point `mlir-opt --load-pass-plugin=libgas.so` calls: its
/// callback registers every gas pass ([`gasRegisterPasses`]).
#[no_mangle]
pub extern "C" fn mlirGetPassPluginInfo() -> PassPluginLibraryInfo {
    PassPluginLibraryInfo {
        api_version: MLIR_PLUGIN_API_VERSION,
        plugin_name: c"gas".as_ptr(),
        plugin_version: concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast(),
        register_pass_registry_callbacks: Some(gasRegisterPasses),
    }
}
