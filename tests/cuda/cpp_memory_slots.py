"""NumPy reference for cpp_memory_slots.cu."""
import numpy

N = 16384
TILE = 256


def reference(x, s):
    data = x["in"].astype(numpy.int64)
    xf = x["xf"].astype(numpy.float64)
    i = numpy.arange(N)
    t, base = i % TILE, (i // TILE) * TILE

    def glob(k):  # in[base + k % TILE]
        return data[base + k % TILE]

    def tile(k):  # tile[k % TILE] = 2 * in[base + k % TILE]
        return 2 * glob(k)

    # struct_by_pointer: shift 1 + (t & 3), out[i] = read_views + tile[t]
    shift = 1 + (t & 3)
    views = tile(t + shift) + 3 * glob(t + 2 * shift) + tile(t)

    # agent_storage: off 5, read + sum(t, 3)
    agent = 3 * tile(t + 5) - glob(t + 1)
    agent = agent + sum(tile(t + k) + glob(t + 2 * k) for k in range(3))

    # tile_table: tiles 2x, 3x + 1, 5x + 2; k = in[i] % 3
    def tiles(j, k):
        return numpy.choose(j % 3, [2 * glob(k), 3 * glob(k) + 1, 5 * glob(k) + 2])

    kk = data % 3
    table = 4 * tiles(kk, t) + tiles(kk + 1, t + 1)
    table = table + sum((j + 1) * tiles(kk + j, t + j) for j in range(3))

    # cursor_walk
    start = t & 7
    acc = sum((k + 1) * tile(start + 8 * k) - glob(start + 8 * k) for k in range(4))
    cursor2 = numpy.empty(2 * N, dtype=numpy.int64)
    cursor2[0::2] = acc - tile(t)
    cursor2[1::2] = tile(start + 32)

    # lambda_ref
    lam = sum((k + 1) * tile(t + k) - glob(t + 3 * k) for k in range(4))

    # byte_views: f[t] = 2 * xf[i], n[t] = 2 * in[i] (multiples of 1/8: exact)
    f = 2.0 * xf
    bytes_f = (f[base + (t + 1) % TILE] + 0.5 * f) - xf[base + (t + 2) % TILE]
    bytes_i = tile(t + 3) - data

    # returned_refs: val = t + r; tile[t] += 7 before the last read
    r = tile(t + 1) + 3 * glob(t + 2)
    val = t + r
    refs = val + 1
    refs2 = tile(t + 5) + 7 + val

    return {
        "out_views": views,
        "out_agent": agent,
        "out_table": table,
        "out_cursor": acc,
        "out_cursor2": cursor2,
        "out_lambda": lam,
        "out_bytes_f": bytes_f,
        "out_bytes_i": bytes_i,
        "out_refs": refs,
        "out_refs2": refs2,
    }
