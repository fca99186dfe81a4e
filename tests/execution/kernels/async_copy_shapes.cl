// Async copies whose shapes are constants, so that async-copy-simplify can
// collapse them (3D with one plane, contiguous planes, contiguous lines, one
// line) next to ones it must keep (a gap on one side): 12-byte elements, a
// work-group of 6, the result copied back to `out` around untouched gaps.
#include "async_copy_sweep.h"

kernel void async_copy_shapes(const global uchar *in, global uchar *out, local uchar *lbuf) {
  const size_t b = 12;
  event_t e;
  // 3D, one plane (line lengths 9 and 7).
  e = async_work_group_copy_3D3D(lbuf, 0, in, 4, b, 7, 4, 1, 9, 100, 7, 100, 0);
  wait_group_events(1, &e);
  e = async_work_group_copy_3D3D(out, 2, lbuf, 0, b, 7, 4, 1, 7, 100, 9, 100, 0);
  wait_group_events(1, &e);
  // 3D, contiguous planes on both sides (area = 3 lines x length).
  e = async_work_group_copy_3D3D(lbuf, 1, in, 50, b, 7, 3, 2, 9, 27, 8, 24, 0);
  wait_group_events(1, &e);
  e = async_work_group_copy_3D3D(out, 60, lbuf, 1, b, 7, 3, 2, 8, 24, 9, 27, 0);
  wait_group_events(1, &e);
  // 3D, fully contiguous: one line of 30 elements.
  e = async_work_group_copy_3D3D(lbuf, 0, in, 120, b, 5, 3, 2, 5, 15, 5, 15, 0);
  wait_group_events(1, &e);
  e = async_work_group_copy_3D3D(out, 130, lbuf, 0, b, 5, 3, 2, 5, 15, 5, 15, 0);
  wait_group_events(1, &e);
  // 2D, one line with far line lengths.
  e = async_work_group_copy_2D2D(lbuf, 3, in, 170, b, 6, 1, 1000, 1000, 0);
  wait_group_events(1, &e);
  e = async_work_group_copy_2D2D(out, 175, lbuf, 3, b, 6, 1, 1000, 1000, 0);
  wait_group_events(1, &e);
  // 2D, a gap on the global side only: kept.
  e = async_work_group_copy_2D2D(lbuf, 0, in, 190, b, 6, 4, 8, 6, 0);
  wait_group_events(1, &e);
  e = async_work_group_copy_2D2D(out, 190, lbuf, 0, b, 6, 4, 6, 8, 0);
  wait_group_events(1, &e);
}
