"""NumPy reference for data_constant_tables.cu."""
import numpy

N = 16384


def f64(array):
    return numpy.asarray(array, dtype=numpy.float64)


def reference(x, s):
    c = f64(s["poly"])
    lut = s["lut"].astype(numpy.int64)
    weights = f64(s["weights"])
    data = f64(x["in"])  # N + 16
    v = data[:N]
    cubic = c[0] + v * (c[1] + v * (c[2] + v * c[3]))
    keys = x["keys"].astype(numpy.int64)
    picked = lut[keys & 15] + lut[(keys >> 12) & 15]
    wglobal = f64(x["wglobal"])
    i = numpy.arange(N)
    negative = v < 0.0
    window = numpy.zeros(N)
    for k in range(8):
        chosen = numpy.where(negative, weights[k], wglobal[k])
        window += chosen * data[i + k] + weights[k] * data[i + 2 * k]
    return {
        "out_direct": cubic,
        "out_helper": cubic,
        "picked": picked,
        "out_window": window,
    }
