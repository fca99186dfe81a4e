// gas-opt: --pipeline raise,propagate --split-input-file
// A program-scope variable is one cell: a generic pointer loaded from it is
// one of those its initializer holds or code stores into it. Its address
// is followed through GEPs and casts (to generic and back, explicit casts
// included) and into the parameters of functions whose body gas sees; any
// other use of it (a call of a declared function, a copy) makes it unknown.

llvm.mlir.global external @x(5 : i32) {addr_space = 1 : i32, alignment = 4 : i64} : i32
llvm.mlir.global external @gp() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.ptr<4> {
  %0 = llvm.mlir.addressof @x : !llvm.ptr<1>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.return %1 : !llvm.ptr<4>
}
llvm.func spir_kernelcc @load_of_initialized_program_scope_pointer_is_global(%out: !llvm.ptr<1>) {
  %0 = llvm.mlir.addressof @gp : !llvm.ptr<1>
  %1 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %2 = llvm.load %1 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %2, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.mlir.global external @x(5 : i32) {addr_space = 1 : i32, alignment = 4 : i64} : i32
llvm.mlir.global external @count(0 : i32) {addr_space = 1 : i32, alignment = 4 : i64} : i32
llvm.mlir.global external @s() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.struct<(i32, ptr<4>)> {
  %0 = llvm.mlir.addressof @x : !llvm.ptr<1>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<1> to !llvm.ptr<4>
  %2 = llvm.mlir.constant(3 : i32) : i32
  %3 = llvm.mlir.undef : !llvm.struct<(i32, ptr<4>)>
  %4 = llvm.insertvalue %2, %3[0] : !llvm.struct<(i32, ptr<4>)>
  %5 = llvm.insertvalue %1, %4[1] : !llvm.struct<(i32, ptr<4>)>
  llvm.return %5 : !llvm.struct<(i32, ptr<4>)>
}
// Stores of global pointers (generic or named) and of integers into the
// struct keep its pointer field global.
llvm.func spir_kernelcc @struct_field_reassigned_with_global_pointers_stays_global(%out: !llvm.ptr<1>, %n: i32) {
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %0 = llvm.mlir.addressof @s : !llvm.ptr<1>
  llvm.store %n, %0 {alignment = 4 : i64} : i32, !llvm.ptr<1>
  %1 = llvm.getelementptr inbounds %0[%c8] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
  %2 = llvm.addrspacecast %out : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.store %2, %1 {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr<1>
  %3 = llvm.mlir.addressof @count : !llvm.ptr<1>
  llvm.store %3, %1 {alignment = 8 : i64} : !llvm.ptr<1>, !llvm.ptr<1>
  %4 = llvm.load %1 {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %5 = llvm.load %4 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %5, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.mlir.global external @gp() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.ptr<4> {
  %0 = llvm.mlir.zero : !llvm.ptr<4>
  llvm.return %0 : !llvm.ptr<4>
}
// A local pointer stored into the variable: global or local afterwards
// (null adds nothing).
llvm.func spir_kernelcc @stored_local_pointer_joins_the_cell(%out: !llvm.ptr<1>, %l: !llvm.ptr<3>, %c: i1) {
  %0 = llvm.mlir.addressof @gp : !llvm.ptr<1>
  %1 = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %2 = llvm.addrspacecast %out : !llvm.ptr<1> to !llvm.ptr<4>
  %3 = llvm.select %c, %1, %2 : i1, !llvm.ptr<4>
  llvm.store %3, %0 {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr<1>
  %4 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %5 = llvm.load %4 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %5, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.mlir.global external @x(5 : i32) {addr_space = 1 : i32, alignment = 4 : i64} : i32
llvm.mlir.global external @gp() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.ptr<4> {
  %0 = llvm.mlir.addressof @x : !llvm.ptr<1>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.return %1 : !llvm.ptr<4>
}
llvm.func @unknown(!llvm.ptr<1>)
// The variable's address reaches code gas cannot see: it may hold anything.
llvm.func spir_kernelcc @negative_escaped_program_scope_pointer_stays_dynamic(%out: !llvm.ptr<1>) {
  %0 = llvm.mlir.addressof @gp : !llvm.ptr<1>
  llvm.call @unknown(%0) : (!llvm.ptr<1>) -> ()
  %1 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %2 = llvm.load %1 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %2, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.mlir.global external @x(5 : i32) {addr_space = 1 : i32, alignment = 4 : i64} : i32
llvm.mlir.global external @gp() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.ptr<4> {
  %0 = llvm.mlir.addressof @x : !llvm.ptr<1>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.return %1 : !llvm.ptr<4>
}
// The helper only reads through the address it is handed (as a generic
// pointer): the variable still holds only what its initializer put there.
llvm.func @first_word(%p: !llvm.ptr<4>) -> i32 {
  %0 = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %0 : i32
}
llvm.func spir_kernelcc @address_handed_to_a_reading_helper_keeps_the_cell(%out: !llvm.ptr<1>) {
  %0 = llvm.mlir.addressof @gp : !llvm.ptr<1>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<1> to !llvm.ptr<4>
  %2 = llvm.call @first_word(%1) : (!llvm.ptr<4>) -> i32
  %3 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %4 = llvm.load %3 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %5 = llvm.add %2, %4 : i32
  llvm.store %5, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.mlir.global external @x(5 : i32) {addr_space = 1 : i32, alignment = 4 : i64} : i32
llvm.mlir.global external @gp() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.ptr<4> {
  %0 = llvm.mlir.addressof @x : !llvm.ptr<1>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.return %1 : !llvm.ptr<4>
}
// The helper stores a local pointer through the address it is handed: the
// kernel's load from the variable may read it.
llvm.func @put(%p: !llvm.ptr<1>, %l: !llvm.ptr<3>) {
  %0 = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.store %0, %p {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr<1>
  llvm.return
}
llvm.func spir_kernelcc @helper_storing_a_local_pointer_joins_the_cell(%out: !llvm.ptr<1>, %l: !llvm.ptr<3>) {
  %0 = llvm.mlir.addressof @gp : !llvm.ptr<1>
  llvm.call @put(%0, %l) : (!llvm.ptr<1>, !llvm.ptr<3>) -> ()
  %1 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %2 = llvm.load %1 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %2, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.mlir.global external @x(5 : i32) {addr_space = 1 : i32, alignment = 4 : i64} : i32
llvm.mlir.global external @gp() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.ptr<4> {
  %0 = llvm.mlir.addressof @x : !llvm.ptr<1>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.return %1 : !llvm.ptr<4>
}
llvm.func @__to_global(!llvm.ptr<4>) -> !llvm.ptr<1>
// An explicit cast of the variable's generic address is the same address
// (or null): reading through it reads the cell.
llvm.func spir_kernelcc @explicit_cast_of_the_address_keeps_the_cell(%out: !llvm.ptr<1>) {
  %0 = llvm.mlir.addressof @gp : !llvm.ptr<1>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<1> to !llvm.ptr<4>
  %2 = llvm.call @__to_global(%1) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  %3 = llvm.load %2 {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %4 = llvm.load %3 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %4, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.mlir.global external @gp() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.ptr<4>
// Declared here, defined elsewhere: its contents are unknown.
llvm.func spir_kernelcc @negative_external_program_scope_pointer_stays_dynamic(%out: !llvm.ptr<1>) {
  %0 = llvm.mlir.addressof @gp : !llvm.ptr<1>
  %1 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %2 = llvm.load %1 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %2, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func internal spir_funccc @invoke(%literal: !llvm.ptr<4>) {
  llvm.return
}
llvm.mlir.global internal constant @literal() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.struct<(i32, i32, ptr<4>)> {
  %0 = llvm.mlir.addressof @invoke : !llvm.ptr
  %1 = llvm.addrspacecast %0 : !llvm.ptr to !llvm.ptr<4>
  %2 = llvm.mlir.constant(8 : i32) : i32
  %3 = llvm.mlir.undef : !llvm.struct<(i32, i32, ptr<4>)>
  %4 = llvm.insertvalue %2, %3[0] : !llvm.struct<(i32, i32, ptr<4>)>
  %5 = llvm.insertvalue %2, %4[1] : !llvm.struct<(i32, i32, ptr<4>)>
  %6 = llvm.insertvalue %1, %5[2] : !llvm.struct<(i32, i32, ptr<4>)>
  llvm.return %6 : !llvm.struct<(i32, i32, ptr<4>)>
}
llvm.mlir.global external constant @blk() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.ptr<4> {
  %0 = llvm.mlir.addressof @literal : !llvm.ptr<1>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.return %1 : !llvm.ptr<4>
}
// A program-scope block: the literal it names is global; the invoke
// address inside the literal is code, so a pointer read from the literal's
// invoke field stays unknown.
llvm.func spir_kernelcc @program_scope_block_literal_is_global(%out: !llvm.ptr<1>) {
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %0 = llvm.mlir.addressof @blk : !llvm.ptr<1>
  %1 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %2 = llvm.load %1 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %2, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  %3 = llvm.mlir.addressof @literal : !llvm.ptr<1>
  %4 = llvm.getelementptr %3[%c8] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
  %5 = llvm.load %4 {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %6 = llvm.load %5 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %6, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.mlir.global external @x(5 : i32) {addr_space = 1 : i32, alignment = 4 : i64} : i32
llvm.mlir.global external @gp() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.ptr<4> {
  %0 = llvm.mlir.addressof @x : !llvm.ptr<1>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.return %1 : !llvm.ptr<4>
}
// The helper reads a pointer out of the variable it is handed and reads
// through it: what it reads is what the variable holds (global).
llvm.func @through(%c: !llvm.ptr<4>) -> i32 {
  %0 = llvm.load %c {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %1 = llvm.load %0 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %1 : i32
}
llvm.func spir_kernelcc @helper_reading_through_the_variable_it_is_handed(%out: !llvm.ptr<1>) {
  %0 = llvm.mlir.addressof @gp : !llvm.ptr<1>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<1> to !llvm.ptr<4>
  %2 = llvm.call @through(%1) : (!llvm.ptr<4>) -> i32
  llvm.store %2, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.mlir.global external @gp() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.ptr<4> {
  %0 = llvm.mlir.zero : !llvm.ptr<4>
  llvm.return %0 : !llvm.ptr<4>
}
// The kernel stores a local or a global pointer into the variable before
// handing it over: the pointer the helper reads may be either.
llvm.func @through(%c: !llvm.ptr<4>) -> i32 {
  %0 = llvm.load %c {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %1 = llvm.load %0 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %1 : i32
}
llvm.func spir_kernelcc @helper_reads_what_the_kernel_stored(%out: !llvm.ptr<1>, %l: !llvm.ptr<3>, %g: !llvm.ptr<1>, %c: i1) {
  %0 = llvm.mlir.addressof @gp : !llvm.ptr<1>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %p = llvm.select %c, %gl, %gg : i1, !llvm.ptr<4>
  llvm.store %p, %0 {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr<1>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<1> to !llvm.ptr<4>
  %2 = llvm.call @through(%1) : (!llvm.ptr<4>) -> i32
  llvm.store %2, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// A struct copied out of a program-scope variable into private memory
// (memcpy from the variable reads it): the copy holds what the variable
// holds, here its initializer's global pointers, and a pointer loaded from
// the copy is global. Copying into the variable writes it: unknown.
llvm.mlir.global internal @data(dense<0> : tensor<8xi32>) {addr_space = 1 : i32} : !llvm.array<8 x i32>
llvm.mlir.global internal @table() {addr_space = 1 : i32} : !llvm.array<2 x ptr<4>> {
  %d = llvm.mlir.addressof @data : !llvm.ptr<1>
  %g = llvm.addrspacecast %d : !llvm.ptr<1> to !llvm.ptr<4>
  %u = llvm.mlir.undef : !llvm.array<2 x ptr<4>>
  %a = llvm.insertvalue %g, %u[0] : !llvm.array<2 x ptr<4>>
  %b = llvm.insertvalue %g, %a[1] : !llvm.array<2 x ptr<4>>
  llvm.return %b : !llvm.array<2 x ptr<4>>
}

llvm.func spir_kernelcc @copied_out_of_a_variable(%i: i64, %out: !llvm.ptr<1>) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %size = llvm.mlir.constant(8 : i64) : i64
  %copy = llvm.alloca %one x !llvm.ptr<4> : (i64) -> !llvm.ptr
  %t = llvm.mlir.addressof @table : !llvm.ptr<1>
  %element = llvm.getelementptr inbounds %t[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, !llvm.ptr<4>
  "llvm.intr.memcpy"(%copy, %element, %size) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr<1>, i64) -> ()
  %p = llvm.load %copy {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.mlir.global internal @data(dense<0> : tensor<8xi32>) {addr_space = 1 : i32} : !llvm.array<8 x i32>
llvm.mlir.global internal @table() {addr_space = 1 : i32} : !llvm.array<2 x ptr<4>> {
  %d = llvm.mlir.addressof @data : !llvm.ptr<1>
  %g = llvm.addrspacecast %d : !llvm.ptr<1> to !llvm.ptr<4>
  %u = llvm.mlir.undef : !llvm.array<2 x ptr<4>>
  %a = llvm.insertvalue %g, %u[0] : !llvm.array<2 x ptr<4>>
  %b = llvm.insertvalue %g, %a[1] : !llvm.array<2 x ptr<4>>
  llvm.return %b : !llvm.array<2 x ptr<4>>
}

llvm.func spir_kernelcc @negative_copied_into_a_variable(%i: i64, %src: !llvm.ptr, %out: !llvm.ptr<1>) {
  %size = llvm.mlir.constant(8 : i64) : i64
  %t = llvm.mlir.addressof @table : !llvm.ptr<1>
  "llvm.intr.memcpy"(%t, %src, %size) <{isVolatile = false}> : (!llvm.ptr<1>, !llvm.ptr, i64) -> ()
  %element = llvm.getelementptr inbounds %t[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, !llvm.ptr<4>
  %p = llvm.load %element {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
