// gas-opt: --pipeline raise,propagate,lower --split-input-file --target amdgpu
// AMDGPU's generic pointers are flat (flat 0, global 1, local 3, private
// 5): `to_local`/`to_private` are `llvm.amdgcn.is.shared`/`is.private`,
// `to_global` neither of them; resolved accesses become named ones.

llvm.func @__to_global(!llvm.ptr) -> !llvm.ptr<1>
llvm.func @__to_private(!llvm.ptr) -> !llvm.ptr<5>
llvm.func @to_global_is_neither_shared_nor_private(%q: !llvm.ptr) -> !llvm.ptr<1> {
  %g = llvm.call @__to_global(%q) : (!llvm.ptr) -> !llvm.ptr<1>
  llvm.return %g : !llvm.ptr<1>
}
llvm.func @to_private_asks_is_private(%q: !llvm.ptr) -> !llvm.ptr<5> {
  %p = llvm.call @__to_private(%q) : (!llvm.ptr) -> !llvm.ptr<5>
  llvm.return %p : !llvm.ptr<5>
}

// -----

llvm.func amdgpu_kernelcc @private_alloca_through_flat_is_a_private_access(%out: !llvm.ptr<1>) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %c1 x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr<5>
  %g = llvm.addrspacecast %a : !llvm.ptr<5> to !llvm.ptr
  llvm.store %c1, %g {alignment = 4 : i64} : i32, !llvm.ptr
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
