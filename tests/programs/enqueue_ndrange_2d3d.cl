// ndrange_2D/ndrange_3D with global offsets and local sizes, blocks indexing 2D/3D global buffers
kernel void enqueue_ndrange_2d(global float *img, int w, int h, global int *res)
{
    if (get_global_id(0) != 0 || get_global_id(1) != 0)
        return;
    size_t gsz[2] = { (size_t)w, (size_t)h };
    size_t lsz[2] = { 8, 8 };
    size_t off[2] = { 0, 0 };
    ndrange_t r = ndrange_2D(off, gsz, lsz);
    res[0] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_KERNEL, r,
                            ^{
                                size_t x = get_global_id(0);
                                size_t y = get_global_id(1);
                                global float *row = img + y * (size_t)w;
                                row[x] = (float)(x + y);
                            });
    res[1] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT,
                            ndrange_2D(gsz),
                            ^{ img[get_global_linear_id()] *= 0.5f; });
}

kernel void enqueue_ndrange_3d(global int *vol, int d, global int *res)
{
    if (get_global_linear_id() != 0)
        return;
    size_t gsz[3] = { (size_t)d, (size_t)d, (size_t)d };
    size_t lsz[3] = { 4, 4, 4 };
    size_t off[3] = { 1, 1, 1 };
    int dd = d;
    res[0] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_WAIT_WORK_GROUP,
                            ndrange_3D(off, gsz, lsz),
                            ^{
                                size_t x = get_global_id(0) - get_global_offset(0);
                                size_t y = get_global_id(1) - get_global_offset(1);
                                size_t z = get_global_id(2) - get_global_offset(2);
                                vol[(z * dd + y) * dd + x] = (int)(x ^ y ^ z);
                            });
    res[1] = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT,
                            ndrange_3D(gsz, lsz),
                            ^{ vol[get_global_linear_id()] += 1; });
}
