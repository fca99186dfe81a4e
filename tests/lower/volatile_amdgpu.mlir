// gas-opt: --pipeline raise,propagate,lower --split-input-file --target amdgpu
// AMDGPU has no volatile form of an access outside the flat space (LLVM's
// `hasVolatileVariant` answers no): a volatile access stays flat even where
// gas knows its space; the same access, not volatile, becomes a named one.

llvm.func amdgpu_kernelcc @negative_volatile_load_from_local_stays_flat(%out: !llvm.ptr<1>) {
  %l = llvm.mlir.addressof @shared : !llvm.ptr<3>
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr
  %v = llvm.load volatile %g {alignment = 4 : i64} : !llvm.ptr -> i32
  %w = llvm.load %g {alignment = 4 : i64} : !llvm.ptr -> i32
  %s = llvm.add %v, %w : i32
  llvm.store %s, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
llvm.mlir.global internal @shared() {addr_space = 3 : i32} : i32

// -----

llvm.func amdgpu_kernelcc @negative_volatile_store_and_atomics_to_global_stay_flat(%out: !llvm.ptr<1>, %x: i32) {
  %g = llvm.addrspacecast %out : !llvm.ptr<1> to !llvm.ptr
  llvm.store volatile %x, %g {alignment = 4 : i64} : i32, !llvm.ptr
  %0 = llvm.atomicrmw volatile add %g, %x monotonic {alignment = 4 : i64} : !llvm.ptr, i32
  %1 = llvm.cmpxchg volatile %g, %x, %0 monotonic monotonic {alignment = 4 : i64} : !llvm.ptr, i32
  %2 = llvm.atomicrmw add %g, %x monotonic {alignment = 4 : i64} : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func amdgpu_kernelcc @negative_volatile_memset_on_private_stays_flat(%x: i8) {
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %c1 x !llvm.array<16 x i8> {alignment = 4 : i64} : (i32) -> !llvm.ptr<5>
  %g = llvm.addrspacecast %a : !llvm.ptr<5> to !llvm.ptr
  "llvm.intr.memset"(%g, %x, %c16) <{isVolatile = true}> : (!llvm.ptr, i8, i64) -> ()
  "llvm.intr.memset"(%g, %x, %c16) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  llvm.return
}
