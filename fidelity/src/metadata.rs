//! Metadata resolved into canonical text, so that two modules that number
//! their nodes differently compare equal.
//!
//! Every `!N` reference is replaced by the resolved text of node N. A
//! reference to a node that is being resolved (a cycle, as in
//! `!14 = distinct !{!14, !15}`) becomes `^d`, where d counts the nodes
//! between the reference and its target (`^0` is a self-reference), so the
//! text does not depend on the numbering. `distinct`, MDStrings, `i32 1`,
//! `ptr @sym`, `null` and specialized nodes (`!DILocation(...)`) are kept as
//! text. A node whose text refers to nothing outside itself is resolved
//! once; text longer than [`LONG`] bytes is replaced by its start, length
//! and FNV-1a hash, so large debug-info graphs stay small.

use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Resolved text longer than this is replaced by its start, length and hash.
pub const LONG: usize = 4096;

/// The length limit of [`Resolver::expanded`], which only runs on values
/// already found to differ.
pub const EXPANDED: usize = 1 << 20;

/// Resolves metadata of one module.
pub struct Resolver<'m> {
    nodes: &'m BTreeMap<u32, String>,
    /// Text longer than this is compressed.
    long: usize,
    /// Functions whose `ptr @f` is written `null` (functions erased by a
    /// rewrite, on the input side).
    nulled: BTreeSet<String>,
    memo: HashMap<u32, String>,
}

fn fnv1a(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// `s`, or when longer than `long` its first bytes, length and hash.
fn compress(s: String, long: usize) -> String {
    if s.len() <= long {
        return s;
    }
    let mut end = 100;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!(
        "{}...<{} bytes, fnv {:016x}>",
        &s[..end],
        s.len(),
        fnv1a(&s)
    )
}

fn is_name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'$' | b'.' | b'_')
}

impl<'m> Resolver<'m> {
    /// A resolver over `nodes` (number to the text after `=`) that writes
    /// `ptr @f` as `null` for every `@f` in `nulled`.
    pub fn new(nodes: &'m BTreeMap<u32, String>, nulled: BTreeSet<String>) -> Self {
        Resolver {
            nodes,
            long: LONG,
            nulled,
            memo: HashMap::new(),
        }
    }

    /// Whether `resolved` (a result of [`Resolver::resolve`]) was compressed.
    pub fn is_compressed(resolved: &str) -> bool {
        resolved.contains(" bytes, fnv ")
    }

    /// The canonical text of `text` compressed only beyond [`EXPANDED`]
    /// bytes, to show where two compressed values differ.
    pub fn expanded(&self, text: &str) -> String {
        let mut r = Resolver {
            nodes: self.nodes,
            long: EXPANDED,
            nulled: self.nulled.clone(),
            memo: HashMap::new(),
        };
        r.resolve(text)
    }

    /// The canonical text of `text` (an attachment's `!9`, a named
    /// metadata operand, or a whole node).
    pub fn resolve(&mut self, text: &str) -> String {
        self.render(text, &mut Vec::new()).0
    }

    /// Canonical text of node `n`, and the lowest stack index its text
    /// refers back to (`usize::MAX` when none).
    fn node(&mut self, n: u32, stack: &mut Vec<u32>) -> (String, usize) {
        if let Some(s) = self.memo.get(&n) {
            return (s.clone(), usize::MAX);
        }
        if let Some(pos) = stack.iter().rposition(|&x| x == n) {
            return (format!("^{}", stack.len() - 1 - pos), pos);
        }
        let nodes = self.nodes;
        let Some(body) = nodes.get(&n) else {
            return (format!("<undefined !{n}>"), usize::MAX);
        };
        let idx = stack.len();
        stack.push(n);
        let (s, low) = self.render(body, stack);
        stack.pop();
        let s = compress(s, self.long);
        if low >= idx {
            self.memo.insert(n, s.clone());
            (s, usize::MAX)
        } else {
            (s, low)
        }
    }

    fn render(&mut self, text: &str, stack: &mut Vec<u32>) -> (String, usize) {
        let b = text.as_bytes();
        let mut out = String::with_capacity(text.len());
        let mut low = usize::MAX;
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'"' => {
                    let end = b[i + 1..]
                        .iter()
                        .position(|&c| c == b'"')
                        .map_or(b.len(), |p| i + p + 2);
                    out.push_str(&text[i..end]);
                    i = end;
                }
                b'!' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                    let end = b[i + 1..]
                        .iter()
                        .position(|c| !c.is_ascii_digit())
                        .map_or(b.len(), |p| i + 1 + p);
                    match text[i + 1..end].parse() {
                        Ok(n) => {
                            let (s, l) = self.node(n, stack);
                            out.push_str(&s);
                            low = low.min(l);
                        }
                        Err(_) => out.push_str(&text[i..end]),
                    }
                    i = end;
                }
                b'@' => {
                    let end = if b.get(i + 1) == Some(&b'"') {
                        b[i + 2..]
                            .iter()
                            .position(|&c| c == b'"')
                            .map_or(b.len(), |p| i + p + 3)
                    } else {
                        b[i + 1..]
                            .iter()
                            .position(|&c| !is_name_byte(c))
                            .map_or(b.len(), |p| i + 1 + p)
                    };
                    let name = &text[i..end];
                    if self.nulled.contains(name) && out.ends_with("ptr ") {
                        out.truncate(out.len() - 4);
                        out.push_str("null");
                    } else {
                        out.push_str(name);
                    }
                    i = end;
                }
                _ => {
                    let end = b[i..]
                        .iter()
                        .position(|&c| matches!(c, b'"' | b'!' | b'@'))
                        .map_or(b.len(), |p| i + p.max(1));
                    out.push_str(&text[i..end]);
                    i = end;
                }
            }
        }
        (out, low)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nodes(text: &str) -> BTreeMap<u32, String> {
        text.lines()
            .filter_map(|l| l.strip_prefix('!')?.split_once(" = "))
            .filter_map(|(n, b)| Some((n.parse().ok()?, b.to_string())))
            .collect()
    }

    #[test]
    fn numbering_does_not_matter() {
        let a = nodes("!3 = !{!4, !4, i64 0}\n!4 = !{!\"int\", !5, i64 0}\n!5 = !{!\"char\"}");
        let b = nodes("!7 = !{!1, !1, i64 0}\n!1 = !{!\"int\", !0, i64 0}\n!0 = !{!\"char\"}");
        let ra = Resolver::new(&a, BTreeSet::new()).resolve("!3");
        assert_eq!(ra, Resolver::new(&b, BTreeSet::new()).resolve("!7"));
        assert_eq!(
            ra,
            r#"!{!{!"int", !{!"char"}, i64 0}, !{!"int", !{!"char"}, i64 0}, i64 0}"#
        );
    }

    #[test]
    fn cycles() {
        let a = nodes("!14 = distinct !{!14, !15}\n!15 = !{!\"llvm.loop.mustprogress\"}");
        let b = nodes("!2 = distinct !{!2, !3}\n!3 = !{!\"llvm.loop.mustprogress\"}");
        let ra = Resolver::new(&a, BTreeSet::new()).resolve("!14");
        assert_eq!(ra, r#"distinct !{^0, !{!"llvm.loop.mustprogress"}}"#);
        assert_eq!(ra, Resolver::new(&b, BTreeSet::new()).resolve("!2"));
    }

    #[test]
    fn nulled_functions() {
        let a = nodes("!1 = !{ptr @f, !\"kernel\", i32 1}");
        let nulled = BTreeSet::from(["@f".to_string()]);
        assert_eq!(
            Resolver::new(&a, nulled).resolve("!1"),
            r#"!{null, !"kernel", i32 1}"#
        );
    }

    #[test]
    fn negative_different_content() {
        let a = nodes("!1 = !{i32 1, i32 3}");
        let b = nodes("!1 = !{i32 1, i32 4}");
        assert_ne!(
            Resolver::new(&a, BTreeSet::new()).resolve("!1"),
            Resolver::new(&b, BTreeSet::new()).resolve("!1")
        );
    }
}
