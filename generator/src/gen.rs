//! The program generator: a statement builder with budgets that keeps, for
//! every pointer expression it can write, what it may point to.
//!
//! # Memory model (why the programs are free of undefined behaviour)
//!
//! Every work-item owns *regions*: `uint pa[8]`, the rows of `uint m[2][4]`,
//! `float fa[4]`, the `v` arrays of private structs and helper arrays
//! (private); its 8 words of the `__local` argument `lw` and of the
//! kernel-scope `local uint lk[]`, its 4 floats of `local float lf[]`
//! (local); its 8 words of the `__global` buffer `gw` and of the
//! program-scope `global uint pv[]`, its 4 floats of `gf` (global); and, in
//! a program with an extra element type `T` (`ushort`, `uchar` or `ulong`,
//! `Gen::xt`), its 8 elements of `T px[8]` (private), of the kernel-scope
//! `local T lx[]` and of the `__global T *gx` buffer argument. All are
//! initialized before the generated statements run. A pointer value is only
//! ever made from a region at a constant offset, so the generator knows for
//! each one (`PInfo`) its element type, the set of address spaces it may be
//! in, how many elements are accessible from it (`acc`, the minimum over the
//! regions it may point into), the block depth of the innermost region it
//! may point into (`life`: a pointer never outlives its region) and, inside
//! helpers, which parameters it derives from (`origin`, for returned
//! pointers). Accesses use constant indices below `acc` or `(e) % acc`.
//!
//! Values are `uint` (wrapping arithmetic, shifts by constants below 32,
//! division and remainder by `(e | 1u)`); floats only come from small
//! integers scaled by powers of two and reach the checksum through
//! `as_uint`. Elements of the extra type are converted to `uint` before any
//! arithmetic (`(uint)p[k]`; a `ushort * ushort` is an `int` product that
//! may overflow), stored as `(T)(e)` with `=`, `+=`, `^=`, `|=` (narrow
//! types: the promoted `int` sum of two narrow values cannot overflow) or
//! `*=` (`ulong` only). Calls (which may write memory) are whole statements,
//! never operands of an expression that also reads memory.
//!
//! Pointers stored in memory are tracked like pointer tables (`Kind::Tab`):
//! a pseudo-variable `Kind::Slots` stands for `n` consecutive slots of the
//! work-item's own part of `uint *local lpt[]` (kernel scope, indexed by
//! `lid`) or `uint *global gpt[]` (program scope, indexed by `gid`), with
//! the join of what the stored pointers may point to (private pointers of
//! the work-item included: only it reads its slots). It is declared by the
//! statements that fill the slots, so it is in scope only after them and in
//! their block; later stores must fit it. Each slot is declared once per
//! kernel (`Gen::slots`), so a slot left holding a pointer into a region
//! that died with its block is never read again. A slot declared at the
//! kernel's top level holding only global or local pointers may be read by
//! the neighbour between two barriers (its pointees are its owner's regions,
//! nobody writes them in between).
//!
//! Pointer differences, relational comparisons and `uintptr_t` differences
//! only combine two pointer variables into one region (the second is the
//! first plus a constant, run-time or selected offset below its extent, or
//! the end pointer of an advancing loop); only the difference or the
//! comparison result reaches the checksum, never an address. A pointer
//! through `uintptr_t` and back is the same pointer (same `PInfo`), or, when
//! the integer moved on by `k * sizeof(T)` on the way, that pointer plus `k`
//! (`k` below its extent); it is always converted from a generic pointer,
//! never from a named one.
//!
//! Shared memory is only touched by constructs at the kernel's top level
//! (uniform control flow) between barriers: reading the neighbour's local
//! region, work-group counters updated by atomics and read after a barrier,
//! `async_work_group_copy` in and out of a kernel-scope local array. Atomics
//! otherwise go to the work-item's own global/local words.

use crate::ast::*;
use crate::rng::Rng;

/// A top-level `lpt` slot holding only global or local `uint` pointers
/// (its neighbour may read it between barriers): (info, n, j).
fn nb_slot(v: &Var) -> Option<(PInfo, u32, u32)> {
    match v.kind {
        Kind::Slots {
            info,
            n,
            local: true,
            j,
        } if v.life == 0 && info.spaces & SP == 0 && info.elem == Elem::U32 => Some((info, n, j)),
        _ => None,
    }
}

/// The work-item's slot `j` of `lpt` (indexed by `lid`) or `gpt` (by `gid`).
fn slot_index(local: bool, j: u32) -> Expr {
    let id = if local { "lid" } else { "gid" };
    let b = bin(raw(id), "*", lit(SLOTS));
    if j == 0 {
        b
    } else {
        bin(b, "+", lit(j))
    }
}

/// Longest program kept (lines): longer ones are drawn again.
pub const MAX_LINES: usize = 150;
/// Words of each work-item's `uint` regions (`pa`, `lw`, `lk`, `gw`, `pv`).
pub const W: u32 = 8;
/// Floats of each work-item's `float` regions (`fa`, `lf`, `gf`).
pub const FW: u32 = 4;
/// Counter words per work-group in `cnt` (shared-atomic constructs per kernel).
const COUNTERS: u32 = 4;
/// Async-copy-out constructs per kernel (each has its slice of `out`).
const ASYNC_OUTS: u32 = 2;
/// Words of the async-copy array `lc` per work-item.
const LCW: u32 = 4;
/// Elements of the program-scope `constant uint ctab[]`.
const CTAB: u32 = 16;
/// Pointer slots per work-item in each of `lpt` (local) and `gpt` (global).
const SLOTS: u32 = 4;

const SG: u8 = 1;
const SL: u8 = 2;
const SP: u8 = 4;
const SALL: u8 = 7;

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
    fn c(self) -> &'static str {
        match self {
            Elem::U32 => "uint",
            Elem::F32 => "float",
            Elem::U16 => "ushort",
            Elem::U8 => "uchar",
            Elem::U64 => "ulong",
        }
    }
    fn ptr(self) -> String {
        format!("{} *", self.c())
    }
    /// The harness's name of the type (`.spec` buffers).
    fn spec(self) -> &'static str {
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
    fn fold(self, e: Expr) -> Expr {
        match self {
            Elem::U32 => e,
            Elem::F32 => call("as_uint", vec![e]),
            Elem::U16 | Elem::U8 => cast("uint", e),
            Elem::U64 => cast("uint", bin(e.clone(), "^", bin(e, ">>", lit(32)))),
        }
    }
    /// Words of the work-item's regions of this type.
    fn words(self) -> u32 {
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
struct PInfo {
    elem: Elem,
    spaces: u8,
    acc: u32,
    life: i32,
    origin: u32,
}

impl PInfo {
    fn join(self, o: PInfo) -> PInfo {
        debug_assert_eq!(self.elem, o.elem);
        PInfo {
            elem: self.elem,
            spaces: self.spaces | o.spaces,
            acc: self.acc.min(o.acc),
            life: self.life.max(o.life),
            origin: self.origin | o.origin,
        }
    }
    fn fits(self, slot: PInfo) -> bool {
        self.elem == slot.elem
            && self.spaces & !slot.spaces == 0
            && self.acc >= slot.acc
            && self.life <= slot.life
            && self.origin & !slot.origin == 0
    }
    /// A requirement that accepts any pointer of `elem` with `acc` elements.
    fn any(elem: Elem, acc: u32) -> PInfo {
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
struct PVal {
    e: Expr,
    info: PInfo,
    named: bool,
}

impl PVal {
    fn generic(&self) -> Expr {
        if self.named {
            cast(self.info.elem.ptr(), self.e.clone())
        } else {
            self.e.clone()
        }
    }
}

#[derive(Clone, Debug)]
enum RegionArr {
    /// An array expression: `pa`, `s3.v`, `s->v`, `m[1u]`.
    Fixed(Expr),
    /// The rows of a 2D array chosen at run time: `m[(e) % rows]`.
    Rows(String, u32),
}

/// Memory a work-item owns: `arr[start + 0 .. start + len)`.
#[derive(Clone, Debug)]
struct Region {
    arr: RegionArr,
    start: Option<Expr>,
    info: PInfo,
    named: bool,
}

#[derive(Clone, Debug)]
enum Kind {
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

#[derive(Clone, Debug)]
struct Var {
    name: String,
    kind: Kind,
    /// Block depth of the declaration (-1: a parameter).
    life: i32,
}

#[derive(Default)]
struct Scope {
    vars: Vec<Var>,
    regions: Vec<Region>,
}

/// A private struct type `typedef struct { uint *p; uint k; uint v[4]; } S<n>;`
/// whose pointer field always satisfies `pinfo`.
struct StructTy {
    name: String,
    pinfo: PInfo,
}

#[derive(Clone, Debug)]
enum Param {
    U32,
    /// Recursion depth: the argument is `(e) % (max + 1)`.
    Depth(u32),
    Ptr(PInfo),
    Tab(PInfo, u32),
    Struct(usize),
}

#[derive(Clone, Debug)]
enum Ret {
    U32,
    /// A pointer derived from the parameters in `origin` (a bit mask).
    Ptr {
        info: PInfo,
        origin: u32,
    },
}

#[derive(Clone, Debug)]
struct Helper {
    name: String,
    params: Vec<Param>,
    ret: Ret,
}

/// The function being generated.
#[derive(Default)]
struct FnCtx {
    scopes: Vec<Scope>,
    kernel: bool,
    budget: i32,
    next: u32,
    acc: String,
}

/// Sizes of one program's NDRange: 1- or 2-dimensional. The kernel works
/// on the linearized ids (`gid`, `lid`, `grp`), so `global` and `local`
/// are the total sizes whatever the dimensions.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// Global work size (all dimensions).
    pub global: u32,
    /// Local work size (all dimensions).
    pub local: u32,
    /// For a 2D NDRange, the global and local sizes in dimension 0 (those
    /// in dimension 1 follow from the totals).
    pub dim0: Option<(u32, u32)>,
}

impl Shape {
    /// Elements of the `in` buffer.
    fn nin(&self) -> u32 {
        (self.global * LCW).max(64)
    }
}

/// One generated program: the kernel's name (also the file name), the
/// OpenCL source and the harness's `.spec`.
pub struct Generated {
    /// `rand_<seed>_<index>`.
    pub name: String,
    /// The OpenCL C 2.0 source.
    pub source: String,
    /// The `.spec` file (NDRange, arguments).
    pub spec: String,
}

/// Generates program `index` of `seed` (deterministic: the same arguments
/// give the same bytes).
pub fn generate(seed: u64, index: u64) -> Generated {
    let name = format!("rand_{seed}_{index}");
    // A program longer than MAX_LINES is drawn again from another stream
    // (deterministically: attempt k uses stream k of the program).
    let mut attempt = 0u64;
    loop {
        let mut g = Gen::new(Rng::for_program(seed, index ^ (attempt << 40)));
        let source = g.program(&name, seed, index).to_string();
        if source.lines().count() <= MAX_LINES || attempt == 15 {
            return Generated {
                spec: g.spec(),
                source,
                name,
            };
        }
        attempt += 1;
    }
}

struct Gen {
    rng: Rng,
    shape: Shape,
    helpers: Vec<Helper>,
    /// The partner of the helper just made, when its recursion is mutual:
    /// its prototype (a program-scope line) and its definition.
    partner: Option<(String, Function)>,
    structs: Vec<StructTy>,
    f: FnCtx,
    counters: u32,
    async_outs: u32,
    async_any: bool,
    shared: bool,
    progscope: bool,
    spec_seed: u32,
    /// Local pointers become generic (else local memory is only accessed
    /// through named pointers, so `static-global` can apply).
    lg: bool,
    /// Private pointers become generic.
    pg: bool,
    /// Explicit casts (`to_global`/`to_local`/`to_private`) are used (else
    /// `private-branch-elision` can apply without `explicit-cast-tags`).
    xc: bool,
    /// The program calls `async_work_group_copy_2D2D` (declared at the top).
    uses_2d: bool,
    /// Whether the program has the program-scope `constant uint ctab[CTAB]`.
    ctab: bool,
    /// The program's extra element type (`ushort`, `uchar` or `ulong`): its
    /// regions `px` (private), `lx` (kernel-scope local) and `gx` (a global
    /// buffer argument), or none.
    xt: Option<Elem>,
    /// Slots of `lpt` / `gpt` used so far by the kernel (per work-item).
    slots: [u32; 2],
}

impl Gen {
    fn new(mut rng: Rng) -> Self {
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

    fn spec(&self) -> String {
        let Shape {
            global,
            local,
            dim0,
        } = self.shape;
        let s = self.spec_seed;
        let (global_dims, local_dims) = match dim0 {
            Some((g0, l0)) => (
                format!("{g0} {}", global / g0),
                format!("{l0} {}", local / l0),
            ),
            None => (global.to_string(), local.to_string()),
        };
        let xt = match self.xt {
            Some(t) => {
                let modulus = match t {
                    Elem::U8 => 256,
                    Elem::U64 => 1 << 31,
                    _ => 65536,
                };
                format!(
                    "arg global {} {} lcg {} {modulus}\n",
                    t.spec(),
                    global * W,
                    s + 2
                )
            }
            None => String::new(),
        };
        let mut spec = format!(
            "global {global_dims}\nlocal {local_dims}\n\
             arg global u32 {} lcg {s} 1000\n\
             arg global u32 {} zero\n\
             arg global u32 {} lcg {} 100000\n\
             arg global f32 {} iota 0.5 0.25\n\
             arg local {}\n\
             arg global u32 {} zero\n",
            self.shape.nin(),
            global + ASYNC_OUTS * global * LCW,
            global * W,
            s + 1,
            global * FW,
            local * W * 4,
            (global / local) * COUNTERS,
        );
        spec.push_str(&xt);
        spec
    }

    // ------------------------------------------------------------ names, scopes

    fn fresh(&mut self, prefix: &str) -> String {
        self.f.next += 1;
        format!("{prefix}{}", self.f.next)
    }

    fn depth(&self) -> i32 {
        self.f.scopes.len() as i32 - 1
    }

    fn push_var(&mut self, name: &str, kind: Kind) {
        let life = self.depth();
        self.f.scopes.last_mut().unwrap().vars.push(Var {
            name: name.to_string(),
            kind,
            life,
        });
    }

    fn push_region(&mut self, r: Region) {
        self.f.scopes.last_mut().unwrap().regions.push(r);
    }

    fn vars(&self) -> impl Iterator<Item = &Var> {
        self.f.scopes.iter().flat_map(|s| s.vars.iter())
    }

    fn regions(&self) -> impl Iterator<Item = &Region> {
        self.f.scopes.iter().flat_map(|s| s.regions.iter())
    }

    fn top_level_kernel(&self) -> bool {
        self.f.kernel && self.f.scopes.len() == 1
    }

    // ------------------------------------------------------------ expressions

    /// A uint-valued atom: literal, variable, work-item id, input element.
    fn atom(&mut self) -> Expr {
        let u32_vars: Vec<String> = self
            .vars()
            .filter(|v| matches!(v.kind, Kind::U32 | Kind::Loop) && v.name != self.f.acc)
            .map(|v| v.name.clone())
            .collect();
        let w = [
            3,
            if u32_vars.is_empty() { 0 } else { 5 },
            if self.f.kernel { 3 } else { 0 },
            if self.f.kernel { 3 } else { 0 },
            if self.ctab { 2 } else { 0 },
        ];
        match self.rng.weighted(&w) {
            0 => {
                if self.rng.chance(3, 4) {
                    lit(self.rng.below(20))
                } else {
                    raw(format!("0x{:x}u", self.rng.next_u64() as u32))
                }
            }
            1 => raw(self.rng.pick(&u32_vars).clone()),
            2 => raw(*self.rng.pick(&["gid", "lid", "grp"])),
            // constant memory (never generic in OpenCL C 2.0): an element of
            // the table, or of a select between its halves
            4 => {
                let n = CTAB;
                let i = self.atom();
                if self.rng.chance(1, 3) {
                    let c = self.atom();
                    let half = cond(
                        bin(c, "&", lit(1)),
                        raw("ctab"),
                        bin(raw("ctab"), "+", lit(n / 2)),
                    );
                    index(half, bin(i, "%", lit(n / 2)))
                } else {
                    index(raw("ctab"), bin(i, "%", lit(n)))
                }
            }
            _ => {
                let i = if self.rng.chance(1, 2) {
                    bin(
                        bin(raw("gid"), "*", lit(self.rng.range(1, 9))),
                        "+",
                        lit(self.rng.below(16)),
                    )
                } else {
                    self.atom()
                };
                index(raw("in"), bin(i, "%", lit(self.shape.nin())))
            }
        }
    }

    /// A uint-valued expression of at most `d` operator levels; reads
    /// memory through pointers but has no side effects.
    fn expr(&mut self, d: u32) -> Expr {
        if d == 0 || self.rng.chance(2, 5) {
            return self.leaf();
        }
        match self.rng.weighted(&[10, 2, 2, 2, 1, 1]) {
            0 => {
                let op = *self.rng.pick(&["+", "-", "*", "^", "&", "|", "+", "^"]);
                bin(self.expr(d - 1), op, self.expr(d - 1))
            }
            1 => {
                let op = *self.rng.pick(&["<<", ">>"]);
                bin(self.expr(d - 1), op, lit(self.rng.below(32)))
            }
            2 => {
                let c = self.cond_expr(d - 1);
                cond(c, self.expr(d - 1), self.expr(d - 1))
            }
            3 => {
                let op = *self.rng.pick(&["<", "==", "!=", ">="]);
                cast("uint", bin(self.expr(d - 1), op, self.expr(d - 1)))
            }
            4 => {
                let op = *self.rng.pick(&["/", "%"]);
                bin(self.expr(d - 1), op, bin(self.expr(d - 1), "|", lit(1)))
            }
            _ => bin(self.expr(d - 1), ">>", bin(self.leaf(), "&", lit(31))),
        }
    }

    /// An atom or a memory read.
    fn leaf(&mut self) -> Expr {
        let xt = if self.xt.is_some() { 2 } else { 0 };
        match self.rng.weighted(&[5, 6, 1, xt, 1]) {
            0 => self.atom(),
            1 => self.load(Elem::U32).unwrap_or_else(|| self.atom()),
            2 => match self.load(Elem::F32) {
                Some(e) => call("as_uint", vec![e]),
                None => self.atom(),
            },
            3 => {
                let t = self.xt.expect("an extra element type");
                match self.load(t) {
                    Some(e) => t.fold(e),
                    None => self.atom(),
                }
            }
            _ => {
                // pointer identity: two pointers into the work-item's memory
                let (Some(a), Some(b)) = (
                    self.ptr(PInfo::any(Elem::U32, 1), 1),
                    self.ptr(PInfo::any(Elem::U32, 1), 1),
                ) else {
                    return self.atom();
                };
                if a.e.to_string() == b.e.to_string() {
                    return self.atom();
                }
                let op = *self.rng.pick(&["==", "!="]);
                cast("uint", bin(a.generic(), op, b.generic()))
            }
        }
    }

    /// A condition (uint, tested for non-zero).
    fn cond_expr(&mut self, d: u32) -> Expr {
        match self.rng.below(3) {
            0 => bin(self.expr(d), "&", lit(1 << self.rng.below(4))),
            1 => {
                let op = *self.rng.pick(&["<", ">", "==", "!="]);
                bin(self.expr(d), op, self.expr(d))
            }
            _ => bin(
                bin(self.leaf(), "%", lit(self.rng.range(2, 5))),
                "==",
                lit(0),
            ),
        }
    }

    /// `p[i]` (or `*p`) for an accessible index, through a pointer of `elem`.
    fn load(&mut self, elem: Elem) -> Option<Expr> {
        let d = u32::from(self.rng.chance(1, 4));
        let p = self.ptr(PInfo::any(elem, 1), d)?;
        Some(self.deref(&p))
    }

    /// An element accessible from `p`: `p[k]`, `*p` or `p[(e) % acc]`.
    fn deref(&mut self, p: &PVal) -> Expr {
        let acc = p.info.acc;
        match self.rng.below(4) {
            0 => Expr::Un("*", Box::new(p.e.clone())),
            1 if acc > 1 => {
                let e = self.atom();
                index(p.e.clone(), bin(e, "%", lit(acc)))
            }
            _ => index(p.e.clone(), lit(self.rng.below(acc))),
        }
    }

    /// A float value built from a uint expression, exact in binary.
    fn float_expr(&mut self) -> Expr {
        let e = self.expr(1);
        match self.rng.below(3) {
            0 => bin(cast("float", bin(e, "&", lit(255))), "*", raw("0.125f")),
            1 => bin(
                bin(cast("float", bin(e, "%", lit(64))), "*", raw("0.25f")),
                "-",
                raw("7.5f"),
            ),
            _ => match self.load(Elem::F32) {
                Some(f) => bin(f, "*", raw("0.5f")),
                None => cast("float", bin(e, "&", lit(15))),
            },
        }
    }

    // ------------------------------------------------------------ pointers

    /// A pointer expression fitting `want` (`d` bounds nested selects), or
    /// None when nothing in scope fits.
    fn ptr(&mut self, want: PInfo, d: u32) -> Option<PVal> {
        let regions: Vec<Region> = self
            .regions()
            .filter(|r| r.info.fits(want))
            .cloned()
            .collect();
        let vars: Vec<(String, PInfo)> = self
            .vars()
            .filter_map(|v| match v.kind {
                Kind::Ptr(info, _) if info.fits(want) => Some((v.name.clone(), info)),
                _ => None,
            })
            .collect();
        let tabs: Vec<(String, PInfo, u32, Option<Expr>)> = self
            .vars()
            .filter_map(|v| match v.kind {
                Kind::Tab(info, n) if info.fits(want) => Some((v.name.clone(), info, n, None)),
                Kind::Slots { info, n, local, j } if info.fits(want) => {
                    Some((v.name.clone(), info, n, Some(slot_index(local, j))))
                }
                _ => None,
            })
            .collect();
        let fields: Vec<(Expr, PInfo)> = self
            .vars()
            .filter_map(|v| match v.kind {
                Kind::Struct { ty, arrow, origin } => {
                    let mut info = self.structs[ty].pinfo;
                    info.life = if arrow { -1 } else { v.life };
                    info.origin = if arrow { origin } else { 0 };
                    info.fits(want)
                        .then(|| (field(raw(v.name.clone()), "p", arrow), info))
                }
                _ => None,
            })
            .collect();
        let w = [
            if regions.is_empty() { 0 } else { 4 },
            if vars.is_empty() { 0 } else { 6 },
            if d > 0 { 2 } else { 0 },
            if tabs.is_empty() { 0 } else { 3 },
            if fields.is_empty() { 0 } else { 3 },
        ];
        if w.iter().all(|&x| x == 0) {
            return None;
        }
        match self.rng.weighted(&w) {
            0 => {
                let r = self.rng.pick(&regions).clone();
                let k = if self.rng.chance(1, 2) {
                    0
                } else {
                    self.rng.below(r.info.acc - want.acc + 1)
                };
                Some(self.region_ptr(&r, k))
            }
            1 => {
                let (name, info) = self.rng.pick(&vars).clone();
                let k = if self.rng.chance(2, 3) {
                    0
                } else {
                    self.rng.below(info.acc - want.acc + 1)
                };
                let e = if k == 0 {
                    raw(name)
                } else {
                    bin(raw(name), "+", lit(k))
                };
                Some(PVal {
                    e,
                    info: PInfo {
                        acc: info.acc - k,
                        ..info
                    },
                    named: false,
                })
            }
            2 => {
                // two different arms (`c ? p : p` and `p == p` are pointless, and
                // trip LLVM's instcombine fixpoint verification more often)
                let a = self.ptr(want, d - 1)?;
                let mut b = self.ptr(want, d - 1)?;
                for _ in 0..3 {
                    if b.e.to_string() != a.e.to_string() {
                        break;
                    }
                    b = self.ptr(want, d - 1)?;
                }
                let c = self.cond_expr(0);
                Some(PVal {
                    e: cond(c, a.generic(), b.generic()),
                    info: a.info.join(b.info),
                    named: false,
                })
            }
            3 => {
                let (name, info, n, base) = self.rng.pick(&tabs).clone();
                Some(PVal {
                    e: self.tab_elem(name, n, base),
                    info,
                    named: false,
                })
            }
            _ => {
                let (e, info) = self.rng.pick(&fields).clone();
                Some(PVal {
                    e,
                    info,
                    named: false,
                })
            }
        }
    }

    /// An element of a pointer table (`base` None: `t[(e) % n]`) or of the
    /// work-item's slots at `base` (`lpt[base]`, `lpt[base + ((e) % n)]`).
    fn tab_elem(&mut self, name: String, n: u32, base: Option<Expr>) -> Expr {
        let i = match base {
            None => bin(self.atom(), "%", lit(n)),
            Some(b) if n == 1 => b,
            Some(b) => bin(b, "+", bin(self.atom(), "%", lit(n))),
        };
        index(raw(name), i)
    }

    /// A pointer `k` elements into region `r`.
    fn region_ptr(&mut self, r: &Region, k: u32) -> PVal {
        let arr = match &r.arr {
            RegionArr::Fixed(e) => e.clone(),
            RegionArr::Rows(name, rows) => {
                let i = self.atom();
                index(raw(name.clone()), bin(i, "%", lit(*rows)))
            }
        };
        let idx = match (&r.start, k) {
            (None, k) => lit(k),
            (Some(s), 0) => s.clone(),
            (Some(s), k) => bin(s.clone(), "+", lit(k)),
        };
        let e = if self.rng.chance(1, 2) {
            addr(index(arr, idx))
        } else if r.start.is_none() && k == 0 {
            arr
        } else {
            bin(arr, "+", idx)
        };
        PVal {
            e,
            info: PInfo {
                acc: r.info.acc - k,
                ..r.info
            },
            named: r.named,
        }
    }

    /// A slot for a new pointer variable holding `v`: sometimes widened to
    /// more spaces and fewer elements, so that later assignments can bring
    /// pointers of other spaces (phis of mixed spaces).
    fn widen(&mut self, mut info: PInfo) -> PInfo {
        if self.rng.chance(2, 3) {
            info.spaces |= [SG, SL, SP, SALL][self.rng.below(4) as usize];
        }
        if self.rng.chance(1, 2) {
            info.acc = self.rng.range(1, info.acc);
        }
        info
    }

    /// The element type of a new pointer: mostly `uint`, sometimes `float`
    /// or the program's extra type.
    fn ptr_elem(&mut self) -> Elem {
        let xt = if self.xt.is_some() { 2 } else { 0 };
        match self.rng.weighted(&[8, 2, xt]) {
            0 => Elem::U32,
            1 => Elem::F32,
            _ => self.xt.expect("an extra element type"),
        }
    }

    // ------------------------------------------------------------ statements

    fn mix(&self, e: Expr) -> Stmt {
        let a = raw(self.f.acc.clone());
        Stmt::Assign(a.clone(), "=", bin(bin(a, "*", lit(31)), "+", e))
    }

    /// Statements of a nested block with its own scope.
    fn block(&mut self, n: u32, extra: impl FnOnce(&mut Self)) -> Vec<Stmt> {
        self.f.scopes.push(Scope::default());
        extra(self);
        let mut out = Vec::new();
        for _ in 0..n {
            if self.f.budget <= 0 {
                break;
            }
            self.stmt(&mut out);
        }
        self.f.scopes.pop();
        out
    }

    /// One random statement (a construct may add several) to `out`.
    fn stmt(&mut self, out: &mut Vec<Stmt>) {
        self.f.budget -= 1;
        let d = self.depth();
        let top = self.top_level_kernel();
        let has_u32 = self
            .vars()
            .any(|v| matches!(v.kind, Kind::U32) && v.name != self.f.acc);
        let has_ptr = self.vars().any(|v| matches!(v.kind, Kind::Ptr(_, true)));
        let has_tab = self
            .vars()
            .any(|v| matches!(v.kind, Kind::Tab(..) | Kind::Slots { .. }) && v.life >= 0);
        let slot_room = self.f.kernel && self.slots.iter().any(|&u| u < SLOTS);
        let nb_slots = top && self.vars().any(|v| nb_slot(v).is_some());
        let u32_helpers = self.helpers.iter().any(|h| matches!(h.ret, Ret::U32));
        let ptr_helpers = self
            .helpers
            .iter()
            .any(|h| matches!(h.ret, Ret::Ptr { .. }));
        let nest = d < 3 && self.f.budget > 3;
        let w = [
            8,                           // 0 mix
            4,                           // 1 decl uint
            if has_u32 { 3 } else { 0 }, // 2 assign uint
            7,                           // 3 store
            6,                           // 4 decl pointer
            if has_ptr { 4 } else { 0 }, // 5 assign pointer
            if nest { 4 } else { 0 },    // 6 if
            if nest { 3 } else { 0 },    // 7 for
            3,                           // 8 advancing loop
            if nest { 2 } else { 0 },    // 9 ping-pong loop
            2,                           // 10 pointer table
            if has_tab { 2 } else { 0 }, // 11 table store
            if self.structs.is_empty() || !self.pg {
                0
            } else {
                2
            }, // 12 struct
            if u32_helpers { 6 } else { 0 }, // 13 call
            if ptr_helpers { 4 } else { 0 }, // 14 call returning a pointer
            if self.xc { 3 } else { 0 }, // 15 to_global/to_local/to_private
            3,                           // 16 atomic on own memory
            if self.xc { 2 } else { 0 }, // 17 OpenCL 1.x atomic on to_* result
            3,                           // 18 vload/vstore
            3,                           // 19 fract/modf/sincos
            2,                           // 20 float store
            if top { 3 } else { 0 },     // 21 neighbour exchange
            if top && self.counters < COUNTERS {
                2
            } else {
                0
            }, // 22 work-group counter
            if top && self.pg { 2 } else { 0 }, // 23 async copy in
            if top && self.pg && self.async_outs < ASYNC_OUTS {
                1
            } else {
                0
            }, // 24 async copy out
            if slot_room { 5 } else { 0 }, // 25 pointers stored to lpt/gpt
            if nb_slots { 10 } else { 0 }, // 26 neighbour's lpt slot
            3,                           // 27 pointer difference / comparison
            2,                           // 28 integer round trip
            if self.xt.is_some() { 5 } else { 0 }, // 29 store of the extra type
        ];
        match self.rng.weighted(&w) {
            0 => {
                let e = self.expr(2);
                out.push(self.mix(e));
            }
            1 => {
                let name = self.fresh("v");
                let e = self.expr(2);
                out.push(Stmt::Decl {
                    ty: "uint".into(),
                    name: name.clone(),
                    dims: String::new(),
                    init: Some(Init::Expr(e)),
                });
                self.push_var(&name, Kind::U32);
            }
            2 => {
                let names: Vec<String> = self
                    .vars()
                    .filter(|v| matches!(v.kind, Kind::U32) && v.name != self.f.acc)
                    .map(|v| v.name.clone())
                    .collect();
                let name = self.rng.pick(&names).clone();
                let op = *self.rng.pick(&["=", "+=", "^=", "*=", "|="]);
                let e = self.expr(2);
                out.push(Stmt::Assign(raw(name), op, e));
            }
            3 => self.store(out),
            4 => {
                let elem = self.ptr_elem();
                let Some(v) = self.ptr(PInfo::any(elem, 1), 2) else {
                    return;
                };
                let info = self.widen(v.info);
                let name = self.fresh("p");
                out.push(Stmt::Decl {
                    ty: elem.ptr(),
                    name: name.clone(),
                    dims: String::new(),
                    init: Some(Init::Expr(v.e)),
                });
                self.push_var(&name, Kind::Ptr(info, true));
            }
            5 => self.assign_ptr(out),
            6 => {
                let c = self.cond_expr(1);
                let n = self.rng.range(1, 3);
                let t = self.block(n, |_| {});
                let e = if self.rng.chance(1, 2) {
                    let n = self.rng.range(1, 2);
                    self.block(n, |_| {})
                } else {
                    Vec::new()
                };
                if !t.is_empty() {
                    out.push(Stmt::If(c, t, e));
                }
            }
            7 => {
                let i = self.fresh("i");
                let n = self.rng.range(2, 4);
                let k = self.rng.range(1, 3);
                let iv = i.clone();
                let body = self.block(k, move |g| g.push_var(&iv, Kind::Loop));
                if !body.is_empty() {
                    out.push(Stmt::For(i, n, body));
                }
            }
            8 => self.advance_loop(out),
            9 => self.ping_pong(out),
            10 => self.tab_decl(out),
            11 => {
                let tabs: Vec<(String, PInfo, u32, Option<Expr>)> = self
                    .vars()
                    .filter_map(|v| match v.kind {
                        Kind::Tab(info, n) if v.life >= 0 => Some((v.name.clone(), info, n, None)),
                        Kind::Slots { info, n, local, j } => {
                            Some((v.name.clone(), info, n, Some(slot_index(local, j))))
                        }
                        _ => None,
                    })
                    .collect();
                let (name, info, n, base) = self.rng.pick(&tabs).clone();
                let Some(v) = self.ptr(info, 1) else { return };
                let lhs = self.tab_elem(name, n, base);
                out.push(Stmt::Assign(lhs, "=", v.e));
            }
            12 => {
                self.struct_decl(out);
            }
            13 => self.call_u32(out),
            14 => self.call_ptr(out),
            15 => self.explicit_casts(out),
            16 => self.atomic_own(out),
            17 => self.atomic_1x(out),
            18 => self.vector(out),
            19 => self.float_builtin(out),
            20 => {
                let Some(p) = self.ptr(PInfo::any(Elem::F32, 1), 1) else {
                    return;
                };
                let lhs = self.deref(&p);
                let v = self.float_expr();
                let op = *self.rng.pick(&["=", "+=", "="]);
                out.push(Stmt::Assign(lhs, op, v));
            }
            21 => self.exchange(out),
            22 => self.counter(out),
            23 => self.async_in(out),
            24 => self.async_out(out),
            25 => self.slot_decl(out),
            26 => self.slot_exchange(out),
            27 => self.ptr_diff(out),
            28 => self.round_trip(out),
            _ => self.xt_store(out),
        }
    }

    fn store(&mut self, out: &mut Vec<Stmt>) {
        let Some(p) = self.ptr(PInfo::any(Elem::U32, 1), 2) else {
            return;
        };
        let lhs = self.deref(&p);
        let op = *self.rng.pick(&["=", "+=", "^=", "="]);
        let e = self.expr(2);
        out.push(Stmt::Assign(lhs, op, e));
    }

    /// A value to store through a pointer to `t` (no implicit narrowing of
    /// constants: clang warns about those).
    fn value(&mut self, t: Elem) -> Expr {
        match t {
            Elem::U32 => self.expr(2),
            Elem::F32 => self.float_expr(),
            Elem::U16 | Elem::U8 => cast(t.c(), self.expr(1)),
            Elem::U64 => {
                let e = cast("ulong", self.expr(1));
                if self.rng.chance(1, 2) {
                    bin(e, "<<", lit(*self.rng.pick(&[8, 16, 32])))
                } else {
                    e
                }
            }
        }
    }

    /// An assignment operator for an element of `t`: narrow types only get
    /// operators whose promoted `int` arithmetic cannot overflow.
    fn assign_op(&mut self, t: Elem) -> &'static str {
        let ops: &[&'static str] = match t {
            Elem::U32 => &["=", "+=", "^=", "="],
            Elem::F32 => &["=", "+=", "="],
            Elem::U16 | Elem::U8 => &["=", "+=", "^=", "|="],
            Elem::U64 => &["=", "+=", "^=", "*="],
        };
        ops[self.rng.below(ops.len() as u32) as usize]
    }

    /// A store through a pointer of the program's extra element type.
    fn xt_store(&mut self, out: &mut Vec<Stmt>) {
        let t = self.xt.expect("an extra element type");
        let Some(p) = self.ptr(PInfo::any(t, 1), 2) else {
            return;
        };
        let lhs = self.deref(&p);
        let op = self.assign_op(t);
        let v = self.value(t);
        out.push(Stmt::Assign(lhs, op, v));
    }

    /// Stores 1–2 pointers (any space the generator can make, private ones
    /// included: only this work-item reads them back) to the work-item's
    /// next slots of `lpt` (kernel-scope local, indexed by `lid`) or `gpt`
    /// (program-scope global, by `gid`). While the pseudo-variable it pushes
    /// is in scope the slots are read like a table (`ptr`) and stored to
    /// (statement 11) with pointers that fit. Slots are never declared
    /// twice, so one left holding a pointer into a dead region is never read.
    fn slot_decl(&mut self, out: &mut Vec<Stmt>) {
        let free: Vec<bool> = [true, false]
            .into_iter()
            .filter(|&l| self.slots[usize::from(!l)] < SLOTS)
            .collect();
        let local = *self.rng.pick(&free);
        let j = self.slots[usize::from(!local)];
        let n = self.rng.range(1, (SLOTS - j).min(2));
        // at the top level, `lpt` slots often hold only global or local
        // pointers, which the neighbour may read (`slot_exchange`)
        let shared = local && self.top_level_kernel() && self.rng.chance(2, 3);
        let want = PInfo {
            spaces: if shared { SG | SL } else { SALL },
            ..PInfo::any(Elem::U32, 1)
        };
        let Some((info, j)) = self.fill_slots(out, local, n, want) else {
            return;
        };
        let mut info = self.widen(info);
        if shared {
            info.spaces &= want.spaces;
        }
        let name = if local { "lpt" } else { "gpt" };
        self.push_var(name, Kind::Slots { info, n, local, j });
    }

    /// Stores `n` pointers fitting `want` to the work-item's next free slots
    /// of `lpt` (`local`) or `gpt`; returns what they may point to and the
    /// first slot (None, with nothing stored, when no pointer fits).
    fn fill_slots(
        &mut self,
        out: &mut Vec<Stmt>,
        local: bool,
        n: u32,
        want: PInfo,
    ) -> Option<(PInfo, u32)> {
        let a = usize::from(!local);
        let j = self.slots[a];
        assert!(j + n <= SLOTS, "no room for {n} slots");
        let mut vals = Vec::new();
        let mut info: Option<PInfo> = None;
        for _ in 0..n {
            let v = self.ptr(want, 1)?;
            info = Some(info.map_or(v.info, |i| i.join(v.info)));
            vals.push(v.e);
        }
        self.slots[a] += n;
        let name = if local { "lpt" } else { "gpt" };
        for (k, v) in vals.into_iter().enumerate() {
            out.push(Stmt::Assign(
                index(raw(name), slot_index(local, j + k as u32)),
                "=",
                v,
            ));
        }
        Some((info.unwrap(), j))
    }

    /// Reads through the pointer a neighbour stored in its `lpt` slot
    /// (kernel top level, between two barriers). Such a slot was filled by
    /// every work-item at the top level and only ever holds global or local
    /// pointers into its owner's regions (or program-scope memory), which
    /// nobody writes between the barriers.
    fn slot_exchange(&mut self, out: &mut Vec<Stmt>) {
        let cands: Vec<(PInfo, u32, u32)> = self.vars().filter_map(nb_slot).collect();
        let (info, n, j) = *self.rng.pick(&cands);
        let ls = self.shape.local;
        let step = self.rng.range(1, ls - 1);
        let nid = bin(bin(raw("lid"), "+", lit(step)), "%", lit(ls));
        let mut idx = bin(nid, "*", lit(SLOTS));
        if j > 0 {
            idx = bin(idx, "+", lit(j));
        }
        if n > 1 {
            idx = bin(idx, "+", bin(self.atom(), "%", lit(n)));
        }
        let q = self.fresh("n");
        let fence = "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);";
        let mut body = vec![
            Stmt::Line(fence.into()),
            Stmt::Decl {
                ty: "uint *".into(),
                name: q.clone(),
                dims: String::new(),
                init: Some(Init::Expr(index(raw("lpt"), idx))),
            },
        ];
        let p = PVal {
            e: raw(q),
            info,
            named: false,
        };
        for _ in 0..self.rng.range(1, 2) {
            let e = self.deref(&p);
            body.push(self.mix(e));
        }
        body.push(Stmt::Line(fence.into()));
        out.push(Stmt::Block(body));
    }

    /// Two pointer variables into one region at run time, the second
    /// derived from the first by an offset (constant, run-time, or a select
    /// of two): their difference (in elements, or in bytes through
    /// `uintptr_t`) and comparisons go to the checksum, never an address.
    /// Both stay in scope as (read-only) pointer variables.
    fn ptr_diff(&mut self, out: &mut Vec<Stmt>) {
        let elem = self.ptr_elem();
        let Some(p) = self.ptr(PInfo::any(elem, 2), 1) else {
            return;
        };
        let acc = p.info.acc;
        let (a, b) = (self.fresh("d"), self.fresh("d"));
        let (off, k) = match self.rng.below(3) {
            0 => {
                let k = self.rng.range(1, acc - 1);
                (bin(raw(a.clone()), "+", lit(k)), k)
            }
            1 => {
                let e = self.atom();
                (bin(raw(a.clone()), "+", bin(e, "%", lit(acc))), acc - 1)
            }
            _ => {
                let k1 = self.rng.range(0, acc - 2);
                let k2 = self.rng.range(k1 + 1, acc - 1);
                let c = self.cond_expr(0);
                let (x, y) = (
                    bin(raw(a.clone()), "+", lit(k1)),
                    bin(raw(a.clone()), "+", lit(k2)),
                );
                let e = if self.rng.chance(1, 2) {
                    cond(c, x, y)
                } else {
                    cond(c, y, x)
                };
                (e, k2)
            }
        };
        let ty = elem.ptr();
        out.push(Stmt::Decl {
            ty: ty.clone(),
            name: a.clone(),
            dims: String::new(),
            init: Some(Init::Expr(p.e)),
        });
        out.push(Stmt::Decl {
            ty,
            name: b.clone(),
            dims: String::new(),
            init: Some(Init::Expr(off)),
        });
        self.push_var(&a, Kind::Ptr(p.info, false));
        self.push_var(
            &b,
            Kind::Ptr(
                PInfo {
                    acc: acc - k,
                    ..p.info
                },
                false,
            ),
        );
        let diff = cast("uint", bin(raw(b.clone()), "-", raw(a.clone())));
        let e = match self.rng.below(4) {
            0 => diff,
            1 => cast("uint", bin(raw(a), "-", raw(b))),
            2 => {
                let op = *self.rng.pick(&["<", "<=", ">", ">="]);
                let (x, y) = if self.rng.chance(1, 2) {
                    (a, b)
                } else {
                    (b, a)
                };
                bin(
                    bin(diff, "*", lit(5)),
                    "+",
                    cast("uint", bin(raw(x), op, raw(y))),
                )
            }
            _ => cast(
                "uint",
                bin(cast("uintptr_t", raw(b)), "-", cast("uintptr_t", raw(a))),
            ),
        };
        out.push(self.mix(e));
    }

    /// A generic pointer through an integer and back (`uintptr_t`, 64-bit
    /// on spir64), in one expression or through a `uintptr_t` variable; the
    /// result is a pointer variable like any other (same spaces, extent and
    /// lifetime), read at once and used by later statements.
    fn round_trip(&mut self, out: &mut Vec<Stmt>) {
        let elem = self.ptr_elem();
        let Some(p) = self.ptr(PInfo::any(elem, 1), 1) else {
            return;
        };
        let ty = elem.ptr();
        let r = self.fresh("r");
        // Sometimes the integer moves on by whole elements before it comes
        // back (`+ k * sizeof(T)`): the tag in the top bits stays.
        let skip = if p.info.acc >= 2 && self.rng.chance(1, 3) {
            self.rng.range(1, p.info.acc - 1)
        } else {
            0
        };
        let moved = |a: Expr| {
            if skip == 0 {
                a
            } else {
                bin(a, "+", raw(format!("{skip}u * sizeof({})", elem.c())))
            }
        };
        let init = if self.rng.chance(1, 2) {
            let a = self.fresh("a");
            out.push(Stmt::Decl {
                ty: "uintptr_t".into(),
                name: a.clone(),
                dims: String::new(),
                init: Some(Init::Expr(cast("uintptr_t", p.generic()))),
            });
            cast(ty.clone(), moved(raw(a)))
        } else {
            cast(ty.clone(), moved(cast("uintptr_t", p.generic())))
        };
        out.push(Stmt::Decl {
            ty,
            name: r.clone(),
            dims: String::new(),
            init: Some(Init::Expr(init)),
        });
        let info = PInfo {
            acc: p.info.acc - skip,
            ..p.info
        };
        self.push_var(&r, Kind::Ptr(info, true));
        let rv = PVal {
            e: raw(r),
            info,
            named: false,
        };
        let e = self.deref(&rv);
        out.push(self.mix(elem.fold(e)));
    }

    fn assign_ptr(&mut self, out: &mut Vec<Stmt>) {
        let slots: Vec<(Expr, PInfo)> = self
            .vars()
            .filter_map(|v| match v.kind {
                Kind::Ptr(info, true) => Some((raw(v.name.clone()), info)),
                Kind::Struct {
                    ty, arrow: false, ..
                } => {
                    let mut info = self.structs[ty].pinfo;
                    info.life = v.life;
                    info.origin = 0;
                    Some((field(raw(v.name.clone()), "p", false), info))
                }
                _ => None,
            })
            .collect();
        if slots.is_empty() {
            return;
        }
        let (lhs, slot) = self.rng.pick(&slots).clone();
        if let Some(v) = self.ptr(slot, 2) {
            out.push(Stmt::Assign(lhs, "=", v.e));
        }
    }

    /// `while (b != e) { ...; b += 1u; }` over `k` elements.
    fn advance_loop(&mut self, out: &mut Vec<Stmt>) {
        let k = self.rng.range(2, 4);
        let Some(v) = self.ptr(PInfo::any(Elem::U32, k), 1) else {
            return;
        };
        let b = self.fresh("b");
        let e = self.fresh("e");
        let mut outer = vec![
            Stmt::Decl {
                ty: "uint *".into(),
                name: b.clone(),
                dims: String::new(),
                init: Some(Init::Expr(v.e)),
            },
            Stmt::Decl {
                ty: "uint *".into(),
                name: e.clone(),
                dims: String::new(),
                init: Some(Init::Expr(bin(raw(b.clone()), "+", lit(k)))),
            },
        ];
        let info = PInfo {
            acc: v.info.acc - k + 1,
            ..v.info
        };
        let n = self.rng.range(1, 2);
        let bn = b.clone();
        let mut body = self.block(n, move |g| g.push_var(&bn, Kind::Ptr(info, false)));
        let first = bin(
            Expr::Un("*", Box::new(raw(b.clone()))),
            "*",
            lit(self.rng.range(2, 9)),
        );
        body.insert(0, self.mix(first));
        body.push(Stmt::Assign(raw(b.clone()), "+=", lit(1)));
        if self.rng.chance(1, 2) {
            // the elements left: a pointer difference of a loop-carried phi
            if self.rng.chance(1, 3) {
                let left = cast("uint", bin(raw(e.clone()), "-", raw(b.clone())));
                body.insert(1, self.mix(left));
            }
            let op = *self.rng.pick(&["!=", "!=", "<"]);
            outer.push(Stmt::While(bin(raw(b), op, raw(e)), body));
        } else {
            let i = self.fresh("i");
            outer.pop();
            outer.push(Stmt::For(i, k, body));
        }
        out.push(Stmt::Block(outer));
    }

    /// A loop swapping two pointers (of possibly different spaces) every
    /// iteration: loop-carried phis of generic pointers.
    fn ping_pong(&mut self, out: &mut Vec<Stmt>) {
        let Some(x) = self.ptr(PInfo::any(Elem::U32, 1), 1) else {
            return;
        };
        let Some(y) = self.ptr(PInfo::any(Elem::U32, 1), 1) else {
            return;
        };
        let info = x.info.join(y.info);
        let (a, b, t, i) = (
            self.fresh("a"),
            self.fresh("b"),
            self.fresh("t"),
            self.fresh("i"),
        );
        let n = self.rng.range(2, 5);
        let k = self.rng.range(0, 1);
        let (an, bn, iv) = (a.clone(), b.clone(), i.clone());
        let mut body = self.block(k, move |g| {
            g.push_var(&an, Kind::Ptr(info, false));
            g.push_var(&bn, Kind::Ptr(info, false));
            g.push_var(&iv, Kind::Loop);
        });
        let acc = info.acc;
        let e = self.expr(1);
        body.insert(
            0,
            Stmt::Assign(
                index(raw(b.clone()), bin(raw(i.clone()), "%", lit(acc))),
                "+=",
                bin(
                    index(
                        raw(a.clone()),
                        bin(bin(raw(i.clone()), "+", lit(1)), "%", lit(acc)),
                    ),
                    "^",
                    e,
                ),
            ),
        );
        body.push(Stmt::Line(format!(
            "{{ uint *{t} = {a}; {a} = {b}; {b} = {t}; }}"
        )));
        let fin = bin(
            index(raw(a.clone()), lit(0)),
            "+",
            bin(index(raw(b.clone()), lit(0)), "*", lit(3)),
        );
        let mix = self.mix(fin);
        out.push(Stmt::Block(vec![
            Stmt::Decl {
                ty: "uint *".into(),
                name: a,
                dims: String::new(),
                init: Some(Init::Expr(x.e)),
            },
            Stmt::Decl {
                ty: "uint *".into(),
                name: b,
                dims: String::new(),
                init: Some(Init::Expr(y.e)),
            },
            Stmt::For(i, n, body),
            mix,
        ]));
    }

    fn tab_decl(&mut self, out: &mut Vec<Stmt>) {
        let n = self.rng.range(2, 4);
        let mut items = Vec::new();
        let mut info: Option<PInfo> = None;
        for _ in 0..n {
            let Some(v) = self.ptr(PInfo::any(Elem::U32, 1), 1) else {
                return;
            };
            info = Some(info.map_or(v.info, |i| i.join(v.info)));
            items.push(Init::Expr(v.e));
        }
        let info = self.widen(info.unwrap());
        let name = self.fresh("t");
        out.push(Stmt::Decl {
            ty: "uint *".into(),
            name: name.clone(),
            dims: format!("[{n}]"),
            init: Some(Init::List(items)),
        });
        self.push_var(&name, Kind::Tab(info, n));
    }

    fn struct_init(&mut self, ty: usize) -> Option<Init> {
        let mut want = self.structs[ty].pinfo;
        want.life = self.depth();
        want.origin = u32::MAX;
        let p = self.ptr(want, 1)?;
        let v: Vec<Init> = (0..4).map(|_| Init::Expr(self.expr(1))).collect();
        Some(Init::List(vec![
            Init::Expr(p.e),
            Init::Expr(self.expr(1)),
            Init::List(v),
        ]))
    }

    /// Declares a private struct (fresh, or a copy of one in scope).
    fn struct_decl(&mut self, out: &mut Vec<Stmt>) -> Option<String> {
        let ty = self.rng.below(self.structs.len() as u32) as usize;
        let copies: Vec<String> = self
            .vars()
            .filter(|v| matches!(v.kind, Kind::Struct { ty: t, arrow: false, .. } if t == ty))
            .map(|v| v.name.clone())
            .collect();
        let init = if !copies.is_empty() && self.rng.chance(1, 3) {
            Init::Expr(raw(self.rng.pick(&copies).clone()))
        } else {
            self.struct_init(ty)?
        };
        let name = self.fresh("s");
        out.push(Stmt::Decl {
            ty: self.structs[ty].name.clone(),
            name: name.clone(),
            dims: String::new(),
            init: Some(init),
        });
        self.push_var(
            &name,
            Kind::Struct {
                ty,
                arrow: false,
                origin: 0,
            },
        );
        let life = self.depth();
        self.push_region(Region {
            arr: RegionArr::Fixed(field(raw(name.clone()), "v", false)),
            start: None,
            info: PInfo {
                elem: Elem::U32,
                spaces: SP,
                acc: 4,
                life,
                origin: 0,
            },
            named: true,
        });
        Some(name)
    }

    /// Arguments for `h`; declarations they need go to `out` first. Returns
    /// the arguments and, for a pointer-returning helper, what the result
    /// may point to.
    fn args(&mut self, h: &Helper, out: &mut Vec<Stmt>) -> Option<(Vec<Expr>, Option<PInfo>)> {
        let mut args = Vec::new();
        // per parameter: (spaces, life, origin) of what a returned pointer derived from it may be
        let mut derived = Vec::new();
        for p in &h.params {
            match p {
                Param::U32 => {
                    args.push(self.expr(1));
                    derived.push(None);
                }
                Param::Depth(max) => {
                    let a = self.atom();
                    args.push(bin(a, "%", lit(max + 1)));
                    derived.push(None);
                }
                Param::Ptr(req) => {
                    let v = self.ptr(
                        PInfo {
                            life: i32::MAX,
                            origin: u32::MAX,
                            ..*req
                        },
                        1,
                    )?;
                    derived.push(Some((v.info.spaces, v.info.life, v.info.origin)));
                    args.push(v.e);
                }
                Param::Tab(req, n) => {
                    let fits = |info: PInfo| {
                        info.fits(PInfo {
                            life: i32::MAX,
                            origin: u32::MAX,
                            ..*req
                        })
                    };
                    // a private table, or the work-item's slots of `gpt` or
                    // (when local pointers may become generic) `lpt`
                    let found: Vec<(Expr, PInfo, i32)> = self
                        .vars()
                        .filter_map(|v| match v.kind {
                            Kind::Tab(info, m) if m == *n && fits(info) => {
                                Some((raw(v.name.clone()), info, v.life))
                            }
                            Kind::Slots {
                                info,
                                n: m,
                                local,
                                j,
                            } if m == *n && fits(info) && (self.lg || !local) => Some((
                                addr(index(raw(v.name.clone()), slot_index(local, j))),
                                info,
                                v.life,
                            )),
                            _ => None,
                        })
                        .collect();
                    // or fresh slots of `lpt`/`gpt` (kernel only)
                    let arrays: Vec<bool> = [true, false]
                        .into_iter()
                        .filter(|&l| {
                            self.f.kernel
                                && (self.lg || !l)
                                && self.slots[usize::from(!l)] + n <= SLOTS
                        })
                        .collect();
                    let (name, info, life) = if !found.is_empty() && self.rng.chance(2, 3) {
                        self.rng.pick(&found).clone()
                    } else if !arrays.is_empty() && self.rng.chance(1, 2) {
                        let local = *self.rng.pick(&arrays);
                        let want = PInfo {
                            life: i32::MAX,
                            origin: u32::MAX,
                            ..*req
                        };
                        let (info, j) = self.fill_slots(out, local, *n, want)?;
                        let arr = if local { "lpt" } else { "gpt" };
                        self.push_var(
                            arr,
                            Kind::Slots {
                                info,
                                n: *n,
                                local,
                                j,
                            },
                        );
                        let e = addr(index(raw(arr), slot_index(local, j)));
                        (e, info, self.depth())
                    } else {
                        let mut items = Vec::new();
                        let mut info: Option<PInfo> = None;
                        for _ in 0..*n {
                            let v = self.ptr(
                                PInfo {
                                    life: i32::MAX,
                                    origin: u32::MAX,
                                    ..*req
                                },
                                1,
                            )?;
                            info = Some(info.map_or(v.info, |i| i.join(v.info)));
                            items.push(Init::Expr(v.e));
                        }
                        let name = self.fresh("t");
                        out.push(Stmt::Decl {
                            ty: "uint *".into(),
                            name: name.clone(),
                            dims: format!("[{n}]"),
                            init: Some(Init::List(items)),
                        });
                        self.push_var(&name, Kind::Tab(info.unwrap(), *n));
                        (raw(name), info.unwrap(), self.depth())
                    };
                    derived.push(Some((req.spaces, life.max(info.life), info.origin)));
                    args.push(name);
                }
                Param::Struct(ty) => {
                    let found: Vec<(String, bool, i32, u32)> = self
                        .vars()
                        .filter_map(|v| match v.kind {
                            Kind::Struct {
                                ty: t,
                                arrow,
                                origin,
                            } if t == *ty => Some((v.name.clone(), arrow, v.life, origin)),
                            _ => None,
                        })
                        .collect();
                    let (name, arrow, life, origin) = if !found.is_empty() && self.rng.chance(2, 3)
                    {
                        self.rng.pick(&found).clone()
                    } else {
                        let name = self.struct_decl(out)?;
                        (name, false, self.depth(), 0)
                    };
                    let spaces = self.structs[*ty].pinfo.spaces;
                    derived.push(Some((spaces, life, if arrow { origin } else { 0 })));
                    args.push(if arrow { raw(name) } else { addr(raw(name)) });
                }
            }
        }
        let ret = match &h.ret {
            Ret::U32 => None,
            Ret::Ptr { info, origin } => {
                let mut r = PInfo {
                    spaces: 0,
                    life: i32::MIN,
                    origin: 0,
                    ..*info
                };
                for (i, d) in derived.iter().enumerate() {
                    if origin & (1 << i) != 0 {
                        let (s, l, o) = d.expect("a pointer derives from a pointer parameter");
                        r.spaces |= s;
                        r.life = r.life.max(l);
                        r.origin |= o;
                    }
                }
                Some(r)
            }
        };
        Some((args, ret))
    }

    fn call_u32(&mut self, out: &mut Vec<Stmt>) {
        let cands: Vec<Helper> = self
            .helpers
            .iter()
            .filter(|h| matches!(h.ret, Ret::U32))
            .cloned()
            .collect();
        let h = self.rng.pick(&cands).clone();
        if !self.pg
            && h.params
                .iter()
                .any(|p| matches!(p, Param::Tab(..) | Param::Struct(_)))
        {
            return;
        }
        let mut pre = Vec::new();
        let Some((args, _)) = self.args(&h, &mut pre) else {
            // what it declared (tables, slots) stays declared
            out.extend(pre);
            return;
        };
        out.extend(pre);
        let c = call(h.name.clone(), args);
        if self.rng.chance(1, 2) {
            out.push(self.mix(c));
        } else {
            let name = self.fresh("v");
            out.push(Stmt::Decl {
                ty: "uint".into(),
                name: name.clone(),
                dims: String::new(),
                init: Some(Init::Expr(c)),
            });
            self.push_var(&name, Kind::U32);
        }
    }

    fn call_ptr(&mut self, out: &mut Vec<Stmt>) {
        let cands: Vec<Helper> = self
            .helpers
            .iter()
            .filter(|h| matches!(h.ret, Ret::Ptr { .. }))
            .cloned()
            .collect();
        let h = self.rng.pick(&cands).clone();
        let mut pre = Vec::new();
        let Some((args, Some(info))) = self.args(&h, &mut pre) else {
            // what it declared (tables, slots) stays declared
            out.extend(pre);
            return;
        };
        out.extend(pre);
        let name = self.fresh("p");
        out.push(Stmt::Decl {
            ty: "uint *".into(),
            name: name.clone(),
            dims: String::new(),
            init: Some(Init::Expr(call(h.name.clone(), args))),
        });
        self.push_var(&name, Kind::Ptr(info, true));
    }

    /// `to_global`/`to_local`/`to_private` of a generic pointer, the results
    /// tested against NULL and used for named accesses.
    fn explicit_casts(&mut self, out: &mut Vec<Stmt>) {
        let elem = self.ptr_elem();
        let Some(p) = self.ptr(PInfo::any(elem, 1), 2) else {
            return;
        };
        let ty = elem.c();
        let mut body = Vec::new();
        let mut bits = Vec::new();
        let which = self.rng.range(1, 7);
        for (k, (f, q)) in [
            ("to_global", "global"),
            ("to_local", "local"),
            ("to_private", "private"),
        ]
        .iter()
        .enumerate()
        {
            if which & (1 << k) == 0 {
                continue;
            }
            let n = self.fresh(&q[..1]);
            body.push(Stmt::Decl {
                ty: format!("{q} {ty} *"),
                name: n.clone(),
                dims: String::new(),
                init: Some(Init::Expr(call(*f, vec![p.generic()]))),
            });
            bits.push(bin(
                cast("uint", bin(raw(n.clone()), "!=", raw("0"))),
                "<<",
                lit(k as u32),
            ));
            let i = lit(self.rng.below(p.info.acc));
            let read = elem.fold(index(raw(n.clone()), i.clone()));
            let write = match elem {
                Elem::U32 => Stmt::Assign(index(raw(n.clone()), i), "+=", self.expr(1)),
                Elem::F32 => Stmt::Assign(index(raw(n.clone()), i), "=", self.float_expr()),
                _ => {
                    let op = self.assign_op(elem);
                    Stmt::Assign(index(raw(n.clone()), i), op, self.value(elem))
                }
            };
            let then = vec![self.mix(read), write];
            let els = if self.rng.chance(1, 3) {
                let k = lit(self.rng.range(1, 99));
                vec![self.mix(k)]
            } else {
                Vec::new()
            };
            body.push(Stmt::If(raw(n), then, els));
        }
        let sum = bits.into_iter().reduce(|a, b| bin(a, "|", b)).unwrap();
        body.push(self.mix(sum));
        out.push(Stmt::Block(body));
    }

    /// An atomic on the work-item's own global or local words, through a
    /// (generic or named) pointer cast to `volatile atomic_uint *`.
    fn atomic_own(&mut self, out: &mut Vec<Stmt>) {
        let want = PInfo {
            spaces: SG | SL,
            ..PInfo::any(Elem::U32, 1)
        };
        let Some(p) = self.ptr(want, 2) else { return };
        let k = self.rng.below(p.info.acc);
        let obj = cast(
            "volatile atomic_uint *",
            if k == 0 { p.e } else { bin(p.e, "+", lit(k)) },
        );
        let v = self.expr(1);
        let op = *self
            .rng
            .pick(&["add", "sub", "or", "xor", "and", "min", "max"]);
        match self.rng.below(5) {
            0 => out.push(self.mix(call(
                format!("atomic_fetch_{op}_explicit"),
                vec![obj, v, raw("memory_order_relaxed")],
            ))),
            1 => out.push(self.mix(call(format!("atomic_fetch_{op}"), vec![obj, v]))),
            2 => out.push(self.mix(call(
                format!("__opencl_atomic_fetch_{op}"),
                vec![
                    obj,
                    v,
                    raw("memory_order_relaxed"),
                    raw("memory_scope_work_group"),
                ],
            ))),
            3 => {
                // compare-exchange with `expected` in private memory or anywhere
                let x = self.fresh("x");
                let init = if self.rng.chance(1, 2) {
                    call("atomic_load", vec![obj.clone()])
                } else {
                    self.expr(1)
                };
                let expected = match self.ptr(PInfo::any(Elem::U32, 1), 1) {
                    Some(q) if self.rng.chance(1, 3) || !self.pg => q.e,
                    _ => addr(raw(x.clone())),
                };
                let kind = *self.rng.pick(&["strong", "weak"]);
                let desired = self.expr(1);
                out.push(Stmt::Block(vec![
                    Stmt::Decl {
                        ty: "uint".into(),
                        name: x.clone(),
                        dims: String::new(),
                        init: Some(Init::Expr(init)),
                    },
                    self.mix(cast(
                        "uint",
                        call(
                            format!("atomic_compare_exchange_{kind}"),
                            vec![obj, expected, desired],
                        ),
                    )),
                    self.mix(raw(x)),
                ]));
            }
            _ => {
                let f = *self
                    .rng
                    .pick(&["atomic_exchange", "atomic_store", "atomic_load"]);
                match f {
                    "atomic_store" => out.push(Stmt::Expr(call(f, vec![obj, v]))),
                    "atomic_load" => out.push(self.mix(call(f, vec![obj]))),
                    _ => out.push(self.mix(call(f, vec![obj, v]))),
                }
            }
        }
    }

    /// OpenCL 1.x `atomic_add`/`atomic_inc` (global and local `int *`
    /// overloads only) applied to `to_global`/`to_local` of a generic pointer.
    fn atomic_1x(&mut self, out: &mut Vec<Stmt>) {
        let Some(p) = self.ptr(PInfo::any(Elem::U32, 1), 2) else {
            return;
        };
        let g = self.fresh("g");
        let l = self.fresh("l");
        let v = self.expr(1);
        let add = self.mix(cast(
            "uint",
            call(
                "atomic_add",
                vec![
                    cast("volatile global int *", raw(g.clone())),
                    cast("int", bin(v, "&", lit(255))),
                ],
            ),
        ));
        let f = *self.rng.pick(&["atomic_inc", "atomic_add"]);
        let local_call = if f == "atomic_inc" {
            call(f, vec![cast("volatile local int *", raw(l.clone()))])
        } else {
            call(
                f,
                vec![
                    cast("volatile local int *", raw(l.clone())),
                    cast("int", lit(self.rng.range(1, 9))),
                ],
            )
        };
        let inc = self.mix(cast("uint", local_call));
        out.push(Stmt::Block(vec![
            Stmt::Decl {
                ty: "global uint *".into(),
                name: g.clone(),
                dims: String::new(),
                init: Some(Init::Expr(call("to_global", vec![p.generic()]))),
            },
            Stmt::Decl {
                ty: "local uint *".into(),
                name: l.clone(),
                dims: String::new(),
                init: Some(Init::Expr(call("to_local", vec![p.generic()]))),
            },
            Stmt::If(raw(g), vec![add], Vec::new()),
            Stmt::If(raw(l), vec![inc], Vec::new()),
        ]));
    }

    /// vloadn / vstoren (n = 2, 4, 8) on uint or float pointers.
    fn vector(&mut self, out: &mut Vec<Stmt>) {
        let elem = if self.rng.chance(1, 4) {
            Elem::F32
        } else {
            Elem::U32
        };
        let max = if elem == Elem::F32 { FW } else { W };
        let n = *self.rng.pick(
            &[2, 4, 4, 8]
                .into_iter()
                .filter(|&n| n <= max)
                .collect::<Vec<u32>>(),
        );
        let Some(p) = self.ptr(PInfo::any(elem, n), 1) else {
            return;
        };
        let w = self.fresh("w");
        let vty = format!("{}{n}", elem.c());
        out.push(Stmt::Decl {
            ty: vty.clone(),
            name: w.clone(),
            dims: String::new(),
            init: Some(Init::Expr(call(format!("vload{n}"), vec![lit(0), p.e]))),
        });
        let lanes: Vec<String> = match n {
            2 => vec!["x".into(), "y".into()],
            4 => vec!["x".into(), "y".into(), "z".into(), "w".into()],
            _ => (0..8).map(|i| format!("s{i}")).collect(),
        };
        let sum = lanes
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let lane = field(raw(w.clone()), l, false);
                let lane = if elem == Elem::F32 {
                    call("as_uint", vec![lane])
                } else {
                    lane
                };
                bin(lane, "*", lit(2 * i as u32 + 1))
            })
            .reduce(|a, b| bin(a, "+", b))
            .unwrap();
        out.push(self.mix(sum));
        if self.rng.chance(2, 3) {
            if let Some(q) = self.ptr(PInfo::any(elem, n), 1) {
                let val = if elem == Elem::F32 {
                    bin(raw(w), "*", raw("0.5f"))
                } else {
                    bin(
                        bin(raw(w), "*", cast(vty.clone(), lit(self.rng.range(2, 9)))),
                        "+",
                        cast(vty, self.expr(1)),
                    )
                };
                out.push(Stmt::Expr(call(
                    format!("vstore{n}"),
                    vec![val, lit(0), q.e],
                )));
            }
        }
    }

    /// Builtins writing through a pointer: fract / modf / sincos (float),
    /// frexp / lgamma_r / remquo (int, a uint region seen as `int *`),
    /// vstore_half / vload_half (a uint region seen as `half *`), and
    /// get_fence.
    fn float_builtin(&mut self, out: &mut Vec<Stmt>) {
        let name = self.fresh("f");
        let decl = |v: Expr| Stmt::Decl {
            ty: "float".into(),
            name: name.clone(),
            dims: String::new(),
            init: Some(Init::Expr(v)),
        };
        match self.rng.weighted(&[6, 4, 2, 2]) {
            0 => {
                let Some(p) = self.ptr(PInfo::any(Elem::F32, 1), 2) else {
                    return;
                };
                let f = *self.rng.pick(&["fract", "modf", "sincos"]);
                let x = self.float_expr();
                out.push(decl(call(f, vec![x, p.e])));
            }
            1 => {
                let Some(p) = self.ptr(PInfo::any(Elem::U32, 1), 2) else {
                    return;
                };
                let ip = cast("int *", p.e);
                let e = self.expr(1);
                // positive arguments: lgamma_r has poles at 0, -1, ...
                let x = bin(
                    bin(cast("float", bin(e, "&", lit(255))), "*", raw("0.125f")),
                    "+",
                    raw("0.0625f"),
                );
                let v = match self.rng.below(3) {
                    0 => call("frexp", vec![x, ip]),
                    1 => call("lgamma_r", vec![x, ip]),
                    _ => {
                        let y = bin(
                            cast("float", bin(self.expr(1), "&", lit(15))),
                            "+",
                            raw("1.5f"),
                        );
                        call("remquo", vec![x, y, ip])
                    }
                };
                out.push(decl(v));
            }
            2 => {
                let Some(p) = self.ptr(PInfo::any(Elem::U32, 1), 2) else {
                    return;
                };
                let Some(q) = self.ptr(PInfo::any(Elem::U32, 1), 1) else {
                    return;
                };
                let x = self.float_expr();
                let k = lit(self.rng.below(2));
                out.push(Stmt::Expr(call(
                    "vstore_half",
                    vec![x, k.clone(), cast("half *", p.e)],
                )));
                out.push(decl(call(
                    "vload_half",
                    vec![lit(self.rng.below(2)), cast("half *", q.e)],
                )));
            }
            _ => {
                let Some(p) = self.ptr(PInfo::any(Elem::U32, 1), 2) else {
                    return;
                };
                let k = lit(self.rng.range(3, 99));
                out.push(self.mix(bin(
                    cast("uint", call("get_fence", vec![p.generic()])),
                    "*",
                    k,
                )));
                return;
            }
        }
        out.push(self.mix(call("as_uint", vec![raw(name)])));
    }

    /// Reads the neighbour's local region between two barriers (kernel top
    /// level), through a generic pointer (or a named one when local pointers
    /// must not become generic).
    fn exchange(&mut self, out: &mut Vec<Stmt>) {
        let ls = self.shape.local;
        let arr = if self.rng.chance(1, 2) { "lw" } else { "lk" };
        let nb = self.fresh("n");
        let step = self.rng.range(1, ls - 1);
        let slot = bin(
            raw(arr),
            "+",
            bin(
                bin(bin(raw("lid"), "+", lit(step)), "%", lit(ls)),
                "*",
                lit(W),
            ),
        );
        let (ty, init) = if !self.lg {
            ("local uint *", slot)
        } else if self.rng.chance(1, 2) {
            let neighbour = cast("uint *", slot);
            match self.ptr(PInfo::any(Elem::U32, W), 1) {
                Some(own) => (
                    "uint *",
                    cond(bin(raw("lid"), "&", lit(1)), neighbour, own.generic()),
                ),
                None => ("uint *", neighbour),
            }
        } else {
            ("uint *", cast("uint *", slot))
        };
        let mut body = vec![
            Stmt::Line("barrier(CLK_LOCAL_MEM_FENCE);".into()),
            Stmt::Decl {
                ty: ty.into(),
                name: nb.clone(),
                dims: String::new(),
                init: Some(Init::Expr(init)),
            },
        ];
        for _ in 0..self.rng.range(1, 2) {
            let i = self.expr(1);
            body.push(self.mix(index(raw(nb.clone()), bin(i, "%", lit(W)))));
        }
        body.push(Stmt::Line("barrier(CLK_LOCAL_MEM_FENCE);".into()));
        out.push(Stmt::Block(body));
    }

    /// A work-group counter (kernel-scope local or the group's word of the
    /// global `cnt`, chosen per work-item through a generic pointer) updated
    /// with order-independent atomics and read after a barrier.
    fn counter(&mut self, out: &mut Vec<Stmt>) {
        let c = self.counters;
        self.counters += 1;
        let gslot = raw(format!(
            "(volatile atomic_uint *)(cnt + ((grp * {COUNTERS}u) + {c}u))"
        ));
        let lslot = raw("(volatile atomic_uint *)&lcnt");
        let a = self.fresh("c");
        let v = bin(self.expr(1), "&", lit(15));
        let upd = match self.rng.below(if self.xc { 4 } else { 3 }) {
            0 => Stmt::Expr(call(
                "atomic_fetch_add_explicit",
                vec![raw(a.clone()), v, raw("memory_order_relaxed")],
            )),
            1 => Stmt::Expr(call(
                "__opencl_atomic_fetch_add",
                vec![
                    raw(a.clone()),
                    v,
                    raw("memory_order_relaxed"),
                    raw("memory_scope_work_group"),
                ],
            )),
            2 => Stmt::Expr(call(
                "atomic_fetch_or",
                vec![raw(a.clone()), bin(lit(1), "<<", bin(v, "&", lit(31)))],
            )),
            _ => {
                let g = self.fresh("g");
                let l = self.fresh("l");
                Stmt::Block(vec![
                    Stmt::Decl {
                        ty: "global uint *".into(),
                        name: g.clone(),
                        dims: String::new(),
                        init: Some(Init::Expr(call(
                            "to_global",
                            vec![cast("uint *", raw(a.clone()))],
                        ))),
                    },
                    Stmt::Decl {
                        ty: "local uint *".into(),
                        name: l.clone(),
                        dims: String::new(),
                        init: Some(Init::Expr(call(
                            "to_local",
                            vec![cast("uint *", raw(a.clone()))],
                        ))),
                    },
                    Stmt::If(
                        raw(g.clone()),
                        vec![Stmt::Expr(call(
                            "atomic_add",
                            vec![
                                cast("volatile global int *", raw(g)),
                                cast("int", v.clone()),
                            ],
                        ))],
                        vec![Stmt::Expr(call(
                            "atomic_add",
                            vec![cast("volatile local int *", raw(l)), cast("int", v)],
                        ))],
                    ),
                ])
            }
        };
        let mut body = vec![Stmt::Line("barrier(CLK_LOCAL_MEM_FENCE);".into())];
        let (init, read) = if self.lg {
            self.shared = true;
            body.push(Stmt::If(
                bin(raw("lid"), "==", lit(0)),
                vec![Stmt::Expr(call(
                    "atomic_store_explicit",
                    vec![lslot.clone(), lit(0), raw("memory_order_relaxed")],
                ))],
                Vec::new(),
            ));
            let sel = self.cond_expr(0);
            let read = bin(
                call(
                    "atomic_load_explicit",
                    vec![lslot.clone(), raw("memory_order_relaxed")],
                ),
                "+",
                bin(call("atomic_load", vec![gslot.clone()]), "*", lit(3)),
            );
            (cond(sel, lslot, gslot), read)
        } else {
            (gslot.clone(), call("atomic_load", vec![gslot]))
        };
        body.push(Stmt::Line(
            "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);".into(),
        ));
        body.push(Stmt::Decl {
            ty: "volatile atomic_uint *".into(),
            name: a,
            dims: String::new(),
            init: Some(Init::Expr(init)),
        });
        body.push(upd);
        body.push(Stmt::Line(
            "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);".into(),
        ));
        body.push(self.mix(read));
        out.push(Stmt::Block(body));
    }

    /// A pointer to element `i` of `lc`: generic, or named local when local
    /// pointers must not become generic.
    fn lc_ptr(&self, i: Expr) -> (String, Expr) {
        let slot = bin(raw("lc"), "+", i);
        if self.lg {
            ("uint *".into(), cast("uint *", slot))
        } else {
            ("local uint *".into(), slot)
        }
    }

    /// Copies the group's slice of `in` into `lc` (`async_work_group_copy`,
    /// two chained or jointly waited copies, or a 2D copy with a line
    /// stride), then every work-item reads `lc` until the next barrier.
    fn async_in(&mut self, out: &mut Vec<Stmt>) {
        self.async_any = true;
        let n = self.shape.local * LCW;
        let nin = self.shape.nin();
        let ev = self.fresh("ev");
        let q = self.fresh("q");
        let base = format!("(grp * {n}u)");
        let mut body = vec![Stmt::Line("barrier(CLK_LOCAL_MEM_FENCE);".into())];
        let copy1 = |dst: &str, src: String, count: u32, event: &str| {
            format!("async_work_group_copy((local int *)({dst}), (global const int *)(in + {src}), {count}u, {event})")
        };
        let decl = |name: &str, e: String| Stmt::Decl {
            ty: "event_t".into(),
            name: name.into(),
            dims: String::new(),
            init: Some(Init::Expr(raw(e))),
        };
        match self.rng.below(4) {
            0 => {
                body.push(decl(&ev, copy1("lc", base.clone(), n, "0")));
                body.push(Stmt::Line(format!("wait_group_events(1, &{ev});")));
            }
            1 => {
                // chained: the second copy takes the first one's event
                let h = n / 2;
                let e1 = self.fresh("ev");
                body.push(decl(&e1, copy1("lc", base.clone(), h, "0")));
                body.push(decl(
                    &ev,
                    copy1(&format!("lc + {h}u"), format!("{base} + {h}u"), n - h, &e1),
                ));
                body.push(Stmt::Line(format!("wait_group_events(1, &{ev});")));
            }
            2 => {
                // two copies waited together through an event array
                let h = n / 2;
                let e1 = self.fresh("ev");
                body.push(decl(&e1, copy1("lc", format!("{base} + {h}u"), h, "0")));
                body.push(decl(
                    &ev,
                    copy1(&format!("lc + {h}u"), base.clone(), n - h, "0"),
                ));
                let arr = self.fresh("evs");
                body.push(Stmt::Line(format!("event_t {arr}[2] = {{{e1}, {ev}}};")));
                body.push(Stmt::Line(format!("wait_group_events(2, {arr});")));
            }
            _ => {
                // 2D: local lines of LCW words from global lines of LCW + margin words
                self.uses_2d = true;
                let ls = self.shape.local;
                let mut margin = self.rng.range(0, 4);
                if (ls - 1) * (LCW + margin) + LCW > nin {
                    margin = 0;
                }
                let extent = (ls - 1) * (LCW + margin) + LCW;
                let room = nin - extent;
                let src_off = format!("((grp * {}u) % {}u)", self.rng.range(1, 9), room + 1);
                body.push(decl(
                    &ev,
                    format!(
                        "async_work_group_copy_2D2D((local void *)lc, 0, (const global void *)in, {src_off}, 4, {LCW}, {ls}, {}, {LCW}, 0)",
                        LCW + margin
                    ),
                ));
                body.push(Stmt::Line(format!("wait_group_events(1, &{ev});")));
            }
        }
        let i = self.expr(1);
        let (ty, slot) = self.lc_ptr(bin(i, "%", lit(n)));
        let init = match self.ptr(PInfo::any(Elem::U32, 1), 1) {
            Some(own) if self.lg && self.rng.chance(1, 2) => {
                cond(self.cond_expr(0), slot, own.generic())
            }
            _ => slot,
        };
        body.push(Stmt::Decl {
            ty,
            name: q.clone(),
            dims: String::new(),
            init: Some(Init::Expr(init)),
        });
        body.push(self.mix(index(raw(q), lit(0))));
        body.push(Stmt::Line("barrier(CLK_LOCAL_MEM_FENCE);".into()));
        out.push(Stmt::Block(body));
    }

    /// Each work-item fills its part of `lc` through a pointer, then the
    /// group copies `lc` to its slice of `out` (`async_work_group_copy` or a
    /// 2D copy of lines of LCW words).
    fn async_out(&mut self, out: &mut Vec<Stmt>) {
        self.async_any = true;
        let a = self.async_outs;
        self.async_outs += 1;
        let ls = self.shape.local;
        let n = ls * LCW;
        let base = self.shape.global + a * self.shape.global * LCW;
        let ev = self.fresh("ev");
        let q = self.fresh("q");
        let (ty, slot) = self.lc_ptr(bin(raw("lid"), "*", lit(LCW)));
        let mut body = vec![
            Stmt::Line("barrier(CLK_LOCAL_MEM_FENCE);".into()),
            Stmt::Decl {
                ty,
                name: q.clone(),
                dims: String::new(),
                init: Some(Init::Expr(slot)),
            },
        ];
        for k in 0..LCW {
            let e = self.expr(1);
            body.push(Stmt::Assign(index(raw(q.clone()), lit(k)), "=", e));
        }
        body.push(Stmt::Line("barrier(CLK_LOCAL_MEM_FENCE);".into()));
        let copy = if self.rng.chance(1, 3) {
            self.uses_2d = true;
            format!(
                "async_work_group_copy_2D2D((global void *)out, {base}u + (grp * {n}u), (const local void *)lc, 0, 4, {LCW}, {ls}, {LCW}, {LCW}, 0)"
            )
        } else {
            format!("async_work_group_copy((global int *)(out + ({base}u + (grp * {n}u))), (local const int *)lc, {n}u, 0)")
        };
        body.push(Stmt::Decl {
            ty: "event_t".into(),
            name: ev.clone(),
            dims: String::new(),
            init: Some(Init::Expr(raw(copy))),
        });
        body.push(Stmt::Line(format!("wait_group_events(1, &{ev});")));
        out.push(Stmt::Block(body));
    }

    // ------------------------------------------------------------ functions

    fn param_req(&mut self) -> PInfo {
        let elem = self.ptr_elem();
        let avail = SG | if self.lg { SL } else { 0 } | if self.pg { SP } else { 0 };
        let spaces = [
            SALL,
            SALL,
            SALL,
            SG | SL,
            SG | SL,
            SG,
            SL,
            SP,
            SL | SP,
            SG | SP,
        ][self.rng.below(10) as usize]
            & avail;
        let spaces = if spaces == 0 { avail } else { spaces };
        let max = elem.words();
        let acc = *self.rng.pick(&[1, 2, 4, 4, max, max]);
        PInfo {
            elem,
            spaces,
            acc,
            life: -1,
            origin: 0,
        }
    }

    fn start_fn(&mut self, kernel: bool, budget: i32, acc: &str) {
        self.f = FnCtx {
            scopes: vec![Scope::default()],
            kernel,
            budget,
            next: 0,
            acc: acc.into(),
        };
    }

    /// Adds parameter `i` as a variable of the body; returns its C type.
    fn param_var(&mut self, i: usize, name: &str, p: &Param, body_acc: Option<u32>) -> String {
        let bit = 1u32 << i;
        let scope = self.f.scopes.last_mut().unwrap();
        let (ty, kind) = match p {
            Param::U32 => ("uint".to_string(), Kind::U32),
            // read only: assigning the depth would unbound the recursion
            Param::Depth(_) => ("uint".to_string(), Kind::Loop),
            Param::Ptr(req) => {
                let info = PInfo {
                    acc: body_acc.unwrap_or(req.acc),
                    life: -1,
                    origin: bit,
                    ..*req
                };
                (req.elem.ptr(), Kind::Ptr(info, true))
            }
            Param::Tab(req, n) => (
                "uint **".to_string(),
                Kind::Tab(
                    PInfo {
                        life: -1,
                        origin: bit,
                        ..*req
                    },
                    *n,
                ),
            ),
            Param::Struct(ty) => (
                format!("{} *", self.structs[*ty].name),
                Kind::Struct {
                    ty: *ty,
                    arrow: true,
                    origin: bit,
                },
            ),
        };
        if let Param::Struct(_) = p {
            scope.regions.push(Region {
                arr: RegionArr::Fixed(field(raw(name), "v", true)),
                start: None,
                info: PInfo {
                    elem: Elem::U32,
                    spaces: SP,
                    acc: 4,
                    life: -1,
                    origin: bit,
                },
                // an array: cast where a pointer is needed (`to_global(s->v)`
                // is rejected: "expecting a generic pointer argument")
                named: true,
            });
        }
        scope.vars.push(Var {
            name: name.into(),
            kind,
            life: -1,
        });
        ty
    }

    /// A private array of the helper: pointers into it never leave it.
    fn helper_array(&mut self, body: &mut Vec<Stmt>) {
        let n = self.fresh("ha");
        let items: Vec<Init> = (0..4).map(|_| Init::Expr(self.expr(1))).collect();
        body.push(Stmt::Decl {
            ty: "uint".into(),
            name: n.clone(),
            dims: "[4]".into(),
            init: Some(Init::List(items)),
        });
        self.push_region(Region {
            arr: RegionArr::Fixed(raw(n)),
            start: None,
            info: PInfo {
                elem: Elem::U32,
                spaces: SP,
                acc: 4,
                life: 0,
                origin: 0,
            },
            named: true,
        });
    }

    fn helper(&mut self, idx: usize) -> Function {
        let name = format!("h{idx}");
        let noinline = self.rng.chance(2, 5);
        let mut kinds = vec![5, 3, 2, 0, if self.pg { 2 } else { 0 }];
        if !self.structs.is_empty() && self.pg {
            kinds[3] = 2;
        }
        let kind = self.rng.weighted(&kinds);
        let budget = self.rng.range(3, 6) as i32;
        self.start_fn(false, budget, "r");
        let mut params: Vec<Param> = Vec::new();
        let mut names: Vec<String> = Vec::new();
        let mut body = Vec::new();
        let comment;
        let mut ret = Ret::U32;
        match kind {
            // plain: pointers in, uint out
            0 | 1 => {
                let np = self.rng.range(1, 3);
                for i in 0..np {
                    let mut req = self.param_req();
                    if kind == 1 && i == 0 {
                        req.elem = Elem::U32;
                        req.acc = req.acc.min(W);
                    }
                    params.push(Param::Ptr(req));
                    names.push(format!("ptr{i}"));
                }
                params.push(Param::U32);
                names.push("x".into());
                comment = if kind == 0 {
                    "generic pointers in, a value out"
                } else {
                    "returns a generic pointer derived from its parameters"
                };
            }
            2 => {
                let depth = self.rng.range(1, 4);
                let mut req = self.param_req();
                req.elem = Elem::U32;
                req.acc = depth + 1;
                params = vec![Param::Ptr(req), Param::Ptr(req), Param::Depth(depth)];
                names = vec!["p".into(), "q".into(), "d".into()];
                comment = "bounded recursion swapping its two generic pointers (directly or through a partner)";
            }
            3 => {
                let ty = self.rng.below(self.structs.len() as u32) as usize;
                params = vec![Param::Struct(ty), Param::U32];
                names = vec!["s".into(), "x".into()];
                comment = "a generic pointer to a private struct holding a generic pointer";
            }
            _ => {
                let n = self.rng.range(2, 4);
                let mut req = self.param_req();
                req.elem = Elem::U32;
                params = vec![Param::Tab(req, n), Param::U32];
                names = vec!["t".into(), "x".into()];
                comment = "a generic pointer to a private array of generic pointers";
            }
        }
        let mut cparams = Vec::new();
        for (i, (p, n)) in params.iter().zip(&names).enumerate() {
            let body_acc = if kind == 2 && matches!(p, Param::Ptr(_)) {
                Some(1)
            } else {
                None
            };
            let ty = self.param_var(i, n, p, body_acc);
            cparams.push((ty, n.clone()));
        }
        let seed = self.atom();
        let first_u = names[params
            .iter()
            .position(|p| matches!(p, Param::U32 | Param::Depth(_)))
            .unwrap()]
        .clone();
        body.push(Stmt::Decl {
            ty: "uint".into(),
            name: "r".into(),
            dims: String::new(),
            init: Some(Init::Expr(bin(raw(first_u), "^", seed))),
        });
        self.push_var("r", Kind::U32);
        if kind != 2 && self.pg && self.rng.chance(1, 3) {
            self.helper_array(&mut body);
        }
        // a struct copied from and back to the caller's through the generic
        // pointer (llvm.memcpy with a generic operand)
        let mut copy_back = None;
        if let (3, Param::Struct(ty)) = (kind, &params[0]) {
            if self.rng.chance(1, 2) {
                let c = self.fresh("c");
                body.push(Stmt::Decl {
                    ty: self.structs[*ty].name.clone(),
                    name: c.clone(),
                    dims: String::new(),
                    init: Some(Init::Expr(Expr::Un("*", Box::new(raw("s"))))),
                });
                // life -1: its pointer field may only hold the caller's pointers
                let scope = self.f.scopes.last_mut().unwrap();
                scope.vars.push(Var {
                    name: c.clone(),
                    kind: Kind::Struct {
                        ty: *ty,
                        arrow: false,
                        origin: 0,
                    },
                    life: -1,
                });
                scope.regions.push(Region {
                    arr: RegionArr::Fixed(field(raw(c.clone()), "v", false)),
                    start: None,
                    info: PInfo {
                        elem: Elem::U32,
                        spaces: SP,
                        acc: 4,
                        life: 0,
                        origin: 0,
                    },
                    named: true,
                });
                if self.rng.chance(1, 2) {
                    copy_back = Some(c);
                }
            }
        }
        let n = self.f.budget as u32;
        if kind == 2 {
            let base = bin(
                index(raw("p"), lit(0)),
                "^",
                bin(index(raw("q"), lit(0)), "*", lit(3)),
            );
            body.push(Stmt::If(
                bin(raw("d"), "==", lit(0)),
                vec![Stmt::Return(Some(bin(base, "+", raw("r"))))],
                Vec::new(),
            ));
            let k = self.rng.range(1, 2);
            for _ in 0..k {
                self.stmt(&mut body);
            }
            // Sometimes the recursion goes through a partner that calls
            // back one level down (mutual recursion, a two-function cycle in
            // the call graph).
            let callee = if self.rng.chance(1, 2) {
                let partner = self.recursion_partner(&name, noinline);
                let callee = partner.name.clone();
                let prototype = format!("uint {callee}(uint *p, uint *q, uint d);");
                self.partner = Some((prototype, partner));
                callee
            } else {
                name.clone()
            };
            body.push(Stmt::Decl {
                ty: "uint".into(),
                name: "y".into(),
                dims: String::new(),
                init: Some(Init::Expr(call(
                    callee,
                    vec![
                        raw("q"),
                        bin(raw("p"), "+", lit(1)),
                        bin(raw("d"), "-", lit(1)),
                    ],
                ))),
            });
            self.push_var("y", Kind::U32);
            self.f.budget = 2;
            for _ in 0..self.rng.range(1, 2) {
                self.stmt(&mut body);
            }
            body.push(Stmt::Assign(index(raw("p"), lit(0)), "+=", raw("y")));
            body.push(Stmt::Return(Some(bin(
                bin(raw("y"), "*", lit(7)),
                "+",
                raw("r"),
            ))));
        } else {
            for _ in 0..n {
                if self.f.budget <= 0 {
                    break;
                }
                self.stmt(&mut body);
            }
            if kind == 1 {
                let want = PInfo {
                    elem: Elem::U32,
                    spaces: SALL,
                    acc: 1,
                    life: -1,
                    origin: u32::MAX,
                };
                let v = self.ptr(want, 2).expect("a pointer parameter fits");
                body.push(Stmt::Assign(index(raw("ptr0"), lit(0)), "^=", raw("r")));
                body.push(Stmt::Return(Some(v.e)));
                ret = Ret::Ptr {
                    info: v.info,
                    origin: v.info.origin,
                };
            } else {
                if let Some(c) = copy_back {
                    body.push(Stmt::Assign(Expr::Un("*", Box::new(raw("s"))), "=", raw(c)));
                }
                body.push(Stmt::Return(Some(raw("r"))));
            }
        }
        let ret_ty = match ret {
            Ret::U32 => "uint",
            Ret::Ptr { .. } => "uint *",
        };
        self.helpers.push(Helper {
            name: name.clone(),
            params,
            ret,
        });
        Function {
            prefix: if noinline {
                "__attribute__((noinline)) ".into()
            } else {
                String::new()
            },
            ret: ret_ty.into(),
            name,
            params: cparams,
            body,
            comment: comment.into(),
        }
    }

    /// `<name>m(p, q, d)`, the other half of a mutual recursion with the
    /// recursive helper `name`: called by it as `(q, p + 1, d - 1)`, it calls
    /// back with `(q, p + 1, d - 1)`. Both keep `name`'s contract: with
    /// depth `d`, `d + 1` elements are accessible from either pointer.
    fn recursion_partner(&mut self, name: &str, noinline: bool) -> Function {
        let k = self.rng.range(2, 9);
        let recurse = call(
            name,
            vec![
                raw("q"),
                bin(raw("p"), "+", lit(1)),
                bin(raw("d"), "-", lit(1)),
            ],
        );
        let body = vec![
            Stmt::If(
                bin(raw("d"), "==", lit(0)),
                vec![Stmt::Return(Some(bin(
                    bin(index(raw("p"), lit(0)), "*", lit(k)),
                    "^",
                    index(raw("q"), lit(0)),
                )))],
                Vec::new(),
            ),
            Stmt::Assign(index(raw("q"), lit(0)), "+=", raw("d")),
            Stmt::Return(Some(bin(
                bin(recurse, "*", lit(3)),
                "+",
                index(raw("p"), lit(0)),
            ))),
        ];
        Function {
            prefix: if noinline {
                "__attribute__((noinline)) ".into()
            } else {
                String::new()
            },
            ret: "uint".into(),
            name: format!("{name}m"),
            params: vec![
                ("uint *".into(), "p".into()),
                ("uint *".into(), "q".into()),
                ("uint".into(), "d".into()),
            ],
            body,
            comment: format!("mutual recursion with {name}: calls it back one level down"),
        }
    }

    fn kernel(&mut self, name: &str) -> Function {
        let Shape { local: ls, .. } = self.shape;
        let budget = self.rng.range(12, 24) as i32;
        self.start_fn(true, budget, "ck");
        for v in ["gid", "lid", "grp"] {
            self.push_var(v, Kind::Loop);
        }
        let mut pre = vec![
            Stmt::Line(if self.shape.dim0.is_some() {
                "uint gid = (uint)(get_global_id(1) * get_global_size(0) + get_global_id(0)), lid = (uint)(get_local_id(1) * get_local_size(0) + get_local_id(0)), grp = (uint)(get_group_id(1) * get_num_groups(0) + get_group_id(0));"
            } else {
                "uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0), grp = (uint)get_group_id(0);"
            }.into()),
            Stmt::Decl { ty: "uint".into(), name: "ck".into(), dims: String::new(), init: Some(Init::Expr(bin(raw(format!("0x{:x}u", self.rng.next_u64() as u32)), "^", raw("gid")))) },
            Stmt::Line(format!("uint pa[{W}], m[2][4];")),
            Stmt::Line(format!("float fa[{FW}];")),
            Stmt::Line(format!("local uint lk[{}];", ls * W)),
            Stmt::Line(format!("local float lf[{}];", ls * FW)),
        ];
        let nin = self.shape.nin();
        let (a, b, c) = (
            self.rng.range(1, 9),
            self.rng.range(1, 9),
            self.rng.range(1, 9),
        );
        pre.push(Stmt::Line(format!(
            "for (uint i = 0u; i < {W}u; i++) {{ pa[i] = in[((gid * {a}u) + i) % {nin}u]; m[i / 4u][i % 4u] = in[((gid * {b}u) + (i * 3u)) % {nin}u]; lw[(lid * {W}u) + i] = in[((gid * {c}u) + (i * 7u)) % {nin}u] ^ 0x55u; lk[(lid * {W}u) + i] = (gid * 16u) + i; }} // keep"
        )));
        pre.push(Stmt::Line(format!(
            "for (uint i = 0u; i < {FW}u; i++) {{ fa[i] = (float)((gid + i) % 8u) * 0.5f; lf[(lid * {FW}u) + i] = (float)(i * 3u) + 0.25f; }} // keep"
        )));
        // the extra element type's private and local regions (`gx` is an argument)
        let mut xt_sum = String::new();
        if let Some(t) = self.xt {
            let ty = t.c();
            pre.insert(
                6,
                Stmt::Line(format!("{ty} px[{W}]; local {ty} lx[{}];", ls * W)),
            );
            let d = self.rng.range(1, 9);
            let (pv, lv) = if t == Elem::U64 {
                (
                    format!(
                        "((ulong)in[((gid * {d}u) + (i * 5u)) % {nin}u] << 32u) | (ulong)(gid + i)"
                    ),
                    "(ulong)((gid * 16u) + i) * 0x9e3779b97f4a7c15ul".to_string(),
                )
            } else {
                (
                    format!("({ty})(in[((gid * {d}u) + (i * 5u)) % {nin}u] * 3u)"),
                    format!("({ty})((gid * 5u) + i + 1u)"),
                )
            };
            pre.push(Stmt::Line(format!(
                "for (uint i = 0u; i < {W}u; i++) {{ px[i] = {pv}; lx[(lid * {W}u) + i] = {lv}; }} // keep"
            )));
            let fold = |e: &str| t.fold(raw(e)).to_string();
            xt_sum = format!(
                "for (uint i = 0u; i < {W}u; i++) ck = (ck * 31u) + {} + ({} * 3u); // keep",
                fold("px[i]"),
                fold(&format!("lx[(lid * {W}u) + i]"))
            );
        }
        let mut regions = vec![
            (RegionArr::Fixed(raw("pa")), None, Elem::U32, SP, W, true),
            (RegionArr::Fixed(raw("m[0u]")), None, Elem::U32, SP, 4, true),
            (RegionArr::Rows("m".into(), 2), None, Elem::U32, SP, 4, true),
            (RegionArr::Fixed(raw("fa")), None, Elem::F32, SP, FW, true),
        ];
        for (arr, id, elem, space, w) in [
            ("lw", "lid", Elem::U32, SL, W),
            ("lk", "lid", Elem::U32, SL, W),
            ("gw", "gid", Elem::U32, SG, W),
            ("lf", "lid", Elem::F32, SL, FW),
            ("gf", "gid", Elem::F32, SG, FW),
        ] {
            regions.push((
                RegionArr::Fixed(raw(arr)),
                Some(bin(raw(id), "*", lit(w))),
                elem,
                space,
                w,
                true,
            ));
        }
        if let Some(t) = self.xt {
            regions.push((RegionArr::Fixed(raw("px")), None, t, SP, W, true));
            for (arr, id, space) in [("lx", "lid", SL), ("gx", "gid", SG)] {
                regions.push((
                    RegionArr::Fixed(raw(arr)),
                    Some(bin(raw(id), "*", lit(W))),
                    t,
                    space,
                    W,
                    true,
                ));
            }
        }
        if self.progscope {
            regions.push((
                RegionArr::Fixed(raw("pv")),
                Some(bin(raw("gid"), "*", lit(W))),
                Elem::U32,
                SG,
                W,
                true,
            ));
            regions.push((
                RegionArr::Fixed(raw("pgp")),
                Some(bin(raw("gid"), "*", lit(W))),
                Elem::U32,
                SG,
                W,
                false,
            ));
        }
        for (arr, start, elem, spaces, len, named) in regions {
            if (spaces == SL && !self.lg) || (spaces == SP && !self.pg) {
                continue;
            }
            self.push_region(Region {
                arr,
                start,
                info: PInfo {
                    elem,
                    spaces,
                    acc: len,
                    life: 0,
                    origin: 0,
                },
                named,
            });
        }
        let mut body = Vec::new();
        while self.f.budget > 0 {
            self.stmt(&mut body);
        }
        if self.async_any {
            pre.insert(4, Stmt::Line(format!("local uint lc[{}];", ls * LCW)));
        }
        if self.shared {
            pre.insert(4, Stmt::Line("local atomic_uint lcnt;".into()));
        }
        if self.slots[0] > 0 {
            pre.insert(4, Stmt::Line(format!("uint *local lpt[{}];", ls * SLOTS)));
        }
        let mut all = pre;
        all.extend(body);
        let pv = if self.progscope {
            format!(" + (pv[(gid * {W}u) + i] * 11u)")
        } else {
            String::new()
        };
        all.push(Stmt::Line(format!(
            "for (uint i = 0u; i < {W}u; i++) ck = (ck * 31u) + pa[i] + (lw[(lid * {W}u) + i] * 3u) + (lk[(lid * {W}u) + i] * 5u) + (m[i / 4u][i % 4u] * 7u){pv}; // keep"
        )));
        all.push(Stmt::Line(format!(
            "for (uint i = 0u; i < {FW}u; i++) ck = (ck * 31u) + as_uint(fa[i]) + (as_uint(lf[(lid * {FW}u) + i]) * 3u); // keep"
        )));
        if !xt_sum.is_empty() {
            all.push(Stmt::Line(xt_sum));
        }
        all.push(Stmt::Line("out[gid] = ck; // keep".into()));
        let mut params = vec![
            ("global const uint *".into(), "in".into()),
            ("global uint *".into(), "out".into()),
            ("global uint *".into(), "gw".into()),
            ("global float *".into(), "gf".into()),
            ("local uint *".into(), "lw".into()),
            ("global uint *".into(), "cnt".into()),
        ];
        if let Some(t) = self.xt {
            params.push((format!("global {} *", t.c()), "gx".into()));
        }
        Function {
            prefix: "kernel ".into(),
            ret: "void".into(),
            name: name.into(),
            params,
            body: all,
            comment: String::new(),
        }
    }

    fn program(&mut self, name: &str, seed: u64, index: u64) -> Program {
        let mut p = Program {
            header: vec![
                format!("{name}: generated by gas-generate --seed {seed} (program {index})."),
                "Random generic-address-space pointer code, free of undefined behaviour by".into(),
                "construction (generator/src/gen.rs); each work-item writes its checksum to out[gid].".into(),
            ],
            ..Program::default()
        };
        if self.rng.chance(3, 4) {
            let spaces = [SALL, SALL, SG | SP, SL | SP, SG | SL][self.rng.below(5) as usize];
            let acc = self.rng.range(1, 4);
            self.structs.push(StructTy {
                name: "S0".into(),
                pinfo: PInfo {
                    elem: Elem::U32,
                    spaces,
                    acc,
                    life: 0,
                    origin: 0,
                },
            });
            p.top.push("typedef struct {".into());
            p.top.push("  uint *p;".into());
            p.top.push("  uint k;".into());
            p.top.push("  uint v[4];".into());
            p.top.push("} S0;".into());
        }
        if self.rng.chance(1, 2) {
            self.ctab = true;
            let values: Vec<String> = (0..CTAB)
                .map(|_| format!("{}u", self.rng.below(100_000)))
                .collect();
            p.top.push(format!(
                "constant uint ctab[{CTAB}] = {{{}}};",
                values.join(", ")
            ));
        }
        if self.rng.chance(2, 3) {
            self.progscope = true;
            p.top
                .push(format!("global uint pv[{}];", self.shape.global * W));
            p.top.push("uint *pgp = pv;".into());
        }
        let nh = self.rng.range(1, 3);
        for i in 0..nh {
            let f = self.helper(i as usize);
            p.functions.push(f);
            if let Some((prototype, partner)) = self.partner.take() {
                p.top.push(prototype);
                p.functions.push(partner);
            }
        }
        let k = self.kernel(name);
        p.functions.push(k);
        if self.slots[1] > 0 {
            p.top
                .push(format!("uint *global gpt[{}];", self.shape.global * SLOTS));
        }
        if self.uses_2d {
            p.top.push("event_t __attribute__((overloadable)) async_work_group_copy_2D2D(local void *dst, size_t dst_offset, const global void *src, size_t src_offset, size_t num_bytes_per_element, size_t num_elements_per_line, size_t num_lines, size_t src_line_length, size_t dst_line_length, event_t event);".into());
            p.top.push("event_t __attribute__((overloadable)) async_work_group_copy_2D2D(global void *dst, size_t dst_offset, const local void *src, size_t src_offset, size_t num_bytes_per_element, size_t num_elements_per_line, size_t num_lines, size_t src_line_length, size_t dst_line_length, event_t event);".into());
        }
        p.header.push(format!(
            "Profile: local pointers made generic: {}; private pointers made generic: {}; explicit casts (to_*): {}.",
            if self.lg { "yes" } else { "no" },
            if self.pg { "yes" } else { "no" },
            if self.xc { "yes" } else { "no" }
        ));
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic() {
        let a = generate(1, 3);
        let b = generate(1, 3);
        assert_eq!(a.source, b.source);
        assert_eq!(a.spec, b.spec);
        assert_ne!(generate(1, 4).source, a.source);
    }

    #[test]
    fn programs_are_well_formed() {
        for i in 0..150 {
            let p = generate(7, i);
            let src = &p.source;
            assert!(
                src.lines().count() <= MAX_LINES,
                "{} has {} lines",
                p.name,
                src.lines().count()
            );
            assert_eq!(
                src.matches('{').count(),
                src.matches('}').count(),
                "{}",
                p.name
            );
            assert_eq!(crate::reduce::print(&crate::reduce::parse(src)), *src);
            assert_eq!(src.matches(&format!("kernel void {}(", p.name)).count(), 1);
            let args = p.spec.lines().filter(|l| l.starts_with("arg ")).count();
            assert_eq!(args, 6 + usize::from(src.contains(" *gx)")), "{}", p.name);
            // OpenCL's vector literal `(uint2)(x)[i]` must never appear
            for v in ["uint2)(", "uint4)(", "uint8)("] {
                for (at, _) in src.match_indices(v) {
                    // the parenthesis opened after the type, to its match
                    let rest = &src[at + v.len() - 1..];
                    let mut depth = 0;
                    let close = rest
                        .char_indices()
                        .find(|&(_, c)| {
                            depth += match c {
                                '(' => 1,
                                ')' => -1,
                                _ => 0,
                            };
                            depth == 0
                        })
                        .unwrap()
                        .0;
                    assert!(
                        !rest[close + 1..].starts_with('['),
                        "{}: {}",
                        p.name,
                        &src[at..at + 40]
                    );
                }
            }
        }
    }

    /// clang accepts the programs as OpenCL C 2.0 without warnings (but
    /// self-comparisons and `2 ^ 8`); skipped where LLVM 22 is not installed.
    #[test]
    fn clang_accepts_programs() {
        let clang = std::path::Path::new("/usr/lib/llvm-22/bin/clang");
        if !clang.exists() {
            eprintln!("clang_accepts_programs: no {}, skipped", clang.display());
            return;
        }
        let dir = std::env::temp_dir().join(format!("gas-generate-test.{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for i in 0..8 {
            let p = generate(11, i);
            let file = dir.join(format!("{}.cl", p.name));
            std::fs::write(&file, &p.source).unwrap();
            let out = std::process::Command::new(clang)
                .args([
                    "-cc1",
                    "-triple",
                    "spir64",
                    "-cl-std=CL2.0",
                    "-finclude-default-header",
                    "-fsyntax-only",
                    "-Werror",
                ])
                .args(["-Wno-tautological-compare", "-Wno-xor-used-as-pow"])
                .arg(&file)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}:\n{}",
                p.name,
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The extra element type's buffer is the kernel's last parameter and
    /// the spec's last argument, of the same type.
    #[test]
    fn extra_type_buffer_matches_spec() {
        let mut seen = Vec::new();
        for i in 0..60 {
            let p = generate(5, i);
            let last = p.spec.lines().last().unwrap();
            let found = [("ushort", "u16"), ("uchar", "u8"), ("ulong", "u64")]
                .into_iter()
                .find(|(c, _)| p.source.contains(&format!("global {c} *gx)")));
            match found {
                Some((c, t)) => {
                    assert!(last.starts_with(&format!("arg global {t} ")), "{}", p.name);
                    assert!(p.source.contains(&format!("{c} px[{W}]; local {c} lx[")));
                    seen.push(t);
                }
                None => assert!(!p.source.contains("gx"), "{}", p.name),
            }
        }
        for t in ["u16", "u8", "u64"] {
            assert!(seen.contains(&t), "no program with {t}");
        }
    }

    /// Every `lpt`/`gpt` slot a program reads was stored first: the first
    /// statement that mentions the array stores to it, and a read names a
    /// slot (`(lid * 4u) + j`) that an earlier line stored.
    #[test]
    fn pointer_slots_are_stored_before_they_are_read() {
        let mut programs = [0, 0];
        for i in 0..60 {
            let p = generate(9, i);
            for (k, (arr, id)) in [("lpt", "lid"), ("gpt", "gid")].into_iter().enumerate() {
                let decl = format!("{arr}[");
                let uses: Vec<&str> = p
                    .source
                    .lines()
                    .filter(|l| {
                        l.contains(&decl)
                            && !l.contains(&format!(
                                "*{} {arr}",
                                if k == 0 { "local" } else { "global" }
                            ))
                    })
                    .collect();
                if uses.is_empty() {
                    continue;
                }
                programs[k] += 1;
                assert!(
                    uses[0].trim_start().starts_with(&decl),
                    "{}: {}",
                    p.name,
                    uses[0]
                );
                let mut stored = Vec::new();
                for l in &uses {
                    for j in 0..SLOTS {
                        let slot = slot_index(k == 0, j).to_string();
                        let store = format!("{arr}[{slot}] = ");
                        if l.trim_start().starts_with(&store) {
                            stored.push(j);
                        } else if l.contains(&format!("{arr}[{slot}]"))
                            && !l.contains(&format!("{arr}[{slot}] + "))
                        {
                            assert!(stored.contains(&j), "{}: slot {j} read first: {l}", p.name);
                        }
                    }
                }
                assert!(p.source.contains(&format!("{arr}[({id} * {SLOTS}u)")));
            }
        }
        assert!(programs[0] >= 10 && programs[1] >= 10, "{programs:?}");
    }

    /// In 40 programs, the constructs added with the extra element types,
    /// pointer slots, differences and integer round trips all occur often.
    #[test]
    fn new_constructs_occur() {
        let srcs: Vec<String> = (0..40).map(|i| generate(31, i).source).collect();
        let count = |pat: &str| srcs.iter().filter(|s| s.contains(pat)).count();
        for (pat, min) in [
            ("uint *local lpt[", 8),
            ("uint *global gpt[", 8),
            ("(uint)(d", 8),
            ("(uintptr_t)", 8),
            (" *gx)", 20),
            ("u * sizeof(", 4),
            ("mutual recursion with", 2),
            ("get_global_id(1)", 8),
            ("ctab[", 12),
        ] {
            let n = count(pat);
            assert!(n >= min, "{pat}: {n} programs");
        }
    }

    #[test]
    fn fits_is_a_partial_order() {
        let g = PInfo {
            elem: Elem::U32,
            spaces: SG,
            acc: 4,
            life: 0,
            origin: 0,
        };
        let l = PInfo {
            spaces: SL,
            acc: 2,
            ..g
        };
        let j = g.join(l);
        assert!(g.fits(j) && l.fits(j));
        assert!(!j.fits(g));
    }
}
