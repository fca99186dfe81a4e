//! Work-group async copies (seed 002) and their events lowered to the
//! builtins they stand for.

use super::*;

/// Either copy: its one-plane part and, for a 3D copy,
/// `(num_planes, src_plane_area, dst_plane_area)`.
type CopyShape<'c, 'a> = (
    gas_dialect::ops::AsyncCopy2d<'c, 'a>,
    Option<(Value<'c, 'a>, Value<'c, 'a>, Value<'c, 'a>)>,
);

pub(super) fn copy_shape<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<CopyShape<'c, 'a>> {
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
pub(super) fn lower_async_copy<'c, 'a>(
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
pub(super) fn lower_wait_events<'c, 'a>(
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
pub(super) fn lower_null_event<'c, 'a>(
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
