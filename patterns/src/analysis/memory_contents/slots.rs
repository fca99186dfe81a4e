//! Slots: private memory that keeps the address of other memory (a
//! reference member, a lambda's capture, a pointer on the stack), and the
//! ways an address comes back to the code that passed it (a callee's
//! return). Every load of a slot that holds an address is that address
//! again, so the memory's walk follows each one.

use super::{byte_offset, is_same_memory, overlaps, root_of, shifted, Walked, Walker, MAX_DEPTH};
use crate::analysis::index::{access_name, ModuleIndex};
use crate::ir::{defining_op, name_of, result, symbol_attribute};
use gas_dialect::ops::value_space;
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{OperationRef, RegionLike, Value, ValueLike};

/// What a `return` of the walked memory's address means.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Returns {
    /// The memory is the returning frame's own (an alloca, a byval copy):
    /// dead once returned.
    Dead,
    /// The walk came in through a call, whose result the caller follows.
    FollowedByCaller,
    /// Nobody follows the call's result (a pointer loaded from a slot).
    NotFollowed,
}

/// Whether `name` is a branch that forwards operands to its successors.
pub(super) fn is_branch(name: &str) -> bool {
    matches!(
        name,
        "llvm.br" | "llvm.cond_br" | "llvm.switch" | "cf.br" | "cf.cond_br" | "cf.switch"
    )
}

/// The block arguments operand `position` of the branch `terminator`
/// becomes (`None` where gas cannot tell which).
pub(super) fn forwarded_to<'c, 'a>(
    terminator: &OperationRef<'c, 'a>,
    position: usize,
) -> Option<Vec<Value<'c, 'a>>> {
    let mut arguments = Vec::new();
    for successor in 0..terminator.successor_count() {
        let range = crate::analysis::index::forwarded_range(terminator, successor)?;
        if range.contains(&position) {
            let block = crate::ir::successor(terminator, successor)?;
            let argument = block.argument(position - range.start).ok()?;
            arguments.push(argument.into());
        }
    }
    Some(arguments)
}

impl<'i, 'c, 'a> Walker<'i, 'c, 'a> {
    /// Every pointer loaded from the slot at `address` (with its function's
    /// returns followed or not), where gas sees every use of the slot's
    /// memory: an alloca whose address is not stored, copied out, or
    /// passed where gas cannot follow it. `None` otherwise.
    pub(super) fn loads_of_slot(
        &mut self,
        address: Value<'c, 'a>,
        depth: usize,
    ) -> Option<Vec<(Value<'c, 'a>, Returns)>> {
        let (root, slot_at) = root_of(address);
        if defining_op(root).is_none_or(|op| name_of(&op) != "llvm.alloca") {
            tracing::debug!("address stored into memory other than a slot");
            return None;
        }
        let mut loads = Vec::new();
        let mut walked = Walked::default();
        let mut pending = vec![(root, Some(0_i64), Returns::Dead, depth)];
        while let Some((pointer, offset, returns, depth)) = pending.pop() {
            if !walked.insert((pointer.to_raw().ptr as usize, offset)) {
                continue;
            }
            for (user, position) in self.index.uses_of(pointer) {
                self.take_step()?;
                match (access_name(&user), position) {
                    ("llvm.getelementptr", 0) => {
                        let moved = shifted(offset, byte_offset(&user));
                        pending.push((result(&user, 0)?.into(), moved, returns, depth));
                    }
                    (name, 0) if is_same_memory(name) => {
                        pending.push((result(&user, 0)?.into(), offset, returns, depth))
                    }
                    ("llvm.load", 0) => {
                        if overlaps(offset, slot_at) {
                            let loaded: Value = result(&user, 0)?.into();
                            // The address's bits read as an integer.
                            value_space(loaded, self.map)?;
                            loads.push((loaded, returns));
                        }
                    }
                    ("llvm.store", 1)
                    | ("llvm.intr.lifetime.start" | "llvm.intr.lifetime.end", _)
                    | ("llvm.intr.memset" | "llvm.intr.memset.inline", 0)
                    | ("llvm.intr.memcpy" | "llvm.intr.memmove" | "llvm.intr.memcpy.inline", 0) => {
                    }
                    ("llvm.return", _) if returns != Returns::NotFollowed => {}
                    ("llvm.select", 1 | 2) => {
                        pending.push((result(&user, 0)?.into(), offset, returns, depth))
                    }
                    (name, position) if is_branch(name) => {
                        for argument in forwarded_to(&user, position)? {
                            pending.push((argument, None, returns, depth));
                        }
                    }
                    // A callee given the slot (or a byval copy of it) reads
                    // what it holds; one that hands the slot back gives the
                    // caller another pointer to it.
                    ("llvm.call", position) if depth < MAX_DEPTH => {
                        let Some(parameter) = body_parameter(self.index, &user, position) else {
                            tracing::debug!(at = %user.location(), "slot passed to a callee gas cannot follow");
                            return None;
                        };
                        pending.push((parameter, offset, Returns::FollowedByCaller, depth + 1));
                        for at in returned_offsets(parameter, self.index, depth + 1)? {
                            pending.push((
                                result(&user, 0)?.into(),
                                shifted(offset, at),
                                returns,
                                depth,
                            ));
                        }
                    }
                    (name, position) => {
                        tracing::debug!(
                            use_of_slot = name,
                            position,
                            at = %user.location(),
                            "slot contents unknown"
                        );
                        return None;
                    }
                }
            }
        }
        Some(loads)
    }
}

/// The byte offsets from `pointer` (in its own function) at which that
/// function hands the memory back to its caller: a return of `pointer`, of
/// a GEP or cast of it, or of what a callee given it returns (`std::forward`
/// of `std::forward`). `None` where a callee is too deep to tell; an empty
/// list where no return does.
pub(super) fn returned_offsets(
    pointer: Value,
    index: &ModuleIndex,
    depth: usize,
) -> Option<Vec<Option<i64>>> {
    if depth > MAX_DEPTH {
        return None;
    }
    let mut returned = Vec::new();
    let mut walked = Walked::default();
    let mut pending = vec![(pointer, Some(0_i64))];
    while let Some((pointer, offset)) = pending.pop() {
        if !walked.insert((pointer.to_raw().ptr as usize, offset)) {
            continue;
        }
        for (user, position) in index.uses_of(pointer) {
            match (access_name(&user), position) {
                ("llvm.getelementptr", 0) => {
                    let moved = shifted(offset, byte_offset(&user));
                    pending.push((result(&user, 0)?.into(), moved));
                }
                (name, 0) if is_same_memory(name) => {
                    pending.push((result(&user, 0)?.into(), offset))
                }
                ("llvm.return", _) => returned.push(offset),
                // Merged with other pointers: where it is this memory, at
                // the same offset (a select) or one a loop may move.
                ("llvm.select", 1 | 2) => pending.push((result(&user, 0)?.into(), offset)),
                (name, position) if is_branch(name) => {
                    for argument in forwarded_to(&user, position)? {
                        pending.push((argument, None));
                    }
                }
                ("llvm.call", position) if user.result_count() > 0 => {
                    let Some(parameter) = body_parameter(index, &user, position) else {
                        continue;
                    };
                    for at in returned_offsets(parameter, index, depth + 1)? {
                        pending.push((result(&user, 0)?.into(), shifted(offset, at)));
                    }
                }
                _ => {}
            }
        }
    }
    Some(returned)
}

/// The parameter `position` of the function `call` calls, where its body
/// here is the one that runs.
pub(super) fn body_parameter<'c, 'a>(
    index: &ModuleIndex<'c, 'a>,
    call: &OperationRef<'c, 'a>,
    position: usize,
) -> Option<Value<'c, 'a>> {
    let function = index.functions.get(&symbol_attribute(call, "callee")?)?;
    if !function.has_definitive_body() || function.is_variadic {
        return None;
    }
    let entry = function.op.region(0).ok()?.first_block()?;
    Some(crate::ir::argument(&entry, position)?.into())
}
