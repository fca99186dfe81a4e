"""NumPy reference for stencil1d_halo.cu: n = 16384, 64 blocks of 256."""
import numpy

N, BLOCK, RADIUS = 16384, 256, 3


def reference(x, s):
    data = numpy.asarray(x["in"], dtype=numpy.float64)
    taps = numpy.asarray(x["taps"], dtype=numpy.float64)
    i = numpy.arange(N)
    def clamped(j):
        return data[numpy.clip(j, 0, N - 1)]
    out = sum(taps[k] * clamped(i - RADIUS + k) for k in range(2 * RADIUS + 1))
    # Block b's scratch slice: in[clamp(b * BLOCK - RADIUS + k)], k < BLOCK + 2 * RADIUS.
    b = numpy.arange(N // BLOCK)[:, None]
    k = numpy.arange(BLOCK + 2 * RADIUS)[None, :]
    scratch = clamped(b * BLOCK - RADIUS + k)
    return {
        "out_shared": out,
        "out_scratch": out,
        "scratch": scratch.reshape(-1),
        "out_mixed": out,
    }
