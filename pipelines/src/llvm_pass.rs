//! gas as an LLVM pass (`opt -passes=gas<...>`, `clang -fpass-plugin`):
//! the pass's parameters in LLVM's syntax, read into the driver's
//! [`Options`]. The plugin (`libgas.so`) hands the module over as LLVM IR
//! text, so the result keeps what `gas-opt` keeps on a `.ll` file.
//!
//! Parameters are `;`-separated, as LLVM's own (`loop-unroll<O3;partial>`):
//! a preset or steps in order (`O0`, `raise;propagate;lower`; default `O2`)
//! and the pass options `gas-opt` has (`target=nvptx`, `closed-world=never`,
//! `clone-budget=N`, `builtins=named`, `named-atomics=true`,
//! `host-pointers=unknown`). Without `target`, the module's triple decides.

use crate::driver::{Emit, InputFormat, Options};
use crate::error::PipelineError;
use crate::pipeline::Pipeline;
use crate::registry::{OptionKey, StepConfig, DEFAULT_PIPELINE};

/// The pass's name in LLVM pipelines.
pub const PASS_NAME: &str = "gas";

/// The options for the parameters between `gas<` and `>` (empty: O2 with
/// every default): LLVM IR text in, bitcode out.
pub fn options(parameters: &str) -> Result<Options, PipelineError> {
    let bad = |message: String| PipelineError::BadPassOption {
        pass: PASS_NAME.to_string(),
        message,
    };
    let mut steps = Vec::new();
    let mut config = StepConfig::default();
    let mut target_given = false;
    for parameter in parameters.split(';').map(str::trim) {
        if parameter.is_empty() {
            continue;
        }
        let Some((key, value)) = parameter.split_once('=') else {
            steps.push(parameter);
            continue;
        };
        let option =
            OptionKey::named(key.trim()).ok_or_else(|| bad(format!("no option `{key}`")))?;
        option.apply(value.trim(), &mut config).map_err(bad)?;
        target_given |= option == OptionKey::Target;
    }
    let pipeline = if steps.is_empty() {
        DEFAULT_PIPELINE.to_string()
    } else {
        steps.join(",")
    };
    Ok(Options {
        input: InputFormat::LlvmIr,
        emit: Emit::LlvmBitcode,
        address_spaces: target_given.then_some(config.address_spaces),
        closed_world: config.closed_world,
        clone_budget: config.clone_budget,
        unknown_builtin_space: config.unknown_builtin_space,
        named_atomics: config.named_atomics,
        no_host_pointer_assumptions: config.host_pointers_unknown,
        // The host compiler's threads are its own.
        multithreading: false,
        ..Options::new(Pipeline::parse(&pipeline)?)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::ClosedWorld;
    use gas_dialect::AddressSpaceMap;

    #[test]
    fn no_parameters_is_o2_with_the_target_from_the_triple() {
        let options = options("").expect("valid");
        assert_eq!(options.pipeline.name, "O2");
        assert_eq!(options.address_spaces, None);
        assert_eq!(options.emit, Emit::LlvmBitcode);
    }

    #[test]
    fn steps_and_options_in_any_order() {
        let options =
            options("target=nvptx;raise;propagate;closed-world=never;lower").expect("valid");
        assert_eq!(options.pipeline.name, "raise,propagate,lower");
        assert_eq!(options.address_spaces, Some(AddressSpaceMap::NVPTX64));
        assert_eq!(options.closed_world, ClosedWorld::Never);
    }

    #[test]
    fn bad_parameters_say_what_is_wrong() {
        let unknown_step = options("O3").err().expect("no O3").to_string();
        assert!(unknown_step.contains("`O3`"), "{unknown_step}");
        let unknown_option = options("speed=fast").err().expect("no speed").to_string();
        assert!(
            unknown_option.contains("no option `speed`"),
            "{unknown_option}"
        );
        let bad_value = options("target=x86").err().expect("no x86").to_string();
        assert!(bad_value.contains("target=x86"), "{bad_value}");
    }
}
