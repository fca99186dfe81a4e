// gas-opt: --pipeline raise,propagate,lower --split-input-file --target amdgpu --closed-world never
// Vectors of pointers are left as they are (no gas op carries one), and a
// GEP with vector indices on a tagged base is not rewritten: it used to be
// given a scalar `gas.tag` and rejected.

llvm.func @vector_gep_on_a_flat_base_is_kept(%l: !llvm.ptr<3>, %i: vector<4xi64>) -> vector<4x!llvm.ptr<3>> {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr
  %v = llvm.getelementptr %g[%i] : (!llvm.ptr, vector<4xi64>) -> vector<4x!llvm.ptr>, f32
  %n = llvm.addrspacecast %v : vector<4x!llvm.ptr> to vector<4x!llvm.ptr<3>>
  llvm.return %n : vector<4x!llvm.ptr<3>>
}
