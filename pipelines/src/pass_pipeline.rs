//! MLIR's textual pass pipeline syntax
//! (`builtin.module(gas-raise,canonicalize,func.func(cse),gas-lower{target=nvptx})`),
//! read into a tree. MLIR's C API parses pipelines but cannot register
//! passes written outside MLIR under a name its parser knows, so gas reads
//! the text itself: gas passes become external passes, everything else is
//! handed back to MLIR's parser as text ([`Element::text`]).

use crate::error::PipelineError;

/// One element of a pipeline: a pass with its options, or a nested pipeline
/// on the ops an anchor names (`func.func(...)`, `any(...)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Element {
    /// `name` or `name{options}`.
    Pass {
        /// The pass's argument (`canonicalize`, `gas-propagate`).
        name: String,
        /// The text between the braces, without them; empty without braces.
        options: String,
    },
    /// `anchor(elements)`.
    Nested {
        /// The op name the nested passes run on (`func.func`, `any`).
        anchor: String,
        /// The passes run on each such op.
        elements: Vec<Element>,
    },
}

impl Element {
    /// The element as MLIR's parser reads it.
    pub fn text(&self) -> String {
        match self {
            Self::Pass { name, options } if options.is_empty() => name.clone(),
            Self::Pass { name, options } => format!("{name}{{{options}}}"),
            Self::Nested { anchor, elements } => format!("{anchor}({})", join(elements)),
        }
    }

    /// The passes in this element, nested ones included.
    pub fn passes(&self) -> Vec<&str> {
        match self {
            Self::Pass { name, .. } => vec![name.as_str()],
            Self::Nested { elements, .. } => elements.iter().flat_map(Element::passes).collect(),
        }
    }
}

/// `elements` as MLIR's parser reads them, comma-separated.
pub fn join(elements: &[Element]) -> String {
    elements
        .iter()
        .map(Element::text)
        .collect::<Vec<_>>()
        .join(",")
}

/// Reads `text`, a whole pipeline: one anchor and its elements
/// (`builtin.module(...)`). Errors name the offending word.
pub fn parse(text: &str) -> Result<(String, Vec<Element>), PipelineError> {
    let mut reader = Reader { text, at: 0 };
    let anchor = reader.word()?;
    reader.expect('(', &anchor)?;
    let elements = reader.elements()?;
    reader.expect(')', &anchor)?;
    reader.skip_spaces();
    if reader.at < text.len() {
        return Err(reader.error(format!(
            "unexpected `{}` after the pipeline",
            &text[reader.at..]
        )));
    }
    Ok((anchor, elements))
}

/// Reads a comma-separated list of elements without an anchor
/// (`gas-raise,any(cse)`), as `mlirOpPassManagerAddPipeline` takes them.
pub fn parse_elements(text: &str) -> Result<Vec<Element>, PipelineError> {
    let mut reader = Reader { text, at: 0 };
    let elements = reader.elements()?;
    reader.skip_spaces();
    if reader.at < text.len() {
        return Err(reader.error(format!("unexpected `{}`", &text[reader.at..])));
    }
    Ok(elements)
}

/// The `key=value` pairs of a pass's options, in order. A key alone is
/// `key=true` (MLIR's flag form).
pub fn options(text: &str) -> Vec<(String, String)> {
    text.split_whitespace()
        .map(|pair| match pair.split_once('=') {
            Some((key, value)) => (key.to_string(), value.to_string()),
            None => (pair.to_string(), "true".to_string()),
        })
        .collect()
}

struct Reader<'t> {
    text: &'t str,
    at: usize,
}

impl Reader<'_> {
    fn error(&self, message: String) -> PipelineError {
        PipelineError::BadPassPipeline {
            pipeline: self.text.to_string(),
            message,
        }
    }

    fn skip_spaces(&mut self) {
        let rest = &self.text[self.at..];
        self.at += rest.len() - rest.trim_start().len();
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_spaces();
        self.text[self.at..].chars().next()
    }

    fn expect(&mut self, wanted: char, after: &str) -> Result<(), PipelineError> {
        match self.peek() {
            Some(found) if found == wanted => {
                self.at += 1;
                Ok(())
            }
            Some(found) => Err(self.error(format!(
                "expected `{wanted}` after `{after}`, found `{found}`"
            ))),
            None => Err(self.error(format!(
                "expected `{wanted}` after `{after}`, found the end"
            ))),
        }
    }

    /// A pass name or an op name: letters, digits, `_`, `-`, `.`, `$`.
    fn word(&mut self) -> Result<String, PipelineError> {
        self.skip_spaces();
        let rest = &self.text[self.at..];
        let length = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || "_-.$".contains(c)))
            .unwrap_or(rest.len());
        if length == 0 {
            let found = rest
                .chars()
                .next()
                .map_or("the end".to_string(), |c| format!("`{c}`"));
            return Err(self.error(format!("expected a pass or op name, found {found}")));
        }
        self.at += length;
        Ok(rest[..length].to_string())
    }

    /// Elements up to (not including) a `)` or the end; may be none.
    fn elements(&mut self) -> Result<Vec<Element>, PipelineError> {
        let mut elements = Vec::new();
        if matches!(self.peek(), Some(')') | None) {
            return Ok(elements);
        }
        loop {
            elements.push(self.element()?);
            match self.peek() {
                Some(',') => self.at += 1,
                _ => return Ok(elements),
            }
        }
    }

    fn element(&mut self) -> Result<Element, PipelineError> {
        let name = self.word()?;
        match self.peek() {
            Some('(') => {
                self.at += 1;
                let elements = self.elements()?;
                self.expect(')', &name)?;
                Ok(Element::Nested {
                    anchor: name,
                    elements,
                })
            }
            Some('{') => {
                let options = self.braced(&name)?;
                Ok(Element::Pass { name, options })
            }
            _ => Ok(Element::Pass {
                name,
                options: String::new(),
            }),
        }
    }

    /// The text of a `{...}` group (nested braces and quotes respected),
    /// without its outer braces.
    fn braced(&mut self, pass: &str) -> Result<String, PipelineError> {
        let start = self.at + 1;
        let mut depth = 0usize;
        let mut quoted = false;
        for (offset, c) in self.text[self.at..].char_indices() {
            match c {
                '"' => quoted = !quoted,
                '{' if !quoted => depth += 1,
                '}' if !quoted => {
                    depth -= 1;
                    if depth == 0 {
                        let end = self.at + offset;
                        self.at = end + 1;
                        return Ok(self.text[start..end].trim().to_string());
                    }
                }
                _ => {}
            }
        }
        Err(self.error(format!("the options of `{pass}` have no closing `}}`")))
    }
}

/// Checks MLIR pipeline elements against MLIR's registry, on a pass manager
/// of a scratch context; the error is MLIR's, naming the bad word.
pub fn check_mlir_elements(elements: &str) -> Result<(), PipelineError> {
    if elements.is_empty() {
        return Ok(());
    }
    gas_patterns::ir::adapter::register_mlir_passes();
    let context = melior::Context::new();
    let manager = melior::pass::PassManager::new(&context);
    crate::ffi::add_pipeline(manager.as_operation_pass_manager(), elements)
        .map_err(|message| PipelineError::MlirPassPipeline { message })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pass(name: &str, options: &str) -> Element {
        Element::Pass {
            name: name.into(),
            options: options.into(),
        }
    }

    #[test]
    fn nested_pipelines_and_options_are_read() {
        let (anchor, elements) = parse(
            "builtin.module( gas-raise , any(canonicalize{max-iterations=2 region-simplify=disabled}), \
             func.func(cse) ,gas-lower{target=nvptx})",
        )
        .expect("a valid pipeline");
        assert_eq!(anchor, "builtin.module");
        assert_eq!(
            elements,
            [
                pass("gas-raise", ""),
                Element::Nested {
                    anchor: "any".into(),
                    elements: vec![pass(
                        "canonicalize",
                        "max-iterations=2 region-simplify=disabled"
                    )],
                },
                Element::Nested {
                    anchor: "func.func".into(),
                    elements: vec![pass("cse", "")],
                },
                pass("gas-lower", "target=nvptx"),
            ]
        );
        assert_eq!(
            join(&elements),
            "gas-raise,any(canonicalize{max-iterations=2 region-simplify=disabled}),\
             func.func(cse),gas-lower{target=nvptx}"
        );
    }

    #[test]
    fn empty_pipelines_are_valid() {
        assert_eq!(
            parse("builtin.module()").expect("valid"),
            ("builtin.module".to_string(), Vec::new())
        );
    }

    #[test]
    fn malformed_pipelines_say_where() {
        for (text, expected) in [
            (
                "builtin.module(gas-raise",
                "expected `)` after `builtin.module`",
            ),
            (
                "builtin.module(gas-raise,)",
                "expected a pass or op name, found `)`",
            ),
            ("gas-raise", "expected `(` after `gas-raise`"),
            (
                "builtin.module(cse{a=1)",
                "the options of `cse` have no closing `}`",
            ),
            (
                "builtin.module(cse) cse",
                "unexpected `cse` after the pipeline",
            ),
        ] {
            let error = parse(text).expect_err(text).to_string();
            assert!(error.contains(expected), "{text}: {error}");
        }
    }

    #[test]
    fn flags_without_values_are_true() {
        assert_eq!(
            options("named-atomics clone-budget=10"),
            [
                ("named-atomics".to_string(), "true".to_string()),
                ("clone-budget".to_string(), "10".to_string())
            ]
        );
    }
}
