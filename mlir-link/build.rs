//! Gathers the MLIR C API's static archives (`libMLIRCAPI*.a`) into one
//! `libMLIR-C.a` for `mlir-sys`'s `-lMLIR-C` (see the crate's documentation).

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    let prefix = std::env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    let libdir = PathBuf::from(&prefix).join("lib");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut archives: Vec<PathBuf> = std::fs::read_dir(&libdir)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", libdir.display()))
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| is_capi_archive(path))
        .collect();
    archives.sort();
    assert!(
        !archives.is_empty(),
        "no libMLIRCAPI*.a in {} (install libmlir-22-dev)",
        libdir.display()
    );
    // ar's MRI script merges archives member by member.
    let mut script = String::from("create libMLIR-C.a\n");
    for archive in &archives {
        script.push_str(&format!("addlib {}\n", archive.display()));
    }
    script.push_str("save\nend\n");
    let archiver = std::env::var("AR").unwrap_or_else(|_| "ar".into());
    let mut child = Command::new(&archiver)
        .arg("-M")
        .current_dir(&out)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("cannot run {archiver}: {error}"));
    {
        use std::io::Write;
        let stdin = child.stdin.as_mut().expect("piped");
        stdin
            .write_all(script.as_bytes())
            .expect("write the ar script");
    }
    let status = child.wait().expect("ar ran");
    assert!(status.success(), "{archiver} -M failed: {status}");
    println!("cargo:rustc-link-search=native={}", out.display());
}

fn is_capi_archive(path: &Path) -> bool {
    path.file_name()
        .and_then(|name| name.to_str())
        .is_some_and(|name| name.starts_with("libMLIRCAPI") && name.ends_with(".a"))
}
