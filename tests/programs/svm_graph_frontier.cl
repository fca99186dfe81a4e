// SVM graph: vertices with generic pointers to adjacency arrays; BFS frontier expansion with atomics
typedef struct vertex {
    int degree;
    struct vertex **adj;
    atomic_int level;
} vertex;

int visit(vertex *v, int level)
{
    int unvisited = -1;
    return atomic_compare_exchange_strong_explicit(&v->level, &unvisited, level,
                                                   memory_order_relaxed, memory_order_relaxed,
                                                   memory_scope_all_svm_devices);
}

kernel void svm_graph_expand(global vertex *global *frontier, int frontier_len,
                             global vertex *global *next, volatile global atomic_int *next_len,
                             int level)
{
    size_t gid = get_global_id(0);
    if (gid >= (size_t)frontier_len)
        return;
    vertex *v = frontier[gid];
    for (int e = 0; e < v->degree; ++e) {
        vertex *w = v->adj[e];
        if (visit(w, level + 1)) {
            int slot = atomic_fetch_add_explicit(next_len, 1, memory_order_relaxed,
                                                 memory_scope_all_svm_devices);
            next[slot] = to_global(w);
        }
    }
}

kernel void svm_graph_degree_histogram(global vertex *verts, int n, global atomic_int *hist)
{
    size_t gid = get_global_id(0);
    if (gid >= (size_t)n)
        return;
    vertex *v = &verts[gid];
    int d = min(v->degree, 15);
    atomic_fetch_add_explicit(&hist[d], 1, memory_order_relaxed, memory_scope_device);
    int self_loops = 0;
    for (int e = 0; e < v->degree; ++e)
        self_loops += (v->adj[e] == v);
    if (self_loops)
        atomic_fetch_add_explicit(&hist[16], self_loops, memory_order_relaxed,
                                  memory_scope_all_svm_devices);
}
