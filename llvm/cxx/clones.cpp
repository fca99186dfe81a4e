// What the export does for the functions gas made (see boundary_internal.h):
// a clone is a new function for the debugger too, and no symbol may be
// written that LLVM's parser would refuse.

#include "boundary_internal.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace gas_boundary {
namespace {

// The name a subprogram gives its function's symbol.
StringRef symbolOf(const DISubprogram &subprogram) {
  StringRef linkage = subprogram.getLinkageName();
  return linkage.empty() ? subprogram.getName() : linkage;
}

// Re-points everything in `function` scoped in `shared` (its original's
// subprogram) at a copy of it, as LLVM's CloneFunction does for a function
// cloned within its module: the `!dbg` of every instruction and debug
// record, lexical blocks, the innermost frames of `inlinedAt` chains, local
// variables and labels, loop metadata. What is not scoped in `shared` (the
// compile unit, types, files, globals, other functions' subprograms and the
// scopes inlined from them) stays shared. The copy keeps the original's
// source name, file, line, type and unit; its linkage name is the clone's.
void giveOwnSubprogram(Function &function, DISubprogram *shared) {
  MetadataPredicate keep = [shared](const Metadata *node) {
    if (const auto *scope = dyn_cast<DILocalScope>(node))
      return scope->getSubprogram() != shared;
    return isa<DICompileUnit, DIType, DIFile, DIGlobalVariable,
               DIGlobalVariableExpression, DINamespace, DIModule, DIMacroNode,
               DICommonBlock>(node);
  };
  ValueToValueMapTy map;
  RemapFunction(function, map, RF_IgnoreMissingLocals, nullptr, nullptr,
                &keep);
  DISubprogram *own = function.getSubprogram();
  if (own && own != shared)
    own->replaceLinkageName(
        MDString::get(function.getContext(), function.getName()));
}

} // namespace

void giveClonesOwnSubprograms(Module &module) {
  // The functions of the source keep their subprograms; a clone takes its
  // own when its subprogram names another symbol or another function holds
  // it already (two functions may not share one, says LLVM's verifier).
  DenseSet<const DISubprogram *> held;
  SmallVector<std::pair<Function *, DISubprogram *>> clones;
  for (Function &function : module) {
    DISubprogram *subprogram = function.getSubprogram();
    if (!subprogram)
      continue;
    if (function.getName().contains(CloneMarker))
      clones.push_back({&function, subprogram});
    else
      held.insert(subprogram);
  }
  for (auto [function, subprogram] : clones) {
    if (!held.contains(subprogram) &&
        symbolOf(*subprogram) == function->getName()) {
      held.insert(subprogram);
      continue;
    }
    giveOwnSubprogram(*function, subprogram);
    held.insert(function->getSubprogram());
  }
}

std::string unreadableSymbols(const Module &module) {
  std::string problems;
  raw_string_ostream stream(problems);
  for (const GlobalValue &value : module.global_values()) {
    if (!value.hasLocalLinkage())
      continue;
    if (!value.hasDefaultVisibility())
      stream << "symbol with local linkage must have default visibility: @"
             << value.getName() << "\n";
    if (value.hasDLLImportStorageClass() || value.hasDLLExportStorageClass())
      stream << "symbol with local linkage cannot have a DLL storage class: @"
             << value.getName() << "\n";
  }
  return problems;
}

} // namespace gas_boundary
