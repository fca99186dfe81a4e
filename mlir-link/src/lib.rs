//! How gas links MLIR: against the installed *shared* `libMLIR.so` and
//! `libLLVM.so` of LLVM/MLIR 22, the libraries `mlir-opt` itself uses, so
//! that `libgas.so` loaded into `mlir-opt` (or into a C/C++ compiler) shares
//! one MLIR with its host: one registry of dialects and passes, one set of
//! type ids.
//!
//! `.cargo/config.toml` sets `MLIR_SYS_LINK_SHARED=1`, so `mlir-sys` links
//! `-lMLIR -lMLIR-C`. Debian's MLIR ships the C API only as static archives
//! (`libMLIRCAPI*.a`; there is no `libMLIR-C.so`), so this crate's build
//! script gathers them into one archive `libMLIR-C.a` and puts it on every
//! dependent's link line. The C API's functions are thin wrappers over
//! `libMLIR.so`; all state (contexts, registries, type ids) lives there.
//! Every gas crate that links MLIR depends on this one.
//!
//! The binaries find `libMLIR.so.22.1` through the run path
//! `.cargo/config.toml` gives them (Debian does not put it on the loader's
//! path).
