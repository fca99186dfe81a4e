"""NumPy reference for data_linked_lists.cu."""
import numpy

N = 16384
BUCKETS = 64
TILE = 256
BLOCK_BUCKETS = 16
CHAINS = 64
MULT = 1237


def _buckets(keys, val, buckets):
    """Per bucket: sum of values, node count, largest node (-1 when empty)."""
    bucket = keys & (buckets - 1)
    nodes = numpy.arange(len(keys))
    sums = numpy.bincount(bucket, weights=val, minlength=buckets)
    lengths = numpy.bincount(bucket, minlength=buckets).astype(numpy.int64)
    largest = numpy.full(buckets, -1, dtype=numpy.int64)
    numpy.maximum.at(largest, bucket, nodes)
    return sums, lengths, largest


def reference(x, s):
    keys = x["keys"].astype(numpy.int64)
    val = numpy.asarray(x["val"], dtype=numpy.float64)
    sums, lengths, largest = _buckets(keys, val, BUCKETS)
    blk = [_buckets(keys[b:b + TILE], val[b:b + TILE], BLOCK_BUCKETS) for b in range(0, N, TILE)]
    k = numpy.arange(N)
    order = (k * MULT) & (N - 1)  # the k-th node; chain k % CHAINS, rank k // CHAINS
    chain_next = numpy.full(N, -1, dtype=numpy.int64)
    chain_next[order[:N - CHAINS]] = order[CHAINS:]
    prefix = numpy.zeros(N)
    rank = numpy.zeros(N, dtype=numpy.int64)
    along = val[order].reshape(-1, CHAINS)  # row r: the rank-r nodes of every chain
    prefix[order] = numpy.cumsum(along, axis=0).reshape(-1)
    rank[order] = k // CHAINS
    return {
        "sums": sums,
        "lengths": lengths,
        "largest": largest,
        "blk_sums": numpy.concatenate([b[0] for b in blk]),
        "blk_lengths": numpy.concatenate([b[1] for b in blk]),
        "blk_largest": numpy.concatenate([b[2] for b in blk]),
        "chain_next": chain_next,
        "chain_head": order[:CHAINS].astype(numpy.int64),
        "prefix": prefix,
        "rank": rank,
    }
