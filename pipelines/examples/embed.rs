//! An embedder's program: a compiler with its own MLIR context, diagnostic
//! handler and pass manager, running gas's passes among MLIR's.
//!
//! `cargo run -p gas-pipelines --example embed -- FILE.ll|FILE.mlir` prints
//! the module in the LLVM dialect, resolved as `gas-opt --pipeline O2`
//! resolves it (the test suite compares the two on the execution corpus).

use gas_pipelines::llvm::LlvmSource;
use gas_pipelines::passes::GasPasses;
use gas_pipelines::registry::StepConfig;
use melior::ir::Module;
use melior::pass::PassManager;
use melior::Context;
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: embed FILE.ll|FILE.mlir");
        return ExitCode::from(2);
    };
    match compile(Path::new(&path)) {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("embed: {path}: {message}");
            ExitCode::FAILURE
        }
    }
}

fn compile(path: &Path) -> Result<String, String> {
    // The embedder's own context: gas's dialect is loaded into it, and its
    // diagnostics go to the embedder's handler.
    let context = Context::new();
    gas_dialect::load(&context).map_err(|error| error.to_string())?;
    context.attach_diagnostic_handler(|diagnostic| {
        eprintln!("embed: {}: {diagnostic}", diagnostic.location());
        true
    });
    let bytes = std::fs::read(path).map_err(|error| error.to_string())?;
    let mut module = if path.extension().is_some_and(|extension| extension == "ll") {
        // LLVM IR, read and imported in process.
        let source = LlvmSource::parse(&bytes, &path.display().to_string())
            .map_err(|error| error.to_string())?;
        let (module, warnings) = source.import(&context).map_err(|error| error.to_string())?;
        for warning in warnings {
            eprintln!("embed: warning: {warning}");
        }
        module
    } else {
        let text = String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())?;
        Module::parse(&context, &text).ok_or("cannot parse the module")?
    };

    // The target's address spaces come from the module's triple.
    let config = StepConfig {
        address_spaces: gas_pipelines::driver::target_of_module(&module),
        ..StepConfig::default()
    };
    let passes = GasPasses::new(config);
    let manager = PassManager::new(&context);
    let pipeline = manager.as_operation_pass_manager();
    // A gas pass made one by one, as any MLIR pass is added...
    manager.add_pass(
        passes
            .create("gas-raise", "")
            .map_err(|error| error.to_string())?,
    );
    // ... and the rest as textual pipeline elements, gas's and MLIR's mixed.
    passes
        .add_pipeline(
            pipeline,
            "gas-check,gas-explicit-cast-tags,gas-propagate,gas-builtin-calls,\
             gas-private-branch-elision,gas-static-global,gas-async-copy-simplify,gas-lower",
        )
        .map_err(|error| error.to_string())?;
    // MLIR's own passes through melior, nested on every function and
    // global initializer (run in parallel).
    for anchor in ["llvm.func", "llvm.mlir.global"] {
        let nested = pipeline.nested_under(anchor);
        nested.add_pass(melior::pass::transform::create_canonicalizer());
        nested.add_pass(melior::pass::transform::create_cse());
    }
    manager
        .run(&mut module)
        .map_err(|_| "the pass pipeline failed".to_string())?;

    // What the gas passes reported: the check's warnings, through the
    // embedder's own output.
    for (set, report) in passes.take_reports().steps {
        for warning in report.warnings {
            eprintln!(
                "embed: {}:{}:{}: warning: {} ({set})",
                warning.location.file,
                warning.location.line,
                warning.location.column,
                warning.message
            );
        }
    }
    Ok(module.as_operation().to_string())
}
