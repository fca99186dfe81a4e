// gas-opt: --pipeline raise,propagate,lower --split-input-file --target amdgpu --closed-world never
// A flat address made (through GEPs and selects) from a pointer of a space
// a generic pointer is not expected in — constant memory (4), AMDGPU's
// region (2) — is an access to that space.

llvm.func @load_from_constant_through_flat(%c: !llvm.ptr<4>, %i: i64) -> f32 {
  %g = llvm.addrspacecast %c : !llvm.ptr<4> to !llvm.ptr
  %q = llvm.getelementptr inbounds %g[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}

// -----

llvm.func @atomic_on_region_through_flat(%r: !llvm.ptr<2>, %x: f32) -> f32 {
  %g = llvm.addrspacecast %r : !llvm.ptr<2> to !llvm.ptr
  %v = llvm.atomicrmw fadd %g, %x seq_cst {alignment = 4 : i64} : !llvm.ptr, f32
  llvm.return %v : f32
}

// -----

llvm.func @negative_select_of_constant_and_global_stays_flat(%k: i1, %c: !llvm.ptr<4>, %p: !llvm.ptr<1>) -> f32 {
  %a = llvm.addrspacecast %c : !llvm.ptr<4> to !llvm.ptr
  %b = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr
  %s = llvm.select %k, %a, %b : i1, !llvm.ptr
  %v = llvm.load %s {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}

// -----

llvm.func @negative_volatile_load_from_constant_stays_flat(%c: !llvm.ptr<4>) -> f32 {
  %g = llvm.addrspacecast %c : !llvm.ptr<4> to !llvm.ptr
  %v = llvm.load volatile %g {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}

// -----

// Masking an address of a space AMDGPU treats as flat-global-like (numbers
// above its last, constant) leaves it there (LLVM's isFlatGlobalAddrSpace).
llvm.func @masked_address_of_a_flat_global_like_space(%p: !llvm.ptr<999>, %mask: i64) -> i8 {
  %g = llvm.addrspacecast %p : !llvm.ptr<999> to !llvm.ptr
  %m = llvm.intr.ptrmask %g, %mask : (!llvm.ptr, i64) -> !llvm.ptr
  %v = llvm.load %m {alignment = 1 : i64} : !llvm.ptr -> i8
  llvm.return %v : i8
}

// -----

// Region memory (2) is 32 bits: clearing high bits of its flat address
// could leave the region.
llvm.func @negative_masked_region_address_stays_flat(%p: !llvm.ptr<2>, %mask: i64) -> i8 {
  %g = llvm.addrspacecast %p : !llvm.ptr<2> to !llvm.ptr
  %m = llvm.intr.ptrmask %g, %mask : (!llvm.ptr, i64) -> !llvm.ptr
  %v = llvm.load %m {alignment = 1 : i64} : !llvm.ptr -> i8
  llvm.return %v : i8
}
