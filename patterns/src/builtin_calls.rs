//! `builtin-calls`: OpenCL builtins called with generic pointers.
//!
//! clang's OpenCL 2.0 header declares many builtins with generic pointer
//! parameters only, so after resolution they would still be called with
//! tagged pointers, and every device library would have to decode gas's
//! tags. Where [`propagate`](crate::propagate)'s analysis knows a generic
//! argument's space:
//! - a call of a builtin with named-space overloads ([`crate::analysis::builtin_table`]) calls the
//!   overload of that space instead (its name from [`crate::analysis::mangling`]; private is
//!   the unqualified pointer), declared if the module lacks it, the argument
//!   untagged;
//! - a call of a user function whose module also defines the overload for
//!   that space (seed 004's overloading by address space) calls that one;
//! - `get_fence(p)` is the constant (`CLK_GLOBAL_MEM_FENCE`,
//!   `CLK_LOCAL_MEM_FENCE`, 0 for private).
//!
//! Where the space is not known, `get_fence(p)` is computed from the pointer
//! (`gas.to_named` tests, which `lower` turns into tag tests), and with
//! [`UnknownSpace::DispatchToNamed`] (`--builtins named`: a library with
//! named overloads only) a builtin call becomes a dispatch: tests of the
//! candidate spaces in `scf.if`s, each calling its named overload, the
//! results merged — seed 000's switch, for calls. Otherwise the generic call
//! stays, and [`BuiltinStats`] says why.
//!
//! An atomic's object pointer is never taken to be private: atomics on
//! private memory are undefined (OpenCL C 2.0 s6.13.11), and libraries have
//! no private overloads of them. A name gas cannot parse, or a builtin
//! without a named overload for the space, is left alone. Decisions are taken from one analysis before the
//! first rewrite; every call is rewritten once.

use crate::analysis::builtin_table::{self, NamedOverloads};
use crate::analysis::mangling::{
    demangle, mangle, pointer_parameters, with_pointer_address_space, Mangled,
};
use crate::analysis::{ClosedWorld, ModuleIndex, SpaceFacts};
use crate::ir::casts::CastStyle;
use crate::ir::emit::{Emitter, IntPredicate};
use crate::ir::{each_op, symbol_attribute};
use gas_dialect::ops::{pointer_type, to_named, untag, value_space};
use gas_dialect::{AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::attribute::{FlatSymbolRefAttribute, StringAttribute, TypeAttribute};
use melior::ir::operation::OperationLike;
use melior::ir::{Module, OperationRef, Type, Value, ValueLike};
use melior::{Context, IrRewriter, RewriterBase};
use std::collections::{BTreeMap, BTreeSet};

/// The set's name, as in DESIGN.md and `--pipeline`.
pub const SET: &str = "builtin-calls";

/// `CLK_LOCAL_MEM_FENCE` and `CLK_GLOBAL_MEM_FENCE` (opencl-c-base.h).
const LOCAL_MEM_FENCE: i64 = 0x01;
const GLOBAL_MEM_FENCE: i64 = 0x02;

/// What to do with a builtin call whose generic argument may point into
/// several spaces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UnknownSpace {
    /// Keep the generic call (the library decodes tags): `--builtins generic`.
    #[default]
    KeepGeneric,
    /// Switch on the space and call the named overloads: `--builtins named`.
    DispatchToNamed,
}

/// How `builtin-calls` runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct BuiltinOptions {
    /// Which functions' call sites the analysis may take as all visible.
    pub closed_world: ClosedWorld,
    /// What to do with a call whose generic argument may point into several spaces.
    pub unknown_space: UnknownSpace,
    /// The library has OpenCL 3.0's named overloads of the C11 atomics
    /// (`__opencl_c_named_address_space_builtins`): `--named-atomics`.
    pub named_atomics: bool,
}

/// What `builtin-calls` did, and why it left calls generic.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuiltinStats {
    /// Calls moved to a builtin's named overload.
    pub named_overloads: usize,
    /// Calls moved to a user function's overload for the known space.
    pub user_overloads: usize,
    /// `get_fence` calls replaced by a constant.
    pub fences_folded: usize,
    /// `get_fence` calls computed from the pointer.
    pub fences_from_pointer: usize,
    /// Calls turned into a dispatch over named overloads.
    pub call_dispatches: usize,
    /// Generic calls left, by reason.
    pub left_generic: BTreeMap<&'static str, usize>,
}

/// Runs `builtin-calls` on `module`.
pub fn run(
    context: &Context,
    module: &mut Module,
    map: &AddressSpaceMap,
    options: BuiltinOptions,
) -> BuiltinStats {
    let mut stats = BuiltinStats::default();
    let owner = IrRewriter::new(context);
    let rewriter = owner.as_rewriter_base();
    let module: &Module = module;
    // Only builtins (mangled names) called with a generic pointer are
    // candidates: without one, the module-wide analysis is not needed.
    let mut candidates = Vec::new();
    each_op(module.as_operation(), &mut |op| {
        let is_call = op
            .name()
            .as_string_ref()
            .as_str()
            .is_ok_and(|name| name == "llvm.call");
        if is_call
            && symbol_attribute(&op, "callee").is_some_and(|callee| callee.starts_with("_Z"))
            && op
                .operands()
                .any(|operand| value_space(operand, map) == Some(AddressSpace::Generic))
        {
            candidates.push(op);
        }
    });
    if candidates.is_empty() {
        return stats;
    }
    let casts = CastStyle::of(module);
    let index = ModuleIndex::build(module.as_operation());
    let facts = SpaceFacts::compute_in(&index, map, options.closed_world);
    let mut plans = Vec::new();
    for op in candidates {
        match decide(op, &index, &facts, map, options) {
            Ok(Some(plan)) => plans.push((op, plan)),
            Ok(None) => {}
            Err(reason) => *stats.left_generic.entry(reason).or_default() += 1,
        }
    }
    let mut declared: BTreeSet<String> = index.functions.keys().cloned().collect();
    for (call, plan) in plans {
        let span = tracing::debug_span!("call", set = SET);
        let _entered = span.enter();
        let rewrite = Rewrite {
            context,
            map,
            rewriter: &rewriter,
            index: &index,
            casts,
            call,
        };
        let outcome = match &plan {
            Plan::Fence(_) => rewrite.fence(&plan),
            Plan::Overload { .. } => rewrite.overload(&plan, &mut declared),
            Plan::Dispatch { .. } => rewrite.dispatch(&plan, &mut declared),
        };
        let counter = match (&plan, outcome) {
            (_, None) => {
                *stats
                    .left_generic
                    .entry("could not rewrite the call")
                    .or_default() += 1;
                continue;
            }
            (Plan::Fence(spaces), _) if spaces.len() == 1 => &mut stats.fences_folded,
            (Plan::Fence(_), _) => &mut stats.fences_from_pointer,
            (Plan::Overload { user: true, .. }, _) => &mut stats.user_overloads,
            (Plan::Overload { .. }, _) => &mut stats.named_overloads,
            (Plan::Dispatch { .. }, _) => &mut stats.call_dispatches,
        };
        *counter += 1;
    }
    stats
}

/// A call's generic pointer parameter: its position and where it may point.
#[derive(Clone, Debug)]
struct GenericArgument {
    position: usize,
    spaces: Vec<AddressSpace>,
}

/// What to do with one call, decided before anything changes.
enum Plan {
    /// `get_fence(p)`: the candidate spaces of `p`.
    Fence(Vec<AddressSpace>),
    /// Call `overload` with the arguments at `arguments` cast to their spaces.
    Overload {
        overload: String,
        arguments: Vec<(usize, AddressSpace)>,
        user: bool,
    },
    /// Test the spaces of `arguments` and call the named overload of each
    /// combination.
    Dispatch {
        generic: Mangled,
        arguments: Vec<GenericArgument>,
    },
}

/// The order candidate spaces are tested in; the last one is the default
/// (as in a dispatch, global takes whatever tag is not private or local).
const TEST_ORDER: [AddressSpace; 3] = [
    AddressSpace::Local,
    AddressSpace::Private,
    AddressSpace::Global,
];

fn ordered(spaces: SpaceSet) -> Vec<AddressSpace> {
    TEST_ORDER
        .iter()
        .copied()
        .filter(|space| spaces.contains(*space))
        .collect()
}

/// The address-space qualifier a named overload's pointer carries: none for
/// private (clang mangles the default space unqualified), else the number.
fn mangled_space(space: AddressSpace, map: &AddressSpaceMap) -> Option<u32> {
    match space {
        AddressSpace::Private => None,
        other => Some(map.number(other)),
    }
}

/// The name of `generic` with each argument's pointer in its named space.
fn overload_name(
    generic: &Mangled,
    arguments: &[(usize, AddressSpace)],
    map: &AddressSpaceMap,
) -> Option<String> {
    let mut named = generic.clone();
    for (position, space) in arguments {
        named = with_pointer_address_space(&named, *position, mangled_space(*space, map))?;
    }
    Some(mangle(&named))
}

fn decide(
    call: OperationRef,
    index: &ModuleIndex,
    facts: &SpaceFacts,
    map: &AddressSpaceMap,
    options: BuiltinOptions,
) -> Result<Option<Plan>, &'static str> {
    let Some(callee) = symbol_attribute(&call, "callee") else {
        return Ok(None);
    };
    let generic_operands: Vec<usize> = call
        .operands()
        .enumerate()
        .filter(|(_, operand)| value_space(*operand, map) == Some(AddressSpace::Generic))
        .map(|(position, _)| position)
        .collect();
    if generic_operands.is_empty() || !callee.starts_with("_Z") {
        return Ok(None);
    }
    let generic = demangle(&callee).ok_or("name not understood by gas's demangler")?;
    if generic.parameters.len() != call.operand_count() {
        return Err("mangled parameters do not match the call's operands");
    }
    let generic_number = map.number(AddressSpace::Generic);
    let mangled_generic: Vec<usize> = pointer_parameters(&generic)
        .into_iter()
        .filter(|(_, space)| *space == Some(generic_number))
        .map(|(position, _)| position)
        .collect();
    if mangled_generic != generic_operands {
        return Err("mangled parameters do not match the call's operands");
    }
    let mut arguments: Vec<GenericArgument> = generic_operands
        .iter()
        .map(|position| GenericArgument {
            position: *position,
            spaces: call
                .operand(*position)
                .map(|operand| ordered(facts.of(operand)))
                .unwrap_or_else(|_| TEST_ORDER.to_vec()),
        })
        .collect();
    if arguments.iter().any(|argument| argument.spaces.is_empty()) {
        return Err("the pointer can only be null");
    }
    exclude_private_atomic_object(&generic, &mut arguments)?;
    let dynamic = arguments.iter().any(|argument| argument.spaces.len() > 1);
    // With private memory in the global buffer (private-branch-elision),
    // private pointers carry no tag: a run-time test cannot tell them from
    // global ones.
    if dynamic
        && crate::ir::FunctionFlags::of(&call).private_in_global
        && arguments
            .iter()
            .any(|argument| argument.spaces.contains(&AddressSpace::Private))
    {
        return Err(
            "private memory in the global buffer: no run-time test tells private from global",
        );
    }
    if generic.name == "get_fence" {
        return Ok(Some(Plan::Fence(arguments[0].spaces.clone())));
    }
    if !dynamic {
        let chosen: Vec<(usize, AddressSpace)> = arguments
            .iter()
            .map(|argument| (argument.position, argument.spaces[0]))
            .collect();
        let overload =
            overload_name(&generic, &chosen, map).ok_or("no mangling for the named overload")?;
        if index.functions.contains_key(&overload) {
            let user = builtin_table::lookup(&generic.name).is_none();
            return Ok(Some(Plan::Overload {
                overload,
                arguments: chosen,
                user,
            }));
        }
        available(&generic, index, &callee, options, &chosen, map)?;
        return Ok(Some(Plan::Overload {
            overload,
            arguments: chosen,
            user: false,
        }));
    }
    if options.unknown_space == UnknownSpace::KeepGeneric {
        return Err("space unknown (--builtins generic keeps the generic call)");
    }
    let every_choice: Vec<(usize, AddressSpace)> = arguments
        .iter()
        .flat_map(|argument| {
            argument
                .spaces
                .iter()
                .map(|space| (argument.position, *space))
        })
        .collect();
    available(&generic, index, &callee, options, &every_choice, map)?;
    Ok(Some(Plan::Dispatch { generic, arguments }))
}

/// Drops private from the candidates of an atomic builtin's object pointer:
/// an atomic operation on an object in private memory is undefined (OpenCL
/// C 2.0 s6.13.11, "atomic restrictions"), so a call whose object may be
/// private or elsewhere is treated as elsewhere, and one whose object can
/// only be private is left alone. The other pointers (`expected` of a
/// compare-exchange) may be private.
fn exclude_private_atomic_object(
    generic: &Mangled,
    arguments: &mut [GenericArgument],
) -> Result<(), &'static str> {
    let is_atomic = builtin_table::lookup(&generic.name)
        .is_some_and(|builtin| builtin.named == NamedOverloads::NamedAtomics);
    let object = pointer_parameters(generic)
        .first()
        .map(|(position, _)| *position);
    let Some(argument) = arguments
        .iter_mut()
        .find(|argument| is_atomic && Some(argument.position) == object)
    else {
        return Ok(());
    };
    argument
        .spaces
        .retain(|space| *space != AddressSpace::Private);
    if argument.spaces.is_empty() {
        return Err("an atomic object in private memory (undefined in OpenCL C 2.0)");
    }
    Ok(())
}

/// Whether the library has named overloads of `generic` (a builtin declared,
/// not defined, in the module) for every `(parameter, space)` of `chosen`.
fn available(
    generic: &Mangled,
    index: &ModuleIndex,
    callee: &str,
    options: BuiltinOptions,
    chosen: &[(usize, AddressSpace)],
    map: &AddressSpaceMap,
) -> Result<(), &'static str> {
    if index
        .functions
        .get(callee)
        .is_some_and(|function| function.has_body)
    {
        return Err("a defined function without an overload for the space");
    }
    let named = match builtin_table::lookup(&generic.name).map(|builtin| builtin.named) {
        Some(NamedOverloads::NamedAtomics) if !options.named_atomics => {
            return Err(
                "no named overload: atomics have them only with --named-atomics (OpenCL 3.0)",
            )
        }
        Some(named) => named,
        None => return Err("not a builtin with named overloads"),
    };
    let pointers: Vec<usize> = pointer_parameters(generic)
        .into_iter()
        .map(|(position, _)| position)
        .collect();
    for (position, space) in chosen {
        let ordinal = pointers.iter().position(|pointer| pointer == position);
        let spaces = ordinal.map(|ordinal| named.spaces(ordinal)).unwrap_or(&[]);
        if !spaces.contains(&mangled_space(*space, map)) {
            return Err("no named overload for the space");
        }
    }
    Ok(())
}

/// Everything a rewrite of one call needs.
struct Rewrite<'r, 'c, 'a> {
    context: &'c Context,
    map: &'r AddressSpaceMap,
    rewriter: &'r RewriterBase<'c, 'a>,
    index: &'r ModuleIndex<'c, 'a>,
    casts: CastStyle,
    call: OperationRef<'c, 'a>,
}

impl<'r, 'c, 'a> Rewrite<'r, 'c, 'a> {
    fn emitter(&self) -> Emitter<'r, 'c, 'a> {
        Emitter {
            context: self.context,
            rewriter: self.rewriter,
            location: self.call.location(),
        }
    }

    /// `get_fence(p)` == the fence of p's space; over several spaces,
    /// `to_local(p) != null ? LOCAL : to_global(p) != null ? GLOBAL : 0`
    /// (the tests in [`TEST_ORDER`], the last space the default).
    fn fence(&self, plan: &Plan) -> Option<()> {
        let Plan::Fence(spaces) = plan else {
            return None;
        };
        let result: Value = crate::ir::result(&self.call, 0)?.into();
        let pointer = crate::ir::operand(&self.call, 0)?;
        self.rewriter.set_insertion_point_before(self.call);
        let emitter = self.emitter();
        let fence_of = |space: AddressSpace| match space {
            AddressSpace::Local => LOCAL_MEM_FENCE,
            AddressSpace::Global => GLOBAL_MEM_FENCE,
            _ => 0,
        };
        let (last, tested) = spaces.split_last()?;
        let mut value = emitter.constant(result.r#type(), fence_of(*last)).ok()?;
        for space in tested.iter().rev() {
            let is_there = self.is_in(pointer, *space)?;
            let fence = emitter.constant(result.r#type(), fence_of(*space)).ok()?;
            value = emitter.select(is_there, fence, value).ok()?;
        }
        self.rewriter.replace_op_with_values(self.call, &[value]);
        Some(())
    }

    /// `to_named(pointer) != null` for `space`.
    fn is_in(&self, pointer: Value<'c, '_>, space: AddressSpace) -> Option<Value<'c, 'r>> {
        let named = pointer_type(self.context, self.map, space);
        let cast = self
            .rewriter
            .insert(to_named(pointer, named, self.call.location()).ok()?);
        let emitter = self.emitter();
        let null = emitter.zero(named).ok()?;
        emitter
            .icmp(IntPredicate::Ne, crate::ir::result(&cast, 0)?.into(), null)
            .ok()
    }

    /// Declares `overload` (a copy of the generic declaration with the named
    /// pointer types) unless the module has it.
    fn declare(
        &self,
        generic_callee: &str,
        overload: &str,
        arguments: &[(usize, AddressSpace)],
        declared: &mut BTreeSet<String>,
    ) -> Option<()> {
        if declared.contains(overload) {
            return Some(());
        }
        let original = self.index.functions.get(generic_callee)?.op;
        let old_type = TypeAttribute::try_from(original.attribute("function_type").ok()?)
            .ok()?
            .value();
        let result = crate::ir::adapter::llvm_function_result(old_type)?;
        let mut parameters: Vec<Type> = llvm_function_parameters(old_type)?;
        for (position, space) in arguments {
            *parameters.get_mut(*position)? = pointer_type(self.context, self.map, *space);
        }
        self.rewriter.set_insertion_point_after(original);
        let copy = self.rewriter.clone_op(original);
        let new_type = melior::dialect::llvm::r#type::function(result, &parameters, false);
        crate::ir::adapter::set_attribute(
            copy,
            "function_type",
            TypeAttribute::new(new_type).into(),
        );
        crate::ir::adapter::set_attribute(
            copy,
            "sym_name",
            StringAttribute::new(self.context, overload).into(),
        );
        declared.insert(overload.to_string());
        Some(())
    }

    /// The call, to `overload`, with `arguments` cast to their named spaces.
    fn overload(&self, plan: &Plan, declared: &mut BTreeSet<String>) -> Option<()> {
        let Plan::Overload {
            overload,
            arguments,
            ..
        } = plan
        else {
            return None;
        };
        let callee = symbol_attribute(&self.call, "callee")?;
        self.declare(&callee, overload, arguments, declared)?;
        self.rewriter.set_insertion_point_before(self.call);
        let mut casted = Vec::new();
        for (position, space) in arguments {
            let operand = crate::ir::operand(&self.call, *position)?;
            let named = pointer_type(self.context, self.map, *space);
            let cast = self.casts.to_named(operand, named, self.call.location())?;
            casted.push((*position, self.rewriter.insert(cast).result(0).ok()?.into()));
        }
        self.rewriter.start_op_modification(self.call);
        for (position, value) in casted {
            crate::ir::adapter::set_operand(self.call, position, value);
        }
        crate::ir::adapter::set_attribute(
            self.call,
            "callee",
            FlatSymbolRefAttribute::new(self.context, overload).into(),
        );
        self.rewriter.finalize_op_modification(self.call);
        Some(())
    }

    /// The call as nested `scf.if`s over its arguments' candidate spaces,
    /// each leaf calling the named overload of its combination.
    fn dispatch(&self, plan: &Plan, declared: &mut BTreeSet<String>) -> Option<()> {
        let Plan::Dispatch { generic, arguments } = plan else {
            return None;
        };
        let callee = symbol_attribute(&self.call, "callee")?;
        // Declare every combination first: declarations go after the
        // generic one, not inside the function being rewritten.
        let mut combinations: Vec<Vec<(usize, AddressSpace)>> = vec![Vec::new()];
        for argument in arguments {
            combinations = combinations
                .into_iter()
                .flat_map(|chosen| {
                    argument.spaces.iter().map(move |space| {
                        let mut next = chosen.clone();
                        next.push((argument.position, *space));
                        next
                    })
                })
                .collect();
        }
        let mut names = BTreeMap::new();
        for chosen in &combinations {
            let name = overload_name(generic, chosen, self.map)?;
            self.declare(&callee, &name, chosen, declared)?;
            names.insert(chosen.clone(), name);
        }
        self.rewriter.set_insertion_point_before(self.call);
        let results = self.emit_choice(arguments, &mut Vec::new(), &names)?;
        if self.call.result_count() == 0 {
            self.rewriter.erase_op(self.call);
        } else {
            self.rewriter.replace_op_with_values(self.call, &results);
        }
        Some(())
    }

    /// Tests `arguments[0]`'s candidate spaces in order (the last without a
    /// test), recursing into the rest for each.
    fn emit_choice(
        &self,
        arguments: &[GenericArgument],
        chosen: &mut Vec<(usize, AddressSpace)>,
        names: &BTreeMap<Vec<(usize, AddressSpace)>, String>,
    ) -> Option<Vec<Value<'c, 'r>>> {
        let Some((argument, rest)) = arguments.split_first() else {
            return self.emit_named_call(chosen, names);
        };
        self.emit_candidates(argument, &argument.spaces, rest, chosen, names)
    }

    fn emit_candidates(
        &self,
        argument: &GenericArgument,
        candidates: &[AddressSpace],
        rest: &[GenericArgument],
        chosen: &mut Vec<(usize, AddressSpace)>,
        names: &BTreeMap<Vec<(usize, AddressSpace)>, String>,
    ) -> Option<Vec<Value<'c, 'r>>> {
        let (first, others) = candidates.split_first()?;
        if others.is_empty() {
            chosen.push((argument.position, *first));
            let results = self.emit_choice(rest, chosen, names);
            chosen.pop();
            return results;
        }
        let pointer = crate::ir::operand(&self.call, argument.position)?;
        let is_there = self.is_in(pointer, *first)?;
        let result_types: Vec<Type> = self.call.results().map(|result| result.r#type()).collect();
        let emitter = self.emitter();
        let branch = emitter.scf_if(is_there, &result_types).ok()?;
        emitter.enter_region(branch, 0).ok()?;
        chosen.push((argument.position, *first));
        let then_results = self.emit_choice(rest, chosen, names);
        chosen.pop();
        emitter.scf_yield(&then_results?).ok()?;
        emitter.enter_region(branch, 1).ok()?;
        let else_results = self.emit_candidates(argument, others, rest, chosen, names)?;
        emitter.scf_yield(&else_results).ok()?;
        self.rewriter.set_insertion_point_after(branch);
        Some(branch.results().map(Into::into).collect())
    }

    /// The call of the named overload for `chosen`, its pointers untagged.
    fn emit_named_call(
        &self,
        chosen: &[(usize, AddressSpace)],
        names: &BTreeMap<Vec<(usize, AddressSpace)>, String>,
    ) -> Option<Vec<Value<'c, 'r>>> {
        let name = names.get(chosen)?;
        let mut operands: Vec<Value> = self.call.operands().collect();
        for (position, space) in chosen {
            let named = pointer_type(self.context, self.map, *space);
            let cast = untag(*operands.get(*position)?, named, self.call.location()).ok()?;
            *operands.get_mut(*position)? = self.rewriter.insert(cast).result(0).ok()?.into();
        }
        let copy = self.rewriter.clone_op(self.call);
        self.rewriter.start_op_modification(copy);
        for (position, operand) in operands.iter().enumerate() {
            crate::ir::adapter::set_operand(copy, position, *operand);
        }
        crate::ir::adapter::set_attribute(
            copy,
            "callee",
            FlatSymbolRefAttribute::new(self.context, name).into(),
        );
        self.rewriter.finalize_op_modification(copy);
        Some(copy.results().map(Into::into).collect())
    }
}

/// The parameter types of an `!llvm.func<...>` type.
fn llvm_function_parameters(function_type: Type) -> Option<Vec<Type>> {
    let count = crate::ir::adapter::llvm_function_parameter_count(function_type)?;
    (0..count)
        .map(|position| crate::ir::adapter::llvm_function_parameter(function_type, position))
        .collect()
}
