//! Casts between a named and the generic space, as whichever form the module
//! is in: `gas.tag`/`gas.untag` once `raise` has run, plain
//! `llvm.addrspacecast` before.

use gas_dialect::ops::{tag, untag};
use melior::ir::operation::OperationLike;
use melior::ir::{Module, Type, Value};

/// How the clones cast between named and generic pointers: as gas ops once
/// `raise` has run (a plain `llvm.addrspacecast` would lose the tag), as
/// `llvm.addrspacecast` before (so the module stays plain LLVM, which `raise`
/// will take as it takes any cast).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum CastStyle {
    Gas,
    Llvm,
}

impl CastStyle {
    pub(crate) fn of(module: &Module) -> Self {
        let mut has_gas_ops = false;
        module
            .as_operation()
            .walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
                let name = op.name();
                has_gas_ops |= name
                    .as_string_ref()
                    .as_str()
                    .is_ok_and(gas_dialect::names::is_gas_op);
                if has_gas_ops {
                    melior::ir::operation::WalkResult::Interrupt
                } else {
                    melior::ir::operation::WalkResult::Advance
                }
            });
        if has_gas_ops {
            Self::Gas
        } else {
            Self::Llvm
        }
    }

    /// The style for a cast of `space`: a plain `llvm.addrspacecast` for a
    /// space without a tag (constant memory on a flat target), which gas's
    /// casts do not take.
    pub(crate) fn for_space(self, space: gas_dialect::AddressSpace) -> Self {
        if space.is_resolvable() {
            self
        } else {
            Self::Llvm
        }
    }

    pub(crate) fn to_generic<'c>(
        self,
        pointer: Value<'c, '_>,
        generic: Type<'c>,
        location: melior::ir::Location<'c>,
    ) -> Option<melior::ir::Operation<'c>> {
        match self {
            Self::Gas => tag(pointer, generic, location).ok(),
            Self::Llvm => addrspacecast(pointer, generic, location),
        }
    }

    pub(crate) fn to_named<'c>(
        self,
        pointer: Value<'c, '_>,
        named: Type<'c>,
        location: melior::ir::Location<'c>,
    ) -> Option<melior::ir::Operation<'c>> {
        match self {
            Self::Gas => untag(pointer, named, location).ok(),
            Self::Llvm => addrspacecast(pointer, named, location),
        }
    }
}

/// `llvm.addrspacecast pointer : to type`, the one builder of plain casts.
pub(crate) fn addrspacecast<'c>(
    pointer: Value<'c, '_>,
    r#type: Type<'c>,
    location: melior::ir::Location<'c>,
) -> Option<melior::ir::Operation<'c>> {
    melior::ir::operation::OperationBuilder::new("llvm.addrspacecast", location)
        .add_operands(&[pointer])
        .add_results(&[r#type])
        .build()
        .ok()
}
