//! Aggregates holding pointers: private pointer tables (`uint *t[n]`) and
//! private structs (`S0`, whose pointer field satisfies its `PInfo`).

use super::memory::{Elem, PInfo, Region, RegionArr, SP};
use super::state::{Gen, Kind};
use crate::ast::*;

impl Gen {
    /// Declares a private table of 2–4 pointers.
    pub(super) fn tab_decl(&mut self, out: &mut Vec<Stmt>) {
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

    /// An initializer for a fresh struct of type `ty` (None when no pointer
    /// fits its field).
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
    pub(super) fn struct_decl(&mut self, out: &mut Vec<Stmt>) -> Option<String> {
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
}
