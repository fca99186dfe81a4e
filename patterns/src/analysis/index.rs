//! The module as the analyses read it: its functions (with their
//! parameters, calls and returns), program-scope variables, who calls whom
//! and whose address is taken, keyed so that facts computed from it can be
//! looked up by value. Built once per round; it holds references into the
//! IR, so it must be rebuilt after the IR changes (an erased op's reference
//! dangles).

use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{BlockRef, OperationRef, RegionLike, Value, ValueLike};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::ir::{
    each_op, is_call, is_function, is_return, name_of, symbol_attribute, AttributeTexts,
};

/// The marker in a clone's name.
pub const CLONE_MARKER: &str = ".gas.";

/// Whether the module is a closed OpenCL program (only kernels are entry
/// points, so every non-kernel function's call sites are in the module).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ClosedWorld {
    /// Closed when the module has SPIR kernels (the default).
    #[default]
    WhenKernels,
    /// Always closed: a non-kernel function is called only from the module
    /// (`--closed-world always`).
    Always,
    /// Never closed: only internal functions and variables count as seen
    /// whole (`--closed-world never`).
    Never,
}

/// What one branch passes to a block: the operands it forwards to the
/// block's arguments, in order, where the terminator's operand segments say
/// which they are (`br`, `cond_br`, `switch`); otherwise every operand of
/// the terminator, for each argument (a superset).
#[derive(Clone)]
pub(crate) struct Edge<'c, 'a> {
    operands: Vec<Value<'c, 'a>>,
    aligned: bool,
    /// The branch itself.
    pub(crate) terminator: OperationRef<'c, 'a>,
}

impl<'c, 'a> Edge<'c, 'a> {
    /// The edge from `terminator` to its successor `position`, `block`.
    fn of(terminator: &OperationRef<'c, 'a>, position: usize, block: &BlockRef<'c, 'a>) -> Self {
        match forwarded_operands(terminator, position) {
            Some(operands) if operands.len() == block.argument_count() => Self {
                operands,
                aligned: true,
                terminator: *terminator,
            },
            _ => Self {
                operands: terminator.operands().collect(),
                aligned: false,
                terminator: *terminator,
            },
        }
    }

    /// What argument `position` of the block may receive on this edge.
    pub(crate) fn passed_to(&self, position: usize) -> Vec<Value<'c, 'a>> {
        if self.aligned {
            self.operands.get(position).copied().into_iter().collect()
        } else {
            self.operands.clone()
        }
    }
}

/// The operands `terminator` forwards to its successor `position`, for the
/// branches of the LLVM and `cf` dialects (their operand segments).
fn forwarded_operands<'c, 'a>(
    terminator: &OperationRef<'c, 'a>,
    position: usize,
) -> Option<Vec<Value<'c, 'a>>> {
    let range = forwarded_range(terminator, position)?;
    let operands: Vec<Value> = terminator.operands().collect();
    operands.get(range).map(<[Value]>::to_vec)
}

/// The indices of the operands `terminator` forwards to its successor
/// `position` (see [`forwarded_operands`]).
pub(crate) fn forwarded_range(
    terminator: &OperationRef,
    position: usize,
) -> Option<std::ops::Range<usize>> {
    use melior::ir::attribute::DenseI32ArrayAttribute;
    let segments = |name: &str| -> Option<Vec<usize>> {
        let attribute = DenseI32ArrayAttribute::try_from(terminator.attribute(name).ok()?).ok()?;
        (0..attribute.len())
            .map(|at| {
                attribute
                    .element(at)
                    .ok()
                    .and_then(|size| usize::try_from(size).ok())
            })
            .collect()
    };
    let count = terminator.operand_count();
    let range = match terminator.name().as_string_ref().as_str().ok()? {
        "llvm.br" | "cf.br" => (position == 0).then_some(0..count)?,
        "llvm.cond_br" | "cf.cond_br" => {
            // [condition, true operands, false operands]
            let sizes = segments("operandSegmentSizes")?;
            let (condition, on_true, on_false) = (*sizes.first()?, *sizes.get(1)?, *sizes.get(2)?);
            match position {
                0 => condition..condition + on_true,
                1 => condition + on_true..condition + on_true + on_false,
                _ => return None,
            }
        }
        "llvm.switch" | "cf.switch" => {
            // [value, default operands, case operands (split per case)]
            let sizes = segments("operandSegmentSizes")?;
            let (value, default) = (*sizes.first()?, *sizes.get(1)?);
            if position == 0 {
                value..value + default
            } else {
                let cases = segments("case_operand_segments")?;
                let start = value + default + cases.get(..position - 1)?.iter().sum::<usize>();
                start..start + *cases.get(position - 1)?
            }
        }
        _ => return None,
    };
    (range.end <= count).then_some(range)
}

pub(crate) type Key = usize;

/// Maps and sets keyed by IR pointers (FxHash: fast on integers).
pub(crate) type KeyMap<V> = rustc_hash::FxHashMap<Key, V>;
pub(crate) type KeySet = rustc_hash::FxHashSet<Key>;

pub(crate) fn key(value: Value) -> Key {
    value.to_raw().ptr as Key
}

pub(crate) fn block_key(block: &BlockRef) -> Key {
    block.to_raw().ptr as Key
}

/// A function of the module, as the analysis and the cloning see it.
pub(crate) struct Function<'c, 'a> {
    pub op: OperationRef<'c, 'a>,
    pub is_kernel: bool,
    pub is_internal: bool,
    /// The linker may choose another body (weak, linkonce, ...).
    pub is_replaceable: bool,
    /// Any body the linker may choose instead is equivalent to this one
    /// (`linkonce_odr`, `weak_odr`, `available_externally`: C++ templates
    /// and inline functions, CUDA's among them).
    pub is_equivalent_everywhere: bool,
    pub has_body: bool,
    /// Its operations, itself included (set by [`ModuleIndex::build`]).
    size: usize,
    /// Takes variable arguments (or its type cannot be read).
    pub is_variadic: bool,
}

impl<'c, 'a> Function<'c, 'a> {
    /// The function `op` (an `llvm.func` or `func.func`).
    pub(crate) fn describe(op: OperationRef<'c, 'a>, texts: &mut AttributeTexts) -> Self {
        let linkage = texts.of(&op, "linkage").to_string();
        let visibility = texts.of(&op, "sym_visibility");
        let is_internal = linkage.contains("internal")
            || linkage.contains("private")
            || visibility.contains("private");
        Self {
            op,
            is_kernel: is_kernel(&op, texts.of(&op, "CConv")),
            is_internal,
            is_replaceable: ["weak", "linkonce", "common", "available_externally"]
                .iter()
                .any(|kind| linkage.contains(kind)),
            is_equivalent_everywhere: linkage.contains("_odr")
                || linkage.contains("available_externally"),
            has_body: op
                .region(0)
                .ok()
                .and_then(|region| region.first_block())
                .is_some(),
            is_variadic: op.attribute("function_type").is_err()
                || texts.of(&op, "function_type").contains("..."),
            size: 0,
        }
    }

    /// The number of operations in it, itself included.
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// Whether its body here says what every call of it does: it has one,
    /// and the linker cannot pick a different one.
    pub(crate) fn has_definitive_body(&self) -> bool {
        self.has_body && (!self.is_replaceable || self.is_equivalent_everywhere)
    }

    /// Whether every call of it is a direct call in the module: it has a
    /// body, is not an entry point, its address is not taken, and it is
    /// internal or the world is closed.
    pub(crate) fn is_closed(
        &self,
        address_taken: bool,
        has_kernels: bool,
        closed_world: ClosedWorld,
    ) -> bool {
        self.has_body
            && !self.is_kernel
            && !address_taken
            && (self.is_internal
                || closed_world == ClosedWorld::Always
                || (closed_world == ClosedWorld::WhenKernels && has_kernels))
    }
}

/// One walk's worth of facts about the module's structure.
pub(crate) struct ModuleIndex<'c, 'a> {
    pub functions: HashMap<String, Function<'c, 'a>>,
    /// Direct calls by callee.
    pub call_sites: HashMap<String, Vec<OperationRef<'c, 'a>>>,
    /// The symbols each function names as a `callee` (calls and invokes).
    pub callees: HashMap<String, Vec<String>>,
    pub(crate) returns: HashMap<String, Vec<Value<'c, 'a>>>,
    /// The return ops of each function.
    pub return_ops: HashMap<String, Vec<OperationRef<'c, 'a>>>,
    pub address_taken: HashSet<String>,
    /// The `func.constant` ops naming each symbol (the other way, besides
    /// `addresses_of`, to take a function's address).
    constant_refs: HashMap<String, Vec<OperationRef<'c, 'a>>>,
    pub(crate) incoming: KeyMap<Vec<Edge<'c, 'a>>>,
    /// The module's operations, the module included.
    op_count: usize,
    /// The ops with regions (the module first), in walk order: where block
    /// arguments are.
    pub(crate) region_owners: Vec<OperationRef<'c, 'a>>,
    /// The ops with a result of pointer type, in walk order: the only ones
    /// whose results the analysis models.
    pub(crate) pointer_producers: Vec<OperationRef<'c, 'a>>,
    /// The dispatches, untags and explicit casts (`gas.to_named`), in walk
    /// order: what narrowing decides on.
    pub(crate) resolvable: Vec<OperationRef<'c, 'a>>,
    /// Program-scope variables (`llvm.mlir.global`) by symbol.
    pub global_variables: HashMap<String, GlobalVariable<'c, 'a>>,
    /// `llvm.mlir.addressof` results by symbol (in functions and initializers).
    pub(crate) addresses_of: HashMap<String, Vec<Value<'c, 'a>>>,
    pub has_kernels: bool,
}

/// A program-scope variable, as the analysis sees it.
pub(crate) struct GlobalVariable<'c, 'a> {
    pub op: OperationRef<'c, 'a>,
    /// Its initializer is the one in this module and only this module's
    /// code can write it (internal, or a closed world).
    pub is_internal: bool,
    pub is_replaceable: bool,
    /// Any definition the linker may choose instead has the same
    /// initializer (`linkonce_odr`, `weak_odr`: C++ inline variables and
    /// CUDA's function-scope `__shared__` variables of templates).
    pub is_equivalent_everywhere: bool,
}

impl<'c, 'a> ModuleIndex<'c, 'a> {
    /// Whether `value` is the address of one of the module's functions
    /// ([`crate::ir::is_function_address`], looked up in the index instead
    /// of a walk of the module's top-level ops per query).
    pub fn is_function_address(&self, value: Value) -> bool {
        match crate::ir::addressed(value) {
            Some(crate::ir::Addressed::Function) => true,
            Some(crate::ir::Addressed::Symbol(symbol)) => self.functions.contains_key(&symbol),
            None => false,
        }
    }

    /// Whether every call of `symbol` is a direct call in this module.
    pub fn is_closed(&self, symbol: &str, closed_world: ClosedWorld) -> bool {
        self.functions.get(symbol).is_some_and(|function| {
            function.is_closed(
                self.address_taken.contains(symbol),
                self.has_kernels,
                closed_world,
            )
        })
    }

    pub fn build(module: OperationRef<'c, 'a>) -> Self {
        // Sized for one entry per top-level op up front: growing the maps
        // while walking rehashes them again and again.
        let top_level_ops = crate::ir::region(&module, 0)
            .and_then(|region| region.first_block())
            .map_or(0, |body| {
                std::iter::successors(body.first_operation(), |op| op.next_in_block()).count()
            });
        let mut functions: HashMap<String, Function<'c, 'a>> = with_capacity(top_level_ops);
        let mut call_sites: HashMap<String, Vec<OperationRef<'c, 'a>>> =
            with_capacity(top_level_ops);
        let mut callees: HashMap<String, Vec<String>> = with_capacity(top_level_ops);
        let mut returns: HashMap<String, Vec<Value<'c, 'a>>> = with_capacity(top_level_ops);
        let mut return_ops: HashMap<String, Vec<OperationRef<'c, 'a>>> =
            with_capacity(top_level_ops);
        let mut address_taken: HashSet<String> = HashSet::default();
        let mut constant_refs: HashMap<String, Vec<OperationRef<'c, 'a>>> = HashMap::default();
        let mut incoming: KeyMap<Vec<Edge<'c, 'a>>> = KeyMap::default();
        let mut region_owners: Vec<OperationRef<'c, 'a>> = Vec::new();
        let mut pointer_producers: Vec<OperationRef<'c, 'a>> = Vec::new();
        let mut resolvable: Vec<OperationRef<'c, 'a>> = Vec::new();
        let mut global_variables: HashMap<String, GlobalVariable<'c, 'a>> = HashMap::default();
        let mut addresses_of: HashMap<String, Vec<Value<'c, 'a>>> = HashMap::default();
        let mut current_function: Option<String> = None;
        let mut texts = AttributeTexts::default();
        // Ops visited so far: each top-level op's size is the difference.
        let visited = std::cell::Cell::new(0_usize);
        let mut visit = |op: OperationRef<'c, 'a>| {
            visited.set(visited.get() + 1);
            let identifier = op.name();
            let name = identifier.as_string_ref().as_str().unwrap_or_default();
            // Read while the op is at hand, so that the analysis need not
            // visit every op again.
            let has_regions = op.region_count() > 0;
            if has_regions {
                region_owners.push(op);
            }
            if op
                .results()
                .any(|result| gas_dialect::ops::pointer_address_space(result.r#type()).is_some())
            {
                pointer_producers.push(op);
            }
            if matches!(
                name,
                gas_dialect::names::DISPATCH
                    | gas_dialect::names::UNTAG
                    | gas_dialect::names::TO_NAMED
            ) {
                resolvable.push(op);
            }
            if is_function(name) {
                let symbol = symbol_attribute(&op, "sym_name").unwrap_or_default();
                functions.insert(symbol.clone(), Function::describe(op, &mut texts));
                current_function = Some(symbol);
            } else if has_regions && op.parent_operation() == Some(module) {
                // A program-scope variable's initializer (or another
                // top-level op with a body): its `llvm.return` is not the
                // previous function's.
                current_function = None;
            }
            // Only call ops name a callee (reading the attribute of every op
            // costs a lookup each).
            let callee = (is_call(name) || name == "llvm.invoke")
                .then(|| symbol_attribute(&op, "callee"))
                .flatten();
            if let (Some(callee), Some(caller)) = (&callee, &current_function) {
                callees
                    .entry(caller.clone())
                    .or_default()
                    .push(callee.clone());
            }
            if is_call(name) {
                if let Some(callee) = callee {
                    call_sites.entry(callee).or_default().push(op);
                }
            } else if name == "llvm.mlir.addressof" {
                // The address of a function: it may be called from anywhere.
                if let Some(symbol) = symbol_attribute(&op, "global_name") {
                    if let Some(address) = crate::ir::result(&op, 0) {
                        addresses_of
                            .entry(symbol.clone())
                            .or_default()
                            .push(address.into());
                    }
                    address_taken.insert(symbol);
                }
            } else if name == "llvm.mlir.global" {
                if let Some(symbol) = symbol_attribute(&op, "sym_name") {
                    let linkage = texts.of(&op, "linkage");
                    global_variables.insert(
                        symbol,
                        GlobalVariable {
                            op,
                            is_internal: linkage.contains("internal")
                                || linkage.contains("private"),
                            is_replaceable: [
                                "weak",
                                "linkonce",
                                "common",
                                "available_externally",
                                "extern_weak",
                            ]
                            .iter()
                            .any(|kind| linkage.contains(kind)),
                            is_equivalent_everywhere: linkage.contains("_odr"),
                        },
                    );
                }
            } else if name == "func.constant" {
                if let Some(symbol) = symbol_attribute(&op, "value") {
                    constant_refs.entry(symbol.clone()).or_default().push(op);
                    address_taken.insert(symbol);
                }
            }
            if is_return(name) {
                if let Some(function) = &current_function {
                    returns
                        .entry(function.clone())
                        .or_default()
                        .extend(op.operands());
                    return_ops.entry(function.clone()).or_default().push(op);
                }
            }
            for (position, successor) in op.successors().enumerate() {
                let edge = Edge::of(&op, position, &successor);
                incoming
                    .entry(block_key(&successor))
                    .or_default()
                    .push(edge);
            }
        };
        // The module op, then each top-level op with what it holds.
        visit(module);
        let mut sizes: HashMap<usize, usize> = HashMap::default();
        for top_level in crate::ir::region(&module, 0)
            .and_then(|region| region.first_block())
            .map(|body| std::iter::successors(body.first_operation(), |op| op.next_in_block()))
            .into_iter()
            .flatten()
        {
            let before = visited.get();
            each_op(top_level, &mut visit);
            sizes.insert(top_level.to_raw().ptr as usize, visited.get() - before);
        }
        for function in functions.values_mut() {
            if let Some(size) = sizes.get(&(function.op.to_raw().ptr as usize)) {
                function.size = *size;
            }
        }
        let op_count = visited.get();
        let has_kernels = functions.values().any(|function| function.is_kernel);
        Self {
            functions,
            call_sites,
            callees,
            returns,
            return_ops,
            address_taken,
            constant_refs,
            incoming,
            op_count,
            region_owners,
            pointer_producers,
            resolvable,
            global_variables,
            addresses_of,
            has_kernels,
        }
    }

    /// Forgets the functions `dead`, which the caller is about to erase:
    /// afterwards the index is what [`ModuleIndex::build`] would make of
    /// the module without them. Called while their ops are alive (it reads
    /// them), so that no rebuild is needed after the erasure.
    pub(crate) fn forget_functions(&mut self, dead: &[&str]) {
        // The ops of the dead functions, and the blocks whose incoming
        // edges go with them.
        let mut gone: HashSet<usize> = HashSet::default();
        for name in dead {
            if let Some(function) = self.functions.get(*name) {
                crate::ir::each_op(function.op, &mut |op| {
                    gone.insert(op.to_raw().ptr as usize);
                    for region in 0..op.region_count() {
                        let mut block =
                            crate::ir::region(&op, region).and_then(|r| r.first_block());
                        while let Some(current) = block {
                            self.incoming.remove(&block_key(&current));
                            block = current.next_in_region();
                        }
                    }
                });
            }
            if let Some(function) = self.functions.remove(*name) {
                self.op_count -= function.size;
            }
            self.callees.remove(*name);
            self.returns.remove(*name);
            self.return_ops.remove(*name);
        }
        let is_gone = |op: &OperationRef| gone.contains(&(op.to_raw().ptr as usize));
        self.call_sites.retain(|_, calls| {
            calls.retain(|call| !is_gone(call));
            !calls.is_empty()
        });
        self.addresses_of.retain(|_, addresses| {
            addresses
                .retain(|address| crate::ir::defining_op(*address).is_none_or(|op| !is_gone(&op)));
            !addresses.is_empty()
        });
        self.constant_refs.retain(|_, refs| {
            refs.retain(|op| !is_gone(op));
            !refs.is_empty()
        });
        self.address_taken = self
            .addresses_of
            .keys()
            .chain(self.constant_refs.keys())
            .cloned()
            .collect();
        // The ops that stay, in walk order.
        self.region_owners.retain(|op| !is_gone(op));
        self.pointer_producers.retain(|op| !is_gone(op));
        self.resolvable.retain(|op| !is_gone(op));
    }

    /// A summary of what the index holds (names, counts, sizes), for
    /// checking that an index kept up to date equals a rebuilt one.
    pub(crate) fn shape(&self) -> String {
        let mut lines: Vec<String> = Vec::new();
        for (name, function) in &self.functions {
            lines.push(format!("function {name} {}", function.size));
        }
        for (name, calls) in &self.call_sites {
            lines.push(format!("calls {name} {}", calls.len()));
        }
        for (name, callees) in &self.callees {
            lines.push(format!("callees {name} {callees:?}"));
        }
        for (name, values) in &self.returns {
            lines.push(format!("returns {name} {}", values.len()));
        }
        for (name, ops) in &self.return_ops {
            lines.push(format!("return ops {name} {}", ops.len()));
        }
        for name in &self.address_taken {
            lines.push(format!("address taken {name}"));
        }
        for (name, values) in &self.addresses_of {
            lines.push(format!("addresses of {name} {}", values.len()));
        }
        let edges: usize = self.incoming.values().map(Vec::len).sum();
        lines.push(format!("incoming {} {edges}", self.incoming.len()));
        lines.push(format!("ops {}", self.op_count));
        lines.push(format!("region owners {}", self.region_owners.len()));
        lines.push(format!(
            "pointer producers {}",
            self.pointer_producers.len()
        ));
        lines.push(format!("resolvable {}", self.resolvable.len()));
        lines.push(format!("variables {}", self.global_variables.len()));
        lines.sort();
        lines.join("\n")
    }

    /// What argument `position` of `block` receives from the branches to
    /// it (a superset where a terminator's operands cannot be told apart);
    /// `None` for a region's entry block.
    pub(crate) fn incoming(
        &self,
        block: &BlockRef<'c, '_>,
        position: usize,
    ) -> Option<Vec<Value<'c, 'a>>> {
        let edges = self.incoming.get(&block_key(block))?;
        Some(
            edges
                .iter()
                .flat_map(|edge| edge.passed_to(position))
                .collect(),
        )
    }

    /// `llvm.mlir.addressof` results, by symbol.
    pub(crate) fn addresses_of(&self) -> &HashMap<String, Vec<Value<'c, 'a>>> {
        &self.addresses_of
    }

    /// The uses of `value` the analysis follows: each user with the operand
    /// position. Debug intrinsics are left out: they neither access memory
    /// nor let a pointer escape, and -g must not change what is proven.
    /// (MLIR's use list, read when asked: most values are never asked about.)
    pub(crate) fn uses_of(&self, value: Value<'c, 'a>) -> Vec<(OperationRef<'c, 'a>, usize)> {
        let mut uses = crate::ir::adapter::uses_of(value);
        uses.retain(|(user, _)| !crate::ir::is_debug_intrinsic(crate::ir::name_of(user)));
        uses
    }

    /// Whether only this module's code reads and writes the program-scope
    /// variable `symbol`, starting from this module's initializer.
    pub(crate) fn is_closed_variable(&self, symbol: &str, closed_world: ClosedWorld) -> bool {
        self.global_variables.get(symbol).is_some_and(|variable| {
            (!variable.is_replaceable || variable.is_equivalent_everywhere)
                && has_initializer(variable.op)
                && (variable.is_internal
                    || closed_world == ClosedWorld::Always
                    || (closed_world == ClosedWorld::WhenKernels && self.has_kernels))
        })
    }
}

/// An empty map with room for `capacity` entries.
fn with_capacity<V>(capacity: usize) -> HashMap<String, V> {
    HashMap::with_capacity_and_hasher(capacity, Default::default())
}

/// The unit attributes that mark a function as a kernel: gas's own
/// (`--kernel`) and those of MLIR's GPU lowerings (`gpu.func ... kernel`
/// becomes an `llvm.func` with `nvvm.kernel` or `rocdl.kernel`).
const KERNEL_ATTRIBUTES: [&str; 4] = [
    gas_dialect::names::KERNEL_ATTR,
    "gpu.kernel",
    "nvvm.kernel",
    "rocdl.kernel",
];

/// Whether function `op`, of calling convention `convention`, is a kernel.
pub(crate) fn is_kernel(op: &OperationRef, convention: &str) -> bool {
    is_kernel_convention(convention)
        || KERNEL_ATTRIBUTES
            .iter()
            .any(|attribute| op.attribute(attribute).is_ok())
}

/// Whether a function's calling convention marks a kernel on any target gas
/// describes (SPIR, NVPTX, AMDGPU).
pub(crate) fn is_kernel_convention(convention: &str) -> bool {
    ["spir_kernel", "ptx_kernel", "amdgpu_kernel"]
        .iter()
        .any(|kernel| convention.contains(kernel))
}

pub(crate) fn has_initializer(variable: OperationRef) -> bool {
    variable.attribute("value").is_ok()
        || variable
            .region(0)
            .ok()
            .and_then(|region| region.first_block())
            .is_some()
}

/// The LLVM op `op` is or stands for: a `gas.dispatch`'s access (whose
/// operands are the access's own, in order), else its own name.
pub(crate) fn access_name<'c>(op: &OperationRef<'c, '_>) -> &'c str {
    match gas_dialect::ops::Dispatch::of(*op) {
        Some(dispatch) => dispatch.access().unwrap_or_default(),
        None => name_of(op),
    }
}

/// The name of `llvm.used` or `llvm.compiler.used` where `op` is an op of
/// that global's initializer (the lists only keep symbols alive; AMDGPU
/// lists its invoke kernels there, CUDA every host-visible variable).
pub(crate) fn used_list_of(op: &OperationRef) -> Option<String> {
    op.parent_operation()
        .filter(|parent| name_of(parent) == "llvm.mlir.global")
        .and_then(|global| symbol_attribute(&global, "sym_name"))
        .filter(|symbol| symbol == "llvm.used" || symbol == "llvm.compiler.used")
}
