"""NumPy reference for coop_groups.cu: 64 blocks of 256 threads."""
import numpy


def reference(x, s):
    data = numpy.asarray(x["in"], dtype=numpy.int64)
    sums = data.reshape(-1, 256).sum(axis=1)
    tiles = (data & 1023).reshape(-1, 16)
    inclusive = numpy.cumsum(tiles, axis=1)
    # Every thread writes the element of position 255 - t of its block, so
    # each block's output is the scan itself (the mirror is a permutation).
    return {
        "sums_shared": sums,
        "total_shared": numpy.array([data.sum()]),
        "scratch": data.reshape(-1, 32).sum(axis=1),
        "sums_global": sums,
        "total_global": numpy.array([data.sum()]),
        "inclusive": inclusive.reshape(-1),
        "exclusive": (inclusive - tiles).reshape(-1),
    }
