//! Tests of the generator: determinism, well-formed programs that clang
//! accepts, specs that match the kernels, and how often constructs occur.

use super::memory::{Elem, PInfo, SG, SL};
use super::slots::slot_index;
use super::{generate, MAX_LINES, SLOTS, W};

#[test]
fn deterministic() {
    let a = generate(1, 3);
    let b = generate(1, 3);
    assert_eq!(a.source, b.source);
    assert_eq!(a.spec, b.spec);
    assert_ne!(generate(1, 4).source, a.source);
}

#[test]
fn programs_are_well_formed() {
    for i in 0..150 {
        let p = generate(7, i);
        let src = &p.source;
        assert!(
            src.lines().count() <= MAX_LINES,
            "{} has {} lines",
            p.name,
            src.lines().count()
        );
        assert_eq!(
            src.matches('{').count(),
            src.matches('}').count(),
            "{}",
            p.name
        );
        assert_eq!(crate::reduce::print(&crate::reduce::parse(src)), *src);
        assert_eq!(src.matches(&format!("kernel void {}(", p.name)).count(), 1);
        let args = p.spec.lines().filter(|l| l.starts_with("arg ")).count();
        assert_eq!(args, 6 + usize::from(src.contains(" *gx)")), "{}", p.name);
        // OpenCL's vector literal `(uint2)(x)[i]` must never appear
        for v in ["uint2)(", "uint4)(", "uint8)("] {
            for (at, _) in src.match_indices(v) {
                // the parenthesis opened after the type, to its match
                let rest = &src[at + v.len() - 1..];
                let mut depth = 0;
                let close = rest
                    .char_indices()
                    .find(|&(_, c)| {
                        depth += match c {
                            '(' => 1,
                            ')' => -1,
                            _ => 0,
                        };
                        depth == 0
                    })
                    .unwrap()
                    .0;
                assert!(
                    !rest[close + 1..].starts_with('['),
                    "{}: {}",
                    p.name,
                    &src[at..at + 40]
                );
            }
        }
    }
}

/// clang accepts the programs as OpenCL C 2.0 without warnings (but
/// self-comparisons and `2 ^ 8`); skipped where LLVM 22 is not installed.
#[test]
fn clang_accepts_programs() {
    let clang = std::path::Path::new("/usr/lib/llvm-22/bin/clang");
    if !clang.exists() {
        eprintln!("clang_accepts_programs: no {}, skipped", clang.display());
        return;
    }
    let dir = std::env::temp_dir().join(format!("gas-generate-test.{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for i in 0..8 {
        let p = generate(11, i);
        let file = dir.join(format!("{}.cl", p.name));
        std::fs::write(&file, &p.source).unwrap();
        let out = std::process::Command::new(clang)
            .args([
                "-cc1",
                "-triple",
                "spir64",
                "-cl-std=CL2.0",
                "-finclude-default-header",
                "-fsyntax-only",
                "-Werror",
            ])
            .args(["-Wno-tautological-compare", "-Wno-xor-used-as-pow"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}:\n{}",
            p.name,
            String::from_utf8_lossy(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The extra element type's buffer is the kernel's last parameter and
/// the spec's last argument, of the same type.
#[test]
fn extra_type_buffer_matches_spec() {
    let mut seen = Vec::new();
    for i in 0..60 {
        let p = generate(5, i);
        let last = p.spec.lines().last().unwrap();
        let found = [("ushort", "u16"), ("uchar", "u8"), ("ulong", "u64")]
            .into_iter()
            .find(|(c, _)| p.source.contains(&format!("global {c} *gx)")));
        match found {
            Some((c, t)) => {
                assert!(last.starts_with(&format!("arg global {t} ")), "{}", p.name);
                assert!(p.source.contains(&format!("{c} px[{W}]; local {c} lx[")));
                seen.push(t);
            }
            None => assert!(!p.source.contains("gx"), "{}", p.name),
        }
    }
    for t in ["u16", "u8", "u64"] {
        assert!(seen.contains(&t), "no program with {t}");
    }
}

/// Every `lpt`/`gpt` slot a program reads was stored first: the first
/// statement that mentions the array stores to it, and a read names a
/// slot (`(lid * 4u) + j`) that an earlier line stored.
#[test]
fn pointer_slots_are_stored_before_they_are_read() {
    let mut programs = [0, 0];
    for i in 0..60 {
        let p = generate(9, i);
        for (k, (arr, id)) in [("lpt", "lid"), ("gpt", "gid")].into_iter().enumerate() {
            let decl = format!("{arr}[");
            let uses: Vec<&str> = p
                .source
                .lines()
                .filter(|l| {
                    l.contains(&decl)
                        && !l.contains(&format!(
                            "*{} {arr}",
                            if k == 0 { "local" } else { "global" }
                        ))
                })
                .collect();
            if uses.is_empty() {
                continue;
            }
            programs[k] += 1;
            assert!(
                uses[0].trim_start().starts_with(&decl),
                "{}: {}",
                p.name,
                uses[0]
            );
            let mut stored = Vec::new();
            for l in &uses {
                for j in 0..SLOTS {
                    let slot = slot_index(k == 0, j).to_string();
                    let store = format!("{arr}[{slot}] = ");
                    if l.trim_start().starts_with(&store) {
                        stored.push(j);
                    } else if l.contains(&format!("{arr}[{slot}]"))
                        && !l.contains(&format!("{arr}[{slot}] + "))
                    {
                        assert!(stored.contains(&j), "{}: slot {j} read first: {l}", p.name);
                    }
                }
            }
            assert!(p.source.contains(&format!("{arr}[({id} * {SLOTS}u)")));
        }
    }
    assert!(programs[0] >= 10 && programs[1] >= 10, "{programs:?}");
}

/// In 40 programs, the constructs added with the extra element types,
/// pointer slots, differences and integer round trips all occur often.
#[test]
fn new_constructs_occur() {
    let srcs: Vec<String> = (0..40).map(|i| generate(31, i).source).collect();
    let count = |pat: &str| srcs.iter().filter(|s| s.contains(pat)).count();
    for (pat, min) in [
        ("uint *local lpt[", 8),
        ("uint *global gpt[", 8),
        ("(uint)(d", 8),
        ("(uintptr_t)", 8),
        (" *gx)", 20),
        ("u * sizeof(", 4),
        ("mutual recursion with", 2),
        ("get_global_id(1)", 8),
        ("ctab[", 12),
        ("[1] = {", 2),
    ] {
        let n = count(pat);
        assert!(n >= min, "{pat}: {n} programs");
    }
}

#[test]
fn fits_is_a_partial_order() {
    let g = PInfo {
        elem: Elem::U32,
        spaces: SG,
        acc: 4,
        life: 0,
        origin: 0,
    };
    let l = PInfo {
        spaces: SL,
        acc: 2,
        ..g
    };
    let j = g.join(l);
    assert!(g.fits(j) && l.fits(j));
    assert!(!j.fits(g));
}

/// Checks, on 100 programs, that exactly those whose profile line says
/// `wants` get a kernel `<name><suffix>`, runs `check` on each such
/// program's name and source, and returns how many got one.
fn twins_in_100(wants: &str, suffix: &str, check: impl Fn(&str, &str)) -> usize {
    let mut twins = 0;
    for i in 0..100 {
        let p = generate(9, i);
        let has_twin = p
            .source
            .contains(&format!("kernel void {}{suffix}(", p.name));
        assert_eq!(p.source.contains(wants), has_twin, "{}", p.name);
        if has_twin {
            twins += 1;
            check(&p.name, &p.source);
        }
    }
    twins
}

#[test]
fn kernels_making_no_local_pointer_generic_get_a_local_twin() {
    let twins = twins_in_100("local pointers made generic: no;", "_ltwin", |name, src| {
        // The twin alone makes a local pointer generic, and enqueues.
        let casts = src.matches("ck ^= *(uint *)(lw + lid);").count();
        assert_eq!(casts, 1, "{name}");
        assert_eq!(src.matches("enqueue_kernel(").count(), 1, "{name}");
    });
    assert!(twins >= 5, "only {twins} local twins in 100 programs");
}

#[test]
fn kernels_making_private_pointers_generic_without_casts_get_a_twin() {
    let twins = twins_in_100(
        "private pointers made generic: yes; explicit casts (to_*): no.",
        "_twin",
        |name, src| {
            assert!(src.contains("to_private((uint *)gw)"), "{name}");
            // Both kernels call the helper that makes a private pointer generic.
            assert_eq!(src.matches("*twin_pick(twin_a, ").count(), 2, "{name}");
        },
    );
    assert!(twins >= 5, "only {twins} twins in 100 programs");
}
