//! Statements built around pointer variables: pointer differences and
//! comparisons, integer round trips through `uintptr_t`, reassignment,
//! and loops whose pointers are loop-carried phis.

use super::memory::{Elem, PInfo, PVal};
use super::state::{Gen, Kind};
use crate::ast::*;

impl Gen {
    /// Two pointer variables into one region at run time, the second
    /// derived from the first by an offset (constant, run-time, or a select
    /// of two): their difference (in elements, or in bytes through
    /// `uintptr_t`) and comparisons go to the checksum, never an address.
    /// Both stay in scope as (read-only) pointer variables.
    pub(super) fn ptr_diff(&mut self, out: &mut Vec<Stmt>) {
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
    pub(super) fn round_trip(&mut self, out: &mut Vec<Stmt>) {
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

    /// Assigns an assignable pointer variable or struct field a pointer
    /// that fits it.
    pub(super) fn assign_ptr(&mut self, out: &mut Vec<Stmt>) {
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
    pub(super) fn advance_loop(&mut self, out: &mut Vec<Stmt>) {
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
    pub(super) fn ping_pong(&mut self, out: &mut Vec<Stmt>) {
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
}
