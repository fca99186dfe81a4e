//! Pointers read from global memory the host handed a kernel (a CUDA
//! kernel's `clusters_t *` whose fields the host filled with device
//! addresses): global, as the host's pointers are, or one of the generic
//! pointers the module's code stores where global memory may be. One cell
//! for all of global memory (which pointer aliases which buffer is not
//! known), built once: every store of a generic pointer whose address is not
//! private or shared by type, plus what the host wrote. Where the module's
//! code may write pointer bits to global memory in a way gas does not see
//! (a pointer's bits as an integer, a byte copy from memory that is not
//! global, assembly handed pointers, a function without a body handed one)
//! the cell is unknown. Only where the target assumes what the host hands
//! kernels (`AddressSpaceMap::kernel_pointer_parameters`) and the world is
//! closed (every function a kernel runs is in the module; what other
//! launches store in global memory is not theirs to use: their shared and
//! private addresses end with them).

use super::GraphBuilder;
use crate::analysis::index::{access_name, key, ClosedWorld, Key, ModuleIndex};
use crate::ir::{defining_op, each_op, name_of, operand, parameters_with};
use gas_dialect::ops::value_space;
use gas_dialect::{AddressSpace, SpaceSet};
use melior::ir::block::{BlockArgument, BlockLike};
use melior::ir::operation::OperationLike;
use melior::ir::{RegionLike, Value, ValueLike};

/// The key of the global-memory cell: odd, apart from values, fields and
/// the literal pool.
const GLOBAL_MEMORY_KEY: Key = (1 << 60) | 1;

impl GraphBuilder {
    /// The global-memory cell, if a load from `address` reads global memory
    /// the host handed a kernel: `address` is (a GEP or cast of) a kernel's
    /// pointer parameter, or a pointer of the global space.
    pub(super) fn global_memory_cell(
        &mut self,
        address: Value,
        index: &ModuleIndex,
    ) -> Option<Key> {
        let global = SpaceSet::single(AddressSpace::Global);
        // Only where every device function a kernel runs is in the module.
        let closed = self.closed_world == ClosedWorld::Always
            || (self.closed_world == ClosedWorld::WhenKernels && index.has_kernels);
        if !closed
            || self.map.kernel_pointer_parameters != global
            || !self.reads_host_memory(address, index)
        {
            return None;
        }
        if !self.nodes.contains_key(&GLOBAL_MEMORY_KEY) {
            let (base, sources) = self.global_memory_contents(index);
            let node = self.nodes.entry(GLOBAL_MEMORY_KEY).or_default();
            node.base = base;
            node.sources = sources;
        }
        Some(GLOBAL_MEMORY_KEY)
    }

    /// Whether `address` points into global memory the host handed a kernel.
    fn reads_host_memory(&self, address: Value, index: &ModuleIndex) -> bool {
        let mut current = address;
        loop {
            if value_space(current, &self.map) == Some(AddressSpace::Global) {
                return true;
            }
            let Some(op) = defining_op(current) else {
                break;
            };
            let follows = matches!(
                name_of(&op),
                "llvm.getelementptr"
                    | "llvm.addrspacecast"
                    | gas_dialect::names::TAG
                    | gas_dialect::names::UNTAG
            );
            match operand(&op, 0) {
                Some(source) if follows => current = source,
                _ => return false,
            }
        }
        // A kernel's generic pointer parameter, not its own copy of an
        // argument (nor a pointer the kernel is handed in a named space).
        if value_space(current, &self.map) != Some(AddressSpace::Generic) {
            return false;
        }
        let Ok(argument) = BlockArgument::try_from(current) else {
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
        let is_kernel = crate::ir::symbol_attribute(&function, "sym_name")
            .and_then(|symbol| index.functions.get(&symbol))
            .is_some_and(|function| function.is_kernel);
        is_entry
            && is_kernel
            && !parameters_with(&["llvm.byval", "llvm.byref"], function)
                .contains(&argument.argument_number())
    }

    /// What global memory may hold: the host's pointers and every generic
    /// pointer stored where global memory may be; everything where the
    /// module writes pointer bits there in a way gas does not follow.
    fn global_memory_contents(&self, index: &ModuleIndex) -> (SpaceSet, Vec<Key>) {
        let map = self.map;
        let unknown = (SpaceSet::ALL, Vec::new());
        let named_elsewhere = |address: Value| {
            matches!(
                value_space(address, &map),
                Some(AddressSpace::Private | AddressSpace::Local | AddressSpace::Constant)
            )
        };
        let is_generic = |value: Value| value_space(value, &map) == Some(AddressSpace::Generic);
        let mut sources = Vec::new();
        let mut blind = false;
        for function in index.functions.values() {
            each_op(function.op, &mut |op| {
                if blind {
                    return;
                }
                let operands: Vec<Value> = op.operands().collect();
                match access_name(&op) {
                    "llvm.store" => {
                        let (Some(value), Some(address)) = (operand(&op, 0), operand(&op, 1))
                        else {
                            return;
                        };
                        if named_elsewhere(address) {
                            return;
                        }
                        if is_generic(value) {
                            sources.push(key(value));
                        } else if value_space(value, &map).is_some()
                            || super::super::cells::is_pointer_aggregate(value.r#type())
                        {
                            // A named pointer's bits, or pointers in an aggregate.
                            blind = true;
                        }
                    }
                    "llvm.atomicrmw" | "llvm.cmpxchg" => {
                        sources.extend(
                            operands
                                .iter()
                                .skip(1)
                                .filter(|v| is_generic(**v))
                                .map(|v| key(*v)),
                        );
                    }
                    // Bytes copied into global memory from memory that may
                    // hold pointers gas does not see here.
                    "llvm.intr.memcpy" | "llvm.intr.memmove" | "llvm.intr.memcpy.inline" => {
                        if let (Some(destination), Some(source)) =
                            (operand(&op, 0), operand(&op, 1))
                        {
                            let from_global =
                                value_space(source, &map) == Some(AddressSpace::Global);
                            if !named_elsewhere(destination) && !from_global {
                                blind = true;
                            }
                        }
                    }
                    // A pointer's bits as an integer may be stored anywhere.
                    "llvm.ptrtoint"
                        if operand(&op, 0).is_some_and(|pointer| {
                            value_space(pointer, &map) != Some(AddressSpace::Global)
                        }) =>
                    {
                        blind = true;
                    }
                    // Assembly handed a pointer besides its address may
                    // store it.
                    "llvm.inline_asm"
                        if operands
                            .iter()
                            .filter(|v| value_space(**v, &map).is_some())
                            .count()
                            > 1 =>
                    {
                        blind = true;
                    }
                    "llvm.call" | "func.call" => {
                        let bodiless = crate::ir::symbol_attribute(&op, "callee")
                            .and_then(|callee| {
                                index
                                    .functions
                                    .get(&callee)
                                    .map(|f| (callee, f.has_definitive_body()))
                            })
                            .is_none_or(|(callee, has_body)| {
                                !has_body && !callee.starts_with("llvm.")
                            });
                        if bodiless && operands.iter().any(|v| value_space(*v, &map).is_some()) {
                            blind = true;
                        }
                    }
                    // Pointers written in vectors (a masked store, a
                    // scatter) go where gas does not follow them.
                    name if name.starts_with("llvm.intr.")
                        && operands.iter().any(|value| {
                            value_space(*value, &map).is_none()
                                && super::super::cells::is_pointer_aggregate(value.r#type())
                        }) =>
                    {
                        blind = true;
                    }
                    _ => {}
                }
            });
        }
        if blind {
            return unknown;
        }
        (map.kernel_pointer_parameters, sources)
    }
}
