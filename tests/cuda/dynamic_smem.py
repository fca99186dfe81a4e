"""NumPy reference for dynamic_smem.cu: 64 blocks of 256 threads, n = 16384."""
import numpy

N, B, M = 16384, 256, 264


def reference(x, s):
    data = numpy.asarray(x["in"], dtype=numpy.float64)
    keys = numpy.asarray(x["keys"], dtype=numpy.int64)
    i = numpy.arange(N)
    base, t = (i // B) * B, i % B
    k = keys & (B - 1)
    padded = numpy.concatenate([data, numpy.zeros(M)])
    # out[base + t] = b[B - 1 - t], b[u] = sum of padded[base + u .. base + u + M - B].
    u = B - 1 - t
    window = sum(padded[base + u + j] for j in range(M - B + 1))
    return {
        "out_gather": data[base + (k + 5) % B],
        "out_gather_global": data[base + k],
        "out_window": window,
    }
