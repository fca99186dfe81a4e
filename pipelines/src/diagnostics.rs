//! Diagnostics: collected from MLIR through one handler, rendered as
//! `file:line:col: error: message`, and checked against
//! `// expected-error @+1 {{...}}` comments for `--verify-diagnostics`.

use melior::diagnostic::{Diagnostic as MlirDiagnostic, DiagnosticSeverity};
use melior::ir::Location;
use melior::Context;
use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The input is wrong: exit 1, nothing written.
    Error,
    /// Worth a look (`check`); an error with `--Werror`.
    Warning,
    /// Attached to another diagnostic.
    Note,
    /// Information (`--remarks`).
    Remark,
}

impl Severity {
    fn name(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Warning => "warning",
            Self::Note => "note",
            Self::Remark => "remark",
        }
    }

    fn from_name(name: &str) -> Option<Self> {
        [Self::Error, Self::Warning, Self::Note, Self::Remark]
            .into_iter()
            .find(|severity| severity.name() == name)
    }
}

/// A position in a source file; `line` and `column` start at 1, 0 when unknown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceLocation {
    /// The file as the user named it.
    pub file: String,
    /// The line, from 1; 0 when unknown.
    pub line: usize,
    /// The column, from 1; 0 when unknown.
    pub column: usize,
}

/// One diagnostic, detached from MLIR.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How bad it is.
    pub severity: Severity,
    /// Where.
    pub location: SourceLocation,
    /// What, without the location and severity.
    pub message: String,
    /// Notes attached to it (MLIR's `note:`s).
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    /// An error at `location` that did not come from MLIR.
    pub fn error(location: SourceLocation, message: impl Into<String>) -> Self {
        Self {
            severity: Severity::Error,
            location,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    /// Names the file of locations MLIR left unnamed: text parsed from
    /// memory is called `-` (or nothing) by MLIR.
    pub(crate) fn name_file(&mut self, file: &str) {
        if self.location.file.is_empty() || self.location.file == "-" {
            self.location.file = file.to_string();
        }
        for note in &mut self.notes {
            note.name_file(file);
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let SourceLocation { file, line, column } = &self.location;
        if *line == 0 {
            write!(formatter, "{file}: ")?;
        } else {
            write!(formatter, "{file}:{line}:{column}: ")?;
        }
        write!(formatter, "{}: {}", self.severity.name(), self.message)?;
        for note in &self.notes {
            write!(formatter, "\n{note}")?;
        }
        Ok(())
    }
}

/// The first file/line/column inside `location` (through names, call sites and fusions).
pub fn source_location(location: Location) -> SourceLocation {
    gas_patterns::ir::position(location).map_or_else(
        || unknown_location(""),
        |(file, line, column)| SourceLocation { file, line, column },
    )
}

/// A location in `file` without a line.
pub fn unknown_location(file: &str) -> SourceLocation {
    SourceLocation {
        file: file.to_string(),
        line: 0,
        column: 0,
    }
}

/// MLIR attaches this note to verifier errors; it repeats the op and is noise here.
const OP_ECHO_NOTE: &str = "see current operation";

fn convert(diagnostic: &MlirDiagnostic) -> Diagnostic {
    let severity = match diagnostic.severity() {
        DiagnosticSeverity::Error => Severity::Error,
        DiagnosticSeverity::Warning => Severity::Warning,
        DiagnosticSeverity::Note => Severity::Note,
        DiagnosticSeverity::Remark => Severity::Remark,
    };
    let notes = (0..diagnostic.note_count())
        .filter_map(|index| diagnostic.note(index).ok())
        .map(|note| convert(&note))
        .filter(|note| !note.message.starts_with(OP_ECHO_NOTE))
        .collect();
    Diagnostic {
        severity,
        location: source_location(diagnostic.location()),
        message: message_of(diagnostic),
        notes,
    }
}

/// The diagnostic's text. melior prints it chunk by chunk and fails on a
/// chunk that is not UTF-8 (an op name of invalid bytes in the input), where
/// `to_string` would panic: the text up to there is kept, and said so.
fn message_of(diagnostic: &MlirDiagnostic) -> String {
    use std::fmt::Write;
    let mut message = String::new();
    if write!(message, "{diagnostic}").is_err() {
        message.push_str("<the rest of this message is not valid UTF-8>");
    }
    message
}

/// Collects every diagnostic MLIR emits in a context while it is alive.
pub struct Collector<'c> {
    context: &'c Context,
    id: Option<melior::diagnostic::DiagnosticHandlerId>,
    collected: Rc<RefCell<Vec<Diagnostic>>>,
}

impl<'c> Collector<'c> {
    /// Attaches a handler to `context` that keeps every diagnostic.
    pub fn attach(context: &'c Context) -> Self {
        let collected = Rc::new(RefCell::new(Vec::new()));
        let sink = Rc::clone(&collected);
        let id = context.attach_diagnostic_handler(move |diagnostic| {
            sink.borrow_mut().push(convert(&diagnostic));
            true
        });
        Self {
            context,
            id: Some(id),
            collected,
        }
    }

    /// Takes what was collected so far, naming unnamed files `file`.
    pub fn take(&self, file: &str) -> Vec<Diagnostic> {
        let mut taken = std::mem::take(&mut *self.collected.borrow_mut());
        for diagnostic in &mut taken {
            diagnostic.name_file(file);
        }
        taken
    }
}

impl Drop for Collector<'_> {
    fn drop(&mut self) {
        if let Some(id) = self.id.take() {
            self.context.detach_diagnostic_handler(id);
        }
    }
}

/// One `expected-<severity> @<where> {{message}}` comment.
#[derive(Clone, Debug)]
struct Expectation {
    severity: Severity,
    /// The line the diagnostic must be on.
    line: usize,
    message: String,
    /// Where the comment is, for reporting it when unmet.
    at: SourceLocation,
}

/// Reads the expectations of `source` (a whole file; `line_offset` lines precede it).
fn expectations(
    file: &str,
    source: &str,
    line_offset: usize,
) -> Result<Vec<Expectation>, Diagnostic> {
    let mut found = Vec::new();
    for (index, text) in source.lines().enumerate() {
        let line = line_offset + index + 1;
        let Some(start) = text.find("expected-") else {
            continue;
        };
        let at = SourceLocation {
            file: file.to_string(),
            line,
            column: start + 1,
        };
        let rest = &text[start + "expected-".len()..];
        let severity_end = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let Some(severity) = Severity::from_name(&rest[..severity_end]) else {
            continue;
        };
        let rest = rest[severity_end..].trim_start();
        let (target, rest) = match rest.strip_prefix('@') {
            Some(after) => {
                let end = after.find(char::is_whitespace).unwrap_or(after.len());
                let target = match &after[..end] {
                    "above" => line.checked_sub(1),
                    "below" => Some(line + 1),
                    relative if relative.starts_with('+') => relative[1..]
                        .parse::<usize>()
                        .ok()
                        .map(|delta| line + delta),
                    relative if relative.starts_with('-') => relative[1..]
                        .parse::<usize>()
                        .ok()
                        .and_then(|delta| line.checked_sub(delta)),
                    absolute => absolute.parse::<usize>().ok(),
                };
                let Some(target) = target else {
                    return Err(Diagnostic::error(
                        at,
                        format!(
                            "bad line in expected-{}: `@{}`",
                            severity.name(),
                            &after[..end]
                        ),
                    ));
                };
                (target, after[end..].trim_start())
            }
            None => (line, rest),
        };
        let message = rest
            .strip_prefix("{{")
            .and_then(|body| body.find("}}").map(|end| body[..end].to_string()));
        let Some(message) = message else {
            return Err(Diagnostic::error(
                at,
                format!(
                    "expected-{} needs a message in {{{{...}}}}",
                    severity.name()
                ),
            ));
        };
        found.push(Expectation {
            severity,
            line: target,
            message,
            at,
        });
    }
    Ok(found)
}

/// Matches produced diagnostics (and their notes) against the expectations in
/// `source`, as `mlir-opt --verify-diagnostics` does: each produced diagnostic
/// must be expected on its line with a message containing the expected text,
/// and each expectation must be met. Returns the mismatches as errors.
pub fn verify_expectations(
    file: &str,
    source: &str,
    line_offset: usize,
    produced: &[Diagnostic],
) -> Vec<Diagnostic> {
    let mut expected = match expectations(file, source, line_offset) {
        Ok(expected) => expected,
        Err(error) => return vec![error],
    };
    let mut met = vec![false; expected.len()];
    let mut mismatches = Vec::new();
    let flattened = produced
        .iter()
        .flat_map(|diagnostic| std::iter::once(diagnostic).chain(diagnostic.notes.iter()));
    for diagnostic in flattened {
        let matching = expected
            .iter()
            .enumerate()
            .position(|(index, expectation)| {
                !met[index]
                    && expectation.severity == diagnostic.severity
                    && expectation.line == diagnostic.location.line
                    && diagnostic.message.contains(&expectation.message)
            });
        match matching {
            Some(index) => met[index] = true,
            None => mismatches.push(Diagnostic::error(
                diagnostic.location.clone(),
                format!(
                    "unexpected {}: {}",
                    diagnostic.severity.name(),
                    diagnostic.message
                ),
            )),
        }
    }
    for (expectation, met) in expected.drain(..).zip(met) {
        if !met {
            mismatches.push(Diagnostic::error(
                expectation.at,
                format!(
                    "expected {} \"{}\" on line {} was not produced",
                    expectation.severity.name(),
                    expectation.message,
                    expectation.line
                ),
            ));
        }
    }
    mismatches
}

#[cfg(test)]
mod tests {
    use super::*;

    fn produced(line: usize, message: &str) -> Diagnostic {
        Diagnostic::error(
            SourceLocation {
                file: "t.mlir".into(),
                line,
                column: 3,
            },
            message,
        )
    }

    #[test]
    fn relative_and_same_line_expectations_match() {
        let source = "// expected-error @+1 {{bad thing}}\nop\nop // expected-error {{other}}\n";
        let found = [
            produced(2, "a bad thing here"),
            produced(3, "the other one"),
        ];
        assert!(verify_expectations("t.mlir", source, 0, &found).is_empty());
    }

    #[test]
    fn wrong_line_unmet_and_unexpected_are_reported() {
        let source = "// expected-error @+2 {{bad thing}}\nop\nop\n";
        let found = [produced(2, "a bad thing here")];
        let mismatches = verify_expectations("t.mlir", source, 0, &found);
        let text: Vec<String> = mismatches.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                "t.mlir:2:3: error: unexpected error: a bad thing here",
                "t.mlir:1:4: error: expected error \"bad thing\" on line 3 was not produced",
            ]
        );
    }

    #[test]
    fn line_offset_shifts_expectations() {
        let source = "op // expected-error {{x}}\n";
        assert!(verify_expectations("t.mlir", source, 9, &[produced(10, "x")]).is_empty());
    }
}
