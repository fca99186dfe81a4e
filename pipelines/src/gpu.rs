//! Device code in MLIR's GPU dialect: a `gpu.module` holds a GPU's functions
//! (lowered by `convert-gpu-to-nvvm`, `-rocdl`, `-llvm-spv`) inside the host
//! module. gas resolves each one on its own, with the target its target
//! attribute (or, lowered without one, its kernels) names.

use gas_dialect::AddressSpaceMap;
use gas_patterns::ir::{adapter, name_of};
use melior::ir::operation::OperationLike;
use melior::ir::{BlockLike, Module, OperationRef, RegionLike};

/// The op that holds a GPU's code.
pub const DEVICE_MODULE: &str = "gpu.module";

/// The `gpu.module`s directly in `module`'s body.
pub fn device_modules<'c, 'a>(module: OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut found = Vec::new();
    let Some(body) = module
        .region(0)
        .ok()
        .and_then(|region| region.first_block())
    else {
        return found;
    };
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if name_of(&op) == DEVICE_MODULE {
            found.push(op);
        }
    }
    found
}

/// The target a `gpu.module` is for: its first target attribute
/// (`#nvvm.target`, `#rocdl.target`, `#xevm.target` or a SPIR-V target
/// environment), an `llvm.target_triple`, else what its lowered kernels
/// carry (`nvvm.kernel`, `rocdl.kernel`, the `spir_kernel` convention).
pub fn target_of(device: OperationRef) -> Option<AddressSpaceMap> {
    if let Ok(targets) = device.attribute("targets") {
        let text = targets.to_string();
        let first = [
            ("#nvvm.target", AddressSpaceMap::NVPTX64),
            ("#rocdl.target", AddressSpaceMap::AMDGPU),
            ("#xevm.target", AddressSpaceMap::SPIR64),
            ("#spirv.target_env", AddressSpaceMap::SPIR64),
        ]
        .into_iter()
        .filter_map(|(mark, target)| text.find(mark).map(|at| (at, target)))
        .min_by_key(|(at, _)| *at);
        if let Some((_, target)) = first {
            return Some(target);
        }
    }
    if let Ok(triple) = device.attribute("llvm.target_triple") {
        if let Some(target) = AddressSpaceMap::of_triple(triple.to_string().trim_matches('"')) {
            return Some(target);
        }
    }
    let body = device.region(0).ok()?.first_block()?;
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if name_of(&op) != "llvm.func" {
            continue;
        }
        if op.attribute("nvvm.kernel").is_ok() {
            return Some(AddressSpaceMap::NVPTX64);
        }
        if op.attribute("rocdl.kernel").is_ok() {
            return Some(AddressSpaceMap::AMDGPU);
        }
        let convention = op
            .attribute("CConv")
            .map(|convention| convention.to_string())
            .unwrap_or_default();
        if convention.contains("spir_") {
            return Some(AddressSpaceMap::SPIR64);
        }
    }
    None
}

/// Runs `body` on a `builtin.module` holding `device`'s ops, which move
/// there for the call and back afterwards (with what `body` added), so
/// that gas's sets, written for modules, see the device's functions as a
/// module's. What `body` returns.
pub fn with_functions_in_module(
    device: OperationRef,
    body: impl FnOnce(OperationRef) -> bool,
) -> bool {
    let Some(block) = device
        .region(0)
        .ok()
        .and_then(|region| region.first_block())
    else {
        return body(device);
    };
    let module = Module::new(device.location());
    let mut next = block.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        adapter::move_to_end(op, module.body());
    }
    let succeeded = body(module.as_operation());
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        adapter::move_to_end(op, block);
    }
    succeeded
}
