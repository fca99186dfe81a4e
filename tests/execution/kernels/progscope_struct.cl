// Program-scope structs holding generic and global pointers, initialized at
// program scope with addresses of other program-scope variables; one struct
// and an array of them. The kernel reads through the fields, passes a generic
// pointer to the program-scope struct to helpers, copies a struct into
// private memory, and writes through a field (each work-item its own element).

typedef struct {
  int *g;            // generic
  global int *gg;    // global
  int k;
  global float *f;   // global float
  int *out;          // generic, written through
} cfg_t;

global int data[32] = {4, -3, 7, 12, 0, 9, -8, 15, 6, 2, 11, -5, 3, 14, -1, 10,
                       5, 13, -7, 1, 8, -2, 16, -6, 12, 3, -4, 9, 2, -9, 7, 1};
global float fdata[8] = {0.5f, 1.25f, -2.0f, 3.75f, 4.5f, -0.25f, 6.0f, 7.125f};
global int res[64];

cfg_t cfg = {&data[4], &data[8], 3, fdata, res};
cfg_t cfgs[2] = {{data, &data[16], 1, &fdata[1], &res[32]},
                 {&data[20], data, -2, &fdata[2], res}};

int use(cfg_t *c, int i) { return c->g[i] * c->k + c->gg[i]; }
__attribute__((noinline)) float usef(cfg_t *c, int i) { return c->f[i] * (float)c->k; }
__attribute__((noinline)) void emit(cfg_t *c, int i, int v) { c->out[i] = v; }
int *field(cfg_t *c, int which) { return which ? c->g : (int *)c->gg; }

kernel void progscope_struct(global const int *in, global int *out, global float *fout) {
  size_t gid = get_global_id(0);           // 0..31
  int i = (int)(gid % 8);
  int *o = out + 6 * gid;
  cfg_t *c = &cfgs[gid & 1];               // generic pointer to a program-scope struct
  cfg_t priv = cfgs[(gid >> 1) & 1];       // struct copy into private memory
  o[0] = use(&cfg, i) + in[gid];
  o[1] = use(c, i) - use(&priv, i);
  int *f = field(&priv, in[gid] & 1);
  o[2] = f[i] + field(&cfg, 1)[i + 1];
  emit(&cfg, (int)gid, o[0] * 2);          // res[gid]
  emit(&cfgs[0], (int)gid, o[1] + 1);      // res[32 + gid]
  o[3] = res[gid] + cfg.out[gid];          // written above, read back both ways
  o[4] = cfgs[0].out[gid] - res[32 + gid];
  o[5] = (to_global(cfg.g) != 0) + 2 * (to_global(priv.out) != 0) + 4 * (to_local(c->g) != 0);
  fout[gid] = usef(&cfg, i) + usef(c, i % 6) + priv.f[i % 5];
}
