// gas-opt: --pipeline raise,propagate,lower --split-input-file --target amdgpu --closed-world never
// AMDGPU's global addresses lie below its shared and private apertures:
// any mask keeps a global pointer global; a local one needs a mask that
// keeps the high half (the aperture).

llvm.func @ptrmask_of_global_with_any_mask_is_global(%p: !llvm.ptr<1>, %mask: i64) -> i8 {
  %g = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr
  %m = llvm.intr.ptrmask %g, %mask : (!llvm.ptr, i64) -> !llvm.ptr
  %v = llvm.load %m {alignment = 1 : i64} : !llvm.ptr -> i8
  llvm.return %v : i8
}

// -----

llvm.func @ptrmask_of_local_keeping_the_aperture_is_local(%p: !llvm.ptr<3>) -> i8 {
  %mask = llvm.mlir.constant(-4294967296 : i64) : i64
  %g = llvm.addrspacecast %p : !llvm.ptr<3> to !llvm.ptr
  %m = llvm.intr.ptrmask %g, %mask : (!llvm.ptr, i64) -> !llvm.ptr
  %v = llvm.load %m {alignment = 1 : i64} : !llvm.ptr -> i8
  llvm.return %v : i8
}

// -----

llvm.func @negative_ptrmask_of_local_with_unknown_mask_is_flat(%p: !llvm.ptr<3>, %mask: i64) -> i8 {
  %g = llvm.addrspacecast %p : !llvm.ptr<3> to !llvm.ptr
  %m = llvm.intr.ptrmask %g, %mask : (!llvm.ptr, i64) -> !llvm.ptr
  %v = llvm.load %m {alignment = 1 : i64} : !llvm.ptr -> i8
  llvm.return %v : i8
}
