"""NumPy reference for histogram_shared.cu: 64 bins of key % 64."""
import numpy

BINS = 64


def reference(x, s):
    keys = numpy.asarray(x["keys"], dtype=numpy.int64)
    weights = numpy.asarray(x["weights"], dtype=numpy.float64)
    hist = numpy.bincount(keys % BINS, minlength=BINS)
    sums = numpy.bincount(keys % BINS, weights=weights, minlength=BINS)
    return {
        "hist_private": hist,
        "sums_private": sums,
        "hist_direct": hist,
        "sums_direct": sums,
        # histogram_per_warp counts the first 16000 keys only.
        "hist_per_warp": numpy.bincount(keys[:16000] % BINS, minlength=BINS),
    }
