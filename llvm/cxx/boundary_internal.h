// What the two halves of the LLVM IR boundary share (not a public header):
// boundary.cpp reads and imports, restore.cpp puts back onto the exported
// module what the importer dropped.
#ifndef GAS_LLVM_BOUNDARY_INTERNAL_H
#define GAS_LLVM_BOUNDARY_INTERNAL_H

#include "boundary.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMIRToLLVMTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/LLVMIRToNVVMTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Target/LLVMIR/Import.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/AsmParser/AsmParserContext.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include "llvm/Transforms/Utils/ValueMapper.h"

#include <memory>
#include <string>

using namespace llvm;

struct GasLlvmSource {
  std::unique_ptr<LLVMContext> context;
  // The module as read: what the export restores from.
  std::unique_ptr<Module> module;
  std::string name;
  // Whether the input was text (it has positions; bitcode has none).
  bool text = false;
  // Where each instruction of `module` starts in the text (none for
  // bitcode): the import locates instructions there, so the export finds
  // each instruction's original by its location.
  AsmParserContext positions;
  // Whether the import located instructions at their text positions (text
  // input without debug information of its own).
  bool located = false;
};

namespace gas_boundary {

// Declarations named `llvm.*` that LLVM does not know (vendor intrinsics such
// as `llvm.genx.GenISA.*`) cross MLIR under this prefix: MLIR's exporter
// refuses calls of intrinsics it cannot look up.
constexpr StringRef UnknownIntrinsicPrefix = "gas.unknown_intrinsic.";
// Unnamed globals (`@0`, `@1`: internal functions after `opt
// -passes=strip`, say) cross MLIR named `gas.unnamed.<n>`: MLIR's importer
// names a function by its LLVM name, so two would both be `""`. The export
// takes the names off again; clones keep theirs (`gas.unnamed.0.gas.p`).
constexpr StringRef UnnamedPrefix = "gas.unnamed.";
// The prefix gas's flat-input reader gives named structs
// (patterns/src/flat_input.rs).
constexpr StringRef FlatStructPrefix = "gas.flat.";
// The clone marker of gas's `propagate` (`<callee>.gas.<spaces>`).
constexpr StringRef CloneMarker = ".gas.";

inline void send(GasBytesCallback callback, void *userData, StringRef text) {
  if (callback)
    callback(text.data(), text.size(), userData);
}

inline bool isUnknownIntrinsic(const Function &function) {
  return function.getName().starts_with("llvm.") &&
         function.getIntrinsicID() == Intrinsic::not_intrinsic;
}

inline bool hasDebugInfo(const Module &module) {
  if (module.getNamedMetadata("llvm.dbg.cu"))
    return true;
  for (const Function &function : module)
    if (function.getSubprogram())
      return true;
  return false;
}

// Each original instruction of the source by its line and column in the text.
using Positions =
    DenseMap<std::pair<unsigned, unsigned>, const Instruction *>;

// Puts back onto `output` (translated from MLIR) what `source` had and the
// translation dropped; `originalsByPosition` pairs instructions located at
// their text positions (null when they were not).
void restore(const Module &source, Module &output,
             const Positions *originalsByPosition, GasBytesCallback warning,
             void *userData);

// Gives each function of `module` without a subprogram one for the export,
// keeping in `saved` the locations to put back afterwards.
void scopeUnscopedFunctions(
    mlir::Operation *module, const Module &source,
    SmallVectorImpl<std::pair<mlir::Operation *, mlir::Location>> &saved);

// Gives each clone of gas (`<original>.gas.<...>`) that still shares a
// subprogram with its original, or holds one naming another symbol, a
// subprogram of its own, every debug scope inside re-pointed (clones.cpp).
void giveClonesOwnSubprograms(Module &module);

// Symbols LLVM's verifier accepts but its parser refuses (a local symbol
// with hidden visibility or a DLL storage class), one line each; empty when
// there are none.
std::string unreadableSymbols(const Module &module);

} // namespace gas_boundary

#endif // GAS_LLVM_BOUNDARY_INTERNAL_H
