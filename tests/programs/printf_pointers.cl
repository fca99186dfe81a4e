// printf with %p of generic, global, local and private pointers (CTS printf address-space style)
void print_generic(constant char *tag, int *p)
{
    printf("%s generic %p\n", tag, p);
}

kernel void printf_pointers(global int *g, local int *l)
{
    size_t gid = get_global_id(0);
    int priv = (int)gid;
    int *gen_g = g;
    int *gen_l = l;
    int *gen_p = &priv;

    if (gid == 0) {
        printf("global  %p\n", g);
        printf("local   %p\n", l);
        printf("private %p\n", &priv);
        printf("generic %p %p %p\n", gen_g, gen_l, gen_p);
    }
    print_generic("g", gen_g + gid);
    print_generic("l", gen_l);
    print_generic("p", gen_p);

    l[get_local_id(0)] = priv;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    g[gid] = *gen_l + *gen_p;
}

kernel void printf_pointers_null(global float *f)
{
    float *maybe = (get_global_id(0) & 1) ? (float *)f : NULL;
    printf("maybe=%p is_null=%d\n", maybe, maybe == NULL);
    if (maybe)
        printf("value=%f\n", *maybe);
}

kernel void printf_pointer_diff(global char *base, int off)
{
    char *a = base;
    char *b = base + off;
    local char lbuf[16];
    char *c = lbuf;
    printf("a=%p b=%p diff=%ld local=%p\n", a, b, (long)(b - a), c);
}
