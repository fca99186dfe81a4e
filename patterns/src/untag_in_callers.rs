//! A parameter whose accesses are all resolved to one space takes that
//! space: a generic parameter that its function only offsets (GEPs),
//! accesses through dispatches resolved to one named space `S` and casts to
//! `S` becomes a pointer of `S`, and each call untags its argument once. A
//! helper handing the parameter on to one so retyped casts it for the call,
//! so rounds retype chains of helpers, callee first.
//!
//! The function untagged the pointer at every access, `untag(gep(p, i))`;
//! each caller now untags it once, and `gep(untag p, i)` is the same pointer
//! (the identity `TagAfterGep` uses). Where a caller passes `gas.tag` of an
//! `S` pointer, `lower` folds the untag away and no tag is cleared at all.
//!
//! Kernel-wide sets resolve dispatches after `propagate` has cloned:
//! `private-branch-elision` makes `{private, global}` global and
//! `static-global` makes every access global. A helper called with pointers
//! of both spaces then clears a private tag at every access (`read_twice`
//! in the execution corpus); they call this at their end.
//!
//! Only on a tagged target (a flat target's cast is the hardware's and
//! costs as much in the caller), only where an access would clear a tag
//! (private or local, or global where tags are preserved), only for a
//! function whose every call is a direct call in this module and whose body
//! the linker cannot replace, and only where its callers lower casts as it
//! does (the same kernel-wide marks). The function keeps its name.

use crate::analysis::{ClosedWorld, ModuleIndex};
use crate::ir::adapter::set_operand;
use crate::ir::{name_of, parameters_with, symbol_attribute, FunctionFlags};
use gas_dialect::ops::{pointer_type, tag, untag, value_space, Dispatch};
use gas_dialect::{names, AddressSpace, AddressSpaceMap};
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{Module, OperationRef, RegionLike, Value, ValueLike};
use melior::{Context, IrRewriter};

/// What one generic parameter's uses are, where they are only offsets and
/// accesses resolved to one space.
struct Accesses<'c, 'a> {
    space: AddressSpace,
    /// GEPs of the parameter (or of such GEPs), which take the named type.
    geps: Vec<OperationRef<'c, 'a>>,
    /// Dispatches and the operand through which they access the parameter.
    accesses: Vec<(OperationRef<'c, 'a>, usize)>,
    /// Casts of the parameter (or its GEPs) to `S`: a call's argument
    /// untagged by an earlier round for a callee retyped to `S`.
    untags: Vec<OperationRef<'c, 'a>>,
}

/// Retypes every parameter of `module` that qualifies (see the module's
/// docs), for a set that has just resolved accesses; says how many on
/// `report` where there are any.
pub(crate) fn untag_in_callers(
    context: &Context,
    module: &Module,
    map: &AddressSpaceMap,
    closed_world: ClosedWorld,
    report: &mut Vec<String>,
) {
    let retyped = retype_all(context, module, map, closed_world);
    if retyped > 0 {
        report.push(format!(
            "{retyped} parameter(s) accessed in one space only: the callers untag them once"
        ));
    }
}

/// [`untag_in_callers`]'s rewrite; returns how many parameters it retyped.
fn retype_all(
    context: &Context,
    module: &Module,
    map: &AddressSpaceMap,
    closed_world: ClosedWorld,
) -> usize {
    if !map.is_tagged() {
        return 0;
    }
    let index = ModuleIndex::build(module.as_operation());
    let owner = IrRewriter::new(context);
    let rewriter = owner.as_rewriter_base();
    // Name order: the same rewrites on every run.
    let mut symbols: Vec<&String> = index.functions.keys().collect();
    symbols.sort();
    let mut retyped = 0;
    // A helper handing its parameter on to a retyped one untags it for the
    // call; the next round retypes the helper too (a chain, callee first).
    for _ in 0..MAX_ROUNDS {
        let before = retyped;
        for symbol in &symbols {
            retyped += retype_parameters(context, map, closed_world, &index, symbol, &rewriter);
        }
        if retyped == before {
            break;
        }
    }
    retyped
}

/// Rounds of [`untag_in_callers`] at most (each retypes the next link of
/// chains of helpers).
const MAX_ROUNDS: usize = 8;

/// Retypes the qualifying parameters of `symbol`; returns how many.
fn retype_parameters<'c>(
    context: &'c Context,
    map: &AddressSpaceMap,
    closed_world: ClosedWorld,
    index: &ModuleIndex<'c, '_>,
    symbol: &str,
    rewriter: &melior::RewriterBase<'c, '_>,
) -> usize {
    let Some(function) = index.functions.get(symbol) else {
        return 0;
    };
    let mut retyped = 0;
    if !function.has_definitive_body()
        || function.is_replaceable
        || function.is_variadic
        || !index.is_closed(symbol, closed_world)
    {
        return 0;
    }
    let Some(calls) = index.call_sites.get(symbol) else {
        return 0;
    };
    let flags = FunctionFlags::of_function(function.op);
    if calls.iter().any(|call| {
        name_of(call) != "llvm.call"
            || symbol_attribute(call, "callee").as_deref() != Some(symbol)
            || FunctionFlags::of(call) != flags
    }) {
        return 0;
    }
    let Some(entry) = crate::ir::region(&function.op, 0).and_then(|body| body.first_block()) else {
        return 0;
    };
    // The signature is rewritten after the parameters: it must be readable.
    let typed = function
        .op
        .attribute("function_type")
        .ok()
        .and_then(|value| melior::ir::attribute::TypeAttribute::try_from(value).ok())
        .is_some();
    if !typed {
        return 0;
    }
    let by_value = parameters_with(&["llvm.byval"], function.op);
    let mut changed = false;
    for position in 0..entry.argument_count() {
        let Some(parameter) = crate::ir::argument(&entry, position) else {
            continue;
        };
        let parameter: Value = parameter.into();
        if value_space(parameter, map) != Some(AddressSpace::Generic)
            || by_value.contains(&position)
        {
            continue;
        }
        let Some(uses) = accesses_of_one_space(parameter, map) else {
            continue;
        };
        // A global access clears where tags are preserved, unless the
        // address is proven global by where it comes from.
        let clears = uses.space.tag().is_some()
            || (flags.tags_preserved
                && uses
                    .accesses
                    .iter()
                    .map(|(access, _)| access)
                    .chain(&uses.untags)
                    .any(|op| op.attribute(names::GLOBAL_BY_PROVENANCE_ATTR).is_err()));
        if !clears || calls.iter().any(|call| call.operand(position).is_err()) {
            continue;
        }
        let span = tracing::debug_span!("untag_in_callers", function = symbol, position);
        let _entered = span.enter();
        let generic = parameter.r#type();
        let named = pointer_type(context, map, uses.space);
        // Untag first: a failed build leaves the module as it was.
        let mut untagged = Vec::with_capacity(calls.len());
        for call in calls {
            let Ok(argument) = call.operand(position) else {
                break;
            };
            let Ok(cast) = untag(argument, named, call.location()) else {
                break;
            };
            untagged.push(cast);
        }
        let mut tags = Vec::with_capacity(uses.accesses.len());
        for (access, _) in &uses.accesses {
            let Ok(cast) = tag(parameter, generic, access.location()) else {
                break;
            };
            tags.push(cast);
        }
        if untagged.len() != calls.len() || tags.len() != uses.accesses.len() {
            tracing::debug!("could not build the casts");
            continue;
        }
        for (call, cast) in calls.iter().zip(untagged) {
            rewriter.set_insertion_point_before(*call);
            let cast = rewriter.insert(cast);
            if let Some(result) = crate::ir::result(&cast, 0) {
                set_operand(*call, position, result.into());
            }
        }
        parameter.set_type(named);
        for gep in &uses.geps {
            if let Some(result) = crate::ir::result(gep, 0) {
                Value::from(result).set_type(named);
            }
        }
        // Each access takes its (now named) address tagged, which
        // `lower` folds into a direct access.
        for ((access, operand), cast) in uses.accesses.iter().zip(tags) {
            let Ok(address) = access.operand(*operand) else {
                continue;
            };
            rewriter.set_insertion_point_before(*access);
            let cast = rewriter.insert(cast);
            set_operand(cast, 0, address);
            if let Some(result) = crate::ir::result(&cast, 0) {
                set_operand(*access, *operand, result.into());
            }
            // A global pointer's tag: no private tag can reach it (as
            // `propagate` would find). The mark covers every address of
            // the access, so only where this is its one generic address.
            let single_address = Dispatch::of(*access)
                .and_then(|dispatch| dispatch.generic_addresses(map).ok())
                .is_some_and(|addresses| addresses.len() == 1);
            if uses.space == AddressSpace::Global && single_address {
                crate::ir::mark(context, *access, names::GLOBAL_BY_PROVENANCE_ATTR);
            }
        }
        // A cast to `S` of what is now an `S` pointer is that pointer.
        for cast in &uses.untags {
            if let Some(named) = crate::ir::operand(cast, 0) {
                rewriter.replace_op_with_values(*cast, &[named]);
            }
        }
        changed = true;
        retyped += 1;
    }
    if changed && crate::ir::match_parameter_types(context, function.op).is_none() {
        tracing::warn!(function = symbol, "could not retype the signature");
    }
    retyped
}

/// The GEPs and accesses `parameter` reaches, if those are its only uses
/// and every access is resolved to the same single space.
fn accesses_of_one_space<'c, 'a>(
    parameter: Value<'c, 'a>,
    map: &AddressSpaceMap,
) -> Option<Accesses<'c, 'a>> {
    let generic = parameter.r#type();
    let (mut geps, mut accesses, mut untags) = (Vec::new(), Vec::new(), Vec::new());
    let mut space = None;
    let mut pending = vec![parameter];
    while let Some(pointer) = pending.pop() {
        for (user, position) in crate::ir::adapter::uses_of(pointer) {
            // A debug record describes the pointer whatever its type.
            if crate::ir::is_debug_intrinsic(name_of(&user)) {
                continue;
            }
            if name_of(&user) == "llvm.getelementptr" && position == 0 {
                let result: Value = crate::ir::result(&user, 0)?.into();
                // A GEP of vector indices makes lanes: left alone.
                if result.r#type() != generic {
                    return None;
                }
                geps.push(user);
                pending.push(result);
                continue;
            }
            if name_of(&user) == names::UNTAG {
                let result: Value = crate::ir::result(&user, 0)?.into();
                let only = value_space(result, map)?;
                if space.is_some_and(|space| space != only) {
                    return None;
                }
                space = Some(only);
                untags.push(user);
                continue;
            }
            let dispatch = Dispatch::of(user)?;
            let addresses = dispatch.generic_addresses(map).ok()?;
            let spaces = dispatch.spaces(map).ok()?;
            let at = addresses.iter().position(|operand| *operand == position)?;
            let mut candidates = spaces.get(at)?.iter();
            let (Some(only), None) = (candidates.next(), candidates.next()) else {
                return None;
            };
            if space.is_some_and(|space| space != only) {
                return None;
            }
            space = Some(only);
            accesses.push((user, position));
        }
    }
    Some(Accesses {
        space: space?,
        geps,
        accesses,
        untags,
    })
}
