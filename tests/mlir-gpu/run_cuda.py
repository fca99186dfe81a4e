#!/usr/bin/env python3
"""Run the corpus's NVVM builds on a CUDA GPU and check their outputs.

  run_cuda.py [--build DIR] [--bare-ptr] [--reference-only] [FILE.mlir ...]

For every corpus file (default: all of tests/mlir-gpu/*.mlir) it reads the
`// launch:` header and the `// expect:` lines (README.md), fills the buffers
with the corpus's deterministic pattern, loads DIR/NAME/nvvm/device.cubin
(lower.sh's output; DIR defaults to tests/mlir-gpu/build) with CuPy, launches
the kernel and compares every `out`/`inout` buffer with the NumPy reference
that the `// expect:` lines compute, element for element (every result in the
corpus is exact in f32). --bare-ptr: the build was made with lower.sh
--bare-ptr (one pointer per memref argument instead of MLIR's descriptor
expansion). --reference-only: evaluate the references without a GPU (checks
the `// expect:` lines themselves). Prints one line per file and
"N passed, N failed"; exit status 1 on any failure.
"""
import argparse
import glob
import keyword
import os
import re
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

LAUNCH_RE = re.compile(
    r'^// launch: (\S+) grid=\((\d+),(\d+),(\d+)\) block=\((\d+),(\d+),(\d+)\)'
    r'(?: dynamic_shared=(\d+))? args: (.*)$')


def parse(path):
    spec = None
    expects = []
    with open(path) as f:
        for line in f:
            line = line.rstrip('\n')
            m = LAUNCH_RE.match(line)
            if m:
                args = []
                for a in m.group(9).split():
                    bm = re.match(r'^(\w+):(f32|i32)\[(\d+)\]:(in|out|inout)$', a)
                    sm = re.match(r'^(\w+):(f32|i32)=(\S+)$', a)
                    if bm:
                        args.append(('buffer', bm.group(1), bm.group(2), int(bm.group(3)), bm.group(4)))
                    elif sm:
                        args.append(('scalar', sm.group(1), sm.group(2), sm.group(3)))
                    else:
                        raise ValueError('%s: bad launch argument %r' % (path, a))
                spec = {
                    'kernel': m.group(1),
                    'grid': tuple(int(m.group(k)) for k in (2, 3, 4)),
                    'block': tuple(int(m.group(k)) for k in (5, 6, 7)),
                    'shared': int(m.group(8) or 0),
                    'args': args,
                }
            elif line.startswith('// expect: '):
                expects.append(line[len('// expect: '):])
    if spec is None:
        raise ValueError(path + ': no // launch: line')
    return spec, expects


def pyname(name):
    return name + '_' if keyword.iskeyword(name) else name


def initial(arg, position):
    """The corpus's input pattern (README.md): element i of the argument at
    position j is ((5 i + 3 j) mod 32) / 4 - 2 for f32, (5 i + 3 j) mod 64 for
    i32; `out` buffers start as zeros."""
    _, _, dtype, n, role = arg
    i = np.arange(n)
    if role == 'out':
        return np.zeros(n, np.float32 if dtype == 'f32' else np.int32)
    if dtype == 'f32':
        return (((5 * i + 3 * position) % 32) * 0.25 - 2.0).astype(np.float32)
    return ((5 * i + 3 * position) % 64).astype(np.int32)


def scalar_value(arg):
    _, _, dtype, text = arg
    return np.float32(float(text)) if dtype == 'f32' else np.int32(int(text))


def reference(spec, expects, init):
    ns = {'np': np, 'i': np.arange(256)}
    for pos, arg in enumerate(spec['args']):
        if arg[0] == 'buffer':
            ns[pyname(arg[1])] = init[pos].astype(np.float64 if arg[2] == 'f32' else np.int64)
        else:
            ns[pyname(arg[1])] = float(scalar_value(arg)) if arg[2] == 'f32' else int(scalar_value(arg))
    for e in expects:
        exec(e, ns)
    out = {}
    for pos, arg in enumerate(spec['args']):
        if arg[0] == 'buffer' and arg[4] in ('out', 'inout'):
            want = np.asarray(ns[pyname(arg[1])])
            dtype = np.float32 if arg[2] == 'f32' else np.int32
            if want.shape != (arg[3],):
                raise ValueError('reference for %s has shape %s' % (arg[1], want.shape))
            out[pos] = want.astype(dtype)
    return out


def run_gpu(spec, init, cubin, bare):
    import cupy as cp
    mod = cp.RawModule(path=cubin)
    kern = mod.get_function(spec['kernel'])
    dev = {}
    params = []
    for pos, arg in enumerate(spec['args']):
        if arg[0] == 'buffer':
            d = cp.asarray(init[pos])
            dev[pos] = d
            if bare:
                params.append(d)
            else:  # MLIR's memref descriptor: allocated, aligned, offset, size, stride
                params += [d, d, np.int64(0), np.int64(arg[3]), np.int64(1)]
        else:
            params.append(scalar_value(arg))
    kern(spec['grid'], spec['block'], tuple(params), shared_mem=spec['shared'])
    cp.cuda.Device().synchronize()
    return {pos: cp.asnumpy(d) for pos, d in dev.items()}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--build', default=os.path.join(HERE, 'build'))
    ap.add_argument('--bare-ptr', action='store_true')
    ap.add_argument('--reference-only', action='store_true')
    ap.add_argument('files', nargs='*')
    a = ap.parse_args(argv)
    files = a.files or sorted(glob.glob(os.path.join(HERE, '*.mlir')))
    passed = failed = 0
    for path in files:
        name = os.path.basename(path)[:-len('.mlir')]
        try:
            spec, expects = parse(path)
            init = {pos: initial(arg, pos) for pos, arg in enumerate(spec['args']) if arg[0] == 'buffer'}
            want = reference(spec, expects, init)
            if a.reference_only:
                print('ok   %s (reference: %s)' % (name, ', '.join(spec['args'][p][1] for p in want)))
                passed += 1
                continue
            cubin = os.path.join(a.build, name, 'nvvm', 'device.cubin')
            got = run_gpu(spec, init, cubin, a.bare_ptr)
            bad = []
            for pos, w in want.items():
                g = got[pos]
                if not np.array_equal(g, w):
                    k = int(np.flatnonzero(g != w)[0])
                    bad.append('%s[%d] = %r, expected %r (%d wrong)' % (
                        spec['args'][pos][1], k, g[k].item(), w[k].item(), int(np.sum(g != w))))
            if bad:
                failed += 1
                print('FAIL %s: %s' % (name, '; '.join(bad)))
            else:
                passed += 1
                print('ok   %s' % name)
        except Exception as e:  # report and go on with the next file
            failed += 1
            print('FAIL %s: %s: %s' % (name, type(e).__name__, e))
    print('%d passed, %d failed' % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
