//! The generator's model of memory: element types, sets of address spaces,
//! what a pointer value may point to (`PInfo`, `PVal`) and the regions a
//! work-item owns (`Region`). See the `gen` module documentation for why
//! this keeps the programs free of undefined behaviour.

use super::{FW, W};
use crate::ast::*;

/// Address-space bits of `PInfo::spaces`: global, local, private, and all
/// three.
pub(super) const SG: u8 = 1;
pub(super) const SL: u8 = 2;
pub(super) const SP: u8 = 4;
pub(super) const SALL: u8 = 7;

/// Element type of a pointer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// `uint`
    U32,
    /// `float`
    F32,
    /// `ushort` (a program's extra element type, see `Gen::xt`)
    U16,
    /// `uchar`
    U8,
    /// `ulong`
    U64,
}

impl Elem {
    pub(super) fn c(self) -> &'static str {
        match self {
            Elem::U32 => "uint",
            Elem::F32 => "float",
            Elem::U16 => "ushort",
            Elem::U8 => "uchar",
            Elem::U64 => "ulong",
        }
    }
    pub(super) fn ptr(self) -> String {
        format!("{} *", self.c())
    }
    /// The harness's name of the type (`.spec` buffers).
    pub(super) fn spec(self) -> &'static str {
        match self {
            Elem::U32 => "u32",
            Elem::F32 => "f32",
            Elem::U16 => "u16",
            Elem::U8 => "u8",
            Elem::U64 => "u64",
        }
    }
    /// A `uint` made of the element value `e`, without undefined behaviour
    /// (narrow values are converted before any arithmetic: `ushort * ushort`
    /// is an `int` product that may overflow).
    pub(super) fn fold(self, e: Expr) -> Expr {
        match self {
            Elem::U32 => e,
            Elem::F32 => call("as_uint", vec![e]),
            Elem::U16 | Elem::U8 => cast("uint", e),
            Elem::U64 => cast("uint", bin(e.clone(), "^", bin(e, ">>", lit(32)))),
        }
    }
    /// Words of the work-item's regions of this type.
    pub(super) fn words(self) -> u32 {
        if self == Elem::F32 {
            FW
        } else {
            W
        }
    }
}

/// What a pointer value may point to (see the module documentation). Used
/// both for values and for slots (variables, parameters): a value fits a
/// slot when it is at least as constrained.
#[derive(Clone, Copy, Debug)]
pub(super) struct PInfo {
    pub(super) elem: Elem,
    pub(super) spaces: u8,
    pub(super) acc: u32,
    pub(super) life: i32,
    pub(super) origin: u32,
}

impl PInfo {
    pub(super) fn join(self, o: PInfo) -> PInfo {
        debug_assert_eq!(self.elem, o.elem);
        PInfo {
            elem: self.elem,
            spaces: self.spaces | o.spaces,
            acc: self.acc.min(o.acc),
            life: self.life.max(o.life),
            origin: self.origin | o.origin,
        }
    }
    pub(super) fn fits(self, slot: PInfo) -> bool {
        self.elem == slot.elem
            && self.spaces & !slot.spaces == 0
            && self.acc >= slot.acc
            && self.life <= slot.life
            && self.origin & !slot.origin == 0
    }
    /// A requirement that accepts any pointer of `elem` with `acc` elements.
    pub(super) fn any(elem: Elem, acc: u32) -> PInfo {
        PInfo {
            elem,
            spaces: SALL,
            acc,
            life: i32::MAX,
            origin: u32::MAX,
        }
    }
}

/// A pointer expression with what it may point to. `named` when its C type
/// is a named-space pointer (`&pa[1]`, `lw + 8u`), which must be cast to
/// generic before it meets a pointer of another space.
#[derive(Clone, Debug)]
pub(super) struct PVal {
    pub(super) e: Expr,
    pub(super) info: PInfo,
    pub(super) named: bool,
}

impl PVal {
    pub(super) fn generic(&self) -> Expr {
        if self.named {
            cast(self.info.elem.ptr(), self.e.clone())
        } else {
            self.e.clone()
        }
    }
}

/// The array a region lies in.
#[derive(Clone, Debug)]
pub(super) enum RegionArr {
    /// An array expression: `pa`, `s3.v`, `s->v`, `m[1u]`.
    Fixed(Expr),
    /// The rows of a 2D array chosen at run time: `m[(e) % rows]`.
    Rows(String, u32),
}

/// Memory a work-item owns: `arr[start + 0 .. start + len)`.
#[derive(Clone, Debug)]
pub(super) struct Region {
    pub(super) arr: RegionArr,
    pub(super) start: Option<Expr>,
    pub(super) info: PInfo,
    pub(super) named: bool,
}
