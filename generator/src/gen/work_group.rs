//! Constructs that share memory within a work-group (kernel top level only,
//! between barriers): reading the neighbour's local region, work-group
//! counters updated by atomics, and `async_work_group_copy` in and out of
//! the kernel-scope local array `lc`.

use super::memory::{Elem, PInfo};
use super::state::Gen;
use super::{COUNTERS, LCW, W};
use crate::ast::*;

impl Gen {
    /// Reads the neighbour's local region between two barriers (kernel top
    /// level), through a generic pointer (or a named one when local pointers
    /// must not become generic).
    pub(super) fn exchange(&mut self, out: &mut Vec<Stmt>) {
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
    pub(super) fn counter(&mut self, out: &mut Vec<Stmt>) {
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
    pub(super) fn async_in(&mut self, out: &mut Vec<Stmt>) {
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
    pub(super) fn async_out(&mut self, out: &mut Vec<Stmt>) {
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
}
