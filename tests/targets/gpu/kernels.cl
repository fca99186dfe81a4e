// GPU timing kernels for NVPTX (tests/targets/gpu/README.md): shared-memory
// loops through generic pointers, in the shape real code has them, helpers
// that take `float *` and are called with local and global memory. Every
// kernel is `k(global const float *in, global float *out)` over a 1-D range
// of blocks of TILE work-items. The work-item ids come from NVVM's special
// registers: OpenCL's get_local_id needs a runtime library NVPTX lacks.
// Helpers are noinline, as they are when they live in another translation
// unit or are too big to inline: LLVM's InferAddressSpaces only sees one
// function at a time, gas specializes across calls.

#define TILE 256
#define LID ((int)__nvvm_read_ptx_sreg_tid_x())
#define GID ((int)(__nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x()) + LID)
#define BARRIER() __nvvm_bar_sync(0)
#define NOINLINE __attribute__((noinline))

// A row of `a` against a row of `b`, both generic, `rounds` times over.
NOINLINE float dot(const float *a, const float *b, int n, int rounds) {
    float s = 0.0f;
    for (int r = 0; r < rounds; ++r)
        for (int i = 0; i < n; ++i)
            s += a[(i + r) % n] * b[i];
    return s;
}

// The tile in local memory against the block's slice of the input.
kernel void shared_dot_helper(global const float *in, global float *out) {
    local float tile[TILE];
    int lid = LID, gid = GID;
    tile[lid] = in[gid];
    BARRIER();
    out[gid] = dot(tile, in + (gid - lid), TILE, 8 + lid % 8);
}

// A histogram of the tile kept in local memory, updated through a generic
// pointer by a helper (one work-item per bucket, no atomics needed).
NOINLINE void bucket_count(int *counts, const float *values, int n, int bucket) {
    for (int i = 0; i < n; ++i)
        if (((int)(values[i] * 16.0f) & (TILE - 1)) == bucket)
            counts[bucket] += 1;
}

kernel void shared_histogram_helper(global const float *in, global float *out) {
    local float tile[TILE];
    local int counts[TILE];
    int lid = LID, gid = GID;
    tile[lid] = in[gid];
    counts[lid] = 0;
    BARRIER();
    // Each round, each work-item owns one bucket; the barrier keeps two
    // work-items of different rounds off the same bucket.
    for (int r = 0; r < 16; ++r) {
        bucket_count(counts, tile, TILE, (lid + r) & (TILE - 1));
        BARRIER();
    }
    out[gid] = (float)counts[lid];
}

// A chain of helpers: only the leaf touches memory, always local.
NOINLINE float leaf_scan(const float *p, int n) {
    float s = 0.0f;
    for (int i = 0; i < n; ++i)
        s = s * 0.5f + p[i];
    return s;
}
NOINLINE float middle_scan(const float *p, int n, int offset) {
    return leaf_scan(p + offset, n - offset);
}
NOINLINE float outer_scan(const float *p, int n, int offset) {
    return middle_scan(p, n, offset) + middle_scan(p, n, offset / 2);
}

kernel void shared_helper_chain(global const float *in, global float *out) {
    local float tile[TILE];
    int lid = LID, gid = GID;
    tile[lid] = in[gid];
    BARRIER();
    float s = 0.0f;
    for (int r = 0; r < 8; ++r)
        s += outer_scan(tile, TILE, (lid + r) % 64);
    out[gid] = s;
}

// One helper, two callers: a local tile in one, global memory in the other.
NOINLINE float strided_sum(const float *p, int n, int stride) {
    float s = 0.0f;
    for (int i = 0; i < n; ++i)
        s += p[(i * stride) % n];
    return s;
}

kernel void mixed_callers(global const float *in, global float *out) {
    local float tile[TILE];
    int lid = LID, gid = GID;
    tile[lid] = in[gid];
    BARRIER();
    float s = 0.0f;
    for (int r = 0; r < 8; ++r)
        s += strided_sum(tile, TILE, 2 * (lid + r) + 1);
    out[gid] = s + strided_sum(in + (gid - lid), TILE, 3);
}

// The control: everything inlined, so LLVM already knows every space.
kernel void inlined_control(global const float *in, global float *out) {
    local float tile[TILE];
    int lid = LID, gid = GID;
    tile[lid] = in[gid];
    BARRIER();
    float *p = tile;
    float s = 0.0f;
    for (int r = 0; r < 8; ++r)
        for (int i = 0; i < TILE; ++i)
            s += p[(i * (2 * (lid + r) + 1)) % TILE];
    out[gid] = s;
}
