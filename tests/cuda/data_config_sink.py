"""NumPy reference for data_config_sink.cu."""
import numpy

N = 16384


def reference(x, s):
    _src, _perm, gain, offset, mask = s["cfg"]
    gain = numpy.asarray(gain, dtype=numpy.float64)
    offset, mask = int(offset[0]), int(mask[0])
    src = numpy.asarray(x["src"], dtype=numpy.float64)
    perm = x["perm"].astype(numpy.int64)
    i = numpy.arange(N)
    value = src[(perm + offset) & mask] * gain[i & 3]
    return {
        "out": value,
        "sink_buf": numpy.concatenate([value + 1.0, src - value]),
    }
