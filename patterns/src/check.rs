//! `check`: seed 004's address-space rules, as warnings at the ops that
//! break them (read-only; in O2 it runs right after `raise`, and it also reads
//! the raw LLVM forms: loads, stores and `to_*` builtin calls).
//!
//! From the same facts `propagate` uses (a sound superset of where each
//! generic pointer may point), in the functions an entry point reaches:
//! - an explicit cast (`to_global`/`to_local`/`to_private`) whose pointer
//!   can never be in the named space (it always yields null), or can only be
//!   there (it always succeeds: a null check of its result only re-tests
//!   the pointer);
//! - a cast from generic to a named space the pointer cannot be in: a named
//!   pointer cast to another named space through generic, which seed 004
//!   (and OpenCL) leave undefined;
//! - an access through a generic pointer no pointer reaches: it can only be
//!   null;
//! - a local or private pointer stored into global memory, where another
//!   work-item or a later kernel may read it (OpenCL leaves that undefined).

use crate::analysis::{ClosedWorld, ModuleIndex, SpaceFacts};
use crate::ir::{each_op, enclosing_function, symbol_attribute};
use gas_dialect::ops::{value_space, Dispatch};
use gas_dialect::{names, AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::operation::OperationLike;
use melior::ir::{Location, Module, OperationRef, Value, ValueLike};

/// The step's name, as in `--pipeline` and DESIGN.md.
pub const SET: &str = "check";

/// One warning: where, and what it says.
pub struct Warning<'c> {
    /// The location of the op that breaks the rule.
    pub location: Location<'c>,
    /// The rule broken and by which pointer, in one sentence.
    pub message: String,
}

/// The warnings for `module` (after `raise`).
pub fn run<'c>(
    module: &Module<'c>,
    map: &AddressSpaceMap,
    closed_world: ClosedWorld,
) -> Vec<Warning<'c>> {
    // The ops a rule looks at, and whether one needs the module-wide facts
    // (most modules need them; one without generic nulls, explicit casts,
    // casts out of generic, stored pointers or block invoke functions cannot
    // break a rule that depends on where a generic pointer points).
    let mut candidates = Vec::new();
    let mut needs_facts = false;
    each_op(module.as_operation(), &mut |op| {
        let identifier = op.name();
        let name = identifier.as_string_ref().as_str().unwrap_or_default();
        let generic_operand = |position: usize| {
            op.operand(position)
                .is_ok_and(|value| value_space(value, map) == Some(AddressSpace::Generic))
        };
        match name {
            names::TO_NAMED => needs_facts = true,
            names::UNTAG | "llvm.addrspacecast" => needs_facts |= generic_operand(0),
            names::DISPATCH => {
                let stores_pointer = Dispatch::of(op).is_some_and(|dispatch| {
                    dispatch.access().is_ok_and(|access| access == "llvm.store")
                        && dispatch.operands().first().is_some_and(|value| {
                            gas_dialect::ops::pointer_address_space(value.r#type()).is_some()
                        })
                });
                needs_facts |= stores_pointer;
            }
            // Before `raise` (or on what it leaves), accesses and explicit
            // casts are still LLVM loads, stores and builtin calls.
            "llvm.store" => {
                let stores_pointer = crate::ir::operand(&op, 0).is_some_and(|value| {
                    gas_dialect::ops::pointer_address_space(value.r#type()).is_some()
                });
                needs_facts |= generic_operand(0) || (generic_operand(1) && stores_pointer);
            }
            "llvm.load" if generic_operand(0) => {}
            "llvm.call" if explicit_cast_call(&op) => needs_facts = true,
            "llvm.mlir.zero" => {
                needs_facts |= crate::ir::result(&op, 0).is_some_and(|result| {
                    value_space(result.into(), map) == Some(AddressSpace::Generic)
                })
            }
            _ if crate::ir::is_function(name) => {
                needs_facts |= symbol_attribute(&op, "sym_name")
                    .is_some_and(|symbol| symbol.contains("_block_invoke"));
                return;
            }
            _ => return,
        }
        candidates.push(op);
    });
    let index = needs_facts.then(|| ModuleIndex::build(module.as_operation()));
    let facts = index
        .as_ref()
        .map(|index| SpaceFacts::compute_in(index, map, closed_world))
        .unwrap_or_default();
    let checker = Checker {
        facts: &facts,
        map: *map,
    };
    let found: Vec<(OperationRef, String)> = candidates
        .into_iter()
        .filter_map(|op| {
            let identifier = op.name();
            let name = identifier.as_string_ref().as_str().unwrap_or_default();
            let message = match name {
                names::TO_NAMED | "llvm.call" => checker.explicit_cast(&op),
                "llvm.load" => checker.load(&op),
                names::UNTAG | "llvm.addrspacecast" => checker.cast_from_generic(&op),
                names::DISPATCH => checker.dispatch(&op),
                "llvm.store" => checker.store(&op),
                _ => None,
            };
            message.map(|message| (op, message))
        })
        .collect();
    if found.is_empty() {
        return Vec::new();
    }
    // Code no entry point reaches never runs (and its parameters get no
    // pointer at all, which would read as "only null").
    let index = index.unwrap_or_else(|| ModuleIndex::build(module.as_operation()));
    let reached = crate::analysis::reachability::reachable(&index, closed_world);
    found
        .into_iter()
        .filter(|(op, _)| {
            enclosing_function(op)
                .and_then(|function| symbol_attribute(&function, "sym_name"))
                .is_none_or(|function| reached.contains(&function))
        })
        .map(|(op, message)| Warning {
            location: op.location(),
            message,
        })
        .collect()
}

/// A call of `__to_global`/`__to_local`/`__to_private` (or SPIR-V's
/// explicit cast) that `raise` has not made a `gas.to_named` yet.
fn explicit_cast_call(op: &OperationRef) -> bool {
    symbol_attribute(op, "callee")
        .is_some_and(|callee| crate::analysis::kernels::is_explicit_cast_builtin(&callee))
}

struct Checker<'f> {
    facts: &'f SpaceFacts,
    map: AddressSpaceMap,
}

impl Checker<'_> {
    fn space(&self, value: Value) -> Option<AddressSpace> {
        value_space(value, &self.map)
    }

    fn result_space(&self, op: &OperationRef) -> Option<AddressSpace> {
        op.result(0)
            .ok()
            .and_then(|result| self.space(result.into()))
    }

    fn explicit_cast(&self, op: &OperationRef) -> Option<String> {
        let pointer = crate::ir::operand(op, 0)?;
        let target = self.result_space(op)?;
        let spaces = self.facts.of(pointer);
        if spaces.is_empty() {
            return None;
        }
        if !spaces.contains(target) {
            return Some(format!(
                "to_{target} always yields null: the pointer can only point to {} memory",
                spaces.alternatives()
            ));
        }
        if spaces == SpaceSet::single(target) {
            return Some(format!(
                "to_{target} always succeeds: the pointer can only point to {target} memory (a null check of the result only tests the pointer itself)"
            ));
        }
        None
    }

    fn cast_from_generic(&self, op: &OperationRef) -> Option<String> {
        let pointer = crate::ir::operand(op, 0)?;
        if self.space(pointer) != Some(AddressSpace::Generic) {
            return None;
        }
        let target = self.result_space(op)?;
        if !target.is_resolvable() {
            return None;
        }
        let spaces = self.facts.of(pointer);
        if spaces.is_empty() || spaces.contains(target) {
            return None;
        }
        Some(format!(
            "cast to a {target} pointer of a generic pointer that can only point to {} memory: a cast between named spaces through generic is undefined",
            spaces.alternatives()
        ))
    }

    fn dispatch(&self, op: &OperationRef) -> Option<String> {
        let dispatch = Dispatch::of(*op)?;
        let operands = dispatch.operands();
        let access = dispatch.access().ok()?;
        let null = dispatch
            .generic_addresses(&self.map)
            .ok()?
            .into_iter()
            .filter_map(|position| operands.get(position).copied())
            .find_map(|address| self.only_null(address, access));
        if null.is_some() {
            return null;
        }
        // A store through a generic pointer into global memory.
        if access != "llvm.store" {
            return None;
        }
        let value = *operands.first()?;
        let address = *operands.get(1)?;
        self.escaping_pointer(
            value,
            self.facts.of(address) == SpaceSet::single(AddressSpace::Global),
        )
    }

    fn load(&self, op: &OperationRef) -> Option<String> {
        let address = crate::ir::operand(op, 0)?;
        self.only_null(address, "llvm.load")
    }

    fn store(&self, op: &OperationRef) -> Option<String> {
        let value = crate::ir::operand(op, 0)?;
        let address = crate::ir::operand(op, 1)?;
        if let Some(null) = self.only_null(address, "llvm.store") {
            return Some(null);
        }
        let into_global = match self.space(address) {
            Some(AddressSpace::Generic) => {
                self.facts.of(address) == SpaceSet::single(AddressSpace::Global)
            }
            space => space == Some(AddressSpace::Global),
        };
        self.escaping_pointer(value, into_global)
    }

    /// An `access` through `address`, a generic pointer no pointer reaches.
    fn only_null(&self, address: Value, access: &str) -> Option<String> {
        (self.space(address) == Some(AddressSpace::Generic) && self.facts.of(address).is_empty())
            .then(|| {
                format!(
                    "{} through a generic pointer that can only be null",
                    crate::ir::access_subject(access)
                )
            })
    }

    /// A local or private pointer stored into global memory.
    fn escaping_pointer(&self, value: Value, into_global: bool) -> Option<String> {
        if !into_global {
            return None;
        }
        let spaces = match self.space(value)? {
            AddressSpace::Generic => self.facts.of(value),
            space => SpaceSet::single(space),
        };
        let only_local_or_private = !spaces.is_empty()
            && !spaces.contains(AddressSpace::Global)
            && (spaces.contains(AddressSpace::Local) || spaces.contains(AddressSpace::Private));
        only_local_or_private.then(|| {
            format!(
                "a {} pointer stored into global memory: another work-item or a later kernel may read it, which OpenCL leaves undefined",
                spaces.alternatives()
            )
        })
    }
}
