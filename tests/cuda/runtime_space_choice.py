"""NumPy reference for runtime_space_choice.cu: 64 blocks of 256 threads."""
import numpy

N, BLOCK, BINS = 16384, 256, 16


def reference(x, s):
    data = numpy.asarray(x["in"], dtype=numpy.float64)
    keys = numpy.asarray(x["keys"], dtype=numpy.int64)
    blocks = data[:N].reshape(-1, BLOCK)
    sums = blocks.sum(axis=1)
    # Scratch: the blocks 0, 3, 6, ... after the in-place tree reduction.
    scratch = numpy.zeros_like(blocks)
    for b in range(0, N // BLOCK, 3):
        buf = blocks[b].copy()
        stride = BLOCK // 2
        while stride > 0:
            buf[:stride] += buf[stride:2 * stride]
            stride //= 2
        scratch[b] = buf
    counts = numpy.stack([numpy.bincount(k % BINS, minlength=BINS)
                          for k in keys.reshape(-1, BLOCK)])
    block_bins = numpy.where((numpy.arange(N // BLOCK) % 2 == 1)[:, None], counts, 0)
    i = numpy.arange(N)
    return {
        "scratch": scratch.reshape(-1),
        "sums": sums,
        "out_reduce": (blocks - sums[:, None]).reshape(-1),
        "block_bins": block_bins.reshape(-1),
        "hist": counts.sum(axis=0),
        "out_split": data[i] + 2.0 * data[i + 1] + data[i + 2],
    }
