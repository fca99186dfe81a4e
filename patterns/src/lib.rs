//! gas pattern sets: one module per set, named as in DESIGN.md, each exposing
//! a `populate_<set>_patterns` entry point run by MLIR's greedy driver.
//!
//! This crate sits between the dialect (which it builds ops through) and the
//! pipelines (which name and order its sets). It holds no set yet: `raise` and
//! `lower` come next (see the README's "Adding a pattern set").
