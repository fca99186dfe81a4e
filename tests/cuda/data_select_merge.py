"""NumPy reference for data_select_merge.cu."""
import numpy

N = 16384
TILE = 256
M = N - 1


def f64(array):
    return numpy.asarray(array, dtype=numpy.float64)


def _sum3(p, i, mask):
    return p[i & mask] + p[(i + 1) & mask] + p[(i + 2) & mask]


def reference(x, s):
    a, b = f64(x["a"]), f64(x["b"])
    keys = x["keys"].astype(numpy.int64)
    i = numpy.arange(N)

    # select_global
    use_a = (keys & 1) == 1
    value = numpy.where(use_a, a * 2.0 + _sum3(a, i, M), b * 2.0 + _sum3(b, i, M))
    out_sel = numpy.zeros(2 * N)
    first_half = (keys & 2) == 2
    out_sel[i[first_half]] = value[first_half]
    out_sel[N + i[~first_half]] = value[~first_half]
    acc = numpy.zeros(N)
    on_b = numpy.zeros(N, dtype=bool)
    for k in range(4):
        acc += numpy.where(on_b, b[(i + k) & M], a[(i + k) & M])
        on_b = acc > 0.0
    out_loop = acc + numpy.where(on_b, _sum3(b, i + 7, M), _sum3(a, i + 7, M))

    # select_mixed (on a): the tile holds 0.5 * a, the global side a itself.
    t, base = i % TILE, (i // TILE) * TILE
    scale = numpy.where(use_a, 0.5, 1.0)
    window = a[base + t] + a[base + ((t + 1) & (TILE - 1))] + a[base + ((t + 2) & (TILE - 1))]
    out_mixed = scale * (window - a)

    # phi_mixed (on b)
    v = b
    positive = v > 0.0
    gout = numpy.where(positive, 0.0, 3.0 * v)
    out_phi = numpy.where(positive, 3.0 * v, 3.0 * v + 1.0)
    flip = ((keys >> 2) & 1) == 1
    g_acc = numpy.zeros(N)
    s_acc = numpy.zeros(N)
    for k in range(4):
        xk = b[(i + k) & M]
        g_acc += numpy.where(flip, xk, 0.0)
        s_acc += numpy.where(flip, 0.0, xk)
        flip = flip ^ (xk < 0.0)
    return {
        "out_sel": out_sel,
        "out_loop": out_loop,
        "out_mixed": out_mixed,
        "gout": gout,
        "out_phi": out_phi,
        "g_acc": g_acc,
        "out_acc": s_acc,
    }
