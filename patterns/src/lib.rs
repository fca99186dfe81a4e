//! gas pattern sets: one module per set, named as in DESIGN.md, each exposing
//! a `populate_<set>_patterns` entry point and a `run` that applies it with
//! MLIR's walk driver ([`ir::adapter::apply_by_walk_on`], or per function and in
//! parallel, [`ir::adapter::apply_by_walk_per_function`], where a set's
//! patterns rewrite nothing outside the function they are in and read
//! outside it only what none of them changes, the module's symbols). Sets
//! that decide from
//! whole-module facts ([`builtin_calls`], [`explicit_cast_tags`],
//! [`private_branch_elision`], [`static_global`]) have only a `run`;
//! [`check`] and [`explain`] only read the IR and return warnings or remarks.
//!
//! Four floors, each using only those below it (`scripts/layering.py`
//! checks it in the test suite):
//! 1. [`ir`], the IR toolbox: melior's pattern callback ([`ir::adapter`]),
//!    one builder per emitted op ([`ir::emit`]), rewrites decided ahead of
//!    time ([`ir::decision`]), casts, walks and queries, the target hook for
//!    work-item ids ([`ir::work_group`]);
//! 2. [`analysis`], the facts every set reads: the module index, where each
//!    generic pointer may point, reachability, kernel by kernel facts,
//!    builtins by name;
//! 3. the rewrites more than one set applies: `untag_in_callers` (a helper
//!    parameter takes the one space of its accesses) and `kernel_copies`
//!    (functions shared with kernels a decision does not suit, copied for
//!    the kernels it does);
//! 4. the sets and the read-only reports, which never use one another.
//!
//! This crate sits between the dialect (which it builds ops through) and the
//! pipelines (which name and order its sets). Invariants: patterns are
//! stateless functions rooted at one op that touch only what they must; a
//! pattern that cannot prove its precondition returns a reason and leaves the
//! IR alone; [`ir::adapter`] holds the crate's only `unsafe`.
//!
//! # Example
//!
//! Load the dialect, parse a module, run a set on it: here [`raise`] turns a
//! load through a generic pointer (`!llvm.ptr<4>` on SPIR) into a
//! `gas.dispatch` over private, local and global, which [`propagate`] then
//! narrows and [`lower`] expands.
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
//! let mut module = Module::parse(
//!     &context,
//!     r#"
//!     llvm.func @read(%p: !llvm.ptr<4>) -> i32 {
//!       %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
//!       llvm.return %v : i32
//!     }
//!     "#,
//! )
//! .ok_or("the module did not parse")?;
//! gas_patterns::raise::run(&context, &mut module, &AddressSpaceMap::default());
//! assert!(module.as_operation().verify());
//! assert!(module.as_operation().to_string().contains("\"gas.dispatch\""));
//! # Ok(())
//! # }
//! ```

#![deny(missing_docs)]

// The IR toolbox (floor 0), the facts every set reads (floor 1), rewrites
// more than one set applies (floor 2), then the sets and reports, which use
// the floors below and never one another (`scripts/layering.py` checks it).
pub mod ir;

pub mod analysis;

mod kernel_copies;
mod untag_in_callers;

pub mod async_copy_simplify;
pub mod builtin_calls;
pub mod check;
pub mod explain;
pub mod explicit_cast_tags;
pub mod flat_input;
pub mod lower;
pub mod private_branch_elision;
pub mod propagate;
pub mod raise;
pub mod static_global;
