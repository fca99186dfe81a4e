// gas-opt: --pipeline O2 --remarks --split-input-file --verify-diagnostics
// Every access, to_* cast and builtin call left dynamic gets one remark at
// its line, with the cause the analysis found; resolved ones get none.

llvm.func spir_kernelcc @select_between_local_and_global(%c: i1, %l: !llvm.ptr<3>, %g: !llvm.ptr<1>) {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %p = llvm.select %c, %gl, %gg : i1, !llvm.ptr<4>
  // expected-remark @+1 {{load through a generic pointer (local or global) stays dynamic: select between local and global at tests/explain/reasons.mlir:8:8}}
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  // Resolved: no remark.
  %w = llvm.load %gl {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %s = llvm.add %v, %w : i32
  llvm.store %s, %g {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// The helper is cloned for what its caller passes: a merged pointer, whose
// cause is in the caller.
llvm.func internal spir_funccc @bump(%p: !llvm.ptr<4>) {
  // expected-remark @+1 {{load through a generic pointer (local or global) stays dynamic: select between local and global at tests/explain/reasons.mlir:35:8}}
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %one = llvm.mlir.constant(1 : i32) : i32
  %w = llvm.add %v, %one : i32
  // expected-remark @+1 {{store through a generic pointer (local or global) stays dynamic: select between local and global}}
  llvm.store %w, %p {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}

llvm.func spir_kernelcc @cause_in_the_caller(%c: i1, %l: !llvm.ptr<3>, %g: !llvm.ptr<1>) {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %p = llvm.select %c, %gl, %gg : i1, !llvm.ptr<4>
  llvm.call spir_funccc @bump(%p) : (!llvm.ptr<4>) -> ()
  llvm.call spir_funccc @bump(%gl) : (!llvm.ptr<4>) -> ()
  llvm.return
}

// -----

// The kernel makes a local pointer generic, so static-global cannot say that
// every generic pointer is global; the module makes no private one generic.
llvm.func spir_kernelcc @pointer_loaded_from_global_memory(%table: !llvm.ptr<1>, %l: !llvm.ptr<3>, %out: !llvm.ptr<1>) {
  %p = llvm.load %table {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  // expected-remark @+1 {{load through a generic pointer (local or global) stays dynamic: pointer loaded from global memory at tests/explain/reasons.mlir:46:8}}
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.store %v, %gl {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}

// -----

llvm.func spir_funccc @keep(!llvm.ptr)

llvm.func spir_kernelcc @stored_into_private_memory_that_escapes(%g: !llvm.ptr<1>) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %slot = llvm.alloca %one x !llvm.ptr<4> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.store %gg, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  llvm.call spir_funccc @keep(%slot) : (!llvm.ptr) -> ()
  %p = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  // expected-remark @+1 {{stays dynamic: pointer loaded at tests/explain/reasons.mlir:64:8 from private memory that escapes to call @keep at tests/explain/reasons.mlir:63:3}}
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %g {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func spir_funccc @__to_global(!llvm.ptr<4>) -> !llvm.ptr<1>
llvm.func spir_funccc @_Z5fractfPU3AS4f(f32, !llvm.ptr<4>) -> f32

llvm.func spir_kernelcc @cast_and_builtin_on_a_merged_pointer(%c: i1, %l: !llvm.ptr<3>, %g: !llvm.ptr<1>, %out: !llvm.ptr<1>) {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %p = llvm.select %c, %gl, %gg : i1, !llvm.ptr<4>
  // expected-remark @+1 {{to_global stays dynamic: select between local and global at tests/explain/reasons.mlir:79:8}}
  %n = llvm.call spir_funccc @__to_global(%p) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  llvm.store %n, %out {alignment = 8 : i64} : !llvm.ptr<1>, !llvm.ptr<1>
  %x = llvm.mlir.constant(1.5 : f32) : f32
  // expected-remark @+1 {{call of builtin @_Z5fractfPU3AS4f with a generic pointer (local or global) stays dynamic: select between local and global}}
  %f = llvm.call spir_funccc @_Z5fractfPU3AS4f(%x, %p) : (f32, !llvm.ptr<4>) -> f32
  llvm.store %f, %g {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}

// -----

// Without kernels the module is not a closed program: a function's
// parameters may come from anywhere.
llvm.func spir_funccc @parameter_of_an_exported_function(%p: !llvm.ptr<4>) -> i32 {
  // expected-remark @+1 {{load through a generic pointer (private, local or global) stays dynamic: parameter 0 of exported function @parameter_of_an_exported_function}}
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// A block's invoke function is called by the runtime, with whatever the
// enqueuer captured.
llvm.func spir_funccc @enqueue(!llvm.ptr<4>)

llvm.func internal spir_funccc @__kernel_block_invoke(%literal: !llvm.ptr<4>, %p: !llvm.ptr<4>) {
  // expected-remark @+1 {{parameter 1 of @__kernel_block_invoke, a block invoke entry point}}
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  // expected-remark @+1 {{store through a generic pointer (private, local or global) stays dynamic: parameter 1 of @__kernel_block_invoke, a block invoke entry point}}
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}

// (The module makes local and private pointers generic: what the
// enqueuer may have captured.)
llvm.func spir_kernelcc @block_invoke_entry_point(%l: !llvm.ptr<3>) {
  %f = llvm.mlir.addressof @__kernel_block_invoke : !llvm.ptr
  %g = llvm.addrspacecast %f : !llvm.ptr to !llvm.ptr<4>
  llvm.call spir_funccc @enqueue(%g) : (!llvm.ptr<4>) -> ()
  %one = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %one x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  llvm.call spir_funccc @enqueue(%ga) : (!llvm.ptr<4>) -> ()
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.call spir_funccc @enqueue(%gl) : (!llvm.ptr<4>) -> ()
  llvm.return
}
