// gas-opt: --pipeline raise,propagate --split-input-file
// Generic pointers kept in private memory: when every use of the alloca is
// visible, a load gives back what was stored.

llvm.func @pointer_array_in_private_memory(%l: !llvm.ptr<3>, %p: !llvm.ptr<1>, %i: i64) -> i32 {
  %two = llvm.mlir.constant(2 : i64) : i64
  %slots = llvm.alloca %two x !llvm.ptr<4> : (i64) -> !llvm.ptr
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.store %gl, %slots {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %second = llvm.getelementptr inbounds %slots[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr<4>
  llvm.store %gp, %second {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %any = llvm.getelementptr inbounds %slots[%i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<4>
  %g = llvm.load %any {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// The alloca's address is passed to a call: the callee may store anything.
llvm.func @fill(!llvm.ptr)

llvm.func @negative_pointer_slot_passed_to_a_call(%l: !llvm.ptr<3>) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %slot = llvm.alloca %one x !llvm.ptr<4> : (i64) -> !llvm.ptr
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.store %gl, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  llvm.call @fill(%slot) : (!llvm.ptr) -> ()
  %g = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// An integer stored into the same memory could be read back as a pointer.
llvm.func @negative_pointer_slot_also_holding_an_integer(%l: !llvm.ptr<3>, %bits: i64) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %slot = llvm.alloca %one x !llvm.ptr<4> : (i64) -> !llvm.ptr
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.store %gl, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  llvm.store %bits, %slot {alignment = 8 : i64} : i64, !llvm.ptr
  %g = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// The slot cast to generic is the same memory: its uses are followed too.
llvm.func @pointer_slot_made_generic_is_followed(%l: !llvm.ptr<3>) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %slot = llvm.alloca %one x !llvm.ptr<4> : (i64) -> !llvm.ptr
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.store %gl, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %gslot = llvm.addrspacecast %slot : !llvm.ptr to !llvm.ptr<4>
  %g = llvm.load %gslot {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// The generic slot handed to a function with no body: it may write there.
llvm.func @fill_generic(!llvm.ptr<4>)
llvm.func @negative_generic_slot_passed_to_a_call(%l: !llvm.ptr<3>) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %slot = llvm.alloca %one x !llvm.ptr<4> : (i64) -> !llvm.ptr
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.store %gl, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %gslot = llvm.addrspacecast %slot : !llvm.ptr to !llvm.ptr<4>
  llvm.call @fill_generic(%gslot) : (!llvm.ptr<4>) -> ()
  %g = llvm.load %gslot {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// A 64-bit integer over the slot could be a pointer's bits.
llvm.func @negative_slot_with_an_i64_stored_over_it(%l: !llvm.ptr<3>, %bits: i64) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %slot = llvm.alloca %one x !llvm.struct<(ptr<4>, i32)> : (i64) -> !llvm.ptr
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.store %gl, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  llvm.store %bits, %slot {alignment = 8 : i64} : i64, !llvm.ptr
  %g = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// A 32-bit length beside the pointer (a span) is not a pointer.
llvm.func @slot_with_a_32_bit_length_beside_the_pointer(%l: !llvm.ptr<3>, %n: i32) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %eight = llvm.mlir.constant(8 : i64) : i64
  %slot = llvm.alloca %one x !llvm.struct<(ptr<4>, i32)> : (i64) -> !llvm.ptr
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.store %gl, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %length = llvm.getelementptr %slot[%eight] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %n, %length {alignment = 8 : i64} : i32, !llvm.ptr
  %g = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// A callee's stores through the slot it is given are followed into its body.
llvm.func @store_global(%slot: !llvm.ptr, %p: !llvm.ptr<1>) {
  %g = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.store %g, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  llvm.return
}
llvm.func @slot_written_by_a_callee_with_a_body(%l: !llvm.ptr<3>, %p: !llvm.ptr<1>, %c: i1) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %slot = llvm.alloca %one x !llvm.ptr<4> : (i64) -> !llvm.ptr
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.store %gl, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  llvm.call @store_global(%slot, %p) : (!llvm.ptr, !llvm.ptr<1>) -> ()
  %g = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// A private struct of a local and a global pointer: each field keeps its
// own space (constant byte offsets, as clang emits struct fields).
llvm.func @struct_fields_keep_their_own_spaces(%l: !llvm.ptr<3>, %p: !llvm.ptr<1>) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %slot = llvm.alloca %one x !llvm.struct<(ptr<4>, ptr<4>)> : (i64) -> !llvm.ptr
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.store %gl, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %second = llvm.getelementptr inbounds %slot[8] : (!llvm.ptr) -> !llvm.ptr, i8
  llvm.store %gp, %second {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %a = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  %again = llvm.getelementptr inbounds %slot[8] : (!llvm.ptr) -> !llvm.ptr, i8
  %b = llvm.load %again {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  %x = llvm.load %a {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %x, %b {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return %x : i32
}

// -----

// A field read at an index gas cannot compute may be either field.
llvm.func @negative_field_at_a_run_time_index_may_be_either(%l: !llvm.ptr<3>, %p: !llvm.ptr<1>, %i: i64) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %slot = llvm.alloca %one x !llvm.array<2 x ptr<4>> : (i64) -> !llvm.ptr
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.store %gl, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %second = llvm.getelementptr inbounds %slot[8] : (!llvm.ptr) -> !llvm.ptr, i8
  llvm.store %gp, %second {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %at = llvm.getelementptr inbounds %slot[%i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr<4>
  %a = llvm.load %at {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  %x = llvm.load %a {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %x : i32
}

// -----

// A struct passed by reference to a callee that reads a field: the field's
// space, from the caller's stores at that offset.
llvm.func @read_second(%s: !llvm.ptr) -> i32 {
  %field = llvm.getelementptr inbounds %s[8] : (!llvm.ptr) -> !llvm.ptr, i8
  %p = llvm.load %field {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  %x = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %x : i32
}
llvm.func spir_kernelcc @field_read_through_a_parameter(%l: !llvm.ptr<3>, %p: !llvm.ptr<1>, %out: !llvm.ptr<1>) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %slot = llvm.alloca %one x !llvm.struct<(ptr<4>, ptr<4>)> : (i64) -> !llvm.ptr
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.store %gl, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %second = llvm.getelementptr inbounds %slot[8] : (!llvm.ptr) -> !llvm.ptr, i8
  llvm.store %gp, %second {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %x = llvm.call @read_second(%slot) : (!llvm.ptr) -> i32
  llvm.store %x, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// A struct copied in by memcpy holds what the source held, field by field;
// a field overwritten afterwards adds its new pointer there.
llvm.func spir_kernelcc @memcpy_copies_the_fields_in(%l: !llvm.ptr<3>, %p: !llvm.ptr<1>, %out: !llvm.ptr<1>) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %size = llvm.mlir.constant(16 : i64) : i64
  %source = llvm.alloca %one x !llvm.struct<(ptr<4>, ptr<4>)> : (i64) -> !llvm.ptr
  %copy = llvm.alloca %one x !llvm.struct<(ptr<4>, ptr<4>)> : (i64) -> !llvm.ptr
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.store %gp, %source {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %second = llvm.getelementptr inbounds %source[8] : (!llvm.ptr) -> !llvm.ptr, i8
  llvm.store %gp, %second {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  "llvm.intr.memcpy"(%copy, %source, %size) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %copy_second = llvm.getelementptr inbounds %copy[8] : (!llvm.ptr) -> !llvm.ptr, i8
  llvm.store %gl, %copy_second {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %a = llvm.load %copy {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  %b = llvm.load %copy_second {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  %x = llvm.load %a {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %y = llvm.load %b {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %s = llvm.add %x, %y : i32
  llvm.store %s, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// Bytes other than zero set over a pointer could be any pointer.
llvm.func @negative_memset_of_nonzero_bytes_says_nothing(%p: !llvm.ptr<1>) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %size = llvm.mlir.constant(8 : i64) : i64
  %byte = llvm.mlir.constant(7 : i8) : i8
  %slot = llvm.alloca %one x !llvm.ptr<4> : (i64) -> !llvm.ptr
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.store %gp, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  "llvm.intr.memset"(%slot, %byte, %size) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  %a = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  %x = llvm.load %a {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %x : i32
}
