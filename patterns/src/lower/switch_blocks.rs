//! `lower`'s switches made LLVM blocks directly: each `scf.index_switch` on
//! `arith.index_cast %tag : i64 to index` becomes what MLIR's
//! `convert-scf-to-cf` and `convert-to-llvm` would make of it, block for
//! block (so the output is the same), in one pass over each function with no
//! conversion framework: the block is split after the switch into a
//! continuation block whose arguments are the switch's results, each case
//! region's blocks (then the default's) move before it with their
//! `scf.yield` turned into an `llvm.br` to it, and the block ends in
//! `llvm.trunc` + `llvm.switch` on the tag.
//!
//! Switches are taken last first (reverse pre-order): the ones nested in a
//! case before the case moves, and in a block with several switches the
//! later one first, so the operations of a long block move at most once.
//! A switch in another op's region (an `scf.if` of `builtin-calls`, an
//! `scf.for` of an async copy) is left to MLIR's conversions.

use crate::ir::emit::{EmitError, Emitter};
use crate::ir::{each_op, name_of};
use melior::ir::attribute::DenseI64ArrayAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::r#type::IntegerType;
use melior::ir::{Block, BlockRef, OperationRef, RegionLike, Type, Value, ValueLike};
use melior::{Context, IrRewriter};

const INDEX_SWITCH: &str = "scf.index_switch";

/// What [`convert`] did.
pub(super) struct Converted {
    /// The function has nothing left for MLIR's finishing conversions: every
    /// switch became blocks and no other `scf`, `arith` or `cf` op (nor an
    /// unrealized cast) was there.
    pub everything: bool,
}

/// Converts every switch in `root` (a function) this can.
pub(super) fn convert(context: &Context, root: OperationRef) -> Result<Converted, EmitError> {
    let mut switches = Vec::new();
    let mut others = false;
    let mut casts = 0;
    each_op(root, &mut |op| {
        let name = op.name();
        let name = name.as_string_ref().as_str().unwrap_or_default();
        match name {
            INDEX_SWITCH => switches.push(op),
            // A switch's terminators and selector go with it.
            "scf.yield" => {}
            "arith.index_cast" => casts += 1,
            _ => {
                others |= name.starts_with("scf.")
                    || name.starts_with("arith.")
                    || name.starts_with("cf.")
                    || name == "builtin.unrealized_conversion_cast"
            }
        }
    });
    let total = switches.len();
    let rewriter = IrRewriter::new(context);
    let rewriter = rewriter.as_rewriter_base();
    let mut converted = 0;
    let mut casts_erased = 0;
    for switch in switches.into_iter().rev() {
        if !is_convertible(&switch) {
            continue;
        }
        let Some(tag) = tag_of(&switch) else {
            continue;
        };
        let emitter = Emitter {
            context,
            rewriter: &rewriter,
            location: switch.location(),
        };
        casts_erased += usize::from(convert_one(&emitter, switch, tag)?);
        converted += 1;
    }
    Ok(Converted {
        // A yield or cast outside a converted switch belongs to an op
        // counted in `others`, or to a switch left alone.
        everything: !others && converted == total && casts_erased == casts,
    })
}

/// Whether `switch` sits in a function's body, possibly through the case
/// regions of other switches (which will be converted too).
fn is_convertible(switch: &OperationRef) -> bool {
    let mut current = *switch;
    loop {
        let Some(parent) = current.block().and_then(|block| block.parent_operation()) else {
            return false;
        };
        match name_of(&parent) {
            "llvm.func" => return true,
            INDEX_SWITCH if tag_of(&parent).is_some() => current = parent,
            _ => return false,
        }
    }
}

/// The `i64` tag the switch's selector was cast from.
fn tag_of<'c, 'a>(switch: &OperationRef<'c, 'a>) -> Option<Value<'c, 'a>> {
    let cast = crate::ir::defining_op(crate::ir::operand(switch, 0)?)?;
    if name_of(&cast) != "arith.index_cast" {
        return None;
    }
    let tag = crate::ir::operand(&cast, 0)?;
    IntegerType::try_from(tag.r#type())
        .is_ok_and(|r#type| r#type.width() == 64)
        .then_some(tag)
}

/// Converts `switch`; returns whether its selector cast went with it.
fn convert_one<'c, 'a>(
    emitter: &Emitter<'_, 'c, '_>,
    switch: OperationRef<'c, 'a>,
    tag: Value<'c, 'a>,
) -> Result<bool, EmitError> {
    const NAME: &str = INDEX_SWITCH;
    let rewriter = emitter.rewriter;
    let condition = switch.block().ok_or(EmitError::Build(NAME))?;
    let region = condition.parent_region().ok_or(EmitError::Build(NAME))?;
    // The continuation: the switch's results are its arguments.
    let arguments: Vec<(Type, _)> = switch
        .results()
        .map(|result| (result.r#type(), switch.location()))
        .collect();
    let continuation = region.insert_block_after(condition, Block::new(&arguments));
    let mut tail = switch.next_in_block();
    while let Some(op) = tail {
        tail = op.next_in_block();
        crate::ir::adapter::move_to_end(op, continuation);
    }
    // Cases in order, then the default (region 0): their blocks move before
    // the continuation, each `scf.yield` becoming a branch to it.
    let cases = switch
        .attribute("cases")
        .ok()
        .and_then(|cases| DenseI64ArrayAttribute::try_from(cases).ok())
        .ok_or(EmitError::Build(NAME))?;
    let mut targets: Vec<(i32, BlockRef)> = Vec::new();
    let mut default = None;
    let case_count = switch.region_count().saturating_sub(1);
    for position in (1..=case_count).chain(std::iter::once(0)) {
        let case_region = switch
            .region(position)
            .map_err(|_| EmitError::NoRegion(NAME, position))?;
        let first = case_region
            .first_block()
            .ok_or(EmitError::NoRegion(NAME, position))?;
        let mut block = Some(first);
        while let Some(current) = block {
            block = current.next_in_region();
            if let Some(terminator) = current.terminator() {
                if name_of(&terminator) == "scf.yield" {
                    rewriter.set_insertion_point_before(terminator);
                    let values: Vec<Value> = terminator.operands().collect();
                    emitter.br(&continuation, &values)?;
                    rewriter.erase_op(terminator);
                }
            }
            rewriter.move_block_before(current, continuation);
        }
        if position == 0 {
            default = Some(first);
        } else {
            let value = cases
                .element(position - 1)
                .map_err(|_| EmitError::Build(NAME))?;
            let value = i32::try_from(value).map_err(|_| EmitError::Build(NAME))?;
            targets.push((value, first));
        }
    }
    let default = default.ok_or(EmitError::NoRegion(NAME, 0))?;
    rewriter.set_insertion_point_before(switch);
    let selector = emitter.trunc(tag, emitter.integer_type(32))?;
    emitter.switch(selector, &default, &targets)?;
    for (index, result) in switch.results().enumerate() {
        let argument = continuation
            .argument(index)
            .map_err(|_| EmitError::Build(NAME))?;
        rewriter.replace_all_uses_with(result.into(), argument.into());
    }
    let cast = crate::ir::operand(&switch, 0).and_then(crate::ir::defining_op);
    rewriter.erase_op(switch);
    let Some(cast) = cast else {
        return Ok(false);
    };
    let unused = cast
        .result(0)
        .is_ok_and(|result| !crate::ir::adapter::has_uses(result.into()));
    if unused {
        rewriter.erase_op(cast);
    }
    Ok(unused)
}
