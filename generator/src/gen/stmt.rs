//! Statements: the weighted choice among all constructs (`Gen::stmt`),
//! nested blocks with their scopes, the checksum update `mix`, and plain
//! stores through pointers.

use super::memory::{Elem, PInfo};
use super::slots::{nb_slot, slot_index};
use super::state::{Gen, Kind, Ret, Scope};
use super::{ASYNC_OUTS, COUNTERS, SLOTS};
use crate::ast::*;

impl Gen {
    /// Folds `e` into the function's checksum variable.
    pub(super) fn mix(&self, e: Expr) -> Stmt {
        let a = raw(self.f.acc.clone());
        Stmt::Assign(a.clone(), "=", bin(bin(a, "*", lit(31)), "+", e))
    }

    /// Statements of a nested block with its own scope.
    pub(super) fn block(&mut self, n: u32, extra: impl FnOnce(&mut Self)) -> Vec<Stmt> {
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
    pub(super) fn stmt(&mut self, out: &mut Vec<Stmt>) {
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

    /// A store of a `uint` through a pointer.
    fn store(&mut self, out: &mut Vec<Stmt>) {
        let Some(p) = self.ptr(PInfo::any(Elem::U32, 1), 2) else {
            return;
        };
        let lhs = self.deref(&p);
        let op = *self.rng.pick(&["=", "+=", "^=", "="]);
        let e = self.expr(2);
        out.push(Stmt::Assign(lhs, op, e));
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
}
