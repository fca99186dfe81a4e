#!/usr/bin/env python3
"""Times each kernel of some CUDA corpus programs alone, per build.

Usage: per_kernel.py BUILD_DIR PROGRAM[,PROGRAM...] [BUILD,BUILD...]

run.py times a program's whole kernel sequence; this finds which kernel a
difference comes from, and times variants of a build: any BUILD names
BUILD_DIR/<program>/<BUILD>.ptx, so a hand-edited copy of a PTX file (one
instruction changed) can be timed beside the builds. Each build's kernels
first run once in order on their own buffers (so later kernels see the state
they expect); then each kernel is captured LAUNCHES_PER_GRAPH times into a
CUDA graph, and every graph is launched ROUNDS times, interleaved in a
rotating order. Prints the median microseconds per launch. Outputs are not
checked: run.py does that.
"""
import json
import sys
from pathlib import Path

import numpy

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run  # noqa: E402

LAUNCHES_PER_GRAPH = 50
ROUNDS = 100


def time_program(build_dir, program, builds):
    import cupy

    spec = json.loads((build_dir / "manifest.json").read_text())["programs"][program]
    inputs = run.make_inputs(program, spec)
    stream = cupy.cuda.Stream(non_blocking=True)
    graphs, keep = {}, []
    with stream:
        for build in builds:
            ptx = build_dir / program / f"{build}.ptx"
            module = cupy.RawModule(path=str(ptx))
            device = {name: cupy.asarray(array) for name, array in inputs.items()}
            launchers = [run.launcher(module, ptx.read_text(), kernel, device,
                                      lambda buffer, d=device: d[buffer].data.ptr)
                         for kernel in spec["kernels"]]
            keep.append((module, device, launchers))
            for launch in launchers:
                launch()
            for index, launch in enumerate(launchers):
                stream.begin_capture()
                for _ in range(LAUNCHES_PER_GRAPH):
                    launch()
                graphs[(build, index)] = stream.end_capture()
        stream.synchronize()
        start, stop = cupy.cuda.Event(), cupy.cuda.Event()
        times = {key: [] for key in graphs}
        keys = list(graphs)
        for round_index in range(ROUNDS):
            shift = round_index % len(keys)
            for key in keys[shift:] + keys[:shift]:
                start.record(stream)
                graphs[key].launch(stream)
                stop.record(stream)
                stop.synchronize()
                times[key].append(cupy.cuda.get_elapsed_time(start, stop) * 1000.0
                                  / LAUNCHES_PER_GRAPH)
    print(f"## {program}")
    for index, kernel in enumerate(spec["kernels"]):
        print(f"{index} {kernel['name']:24s} "
              + " ".join(f"{b}={numpy.median(times[(b, index)]):.3f}" for b in builds))


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    build_dir = Path(argv[1])
    builds = argv[3].split(",") if len(argv) > 3 else run.BUILDS
    for program in argv[2].split(","):
        time_program(build_dir, program, builds)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
