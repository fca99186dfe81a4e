#!/usr/bin/env bash
# Builds the C and C++ embedding examples against the installed MLIR/LLVM 22
# and libgas.so: the compile lines README's "gas from C and C++" shows.
#   capi/examples/build.sh [LIBDIR [OUTDIR]]
# LIBDIR holds libgas.so (default capi/target/debug; `cd capi && cargo build`).
set -euo pipefail
cd "$(dirname "$0")/../.."
LIBDIR=$(cd "${1:-capi/target/debug}" && pwd)
OUT=${2:-$LIBDIR/examples-c}
MLIR=${MLIR_SYS_220_PREFIX:-/usr/lib/llvm-22}
mkdir -p "$OUT"
[ -e "$LIBDIR/libgas.so" ] || { echo "build.sh: no $LIBDIR/libgas.so (cd capi && cargo build)" >&2; exit 1; }
# gas's C API, MLIR's C API (static archives; Debian ships no libMLIR-C.so)
# and the shared libMLIR.so/libLLVM.so that libgas.so uses too.
cc -std=c11 -Wall -Wextra -Werror -o "$OUT/embed-c" capi/examples/embed.c \
    -Icapi/include -I"$MLIR/include" \
    -L"$LIBDIR" -lgas -L"$MLIR/lib" -lMLIRCAPIIR -lMLIRCAPITransforms -lMLIR -lLLVM -lstdc++ \
    -Wl,-rpath,"$LIBDIR" -Wl,-rpath,"$MLIR/lib"
cc -std=c11 -Wall -Wextra -Werror -o "$OUT/repeat" capi/examples/repeat.c \
    -Icapi/include -I"$MLIR/include" \
    -L"$LIBDIR" -lgas -L"$MLIR/lib" -lMLIRCAPIIR -lMLIRCAPITransforms -lMLIR -lLLVM -lstdc++ -ldl \
    -Wl,-rpath,"$LIBDIR" -Wl,-rpath,"$MLIR/lib"
# C++: MLIR's C++ API (built without RTTI, as MLIR is) and gas's C API.
c++ -std=c++17 -fno-rtti -Wall -Werror -o "$OUT/embed-cpp" capi/examples/embed.cpp \
    -Icapi/include -I"$MLIR/include" \
    -L"$LIBDIR" -lgas -L"$MLIR/lib" -lMLIR -lLLVM \
    -Wl,-rpath,"$LIBDIR" -Wl,-rpath,"$MLIR/lib"
echo "$OUT"
