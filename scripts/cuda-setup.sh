#!/usr/bin/env bash
# The CUDA SDK pieces clang needs to compile CUDA device code for gas, and
# ptxas to check its PTX, from NVIDIA's Python wheels on PyPI (no CUDA
# driver or GPU needed): the runtime, CCCL (cub, thrust, libcu++), curand's
# headers (clang's CUDA wrapper includes them), and nvcc's crt headers,
# libdevice and ptxas. Assembled as a CUDA installation for clang's
# `--cuda-path`:
#
#   $GAS_CUDA_PATH/include/   cuda_runtime.h, cooperative_groups.h, ...
#   $GAS_CUDA_PATH/bin/ptxas
#   $GAS_CUDA_PATH/nvvm/libdevice/libdevice.10.bc
#   $GAS_CUDA_PATH/version.json
#
#   scripts/cuda-setup.sh        # installs if missing, prints the path
# GAS_CUDA_PATH defaults to ~/.cache/gas/cuda-12.6. Idempotent.
set -euo pipefail

cuda_path=${GAS_CUDA_PATH:-$HOME/.cache/gas/cuda-12.6}
if [ -x "$cuda_path/bin/ptxas" ] && [ -f "$cuda_path/include/cuda_runtime.h" ] \
    && [ -f "$cuda_path/include/curand_mtgp32_kernel.h" ]; then
    echo "$cuda_path"
    exit 0
fi

wheels=(
    nvidia-cuda-nvcc-cu12==12.6.85
    nvidia-cuda-runtime-cu12==12.6.77
    nvidia-cuda-cccl-cu12==12.6.77
    nvidia-curand-cu12==10.3.7.77
)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m pip download --quiet --no-deps --only-binary=:all: \
    --platform manylinux2014_x86_64 --python-version 3.11 "${wheels[@]}" -d "$work/wheels" >&2
for wheel in "$work"/wheels/*.whl; do
    python3 -m zipfile -e "$wheel" "$work/unpacked" >&2
done
nvidia=$work/unpacked/nvidia
staging=$cuda_path.partial
rm -rf "$staging"
mkdir -p "$staging/include" "$staging/bin" "$staging/nvvm"
for headers in cuda_runtime cuda_cccl cuda_nvcc curand; do
    cp -r "$nvidia/$headers/include/." "$staging/include/"
done
find "$staging/include" -name '__init__.py' -delete
cp -r "$nvidia/cuda_nvcc/nvvm/." "$staging/nvvm/"
cp "$nvidia/cuda_nvcc/bin/ptxas" "$staging/bin/"
chmod +x "$staging/bin/ptxas"
# clang reads the SDK's version from here.
echo '{"cuda": {"name": "CUDA SDK", "version": "12.6.3"}}' > "$staging/version.json"
rm -rf "$cuda_path"
mkdir -p "$(dirname "$cuda_path")"
mv "$staging" "$cuda_path"
echo "cuda-setup: CUDA 12.6 headers, libdevice and ptxas in $cuda_path" >&2
echo "$cuda_path"
