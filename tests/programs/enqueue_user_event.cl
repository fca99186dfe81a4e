// create_user_event / set_user_event_status / retain_event gating a child kernel, plus capture_event_profiling_info
kernel void enqueue_user_event(global int *out, global ulong *prof, int n)
{
    if (get_global_id(0) != 0)
        return;
    queue_t q = get_default_queue();
    clk_event_t user = create_user_event();
    clk_event_t child;

    int ok = is_valid_event(user);
    out[0] = ok;

    int err = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D((size_t)n),
                             1, &user, &child,
                             ^{ out[get_global_id(0) + 1] = 42; });
    out[1] = err;
    retain_event(child);
    set_user_event_status(user, (err == CLK_SUCCESS) ? CL_COMPLETE : -1);
    capture_event_profiling_info(child, CLK_PROFILING_COMMAND_EXEC_TIME, prof);

    release_event(child);
    release_event(child);
    release_event(user);
}

// Two children waiting on one user event, joined by a marker; the event is completed last.
kernel void enqueue_user_event_fanin(global int *a, global int *b, int n)
{
    if (get_global_id(0) != 0)
        return;
    queue_t q = get_default_queue();
    clk_event_t gate = create_user_event();
    clk_event_t e[2], all;
    enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D((size_t)n), 1, &gate, &e[0],
                   ^{ a[get_global_id(0)] = 1; });
    enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D((size_t)n), 1, &gate, &e[1],
                   ^{ b[get_global_id(0)] = 2; });
    enqueue_marker(q, 2, e, &all);
    set_user_event_status(gate, CL_COMPLETE);
    release_event(e[0]);
    release_event(e[1]);
    release_event(all);
    release_event(gate);
}
