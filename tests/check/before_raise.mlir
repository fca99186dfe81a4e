// gas-opt: --pipeline check --split-input-file --verify-diagnostics
// The same cases as rules.mlir, checked before raise: accesses are still
// LLVM loads and stores and explicit casts builtin calls; the same warnings.

llvm.func spir_funccc @__to_global(!llvm.ptr<4>) -> !llvm.ptr<1>

llvm.func spir_kernelcc @to_global_of_a_local_pointer_is_always_null(%l: !llvm.ptr<3>, %out: !llvm.ptr<1>) {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  // expected-warning @+1 {{to_global always yields null: the pointer can only point to local memory}}
  %n = llvm.call spir_funccc @__to_global(%g) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  %v = llvm.load %n {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func spir_funccc @__to_local(!llvm.ptr<4>) -> !llvm.ptr<3>

llvm.func spir_kernelcc @to_local_of_a_local_pointer_always_succeeds(%l: !llvm.ptr<3>, %out: !llvm.ptr<1>) {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  // expected-warning @+1 {{to_local always succeeds: the pointer can only point to local memory}}
  %n = llvm.call spir_funccc @__to_local(%g) : (!llvm.ptr<4>) -> !llvm.ptr<3>
  %v = llvm.load %n {alignment = 4 : i64} : !llvm.ptr<3> -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// Local or global: the cast decides at run time, as it should; no warning
// for it. Its result, a local pointer, stored into global memory warns.
llvm.func spir_funccc @__to_local(!llvm.ptr<4>) -> !llvm.ptr<3>

llvm.func spir_kernelcc @to_local_of_local_or_global_is_a_real_test(%c: i1, %l: !llvm.ptr<3>, %g: !llvm.ptr<1>, %out: !llvm.ptr<1>) {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %p = llvm.select %c, %gl, %gg : i1, !llvm.ptr<4>
  %n = llvm.call spir_funccc @__to_local(%p) : (!llvm.ptr<4>) -> !llvm.ptr<3>
  // expected-warning @+1 {{a local pointer stored into global memory}}
  llvm.store %n, %out {alignment = 8 : i64} : !llvm.ptr<3>, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func spir_kernelcc @named_to_named_through_generic_is_undefined(%l: !llvm.ptr<3>, %out: !llvm.ptr<1>) {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  // expected-warning @+1 {{cast to a global pointer of a generic pointer that can only point to local memory: a cast between named spaces through generic is undefined}}
  %back = llvm.addrspacecast %g : !llvm.ptr<4> to !llvm.ptr<1>
  %v = llvm.load %back {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  // The same space back: defined.
  %local = llvm.addrspacecast %g : !llvm.ptr<4> to !llvm.ptr<3>
  %w = llvm.load %local {alignment = 4 : i64} : !llvm.ptr<3> -> i32
  llvm.store %w, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func spir_kernelcc @access_through_a_pointer_that_is_only_null(%out: !llvm.ptr<1>) {
  %null = llvm.mlir.zero : !llvm.ptr<4>
  // expected-warning @+1 {{load through a generic pointer that can only be null}}
  %v = llvm.load %null {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// A helper no kernel calls gets no pointer at all; it never runs, so its
// accesses are not "only null". The kernel's own store warns.
llvm.func internal spir_funccc @never_called(%p: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func spir_kernelcc @private_pointer_stored_into_global_memory(%out: !llvm.ptr<1>) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %cell = llvm.alloca %one x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
  %generic = llvm.addrspacecast %cell : !llvm.ptr to !llvm.ptr<4>
  // expected-warning @+1 {{a private pointer stored into global memory: another work-item or a later kernel may read it, which OpenCL leaves undefined}}
  llvm.store %generic, %out {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr<1>
  llvm.return
}

// -----

// A global pointer stored into global memory, and a local pointer stored
// into local memory, are fine; the one warning is the local pointer that
// reaches global memory through a generic store.
llvm.func spir_kernelcc @only_local_pointers_into_global_memory_warn(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %slots: !llvm.ptr<1>, %local_slots: !llvm.ptr<3>) {
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.store %gg, %slots {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr<1>
  llvm.store %l, %local_slots {alignment = 8 : i64} : !llvm.ptr<3>, !llvm.ptr<3>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %slot = llvm.addrspacecast %slots : !llvm.ptr<1> to !llvm.ptr<4>
  // expected-warning @+1 {{a local pointer stored into global memory}}
  llvm.store %gl, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr<4>
  llvm.return
}

// -----

// Nothing here needs to know where a generic pointer points (the check
// skips the module-wide analysis): a named local pointer stored into global
// memory still warns.
llvm.func spir_kernelcc @named_local_pointer_stored_into_global_memory(%l: !llvm.ptr<3>, %slots: !llvm.ptr<1>) {
  // expected-warning @+1 {{a local pointer stored into global memory}}
  llvm.store %l, %slots {alignment = 8 : i64} : !llvm.ptr<3>, !llvm.ptr<1>
  llvm.return
}
