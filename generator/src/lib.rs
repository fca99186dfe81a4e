//! Random differential testing for gas (issue 17): a deterministic generator
//! of OpenCL C 2.0 kernels that exercise generic address-space pointers, and
//! a line-based reducer for the programs on which a gas pipeline changes
//! what a kernel computes.
//!
//! `scripts/differential.sh` drives both: it generates programs with
//! `gas-generate`, runs them through the CPU execution harness
//! (`tests/execution/run.sh`) unprocessed and after each gas pipeline, and
//! reduces every mismatch with `gas-reduce`. See `docs/reliability.md`.
//!
//! ```
//! let p = gas_generate::gen::generate(1, 0);
//! assert_eq!(p.name, "rand_1_0");
//! assert!(p.source.contains("kernel void rand_1_0("));
//! assert!(p.spec.starts_with("global "));
//! // the same seed and index always give the same program
//! assert_eq!(gas_generate::gen::generate(1, 0).source, p.source);
//! ```
#![deny(missing_docs)]

pub mod ast;
pub mod gen;
pub mod reduce;
pub mod rng;
