// gas-opt: --pipeline raise,propagate --split-input-file
// Loop-carried pointers converge to a fixed point, whatever the loop's shape.

// while (b != e) s += *b++;  over a local buffer.
llvm.func @pointer_increment_loop_stays_local(%l: !llvm.ptr<3>, %n: i64) -> i32 {
  %zero = llvm.mlir.constant(0 : i32) : i32
  %b = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %e = llvm.getelementptr inbounds %b[%n] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i32
  llvm.br ^head(%b, %zero : !llvm.ptr<4>, i32)
^head(%p: !llvm.ptr<4>, %s: i32):
  %done = llvm.icmp "eq" %p, %e : !llvm.ptr<4>
  llvm.cond_br %done, ^exit, ^body
^body:
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %s2 = llvm.add %s, %v : i32
  %next = llvm.getelementptr inbounds %p[1] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i32
  llvm.br ^head(%next, %s2 : !llvm.ptr<4>, i32)
^exit:
  llvm.return %s : i32
}

// -----

// Source and destination swap between a global and a local buffer each
// iteration: both are {local, global}, never private.
llvm.func @ping_pong_between_global_and_local_is_two_way(%gbuf: !llvm.ptr<1>, %lbuf: !llvm.ptr<3>, %n: i32) {
  %zero = llvm.mlir.constant(0 : i32) : i32
  %one = llvm.mlir.constant(1 : i32) : i32
  %src0 = llvm.addrspacecast %gbuf : !llvm.ptr<1> to !llvm.ptr<4>
  %dst0 = llvm.addrspacecast %lbuf : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.br ^head(%src0, %dst0, %zero : !llvm.ptr<4>, !llvm.ptr<4>, i32)
^head(%src: !llvm.ptr<4>, %dst: !llvm.ptr<4>, %i: i32):
  %done = llvm.icmp "eq" %i, %n : i32
  llvm.cond_br %done, ^exit, ^body
^body:
  %v = llvm.load %src {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %w = llvm.add %v, %one : i32
  llvm.store %w, %dst {alignment = 4 : i64} : i32, !llvm.ptr<4>
  %i2 = llvm.add %i, %one : i32
  llvm.br ^head(%dst, %src, %i2 : !llvm.ptr<4>, !llvm.ptr<4>, i32)
^exit:
  llvm.return
}

// -----

// The loop replaces its pointer with one loaded from global memory: unknown.
llvm.func @negative_loop_that_loads_its_next_pointer(%l: !llvm.ptr<3>, %next: !llvm.ptr<1>, %n: i32) -> i32 {
  %zero = llvm.mlir.constant(0 : i32) : i32
  %one = llvm.mlir.constant(1 : i32) : i32
  %start = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.br ^head(%start, %zero : !llvm.ptr<4>, i32)
^head(%p: !llvm.ptr<4>, %i: i32):
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  %done = llvm.icmp "eq" %i, %n : i32
  llvm.cond_br %done, ^exit, ^body
^body:
  %q = llvm.load %next {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  %i2 = llvm.add %i, %one : i32
  llvm.br ^head(%q, %i2 : !llvm.ptr<4>, i32)
^exit:
  llvm.return %v : i32
}
