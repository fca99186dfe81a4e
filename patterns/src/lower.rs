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

mod lanes;
mod switch_blocks;

use crate::ir::adapter::{apply_by_walk_on, Applied, Environment, NotApplied, Pattern, Rewrite};
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
use melior::pass::{ExternalPass, PassManager, RunExternalPass};
use melior::utility::parse_pass_pipeline;
use melior::RewriterBase;
use melior::{Context, ContextRef};
use std::sync::{Arc, Mutex, PoisonError};
use thiserror::Error;

/// The set's name, as in DESIGN.md and `--pipeline`.
pub const SET: &str = "lower";

/// What `lower` needs to know before it rewrites, found in one walk.
struct Survey {
    /// Ops that carry a gas event where lower cannot follow it (reported).
    escaping_events: usize,
    /// Async copies or waits are present: the work-group builtins are needed.
    has_work_group_ops: bool,
}

/// Events carry no data: a copy's lowering returns the event it was given,
/// and the casts `raise` puts around SPIR events fold away. An event that
/// goes anywhere else (a branch, a call, a return, memory) would be left
/// with gas's type; each op that takes or gives one is reported.
fn survey(context: &Context, module: &Module) -> Survey {
    use gas_dialect::names::{ASYNC_COPY_2D, ASYNC_COPY_3D, WAIT_EVENTS};
    let mut survey = Survey {
        escaping_events: 0,
        has_work_group_ops: false,
    };
    let event = gas_dialect::ops::event_type(context).ok();
    crate::ir::each_op(module.as_operation(), &mut |op| {
        let name = op.name();
        let name = name.as_string_ref().as_str().unwrap_or_default();
        if gas_dialect::names::is_gas_op(name) {
            survey.has_work_group_ops |=
                [ASYNC_COPY_2D, ASYNC_COPY_3D, WAIT_EVENTS].contains(&name);
            return;
        }
        let Some(event) = event else {
            return;
        };
        if name == "builtin.unrealized_conversion_cast" {
            return;
        }
        let is_event = |r#type: Type| r#type == event;
        let carries = op.operands().any(|operand| is_event(operand.r#type()))
            || op.results().any(|result| is_event(result.r#type()));
        if carries {
            gas_dialect::verify::emit_error(
                op.location(),
                &format!(
                    "'{name}' op carries a gas event: lower follows events only between gas copies, waits and null events"
                ),
            );
            survey.escaping_events += 1;
        }
    });
    survey
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
    // Rebuilding accesses from their attributes is only safe on dispatches
    // gas's verifier accepted (MLIR's own verifier is the caller's business).
    if gas_dialect::verify::verify(&module.as_operation(), map).is_err() {
        return Err(LowerError::Unverified);
    }
    let survey = survey(context, module);
    if survey.escaping_events > 0 {
        return Err(LowerError::EventsEscape {
            count: survey.escaping_events,
        });
    }
    if survey.has_work_group_ops {
        WORK_GROUP
            .declare(context, module)
            .map_err(|_| LowerError::Conversion)?;
    }
    // Each function (and global initializer) on its own, in parallel:
    // nothing of lower's crosses a function.
    let outcome = lower_each_function(context, module, map)?;
    export_decisions(context, module);
    let count = gas_dialect::verify::report_gas_ops(
        &module.as_operation(),
        "was not lowered to the LLVM dialect",
    );
    if count > 0 {
        return Err(LowerError::OpsLeft { count });
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
    let pass = LowerFunction {
        map: *map,
        outcome: Arc::clone(&outcome),
    };
    let manager = PassManager::new(context);
    // Verified before lowering, and by the caller after it.
    manager.enable_verifier(false);
    manager
        .nested_under("any")
        .add_pass(crate::ir::adapter::external_pass(
            pass,
            TypeId::create(&LOWER_FUNCTION),
            "GasLowerFunction",
            "gas-lower-function",
            "lower's rewrites on one function",
        ));
    manager.run(module).map_err(|_| LowerError::Conversion)?;
    let outcome = std::mem::take(&mut *outcome.lock().unwrap_or_else(PoisonError::into_inner));
    Ok(outcome)
}

/// `lower` on one function, as an MLIR pass.
#[derive(Clone)]
struct LowerFunction {
    map: AddressSpaceMap,
    outcome: Arc<Mutex<FunctionsOutcome>>,
}

impl<'c> RunExternalPass<'c> for LowerFunction {
    fn initialize(&mut self, _context: ContextRef<'c>) {}

    fn run(&mut self, function: OperationRef<'c, '_>, _pass: ExternalPass<'_>) {
        let context = function.context();
        let context = crate::ir::adapter::context_of(&context);
        let result = lower_function(context, function, &self.map);
        let mut outcome = self.outcome.lock().unwrap_or_else(PoisonError::into_inner);
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
    map: &AddressSpaceMap,
) -> Result<switch_blocks::Converted, EmitError> {
    let mut used_tags = Vec::new();
    crate::ir::each_op(function, &mut |op| {
        if op.name().as_string_ref().as_str() == Ok(gas_dialect::names::TAG)
            && op
                .result(0)
                .is_ok_and(|result| crate::ir::adapter::has_uses(result.into()))
        {
            used_tags.push(op);
        }
    });
    let mut patterns = Vec::new();
    populate_lower_patterns(&mut patterns);
    let (consumers, others): (Vec<Pattern>, Vec<Pattern>) = patterns
        .into_iter()
        .partition(|pattern| CONSUMERS.contains(&pattern.name));
    apply_by_walk_on(context, function, *map, SET, &consumers);
    erase_unused_tags(context, &used_tags);
    apply_by_walk_on(context, function, *map, SET, &others);
    switch_blocks::convert(context, function)
}

/// Erases the tags of `tags` the consumers folded away (IRDL ops have no
/// traits, so MLIR does not know they are pure; left, they would become dead
/// tag arithmetic). Tags that were unused in the input stay.
fn erase_unused_tags(context: &Context, tags: &[OperationRef]) {
    let owner = melior::IrRewriter::new(context);
    let rewriter = owner.as_rewriter_base();
    for op in tags {
        if op
            .result(0)
            .is_ok_and(|result| !crate::ir::adapter::has_uses(result.into()))
        {
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

impl From<EmitError> for NotApplied {
    fn from(_: EmitError) -> Self {
        NotApplied("an LLVM op could not be built")
    }
}

/// Tag arithmetic is defined for 64-bit generic pointers.
fn check_pointer_width(map: &AddressSpaceMap) -> Result<(), NotApplied> {
    (map.pointer_width == 64 || !map.is_tagged())
        .then_some(())
        .ok_or(NotApplied("tags need 64-bit pointers"))
}

/// Whether `address` is in `space`, asked of a flat target's hardware.
fn flat_space_test<'c, 'r>(
    emitter: &Emitter<'r, 'c, '_>,
    tests: &FlatSpaceTests,
    address: Value<'c, '_>,
    space: AddressSpace,
) -> Result<Value<'c, 'r>, NotApplied> {
    let test = match space {
        AddressSpace::Global => tests.global,
        AddressSpace::Local => tests.local,
        AddressSpace::Private => tests.private,
        _ => return Err(NotApplied("no test for this space")),
    };
    let i1 = emitter.integer_type(1);
    Ok(match test {
        SpaceTest::Intrinsic(intrinsic) => emitter.call_intrinsic(intrinsic, &[address], i1)?,
        SpaceTest::NeitherOf(first, second) => {
            let first = emitter.call_intrinsic(first, &[address], i1)?;
            let second = emitter.call_intrinsic(second, &[address], i1)?;
            let either = emitter.or(first, second)?;
            let true_value = emitter.constant(i1, 1)?;
            emitter.xor(either, true_value)?
        }
    })
}

fn cast_parts<'c, 'a>(
    op: &OperationRef<'c, 'a>,
    map: &AddressSpaceMap,
    named_operand: bool,
) -> Result<(Value<'c, 'a>, Type<'c>, AddressSpace), NotApplied> {
    let source = op.operand(0).map_err(|_| NotApplied("no operand"))?;
    let result = op.result(0).map_err(|_| NotApplied("no result"))?;
    let named: Value = if named_operand { source } else { result.into() };
    let space = gas_dialect::ops::value_space(named, map)
        .filter(|space| space.is_resolvable())
        .ok_or(NotApplied("not a private, local or global pointer"))?;
    Ok((source, result.r#type(), space))
}

fn emitter<'r, 'c, 'a>(
    env: &Environment<'c>,
    op: &OperationRef<'c, 'a>,
    rewriter: &'r RewriterBase<'c, 'a>,
) -> Emitter<'r, 'c, 'a> {
    rewriter.set_insertion_point_before(*op);
    Emitter {
        context: env.context,
        rewriter,
        location: op.location(),
    }
}

/// The generic pointer's bits as an `i64` (each lane's, for a vector of
/// pointers).
fn pointer_bits<'c, 'r>(
    emitter: &Emitter<'r, 'c, '_>,
    generic: Value<'c, '_>,
) -> Result<Value<'c, 'r>, EmitError> {
    let i64_type = emitter.integer_type(64);
    let bits_type = if lanes::is_lanes(generic) {
        emitter.vector_like(generic.r#type(), i64_type)?
    } else {
        i64_type
    };
    emitter.ptr_to_int(generic, bits_type)
}

/// `generic` (whose bits are `bits`, when already computed) as a pointer of
/// `space`: canonical form restored for private and local (and for global
/// where tags are preserved), a cast for global. A vector of pointers is
/// taken lane by lane; one made by a GEP of vector indices over a scalar
/// generic base is that GEP over the base untagged.
fn untagged<'c, 'r>(
    emitter: &Emitter<'r, 'c, '_>,
    map: &AddressSpaceMap,
    generic: Value<'c, 'r>,
    bits: Option<Value<'c, 'r>>,
    space: AddressSpace,
    flags: FunctionFlags,
) -> Result<Value<'c, 'r>, EmitError> {
    let named = pointer_type(emitter.context, map, space);
    let is_lanes = lanes::is_lanes(generic);
    let named = if is_lanes {
        let named_lanes = emitter.vector_like(generic.r#type(), named)?;
        if let Some(gep) = lanes::gep_over_generic_base(generic, map) {
            let base = crate::ir::operand(&gep, 0).ok_or(EmitError::Build("llvm.getelementptr"))?;
            let base = untagged(emitter, map, base, None, space, flags)?;
            return emitter.getelementptr_like(&gep, base, named_lanes);
        }
        named_lanes
    } else {
        named
    };
    // `untag(tag p)` == `p` for `p` of the space (the tag's bits are dropped
    // again, and on a flat target `cast(cast(p : S → flat) : flat → S)` is `p`;
    // a vector cast is still unlowered when its consumers are lowered).
    if let Some(source) = cast_from(generic, named, !map.is_tagged() || is_lanes) {
        return Ok(source);
    }
    if !map.is_tagged() {
        return emitter.addrspacecast(generic, named);
    }
    // A global pointer's tag is its canonical bits, unless a private tag may
    // reach a global cast (tags preserved with private memory in the global buffer).
    if space.tag().is_none() && !flags.tags_preserved {
        return emitter.addrspacecast(generic, named);
    }
    let bits = match bits {
        Some(bits) => bits,
        None => pointer_bits(emitter, generic)?,
    };
    canonical(emitter, bits, named)
}

/// The pointer of type `named` (or vector of them) whose tagged bits are
/// `bits`, in canonical form: bit 59 copied into the tag bits.
fn canonical<'c, 'r>(
    emitter: &Emitter<'r, 'c, '_>,
    bits: Value<'c, 'r>,
    named: Type<'c>,
) -> Result<Value<'c, 'r>, EmitError> {
    let shift = emitter.constant_like(bits.r#type(), CANONICAL_SHIFT as i64)?;
    let shifted = emitter.shl(bits, shift)?;
    let canonical = emitter.ashr(shifted, shift)?;
    emitter.int_to_ptr(canonical, named)
}

/// `bits` (of a pointer, or of each lane) with `tag` in bits 61..63; null
/// (bits 0) stays null unless the pointer is known not to be.
fn with_tag<'c, 'r>(
    emitter: &Emitter<'r, 'c, '_>,
    bits: Value<'c, 'r>,
    tag: u64,
    may_be_null: bool,
) -> Result<Value<'c, 'r>, EmitError> {
    let bits_type = bits.r#type();
    let mask = emitter.constant_like(bits_type, TAG_CLEAR_MASK as i64)?;
    let cleared = emitter.and(bits, mask)?;
    let tag_bits = emitter.constant_like(bits_type, (tag << TAG_SHIFT) as i64)?;
    let tagged = emitter.or(cleared, tag_bits)?;
    if !may_be_null {
        return Ok(tagged);
    }
    let zero = emitter.constant_like(bits_type, 0)?;
    let is_null = emitter.icmp(IntPredicate::Eq, bits, zero)?;
    emitter.select(is_null, bits, tagged)
}

/// The tag of `bits` (bits 61..63) as an `i64`.
fn tag_of<'c, 'r>(
    emitter: &Emitter<'r, 'c, '_>,
    bits: Value<'c, 'r>,
) -> Result<Value<'c, 'r>, EmitError> {
    let shift = emitter.constant(emitter.integer_type(64), TAG_SHIFT as i64)?;
    emitter.lshr(bits, shift)
}

/// Replaces `op`'s results and drops it.
fn replace<'c, 'a>(
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
    values: &[Value<'c, '_>],
) -> Rewrite {
    rewriter.replace_op_with_values(op, values);
    Ok(Applied)
}

fn op_is(op: &OperationRef, name: &str) -> bool {
    op.name().as_string_ref().as_str() == Ok(name)
}

/// Whether `pointer` cannot be null: an alloca, the address of a global, or
/// an `inbounds` GEP of such (a null result would be poison).
fn provably_non_null(pointer: Value) -> bool {
    let mut current = pointer;
    // Bounded: GEP chains of real code are short, and a cycle is impossible in SSA.
    for _ in 0..16 {
        let Some(op) = crate::ir::defining_op(current) else {
            return false;
        };
        if op_is(&op, "llvm.alloca") || op_is(&op, "llvm.mlir.addressof") {
            return true;
        }
        if !(op_is(&op, "llvm.getelementptr") && is_inbounds(&op)) {
            return false;
        }
        let Some(base) = crate::ir::operand(&op, 0) else {
            return false;
        };
        current = base;
    }
    false
}

/// Whether a GEP is `inbounds`. Its flags are a pure property, which the C
/// API cannot read as an attribute; the op's own printed form names them.
fn is_inbounds(gep: &OperationRef) -> bool {
    crate::ir::adapter::print_locally(*gep)
        .split_once('=')
        .is_some_and(|(_, rest)| rest.trim_start().starts_with("llvm.getelementptr inbounds"))
}

fn is_null_constant(pointer: Value) -> bool {
    crate::ir::defining_op(pointer).is_some_and(|op| op_is(&op, "llvm.mlir.zero"))
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
    let flags = FunctionFlags::of(&op);
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

/// `gas.dispatch` → the access on the untagged address, behind a switch on
/// the tag where several spaces are possible.
fn lower_dispatch<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    check_pointer_width(&env.map)?;
    let dispatch = Dispatch::of(op).ok_or(NotApplied("not a dispatch"))?;
    let spaces = dispatch
        .spaces(&env.map)
        .map_err(|_| NotApplied("malformed spaces"))?;
    let addresses = dispatch
        .generic_addresses(&env.map)
        .map_err(|_| NotApplied("unknown access"))?;
    if spaces.len() != addresses.len() || spaces.iter().any(|set| set.is_empty()) {
        return Err(NotApplied("spaces do not match the generic addresses"));
    }
    let pending: Vec<(usize, SpaceSet)> = addresses.into_iter().zip(spaces).collect();
    let result_types: Vec<Type> = op.results().map(|result| result.r#type()).collect();
    let emitter = emitter(&env, &op, rewriter);
    let lowering = DispatchLowering {
        emitter: &emitter,
        op,
        map: env.map,
        flags: FunctionFlags::of(&op),
        dispatch,
        result_types: &result_types,
    };
    let results = lowering.resolve(dispatch.operands(), &pending)?;
    replace(op, rewriter, &results)
}

struct DispatchLowering<'e, 'r, 'c, 'a> {
    emitter: &'e Emitter<'r, 'c, 'a>,
    op: OperationRef<'c, 'a>,
    map: AddressSpaceMap,
    flags: FunctionFlags,
    dispatch: Dispatch<'c, 'a>,
    result_types: &'e [Type<'c>],
}

impl<'r, 'c> DispatchLowering<'_, 'r, 'c, '_> {
    /// Whether a flat target keeps this access flat though it is resolved
    /// to `space`: a volatile access the target has no volatile form of in
    /// that space (LLVM's `hasVolatileVariant`).
    fn keeps_flat(&self, space: AddressSpace) -> bool {
        !self.map.is_tagged()
            && self.dispatch.is_volatile()
            && !self
                .dispatch
                .access()
                .is_ok_and(|access| self.map.volatile_variants.allow(access, space))
    }

    /// The access with `operands`, its generic addresses in `pending` still
    /// to resolve (operand index, candidate spaces), in order.
    fn resolve(
        &self,
        mut operands: Vec<Value<'c, 'r>>,
        pending: &[(usize, SpaceSet)],
    ) -> Result<Vec<Value<'c, 'r>>, NotApplied> {
        let Some(((index, spaces), rest)) = pending.split_first() else {
            let access = self
                .dispatch
                .rebuild_access(&operands, self.emitter.location)
                .map_err(|_| NotApplied("could not rebuild the access"))?;
            let access = self.emitter.rewriter.insert(access);
            return Ok(access.results().map(Into::into).collect());
        };
        let address = *operands
            .get(*index)
            .ok_or(NotApplied("address operand out of range"))?;
        let mut spaces_iter = spaces.iter();
        if let (Some(space), None) = (spaces_iter.next(), spaces_iter.next()) {
            if self.keeps_flat(space) {
                return self.resolve(operands, rest);
            }
            operands[*index] = untagged(self.emitter, &self.map, address, None, space, self.flags)?;
            return self.resolve(operands, rest);
        }
        // An address made from a pointer of a space a generic pointer is
        // not expected in (constant, AMDGPU's region, NVPTX's cluster shared
        // memory): that space's access, on the pointer it was cast from (a
        // volatile one only where gas's own switch would make it anyway).
        if let Some(named) = other_named_space(address, &self.op, &self.map) {
            let volatile_allowed = self.map.is_tagged()
                || !self.dispatch.is_volatile()
                || self
                    .dispatch
                    .access()
                    .is_ok_and(|access| self.map.volatile_variants.allow_other(access, named));
            if volatile_allowed {
                let named_type =
                    melior::dialect::llvm::r#type::pointer(self.emitter.context, named);
                operands[*index] = untagged_from(self.emitter, address, named_type)?;
                return self.resolve(operands, rest);
            }
        }
        if !self.map.is_tagged() {
            // Several spaces on a flat target: the hardware's flat access.
            return self.resolve(operands, rest);
        }
        if lanes::is_lanes(address) {
            return lanes::split_by_tag(
                self.emitter,
                &self.map,
                &self.dispatch,
                self.flags,
                &operands,
                *index,
                *spaces,
            );
        }
        let bits = pointer_bits(self.emitter, address)?;
        let tag = tag_of(self.emitter, bits)?;
        let selector = self.emitter.index_cast(tag)?;
        let (default, cases) = switch_layout(*spaces);
        let case_tags: Vec<i64> = cases
            .iter()
            .filter_map(|space| space.tag())
            .map(|tag| tag as i64)
            .collect();
        let switch = self
            .emitter
            .index_switch(selector, &case_tags, self.result_types)?;
        for (region, space) in std::iter::once(default).chain(cases).enumerate() {
            self.emitter.enter_region(switch, region)?;
            let mut case_operands = operands.clone();
            case_operands[*index] = untagged(
                self.emitter,
                &self.map,
                address,
                Some(bits),
                space,
                self.flags,
            )?;
            let values = self.resolve(case_operands, rest)?;
            self.emitter.scf_yield(&values)?;
        }
        self.emitter.rewriter.set_insertion_point_after(switch);
        Ok(switch.results().map(Into::into).collect())
    }
}

/// The number of the named space `address` points into at `user` when that
/// is a space outside private, local and global: the address is (GEPs and
/// selects of) a cast from a pointer of that space, or of a pointer an
/// assume that has run puts there (`assume(isspacep.const(p))`).
fn other_named_space(address: Value, user: &OperationRef, map: &AddressSpaceMap) -> Option<u32> {
    let mut pending = vec![address];
    let mut found: Option<u32> = None;
    let mut masked = false;
    let mut steps = 0;
    while let Some(value) = pending.pop() {
        steps += 1;
        if steps > 32 {
            return None;
        }
        if let Some(number) = crate::analysis::assumptions::assumed_other_space(value, user, map) {
            if found.is_some_and(|other| other != number) {
                return None;
            }
            found = Some(number);
            continue;
        }
        let op = crate::ir::defining_op(value)?;
        match crate::ir::name_of(&op).as_str() {
            "llvm.addrspacecast" => {
                let source = crate::ir::operand(&op, 0)?;
                let number = gas_dialect::ops::pointer_address_space(source.r#type())?;
                let space = map.space(number);
                if space
                    .is_some_and(|space| space.is_resolvable() || space == AddressSpace::Generic)
                {
                    return None;
                }
                if found.is_some_and(|other| other != number) {
                    return None;
                }
                found = Some(number);
            }
            "llvm.getelementptr" => {
                let base = crate::ir::operand(&op, 0)?;
                if base.r#type() != value.r#type() {
                    return None;
                }
                pending.push(base);
            }
            "llvm.select" => {
                pending.push(crate::ir::operand(&op, 1)?);
                pending.push(crate::ir::operand(&op, 2)?);
            }
            // Whether clearing bits keeps the space depends on it: checked
            // once the space is known.
            "llvm.intr.ptrmask" => {
                masked = true;
                pending.push(crate::ir::operand(&op, 0)?);
            }
            _ => return None,
        }
    }
    found.filter(|number| !masked || map.masking_keeps_number(*number))
}

/// `generic` cast to `named`, or the named pointer it was cast from (no
/// tag: a space outside private, local and global has none).
fn untagged_from<'c, 'r>(
    emitter: &Emitter<'r, 'c, '_>,
    generic: Value<'c, 'r>,
    named: Type<'c>,
) -> Result<Value<'c, 'r>, EmitError> {
    match cast_from(generic, named, true) {
        Some(source) => Ok(source),
        None => emitter.addrspacecast(generic, named),
    }
}

/// The pointer of type `named` that `generic` is a cast of: by `gas.tag`,
/// or by `llvm.addrspacecast` where that cast keeps the bits.
fn cast_from<'c: 'a, 'a>(
    generic: Value<'c, 'a>,
    named: Type<'c>,
    through_addrspacecast: bool,
) -> Option<Value<'c, 'a>> {
    crate::ir::defining_op(generic)
        .filter(|op| {
            op_is(op, gas_dialect::names::TAG)
                || (through_addrspacecast && op_is(op, "llvm.addrspacecast"))
        })
        .and_then(|op| crate::ir::operand(&op, 0))
        .filter(|source| source.r#type() == named)
}

/// The default space and the cased spaces of a switch over `spaces`: global
/// is the default (every tag that is neither private's nor local's), and
/// without global the last candidate is.
fn switch_layout(spaces: SpaceSet) -> (AddressSpace, Vec<AddressSpace>) {
    let order = [
        AddressSpace::Global,
        AddressSpace::Local,
        AddressSpace::Private,
    ];
    let default = order
        .into_iter()
        .find(|space| spaces.contains(*space))
        .unwrap_or(AddressSpace::Global);
    let cases = AddressSpace::RESOLVABLE
        .into_iter()
        .filter(|space| *space != default && spaces.contains(*space))
        .collect();
    (default, cases)
}

/// Either copy: its one-plane part and, for a 3D copy,
/// `(num_planes, src_plane_area, dst_plane_area)`.
type CopyShape<'c, 'a> = (
    gas_dialect::ops::AsyncCopy2d<'c, 'a>,
    Option<(Value<'c, 'a>, Value<'c, 'a>, Value<'c, 'a>)>,
);

fn copy_shape<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<CopyShape<'c, 'a>> {
    use gas_dialect::ops::{AsyncCopy2d, AsyncCopy3d};
    if let Some(copy) = AsyncCopy2d::of(op) {
        return Some((copy, None));
    }
    let copy = AsyncCopy3d::of(op)?;
    let planes = (copy.num_planes, copy.src_plane_area, copy.dst_plane_area);
    Some((copy.one_plane(), Some(planes)))
}

/// An async copy, distributed over the work-group: element `i` of the
/// `planes × lines × elements` copied, in order, by work-item `i mod n` of the
/// `n` in the group, each element a byte-exact copy of its bytes (no
/// alignment is promised beyond one byte; a constant element size lets LLVM
/// expand the copy with wide accesses where the target allows unaligned
/// ones). The copy is complete, for every work-item, after the
/// `gas.wait_events` (a barrier) that waits for its event, which is the
/// result: events carry no data here.
fn lower_async_copy<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    let (copy, planes) = copy_shape(&op).ok_or(NotApplied("not an async copy"))?;
    let emitter = emitter(&env, &op, rewriter);
    let (first, step) = WORK_GROUP.linear_local_id(&emitter)?;
    let mut total = emitter.mul(copy.elements_per_line, copy.num_lines)?;
    if let Some((planes, _, _)) = planes {
        total = emitter.mul(total, planes)?;
    }
    let (lower, upper, step) = (
        emitter.index_cast(first)?,
        emitter.index_cast(total)?,
        emitter.index_cast(step)?,
    );
    let (loop_op, induction) = emitter.scf_for(lower, upper, step)?;
    let element = emitter.index_to_integer(induction, 64)?;
    let in_line = emitter.urem(element, copy.elements_per_line)?;
    let line_index = emitter.udiv(element, copy.elements_per_line)?;
    let (line, plane_offsets) = match planes {
        None => (line_index, None),
        Some((_, src_plane_area, dst_plane_area)) => {
            let line = emitter.urem(line_index, copy.num_lines)?;
            let plane = emitter.udiv(line_index, copy.num_lines)?;
            let src_plane = emitter.mul(plane, src_plane_area)?;
            let dst_plane = emitter.mul(plane, dst_plane_area)?;
            (line, Some((src_plane, dst_plane)))
        }
    };
    let position = |offset, line_length, plane_offset: Option<Value<'c, '_>>| {
        let mut at = emitter.add(offset, emitter.mul(line, line_length)?)?;
        if let Some(plane_offset) = plane_offset {
            at = emitter.add(at, plane_offset)?;
        }
        emitter.add(at, in_line)
    };
    let src_element = position(
        copy.src_offset,
        copy.src_line_length,
        plane_offsets.map(|(src, _)| src),
    )?;
    let dst_element = position(
        copy.dst_offset,
        copy.dst_line_length,
        plane_offsets.map(|(_, dst)| dst),
    )?;
    let src = emitter.byte_offset(copy.src, emitter.mul(src_element, copy.bytes_per_element)?)?;
    let dst = emitter.byte_offset(copy.dst, emitter.mul(dst_element, copy.bytes_per_element)?)?;
    emitter.memcpy(dst, src, copy.bytes_per_element)?;
    emitter.scf_yield(&[])?;
    rewriter.set_insertion_point_after(loop_op);
    replace(op, rewriter, &[copy.event])
}

/// `gas.wait_events` → a work-group barrier over local and global memory:
/// every work-item's share of every copy is then done.
fn lower_wait_events<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    let emitter = emitter(&env, &op, rewriter);
    WORK_GROUP.barrier(&emitter)?;
    rewriter.erase_op(op);
    Ok(Applied)
}

/// `gas.null_event` → nothing if unused, else SPIR's null event (a zero
/// `target("spirv.Event")`) seen as a gas event, which
/// `reconcile-unrealized-casts` removes along with the casts around it.
fn lower_null_event<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    let result = op.result(0).map_err(|_| NotApplied("no result"))?;
    if !crate::ir::adapter::has_uses(result.into()) {
        rewriter.erase_op(op);
        return Ok(Applied);
    }
    let emitter = emitter(&env, &op, rewriter);
    let spirv_event = Type::parse(env.context, SPIRV_EVENT_TYPE).ok_or(NotApplied("event type"))?;
    let zero = emitter.zero(spirv_event)?;
    let event = emitter.unrealized_cast(zero, result.r#type())?;
    replace(op, rewriter, &[event])
}

/// SPIR's event type, which clang gives `event_t`.
pub const SPIRV_EVENT_TYPE: &str = "!llvm.target<\"spirv.Event\">";

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
