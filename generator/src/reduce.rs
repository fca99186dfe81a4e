//! A line-based delta reducer that keeps braces balanced.
//!
//! The program text is read as a tree by counting braces per line (the way
//! the generator prints: a compound statement opens with `{` at the end of
//! its first line and closes with a line starting with `}`), so a candidate
//! removes a whole statement, a whole block or a whole function, never half
//! of one. At every level the reducer removes chunks of consecutive siblings
//! (halves, quarters, ... single nodes, like ddmin), then tries to replace
//! blocks by their bodies. A candidate is kept when the test still says it
//! is interesting (for `scripts/differential.sh`: it compiles, the reference
//! run is OK, and the same pipeline still fails the same way).
//!
//! Pinned lines are never removed on their own: barriers and
//! `wait_group_events` (removing one would make a data race, i.e. a
//! different program), lines marked `// keep` (the generator's
//! initialization and output), and `} else {`. Their enclosing block can
//! still go as a whole.

use std::collections::HashSet;

/// A line, or a block from its opening line to its closing line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// One line (braces balanced on it).
    Line(String),
    /// `open` ends with `{`, `close` starts with `}`.
    Block {
        /// The opening line (`if (c) {`, `uint f(...) {`, `{`).
        open: String,
        /// The lines and blocks inside.
        children: Vec<Node>,
        /// The closing line (`}`, `} S0;`).
        close: String,
    },
}

fn braces(line: &str) -> (i32, i32) {
    let code = match line.find("//") {
        Some(i) => &line[..i],
        None => line,
    };
    let opens = code.matches('{').count() as i32;
    let closes = code.matches('}').count() as i32;
    (opens, closes)
}

/// Whether a line may not be removed on its own.
pub fn pinned(line: &str) -> bool {
    let t = line.trim();
    t.contains("barrier(")
        || t.contains("wait_group_events")
        || t.ends_with("// keep")
        || t.starts_with("} else")
}

/// Reads lines into a tree; unbalanced text becomes plain lines.
pub fn parse(text: &str) -> Vec<Node> {
    // stack of (open line, children)
    let mut stack: Vec<(String, Vec<Node>)> = vec![(String::new(), Vec::new())];
    for line in text.lines() {
        let (o, c) = braces(line);
        let t = line.trim_start();
        if o - c == 1 && !t.starts_with('}') {
            stack.push((line.to_string(), Vec::new()));
        } else if c - o == 1 && t.starts_with('}') && stack.len() > 1 {
            let (open, children) = stack.pop().unwrap();
            stack.last_mut().unwrap().1.push(Node::Block {
                open,
                children,
                close: line.to_string(),
            });
        } else {
            stack
                .last_mut()
                .unwrap()
                .1
                .push(Node::Line(line.to_string()));
        }
    }
    // unclosed blocks: flatten back into lines
    while stack.len() > 1 {
        let (open, children) = stack.pop().unwrap();
        let parent = &mut stack.last_mut().unwrap().1;
        parent.push(Node::Line(open));
        parent.extend(children);
    }
    stack.pop().unwrap().1
}

/// Prints a tree back to text.
pub fn print(nodes: &[Node]) -> String {
    let mut out = String::new();
    fn go(nodes: &[Node], out: &mut String) {
        for n in nodes {
            match n {
                Node::Line(l) => {
                    out.push_str(l);
                    out.push('\n');
                }
                Node::Block {
                    open,
                    children,
                    close,
                } => {
                    out.push_str(open);
                    out.push('\n');
                    go(children, out);
                    out.push_str(close);
                    out.push('\n');
                }
            }
        }
    }
    go(nodes, &mut out);
    out
}

fn removable(n: &Node) -> bool {
    match n {
        Node::Line(l) => !pinned(l) && !l.trim().is_empty(),
        Node::Block { .. } => true,
    }
}

fn list_mut<'a>(root: &'a mut Vec<Node>, path: &[usize]) -> &'a mut Vec<Node> {
    let mut cur = root;
    for &i in path {
        cur = match &mut cur[i] {
            Node::Block { children, .. } => children,
            Node::Line(_) => unreachable!("paths lead through blocks"),
        };
    }
    cur
}

/// Statistics of a reduction.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Candidates tested (the expensive step).
    pub tests: usize,
    /// Candidates kept.
    pub accepted: usize,
}

/// The reducer: `test` says whether a candidate text is still interesting.
pub struct Reducer<'t> {
    test: Box<dyn FnMut(&str) -> bool + 't>,
    seen: HashSet<String>,
    max_tests: usize,
    /// What happened so far.
    pub stats: Stats,
}

impl<'t> Reducer<'t> {
    /// A reducer calling `test` at most `max_tests` times.
    pub fn new(test: impl FnMut(&str) -> bool + 't, max_tests: usize) -> Self {
        Reducer {
            test: Box::new(test),
            seen: HashSet::new(),
            max_tests,
            stats: Stats::default(),
        }
    }

    fn try_text(&mut self, text: String) -> bool {
        if self.stats.tests >= self.max_tests || !self.seen.insert(text.clone()) {
            return false;
        }
        self.stats.tests += 1;
        let ok = (self.test)(&text);
        if ok {
            self.stats.accepted += 1;
        }
        ok
    }

    /// Reduces `text` (assumed interesting) and returns the smallest
    /// interesting text found.
    pub fn reduce(&mut self, text: &str) -> String {
        let mut root = parse(text);
        self.seen.insert(print(&root));
        loop {
            let before = self.stats.accepted;
            self.reduce_list(&mut root, &mut Vec::new());
            self.unwrap_blocks(&mut root, &mut Vec::new());
            if self.stats.accepted == before || self.stats.tests >= self.max_tests {
                break;
            }
        }
        print(&root)
    }

    /// ddmin over the siblings at `path`, then the same inside each block.
    fn reduce_list(&mut self, root: &mut Vec<Node>, path: &mut Vec<usize>) {
        let len = list_mut(root, path).len();
        let mut chunk = len.div_ceil(2).max(1);
        loop {
            let mut i = 0;
            while i < list_mut(root, path).len() {
                let list = list_mut(root, path);
                let end = (i + chunk).min(list.len());
                if !list[i..end].iter().any(removable) {
                    i += chunk;
                    continue;
                }
                let saved = list.clone();
                let mut k = 0;
                list.retain(|n| {
                    let drop = k >= i && k < end && removable(n);
                    k += 1;
                    !drop
                });
                let text = print(root);
                if !self.try_text(text) {
                    *list_mut(root, path) = saved;
                    i += chunk;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
        let n = list_mut(root, path).len();
        for i in 0..n {
            if i >= list_mut(root, path).len() {
                break;
            }
            if matches!(list_mut(root, path)[i], Node::Block { .. }) {
                path.push(i);
                self.reduce_list(root, path);
                path.pop();
            }
        }
    }

    /// Replaces blocks (`if`, loops, `{ }`) by their bodies where that stays
    /// interesting (functions and types are left alone).
    fn unwrap_blocks(&mut self, root: &mut Vec<Node>, path: &mut Vec<usize>) {
        let mut i = 0;
        while i < list_mut(root, path).len() {
            let node = list_mut(root, path)[i].clone();
            if let Node::Block { open, children, .. } = &node {
                let t = open.trim_start();
                let stmt = t == "{"
                    || t.starts_with("if (")
                    || t.starts_with("for (")
                    || t.starts_with("while (");
                let has_else = children
                    .iter()
                    .any(|c| matches!(c, Node::Line(l) if l.trim_start().starts_with("} else")));
                if stmt && !has_else && !path.is_empty() {
                    let list = list_mut(root, path);
                    list.splice(i..=i, children.iter().cloned());
                    if self.try_text(print(root)) {
                        continue; // the body's nodes are now at i..
                    }
                    let list = list_mut(root, path);
                    list.splice(i..i + children.len(), [node.clone()]);
                }
                path.push(i);
                self.unwrap_blocks(root, path);
                path.pop();
            }
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str =
        "int f() {\n  a;\n  if (c) {\n    b;\n  } else {\n    d;\n  }\n  barrier(X);\n  e;\n}\n";

    #[test]
    fn parse_print_round_trip() {
        let t = parse(SRC);
        assert_eq!(print(&t), SRC);
        assert_eq!(t.len(), 1);
    }

    #[test]
    fn reduces_to_the_interesting_line_keeping_braces_and_pins() {
        let mut r = Reducer::new(
            |s: &str| s.contains("e;") && s.matches('{').count() == s.matches('}').count(),
            1000,
        );
        let out = r.reduce(SRC);
        assert_eq!(out, "int f() {\n  barrier(X);\n  e;\n}\n");
    }

    #[test]
    fn unwraps_blocks() {
        let src = "void f() {\n  if (c) {\n    x;\n  }\n}\n";
        let mut r = Reducer::new(|s: &str| s.contains("x;") && !s.contains("if"), 100);
        assert_eq!(r.reduce(src), "void f() {\n    x;\n}\n");
    }
}
