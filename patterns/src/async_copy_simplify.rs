//! `async-copy-simplify`: fewer dimensions for the same bytes (seed 002).
//!
//! - A 3D copy with one plane is a 2D copy.
//! - A 3D copy whose planes are contiguous on both sides (plane area ==
//!   lines × line length) is a 2D copy of planes × lines lines.
//! - A 2D copy whose lines are contiguous on both sides (line length ==
//!   elements per line) is one line of lines × elements.
//! - A 2D copy of one line has line lengths equal to its elements.
//!
//! Element `(p, l, e)` sits at `p·area + l·length + e` on each side; each rule
//! keeps that address for every element, so the bytes copied are exactly the
//! same. The rules need the sizes as constants and are applied together, to
//! the simplest form, by one pattern per copy op.

use crate::ir::adapter::{
    apply_by_walk_per_function, Applied, Environment, NotApplied, Pattern, Rewrite,
};
use crate::ir::emit::Emitter;
use gas_dialect::ops::{AsyncCopy2d, AsyncCopy3d};
use gas_dialect::{names, AddressSpaceMap};
use melior::ir::operation::OperationLike;
use melior::ir::{Module, OperationRef, Value};
use melior::{Context, RewriterBase};

/// The set's name, as in DESIGN.md and `--pipeline`.
pub const SET: &str = "async-copy-simplify";

/// The patterns of `async-copy-simplify`.
pub fn populate_async_copy_simplify_patterns(patterns: &mut Vec<Pattern>) {
    for root in [names::ASYNC_COPY_2D, names::ASYNC_COPY_3D] {
        patterns.push(Pattern {
            set: SET,
            name: "CollapseContiguousDimensions",
            root,
            rewrite: collapse,
        });
    }
}

/// Runs `async-copy-simplify` on `module` (one walk: each copy is brought to
/// its simplest form at once).
pub fn run(context: &Context, module: &mut Module, map: &AddressSpaceMap) {
    let mut patterns = Vec::new();
    populate_async_copy_simplify_patterns(&mut patterns);
    apply_by_walk_per_function(context, module, *map, SET, &patterns, 1, None);
}

/// One size of the copy: its value, and the constant it is, if known.
#[derive(Clone, Copy)]
struct Size<'c, 'a> {
    value: Option<Value<'c, 'a>>,
    constant: Option<i64>,
}

impl<'c, 'a> Size<'c, 'a> {
    fn of(value: Value<'c, 'a>) -> Self {
        Self {
            value: Some(value),
            constant: crate::ir::integer_constant(value),
        }
    }

    fn constant(constant: i64) -> Self {
        Self {
            value: None,
            constant: Some(constant),
        }
    }

    fn is(&self, other: &Self) -> bool {
        self.constant.is_some() && self.constant == other.constant
    }
}

/// The copy as sizes: planes `None` once it is 2D.
struct Shape<'c, 'a> {
    elements_per_line: Size<'c, 'a>,
    num_lines: Size<'c, 'a>,
    src_line_length: Size<'c, 'a>,
    dst_line_length: Size<'c, 'a>,
    planes: Option<(Size<'c, 'a>, Size<'c, 'a>, Size<'c, 'a>)>,
}

impl Shape<'_, '_> {
    /// Applies the rules to the simplest form; whether anything changed.
    fn simplify(&mut self) -> bool {
        let mut changed = false;
        if let Some((planes, src_area, dst_area)) = self.planes {
            let contiguous = |area: &Size, length: &Size| {
                matches!(
                    (self.num_lines.constant, length.constant, area.constant),
                    (Some(lines), Some(length), Some(area)) if lines.checked_mul(length) == Some(area)
                )
            };
            if planes.constant == Some(1) {
                self.planes = None;
                changed = true;
            } else if contiguous(&src_area, &self.src_line_length)
                && contiguous(&dst_area, &self.dst_line_length)
            {
                if let Some(lines) = planes
                    .constant
                    .zip(self.num_lines.constant)
                    .and_then(|(planes, lines)| planes.checked_mul(lines))
                {
                    self.num_lines = Size::constant(lines);
                    self.planes = None;
                    changed = true;
                }
            }
        }
        if self.planes.is_none() {
            let one_line = self.num_lines.constant == Some(1);
            let contiguous = self.src_line_length.is(&self.elements_per_line)
                && self.dst_line_length.is(&self.elements_per_line);
            if !one_line && contiguous {
                if let Some(elements) = self
                    .num_lines
                    .constant
                    .zip(self.elements_per_line.constant)
                    .and_then(|(lines, elements)| lines.checked_mul(elements))
                {
                    let elements = Size::constant(elements);
                    self.elements_per_line = elements;
                    self.src_line_length = elements;
                    self.dst_line_length = elements;
                    self.num_lines = Size::constant(1);
                    changed = true;
                }
            } else if one_line
                && self.elements_per_line.constant.is_some()
                && !(self.src_line_length.is(&self.elements_per_line)
                    && self.dst_line_length.is(&self.elements_per_line))
            {
                self.src_line_length = self.elements_per_line;
                self.dst_line_length = self.elements_per_line;
                changed = true;
            }
        }
        changed
    }
}

fn collapse<'c, 'a>(
    env: Environment<'c>,
    op: OperationRef<'c, 'a>,
    rewriter: &RewriterBase<'c, 'a>,
) -> Rewrite {
    let (base, planes) = if let Some(copy) = AsyncCopy3d::of(&op) {
        let planes = (
            Size::of(copy.num_planes),
            Size::of(copy.src_plane_area),
            Size::of(copy.dst_plane_area),
        );
        (copy.one_plane(), Some(planes))
    } else {
        let copy = AsyncCopy2d::of(&op).ok_or(NotApplied("not an async copy"))?;
        (copy, None)
    };
    let mut shape = Shape {
        elements_per_line: Size::of(base.elements_per_line),
        num_lines: Size::of(base.num_lines),
        src_line_length: Size::of(base.src_line_length),
        dst_line_length: Size::of(base.dst_line_length),
        planes,
    };
    if !shape.simplify() {
        return Err(NotApplied("already in its simplest form"));
    }
    if shape.planes.is_some() {
        return Err(NotApplied("3D copies keep their form"));
    }
    rewriter.set_insertion_point_before(op);
    let emitter = Emitter {
        context: env.context,
        rewriter,
        location: op.location(),
    };
    let width = emitter.integer_type(env.map.pointer_width);
    let materialize = |size: Size<'c, 'a>| -> Result<Value<'c, '_>, NotApplied> {
        match (size.value, size.constant) {
            (Some(value), _) => Ok(value),
            (None, Some(constant)) => Ok(emitter.constant(width, constant)?),
            (None, None) => Err(NotApplied("a size with neither value nor constant")),
        }
    };
    let simplified = AsyncCopy2d {
        elements_per_line: materialize(shape.elements_per_line)?,
        num_lines: materialize(shape.num_lines)?,
        src_line_length: materialize(shape.src_line_length)?,
        dst_line_length: materialize(shape.dst_line_length)?,
        ..base
    }
    .build(op.location())
    .map_err(|_| NotApplied("could not build the copy"))?;
    let simplified = rewriter.insert(simplified);
    let event: Value = simplified
        .result(0)
        .map_err(|_| NotApplied("no result"))?
        .into();
    rewriter.replace_op_with_values(op, &[event]);
    Ok(Applied)
}
