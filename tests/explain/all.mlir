// gas-opt: --pipeline O2 --remarks=all --verify-diagnostics
// --remarks=all also names the space of every access resolved at compile time.

llvm.func spir_kernelcc @resolved_and_dynamic_accesses(%c: i1, %l: !llvm.ptr<3>, %g: !llvm.ptr<1>) {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gg = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
  %p = llvm.select %c, %gl, %gg : i1, !llvm.ptr<4>
  // expected-remark @+1 {{load through a generic pointer (local or global) stays dynamic: select between local and global}}
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  // expected-remark @+1 {{load through a generic pointer resolved to local}}
  %w = llvm.load %gl {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %s = llvm.add %v, %w : i32
  // expected-remark @+1 {{store through a generic pointer resolved to global}}
  llvm.store %s, %gg {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}
