"""NumPy reference for cpp_row_helper.cu."""
import numpy

WIDTH = 128
TS = 16


def run_rows(data):
    m = data.reshape(WIDTH, WIDTH)
    out = m.T + m
    row_sums = m.reshape(WIDTH, WIDTH // TS, TS).sum(axis=2)  # [row, tile column]
    return out.reshape(-1), row_sums.reshape(-1)


def reference(x, s):
    out_f, sums_f = run_rows(x["in_f"].astype(numpy.float64))
    out_i, sums_i = run_rows(x["in_i"].astype(numpy.int64))
    return {"out_f": out_f, "row_sums_f": sums_f, "out_i": out_i, "row_sums_i": sums_i}
