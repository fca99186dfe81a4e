//! Calls to the generated helpers: the arguments each parameter kind needs
//! (declaring tables, slots or structs first where it must) and what a
//! returned pointer may point to.

use super::memory::PInfo;
use super::slots::slot_index;
use super::state::{Gen, Helper, Kind, Param, Ret};
use super::SLOTS;
use crate::ast::*;

impl Gen {
    /// Arguments for `h`; declarations they need go to `out` first. Returns
    /// the arguments and, for a pointer-returning helper, what the result
    /// may point to.
    fn args(&mut self, h: &Helper, out: &mut Vec<Stmt>) -> Option<(Vec<Expr>, Option<PInfo>)> {
        let mut args = Vec::new();
        // per parameter: (spaces, life, origin) of what a returned pointer derived from it may be
        let mut derived = Vec::new();
        for p in &h.params {
            match p {
                Param::U32 => {
                    args.push(self.expr(1));
                    derived.push(None);
                }
                Param::Depth(max) => {
                    let a = self.atom();
                    args.push(bin(a, "%", lit(max + 1)));
                    derived.push(None);
                }
                Param::Ptr(req) => {
                    let v = self.ptr(
                        PInfo {
                            life: i32::MAX,
                            origin: u32::MAX,
                            ..*req
                        },
                        1,
                    )?;
                    derived.push(Some((v.info.spaces, v.info.life, v.info.origin)));
                    args.push(v.e);
                }
                Param::Tab(req, n) => {
                    let fits = |info: PInfo| {
                        info.fits(PInfo {
                            life: i32::MAX,
                            origin: u32::MAX,
                            ..*req
                        })
                    };
                    // a private table, or the work-item's slots of `gpt` or
                    // (when local pointers may become generic) `lpt`
                    let found: Vec<(Expr, PInfo, i32)> = self
                        .vars()
                        .filter_map(|v| match v.kind {
                            Kind::Tab(info, m) if m == *n && fits(info) => {
                                Some((raw(v.name.clone()), info, v.life))
                            }
                            Kind::Slots {
                                info,
                                n: m,
                                local,
                                j,
                            } if m == *n && fits(info) && (self.lg || !local) => Some((
                                addr(index(raw(v.name.clone()), slot_index(local, j))),
                                info,
                                v.life,
                            )),
                            _ => None,
                        })
                        .collect();
                    // or fresh slots of `lpt`/`gpt` (kernel only)
                    let arrays: Vec<bool> = [true, false]
                        .into_iter()
                        .filter(|&l| {
                            self.f.kernel
                                && (self.lg || !l)
                                && self.slots[usize::from(!l)] + n <= SLOTS
                        })
                        .collect();
                    let (name, info, life) = if !found.is_empty() && self.rng.chance(2, 3) {
                        self.rng.pick(&found).clone()
                    } else if !arrays.is_empty() && self.rng.chance(1, 2) {
                        let local = *self.rng.pick(&arrays);
                        let want = PInfo {
                            life: i32::MAX,
                            origin: u32::MAX,
                            ..*req
                        };
                        let (info, j) = self.fill_slots(out, local, *n, want)?;
                        let arr = if local { "lpt" } else { "gpt" };
                        self.push_var(
                            arr,
                            Kind::Slots {
                                info,
                                n: *n,
                                local,
                                j,
                            },
                        );
                        let e = addr(index(raw(arr), slot_index(local, j)));
                        (e, info, self.depth())
                    } else {
                        let mut items = Vec::new();
                        let mut info: Option<PInfo> = None;
                        for _ in 0..*n {
                            let v = self.ptr(
                                PInfo {
                                    life: i32::MAX,
                                    origin: u32::MAX,
                                    ..*req
                                },
                                1,
                            )?;
                            info = Some(info.map_or(v.info, |i| i.join(v.info)));
                            items.push(Init::Expr(v.e));
                        }
                        let name = self.fresh("t");
                        out.push(Stmt::Decl {
                            ty: "uint *".into(),
                            name: name.clone(),
                            dims: format!("[{n}]"),
                            init: Some(Init::List(items)),
                        });
                        self.push_var(&name, Kind::Tab(info.unwrap(), *n));
                        (raw(name), info.unwrap(), self.depth())
                    };
                    derived.push(Some((req.spaces, life.max(info.life), info.origin)));
                    args.push(self.through_holder("uint **", name, out));
                }
                Param::Struct(ty) => {
                    let found: Vec<(String, bool, i32, u32)> = self
                        .vars()
                        .filter_map(|v| match v.kind {
                            Kind::Struct {
                                ty: t,
                                arrow,
                                origin,
                            } if t == *ty => Some((v.name.clone(), arrow, v.life, origin)),
                            _ => None,
                        })
                        .collect();
                    let (name, arrow, life, origin) = if !found.is_empty() && self.rng.chance(2, 3)
                    {
                        self.rng.pick(&found).clone()
                    } else {
                        let name = self.struct_decl(out)?;
                        (name, false, self.depth(), 0)
                    };
                    let spaces = self.structs[*ty].pinfo.spaces;
                    derived.push(Some((spaces, life, if arrow { origin } else { 0 })));
                    let target = if arrow { raw(name) } else { addr(raw(name)) };
                    let ty = format!("{} *", self.structs[*ty].name);
                    args.push(self.through_holder(&ty, target, out));
                }
            }
        }
        let ret = match &h.ret {
            Ret::U32 => None,
            Ret::Ptr { info, origin } => {
                let mut r = PInfo {
                    spaces: 0,
                    life: i32::MIN,
                    origin: 0,
                    ..*info
                };
                for (i, d) in derived.iter().enumerate() {
                    if origin & (1 << i) != 0 {
                        let (s, l, o) = d.expect("a pointer derives from a pointer parameter");
                        r.spaces |= s;
                        r.life = r.life.max(l);
                        r.origin |= o;
                    }
                }
                Some(r)
            }
        };
        Some((args, ret))
    }

    /// `address` (of type `ty`), or now and then the same address kept in a
    /// private holder `ty h[1]` and read back: a pointer to pointers or to
    /// a struct of pointers that itself passes through memory (two levels).
    fn through_holder(&mut self, ty: &str, address: Expr, out: &mut Vec<Stmt>) -> Expr {
        if !self.rng.chance(1, 2) {
            return address;
        }
        let holder = self.fresh("h");
        out.push(Stmt::Decl {
            ty: ty.into(),
            name: holder.clone(),
            dims: "[1]".into(),
            init: Some(Init::List(vec![Init::Expr(address)])),
        });
        index(raw(holder), lit(0))
    }

    /// A call of a `uint`-returning helper, mixed into the checksum or kept
    /// in a new variable.
    pub(super) fn call_u32(&mut self, out: &mut Vec<Stmt>) {
        let cands: Vec<Helper> = self
            .helpers
            .iter()
            .filter(|h| matches!(h.ret, Ret::U32))
            .cloned()
            .collect();
        let h = self.rng.pick(&cands).clone();
        if !self.pg
            && h.params
                .iter()
                .any(|p| matches!(p, Param::Tab(..) | Param::Struct(_)))
        {
            return;
        }
        let mut pre = Vec::new();
        let Some((args, _)) = self.args(&h, &mut pre) else {
            // what it declared (tables, slots) stays declared
            out.extend(pre);
            return;
        };
        out.extend(pre);
        let c = call(h.name.clone(), args);
        if self.rng.chance(1, 2) {
            out.push(self.mix(c));
        } else {
            let name = self.fresh("v");
            out.push(Stmt::Decl {
                ty: "uint".into(),
                name: name.clone(),
                dims: String::new(),
                init: Some(Init::Expr(c)),
            });
            self.push_var(&name, Kind::U32);
        }
    }

    /// A call of a pointer-returning helper, kept in a new pointer variable.
    pub(super) fn call_ptr(&mut self, out: &mut Vec<Stmt>) {
        let cands: Vec<Helper> = self
            .helpers
            .iter()
            .filter(|h| matches!(h.ret, Ret::Ptr { .. }))
            .cloned()
            .collect();
        let h = self.rng.pick(&cands).clone();
        let mut pre = Vec::new();
        let Some((args, Some(info))) = self.args(&h, &mut pre) else {
            // what it declared (tables, slots) stays declared
            out.extend(pre);
            return;
        };
        out.extend(pre);
        let name = self.fresh("p");
        out.push(Stmt::Decl {
            ty: "uint *".into(),
            name: name.clone(),
            dims: String::new(),
            init: Some(Init::Expr(call(h.name.clone(), args))),
        });
        self.push_var(&name, Kind::Ptr(info, true));
    }
}
