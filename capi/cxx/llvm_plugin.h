/* gas as an LLVM new-pass-manager plugin: what LLVM requires in C++.
 *
 * `opt -load-pass-plugin=libgas.so -passes='gas<...>'` and `clang
 * -fpass-plugin=libgas.so` call the library's `llvmGetPassPluginInfo`
 * (defined in Rust, which alone decides what the library exports), whose
 * callback is `gasCxxRegisterLLVMPassBuilderCallbacks` below. The pass it
 * registers prints the module as LLVM IR text, hands it to Rust (the same
 * driver as `gas-opt`), reads the bitcode that comes back into the same
 * `LLVMContext` and moves its contents into the same `llvm::Module`, and
 * reports gas's diagnostics through the context's diagnostic handler.
 * Nothing here decides anything about IR. */
#ifndef GAS_CAPI_LLVM_PLUGIN_H
#define GAS_CAPI_LLVM_PLUGIN_H

#include "passes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How bad a diagnostic is (LLVM's `DiagnosticSeverity` order). */
typedef enum {
  GAS_CXX_ERROR = 0,
  GAS_CXX_WARNING = 1,
  GAS_CXX_REMARK = 2,
  GAS_CXX_NOTE = 3,
} GasCxxSeverity;

/* Receives one diagnostic, its location already in `message`. */
typedef void (*GasCxxDiagnostic)(GasCxxSeverity severity, GasCxxString message,
                                 void *user_data);

/* What gas does for the LLVM pass. */
typedef struct {
  /* Checks the parameters between `gas<` and `>`; on failure passes the
   * reason to `error`. */
  bool (*check_parameters)(GasCxxString parameters, GasCxxMessage error,
                           void *user_data);
  /* Runs gas with `parameters` on `module_text` (the module `name` as LLVM
   * IR text): passes the result, LLVM bitcode, to `output` and each
   * diagnostic to `diagnostic`; returns whether it succeeded (no output
   * otherwise). */
  bool (*run)(GasCxxString module_text, GasCxxString name,
              GasCxxString parameters, GasCxxMessage output,
              GasCxxDiagnostic diagnostic, void *user_data);
} GasCxxLLVMPassCallbacks;

/* Sets what the pass calls; before the pass builder asks for it. */
void gasCxxSetLLVMPassCallbacks(GasCxxLLVMPassCallbacks callbacks);

/* `PassPluginLibraryInfo::RegisterPassBuilderCallbacks`: `pass_builder` is
 * an `llvm::PassBuilder *`. Registers `gas` and `gas<...>` for textual
 * pipelines, and gas at the start of the optimizer of LLVM's default
 * pipelines (after inlining, as at -O0). */
void gasCxxRegisterLLVMPassBuilderCallbacks(void *pass_builder);

#ifdef __cplusplus
}
#endif

#endif /* GAS_CAPI_LLVM_PLUGIN_H */
