// A program-scope generic pointer re-assigned by the kernel: work-item 0 of
// the single work-group stores a new target (another program-scope variable,
// then this group's __local buffer), a work-group barrier publishes it, and
// everybody reads and writes through the program-scope pointer again. The
// same generic helpers are called with the program-scope pointer and with
// local and private pointers, and a run-time three-way choice mixes them.

global int pool_a[16] = {2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5};
global int pool_b[16];
int *cur = pool_a;                 // program-scope generic pointer
global int *gcur = pool_a;         // program-scope global pointer

int acc(int *p, int i) { return p[i] * 3 + 1; }
__attribute__((noinline)) void bump(int *p, int v) { *p += v; }
int space(int *p) { return to_global(p) ? 1 : to_local(p) ? 2 : to_private(p) ? 3 : 0; }

kernel void progscope_reassign(global const int *in, global int *out, local int *lbuf) {
  size_t lid = get_local_id(0);                  // one work-group of 16
  int *o = out + 10 * lid;
  int priv[4] = {(int)lid, in[lid], in[(lid + 5) % 16], -(int)lid};
  lbuf[lid] = in[lid] * 2 + 1;
  pool_b[lid] = in[(lid + 3) % 16] - 50;
  o[0] = acc(cur, (int)lid) + gcur[(lid + 1) % 16];      // pool_a
  o[1] = space(cur);
  barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);   // all read cur; pool_b, lbuf written
  if (lid == 0) {
    cur = (in[0] & 1) ? pool_b : &pool_b[4];
    gcur = pool_b + 8;
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  o[2] = acc(cur, (int)(lid % 8)) - gcur[lid % 8];       // pool_b through the new values
  o[3] = space(cur + 1);
  barrier(CLK_GLOBAL_MEM_FENCE);                         // all read pool_b[..]
  if (lid < 8) bump(gcur + lid, (int)lid * 100);         // pool_b[8 + lid]
  barrier(CLK_GLOBAL_MEM_FENCE);
  o[4] = pool_b[lid] + acc(lbuf, (int)((lid + 1) % 16)) + acc(priv, (int)(lid % 4));
  barrier(CLK_GLOBAL_MEM_FENCE);                         // all read cur before it changes
  if (lid == 0) cur = lbuf + 4;                          // now a local pointer in the cell
  barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  o[5] = acc(cur, (int)(lid % 12));                      // lbuf[4..15]
  o[6] = space(cur) * 10 + space(priv + 1);
  barrier(CLK_LOCAL_MEM_FENCE);                          // all read lbuf
  if (lid < 12) bump(cur + lid, 1000);                   // lbuf[4 + lid]
  barrier(CLK_LOCAL_MEM_FENCE);
  int *m = lid % 3 == 0 ? cur + lid / 3 : lid % 3 == 1 ? (int *)(pool_b + lid) : priv + 2;
  bump(m, 5);                                            // lbuf[4..9] / pool_b[lid] / private
  o[7] = *m + space(m) * 100000;
  barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  o[8] = lbuf[lid] + pool_b[lid];
  o[9] = priv[2] + priv[0];
  if (lid == 0) cur = pool_a;                            // leave it as initialized
}
