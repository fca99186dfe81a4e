/* gas's passes in MLIR's pass registry: what MLIR 22's C API cannot do.
 *
 * MLIR's C API runs passes written outside MLIR (`mlirCreateExternalPass`)
 * but cannot register them under a name its textual pipeline parser knows,
 * nor give them options. This layer defines one C++ pass class whose
 * instances stand for gas's passes: each registered with its argument
 * (`gas-propagate`), description and options (strings, parsed by MLIR's own
 * option parser and checked by gas), running through callbacks into Rust.
 * Nothing here decides anything about IR. */
#ifndef GAS_CAPI_PASSES_H
#define GAS_CAPI_PASSES_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A string that is not NUL-terminated. */
typedef struct {
  const char *data;
  size_t length;
} GasCxxString;

/* Receives a message; `user_data` is the caller's. */
typedef void (*GasCxxMessage)(const char *data, size_t length,
                              void *user_data);

/* What gas does for a registered pass; `step` is the pass's own number. */
typedef struct {
  /* Checks `options` (`name=value` pairs, space-separated, as MLIR prints
   * them); on failure passes the reason, naming the option, to `error`. */
  bool (*check_options)(size_t step, GasCxxString options,
                        GasCxxMessage error, void *user_data);
  /* Loads the gas dialect (and the dialects it needs) into `context` (an
   * `mlir::MLIRContext *`). */
  bool (*prepare_context)(void *context);
  /* Runs the pass on `operation` (an `mlir::Operation *`); failures are
   * reported as MLIR diagnostics. */
  bool (*run)(size_t step, GasCxxString options, void *operation);
} GasCxxCallbacks;

/* One option of a pass. */
typedef struct {
  GasCxxString name;
  GasCxxString description;
} GasCxxOption;

/* One pass. The strings are copied. */
typedef struct {
  size_t step;
  GasCxxString argument;
  GasCxxString description;
  const GasCxxOption *options;
  size_t option_count;
} GasCxxPass;

/* Registers each of `passes` with MLIR's pass registry, calling `callbacks`
 * when they run. Only the first call registers; later ones (a plugin loaded
 * twice) return false and change nothing. */
bool gasCxxRegisterPasses(const GasCxxPass *passes, size_t count,
                          GasCxxCallbacks callbacks);

/* Emits `message` as a warning at `location` (an `MlirLocation`'s pointer):
 * MLIR's C API emits errors only. */
void gasCxxEmitWarning(const void *location, GasCxxString message);

#ifdef __cplusplus
}
#endif

#endif /* GAS_CAPI_PASSES_H */
