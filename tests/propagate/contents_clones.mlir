// gas-opt: --pipeline raise,propagate,lower --split-input-file --target nvptx
// A helper reading pointers out of memory its callers pass (a struct by
// value, or through a pointer) knows what every caller's memory holds
// there, merged. Where callers disagree (one struct holds a shared pointer,
// another a global one), each kind of call gets its own clone, named by
// what the memory holds at the offsets the helper reads
// (`m<parameter>_<offset><space>`), and each clone resolves for its own
// callers (the helper itself keeps the rest, which then agree). Where every
// caller agrees, nothing is cloned. On NVPTX a flat access to global memory
// runs as a global one does, so callers that differ only in which fields
// are known global are not split (contents_clones_spir.mlir: a tagged
// target splits them).

llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x f32>
llvm.func @first_of(%view: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, i32)>}) -> f32 {
  %data = llvm.load %view {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %v = llvm.load %data {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}
llvm.func ptx_kernelcc @struct_by_value_of_shared_or_global_clones_per_contents(%in: !llvm.ptr, %out: !llvm.ptr) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %s = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %sg = llvm.addrspacecast %s : !llvm.ptr<3> to !llvm.ptr
  %shared_view = llvm.alloca %one x !llvm.struct<(ptr, i32)> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  llvm.store %sg, %shared_view {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %global_view = llvm.alloca %one x !llvm.struct<(ptr, i32)> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  llvm.store %in, %global_view {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %a = llvm.call @first_of(%shared_view) : (!llvm.ptr) -> f32
  %b = llvm.call @first_of(%global_view) : (!llvm.ptr) -> f32
  %sum = llvm.fadd %a, %b : f32
  llvm.store %sum, %out {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x f32>
llvm.func @second_field(%pair: !llvm.ptr) -> f32 {
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %field = llvm.getelementptr inbounds %pair[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %data = llvm.load %field {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %v = llvm.load %data {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}
llvm.func ptx_kernelcc @struct_through_a_pointer_keys_the_field_read(%in: !llvm.ptr, %out: !llvm.ptr) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %s = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %sg = llvm.addrspacecast %s : !llvm.ptr<3> to !llvm.ptr
  %first = llvm.alloca %one x !llvm.struct<(ptr, ptr)> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  %first_b = llvm.getelementptr inbounds %first[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %in, %first {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  llvm.store %sg, %first_b {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %second = llvm.alloca %one x !llvm.struct<(ptr, ptr)> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  %second_b = llvm.getelementptr inbounds %second[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %sg, %second {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  llvm.store %in, %second_b {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %a = llvm.call @second_field(%first) : (!llvm.ptr) -> f32
  %b = llvm.call @second_field(%second) : (!llvm.ptr) -> f32
  %sum = llvm.fadd %a, %b : f32
  llvm.store %sum, %out {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @first_of(%view: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, i32)>}) -> f32 {
  %data = llvm.load %view {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %v = llvm.load %data {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}
llvm.func ptx_kernelcc @negative_callers_that_agree_need_no_clone(%in: !llvm.ptr, %other: !llvm.ptr, %out: !llvm.ptr) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %a_view = llvm.alloca %one x !llvm.struct<(ptr, i32)> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  llvm.store %in, %a_view {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %b_view = llvm.alloca %one x !llvm.struct<(ptr, i32)> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  llvm.store %other, %b_view {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %a = llvm.call @first_of(%a_view) : (!llvm.ptr) -> f32
  %b = llvm.call @first_of(%b_view) : (!llvm.ptr) -> f32
  %sum = llvm.fadd %a, %b : f32
  llvm.store %sum, %out {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x f32>
llvm.func @field_at(%pair: !llvm.ptr, %k: i64) -> f32 {
  %field = llvm.getelementptr inbounds %pair[%k] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr
  %data = llvm.load %field {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %v = llvm.load %data {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return %v : f32
}
llvm.func ptx_kernelcc @negative_a_field_at_a_run_time_index_keys_nothing(%in: !llvm.ptr, %out: !llvm.ptr, %k: i64) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %s = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %sg = llvm.addrspacecast %s : !llvm.ptr<3> to !llvm.ptr
  %first = llvm.alloca %one x !llvm.struct<(ptr, ptr)> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  llvm.store %sg, %first {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %second = llvm.alloca %one x !llvm.struct<(ptr, ptr)> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  llvm.store %in, %second {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %a = llvm.call @field_at(%first, %k) : (!llvm.ptr, i64) -> f32
  %b = llvm.call @field_at(%second, %k) : (!llvm.ptr, i64) -> f32
  %sum = llvm.fadd %a, %b : f32
  llvm.store %sum, %out {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @sum_of(%view: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, ptr)>}) -> f32 {
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %a = llvm.load %view {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %second = llvm.getelementptr inbounds %view[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %b = llvm.load %second {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %x = llvm.load %a {alignment = 4 : i64} : !llvm.ptr -> f32
  %y = llvm.load %b {alignment = 4 : i64} : !llvm.ptr -> f32
  %s = llvm.fadd %x, %y : f32
  llvm.return %s : f32
}
llvm.func ptx_kernelcc @negative_callers_differing_only_in_global_fields_share_the_helper(%in: !llvm.ptr, %out: !llvm.ptr, %c: i1) {
  %one = llvm.mlir.constant(1 : i64) : i64
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %first = llvm.alloca %one x !llvm.struct<(ptr, ptr)> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  %first_b = llvm.getelementptr inbounds %first[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %in, %first {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  llvm.store %in, %first_b {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %second = llvm.alloca %one x !llvm.struct<(ptr, ptr)> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  %second_b = llvm.getelementptr inbounds %second[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %in, %second {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %unknown = llvm.call @elsewhere() : () -> !llvm.ptr
  llvm.store %unknown, %second_b {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %a = llvm.call @sum_of(%first) : (!llvm.ptr) -> f32
  %b = llvm.call @sum_of(%second) : (!llvm.ptr) -> f32
  %sum = llvm.fadd %a, %b : f32
  llvm.store %sum, %out {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}
llvm.func @elsewhere() -> !llvm.ptr
