// gas-opt: --flat-input --kernel mm_kernel --pipeline O2
// Seed 003's example (seed003.ll imported): kernel pointer parameters are
// global, the clamp_opencl_local array local, and every access named, as
// the seed's "after" listing shows.

llvm.mlir.global internal unnamed_addr @mm_kernel.tmp(dense<0> : tensor<30xi32>) {addr_space = 0 : i32, alignment = 16 : i64, dso_local, section = "clamp_opencl_local"} : !llvm.array<30 x i32>
llvm.func @get_global_id(i32) -> i32
llvm.func @barrier(i32) -> i32
llvm.func @mm_kernel(%arg0: !llvm.ptr {llvm.nocapture}, %arg1: i32) {
  %0 = llvm.mlir.constant(0 : i32) : i32
  %1 = llvm.mlir.addressof @mm_kernel.tmp : !llvm.ptr
  %2 = llvm.mlir.constant(0 : i64) : i64
  %3 = llvm.mlir.constant(5566 : i32) : i32
  %4 = llvm.call tail @get_global_id(%0) : (i32) -> i32
  %5 = llvm.sext %4 : i32 to i64
  %6 = llvm.getelementptr inbounds %1[%2, %5] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<30 x i32>
  llvm.store %3, %6 {alignment = 4 : i64} : i32, !llvm.ptr
  %7 = llvm.call tail @barrier(%0) : (i32) -> i32
  %8 = llvm.load %6 {alignment = 4 : i64} : !llvm.ptr -> i32
  %9 = llvm.getelementptr inbounds %arg0[%5] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %8, %9 {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}
