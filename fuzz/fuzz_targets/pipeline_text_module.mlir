module attributes {llvm.target_triple = "spir64-unknown-unknown"} {
  llvm.func spir_funccc @__to_global(!llvm.ptr<4>) -> !llvm.ptr<1>
  llvm.func spir_funccc @helper(%p: !llvm.ptr<4>, %q: !llvm.ptr<4>, %c: i1) -> i32 attributes {no_inline} {
    %s = llvm.select %c, %p, %q : i1, !llvm.ptr<4>
    %v = llvm.load %s : !llvm.ptr<4> -> i32
    llvm.store %v, %q : i32, !llvm.ptr<4>
    llvm.return %v : i32
  }
  llvm.func spir_kernelcc @k(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %n: i32) {
    %one = llvm.mlir.constant(1 : i32) : i32
    %a = llvm.alloca %one x i32 : (i32) -> !llvm.ptr
    llvm.store %n, %a : i32, !llvm.ptr
    %gp = llvm.addrspacecast %g : !llvm.ptr<1> to !llvm.ptr<4>
    %lp = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
    %pp = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
    %c = llvm.icmp "eq" %n, %one : i32
    %r1 = llvm.call spir_funccc @helper(%gp, %lp, %c) : (!llvm.ptr<4>, !llvm.ptr<4>, i1) -> i32
    %r2 = llvm.call spir_funccc @helper(%pp, %gp, %c) : (!llvm.ptr<4>, !llvm.ptr<4>, i1) -> i32
    %t = llvm.call spir_funccc @__to_global(%pp) : (!llvm.ptr<4>) -> !llvm.ptr<1>
    %s = llvm.add %r1, %r2 : i32
    llvm.store %s, %t : i32, !llvm.ptr<1>
    llvm.return
  }
}
