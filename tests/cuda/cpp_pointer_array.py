"""NumPy reference for cpp_pointer_array.cu."""
import numpy

N = 16384
TILE = 256


def reference(x, s):
    data = x["in"].astype(numpy.float64)
    i = numpy.arange(N)
    t, base = i % TILE, (i // TILE) * TILE

    def glob(k):  # in[base + k % TILE]
        return data[base + k % TILE]

    def shared(k):  # tile[k % TILE] = 2 * in[base + k % TILE]
        return 2.0 * glob(k)

    r = shared(t + 1) - glob(t + 2)
    r = r + shared(t + 3) + glob(t + 7)                  # the loop over src
    r = r + shared(t + 5) + 2.0 * glob(t + 10)           # combine(s, t), shift 5
    r = r + shared(3 * t) + glob(3 * t + 1)              # sum_table(src, 2, t)
    out = r + 1.0                                        # dst[1][t] = r + 1
    out2 = r[base + (t + 1) % TILE] + data                 # stage[t + 1] + in[i]
    return {"out": out, "out2": out2}
