//! The `gas` dialect: generic address space pointers in MLIR.
//!
//! This crate sits at the bottom of gas (dialect ← patterns ← pipelines). It
//! holds the IRDL definition (`gas.irdl.mlir`, loaded at run time), the op
//! names ([`names`]), typed builders and accessors ([`ops`]), the address-space
//! numbering and tags ([`spaces`]), the access kinds a dispatch can stand for
//! ([`access`]) and the verification IRDL cannot express ([`verify`]).
//!
//! Invariants: no other crate spells a `gas.*` name or an address-space
//! number; every gas op is built through [`ops`]; [`verify`] reports through
//! MLIR diagnostics at the op's location and never panics on any input IR.
//!
//! # Example
//!
//! [`load`] the dialect, parse a module that uses a gas op (IRDL ops are
//! written in generic form), and verify it: MLIR's verifier checks what the
//! IRDL definition says (operand and result counts, pointer types), and
//! [`verify::verify`] the address spaces on a target.
//!
//! ```
//! use gas_dialect::AddressSpaceMap;
//! use melior::ir::operation::OperationLike;
//! use melior::ir::Module;
//! use melior::Context;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let context = Context::new();
//! gas_dialect::load(&context)?;
//! let module = Module::parse(
//!     &context,
//!     r#"
//!     llvm.func @local_to_generic(%p: !llvm.ptr<3>) -> !llvm.ptr<4> {
//!       %g = "gas.tag"(%p) : (!llvm.ptr<3>) -> !llvm.ptr<4>
//!       llvm.return %g : !llvm.ptr<4>
//!     }
//!     "#,
//! )
//! .ok_or("the module did not parse")?;
//! assert!(module.as_operation().verify());
//! gas_dialect::verify::verify(&module.as_operation(), &AddressSpaceMap::SPIR64)?;
//! # Ok(())
//! # }
//! ```
//!
//! # From C++ tools
//!
//! The definition is plain IRDL, but `mlir-opt --irdl-file=dialect/src/gas.irdl.mlir`
//! alone fails (`no registered type with name !llvm.ptr`): `mlir-opt` loads
//! dialects lazily, and the definition refers to `!llvm.ptr` before anything
//! has loaded the LLVM dialect. Wrapping the definition in a module whose
//! attribute names an LLVM type loads it first:
//!
//! ```sh
//! mlir-opt --irdl-file=<(echo 'module attributes {gas.preload = !llvm.ptr} {'
//!                        cat dialect/src/gas.irdl.mlir; echo '}') input.mlir
//! ```
//!
//! Such a tool checks only what IRDL expresses; the address-space rules of
//! [`verify`] need this crate (or `gas-opt`).

#![deny(missing_docs)]

pub mod access;
mod error;
pub mod names;
pub mod ops;
pub mod spaces;
pub mod verify;

pub use error::DialectError;
pub use melior;
pub use spaces::{
    AddressSpace, AddressSpaceMap, FlatSpaceTests, GenericPointers, SpaceSet, SpaceTest,
    VolatileVariants,
};

// Links the installed shared MLIR (see the crate `gas-mlir-link`).
use gas_mlir_link as _;
use melior::dialect::DialectRegistry;
use melior::ir::Module;
use melior::utility::load_irdl_dialects;
use melior::Context;

/// The IRDL definition of the dialect.
pub const IRDL_DEFINITION: &str = include_str!("gas.irdl.mlir");

/// Dialects gas reads or produces; loaded into the context with gas.
const DEPENDENT_DIALECTS: &[&str] = &["llvm", "func", "arith", "scf", "cf", "irdl"];

/// The dialects gas registers: those it reads, makes or hands to MLIR's
/// passes, those of LLVM IR's import (DLTI, NVVM) and ROCDL (device code in `gpu.module`s). MLIR's other dialects
/// are not linked into gas-opt (each brings static initializers: start-up is
/// what a compiler calling gas per kernel pays).
pub fn dialect_handles() -> [mlir_sys::MlirDialectHandle; 13] {
    // SAFETY: these return pointers to static descriptions.
    unsafe {
        [
            mlir_sys::mlirGetDialectHandle__llvm__(),
            mlir_sys::mlirGetDialectHandle__func__(),
            mlir_sys::mlirGetDialectHandle__arith__(),
            mlir_sys::mlirGetDialectHandle__scf__(),
            mlir_sys::mlirGetDialectHandle__cf__(),
            mlir_sys::mlirGetDialectHandle__index__(),
            mlir_sys::mlirGetDialectHandle__math__(),
            mlir_sys::mlirGetDialectHandle__ub__(),
            mlir_sys::mlirGetDialectHandle__irdl__(),
            mlir_sys::mlirGetDialectHandle__dlti__(),
            mlir_sys::mlirGetDialectHandle__nvvm__(),
            mlir_sys::mlirGetDialectHandle__rocdl__(),
            mlir_sys::mlirGetDialectHandle__gpu__(),
        ]
    }
}

/// Registers the dialects gas uses in `context` ([`dialect_handles`]: an
/// embedder registers any others it parses), loads those gas works with and
/// then the gas dialect itself. Idempotent: a context that has gas already is left alone.
pub fn load(context: &Context) -> Result<(), DialectError> {
    if context.is_registered_operation(names::TAG) {
        return Ok(());
    }
    let registry = DialectRegistry::new();
    for handle in dialect_handles() {
        // SAFETY: the handles are MLIR's static dialect descriptions; the
        // registry is alive.
        unsafe { mlir_sys::mlirDialectHandleInsertDialect(handle, registry.to_raw()) };
    }
    context.append_dialect_registry(&registry);
    // The LLVM dialect must be loaded before the definition names `!llvm.ptr`.
    for dialect in DEPENDENT_DIALECTS {
        context.get_or_load_dialect(dialect);
    }
    let definition = Module::parse(context, IRDL_DEFINITION).ok_or(DialectError::Definition)?;
    if !load_irdl_dialects(&definition) {
        return Err(DialectError::Definition);
    }
    Ok(())
}
