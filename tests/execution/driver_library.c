/* The CPU execution driver's second half (see driver.c): what the builtin
 * library (builtins.cl) calls back for, the work-group async copies and the
 * OpenCL 1.x atomics clang emits as calls. */
#define _GNU_SOURCE
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver.h"

/* ---------------- builtin library support (builtins.cl) -------------------
 * The builtins that take pointers (math with a pointer result, vloadn/
 * vstoren, vload_half/vstore_half, the C11 atomic functions, get_fence) are
 * written in OpenCL C in builtins.cl, compiled by run.sh like a kernel and
 * linked with this driver (the generic library: generic + named overloads;
 * the named library: named overloads only, this file compiled with
 * -DGAS_NAMED_ONLY). They call back here to check their pointer arguments
 * and for the libm work.
 *
 * A generic pointer may carry a gas tag in bits 61..63 once a kernel has been
 * lowered (001 private, 010 local, 000/111 global): decode it the way the
 * lowering does (shl 4, ashr 4 restores the canonical upper bits); untagged
 * pointers come back unchanged. */
#define SC __ATOMIC_SEQ_CST
static const char *space_of(uintptr_t q) {
    return !q ? "null"
           : gas_in_global(q) ? (gas_in_global_var(q) ? "global memory (a program-scope variable)" : "global memory")
           : gas_in_private(q) ? "private memory"
           : gas_in_local(q) ? (gas_in_local_var(q) ? "local memory (a kernel-scope variable)" : "local memory")
           : gas_in_constant_var(q) ? "constant memory (a program-scope variable)"
           : "memory in no address space the driver knows";
}
static void bi_fail(const char *fn, const char *kind, uintptr_t p, const char *why) {
    fprintf(stderr, "ADDRESS-SPACE VIOLATION: builtin %s (%s overload) got %#" PRIxPTR ", %s\n", fn, kind, p, why);
    fflush(stdout);
    _exit(3);
}
/* Generic overloads: the tag must agree with the memory (001: the
 * work-item's private memory, 010: local memory; 000/111: untagged, any
 * generic space), returns the decoded address. */
uintptr_t __gas_bi_generic(uintptr_t p, const char *fn) {
    unsigned tag = (unsigned)(p >> 61);
    uintptr_t q = (uintptr_t)(((intptr_t)p << 4) >> 4);
    char why[200];
    bool ok = tag == 1 ? gas_in_private(q)
              : tag == 2 ? gas_in_local(q)
              : (tag == 0 || tag == 7) && q && (gas_in_global(q) || gas_in_local(q) || gas_in_private(q));
    if (!ok) {
        snprintf(why, sizeof why, "tag %u%u%u, which is %s", tag >> 2, (tag >> 1) & 1, tag & 1,
                 space_of(q));
        bi_fail(fn, "generic", p, why);
    }
    return q;
}
/* Named overloads: untagged and really in the overload's space (0 private,
 * 1 global, 3 local). A rewrite that picked the wrong overload stops here. */
void __gas_bi_named(uintptr_t p, int sp, const char *fn) {
    static const char *names[] = {"private", "global", "?", "local"};
    const char *kind = names[sp & 3];
    char why[200];
    if (p >> 61) {
        snprintf(why, sizeof why, "a tagged pointer (tag %u)", (unsigned)(p >> 61));
        bi_fail(fn, kind, p, why);
    }
    bool ok = p && (sp == 1 ? gas_in_global(p) : sp == 3 ? gas_in_local(p) : sp == 0 ? gas_in_private(p) : false);
    if (!ok) {
        snprintf(why, sizeof why, "which is %s", space_of(p));
        bi_fail(fn, kind, p, why);
    }
}
/* get_fence: CLK_GLOBAL_MEM_FENCE (2) for global memory, CLK_LOCAL_MEM_FENCE
 * (1) for local memory, 0 for private memory (no fence flag is about private
 * memory; SPIR-V's OpGenericPtrMemSemantics gives no storage-class bit for
 * Function storage either). */
unsigned __gas_bi_fence(uintptr_t p) {
    uintptr_t q = __gas_bi_generic(p, "get_fence");
    return gas_in_private(q) ? 0 : gas_in_local(q) ? 1 : 2;
}
/* libm work for the math builtins (float) */
float __gas_floorf(float x) { return floorf(x); }
float __gas_truncf(float x) { return truncf(x); }
float __gas_modff(float x) { float i; return modff(x, &i); }
float __gas_sinf(float x) { return sinf(x); }
float __gas_cosf(float x) { return cosf(x); }
float __gas_frexpf(float x) { int e; return frexpf(x, &e); }
int __gas_frexpf_exp(float x) { int e; frexpf(x, &e); return e; }
float __gas_lgammaf_r(float x) { int s; return lgammaf_r(x, &s); }
int __gas_lgammaf_r_sign(float x) { int s; lgammaf_r(x, &s); return s; }
float __gas_remquof(float x, float y) { int q; return remquof(x, y, &q); }
/* remquo's quotient: sign of x/y, magnitude = the 3 low bits of |x/y rounded
 * to nearest even| (the spec asks for at least 3; exactly 3 keeps outputs
 * independent of the libm) */
int __gas_remquof_quo(float x, float y) {
    int q;
    remquof(x, y, &q);
    int m = (q < 0 ? -q : q) & 7;
    return q < 0 ? -m : m;
}
/* IEEE half <-> float, for vload_half/vstore_half (round to nearest even) */
float __gas_half_to_float(unsigned h) {
    uint32_t sign = (h & 0x8000u) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff, x;
    if (e == 0) {
        float v = (float)m * 0x1p-24f;
        memcpy(&x, &v, 4);
        x |= sign;
    } else if (e == 31) x = sign | 0x7f800000u | (m << 13);
    else x = sign | ((e + 112) << 23) | (m << 13);
    float f;
    memcpy(&f, &x, 4);
    return f;
}
unsigned __gas_float_to_half_rte(float f) {
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu, r, rem, half;
    if (ax > 0x7f800000u) return sign | 0x7e00u | ((ax >> 13) & 0x3ff); /* NaN stays a (quiet) NaN */
    if (ax >= 0x477ff000u) return sign | 0x7c00u; /* >= 65520 rounds to infinity */
    if (ax < 0x38800000u) { /* below 2^-14: half subnormal (unit 2^-24) or zero */
        if (ax < 0x33000000u) return sign; /* below 2^-25: 0 (2^-25 itself ties to even 0) */
        uint32_t m = (ax & 0x7fffffu) | 0x800000u, shift = 126 - (ax >> 23);
        r = m >> shift;
        rem = m & ((1u << shift) - 1);
        half = 1u << (shift - 1);
    } else {
        r = (ax - 0x38000000u) >> 13;
        rem = ax & 0x1fffu;
        half = 0x1000u;
    }
    if (rem > half || (rem == half && (r & 1))) r++; /* a carry into the exponent is right */
    return sign | r;
}

/* ---------------- work-group async copies: the reference -------------------
 * Written from the specification (cl_khr_extended_async_copies, Codeplay
 * GroupAsyncCopies): element e of line l of plane p goes from
 *   src + (src_offset + p * src_plane_area + l * src_line_length + e) * bpe
 * to
 *   dst + (dst_offset + p * dst_plane_area + l * dst_line_length + e) * bpe,
 * bpe bytes each. Every work-item calls the builtin; the work-item with local
 * linear id 0 copies everything before it reaches the barrier that
 * wait_group_events is, so the copy is complete for all after the wait. That
 * is right here because the barrier is real; it is not how gas lowers (gas
 * distributes the elements over the work-group). Events are opaque pointers
 * (the harness turns target("spirv.Event") into ptr): the incoming event is
 * returned, or a non-null token. */
static size_t local_linear_id(void) {
    return (gas_cur->lid[2] * gas_lsize[1] + gas_cur->lid[1]) * gas_lsize[0] + gas_cur->lid[0];
}
static void *copy_3d(char *dst, size_t dst_offset, const char *src, size_t src_offset, size_t bpe,
                     size_t epl, size_t lines, size_t planes, size_t src_line, size_t src_plane,
                     size_t dst_line, size_t dst_plane, void *event) {
    if (local_linear_id() == 0)
        for (size_t p = 0; p < planes; p++)
            for (size_t l = 0; l < lines; l++)
                for (size_t e = 0; e < epl; e++)
                    memcpy(dst + (dst_offset + p * dst_plane + l * dst_line + e) * bpe,
                           src + (src_offset + p * src_plane + l * src_line + e) * bpe, bpe);
    return event ? event : (void *)&copy_3d;
}
#define COPY2D_ARGS void *dst, size_t dst_offset, const void *src, size_t src_offset, size_t bpe, \
    size_t epl, size_t lines, size_t src_line, size_t dst_line, void *event
#define COPY3D_ARGS void *dst, size_t dst_offset, const void *src, size_t src_offset, size_t bpe, \
    size_t epl, size_t lines, size_t planes, size_t src_line, size_t src_plane, size_t dst_line, \
    size_t dst_plane, void *event
void *_Z26async_work_group_copy_2D2DPU3AS3vmPU3AS1Kvmmmmmm9ocl_event(COPY2D_ARGS) {
    return copy_3d(dst, dst_offset, src, src_offset, bpe, epl, lines, 1, src_line, 0, dst_line, 0, event);
}
void *_Z26async_work_group_copy_2D2DPU3AS1vmPU3AS3Kvmmmmmm9ocl_event(COPY2D_ARGS) {
    return copy_3d(dst, dst_offset, src, src_offset, bpe, epl, lines, 1, src_line, 0, dst_line, 0, event);
}
void *_Z26async_work_group_copy_3D3DPU3AS3vmPU3AS1Kvmmmmmmmmm9ocl_event(COPY3D_ARGS) {
    return copy_3d(dst, dst_offset, src, src_offset, bpe, epl, lines, planes, src_line, src_plane,
                   dst_line, dst_plane, event);
}
void *_Z26async_work_group_copy_3D3DPU3AS1vmPU3AS3Kvmmmmmmmmm9ocl_event(COPY3D_ARGS) {
    return copy_3d(dst, dst_offset, src, src_offset, bpe, epl, lines, planes, src_line, src_plane,
                   dst_line, dst_plane, event);
}
/* OpenCL 1.x: async_work_group_copy(dst, src, n, event) and the strided form
 * (stride on the global side), for the gentypes the corpus uses. */
#define COPY1(mangled, T)                                                                          \
    void *mangled(T *dst, const T *src, size_t n, void *event) {                                  \
        return copy_3d((char *)dst, 0, (const char *)src, 0, sizeof(T), n, 1, 1, n, 0, n, 0, event); \
    }
#define STRIDED_TO_LOCAL(mangled, T)                                                               \
    void *mangled(T *dst, const T *src, size_t n, size_t stride, void *event) {                   \
        return copy_3d((char *)dst, 0, (const char *)src, 0, sizeof(T), 1, n, 1, stride, 0, 1, 0, event); \
    }
#define STRIDED_TO_GLOBAL(mangled, T)                                                              \
    void *mangled(T *dst, const T *src, size_t n, size_t stride, void *event) {                   \
        return copy_3d((char *)dst, 0, (const char *)src, 0, sizeof(T), 1, n, 1, 1, 0, stride, 0, event); \
    }
typedef float float4_t __attribute__((vector_size(16)));
COPY1(_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event, int)
COPY1(_Z21async_work_group_copyPU3AS1iPU3AS3Kim9ocl_event, int)
COPY1(_Z21async_work_group_copyPU3AS3cPU3AS1Kcm9ocl_event, char)
COPY1(_Z21async_work_group_copyPU3AS1cPU3AS3Kcm9ocl_event, char)
STRIDED_TO_LOCAL(_Z29async_work_group_strided_copyPU3AS3Dv4_fPU3AS1KS_mm9ocl_event, float4_t)
STRIDED_TO_GLOBAL(_Z29async_work_group_strided_copyPU3AS1Dv4_fPU3AS3KS_mm9ocl_event, float4_t)
STRIDED_TO_LOCAL(_Z29async_work_group_strided_copyPU3AS3sPU3AS1Ksmm9ocl_event, short)
STRIDED_TO_GLOBAL(_Z29async_work_group_strided_copyPU3AS1sPU3AS3Ksmm9ocl_event, short)
/* wait_group_events: the generic overload (OpenCL 2.0) belongs to the generic
 * library only; the named one (OpenCL 1.2: a private event array) to both. */
#ifndef GAS_NAMED_ONLY
void _Z17wait_group_eventsiPU3AS49ocl_event(int n, void *events) {
    (void)n;
    __gas_bi_generic((uintptr_t)events, "wait_group_events");
    gas_wg_wait();
}
#endif
void _Z17wait_group_eventsiP9ocl_event(int n, void *events) {
    (void)n;
    __gas_bi_named((uintptr_t)events, 0, "wait_group_events");
    gas_wg_wait();
}

/* OpenCL 1.x atomics on named (global AS1 / local AS3) int pointers */
int _Z10atomic_addPU3AS1Vii(int *p, int v) { return __atomic_fetch_add(p, v, SC); }
int _Z10atomic_addPU3AS3Vii(int *p, int v) { return __atomic_fetch_add(p, v, SC); }
int _Z10atomic_incPU3AS1Vi(int *p) { return __atomic_fetch_add(p, 1, SC); }
int _Z10atomic_incPU3AS3Vi(int *p) { return __atomic_fetch_add(p, 1, SC); }
int _Z10atomic_maxPU3AS1Vii(int *p, int v) { return __atomic_fetch_max(p, v, SC); }
int _Z10atomic_maxPU3AS3Vii(int *p, int v) { return __atomic_fetch_max(p, v, SC); }
int _Z14atomic_cmpxchgPU3AS1Viii(int *p, int cmp, int v) {
    __atomic_compare_exchange_n(p, &cmp, v, 0, SC, SC); return cmp;
}
int _Z14atomic_cmpxchgPU3AS3Viii(int *p, int cmp, int v) {
    __atomic_compare_exchange_n(p, &cmp, v, 0, SC, SC); return cmp;
}
