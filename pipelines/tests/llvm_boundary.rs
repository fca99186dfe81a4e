//! LLVM IR in, LLVM IR out: one test per kind of thing MLIR 22's importer
//! and exporter drop, each failing when gas lost it (as it did when `.ll`
//! went through `mlir-translate` and back). The inputs are
//! `tests/llvm-boundary/*.ll`; `tests/fidelity/` compares whole corpora.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixture(name: &str) -> String {
    fixture_in("llvm-boundary", name)
}

/// A debug-build fixture (`tests/debug/fixtures/`: kept out of
/// tests/llvm-boundary, whose fixtures the fidelity corpus reads whole; what
/// MLIR drops of full debug info, such as a file's checksum, is not restored
/// yet).
fn debug_fixture(name: &str) -> String {
    fixture_in("debug/fixtures", name)
}

/// The path of `tests/<folder>/<name>`.
fn fixture_in(folder: &str, name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests")
        .join(folder)
        .join(name)
        .display()
        .to_string()
}

fn gas_opt(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gas-opt"))
        .args(args)
        .output()
        .expect("gas-opt runs")
}

/// Runs gas-opt with `args` on `input`, expecting success; LLVM IR text out
/// (and stderr).
fn llvm_out(input: &str, args: &[&str]) -> (String, String) {
    let mut all = vec![input, "--emit", "llvm-ir"];
    all.extend_from_slice(args);
    let output = gas_opt(&all);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{input} {args:?}: {stderr}");
    (String::from_utf8_lossy(&output.stdout).into_owned(), stderr)
}

/// The line of `text` that starts with `prefix`.
fn line<'t>(text: &'t str, prefix: &str) -> &'t str {
    text.lines()
        .find(|line| line.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starting with `{prefix}` in:\n{text}"))
}

/// The text of `@name`'s definition, from its `define` line to its `}`.
fn body<'t>(text: &'t str, name: &str) -> &'t str {
    let start = text
        .find(define(text, name))
        .unwrap_or_else(|| panic!("no definition of @{name}"));
    let rest = &text[start..];
    &rest[..rest.find("\n}").unwrap_or(rest.len())]
}

/// The definition line of `@name`.
fn define<'t>(text: &'t str, name: &str) -> &'t str {
    text.lines()
        .find(|line| line.starts_with("define ") && line.contains(&format!("@{name}(")))
        .unwrap_or_else(|| panic!("no definition of @{name} in:\n{text}"))
}

#[test]
fn kernel_argument_metadata_is_kept_and_never_on_clones() {
    let input = fixture("kernel_args.ll");
    for pipeline in ["verify", "O2"] {
        let (text, _) = llvm_out(&input, &["--pipeline", pipeline]);
        let kernel = define(&text, "k");
        for kind in [
            "!kernel_arg_addr_space",
            "!kernel_arg_access_qual",
            "!kernel_arg_type ",
            "!kernel_arg_base_type",
            "!kernel_arg_type_qual",
        ] {
            assert!(kernel.contains(kind), "{pipeline}: {kind} lost: {kernel}");
        }
        assert!(
            text.contains(r#"!{!"float*", !"float*", !"float"}"#),
            "{text}"
        );
        assert!(text.contains(r#"!{!"restrict", !"", !""}"#), "{text}");
        // O2 clones the helper per space: clones are not kernels.
        for clone in text
            .lines()
            .filter(|line| line.contains(".gas.") && line.starts_with("define"))
        {
            assert!(!clone.contains("!kernel_arg"), "{clone}");
        }
        if pipeline == "O2" {
            assert!(text.contains("@scale.gas."), "{text}");
        }
    }
}

#[test]
fn named_metadata_is_kept_and_re_pointed() {
    let input = fixture("kernel_args.ll");
    let (text, _) = llvm_out(&input, &["--pipeline", "O2"]);
    for name in [
        "!opencl.ocl.version = ",
        "!opencl.spir.version = ",
        "!llvm.errno.tbaa = ",
        "!llvm.ident = ",
        "!igc.functions = ",
    ] {
        line(&text, name);
    }
    // The vendor's entry for the kernel still names it; the helper gas
    // replaced by clones is gone, as LLVM makes a deleted function's entry.
    assert!(text.contains(r#"!{ptr @k, !"#), "{text}");
    assert!(text.contains(r#"!{null, !"#), "{text}");
    // NVVM's own named metadata.
    let (cuda, _) = llvm_out(&fixture("constant_coeffs.ll"), &["--pipeline", "O2"]);
    line(&cuda, "!llvm.errno.tbaa = ");
    assert!(cuda.contains(r#"!"nvvm-reflect-ftz""#), "{cuda}");
}

#[test]
fn data_layout_and_triple_are_verbatim() {
    for name in ["kernel_args.ll", "constant_coeffs.ll", "vendor.ll"] {
        let input = fixture(name);
        let original = std::fs::read_to_string(&input).expect("the fixture reads");
        for pipeline in ["verify", "O2"] {
            let (text, _) = llvm_out(&input, &["--pipeline", pipeline]);
            assert_eq!(
                line(&text, "target datalayout"),
                line(&original, "target datalayout"),
                "{name} {pipeline}"
            );
            assert_eq!(
                line(&text, "target triple"),
                line(&original, "target triple")
            );
        }
    }
}

/// A CUDA `__constant__` array the host fills: without
/// `externally_initialized`, `llc -O3` folds its loads to the initializer.
#[test]
fn externally_initialized_is_kept() {
    let (text, stderr) = llvm_out(
        &fixture("constant_coeffs.ll"),
        &["--pipeline", "O2", "--stats"],
    );
    assert!(
        line(&text, "@coeffs = ").contains("externally_initialized"),
        "{text}"
    );
    // And the constant data is not taken for global memory.
    assert!(stderr.contains("not applied: 1 constant"), "{stderr}");
    assert!(
        !text.contains("addrspacecast (ptr addrspace(4) @coeffs to ptr addrspace(1))"),
        "{text}"
    );
    let (vendor, _) = llvm_out(&fixture("vendor.ll"), &["--pipeline", "O2"]);
    assert!(line(&vendor, "@host_filled = ").contains("externally_initialized"));
    // The analysis reads the flag from the imported op's attribute, which
    // stays out of the LLVM IR gas writes.
    let mlir = gas_opt(&[
        &fixture("constant_coeffs.ll"),
        "--pipeline",
        "verify",
        "--emit",
        "mlir",
    ]);
    let mlir = String::from_utf8_lossy(&mlir.stdout);
    let global = mlir
        .lines()
        .find(|line| line.contains("llvm.mlir.global") && line.contains("@coeffs("))
        .unwrap_or_default();
    assert!(global.contains("gas.externally_initialized"), "{mlir}");
    assert!(!text.contains("gas.externally_initialized"), "{text}");
}

#[test]
fn unknown_intrinsics_go_through() {
    let (text, _) = llvm_out(&fixture("vendor.ll"), &["--pipeline", "O2"]);
    assert!(
        text.contains("declare i32 @llvm.genx.GenISA.WaveAll.i32(i32, i8, i32)"),
        "{text}"
    );
    assert!(
        text.contains("call i32 @llvm.genx.GenISA.WaveAll.i32(i32 %x, i8 0, i32 0)"),
        "{text}"
    );
    assert!(
        text.contains("call ptr addrspace(1) @llvm.genx.GenISA.GetBufferPtr(i32 0, i32 1)"),
        "{text}"
    );
    assert!(!text.contains("gas.unknown_intrinsic"), "{text}");
}

#[test]
fn global_flags_sections_comdats_and_attachments_are_kept() {
    let (text, _) = llvm_out(&fixture("vendor.ll"), &["--pipeline", "O2"]);
    line(&text, "$table_group = comdat any");
    assert!(line(&text, "@counter = ").contains("internal thread_local addrspace(1) global"));
    let table = line(&text, "@table = ");
    assert!(
        table.contains(r#"section ".igc.tables", comdat($table_group)"#),
        "{table}"
    );
    assert!(table.contains("!igc.table !"), "{table}");
    // A module flag MLIR cannot read, and none it would add.
    assert!(
        text.contains(r#"!"SDK Version", [2 x i32] [i32 12, i32 8]}"#),
        "{text}"
    );
    assert!(!text.contains("Debug Info Version"), "{text}");
}

#[test]
fn attributes_mlir_drops_are_kept_on_functions_and_clones() {
    let (text, _) = llvm_out(&fixture("vendor.ll"), &["--pipeline", "O2"]);
    let clone = define(&text, "rewritten_helper.gas.g");
    assert!(
        clone.contains("ptr addrspace(1) initializes((0, 4)) %p"),
        "{clone}"
    );
    let (verified, _) = llvm_out(&fixture("vendor.ll"), &["--pipeline", "verify"]);
    assert!(
        define(&verified, "rewritten_helper").contains("initializes((0, 4))"),
        "{verified}"
    );
}

#[test]
fn instruction_metadata_is_kept_or_named_as_lost() {
    let input = fixture("vendor.ll");
    let (text, stderr) = llvm_out(&input, &["--pipeline", "O2"]);
    // A function gas did not change keeps every attachment and its names.
    assert!(
        text.contains(
            "%wave = call i32 @llvm.genx.GenISA.WaveAll.i32(i32 %x, i8 0, i32 0), !igc.wave !"
        ),
        "{text}"
    );
    assert!(
        text.contains("%sum = add nsw i32 %wave, 1, !igc.note !"),
        "{text}"
    );
    // In one gas rewrote (here only its clone is left), each instruction is
    // found again by the position the import gave it in the text.
    let clone = text
        .split("define internal spir_func void @rewritten_helper.gas.g(")
        .nth(1)
        .unwrap_or_default();
    assert!(
        clone.contains("store i32 %v, ptr addrspace(1) %p, align 4, !igc.note !"),
        "{text}"
    );
    assert!(stderr.is_empty(), "{stderr}");
    // Bitcode has no positions: there the kind MLIR does not carry is named,
    // not lost silently, and --Werror makes that an error.
    let directory = tempfile::tempdir().expect("a temp dir");
    let bitcode = directory.path().join("vendor.bc").display().to_string();
    let output = gas_opt(&[&input, "--pipeline", "verify", "-o", &bitcode]);
    assert!(output.status.success());
    let (_, stderr) = llvm_out(&bitcode, &["--pipeline", "O2"]);
    assert!(
        stderr.contains("warning: instruction metadata !igc.note of @rewritten_helper is not kept"),
        "{stderr}"
    );
    let strict = gas_opt(&[&bitcode, "--emit", "llvm-ir", "--Werror"]);
    assert_eq!(strict.status.code(), Some(1));
    assert!(strict.stdout.is_empty());
    // Nothing is lost through --pipeline verify: no warning.
    let (_, quiet) = llvm_out(&bitcode, &["--pipeline", "verify"]);
    assert!(quiet.is_empty(), "{quiet}");
}

#[test]
fn value_names_are_kept() {
    let (text, _) = llvm_out(&fixture("kernel_args.ll"), &["--pipeline", "verify"]);
    assert!(
        text.contains("%call.i = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0)"),
        "{text}"
    );
    assert!(
        define(&text, "k").contains("%a, ptr addrspace(3)"),
        "{text}"
    );
    let (o2, _) = llvm_out(&fixture("kernel_args.ll"), &["--pipeline", "O2"]);
    assert!(
        define(&o2, "scale.gas.l").contains("%p, float noundef %f"),
        "{o2}"
    );
}

#[test]
fn bitcode_in_and_out() {
    let directory = tempfile::tempdir().expect("a temp dir");
    let bitcode: PathBuf = directory.path().join("k.bc");
    let bitcode = bitcode.display().to_string();
    // (LLVM's bitcode reader upgrades a SPIR layout without `-G1`: clang's
    // output has it already.)
    let input = fixture("kernel_args.ll");
    // The output's extension picks bitcode.
    let output = gas_opt(&[&input, "--pipeline", "verify", "-o", &bitcode]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bytes = std::fs::read(&bitcode).expect("bitcode written");
    assert!(bytes.starts_with(b"BC\xC0\xDE"), "not bitcode");
    // Read back (by extension, and by magic on stdin) it is the same module.
    let (from_text, _) = llvm_out(&input, &["--pipeline", "verify"]);
    let (from_bitcode, _) = llvm_out(&bitcode, &["--pipeline", "verify"]);
    let body = |text: &str| {
        text.lines()
            .filter(|line| !line.starts_with("; ModuleID"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&from_bitcode), body(&from_text));
    let explicit = gas_opt(&[&bitcode, "--pipeline", "O2", "--emit", "llvm-bc"]);
    assert!(explicit.status.success());
    assert!(explicit.stdout.starts_with(b"BC\xC0\xDE"));
}

/// Without debug information, diagnostics and remarks point at the `.ll`
/// text's own lines and columns.
#[test]
fn positions_are_the_llvm_text_s() {
    let directory = tempfile::tempdir().expect("a temp dir");
    let path = directory.path().join("select.ll");
    std::fs::write(
        &path,
        "define spir_kernel void @k(ptr addrspace(1) %g, ptr addrspace(3) %l, i1 %c, ptr addrspace(1) %out) {\n\
         entry:\n\
         \x20 %a = addrspacecast ptr addrspace(1) %g to ptr addrspace(4)\n\
         \x20 %b = addrspacecast ptr addrspace(3) %l to ptr addrspace(4)\n\
         \x20 %p = select i1 %c, ptr addrspace(4) %a, ptr addrspace(4) %b\n\
         \x20 %v = load i32, ptr addrspace(4) %p, align 4\n\
         \x20 store i32 %v, ptr addrspace(1) %out, align 4\n\
         \x20 ret void\n}\n",
    )
    .expect("written");
    let path = path.display().to_string();
    let output = gas_opt(&[&path, "--remarks", "-o", "/dev/null"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "{path}:6:3: remark: load through a generic pointer"
        )),
        "{stderr}"
    );
    assert!(stderr.contains(&format!("at {path}:5:")), "{stderr}");
}

#[test]
fn the_rust_api_reads_and_writes_llvm_ir() {
    use gas_pipelines::{process, Emit, InputFormat, Options, Pipeline};
    let bytes = std::fs::read(fixture("constant_coeffs.ll")).expect("the fixture reads");
    let options = Options {
        input: InputFormat::LlvmIr,
        emit: Emit::LlvmIr,
        ..Options::new(Pipeline::parse("O2").expect("a preset"))
    };
    let outcome = process(&bytes, "constant_coeffs.ll", &options).expect("runs");
    assert!(outcome.success, "{:?}", outcome.diagnostics);
    let text = String::from_utf8(outcome.output).expect("text");
    assert!(text.contains("externally_initialized"), "{text}");
}

/// With debug information, gas's clones get line tables of their own (a
/// subprogram each, named as the source names the function, linked as the
/// clone: LLVM allows one function per subprogram), so debuggers and
/// profilers still see the OpenCL lines of the code they run.
#[test]
fn clones_keep_line_tables() {
    let (text, _) = llvm_out(&fixture("line_tables.ll"), &["--pipeline", "O2"]);
    for clone in ["f.gas.l", "f.gas.g"] {
        let header = define(&text, clone);
        assert!(header.contains("!dbg !"), "{header}");
        assert!(
            text.contains(&format!(
                "distinct !DISubprogram(name: \"f\", linkageName: \"{clone}\""
            )),
            "{text}"
        );
        let body = text
            .split(header)
            .nth(1)
            .and_then(|rest| rest.split("\n}\n").next())
            .unwrap_or_default();
        assert!(
            body.lines()
                // (clang gives allocas no location)
                .filter(|line| {
                    (line.contains(" = ") || line.contains("ret ")) && !line.contains("alloca")
                })
                .all(|line| line.contains("!dbg !")),
            "{body}"
        );
    }
    // A function the input has without debug information gains none.
    let directory = tempfile::tempdir().expect("a temp dir");
    let mixed = directory.path().join("mixed.ll");
    let source = std::fs::read_to_string(fixture("line_tables.ll")).expect("the fixture reads");
    std::fs::write(
        &mixed,
        format!("{source}define i32 @plain(i32 %x) {{\n  ret i32 %x\n}}\n"),
    )
    .expect("written");
    let (verified, _) = llvm_out(&mixed.display().to_string(), &["--pipeline", "verify"]);
    assert_eq!(
        define(&verified, "plain"),
        "define i32 @plain(i32 %x) {",
        "{verified}"
    );
    // The kernel keeps its own subprogram and argument metadata.
    let kernel = define(&text, "k");
    assert!(
        kernel.contains("!dbg !") && kernel.contains("!kernel_arg_type"),
        "{kernel}"
    );
}

#[test]
fn a_loaded_mask_range_is_read_and_kept() {
    let input = fixture("range_mask.ll");
    let (text, _) = llvm_out(&input, &["--pipeline", "O2"]);
    // The range keeps bits 32..63 ones: the access stays local.
    let narrow = body(&text, "masked_local_load");
    assert!(narrow.contains("load i8, ptr addrspace(3)"), "{narrow}");
    assert!(
        narrow.contains("!range !"),
        "the mask keeps its !range: {narrow}"
    );
    // A range that does not: flat.
    let wide = body(&text, "masked_local_load_wide_range");
    assert!(wide.contains("load i8, ptr %"), "{wide}");
    // The carrier attribute never reaches LLVM IR.
    assert!(!text.contains("gas.range"), "{text}");
}

/// Reads `text` back with LLVM's parser and verifier (`opt -passes=verify`),
/// as every tool downstream of gas would.
fn llvm_reads(text: &str) {
    let directory = tempfile::tempdir().expect("a temp dir");
    let path = directory.path().join("out.ll");
    std::fs::write(&path, text).expect("written");
    let opt = std::env::var("LLVM_BIN").unwrap_or_else(|_| "/usr/lib/llvm-22/bin".into()) + "/opt";
    let output = Command::new(opt)
        .args(["-passes=verify", "-disable-output"])
        .arg(&path)
        .output()
        .expect("opt runs");
    assert!(
        output.status.success(),
        "LLVM does not read gas's output back: {}\n{text}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The metadata line `!id = ...` of `text`.
fn metadata<'t>(text: &'t str, id: &str) -> &'t str {
    line(text, &format!("{id} = "))
}

/// The `!N` right after `key` in `line`.
fn reference<'t>(line: &'t str, key: &str) -> &'t str {
    let rest = &line[line
        .find(key)
        .unwrap_or_else(|| panic!("no {key} in {line}"))
        + key.len()..];
    let end = rest[1..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(rest.len(), |end| end + 1);
    &rest[..end]
}

/// The subprogram line a location, scope or variable line leads to through
/// its `scope:` chain.
fn subprogram_of<'t>(text: &'t str, mut node: &'t str) -> &'t str {
    while !node.contains("DISubprogram") {
        node = metadata(text, reference(node, "scope: "));
    }
    node
}

/// The `define` lines of `text` whose symbol contains `marker`.
fn definitions_with<'t>(text: &'t str, marker: &str) -> Vec<&'t str> {
    text.lines()
        .filter(|line| line.starts_with("define") && line.contains(marker))
        .collect()
}

/// With full debug info (variables, lexical blocks, loop metadata), each
/// clone is a function of its own for the debugger: a distinct subprogram
/// (the source's name, the clone's linkage name), and every scope inside
/// re-pointed at it: the `!dbg` of its instructions, its lexical blocks,
/// the variables its debug records describe. Before, LLVM's verifier
/// refused the output ("!dbg attachment points at wrong subprogram").
#[test]
fn clones_get_subprograms_of_their_own() {
    let (text, _) = llvm_out(&debug_fixture("debug_clones.ll"), &["--pipeline", "O2"]);
    llvm_reads(&text);
    let clones = definitions_with(&text, "@copy.gas.");
    assert!(clones.len() >= 2, "{text}");
    let mut subprograms = Vec::new();
    for header in clones {
        let name = &header[header.find("@copy").expect("a clone")..];
        let name = &name[1..name.find('(').expect("parameters")];
        let subprogram = reference(header, "!dbg ");
        let described = metadata(&text, subprogram);
        assert!(
            described.contains("distinct !DISubprogram(name: \"copy\"")
                && described.contains(&format!("linkageName: \"{name}\"")),
            "{described}"
        );
        subprograms.push(subprogram.to_string());
        // Every location and variable inside leads to that subprogram.
        for line in body(&text, name).lines().skip(1) {
            if let Some(position) = line.find("!dbg !") {
                let location = metadata(&text, reference(&line[position..], "!dbg "));
                let scope = subprogram_of(&text, location);
                assert!(
                    scope.starts_with(&format!("{subprogram} = ")),
                    "{line}: {scope}"
                );
            }
            if line.trim_start().starts_with("#dbg_value(") {
                let variable = line.split(", ").nth(1).expect("a variable");
                let scope = subprogram_of(&text, metadata(&text, variable));
                assert!(
                    scope.starts_with(&format!("{subprogram} = ")),
                    "{line}: {scope}"
                );
            }
        }
    }
    // One subprogram per clone.
    let clones = subprograms.len();
    subprograms.sort();
    subprograms.dedup();
    assert_eq!(subprograms.len(), clones, "{text}");
}

/// A debug record does not keep a value alive: a clone's parameter that gas
/// made named is described as it is (no tag arithmetic is emitted for the
/// debugger alone), and the code equals that of the same input without
/// debug info.
#[test]
fn a_debug_record_makes_no_pointer_generic() {
    // @lookup's only argument is the __constant__ table, folded into it:
    // only the parameter's #dbg_value still casts the table to generic.
    // That cast is no code, so static-global resolves the kernel as it
    // does in the same build without -g.
    let (text, _) = llvm_out(&debug_fixture("constant_table.ll"), &["--pipeline", "O2"]);
    assert!(
        text.contains("#dbg_value(ptr addrspace(4) @table,"),
        "the record still describes the table:\n{text}"
    );
    let kernel = text
        .lines()
        .find(|line| line.starts_with("define") && line.contains("@_Z10read_tablePii"))
        .expect("the kernel");
    let group = kernel
        .split_whitespace()
        .find(|word| word.starts_with('#'))
        .expect("an attribute group");
    let attributes = text
        .lines()
        .find(|line| line.starts_with(&format!("attributes {group} ")))
        .expect("the group");
    assert!(attributes.contains("\"gas-static-global\""), "{attributes}");
}

#[test]
fn debug_records_follow_the_named_values() {
    let (text, _) = llvm_out(&debug_fixture("debug_clones.ll"), &["--pipeline", "O2"]);
    for header in text
        .lines()
        .filter(|line| line.starts_with("define internal"))
    {
        let name = &header[header.find("@copy").expect("a clone") + 1..];
        let name = &name[..name.find('(').expect("parameters")];
        let code = body(&text, name);
        assert!(
            !code.contains("inttoptr"),
            "tag arithmetic for a debug record:\n{code}"
        );
        assert!(
            code.lines()
                .any(|line| line.contains("#dbg_value(ptr addrspace(")),
            "{code}"
        );
    }
    // Stripped of debug info, the input gives the same instructions.
    let directory = tempfile::tempdir().expect("a temp dir");
    let stripped = directory.path().join("stripped.ll");
    let opt = std::env::var("LLVM_BIN").unwrap_or_else(|_| "/usr/lib/llvm-22/bin".into()) + "/opt";
    let status = Command::new(opt)
        .args([
            "-S",
            "--strip-debug",
            &debug_fixture("debug_clones.ll"),
            "-o",
        ])
        .arg(&stripped)
        .status()
        .expect("opt runs");
    assert!(status.success());
    let (plain, _) = llvm_out(&stripped.display().to_string(), &["--pipeline", "O2"]);
    let code = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|line| line.starts_with("  ") && !line.trim_start().starts_with("#dbg_"))
            .map(|line| {
                // Value names aside (a debug build's are not restored).
                let line = line.split(", !").next().unwrap_or(line);
                let mut out = String::new();
                let mut in_name = false;
                for c in line.chars() {
                    if c == '%' {
                        in_name = true;
                        out.push_str("%v");
                    } else if in_name && (c.is_ascii_alphanumeric() || c == '.' || c == '_') {
                    } else {
                        in_name = false;
                        out.push(c);
                    }
                }
                out
            })
            .collect()
    };
    assert_eq!(code(&text), code(&plain));
}

/// A clone of a hidden function in a comdat (libcu++ and CCCL are all
/// hidden) is a new local symbol: default visibility, no comdat. Before,
/// `define internal hidden ... comdat(...)`, which LLVM's parser refuses.
#[test]
fn clones_of_hidden_functions_are_valid_local_symbols() {
    let (text, _) = llvm_out(&fixture("hidden_clone.ll"), &["--pipeline", "O2"]);
    llvm_reads(&text);
    let clones = definitions_with(&text, ".gas.");
    assert!(!clones.is_empty(), "{text}");
    for header in clones {
        assert!(header.starts_with("define internal i32 @"), "{header}");
        assert!(!header.contains("comdat"), "{header}");
    }
}

/// A function MLIR's export changes (here it folds an instruction whose
/// operands are all constants, as in `llvm-stress` modules) keeps its block
/// labels through `--pipeline verify`. Before, every label of such a
/// function came back as a number.
#[test]
fn verify_keeps_the_labels_of_a_changed_function() {
    let directory = tempfile::tempdir().expect("a temp dir");
    let input = directory.path().join("stress.ll");
    std::fs::write(
        &input,
        "define void @autogen(ptr %p, i32 %x) {\n\
         BB:\n  %A = add i32 1, 2\n  %B = add i32 %A, %x\n  br label %CF\n\
         CF:\n  %C = phi i32 [ %B, %BB ], [ %D, %CF ]\n  %D = mul i32 %C, 3\n  \
         store i32 %D, ptr %p, align 4\n  %E = icmp slt i32 %D, 100\n  \
         br i1 %E, label %CF, label %CF80\n\
         CF80:\n  ret void\n}\n",
    )
    .expect("written");
    let (text, _) = llvm_out(&input.display().to_string(), &["--pipeline", "verify"]);
    llvm_reads(&text);
    for label in ["BB:", "CF:", "CF80:"] {
        assert!(text.lines().any(|line| line.starts_with(label)), "{text}");
    }
    // What `verify` still normalizes: the folded instruction, and (in a
    // function the export changed) the order of a phi's incoming edges.
    assert!(text.contains("%B = add i32 3, %x"), "{text}");
}

/// The attribute group `#N` a line of LLVM IR names, as its definition.
fn attribute_group<'t>(text: &'t str, line: &str) -> &'t str {
    let group = line
        .split_whitespace()
        .find(|word| word.starts_with('#'))
        .map(|word| word.trim_end_matches(','))
        .unwrap_or_else(|| panic!("no attribute group on: {line}"));
    text.lines()
        .find(|candidate| candidate.starts_with(&format!("attributes {group} ")))
        .unwrap_or_else(|| panic!("no attributes {group}"))
}

#[test]
fn unnamed_functions_cross_mlir_and_stay_unnamed() {
    let input = fixture("unnamed_functions.ll");
    let (text, _) = llvm_out(&input, &["--pipeline", "O2"]);
    // The clones of @1 carry a name; @0 and @1 come back without one.
    assert!(text.contains("define internal float @0("), "{text}");
    let asm = text
        .lines()
        .find(|line| line.contains("asm sideeffect"))
        .expect("the inline assembly");
    assert!(attribute_group(&text, asm).contains("convergent"), "{asm}");
    // verify gives the module back, names (none) included.
    let (again, _) = llvm_out(&input, &["--pipeline", "verify"]);
    assert!(
        again.contains("define internal float @0(") && again.contains("define internal float @1(")
    );
    assert!(!again.contains("gas.unnamed"), "{again}");
}

#[test]
fn rewritten_functions_keep_call_site_attributes() {
    let (text, _) = llvm_out(&fixture("call_site_attributes.ll"), &["--pipeline", "O2"]);
    for clone in ["helper.gas.g", "helper.gas.l"] {
        let code = body(&text, clone);
        assert!(
            code.contains("tail call noundef float @llvm.maxnum.f32"),
            "{code}"
        );
        let asm = code
            .lines()
            .find(|line| line.contains("asm sideeffect"))
            .expect("the inline assembly");
        assert!(attribute_group(&text, asm).contains("convergent"), "{asm}");
    }
}

#[test]
fn rewritten_functions_keep_call_site_attributes_in_debug_builds() {
    // Without text positions the calls pair by callee, in order.
    let (text, _) = llvm_out(&debug_fixture("asm_helper.ll"), &["--pipeline", "O2"]);
    let clones: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("define internal") && line.contains(".gas."))
        .collect();
    assert_eq!(clones.len(), 2, "{text}");
    for clone in clones {
        let name =
            &clone[clone.find('@').expect("a name") + 1..clone.find('(').expect("parameters")];
        let asm = body(&text, name)
            .lines()
            .find(|line| line.contains("asm sideeffect"))
            .expect("the inline assembly");
        assert!(asm.contains("!srcloc"), "{asm}");
        assert!(attribute_group(&text, asm).contains("convergent"), "{asm}");
    }
}
