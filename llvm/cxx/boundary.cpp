// The LLVM IR boundary of gas (see boundary.h). This file only wraps LLVM's
// and MLIR's C++ APIs where MLIR's C API has nothing: the parser, the
// importer and the exporter; restore.cpp copies what the importer dropped
// from the module as read onto the module as exported. Which things are
// copied, and why, is documented in llvm/src/lib.rs.

#include "boundary_internal.h"

using namespace gas_boundary;

namespace {

// Locates every instruction of `copy` (a clone of `source`, paired by
// `map`) at its original's line and column in the text (`positions`), as
// line-table debug information MLIR's importer reads.
void locateInstructions(StringRef name, const Module &source, Module &copy,
                        ValueToValueMapTy &map,
                        const AsmParserContext &positions) {
  DIBuilder builder(copy);
  DIFile *file = builder.createFile(name, ".");
  DICompileUnit *unit = builder.createCompileUnit(
      DISourceLanguageName(dwarf::DW_LANG_C), file, "gas", false, "", 0, "",
      DICompileUnit::LineTablesOnly);
  DISubroutineType *type =
      builder.createSubroutineType(builder.getOrCreateTypeArray({}));
  for (const Function &original : source) {
    auto *function = dyn_cast_or_null<Function>(map.lookup(&original));
    if (original.isDeclaration() || !function)
      continue;
    unsigned line = 0;
    if (auto range = positions.getFunctionLocation(&original))
      line = range->Start.Line + 1;
    DISubprogram *subprogram = builder.createFunction(
        unit, function->getName(), StringRef(), file, line, type, line,
        DINode::FlagZero, DISubprogram::SPFlagDefinition);
    function->setSubprogram(subprogram);
    for (const Instruction &instruction : instructions(original)) {
      auto *mine = dyn_cast_or_null<Instruction>(map.lookup(&instruction));
      auto range = positions.getInstructionLocation(&instruction);
      if (mine && range)
        mine->setDebugLoc(DILocation::get(copy.getContext(),
                                          range->Start.Line + 1,
                                          range->Start.Col + 1, subprogram));
    }
  }
  builder.finalize();
}

// MLIR's importer drops a load's `!range`; gas's analysis reads one fact
// from it (the bits a pointer mask keeps), so each imported load whose
// original has an i64 `!range` carries it as `gas.range = array<i64: umin,
// umax>` (inclusive, unsigned, as bit patterns). The export ignores the
// attribute (no dialect translates it) and restores the metadata itself.
void annotateLoadRanges(mlir::ModuleOp module, const Module &source,
                        const AsmParserContext &positions) {
  DenseMap<std::pair<unsigned, unsigned>, const LoadInst *> loads;
  for (const Function &function : source)
    for (const Instruction &instruction : instructions(function))
      if (const auto *load = dyn_cast<LoadInst>(&instruction))
        if (load->getMetadata(LLVMContext::MD_range) &&
            load->getType()->isIntegerTy(64))
          if (auto range = positions.getInstructionLocation(load))
            loads[{range->Start.Line + 1, range->Start.Col + 1}] = load;
  if (loads.empty())
    return;
  module.walk([&](mlir::LLVM::LoadOp op) {
    auto location = op->getLoc()->findInstanceOf<mlir::FileLineColLoc>();
    if (!location)
      return;
    auto found = loads.find({location.getLine(), location.getColumn()});
    if (found == loads.end())
      return;
    ConstantRange range = getConstantRangeFromMetadata(
        *found->second->getMetadata(LLVMContext::MD_range));
    int64_t bounds[2] = {int64_t(range.getUnsignedMin().getZExtValue()),
                         int64_t(range.getUnsignedMax().getZExtValue())};
    op->setAttr("gas.range",
                mlir::DenseI64ArrayAttr::get(op->getContext(), bounds));
  });
}

// MLIR 22's importer drops `externally_initialized` (the export restores
// it); gas's analysis must know that the host may write such a variable, so
// its imported op carries `gas.externally_initialized`, which no dialect
// translates.
void annotateExternallyInitialized(mlir::ModuleOp module,
                                   const Module &source) {
  for (const GlobalVariable &variable : source.globals())
    if (variable.isExternallyInitialized())
      if (auto global =
              module.lookupSymbol<mlir::LLVM::GlobalOp>(variable.getName()))
        global->setAttr("gas.externally_initialized",
                        mlir::UnitAttr::get(module.getContext()));
}

} // namespace

extern "C" {

GasLlvmSource *gasLlvmSourceParse(const char *data, size_t length,
                                  const char *name,
                                  void (*error)(unsigned, unsigned,
                                                const char *, size_t, void *),
                                  void *userData) {
  auto source = std::make_unique<GasLlvmSource>();
  source->context = std::make_unique<LLVMContext>();
  source->name = name;
  // LLVM's lexer needs a null-terminated buffer: the copy has one.
  std::unique_ptr<MemoryBuffer> bytes =
      MemoryBuffer::getMemBufferCopy(StringRef(data, length), name);
  source->text = !isBitcode(
      reinterpret_cast<const unsigned char *>(bytes->getBufferStart()),
      reinterpret_cast<const unsigned char *>(bytes->getBufferEnd()));
  SMDiagnostic diagnostic;
  source->module = parseIR(bytes->getMemBufferRef(), diagnostic,
                           *source->context, {}, &source->positions);
  if (!source->module) {
    std::string message = diagnostic.getMessage().str();
    unsigned line = diagnostic.getLineNo() > 0 ? diagnostic.getLineNo() : 0;
    unsigned column = diagnostic.getColumnNo() >= 0 && line > 0
                          ? diagnostic.getColumnNo() + 1
                          : 0;
    if (error)
      error(line, column, message.data(), message.size(), userData);
    return nullptr;
  }
  // Numbered as LLVM prints them (`@0`, `@1`): variables, aliases, ifuncs,
  // then functions.
  unsigned unnamed = 0;
  auto giveName = [&](GlobalValue &value) {
    if (!value.hasName())
      value.setName(UnnamedPrefix + Twine(unnamed++));
  };
  Module &module = *source->module;
  for (GlobalVariable &variable : module.globals())
    giveName(variable);
  for (GlobalAlias &alias : module.aliases())
    giveName(alias);
  for (GlobalIFunc &ifunc : module.ifuncs())
    giveName(ifunc);
  for (Function &function : module)
    giveName(function);
  return source.release();
}

void gasLlvmRegisterTranslations(void *rawContext) {
  mlir::DialectRegistry registry;
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerNVVMDialectTranslation(registry);
  mlir::registerLLVMDialectImport(registry);
  mlir::registerNVVMDialectImport(registry);
  static_cast<mlir::MLIRContext *>(rawContext)->appendDialectRegistry(registry);
}

bool gasLlvmSourceHasDebugInfo(const GasLlvmSource *source) {
  return hasDebugInfo(*source->module);
}

void gasLlvmSourceDestroy(GasLlvmSource *source) { delete source; }

void *gasLlvmSourceImport(GasLlvmSource *source, void *rawContext,
                          GasBytesCallback warning, void *userData) {
  auto *context = static_cast<mlir::MLIRContext *>(rawContext);
  gasLlvmRegisterTranslations(context);
  // What the importer makes (the layout spec is DLTI's, intrinsics the LLVM
  // dialect's, and NVVM's for NVPTX modules), loaded here instead of every
  // registered dialect.
  context->getOrLoadDialect<mlir::DLTIDialect>();
  context->getOrLoadDialect<mlir::LLVM::LLVMDialect>();
  // The importer consumes a copy: the module as read stays for the export.
  ValueToValueMapTy map;
  std::unique_ptr<Module> copy = CloneModule(*source->module, map);
  if (copy->getTargetTriple().isNVPTX())
    context->getOrLoadDialect<mlir::NVVM::NVVMDialect>();
  for (Function &function : *copy)
    if (isUnknownIntrinsic(function))
      function.setName(UnknownIntrinsicPrefix + function.getName());
  source->located = source->text && !hasDebugInfo(*copy);
  if (source->located)
    locateInstructions(source->name, *source->module, *copy, map,
                       source->positions);
  // The importer's warnings about what the export restores (the layout's
  // tokens, metadata it does not read) are not losses; others are reported.
  mlir::ScopedDiagnosticHandler handler(context, [&](mlir::Diagnostic &diag) {
    if (diag.getSeverity() != mlir::DiagnosticSeverity::Warning)
      return mlir::failure();
    std::string message = diag.str();
    StringRef text(message);
    if (text.starts_with("unhandled data layout token") ||
        text.starts_with("unhandled metadata") ||
        text.starts_with("unsupported module flag"))
      return mlir::success();
    send(warning, userData, message);
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::translateLLVMIRToModule(
      std::move(copy), context, /*emitExpensiveWarnings=*/false,
      /*dropDICompositeTypeElements=*/false,
      // Loading every registered dialect costs milliseconds a program; the
      // importer loads what it uses.
      /*loadAllDialects=*/false);
  if (!module)
    return nullptr;
  if (source->located)
    annotateLoadRanges(*module, *source->module, source->positions);
  annotateExternallyInitialized(*module, *source->module);
  return module.release().getOperation();
}

bool gasLlvmExport(void *rawModule, GasLlvmSource *source, bool bitcode,
                   GasBytesCallback output, GasBytesCallback warning,
                   GasBytesCallback error, void *userData) {
  auto *module = static_cast<mlir::Operation *>(rawModule);
  std::unique_ptr<LLVMContext> ownContext;
  LLVMContext *context = source ? source->context.get() : nullptr;
  if (!context) {
    ownContext = std::make_unique<LLVMContext>();
    context = ownContext.get();
  }
  // The output is made in the source's LLVM context (its metadata is
  // shared, not copied): the source's named struct types step aside so
  // that the output's keep their names.
  if (source)
    for (StructType *type : source->module->getIdentifiedStructTypes())
      if (type->hasName() && !type->getName().ends_with(".gas.source"))
        type->setName((type->getName() + ".gas.source").str());
  SmallVector<std::pair<mlir::Operation *, mlir::Location>> unscoped;
  if (source && (source->located || hasDebugInfo(*source->module)))
    scopeUnscopedFunctions(module, *source->module, unscoped);
  std::unique_ptr<Module> translated =
      mlir::translateModuleToLLVMIR(module, *context, "LLVMDialectModule",
                                    /*disableVerification=*/true);
  for (auto &[function, location] : unscoped)
    function->setLoc(location);
  if (!translated)
    return false;
  if (source) {
    Positions originals;
    if (source->located)
      for (const Function &function : *source->module)
        for (const Instruction &instruction : instructions(function))
          if (auto range =
                  source->positions.getInstructionLocation(&instruction))
            originals[{range->Start.Line + 1, range->Start.Col + 1}] =
                &instruction;
    restore(*source->module, *translated,
            source->located ? &originals : nullptr, warning, userData);
    // Line tables were made on import only to locate diagnostics.
    if (!hasDebugInfo(*source->module))
      StripDebugInfo(*translated);
    for (GlobalValue &value : translated->global_values()) {
      StringRef number = value.getName();
      if (number.consume_front(UnnamedPrefix) && !number.empty() &&
          all_of(number, isDigit))
        value.setName("");
    }
  }
  giveClonesOwnSubprograms(*translated);
  std::string unreadable = unreadableSymbols(*translated);
  if (!unreadable.empty()) {
    send(error, userData,
         "the exported module would not parse again: " + unreadable);
    return false;
  }
  std::string problems;
  raw_string_ostream problemStream(problems);
  if (verifyModule(*translated, &problemStream)) {
    send(error, userData,
         "the exported module fails LLVM's verifier: " + problems);
    return false;
  }
  SmallVector<char, 0> bytes;
  raw_svector_ostream stream(bytes);
  if (bitcode)
    WriteBitcodeToFile(*translated, stream);
  else
    translated->print(stream, nullptr);
  send(output, userData, StringRef(bytes.data(), bytes.size()));
  return true;
}

} // extern "C"
