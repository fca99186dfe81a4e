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
