//! `--flat-input`: modules with no address spaces (seed 003, CLamp's C++ AMP
//! output), where every pointer is in the default space 0.
//!
//! The module is read as generic code of the target: every address-space-0
//! pointer type becomes the target's generic pointer ([`renumber`], on the
//! printed module, since MLIR's C API cannot convert types), then the facts
//! seed 003 names are put back as casts ([`seed`]):
//! - kernel pointer parameters are global (the C++ AMP runtime passes
//!   `array`/`array_view` data there): the parameter gets the global type and
//!   is cast to generic at the entry;
//! - program-scope variables in the section `clamp_opencl_local`
//!   (`tile_static` data) are local, all others global: the variable moves to
//!   that space and each address taken of it is cast to generic;
//! - allocas are private (on targets whose allocas are private-numbered).
//!
//! Everything else stays generic; `propagate` then carries the facts through
//! GEPs, calls and clones, and `lower` gives what it resolved named accesses
//! — seed 003's "after" listing — and leaves the rest generic in the
//! target's numbering. Kernels are the functions with a kernel calling
//! convention, or those named with `--kernel` (marked `gas.kernel`).

use crate::ir::adapter::set_attribute;
use crate::ir::{each_op, name_of, symbol_attribute};
use gas_dialect::names;
use gas_dialect::ops::{pointer_address_space, pointer_type};
use gas_dialect::verify::emit_error;
use gas_dialect::{AddressSpace, AddressSpaceMap};
use melior::ir::attribute::{IntegerAttribute, TypeAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::r#type::IntegerType;
use melior::ir::{Attribute, Module, OperationRef, RegionLike, Type, Value, ValueLike};
use melior::{Context, IrRewriter, RewriterBase};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use thiserror::Error;

/// The section CLamp puts `tile_static` variables in.
pub const LOCAL_SECTION: &str = "clamp_opencl_local";

/// Why a module cannot be read as flat input.
#[derive(Debug, Error)]
pub enum FlatInputError {
    /// The module already names address spaces ([`report_named_spaces`]
    /// counts the ops and reports each at its location).
    #[error(
        "{count} op(s) already use named address spaces: --flat-input takes modules without them"
    )]
    NamedSpaces {
        /// How many ops name an address space.
        count: usize,
    },
    /// A `--kernel` name is not a function of the module.
    #[error("--kernel {0}: the module has no function @{0}")]
    UnknownKernel(String),
    /// Building or reading back an op of the rewrite failed; says what was
    /// being rewritten.
    #[error("could not rewrite {0} for --flat-input")]
    Rewrite(&'static str),
}

/// What seeding put back.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FlatInputStats {
    /// Kernel pointer parameters made global.
    pub kernel_parameters: usize,
    /// Program-scope variables moved to local memory (section [`LOCAL_SECTION`]).
    pub local_variables: usize,
    /// Program-scope variables moved to global memory.
    pub global_variables: usize,
    /// Allocas given the target's alloca space.
    pub allocas: usize,
    /// Call arguments cast to the named space a declared builtin's mangled
    /// name gives its parameter.
    pub builtin_arguments: usize,
}

/// Reports (at their locations) the ops of `module` whose types name a
/// non-default address space; returns how many.
pub fn report_named_spaces(module: &Module) -> usize {
    let mut count = 0;
    each_op(module.as_operation(), &mut |op| {
        let named = op
            .results()
            .map(|result| result.r#type())
            .chain(op.operands().map(|operand| operand.r#type()))
            .any(|r#type| pointer_address_space(r#type).is_some_and(|space| space != 0))
            || (name_of(&op) == "llvm.mlir.global"
                && op
                    .attribute("addr_space")
                    .is_ok_and(|space| !space.to_string().starts_with("0 ")));
        if named {
            emit_error(
                op.location(),
                &format!(
                    "'{}' op uses a named address space; --flat-input takes modules without them",
                    name_of(&op)
                ),
            );
            count += 1;
        }
    });
    count
}

/// The printed module with every address-space-0 pointer type made the
/// target's generic pointer, except the addresses of symbols, which stay in
/// space 0 and are cast to generic right after (`seed` moves variables to
/// their spaces). On targets whose generic space is 0 only those casts of
/// variables' addresses are added.
pub fn renumber(text: &str, map: &AddressSpaceMap) -> String {
    let generic = map.generic;
    let functions = function_symbols(text);
    let renumbered = if generic == 0 {
        text.to_string()
    } else {
        // Identified structs are unique per context by name, and the flat
        // module's (with space-0 pointers) are already there: the
        // renumbered ones need names of their own.
        renumber_pointer_tokens(&text.replace("struct<\"", "struct<\"gas.flat."), generic)
    };
    let mut out = String::with_capacity(renumbered.len() + renumbered.len() / 8);
    let mut fresh = 0usize;
    for line in renumbered.lines() {
        // The op's location, printed last, goes on both ops.
        let (code, location) = match line.rfind(" loc(") {
            Some(at) if line.ends_with(')') => line.split_at(at),
            _ => (line, ""),
        };
        match address_of_line(code, generic, &functions) {
            Some((indent, result, symbol)) => {
                let temporary = format!("%gas_flat_{fresh}");
                fresh += 1;
                out.push_str(&format!(
                    "{indent}{temporary} = llvm.mlir.addressof @{symbol} : !llvm.ptr{location}\n\
                     {indent}{result} = llvm.addrspacecast {temporary} : !llvm.ptr to !llvm.ptr<{generic}>{location}\n"
                ));
            }
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// The symbols of the module's `llvm.func`s (printed as `llvm.func ... @name(`).
fn function_symbols(text: &str) -> HashSet<String> {
    text.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix("llvm.func ")?;
            let at = rest.find('@')?;
            let name: String = rest[at + 1..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$' | '-'))
                .collect();
            Some(name)
        })
        .collect()
}

/// `(indent, result, symbol)` of a line `%r = llvm.mlir.addressof @s : !llvm.ptr<G>`
/// (or `!llvm.ptr` when G is 0) that takes a variable's address — or, where
/// the generic space is not 0, any symbol's.
fn address_of_line<'l>(
    line: &'l str,
    generic: u32,
    functions: &HashSet<String>,
) -> Option<(&'l str, &'l str, &'l str)> {
    let indent_end = line.len() - line.trim_start().len();
    let (indent, rest) = line.split_at(indent_end);
    let (result, rest) = rest.split_once(" = llvm.mlir.addressof @")?;
    let expected = if generic == 0 {
        " : !llvm.ptr".to_string()
    } else {
        format!(" : !llvm.ptr<{generic}>")
    };
    let (symbol, ty) = rest
        .split_once(' ')
        .map(|(symbol, _)| (symbol, &rest[symbol.len()..]))?;
    if ty.trim_end() != expected.as_str() || symbol.starts_with('"') {
        return None;
    }
    // A function's address needs no cast where generic is 0 (no space
    // changes: the cast would be between equal types).
    if generic == 0 && functions.contains(symbol) {
        return None;
    }
    Some((indent, result, symbol))
}

/// Every `!llvm.ptr` and bare `ptr` type token (space 0) becomes
/// `...ptr<generic>`; strings, SSA names and symbols are left alone.
fn renumber_pointer_tokens(text: &str, generic: u32) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut position = 0;
    let is_word = |byte: u8| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'.' | b'$');
    while position < bytes.len() {
        let byte = bytes[position];
        if byte == b'"' {
            // A string literal, escapes included.
            let start = position;
            position += 1;
            while position < bytes.len() && bytes[position] != b'"' {
                position += if bytes[position] == b'\\' { 2 } else { 1 };
            }
            position = (position + 1).min(bytes.len());
            out.push_str(&text[start..position]);
            continue;
        }
        if is_word(byte) {
            let start = position;
            while position < bytes.len() && is_word(bytes[position]) {
                position += 1;
            }
            let word = &text[start..position];
            let before = if start == 0 { b' ' } else { bytes[start - 1] };
            let followed_by_space = bytes.get(position) == Some(&b'<');
            let is_pointer_type = !followed_by_space
                && ((word == "llvm.ptr" && before == b'!')
                    || (word == "ptr" && !matches!(before, b'%' | b'@' | b'^' | b'#' | b'!')));
            out.push_str(word);
            if is_pointer_type {
                out.push_str(&format!("<{generic}>"));
            }
            continue;
        }
        let next = text[position..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&text[position..position + next]);
        position += next;
    }
    out
}

/// Puts seed 003's facts back into the renumbered module (see the module doc).
pub fn seed(
    context: &Context,
    module: &Module,
    map: &AddressSpaceMap,
    kernels: &[String],
) -> Result<FlatInputStats, FlatInputError> {
    let mut stats = FlatInputStats::default();
    let owner = IrRewriter::new(context);
    let rewriter = owner.as_rewriter_base();
    let mut functions: HashMap<String, OperationRef> = HashMap::default();
    let mut variables: Vec<OperationRef> = Vec::new();
    let mut addresses: HashMap<String, Vec<OperationRef>> = HashMap::default();
    let mut allocas: Vec<OperationRef> = Vec::new();
    each_op(module.as_operation(), &mut |op| match name_of(&op) {
        "llvm.func" | "func.func" => {
            if let Some(symbol) = symbol_attribute(&op, "sym_name") {
                functions.insert(symbol, op);
            }
        }
        "llvm.mlir.global" => variables.push(op),
        "llvm.mlir.addressof" => {
            if let Some(symbol) = symbol_attribute(&op, "global_name") {
                addresses.entry(symbol).or_default().push(op);
            }
        }
        "llvm.alloca" => allocas.push(op),
        _ => {}
    });
    for kernel in kernels {
        let function = functions
            .get(kernel)
            .ok_or_else(|| FlatInputError::UnknownKernel(kernel.clone()))?;
        set_attribute(*function, names::KERNEL_ATTR, Attribute::unit(context));
    }
    for function in functions.values() {
        let convention = function
            .attribute("CConv")
            .map(|attribute| attribute.to_string())
            .unwrap_or_default();
        let is_kernel = crate::analysis::is_kernel(function, &convention);
        if is_kernel {
            stats.kernel_parameters += global_parameters(context, map, &rewriter, *function)?;
        }
    }
    for variable in variables {
        let Some(symbol) = symbol_attribute(&variable, "sym_name") else {
            continue;
        };
        let is_local = symbol_attribute(&variable, "section").as_deref() == Some(LOCAL_SECTION);
        let space = if is_local {
            stats.local_variables += 1;
            AddressSpace::Local
        } else {
            stats.global_variables += 1;
            AddressSpace::Global
        };
        move_variable(context, map, variable, space, addresses.get(&symbol))?;
    }
    let mut calls: HashMap<String, Vec<OperationRef>> = HashMap::default();
    each_op(module.as_operation(), &mut |op| {
        if name_of(&op) == "llvm.call" {
            if let Some(callee) = symbol_attribute(&op, "callee") {
                calls.entry(callee).or_default().push(op);
            }
        }
    });
    for (symbol, function) in &functions {
        stats.builtin_arguments += named_builtin_parameters(
            context,
            map,
            &rewriter,
            symbol,
            *function,
            calls.get(symbol),
        )?;
    }
    if map.alloca_space != AddressSpace::Generic {
        for alloca in allocas {
            let Some(result) = crate::ir::result(&alloca, 0) else {
                continue;
            };
            let result: Value = result.into();
            let generic = result.r#type();
            result.set_type(pointer_type(context, map, map.alloca_space));
            cast_after(&rewriter, alloca, result, generic)?;
            stats.allocas += 1;
        }
    }
    Ok(stats)
}

/// A declared function whose mangled name gives a pointer parameter a named
/// space (`PU3AS1`, `PU3AS3`: an OpenCL builtin's signature) takes that
/// space: its declaration says so and every call casts the argument.
fn named_builtin_parameters<'c>(
    context: &'c Context,
    map: &AddressSpaceMap,
    rewriter: &RewriterBase<'c, '_>,
    symbol: &str,
    function: OperationRef<'c, '_>,
    calls: Option<&Vec<OperationRef<'c, '_>>>,
) -> Result<usize, FlatInputError> {
    let has_body = function
        .region(0)
        .ok()
        .and_then(|region| region.first_block())
        .is_some();
    if has_body {
        return Ok(0);
    }
    let mut named: Vec<(usize, AddressSpace)> = crate::analysis::mangling::demangle(symbol)
        .map(|mangled| crate::analysis::mangling::pointer_parameters(&mangled))
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(position, number)| {
            let space = map.space(number?)?;
            matches!(space, AddressSpace::Global | AddressSpace::Local).then_some((position, space))
        })
        .collect();
    // `sret` and `byval` pointers are the caller's own stack slots.
    named.extend(
        crate::ir::parameters_with(&["llvm.sret", "llvm.byval"], function)
            .into_iter()
            .map(|position| (position, AddressSpace::Private)),
    );
    if named.is_empty() {
        return Ok(0);
    }
    let old = TypeAttribute::try_from(
        function
            .attribute("function_type")
            .map_err(|_| FlatInputError::Rewrite("a builtin declaration"))?,
    )
    .map_err(|_| FlatInputError::Rewrite("a builtin declaration"))?
    .value();
    let result = crate::ir::adapter::llvm_function_result(old)
        .ok_or(FlatInputError::Rewrite("a builtin declaration"))?;
    let count = crate::ir::adapter::llvm_function_parameter_count(old)
        .ok_or(FlatInputError::Rewrite("a builtin declaration"))?;
    let mut parameters: Vec<Type> = (0..count)
        .map(|position| crate::ir::adapter::llvm_function_parameter(old, position))
        .collect::<Option<_>>()
        .ok_or(FlatInputError::Rewrite("a builtin declaration"))?;
    let mut changed = Vec::new();
    for (position, space) in &named {
        let Some(parameter) = parameters.get_mut(*position) else {
            return Ok(0);
        };
        if pointer_address_space(*parameter) == Some(map.generic) {
            *parameter = pointer_type(context, map, *space);
            changed.push((*position, *parameter));
        }
    }
    if changed.is_empty() {
        return Ok(0);
    }
    let new = melior::dialect::llvm::r#type::function(result, &parameters, false);
    set_attribute(function, "function_type", TypeAttribute::new(new).into());
    let mut cast_count = 0;
    for call in calls.into_iter().flatten() {
        for (position, named_type) in &changed {
            let operand = call
                .operand(*position)
                .map_err(|_| FlatInputError::Rewrite("a builtin call"))?;
            rewriter.set_insertion_point_before(*call);
            let cast = rewriter.insert(
                crate::ir::casts::addrspacecast(operand, *named_type, call.location())
                    .ok_or(FlatInputError::Rewrite("a builtin call"))?,
            );
            let casted = cast
                .result(0)
                .map_err(|_| FlatInputError::Rewrite("a builtin call"))?;
            crate::ir::adapter::set_operand(*call, *position, casted.into());
            cast_count += 1;
        }
    }
    Ok(cast_count)
}

/// A kernel's generic pointer parameters become global ones, cast to
/// generic at the entry; returns how many.
fn global_parameters<'c>(
    context: &'c Context,
    map: &AddressSpaceMap,
    rewriter: &RewriterBase<'c, '_>,
    function: OperationRef<'c, '_>,
) -> Result<usize, FlatInputError> {
    let Some(entry) = function
        .region(0)
        .ok()
        .and_then(|region| region.first_block())
    else {
        return Ok(0);
    };
    let global = pointer_type(context, map, AddressSpace::Global);
    let mut changed = 0;
    for position in 0..entry.argument_count() {
        let argument: Value = entry
            .argument(position)
            .map_err(|_| FlatInputError::Rewrite("a kernel parameter"))?
            .into();
        let generic = argument.r#type();
        if pointer_address_space(generic) != Some(map.generic) {
            continue;
        }
        argument.set_type(global);
        rewriter.set_insertion_point_to_start(entry);
        let cast = rewriter.insert(
            crate::ir::casts::addrspacecast(argument, generic, function.location())
                .ok_or(FlatInputError::Rewrite("a kernel parameter"))?,
        );
        let casted = cast
            .result(0)
            .map_err(|_| FlatInputError::Rewrite("a kernel parameter"))?;
        rewriter.replace_all_uses_except(argument, casted.into(), cast);
        changed += 1;
    }
    if changed > 0 {
        let parameters: Vec<Type> = (0..entry.argument_count())
            .map(|position| entry.argument(position).map(|argument| argument.r#type()))
            .collect::<Result<_, _>>()
            .map_err(|_| FlatInputError::Rewrite("a kernel signature"))?;
        let old = TypeAttribute::try_from(
            function
                .attribute("function_type")
                .map_err(|_| FlatInputError::Rewrite("a kernel signature"))?,
        )
        .map_err(|_| FlatInputError::Rewrite("a kernel signature"))?
        .value();
        let result = crate::ir::adapter::llvm_function_result(old)
            .ok_or(FlatInputError::Rewrite("a kernel signature"))?;
        let new = melior::dialect::llvm::r#type::function(result, &parameters, false);
        set_attribute(function, "function_type", TypeAttribute::new(new).into());
    }
    Ok(changed)
}

/// Moves a variable to `space`; each address taken of it (space 0, cast to
/// generic by [`renumber`]) gets the variable's new type.
fn move_variable(
    context: &Context,
    map: &AddressSpaceMap,
    variable: OperationRef,
    space: AddressSpace,
    addresses: Option<&Vec<OperationRef>>,
) -> Result<(), FlatInputError> {
    let number = map.number(space);
    let i32_type = IntegerType::new(context, 32).into();
    set_attribute(
        variable,
        "addr_space",
        IntegerAttribute::new(i32_type, i64::from(number)).into(),
    );
    for address in addresses.into_iter().flatten() {
        let result: Value = address
            .result(0)
            .map_err(|_| FlatInputError::Rewrite("a variable's address"))?
            .into();
        result.set_type(pointer_type(context, map, space));
    }
    Ok(())
}

/// Inserts `addrspacecast value to generic` after `op` and points every
/// other use of `value` at it.
fn cast_after<'c>(
    rewriter: &RewriterBase<'c, '_>,
    op: OperationRef<'c, '_>,
    value: Value<'c, '_>,
    generic: Type<'c>,
) -> Result<(), FlatInputError> {
    rewriter.set_insertion_point_after(op);
    let cast = rewriter.insert(
        crate::ir::casts::addrspacecast(value, generic, op.location())
            .ok_or(FlatInputError::Rewrite("an alloca"))?,
    );
    let casted = cast
        .result(0)
        .map_err(|_| FlatInputError::Rewrite("an alloca"))?;
    rewriter.replace_all_uses_except(value, casted.into(), cast);
    // Lifetime markers stay on the alloca itself (LLVM requires it).
    for (user, position) in crate::ir::adapter::uses_of(casted.into()) {
        if matches!(
            name_of(&user),
            "llvm.intr.lifetime.start" | "llvm.intr.lifetime.end"
        ) {
            crate::ir::adapter::set_operand(user, position, value);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::renumber_pointer_tokens;

    #[test]
    fn pointer_types_are_renumbered_and_names_are_not() {
        let text = r#"%ptr = llvm.load %0 : !llvm.ptr -> !llvm.struct<(ptr, i32)> {s = "ptr"} @ptr llvm.ptrtoint !llvm.ptr<1>"#;
        assert_eq!(
            renumber_pointer_tokens(text, 4),
            r#"%ptr = llvm.load %0 : !llvm.ptr<4> -> !llvm.struct<(ptr<4>, i32)> {s = "ptr"} @ptr llvm.ptrtoint !llvm.ptr<1>"#
        );
    }
}
