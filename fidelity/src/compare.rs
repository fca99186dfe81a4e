//! The checks: what of the input module the output module must keep, per
//! [`Mode`].

use crate::metadata::Resolver;
use crate::parse::{Attachment, Function, Global, Module, Param, Props};
use crate::Mode;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// One difference: what differs (`global @g`, `function @k param 1`,
/// `named metadata !opencl.ocl.version`) and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The entity that differs.
    pub what: String,
    /// How it differs.
    pub detail: String,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.what, self.detail)
    }
}

/// The result of a comparison.
#[derive(Debug, Default)]
pub struct Report {
    /// Every difference found, in the order checked.
    pub differences: Vec<Difference>,
    /// What the rewrite legally did that is worth knowing (`erased @f`).
    pub notes: Vec<String>,
}

/// Text shown for a value in a detail, shortened.
fn show(s: &str) -> String {
    const MAX: usize = 160;
    if s.len() <= MAX {
        return s.to_string();
    }
    let mut end = MAX;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &s[..end])
}

/// Two differing texts shown from shortly before their first difference
/// when either is too long to show whole.
fn show_pair(a: &str, b: &str) -> (String, String) {
    const MAX: usize = 160;
    if a.len() <= MAX && b.len() <= MAX {
        return (a.to_string(), b.to_string());
    }
    let common = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let mut start = common.saturating_sub(40);
    while !a.is_char_boundary(start) || !b.is_char_boundary(start) {
        start -= 1;
    }
    let clip = |s: &str| {
        let shown = show(&s[start..]);
        if start > 0 {
            format!("...{shown}")
        } else {
            shown
        }
    };
    (clip(a), clip(b))
}

/// `input A, output B`, both shown by [`show_pair`].
fn in_out(a: &str, b: &str) -> String {
    let (a, b) = show_pair(a, b);
    format!("input {a}, output {b}")
}

fn show_opt(s: Option<&String>) -> String {
    s.map_or_else(|| "(none)".to_string(), |s| show(s))
}

/// Kinds of function metadata that describe a kernel's arguments to the
/// OpenCL runtime.
fn is_kernel_arg(kind: &str) -> bool {
    kind.starts_with("kernel_arg_")
}

/// `ptr addrspace(N)` written as `ptr`, for comparing types across a
/// rewrite that moves pointers between address spaces.
fn erase_address_spaces(ty: &str) -> String {
    let mut out = String::with_capacity(ty.len());
    let mut rest = ty;
    while let Some(p) = rest.find("ptr addrspace(") {
        out.push_str(&rest[..p + 3]);
        rest = &rest[p + 3..];
        if let Some(close) = rest.find(')') {
            rest = &rest[close + 1..];
        }
    }
    out.push_str(rest);
    out
}

/// The name of the input function `name` is a clone of (`@f` for
/// `@f.gas.g` or `@f.gas.g.gas.l`), if any.
fn clone_origin<'a>(name: &'a str, input: &'a Module) -> Option<&'a str> {
    let mut from = 0;
    while let Some(p) = name[from..].find(".gas.") {
        let origin = &name[..from + p];
        if input.functions.contains_key(origin) {
            return Some(origin);
        }
        // A clone of an unnamed function `@N` is named `gas.unnamed.N.gas.*`.
        if let Some(number) = origin.strip_prefix("@gas.unnamed.") {
            if let Some((unnamed, _)) = input.functions.get_key_value(&format!("@{number}")) {
                return Some(unnamed.as_str());
            }
        }
        from += p + 1;
    }
    None
}

struct Checker<'a> {
    mode: Mode,
    input: &'a Module,
    output: &'a Module,
    rin: Resolver<'a>,
    rout: Resolver<'a>,
    /// Input functions `!nvvm.annotations` marks as kernels.
    annotated_kernels: BTreeSet<String>,
    /// The output read the input as flat (global variables' spaces put back).
    flat_input: bool,
    report: Report,
}

/// Functions `!nvvm.annotations` marks as kernels (`!{ptr @k, !"kernel", i32 1}`).
fn annotated_kernels(m: &Module) -> BTreeSet<String> {
    let mut r = Resolver::new(&m.metadata, BTreeSet::new());
    let mut kernels = BTreeSet::new();
    for op in m
        .named_metadata
        .get("nvvm.annotations")
        .into_iter()
        .flatten()
    {
        let text = r.resolve(op);
        let mut rest = text.as_str();
        while let Some(p) = rest.find("ptr @") {
            rest = &rest[p + 4..];
            let end = rest.find(',').unwrap_or(rest.len());
            if rest[end..]
                .trim_start_matches([',', ' '])
                .starts_with("!\"kernel\"")
            {
                kernels.insert(rest[..end].to_string());
            }
        }
    }
    kernels
}

/// Compares `output` against `input` under `mode`.
pub fn compare(mode: Mode, input: &Module, output: &Module) -> Report {
    // A flat input's rewrite is checked as any rewrite, but for the spaces
    // of its global variables.
    let flat_input = mode == Mode::FlatInput;
    let mode = if flat_input { Mode::Rewritten } else { mode };
    let erased: BTreeSet<String> = match mode {
        Mode::Same => BTreeSet::new(),
        Mode::Rewritten | Mode::FlatInput => input
            .functions
            .keys()
            .filter(|f| !output.functions.contains_key(*f))
            .cloned()
            .collect(),
    };
    let mut c = Checker {
        mode,
        input,
        output,
        rin: Resolver::new(&input.metadata, erased),
        rout: Resolver::new(&output.metadata, BTreeSet::new()),
        annotated_kernels: annotated_kernels(input),
        flat_input,
        report: Report::default(),
    };
    c.header();
    c.named_metadata();
    c.comdats();
    if mode == Mode::Same {
        c.types();
    }
    c.globals();
    c.functions();
    c.report
}

impl Checker<'_> {
    fn diff(&mut self, what: impl Into<String>, detail: impl Into<String>) {
        self.report.differences.push(Difference {
            what: what.into(),
            detail: detail.into(),
        });
    }

    fn header(&mut self) {
        let (i, o) = (self.input, self.output);
        for (what, a, b) in [
            ("target datalayout", &i.datalayout, &o.datalayout),
            ("target triple", &i.triple, &o.triple),
            ("source_filename", &i.source_filename, &o.source_filename),
        ] {
            if a != b {
                let detail = in_out(&show_opt(a.as_ref()), &show_opt(b.as_ref()));
                self.diff(what, detail);
            }
        }
        if i.module_asm != o.module_asm {
            let detail = format!("input {:?}, output {:?}", i.module_asm, o.module_asm);
            self.diff("module asm", detail);
        }
    }

    fn named_metadata(&mut self) {
        let (input, output) = (self.input, self.output);
        let dbg_in = input.named_metadata.contains_key("llvm.dbg.cu");
        let dbg_out = output.named_metadata.contains_key("llvm.dbg.cu");
        if dbg_in != dbg_out {
            let detail = if dbg_in {
                "missing in output"
            } else {
                "not in input"
            };
            self.diff("named metadata !llvm.dbg.cu", detail);
        }
        for (name, ops) in &input.named_metadata {
            match name.as_str() {
                "llvm.dbg.cu" => {}
                "llvm.module.flags" => {}
                _ => {
                    let what = format!("named metadata !{name}");
                    let Some(out_ops) = output.named_metadata.get(name) else {
                        let shown: Vec<String> =
                            ops.iter().map(|o| show(&self.rin.resolve(o))).collect();
                        self.diff(
                            what,
                            format!("missing in output (input {{{}}})", shown.join(", ")),
                        );
                        continue;
                    };
                    let a: Vec<String> = ops.iter().map(|o| self.rin.resolve(o)).collect();
                    let b: Vec<String> = out_ops.iter().map(|o| self.rout.resolve(o)).collect();
                    self.multiset(&what, "operand", &a, &b);
                }
            }
        }
        for name in output.named_metadata.keys() {
            if !input.named_metadata.contains_key(name)
                && name != "llvm.dbg.cu"
                && name != "llvm.module.flags"
            {
                self.diff(format!("named metadata !{name}"), "not in input");
            }
        }
        self.module_flags(dbg_in);
    }

    /// Reports the elements of `a` missing from `b` and those `b` adds.
    fn multiset(&mut self, what: &str, element: &str, a: &[String], b: &[String]) {
        let mut left: Vec<&String> = b.iter().collect();
        for x in a {
            match left.iter().position(|y| *y == x) {
                Some(p) => {
                    left.remove(p);
                }
                None => self.diff(what, format!("{element} {} missing in output", show(x))),
            }
        }
        for y in left {
            self.diff(what, format!("{element} {} not in input", show(y)));
        }
    }

    /// Module flags by key (`!{i32 1, !"wchar_size", i32 4}` has key
    /// `wchar_size`).
    fn flags(r: &mut Resolver<'_>, m: &Module) -> BTreeMap<String, String> {
        let mut flags = BTreeMap::new();
        for op in m
            .named_metadata
            .get("llvm.module.flags")
            .into_iter()
            .flatten()
        {
            let text = r.resolve(op);
            let key = text
                .split_once("!\"")
                .and_then(|(_, k)| k.split_once('"'))
                .map_or_else(|| text.clone(), |(k, _)| k.to_string());
            flags.insert(key, text);
        }
        flags
    }

    fn module_flags(&mut self, dbg_in: bool) {
        let a = Self::flags(&mut self.rin, self.input);
        let b = Self::flags(&mut self.rout, self.output);
        for (key, value) in &a {
            let what = format!("module flag \"{key}\"");
            match b.get(key) {
                None => self.diff(what, format!("missing in output (input {})", show(value))),
                Some(v) if v != value => self.diff(what, in_out(value, v)),
                Some(_) => {}
            }
        }
        for (key, value) in &b {
            if a.contains_key(key) {
                continue;
            }
            let what = format!("module flag \"{key}\"");
            if key == "Debug Info Version" && !dbg_in {
                self.diff(
                    what,
                    format!("added ({}) but the input has no debug info", show(value)),
                );
            } else if self.mode == Mode::Same {
                self.diff(what, format!("not in input ({})", show(value)));
            }
        }
    }

    /// Names of comdats that some entity of `m` uses (`comdat` alone names
    /// the entity's own).
    fn comdat_users(m: &Module) -> BTreeSet<String> {
        let own = |name: &str, props: &Props| {
            props.get("comdat").map(|c| {
                match c.strip_prefix("comdat(").and_then(|c| c.strip_suffix(')')) {
                    Some(explicit) => explicit.to_string(),
                    None => format!("${}", name.trim_start_matches('@')),
                }
            })
        };
        let globals = m.globals.iter().filter_map(|(n, g)| own(n, &g.props));
        let functions = m.functions.iter().filter_map(|(n, f)| own(n, &f.props));
        globals.chain(functions).collect()
    }

    fn comdats(&mut self) {
        let (input, output) = (self.input, self.output);
        let used_out = Self::comdat_users(output);
        for (name, kind) in &input.comdats {
            let what = format!("comdat {name}");
            match output.comdats.get(name) {
                Some(k) if k != kind => self.diff(what, format!("input {kind}, output {k}")),
                Some(_) => {}
                None if self.mode == Mode::Rewritten && !used_out.contains(name) => {
                    self.report
                        .notes
                        .push(format!("erased comdat {name} (no user left)"));
                }
                None => self.diff(what, "missing in output"),
            }
        }
        for name in output.comdats.keys() {
            if !input.comdats.contains_key(name) {
                self.diff(format!("comdat {name}"), "not in input");
            }
        }
    }

    /// Compares header properties; `skip` names properties not compared.
    fn props(&mut self, what: &str, a: &Props, b: &Props, skip: &[&str]) {
        let keys: BTreeSet<&&str> = a.keys().chain(b.keys()).collect();
        for key in keys {
            if skip.contains(key) {
                continue;
            }
            let (x, y) = (a.get(*key), b.get(*key));
            if x != y {
                self.diff(
                    what,
                    format!("{key}: {}", in_out(&show_opt(x), &show_opt(y))),
                );
            }
        }
    }

    /// Attributes with their groups (`#N`) expanded.
    fn attribute_set(m: &Module, attrs: &[String]) -> BTreeSet<String> {
        let mut set = BTreeSet::new();
        for a in attrs {
            match m.attribute_groups.get(a) {
                Some(group) => set.extend(group.iter().cloned()),
                None if a.starts_with('#') => {
                    set.insert(format!("{a} (undefined group)"));
                }
                None => {
                    set.insert(a.clone());
                }
            }
        }
        set
    }

    /// Compares attribute sets; `rewritten` allows `"gas-..."` additions and
    /// any change of `memory(...)`.
    fn attributes(
        &mut self,
        what: &str,
        a: &BTreeSet<String>,
        b: &BTreeSet<String>,
        rewritten: bool,
    ) {
        let ignored = |x: &String, added: bool| {
            rewritten && (x.starts_with("memory(") || (added && x.starts_with("\"gas-")))
        };
        let missing: Vec<&str> = a
            .difference(b)
            .filter(|x| !ignored(x, false))
            .map(String::as_str)
            .collect();
        let added: Vec<&str> = b
            .difference(a)
            .filter(|x| !ignored(x, true))
            .map(String::as_str)
            .collect();
        if !missing.is_empty() {
            self.diff(
                what,
                format!("attributes missing in output: {}", show(&missing.join(" "))),
            );
        }
        if !added.is_empty() {
            self.diff(
                what,
                format!("attributes not in input: {}", show(&added.join(" "))),
            );
        }
    }

    /// Compares metadata attachments: `!dbg` for presence, every other kind
    /// by resolved content; `skip` decides kinds left out on either side.
    fn attachments(
        &mut self,
        what: &str,
        a: &[Attachment],
        b: &[Attachment],
        skip: &dyn Fn(&str) -> bool,
    ) {
        let dbg = |v: &[Attachment]| v.iter().filter(|(k, _)| k == "dbg").count();
        let (da, db) = (dbg(a), dbg(b));
        if da != db {
            self.diff(what, format!("!dbg attachments: input {da}, output {db}"));
        }
        // kind -> sorted (resolved, as written)
        let group = |r: &mut Resolver<'_>, v: &[Attachment]| {
            let mut m: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
            for (k, val) in v.iter().filter(|(k, _)| k != "dbg" && !skip(k)) {
                m.entry(k.clone())
                    .or_default()
                    .push((r.resolve(val), val.clone()));
            }
            for vals in m.values_mut() {
                vals.sort();
            }
            m
        };
        let resolved =
            |v: &[(String, String)]| v.iter().map(|(c, _)| c.clone()).collect::<Vec<_>>();
        let ga = group(&mut self.rin, a);
        let gb = group(&mut self.rout, b);
        let kinds: BTreeSet<&String> = ga.keys().chain(gb.keys()).collect();
        for kind in kinds {
            let (x, y) = (
                ga.get(kind).map(|x| resolved(x)),
                gb.get(kind).map(|y| resolved(y)),
            );
            match (&x, &y) {
                (Some(x), None) => self.diff(
                    what,
                    format!("!{kind} missing in output (input {})", show(&x.join(", "))),
                ),
                (None, Some(y)) => self.diff(
                    what,
                    format!("!{kind} not in input (output {})", show(&y.join(", "))),
                ),
                (Some(x), Some(y)) if x.len() == 1 && y.len() == 1 && x != y => {
                    let written = |g: &BTreeMap<String, Vec<(String, String)>>| {
                        g.get(kind)
                            .and_then(|v| v.first())
                            .map_or(String::new(), |(_, w)| w.clone())
                    };
                    let (wa, wb) = (written(&ga), written(&gb));
                    let (sa, sb) =
                        if Resolver::is_compressed(&x[0]) || Resolver::is_compressed(&y[0]) {
                            show_pair(&self.rin.expanded(&wa), &self.rout.expanded(&wb))
                        } else {
                            show_pair(&x[0], &y[0])
                        };
                    self.diff(
                        what,
                        format!("!{kind}: input {sa} ({wa}), output {sb} ({wb})"),
                    );
                }
                (Some(x), Some(y)) if x != y => self.multiset(what, &format!("!{kind}"), x, y),
                _ => {}
            }
        }
    }

    /// Same mode: named types keep their names and bodies (a rewrite may
    /// leave a type unused, and LLVM prints only used types).
    fn types(&mut self) {
        let (input, output) = (self.input, self.output);
        for (name, body) in &input.types {
            let what = format!("type {name}");
            match output.types.get(name) {
                None => self.diff(what, format!("missing in output (input {})", show(body))),
                Some(b) if b != body => self.diff(what, in_out(body, b)),
                Some(_) => {}
            }
        }
        for (name, body) in &output.types {
            if !input.types.contains_key(name) {
                self.diff(
                    format!("type {name}"),
                    format!("not in input (output {})", show(body)),
                );
            }
        }
    }

    fn globals(&mut self) {
        let (input, output) = (self.input, self.output);
        for (name, g) in &input.globals {
            let what = format!("global {name}");
            let Some(h) = output.globals.get(name) else {
                self.diff(what, "missing in output");
                continue;
            };
            self.global(&what, g, h);
        }
        for name in output.globals.keys() {
            if !input.globals.contains_key(name) {
                self.diff(format!("global {name}"), "not in input");
            }
        }
        for (name, text) in &input.aliases {
            match output.aliases.get(name) {
                None => self.diff(format!("alias {name}"), "missing in output"),
                Some(t) if self.mode == Mode::Same && t != text => {
                    self.diff(format!("alias {name}"), in_out(text, t));
                }
                Some(_) => {}
            }
        }
        for name in output.aliases.keys() {
            if !input.aliases.contains_key(name) {
                self.diff(format!("alias {name}"), "not in input");
            }
        }
    }

    fn global(&mut self, what: &str, g: &Global, h: &Global) {
        let skip: &[&str] = if self.flat_input { &["addrspace"] } else { &[] };
        self.props(what, &g.props, &h.props, skip);
        let (ta, tb) = match self.mode {
            Mode::Same => (g.ty.clone(), h.ty.clone()),
            Mode::Rewritten | Mode::FlatInput => {
                (erase_address_spaces(&g.ty), erase_address_spaces(&h.ty))
            }
        };
        if ta != tb {
            self.diff(what, format!("value type: {}", in_out(&g.ty, &h.ty)));
        }
        if self.mode == Mode::Same && g.init != h.init {
            self.diff(what, format!("initializer: {}", in_out(&g.init, &h.init)));
        }
        let a = Self::attribute_set(self.input, &g.attrs);
        let b = Self::attribute_set(self.output, &h.attrs);
        self.attributes(what, &a, &b, false);
        self.attachments(what, &g.attachments, &h.attachments, &|_| false);
    }

    /// Whether input function `name` is a kernel: its calling convention,
    /// or `!nvvm.annotations` naming it with `"kernel"`.
    fn is_kernel(&self, name: &str, f: &Function) -> bool {
        let cc = f.props.get("cc").map(String::as_str);
        matches!(cc, Some("spir_kernel" | "ptx_kernel" | "amdgpu_kernel"))
            || self.annotated_kernels.contains(name)
    }

    fn functions(&mut self) {
        let (input, output) = (self.input, self.output);
        for (name, f) in &input.functions {
            let what = format!("function {name}");
            match output.functions.get(name) {
                Some(g) => self.function(&what, f, g),
                None if self.mode == Mode::Rewritten && !self.is_kernel(name, f) => {
                    self.report.notes.push(format!("erased {name}"));
                }
                None => self.diff(what, "missing in output"),
            }
        }
        for (name, g) in &output.functions {
            if input.functions.contains_key(name) {
                continue;
            }
            let what = format!("function {name}");
            match (self.mode, clone_origin(name, input)) {
                (Mode::Rewritten, Some(origin)) => {
                    if let Some(f) = input.functions.get(origin) {
                        self.clone_of(&format!("clone {name}"), f, g);
                    }
                }
                (Mode::Rewritten, None) if !g.is_definition => {
                    self.report.notes.push(format!("added declaration {name}"));
                }
                (Mode::Rewritten, None) => self.diff(what, "not in input, and not named as a clone (<function>.gas.<suffix>) of an input function"),
                (Mode::Same, _) => self.diff(what, "not in input"),
                // `compare` checks a flat input's rewrite as a rewrite.
                (Mode::FlatInput, _) => self.diff(what, "not in input"),
            }
        }
        if self.mode == Mode::Rewritten {
            self.instruction_metadata_kinds();
        }
    }

    fn param(&mut self, what: &str, a: &Param, b: &Param) {
        if a.ty != b.ty {
            if self.mode == Mode::Same {
                self.diff(what, format!("type: input {}, output {}", a.ty, b.ty));
            }
            return;
        }
        let sa: BTreeSet<String> = a.attrs.iter().cloned().collect();
        let sb: BTreeSet<String> = b.attrs.iter().cloned().collect();
        self.attributes(what, &sa, &sb, false);
    }

    fn function(&mut self, what: &str, f: &Function, g: &Function) {
        if f.is_definition != g.is_definition {
            let word = |d: bool| if d { "define" } else { "declare" };
            self.diff(
                what,
                format!(
                    "input {}, output {}",
                    word(f.is_definition),
                    word(g.is_definition)
                ),
            );
        }
        let skip: &[&str] = match self.mode {
            Mode::Same => &[],
            // a rewrite may change what a personality or prefix refers to,
            // not whether there is one
            Mode::Rewritten | Mode::FlatInput => &["personality"],
        };
        self.props(what, &f.props, &g.props, skip);
        if self.mode == Mode::Rewritten
            && f.props.contains_key("personality") != g.props.contains_key("personality")
        {
            self.diff(what, "personality: present on one side only");
        }
        let a = Self::attribute_set(self.input, &f.attrs);
        let b = Self::attribute_set(self.output, &g.attrs);
        self.attributes(what, &a, &b, self.mode == Mode::Rewritten);
        self.param(&format!("{what} return"), &f.ret, &g.ret);
        if f.params.len() != g.params.len() {
            self.diff(
                what,
                format!(
                    "parameters: input {}, output {}",
                    f.params.len(),
                    g.params.len()
                ),
            );
        } else {
            for (k, (p, q)) in f.params.iter().zip(&g.params).enumerate() {
                self.param(&format!("{what} param {k}"), p, q);
            }
        }
        self.attachments(what, &f.attachments, &g.attachments, &|_| false);
        if self.mode == Mode::Same && f.is_definition && g.is_definition {
            if f.instructions != g.instructions {
                self.diff(
                    what,
                    format!(
                        "instructions: input {}, output {}",
                        f.instructions, g.instructions
                    ),
                );
            }
            self.attachments(
                &format!("{what} instructions"),
                &f.instruction_metadata,
                &g.instruction_metadata,
                &|_| false,
            );
        }
    }

    /// A clone `g` of input function `f`: `f`'s attachments except the
    /// kernel-argument ones, which a clone must not carry.
    fn clone_of(&mut self, what: &str, f: &Function, g: &Function) {
        for (kind, _) in &g.attachments {
            if is_kernel_arg(kind) {
                self.diff(
                    what,
                    format!("carries !{kind}, which belongs to kernels only"),
                );
            }
        }
        let a: Vec<Attachment> = f
            .attachments
            .iter()
            .filter(|(k, _)| k != "dbg")
            .cloned()
            .collect();
        let b: Vec<Attachment> = g
            .attachments
            .iter()
            .filter(|(k, _)| k != "dbg")
            .cloned()
            .collect();
        self.attachments(what, &a, &b, &|k| is_kernel_arg(k));
    }

    /// Rewritten mode: every kind of instruction metadata an input function
    /// uses is still used by the output function or one of its clones.
    fn instruction_metadata_kinds(&mut self) {
        let (input, output) = (self.input, self.output);
        let mut kinds_out: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        let mut asm_out: BTreeMap<&str, usize> = BTreeMap::new();
        for (name, g) in &output.functions {
            let owner = if input.functions.contains_key(name) {
                Some(name.as_str())
            } else {
                clone_origin(name, input)
            };
            if let Some(owner) = owner {
                kinds_out
                    .entry(owner)
                    .or_default()
                    .extend(g.instruction_metadata.iter().map(|(k, _)| k.as_str()));
                *asm_out.entry(owner).or_default() += g.inline_asm_calls;
            }
        }
        for (name, f) in &input.functions {
            let Some(present) = kinds_out.get(name.as_str()) else {
                continue;
            };
            let wanted: BTreeSet<&str> = f
                .instruction_metadata
                .iter()
                .map(|(k, _)| k.as_str())
                .collect();
            // `!srcloc` rides only on inline assembly: where no call of it is
            // left (pure asm whose result was unused, removed as dead code),
            // the kind has nothing to attach to.
            let asm_left = asm_out.get(name.as_str()).copied().unwrap_or(0) > 0;
            let lost: Vec<String> = wanted
                .difference(present)
                .filter(|kind| **kind != "srcloc" || asm_left)
                .map(|k| format!("!{k}"))
                .collect();
            if !lost.is_empty() {
                self.diff(
                    format!("function {name} instructions"),
                    format!(
                        "metadata kinds no longer used by the function or its clones: {}",
                        lost.join(" ")
                    ),
                );
            }
        }
    }
}
