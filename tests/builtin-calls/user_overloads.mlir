// gas-opt: --pipeline raise,builtin-calls --split-input-file --stats
// Seed 004's overloading by address space: where the module defines
// overloads of one function that differ only in a pointer parameter's
// space, a call whose generic argument is known calls the named overload;
// with no overload for the space (local here) the generic call stays.

llvm.func spir_funccc @_Z3sumPU3AS4i(%p: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}
llvm.func spir_funccc @_Z3sumPU3AS1i(%p: !llvm.ptr<1>) -> i32 {
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  %w = llvm.add %v, %v : i32
  llvm.return %w : i32
}
llvm.func spir_kernelcc @known_global_calls_the_global_overload(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>) {
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %a = llvm.call spir_funccc @_Z3sumPU3AS4i(%gg) : (!llvm.ptr<4>) -> i32
  %b = llvm.call spir_funccc @_Z3sumPU3AS4i(%gl) : (!llvm.ptr<4>) -> i32
  %s = llvm.add %a, %b : i32
  llvm.store %s, %g {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
