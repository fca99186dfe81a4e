// gas-opt: --pipeline raise,explicit-cast-tags,private-branch-elision,static-global,lower --split-input-file --target spir-igc
// A dispatch `propagate` already resolved to one space, on a pointer that
// gas.tag made generic from that space, keeps its space: lower then
// accesses the pointer the tag was made from, with no tag arithmetic. Made
// global (as every other dispatch here), it would cost a clear of the
// preserved tag (shl 4, ashr 4). The to_private keeps tags preserved; the
// load through the select is the decision private-branch-elision removes.

llvm.func @__to_private(!llvm.ptr<4>) -> !llvm.ptr

llvm.func spir_kernelcc @resolved_private_dispatch_keeps_its_space(%p: !llvm.ptr<1>, %sel: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = "gas.tag"(%a) : (!llvm.ptr) -> !llvm.ptr<4>
  %v = "gas.dispatch"(%ga) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 0>]} : (!llvm.ptr<4>) -> i32
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %g = llvm.select %sel, %ga, %gp : i1, !llvm.ptr<4>
  %t = llvm.call @__to_private(%g) : (!llvm.ptr<4>) -> !llvm.ptr
  llvm.store %v, %t {alignment = 4 : i64} : i32, !llvm.ptr
  %w = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %w, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----
// Resolved to private, but on a pointer read from memory: no pointer to
// access it through, so it becomes global like the rest (a private pointer
// is a global one in the global buffer), and the preserved tag is cleared.
// The load through an unknown pointer is the decision that needs it.

llvm.func @__to_private(!llvm.ptr<4>) -> !llvm.ptr

llvm.func spir_kernelcc @negative_resolved_private_dispatch_on_a_loaded_pointer(%slot: !llvm.ptr, %unknown: !llvm.ptr<1>) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  llvm.store %ga, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %gl = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  %v = "gas.dispatch"(%gl) {access = "llvm.load", access_attrs = {alignment = 4 : i64, ordering = 0 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 0>]} : (!llvm.ptr<4>) -> i32
  %t = llvm.call @__to_private(%gl) : (!llvm.ptr<4>) -> !llvm.ptr
  llvm.store %v, %t {alignment = 4 : i64} : i32, !llvm.ptr
  %u = llvm.load %unknown {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %w = llvm.load %u {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %w, %t {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}
