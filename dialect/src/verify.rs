//! Verification of gas ops beyond IRDL's structural checks: address spaces,
//! access kinds and the undefined shapes of async copies. Errors are reported
//! as MLIR diagnostics at the op's location, so they reach whatever handler
//! the embedder attached (`gas-opt` prints `file:line:col: error: ...`).
//!
//! Run it only on IR that MLIR's own verifier accepted: it trusts IRDL's
//! operand and result counts.

use crate::ops::{pointer_address_space, AsyncCopy2d, AsyncCopy3d, Dispatch};
use crate::spaces::{AddressSpace, AddressSpaceMap};
use crate::{names, DialectError};
use melior::ir::attribute::{AttributeLike, IntegerAttribute};
use melior::ir::operation::{OperationLike, OperationResult};
use melior::ir::r#type::IntegerType;
use melior::ir::{Location, Module, OperationRef, TypeLike, Value, ValueLike};
use std::ffi::CString;

/// Emits an error diagnostic at `location` through MLIR's diagnostic engine.
pub fn emit_error(location: Location, message: &str) {
    let message = CString::new(message.replace('\0', " ")).unwrap_or_default();
    // SAFETY: the location is alive for this call and the message is a valid
    // NUL-terminated string that MLIR copies.
    unsafe { mlir_sys::mlirEmitError(location.to_raw(), message.as_ptr()) }
}

/// Verifies every gas op nested in `root` (including `root`); each problem is
/// emitted as an error at its op's location.
pub fn verify<'c: 'a, 'a>(
    root: &impl OperationLike<'c, 'a>,
    map: &AddressSpaceMap,
) -> Result<(), DialectError> {
    let mut rules = Rules::new(map);
    root.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        let name = op.name();
        if let Ok(name) = name.as_string_ref().as_str() {
            rules.check(&op, name);
        }
        melior::ir::operation::WalkResult::Advance
    });
    rules.finish()
}

/// gas's rules, op by op, for a caller that walks the IR itself (one walk
/// for the rules and its own look at each op); [`verify`] is the walk alone.
pub struct Rules<'m> {
    map: &'m AddressSpaceMap,
    /// Accesses already parsed, by their scratch text: a module has few kinds.
    parsed: AccessCache,
    errors: usize,
}

impl<'m> Rules<'m> {
    /// The rules on target `map`, nothing checked yet.
    pub fn new(map: &'m AddressSpaceMap) -> Self {
        Self {
            map,
            parsed: AccessCache::new(),
            errors: 0,
        }
    }

    /// Checks `op`, whose name is `name`, if it is a gas op; each problem is
    /// emitted as an error at its location.
    pub fn check(&mut self, op: &OperationRef, name: &str) {
        if !names::is_gas_op(name) {
            return;
        }
        for problem in check(op, name, self.map, &mut self.parsed) {
            emit_error(op.location(), &format!("'{name}' op {problem}"));
            self.errors += 1;
        }
    }

    /// Whether every op checked so far holds.
    pub fn finish(self) -> Result<(), DialectError> {
        if self.errors == 0 {
            Ok(())
        } else {
            Err(DialectError::Verification { count: self.errors })
        }
    }
}

/// Emits an error at every gas op nested in `root` saying it `why`; returns
/// how many there were. The legality check of lowering and of LLVM IR output.
pub fn report_gas_ops<'c: 'a, 'a>(root: &impl OperationLike<'c, 'a>, why: &str) -> usize {
    each_gas_op(root, |op, name| {
        emit_error(op.location(), &format!("'{name}' op {why}"))
    })
}

/// How many gas ops are nested in `root` (reports nothing).
pub fn count_gas_ops<'c: 'a, 'a>(root: &impl OperationLike<'c, 'a>) -> usize {
    each_gas_op(root, |_, _| {})
}

/// Calls `visit` with every gas op nested in `root` (`root` included) and
/// its name; returns how many there were.
fn each_gas_op<'c: 'a, 'a>(
    root: &impl OperationLike<'c, 'a>,
    mut visit: impl FnMut(&OperationRef, &str),
) -> usize {
    let mut count = 0;
    root.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if let Ok(name) = op.name().as_string_ref().as_str() {
            if names::is_gas_op(name) {
                visit(&op, name);
                count += 1;
            }
        }
        melior::ir::operation::WalkResult::Advance
    });
    count
}

/// An access's kind (name, attributes, types) → whether MLIR accepted it.
type AccessCache = std::collections::HashMap<String, Result<(), String>>;

fn check(
    op: &OperationRef,
    name: &str,
    map: &AddressSpaceMap,
    parsed: &mut AccessCache,
) -> Vec<String> {
    match name {
        names::TAG => check_cast(op, map, CastDirection::ToGeneric),
        names::UNTAG | names::TO_NAMED => check_cast(op, map, CastDirection::FromGeneric),
        names::DISPATCH => check_dispatch(op, map, parsed),
        names::ASYNC_COPY_2D => check_async_copy_2d(op, map),
        names::ASYNC_COPY_3D => check_async_copy_3d(op, map),
        _ => Vec::new(),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum CastDirection {
    ToGeneric,
    FromGeneric,
}

/// The space of a pointer value, or a message saying why it has none.
fn space_of(value: Value, what: &str, map: &AddressSpaceMap) -> Result<AddressSpace, String> {
    let number = pointer_address_space(value.r#type())
        .ok_or_else(|| format!("{what} must be an !llvm.ptr, not {}", value.r#type()))?;
    map.space(number).ok_or_else(|| {
        format!("{what} is in address space {number}, which the target does not define")
    })
}

fn check_cast(op: &OperationRef, map: &AddressSpaceMap, direction: CastDirection) -> Vec<String> {
    let (Ok(operand), Ok(result)) = (op.operand(0), op.result(0)) else {
        return vec!["needs one operand and one result".into()];
    };
    let (named, generic, named_what, generic_what) = match direction {
        CastDirection::ToGeneric => (operand, result.into(), "operand", "result"),
        CastDirection::FromGeneric => (result.into(), operand, "result", "operand"),
    };
    let mut problems = Vec::new();
    match space_of(generic, generic_what, map) {
        Ok(AddressSpace::Generic) => {}
        Ok(space) => problems.push(format!(
            "{generic_what} must be a generic pointer (address space {}), not {space}",
            map.generic
        )),
        Err(problem) => problems.push(problem),
    }
    match space_of(named, named_what, map) {
        Ok(AddressSpace::Constant) => problems.push(format!(
            "{named_what} is a constant pointer: generic pointers cannot point to constant memory"
        )),
        Ok(AddressSpace::Generic) => problems.push(format!(
            "{named_what} must be a private, local or global pointer, not generic"
        )),
        Ok(_) => {}
        Err(problem) => problems.push(problem),
    }
    problems
}

fn check_dispatch(
    op: &OperationRef,
    map: &AddressSpaceMap,
    parsed: &mut AccessCache,
) -> Vec<String> {
    let Some(dispatch) = Dispatch::of(*op) else {
        return Vec::new();
    };
    let kind = match dispatch.kind() {
        Ok(kind) => kind,
        Err(DialectError::Malformed { reason, .. }) => return vec![reason],
        Err(error) => return vec![error.to_string()],
    };
    let mut problems = Vec::new();
    if op.operand_count() != kind.operand_count {
        problems.push(format!(
            "`{}` takes {} operand(s), the dispatch has {}",
            kind.name,
            kind.operand_count,
            op.operand_count()
        ));
    }
    if (op.result_count() == 1) != kind.has_result {
        problems.push(format!(
            "`{}` has {} result(s), the dispatch has {}",
            kind.name,
            usize::from(kind.has_result),
            op.result_count()
        ));
    }
    if !problems.is_empty() {
        return problems;
    }
    let generic = match dispatch.generic_addresses(map) {
        Ok(generic) => generic,
        Err(error) => return vec![error.to_string()],
    };
    if generic.is_empty() {
        problems.push(format!(
            "has no generic address to resolve: an address of `{}` must be a generic pointer",
            kind.name
        ));
    }
    match dispatch.space_numbers() {
        Ok(entries) => {
            if entries.len() != generic.len() {
                problems.push(format!(
                    "`spaces` has {} entr{}, one per generic address ({}) is needed",
                    entries.len(),
                    if entries.len() == 1 { "y" } else { "ies" },
                    generic.len()
                ));
            }
            for numbers in &entries {
                problems.extend(check_space_entry(numbers, map));
            }
        }
        Err(DialectError::Malformed { reason, .. }) => problems.push(reason),
        Err(error) => problems.push(error.to_string()),
    }
    if !problems.is_empty() {
        return problems;
    }
    if let Err(reason) = check_access_parses(op, kind.name, parsed) {
        problems.push(format!("does not hold a valid `{}`: {reason}", kind.name));
    }
    problems
}

/// Checks that the access a dispatch stands for is a valid LLVM op, by
/// printing it in generic form inside a scratch function and letting MLIR
/// parse and verify it. Parsing (unlike building an op from attributes
/// through the C API) validates inherent attributes, e.g. an out-of-range
/// atomic ordering, instead of crashing on them. Diagnostics of the scratch
/// module are captured and reported at the dispatch's location.
fn check_access_parses(
    op: &OperationRef,
    access: &str,
    parsed: &mut AccessCache,
) -> Result<(), String> {
    // Types and attributes are uniqued by the context: their addresses
    // identify them, so the scratch text is built and parsed once per kind.
    let attributes = op
        .attribute(names::ACCESS_ATTRS_ATTR)
        .map_err(|_| "missing `access_attrs`".to_string())?;
    let mut key = format!("{access} {:?}", attributes.to_raw().ptr);
    for operand in op.operands() {
        key.push_str(&format!(" {:?}", operand.r#type().to_raw().ptr));
    }
    key.push_str(" ->");
    for result in op.results() {
        key.push_str(&format!(" {:?}", result.r#type().to_raw().ptr));
    }
    if let Some(known) = parsed.get(&key) {
        return known.clone();
    }
    let context_ref = op.context();
    // SAFETY: the context owns `op`, so it outlives this call; `to_ref`
    // borrows `context_ref` itself, which lives to the end of the function.
    let context = unsafe { context_ref.to_ref() };
    let operand_types: Vec<String> = op
        .operands()
        .map(|operand| operand.r#type().to_string())
        .collect();
    let result_types: Vec<String> = op
        .results()
        .map(|result| result.r#type().to_string())
        .collect();
    let arguments: Vec<String> = operand_types
        .iter()
        .enumerate()
        .map(|(index, r#type)| format!("%a{index}: {type}"))
        .collect();
    let operands: Vec<String> = (0..operand_types.len())
        .map(|index| format!("%a{index}"))
        .collect();
    let results = if result_types.is_empty() { "" } else { "%r = " };
    let text = format!(
        "func.func private @access_check({}) {{\n  {results}\"{access}\"({}) {attributes} : ({}) -> ({})\n  return\n}}\n",
        arguments.join(", "),
        operands.join(", "),
        operand_types.join(", "),
        result_types.join(", "),
    );
    let captured = std::rc::Rc::new(std::cell::RefCell::new(Vec::<String>::new()));
    let sink = std::rc::Rc::clone(&captured);
    // Handlers run newest first; returning true stops the scratch module's
    // diagnostics from reaching the embedder's handlers.
    let handler = context.attach_diagnostic_handler(move |diagnostic| {
        sink.borrow_mut().push(diagnostic.to_string());
        true
    });
    let valid = Module::parse(context, &text).is_some_and(|module| module.as_operation().verify());
    context.detach_diagnostic_handler(handler);
    let outcome = if valid {
        Ok(())
    } else {
        let messages = captured.borrow();
        Err(messages
            .first()
            .cloned()
            .unwrap_or_else(|| "MLIR rejected it".to_string()))
    };
    parsed.insert(key, outcome.clone());
    outcome
}

fn check_space_entry(numbers: &[i32], map: &AddressSpaceMap) -> Vec<String> {
    let mut problems = Vec::new();
    if numbers.is_empty() {
        problems.push("`spaces` entry is empty: a generic address points somewhere".into());
    }
    let mut seen = Vec::new();
    for &number in numbers {
        let space = u32::try_from(number)
            .ok()
            .and_then(|number| map.space(number));
        match space {
            Some(space) if space.is_resolvable() => {
                if seen.contains(&space) {
                    problems.push(format!("`spaces` names {space} twice"));
                }
                seen.push(space);
            }
            _ => problems.push(format!(
                "`spaces` may only hold private ({}), local ({}) and global ({}), not {number}",
                map.private, map.local, map.global
            )),
        }
    }
    problems
}

/// The value of an integer constant operand (`llvm.mlir.constant` or `arith.constant`).
fn constant_int(value: Value) -> Option<i64> {
    let owner = OperationResult::try_from(value).ok()?.owner();
    let name = owner.name();
    let name = name.as_string_ref().as_str().ok()?.to_string();
    if name != "llvm.mlir.constant" && name != "arith.constant" {
        return None;
    }
    IntegerAttribute::try_from(owner.attribute("value").ok()?)
        .ok()
        .map(|attribute| attribute.value())
}

/// Problems common to both copy shapes: directions and operand widths.
fn check_copy_operands(
    dst: Value,
    src: Value,
    sizes: &[Value],
    map: &AddressSpaceMap,
) -> Vec<String> {
    let mut problems = Vec::new();
    match (
        space_of(dst, "destination", map),
        space_of(src, "source", map),
    ) {
        (Ok(AddressSpace::Local), Ok(AddressSpace::Global))
        | (Ok(AddressSpace::Global), Ok(AddressSpace::Local)) => {}
        (Ok(dst), Ok(src)) => problems.push(format!(
            "copies between local and global memory only, not from {src} to {dst}"
        )),
        (dst, src) => problems.extend(dst.err().into_iter().chain(src.err())),
    }
    for size in sizes {
        let fits = IntegerType::try_from(size.r#type())
            .is_ok_and(|integer| integer.width() == map.pointer_width);
        if !fits {
            problems.push(format!(
                "offsets, sizes and lengths must be i{} (the pointer width), not {}",
                map.pointer_width,
                size.r#type()
            ));
            break;
        }
    }
    problems
}

/// Lines overlap when the distance between their starts is less than a line.
fn check_lines(elements_per_line: Value, line_length: Value, side: &str) -> Option<String> {
    let elements = constant_int(elements_per_line)?;
    let length = constant_int(line_length)?;
    (length < elements).then(|| {
        format!(
            "{side} lines overlap: line length {length} is less than {elements} elements per line"
        )
    })
}

/// Planes overlap when the distance between their starts is less than a plane.
fn check_planes(
    num_lines: Value,
    line_length: Value,
    plane_area: Value,
    side: &str,
) -> Option<String> {
    let lines = constant_int(num_lines)?;
    let length = constant_int(line_length)?;
    let area = constant_int(plane_area)?;
    let needed = lines.checked_mul(length)?;
    (area < needed).then(|| {
        format!("{side} planes overlap: plane area {area} is less than {lines} lines of length {length}")
    })
}

fn check_async_copy_2d(op: &OperationRef, map: &AddressSpaceMap) -> Vec<String> {
    let Some(copy) = AsyncCopy2d::of(op) else {
        return vec!["has the wrong number of operands".into()];
    };
    let sizes = [
        copy.dst_offset,
        copy.src_offset,
        copy.bytes_per_element,
        copy.elements_per_line,
        copy.num_lines,
        copy.src_line_length,
        copy.dst_line_length,
    ];
    let mut problems = check_copy_operands(copy.dst, copy.src, &sizes, map);
    problems.extend(check_lines(
        copy.elements_per_line,
        copy.src_line_length,
        "source",
    ));
    problems.extend(check_lines(
        copy.elements_per_line,
        copy.dst_line_length,
        "destination",
    ));
    problems
}

fn check_async_copy_3d(op: &OperationRef, map: &AddressSpaceMap) -> Vec<String> {
    let Some(copy) = AsyncCopy3d::of(op) else {
        return vec!["has the wrong number of operands".into()];
    };
    let sizes = [
        copy.dst_offset,
        copy.src_offset,
        copy.bytes_per_element,
        copy.elements_per_line,
        copy.num_lines,
        copy.num_planes,
        copy.src_line_length,
        copy.src_plane_area,
        copy.dst_line_length,
        copy.dst_plane_area,
    ];
    let mut problems = check_copy_operands(copy.dst, copy.src, &sizes, map);
    problems.extend(check_lines(
        copy.elements_per_line,
        copy.src_line_length,
        "source",
    ));
    problems.extend(check_lines(
        copy.elements_per_line,
        copy.dst_line_length,
        "destination",
    ));
    problems.extend(check_planes(
        copy.num_lines,
        copy.src_line_length,
        copy.src_plane_area,
        "source",
    ));
    problems.extend(check_planes(
        copy.num_lines,
        copy.dst_line_length,
        copy.dst_plane_area,
        "destination",
    ));
    problems
}
