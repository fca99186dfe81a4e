//! The names of gas ops, types and attributes: the only place they are spelled.

/// The dialect's namespace.
pub const DIALECT: &str = "gas";

/// named pointer → generic pointer, setting the tag.
pub const TAG: &str = "gas.tag";
/// generic pointer → named pointer, clearing the tag.
pub const UNTAG: &str = "gas.untag";
/// `to_global` / `to_local` / `to_private`: the pointer if its tag matches, else null.
pub const TO_NAMED: &str = "gas.to_named";
/// One memory access through generic pointers, resolved at run time.
pub const DISPATCH: &str = "gas.dispatch";
/// GroupAsyncCopy2D2D.
pub const ASYNC_COPY_2D: &str = "gas.async_copy_2d";
/// GroupAsyncCopy3D3D.
pub const ASYNC_COPY_3D: &str = "gas.async_copy_3d";
/// OpGroupWaitEvents.
pub const WAIT_EVENTS: &str = "gas.wait_events";
/// OpConstantNull of the event type.
pub const NULL_EVENT: &str = "gas.null_event";

/// Every op of the dialect.
pub const ALL_OPS: &[&str] = &[
    TAG,
    UNTAG,
    TO_NAMED,
    DISPATCH,
    ASYNC_COPY_2D,
    ASYNC_COPY_3D,
    WAIT_EVENTS,
    NULL_EVENT,
];

/// The event type, as written in MLIR text.
pub const EVENT_TYPE: &str = "!gas.event";

/// `gas.dispatch`: the LLVM op the dispatch stands for.
pub const ACCESS_ATTR: &str = "access";
/// `gas.dispatch`: the access's attribute dictionary, verbatim.
pub const ACCESS_ATTRS_ATTR: &str = "access_attrs";
/// `gas.dispatch`: one `array<i32>` of candidate spaces per generic address.
pub const SPACES_ATTR: &str = "spaces";
/// Operand group sizes of ops with several optional groups (MLIR's name).
pub const OPERAND_SEGMENT_SIZES_ATTR: &str = "operandSegmentSizes";

/// Whether `name` is an op of the gas dialect.
pub fn is_gas_op(name: &str) -> bool {
    name.strip_prefix(DIALECT)
        .is_some_and(|rest| rest.starts_with('.'))
}

/// Function attribute: the function runs only in kernels whose private
/// memory lives in the global buffer (a backend must place its allocas
/// there); a private pointer is then also a valid global pointer.
pub const PRIVATE_IN_GLOBAL_ATTR: &str = "gas.private_in_global";
/// Function attribute: private pointers keep their tag although private
/// memory is in the global buffer (explicit casts must tell them from global
/// pointers), so a cast back to global must clear the tag.
pub const TAGS_PRESERVED_ATTR: &str = "gas.tags_preserved";
/// Function attribute: every generic pointer in the function points to
/// global memory (no local pointer becomes generic in its kernels).
pub const STATIC_GLOBAL_ATTR: &str = "gas.static_global";
/// Function attribute: the function is a kernel although its calling
/// convention does not say so (`--kernel NAME` on inputs that do not mark
/// kernels, seed 003).
pub const KERNEL_ATTR: &str = "gas.kernel";

/// Unit attribute `raise` sets on an `llvm.addrspacecast` of a vector of
/// pointers between generic and a named space on a tagged target: the lanes
/// are tagged (or untagged) by `lower`, as a `gas.tag`/`gas.untag` is. A
/// vector cast without it is left as it is (no access through it was raised).
pub const LANES_CAST_ATTR: &str = "gas.lanes_cast";
/// `array<i64: umin, umax>` on an i64 `llvm.load`: the `!range` metadata of
/// the load in the LLVM IR it was imported from (MLIR's importer drops it;
/// the export restores the metadata itself).
pub const LOAD_RANGE_ATTR: &str = "gas.range";
/// On an `llvm.mlir.global` imported from LLVM IR: the variable is
/// `externally_initialized` (MLIR's importer drops the flag): the host may
/// write it before a kernel runs (CUDA's `__device__` and `__constant__`
/// variables, `cudaMemcpyToSymbol`), so its initializer is not all it holds.
pub const EXTERNALLY_INITIALIZED_ATTR: &str = "gas.externally_initialized";

/// Unit attribute `propagate` sets on a `gas.dispatch` (or a `gas.untag` to
/// global) whose every generic address points only to global memory by
/// provenance (not because private
/// memory was put in the global buffer): no private tag can reach it, so
/// `lower` casts it to global without clearing a tag even where tags are
/// preserved.
pub const GLOBAL_BY_PROVENANCE_ATTR: &str = "gas.global_by_provenance";

/// Unit attribute `propagate` sets on a function it wanted to clone for its
/// callers' spaces but could not: the clone budget was spent.
pub const CLONE_BUDGET_REACHED_ATTR: &str = "gas.clone_budget_reached";
