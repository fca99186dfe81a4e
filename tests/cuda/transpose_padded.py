"""NumPy reference for transpose_padded.cu (rows = 128, cols = 256)."""
import numpy

ROWS, COLS, TDIM, PITCH = 128, 256, 32, 33


def reference(x, s):
    a = numpy.asarray(x["in"], dtype=numpy.float64).reshape(ROWS, COLS)
    ai = numpy.asarray(x["in_i"], dtype=numpy.int64).reshape(ROWS, COLS)
    # Block b = by_index * (COLS / TDIM) + bx_index holds rows by.., columns bx.. of in.
    scratch = numpy.zeros((ROWS // TDIM, COLS // TDIM, TDIM, PITCH))
    for byi in range(ROWS // TDIM):
        for bxi in range(COLS // TDIM):
            scratch[byi, bxi, :, :TDIM] = a[byi * TDIM:(byi + 1) * TDIM,
                                            bxi * TDIM:(bxi + 1) * TDIM]
    shifted = ai + numpy.arange(ROWS)[:, None]
    return {
        "out_shared": a.T.reshape(-1),
        "out_scratch": a.T.reshape(-1),
        "scratch": scratch.reshape(-1),
        "out_dynamic": shifted.T.reshape(-1),
    }
