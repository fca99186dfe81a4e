/* What driver.c and driver_library.c share (prefixed gas_: the kernel's own
 * symbols are linked beside them): the running work-item, the
 * work-group barrier and the address-space oracle (see driver.c). */
#ifndef GAS_EXECUTION_DRIVER_H
#define GAS_EXECUTION_DRIVER_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Per-work-item state, reachable from thread-local storage. */
struct wi {
    size_t lid[3], grp[3];
    uintptr_t stack_lo, stack_hi;
    pthread_t thread;
};
extern __thread struct wi *gas_cur;

/* A generic pointer with its gas tag (bits 61..63) decoded the way the
 * lowering does (shl 4, ashr 4 restores the canonical upper bits); untagged
 * pointers come back unchanged. */
#define GENERIC(p) ((__typeof__(p))(((intptr_t)(p) << 4) >> 4))

/* The local work size of the running kernel. */
extern size_t gas_lsize[3];

/* A real barrier across the work-group (barrier(), wait_group_events). */
void gas_wg_wait(void);

/* Where a pointer points: program-scope variables by ELF section, buffers,
 * the work-item's stack and the work-group's local arena. */
bool gas_in_global_var(uintptr_t p);
bool gas_in_local_var(uintptr_t p);
bool gas_in_constant_var(uintptr_t p);
bool gas_in_global(uintptr_t p);
bool gas_in_private(uintptr_t p);
bool gas_in_local(uintptr_t p);

#endif /* GAS_EXECUTION_DRIVER_H */
