"""NumPy reference for data_device_queue.cu."""
import numpy

N = 16384
CHUNK = 4
DRAIN_THREADS = 8 * 128  # drain's grid * block


def reference(x, s):
    data = numpy.asarray(x["in"], dtype=numpy.float64)
    keys = x["keys"].astype(numpy.int64)
    hits = int(numpy.count_nonzero(data > 0))
    hi = max(int(s["hi_water"][0]), int(keys.max()))
    lo = min(int(s["lo_water"][0]), int(keys.min()))
    # N / CHUNK successful grabs plus one failing grab per thread.
    work_next = int(s["work_next"][0]) + CHUNK * (N // CHUNK + DRAIN_THREADS)
    neg = int(numpy.count_nonzero(data < 0))
    stats = numpy.zeros(8, dtype=numpy.int64)
    stats[:5] = [hits, hi, lo, work_next, neg]
    return {
        "out": data * 2.0 + 1.0,
        "out_block": data - 0.5,
        "stats": stats,
        "work_next": numpy.array([work_next]),
        "hits": numpy.array([hits]),
        "total": numpy.array([data.sum()]),
        "hi_water": numpy.array([hi]),
        "lo_water": numpy.array([lo]),
        "neg_hits": numpy.array([neg]),
    }
