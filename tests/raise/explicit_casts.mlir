// gas-opt: --pipeline raise --split-input-file
// Calls of the explicit-cast builtins become gas.to_named.

llvm.func spir_funccc @__to_global(!llvm.ptr<4>) -> !llvm.ptr<1>
llvm.func spir_funccc @__to_local(!llvm.ptr<4>) -> !llvm.ptr<3>
llvm.func spir_funccc @__to_private(!llvm.ptr<4>) -> !llvm.ptr

llvm.func @opencl_builtins_become_to_named(%x: !llvm.ptr<4>) -> !llvm.ptr<1> {
  %0 = llvm.call spir_funccc @__to_global(%x) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  %1 = llvm.call spir_funccc @__to_local(%x) : (!llvm.ptr<4>) -> !llvm.ptr<3>
  %2 = llvm.call spir_funccc @__to_private(%x) : (!llvm.ptr<4>) -> !llvm.ptr
  llvm.return %0 : !llvm.ptr<1>
}

// -----

llvm.func spir_funccc @_Z41__spirv_GenericCastToPtrExplicit_ToGlobalPvi(!llvm.ptr<4>, i32) -> !llvm.ptr<1>
llvm.func spir_funccc @_Z40__spirv_GenericCastToPtrExplicit_ToLocalPvi(!llvm.ptr<4>, i32) -> !llvm.ptr<3>

llvm.func @spirv_friendly_builtins_become_to_named(%x: !llvm.ptr<4>) -> !llvm.ptr<3> {
  %class = llvm.mlir.constant(5 : i32) : i32
  %0 = llvm.call spir_funccc @_Z41__spirv_GenericCastToPtrExplicit_ToGlobalPvi(%x, %class) : (!llvm.ptr<4>, i32) -> !llvm.ptr<1>
  %1 = llvm.call spir_funccc @_Z40__spirv_GenericCastToPtrExplicit_ToLocalPvi(%x, %class) : (!llvm.ptr<4>, i32) -> !llvm.ptr<3>
  llvm.return %1 : !llvm.ptr<3>
}

// -----

// A function that is only named like a builtin but has the wrong type, and
// other calls, are left alone.
llvm.func @__to_local(!llvm.ptr<4>) -> !llvm.ptr<1>
llvm.func @helper(!llvm.ptr<4>) -> !llvm.ptr<4>

llvm.func @negative_mistyped_builtin_and_other_calls(%x: !llvm.ptr<4>) -> !llvm.ptr<1> {
  %0 = llvm.call @__to_local(%x) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  %1 = llvm.call @helper(%x) : (!llvm.ptr<4>) -> !llvm.ptr<4>
  llvm.return %0 : !llvm.ptr<1>
}
