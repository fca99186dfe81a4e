//! Owner of the file-driven tests under `tests/` and `snapshots/`.
