// gas-opt: --pipeline raise,builtin-calls --split-input-file --builtins named
// With --builtins named (a library with named overloads only), a call whose
// pointer may point into several spaces becomes a dispatch: `scf.if` tests
// of the candidate spaces (local, then private; global takes the rest),
// each calling its named overload with the untagged pointer; results merged.

llvm.func spir_funccc @_Z5fractfPU3AS4f(f32, !llvm.ptr<4>) -> f32
llvm.func spir_funccc @fract_through_an_unknown_pointer(%x: f32, %q: !llvm.ptr<4>) -> f32 {
  %r = llvm.call spir_funccc @_Z5fractfPU3AS4f(%x, %q) : (f32, !llvm.ptr<4>) -> f32
  llvm.return %r : f32
}

// -----

llvm.func spir_funccc @_Z7vstore4Dv4_fmPU3AS4f(vector<4xf32>, i64, !llvm.ptr<4>)
llvm.func spir_kernelcc @vstore_through_local_or_global(%v: vector<4xf32>, %g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %c: i1) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %q = llvm.select %c, %gg, %gl : i1, !llvm.ptr<4>
  llvm.call spir_funccc @_Z7vstore4Dv4_fmPU3AS4f(%v, %c0, %q) : (vector<4xf32>, i64, !llvm.ptr<4>) -> ()
  llvm.return
}

// -----

llvm.func spir_funccc @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(!llvm.ptr<4>, i32, i32, i32) -> i32
llvm.func spir_funccc @negative_atomic_dispatch_needs_named_atomics(%q: !llvm.ptr<4>) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %r = llvm.call spir_funccc @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(%q, %c1, %c1, %c1) : (!llvm.ptr<4>, i32, i32, i32) -> i32
  llvm.return %r : i32
}

// -----

// In a function whose private memory is in the global buffer (after
// private-branch-elision) private pointers are untagged: no test tells them
// from global ones, so a call that may reach private memory stays generic.
llvm.func spir_funccc @_Z5fractfPU3AS4f(f32, !llvm.ptr<4>) -> f32
llvm.func spir_funccc @negative_private_in_global_keeps_the_generic_call(%x: f32, %q: !llvm.ptr<4>) -> f32 attributes {gas.private_in_global} {
  %r = llvm.call spir_funccc @_Z5fractfPU3AS4f(%x, %q) : (f32, !llvm.ptr<4>) -> f32
  llvm.return %r : f32
}
