"""NumPy reference for cpp_functor_lambda.cu."""
import numpy

N = 16384
TILE = 256


def run_functors(data):
    i = numpy.arange(N)
    t, base = i % TILE, (i // TILE) * TILE
    tile = 2 * data  # tile[t] of block b is 2 * in[b * TILE + t]
    mx = tile.reshape(-1, 4).max(axis=1)[i // 4]  # groups of 4 within a block
    sm = data.reshape(-1, 8).sum(axis=1)[i // 8]
    acc = sum(tile[base + (t + k) % TILE] - data[(i + k) % N] for k in range(3))
    return mx + sm + acc + tile  # the last lambda: r + tile[t] * (0 + 1)


def reference(x, s):
    return {
        "out_f": run_functors(x["in_f"].astype(numpy.float64)),
        "out_i": run_functors(x["in_i"].astype(numpy.int64)),
    }
