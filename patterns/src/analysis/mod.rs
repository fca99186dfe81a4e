//! The facts every set reads, computed from the IR and never changing it
//! (floor 1: built on [`crate::ir`], used by the sets above).
//!
//! - [`index`]: the module's functions, variables, calls and call sites
//!   (`ModuleIndex`), value keys, what a closed world is ([`ClosedWorld`]);
//! - [`facts`]: where each generic value may point ([`SpaceFacts`]), over the
//!   whole module to a fixed point, reading [`memory_contents`] (what memory
//!   holds), [`cells`] (what program-scope variables hold), [`assumptions`] (`llvm.assume` of space tests),
//!   [`block_literals`] (the captures of OpenCL blocks) and the target's
//!   rules; [`lanes`] does the same for vectors of pointers;
//! - [`reachability`]: what an entry point reaches (dead functions);
//! - [`kernels`]: kernel by kernel, what the functions it reaches do with
//!   generic pointers ([`kernels::KernelGraph`]);
//! - [`mangling`] and [`builtin_table`]: OpenCL builtins by their Itanium
//!   names, and which take pointers of which space.

pub mod assumptions;
pub mod block_literals;
pub mod builtin_table;
pub mod cells;
pub mod facts;
pub mod index;
pub mod kernels;
pub mod lanes;
pub mod mangling;
pub mod memory_contents;
pub mod reachability;

pub use facts::SpaceFacts;
pub(crate) use index::{is_kernel, Function, ModuleIndex};
pub use index::{ClosedWorld, CLONE_MARKER};
