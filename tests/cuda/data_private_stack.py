"""NumPy reference for data_private_stack.cu."""
import numpy

N = 16384
QUEUE_VISITS = 24


def _preorder(root, tree):
    order, stack = [], [root]
    while stack:
        u = stack.pop()
        order.append(u)
        c = 2 * u + 1
        if c + 1 < tree:
            stack.append(c + 1)
        if c < tree:
            stack.append(c)
    return order


def _level_order(root, tree, limit):
    order, queue = [], [root]
    while queue and len(order) < limit:
        u = queue.pop(0)
        order.append(u)
        for c in (2 * u + 1, 2 * u + 2):
            if c < tree:
                queue.append(c)
    return order


def _weighted(data, tree, visit):
    """out[i] = sum_k data[(i + node_k) & (N-1)] * ((k & 3) + 1), nodes of root i % tree."""
    out = numpy.zeros(N)
    i = numpy.arange(N)
    for root in range(tree):
        rows = i[i % tree == root]
        for k, u in enumerate(visit(root)):
            out[rows] += data[(rows + u) & (N - 1)] * ((k & 3) + 1)
    return out


def reference(x, s):
    data = numpy.asarray(x["in"], dtype=numpy.float64)
    return {
        "out_dfs": _weighted(data, 255, lambda r: _preorder(r, 255)),
        "out_mixed": _weighted(data, 200, lambda r: _preorder(r, 200)),
        "out_bfs": _weighted(data, 255, lambda r: _level_order(r, 255, QUEUE_VISITS)),
    }
