//! The LLVM memory accesses a `gas.dispatch` can stand for, and where their
//! addresses are among their operands.
//!
//! Encoding of `gas.dispatch` (see also `gas.irdl.mlir`):
//! - `access`: the LLVM op's name, e.g. `"llvm.load"`;
//! - `access_attrs`: the op's whole attribute dictionary (inherent attributes
//!   included), so the access is rebuilt identical with `OperationBuilder`;
//! - operands: the access's operands in its own order;
//! - results: the access's result, if it has one;
//! - `spaces`: one `array<i32>` per *generic* address operand (a generic
//!   pointer, or a vector of them for a gather or scatter), in operand
//!   order, listing the spaces (target numbers, in private, local, global
//!   order) that address may point to. A memcpy between two generic pointers
//!   has two entries; one between a generic and a global pointer has one.

/// One kind of LLVM memory access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AccessKind {
    /// The LLVM dialect op name.
    pub name: &'static str,
    /// The number of operands the op takes.
    pub operand_count: usize,
    /// Which operands are addresses.
    pub address_operands: &'static [usize],
    /// Whether the op has one result.
    pub has_result: bool,
}

/// Every access kind `gas.dispatch` accepts.
pub const ACCESS_KINDS: &[AccessKind] = &[
    AccessKind {
        name: "llvm.load",
        operand_count: 1,
        address_operands: &[0],
        has_result: true,
    },
    AccessKind {
        name: "llvm.store",
        operand_count: 2,
        address_operands: &[1],
        has_result: false,
    },
    AccessKind {
        name: "llvm.atomicrmw",
        operand_count: 2,
        address_operands: &[0],
        has_result: true,
    },
    AccessKind {
        name: "llvm.cmpxchg",
        operand_count: 3,
        address_operands: &[0],
        has_result: true,
    },
    AccessKind {
        name: "llvm.intr.memcpy",
        operand_count: 3,
        address_operands: &[0, 1],
        has_result: false,
    },
    AccessKind {
        name: "llvm.intr.memmove",
        operand_count: 3,
        address_operands: &[0, 1],
        has_result: false,
    },
    AccessKind {
        name: "llvm.intr.memset",
        operand_count: 3,
        address_operands: &[0],
        has_result: false,
    },
    AccessKind {
        name: "llvm.intr.memcpy.inline",
        operand_count: 2,
        address_operands: &[0, 1],
        has_result: false,
    },
    AccessKind {
        name: "llvm.intr.memset.inline",
        operand_count: 2,
        address_operands: &[0],
        has_result: false,
    },
    // Masked vector accesses: the address, the mask, the pass-through
    // (always there in LLVM IR).
    AccessKind {
        name: "llvm.intr.masked.load",
        operand_count: 3,
        address_operands: &[0],
        has_result: true,
    },
    AccessKind {
        name: "llvm.intr.masked.store",
        operand_count: 3,
        address_operands: &[1],
        has_result: false,
    },
    // Masked accesses through a vector of pointers, one address per lane:
    // the pointers, the mask, the pass-through / the value, the pointers,
    // the mask.
    AccessKind {
        name: "llvm.intr.masked.gather",
        operand_count: 3,
        address_operands: &[0],
        has_result: true,
    },
    AccessKind {
        name: "llvm.intr.masked.scatter",
        operand_count: 3,
        address_operands: &[1],
        has_result: false,
    },
    // A hint, but one the target issues per space.
    AccessKind {
        name: "llvm.intr.prefetch",
        operand_count: 1,
        address_operands: &[0],
        has_result: false,
    },
];

/// The most operands any access kind has: the number of operand slots of `gas.dispatch`.
pub const MAX_ACCESS_OPERANDS: usize = 4;

/// The access kind named `name`, if gas knows it.
pub fn access_kind(name: &str) -> Option<&'static AccessKind> {
    ACCESS_KINDS.iter().find(|kind| kind.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_fits_the_dispatch_operand_slots() {
        for kind in ACCESS_KINDS {
            assert!(kind.operand_count <= MAX_ACCESS_OPERANDS, "{}", kind.name);
            assert!(!kind.address_operands.is_empty(), "{}", kind.name);
            assert!(
                kind.address_operands
                    .iter()
                    .all(|index| *index < kind.operand_count),
                "{}",
                kind.name
            );
        }
    }
}
