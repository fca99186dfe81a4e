//! Pointers a kernel reads from its own by-value parameters.
//!
//! A kernel parameter passed by value (`byval`: a struct of pointers handed
//! to a CUDA kernel) is the kernel's own copy of what the host wrote. The
//! host can only write addresses it knows, which the target describes
//! (`AddressSpaceMap::kernel_copy_pointers`: global memory on NVPTX, as
//! LLVM's NVPTX backend assumes when it lowers kernel arguments). A generic
//! pointer loaded from the copy is one of those, or one the kernel stored
//! into its copy itself.

use super::analysis::{access_name, is_kernel_convention, ModuleIndex};
use crate::ir::{defining_op, name_of, operand, parameters_with, result};
use gas_dialect::ops::value_space;
use gas_dialect::{AddressSpace, AddressSpaceMap};
use melior::ir::block::{BlockArgument, BlockLike};
use melior::ir::operation::OperationLike;
use melior::ir::{RegionLike, Value};

/// If `address` is (a GEP of) a by-value parameter of a kernel whose every
/// use is a GEP, a load, a store of a generic pointer into it, or an
/// argument of a call that copies it (`byval`) or only reads it
/// (`readonly`), the generic pointers the kernel stores into it (the rest
/// of what a load may read is what the host wrote).
pub(crate) fn stored_into_kernel_copy<'c, 'a>(
    address: Value<'c, 'a>,
    index: &ModuleIndex<'c, 'a>,
    map: &AddressSpaceMap,
) -> Option<Vec<Value<'c, 'a>>> {
    let mut root = address;
    while let Some(op) = defining_op(root) {
        if name_of(&op) != "llvm.getelementptr" {
            return None;
        }
        root = operand(&op, 0)?;
    }
    if !is_kernel_copy(root) {
        return None;
    }
    let mut stored = Vec::new();
    let mut pending = vec![root];
    while let Some(pointer) = pending.pop() {
        for (user, position) in &index.uses_of(pointer) {
            match (access_name(user).as_str(), *position) {
                ("llvm.getelementptr", 0) => pending.push(result(user, 0)?.into()),
                ("llvm.load", 0) => {}
                ("llvm.intr.lifetime.start" | "llvm.intr.lifetime.end", _) => {}
                ("llvm.store", 1) => {
                    let value = operand(user, 0)?;
                    if value_space(value, map) != Some(AddressSpace::Generic) {
                        // Other bytes over a pointer field: a load could
                        // read them back as a pointer.
                        return None;
                    }
                    stored.push(value);
                }
                ("llvm.call", position) if call_cannot_write(user, position, index) => {}
                _ => return None,
            }
        }
    }
    Some(stored)
}

/// Whether `value` is a `byval` parameter of a kernel.
fn is_kernel_copy(value: Value) -> bool {
    let Ok(argument) = BlockArgument::try_from(value) else {
        return false;
    };
    let Some(function) = argument.owner().parent_operation() else {
        return false;
    };
    let is_entry = function
        .region(0)
        .ok()
        .and_then(|region| region.first_block())
        .is_some_and(|entry| entry == argument.owner());
    let convention = function
        .attribute("CConv")
        .map(|attribute| attribute.to_string())
        .unwrap_or_default();
    let is_kernel = is_kernel_convention(&convention)
        || function.attribute(gas_dialect::names::KERNEL_ATTR).is_ok();
    is_entry
        && is_kernel
        && parameters_with(&["llvm.byval"], function).contains(&argument.argument_number())
}

/// Whether the direct call `call` cannot write through its operand
/// `position`: the callee takes it by value (its own copy) or read-only.
fn call_cannot_write(
    call: &melior::ir::OperationRef,
    position: usize,
    index: &ModuleIndex,
) -> bool {
    let Some(callee) = crate::ir::symbol_attribute(call, "callee") else {
        return false;
    };
    let Some(function) = index.functions.get(&callee) else {
        return false;
    };
    // Operand `position` of a direct call is the callee's parameter `position`.
    parameters_with(&["llvm.byval", "llvm.readonly"], function.op).contains(&position)
}
