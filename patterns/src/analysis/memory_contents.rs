//! Which generic pointers a load may read from memory whose every use gas
//! sees: a private alloca, a kernel's by-value parameter (its copy of what
//! the host wrote), or memory a function reached through a parameter whose
//! every call passes such memory.
//!
//! A load of a generic pointer reads one of the generic pointers stored into
//! the memory anywhere (in its function, or in a callee the address is
//! passed to, followed into the callee's parameter) at the same byte offset
//! from the memory's start, where both offsets are constants (byte GEPs, as
//! clang emits for struct fields; a store or load at an offset gas cannot
//! compute matches every offset), plus what was there before: nothing in an alloca,
//! what the host wrote in a kernel's copy (`AddressSpaceMap::
//! kernel_copy_pointers`: global memory on NVPTX, as NVPTXLowerArgs
//! assumes), and what every caller's memory holds for a parameter. A use gas
//! cannot follow (the address stored somewhere, cast to an integer, copied
//! by a memory intrinsic, passed to a function whose calls are not all
//! visible, bits that could be a pointer's stored over it) makes the memory
//! unknown; scalars narrower than a pointer (a struct's length field) are
//! not pointers.

use super::block_literals::byte_offset;
use super::index::{access_name, ClosedWorld, ModuleIndex};
use crate::ir::{defining_op, name_of, operand, parameters_with, result, symbol_attribute};
use gas_dialect::ops::value_space;
use gas_dialect::{AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::block::{BlockArgument, BlockLike};
use melior::ir::operation::OperationLike;
use melior::ir::{OperationRef, RegionLike, Value, ValueLike};
use rustc_hash::FxHashSet as HashSet;
use std::collections::BTreeSet;

/// Calls followed from one load before the memory counts as unknown.
const MAX_DEPTH: usize = 6;
/// Uses walked from one load before the memory counts as unknown.
const MAX_STEPS: usize = 4096;

/// What a load from some memory may read.
pub(crate) struct Contents<'c, 'a> {
    /// Where the pointers that were there before the code ran point.
    pub base: SpaceSet,
    /// The generic pointers the code stores where the load reads.
    pub stored: Vec<Value<'c, 'a>>,
}

/// A generic pointer stored into the memory, and at which byte offset from
/// the memory's start (`None`: an offset gas cannot compute).
pub(crate) type Store<'c, 'a> = (Value<'c, 'a>, Option<i64>);

/// What a load of a generic pointer from `address` may read, if gas sees
/// every use of the memory it is in.
pub(crate) fn contents_read_at<'c, 'a>(
    address: Value<'c, 'a>,
    index: &ModuleIndex<'c, 'a>,
    map: &AddressSpaceMap,
    closed_world: ClosedWorld,
) -> Option<Contents<'c, 'a>> {
    let mut walker = Walker::new(index, map, closed_world);
    let (root, offset) = root_of(address);
    let (base, stores) = walker.contents_of(root, 0)?;
    let stored = stores
        .into_iter()
        .filter(|(_, at)| overlaps(*at, offset))
        .map(|(value, _)| value)
        .collect();
    Some(Contents { base, stored })
}

/// What the memory `argument` points into holds where a callee reads it:
/// where its pointers pointed before the code ran, and the generic pointers
/// stored into it, at byte offsets from `argument`; `None` where gas does
/// not see every use of the memory.
pub(crate) fn contents_passed<'c, 'a>(
    argument: Value<'c, 'a>,
    index: &ModuleIndex<'c, 'a>,
    map: &AddressSpaceMap,
    closed_world: ClosedWorld,
) -> Option<(SpaceSet, Vec<Store<'c, 'a>>)> {
    let mut walker = Walker::new(index, map, closed_world);
    let (root, passed_at) = root_of(argument);
    let (base, stores) = walker.contents_of(root, 0)?;
    let back = passed_at.and_then(i64::checked_neg);
    let stores = stores
        .into_iter()
        .map(|(value, at)| (value, shifted(at, back)))
        .collect();
    Some((base, stores))
}

/// The byte offsets from `parameter` at which its function (or a callee it
/// passes the memory to) loads generic pointers; `None` where one offset is
/// not a constant or the walk goes too far (any offset may be read).
pub(crate) fn pointer_read_offsets(
    parameter: Value,
    index: &ModuleIndex,
    map: &AddressSpaceMap,
) -> Option<BTreeSet<i64>> {
    let mut offsets = BTreeSet::new();
    let mut steps = 0;
    let mut walked: Walked = Walked::default();
    let mut pending = vec![(parameter, Some(0_i64), 0_usize)];
    while let Some((pointer, offset, depth)) = pending.pop() {
        if !walked.insert((pointer.to_raw().ptr as usize, offset)) {
            continue;
        }
        for (user, position) in index.uses_of(pointer) {
            steps += 1;
            if steps > MAX_STEPS {
                return None;
            }
            match (access_name(&user), position) {
                ("llvm.getelementptr", 0) => {
                    let moved = shifted(offset, byte_offset(&user));
                    pending.push((result(&user, 0)?.into(), moved, depth));
                }
                (name, 0) if is_same_memory(name) => {
                    pending.push((result(&user, 0)?.into(), offset, depth))
                }
                ("llvm.load", 0) => {
                    let loaded = user.result(0).ok()?;
                    if value_space(loaded.into(), map) == Some(AddressSpace::Generic) {
                        offsets.insert(offset?);
                    }
                }
                // A callee reading the memory (a byval copy holds the same
                // bytes at the same offsets).
                ("llvm.call", position) if depth < MAX_DEPTH => {
                    let Some(callee) = symbol_attribute(&user, "callee") else {
                        continue;
                    };
                    let Some(function) = index.functions.get(&callee) else {
                        continue;
                    };
                    if !function.has_definitive_body() || function.is_variadic {
                        continue;
                    }
                    let Some(entry) = function.op.region(0).ok().and_then(|r| r.first_block())
                    else {
                        continue;
                    };
                    if let Some(argument) = crate::ir::argument(&entry, position) {
                        pending.push((argument.into(), offset, depth + 1));
                    }
                }
                _ => {}
            }
        }
    }
    Some(offsets)
}

/// Whether a pointer stored at `stored` may be what a load at `loaded`
/// reads (unknown offsets may be anything).
pub(crate) fn overlaps(stored: Option<i64>, loaded: Option<i64>) -> bool {
    match (stored, loaded) {
        (Some(stored), Some(loaded)) => stored == loaded,
        _ => true,
    }
}

/// `offset` moved by `by` (unknown if either is).
fn shifted(offset: Option<i64>, by: Option<i64>) -> Option<i64> {
    offset
        .zip(by)
        .and_then(|(offset, by)| offset.checked_add(by))
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

/// The pointer `address` is a GEP or cast (chain) of, and the constant
/// byte offset of `address` from it (`None` where a GEP's offset is not a
/// constant byte count).
fn root_of<'c: 'a, 'a>(address: Value<'c, 'a>) -> (Value<'c, 'a>, Option<i64>) {
    let mut root = address;
    let mut offset = Some(0);
    while let Some(op) = defining_op(root).filter(|op| is_same_memory(name_of(op))) {
        if name_of(&op) == "llvm.getelementptr" {
            offset = shifted(offset, byte_offset(&op));
        }
        match operand(&op, 0) {
            Some(base) => root = base,
            None => break,
        }
    }
    (root, offset)
}

struct Walker<'i, 'c, 'a> {
    index: &'i ModuleIndex<'c, 'a>,
    map: &'i AddressSpaceMap,
    closed_world: ClosedWorld,
    steps: usize,
}

/// Pointers (and offsets) whose uses one walk has seen: within a walk, whose
/// stores all land in one list, a memory reached twice the same way is
/// walked once.
type Walked = HashSet<(usize, Option<i64>)>;

/// A parameter: its function, its position, whether it is `byval`.
struct Parameter {
    symbol: String,
    position: usize,
    by_value: bool,
    is_kernel: bool,
}

impl<'i, 'c, 'a> Walker<'i, 'c, 'a> {
    fn new(
        index: &'i ModuleIndex<'c, 'a>,
        map: &'i AddressSpaceMap,
        closed_world: ClosedWorld,
    ) -> Self {
        Self {
            index,
            map,
            closed_world,
            steps: 0,
        }
    }

    /// Where the pointers in the memory starting at `root` pointed before
    /// the code ran, and the generic pointers the code stores into it (at
    /// offsets from `root`).
    fn contents_of(
        &mut self,
        root: Value<'c, 'a>,
        depth: usize,
    ) -> Option<(SpaceSet, Vec<Store<'c, 'a>>)> {
        if depth > MAX_DEPTH {
            return None;
        }
        if defining_op(root).is_some_and(|op| name_of(&op) == "llvm.alloca") {
            return self.walk_uses(root, Some(0), depth, &mut Walked::default());
        }
        // A program-scope variable (handed to a helper by address): its
        // cell, one for the whole variable, so every store may be anywhere.
        if let Some(symbol) = defining_op(root)
            .filter(|op| name_of(op) == "llvm.mlir.addressof")
            .and_then(|op| symbol_attribute(&op, "global_name"))
        {
            let cell = super::cells::cell_of(self.index, self.map, &symbol, self.closed_world)?;
            let stores = cell.stored.into_iter().map(|value| (value, None)).collect();
            return Some((cell.base, stores));
        }
        let parameter = self.parameter(root)?;
        if parameter.is_kernel {
            // A kernel's copy of what the host wrote.
            if !parameter.by_value || self.map.kernel_copy_pointers == SpaceSet::ALL {
                return None;
            }
            let (copied, stores) = self.walk_uses(root, Some(0), depth, &mut Walked::default())?;
            return Some((self.map.kernel_copy_pointers.union(copied), stores));
        }
        // Memory a caller passed: what every caller's memory holds there
        // (and, for a byval copy, what this function stores into its copy;
        // stores through a plain parameter are found from the caller's side).
        if !self.index.is_closed(&parameter.symbol, self.closed_world) {
            return None;
        }
        let (mut base, mut stores) = if parameter.by_value {
            self.walk_uses(root, Some(0), depth, &mut Walked::default())?
        } else {
            (SpaceSet::EMPTY, Vec::new())
        };
        for call in self.index.call_sites.get(&parameter.symbol)? {
            let argument = call.operand(parameter.position).ok()?;
            let (caller_root, passed_at) = root_of(argument);
            let (caller_base, caller_stores) = self.contents_of(caller_root, depth + 1)?;
            base = base.union(caller_base);
            // The parameter points `passed_at` bytes into the caller's memory.
            let back = passed_at.and_then(i64::checked_neg);
            stores.extend(
                caller_stores
                    .into_iter()
                    .map(|(value, at)| (value, shifted(at, back))),
            );
        }
        Some((base, stores))
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
        let is_kernel = self.index.functions.get(&symbol)?.is_kernel;
        let position = argument.argument_number();
        Some(Parameter {
            symbol,
            position,
            by_value: parameters_with(&["llvm.byval"], function).contains(&position),
            is_kernel,
        })
    }

    /// The generic pointers stored through `pointer` (and GEPs and casts of
    /// it, and the parameters of callees it is passed to), with their
    /// offsets, `pointer` being `offset` bytes into the memory; `None` at a
    /// use that could let other code write the memory unseen.
    fn walk_uses(
        &mut self,
        pointer: Value<'c, 'a>,
        offset: Option<i64>,
        depth: usize,
        walked: &mut Walked,
    ) -> Option<(SpaceSet, Vec<Store<'c, 'a>>)> {
        let mut stores = Vec::new();
        // What memory copied in held before the code ran.
        let mut copied_base = SpaceSet::EMPTY;
        let mut pending = vec![(pointer, offset)];
        while let Some((pointer, offset)) = pending.pop() {
            if !walked.insert((pointer.to_raw().ptr as usize, offset)) {
                continue;
            }
            for (user, position) in self.index.uses_of(pointer) {
                self.steps += 1;
                if self.steps > MAX_STEPS {
                    return None;
                }
                match (access_name(&user), position) {
                    ("llvm.getelementptr", 0) => {
                        let moved = shifted(offset, byte_offset(&user));
                        pending.push((result(&user, 0)?.into(), moved));
                    }
                    (name, 0) if is_same_memory(name) => {
                        pending.push((result(&user, 0)?.into(), offset))
                    }
                    ("llvm.load", 0) => {}
                    ("llvm.intr.lifetime.start" | "llvm.intr.lifetime.end", _) => {}
                    ("llvm.store", 1) => {
                        let value = operand(&user, 0)?;
                        match value_space(value, self.map) {
                            Some(AddressSpace::Generic) => stores.push((value, offset)),
                            // A scalar narrower than a pointer (a struct's
                            // length field) cannot be read back as one.
                            None if is_narrower_than_a_pointer(value) => {}
                            // A named pointer, or bits that could be a
                            // pointer's (an i64 copy of one).
                            _ => return None,
                        }
                    }
                    ("llvm.call", position) => {
                        if let Some(parameter) = self.callee_parameter(&user, position)? {
                            if depth >= MAX_DEPTH {
                                return None;
                            }
                            let (base, more) =
                                self.walk_uses(parameter, offset, depth + 1, walked)?;
                            copied_base = copied_base.union(base);
                            stores.extend(more);
                        }
                    }
                    // Reading it does not change it.
                    ("llvm.intr.memcpy" | "llvm.intr.memmove" | "llvm.intr.memcpy.inline", 1) => {}
                    // Bytes copied in: what the source memory holds, moved
                    // from the source's offset to this one.
                    ("llvm.intr.memcpy" | "llvm.intr.memmove" | "llvm.intr.memcpy.inline", 0) => {
                        if depth >= MAX_DEPTH {
                            return None;
                        }
                        let (source, source_at) = root_of(operand(&user, 1)?);
                        let (base, copied) = self.contents_of(source, depth + 1)?;
                        copied_base = copied_base.union(base);
                        let moved_by = offset
                            .zip(source_at)
                            .and_then(|(to, from)| to.checked_sub(from));
                        stores.extend(
                            copied
                                .into_iter()
                                .map(|(value, at)| (value, shifted(at, moved_by))),
                        );
                    }
                    // Zero bytes are null pointers, which point nowhere.
                    ("llvm.intr.memset" | "llvm.intr.memset.inline", 0)
                        if operand(&user, 1).and_then(crate::ir::integer_constant) == Some(0) => {}
                    _ => return None,
                }
            }
        }
        Some((copied_base, stores))
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
