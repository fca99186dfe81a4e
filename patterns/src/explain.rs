//! `explain`: why each access, `to_*` cast and builtin call that still
//! decides its address space at run time does so (`--remarks`).
//!
//! Run on the module `lower` is about to expand: a `gas.dispatch` with more
//! than one candidate space for an address, a `gas.to_named` still there, a
//! builtin still called with a generic pointer. The reason is found by
//! following the pointer back through the same facts `propagate` uses, only
//! along values that may point to more than one space, to the first place
//! the analysis could not see through (a parameter of an exported function,
//! a pointer loaded from memory, ...) or where pointers of different spaces
//! meet (a select, a branch merge, the call sites of a parameter, the
//! returns of a callee). The analysis only reads the IR.

use crate::analysis::{ClosedWorld, ModuleIndex, SpaceFacts};
use crate::ir::{access_subject, name_of, position, symbol_attribute};
use gas_dialect::ops::{value_space, Dispatch};
use gas_dialect::{names, AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{Location, Module, OperationRef, RegionLike, Value, ValueLike};
use rustc_hash::FxHashSet as HashSet;

/// The name of the report, as `--remarks` and the docs call it.
pub const SET: &str = "explain";

/// How far a reason is looked for along a chain of values.
const MAX_DEPTH: usize = 64;

/// One remark: where, and what it says.
pub struct Remark<'c> {
    /// The op's location, or that of the nearest op in its block (then of
    /// its enclosing op) that has a source line.
    pub location: Location<'c>,
    /// What stays dynamic and the first place that makes it so.
    pub message: String,
}

/// Which remarks to make.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RemarkKind {
    /// Only what stays dynamic.
    #[default]
    Dynamic,
    /// Also every access resolved to one space.
    All,
}

/// The remarks for `module` (before `lower`); `file` names the input where
/// MLIR did not (text parsed from memory).
pub fn explain<'c>(
    module: &Module<'c>,
    map: &AddressSpaceMap,
    closed_world: ClosedWorld,
    kind: RemarkKind,
    file: &str,
) -> Vec<Remark<'c>> {
    let index = ModuleIndex::build(module.as_operation());
    let facts = SpaceFacts::compute_in(&index, map, closed_world);
    let explainer = Explainer {
        index: &index,
        facts: &facts,
        map: *map,
        closed_world,
        file,
    };
    let mut remarks = Vec::new();
    crate::ir::each_op(module.as_operation(), &mut |op| {
        let identifier = op.name();
        let name = identifier.as_string_ref().as_str().unwrap_or_default();
        let remark = match name {
            names::DISPATCH => explainer.dispatch(&op, kind),
            names::TO_NAMED => explainer.to_named(&op),
            "llvm.call" | "func.call" => explainer.builtin_call(&op),
            _ => None,
        };
        if let Some(message) = remark {
            remarks.push(Remark {
                location: located(&op),
                message,
            });
        }
    });
    remarks
}

struct Explainer<'i, 'c, 'a> {
    index: &'i ModuleIndex<'c, 'a>,
    facts: &'i SpaceFacts,
    map: AddressSpaceMap,
    closed_world: ClosedWorld,
    /// The input's name, for positions MLIR left unnamed.
    file: &'i str,
}

impl<'c, 'a> Explainer<'_, 'c, 'a> {
    /// ` at FILE:LINE:COL` when `op` has a source position.
    fn at(&self, op: &OperationRef) -> String {
        match position(op.location()) {
            Some((file, line, column)) if line != 0 => {
                let file = if file.is_empty() || file == "-" {
                    self.file
                } else {
                    &file
                };
                format!(" at {file}:{line}:{column}")
            }
            _ => String::new(),
        }
    }

    fn spaces(&self, value: Value) -> SpaceSet {
        self.facts.of(value)
    }

    /// The spaces `pointer` may be in, as a remark names them: the facts'
    /// set, unless one of the pointers it is made from is in a space the
    /// facts have no member for (constant memory): then the spaces of its
    /// sources (`global or constant`).
    fn alternatives(&self, pointer: Value<'c, 'a>, facts: SpaceSet) -> String {
        let mut sources = std::collections::BTreeSet::new();
        let mut seen = HashSet::default();
        let named = self.named_sources(pointer, &mut sources, &mut seen, 0);
        let beyond_facts = sources.iter().any(|space| !space.is_resolvable());
        if !named || !beyond_facts {
            return facts.alternatives();
        }
        // gas's usual order (private, local, global), then the others.
        let rank = |space: &AddressSpace| {
            AddressSpace::RESOLVABLE
                .iter()
                .position(|resolvable| resolvable == space)
                .unwrap_or(AddressSpace::RESOLVABLE.len())
        };
        let mut sources: Vec<AddressSpace> = sources.into_iter().collect();
        sources.sort_by_key(rank);
        AddressSpace::alternatives(&sources)
    }

    /// What every call of the function whose entry block is `block` passes
    /// as its parameter `position`, where every call is a direct one gas
    /// sees; `None` otherwise.
    fn call_arguments(
        &self,
        block: &melior::ir::BlockRef<'c, 'a>,
        position: usize,
    ) -> Option<Vec<Value<'c, 'a>>> {
        let function = block.parent_operation()?;
        let entry = function.region(0).ok()?.first_block()?;
        if entry != *block || !crate::ir::is_function(name_of(&function)) {
            return None;
        }
        let symbol = symbol_attribute(&function, "sym_name")?;
        if !self.index.is_closed(&symbol, self.closed_world) {
            return None;
        }
        self.index
            .call_sites
            .get(&symbol)?
            .iter()
            .map(|call| crate::ir::operand(call, position))
            .collect()
    }

    /// Adds to `sources` the named spaces `pointer` is cast from, through
    /// GEPs, selects and block arguments, and for any other source (a
    /// parameter, a load) what the analysis knows of it; false where the
    /// chain is too long to follow.
    fn named_sources(
        &self,
        pointer: Value<'c, 'a>,
        sources: &mut std::collections::BTreeSet<AddressSpace>,
        seen: &mut HashSet<usize>,
        depth: usize,
    ) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        if !seen.insert(pointer.to_raw().ptr as usize) {
            return true;
        }
        // What the analysis knows of a value that is no cast, merge or
        // GEP (a parameter, a load): its own set.
        let known = |sources: &mut std::collections::BTreeSet<AddressSpace>| {
            sources.extend(self.spaces(pointer).iter());
            true
        };
        if let Ok(argument) = melior::ir::block::BlockArgument::try_from(pointer) {
            let block = argument.owner();
            let position = argument.argument_number();
            let incoming = match self.index.incoming(&block, position) {
                Some(incoming) => incoming,
                // A parameter: what the calls pass, where every call is seen.
                None => match self.call_arguments(&block, position) {
                    Some(arguments) => arguments,
                    None => return known(sources),
                },
            };
            return incoming
                .into_iter()
                .all(|value| self.named_sources(value, sources, seen, depth + 1));
        }
        let Some(op) = crate::ir::defining_op(pointer) else {
            return false;
        };
        let operand = |position: usize| crate::ir::operand(&op, position);
        match name_of(&op) {
            "llvm.mlir.zero" => true,
            "llvm.getelementptr" | names::TAG | "llvm.addrspacecast" => match operand(0) {
                Some(source) if self.is_generic(source) => {
                    self.named_sources(source, sources, seen, depth + 1)
                }
                Some(source) => match value_space(source, &self.map) {
                    Some(space) if space != AddressSpace::Generic => {
                        sources.insert(space);
                        true
                    }
                    _ => false,
                },
                None => false,
            },
            "llvm.select" => [1, 2].into_iter().all(|position| {
                operand(position)
                    .is_some_and(|value| self.named_sources(value, sources, seen, depth + 1))
            }),
            _ => known(sources),
        }
    }

    fn is_generic(&self, value: Value) -> bool {
        value_space(value, &self.map) == Some(AddressSpace::Generic)
    }

    fn dispatch(&self, op: &OperationRef<'c, 'a>, kind: RemarkKind) -> Option<String> {
        let dispatch = Dispatch::of(*op)?;
        let spaces = dispatch.spaces(&self.map).ok()?;
        let addresses = dispatch.generic_addresses(&self.map).ok()?;
        let operands = dispatch.operands();
        let subject = access_subject(dispatch.access().ok()?);
        // An address cast from a space outside private, local and global
        // (constant memory) is accessed in that space by `lower`.
        let other_space = |position: usize| {
            let address = *operands.get(position)?;
            crate::analysis::assumptions::other_space_access(&dispatch, address, op, &self.map)
        };
        let dynamic = addresses
            .iter()
            .zip(&spaces)
            .find(|(position, set)| set.len() > 1 && other_space(**position).is_none());
        match dynamic {
            Some((position, set)) => {
                let pointer = *operands.get(*position)?;
                Some(format!(
                    "{subject} through a generic pointer ({}) stays dynamic: {}",
                    self.alternatives(pointer, *set),
                    self.why(pointer, *set)
                ))
            }
            None if kind == RemarkKind::All => {
                let resolved: Vec<String> = addresses
                    .iter()
                    .zip(&spaces)
                    .map(|(position, set)| match other_space(*position) {
                        Some(number) if set.len() > 1 => match self.map.space(number) {
                            Some(space) => space.name().to_string(),
                            None => format!("address space {number}"),
                        },
                        _ => set.alternatives(),
                    })
                    .collect();
                Some(format!(
                    "{subject} through a generic pointer resolved to {}",
                    resolved.join(" and ")
                ))
            }
            None => None,
        }
    }

    fn to_named(&self, op: &OperationRef<'c, 'a>) -> Option<String> {
        let pointer = crate::ir::operand(op, 0)?;
        let target = op
            .result(0)
            .ok()
            .and_then(|result| value_space(result.into(), &self.map))
            .map_or("a named space", AddressSpace::name);
        let spaces = self.spaces(pointer);
        Some(format!(
            "to_{target} stays dynamic: {}",
            self.why(pointer, spaces)
        ))
    }

    fn builtin_call(&self, op: &OperationRef<'c, 'a>) -> Option<String> {
        let callee = symbol_attribute(op, "callee")?;
        if !(callee.starts_with("_Z") || callee.starts_with("__spirv_")) {
            return None;
        }
        // A C++ function defined here is code gas follows, not a builtin
        // (its accesses have remarks of their own).
        if self
            .index
            .functions
            .get(&callee)
            .is_some_and(|function| function.has_body)
        {
            return None;
        }
        let pointer = op.operands().find(|operand| self.is_generic(*operand))?;
        let spaces = self.spaces(pointer);
        let reason = if spaces.len() <= 1 {
            builtin_reason(&callee, spaces)
        } else {
            self.why(pointer, spaces)
        };
        Some(format!(
            "call of builtin @{callee} with a generic pointer ({}) stays dynamic: {reason}",
            spaces.alternatives(),
        ))
    }

    /// Why `pointer` (whose candidate spaces are `spaces`) is not one space.
    fn why(&self, pointer: Value<'c, 'a>, spaces: SpaceSet) -> String {
        if spaces.len() <= 1 && self.spaces(pointer).len() <= 1 {
            // The facts know one space, but nothing narrowed the op: a
            // pipeline without the resolution sets, or a set left it alone.
            return format!(
                "the analysis finds {} but no resolution set narrowed it",
                self.spaces(pointer).alternatives()
            );
        }
        let mut seen = HashSet::default();
        self.reason(pointer, 0, &mut seen)
    }

    /// The reason for `value`, following only values with several spaces.
    fn reason(&self, value: Value<'c, 'a>, depth: usize, seen: &mut HashSet<usize>) -> String {
        if depth > MAX_DEPTH || !seen.insert(value.to_raw().ptr as usize) {
            return "pointers of several spaces meet in a loop".to_string();
        }
        if let Ok(argument) = melior::ir::block::BlockArgument::try_from(value) {
            return self.argument_reason(argument, depth, seen);
        }
        let Ok(result) = melior::ir::operation::OperationResult::try_from(value) else {
            return "a value the analysis does not follow".to_string();
        };
        let op = result.owner();
        let name = name_of(&op);
        let operand = |position: usize| crate::ir::operand(&op, position);
        match name {
            "llvm.getelementptr" | names::TAG | "llvm.addrspacecast" => match operand(0) {
                Some(source) if self.is_generic(source) => self.reason(source, depth + 1, seen),
                // Constant memory: a space the candidates do not name.
                Some(source) if value_space(source, &self.map) == Some(AddressSpace::Constant) => {
                    format!(
                        "a constant pointer made generic{}, merged with pointers of other spaces",
                        self.at(&op)
                    )
                }
                _ => format!(
                    "'{name}'{} of a value the analysis does not follow",
                    self.at(&op)
                ),
            },
            "llvm.select" => {
                let (Some(a), Some(b)) = (operand(1), operand(2)) else {
                    return format!("a malformed select{}", self.at(&op));
                };
                self.merge(
                    &[a, b],
                    &format!("select between {{}}{}", self.at(&op)),
                    depth,
                    seen,
                )
            }
            "llvm.load" => self.load_reason(&op, depth, seen),
            names::DISPATCH => format!(
                "pointer loaded{} through a generic pointer (memory the analysis does not follow)",
                self.at(&op)
            ),
            "llvm.call" | "func.call" => self.call_reason(&op, depth, seen),
            "llvm.inttoptr" => format!("pointer made from an integer{}", self.at(&op)),
            _ => format!(
                "result of '{name}'{}, which the analysis does not follow",
                self.at(&op)
            ),
        }
    }

    /// Values of single spaces that together make several: `template`'s
    /// `{}` becomes `local and global`; a value of several spaces is
    /// followed instead.
    fn merge(
        &self,
        values: &[Value<'c, 'a>],
        template: &str,
        depth: usize,
        seen: &mut HashSet<usize>,
    ) -> String {
        if let Some(several) = values.iter().find(|value| {
            self.spaces(**value).len() > 1 && !seen.contains(&(value.to_raw().ptr as usize))
        }) {
            return self.reason(*several, depth + 1, seen);
        }
        let union = values
            .iter()
            .fold(SpaceSet::EMPTY, |set, value| set.union(self.spaces(*value)));
        let names: Vec<&str> = union.iter().map(AddressSpace::name).collect();
        template.replace("{}", &names.join(" and "))
    }

    fn argument_reason(
        &self,
        argument: melior::ir::block::BlockArgument<'c, 'a>,
        depth: usize,
        seen: &mut HashSet<usize>,
    ) -> String {
        let block = argument.owner();
        let position = argument.argument_number();
        let Some(parent) = block.parent_operation() else {
            return "an argument of a detached block".to_string();
        };
        let is_entry = parent
            .region(0)
            .ok()
            .and_then(|region| region.first_block())
            .is_some_and(|entry| entry == block);
        if crate::ir::is_function(name_of(&parent)) && is_entry {
            return self.parameter_reason(&parent, position, depth, seen);
        }
        // What the predecessors pass (the analysis's own superset).
        let incoming: Vec<Value<'c, 'a>> = self
            .index
            .incoming(&block, position)
            .unwrap_or_default()
            .into_iter()
            .filter(|value| self.is_generic(*value))
            .collect();
        if incoming.is_empty() {
            return format!(
                "argument of a '{}' region{}",
                name_of(&parent),
                self.at(&parent)
            );
        }
        let location = block
            .first_operation()
            .map(|first| self.at(&first))
            .unwrap_or_default();
        self.merge(
            &incoming,
            &format!("{{}} pointers meet where branches join{location}"),
            depth,
            seen,
        )
    }

    fn parameter_reason(
        &self,
        function: &OperationRef<'c, 'a>,
        position: usize,
        depth: usize,
        seen: &mut HashSet<usize>,
    ) -> String {
        let symbol = symbol_attribute(function, "sym_name").unwrap_or_default();
        let Some(described) = self.index.functions.get(&symbol) else {
            return format!("parameter {position} of @{symbol}");
        };
        if described.is_kernel {
            return format!("parameter {position} of kernel @{symbol}, an entry point");
        }
        if symbol.contains("_block_invoke") {
            return format!("parameter {position} of @{symbol}, a block invoke entry point");
        }
        if self.index.address_taken.contains(&symbol) {
            return format!(
                "parameter {position} of @{symbol}, whose address is taken (it may be called from anywhere)"
            );
        }
        if !self.index.is_closed(&symbol, self.closed_world) {
            return format!("parameter {position} of exported function @{symbol}");
        }
        let arguments: Vec<Value<'c, 'a>> = self
            .index
            .call_sites
            .get(&symbol)
            .into_iter()
            .flatten()
            .filter_map(|call| crate::ir::operand(call, position))
            .collect();
        if arguments.is_empty() {
            return format!("parameter {position} of @{symbol}, which nothing calls");
        }
        let cloned = if function.attribute(names::CLONE_BUDGET_REACHED_ATTR).is_ok() {
            " (clone budget reached)"
        } else {
            ""
        };
        self.merge(
            &arguments,
            &format!("parameter {position} of @{symbol}, called with {{}} pointers{cloned}"),
            depth,
            seen,
        )
    }

    fn call_reason(
        &self,
        op: &OperationRef<'c, 'a>,
        depth: usize,
        seen: &mut HashSet<usize>,
    ) -> String {
        let Some(callee) = symbol_attribute(op, "callee") else {
            return format!("result of an indirect call{}", self.at(op));
        };
        let defined = self
            .index
            .functions
            .get(&callee)
            .filter(|function| function.has_definitive_body());
        if defined.is_none() {
            return format!(
                "result of @{callee}, defined outside the module{}",
                self.at(op)
            );
        }
        let returned: Vec<Value<'c, 'a>> = self
            .index
            .return_ops
            .get(&callee)
            .into_iter()
            .flatten()
            .filter_map(|ret| crate::ir::operand(ret, 0))
            .collect();
        self.merge(
            &returned,
            &format!(
                "result of @{callee}{}, which returns {{}} pointers",
                self.at(op)
            ),
            depth,
            seen,
        )
    }

    /// A pointer read from memory: which memory, and why the analysis could
    /// not follow what was stored there.
    fn load_reason(
        &self,
        load: &OperationRef<'c, 'a>,
        depth: usize,
        seen: &mut HashSet<usize>,
    ) -> String {
        let Some(address) = crate::ir::operand(load, 0) else {
            return format!("pointer loaded from memory{}", self.at(load));
        };
        let root = strip_geps(address);
        if let Ok(result) = melior::ir::operation::OperationResult::try_from(root) {
            let owner = result.owner();
            match name_of(&owner) {
                "llvm.alloca" => {
                    let uses = crate::ir::adapter::uses_of(root);
                    let escape = uses
                        .iter()
                        .find(|(user, _)| crate::ir::is_call(name_of(user)))
                        .map(|(user, _)| {
                            let callee = symbol_attribute(user, "callee")
                                .map_or("an indirect call".to_string(), |callee| {
                                    format!("call @{callee}")
                                });
                            format!(" that escapes to {callee}{}", self.at(user))
                        });
                    if let Some(escape) = escape {
                        return format!(
                            "pointer loaded{} from private memory{escape}",
                            self.at(load)
                        );
                    }
                    return self.stored_into(
                        &uses,
                        &format!("private memory{}", self.at(&owner)),
                        load,
                        depth,
                        seen,
                    );
                }
                "llvm.mlir.addressof" => {
                    let variable = symbol_attribute(&owner, "global_name").unwrap_or_default();
                    if !self.index.is_closed_variable(&variable, self.closed_world) {
                        return format!(
                            "pointer loaded{} from program-scope variable @{variable}, which code outside the module may write",
                            self.at(load)
                        );
                    }
                    let uses = crate::ir::adapter::uses_of(root);
                    return self.stored_into(
                        &uses,
                        &format!("program-scope variable @{variable}"),
                        load,
                        depth,
                        seen,
                    );
                }
                _ => {}
            }
        }
        let memory = match value_space(address, &self.map) {
            Some(AddressSpace::Generic) => "memory reached through a generic pointer".to_string(),
            Some(space) => format!("{} memory", space.name()),
            None => "memory".to_string(),
        };
        format!("pointer loaded from {memory}{}", self.at(load))
    }

    /// A pointer loaded from `memory`, whose direct `uses` include the
    /// stores that put pointers there: they are followed like a merge.
    fn stored_into(
        &self,
        uses: &[(OperationRef<'c, 'a>, usize)],
        memory: &str,
        load: &OperationRef<'c, 'a>,
        depth: usize,
        seen: &mut HashSet<usize>,
    ) -> String {
        let stored: Vec<Value<'c, 'a>> = uses
            .iter()
            .filter(|(user, position)| *position == 1 && name_of(user) == "llvm.store")
            .filter_map(|(user, _)| crate::ir::operand(user, 0))
            .filter(|value| self.is_generic(*value))
            .collect();
        let union = stored
            .iter()
            .fold(SpaceSet::EMPTY, |set, value| set.union(self.spaces(*value)));
        if union.len() <= 1 {
            // What was stored is not why: the memory is written where the
            // analysis cannot see (another use of its address).
            return format!(
                "pointer loaded{} from {memory}, whose address is used where the analysis cannot follow it",
                self.at(load)
            );
        }
        self.merge(
            &stored,
            &format!(
                "pointer loaded{} from {memory}, which holds {{}} pointers",
                self.at(load)
            ),
            depth,
            seen,
        )
    }
}

/// Why a builtin whose pointer's space is known is still called with the
/// generic pointer: the library has no overload builtin-calls could call.
fn builtin_reason(callee: &str, spaces: SpaceSet) -> String {
    use crate::analysis::builtin_table::{lookup, NamedOverloads};
    let known = spaces.alternatives();
    let builtin = crate::analysis::mangling::demangle(callee)
        .and_then(|mangled| lookup(&mangled.name).map(|builtin| (mangled.name, builtin)));
    match builtin {
        None => format!(
            "the pointer is {known}, but the builtin has no named-space overload to call instead"
        ),
        Some((name, builtin)) if builtin.named == NamedOverloads::NamedAtomics => format!(
            "the pointer is {known}, but {name}'s named-space overloads are OpenCL 3.0's (--named-atomics)"
        ),
        Some(_) => format!(
            "the analysis finds {known} but no resolution set narrowed it (builtin-calls did not run?)"
        ),
    }
}

/// Where to report `op`: its own location when it has a source position;
/// otherwise (optimized code keeps no line for some instructions) the
/// nearest op before it in its block that has one, then after it, then the
/// same for its parent (up to the function).
fn located<'c>(op: &OperationRef<'c, '_>) -> Location<'c> {
    let has_line = |candidate: &OperationRef| {
        position(candidate.location()).is_some_and(|(_, line, _)| line != 0)
    };
    let mut scope = Some(*op);
    while let Some(current) = scope {
        if has_line(&current) {
            return current.location();
        }
        // melior cannot step back in a block: walk it from the start,
        // remembering the last op with a line before `current`.
        let mut before = None;
        let mut after = None;
        let mut passed = false;
        let mut next = current.block().and_then(|block| block.first_operation());
        while let Some(candidate) = next {
            if candidate == current {
                passed = true;
            } else if has_line(&candidate) {
                if passed {
                    after = Some(candidate);
                    break;
                }
                before = Some(candidate);
            }
            next = candidate.next_in_block();
        }
        if let Some(found) = before.or(after) {
            return found.location();
        }
        scope = current.parent_operation();
    }
    op.location()
}

/// The pointer a chain of GEPs starts from.
fn strip_geps<'c: 'a, 'a>(mut pointer: Value<'c, 'a>) -> Value<'c, 'a> {
    while let Ok(result) = melior::ir::operation::OperationResult::try_from(pointer) {
        let owner = result.owner();
        if name_of(&owner) != "llvm.getelementptr" {
            break;
        }
        let Some(base) = crate::ir::operand(&owner, 0) else {
            break;
        };
        pointer = base;
    }
    pointer
}
