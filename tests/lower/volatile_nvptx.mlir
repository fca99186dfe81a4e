// gas-opt: --pipeline raise,propagate,lower --split-input-file --target nvptx
// PTX has `ld.volatile`/`st.volatile` in .global, .shared and
// .shared::cluster only (LLVM's NVPTX `hasVolatileVariant`): a volatile load
// or store resolved there becomes a named access; one resolved to local
// (private) or constant memory, and every volatile atomic or memory
// intrinsic, stays flat (llc 22 would drop the `volatile`).

llvm.func ptx_kernelcc @volatile_load_from_shared_is_a_shared_load(%out: !llvm.ptr<1>) {
  %l = llvm.mlir.addressof @shared : !llvm.ptr<3>
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr
  %v = llvm.load volatile %g {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
llvm.mlir.global internal @shared() {addr_space = 3 : i32} : i32

// -----

llvm.func ptx_kernelcc @volatile_store_to_global_is_a_global_store(%out: !llvm.ptr<1>, %x: i32) {
  %g = llvm.addrspacecast %out : !llvm.ptr<1> to !llvm.ptr
  llvm.store volatile %x, %g {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

llvm.func ptx_kernelcc @negative_volatile_accesses_to_local_stay_flat(%x: i32) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %c1 x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr<5>
  %g = llvm.addrspacecast %a : !llvm.ptr<5> to !llvm.ptr
  llvm.store volatile %x, %g {alignment = 4 : i64} : i32, !llvm.ptr
  %v = llvm.load volatile %g {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store %v, %g {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

llvm.func ptx_kernelcc @negative_volatile_atomic_on_global_stays_flat(%out: !llvm.ptr<1>, %x: i32) {
  %g = llvm.addrspacecast %out : !llvm.ptr<1> to !llvm.ptr
  %0 = llvm.atomicrmw volatile add %g, %x monotonic {alignment = 4 : i64} : !llvm.ptr, i32
  %1 = llvm.atomicrmw add %g, %x monotonic {alignment = 4 : i64} : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @volatile_cluster_shared_load_and_store_are_cluster_accesses(%p: !llvm.ptr<7>) -> i32 {
  %g = llvm.addrspacecast %p : !llvm.ptr<7> to !llvm.ptr
  %v = llvm.load volatile %g {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store volatile %v, %g {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return %v : i32
}

// -----

llvm.func @negative_volatile_constant_load_stays_flat(%p: !llvm.ptr<4>) -> i32 {
  %g = llvm.addrspacecast %p : !llvm.ptr<4> to !llvm.ptr
  %v = llvm.load volatile %g {alignment = 4 : i64} : !llvm.ptr -> i32
  %w = llvm.load %g {alignment = 4 : i64} : !llvm.ptr -> i32
  %s = llvm.add %v, %w : i32
  llvm.return %s : i32
}

// -----

llvm.func @negative_volatile_cmpxchg_on_cluster_shared_stays_flat(%p: !llvm.ptr<7>) -> i32 {
  %g = llvm.addrspacecast %p : !llvm.ptr<7> to !llvm.ptr
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %r = llvm.cmpxchg volatile %g, %c0, %c1 seq_cst monotonic {alignment = 4 : i64} : !llvm.ptr, i32
  %v = llvm.extractvalue %r[0] : !llvm.struct<(i32, i1)>
  llvm.return %v : i32
}
