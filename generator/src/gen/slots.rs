//! Pointers stored in memory: the work-item's slots of the kernel-scope
//! `uint *local lpt[]` and the program-scope `uint *global gpt[]`, filled
//! once per kernel and read back like pointer tables, and the neighbour's
//! `lpt` slot read between barriers.

use super::memory::{Elem, PInfo, PVal, SALL, SG, SL, SP};
use super::state::{Gen, Kind, Var};
use super::SLOTS;
use crate::ast::*;

/// A top-level `lpt` slot holding only global or local `uint` pointers
/// (its neighbour may read it between barriers): (info, n, j).
pub(super) fn nb_slot(v: &Var) -> Option<(PInfo, u32, u32)> {
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
pub(super) fn slot_index(local: bool, j: u32) -> Expr {
    let id = if local { "lid" } else { "gid" };
    let b = bin(raw(id), "*", lit(SLOTS));
    if j == 0 {
        b
    } else {
        bin(b, "+", lit(j))
    }
}

impl Gen {
    /// Stores 1–2 pointers (any space the generator can make, private ones
    /// included: only this work-item reads them back) to the work-item's
    /// next slots of `lpt` (kernel-scope local, indexed by `lid`) or `gpt`
    /// (program-scope global, by `gid`). While the pseudo-variable it pushes
    /// is in scope the slots are read like a table (`ptr`) and stored to
    /// (statement 11) with pointers that fit. Slots are never declared
    /// twice, so one left holding a pointer into a dead region is never read.
    pub(super) fn slot_decl(&mut self, out: &mut Vec<Stmt>) {
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
    pub(super) fn fill_slots(
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
    pub(super) fn slot_exchange(&mut self, out: &mut Vec<Stmt>) {
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
}
