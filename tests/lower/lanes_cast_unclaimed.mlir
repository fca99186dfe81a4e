// gas-opt: --pipeline lower --split-input-file
// `lower` alone: a vector cast to generic that `raise` did not claim (no
// access through it was raised either) stays a cast; tagging its lanes
// would send tagged addresses to the gather.

llvm.func @negative_unclaimed_lanes_cast_stays_a_cast(%l: vector<2x!llvm.ptr<3>>, %m: vector<2xi1>, %v: vector<2xi32>) -> vector<2xi32> {
  %g = llvm.addrspacecast %l : vector<2x!llvm.ptr<3>> to vector<2x!llvm.ptr<4>>
  %r = llvm.intr.masked.gather %g, %m, %v {alignment = 4 : i32} : (vector<2x!llvm.ptr<4>>, vector<2xi1>, vector<2xi32>) -> vector<2xi32>
  llvm.return %r : vector<2xi32>
}
