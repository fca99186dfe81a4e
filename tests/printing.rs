//! Printing a module's top-level ops in parallel (what `gas-opt` does with
//! a large module) gives MLIR's own text, byte for byte, or is refused.

use gas_patterns::ir::adapter::print_verified;
use gas_patterns::ir::print::print_in_parallel;
use gas_pipelines::driver::new_context;
use gas_pipelines::{process, Options, Pipeline};
use melior::ir::Module;
use std::path::{Path, PathBuf};

/// Every `*.mlir` file under `dir`, sorted.
fn mlir_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a readable directory")
        .map(|entry| entry.expect("a readable entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            mlir_files(&path, files);
        } else if path
            .extension()
            .is_some_and(|extension| extension == "mlir")
        {
            files.push(path);
        }
    }
}

/// How the parallel print went on the modules compared.
#[derive(Default, Debug)]
struct Compared {
    /// Printed in parallel, the same text as MLIR's.
    same: usize,
    /// Refused (aliases, dialect types, results at the top level).
    refused: usize,
}

impl Compared {
    /// Parses `text` (skipped where it does not parse and verify) and
    /// compares the two prints of it.
    fn module(&mut self, context: &melior::Context, text: &str, origin: &str) {
        let Some(module) = Module::parse(context, text) else {
            return;
        };
        let mlir = print_verified(module.as_operation());
        match print_in_parallel(context, &module, 1) {
            Some(parallel) => {
                assert_eq!(parallel, mlir, "{origin}: the parallel print differs");
                self.same += 1;
            }
            None => self.refused += 1,
        }
    }
}

/// Each module of the file tests' inputs (every `// -----` chunk) and of
/// O2's output for them, printed both ways.
#[test]
fn parallel_print_is_mlir_print_on_every_test_input() {
    let context = new_context().expect("a context");
    context.enable_multi_threading(true);
    // The inputs that expect errors do not parse; MLIR's report of that is
    // not this test's output.
    context.attach_diagnostic_handler(|_| true);
    let mut files = Vec::new();
    mlir_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests"),
        &mut files,
    );
    let options = Options {
        split_input_file: true,
        ..Options::new(Pipeline::parse("O2").expect("O2"))
    };
    let mut compared = Compared::default();
    for path in &files {
        let origin = path.display().to_string();
        let source = std::fs::read_to_string(path).expect("inputs are UTF-8");
        for chunk in source.split("\n// -----\n") {
            compared.module(&context, chunk, &origin);
        }
        let Ok(outcome) = process(source.as_bytes(), &origin, &options) else {
            continue;
        };
        if outcome.success {
            let output = String::from_utf8(outcome.output).expect("MLIR prints UTF-8");
            for chunk in output.split("// -----\n") {
                compared.module(&context, chunk, &origin);
            }
        }
    }
    // Most modules print in parallel; a few hold dialect attributes (which
    // may have aliases) and are refused.
    assert!(compared.same > 500, "{compared:?}");
    assert!(compared.refused > 0, "{compared:?}");
}

/// A module the driver prints in parallel (over a megabyte, many top-level
/// ops): named, with attributes, a comdat (a region, not isolated from
/// above), linker options, a global with an initializer region, kernels,
/// branches and switches; written with and without MLIR's threads.
#[test]
fn driver_prints_a_large_module_as_mlir_does() {
    let mut text = String::from(
        "module @large attributes {gas.note = \"parallel\", llvm.target_triple = \"spir64\"} {\n\
         llvm.comdat @__llvm_global_comdat {\n  llvm.comdat_selector @counter any\n}\n\
         llvm.linker_options [\"-lgas\"]\n\
         llvm.mlir.global internal @counter() {addr_space = 1 : i32} : i32 {\n\
         \x20 %0 = llvm.mlir.constant(7 : i32) : i32\n  llvm.return %0 : i32\n}\n",
    );
    // Over the size from which the driver turns MLIR's threads on.
    let mut index = 0;
    while text.len() <= gas_pipelines::driver::THREADS_FROM_BYTES {
        text.push_str(&format!(
            "llvm.func spir_funccc @f{index}(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %c: i1, %n: i64) -> i32 {{
  %one = llvm.mlir.constant(1 : i64) : i64
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %s = llvm.select %c, %gg, %gl : i1, !llvm.ptr<4>
  %p = llvm.getelementptr inbounds %s[%n] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i32
  llvm.cond_br %c, ^left, ^right(%one : i64)
^left:
  %v = llvm.load %p {{alignment = 4 : i64}} : !llvm.ptr<4> -> i32
  %w = llvm.add %v, %v : i32
  llvm.store %w, %p {{alignment = 4 : i64}} : i32, !llvm.ptr<4>
  llvm.return %w : i32
^right(%k: i64):
  %q = llvm.getelementptr inbounds %gl[%k] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i32
  %x = llvm.load %q {{alignment = 4 : i64}} : !llvm.ptr<4> -> i32
  llvm.return %x : i32
}}
llvm.func spir_kernelcc @k{index}(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %c: i1, %n: i64) attributes {{gas.kernel}} {{
  %r = llvm.call @f{index}(%g, %l, %c, %n) : (!llvm.ptr<1>, !llvm.ptr<3>, i1, i64) -> i32
  llvm.return
}}
"
        ));
        index += 1;
    }
    text.push_str("}\n");
    let threaded = Options::new(Pipeline::parse("O2").expect("O2"));
    let single = Options {
        multithreading: false,
        ..threaded.clone()
    };
    let run = |options: &Options| {
        let outcome = process(text.as_bytes(), "large.mlir", options).expect("the pipeline runs");
        assert!(outcome.success, "{:?}", outcome.diagnostics);
        String::from_utf8(outcome.output).expect("MLIR prints UTF-8")
    };
    let parallel = run(&threaded);
    assert_eq!(parallel, run(&single));
    // The driver's threaded run took the parallel path: the module does
    // not fall back to MLIR's printer.
    let context = new_context().expect("a context");
    context.enable_multi_threading(true);
    let output = Module::parse(&context, &parallel).expect("the output parses");
    // (The driver ends its output with a line break of its own.)
    let printed = print_in_parallel(&context, &output, 64).map(|text| text + "\n");
    assert!(printed.as_deref() == Some(parallel.as_str()));
    assert!(parallel.starts_with("module @large attributes {"));
    assert!(parallel.contains("  llvm.comdat @__llvm_global_comdat {\n    llvm.comdat_selector"));
    assert!(
        parallel.contains("llvm.switch"),
        "O2 keeps the run-time switch"
    );
}

/// A module whose text has aliases is refused: printed alone, a function
/// would spell the TBAA attributes out instead of naming their aliases. The
/// one function with them comes after more ops than the threads print
/// ahead, so they are waiting when the print stops.
#[test]
fn a_module_with_aliases_is_printed_by_mlir() {
    let context = new_context().expect("a context");
    context.enable_multi_threading(true);
    let mut text = String::from(
        "#root = #llvm.tbaa_root<id = \"root\">\n\
         #int = #llvm.tbaa_type_desc<id = \"int\", members = {<#root, 0>}>\n\
         #tag = #llvm.tbaa_tag<base_type = #int, access_type = #int, offset = 0>\n\
         module {\n",
    );
    for index in 0..1000 {
        let tbaa = if index == 400 { ", tbaa = [#tag]" } else { "" };
        text.push_str(&format!(
            "llvm.func @f{index}(%p: !llvm.ptr<1>) -> i32 {{
  %v = llvm.load %p {{alignment = 4 : i64{tbaa}}} : !llvm.ptr<1> -> i32
  llvm.return %v : i32
}}
"
        ));
    }
    text.push_str("}\n");
    let module = Module::parse(&context, &text).expect("the module parses");
    assert!(print_verified(module.as_operation()).contains("tbaa = [#tbaa_tag]"));
    assert_eq!(print_in_parallel(&context, &module, 1), None);
}

/// Builtin attributes and types the module printer aliases although their
/// own spelling has no `#` or `!` (locations, affine maps and sets, large
/// tuples) make the module print by MLIR; a call of `@malloc(` does not.
#[test]
fn builtin_aliases_are_printed_by_mlir() {
    let context = new_context().expect("a context");
    context.enable_multi_threading(true);
    let tuple = vec!["i32"; 17].join(", ");
    for (attribute, alias) in [
        ("loc(\"kernel.cl\":3:7)", "#loc"),
        ("affine_map<(d0) -> (d0 + 1)>", "#map"),
        ("affine_set<(d0) : (d0 - 1 >= 0)>", "#set"),
        (&format!("tuple<{tuple}>") as &str, "!tuple"),
    ] {
        let mut text = String::from("module {\n");
        for index in 0..4 {
            text.push_str(&format!(
                "llvm.func @f{index}() attributes {{gas.note = {attribute}}} {{\n  llvm.return\n}}\n"
            ));
        }
        text.push_str("}\n");
        let module = Module::parse(&context, &text).expect("the module parses");
        assert!(
            print_verified(module.as_operation()).contains(alias),
            "{attribute}"
        );
        assert_eq!(print_in_parallel(&context, &module, 1), None, "{attribute}");
    }
}

/// A name ending in `loc` before a parenthesis is not a location.
#[test]
fn a_call_of_malloc_prints_in_parallel() {
    let context = new_context().expect("a context");
    context.enable_multi_threading(true);
    let mut text = String::from("module {\nllvm.func @malloc(i64) -> !llvm.ptr\n");
    for index in 0..4 {
        text.push_str(&format!(
            "llvm.func @f{index}(%n: i64) -> !llvm.ptr {{
  %p = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
  llvm.return %p : !llvm.ptr
}}
"
        ));
    }
    text.push_str("}\n");
    let module = Module::parse(&context, &text).expect("the module parses");
    let mlir = print_verified(module.as_operation());
    assert_eq!(print_in_parallel(&context, &module, 1), Some(mlir));
}
