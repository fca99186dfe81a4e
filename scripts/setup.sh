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

# Quiet on success: one line per step that does work; everything the tools
# print goes to the log, whose tail is shown when a step fails.
log=${GAS_SETUP_LOG:-${TMPDIR:-/tmp}/gas-setup.log}
: >"$log"
step() {
  local what=$1
  shift
  if "$@" >>"$log" 2>&1; then
    echo "setup: $what" >&2
  else
    local status=$?
    echo "setup: $what failed (exit $status); the end of $log:" >&2
    tail -n 25 "$log" >&2
    exit "$status"
  fi
}

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  step "apt-get update" $sudo apt-get update -q
  step "installed ${missing[*]}" $sudo env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "setup: cargo not found; install Rust with rustup (https://rustup.rs) first" >&2
  exit 1
fi

# CUDA's headers and ptxas for the CUDA tests (NVIDIA's wheels from PyPI).
cuda_path=${GAS_CUDA_PATH:-$HOME/.cache/gas/cuda-12.6}
if [ ! -x "$cuda_path/bin/ptxas" ] || [ ! -f "$cuda_path/include/cuda_runtime.h" ] \
    || [ ! -f "$cuda_path/include/curand_mtgp32_kernel.h" ]; then
  step "CUDA 12.6 headers and ptxas in $cuda_path" "$(dirname "$0")/cuda-setup.sh"
fi
