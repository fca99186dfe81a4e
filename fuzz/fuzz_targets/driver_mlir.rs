//! The driver on arbitrary MLIR text: parse, verify, O2 with every step
//! verified and all remarks, print. Any input must end in output or located diagnostics;
//! a crash or an abort is a bug.

#![no_main]

use gas_pipelines::{process, Options, Pipeline, RemarkKind};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(pipeline) = Pipeline::parse("O2") else {
        return;
    };
    let options = Options {
        // One thread: libFuzzer's crash reports stay readable.
        multithreading: false,
        verify_each: true,
        // Explain reads everything the sets decided: fuzz it too.
        remarks: Some(RemarkKind::All),
        ..Options::new(pipeline)
    };
    let _ = process(data, "fuzz.mlir", &options);
});
