"""NumPy reference for cpp_crtp_policy.cu."""
import numpy

N = 16384
TILE = 256


def run_crtp(data):
    i = numpy.arange(N)
    t, base = i % TILE, (i // TILE) * TILE
    a = sum(data[base + (t + k) % TILE] for k in range(1, 4))  # s.sum3(t + 1)
    b = sum(data[(i + k) % N] for k in range(3))               # g.sum3(i)
    d = numpy.abs(a - b)                                       # tile after AbsPolicy
    c = sum(d[base + (t + k) % TILE] for k in range(3))        # s.sum3(t)
    return 2 * c                                               # DoublePolicy


def reference(x, s):
    return {
        "out_f": run_crtp(x["in_f"].astype(numpy.float64)),
        "out_i": run_crtp(x["in_i"].astype(numpy.int64)),
    }
