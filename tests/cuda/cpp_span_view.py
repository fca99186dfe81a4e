"""NumPy reference for cpp_span_view.cu."""
import numpy

N = 16384
TILE = 256


def run_span(data):
    i = numpy.arange(N)
    t, base = i % TILE, (i // TILE) * TILE
    a = sum(data[base + (t + k) % TILE] for k in range(4))
    b = sum(data[(i + k) % N] for k in range(3))
    quarter = base + (t // 64) * 64
    c = sum(data[quarter + (t % 64 + k) % 64] for k in range(2))
    d = data.reshape(-1, 64).sum(axis=1)[i // 64]
    return a + 2 * b + c - d, data.reshape(-1, TILE).sum(axis=1)


def reference(x, s):
    out_f, block_f = run_span(x["in_f"].astype(numpy.float64))
    out_i, block_i = run_span(x["in_i"].astype(numpy.int64))
    return {"out_f": out_f, "block_out_f": block_f, "out_i": out_i, "block_out_i": block_i}
