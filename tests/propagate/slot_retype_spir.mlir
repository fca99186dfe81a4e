// gas-opt: --pipeline raise,propagate,lower --split-input-file --target spir
// On a tagged target a private struct field whose every store writes a
// pointer of one tagged space holds it untagged, and its loads read it
// named: no tag is set before the store nor cleared after the load (no
// shl/ashr/or of the tag bits in the output). Only where every reader of
// the field's bytes is seen: the struct stays a named private pointer,
// passed to functions called from that one place only.

llvm.func internal spir_funccc @run_job(%j: !llvm.ptr<4>, %x: f32) -> f32 attributes {no_inline} {
  %dst = llvm.load %j {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  llvm.store %x, %dst {alignment = 4 : i64} : f32, !llvm.ptr<4>
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %f = llvm.getelementptr inbounds %j[%c8] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i8
  %src = llvm.load %f {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %v = llvm.load %src {alignment = 4 : i64} : !llvm.ptr<4> -> f32
  llvm.return %v : f32
}
llvm.func spir_kernelcc @a_field_of_private_pointers_holds_them_untagged(%out: !llvm.ptr<1>, %x: f32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %one x f32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  %b = llvm.alloca %one x f32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  llvm.store %x, %b {alignment = 4 : i64} : f32, !llvm.ptr
  %job = llvm.alloca %one x !llvm.struct<(ptr<4>, ptr<4>, i32)> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %gb = llvm.addrspacecast %b : !llvm.ptr to !llvm.ptr<4>
  llvm.store %ga, %job {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %f = llvm.getelementptr inbounds %job[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %gb, %f {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %gj = llvm.addrspacecast %job : !llvm.ptr to !llvm.ptr<4>
  %r = llvm.call spir_funccc @run_job(%gj, %x) : (!llvm.ptr<4>, f32) -> f32
  %y = llvm.load %a {alignment = 4 : i64} : !llvm.ptr -> f32
  %s = llvm.fadd %r, %y : f32
  llvm.store %s, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}

// -----

// The field holds a private or a local pointer: the tag tells them apart.
llvm.func spir_kernelcc @negative_a_field_of_two_spaces_keeps_its_tags(%out: !llvm.ptr<1>, %tile: !llvm.ptr<3>, %c: i1, %x: f32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %one x f32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  %slot = llvm.alloca %one x !llvm.ptr<4> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %gt = llvm.addrspacecast %tile : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.store %ga, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  llvm.cond_br %c, ^local, ^read
^local:
  llvm.store %gt, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  llvm.br ^read
^read:
  %p = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr<4>
  llvm.return
}

// -----

// The field's bytes are also read as an integer: they keep the tag.
llvm.func spir_kernelcc @negative_a_field_read_as_an_integer_keeps_its_tag(%out: !llvm.ptr<1>, %x: f32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %one x f32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  %slot = llvm.alloca %one x !llvm.ptr<4> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  llvm.store %ga, %slot {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %bits = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr -> i64
  llvm.store %bits, %out {alignment = 8 : i64} : i64, !llvm.ptr<1>
  %p = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr<4>
  llvm.store %x, %p {alignment = 4 : i64} : f32, !llvm.ptr<4>
  llvm.return
}

// -----

// A helper called from two places may be handed another struct, whose
// field holds the pointer tagged: both keep the tag.
llvm.func internal spir_funccc @read_first(%s: !llvm.ptr<4>) -> f32 attributes {no_inline} {
  %p = llvm.load %s {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> f32
  llvm.return %v : f32
}
llvm.func spir_kernelcc @negative_a_helper_called_twice_keeps_the_tags(%out: !llvm.ptr<1>, %x: f32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %one x f32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  llvm.store %x, %a {alignment = 4 : i64} : f32, !llvm.ptr
  %s1 = llvm.alloca %one x !llvm.ptr<4> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %s2 = llvm.alloca %one x !llvm.ptr<4> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  llvm.store %ga, %s1 {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  llvm.store %ga, %s2 {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %g1 = llvm.addrspacecast %s1 : !llvm.ptr to !llvm.ptr<4>
  %g2 = llvm.addrspacecast %s2 : !llvm.ptr to !llvm.ptr<4>
  %r1 = llvm.call spir_funccc @read_first(%g1) : (!llvm.ptr<4>) -> f32
  %r2 = llvm.call spir_funccc @read_first(%g2) : (!llvm.ptr<4>) -> f32
  %s = llvm.fadd %r1, %r2 : f32
  llvm.store %s, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}
