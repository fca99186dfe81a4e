// The LLVM IR boundary of gas (see boundary.h). This file only wraps LLVM's
// and MLIR's C++ APIs where MLIR's C API has nothing: the parser, the
// importer, the exporter, and copying what the importer dropped from the
// module as read onto the module as exported. Which things are copied, and
// why, is documented in llvm/src/lib.rs.
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

namespace {

// Declarations named `llvm.*` that LLVM does not know (vendor intrinsics such
// as `llvm.genx.GenISA.*`) cross MLIR under this prefix: MLIR's exporter
// refuses calls of intrinsics it cannot look up.
constexpr StringRef UnknownIntrinsicPrefix = "gas.unknown_intrinsic.";
// The prefix gas's flat-input reader gives named structs
// (patterns/src/flat_input.rs).
constexpr StringRef FlatStructPrefix = "gas.flat.";
// The clone marker of gas's `propagate` (`<callee>.gas.<spaces>`).
constexpr StringRef CloneMarker = ".gas.";

void send(GasBytesCallback callback, void *userData, StringRef text) {
  if (callback)
    callback(text.data(), text.size(), userData);
}

bool isUnknownIntrinsic(const Function &function) {
  return function.getName().starts_with("llvm.") &&
         function.getIntrinsicID() == Intrinsic::not_intrinsic;
}

bool hasDebugInfo(const Module &module) {
  if (module.getNamedMetadata("llvm.dbg.cu"))
    return true;
  for (const Function &function : module)
    if (function.getSubprogram())
      return true;
  return false;
}

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

// The function of `source` that `function` of the output stands for: the
// same name, or for a clone of gas the name before the clone marker.
const Function *originalOf(const Module &source, const Function &function,
                           bool &isClone) {
  isClone = false;
  if (const Function *same = source.getFunction(function.getName()))
    return same;
  StringRef name = function.getName();
  size_t marker = name.find(CloneMarker);
  if (marker == StringRef::npos)
    return nullptr;
  isClone = true;
  return source.getFunction(name.substr(0, marker));
}

// Kernel-only function metadata: a clone of gas is never a kernel.
bool isKernelMetadata(StringRef kind) {
  return kind.starts_with("kernel_arg_") || kind == "reqd_work_group_size" ||
         kind == "work_group_size_hint" || kind == "vec_type_hint" ||
         kind == "intel_reqd_sub_group_size";
}

// Adds to `to` the attributes of `from` it lacks and its type allows.
AttributeSet mergeAttributes(LLVMContext &context, AttributeSet to,
                             AttributeSet from, Type *type) {
  AttrBuilder merged(context, to);
  AttributeMask incompatible =
      type ? AttributeFuncs::typeIncompatible(type, from) : AttributeMask();
  for (Attribute attribute : from) {
    if (attribute.isStringAttribute()) {
      if (!to.hasAttribute(attribute.getKindAsString()))
        merged.addAttribute(attribute);
      continue;
    }
    Attribute::AttrKind kind = attribute.getKindAsEnum();
    // Type attributes (byval, sret, elementtype) name the source's types;
    // MLIR carries them itself.
    if (to.hasAttribute(kind) || incompatible.contains(kind) ||
        attribute.isTypeAttribute())
      continue;
    merged.addAttribute(attribute);
  }
  return AttributeSet::get(context, merged);
}

// Attribute lists of a function or call: `from`'s function, return and
// parameter attributes that `to` lacks, where the types allow them.
AttributeList mergeAttributeLists(LLVMContext &context, AttributeList to,
                                  AttributeList from, FunctionType *type,
                                  bool sameParameterCount) {
  AttributeSet functionAttributes =
      mergeAttributes(context, to.getFnAttrs(), from.getFnAttrs(), nullptr);
  AttributeSet returnAttributes = mergeAttributes(
      context, to.getRetAttrs(), from.getRetAttrs(), type->getReturnType());
  SmallVector<AttributeSet> parameters;
  for (unsigned index = 0; index < type->getNumParams(); ++index) {
    AttributeSet mine = to.getParamAttrs(index);
    if (sameParameterCount)
      mine = mergeAttributes(context, mine, from.getParamAttrs(index),
                             type->getParamType(index));
    parameters.push_back(mine);
  }
  return AttributeList::get(context, functionAttributes, returnAttributes,
                            parameters);
}

// `from`'s attributes, with the type attributes (byval, sret, elementtype)
// `to` has: those name the output's own types.
AttributeSet adoptAttributes(LLVMContext &context, AttributeSet from,
                             AttributeSet to) {
  AttrBuilder adopted(context, from);
  for (Attribute attribute : from)
    if (attribute.isTypeAttribute()) {
      Attribute::AttrKind kind = attribute.getKindAsEnum();
      adopted.removeAttribute(kind);
      if (to.hasAttribute(kind))
        adopted.addAttribute(to.getAttribute(kind));
    }
  return AttributeSet::get(context, adopted);
}

AttributeList adoptAttributeLists(LLVMContext &context, AttributeList from,
                                  AttributeList to, unsigned parameters) {
  SmallVector<AttributeSet> adopted;
  for (unsigned index = 0; index < parameters; ++index)
    adopted.push_back(adoptAttributes(context, from.getParamAttrs(index),
                                      to.getParamAttrs(index)));
  return AttributeList::get(
      context, adoptAttributes(context, from.getFnAttrs(), to.getFnAttrs()),
      adoptAttributes(context, from.getRetAttrs(), to.getRetAttrs()), adopted);
}

// `output` with the no-wrap flags of `source`'s GEP constant expressions,
// where the two are the same constant otherwise (globals paired by `map`):
// LLVM's constant folder adds `inbounds nuw` to GEPs MLIR rebuilds. Where
// they differ in anything else (gas changed the constant), `output` as is.
Constant *restoreGepFlags(const Constant *source, Constant *output,
                          ValueToValueMapTy &map) {
  if (source == output)
    return output;
  if (auto *global = dyn_cast<GlobalValue>(source))
    return map.lookup(global) == output ? output : nullptr;
  if (source->getValueID() != output->getValueID() ||
      source->getType()->getTypeID() != output->getType()->getTypeID() ||
      source->getNumOperands() != output->getNumOperands() ||
      source->getNumOperands() == 0)
    return nullptr;
  auto *sourceExpression = dyn_cast<ConstantExpr>(source);
  auto *outputExpression = dyn_cast<ConstantExpr>(output);
  if (sourceExpression &&
      (!outputExpression ||
       sourceExpression->getOpcode() != outputExpression->getOpcode()))
    return nullptr;
  SmallVector<Constant *> operands;
  bool changed = false;
  for (unsigned index = 0; index < output->getNumOperands(); ++index) {
    Constant *mine = restoreGepFlags(cast<Constant>(source->getOperand(index)),
                                     cast<Constant>(output->getOperand(index)),
                                     map);
    if (!mine)
      return nullptr;
    changed |= mine != output->getOperand(index);
    operands.push_back(mine);
  }
  auto *sourceGep = dyn_cast<GEPOperator>(source);
  auto *outputGep = dyn_cast<GEPOperator>(output);
  if (sourceGep && outputGep &&
      (sourceGep->getNoWrapFlags() != outputGep->getNoWrapFlags() || changed))
    return ConstantExpr::getGetElementPtr(
        outputGep->getSourceElementType(), operands[0],
        ArrayRef<Constant *>(operands).drop_front(),
        sourceGep->getNoWrapFlags(), outputGep->getInRange());
  if (!changed)
    return output;
  if (outputExpression)
    return outputExpression->getWithOperands(operands);
  if (auto *array = dyn_cast<ConstantArray>(output))
    return ConstantArray::get(array->getType(), operands);
  if (auto *structure = dyn_cast<ConstantStruct>(output))
    return ConstantStruct::get(structure->getType(), operands);
  if (isa<ConstantVector>(output))
    return ConstantVector::get(operands);
  return nullptr;
}

// Copies `from`'s metadata attachments that `to` lacks (never `!dbg`, which
// the exporter makes from MLIR's own debug information).
template <typename GlobalOrInstruction, typename Skip>
void copyAttachments(const GlobalOrInstruction &from, GlobalOrInstruction &to,
                     ValueToValueMapTy &map, Skip skip) {
  SmallVector<std::pair<unsigned, MDNode *>> attachments;
  from.getAllMetadata(attachments);
  SmallVector<StringRef> names;
  from.getContext().getMDKindNames(names);
  for (auto [kind, node] : attachments) {
    if (kind == LLVMContext::MD_dbg || to.getMetadata(kind))
      continue;
    if (kind < names.size() && skip(names[kind]))
      continue;
    to.setMetadata(kind, MapMetadata(node, map, RF_NullMapMissingGlobalValues));
  }
}

// Pairs the instructions of `original` and `output` when the two have the
// same control-flow graph and, block by block, the same opcodes: the
// function went through MLIR unchanged. Empty when they differ.
using InstructionPairs =
    std::vector<std::pair<const Instruction *, Instruction *>>;
using BlockMap = DenseMap<const BasicBlock *, BasicBlock *>;

InstructionPairs matchUnchanged(const Function &original, Function &output,
                                BlockMap &blocks) {
  InstructionPairs pairs;
  if (original.size() != output.size() || original.empty())
    return {};
  SmallVector<std::pair<const BasicBlock *, BasicBlock *>> work;
  work.push_back({&original.getEntryBlock(), &output.getEntryBlock()});
  blocks[&original.getEntryBlock()] = &output.getEntryBlock();
  while (!work.empty()) {
    auto [from, to] = work.pop_back_val();
    if (from->size() != to->size())
      return {};
    auto next = to->begin();
    for (const Instruction &instruction : *from) {
      if (instruction.getOpcode() != next->getOpcode() ||
          instruction.getNumOperands() != next->getNumOperands())
        return {};
      pairs.push_back({&instruction, &*next});
      ++next;
    }
    const Instruction *fromEnd = from->getTerminator();
    Instruction *toEnd = to->getTerminator();
    if (!fromEnd || !toEnd ||
        fromEnd->getNumSuccessors() != toEnd->getNumSuccessors())
      return {};
    for (unsigned index = 0; index < fromEnd->getNumSuccessors(); ++index) {
      const BasicBlock *successor = fromEnd->getSuccessor(index);
      BasicBlock *mine = toEnd->getSuccessor(index);
      auto known = blocks.find(successor);
      if (known != blocks.end()) {
        if (known->second != mine)
          return {};
        continue;
      }
      blocks[successor] = mine;
      work.push_back({successor, mine});
    }
  }
  if (blocks.size() != original.size())
    return {};
  return pairs;
}

class Restorer {
public:
  using Positions = DenseMap<std::pair<unsigned, unsigned>, const Instruction *>;

  Restorer(const Module &source, Module &output,
           const Positions *originalsByPosition, GasBytesCallback warning,
           void *userData)
      : source(source), output(output), context(output.getContext()),
        originalsByPosition(originalsByPosition), warning(warning),
        userData(userData) {}

  void run() {
    restoreStructNames();
    restoreIntrinsicNames();
    restoreUnusedIntrinsicDeclarations();
    mapGlobalValues();
    output.setDataLayout(source.getDataLayoutStr());
    output.setTargetTriple(source.getTargetTriple());
    output.setSourceFileName(source.getSourceFileName());
    output.setModuleIdentifier(source.getModuleIdentifier());
    output.setModuleInlineAsm(source.getModuleInlineAsm());
    restoreComdats();
    for (GlobalVariable &global : output.globals())
      if (const GlobalVariable *original =
              source.getGlobalVariable(global.getName(), true))
        restoreGlobal(*original, global);
    for (Function &function : output) {
      bool isClone = false;
      if (const Function *original = originalOf(source, function, isClone))
        restoreFunction(*original, function, isClone);
    }
    restoreNamedMetadata();
    for (const GlobalAlias &alias : source.aliases())
      if (!output.getNamedValue(alias.getName()))
        warn("the alias @" + alias.getName() + " is not kept");
    for (const GlobalIFunc &ifunc : source.ifuncs())
      if (!output.getNamedValue(ifunc.getName()))
        warn("the ifunc @" + ifunc.getName() + " is not kept");
  }

private:
  void warn(const Twine &message) { send(warning, userData, message.str()); }

  // gas's flat-input reader renumbers a module by printing and reparsing
  // it, so its named structs get a prefix (MLIR's identified structs are
  // unique by name in a context): the source's names come back.
  void restoreStructNames() {
    for (StructType *type : output.getIdentifiedStructTypes())
      if (type->hasName() && type->getName().starts_with(FlatStructPrefix))
        type->setName(type->getName().drop_front(FlatStructPrefix.size()));
  }

  void restoreIntrinsicNames() {
    for (Function &function : output)
      if (function.getName().starts_with(UnknownIntrinsicPrefix))
        function.setName(
            function.getName().drop_front(UnknownIntrinsicPrefix.size()));
  }

  // MLIR's intrinsic ops need no declaration: the exporter declares only
  // the intrinsics it calls, so an unused declaration of the source is
  // declared again (its types are LLVM's own, never the source's structs).
  void restoreUnusedIntrinsicDeclarations() {
    for (const Function &original : source)
      if (original.isIntrinsic() && !output.getFunction(original.getName()) &&
          original.getIntrinsicID() != Intrinsic::not_intrinsic) {
        Function *declaration = Function::Create(
            original.getFunctionType(), original.getLinkage(),
            original.getName(), output);
        declaration->setAttributes(original.getAttributes());
        declaration->setCallingConv(original.getCallingConv());
      }
  }

  // Metadata of the source refers to its functions and globals: map each to
  // the output's symbol of the same name (none: the reference becomes null,
  // as LLVM does for a deleted function).
  void mapGlobalValues() {
    for (const GlobalValue &value : source.global_values())
      if (GlobalValue *mine = output.getNamedValue(value.getName()))
        map[&value] = mine;
  }

  void restoreComdats() {
    for (const auto &entry : source.getComdatSymbolTable()) {
      Comdat *comdat = output.getOrInsertComdat(entry.getKey());
      comdat->setSelectionKind(entry.getValue().getSelectionKind());
    }
  }

  Comdat *comdatFor(const Comdat *comdat) {
    return comdat ? output.getOrInsertComdat(comdat->getName()) : nullptr;
  }

  void restoreGlobal(const GlobalVariable &original, GlobalVariable &global) {
    // MLIR 22 drops externally_initialized: a CUDA `__constant__` array
    // filled by the host would then fold to its initializer.
    global.setExternallyInitialized(original.isExternallyInitialized());
    global.setThreadLocalMode(original.getThreadLocalMode());
    if (!global.hasSection() && original.hasSection())
      global.setSection(original.getSection());
    if (!global.hasPartition() && original.hasPartition())
      global.setPartition(original.getPartition());
    if (!global.hasComdat() && original.hasComdat())
      global.setComdat(comdatFor(original.getComdat()));
    if (!global.getCodeModel() && original.getCodeModel())
      global.setCodeModel(*original.getCodeModel());
    if (original.hasAttributes())
      global.setAttributes(mergeAttributes(context, global.getAttributes(),
                                           original.getAttributes(), nullptr));
    copyAttachments(original, global, map, [](StringRef) { return false; });
    if (original.hasInitializer() && global.hasInitializer())
      if (Constant *initializer = restoreGepFlags(
              original.getInitializer(), global.getInitializer(), map))
        global.setInitializer(initializer);
  }

  void restoreFunction(const Function &original, Function &function,
                       bool isClone) {
    if (function.getCallingConv() != original.getCallingConv() && !isClone)
      function.setCallingConv(original.getCallingConv());
    bool sameParameters = original.arg_size() == function.arg_size();
    function.setAttributes(mergeAttributeLists(
        context, function.getAttributes(), original.getAttributes(),
        function.getFunctionType(), sameParameters));
    if (!function.hasSection() && original.hasSection())
      function.setSection(original.getSection());
    if (!function.hasComdat() && original.hasComdat() && !isClone)
      function.setComdat(comdatFor(original.getComdat()));
    if (!function.hasGC() && original.hasGC())
      function.setGC(original.getGC());
    if (!function.hasPartition() && original.hasPartition())
      function.setPartition(original.getPartition());
    if ((original.hasPrefixData() && !function.hasPrefixData()) ||
        (original.hasPrologueData() && !function.hasPrologueData()))
      warn("the prefix or prologue data of @" + original.getName() +
           " is not kept: MLIR does not carry it");
    copyAttachments(original, function, map, [isClone](StringRef kind) {
      return isClone && isKernelMetadata(kind);
    });
    if (sameParameters)
      for (unsigned index = 0; index < function.arg_size(); ++index)
        function.getArg(index)->setName(original.getArg(index)->getName());
    if (function.isDeclaration())
      return;
    BlockMap blocks;
    InstructionPairs pairs;
    if (!isClone)
      pairs = matchUnchanged(original, function, blocks);
    if (!pairs.empty()) {
      restoreInstructions(pairs, blocks);
      return;
    }
    restoreByLocation(function);
    reportLostInstructionMetadata(original, function);
  }

  void restoreInstructions(const InstructionPairs &pairs,
                           const BlockMap &blocks) {
    for (auto [from, to] : pairs) {
      copyAttachments(*from, *to, map, [](StringRef) { return false; });
      if (from->hasName() && !to->getType()->isVoidTy())
        to->setName(from->getName());
      if (from->getParent()->hasName() && &*from->getParent()->begin() == from)
        to->getParent()->setName(from->getParent()->getName());
      // An unchanged call keeps its own attributes (MLIR adds the callee's
      // memory effects to the call) and its tail-call marker.
      auto *fromCall = dyn_cast<CallBase>(from);
      auto *toCall = dyn_cast<CallBase>(to);
      if (fromCall && toCall && fromCall->arg_size() == toCall->arg_size())
        toCall->setAttributes(adoptAttributeLists(context,
                                                  fromCall->getAttributes(),
                                                  toCall->getAttributes(),
                                                  toCall->arg_size()));
      for (unsigned index = 0; index < to->getNumOperands(); ++index) {
        auto *fromConstant = dyn_cast<Constant>(from->getOperand(index));
        auto *toConstant = dyn_cast<Constant>(to->getOperand(index));
        if (!fromConstant || !toConstant || isa<GlobalValue>(toConstant))
          continue;
        if (Constant *restored = restoreGepFlags(fromConstant, toConstant, map))
          to->setOperand(index, restored);
      }
      auto *fromTail = dyn_cast<CallInst>(from);
      auto *toTail = dyn_cast<CallInst>(to);
      if (fromTail && toTail)
        toTail->setTailCallKind(fromTail->getTailCallKind());
      // MLIR's block arguments list a phi's incoming edges in its own order.
      auto *fromPhi = dyn_cast<PHINode>(from);
      auto *toPhi = dyn_cast<PHINode>(to);
      if (fromPhi && toPhi)
        orderIncoming(*fromPhi, *toPhi, blocks);
    }
  }

  // Puts `to`'s incoming edges in `from`'s order, blocks paired by `blocks`.
  static void orderIncoming(
      const PHINode &from, PHINode &to,
      const DenseMap<const BasicBlock *, BasicBlock *> &blocks) {
    unsigned count = to.getNumIncomingValues();
    if (from.getNumIncomingValues() != count)
      return;
    SmallVector<std::pair<BasicBlock *, Value *>> ordered;
    for (unsigned index = 0; index < count; ++index) {
      auto block = blocks.find(from.getIncomingBlock(index));
      if (block == blocks.end())
        return;
      int position = to.getBasicBlockIndex(block->second);
      if (position < 0)
        return;
      ordered.push_back(
          {block->second, to.getIncomingValue(unsigned(position))});
    }
    for (unsigned index = 0; index < count; ++index) {
      to.setIncomingBlock(index, ordered[index].first);
      to.setIncomingValue(index, ordered[index].second);
    }
  }

  // In a function gas rewrote, each instruction that has the location the
  // import gave an original (its line and column in the text) and the
  // original's opcode gets the original's attachments and name: a load gas
  // resolved, or each case of a run-time switch, is still that load.
  void restoreByLocation(Function &function) {
    if (!originalsByPosition)
      return;
    for (Instruction &instruction : instructions(function)) {
      const DebugLoc &location = instruction.getDebugLoc();
      if (!location)
        continue;
      auto found =
          originalsByPosition->find({location.getLine(), location.getCol()});
      if (found == originalsByPosition->end() ||
          found->second->getOpcode() != instruction.getOpcode())
        continue;
      const Instruction &original = *found->second;
      copyAttachments(original, instruction, map,
                      [](StringRef) { return false; });
      if (original.hasName() && !instruction.hasName() &&
          !instruction.getType()->isVoidTy())
        instruction.setName(original.getName());
    }
  }

  // A function gas rewrote cannot be matched instruction for instruction:
  // metadata kinds MLIR's importer does not carry are named, not lost
  // silently.
  void reportLostInstructionMetadata(const Function &original,
                                     const Function &function) {
    StringSet<> kept;
    SmallVector<StringRef> names;
    context.getMDKindNames(names);
    SmallVector<std::pair<unsigned, MDNode *>> attachments;
    bool hasInlineAsm = false;
    for (const Instruction &instruction : instructions(function)) {
      instruction.getAllMetadata(attachments);
      for (auto [kind, node] : attachments)
        if (kind < names.size())
          kept.insert(names[kind]);
      if (const auto *call = dyn_cast<CallBase>(&instruction))
        hasInlineAsm |= call->isInlineAsm();
    }
    // `!srcloc` rides only on inline assembly: with none left (pure asm
    // whose result was unused, removed as dead code) it is not lost.
    if (!hasInlineAsm)
      kept.insert("srcloc");
    StringSet<> reported;
    for (const Instruction &instruction : instructions(original)) {
      instruction.getAllMetadata(attachments);
      for (auto [kind, node] : attachments) {
        if (kind >= names.size() || kind == LLVMContext::MD_dbg)
          continue;
        StringRef name = names[kind];
        if (kept.contains(name) || !reported.insert(name).second)
          continue;
        warn("instruction metadata !" + name + " of @" + original.getName() +
             " is not kept: gas rewrote the function and MLIR's importer "
             "does not carry this kind");
      }
    }
  }

  // Named metadata in the source's order, the source's own (re-pointed);
  // module flags merged; debug compile units and what only MLIR made kept.
  void restoreNamedMetadata() {
    bool sourceHasDebugInfo = hasDebugInfo(source);
    // Module flags: the source's, then the output's others (not MLIR's
    // "Debug Info Version" for a source without debug information).
    SmallVector<Module::ModuleFlagEntry> sourceFlags, outputFlags;
    source.getModuleFlagsMetadata(sourceFlags);
    output.getModuleFlagsMetadata(outputFlags);
    auto flagNode = [&](const Module::ModuleFlagEntry &flag, Metadata *value) {
      return MDNode::get(
          context,
          {ConstantAsMetadata::get(
               ConstantInt::get(Type::getInt32Ty(context), flag.Behavior)),
           flag.Key, value});
    };
    SmallVector<MDNode *> flags;
    StringSet<> keys;
    for (const auto &flag : sourceFlags) {
      keys.insert(flag.Key->getString());
      flags.push_back(flagNode(
          flag, MapMetadata(flag.Val, map, RF_NullMapMissingGlobalValues)));
    }
    for (const auto &flag : outputFlags) {
      StringRef key = flag.Key->getString();
      if (keys.contains(key) ||
          (key == "Debug Info Version" && !sourceHasDebugInfo))
        continue;
      flags.push_back(flagNode(flag, flag.Val));
    }
    // What the output has: MLIR's own named metadata (debug compile units,
    // anything the source lacks) is kept.
    SmallVector<std::pair<std::string, SmallVector<MDNode *>>> outputOnly;
    SmallVector<MDNode *> compileUnits;
    SmallVector<NamedMDNode *> erase;
    for (NamedMDNode &named : output.named_metadata()) {
      StringRef name = named.getName();
      if (name == "llvm.dbg.cu")
        compileUnits.append(named.op_begin(), named.op_end());
      else if (name != "llvm.module.flags" && !source.getNamedMetadata(name))
        outputOnly.push_back(
            {name.str(), SmallVector<MDNode *>(named.op_begin(), named.op_end())});
      erase.push_back(&named);
    }
    for (NamedMDNode *named : erase)
      output.eraseNamedMetadata(named);
    auto add = [&](StringRef name, ArrayRef<MDNode *> operands) {
      if (operands.empty())
        return;
      NamedMDNode *copy = output.getOrInsertNamedMetadata(name);
      for (MDNode *operand : operands)
        copy->addOperand(operand);
    };
    bool flagsAdded = false, unitsAdded = false;
    for (const NamedMDNode &named : source.named_metadata()) {
      StringRef name = named.getName();
      if (name == "llvm.module.flags") {
        add(name, flags);
        flagsAdded = true;
      } else if (name == "llvm.dbg.cu") {
        // Debug information is MLIR's (its compile units are rebuilt).
        add(name, compileUnits);
        unitsAdded = true;
      } else {
        SmallVector<MDNode *> operands;
        for (const MDNode *operand : named.operands())
          operands.push_back(
              MapMetadata(operand, map, RF_NullMapMissingGlobalValues));
        NamedMDNode *copy = output.getOrInsertNamedMetadata(name);
        for (MDNode *operand : operands)
          copy->addOperand(operand);
      }
    }
    if (!flagsAdded)
      add("llvm.module.flags", flags);
    if (!unitsAdded)
      add("llvm.dbg.cu", compileUnits);
    for (auto &[name, operands] : outputOnly)
      add(name, operands);
  }

  const Module &source;
  Module &output;
  LLVMContext &context;
  const Positions *originalsByPosition;
  GasBytesCallback warning;
  void *userData;
  ValueToValueMapTy map;
};

// gas's clones carry no subprogram (LLVM allows one function per
// subprogram), so their instructions would be exported without locations:
// no line tables for a debugger or profiler, and nothing to pair them with
// their originals. For the export, each function the source does not have
// (a function of the source without one stays so) gets a subprogram of its
// own, modelled on its original's (the name before the clone marker) or any
// function's; `saved` keeps the locations to put back.
void scopeUnscopedFunctions(
    mlir::Operation *module, const Module &source,
    SmallVectorImpl<std::pair<mlir::Operation *, mlir::Location>> &saved) {
  using ScopedLocation = mlir::FusedLocWith<mlir::LLVM::DISubprogramAttr>;
  StringMap<mlir::LLVM::DISubprogramAttr> subprograms;
  mlir::LLVM::DISubprogramAttr any;
  module->walk([&](mlir::LLVM::LLVMFuncOp function) {
    if (auto scoped = dyn_cast<ScopedLocation>(function.getLoc())) {
      any = scoped.getMetadata();
      subprograms[function.getSymName()] = any;
    }
  });
  if (!any)
    return;
  mlir::MLIRContext *context = module->getContext();
  module->walk([&](mlir::LLVM::LLVMFuncOp function) {
    StringRef name = function.getSymName();
    if (function.isExternal() || isa<ScopedLocation>(function.getLoc()) ||
        source.getFunction(name))
      return;
    mlir::LLVM::DISubprogramAttr model =
        subprograms.lookup(name.substr(0, name.find(CloneMarker)));
    // Without the original (gas erased it), its line is not known here.
    unsigned line = model ? model.getLine() : 0;
    unsigned scopeLine = model ? model.getScopeLine() : 0;
    if (!model)
      model = any;
    auto subprogram = mlir::LLVM::DISubprogramAttr::get(
        context, mlir::DistinctAttr::create(mlir::UnitAttr::get(context)),
        model.getCompileUnit(), model.getScope(), function.getSymNameAttr(),
        function.getSymNameAttr(), model.getFile(), line, scopeLine,
        model.getSubprogramFlags(), model.getType(), {}, {});
    saved.push_back({function.getOperation(), function.getLoc()});
    function->setLoc(
        mlir::FusedLoc::get(context, {function.getLoc()}, subprogram));
  });
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
    Restorer::Positions originals;
    if (source->located)
      for (const Function &function : *source->module)
        for (const Instruction &instruction : instructions(function))
          if (auto range =
                  source->positions.getInstructionLocation(&instruction))
            originals[{range->Start.Line + 1, range->Start.Col + 1}] =
                &instruction;
    Restorer(*source->module, *translated,
             source->located ? &originals : nullptr, warning, userData)
        .run();
    // Line tables were made on import only to locate diagnostics.
    if (!hasDebugInfo(*source->module))
      StripDebugInfo(*translated);
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
