//! gas pattern sets: one module per set, named as in DESIGN.md, each exposing
//! a `populate_<set>_patterns` entry point and a `run` that applies it with
//! MLIR's greedy driver.
//!
//! This crate sits between the dialect (which it builds ops through) and the
//! pipelines (which name and order its sets). Invariants: patterns are
//! stateless functions rooted at one op that touch only what they must; a
//! pattern that cannot prove its precondition returns a reason and leaves the
//! IR alone; [`adapter`] holds the crate's only `unsafe`.

pub mod adapter;
pub mod async_copy_simplify;
pub mod builtin_calls;
pub mod check;
pub mod decision;
pub mod emit;
pub mod explain;
pub mod explicit_cast_tags;
pub mod flat_input;
pub mod ir;
pub mod kernels;
pub mod lower;
pub mod private_branch_elision;
pub mod propagate;
pub mod raise;
pub mod static_global;
pub mod work_group;
