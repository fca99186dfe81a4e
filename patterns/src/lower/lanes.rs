//! Accesses through a vector of generic pointers (`llvm.intr.masked.gather`,
//! `llvm.intr.masked.scatter`): one address per lane.
//!
//! - Lanes resolved to one space become a vector of that space's pointers:
//!   a vector GEP over a scalar generic base is rebuilt over the base
//!   untagged like any scalar address; other vectors are cast (global, or
//!   any space on a flat target) or put back in canonical form lane by lane
//!   (`shl 4`, `ashr 4`), as a scalar is.
//! - Lanes that may be in several spaces of a tagged target are split by
//!   their tags, without branches: one access per candidate space, on the
//!   lanes' pointers of that space, with the mask narrowed to the lanes
//!   whose tag is that space's. Each active lane is accessed exactly once,
//!   in its own space; a gather chains its results through the pass-through
//!   operand. (Flat targets keep the flat access, as for scalars.)

use super::{pointer_bits, switch_layout, untagged, with_tag};
use crate::ir::adapter::{Environment, NotApplied, Rewrite};
use crate::ir::emit::{Emitter, IntPredicate};
use crate::ir::FunctionFlags;
use crate::ir::{defining_op, name_of, operand};
use gas_dialect::names;
use gas_dialect::ops::{value_space, Dispatch};
use gas_dialect::spaces::TAG_SHIFT;
use gas_dialect::{AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::operation::OperationLike;
use melior::ir::{OperationRef, Type, Value, ValueLike};
use melior::RewriterBase;

/// The vector GEP `lanes` is, when its base is one scalar generic pointer.
pub(super) fn gep_over_generic_base<'c, 'a>(
    lanes: Value<'c, 'a>,
    map: &AddressSpaceMap,
) -> Option<OperationRef<'c, 'a>> {
    defining_op(lanes).filter(|gep| {
        name_of(gep) == "llvm.getelementptr"
            && operand(gep, 0)
                .is_some_and(|base| value_space(base, map) == Some(AddressSpace::Generic))
    })
}

/// Where the mask is among the operands of a gather or scatter.
fn mask_operand(access: &str) -> Option<usize> {
    match access {
        "llvm.intr.masked.gather" => Some(1),
        "llvm.intr.masked.scatter" => Some(2),
        _ => None,
    }
}

/// The gather or scatter `dispatch` with operands `operands`, whose lanes
/// (operand `index`) may point to any of `spaces` of a tagged target: one
/// access per space, each on the lanes whose tag is that space's. Returns
/// the gather's result (none for a scatter).
pub(super) fn split_by_tag<'c, 'r>(
    emitter: &Emitter<'r, 'c, '_>,
    map: &AddressSpaceMap,
    dispatch: &Dispatch<'c, '_>,
    flags: FunctionFlags,
    operands: &[Value<'c, 'r>],
    index: usize,
    spaces: SpaceSet,
) -> Result<Vec<Value<'c, 'r>>, NotApplied> {
    const NOT_LANES: NotApplied = NotApplied("not a gather or scatter over lanes");
    let access = dispatch.access().map_err(|_| NOT_LANES)?;
    let mask_index = mask_operand(access).ok_or(NOT_LANES)?;
    let lanes = *operands.get(index).ok_or(NOT_LANES)?;
    let mask = *operands.get(mask_index).ok_or(NOT_LANES)?;
    let gathers = access == "llvm.intr.masked.gather";
    let bits = pointer_bits(emitter, lanes)?;
    let shift = emitter.splat(bits.r#type(), TAG_SHIFT as i64)?;
    let tags = emitter.lshr(bits, shift)?;
    let (default, cases) = switch_layout(spaces);
    // The lanes of each cased space; the default takes every other lane.
    let mut in_cases: Option<Value> = None;
    let mut parts: Vec<(AddressSpace, Value)> = Vec::new();
    for space in &cases {
        let tag = space.tag().ok_or(NOT_LANES)?;
        let tag = emitter.splat(bits.r#type(), tag as i64)?;
        let in_space = emitter.icmp(IntPredicate::Eq, tags, tag)?;
        in_cases = Some(match in_cases {
            Some(previous) => emitter.or(previous, in_space)?,
            None => in_space,
        });
        parts.push((*space, in_space));
    }
    let in_default = match in_cases {
        Some(in_cases) => {
            let all = emitter.splat(in_cases.r#type(), 1)?;
            emitter.xor(in_cases, all)?
        }
        None => emitter.splat(mask.r#type(), 1)?,
    };
    parts.insert(0, (default, in_default));
    let mut result: Option<Value> = None;
    for (space, in_space) in parts {
        let mut part = operands.to_vec();
        part[index] = untagged(emitter, map, lanes, Some(bits), space, flags)?;
        part[mask_index] = emitter.and(mask, in_space)?;
        if gathers {
            // Lanes gathered so far pass through the next space's gather.
            if let Some(previous) = result {
                part[2] = previous;
            }
        }
        let access = dispatch
            .rebuild_access(&part, emitter.location)
            .map_err(|_| NotApplied("could not rebuild the access"))?;
        let access = emitter.rewriter.insert(access);
        result = access.result(0).ok().map(Into::into);
    }
    Ok(result.filter(|_| gathers).into_iter().collect())
}

/// Whether `value` is a vector of pointers rather than one pointer.
pub(super) fn is_lanes(value: Value) -> bool {
    gas_dialect::ops::lanes_address_space(value.r#type()).is_some()
}

/// The named and generic lanes types of a vector `llvm.addrspacecast` on a
/// tagged target, and the named lanes' space; `to_generic` picks the
/// direction. Flat targets keep the cast: it is the hardware's.
fn lanes_cast<'c, 'a>(
    env: &Environment<'c>,
    op: &OperationRef<'c, 'a>,
    to_generic: bool,
) -> Result<(Value<'c, 'a>, Type<'c>, AddressSpace), NotApplied> {
    // Only casts `raise` claimed: elsewhere no access through them was
    // raised, and tagged lanes would reach memory.
    if !env.map.is_tagged() || op.attribute(names::LANES_CAST_ATTR).is_err() {
        return Err(NotApplied("not a lanes cast raise marked"));
    }
    let source = operand(op, 0).ok_or(NotApplied("no operand"))?;
    let result = crate::ir::result(op, 0).ok_or(NotApplied("no result"))?;
    let space_of = |value: Value| {
        gas_dialect::ops::lanes_address_space(value.r#type())
            .and_then(|number| env.map.space(number))
    };
    let (from, to) = (space_of(source), space_of(result.into()));
    let named = if to_generic { from } else { to };
    let generic = if to_generic { to } else { from };
    match (named, generic) {
        (Some(named), Some(AddressSpace::Generic)) if named.is_resolvable() => {
            Ok((source, result.r#type(), named))
        }
        _ => Err(NotApplied(
            "not lanes cast between generic and private, local or global",
        )),
    }
}

/// Lanes cast to generic get their space's tag, lane by lane, as
/// `gas.tag` gives a scalar (null lanes stay null).
pub(super) fn lower_lanes_to_generic<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    let (named, generic_type, space) = lanes_cast(&env, &op, true)?;
    // Every access through it took the lanes it casts: nothing to tag.
    if op
        .result(0)
        .is_ok_and(|result| !crate::ir::adapter::has_uses(result.into()))
    {
        rewriter.erase_op(op);
        return Ok(crate::ir::adapter::Applied);
    }
    let tag = match space.tag() {
        Some(_) if space == AddressSpace::Private && FunctionFlags::of(&op).untagged_private() => {
            None
        }
        tag => tag,
    };
    // Global lanes (and untagged private ones) carry no tag: the cast stays,
    // unmarked (the mark must not reach LLVM IR).
    let Some(tag) = tag else {
        crate::ir::adapter::remove_attribute(op, names::LANES_CAST_ATTR);
        return Ok(crate::ir::adapter::Applied);
    };
    let emitter = super::emitter(&env, &op, rewriter);
    let bits = pointer_bits(&emitter, named)?;
    let tagged = with_tag(&emitter, bits, tag, true)?;
    let generic = emitter.int_to_ptr(tagged, generic_type)?;
    super::replace(op, rewriter, &[generic])
}

/// Generic lanes cast to a named space: each lane in canonical form.
pub(super) fn lower_lanes_to_named<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    let (generic, _, space) = lanes_cast(&env, &op, false)?;
    let flags = FunctionFlags::of(&op);
    let emitter = super::emitter(&env, &op, rewriter);
    let named = super::untagged(&emitter, &env.map, generic, None, space, flags)?;
    super::replace(op, rewriter, &[named])
}
