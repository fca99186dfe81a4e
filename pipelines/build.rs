//! Links `gas-opt` as a position-dependent executable. MLIR and LLVM are
//! linked statically (233 MB): as a PIE, the loader applies about 275k
//! relative relocations at every start, touching pages all over the binary
//! (2 ms of a 9 ms start-up). OpenCL compiles program by program at run
//! time, so start-up is latency users feel (docs/performance.md, "Small
//! programs").

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bin=gas-opt=-no-pie");
    }
}
