/* The LLVM IR boundary of gas: what MLIR 22's C API lacks.
 *
 * - Reading `.ll`/`.bc` in process with LLVM's own parser and importing it
 *   with MLIR's importer (`mlir::translateLLVMIRToModule`), which the C API
 *   does not expose.
 * - Keeping the parsed module beside the MLIR one, so that the export can
 *   put back what MLIR's importer drops (the layout string, named metadata,
 *   metadata attachments, global flags, attributes, unknown intrinsics,
 *   value names).
 *
 * Every function reports through callbacks and return values; nothing
 * aborts on bad input. Strings passed to callbacks are valid only during the
 * call. */
#ifndef GAS_LLVM_BOUNDARY_H
#define GAS_LLVM_BOUNDARY_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Receives `length` bytes at `data`; `user_data` is the caller's. */
typedef void (*GasBytesCallback)(const char *data, size_t length,
                                 void *user_data);

/* An LLVM module as read, with its own LLVM context. */
typedef struct GasLlvmSource GasLlvmSource;

/* Parses LLVM IR text or bitcode (told apart by the bitcode magic). `name`
 * names the input in locations. On failure returns NULL and passes
 * `line`, `column` (1-based; 0 when unknown) and the message to `error`. */
GasLlvmSource *gasLlvmSourceParse(const char *data, size_t length,
                                  const char *name,
                                  void (*error)(unsigned line, unsigned column,
                                                const char *message,
                                                size_t length,
                                                void *user_data),
                                  void *user_data);

/* Registers in `context` (an `mlir::MLIRContext *`) the translations between
 * MLIR and LLVM IR of the dialects gas uses (builtin, LLVM, NVVM), both ways.
 * MLIR's C API registers every dialect's export only. */
void gasLlvmRegisterTranslations(void *context);

/* Whether the source carries debug information (`!llvm.dbg.cu`). */
bool gasLlvmSourceHasDebugInfo(const GasLlvmSource *source);

/* Frees the source and its LLVM context. */
void gasLlvmSourceDestroy(GasLlvmSource *source);

/* Imports a copy of the source into an MLIR `builtin.module` in `context`
 * (an `mlir::MLIRContext *`, as in `MlirContext.ptr`). Returns the module's
 * operation (`mlir::Operation *`), or NULL when the importer failed (its
 * errors went to the context's diagnostic handlers). Without debug
 * information in the source, each instruction is located at its line and
 * column of the `.ll` text. Warnings of the importer about what the export
 * puts back are not reported; others go to `warning`. */
void *gasLlvmSourceImport(GasLlvmSource *source, void *context,
                          GasBytesCallback warning, void *user_data);

/* Translates `module` (an `mlir::Operation *`, a `builtin.module` in the
 * LLVM dialect) to LLVM IR, restores what `source` (may be NULL) had and
 * the translation dropped, verifies the result and writes it as text or,
 * with `bitcode`, as bitcode to `output`. What cannot be restored is passed
 * to `warning`, one message per call. Returns false (and passes the reason
 * to `error`, or to the MLIR context's handlers for translation errors)
 * when nothing was written. */
bool gasLlvmExport(void *module, GasLlvmSource *source, bool bitcode,
                   GasBytesCallback output, GasBytesCallback warning,
                   GasBytesCallback error, void *user_data);

#ifdef __cplusplus
}
#endif

#endif /* GAS_LLVM_BOUNDARY_H */
