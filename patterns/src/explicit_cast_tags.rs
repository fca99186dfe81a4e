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
use crate::analysis::ClosedWorld;
use crate::ir::mark;
use crate::kernel_copies::{self, copy_shared_functions, Copied, CopiesFor};
use gas_dialect::{names, AddressSpaceMap};
use melior::ir::Module;
use melior::Context;
use std::collections::BTreeSet;

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
    let casting: BTreeSet<String> = kernels
        .iter()
        .zip(&casts)
        .filter(|(_, casts)| **casts > 0)
        .map(|(kernel, _)| kernel.to_string())
        .collect();
    let mut marked = graph.functions_of(&casting);
    let mut copies = Vec::new();
    let mut not_copied = None;
    // Every shared function is worth copying: the other kernels then keep
    // code that sets and clears no private tag.
    match copy_shared_functions(
        context,
        module,
        &graph,
        &casting,
        CopiesFor {
            suffix: "tags",
            changes: &|_| true,
        },
    ) {
        Copied::Copies(made) => {
            for copy in &made {
                marked.remove(&copy.original);
            }
            copies = made;
        }
        Copied::NothingShared => {}
        Copied::Refused(why) => not_copied = Some(why),
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
    let report = kernels
        .iter()
        .zip(casts.iter().zip(&sharing))
        .map(|(kernel, (casts, sharing))| match (casts, sharing) {
            (0, false) => format!("@{kernel}: no explicit casts, tags need not be preserved"),
            (0, true) => format!(
                "@{kernel}: shares functions with a kernel that preserves private tags: tags preserved too ({})",
                not_copied.as_deref().unwrap_or("not copied")
            ),
            (casts, _) => format!(
                "@{kernel}: {casts} explicit cast(s): private tags preserved, casts to global clear tags{}",
                kernel_copies::describe(&copies, &graph.reach(kernel), "kernels without casts")
            ),
        })
        .collect();
    for copy in &copies {
        mark(context, copy.op, names::TAGS_PRESERVED_ATTR);
    }
    for name in marked {
        if let Some(node) = graph.functions.get(&name) {
            mark(context, node.op, names::TAGS_PRESERVED_ATTR);
        }
    }
    report
}
