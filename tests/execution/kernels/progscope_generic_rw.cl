// Program-scope generic pointers (`int *gp = &x;` at file scope, a generic
// cell in the global space whose initializer is an addrspacecast of another
// program-scope __global variable), read and written through, directly and
// via generic helpers, plus to_global/to_local/to_private on them. Several
// work-groups: every work-item writes only its own elements of the
// program-scope arrays, so the result does not depend on the group order.

global int base = 1000;
global int acc[64];                              // zero-initialized
global int lut[8] = {3, 1, 4, 1, 5, 9, 2, 6};

int *bp = &base;                                 // generic -> global scalar
int *ap = acc;                                   // generic -> global array
int *lp = &lut[3];                               // generic -> middle of an array
global int *gap = acc;                           // global-qualified program-scope pointer

int get(int *p, int i) { return p[i]; }
void put(int *p, int i, int v) { p[i] = v; }
__attribute__((noinline)) void add_to(int *p, int v) { *p += v; }

int classify(int *p) {
  return (to_global(p) ? 1 : 0) | (to_local(p) ? 2 : 0) | (to_private(p) ? 4 : 0);
}

kernel void progscope_generic_rw(global const int *in, global int *out) {
  size_t gid = get_global_id(0);
  int *o = out + 6 * gid;
  int v = in[gid] + *bp;                         // read through a program-scope generic pointer
  put(ap, (int)gid, v);                          // write through one (helper)
  add_to(ap + gid, get(lp, (int)(gid % 5)));     // read-modify-write, lut[3..7]
  ap[gid] += lp[-3 + (int)(gid % 8)];            // negative offsets from &lut[3]
  o[0] = acc[gid];                               // the variable itself sees the writes
  o[1] = get(ap, (int)gid) - gap[gid];           // both pointers alias: 0
  gap[gid] *= 2;
  o[2] = *(ap + gid);
  o[3] = classify(bp) | (classify(ap + gid) << 4) | (classify(lp + 4) << 8);
  global int *g = to_global(lp);
  o[4] = g ? g[(gid + 1) % 5] + *to_global(bp) : -1;
  o[5] = lut[gid % 8] * 100 + (int)(&lut[7] - lp);
}
