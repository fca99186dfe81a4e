//! Inputs that crash MLIR 22's parser, refused before it reads them.
//!
//! MLIR's parser verifies what it parsed, and a few upstream verifiers use
//! attributes that the parser let through with the wrong kind. gas cannot
//! recover from a segfault inside MLIR, so it looks for those inputs in the
//! text first and answers with a located error. `mlir-opt` 22 crashes on
//! the same inputs. Each case was found by the fuzzer (`fuzz/`).
//!
//! - `llvm.mlir.global`'s custom syntax takes any attribute for
//!   `addr_space` (`{addr_space = i32}`) and keeps a null property. The
//!   verifier of every `llvm.mlir.addressof` of that global then reads it
//!   as an integer and segfaults. An integer of the wrong width is
//!   diagnosed by MLIR, and so is the generic form. So an `addr_space` key
//!   whose value cannot be an integer (a type, string, float, array,
//!   dictionary, dialect attribute such as `#llvm.linkage<external>`, or an
//!   alias `#a` defined in the text as one of these) is refused.

/// Why the text was refused: where (from 1) and what.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Refusal {
    pub line: usize,
    pub column: usize,
    pub message: &'static str,
}

/// A byte that continues a bare identifier, or one of MLIR's sigils
/// (`%x`, `@x`, `^bb`, `!t`, `#a`): a key must not follow one of these.
fn is_word_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"_$.%@^!#".contains(&byte)
}

/// The first place in `text` that would crash MLIR's parser, if any.
pub(crate) fn refuse_known_parser_crashes(text: &[u8]) -> Option<Refusal> {
    const KEY: &[u8] = b"addr_space";
    let aliases = attribute_aliases(text);
    let (mut line, mut line_start) = (1, 0);
    let mut at = 0;
    while at < text.len() {
        match text[at] {
            b'\n' => {
                line += 1;
                line_start = at + 1;
                at += 1;
            }
            // Strings (escapes included) and comments hold no keys.
            b'"' => {
                at += 1;
                while at < text.len() && text[at] != b'"' && text[at] != b'\n' {
                    at += if text[at] == b'\\' { 2 } else { 1 };
                }
                at += 1;
            }
            b'/' if text.get(at + 1) == Some(&b'/') => {
                while at < text.len() && text[at] != b'\n' {
                    at += 1;
                }
            }
            _ if text[at..].starts_with(KEY)
                && (at == 0 || !is_word_byte(text[at - 1]))
                && !text
                    .get(at + KEY.len())
                    .is_some_and(|byte| is_word_byte(*byte)) =>
            {
                let column = at - line_start + 1;
                if let Some(value) = value_after_equals(&text[at + KEY.len()..]) {
                    if !may_be_integer(value, &aliases) {
                        return Some(Refusal {
                            line,
                            column,
                            message: "`addr_space` must be an integer attribute (`addr_space = 1 : i32`); \
                                      MLIR 22's parser crashes on other kinds",
                        });
                    }
                }
                at += KEY.len();
            }
            _ => at += 1,
        }
    }
    None
}

/// What follows `= ` after a key, or `None` when no `=` follows.
fn value_after_equals(rest: &[u8]) -> Option<&[u8]> {
    let rest = rest.trim_ascii_start();
    let rest = rest.strip_prefix(b"=")?;
    Some(rest.trim_ascii_start())
}

/// An attribute alias definition: its name (after `#`) and the text from
/// its value on.
type Alias<'a> = (&'a [u8], &'a [u8]);

/// The attribute aliases defined in `text` (`#name = value` at the start of
/// a line; MLIR allows them only at the top level, one per statement).
fn attribute_aliases(text: &[u8]) -> Vec<Alias<'_>> {
    let mut aliases = Vec::new();
    let mut rest = text;
    loop {
        let line = rest.trim_ascii_start();
        if let Some(after_hash) = line.strip_prefix(b"#") {
            let name = identifier(after_hash);
            if let Some(value) = value_after_equals(&after_hash[name.len()..]) {
                if !name.is_empty() {
                    aliases.push((name, value));
                }
            }
        }
        match rest.iter().position(|byte| *byte == b'\n') {
            Some(newline) => rest = &rest[newline + 1..],
            None => return aliases,
        }
    }
}

/// The bare identifier at the start of `text` (MLIR's `[a-zA-Z_][a-zA-Z0-9_$.]*`,
/// first byte checked loosely: a digit there makes MLIR fail, not crash).
fn identifier(text: &[u8]) -> &[u8] {
    let end = text
        .iter()
        .position(|byte| !(byte.is_ascii_alphanumeric() || b"_$.".contains(byte)))
        .unwrap_or(text.len());
    &text[..end]
}

/// Whether an attribute starting with `value` can be an integer: a number
/// (`1`, `-1`, `0x1`) not followed by a fraction or exponent, `true`,
/// `false`, or an alias (`#a`) that is one of these or that gas cannot
/// resolve (MLIR then reports the undefined alias).
fn may_be_integer(value: &[u8], aliases: &[Alias<'_>]) -> bool {
    // Aliases are defined before their use, so a chain longer than the
    // number of aliases is a cycle that MLIR rejects without crashing.
    let mut value = value;
    for _ in 0..=aliases.len() {
        let Some(after_hash) = value.strip_prefix(b"#") else {
            return is_integer_literal(value);
        };
        let name = identifier(after_hash);
        // `#dialect.name...` and `#name<...>` are dialect attributes, never
        // builtin integers (MLIR's rule for telling them from aliases).
        if name.contains(&b'.') || after_hash.get(name.len()) == Some(&b'<') {
            return false;
        }
        match aliases.iter().rev().find(|(alias, _)| *alias == name) {
            Some((_, aliased)) => value = aliased,
            None => return true,
        }
    }
    true
}

/// Whether `value` starts with an integer or boolean literal.
fn is_integer_literal(value: &[u8]) -> bool {
    let digits = value.strip_prefix(b"-").unwrap_or(value);
    if digits.first().is_some_and(u8::is_ascii_digit) {
        let end = digits
            .iter()
            .position(|byte| !byte.is_ascii_alphanumeric())
            .unwrap_or(digits.len());
        let is_hex = digits.starts_with(b"0x");
        let is_float = digits[end..].first() == Some(&b'.')
            || (!is_hex
                && digits[..end]
                    .iter()
                    .any(|byte| *byte == b'e' || *byte == b'E'));
        return !is_float;
    }
    value.starts_with(b"true") || value.starts_with(b"false")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> Option<(usize, usize)> {
        refuse_known_parser_crashes(text.as_bytes()).map(|refusal| (refusal.line, refusal.column))
    }

    #[test]
    fn non_integer_address_spaces_are_refused_at_the_key() {
        assert_eq!(
            refused("llvm.mlir.global external @s() {addr_space = i32} : i32"),
            Some((1, 33))
        );
        assert_eq!(refused("\n  {addr_space =\n \"x\"}"), Some((2, 4)));
        assert_eq!(refused("{addr_space = 1.0 : f32}"), Some((1, 2)));
        assert_eq!(refused("{addr_space = 1e3 : f32}"), Some((1, 2)));
        assert_eq!(refused("{addr_space = [1]}"), Some((1, 2)));
        assert_eq!(refused("<{addr_space = unit}>"), Some((1, 3)));
        assert_eq!(refused("{addr_space = @s}"), Some((1, 2)));
        assert_eq!(
            refused("{addr_space = #llvm.linkage<external>}"),
            Some((1, 2))
        );
        assert_eq!(refused("{addr_space = #gas<tag>}"), Some((1, 2)));
    }

    #[test]
    fn aliases_of_non_integers_are_refused_at_the_use() {
        assert_eq!(refused("#as = \"x\"\n{addr_space = #as}"), Some((2, 2)));
        assert_eq!(
            refused("  #l = #llvm.linkage<external>\n#as = #l\n {addr_space = #as}"),
            Some((3, 3))
        );
        // The latest definition counts, as MLIR rejects redefinitions anyway.
        assert_eq!(
            refused("#as = 1 : i32\n#as = i32\n{addr_space = #as}"),
            Some((3, 2))
        );
    }

    #[test]
    fn integers_and_other_words_pass() {
        assert_eq!(refused("{addr_space = 1 : i32, alignment = 4 : i64}"), None);
        assert_eq!(refused("{addr_space = -1 : i32}"), None);
        assert_eq!(refused("{addr_space = 0x3 : i32}"), None);
        assert_eq!(refused("{addr_space = true}"), None);
        assert_eq!(refused("{addr_space = #as}"), None);
        assert_eq!(refused("#as = 3 : i32\n{addr_space = #as}"), None);
        assert_eq!(refused("#a = 3 : i32\n#b = #a\n{addr_space = #b}"), None);
        // A cycle is MLIR's to diagnose (aliases come before their use).
        assert_eq!(refused("#a = #b\n#b = #a\n{addr_space = #a}"), None);
        // Not keys: SSA names, symbols, longer words, strings, comments.
        assert_eq!(
            refused("%addr_space = llvm.mlir.constant(1 : i32) : i32"),
            None
        );
        assert_eq!(refused("@addr_space = x"), None);
        assert_eq!(refused("{my_addr_space = i32, addr_spaces = i32}"), None);
        assert_eq!(refused("{name = \"addr_space = i32\"}"), None);
        assert_eq!(refused("// addr_space = i32\n"), None);
        assert_eq!(refused("{s = \"a\\\"\", addr_space = 3 : i32}"), None);
    }
}
