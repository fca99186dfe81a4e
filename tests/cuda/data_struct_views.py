"""NumPy reference for data_struct_views.cu."""
import numpy

N = 16384
TILE = 256


def f64(array):
    return numpy.asarray(array, dtype=numpy.float64)


def _job(a, b, idx, n, stride, scale):
    """combine(j, i) for every i < n (flags & 1 is set): fetch(i) + fetch((i+1) & (n-1))."""
    i = numpy.arange(n)
    fetch = a[idx & (n - 1)] * scale + b[(i * stride) & (n - 1)]
    return fetch + fetch[(i + 1) & (n - 1)]


def reference(x, s):
    a, b = f64(x["a"]), f64(x["b"])
    idx = x["idx"].astype(numpy.int64)
    out = _job(a, b, idx, N, 3, 0.5)
    out_tile = numpy.zeros(N)
    for base in range(0, N, TILE):
        tile = a[base:base + TILE]
        out_tile[base:base + TILE] = _job(tile, tile, idx[base:base + TILE], TILE, 5, -1.5)
    i = numpy.arange(N)
    even = (i & 1) == 0
    return {
        "out": out,
        "aux": out - a,
        "out_tile": out_tile,
        "aux_tile": out_tile - a,
        "lane0": numpy.where(even, b, 0.0),
        "lane1": numpy.where(even, 0.0, 2.0 * b),
    }
