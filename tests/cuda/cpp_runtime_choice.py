"""NumPy reference for cpp_runtime_choice.cu."""
import numpy

N = 16384
TILE = 256


def run_choice(data):
    i = numpy.arange(N)
    t, base = i % TILE, (i // TILE) * TILE
    odd = (t & 1) == 1

    def view(k):  # v.p[k]: tile (3 * in) on odd threads, in + base on even ones
        value = data[base + k % TILE]
        return numpy.where(odd, 3 * value, value)

    a = sum(view(t + k) for k in range(4))
    to_shared = data > data[base + (t + 1) % TILE]
    shared_cell = numpy.where(to_shared, a + 1, 0)
    cells = numpy.where(to_shared, 0, a + 1)
    return shared_cell + view(t), cells


def reference(x, s):
    out_f, cells_f = run_choice(x["in_f"].astype(numpy.float64))
    out_i, cells_i = run_choice(x["in_i"].astype(numpy.int64))
    return {"out_f": out_f, "cells_f": cells_f, "out_i": out_i, "cells_i": cells_i}
