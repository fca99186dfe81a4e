// gas-opt: --flat-input --pipeline raise,propagate,lower --split-input-file
// Flat modules with helpers, selects and private arrays: the facts seeded
// from kernels, tile_static variables and allocas reach every access
// through calls (helpers are cloned per space) and GEPs; a select between
// two spaces stays a run-time decision in the target's generic space.

llvm.mlir.global internal @tile(dense<0> : tensor<16xi32>) {alignment = 4 : i64, section = "clamp_opencl_local"} : !llvm.array<16 x i32>
llvm.func internal @read(%p: !llvm.ptr, %i: i64) -> i32 {
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.return %v : i32
}
llvm.func spir_kernelcc @helper_called_with_global_local_and_private(%out: !llvm.ptr, %i: i64) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %t = llvm.mlir.addressof @tile : !llvm.ptr
  %priv = llvm.alloca %c1 x !llvm.array<4 x i32> {alignment = 4 : i64} : (i32) -> !llvm.ptr
  %a = llvm.call @read(%out, %i) : (!llvm.ptr, i64) -> i32
  %b = llvm.call @read(%t, %i) : (!llvm.ptr, i64) -> i32
  %c = llvm.call @read(%priv, %i) : (!llvm.ptr, i64) -> i32
  %ab = llvm.add %a, %b : i32
  %abc = llvm.add %ab, %c : i32
  llvm.store %abc, %out {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @tile(dense<0> : tensor<16xi32>) {alignment = 4 : i64, section = "clamp_opencl_local"} : !llvm.array<16 x i32>
llvm.func spir_kernelcc @negative_select_between_local_and_global_stays_dynamic(%out: !llvm.ptr, %c: i1) {
  %t = llvm.mlir.addressof @tile : !llvm.ptr
  %p = llvm.select %c, %t, %out : i1, !llvm.ptr
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}
