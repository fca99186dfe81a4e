//! `gas-opt` as a user runs it: exit codes, where output goes, and that no
//! input makes it panic or leave a partial output file.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const VALID: &str = r#"llvm.func @load_through_local(%l: !llvm.ptr<3>) -> i32 {
  %g = "gas.tag"(%l) : (!llvm.ptr<3>) -> !llvm.ptr<4>
  %v = "gas.dispatch"(%g) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 3>]} : (!llvm.ptr<4>) -> i32
  llvm.return %v : i32
}
"#;

const INVALID: &str = r#"llvm.func @tag_of_constant(%c: !llvm.ptr<2>) {
  %g = "gas.tag"(%c) : (!llvm.ptr<2>) -> !llvm.ptr<4>
  llvm.return
}
"#;

const LLVM_ONLY: &str = r#"llvm.func @add(%a: i32, %b: i32) -> i32 {
  %s = llvm.add %a, %b : i32
  llvm.return %s : i32
}
"#;

fn gas_opt(args: &[&str], stdin: &[u8]) -> Output {
    gas_opt_with_env(args, stdin, &[])
}

fn gas_opt_with_env(args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gas-opt"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gas-opt starts");
    let written = child.stdin.take().expect("a stdin pipe").write_all(stdin);
    // gas-opt may exit before reading stdin (a usage error, an input file
    // named): the pipe is then closed, which is no failure of the test.
    if let Err(error) = written {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
    }
    child.wait_with_output().expect("gas-opt finishes")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn write(directory: &Path, name: &str, text: &str) -> String {
    let path = directory.join(name);
    std::fs::write(&path, text).expect("the fixture is written");
    path.display().to_string()
}

#[test]
fn valid_input_from_stdin_prints_to_stdout() {
    let output = gas_opt(&["--pipeline", "verify"], VALID.as_bytes());
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains(r#""gas.tag"(%arg0)"#),
        "{}",
        stdout(&output)
    );
    assert!(stderr(&output).is_empty());
}

#[test]
fn errors_have_file_line_column_and_exit_one() {
    let directory = tempfile::tempdir().expect("a temp dir");
    let input = write(directory.path(), "bad.mlir", INVALID);
    let output = gas_opt(&[&input], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).starts_with(&format!(
            "{input}:2:8: error: 'gas.tag' op operand is a constant pointer"
        )),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn source_code_gets_the_clang_command_that_makes_ir() {
    let directory = tempfile::tempdir().expect("a temp dir");
    let input = write(
        directory.path(),
        "kernel.cl",
        "kernel void f(global int *p) { *p = 1; }\n",
    );
    let output = gas_opt(&[&input, "-o", "out.ll"], b"");
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(
        message.starts_with(&format!("{input}:1:1: error: this is OpenCL C source")),
        "{message}"
    );
    assert!(message.contains("-emit-llvm"), "{message}");
    assert!(!Path::new("out.ll").exists());
    // From standard input, recognized by its text.
    let output = gas_opt(&[], b"#include <cuda.h>\n__global__ void f(int *p) {}\n");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("this is CUDA source"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn usage_errors_exit_two_and_name_the_bad_word() {
    let unknown_flag = gas_opt(&["--frobnicate"], VALID.as_bytes());
    assert_eq!(unknown_flag.status.code(), Some(2));
    assert!(stderr(&unknown_flag).contains("--frobnicate"));

    let unknown_pipeline = gas_opt(&["--pipeline", "O7"], VALID.as_bytes());
    assert_eq!(unknown_pipeline.status.code(), Some(2));
    assert!(
        stderr(&unknown_pipeline).contains("`O7`"),
        "{}",
        stderr(&unknown_pipeline)
    );

    let unknown_step = gas_opt(
        &["--pipeline", "cse,frobnicate,canonicalize"],
        VALID.as_bytes(),
    );
    assert_eq!(unknown_step.status.code(), Some(2));
    assert!(
        stderr(&unknown_step).contains("`frobnicate`"),
        "{}",
        stderr(&unknown_step)
    );

    for (pipeline, word) in [
        ("builtin.module(gas-raise,frobnicate)", "'frobnicate'"),
        (
            "builtin.module(gas-raise,gas-frobnicate)",
            "`gas-frobnicate`",
        ),
        ("builtin.module(gas-lower{target=riscv})", "target=riscv"),
        ("builtin.module(func.func(gas-raise))", "`gas-raise`"),
        ("builtin.module(gas-raise", "expected `)`"),
    ] {
        let bad = gas_opt(&["--pass-pipeline", pipeline], VALID.as_bytes());
        assert_eq!(bad.status.code(), Some(2), "{pipeline}");
        assert!(stderr(&bad).contains(word), "{pipeline}: {}", stderr(&bad));
    }

    let bad_emit = gas_opt(&["--emit", "asm"], VALID.as_bytes());
    assert_eq!(bad_emit.status.code(), Some(2));
    assert!(stderr(&bad_emit).contains("asm"));

    let bad_target = gas_opt(&["--target", "riscv"], VALID.as_bytes());
    assert_eq!(bad_target.status.code(), Some(2));
    assert!(stderr(&bad_target).contains("riscv"));
}

/// Writing to a device or a pipe writes into it: renaming a temporary file
/// over `/dev/null` (as root) would replace the device with a file.
#[test]
fn output_to_a_device_is_written_in_place() {
    let output = gas_opt(&["-o", "/dev/null"], VALID.as_bytes());
    assert!(output.status.success(), "{}", stderr(&output));
    let metadata = std::fs::metadata("/dev/null").expect("/dev/null exists");
    assert!(!metadata.is_file(), "/dev/null became a regular file");
}

/// A `--kernel` that names no function is an error naming it, with or
/// without `--flat-input`; nothing is written.
#[test]
fn unknown_kernel_names_are_errors() {
    let flat = "llvm.func @k(%p: !llvm.ptr) {\n  llvm.return\n}\n";
    for extra in [&["--flat-input"][..], &[][..]] {
        let mut args = vec!["--kernel", "nope"];
        args.extend_from_slice(extra);
        let output = gas_opt(&args, flat.as_bytes());
        assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
        assert!(stderr(&output).contains("nope"), "{}", stderr(&output));
        assert!(stdout(&output).is_empty());
    }
    // A valid module whose symbol names are not UTF-8 is processed.
    let odd_symbol = gas_opt(
        &[],
        b"llvm.func @\"\xff\"(!llvm.ptr<4>) -> !llvm.ptr<1>\nllvm.func @f(%p: !llvm.ptr<4>) {\n  %0 = llvm.call @\"\xff\"(%p) : (!llvm.ptr<4>) -> !llvm.ptr<1>\n  llvm.return\n}\n",
    );
    assert!(odd_symbol.status.success(), "{}", stderr(&odd_symbol));
}

/// The module's triple picks the target: an NVPTX module's flat generic
/// pointers get no tags, a SPIR one's do; `--target` overrides the triple.
#[test]
fn the_triple_picks_the_target_and_target_overrides_it() {
    let module = |triple: &str, generic: u32| {
        format!(
            "module attributes {{llvm.target_triple = \"{triple}\"}} {{\n\
             llvm.func @f(%l: !llvm.ptr<3>) -> !llvm.ptr<{generic}> {{\n\
             %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<{generic}>\n\
             llvm.return %g : !llvm.ptr<{generic}>\n}}\n}}\n"
        )
    };
    let nvptx = gas_opt(
        &["--pipeline", "O0"],
        module("nvptx64-nvidia-cuda", 0).as_bytes(),
    );
    assert!(nvptx.status.success(), "{}", stderr(&nvptx));
    assert!(
        stdout(&nvptx).contains("llvm.addrspacecast"),
        "{}",
        stdout(&nvptx)
    );
    assert!(!stdout(&nvptx).contains("llvm.or"), "{}", stdout(&nvptx));

    let spir = gas_opt(&["--pipeline", "O0"], module("spir64", 4).as_bytes());
    assert!(spir.status.success(), "{}", stderr(&spir));
    assert!(stdout(&spir).contains("llvm.or"), "{}", stdout(&spir));

    let forced = gas_opt(
        &["--pipeline", "O0", "--target", "spir"],
        module("nvptx64-nvidia-cuda", 4).as_bytes(),
    );
    assert!(forced.status.success(), "{}", stderr(&forced));
    assert!(stdout(&forced).contains("llvm.or"), "{}", stdout(&forced));
}

#[test]
fn presets_print_as_pass_pipelines_that_run_the_same() {
    let preset = gas_opt(
        &["--pipeline", "O0", "--dump-pass-pipeline"],
        VALID.as_bytes(),
    );
    assert!(preset.status.success(), "{}", stderr(&preset));
    assert_eq!(
        stderr(&preset).trim(),
        "builtin.module(gas-raise,gas-lower)"
    );
    let passes = gas_opt(
        &["--pass-pipeline", "builtin.module(gas-raise,gas-lower)"],
        VALID.as_bytes(),
    );
    assert!(passes.status.success(), "{}", stderr(&passes));
    assert_eq!(stdout(&preset), stdout(&passes));
}

#[test]
fn comma_lists_of_steps_run() {
    let output = gas_opt(&["--pipeline", "canonicalize,cse"], VALID.as_bytes());
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("gas.dispatch"));
}

#[test]
fn output_file_is_written_only_on_success() {
    let directory = tempfile::tempdir().expect("a temp dir");
    let out = directory.path().join("out.mlir");
    let out_arg = out.display().to_string();

    let failed = gas_opt(&["-o", &out_arg], INVALID.as_bytes());
    assert_eq!(failed.status.code(), Some(1));
    assert!(!out.exists(), "a failed run must not create the output");

    std::fs::write(&out, "previous contents").expect("seed the output");
    let failed = gas_opt(&["-o", &out_arg], INVALID.as_bytes());
    assert_eq!(failed.status.code(), Some(1));
    assert_eq!(
        std::fs::read_to_string(&out).expect("still there"),
        "previous contents"
    );

    let succeeded = gas_opt(&["--pipeline", "verify", "-o", &out_arg], VALID.as_bytes());
    assert!(succeeded.status.success(), "{}", stderr(&succeeded));
    assert!(stdout(&succeeded).is_empty());
    assert!(std::fs::read_to_string(&out)
        .expect("written")
        .contains("gas.dispatch"));
    let leftovers = std::fs::read_dir(directory.path())
        .expect("listable")
        .count();
    assert_eq!(leftovers, 1, "no temporary files are left behind");
}

#[test]
fn a_failing_chunk_fails_the_split_run_and_writes_nothing() {
    let directory = tempfile::tempdir().expect("a temp dir");
    let input = write(
        directory.path(),
        "split.mlir",
        &format!("{VALID}\n// -----\n{INVALID}"),
    );
    let out = directory.path().join("out.mlir");
    let output = gas_opt(
        &[
            "--split-input-file",
            &input,
            "-o",
            &out.display().to_string(),
        ],
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    // The invalid function starts on line 8 of the file: its tag is on line 9.
    assert!(
        stderr(&output).starts_with(&format!("{input}:9:8: error:")),
        "{}",
        stderr(&output)
    );
    assert!(!out.exists());
}

#[test]
fn split_chunks_are_printed_with_the_marker() {
    let output = gas_opt(
        &["--split-input-file"],
        format!("{VALID}// -----\n{LLVM_ONLY}").as_bytes(),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert_eq!(text.matches("module {").count(), 2, "{text}");
    assert_eq!(text.matches("// -----").count(), 1, "{text}");
}

#[test]
fn missing_input_is_a_clear_error() {
    let output = gas_opt(&["/no/such/file.mlir"], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).starts_with("/no/such/file.mlir: error:"),
        "{}",
        stderr(&output)
    );
    let output = gas_opt(&["/no/such/file.ll"], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).starts_with("/no/such/file.ll: error:"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn hostile_inputs_end_in_diagnostics_not_crashes() {
    // A fixed pseudo-random byte stream, so the test is repeatable.
    let mut state: u32 = 0x2545_f491;
    let garbage: Vec<u8> = (0..4096)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state.to_le_bytes()[0]
        })
        .collect();
    let cases: [&[u8]; 12] = [
        &garbage,
        b"\x00\x01\x02",
        b"ML\xefR\x00garbage bytecode",
        b"llvm.func @f() {\n  \"gas.frobnicate\"() : () -> ()\n  llvm.return\n}\n",
        b"llvm.func @f(%p: !llvm.ptr<3>) {\n  %0 = \"gas.tag\"(%p, %p) : (!llvm.ptr<3>, !llvm.ptr<3>) -> !llvm.ptr<4>\n  llvm.return\n}\n",
        b"llvm.func @f(%p: i32) {\n  %0 = \"gas.untag\"(%p) : (i32) -> !llvm.ptr<1>\n  llvm.return\n}\n",
        b"module {",
        // An op name that is not UTF-8 (found by scripts/fuzz.sh: the
        // diagnostic's text made melior's Display fail, `to_string` panicked).
        b"llvm.func @f() {\n  \"gas.\xff\xfe\"() : () -> ()\n  llvm.return\n}\n",
        // String attributes and callees that are not UTF-8 (scripts/fuzz.sh:
        // melior's `value()` unwraps them).
        // A global whose address space is not an integer, and its address
        // (scripts/fuzz.sh: MLIR 22's parser segfaults verifying the
        // addressof; gas refuses the text before MLIR parses it).
        b"llvm.mlir.global external @s(0 : i32) {addr_space = i32} : i32\nllvm.func @f() -> !llvm.ptr<1> {\n  %0 = llvm.mlir.addressof @s : !llvm.ptr<1>\n  llvm.return %0 : !llvm.ptr<1>\n}\n",
        // The same through an alias, and with a dialect attribute.
        b"#space = \"x\"\nllvm.mlir.global external @s(0 : i32) {addr_space = #space} : i32\nllvm.func @f() -> !llvm.ptr<1> {\n  %0 = llvm.mlir.addressof @s : !llvm.ptr<1>\n  llvm.return %0 : !llvm.ptr<1>\n}\n",
        b"llvm.mlir.global external @s(0 : i32) {addr_space = #llvm.linkage<external>} : i32\nllvm.func @f() -> !llvm.ptr<1> {\n  %0 = llvm.mlir.addressof @s : !llvm.ptr<1>\n  llvm.return %0 : !llvm.ptr<1>\n}\n",
        b"llvm.func @f(%g: !llvm.ptr<4>, %v: i32) {\n  \"gas.dispatch\"(%v, %g) {access = \"l\xaa\xaallvm.store\", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 1, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (i32, !llvm.ptr<4>) -> ()\n  llvm.return\n}\n",
    ];
    for case in cases {
        let output = gas_opt(&[], case);
        let text = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{text}");
        assert!(text.contains("error:"), "{text}");
        assert!(!text.contains("panicked"), "{text}");
        assert!(stdout(&output).is_empty());
    }
}

#[test]
fn llvm_ir_input_is_imported() {
    let directory = tempfile::tempdir().expect("a temp dir");
    let input = write(
        directory.path(),
        "k.ll",
        "define spir_func i32 @read(ptr addrspace(3) %l) {\n  %g = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)\n  %v = load i32, ptr addrspace(4) %g, align 4\n  ret i32 %v\n}\n",
    );
    let output = gas_opt(&[&input, "--pipeline", "verify"], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("llvm.addrspacecast"), "{text}");
    assert!(text.contains("llvm.load"), "{text}");

    let broken = write(directory.path(), "broken.ll", "define i32 @f( {\n");
    let output = gas_opt(&[&broken], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).starts_with(&format!("{broken}:2:1: error: expected type")),
        "{}",
        stderr(&output)
    );

    // No process is spawned: an mlir-translate that cannot run changes nothing.
    let no_tool = gas_opt_with_env(
        &[&input, "--pipeline", "verify"],
        b"",
        &[
            ("GAS_MLIR_TRANSLATE", "/no/such/mlir-translate"),
            ("PATH", ""),
        ],
    );
    assert!(no_tool.status.success(), "{}", stderr(&no_tool));
}

#[test]
fn emit_llvm_ir_translates_and_refuses_gas_ops() {
    let output = gas_opt(&["--emit", "llvm-ir"], LLVM_ONLY.as_bytes());
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("define i32 @add(i32 %0, i32 %1)"),
        "{}",
        stdout(&output)
    );

    let output = gas_opt(
        &["--pipeline", "verify", "--emit", "llvm-ir"],
        VALID.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    assert!(
        text.starts_with("<stdin>:2:8: error: 'gas.tag' op cannot be translated"),
        "{text}"
    );
    assert!(
        text.contains("<stdin>:3:8: error: 'gas.dispatch' op cannot be translated"),
        "{text}"
    );
}

#[test]
fn verify_diagnostics_passes_on_met_and_fails_on_unmet_expectations() {
    let met = INVALID.replace(
        "  %g = \"gas.tag\"",
        "  // expected-error @+1 {{constant pointer}}\n  %g = \"gas.tag\"",
    );
    let output = gas_opt(&["--verify-diagnostics"], met.as_bytes());
    assert!(output.status.success(), "{}", stderr(&output));

    let unmet = VALID.replace(
        "  %g = \"gas.tag\"",
        "  // expected-error @+1 {{never produced}}\n  %g = \"gas.tag\"",
    );
    let output = gas_opt(&["--verify-diagnostics"], unmet.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("\"never produced\" on line 3 was not produced"),
        "{}",
        stderr(&output)
    );

    let unexpected = gas_opt(&["--verify-diagnostics"], INVALID.as_bytes());
    assert_eq!(unexpected.status.code(), Some(1));
    assert!(
        stderr(&unexpected).contains("unexpected error"),
        "{}",
        stderr(&unexpected)
    );
}

#[test]
fn default_pipeline_is_o2_and_stats_explain_it() {
    let directory = tempfile::tempdir().expect("a temp dir");
    let input = write(
        directory.path(),
        "k.ll",
        "define spir_kernel void @k(ptr addrspace(1) %p) {\n  %g = addrspacecast ptr addrspace(1) %p to ptr addrspace(4)\n  %v = load i32, ptr addrspace(4) %g, align 4\n  store i32 %v, ptr addrspace(1) %p, align 4\n  ret void\n}\n",
    );
    let output = gas_opt(&[&input, "--emit", "llvm-ir", "--stats"], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    // Resolved statically: a global load, no switch on the tag.
    assert!(text.contains("load i32, ptr addrspace(1)"), "{text}");
    assert!(!text.contains("switch"), "{text}");
    let stats = stderr(&output);
    assert!(
        stats.contains("static-global: @k: every generic pointer is global"),
        "{stats}"
    );
}

#[test]
fn untranslatable_modules_are_errors_not_crashes() {
    // MLIR's translate-to-string entry point crashed on these: a func.func
    // (no LLVM translation) and a call LLVM's verifier rejects.
    let func_dialect = "func.func @f() {\n  return\n}\n";
    let output = gas_opt(
        &["--pipeline", "verify", "--emit", "llvm-ir"],
        func_dialect.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("<stdin>:1:1: error: cannot be converted to LLVM IR"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty());
    let kernel_call = "llvm.func spir_kernelcc @k() {\n  llvm.return\n}\nllvm.func @f() {\n  llvm.call spir_kernelcc @k() : () -> ()\n  llvm.return\n}\n";
    let output = gas_opt(
        &["--pipeline", "verify", "--emit", "llvm-ir"],
        kernel_call.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("fails LLVM's verifier: calling convention does not permit calls"),
        "{}",
        stderr(&output)
    );
}

/// NVPTX modules that mark kernels the old way (`!nvvm.annotations`) are
/// read as kernels (LLVM's reader turns the annotation into `ptx_kernel`):
/// the program is then closed, so the exported helper is specialized in
/// place of being kept for unknown callers.
#[test]
fn nvvm_annotations_mark_kernels() {
    let directory = tempfile::tempdir().expect("a temp dir");
    let module = "target triple = \"nvptx64-nvidia-cuda\"\n\
        define void @h(ptr %p, i32 %v) noinline {\n  store i32 %v, ptr %p\n  ret void\n}\n\
        define void @k(ptr addrspace(1) %g, i32 %v) {\n\
        \x20 %p = addrspacecast ptr addrspace(1) %g to ptr\n\
        \x20 call void @h(ptr %p, i32 %v)\n  ret void\n}\n";
    let annotated = write(
        directory.path(),
        "annotated.ll",
        &format!("{module}!nvvm.annotations = !{{!0}}\n!0 = !{{ptr @k, !\"kernel\", i32 1}}\n"),
    );
    let output = gas_opt(&[&annotated, "--emit", "llvm-ir"], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("define ptx_kernel void @k"), "{text}");
    assert!(text.contains("store i32 %v, ptr addrspace(1) %p"), "{text}");
    assert!(!text.contains("store i32 %v, ptr %p"), "{text}");

    let unmarked = write(directory.path(), "unmarked.ll", module);
    let output = gas_opt(&[&unmarked, "--emit", "llvm-ir"], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("store i32 %v, ptr %p"),
        "{}",
        stdout(&output)
    );
}

/// `--timing` reports every activity on stderr; `--verify-each` takes
/// mlir-opt's 0/1 and names a bad value; neither changes the output.
#[test]
fn timing_and_verify_each() {
    let plain = gas_opt(&["--pipeline", "O2"], VALID.as_bytes());
    assert!(plain.status.success(), "{}", stderr(&plain));
    let timed = gas_opt(
        &["--pipeline", "O2", "--timing", "--verify-each", "0"],
        VALID.as_bytes(),
    );
    assert!(timed.status.success(), "{}", stderr(&timed));
    assert_eq!(stdout(&timed), stdout(&plain));
    let report = stderr(&timed);
    for activity in [
        "parse",
        "verify",
        "raise",
        "propagate",
        "lower",
        "print",
        "total",
    ] {
        assert!(report.contains(activity), "{activity} missing: {report}");
    }
    let bad = gas_opt(&["--verify-each", "maybe"], VALID.as_bytes());
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("maybe"), "{}", stderr(&bad));
}

#[test]
fn werror_makes_check_warnings_errors_and_writes_nothing() {
    let directory = tempfile::tempdir().expect("a temp dir");
    let input = write(
        directory.path(),
        "k.mlir",
        "llvm.func spir_kernelcc @k(%l: !llvm.ptr<3>, %out: !llvm.ptr<1>) {\n  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>\n  %back = llvm.addrspacecast %g : !llvm.ptr<4> to !llvm.ptr<1>\n  %v = llvm.load %back : !llvm.ptr<1> -> i32\n  llvm.store %v, %out : i32, !llvm.ptr<1>\n  llvm.return\n}\n",
    );
    let out = directory.path().join("out.mlir");
    let out_arg = out.display().to_string();
    let warned = gas_opt(&[&input, "-o", &out_arg], b"");
    assert!(warned.status.success(), "{}", stderr(&warned));
    assert!(
        stderr(&warned).starts_with(&format!("{input}:3:11: warning: cast to a global pointer")),
        "{}",
        stderr(&warned)
    );
    assert!(out.exists());
    std::fs::remove_file(&out).expect("removable");
    let failed = gas_opt(&[&input, "--Werror", "-o", &out_arg], b"");
    assert_eq!(failed.status.code(), Some(1));
    assert!(
        stderr(&failed).starts_with(&format!("{input}:3:11: error: cast to a global pointer")),
        "{}",
        stderr(&failed)
    );
    assert!(!out.exists(), "--Werror must not write the output");
}

#[test]
fn remarks_name_opencl_lines_from_line_tables() {
    let directory = tempfile::tempdir().expect("a temp dir");
    let source = write(
        directory.path(),
        "k.cl",
        "kernel void k(global int *g, local int *l, int c) {\n  int *p = c ? (int *)g : (int *)l;\n  *p += 1;\n}\n",
    );
    let Some(ll) = compile_opencl(
        &source,
        &[
            "-O0",
            "-disable-O0-optnone",
            "-debug-info-kind=line-tables-only",
        ],
    ) else {
        return;
    };
    let output = gas_opt(
        &[&ll.display().to_string(), "--remarks", "-o", "/dev/null"],
        b"",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let remarks: Vec<String> = stderr(&output)
        .lines()
        .filter(|line| line.contains(": remark: "))
        .map(String::from)
        .collect();
    // The load and the store of `*p += 1`, at line 3 of the OpenCL file,
    // both because of the select on line 2.
    assert_eq!(remarks.len(), 2, "{remarks:?}");
    for remark in &remarks {
        assert!(
            remark.starts_with(&format!("{source}:3:"))
                && remark.contains("stays dynamic: ")
                && remark.contains(&format!("{source}:2:")),
            "{remark}"
        );
    }
}

/// Compiles OpenCL C `source` for spir64 with clang 22 and `flags` (and
/// DWARF 5) next to it; `None` (the test is skipped) without clang.
fn compile_opencl(source: &str, flags: &[&str]) -> Option<std::path::PathBuf> {
    let clang = "/usr/lib/llvm-22/bin/clang";
    if !Path::new(clang).exists() {
        eprintln!("skipped: no {clang}");
        return None;
    }
    let ll = Path::new(source).with_extension("ll");
    let compiled = Command::new(clang)
        .args([
            "-cc1",
            "-triple",
            "spir64",
            "-cl-std=CL2.0",
            "-finclude-default-header",
            "-emit-llvm",
            "-dwarf-version=5",
        ])
        .args(flags)
        .arg(source)
        .arg("-o")
        .arg(&ll)
        .output()
        .expect("clang runs");
    assert!(
        compiled.status.success(),
        "{}",
        String::from_utf8_lossy(&compiled.stderr)
    );
    Some(ll)
}

#[test]
fn clones_of_functions_with_debug_info_translate() {
    // `bump` is cloned for its local and its global caller; with full debug
    // info each clone would claim `bump`'s DISubprogram, which LLVM's
    // verifier allows on one function only (translation failed).
    let directory = tempfile::tempdir().expect("a temp dir");
    let source = write(
        directory.path(),
        "k.cl",
        "__attribute__((noinline)) void bump(int *p) { int old = *p; *p = old + 1; }\nkernel void k(global int *g, local int *l) {\n  bump(g);\n  bump(l);\n  g[1] = l[0];\n}\n",
    );
    let Some(ll) = compile_opencl(&source, &["-O2", "-debug-info-kind=standalone"]) else {
        return;
    };
    let output = gas_opt(
        &[&ll.display().to_string(), "--stats", "--emit", "llvm-ir"],
        b"",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("2 clone(s)"),
        "{}",
        stderr(&output)
    );
    // The clones carry no debug info; the kernel keeps its own.
    let text = stdout(&output);
    assert!(text.contains("@bump.gas.l("), "{text}");
    assert!(text.contains("!DISubprogram(name: \"k\""), "{text}");
}
