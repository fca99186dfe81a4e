// Generic pointers stored in private structs (and an array of them), the
// struct copied by value, passed by generic pointer to helpers, fields
// loaded back and used for reads and writes.

typedef struct {
  int *data;
  int len;
  float *scale;
  char tag;
} view_t;

int view_sum(const view_t *v) {
  int s = 0;
  for (int i = 0; i < v->len; i++)
    s += v->data[i] * (int)(*v->scale) + v->tag;
  return s;
}

__attribute__((noinline)) void view_bump(view_t *v, int d) {
  for (int i = 0; i < v->len; i++)
    v->data[i] += d;
  *v->scale += 0.5f;
}

kernel void private_ptr_struct(global int *in, global float *fs, global int *out,
                               local int *lbuf) {
  size_t lid = get_local_id(0), gid = get_global_id(0);
  for (int i = 0; i < 4; i++)
    lbuf[lid * 4 + i] = in[(gid + i) % 32] - 3;
  barrier(CLK_LOCAL_MEM_FENCE);
  float pf = 2.0f + (float)(gid % 3);
  int priv[3] = {(int)gid, 2, 3};

  view_t views[3];
  views[0].data = out + 8 * gid + 4;   // global (own slots)
  views[0].len = 4;
  views[0].scale = fs + gid;
  views[0].tag = 1;
  views[1].data = lbuf + lid * 4;      // local (own slots)
  views[1].len = 4;
  views[1].scale = &pf;
  views[1].tag = 2;
  views[2].data = priv;                // private
  views[2].len = 3;
  views[2].scale = &pf;
  views[2].tag = 3;
  for (int i = 0; i < 4; i++)
    out[8 * gid + 4 + i] = in[gid] + i;

  view_t v = views[in[gid] % 3];       // struct copy with generic fields
  out[8 * gid + 0] = view_sum(&v);
  view_bump(&v, 7);
  view_bump(&views[(in[gid] + 1) % 3], 11);
  out[8 * gid + 1] = view_sum(&views[0]) + view_sum(&views[1]);
  out[8 * gid + 2] = view_sum(&views[2]);
  out[8 * gid + 3] = (int)(pf * 4.0f);
}
