//! OpenCL builtins that take pointers: explicit casts (`to_global`,
//! `to_local`, `to_private`), OpenCL 2.0 and 1.x atomics on the work-item's
//! own words, `vload`/`vstore`, and math builtins writing through a pointer.

use super::memory::{Elem, PInfo, SG, SL};
use super::state::Gen;
use super::{FW, W};
use crate::ast::*;

impl Gen {
    /// `to_global`/`to_local`/`to_private` of a generic pointer, the results
    /// tested against NULL and used for named accesses.
    pub(super) fn explicit_casts(&mut self, out: &mut Vec<Stmt>) {
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
    pub(super) fn atomic_own(&mut self, out: &mut Vec<Stmt>) {
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
    pub(super) fn atomic_1x(&mut self, out: &mut Vec<Stmt>) {
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
    pub(super) fn vector(&mut self, out: &mut Vec<Stmt>) {
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
    pub(super) fn float_builtin(&mut self, out: &mut Vec<Stmt>) {
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
}
