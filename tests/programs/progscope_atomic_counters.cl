// program-scope atomic counters updated with C11 atomics through generic and global pointers
atomic_int total = ATOMIC_VAR_INIT(0);
atomic_uint per_bucket[8];
atomic_int *total_ptr = &total;
atomic_uint *bucket_base = per_bucket;

void count(atomic_uint *b, uint key)
{
    atomic_fetch_add_explicit(&b[key & 7], 1u, memory_order_relaxed, memory_scope_device);
}

int bump_total(atomic_int *t, int by)
{
    return atomic_fetch_add(t, by);
}

kernel void progscope_atomic_counters(global const uint *keys, global int *tickets)
{
    size_t gid = get_global_id(0);
    count(bucket_base, keys[gid]);
    tickets[gid] = bump_total(total_ptr, 1);
    atomic_fetch_max_explicit(&total, (int)gid, memory_order_relaxed, memory_scope_work_group);
}

kernel void progscope_atomic_snapshot(global uint *out)
{
    size_t i = get_global_id(0);
    if (i < 8)
        out[i] = atomic_load(&per_bucket[i]);
    if (i == 8)
        out[8] = (uint)atomic_exchange(total_ptr, 0);
    if (i == 9) {
        int expected = 0;
        atomic_compare_exchange_strong(&total, &expected, 1);   // expected is private, through generic
        out[9] = (uint)expected;
    }
}
