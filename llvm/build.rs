//! Compiles the thin C++ layer (`cxx/boundary.cpp`, `cxx/restore.cpp`, `cxx/clones.cpp`) against the installed
//! LLVM/MLIR 22 headers. The LLVM and MLIR libraries themselves are linked
//! by `mlir-sys` (statically, like the rest of gas).

use std::path::PathBuf;
use std::process::Command;

fn main() {
    let prefix = std::env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    let llvm_config = PathBuf::from(&prefix).join("bin/llvm-config");
    let include = Command::new(&llvm_config)
        .arg("--includedir")
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_string())
        .unwrap_or_else(|| format!("{prefix}/include"));
    for file in [
        "boundary.cpp",
        "restore.cpp",
        "clones.cpp",
        "boundary.h",
        "boundary_internal.h",
    ] {
        println!("cargo:rerun-if-changed=cxx/{file}");
    }
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    cc::Build::new()
        .cpp(true)
        .file("cxx/boundary.cpp")
        .file("cxx/restore.cpp")
        .file("cxx/clones.cpp")
        .include(include)
        .include("cxx")
        .std("c++17")
        .flag("-fno-exceptions")
        .flag_if_supported("-Wno-unused-parameter")
        .flag_if_supported("-Wno-comment")
        .define("_GNU_SOURCE", None)
        .define("__STDC_CONSTANT_MACROS", None)
        .define("__STDC_FORMAT_MACROS", None)
        .define("__STDC_LIMIT_MACROS", None)
        .compile("gas_llvm_boundary");
}
