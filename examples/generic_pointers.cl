// One helper written once for every address space (OpenCL 2.0 generic
// pointers), called with global, local and private memory, plus an explicit
// cast back to global. clang turns the calls into addrspacecasts to
// addrspace(4) and the helper's accesses into loads and stores on generic
// pointers: what gas resolves.

int sum(const int *values, int count) {
    int total = 0;
    for (int i = 0; i < count; ++i)
        total += values[i];
    return total;
}

void bump(int *counter) { *counter += 1; }

kernel void sums(global const int *input, global int *output, local int *scratch) {
    size_t id = get_local_id(0);
    int mine[4] = {1, 2, 3, (int)id};
    scratch[id] = input[id];
    barrier(CLK_LOCAL_MEM_FENCE);
    int *chosen = (id & 1) ? (int *)scratch : (int *)mine;
    output[id] = sum(input, 4) + sum(scratch, 4) + sum(mine, 4) + sum(chosen, 2);
    bump(&output[id]);
    if (to_global(chosen) == 0)
        output[id] += 100;
}
