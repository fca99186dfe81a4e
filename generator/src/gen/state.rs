//! The generator's state, shared by every construct: the program-wide
//! choices (NDRange, profile, extra element type), the declarations made so
//! far (struct types, helpers and their signatures) and the function being
//! generated with its scopes of variables and regions.

use super::memory::{Elem, PInfo, Region};
use super::Shape;
use crate::ast::*;
use crate::rng::Rng;

/// What a name in scope stands for.
#[derive(Clone, Debug)]
pub(super) enum Kind {
    /// A `uint` variable.
    U32,
    /// A loop counter (read only).
    Loop,
    /// A pointer variable; `true` when statements may assign it.
    Ptr(PInfo, bool),
    /// `uint *t[n]` (a helper's `uint **t` parameter too).
    Tab(PInfo, u32),
    /// The work-item's slots `j .. j + n` of the pointer array `lpt`
    /// (kernel-scope local, `local`) or `gpt` (program-scope global), the
    /// variable's name: `lpt[(lid * SLOTS) + j + k]`. Declared by the store
    /// that fills them, like a table.
    Slots {
        info: PInfo,
        n: u32,
        local: bool,
        j: u32,
    },
    /// A struct of type `ty` (through a pointer parameter when `arrow`).
    Struct { ty: usize, arrow: bool, origin: u32 },
}

/// A name in scope.
#[derive(Clone, Debug)]
pub(super) struct Var {
    pub(super) name: String,
    pub(super) kind: Kind,
    /// Block depth of the declaration (-1: a parameter).
    pub(super) life: i32,
}

/// What one block declares: its variables and the regions it owns.
#[derive(Default)]
pub(super) struct Scope {
    pub(super) vars: Vec<Var>,
    pub(super) regions: Vec<Region>,
}

/// A private struct type `typedef struct { uint *p; uint k; uint v[4]; } S<n>;`
/// whose pointer field always satisfies `pinfo`.
pub(super) struct StructTy {
    pub(super) name: String,
    pub(super) pinfo: PInfo,
}

/// A helper parameter, as a caller must fill it.
#[derive(Clone, Debug)]
pub(super) enum Param {
    U32,
    /// Recursion depth: the argument is `(e) % (max + 1)`.
    Depth(u32),
    Ptr(PInfo),
    Tab(PInfo, u32),
    Struct(usize),
}

/// What a helper returns.
#[derive(Clone, Debug)]
pub(super) enum Ret {
    U32,
    /// A pointer derived from the parameters in `origin` (a bit mask).
    Ptr {
        info: PInfo,
        origin: u32,
    },
}

/// A helper made so far (callable by the helpers after it and the kernel).
#[derive(Clone, Debug)]
pub(super) struct Helper {
    pub(super) name: String,
    pub(super) params: Vec<Param>,
    pub(super) ret: Ret,
}

/// The function being generated.
#[derive(Default)]
pub(super) struct FnCtx {
    pub(super) scopes: Vec<Scope>,
    pub(super) kernel: bool,
    pub(super) budget: i32,
    pub(super) next: u32,
    pub(super) acc: String,
}

/// The generator of one program (see the `gen` module documentation).
pub(super) struct Gen {
    pub(super) rng: Rng,
    pub(super) shape: Shape,
    pub(super) helpers: Vec<Helper>,
    /// The partner of the helper just made, when its recursion is mutual:
    /// its prototype (a program-scope line) and its definition.
    pub(super) partner: Option<(String, Function)>,
    pub(super) structs: Vec<StructTy>,
    pub(super) f: FnCtx,
    pub(super) counters: u32,
    pub(super) async_outs: u32,
    pub(super) async_any: bool,
    pub(super) shared: bool,
    pub(super) progscope: bool,
    pub(super) spec_seed: u32,
    /// Local pointers become generic (else local memory is only accessed
    /// through named pointers, so `static-global` can apply).
    pub(super) lg: bool,
    /// Private pointers become generic.
    pub(super) pg: bool,
    /// Explicit casts (`to_global`/`to_local`/`to_private`) are used (else
    /// `private-branch-elision` can apply without `explicit-cast-tags`).
    pub(super) xc: bool,
    /// The program calls `async_work_group_copy_2D2D` (declared at the top).
    pub(super) uses_2d: bool,
    /// Whether the program has the program-scope `constant uint ctab[CTAB]`.
    pub(super) ctab: bool,
    /// The program's extra element type (`ushort`, `uchar` or `ulong`): its
    /// regions `px` (private), `lx` (kernel-scope local) and `gx` (a global
    /// buffer argument), or none.
    pub(super) xt: Option<Elem>,
    /// Slots of `lpt` / `gpt` used so far by the kernel (per work-item).
    pub(super) slots: [u32; 2],
}

impl Gen {
    pub(super) fn new(mut rng: Rng) -> Self {
        let local = *rng.pick(&[4, 8, 16]);
        let global = *rng.pick(&[16, 32, 64]).max(&(local * 2));
        let spec_seed = rng.range(1, 999);
        let lg = rng.chance(7, 10);
        let pg = rng.chance(4, 5);
        let xc = rng.chance(7, 10);
        let xt = *rng.pick(&[None, Some(Elem::U16), Some(Elem::U8), Some(Elem::U64)]);
        // A third of the programs run on a 2D NDRange: two work-items per
        // group in dimension 1, and one or two groups there.
        let dim0 = if rng.chance(1, 3) {
            let groups: u32 = global / local;
            let groups_dim1 = if groups.is_multiple_of(2) && rng.chance(1, 2) {
                2
            } else {
                1
            };
            Some((global / (2 * groups_dim1), local / 2))
        } else {
            None
        };
        Gen {
            lg,
            pg,
            xc,
            xt,
            slots: [0, 0],
            uses_2d: false,
            ctab: false,
            rng,
            shape: Shape {
                global,
                local,
                dim0,
            },
            helpers: Vec::new(),
            partner: None,
            structs: Vec::new(),
            f: FnCtx::default(),
            counters: 0,
            async_outs: 0,
            async_any: false,
            shared: false,
            progscope: false,
            spec_seed,
        }
    }

    /// A name not yet used in the current function: `prefix` and a number.
    pub(super) fn fresh(&mut self, prefix: &str) -> String {
        self.f.next += 1;
        format!("{prefix}{}", self.f.next)
    }

    /// Block depth of the current scope (0: the function body).
    pub(super) fn depth(&self) -> i32 {
        self.f.scopes.len() as i32 - 1
    }

    pub(super) fn push_var(&mut self, name: &str, kind: Kind) {
        let life = self.depth();
        self.f.scopes.last_mut().unwrap().vars.push(Var {
            name: name.to_string(),
            kind,
            life,
        });
    }

    pub(super) fn push_region(&mut self, r: Region) {
        self.f.scopes.last_mut().unwrap().regions.push(r);
    }

    pub(super) fn vars(&self) -> impl Iterator<Item = &Var> {
        self.f.scopes.iter().flat_map(|s| s.vars.iter())
    }

    pub(super) fn regions(&self) -> impl Iterator<Item = &Region> {
        self.f.scopes.iter().flat_map(|s| s.regions.iter())
    }

    pub(super) fn top_level_kernel(&self) -> bool {
        self.f.kernel && self.f.scopes.len() == 1
    }

    /// Starts a function (helper or kernel) with `budget` statements and
    /// `acc` as its checksum variable.
    pub(super) fn start_fn(&mut self, kernel: bool, budget: i32, acc: &str) {
        self.f = FnCtx {
            scopes: vec![Scope::default()],
            kernel,
            budget,
            next: 0,
            acc: acc.into(),
        };
    }
}
