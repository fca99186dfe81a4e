//! `gas.dispatch` carries an LLVM access as data. These tests prove the
//! encoding round-trips every access kind with every attribute, and that the
//! dispatches built from real accesses pass MLIR's and gas's verifiers.

use gas_dialect::access::access_kind;
use gas_dialect::ops::{dispatch_for_access, Dispatch};
use gas_dialect::{AddressSpaceMap, SpaceSet};
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{Module, OperationRef, RegionLike, Type, Value, ValueLike};
use melior::Context;

/// Every access kind, with the attributes each can carry.
const ACCESSES: &str = r#"
llvm.func @accesses(%g: !llvm.ptr<4>, %h: !llvm.ptr<4>, %l: !llvm.ptr<3>, %v: i32, %n: i64, %b: i8, %m: vector<4xi1>, %w: vector<4xi32>, %lanes: vector<4x!llvm.ptr<4>>) {
  %0 = llvm.load volatile %g {alignment = 8 : i64, nontemporal} : !llvm.ptr<4> -> i32
  %1 = llvm.load %g atomic syncscope("workgroup") acquire {alignment = 4 : i64} : !llvm.ptr<4> -> i32
  llvm.store %v, %g {alignment = 4 : i64} : i32, !llvm.ptr<4>
  llvm.store volatile %v, %g atomic release {alignment = 4 : i64} : i32, !llvm.ptr<4>
  %2 = llvm.atomicrmw add %g, %v seq_cst : !llvm.ptr<4>, i32
  %3 = llvm.atomicrmw volatile umax %g, %v syncscope("workgroup") monotonic {alignment = 4 : i64} : !llvm.ptr<4>, i32
  %4 = llvm.cmpxchg %g, %v, %v acq_rel monotonic : !llvm.ptr<4>, i32
  %5 = llvm.cmpxchg weak volatile %g, %v, %v syncscope("workgroup") seq_cst seq_cst {alignment = 4 : i64} : !llvm.ptr<4>, i32
  "llvm.intr.memcpy"(%g, %h, %n) <{isVolatile = false}> : (!llvm.ptr<4>, !llvm.ptr<4>, i64) -> ()
  "llvm.intr.memcpy"(%g, %l, %n) <{isVolatile = true}> : (!llvm.ptr<4>, !llvm.ptr<3>, i64) -> ()
  "llvm.intr.memmove"(%l, %g, %n) <{isVolatile = false}> : (!llvm.ptr<3>, !llvm.ptr<4>, i64) -> ()
  "llvm.intr.memset"(%g, %b, %n) <{isVolatile = false}> : (!llvm.ptr<4>, i8, i64) -> ()
  "llvm.intr.memcpy.inline"(%g, %h) <{isVolatile = false, len = 16 : i64}> : (!llvm.ptr<4>, !llvm.ptr<4>) -> ()
  "llvm.intr.memset.inline"(%g, %b) <{isVolatile = false, len = 16 : i64}> : (!llvm.ptr<4>, i8) -> ()
  %6 = llvm.intr.masked.load %g, %m, %w {alignment = 4 : i32, nontemporal} : (!llvm.ptr<4>, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  llvm.intr.masked.store %6, %g, %m {alignment = 4 : i32} : vector<4xi32>, vector<4xi1> into !llvm.ptr<4>
  "llvm.intr.prefetch"(%g) <{cache = 1 : i32, hint = 3 : i32, rw = 1 : i32}> : (!llvm.ptr<4>) -> ()
  %7 = llvm.intr.masked.gather %lanes, %m, %w {alignment = 8 : i32} : (vector<4x!llvm.ptr<4>>, vector<4xi1>, vector<4xi32>) -> vector<4xi32>
  llvm.intr.masked.scatter %7, %lanes, %m {alignment = 4 : i32} : vector<4xi32>, vector<4xi1> into vector<4x!llvm.ptr<4>>
  llvm.return
}
"#;

fn context() -> Context {
    let context = Context::new();
    gas_dialect::load(&context).expect("the dialect loads");
    context
}

fn accesses<'c, 'a>(module: &'a Module<'c>) -> Vec<OperationRef<'c, 'a>> {
    let function = module.body().first_operation().expect("one function");
    let body = function
        .region(0)
        .expect("a body")
        .first_block()
        .expect("an entry block");
    let mut found = Vec::new();
    let mut next = body.first_operation();
    while let Some(op) = next {
        if access_kind(op.name().as_string_ref().as_str().unwrap_or("")).is_some() {
            found.push(op);
        }
        next = op.next_in_block();
    }
    found
}

#[test]
fn every_access_kind_round_trips_through_dispatch() {
    let context = context();
    let map = AddressSpaceMap::SPIR64;
    let module = Module::parse(&context, ACCESSES).expect("the accesses parse");
    assert!(module.as_operation().verify());
    let originals = accesses(&module);
    assert_eq!(originals.len(), 19);
    let block = module
        .body()
        .first_operation()
        .and_then(|function| function.region(0).ok())
        .and_then(|region| region.first_block())
        .expect("an entry block");
    let mut kinds_seen = Vec::new();
    for original in originals {
        let name = original
            .name()
            .as_string_ref()
            .as_str()
            .unwrap_or("")
            .to_string();
        let generic_addresses = access_kind(&name)
            .expect("a known access")
            .address_operands
            .iter()
            .filter(|index| {
                original.operand(**index).is_ok_and(|operand| {
                    let r#type = operand.r#type().to_string();
                    r#type == "!llvm.ptr<4>" || r#type == "vector<4x!llvm.ptr<4>>"
                })
            })
            .count();
        let spaces = vec![SpaceSet::ALL; generic_addresses];
        let built = dispatch_for_access(&context, &map, &original, &spaces).expect("a dispatch");
        let dispatch = block.insert_operation_before(original, built);
        let view = Dispatch::of(dispatch).expect("a gas.dispatch");
        assert_eq!(view.access().expect("access"), name);
        assert_eq!(view.spaces(&map).expect("spaces"), spaces);
        assert_eq!(
            view.generic_addresses(&map).expect("addresses").len(),
            generic_addresses
        );

        let rebuilt = view
            .rebuild_access(&view.operands(), original.location())
            .expect("the access rebuilds");
        let rebuilt = block.insert_operation_before(original, rebuilt);
        assert_eq!(rebuilt.name(), original.name(), "{name}");
        let original_attributes: Vec<_> = original.attributes().collect();
        assert!(!original_attributes.is_empty(), "{name} carries attributes");
        assert_eq!(
            rebuilt.attributes().collect::<Vec<_>>(),
            original_attributes,
            "{name}: attributes"
        );
        assert_eq!(
            rebuilt.operands().collect::<Vec<Value>>(),
            original.operands().collect::<Vec<Value>>(),
            "{name}: operands"
        );
        assert_eq!(
            rebuilt
                .results()
                .map(|result| result.r#type())
                .collect::<Vec<Type>>(),
            original
                .results()
                .map(|result| result.r#type())
                .collect::<Vec<Type>>(),
            "{name}: results"
        );
        kinds_seen.push(name);
    }
    kinds_seen.sort();
    kinds_seen.dedup();
    assert_eq!(kinds_seen.len(), gas_dialect::access::ACCESS_KINDS.len());
    assert!(module.as_operation().verify(), "{}", module.as_operation());
    gas_dialect::verify::verify(&module.as_operation(), &map).expect("gas rules hold");
}

#[test]
fn loading_twice_is_harmless() {
    let context = context();
    gas_dialect::load(&context).expect("a second load is a no-op");
    assert!(context.is_registered_operation(gas_dialect::names::DISPATCH));
    for name in gas_dialect::names::ALL_OPS {
        assert!(context.is_registered_operation(name), "{name}");
    }
}
