//! The kernel: its ids, the work-item's regions in every address space and
//! their initialization, the generated statements, and the checksum of all
//! regions written to `out[gid]`.

use super::memory::{Elem, PInfo, Region, RegionArr, SG, SL, SP};
use super::state::{Gen, Kind};
use super::{Shape, FW, LCW, SLOTS, W};
use crate::ast::*;

impl Gen {
    /// The kernel `name` (after the helpers, which it may call).
    pub(super) fn kernel(&mut self, name: &str) -> Function {
        let Shape { local: ls, .. } = self.shape;
        let budget = self.rng.range(12, 24) as i32;
        self.start_fn(true, budget, "ck");
        for v in ["gid", "lid", "grp"] {
            self.push_var(v, Kind::Loop);
        }
        let mut pre = vec![
            Stmt::Line(if self.shape.dim0.is_some() {
                "uint gid = (uint)(get_global_id(1) * get_global_size(0) + get_global_id(0)), lid = (uint)(get_local_id(1) * get_local_size(0) + get_local_id(0)), grp = (uint)(get_group_id(1) * get_num_groups(0) + get_group_id(0));"
            } else {
                "uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0), grp = (uint)get_group_id(0);"
            }.into()),
            Stmt::Decl { ty: "uint".into(), name: "ck".into(), dims: String::new(), init: Some(Init::Expr(bin(raw(format!("0x{:x}u", self.rng.next_u64() as u32)), "^", raw("gid")))) },
            Stmt::Line(format!("uint pa[{W}], m[2][4];")),
            Stmt::Line(format!("float fa[{FW}];")),
            Stmt::Line(format!("local uint lk[{}];", ls * W)),
            Stmt::Line(format!("local float lf[{}];", ls * FW)),
        ];
        let nin = self.shape.nin();
        let (a, b, c) = (
            self.rng.range(1, 9),
            self.rng.range(1, 9),
            self.rng.range(1, 9),
        );
        pre.push(Stmt::Line(format!(
            "for (uint i = 0u; i < {W}u; i++) {{ pa[i] = in[((gid * {a}u) + i) % {nin}u]; m[i / 4u][i % 4u] = in[((gid * {b}u) + (i * 3u)) % {nin}u]; lw[(lid * {W}u) + i] = in[((gid * {c}u) + (i * 7u)) % {nin}u] ^ 0x55u; lk[(lid * {W}u) + i] = (gid * 16u) + i; }} // keep"
        )));
        pre.push(Stmt::Line(format!(
            "for (uint i = 0u; i < {FW}u; i++) {{ fa[i] = (float)((gid + i) % 8u) * 0.5f; lf[(lid * {FW}u) + i] = (float)(i * 3u) + 0.25f; }} // keep"
        )));
        // the extra element type's private and local regions (`gx` is an argument)
        let mut xt_sum = String::new();
        if let Some(t) = self.xt {
            let ty = t.c();
            pre.insert(
                6,
                Stmt::Line(format!("{ty} px[{W}]; local {ty} lx[{}];", ls * W)),
            );
            let d = self.rng.range(1, 9);
            let (pv, lv) = if t == Elem::U64 {
                (
                    format!(
                        "((ulong)in[((gid * {d}u) + (i * 5u)) % {nin}u] << 32u) | (ulong)(gid + i)"
                    ),
                    "(ulong)((gid * 16u) + i) * 0x9e3779b97f4a7c15ul".to_string(),
                )
            } else {
                (
                    format!("({ty})(in[((gid * {d}u) + (i * 5u)) % {nin}u] * 3u)"),
                    format!("({ty})((gid * 5u) + i + 1u)"),
                )
            };
            pre.push(Stmt::Line(format!(
                "for (uint i = 0u; i < {W}u; i++) {{ px[i] = {pv}; lx[(lid * {W}u) + i] = {lv}; }} // keep"
            )));
            let fold = |e: &str| t.fold(raw(e)).to_string();
            xt_sum = format!(
                "for (uint i = 0u; i < {W}u; i++) ck = (ck * 31u) + {} + ({} * 3u); // keep",
                fold("px[i]"),
                fold(&format!("lx[(lid * {W}u) + i]"))
            );
        }
        let mut regions = vec![
            (RegionArr::Fixed(raw("pa")), None, Elem::U32, SP, W, true),
            (RegionArr::Fixed(raw("m[0u]")), None, Elem::U32, SP, 4, true),
            (RegionArr::Rows("m".into(), 2), None, Elem::U32, SP, 4, true),
            (RegionArr::Fixed(raw("fa")), None, Elem::F32, SP, FW, true),
        ];
        for (arr, id, elem, space, w) in [
            ("lw", "lid", Elem::U32, SL, W),
            ("lk", "lid", Elem::U32, SL, W),
            ("gw", "gid", Elem::U32, SG, W),
            ("lf", "lid", Elem::F32, SL, FW),
            ("gf", "gid", Elem::F32, SG, FW),
        ] {
            regions.push((
                RegionArr::Fixed(raw(arr)),
                Some(bin(raw(id), "*", lit(w))),
                elem,
                space,
                w,
                true,
            ));
        }
        if let Some(t) = self.xt {
            regions.push((RegionArr::Fixed(raw("px")), None, t, SP, W, true));
            for (arr, id, space) in [("lx", "lid", SL), ("gx", "gid", SG)] {
                regions.push((
                    RegionArr::Fixed(raw(arr)),
                    Some(bin(raw(id), "*", lit(W))),
                    t,
                    space,
                    W,
                    true,
                ));
            }
        }
        if self.progscope {
            regions.push((
                RegionArr::Fixed(raw("pv")),
                Some(bin(raw("gid"), "*", lit(W))),
                Elem::U32,
                SG,
                W,
                true,
            ));
            regions.push((
                RegionArr::Fixed(raw("pgp")),
                Some(bin(raw("gid"), "*", lit(W))),
                Elem::U32,
                SG,
                W,
                false,
            ));
        }
        for (arr, start, elem, spaces, len, named) in regions {
            if (spaces == SL && !self.lg) || (spaces == SP && !self.pg) {
                continue;
            }
            self.push_region(Region {
                arr,
                start,
                info: PInfo {
                    elem,
                    spaces,
                    acc: len,
                    life: 0,
                    origin: 0,
                },
                named,
            });
        }
        let mut body = Vec::new();
        while self.f.budget > 0 {
            self.stmt(&mut body);
        }
        if self.async_any {
            pre.insert(4, Stmt::Line(format!("local uint lc[{}];", ls * LCW)));
        }
        if self.shared {
            pre.insert(4, Stmt::Line("local atomic_uint lcnt;".into()));
        }
        if self.slots[0] > 0 {
            pre.insert(4, Stmt::Line(format!("uint *local lpt[{}];", ls * SLOTS)));
        }
        let mut all = pre;
        all.extend(body);
        let pv = if self.progscope {
            format!(" + (pv[(gid * {W}u) + i] * 11u)")
        } else {
            String::new()
        };
        all.push(Stmt::Line(format!(
            "for (uint i = 0u; i < {W}u; i++) ck = (ck * 31u) + pa[i] + (lw[(lid * {W}u) + i] * 3u) + (lk[(lid * {W}u) + i] * 5u) + (m[i / 4u][i % 4u] * 7u){pv}; // keep"
        )));
        all.push(Stmt::Line(format!(
            "for (uint i = 0u; i < {FW}u; i++) ck = (ck * 31u) + as_uint(fa[i]) + (as_uint(lf[(lid * {FW}u) + i]) * 3u); // keep"
        )));
        if !xt_sum.is_empty() {
            all.push(Stmt::Line(xt_sum));
        }
        all.push(Stmt::Line("out[gid] = ck; // keep".into()));
        let mut params = vec![
            ("global const uint *".into(), "in".into()),
            ("global uint *".into(), "out".into()),
            ("global uint *".into(), "gw".into()),
            ("global float *".into(), "gf".into()),
            ("local uint *".into(), "lw".into()),
            ("global uint *".into(), "cnt".into()),
        ];
        if let Some(t) = self.xt {
            params.push((format!("global {} *", t.c()), "gx".into()));
        }
        Function {
            prefix: "kernel ".into(),
            ret: "void".into(),
            name: name.into(),
            params,
            body: all,
            comment: String::new(),
        }
    }
}
