//! A verified module printed as MLIR's printer prints it, with its top-level
//! ops printed in parallel.
//!
//! MLIR prints a module on one thread, and printing is the largest single
//! step of a pipeline whose output is several times its input (a `lower`ed
//! SPIR module). A function is isolated from above: its values and blocks
//! are numbered afresh, so printed on its own it reads as in the module,
//! two spaces less indented (a top-level op that is not isolated prints
//! from a copy with no parent). Only what the module printer shares between
//! ops differs: aliases (`#alias = ...` above the module), distinct
//! attributes numbered across the module and dialect resources (`{-# ...
//! #-}` below it). A module whose text could hold any of them is printed by
//! MLIR whole.

use crate::ir::adapter::{print_each_locally, print_locally, print_verified, thread_count};
use melior::ir::operation::OperationBuilder;
use melior::ir::operation::OperationLike;
use melior::ir::{Block, BlockLike, Module, Operation, OperationRef, Region, RegionLike};
use melior::Context;

/// Ops isolated from above (their definitions say so), which print in place.
const ISOLATED: [&str; 7] = [
    "llvm.func",
    "llvm.mlir.global",
    "llvm.mlir.alias",
    "llvm.mlir.ifunc",
    "func.func",
    "builtin.module",
    "gpu.module",
];

/// Top-level ops below this count print on one thread: a thread's start
/// costs more than what it would print.
const PARALLEL_FROM_OPS: usize = 64;

/// `module`, verified, printed as [`print_verified`] prints it (byte for
/// byte); its top-level ops in parallel where the context has threads and
/// the module allows it (see the module's docs). The context's dialects
/// must be those `gas_dialect::load` loads: a dialect may give an alias to
/// any attribute or type, and only theirs are known here.
pub fn print_verified_module(context: &Context, module: &Module) -> String {
    if thread_count(context) > 1 {
        if let Some(text) = print_in_parallel(context, module, PARALLEL_FROM_OPS) {
            return text;
        }
    }
    print_verified(module.as_operation())
}

/// `module`, verified, printed with its top-level ops in parallel (on the
/// context's threads) as [`print_verified`] prints it; `None` where the
/// text could differ (see the module's docs), where a top-level op has
/// results (the module printer numbers those across ops) or where the
/// module has fewer than `min_top_level_ops` top-level ops.
pub fn print_in_parallel(
    context: &Context,
    module: &Module,
    min_top_level_ops: usize,
) -> Option<String> {
    let ops: Vec<OperationRef> = top_level_ops(module).collect();
    if ops.len() < min_top_level_ops || ops.iter().any(|op| op.result_count() > 0) {
        return None;
    }
    // An op isolated from above (a function, a global) numbers only
    // itself. Any other (a comdat, the module's flags) printed in place
    // would number the whole module first: it prints from a copy with no
    // parent, which reads the same (no top-level op has results, so
    // nothing it holds names a value outside it).
    let ops: Vec<Printable> = ops
        .into_iter()
        .map(|op| {
            if ISOLATED.contains(&crate::ir::name_of(&op)) {
                Printable::InPlace(op)
            } else {
                Printable::Copy((*op).clone())
            }
        })
        .collect();
    // The module's own line, `module @name attributes {...} {`.
    let mut text = module_opening(module)?;
    // The copies are few and small, and often what refuses a module (the
    // module flags of an LLVM IR import): they are checked before the
    // functions are printed, not after.
    if ops
        .iter()
        .any(|op| matches!(op, Printable::Copy(_)) && !shares_nothing(&print_locally(op)))
    {
        return None;
    }
    let mut differs = false;
    print_each_locally(context, &ops, |printed| {
        differs = !shares_nothing(&printed);
        if !differs {
            // Split on line feeds only: the text is copied, not reinterpreted.
            for line in printed.split('\n') {
                if !line.is_empty() {
                    text.push_str("  ");
                    text.push_str(line);
                }
                text.push('\n');
            }
        }
        !differs
    });
    if differs {
        return None;
    }
    text.push_str("}\n");
    Some(text)
}

/// What the module printer prints above `module`'s body: the module's
/// name and attributes, without the body MLIR's printer would number and
/// walk for aliases first. `None` where an alias could be needed.
fn module_opening(module: &Module) -> Option<String> {
    let op = module.as_operation();
    let attributes = (0..op.attribute_count())
        .map(|index| op.attribute_at(index).ok())
        .collect::<Option<Vec<_>>>()?;
    let region = Region::new();
    region.append_block(Block::new(&[]));
    let empty = OperationBuilder::new("builtin.module", op.location())
        .add_attributes(&attributes)
        .add_regions([region])
        .build()
        .ok()?;
    // An empty module prints as `module ... {`, a line break and `}`.
    let text = print_locally(&empty);
    let opening = text.strip_suffix('}')?;
    (opening.ends_with("{\n") && opening.matches('\n').count() == 1 && shares_nothing(opening))
        .then(|| opening.to_owned())
}

/// Whether `text`, an op printed on its own, holds nothing the module
/// printer could print differently. The aliases it makes with the dialects
/// gas loads (`gas_dialect::load`) are the LLVM dialect's attributes and
/// builtin affine maps and sets, locations, distinct attributes and tuples
/// of more than 16 types; every other dialect's attribute is spelled with
/// `#` and its type with `!` (LLVM's and gas's types have no alias).
/// Dialect resources (`dense_resource`) are printed below the module.
fn shares_nothing(text: &str) -> bool {
    const ALIASED: [&str; 6] = [
        "#",
        "affine_map<",
        "affine_set<",
        "distinct[",
        "tuple<",
        "dense_resource<",
    ];
    // A location, not the end of a name such as `@malloc(`.
    let location = text.match_indices("loc(").any(|(at, _)| {
        text[..at]
            .chars()
            .next_back()
            .is_none_or(|before| !(before.is_alphanumeric() || "_$.-".contains(before)))
    });
    !location
        && !ALIASED.iter().any(|spelling| text.contains(spelling))
        && text.match_indices('!').all(|(at, _)| {
            text[at + 1..].starts_with("llvm.") || text[at + 1..].starts_with("gas.")
        })
}

/// The ops of `module`'s body, in order.
fn top_level_ops<'c, 'a>(module: &'a Module<'c>) -> impl Iterator<Item = OperationRef<'c, 'a>> {
    std::iter::successors(module.body().first_operation(), |op| op.next_in_block())
}

/// A top-level op to print: the op, or a copy of it with no parent.
enum Printable<'c, 'a> {
    InPlace(OperationRef<'c, 'a>),
    Copy(Operation<'c>),
}

impl<'c: 'a, 'a> OperationLike<'c, 'a> for Printable<'c, 'a> {
    fn to_raw(&self) -> mlir_sys::MlirOperation {
        match self {
            Printable::InPlace(op) => op.to_raw(),
            Printable::Copy(op) => op.to_raw(),
        }
    }
}

impl std::fmt::Display for Printable<'_, '_> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Printable::InPlace(op) => op.fmt(formatter),
            Printable::Copy(op) => op.fmt(formatter),
        }
    }
}
