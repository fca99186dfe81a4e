// A generic pointer assigned in if/else branches (phi of generic pointers)
// from global, local or private memory depending on input data, then walked
// in a loop and written through.

kernel void branch_space(global int *in, global int *out, local int *lbuf) {
  size_t lid = get_local_id(0), gid = get_global_id(0), ls = get_local_size(0);
  for (size_t i = lid; i < 32; i += ls)
    lbuf[i] = (int)(i * i) - 7;
  int priv[8];
  for (int i = 0; i < 8; i++)
    priv[i] = (int)gid * 10 + i;
  barrier(CLK_LOCAL_MEM_FENCE);

  int *p;
  int sel = in[gid] % 3;
  if (sel == 0)
    p = in + 8 * (gid % 4);
  else if (sel == 1)
    p = lbuf + 8 * (lid % 4);
  else
    p = priv;
  int acc = 0;
  for (int i = 0; i < 8; i++)
    acc = acc * 3 + p[i];
  out[2 * gid] = acc;

  int *w;
  if (acc & 1)
    w = priv + 3;
  else
    w = out + 2 * gid + 1;
  *w = acc ^ 0x55;
  if (acc & 1)
    out[2 * gid + 1] = priv[3] + 1;
}
