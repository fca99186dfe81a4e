//! A small C syntax tree for the generated kernels, printed one statement a
//! line (compound statements open with `{` at the end of their first line and
//! close with a line of their own), so that the line-based reducer
//! (`reduce`) can remove statements and whole blocks by counting braces.

use std::fmt::{self, Write as _};

/// An OpenCL C expression. Binary operators, conditionals and casts print
/// fully parenthesized, so precedence never depends on the context.
#[derive(Clone, Debug)]
pub enum Expr {
    /// Verbatim text: an identifier or a literal (`gid`, `3u`, `0.5f`).
    Raw(String),
    /// `(a op b)`.
    Bin(Box<Expr>, &'static str, Box<Expr>),
    /// A prefix operator: `&x`, `*p`, `~x`, `-x`.
    Un(&'static str, Box<Expr>),
    /// `(c ? a : b)`.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `a[i]`.
    Index(Box<Expr>, Box<Expr>),
    /// `f(a, b, ...)`.
    Call(String, Vec<Expr>),
    /// `((T)a)`.
    Cast(String, Box<Expr>),
    /// `a.f` (or `a->f` when the flag is set).
    Field(Box<Expr>, String, bool),
}

/// Verbatim text as an expression.
pub fn raw(s: impl Into<String>) -> Expr {
    Expr::Raw(s.into())
}

/// An unsigned literal: `17u`.
pub fn lit(n: u32) -> Expr {
    Expr::Raw(format!("{n}u"))
}

/// `(a op b)`.
pub fn bin(a: Expr, op: &'static str, b: Expr) -> Expr {
    Expr::Bin(Box::new(a), op, Box::new(b))
}

/// `a[i]`.
pub fn index(a: Expr, i: Expr) -> Expr {
    Expr::Index(Box::new(a), Box::new(i))
}

/// `f(args)`.
pub fn call(f: impl Into<String>, args: Vec<Expr>) -> Expr {
    Expr::Call(f.into(), args)
}

/// `((ty)e)`.
pub fn cast(ty: impl Into<String>, e: Expr) -> Expr {
    Expr::Cast(ty.into(), Box::new(e))
}

/// `(c ? a : b)`.
pub fn cond(c: Expr, a: Expr, b: Expr) -> Expr {
    Expr::Cond(Box::new(c), Box::new(a), Box::new(b))
}

/// `&e`.
pub fn addr(e: Expr) -> Expr {
    Expr::Un("&", Box::new(e))
}

/// `a.f` or `a->f`.
pub fn field(a: Expr, f: &str, arrow: bool) -> Expr {
    Expr::Field(Box::new(a), f.to_string(), arrow)
}

impl Expr {
    /// Whether the expression prints as a postfix expression (or tighter),
    /// so that it can be indexed or called without parentheses.
    fn is_postfix(&self) -> bool {
        matches!(
            self,
            Expr::Raw(_)
                | Expr::Index(..)
                | Expr::Call(..)
                | Expr::Field(..)
                | Expr::Bin(..)
                | Expr::Cond(..)
                | Expr::Cast(..)
        )
    }
}

fn postfix_base(f: &mut fmt::Formatter<'_>, e: &Expr) -> fmt::Result {
    if e.is_postfix() {
        write!(f, "{e}")
    } else {
        write!(f, "({e})")
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Raw(s) => f.write_str(s),
            Expr::Bin(a, op, b) => write!(f, "({a} {op} {b})"),
            Expr::Un(op, a) => {
                if matches!(**a, Expr::Un(..)) {
                    write!(f, "{op}({a})")
                } else {
                    write!(f, "{op}{a}")
                }
            }
            Expr::Cond(c, a, b) => write!(f, "({c} ? {a} : {b})"),
            Expr::Index(a, i) => {
                postfix_base(f, a)?;
                write!(f, "[{i}]")
            }
            Expr::Call(name, args) => {
                write!(f, "{name}(")?;
                for (k, a) in args.iter().enumerate() {
                    if k > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{a}")?;
                }
                f.write_str(")")
            }
            Expr::Cast(ty, a) => {
                // `(uint2)(p)[1]` would be OpenCL's vector literal `(uint2)(p)`
                // indexed: every operand that is not a name or a literal, or
                // that already prints in parentheses, gets its own.
                match **a {
                    Expr::Raw(_) | Expr::Bin(..) | Expr::Cond(..) | Expr::Cast(..) => {
                        write!(f, "(({ty}){a})")
                    }
                    _ => write!(f, "(({ty})({a}))"),
                }
            }
            Expr::Field(a, name, arrow) => {
                postfix_base(f, a)?;
                write!(f, "{}{name}", if *arrow { "->" } else { "." })
            }
        }
    }
}

/// A declaration's initializer.
#[derive(Clone, Debug)]
pub enum Init {
    /// `= e`
    Expr(Expr),
    /// `= {a, b, {c, d}}`
    List(Vec<Init>),
}

impl fmt::Display for Init {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Init::Expr(e) => write!(f, "{e}"),
            Init::List(items) => {
                f.write_str("{")?;
                for (k, i) in items.iter().enumerate() {
                    if k > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{i}")?;
                }
                f.write_str("}")
            }
        }
    }
}

/// A statement. Compound statements hold their bodies; everything else
/// prints on one line.
#[derive(Clone, Debug)]
pub enum Stmt {
    /// `ty name dims = init;` (`ty` may end in `*`: `uint *p`).
    Decl {
        /// The type, e.g. `uint`, `uint *`, `local float`.
        ty: String,
        /// The declared name.
        name: String,
        /// Array dimensions, e.g. `[3]`, `[2][4]`, or empty.
        dims: String,
        /// The initializer, if any.
        init: Option<Init>,
    },
    /// `lhs op rhs;` with `op` one of `=`, `+=`, `^=`, ...
    Assign(Expr, &'static str, Expr),
    /// `e;`
    Expr(Expr),
    /// `if (c) { ... } else { ... }` (no `else` when the second body is empty).
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    /// `for (uint i = 0u; i < n; i++) { ... }`
    For(String, u32, Vec<Stmt>),
    /// `while (c) { ... }`
    While(Expr, Vec<Stmt>),
    /// `{ ... }`
    Block(Vec<Stmt>),
    /// `return e;` / `return;`
    Return(Option<Expr>),
    /// A verbatim line (a barrier, a one-line loop, a comment).
    Line(String),
}

/// A condition without the outer parentheses a binary operator prints with.
fn bare(c: &Expr) -> String {
    match c {
        Expr::Bin(a, op, b) => format!("{a} {op} {b}"),
        _ => c.to_string(),
    }
}

fn decl_head(ty: &str, name: &str, dims: &str) -> String {
    if ty.ends_with('*') {
        format!("{ty}{name}{dims}")
    } else {
        format!("{ty} {name}{dims}")
    }
}

impl Stmt {
    /// Appends the statement's lines, indented by `depth` levels.
    pub fn print(&self, out: &mut String, depth: usize) {
        let pad = "  ".repeat(depth);
        match self {
            Stmt::Decl {
                ty,
                name,
                dims,
                init,
            } => {
                let head = decl_head(ty, name, dims);
                match init {
                    Some(i) => writeln!(out, "{pad}{head} = {i};"),
                    None => writeln!(out, "{pad}{head};"),
                }
                .unwrap();
            }
            Stmt::Assign(l, op, r) => writeln!(out, "{pad}{l} {op} {r};").unwrap(),
            Stmt::Expr(e) => writeln!(out, "{pad}{e};").unwrap(),
            Stmt::If(c, t, e) => {
                writeln!(out, "{pad}if ({}) {{", bare(c)).unwrap();
                print_body(out, t, depth + 1);
                if !e.is_empty() {
                    writeln!(out, "{pad}}} else {{").unwrap();
                    print_body(out, e, depth + 1);
                }
                writeln!(out, "{pad}}}").unwrap();
            }
            Stmt::For(v, n, body) => {
                writeln!(out, "{pad}for (uint {v} = 0u; {v} < {n}u; {v}++) {{").unwrap();
                print_body(out, body, depth + 1);
                writeln!(out, "{pad}}}").unwrap();
            }
            Stmt::While(c, body) => {
                writeln!(out, "{pad}while ({}) {{", bare(c)).unwrap();
                print_body(out, body, depth + 1);
                writeln!(out, "{pad}}}").unwrap();
            }
            Stmt::Block(body) => {
                writeln!(out, "{pad}{{").unwrap();
                print_body(out, body, depth + 1);
                writeln!(out, "{pad}}}").unwrap();
            }
            Stmt::Return(Some(e)) => writeln!(out, "{pad}return {e};").unwrap(),
            Stmt::Return(None) => writeln!(out, "{pad}return;").unwrap(),
            Stmt::Line(s) => writeln!(out, "{pad}{s}").unwrap(),
        }
    }
}

/// Appends a statement list, indented by `depth` levels.
pub fn print_body(out: &mut String, body: &[Stmt], depth: usize) {
    for s in body {
        s.print(out, depth);
    }
}

/// A function definition (a helper or the kernel).
#[derive(Clone, Debug)]
pub struct Function {
    /// Text before the return type: `kernel `, `__attribute__((noinline)) `.
    pub prefix: String,
    /// The return type (`uint`, `uint *`, `void`).
    pub ret: String,
    /// The function's name.
    pub name: String,
    /// Parameters as (type, name).
    pub params: Vec<(String, String)>,
    /// The body.
    pub body: Vec<Stmt>,
    /// A one-line comment printed above the function.
    pub comment: String,
}

impl Function {
    /// Appends the definition.
    pub fn print(&self, out: &mut String) {
        if !self.comment.is_empty() {
            writeln!(out, "// {}", self.comment).unwrap();
        }
        let params: Vec<String> = self
            .params
            .iter()
            .map(|(t, n)| decl_head(t, n, ""))
            .collect();
        let head = if self.ret.ends_with('*') {
            format!("{}{}{}", self.prefix, self.ret, self.name)
        } else {
            format!("{}{} {}", self.prefix, self.ret, self.name)
        };
        writeln!(out, "{head}({}) {{", params.join(", ")).unwrap();
        print_body(out, &self.body, 1);
        writeln!(out, "}}").unwrap();
    }
}

/// A whole translation unit: comment header, program-scope lines (types,
/// variables), functions in definition order.
#[derive(Clone, Debug, Default)]
pub struct Program {
    /// Comment lines (without `// `).
    pub header: Vec<String>,
    /// Program-scope lines: struct definitions, program-scope variables.
    pub top: Vec<String>,
    /// Helpers first, the kernel last.
    pub functions: Vec<Function>,
}

impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        for h in &self.header {
            writeln!(out, "// {h}").unwrap();
        }
        if !self.top.is_empty() {
            out.push('\n');
            for t in &self.top {
                writeln!(out, "{t}").unwrap();
            }
        }
        for func in &self.functions {
            out.push('\n');
            func.print(&mut out);
        }
        f.write_str(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_with_parentheses_where_needed() {
        let p = addr(index(raw("pa"), lit(2)));
        assert_eq!(index(p.clone(), lit(1)).to_string(), "(&pa[2u])[1u]");
        assert_eq!(cast("uint *", p).to_string(), "((uint *)(&pa[2u]))");
        // not OpenCL's vector literal `(uint2)(p)` indexed
        let v = cast("uint2", index(bin(raw("g"), "+", lit(3)), lit(1)));
        assert_eq!(v.to_string(), "((uint2)((g + 3u)[1u]))");
        assert_eq!(bin(raw("a"), "+", lit(1)).to_string(), "(a + 1u)");
    }

    #[test]
    fn compound_statements_open_and_close_on_their_own_lines() {
        let s = Stmt::If(
            raw("c"),
            vec![Stmt::Expr(raw("f()"))],
            vec![Stmt::Return(None)],
        );
        let mut out = String::new();
        s.print(&mut out, 0);
        assert_eq!(out, "if (c) {\n  f();\n} else {\n  return;\n}\n");
    }
}
