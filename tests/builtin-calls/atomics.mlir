// gas-opt: --pipeline raise,builtin-calls --split-input-file --stats
// OpenCL 2.0 libraries have the C11 atomics with generic pointers only: a
// known space changes nothing without --named-atomics (atomics_named.mlir).

llvm.func spir_funccc @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(!llvm.ptr<4>, i32, i32, i32) -> i32
llvm.func spir_kernelcc @negative_atomic_on_a_global_pointer_without_named_atomics(%g: !llvm.ptr<1>) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %r = llvm.call spir_funccc @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(%gg, %c1, %c1, %c1) : (!llvm.ptr<4>, i32, i32, i32) -> i32
  llvm.return
}
