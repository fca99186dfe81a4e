// A program-scope table of generic pointers with pointer initializers (into
// pv), overwritten at run time with a local or a private pointer, read back
// and dereferenced by the same work-item (check warns, as it should): what
// the table may hold is the initializers' spaces joined with every store's
// (static-global must not take the initializers alone).
global uint pv[64];
uint *global gpi[16] = {pv, pv + 4, pv + 8, pv + 12, pv + 16, pv + 20, pv + 24, pv + 28,
                        pv + 32, pv + 36, pv + 40, pv + 44, pv + 48, pv + 52, pv + 56, pv + 60};
kernel void progscope_pointer_table_rewritten(global const uint *in, global uint *out, local uint *l) {
  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0);
  uint pa[4];
  for (uint i = 0u; i < 4u; i++) { pa[i] = in[(gid + i) % 16u]; l[lid * 4u + i] = i * gid; pv[gid * 4u + i] = gid + i; }
  uint ck = gpi[gid][1];
  if (in[gid] & 1u) gpi[gid] = l + lid * 4u;
  else if (in[gid] & 2u) gpi[gid] = pa + 1u;
  gpi[gid][0] += 5u;
  ck = ck * 31u + gpi[gid][1];
  uint *p = gpi[gid];
  ck = ck * 31u + atomic_fetch_add((volatile atomic_uint *)(l + lid * 4u + 3u), p[0]);
  out[gid] = ck * 31u + pa[0] + pa[1] + pa[2] + l[lid * 4u] + l[lid * 4u + 1u] + pv[gid * 4u];
}
