// A C++ compiler embedding gas: MLIR's own C++ API for the context, the
// pass manager and upstream passes, gas's C API (gas-c/Gas.h) for its dialect,
// its passes (registered by name in MLIR's registry) and LLVM IR in and out.
//
//   embed-cpp GAS_PASSES FILE.ll > OUT.ll
//   embed-cpp 'gas-raise,gas-propagate{closed-world=never},gas-lower' k.ll
//
// parses GAS_PASSES (any textual pipeline elements) into a module pass
// manager, adds MLIR's canonicalize and CSE on every op through the C++ API,
// runs it and prints the LLVM IR: what `gas-opt --pass-pipeline
// 'builtin.module(GAS_PASSES,any(canonicalize,cse))' --emit llvm-ir FILE.ll`
// prints. Exit status 1 on any error (reported with its location).

#include "gas-c/Gas.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace {

/// Frees a gas LLVM source when it goes out of scope.
struct SourceOwner {
  GasLLVMSource source{nullptr};
  ~SourceOwner() { gasLLVMSourceDestroy(source); }
};

void printTo(MlirStringRef text, void *stream) {
  static_cast<llvm::raw_ostream *>(stream)->write(text.data, text.length);
}

int compile(llvm::StringRef passes, llvm::StringRef path) {
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!file) {
    llvm::errs() << "embed-cpp: cannot read " << path << ": "
                 << file.getError().message() << "\n";
    return 1;
  }

  mlir::MLIRContext context;
  // Every diagnostic, with its location, on stderr.
  mlir::ScopedDiagnosticHandler handler(&context, [](mlir::Diagnostic &diag) {
    llvm::errs() << "embed-cpp: " << diag.getLocation() << ": " << diag
                 << "\n";
    return mlir::success();
  });
  if (mlirLogicalResultIsFailure(gasLoadDialect(wrap(&context))))
    return 1;

  SourceOwner source;
  source.source = gasLLVMSourceParse(wrap(&context),
                                     wrap((*file)->getBuffer()), wrap(path));
  if (gasLLVMSourceIsNull(source.source))
    return 1;
  mlir::OwningOpRef<mlir::ModuleOp> module(
      unwrap(gasLLVMSourceImport(source.source, wrap(&context))));
  if (!module)
    return 1;

  // gas's passes by name, then MLIR's through its C++ API, nested on every
  // op (functions and global initializers run in parallel).
  mlir::PassManager manager(&context);
  if (mlir::failed(mlir::parsePassPipeline(passes, manager, llvm::errs()))) {
    llvm::errs() << "\n";
    return 1;
  }
  mlir::OpPassManager &everyOp = manager.nestAny();
  everyOp.addPass(mlir::createCanonicalizerPass());
  everyOp.addPass(mlir::createCSEPass());
  if (mlir::failed(manager.run(*module)))
    return 1;

  if (mlirLogicalResultIsFailure(gasExportLLVMIR(
          wrap(*module), source.source, false, printTo, &llvm::outs())))
    return 1;
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    llvm::errs() << "usage: embed-cpp GAS_PASSES FILE.ll\n";
    return 2;
  }
  // Once per process, like MLIR's own registrations.
  gasRegisterPasses();
  return compile(argv[1], argv[2]);
}
