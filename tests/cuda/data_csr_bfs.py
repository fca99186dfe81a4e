"""NumPy reference for data_csr_bfs.cu."""
import numpy

N = 4096
A, B, C = 73, 1031, 17
SRC = 5
STEPS = 7  # bfs_step launched with depth 0 .. STEPS - 1
NONE = 2147483647


def reference(x, s):
    v = numpy.arange(N + 1)
    row = v + 3 * (v // 3) + (v % 3 == 2)
    col = numpy.zeros(int(row[N]), dtype=numpy.int64)
    for u in range(N):
        for k in range(1 + u % 3):
            col[row[u] + k] = (u * A + k * B + C) & (N - 1)
    level = numpy.full(N, -1, dtype=numpy.int64)
    parent = numpy.full(N, NONE, dtype=numpy.int64)
    count = numpy.zeros(16, dtype=numpy.int64)
    level[SRC], parent[SRC], count[0] = 0, SRC, 1
    for depth in range(STEPS):
        frontier = numpy.flatnonzero(level == depth)
        for u in frontier:  # ascending: the first to reach w is its smallest parent
            for e in range(row[u], row[u + 1]):
                w = col[e]
                if level[w] == -1:
                    level[w] = depth + 1
                    parent[w] = u
                    count[depth + 1] += 1
    weight = numpy.asarray(x["weight"], dtype=numpy.float64)
    out = numpy.zeros(N)
    for u in range(N):
        if level[u] < 0:
            continue
        for e in range(row[u], row[u + 1]):
            w = col[e]
            if level[w] == level[u] + 1:
                out[u] += weight[w]
    return {
        "row": row.astype(numpy.int64),
        "col": col,
        "level": level,
        "parent": parent,
        "count": count,
        "out": out,
        "discovered": numpy.array([int(s["discovered"][0]) + int(count[1:].sum())]),
    }
