#!/usr/bin/env bash
# Installs what gas needs on Debian 12: LLVM/MLIR 22 (from Debian's packages),
# clang-22 for the OpenCL and CUDA corpora, the C libraries MLIR links
# against, a C++ compiler for the thin C++ layers of llvm/ and capi/ (the cc
# crate) and the C/C++ embedding examples, valgrind for libgas.so's leak
# check, and spirv-tools (spirv-val) for the MLIR GPU corpus's SPIR-V.
# Idempotent: does nothing when everything is already present.
set -euo pipefail

packages=(
  llvm-22-dev libmlir-22-dev mlir-22-tools libpolly-22-dev clang-22 llvm-22-tools
  libzstd-dev libz3-dev libxml2-dev zlib1g-dev g++ valgrind spirv-tools
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "setup: cargo not found; install Rust with rustup (https://rustup.rs) first" >&2
  exit 1
fi

# CUDA's headers and ptxas for the CUDA tests (NVIDIA's wheels from PyPI).
"$(dirname "$0")/cuda-setup.sh" >/dev/null
