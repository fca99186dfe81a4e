// gas-opt: --pipeline raise,propagate --split-input-file
// A GEP points where its base points.

llvm.func @gep_chain_of_a_local_pointer_is_local(%l: !llvm.ptr<3>, %i: i64) -> i32 {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %a = llvm.getelementptr inbounds %g[%i] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i32
  %b = llvm.getelementptr %a[1] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i32
  %v = llvm.load %b {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// A pointer the function receives from unknown callers may point anywhere.
llvm.func @negative_gep_of_an_exported_functions_argument(%g: !llvm.ptr<4>, %i: i64) -> i32 {
  %a = llvm.getelementptr inbounds %g[%i] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i32
  %v = llvm.load %a {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// Integers turned into pointers carry no provenance gas can see.
llvm.func @negative_gep_of_inttoptr(%bits: i64) -> i32 {
  %g = llvm.inttoptr %bits : i64 to !llvm.ptr<4>
  %a = llvm.getelementptr %g[2] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i32
  %v = llvm.load %a {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}
