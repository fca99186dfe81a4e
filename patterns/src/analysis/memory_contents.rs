//! Which generic pointers a load may read from memory whose every use gas
//! sees: a private alloca, a kernel's by-value parameter (its copy of what
//! the host wrote), memory a function reached through a parameter whose
//! every call passes such memory, either of a select's or a block
//! argument's memories, or the memory of every pointer a slot held where a
//! pointer to it was loaded (a reference member, a capture: two levels).
//!
//! A load of a generic pointer reads one of the generic pointers stored into
//! the memory anywhere (in its function, in a callee the address is passed
//! to, followed into the callee's parameter, or through any pointer to it
//! loaded back from a slot that kept its address) at the same byte offset
//! from the memory's start, where both offsets are constants (byte GEPs, as
//! clang emits for struct fields; a store or load at an offset gas cannot
//! compute matches every offset), plus what was there before, by byte range:
//! nothing in an alloca, what the host wrote in a kernel's copy
//! (`AddressSpaceMap::kernel_copy_pointers`: global memory on NVPTX, as
//! NVPTXLowerArgs assumes), what bytes copied in held where they land, what
//! every caller's memory holds for a parameter, and anything where bits
//! that could be a pointer's (an i64, a named pointer) are stored. A use gas
//! cannot follow (the address cast to an integer, stored where gas cannot
//! see every load of it, passed to a function whose calls are not all
//! visible) makes the memory unknown; scalars narrower than a pointer (a
//! struct's length field) are not pointers. An address a callee hands back
//! (`std::forward` out of line) is the same memory.

use super::block_literals::byte_offset;
use slots::{forwarded_to, is_branch, returned_offsets, Returns};

mod slots;
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
    let memory = walker.contents_of(root, 0)?;
    let base = memory.before_at(offset);
    let stored = memory
        .stores
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
    let memory = walker.contents_of(root, 0)?;
    let base = memory.before_anywhere();
    let back = passed_at.and_then(i64::checked_neg);
    let stores = memory
        .stores
        .into_iter()
        .map(|(value, at)| (value, shifted(at, back)))
        .collect();
    Some((base, stores))
}

/// Whether `value` is (a GEP of) a pointer loaded from `address` itself,
/// the same SSA value: stored back there, it adds no space the slot did
/// not already hold (whatever memory `address` points to).
fn moved_from(value: Value, address: Value) -> bool {
    let mut current = value;
    while let Some(op) = crate::ir::defining_op(current) {
        match access_name(&op) {
            "llvm.getelementptr" => match operand(&op, 0) {
                Some(base) => current = base,
                None => return false,
            },
            "llvm.load" => return operand(&op, 0) == Some(address),
            _ => return false,
        }
    }
    false
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
                    if let Some(parameter) = slots::body_parameter(index, &user, position) {
                        pending.push((parameter, offset, depth + 1));
                    }
                }
                _ => {}
            }
        }
    }
    Some(offsets)
}

/// The bytes of a pointer.
const POINTER_BYTES: i64 = 8;

/// What pointers a memory may hold, at byte offsets from its start.
#[derive(Default)]
struct Memory<'c, 'a> {
    /// Where the pointers there before the code ran point, over the byte
    /// range `[start, end)` (`None`: anywhere): what the host wrote into a
    /// kernel's copy, and what memory copied in held.
    before: Vec<(SpaceSet, Option<(i64, i64)>)>,
    /// The generic pointers the code stores into it.
    stores: Vec<Store<'c, 'a>>,
}

impl<'c, 'a> Memory<'c, 'a> {
    /// Memory whose every byte may hold pointers into `spaces`.
    fn holding(spaces: SpaceSet) -> Self {
        Self {
            before: vec![(spaces, None)],
            stores: Vec::new(),
        }
    }

    /// Where a pointer there before the code ran, read at `offset`, points.
    fn before_at(&self, offset: Option<i64>) -> SpaceSet {
        self.before
            .iter()
            .filter(|(_, range)| match (range, offset) {
                (Some((start, end)), Some(at)) => at < *end && at + POINTER_BYTES > *start,
                _ => true,
            })
            .fold(SpaceSet::EMPTY, |spaces, (more, _)| spaces.union(*more))
    }

    /// Where any pointer there before the code ran points.
    fn before_anywhere(&self) -> SpaceSet {
        self.before
            .iter()
            .fold(SpaceSet::EMPTY, |spaces, (more, _)| spaces.union(*more))
    }

    /// `other`'s contents added, moved `by` bytes (unknown: anywhere).
    fn add(&mut self, other: Memory<'c, 'a>, by: Option<i64>) {
        let moved = |range: Option<(i64, i64)>| {
            let (start, end) = range?;
            let by = by?;
            Some((start.checked_add(by)?, end.checked_add(by)?))
        };
        self.before.extend(
            other
                .before
                .into_iter()
                .map(|(spaces, range)| (spaces, moved(range))),
        );
        self.stores.extend(
            other
                .stores
                .into_iter()
                .map(|(value, at)| (value, shifted(at, by))),
        );
    }

    /// The same contents, at offsets no longer known.
    fn anywhere(self) -> Self {
        Self {
            before: self
                .before
                .into_iter()
                .map(|(spaces, _)| (spaces, None))
                .collect(),
            stores: self
                .stores
                .into_iter()
                .map(|(value, _)| (value, None))
                .collect(),
        }
    }
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

    /// What the memory starting at `root` holds: where the pointers in it
    /// pointed before the code ran, and the generic pointers the code stores
    /// into it (at offsets from `root`).
    fn contents_of(&mut self, root: Value<'c, 'a>, depth: usize) -> Option<Memory<'c, 'a>> {
        if depth > MAX_DEPTH {
            tracing::debug!("memory reached too deep");
            return None;
        }
        if let Some(op) = defining_op(root) {
            return match access_name(&op) {
                "llvm.alloca" => {
                    self.walk_uses(root, Some(0), depth, &mut Walked::default(), Returns::Dead)
                }
                // A program-scope variable (handed to a helper by address):
                // its cell, one for the whole variable, so every store may
                // be anywhere.
                "llvm.mlir.addressof" => {
                    let symbol = symbol_attribute(&op, "global_name")?;
                    let cell =
                        super::cells::cell_of(self.index, self.map, &symbol, self.closed_world)?;
                    let mut memory = Memory::holding(cell.base);
                    memory.stores = cell.stored.into_iter().map(|value| (value, None)).collect();
                    Some(memory)
                }
                // Either operand's memory.
                "llvm.select" => {
                    let choices = [operand(&op, 1)?, operand(&op, 2)?];
                    self.contents_of_any(root, &choices, depth)
                }
                // A pointer read from memory (a struct's reference member,
                // a captured address): the memory of any pointer stored
                // where it was read.
                "llvm.load" => self.contents_of_loaded(&op, depth),
                other => {
                    tracing::debug!(root = other, "memory of a pointer gas does not follow");
                    None
                }
            };
        }
        if let Some(incoming) = self.incoming_values(root) {
            return self.contents_of_any(root, &incoming, depth);
        }
        let Some(parameter) = self.parameter(root) else {
            tracing::debug!("memory of a block argument gas does not follow");
            return None;
        };
        if parameter.is_kernel {
            // A kernel's copy of what the host wrote.
            if !parameter.by_value || self.map.kernel_copy_pointers == SpaceSet::ALL {
                return None;
            }
            let mut memory = Memory::holding(self.map.kernel_copy_pointers);
            let copied =
                self.walk_uses(root, Some(0), depth, &mut Walked::default(), Returns::Dead)?;
            memory.add(copied, Some(0));
            return Some(memory);
        }
        // Memory a caller passed: what every caller's memory holds there
        // (and, for a byval copy, what this function stores into its copy;
        // stores through a plain parameter are found from the caller's side).
        if !self.index.is_closed(&parameter.symbol, self.closed_world) {
            tracing::debug!(
                function = parameter.symbol,
                "memory passed by unseen callers"
            );
            return None;
        }
        let mut memory = if parameter.by_value {
            self.walk_uses(root, Some(0), depth, &mut Walked::default(), Returns::Dead)?
        } else {
            Memory::default()
        };
        // A closed function nobody calls (an original whose callers now
        // call its clones) never runs: no caller's memory reaches it.
        let calls = self.index.call_sites.get(&parameter.symbol);
        for call in calls.into_iter().flatten() {
            let argument = call.operand(parameter.position).ok()?;
            let (caller_root, passed_at) = root_of(argument);
            let caller = self.contents_of(caller_root, depth + 1)?;
            // The parameter points `passed_at` bytes into the caller's memory.
            memory.add(caller, passed_at.and_then(i64::checked_neg));
        }
        Some(memory)
    }

    /// What the memory of any of `choices` (a select's operands, a block
    /// argument's incoming values) holds, at offsets from `merged`, the
    /// value they merge into. A loop that moves `merged` on (`p = phi [a,
    /// p + 4]`) leaves the offsets unknown.
    fn contents_of_any(
        &mut self,
        merged: Value<'c, 'a>,
        choices: &[Value<'c, 'a>],
        depth: usize,
    ) -> Option<Memory<'c, 'a>> {
        let mut memory = Memory::default();
        let mut moved = false;
        for choice in choices {
            let (root, at) = root_of(*choice);
            if root == merged {
                moved |= at != Some(0);
                continue;
            }
            let chosen = self.contents_of(root, depth + 1)?;
            memory.add(chosen, at.and_then(i64::checked_neg));
        }
        Some(if moved { memory.anywhere() } else { memory })
    }

    /// What the memory holds that the pointer `load` reads points into: the
    /// memory of every pointer stored where it reads, if nothing else (no
    /// pointer from before the code ran) can be there.
    fn contents_of_loaded(
        &mut self,
        load: &OperationRef<'c, 'a>,
        depth: usize,
    ) -> Option<Memory<'c, 'a>> {
        let (slot, read_at) = root_of(operand(load, 0)?);
        let slot_memory = self.contents_of(slot, depth + 1)?;
        if !slot_memory.before_at(read_at).is_empty() {
            tracing::debug!("pointer read from memory that held unknown pointers");
            return None;
        }
        let pointees: Vec<Value> = slot_memory
            .stores
            .into_iter()
            .filter(|(_, at)| overlaps(*at, read_at))
            .map(|(value, _)| value)
            .collect();
        let loaded = result(load, 0)?.into();
        self.contents_of_any(loaded, &pointees, depth)
    }

    /// What a block argument other than a function's parameter receives.
    fn incoming_values(&self, value: Value<'c, 'a>) -> Option<Vec<Value<'c, 'a>>> {
        let argument = BlockArgument::try_from(value).ok()?;
        self.index
            .incoming(&argument.owner(), argument.argument_number())
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
        returns: Returns,
    ) -> Option<Memory<'c, 'a>> {
        let mut memory = Memory::default();
        let mut pending = vec![(pointer, offset)];
        while let Some((pointer, offset)) = pending.pop() {
            if !walked.insert((pointer.to_raw().ptr as usize, offset)) {
                continue;
            }
            for (user, position) in self.index.uses_of(pointer) {
                self.take_step()?;
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
                            // `p += n` on a member: what it stores points
                            // where what the slot held did.
                            Some(AddressSpace::Generic) if moved_from(value, pointer) => {}
                            Some(AddressSpace::Generic) => memory.stores.push((value, offset)),
                            // A scalar narrower than a pointer (a struct's
                            // length field) cannot be read back as one.
                            None if crate::ir::scalar_bytes(value)
                                .is_some_and(|bytes| bytes < POINTER_BYTES) => {}
                            // A named pointer, or bits that could be a
                            // pointer's (an i64 copy of one, an aggregate):
                            // a pointer read where they land may point
                            // anywhere.
                            _ => {
                                let range = offset.map(|at| {
                                    (
                                        at,
                                        crate::ir::scalar_bytes(value)
                                            .map_or(i64::MAX, |bytes| at.saturating_add(bytes)),
                                    )
                                });
                                memory.before.push((SpaceSet::ALL, range));
                            }
                        }
                    }
                    ("llvm.call", position) => {
                        let Some(callee_parameter) = self.callee_parameter(&user, position) else {
                            tracing::debug!(at = %user.location(), "memory passed to a callee gas cannot follow");
                            return None;
                        };
                        // A function gas cannot see into that may only
                        // read the memory may still hand its address back.
                        if callee_parameter.is_none() {
                            if let Some(returned) = result(&user, 0)
                                .map(Value::from)
                                .filter(|value| value_space(*value, self.map).is_some())
                            {
                                pending.push((returned, None));
                            }
                        }
                        if let Some(parameter) = callee_parameter {
                            if depth >= MAX_DEPTH {
                                tracing::debug!("memory passed too deep");
                                return None;
                            }
                            let callee = self.walk_uses(
                                parameter,
                                offset,
                                depth + 1,
                                walked,
                                Returns::FollowedByCaller,
                            )?;
                            memory.add(callee, Some(0));
                            // A callee that hands the address back
                            // (`std::forward`, a method returning `*this`):
                            // the call's result is the same memory.
                            let Some(returned) = returned_offsets(parameter, self.index, depth + 1)
                            else {
                                tracing::debug!("returns too deep");
                                return None;
                            };
                            for at in returned {
                                pending.push((result(&user, 0)?.into(), shifted(offset, at)));
                            }
                        }
                    }
                    ("llvm.return", _) if returns != Returns::NotFollowed => {}
                    // Another pointer to the same memory, where it points
                    // into this memory.
                    ("llvm.select", 1 | 2) => pending.push((result(&user, 0)?.into(), offset)),
                    // A block argument: where it points into this memory,
                    // at an offset a loop may move.
                    (name, position) if is_branch(name) => {
                        let Some(arguments) = forwarded_to(&user, position) else {
                            tracing::debug!(at = %user.location(), "branch gas cannot follow");
                            return None;
                        };
                        for argument in arguments {
                            pending.push((argument, None));
                        }
                    }
                    // The address kept in a slot (a reference member, a
                    // lambda's capture, a pointer to it on the stack): every
                    // load of that slot is the same pointer.
                    ("llvm.store", 0) => {
                        if depth >= MAX_DEPTH {
                            tracing::debug!("address stored too deep");
                            return None;
                        }
                        let slot = operand(&user, 1)?;
                        let Some(aliases) = self.loads_of_slot(slot, depth + 1) else {
                            tracing::debug!(at = %user.location(), "address stored in a slot gas cannot follow");
                            return None;
                        };
                        for (alias, _) in aliases {
                            let through_alias = self.walk_uses(
                                alias,
                                offset,
                                depth + 1,
                                walked,
                                Returns::NotFollowed,
                            )?;
                            memory.add(through_alias, Some(0));
                        }
                    }
                    // Reading it does not change it.
                    ("llvm.intr.memcpy" | "llvm.intr.memmove" | "llvm.intr.memcpy.inline", 1) => {}
                    // Bytes copied in: what the source memory holds, moved
                    // from the source's offset to this one.
                    ("llvm.intr.memcpy" | "llvm.intr.memmove" | "llvm.intr.memcpy.inline", 0) => {
                        if depth >= MAX_DEPTH {
                            tracing::debug!("bytes copied too deep");
                            return None;
                        }
                        let (source, source_at) = root_of(operand(&user, 1)?);
                        let copied = self.contents_of(source, depth + 1)?;
                        let moved_by = offset
                            .zip(source_at)
                            .and_then(|(to, from)| to.checked_sub(from));
                        // What the source held before the code ran lands in
                        // the bytes copied.
                        let length = operand(&user, 2).and_then(crate::ir::integer_constant);
                        let range = offset
                            .zip(length)
                            .and_then(|(at, length)| Some((at, at.checked_add(length)?)));
                        memory.before.push((copied.before_anywhere(), range));
                        memory.stores.extend(
                            copied
                                .stores
                                .into_iter()
                                .map(|(value, at)| (value, shifted(at, moved_by))),
                        );
                    }
                    // Zero bytes are null pointers, which point nowhere.
                    ("llvm.intr.memset" | "llvm.intr.memset.inline", 0)
                        if operand(&user, 1).and_then(crate::ir::integer_constant) == Some(0) => {}
                    (name, position) => {
                        tracing::debug!(
                            use_of_memory = name,
                            position,
                            at = %user.location(),
                            "memory contents unknown"
                        );
                        return None;
                    }
                }
            }
        }
        Some(memory)
    }

    /// One more use walked; `None` once the walk has gone too far (the
    /// memory then counts as unknown).
    fn take_step(&mut self) -> Option<()> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            tracing::debug!("memory walk too long");
            return None;
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
        if let Some(parameter) = slots::body_parameter(self.index, call, position) {
            return Some(Some(parameter));
        }
        attributed(&["llvm.readonly", "llvm.readnone"]).then_some(None)
    }
}
