//! What device-side enqueue's block literals hold.
//!
//! Clang builds a block literal as a private alloca `<{ i32 size, i32 align,
//! ptr invoke, captures... }>`: it stores the block invoke function's address
//! at offset 8 and the captured values after it, then hands the literal to
//! the runtime (`__enqueue_kernel_*(..., invoke_kernel, literal, ...)`,
//! `__get_kernel_*_impl(invoke_kernel, literal)`) or calls the invoke function
//! with it directly. The runtime copies the literal byte for byte and calls
//! the invoke kernel with the copy, so a pointer loaded from a literal
//! parameter at offset `o` is one of the pointers stored at offset `o` into
//! some literal of the module (program-scope literals capture nothing).
//!
//! The facts form one pool per offset over every literal of the module (an
//! offset-sensitive, block-insensitive union). They hold only if the module
//! shows every literal and every receiver use; otherwise the pool is
//! poisoned and literal loads stay unknown:
//! - a *receiver* (a block invoke function or invoke kernel) has its address
//!   used only as a literal's invoke field, as the invoke operand of a
//!   runtime call, or in a program-scope literal's initializer;
//! - a literal (an alloca holding a receiver's address at offset 8, or passed
//!   as the literal of a runtime call) is only read, written at constant
//!   offsets, handed to the runtime, or passed first to a receiver;
//! - a receiver's literal parameter is only read (through constant-offset
//!   GEPs) or passed first to another receiver;
//! - every direct call of a receiver passes a literal or a literal parameter.
//!
//! The literal pointer itself stays unknown: the runtime decides where its
//! copy lives (`--stats` names such entry points).

use super::index::{access_name, used_list_of, Key, KeySet, ModuleIndex, CLONE_MARKER};
use crate::ir::{name_of, symbol_attribute};
use gas_dialect::ops::value_space;
use gas_dialect::{names, AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::block::BlockArgument;
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{OperationRef, RegionLike, Value, ValueLike};
use rustc_hash::FxHashSet as HashSet;
use std::collections::BTreeMap;

/// Where clang puts the invoke function's address in a literal.
const INVOKE_OFFSET: i64 = 8;

/// Whether `callee` is one of clang's device-side enqueue runtime entries
/// that take an invoke kernel and its literal.
fn is_runtime_handoff(callee: &str) -> bool {
    callee.starts_with("__enqueue_kernel_") || callee.starts_with("__get_kernel_")
}

/// What one offset of the literals holds.
#[derive(Default)]
pub(crate) struct Field {
    pub base: SpaceSet,
    pub sources: Vec<Key>,
    /// Its node in the analysis graph (odd, from the top of the key space:
    /// never a value's address).
    pub key: Key,
}

/// The module's block literals, by offset.
#[derive(Default)]
pub(crate) struct LiteralPool {
    /// Literal parameters of receivers (entry-block argument 0).
    pub parameters: KeySet,
    pub fields: BTreeMap<i64, Field>,
    /// Stores at offsets not known statically.
    pub anywhere: Field,
    pub poisoned: bool,
}

fn key(value: Value) -> Key {
    value.to_raw().ptr as Key
}

/// The constant byte offset of a `getelementptr i8, p[c]`, if it is one
/// (`c` an attribute index or an `llvm.mlir.constant` operand).
pub(crate) fn byte_offset(gep: &OperationRef) -> Option<i64> {
    if gep.attribute("elem_type").ok()?.to_string() != "i8" {
        return None;
    }
    constant_index(gep)
}

/// The index of a one-index `getelementptr` where it is a constant (an
/// attribute index or an `llvm.mlir.constant` operand), whatever the
/// element type.
pub(crate) fn constant_index(gep: &OperationRef) -> Option<i64> {
    let indices = gep.attribute("rawConstantIndices").ok()?.to_string();
    let index: i64 = indices
        .strip_prefix("array<i32: ")?
        .strip_suffix('>')?
        .trim()
        .parse()
        .ok()?;
    // MLIR marks an index held by an operand with i32::MIN.
    if index != i64::from(i32::MIN) {
        return (gep.operand_count() == 1).then_some(index);
    }
    if gep.operand_count() != 2 {
        return None;
    }
    let constant = crate::ir::defining_op(crate::ir::operand(gep, 1)?)?;
    if name_of(&constant) != "llvm.mlir.constant" {
        return None;
    }
    let value = constant.attribute("value").ok()?.to_string();
    value.split(':').next()?.trim().parse().ok()
}

/// `value` without casts between spaces (`llvm.addrspacecast`, `gas.tag`).
fn strip_casts<'c: 'a, 'a>(mut value: Value<'c, 'a>) -> Value<'c, 'a> {
    while let Some(op) = crate::ir::defining_op(value) {
        match name_of(&op) {
            "llvm.addrspacecast" | names::TAG | names::UNTAG => match op.operand(0) {
                Ok(source) => value = source,
                Err(_) => break,
            },
            _ => break,
        }
    }
    value
}

/// The base `value` is an offset of (through casts and constant GEPs), and
/// the offset when every step is constant.
pub(crate) fn base_and_offset<'c: 'a, 'a>(
    mut value: Value<'c, 'a>,
) -> (Value<'c, 'a>, Option<i64>) {
    let mut offset = Some(0i64);
    loop {
        value = strip_casts(value);
        let Some(op) = crate::ir::defining_op(value) else {
            return (value, offset);
        };
        if name_of(&op) != "llvm.getelementptr" {
            return (value, offset);
        }
        let Some(base) = crate::ir::operand(&op, 0) else {
            return (value, offset);
        };
        offset = offset.zip(byte_offset(&op)).map(|(a, b)| a + b);
        value = base;
    }
}

/// Whether `address` names a program-scope block literal: clang's
/// `{ i32 size, i32 align, ptr invoke }`, which captures nothing.
fn is_program_scope_literal(address: Value, index: &ModuleIndex) -> bool {
    crate::ir::defining_op(address)
        .and_then(|op| symbol_attribute(&op, "global_name"))
        .and_then(|symbol| index.global_variables.get(&symbol))
        .is_some_and(|variable| is_literal_type(&variable.op))
}

/// Whether `global` is an `llvm.mlir.global` of a capture-free literal's type.
fn is_literal_type(global: &OperationRef) -> bool {
    name_of(global) == "llvm.mlir.global"
        && global.attribute("global_type").is_ok_and(|r#type| {
            let text = r#type.to_string();
            text.starts_with("!llvm.struct<(i32, i32, ptr") && text.matches(',').count() == 2
        })
}

/// Whether `stored` is field `j` of an invoke kernel's by-value literal,
/// stored back at that field's own offset: AMDGPU's invoke kernels receive
/// the runtime's copy of a literal as a packed struct argument and rebuild it
/// in a private alloca. Such a copy adds nothing to the pool at that offset.
/// Only internal kernels qualify: the host cannot launch them with a literal
/// the module did not make.
fn is_literal_self_copy(
    stored: Value,
    offset: Option<i64>,
    index: &ModuleIndex,
    map: &AddressSpaceMap,
) -> bool {
    let Some(extract) = crate::ir::defining_op(stored) else {
        return false;
    };
    if name_of(&extract) != "llvm.extractvalue" {
        return false;
    }
    let Some(field) = extract.attribute("position").ok().and_then(|position| {
        let text = position.to_string();
        text.strip_prefix("array<i64: ")?
            .strip_suffix('>')?
            .trim()
            .parse::<usize>()
            .ok()
    }) else {
        return false;
    };
    let Some(argument) = extract
        .operand(0)
        .ok()
        .and_then(|aggregate| BlockArgument::try_from(aggregate).ok())
    else {
        return false;
    };
    let Some(kernel) = argument
        .owner()
        .parent_operation()
        .and_then(|function| symbol_attribute(&function, "sym_name"))
        .and_then(|symbol| index.functions.get(&symbol))
    else {
        return false;
    };
    let is_entry_argument = kernel
        .op
        .region(0)
        .ok()
        .and_then(|region| region.first_block())
        .is_some_and(|entry| entry == argument.owner() && argument.argument_number() == 0);
    kernel.is_kernel
        && kernel.is_internal
        && is_entry_argument
        && offset.is_some()
        && packed_field_offset(&argument.r#type().to_string(), field, map) == offset
}

/// The byte offset of field `field` of a packed literal struct
/// `!llvm.struct<packed (i32, i32, ptr, ...)>`, when every field before it
/// has a size this knows (integers, floats, 64-bit generic and global
/// pointers).
fn packed_field_offset(r#type: &str, field: usize, map: &AddressSpaceMap) -> Option<i64> {
    let fields = r#type
        .strip_prefix("!llvm.struct<packed (")?
        .strip_suffix(")>")?;
    let generic = format!("ptr<{}>", map.number(AddressSpace::Generic));
    let global = format!("ptr<{}>", map.number(AddressSpace::Global));
    let mut offset = 0i64;
    for (position, element) in fields.split(", ").enumerate() {
        if position == field {
            return Some(offset);
        }
        offset += match element {
            "f16" => 2,
            "f32" => 4,
            "f64" => 8,
            "ptr" => 8,
            pointer if pointer == generic || pointer == global => 8,
            integer => {
                let bits: i64 = integer.strip_prefix('i')?.parse().ok()?;
                if bits % 8 != 0 {
                    return None;
                }
                bits / 8
            }
        };
    }
    None
}

impl LiteralPool {
    fn poison(&mut self, why: &'static str) {
        tracing::debug!(why, "block literal facts do not hold");
        self.poisoned = true;
    }

    /// The pool of `index`'s module (empty when it has no receivers).
    pub(crate) fn build(index: &ModuleIndex, map: &AddressSpaceMap) -> Self {
        let mut pool = Self::default();
        let mut receivers: HashSet<String> = HashSet::default();
        let mut literals: Vec<Value> = Vec::new();
        // Receivers and literals, from the uses of function addresses.
        for (symbol, addresses) in index.addresses_of() {
            if !index.functions.contains_key(symbol) {
                continue;
            }
            for address in addresses {
                pool.classify_function_address(
                    *address,
                    symbol,
                    index,
                    &mut receivers,
                    &mut literals,
                );
            }
        }
        if receivers.is_empty() {
            return pool;
        }
        // A clone of a receiver (`propagate` specializes a direct call of a
        // block invoke function) receives the same literals.
        for name in index.functions.keys() {
            if let Some((original, _)) = name.split_once(CLONE_MARKER) {
                if receivers.contains(original) {
                    receivers.insert(name.clone());
                }
            }
        }
        // Literal parameters and the direct calls of receivers.
        for receiver in &receivers {
            let Some(function) = index.functions.get(receiver) else {
                continue;
            };
            if let Some(parameter) = function
                .op
                .region(0)
                .ok()
                .and_then(|region| region.first_block())
                .and_then(|entry| crate::ir::argument(&entry, 0))
            {
                pool.parameters.insert(key(parameter.into()));
            }
            for call in index.call_sites.get(receiver).into_iter().flatten() {
                match call.operand(0) {
                    Ok(argument) => literals.push(argument),
                    Err(_) => pool.poison("a receiver call without a literal operand"),
                }
            }
        }
        let mut seen: KeySet = KeySet::default();
        for literal in literals {
            let (base, offset) = base_and_offset(literal);
            if offset != Some(0) {
                pool.poison("a literal at a non-zero offset of its object");
                continue;
            }
            if !seen.insert(key(base)) {
                continue;
            }
            if pool.parameters.contains(&key(base)) {
                continue;
            }
            match crate::ir::defining_op(base).map(|op| name_of(&op)) {
                Some("llvm.alloca") => pool.walk_literal(base, Some(0), index, &receivers, map),
                Some("llvm.mlir.addressof") if is_program_scope_literal(base, index) => {}
                _ => pool.poison("a literal that is not an alloca or a program-scope literal"),
            }
        }
        for receiver in &receivers {
            pool.check_parameter(receiver, index, &receivers);
        }
        pool.anywhere.key = Key::MAX;
        for (position, field) in pool.fields.values_mut().enumerate() {
            field.key = Key::MAX - 2 * (position + 1);
        }
        pool
    }

    /// Every field, with the stores at unknown offsets.
    pub(crate) fn all_fields(&self) -> impl Iterator<Item = &Field> {
        self.fields.values().chain(std::iter::once(&self.anywhere))
    }

    /// One use of a receiver's address: where it goes says what it is.
    fn classify_function_address<'c, 'a>(
        &mut self,
        address: Value<'c, 'a>,
        symbol: &str,
        index: &ModuleIndex<'c, 'a>,
        receivers: &mut HashSet<String>,
        literals: &mut Vec<Value<'c, 'a>>,
    ) {
        let mut pending = vec![address];
        while let Some(value) = pending.pop() {
            for (user, position) in &index.uses_of(value) {
                if used_list_of(user).is_some() {
                    continue;
                }
                match (access_name(user), *position) {
                    ("llvm.addrspacecast", 0) => {
                        if let Some(result) = crate::ir::result(user, 0) {
                            pending.push(result.into());
                        }
                    }
                    // Stored as a literal's invoke field.
                    ("llvm.store", 0) => {
                        let Some(target) = crate::ir::operand(user, 1) else {
                            self.poison("a stored invoke address without a target");
                            continue;
                        };
                        let (base, offset) = base_and_offset(target);
                        if offset == Some(INVOKE_OFFSET)
                            && crate::ir::defining_op(base)
                                .is_some_and(|op| name_of(&op) == "llvm.alloca")
                        {
                            receivers.insert(symbol.to_string());
                            literals.push(base);
                        } else {
                            self.poison("a function address stored elsewhere than an invoke field");
                        }
                    }
                    // A program-scope literal: header and invoke only.
                    ("llvm.insertvalue", _)
                        if user
                            .parent_operation()
                            .is_some_and(|global| is_literal_type(&global)) =>
                    {
                        receivers.insert(symbol.to_string());
                    }
                    // Handed to the runtime with its literal (the next operand).
                    ("llvm.call", _)
                        if symbol_attribute(user, "callee")
                            .is_some_and(|callee| is_runtime_handoff(&callee)) =>
                    {
                        match user.operand(position + 1) {
                            Ok(literal) => {
                                receivers.insert(symbol.to_string());
                                literals.push(literal);
                            }
                            Err(_) => {
                                self.poison("a runtime call without a literal after the invoke")
                            }
                        }
                    }
                    _ => self.poison("a function address used otherwise"),
                }
            }
        }
    }

    /// Records what code stores into the literal `base` and checks that it
    /// goes nowhere the module cannot see.
    fn walk_literal(
        &mut self,
        base: Value,
        offset: Option<i64>,
        index: &ModuleIndex,
        receivers: &HashSet<String>,
        map: &AddressSpaceMap,
    ) {
        let mut pending = vec![(base, offset)];
        while let Some((value, offset)) = pending.pop() {
            for (user, position) in &index.uses_of(value) {
                let name = name_of(user);
                let access = access_name(user);
                match (name, access, *position) {
                    ("llvm.getelementptr", _, 0) => {
                        if let Some(result) = crate::ir::result(user, 0) {
                            let step = byte_offset(user);
                            pending.push((result.into(), offset.zip(step).map(|(a, b)| a + b)));
                        }
                    }
                    ("llvm.addrspacecast" | names::TAG | names::UNTAG, _, 0) => {
                        if let Some(result) = crate::ir::result(user, 0) {
                            pending.push((result.into(), offset));
                        }
                    }
                    (_, "llvm.load", 0)
                    | ("llvm.intr.lifetime.start" | "llvm.intr.lifetime.end", _, _) => {}
                    (_, "llvm.store", 1) => match user.operand(0) {
                        Ok(stored) if is_literal_self_copy(stored, offset, index, map) => {}
                        Ok(stored) => self.record_store(stored, offset, map),
                        Err(_) => self.poison("a store into a literal without a value"),
                    },
                    ("llvm.call", _, _) => {
                        let callee = symbol_attribute(user, "callee").unwrap_or_default();
                        let handed_over = is_runtime_handoff(&callee)
                            || (*position == 0 && receivers.contains(&callee));
                        if !handed_over {
                            self.poison("a literal passed to a call that is neither the runtime nor a receiver");
                        }
                    }
                    _ => self.poison("a literal used otherwise"),
                }
            }
        }
    }

    fn record_store(&mut self, stored: Value, offset: Option<i64>, map: &AddressSpaceMap) {
        let field = match offset {
            Some(offset) => self.fields.entry(offset).or_default(),
            None => &mut self.anywhere,
        };
        match value_space(stored, map) {
            Some(AddressSpace::Generic) => field.sources.push(key(stored)),
            Some(space) if space.is_resolvable() => {
                field.base = field.base.union(SpaceSet::single(space))
            }
            Some(_) => field.base = SpaceSet::ALL,
            // Plain data: reading it back as a pointer breaks C's
            // effective-type rule.
            None if !stored.r#type().to_string().contains("ptr") => {}
            None => field.base = SpaceSet::ALL,
        }
    }

    /// A receiver's literal parameter may only be read or passed on.
    fn check_parameter(
        &mut self,
        receiver: &str,
        index: &ModuleIndex,
        receivers: &HashSet<String>,
    ) {
        let Some(parameter) = index
            .functions
            .get(receiver)
            .and_then(|function| crate::ir::region(&function.op, 0))
            .and_then(|region| region.first_block())
            .and_then(|entry| crate::ir::argument(&entry, 0))
        else {
            return;
        };
        let mut pending: Vec<Value> = vec![parameter.into()];
        while let Some(value) = pending.pop() {
            for (user, position) in &index.uses_of(value) {
                let name = name_of(user);
                match (name, access_name(user), *position) {
                    (
                        "llvm.getelementptr" | "llvm.addrspacecast" | names::TAG | names::UNTAG,
                        _,
                        0,
                    ) => {
                        if let Some(result) = crate::ir::result(user, 0) {
                            pending.push(result.into());
                        }
                    }
                    (_, "llvm.load", 0) => {}
                    ("llvm.call", _, 0)
                        if symbol_attribute(user, "callee")
                            .is_some_and(|callee| receivers.contains(&callee)) => {}
                    _ => {
                        self.poison("a literal parameter used otherwise than read or passed on");
                        return;
                    }
                }
            }
        }
    }

    /// The fields a load from `address` may read, if `address` is (an offset
    /// of) a receiver's literal parameter and the pool holds.
    pub(crate) fn fields_read_at(&self, address: Value) -> Option<Vec<Key>> {
        if self.poisoned || self.parameters.is_empty() {
            return None;
        }
        let (base, offset) = base_and_offset(address);
        if !self.parameters.contains(&key(base)) {
            return None;
        }
        let mut read: Vec<Key> = match offset {
            Some(offset) => self
                .fields
                .get(&offset)
                .map(|field| field.key)
                .into_iter()
                .collect(),
            None => self.fields.values().map(|field| field.key).collect(),
        };
        read.push(self.anywhere.key);
        Some(read)
    }
}
