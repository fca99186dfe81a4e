// gas-opt: --pipeline raise,propagate,lower --split-input-file --closed-world never
// Gathers and scatters address memory through a vector of pointers, one per
// lane. On SPIR each generic lane carries its space's tag: lanes resolved
// to one space become that space's pointers (a vector GEP over one base is
// rebuilt over the untagged base); lanes that may be in several spaces are
// split by tag, one gather or scatter per space with the mask narrowed to
// that space's lanes. Vector casts to generic set each lane's tag.

llvm.func @gather_over_a_local_base_is_a_local_gather(%l: !llvm.ptr<3>, %i: vector<4xi64>, %m: vector<4xi1>, %v: vector<4xi32>) -> vector<4xi32> {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %lanes = llvm.getelementptr inbounds %g[%i] : (!llvm.ptr<4>, vector<4xi64>) -> vector<4x!llvm.ptr<4>>, i32
  %r = llvm.intr.masked.gather %lanes, %m, %v {alignment = 4 : i32} : (vector<4x!llvm.ptr<4>>, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  llvm.return %r : vector<4xi32>
}

// -----

llvm.func @scatter_over_a_global_base_is_a_global_scatter(%p: !llvm.ptr<1>, %i: vector<4xi64>, %m: vector<4xi1>, %v: vector<4xi32>) {
  %g = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %lanes = llvm.getelementptr %g[%i] : (!llvm.ptr<4>, vector<4xi64>) -> vector<4x!llvm.ptr<4>>, i32
  llvm.intr.masked.scatter %v, %lanes, %m {alignment = 4 : i32} : vector<4xi32>, vector<4xi1> into vector<4x!llvm.ptr<4>>
  llvm.return
}

// -----

llvm.func @gather_over_lanes_cast_from_private_is_a_private_gather(%p: vector<4x!llvm.ptr>, %m: vector<4xi1>, %v: vector<4xi32>) -> vector<4xi32> {
  %lanes = llvm.addrspacecast %p : vector<4x!llvm.ptr> to vector<4x!llvm.ptr<4>>
  %r = llvm.intr.masked.gather %lanes, %m, %v {alignment = 4 : i32} : (vector<4x!llvm.ptr<4>>, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  llvm.return %r : vector<4xi32>
}

// -----

llvm.func @gather_over_lanes_of_two_spaces_splits_by_tag(%l: vector<4x!llvm.ptr<3>>, %p: vector<4x!llvm.ptr<1>>, %m: vector<4xi1>, %v: vector<4xi32>) -> vector<4xi32> {
  %a = llvm.addrspacecast %l : vector<4x!llvm.ptr<3>> to vector<4x!llvm.ptr<4>>
  %b = llvm.addrspacecast %p : vector<4x!llvm.ptr<1>> to vector<4x!llvm.ptr<4>>
  %lanes = llvm.shufflevector %a, %b [0, 5, 2, 7] : vector<4x!llvm.ptr<4>>
  %r = llvm.intr.masked.gather %lanes, %m, %v {alignment = 4 : i32} : (vector<4x!llvm.ptr<4>>, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  llvm.return %r : vector<4xi32>
}

// -----

llvm.func @negative_scatter_over_unknown_lanes_splits_over_every_space(%lanes: vector<2x!llvm.ptr<4>>, %m: vector<2xi1>, %v: vector<2xf32>) {
  llvm.intr.masked.scatter %v, %lanes, %m {alignment = 4 : i32} : vector<2xf32>, vector<2xi1> into vector<2x!llvm.ptr<4>>
  llvm.return
}

// -----

llvm.func @lanes_cast_to_generic_are_tagged_and_back_to_named_untagged(%l: vector<2x!llvm.ptr<3>>, %out: !llvm.ptr<1>) -> vector<2x!llvm.ptr> {
  %g = llvm.addrspacecast %l : vector<2x!llvm.ptr<3>> to vector<2x!llvm.ptr<4>>
  llvm.store %g, %out {alignment = 16 : i64} : vector<2x!llvm.ptr<4>>, !llvm.ptr<1>
  %back = llvm.load %out {alignment = 16 : i64} : !llvm.ptr<1> -> vector<2x!llvm.ptr<4>>
  %p = llvm.addrspacecast %back : vector<2x!llvm.ptr<4>> to vector<2x!llvm.ptr>
  llvm.return %p : vector<2x!llvm.ptr>
}
