"""NumPy reference for cpp_reduce_ops.cu."""
import numpy

TILE = 256


def run_reduce(data, threshold):
    blocks = data.reshape(-1, TILE)
    results = numpy.stack([
        blocks.sum(axis=1),
        blocks.max(axis=1),
        blocks.min(axis=1),
        (blocks > threshold).sum(axis=1),
    ], axis=1)
    return results.reshape(-1)


def reference(x, s):
    # The thresholds are the kernels' last arguments (cpp_reduce_ops.json).
    return {
        "results_f": run_reduce(x["in_f"].astype(numpy.float64), 0.5).astype(numpy.float64),
        "results_i": run_reduce(x["in_i"].astype(numpy.int64), 40000).astype(numpy.int64),
    }
