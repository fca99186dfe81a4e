use thiserror::Error;

/// Errors of the dialect crate.
#[derive(Debug, Error)]
pub enum DialectError {
    #[error("the gas IRDL definition did not parse or load")]
    Definition,
    #[error("gas ops found {count} verification error(s)")]
    Verification { count: usize },
    #[error("`{op}` is malformed: {reason}")]
    Malformed { op: &'static str, reason: String },
    #[error("could not build `{op}`")]
    Build {
        op: String,
        #[source]
        source: melior::Error,
    },
}
