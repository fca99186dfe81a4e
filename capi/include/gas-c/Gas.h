//===-- gas-c/Gas.h - C API for gas, generic address space resolution --===//
//
// Part of gas, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// This header declares the C interface of `libgas.so`: gas's dialect, its
// passes in MLIR's pass registry, and LLVM IR in and out with what MLIR's
// importer drops put back. It follows MLIR's own C API (`mlir-c/IR.h`):
// handles are MLIR's, errors are MLIR diagnostics on the context (or a
// failed `MlirLogicalResult` / null handle), and nothing aborts on bad input.
//
// `libgas.so` is linked against the installed shared MLIR/LLVM 22
// (`libMLIR.so`), the one `mlir-opt` uses: a program using this header links
// `libgas.so`, MLIR's C API (`libMLIRCAPIIR.a` ...) and `libMLIR.so`, so that
// one MLIR (one registry, one set of type ids) is in the process.
//
// The library is also an `mlir-opt` pass plugin, e.g. `mlir-opt
// --load-pass-plugin=libgas.so
// --pass-pipeline='builtin.module(gas-raise,gas-propagate,gas-lower)'`.
//
//===----------------------------------------------------------------------===//

#ifndef GAS_C_GAS_H
#define GAS_C_GAS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Dialect and passes.
//===----------------------------------------------------------------------===//

/// Registers in `context` the dialects gas reads and produces (LLVM, func,
/// arith, scf, cf, ... and, for LLVM IR, DLTI and NVVM) with their LLVM IR
/// translations, loads them, then loads the gas dialect (defined with IRDL).
/// Idempotent. Fails, with a diagnostic, only if the dialect's definition
/// does not load.
MLIR_CAPI_EXPORTED MlirLogicalResult gasLoadDialect(MlirContext context);

/// Registers every gas pass in MLIR's pass registry by its name
/// (`gas-raise`, `gas-propagate`, ..., `gas-lower`), with a one-line
/// description and its options, so that `mlirParsePassPipeline` (and
/// `mlir::parsePassPipeline`) read `gas-propagate{closed-world=never}`.
/// Idempotent and safe to call from several threads.
///
/// A gas pass runs on a `builtin.module` (given another op, it reports an
/// error there and fails). Without a `target=` option it takes the target
/// from the module's `llvm.target_triple` (SPIR without one). It loads the
/// gas dialect into the context it runs in, and runs gas's verifier after
/// itself. A bad option value fails the pipeline's parsing with a message
/// naming the option and what it takes.
MLIR_CAPI_EXPORTED void gasRegisterPasses(void);

//===----------------------------------------------------------------------===//
// LLVM IR in and out.
//===----------------------------------------------------------------------===//

/// An LLVM module as read (`.ll` text or bitcode), kept beside the MLIR
/// module imported from it so that the export can put back what MLIR's
/// importer drops (kernel argument metadata, named metadata,
/// `externally_initialized`, the data layout string, unknown intrinsics,
/// value names, ...). Owned by the caller: free with `gasLLVMSourceDestroy`.
typedef struct GasLLVMSource {
  void *ptr;
} GasLLVMSource;

/// Returns true if `source` is null (reading failed).
static inline bool gasLLVMSourceIsNull(GasLLVMSource source) {
  return !source.ptr;
}

/// Reads LLVM IR `bytes` (text or bitcode, told apart by the bitcode magic);
/// `name` names the input in locations. On failure returns a null source and
/// emits an error on `context` at `name:line:col`.
MLIR_CAPI_EXPORTED GasLLVMSource gasLLVMSourceParse(MlirContext context,
                                                    MlirStringRef bytes,
                                                    MlirStringRef name);

/// Imports `source` into `context` as a `builtin.module` in the LLVM
/// dialect (loading what `gasLoadDialect` loads first). Without debug
/// information, instructions are located at their line and column of the
/// `.ll` text. Returns a null module on failure (MLIR's importer reported
/// why on the context); warnings are emitted on the context.
MLIR_CAPI_EXPORTED MlirModule gasLLVMSourceImport(GasLLVMSource source,
                                                  MlirContext context);

/// Frees `source` (a null source is ignored).
MLIR_CAPI_EXPORTED void gasLLVMSourceDestroy(GasLLVMSource source);

/// Translates `module` (LLVM dialect only: run `gas-lower` first) to LLVM
/// IR, puts back what `source` had and MLIR dropped (`source` may be null:
/// nothing is put back), verifies the result with LLVM's verifier and passes
/// it, as text or with `bitcode` as bitcode, to `callback` (possibly in
/// several pieces). What could not be put back is emitted as warnings on the
/// module's context. On failure nothing is passed to `callback`, the reason
/// is emitted as an error, and the result is a failure.
MLIR_CAPI_EXPORTED MlirLogicalResult
gasExportLLVMIR(MlirModule module, GasLLVMSource source, bool bitcode,
                MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif // GAS_C_GAS_H
