// gas-opt: --pipeline raise,propagate,lower --split-input-file --target nvptx
// PTX has `ld.volatile`/`st.volatile` in .global and .shared only (LLVM's
// NVPTX `hasVolatileVariant`): a volatile load or store resolved there
// becomes a named access; one resolved to local (private) memory, and every
// volatile atomic or memory intrinsic, stays flat.

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
