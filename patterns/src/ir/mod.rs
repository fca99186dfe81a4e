//! Small IR walks and queries shared by the pattern sets.

pub mod adapter;
pub mod casts;
pub(crate) mod clones;
pub mod decision;
pub mod emit;
pub mod print;
pub mod work_group;

use gas_dialect::names;
use melior::ir::attribute::AttributeLike;
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::operation::OperationResult;
use melior::ir::{OperationRef, RegionLike, Value};

// melior's positional accessors (`operand`, `result`, `region`,
// `successor`, `argument`) build their out-of-range error from the printed
// op or block, and printing an op prints and verifies the whole module from
// its top-level ancestor: slow on large modules, and a data race while
// `lower` rewrites other functions in parallel. These check the count
// first; use them wherever the position may be out of range.

/// Operand `index` of `op`, if it has one.
pub fn operand<'c: 'a, 'a>(op: &OperationRef<'c, 'a>, index: usize) -> Option<Value<'c, 'a>> {
    (index < op.operand_count())
        .then(|| op.operand(index).ok())
        .flatten()
}

/// Result `index` of `op`, if it has one.
pub fn result<'c: 'a, 'a>(
    op: &OperationRef<'c, 'a>,
    index: usize,
) -> Option<OperationResult<'c, 'a>> {
    (index < op.result_count())
        .then(|| op.result(index).ok())
        .flatten()
}

/// Region `index` of `op`, if it has one.
pub fn region<'c: 'a, 'a>(
    op: &OperationRef<'c, 'a>,
    index: usize,
) -> Option<melior::ir::RegionRef<'c, 'a>> {
    (index < op.region_count())
        .then(|| op.region(index).ok())
        .flatten()
}

/// Successor `index` of `op`, if it has one.
pub fn successor<'c: 'a, 'a>(
    op: &OperationRef<'c, 'a>,
    index: usize,
) -> Option<melior::ir::BlockRef<'c, 'a>> {
    (index < op.successor_count())
        .then(|| op.successor(index).ok())
        .flatten()
}

/// The positions of `function`'s parameters that carry any of the
/// `attributes` (`llvm.byval`, `llvm.sret`) in its `arg_attrs`.
pub fn parameters_with(attributes: &[&str], function: OperationRef) -> Vec<usize> {
    let Ok(dictionaries) = function.attribute("arg_attrs") else {
        return Vec::new();
    };
    let Ok(array) = melior::ir::attribute::ArrayAttribute::try_from(dictionaries) else {
        return Vec::new();
    };
    (0..array.len())
        .filter(|position| {
            array.element(*position).is_ok_and(|dictionary| {
                let text = dictionary.to_string();
                attributes.iter().any(|name| text.contains(name))
            })
        })
        .collect()
}

/// Argument `index` of `block`, if it has one.
pub fn argument<'c: 'a, 'a>(
    block: &melior::ir::BlockRef<'c, 'a>,
    index: usize,
) -> Option<melior::ir::block::BlockArgument<'c, 'a>> {
    (index < block.argument_count())
        .then(|| block.argument(index).ok())
        .flatten()
}

/// The op that defines `value`, or `None` for a block argument.
pub fn defining_op<'c, 'a>(value: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    OperationResult::try_from(value)
        .ok()
        .map(|result| result.owner())
}

/// The op's name (empty if it is not UTF-8).
pub fn name_of<'c>(op: &OperationRef<'c, '_>) -> &'c str {
    // SAFETY: an operation's name is an identifier uniqued in its context
    // (`'c`), which keeps the string for as long as it lives; melior's
    // `Identifier` borrows it only for its own lifetime, so every call
    // would copy it. `data`/`length` describe those bytes.
    let bytes = unsafe {
        let name = mlir_sys::mlirIdentifierStr(mlir_sys::mlirOperationGetName(op.to_raw()));
        std::slice::from_raw_parts(name.data.cast::<u8>(), name.length)
    };
    std::str::from_utf8(bytes).unwrap_or_default()
}

/// Pre-order over `op` and everything nested in it.
pub fn each_op<'c, 'a>(op: OperationRef<'c, 'a>, visit: &mut impl FnMut(OperationRef<'c, 'a>)) {
    visit(op);
    for index in 0..op.region_count() {
        let Some(region) = region(&op, index) else {
            continue;
        };
        let mut block = region.first_block();
        while let Some(current) = block {
            let mut inner = current.first_operation();
            while let Some(nested) = inner {
                each_op(nested, visit);
                inner = nested.next_in_block();
            }
            block = current.next_in_region();
        }
    }
}

/// The `gas.tag` that defines `value`, if one does.
pub fn defining_tag<'c, 'a>(value: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    defining_op(value).filter(|op| name_of(op) == gas_dialect::names::TAG)
}

/// The function (`llvm.func` or `func.func`) `op` is nested in.
pub fn enclosing_function<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut current = op.parent_operation();
    while let Some(parent) = current {
        if is_function(parent.name().as_string_ref().as_str().unwrap_or_default()) {
            return Some(parent);
        }
        current = parent.parent_operation();
    }
    None
}

/// A symbol-valued attribute (`@f` or `"f"`) as a string.
pub fn symbol_attribute(op: &OperationRef, name: &str) -> Option<String> {
    let attribute = op.attribute(name).ok()?;
    gas_dialect::ops::string_value(attribute).map(str::to_string)
}

/// Attributes' printed forms, each printed once. Attributes are uniqued
/// in their context, so within one walk of one module the raw pointer names
/// the attribute; printing one (a linkage, a calling convention, a function
/// type) costs far more than looking it up.
#[derive(Default)]
pub struct AttributeTexts(rustc_hash::FxHashMap<usize, String>);

impl AttributeTexts {
    /// The printed form of `op`'s attribute `name` (empty when it has none).
    pub fn of(&mut self, op: &OperationRef, name: &str) -> &str {
        let Ok(attribute) = op.attribute(name) else {
            return "";
        };
        self.0
            .entry(attribute.to_raw().ptr as usize)
            .or_insert_with(|| attribute.to_string())
    }
}

/// The first file, line and column inside `location`, through names,
/// call sites (the callee: where the code is) and fusions (debug info).
pub fn position(location: melior::ir::Location) -> Option<(String, usize, usize)> {
    if location.is_file_line_col_range() {
        let file = location.file_line_col_range_filename();
        return Some((
            file.as_string_ref().as_str().unwrap_or("").to_string(),
            location.file_line_col_range_start_line(),
            location.file_line_col_range_start_column(),
        ));
    }
    if location.is_name() {
        return position(location.name_child_location());
    }
    if location.is_call_site() {
        return position(location.call_site_callee());
    }
    if location.is_fused() {
        return (0..location.fused_num_locations()).find_map(|index| {
            position(location.fused_location(index)).filter(|(_, line, _)| *line != 0)
        });
    }
    None
}

/// `location` without debug-info scopes: a fusion (which carries the
/// `DISubprogram`/lexical block of debug info) becomes its first part with a
/// source position; names and call sites are kept around their stripped parts.
/// A function's code moved under another symbol (a clone) must not claim the
/// original's `DISubprogram`, which LLVM allows on one function only.
pub fn without_debug_scopes<'c>(
    context: &'c melior::Context,
    location: melior::ir::Location<'c>,
) -> melior::ir::Location<'c> {
    use melior::ir::Location;
    if location.is_name() {
        let name = location.name_value();
        let child = without_debug_scopes(context, location.name_child_location());
        return Location::name(
            context,
            name.as_string_ref().as_str().unwrap_or_default(),
            child,
        );
    }
    if location.is_call_site() {
        return Location::call_site(
            without_debug_scopes(context, location.call_site_callee()),
            without_debug_scopes(context, location.call_site_caller()),
        );
    }
    if location.is_fused() {
        return (0..location.fused_num_locations())
            .map(|index| without_debug_scopes(context, location.fused_location(index)))
            .find(|part| position(*part).is_some_and(|(_, line, _)| line != 0))
            .unwrap_or_else(|| Location::unknown(context));
    }
    location
}

/// Whether `name` is a debug intrinsic that describes a value
/// (`llvm.intr.dbg.value`, `llvm.intr.dbg.declare`). LLVM does not count a
/// debug record as a use of its value; MLIR does. Where a set decides by a
/// value's uses whether to keep or erase it, it asks [`has_code_uses`], so
/// that debug info does not change the code (`tests/debug/run.sh` checks it;
/// its known-differences list names the places that still differ).
pub fn is_debug_intrinsic(name: &str) -> bool {
    matches!(name, "llvm.intr.dbg.value" | "llvm.intr.dbg.declare")
}

/// Whether `value` has a use other than a debug intrinsic.
pub fn has_code_uses(value: Value) -> bool {
    adapter::uses_of(value)
        .iter()
        .any(|(user, _)| !is_debug_intrinsic(name_of(user)))
}

/// Before `value` goes: each debug intrinsic describing it describes
/// `replacement` instead (the same pointer in another space, say), or, with
/// none, `poison` (the variable's location ends there, as LLVM's passes do
/// when they cannot salvage a value).
pub fn rebind_debug_uses<'c>(
    context: &'c melior::Context,
    rewriter: &melior::RewriterBase<'c, '_>,
    value: Value<'c, '_>,
    replacement: Option<Value<'c, '_>>,
) {
    use melior::ir::ValueLike;
    for (user, index) in adapter::uses_of(value) {
        if !is_debug_intrinsic(name_of(&user)) {
            continue;
        }
        let described = match replacement {
            Some(replacement) => Some(replacement),
            None => {
                rewriter.set_insertion_point_before(user);
                let emitter = emit::Emitter {
                    context,
                    rewriter,
                    location: user.location(),
                };
                emitter.poison(value.r#type()).ok()
            }
        };
        match described {
            Some(described) => adapter::set_operand(user, index, described),
            None => rewriter.erase_op(user),
        }
    }
}

/// LLVM ops that compute a value and nothing else (no memory, no trap, no
/// control): MLIR's canonicalizer deletes them once unused.
const PURE_LLVM_OPS: &[&str] = &[
    "llvm.addrspacecast",
    "llvm.bitcast",
    "llvm.ptrtoint",
    "llvm.inttoptr",
    "llvm.getelementptr",
    "llvm.add",
    "llvm.sub",
    "llvm.mul",
    "llvm.and",
    "llvm.or",
    "llvm.xor",
    "llvm.shl",
    "llvm.lshr",
    "llvm.ashr",
    "llvm.icmp",
    "llvm.select",
    "llvm.zext",
    "llvm.sext",
    "llvm.trunc",
    "llvm.mlir.constant",
    "llvm.mlir.zero",
    "llvm.mlir.addressof",
];

/// Erases the pure LLVM ops in `function` that only debug intrinsics use
/// (users before definitions, so chains go at once), as LLVM's own dead-code
/// removal would: there a debug record is no use. A cast's records then
/// describe its operand (the same address), others' `poison`. Without it,
/// a value MLIR's canonicalizer deletes in a build without debug info would
/// stay in the `-g` build of the same code.
pub fn erase_debug_only_values<'c>(context: &'c melior::Context, function: OperationRef<'c, '_>) {
    let owner = melior::IrRewriter::new(context);
    let rewriter = owner.as_rewriter_base();
    let mut candidates = Vec::new();
    each_op(function, &mut |op| {
        if PURE_LLVM_OPS.contains(&name_of(&op)) && op.result_count() == 1 {
            candidates.push(op);
        }
    });
    for op in candidates.into_iter().rev() {
        let Some(value) = result(&op, 0) else {
            continue;
        };
        if !adapter::has_uses(value.into()) || has_code_uses(value.into()) {
            continue;
        }
        let keeps_address = matches!(name_of(&op), "llvm.addrspacecast" | "llvm.bitcast");
        let operand = keeps_address.then(|| operand(&op, 0)).flatten();
        rebind_debug_uses(context, &rewriter, value.into(), operand);
        rewriter.erase_op(op);
    }
}

/// Whether `name` is a function op.
pub fn is_function(name: &str) -> bool {
    name == "llvm.func" || name == "func.func"
}
/// Whether `name` is a direct or indirect call op.
pub fn is_call(name: &str) -> bool {
    name == "llvm.call" || name == "func.call"
}
/// Whether `name` is a function return.
pub fn is_return(name: &str) -> bool {
    name == "llvm.return" || name == "func.return"
}

/// The top-level op (the module) `op` is nested in.
fn top_level<'c, 'a>(op: &OperationRef<'c, 'a>) -> OperationRef<'c, 'a> {
    let mut current = *op;
    while let Some(parent) = current.parent_operation() {
        current = parent;
    }
    current
}

/// Whether `op` sits in a function body (not in a global's initializer
/// region or at module level).
pub fn is_in_function(op: &OperationRef) -> bool {
    enclosing_function(op).is_some()
}

/// What an address-of op takes the address of.
pub enum Addressed {
    /// A function (`func.constant`).
    Function,
    /// The symbol `llvm.mlir.addressof` names: a function or a variable.
    Symbol(String),
}

/// What `value` is the address of, if an address-of op makes it.
pub fn addressed(value: Value) -> Option<Addressed> {
    let result = OperationResult::try_from(value).ok()?;
    let op = result.owner();
    match name_of(&op) {
        "llvm.mlir.addressof" => symbol_attribute(&op, "global_name").map(Addressed::Symbol),
        "func.constant" => Some(Addressed::Function),
        _ => None,
    }
}

/// Whether `value` is the address of a function (`llvm.mlir.addressof` or
/// `func.constant` of a function symbol): code, not data, so it carries no
/// address-space tag and points into no data space. Looks the symbol up
/// among the module's top-level ops; with a module index at hand,
/// `ModuleIndex::is_function_address` answers without the walk.
pub fn is_function_address(value: Value) -> bool {
    let symbol = match addressed(value) {
        Some(Addressed::Function) => return true,
        Some(Addressed::Symbol(symbol)) => symbol,
        None => return false,
    };
    let Ok(result) = OperationResult::try_from(value) else {
        return false;
    };
    let module = top_level(&result.owner());
    let Some(body) = module
        .region(0)
        .ok()
        .and_then(|region| region.first_block())
    else {
        return false;
    };
    let mut current = body.first_operation();
    while let Some(candidate) = current {
        if symbol_attribute(&candidate, "sym_name").as_deref() == Some(symbol.as_str()) {
            return is_function(name_of(&candidate));
        }
        current = candidate.next_in_block();
    }
    false
}

/// The bytes a value of `value`'s type takes in memory, for pointers (64-bit
/// targets) and the integer and float scalars; `None` for anything else
/// (vectors, aggregates).
pub fn scalar_bytes(value: Value) -> Option<i64> {
    use melior::ir::ValueLike;
    let text = value.r#type().to_string();
    if text.starts_with("!llvm.ptr") {
        return Some(8);
    }
    let bits: i64 = match text.as_str() {
        "f16" | "bf16" => 16,
        "f32" => 32,
        "f64" => 64,
        "f128" => 128,
        _ => text.strip_prefix('i')?.parse().ok()?,
    };
    Some((bits + 7) / 8)
}

/// The integer `value` is a constant of (`llvm.mlir.constant`,
/// `arith.constant`), if it is one.
pub fn integer_constant(value: melior::ir::Value) -> Option<i64> {
    let op = defining_op(value)?;
    if !matches!(name_of(&op), "llvm.mlir.constant" | "arith.constant") {
        return None;
    }
    melior::ir::attribute::IntegerAttribute::try_from(op.attribute("value").ok()?)
        .ok()
        .map(|value| value.value())
}

/// Kernel-wide decisions recorded on the function around an op.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct FunctionFlags {
    /// The function carries [`names::PRIVATE_IN_GLOBAL_ATTR`]: its private
    /// memory is in the global buffer.
    pub private_in_global: bool,
    /// The function carries [`names::TAGS_PRESERVED_ATTR`]: private pointers
    /// keep their tag all the same.
    pub tags_preserved: bool,
}

impl FunctionFlags {
    /// The flags of the function `op` is nested in (none outside functions).
    pub fn of(op: &OperationRef) -> Self {
        enclosing_function(op).map_or_else(Self::default, Self::of_function)
    }

    /// The flags `function` itself carries.
    pub fn of_function(function: OperationRef) -> Self {
        Self {
            private_in_global: function.attribute(names::PRIVATE_IN_GLOBAL_ATTR).is_ok(),
            tags_preserved: function.attribute(names::TAGS_PRESERVED_ATTR).is_ok(),
        }
    }

    /// Whether a private pointer made generic carries no tag.
    pub fn untagged_private(self) -> bool {
        self.private_in_global && !self.tags_preserved
    }
}

/// Sets the unit attribute `attribute` on `function` (or any op).
pub fn mark(context: &melior::Context, function: OperationRef, attribute: &str) {
    let unit = melior::ir::attribute::Attribute::unit(context);
    adapter::set_attribute(function, attribute, unit);
}

/// The access an op performs, as a remark or warning names it.
pub(crate) fn access_subject(access: &str) -> String {
    match access {
        "llvm.load" => "load".to_string(),
        "llvm.store" => "store".to_string(),
        other => format!("'{other}'"),
    }
}

/// Sets `function`'s type to take what its entry block's arguments are
/// (after some were retyped), with the results it had.
pub(crate) fn match_parameter_types<'c>(
    context: &'c melior::Context,
    function: OperationRef<'c, '_>,
) -> Option<()> {
    let entry = crate::ir::region(&function, 0)?.first_block()?;
    let parameters: Vec<melior::ir::Type> = (0..entry.argument_count())
        .map(|position| {
            entry
                .argument(position)
                .map(|argument| melior::ir::ValueLike::r#type(&argument))
        })
        .collect::<Result<_, _>>()
        .ok()?;
    let old_type =
        melior::ir::attribute::TypeAttribute::try_from(function.attribute("function_type").ok()?)
            .ok()?
            .value();
    let new_type: melior::ir::Type = match adapter::llvm_function_result(old_type) {
        Some(result) => melior::dialect::llvm::r#type::function(result, &parameters, false),
        None => {
            let old = melior::ir::r#type::FunctionType::try_from(old_type).ok()?;
            let results: Vec<melior::ir::Type> = (0..old.result_count())
                .map(|at| old.result(at))
                .collect::<Result<_, _>>()
                .ok()?;
            melior::ir::r#type::FunctionType::new(context, &parameters, &results).into()
        }
    };
    adapter::set_attribute(
        function,
        "function_type",
        melior::ir::attribute::TypeAttribute::new(new_type).into(),
    );
    Some(())
}
