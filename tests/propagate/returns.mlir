// gas-opt: --pipeline raise,propagate --split-input-file
// A call's generic result points where the callee's returns point.

llvm.func @pick(%c: i1, %l: !llvm.ptr<3>, %p: !llvm.ptr<1>) -> !llvm.ptr<4> {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.cond_br %c, ^a, ^b
^a:
  llvm.return %gl : !llvm.ptr<4>
^b:
  llvm.return %gp : !llvm.ptr<4>
}

llvm.func @result_of_a_helper_returning_local_or_global(%c: i1, %l: !llvm.ptr<3>, %p: !llvm.ptr<1>) -> i32 {
  %g = llvm.call @pick(%c, %l, %p) : (i1, !llvm.ptr<3>, !llvm.ptr<1>) -> !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// Returns that pass an argument through follow the call sites (closed world):
// the clone for a local argument returns a local pointer, named in its type.
llvm.func spir_funccc @advance(%g: !llvm.ptr<4>) -> !llvm.ptr<4> {
  %next = llvm.getelementptr inbounds %g[1] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i32
  llvm.return %next : !llvm.ptr<4>
}

llvm.func spir_kernelcc @result_passing_an_argument_through(%l: !llvm.ptr<3>, %out: !llvm.ptr<1>) {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %n = llvm.call spir_funccc @advance(%gl) : (!llvm.ptr<4>) -> !llvm.ptr<4>
  %v = llvm.load %n {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func @external_source() -> !llvm.ptr<4>

llvm.func @negative_result_of_a_declared_function() -> i32 {
  %g = llvm.call @external_source() : () -> !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// A weak definition may be replaced at link time by another body.
llvm.func weak @replaceable(%l: !llvm.ptr<3>) -> !llvm.ptr<4> {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.return %gl : !llvm.ptr<4>
}

llvm.func @negative_result_of_a_weak_function(%l: !llvm.ptr<3>) -> i32 {
  %g = llvm.call @replaceable(%l) : (!llvm.ptr<3>) -> !llvm.ptr<4>
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// A program-scope variable's initializer right after a function ends in an
// `llvm.return` too; it is not one of the function's returns: @pick_global's
// result becomes global and the initializer keeps its generic type.
llvm.mlir.global external @buffer(0 : i32) {addr_space = 1 : i32} : i32

llvm.func internal spir_funccc @pick_global(%p: !llvm.ptr<1>) -> !llvm.ptr<4> {
  %g = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.return %g : !llvm.ptr<4>
}

llvm.mlir.global internal @generic_address_of_buffer() {addr_space = 0 : i32} : !llvm.ptr<4> {
  %a = llvm.mlir.addressof @buffer : !llvm.ptr<1>
  %c = llvm.addrspacecast %a : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.return %c : !llvm.ptr<4>
}

llvm.func spir_kernelcc @initializer_return_is_not_the_previous_functions(%p: !llvm.ptr<1>) {
  %q = llvm.call spir_funccc @pick_global(%p) : (!llvm.ptr<1>) -> !llvm.ptr<4>
  %v = llvm.load %q {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %q {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}

// -----

llvm.mlir.global external @x(5 : i32) {addr_space = 1 : i32, alignment = 4 : i64} : i32
llvm.mlir.global external @gp() {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.ptr<4> {
  %0 = llvm.mlir.addressof @x : !llvm.ptr<1>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.return %1 : !llvm.ptr<4>
}
// The helper returns a pointer loaded from a variable that holds only
// global pointers: its result becomes global, cast from the loaded value
// by a gas.untag marked gas.global_by_provenance (no private tag can reach
// it, so lower need not clear one where tags are preserved).
llvm.func @from_cell() -> !llvm.ptr<4> {
  %0 = llvm.mlir.addressof @gp : !llvm.ptr<1>
  %1 = llvm.load %0 {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<4>
  llvm.return %1 : !llvm.ptr<4>
}
llvm.func spir_kernelcc @global_result_cast_is_marked_global_by_provenance(%out: !llvm.ptr<1>) {
  %0 = llvm.call @from_cell() : () -> !llvm.ptr<4>
  %1 = llvm.load %0 {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %1, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
