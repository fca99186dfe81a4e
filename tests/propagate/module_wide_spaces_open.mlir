// gas-opt: --pipeline raise,propagate,lower --target spir --closed-world never
// In an open world, code outside the module may make generic pointers of
// any space: the module-wide bound does not apply.

llvm.func spir_kernelcc @negative_an_open_world_bounds_nothing(%src: !llvm.ptr<1>, %x: i32) {
  %p = llvm.load %src {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  llvm.store %x, %p {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}
