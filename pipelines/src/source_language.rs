//! Source code handed to gas instead of IR: a newcomer's first try is often
//! `gas-opt kernel.cl`, which MLIR's parser answers with "custom op 'void'
//! is unknown". Recognized by the file's extension or by how the text
//! starts, it gets an error naming what gas reads and the clang command that
//! makes it.

/// A source language gas does not read, and how clang turns it into IR gas
/// does read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceLanguage {
    /// OpenCL C (`.cl`).
    OpenCl,
    /// CUDA (`.cu`).
    Cuda,
    /// HIP (`.hip`).
    Hip,
    /// C or C++ of no GPU dialect gas can tell.
    C,
}

impl SourceLanguage {
    /// The language `file` (by its extension) or `source` (by its first
    /// significant line) is written in, if it is source code rather than
    /// MLIR or LLVM IR.
    pub fn of(file: &str, source: &[u8]) -> Option<Self> {
        let extension = std::path::Path::new(file)
            .extension()
            .and_then(|extension| extension.to_str())
            .unwrap_or_default();
        match extension {
            "cl" | "clcpp" => return Some(Self::OpenCl),
            "cu" | "cuh" => return Some(Self::Cuda),
            "hip" => return Some(Self::Hip),
            "c" | "cc" | "cpp" | "cxx" | "h" | "hpp" => return Some(Self::C),
            _ => {}
        }
        let head = String::from_utf8_lossy(&source[..source.len().min(8192)]);
        let first = head
            .lines()
            .map(str::trim)
            .find(|line| !line.is_empty() && !line.starts_with("//"))?;
        // MLIR starts with ops, `#alias =`, `!alias =` or `module`; C with
        // preprocessor lines or declarations.
        let preprocessor = ["#include", "#define", "#pragma", "#if", "#ifdef", "#ifndef"]
            .iter()
            .any(|directive| first.starts_with(directive));
        let declaration = [
            "__kernel",
            "kernel ",
            "__global__",
            "__device__",
            "typedef ",
            "template",
            "struct ",
            "static ",
            "void ",
            "int ",
            "float ",
        ]
        .iter()
        .any(|word| first.starts_with(word));
        if !preprocessor && !declaration {
            return None;
        }
        Some(if head.contains("__global__") || head.contains("cuda") {
            Self::Cuda
        } else if head.contains("hip") {
            Self::Hip
        } else if head.contains("kernel") {
            Self::OpenCl
        } else {
            Self::C
        })
    }

    /// The error for `file`: what gas reads and the command that makes it.
    pub fn message(self, file: &str) -> String {
        // Standard input (`-`, `<stdin>`) has no name to reuse.
        let named = !file.is_empty() && file != "-" && !file.starts_with('<');
        let extension = match self {
            Self::OpenCl => "cl",
            Self::Cuda => "cu",
            Self::Hip => "hip",
            Self::C => "c",
        };
        let fallback = format!("kernel.{extension}");
        let file = if named { file } else { fallback.as_str() };
        let stem = std::path::Path::new(file)
            .file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or("kernel");
        let (language, command) = match self {
            Self::OpenCl => (
                "OpenCL C",
                format!(
                    "clang -cc1 -triple spir64 -cl-std=CL2.0 -finclude-default-header -O2 -emit-llvm {file} -o {stem}.ll"
                ),
            ),
            Self::Cuda => (
                "CUDA",
                format!(
                    "clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -O2 -emit-llvm -S {file} -o {stem}.ll"
                ),
            ),
            Self::Hip => (
                "HIP",
                format!(
                    "clang -x hip --cuda-device-only --offload-arch=gfx90a -O2 -emit-llvm -S {file} -o {stem}.ll"
                ),
            ),
            Self::C => (
                "C or C++",
                format!("clang -O2 -emit-llvm -S {file} -o {stem}.ll (for a GPU target)"),
            ),
        };
        format!(
            "this is {language} source; gas reads MLIR and LLVM IR (.ll, .bc). Make LLVM IR with \
             `{command}` and run `gas-opt {stem}.ll`, or run gas inside clang with \
             `-fpass-plugin=libgas.so` (README: gas inside clang and opt)"
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::source_language::SourceLanguage;

    #[test]
    fn source_is_told_from_ir() {
        let of = |file: &str, text: &str| SourceLanguage::of(file, text.as_bytes());
        assert_eq!(of("k.cl", "module {}"), Some(SourceLanguage::OpenCl));
        assert_eq!(of("k.cu", ""), Some(SourceLanguage::Cuda));
        assert_eq!(
            of("-", "// a kernel\nkernel void f(global int *p) { *p = 1; }"),
            Some(SourceLanguage::OpenCl)
        );
        assert_eq!(
            of("-", "#include <cuda.h>\n__global__ void f(int *p) {}"),
            Some(SourceLanguage::Cuda)
        );
        assert_eq!(of("k.mlir", "// RUN: x\nllvm.func @f()"), None);
        assert_eq!(of("-", "#map = affine_map<(d0) -> (d0)>\nmodule {}"), None);
        assert_eq!(of("k.ll", "define void @f() {\n  ret void\n}"), None);
        assert_eq!(of("-", ""), None);
        let message = SourceLanguage::OpenCl.message("dir/kernel.cl");
        assert!(message.contains("-o kernel.ll"), "{message}");
        assert!(message.contains("dir/kernel.cl"), "{message}");
        let message = SourceLanguage::Cuda.message("<stdin>");
        assert!(message.contains("-S kernel.cu -o kernel.ll"), "{message}");
    }
}
