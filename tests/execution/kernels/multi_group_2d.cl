// 2D NDRange with several work-groups: a tile transpose staged in local
// memory through generic helpers taking float pointers, with row pointers
// chosen between global and local memory.

void tile_store(float *tile, int w, int x, int y, float v) { tile[y * w + x] = v; }

float tile_load(const float *tile, int w, int x, int y) { return tile[y * w + x]; }

float row_sum(const float *row, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += row[i];
  return s;
}

kernel void multi_group_2d(global float *in, global float *out, global float *sums,
                           local float *tile, int width) {
  int lx = (int)get_local_id(0), ly = (int)get_local_id(1);
  int gx = (int)get_global_id(0), gy = (int)get_global_id(1);
  int lw = (int)get_local_size(0), lh = (int)get_local_size(1);
  int height = (int)get_global_size(1);
  tile_store(tile, lw, lx, ly, tile_load(in, width, gx, gy) * 2.0f + 1.0f);
  barrier(CLK_LOCAL_MEM_FENCE);
  // transpose inside the square tile
  float t = tile_load(tile, lw, ly, lx);
  int ox = (int)get_group_id(1) * lh + lx;
  int oy = (int)get_group_id(0) * lw + ly;
  tile_store(out, height, ox, oy, t);
  const float *row = (lx & 1) ? (const float *)(tile + ly * lw) : (const float *)(in + gy * width);
  sums[gy * width + gx] = row_sum(row, (lx & 1) ? lw : width);
}
