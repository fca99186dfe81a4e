//! How `libgas.so` links MLIR: against the installed *shared* `libMLIR.so`
//! and `libLLVM.so` of LLVM/MLIR 22, the libraries `mlir-opt` itself uses, so
//! that `libgas.so` loaded into `mlir-opt` (or into a C/C++ compiler) shares
//! one MLIR with its host: one registry of dialects and passes, one set of
//! type ids.
//!
//! `capi/.cargo/config.toml` sets `MLIR_SYS_LINK_SHARED=1` for `capi/`'s own
//! workspace (the rest of gas links MLIR statically, where this crate
//! changes nothing), so `mlir-sys` links
//! `-lMLIR -lMLIR-C`. Debian's MLIR ships the C API only as static archives
//! (`libMLIRCAPI*.a`; there is no `libMLIR-C.so`), so this crate's build
//! script gathers them into one archive `libMLIR-C.a` and puts it on every
//! dependent's link line. The C API's functions are thin wrappers over
//! `libMLIR.so`; all state (contexts, registries, type ids) lives there.
//! Every gas crate that links MLIR depends on this one; in the static build
//! it only adds an unused archive to the search path.
//!
//! `libgas.so` finds `libMLIR.so.22.1` through the run path
//! `capi/.cargo/config.toml` gives it (Debian does not put it on the
//! loader's path).
