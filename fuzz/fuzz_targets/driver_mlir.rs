//! The driver on arbitrary MLIR text: parse, verify, O2 with every step
//! verified and all remarks, print. Any input must end in output or located diagnostics;
//! a crash or an abort is a bug.

#![no_main]

use gas_pipelines::{process, ClosedWorld, Emit, Options, Pipeline, RemarkKind, UnknownSpace};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(pipeline) = Pipeline::parse("O2") else {
        return;
    };
    let options = Options {
        pipeline,
        emit: Emit::Mlir,
        split_input_file: false,
        verify_diagnostics: false,
        address_spaces: None,
        closed_world: ClosedWorld::default(),
        clone_budget: None,
        unknown_builtin_space: UnknownSpace::KeepGeneric,
        named_atomics: false,
        flat_input: false,
        kernels: Vec::new(),
        // One thread: libFuzzer's crash reports stay readable.
        multithreading: false,
        verify_each: true,
        free_ir: true,
        // Explain reads everything the sets decided: fuzz it too.
        remarks: Some(RemarkKind::All),
        warnings_as_errors: false,
    };
    let _ = process(data, "fuzz.mlir", &options);
});
