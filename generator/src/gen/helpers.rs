//! Helper functions: their parameter requirements, the parameters as
//! variables of the body, and whole helpers (plain, pointer-returning,
//! recursive, with mutual-recursion partners, over structs or tables).

use super::memory::{Elem, PInfo, Region, RegionArr, SALL, SG, SL, SP};
use super::state::{Gen, Helper, Kind, Param, Ret, Var};
use super::W;
use crate::ast::*;

impl Gen {
    /// What a new pointer parameter accepts: global pointers, and local or
    /// private ones where this program makes those generic.
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

    /// Helper `h<idx>`, recorded in `self.helpers` for the later callers (its
    /// mutual-recursion partner, if any, is left in `self.partner`).
    pub(super) fn helper(&mut self, idx: usize) -> Function {
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
}
