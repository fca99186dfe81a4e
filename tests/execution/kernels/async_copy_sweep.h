// Work-group async copies (cl_khr_extended_async_copies), swept like
// OpenCL's conformance tests: element sizes 1..64 bytes, margins 0, 10 and
// 100 elements on line lengths and plane areas, non-zero offsets on both
// sides, both directions (global -> local, then local -> global into `out`),
// 2D and 3D, and chained events (the second copy of each case takes the
// first one's event). `out` starts as a fill pattern: bytes between lines and
// planes must stay untouched. The reference run implements the builtins in
// plain C from the specification (driver.c).

event_t __attribute__((overloadable))
async_work_group_copy_2D2D(local void *dst, size_t dst_offset, const global void *src,
                           size_t src_offset, size_t num_bytes_per_element,
                           size_t num_elements_per_line, size_t num_lines,
                           size_t src_line_length, size_t dst_line_length, event_t event);
event_t __attribute__((overloadable))
async_work_group_copy_2D2D(global void *dst, size_t dst_offset, const local void *src,
                           size_t src_offset, size_t num_bytes_per_element,
                           size_t num_elements_per_line, size_t num_lines,
                           size_t src_line_length, size_t dst_line_length, event_t event);
event_t __attribute__((overloadable))
async_work_group_copy_3D3D(local void *dst, size_t dst_offset, const global void *src,
                           size_t src_offset, size_t num_bytes_per_element,
                           size_t num_elements_per_line, size_t num_lines, size_t num_planes,
                           size_t src_line_length, size_t src_plane_area,
                           size_t dst_line_length, size_t dst_plane_area, event_t event);
event_t __attribute__((overloadable))
async_work_group_copy_3D3D(global void *dst, size_t dst_offset, const local void *src,
                           size_t src_offset, size_t num_bytes_per_element,
                           size_t num_elements_per_line, size_t num_lines, size_t num_planes,
                           size_t src_line_length, size_t src_plane_area,
                           size_t dst_line_length, size_t dst_plane_area, event_t event);

#define ELEMENTS_PER_LINE 3
#define LINES 2
#define PLANES 2

// Elements spanned by a copy's layout, from element 0 of the pointer.
static size_t extent(size_t offset, size_t line_length, size_t plane_area, size_t planes) {
  return offset + (planes - 1) * plane_area + (LINES - 1) * line_length + ELEMENTS_PER_LINE;
}

// Runs every case; `group` selects this work-group's slice of `out`, whose
// size per group is `slice` bytes.
static void sweep(const global uchar *in, global uchar *out, local uchar *lbuf,
                  size_t slice) {
  const size_t sizes[12] = {1, 2, 3, 4, 5, 7, 8, 13, 16, 32, 47, 64};
  const size_t margins[3] = {0, 10, 100};
  global uchar *dst_base = out + get_group_id(0) * slice;
  size_t at = 0;
  for (int dims = 2; dims <= 3; dims++) {
    for (int m = 0; m < 3; m++) {
      for (int s = 0; s < 12; s++) {
        size_t bpe = sizes[s], margin = margins[m];
        size_t planes = dims == 3 ? PLANES : 1;
        // Global side: its own margin and offset; local side: half the margin.
        size_t g_line = ELEMENTS_PER_LINE + margin, g_plane = LINES * g_line + margin;
        size_t l_line = ELEMENTS_PER_LINE + margin / 2, l_plane = LINES * l_line + margin / 2;
        size_t g_offset = 5 + s, l_offset = 1 + m;
        size_t out_offset = 3 + s;
        event_t first, second;
        if (dims == 2) {
          first = async_work_group_copy_2D2D(lbuf, l_offset, in, g_offset, bpe,
                                             ELEMENTS_PER_LINE, LINES, g_line, l_line, 0);
          wait_group_events(1, &first);
          second = async_work_group_copy_2D2D(dst_base + at, out_offset, lbuf, l_offset, bpe,
                                              ELEMENTS_PER_LINE, LINES, l_line, g_line, first);
        } else {
          first = async_work_group_copy_3D3D(lbuf, l_offset, in, g_offset, bpe,
                                             ELEMENTS_PER_LINE, LINES, PLANES, g_line, g_plane,
                                             l_line, l_plane, 0);
          wait_group_events(1, &first);
          second = async_work_group_copy_3D3D(dst_base + at, out_offset, lbuf, l_offset, bpe,
                                              ELEMENTS_PER_LINE, LINES, PLANES, l_line, l_plane,
                                              g_line, g_plane, first);
        }
        wait_group_events(1, &second);
        at += extent(out_offset, g_line, g_plane, planes) * bpe;
      }
    }
  }
}
