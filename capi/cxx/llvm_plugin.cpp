// gas as an LLVM new-pass-manager pass (see llvm_plugin.h).

#include "llvm_plugin.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;

namespace {

GasCxxLLVMPassCallbacks callbacks = {nullptr, nullptr};

GasCxxString stringOf(StringRef text) { return {text.data(), text.size()}; }

void append(const char *data, size_t length, void *userData) {
  static_cast<std::string *>(userData)->append(data, length);
}

DiagnosticSeverity severityOf(GasCxxSeverity severity) {
  switch (severity) {
  case GAS_CXX_ERROR:
    return DS_Error;
  case GAS_CXX_WARNING:
    return DS_Warning;
  case GAS_CXX_REMARK:
    return DS_Remark;
  case GAS_CXX_NOTE:
    return DS_Note;
  }
  return DS_Error;
}

// Diagnostics wait until gas is done: the context's handler may stop the
// process on an error, and none must be reported from inside Rust.
struct Reported {
  std::string output;
  std::vector<std::pair<DiagnosticSeverity, std::string>> diagnostics;
};

void collectDiagnostic(GasCxxSeverity severity, GasCxxString message,
                       void *userData) {
  static_cast<Reported *>(userData)->diagnostics.emplace_back(
      severityOf(severity), std::string(message.data, message.length));
}

// Empties `module` and moves every global, function, alias, ifunc, comdat,
// named metadata node and the inline assembly of `from` (read in the same
// context) into it, in `from`'s order.
void replaceContents(Module &module, Module &from) {
  for (Function &function : module)
    function.dropAllReferences();
  for (GlobalVariable &variable : module.globals())
    variable.dropAllReferences();
  for (GlobalAlias &alias : module.aliases())
    alias.dropAllReferences();
  for (GlobalIFunc &ifunc : module.ifuncs())
    ifunc.dropAllReferences();
  while (!module.empty())
    module.begin()->eraseFromParent();
  while (!module.global_empty())
    module.global_begin()->eraseFromParent();
  while (!module.alias_empty())
    module.alias_begin()->eraseFromParent();
  while (!module.ifunc_empty())
    module.ifunc_begin()->eraseFromParent();
  while (!module.named_metadata_empty())
    module.eraseNamedMetadata(&*module.named_metadata_begin());
  module.getComdatSymbolTable().clear();

  // A moved object keeps `from`'s comdat, which dies with `from`.
  auto rehome = [&](GlobalObject &object) {
    if (const Comdat *comdat = object.getComdat()) {
      Comdat *own = module.getOrInsertComdat(comdat->getName());
      own->setSelectionKind(comdat->getSelectionKind());
      object.setComdat(own);
    }
  };
  while (!from.global_empty()) {
    GlobalVariable *variable = &*from.global_begin();
    from.removeGlobalVariable(variable);
    module.insertGlobalVariable(variable);
    rehome(*variable);
  }
  while (!from.empty()) {
    Function *function = &*from.begin();
    function->removeFromParent();
    module.getFunctionList().push_back(function);
    rehome(*function);
  }
  while (!from.alias_empty()) {
    GlobalAlias *alias = &*from.alias_begin();
    from.removeAlias(alias);
    module.insertAlias(alias);
  }
  while (!from.ifunc_empty()) {
    GlobalIFunc *ifunc = &*from.ifunc_begin();
    from.removeIFunc(ifunc);
    module.insertIFunc(ifunc);
  }
  for (NamedMDNode &node : from.named_metadata()) {
    NamedMDNode *own = module.getOrInsertNamedMetadata(node.getName());
    for (MDNode *operand : node.operands())
      own->addOperand(operand);
  }
  module.setModuleInlineAsm(from.getModuleInlineAsm());
}

struct GasPass : PassInfoMixin<GasPass> {
  explicit GasPass(std::string parameters = {})
      : parameters(std::move(parameters)) {}

  std::string parameters;

  PreservedAnalyses run(Module &module, ModuleAnalysisManager &) {
    LLVMContext &context = module.getContext();
    if (!callbacks.run) {
      context.diagnose(DiagnosticInfoGeneric(
          "gas: the plugin was not loaded through llvmGetPassPluginInfo"));
      return PreservedAnalyses::all();
    }
    std::string text;
    raw_string_ostream stream(text);
    module.print(stream, nullptr);
    Reported reported;
    std::string name = module.getSourceFileName().empty()
                           ? module.getModuleIdentifier()
                           : module.getSourceFileName();
    bool success = callbacks.run(stringOf(text), stringOf(name),
                                 stringOf(parameters), append,
                                 collectDiagnostic, &reported);
    text.clear();
    for (const auto &[severity, message] : reported.diagnostics)
      context.diagnose(DiagnosticInfoGeneric(message, severity));
    if (!success)
      return PreservedAnalyses::all();
    // Struct type names are the context's: the module's own give way, so
    // that gas's output, read into the same context, keeps its names
    // (`%struct.Pair`, not `%struct.Pair.0`).
    std::vector<std::pair<StructType *, std::string>> named;
    for (StructType *type : module.getIdentifiedStructTypes())
      if (type->hasName()) {
        named.emplace_back(type, type->getName().str());
        type->setName("");
      }
    Expected<std::unique_ptr<Module>> result = parseBitcodeFile(
        MemoryBufferRef(reported.output, name), context);
    if (!result) {
      for (auto &[type, oldName] : named)
        type->setName(oldName);
      context.diagnose(DiagnosticInfoGeneric(
          "gas: cannot read back gas's output: " +
          toString(result.takeError())));
      return PreservedAnalyses::all();
    }
    replaceContents(module, **result);
    return PreservedAnalyses::none();
  }

  // Runs at -O0 and on optnone functions too: the address spaces gas
  // resolves are what the backend needs, not an optimization.
  static bool isRequired() { return true; }
};

// The parameters of `gas` (empty) or `gas<...>`; none for another name.
std::optional<StringRef> parametersOf(StringRef name) {
  if (name == "gas")
    return StringRef();
  if (name.consume_front("gas<") && name.consume_back(">"))
    return name;
  return std::nullopt;
}

} // namespace

extern "C" {

void gasCxxSetLLVMPassCallbacks(GasCxxLLVMPassCallbacks given) {
  callbacks = given;
}

void gasCxxRegisterLLVMPassBuilderCallbacks(void *passBuilder) {
  PassBuilder &builder = *static_cast<PassBuilder *>(passBuilder);
  builder.registerPipelineParsingCallback(
      [](StringRef name, ModulePassManager &passes,
         ArrayRef<PassBuilder::PipelineElement>) {
        std::optional<StringRef> parameters = parametersOf(name);
        if (!parameters)
          return false;
        std::string error;
        if (!callbacks.check_parameters ||
            !callbacks.check_parameters(stringOf(*parameters), append,
                                        &error)) {
          errs() << "gas: " << error << "\n";
          return false;
        }
        passes.addPass(GasPass(parameters->str()));
        return true;
      });
  // Where LLVM's default pipelines run gas: by default the start of the
  // optimizer, after the inliner (LLVM runs InferAddressSpaces after
  // inlining too) and before the loop and vector passes that clean up
  // gas's switches; -O0's pipeline has it too. GAS_LLVM_EXTENSION_POINT
  // picks another (optimizer-last, pipeline-start) or none.
  const char *chosen = std::getenv("GAS_LLVM_EXTENSION_POINT");
  StringRef point = chosen ? StringRef(chosen) : StringRef("optimizer-early");
  if (point == "optimizer-early") {
    builder.registerOptimizerEarlyEPCallback(
        [](ModulePassManager &passes, OptimizationLevel, ThinOrFullLTOPhase) {
          passes.addPass(GasPass());
        });
  } else if (point == "optimizer-last") {
    builder.registerOptimizerLastEPCallback(
        [](ModulePassManager &passes, OptimizationLevel, ThinOrFullLTOPhase) {
          passes.addPass(GasPass());
        });
  } else if (point == "pipeline-start") {
    builder.registerPipelineStartEPCallback(
        [](ModulePassManager &passes, OptimizationLevel) {
          passes.addPass(GasPass());
        });
  } else if (point != "none") {
    errs() << "gas: GAS_LLVM_EXTENSION_POINT=" << point
           << ": expected optimizer-early, optimizer-last, pipeline-start or "
              "none; gas is not added to the default pipelines\n";
  }
}

} // extern "C"
