#!/usr/bin/env python3
"""Runs the PTX builds of tests/targets/gpu/kernels.cl on a CUDA GPU (CuPy).

Every kernel of every build runs on the same input; each build's output must
equal clang's byte for byte, and each kernel is timed (CUDA events, median
of the repetitions). Usage: run.py BUILD_DIR [OUT.md]; exit status 1 when an
output differs.
"""
import statistics
import sys
from pathlib import Path

import cupy
import numpy

KERNELS = [
    "shared_dot_helper",
    "shared_histogram_helper",
    "shared_helper_chain",
    "mixed_callers",
    "inlined_control",
]
BUILDS = ["clang", "gas-O0", "gas-O2"]
TILE = 256
BLOCKS = 4096
WARMUP = 3
REPETITIONS = 25


def time_launch(function, arguments):
    start, stop = cupy.cuda.Event(), cupy.cuda.Event()
    times = []
    for repetition in range(WARMUP + REPETITIONS):
        start.record()
        function((BLOCKS,), (TILE,), arguments)
        stop.record()
        stop.synchronize()
        if repetition >= WARMUP:
            times.append(cupy.cuda.get_elapsed_time(start, stop))
    return statistics.median(times)


def main():
    build_dir = Path(sys.argv[1])
    report = Path(sys.argv[2]) if len(sys.argv) > 2 else None
    size = TILE * BLOCKS
    values = numpy.random.default_rng(2026).random(size, dtype=numpy.float32)
    device_in = cupy.asarray(values)
    modules = {b: cupy.RawModule(path=str(build_dir / f"{b}.ptx")) for b in BUILDS}
    name = cupy.cuda.runtime.getDeviceProperties(0)["name"].decode()
    lines = [
        f"Device: {name}; {BLOCKS} blocks of {TILE} work-items; median of "
        f"{REPETITIONS} launches after {WARMUP}, in ms.",
        "",
        "| kernel | clang (ms) | gas O0 (ms) | gas O2 (ms) | clang / gas O2 | outputs |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    failures = 0
    for kernel in KERNELS:
        outputs, times = {}, {}
        for build in BUILDS:
            function = modules[build].get_function(kernel)
            device_out = cupy.zeros(size, dtype=cupy.float32)
            function((BLOCKS,), (TILE,), (device_in, device_out))
            cupy.cuda.Device().synchronize()
            outputs[build] = cupy.asnumpy(device_out)
            times[build] = time_launch(function, (device_in, device_out))
        same = all(outputs[b].tobytes() == outputs["clang"].tobytes() for b in BUILDS)
        failures += not same
        lines.append(
            f"| {kernel} | {times['clang']:.3f} | {times['gas-O0']:.3f} | "
            f"{times['gas-O2']:.3f} | {times['clang'] / times['gas-O2']:.2f}x | "
            f"{'identical' if same else 'DIFFERENT'} |"
        )
    text = "\n".join(lines) + "\n"
    print(text)
    if report:
        report.write_text(text)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
