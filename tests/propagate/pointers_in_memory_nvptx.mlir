// gas-opt: --pipeline raise,propagate,lower --split-input-file --target nvptx
// Pointers that pass through memory (issue 44): a slot of private memory
// holds what the code stores into it, followed through callees that hand
// its address back, through slots that keep its address (a reference
// member, a capture), through selects and loops, and next to bytes copied
// from the kernel's parameters. Where any of that cannot be followed, the
// access stays as it was (negative_ cases).

// A template's function-scope `__shared__` variable is `linkonce_odr`:
// every copy the linker may pick has the same initializer, and in a closed
// world only this module's code writes it (HeCBench's quicksort).
llvm.mlir.global linkonce_odr @ping() {addr_space = 3 : i32} : !llvm.array<64 x i32>
llvm.mlir.global linkonce_odr @pong() {addr_space = 3 : i32} : !llvm.array<64 x i32>
llvm.mlir.global linkonce_odr @current() {addr_space = 3 : i32} : !llvm.ptr {
  %0 = llvm.mlir.undef : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func ptx_kernelcc @a_pointer_in_a_linkonce_odr_shared_variable_is_shared(%c: i1, %i: i64, %x: i32) {
  %a = llvm.mlir.addressof @ping : !llvm.ptr<3>
  %b = llvm.mlir.addressof @pong : !llvm.ptr<3>
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr
  %gb = llvm.addrspacecast %b : !llvm.ptr<3> to !llvm.ptr
  %pick = llvm.select %c, %ga, %gb : i1, !llvm.ptr
  %slot = llvm.mlir.addressof @current : !llvm.ptr<3>
  %gslot = llvm.addrspacecast %slot : !llvm.ptr<3> to !llvm.ptr
  llvm.store %pick, %gslot {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %p = llvm.load %gslot {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %x, %q {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

// `std::forward` out of line (-fno-inline): the callee hands the address
// back, so its result is the same memory, and what is stored through it is
// seen.
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x i32>
llvm.func linkonce_odr @forward(%r: !llvm.ptr) -> !llvm.ptr attributes {passthrough = ["noinline"]} {
  llvm.return %r : !llvm.ptr
}
llvm.func linkonce_odr @add(%a: !llvm.ptr, %b: !llvm.ptr) -> i32 attributes {passthrough = ["noinline"]} {
  %fa = llvm.call @forward(%a) : (!llvm.ptr) -> !llvm.ptr
  %x = llvm.load %fa {alignment = 4 : i64} : !llvm.ptr -> i32
  %fb = llvm.call @forward(%b) : (!llvm.ptr) -> !llvm.ptr
  %y = llvm.load %fb {alignment = 4 : i64} : !llvm.ptr -> i32
  %s = llvm.add %x, %y : i32
  llvm.return %s : i32
}
llvm.func ptx_kernelcc @an_address_a_callee_hands_back_is_the_same_memory(%i: i64) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %scan = llvm.alloca %one x !llvm.struct<(ptr, i32, i32)> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %gt = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  llvm.store %gt, %scan {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %c12 = llvm.mlir.constant(12 : i64) : i64
  %f = llvm.getelementptr inbounds %scan[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %g = llvm.getelementptr inbounds %scan[%c12] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %sum = llvm.call @add(%f, %g) : (!llvm.ptr, !llvm.ptr) -> i32
  %p = llvm.load %scan {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %sum, %q {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

// The callee hands the slot back through another call; the caller stores
// a global pointer through the result, so the slot holds either.
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x i32>
llvm.func linkonce_odr @forward(%r: !llvm.ptr) -> !llvm.ptr attributes {passthrough = ["noinline"]} {
  llvm.return %r : !llvm.ptr
}
llvm.func linkonce_odr @forward_twice(%r: !llvm.ptr) -> !llvm.ptr attributes {passthrough = ["noinline"]} {
  %f = llvm.call @forward(%r) : (!llvm.ptr) -> !llvm.ptr
  llvm.return %f : !llvm.ptr
}
llvm.func ptx_kernelcc @negative_a_store_through_a_handed_back_address_is_seen(%out: !llvm.ptr, %i: i64, %x: i32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %slot = llvm.alloca %one x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %gt = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  llvm.store %gt, %slot {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %same = llvm.call @forward_twice(%slot) : (!llvm.ptr) -> !llvm.ptr
  llvm.store %out, %same {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %p = llvm.load %slot {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %x, %q {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

// A reference member: an object keeps the address of the kernel's copy of
// a by-value struct (cub's AgentSelect keeps `ScanTileState &`); what the
// copy holds is what the host wrote, global memory.
llvm.func ptx_kernelcc @a_reference_member_to_the_kernels_copy_is_followed(%state: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, i32)>}, %i: i64, %x: i32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %agent = llvm.alloca %one x !llvm.struct<(ptr, ptr)> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %member = llvm.getelementptr inbounds %agent[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  llvm.store %state, %member {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %ref = llvm.load %member {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %descriptors = llvm.load %ref {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %q = llvm.getelementptr inbounds %descriptors[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %x, %q {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

// The object's reference is read back and a shared pointer stored through
// it into the copy: the copy then holds global or shared pointers.
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x i32>
llvm.func ptx_kernelcc @negative_a_store_through_a_reloaded_reference_is_seen(%state: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, i32)>}, %i: i64, %x: i32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %agent = llvm.alloca %one x !llvm.struct<(ptr, ptr)> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  llvm.store %state, %agent {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %ref = llvm.load %agent {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %gt = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  llvm.store %gt, %ref {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %descriptors = llvm.load %state {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %q = llvm.getelementptr inbounds %descriptors[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %x, %q {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

// The slot keeping the object's address is handed to code gas cannot see:
// that code may write anything through it.
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x i32>
llvm.func @unknown(!llvm.ptr)
llvm.func ptx_kernelcc @negative_a_slot_handed_to_unknown_code_says_nothing(%i: i64, %x: i32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %object = llvm.alloca %one x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %gt = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  llvm.store %gt, %object {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %holder = llvm.alloca %one x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
  llvm.store %object, %holder {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  llvm.call @unknown(%holder) : (!llvm.ptr) -> ()
  %p = llvm.load %object {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %x, %q {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

// Bytes copied from the kernel's parameter hold host pointers only where
// they land: the member before them still holds what the kernel stored.
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x i32>
llvm.func ptx_kernelcc @bytes_copied_in_hold_host_pointers_only_where_they_land(%in: !llvm.ptr {llvm.byval = !llvm.struct<(ptr, i64)>}, %i: i64, %x: i32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %agent = llvm.alloca %one x !llvm.struct<(ptr, ptr, i64)> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %copy = llvm.getelementptr inbounds %agent[%c8] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  "llvm.intr.memcpy"(%copy, %in, %c16) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %gt = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  llvm.store %gt, %agent {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %shared = llvm.load %agent {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %host = llvm.load %copy {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %v = llvm.getelementptr inbounds %host[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %y = llvm.load %v {alignment = 4 : i64} : !llvm.ptr -> i32
  %q = llvm.getelementptr inbounds %shared[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %y, %q {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

// Double buffers: two objects, one chosen at run time, and a loop that
// walks a cursor kept in a third: every slot holds shared pointers.
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x i32>
llvm.func ptx_kernelcc @slots_chosen_by_select_and_loop_hold_shared_pointers(%c: i1, %n: i64, %x: i32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %front = llvm.alloca %one x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %back = llvm.alloca %one x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %gt = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  %c32 = llvm.mlir.constant(32 : i64) : i64
  %half = llvm.getelementptr inbounds %gt[%c32] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %gt, %front {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  llvm.store %half, %back {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %slot = llvm.select %c, %front, %back : i1, !llvm.ptr
  %zero = llvm.mlir.constant(0 : i64) : i64
  llvm.br ^loop(%slot, %zero : !llvm.ptr, i64)
^loop(%s: !llvm.ptr, %k: i64):
  %p = llvm.load %s {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %q = llvm.getelementptr inbounds %p[%k] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %x, %q {alignment = 4 : i64} : i32, !llvm.ptr
  %next = llvm.select %c, %back, %front : i1, !llvm.ptr
  %k1 = llvm.add %k, %c32 : i64
  %more = llvm.icmp "slt" %k1, %n : i64
  llvm.cond_br %more, ^loop(%next, %k1 : !llvm.ptr, i64), ^done
^done:
  llvm.return
}

// -----

// A global pointer stored through a select of two slots (or a block
// argument that may be either) may land in either slot.
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x i32>
llvm.func ptx_kernelcc @negative_stores_through_a_select_or_a_block_argument_are_seen(%out: !llvm.ptr, %c: i1, %i: i64, %x: i32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %front = llvm.alloca %one x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %back = llvm.alloca %one x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %gt = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  llvm.store %gt, %front {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  llvm.store %gt, %back {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %either = llvm.select %c, %front, %back : i1, !llvm.ptr
  llvm.store %out, %either {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  llvm.cond_br %c, ^write(%back : !llvm.ptr), ^read
^write(%w: !llvm.ptr):
  llvm.store %out, %w {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  llvm.br ^read
^read:
  %p = llvm.load %front {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %x, %q {alignment = 4 : i64} : i32, !llvm.ptr
  %r = llvm.load %back {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %s = llvm.getelementptr inbounds %r[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %x, %s {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

// Callees that may hand the slot back in ways a plain return does not
// show: through a select, or from a body gas cannot see (a read-only
// declaration may still return its argument). A store through the result
// may land in the slot.
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x i32>
llvm.func @identity(!llvm.ptr {llvm.readonly}) -> !llvm.ptr
llvm.func linkonce_odr @pick(%c: i1, %a: !llvm.ptr, %b: !llvm.ptr) -> !llvm.ptr attributes {passthrough = ["noinline"]} {
  %p = llvm.select %c, %a, %b : i1, !llvm.ptr
  llvm.return %p : !llvm.ptr
}
llvm.func ptx_kernelcc @negative_slots_handed_back_by_a_select_or_a_declaration_are_seen(%out: !llvm.ptr, %c: i1, %i: i64, %x: i32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %first = llvm.alloca %one x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %second = llvm.alloca %one x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %gt = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  llvm.store %gt, %first {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  llvm.store %gt, %second {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %chosen = llvm.call @pick(%c, %first, %out) : (i1, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
  llvm.store %out, %chosen {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %same = llvm.call @identity(%second) : (!llvm.ptr) -> !llvm.ptr
  llvm.store %out, %same {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %p = llvm.load %first {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %x, %q {alignment = 4 : i64} : i32, !llvm.ptr
  %r = llvm.load %second {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %s = llvm.getelementptr inbounds %r[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %x, %s {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

// A cursor's method advances the pointer member itself (`p += 1`): what it
// stores back points where the member did, so the shared cursor's calls
// get a clone that reads shared memory, the global cursor's one that reads
// global memory (the CUDA corpus's Cursor::next).
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x i32>
llvm.func linkonce_odr @next(%c: !llvm.ptr) -> i32 attributes {passthrough = ["noinline"]} {
  %p = llvm.load %c {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> i32
  %one = llvm.mlir.constant(1 : i64) : i64
  %q = llvm.getelementptr inbounds %p[%one] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %q, %c {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  llvm.return %v : i32
}
llvm.func ptx_kernelcc @a_cursor_its_method_advances_keeps_its_space(%out: !llvm.ptr<1>) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %shared = llvm.alloca %one x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %global = llvm.alloca %one x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %gt = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  llvm.store %gt, %shared {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %go = llvm.addrspacecast %out : !llvm.ptr<1> to !llvm.ptr
  llvm.store %go, %global {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %a = llvm.call @next(%shared) : (!llvm.ptr) -> i32
  %b = llvm.call @next(%global) : (!llvm.ptr) -> i32
  %c = llvm.call @next(%shared) : (!llvm.ptr) -> i32
  %ab = llvm.add %a, %b : i32
  %abc = llvm.add %ab, %c : i32
  llvm.store %abc, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}

// -----

// A method that stores another cursor's pointer, moved, into this one
// (`dst->p = src->p + 1`): the shared cursor may then hold a global
// pointer, and its reads stay dynamic.
llvm.mlir.global internal @tile() {addr_space = 3 : i32} : !llvm.array<64 x i32>
llvm.func linkonce_odr @next(%c: !llvm.ptr) -> i32 attributes {passthrough = ["noinline"]} {
  %p = llvm.load %c {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.return %v : i32
}
llvm.func linkonce_odr @take(%dst: !llvm.ptr, %src: !llvm.ptr) attributes {passthrough = ["noinline"]} {
  %p = llvm.load %src {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %one = llvm.mlir.constant(1 : i64) : i64
  %q = llvm.getelementptr inbounds %p[%one] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %q, %dst {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  llvm.return
}
llvm.func ptx_kernelcc @negative_a_cursor_given_another_cursors_pointer_holds_both(%out: !llvm.ptr<1>, %flag: i1) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %shared = llvm.alloca %one x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %global = llvm.alloca %one x !llvm.ptr {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %t = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %gt = llvm.addrspacecast %t : !llvm.ptr<3> to !llvm.ptr
  llvm.store %gt, %shared {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %go = llvm.addrspacecast %out : !llvm.ptr<1> to !llvm.ptr
  llvm.store %go, %global {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  llvm.cond_br %flag, ^take, ^read
^take:
  llvm.call @take(%shared, %global) : (!llvm.ptr, !llvm.ptr) -> ()
  llvm.br ^read
^read:
  %a = llvm.call @next(%shared) : (!llvm.ptr) -> i32
  llvm.store %a, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
