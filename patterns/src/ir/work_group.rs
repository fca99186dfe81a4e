//! The target hook for work-group collectives: where a work-item's local id,
//! the work-group's size and the work-group barrier come from. SPIR's OpenCL
//! builtins are the one implementation today; NVPTX or AMDGPU would add their
//! own (special registers, intrinsics) behind the same three calls.

use crate::ir::emit::{EmitError, Emitter};
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationLike;
use melior::ir::{Module, Value};
use melior::Context;

/// How one target spells the work-group builtins.
#[derive(Clone, Copy, Debug)]
pub struct WorkGroupTarget {
    /// `size_t get_local_id(uint)`.
    pub local_id: &'static str,
    /// `size_t get_local_size(uint)`.
    pub local_size: &'static str,
    /// `void barrier(cl_mem_fence_flags)`.
    pub barrier: &'static str,
    /// The barrier's flags: local and global memory.
    pub barrier_flags: i64,
    /// The calling convention of the builtins, as in `#llvm.cconv<...>`.
    pub calling_convention: &'static str,
}

/// SPIR: the OpenCL builtins in Itanium mangling, `spir_func`.
pub const SPIR: WorkGroupTarget = WorkGroupTarget {
    local_id: "_Z12get_local_idj",
    local_size: "_Z14get_local_sizej",
    barrier: "_Z7barrierj",
    // CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE
    barrier_flags: 3,
    calling_convention: "spir_funccc",
};

impl WorkGroupTarget {
    /// Declares the builtins in `module` where it does not declare them yet.
    pub fn declare(&self, context: &Context, module: &Module) -> Result<(), EmitError> {
        let mut present = Vec::new();
        let mut op = module.body().first_operation();
        while let Some(current) = op {
            if let Ok(symbol) = current.attribute("sym_name") {
                present.push(symbol.to_string().trim_matches('"').to_string());
            }
            op = current.next_in_block();
        }
        let cc = self.calling_convention;
        let declarations = [
            (
                self.local_id,
                format!("llvm.func {cc} @{}(i32) -> i64", self.local_id),
            ),
            (
                self.local_size,
                format!("llvm.func {cc} @{}(i32) -> i64", self.local_size),
            ),
            (
                self.barrier,
                format!("llvm.func {cc} @{}(i32)", self.barrier),
            ),
        ];
        for (name, text) in declarations {
            if present.iter().any(|symbol| symbol == name) {
                continue;
            }
            let parsed = Module::parse(context, &text).ok_or(EmitError::Build("llvm.func"))?;
            let declaration = parsed
                .body()
                .first_operation()
                .ok_or(EmitError::Build("llvm.func"))?;
            // Deref to the owned `Operation` and clone it (mlirOperationClone).
            let owned: melior::ir::Operation = (*declaration).clone();
            module.body().append_operation(owned);
        }
        Ok(())
    }

    fn builtin<'c, 'r>(
        &self,
        emitter: &Emitter<'r, 'c, '_>,
        name: &str,
        dimension: i64,
    ) -> Result<Value<'c, 'r>, EmitError> {
        let dimension = emitter.constant(emitter.integer_type(32), dimension)?;
        emitter
            .call(
                name,
                self.calling_convention,
                &[dimension],
                Some(emitter.integer_type(64)),
            )?
            .ok_or(EmitError::Build("llvm.call"))
    }

    /// The work-item's linear local id and the work-group's size (both `i64`):
    /// `id0 + size0 * (id1 + size1 * id2)` and `size0 * size1 * size2`.
    pub fn linear_local_id<'c, 'r>(
        &self,
        emitter: &Emitter<'r, 'c, '_>,
    ) -> Result<(Value<'c, 'r>, Value<'c, 'r>), EmitError> {
        let id = |dimension| self.builtin(emitter, self.local_id, dimension);
        let size = |dimension| self.builtin(emitter, self.local_size, dimension);
        let (id0, id1, id2) = (id(0)?, id(1)?, id(2)?);
        let (size0, size1, size2) = (size(0)?, size(1)?, size(2)?);
        let inner = emitter.add(id1, emitter.mul(size1, id2)?)?;
        let linear = emitter.add(id0, emitter.mul(size0, inner)?)?;
        let total = emitter.mul(emitter.mul(size0, size1)?, size2)?;
        Ok((linear, total))
    }

    /// A work-group barrier over local and global memory.
    pub fn barrier(&self, emitter: &Emitter) -> Result<(), EmitError> {
        let flags = emitter.constant(emitter.integer_type(32), self.barrier_flags)?;
        emitter.call(self.barrier, self.calling_convention, &[flags], None)?;
        Ok(())
    }
}
