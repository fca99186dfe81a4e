"""NumPy reference for data_atomic_bits.cu."""
import numpy

TILE = 256
BLOCK_BITS = 2048


def _bitset(values, bits):
    """Words (int64 holding uint32) of a bitset with these bits set."""
    present = numpy.zeros(bits, dtype=bool)
    present[values] = True
    weights = numpy.left_shift(numpy.int64(1), numpy.arange(32, dtype=numpy.int64))
    return (present.reshape(-1, 32).astype(numpy.int64) * weights).sum(axis=1)


def reference(x, s):
    keys = x["keys"].astype(numpy.int64)  # in [0, 65536)
    blocks = keys.reshape(-1, TILE)
    blk_bits = numpy.concatenate([_bitset(row & (BLOCK_BITS - 1), BLOCK_BITS) for row in blocks])
    blk_stats = numpy.zeros((blocks.shape[0], 4), dtype=numpy.int64)
    and_all, xor_all = int(s["g_and"][0]), int(s["g_xor"][0])
    for b, row in enumerate(blocks):
        blk_and, blk_xor = 0xFFFFFFFF, 0
        for k in row:
            blk_and &= int(k) | 0xFFFF0000
            blk_xor ^= int(k)
        blk_stats[b] = [
            len(numpy.unique(row & (TILE - 1))),
            len(numpy.unique(row & (BLOCK_BITS - 1))),
            blk_and,
            blk_xor,
        ]
        and_all &= blk_and
        xor_all ^= blk_xor
    g_flag = numpy.zeros(4096, dtype=numpy.int64)
    g_flag[keys & 4095] = 1
    return {
        "g_bits": _bitset(keys, 1 << 16),
        "g_flag": g_flag,
        "blk_bits": blk_bits,
        "blk_stats": blk_stats.reshape(-1),
        "g_distinct": numpy.array([int(s["g_distinct"][0]) + len(numpy.unique(keys & 4095))]),
        "g_and": numpy.array([and_all]),
        "g_xor": numpy.array([xor_all]),
    }
