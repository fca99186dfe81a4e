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
//!
//! # Layout
//!
//! `Gen` (in `state`) holds the generator's state; each construct adds
//! methods to it in its own file: `expr` (values), `pointers` (pointer
//! expressions), `stmt` (the choice among statements), `pointer_stmts`,
//! `aggregates`, `slots`, `calls`, `builtins` and `work_group` (the
//! constructs), `helpers` and `kernel` (functions), `program` (the whole
//! program and its `.spec`). `memory` holds the types of the memory model
//! above.

mod aggregates;
mod builtins;
mod calls;
mod expr;
mod helpers;
mod kernel;
mod memory;
mod pointer_stmts;
mod pointers;
mod program;
mod slots;
mod state;
mod stmt;
#[cfg(test)]
mod tests;
mod work_group;

pub use memory::Elem;

use crate::rng::Rng;
use state::Gen;

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
