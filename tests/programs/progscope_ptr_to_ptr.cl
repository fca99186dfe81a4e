// pointer-to-pointer chains at program scope: int **pp = &gp, updated and dereferenced in kernels
int value_a = 1;
int value_b = 2;
int *gp = &value_a;
int **pp = &gp;
int ***ppp = &pp;
global int *global_gp = &value_b;
global int *global *gpp = &global_gp;

void redirect(int **slot, int *target)
{
    *slot = target;
}

int deref2(int **q)
{
    return **q;
}

kernel void progscope_ptr_to_ptr(global int *out, int flip)
{
    size_t gid = get_global_id(0);
    if (gid == 0 && flip)
        redirect(pp, &value_b);
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);
    out[gid] = deref2(pp) + ***ppp + **gpp;
}

kernel void progscope_ptr_to_ptr_local(global int *out)
{
    int priv = 5;
    int *pl = &priv;
    int **ppl = &pl;             // private pointer to a private generic pointer
    **ppl += deref2(&gp);
    int **slot = (get_global_id(0) & 1) ? pp : ppl;
    out[get_global_id(0)] = **slot + priv;
}
