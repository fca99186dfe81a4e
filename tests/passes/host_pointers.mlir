// gas-opt: --pass-pipeline builtin.module(gas-raise,gas-propagate{host-pointers=unknown},gas-lower) --target nvptx --split-input-file
// The pass option `host-pointers=unknown` (the flag
// --no-host-pointer-assumptions) drops what NVPTX assumes about what the host
// hands a kernel: the kernel's pointer
// parameter stays flat. (Without it the store is a global one:
// tests/propagate/target_assumptions_amdgpu.mlir has AMDGPU's case.)

llvm.func ptx_kernelcc @negative_kernel_pointer_parameter_stays_flat(%p: !llvm.ptr, %x: f32) {
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.func ptx_kernelcc @pointer_in_a_byval_struct_stays_flat(%v: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, i32)>}, %x: f32) {
  %p = llvm.load %v {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}
