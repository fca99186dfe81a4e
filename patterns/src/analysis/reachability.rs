//! Dead functions under a closed world.
//!
//! In an OpenCL program only kernels are entry points, plus whatever the
//! runtime is handed a pointer to (a block invoke function in a block
//! literal or an `__enqueue_kernel_*` call). A function with a body that no
//! such root reaches through direct calls cannot run: it is erased before
//! resolution, so no switch is emitted for it. Clang keeps such functions
//! (externally visible helpers that were inlined everywhere, the
//! `__clang_ocl_kern_imp_*` copy of every kernel).
//!
//! Roots: every function `ModuleIndex::is_closed` does not hold closed
//! (kernels; with `--closed-world never` every exported function), every
//! function whose address is taken anywhere (in code or in an initializer),
//! and every symbol named by a module-level op that is neither a function
//! nor a variable (`llvm.mlir.global_ctors`, aliases, ...).

use super::index::{ClosedWorld, ModuleIndex};
use crate::ir::{is_function, name_of};
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{OperationRef, RegionLike};
use melior::RewriterBase;
use rustc_hash::FxHashSet as HashSet;
use std::collections::BTreeSet;

/// Erases the functions no root reaches; returns how many.
pub(crate) fn erase_unreachable(
    rewriter: &RewriterBase,
    index: &mut ModuleIndex,
    closed_world: ClosedWorld,
) -> usize {
    let reached = reachable(index, closed_world);
    // Sorted: the same erasures in the same order on every run.
    let dead: BTreeSet<String> = index
        .functions
        .iter()
        .filter(|(symbol, function)| function.has_body && !reached.contains(symbol.as_str()))
        .map(|(symbol, _)| symbol.clone())
        .collect();
    let ops: Vec<_> = dead
        .iter()
        .map(|symbol| index.functions[symbol].op)
        .collect();
    // The index forgets them while their ops can still be read.
    index.forget_functions(&dead.iter().map(String::as_str).collect::<Vec<_>>());
    for (symbol, op) in dead.iter().zip(ops) {
        tracing::debug!(
            function = symbol.as_str(),
            "unreachable from every entry point"
        );
        rewriter.erase_op(op);
    }
    dead.len()
}

/// The functions a root reaches through direct calls (roots included).
pub(crate) fn reachable(index: &ModuleIndex, closed_world: ClosedWorld) -> HashSet<String> {
    let mut reached: HashSet<String> = HashSet::default();
    let mut pending: Vec<String> = roots(index, closed_world).into_iter().collect();
    while let Some(symbol) = pending.pop() {
        if reached.contains(&symbol) {
            continue;
        }
        reached.insert(symbol.clone());
        pending.extend(
            index
                .callees
                .get(&symbol)
                .into_iter()
                .flatten()
                .filter(|callee| index.functions.contains_key(*callee))
                .cloned(),
        );
    }
    reached
}

fn roots(index: &ModuleIndex, closed_world: ClosedWorld) -> BTreeSet<String> {
    let mut roots: BTreeSet<String> = index
        .functions
        .keys()
        .filter(|symbol| !index.is_closed(symbol, closed_world))
        .cloned()
        .collect();
    roots.extend(index.address_taken.iter().cloned());
    if let Some(module) = index
        .functions
        .values()
        .next()
        .and_then(|f| f.op.parent_operation())
    {
        roots.extend(symbols_of_other_module_ops(module));
    }
    roots
}

/// Symbols named by module-level ops other than functions and variables.
fn symbols_of_other_module_ops(module: OperationRef) -> Vec<String> {
    let mut symbols = Vec::new();
    let Some(body) = module
        .region(0)
        .ok()
        .and_then(|region| region.first_block())
    else {
        return symbols;
    };
    let mut next = body.first_operation();
    while let Some(op) = next {
        let name = name_of(&op);
        if !is_function(name) && name != "llvm.mlir.global" {
            for (_, attribute) in op.attributes() {
                symbols.extend(symbol_names(&attribute.to_string()));
            }
        }
        next = op.next_in_block();
    }
    symbols
}

/// The `@name` and `@"name"` references in an attribute's text.
fn symbol_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find('@') {
        rest = &rest[at + 1..];
        let name: String = if let Some(quoted) = rest.strip_prefix('"') {
            quoted.split('"').next().unwrap_or_default().to_string()
        } else {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$' | '-'))
                .collect()
        };
        if !name.is_empty() {
            names.push(name);
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::symbol_names;

    #[test]
    fn symbol_names_reads_plain_and_quoted_references() {
        assert_eq!(
            symbol_names(r#"[@ctor, @"with space", @a.b$c]"#),
            vec!["ctor", "with space", "a.b$c"]
        );
        assert!(symbol_names("{alignment = 4 : i64}").is_empty());
    }
}
