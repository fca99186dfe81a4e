"""NumPy reference for warp_shuffle.cu: 64 blocks of 256 threads (8 warps)."""
import numpy


def reference(x, s):
    data = numpy.asarray(x["in"], dtype=numpy.float64)
    ints = numpy.asarray(x["in_i"], dtype=numpy.int64)
    warp_sums = data.reshape(-1, 32).sum(axis=1)
    warp_max = ints.reshape(-1, 32).max(axis=1)
    return {
        "sums_shared": data.reshape(-1, 256).sum(axis=1),
        "partials": warp_sums,
        "sums_global": data.reshape(-1, 256).sum(axis=1),
        "warp_maxima": numpy.repeat(warp_max, 32),
        "block_max": ints.reshape(-1, 256).max(axis=1),
    }
