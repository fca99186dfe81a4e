//! A generator of large LLVM-dialect modules with generic pointers, shaped
//! like OpenCL helpers after clang: each function makes generic pointers from
//! a global and a local one, selects between them, walks GEP chains, loads
//! and stores through them, and calls the previous function — half of the
//! calls with a pointer of one space (so that propagate has something to
//! specialize), half with the select. A kernel calls the last function, so
//! the module is a closed OpenCL program.

use std::fmt::Write;

/// Operations one generated function holds (counted in its text).
pub const OPS_PER_FUNCTION: usize = 40;

/// A module of about `operations` operations.
pub fn module(operations: usize) -> String {
    let functions = (operations / OPS_PER_FUNCTION).max(1);
    let mut text = String::with_capacity(functions * 3_000);
    for index in 0..functions {
        function(&mut text, index);
    }
    let last = functions - 1;
    let _ = writeln!(
        text,
        "llvm.func spir_kernelcc @kernel(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %n: i64) {{
  %c = llvm.icmp \"sgt\" %n, %n : i64
  %v = llvm.call spir_funccc @f{last}(%g, %l, %c, %n) : (!llvm.ptr<1>, !llvm.ptr<3>, i1, i64) -> i32
  llvm.store %v, %g {{alignment = 4 : i64}} : i32, !llvm.ptr<1>
  llvm.return
}}"
    );
    text
}

fn function(text: &mut String, index: usize) {
    let _ = writeln!(
        text,
        "llvm.func spir_funccc @f{index}(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %c: i1, %n: i64) -> i32 {{
  %one = llvm.mlir.constant(1 : i64) : i64
  %two = llvm.mlir.constant(2 : i32) : i32
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %s = llvm.select %c, %gg, %gl : i1, !llvm.ptr<4>
  %p1 = llvm.getelementptr inbounds %s[%n] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i32
  %p2 = llvm.getelementptr inbounds %p1[%one] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i32
  %p3 = llvm.getelementptr inbounds %p2[%one] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i32
  %p4 = llvm.getelementptr inbounds %p3[%one] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i32
  %v1 = llvm.load %p1 {{alignment = 4 : i64}} : !llvm.ptr<4> -> i32
  %v2 = llvm.load %p2 {{alignment = 4 : i64}} : !llvm.ptr<4> -> i32
  %v3 = llvm.load %p3 {{alignment = 4 : i64}} : !llvm.ptr<4> -> i32
  %v4 = llvm.load %p4 {{alignment = 4 : i64}} : !llvm.ptr<4> -> i32
  %a1 = llvm.add %v1, %v2 : i32
  %a2 = llvm.add %v3, %v4 : i32
  %a3 = llvm.mul %a1, %a2 : i32
  llvm.store %a3, %p4 {{alignment = 4 : i64}} : i32, !llvm.ptr<4>
  %q1 = llvm.getelementptr inbounds %gg[%n] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i32
  %q2 = llvm.getelementptr inbounds %gl[%n] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i32
  %w1 = llvm.load %q1 {{alignment = 4 : i64}} : !llvm.ptr<4> -> i32
  %w2 = llvm.load %q2 {{alignment = 4 : i64}} : !llvm.ptr<4> -> i32
  %b1 = llvm.add %w1, %w2 : i32
  %b2 = llvm.mul %b1, %two : i32
  llvm.store %b2, %q1 {{alignment = 4 : i64}} : i32, !llvm.ptr<4>
  llvm.store %b1, %q2 {{alignment = 4 : i64}} : i32, !llvm.ptr<4>
  %r = llvm.add %a3, %b2 : i32"
    );
    if index > 0 {
        let previous = index - 1;
        // Alternate: the select (two spaces) or the global pointer alone.
        let pointer_call = if index.is_multiple_of(2) { "%s" } else { "%gg" };
        let _ = writeln!(
            text,
            "  %x = llvm.call spir_funccc @h{previous}({pointer_call}, %n) : (!llvm.ptr<4>, i64) -> i32
  %y = llvm.call spir_funccc @f{previous}(%g, %l, %c, %n) : (!llvm.ptr<1>, !llvm.ptr<3>, i1, i64) -> i32
  %z = llvm.add %x, %y : i32
  %t = llvm.add %z, %r : i32
  llvm.return %t : i32
}}"
        );
    } else {
        let _ = writeln!(text, "  llvm.return %r : i32\n}}");
    }
    // A helper taking a generic pointer, called from the next function.
    let _ = writeln!(
        text,
        "llvm.func spir_funccc @h{index}(%p: !llvm.ptr<4>, %n: i64) -> i32 {{
  %e = llvm.getelementptr inbounds %p[%n] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i32
  %v = llvm.load %e {{alignment = 4 : i64}} : !llvm.ptr<4> -> i32
  %w = llvm.add %v, %v : i32
  llvm.store %w, %e {{alignment = 4 : i64}} : i32, !llvm.ptr<4>
  llvm.return %w : i32
}}"
    );
}

/// The same module numbered for NVPTX: generic pointers in space 0 (global
/// 1 and local 3 are SPIR's numbers too), C calling conventions and a PTX
/// kernel. `gas-opt --target nvptx` reads it as a hardware-flat target's.
pub fn nvptx_form(spir: &str) -> String {
    spir.replace("!llvm.ptr<4>", "!llvm.ptr")
        .replace("spir_kernelcc", "ptx_kernelcc")
        .replace("spir_funccc ", "")
}

/// The number of operations in `text` (one per line that defines or is an op).
pub fn count_operations(text: &str) -> usize {
    text.lines()
        .map(str::trim)
        .filter(|line| line.starts_with('%') || line.starts_with("llvm."))
        .count()
}
