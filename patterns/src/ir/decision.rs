//! A rewrite decided ahead of time (from an analysis whose facts are keyed
//! by value identity) and applied to its op afterwards, once per op.

use crate::ir::adapter::NotApplied;
use crate::ir::emit::Emitter;
use gas_dialect::ops::{untag, Dispatch};
use gas_dialect::{names, AddressSpaceMap, SpaceSet};
use melior::ir::operation::OperationLike;
use melior::ir::{OperationRef, Value, ValueLike};
use melior::{Context, RewriterBase};

/// What to do with one gas op.
pub enum Decision {
    /// A `gas.dispatch` with these candidate spaces instead.
    Narrow(Vec<SpaceSet>),
    /// A `gas.to_named` that always succeeds: `gas.untag`.
    ToNamedIsUntag,
    /// A `gas.to_named` that always fails: null.
    ToNamedIsNull,
}

/// Applies `decision` to `op` through `rewriter`.
pub fn apply<'c>(
    context: &'c Context,
    map: &AddressSpaceMap,
    rewriter: &RewriterBase<'c, '_>,
    op: OperationRef<'c, '_>,
    decision: &Decision,
) -> Result<(), NotApplied> {
    rewriter.set_insertion_point_before(op);
    let location = op.location();
    let replacement: Vec<Value> = match decision {
        Decision::Narrow(spaces) => return narrow_in_place(context, map, rewriter, op, spaces),
        Decision::ToNamedIsUntag => {
            let source = op.operand(0).map_err(|_| NotApplied("no operand"))?;
            let named = op.result(0).map_err(|_| NotApplied("no result"))?.r#type();
            let cast = untag(source, named, location).map_err(|_| NotApplied("untag"))?;
            let cast = rewriter.insert(cast);
            // What `propagate` proved of the explicit cast holds for the cast.
            if op.attribute(names::GLOBAL_BY_PROVENANCE_ATTR).is_ok() {
                super::mark(context, cast, names::GLOBAL_BY_PROVENANCE_ATTR);
            }
            cast.results().map(Into::into).collect()
        }
        Decision::ToNamedIsNull => {
            let named = op.result(0).map_err(|_| NotApplied("no result"))?.r#type();
            let emitter = Emitter {
                context,
                rewriter,
                location,
            };
            vec![emitter.zero(named)?]
        }
    };
    rewriter.replace_op_with_values(op, &replacement);
    Ok(())
}

/// Sets a dispatch's candidate spaces in place: only the `spaces`
/// attribute changes (the op, its results and its place stay; rebuilding
/// every narrowed dispatch cost more than the analysis that decided it).
fn narrow_in_place<'c>(
    context: &'c Context,
    map: &AddressSpaceMap,
    rewriter: &RewriterBase<'c, '_>,
    op: OperationRef<'c, '_>,
    spaces: &[SpaceSet],
) -> Result<(), NotApplied> {
    let dispatch = Dispatch::of(op).ok_or(NotApplied("not a dispatch"))?;
    let addresses = dispatch
        .generic_addresses(map)
        .map_err(|_| NotApplied("unknown access"))?;
    if addresses.len() != spaces.len() {
        return Err(NotApplied("spaces do not match the generic addresses"));
    }
    rewriter.start_op_modification(op);
    crate::ir::adapter::set_attribute(
        op,
        gas_dialect::names::SPACES_ATTR,
        gas_dialect::ops::spaces_attribute(context, map, spaces),
    );
    rewriter.finalize_op_modification(op);
    Ok(())
}

/// Applies every decision of `plan` (taken before any change) in order; a
/// decision that cannot be applied leaves its op alone. Returns how many applied.
pub fn apply_all<'c>(
    context: &'c Context,
    map: &AddressSpaceMap,
    plan: Vec<(OperationRef<'c, '_>, Decision)>,
    set: &'static str,
) -> usize {
    let owner = melior::IrRewriter::new(context);
    let rewriter = owner.as_rewriter_base();
    let mut applied = 0;
    for (op, decision) in plan {
        match apply(context, map, &rewriter, op, &decision) {
            Ok(()) => applied += 1,
            Err(NotApplied(reason)) => tracing::debug!(set, reason, "left alone"),
        }
    }
    applied
}
