//! `static-global`: static resolution when no local pointer becomes generic
//! (seed 000).
//!
//! In a kernel and everything it calls, if no local pointer is ever cast to
//! generic, and private memory is in the global buffer (`gas.private_in_global`
//! on every reached function) or no private pointer is cast to generic
//! either, every generic pointer points to global memory: each dispatch
//! becomes a global access, `to_local` is null, and (with no private
//! pointer made generic) `to_private` is null and `to_global` the pointer.
//! The functions are marked `gas.static_global`. Where no kernel reaching a
//! function makes a private pointer generic, no generic pointer there holds
//! a private tag: its global accesses and casts are marked
//! `gas.global_by_provenance`, so `lower` clears no tag even where tags are
//! preserved. Then a helper parameter whose accesses all went to one space
//! takes that space (`crate::untag_in_callers`).
//!
//! Unprovable — and left alone — when a call cannot be followed (indirect,
//! or to a function defined elsewhere that is not a builtin), or when a
//! reached function is shared with a kernel that does not qualify or may be
//! called from outside the module. A function shared with a kernel that
//! does not qualify is copied for the kernels that do where that lets them
//! decide and the decision changes some of their code
//! (`<name>.gas.global`, `crate::kernel_copies`).

use crate::analysis::kernels::KernelGraph;
use crate::analysis::ClosedWorld;
use crate::ir::decision::{apply_all, Decision};
use crate::ir::each_op;
use crate::ir::mark;
use crate::kernel_copies::{self, weigh_with_copies, CopiesFor};
use gas_dialect::ops::{value_space, Dispatch};
use gas_dialect::{names, AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::operation::OperationLike;
use melior::ir::{Module, OperationRef};
use melior::Context;
use std::collections::BTreeSet;

/// The set's name, as in DESIGN.md and `--pipeline`.
pub const SET: &str = "static-global";

/// Runs `static-global`; returns one line per kernel saying what was decided
/// and why.
pub fn run(
    context: &Context,
    module: &mut Module,
    map: &AddressSpaceMap,
    closed_world: ClosedWorld,
) -> Vec<String> {
    let graph = KernelGraph::build(module, map, closed_world, false);
    let mut report = Vec::new();
    let mut eligible = BTreeSet::new();
    let mut private_generic = BTreeSet::new();
    for kernel in graph.kernels() {
        let facts = graph.reach_facts(kernel);
        let reach = graph.reach(kernel);
        let private_in_global = reach
            .iter()
            .all(|name| graph.has_attribute(name, names::PRIVATE_IN_GLOBAL_ATTR));
        if let Some(why) = facts.unfollowable_call {
            report.push(format!("@{kernel}: not applied: {why}"));
        } else if facts.local_to_generic > 0 {
            report.push(format!(
                "@{kernel}: not applied: {} local pointer(s) cast to generic",
                facts.local_to_generic
            ));
        } else if facts.other_to_generic > 0 {
            // Such a pointer is not global memory: the set's premise fails.
            report.push(format!(
                "@{kernel}: not applied: {} constant, unnamed-space or by-value parameter pointer(s) made generic",
                facts.other_to_generic
            ));
        } else if facts.private_to_generic > 0 && !private_in_global {
            report.push(format!(
                "@{kernel}: not applied: {} private pointer(s) cast to generic and private memory not in the global buffer",
                facts.private_to_generic
            ));
        } else {
            eligible.insert(kernel.to_string());
            if facts.private_to_generic > 0 {
                private_generic.insert(kernel.to_string());
            }
        }
    }
    // Kernels refused for sharing functions with kernels the decision does
    // not suit get their own copies of those functions, then are weighed again.
    let weighed = weigh_with_copies(
        context,
        module,
        graph,
        &eligible,
        CopiesFor {
            suffix: "global",
            changes: &|op| match Dispatch::of(op) {
                Some(dispatch) => all_global(&op, &dispatch, map).is_some(),
                None => crate::ir::name_of(&op) == names::TO_NAMED,
            },
        },
        || KernelGraph::build(module, map, closed_world, false),
        &mut report,
    );
    let (graph, accepted, copies) = (weighed.graph, weighed.accepted, weighed.copies);
    for kernel in &accepted {
        report.push(format!(
            "@{kernel}: every generic pointer is global: accesses resolved statically{}",
            kernel_copies::describe(&copies, &graph.reach(kernel), "kernels not decided so")
        ));
    }
    // Private pointers that became generic keep to_private/to_global meaningful.
    let keeps_private: BTreeSet<String> = graph.functions_of(&private_generic);
    let mut plan = Vec::new();
    for name in graph.functions_of(&accepted) {
        let Some(node) = graph.functions.get(&name) else {
            continue;
        };
        mark(context, node.op, names::STATIC_GLOBAL_ATTR);
        let no_private = !keeps_private.contains(&name);
        each_op(node.op, &mut |op| {
            if let Some(dispatch) = Dispatch::of(op) {
                let narrowed = all_global(&op, &dispatch, map);
                // With no private pointer made generic, a global address
                // holds no private tag: `lower` needs not clear one where
                // tags are preserved.
                let global = SpaceSet::single(AddressSpace::Global);
                let spaces = narrowed.clone().or_else(|| dispatch.spaces(map).ok());
                if no_private
                    && spaces.is_some_and(|spaces| {
                        !spaces.is_empty() && spaces.iter().all(|set| *set == global)
                    })
                {
                    mark(context, op, names::GLOBAL_BY_PROVENANCE_ATTR);
                }
                if let Some(narrowed) = narrowed {
                    plan.push((op, Decision::Narrow(narrowed)));
                }
                return;
            }
            let name = op.name();
            let name = name.as_string_ref().as_str();
            let is_untag = name == Ok(names::UNTAG);
            if name != Ok(names::TO_NAMED) && !is_untag {
                return;
            }
            let target = op
                .result(0)
                .ok()
                .and_then(|result| value_space(result.into(), map));
            if is_untag {
                // A cast to global (a call's argument, say): as above.
                if no_private && target == Some(AddressSpace::Global) {
                    mark(context, op, names::GLOBAL_BY_PROVENANCE_ATTR);
                }
                return;
            }
            match target {
                Some(AddressSpace::Local) => plan.push((op, Decision::ToNamedIsNull)),
                Some(AddressSpace::Private) if no_private => {
                    plan.push((op, Decision::ToNamedIsNull))
                }
                Some(AddressSpace::Global) if no_private => {
                    mark(context, op, names::GLOBAL_BY_PROVENANCE_ATTR);
                    plan.push((op, Decision::ToNamedIsUntag))
                }
                _ => {}
            }
        });
    }
    let narrowed = !plan.is_empty();
    apply_all(context, map, plan, SET);
    // A helper whose accesses now all go to one space takes a pointer of it.
    if narrowed {
        crate::untag_in_callers::untag_in_callers(context, module, map, closed_world, &mut report);
    }
    report
}

/// The dispatch's spaces with every address global, or `None` if that
/// changes nothing. An address that is `gas.tag` of a pointer its one
/// candidate space names keeps that space: global would be as right, but
/// `lower` accesses it through the pointer the tag was made from, where
/// global would cost a tag clear in a function that preserves tags.
fn all_global(
    op: &OperationRef,
    dispatch: &Dispatch,
    map: &AddressSpaceMap,
) -> Option<Vec<SpaceSet>> {
    let spaces = dispatch.spaces(map).ok()?;
    let addresses = dispatch.generic_addresses(map).ok()?;
    let global = SpaceSet::single(AddressSpace::Global);
    let narrowed: Vec<SpaceSet> = spaces
        .iter()
        .enumerate()
        .map(|(position, set)| {
            let tagged_space = addresses
                .get(position)
                .and_then(|index| crate::ir::operand(op, *index))
                .and_then(crate::ir::defining_tag)
                .and_then(|cast| crate::ir::operand(&cast, 0))
                .and_then(|named| value_space(named, map));
            match tagged_space {
                Some(space) if *set == SpaceSet::single(space) => *set,
                _ => global,
            }
        })
        .collect();
    (narrowed != spaces).then_some(narrowed)
}
