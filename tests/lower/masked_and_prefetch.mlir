// gas-opt: --pipeline raise,propagate,lower --split-input-file --closed-world never
// Masked vector loads and stores and prefetches are accesses like any
// other: resolved to one space they go straight to it, otherwise each case
// of the switch on the tag has its own.

llvm.func @masked_load_and_store_through_a_local_pointer(%l: !llvm.ptr<3>, %m: vector<4xi1>, %v: vector<4xi32>) {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %a = llvm.intr.masked.load %g, %m, %v {alignment = 4 : i32} : (!llvm.ptr<4>, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  llvm.intr.masked.store %a, %g, %m {alignment = 4 : i32} : vector<4xi32>, vector<4xi1> into !llvm.ptr<4>
  "llvm.intr.prefetch"(%g) <{cache = 1 : i32, hint = 0 : i32, rw = 0 : i32}> : (!llvm.ptr<4>) -> ()
  llvm.return
}

// -----

llvm.func @negative_unknown_pointer_switches_per_space(%g: !llvm.ptr<4>, %m: vector<4xi1>, %v: vector<4xi32>) -> vector<4xi32> {
  %a = llvm.intr.masked.load %g, %m, %v {alignment = 4 : i32} : (!llvm.ptr<4>, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  "llvm.intr.prefetch"(%g) <{cache = 1 : i32, hint = 0 : i32, rw = 1 : i32}> : (!llvm.ptr<4>) -> ()
  llvm.return %a : vector<4xi32>
}
