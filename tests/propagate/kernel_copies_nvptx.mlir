// gas-opt: --pipeline raise,propagate,lower --split-input-file --target nvptx --closed-world never
// A CUDA kernel's by-value struct parameter is its copy of what the host
// wrote, and the host writes global addresses (LLVM's NVPTXLowerArgs marks
// such loaded pointers global): a pointer loaded from the copy is global,
// or one the kernel stored there itself. A copy whose bytes other code may
// write says nothing.

llvm.func ptx_kernelcc @pointer_loaded_from_a_byval_struct_is_global(%v: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, ptr, i32)>}, %i: i64) {
  %a = llvm.load %v {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %field = llvm.getelementptr inbounds %v[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %b = llvm.load %field {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %pa = llvm.getelementptr inbounds %a[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %x = llvm.load %pa {alignment = 4 : i64} : !llvm.ptr -> f32
  %pb = llvm.getelementptr inbounds %b[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %x, %pb {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x f32>
llvm.func ptx_kernelcc @negative_a_shared_pointer_stored_into_the_copy_joins_global(%v: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, i32)>}, %x: f32) {
  %s = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %g = llvm.addrspacecast %s : !llvm.ptr<3> to !llvm.ptr
  llvm.store %g, %v {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %p = llvm.load %v {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @overwrite(!llvm.ptr)
llvm.func ptx_kernelcc @negative_a_copy_handed_to_a_writer_says_nothing(%v: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, i32)>}, %x: f32) {
  llvm.call @overwrite(%v) : (!llvm.ptr) -> ()
  %p = llvm.load %v {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @read_only(!llvm.ptr {llvm.readonly}) -> f32
llvm.func ptx_kernelcc @a_copy_handed_to_a_reader_still_holds_global_pointers(%v: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, i32)>}, %x: f32) {
  %r = llvm.call @read_only(%v) : (!llvm.ptr) -> f32
  %p = llvm.load %v {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  llvm.store %r, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @negative_a_byval_parameter_of_a_plain_function_says_nothing(%v: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, i32)>}, %x: f32) {
  %p = llvm.load %v {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}
