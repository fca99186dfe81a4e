"""NumPy reference for cpp_operator_shared.cu."""
import numpy

N = 8192  # complex numbers, threads
TILE = 256


def reference(x, s):
    z = x["in_c"].astype(numpy.float64).reshape(N, 2)
    re, im = z[:, 0], z[:, 1]
    i = numpy.arange(N)
    t, base = i % TILE, (i // TILE) * TILE
    j = base + (t + 1) % TILE
    acc_re, acc_im = re + re[j], im + im[j]
    k = (i + 2) % N
    tile_re, tile_im = re + re[k], im + im[k]
    p_re = acc_re * tile_re - acc_im * tile_im
    p_im = acc_re * tile_im + acc_im * tile_re
    o_re, o_im = p_re, p_im - acc_re   # o[i] = p; o[i][1] -= acc[0]
    o_re, o_im = o_re + tile_re, o_im + tile_im  # o[i] += tile[t]
    tile_re = tile_re + o_im           # tile[t][0] += o[i][1]
    o_re = o_re - tile_re              # o[i][0] -= tile[t][0]
    out_c = numpy.stack([o_re, o_im], axis=1).reshape(-1)

    v = x["in_v"].astype(numpy.int64).reshape(-1, TILE, 4)
    sums = v.sum(axis=1) + numpy.array([1, 2, 3, 4])
    return {"out_c": out_c, "sums": sums.reshape(-1)}
