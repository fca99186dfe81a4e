// gas-opt: --pipeline raise,propagate --split-input-file
// Recursion and call-graph cycles converge: the facts are a fixed point over
// the whole module, not one pass in one order.

llvm.func internal @sum_down(%g: !llvm.ptr<4>, %n: i32) -> i32 {
  %zero = llvm.mlir.constant(0 : i32) : i32
  %one = llvm.mlir.constant(1 : i32) : i32
  %done = llvm.icmp "eq" %n, %zero : i32
  llvm.cond_br %done, ^base, ^step
^base:
  llvm.return %zero : i32
^step:
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %next = llvm.getelementptr inbounds %g[1] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i32
  %m = llvm.sub %n, %one : i32
  %rest = llvm.call @sum_down(%next, %m) : (!llvm.ptr<4>, i32) -> i32
  %s = llvm.add %v, %rest : i32
  llvm.return %s : i32
}

llvm.func @self_recursive_helper_on_local_memory(%l: !llvm.ptr<3>, %n: i32) -> i32 {
  %g = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %s = llvm.call @sum_down(%g, %n) : (!llvm.ptr<4>, i32) -> i32
  llvm.return %s : i32
}

// -----

// even/odd: each passes the pointer to the other; entered with global and
// private pointers, both end up {private, global}.
llvm.func internal @even(%g: !llvm.ptr<4>, %n: i32) -> i32 {
  %zero = llvm.mlir.constant(0 : i32) : i32
  %one = llvm.mlir.constant(1 : i32) : i32
  %done = llvm.icmp "eq" %n, %zero : i32
  llvm.cond_br %done, ^base, ^step
^base:
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
^step:
  %m = llvm.sub %n, %one : i32
  %r = llvm.call @odd(%g, %m) : (!llvm.ptr<4>, i32) -> i32
  llvm.return %r : i32
}

llvm.func internal @odd(%g: !llvm.ptr<4>, %n: i32) -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %m = llvm.sub %n, %one : i32
  %r = llvm.call @even(%g, %m) : (!llvm.ptr<4>, i32) -> i32
  llvm.store %r, %g {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return %r : i32
}

llvm.func @mutual_recursion_entered_with_global_and_private(%p: !llvm.ptr<1>, %n: i32) -> i32 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %x = llvm.call @even(%gp, %n) : (!llvm.ptr<4>, i32) -> i32
  %y = llvm.call @odd(%ga, %n) : (!llvm.ptr<4>, i32) -> i32
  %s = llvm.add %x, %y : i32
  llvm.return %s : i32
}
