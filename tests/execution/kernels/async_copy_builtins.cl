// OpenCL 1.x async copies, raised as 2D copies: async_work_group_copy (int,
// char) and async_work_group_strided_copy (float4, short; the stride is on
// the global side), both directions, events chained and waited together,
// three work-groups of five work-items, each copying its own slice.

kernel void async_copy_builtins(const global int *ints, const global char *chars,
                                const global float4 *vecs, const global short *shorts,
                                global int *out_ints, global char *out_chars,
                                global float4 *out_vecs, global short *out_shorts) {
  local int lints[23];
  local char lchars[37];
  local float4 lvecs[6];
  local short lshorts[11];
  size_t g = get_group_id(0);
  event_t e = async_work_group_copy(lints, ints + 23 * g, 23, 0);
  e = async_work_group_copy(lchars, chars + 37 * g + 1, 37, e);
  event_t f = async_work_group_strided_copy(lvecs, vecs + 18 * g, 6, 3, 0);
  f = async_work_group_strided_copy(lshorts, shorts + 44 * g + 2, 11, 4, f);
  event_t both[2] = {e, f};
  wait_group_events(2, both);
  // Touch the local copies so the way back is not a plain round trip.
  size_t lid = get_local_id(0);
  if (lid == 0) {
    lints[0] += 1000;
    lchars[36] ^= 0x55;
    lvecs[5].y += 0.5f;
    lshorts[10] -= 7;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t back[2];
  back[0] = async_work_group_copy(out_ints + 23 * g, lints, 23, 0);
  back[0] = async_work_group_copy(out_chars + 37 * g + 3, lchars, 37, back[0]);
  back[1] = async_work_group_strided_copy(out_vecs + 18 * g + 1, lvecs, 6, 3, 0);
  back[1] = async_work_group_strided_copy(out_shorts + 44 * g, lshorts, 11, 4, back[1]);
  wait_group_events(2, back);
}
