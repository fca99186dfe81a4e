//! Which generic pointers a load may read from memory whose every use gas
//! sees: a private alloca, a kernel's by-value parameter (its copy of what
//! the host wrote), or memory a function reached through a parameter whose
//! every call passes such memory.
//!
//! The memory is one cell (field-insensitive): a load of a generic pointer
//! from it reads one of the generic pointers stored into it anywhere: in
//! its function, or in a callee the address is passed to (followed into the
//! callee's parameter), plus what was there before: nothing in an alloca,
//! what the host wrote in a kernel's copy (`AddressSpaceMap::
//! kernel_copy_pointers`: global memory on NVPTX, as NVPTXLowerArgs
//! assumes), and what every caller's memory holds for a parameter. A use gas
//! cannot follow (the address stored somewhere, cast to an integer, copied
//! by a memory intrinsic, passed to a function whose calls are not all
//! visible, bits that could be a pointer's stored over it) makes the memory
//! unknown; scalars narrower than a pointer (a struct's length field) are
//! not pointers.

use super::analysis::{access_name, is_kernel_convention, ClosedWorld, ModuleIndex};
use crate::ir::{defining_op, name_of, operand, parameters_with, result, symbol_attribute};
use gas_dialect::ops::value_space;
use gas_dialect::{AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::block::{BlockArgument, BlockLike};
use melior::ir::operation::OperationLike;
use melior::ir::{OperationRef, RegionLike, Value, ValueLike};
use std::collections::HashSet;

/// Calls followed from one load before the memory counts as unknown.
const MAX_DEPTH: usize = 6;
/// Uses walked from one load before the memory counts as unknown.
const MAX_STEPS: usize = 4096;

/// What a load from some memory may read.
pub(crate) struct Contents<'c, 'a> {
    /// Where the pointers that were there before the code ran point.
    pub base: SpaceSet,
    /// The generic pointers the code stores into it.
    pub stored: Vec<Value<'c, 'a>>,
}

/// What a load of a generic pointer from `address` may read, if gas sees
/// every use of the memory it is in.
pub(crate) fn contents_read_at<'c, 'a>(
    address: Value<'c, 'a>,
    index: &ModuleIndex<'c, 'a>,
    map: &AddressSpaceMap,
    closed_world: ClosedWorld,
) -> Option<Contents<'c, 'a>> {
    let mut walker = Walker {
        index,
        map,
        closed_world,
        steps: 0,
        walked: HashSet::new(),
        stored: Vec::new(),
    };
    let base = walker.contents_of(root_of(address), 0)?;
    Some(Contents {
        base,
        stored: walker.stored,
    })
}

/// Ops whose result is their operand 0's address (in another space or
/// with an offset): uses of the result are uses of the same memory.
fn is_same_memory(name: &str) -> bool {
    matches!(
        name,
        "llvm.getelementptr"
            | "llvm.addrspacecast"
            | gas_dialect::names::TAG
            | gas_dialect::names::UNTAG
    )
}

/// The pointer `address` is a GEP or cast (chain) of.
fn root_of<'c: 'a, 'a>(address: Value<'c, 'a>) -> Value<'c, 'a> {
    let mut root = address;
    while let Some(op) = defining_op(root).filter(|op| is_same_memory(&name_of(op))) {
        match operand(&op, 0) {
            Some(base) => root = base,
            None => break,
        }
    }
    root
}

struct Walker<'i, 'c, 'a> {
    index: &'i ModuleIndex<'c, 'a>,
    map: &'i AddressSpaceMap,
    closed_world: ClosedWorld,
    steps: usize,
    /// Pointers whose uses were walked (a memory reached twice is walked once).
    walked: HashSet<usize>,
    /// Every generic pointer stored into the memory found so far.
    stored: Vec<Value<'c, 'a>>,
}

/// A parameter: its function, its position, whether it is `byval`.
struct Parameter {
    symbol: String,
    position: usize,
    by_value: bool,
    is_kernel: bool,
}

impl<'c, 'a> Walker<'_, 'c, 'a> {
    /// Where the pointers in the memory `root` points to were before the
    /// code ran; walks its uses for the stores into it.
    fn contents_of(&mut self, root: Value<'c, 'a>, depth: usize) -> Option<SpaceSet> {
        if depth > MAX_DEPTH {
            return None;
        }
        if defining_op(root).is_some_and(|op| name_of(&op) == "llvm.alloca") {
            self.walk_uses(root, depth)?;
            return Some(SpaceSet::EMPTY);
        }
        let parameter = self.parameter(root)?;
        if parameter.is_kernel {
            // A kernel's copy of what the host wrote.
            if !parameter.by_value || self.map.kernel_copy_pointers == SpaceSet::ALL {
                return None;
            }
            self.walk_uses(root, depth)?;
            return Some(self.map.kernel_copy_pointers);
        }
        // Memory a caller passed: what every caller's memory holds (and, for
        // a byval copy, what this function stores into its copy; stores
        // through a plain parameter are found from the caller's side).
        if !self.index.is_closed(&parameter.symbol, self.closed_world) {
            return None;
        }
        if parameter.by_value {
            self.walk_uses(root, depth)?;
        }
        let mut base = SpaceSet::EMPTY;
        for call in self.index.call_sites.get(&parameter.symbol)? {
            let argument = call.operand(parameter.position).ok()?;
            base = base.union(self.contents_of(root_of(argument), depth + 1)?);
        }
        Some(base)
    }

    /// `value` as a parameter of the function whose entry block it is an
    /// argument of.
    fn parameter(&self, value: Value<'c, 'a>) -> Option<Parameter> {
        let argument = BlockArgument::try_from(value).ok()?;
        let block = argument.owner();
        let function = block.parent_operation()?;
        let entry = function.region(0).ok()?.first_block()?;
        if entry != block {
            return None;
        }
        let symbol = symbol_attribute(&function, "sym_name")?;
        let position = argument.argument_number();
        let convention = function
            .attribute("CConv")
            .map(|attribute| attribute.to_string())
            .unwrap_or_default();
        Some(Parameter {
            symbol,
            position,
            by_value: parameters_with(&["llvm.byval"], function).contains(&position),
            is_kernel: is_kernel_convention(&convention)
                || function.attribute(gas_dialect::names::KERNEL_ATTR).is_ok(),
        })
    }

    /// Collects the generic pointers stored through `pointer` (and GEPs of
    /// it, and the parameters of callees it is passed to); `None` at a use
    /// that could let other code write the memory unseen.
    fn walk_uses(&mut self, pointer: Value<'c, 'a>, depth: usize) -> Option<()> {
        let mut pending = vec![pointer];
        while let Some(pointer) = pending.pop() {
            if !self.walked.insert(pointer.to_raw().ptr as usize) {
                continue;
            }
            for (user, position) in self.index.uses_of(pointer) {
                self.steps += 1;
                if self.steps > MAX_STEPS {
                    return None;
                }
                match (access_name(&user).as_str(), position) {
                    (name, 0) if is_same_memory(name) => pending.push(result(&user, 0)?.into()),
                    ("llvm.load", 0) => {}
                    ("llvm.intr.lifetime.start" | "llvm.intr.lifetime.end", _) => {}
                    ("llvm.store", 1) => {
                        let value = operand(&user, 0)?;
                        match value_space(value, self.map) {
                            Some(AddressSpace::Generic) => self.stored.push(value),
                            // A scalar narrower than a pointer (a struct's
                            // length field) cannot be read back as one.
                            None if is_narrower_than_a_pointer(value) => {}
                            // A named pointer, or bits that could be a
                            // pointer's (an i64 copy of one).
                            _ => return None,
                        }
                    }
                    ("llvm.call", position) => {
                        let callee = self.callee_parameter(&user, position)?;
                        if let Some(parameter) = callee {
                            if depth >= MAX_DEPTH {
                                return None;
                            }
                            self.walk_uses(parameter, depth + 1)?;
                        }
                    }
                    _ => return None,
                }
            }
        }
        Some(())
    }

    /// For the memory passed as operand `position` of `call`: `Some(None)`
    /// where the callee cannot write it (a byval copy, a read-only
    /// parameter), `Some(Some(p))` where the callee's parameter `p` must be
    /// followed, `None` where the call is not followed.
    fn callee_parameter(
        &self,
        call: &OperationRef<'c, 'a>,
        position: usize,
    ) -> Option<Option<Value<'c, 'a>>> {
        let callee = symbol_attribute(call, "callee")?;
        let function = self.index.functions.get(&callee)?;
        let attributed = |names: &[&str]| parameters_with(names, function.op).contains(&position);
        if attributed(&["llvm.byval"]) {
            return Some(None);
        }
        if function.has_definitive_body() && !function.is_variadic {
            let entry = function.op.region(0).ok()?.first_block()?;
            let parameter = crate::ir::argument(&entry, position)?;
            return Some(Some(parameter.into()));
        }
        attributed(&["llvm.readonly", "llvm.readnone"]).then_some(None)
    }
}

/// Whether `value` is an integer or float scalar of fewer than 64 bits.
fn is_narrower_than_a_pointer(value: Value) -> bool {
    let text = value.r#type().to_string();
    matches!(text.as_str(), "f16" | "bf16" | "f32")
        || text
            .strip_prefix('i')
            .and_then(|bits| bits.parse::<u32>().ok())
            .is_some_and(|bits| bits < 64)
}
