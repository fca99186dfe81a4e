//! `propagate`: compile-time resolution of generic pointers.
//!
//! [`crate::analysis`] computes, for every generic value of the module, the spaces
//! it may point to (through GEPs, selects, block arguments, calls, returns
//! and private allocas, to a fixed point). It reads what memory holds from
//! [`crate::analysis::memory_contents`] (allocas, a kernel's by-value copy, memory passed
//! through calls, field by field), what an `llvm.assume` of a space test
//! says from [`crate::analysis::assumptions`], and what the target assumes about pointers the
//! host hands kernels from the `AddressSpaceMap`; [`crate::analysis::lanes`] gives the
//! spaces of a vector of pointers (gathers, scatters). From those facts:
//! - every `gas.dispatch` keeps only the spaces its addresses may point to
//!   (one left: `lower` emits the access directly, no switch);
//! - `gas.to_named p` becomes `gas.untag p` when `p` can only be in the
//!   named space (or null), and null when it cannot be there.
//!
//! Then two local folds that need no analysis and are valid on their own:
//! `gas.untag(gas.tag p)` → `p` and `gas.to_named(gas.tag p)` → `p` or null.
//!
//! Facts are keyed by value identity, so all decisions are taken before the
//! first rewrite and each op is rewritten once, by its own decision.

mod retype;
mod slots;
pub mod specialize;

use crate::analysis::{reachability, ClosedWorld, ModuleIndex, SpaceFacts};
use crate::ir::adapter::{
    apply_by_walk_per_function, set_operand, Applied, Environment, NotApplied, Pattern, Rewrite,
};
use crate::ir::decision::{apply, Decision};
use crate::ir::emit::Emitter;
use crate::ir::FunctionFlags;
use gas_dialect::ops::{generic_address_operands, value_space, Dispatch};
use gas_dialect::{names, AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::RegionLike;
use melior::ir::{Module, OperationRef, Value, ValueLike};
use melior::{Context, IrRewriter, RewriterBase};

/// The set's name, as in DESIGN.md and `--pipeline`.
pub const SET: &str = "propagate";

/// How `propagate` treats functions whose call sites it cannot all see.
#[derive(Clone, Copy, Debug, Default)]
pub struct PropagateOptions {
    /// Which functions' call sites the analysis may take as all visible, and
    /// so which functions may be erased, specialized or cloned.
    pub closed_world: ClosedWorld,
    /// Operations cloning may add (default: the module's size, at least
    /// [`MIN_CLONE_BUDGET`]).
    pub clone_budget: Option<usize>,
}

/// What `propagate` changed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PropagateStats {
    /// Functions no entry point can reach, erased before resolution.
    pub unreachable_erased: usize,
    /// Clones the budget did not allow.
    pub clones_refused: usize,
    /// The first callee whose clone the budget refused.
    pub budget_stopped_at: Option<String>,
    /// Functions called through a pointer (block invoke functions handed to
    /// the runtime) with generic parameters: those stay unknown.
    pub pointer_called_entry_points: Vec<String>,
    /// Dispatches whose candidate spaces shrank.
    pub dispatches_narrowed: usize,
    /// Dispatches left with one space per address (no switch after `lower`).
    pub dispatches_resolved: usize,
    /// `gas.to_named` decided at compile time.
    pub explicit_casts_folded: usize,
    /// Specialized clones of helpers.
    pub clones_created: usize,
    /// Calls moved to a specialized clone.
    pub calls_specialized: usize,
    /// Originals left without callers and erased.
    pub functions_erased: usize,
    /// Functions whose generic result became a named one.
    pub results_specialized: usize,
    /// Loads and stores of slot fields that now hold their pointers
    /// untagged (`propagate/slots.rs`).
    pub slot_accesses_retyped: usize,
}

/// The analysis-free folds of `propagate`.
pub fn populate_propagate_patterns(patterns: &mut Vec<Pattern>) {
    patterns.push(Pattern {
        set: SET,
        name: "UntagOfTag",
        root: names::UNTAG,
        rewrite: fold_untag_of_tag,
    });
    patterns.push(Pattern {
        set: SET,
        name: "ToNamedOfTag",
        root: names::TO_NAMED,
        rewrite: fold_to_named_of_tag,
    });
    patterns.push(Pattern {
        set: SET,
        name: "TagAfterGep",
        root: "llvm.getelementptr",
        rewrite: move_tag_after_gep,
    });
    patterns.push(Pattern {
        set: SET,
        name: "SelectOfTags",
        root: "llvm.select",
        rewrite: retype::hoist_tag_over_select,
    });
    patterns.push(Pattern {
        set: SET,
        name: "ICmpOfTags",
        root: "llvm.icmp",
        rewrite: retype::compare_untagged,
    });
    for branch in ["llvm.br", "llvm.cond_br", "llvm.switch"] {
        patterns.push(Pattern {
            set: SET,
            name: "BlockArgumentOfTags",
            root: branch,
            rewrite: retype::retype_block_arguments,
        });
    }
}

/// Walks of the local folds at most (they stop as soon as one changes
/// nothing).
const MAX_FOLD_WALKS: usize = 8;

/// A safety net on rounds of analysis, narrowing and cloning; the clone
/// budget is what bounds them (each round specializes one more level of a
/// helper chain, and a clone always has fewer generic parameters than the
/// function it copies).
pub const MAX_ROUNDS: usize = 64;

/// The clone budget when none is given: as many operations as the module
/// has outside clones (cloning at most doubles it), and never less than this.
pub const MIN_CLONE_BUDGET: usize = 2000;

/// Runs `propagate` on `module`.
pub fn run(
    context: &Context,
    module: &mut Module,
    map: &AddressSpaceMap,
    options: PropagateOptions,
) -> PropagateStats {
    let mut stats = PropagateStats::default();
    let mut emptied = Vec::new();
    {
        let owner = IrRewriter::new(context);
        let rewriter = owner.as_rewriter_base();
        let module: &Module = module;
        // Code no entry point can reach gets no switch: erase it first.
        // The budget is the module's size as given, dead code included.
        let mut index = ModuleIndex::build(module.as_operation());
        let mut budget = specialize::CloneBudget::for_module(&index, options.clone_budget);
        // The index forgets what it erases: no rebuild.
        stats.unreachable_erased =
            reachability::erase_unreachable(&rewriter, &mut index, options.closed_world);
        debug_assert_eq!(
            index.shape(),
            ModuleIndex::build(module.as_operation()).shape(),
            "the index after erasing unreachable functions is not the module's"
        );
        stats.pointer_called_entry_points = pointer_called_with_generic_parameters(&index, map);
        let mut unchanged = Some(index);
        // Rounds of cloning until no call moves; then one narrowing, from
        // facts of the final call graph. Narrowing earlier would be unsound:
        // a later round may redirect a call (a recursive one, say) to a clone
        // whose dispatches were narrowed for the callers it had then.
        let mut narrowed = false;
        // The index of the round that narrowed (see below).
        let mut last_index = None;
        for round in 0..MAX_ROUNDS {
            let span = tracing::debug_span!("round", set = SET, round);
            let _entered = span.enter();
            let index = unchanged
                .take()
                .unwrap_or_else(|| ModuleIndex::build(module.as_operation()));
            let facts = SpaceFacts::compute_in(&index, map, options.closed_world);
            let clones = specialize::plan(&index, map, &facts, options.closed_world, &mut budget);
            if clones.is_empty() {
                narrow(context, &index, map, &rewriter, &facts, &mut stats);
                narrowed = true;
                last_index = Some(index);
                break;
            }
            let done = specialize::apply_plans(context, module, map, &rewriter, &index, clones);
            stats.clones_created += done.clones_created;
            stats.calls_specialized += done.calls_redirected;
            emptied.extend(done.maybe_uncalled);
            // Nothing moved: the next round would plan what this one did.
            if done.calls_redirected == 0 {
                break;
            }
        }
        if !narrowed {
            let index = ModuleIndex::build(module.as_operation());
            let facts = SpaceFacts::compute_in(&index, map, options.closed_world);
            narrow(context, &index, map, &rewriter, &facts, &mut stats);
        }
        stats.clones_refused = budget.refused.len();
        stats.budget_stopped_at = budget.first_refused;
        // Narrowing changed attributes in place and replaced explicit casts:
        // no function, call or return moved, so the narrowing round's
        // functions, calls and returns still hold, which is all that the
        // steps below read unless they need facts. Facts read every op (a
        // replaced cast's among them), so they take a fresh index.
        let needs_facts = may_return_generic(module, map);
        let index = match last_index {
            Some(index) if !needs_facts => index,
            _ => ModuleIndex::build(module.as_operation()),
        };
        // Where the budget stopped cloning, say so on the function: its
        // parameters stay merged (`explain` names the cause).
        for callee in &budget.refused_callees {
            if let Some(function) = index.functions.get(callee) {
                crate::ir::mark(context, function.op, names::CLONE_BUDGET_REACHED_ATTR);
            }
        }
        // A fresh analysis only where a function returns a generic pointer.
        let facts = if needs_facts {
            SpaceFacts::compute_in(&index, map, options.closed_world)
        } else {
            SpaceFacts::default()
        };
        stats.results_specialized = specialize::specialize_results(
            context,
            module,
            map,
            &facts,
            &rewriter,
            &index,
            options.closed_world,
        );
        emptied.sort();
        emptied.dedup();
        // Retyping results changed no call or function: the index still holds.
        stats.functions_erased =
            specialize::erase_uncalled(&rewriter, &index, &emptied, options.closed_world);
        // Slots whose stores agree hold their pointers untagged (a tagged
        // target), from facts of the module as it now is.
        if map.is_tagged() {
            let index = ModuleIndex::build(module.as_operation());
            let facts = SpaceFacts::compute_in(&index, map, options.closed_world);
            // Before `raise` the module stays plain LLVM (casts, not gas ops).
            let casts = crate::ir::casts::CastStyle::of(module);
            stats.slot_accesses_retyped =
                slots::retype_slots(context, &index, map, &facts, casts, &rewriter);
        }
    }
    let mut patterns = Vec::new();
    populate_propagate_patterns(&mut patterns);
    // A retyped merge can make the next one retypable (a chain of blocks, a
    // select of selects) whichever order the walk takes: walk a function
    // again while something changes in it, a few times at most (each walk
    // retypes at least one merge, and a function has finitely many). Then
    // its dead casts go, while its ops are at hand.
    apply_by_walk_per_function(
        context,
        module,
        *map,
        SET,
        &patterns,
        MAX_FOLD_WALKS,
        Some(erase_dead_casts),
    );
    stats
}

/// Whether some function of `module` may return a generic pointer (a cheap
/// look at the signatures; `func.func` counts as maybe).
fn may_return_generic(module: &Module, map: &AddressSpaceMap) -> bool {
    let generic = map.number(gas_dialect::AddressSpace::Generic);
    let mut op = module.body().first_operation();
    while let Some(current) = op {
        op = current.next_in_block();
        match crate::ir::name_of(&current) {
            "func.func" => return true,
            "llvm.func" => {
                let returns_generic = crate::ir::adapter::llvm_func_op_result(&current)
                    .and_then(gas_dialect::ops::pointer_address_space)
                    == Some(generic);
                if returns_generic {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

/// Functions whose address is taken and that have a generic parameter, by
/// name: whoever calls them through the pointer (the device-side enqueue
/// runtime, for a block invoke function) is out of sight.
fn pointer_called_with_generic_parameters(
    index: &ModuleIndex,
    map: &AddressSpaceMap,
) -> Vec<String> {
    let mut names: Vec<String> = index
        .address_taken
        .iter()
        .filter(|name| {
            index.functions.get(*name).is_some_and(|function| {
                function
                    .op
                    .region(0)
                    .ok()
                    .and_then(|region| region.first_block())
                    .is_some_and(|entry| {
                        (0..entry.argument_count()).any(|position| {
                            crate::ir::argument(&entry, position).is_some_and(|argument| {
                                value_space(argument.into(), map) == Some(AddressSpace::Generic)
                            })
                        })
                    })
            })
        })
        .cloned()
        .collect();
    names.sort();
    names
}

/// Every decision the facts allow, taken before anything changes.
/// Narrows every dispatch and decides every explicit cast `facts` allow.
/// Every decision is taken before the first rewrite (facts are keyed by
/// values).
fn narrow<'c>(
    context: &'c Context,
    index: &ModuleIndex<'c, '_>,
    map: &AddressSpaceMap,
    rewriter: &RewriterBase<'c, '_>,
    facts: &SpaceFacts,
    stats: &mut PropagateStats,
) {
    // Marked before anything changes: the facts are keyed by value. Only
    // gas's own tags need it (a flat target's global cast is the identity).
    let proven = if map.is_tagged() {
        global_by_provenance(index, map, facts)
    } else {
        Vec::new()
    };
    for op in proven {
        crate::ir::mark(context, op, names::GLOBAL_BY_PROVENANCE_ATTR);
    }
    for (op, decision) in decide(index, map, facts) {
        match apply(context, map, rewriter, op, &decision) {
            Ok(()) => match decision {
                Decision::Narrow(spaces) => {
                    stats.dispatches_narrowed += 1;
                    if spaces.iter().all(|set| set.len() == 1) {
                        stats.dispatches_resolved += 1;
                    }
                }
                _ => stats.explicit_casts_folded += 1,
            },
            Err(NotApplied(reason)) => tracing::debug!(reason, "left alone"),
        }
    }
}

fn decide<'c, 'a>(
    index: &ModuleIndex<'c, 'a>,
    map: &AddressSpaceMap,
    facts: &SpaceFacts,
) -> Vec<(OperationRef<'c, 'a>, Decision)> {
    let mut plan = Vec::new();
    for &op in &index.resolvable {
        match crate::ir::name_of(&op) {
            names::DISPATCH => {
                if let Some(spaces) = narrowed_spaces(op, map, facts) {
                    plan.push((op, Decision::Narrow(spaces)));
                }
            }
            names::TO_NAMED => {
                if let Some(decision) = to_named_decision(op, map, facts) {
                    plan.push((op, decision));
                }
            }
            _ => {}
        }
    }
    plan
}

/// The dispatches (and casts to global) whose every generic address points
/// only to global memory by the analysis itself (before private memory in
/// the global buffer is read as global).
fn global_by_provenance<'c, 'a>(
    index: &ModuleIndex<'c, 'a>,
    map: &AddressSpaceMap,
    facts: &SpaceFacts,
) -> Vec<OperationRef<'c, 'a>> {
    let global = SpaceSet::single(AddressSpace::Global);
    let mut proven = Vec::new();
    for &op in &index.resolvable {
        let addresses = match Dispatch::of(op) {
            Some(dispatch) => match dispatch.kind() {
                Ok(kind) => generic_address_operands(&op, kind, map),
                Err(_) => continue,
            },
            // A cast to global (or an explicit one `narrow` may make a cast):
            // its operand.
            None if matches!(crate::ir::name_of(&op), names::UNTAG | names::TO_NAMED)
                && op.result(0).is_ok_and(|result| {
                    value_space(result.into(), map) == Some(AddressSpace::Global)
                }) =>
            {
                vec![0]
            }
            None => continue,
        };
        let all_global = !addresses.is_empty()
            && addresses.iter().all(|position| {
                op.operand(*position).is_ok_and(|address| {
                    value_space(address, map).is_some() && {
                        let known = facts.of(address);
                        let known =
                            match crate::analysis::assumptions::assumed_spaces(address, &op, map) {
                                Some(assumed) => known.intersection(assumed),
                                None => known,
                            };
                        known == global
                    }
                })
            });
        if all_global {
            proven.push(op);
        }
    }
    proven
}

fn narrowed_spaces(
    op: OperationRef,
    map: &AddressSpaceMap,
    facts: &SpaceFacts,
) -> Option<Vec<SpaceSet>> {
    let dispatch = Dispatch::of(op)?;
    let current = dispatch.spaces(map).ok()?;
    let addresses = generic_address_operands(&op, dispatch.kind().ok()?, map);
    if addresses.len() != current.len() {
        return None;
    }
    // With private memory in the global buffer a private pointer is a
    // global one: the dispatch's global case is where it goes.
    let private_is_global = FunctionFlags::of(&op).private_in_global;
    let narrowed: Vec<SpaceSet> = addresses
        .iter()
        .zip(&current)
        .map(|(index, set)| {
            let known = op.operand(*index).map(|address| {
                if value_space(address, map).is_none() {
                    // A vector of generic pointers (gather, scatter).
                    return crate::analysis::lanes::lanes_spaces(address, facts, map);
                }
                let known = facts.of(address);
                match crate::analysis::assumptions::assumed_spaces(address, &op, map) {
                    Some(assumed) => known.intersection(assumed),
                    None => known,
                }
            });
            let mut known = known.unwrap_or(SpaceSet::ALL);
            if private_is_global && known.contains(AddressSpace::Private) {
                known = known.with(AddressSpace::Global);
                if !set.contains(AddressSpace::Private) {
                    known = known.without(AddressSpace::Private);
                }
            }
            let both = set.intersection(known);
            // Only null reaches the address: the access is undefined;
            // keep the candidates rather than invent an empty switch.
            if both.is_empty() {
                *set
            } else {
                both
            }
        })
        .collect();
    (narrowed != current).then_some(narrowed)
}

fn to_named_decision(
    op: OperationRef,
    map: &AddressSpaceMap,
    facts: &SpaceFacts,
) -> Option<Decision> {
    let source = crate::ir::operand(&op, 0)?;
    let target = value_space(crate::ir::result(&op, 0)?.into(), map)?;
    let known = facts.of(source);
    if !known.contains(target) {
        // Only other spaces, or only null: the answer is null either way.
        Some(Decision::ToNamedIsNull)
    } else if known == SpaceSet::single(target) {
        Some(Decision::ToNamedIsUntag)
    } else {
        None
    }
}

/// `gas.untag(gas.tag p)` → `p` (same named type; another type is undefined
/// and left alone).
fn fold_untag_of_tag<'c, 'a>(
    _env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    let source = op.operand(0).map_err(|_| NotApplied("no operand"))?;
    let tag = crate::ir::defining_tag(source).ok_or(NotApplied("operand is not a gas.tag"))?;
    let named = tag.operand(0).map_err(|_| NotApplied("no operand"))?;
    let result = op.result(0).map_err(|_| NotApplied("no result"))?;
    if named.r#type() != result.r#type() {
        return Err(NotApplied("untag to another space than the tag's"));
    }
    rewriter.replace_op_with_values(op, &[named]);
    Ok(Applied)
}

/// `gas.to_named(gas.tag p)` → `p` when the spaces match, else null.
fn fold_to_named_of_tag<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    let source = op.operand(0).map_err(|_| NotApplied("no operand"))?;
    let tag = crate::ir::defining_tag(source).ok_or(NotApplied("operand is not a gas.tag"))?;
    let named = tag.operand(0).map_err(|_| NotApplied("no operand"))?;
    let result_type = op.result(0).map_err(|_| NotApplied("no result"))?.r#type();
    if named.r#type() == result_type {
        rewriter.replace_op_with_values(op, &[named]);
        return Ok(Applied);
    }
    rewriter.set_insertion_point_before(op);
    let emitter = Emitter {
        context: env.context,
        rewriter,
        location: op.location(),
    };
    let null = emitter.zero(result_type)?;
    rewriter.replace_op_with_values(op, &[null]);
    Ok(Applied)
}

/// `gep(gas.tag p, ...)` → `gas.tag(gep(p, ...))`: the same address, with
/// the tag outside, so `untag` and `to_named` of the result can fold. The
/// GEP is cloned, keeping its flags (a pure property the C API cannot read).
fn move_tag_after_gep<'c, 'a>(
    _env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    let base = op.operand(0).map_err(|_| NotApplied("no base"))?;
    let tag = crate::ir::defining_tag(base).ok_or(NotApplied("base is not a gas.tag"))?;
    let named = tag.operand(0).map_err(|_| NotApplied("no operand"))?;
    let result = op.result(0).map_err(|_| NotApplied("no result"))?;
    let generic_type = result.r#type();
    // A GEP with vector indices makes a vector of pointers: no gas op
    // carries one.
    if generic_type != base.r#type() {
        return Err(NotApplied("the GEP makes a vector of pointers"));
    }
    rewriter.set_insertion_point_after(op);
    let named_gep = rewriter.clone_op(op);
    set_operand(named_gep, 0, named);
    let named_result: Value = named_gep
        .result(0)
        .map_err(|_| NotApplied("no result"))?
        .into();
    named_result.set_type(named.r#type());
    rewriter.set_insertion_point_after(named_gep);
    let retagged = gas_dialect::ops::tag(named_result, generic_type, op.location())
        .map_err(|_| NotApplied("could not build the tag"))?;
    let retagged = rewriter.insert(retagged);
    let retagged: Value = retagged
        .result(0)
        .map_err(|_| NotApplied("no result"))?
        .into();
    rewriter.replace_op_with_values(op, &[retagged]);
    Ok(Applied)
}

/// Erases the gas casts nobody uses, users before definitions so chains go
/// at once. IRDL ops have no traits, so MLIR's own dead-code removal does not
/// know they are pure.
fn erase_dead_casts<'c>(context: &'c Context, root: OperationRef<'c, '_>) {
    let owner = IrRewriter::new(context);
    let rewriter = owner.as_rewriter_base();
    let mut casts = Vec::new();
    crate::ir::each_op(root, &mut |op| {
        let name = op.name();
        if matches!(
            name.as_string_ref().as_str(),
            Ok(names::TAG | names::UNTAG | names::TO_NAMED)
        ) {
            casts.push(op);
        }
    });
    for op in casts.into_iter().rev() {
        let Some(result) = crate::ir::result(&op, 0) else {
            continue;
        };
        if crate::ir::has_code_uses(result.into()) {
            continue;
        }
        // A tag or untag changes the space, not the address: a debugger
        // reads the operand as well. A `to_named` may give null instead.
        let operand = (crate::ir::name_of(&op) != names::TO_NAMED)
            .then(|| crate::ir::operand(&op, 0))
            .flatten();
        crate::ir::rebind_debug_uses(context, &rewriter, result.into(), operand);
        rewriter.erase_op(op);
    }
}
