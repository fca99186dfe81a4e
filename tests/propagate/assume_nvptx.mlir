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

// -----

llvm.func @assumed_isspacep_const_is_a_constant_load(%p: !llvm.ptr, %i: i64) -> f32 {
  %s = llvm.call_intrinsic "llvm.nvvm.isspacep.const"(%p) : (!llvm.ptr) -> i1
  llvm.intr.assume %s : i1
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}

// -----

// Before the assume the pointer may be anywhere.
llvm.func @negative_load_before_the_const_assume_stays_flat(%p: !llvm.ptr) -> f32 {
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  %s = llvm.call_intrinsic "llvm.nvvm.isspacep.const"(%p) : (!llvm.ptr) -> i1
  llvm.intr.assume %s : i1
  llvm.return %v : f32
}

// -----

// Neither global nor shared is constant memory too on NVPTX (its own
// window): the store stays flat rather than become a local store.
llvm.func @negative_not_global_nor_shared_says_nothing(%p: !llvm.ptr, %x: f32) {
  %true = llvm.mlir.constant(true) : i1
  %global = llvm.call_intrinsic "llvm.nvvm.isspacep.global"(%p) : (!llvm.ptr) -> i1
  %shared = llvm.call_intrinsic "llvm.nvvm.isspacep.shared"(%p) : (!llvm.ptr) -> i1
  %either = llvm.or %global, %shared : i1
  %neither = llvm.xor %either, %true : i1
  llvm.intr.assume %neither : i1
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}
