// Found by scripts/differential.sh --seed 2 (program 2 of an earlier
// gas-generate, before the int/half/get_fence builtins were added: today's
// generator gives another program for that seed; this file is self-contained).
// Fails: pipeline O0, form inlined: --process command failed (gas-opt hung:
// the harness waited minutes; run alone, gas-opt --pipeline O0 on this
// program's inlined form segfaults in 6 of 40 runs and hangs in 1).
// The same crash (exit 139) hit seed 1's programs 0, 10, 14 and 39 under O0,
// raise,explicit-cast-tags,lower, raise,private-branch-elision,lower,
// raise,static-global,lower, raise,async-copy-simplify,lower and
// raise,builtin-calls,lower (9 runs of 858); never propagate alone (no lower).
// Never with --mlir-disable-threading (0 of 40). gas-opt built from commit
// 5a75cf2 ("lower runs per function as a nested MLIR pass (in parallel when
// threads are on)"). Fixed by f1ee525 (positional accessors that check the
// count first): 0 of 40 runs fail since.
// Cause (from a stack of the hung process): in a worker thread,
// lower_wait_events -> WorkGroupTarget::barrier -> Emitter::call asks
// `call.result(0)` of the void barrier call; melior's error path for the
// missing result prints the operation (OperationLike::result builds
// Error::PositionOutOfBounds with self.to_string()), and printing a nested
// op verifies/walks IR that the other threads are rewriting. Any kernel
// with wait_group_events (and a second function, e.g. clang's
// __clang_ocl_kern_imp_ copy) can hit it.
// Run: tests/execution/run.sh --kernel-dir tests/execution/found --form inlined --process "$PWD/target/debug/gas-opt --pipeline O0 --emit llvm-ir" rand_2_2
//   (FAILs in about one run of six; repeat it, or run gas-opt itself in a
//   loop on tests/execution/build/rand_2_2/spir.inlined.ll)
// Reduced by gas-reduce from 99 to 27 lines (test: 15 O0 runs of the
// inlined form, interesting when one crashes or times out).

global uint pv[256];
uint *pgp = pv;
event_t __attribute__((overloadable)) async_work_group_copy_2D2D(global void *dst, size_t dst_offset, const local void *src, size_t src_offset, size_t num_bytes_per_element, size_t num_elements_per_line, size_t num_lines, size_t src_line_length, size_t dst_line_length, event_t event);

kernel void rand_2_2(global const uint *in, global uint *out, global uint *gw, global float *gf, local uint *lw, global uint *cnt) {
  uint gid = (uint)get_global_id(0), lid = (uint)get_local_id(0), grp = (uint)get_group_id(0);
  uint ck = (0x3e548127u ^ gid);
  uint pa[8], m[2][4];
  float fa[4];
  local uint lc[64];
  local uint lk[128];
  local float lf[64];
  for (uint i = 0u; i < 8u; i++) { pa[i] = in[((gid * 6u) + i) % 128u]; m[i / 4u][i % 4u] = in[((gid * 2u) + (i * 3u)) % 128u]; lw[(lid * 8u) + i] = in[((gid * 7u) + (i * 7u)) % 128u] ^ 0x55u; lk[(lid * 8u) + i] = (gid * 16u) + i; } // keep
  for (uint i = 0u; i < 4u; i++) { fa[i] = (float)((gid + i) % 8u) * 0.5f; lf[(lid * 4u) + i] = (float)(i * 3u) + 0.25f; } // keep
  uint *p1 = (pgp + ((gid * 8u) + 6u));
  ck = ((ck * 31u) + (&pgp[(gid * 8u)])[(3u % 8u)]);
    barrier(CLK_LOCAL_MEM_FENCE);
    uint *q5 = ((uint *)(lc + (lid * 4u)));
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t ev4 = async_work_group_copy((global int *)(out + (32u + (grp * 64u))), (local const int *)lc, 64u, 0);
    wait_group_events(1, &ev4);
  for (uint i = 0u; i < 8u; i++) ck = (ck * 31u) + pa[i] + (lw[(lid * 8u) + i] * 3u) + (lk[(lid * 8u) + i] * 5u) + (m[i / 4u][i % 4u] * 7u) + (pv[(gid * 8u) + i] * 11u); // keep
  for (uint i = 0u; i < 4u; i++) ck = (ck * 31u) + as_uint(fa[i]) + (as_uint(lf[(lid * 4u) + i]) * 3u); // keep
  out[gid] = ck; // keep
}
