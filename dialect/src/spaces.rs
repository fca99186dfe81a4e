//! Address spaces, their numbering on a target, and the generic-pointer tags.
//!
//! Patterns never spell address-space numbers: they ask an [`AddressSpaceMap`].

use std::fmt;

/// The OpenCL address spaces gas knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AddressSpace {
    /// Memory of one work-item (`__private`, allocas).
    Private,
    /// Memory every work-item of every work-group sees (`__global`).
    Global,
    /// Read-only global memory (`__constant`); a generic pointer never points here.
    Constant,
    /// Memory shared by one work-group (`__local`; NVPTX's shared).
    Local,
    /// A pointer into private, local or global memory, which one known only
    /// at run time (OpenCL 2.0's generic address space).
    Generic,
}

impl AddressSpace {
    /// The spaces a generic pointer can point to, in dispatch order.
    pub const RESOLVABLE: [AddressSpace; 3] = [Self::Private, Self::Local, Self::Global];

    /// Whether a generic pointer can point into this space (OpenCL 2.0: not constant).
    pub fn is_resolvable(self) -> bool {
        Self::RESOLVABLE.contains(&self)
    }

    /// The tag (bits 61..63) a pointer of this space carries once generic.
    /// Global pointers keep their canonical upper bits (`000` or `111`): `None`.
    pub fn tag(self) -> Option<u64> {
        match self {
            Self::Private => Some(PRIVATE_TAG),
            Self::Local => Some(LOCAL_TAG),
            _ => None,
        }
    }

    /// The OpenCL name (`global`, `local`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Self::Private => "private",
            Self::Global => "global",
            Self::Constant => "constant",
            Self::Local => "local",
            Self::Generic => "generic",
        }
    }
}

impl fmt::Display for AddressSpace {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

/// The first bit of the tag of a 64-bit generic pointer.
pub const TAG_SHIFT: u64 = 61;
/// `and` with this clears the tag bits 61..63.
pub const TAG_CLEAR_MASK: u64 = 0x1FFF_FFFF_FFFF_FFFF;
/// Shift that restores canonical form after a tag: `shl 4` then `ashr 4`
/// copies bit 59 into bits 60..63 (sign-extends from bit 59).
pub const CANONICAL_SHIFT: u64 = 4;
/// Tag of a private pointer: `001`.
pub const PRIVATE_TAG: u64 = 0b001;
/// Tag of a local pointer: `010`.
pub const LOCAL_TAG: u64 = 0b010;

/// How a target represents a generic pointer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenericPointers {
    /// Seed 000's software tags in bits 61..63 (SPIR, Intel IGC): a cast to
    /// generic sets the tag, an access through a generic pointer switches on it.
    Tagged,
    /// The hardware addresses every space through one flat space (NVPTX,
    /// AMDGPU): a generic pointer is a plain address, a cast between spaces
    /// is the target's `addrspacecast`, an access left generic stays a flat
    /// access, and `to_*` ask the hardware with these tests.
    Flat(FlatSpaceTests),
}

/// How a flat target tells which space a flat address is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlatSpaceTests {
    /// Whether a flat address is in global memory.
    pub global: SpaceTest,
    /// Whether a flat address is in local memory.
    pub local: SpaceTest,
    /// Whether a flat address is in private memory.
    pub private: SpaceTest,
    /// Tests of numbered spaces outside gas's five that flat addresses can
    /// also reach (NVPTX's constant and cluster shared windows): an address
    /// that passes one is in that space.
    pub others: &'static [(&'static str, u32)],
    /// Whether every flat address is private, local or global memory (the
    /// other windows, if any, lie inside those): only then does failing a
    /// test say the address is in one of the other two.
    pub covers_flat: bool,
}

/// One space test on a flat address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpaceTest {
    /// An intrinsic `i1 (ptr)` that answers it.
    Intrinsic(&'static str),
    /// Neither of two intrinsics holds (AMDGPU's global: not shared, not private).
    NeitherOf(&'static str, &'static str),
}

/// A target's description: its numbering of the address spaces, how it
/// represents generic pointers, where allocas live, and its pointer width.
/// Every pattern set reads spaces only through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AddressSpaceMap {
    /// The name `--target` takes.
    pub name: &'static str,
    /// The number of the private address space.
    pub private: u32,
    /// The number of the global address space.
    pub global: u32,
    /// The number of the constant address space.
    pub constant: u32,
    /// The number of the local address space.
    pub local: u32,
    /// The number of the generic (flat) address space.
    pub generic: u32,
    /// Width of a pointer (and of async-copy sizes) in bits.
    pub pointer_width: u32,
    /// How generic pointers are represented, which decides how they are lowered.
    pub generic_pointers: GenericPointers,
    /// The space of an `llvm.alloca`'s result: private where the target
    /// numbers allocas so, generic on NVPTX (allocas are private memory
    /// reached through flat pointers until the backend renames them).
    pub alloca_space: AddressSpace,
    /// Whether `lower` can distribute async copies here: its work-group
    /// hook calls SPIR's `get_local_id`/`get_local_size`/`barrier`. Where
    /// not, `raise` leaves the copies to the target's library.
    pub lowers_async_copies: bool,
    /// Where a volatile access may leave the generic space (LLVM's
    /// `hasVolatileVariant`): elsewhere it stays a flat access.
    pub volatile_variants: VolatileVariants,
    /// Where a generic pointer parameter of a kernel (not `byval` or
    /// `byref`) may point: what the host can hand a kernel (LLVM's
    /// `getAssumedAddrSpace` on NVPTX and AMDGPU says global memory).
    pub kernel_pointer_parameters: SpaceSet,
    /// Where a generic pointer the host wrote into a kernel's by-value
    /// parameter (a struct of pointers passed to a CUDA kernel) may point
    /// (LLVM's NVPTX backend assumes global memory).
    pub kernel_copy_pointers: SpaceSet,
    /// Where a generic pointer loaded from constant memory may point: only
    /// the host fills constant memory, and the host knows only global
    /// addresses (LLVM's AMDGPU `getAssumedAddrSpace`).
    pub loaded_from_constant: SpaceSet,
    /// The named spaces whose pointers become generic ones by keeping their
    /// bits (LLVM's `isNoopAddrSpaceCast`): `inttoptr(ptrtoint p)` of such a
    /// pointer is a cast to generic.
    pub bit_preserving_casts: SpaceSet,
    /// The spaces whose generic addresses stay in the space whatever bits a
    /// `ptrmask` clears (AMDGPU: global addresses lie below the apertures).
    /// A mask that keeps bits 32..63 keeps every space.
    pub masking_keeps: SpaceSet,
    /// Whether a flat access to global memory runs as fast as a global one,
    /// so that cloning code only to name global memory buys nothing (NVPTX:
    /// on an H100 the same PTX with its global accesses made flat runs the
    /// same). AMDGPU's flat accesses wait on both memory counters.
    pub flat_global_is_free: bool,
    /// Numbered spaces outside gas's five (inclusive ranges) whose flat
    /// addresses also stay in the space whatever bits a `ptrmask` clears
    /// (AMDGPU's constant memory and the spaces above its last one, which
    /// its backend treats as flat-global ones).
    pub masking_keeps_numbers: &'static [(u32, u32)],
    /// Whether the backend places a function's private memory in the global
    /// buffer when the function carries `gas-private-in-global` (Intel
    /// IGC's contract), so that a private pointer is also a valid global
    /// one. Only then may `private-branch-elision` drop private cases:
    /// another consumer of the same IR (PoCL, a SPIR-V translator) keeps
    /// allocas private and would read global memory at a private address.
    pub private_in_global: bool,
}

/// The named spaces in which a target has a volatile form of each kind of
/// access. A volatile access resolved to a space outside its set keeps the
/// generic (flat) form, as LLVM's InferAddressSpaces keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VolatileVariants {
    /// `load` and `store`.
    pub loads_and_stores: SpaceSet,
    /// `atomicrmw` and `cmpxchg`.
    pub atomics: SpaceSet,
    /// `memcpy`, `memmove`, `memset` (LLVM never narrows a volatile one).
    pub memory_intrinsics: SpaceSet,
    /// Numbered spaces outside gas's five (NVPTX's cluster shared memory)
    /// with a volatile `load` and `store`.
    pub other_loads_and_stores: &'static [u32],
}

impl VolatileVariants {
    /// Every volatile access has a form in every space.
    pub const EVERYWHERE: Self = Self {
        loads_and_stores: SpaceSet::ALL,
        atomics: SpaceSet::ALL,
        memory_intrinsics: SpaceSet::ALL,
        other_loads_and_stores: &[],
    };
    /// No volatile access may leave the flat space.
    pub const NOWHERE: Self = Self {
        loads_and_stores: SpaceSet::EMPTY,
        atomics: SpaceSet::EMPTY,
        memory_intrinsics: SpaceSet::EMPTY,
        other_loads_and_stores: &[],
    };

    /// Whether a volatile `access` (an LLVM op name) has a form in `space`.
    pub fn allow(&self, access: &str, space: AddressSpace) -> bool {
        let spaces = match access {
            "llvm.load" | "llvm.store" => self.loads_and_stores,
            "llvm.atomicrmw" | "llvm.cmpxchg" => self.atomics,
            _ => self.memory_intrinsics,
        };
        spaces.contains(space)
    }

    /// Whether a volatile `access` has a form in the numbered space `number`
    /// that is none of gas's five.
    pub fn allow_other(&self, access: &str, number: u32) -> bool {
        matches!(access, "llvm.load" | "llvm.store")
            && self.other_loads_and_stores.contains(&number)
    }
}

impl AddressSpaceMap {
    /// SPIR / Intel IGC: private 0, global 1, constant 2, local 3, generic 4;
    /// tagged generic pointers.
    pub const SPIR64: Self = Self {
        name: "spir",
        private: 0,
        global: 1,
        constant: 2,
        local: 3,
        generic: 4,
        pointer_width: 64,
        generic_pointers: GenericPointers::Tagged,
        alloca_space: AddressSpace::Private,
        lowers_async_copies: true,
        // gas's own switch is what resolves a generic access here: each of
        // its cases is the volatile access in a named space.
        volatile_variants: VolatileVariants::EVERYWHERE,
        // OpenCL C has no generic kernel parameters; SYCL's may point anywhere.
        kernel_pointer_parameters: SpaceSet::ALL,
        kernel_copy_pointers: SpaceSet::ALL,
        loaded_from_constant: SpaceSet::ALL,
        // A global pointer carries no tag (tag 000 or canonical 111).
        bit_preserving_casts: SpaceSet::single(AddressSpace::Global),
        // Global pointers may have the canonical tag 111: clearing bits
        // could make it private's or local's.
        masking_keeps: SpaceSet::EMPTY,
        flat_global_is_free: false,
        masking_keeps_numbers: &[],
        // Plain SPIR promises nothing beyond the specification.
        private_in_global: false,
    };

    /// SPIR as Intel IGC reads it: [`Self::SPIR64`] plus IGC's contract
    /// that a function marked `gas-private-in-global` gets its private
    /// memory in the global buffer.
    pub const SPIR64_IGC: Self = Self {
        name: "spir-igc",
        private_in_global: true,
        ..Self::SPIR64
    };

    /// NVPTX: generic 0, global 1, shared 3, constant 4, local 5; flat
    /// generic pointers tested by `llvm.nvvm.isspacep.*`; allocas generic.
    pub const NVPTX64: Self = Self {
        name: "nvptx",
        private: 5,
        global: 1,
        constant: 4,
        local: 3,
        generic: 0,
        pointer_width: 64,
        generic_pointers: GenericPointers::Flat(FlatSpaceTests {
            global: SpaceTest::Intrinsic("llvm.nvvm.isspacep.global"),
            local: SpaceTest::Intrinsic("llvm.nvvm.isspacep.shared"),
            private: SpaceTest::Intrinsic("llvm.nvvm.isspacep.local"),
            others: &[
                ("llvm.nvvm.isspacep.const", 4),
                ("llvm.nvvm.isspacep.shared.cluster", 7),
            ],
            // The constant, kernel-parameter and cluster shared windows.
            covers_flat: false,
        }),
        alloca_space: AddressSpace::Generic,
        lowers_async_copies: false,
        // PTX has `ld.volatile`/`st.volatile` for .global, .shared and
        // .shared::cluster (7) (LLVM's NVPTX `hasVolatileVariant`), no
        // volatile atomics; llc 22 drops `volatile` from a .local or .const
        // access (PTX before 9.1 has no form), so those stay flat.
        volatile_variants: VolatileVariants {
            loads_and_stores: SpaceSet::ALL.without(AddressSpace::Private),
            atomics: SpaceSet::EMPTY,
            memory_intrinsics: SpaceSet::EMPTY,
            other_loads_and_stores: &[7],
        },
        // LLVM assumes it for CUDA; an OpenCL kernel has no generic
        // parameters, and no host can name shared or local memory.
        kernel_pointer_parameters: SpaceSet::single(AddressSpace::Global),
        // NVPTXLowerArgs marks pointers loaded from byval kernel parameters global.
        kernel_copy_pointers: SpaceSet::single(AddressSpace::Global),
        // Only the host writes `__constant__` memory (`cudaMemcpyToSymbol`),
        // with the same device addresses it passes as kernel arguments; the
        // initializers' pointers are added where they are read.
        loaded_from_constant: SpaceSet::single(AddressSpace::Global),
        // NVPTX's `cvta` may change the bits: no cast is a no-op.
        bit_preserving_casts: SpaceSet::EMPTY,
        masking_keeps: SpaceSet::EMPTY,
        flat_global_is_free: true,
        masking_keeps_numbers: &[],
        private_in_global: false,
    };

    /// AMDGPU: flat 0, global 1, local 3, constant 4, private 5; flat generic
    /// pointers tested by `llvm.amdgcn.is.shared` / `llvm.amdgcn.is.private`.
    pub const AMDGPU: Self = Self {
        name: "amdgpu",
        private: 5,
        global: 1,
        constant: 4,
        local: 3,
        generic: 0,
        pointer_width: 64,
        generic_pointers: GenericPointers::Flat(FlatSpaceTests {
            global: SpaceTest::NeitherOf("llvm.amdgcn.is.shared", "llvm.amdgcn.is.private"),
            local: SpaceTest::Intrinsic("llvm.amdgcn.is.shared"),
            private: SpaceTest::Intrinsic("llvm.amdgcn.is.private"),
            others: &[],
            // Constant memory is global memory; no other space is flat.
            covers_flat: true,
        }),
        alloca_space: AddressSpace::Private,
        lowers_async_copies: false,
        // LLVM's AMDGPU backend answers no to `hasVolatileVariant`: a
        // volatile flat access stays flat.
        volatile_variants: VolatileVariants::NOWHERE,
        kernel_pointer_parameters: SpaceSet::single(AddressSpace::Global),
        // AMDGPU kernels take structs by reference in constant memory
        // (`loaded_from_constant` covers them); a byval copy is unusual.
        kernel_copy_pointers: SpaceSet::ALL,
        loaded_from_constant: SpaceSet::single(AddressSpace::Global),
        // Flat and global addresses are the same 64 bits.
        bit_preserving_casts: SpaceSet::single(AddressSpace::Global),
        // The shared and private apertures sit above every global address:
        // clearing bits of a global address never reaches them.
        masking_keeps: SpaceSet::single(AddressSpace::Global),
        // Constant (4) and every number above AMDGPU's last (9): LLVM's
        // `isFlatGlobalAddrSpace`.
        flat_global_is_free: false,
        masking_keeps_numbers: &[(4, 4), (10, u32::MAX)],
        private_in_global: false,
    };

    /// Whether a `ptrmask` of a flat address in the numbered space `number`
    /// (outside gas's five) leaves it in that space.
    pub fn masking_keeps_number(&self, number: u32) -> bool {
        self.masking_keeps_numbers
            .iter()
            .any(|(first, last)| (*first..=*last).contains(&number))
    }

    /// This target without what it assumes about pointers the host hands
    /// the device (kernel pointer parameters, pointers in a kernel's
    /// by-value parameters, pointers the host wrote into constant memory):
    /// for code that passes a kernel other addresses than the target's
    /// runtime would (`--no-host-pointer-assumptions`).
    pub const fn without_host_pointer_assumptions(self) -> Self {
        Self {
            kernel_pointer_parameters: SpaceSet::ALL,
            kernel_copy_pointers: SpaceSet::ALL,
            loaded_from_constant: SpaceSet::ALL,
            ..self
        }
    }

    /// Every target gas describes.
    pub const TARGETS: [Self; 4] = [Self::SPIR64, Self::SPIR64_IGC, Self::NVPTX64, Self::AMDGPU];

    /// The target `--target` calls `name`.
    pub fn named(name: &str) -> Option<Self> {
        Self::TARGETS.into_iter().find(|target| target.name == name)
    }

    /// The target of an LLVM target triple (`spir64`, `nvptx64-nvidia-cuda`,
    /// `amdgcn-amd-amdhsa`, ...), if gas describes it.
    pub fn of_triple(triple: &str) -> Option<Self> {
        let architecture = triple.split('-').next().unwrap_or_default();
        match architecture {
            "spir64" | "spirv64" => Some(Self::SPIR64),
            "nvptx64" => Some(Self::NVPTX64),
            "amdgcn" => Some(Self::AMDGPU),
            _ => None,
        }
    }

    /// Whether generic pointers carry seed 000's software tags.
    pub fn is_tagged(&self) -> bool {
        self.generic_pointers == GenericPointers::Tagged
    }

    /// The number of `space` on this target.
    pub fn number(&self, space: AddressSpace) -> u32 {
        match space {
            AddressSpace::Private => self.private,
            AddressSpace::Global => self.global,
            AddressSpace::Constant => self.constant,
            AddressSpace::Local => self.local,
            AddressSpace::Generic => self.generic,
        }
    }

    /// The space numbered `number` on this target, if any.
    pub fn space(&self, number: u32) -> Option<AddressSpace> {
        [
            AddressSpace::Private,
            AddressSpace::Global,
            AddressSpace::Constant,
            AddressSpace::Local,
            AddressSpace::Generic,
        ]
        .into_iter()
        .find(|space| self.number(*space) == number)
    }
}

impl Default for AddressSpaceMap {
    fn default() -> Self {
        Self::SPIR64
    }
}

/// A set of the spaces a generic pointer may point to (a subset of
/// [`AddressSpace::RESOLVABLE`]). The empty set means "no pointer reaches here".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SpaceSet(u8);

impl SpaceSet {
    /// No space.
    pub const EMPTY: Self = Self(0);
    /// Private, local and global: nothing is known.
    pub const ALL: Self = Self(0b111);

    const fn bit(space: AddressSpace) -> u8 {
        match space {
            AddressSpace::Private => 0b001,
            AddressSpace::Local => 0b010,
            AddressSpace::Global => 0b100,
            AddressSpace::Constant | AddressSpace::Generic => 0,
        }
    }

    /// The set holding only `space` (empty for spaces a generic pointer cannot reach).
    pub const fn single(space: AddressSpace) -> Self {
        Self(Self::bit(space))
    }

    /// Whether `space` is in the set.
    pub fn contains(self, space: AddressSpace) -> bool {
        Self::bit(space) != 0 && self.0 & Self::bit(space) != 0
    }

    /// The set with `space` added; spaces a generic pointer cannot reach are ignored.
    pub fn with(self, space: AddressSpace) -> Self {
        Self(self.0 | Self::bit(space))
    }

    /// The set without `space`.
    pub const fn without(self, space: AddressSpace) -> Self {
        Self(self.0 & !Self::bit(space))
    }

    /// Union of two sets.
    pub fn union(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }

    /// The spaces in both sets.
    pub fn intersection(self, other: Self) -> Self {
        Self(self.0 & other.0)
    }

    /// The resolvable spaces not in the set.
    pub fn complement(self) -> Self {
        Self(!self.0 & Self::ALL.0)
    }

    /// Number of spaces in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The spaces in dispatch order (private, local, global).
    pub fn iter(self) -> impl Iterator<Item = AddressSpace> {
        AddressSpace::RESOLVABLE
            .into_iter()
            .filter(move |space| self.contains(*space))
    }
}

impl SpaceSet {
    /// The spaces as alternatives in prose: `local or global`, `private,
    /// local or global`; `no space (only null)` when empty.
    pub fn alternatives(self) -> String {
        let spaces: Vec<AddressSpace> = self.iter().collect();
        if spaces.is_empty() {
            return "no space (only null)".to_string();
        }
        AddressSpace::alternatives(&spaces)
    }
}

impl AddressSpace {
    /// `spaces` as alternatives in prose, in the order given: `global`,
    /// `global or constant`, `private, local or global`.
    pub fn alternatives(spaces: &[AddressSpace]) -> String {
        let names: Vec<&str> = spaces.iter().map(|space| space.name()).collect();
        match names.as_slice() {
            [init @ .., last] if !init.is_empty() => format!("{} or {last}", init.join(", ")),
            _ => names.concat(),
        }
    }
}

impl FromIterator<AddressSpace> for SpaceSet {
    fn from_iter<I: IntoIterator<Item = AddressSpace>>(spaces: I) -> Self {
        spaces.into_iter().fold(Self::EMPTY, Self::with)
    }
}

impl fmt::Display for SpaceSet {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = self.iter().map(AddressSpace::name).collect();
        write!(formatter, "{{{}}}", names.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spir_numbering_round_trips() {
        let map = AddressSpaceMap::SPIR64;
        for number in 0..5 {
            let space = map.space(number).expect("SPIR numbers 0..4");
            assert_eq!(map.number(space), number);
        }
        assert_eq!(map.space(5), None);
        assert_eq!(map.space(4), Some(AddressSpace::Generic));
    }

    #[test]
    fn tags_fit_in_the_top_three_bits() {
        for space in AddressSpace::RESOLVABLE {
            if let Some(tag) = space.tag() {
                assert_eq!((tag << TAG_SHIFT) & TAG_CLEAR_MASK, 0);
                assert_eq!((tag << TAG_SHIFT) >> TAG_SHIFT, tag);
            }
        }
        assert_eq!(AddressSpace::Global.tag(), None);
        assert_eq!(!TAG_CLEAR_MASK, 0b111 << TAG_SHIFT);
    }

    #[test]
    fn space_sets_hold_only_resolvable_spaces_in_dispatch_order() {
        let set: SpaceSet = [
            AddressSpace::Global,
            AddressSpace::Private,
            AddressSpace::Constant,
        ]
        .into_iter()
        .collect();
        assert_eq!(set.len(), 2);
        assert!(!set.contains(AddressSpace::Constant));
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            [AddressSpace::Private, AddressSpace::Global]
        );
        assert_eq!(
            set.without(AddressSpace::Private),
            SpaceSet::single(AddressSpace::Global)
        );
        assert_eq!(SpaceSet::ALL.iter().count(), 3);
        assert_eq!(set.to_string(), "{private, global}");
    }
}
