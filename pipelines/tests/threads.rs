//! Inputs of at least `THREADS_FROM_BYTES` run with MLIR's threads: `raise`,
//! `async-copy-simplify`, `propagate`'s folds and `lower` then work on the
//! module's functions in parallel. What they make must not depend on it.

use gas_pipelines::driver::THREADS_FROM_BYTES;
use gas_pipelines::{process, Options, Pipeline};

/// One copy of the program, its symbols suffixed with `N`: a select of a
/// global and a local pointer read and written (a switch where tags exist),
/// a helper called with a global pointer (a clone), a loop keeping the
/// largest element's pointer (a retyped block argument) and an unused cast
/// (erased).
const TEMPLATE: &str = r#"
llvm.func @helperN(%p: !llvm.ptr<4>, %n: i64) -> i32 {
  %e = llvm.getelementptr inbounds %p[%n] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i32
  %v = llvm.load %e {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %e {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return %v : i32
}
llvm.func spir_kernelcc @kernelN(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %c: i1, %n: i64) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %zero = llvm.mlir.constant(0 : i64) : i64
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %unused = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %s = llvm.select %c, %gg, %gl : i1, !llvm.ptr<4>
  %a = llvm.load %s {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %a, %s {alignment = 4 : i64} : i32, !llvm.ptr<4>
  %h = llvm.call @helperN(%gg, %n) : (!llvm.ptr<4>, i64) -> i32
  llvm.br ^loop(%zero, %gg : i64, !llvm.ptr<4>)
^loop(%i: i64, %m: !llvm.ptr<4>):
  %p = llvm.getelementptr inbounds %gg[%i] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i32
  %pv = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %mv = llvm.load %m {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %larger = llvm.icmp "sgt" %pv, %mv : i32
  %next = llvm.select %larger, %p, %m : i1, !llvm.ptr<4>
  %j = llvm.add %i, %one : i64
  %more = llvm.icmp "slt" %j, %n : i64
  llvm.cond_br %more, ^loop(%j, %next : i64, !llvm.ptr<4>), ^done
^done:
  %best = llvm.load %next {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %sum = llvm.add %a, %h : i32
  %r = llvm.add %sum, %best : i32
  llvm.return %r : i32
}
"#;

fn module() -> String {
    let mut text = String::from("module attributes {llvm.target_triple = \"spir64\"} {\n");
    let mut copy = 0;
    while text.len() < THREADS_FROM_BYTES + THREADS_FROM_BYTES / 4 {
        text.push_str(&TEMPLATE.replace('N', &copy.to_string()));
        copy += 1;
    }
    text.push_str("}\n");
    text
}

fn run(source: &[u8], multithreading: bool) -> Vec<u8> {
    let options = Options {
        multithreading,
        ..Options::new(Pipeline::parse("O2").expect("O2 is a preset"))
    };
    let outcome = process(source, "threads.mlir", &options).expect("the pipeline runs");
    assert!(outcome.success, "{:?}", outcome.diagnostics);
    outcome.output
}

#[test]
fn o2_on_a_large_module_is_the_same_with_threads_and_without() {
    let source = module();
    assert!(source.len() >= THREADS_FROM_BYTES);
    let threaded = run(source.as_bytes(), true);
    let sequential = run(source.as_bytes(), false);
    assert!(threaded == sequential, "threads changed O2's output");
    let text = String::from_utf8(threaded).expect("MLIR text");
    // The sets did their work on every copy: each helper call goes to a
    // global clone.
    let calls: Vec<&str> = text
        .lines()
        .filter(|line| line.contains("llvm.call @helper"))
        .collect();
    assert_eq!(
        calls.len(),
        text.matches("llvm.func spir_kernelcc @kernel").count()
    );
    assert!(
        calls.iter().all(|call| call.contains(".gas.g(")),
        "a kernel kept calling the generic helper"
    );
}
