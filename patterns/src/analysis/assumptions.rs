//! What `llvm.assume` says about where a pointer points.
//!
//! On a flat target the program may test a flat address with the target's
//! space tests (`llvm.amdgcn.is.shared`, `llvm.nvvm.isspacep.global`, ...,
//! the same tests `lower` emits for `to_*`) and assume the answer. After
//! `assume(is.shared(p))`, `p` points to local memory wherever the assume
//! has run: in its own block after it, and anywhere in the function when it
//! is in the entry block (which runs before every other block). Elsewhere
//! nothing is assumed: a use before the assume, or in a block it does not
//! dominate, keeps what the analysis knows. A condition is read as far as it
//! is exactly a statement about spaces: tests, their negation
//! (`xor c, true`), `and`, `or`.

use crate::ir::{defining_op, name_of, operand};
use gas_dialect::ops::string_value;
use gas_dialect::{AddressSpace, AddressSpaceMap, GenericPointers, SpaceSet, SpaceTest};
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{OperationRef, Value, ValueLike};

/// The spaces `pointer` may point to at `user`, as assumes that have run
/// there say; `None` where none says anything.
pub fn assumed_spaces(
    pointer: Value,
    user: &OperationRef,
    map: &AddressSpaceMap,
) -> Option<SpaceSet> {
    let GenericPointers::Flat(_) = map.generic_pointers else {
        return None;
    };
    let mut assumed: Option<SpaceSet> = None;
    for (test, _) in crate::ir::adapter::uses_of(pointer) {
        // Only a space test of the pointer starts a condition an assume
        // can say something with (`exact_spaces`).
        if name_of(&test) != "llvm.call_intrinsic" {
            continue;
        }
        let Some(condition) = crate::ir::result(&test, 0) else {
            continue;
        };
        for assume in assumes_of(condition.into()) {
            if !has_run_before(&assume, user) {
                continue;
            }
            let Some(condition) = operand(&assume, 0) else {
                continue;
            };
            if let Some(spaces) = exact_spaces(condition, pointer, map) {
                assumed = Some(assumed.unwrap_or(SpaceSet::ALL).intersection(spaces));
            }
        }
    }
    assumed
}

/// The numbered space outside gas's five (NVPTX's constant memory) that
/// an assume that has run at `user` puts `pointer` in: `assume(test(p))`
/// with one of the target's tests of those spaces.
pub fn assumed_other_space(
    pointer: Value,
    user: &OperationRef,
    map: &AddressSpaceMap,
) -> Option<u32> {
    let GenericPointers::Flat(tests) = map.generic_pointers else {
        return None;
    };
    for (test, position) in crate::ir::adapter::uses_of(pointer) {
        if position != 0 || name_of(&test) != "llvm.call_intrinsic" {
            continue;
        }
        let Some(number) = test
            .attribute("intrin")
            .ok()
            .and_then(string_value)
            .and_then(|intrinsic| {
                tests
                    .others
                    .iter()
                    .find(|(name, _)| *name == intrinsic)
                    .map(|(_, number)| *number)
            })
        else {
            continue;
        };
        let Some(condition) = crate::ir::result(&test, 0) else {
            continue;
        };
        let asserted = crate::ir::adapter::uses_of(condition.into())
            .into_iter()
            .any(|(assume, _)| {
                name_of(&assume) == "llvm.intr.assume" && has_run_before(&assume, user)
            });
        if asserted {
            return Some(number);
        }
    }
    None
}

/// The `llvm.intr.assume` ops whose condition is `condition` or is computed
/// from it by `and`, `or`, `xor` (which of them say something about the
/// pointer, [`exact_spaces`] decides).
fn assumes_of<'c, 'a>(condition: Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut found = Vec::new();
    let mut pending = vec![condition];
    let mut seen = 0;
    while let Some(value) = pending.pop() {
        seen += 1;
        if seen > 64 {
            break;
        }
        for (user, _) in crate::ir::adapter::uses_of(value) {
            match name_of(&user) {
                "llvm.intr.assume" => found.push(user),
                "llvm.and" | "llvm.or" | "llvm.xor" => {
                    if let Some(result) = crate::ir::result(&user, 0) {
                        pending.push(result.into());
                    }
                }
                _ => {}
            }
        }
    }
    found
}

/// Whether `assume` has run whenever `user` runs: it comes earlier in the
/// same block, or it is in the entry block of the function `user` is in.
fn has_run_before(assume: &OperationRef, user: &OperationRef) -> bool {
    let (Some(assume_block), Some(user_block)) = (assume.block(), user.block()) else {
        return false;
    };
    if assume_block == user_block {
        let mut next = assume.next_in_block();
        while let Some(op) = next {
            if op == *user {
                return true;
            }
            next = op.next_in_block();
        }
        return false;
    }
    let function = crate::ir::enclosing_function(assume);
    let is_entry = assume_block
        .parent_region()
        .and_then(|region| melior::ir::RegionLike::first_block(&region))
        .is_some_and(|entry| entry == assume_block)
        && assume_block.parent_operation() == function;
    is_entry && function.is_some() && crate::ir::enclosing_function(user) == function
}

/// The spaces `S` such that `condition` holds exactly when `pointer` points
/// into one of `S`, if the condition is built from the target's space tests
/// of `pointer`.
fn exact_spaces(condition: Value, pointer: Value, map: &AddressSpaceMap) -> Option<SpaceSet> {
    let GenericPointers::Flat(tests) = map.generic_pointers else {
        return None;
    };
    let op = defining_op(condition)?;
    let both = |op: &OperationRef| {
        Some((
            exact_spaces(operand(op, 0)?, pointer, map)?,
            exact_spaces(operand(op, 1)?, pointer, map)?,
        ))
    };
    match name_of(&op) {
        "llvm.call_intrinsic" => {
            if operand(&op, 0)? != pointer {
                return None;
            }
            let intrinsic = string_value(op.attribute("intrin").ok()?)?;
            [
                (tests.global, AddressSpace::Global),
                (tests.local, AddressSpace::Local),
                (tests.private, AddressSpace::Private),
            ]
            .into_iter()
            .find(|(test, _)| matches!(test, SpaceTest::Intrinsic(name) if *name == intrinsic))
            .map(|(_, space)| SpaceSet::single(space))
        }
        "llvm.and" => both(&op).map(|(a, b)| a.intersection(b)),
        "llvm.or" => both(&op).map(|(a, b)| a.union(b)),
        // Failing every test but one says nothing where a flat address
        // may be in another window (NVPTX's constant memory).
        "llvm.xor" if tests.covers_flat => {
            let (left, right) = (operand(&op, 0)?, operand(&op, 1)?);
            let negated = if is_true(right) {
                left
            } else if is_true(left) {
                right
            } else {
                return None;
            };
            let spaces = exact_spaces(negated, pointer, map)?;
            Some(
                SpaceSet::ALL
                    .iter()
                    .filter(|space| !spaces.contains(*space))
                    .collect(),
            )
        }
        _ => None,
    }
}

/// Whether `value` is the `i1` constant true.
fn is_true(value: Value) -> bool {
    value.r#type().to_string() == "i1" && crate::ir::integer_constant(value).is_some_and(|v| v != 0)
}

/// The number of the named space `address` points into at `user` when that
/// is a space outside private, local and global: the address is (GEPs and
/// selects of) a cast from a pointer of that space, or of a pointer an
/// assume that has run puts there (`assume(isspacep.const(p))`).
pub(crate) fn other_named_space(
    address: Value,
    user: &OperationRef,
    map: &AddressSpaceMap,
) -> Option<u32> {
    let mut pending = vec![address];
    let mut found: Option<u32> = None;
    let mut masked = false;
    let mut steps = 0;
    while let Some(value) = pending.pop() {
        steps += 1;
        if steps > 32 {
            return None;
        }
        if let Some(number) = assumed_other_space(value, user, map) {
            if found.is_some_and(|other| other != number) {
                return None;
            }
            found = Some(number);
            continue;
        }
        let op = defining_op(value)?;
        match name_of(&op) {
            "llvm.addrspacecast" => {
                let source = operand(&op, 0)?;
                let number = gas_dialect::ops::pointer_address_space(source.r#type())?;
                let space = map.space(number);
                if space
                    .is_some_and(|space| space.is_resolvable() || space == AddressSpace::Generic)
                {
                    return None;
                }
                if found.is_some_and(|other| other != number) {
                    return None;
                }
                found = Some(number);
            }
            "llvm.getelementptr" => {
                let base = operand(&op, 0)?;
                if base.r#type() != value.r#type() {
                    return None;
                }
                pending.push(base);
            }
            "llvm.select" => {
                pending.push(operand(&op, 1)?);
                pending.push(operand(&op, 2)?);
            }
            // Whether clearing bits keeps the space depends on it: checked
            // once the space is known.
            "llvm.intr.ptrmask" => {
                masked = true;
                pending.push(operand(&op, 0)?);
            }
            _ => return None,
        }
    }
    found.filter(|number| !masked || map.masking_keeps_number(*number))
}

/// The named space outside private, local and global in which `lower`
/// accesses `address`, an address of `dispatch` (`op`): the one
/// [`other_named_space`] finds, where the access has a form there (a
/// volatile one only where gas's own switch would make it anyway).
pub(crate) fn other_space_access(
    dispatch: &gas_dialect::ops::Dispatch,
    address: Value,
    op: &OperationRef,
    map: &AddressSpaceMap,
) -> Option<u32> {
    let number = other_named_space(address, op, map)?;
    let volatile_allowed = map.is_tagged()
        || !dispatch.is_volatile()
        || dispatch
            .access()
            .is_ok_and(|access| map.volatile_variants.allow_other(access, number));
    volatile_allowed.then_some(number)
}
