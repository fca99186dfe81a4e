//! Raising clang's async-copy builtins (cl_khr_extended_async_copies and
//! OpenCL 1.x) into gas's copies.
//!
//! Events are SPIR's `target("spirv.Event")`; a copy takes and gives
//! `!gas.event`, so the event crosses with `builtin.unrealized_conversion_cast`
//! on both sides (lowering returns the incoming event and
//! `reconcile-unrealized-casts` removes the pairs). `async_work_group_copy`
//! is a 2D copy of one line; `async_work_group_strided_copy` is a 2D copy
//! with one element per line, the stride being the line length on the
//! global side (the specification says so). `wait_group_events(n, list)`
//! waits for everything: gas's wait is a work-group barrier, and events
//! carry no data, so the list is not read.

use crate::ir::adapter::{Applied, Environment, NotApplied, Rewrite};
use crate::ir::emit::Emitter;
use gas_dialect::ops::{event_type, value_space, wait_events, AsyncCopy2d, AsyncCopy3d};
use gas_dialect::{AddressSpace, AddressSpaceMap};
use melior::ir::attribute::AttributeLike;
use melior::ir::operation::OperationLike;
use melior::ir::{OperationRef, Value, ValueLike};
use melior::RewriterBase;

const COPY_2D: &str = "_Z26async_work_group_copy_2D2D";
const COPY_3D: &str = "_Z26async_work_group_copy_3D3D";
const COPY: &str = "_Z21async_work_group_copy";
const STRIDED_COPY: &str = "_Z29async_work_group_strided_copy";
const WAIT_GROUP_EVENTS: &str = "_Z17wait_group_events";

fn callee(op: &OperationRef) -> Option<String> {
    let callee = op.attribute("callee").ok()?;
    gas_dialect::ops::string_value(callee)
        .filter(|_| callee.is_flat_symbol_ref())
        .map(str::to_string)
}

fn is_spirv_event(value: Value) -> bool {
    value.r#type().to_string().contains("spirv.Event")
}

/// The size of `gentype` from the mangled name of a copy builtin: the type
/// after the first pointer's address-space qualifier (`PU3AS3`/`PU3AS1`).
pub fn element_bytes(mangled: &str) -> Option<i64> {
    let after = mangled.split_once("PU3AS")?.1;
    let mut rest = after.get(1..)?.trim_start_matches(['K', 'V']);
    let mut lanes = 1;
    if let Some(vector) = rest.strip_prefix("Dv") {
        let (count, tail) = vector.split_once('_')?;
        lanes = count.parse::<i64>().ok()?;
        // A 3-element vector takes the room of 4.
        if lanes == 3 {
            lanes = 4;
        }
        rest = tail;
    }
    let scalar = if rest.starts_with("Dh") {
        2
    } else {
        match rest.chars().next()? {
            'c' | 'a' | 'h' => 1,
            's' | 't' => 2,
            'i' | 'j' | 'f' => 4,
            'l' | 'm' | 'd' | 'x' | 'y' => 8,
            _ => return None,
        }
    };
    Some(lanes * scalar)
}

fn is_copy_direction(map: &AddressSpaceMap, dst: Value, src: Value) -> bool {
    matches!(
        (value_space(dst, map), value_space(src, map)),
        (Some(AddressSpace::Local), Some(AddressSpace::Global))
            | (Some(AddressSpace::Global), Some(AddressSpace::Local))
    )
}

/// A call of one of the copy builtins → `gas.async_copy_2d`/`3d`.
pub fn raise_async_copy<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    if !env.map.lowers_async_copies {
        return Err(NotApplied("this target's library keeps its async copies"));
    }
    let name = callee(&op).ok_or(NotApplied("indirect call"))?;
    let kind = [COPY_2D, COPY_3D, STRIDED_COPY, COPY]
        .into_iter()
        .find(|prefix| name.starts_with(prefix))
        .ok_or(NotApplied("not an async copy builtin"))?;
    let operands: Vec<Value> = op.operands().collect();
    let expected = match kind {
        COPY_2D => 10,
        COPY_3D => 13,
        STRIDED_COPY => 5,
        _ => 4,
    };
    let result = op.result(0).map_err(|_| NotApplied("no result"))?;
    let (Some(dst), Some(src), Some(event)) = (
        operands.first().copied(),
        operands
            .get(if kind == COPY_2D || kind == COPY_3D {
                2
            } else {
                1
            })
            .copied(),
        operands.last().copied(),
    ) else {
        return Err(NotApplied("missing operands"));
    };
    if operands.len() != expected
        || !is_spirv_event(event)
        || !is_spirv_event(result.into())
        || !is_copy_direction(&env.map, dst, src)
    {
        return Err(NotApplied("operands do not fit the builtin"));
    }
    rewriter.set_insertion_point_before(op);
    let emitter = Emitter {
        context: env.context,
        rewriter,
        location: op.location(),
    };
    let gas_event = event_type(env.context).map_err(|_| NotApplied("gas is not loaded"))?;
    let event = emitter.unrealized_cast(event, gas_event)?;
    let width = emitter.integer_type(env.map.pointer_width);
    let constant = |value| emitter.constant(width, value);
    let copy = match kind {
        COPY_2D => AsyncCopy2d {
            dst,
            dst_offset: operands[1],
            src,
            src_offset: operands[3],
            bytes_per_element: operands[4],
            elements_per_line: operands[5],
            num_lines: operands[6],
            src_line_length: operands[7],
            dst_line_length: operands[8],
            event,
        }
        .build(op.location()),
        COPY_3D => AsyncCopy3d {
            dst,
            dst_offset: operands[1],
            src,
            src_offset: operands[3],
            bytes_per_element: operands[4],
            elements_per_line: operands[5],
            num_lines: operands[6],
            num_planes: operands[7],
            src_line_length: operands[8],
            src_plane_area: operands[9],
            dst_line_length: operands[10],
            dst_plane_area: operands[11],
            event,
        }
        .build(op.location()),
        _ => {
            let bytes = element_bytes(&name).ok_or(NotApplied("unknown element type"))?;
            let count = operands[2];
            let zero = constant(0)?;
            let one = constant(1)?;
            let (elements_per_line, num_lines, src_line_length, dst_line_length) = if kind == COPY {
                (count, one, count, count)
            } else if value_space(dst, &env.map) == Some(AddressSpace::Local) {
                // global → local: the stride walks the source.
                (one, count, operands[3], one)
            } else {
                (one, count, one, operands[3])
            };
            AsyncCopy2d {
                dst,
                dst_offset: zero,
                src,
                src_offset: zero,
                bytes_per_element: constant(bytes)?,
                elements_per_line,
                num_lines,
                src_line_length,
                dst_line_length,
                event,
            }
            .build(op.location())
        }
    }
    .map_err(|_| NotApplied("could not build the copy"))?;
    let copy = rewriter.insert(copy);
    let copied: Value = copy.result(0).map_err(|_| NotApplied("no result"))?.into();
    let back = emitter.unrealized_cast(copied, result.r#type())?;
    rewriter.replace_op_with_values(op, &[back]);
    Ok(Applied)
}

/// `wait_group_events(n, list)` → `gas.wait_events` (all events).
pub fn raise_wait_group_events<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    if !env.map.lowers_async_copies {
        return Err(NotApplied("this target's library keeps its async copies"));
    }
    let name = callee(&op).ok_or(NotApplied("indirect call"))?;
    if !name.starts_with(WAIT_GROUP_EVENTS) || op.operand_count() != 2 || op.result_count() != 0 {
        return Err(NotApplied("not wait_group_events"));
    }
    rewriter.set_insertion_point_before(op);
    let wait = wait_events(&[], op.location()).map_err(|_| NotApplied("could not build"))?;
    rewriter.insert(wait);
    rewriter.erase_op(op);
    Ok(Applied)
}

#[cfg(test)]
mod tests {
    use super::element_bytes;

    #[test]
    fn element_sizes_come_from_the_mangled_gentype() {
        let size = |name| element_bytes(name);
        assert_eq!(
            size("_Z21async_work_group_copyPU3AS3iPU3AS1Kim9ocl_event"),
            Some(4)
        );
        assert_eq!(
            size("_Z21async_work_group_copyPU3AS1cPU3AS3Kcm9ocl_event"),
            Some(1)
        );
        assert_eq!(
            size("_Z21async_work_group_copyPU3AS3Dv4_fPU3AS1KS_m9ocl_event"),
            Some(16)
        );
        assert_eq!(
            size("_Z21async_work_group_copyPU3AS3Dv3_sPU3AS1KS_m9ocl_event"),
            Some(8)
        );
        assert_eq!(
            size("_Z29async_work_group_strided_copyPU3AS3lPU3AS1Klmm9ocl_event"),
            Some(8)
        );
        assert_eq!(
            size("_Z21async_work_group_copyPU3AS3DhPU3AS1KDhm9ocl_event"),
            Some(2)
        );
        assert_eq!(
            size("_Z21async_work_group_copyPU3AS3P3FooPU3AS1KS0_m9ocl_event"),
            None
        );
    }
}
