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

// -----

// An array of local pointers read at a run-time index (`tabs[k]`): every
// element holds a local pointer, so the whole array holds them untagged.
llvm.func internal spir_funccc @pick_local(%t: !llvm.ptr<4>, %k: i64) -> f32 attributes {no_inline} {
  %e = llvm.getelementptr inbounds %t[%k] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, !llvm.ptr<4>
  %p = llvm.load %e {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> f32
  llvm.return %v : f32
}
llvm.func spir_kernelcc @an_array_read_at_a_run_time_index_holds_one_space_untagged(%out: !llvm.ptr<1>, %ta: !llvm.ptr<3>, %tb: !llvm.ptr<3>, %k: i64) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %tabs = llvm.alloca %one x !llvm.array<2 x ptr<4>> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %ga = llvm.addrspacecast %ta : !llvm.ptr<3> to !llvm.ptr<4>
  %gb = llvm.addrspacecast %tb : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.store %ga, %tabs {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %second = llvm.getelementptr inbounds %tabs[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %gb, %second {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %gt = llvm.addrspacecast %tabs : !llvm.ptr to !llvm.ptr<4>
  %v = llvm.call spir_funccc @pick_local(%gt, %k) : (!llvm.ptr<4>, i64) -> f32
  llvm.store %v, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}

// -----

// One element is private, the other local: read at a run-time index, each
// load may be either, so both keep their tags.
llvm.func internal spir_funccc @pick_mixed(%t: !llvm.ptr<4>, %k: i64) -> f32 attributes {no_inline} {
  %e = llvm.getelementptr inbounds %t[%k] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, !llvm.ptr<4>
  %p = llvm.load %e {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> f32
  llvm.return %v : f32
}
llvm.func spir_kernelcc @negative_an_array_of_two_spaces_read_at_a_run_time_index_keeps_its_tags(%out: !llvm.ptr<1>, %ta: !llvm.ptr<3>, %x: f32, %k: i64) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %one x f32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  llvm.store %x, %a {alignment = 4 : i64} : f32, !llvm.ptr
  %tabs = llvm.alloca %one x !llvm.array<2 x ptr<4>> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %gp = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %gl = llvm.addrspacecast %ta : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.store %gp, %tabs {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %second = llvm.getelementptr inbounds %tabs[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %gl, %second {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %gt = llvm.addrspacecast %tabs : !llvm.ptr to !llvm.ptr<4>
  %v = llvm.call spir_funccc @pick_mixed(%gt, %k) : (!llvm.ptr<4>, i64) -> f32
  llvm.store %v, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}

// -----

// A run-time byte offset may land inside an element (half of one pointer,
// half of the next): the array keeps its tags.
llvm.func internal spir_funccc @pick_bytes(%t: !llvm.ptr<4>, %k: i64) -> f32 attributes {no_inline} {
  %e = llvm.getelementptr inbounds %t[%k] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i8
  %p = llvm.load %e {alignment = 1 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> f32
  llvm.return %v : f32
}
llvm.func spir_kernelcc @negative_an_array_read_at_a_run_time_byte_offset_keeps_its_tags(%out: !llvm.ptr<1>, %ta: !llvm.ptr<3>, %tb: !llvm.ptr<3>, %k: i64) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %tabs = llvm.alloca %one x !llvm.array<2 x ptr<4>> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %ga = llvm.addrspacecast %ta : !llvm.ptr<3> to !llvm.ptr<4>
  %gb = llvm.addrspacecast %tb : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.store %ga, %tabs {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %second = llvm.getelementptr inbounds %tabs[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %gb, %second {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %gt = llvm.addrspacecast %tabs : !llvm.ptr to !llvm.ptr<4>
  %v = llvm.call spir_funccc @pick_bytes(%gt, %k) : (!llvm.ptr<4>, i64) -> f32
  llvm.store %v, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}

// -----

// A helper called twice, both times with the same struct: its reads are
// the struct's, which holds the private pointer untagged.
llvm.func internal spir_funccc @read_same(%s: !llvm.ptr<4>) -> f32 attributes {no_inline} {
  %p = llvm.load %s {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> f32
  llvm.return %v : f32
}
llvm.func spir_kernelcc @a_helper_called_twice_with_one_struct_reads_it_untagged(%out: !llvm.ptr<1>, %x: f32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %one x f32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  llvm.store %x, %a {alignment = 4 : i64} : f32, !llvm.ptr
  %s = llvm.alloca %one x !llvm.ptr<4> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  llvm.store %ga, %s {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %gs = llvm.addrspacecast %s : !llvm.ptr to !llvm.ptr<4>
  %r1 = llvm.call spir_funccc @read_same(%gs) : (!llvm.ptr<4>) -> f32
  %r2 = llvm.call spir_funccc @read_same(%gs) : (!llvm.ptr<4>) -> f32
  %sum = llvm.fadd %r1, %r2 : f32
  llvm.store %sum, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}

// -----

// A helper hands back the address of the struct's int member
// (`return &ag->off`): the caller's store through it is the struct's, whose
// pointer member still holds one private pointer untagged.
llvm.func internal spir_funccc @off_ref(%s: !llvm.ptr<4>) -> !llvm.ptr<4> attributes {no_inline} {
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %off = llvm.getelementptr inbounds %s[%c8] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i8
  llvm.return %off : !llvm.ptr<4>
}
llvm.func internal spir_funccc @read_member(%s: !llvm.ptr<4>) -> f32 attributes {no_inline} {
  %p = llvm.load %s {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> f32
  llvm.return %v : f32
}
llvm.func spir_kernelcc @an_address_handed_back_into_the_struct_is_the_structs(%out: !llvm.ptr<1>, %x: f32, %n: i32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %one x f32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  llvm.store %x, %a {alignment = 4 : i64} : f32, !llvm.ptr
  %s = llvm.alloca %one x !llvm.struct<(ptr<4>, i32)> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  llvm.store %ga, %s {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %gs = llvm.addrspacecast %s : !llvm.ptr to !llvm.ptr<4>
  %off = llvm.call spir_funccc @off_ref(%gs) : (!llvm.ptr<4>) -> !llvm.ptr<4>
  llvm.store %n, %off {alignment = 4 : i64} : i32, !llvm.ptr<4>
  %r = llvm.call spir_funccc @read_member(%gs) : (!llvm.ptr<4>) -> f32
  llvm.store %r, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}

// -----

// The helper hands back the struct's pointer member's address on one path
// and a global cell (holding a tagged pointer) on the other: what is loaded
// through its result may be either, so the struct keeps its tag.
llvm.func internal spir_funccc @member_or_cell(%s: !llvm.ptr<4>, %cell: !llvm.ptr<4>, %c: i1) -> !llvm.ptr<4> attributes {no_inline} {
  llvm.cond_br %c, ^member, ^cell
^member:
  llvm.return %s : !llvm.ptr<4>
^cell:
  llvm.return %cell : !llvm.ptr<4>
}
llvm.func spir_kernelcc @negative_a_helper_handing_back_other_memory_too_keeps_the_tags(%out: !llvm.ptr<1>, %cells: !llvm.ptr<1>, %x: f32, %c: i1) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %one x f32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  llvm.store %x, %a {alignment = 4 : i64} : f32, !llvm.ptr
  %s = llvm.alloca %one x !llvm.ptr<4> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  llvm.store %ga, %s {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %gs = llvm.addrspacecast %s : !llvm.ptr to !llvm.ptr<4>
  %gc = llvm.addrspacecast %cells : !llvm.ptr<1> to !llvm.ptr<4>
  %where = llvm.call spir_funccc @member_or_cell(%gs, %gc, %c) : (!llvm.ptr<4>, !llvm.ptr<4>, i1) -> !llvm.ptr<4>
  %p = llvm.load %where {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> f32
  llvm.store %v, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}

// -----

// Two levels (`agent_t ag = {&st}`, `ag->s->a`): the Storage's address is
// kept in the Agent's field and read back from there only, so what is
// loaded from that field is the Storage again, whose field holds one local
// pointer untagged.
llvm.func internal spir_funccc @read_through(%ag: !llvm.ptr<4>) -> f32 attributes {no_inline} {
  %s = llvm.load %ag {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %p = llvm.load %s {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> f32
  llvm.return %v : f32
}
llvm.func spir_kernelcc @a_slot_kept_in_another_slot_holds_its_pointer_untagged(%out: !llvm.ptr<1>, %tile: !llvm.ptr<3>) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %st = llvm.alloca %one x !llvm.ptr<4> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %ag = llvm.alloca %one x !llvm.ptr<4> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %gt = llvm.addrspacecast %tile : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.store %gt, %st {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %gst = llvm.addrspacecast %st : !llvm.ptr to !llvm.ptr<4>
  llvm.store %gst, %ag {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %gag = llvm.addrspacecast %ag : !llvm.ptr to !llvm.ptr<4>
  %v = llvm.call spir_funccc @read_through(%gag) : (!llvm.ptr<4>) -> f32
  llvm.store %v, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}

// -----

// The Agent's field holds one of two Storages (both private, so the field
// itself is retyped); what is loaded from it is either, and the second
// Storage holds a private pointer where the first holds a local one: the
// Storages keep their tags.
llvm.func internal spir_funccc @read_through_either(%ag: !llvm.ptr<4>) -> f32 attributes {no_inline} {
  %s = llvm.load %ag {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %p = llvm.load %s {alignment = 8 : i64} : !llvm.ptr<4> -> !llvm.ptr<4>
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<4> -> f32
  llvm.return %v : f32
}
llvm.func spir_kernelcc @negative_a_holder_of_two_slots_keeps_their_tags(%out: !llvm.ptr<1>, %tile: !llvm.ptr<3>, %x: f32, %c: i1) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %a = llvm.alloca %one x f32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  llvm.store %x, %a {alignment = 4 : i64} : f32, !llvm.ptr
  %st1 = llvm.alloca %one x !llvm.ptr<4> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %st2 = llvm.alloca %one x !llvm.ptr<4> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %ag = llvm.alloca %one x !llvm.ptr<4> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %gt = llvm.addrspacecast %tile : !llvm.ptr<3> to !llvm.ptr<4>
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  llvm.store %gt, %st1 {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  llvm.store %ga, %st2 {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  %g1 = llvm.addrspacecast %st1 : !llvm.ptr to !llvm.ptr<4>
  %g2 = llvm.addrspacecast %st2 : !llvm.ptr to !llvm.ptr<4>
  llvm.store %g1, %ag {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  llvm.cond_br %c, ^second, ^read
^second:
  llvm.store %g2, %ag {alignment = 8 : i64} : !llvm.ptr<4>, !llvm.ptr
  llvm.br ^read
^read:
  %gag = llvm.addrspacecast %ag : !llvm.ptr to !llvm.ptr<4>
  %v = llvm.call spir_funccc @read_through_either(%gag) : (!llvm.ptr<4>) -> f32
  llvm.store %v, %out {alignment = 4 : i64} : f32, !llvm.ptr<1>
  llvm.return
}
