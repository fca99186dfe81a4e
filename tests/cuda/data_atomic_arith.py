"""NumPy reference for data_atomic_arith.cu."""
import numpy

TILE = 256
BINS = 64
MASK32 = (1 << 32) - 1


def _product_mod32(values):
    result = 1
    for v in values:
        result = (result * int(v)) & MASK32
    return result


def reference(x, s):
    keys = x["keys"].astype(numpy.int64)  # in [0, 65536)
    data = numpy.asarray(x["in"], dtype=numpy.float64)
    kb = keys.reshape(-1, TILE)
    vb = data.reshape(-1, TILE)
    blocks = kb.shape[0]
    blk_int = numpy.stack([
        (kb & 255).sum(axis=1),
        (kb - 32768).max(axis=1),
        (kb - 32768).min(axis=1),
    ], axis=1)
    products = [_product_mod32(2 * row + 1) for row in kb]
    blk_uns = numpy.stack([
        kb.sum(axis=1) & MASK32,
        (3 * kb).max(axis=1),
        (3 * kb).min(axis=1),
        numpy.array(products, dtype=numpy.int64),
    ], axis=1)
    blk_flt = numpy.stack([
        vb.sum(axis=1),
        (0.5 * vb).sum(axis=1),
        numpy.maximum(vb.max(axis=1), -4.0),
    ], axis=1)
    g_int = numpy.array([
        int((keys & 255).sum()),
        int((keys - 32768).max()),
        int((keys - 32768).min()),
    ])
    g_uns = numpy.array([
        int(keys.sum()) & MASK32,
        int((3 * keys).max()),
        int((3 * keys).min()),
        _product_mod32(products),
    ], dtype=numpy.int64)
    g_flt = numpy.array([data.sum(), (0.5 * data).sum(), max(data.max(), -4.0)])
    hist = numpy.bincount(keys & (BINS - 1), minlength=BINS).astype(numpy.int64)
    bucket_max = numpy.zeros(BINS, dtype=numpy.int64)
    numpy.maximum.at(bucket_max, keys & (BINS - 1), keys)
    assert blocks * 3 == 192
    return {
        "blk_int": blk_int.reshape(-1).astype(numpy.int64),
        "blk_uns": blk_uns.reshape(-1).astype(numpy.int64),
        "blk_flt": blk_flt.reshape(-1),
        "g_int": g_int.astype(numpy.int64),
        "g_uns": g_uns,
        "g_flt": g_flt,
        "hist": hist,
        "bucket_max": bucket_max,
    }
