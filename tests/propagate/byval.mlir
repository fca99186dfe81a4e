// gas-opt: --pipeline raise,propagate --target nvptx --split-input-file --stats
// A byval parameter points at the callee's own copy of the argument, not at
// what the caller passed: no clone is made for it, and its accesses are
// private (a function's copy is on its stack) whatever the callers pass,
// or keep every space in a kernel (NVPTX passes kernel arguments in its
// parameter space). Found on the H100 (tests/cuda/struct_params.cu): O2
// cloned a helper taking a struct by value for a caller's private struct
// and gave the byval parameter NVPTX's local space, and the kernel faulted
// (CUDA_ERROR_ILLEGAL_ADDRESS).

llvm.func internal @negative_byval_helper(%p: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, ptr)>}) -> !llvm.ptr attributes {no_inline} {
  %v = llvm.load %p {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  llvm.return %v : !llvm.ptr
}

llvm.func ptx_kernelcc @kernel_passing_private_and_global(%g: !llvm.ptr<1>) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %slot = llvm.alloca %one x !llvm.struct<(ptr, ptr)> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %a = llvm.call @negative_byval_helper(%slot) : (!llvm.ptr) -> !llvm.ptr
  %generic = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr
  %b = llvm.call @negative_byval_helper(%generic) : (!llvm.ptr) -> !llvm.ptr
  llvm.return
}

// -----

llvm.func ptx_kernelcc @negative_kernel_byval(%s: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, ptr)>}, %out: !llvm.ptr<1>) {
  %v = llvm.load %s {alignment = 8 : i64} : !llvm.ptr -> i64
  llvm.store %v, %out {alignment = 8 : i64} : i64, !llvm.ptr<1>
  llvm.return
}

// -----

// A plain pointer parameter of the same helper shape is cloned per space.
llvm.func internal @by_reference_helper(%p: !llvm.ptr) -> !llvm.ptr attributes {no_inline} {
  %v = llvm.load %p {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  llvm.return %v : !llvm.ptr
}

llvm.func ptx_kernelcc @kernel_passing_global(%g: !llvm.ptr<1>) {
  %generic = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr
  %b = llvm.call @by_reference_helper(%generic) : (!llvm.ptr) -> !llvm.ptr
  llvm.return
}
