//! The file-driven tests: every `tests/**/*.mlir` input runs through the
//! gas-opt options named on its first line (`// gas-opt: --pipeline ...`).
//! The snapshot shows the input and the output (or the diagnostics) together
//! and is named after the path under `tests/` (`dialect/ops.mlir` →
//! `snapshots/dialect__ops.snap`). Successful outputs are also run again and
//! must not change (idempotence, and the output parses and verifies);
//! with `--stats` in the header the steps' reports are in the snapshot too;
//! `--verify-diagnostics` files must meet every expectation.

use gas_pipelines::{process, ClosedWorld, Emit, Options, Pipeline, UnknownSpace};
use std::path::Path;

const HEADER: &str = "// gas-opt:";

/// The options on the header line of `source`.
fn options(path: &Path, source: &str) -> (Options, bool) {
    let header = source
        .lines()
        .next()
        .and_then(|line| line.strip_prefix(HEADER))
        .unwrap_or_else(|| {
            panic!(
                "{}: the first line must be `{HEADER} <options>`",
                path.display()
            )
        });
    let mut options = Options {
        verify_each: true,
        ..Options::new(
            Pipeline::parse(gas_pipelines::DEFAULT_PIPELINE).expect("the default pipeline"),
        )
    };
    let mut show_stats = false;
    let mut words = header.split_whitespace();
    while let Some(word) = words.next() {
        match word {
            "--pipeline" => {
                let spec = words.next().expect("--pipeline needs a value");
                options.pipeline = Pipeline::parse(spec)
                    .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            }
            "--pass-pipeline" => {
                let text = words.next().expect("--pass-pipeline needs a value");
                options.pipeline = Pipeline::parse_pass_pipeline(text)
                    .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            }
            "--emit" => {
                options.emit = match words.next() {
                    Some("mlir") => Emit::Mlir,
                    Some("llvm-ir") => Emit::LlvmIr,
                    other => panic!("{}: bad --emit {other:?}", path.display()),
                }
            }
            "--closed-world" => {
                options.closed_world = match words.next() {
                    Some("auto") => ClosedWorld::WhenKernels,
                    Some("always") => ClosedWorld::Always,
                    Some("never") => ClosedWorld::Never,
                    other => panic!("{}: bad --closed-world {other:?}", path.display()),
                }
            }
            "--clone-budget" => {
                let budget = words.next().and_then(|word| word.parse().ok());
                options.clone_budget = Some(
                    budget.unwrap_or_else(|| panic!("{}: bad --clone-budget", path.display())),
                );
            }
            "--builtins" => {
                options.unknown_builtin_space = match words.next() {
                    Some("generic") => UnknownSpace::KeepGeneric,
                    Some("named") => UnknownSpace::DispatchToNamed,
                    other => panic!("{}: bad --builtins {other:?}", path.display()),
                }
            }
            "--named-atomics" => options.named_atomics = true,
            "--flat-input" => options.flat_input = true,
            "--no-host-pointer-assumptions" => options.no_host_pointer_assumptions = true,
            "--kernel" => options
                .kernels
                .push(words.next().expect("--kernel needs a name").to_string()),
            "--target" => {
                let name = words.next().unwrap_or_default();
                options.address_spaces = Some(
                    gas_dialect::AddressSpaceMap::named(name)
                        .unwrap_or_else(|| panic!("{}: bad --target {name}", path.display())),
                );
            }
            "--split-input-file" => options.split_input_file = true,
            "--stats" => show_stats = true,
            "--verify-diagnostics" => options.verify_diagnostics = true,
            "--remarks" => options.remarks = Some(gas_pipelines::driver::RemarkKind::Dynamic),
            "--remarks=all" => options.remarks = Some(gas_pipelines::driver::RemarkKind::All),
            "--Werror" => options.warnings_as_errors = true,
            other => panic!("{}: unknown option `{other}` in the header", path.display()),
        }
    }
    (options, show_stats)
}

/// `dialect/ops.mlir` → `dialect__ops`.
fn snapshot_name(relative: &Path) -> String {
    relative
        .with_extension("")
        .components()
        .map(|component| component.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("__")
}

fn check(path: &Path) {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let relative = path.strip_prefix(&tests).expect("inputs live under tests/");
    // MLIR GPU kernels, lowered by mlir-opt (tests/mlir-gpu/run.sh).
    if relative.starts_with("mlir-gpu") {
        return;
    }
    let display = format!("tests/{}", relative.display());
    let source = std::fs::read_to_string(path).expect("inputs are UTF-8");
    let (options, show_stats) = options(path, &source);

    let body = if options.verify_diagnostics {
        let verified = process(source.as_bytes(), &display, &options).expect("the pipeline runs");
        let mismatches: Vec<String> = verified
            .diagnostics
            .iter()
            .map(ToString::to_string)
            .collect();
        assert!(
            verified.success,
            "{display}: expectations not met:\n{}",
            mismatches.join("\n")
        );
        let reporting = Options {
            verify_diagnostics: false,
            ..options.clone()
        };
        let reported = process(source.as_bytes(), &display, &reporting).expect("the pipeline runs");
        assert!(
            !reported.diagnostics.is_empty(),
            "{display}: a diagnostics test must produce diagnostics"
        );
        let diagnostics: Vec<String> = reported
            .diagnostics
            .iter()
            .map(ToString::to_string)
            .collect();
        format!("---- diagnostics ----\n{}\n", diagnostics.join("\n"))
    } else {
        let outcome = process(source.as_bytes(), &display, &options).expect("the pipeline runs");
        let diagnostics: Vec<String> = outcome
            .diagnostics
            .iter()
            .map(ToString::to_string)
            .collect();
        assert!(
            outcome.success,
            "{display} failed:\n{}",
            diagnostics.join("\n")
        );
        if options.emit == Emit::Mlir {
            // The output of --flat-input has its spaces back: it is read as
            // a normal module the second time (its kernels are marked).
            let again_options = Options {
                flat_input: false,
                kernels: Vec::new(),
                ..options.clone()
            };
            let again =
                process(&outcome.output, &display, &again_options).expect("the pipeline runs");
            assert!(
                again.success,
                "{display}: the output does not process again"
            );
            assert_eq!(
                again.output, outcome.output,
                "{display}: a second run changed the output"
            );
        }
        let stats = if show_stats && !outcome.stats.is_empty() {
            format!("---- stats ----\n{}\n", outcome.stats.join("\n"))
        } else {
            String::new()
        };
        format!(
            "{stats}---- output ----\n{}",
            String::from_utf8_lossy(&outcome.output)
        )
    };
    let snapshot = format!("---- input: {display} ----\n{source}\n{body}");
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
        input_file => path,
        snapshot_suffix => "",
    }, {
        insta::assert_snapshot!(snapshot_name(relative), snapshot);
    });
}

#[test]
fn files() {
    insta::glob!("**/*.mlir", check);
}
