//! `private-branch-elision`: private memory in the global buffer (seed 000).
//!
//! A kernel whose generic accesses may still reach private memory gets its
//! private memory placed in the global buffer: every function it reaches is
//! marked `gas.private_in_global` (a backend must put their allocas in the
//! global buffer), every dispatch there among several spaces loses its
//! private case, which the global case takes over (a private pointer is then
//! a valid global pointer), and `lower` gives private pointers no tag —
//! unless the function is also `gas.tags_preserved`, where the global case
//! clears the tag. A helper parameter whose accesses all went global then
//! takes a global pointer, and its callers clear the tag once
//! (`crate::untag_in_callers`).
//!
//! Decided per kernel, only where it is provably right: every call of the
//! kernel can be followed (code elsewhere could test `to_private` on an
//! untagged pointer); explicit casts in its reach require
//! `gas.tags_preserved` on every reached function (run `explicit-cast-tags`
//! first); and no reached function is shared with a kernel that is not
//! decided the same way or callable from outside the module. IGC decides
//! this once for the whole module; gas only for the kernels that need it and
//! the kernels that share functions with them. A function shared with a
//! kernel that cannot take the decision is copied for the kernels that can
//! (`<name>.gas.private_in_global`, `crate::kernel_copies`), where the
//! decision changes some of their code.

use crate::analysis::kernels::KernelGraph;
use crate::analysis::ClosedWorld;
use crate::ir::decision::{apply_all, Decision};
use crate::ir::each_op;
use crate::ir::mark;
use crate::kernel_copies::{self, weigh_with_copies, CopiesFor};
use gas_dialect::ops::Dispatch;
use gas_dialect::{names, AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::Module;
use melior::Context;
use std::collections::BTreeSet;

/// The set's name, as in DESIGN.md and `--pipeline`.
pub const SET: &str = "private-branch-elision";

/// Runs `private-branch-elision`; returns one line per kernel saying what was
/// decided and why.
pub fn run(
    context: &Context,
    module: &mut Module,
    map: &AddressSpaceMap,
    closed_world: ClosedWorld,
) -> Vec<String> {
    // Tags and the private-in-global contract are seed 000's software
    // model; a flat target's hardware tells spaces apart by itself.
    if !map.is_tagged() {
        return vec![format!(
            "not applied: generic pointers on {} are flat, without tags",
            map.name
        )];
    }
    // The contract is the backend's to give: a consumer that keeps allocas
    // private would read global memory at a private address.
    if !map.private_in_global {
        return vec![format!(
            "not applied: the {} target does not place private memory in the global buffer (spir-igc does)",
            map.name
        )];
    }
    // No access anywhere may reach private memory: no kernel needs the
    // global buffer, and the kernel graph need not be built.
    if !crate::analysis::kernels::has_private_candidates(module, map) {
        return crate::analysis::kernels::kernels_of(module)
            .into_iter()
            .map(|kernel| {
                format!("@{kernel}: not needed: no run-time decision involves private memory")
            })
            .collect();
    }
    let graph = KernelGraph::build(module, map, closed_world, true);
    let mut report = Vec::new();
    let mut eligible = BTreeSet::new();
    let mut needs = BTreeSet::new();
    let mut unneeded = std::collections::BTreeMap::new();
    for kernel in graph.kernels() {
        let facts = graph.reach_facts(kernel);
        let reach = graph.reach(kernel);
        if let Some(why) = facts.unfollowable_call {
            report.push(format!("@{kernel}: not applied: {why}"));
        } else if facts.explicit_casts > 0
            && !reach
                .iter()
                .all(|name| graph.has_attribute(name, names::TAGS_PRESERVED_ATTR))
        {
            report.push(format!(
                "@{kernel}: not applied: explicit casts without preserved tags (run explicit-cast-tags first)"
            ));
        } else {
            eligible.insert(kernel.to_string());
            match removes_decisions(&facts) {
                Ok(()) => {
                    needs.insert(kernel.to_string());
                }
                Err(why) => {
                    unneeded.insert(kernel.to_string(), why);
                }
            }
        }
    }
    // Only the kernels that need it, and those sharing functions with them:
    // the others are neither marked nor given copies.
    let candidates = sharing_closure(&graph, &needs, &eligible);
    for kernel in eligible.difference(&candidates) {
        let why = unneeded.get(kernel).copied().unwrap_or_default();
        report.push(format!("@{kernel}: not needed: {why}"));
    }
    // Kernels refused for sharing functions with kernels the decision does
    // not suit get their own copies of those functions, then are weighed again.
    let weighed = weigh_with_copies(
        context,
        module,
        graph,
        &candidates,
        CopiesFor {
            suffix: "private_in_global",
            changes: &|op| {
                Dispatch::of(op)
                    .and_then(|dispatch| dispatch.spaces(map).ok())
                    .is_some_and(|spaces| {
                        spaces
                            .iter()
                            .any(|set| set.contains(AddressSpace::Private) && set.len() > 1)
                    })
            },
        },
        || KernelGraph::build(module, map, closed_world, true),
        &mut report,
    );
    let (graph, accepted, copies) = (weighed.graph, weighed.accepted, weighed.copies);
    let chosen = sharing_closure(&graph, &needs, &accepted);
    for kernel in &accepted {
        report.push(if chosen.contains(kernel) {
            format!(
                "@{kernel}: private memory in the global buffer, private cases dropped{}",
                kernel_copies::describe(&copies, &graph.reach(kernel), "kernels not decided so")
            )
        } else {
            format!(
                "@{kernel}: not needed: {}",
                unneeded
                    .get(kernel)
                    .copied()
                    .unwrap_or("no run-time decision involves private memory")
            )
        });
    }
    let functions = graph.functions_of(&chosen);
    let mut plan = Vec::new();
    for name in &functions {
        let Some(node) = graph.functions.get(name) else {
            continue;
        };
        mark(context, node.op, names::PRIVATE_IN_GLOBAL_ATTR);
        each_op(node.op, &mut |op| {
            let Some(spaces) = Dispatch::of(op).and_then(|dispatch| dispatch.spaces(map).ok())
            else {
                return;
            };
            // A private case among others goes: a private pointer is then
            // untagged, i.e. looks global, so the global case takes it (and
            // joins the candidates if it was not one). An access known to be
            // private stays a private access (still right in the global buffer).
            let droppable = |set: &SpaceSet| set.contains(AddressSpace::Private) && set.len() > 1;
            if spaces.iter().any(droppable) {
                let narrowed = spaces
                    .iter()
                    .map(|set| {
                        if droppable(set) {
                            set.without(AddressSpace::Private)
                                .with(AddressSpace::Global)
                        } else {
                            *set
                        }
                    })
                    .collect();
                plan.push((op, Decision::Narrow(narrowed)));
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

/// The kernels of `within` that need the decision (`needs`), and those of
/// `within` sharing functions with them, transitively.
fn sharing_closure(
    graph: &KernelGraph,
    needs: &BTreeSet<String>,
    within: &BTreeSet<String>,
) -> BTreeSet<String> {
    let mut chosen: BTreeSet<String> = needs.intersection(within).cloned().collect();
    loop {
        let functions = graph.functions_of(&chosen);
        let more: Vec<String> = within
            .iter()
            .filter(|kernel| !chosen.contains(*kernel))
            .filter(|kernel| {
                graph
                    .reach(kernel)
                    .iter()
                    .any(|name| functions.contains(name))
            })
            .cloned()
            .collect();
        if more.is_empty() {
            return chosen;
        }
        chosen.extend(more);
    }
}

/// Whether placing a kernel's private memory in the global buffer removes a
/// run-time decision (under O2, where `static-global` follows); if not, why.
/// Where no pointer becomes generic from a named space, `static-global`
/// resolves every access without the contract. Where only private pointers
/// do, the contract lets it resolve them all. Otherwise only a decision
/// between private and global memory goes away: the global case takes
/// private pointers over, so private-or-local becomes global-or-local and
/// a three-way decision keeps two cases.
fn removes_decisions(facts: &crate::analysis::kernels::FunctionFacts) -> Result<(), &'static str> {
    let others_made_generic = facts.local_to_generic + facts.other_to_generic;
    if facts.private_candidates == 0 {
        Err("no run-time decision involves private memory")
    } else if others_made_generic == 0 && facts.private_to_generic == 0 {
        Err("static-global resolves its accesses without it")
    } else if others_made_generic == 0 || facts.private_or_global > 0 {
        Ok(())
    } else {
        Err("no decision between private and global memory only")
    }
}
