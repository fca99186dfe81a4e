// gas-opt: --pipeline raise,static-global --target nvptx --split-input-file --stats
// CUDA and HIP read `__constant__` data through generic pointers: such a
// pointer is not global memory, so a kernel that makes one is not
// static-global (its accesses stay flat for the backend). Found on a CUDA
// stencil whose constant coefficients were loaded with ld.global.

llvm.mlir.global external constant @coeffs(dense<0.0> : tensor<4xf32>) {addr_space = 4 : i32} : !llvm.array<4 x f32>

llvm.func @negative_constant_data_through_generic(%x: !llvm.ptr) -> f32 attributes {no_inline} {
  %c = llvm.mlir.addressof @coeffs : !llvm.ptr<4>
  %g = llvm.addrspacecast %c : !llvm.ptr<4> to !llvm.ptr
  %a = llvm.load %g {alignment = 4 : i64} : !llvm.ptr -> f32
  %b = llvm.load %x {alignment = 4 : i64} : !llvm.ptr -> f32
  %s = llvm.fmul %a, %b : f32
  llvm.return %s : f32
}

llvm.func ptx_kernelcc @kernel_reading_constant(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) {
  %g = llvm.addrspacecast %in : !llvm.ptr<1> to !llvm.ptr
  %v = llvm.call @negative_constant_data_through_generic(%g) : (!llvm.ptr) -> f32
  llvm.store %v, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}

// -----

// A space the target map does not name (NVPTX's 101, kernel parameters)
// made generic is not known to be global either.
llvm.func ptx_kernelcc @negative_unnamed_space(%p: !llvm.ptr<101>, %out: !llvm.ptr<1>) {
  %g = llvm.addrspacecast %p : !llvm.ptr<101> to !llvm.ptr
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// A by-value struct parameter of a CUDA kernel is a generic pointer into
// NVPTX's parameter space (the kernel's own copy): not global memory. Found
// on the H100 (tests/cuda/struct_params.cu: CUDA_ERROR_INVALID_ADDRESS_SPACE).
llvm.func ptx_kernelcc @negative_byval_struct_parameter(%views: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, ptr)>}, %n: i32) {
  %in = llvm.load %views {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %v = llvm.load %in {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.return
}

// -----

// Only global memory made generic: every access is global.
llvm.func ptx_kernelcc @global_only(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) {
  %g = llvm.addrspacecast %in : !llvm.ptr<1> to !llvm.ptr
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.store %v, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}
