//! Kernel-wide facts for the sets that decide per kernel
//! (`explicit-cast-tags`, `private-branch-elision`, `static-global`): what
//! each function does with generic pointers, which functions each kernel
//! reaches, and which kernels can take a decision consistently.
//!
//! A decision taken for a kernel changes every function it reaches, so it is
//! only taken when each of those functions is reached by no other kernel
//! that does not take it, and by nothing outside the module. Calls that
//! cannot be followed (indirect calls, calls to functions defined elsewhere
//! that are not OpenCL or SPIR-V builtins or LLVM intrinsics) make a
//! kernel's facts unprovable.

use crate::analysis::{ClosedWorld, Function};
use crate::ir::{each_op, is_function, symbol_attribute, AttributeTexts};
use gas_dialect::ops::{value_space, Dispatch};
use gas_dialect::{names, AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::attribute::AttributeLike;
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::RegionLike;
use melior::ir::{Module, OperationRef};
use rustc_hash::FxHashSet as HashSet;
use std::collections::{BTreeMap, BTreeSet};

/// What one function does with generic pointers.
#[derive(Clone, Debug, Default)]
pub struct FunctionFacts {
    /// `to_global`/`to_local`/`to_private` (as `gas.to_named` or still a call).
    pub explicit_casts: usize,
    /// Local pointers cast to generic.
    pub local_to_generic: usize,
    /// Private pointers cast to generic.
    pub private_to_generic: usize,
    /// Pointers of a space a generic pointer resolves to none of gas's
    /// candidates (constant, or a space the target map does not name) cast
    /// to generic: legal in CUDA and HIP (`__constant__` data read through a
    /// generic pointer), never in OpenCL 2.0; and generic `byval` parameters
    /// of kernels (NVPTX's by-value kernel structs live in parameter space).
    pub other_to_generic: usize,
    /// Accesses through generic pointers that decide at run time between
    /// private memory and another space.
    pub private_candidates: usize,
    /// Of those, the ones deciding between private and global memory only:
    /// where the global case takes private pointers over, they decide
    /// nothing.
    pub private_or_global: usize,
    /// Why calls in the function cannot be followed, if they cannot.
    pub unfollowable_call: Option<String>,
    /// Functions of the module it calls directly.
    pub callees: BTreeSet<String>,
}

/// Builtins are defined by the implementation and never make a named
/// pointer generic behind the program's back.
fn is_builtin(callee: &str) -> bool {
    callee.starts_with("_Z") || callee.starts_with("__spirv_") || callee.starts_with("llvm.")
}

pub(crate) fn is_explicit_cast_builtin(callee: &str) -> bool {
    ["__to_global", "__to_local", "__to_private"].contains(&callee)
        || callee.contains("__spirv_GenericCastToPtrExplicit")
}

/// A function as the walk found it.
struct Walked<'c, 'a> {
    name: String,
    function: Function<'c, 'a>,
    facts: FunctionFacts,
    /// Its calls, in program order (`None`: indirect).
    calls: Vec<Option<String>>,
}

/// One function of the graph.
pub struct Node<'c, 'a> {
    /// The function op (`llvm.func` or `func.func`).
    pub op: OperationRef<'c, 'a>,
    /// Whether it is an entry point: a kernel calling convention or `gas.kernel`.
    pub is_kernel: bool,
    /// Every call of it is in the module (or it is a kernel, an entry point).
    pub callers_known: bool,
    /// What its own body does with generic pointers (not its callees').
    pub facts: FunctionFacts,
}

/// The module's functions with bodies, their facts and their calls.
pub struct KernelGraph<'c, 'a> {
    /// The functions that have a body, by symbol name; a later definition of
    /// a name replaces an earlier one.
    pub functions: BTreeMap<String, Node<'c, 'a>>,
    /// What each kernel reaches ([`KernelGraph::reach`]), computed once.
    reaches: BTreeMap<String, BTreeSet<String>>,
}

impl<'c, 'a> KernelGraph<'c, 'a> {
    /// One walk of the module: its functions, whose addresses are taken and
    /// what each body does (calls are resolved once every function is known).
    /// Accesses that may reach private memory are only counted when
    /// `count_private_candidates` (reading every dispatch's spaces costs).
    pub fn build(
        module: &'a Module<'c>,
        map: &AddressSpaceMap,
        closed_world: ClosedWorld,
        count_private_candidates: bool,
    ) -> Self {
        let mut texts = AttributeTexts::default();
        // In program order; a later definition of a name replaces an earlier one.
        let mut walked: Vec<Walked<'c, 'a>> = Vec::new();
        let mut address_taken: HashSet<String> = HashSet::default();
        let mut current: Option<usize> = None;
        let root = module.as_operation();
        each_op(root, &mut |op| {
            let identifier = op.name();
            let name = identifier.as_string_ref().as_str().unwrap_or_default();
            if is_function(name) {
                let function = Function::describe(op, &mut texts);
                // A byval parameter points at the function's own copy: on
                // its stack (private memory made generic), or for a kernel
                // where the target passes kernel arguments (NVPTX's
                // parameter space, no space of gas's).
                let by_value = generic_byval_parameters(op, map);
                let facts = if function.is_kernel {
                    FunctionFacts {
                        other_to_generic: by_value,
                        ..FunctionFacts::default()
                    }
                } else {
                    FunctionFacts {
                        private_to_generic: by_value,
                        ..FunctionFacts::default()
                    }
                };
                walked.push(Walked {
                    name: symbol_attribute(&op, "sym_name").unwrap_or_default(),
                    function,
                    facts,
                    calls: Vec::new(),
                });
                current = Some(walked.len() - 1);
                return;
            }
            match name {
                "llvm.mlir.addressof" => {
                    address_taken.extend(symbol_attribute(&op, "global_name"));
                }
                "func.constant" => address_taken.extend(symbol_attribute(&op, "value")),
                _ => {}
            }
            if op.region_count() > 0 && op.parent_operation() == Some(root) {
                // A program-scope initializer belongs to no function.
                current = None;
            }
            let Some(entry) = current.and_then(|position| walked.get_mut(position)) else {
                return;
            };
            if name == names::DISPATCH && !count_private_candidates {
                return;
            }
            if let Some(callee) = record_fact(&op, name, &mut entry.facts, map) {
                entry.calls.push(callee);
            }
        });
        let mut calls: BTreeMap<String, Vec<Option<String>>> = BTreeMap::new();
        let mut described: BTreeMap<String, (Function<'c, 'a>, FunctionFacts)> = BTreeMap::new();
        for entry in walked {
            calls.insert(entry.name.clone(), entry.calls);
            described.insert(entry.name, (entry.function, entry.facts));
        }
        let has_kernels = described.values().any(|(function, _)| function.is_kernel);
        let defined: HashSet<String> = described
            .iter()
            .filter(|(_, (function, _))| function.has_definitive_body())
            .map(|(name, _)| name.clone())
            .collect();
        let mut functions = BTreeMap::new();
        for (name, (function, mut facts)) in described {
            if !function.has_body {
                continue;
            }
            // In program order: the first call that cannot be followed is
            // the one reported.
            for callee in calls.remove(&name).unwrap_or_default() {
                match callee {
                    Some(callee) if defined.contains(&callee) => {
                        facts.callees.insert(callee);
                    }
                    Some(callee) if is_builtin(&callee) => {}
                    Some(callee) => {
                        facts.unfollowable_call.get_or_insert_with(|| {
                            format!("a call of @{callee}, defined elsewhere")
                        });
                    }
                    None => {
                        facts
                            .unfollowable_call
                            .get_or_insert_with(|| "an indirect call".into());
                    }
                }
            }
            let callers_known = function.is_kernel
                || function.is_closed(address_taken.contains(&name), has_kernels, closed_world);
            functions.insert(
                name,
                Node {
                    op: function.op,
                    is_kernel: function.is_kernel,
                    callers_known,
                    facts,
                },
            );
        }
        let mut graph = Self {
            functions,
            reaches: BTreeMap::new(),
        };
        graph.reaches = graph
            .kernels()
            .into_iter()
            .map(|kernel| (kernel.to_string(), graph.reach_from(kernel)))
            .collect();
        graph
    }

    /// The kernels of the module.
    pub fn kernels(&self) -> Vec<&str> {
        self.functions
            .iter()
            .filter(|(_, node)| node.is_kernel)
            .map(|(name, _)| name.as_str())
            .collect()
    }

    /// `kernel` and every function it reaches through direct calls.
    pub fn reach(&self, kernel: &str) -> std::borrow::Cow<'_, BTreeSet<String>> {
        match self.reaches.get(kernel) {
            Some(reached) => std::borrow::Cow::Borrowed(reached),
            None => std::borrow::Cow::Owned(self.reach_from(kernel)),
        }
    }

    /// `kernel` and every function it reaches through direct calls, walked.
    fn reach_from(&self, kernel: &str) -> BTreeSet<String> {
        let mut reached = BTreeSet::new();
        let mut pending = vec![kernel.to_string()];
        while let Some(name) = pending.pop() {
            if !reached.insert(name.clone()) {
                continue;
            }
            if let Some(node) = self.functions.get(&name) {
                pending.extend(node.facts.callees.iter().cloned());
            }
        }
        reached
    }

    /// The facts of `kernel` and everything it reaches, summed; the first
    /// unfollowable call wins.
    pub fn reach_facts(&self, kernel: &str) -> FunctionFacts {
        let mut total = FunctionFacts::default();
        for name in self.reach(kernel).iter() {
            let Some(node) = self.functions.get(name) else {
                continue;
            };
            let facts = &node.facts;
            total.explicit_casts += facts.explicit_casts;
            total.local_to_generic += facts.local_to_generic;
            total.private_to_generic += facts.private_to_generic;
            total.other_to_generic += facts.other_to_generic;
            total.private_candidates += facts.private_candidates;
            total.private_or_global += facts.private_or_global;
            if total.unfollowable_call.is_none() {
                total.unfollowable_call = facts
                    .unfollowable_call
                    .as_ref()
                    .map(|why| format!("{why} in @{name}"));
            }
        }
        total
    }

    /// Of `candidates`, the kernels whose reached functions are reached by no
    /// kernel outside the accepted set and by nothing outside the module;
    /// each rejected kernel with the reason.
    pub fn consistent(
        &self,
        candidates: BTreeSet<String>,
    ) -> (BTreeSet<String>, BTreeMap<String, String>) {
        let reach: BTreeMap<&str, std::borrow::Cow<BTreeSet<String>>> = self
            .kernels()
            .into_iter()
            .map(|kernel| (kernel, self.reach(kernel)))
            .collect();
        let mut accepted = candidates;
        let mut rejected = BTreeMap::new();
        loop {
            let mut dropped = Vec::new();
            for kernel in &accepted {
                let reason = reach[kernel.as_str()].iter().find_map(|name| {
                    let node = self.functions.get(name)?;
                    if !node.callers_known {
                        return Some(format!("@{name} may be called from outside the module"));
                    }
                    reach
                        .iter()
                        .find(|(other, reached)| {
                            !accepted.contains(**other) && reached.contains(name)
                        })
                        .map(|(other, _)| format!("@{name} is shared with kernel @{other}"))
                });
                if let Some(reason) = reason {
                    dropped.push((kernel.clone(), reason));
                }
            }
            if dropped.is_empty() {
                break;
            }
            for (kernel, reason) in dropped {
                accepted.remove(&kernel);
                rejected.insert(kernel, reason);
            }
        }
        (accepted, rejected)
    }

    /// The kernels of `kernels` whose every reached function is called only
    /// from the module (those a decision can be taken for, functions shared
    /// with other kernels aside).
    pub fn with_known_callers(&self, kernels: &BTreeSet<String>) -> BTreeSet<String> {
        kernels
            .iter()
            .filter(|kernel| {
                self.reach(kernel).iter().all(|name| {
                    self.functions
                        .get(name)
                        .is_some_and(|node| node.callers_known)
                })
            })
            .cloned()
            .collect()
    }

    /// Every function reached by one of `kernels`.
    pub fn functions_of(&self, kernels: &BTreeSet<String>) -> BTreeSet<String> {
        kernels
            .iter()
            .flat_map(|kernel| self.reach(kernel).iter().cloned().collect::<Vec<_>>())
            .collect()
    }

    /// Whether function `name` carries the unit attribute `attribute`.
    pub fn has_attribute(&self, name: &str, attribute: &str) -> bool {
        self.functions
            .get(name)
            .is_some_and(|node| node.op.attribute(attribute).is_ok())
    }
}

/// Adds what `op` (named `name`, in a function body) does to `facts`; for
/// a call that is not an explicit cast, returns its callee (`None`:
/// indirect), to be resolved once every function is known.
fn record_fact(
    op: &OperationRef,
    name: &str,
    facts: &mut FunctionFacts,
    map: &AddressSpaceMap,
) -> Option<Option<String>> {
    match name {
        names::TO_NAMED => facts.explicit_casts += 1,
        // Where allocas are generic (NVPTX), each is private memory made
        // generic without a cast.
        "llvm.alloca" if map.alloca_space == AddressSpace::Generic => facts.private_to_generic += 1,
        // A cast only a debug record reads makes no pointer the code uses
        // (a `-g` build describes a variable by a constant cast).
        names::TAG | "llvm.addrspacecast"
            if op
                .result(0)
                .is_ok_and(|result| crate::ir::has_code_uses(result.into())) =>
        {
            let from = crate::ir::operand(op, 0).and_then(|value| value_space(value, map));
            let to = op
                .result(0)
                .ok()
                .and_then(|result| value_space(result.into(), map));
            if to == Some(AddressSpace::Generic) {
                match from {
                    Some(AddressSpace::Local) => facts.local_to_generic += 1,
                    Some(AddressSpace::Private) => facts.private_to_generic += 1,
                    Some(AddressSpace::Global | AddressSpace::Generic) => {}
                    Some(AddressSpace::Constant) | None => facts.other_to_generic += 1,
                }
            }
        }
        names::DISPATCH => {
            if let Some(sets) = private_decisions(*op, map) {
                facts.private_candidates += 1;
                let private_or_global =
                    SpaceSet::single(AddressSpace::Private).with(AddressSpace::Global);
                if sets.contains(&private_or_global) {
                    facts.private_or_global += 1;
                }
            }
        }
        "llvm.call" | "func.call" => {
            let callee = op
                .attribute("callee")
                .ok()
                .filter(|callee| callee.is_flat_symbol_ref())
                .and_then(gas_dialect::ops::string_value)
                .map(str::to_string);
            match callee {
                Some(callee) if is_explicit_cast_builtin(&callee) => facts.explicit_casts += 1,
                callee => return Some(callee),
            }
        }
        _ => {}
    }
    None
}

/// Generic pointer parameters of `function` marked `byval`: they point at
/// the function's own copy of the argument, never at the caller's memory.
fn generic_byval_parameters(function: OperationRef, map: &AddressSpaceMap) -> usize {
    let Some(entry) = crate::ir::region(&function, 0).and_then(|body| body.first_block()) else {
        return 0;
    };
    crate::ir::parameters_with(&["llvm.byval"], function)
        .into_iter()
        .filter(|position| {
            crate::ir::argument(&entry, *position).is_some_and(|argument| {
                value_space(argument.into(), map) == Some(AddressSpace::Generic)
            })
        })
        .count()
}

/// Whether `module` has an explicit cast (`gas.to_named`, or a call of a
/// `to_*` builtin `raise` has not seen).
pub fn has_explicit_casts(module: &Module) -> bool {
    let mut found = false;
    each_op(module.as_operation(), &mut |op| {
        if found {
            return;
        }
        let identifier = op.name();
        found = match identifier.as_string_ref().as_str() {
            Ok(names::TO_NAMED) => true,
            Ok("llvm.call" | "func.call") => symbol_attribute(&op, "callee")
                .is_some_and(|callee| is_explicit_cast_builtin(&callee)),
            _ => false,
        };
    });
    found
}

/// Whether some dispatch of `module` decides between private memory and
/// another space (one walk, without the kernel graph): where none does, no
/// kernel needs private memory in the global buffer.
pub fn has_private_candidates(module: &Module, map: &AddressSpaceMap) -> bool {
    let mut found = false;
    each_op(module.as_operation(), &mut |op| {
        if found {
            return;
        }
        found = decides_on_private(op, map);
    });
    found
}

/// Whether `op` is a dispatch that decides at run time between private
/// memory and another space: the only kind whose decision private memory
/// in the global buffer removes (a pointer known to be private is already
/// a private access).
fn decides_on_private(op: OperationRef, map: &AddressSpaceMap) -> bool {
    private_decisions(op, map).is_some()
}

/// For a dispatch deciding between private memory and other spaces, those
/// decisions (one set of spaces per pointer operand).
fn private_decisions(op: OperationRef, map: &AddressSpaceMap) -> Option<Vec<SpaceSet>> {
    let spaces = Dispatch::of(op)?.spaces(map).ok()?;
    let decisions: Vec<SpaceSet> = spaces
        .into_iter()
        .filter(|set| set.contains(AddressSpace::Private) && set.len() > 1)
        .collect();
    (!decisions.is_empty()).then_some(decisions)
}

/// The kernels of `module` with a body, by name (sorted), from its
/// top-level functions, as [`KernelGraph::kernels`] lists them.
pub fn kernels_of(module: &Module) -> Vec<String> {
    let mut texts = AttributeTexts::default();
    let mut kernels = BTreeSet::new();
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        let identifier = op.name();
        if identifier.as_string_ref().as_str().is_ok_and(is_function) {
            let function = Function::describe(op, &mut texts);
            if function.is_kernel && function.has_body {
                kernels.extend(symbol_attribute(&op, "sym_name"));
            }
        }
        next = op.next_in_block();
    }
    kernels.into_iter().collect()
}
