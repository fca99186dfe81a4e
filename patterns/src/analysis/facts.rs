//! Where each generic pointer may point: a set of spaces per value, computed
//! over the whole module to a fixed point.
//!
//! Every generic value gets a node `base ∪ ⋃ sources`: `gas.tag` (or an
//! `llvm.addrspacecast`) of a named pointer is that space; null is nothing;
//! GEPs take their base's set; selects and block arguments the union of what
//! reaches them (all generic operands of the predecessors' terminators, a
//! sound superset); arguments of functions whose call sites are all visible
//! the union over the call sites; call results the union over the callee's
//! returns; a load from a private alloca whose every use is a visible load or
//! store of generic pointers the union of what was stored. Anything else is
//! unknown (all three). The lattice is finite and every node monotone, so a
//! worklist converges whatever the shape of loops, recursion and call cycles.
//!
//! The analysis only reads the IR; its answers are keyed by value identity
//! and must be used before the IR changes.

use super::block_literals::LiteralPool;

mod aggregates;
mod global_memory;
use super::cells::{self, constant_initializers};
use super::index::{access_name, block_key, key, ClosedWorld, Key, KeyMap, KeySet, ModuleIndex};
use crate::ir::{name_of, symbol_attribute};
use gas_dialect::ops::value_space;
use gas_dialect::{AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{Module, OperationRef, RegionLike, Value, ValueLike};

struct Node {
    base: SpaceSet,
    sources: Vec<Key>,
    /// The value keeps the spaces of its sources only while they stay
    /// within this set; beyond it, nothing is known (a `ptrmask` whose mask
    /// may clear the bits that tell other spaces apart).
    within: SpaceSet,
    /// The value points only into these spaces, whatever its sources say
    /// (an assume about the pointer it is computed from).
    only: SpaceSet,
}

impl Default for Node {
    fn default() -> Self {
        Self {
            base: SpaceSet::EMPTY,
            sources: Vec::new(),
            within: SpaceSet::ALL,
            only: SpaceSet::ALL,
        }
    }
}

/// The spaces each generic value may point to.
pub struct SpaceFacts {
    sets: KeyMap<SpaceSet>,
    /// The spaces any generic pointer of the module can point to
    /// ([`spaces_made_generic`]).
    made_generic: SpaceSet,
}

/// No analysis: every value may point anywhere.
impl Default for SpaceFacts {
    fn default() -> Self {
        Self {
            sets: KeyMap::default(),
            made_generic: SpaceSet::ALL,
        }
    }
}

impl SpaceFacts {
    /// The spaces `value` may point to (for values not analysed, every
    /// space the module makes generic pointers of).
    pub fn of(&self, value: Value) -> SpaceSet {
        self.sets
            .get(&key(value))
            .copied()
            .unwrap_or(SpaceSet::ALL)
            .intersection(self.made_generic)
    }

    /// Analyses `module`.
    pub fn compute(module: &Module, map: &AddressSpaceMap, closed_world: ClosedWorld) -> Self {
        Self::compute_in(
            &ModuleIndex::build(module.as_operation()),
            map,
            closed_world,
        )
    }

    /// Analyses the module `index` describes (built by the caller, who may
    /// use it for other decisions before the module changes).
    pub(crate) fn compute_in(
        index: &ModuleIndex,
        map: &AddressSpaceMap,
        closed_world: ClosedWorld,
    ) -> Self {
        let mut builder = GraphBuilder {
            map: *map,
            closed_world,
            nodes: KeyMap::default(),
            fields: Default::default(),
            next_field_key: aggregates::FIRST_FIELD_KEY,
            literals: LiteralPool::build(index, map),
            constant_initializers: constant_initializers(index, map),
        };
        builder.build(index, closed_world);
        Self {
            sets: solve(builder.nodes),
            made_generic: spaces_made_generic(index, map, closed_world),
        }
    }
}

/// The spaces from which the module's code makes generic pointers, as Intel
/// IGC's resolution bounds every generic pointer: on a tagged target (SPIR),
/// a generic pointer to local or private memory exists only where a cast
/// (`addrspacecast`, `gas.tag`) made one, integer code read such a
/// pointer's bits (`ptrtoint`: it may tag them by hand), or a function or
/// assembly gas cannot see into was handed one; global memory (and
/// constant memory, which lives in it) is always possible. Only where the world is closed (no code
/// outside the module makes generic pointers) and tags decide (flat targets
/// make no run-time decision, and their constant memory is no space gas
/// names); everything otherwise.
fn spaces_made_generic(
    index: &ModuleIndex,
    map: &AddressSpaceMap,
    closed_world: ClosedWorld,
) -> SpaceSet {
    let closed = closed_world == ClosedWorld::Always
        || (closed_world == ClosedWorld::WhenKernels && index.has_kernels);
    if !closed || !map.is_tagged() {
        return SpaceSet::ALL;
    }
    let mut spaces = SpaceSet::single(AddressSpace::Global);
    let mut add = |value: Value| {
        // (A vector of pointers counts by its lanes' space.)
        if let Some(space) =
            gas_dialect::ops::address_space(value, map).filter(|space| space.is_resolvable())
        {
            spaces = spaces.union(SpaceSet::single(space));
        }
    };
    // The bits of a named pointer (`ptrtoint`) can be made a generic pointer
    // by integer code (tagged by hand, as gas's own `lower` does), and
    // assembly may make generic pointers of the pointers it is handed.
    // Casts to generic are found by a walk of every op, not the index's
    // pointer producers: a cast of a vector of pointers produces no pointer.
    for function in index.functions.values() {
        crate::ir::each_op(function.op, &mut |op| match name_of(&op) {
            "llvm.ptrtoint" | "llvm.inline_asm" => op.operands().for_each(&mut add),
            gas_dialect::names::TAG | "llvm.addrspacecast" => {
                let makes_generic = op.results().any(|result| {
                    gas_dialect::ops::address_space(result.into(), map)
                        == Some(AddressSpace::Generic)
                });
                // (A function's address is code, not data of any space.)
                if let Some(source) = crate::ir::operand(&op, 0)
                    .filter(|source| makes_generic && !index.is_function_address(*source))
                {
                    add(source);
                }
            }
            _ => {}
        });
    }
    // A function without a body here may make generic pointers of what it
    // is handed.
    for (callee, calls) in &index.call_sites {
        if index
            .functions
            .get(callee)
            .is_some_and(|function| function.has_definitive_body())
        {
            continue;
        }
        for call in calls {
            for argument in call.operands() {
                add(argument);
            }
        }
    }
    spaces
}

struct GraphBuilder {
    map: AddressSpaceMap,
    /// The nodes of aggregates' fields ([`aggregates`]), by value and path.
    fields: rustc_hash::FxHashMap<(Key, Vec<i64>), Key>,
    next_field_key: Key,
    closed_world: ClosedWorld,
    nodes: KeyMap<Node>,
    literals: LiteralPool,
    /// The spaces of the generic pointers the initializers of the module's
    /// constant-memory variables hold: what a load from constant memory
    /// reads where the host has not written it.
    constant_initializers: SpaceSet,
}

impl GraphBuilder {
    fn is_generic(&self, value: Value) -> bool {
        value_space(value, &self.map) == Some(AddressSpace::Generic)
    }

    fn node(&mut self, value: Value) -> &mut Node {
        self.nodes.entry(key(value)).or_default()
    }

    fn unknown(&mut self, value: Value) {
        self.node(value).base = SpaceSet::ALL;
    }

    fn build<'c, 'a>(&mut self, index: &ModuleIndex<'c, 'a>, closed_world: ClosedWorld) {
        let ModuleIndex {
            functions,
            call_sites,
            incoming,
            region_owners,
            pointer_producers,
            ..
        } = index;
        // Function arguments.
        let mut entry_blocks: KeySet = KeySet::default();
        for (symbol, function) in functions {
            let Some(entry) = function
                .op
                .region(0)
                .ok()
                .and_then(|region| region.first_block())
            else {
                continue;
            };
            entry_blocks.insert(block_key(&entry));
            let is_closed = index.is_closed(symbol, closed_world);
            // A byval parameter points at the function's own copy of the
            // argument, not at what callers pass: a function's copy is on its
            // stack (private); a kernel's is where the target puts kernel
            // arguments (NVPTX's parameter space: no space gas knows).
            let by_value = crate::ir::parameters_with(&["llvm.byval"], function.op);
            let by_reference = crate::ir::parameters_with(&["llvm.byref"], function.op);
            let copy_space = if function.is_kernel {
                SpaceSet::ALL
            } else {
                SpaceSet::single(AddressSpace::Private)
            };
            for position in 0..entry.argument_count() {
                let Some(argument) = crate::ir::argument(&entry, position) else {
                    continue;
                };
                let argument: Value = argument.into();
                if !self.is_generic(argument) {
                    continue;
                }
                if by_value.contains(&position) {
                    self.node(argument).base = copy_space;
                    continue;
                }
                // What the host hands a kernel, as the target assumes it.
                let kernel_parameters = self.map.kernel_pointer_parameters;
                let host_passes = if function.is_kernel
                    && kernel_parameters != SpaceSet::ALL
                    && !by_reference.contains(&position)
                {
                    kernel_parameters
                } else if is_closed {
                    SpaceSet::EMPTY
                } else {
                    self.unknown(argument);
                    continue;
                };
                // And what direct calls pass.
                let sources: Vec<Key> = call_sites
                    .get(symbol)
                    .into_iter()
                    .flatten()
                    .map(|call| call.operand(position).map(key).unwrap_or(0))
                    .collect();
                if sources.contains(&0) {
                    // A call site with fewer operands than parameters: malformed, be safe.
                    self.unknown(argument);
                } else {
                    let node = self.node(argument);
                    node.base = host_passes;
                    node.sources = sources;
                }
            }
        }

        for symbol in index.global_variables.keys() {
            self.program_scope_cell(index, symbol, closed_world);
        }
        let fields: Vec<(Key, SpaceSet, Vec<Key>)> = self
            .literals
            .all_fields()
            .map(|field| (field.key, field.base, field.sources.clone()))
            .collect();
        for (field, base, sources) in fields {
            let node = self.nodes.entry(field).or_default();
            node.base = base;
            node.sources = sources;
        }

        // Arguments of other blocks: what the predecessors pass.
        for op in region_owners {
            for region_index in 0..op.region_count() {
                let Some(region) = crate::ir::region(op, region_index) else {
                    continue;
                };
                let mut block = region.first_block();
                while let Some(current) = block {
                    let is_function_entry = entry_blocks.contains(&block_key(&current));
                    let preds = incoming.get(&block_key(&current));
                    for at in 0..current.argument_count() {
                        let Some(argument) = crate::ir::argument(&current, at) else {
                            continue;
                        };
                        let argument: Value = argument.into();
                        if is_function_entry || !self.is_generic(argument) {
                            continue;
                        }
                        match preds {
                            // The entry of a region that is not a function
                            // body (scf and the like): its arguments come
                            // from the parent op, which is not modelled.
                            None => self.unknown(argument),
                            Some(edges) => {
                                let mut sources = Vec::new();
                                let mut base = SpaceSet::EMPTY;
                                for edge in edges {
                                    for value in edge.passed_to(at) {
                                        if !self.is_generic(value) {
                                            continue;
                                        }
                                        // An assume that has run before the
                                        // branch says where the value points.
                                        match super::assumptions::assumed_spaces(
                                            value,
                                            &edge.terminator,
                                            &self.map,
                                        ) {
                                            Some(assumed) => base = base.union(assumed),
                                            None => sources.push(key(value)),
                                        }
                                    }
                                }
                                let node = self.node(argument);
                                node.sources = sources;
                                node.base = base;
                            }
                        }
                    }
                    block = current.next_in_region();
                }
            }
        }
        // Results: only pointers are modelled.
        for op in pointer_producers {
            self.results_of(op, index);
        }
    }

    /// The node of program-scope variable `symbol` ([`cells::cell_of`]).
    fn program_scope_cell(&mut self, index: &ModuleIndex, symbol: &str, closed_world: ClosedWorld) {
        let Some(variable) = index.global_variables.get(symbol) else {
            return;
        };
        let Some(cell) = cells::cell_of(index, &self.map, symbol, closed_world) else {
            return;
        };
        let node = self.nodes.entry(cell_key(&variable.op)).or_default();
        node.base = cell.base;
        node.sources = cell.stored.into_iter().map(key).collect();
    }

    fn results_of<'c, 'a>(&mut self, op: &OperationRef<'c, 'a>, index: &ModuleIndex<'c, 'a>) {
        let ModuleIndex {
            functions, returns, ..
        } = index;
        let Some(result) = op.results().next() else {
            return;
        };
        let result: Value = result.into();
        if op.result_count() != 1 || !self.is_generic(result) {
            for other in op.results() {
                let other: Value = other.into();
                if self.is_generic(other) {
                    self.unknown(other);
                }
            }
            return;
        }
        let name = name_of(op);
        let operand = |index: usize| crate::ir::operand(op, index);
        match name {
            gas_dialect::names::TAG | "llvm.addrspacecast" => {
                let Some(source) = operand(0) else {
                    return self.unknown(result);
                };
                match value_space(source, &self.map) {
                    // Code, not data: no data space to name.
                    _ if index.is_function_address(source) => self.unknown(result),
                    Some(space) if space.is_resolvable() => {
                        self.node(result).base = SpaceSet::single(space)
                    }
                    Some(AddressSpace::Generic) => self.node(result).sources = vec![key(source)],
                    _ => self.unknown(result),
                }
            }
            "llvm.getelementptr" => match operand(0) {
                Some(base) if self.is_generic(base) => {
                    let assumed = super::assumptions::assumed_spaces(base, op, &self.map);
                    let node = self.node(result);
                    node.sources = vec![key(base)];
                    // The base is where an assume that has run says.
                    node.only = assumed.unwrap_or(SpaceSet::ALL);
                }
                _ => self.unknown(result),
            },
            "llvm.select" => match (operand(1), operand(2)) {
                (Some(a), Some(b)) => self.node(result).sources = vec![key(a), key(b)],
                _ => self.unknown(result),
            },
            "llvm.extractvalue" => match (operand(0), aggregates::position(op)) {
                (Some(aggregate), Some(path)) => {
                    let field = self.field_key(aggregate, &path, index);
                    self.node(result).sources = vec![field];
                }
                _ => self.unknown(result),
            },
            "llvm.inttoptr" => {
                match operand(0).and_then(|integer| pointer_behind_integer(integer, &self.map)) {
                    Some(Behind::Generic(pointer)) => {
                        let assumed = super::assumptions::assumed_spaces(pointer, op, &self.map);
                        let node = self.node(result);
                        node.sources = vec![key(pointer)];
                        node.only = assumed.unwrap_or(SpaceSet::ALL);
                    }
                    Some(Behind::Named(space)) => self.node(result).base = SpaceSet::single(space),
                    None => self.unknown(result),
                }
            }
            // Null points nowhere; undef and poison may be taken to point
            // wherever the other values of a select or phi do.
            "llvm.mlir.zero" | "llvm.mlir.undef" | "llvm.mlir.poison" => {
                self.node(result);
            }
            // The same object as its operand (LangRef: ptrmask keeps the
            // provenance); the space test of the address agrees only while
            // the mask keeps the bits that name the space (the tag, an
            // aperture's high half), or where the target's addresses of the
            // space stay in it whatever bits are cleared.
            "llvm.intr.ptrmask" => match (operand(0), operand(1)) {
                (Some(pointer), Some(mask)) if self.is_generic(pointer) => {
                    let within = if keeps_high_half(mask) {
                        SpaceSet::ALL
                    } else {
                        self.map.masking_keeps
                    };
                    let node = self.node(result);
                    node.sources = vec![key(pointer)];
                    node.within = within;
                }
                _ => self.unknown(result),
            },
            // A generic alloca (NVPTX numbers allocas generic) is private memory.
            "llvm.alloca" => self.node(result).base = SpaceSet::single(AddressSpace::Private),
            "llvm.call" | "func.call" => {
                let callee = symbol_attribute(op, "callee");
                let callee_returns = callee.as_deref().and_then(|symbol| {
                    let function = functions.get(symbol)?;
                    // The body in this module is the one that runs unless
                    // the linker may pick another (weak, linkonce, ...).
                    function.has_definitive_body().then(|| returns.get(symbol))
                });
                match callee_returns {
                    Some(values) => {
                        let sources = values
                            .into_iter()
                            .flatten()
                            .map(|value| key(*value))
                            .collect();
                        self.node(result).sources = sources;
                    }
                    None => self.unknown(result),
                }
            }
            gas_dialect::names::DISPATCH | "llvm.load" if access_name(op) == "llvm.load" => {
                let address = operand(0);
                let from_constant = address.is_some_and(|address| {
                    match value_space(address, &self.map) {
                        Some(AddressSpace::Constant) => true,
                        // A flat address cast from constant memory (a
                        // `__constant__` table handed to a helper).
                        Some(AddressSpace::Generic) if !self.map.is_tagged() => {
                            super::assumptions::other_named_space(address, op, &self.map)
                                == Some(self.map.constant)
                        }
                        _ => false,
                    }
                });
                if from_constant && self.map.loaded_from_constant != SpaceSet::ALL {
                    self.node(result).base = self
                        .map
                        .loaded_from_constant
                        .union(self.constant_initializers);
                } else if let Some(fields) =
                    address.and_then(|address| self.literals.fields_read_at(address))
                {
                    self.node(result).sources = fields;
                } else if let Some(variable) = address
                    .and_then(addressed_symbol)
                    .and_then(|symbol| index.global_variables.get(&symbol))
                {
                    // The variable's own node: its cell, computed once.
                    self.node(result).sources = vec![cell_key(&variable.op)];
                } else if let Some(cell) =
                    address.and_then(|address| self.global_memory_cell(address, index))
                {
                    self.node(result).sources = vec![cell];
                } else if let Some(contents) = address.and_then(|address| {
                    super::memory_contents::contents_read_at(
                        address,
                        index,
                        &self.map,
                        self.closed_world,
                    )
                }) {
                    let node = self.node(result);
                    node.base = contents.base;
                    node.sources = contents.stored.into_iter().map(key).collect();
                } else {
                    self.unknown(result);
                }
            }
            _ => self.unknown(result),
        }
    }
}

/// The node key of a program-scope variable's cell: the op's address, made
/// odd so it can never be a value's (values are aligned).
fn cell_key(variable: &OperationRef) -> Key {
    variable.to_raw().ptr as Key | 1
}

/// The symbol `address` is (a GEP of) the address of, if it is one.
fn addressed_symbol(address: Value) -> Option<String> {
    let mut current = address;
    loop {
        let op = crate::ir::defining_op(current)?;
        match name_of(&op) {
            "llvm.mlir.addressof" => return symbol_attribute(&op, "global_name"),
            // The same address in another space, or null (an explicit cast
            // that fails): a load through it reads the variable.
            "llvm.getelementptr"
            | "llvm.addrspacecast"
            | gas_dialect::names::TAG
            | gas_dialect::names::UNTAG
            | gas_dialect::names::TO_NAMED => current = crate::ir::operand(&op, 0)?,
            _ => return None,
        }
    }
}

/// The pointer an integer was made from.
enum Behind<'c, 'a> {
    /// A generic pointer.
    Generic(Value<'c, 'a>),
    /// A pointer of a named space whose bits are its generic form.
    Named(AddressSpace),
}

/// The pointer an integer was made from by `ptrtoint` (to 64 bits) and
/// constant offsets: `(T *)((uintptr_t)p + 4)` points where `p` does, since
/// the tag in the top bits survives an offset that stays inside the object
/// (one that did not would leave it). A named pointer counts where the
/// target's cast to generic keeps the bits (`inttoptr(ptrtoint p)` is then
/// that cast). Any other integer, one mixed with a non-constant in
/// particular, is unknown.
fn pointer_behind_integer<'c: 'a, 'a>(
    integer: Value<'c, 'a>,
    map: &AddressSpaceMap,
) -> Option<Behind<'c, 'a>> {
    let mut current = integer;
    loop {
        let op = crate::ir::defining_op(current)?;
        let operand = |index| crate::ir::operand(&op, index);
        match name_of(&op) {
            "llvm.ptrtoint" => {
                let pointer = operand(0)?;
                if current.r#type().to_string() != "i64" {
                    return None;
                }
                return match value_space(pointer, map)? {
                    AddressSpace::Generic => Some(Behind::Generic(pointer)),
                    space if map.bit_preserving_casts.contains(space) => Some(Behind::Named(space)),
                    _ => None,
                };
            }
            "llvm.add" => {
                let (left, right) = (operand(0)?, operand(1)?);
                current = if is_constant(right) {
                    left
                } else if is_constant(left) {
                    right
                } else {
                    return None;
                };
            }
            "llvm.sub" if is_constant(operand(1)?) => current = operand(0)?,
            _ => return None,
        }
    }
}

/// Whether `mask` is a 64-bit constant whose bits 32..63 are all ones.
fn keeps_high_half(mask: Value) -> bool {
    let high_half_ones = |value: i64| (value as u64) >> 32 == 0xFFFF_FFFF;
    if mask.r#type().to_string() != "i64" {
        return false;
    }
    if let Some(value) = crate::ir::integer_constant(mask) {
        return high_half_ones(value);
    }
    // A mask loaded with `!range` (carried as `gas.range = array<i64: umin,
    // umax>` by the LLVM IR boundary): every value lies between the bounds.
    crate::ir::defining_op(mask)
        .filter(|op| name_of(op) == "llvm.load")
        .and_then(|op| op.attribute(gas_dialect::names::LOAD_RANGE_ATTR).ok())
        .and_then(|range| melior::ir::attribute::DenseI64ArrayAttribute::try_from(range).ok())
        .is_some_and(|range| {
            range.len() == 2
                && range.element(0).is_ok_and(high_half_ones)
                && range.element(1).is_ok_and(high_half_ones)
        })
}

/// Whether `value` is an `llvm.mlir.constant`.
fn is_constant(value: Value) -> bool {
    crate::ir::defining_op(value).is_some_and(|op| name_of(&op) == "llvm.mlir.constant")
}

/// The least fixed point of `nodes`.
fn solve(nodes: KeyMap<Node>) -> KeyMap<SpaceSet> {
    // The nodes numbered densely: the worklist then runs over vectors
    // instead of hashing a value's key at every step.
    let keys: Vec<Key> = nodes.keys().copied().collect();
    let numbers: KeyMap<usize> = keys
        .iter()
        .enumerate()
        .map(|(number, key)| (*key, number))
        .collect();
    let graph: Vec<&Node> = keys.iter().map(|key| &nodes[key]).collect();
    // Sources and dependents as flat arrays with per-node offsets (a million
    // nodes is two million small vectors otherwise, their allocation and
    // freeing a good part of the analysis). A source that is not a node is a
    // value the graph does not know: UNKNOWN.
    const UNKNOWN: usize = usize::MAX;
    let mut source_start: Vec<usize> = Vec::with_capacity(keys.len() + 1);
    let mut sources: Vec<usize> = Vec::new();
    for node in &graph {
        source_start.push(sources.len());
        sources.extend(
            node.sources
                .iter()
                .map(|source| numbers.get(source).copied().unwrap_or(UNKNOWN)),
        );
    }
    source_start.push(sources.len());
    let sources_of = |node: usize| &sources[source_start[node]..source_start[node + 1]];
    let mut dependent_start: Vec<usize> = vec![0; keys.len() + 1];
    for &source in &sources {
        if source != UNKNOWN {
            dependent_start[source + 1] += 1;
        }
    }
    for node in 0..keys.len() {
        dependent_start[node + 1] += dependent_start[node];
    }
    let mut filled = dependent_start.clone();
    let mut dependents: Vec<usize> = vec![0; sources.len()];
    for node in 0..keys.len() {
        for &source in sources_of(node) {
            if source != UNKNOWN {
                dependents[filled[source]] = node;
                filled[source] += 1;
            }
        }
    }
    let dependents_of = |node: usize| &dependents[dependent_start[node]..dependent_start[node + 1]];
    let mut sets: Vec<SpaceSet> = graph.iter().map(|node| node.base).collect();
    // Each node is recomputed from its sources; the functions are monotone
    // and start from their base, so any order reaches the least fixed point.
    let mut worklist: Vec<usize> = (0..keys.len()).collect();
    let mut queued: Vec<bool> = vec![true; keys.len()];
    while let Some(current) = worklist.pop() {
        queued[current] = false;
        let node = graph[current];
        let mut set = sources_of(current).iter().fold(node.base, |set, &source| {
            set.union(if source == UNKNOWN {
                SpaceSet::ALL
            } else {
                sets[source]
            })
        });
        if set.iter().any(|space| !node.within.contains(space)) {
            set = SpaceSet::ALL;
        }
        set = set
            .iter()
            .filter(|space| node.only.contains(*space))
            .collect();
        if set != sets[current] {
            sets[current] = set;
            for &dependent in dependents_of(current) {
                if !queued[dependent] {
                    queued[dependent] = true;
                    worklist.push(dependent);
                }
            }
        }
    }
    keys.into_iter().zip(sets).collect()
}
