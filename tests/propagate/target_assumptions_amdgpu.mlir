// gas-opt: --pipeline raise,propagate,lower --split-input-file --target amdgpu --closed-world never
// What AMDGPU assumes about pointers it did not see made (LLVM's
// `getAssumedAddrSpace`): a kernel's flat pointer parameter and a flat
// pointer loaded from constant memory point to global memory. A `byref`
// parameter (the kernel argument segment) and a plain function's parameter
// are not assumed anything.

llvm.func amdgpu_kernelcc @kernel_pointer_parameter_is_global(%p: !llvm.ptr, %x: i32) {
  llvm.store %x, %p {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global external @table() {addr_space = 4 : i32} : !llvm.ptr
llvm.func @pointer_loaded_from_constant_memory_is_global() -> f32 {
  %t = llvm.mlir.addressof @table : !llvm.ptr<4>
  %p = llvm.load %t {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}

// -----

llvm.func @negative_function_pointer_parameter_is_unknown(%p: !llvm.ptr, %x: i32) {
  llvm.store %x, %p {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

llvm.func amdgpu_kernelcc @negative_pointer_loaded_from_byref_parameter_of_global_memory(%s: !llvm.ptr<1>, %x: i32) {
  %p = llvm.load %s {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr
  llvm.store %x, %p {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}
