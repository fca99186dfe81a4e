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
//!   whose value cannot be an integer (a type, string, float, array or
//!   dictionary) is refused.

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
                    if !may_be_integer(value) {
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

/// Whether an attribute starting with `value` can be an integer: a number
/// (`1`, `-1`, `0x1`) not followed by a fraction or exponent, `true`,
/// `false`, or an alias (`#a`, which gas cannot resolve here).
fn may_be_integer(value: &[u8]) -> bool {
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
    value.starts_with(b"true") || value.starts_with(b"false") || value.starts_with(b"#")
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
    }

    #[test]
    fn integers_and_other_words_pass() {
        assert_eq!(refused("{addr_space = 1 : i32, alignment = 4 : i64}"), None);
        assert_eq!(refused("{addr_space = -1 : i32}"), None);
        assert_eq!(refused("{addr_space = 0x3 : i32}"), None);
        assert_eq!(refused("{addr_space = true}"), None);
        assert_eq!(refused("{addr_space = #as}"), None);
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
