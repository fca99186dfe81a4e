// gas-opt: --pipeline raise,propagate,lower --split-input-file --target nvptx
// Pointers inside SSA aggregates (a struct returned by value, MLIR's memref
// descriptors): each field of an aggregate value is followed through
// insertvalue, extractvalue, select, block arguments and calls. What an
// aggregate loaded from memory holds is not known.

llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x f32>
llvm.func linkonce_odr @subspan(%p: !llvm.ptr, %n: i32) -> !llvm.struct<(ptr, i32)> attributes {passthrough = ["noinline"]} {
  %u = llvm.mlir.undef : !llvm.struct<(ptr, i32)>
  %a = llvm.insertvalue %p, %u[0] : !llvm.struct<(ptr, i32)>
  %b = llvm.insertvalue %n, %a[1] : !llvm.struct<(ptr, i32)>
  llvm.return %b : !llvm.struct<(ptr, i32)>
}
llvm.func ptx_kernelcc @a_pointer_in_a_struct_returned_by_value_keeps_its_space(%i: i64, %x: f32) {
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %g = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  %c4 = llvm.mlir.constant(4 : i32) : i32
  %s = llvm.call @subspan(%g, %c4) : (!llvm.ptr, i32) -> !llvm.struct<(ptr, i32)>
  %p = llvm.extractvalue %s[0] : !llvm.struct<(ptr, i32)>
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %x, %q {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

// Two descriptors (shared data, global data) chosen at run time, swapped in
// a loop: each field keeps its own space; a field inserted over another
// replaces it.
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x f32>
llvm.func ptx_kernelcc @fields_through_select_loop_and_insert_keep_their_spaces(%out: !llvm.ptr, %c: i1, %n: i64, %x: f32) {
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %shared = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  %u = llvm.mlir.undef : !llvm.struct<(ptr, ptr)>
  %a0 = llvm.insertvalue %shared, %u[0] : !llvm.struct<(ptr, ptr)>
  %a = llvm.insertvalue %out, %a0[1] : !llvm.struct<(ptr, ptr)>
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %half = llvm.getelementptr inbounds %shared[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %b = llvm.insertvalue %half, %a[0] : !llvm.struct<(ptr, ptr)>
  %first = llvm.select %c, %a, %b : i1, !llvm.struct<(ptr, ptr)>
  %zero = llvm.mlir.constant(0 : i64) : i64
  llvm.br ^loop(%first, %b, %zero : !llvm.struct<(ptr, ptr)>, !llvm.struct<(ptr, ptr)>, i64)
^loop(%d: !llvm.struct<(ptr, ptr)>, %e: !llvm.struct<(ptr, ptr)>, %k: i64):
  %p = llvm.extractvalue %d[0] : !llvm.struct<(ptr, ptr)>
  %q = llvm.getelementptr inbounds %p[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %x, %q {alignment = 4 : i64} : f32, !llvm.ptr
  %r = llvm.extractvalue %e[1] : !llvm.struct<(ptr, ptr)>
  %w = llvm.getelementptr inbounds %r[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %x, %w {alignment = 4 : i64} : f32, !llvm.ptr
  %k1 = llvm.add %k, %c8 : i64
  %more = llvm.icmp "slt" %k1, %n : i64
  llvm.cond_br %more, ^loop(%e, %d, %k1 : !llvm.struct<(ptr, ptr)>, !llvm.struct<(ptr, ptr)>, i64), ^done
^done:
  llvm.return
}

// -----

// A nested aggregate inserted whole and read back field by field.
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x f32>
llvm.func ptx_kernelcc @a_field_of_a_nested_aggregate_keeps_its_space(%i: i64, %x: f32) {
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %g = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  %inner0 = llvm.mlir.undef : !llvm.struct<(ptr, i64)>
  %inner = llvm.insertvalue %g, %inner0[0] : !llvm.struct<(ptr, i64)>
  %outer0 = llvm.mlir.undef : !llvm.struct<(i32, struct<(ptr, i64)>)>
  %outer = llvm.insertvalue %inner, %outer0[1] : !llvm.struct<(i32, struct<(ptr, i64)>)>
  %back = llvm.extractvalue %outer[1] : !llvm.struct<(i32, struct<(ptr, i64)>)>
  %p = llvm.extractvalue %back[0] : !llvm.struct<(ptr, i64)>
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %x, %q {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

// Fields of different spaces merged by a select, and an aggregate loaded
// from memory gas does not follow: the access stays generic.
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x f32>
llvm.func ptx_kernelcc @negative_merged_or_loaded_fields_stay_generic(%out: !llvm.ptr, %table: !llvm.ptr, %c: i1, %i: i64, %x: f32) {
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %shared = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  %one = llvm.mlir.constant(1 : i32) : i32
  %slot = llvm.alloca %one x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  %u = llvm.mlir.undef : !llvm.struct<(ptr, i32)>
  %a = llvm.insertvalue %shared, %u[0] : !llvm.struct<(ptr, i32)>
  %b = llvm.insertvalue %slot, %u[0] : !llvm.struct<(ptr, i32)>
  %either = llvm.select %c, %a, %b : i1, !llvm.struct<(ptr, i32)>
  %p = llvm.extractvalue %either[0] : !llvm.struct<(ptr, i32)>
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  %loaded = llvm.load %table {alignment = 8 : i64} : !llvm.ptr -> !llvm.struct<(ptr, i32)>
  %r = llvm.extractvalue %loaded[0] : !llvm.struct<(ptr, i32)>
  llvm.store %x, %r {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}
