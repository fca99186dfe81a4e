//! Arbitrary text as a pipeline: `--pass-pipeline` (gas's reader of MLIR's
//! syntax, gas pass options, MLIR's registry check) and `--pipeline`
//! (presets and step lists). A pipeline made of gas passes only is then run
//! on a small module with generic pointers; upstream passes are not run,
//! since a crash inside one of MLIR's own passes is MLIR's bug, not gas's.
//! Any input must end in a result or an error; a crash is a bug.

#![no_main]

use gas_pipelines::pass_pipeline::{parse, Element};
use gas_pipelines::{process, Options, Pipeline};
use libfuzzer_sys::fuzz_target;

const MODULE: &str = include_str!("pipeline_text_module.mlir");

fn only_gas_passes(elements: &[Element]) -> bool {
    elements
        .iter()
        .all(|element| matches!(element, Element::Pass { name, .. } if name.starts_with("gas-")))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Pipeline::parse(text);
    let Ok(pipeline) = Pipeline::parse_pass_pipeline(text) else {
        return;
    };
    let runnable = parse(text).is_ok_and(|(_, elements)| only_gas_passes(&elements));
    if !runnable {
        return;
    }
    let options = Options {
        multithreading: false,
        verify_each: true,
        ..Options::new(pipeline)
    };
    let _ = process(MODULE.as_bytes(), "fuzz.mlir", &options);
});
