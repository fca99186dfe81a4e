//! The one safe adapter over melior's raw pattern callback, and the one place
//! pattern sets are applied. This is the only `unsafe` in the crate.
//!
//! A pattern is a plain function from the matched op and a rewriter to
//! `Ok(Applied)` or `Err(NotApplied(reason))`. The callback runs inside an
//! `extern "C"` frame where a panic would abort the process, so the adapter
//! catches panics and reports them as a failed match.

use gas_dialect::AddressSpaceMap;
use melior::ir::operation::OperationLike;
use melior::ir::r#type::TypeId;
use melior::ir::{Module, OperationRef};
use melior::pass::{ExternalPass, Pass, RunExternalPass};
use melior::Context;
use melior::RewriterBase;
use melior::{create_op_rewrite_pattern, PatternRewriter, RewritePattern};
use melior::{ContextRef, StringRef};
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

/// The pattern rewrote the IR.
#[derive(Debug)]
pub struct Applied;

/// Why a pattern did not apply (not an error: the IR is left as it was).
#[derive(Debug)]
pub struct NotApplied(pub &'static str);

/// What a pattern returns.
pub type Rewrite = Result<Applied, NotApplied>;

/// What every pattern may read besides its op: the context and the target's
/// address-space numbering.
#[derive(Clone, Copy)]
pub struct Environment<'c> {
    /// The context the matched op lives in.
    pub context: &'c Context,
    /// The target description the set was run for.
    pub map: AddressSpaceMap,
}

/// The body of a pattern: its environment, the matched op and the rewriter.
pub type PatternFn =
    for<'c, 'a> fn(Environment<'c>, OperationRef<'c, 'a>, &RewriterBase<'c, 'a>) -> Rewrite;

/// A pattern of a set: its name, the op it is rooted at, and its body.
#[derive(Clone, Copy)]
pub struct Pattern {
    /// The set the pattern belongs to (the `set` field of its trace span).
    pub set: &'static str,
    /// The pattern's name, after what it does (the `pattern` field of its trace span).
    pub name: &'static str,
    /// The name of the op the pattern is offered.
    pub root: &'static str,
    /// The pattern's body.
    pub rewrite: PatternFn,
}

impl Pattern {
    fn into_rewrite_pattern(self, context: &Context, map: AddressSpaceMap) -> RewritePattern {
        let Pattern {
            set,
            name,
            root,
            rewrite,
        } = self;
        create_op_rewrite_pattern(
            root,
            1,
            context,
            move |_pattern, raw_op, raw_rewriter| {
                let span = tracing::trace_span!("pattern", set, pattern = name);
                let _entered = span.enter();
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    // SAFETY: MLIR passes a live op and rewriter for the
                    // duration of this call; the op's context outlives both.
                    let op = unsafe { OperationRef::from_raw(raw_op) };
                    // `to_ref` borrows the ContextRef itself (it transmutes
                    // `&ContextRef` into `&Context`): the ContextRef must
                    // outlive every use, so it is bound here, not a temporary.
                    let context_ref = op.context();
                    let context = unsafe { context_ref.to_ref() };
                    let rewriter = unsafe { PatternRewriter::from_raw(raw_rewriter) };
                    rewrite(
                        Environment { context, map },
                        op,
                        &rewriter.as_rewriter_base(),
                    )
                }));
                match outcome {
                    Ok(Ok(Applied)) => {
                        APPLIED.with(|applied| applied.set(applied.get() + 1));
                        true
                    }
                    Ok(Err(NotApplied(reason))) => {
                        tracing::trace!(reason, "not applied");
                        false
                    }
                    Err(_) => {
                        tracing::error!(
                            set,
                            pattern = name,
                            "pattern panicked; the op is left alone"
                        );
                        false
                    }
                }
            },
            &[],
        )
    }
}

thread_local! {
    /// Rewrites applied on this thread by the walk in progress (the walk
    /// driver calls the patterns on the thread that runs it).
    static APPLIED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Applies `patterns` to the ops nested in `root` in one walk (MLIR's walk
/// driver): each op is offered to the patterns once, ops the patterns create
/// are not revisited, and nothing is folded or erased besides what the
/// patterns rewrite. Returns how many rewrites applied.
#[tracing::instrument(skip_all, fields(set = set))]
pub fn apply_by_walk_on(
    context: &Context,
    root: OperationRef,
    map: AddressSpaceMap,
    set: &'static str,
    patterns: &[Pattern],
) -> usize {
    FrozenPatterns::new(context, map, patterns).apply_by_walk(root)
}

/// What [`apply_by_walk_per_function`] does with a top-level op after its
/// walks, while its IR is still in the cache.
pub type Finish = for<'c, 'a> fn(&'c Context, OperationRef<'c, 'a>);

/// [`apply_by_walk_on`] on each top-level op of `module` (its functions and
/// initializers) on its own, walked again while a walk rewrites something,
/// `max_walks` times at most (for sets whose rewrites may enable one another
/// across a walk, a loop's back edge: a walk of the whole module would
/// revisit every function for the few that changed), then `finish`. The ops
/// are spread over MLIR's threads where the context has them (a nested pass,
/// as `lower` runs): only for patterns that rewrite nothing outside the
/// top-level op they are in and read outside it only what none of them
/// changes (the module's symbols, as `raise` reads them to tell a function's
/// address from data). Each thread freezes the patterns once (a
/// pattern's Rust callback is called through `&mut`, so threads must not
/// share one). Returns how many rewrites applied.
#[tracing::instrument(skip_all, fields(set = set))]
pub fn apply_by_walk_per_function(
    context: &Context,
    module: &mut Module,
    map: AddressSpaceMap,
    set: &'static str,
    patterns: &[Pattern],
    max_walks: usize,
    finish: Option<Finish>,
) -> usize {
    #[repr(align(8))]
    struct PassId;
    static WALK_EACH_FUNCTION: PassId = PassId;
    let walk = WalkEachFunction {
        map,
        patterns: patterns.to_vec(),
        frozen: None,
        max_walks,
        finish,
        applied: Arc::default(),
    };
    let applied = Arc::clone(&walk.applied);
    // The work cannot fail, and every top-level op is visited either way.
    on_each_top_level_op(
        context,
        module,
        walk,
        TypeId::create(&WALK_EACH_FUNCTION),
        "gas-walk-each-function",
    );
    applied.load(std::sync::atomic::Ordering::Relaxed)
}

/// [`apply_by_walk_per_function`]'s work on one top-level op, as an MLIR
/// pass that MLIR clones per thread; each clone freezes its own patterns
/// when it first walks.
struct WalkEachFunction {
    map: AddressSpaceMap,
    patterns: Vec<Pattern>,
    frozen: Option<FrozenPatterns>,
    max_walks: usize,
    finish: Option<Finish>,
    /// Rewrites applied, over every thread.
    applied: Arc<std::sync::atomic::AtomicUsize>,
}

impl Clone for WalkEachFunction {
    fn clone(&self) -> Self {
        Self {
            map: self.map,
            patterns: self.patterns.clone(),
            frozen: None,
            max_walks: self.max_walks,
            finish: self.finish,
            applied: Arc::clone(&self.applied),
        }
    }
}

impl TopLevelWork for WalkEachFunction {
    fn visit<'c>(&mut self, context: &'c Context, op: OperationRef<'c, '_>) {
        let before = APPLIED.with(std::cell::Cell::get);
        let (map, patterns) = (self.map, &self.patterns);
        let frozen = self
            .frozen
            .get_or_insert_with(|| FrozenPatterns::new(context, map, patterns));
        for _ in 0..self.max_walks {
            let applied = APPLIED.with(std::cell::Cell::get);
            frozen.walk(op);
            if APPLIED.with(std::cell::Cell::get) == applied {
                break;
            }
        }
        if let Some(finish) = self.finish {
            // Inside MLIR's callback a panic would abort: report it instead.
            if catch_unwind(AssertUnwindSafe(|| finish(context, op))).is_err() {
                tracing::error!("finishing a function panicked; it is left as it is");
            }
        }
        self.applied.fetch_add(
            APPLIED.with(std::cell::Cell::get) - before,
            std::sync::atomic::Ordering::Relaxed,
        );
    }
}

/// Work on one top-level op of a module (a function, a global's
/// initializer), for [`on_each_top_level_op`]. MLIR clones it per thread.
pub trait TopLevelWork: Clone {
    /// Does the work on `op`.
    fn visit<'c>(&mut self, context: &'c Context, op: OperationRef<'c, '_>);
}

/// Runs `work` on each top-level op of `module` as a nested MLIR pass named
/// `argument` (`id` its type id), in parallel where the context has threads,
/// then on each top-level op MLIR did not schedule the pass on (MLIR runs
/// nested passes only on ops isolated from above), so that every top-level
/// op is visited once. Returns whether MLIR's pass manager ran without failing.
pub fn on_each_top_level_op<W: TopLevelWork>(
    context: &Context,
    module: &mut Module,
    mut work: W,
    id: TypeId,
    argument: &str,
) -> bool {
    let visited: Arc<std::sync::Mutex<Vec<usize>>> = Arc::default();
    let manager = melior::pass::PassManager::new(context);
    // The caller verifies.
    manager.enable_verifier(false);
    manager.nested_under("any").add_pass(external_pass(
        EachTopLevelOp {
            work: work.clone(),
            visited: Arc::clone(&visited),
        },
        id,
        argument,
        argument,
        "gas's work on one top-level op",
    ));
    let ran = manager.run(module).is_ok();
    let visited: std::collections::HashSet<usize> = visited
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .iter()
        .copied()
        .collect();
    let mut next = melior::ir::BlockLike::first_operation(&module.body());
    while let Some(op) = next {
        if !visited.contains(&(op.to_raw().ptr as usize)) {
            work.visit(context, op);
        }
        next = op.next_in_block();
    }
    ran
}

/// [`on_each_top_level_op`]'s pass: the work, and the ops it visited.
#[derive(Clone)]
struct EachTopLevelOp<W> {
    work: W,
    /// The ops visited (their addresses).
    visited: Arc<std::sync::Mutex<Vec<usize>>>,
}

impl<'c, W: TopLevelWork> RunExternalPass<'c> for EachTopLevelOp<W> {
    fn initialize(&mut self, _context: ContextRef<'c>) {}

    fn run(&mut self, op: OperationRef<'c, '_>, _pass: ExternalPass<'_>) {
        let context = op.context();
        self.work.visit(context_of(&context), op);
        self.visited
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(op.to_raw().ptr as usize);
    }
}

/// Patterns frozen for MLIR's walk driver, destroyed on drop: frozen once
/// for many walks ([`apply_by_walk_on`] freezes anew on every call). Not to
/// be shared between threads (MLIR calls a pattern's Rust callback through
/// `&mut`); the raw handle keeps it from being sent.
pub struct FrozenPatterns(mlir_sys::MlirFrozenRewritePatternSet);

impl FrozenPatterns {
    /// `patterns` frozen for `context`.
    pub fn new(context: &Context, map: AddressSpaceMap, patterns: &[Pattern]) -> Self {
        // MLIR 22's `mlirFreezeRewritePattern` moves the patterns out of the
        // set but never deletes the set itself (176 bytes and its buffers a
        // call), and melior's `freeze` forgets it; so the set is made, frozen
        // and destroyed here through the C API. Ownership of each pattern
        // passes to the set (`into_raw`), then to the frozen set.
        // SAFETY: the context is alive; the moved-from set is destroyed once,
        // after freezing.
        unsafe {
            let collection = mlir_sys::mlirRewritePatternSetCreate(context.to_raw());
            for pattern in patterns {
                mlir_sys::mlirRewritePatternSetAdd(
                    collection,
                    pattern.into_rewrite_pattern(context, map).into_raw(),
                );
            }
            let frozen = mlir_sys::mlirFreezeRewritePattern(collection);
            mlir_sys::mlirRewritePatternSetDestroy(collection);
            Self(frozen)
        }
    }

    /// One walk of MLIR's driver over `root` and the ops nested in it.
    fn walk(&self, root: OperationRef) {
        // SAFETY: the op and the frozen set are alive for the call.
        unsafe { mlir_sys::mlirWalkAndApplyPatterns(root.to_raw(), self.0) }
    }

    /// [`apply_by_walk_on`] with these patterns: one walk over `root`;
    /// returns how many rewrites applied.
    pub fn apply_by_walk(&self, root: OperationRef) -> usize {
        let before = APPLIED.with(std::cell::Cell::get);
        self.walk(root);
        APPLIED.with(std::cell::Cell::get) - before
    }
}

impl Drop for FrozenPatterns {
    fn drop(&mut self) {
        // SAFETY: the frozen set is destroyed once, after every walk.
        unsafe { mlir_sys::mlirFrozenRewritePatternSetDestroy(self.0) }
    }
}

/// Registers, once per process, the MLIR passes gas's pipelines and
/// `--pass-pipeline` can name: MLIR's generic transforms (`canonicalize`,
/// `cse`, `inline`, `sccp`, `symbol-dce`, `mem2reg`, ...), the LLVM
/// dialect's passes and the conversions into the LLVM dialect of the
/// dialects gas registers. MLIR's other passes are not linked into gas-opt:
/// registering all of them links every dialect and LLVM target, whose static
/// initializers every start pays.
pub fn register_mlir_passes() {
    static REGISTERED: std::sync::Once = std::sync::Once::new();
    // SAFETY: MLIR's registration functions take no arguments and only add
    // to its process-wide pass registry; `Once` serializes them.
    REGISTERED.call_once(|| unsafe {
        mlir_sys::mlirRegisterTransformsPasses();
        mlir_sys::mlirRegisterLLVMPasses();
        mlir_sys::mlirRegisterConversionSCFToControlFlowPass();
        mlir_sys::mlirRegisterConversionConvertControlFlowToLLVMPass();
        mlir_sys::mlirRegisterConversionArithToLLVMConversionPass();
        mlir_sys::mlirRegisterConversionConvertFuncToLLVMPass();
        mlir_sys::mlirRegisterConversionConvertIndexToLLVMPass();
        mlir_sys::mlirRegisterConversionConvertMathToLLVMPass();
        mlir_sys::mlirRegisterConversionUBToLLVMConversionPass();
        mlir_sys::mlirRegisterConversionReconcileUnrealizedCastsPass();
    });
}

/// The context a pass's op lives in, for as long as `context` (the op's
/// [`melior::ContextRef`]) lives: melior's `to_ref` points at the
/// `ContextRef` itself, not at the context.
pub fn context_of<'a>(context: &'a melior::ContextRef) -> &'a Context {
    // SAFETY: the result is bounded by the borrow of the `ContextRef` it
    // reinterprets.
    unsafe { context.to_ref() }
}

// In-place IR edits melior offers only on owned or `OperationRefMut`
// operations; patterns and the propagate set hold `OperationRef`s.

/// Whether `value` has any use.
pub fn has_uses(value: melior::ir::Value) -> bool {
    use melior::ir::ValueLike;
    // SAFETY: the value is alive; the first use is only tested for null.
    unsafe { !mlir_sys::mlirOpOperandIsNull(mlir_sys::mlirValueGetFirstUse(value.to_raw())) }
}

/// The users of `value`, each with the operand position it is used at.
pub fn uses_of<'c, 'a>(value: melior::ir::Value<'c, 'a>) -> Vec<(OperationRef<'c, 'a>, usize)> {
    use melior::ir::ValueLike;
    let mut uses = Vec::new();
    // SAFETY: the value is alive; each use is read while the IR is unchanged.
    unsafe {
        let mut current = mlir_sys::mlirValueGetFirstUse(value.to_raw());
        while !mlir_sys::mlirOpOperandIsNull(current) {
            let owner = OperationRef::from_raw(mlir_sys::mlirOpOperandGetOwner(current));
            let position = mlir_sys::mlirOpOperandGetOperandNumber(current) as usize;
            uses.push((owner, position));
            current = mlir_sys::mlirOpOperandGetNextUse(current);
        }
    }
    uses
}

/// Moves `op` to the end of `block` (which must not be `op`'s own block
/// nor inside `op`).
pub fn move_to_end(op: OperationRef, block: melior::ir::BlockRef) {
    use melior::ir::BlockLike;
    // SAFETY: both are alive; removing `op` from its block hands its
    // ownership to us, and appending hands it to `block` at once.
    unsafe {
        mlir_sys::mlirOperationRemoveFromParent(op.to_raw());
        mlir_sys::mlirBlockAppendOwnedOperation(block.to_raw(), op.to_raw());
    }
}

/// Sets operand `index` of `op` to `value` (the caller brackets the edit with
/// the rewriter's `start_op_modification`/`finalize_op_modification`).
pub fn set_operand(op: OperationRef, index: usize, value: melior::ir::Value) {
    use melior::ir::ValueLike;
    if index < op.operand_count() {
        // SAFETY: op and value are alive and the index is in range.
        unsafe { mlir_sys::mlirOperationSetOperand(op.to_raw(), index as isize, value.to_raw()) }
    }
}

/// Sets the location of `op`.
pub fn set_location(op: OperationRef, location: melior::ir::Location) {
    // SAFETY: op and location are alive; locations are uniqued in the context.
    unsafe { mlir_sys::mlirOperationSetLocation(op.to_raw(), location.to_raw()) }
}

/// Sets (or adds) the attribute `name` of `op`.
pub fn set_attribute(op: OperationRef, name: &str, attribute: melior::ir::Attribute) {
    use melior::ir::attribute::AttributeLike;
    let name = melior::StringRef::new(name);
    // SAFETY: op and attribute are alive; MLIR copies the name.
    unsafe {
        mlir_sys::mlirOperationSetAttributeByName(op.to_raw(), name.to_raw(), attribute.to_raw())
    }
}

/// Removes the attribute `name` of `op`, if it has one.
pub fn remove_attribute(op: OperationRef, name: &str) {
    let name = melior::StringRef::new(name);
    // SAFETY: op is alive; the name is only read.
    unsafe {
        mlir_sys::mlirOperationRemoveAttributeByName(op.to_raw(), name.to_raw());
    }
}

/// The result type of an `!llvm.func<...>` type.
pub fn llvm_function_result(function_type: melior::ir::Type) -> Option<melior::ir::Type> {
    if !function_type.to_string().starts_with("!llvm.func<") {
        return None;
    }
    // SAFETY: the type is an LLVM function type (checked above).
    Some(unsafe { llvm_function_result_unchecked(function_type) })
}

/// The result type of `function_type`.
///
/// # Safety
/// `function_type` must be an `!llvm.func` type.
unsafe fn llvm_function_result_unchecked(function_type: melior::ir::Type) -> melior::ir::Type {
    use melior::ir::TypeLike;
    // SAFETY: the caller vouches for the type's kind; the call only reads it.
    unsafe {
        melior::ir::Type::from_raw(mlir_sys::mlirLLVMFunctionTypeGetReturnType(
            function_type.to_raw(),
        ))
    }
}

/// The result type of the `llvm.func` op `function`, read without printing
/// its type: the op's verifier makes `function_type` an LLVM function type.
pub fn llvm_func_op_result<'c>(function: &OperationRef<'c, '_>) -> Option<melior::ir::Type<'c>> {
    if super::name_of(function) != "llvm.func" {
        return None;
    }
    let function_type =
        melior::ir::attribute::TypeAttribute::try_from(function.attribute("function_type").ok()?)
            .ok()?
            .value();
    // SAFETY: an `llvm.func`'s `function_type` is an `!llvm.func` type.
    Some(unsafe { llvm_function_result_unchecked(function_type) })
}

/// The number of parameters of an `!llvm.func<...>` type.
pub fn llvm_function_parameter_count(function_type: melior::ir::Type) -> Option<usize> {
    use melior::ir::TypeLike;
    if !function_type.to_string().starts_with("!llvm.func<") {
        return None;
    }
    // SAFETY: the type is an LLVM function type (checked above).
    let count = unsafe { mlir_sys::mlirLLVMFunctionTypeGetNumInputs(function_type.to_raw()) };
    usize::try_from(count).ok()
}

/// Parameter `position` of an `!llvm.func<...>` type.
pub fn llvm_function_parameter(
    function_type: melior::ir::Type,
    position: usize,
) -> Option<melior::ir::Type> {
    use melior::ir::TypeLike;
    if position >= llvm_function_parameter_count(function_type)? {
        return None;
    }
    // SAFETY: an LLVM function type (checked by the count) and an index in range.
    Some(unsafe {
        melior::ir::Type::from_raw(mlir_sys::mlirLLVMFunctionTypeGetInput(
            function_type.to_raw(),
            position as isize,
        ))
    })
}

/// `op` printed with its locations (`loc(...)`), so that text parsed back
/// keeps the source positions diagnostics point at.
pub fn print_with_locations(op: OperationRef) -> String {
    // SAFETY: the flags are alive for this call.
    print_with(op.to_raw(), |flags| unsafe {
        mlir_sys::mlirOpPrintingFlagsEnableDebugInfo(flags, true, false)
    })
}

/// `op` printed on its own: local scope and assumed verified, so printing
/// one op does not verify and number its whole enclosing function (the
/// default does, which made printing a GEP per tag quadratic).
pub fn print_locally<'c: 'a, 'a>(op: &impl OperationLike<'c, 'a>) -> String {
    print_raw_locally(op.to_raw())
}

/// [`print_locally`] on a raw op.
fn print_raw_locally(op: mlir_sys::MlirOperation) -> String {
    // SAFETY: the flags are alive for this call.
    print_with(op, |flags| unsafe {
        mlir_sys::mlirOpPrintingFlagsUseLocalScope(flags);
        mlir_sys::mlirOpPrintingFlagsAssumeVerified(flags);
    })
}

/// A verified `op` printed whole, as `mlir-opt` prints it. MLIR's default
/// printing verifies the op first (to fall back to the generic form); the
/// driver has just verified it, so that second verification is skipped.
pub fn print_verified(op: OperationRef) -> String {
    // SAFETY: the flags are alive for this call.
    print_with(op.to_raw(), |flags| unsafe {
        mlir_sys::mlirOpPrintingFlagsAssumeVerified(flags);
    })
}

/// How many threads MLIR's passes may use in `context`: 1 when its
/// threads are off.
pub fn thread_count(context: &Context) -> usize {
    // SAFETY: the context is alive for the call.
    unsafe { mlir_sys::mlirContextGetNumThreads(context.to_raw()) as usize }
}

/// Each of `ops` printed as [`print_locally`] prints it, on the threads of
/// `context` (where its threads are on: MLIR's uniquing then locks), handed
/// to `consume` in the order of `ops` as soon as it and every op before it
/// are printed, so that few texts are alive at once. Printing stops early
/// when `consume` returns false. Printing only reads the ops; an op not
/// isolated from above prints right, but numbers its whole ancestor first.
pub fn print_each_locally<'c: 'a, 'a, O: OperationLike<'c, 'a>>(
    context: &Context,
    ops: &[O],
    mut consume: impl FnMut(String) -> bool,
) {
    /// An op to print on another thread.
    struct Printable(mlir_sys::MlirOperation);
    // SAFETY: the threads only print (read) the ops, which outlive them
    // (scoped threads); the context's threads are on, so the attributes
    // printing makes are uniqued under MLIR's locks.
    unsafe impl Sync for Printable {}
    let threads = thread_count(context).min(ops.len());
    if threads <= 1 {
        for op in ops {
            if !consume(print_locally(op)) {
                return;
            }
        }
        return;
    }
    let printable: Vec<Printable> = ops.iter().map(|op| Printable(op.to_raw())).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    // How many texts `consume` has taken (`usize::MAX` once it stopped):
    // a thread waits before printing an op this far ahead of it, so one
    // slow op does not leave every later text waiting in memory.
    let taken = std::sync::Mutex::new(0usize);
    let turn = std::sync::Condvar::new();
    let (sender, receiver) = std::sync::mpsc::channel::<(usize, String)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (sender, printable, next) = (sender.clone(), &printable, &next);
            let (taken, turn) = (&taken, &turn);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(op) = printable.get(index) else {
                    break;
                };
                let now = turn
                    .wait_while(
                        taken
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner),
                        |taken| index >= taken.saturating_add(PRINT_AHEAD),
                    )
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if *now == usize::MAX {
                    break;
                }
                drop(now);
                let text = print_raw_locally(op.0);
                // The receiver is gone once `consume` stopped.
                if sender.send((index, text)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut waiting = std::collections::BTreeMap::new();
        let mut expected = 0;
        let set_taken = |count: usize| {
            *taken
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = count;
            turn.notify_all();
        };
        // Returning drops the receiver, which stops the threads.
        for (index, text) in receiver {
            waiting.insert(index, text);
            while let Some(text) = waiting.remove(&expected) {
                if !consume(text) {
                    set_taken(usize::MAX);
                    return;
                }
                expected += 1;
                set_taken(expected);
            }
        }
    });
}

/// How many ops past the last text taken [`print_each_locally`] prints
/// ahead.
const PRINT_AHEAD: usize = 256;

/// `op` printed with printing flags that `configure` sets.
fn print_with(
    op: mlir_sys::MlirOperation,
    configure: impl FnOnce(mlir_sys::MlirOpPrintingFlags),
) -> String {
    unsafe extern "C" fn append(text: mlir_sys::MlirStringRef, data: *mut std::ffi::c_void) {
        // SAFETY: `data` is the `Vec<u8>` below, alive for the print call;
        // MLIR passes a valid (pointer, length) pair.
        unsafe {
            let buffer = &mut *(data as *mut Vec<u8>);
            if !text.data.is_null() {
                buffer.extend_from_slice(std::slice::from_raw_parts(
                    text.data as *const u8,
                    text.length,
                ));
            }
        }
    }
    let mut buffer: Vec<u8> = Vec::new();
    // SAFETY: the flags are created, used for one print of a live op and
    // destroyed; the callback only appends to `buffer`.
    unsafe {
        let flags = mlir_sys::mlirOpPrintingFlagsCreate();
        configure(flags);
        mlir_sys::mlirOperationPrintWithFlags(
            op,
            flags,
            Some(append),
            &mut buffer as *mut Vec<u8> as *mut std::ffi::c_void,
        );
        mlir_sys::mlirOpPrintingFlagsDestroy(flags);
    }
    // No copy when the text is UTF-8, which MLIR's printer writes.
    String::from_utf8(buffer)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

/// An MLIR pass that runs `pass` on any op: melior's `create_external`,
/// except that destroying the pass frees it. melior 0.27's destroy callback
/// drops the pass in place but never frees its box, so every pass made
/// (one per gas stage, one per function `lower` runs on) leaked it.
pub fn external_pass<'c, T: RunExternalPass<'c>>(
    pass: T,
    id: TypeId,
    name: &str,
    argument: &str,
    description: &str,
) -> Pass {
    unsafe extern "C" fn construct<'c, T: RunExternalPass<'c>>(data: *mut c_void) {
        // SAFETY: `data` is the box made below, alive until `destruct`.
        unsafe { &mut *data.cast::<T>() }.construct();
    }
    unsafe extern "C" fn destruct<'c, T: RunExternalPass<'c>>(data: *mut c_void) {
        // SAFETY: MLIR calls this once, last; the box is not used after.
        let mut pass = unsafe { Box::from_raw(data.cast::<T>()) };
        pass.destruct();
    }
    unsafe extern "C" fn initialize<'c, T: RunExternalPass<'c>>(
        context: mlir_sys::MlirContext,
        data: *mut c_void,
    ) -> mlir_sys::MlirLogicalResult {
        // SAFETY: as in `construct`; the context outlives the call.
        unsafe { &mut *data.cast::<T>() }.initialize(unsafe { ContextRef::from_raw(context) });
        mlir_sys::MlirLogicalResult { value: 1 }
    }
    unsafe extern "C" fn run<'c, T: RunExternalPass<'c>>(
        operation: mlir_sys::MlirOperation,
        external: mlir_sys::MlirExternalPass,
        data: *mut c_void,
    ) {
        // SAFETY: as in `construct`; the op and the pass outlive the call.
        unsafe { &mut *data.cast::<T>() }
            .run(unsafe { OperationRef::from_raw(operation) }, unsafe {
                ExternalPass::from_raw(external)
            });
    }
    unsafe extern "C" fn clone<'c, T: RunExternalPass<'c>>(data: *mut c_void) -> *mut c_void {
        // SAFETY: as in `construct`; the clone gets its own box, freed by
        // its own `destruct`.
        let copy = unsafe { &*data.cast::<T>() }.clone();
        Box::into_raw(Box::new(copy)).cast()
    }
    let callbacks = mlir_sys::MlirExternalPassCallbacks {
        construct: Some(construct::<T>),
        destruct: Some(destruct::<T>),
        initialize: Some(initialize::<T>),
        clone: Some(clone::<T>),
        run: Some(run::<T>),
    };
    // SAFETY: MLIR copies the strings; it owns the box from here and hands
    // it back to `destruct`.
    unsafe {
        Pass::from_raw(mlir_sys::mlirCreateExternalPass(
            id.to_raw(),
            StringRef::new(name).to_raw(),
            StringRef::new(argument).to_raw(),
            StringRef::new(description).to_raw(),
            StringRef::new("").to_raw(),
            0,
            std::ptr::null_mut(),
            callbacks,
            Box::into_raw(Box::new(pass)).cast(),
        ))
    }
}
