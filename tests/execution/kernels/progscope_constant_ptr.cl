// Program-scope pointers living in the constant space that point to
// program-scope __global variables: `global int *constant cp = &arr[2];`,
// a generic pointer in a constant cell, and a constant table of generic
// pointers to different variables, indexed at run time. The pointed-to
// global memory is written through them (each work-item its own elements).

global int arr[48] = {5, 8, 13, 21, 34, 55, 89, 144};   // rest zero
global int extra[32];
global int single = 77;

global int *constant cp = &arr[2];               // constant cell, global pointer
int *constant gcp = &arr[6];                     // constant cell, generic pointer
int *constant ptab[3] = {&single, &arr[1], extra}; // constant table of generic pointers
constant int weights[4] = {2, 3, 5, 7};

__attribute__((noinline)) int read_at(int *p, int i) { return p[i]; }

kernel void progscope_constant_ptr(global const int *in, global int *out) {
  size_t gid = get_global_id(0);                 // 0..31
  int *o = out + 5 * gid;
  int a = cp[gid % 6];                           // arr[2..7]: read-only part
  cp[8 + gid] = a + in[gid];                     // arr[10 + gid]: this work-item's element
  int *q = ptab[in[gid] % 3];                    // run-time choice of variable
  int b = q == ptab[2] ? 0 : read_at(q, 0);      // single or arr[1] (read-only)
  extra[gid] = in[gid] * weights[gid % 4];
  o[0] = arr[10 + gid];
  o[1] = read_at(gcp, (int)(gid % 2)) + b;       // arr[6], arr[7]
  o[2] = read_at(ptab[2], (int)gid);             // extra[gid] through the table
  o[3] = (to_global(gcp) != 0) + 2 * (to_global(ptab[0]) != 0) + 4 * (to_local(ptab[1]) != 0) +
         8 * (to_private(ptab[2]) != 0);
  o[4] = (int)(gcp - (int *)cp) * 1000 + (int)(ptab[1] - (int *)cp);
}
