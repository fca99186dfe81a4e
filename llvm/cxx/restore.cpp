// The export's second half (see boundary_internal.h): what MLIR's importer
// dropped, put back onto the module MLIR exported. Which things are copied,
// and why, is documented in llvm/src/lib.rs.

#include "boundary_internal.h"

namespace gas_boundary {
namespace {

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
    // Restored metadata (a loop's `!llvm.loop` with its start and end
    // locations) may name the source's subprograms: each becomes the
    // subprogram MLIR's export made for the function of the same name, so
    // no location points into a function the output does not have.
    for (const Function &function : source)
      if (DISubprogram *subprogram = function.getSubprogram())
        if (const Function *mine = output.getFunction(function.getName()))
          if (DISubprogram *exported = mine->getSubprogram())
            map.MD()[subprogram].reset(exported);
    // Subprograms of functions the output no longer has (inlined callees)
    // stay, but in the output's compile unit.
    NamedMDNode *units = output.getNamedMetadata("llvm.dbg.cu");
    const NamedMDNode *sourceUnits = source.getNamedMetadata("llvm.dbg.cu");
    if (units && sourceUnits && units->getNumOperands() == 1 &&
        sourceUnits->getNumOperands() == 1)
      map.MD()[sourceUnits->getOperand(0)].reset(units->getOperand(0));
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
    if (originalsByPosition)
      restoreByLocation(function);
    // Calls positions did not pair (and all of them in a debug build): a
    // `-g` build and the same code without get the same call sites.
    restoreCallSitesInOrder(original, function);
    reportLostInstructionMetadata(original, function);
  }

  // The call of the same thing: the callee or a clone of it (`f.gas.p`),
  // the same inline assembly, or both indirect.
  static bool sameCallee(const CallBase &from, const CallBase &to) {
    const auto *fromAsm = dyn_cast<InlineAsm>(from.getCalledOperand());
    const auto *toAsm = dyn_cast<InlineAsm>(to.getCalledOperand());
    if (fromAsm || toAsm)
      return fromAsm && toAsm &&
             fromAsm->getAsmString() == toAsm->getAsmString() &&
             fromAsm->getConstraintString() == toAsm->getConstraintString();
    const Function *fromCallee = from.getCalledFunction();
    const Function *toCallee = to.getCalledFunction();
    if (!fromCallee || !toCallee)
      return !fromCallee && !toCallee;
    StringRef name = toCallee->getName();
    return name == fromCallee->getName() ||
           (name.consume_front(fromCallee->getName()) &&
            name.starts_with(CloneMarker));
  }

  // A call gas kept in a function it rewrote keeps the original call
  // site's attributes where the types allow (`convergent` on inline
  // assembly, which MLIR's `llvm.inline_asm` does not carry; `noundef`,
  // `range`) and its tail-call marker.
  void restoreCallSite(const Instruction &original, Instruction &instruction) {
    const auto *from = dyn_cast<CallBase>(&original);
    auto *to = dyn_cast<CallBase>(&instruction);
    if (!from || !to || from->arg_size() != to->arg_size() ||
        !sameCallee(*from, *to))
      return;
    to->setAttributes(mergeAttributeLists(context, to->getAttributes(),
                                          from->getAttributes(),
                                          to->getFunctionType(), true));
    auto *fromCall = dyn_cast<CallInst>(from);
    auto *toCall = dyn_cast<CallInst>(to);
    // `musttail` needs the caller's and callee's prototypes to agree, which a
    // clone's narrowed parameters may no longer do: only the hints come back.
    if (fromCall && toCall && toCall->getTailCallKind() == CallInst::TCK_None &&
        fromCall->getTailCallKind() != CallInst::TCK_MustTail)
      toCall->setTailCallKind(fromCall->getTailCallKind());
  }

  // Calls positions did not pair (all of them in a debug build): the calls
  // of each callee pair in order where the rewritten function has as many
  // as the original, or take the attributes all the original's share (MLIR's
  // CSE merges pure inline assembly); with them their metadata (`!srcloc`).
  void restoreCallSitesInOrder(const Function &original, Function &function) {
    auto calls = [](auto &body) {
      SmallVector<std::remove_reference_t<decltype(*body.begin()->begin())> *>
          found;
      for (auto &block : body)
        for (auto &instruction : block)
          if (isa<CallBase>(instruction) &&
              !isa<DbgInfoIntrinsic>(instruction))
            found.push_back(&instruction);
      return found;
    };
    auto fromCalls = calls(original);
    auto toCalls = calls(function);
    SmallVector<bool> taken(toCalls.size(), false);
    auto pair = [&](const Instruction &from, Instruction &to) {
      copyAttachments(from, to, map, [](StringRef) { return false; });
      restoreCallSite(from, to);
    };
    for (const Instruction *from : fromCalls) {
      const auto &fromCall = *cast<CallBase>(from);
      SmallVector<size_t> matches;
      for (size_t index = 0; index < toCalls.size(); ++index)
        if (sameCallee(fromCall, *cast<CallBase>(toCalls[index])))
          matches.push_back(index);
      SmallVector<const CallBase *> same;
      for (const Instruction *other : fromCalls)
        if (sameCallee(fromCall, *cast<CallBase>(other)))
          same.push_back(cast<CallBase>(other));
      if (matches.size() == same.size()) {
        // As many as the original: the first not yet taken, in order.
        for (size_t index : matches)
          if (!taken[index]) {
            taken[index] = true;
            pair(*from, *toCalls[index]);
            break;
          }
        continue;
      }
      // Fewer or more (MLIR's CSE merges pure inline assembly): where every
      // original call of the callee has the same attributes, each call left
      // takes them.
      bool alike = all_of(same, [&](const CallBase *other) {
        const auto *otherCall = dyn_cast<CallInst>(other);
        const auto *firstCall = dyn_cast<CallInst>(&fromCall);
        return other->getAttributes() == fromCall.getAttributes() &&
               (!otherCall || !firstCall ||
                otherCall->getTailCallKind() == firstCall->getTailCallKind());
      });
      if (!alike)
        continue;
      for (size_t index : matches)
        if (!taken[index]) {
          taken[index] = true;
          pair(*from, *toCalls[index]);
        }
    }
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
    // Each original block's label goes to the first block holding one of
    // its instructions (gas's switches split blocks; the rest keep numbers).
    SmallPtrSet<const BasicBlock *, 16> labelled;
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
      restoreCallSite(original, instruction);
      if (original.hasName() && !instruction.hasName() &&
          !instruction.getType()->isVoidTy())
        instruction.setName(original.getName());
      const BasicBlock *block = original.getParent();
      if (block->hasName() && !instruction.getParent()->hasName() &&
          labelled.insert(block).second)
        instruction.getParent()->setName(block->getName());
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

} // namespace

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

void restore(const Module &source, Module &output,
             const Positions *originalsByPosition, GasBytesCallback warning,
             void *userData) {
  Restorer(source, output, originalsByPosition, warning, userData).run();
}

} // namespace gas_boundary
