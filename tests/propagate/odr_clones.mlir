// gas-opt: --pipeline raise,propagate,lower --split-input-file --target nvptx --closed-world never
// C++ templates and inline functions (CUDA's member functions among them)
// are `linkonce_odr`: the linker may keep another module's body, but every
// body is the same, so the one here may be cloned for its callers' spaces.
// A `weak` body may be replaced by a different one: it is not cloned. (With
// --closed-world never: no function is narrowed in place for its callers.)

llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x f32>
llvm.func linkonce_odr @accumulate(%p: !llvm.ptr, %x: f32) {
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  %s = llvm.fadd %v, %x : f32
  llvm.store %s, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}
llvm.func ptx_kernelcc @linkonce_odr_helper_is_cloned_per_space(%out: !llvm.ptr, %x: f32) {
  %s = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %g = llvm.addrspacecast %s : !llvm.ptr<3> to !llvm.ptr
  llvm.call @accumulate(%g, %x) : (!llvm.ptr, f32) -> ()
  llvm.call @accumulate(%out, %x) : (!llvm.ptr, f32) -> ()
  llvm.return
}

// -----

llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x f32>
llvm.func weak @accumulate(%p: !llvm.ptr, %x: f32) {
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  %s = llvm.fadd %v, %x : f32
  llvm.store %s, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}
llvm.func ptx_kernelcc @negative_weak_helper_is_not_cloned(%x: f32) {
  %s = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %g = llvm.addrspacecast %s : !llvm.ptr<3> to !llvm.ptr
  llvm.call @accumulate(%g, %x) : (!llvm.ptr, f32) -> ()
  llvm.return
}
