//! Pointers inside SSA aggregates: a struct returned by value (a `Span`'s
//! `subspan()`), MLIR's memref descriptors passed through selects and loop
//! arguments. A field of an aggregate value is a node of its own, keyed by
//! the value and the field's position: an `extractvalue` reads the node, an
//! `insertvalue` writes the field it names and passes the others on, and
//! selects, block arguments and calls merge the same field of each value
//! they may be. What gas cannot see (an aggregate loaded from memory, a
//! constant, a parameter of an entry point) is unknown.

use super::GraphBuilder;
use crate::analysis::index::{key, Key, ModuleIndex};
use crate::ir::{defining_op, name_of, operand, symbol_attribute};
use gas_dialect::SpaceSet;
use melior::ir::attribute::DenseI64ArrayAttribute;
use melior::ir::block::{BlockArgument, BlockLike};
use melior::ir::operation::OperationLike;
use melior::ir::{OperationRef, RegionLike, Value};

/// The first key of field nodes: odd (never a value's address) and far from
/// both the heap's addresses and the literal pool's keys (the top of the
/// key space).
pub(super) const FIRST_FIELD_KEY: Key = (1 << 61) | 1;

/// The `position` attribute of an `extractvalue` or `insertvalue`.
pub(super) fn position(op: &OperationRef) -> Option<Vec<i64>> {
    let attribute = DenseI64ArrayAttribute::try_from(op.attribute("position").ok()?).ok()?;
    (0..attribute.len())
        .map(|at| attribute.element(at).ok())
        .collect()
}

impl GraphBuilder {
    /// The node of field `path` of the aggregate `aggregate`, made (with
    /// its sources) the first time it is asked for.
    pub(super) fn field_key(&mut self, aggregate: Value, path: &[i64], index: &ModuleIndex) -> Key {
        let id = (key(aggregate), path.to_vec());
        if let Some(existing) = self.fields.get(&id) {
            return *existing;
        }
        let field = self.next_field_key;
        self.next_field_key += 2;
        self.fields.insert(id, field);
        // Made before its sources, so a loop of block arguments ends here.
        self.nodes.entry(field).or_default();
        let (base, sources) = self.field_sources(aggregate, path, index);
        let node = self.nodes.entry(field).or_default();
        node.base = base;
        node.sources = sources;
        field
    }

    /// Where field `path` of `aggregate` comes from: spaces known outright,
    /// and the nodes it takes the spaces of.
    fn field_sources(
        &mut self,
        aggregate: Value,
        path: &[i64],
        index: &ModuleIndex,
    ) -> (SpaceSet, Vec<Key>) {
        let unknown = (SpaceSet::ALL, Vec::new());
        let Some(op) = defining_op(aggregate) else {
            return match self.argument_values(aggregate, index) {
                Some(values) => self.same_field_of(&values, path, index),
                None => unknown,
            };
        };
        match name_of(&op) {
            "llvm.insertvalue" => {
                let (Some(container), Some(value), Some(at)) =
                    (operand(&op, 0), operand(&op, 1), position(&op))
                else {
                    return unknown;
                };
                if path == at.as_slice() {
                    (SpaceSet::EMPTY, vec![key(value)])
                } else if path.starts_with(&at) {
                    // Inside an aggregate inserted whole.
                    (
                        SpaceSet::EMPTY,
                        vec![self.field_key(value, &path[at.len()..], index)],
                    )
                } else if at.starts_with(path) {
                    // (Only pointer fields are asked for.)
                    unknown
                } else {
                    (
                        SpaceSet::EMPTY,
                        vec![self.field_key(container, path, index)],
                    )
                }
            }
            // A nested aggregate taken out whole.
            "llvm.extractvalue" => match (operand(&op, 0), position(&op)) {
                (Some(container), Some(mut at)) => {
                    at.extend_from_slice(path);
                    (SpaceSet::EMPTY, vec![self.field_key(container, &at, index)])
                }
                _ => unknown,
            },
            "llvm.mlir.undef" | "llvm.mlir.poison" | "llvm.mlir.zero" => {
                (SpaceSet::EMPTY, Vec::new())
            }
            "llvm.select" => match (operand(&op, 1), operand(&op, 2)) {
                (Some(a), Some(b)) => self.same_field_of(&[a, b], path, index),
                _ => unknown,
            },
            "llvm.call" => {
                let returned = symbol_attribute(&op, "callee").and_then(|symbol| {
                    let function = index.functions.get(&symbol)?;
                    // The body here is the one that runs.
                    function
                        .has_definitive_body()
                        .then(|| index.returns.get(&symbol).cloned().unwrap_or_default())
                });
                match returned {
                    Some(values) => self.same_field_of(&values, path, index),
                    None => unknown,
                }
            }
            _ => unknown,
        }
    }

    /// Field `path` of any of `values` (a merge's choices).
    fn same_field_of(
        &mut self,
        values: &[Value],
        path: &[i64],
        index: &ModuleIndex,
    ) -> (SpaceSet, Vec<Key>) {
        let fields = values
            .iter()
            .map(|value| self.field_key(*value, path, index))
            .collect();
        (SpaceSet::EMPTY, fields)
    }

    /// What a block argument may be: a branch's operands, or for a
    /// parameter of a function whose every call gas sees, the callers'
    /// arguments. `None` where gas cannot tell.
    fn argument_values<'c, 'a>(
        &self,
        value: Value<'c, 'a>,
        index: &ModuleIndex<'c, 'a>,
    ) -> Option<Vec<Value<'c, 'a>>> {
        let argument = BlockArgument::try_from(value).ok()?;
        let block = argument.owner();
        let position = argument.argument_number();
        if let Some(values) = index.incoming(&block, position) {
            return Some(values);
        }
        let function = block.parent_operation()?;
        let entry = function.region(0).ok()?.first_block()?;
        if entry != block {
            return None;
        }
        let symbol = symbol_attribute(&function, "sym_name")?;
        if !index.is_closed(&symbol, self.closed_world) {
            return None;
        }
        index
            .call_sites
            .get(&symbol)?
            .iter()
            .map(|call| call.operand(position).ok())
            .collect()
    }
}
