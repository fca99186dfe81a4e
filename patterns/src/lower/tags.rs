//! The tag arithmetic of seed 000 as `lower` emits it: a generic pointer's
//! bits, setting and clearing the tag (bits 61..63), reading it, and what a
//! pointer provably is (non-null, in bounds) so that checks can be left out.

use super::*;

impl From<EmitError> for NotApplied {
    fn from(_: EmitError) -> Self {
        NotApplied("an LLVM op could not be built")
    }
}

/// Tag arithmetic is defined for 64-bit generic pointers.
pub(super) fn check_pointer_width(map: &AddressSpaceMap) -> Result<(), NotApplied> {
    (map.pointer_width == 64 || !map.is_tagged())
        .then_some(())
        .ok_or(NotApplied("tags need 64-bit pointers"))
}

/// Whether `address` is in `space`, asked of a flat target's hardware.
pub(super) fn flat_space_test<'c, 'r>(
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

pub(super) fn cast_parts<'c, 'a>(
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

pub(super) fn emitter<'r, 'c, 'a>(
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
pub(super) fn pointer_bits<'c, 'r>(
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
pub(super) fn untagged<'c, 'r>(
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
    // Private memory in the global buffer, tags not preserved: a private
    // pointer made generic carries no tag (see `lower_tag`; every kernel
    // reaching this function decided the same), so there is none to clear.
    if space == AddressSpace::Private && flags.untagged_private() {
        return emitter.addrspacecast(generic, named);
    }
    // `untag(tag p)` for `p` of another space (a cast between spaces through
    // generic, which the global buffer gives a meaning): setting the tag and
    // clearing it again leaves a canonical address's bits as they were, so
    // the bits are reinterpreted, with no tag arithmetic.
    if let Some(source) = crate::ir::defining_tag(generic)
        .filter(|_| !is_lanes)
        .and_then(|tag| crate::ir::operand(&tag, 0))
    {
        let source_bits = emitter.ptr_to_int(source, emitter.integer_type(64))?;
        return emitter.int_to_ptr(source_bits, named);
    }
    let bits = match bits {
        Some(bits) => bits,
        None => pointer_bits(emitter, generic)?,
    };
    canonical(emitter, bits, named)
}

/// The pointer of type `named` (or vector of them) whose tagged bits are
/// `bits`, in canonical form: bit 59 copied into the tag bits.
pub(super) fn canonical<'c, 'r>(
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
pub(super) fn with_tag<'c, 'r>(
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
pub(super) fn tag_of<'c, 'r>(
    emitter: &Emitter<'r, 'c, '_>,
    bits: Value<'c, 'r>,
) -> Result<Value<'c, 'r>, EmitError> {
    let shift = emitter.constant(emitter.integer_type(64), TAG_SHIFT as i64)?;
    emitter.lshr(bits, shift)
}

/// Replaces `op`'s results and drops it.
pub(super) fn replace<'c, 'a>(
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
    values: &[Value<'c, '_>],
) -> Rewrite {
    rewriter.replace_op_with_values(op, values);
    Ok(Applied)
}

pub(super) fn op_is(op: &OperationRef, name: &str) -> bool {
    op.name().as_string_ref().as_str() == Ok(name)
}

/// Whether `pointer` cannot be null: an alloca, the address of a global, or
/// an `inbounds` GEP of such (a null result would be poison).
pub(super) fn provably_non_null(pointer: Value) -> bool {
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
pub(super) fn is_inbounds(gep: &OperationRef) -> bool {
    crate::ir::adapter::print_locally(gep)
        .split_once('=')
        .is_some_and(|(_, rest)| rest.trim_start().starts_with("llvm.getelementptr inbounds"))
}

pub(super) fn is_null_constant(pointer: Value) -> bool {
    crate::ir::defining_op(pointer).is_some_and(|op| op_is(&op, "llvm.mlir.zero"))
}

/// The default space and the cased spaces of a switch over `spaces`: global
/// is the default (every tag that is neither private's nor local's), and
/// without global the last candidate is.
pub(super) fn switch_layout(spaces: SpaceSet) -> (AddressSpace, Vec<AddressSpace>) {
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

/// The function's flags as a global cast or access through `op` reads them:
/// where `propagate` proved every address global by provenance
/// (`gas.global_by_provenance`), no private tag can reach it, so tags
/// preserved ask for no clearing here.
pub(super) fn flags_for(op: &OperationRef, spaces: &[SpaceSet]) -> FunctionFlags {
    let flags = FunctionFlags::of(op);
    let global = SpaceSet::single(AddressSpace::Global);
    if op
        .attribute(gas_dialect::names::GLOBAL_BY_PROVENANCE_ATTR)
        .is_ok()
        && !spaces.is_empty()
        && spaces.iter().all(|set| *set == global)
    {
        FunctionFlags {
            tags_preserved: false,
            ..flags
        }
    } else {
        flags
    }
}
