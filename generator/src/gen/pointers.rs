//! Pointer expressions: picking a region, variable, table, slot or struct
//! field that fits a requirement (`Gen::ptr`), and choosing the element
//! type and widened `PInfo` of new pointer variables.

use super::memory::{Elem, PInfo, PVal, Region, RegionArr, SALL, SG, SL, SP};
use super::slots::slot_index;
use super::state::{Gen, Kind};
use crate::ast::*;

impl Gen {
    /// A pointer expression fitting `want` (`d` bounds nested selects), or
    /// None when nothing in scope fits.
    pub(super) fn ptr(&mut self, want: PInfo, d: u32) -> Option<PVal> {
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
    pub(super) fn tab_elem(&mut self, name: String, n: u32, base: Option<Expr>) -> Expr {
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
    pub(super) fn widen(&mut self, mut info: PInfo) -> PInfo {
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
    pub(super) fn ptr_elem(&mut self) -> Elem {
        let xt = if self.xt.is_some() { 2 } else { 0 };
        match self.rng.weighted(&[8, 2, xt]) {
            0 => Elem::U32,
            1 => Elem::F32,
            _ => self.xt.expect("an extra element type"),
        }
    }
}
