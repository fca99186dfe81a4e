//! Copies of functions under new names, for the sets that give some callers
//! their own version of a function (`propagate`'s clones per space
//! signature, `explicit-cast-tags`' copies per kernel decision).

use super::adapter::{remove_attribute, set_attribute};
use melior::ir::attribute::{FlatSymbolRefAttribute, StringAttribute};
use melior::ir::operation::OperationLike;
use melior::ir::{Attribute, OperationRef};
use melior::{Context, RewriterBase};

/// Copies function `original` right after itself as `name`, a new local
/// symbol as LLVM wants one: internal (or private), default visibility
/// (LLVM's parser refuses a hidden local symbol), in no comdat (the group is
/// the original's; a copy only the module's own calls reach needs none).
/// The copy keeps the original's debug info; the LLVM export gives it a
/// subprogram of its own and re-points every scope inside
/// (`llvm/cxx/clones.cpp`), as LLVM's own `CloneFunction` does.
pub(crate) fn clone_function<'c, 'a>(
    context: &'c Context,
    rewriter: &RewriterBase<'c, '_>,
    original: OperationRef<'c, 'a>,
    name: &str,
) -> Option<OperationRef<'c, 'a>> {
    rewriter.set_insertion_point_after(original);
    let clone = rewriter.clone_op(original);
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
        // `visibility_` 0 is LLVM's default visibility.
        if clone.attribute("visibility_").is_ok() {
            set_attribute(clone, "visibility_", Attribute::parse(context, "0 : i64")?);
        }
        remove_attribute(clone, "comdat");
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
