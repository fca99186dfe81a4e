"""NumPy reference for stencil2d_halo.cu: a 64 x 128 grid (height x width),
blocks of 16 x 16, edges clamped."""
import numpy

WIDTH, HEIGHT, TILE = 128, 64, 16


def reference(x, s):
    grid = numpy.asarray(x["in"], dtype=numpy.float64).reshape(HEIGHT, WIDTH)
    p = numpy.pad(grid, 1, mode="edge")  # p[y + 1, x + 1] = grid[clamp(y), clamp(x)]
    lap = (4.0 * p[1:-1, 1:-1] - p[1:-1, :-2] - p[1:-1, 2:] - p[:-2, 1:-1] - p[2:, 1:-1])
    # Block (bx, by), b = by * 8 + bx: p[y0 .. y0 + 18, x0 .. x0 + 18].
    windows = [p[by * TILE:by * TILE + TILE + 2, bx * TILE:bx * TILE + TILE + 2]
               for by in range(HEIGHT // TILE) for bx in range(WIDTH // TILE)]
    return {
        "out_shared": lap.reshape(-1),
        "out_mixed": lap.reshape(-1),
        "scratch": numpy.stack(windows).reshape(-1),
    }
