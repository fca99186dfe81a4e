// Generic pointers to struct members and into structs with unusual layout:
// a packed struct (align-1 int/short fields), a 16-byte aligned struct, and
// byte-wise access to an int array through a generic uchar pointer.

typedef struct __attribute__((packed)) {
  char c;
  int i;
  short s;
} packed_t; // 7 bytes

typedef struct __attribute__((aligned(16))) {
  int x;
  long y;
} al16_t; // 16 bytes

int packed_val(const packed_t *p) { return (int)((uint)p->c + (uint)p->i * 3u + (uint)p->s); }

void packed_set(packed_t *p, int v) {
  p->i = v;
  p->s = (short)(v >> 3);
}

long al_val(const al16_t *a, int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += a[i].x * 10 + a[i].y;
  return s;
}

int *field_x(al16_t *a) { return &a->x; }

uint bytes_be(const uchar *b) { return ((uint)b[0] << 24) | ((uint)b[1] << 16) | ((uint)b[2] << 8) | b[3]; }

kernel void struct_fields(global uchar *pk, global al16_t *al, global int *out,
                          local packed_t *lpk) {
  size_t lid = get_local_id(0), gid = get_global_id(0);
  packed_t pp[2];
  pp[0] = ((global packed_t *)pk)[gid];
  pp[1] = ((global packed_t *)pk)[(gid + 1) % 16];
  lpk[lid] = ((global packed_t *)pk)[(gid + 2) % 16];
  al16_t pa[2] = {{(int)gid, 7L}, {-3, (long)gid * 1000}};
  barrier(CLK_LOCAL_MEM_FENCE);

  packed_t *gp = (global packed_t *)pk + gid;
  out[8 * gid + 0] = packed_val(gp);
  out[8 * gid + 1] = packed_val(lpk + lid) + packed_val(pp + 1);
  packed_set(pp, (int)gid * 77);
  packed_set(lpk + lid, (int)gid * 5 - 40);
  out[8 * gid + 2] = packed_val(pp) * 2 + packed_val(lpk + lid);
  out[8 * gid + 3] = (int)al_val(al + (gid % 4), 2);
  out[8 * gid + 4] = (int)al_val(pa, 2);
  int *fx = field_x(gid & 1 ? (al16_t *)(pa + 1) : (al16_t *)(al + (gid % 8)));
  out[8 * gid + 5] = *fx;
  int word = out[8 * gid + 0] ^ out[8 * gid + 2];
  uchar *bp = (uchar *)&word;                      // private bytes via generic
  out[8 * gid + 6] = (int)bytes_be(bp);
  out[8 * gid + 7] = (int)bytes_be((uchar *)(pk + 3 + gid)); // unaligned global bytes
}
