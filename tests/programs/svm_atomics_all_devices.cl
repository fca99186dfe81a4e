// fine-grain SVM atomics with memory_scope_all_svm_devices on generic and global atomic pointers
typedef struct {
    atomic_int counter;
    atomic_uint flags;
    atomic_long sum;
    int data[16];
} shared_block;

void publish(shared_block *blk, int v)
{
    int slot = atomic_fetch_add_explicit(&blk->counter, 1, memory_order_acq_rel,
                                         memory_scope_all_svm_devices);
    blk->data[slot & 15] = v;
    atomic_fetch_or_explicit(&blk->flags, 1u << (slot & 31), memory_order_release,
                             memory_scope_all_svm_devices);
    atomic_fetch_add_explicit(&blk->sum, (long)v, memory_order_relaxed,
                              memory_scope_all_svm_devices);
}

int try_claim(atomic_int *lock)
{
    int expected = 0;
    return atomic_compare_exchange_strong_explicit(lock, &expected, 1, memory_order_acquire,
                                                   memory_order_relaxed,
                                                   memory_scope_all_svm_devices);
}

kernel void svm_atomics_publish(global shared_block *blk, global const int *vals)
{
    size_t gid = get_global_id(0);
    publish(blk, vals[gid]);
}

kernel void svm_atomics_lock(global atomic_int *lock, global int *owner)
{
    size_t gid = get_global_id(0);
    if (try_claim(lock)) {
        *owner = (int)gid;
        atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                               memory_scope_all_svm_devices);
        atomic_store_explicit(lock, 0, memory_order_release, memory_scope_all_svm_devices);
    }
}

kernel void svm_atomics_read(global shared_block *blk, global long *out)
{
    uint f = atomic_load_explicit(&blk->flags, memory_order_acquire,
                                  memory_scope_all_svm_devices);
    out[0] = atomic_load_explicit(&blk->sum, memory_order_relaxed, memory_scope_all_svm_devices);
    out[1] = (long)popcount(f);
}
