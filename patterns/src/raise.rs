//! `raise`: LLVM-dialect code with generic pointers → gas.
//!
//! - `llvm.addrspacecast` named → generic is `gas.tag`; generic → named is
//!   `gas.untag` (values, null and constant expressions alike: the cast's
//!   operand is whatever value it is).
//! - A memory access (`llvm.load`, `llvm.store`, `llvm.atomicrmw`,
//!   `llvm.cmpxchg`, the memory intrinsics) with a generic address becomes a
//!   `gas.dispatch` over {private, local, global} for each generic address,
//!   carrying the access's every attribute.
//! - Calls of `__to_global`/`__to_local`/`__to_private` and of the SPIR-V
//!   friendly `__spirv_GenericCastToPtrExplicit_To{Global,Local,Private}`
//!   become `gas.to_named`.
//!
//! - Calls of the async-copy builtins (`async_work_group_copy_2D2D`/`3D3D`,
//!   `async_work_group_copy`, `async_work_group_strided_copy`) become
//!   `gas.async_copy_2d`/`3d`, and `wait_group_events` `gas.wait_events`
//!   ([`async_copies`]).
//!
//! Casts in a global's initializer (constant expressions: a program-scope
//! generic pointer, a block literal) and casts of a function's address (a
//! block invoke function handed to the runtime) stay `llvm.addrspacecast`:
//! neither names data whose space needs a tag.
//!
//! Everything else (GEPs, selects, block arguments, compares, calls, ptrtoint
//! on generic pointers) is left as it is: it stays valid on generic pointers.

pub mod async_copies;

use crate::ir::adapter::{
    apply_by_walk_per_function, Applied, Environment, NotApplied, Pattern, Rewrite,
};
use crate::ir::{is_function_address, is_in_function};
use gas_dialect::access::{access_kind, ACCESS_KINDS};
use gas_dialect::ops::{
    dispatch_for_access, generic_address_operands, tag, to_named, untag, value_space,
};
use gas_dialect::{AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::attribute::AttributeLike;
use melior::ir::operation::OperationLike;
use melior::ir::{Module, Operation, OperationRef, Value, ValueLike};
use melior::Context;
use melior::RewriterBase;

/// The set's name, as in DESIGN.md and `--pipeline`.
pub const SET: &str = "raise";

/// The patterns of `raise`.
pub fn populate_raise_patterns(patterns: &mut Vec<Pattern>) {
    patterns.push(Pattern {
        set: SET,
        name: "AddrSpaceCastToTagOrUntag",
        root: "llvm.addrspacecast",
        rewrite: raise_addrspacecast,
    });
    for kind in ACCESS_KINDS {
        patterns.push(Pattern {
            set: SET,
            name: "GenericAccessToDispatch",
            root: kind.name,
            rewrite: raise_access,
        });
    }
    for root in ["llvm.call", "func.call"] {
        patterns.push(Pattern {
            set: SET,
            name: "ExplicitCastCallToNamed",
            root,
            rewrite: raise_explicit_cast,
        });
    }
    patterns.push(Pattern {
        set: SET,
        name: "AsyncCopyCallToCopy",
        root: "llvm.call",
        rewrite: crate::raise::async_copies::raise_async_copy,
    });
    patterns.push(Pattern {
        set: SET,
        name: "WaitGroupEventsToWaitEvents",
        root: "llvm.call",
        rewrite: crate::raise::async_copies::raise_wait_group_events,
    });
}

/// Runs `raise` on `module`. One walk suffices: no rewrite enables another,
/// and the walk driver neither folds nor erases anything else (the greedy
/// driver would delete unused casts and fold cast pairs, touching IR this
/// set has no business with).
pub fn run(context: &Context, module: &mut Module, map: &AddressSpaceMap) {
    let mut patterns = Vec::new();
    populate_raise_patterns(&mut patterns);
    apply_by_walk_per_function(context, module, *map, SET, &patterns, 1, None);
}

fn operand_and_result<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<(Value<'c, 'a>, Value<'c, 'a>)> {
    Some((crate::ir::operand(op, 0)?, crate::ir::result(op, 0)?.into()))
}

/// `addrspacecast p : named → generic` == `gas.tag p`;
/// `addrspacecast p : generic → named` == `gas.untag p`.
fn raise_addrspacecast<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    // A global's initializer is a constant expression: MLIR admits no gas op
    // there, and a global's address needs no tag (see `lower`).
    if !is_in_function(&op) {
        return Err(NotApplied("constant expression of a global initializer"));
    }
    let (source, result) = operand_and_result(&op).ok_or(NotApplied("not a cast"))?;
    if gas_dialect::ops::lanes_address_space(source.r#type()).is_some() {
        return mark_lanes_cast(&env, &op, source, result);
    }
    let from = value_space(source, &env.map).ok_or(NotApplied("source space unknown"))?;
    let to = value_space(result, &env.map).ok_or(NotApplied("result space unknown"))?;
    // Block invoke functions reach the runtime as generic pointers to code;
    // a data tag would corrupt the address the runtime calls.
    if from == AddressSpace::Private && is_function_address(source) {
        return Err(NotApplied("address of a function, not of data"));
    }
    let cast = match (from, to) {
        (named, AddressSpace::Generic) if named.is_resolvable() => {
            tag(source, result.r#type(), op.location())
        }
        (AddressSpace::Generic, named) if named.is_resolvable() => {
            untag(source, result.r#type(), op.location())
        }
        _ => {
            return Err(NotApplied(
                "not a cast between generic and private, local or global",
            ))
        }
    }
    .map_err(|_| NotApplied("could not build the cast"))?;
    replace_with(op, cast, rewriter)
}

/// A vector cast between generic and private, local or global on a tagged
/// target is marked for `lower` to set or clear its lanes' tags (no gas op
/// carries a vector): the lanes then meet raised gathers and scatters as
/// tagged pointers, as scalars meet raised accesses after `gas.tag`.
fn mark_lanes_cast<'c, 'a>(
    env: &Environment<'c>,
    op: &OperationRef<'c, 'a>,
    source: Value<'c, 'a>,
    result: Value<'c, 'a>,
) -> Rewrite {
    let lanes_space = |value: Value| {
        gas_dialect::ops::lanes_address_space(value.r#type())
            .and_then(|number| env.map.space(number))
    };
    let between_generic_and_named = match (lanes_space(source), lanes_space(result)) {
        (Some(AddressSpace::Generic), Some(named)) | (Some(named), Some(AddressSpace::Generic)) => {
            named.is_resolvable()
        }
        _ => false,
    };
    if !env.map.is_tagged() || !between_generic_and_named {
        return Err(NotApplied(
            "not lanes to tag: a flat target's cast, or no generic side",
        ));
    }
    if op.attribute(gas_dialect::names::LANES_CAST_ATTR).is_ok() {
        return Err(NotApplied("already marked"));
    }
    crate::ir::adapter::set_attribute(
        *op,
        gas_dialect::names::LANES_CAST_ATTR,
        melior::ir::Attribute::unit(env.context),
    );
    Ok(Applied)
}

/// `access(..., generic address, ...)` == `gas.dispatch` of the access over
/// {private, local, global} for each generic address.
fn raise_access<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    let name = op.name();
    let name = name
        .as_string_ref()
        .as_str()
        .map_err(|_| NotApplied("name"))?
        .to_string();
    let kind = access_kind(&name).ok_or(NotApplied("not an access"))?;
    if op.operand_count() != kind.operand_count {
        return Err(NotApplied("not the access's usual operands"));
    }
    let generic_addresses = generic_address_operands(&op, kind, &env.map).len();
    if generic_addresses == 0 {
        return Err(NotApplied("no generic address"));
    }
    let spaces = vec![SpaceSet::ALL; generic_addresses];
    let dispatch = dispatch_for_access(env.context, &env.map, &op, &spaces)
        .map_err(|_| NotApplied("could not build the dispatch"))?;
    replace_with(op, dispatch, rewriter)
}

/// Inserts `replacement` before `op` and replaces `op`'s results with its own.
fn replace_with<'c, 'a>(
    op: OperationRef<'c, 'a>,
    replacement: Operation<'c>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    rewriter.set_insertion_point_before(op);
    let replacement = rewriter.insert(replacement);
    let results: Vec<Value> = replacement.results().map(Into::into).collect();
    rewriter.replace_op_with_values(op, &results);
    Ok(Applied)
}

/// The space an explicit-cast builtin casts to, from its (possibly mangled) name.
fn explicit_cast_space(callee: &str) -> Option<AddressSpace> {
    const CASTS: [(&str, &str, AddressSpace); 3] = [
        (
            "__to_global",
            "__spirv_GenericCastToPtrExplicit_ToGlobal",
            AddressSpace::Global,
        ),
        (
            "__to_local",
            "__spirv_GenericCastToPtrExplicit_ToLocal",
            AddressSpace::Local,
        ),
        (
            "__to_private",
            "__spirv_GenericCastToPtrExplicit_ToPrivate",
            AddressSpace::Private,
        ),
    ];
    CASTS
        .iter()
        .find(|(opencl, spirv, _)| callee == *opencl || callee.contains(spirv))
        .map(|(_, _, space)| *space)
}

/// `call @__to_<space>(p)` == `gas.to_named p` (null unless `p` points to `<space>`).
fn raise_explicit_cast<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    let callee = op
        .attribute("callee")
        .map_err(|_| NotApplied("indirect call"))?;
    let callee = gas_dialect::ops::string_value(callee)
        .filter(|_| callee.is_flat_symbol_ref())
        .ok_or(NotApplied("indirect call"))?;
    let space = explicit_cast_space(callee).ok_or(NotApplied("not an explicit cast builtin"))?;
    // The SPIR-V form carries the storage class as a second operand.
    let (source, result) =
        operand_and_result(&op).ok_or(NotApplied("no pointer operand or result"))?;
    let result_space = value_space(result, &env.map);
    if op.result_count() != 1
        || value_space(source, &env.map) != Some(AddressSpace::Generic)
        || (result_space != Some(space) && result_space != Some(AddressSpace::Generic))
    {
        return Err(NotApplied("the builtin's types do not match its name"));
    }
    let named = gas_dialect::ops::pointer_type(env.context, &env.map, space);
    let cast = to_named(source, named, op.location())
        .map_err(|_| NotApplied("could not build the cast"))?;
    if result_space == Some(space) {
        return replace_with(op, cast, rewriter);
    }
    // A flat input's declaration returns the pointer generic: the same
    // check, tagged back.
    rewriter.set_insertion_point_before(op);
    let cast = rewriter.insert(cast);
    let named_value: Value = cast.result(0).map_err(|_| NotApplied("no result"))?.into();
    let retagged = tag(named_value, result.r#type(), op.location())
        .map_err(|_| NotApplied("could not build the cast"))?;
    replace_with(op, retagged, rewriter)
}
