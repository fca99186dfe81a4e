// The async-copy sweep (async_copy_sweep.h) with a work-group of 7 work-item(s).
#include "async_copy_sweep.h"

kernel void async_copy_wg7(const global uchar *in, global uchar *out, local uchar *lbuf) {
  sweep(in, out, lbuf, 0);
}
