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
//! kernel with explicit casts reaches is marked, and so is every function of
//! a kernel that shares one with them (a shared helper may hand it a tagged
//! private pointer); kernels whose calls cannot be followed are marked too,
//! as far as the module goes.

use crate::analysis::kernels::KernelGraph;
use crate::analysis::ClosedWorld;
use crate::ir::mark;
use gas_dialect::{names, AddressSpaceMap};
use melior::ir::Module;
use melior::Context;

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
    let mut marked = std::collections::BTreeSet::new();
    for (kernel, casts) in kernels.iter().zip(&casts) {
        if *casts > 0 {
            marked.extend(graph.reach(kernel).iter().cloned());
        }
    }
    // A kernel sharing a function with a marked one runs it too, and gets
    // private pointers tagged by it (returned, stored): the whole kernel must
    // clear tags as well, or its accesses would go to a tagged address.
    let mut sharing = vec![false; kernels.len()];
    loop {
        let mut joined = false;
        for (kernel, sharing) in kernels.iter().zip(sharing.iter_mut()) {
            let reach = graph.reach(kernel);
            if !*sharing
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
                "@{kernel}: shares functions with a kernel that preserves private tags: tags preserved too"
            ),
            (casts, _) => format!(
                "@{kernel}: {casts} explicit cast(s): private tags preserved, casts to global clear tags"
            ),
        })
        .collect();
    for name in marked {
        if let Some(node) = graph.functions.get(&name) {
            mark(context, node.op, names::TAGS_PRESERVED_ATTR);
        }
    }
    report
}
