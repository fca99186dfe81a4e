//! Runs lowered gas ops in MLIR's ExecutionEngine: the tag arithmetic of
//! seed 000 checked on bit patterns a CPU run of real kernels never produces
//! (upper-half canonical addresses, tag 111, foreign tags) and dispatches
//! that must reach the right memory.

use gas_dialect::AddressSpaceMap;
use melior::ir::operation::OperationLike;
use melior::ir::Module;
use melior::utility::register_all_llvm_translations;
use melior::{Context, ExecutionEngine};

/// Every function takes and returns an i64 (pointer bits, or a loaded value).
const FUNCTIONS: &str = r#"
llvm.mlir.global internal @local_word(0 : i32) {addr_space = 3 : i32} : i32
llvm.mlir.global internal @global_word(0 : i32) {addr_space = 1 : i32} : i32

llvm.func @tag_private(%bits: i64) -> i64 {
  %p = llvm.inttoptr %bits : i64 to !llvm.ptr
  %g = "gas.tag"(%p) : (!llvm.ptr) -> !llvm.ptr<4>
  %r = llvm.ptrtoint %g : !llvm.ptr<4> to i64
  llvm.return %r : i64
}
llvm.func @tag_local(%bits: i64) -> i64 {
  %p = llvm.inttoptr %bits : i64 to !llvm.ptr<3>
  %g = "gas.tag"(%p) : (!llvm.ptr<3>) -> !llvm.ptr<4>
  %r = llvm.ptrtoint %g : !llvm.ptr<4> to i64
  llvm.return %r : i64
}
llvm.func @tag_global(%bits: i64) -> i64 {
  %p = llvm.inttoptr %bits : i64 to !llvm.ptr<1>
  %g = "gas.tag"(%p) : (!llvm.ptr<1>) -> !llvm.ptr<4>
  %r = llvm.ptrtoint %g : !llvm.ptr<4> to i64
  llvm.return %r : i64
}
llvm.func @untag_private(%bits: i64) -> i64 {
  %g = llvm.inttoptr %bits : i64 to !llvm.ptr<4>
  %p = "gas.untag"(%g) : (!llvm.ptr<4>) -> !llvm.ptr
  %r = llvm.ptrtoint %p : !llvm.ptr to i64
  llvm.return %r : i64
}
llvm.func @untag_local(%bits: i64) -> i64 {
  %g = llvm.inttoptr %bits : i64 to !llvm.ptr<4>
  %p = "gas.untag"(%g) : (!llvm.ptr<4>) -> !llvm.ptr<3>
  %r = llvm.ptrtoint %p : !llvm.ptr<3> to i64
  llvm.return %r : i64
}
llvm.func @to_private(%bits: i64) -> i64 {
  %g = llvm.inttoptr %bits : i64 to !llvm.ptr<4>
  %p = "gas.to_named"(%g) : (!llvm.ptr<4>) -> !llvm.ptr
  %r = llvm.ptrtoint %p : !llvm.ptr to i64
  llvm.return %r : i64
}
llvm.func @to_local(%bits: i64) -> i64 {
  %g = llvm.inttoptr %bits : i64 to !llvm.ptr<4>
  %p = "gas.to_named"(%g) : (!llvm.ptr<4>) -> !llvm.ptr<3>
  %r = llvm.ptrtoint %p : !llvm.ptr<3> to i64
  llvm.return %r : i64
}
llvm.func @to_global(%bits: i64) -> i64 {
  %g = llvm.inttoptr %bits : i64 to !llvm.ptr<4>
  %p = "gas.to_named"(%g) : (!llvm.ptr<4>) -> !llvm.ptr<1>
  %r = llvm.ptrtoint %p : !llvm.ptr<1> to i64
  llvm.return %r : i64
}

// Stores `value` into a private, a local and a global word through generic
// pointers (three-way dispatches), then reads them back through generic
// pointers and returns private + 10 * local + 100 * global.
llvm.func @store_and_load_in_every_space(%value: i64) -> i64 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %v = llvm.trunc %value : i64 to i32
  %private = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  %local = llvm.mlir.addressof @local_word : !llvm.ptr<3>
  %global = llvm.mlir.addressof @global_word : !llvm.ptr<1>
  %gp = "gas.tag"(%private) : (!llvm.ptr) -> !llvm.ptr<4>
  %gl = "gas.tag"(%local) : (!llvm.ptr<3>) -> !llvm.ptr<4>
  %gg = "gas.tag"(%global) : (!llvm.ptr<1>) -> !llvm.ptr<4>
  %c2 = llvm.mlir.constant(2 : i32) : i32
  %c3 = llvm.mlir.constant(3 : i32) : i32
  %v2 = llvm.mul %v, %c2 : i32
  %v3 = llvm.mul %v, %c3 : i32
  "gas.dispatch"(%v, %gp) {access = "llvm.store", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 1, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (i32, !llvm.ptr<4>) -> ()
  "gas.dispatch"(%v2, %gl) {access = "llvm.store", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 1, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (i32, !llvm.ptr<4>) -> ()
  "gas.dispatch"(%v3, %gg) {access = "llvm.store", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 1, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (i32, !llvm.ptr<4>) -> ()
  %p = "gas.dispatch"(%gp) {access = "llvm.load", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>) -> i32
  %l = "gas.dispatch"(%gl) {access = "llvm.load", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>) -> i32
  %g = "gas.dispatch"(%gg) {access = "llvm.load", access_attrs = {alignment = 4 : i64}, operandSegmentSizes = array<i32: 1, 0, 0, 0>, spaces = [array<i32: 0, 3, 1>]} : (!llvm.ptr<4>) -> i32
  %c10 = llvm.mlir.constant(10 : i32) : i32
  %c100 = llvm.mlir.constant(100 : i32) : i32
  %l10 = llvm.mul %l, %c10 : i32
  %g100 = llvm.mul %g, %c100 : i32
  %s1 = llvm.add %p, %l10 : i32
  %s2 = llvm.add %s1, %g100 : i32
  %r = llvm.sext %s2 : i32 to i64
  llvm.return %r : i64
}
"#;

struct Lowered {
    // The engine refers to the module's context: keep it alive first.
    engine: ExecutionEngine,
    _context: Context,
}

impl Lowered {
    fn new() -> Self {
        let context = Context::new();
        gas_dialect::load(&context).expect("the gas dialect loads");
        register_all_llvm_translations(&context);
        let mut module = Module::parse(&context, FUNCTIONS).expect("the test module parses");
        gas_patterns::lower::run(&context, &mut module, &AddressSpaceMap::SPIR64)
            .expect("lower succeeds");
        assert!(module.as_operation().verify());
        let engine = ExecutionEngine::new(&module, 0, &[], false, false);
        Self {
            engine,
            _context: context,
        }
    }

    fn call(&self, function: &str, argument: u64) -> u64 {
        let address = self.engine.lookup(function);
        assert!(
            !address.is_null(),
            "`{function}` is not in the lowered module"
        );
        // SAFETY: every test function is an `llvm.func` taking one i64 and
        // returning one i64, i.e. this C signature on the host. (MLIR's packed
        // C interface needs `func.func` wrappers; plain LLVM functions are
        // called directly.)
        let function: extern "C" fn(u64) -> u64 = unsafe { std::mem::transmute(address) };
        function(argument)
    }
}

const LOW: u64 = 0x0000_7FFF_1234_5678;
/// An address in the upper canonical half (bits 56..63 all set).
const HIGH: u64 = 0xFFFF_8000_0000_1000;

#[test]
fn tags_are_set_in_bits_61_to_63_and_null_stays_null() {
    let lowered = Lowered::new();
    assert_eq!(lowered.call("tag_private", LOW), LOW | 1 << 61);
    assert_eq!(lowered.call("tag_local", LOW), LOW | 2 << 61);
    assert_eq!(lowered.call("tag_global", LOW), LOW);
    // An upper-half address loses its canonical bits to the tag...
    assert_eq!(lowered.call("tag_private", HIGH), 0x3FFF_8000_0000_1000);
    assert_eq!(lowered.call("tag_global", HIGH), HIGH);
    for function in ["tag_private", "tag_local", "tag_global"] {
        assert_eq!(lowered.call(function, 0), 0, "{function} of null");
    }
}

#[test]
fn untag_restores_canonical_form_in_both_halves() {
    let lowered = Lowered::new();
    for address in [LOW, HIGH] {
        let private = lowered.call("tag_private", address);
        let local = lowered.call("tag_local", address);
        // ...and untag gets them back from bits 56..59.
        assert_eq!(lowered.call("untag_private", private), address);
        assert_eq!(lowered.call("untag_local", local), address);
    }
}

#[test]
fn to_named_gives_the_pointer_only_for_its_own_tag() {
    let lowered = Lowered::new();
    let private = lowered.call("tag_private", LOW);
    let local = lowered.call("tag_local", LOW);
    assert_eq!(lowered.call("to_private", private), LOW);
    assert_eq!(lowered.call("to_local", private), 0);
    assert_eq!(lowered.call("to_global", private), 0);
    assert_eq!(lowered.call("to_private", local), 0);
    assert_eq!(lowered.call("to_local", local), LOW);
    assert_eq!(lowered.call("to_global", local), 0);
    // Global pointers in either canonical half (tags 000 and 111).
    for global in [LOW, HIGH] {
        assert_eq!(lowered.call("to_global", global), global);
        assert_eq!(lowered.call("to_private", global), 0);
        assert_eq!(lowered.call("to_local", global), 0);
    }
    for function in ["to_private", "to_local", "to_global"] {
        assert_eq!(lowered.call(function, 0), 0, "{function} of null");
    }
}

#[test]
fn dispatches_reach_the_memory_their_tags_name() {
    let lowered = Lowered::new();
    assert_eq!(
        lowered.call("store_and_load_in_every_space", 7),
        7 + 10 * 14 + 100 * 21
    );
}
