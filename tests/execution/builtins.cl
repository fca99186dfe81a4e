// OpenCL builtin library of the execution harness: the builtins that take
// pointers (so that their overloads differ by address space), written in
// OpenCL C from the specification, compiled by run.sh with the same clang
// (spir64, then the same retargeting to x86_64 as a kernel) so that
//   * every mangled name is clang's own: each function below DEFINES an
//     overload that opencl-c.h declares (a definition that matched no
//     declaration would get a different name and the kernels would not link);
//   * the calling convention is exactly the kernels' (vectors such as float16
//     are passed as LLVM vectors, which C code could not match).
//
// One source, three parts, selected by a macro (see run.sh, build_libs):
//   GAS_PART_GENERIC  -cl-std=CL2.0: the generic overloads (PU3AS4 pointers)
//                     and get_fence. A generic pointer may carry gas's tag
//                     (bits 61..63: 001 private, 010 local, 000/111 global)
//                     once the kernel has been lowered; __gas_bi_generic
//                     (driver.c) checks the tag against the memory it points
//                     to and returns the decoded address (shl 4, ashr 4).
//   GAS_PART_NAMED12  -cl-std=CL1.2: the named overloads of the math, vload/
//                     vstore and vload_half/vstore_half functions (global
//                     PU3AS1, local PU3AS3, private unqualified).
//   GAS_PART_NAMED30  -cl-std=CL3.0 without __opencl_c_generic_address_space:
//                     the named overloads of the C11 atomic functions
//                     (global and local objects; compare-exchange also for
//                     every space of `expected`).
// Every named overload calls __gas_bi_named first, which stops the run with
// an ADDRESS-SPACE VIOLATION (exit 3) when the pointer is tagged or not in
// memory of the overload's space: a rewrite that picked the wrong overload is
// caught there. The library's own named accesses are instrumented by
// spacecheck.awk as well.
//
// The generic library (run.sh --library generic, the default, always used for
// reference runs) links all three parts; the named library (--library named)
// only the two named parts, so a kernel still calling a generic overload does
// not link.
//
// Gentypes provided: math (fract, modf, sincos, frexp, lgamma_r, remquo) for
// float, float2, float3, float4, float8, float16; vloadn/vstoren (n = 2, 3, 4,
// 8, 16) for char, uchar, short, ushort, int, uint, long, ulong, float;
// vload_half/vstore_half and vload_halfn/vstore_halfn (float data, round to
// nearest even); C11 atomics for atomic_int and atomic_uint. No double, no
// vstore_half_rt*, no vloada_half.
// Vector results are built and pointer targets written element by element
// (a 3-element vector's padding lane is never written).

#define OVL __attribute__((overloadable))

// driver.c
ulong __gas_bi_generic(ulong p, __constant char *fn);
void __gas_bi_named(ulong p, int space, __constant char *fn);
uint __gas_bi_fence(ulong p);
float __gas_floorf(float x);
float __gas_truncf(float x);
float __gas_modff(float x);
float __gas_sinf(float x);
float __gas_cosf(float x);
float __gas_frexpf(float x);
int __gas_frexpf_exp(float x);
float __gas_lgammaf_r(float x);
int __gas_lgammaf_r_sign(float x);
float __gas_remquof(float x, float y);
int __gas_remquof_quo(float x, float y);
float __gas_half_to_float(uint h);
uint __gas_float_to_half_rte(float f);

#if defined(GAS_PART_GENERIC)
#define PTR(p, SP, fn) ((__typeof__(p))__gas_bi_generic((ulong)(p), fn))
#define ALL_SPACES(M, ...) M(, 4, __VA_ARGS__)
#define ATOMIC_SPACES(M, ...) M(, 4, __VA_ARGS__)
#define CAS_SPACES(M, ...) M(, 4, , 4, __VA_ARGS__)
#else
#define PTR(p, SP, fn) (__gas_bi_named((ulong)(p), SP, fn), (p))
#define ALL_SPACES(M, ...) M(__global, 1, __VA_ARGS__) M(__local, 3, __VA_ARGS__) M(__private, 0, __VA_ARGS__)
#define ATOMIC_SPACES(M, ...) M(__global, 1, __VA_ARGS__) M(__local, 3, __VA_ARGS__)
#define CAS_SPACES(M, ...)                                                                         \
    M(__global, 1, __global, 1, __VA_ARGS__) M(__global, 1, __local, 3, __VA_ARGS__)               \
    M(__global, 1, __private, 0, __VA_ARGS__) M(__local, 3, __global, 1, __VA_ARGS__)              \
    M(__local, 3, __local, 3, __VA_ARGS__) M(__local, 3, __private, 0, __VA_ARGS__)
#endif

// elements of a private vector (or scalar) value
#define EL(E, v) ((__private E *)&(v))

#if defined(GAS_PART_GENERIC) || defined(GAS_PART_NAMED12)
// ---------------------------------------------------------------- math
#define FLOATN(M, ...) M(float, int, __VA_ARGS__) M(float2, int2, __VA_ARGS__) M(float3, int3, __VA_ARGS__) \
    M(float4, int4, __VA_ARGS__) M(float8, int8, __VA_ARGS__) M(float16, int16, __VA_ARGS__)

// fract(x, iptr): fmin(x - floor(x), 0x1.fffffep-1f), floor(x) into *iptr
#define DEF_FRACT(F, I, AS, SP)                                                                    \
    F OVL fract(F x, AS F *iptr) {                                                                 \
        AS float *q = (AS float *)PTR(iptr, SP, "fract");                                          \
        F r = (F)(0.0f);                                                                           \
        for (int i = 0; i < vec_step(F); i++) {                                                    \
            float fl = __gas_floorf(EL(float, x)[i]);                                              \
            q[i] = fl;                                                                             \
            float d = EL(float, x)[i] - fl;                                                        \
            EL(float, r)[i] = d < 0x1.fffffep-1f ? d : 0x1.fffffep-1f;                             \
        }                                                                                          \
        return r;                                                                                  \
    }
// modf(x, iptr): fractional part (sign of x), integral part into *iptr
#define DEF_MODF(F, I, AS, SP)                                                                     \
    F OVL modf(F x, AS F *iptr) {                                                                  \
        AS float *q = (AS float *)PTR(iptr, SP, "modf");                                           \
        F r = (F)(0.0f);                                                                           \
        for (int i = 0; i < vec_step(F); i++) {                                                    \
            q[i] = __gas_truncf(EL(float, x)[i]);                                                  \
            EL(float, r)[i] = __gas_modff(EL(float, x)[i]);                                        \
        }                                                                                          \
        return r;                                                                                  \
    }
// sincos(x, cosval): sin(x), cos(x) into *cosval
#define DEF_SINCOS(F, I, AS, SP)                                                                   \
    F OVL sincos(F x, AS F *cosval) {                                                              \
        AS float *q = (AS float *)PTR(cosval, SP, "sincos");                                       \
        F r = (F)(0.0f);                                                                           \
        for (int i = 0; i < vec_step(F); i++) {                                                    \
            q[i] = __gas_cosf(EL(float, x)[i]);                                                    \
            EL(float, r)[i] = __gas_sinf(EL(float, x)[i]);                                         \
        }                                                                                          \
        return r;                                                                                  \
    }
// frexp(x, exp): mantissa in [0.5, 1), exponent into *exp
#define DEF_FREXP(F, I, AS, SP)                                                                    \
    F OVL frexp(F x, AS I *exp) {                                                                  \
        AS int *q = (AS int *)PTR(exp, SP, "frexp");                                               \
        F r = (F)(0.0f);                                                                           \
        for (int i = 0; i < vec_step(F); i++) {                                                    \
            q[i] = __gas_frexpf_exp(EL(float, x)[i]);                                              \
            EL(float, r)[i] = __gas_frexpf(EL(float, x)[i]);                                       \
        }                                                                                          \
        return r;                                                                                  \
    }
// lgamma_r(x, signp): log|gamma(x)|, sign of gamma(x) (+1/-1) into *signp
#define DEF_LGAMMA_R(F, I, AS, SP)                                                                 \
    F OVL lgamma_r(F x, AS I *signp) {                                                             \
        AS int *q = (AS int *)PTR(signp, SP, "lgamma_r");                                          \
        F r = (F)(0.0f);                                                                           \
        for (int i = 0; i < vec_step(F); i++) {                                                    \
            q[i] = __gas_lgammaf_r_sign(EL(float, x)[i]);                                          \
            EL(float, r)[i] = __gas_lgammaf_r(EL(float, x)[i]);                                    \
        }                                                                                          \
        return r;                                                                                  \
    }
// remquo(x, y, quo): IEEE remainder x - k*y (k = x/y rounded to nearest even);
// *quo = sign(x/y) * (|k| mod 8), i.e. exactly the 3 low bits the spec asks for
#define DEF_REMQUO(F, I, AS, SP)                                                                   \
    F OVL remquo(F x, F y, AS I *quo) {                                                            \
        AS int *q = (AS int *)PTR(quo, SP, "remquo");                                              \
        F r = (F)(0.0f);                                                                           \
        for (int i = 0; i < vec_step(F); i++) {                                                    \
            q[i] = __gas_remquof_quo(EL(float, x)[i], EL(float, y)[i]);                            \
            EL(float, r)[i] = __gas_remquof(EL(float, x)[i], EL(float, y)[i]);                     \
        }                                                                                          \
        return r;                                                                                  \
    }
#define DEF_MATH_AS(AS, SP, F, I, DEF) DEF(F, I, AS, SP)
#define MATH_ALL(F, I, DEF) ALL_SPACES(DEF_MATH_AS, F, I, DEF)
FLOATN(MATH_ALL, DEF_FRACT)
FLOATN(MATH_ALL, DEF_MODF)
FLOATN(MATH_ALL, DEF_SINCOS)
FLOATN(MATH_ALL, DEF_FREXP)
FLOATN(MATH_ALL, DEF_LGAMMA_R)
FLOATN(MATH_ALL, DEF_REMQUO)

// ---------------------------------------------------------------- vloadn / vstoren
// vloadn(offset, p): elements p[offset*n + i]; vstoren(data, offset, p) writes them
#define DEF_VLOADN(AS, SP, E, N)                                                                   \
    E##N OVL vload##N(size_t offset, const AS E *p) {                                              \
        const AS E *q = PTR(p, SP, "vload" #N);                                                    \
        E##N r = (E##N)(0);                                                                        \
        for (int i = 0; i < N; i++) EL(E, r)[i] = q[offset * N + i];                               \
        return r;                                                                                  \
    }                                                                                              \
    void OVL vstore##N(E##N data, size_t offset, AS E *p) {                                        \
        AS E *q = PTR(p, SP, "vstore" #N);                                                         \
        for (int i = 0; i < N; i++) q[offset * N + i] = EL(E, data)[i];                            \
    }
#define VLOAD_ALLN(E) ALL_SPACES(DEF_VLOADN, E, 2) ALL_SPACES(DEF_VLOADN, E, 3)                    \
    ALL_SPACES(DEF_VLOADN, E, 4) ALL_SPACES(DEF_VLOADN, E, 8) ALL_SPACES(DEF_VLOADN, E, 16)
VLOAD_ALLN(char)
VLOAD_ALLN(uchar)
VLOAD_ALLN(short)
VLOAD_ALLN(ushort)
VLOAD_ALLN(int)
VLOAD_ALLN(uint)
VLOAD_ALLN(long)
VLOAD_ALLN(ulong)
VLOAD_ALLN(float)

// ---------------------------------------------------------------- vload_half / vstore_half
// half data is handled as its 16 bits (ushort): vload_half converts exactly,
// vstore_half rounds to nearest even (the default rounding mode)
#define DEF_HALF1(AS, SP, unused)                                                                  \
    float OVL vload_half(size_t offset, const AS half *p) {                                        \
        const AS ushort *q = (const AS ushort *)PTR(p, SP, "vload_half");                          \
        return __gas_half_to_float(q[offset]);                                                     \
    }                                                                                              \
    void OVL vstore_half(float data, size_t offset, AS half *p) {                                  \
        AS ushort *q = (AS ushort *)PTR(p, SP, "vstore_half");                                     \
        q[offset] = (ushort)__gas_float_to_half_rte(data);                                         \
    }
#define DEF_HALFN(AS, SP, N)                                                                       \
    float##N OVL vload_half##N(size_t offset, const AS half *p) {                                  \
        const AS ushort *q = (const AS ushort *)PTR(p, SP, "vload_half" #N);                       \
        float##N r = (float##N)(0.0f);                                                             \
        for (int i = 0; i < N; i++) EL(float, r)[i] = __gas_half_to_float(q[offset * N + i]);      \
        return r;                                                                                  \
    }                                                                                              \
    void OVL vstore_half##N(float##N data, size_t offset, AS half *p) {                            \
        AS ushort *q = (AS ushort *)PTR(p, SP, "vstore_half" #N);                                  \
        for (int i = 0; i < N; i++) q[offset * N + i] = (ushort)__gas_float_to_half_rte(EL(float, data)[i]); \
    }
ALL_SPACES(DEF_HALF1, 0)
ALL_SPACES(DEF_HALFN, 2)
ALL_SPACES(DEF_HALFN, 3)
ALL_SPACES(DEF_HALFN, 4)
ALL_SPACES(DEF_HALFN, 8)
ALL_SPACES(DEF_HALFN, 16)
#endif // generic or named math

#if defined(GAS_PART_GENERIC)
// ---------------------------------------------------------------- get_fence
// CLK_GLOBAL_MEM_FENCE for global memory, CLK_LOCAL_MEM_FENCE for local
// memory, 0 for private memory (no fence flag covers it; SPIR-V's
// OpGenericPtrMemSemantics sets no storage-class bit for Function storage).
cl_mem_fence_flags OVL get_fence(void *p) { return __gas_bi_fence((ulong)p); }
cl_mem_fence_flags OVL get_fence(const void *p) { return __gas_bi_fence((ulong)p); }
#endif

#if defined(GAS_PART_GENERIC) || defined(GAS_PART_NAMED30)
// ---------------------------------------------------------------- C11 atomics
// All sequentially consistent at device scope (at least as strong as any
// order/scope asked for); compare_exchange_weak never fails spuriously.
#define SC memory_order_seq_cst
#define DEV memory_scope_device
#define DEF_AT_BASIC(AS, SP, T, A)                                                                 \
    void OVL atomic_init(volatile AS A *o, T v) {                                                  \
        __opencl_atomic_init(PTR(o, SP, "atomic_init"), v);                                        \
    }                                                                                              \
    void OVL atomic_store(volatile AS A *o, T v) {                                                 \
        __opencl_atomic_store(PTR(o, SP, "atomic_store"), v, SC, DEV);                             \
    }                                                                                              \
    void OVL atomic_store_explicit(volatile AS A *o, T v, memory_order m) {                        \
        __opencl_atomic_store(PTR(o, SP, "atomic_store_explicit"), v, SC, DEV);                    \
    }                                                                                              \
    void OVL atomic_store_explicit(volatile AS A *o, T v, memory_order m, memory_scope s) {        \
        __opencl_atomic_store(PTR(o, SP, "atomic_store_explicit"), v, SC, DEV);                    \
    }                                                                                              \
    T OVL atomic_load(volatile AS A *o) {                                                          \
        return __opencl_atomic_load(PTR(o, SP, "atomic_load"), SC, DEV);                           \
    }                                                                                              \
    T OVL atomic_load_explicit(volatile AS A *o, memory_order m) {                                 \
        return __opencl_atomic_load(PTR(o, SP, "atomic_load_explicit"), SC, DEV);                  \
    }                                                                                              \
    T OVL atomic_load_explicit(volatile AS A *o, memory_order m, memory_scope s) {                 \
        return __opencl_atomic_load(PTR(o, SP, "atomic_load_explicit"), SC, DEV);                  \
    }                                                                                              \
    T OVL atomic_exchange(volatile AS A *o, T v) {                                                 \
        return __opencl_atomic_exchange(PTR(o, SP, "atomic_exchange"), v, SC, DEV);                \
    }                                                                                              \
    T OVL atomic_exchange_explicit(volatile AS A *o, T v, memory_order m) {                        \
        return __opencl_atomic_exchange(PTR(o, SP, "atomic_exchange_explicit"), v, SC, DEV);       \
    }                                                                                              \
    T OVL atomic_exchange_explicit(volatile AS A *o, T v, memory_order m, memory_scope s) {        \
        return __opencl_atomic_exchange(PTR(o, SP, "atomic_exchange_explicit"), v, SC, DEV);       \
    }
#define DEF_AT_FETCH(AS, SP, T, A, OP)                                                             \
    T OVL atomic_fetch_##OP(volatile AS A *o, T v) {                                               \
        return __opencl_atomic_fetch_##OP(PTR(o, SP, "atomic_fetch_" #OP), v, SC, DEV);            \
    }                                                                                              \
    T OVL atomic_fetch_##OP##_explicit(volatile AS A *o, T v, memory_order m) {                    \
        return __opencl_atomic_fetch_##OP(PTR(o, SP, "atomic_fetch_" #OP "_explicit"), v, SC, DEV); \
    }                                                                                              \
    T OVL atomic_fetch_##OP##_explicit(volatile AS A *o, T v, memory_order m, memory_scope s) {    \
        return __opencl_atomic_fetch_##OP(PTR(o, SP, "atomic_fetch_" #OP "_explicit"), v, SC, DEV); \
    }
// compare-exchange: the object in space ASO, `expected` in space ASE
#define CAS_BODY(ASO, SPO, ASE, SPE, T, fn)                                                        \
    {                                                                                              \
        __typeof__(o) oo = PTR(o, SPO, fn);                                                        \
        __typeof__(expected) ee = PTR(expected, SPE, fn);                                          \
        T e = *ee;                                                                                 \
        bool ok = __opencl_atomic_compare_exchange_strong(oo, &e, desired, SC, SC, DEV);           \
        if (!ok) *ee = e;                                                                          \
        return ok;                                                                                 \
    }
#define DEF_AT_CAS(ASO, SPO, ASE, SPE, T, A, KIND)                                                 \
    bool OVL atomic_compare_exchange_##KIND(volatile ASO A *o, ASE T *expected, T desired)         \
        CAS_BODY(ASO, SPO, ASE, SPE, T, "atomic_compare_exchange_" #KIND)                          \
    bool OVL atomic_compare_exchange_##KIND##_explicit(volatile ASO A *o, ASE T *expected,         \
                                                       T desired, memory_order s, memory_order f)  \
        CAS_BODY(ASO, SPO, ASE, SPE, T, "atomic_compare_exchange_" #KIND "_explicit")              \
    bool OVL atomic_compare_exchange_##KIND##_explicit(volatile ASO A *o, ASE T *expected,         \
                                                       T desired, memory_order s, memory_order f,  \
                                                       memory_scope sc)                            \
        CAS_BODY(ASO, SPO, ASE, SPE, T, "atomic_compare_exchange_" #KIND "_explicit")
#define DEF_AT_FLAG(AS, SP, unused)                                                                \
    bool OVL atomic_flag_test_and_set(volatile AS atomic_flag *o) {                                \
        return __opencl_atomic_exchange(PTR(o, SP, "atomic_flag_test_and_set"), 1, SC, DEV) != 0;  \
    }                                                                                              \
    bool OVL atomic_flag_test_and_set_explicit(volatile AS atomic_flag *o, memory_order m) {       \
        return __opencl_atomic_exchange(PTR(o, SP, "atomic_flag_test_and_set_explicit"), 1, SC, DEV) != 0; \
    }                                                                                              \
    bool OVL atomic_flag_test_and_set_explicit(volatile AS atomic_flag *o, memory_order m,         \
                                               memory_scope s) {                                   \
        return __opencl_atomic_exchange(PTR(o, SP, "atomic_flag_test_and_set_explicit"), 1, SC, DEV) != 0; \
    }                                                                                              \
    void OVL atomic_flag_clear(volatile AS atomic_flag *o) {                                       \
        __opencl_atomic_store(PTR(o, SP, "atomic_flag_clear"), 0, SC, DEV);                        \
    }                                                                                              \
    void OVL atomic_flag_clear_explicit(volatile AS atomic_flag *o, memory_order m) {              \
        __opencl_atomic_store(PTR(o, SP, "atomic_flag_clear_explicit"), 0, SC, DEV);               \
    }                                                                                              \
    void OVL atomic_flag_clear_explicit(volatile AS atomic_flag *o, memory_order m, memory_scope s) { \
        __opencl_atomic_store(PTR(o, SP, "atomic_flag_clear_explicit"), 0, SC, DEV);               \
    }
#define DEF_AT_ALL(AS, SP, T, A)                                                                   \
    DEF_AT_BASIC(AS, SP, T, A)                                                                     \
    DEF_AT_FETCH(AS, SP, T, A, add) DEF_AT_FETCH(AS, SP, T, A, sub)                                \
    DEF_AT_FETCH(AS, SP, T, A, or) DEF_AT_FETCH(AS, SP, T, A, xor)                                 \
    DEF_AT_FETCH(AS, SP, T, A, and) DEF_AT_FETCH(AS, SP, T, A, min)                                \
    DEF_AT_FETCH(AS, SP, T, A, max)
#define DEF_CAS_ALL(ASO, SPO, ASE, SPE, T, A)                                                      \
    DEF_AT_CAS(ASO, SPO, ASE, SPE, T, A, strong) DEF_AT_CAS(ASO, SPO, ASE, SPE, T, A, weak)
ATOMIC_SPACES(DEF_AT_ALL, int, atomic_int)
ATOMIC_SPACES(DEF_AT_ALL, uint, atomic_uint)
CAS_SPACES(DEF_CAS_ALL, int, atomic_int)
CAS_SPACES(DEF_CAS_ALL, uint, atomic_uint)
ATOMIC_SPACES(DEF_AT_FLAG, 0)
#endif // generic or named atomics
