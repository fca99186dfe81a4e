// gas-opt: --pipeline raise,explicit-cast-tags,propagate,private-branch-elision --split-input-file --stats --target spir-igc
// With private memory in the global buffer a helper called with private and
// global pointers accesses them as global, clearing the private tag at every
// access where tags are preserved (to_private stays meaningful). A parameter
// only offset and accessed that way becomes a global pointer, and each call
// untags its argument once instead.

llvm.func @__to_private(!llvm.ptr<4>) -> !llvm.ptr

llvm.func spir_funccc @read_twice(%p: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %q = llvm.getelementptr inbounds %p[1] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i32
  %w = llvm.load %q {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %s = llvm.add %v, %w : i32
  llvm.return %s : i32
}

llvm.func spir_kernelcc @kernel_passing_private_or_global(%out: !llvm.ptr<1>, %c: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x !llvm.array<2 x i32> : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %go = llvm.addrspacecast %out : !llvm.ptr<1> to !llvm.ptr<4>
  %either = llvm.select %c, %ga, %go : i1, !llvm.ptr<4>
  %v = llvm.call spir_funccc @read_twice(%either) : (!llvm.ptr<4>) -> i32
  %t = llvm.call @__to_private(%either) : (!llvm.ptr<4>) -> !llvm.ptr
  llvm.store %v, %t {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

// The helper also stores the pointer: whoever loads it may test its tag.
// Left generic.
llvm.func @__to_private(!llvm.ptr<4>) -> !llvm.ptr

llvm.func spir_funccc @negative_pointer_escapes(%p: !llvm.ptr<4>, %slot: !llvm.ptr<1>) -> i32 {
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %p, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr<1>
  llvm.return %v : i32
}

llvm.func spir_kernelcc @kernel_calling_an_escaping_helper(%out: !llvm.ptr<1>, %slot: !llvm.ptr<1>, %c: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %go = llvm.addrspacecast %out : !llvm.ptr<1> to !llvm.ptr<4>
  %either = llvm.select %c, %ga, %go : i1, !llvm.ptr<4>
  %v = llvm.call spir_funccc @negative_pointer_escapes(%either, %slot) : (!llvm.ptr<4>, !llvm.ptr<1>) -> i32
  %t = llvm.call @__to_private(%either) : (!llvm.ptr<4>) -> !llvm.ptr
  llvm.store %v, %t {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

// A chain: the outer helper only hands the pointer on. The inner one takes
// a global pointer, untagged at its call in the outer one; then the outer
// one takes it too (its only use is that cast), and the kernel untags once.
llvm.func @__to_private(!llvm.ptr<4>) -> !llvm.ptr

llvm.func spir_funccc @inner(%p: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func spir_funccc @outer(%p: !llvm.ptr<4>) -> i32 {
  %v = llvm.call spir_funccc @inner(%p) : (!llvm.ptr<4>) -> i32
  llvm.return %v : i32
}

llvm.func spir_kernelcc @kernel_calling_through_two_helpers(%out: !llvm.ptr<1>, %c: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %go = llvm.addrspacecast %out : !llvm.ptr<1> to !llvm.ptr<4>
  %either = llvm.select %c, %ga, %go : i1, !llvm.ptr<4>
  %v = llvm.call spir_funccc @outer(%either) : (!llvm.ptr<4>) -> i32
  %t = llvm.call @__to_private(%either) : (!llvm.ptr<4>) -> !llvm.ptr
  llvm.store %v, %t {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}
