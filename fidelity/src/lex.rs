//! Tokens of one line of LLVM IR text, as LLVM 22's printer writes it.
//!
//! A word glues on what the printer writes without a space: a parenthesised
//! group right after it (`addrspace(1)`, `range(i32 0, 1024)`,
//! `!DILocation(line: 3, scope: !4)`), except after an `@` name, whose `(`
//! opens a parameter list; and a quoted string (`c"..."`, `@"a b"`,
//! `!"kernel"`). A string followed by `=` and a value (`"key"="value"`) is one
//! word too. Brackets, braces, angle brackets, parentheses not glued to a word
//! and commas are punctuation. A `;` outside a string starts a comment.

/// One token of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A word: keyword, number, name, glued group or `"key"="value"`.
    Word(String),
    /// A quoted string on its own, quotes included.
    Str(String),
    /// One of `( ) [ ] { } < > ,`.
    Punct(char),
}

impl Tok {
    /// The token's text.
    pub fn text(&self) -> &str {
        match self {
            Tok::Word(w) | Tok::Str(w) => w,
            Tok::Punct(c) => match c {
                '(' => "(",
                ')' => ")",
                '[' => "[",
                ']' => "]",
                '{' => "{",
                '}' => "}",
                '<' => "<",
                '>' => ">",
                _ => ",",
            },
        }
    }

    /// The word, if this is one.
    pub fn word(&self) -> Option<&str> {
        match self {
            Tok::Word(w) => Some(w),
            _ => None,
        }
    }

    /// Whether this is the punctuation `c`.
    pub fn is(&self, c: char) -> bool {
        matches!(self, Tok::Punct(p) if *p == c)
    }
}

const PUNCT: &[u8] = b"()[]{}<>,";

/// Index just past the string that opens at `start` (a `"`). LLVM escapes a
/// quote inside a string as `\22`, so the next `"` closes it.
fn string_end(b: &[u8], start: usize) -> Result<usize, String> {
    match b[start + 1..].iter().position(|&c| c == b'"') {
        Some(p) => Ok(start + 1 + p + 1),
        None => Err("unterminated string".to_string()),
    }
}

/// Index just past the parenthesised group that opens at `start` (a `(`).
fn group_end(b: &[u8], start: usize) -> Result<usize, String> {
    let mut depth = 0usize;
    let mut i = start;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i = string_end(b, i)?;
                continue;
            }
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    Err("unbalanced parenthesis".to_string())
}

fn is_word_byte(c: u8) -> bool {
    !c.is_ascii_whitespace() && !PUNCT.contains(&c) && c != b'"' && c != b';'
}

/// The tokens of `line`, up to a comment.
pub fn tokenize(line: &str) -> Result<Vec<Tok>, String> {
    let b = line.as_bytes();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b';' {
            break;
        } else if PUNCT.contains(&c) {
            toks.push(Tok::Punct(c as char));
            i += 1;
        } else if c == b'"' {
            let end = string_end(b, i)?;
            if b.get(end) == Some(&b'=') {
                // "key"="value" (or "key"=word)
                let mut j = end + 1;
                if b.get(j) == Some(&b'"') {
                    j = string_end(b, j)?;
                } else {
                    while j < b.len() && is_word_byte(b[j]) {
                        j += 1;
                    }
                }
                toks.push(Tok::Word(line[i..j].to_string()));
                i = j;
            } else {
                toks.push(Tok::Str(line[i..end].to_string()));
                i = end;
            }
        } else {
            let start = i;
            loop {
                while i < b.len() && is_word_byte(b[i]) {
                    i += 1;
                }
                match b.get(i) {
                    Some(b'"') => i = string_end(b, i)?,
                    Some(b'(') if b[start] != b'@' => i = group_end(b, i)?,
                    _ => break,
                }
            }
            toks.push(Tok::Word(line[start..i].to_string()));
        }
    }
    Ok(toks)
}

/// `line` without its comment (a `;` outside a string), trimmed.
pub fn strip_comment(line: &str) -> &str {
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => match b[i + 1..].iter().position(|&c| c == b'"') {
                Some(p) => i += p + 2,
                None => return line.trim(),
            },
            b';' => return line[..i].trim(),
            _ => i += 1,
        }
    }
    line.trim()
}

/// The tokens as text, spaced the way LLVM prints them (`[4 x float]`,
/// `{ i32, i32 }`, `<{ i8 }>`, `f(a, b)`).
pub fn render(toks: &[Tok]) -> String {
    let mut out = String::new();
    let mut prev: Option<&Tok> = None;
    for t in toks {
        let space = match prev {
            None => false,
            Some(p) => {
                !(t.is(',') || t.is(')') || t.is(']') || t.is('>'))
                    && !(p.is('(') || p.is('[') || p.is('<'))
            }
        };
        if space {
            out.push(' ');
        }
        out.push_str(t.text());
        prev = Some(t);
    }
    out
}

/// The pieces of `toks` between commas outside any bracket.
pub fn split_top_commas(toks: &[Tok]) -> Vec<&[Tok]> {
    let mut pieces = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, t) in toks.iter().enumerate() {
        match t {
            Tok::Punct('(' | '[' | '{' | '<') => depth += 1,
            Tok::Punct(')' | ']' | '}' | '>') => depth -= 1,
            Tok::Punct(',') if depth == 0 => {
                pieces.push(&toks[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < toks.len() || !pieces.is_empty() {
        pieces.push(&toks[start..]);
    }
    pieces
}

/// Index of the punctuation that closes the bracket opened at `open`.
pub fn matching_close(toks: &[Tok], open: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (i, t) in toks.iter().enumerate().skip(open) {
        match t {
            Tok::Punct('(' | '[' | '{' | '<') => depth += 1,
            Tok::Punct(')' | ']' | '}' | '>') => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

const SIMPLE_TYPES: &[&str] = &[
    "void",
    "half",
    "bfloat",
    "float",
    "double",
    "x86_fp80",
    "fp128",
    "ppc_fp128",
    "label",
    "metadata",
    "token",
    "x86_amx",
    "opaque",
];

/// Index just past the type that starts at `pos`, if one does.
pub fn parse_type(toks: &[Tok], pos: usize) -> Option<usize> {
    let t = toks.get(pos)?;
    match t {
        Tok::Word(w) => {
            let simple = SIMPLE_TYPES.contains(&w.as_str())
                || (w.len() > 1
                    && w.starts_with('i')
                    && w[1..].bytes().all(|c| c.is_ascii_digit()))
                || w.starts_with('%')
                || w.starts_with("target(");
            if w == "ptr" {
                match toks.get(pos + 1).and_then(Tok::word) {
                    Some(a) if a.starts_with("addrspace(") => Some(pos + 2),
                    _ => Some(pos + 1),
                }
            } else if simple {
                Some(pos + 1)
            } else {
                None
            }
        }
        Tok::Punct('{') => parse_struct_body(toks, pos + 1, '}'),
        Tok::Punct('<') => {
            if toks.get(pos + 1)?.is('{') {
                let end = parse_struct_body(toks, pos + 2, '}')?;
                toks.get(end)?.is('>').then_some(end + 1)
            } else {
                parse_sequential(toks, pos + 1, '>')
            }
        }
        Tok::Punct('[') => parse_sequential(toks, pos + 1, ']'),
        _ => None,
    }
}

/// `T, T, ... }` (or an empty `}`), from `pos`; index past the close.
fn parse_struct_body(toks: &[Tok], mut pos: usize, close: char) -> Option<usize> {
    if toks.get(pos)?.is(close) {
        return Some(pos + 1);
    }
    loop {
        pos = parse_type(toks, pos)?;
        let t = toks.get(pos)?;
        if t.is(close) {
            return Some(pos + 1);
        }
        if !t.is(',') {
            return None;
        }
        pos += 1;
    }
}

/// `[vscale x] N x T ]` (or `>`), from `pos`; index past the close.
fn parse_sequential(toks: &[Tok], mut pos: usize, close: char) -> Option<usize> {
    if toks.get(pos)?.word() == Some("vscale") {
        pos += 2;
    }
    let n = toks.get(pos)?.word()?;
    if !n.bytes().all(|c| c.is_ascii_digit()) || toks.get(pos + 1)?.word() != Some("x") {
        return None;
    }
    let end = parse_type(toks, pos + 2)?;
    toks.get(end)?.is(close).then_some(end + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        tokenize(line)
            .map(|t| t.iter().map(|t| t.text().to_string()).collect())
            .unwrap_or_default()
    }

    #[test]
    fn glued_groups_and_strings() {
        assert_eq!(
            words(r#"ptr addrspace(1) noundef range(i32 0, 1024) "a b"="c;d" c"x\00" @f(i32) ; x"#),
            [
                "ptr",
                "addrspace(1)",
                "noundef",
                "range(i32 0, 1024)",
                r#""a b"="c;d""#,
                r#"c"x\00""#,
                "@f",
                "(",
                "i32",
                ")"
            ]
        );
    }

    #[test]
    fn types() {
        let t = tokenize("<{ i32, [4 x <2 x float>] }> %x").unwrap_or_default();
        assert_eq!(parse_type(&t, 0), Some(t.len() - 1));
        assert_eq!(render(&t[..t.len() - 1]), "<{ i32, [4 x <2 x float>] }>");
        let t = tokenize("noundef ptr addrspace(3)").unwrap_or_default();
        assert_eq!(parse_type(&t, 0), None);
        assert_eq!(parse_type(&t, 1), Some(3));
    }

    #[test]
    fn negative_unterminated_string() {
        assert!(tokenize(r#"section "abc"#).is_err());
    }
}
