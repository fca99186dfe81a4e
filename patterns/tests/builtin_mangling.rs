//! Checks `builtin_calls` against clang 22: every table entry is called
//! through a generic pointer (OpenCL C 2.0) and through named pointers, and
//! the named callee clang picks must be what moving the generic callee's
//! pointers gives: `mangle(with_pointer_address_space(demangle(generic)))`.
//! Every callee clang declares must also round-trip through the mangler.
//!
//! Named overloads are declared by clang 22's header in
//! - OpenCL C 1.2 (`Always` entries);
//! - OpenCL C 3.0 without the generic space, which `-cl-ext` can switch off
//!   only together with the features that need it (pipes, device enqueue):
//!   `Always` entries and named atomics;
//! - plain OpenCL C 3.0 (generic space on): named atomics only.
//!
//! Skipped only when no clang can be run (`$GAS_CLANG`, LLVM 22's, `clang-22`).

use std::collections::BTreeSet;
use std::io::Write as _;
use std::process::{Command, Stdio};

use gas_patterns::analysis::builtin_table::{self, NamedOverloads, BUILTINS};
use gas_patterns::analysis::mangling::{
    demangle, mangle, pointer_parameters, with_pointer_address_space,
};

/// The SPIR number of the generic space.
const GENERIC: Option<u32> = Some(4);

/// One call of a table entry: the pointee types of its pointer arguments
/// (`p0`, `p1`, in parameter order) and the call expression using them.
struct Probe {
    builtin: &'static str,
    pointees: Vec<String>,
    call: String,
}

impl Probe {
    fn new(builtin: &'static str, pointees: &[&str], call: String) -> Probe {
        Probe {
            builtin,
            pointees: pointees.iter().map(|p| p.to_string()).collect(),
            call,
        }
    }

    /// A function making the call through pointers in `spaces` (OpenCL
    /// spellings; empty = no qualifier, generic in OpenCL C 2.0).
    fn function(&self, name: &str, spaces: &[&str]) -> String {
        let parameters: Vec<String> = self
            .pointees
            .iter()
            .zip(spaces)
            .enumerate()
            .map(|(index, (pointee, space))| format!("{space} {pointee} *p{index}"))
            .collect();
        format!(
            "void {name}({}) {{ (void)({}); }}\n",
            parameters.join(", "),
            self.call
        )
    }
}

/// The probes of one table entry: several gentypes, scalar and vector.
fn probes(builtin: &'static str) -> Vec<Probe> {
    let mut probes = Vec::new();
    let mut add =
        |pointees: &[&str], call: String| probes.push(Probe::new(builtin, pointees, call));
    let (family, size) = split_size(builtin);
    match family {
        "fract" | "modf" | "sincos" => {
            for ty in ["float", "float4", "double2", "float16"] {
                add(&[ty], format!("{builtin}(({ty})(0), p0)"));
            }
        }
        "frexp" | "lgamma_r" => {
            for (ty, int) in [("float", "int"), ("float4", "int4"), ("double3", "int3")] {
                add(&[int], format!("{builtin}(({ty})(0), p0)"));
            }
        }
        "remquo" => {
            for (ty, int) in [("float", "int"), ("float8", "int8"), ("double", "int")] {
                add(&[int], format!("{builtin}(({ty})(0), ({ty})(0), p0)"));
            }
        }
        "vload" => {
            for element in ["float", "int", "uchar", "double", "short"] {
                add(&[&format!("const {element}")], format!("{builtin}(0, p0)"));
            }
        }
        "vstore" => {
            for element in ["float", "int", "uchar", "double", "ulong"] {
                add(
                    &[element],
                    format!("{builtin}(({element}{size})(0), 0, p0)"),
                );
            }
        }
        "vload_half" | "vloada_half" => {
            add(&["const half"], format!("{builtin}(0, p0)"));
            add(&["half"], format!("{builtin}(0, p0)"));
        }
        "vstore_half" | "vstorea_half" => {
            for element in ["float", "double"] {
                add(&["half"], format!("{builtin}(({element}{size})(0), 0, p0)"));
            }
        }
        _ => atomic_probes(builtin, &mut add),
    }
    assert!(!probes.is_empty(), "no probe for {builtin}");
    probes
}

/// `vstore_half4_rte` -> (`vstore_half`, `4`); `fract` -> (`fract`, ``).
fn split_size(builtin: &str) -> (&str, &str) {
    let base = builtin
        .strip_suffix("_rte")
        .or_else(|| builtin.strip_suffix("_rtz"))
        .or_else(|| builtin.strip_suffix("_rtp"))
        .or_else(|| builtin.strip_suffix("_rtn"))
        .unwrap_or(builtin);
    for size in ["16", "2", "3", "4", "8"] {
        if let Some(family) = base.strip_suffix(size) {
            if family.starts_with("vload") || family.starts_with("vstore") {
                return (family, size);
            }
        }
    }
    (base, "")
}

/// Probes of the C11-style atomics, with and without the memory scope.
fn atomic_probes(builtin: &'static str, add: &mut impl FnMut(&[&str], String)) {
    let (operation, explicit) = match builtin.strip_suffix("_explicit") {
        Some(operation) => (operation, true),
        None => (builtin, false),
    };
    // (extra arguments, orders) for the plain and explicit forms.
    let orders: &[&str] = if explicit {
        &[
            ", memory_order_relaxed",
            ", memory_order_relaxed, memory_scope_device",
        ]
    } else {
        &[""]
    };
    let values: &[(&str, &str)] = match operation {
        "atomic_flag_test_and_set" | "atomic_flag_clear" => &[("atomic_flag", "")],
        "atomic_fetch_add" | "atomic_fetch_sub" | "atomic_fetch_min" | "atomic_fetch_max" => &[
            ("atomic_int", "int"),
            ("atomic_uint", "uint"),
            ("atomic_long", "long"),
        ],
        "atomic_fetch_or" | "atomic_fetch_xor" | "atomic_fetch_and" => {
            &[("atomic_int", "int"), ("atomic_ulong", "ulong")]
        }
        _ => &[
            ("atomic_int", "int"),
            ("atomic_float", "float"),
            ("atomic_long", "long"),
        ],
    };
    for &(atomic, value) in values {
        let object = format!("volatile {atomic}");
        for order in orders {
            match operation {
                "atomic_flag_test_and_set" | "atomic_flag_clear" | "atomic_load" => {
                    add(&[&object], format!("{builtin}(p0{order})"));
                }
                "atomic_compare_exchange_strong" | "atomic_compare_exchange_weak" => {
                    // The failure order repeats the success order (a substitution).
                    let orders = if order.is_empty() {
                        String::new()
                    } else {
                        order.replacen(
                            ", memory_order_relaxed",
                            ", memory_order_relaxed, memory_order_relaxed",
                            1,
                        )
                    };
                    add(
                        &[&object, value],
                        format!("{builtin}(p0, p1, ({value})(0){orders})"),
                    );
                }
                _ => add(&[&object], format!("{builtin}(p0, ({value})(0){order})")),
            }
        }
    }
}

/// Where clang is, or `None` when none can be run.
fn clang() -> Option<String> {
    let candidates = std::env::var("GAS_CLANG").into_iter().chain([
        "/usr/lib/llvm-22/bin/clang".to_string(),
        "clang-22".to_string(),
    ]);
    candidates.into_iter().find(|clang| {
        Command::new(clang)
            .arg("--version")
            .output()
            .is_ok_and(|output| output.status.success())
    })
}

/// Compiles `source` with `flags`; returns each `probe_*` function's callee
/// and every `_Z` name declared.
fn compile(clang: &str, flags: &[&str], source: &str) -> (Vec<(String, String)>, Vec<String>) {
    let mut child = Command::new(clang)
        .args(["-cc1", "-triple", "spir64"])
        .args(flags)
        .args([
            "-finclude-default-header",
            "-emit-llvm",
            "-O0",
            "-x",
            "cl",
            "-",
            "-o",
            "-",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("clang starts");
    let mut stdin = child.stdin.take().expect("clang's stdin");
    let source = source.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(source.as_bytes()));
    let output = child.wait_with_output().expect("clang runs");
    writer.join().expect("writer").expect("source written");
    let ir = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "clang {flags:?} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut callees = Vec::new();
    let mut declared = Vec::new();
    let mut function: Option<String> = None;
    for line in ir.lines() {
        if line.starts_with("define ") {
            function = symbol_after(line, "@probe_").map(|name| format!("probe_{name}"));
        } else if line.starts_with("declare ") {
            declared.extend(symbol_after(line, "@_Z").map(|name| format!("_Z{name}")));
        } else if let (Some(probe), Some(callee)) = (&function, symbol_after(line, "@_Z")) {
            if line.contains(" call ") {
                callees.push((probe.clone(), format!("_Z{callee}")));
            }
        }
    }
    (callees, declared)
}

/// The symbol characters after `prefix` in `line`.
fn symbol_after(line: &str, prefix: &str) -> Option<String> {
    let start = line.find(prefix)? + prefix.len();
    let name: String = line[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    Some(name)
}

/// The OpenCL spelling of a named space.
fn spelling(space: Option<u32>) -> &'static str {
    match space {
        Some(1) => "__global",
        Some(3) => "__local",
        None => "__private",
        other => panic!("no named space {other:?}"),
    }
}

/// Every combination of named spaces for `pointers` pointer arguments.
fn combinations(named: NamedOverloads, pointers: usize) -> Vec<Vec<Option<u32>>> {
    let mut combinations = vec![Vec::new()];
    for ordinal in 0..pointers {
        combinations = combinations
            .into_iter()
            .flat_map(|prefix| {
                named.spaces(ordinal).iter().map(move |space| {
                    let mut combination = prefix.clone();
                    combination.push(*space);
                    combination
                })
            })
            .collect();
    }
    combinations
}

/// Calls outside the table, for the round trip only.
const ROUND_TRIP_ONLY: &str = r#"
void probe_rt_0(const int *p) { (void)get_fence(p); }
void probe_rt_1(int *p) { (void)get_fence(p); }
void probe_rt_2(event_t *e) { wait_group_events(1, e); }
void probe_rt_3(__local float4 *l, __global const float4 *g, event_t e) {
  (void)async_work_group_copy(l, g, 4, e);
  (void)async_work_group_strided_copy(g, l, 4, 2, e);
}
void probe_rt_4(read_only image2d_t image, sampler_t sampler, write_only image3d_t out) {
  float4 texel = read_imagef(image, sampler, (int2)(0));
  write_imagef(out, (int4)(0), texel);
}
void probe_rt_5(volatile __global int *p, __global float *q) {
  (void)atomic_add(p, 1);
  (void)atomic_cmpxchg(p, 1, 2);
  prefetch(q, 4);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_relaxed, memory_scope_device);
  (void)work_group_reduce_add(1.0f);
  (void)get_global_id(0);
  (void)get_work_dim();
  (void)shuffle2((float4)(0), (float4)(1), (uint4)(0));
  (void)select((int2)(0), (int2)(1), (int2)(0));
}
"#;

/// One named compile: which entries it covers and with what flags.
struct NamedMode {
    flags: &'static [&'static str],
    covers: &'static [NamedOverloads],
}

const NAMED_MODES: &[NamedMode] = &[
    NamedMode {
        flags: &["-cl-std=CL1.2"],
        covers: &[NamedOverloads::Always],
    },
    NamedMode {
        flags: &[
            "-cl-std=CL3.0",
            "-cl-ext=-__opencl_c_generic_address_space,-__opencl_c_pipes,-__opencl_c_device_enqueue",
        ],
        covers: &[NamedOverloads::Always, NamedOverloads::NamedAtomics],
    },
    NamedMode {
        flags: &["-cl-std=CL3.0"],
        covers: &[NamedOverloads::NamedAtomics],
    },
];

#[test]
fn named_overloads_are_generic_ones_moved() {
    let Some(clang) = clang() else {
        eprintln!("SKIPPED: no clang found ($GAS_CLANG, /usr/lib/llvm-22/bin/clang, clang-22)");
        return;
    };
    let probes: Vec<(NamedOverloads, Probe)> = BUILTINS
        .iter()
        .flat_map(|builtin| {
            probes(builtin.name)
                .into_iter()
                .map(|probe| (builtin.named, probe))
        })
        .collect();

    // Sources: one generic, one per named mode; probe_<i> and probe_<i>_<combination>.
    let mut generic_source = String::from(ROUND_TRIP_ONLY);
    for (index, (_, probe)) in probes.iter().enumerate() {
        let spaces = vec![""; probe.pointees.len()];
        generic_source.push_str(&probe.function(&format!("probe_{index}"), &spaces));
    }
    let named_sources: Vec<String> = NAMED_MODES
        .iter()
        .map(|mode| {
            let mut source = String::new();
            for (index, (named, probe)) in probes.iter().enumerate() {
                if !mode.covers.contains(named) {
                    continue;
                }
                for (number, combination) in combinations(*named, probe.pointees.len())
                    .iter()
                    .enumerate()
                {
                    let spaces: Vec<&str> =
                        combination.iter().map(|space| spelling(*space)).collect();
                    source.push_str(&probe.function(&format!("probe_{index}_{number}"), &spaces));
                }
            }
            source
        })
        .collect();

    // Compile all in parallel.
    let (generic, named) = std::thread::scope(|scope| {
        let generic = scope.spawn(|| compile(&clang, &["-cl-std=CL2.0"], &generic_source));
        let named: Vec<_> = NAMED_MODES
            .iter()
            .zip(&named_sources)
            .map(|(mode, source)| scope.spawn(|| compile(&clang, mode.flags, source)))
            .collect();
        (
            generic.join().expect("generic compile"),
            named
                .into_iter()
                .map(|handle| handle.join().expect("named compile"))
                .collect::<Vec<_>>(),
        )
    });

    let mut failures = Vec::new();
    let mut all_names = BTreeSet::new();
    all_names.extend(generic.1.iter().cloned());
    for (_, declared) in &named {
        all_names.extend(declared.iter().cloned());
    }

    let callee = |callees: &[(String, String)], probe: &str| -> Option<String> {
        let mut found = callees
            .iter()
            .filter(|(name, _)| name == probe)
            .map(|(_, c)| c.clone());
        let first = found.next();
        assert!(
            found.next().is_none(),
            "{probe} calls more than one _Z function"
        );
        first
    };

    let mut checked = 0;
    let mut checked_builtins = BTreeSet::new();
    for (index, (named_overloads, probe)) in probes.iter().enumerate() {
        let Some(generic_name) = callee(&generic.0, &format!("probe_{index}")) else {
            failures.push(format!(
                "{}: no generic callee for `{}`",
                probe.builtin, probe.call
            ));
            continue;
        };
        let Some(generic_function) = demangle(&generic_name) else {
            failures.push(format!("{generic_name} does not demangle"));
            continue;
        };
        if generic_function.name != probe.builtin {
            failures.push(format!("{generic_name} is not {}", probe.builtin));
        }
        let pointers = pointer_parameters(&generic_function);
        if pointers.len() != probe.pointees.len()
            || pointers.iter().any(|(_, space)| *space != GENERIC)
        {
            failures.push(format!(
                "{generic_name}: pointers {pointers:?}, expected generic ones"
            ));
            continue;
        }
        for (mode, (callees, _)) in NAMED_MODES.iter().zip(&named) {
            if !mode.covers.contains(named_overloads) {
                continue;
            }
            for (number, combination) in combinations(*named_overloads, pointers.len())
                .iter()
                .enumerate()
            {
                let probe_name = format!("probe_{index}_{number}");
                let Some(clang_name) = callee(callees, &probe_name) else {
                    failures.push(format!(
                        "{:?}: no callee for {} with {combination:?}",
                        mode.flags, probe.call
                    ));
                    continue;
                };
                let moved = pointers
                    .iter()
                    .zip(combination)
                    .try_fold(
                        generic_function.clone(),
                        |function, ((parameter, _), space)| {
                            with_pointer_address_space(&function, *parameter, *space)
                        },
                    )
                    .map(|function| mangle(&function));
                checked += 1;
                checked_builtins.insert(probe.builtin);
                if moved.as_deref() != Some(clang_name.as_str()) {
                    failures.push(format!(
                        "{:?}: {generic_name} moved to {combination:?} gives {moved:?}, clang calls {clang_name}",
                        mode.flags
                    ));
                }
            }
        }
    }

    for name in &all_names {
        match demangle(name) {
            Some(function) if mangle(&function) == *name => {}
            Some(function) => failures.push(format!("{name} re-mangles as {}", mangle(&function))),
            None => failures.push(format!("{name} does not demangle")),
        }
    }
    for folded in ["_Z9get_fencePU3AS4v", "_Z9get_fencePU3AS4Kv"] {
        if !all_names.contains(folded) {
            failures.push(format!("clang did not declare {folded}"));
        }
    }
    assert!(builtin_table::lookup("get_fence").is_none());

    eprintln!(
        "{} table entries, {} probes; {checked} named callees checked against clang; {} names round-tripped",
        checked_builtins.len(),
        probes.len(),
        all_names.len()
    );
    assert_eq!(
        checked_builtins.len(),
        BUILTINS.len(),
        "every table entry checked"
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn sizes_split_off() {
    assert_eq!(split_size("vstore_half16_rtz"), ("vstore_half", "16"));
    assert_eq!(split_size("vloada_half3"), ("vloada_half", "3"));
    assert_eq!(split_size("vstore_half"), ("vstore_half", ""));
    assert_eq!(
        split_size("atomic_fetch_min_explicit"),
        ("atomic_fetch_min_explicit", "")
    );
}
