//! Retyping merges of one space: a generic `select` or block argument
//! (a phi) whose incoming values are all `gas.tag`s of one named type (or
//! null) becomes a value of that named type, tagged once after the merge.
//! The dispatches it feeds then see `gas.tag` of a named pointer, which
//! `lower` accesses directly: no tag is set before the merge and cleared
//! after it.
//!
//! Identities (tagging is a function, and keeps null null):
//! - `select(c, tag a, tag b)` = `tag(select(c, a, b))`;
//! - `phi(tag a, tag b, ...)` = `tag(phi(a, b, ...))`;
//! - a null operand is the named type's null, where a cast of null gives
//!   null: gas's own tags (SPIR), or the global space on any target (on
//!   AMDGPU the null of local and private memory is not zero).
//!
//! A block argument passed back to itself (a loop that does not change it)
//! stays itself; one advanced by GEPs (`p = phi(tag a, gep p, 1)`, a loop
//! walking an array) takes the named type with its GEPs, since
//! `gep(tag p, i)` = `tag(gep(p, i))` (the identity `TagAfterGep` uses),
//! and those GEPs' other users get a tag. With GEPs of the argument no null
//! may flow in (a GEP of null is an integer, not a pointer of the space).
//! Any other incoming value (a load, a parameter) leaves the merge alone.
//!
//! Comparisons follow: `icmp(tag a, tag b)` = `icmp(a, b)` for `a` and `b`
//! of one named type (and null): gas's tag is the same for both and keeps
//! the low 61 bits and their order, and null stays null; on a hardware-flat
//! target only for global, whose cast is the identity.

use crate::ir::adapter::{set_operand, uses_of, Applied, Environment, NotApplied, Rewrite};
use crate::ir::emit::Emitter;
use crate::ir::name_of;
use gas_dialect::{AddressSpace, AddressSpaceMap};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationResult};
use melior::ir::{BlockRef, OperationRef, RegionLike, Type, Value, ValueLike};
use melior::RewriterBase;

/// What flows into a merge.
enum Incoming<'c, 'a> {
    /// `gas.tag` of this named pointer.
    Tagged(Value<'c, 'a>),
    /// A null (zero, undef or poison) generic pointer.
    Null,
    /// The merged value itself (a block argument passed back unchanged).
    Itself,
    /// GEPs over the merged block argument (a loop advancing the pointer),
    /// outermost first.
    Advanced(Vec<OperationRef<'c, 'a>>),
    /// A `select` between two of the above, none a select: `m = c ? tag(p +
    /// i) : m` in a loop keeping one of the pointers it walks. It takes the
    /// named type with the argument (its other users get a tag).
    Selected(OperationRef<'c, 'a>, Box<[Incoming<'c, 'a>; 2]>),
}

impl<'c, 'a> Incoming<'c, 'a> {
    /// This incoming value and, for a select, its two operands.
    fn leaves(&self) -> Vec<&Incoming<'c, 'a>> {
        match self {
            Incoming::Selected(_, operands) => operands.iter().collect(),
            other => vec![other],
        }
    }
}

/// `select(c, tag a, tag b)` → `tag(select(c, a, b))`.
pub(super) fn hoist_tag_over_select<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    let result: Value = op.result(0).map_err(|_| NotApplied("no result"))?.into();
    let (named, [on_true, on_false]) = named_operands(env, op, [1, 2], result, rewriter)?;
    let named_select = rewriter.clone_op(op);
    set_operand(named_select, 1, on_true);
    set_operand(named_select, 2, on_false);
    let named_result: Value = named_select
        .result(0)
        .map_err(|_| NotApplied("no result"))?
        .into();
    named_result.set_type(named);
    rewriter.set_insertion_point_after(named_select);
    let tagged = tag_of(named_result, result.r#type(), op, rewriter)?;
    rewriter.replace_op_with_values(op, &[tagged]);
    Ok(Applied)
}

/// `icmp(tag a, tag b)` → `icmp(a, b)` (a null side: the named null).
pub(super) fn compare_untagged<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    let compared = op.operand(0).map_err(|_| NotApplied("no operand"))?;
    let (named, _) = merged_operands(op, [0, 1], compared, &env.map)?;
    if !env.map.is_tagged() && !is_global(named, &env.map) {
        return Err(NotApplied(
            "the target's cast of this space may not keep order",
        ));
    }
    let (_, [left, right]) = named_operands(env, op, [0, 1], compared, rewriter)?;
    set_operand(op, 0, left);
    set_operand(op, 1, right);
    Ok(Applied)
}

/// The named type of operands `indices` of `op` (each a `gas.tag` or null,
/// merged into `merged`) and what they classify as.
fn merged_operands<'c, 'a>(
    op: OperationRef<'c, 'a>,
    indices: [usize; 2],
    merged: Value<'c, 'a>,
    map: &AddressSpaceMap,
) -> Result<(Type<'c>, [Incoming<'c, 'a>; 2]), NotApplied> {
    let incoming = indices.map(|index| {
        op.operand(index)
            .ok()
            .and_then(|value| classify(value, None))
    });
    let [Some(first), Some(second)] = incoming else {
        return Err(NotApplied("an operand is neither a gas.tag nor null"));
    };
    let named = merged_type(&[&first, &second], merged, map)?;
    Ok((named, [first, second]))
}

/// Operands `indices` of `op` as values of their one named type (nulls
/// built before `op`).
fn named_operands<'c: 'r, 'r>(
    env: Environment<'c>,
    op: OperationRef<'c, 'r>,
    indices: [usize; 2],
    merged: Value<'c, 'r>,
    rewriter: &'r RewriterBase<'c, '_>,
) -> Result<(Type<'c>, [Value<'c, 'r>; 2]), NotApplied> {
    let (named, incoming) = merged_operands(op, indices, merged, &env.map)?;
    rewriter.set_insertion_point_before(op);
    let values = incoming.map(|incoming| named_value(env.context, incoming, named, op, rewriter));
    let [Some(first), Some(second)] = values else {
        return Err(NotApplied("could not build a null"));
    };
    Ok((named, [first, second]))
}

fn is_global(named: Type, map: &AddressSpaceMap) -> bool {
    gas_dialect::ops::pointer_address_space(named).and_then(|number| map.space(number))
        == Some(AddressSpace::Global)
}

/// A branch passing `gas.tag`s to a block argument all of whose incoming
/// values are tags of one named type (or null): the argument takes that
/// type and is tagged at the top of its block.
pub(super) fn retype_block_arguments<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    let mut retyped = false;
    for successor in 0..op.successor_count() {
        let Ok(block) = op.successor(successor) else {
            continue;
        };
        let Some(range) = crate::analysis::index::forwarded_range(&op, successor) else {
            continue;
        };
        for (position, index) in range.enumerate() {
            // A tag, or a select of one (a loop keeping a pointer it walks).
            let passes_tag = op.operand(index).is_ok_and(|value| {
                crate::ir::defining_tag(value).is_some()
                    || OperationResult::try_from(value).is_ok_and(|result| {
                        let select = result.owner();
                        name_of(&select) == "llvm.select"
                            && [1, 2].iter().any(|position| {
                                select
                                    .operand(*position)
                                    .is_ok_and(|operand| crate::ir::defining_tag(operand).is_some())
                            })
                    })
            });
            retyped |= passes_tag && retype_argument(env, block, position, rewriter).is_ok();
        }
    }
    if retyped {
        Ok(Applied)
    } else {
        Err(NotApplied("no block argument of one space"))
    }
}

/// Retypes argument `position` of `block` if every incoming value allows it.
fn retype_argument<'c, 'a>(
    env: Environment<'c>,
    block: BlockRef<'c, 'a>,
    position: usize,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    let argument = block
        .argument(position)
        .map_err(|_| NotApplied("no such argument"))?;
    let argument_value: Value = argument.into();
    let generic = argument_value.r#type();
    let slots = incoming_slots(block, position)?;
    let mut incoming = Vec::new();
    for (terminator, index) in &slots {
        let value = terminator
            .operand(*index)
            .map_err(|_| NotApplied("no operand"))?;
        incoming.push(classify(value, Some(argument_value)).ok_or(NotApplied(
            "an incoming value is neither a gas.tag, null nor the argument",
        ))?);
    }
    let named = merged_type(
        &incoming.iter().collect::<Vec<_>>(),
        argument_value,
        &env.map,
    )?;
    // Every incoming value is made before anything changes.
    let mut replacements = Vec::new();
    let mut geps: Vec<OperationRef> = Vec::new();
    // Selects that take the named type, and their operands that are the
    // argument or its GEPs (named with them).
    let mut selects: Vec<OperationRef> = Vec::new();
    let mut named_select_operands: Vec<(OperationRef, usize)> = Vec::new();
    let mut add_chain = |chain: Vec<OperationRef<'c, 'a>>| {
        for gep in chain {
            if !geps.contains(&gep) {
                geps.push(gep);
            }
        }
    };
    for ((terminator, index), incoming) in slots.iter().zip(incoming) {
        rewriter.set_insertion_point_before(*terminator);
        let value = match incoming {
            Incoming::Itself => continue,
            Incoming::Advanced(chain) => {
                add_chain(chain);
                continue;
            }
            Incoming::Selected(select, operands) => {
                if selects.contains(&select) {
                    continue;
                }
                selects.push(select);
                let [on_true, on_false] = *operands;
                for (position, operand) in [(1, on_true), (2, on_false)] {
                    match operand {
                        Incoming::Itself => named_select_operands.push((select, position)),
                        Incoming::Advanced(chain) => {
                            add_chain(chain);
                            named_select_operands.push((select, position));
                        }
                        other => {
                            rewriter.set_insertion_point_before(select);
                            let value = named_value(env.context, other, named, select, rewriter)
                                .ok_or(NotApplied("could not build a null"))?;
                            replacements.push((select, position, value));
                        }
                    }
                }
                continue;
            }
            other => named_value(env.context, other, named, *terminator, rewriter)
                .ok_or(NotApplied("could not build a null"))?,
        };
        replacements.push((*terminator, *index, value));
    }
    // Uses that stay named: the slots (whatever flows in is named now) and
    // the base of each GEP of the chains.
    let stays_named = |user: OperationRef, index: usize| {
        slots
            .iter()
            .any(|(terminator, slot)| *terminator == user && *slot == index)
            || (index == 0 && geps.contains(&user))
            || named_select_operands.contains(&(user, index))
    };
    // The selects and GEPs that take the named type with the argument.
    let retyped: Vec<OperationRef> = selects.iter().chain(&geps).copied().collect();
    let retyped_uses: Vec<_> = retyped
        .iter()
        .map(|op| op.result(0).map(|result| uses_of(result.into())))
        .collect::<Result<_, _>>()
        .map_err(|_| NotApplied("a select or GEP without result"))?;
    let argument_uses = uses_of(argument_value);
    argument.set_type(named);
    for (terminator, index, value) in replacements {
        set_operand(terminator, index, value);
    }
    let first = block
        .first_operation()
        .ok_or(NotApplied("the block is empty"))?;
    rewriter.set_insertion_point_before(first);
    let tagged = tag_of(argument_value, generic, first, rewriter)?;
    retag_uses(argument_uses, tagged, &stays_named);
    for (op, uses) in retyped.iter().zip(retyped_uses) {
        let result: Value = op
            .result(0)
            .map_err(|_| NotApplied("a select or GEP without result"))?
            .into();
        result.set_type(named);
        if uses.iter().any(|(user, index)| !stays_named(*user, *index)) {
            rewriter.set_insertion_point_after(*op);
            let tagged = tag_of(result, generic, *op, rewriter)?;
            retag_uses(uses, tagged, &stays_named);
        }
    }
    Ok(Applied)
}

/// Points every use in `uses` that does not stay named at `tagged`.
fn retag_uses<'c, 'a>(
    uses: Vec<(OperationRef<'c, 'a>, usize)>,
    tagged: Value<'c, '_>,
    stays_named: &impl Fn(OperationRef<'c, 'a>, usize) -> bool,
) {
    for (user, index) in uses {
        if !stays_named(user, index) {
            set_operand(user, index, tagged);
        }
    }
}

/// Every operand of a terminator in `block`'s region that flows into its
/// argument `position`, as (terminator, operand index).
fn incoming_slots<'c, 'a>(
    block: BlockRef<'c, 'a>,
    position: usize,
) -> Result<Vec<(OperationRef<'c, 'a>, usize)>, NotApplied> {
    let region = block.parent_region().ok_or(NotApplied("no region"))?;
    if region.first_block() == Some(block) {
        return Err(NotApplied("the entry block's arguments are parameters"));
    }
    let mut slots = Vec::new();
    let mut current = region.first_block();
    while let Some(predecessor) = current {
        current = predecessor.next_in_region();
        let Some(terminator) = predecessor.terminator() else {
            continue;
        };
        for successor in 0..terminator.successor_count() {
            if terminator.successor(successor).ok() != Some(block) {
                continue;
            }
            let range = crate::analysis::index::forwarded_range(&terminator, successor)
                .ok_or(NotApplied("a branch whose operands are not known"))?;
            if position >= range.len() {
                return Err(NotApplied("a branch passes fewer operands"));
            }
            slots.push((terminator, range.start + position));
        }
    }
    if slots.is_empty() {
        return Err(NotApplied("no predecessor"));
    }
    Ok(slots)
}

fn classify<'c: 'a, 'a>(
    value: Value<'c, 'a>,
    itself: Option<Value<'c, 'a>>,
) -> Option<Incoming<'c, 'a>> {
    if Some(value) == itself {
        return Some(Incoming::Itself);
    }
    if let Some(tag) = crate::ir::defining_tag(value) {
        return tag.operand(0).ok().map(Incoming::Tagged);
    }
    let op = OperationResult::try_from(value).ok()?.owner();
    match name_of(&op) {
        "llvm.mlir.zero" | "llvm.mlir.undef" | "llvm.mlir.poison" => Some(Incoming::Null),
        "llvm.getelementptr" => advanced_from(value, itself?).map(Incoming::Advanced),
        "llvm.select" => {
            let argument = itself?;
            let [on_true, on_false] = [1, 2].map(|index| {
                op.operand(index)
                    .ok()
                    .and_then(|operand| classify(operand, Some(argument)))
                    .filter(|incoming| !matches!(incoming, Incoming::Selected(..)))
            });
            match (on_true, on_false) {
                (Some(on_true), Some(on_false)) => {
                    Some(Incoming::Selected(op, Box::new([on_true, on_false])))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// The GEPs `value` is made of over `argument` (outermost first), if it is
/// such a chain of scalar pointer GEPs.
fn advanced_from<'c: 'a, 'a>(
    value: Value<'c, 'a>,
    argument: Value<'c, 'a>,
) -> Option<Vec<OperationRef<'c, 'a>>> {
    let mut chain = Vec::new();
    let mut current = value;
    while current != argument {
        let op = OperationResult::try_from(current).ok()?.owner();
        if name_of(&op) != "llvm.getelementptr" || current.r#type() != argument.r#type() {
            return None;
        }
        chain.push(op);
        current = op.operand(0).ok()?;
        if chain.len() > MAX_CHAIN {
            return None;
        }
    }
    Some(chain)
}

/// GEPs followed back to the argument at most.
const MAX_CHAIN: usize = 16;

/// The one named type the tags of `incoming` have; null allowed only where a
/// cast of the named null is the generic null.
fn merged_type<'c>(
    incoming: &[&Incoming<'c, '_>],
    merged: Value<'c, '_>,
    map: &AddressSpaceMap,
) -> Result<Type<'c>, NotApplied> {
    let incoming: Vec<&Incoming> = incoming.iter().flat_map(|value| value.leaves()).collect();
    let mut named: Option<Type> = None;
    for value in &incoming {
        if let Incoming::Tagged(pointer) = value {
            match named {
                Some(r#type) if r#type != pointer.r#type() => {
                    return Err(NotApplied("tags of several named types meet"))
                }
                _ => named = Some(pointer.r#type()),
            }
        }
    }
    let named = named.ok_or(NotApplied("no gas.tag flows in"))?;
    let has_null = incoming.iter().any(|value| matches!(value, Incoming::Null));
    let advances = incoming
        .iter()
        .any(|value| matches!(value, Incoming::Advanced(_)));
    if has_null && advances {
        return Err(NotApplied("null meets GEPs of the argument"));
    }
    if has_null && !map.is_tagged() && !is_global(named, map) {
        return Err(NotApplied(
            "the target's null of this space is not the generic null",
        ));
    }
    if merged.r#type() == named {
        return Err(NotApplied("already named"));
    }
    Ok(named)
}

/// The named value standing for `incoming` (a null is built before `at`).
fn named_value<'c: 'r, 'r>(
    context: &'c melior::Context,
    incoming: Incoming<'c, 'r>,
    named: Type<'c>,
    at: OperationRef<'c, 'r>,
    rewriter: &'r RewriterBase<'c, '_>,
) -> Option<Value<'c, 'r>> {
    match incoming {
        Incoming::Tagged(pointer) => Some(pointer),
        Incoming::Itself | Incoming::Advanced(_) | Incoming::Selected(..) => None,
        Incoming::Null => Emitter {
            context,
            rewriter,
            location: at.location(),
        }
        .zero(named)
        .ok(),
    }
}

/// `gas.tag` of `named` to `generic`, at the insertion point.
fn tag_of<'c: 'r, 'r>(
    named: Value<'c, 'r>,
    generic: Type<'c>,
    at: OperationRef<'c, 'r>,
    rewriter: &'r RewriterBase<'c, '_>,
) -> Result<Value<'c, 'r>, NotApplied> {
    let tag = gas_dialect::ops::tag(named, generic, at.location())
        .map_err(|_| NotApplied("could not build the tag"))?;
    let tag = rewriter.insert(tag);
    Ok(tag.result(0).map_err(|_| NotApplied("no result"))?.into())
}
