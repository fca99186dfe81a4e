"""NumPy reference for cpp_tree_recursion.cu."""
import numpy

N = 16384
TILE = 256


def reference(x, s):
    values = x["values"].astype(numpy.float64)
    keys = x["keys"].astype(numpy.int64)
    kids = numpy.full((N, 2), -1, dtype=numpy.int64)
    for i in range(N):
        base, t = i - i % TILE, i % TILE
        for side in range(2):
            c = 2 * t + 1 + side
            if c < TILE and (keys[base + c] & 3) != 0:
                kids[i, side] = base + c
    # Children have larger indices: fill from the leaves up.
    alternating = numpy.zeros(N)  # sum of +-value, + at the node itself
    total = numpy.zeros(N)        # sum of values in the subtree
    depth_sum = numpy.zeros(N)    # sum of value * (depth below the node)
    for i in range(N - 1, -1, -1):
        alternating[i] = values[i]
        total[i] = values[i]
        for k in kids[i]:
            if k >= 0:
                alternating[i] -= alternating[k]
                total[i] += total[k]
                depth_sum[i] += depth_sum[k] + total[k]
    return {
        "kids": kids.reshape(-1),
        "out_rec": alternating,
        "out_shared": -alternating,
        "out_stack": depth_sum + total,  # the root at depth 1
    }
