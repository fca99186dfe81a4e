//! Reading an `opt -S` module into the parts a runtime or backend reads:
//! module header, comdats, globals, functions (header and, per body, the
//! instruction count and instruction metadata), attribute groups and
//! metadata. Instructions themselves are not parsed.

use crate::lex::{
    matching_close, parse_type, render, split_top_commas, strip_comment, tokenize, Tok,
};
use crate::Error;
use std::collections::BTreeMap;

/// A property of a global or function header, named as in the IR
/// (`linkage`, `section`, `align`, ...), with its text.
pub type Props = BTreeMap<&'static str, String>;

/// A metadata attachment: kind (without `!`) and the attached node's text
/// (`!9`, or an inline node).
pub type Attachment = (String, String);

/// A module as far as the checker reads it.
#[derive(Debug, Default)]
pub struct Module {
    /// `source_filename`, with quotes.
    pub source_filename: Option<String>,
    /// `target datalayout`, with quotes.
    pub datalayout: Option<String>,
    /// `target triple`, with quotes.
    pub triple: Option<String>,
    /// `module asm` lines, in order.
    pub module_asm: Vec<String>,
    /// Named types (`%struct.S = type { i32 }`): name to definition.
    pub types: BTreeMap<String, String>,
    /// `$name = comdat KIND`: name to kind.
    pub comdats: BTreeMap<String, String>,
    /// Global variables by name (with `@`).
    pub globals: BTreeMap<String, Global>,
    /// Aliases and ifuncs by name: the text after `=`.
    pub aliases: BTreeMap<String, String>,
    /// Functions by name (with `@`).
    pub functions: BTreeMap<String, Function>,
    /// `attributes #N = { ... }`: N to the attributes.
    pub attribute_groups: BTreeMap<String, Vec<String>>,
    /// Named metadata (name without `!`) to its operands' text.
    pub named_metadata: BTreeMap<String, Vec<String>>,
    /// Numbered metadata: N to the text after `=` (`distinct` included).
    pub metadata: BTreeMap<u32, String>,
}

/// A global variable.
#[derive(Debug, Default)]
pub struct Global {
    /// Header properties: linkage, preemption, visibility, dll storage,
    /// `thread_local`, `unnamed_addr`, `addrspace`, `externally_initialized`,
    /// `kind` (global or constant), section, partition, comdat, align and any
    /// other `, word ...` field.
    pub props: Props,
    /// The value type.
    pub ty: String,
    /// The initializer (empty for a declaration).
    pub init: String,
    /// Attribute group references and inline attributes.
    pub attrs: Vec<String>,
    /// Metadata attachments.
    pub attachments: Vec<Attachment>,
}

/// A return value or parameter: type and attributes.
#[derive(Debug, Default, Clone)]
pub struct Param {
    /// The type.
    pub ty: String,
    /// The attributes, in order (`align 4` is one).
    pub attrs: Vec<String>,
}

/// A function's header and what the checker reads of its body.
#[derive(Debug, Default)]
pub struct Function {
    /// `define` (true) or `declare`.
    pub is_definition: bool,
    /// Header properties: linkage, preemption, visibility, dll storage, `cc`,
    /// `unnamed_addr`, `addrspace`, section, partition, comdat, align, gc,
    /// prefix, prologue, personality.
    pub props: Props,
    /// Return type and attributes.
    pub ret: Param,
    /// Parameters.
    pub params: Vec<Param>,
    /// Function attributes: `#N` references and inline attributes.
    pub attrs: Vec<String>,
    /// Function metadata attachments.
    pub attachments: Vec<Attachment>,
    /// Number of instructions in the body (debug records not counted).
    pub instructions: usize,
    /// Metadata attachments of the body's instructions.
    pub instruction_metadata: Vec<Attachment>,
    /// Calls of inline assembly in the body (the only carriers of `!srcloc`).
    pub inline_asm_calls: usize,
}

const LINKAGES: &[&str] = &[
    "private",
    "internal",
    "available_externally",
    "linkonce",
    "weak",
    "common",
    "appending",
    "extern_weak",
    "linkonce_odr",
    "weak_odr",
    "external",
];

/// The header property a leading keyword sets, if it is one.
fn leading_prop(word: &str) -> Option<&'static str> {
    if LINKAGES.contains(&word) {
        return Some("linkage");
    }
    Some(match word {
        "dso_local" | "dso_preemptable" => "preemption",
        "default" | "hidden" | "protected" => "visibility",
        "dllimport" | "dllexport" => "dll storage",
        "unnamed_addr" | "local_unnamed_addr" => "unnamed_addr",
        "externally_initialized" => "externally_initialized",
        w if w == "thread_local" || w.starts_with("thread_local(") => "thread_local",
        w if w.starts_with("addrspace(") => "addrspace",
        _ => return None,
    })
}

/// Whether `word` names a calling convention.
fn is_calling_convention(word: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "spir_",
        "ptx_",
        "amdgpu_",
        "x86_",
        "arm_",
        "aarch64_",
        "riscv_",
        "msp430_",
        "avr_",
        "preserve_",
        "swift",
        "m68k_",
        "hhvm",
        "win64",
        "intel_ocl",
        "cfguard",
        "webkit_",
        "anyreg",
        "graal",
        "cxx_fast",
    ];
    matches!(
        word,
        "ccc" | "fastcc" | "coldcc" | "ghccc" | "tailcc" | "cc"
    ) || PREFIXES.iter().any(|p| word.starts_with(p))
}

fn is_number(w: &str) -> bool {
    !w.is_empty() && w.bytes().all(|c| c.is_ascii_digit())
}

/// Attributes as words: `align` and `alignstack` take their number.
fn attribute_words(toks: &[Tok]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i].text();
        match toks.get(i + 1).and_then(Tok::word) {
            Some(n) if (t == "align" || t == "alignstack") && is_number(n) => {
                out.push(format!("{t} {n}"));
                i += 2;
            }
            _ => {
                out.push(t.to_string());
                i += 1;
            }
        }
    }
    out
}

/// A quoted value after `keyword = ` on a module header line.
fn quoted_value(line: &str) -> Option<String> {
    line.split_once('=').map(|(_, v)| v.trim().to_string())
}

impl Module {
    /// Reads `text` (named `file` in errors).
    pub fn parse(file: &str, text: &str) -> Result<Module, Error> {
        let mut m = Module::default();
        let lines: Vec<&str> = text.lines().collect();
        let err = |line: usize, message: String| Error::Parse {
            file: file.to_string(),
            line: line + 1,
            message,
        };
        let mut i = 0;
        while i < lines.len() {
            let raw = lines[i];
            let line = strip_comment(raw);
            let toks = || tokenize(line).map_err(|e| err(i, e));
            if line.is_empty() {
            } else if line.starts_with("source_filename") {
                m.source_filename = quoted_value(line);
            } else if line.starts_with("target datalayout") {
                m.datalayout = quoted_value(line);
            } else if line.starts_with("target triple") {
                m.triple = quoted_value(line);
            } else if let Some(rest) = line.strip_prefix("module asm ") {
                m.module_asm.push(rest.to_string());
            } else if line.starts_with('$') {
                let t = toks()?;
                match (
                    t.first().and_then(Tok::word),
                    t.get(2).and_then(Tok::word),
                    t.get(3),
                ) {
                    (Some(name), Some("comdat"), Some(kind)) => {
                        m.comdats.insert(name.to_string(), kind.text().to_string());
                    }
                    _ => return Err(err(i, "bad comdat line".to_string())),
                }
            } else if line.starts_with('@') {
                m.parse_global(&toks()?).map_err(|e| err(i, e))?;
            } else if line.starts_with('%') {
                let t = toks()?;
                match (
                    t.first(),
                    t.get(1).and_then(Tok::word),
                    t.get(2).and_then(Tok::word),
                ) {
                    (Some(name), Some("="), Some("type")) => {
                        m.types.insert(name.text().to_string(), render(&t[3..]));
                    }
                    _ => return Err(err(i, "bad type definition".to_string())),
                }
            } else if line.starts_with("uselistorder") {
            } else if line.starts_with("define ") || line.starts_with("declare ") {
                let t = toks()?;
                let (name, mut f) = parse_function_header(&t).map_err(|e| err(i, e))?;
                if f.is_definition {
                    i = read_body(&lines, i + 1, &mut f).map_err(|(l, e)| err(l, e))?;
                }
                m.functions.insert(name, f);
            } else if line.starts_with("attributes #") {
                let t = toks()?;
                let name = t.get(1).map(|t| t.text().to_string()).unwrap_or_default();
                match (t.get(3), t.last()) {
                    (Some(open), Some(close)) if open.is('{') && close.is('}') && t.len() >= 5 => {
                        m.attribute_groups
                            .insert(name, attribute_words(&t[4..t.len() - 1]));
                    }
                    _ => return Err(err(i, "bad attribute group".to_string())),
                }
            } else if let Some(rest) = line.strip_prefix('!') {
                let Some((lhs, body)) = rest.split_once('=') else {
                    return Err(err(i, "metadata line without `=`".to_string()));
                };
                let (lhs, body) = (lhs.trim(), body.trim());
                if is_number(lhs) {
                    let n = lhs
                        .parse()
                        .map_err(|_| err(i, format!("bad metadata number !{lhs}")))?;
                    m.metadata.insert(n, body.to_string());
                } else {
                    let ops = body
                        .strip_prefix("!{")
                        .and_then(|b| b.strip_suffix('}'))
                        .ok_or_else(|| err(i, format!("bad named metadata !{lhs}")))?;
                    let ops = ops
                        .split(',')
                        .map(str::trim)
                        .filter(|o| !o.is_empty())
                        .map(str::to_string)
                        .collect();
                    m.named_metadata.insert(lhs.to_string(), ops);
                }
            } else {
                return Err(err(i, format!("unrecognised line `{}`", raw.trim())));
            }
            i += 1;
        }
        Ok(m)
    }

    /// `@name = ... global|constant|alias|ifunc ...`.
    fn parse_global(&mut self, t: &[Tok]) -> Result<(), String> {
        let name = t.first().map(|t| t.text().to_string()).unwrap_or_default();
        if t.get(1).and_then(Tok::word) != Some("=") {
            return Err(format!("expected `=` after {name}"));
        }
        let mut g = Global::default();
        let mut i = 2;
        let kind = loop {
            let w = t
                .get(i)
                .and_then(Tok::word)
                .ok_or_else(|| format!("no `global` in {name}"))?;
            match w {
                "global" | "constant" => break w,
                "alias" | "ifunc" => {
                    self.aliases.insert(name, render(&t[2..]));
                    return Ok(());
                }
                _ => {
                    let key =
                        leading_prop(w).ok_or_else(|| format!("unknown word `{w}` in {name}"))?;
                    g.props.insert(key, w.to_string());
                }
            }
            i += 1;
        };
        g.props.insert("kind", kind.to_string());
        let rest = &t[i + 1..];
        let mut pieces = split_top_commas(rest);
        // trailing attribute group references: `, align 4 #0`
        if let Some(last) = pieces.last_mut() {
            while let Some(w) = last
                .last()
                .and_then(Tok::word)
                .filter(|w| w.starts_with('#'))
            {
                g.attrs.insert(0, w.to_string());
                *last = &last[..last.len() - 1];
            }
        }
        let first = pieces.first().copied().unwrap_or_default();
        let ty_end = parse_type(first, 0).ok_or_else(|| format!("no value type in {name}"))?;
        g.ty = render(&first[..ty_end]);
        g.init = render(&first[ty_end..]);
        for piece in pieces.iter().skip(1) {
            let Some(head) = piece.first().and_then(Tok::word) else {
                return Err(format!("bad field in {name}"));
            };
            if let Some(kind) = head.strip_prefix('!') {
                g.attachments.push((kind.to_string(), render(&piece[1..])));
            } else if head.starts_with("comdat") {
                g.props.insert("comdat", head.to_string());
            } else {
                let key = match head {
                    "section" => "section",
                    "partition" => "partition",
                    "align" => "align",
                    "code_model" => "code_model",
                    _ => "other fields",
                };
                let value = render(piece);
                g.props
                    .entry(key)
                    .and_modify(|v| {
                        v.push_str(", ");
                        v.push_str(&value);
                    })
                    .or_insert(value);
            }
        }
        self.globals.insert(name, g);
        Ok(())
    }
}

/// `define|declare ... @name(params) ... [{]`.
fn parse_function_header(t: &[Tok]) -> Result<(String, Function), String> {
    let mut f = Function {
        is_definition: t.first().and_then(Tok::word) == Some("define"),
        ..Function::default()
    };
    let name_at = (1..t.len())
        .find(|&k| {
            t[k].word().is_some_and(|w| w.starts_with('@'))
                && t.get(k + 1).is_some_and(|p| p.is('('))
        })
        .ok_or("no function name")?;
    let name = t[name_at].text().to_string();
    // linkage ... cc, return attributes, return type
    // a declaration's attachments come first: `declare !dbg !5 void @f()`
    let mut i = 1;
    while let Some(kind) = t
        .get(i..name_at)
        .and_then(<[Tok]>::first)
        .and_then(Tok::word)
        .and_then(|w| w.strip_prefix('!'))
    {
        let value = t
            .get(i + 1)
            .map(|t| t.text().to_string())
            .unwrap_or_default();
        f.attachments.push((kind.to_string(), value));
        i += 2;
    }
    while let Some(key) = t
        .get(i..name_at)
        .and_then(<[Tok]>::first)
        .and_then(Tok::word)
        .and_then(leading_prop)
    {
        f.props.insert(key, t[i].text().to_string());
        i += 1;
    }
    let rest = t
        .get(i..name_at)
        .ok_or_else(|| format!("bad attachments of {name}"))?;
    let ty_at = (0..rest.len())
        .find(|&k| parse_type(rest, k) == Some(rest.len()))
        .ok_or_else(|| format!("no return type for {name}"))?;
    let mut attrs = &rest[..ty_at];
    if let Some(cc) = attrs
        .first()
        .and_then(Tok::word)
        .filter(|w| is_calling_convention(w))
    {
        let mut cc = cc.to_string();
        attrs = &attrs[1..];
        if cc == "cc" {
            let n = attrs
                .first()
                .map(|t| t.text().to_string())
                .unwrap_or_default();
            cc = format!("cc {n}");
            attrs = attrs.get(1..).unwrap_or_default();
        }
        f.props.insert("cc", cc);
    }
    f.ret = Param {
        ty: render(&rest[ty_at..]),
        attrs: attribute_words(attrs),
    };
    // parameters
    let close =
        matching_close(t, name_at + 1).ok_or_else(|| format!("unclosed parameters of {name}"))?;
    for piece in split_top_commas(&t[name_at + 2..close]) {
        let param = match parse_type(piece, 0) {
            Some(end) => {
                let mut attrs = &piece[end..];
                if attrs
                    .last()
                    .and_then(Tok::word)
                    .is_some_and(|w| w.starts_with('%'))
                {
                    attrs = &attrs[..attrs.len() - 1];
                }
                Param {
                    ty: render(&piece[..end]),
                    attrs: attribute_words(attrs),
                }
            }
            None => Param {
                ty: render(piece),
                attrs: Vec::new(),
            },
        };
        f.params.push(param);
    }
    // after the parameters
    let mut i = close + 1;
    let text = |k: usize| t.get(k).map(|t| t.text().to_string()).unwrap_or_default();
    while i < t.len() {
        let tok = &t[i];
        if tok.is('{') {
            break;
        }
        let w = tok.text();
        match w {
            "unnamed_addr" | "local_unnamed_addr" => {
                f.props.insert("unnamed_addr", w.to_string());
            }
            "section" | "partition" | "gc" | "align" => {
                let key = match w {
                    "section" => "section",
                    "partition" => "partition",
                    "gc" => "gc",
                    _ => "align",
                };
                f.props.insert(key, text(i + 1));
                i += 1;
            }
            "prefix" | "prologue" | "personality" => {
                let key = match w {
                    "prefix" => "prefix",
                    "prologue" => "prologue",
                    _ => "personality",
                };
                let ty_end = parse_type(t, i + 1).ok_or_else(|| format!("bad {w} in {name}"))?;
                let value_end = match t.get(ty_end) {
                    Some(Tok::Punct('[' | '{' | '<')) => {
                        matching_close(t, ty_end).map_or(t.len(), |c| c + 1)
                    }
                    _ => ty_end + 1,
                };
                let value_end = value_end.min(t.len());
                f.props.insert(key, render(&t[i + 1..value_end]));
                i = value_end;
                continue;
            }
            _ if w.starts_with("addrspace(") => {
                f.props.insert("addrspace", w.to_string());
            }
            _ if w.starts_with("comdat") => {
                f.props.insert("comdat", w.to_string());
            }
            _ if w.starts_with('!') && w.len() > 1 => {
                f.attachments.push((w[1..].to_string(), text(i + 1)));
                i += 1;
            }
            _ => f.attrs.extend(attribute_words(std::slice::from_ref(tok))),
        }
        i += 1;
    }
    Ok((name, f))
}

/// Bracket depth change of an instruction line, outside strings and comments.
fn depth_change(line: &str) -> i32 {
    let b = line.as_bytes();
    let mut d = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => match b[i + 1..].iter().position(|&c| c == b'"') {
                Some(p) => i += p + 1,
                None => break,
            },
            b';' => break,
            b'(' | b'[' | b'{' => d += 1,
            b')' | b']' | b'}' => d -= 1,
            _ => {}
        }
        i += 1;
    }
    d
}

/// Reads a body from line `start` to its `}`; returns the index of that
/// line. Errors carry the line index.
fn read_body(lines: &[&str], start: usize, f: &mut Function) -> Result<usize, (usize, String)> {
    let mut i = start;
    let mut inst = String::new();
    let mut depth = 0;
    while i < lines.len() {
        let line = strip_comment(lines[i]);
        if depth == 0 {
            if line == "}" {
                return Ok(i);
            }
            let label = line.ends_with(':') && (!line.contains(' ') || line.starts_with('"'));
            if line.is_empty() || label || line.starts_with("#dbg_") {
                i += 1;
                continue;
            }
        }
        inst.push_str(line);
        inst.push(' ');
        depth += depth_change(line);
        if depth <= 0 {
            depth = 0;
            f.instructions += 1;
            let toks = tokenize(&inst).map_err(|e| (i, e))?;
            if toks.iter().any(|tok| tok.word() == Some("asm")) {
                f.inline_asm_calls += 1;
            }
            for piece in split_top_commas(&toks) {
                let Some(kind) = piece.first().and_then(Tok::word) else {
                    continue;
                };
                let named = kind.strip_prefix('!').filter(|k| {
                    !k.is_empty() && !k.starts_with(|c: char| c.is_ascii_digit() || c == '"')
                });
                if let (Some(kind), true) = (named, piece.len() > 1) {
                    f.instruction_metadata
                        .push((kind.to_string(), render(&piece[1..])));
                }
            }
            inst.clear();
        }
        i += 1;
    }
    Err((start, "function body without `}`".to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn function_header() {
        let line = r#"define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 captures(none) %a, i32 noundef %n) local_unnamed_addr #1 section "s" !kernel_arg_addr_space !9 {"#;
        let t = tokenize(line).unwrap_or_default();
        let (name, f) = parse_function_header(&t).unwrap_or_default();
        assert_eq!(name, "@k");
        assert_eq!(f.props.get("cc").map(String::as_str), Some("spir_kernel"));
        assert_eq!(
            f.props.get("preemption").map(String::as_str),
            Some("dso_local")
        );
        assert_eq!(f.props.get("section").map(String::as_str), Some("\"s\""));
        assert_eq!(f.params[0].ty, "ptr addrspace(1)");
        assert_eq!(f.params[0].attrs, ["noundef", "align 4", "captures(none)"]);
        assert_eq!(f.attrs, ["#1"]);
        assert_eq!(
            f.attachments,
            [("kernel_arg_addr_space".to_string(), "!9".to_string())]
        );
    }

    #[test]
    fn return_attributes() {
        let t =
            tokenize("declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2")
                .unwrap_or_default();
        let (_, f) = parse_function_header(&t).unwrap_or_default();
        assert_eq!(f.ret.ty, "i32");
        assert_eq!(f.ret.attrs, ["noundef", "range(i32 0, 1024)"]);
        assert!(!f.is_definition);
    }

    #[test]
    fn body_instructions_and_attachments() {
        let text = r#"declare !dbg !5 spir_func void @g(i32) #0
define void @f(i32 %x) {
entry:
  switch i32 %x, label %done [
    i32 0, label %a
    i32 1, label %done
  ], !prof !1
    #dbg_value(i32 %x, !2, !DIExpression(), !3)

a:                                                ; preds = %entry
  %s = call ptr @h(ptr @"q;r", metadata !4), !srcloc !6
  br label %done, !llvm.loop !7

"odd label":
  unreachable

done:
  ret void
}
"#;
        let m = Module::parse("t", text).unwrap_or_default();
        let f = m
            .functions
            .get("@f")
            .map(|f| (f.instructions, f.instruction_metadata.clone()));
        let md = |k: &str, v: &str| (k.to_string(), v.to_string());
        assert_eq!(
            f,
            Some((
                5,
                vec![md("prof", "!1"), md("srcloc", "!6"), md("llvm.loop", "!7")]
            ))
        );
        let g = m.functions.get("@g").map(|g| g.attachments.clone());
        assert_eq!(g, Some(vec![md("dbg", "!5")]));
    }

    #[test]
    fn negative_body_without_end() {
        assert!(Module::parse("t", "define void @f() {\n  ret void\n").is_err());
    }
}
