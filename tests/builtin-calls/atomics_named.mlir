// gas-opt: --pipeline raise,builtin-calls --split-input-file --stats --named-atomics
// With a library that has OpenCL 3.0's named atomics, a known space calls
// the named overload, for each pointer of the call.

llvm.func spir_funccc @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(!llvm.ptr<4>, i32, i32, i32) -> i32
llvm.func spir_kernelcc @atomic_on_global_and_local_pointers(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %r = llvm.call spir_funccc @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(%gg, %c1, %c1, %c1) : (!llvm.ptr<4>, i32, i32, i32) -> i32
  %s = llvm.call spir_funccc @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope(%gl, %c1, %c1, %c1) : (!llvm.ptr<4>, i32, i32, i32) -> i32
  llvm.return
}
