//! `uint` and `float` expressions: atoms, operators, conditions, reads
//! through pointers, and the values and assignment operators a store of
//! each element type may use.

use super::memory::{Elem, PInfo, PVal};
use super::state::{Gen, Kind};
use super::CTAB;
use crate::ast::*;

impl Gen {
    /// A uint-valued atom: literal, variable, work-item id, input element.
    pub(super) fn atom(&mut self) -> Expr {
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
    pub(super) fn expr(&mut self, d: u32) -> Expr {
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
    pub(super) fn cond_expr(&mut self, d: u32) -> Expr {
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
    pub(super) fn deref(&mut self, p: &PVal) -> Expr {
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
    pub(super) fn float_expr(&mut self) -> Expr {
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

    /// A value to store through a pointer to `t` (no implicit narrowing of
    /// constants: clang warns about those).
    pub(super) fn value(&mut self, t: Elem) -> Expr {
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
    pub(super) fn assign_op(&mut self, t: Elem) -> &'static str {
        let ops: &[&'static str] = match t {
            Elem::U32 => &["=", "+=", "^=", "="],
            Elem::F32 => &["=", "+=", "="],
            Elem::U16 | Elem::U8 => &["=", "+=", "^=", "|="],
            Elem::U64 => &["=", "+=", "^=", "*="],
        };
        ops[self.rng.below(ops.len() as u32) as usize]
    }
}
