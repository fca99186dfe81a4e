// chained enqueue_kernel calls with clk_event_t wait lists, enqueue_marker and release_event
kernel void enqueue_events_chain(global int *a, global int *b, global int *c,
                                 global int *status, int n)
{
    if (get_global_id(0) != 0)
        return;

    queue_t q = get_default_queue();
    clk_event_t ev_a, ev_b, ev_c, ev_marker;
    ndrange_t nd = ndrange_1D((size_t)n);

    status[0] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, nd, 0, NULL, &ev_a,
                               ^{ a[get_global_id(0)] = (int)get_global_id(0); });

    status[1] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, nd, 1, &ev_a, &ev_b,
                               ^{ size_t i = get_global_id(0); b[i] = a[i] * 2; });

    clk_event_t deps[2];
    deps[0] = ev_a;
    deps[1] = ev_b;
    status[2] = enqueue_marker(q, 2, deps, &ev_marker);

    status[3] = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, nd, 1, &ev_marker, &ev_c,
                               ^{ size_t i = get_global_id(0); c[i] = a[i] + b[i]; });

    release_event(ev_a);
    release_event(ev_b);
    release_event(ev_marker);
    release_event(ev_c);
}
