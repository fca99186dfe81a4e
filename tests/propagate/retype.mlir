// gas-opt: --pipeline raise,propagate --split-input-file
// Merges of one space are retyped: a select or block argument whose incoming
// values are all tags of one named type (or null) takes that type and is
// tagged once after the merge.

llvm.func @select_of_two_locals_is_local(%c: i1, %a: !llvm.ptr<3>, %b: !llvm.ptr<3>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr<4>
  %gb = llvm.addrspacecast %b : !llvm.ptr<3> to !llvm.ptr<4>
  %g = llvm.select %c, %ga, %gb : i1, !llvm.ptr<4>
  %v = llvm.load %g : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

llvm.func @select_of_private_and_null_is_private(%c: i1, %a: !llvm.ptr) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %z = llvm.mlir.zero : !llvm.ptr<4>
  %g = llvm.select %c, %z, %ga : i1, !llvm.ptr<4>
  %v = llvm.load %g : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

llvm.func @select_of_selects_is_retyped_inside_out(%c: i1, %d: i1, %a: !llvm.ptr<1>, %b: !llvm.ptr<1>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<1> to !llvm.ptr<4>
  %gb = llvm.addrspacecast %b : !llvm.ptr<1> to !llvm.ptr<4>
  %inner = llvm.select %c, %ga, %gb : i1, !llvm.ptr<4>
  %outer = llvm.select %d, %inner, %ga : i1, !llvm.ptr<4>
  %v = llvm.load %outer : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

llvm.func @negative_select_of_local_and_global_stays_generic(%c: i1, %a: !llvm.ptr<3>, %b: !llvm.ptr<1>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr<4>
  %gb = llvm.addrspacecast %b : !llvm.ptr<1> to !llvm.ptr<4>
  %g = llvm.select %c, %ga, %gb : i1, !llvm.ptr<4>
  %v = llvm.load %g : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

llvm.func @negative_select_with_an_unknown_pointer_stays_generic(%c: i1, %a: !llvm.ptr<3>, %b: !llvm.ptr<4>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr<4>
  %g = llvm.select %c, %ga, %b : i1, !llvm.ptr<4>
  %v = llvm.load %g : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

llvm.func @phi_of_two_locals_is_local(%c: i1, %a: !llvm.ptr<3>, %b: !llvm.ptr<3>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr<4>
  %gb = llvm.addrspacecast %b : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.cond_br %c, ^left, ^right
^left:
  llvm.br ^join(%ga : !llvm.ptr<4>)
^right:
  llvm.br ^join(%gb : !llvm.ptr<4>)
^join(%g: !llvm.ptr<4>):
  %v = llvm.load %g : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

llvm.func @phi_of_global_and_null_is_global(%c: i1, %a: !llvm.ptr<1>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<1> to !llvm.ptr<4>
  %z = llvm.mlir.zero : !llvm.ptr<4>
  llvm.cond_br %c, ^join(%ga : !llvm.ptr<4>), ^join(%z : !llvm.ptr<4>)
^join(%g: !llvm.ptr<4>):
  %v = llvm.load %g : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// A loop passing the pointer back unchanged keeps it; the chain of blocks
// after it follows.
llvm.func @loop_passing_the_argument_back_is_retyped(%n: i32, %a: !llvm.ptr<3>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr<4>
  %zero = llvm.mlir.constant(0 : i32) : i32
  %one = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^loop(%ga, %zero : !llvm.ptr<4>, i32)
^loop(%p: !llvm.ptr<4>, %i: i32):
  %v = llvm.load %p : !llvm.ptr<4> -> i32
  %next = llvm.add %i, %one : i32
  %done = llvm.icmp "sge" %next, %n : i32
  llvm.cond_br %done, ^exit(%p : !llvm.ptr<4>), ^loop(%p, %next : !llvm.ptr<4>, i32)
^exit(%q: !llvm.ptr<4>):
  %w = llvm.load %q : !llvm.ptr<4> -> i32
  llvm.return %w : i32
}

// -----

// The back edge passes a GEP of the argument: the argument and its GEP take
// the named type together (`gep(tag p, 1)` = `tag(gep(p, 1))`).
llvm.func @loop_advancing_the_pointer_is_retyped_with_its_gep(%n: i32, %a: !llvm.ptr<3>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr<4>
  %zero = llvm.mlir.constant(0 : i32) : i32
  %one = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^loop(%ga, %zero : !llvm.ptr<4>, i32)
^loop(%p: !llvm.ptr<4>, %i: i32):
  %v = llvm.load %p : !llvm.ptr<4> -> i32
  %step = llvm.getelementptr %p[1] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i32
  %next = llvm.add %i, %one : i32
  %done = llvm.icmp "sge" %next, %n : i32
  llvm.cond_br %done, ^exit, ^loop(%step, %next : !llvm.ptr<4>, i32)
^exit:
  llvm.return %v : i32
}

// -----

llvm.func @negative_phi_of_private_and_local_stays_generic(%c: i1, %a: !llvm.ptr, %b: !llvm.ptr<3>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %gb = llvm.addrspacecast %b : !llvm.ptr<3> to !llvm.ptr<4>
  llvm.cond_br %c, ^join(%ga : !llvm.ptr<4>), ^join(%gb : !llvm.ptr<4>)
^join(%g: !llvm.ptr<4>):
  %v = llvm.load %g : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// A GEP of the argument where null may flow in: a GEP of null is an integer,
// not a pointer of the space, so the merge stays generic.
llvm.func @negative_loop_advancing_from_null_stays_generic(%n: i32, %c: i1, %a: !llvm.ptr<3>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr<4>
  %z = llvm.mlir.zero : !llvm.ptr<4>
  %zero = llvm.mlir.constant(0 : i32) : i32
  %one = llvm.mlir.constant(1 : i32) : i32
  llvm.cond_br %c, ^loop(%ga, %zero : !llvm.ptr<4>, i32), ^loop(%z, %zero : !llvm.ptr<4>, i32)
^loop(%p: !llvm.ptr<4>, %i: i32):
  %step = llvm.getelementptr %p[1] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i32
  %next = llvm.add %i, %one : i32
  %done = llvm.icmp "sge" %next, %n : i32
  llvm.cond_br %done, ^exit, ^loop(%step, %next : !llvm.ptr<4>, i32)
^exit:
  %v = llvm.load %p : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// The GEP's other users (the store's address, the exit's argument) see it
// tagged; the loop carries it named.
llvm.func @loop_gep_used_outside_the_chain_is_tagged_for_its_users(%n: i32, %a: !llvm.ptr<3>, %out: !llvm.ptr<1>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr<4>
  %zero = llvm.mlir.constant(0 : i32) : i32
  %one = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^loop(%ga, %zero : !llvm.ptr<4>, i32)
^loop(%p: !llvm.ptr<4>, %i: i32):
  %step = llvm.getelementptr %p[1] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i32
  llvm.store %i, %step : i32, !llvm.ptr<4>
  llvm.store %step, %out : !llvm.ptr<4>, !llvm.ptr<1>
  %next = llvm.add %i, %one : i32
  %done = llvm.icmp "sge" %next, %n : i32
  llvm.cond_br %done, ^exit(%step : !llvm.ptr<4>), ^loop(%step, %next : !llvm.ptr<4>, i32)
^exit(%q: !llvm.ptr<4>):
  %v = llvm.load %q : !llvm.ptr<4> -> i32
  llvm.return %v : i32
}

// -----

// A loop keeping one of the pointers it walks (`m = v > *m ? p : m`): the
// argument, the select that feeds it back and the select's other user (the
// exit's load) follow; the select takes the named type with the argument.
llvm.func @loop_keeping_one_of_the_pointers_it_walks_is_retyped_with_its_select(%n: i32, %a: !llvm.ptr<3>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr<4>
  %zero = llvm.mlir.constant(0 : i32) : i32
  %one = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^loop(%ga, %zero : !llvm.ptr<4>, i32)
^loop(%m: !llvm.ptr<4>, %i: i32):
  %p = llvm.getelementptr %ga[%i] : (!llvm.ptr<4>, i32) -> !llvm.ptr<4>, i32
  %v = llvm.load %p : !llvm.ptr<4> -> i32
  %best = llvm.load %m : !llvm.ptr<4> -> i32
  %better = llvm.icmp "sgt" %v, %best : i32
  %keep = llvm.select %better, %p, %m : i1, !llvm.ptr<4>
  %next = llvm.add %i, %one : i32
  %done = llvm.icmp "sge" %next, %n : i32
  llvm.cond_br %done, ^exit, ^loop(%keep, %next : !llvm.ptr<4>, i32)
^exit:
  %w = llvm.load %keep : !llvm.ptr<4> -> i32
  llvm.return %w : i32
}

// -----

// The same with null kept where nothing was found: null of the space.
llvm.func @loop_keeping_a_pointer_or_null_is_retyped_with_its_select(%n: i32, %a: !llvm.ptr<1>) -> i1 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<1> to !llvm.ptr<4>
  %null = llvm.mlir.zero : !llvm.ptr<4>
  %zero = llvm.mlir.constant(0 : i32) : i32
  %one = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^loop(%null, %zero : !llvm.ptr<4>, i32)
^loop(%m: !llvm.ptr<4>, %i: i32):
  %p = llvm.getelementptr %ga[%i] : (!llvm.ptr<4>, i32) -> !llvm.ptr<4>, i32
  %v = llvm.load %p : !llvm.ptr<4> -> i32
  %odd = llvm.trunc %v : i32 to i1
  %keep = llvm.select %odd, %p, %m : i1, !llvm.ptr<4>
  %next = llvm.add %i, %one : i32
  %done = llvm.icmp "sge" %next, %n : i32
  llvm.cond_br %done, ^exit(%keep : !llvm.ptr<4>), ^loop(%keep, %next : !llvm.ptr<4>, i32)
^exit(%found: !llvm.ptr<4>):
  %none = llvm.icmp "eq" %found, %null : !llvm.ptr<4>
  llvm.return %none : i1
}

// -----

// The select may keep a pointer read from memory: the loop stays generic.
llvm.func @negative_loop_keeping_a_loaded_pointer_stays_generic(%n: i32, %a: !llvm.ptr<3>, %slot: !llvm.ptr<1>) -> i32 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr<4>
  %zero = llvm.mlir.constant(0 : i32) : i32
  %one = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^loop(%ga, %zero : !llvm.ptr<4>, i32)
^loop(%m: !llvm.ptr<4>, %i: i32):
  %q = llvm.load %slot : !llvm.ptr<1> -> !llvm.ptr<4>
  %v = llvm.load %q : !llvm.ptr<4> -> i32
  %best = llvm.load %m : !llvm.ptr<4> -> i32
  %better = llvm.icmp "sgt" %v, %best : i32
  %keep = llvm.select %better, %q, %m : i1, !llvm.ptr<4>
  %next = llvm.add %i, %one : i32
  %done = llvm.icmp "sge" %next, %n : i32
  llvm.cond_br %done, ^exit, ^loop(%keep, %next : !llvm.ptr<4>, i32)
^exit:
  %w = llvm.load %keep : !llvm.ptr<4> -> i32
  llvm.return %w : i32
}

// -----

llvm.func @compare_of_two_local_tags_compares_the_local_pointers(%a: !llvm.ptr<3>, %b: !llvm.ptr<3>) -> i1 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr<4>
  %gb = llvm.addrspacecast %b : !llvm.ptr<3> to !llvm.ptr<4>
  %lt = llvm.icmp "ult" %ga, %gb : !llvm.ptr<4>
  llvm.return %lt : i1
}

// -----

llvm.func @compare_with_null_compares_with_the_named_null(%a: !llvm.ptr) -> i1 {
  %ga = llvm.addrspacecast %a : !llvm.ptr to !llvm.ptr<4>
  %z = llvm.mlir.zero : !llvm.ptr<4>
  %eq = llvm.icmp "eq" %ga, %z : !llvm.ptr<4>
  llvm.return %eq : i1
}

// -----

llvm.func @negative_compare_of_local_and_global_stays_generic(%a: !llvm.ptr<3>, %b: !llvm.ptr<1>) -> i1 {
  %ga = llvm.addrspacecast %a : !llvm.ptr<3> to !llvm.ptr<4>
  %gb = llvm.addrspacecast %b : !llvm.ptr<1> to !llvm.ptr<4>
  %eq = llvm.icmp "eq" %ga, %gb : !llvm.ptr<4>
  llvm.return %eq : i1
}
