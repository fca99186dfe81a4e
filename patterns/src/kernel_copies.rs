//! Copies of shared functions for a group of kernels, so that a decision
//! taken for the whole reach of those kernels (preserving tags, private
//! memory in the global buffer, every generic pointer global) changes no
//! code that another kernel runs.
//!
//! The kernel-wide sets decide per kernel, and a function two kernels reach
//! must be decided the same way for both. Where kernels that a decision
//! suits share functions with kernels it does not, those functions are
//! copied (`<name>.gas.<suffix>`, internal, after the original) and every
//! call in the group's code (its unshared functions and the copies) is
//! pointed at the copies: the group's reach and the others' become disjoint,
//! the others keep the originals unchanged. Only functions whose every call
//! is a direct call in the module are copied (not kernels, not functions
//! whose address is taken or that code elsewhere may call), and only while
//! the copies add at most [`MIN_COPY_BUDGET`] operations or a quarter of the
//! module.

use crate::analysis::kernels::KernelGraph;
use crate::analysis::CLONE_MARKER;
use crate::ir::symbol_attribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{Module, OperationRef};
use melior::{Context, IrRewriter};
use std::collections::{BTreeMap, BTreeSet};

/// The operations copies may always add (a quarter of the module when that
/// is more).
pub const MIN_COPY_BUDGET: usize = 2000;

/// What [`copy_shared_functions`] did.
pub(crate) enum Copied<'c, 'a> {
    /// The group shares no function with other kernels, or its decision
    /// would change none of its ops: nothing to do.
    NothingShared,
    /// The copies made, one per shared function.
    Copies(Vec<Copy<'c, 'a>>),
    /// A shared function cannot be copied, or the copies would be too big;
    /// nothing changed.
    Refused(String),
}

/// A shared function's copy.
pub(crate) struct Copy<'c, 'a> {
    /// The shared function's name.
    pub original: String,
    /// The copy's name.
    pub name: String,
    /// The copy.
    pub op: OperationRef<'c, 'a>,
}

/// Gives `group` (kernels of `graph`) its own copies of the functions it
/// shares with the module's other kernels, where the group's decision would
/// change an op of its code ([`CopiesFor::changes`]), shared or not.
pub(crate) fn copy_shared_functions<'c, 'a>(
    context: &'c Context,
    module: &Module<'c>,
    graph: &KernelGraph<'c, 'a>,
    group: &BTreeSet<String>,
    CopiesFor { suffix, changes }: CopiesFor,
) -> Copied<'c, 'a> {
    let own = graph.functions_of(group);
    let others: BTreeSet<String> = graph
        .kernels()
        .into_iter()
        .filter(|kernel| !group.contains(*kernel))
        .map(str::to_string)
        .collect();
    let shared: BTreeSet<String> = graph
        .functions_of(&others)
        .into_iter()
        .filter(|name| own.contains(name))
        .collect();
    let changed = !shared.is_empty()
        && own.iter().any(|name| {
            graph.functions.get(name).is_some_and(|node| {
                let mut found = false;
                crate::ir::each_op(node.op, &mut |op| found = found || changes(op));
                found
            })
        });
    if !changed {
        return Copied::NothingShared;
    }
    let taken = top_level_symbols(module);
    let mut names: BTreeMap<&str, String> = BTreeMap::new();
    let mut size = 0;
    for name in &shared {
        let Some(node) = graph.functions.get(name) else {
            return Copied::Refused(format!("@{name} has no body here"));
        };
        let copy = format!("{name}{CLONE_MARKER}{suffix}");
        if node.is_kernel {
            return Copied::Refused(format!("@{name} is a kernel"));
        }
        if !node.callers_known {
            return Copied::Refused(format!(
                "@{name} may be called from outside the module or through its address"
            ));
        }
        if taken.contains(&copy) {
            return Copied::Refused(format!("@{copy} exists"));
        }
        crate::ir::each_op(node.op, &mut |_| size += 1);
        names.insert(name.as_str(), copy);
    }
    let mut module_size = 0;
    crate::ir::each_op(module.as_operation(), &mut |_| module_size += 1);
    if size > MIN_COPY_BUDGET.max(module_size / 4) {
        return Copied::Refused(format!(
            "copying {} shared function(s) would add {size} operations",
            names.len()
        ));
    }
    let owner = IrRewriter::new(context);
    let rewriter = owner.as_rewriter_base();
    let mut copies = Vec::new();
    for (name, copy) in &names {
        let Some(node) = graph.functions.get(*name) else {
            continue;
        };
        // Cannot fail for a function op (it only parses a linkage).
        if let Some(op) = crate::ir::clones::clone_function(context, &rewriter, node.op, copy) {
            copies.push(Copy {
                original: (*name).to_string(),
                name: copy.clone(),
                op,
            });
        }
    }
    // Calls go only to copies that exist.
    let made: BTreeMap<&str, &str> = copies
        .iter()
        .map(|copy| (copy.original.as_str(), copy.name.as_str()))
        .collect();
    let callers: Vec<OperationRef> = own
        .iter()
        .filter(|name| !shared.contains(*name))
        .filter_map(|name| graph.functions.get(name).map(|node| node.op))
        .chain(copies.iter().map(|copy| copy.op))
        .collect();
    for caller in callers {
        let mut calls = Vec::new();
        crate::ir::each_op(caller, &mut |op| {
            if crate::ir::is_call(crate::ir::name_of(&op)) {
                calls.push(op);
            }
        });
        for call in calls {
            let target = symbol_attribute(&call, "callee");
            if let Some(copy) = target.and_then(|target| made.get(target.as_str())) {
                crate::ir::clones::set_callee(context, &rewriter, call, copy);
            }
        }
    }
    Copied::Copies(copies)
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

/// How a decision's copies are made: their names' suffix (`<name>.gas.<suffix>`),
/// and the ops the decision would change (copies where it would change
/// nothing would only add code).
#[derive(Clone, Copy)]
pub(crate) struct CopiesFor<'f> {
    pub suffix: &'f str,
    pub changes: &'f dyn Fn(OperationRef) -> bool,
}

/// A kernel-wide decision's kernels: those of `eligible` that
/// [`KernelGraph::consistent`] accepts, the copies made for them and the
/// graph of the module as it now is.
pub(crate) struct Weighed<'c, 'a> {
    pub graph: KernelGraph<'c, 'a>,
    pub accepted: BTreeSet<String>,
    pub copies: Vec<Copy<'c, 'a>>,
}

/// Weighs `eligible` with `graph`; where some are refused, gives the
/// eligible kernels own copies of what they share with the others
/// ([`copy_shared_functions`]) and weighs them again on the graph
/// `rebuild` makes of the changed module. Each kernel still refused gets a
/// `not applied` line in `report`.
pub(crate) fn weigh_with_copies<'c, 'a>(
    context: &'c Context,
    module: &Module<'c>,
    graph: KernelGraph<'c, 'a>,
    eligible: &BTreeSet<String>,
    copies_for: CopiesFor,
    rebuild: impl FnOnce() -> KernelGraph<'c, 'a>,
    report: &mut Vec<String>,
) -> Weighed<'c, 'a> {
    let (mut accepted, mut rejected) = graph.consistent(eligible.clone());
    let mut copies = Vec::new();
    let mut graph = graph;
    if !rejected.is_empty() {
        let group = graph.with_known_callers(eligible);
        if let Copied::Copies(made) =
            copy_shared_functions(context, module, &graph, &group, copies_for)
        {
            copies = made;
            graph = rebuild();
            (accepted, rejected) = graph.consistent(eligible.clone());
        }
    }
    for (kernel, why) in &rejected {
        report.push(format!("@{kernel}: not applied: {why}"));
    }
    Weighed {
        graph,
        accepted,
        copies,
    }
}

/// The report's words for `copies` made for a kernel reaching `reach`
/// (the originals, or the copies once the graph is built again):
/// `"; its own copies of @f, @g (shared with <others>)"`, or nothing.
pub(crate) fn describe(copies: &[Copy], reach: &BTreeSet<String>, others: &str) -> String {
    let own: Vec<String> = copies
        .iter()
        .filter(|copy| reach.contains(&copy.original) || reach.contains(&copy.name))
        .map(|copy| format!("@{}", copy.original))
        .collect();
    if own.is_empty() {
        String::new()
    } else {
        format!(
            "; its own copies of {} (shared with {others})",
            own.join(", ")
        )
    }
}
