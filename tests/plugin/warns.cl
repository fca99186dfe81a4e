// A to_local gas proves always succeeds: gas-opt warns, and so does clang
// with -fpass-plugin (tests/plugin/run.sh; -Werror makes it an error).

kernel void to_local_of_a_local_pointer(global int *out, local int *scratch) {
    int *p = scratch;
    local int *l = to_local(p);
    l[get_local_id(0)] = 1;
    out[get_global_id(0)] = l[0];
}
