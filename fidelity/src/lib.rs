//! `gas-fidelity`: checks that an LLVM IR module written by `gas-opt` keeps
//! what a runtime or backend reads of the module it was made from.
//!
//! It sits beside the compiler, not in it: it reads two modules as text, both
//! printed by `opt -S` of LLVM 22 (so both use one printer's syntax), and
//! links no LLVM library. It compares the module header, named metadata and
//! module flags, comdats, named types (same mode), globals, function headers (linkage, calling
//! convention, attributes, parameter and return attributes, metadata
//! attachments) and the metadata on instructions, with metadata resolved to
//! numbering-free text ([`metadata`]). Instructions themselves are left to
//! `llvm-diff` (see `tests/fidelity/check.sh`).
//!
//! Invariants: the checker never panics on its input (a line it cannot read
//! is an [`Error::Parse`]); a difference is reported once, as
//! `<what>: <detail>`, in a fixed order (header, named metadata, comdats,
//! named types, globals, functions).

#![deny(missing_docs)]

pub mod compare;
pub mod lex;
pub mod metadata;
pub mod parse;

pub use compare::{compare, Difference, Report};
pub use parse::Module;

/// What the output module may have done to the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The output is the input up to value names (`gas-opt --pipeline verify`).
    Same,
    /// The output is gas's rewrite (`--pipeline O2`): pointers may change
    /// address space, functions `<f>.gas.<suffix>` (clones of `<f>`) may be
    /// added, functions that are not kernels erased, function attributes
    /// `"gas-..."` added, `memory(...)` changed and bodies rewritten.
    Rewritten,
    /// As [`Mode::Rewritten`], for a flat input (seed 003, `gas-opt
    /// --flat-input`): global variables may also gain an address space.
    FlatInput,
}

/// Errors of the checker.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A module file could not be read.
    #[error("cannot read {path}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A line of a module could not be read.
    #[error("{file}:{line}: {message}")]
    Parse {
        /// The file (or `input`/`output`).
        file: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// Reads both modules and compares them.
pub fn check_text(mode: Mode, input: (&str, &str), output: (&str, &str)) -> Result<Report, Error> {
    let a = Module::parse(input.0, input.1)?;
    let b = Module::parse(output.0, output.1)?;
    Ok(compare(mode, &a, &b))
}
