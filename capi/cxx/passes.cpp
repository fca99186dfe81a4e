// gas's passes in MLIR's pass registry (see passes.h). C++ only because
// MLIR's registry and pass options are C++; every decision is in Rust.

#include "passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Location.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/TypeID.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace {

struct OptionInfo {
  std::string name;
  std::string description;
};

struct PassInfo {
  size_t step;
  std::string argument;
  std::string description;
  std::vector<OptionInfo> options;
  mlir::TypeID typeId;
};

GasCxxCallbacks callbacks;

std::string copy(GasCxxString text) {
  return std::string(text.data ? text.data : "", text.length);
}

void appendMessage(const char *data, size_t length, void *userData) {
  static_cast<std::string *>(userData)->append(data, length);
}

/// One gas pass: its options are strings MLIR parses; gas checks their
/// values and runs the pass in Rust.
class GasPass : public mlir::Pass {
public:
  explicit GasPass(const PassInfo &info) : mlir::Pass(info.typeId), info(info) {
    for (const OptionInfo &option : info.options)
      options.push_back(std::make_unique<Option<std::string>>(
          *this, option.name, llvm::cl::desc(option.description)));
  }

  GasPass(const GasPass &other) : GasPass(other.info) {
    copyOptionValuesFrom(&other);
  }

  llvm::StringRef getName() const override { return info.argument; }
  llvm::StringRef getArgument() const override { return info.argument; }
  llvm::StringRef getDescription() const override { return info.description; }

  // Any op: the pass checks that it was given a module and says so (a pass
  // anchored on `builtin.module` nested elsewhere would abort in MLIR).
  bool canScheduleOn(mlir::RegisteredOperationName) const override {
    return true;
  }

  std::unique_ptr<mlir::Pass> clonePass() const override {
    return std::make_unique<GasPass>(*this);
  }

  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::LLVM::LLVMDialect, mlir::func::FuncDialect,
                    mlir::arith::ArithDialect, mlir::scf::SCFDialect,
                    mlir::cf::ControlFlowDialect>();
  }

  llvm::LogicalResult initializeOptions(
      llvm::StringRef text,
      llvm::function_ref<llvm::LogicalResult(const llvm::Twine &)>
          errorHandler) override {
    if (llvm::failed(mlir::Pass::initializeOptions(text, errorHandler)))
      return llvm::failure();
    std::string set = optionText();
    std::string message;
    if (!callbacks.check_options(info.step, {set.data(), set.size()},
                                 appendMessage, &message))
      return errorHandler(message);
    return llvm::success();
  }

  llvm::LogicalResult initialize(mlir::MLIRContext *context) override {
    return llvm::success(callbacks.prepare_context(context));
  }

  void runOnOperation() override {
    std::string set = optionText();
    if (!callbacks.run(info.step, {set.data(), set.size()}, getOperation()))
      signalPassFailure();
  }

private:
  /// The options given, as `name=value` pairs.
  std::string optionText() const {
    std::string text;
    for (const auto &option : options) {
      if (!option->hasValue())
        continue;
      if (!text.empty())
        text += ' ';
      text += option->getArgStr().str() + "=" + option->getValue();
    }
    return text;
  }

  const PassInfo &info;
  std::vector<std::unique_ptr<Option<std::string>>> options;
};

/// The registered passes: alive as long as the process (MLIR's registry
/// keeps allocators referring to them).
std::vector<std::unique_ptr<PassInfo>> &registered() {
  static auto *infos = new std::vector<std::unique_ptr<PassInfo>>();
  return *infos;
}

} // namespace

extern "C" bool gasCxxRegisterPasses(const GasCxxPass *passes, size_t count,
                                     GasCxxCallbacks given) {
  static std::once_flag once;
  bool first = false;
  std::call_once(once, [&] {
    first = true;
    callbacks = given;
    static mlir::TypeIDAllocator allocator;
    for (size_t index = 0; index < count; ++index) {
      const GasCxxPass &pass = passes[index];
      auto info = std::make_unique<PassInfo>();
      info->step = pass.step;
      info->argument = copy(pass.argument);
      info->description = copy(pass.description);
      for (size_t option = 0; option < pass.option_count; ++option)
        info->options.push_back({copy(pass.options[option].name),
                                 copy(pass.options[option].description)});
      info->typeId = allocator.allocate();
      const PassInfo *kept = info.get();
      registered().push_back(std::move(info));
      mlir::registerPass(
          [kept]() -> std::unique_ptr<mlir::Pass> {
            return std::make_unique<GasPass>(*kept);
          });
    }
  });
  return first;
}

extern "C" void gasCxxEmitWarning(const void *location, GasCxxString message) {
  mlir::emitWarning(mlir::Location::getFromOpaquePointer(location))
      << copy(message);
}
