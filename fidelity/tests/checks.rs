//! gas-fidelity on real modules (tests/fixtures, see its README) and on
//! one-line edits of them: every kind of loss is reported, with the line the
//! tool prints; identical, renumbered and legally rewritten pairs pass.

use gas_fidelity::{check_text, Mode};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The differences gas-fidelity prints for the pair.
fn check(mode: Mode, input: &str, output: &str) -> Vec<String> {
    match check_text(mode, ("input", input), ("output", output)) {
        Ok(report) => report.differences.iter().map(ToString::to_string).collect(),
        Err(e) => panic!("{e}"),
    }
}

/// The notes gas-fidelity prints for the pair.
fn notes(mode: Mode, input: &str, output: &str) -> Vec<String> {
    match check_text(mode, ("input", input), ("output", output)) {
        Ok(report) => report.notes,
        Err(e) => panic!("{e}"),
    }
}

/// `text` with every `from` replaced by `to`; `from` must occur.
fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "fixture lacks {from:?}");
    text.replace(from, to)
}

/// `text` with metadata and attribute groups renumbered (N becomes 900 - N)
/// and the numbered nodes listed in reverse: the same module.
fn renumber(text: &str) -> String {
    let mut out = String::new();
    let mut nodes = Vec::new();
    for line in text.lines() {
        let b = line.as_bytes();
        let mut l = String::new();
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c == b'"' {
                let end = b[i + 1..]
                    .iter()
                    .position(|&c| c == b'"')
                    .map_or(b.len(), |p| i + p + 2);
                l.push_str(&line[i..end]);
                i = end;
            } else if (c == b'!' || c == b'#') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
                let end = b[i + 1..]
                    .iter()
                    .position(|c| !c.is_ascii_digit())
                    .map_or(b.len(), |p| i + 1 + p);
                let n: u32 = line[i + 1..end].parse().unwrap_or_default();
                l.push(c as char);
                l.push_str(&(900 - n).to_string());
                i = end;
            } else {
                l.push(c as char);
                i += 1;
            }
        }
        if line.starts_with('!') && line.as_bytes().get(1).is_some_and(u8::is_ascii_digit) {
            nodes.push(l);
        } else {
            out.push_str(&l);
            out.push('\n');
        }
    }
    nodes.reverse();
    out + &nodes.join("\n") + "\n"
}

const ALL: &[&str] = &["opencl.ll", "opencl.O2.ll", "cuda.ll", "loop.ll", "host.ll"];

#[test]
fn identical_pairs_pass() {
    for name in ALL {
        let m = fixture(name);
        assert_eq!(check(Mode::Same, &m, &m), Vec::<String>::new(), "{name}");
        assert_eq!(
            check(Mode::Rewritten, &m, &m),
            Vec::<String>::new(),
            "{name}"
        );
    }
}

#[test]
fn renumbered_pairs_pass() {
    for name in ALL {
        let m = fixture(name);
        let r = renumber(&m);
        assert_ne!(m, r);
        assert_eq!(check(Mode::Same, &m, &r), Vec::<String>::new(), "{name}");
    }
}

#[test]
fn legal_rewrite_passes() {
    let (input, output) = (fixture("opencl.ll"), fixture("opencl.O2.ll"));
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        Vec::<String>::new()
    );
    assert_eq!(
        notes(Mode::Rewritten, &input, &output),
        [
            "erased @__clang_ocl_kern_imp_k",
            "erased @__clang_ocl_kern_imp_k2",
            "erased @helper",
            "erased @nf"
        ]
    );
}

#[test]
fn negative_legal_rewrite_is_not_the_same() {
    let (input, output) = (fixture("opencl.ll"), fixture("opencl.O2.ll"));
    let diffs = check(Mode::Same, &input, &output);
    assert!(
        diffs.contains(&"function @nf: missing in output".to_string()),
        "{diffs:#?}"
    );
    assert!(
        diffs.contains(&"function @nf.gas.g: not in input".to_string()),
        "{diffs:#?}"
    );
    assert!(
        diffs.contains(&"function @k: attributes not in input: \"gas-static-global\"".to_string()),
        "{diffs:#?}"
    );
}

#[test]
fn rewritten_may_null_erased_functions_in_named_metadata() {
    let input = fixture("cuda.ll")
        + "!nvvm.annotations = !{!10}\n!10 = !{ptr @_Z3getPKfi, !\"maxntidx\", i32 64}\n";
    let output = edit(
        &input,
        "ptr @_Z3getPKfi, !\"maxntidx\"",
        "null, !\"maxntidx\"",
    );
    let output = edit(
        &output,
        "define dso_local noundef float @_Z3getPKfi(",
        "define dso_local noundef float @_Z3getPKfi.gas.g(",
    );
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        Vec::<String>::new()
    );
    assert_eq!(
        check(Mode::Same, &input, &output),
        [
            "named metadata !nvvm.annotations: operand !{ptr @_Z3getPKfi, !\"maxntidx\", i32 64} missing in output",
            "named metadata !nvvm.annotations: operand !{null, !\"maxntidx\", i32 64} not in input",
            "function @_Z3getPKfi: missing in output",
            "function @_Z3getPKfi.gas.g: not in input",
        ]
    );
}

#[test]
fn dropped_kernel_arg_metadata() {
    let input = fixture("opencl.ll");
    // @k2 and the function clang inlined into it share !13
    let output = edit(&input, " !kernel_arg_addr_space !13 ", " ");
    let expect = "function @k2: !kernel_arg_addr_space missing in output (input !{i32 1})";
    assert_eq!(
        check(Mode::Same, &input, &output),
        [
            "function @__clang_ocl_kern_imp_k2: !kernel_arg_addr_space missing in output (input !{i32 1})",
            expect
        ]
    );
    let output = edit(
        &fixture("opencl.O2.ll"),
        " !kernel_arg_addr_space !13 ",
        " ",
    );
    assert_eq!(check(Mode::Rewritten, &input, &output), [expect]);
}

#[test]
fn changed_kernel_arg_metadata() {
    let input = fixture("opencl.ll");
    let output = edit(
        &input,
        "!9 = !{i32 1, i32 3, i32 2, i32 0}",
        "!9 = !{i32 1, i32 4, i32 2, i32 0}",
    );
    let diffs = check(Mode::Same, &input, &output);
    assert_eq!(
        diffs,
        [
            "function @__clang_ocl_kern_imp_k: !kernel_arg_addr_space: input !{i32 1, i32 3, i32 2, i32 0} (!9), output !{i32 1, i32 4, i32 2, i32 0} (!9)",
            "function @k: !kernel_arg_addr_space: input !{i32 1, i32 3, i32 2, i32 0} (!9), output !{i32 1, i32 4, i32 2, i32 0} (!9)",
        ]
    );
}

#[test]
fn dropped_named_metadata() {
    let input = fixture("opencl.ll");
    let output = edit(&input, "!opencl.ocl.version = !{!1}\n", "");
    let expect =
        ["named metadata !opencl.ocl.version: missing in output (input {!{i32 2, i32 0}})"];
    assert_eq!(check(Mode::Same, &input, &output), expect);
    assert_eq!(check(Mode::Rewritten, &input, &output), expect);
}

#[test]
fn added_debug_info_version_without_debug_info() {
    let input = fixture("opencl.ll");
    let output = edit(
        &input,
        "!llvm.module.flags = !{!0}",
        "!llvm.module.flags = !{!0, !17}",
    ) + "!17 = !{i32 2, !\"Debug Info Version\", i32 3}\n";
    let expect = ["module flag \"Debug Info Version\": added (!{i32 2, !\"Debug Info Version\", i32 3}) but the input has no debug info"];
    assert_eq!(check(Mode::Rewritten, &input, &output), expect);
}

#[test]
fn dropped_module_flag() {
    let input = fixture("cuda.ll");
    let output = edit(
        &input,
        "!llvm.module.flags = !{!0, !1, !2}",
        "!llvm.module.flags = !{!0, !2}",
    );
    assert_eq!(
        check(Mode::Same, &input, &output),
        ["module flag \"nvvm-reflect-ftz\": missing in output (input !{i32 4, !\"nvvm-reflect-ftz\", i32 0})"]
    );
}

#[test]
fn changed_datalayout() {
    let input = fixture("cuda.ll");
    let output = edit(&input, "-n16:32:64\"", "-n16:32:64-p0:64:64:64:64\"");
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        ["target datalayout: input \"e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64\", output \"e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64-p0:64:64:64:64\""]
    );
}

#[test]
fn changed_triple_and_source_filename() {
    let input = fixture("opencl.ll");
    let output = edit(
        &input,
        "target triple = \"spir64\"",
        "target triple = \"spirv64\"",
    );
    let output = edit(
        &output,
        "source_filename = \"k.cl\"",
        "source_filename = \"LLVMDialectModule\"",
    );
    assert_eq!(
        check(Mode::Same, &input, &output),
        [
            "target triple: input \"spir64\", output \"spirv64\"",
            "source_filename: input \"k.cl\", output \"LLVMDialectModule\"",
        ]
    );
}

#[test]
fn dropped_externally_initialized() {
    let input = fixture("cuda.ll");
    let output = edit(
        &input,
        "addrspace(4) externally_initialized constant",
        "addrspace(4) constant",
    );
    let expect =
        ["global @coef: externally_initialized: input externally_initialized, output (none)"];
    assert_eq!(check(Mode::Same, &input, &output), expect);
    assert_eq!(check(Mode::Rewritten, &input, &output), expect);
}

#[test]
fn real_lossy_exports() {
    let diffs = check(Mode::Same, &fixture("cuda.ll"), &fixture("cuda.lossy.ll"));
    assert!(diffs.contains(&"global @dev_counter: externally_initialized: input externally_initialized, output (none)".to_string()), "{diffs:#?}");
    let diffs = check(
        Mode::Same,
        &fixture("opencl.ll"),
        &fixture("opencl.lossy.ll"),
    );
    for expected in [
        "source_filename: input \"k.cl\", output \"LLVMDialectModule\"",
        "named metadata !opencl.spir.version: missing in output (input {!{i32 2, i32 0}})",
        "function @k param 1: attributes missing in output: initializes((0, 4))",
        "function @k2: !kernel_arg_type_qual missing in output (input !{!\"\"})",
    ] {
        assert!(
            diffs.contains(&expected.to_string()),
            "{expected}\n{diffs:#?}"
        );
    }
    assert_eq!(diffs.len(), 29, "{diffs:#?}");
}

#[test]
fn dropped_thread_local_section_comdat() {
    let input = fixture("host.ll");
    let output = edit(
        &input,
        "@tls_counter = dso_local thread_local global",
        "@tls_counter = dso_local global",
    );
    assert_eq!(
        check(Mode::Same, &input, &output),
        ["global @tls_counter: thread_local: input thread_local, output (none)"]
    );
    let output = edit(
        &input,
        "global i32 3, section \".data.gas\", align 4",
        "global i32 3, align 4",
    );
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        ["global @placed: section: input section \".data.gas\", output (none)"]
    );
    let output = edit(
        &input,
        "global i32 7, comdat, align 4",
        "global i32 7, align 4",
    );
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        ["global @shared_value: comdat: input comdat, output (none)"]
    );
    let output = edit(
        &input,
        "$shared_value = comdat any",
        "$shared_value = comdat largest",
    );
    assert_eq!(
        check(Mode::Same, &input, &output),
        ["comdat $shared_value: input any, output largest"]
    );
    let output = edit(
        &input,
        "local_unnamed_addr #2 comdat {",
        "local_unnamed_addr #2 {",
    );
    assert_eq!(
        check(Mode::Same, &input, &output),
        ["function @_ZTW11tls_counter: comdat: input comdat, output (none)"]
    );
}

#[test]
fn changed_linkage_and_visibility() {
    let input = fixture("host.ll");
    let output = edit(
        &input,
        "define weak_odr hidden noundef ptr",
        "define internal noundef ptr",
    );
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        [
            "function @_ZTW11tls_counter: linkage: input weak_odr, output internal",
            "function @_ZTW11tls_counter: visibility: input hidden, output (none)",
        ]
    );
}

#[test]
fn changed_calling_convention() {
    let input = fixture("opencl.ll");
    let output = edit(
        &input,
        "define dso_local spir_kernel void @k2(",
        "define dso_local spir_func void @k2(",
    );
    assert_eq!(
        check(Mode::Same, &input, &output),
        ["function @k2: cc: input spir_kernel, output spir_func"]
    );
}

#[test]
fn dropped_function_attribute() {
    let input = fixture("opencl.ll");
    // group #1 is @k's only
    let output = edit(
        &input,
        "attributes #1 = { convergent norecurse nounwind \"no-trapping-math\"=\"true\" \"stack-protector-buffer-size\"=\"8\" \"uniform-work-group-size\"=\"false\" }",
        "attributes #1 = { convergent norecurse nounwind \"no-trapping-math\"=\"true\" \"stack-protector-buffer-size\"=\"8\" }",
    );
    let expect =
        ["function @k: attributes missing in output: \"uniform-work-group-size\"=\"false\""];
    assert_eq!(check(Mode::Same, &input, &output), expect);
    assert_eq!(check(Mode::Rewritten, &input, &output), expect);
}

#[test]
fn rewritten_allows_gas_attributes_and_memory_only() {
    let input = fixture("cuda.ll");
    let output = edit(
        &input,
        "attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: read) ",
        "attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite) \"gas-static-global\" ",
    );
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        Vec::<String>::new()
    );
    assert_eq!(
        check(Mode::Same, &input, &output),
        [
            "function @_Z3getPKfi: attributes missing in output: memory(argmem: read)",
            "function @_Z3getPKfi: attributes not in input: \"gas-static-global\" memory(argmem: readwrite)",
        ]
    );
    let output = edit(
        &input,
        "attributes #0 = { mustprogress nofree noinline ",
        "attributes #0 = { mustprogress nofree noinline cold ",
    );
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        ["function @_Z3getPKfi: attributes not in input: cold"]
    );
}

#[test]
fn dropped_parameter_attribute() {
    let input = fixture("cuda.ll");
    let output = edit(
        &input,
        "@_Z3getPKfi(ptr noundef readonly captures(none) %0",
        "@_Z3getPKfi(ptr noundef captures(none) %0",
    );
    let expect = ["function @_Z3getPKfi param 0: attributes missing in output: readonly"];
    assert_eq!(check(Mode::Same, &input, &output), expect);
    assert_eq!(check(Mode::Rewritten, &input, &output), expect);
}

#[test]
fn rewritten_skips_parameters_whose_type_changed() {
    let input = fixture("cuda.ll");
    let output = edit(
        &input,
        "@_Z3getPKfi(ptr noundef readonly captures(none) %0",
        "@_Z3getPKfi(ptr addrspace(1) noundef %0",
    );
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        Vec::<String>::new()
    );
    assert_eq!(
        check(Mode::Same, &input, &output),
        ["function @_Z3getPKfi param 0: type: input ptr, output ptr addrspace(1)"]
    );
}

#[test]
fn dropped_return_attribute() {
    let input = fixture("cuda.ll");
    let output = edit(
        &input,
        "declare noundef range(i32 0, 1024) i32",
        "declare noundef i32",
    );
    assert_eq!(
        check(Mode::Same, &input, &output),
        ["function @llvm.nvvm.read.ptx.sreg.tid.x return: attributes missing in output: range(i32 0, 1024)"]
    );
}

#[test]
fn dropped_instruction_metadata() {
    let input = fixture("opencl.ll");
    let output = edit(
        &input,
        "store i32 1, ptr addrspace(4) %p, align 4, !tbaa !3",
        "store i32 1, ptr addrspace(4) %p, align 4",
    );
    assert_eq!(
        check(Mode::Same, &input, &output),
        ["function @nf instructions: !tbaa missing in output (input !{!{!\"int\", !{!\"omnipotent char\", !{!\"Simple C/C++ TBAA\"}, i64 0}, i64 0}, !{!\"int\", !{!\"omnipotent char\", !{!\"Simple C/C++ TBAA\"}, i64 0}, i64 0}, i64 0})"]
    );
    // @nf's only instruction lives on in the clone @nf.gas.g
    let output = edit(
        &fixture("opencl.O2.ll"),
        "store i32 1, ptr addrspace(1) %p, align 4, !tbaa !3",
        "store i32 1, ptr addrspace(1) %p, align 4",
    );
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        ["function @nf instructions: metadata kinds no longer used by the function or its clones: !tbaa"]
    );
}

#[test]
fn dropped_loop_metadata_and_debug_locations() {
    let input = fixture("loop.ll");
    let output = edit(&input, ", !dbg !52, !llvm.loop !57", ", !dbg !52");
    let diffs = check(Mode::Same, &input, &output);
    assert_eq!(diffs.len(), 1, "{diffs:#?}");
    assert!(diffs[0].starts_with("function @__clang_ocl_kern_imp_scale instructions: !llvm.loop missing in output (input distinct !{^0, "), "{diffs:#?}");
    let output = edit(
        &input,
        "!47 = !{!\"llvm.loop.unroll.disable\"}",
        "!47 = !{!\"llvm.loop.mustprogress\"}",
    );
    assert_eq!(check(Mode::Same, &input, &output).len(), 2);
    let output = edit(
        &input,
        "%mul.i = fmul float %s, %0, !dbg !41",
        "%mul.i = fmul float %s, %0",
    );
    assert_eq!(
        check(Mode::Same, &input, &output),
        ["function @scale instructions: !dbg attachments: input 11, output 10"]
    );
    // a difference deep in a long node is shown where it is
    let output = edit(
        &input,
        ", checksumkind: CSK_MD5, checksum: \"78a6a9c9d730897671c7741304e173e1\")\n!13",
        ")\n!13",
    );
    let diffs = check(Mode::Same, &input, &output);
    assert_eq!(diffs.len(), 2, "{diffs:#?}");
    assert!(diffs[0].contains("checksumkind: CSK_MD5"), "{diffs:#?}");
    let output = edit(&input, "!llvm.dbg.cu = !{!0}\n", "");
    assert_eq!(
        check(Mode::Same, &input, &output),
        ["named metadata !llvm.dbg.cu: missing in output"]
    );
}

#[test]
fn changed_instruction_count() {
    let input = fixture("opencl.ll");
    let output = edit(&input, "  store i32 1, ptr addrspace(4) %p, align 4, !tbaa !3\n", "  store i32 1, ptr addrspace(4) %p, align 4, !tbaa !3\n  store i32 1, ptr addrspace(4) %p, align 4, !tbaa !3\n");
    let diffs = check(Mode::Same, &input, &output);
    assert_eq!(diffs[0], "function @nf: instructions: input 2, output 3");
}

#[test]
fn kernel_arg_metadata_on_a_clone() {
    let input = fixture("opencl.ll");
    let output = edit(
        &fixture("opencl.O2.ll"),
        "@nf.gas.g(ptr addrspace(1) noundef writeonly captures(none) initializes((0, 4)) %p) local_unnamed_addr #1 {",
        "@nf.gas.g(ptr addrspace(1) noundef writeonly captures(none) initializes((0, 4)) %p) local_unnamed_addr #1 !kernel_arg_addr_space !13 {",
    );
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        ["clone @nf.gas.g: carries !kernel_arg_addr_space, which belongs to kernels only"]
    );
}

#[test]
fn erased_kernel_and_unnamed_new_function() {
    let input = fixture("opencl.ll");
    let output = edit(
        &fixture("opencl.O2.ll"),
        "spir_kernel void @k2(",
        "spir_kernel void @k3(",
    );
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        [
            "function @k2: missing in output",
            "function @k3: not in input, and not named as a clone (<function>.gas.<suffix>) of an input function",
        ]
    );
}

#[test]
fn renamed_struct_type() {
    // what MLIR's export did to tests/programs/chain_struct_members.cl
    let input = edit(
        &fixture("opencl.ll"),
        "\n@counter",
        "\n%struct.strided_t = type { ptr addrspace(4), i32 }\n\n@counter",
    );
    let output = edit(&input, "%struct.strided_t =", "%struct.strided_t.0 =");
    assert_eq!(
        check(Mode::Same, &input, &output),
        [
            "type %struct.strided_t: missing in output (input { ptr addrspace(4), i32 })",
            "type %struct.strided_t.0: not in input (output { ptr addrspace(4), i32 })",
        ]
    );
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        Vec::<String>::new()
    );
}

#[test]
fn erased_kernel_named_by_nvvm_annotations() {
    // the pre-ptx_kernel way of marking a CUDA kernel
    let input = edit(
        &fixture("cuda.ll"),
        "define dso_local ptx_kernel void",
        "define dso_local void",
    ) + "!nvvm.annotations = !{!10}\n!10 = !{ptr @_Z4kernPfPKfi, !\"kernel\", i32 1}\n";
    let start = input
        .find("; Function Attrs: convergent mustprogress noinline")
        .unwrap_or_default();
    let end = input
        .find("; Function Attrs: nocallback")
        .unwrap_or_default();
    assert!(start < end);
    let output = format!("{}{}", &input[..start], &input[end..]);
    let output = edit(&output, "!10 = !{ptr @_Z4kernPfPKfi,", "!10 = !{null,");
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        ["function @_Z4kernPfPKfi: missing in output"]
    );
}

#[test]
fn added_and_dropped_globals() {
    let input = fixture("cuda.ll");
    let output = edit(&input, "@sh = dso_local", "@sh2 = dso_local");
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        ["global @sh: missing in output", "global @sh2: not in input"]
    );
    let output = edit(
        &input,
        "[32 x float] undef, align 4",
        "[32 x float] zeroinitializer, align 4",
    );
    assert_eq!(
        check(Mode::Same, &input, &output),
        ["global @sh: initializer: input undef, output zeroinitializer"]
    );
    assert_eq!(
        check(Mode::Rewritten, &input, &output),
        Vec::<String>::new()
    );
}

#[test]
fn negative_unreadable_module_is_an_error() {
    let input = fixture("opencl.ll");
    let output = edit(&input, "attributes #0 = {", "attributes #0 {");
    assert!(check_text(Mode::Same, ("input", &input), ("output", &output)).is_err());
    let output = input.clone() + "this is not IR\n";
    let err = check_text(Mode::Same, ("input", &input), ("output", &output)).err();
    assert!(err.is_some_and(|e| e.to_string().starts_with("output:")));
}

/// A flat input's rewrite (`gas-opt --flat-input`) puts spaces back on
/// global variables: allowed in `flat-input` mode, a difference in
/// `rewritten` mode, and other losses are still reported.
#[test]
fn flat_input_mode_allows_global_spaces_only() {
    let input = fixture("cuda.ll");
    let spaced = edit(
        &input,
        "@coef = dso_local addrspace(4)",
        "@coef = dso_local addrspace(3)",
    );
    assert!(check(Mode::FlatInput, &input, &spaced).is_empty());
    assert_eq!(
        check(Mode::Rewritten, &input, &spaced),
        ["global @coef: addrspace: input addrspace(4), output addrspace(3)"]
    );
    let lossy = edit(
        &spaced,
        "addrspace(3) externally_initialized",
        "addrspace(3)",
    );
    assert_eq!(
        check(Mode::FlatInput, &input, &lossy),
        ["global @coef: externally_initialized: input externally_initialized, output (none)"]
    );
}
