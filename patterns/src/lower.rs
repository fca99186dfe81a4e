//! `lower`: gas → LLVM dialect, the tagged-pointer scheme of seed 000.
//!
//! - `gas.tag` of a private or local pointer clears bits 61..63 and sets the
//!   tag (`001`, `010`), keeping null null unless the pointer is provably
//!   non-null; a global pointer is only cast (its tag is its canonical bits).
//! - `gas.untag` to private or local restores canonical form (`shl 4`,
//!   `ashr 4`); to global it is a plain cast, since a global pointer carries
//!   no tag (a generic pointer of another space cast to global is undefined).
//! - `gas.to_named` is the untagged pointer when the tag (`lshr 61`) matches,
//!   else null; global accepts `000` and `111`.
//! - `gas.dispatch` over one space is the access on the untagged pointer; over
//!   several it is an `scf.index_switch` on the tag (cases 1 = private,
//!   2 = local, default = global) with the access rebuilt, every attribute
//!   kept, in each case and the results merged. A second generic address
//!   (memcpy between two generic pointers) switches again inside each case.
//!
//! Every gas op still present afterwards is reported at its location: there
//! is no conversion framework to check legality. Then the switches become
//! LLVM blocks (`lower/switch_blocks.rs`, the blocks `convert-scf-to-cf`
//! would make), and MLIR's own conversions, nested on each function
//! (`convert-scf-to-cf`, `convert-to-llvm` for `arith` and `cf`, then
//! `reconcile-unrealized-casts`), run only for what is left: the structured
//! ops of other sets and async copies, SPIR's null events.

mod async_copies;
mod dispatch;
mod lanes;
mod switch_blocks;
mod tags;

use async_copies::*;
use dispatch::*;
use tags::*;

use crate::ir::adapter::{
    Applied, Environment, FrozenPatterns, NotApplied, Pattern, Rewrite, TopLevelWork,
};
use crate::ir::emit::{EmitError, Emitter, IntPredicate};
use crate::ir::FunctionFlags;
use gas_dialect::ops::{pointer_type, Dispatch};
use gas_dialect::spaces::{CANONICAL_SHIFT, TAG_CLEAR_MASK, TAG_SHIFT};
use gas_dialect::{
    AddressSpace, AddressSpaceMap, FlatSpaceTests, GenericPointers, SpaceSet, SpaceTest,
};
use melior::ir::operation::OperationLike;
use melior::ir::r#type::TypeId;
use melior::ir::{Module, OperationRef, Type, Value, ValueLike};
use melior::pass::PassManager;
use melior::utility::parse_pass_pipeline;
use melior::Context;
use melior::RewriterBase;
use std::sync::{Arc, Mutex, PoisonError};
use thiserror::Error;

/// The set's name, as in DESIGN.md and `--pipeline`.
pub const SET: &str = "lower";

/// What `lower` needs to know before it rewrites, found in one walk.
struct Survey<'c, 'a> {
    /// Ops that carry a gas event where lower cannot follow it.
    escaping_events: Vec<OperationRef<'c, 'a>>,
    /// Async copies or waits are present: the work-group builtins are needed.
    has_work_group_ops: bool,
    /// gas's rules held on every gas op (each problem was reported).
    verified: bool,
}

/// gas's rules on every gas op, and what lowering needs to know, in one walk.
/// Events carry no data: a copy's lowering returns the event it was given,
/// and the casts `raise` puts around SPIR events fold away. An event that
/// goes anywhere else (a branch, a call, a return, memory) would be left
/// with gas's type; each op that takes or gives one is collected.
fn survey<'c, 'a>(
    context: &Context,
    module: &'a Module<'c>,
    map: &AddressSpaceMap,
) -> Survey<'c, 'a> {
    use gas_dialect::names::{ASYNC_COPY_2D, ASYNC_COPY_3D, WAIT_EVENTS};
    let mut escaping_events = Vec::new();
    let mut has_work_group_ops = false;
    let mut rules = gas_dialect::verify::Rules::new(map);
    let event = gas_dialect::ops::event_type(context).ok();
    crate::ir::each_op(module.as_operation(), &mut |op| {
        let name = crate::ir::name_of(&op);
        if gas_dialect::names::is_gas_op(name) {
            rules.check(&op, name);
            has_work_group_ops |= [ASYNC_COPY_2D, ASYNC_COPY_3D, WAIT_EVENTS].contains(&name);
            return;
        }
        let Some(event) = event else {
            return;
        };
        if name == "builtin.unrealized_conversion_cast" {
            return;
        }
        let is_event = |r#type: Type| r#type == event;
        if op.operands().any(|operand| is_event(operand.r#type()))
            || op.results().any(|result| is_event(result.r#type()))
        {
            escaping_events.push(op);
        }
    });
    Survey {
        escaping_events,
        has_work_group_ops,
        verified: rules.finish().is_ok(),
    }
}

/// Reports each op of `ops` as carrying a gas event lower cannot follow.
fn report_escaping_events(ops: &[OperationRef]) {
    for op in ops {
        gas_dialect::verify::emit_error(
            op.location(),
            &format!(
                "'{}' op carries a gas event: lower follows events only between gas copies, waits and null events",
                crate::ir::name_of(op)
            ),
        );
    }
}

/// Where work-item ids and the barrier come from (the one target hook).
const WORK_GROUP: crate::ir::work_group::WorkGroupTarget = crate::ir::work_group::SPIR;

/// MLIR's conversions that finish the job where `switch_blocks` does not:
/// structured control flow becomes LLVM blocks, `index` becomes `i64`. They run nested
/// on each function (in parallel, each with a small rewrite log), but for
/// `convert-cf-to-llvm`, which only runs on whole modules (they run only for
/// what other sets leave: `lower` makes its own blocks). Not
/// `convert-to-llvm`: its dialect interfaces come with every MLIR dialect's
/// extensions, which gas-opt does not link.
pub const FINISHING_PASSES: &str =
    "any(convert-scf-to-cf,convert-arith-to-llvm),convert-cf-to-llvm,reconcile-unrealized-casts";

/// Why `lower` failed. Each case has already been reported as MLIR
/// diagnostics at the ops concerned.
#[derive(Debug, Error)]
pub enum LowerError {
    /// gas's verifier rejected a gas op: rebuilding accesses from their
    /// attributes is only safe on verified dispatches.
    #[error("the module does not verify; not lowering it")]
    Unverified,
    /// gas ops were left after the patterns ran.
    #[error("{count} gas op(s) could not be lowered")]
    OpsLeft {
        /// How many gas ops are left.
        count: usize,
    },
    /// Declaring the work-group builtins, turning the switches into blocks
    /// or one of the [`FINISHING_PASSES`] failed.
    #[error("MLIR's conversion to the LLVM dialect failed")]
    Conversion,
    /// A gas event reaches an op other than a gas copy, wait or null event,
    /// or a cast `raise` put around a SPIR event; nothing was rewritten.
    #[error("{count} op(s) carry gas events lower cannot follow")]
    EventsEscape {
        /// How many ops carry such an event.
        count: usize,
    },
}

/// The patterns of `lower`.
pub fn populate_lower_patterns(patterns: &mut Vec<Pattern>) {
    use gas_dialect::names;
    let lowerings: [(&'static str, &'static str, crate::ir::adapter::PatternFn); 10] = [
        ("TagToTaggedInteger", names::TAG, lower_tag),
        ("UntagToCanonicalPointer", names::UNTAG, lower_untag),
        ("ToNamedToTagCheck", names::TO_NAMED, lower_to_named),
        ("DispatchToTagSwitch", names::DISPATCH, lower_dispatch),
        (
            "AsyncCopyToWorkGroupLoop",
            names::ASYNC_COPY_2D,
            lower_async_copy,
        ),
        (
            "AsyncCopyToWorkGroupLoop",
            names::ASYNC_COPY_3D,
            lower_async_copy,
        ),
        ("WaitEventsToBarrier", names::WAIT_EVENTS, lower_wait_events),
        ("NullEventToZero", names::NULL_EVENT, lower_null_event),
        (
            "LanesCastToGenericToTaggedLanes",
            "llvm.addrspacecast",
            lanes::lower_lanes_to_generic,
        ),
        (
            "LanesCastToNamedToCanonicalLanes",
            "llvm.addrspacecast",
            lanes::lower_lanes_to_named,
        ),
    ];
    for (name, root, rewrite) in lowerings {
        patterns.push(Pattern {
            set: SET,
            name,
            root,
            rewrite,
        });
    }
}

/// The patterns of the ops that take generic pointers to named ones:
/// lowered first.
const CONSUMERS: [&str; 4] = [
    "DispatchToTagSwitch",
    "UntagToCanonicalPointer",
    "ToNamedToTagCheck",
    "LanesCastToNamedToCanonicalLanes",
];

/// Runs `lower` on `module`: the patterns in one walk (no rewrite enables
/// another), MLIR's finishing conversions, then the legality check.
pub fn run(
    context: &Context,
    module: &mut Module,
    map: &AddressSpaceMap,
) -> Result<(), LowerError> {
    let survey = survey(context, module, map);
    // Rebuilding accesses from their attributes is only safe on dispatches
    // gas's verifier accepted (MLIR's own verifier is the caller's business).
    if !survey.verified {
        return Err(LowerError::Unverified);
    }
    if !survey.escaping_events.is_empty() {
        report_escaping_events(&survey.escaping_events);
        return Err(LowerError::EventsEscape {
            count: survey.escaping_events.len(),
        });
    }
    let has_work_group_ops = survey.has_work_group_ops;
    drop(survey);
    if has_work_group_ops {
        WORK_GROUP
            .declare(context, module)
            .map_err(|_| LowerError::Conversion)?;
    }
    // Each function (and global initializer) on its own, in parallel:
    // nothing of lower's crosses a function.
    let outcome = lower_each_function(context, module, map)?;
    export_decisions(context, module);
    // Each function counted what it left while its ops were at hand; the
    // module is walked again only to report them. Debug builds (every test)
    // walk anyway and check the count.
    if outcome.gas_ops_left > 0 || cfg!(debug_assertions) {
        let count = gas_dialect::verify::report_gas_ops(
            &module.as_operation(),
            "was not lowered to the LLVM dialect",
        );
        debug_assert_eq!(
            count, outcome.gas_ops_left,
            "gas ops left: the functions' count differs from the module's"
        );
        if count > 0 {
            return Err(LowerError::OpsLeft { count });
        }
    }
    if outcome.failed {
        return Err(LowerError::Conversion);
    }
    // The switches became blocks; MLIR's conversions only run for what is
    // left (structured ops of other sets, SPIR's null events).
    if !outcome.left_for_mlir {
        return Ok(());
    }
    crate::ir::adapter::register_mlir_passes();
    let manager = PassManager::new(context);
    parse_pass_pipeline(
        manager.as_operation_pass_manager(),
        &format!("builtin.module({FINISHING_PASSES})"),
    )
    .map_err(|_| LowerError::Conversion)?;
    manager.run(module).map_err(|_| LowerError::Conversion)
}

/// What lowering the functions found, over all of them.
#[derive(Default)]
struct FunctionsOutcome {
    /// An LLVM op could not be built somewhere.
    failed: bool,
    /// Some function has ops only MLIR's conversions lower.
    left_for_mlir: bool,
    /// gas ops the functions still hold (an error, reported by `run`).
    gas_ops_left: usize,
}

/// Lowers every top-level op of `module` (functions, global initializers)
/// as a nested MLIR pass, so that MLIR runs them in parallel when the
/// context may use threads.
fn lower_each_function(
    context: &Context,
    module: &mut Module,
    map: &AddressSpaceMap,
) -> Result<FunctionsOutcome, LowerError> {
    #[repr(align(8))]
    struct PassId;
    static LOWER_FUNCTION: PassId = PassId;
    let outcome = Arc::new(Mutex::new(FunctionsOutcome::default()));
    let work = LowerFunction {
        map: *map,
        outcome: Arc::clone(&outcome),
        frozen: None,
    };
    if !crate::ir::adapter::on_each_top_level_op(
        context,
        module,
        work,
        TypeId::create(&LOWER_FUNCTION),
        "gas-lower-function",
    ) {
        return Err(LowerError::Conversion);
    }
    let outcome = std::mem::take(&mut *outcome.lock().unwrap_or_else(PoisonError::into_inner));
    Ok(outcome)
}

/// `lower` on one top-level op (a function, a global's initializer). MLIR
/// clones it per thread; each clone freezes the patterns when it first
/// lowers a function, once for all the functions it lowers.
struct LowerFunction {
    map: AddressSpaceMap,
    outcome: Arc<Mutex<FunctionsOutcome>>,
    /// The consumers of generic pointers, then the other patterns.
    frozen: Option<(FrozenPatterns, FrozenPatterns)>,
}

impl Clone for LowerFunction {
    fn clone(&self) -> Self {
        Self {
            map: self.map,
            outcome: Arc::clone(&self.outcome),
            frozen: None,
        }
    }
}

impl TopLevelWork for LowerFunction {
    fn visit<'c>(&mut self, context: &'c Context, function: OperationRef<'c, '_>) {
        let map = self.map;
        let (consumers, others) = self.frozen.get_or_insert_with(|| {
            let mut patterns = Vec::new();
            populate_lower_patterns(&mut patterns);
            let (consumers, others): (Vec<Pattern>, Vec<Pattern>) = patterns
                .into_iter()
                .partition(|pattern| CONSUMERS.contains(&pattern.name));
            (
                FrozenPatterns::new(context, map, &consumers),
                FrozenPatterns::new(context, map, &others),
            )
        });
        let result = lower_function(context, function, consumers, others);
        let gas_ops_left = gas_dialect::verify::count_gas_ops(&function);
        let mut outcome = self.outcome.lock().unwrap_or_else(PoisonError::into_inner);
        outcome.gas_ops_left += gas_ops_left;
        match result {
            Ok(converted) => outcome.left_for_mlir |= !converted.everything,
            Err(_) => outcome.failed = true,
        }
    }
}

/// The rewrites of `lower` on `function`: consumers of generic pointers
/// first, while the `gas.tag`s that feed them are still there to fold with
/// (`untag(tag p)` == `p`), then the rest; then the switches become blocks.
fn lower_function(
    context: &Context,
    function: OperationRef,
    consumers: &FrozenPatterns,
    others: &FrozenPatterns,
) -> Result<switch_blocks::Converted, EmitError> {
    let mut used_tags = Vec::new();
    let mut described_tags = Vec::new();
    crate::ir::each_op(function, &mut |op| {
        if op.name().as_string_ref().as_str() != Ok(gas_dialect::names::TAG) {
            return;
        }
        let Some(result) = crate::ir::result(&op, 0) else {
            return;
        };
        if crate::ir::has_code_uses(result.into()) {
            used_tags.push(op);
        } else if crate::ir::adapter::has_uses(result.into()) {
            described_tags.push(op);
        }
    });
    // A tag only debug intrinsics use exists for the debugger alone (the
    // sets made it for them): it goes, so -g changes no code.
    erase_unused_tags(context, &described_tags);
    consumers.apply_by_walk(function);
    erase_unused_tags(context, &used_tags);
    others.apply_by_walk(function);
    crate::ir::erase_debug_only_values(context, function);
    switch_blocks::convert(context, function)
}

/// Erases the tags of `tags` the consumers folded away (IRDL ops have no
/// traits, so MLIR does not know they are pure; left, they would become dead
/// tag arithmetic). Tags that were unused in the input stay. Debug
/// intrinsics do not keep a tag: they describe its operand instead.
fn erase_unused_tags(context: &Context, tags: &[OperationRef]) {
    let owner = melior::IrRewriter::new(context);
    let rewriter = owner.as_rewriter_base();
    for op in tags {
        let Some(result) = crate::ir::result(op, 0) else {
            continue;
        };
        if !crate::ir::has_code_uses(result.into()) {
            let operand = crate::ir::operand(op, 0);
            crate::ir::rebind_debug_uses(context, &rewriter, result.into(), operand);
            rewriter.erase_op(*op);
        }
    }
}

/// The kernel-wide decisions, as LLVM string function attributes a backend
/// reading LLVM IR can see (`gas-private-in-global`: place the function's
/// allocas in the global buffer; `gas-tags-preserved`; `gas-static-global`).
/// Translation to LLVM IR drops the `gas.*` attributes themselves.
fn export_decisions(context: &Context, module: &Module) {
    use gas_dialect::names::{PRIVATE_IN_GLOBAL_ATTR, STATIC_GLOBAL_ATTR, TAGS_PRESERVED_ATTR};
    use melior::ir::attribute::{ArrayAttribute, StringAttribute};
    // Functions are the module's top-level ops: no need to walk their bodies.
    let mut next = melior::ir::BlockLike::first_operation(&module.body());
    while let Some(function) = next {
        next = function.next_in_block();
        if !op_is(&function, "llvm.func") {
            continue;
        }
        let decided: Vec<&str> = [
            PRIVATE_IN_GLOBAL_ATTR,
            TAGS_PRESERVED_ATTR,
            STATIC_GLOBAL_ATTR,
        ]
        .into_iter()
        .filter(|name| function.attribute(name).is_ok())
        .collect();
        if decided.is_empty() {
            continue;
        }
        let mut entries: Vec<melior::ir::Attribute> = function
            .attribute("passthrough")
            .ok()
            .and_then(|existing| ArrayAttribute::try_from(existing).ok())
            .map(|existing| {
                (0..existing.len())
                    .filter_map(|at| existing.element(at).ok())
                    .collect()
            })
            .unwrap_or_default();
        for name in decided {
            let exported = name.replace(['.', '_'], "-");
            let exported: melior::ir::Attribute = StringAttribute::new(context, &exported).into();
            if !entries.contains(&exported) {
                entries.push(exported);
            }
        }
        crate::ir::adapter::set_attribute(
            function,
            "passthrough",
            ArrayAttribute::new(context, &entries).into(),
        );
    }
}

/// `gas.tag p` → `p` with its tag set (null stays null).
fn lower_tag<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    check_pointer_width(&env.map)?;
    let (named, generic_type, space) = cast_parts(&op, &env.map, true)?;
    let emitter = emitter(&env, &op, rewriter);
    if !env.map.is_tagged() {
        // A flat target's own cast: the hardware keeps the space.
        let cast = emitter.addrspacecast(named, generic_type)?;
        return replace(op, rewriter, &[cast]);
    }
    let tag = match space.tag() {
        // Private memory in the global buffer: a private pointer is a global one.
        Some(_) if space == AddressSpace::Private && FunctionFlags::of(&op).untagged_private() => {
            None
        }
        tag => tag,
    };
    let Some(tag) = tag else {
        let cast = emitter.addrspacecast(named, generic_type)?;
        return replace(op, rewriter, &[cast]);
    };
    if is_null_constant(named) {
        let null = emitter.zero(generic_type)?;
        return replace(op, rewriter, &[null]);
    }
    let bits = emitter.ptr_to_int(named, emitter.integer_type(64))?;
    let tagged = with_tag(&emitter, bits, tag, !provably_non_null(named))?;
    let generic = emitter.int_to_ptr(tagged, generic_type)?;
    replace(op, rewriter, &[generic])
}

/// `gas.untag p` → `p` in canonical form, as the named pointer.
fn lower_untag<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    check_pointer_width(&env.map)?;
    let (generic, _, space) = cast_parts(&op, &env.map, false)?;
    let flags = flags_for(&op, &[SpaceSet::single(space)]);
    let emitter = emitter(&env, &op, rewriter);
    let named = untagged(&emitter, &env.map, generic, None, space, flags)?;
    replace(op, rewriter, &[named])
}

/// `gas.to_named p` → `tag(p) matches ? untag(p) : null`.
fn lower_to_named<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    check_pointer_width(&env.map)?;
    let (generic, named_type, space) = cast_parts(&op, &env.map, false)?;
    let emitter = emitter(&env, &op, rewriter);
    if let GenericPointers::Flat(tests) = env.map.generic_pointers {
        // `is<space>(p) ? (named) p : null`.
        let matches = flat_space_test(&emitter, &tests, generic, space)?;
        let pointer = emitter.addrspacecast(generic, named_type)?;
        let null = emitter.zero(named_type)?;
        let result = emitter.select(matches, pointer, null)?;
        return replace(op, rewriter, &[result]);
    }
    let i64_type = emitter.integer_type(64);
    let bits = pointer_bits(&emitter, generic)?;
    let tag = tag_of(&emitter, bits)?;
    let matches = match space.tag() {
        Some(expected) => {
            let expected = emitter.constant(i64_type, expected as i64)?;
            emitter.icmp(IntPredicate::Eq, tag, expected)?
        }
        None => {
            // Global pointers keep their canonical upper bits: 000 or 111.
            let low_half = emitter.constant(i64_type, 0)?;
            let high_half = emitter.constant(i64_type, 0b111)?;
            let in_low = emitter.icmp(IntPredicate::Eq, tag, low_half)?;
            let in_high = emitter.icmp(IntPredicate::Eq, tag, high_half)?;
            emitter.or(in_low, in_high)?
        }
    };
    let pointer = untagged(
        &emitter,
        &env.map,
        generic,
        Some(bits),
        space,
        FunctionFlags::of(&op),
    )?;
    let null = emitter.zero(named_type)?;
    let result = emitter.select(matches, pointer, null)?;
    replace(op, rewriter, &[result])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switch_defaults_to_global_and_cases_private_then_local() {
        let (default, cases) = switch_layout(SpaceSet::ALL);
        assert_eq!(default, AddressSpace::Global);
        assert_eq!(cases, [AddressSpace::Private, AddressSpace::Local]);
    }

    #[test]
    fn switch_without_global_defaults_to_local() {
        let spaces = SpaceSet::single(AddressSpace::Private).with(AddressSpace::Local);
        let (default, cases) = switch_layout(spaces);
        assert_eq!(default, AddressSpace::Local);
        assert_eq!(cases, [AddressSpace::Private]);
    }
}
