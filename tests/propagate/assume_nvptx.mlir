// gas-opt: --pipeline raise,propagate,lower --split-input-file --target nvptx --closed-world never
// `llvm.assume` of NVPTX's `isspacep` tests narrows the pointer after it.

llvm.func @assumed_isspacep_global_is_a_global_load(%p: !llvm.ptr, %i: i64) -> f32 {
  %s = llvm.call_intrinsic "llvm.nvvm.isspacep.global"(%p) : (!llvm.ptr) -> i1
  llvm.intr.assume %s : i1
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}

// -----

llvm.func @assumed_isspacep_shared_or_local_keeps_both(%p: !llvm.ptr, %x: f32) {
  %shared = llvm.call_intrinsic "llvm.nvvm.isspacep.shared"(%p) : (!llvm.ptr) -> i1
  %local = llvm.call_intrinsic "llvm.nvvm.isspacep.local"(%p) : (!llvm.ptr) -> i1
  %either = llvm.or %shared, %local : i1
  llvm.intr.assume %either : i1
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}
