// gas-opt: --pipeline raise,propagate --split-input-file
// Arguments of functions whose call sites are all visible point where the
// call sites' operands point (union over the call sites).

llvm.func internal @read_first(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func @internal_helper_called_only_with_local_pointers(%a: !llvm.ptr<3>, %b: !llvm.ptr<3>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr<4>
  %gb = llvm.addrspacecast %b : !llvm.ptr<3> to !llvm.ptr<4>
  %x = llvm.call @read_first(%ga) : (!llvm.ptr<4>) -> i32
  %y = llvm.call @read_first(%gb) : (!llvm.ptr<4>) -> i32
  %s = llvm.add %x, %y : i32
  llvm.return %s : i32
}

// -----

llvm.func internal @write_first(%g: !llvm.ptr<4>, %v: i32) {
  llvm.store %v, %g {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.return
}

llvm.func @internal_helper_called_with_local_and_global_is_two_way(%l: !llvm.ptr<3>, %p: !llvm.ptr<1>, %v: i32) {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  llvm.call @write_first(%gl, %v) : (!llvm.ptr<4>, i32) -> ()
  llvm.call @write_first(%gp, %v) : (!llvm.ptr<4>, i32) -> ()
  llvm.return
}

// -----

// No kernel in the module and external linkage: other modules may call it.
llvm.func @negative_exported_helper_in_an_open_module(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func @caller_with_a_local_pointer(%l: !llvm.ptr<3>) -> i32 {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %v = llvm.call @negative_exported_helper_in_an_open_module(%gl) : (!llvm.ptr<4>) -> i32
  llvm.return %v : i32
}

// -----

// A module with SPIR kernels is a closed OpenCL program: its non-kernel
// functions are only called from here, whatever their linkage.
llvm.func spir_funccc @exported_helper_in_a_program_with_kernels(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func spir_kernelcc @kernel_passing_a_global_pointer(%p: !llvm.ptr<1>) {
  %gp = llvm.addrspacecast %p : !llvm.ptr<1> to !llvm.ptr<4>
  %v = llvm.call spir_funccc @exported_helper_in_a_program_with_kernels(%gp) : (!llvm.ptr<4>) -> i32
  llvm.store %v, %p {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// Its address is taken: it may be called indirectly with anything.
llvm.func internal @negative_address_taken_helper(%g: !llvm.ptr<4>) -> i32 {
  %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

llvm.func @takes_the_address(%l: !llvm.ptr<3>) -> !llvm.ptr {
  %gl = llvm.addrspacecast %l : !llvm.ptr<3> to !llvm.ptr<4>
  %v = llvm.call @negative_address_taken_helper(%gl) : (!llvm.ptr<4>) -> i32
  %f = llvm.mlir.addressof @negative_address_taken_helper : !llvm.ptr
  llvm.return %f : !llvm.ptr
}
