#!/usr/bin/env python3
"""Runs the PTX builds of the CUDA corpus (tests/cuda/*.cu) on a CUDA GPU.

Usage: run.py BUILD_DIR [OUT.md]   (BUILD_DIR: what tests/cuda/gpu/build.sh
made; Python 3 with CuPy and NumPy, no LLVM needed).

For every program of BUILD_DIR/manifest.json and every build of it (clang,
gas-verify, gas-O2): load BUILD_DIR/<program>/<build>.ptx with
cupy.RawModule, set each `__constant__`/`__device__` symbol the manifest
lists to its host values (module.get_global), fill the buffers with the same
deterministic input, launch the kernels in order, and read back the output
buffers and output symbols. Each build's outputs must equal clang's byte for
byte and a NumPy reference computed on the host (REFERENCES below), so a
build that reads zeros from constant memory is caught even where clang's
build were wrong too. Float inputs are multiples of 1/8 in [-2, 2] and the
programs' constants multiples of 1/8, so every float result is exact
(whatever the order of the sums or FMA contraction) and the reference
comparison is exact as well.

Each (program, build) runs in its own process (this script with --child), so
a fault (an illegal address poisons a CUDA context) fails that run only.
Prints a markdown table, writes it to OUT.md if given; exit status 1 on any
mismatch, fault or missing build.
"""
import ctypes
import json
import os
import re
import subprocess
import sys
import tempfile
import traceback
import zlib
from pathlib import Path

import numpy

BUILDS = ["clang", "gas-verify", "gas-O2", "clang-outlined", "gas-O2-outlined"]
# Each build is compared with the clang build of its own form.
BASELINE = {"gas-verify": "clang", "gas-O2": "clang", "clang-outlined": "clang",
            "gas-O2-outlined": "clang-outlined"}
# Timing: the program's kernels launched in order this many times after the
# checked run; the median of the sequence times is reported.
TIMED_RUNS = 200
WARM_UP_RUNS = 10
# Each timed graph launch runs the kernel sequence this many times.
SEQUENCES_PER_GRAPH = 20
# times.npz key of a build's host-launched median.
HOST_PREFIX = "host:"
SEED = 2026
CHILD_TIMEOUT_S = 300


# ---------------------------------------------------------------- layouts


def symbol_fields(spec):
    """A symbol or struct argument as a list of fields: {"dtype", "values"}
    or {"pointer": BUFFER}. The short form {"dtype", "values"} is one field."""
    if "fields" in spec:
        return spec["fields"]
    return [{"dtype": spec["dtype"], "values": spec["values"]}]


def pack(fields, pointer_of):
    """The bytes of a C struct with these fields (each aligned to its element
    size, pointers to 8; the size rounded up to the largest alignment)."""
    data = bytearray()
    largest = 1
    for field in fields:
        if "pointer" in field:
            raw = numpy.array([pointer_of(field["pointer"])], dtype=numpy.uint64).tobytes()
            align = 8
        else:
            values = numpy.array(field["values"], dtype=field["dtype"])
            raw = values.tobytes()
            align = values.dtype.itemsize
        data += b"\0" * (-len(data) % align)
        data += raw
        largest = max(largest, align)
    data += b"\0" * (-len(data) % largest)
    return bytes(data)


def host_symbols(spec):
    """Symbol name -> its host values: one array, or a list of arrays (one
    per field) for a struct; pointer fields are left out (None)."""
    values = {}
    for symbol in spec.get("symbols", []):
        fields = [
            None if "pointer" in f else numpy.array(f["values"], dtype=f["dtype"])
            for f in symbol_fields(symbol)
        ]
        values[symbol["name"]] = fields[0] if "fields" not in symbol else fields
    return values


def make_inputs(name, spec):
    """Every buffer's initial contents: deterministic per program."""
    rng = numpy.random.default_rng([SEED, zlib.crc32(name.encode())])
    arrays = {}
    for buffer, desc in spec["buffers"].items():
        dtype = numpy.dtype(desc["dtype"])
        size = int(desc["size"])
        init = desc.get("init", "zeros")
        if init == "zeros":
            arrays[buffer] = numpy.zeros(size, dtype=dtype)
        elif init == "random" and dtype.kind == "f":
            arrays[buffer] = (rng.integers(-16, 17, size) / 8).astype(dtype)
        elif init == "random" and dtype.kind in "iu":
            arrays[buffer] = rng.integers(0, 1 << 16, size).astype(dtype)
        else:
            raise ValueError(f"buffer {buffer}: unknown init {init!r} for {dtype}")
    return arrays


# ------------------------------------------------------------- references
# Each takes the initial buffers (x) and the host values of the symbols (s)
# and returns the expected contents of outputs (float64 or int64 arrays,
# uint32 for raw words). Outputs it leaves out are compared with clang only.

N = 16384
TILE = 256


def f64(array):
    return numpy.asarray(array, dtype=numpy.float64)


def ref_constant_coeffs(x, s):
    taps_const, taps_global, data = f64(s["coeffs"]), f64(x["taps"]), f64(x["in"])
    def stencil(taps):
        return sum(taps[j] * data[j:j + N] for j in range(16))
    direct = stencil(taps_const)
    odd_block = (numpy.arange(N) // TILE) % 2 == 1
    return {
        "out_direct": direct,
        "out_helper": direct,
        "out_mixed": numpy.where(odd_block, stencil(taps_global), direct),
    }


def ref_constant_struct(x, s):
    scale, bias, shift, stride, weights = s["params"]
    scale, bias = float(scale[0]), float(bias[0])
    shift, stride, weights = int(shift[0]), int(stride[0]), f64(weights)
    i = numpy.arange(N)
    gathered = f64(x["in"])[(i * stride + shift) % N]
    return {
        "out_direct": scale * gathered + bias + weights[i & 3],
        "out_helper": scale * gathered + bias + weights[i & 3],
        "out_local": scale * gathered + (bias + 1.0) + 2.0 * weights[i & 3],
    }


def ref_constant_initialized(x, s):
    lut = s["lut"].astype(numpy.int64)
    scale_table = numpy.array([0.5, -1.0, 1.5, 2.0])  # its initializer in the .cu
    i = numpy.arange(N)
    return {
        "out": f64(x["in"]) * scale_table[i & 3] + lut[(i >> 2) & 7],
        "picked": lut[x["keys"].astype(numpy.int64) & 7],
    }


def ref_device_globals(x, s):
    gain, bias = float(s["dev_gain"][0]), float(s["dev_bias"][0])
    perm = s["dev_perm"].astype(numpy.int64)
    i = numpy.arange(N)
    data = f64(x["in"])
    gathered = data[(i & ~7) | perm[i & 7]]
    count = int(numpy.count_nonzero(data > 0))
    return {
        "out_scale": gathered * gain + bias,
        "out_helper": gathered - bias,
        "out_count": count + i,
        "dev_count": numpy.array([count]),
    }


def ref_shared_tile(x, s):
    data = f64(x["in"])  # N + 2
    i = numpy.arange(N)
    def sum3(k):
        return data[k] + 2.0 * data[k + 1] + data[k + 2]
    t = i % TILE
    # The dynamic tile holds 0.5 * in[i] for t < TILE and in[i] in the halo.
    v = [numpy.where(t + k < TILE, 0.5, 1.0) * data[i + k] for k in range(3)]
    return {
        "out": sum3(i) + 0.5 * sum3((i * 7) % N),
        "out_copy": -2.0 * data[i + 1],
        "out_dynamic": v[0] + 2.0 * v[1] + v[2] - sum3(i),
    }


def ref_helper_chain(x, s):
    block_sums = f64(x["in"]).reshape(-1, TILE).sum(axis=1)
    return {
        "sums_shared": block_sums,
        "sums_global": block_sums,
        "sums_mixed": 2.0 * block_sums,
    }


def ref_struct_params(x, s):
    a, b = f64(x["a"]), f64(x["b"])
    i = numpy.arange(N)
    return {
        "sum": a + b + b[(i + 1) % N],
        "diff": a - 2.0 * b,
        "out_pair": 4.0 * a,
    }


def ref_atomics(x, s):
    keys = x["keys"].astype(numpy.int64)
    data = f64(x["in"])
    hist = numpy.bincount(keys & 63, minlength=64)
    return {
        "hist": hist,
        "hist_direct": hist,
        "block_sums": data.reshape(-1, TILE).sum(axis=1),
        "total": numpy.array([data.sum()]),
        "max_key": numpy.array([keys.max()]),
    }


def ref_template_methods(x, s):
    i = numpy.arange(N)
    t, base = i % TILE, (i // TILE) * TILE
    expected = {}
    for suffix, data in (("f", f64(x["in_f"])), ("i", x["in_i"].astype(numpy.int64))):
        shared_window = sum(data[base + (t + k) % TILE] for k in range(4))
        global_window = sum(data[(i + k) % N] for k in range(3))
        expected[f"out_{suffix}"] = (shared_window + global_window + 2) * 2
        blocks = data.reshape(-1, TILE)
        expected[f"block_out_{suffix}"] = blocks[:, [0, 64, 128, 192]].sum(axis=1) + 4
    # method_on_global: per block {float total; int count} of its first 8 inputs.
    totals = x["in_f"].reshape(-1, TILE)[:, :8].astype(numpy.float64).sum(axis=1)
    accs = numpy.zeros((N // TILE, 2), dtype=numpy.uint32)
    accs[:, 0] = totals.astype(numpy.float32).view(numpy.uint32)
    accs[:, 1] = 8
    expected["accs"] = accs.reshape(-1)
    return expected


def ref_constant_pointer_table(x, s):
    t0, t1 = f64(x["table0"]), f64(x["table1"])
    i = numpy.arange(N)
    return {"out": t0 - t1, "sink_buf": 2.0 * t0 + t1[(i + 1) % N]}


REFERENCES = {
    "constant_coeffs": ref_constant_coeffs,
    "constant_struct": ref_constant_struct,
    "constant_initialized": ref_constant_initialized,
    "device_globals": ref_device_globals,
    "shared_tile": ref_shared_tile,
    "helper_chain": ref_helper_chain,
    "struct_params": ref_struct_params,
    "atomics": ref_atomics,
    "template_methods": ref_template_methods,
    "constant_pointer_table": ref_constant_pointer_table,
}


# ------------------------------------------------------------------ child


def ptx_param_sizes(ptx_text, kernel):
    """{index: bytes} of the aggregate parameters of .entry KERNEL."""
    match = re.search(r"\.entry\s+" + re.escape(kernel) + r"\s*\((.*?)\)", ptx_text, re.S)
    if not match:
        return {}
    sizes = {}
    for index, size in re.findall(re.escape(kernel) + r"_param_(\d+)\[(\d+)\]", match.group(1)):
        sizes[int(index)] = int(size)
    return sizes


PTX_TYPE_BYTES = {"8": 1, "16": 2, "32": 4, "64": 8}


def ptx_symbol_size(ptx_text, name):
    """Bytes of a module-scope variable of the PTX (`.visible .const .align 4
    .b8 coeffs[64];`, `.visible .global .align 4 .f32 dev_gain;`), or None."""
    match = re.search(r"^\.(?:visible|weak|common)?\s*\.(?:const|global)\b[^;\n]*?"
                      r"\.[busf](8|16|32|64)\s+" + re.escape(name) + r"(?:\[(\d+)\])?\s*[;=]",
                      ptx_text, re.M)
    if not match:
        return None
    return PTX_TYPE_BYTES[match.group(1)] * int(match.group(2) or 1)


def dim3(values):
    values = [int(v) for v in values]
    return tuple(values + [1] * (3 - len(values)))


def launcher(module, ptx_text, kernel, device, pointer_of):
    """A function that launches KERNEL (a manifest entry) on the current
    stream with its arguments, all prepared in advance."""
    import cupy

    function = module.get_function(kernel["name"])
    grid, block = dim3(kernel["grid"]), dim3(kernel["block"])
    shared_mem = int(kernel.get("shared_mem", 0))
    arguments = kernel["args"]
    if not any("struct" in a for a in arguments):
        values = []
        for a in arguments:
            if "buffer" in a:
                values.append(device[a["buffer"]])
            elif "int" in a:
                values.append(numpy.int32(a["int"]))
            elif "float" in a:
                values.append(numpy.float32(a["float"]))
            else:
                raise ValueError(f"{kernel['name']}: unknown argument {a}")
        values = tuple(values)

        def launch():
            function(grid, block, values, shared_mem=shared_mem)

        return launch
    # A by-value struct: launch through the driver, one blob per parameter
    # (cuLaunchKernel's kernelParams).
    blobs = []
    for a in arguments:
        if "buffer" in a:
            blobs.append(numpy.uint64(pointer_of(a["buffer"])).tobytes())
        elif "int" in a:
            blobs.append(numpy.int32(a["int"]).tobytes())
        elif "float" in a:
            blobs.append(numpy.float32(a["float"]).tobytes())
        elif "struct" in a:
            blobs.append(pack(a["struct"], pointer_of))
        else:
            raise ValueError(f"{kernel['name']}: unknown argument {a}")
    for index, size in ptx_param_sizes(ptx_text, kernel["name"]).items():
        if index < len(blobs) and len(blobs[index]) != size:
            raise RuntimeError(
                f"{kernel['name']} parameter {index}: {size} bytes in the PTX, "
                f"{len(blobs[index])} in the manifest")
    holders = [ctypes.create_string_buffer(blob, len(blob)) for blob in blobs]
    params = (ctypes.c_void_p * len(holders))(*[ctypes.addressof(h) for h in holders])
    # get_function gives a RawKernel (CuPy 13+) or a Function.
    handle = getattr(function, "kernel", function).ptr

    def launch():
        cupy.cuda.driver.launchKernel(
            handle, grid[0], grid[1], grid[2], block[0], block[1], block[2],
            shared_mem, cupy.cuda.get_current_stream().ptr, ctypes.addressof(params), 0)

    launch.keep_alive = holders  # params holds their addresses
    return launch


def prepare(build_dir, program, build, inputs_path):
    """Loads one build of one program on the GPU with its inputs and symbols
    set: (launch_all, read_outputs)."""
    import cupy

    build_dir = Path(build_dir)
    spec = json.loads((build_dir / "manifest.json").read_text())["programs"][program]
    ptx_path = build_dir / program / f"{build}.ptx"
    ptx_text = ptx_path.read_text()
    module = cupy.RawModule(path=str(ptx_path))
    with numpy.load(inputs_path) as stored:
        host = {name: stored[name] for name in stored.files}
    device = {name: cupy.asarray(array) for name, array in host.items()}

    def pointer_of(buffer):
        return device[buffer].data.ptr

    # Symbols: what cudaMemcpyToSymbol does, through cuModuleGetGlobal. CuPy's
    # get_global does not keep the symbol's size, so the PTX gives it.
    symbol_views = {}
    for symbol in spec.get("symbols", []):
        data = numpy.frombuffer(pack(symbol_fields(symbol), pointer_of), dtype=numpy.uint8)
        size = ptx_symbol_size(ptx_text, symbol["name"])
        if size is not None and size != data.size:
            raise RuntimeError(
                f"symbol {symbol['name']}: {size} bytes in the PTX, "
                f"{data.size} in the manifest")
        address = int(module.get_global(symbol["name"]).ptr)
        memory = cupy.cuda.UnownedMemory(address, data.size, module)
        view = cupy.ndarray((data.size,), dtype=cupy.uint8,
                            memptr=cupy.cuda.MemoryPointer(memory, 0))
        view.set(data)
        symbol_views[symbol["name"]] = view
    cupy.cuda.Device().synchronize()

    # Everything a launch needs is made here, once, so that a timed launch
    # is the driver call alone: the host work (packing structs, reading the
    # PTX's parameter sizes) grew with the PTX text and was timed with the
    # kernels when it ran per launch.
    launchers = [launcher(module, ptx_text, kernel, device, pointer_of)
                 for kernel in spec["kernels"]]

    def launch_all():
        for launch in launchers:
            launch()

    def read_outputs():
        outputs = {}
        for name, desc in spec["buffers"].items():
            if desc.get("output"):
                outputs[name] = cupy.asnumpy(device[name])
        for symbol in spec.get("symbols", []):
            if symbol.get("output"):
                (field,) = symbol_fields(symbol)
                raw = symbol_views[symbol["name"]].get()
                outputs[symbol["name"]] = raw.view(numpy.dtype(field["dtype"])).copy()
        return outputs

    return launch_all, read_outputs


def child(build_dir, program, build, inputs_path, outputs_path):
    """Runs one build of one program; writes its outputs to outputs_path."""
    import cupy

    launch_all, read_outputs = prepare(build_dir, program, build, inputs_path)
    launch_all()
    cupy.cuda.Device().synchronize()
    numpy.savez(outputs_path, **read_outputs())
    return 0


def timer(build_dir, program, builds, inputs_path, times_path):
    """Times the builds of one program in one process, interleaved.

    Each build's kernel sequence is captured SEQUENCES_PER_GRAPH times into
    one CUDA graph, so a timed launch is the GPU's work alone: launched from
    Python one by one, these short kernels wait on the host between them,
    and the host's time (which differed between builds) was what got
    measured. Each timed round launches every build's graph once, in an
    order that rotates, so clock and power states fall on every build alike.
    Writes each build's median per sequence, in microseconds, to
    times_path, and beside it (key HOST_PREFIX + build) the median of the
    sequence launched from the host, as earlier runs measured it."""
    import cupy

    builds = builds.split(",")
    loaded = {build: prepare(build_dir, program, build, inputs_path)[0] for build in builds}
    stream = cupy.cuda.Stream(non_blocking=True)
    graphs = {}
    with stream:
        for build, launch_all in loaded.items():
            stream.begin_capture()
            for _ in range(SEQUENCES_PER_GRAPH):
                launch_all()
            graphs[build] = stream.end_capture()
        for _ in range(WARM_UP_RUNS):
            for build in builds:
                graphs[build].launch(stream)
                loaded[build]()
        stream.synchronize()
        start, stop = cupy.cuda.Event(), cupy.cuda.Event()

        def timed(run):
            start.record(stream)
            run()
            stop.record(stream)
            stop.synchronize()
            return cupy.cuda.get_elapsed_time(start, stop) * 1000.0

        times = {build: [] for build in builds}
        host_times = {build: [] for build in builds}
        for round_index in range(TIMED_RUNS):
            shift = round_index % len(builds)
            for build in builds[shift:] + builds[:shift]:
                graph = graphs[build]
                times[build].append(timed(lambda: graph.launch(stream)) / SEQUENCES_PER_GRAPH)
                host_times[build].append(timed(loaded[build]))
    medians = {build: numpy.array([numpy.median(t)]) for build, t in times.items()}
    medians.update({HOST_PREFIX + build: numpy.array([numpy.median(t)])
                    for build, t in host_times.items()})
    numpy.savez(times_path, **medians)
    return 0


def run_timer(build_dir, program, builds, inputs_path, times_path):
    """({build: median microseconds}, None), or ({}, why) when the timing
    run failed."""
    command = [sys.executable, str(Path(__file__).resolve()), "--timer", str(build_dir),
               program, ",".join(builds), str(inputs_path), str(times_path)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=CHILD_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return {}, f"timing: no result in {CHILD_TIMEOUT_S} s"
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        return {}, f"timing failed: {last}"
    with numpy.load(times_path) as stored:
        return {name: float(stored[name][0]) for name in stored.files}, None


def load_reference(name):
    """The `reference(x, s)` of tests/cuda/<name>.py, if the program has one."""
    path = Path(__file__).resolve().parent.parent / f"{name}.py"
    if not path.exists():
        return None
    import importlib.util
    spec = importlib.util.spec_from_file_location(f"cuda_reference_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.reference


# ----------------------------------------------------------------- parent


def run_child(build_dir, program, build, inputs_path, outputs_path):
    """(outputs, None) or (None, error text)."""
    command = [sys.executable, str(Path(__file__).resolve()), "--child", str(build_dir),
               program, build, str(inputs_path), str(outputs_path)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=CHILD_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {CHILD_TIMEOUT_S} s"
    if done.returncode != 0:
        lines = [l for l in (done.stderr + done.stdout).strip().splitlines() if l.strip()]
        return None, (lines[-1] if lines else f"exit status {done.returncode}")
    with numpy.load(outputs_path) as stored:
        return {name: stored[name] for name in stored.files}, None


def differences(got, want):
    """Number of differing elements and the first one, comparing exactly."""
    got = numpy.asarray(got)
    want = numpy.asarray(want)
    if got.shape != want.shape:
        return got.size or 1, f"shape {got.shape} != {want.shape}"
    if want.dtype.kind == "f":
        left, right = got.astype(numpy.float64), want
    else:
        left, right = got.astype(numpy.int64), want.astype(numpy.int64)
    wrong = numpy.flatnonzero(left != right)
    if wrong.size == 0:
        return 0, ""
    k = wrong[0]
    return int(wrong.size), f"first at [{k}]: {left[k].item()!r}, expected {right[k].item()!r}"


def check_program(build_dir, name, spec, builds, tmp):
    """{build: (ok, cell text)} and a list of detail lines."""
    details = []
    inputs = make_inputs(name, spec)
    inputs_path = Path(tmp) / f"{name}.inputs.npz"
    numpy.savez(inputs_path, **inputs)
    outputs_named = [b for b, d in spec["buffers"].items() if d.get("output")]
    outputs_named += [s["name"] for s in spec.get("symbols", []) if s.get("output")]

    expected, reference_error = None, None
    try:
        reference = REFERENCES.get(name) or load_reference(name)
        if reference is None:
            raise KeyError(f"no NumPy reference for {name} (run.py or tests/cuda/{name}.py)")
        expected = reference(inputs, host_symbols(spec))
        unknown = set(expected) - set(outputs_named)
        if unknown:
            raise KeyError(f"reference names non-outputs {sorted(unknown)}")
    except Exception as error:  # a kit bug: every build fails
        reference_error = f"reference: {type(error).__name__}: {error}"
        details.append(f"- {name}: {reference_error}")

    results, cells, timings = {}, {}, {}
    for build in builds:
        state = spec.get("builds", {}).get(build)
        if state is None:
            cells[build] = (True, "not built")
            continue
        if state != "ok":
            cells[build] = (False, "FAIL: not built")
            details.append(f"- {name} {build}: {state}")
            continue
        outputs, error = run_child(build_dir, name, build, inputs_path,
                                   Path(tmp) / f"{name}.{build}.outputs.npz")
        if error:
            cells[build] = (False, "FAIL: run")
            details.append(f"- {name} {build}: {error}")
            continue
        results[build] = outputs

    # Speed, once every build ran: all builds in one process, interleaved.
    if results:
        timings, timing_error = run_timer(build_dir, name, list(results), inputs_path,
                                          Path(tmp) / f"{name}.times.npz")
        if timing_error:
            details.append(f"- {name}: {timing_error}")

    for build, outputs in results.items():
        baseline = BASELINE.get(build)
        problems = {}  # output -> what it does not match
        for output in outputs_named:
            if output not in outputs:
                problems[output] = ["missing"]
                continue
            got = outputs[output]
            if baseline in results:
                clang = results[baseline].get(output)
                if clang is None or got.tobytes() != clang.tobytes():
                    count, where = differences(got, clang) if clang is not None else (1, "")
                    problems.setdefault(output, []).append(baseline)
                    details.append(f"- {name} {build}: {output} differs from {baseline}'s in "
                                   f"{count} of {got.size} elements; {where}")
            if expected is not None and output in expected:
                count, where = differences(got, expected[output])
                if count:
                    problems.setdefault(output, []).append("NumPy")
                    details.append(f"- {name} {build}: {output} differs from NumPy in "
                                   f"{count} of {got.size} elements; {where}")
        text = [f"{o} != {' & '.join(p)}" for o, p in problems.items()]
        if reference_error:
            text.append("no reference")
        if baseline and baseline not in results:
            text.append(f"no {baseline} run to compare with")
        cells[build] = (not text, "FAIL: " + "; ".join(text) if text else "ok")
    if expected is not None:
        unchecked = [o for o in outputs_named if o not in expected]
        if unchecked:
            details.append(f"- {name}: compared with clang only: {', '.join(unchecked)}")
    return cells, details, timings


def device_name():
    try:
        import cupy
        return cupy.cuda.runtime.getDeviceProperties(0)["name"].decode()
    except Exception as error:
        return f"unknown ({type(error).__name__}: {error})"


def main(argv):
    if len(argv) > 1 and argv[1] == "--child":
        return child(*argv[2:7])
    if len(argv) > 1 and argv[1] == "--timer":
        return timer(*argv[2:7])
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    build_dir = Path(argv[1]).resolve()
    report = Path(argv[2]) if len(argv) > 2 else None
    manifest = json.loads((build_dir / "manifest.json").read_text())
    builds = [b for b in BUILDS if b in manifest.get("builds", [])]
    builds += [b for b in manifest.get("builds", []) if b not in builds]
    lines = [
        f"Device: {device_name()}. Each build's outputs against clang's (byte for "
        "byte) and against a NumPy reference (exact: inputs and constants are "
        "multiples of 1/8).",
        "",
        "| program | kernels | " + " | ".join(builds) + " |",
        "| --- | --- | " + " | ".join("---" for _ in builds) + " |",
    ]
    all_details = []
    time_rows = []
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        # CUDA_PROGRAMS="a,b" (or "1/2", "2/2": halves of the list) runs a part.
        part = os.environ.get("CUDA_PROGRAMS", "")
        programs = list(manifest["programs"].items())
        if "/" in part:
            index, count = (int(x) for x in part.split("/"))
            programs = programs[(index - 1) * len(programs) // count:index * len(programs) // count]
        elif part:
            wanted = set(part.split(","))
            programs = [(n, s) for n, s in programs if n in wanted]
        for name, spec in programs:
            kernels = ", ".join(k["name"] for k in spec.get("kernels", []))
            try:
                cells, details, timings = check_program(build_dir, name, spec, builds, tmp)
            except Exception as error:
                traceback.print_exc()
                cells = {b: (False, "FAIL: runner error") for b in builds}
                details = [f"- {name}: runner error: {type(error).__name__}: {error}"]
                timings = {}
            time_rows.append((name, timings))
            failures += sum(1 for ok, _ in cells.values() if not ok)
            lines.append(f"| {name} | {kernels} | "
                         + " | ".join(cells.get(b, (False, "?"))[1] for b in builds) + " |")
            all_details += details
    lines.append("")
    lines.append(f"{failures} failing build(s)." if failures else "All builds match.")
    # Speed: median microseconds of the program's whole kernel sequence on
    # the GPU (CUDA graphs), and gas against clang in the same form (>1: gas
    # slower); the last two columns are the same ratios with each kernel
    # launched from Python, host time included, as runs before 2026-11-26
    # measured.
    lines += ["", f"Median of {TIMED_RUNS} runs of each program's kernel sequence, "
              f"{SEQUENCES_PER_GRAPH} sequences per CUDA graph launch (all builds in one "
              "process, interleaved), microseconds per sequence; the host columns "
              "time the sequence launched kernel by kernel from Python:", "",
              "| program | " + " | ".join(builds) + " | gas-O2 / clang | "
              "gas-O2-outlined / clang-outlined | host: gas-O2 / clang | "
              "host: gas-O2-outlined / clang-outlined |",
              "| --- | " + " | ".join("---:" for _ in builds) + " | ---: | ---: | ---: | ---: |"]

    def ratio(timings, build, baseline):
        if build in timings and baseline in timings and timings[baseline] > 0:
            return f"{timings[build] / timings[baseline]:.3f}"
        return "-"

    for name, timings in time_rows:
        host = {b[len(HOST_PREFIX):]: t for b, t in timings.items() if b.startswith(HOST_PREFIX)}
        lines.append(f"| {name} | "
                     + " | ".join(f"{timings[b]:.1f}" if b in timings else "-" for b in builds)
                     + f" | {ratio(timings, 'gas-O2', 'clang')}"
                     + f" | {ratio(timings, 'gas-O2-outlined', 'clang-outlined')}"
                     + f" | {ratio(host, 'gas-O2', 'clang')}"
                     + f" | {ratio(host, 'gas-O2-outlined', 'clang-outlined')} |")
    if all_details:
        lines += ["", "Details:", ""] + all_details
    text = "\n".join(lines) + "\n"
    print(text)
    if report:
        report.write_text(text)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
