"""NumPy reference for scan_hillis_steele.cu: 64 blocks of 256 floats."""
import numpy

BLOCK = 256


def windowed(blocks, width):
    """Sum of the last `width` elements up to each one (within its block)."""
    inclusive = numpy.cumsum(blocks, axis=1)
    shifted = numpy.zeros_like(inclusive)
    shifted[:, width:] = inclusive[:, :-width]
    return inclusive - shifted


def reference(x, s):
    blocks = numpy.asarray(x["in"], dtype=numpy.float64).reshape(-1, BLOCK)
    inclusive = numpy.cumsum(blocks, axis=1)
    # hs_scan(ping, scratch) makes 8 steps; steps 1, 3, 5, 7 write scratch, the
    # last of them (offset 64) leaving sums over windows of 128 elements.
    warp_totals = inclusive[:, 31::32]  # inclusive scan of the 8 warp sums
    return {
        "out_ping_pong": inclusive.reshape(-1),
        "out_mixed": inclusive.reshape(-1),
        "scratch": windowed(blocks, 128).reshape(-1),
        "out_warp": inclusive.reshape(-1),
        "out_warp_global": inclusive.reshape(-1),
        "warp_sums": warp_totals.reshape(-1),
    }
