// gas-opt: --pipeline raise,propagate,lower --split-input-file --target nvptx
// A pointer read from global memory the host handed a kernel (a struct of
// device pointers the host filled) is global, as the host's pointers are,
// or one the module's code stored where global memory may be (one cell for
// all of global memory). Where the code may write pointer bits there in a
// way gas does not follow, nothing is known.

llvm.func ptx_kernelcc @a_pointer_read_from_a_kernels_buffer_is_global(%clusters: !llvm.ptr, %i: i64, %x: f32) {
  %c40 = llvm.mlir.constant(40 : i64) : i64
  %field = llvm.getelementptr inbounds %clusters[%c40] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %means = llvm.load %field {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %p = llvm.getelementptr inbounds %means[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

// Another kernel stores a shared address into global memory: the pointer
// read back may be that one.
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x f32>
llvm.func ptx_kernelcc @negative_a_shared_pointer_stored_into_global_memory_is_seen(%table: !llvm.ptr, %i: i64, %x: f32) {
  %p = llvm.load %table {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %x, %q {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}
llvm.func ptx_kernelcc @publishes_a_shared_address(%out: !llvm.ptr) {
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %g = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  llvm.store %g, %out {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  llvm.return
}

// -----

// A private pointer's bits as an integer may land in global memory; so may
// bytes copied from private memory.
llvm.func ptx_kernelcc @negative_pointer_bits_as_an_integer_blind_the_cell(%table: !llvm.ptr, %out: !llvm.ptr, %i: i64, %x: f32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %slot = llvm.alloca %one x f32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  %bits = llvm.ptrtoint %slot : !llvm.ptr to i64
  llvm.store %bits, %out {alignment = 8 : i64} : i64, !llvm.ptr
  %p = llvm.load %table {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %x, %q {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.func ptx_kernelcc @negative_bytes_copied_from_private_memory_blind_the_cell(%table: !llvm.ptr, %out: !llvm.ptr, %i: i64, %x: f32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %holder = llvm.alloca %one x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %slot = llvm.alloca %one x f32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  llvm.store %slot, %holder {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  "llvm.intr.memcpy"(%out, %holder, %c8) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %p = llvm.load %table {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %x, %q {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

// A kernel's own copy of a by-value argument is not host memory handed by
// pointer (its pointers are the kernel-copy rule's, here: a shared address
// the kernel stored there).
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x f32>
llvm.func ptx_kernelcc @negative_a_byval_copy_is_not_host_memory(%copy: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, i32)>}, %i: i64, %x: f32) {
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %g = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  llvm.store %g, %copy {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %p = llvm.load %copy {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %x, %q {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}
