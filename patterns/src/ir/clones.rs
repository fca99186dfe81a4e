//! Copies of functions under new names, for the sets that give some callers
//! their own version of a function (`propagate`'s clones per space
//! signature, `explicit-cast-tags`' copies per kernel decision).

use super::adapter::set_attribute;
use melior::ir::attribute::{FlatSymbolRefAttribute, StringAttribute};
use melior::ir::operation::OperationLike;
use melior::ir::{Attribute, OperationRef};
use melior::{Context, RewriterBase};

/// Copies function `original` right after itself as `name`, internal (or
/// private): only the module's own calls reach a copy. The copy carries no
/// debug info ([`drop_debug_info`]).
pub(crate) fn clone_function<'c, 'a>(
    context: &'c Context,
    rewriter: &RewriterBase<'c, '_>,
    original: OperationRef<'c, 'a>,
    name: &str,
) -> Option<OperationRef<'c, 'a>> {
    rewriter.set_insertion_point_after(original);
    let clone = rewriter.clone_op(original);
    drop_debug_info(context, rewriter, clone);
    set_attribute(
        clone,
        "sym_name",
        StringAttribute::new(context, name).into(),
    );
    if clone.attribute("linkage").is_ok() {
        set_attribute(
            clone,
            "linkage",
            Attribute::parse(context, "#llvm.linkage<internal>")?,
        );
    } else {
        set_attribute(
            clone,
            "sym_visibility",
            StringAttribute::new(context, "private").into(),
        );
    }
    Some(clone)
}

/// Points direct call `call` (`llvm.call`, `func.call`) at function `callee`,
/// its operands unchanged.
pub(crate) fn set_callee<'c>(
    context: &'c Context,
    rewriter: &RewriterBase<'c, '_>,
    call: OperationRef<'c, '_>,
    callee: &str,
) {
    rewriter.start_op_modification(call);
    set_attribute(
        call,
        "callee",
        FlatSymbolRefAttribute::new(context, callee).into(),
    );
    rewriter.finalize_op_modification(call);
}

/// A copy carries no debug info: its locations keep their source positions
/// without the original's `DISubprogram` (one function per subprogram, says
/// LLVM's verifier), and its debug intrinsics, which name the original's
/// variables, go.
fn drop_debug_info<'c>(
    context: &'c Context,
    rewriter: &RewriterBase<'c, '_>,
    clone: OperationRef<'c, '_>,
) {
    let mut ops = Vec::new();
    super::each_op(clone, &mut |op| ops.push(op));
    for op in ops {
        let is_debug_intrinsic = op.name().as_string_ref().as_str().is_ok_and(|name| {
            matches!(
                name,
                "llvm.intr.dbg.value" | "llvm.intr.dbg.declare" | "llvm.intr.dbg.label"
            )
        });
        if is_debug_intrinsic {
            rewriter.erase_op(op);
        } else {
            let location = op.location();
            let stripped = super::without_debug_scopes(context, location);
            if stripped != location {
                super::adapter::set_location(op, stripped);
            }
        }
    }
}
