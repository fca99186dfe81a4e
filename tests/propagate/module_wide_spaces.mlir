// gas-opt: --pipeline raise,propagate,lower --split-input-file --target spir
// Module-wide facts, as Intel IGC bounds generic pointers: in a closed world
// on a tagged target, a generic pointer can point to local or private memory
// only if the module makes one (a cast to generic, or a pointer of that
// space handed to a function gas cannot see into). A pointer loaded from
// memory gas does not follow is then bounded by what the module makes.

llvm.func spir_kernelcc @a_pointer_loaded_from_global_memory_is_global_where_nothing_else_is_made_generic(%src: !llvm.ptr<1>, %x: i32) {
  %p = llvm.load %src {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  llvm.store %x, %p {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}

// -----

// Constant memory lives in global memory on a tagged target: a constant
// pointer made generic adds no space.
llvm.func spir_kernelcc @a_constant_pointer_made_generic_adds_no_space(%src: !llvm.ptr<1>, %table: !llvm.ptr<2>, %x: i32) {
  %c = llvm.addrspacecast %table : !llvm.ptr<2> to !llvm.ptr<4>
  %v = llvm.load %c {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %p = llvm.load %src {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %s = llvm.add %v, %x : i32
  llvm.store %s, %p {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}

// -----

// A local pointer made generic anywhere in the module (another kernel
// here) may be what the loaded pointer is.
llvm.func spir_kernelcc @negative_a_local_pointer_made_generic_elsewhere_keeps_local(%src: !llvm.ptr<1>, %x: i32) {
  %p = llvm.load %src {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  llvm.store %x, %p {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}
llvm.func spir_kernelcc @publishes_a_local_pointer(%dst: !llvm.ptr<1>, %tile: !llvm.ptr<3>) {
  %g = llvm.addrspacecast %tile : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.store %g, %dst {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr<1>
  llvm.return
}

// -----

// A private pointer handed to a function whose body gas does not see may
// come back generic.
llvm.func @external(!llvm.ptr) -> !llvm.ptr<4>
llvm.func spir_kernelcc @negative_a_private_pointer_handed_to_unseen_code_keeps_private(%src: !llvm.ptr<1>, %x: i32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %slot = llvm.alloca %one x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  %q = llvm.call @external(%slot) : (!llvm.ptr) -> !llvm.ptr<4>
  llvm.store %x, %q {alignment = 4 : i64} : i32, !llvm.ptr<4>
  %p = llvm.load %src {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  llvm.store %x, %p {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}

// -----

// A vector of local pointers made generic counts by its lanes' space.
llvm.func spir_kernelcc @negative_local_lanes_made_generic_keep_local(%src: !llvm.ptr<1>, %tiles: vector<2x!llvm.ptr<3>>, %out: !llvm.ptr<1>, %x: i32) {
  %g = llvm.addrspacecast %tiles : vector<2x!llvm.ptr<3>> to vector<2x!llvm.ptr<4>>
  llvm.store %g, %out {alignment = 16 : i64} : vector<2x!llvm.ptr<4>>, !llvm.ptr<1>
  %p = llvm.load %src {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  llvm.store %x, %p {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}
