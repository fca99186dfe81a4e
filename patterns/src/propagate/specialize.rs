//! Specialization of helpers by the spaces their callers pass.
//!
//! A call whose generic arguments are each known to point into one space
//! calls a clone of its callee whose parameters have those named types
//! (`<callee>.gas.<spaces>`, internal). Inside the clone each such parameter
//! is tagged once at the entry, so the analysis sees its space; at the call
//! the argument is untagged (and `untag(tag p)` folds to `p`). When every
//! caller agrees this is the signature change of a helper; when they differ,
//! one clone per space signature.
//!
//! A helper that reads generic pointers out of memory its callers pass (a
//! struct by value or through a pointer) is also cloned where the callers
//! disagree on what that memory holds at the offsets it reads (one struct
//! holds a shared pointer, another a global one): one clone per kind of
//! call (`m<parameter>_<offset><space>` in the name), whose analysis then
//! merges only its own callers' memory. Where every call agrees, the
//! helper's own analysis already knows, and nothing is cloned for it.
//!
//! Clones are cloned again where their own calls become known, so a chain
//! `f1 → f2 → f3 → f4` specializes level by level, one level per round.
//! Growth is bounded by a [`CloneBudget`] in operations added, spent in a
//! deterministic order (callee name, then signature); kernels, declarations,
//! variadic and replaceable (weak, linkonce) functions are never cloned. A
//! function left without callers is erased only when nobody outside the
//! module can call it (internal, or a closed world).

use crate::analysis::{memory_contents, ClosedWorld, ModuleIndex, SpaceFacts, CLONE_MARKER};
use crate::ir::adapter::{llvm_function_result, set_attribute, set_operand};
use crate::ir::casts::CastStyle;
use gas_dialect::ops::{pointer_type, value_space};
use gas_dialect::{AddressSpace, AddressSpaceMap};
use melior::ir::attribute::TypeAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::r#type::FunctionType;
use melior::ir::{Module, OperationRef, RegionLike, Type, Value, ValueLike};
use melior::{Context, RewriterBase};
use rustc_hash::FxHashSet as HashSet;
use std::collections::{BTreeMap, BTreeSet};

/// How many operations cloning may still add, and what it had to refuse.
#[derive(Clone, Debug, Default)]
pub struct CloneBudget {
    /// Operations clones may still add.
    pub remaining: usize,
    /// Clones not made because they did not fit (by clone name).
    pub refused: std::collections::BTreeSet<String>,
    /// The first callee refused (in the deterministic order).
    pub first_refused: Option<String>,
    /// Every callee with a refused clone.
    pub refused_callees: std::collections::BTreeSet<String>,
}

impl CloneBudget {
    /// A budget of `operations` added operations.
    pub fn new(operations: usize) -> Self {
        Self {
            remaining: operations,
            ..Self::default()
        }
    }

    /// The budget of a module: `operations` (default: the size of the code
    /// outside clones, at least [`super::MIN_CLONE_BUDGET`]) less what the
    /// clones already in the module cost, so a second run spends nothing more.
    pub(crate) fn for_module(index: &ModuleIndex, operations: Option<usize>) -> Self {
        let mut original = 0;
        let mut cloned = 0;
        for (name, function) in &index.functions {
            let size = function.size();
            if name.contains(CLONE_MARKER) {
                cloned += size;
            } else {
                original += size;
            }
        }
        let total = operations.unwrap_or(original.max(super::MIN_CLONE_BUDGET));
        Self::new(total.saturating_sub(cloned))
    }

    /// Spends `cost` if it fits; records the refusal otherwise.
    fn spend(&mut self, cost: usize, callee: &str, clone: &str) -> bool {
        if cost <= self.remaining {
            self.remaining -= cost;
            return true;
        }
        self.refused.insert(clone.to_string());
        self.refused_callees.insert(callee.to_string());
        if self.first_refused.is_none() {
            self.first_refused = Some(callee.to_string());
        }
        false
    }
}

/// For each generic parameter: the one space its argument points to, if known.
type Signature = Vec<Option<AddressSpace>>;

fn space_letter(space: Option<AddressSpace>) -> &'static str {
    match space {
        Some(AddressSpace::Private) => "p",
        Some(AddressSpace::Local) => "l",
        Some(AddressSpace::Global) => "g",
        Some(AddressSpace::Constant) => "c",
        _ => "x",
    }
}

fn signature_suffix(signature: &Signature) -> String {
    signature
        .iter()
        .map(|space| space_letter(*space))
        .collect::<Vec<_>>()
        .join("_")
}

/// One clone to make (or reuse) and the calls to move to it.
pub(crate) struct Plan<'c, 'a> {
    callee: String,
    clone: String,
    signature: Signature,
    /// Positions of the generic parameters, in order (entry `i` of `signature`).
    generic_parameters: Vec<usize>,
    calls: Vec<OperationRef<'c, 'a>>,
}

/// What cloning (`apply_plans`) did.
#[derive(Default)]
pub struct Specialized {
    /// Clones made (a clone already in the module is reused, not counted).
    pub clones_created: usize,
    /// Calls moved to a clone.
    pub calls_redirected: usize,
    /// Functions some of whose calls moved to clones.
    pub maybe_uncalled: Vec<String>,
}

/// Clones callees per the space signature of their calls and redirects the
/// calls, as `plans` (from [`plan`], taken before anything changed) say;
/// `index` must still describe the module's functions.
pub(crate) fn apply_plans<'c>(
    context: &'c Context,
    module: &Module,
    map: &AddressSpaceMap,
    rewriter: &RewriterBase<'c, '_>,
    index: &ModuleIndex<'c, '_>,
    plans: Vec<Plan<'c, '_>>,
) -> Specialized {
    let casts = CastStyle::of(module);
    let mut done = Specialized::default();
    for plan in plans {
        let exists = index.functions.contains_key(&plan.clone);
        if !exists {
            let Some(original) = index.functions.get(&plan.callee) else {
                continue;
            };
            if create_clone(context, map, rewriter, original.op, &plan, casts).is_none() {
                tracing::debug!(callee = plan.callee, "could not clone");
                continue;
            }
            done.clones_created += 1;
        }
        for call in &plan.calls {
            if redirect(context, map, rewriter, *call, &plan, casts).is_some() {
                done.calls_redirected += 1;
            }
        }
        // Whether any call is left is checked before erasing.
        done.maybe_uncalled.push(plan.callee.clone());
    }
    done
}

/// The clones the calls of the module ask for, from `facts`.
pub(crate) fn plan<'c, 'a>(
    index: &ModuleIndex<'c, 'a>,
    map: &AddressSpaceMap,
    facts: &SpaceFacts,
    closed_world: ClosedWorld,
    budget: &mut CloneBudget,
) -> Vec<Plan<'c, 'a>> {
    // BTreeMap: a deterministic order of clones.
    let mut plans: BTreeMap<(String, String), Plan<'c, 'a>> = BTreeMap::new();
    // Callees in name order, calls in IR order: the budget is spent the same
    // way on every run.
    let mut callees: Vec<(&String, &Vec<OperationRef<'c, 'a>>)> = index.call_sites.iter().collect();
    callees.sort_by(|a, b| a.0.cmp(b.0));
    for (callee, calls) in callees {
        let Some(function) = index.functions.get(callee) else {
            continue;
        };
        if !function.has_definitive_body() || function.is_kernel || function.is_variadic {
            continue;
        }
        let Some(entry) = entry_block_arguments(function.op) else {
            continue;
        };
        // A byval parameter points at the callee's own copy of the
        // argument, not at the caller's memory: the caller's space says
        // nothing about it (and its space is part of the target's ABI).
        let by_value = crate::ir::parameters_with(&["llvm.byval"], function.op);
        let generic_parameters: Vec<usize> = entry
            .iter()
            .enumerate()
            .filter(|(position, argument)| {
                value_space(**argument, map) == Some(AddressSpace::Generic)
                    && !by_value.contains(position)
            })
            .map(|(position, _)| position)
            .collect();
        // Callers can disagree on what their memory holds only where there
        // are two.
        let read = if calls.len() > 1 {
            memory_read(&entry, index, map)
        } else {
            Vec::new()
        };
        if generic_parameters.is_empty() && read.is_empty() {
            continue;
        }
        let keys: Vec<String> = calls
            .iter()
            .map(|call| contents_key(call, &read, index, map, facts, closed_world))
            .collect();
        // Where every call agrees on what the memory holds, the callee's
        // analysis (the union of its callers) already knows it.
        let keyed = keys.iter().collect::<HashSet<_>>().len() > 1;
        let cost = function.size();
        let mut new_signatures: HashSet<String> = HashSet::default();
        for (call, key) in calls.iter().zip(&keys) {
            let signature: Signature = generic_parameters
                .iter()
                .map(|position| {
                    let operand = call.operand(*position).ok()?;
                    let mut spaces = facts.of(operand).iter();
                    match (spaces.next(), spaces.next()) {
                        (Some(space), None) => Some(space),
                        _ => constant_argument(operand, call, map),
                    }
                })
                .collect();
            let key = if keyed { key.as_str() } else { "" };
            if signature.iter().all(Option::is_none) && key.is_empty() {
                continue;
            }
            let suffix = match (signature_suffix(&signature), key) {
                (spaces, "") => spaces,
                (spaces, key) if spaces.is_empty() => key.to_string(),
                (spaces, key) => format!("{spaces}_{key}"),
            };
            let clone = format!("{callee}{CLONE_MARKER}{suffix}");
            if !index.functions.contains_key(&clone) && !new_signatures.contains(&suffix) {
                if !budget.spend(cost, callee, &clone) {
                    continue;
                }
                new_signatures.insert(suffix.clone());
            }
            plans
                .entry((callee.clone(), suffix))
                .or_insert_with(|| Plan {
                    callee: callee.clone(),
                    clone,
                    signature,
                    generic_parameters: generic_parameters.clone(),
                    calls: Vec::new(),
                })
                .calls
                .push(*call);
        }
    }
    plans.into_values().collect()
}

/// The pointer parameters whose memory the function reads generic pointers
/// from, with the byte offsets it reads them at.
fn memory_read(
    parameters: &[Value],
    index: &ModuleIndex,
    map: &AddressSpaceMap,
) -> Vec<(usize, BTreeSet<i64>)> {
    parameters
        .iter()
        .enumerate()
        .filter(|(_, parameter)| value_space(**parameter, map).is_some())
        .filter_map(|(position, parameter)| {
            let offsets = memory_contents::pointer_read_offsets(*parameter, index, map)?;
            (!offsets.is_empty()).then_some((position, offsets))
        })
        .collect()
}

/// What `call` passes in the memory its callee reads pointers from, as a
/// clone-name part: `m<parameter>_<offset><space>...` for each offset whose
/// pointers all point into one space (empty where none does). Two calls
/// with different keys pass memory whose pointers point differently, which
/// a clone for each keeps apart.
fn contents_key(
    call: &OperationRef,
    read: &[(usize, BTreeSet<i64>)],
    index: &ModuleIndex,
    map: &AddressSpaceMap,
    facts: &SpaceFacts,
    closed_world: ClosedWorld,
) -> String {
    let mut parts = Vec::new();
    for (position, offsets) in read {
        let Some(argument) = crate::ir::operand(call, *position) else {
            continue;
        };
        let Some((base, stores)) =
            memory_contents::contents_passed(argument, index, map, closed_world)
        else {
            continue;
        };
        let entries: Vec<String> = offsets
            .iter()
            .filter_map(|offset| {
                let spaces = stores
                    .iter()
                    .filter(|(_, at)| memory_contents::overlaps(*at, Some(*offset)))
                    .fold(base, |spaces, (value, _)| spaces.union(facts.of(*value)));
                let mut each = spaces.iter();
                match (each.next(), each.next()) {
                    // Where a flat access to global memory is as fast as a
                    // global one, more clones of a helper only cost (the
                    // CUDA data_struct_views: 8% slower on an H100 when
                    // split by its global fields).
                    (Some(AddressSpace::Global), None) if map.flat_global_is_free => None,
                    (Some(space), None) => Some(format!("{offset}{}", space_letter(Some(space)))),
                    _ => None,
                }
            })
            .collect();
        if !entries.is_empty() {
            parts.push(format!("m{position}_{}", entries.join("_")));
        }
    }
    parts.join("_")
}

/// Constant memory, where `argument` is (GEPs and selects of) a cast of a
/// constant pointer on a flat target: CUDA's `__constant__` tables handed to
/// helpers. A tagged target's generic pointers never point there.
fn constant_argument(
    argument: Value,
    call: &OperationRef,
    map: &AddressSpaceMap,
) -> Option<AddressSpace> {
    if map.is_tagged() {
        return None;
    }
    let number = crate::analysis::assumptions::other_named_space(argument, call, map)?;
    (map.space(number) == Some(AddressSpace::Constant)).then_some(AddressSpace::Constant)
}

fn entry_block_arguments<'c, 'a>(function: OperationRef<'c, 'a>) -> Option<Vec<Value<'c, 'a>>> {
    let entry = crate::ir::region(&function, 0)?.first_block()?;
    (0..entry.argument_count())
        .map(|position| crate::ir::argument(&entry, position).map(Into::into))
        .collect()
}

/// Clones `original` after itself with the named parameter types of `plan`.
fn create_clone<'c>(
    context: &'c Context,
    map: &AddressSpaceMap,
    rewriter: &RewriterBase<'c, '_>,
    original: OperationRef<'c, '_>,
    plan: &Plan,
    casts: CastStyle,
) -> Option<()> {
    let clone = crate::ir::clones::clone_function(context, rewriter, original, &plan.clone)?;
    let entry = crate::ir::region(&clone, 0)?.first_block()?;
    for (position, space) in plan.generic_parameters.iter().zip(&plan.signature) {
        let Some(space) = space else {
            continue;
        };
        let argument: Value = crate::ir::argument(&entry, *position)?.into();
        let generic = argument.r#type();
        argument.set_type(pointer_type(context, map, *space));
        rewriter.set_insertion_point_to_start(entry);
        let tagged = rewriter.insert(casts.for_space(*space).to_generic(
            argument,
            generic,
            clone.location(),
        )?);
        rewriter.replace_all_uses_except(argument, crate::ir::result(&tagged, 0)?.into(), tagged);
    }
    crate::ir::match_parameter_types(context, clone)?;
    Some(())
}

/// Points `call` at the clone, untagging the specialized arguments.
fn redirect<'c>(
    context: &'c Context,
    map: &AddressSpaceMap,
    rewriter: &RewriterBase<'c, '_>,
    call: OperationRef<'c, '_>,
    plan: &Plan,
    casts: CastStyle,
) -> Option<()> {
    let mut untagged = Vec::new();
    rewriter.set_insertion_point_before(call);
    for (position, space) in plan.generic_parameters.iter().zip(&plan.signature) {
        let Some(space) = space else {
            continue;
        };
        let operand = crate::ir::operand(&call, *position)?;
        let cast = casts.for_space(*space).to_named(
            operand,
            pointer_type(context, map, *space),
            call.location(),
        )?;
        let cast = rewriter.insert(cast);
        untagged.push((*position, crate::ir::result(&cast, 0)?.into()));
    }
    rewriter.start_op_modification(call);
    for (position, value) in untagged {
        set_operand(call, position, value);
    }
    rewriter.finalize_op_modification(call);
    crate::ir::clones::set_callee(context, rewriter, call, &plan.clone);
    Some(())
}

/// Erases the functions of `candidates` that nothing outside the module can
/// call (internal, or a closed world) and that are called, if at all, only
/// from each other (a recursive helper whose callers all moved to clones).
pub(crate) fn erase_uncalled(
    rewriter: &RewriterBase,
    index: &ModuleIndex,
    candidates: &[String],
    closed_world: ClosedWorld,
) -> usize {
    let mut dead: HashSet<&str> = candidates
        .iter()
        .map(String::as_str)
        .filter(|name| index.is_closed(name, closed_world) && !index.address_taken.contains(*name))
        .collect();
    loop {
        let alive: Vec<&str> = dead
            .iter()
            .copied()
            .filter(|name| {
                index
                    .call_sites
                    .get(*name)
                    .into_iter()
                    .flatten()
                    .any(|call| {
                        enclosing_function(*call)
                            .is_none_or(|caller| !dead.contains(caller.as_str()))
                    })
            })
            .collect();
        if alive.is_empty() {
            break;
        }
        for name in alive {
            dead.remove(name);
        }
    }
    let mut erased = 0;
    for name in dead {
        if let Some(function) = index.functions.get(name) {
            rewriter.erase_op(function.op);
            erased += 1;
        }
    }
    erased
}

/// The name of the function `op` is nested in.
fn enclosing_function(op: OperationRef) -> Option<String> {
    let function = crate::ir::enclosing_function(&op)?;
    crate::ir::symbol_attribute(&function, "sym_name")
}

/// Gives closed functions whose generic result always points into one space
/// that named result type: returns untag, calls tag the result again (and
/// `untag(tag p)` folds). Decisions come from `facts`, taken before any change.
pub(crate) fn specialize_results<'c>(
    context: &'c Context,
    module: &Module,
    map: &AddressSpaceMap,
    facts: &SpaceFacts,
    rewriter: &RewriterBase<'c, '_>,
    index: &ModuleIndex<'c, '_>,
    closed_world: ClosedWorld,
) -> usize {
    let casts = CastStyle::of(module);
    // Every decision before the first retype (retyping a callee changes the
    // values its callers return), applied in name order: the same output
    // on every run.
    let mut decided: Vec<(&String, &crate::analysis::Function, AddressSpace)> = index
        .functions
        .iter()
        .filter(|(name, function)| index.is_closed(name, closed_world) && !function.is_variadic)
        .filter_map(|(name, function)| {
            single_result_space(index, name, map, facts).map(|space| (name, function, space))
        })
        .collect();
    decided.sort_by(|a, b| a.0.cmp(b.0));
    let retyping = ResultRetyping {
        context,
        map,
        rewriter,
        index,
        casts,
    };
    let mut changed = 0;
    for (name, function, space) in decided {
        if retyping.retype(name, function.op, space).is_some() {
            changed += 1;
        }
    }
    changed
}

/// What retyping a function's result needs, for every function of a module.
struct ResultRetyping<'r, 'c, 'a> {
    context: &'c Context,
    map: &'r AddressSpaceMap,
    rewriter: &'r RewriterBase<'c, 'a>,
    index: &'r ModuleIndex<'c, 'a>,
    casts: CastStyle,
}

/// The one space every generic value `name` returns points to, if there is one.
fn single_result_space(
    index: &ModuleIndex,
    name: &str,
    map: &AddressSpaceMap,
    facts: &SpaceFacts,
) -> Option<AddressSpace> {
    let returns = index.return_ops.get(name)?;
    let mut known = gas_dialect::SpaceSet::EMPTY;
    for ret in returns {
        if ret.operand_count() != 1 {
            return None;
        }
        let value = crate::ir::operand(ret, 0)?;
        if value_space(value, map) != Some(AddressSpace::Generic) {
            return None;
        }
        known = known.union(facts.of(value));
    }
    let mut spaces = known.iter();
    match (spaces.next(), spaces.next()) {
        (Some(space), None) => Some(space),
        _ => None,
    }
}

impl<'c, 'a> ResultRetyping<'_, 'c, 'a> {
    /// Gives `function` (named `name`) the result type of `space`: its returns
    /// untag, its calls tag the result again.
    fn retype(
        &self,
        name: &str,
        function: OperationRef<'c, 'a>,
        space: AddressSpace,
    ) -> Option<()> {
        let Self {
            context,
            map,
            rewriter,
            index,
            casts,
        } = *self;
        let named = pointer_type(context, map, space);
        let old_type = TypeAttribute::try_from(function.attribute("function_type").ok()?)
            .ok()?
            .value();
        let entry = crate::ir::region(&function, 0)?.first_block()?;
        let parameters: Vec<Type> = (0..entry.argument_count())
            .map(|position| entry.argument(position).map(|argument| argument.r#type()))
            .collect::<Result<_, _>>()
            .ok()?;
        let new_type: Type = match llvm_function_result(old_type) {
            Some(_) => melior::dialect::llvm::r#type::function(named, &parameters, false),
            None => FunctionType::new(context, &parameters, &[named]).into(),
        };
        for ret in index.return_ops.get(name)? {
            let value = crate::ir::operand(ret, 0)?;
            rewriter.set_insertion_point_before(*ret);
            let cast = rewriter.insert(casts.to_named(value, named, ret.location())?);
            // The facts proved every returned pointer global: no private tag
            // can reach this cast (as `narrow` marks the casts it proves).
            if space == AddressSpace::Global && map.is_tagged() {
                crate::ir::mark(context, cast, gas_dialect::names::GLOBAL_BY_PROVENANCE_ATTR);
            }
            rewriter.start_op_modification(*ret);
            set_operand(*ret, 0, crate::ir::result(&cast, 0)?.into());
            rewriter.finalize_op_modification(*ret);
        }
        set_attribute(
            function,
            "function_type",
            TypeAttribute::new(new_type).into(),
        );
        for call in index.call_sites.get(name).into_iter().flatten() {
            let result: Value = crate::ir::result(call, 0)?.into();
            let generic = result.r#type();
            result.set_type(named);
            rewriter.set_insertion_point_after(*call);
            let tagged = rewriter.insert(casts.to_generic(result, generic, call.location())?);
            rewriter.replace_all_uses_except(result, crate::ir::result(&tagged, 0)?.into(), tagged);
        }
        Some(())
    }
}
