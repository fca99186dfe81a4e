// Struct copies through generic pointers, so that clang emits llvm.memcpy
// with addrspace(4) operands: generic<-generic (helper), private<-generic,
// generic<-private, global<-generic, generic<-global, local<-generic,
// generic<-local.
// The struct has no padding (4+4+8+8 bytes) so copies are byte-exact.

typedef struct {
  int a;
  float b;
  char c[8];
  long d;
} rec_t;

__attribute__((noinline)) void copy_rec(rec_t *dst, const rec_t *src) { *dst = *src; }

void touch(rec_t *r, int k) {
  r->a += k;
  r->b *= 2.0f;
  r->c[k & 7] ^= (char)0x5a;
  r->d = r->d * 3 + k;
}

kernel void struct_copy(global rec_t *in, global rec_t *out, local rec_t *lrec) {
  size_t lid = get_local_id(0), gid = get_global_id(0), ls = get_local_size(0);
  size_t gs = get_global_size(0);
  rec_t priv;
  rec_t *gi = in + gid;                  // generic view of global input
  priv = *gi;                            // private <- generic
  touch(&priv, (int)gid);
  copy_rec(lrec + lid, &priv);           // local(generic) <- private(generic)
  barrier(CLK_LOCAL_MEM_FENCE);
  rec_t *gl = lrec + (lid + 1) % ls;     // generic view of a neighbour's slot
  out[gid] = *gl;                        // global <- generic
  rec_t *go = out + gs + gid;
  *go = priv;                            // generic <- private
  touch(go, 3);
  rec_t *g2 = out + 2 * gs + gid;
  *g2 = in[(gid + 5) % gs];              // generic <- global
  rec_t tmp = *gl;                       // private <- generic (local)
  barrier(CLK_LOCAL_MEM_FENCE);
  touch(&tmp, 1);
  lrec[lid] = tmp;
  barrier(CLK_LOCAL_MEM_FENCE);
  copy_rec(out + 3 * gs + gid, lrec + (lid + 2) % ls); // global <- local via generic helper
  barrier(CLK_LOCAL_MEM_FENCE);
  rec_t *g3 = out + 3 * gs + gid;
  lrec[lid] = *g3;                       // local <- generic
  barrier(CLK_LOCAL_MEM_FENCE);
  rec_t *g4 = out + 4 * gs + gid;
  *g4 = lrec[(lid + 3) % ls];            // generic <- local
}
