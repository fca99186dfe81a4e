//! Slots retyped: a field of a private alloca whose every store writes a
//! pointer of one tagged space (private or local, as the facts say) and
//! whose every reader gas sees holds that pointer untagged, and its loads
//! read it named. On a tagged target (SPIR) this keeps the tag out of
//! memory: the store no longer sets it and the load no longer needs it
//! cleared (`untag(tag p)` folds).
//!
//! The alloca must stay a named private pointer everywhere it goes (GEPs,
//! loads, stores, and calls of functions whose body is the one that runs,
//! every call of which hands them this memory at the same offset), with
//! every access at a constant offset; the bytes of the field are then read
//! and written only by pointer loads and stores at exactly its offset. An array of pointers
//! read at a run-time index (a GEP stepping by whole 8-byte elements) is
//! retyped whole: every access of the alloca must then be an 8-byte
//! pointer load or store at a multiple of 8, and every store write the one
//! space. Anything else (a byte copy, a cast, an escape, a callee called
//! from elsewhere that may be handed other memory) leaves the alloca alone.

use crate::analysis::block_literals::{base_and_offset, byte_offset, constant_index};
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
    /// From the alloca's start; `None`: known at run time only, a multiple
    /// of 8 (an index into an array of 8-byte elements).
    offset: Option<i64>,
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
/// uses as named private pointers at constant offsets, its address kept
/// in a field of another such alloca included (two levels).
fn accesses_of<'c, 'a>(
    root: Value<'c, 'a>,
    index: &ModuleIndex<'c, 'a>,
    map: &AddressSpaceMap,
) -> Option<Vec<Access<'c, 'a>>> {
    accesses_at(root, index, map, 1)
}

/// `accesses_of`, following `root`'s address through `levels` holders: a
/// field of another alloca that holds only this address (at one offset) is
/// read by loads whose results are this memory again.
fn accesses_at<'c, 'a>(
    root: Value<'c, 'a>,
    index: &ModuleIndex<'c, 'a>,
    map: &AddressSpaceMap,
    levels: usize,
) -> Option<Vec<Access<'c, 'a>>> {
    // Holder fields whose loads were followed.
    let mut held_in: HashSet<(usize, i64)> = HashSet::default();
    let mut accesses = Vec::new();
    let mut seen: HashSet<usize> = HashSet::default();
    // Callees entered: the parameter position and offset they are handed
    // this memory at, and by how many calls.
    let mut entered: HashMap<String, (usize, Option<i64>, usize)> = HashMap::default();
    // Callees whose returns give an address into this memory back: the
    // offset, and how many returns do.
    let mut returned: HashMap<String, (Option<i64>, usize)> = HashMap::default();
    let mut pending = vec![(root, Some(0_i64), 0_usize)];
    while let Some((pointer, offset, depth)) = pending.pop() {
        if !seen.insert(pointer.to_raw().ptr as usize) {
            // The same pointer reached at two offsets would be two memories.
            return None;
        }
        for (user, position) in index.uses_of(pointer) {
            match (name_of(&user), position) {
                ("llvm.getelementptr", 0) => {
                    let moved = match (offset, gep_step(&user)?) {
                        (Some(offset), GepStep::Bytes(bytes)) => Some(offset.checked_add(bytes)?),
                        // A run-time offset stays a multiple of 8 only
                        // through steps of whole 8-byte cells.
                        (None, GepStep::Bytes(bytes)) if bytes % 8 == 0 => None,
                        (_, GepStep::Cells) => None,
                        _ => return None,
                    };
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
                // This memory's address kept in another alloca's field
                // (`agent_t ag = {&st, 2}`): the field's loads are it again.
                ("llvm.store", 0) if levels > 0 => {
                    let (holder, field) = slot_of(operand(&user, 1)?)?;
                    if holder == root {
                        return None;
                    }
                    let key = (holder.to_raw().ptr as usize, field);
                    if held_in.contains(&key) {
                        continue;
                    }
                    held_in.insert(key);
                    for load in holder_loads(holder, field, (root, offset?), index, map, levels)? {
                        pending.push((load, offset, depth));
                    }
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
                    // A callee called from several places is followed once,
                    // where every call hands it this memory at the same
                    // position and offset (counted below).
                    let callee = symbol_attribute(&user, "callee")?;
                    if let Some(entry) = entered.get_mut(&callee) {
                        if entry.0 != position || entry.1 != offset {
                            return None;
                        }
                        entry.2 += 1;
                        continue;
                    }
                    let parameter = callee_parameter(&user, position, index)?;
                    entered.insert(callee, (position, offset, 1));
                    pending.push((parameter, offset, depth + 1));
                }
                // A callee handing an address into this memory back
                // (`return &ag->off`): each of its calls gives it to the
                // caller, where every return gives the same offset.
                ("llvm.return", 0) => {
                    let function = crate::ir::enclosing_function(&user)?;
                    let name = symbol_attribute(&function, "sym_name")?;
                    if !entered.contains_key(&name) {
                        return None;
                    }
                    if let Some(entry) = returned.get_mut(&name) {
                        if entry.0 != offset {
                            return None;
                        }
                        entry.1 += 1;
                        continue;
                    }
                    returned.insert(name.clone(), (offset, 1));
                    for call in index.call_sites.get(&name)? {
                        pending.push((result(call, 0)?.into(), offset, depth.saturating_sub(1)));
                    }
                }
                _ => return None,
            }
        }
    }
    // A call site handing the callee other memory, or none, would make its
    // accesses another memory's too. A callee handing an address into this
    // memory back must do so from every return (its result is then this
    // memory); a pointer it returns that the walk never reached cannot
    // point here, as every way to this memory's address is walked.
    let every_call_seen = entered.iter().all(|(callee, (_, _, calls))| {
        index.call_sites.get(callee).map(Vec::len) == Some(*calls)
            && returned
                .get(callee)
                .is_none_or(|(_, walked)| Some(*walked) == returns_in(index, callee))
    });
    every_call_seen.then_some(accesses)
}

/// The alloca `address` points into (through casts and constant byte
/// offsets), and the offset.
fn slot_of<'c: 'a, 'a>(address: Value<'c, 'a>) -> Option<(Value<'c, 'a>, i64)> {
    let (base, offset) = base_and_offset(address);
    let op = crate::ir::defining_op(base)?;
    (name_of(&op) == "llvm.alloca").then_some((base, offset?))
}

/// The loads of the `field` of the alloca `holder` where every store there
/// writes `held` (an alloca and the offset into it) and every access of the
/// field's bytes is a whole 8-byte pointer load or store at the field:
/// each load's result is then `held`'s address again.
fn holder_loads<'c, 'a>(
    holder: Value<'c, 'a>,
    field: i64,
    held: (Value<'c, 'a>, i64),
    index: &ModuleIndex<'c, 'a>,
    map: &AddressSpaceMap,
    levels: usize,
) -> Option<Vec<Value<'c, 'a>>> {
    let accesses = accesses_at(holder, index, map, levels - 1)?;
    let mut loads = Vec::new();
    for access in &accesses {
        // Unknown offsets may be the field.
        let start = access.offset?;
        if start.checked_add(access.bytes?)? <= field || start >= field + 8 {
            continue;
        }
        if start != field || access.bytes != Some(8) || !access.rewritable {
            return None;
        }
        match crate::analysis::index::access_name(&access.op) {
            "llvm.load" => loads.push(result(&access.op, 0)?.into()),
            _ => {
                let (alloca, offset) = slot_of(operand(&access.op, 0)?)?;
                if alloca != held.0 || offset != held.1 {
                    return None;
                }
            }
        }
    }
    Some(loads)
}

/// How many `llvm.return`s the body of `function` has.
fn returns_in(index: &ModuleIndex, function: &str) -> Option<usize> {
    let function = index.functions.get(function)?;
    let mut returns = 0;
    crate::ir::each_op(function.op, &mut |op| {
        if name_of(&op) == "llvm.return" {
            returns += 1;
        }
    });
    Some(returns)
}

/// Parameter `position` of the function `call` calls, where its body here
/// is the one that runs, only direct calls reach it and the parameter is
/// not a byval copy (a pointer it returns is checked by the walk).
fn callee_parameter<'c, 'a>(
    call: &OperationRef<'c, 'a>,
    position: usize,
    index: &ModuleIndex<'c, 'a>,
) -> Option<Value<'c, 'a>> {
    let callee = symbol_attribute(call, "callee")?;
    let function = index.functions.get(&callee)?;
    if !function.has_definitive_body() || function.is_variadic || function.is_kernel {
        return None;
    }
    if index.address_taken.contains(&callee) {
        return None;
    }
    if crate::ir::parameters_with(&["llvm.byval", "llvm.byref"], function.op).contains(&position) {
        return None;
    }
    let entry = function.op.region(0).ok()?.first_block()?;
    Some(crate::ir::argument(&entry, position)?.into())
}

/// How far a GEP moves its base.
enum GepStep {
    /// A constant number of bytes.
    Bytes(i64),
    /// A multiple of 8 bytes known at run time only.
    Cells,
}

/// The step of `gep`, where it is a constant byte offset, a constant or
/// run-time index into 8-byte elements, or an array of them indexed from
/// its start (`[0, i]`); `None` otherwise.
fn gep_step(gep: &OperationRef) -> Option<GepStep> {
    if let Some(bytes) = byte_offset(gep) {
        return Some(GepStep::Bytes(bytes));
    }
    let element = gep.attribute("elem_type").ok()?.to_string();
    let indices = gep.attribute("rawConstantIndices").ok()?.to_string();
    let indices: Vec<i64> = indices
        .strip_prefix("array<i32: ")?
        .strip_suffix('>')?
        .split(',')
        .map(|index| index.trim().parse().ok())
        .collect::<Option<_>>()?;
    // MLIR marks an index held by an operand with i32::MIN.
    let dynamic = i64::from(i32::MIN);
    match indices.as_slice() {
        [_] if is_eight_bytes(&element) => Some(match constant_index(gep) {
            Some(index) => GepStep::Bytes(index.checked_mul(8)?),
            None => GepStep::Cells,
        }),
        [0, index] if *index == dynamic && array_of_eight_bytes(&element) => Some(GepStep::Cells),
        _ => None,
    }
}

/// Whether `ty` (as MLIR prints it, at top level or inside an array) is a
/// pointer or an 8-byte scalar. Only tagged targets retype slots: SPIR's
/// pointers are 64-bit in every space.
fn is_eight_bytes(ty: &str) -> bool {
    let ty = ty.strip_prefix("!llvm.").unwrap_or(ty);
    matches!(ty, "ptr" | "i64" | "f64") || ty.starts_with("ptr<")
}

/// Whether `ty` is `!llvm.array<N x T>` with `T` of 8 bytes.
fn array_of_eight_bytes(ty: &str) -> bool {
    ty.strip_prefix("!llvm.array<")
        .and_then(|rest| rest.strip_suffix('>'))
        .and_then(|rest| rest.split_once(" x "))
        .is_some_and(|(_, element)| is_eight_bytes(element))
}

/// The offsets whose field holds generic pointers of one tagged space only,
/// read and written only whole by pointer loads and stores; `None` for the
/// whole alloca, where an access's offset is known at run time only.
fn retypable_fields(
    accesses: &[Access],
    map: &AddressSpaceMap,
    facts: &SpaceFacts,
) -> Vec<(Option<i64>, AddressSpace)> {
    if accesses.iter().any(|access| access.offset.is_none()) {
        // Every access must then be a whole cell: any may be any other.
        let cells = accesses
            .iter()
            .all(|access| access.offset.is_none_or(|offset| offset % 8 == 0));
        return match one_space(accesses.iter(), map, facts) {
            Some(space) if cells => vec![(None, space)],
            _ => Vec::new(),
        };
    }
    let mut fields: Vec<i64> = accesses
        .iter()
        .filter(|access| {
            let value = match crate::analysis::index::access_name(&access.op) {
                "llvm.load" => result(&access.op, 0).map(Value::from),
                _ => operand(&access.op, 0),
            };
            value.is_some_and(|value| value_space(value, map) == Some(AddressSpace::Generic))
        })
        .filter_map(|access| access.offset)
        .collect();
    fields.sort_unstable();
    fields.dedup();
    let mut retypable = Vec::new();
    for offset in fields {
        let overlapping: Vec<&Access> = accesses
            .iter()
            .filter(|access| {
                let start = access.offset.unwrap_or(offset);
                let end = access.bytes.map(|bytes| start + bytes);
                start < offset + 8 && end.is_none_or(|end| end > offset)
            })
            .collect();
        if overlapping
            .iter()
            .any(|access| access.offset != Some(offset))
        {
            continue;
        }
        if let Some(space) = one_space(overlapping.into_iter(), map, facts) {
            retypable.push((Some(offset), space));
        }
    }
    retypable
}

/// The one tagged space the stores among `accesses` write (null aside),
/// where each access is a rewritable 8-byte load or store of a generic
/// pointer and one at least loads; `None` otherwise.
fn one_space<'x, 'c: 'a, 'a: 'x>(
    accesses: impl Iterator<Item = &'x Access<'c, 'a>>,
    map: &AddressSpaceMap,
    facts: &SpaceFacts,
) -> Option<AddressSpace> {
    let mut space: Option<AddressSpace> = None;
    let mut loads = 0;
    for access in accesses {
        if !access.rewritable || access.bytes != Some(8) {
            return None;
        }
        match crate::analysis::index::access_name(&access.op) {
            "llvm.load" => {
                let loaded = result(&access.op, 0).map(Value::from)?;
                if value_space(loaded, map) != Some(AddressSpace::Generic) {
                    return None;
                }
                loads += 1;
            }
            _ => {
                let stored = operand(&access.op, 0)?;
                if value_space(stored, map) != Some(AddressSpace::Generic) {
                    return None;
                }
                let spaces = facts.of(stored);
                // Null stores as null either way.
                if spaces == SpaceSet::EMPTY {
                    continue;
                }
                let mut each = spaces.iter();
                let (Some(only), None) = (each.next(), each.next()) else {
                    return None;
                };
                if only.tag().is_none() || space.is_some_and(|space| space != only) {
                    return None;
                }
                space = Some(only);
            }
        }
    }
    space.filter(|_| loads > 0)
}

/// Stores the field's pointers named and loads them named, tagging the
/// loaded pointer for its generic uses. Returns how many ops changed.
fn rewrite_field<'c, 'a>(
    context: &'c Context,
    accesses: &[Access<'c, 'a>],
    (offset, space): (Option<i64>, AddressSpace),
    map: &AddressSpaceMap,
    casts: CastStyle,
    rewriter: &RewriterBase<'c, 'a>,
) -> usize {
    let named = gas_dialect::ops::pointer_type(context, map, space);
    let mut changed = 0;
    // A field: its accesses; the whole alloca (`None`): every access.
    for access in accesses
        .iter()
        .filter(|access| offset.is_none() || access.offset == offset)
    {
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
