// gas-opt: --pipeline raise,propagate,lower --split-input-file --target nvptx
// CUDA's `__constant__` memory on a flat target. A helper handed (a GEP
// of) a constant address is cloned with a constant parameter (`.gas.c`),
// and its accesses become constant-memory ones. Pointers read from constant
// memory point where the host wrote them (global memory) or where the
// module's constant initializers point. A host-written (`externally
// initialized`) `__device__` pointer variable holds what the host wrote,
// plus what the device stores; a flat alias of its address is the same
// cell (its `llvm.compiler.used` entry is no use; an `llvm.used` one, for
// inline assembly, is). Without the host's pointers (mixed with global
// memory) the argument stays generic.

llvm.mlir.global external constant @table() {addr_space = 4 : i32, gas.externally_initialized} : !llvm.array<16 x f32> {
  %z = llvm.mlir.zero : !llvm.array<16 x f32>
  llvm.return %z : !llvm.array<16 x f32>
}
llvm.func @read_tap(%taps: !llvm.ptr, %i: i64) -> f32 {
  %p = llvm.getelementptr inbounds %taps[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}
llvm.func ptx_kernelcc @constant_table_handed_to_a_helper_clones_it_for_constant(%out: !llvm.ptr, %i: i64) {
  %t = llvm.mlir.addressof @table : !llvm.ptr<4>
  %g = llvm.addrspacecast %t : !llvm.ptr<4> to !llvm.ptr
  %c4 = llvm.mlir.constant(4 : i64) : i64
  %second = llvm.getelementptr inbounds %g[%c4] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.call @read_tap(%second, %i) : (!llvm.ptr, i64) -> f32
  llvm.store %v, %out {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global external constant @weights() {addr_space = 4 : i32, gas.externally_initialized} : !llvm.array<8 x f32> {
  %z = llvm.mlir.zero : !llvm.array<8 x f32>
  llvm.return %z : !llvm.array<8 x f32>
}
llvm.func @first(%w: !llvm.ptr) -> f32 {
  %v = llvm.load %w {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}
llvm.func ptx_kernelcc @negative_constant_or_global_stays_generic(%out: !llvm.ptr, %mine: !llvm.ptr, %c: i1) {
  %t = llvm.mlir.addressof @weights : !llvm.ptr<4>
  %g = llvm.addrspacecast %t : !llvm.ptr<4> to !llvm.ptr
  %w = llvm.select %c, %g, %mine : i1, !llvm.ptr
  %v = llvm.call @first(%w) : (!llvm.ptr) -> f32
  llvm.store %v, %out {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global external constant @config() {addr_space = 4 : i32, gas.externally_initialized} : !llvm.struct<(ptr, i32)> {
  %z = llvm.mlir.zero : !llvm.struct<(ptr, i32)>
  llvm.return %z : !llvm.struct<(ptr, i32)>
}
llvm.func @source_of(%c: !llvm.ptr, %i: i64) -> f32 {
  %src = llvm.load %c {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %p = llvm.getelementptr inbounds %src[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}
llvm.func ptx_kernelcc @pointer_read_from_constant_memory_is_global(%out: !llvm.ptr, %i: i64) {
  %t = llvm.mlir.addressof @config : !llvm.ptr<4>
  %g = llvm.addrspacecast %t : !llvm.ptr<4> to !llvm.ptr
  %direct = llvm.load %g {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %x = llvm.load %direct {alignment = 4 : i64} : !llvm.ptr -> f32
  %v = llvm.call @source_of(%g, %i) : (!llvm.ptr, i64) -> f32
  %s = llvm.fadd %x, %v : f32
  llvm.store %s, %out {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<4 x f32>
llvm.mlir.global external constant @shared_table() {addr_space = 4 : i32, gas.externally_initialized} : !llvm.ptr {
  %s = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %g = llvm.addrspacecast %s : !llvm.ptr<3> to !llvm.ptr
  llvm.return %g : !llvm.ptr
}
llvm.func ptx_kernelcc @negative_constant_initialized_with_a_shared_pointer(%x: f32) {
  %t = llvm.mlir.addressof @shared_table : !llvm.ptr<4>
  %p = llvm.load %t {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global external @sink() {addr_space = 1 : i32, gas.externally_initialized} : !llvm.ptr {
  %z = llvm.mlir.zero : !llvm.ptr
  llvm.return %z : !llvm.ptr
}
llvm.mlir.global appending @llvm.compiler.used() {addr_space = 0 : i32, section = "llvm.metadata"} : !llvm.array<1 x ptr> {
  %u = llvm.mlir.undef : !llvm.array<1 x ptr>
  %s = llvm.mlir.addressof @sink : !llvm.ptr<1>
  %g = llvm.addrspacecast %s : !llvm.ptr<1> to !llvm.ptr
  %a = llvm.insertvalue %g, %u[0] : !llvm.array<1 x ptr>
  llvm.return %a : !llvm.array<1 x ptr>
}
llvm.func ptx_kernelcc @host_written_device_pointer_is_global(%x: f32) {
  %s = llvm.mlir.addressof @sink : !llvm.ptr<1>
  %g = llvm.addrspacecast %s : !llvm.ptr<1> to !llvm.ptr
  %p = llvm.load %g {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @buffer() {addr_space = 3 : i32} : !llvm.array<4 x f32>
llvm.mlir.global external @where() {addr_space = 1 : i32, gas.externally_initialized} : !llvm.ptr {
  %z = llvm.mlir.zero : !llvm.ptr
  llvm.return %z : !llvm.ptr
}
llvm.func ptx_kernelcc @negative_host_written_pointer_the_device_points_at_shared(%x: f32, %c: i1) {
  %s = llvm.mlir.addressof @where : !llvm.ptr<1>
  llvm.cond_br %c, ^publish, ^use
^publish:
  %b = llvm.mlir.addressof @buffer : !llvm.ptr<3>
  %bg = llvm.addrspacecast %b : !llvm.ptr<3> to !llvm.ptr
  llvm.store %bg, %s {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr<1>
  llvm.br ^use
^use:
  %p = llvm.load %s {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global external @kept() {addr_space = 1 : i32, gas.externally_initialized} : !llvm.ptr {
  %z = llvm.mlir.zero : !llvm.ptr
  llvm.return %z : !llvm.ptr
}
llvm.mlir.global appending @llvm.used() {addr_space = 0 : i32, section = "llvm.metadata"} : !llvm.array<1 x ptr> {
  %u = llvm.mlir.undef : !llvm.array<1 x ptr>
  %s = llvm.mlir.addressof @kept : !llvm.ptr<1>
  %g = llvm.addrspacecast %s : !llvm.ptr<1> to !llvm.ptr
  %a = llvm.insertvalue %g, %u[0] : !llvm.array<1 x ptr>
  llvm.return %a : !llvm.array<1 x ptr>
}
llvm.func ptx_kernelcc @negative_a_variable_kept_for_inline_assembly_says_nothing(%x: f32) {
  %s = llvm.mlir.addressof @kept : !llvm.ptr<1>
  %p = llvm.load %s {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}
