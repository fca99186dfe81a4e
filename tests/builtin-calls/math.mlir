// gas-opt: --pipeline raise,builtin-calls --split-input-file --stats
// Math builtins with pointer outputs have named overloads in every OpenCL
// library: where the pointer's space is known, the call goes to the
// overload of that space (private: the unqualified pointer) with the
// pointer untagged, and the overload is declared next to the generic one.

llvm.func spir_funccc @_Z5fractfPU3AS4f(f32, !llvm.ptr<4>) -> f32
llvm.func spir_kernelcc @fract_of_a_global_local_and_private_pointer(%x: f32, %g: !llvm.ptr<1>, %l: !llvm.ptr<3>) {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %p = llvm.alloca %c1 x f32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<4>
  %a = llvm.call spir_funccc @_Z5fractfPU3AS4f(%x, %gg) : (f32, !llvm.ptr<4>) -> f32
  %b = llvm.call spir_funccc @_Z5fractfPU3AS4f(%a, %gl) : (f32, !llvm.ptr<4>) -> f32
  %c = llvm.call spir_funccc @_Z5fractfPU3AS4f(%b, %gp) : (f32, !llvm.ptr<4>) -> f32
  llvm.store %c, %g {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}

// -----

// A vector gentype repeats in the name as a substitution (S_): renaming the
// pointer's space keeps it right.
llvm.func spir_funccc @_Z6sincosDv4_fPU3AS4S_(vector<4xf32>, !llvm.ptr<4>) -> vector<4xf32>
llvm.func spir_kernelcc @sincos_vector_into_local(%x: vector<4xf32>, %l: !llvm.ptr<3>, %out: !llvm.ptr<1>) {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %s = llvm.call spir_funccc @_Z6sincosDv4_fPU3AS4S_(%x, %gl) : (vector<4xf32>, !llvm.ptr<4>) -> vector<4xf32>
  llvm.store %s, %out {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func spir_funccc @_Z6remquoffPU3AS4i(f32, f32, !llvm.ptr<4>) -> f32
llvm.func spir_kernelcc @negative_remquo_on_a_select_stays_generic(%x: f32, %g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %c: i1) {
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %q = llvm.select %c, %gg, %gl : i1, !llvm.ptr<4>
  %r = llvm.call spir_funccc @_Z6remquoffPU3AS4i(%x, %x, %q) : (f32, f32, !llvm.ptr<4>) -> f32
  llvm.store %r, %g {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func spir_funccc @_Z6vload4mPU3AS4Kf(i64, !llvm.ptr<4>) -> vector<4xf32>
llvm.func spir_funccc @_Z7vstore4Dv4_fmPU3AS4f(vector<4xf32>, i64, !llvm.ptr<4>)
llvm.func spir_kernelcc @vload_from_global_vstore_to_local(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %i: i64) {
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %v = llvm.call spir_funccc @_Z6vload4mPU3AS4Kf(%i, %gg) : (i64, !llvm.ptr<4>) -> vector<4xf32>
  llvm.call spir_funccc @_Z7vstore4Dv4_fmPU3AS4f(%v, %i, %gl) : (vector<4xf32>, i64, !llvm.ptr<4>) -> ()
  llvm.return
}

// -----

// Names gas's demangler does not take, and functions that are not OpenCL
// builtins, are left alone.
llvm.func spir_funccc @_Z3foo(!llvm.ptr<4>) -> i32
llvm.func spir_funccc @_ZN2ns3barEPU3AS4i(!llvm.ptr<4>) -> i32
llvm.func spir_kernelcc @negative_unknown_and_unparsable_names_stay(%g: !llvm.ptr<1>) {
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %a = llvm.call spir_funccc @_Z3foo(%gg) : (!llvm.ptr<4>) -> i32
  %b = llvm.call spir_funccc @_ZN2ns3barEPU3AS4i(%gg) : (!llvm.ptr<4>) -> i32
  llvm.return
}
