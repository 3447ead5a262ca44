//! Diagnostics: what a parser found wrong with its input, with the line it was on.
//!
//! Parsers never fail or panic; they return what they could read plus a list of diagnostics.
//! An `Error` means the input (or that line) could not be used; a `Warning` means it was used
//! with an assumption the person should know about.

use std::fmt;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Read, with an assumption worth knowing.
    Warning,
    /// Not usable as it stands.
    Error,
}

/// One problem in an input, located by line (1-based) where a line is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// 1-based line number in the input, if known.
    pub line: Option<usize>,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, in words.
    pub message: String,
}

impl Diagnostic {
    /// An error on a line.
    pub fn error(line: Option<usize>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            line,
            severity: Severity::Error,
            message: message.into(),
        }
    }

    /// A warning on a line.
    pub fn warning(line: Option<usize>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            line,
            severity: Severity::Warning,
            message: message.into(),
        }
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        match self.line {
            Some(line) => write!(f, "line {line}: {kind}: {}", self.message),
            None => write!(f, "{kind}: {}", self.message),
        }
    }
}

/// Whether any diagnostic is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(Diagnostic::is_error)
}
