//! `explicit-cast-tags`: explicit casts with private memory in the global
//! buffer (seed 000, last section).
//!
//! Where `to_global`/`to_local`/`to_private` remain in a kernel or anything
//! it calls, the kernel's functions are marked `gas.tags_preserved`: private
//! pointers keep their tag `001` even when private memory is in the global
//! buffer (so `to_private` and `to_global` can tell them apart), and `lower`
//! clears the tag (`shl 4`/`ashr 4`) on every cast back to global and in the
//! global case of every dispatch (a private pointer may reach it once
//! `private-branch-elision` or `static-global` dropped the private case).
//! Marking is always safe — it only costs the clearing — so every function a
//! kernel with explicit casts reaches is marked. A function such a kernel
//! shares with a kernel without casts would hand that kernel tagged private
//! pointers, so the kernels with casts get their own copies of the shared
//! functions (`<name>.gas.tags`, marked), and the other kernels keep the
//! originals, unmarked: their code clears no tag. Where a shared function
//! cannot be copied (a kernel, or callable from outside the module), every
//! function of a kernel sharing one is marked instead, to a fixed point.

use crate::analysis::kernels::KernelGraph;
use crate::analysis::{ClosedWorld, CLONE_MARKER};
use crate::ir::{mark, symbol_attribute};
use gas_dialect::{names, AddressSpaceMap};
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{Module, OperationRef};
use melior::{Context, IrRewriter, RewriterBase};
use std::collections::{BTreeMap, BTreeSet};

/// The set's name, as in DESIGN.md and `--pipeline`.
pub const SET: &str = "explicit-cast-tags";

/// Runs `explicit-cast-tags`; returns one line per kernel saying what was
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
    // Without an explicit cast anywhere nothing is marked: the kernels are
    // the module's top-level functions, no walk of their bodies is needed.
    if !crate::analysis::kernels::has_explicit_casts(module) {
        return crate::analysis::kernels::kernels_of(module)
            .into_iter()
            .map(|kernel| format!("@{kernel}: no explicit casts, tags need not be preserved"))
            .collect();
    }
    let graph = KernelGraph::build(module, map, closed_world, false);
    let kernels = graph.kernels();
    let casts: Vec<usize> = kernels
        .iter()
        .map(|kernel| graph.reach_facts(kernel).explicit_casts)
        .collect();
    let mut marked = BTreeSet::new();
    for (kernel, casts) in kernels.iter().zip(&casts) {
        if *casts > 0 {
            marked.extend(graph.reach(kernel).iter().cloned());
        }
    }
    let shared: BTreeSet<String> = kernels
        .iter()
        .zip(&casts)
        .filter(|(_, casts)| **casts == 0)
        .flat_map(|(kernel, _)| graph.reach(kernel).into_owned())
        .filter(|name| marked.contains(name))
        .collect();
    let owner = IrRewriter::new(context);
    let rewriter = owner.as_rewriter_base();
    let mut copies = Vec::new();
    if !shared.is_empty() {
        if let Some(made) = copy_shared(context, &rewriter, module, &graph, &marked, &shared) {
            marked.retain(|name| !shared.contains(name));
            copies = made;
        }
    }
    // A kernel sharing a function with a marked one runs it too, and gets
    // private pointers tagged by it (returned, stored): where the shared
    // functions could not be copied, the whole kernel must clear tags as
    // well, or its accesses would go to a tagged address.
    let mut sharing = vec![false; kernels.len()];
    loop {
        let mut joined = false;
        for ((kernel, casts), sharing) in kernels.iter().zip(&casts).zip(sharing.iter_mut()) {
            let reach = graph.reach(kernel);
            // A kernel with casts has its whole reach marked (the shared
            // part as its copies).
            if *casts == 0
                && !*sharing
                && reach.iter().any(|name| marked.contains(name))
                && !reach.iter().all(|name| marked.contains(name))
            {
                *sharing = true;
                joined = true;
                marked.extend(reach.iter().cloned());
            }
        }
        if !joined {
            break;
        }
    }
    let copied: Vec<&str> = copies
        .iter()
        .map(|(original, _)| original.as_str())
        .collect();
    let report = kernels
        .iter()
        .zip(casts.iter().zip(&sharing))
        .map(|(kernel, (casts, sharing))| match (casts, sharing) {
            (0, false) => format!("@{kernel}: no explicit casts, tags need not be preserved"),
            (0, true) => format!(
                "@{kernel}: shares functions with a kernel that preserves private tags: tags preserved too"
            ),
            (casts, _) => {
                let own: Vec<String> = copied
                    .iter()
                    .filter(|name| graph.reach(kernel).contains(**name))
                    .map(|name| format!("@{name}"))
                    .collect();
                let copies = if own.is_empty() {
                    String::new()
                } else {
                    format!(
                        "; its own copies of {} (shared with kernels without casts)",
                        own.join(", ")
                    )
                };
                format!(
                    "@{kernel}: {casts} explicit cast(s): private tags preserved, casts to global clear tags{copies}"
                )
            }
        })
        .collect();
    for (_, copy) in copies {
        mark(context, copy, names::TAGS_PRESERVED_ATTR);
    }
    for name in marked {
        if let Some(node) = graph.functions.get(&name) {
            mark(context, node.op, names::TAGS_PRESERVED_ATTR);
        }
    }
    report
}

/// Copies each function of `shared` (reached both by kernels with explicit
/// casts, whose reach is `marked`, and by kernels without) for the kernels
/// with casts, and points every call in their code (the functions of
/// `marked` outside `shared`, and the copies) at the copies. Returns each
/// original's name with its copy, or `None`, changing nothing, where a
/// shared function is a kernel, may be called from outside the module or
/// its copy's name is taken.
fn copy_shared<'c, 'a>(
    context: &'c Context,
    rewriter: &RewriterBase<'c, '_>,
    module: &Module<'c>,
    graph: &KernelGraph<'c, 'a>,
    marked: &BTreeSet<String>,
    shared: &BTreeSet<String>,
) -> Option<Vec<(String, OperationRef<'c, 'a>)>> {
    let taken = top_level_symbols(module);
    let mut names: BTreeMap<&str, String> = BTreeMap::new();
    for name in shared {
        let node = graph.functions.get(name)?;
        let copy = format!("{name}{CLONE_MARKER}tags");
        if node.is_kernel || !node.callers_known || taken.contains(&copy) {
            return None;
        }
        names.insert(name.as_str(), copy);
    }
    let mut copies = Vec::new();
    for (name, copy) in &names {
        let original = graph.functions.get(*name)?.op;
        let made = crate::ir::clones::clone_function(context, rewriter, original, copy)?;
        copies.push(((*name).to_string(), made));
    }
    let callers = marked
        .iter()
        .filter(|name| !shared.contains(*name))
        .filter_map(|name| graph.functions.get(name).map(|node| node.op))
        .chain(copies.iter().map(|(_, copy)| *copy));
    for caller in callers.collect::<Vec<_>>() {
        let mut calls = Vec::new();
        crate::ir::each_op(caller, &mut |op| {
            if crate::ir::is_call(crate::ir::name_of(&op)) {
                calls.push(op);
            }
        });
        for call in calls {
            let target = symbol_attribute(&call, "callee");
            if let Some(copy) = target.and_then(|target| names.get(target.as_str())) {
                crate::ir::clones::set_callee(context, rewriter, call, copy);
            }
        }
    }
    Some(copies)
}

/// The names of the module's top-level symbols (functions, declarations and
/// variables alike).
fn top_level_symbols(module: &Module) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        names.extend(symbol_attribute(&op, "sym_name"));
        next = op.next_in_block();
    }
    names
}
