//! `gas.dispatch` lowered: the access on the untagged pointer when one space
//! is left, else a switch on the tag with the access rebuilt in each case
//! (flat targets ask the hardware instead of reading a tag).

use super::*;

/// `gas.dispatch` → the access on the untagged address, behind a switch on
/// the tag where several spaces are possible.
pub(super) fn lower_dispatch<'c, 'a>(
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
    let flags = flags_for(&op, &spaces);
    let pending: Vec<(usize, SpaceSet)> = addresses.into_iter().zip(spaces).collect();
    let result_types: Vec<Type> = op.results().map(|result| result.r#type()).collect();
    let emitter = emitter(&env, &op, rewriter);
    let lowering = DispatchLowering {
        emitter: &emitter,
        op,
        map: env.map,
        flags,
        dispatch,
        result_types: &result_types,
    };
    let results = lowering.resolve(dispatch.operands(), &pending)?;
    replace(op, rewriter, &results)
}

pub(super) struct DispatchLowering<'e, 'r, 'c, 'a> {
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
        if let Some(named) = crate::analysis::assumptions::other_space_access(
            &self.dispatch,
            address,
            &self.op,
            &self.map,
        ) {
            let named_type = melior::dialect::llvm::r#type::pointer(self.emitter.context, named);
            operands[*index] = untagged_from(self.emitter, address, named_type)?;
            return self.resolve(operands, rest);
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

/// `generic` cast to `named`, or the named pointer it was cast from (no
/// tag: a space outside private, local and global has none).
pub(super) fn untagged_from<'c, 'r>(
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
pub(super) fn cast_from<'c: 'a, 'a>(
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
