/*
 * CPU execution driver for the gas execution harness (the semantic oracle).
 *
 * It runs ONE OpenCL kernel, compiled from SPIR (spir64) LLVM IR retargeted to
 * x86_64, on the host CPU:
 *   - one pthread per work-item of a work-group, a real pthread_barrier_t for
 *     barrier()/work_group_barrier(); work-groups run one after another;
 *   - the SPIR work-item builtins under their Itanium-mangled spir64 names
 *     (get_global_id is `_Z13get_global_idj`, ...), answered from thread-local
 *     storage that holds each work-item's ids;
 *   - the explicit-cast builtins clang emits for to_global/to_local/to_private
 *     (`__to_global`, `__to_local`, `__to_private`, each taking a generic
 *     pointer), see the comment above them for how the address space of a
 *     pointer is recovered on the CPU;
 *   - the 1.x atomic_add/atomic_inc/... on global/local pointers that clang
 *     emits as calls. The C11 atomic functions (atomic_fetch_add_explicit on
 *     a generic `atomic_int *`, ...) and the other builtins taking pointers
 *     are in builtins.cl, which calls the checks and libm helpers below
 *     (__gas_bi_*). The __opencl_atomic_* clang builtins become native
 *     atomicrmw/cmpxchg instructions and need nothing from here;
 *   - device-side enqueue (get_default_queue, ndrange_1D/2D/3D,
 *     __enqueue_kernel_basic[_events]): enqueued blocks are recorded and run
 *     after the kernel, see the comment above __enqueue_kernel_basic;
 *   - the address-space oracle (__to_* and the __gas_chk_as* checks), which
 *     also knows the program-scope variables through the ELF sections run.sh
 *     puts them in.
 *
 * The kernel is reached through the linker symbol `gas_kernel_entry`, which
 * run.sh defines with `-Wl,--defsym=gas_kernel_entry=<kernel name>`.
 *
 * Compiled twice by run.sh, with driver_library.c (the builtin library's
 * support, async copies, 1.x atomics): driver.o for the generic builtin library and,
 * with -DGAS_NAMED_ONLY, driver.named.o for the named one (leaves out the
 * generic overloads defined here: wait_group_events on a generic event
 * pointer).
 *
 * Usage: driver [--dry] <spec-file>
 *   --dry  only print the initial buffer contents (run.sh uses it to check
 *          that a kernel changed something)
 *
 * Spec file (one directive per line, `#` starts a comment):
 *   global X [Y [Z]]          global work size (default 1 1 1)
 *   local  X [Y [Z]]          local work size  (default 1 1 1), must divide global
 *   arg global <type> <count> <init>    a __global buffer argument
 *   arg local  <bytes>                  a __local buffer argument (one per work-group)
 *   arg int    <value>                  an integer scalar argument (any int width)
 * <type>: i8 u8 i16 u16 i32 u32 i64 u64 f32 f64
 * <init>: zero | fill V | iota [START [STEP]] | values V1 V2 ... (repeated
 *         cyclically) | lcg SEED MOD (deterministic pseudo-random ints in [0,MOD))
 *
 * Kernel arguments are passed as up to 8 integer-class values (pointers or
 * integers); the kernel is always called with 8 intptr_t arguments, which is
 * fine under the x86-64 SysV ABI for any kernel with <= 8 pointer/integer
 * parameters (float/double scalar or by-value struct parameters are NOT
 * supported).
 *
 * Output (stdout): every global buffer after the run, in argument order, in
 * decimal (floats with %.9g, doubles with %.17g), 8 values per line.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "driver.h"

#define MAX_ARGS 8
#define MAX_WI 1024
#define STACK_SIZE (512 * 1024)
#define GUARD 64 /* bytes of padding after each global buffer */

typedef void (*kernel_fn)(intptr_t, intptr_t, intptr_t, intptr_t, intptr_t,
                          intptr_t, intptr_t, intptr_t);
extern char gas_kernel_entry[]; /* defined by the linker (--defsym) */

enum argkind { ARG_GLOBAL, ARG_LOCAL, ARG_INT };
enum elty { T_I8, T_U8, T_I16, T_U16, T_I32, T_U32, T_I64, T_U64, T_F32, T_F64 };
static const char *ty_names[] = {"i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "f32", "f64"};
static const size_t ty_sizes[] = {1, 1, 2, 2, 4, 4, 8, 8, 4, 8};

struct arg {
    enum argkind kind;
    enum elty ty;
    size_t count, bytes, local_off;
    long long ival;
    unsigned char *mem;
};

static struct arg args[MAX_ARGS];
static int nargs;
static size_t gsize[3] = {1, 1, 1}, ngroups[3];
size_t gas_lsize[3] = {1, 1, 1};
static unsigned char *local_arena;
static size_t local_arena_size;
static pthread_barrier_t wg_barrier;

__thread struct wi *gas_cur;

static void die(const char *fmt, const char *a) {
    fprintf(stderr, "driver: ");
    fprintf(stderr, fmt, a);
    fprintf(stderr, "\n");
    exit(2);
}

/* ---------------- work-item builtins (spir64 mangled names) ----------------
 * They answer for the running launch: the kernel of the spec, or an enqueued
 * block's invoke kernel (whose ND-range may have a global offset and sets the
 * work dimension explicitly). */
static size_t goff[3];
static unsigned work_dim; /* 0: derived from the global size (the spec's kernel) */
#define DIMOK(d) ((d) < 3)
size_t _Z12get_local_idj(unsigned d) { return DIMOK(d) ? gas_cur->lid[d] : 0; }
size_t _Z12get_group_idj(unsigned d) { return DIMOK(d) ? gas_cur->grp[d] : 0; }
size_t _Z14get_local_sizej(unsigned d) { return DIMOK(d) ? gas_lsize[d] : 1; }
size_t _Z23get_enqueued_local_sizej(unsigned d) { return DIMOK(d) ? gas_lsize[d] : 1; }
size_t _Z15get_global_sizej(unsigned d) { return DIMOK(d) ? gsize[d] : 1; }
size_t _Z14get_num_groupsj(unsigned d) { return DIMOK(d) ? ngroups[d] : 1; }
size_t _Z17get_global_offsetj(unsigned d) { return DIMOK(d) ? goff[d] : 0; }
size_t _Z13get_global_idj(unsigned d) {
    return DIMOK(d) ? gas_cur->grp[d] * gas_lsize[d] + gas_cur->lid[d] + goff[d] : 0;
}
unsigned _Z12get_work_dimv(void) {
    return work_dim ? work_dim : gsize[2] > 1 ? 3 : gsize[1] > 1 ? 2 : 1;
}
size_t _Z20get_global_linear_idv(void) {
    size_t g[3];
    for (int d = 0; d < 3; d++) g[d] = gas_cur->grp[d] * gas_lsize[d] + gas_cur->lid[d];
    return (g[2] * gsize[1] + g[1]) * gsize[0] + g[0];
}
size_t _Z19get_local_linear_idv(void) {
    return (gas_cur->lid[2] * gas_lsize[1] + gas_cur->lid[1]) * gas_lsize[0] + gas_cur->lid[0];
}

/* barrier(flags), work_group_barrier(flags[, scope]): a real barrier across
 * the threads of the current work-group. Memory fences come with it
 * (pthread_barrier_wait synchronizes memory). */
void gas_wg_wait(void) {
    int r = pthread_barrier_wait(&wg_barrier);
    if (r != 0 && r != PTHREAD_BARRIER_SERIAL_THREAD) die("barrier failed%s", "");
}
void _Z7barrierj(unsigned flags) { (void)flags; gas_wg_wait(); }
void _Z18work_group_barrierj(unsigned flags) { (void)flags; gas_wg_wait(); }
void _Z18work_group_barrierj12memory_scope(unsigned flags, int scope) {
    (void)flags; (void)scope; gas_wg_wait();
}
void _Z9mem_fencej(unsigned flags) { (void)flags; __atomic_thread_fence(__ATOMIC_SEQ_CST); }

/* ---------------- where a pointer points: the address-space oracle ---------
 * On x86 every address space is a plain 64-bit pointer, so the driver
 * recovers the space of a pointer from WHERE it points. Every kind of memory a
 * kernel can reach has a known address range:
 *   global   = a global buffer this driver allocated ([base, base+size],
 *              one-past-the-end included; buffers are padded so the ranges
 *              never touch), OR a program-scope `__global` variable (run.sh's
 *              retargeting step puts every module-level addrspace(1) variable
 *              into the ELF section `gas_global_vars`), OR an enqueued block
 *              literal (the copy this driver makes in __enqueue_kernel_basic,
 *              below, and hands to the block's invoke kernel);
 *   local    = this work-group's local-memory arena (the __local buffer
 *              arguments), OR a module-level addrspace(3) variable (kernel-scope
 *              `local` variables; section `gas_local_vars`);
 *   private  = the current work-item's own stack. The driver allocates every
 *              work-item thread's stack itself (pthread_attr_setstack), so
 *              this range is exact;
 *   constant = a module-level addrspace(2) variable (section
 *              `gas_constant_vars`); not a generic space, only named in
 *              violation messages.
 * Anything else is in no space (to_global/to_local/to_private give null, every
 * checked access fails). The section bounds come from the linker's
 * __start_/__stop_ symbols, declared weak so that a kernel without such
 * variables still links (they are then null). The driver itself puts GUARD
 * zero bytes into the global and local sections; being linked after the
 * kernel object, they end the section, so one-past-the-end of the last
 * program-scope variable is still inside it (not at the start of whatever
 * section follows) and print_buffers() can report writes past the variables.
 * The corpus never hands one work-item a pointer into another work-item's
 * stack. The null pointer maps to null for all three casts. */
extern char __start_gas_global_vars[] __attribute__((weak));
extern char __stop_gas_global_vars[] __attribute__((weak));
extern char __start_gas_local_vars[] __attribute__((weak));
extern char __stop_gas_local_vars[] __attribute__((weak));
extern char __start_gas_constant_vars[] __attribute__((weak));
extern char __stop_gas_constant_vars[] __attribute__((weak));
__attribute__((section("gas_global_vars"), aligned(16), used)) static unsigned char global_vars_pad[GUARD];
__attribute__((section("gas_local_vars"), aligned(16), used)) static unsigned char local_vars_pad[GUARD];

/* Enqueued blocks (device-side enqueue, see __enqueue_kernel_basic): the
 * records are appended under enq_lock and published by a release store of
 * nenq, so the classification may read them from any work-item. */
struct ndrange { /* %struct.ndrange_t = { i32, [3 x i64], [3 x i64], [3 x i64] } */
    unsigned dim;
    size_t off[3], gs[3], ls[3];
};
struct enq {
    kernel_fn fn;           /* the block's invoke kernel (__<k>_block_invoke[_N]_kernel) */
    unsigned char *block;   /* the driver's copy of the block literal (global memory) */
    size_t bytes;           /* its size: the literal's first i32 */
    struct ndrange nd;
    unsigned long long key[3]; /* launch, enqueuing work-item's global linear id, sequence */
};
#define MAX_ENQ 1024
static struct enq enqs[MAX_ENQ];
static unsigned nenq;
static pthread_mutex_t enq_lock = PTHREAD_MUTEX_INITIALIZER;

static bool in_range(uintptr_t p, const void *lo, const void *hi, bool end_ok) {
    return lo && p >= (uintptr_t)lo && (end_ok ? p <= (uintptr_t)hi : p < (uintptr_t)hi);
}
bool gas_in_global_var(uintptr_t p) {
    return in_range(p, __start_gas_global_vars, __stop_gas_global_vars, false);
}
bool gas_in_local_var(uintptr_t p) {
    return in_range(p, __start_gas_local_vars, __stop_gas_local_vars, false);
}
bool gas_in_constant_var(uintptr_t p) {
    return in_range(p, __start_gas_constant_vars, __stop_gas_constant_vars, false);
}
/* global buffers and enqueued block literals; end_ok: one past the end counts */
static bool in_global_mem(uintptr_t p, bool end_ok) {
    for (int i = 0; i < nargs; i++)
        if (args[i].kind == ARG_GLOBAL && in_range(p, args[i].mem, args[i].mem + args[i].bytes, end_ok))
            return true;
    unsigned n = __atomic_load_n(&nenq, __ATOMIC_ACQUIRE);
    for (unsigned i = 0; i < n; i++)
        if (in_range(p, enqs[i].block, enqs[i].block + enqs[i].bytes, end_ok)) return true;
    return false;
}
bool gas_in_global(uintptr_t p) { return in_global_mem(p, true) || gas_in_global_var(p); }
bool gas_in_private(uintptr_t p) { return p >= gas_cur->stack_lo && p <= gas_cur->stack_hi; }
bool gas_in_local(uintptr_t p) {
    return in_range(p, local_arena, local_arena + local_arena_size, true) || gas_in_local_var(p);
}
void *__to_global(void *p) { return p && gas_in_global((uintptr_t)p) ? p : NULL; }
void *__to_private(void *p) { return p && gas_in_private((uintptr_t)p) ? p : NULL; }
void *__to_local(void *p) { return p && gas_in_local((uintptr_t)p) ? p : NULL; }

/* ---------------- address-space checks (spacecheck.awk) --------------------
 * run.sh instruments every load/store/atomic/memcpy whose pointer operand is
 * in a named space with a call to one of these (see spacecheck.awk): the
 * access must really go to memory of that space, otherwise an address-space
 * resolution picked the wrong space -- which would go unnoticed on x86, where
 * all spaces are the same flat memory. Same classification as __to_*, but
 * strict at the end of a global buffer or block literal (an access AT
 * base+size is out of bounds). The run stops with exit code 3. */
static void as_fail(int sp, const void *p) {
    uintptr_t q = (uintptr_t)p;
    const char *what = !p ? "null"
                       : gas_in_global(q) ? (gas_in_global_var(q) ? "global (a program-scope variable)" : "global")
                       : gas_in_private(q) ? "private"
                       : gas_in_local(q) ? (gas_in_local_var(q) ? "local (a kernel-scope variable)" : "local")
                       : gas_in_constant_var(q) ? "constant (a program-scope variable)"
                       : "in no address space the driver knows (not a buffer, block literal, program-scope"
                         " variable, local arena or the own stack)";
    fprintf(stderr, "ADDRESS-SPACE VIOLATION: access through addrspace(%d) to %p, which is %s memory\n",
            sp, p, what);
    fflush(stdout);
    _exit(3);
}
void __gas_chk_as0(void *p) {
    if (!p || !gas_in_private((uintptr_t)p)) as_fail(0, p);
}
void __gas_chk_as1(void *p) {
    uintptr_t q = (uintptr_t)p;
    if (!in_global_mem(q, false) && !gas_in_global_var(q)) as_fail(1, p);
}
/* Global access in a function whose private memory is in the global buffer
 * (gas-private-in-global): the work-item's own private memory counts too. */
void __gas_chk_as1p(void *p) {
    if (p && gas_in_private((uintptr_t)p)) return;
    __gas_chk_as1(p);
}
void __gas_chk_as3(void *p) {
    if (!gas_in_local((uintptr_t)p)) as_fail(3, p);
}

/* ---------------- device-side enqueue: the harness is the runtime ----------
 * `enqueue_kernel(queue, flags, ndrange, block)` compiles for spir64 to
 *   %r = call i32 @__enqueue_kernel_basic(target("spirv.Queue") %q, i32 flags,
 *            ptr %ndrange, ptr addrspace(4) <invoke kernel>, ptr addrspace(4) <block literal>)
 * (with an event wait list / return event: @__enqueue_kernel_basic_events).
 * The invoke kernel is a spir_kernel `__<k>_block_invoke[_N]_kernel(ptr
 * addrspace(4))` that clang generates for the block; the block literal is a
 * private `<{ i32 size, i32 align, ptr addrspace(4) invoke, captures... }>`
 * of the enqueuing work-item. queue_t is made a ptr by run.sh (like
 * target("spirv.Event")); ndrange_1D/2D/3D are calls returning
 * %struct.ndrange_t through sret, which the C ABI of a struct-returning
 * function matches.
 * The driver records the invoke kernel, a copy of the literal (`size` bytes, in
 * memory it classifies as global, as a device runtime would) and the ND-range.
 * After the kernel of the spec has finished, the recorded blocks run one after
 * another, each as an ND-range launch with the usual threads and barriers,
 * their invoke kernel getting the copy as its only argument. That schedule is
 * legal for every flag (CLK_ENQUEUE_FLAGS_WAIT_KERNEL: after the parent
 * finished; NO_WAIT/WAIT_WORK_GROUP: any time). Blocks are run in the order
 * (launch, enqueuing work-item's global linear id, per-work-item sequence), not
 * in the racy order of the calls, so outputs stay deterministic; blocks that
 * enqueue blocks run in later rounds. The literal pointer is decoded like
 * every generic pointer reaching the driver (GENERIC); the invoke kernel's
 * address is code and must arrive untagged, as a real runtime needs it. An
 * ND-range without a local size gets the largest divisor of the global size
 * that is <= 16 (dimension 0) or <= 4 (dimensions 1, 2). Event arguments are
 * accepted (the return event becomes a non-null token) and wait lists
 * ignored: every block runs after everything enqueued before it anyway. */
static unsigned launch_no;
static __thread unsigned long long enq_seq;
static char queue_token, event_token;
void *_Z17get_default_queuev(void) { return &queue_token; }

static struct ndrange nd_make(unsigned dim, const size_t *off, const size_t *gs, const size_t *ls) {
    struct ndrange r;
    memset(&r, 0, sizeof r);
    r.dim = dim;
    for (unsigned d = 0; d < 3; d++) {
        r.off[d] = off && d < dim ? off[d] : 0;
        r.gs[d] = d < dim ? gs[d] : 1;
        r.ls[d] = ls ? (d < dim ? ls[d] : 1) : 0;
    }
    return r;
}
struct ndrange _Z10ndrange_1Dm(size_t g) { return nd_make(1, NULL, &g, NULL); }
struct ndrange _Z10ndrange_1Dmm(size_t g, size_t l) { return nd_make(1, NULL, &g, &l); }
struct ndrange _Z10ndrange_1Dmmm(size_t o, size_t g, size_t l) { return nd_make(1, &o, &g, &l); }
struct ndrange _Z10ndrange_2DPKm(const size_t *g) { return nd_make(2, NULL, g, NULL); }
struct ndrange _Z10ndrange_2DPKmS0_(const size_t *g, const size_t *l) { return nd_make(2, NULL, g, l); }
struct ndrange _Z10ndrange_2DPKmS0_S0_(const size_t *o, const size_t *g, const size_t *l) {
    return nd_make(2, o, g, l);
}
struct ndrange _Z10ndrange_3DPKm(const size_t *g) { return nd_make(3, NULL, g, NULL); }
struct ndrange _Z10ndrange_3DPKmS0_(const size_t *g, const size_t *l) { return nd_make(3, NULL, g, l); }
struct ndrange _Z10ndrange_3DPKmS0_S0_(const size_t *o, const size_t *g, const size_t *l) {
    return nd_make(3, o, g, l);
}

int __enqueue_kernel_basic(void *queue, int flags, const struct ndrange *nd, void *invoke, void *block) {
    (void)queue; (void)flags;
    /* A flat input's module passes the ND-range as a generic pointer too. */
    nd = GENERIC(nd);
    unsigned char *lit = GENERIC((unsigned char *)block);
    uint32_t size;
    if (!lit || !invoke || !nd) die("__enqueue_kernel_basic: null argument%s", "");
    memcpy(&size, lit, 4);
    if (size < 16 || size > (1u << 20)) die("__enqueue_kernel_basic: implausible block literal size%s", "");
    if (nd->dim < 1 || nd->dim > 3) die("__enqueue_kernel_basic: bad ND-range dimension%s", "");
    unsigned char *copy;
    if (posix_memalign((void **)&copy, 128, size + GUARD)) die("oom%s", "");
    memset(copy, 0, size + GUARD);
    memcpy(copy, lit, size);
    pthread_mutex_lock(&enq_lock);
    unsigned n = nenq;
    if (n == MAX_ENQ) die("too many enqueued blocks%s", "");
    struct enq *e = &enqs[n];
    /* A code address is not data: a runtime calls it as it is, so an
     * address-space tag on it (bits 61..63) would send the call astray. */
    if ((uintptr_t)invoke >> 61) die("__enqueue_kernel_basic: the invoke kernel's address carries an address-space tag%s", "");
    e->fn = (kernel_fn)invoke;
    e->block = copy;
    e->bytes = size;
    e->nd = *nd;
    e->key[0] = launch_no;
    e->key[1] = _Z20get_global_linear_idv();
    e->key[2] = enq_seq++;
    __atomic_store_n(&nenq, n + 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&enq_lock);
    return 0; /* CLK_SUCCESS */
}
int __enqueue_kernel_basic_events(void *queue, int flags, const struct ndrange *nd, unsigned nwait,
                                  void *wait_list, void *ret_event, void *invoke, void *block) {
    (void)nwait; (void)wait_list;
    void **ev = GENERIC((void **)ret_event);
    if (ev) *ev = &event_token;
    return __enqueue_kernel_basic(queue, flags, nd, invoke, block);
}
void _Z13release_event12ocl_clkevent(void *e) { (void)e; }
void _Z12retain_event12ocl_clkevent(void *e) { (void)e; }

static int enq_cmp(const void *a, const void *b) {
    const struct enq *x = a, *y = b;
    for (int i = 0; i < 3; i++)
        if (x->key[i] != y->key[i]) return x->key[i] < y->key[i] ? -1 : 1;
    return 0;
}

/* ---------------- spec parsing ---------------- */
static int parse_type(const char *s) {
    for (int i = 0; i < 10; i++)
        if (!strcmp(s, ty_names[i])) return i;
    die("unknown element type '%s'", s);
    return -1;
}

static void put_elem(struct arg *a, size_t i, double dv, long long iv, bool isf) {
    unsigned char *p = a->mem + i * ty_sizes[a->ty];
    if (!isf) dv = (double)iv;
    else iv = (long long)dv;
    switch (a->ty) {
    case T_I8: case T_U8: { uint8_t v = (uint8_t)iv; memcpy(p, &v, 1); break; }
    case T_I16: case T_U16: { uint16_t v = (uint16_t)iv; memcpy(p, &v, 2); break; }
    case T_I32: case T_U32: { uint32_t v = (uint32_t)iv; memcpy(p, &v, 4); break; }
    case T_I64: case T_U64: { uint64_t v = (uint64_t)iv; memcpy(p, &v, 8); break; }
    case T_F32: { float v = (float)dv; memcpy(p, &v, 4); break; }
    case T_F64: { memcpy(p, &dv, 8); break; }
    }
}

static void init_buffer(struct arg *a, char **tok, int ntok) {
    bool isf = a->ty == T_F32 || a->ty == T_F64;
    if (ntok < 1) die("missing init for global buffer%s", "");
    const char *how = tok[0];
    if (!strcmp(how, "zero")) return; /* already zeroed */
    if (!strcmp(how, "fill") || !strcmp(how, "iota") || !strcmp(how, "values")) {
        if (!strcmp(how, "values") && ntok < 2) die("values: no values%s", "");
        double start = ntok > 1 ? strtod(tok[1], NULL) : 0, step = ntok > 2 ? strtod(tok[2], NULL) : 1;
        long long istart = ntok > 1 ? strtoll(tok[1], NULL, 0) : 0, istep = ntok > 2 ? strtoll(tok[2], NULL, 0) : 1;
        for (size_t i = 0; i < a->count; i++) {
            if (!strcmp(how, "fill")) put_elem(a, i, start, istart, isf);
            else if (!strcmp(how, "iota")) put_elem(a, i, start + step * (double)i, istart + istep * (long long)i, isf);
            else {
                const char *v = tok[1 + i % (size_t)(ntok - 1)];
                put_elem(a, i, strtod(v, NULL), strtoll(v, NULL, 0), isf);
            }
        }
        return;
    }
    if (!strcmp(how, "lcg")) {
        if (ntok < 3) die("lcg needs SEED MOD%s", "");
        uint64_t s = strtoull(tok[1], NULL, 0), mod = strtoull(tok[2], NULL, 0);
        for (size_t i = 0; i < a->count; i++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            long long v = (long long)((s >> 33) % mod);
            put_elem(a, i, (double)v, v, false);
        }
        return;
    }
    die("unknown init '%s'", how);
}

static void parse_dims(size_t *d, char **tok, int ntok) {
    for (int i = 0; i < 3; i++) d[i] = i < ntok ? strtoull(tok[i], NULL, 0) : 1;
}

static void parse_spec(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) die("cannot open spec %s", path);
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        char *h = strchr(line, '#');
        if (h) *h = 0;
        char *tok[512];
        int n = 0;
        for (char *s = strtok(line, " \t\r\n"); s && n < 512; s = strtok(NULL, " \t\r\n")) tok[n++] = s;
        if (!n) continue;
        if (!strcmp(tok[0], "global")) parse_dims(gsize, tok + 1, n - 1);
        else if (!strcmp(tok[0], "local")) parse_dims(gas_lsize, tok + 1, n - 1);
        else if (!strcmp(tok[0], "arg")) {
            if (nargs == MAX_ARGS) die("too many arguments (max 8)%s", "");
            if (n < 3) die("bad arg line%s", "");
            struct arg *a = &args[nargs++];
            memset(a, 0, sizeof *a);
            if (!strcmp(tok[1], "global")) {
                if (n < 5) die("arg global <type> <count> <init>%s", "");
                a->kind = ARG_GLOBAL;
                a->ty = parse_type(tok[2]);
                a->count = strtoull(tok[3], NULL, 0);
                a->bytes = a->count * ty_sizes[a->ty];
                /* 128-byte aligned, zeroed, padded so ranges never touch */
                if (posix_memalign((void **)&a->mem, 128, a->bytes + GUARD)) die("oom%s", "");
                memset(a->mem, 0, a->bytes + GUARD);
                init_buffer(a, tok + 4, n - 4);
            } else if (!strcmp(tok[1], "local")) {
                a->kind = ARG_LOCAL;
                a->bytes = strtoull(tok[2], NULL, 0);
                a->local_off = local_arena_size;
                local_arena_size += (a->bytes + 127) & ~(size_t)127;
            } else if (!strcmp(tok[1], "int")) {
                a->kind = ARG_INT;
                a->ival = strtoll(tok[2], NULL, 0);
            } else die("unknown arg kind '%s'", tok[1]);
        } else die("unknown directive '%s'", tok[0]);
    }
    fclose(f);
    for (int d = 0; d < 3; d++) {
        if (!gas_lsize[d] || gsize[d] % gas_lsize[d]) die("local size must divide global size%s", "");
        ngroups[d] = gsize[d] / gas_lsize[d];
    }
    if (gas_lsize[0] * gas_lsize[1] * gas_lsize[2] > MAX_WI) die("work-group too large%s", "");
}

/* ---------------- execution ---------------- */
static kernel_fn launch_fn;
static intptr_t call_args[MAX_ARGS];

static void *wi_main(void *arg) {
    gas_cur = (struct wi *)arg;
    launch_fn(call_args[0], call_args[1], call_args[2], call_args[3], call_args[4], call_args[5],
              call_args[6], call_args[7]);
    return NULL;
}

/* One ND-range launch of fn over gsize/gas_lsize/goff (call_args already set):
 * one thread per work-item of a group, groups one after another. */
static void run_ndrange(kernel_fn fn) {
    for (int d = 0; d < 3; d++) {
        if (!gas_lsize[d] || gsize[d] % gas_lsize[d]) die("local size must divide global size%s", "");
        ngroups[d] = gsize[d] / gas_lsize[d];
    }
    size_t nwi = gas_lsize[0] * gas_lsize[1] * gas_lsize[2];
    if (nwi > MAX_WI) die("work-group too large%s", "");
    launch_fn = fn;
    struct wi *wis = calloc(nwi, sizeof *wis);
    unsigned char *stacks = mmap(NULL, nwi * STACK_SIZE, PROT_READ | PROT_WRITE,
                                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (!wis || stacks == MAP_FAILED) die("oom%s", "");
    if (pthread_barrier_init(&wg_barrier, NULL, (unsigned)nwi)) die("barrier init failed%s", "");

    for (size_t gz = 0; gz < ngroups[2]; gz++)
        for (size_t gy = 0; gy < ngroups[1]; gy++)
            for (size_t gx = 0; gx < ngroups[0]; gx++) {
                /* local memory is uninitialized in OpenCL; give it a fixed
                 * content per group so that a buggy read is at least
                 * deterministic */
                if (local_arena) memset(local_arena, 0, local_arena_size);
                size_t w = 0;
                for (size_t lz = 0; lz < gas_lsize[2]; lz++)
                    for (size_t ly = 0; ly < gas_lsize[1]; ly++)
                        for (size_t lx = 0; lx < gas_lsize[0]; lx++, w++) {
                            struct wi *t = &wis[w];
                            t->lid[0] = lx; t->lid[1] = ly; t->lid[2] = lz;
                            t->grp[0] = gx; t->grp[1] = gy; t->grp[2] = gz;
                            unsigned char *st = stacks + w * STACK_SIZE;
                            t->stack_lo = (uintptr_t)st;
                            t->stack_hi = (uintptr_t)st + STACK_SIZE;
                            pthread_attr_t attr;
                            pthread_attr_init(&attr);
                            if (pthread_attr_setstack(&attr, st, STACK_SIZE)) die("setstack failed%s", "");
                            int r = pthread_create(&t->thread, &attr, wi_main, t);
                            if (r) die("pthread_create: %s", strerror(r));
                            pthread_attr_destroy(&attr);
                        }
                for (size_t i = 0; i < nwi; i++) pthread_join(wis[i].thread, NULL);
            }
    pthread_barrier_destroy(&wg_barrier);
    munmap(stacks, nwi * STACK_SIZE);
    free(wis);
    launch_no++;
}

/* Run the enqueued blocks (see __enqueue_kernel_basic), round by round. */
static void run_enqueued(void) {
    unsigned done = 0;
    while (done < nenq) {
        unsigned end = nenq;
        qsort(enqs + done, end - done, sizeof *enqs, enq_cmp);
        for (unsigned i = done; i < end; i++) {
            struct enq *e = &enqs[i];
            work_dim = e->nd.dim;
            for (unsigned d = 0; d < 3; d++) {
                gsize[d] = e->nd.gs[d];
                goff[d] = e->nd.off[d];
                gas_lsize[d] = e->nd.ls[d];
                if (!gas_lsize[d])
                    for (gas_lsize[d] = d ? 4 : 16; gsize[d] % gas_lsize[d]; gas_lsize[d]--) {}
            }
            memset(call_args, 0, sizeof call_args);
            call_args[0] = (intptr_t)e->block;
            run_ndrange(e->fn);
        }
        done = end;
    }
}

static void print_buffers(void) {
    for (int i = 0; i < nargs; i++) {
        struct arg *a = &args[i];
        if (a->kind != ARG_GLOBAL) continue;
        printf("arg%d %s[%zu]:", i, ty_names[a->ty], a->count);
        for (size_t k = 0; k < a->count; k++) {
            unsigned char *p = a->mem + k * ty_sizes[a->ty];
            if (k % 8 == 0) printf("\n ");
            switch (a->ty) {
            case T_I8: { int8_t v; memcpy(&v, p, 1); printf(" %d", v); break; }
            case T_U8: { uint8_t v; memcpy(&v, p, 1); printf(" %u", v); break; }
            case T_I16: { int16_t v; memcpy(&v, p, 2); printf(" %d", v); break; }
            case T_U16: { uint16_t v; memcpy(&v, p, 2); printf(" %u", v); break; }
            case T_I32: { int32_t v; memcpy(&v, p, 4); printf(" %" PRId32, v); break; }
            case T_U32: { uint32_t v; memcpy(&v, p, 4); printf(" %" PRIu32, v); break; }
            case T_I64: { int64_t v; memcpy(&v, p, 8); printf(" %" PRId64, v); break; }
            case T_U64: { uint64_t v; memcpy(&v, p, 8); printf(" %" PRIu64, v); break; }
            case T_F32: { float v; memcpy(&v, p, 4); printf(" %.9g", v); break; }
            case T_F64: { double v; memcpy(&v, p, 8); printf(" %.17g", v); break; }
            }
        }
        printf("\n");
        /* the padding after the buffer must be untouched (catches overruns) */
        for (size_t k = 0; k < GUARD; k++)
            if (a->mem[a->bytes + k]) {
                printf("arg%d: WRITE PAST END OF BUFFER\n", i);
                break;
            }
    }
    /* the driver's padding after the program-scope variables and the block
     * literal copies must be untouched too */
    for (size_t k = 0; k < GUARD; k++)
        if (global_vars_pad[k] || local_vars_pad[k]) {
            printf("program-scope variables: WRITE PAST END OF THE %s VARIABLES\n",
                   global_vars_pad[k] ? "GLOBAL" : "LOCAL");
            break;
        }
    for (unsigned i = 0; i < nenq; i++)
        for (size_t k = 0; k < GUARD; k++)
            if (enqs[i].block[enqs[i].bytes + k]) {
                printf("enqueued block %u: WRITE PAST END OF THE BLOCK LITERAL\n", i);
                break;
            }
}

int main(int argc, char **argv) {
    bool dry = argc == 3 && !strcmp(argv[1], "--dry");
    if (argc != 2 && !dry) {
        fprintf(stderr, "usage: %s [--dry] <spec-file>\n", argv[0]);
        return 2;
    }
    parse_spec(argv[argc - 1]);
    if (dry) {
        print_buffers();
        return 0;
    }
    if (local_arena_size && posix_memalign((void **)&local_arena, 128, local_arena_size)) die("oom%s", "");
    for (int i = 0; i < nargs; i++) {
        struct arg *a = &args[i];
        call_args[i] = a->kind == ARG_GLOBAL ? (intptr_t)a->mem
                       : a->kind == ARG_LOCAL ? (intptr_t)(local_arena + a->local_off)
                                              : (intptr_t)a->ival;
    }
    run_ndrange((kernel_fn)(void *)gas_kernel_entry);
    run_enqueued();
    print_buffers();
    return 0;
}
