// gas-opt: --pipeline raise,propagate,lower --split-input-file --target nvptx --closed-world never --no-host-pointer-assumptions
// With --no-host-pointer-assumptions nothing is assumed about what the host
// hands a kernel: its pointer parameters and the pointers in its by-value
// parameters stay flat (the same cases are global by default:
// kernel_copies_nvptx.mlir, target_assumptions_amdgpu.mlir).

llvm.func ptx_kernelcc @negative_kernel_pointer_parameter_stays_flat(%p: !llvm.ptr, %x: f32) {
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.func ptx_kernelcc @negative_pointer_in_a_byval_struct_stays_flat(%v: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, i32)>}, %x: f32) {
  %p = llvm.load %v {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

// Nor about the pointers in global memory the host handed a kernel.
llvm.func ptx_kernelcc @negative_a_pointer_read_from_a_kernels_buffer(%clusters: !llvm.ptr, %i: i64, %x: f32) {
  %means = llvm.load %clusters {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %p = llvm.getelementptr inbounds %means[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}
