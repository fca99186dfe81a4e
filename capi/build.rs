//! Compiles the C++ layers (`cxx/passes.cpp`: MLIR's pass registry;
//! `cxx/llvm_plugin.cpp`: LLVM's pass plugin) against the
//! installed MLIR 22 headers. MLIR is built without RTTI, and a class
//! deriving from `mlir::Pass` must be too.

use std::path::PathBuf;

fn main() {
    let prefix = std::env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    println!("cargo:rerun-if-changed=cxx/passes.cpp");
    println!("cargo:rerun-if-changed=cxx/passes.h");
    println!("cargo:rerun-if-changed=cxx/llvm_plugin.cpp");
    println!("cargo:rerun-if-changed=cxx/llvm_plugin.h");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    cc::Build::new()
        .cpp(true)
        .file("cxx/passes.cpp")
        .file("cxx/llvm_plugin.cpp")
        .include(PathBuf::from(&prefix).join("include"))
        .include("cxx")
        .std("c++17")
        .flag("-fno-exceptions")
        .flag("-fno-rtti")
        .flag_if_supported("-Wno-unused-parameter")
        .define("_GNU_SOURCE", None)
        .define("__STDC_CONSTANT_MACROS", None)
        .define("__STDC_FORMAT_MACROS", None)
        .define("__STDC_LIMIT_MACROS", None)
        .compile("gas_capi_passes");
}
