use thiserror::Error;

/// Errors of the dialect crate.
#[derive(Debug, Error)]
pub enum DialectError {
    /// [`IRDL_DEFINITION`](crate::IRDL_DEFINITION) did not parse, or MLIR
    /// refused to load it as a dialect.
    #[error("the gas IRDL definition did not parse or load")]
    Definition,
    /// [`verify`](crate::verify::verify) found problems; each one was already
    /// emitted as an MLIR diagnostic at its op's location.
    #[error("gas ops found {count} verification error(s)")]
    Verification {
        /// How many diagnostics were emitted.
        count: usize,
    },
    /// A gas op (or the `!gas.event` type) does not have the shape its
    /// encoding in [`ops`](crate::ops) requires.
    #[error("`{op}` is malformed: {reason}")]
    Malformed {
        /// The name of the op, from [`names`](crate::names).
        op: &'static str,
        /// What is wrong with it.
        reason: String,
    },
    /// MLIR refused to build an op from the operands, results and attributes given.
    #[error("could not build `{op}`")]
    Build {
        /// The name of the op being built.
        op: String,
        /// melior's reason.
        #[source]
        source: melior::Error,
    },
}
