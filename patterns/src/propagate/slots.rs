//! Slots retyped: a field of a private alloca whose every store writes a
//! pointer of one tagged space (private or local, as the facts say) and
//! whose every reader gas sees holds that pointer untagged, and its loads
//! read it named. On a tagged target (SPIR) this keeps the tag out of
//! memory: the store no longer sets it and the load no longer needs it
//! cleared (`untag(tag p)` folds).
//!
//! The alloca must stay a named private pointer everywhere it goes (GEPs,
//! loads, stores, and calls of functions whose body is the one that runs,
//! called from that one place only), with every access at a constant
//! offset; the bytes of the field are then read and written only by
//! pointer loads and stores at exactly its offset. Anything else (a byte
//! copy, a cast, an escape, a callee called from elsewhere that may be
//! handed other memory) leaves the alloca alone.

use crate::analysis::block_literals::byte_offset;
use crate::analysis::{ModuleIndex, SpaceFacts};
use crate::ir::casts::CastStyle;
use crate::ir::{name_of, operand, result, symbol_attribute};
use gas_dialect::ops::value_space;
use gas_dialect::{AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::operation::OperationLike;
use melior::ir::{OperationRef, RegionLike, Value, ValueLike};
use melior::{Context, RewriterBase};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// Calls followed from an alloca into callees.
const MAX_DEPTH: usize = 4;

/// A load or store of the slot's memory at a byte offset.
struct Access<'c, 'a> {
    op: OperationRef<'c, 'a>,
    offset: i64,
    /// Bytes it reads or writes (`None`: not known).
    bytes: Option<i64>,
    /// Whether a pointer field it reads or writes whole may be retyped.
    rewritable: bool,
}

/// Retypes every slot field it can prove; returns how many loads and
/// stores changed.
pub(super) fn retype_slots<'c, 'a>(
    context: &'c Context,
    index: &ModuleIndex<'c, 'a>,
    map: &AddressSpaceMap,
    facts: &SpaceFacts,
    casts: CastStyle,
    rewriter: &RewriterBase<'c, 'a>,
) -> usize {
    if !map.is_tagged() {
        return 0;
    }
    let allocas: Vec<OperationRef> = index
        .pointer_producers
        .iter()
        .filter(|op| name_of(op) == "llvm.alloca")
        .copied()
        .collect();
    let mut changed = 0;
    for alloca in allocas {
        let Some(root) = result(&alloca, 0).map(Value::from) else {
            continue;
        };
        if value_space(root, map) != Some(AddressSpace::Private) {
            continue;
        }
        let Some(accesses) = accesses_of(root, index, map) else {
            continue;
        };
        for (offset, space) in retypable_fields(&accesses, map, facts) {
            changed += rewrite_field(context, &accesses, (offset, space), map, casts, rewriter);
        }
    }
    changed
}

/// Every load and store of the memory `root` starts, if gas sees all its
/// uses as named private pointers at constant offsets.
fn accesses_of<'c, 'a>(
    root: Value<'c, 'a>,
    index: &ModuleIndex<'c, 'a>,
    map: &AddressSpaceMap,
) -> Option<Vec<Access<'c, 'a>>> {
    let mut accesses = Vec::new();
    let mut seen: HashSet<usize> = HashSet::default();
    let mut pending = vec![(root, 0_i64, 0_usize)];
    while let Some((pointer, offset, depth)) = pending.pop() {
        if !seen.insert(pointer.to_raw().ptr as usize) {
            // The same pointer reached at two offsets would be two memories.
            return None;
        }
        for (user, position) in index.uses_of(pointer) {
            match (name_of(&user), position) {
                ("llvm.getelementptr", 0) => {
                    let moved = offset.checked_add(byte_offset(&user)?)?;
                    pending.push((result(&user, 0)?.into(), moved, depth));
                }
                ("llvm.load", 0) if value_space(pointer, map) == Some(AddressSpace::Private) => {
                    let loaded: Value = result(&user, 0)?.into();
                    accesses.push(Access {
                        op: user,
                        offset,
                        bytes: crate::ir::scalar_bytes(loaded),
                        rewritable: true,
                    });
                }
                ("llvm.store", 1) if value_space(pointer, map) == Some(AddressSpace::Private) => {
                    accesses.push(Access {
                        op: user,
                        offset,
                        bytes: crate::ir::scalar_bytes(operand(&user, 0)?),
                        rewritable: true,
                    })
                }
                // An access through the tagged address (`lower` makes it a
                // plain one): its operands and results are the access's.
                (gas_dialect::names::DISPATCH, position) => {
                    let bytes = match (crate::analysis::index::access_name(&user), position) {
                        ("llvm.load", 0) => crate::ir::scalar_bytes(result(&user, 0)?.into()),
                        ("llvm.store", 1) => crate::ir::scalar_bytes(operand(&user, 0)?),
                        _ => return None,
                    };
                    accesses.push(Access {
                        op: user,
                        offset,
                        bytes,
                        rewritable: true,
                    });
                }
                ("llvm.intr.lifetime.start" | "llvm.intr.lifetime.end", _) => {}
                // Made generic only to be named again (a call moved to a
                // clone passes `untag(tag p)` until the fold): the same
                // pointer; a cast nothing reads is no use.
                (gas_dialect::names::TAG, 0) => {
                    pending.push((result(&user, 0)?.into(), offset, depth))
                }
                (gas_dialect::names::UNTAG, 0)
                    if result(&user, 0).is_some_and(|named| {
                        value_space(named.into(), map) == Some(AddressSpace::Private)
                    }) =>
                {
                    pending.push((result(&user, 0)?.into(), offset, depth))
                }
                ("llvm.call", position)
                    if depth < MAX_DEPTH
                        && value_space(pointer, map) == Some(AddressSpace::Private) =>
                {
                    let parameter = sole_caller_parameter(&user, position, index)?;
                    pending.push((parameter, offset, depth + 1));
                }
                _ => return None,
            }
        }
    }
    Some(accesses)
}

/// Parameter `position` of the function `call` calls, where its body here
/// is the one that runs, this is its only call, the parameter is not a
/// byval copy and it returns nothing the caller could reach the memory by.
fn sole_caller_parameter<'c, 'a>(
    call: &OperationRef<'c, 'a>,
    position: usize,
    index: &ModuleIndex<'c, 'a>,
) -> Option<Value<'c, 'a>> {
    let callee = symbol_attribute(call, "callee")?;
    let function = index.functions.get(&callee)?;
    if !function.has_definitive_body() || function.is_variadic || function.is_kernel {
        return None;
    }
    if index.call_sites.get(&callee)?.len() != 1 || index.address_taken.contains(&callee) {
        return None;
    }
    if crate::ir::parameters_with(&["llvm.byval", "llvm.byref"], function.op).contains(&position) {
        return None;
    }
    if call.result_count() > 0
        && call
            .result(0)
            .is_ok_and(|r| r.r#type().to_string().contains("ptr"))
    {
        return None;
    }
    let entry = function.op.region(0).ok()?.first_block()?;
    Some(crate::ir::argument(&entry, position)?.into())
}

/// The offsets whose field holds generic pointers of one tagged space only,
/// read and written only whole by pointer loads and stores.
fn retypable_fields(
    accesses: &[Access],
    map: &AddressSpaceMap,
    facts: &SpaceFacts,
) -> Vec<(i64, AddressSpace)> {
    let mut fields: HashMap<i64, Option<AddressSpace>> = HashMap::default();
    for access in accesses {
        let value = match crate::analysis::index::access_name(&access.op) {
            "llvm.load" => result(&access.op, 0).map(Value::from),
            _ => operand(&access.op, 0),
        };
        if value.is_some_and(|value| value_space(value, map) == Some(AddressSpace::Generic)) {
            fields.entry(access.offset).or_insert(None);
        }
    }
    let mut retypable = Vec::new();
    'fields: for (&offset, _) in fields.iter() {
        let mut space: Option<AddressSpace> = None;
        let mut loads = 0;
        for access in accesses {
            let end = access.bytes.map(|bytes| access.offset + bytes);
            let overlaps = access.offset < offset + 8 && end.is_none_or(|end| end > offset);
            if !overlaps {
                continue;
            }
            if !access.rewritable || access.offset != offset || access.bytes != Some(8) {
                continue 'fields;
            }
            match crate::analysis::index::access_name(&access.op) {
                "llvm.load" => {
                    let Some(loaded) = result(&access.op, 0).map(Value::from) else {
                        continue 'fields;
                    };
                    if value_space(loaded, map) != Some(AddressSpace::Generic) {
                        continue 'fields;
                    }
                    loads += 1;
                }
                _ => {
                    let Some(stored) = operand(&access.op, 0) else {
                        continue 'fields;
                    };
                    if value_space(stored, map) != Some(AddressSpace::Generic) {
                        continue 'fields;
                    }
                    let spaces = facts.of(stored);
                    // Null stores as null either way.
                    if spaces == SpaceSet::EMPTY {
                        continue;
                    }
                    let mut each = spaces.iter();
                    let (Some(only), None) = (each.next(), each.next()) else {
                        continue 'fields;
                    };
                    if only.tag().is_none() || space.is_some_and(|space| space != only) {
                        continue 'fields;
                    }
                    space = Some(only);
                }
            }
        }
        if let (Some(space), true) = (space, loads > 0) {
            retypable.push((offset, space));
        }
    }
    retypable.sort_by_key(|(offset, _)| *offset);
    retypable
}

/// Stores the field's pointers named and loads them named, tagging the
/// loaded pointer for its generic uses. Returns how many ops changed.
fn rewrite_field<'c, 'a>(
    context: &'c Context,
    accesses: &[Access<'c, 'a>],
    (offset, space): (i64, AddressSpace),
    map: &AddressSpaceMap,
    casts: CastStyle,
    rewriter: &RewriterBase<'c, 'a>,
) -> usize {
    let named = gas_dialect::ops::pointer_type(context, map, space);
    let mut changed = 0;
    for access in accesses.iter().filter(|access| access.offset == offset) {
        let op = access.op;
        match crate::analysis::index::access_name(&op) {
            "llvm.load" => {
                let Some(loaded) = result(&op, 0) else {
                    continue;
                };
                let generic = Value::from(loaded).r#type();
                loaded.set_type(named);
                rewriter.set_insertion_point_after(op);
                let Some(tag) = casts.to_generic(loaded.into(), generic, op.location()) else {
                    continue;
                };
                let tag = rewriter.insert(tag);
                if let Some(tagged) = result(&tag, 0) {
                    rewriter.replace_all_uses_except(loaded.into(), tagged.into(), tag);
                }
                changed += 1;
            }
            _ => {
                let Some(stored) = operand(&op, 0) else {
                    continue;
                };
                // `store tag(p)` stores `p`; anything else is untagged first
                // (null included: untag of null is null).
                let named_value = match crate::ir::defining_tag(stored)
                    .and_then(|tag| operand(&tag, 0))
                    .filter(|source| source.r#type() == named)
                {
                    Some(source) => source,
                    None => {
                        rewriter.set_insertion_point_before(op);
                        let Some(untag) = casts.to_named(stored, named, op.location()) else {
                            continue;
                        };
                        let untag = rewriter.insert(untag);
                        let Some(untagged) = result(&untag, 0) else {
                            continue;
                        };
                        untagged.into()
                    }
                };
                crate::ir::adapter::set_operand(op, 0, named_value);
                changed += 1;
            }
        }
    }
    changed
}
