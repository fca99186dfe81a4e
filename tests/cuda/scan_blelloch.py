"""NumPy reference for scan_blelloch.cu: 32 blocks of 512 ints."""
import numpy

PER_BLOCK = 512


def reference(x, s):
    blocks = numpy.asarray(x["in"], dtype=numpy.int64).reshape(-1, PER_BLOCK)
    inclusive = numpy.cumsum(blocks, axis=1)
    exclusive = inclusive - blocks
    totals = inclusive[:, -1]
    flat = numpy.asarray(x["in"], dtype=numpy.int64)
    return {
        "out_shared": exclusive.reshape(-1),
        "totals_shared": totals,
        "work": exclusive.reshape(-1),
        "totals_global": totals,
        "full": numpy.cumsum(flat) - flat,
    }
