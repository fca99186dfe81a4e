//! Typed builders and accessors for gas ops. Patterns build and read gas ops
//! only through these, so the encoding lives here and nowhere else.

use crate::access::{access_kind, AccessKind, MAX_ACCESS_OPERANDS};
use crate::names;
use crate::spaces::{AddressSpace, AddressSpaceMap, SpaceSet};
use crate::DialectError;
use melior::ir::attribute::AttributeLike;
use melior::ir::attribute::{
    ArrayAttribute, DenseI32ArrayAttribute, DictionaryAttribute, IntegerAttribute, StringAttribute,
};
use melior::ir::operation::{OperationBuilder, OperationLike};
use melior::ir::{
    Attribute, Identifier, Location, Operation, OperationRef, Type, TypeLike, Value, ValueLike,
};
use melior::Context;

/// The address space number of an `!llvm.ptr` type, or `None` for other types.
pub fn pointer_address_space(r#type: Type) -> Option<u32> {
    // SAFETY: both calls only read the type; the address space is asked for
    // only once the type is known to be an LLVM pointer.
    unsafe {
        mlir_sys::mlirTypeIsALLVMPointerType(r#type.to_raw())
            .then(|| mlir_sys::mlirLLVMPointerTypeGetAddressSpace(r#type.to_raw()))
    }
}

/// The address space of the lanes of a fixed vector of `!llvm.ptr`s (a
/// gather's or scatter's addresses), or `None` for other types.
pub fn lanes_address_space(r#type: Type) -> Option<u32> {
    let raw = r#type.to_raw();
    // SAFETY: each call only reads the type; the element type is asked for
    // only once the type is known to be a vector, and scalable vectors
    // (no fixed lane count) are left out.
    unsafe {
        if !mlir_sys::mlirTypeIsAVector(raw) || mlir_sys::mlirVectorTypeIsScalable(raw) {
            return None;
        }
        let element = mlir_sys::mlirShapedTypeGetElementType(raw);
        mlir_sys::mlirTypeIsALLVMPointerType(element)
            .then(|| mlir_sys::mlirLLVMPointerTypeGetAddressSpace(element))
    }
}

/// The number of lanes of a fixed vector type, `None` for other types.
pub fn lane_count(r#type: Type) -> Option<i64> {
    let raw = r#type.to_raw();
    // SAFETY: the type is only read; its shape is asked for only once it is
    // known to be a fixed (not scalable) vector, which has one dimension.
    unsafe {
        (mlir_sys::mlirTypeIsAVector(raw) && !mlir_sys::mlirVectorTypeIsScalable(raw))
            .then(|| mlir_sys::mlirShapedTypeGetDimSize(raw, 0))
    }
}

/// The space of a pointer, or of the lanes of a vector of pointers.
pub fn address_space(value: Value, map: &AddressSpaceMap) -> Option<AddressSpace> {
    let r#type = value.r#type();
    pointer_address_space(r#type)
        .or_else(|| lanes_address_space(r#type))
        .and_then(|number| map.space(number))
}

/// The text of a string attribute (`"f"`) or a flat symbol reference
/// (`@f`); `None` for other attributes and for text that is not UTF-8
/// (melior's `value()` panics on that; input can hold any bytes).
pub fn string_value<'c>(attribute: Attribute<'c>) -> Option<&'c str> {
    let raw = attribute.to_raw();
    // SAFETY: each getter is called only on an attribute of its kind; the
    // returned bytes live as long as the context ('c), which uniques them.
    let text = unsafe {
        if mlir_sys::mlirAttributeIsAString(raw) {
            mlir_sys::mlirStringAttrGetValue(raw)
        } else if mlir_sys::mlirAttributeIsAFlatSymbolRef(raw) {
            mlir_sys::mlirFlatSymbolRefAttrGetValue(raw)
        } else {
            return None;
        }
    };
    if text.data.is_null() {
        return Some("");
    }
    // SAFETY: MLIR returns a valid (pointer, length) pair owned by the
    // context.
    let bytes: &'c [u8] =
        unsafe { std::slice::from_raw_parts(text.data.cast::<u8>(), text.length) };
    std::str::from_utf8(bytes).ok()
}

/// The named or generic space of a pointer-typed value on `map`'s target.
pub fn value_space(value: Value, map: &AddressSpaceMap) -> Option<AddressSpace> {
    pointer_address_space(value.r#type()).and_then(|number| map.space(number))
}

/// `!llvm.ptr<N>` for `space` on `map`'s target.
pub fn pointer_type<'c>(
    context: &'c Context,
    map: &AddressSpaceMap,
    space: AddressSpace,
) -> Type<'c> {
    melior::dialect::llvm::r#type::pointer(context, map.number(space))
}

/// The `!gas.event` type (the dialect must be loaded).
pub fn event_type(context: &Context) -> Result<Type<'_>, DialectError> {
    Type::parse(context, names::EVENT_TYPE).ok_or(DialectError::Malformed {
        op: names::NULL_EVENT,
        reason: "the gas dialect is not loaded: `!gas.event` is unknown".into(),
    })
}

fn build<'c>(builder: OperationBuilder<'c>, op: &str) -> Result<Operation<'c>, DialectError> {
    builder.build().map_err(|source| DialectError::Build {
        op: op.to_string(),
        source,
    })
}

fn cast<'c>(
    name: &'static str,
    pointer: Value<'c, '_>,
    result: Type<'c>,
    location: Location<'c>,
) -> Result<Operation<'c>, DialectError> {
    build(
        OperationBuilder::new(name, location)
            .add_operands(&[pointer])
            .add_results(&[result]),
        name,
    )
}

/// `gas.tag`: `pointer` (named) as a generic pointer of type `generic`.
pub fn tag<'c>(
    pointer: Value<'c, '_>,
    generic: Type<'c>,
    location: Location<'c>,
) -> Result<Operation<'c>, DialectError> {
    cast(names::TAG, pointer, generic, location)
}

/// `gas.untag`: generic `pointer` as a pointer of the named type `named`.
pub fn untag<'c>(
    pointer: Value<'c, '_>,
    named: Type<'c>,
    location: Location<'c>,
) -> Result<Operation<'c>, DialectError> {
    cast(names::UNTAG, pointer, named, location)
}

/// `gas.to_named`: generic `pointer` as `named` if its tag matches, else null.
pub fn to_named<'c>(
    pointer: Value<'c, '_>,
    named: Type<'c>,
    location: Location<'c>,
) -> Result<Operation<'c>, DialectError> {
    cast(names::TO_NAMED, pointer, named, location)
}

/// `gas.null_event`: the event a first async copy joins (OpConstantNull).
pub fn null_event<'c>(
    context: &'c Context,
    location: Location<'c>,
) -> Result<Operation<'c>, DialectError> {
    build(
        OperationBuilder::new(names::NULL_EVENT, location).add_results(&[event_type(context)?]),
        names::NULL_EVENT,
    )
}

/// `gas.wait_events`: waits until the copies behind `events` are done.
pub fn wait_events<'c>(
    events: &[Value<'c, '_>],
    location: Location<'c>,
) -> Result<Operation<'c>, DialectError> {
    build(
        OperationBuilder::new(names::WAIT_EVENTS, location).add_operands(events),
        names::WAIT_EVENTS,
    )
}

/// The operands of `gas.async_copy_2d`, in the order of GroupAsyncCopy2D2D.
///
/// Element `e` of line `l` is copied from element
/// `src_offset + l * src_line_length + e` of `src` to element
/// `dst_offset + l * dst_line_length + e` of `dst`; offsets and lengths
/// count elements.
#[derive(Clone, Copy)]
pub struct AsyncCopy2d<'c, 'a> {
    /// The destination pointer.
    pub dst: Value<'c, 'a>,
    /// Where in `dst` the first line starts, in elements.
    pub dst_offset: Value<'c, 'a>,
    /// The source pointer.
    pub src: Value<'c, 'a>,
    /// Where in `src` the first line starts, in elements.
    pub src_offset: Value<'c, 'a>,
    /// The size of one element in bytes.
    pub bytes_per_element: Value<'c, 'a>,
    /// How many elements each line copies.
    pub elements_per_line: Value<'c, 'a>,
    /// How many lines are copied.
    pub num_lines: Value<'c, 'a>,
    /// The distance between the starts of two source lines, in elements.
    pub src_line_length: Value<'c, 'a>,
    /// The distance between the starts of two destination lines, in elements.
    pub dst_line_length: Value<'c, 'a>,
    /// The event the copy joins (the builtin's `event` argument, possibly a
    /// null event); the op's result is the event to wait on.
    pub event: Value<'c, 'a>,
}

impl<'c, 'a> AsyncCopy2d<'c, 'a> {
    /// Reads the operands of a `gas.async_copy_2d`.
    pub fn of(op: &OperationRef<'c, 'a>) -> Option<Self> {
        if op.name().as_string_ref().as_str() != Ok(names::ASYNC_COPY_2D) {
            return None;
        }
        let operand = |index| op.operand(index).ok();
        Some(Self {
            dst: operand(0)?,
            dst_offset: operand(1)?,
            src: operand(2)?,
            src_offset: operand(3)?,
            bytes_per_element: operand(4)?,
            elements_per_line: operand(5)?,
            num_lines: operand(6)?,
            src_line_length: operand(7)?,
            dst_line_length: operand(8)?,
            event: operand(9)?,
        })
    }

    /// Builds the `gas.async_copy_2d`.
    pub fn build(&self, location: Location<'c>) -> Result<Operation<'c>, DialectError> {
        let event = self.event.r#type();
        build(
            OperationBuilder::new(names::ASYNC_COPY_2D, location)
                .add_operands(&[
                    self.dst,
                    self.dst_offset,
                    self.src,
                    self.src_offset,
                    self.bytes_per_element,
                    self.elements_per_line,
                    self.num_lines,
                    self.src_line_length,
                    self.dst_line_length,
                    self.event,
                ])
                .add_results(&[event]),
            names::ASYNC_COPY_2D,
        )
    }
}

/// The operands of `gas.async_copy_3d`, in the order of GroupAsyncCopy3D3D.
///
/// As [`AsyncCopy2d`], repeated for `num_planes` planes: plane `p` starts
/// `p * src_plane_area` elements further in `src` and `p * dst_plane_area`
/// further in `dst`.
#[derive(Clone, Copy)]
pub struct AsyncCopy3d<'c, 'a> {
    /// The destination pointer.
    pub dst: Value<'c, 'a>,
    /// Where in `dst` the first line of the first plane starts, in elements.
    pub dst_offset: Value<'c, 'a>,
    /// The source pointer.
    pub src: Value<'c, 'a>,
    /// Where in `src` the first line of the first plane starts, in elements.
    pub src_offset: Value<'c, 'a>,
    /// The size of one element in bytes.
    pub bytes_per_element: Value<'c, 'a>,
    /// How many elements each line copies.
    pub elements_per_line: Value<'c, 'a>,
    /// How many lines each plane copies.
    pub num_lines: Value<'c, 'a>,
    /// How many planes are copied.
    pub num_planes: Value<'c, 'a>,
    /// The distance between the starts of two source lines, in elements.
    pub src_line_length: Value<'c, 'a>,
    /// The distance between the starts of two source planes, in elements.
    pub src_plane_area: Value<'c, 'a>,
    /// The distance between the starts of two destination lines, in elements.
    pub dst_line_length: Value<'c, 'a>,
    /// The distance between the starts of two destination planes, in elements.
    pub dst_plane_area: Value<'c, 'a>,
    /// The event the copy joins (the builtin's `event` argument, possibly a
    /// null event); the op's result is the event to wait on.
    pub event: Value<'c, 'a>,
}

impl<'c, 'a> AsyncCopy3d<'c, 'a> {
    /// Reads the operands of a `gas.async_copy_3d`.
    pub fn of(op: &OperationRef<'c, 'a>) -> Option<Self> {
        if op.name().as_string_ref().as_str() != Ok(names::ASYNC_COPY_3D) {
            return None;
        }
        let operand = |index| op.operand(index).ok();
        Some(Self {
            dst: operand(0)?,
            dst_offset: operand(1)?,
            src: operand(2)?,
            src_offset: operand(3)?,
            bytes_per_element: operand(4)?,
            elements_per_line: operand(5)?,
            num_lines: operand(6)?,
            num_planes: operand(7)?,
            src_line_length: operand(8)?,
            src_plane_area: operand(9)?,
            dst_line_length: operand(10)?,
            dst_plane_area: operand(11)?,
            event: operand(12)?,
        })
    }

    /// The copy of one plane: every operand but the plane count and areas.
    pub fn one_plane(&self) -> AsyncCopy2d<'c, 'a> {
        AsyncCopy2d {
            dst: self.dst,
            dst_offset: self.dst_offset,
            src: self.src,
            src_offset: self.src_offset,
            bytes_per_element: self.bytes_per_element,
            elements_per_line: self.elements_per_line,
            num_lines: self.num_lines,
            src_line_length: self.src_line_length,
            dst_line_length: self.dst_line_length,
            event: self.event,
        }
    }

    /// Builds the `gas.async_copy_3d`.
    pub fn build(&self, location: Location<'c>) -> Result<Operation<'c>, DialectError> {
        let event = self.event.r#type();
        build(
            OperationBuilder::new(names::ASYNC_COPY_3D, location)
                .add_operands(&[
                    self.dst,
                    self.dst_offset,
                    self.src,
                    self.src_offset,
                    self.bytes_per_element,
                    self.elements_per_line,
                    self.num_lines,
                    self.num_planes,
                    self.src_line_length,
                    self.src_plane_area,
                    self.dst_line_length,
                    self.dst_plane_area,
                    self.event,
                ])
                .add_results(&[event]),
            names::ASYNC_COPY_3D,
        )
    }
}

/// Indexes of the address operands of `op`, an access of `kind` (or a
/// dispatch standing for one), that are generic pointers, in operand order.
pub fn generic_address_operands(
    op: &OperationRef,
    kind: &AccessKind,
    map: &AddressSpaceMap,
) -> Vec<usize> {
    kind.address_operands
        .iter()
        .copied()
        .filter(|index| {
            op.operand(*index)
                .ok()
                .and_then(|operand| address_space(operand, map))
                == Some(AddressSpace::Generic)
        })
        .collect()
}

/// Encodes `spaces` as the `spaces` attribute of `gas.dispatch`.
pub fn spaces_attribute<'c>(
    context: &'c Context,
    map: &AddressSpaceMap,
    spaces: &[SpaceSet],
) -> Attribute<'c> {
    let arrays: Vec<Attribute> = spaces
        .iter()
        .map(|set| {
            let numbers: Vec<i32> = set.iter().map(|space| map.number(space) as i32).collect();
            DenseI32ArrayAttribute::new(context, &numbers).into()
        })
        .collect();
    ArrayAttribute::new(context, &arrays).into()
}

/// Builds a `gas.dispatch` standing for `access`, an LLVM memory access of a
/// known kind: its name, attributes, operands and result are copied, and
/// `spaces` gives the candidates of each generic address operand in order.
pub fn dispatch_for_access<'c>(
    context: &'c Context,
    map: &AddressSpaceMap,
    access: &OperationRef<'c, '_>,
    spaces: &[SpaceSet],
) -> Result<Operation<'c>, DialectError> {
    let name = access
        .name()
        .as_string_ref()
        .as_str()
        .map_err(|_| malformed("the access's name is not UTF-8"))?
        .to_string();
    let attributes: Vec<(Identifier, Attribute)> = access.attributes().collect();
    let operands: Vec<Value> = access.operands().collect();
    let results: Vec<Type> = access.results().map(|result| result.r#type()).collect();
    DispatchParts {
        access: &name,
        access_attributes: &attributes,
        operands: &operands,
        result: results.first().copied(),
        spaces,
    }
    .build(context, map, access.location())
}

fn malformed(reason: impl Into<String>) -> DialectError {
    DialectError::Malformed {
        op: names::DISPATCH,
        reason: reason.into(),
    }
}

/// Everything a `gas.dispatch` holds.
///
/// [`dispatch_for_access`] fills it from an existing access; build one by hand
/// where the access does not exist yet.
#[derive(Clone, Copy)]
pub struct DispatchParts<'c, 'a, 'b> {
    /// The name of the LLVM op the dispatch stands for, e.g. `llvm.load`.
    pub access: &'b str,
    /// The access's whole attribute dictionary, inherent attributes included.
    pub access_attributes: &'b [(Identifier<'c>, Attribute<'c>)],
    /// The access's operands in its own order (at most [`MAX_ACCESS_OPERANDS`]).
    pub operands: &'b [Value<'c, 'a>],
    /// The type of the access's result, if it has one.
    pub result: Option<Type<'c>>,
    /// The candidate spaces of each generic address operand, in operand order.
    pub spaces: &'b [SpaceSet],
}

impl<'c> DispatchParts<'c, '_, '_> {
    /// Builds the `gas.dispatch`.
    pub fn build(
        &self,
        context: &'c Context,
        map: &AddressSpaceMap,
        location: Location<'c>,
    ) -> Result<Operation<'c>, DialectError> {
        if self.operands.len() > MAX_ACCESS_OPERANDS {
            return Err(malformed(format!(
                "an access has at most {MAX_ACCESS_OPERANDS} operands, not {}",
                self.operands.len()
            )));
        }
        let segments: Vec<i32> = (0..MAX_ACCESS_OPERANDS)
            .map(|slot| i32::from(slot < self.operands.len()))
            .collect();
        let attributes = [
            (
                Identifier::new(context, names::ACCESS_ATTR),
                StringAttribute::new(context, self.access).into(),
            ),
            (
                Identifier::new(context, names::ACCESS_ATTRS_ATTR),
                DictionaryAttribute::new(context, self.access_attributes).into(),
            ),
            (
                Identifier::new(context, names::SPACES_ATTR),
                spaces_attribute(context, map, self.spaces),
            ),
            (
                Identifier::new(context, names::OPERAND_SEGMENT_SIZES_ATTR),
                DenseI32ArrayAttribute::new(context, &segments).into(),
            ),
        ];
        let mut builder = OperationBuilder::new(names::DISPATCH, location)
            .add_operands(self.operands)
            .add_attributes(&attributes);
        if let Some(result) = self.result {
            builder = builder.add_results(&[result]);
        }
        build(builder, names::DISPATCH)
    }
}

/// Read access to a `gas.dispatch`.
#[derive(Clone, Copy)]
pub struct Dispatch<'c, 'a> {
    op: OperationRef<'c, 'a>,
}

impl<'c, 'a> Dispatch<'c, 'a> {
    /// `op` as a dispatch, if it is one.
    pub fn of(op: OperationRef<'c, 'a>) -> Option<Self> {
        (op.name().as_string_ref().as_str() == Ok(names::DISPATCH)).then_some(Self { op })
    }

    /// The op itself.
    pub fn operation(&self) -> OperationRef<'c, 'a> {
        self.op
    }

    /// The name of the LLVM op the dispatch stands for.
    pub fn access(&self) -> Result<&'c str, DialectError> {
        let attribute = self
            .op
            .attribute(names::ACCESS_ATTR)
            .map_err(|_| malformed("missing `access`"))?;
        string_value(attribute)
            .filter(|_| attribute.is_string())
            .ok_or_else(|| malformed("`access` must be a string of UTF-8 text"))
    }

    /// The access kind, if `access` names one gas knows.
    pub fn kind(&self) -> Result<&'static AccessKind, DialectError> {
        let name = self.access()?;
        access_kind(name)
            .ok_or_else(|| malformed(format!("`{name}` is not a memory access gas knows")))
    }

    /// The access's attributes, verbatim.
    pub fn access_attributes(&self) -> Result<Vec<(Identifier<'c>, Attribute<'c>)>, DialectError> {
        let attribute = self
            .op
            .attribute(names::ACCESS_ATTRS_ATTR)
            .map_err(|_| malformed("missing `access_attrs`"))?;
        let dictionary = DictionaryAttribute::try_from(attribute)
            .map_err(|_| malformed("`access_attrs` must be a dictionary"))?;
        (0..dictionary.len())
            .map(|index| {
                dictionary
                    .element(index)
                    .map_err(|_| malformed("`access_attrs` element out of range"))
            })
            .collect()
    }

    /// Whether the access is volatile: `volatile_` on loads, stores and
    /// atomics, `isVolatile = true` on memory intrinsics.
    pub fn is_volatile(&self) -> bool {
        self.access_attributes().is_ok_and(|attributes| {
            attributes
                .iter()
                .any(|(name, value)| match name.as_string_ref().as_str() {
                    Ok("volatile_") => true,
                    Ok("isVolatile") => {
                        IntegerAttribute::try_from(*value).is_ok_and(|flag| flag.value() != 0)
                    }
                    _ => false,
                })
        })
    }

    /// The raw `spaces` entries: one list of space numbers per generic address.
    pub fn space_numbers(&self) -> Result<Vec<Vec<i32>>, DialectError> {
        let attribute = self
            .op
            .attribute(names::SPACES_ATTR)
            .map_err(|_| malformed("missing `spaces`"))?;
        let array = ArrayAttribute::try_from(attribute)
            .map_err(|_| malformed("`spaces` must be an array of array<i32>"))?;
        (0..array.len())
            .map(|index| {
                let element = array
                    .element(index)
                    .map_err(|_| malformed("`spaces` element out of range"))?;
                let numbers = DenseI32ArrayAttribute::try_from(element)
                    .map_err(|_| malformed("each `spaces` entry must be an array<i32>"))?;
                (0..numbers.len())
                    .map(|at| {
                        numbers
                            .element(at)
                            .map_err(|_| malformed("`spaces` entry out of range"))
                    })
                    .collect()
            })
            .collect()
    }

    /// The candidate spaces of each generic address, in operand order.
    pub fn spaces(&self, map: &AddressSpaceMap) -> Result<Vec<SpaceSet>, DialectError> {
        self.space_numbers()?
            .into_iter()
            .map(|numbers| {
                numbers
                    .into_iter()
                    .map(|number| {
                        u32::try_from(number)
                            .ok()
                            .and_then(|number| map.space(number))
                            .filter(|space| space.is_resolvable())
                            .ok_or_else(|| {
                                malformed(format!("space {number} is not private, local or global"))
                            })
                    })
                    .collect()
            })
            .collect()
    }

    /// The access's operands.
    pub fn operands(&self) -> Vec<Value<'c, 'a>> {
        self.op.operands().collect()
    }

    /// Indexes of the address operands that are generic pointers, in order:
    /// entry `i` of `spaces` belongs to operand `generic_addresses()[i]`.
    pub fn generic_addresses(&self, map: &AddressSpaceMap) -> Result<Vec<usize>, DialectError> {
        Ok(generic_address_operands(&self.op, self.kind()?, map))
    }

    /// The access rebuilt on `operands` (e.g. the addresses untagged), with
    /// every attribute of the original, at `location`.
    ///
    /// The dispatch must have passed [`crate::verify::verify`]: MLIR's C API
    /// builds ops from attributes without checking inherent ones, and an
    /// out-of-range value (say `ordering = 100`) would crash later.
    pub fn rebuild_access(
        &self,
        operands: &[Value<'c, '_>],
        location: Location<'c>,
    ) -> Result<Operation<'c>, DialectError> {
        let name = self.access()?;
        let results: Vec<Type> = self.op.results().map(|result| result.r#type()).collect();
        build(
            OperationBuilder::new(name, location)
                .add_operands(operands)
                .add_attributes(&self.access_attributes()?)
                .add_results(&results),
            name,
        )
    }
}
