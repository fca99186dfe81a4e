//! Program-scope variables as memory cells: what the generic pointers a
//! variable holds may point to, from its initializer, what the host may
//! have written (`externally_initialized`) and every store the module's
//! code makes into it. A variable is one cell (field-insensitive); stores of
//! non-pointer values are ignored, since reading them back as a pointer
//! breaks C's effective-type rule. Its address is followed through GEPs and
//! casts (to generic, back, and explicit casts) and into the parameters of
//! functions whose body is the one that runs, and copies out of it are
//! reads; any other use of it (a call of a declared function, a byte copy
//! into it, a store of the address itself) lets unseen code write it, and
//! the cell is unknown.

use super::index::{access_name, key, used_list_of, ClosedWorld, KeySet, ModuleIndex};
use crate::ir::{each_op, name_of, symbol_attribute};
use gas_dialect::ops::value_space;
use gas_dialect::{AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{OperationRef, RegionLike, Value, ValueLike};

/// What a program-scope variable's generic pointers may point to.
pub(crate) struct Cell<'c, 'a> {
    /// Where the pointers it held before the code ran point.
    pub base: SpaceSet,
    /// The generic pointers the code stores into it.
    pub stored: Vec<Value<'c, 'a>>,
}

impl Cell<'_, '_> {
    fn unknown() -> Self {
        Self {
            base: SpaceSet::ALL,
            stored: Vec::new(),
        }
    }
}

/// The cell of program-scope variable `symbol` (`None`: no such variable).
pub(crate) fn cell_of<'c, 'a>(
    index: &ModuleIndex<'c, 'a>,
    map: &AddressSpaceMap,
    symbol: &str,
    closed_world: ClosedWorld,
) -> Option<Cell<'c, 'a>> {
    let variable = index.global_variables.get(symbol)?;
    if !index.is_closed_variable(symbol, closed_world) {
        return Some(Cell::unknown());
    }
    let mut base = initializer_spaces(variable.op, map);
    // The host may have written it: what the host can hand the device.
    let host_written = variable
        .op
        .attribute(gas_dialect::names::EXTERNALLY_INITIALIZED_ATTR)
        .is_ok();
    if host_written {
        base = base.union(map.kernel_pointer_parameters);
    }
    let mut stored = Vec::new();
    // CUDA lists every host-visible variable in `llvm.compiler.used` so
    // that it survives for the host, whose writes `base` now holds; no
    // device code reads or writes through the list. (`llvm.used` keeps
    // a variable for inline assembly, which may write it.)
    let mut pending: Vec<Value> = index
        .addresses_of
        .get(symbol)
        .into_iter()
        .flatten()
        .filter(|address| {
            !(host_written
                && crate::ir::defining_op(**address)
                    .and_then(|op| used_list_of(&op))
                    .is_some_and(|list| list == "llvm.compiler.used"))
        })
        .copied()
        .collect();
    // Parameters followed into callees, each once (recursion).
    let mut followed = KeySet::default();
    'uses: while let Some(pointer) = pending.pop() {
        for (user, position) in &index.uses_of(pointer) {
            // A generic alias of the address (a CUDA variable read
            // through its flat address), or a named one cast back from
            // it (or null: an explicit cast), is the same cell.
            match (access_name(user), position) {
                (
                    "llvm.getelementptr"
                    | "llvm.addrspacecast"
                    | gas_dialect::names::TAG
                    | gas_dialect::names::UNTAG
                    | gas_dialect::names::TO_NAMED,
                    0,
                ) => {
                    if let Some(result) = crate::ir::result(user, 0) {
                        pending.push(result.into());
                    }
                }
                ("llvm.load", 0) | ("llvm.intr.lifetime.start" | "llvm.intr.lifetime.end", _) => {}
                // Copied out of (a struct copied into private memory):
                // reading it does not change it.
                ("llvm.intr.memcpy" | "llvm.intr.memmove" | "llvm.intr.memcpy.inline", 1) => {}
                // Handed to a function whose body is the one that runs:
                // its parameter's uses are this address's uses.
                ("llvm.call", _) => match called_parameter(index, user, *position) {
                    Some(parameter) => {
                        if followed.insert(key(parameter)) {
                            pending.push(parameter);
                        }
                    }
                    None => {
                        base = SpaceSet::ALL;
                        break 'uses;
                    }
                },
                ("llvm.store", 1) => {
                    let Some(value) = crate::ir::operand(user, 0) else {
                        base = SpaceSet::ALL;
                        break 'uses;
                    };
                    match value_space(value, map) {
                        Some(AddressSpace::Generic) => stored.push(value),
                        Some(space) if space.is_resolvable() => {
                            base = base.union(SpaceSet::single(space))
                        }
                        // Another pointer kind: unknown bits.
                        Some(_) => {
                            base = SpaceSet::ALL;
                            break 'uses;
                        }
                        None if is_pointer_aggregate(value.r#type()) => {
                            base = SpaceSet::ALL;
                            break 'uses;
                        }
                        None => {}
                    }
                }
                _ => {
                    base = SpaceSet::ALL;
                    break 'uses;
                }
            }
        }
    }
    Some(Cell { base, stored })
}

/// The parameter of the directly called function that receives operand
/// `position` of `call`, where that function's body is the one every call
/// runs and takes no variable arguments.
fn called_parameter<'c, 'a>(
    index: &ModuleIndex<'c, 'a>,
    call: &OperationRef<'c, 'a>,
    position: usize,
) -> Option<Value<'c, 'a>> {
    let callee = symbol_attribute(call, "callee")?;
    let function = index.functions.get(&callee)?;
    if !function.has_definitive_body() || function.is_variadic {
        return None;
    }
    let entry = function.op.region(0).ok()?.first_block()?;
    (position < entry.argument_count())
        .then(|| crate::ir::argument(&entry, position))
        .flatten()
        .map(Into::into)
}

/// Whether a value of `type` (not itself a pointer) holds pointers: a store
/// of it writes pointer bits.
pub(crate) fn is_pointer_aggregate(r#type: melior::ir::Type) -> bool {
    r#type.to_string().contains("ptr")
}

/// The union of [`initializer_spaces`] over the variables in constant memory.
pub(crate) fn constant_initializers(index: &ModuleIndex, map: &AddressSpaceMap) -> SpaceSet {
    index
        .global_variables
        .values()
        .filter(|variable| {
            variable
                .op
                .attribute("addr_space")
                .ok()
                .and_then(|space| melior::ir::attribute::IntegerAttribute::try_from(space).ok())
                .map(|space| space.value())
                == Some(i64::from(map.constant))
        })
        .fold(SpaceSet::EMPTY, |spaces, variable| {
            spaces.union(initializer_spaces(variable.op, map))
        })
}

/// The spaces of the generic pointers a global's initializer holds: casts
/// of named addresses; null adds nothing; anything else generic (an
/// `inttoptr`, a function's address) is unknown.
fn initializer_spaces(variable: OperationRef, map: &AddressSpaceMap) -> SpaceSet {
    let mut spaces = SpaceSet::EMPTY;
    let Some(region) = crate::ir::region(&variable, 0) else {
        return spaces;
    };
    let mut block = region.first_block();
    while let Some(current) = block {
        let mut next = current.first_operation();
        while let Some(op) = next {
            each_op(op, &mut |inner| {
                for result in inner.results() {
                    let result: Value = result.into();
                    if value_space(result, map) != Some(AddressSpace::Generic) {
                        continue;
                    }
                    let name = name_of(&inner);
                    let source = crate::ir::operand(&inner, 0);
                    spaces = spaces.union(match name {
                        "llvm.mlir.zero" | "llvm.mlir.undef" | "llvm.mlir.poison" => {
                            SpaceSet::EMPTY
                        }
                        // Derived from a generic value counted where it was made.
                        "llvm.getelementptr" | "llvm.select" => SpaceSet::EMPTY,
                        "llvm.addrspacecast" => match source {
                            Some(source) if crate::ir::is_function_address(source) => SpaceSet::ALL,
                            Some(source) => match value_space(source, map) {
                                Some(space) if space.is_resolvable() => SpaceSet::single(space),
                                Some(AddressSpace::Generic) => SpaceSet::EMPTY,
                                _ => SpaceSet::ALL,
                            },
                            None => SpaceSet::ALL,
                        },
                        _ => SpaceSet::ALL,
                    });
                }
            });
            next = op.next_in_block();
        }
        block = current.next_in_region();
    }
    spaces
}
