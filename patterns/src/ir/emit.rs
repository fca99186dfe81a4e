//! The one builder for each op the pattern sets emit (LLVM dialect, plus the
//! `arith`/`scf` ops MLIR's own conversions turn into LLVM control flow).
//!
//! An [`Emitter`] inserts through the pattern's rewriter at its current
//! insertion point, so the driver sees every op a pattern creates.

use melior::ir::attribute::{
    DenseI32ArrayAttribute, DenseI64ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute,
    TypeAttribute,
};
use melior::ir::operation::{OperationBuilder, OperationLike};
use melior::ir::r#type::IntegerType;
use melior::ir::{
    Block, BlockLike, BlockRef, Identifier, Location, OperationRef, Region, RegionLike,
};
use melior::ir::{Type, Value, ValueLike};
use melior::Context;
use melior::RewriterBase;
use thiserror::Error;

/// An op could not be built (MLIR rejected its operands or attributes).
#[derive(Debug, Error)]
pub enum EmitError {
    /// MLIR refused to build the op named here, or it lacked the result or
    /// block argument the builder reads back.
    #[error("could not build `{0}`")]
    Build(&'static str),
    /// [`Emitter::enter_region`] was asked for a region (or its block) the op does not have.
    #[error("`{0}` has no region {1}")]
    NoRegion(&'static str, usize),
}

/// `llvm.icmp` predicates gas uses (LLVM's numbering of `ICmpPredicate`).
#[derive(Clone, Copy, Debug)]
pub enum IntPredicate {
    /// `eq`: equal.
    Eq = 0,
    /// `ne`: not equal.
    Ne = 1,
}

/// Inserts ops through `rewriter` at its insertion point, all at `location`.
pub struct Emitter<'r, 'c, 'a> {
    /// The context types and attributes are made in.
    pub context: &'c Context,
    /// The rewriter that inserts each op (and so tells the driver about it).
    pub rewriter: &'r RewriterBase<'c, 'a>,
    /// The location of every op emitted: the matched op's, as a rule.
    pub location: Location<'c>,
}

impl<'r, 'c, 'a> Emitter<'r, 'c, 'a> {
    fn insert(
        &self,
        name: &'static str,
        builder: OperationBuilder<'c>,
    ) -> Result<OperationRef<'c, 'r>, EmitError> {
        let op = builder.build().map_err(|_| EmitError::Build(name))?;
        Ok(self.rewriter.insert(op))
    }

    fn single_result(
        &self,
        name: &'static str,
        operands: &[Value<'c, '_>],
        attributes: &[(&str, melior::ir::Attribute<'c>)],
        result: Type<'c>,
    ) -> Result<Value<'c, 'r>, EmitError> {
        let attributes: Vec<_> = attributes
            .iter()
            .map(|(key, value)| (Identifier::new(self.context, key), *value))
            .collect();
        let op = self.insert(
            name,
            OperationBuilder::new(name, self.location)
                .add_operands(operands)
                .add_attributes(&attributes)
                .add_results(&[result]),
        )?;
        op.result(0)
            .map(Into::into)
            .map_err(|_| EmitError::Build(name))
    }

    /// An `iN` type.
    pub fn integer_type(&self, bits: u32) -> Type<'c> {
        IntegerType::new(self.context, bits).into()
    }

    /// `llvm.mlir.constant(value : iN)`.
    pub fn constant(&self, r#type: Type<'c>, value: i64) -> Result<Value<'c, 'r>, EmitError> {
        let attribute = IntegerAttribute::new(r#type, value).into();
        self.single_result("llvm.mlir.constant", &[], &[("value", attribute)], r#type)
    }

    /// `llvm.mlir.constant(dense<value> : type)`: `value` in every lane of
    /// the integer vector `type`.
    pub fn splat(&self, r#type: Type<'c>, value: i64) -> Result<Value<'c, 'r>, EmitError> {
        let attribute =
            melior::ir::Attribute::parse(self.context, &format!("dense<{value}> : {type}"))
                .ok_or(EmitError::Build("llvm.mlir.constant"))?;
        self.single_result("llvm.mlir.constant", &[], &[("value", attribute)], r#type)
    }

    /// `value` of the integer type `type`, or in every lane of it when it
    /// is a vector.
    pub fn constant_like(&self, r#type: Type<'c>, value: i64) -> Result<Value<'c, 'r>, EmitError> {
        match gas_dialect::ops::lane_count(r#type) {
            Some(_) => self.splat(r#type, value),
            None => self.constant(r#type, value),
        }
    }

    /// `vector<lanes x element>`, shaped like the vector `like`.
    pub fn vector_like(&self, like: Type<'c>, element: Type<'c>) -> Result<Type<'c>, EmitError> {
        let lanes = gas_dialect::ops::lane_count(like).ok_or(EmitError::Build("vector type"))?;
        Type::parse(self.context, &format!("vector<{lanes}x{element}>"))
            .ok_or(EmitError::Build("vector type"))
    }

    /// `llvm.getelementptr` like `gep` (a copy: same indices and flags) on
    /// `base`, giving `result`.
    pub fn getelementptr_like(
        &self,
        gep: &OperationRef<'c, '_>,
        base: Value<'c, '_>,
        result: Type<'c>,
    ) -> Result<Value<'c, 'r>, EmitError> {
        const NAME: &str = "llvm.getelementptr";
        if gep.operand_count() == 0 || gep.result_count() != 1 {
            return Err(EmitError::Build(NAME));
        }
        // A copy keeps the op's properties (`noWrapFlags`, the constant
        // indices), which an op built from its attribute list would drop.
        let copy: melior::ir::Operation = (**gep).clone();
        let copy = self.rewriter.insert(copy);
        let value = copy.result(0).map_err(|_| EmitError::Build(NAME))?;
        // SAFETY: the copy is alive, operand 0 exists (checked above), and
        // the base and result types are a GEP's: a pointer (or vector of
        // pointers) of the result's space, as the caller rebuilds it.
        unsafe {
            mlir_sys::mlirOperationSetOperand(copy.to_raw(), 0, base.to_raw());
            mlir_sys::mlirValueSetType(value.to_raw(), melior::ir::TypeLike::to_raw(&result));
        }
        Ok(value.into())
    }

    /// `llvm.mlir.zero`: the null pointer (or zero) of `type`.
    pub fn zero(&self, r#type: Type<'c>) -> Result<Value<'c, 'r>, EmitError> {
        self.single_result("llvm.mlir.zero", &[], &[], r#type)
    }

    /// `llvm.mlir.poison` of `type`: what a debug record describes once its
    /// value is gone (LLVM's own passes kill a location so).
    pub fn poison(&self, r#type: Type<'c>) -> Result<Value<'c, 'r>, EmitError> {
        self.single_result("llvm.mlir.poison", &[], &[], r#type)
    }

    /// `llvm.ptrtoint`.
    pub fn ptr_to_int(
        &self,
        pointer: Value<'c, '_>,
        r#type: Type<'c>,
    ) -> Result<Value<'c, 'r>, EmitError> {
        self.single_result("llvm.ptrtoint", &[pointer], &[], r#type)
    }

    /// `llvm.inttoptr`.
    pub fn int_to_ptr(
        &self,
        integer: Value<'c, '_>,
        r#type: Type<'c>,
    ) -> Result<Value<'c, 'r>, EmitError> {
        self.single_result("llvm.inttoptr", &[integer], &[], r#type)
    }

    /// `llvm.addrspacecast`.
    pub fn addrspacecast(
        &self,
        pointer: Value<'c, '_>,
        r#type: Type<'c>,
    ) -> Result<Value<'c, 'r>, EmitError> {
        self.single_result("llvm.addrspacecast", &[pointer], &[], r#type)
    }

    fn binary(
        &self,
        name: &'static str,
        lhs: Value<'c, '_>,
        rhs: Value<'c, '_>,
    ) -> Result<Value<'c, 'r>, EmitError> {
        self.single_result(name, &[lhs, rhs], &[], lhs.r#type())
    }

    /// `llvm.and`.
    pub fn and(&self, lhs: Value<'c, '_>, rhs: Value<'c, '_>) -> Result<Value<'c, 'r>, EmitError> {
        self.binary("llvm.and", lhs, rhs)
    }

    /// `llvm.xor`.
    pub fn xor(&self, lhs: Value<'c, '_>, rhs: Value<'c, '_>) -> Result<Value<'c, 'r>, EmitError> {
        self.binary("llvm.xor", lhs, rhs)
    }

    /// `llvm.or`.
    pub fn or(&self, lhs: Value<'c, '_>, rhs: Value<'c, '_>) -> Result<Value<'c, 'r>, EmitError> {
        self.binary("llvm.or", lhs, rhs)
    }

    /// `llvm.shl`.
    pub fn shl(&self, lhs: Value<'c, '_>, rhs: Value<'c, '_>) -> Result<Value<'c, 'r>, EmitError> {
        self.binary("llvm.shl", lhs, rhs)
    }

    /// `llvm.ashr`.
    pub fn ashr(&self, lhs: Value<'c, '_>, rhs: Value<'c, '_>) -> Result<Value<'c, 'r>, EmitError> {
        self.binary("llvm.ashr", lhs, rhs)
    }

    /// `llvm.add`.
    pub fn add(&self, lhs: Value<'c, '_>, rhs: Value<'c, '_>) -> Result<Value<'c, 'r>, EmitError> {
        self.binary("llvm.add", lhs, rhs)
    }

    /// `llvm.mul`.
    pub fn mul(&self, lhs: Value<'c, '_>, rhs: Value<'c, '_>) -> Result<Value<'c, 'r>, EmitError> {
        self.binary("llvm.mul", lhs, rhs)
    }

    /// `llvm.udiv`.
    pub fn udiv(&self, lhs: Value<'c, '_>, rhs: Value<'c, '_>) -> Result<Value<'c, 'r>, EmitError> {
        self.binary("llvm.udiv", lhs, rhs)
    }

    /// `llvm.urem`.
    pub fn urem(&self, lhs: Value<'c, '_>, rhs: Value<'c, '_>) -> Result<Value<'c, 'r>, EmitError> {
        self.binary("llvm.urem", lhs, rhs)
    }

    /// `llvm.getelementptr` of `offset` bytes from `base` (an `i8` GEP).
    pub fn byte_offset(
        &self,
        base: Value<'c, '_>,
        offset: Value<'c, '_>,
    ) -> Result<Value<'c, 'r>, EmitError> {
        const DYNAMIC_INDEX: i32 = i32::MIN;
        let raw = DenseI32ArrayAttribute::new(self.context, &[DYNAMIC_INDEX]).into();
        let byte = TypeAttribute::new(self.integer_type(8)).into();
        self.single_result(
            "llvm.getelementptr",
            &[base, offset],
            &[("elem_type", byte), ("rawConstantIndices", raw)],
            base.r#type(),
        )
    }

    /// `llvm.intr.memcpy(dst, src, bytes)`, not volatile, no alignment promised.
    pub fn memcpy(
        &self,
        dst: Value<'c, '_>,
        src: Value<'c, '_>,
        bytes: Value<'c, '_>,
    ) -> Result<(), EmitError> {
        const NAME: &str = "llvm.intr.memcpy";
        let not_volatile = IntegerAttribute::new(self.integer_type(1), 0).into();
        self.insert(
            NAME,
            OperationBuilder::new(NAME, self.location)
                .add_operands(&[dst, src, bytes])
                .add_attributes(&[(Identifier::new(self.context, "isVolatile"), not_volatile)]),
        )?;
        Ok(())
    }

    /// `llvm.call` of `callee` with the calling convention `cconv` (as written
    /// in `#llvm.cconv<...>`), returning `result` if any.
    pub fn call(
        &self,
        callee: &str,
        cconv: &str,
        arguments: &[Value<'c, '_>],
        result: Option<Type<'c>>,
    ) -> Result<Option<Value<'c, 'r>>, EmitError> {
        const NAME: &str = "llvm.call";
        let cconv = melior::ir::Attribute::parse(self.context, &format!("#llvm.cconv<{cconv}>"))
            .ok_or(EmitError::Build(NAME))?;
        let attributes = [
            (
                Identifier::new(self.context, "callee"),
                FlatSymbolRefAttribute::new(self.context, callee).into(),
            ),
            (Identifier::new(self.context, "CConv"), cconv),
            (
                Identifier::new(self.context, "op_bundle_sizes"),
                DenseI32ArrayAttribute::new(self.context, &[]).into(),
            ),
            (
                Identifier::new(self.context, "operandSegmentSizes"),
                DenseI32ArrayAttribute::new(self.context, &[arguments.len() as i32, 0]).into(),
            ),
        ];
        let mut builder = OperationBuilder::new(NAME, self.location)
            .add_operands(arguments)
            .add_attributes(&attributes);
        if let Some(result) = result {
            builder = builder.add_results(&[result]);
        }
        let call = self.insert(NAME, builder)?;
        Ok(crate::ir::result(&call, 0).map(Into::into))
    }

    /// `llvm.call_intrinsic` of `intrinsic` (an LLVM intrinsic's name) on
    /// `arguments`, returning one `result`.
    pub fn call_intrinsic(
        &self,
        intrinsic: &str,
        arguments: &[Value<'c, '_>],
        result: Type<'c>,
    ) -> Result<Value<'c, 'r>, EmitError> {
        const NAME: &str = "llvm.call_intrinsic";
        let attributes = [
            (
                "intrin",
                melior::ir::attribute::StringAttribute::new(self.context, intrinsic).into(),
            ),
            (
                "op_bundle_sizes",
                DenseI32ArrayAttribute::new(self.context, &[]).into(),
            ),
            (
                "operandSegmentSizes",
                DenseI32ArrayAttribute::new(self.context, &[arguments.len() as i32, 0]).into(),
            ),
        ];
        self.single_result(NAME, arguments, &attributes, result)
    }

    /// `scf.for` from `lower` to `upper` by `step` (all `index`); returns the
    /// op, with the insertion point moved into its body (before nothing yet:
    /// the caller emits the body and its `scf.yield`), and the induction variable.
    pub fn scf_for(
        &self,
        lower: Value<'c, '_>,
        upper: Value<'c, '_>,
        step: Value<'c, '_>,
    ) -> Result<(OperationRef<'c, 'r>, Value<'c, 'r>), EmitError> {
        const NAME: &str = "scf.for";
        let region = Region::new();
        region.append_block(Block::new(&[(Type::index(self.context), self.location)]));
        let op = self.insert(
            NAME,
            OperationBuilder::new(NAME, self.location)
                .add_operands(&[lower, upper, step])
                .add_regions([region]),
        )?;
        let body = op
            .region(0)
            .ok()
            .and_then(|region| region.first_block())
            .ok_or(EmitError::NoRegion(NAME, 0))?;
        let induction = body.argument(0).map_err(|_| EmitError::Build(NAME))?;
        self.rewriter.set_insertion_point_to_end(body);
        Ok((op, induction.into()))
    }

    /// `arith.index_cast` of an `index` to `iN`.
    pub fn index_to_integer(
        &self,
        index: Value<'c, '_>,
        bits: u32,
    ) -> Result<Value<'c, 'r>, EmitError> {
        self.single_result("arith.index_cast", &[index], &[], self.integer_type(bits))
    }

    /// `builtin.unrealized_conversion_cast` of `value` to `type` (between
    /// SPIR's event type and gas's, removed by `reconcile-unrealized-casts`).
    pub fn unrealized_cast(
        &self,
        value: Value<'c, '_>,
        r#type: Type<'c>,
    ) -> Result<Value<'c, 'r>, EmitError> {
        self.single_result("builtin.unrealized_conversion_cast", &[value], &[], r#type)
    }

    /// `llvm.lshr`.
    pub fn lshr(&self, lhs: Value<'c, '_>, rhs: Value<'c, '_>) -> Result<Value<'c, 'r>, EmitError> {
        self.binary("llvm.lshr", lhs, rhs)
    }

    /// `llvm.icmp`.
    pub fn icmp(
        &self,
        predicate: IntPredicate,
        lhs: Value<'c, '_>,
        rhs: Value<'c, '_>,
    ) -> Result<Value<'c, 'r>, EmitError> {
        let i64_type = self.integer_type(64);
        let predicate = IntegerAttribute::new(i64_type, predicate as i64).into();
        let i1 = self.integer_type(1);
        // Lane by lane on vectors.
        let result = match gas_dialect::ops::lane_count(lhs.r#type()) {
            Some(_) => self.vector_like(lhs.r#type(), i1)?,
            None => i1,
        };
        self.single_result(
            "llvm.icmp",
            &[lhs, rhs],
            &[("predicate", predicate)],
            result,
        )
    }

    /// `llvm.select`.
    pub fn select(
        &self,
        condition: Value<'c, '_>,
        if_true: Value<'c, '_>,
        if_false: Value<'c, '_>,
    ) -> Result<Value<'c, 'r>, EmitError> {
        self.single_result(
            "llvm.select",
            &[condition, if_true, if_false],
            &[],
            if_true.r#type(),
        )
    }

    /// `llvm.trunc` of an integer to the narrower `type`.
    pub fn trunc(
        &self,
        integer: Value<'c, '_>,
        r#type: Type<'c>,
    ) -> Result<Value<'c, 'r>, EmitError> {
        self.single_result("llvm.trunc", &[integer], &[], r#type)
    }

    /// `llvm.br` to `destination` with `arguments` for its block arguments.
    pub fn br(
        &self,
        destination: &BlockRef<'c, '_>,
        arguments: &[Value<'c, '_>],
    ) -> Result<OperationRef<'c, 'r>, EmitError> {
        const NAME: &str = "llvm.br";
        self.insert(
            NAME,
            OperationBuilder::new(NAME, self.location)
                .add_operands(arguments)
                .add_successors(&[destination]),
        )
    }

    /// `llvm.switch` on the `i32` `value`: to `cases[i].1` when it equals
    /// `cases[i].0`, else to `default`; no block arguments.
    pub fn switch(
        &self,
        value: Value<'c, '_>,
        default: &BlockRef<'c, '_>,
        cases: &[(i32, BlockRef<'c, '_>)],
    ) -> Result<OperationRef<'c, 'r>, EmitError> {
        const NAME: &str = "llvm.switch";
        let values: Vec<i32> = cases.iter().map(|(value, _)| *value).collect();
        let case_values = melior::ir::attribute::DenseElementsAttribute::i32_values(
            Type::vector(
                &[cases.len() as u64],
                IntegerType::new(self.context, 32).into(),
            ),
            &values,
        );
        let attributes = [
            (
                Identifier::new(self.context, "case_values"),
                case_values.into(),
            ),
            (
                Identifier::new(self.context, "case_operand_segments"),
                DenseI32ArrayAttribute::new(self.context, &vec![0; cases.len()]).into(),
            ),
            (
                Identifier::new(self.context, "operandSegmentSizes"),
                DenseI32ArrayAttribute::new(self.context, &[1, 0, 0]).into(),
            ),
        ];
        let successors: Vec<&Block> = std::iter::once(default)
            .chain(cases.iter().map(|(_, block)| block))
            .map(|block| &**block)
            .collect();
        self.insert(
            NAME,
            OperationBuilder::new(NAME, self.location)
                .add_operands(&[value])
                .add_attributes(&attributes)
                .add_successors(&successors),
        )
    }

    /// `arith.index_cast` of an integer to `index` (the selector of `scf.index_switch`).
    pub fn index_cast(&self, integer: Value<'c, '_>) -> Result<Value<'c, 'r>, EmitError> {
        self.single_result(
            "arith.index_cast",
            &[integer],
            &[],
            Type::index(self.context),
        )
    }

    /// `scf.index_switch` on `selector` with `cases` and a default, each region
    /// holding one empty block for the caller to fill (default region first,
    /// then one per case, as the op orders them).
    pub fn index_switch(
        &self,
        selector: Value<'c, '_>,
        cases: &[i64],
        results: &[Type<'c>],
    ) -> Result<OperationRef<'c, 'r>, EmitError> {
        const NAME: &str = "scf.index_switch";
        let regions = (0..=cases.len())
            .map(|_| {
                let region = Region::new();
                region.append_block(Block::new(&[]));
                region
            })
            .collect();
        let cases = DenseI64ArrayAttribute::new(self.context, cases).into();
        self.insert(
            NAME,
            OperationBuilder::new(NAME, self.location)
                .add_operands(&[selector])
                .add_attributes(&[(Identifier::new(self.context, "cases"), cases)])
                .add_results(results)
                .add_regions_vec(regions),
        )
    }

    /// `scf.if` on `condition` yielding `results`, its then and else regions
    /// each holding one empty block for the caller to fill (then first).
    pub fn scf_if(
        &self,
        condition: Value<'c, '_>,
        results: &[Type<'c>],
    ) -> Result<OperationRef<'c, 'r>, EmitError> {
        const NAME: &str = "scf.if";
        let regions = (0..2)
            .map(|_| {
                let region = Region::new();
                region.append_block(Block::new(&[]));
                region
            })
            .collect();
        self.insert(
            NAME,
            OperationBuilder::new(NAME, self.location)
                .add_operands(&[condition])
                .add_results(results)
                .add_regions_vec(regions),
        )
    }

    /// Moves the insertion point to the end of the first block of `op`'s
    /// region `index` (a region [`Emitter::index_switch`] or [`Emitter::scf_if`] made).
    pub fn enter_region(&self, op: OperationRef<'c, '_>, index: usize) -> Result<(), EmitError> {
        let block = op
            .region(index)
            .ok()
            .and_then(|region| region.first_block())
            .ok_or(EmitError::NoRegion("scf.index_switch", index))?;
        self.rewriter.set_insertion_point_to_end(block);
        Ok(())
    }

    /// `scf.yield`.
    pub fn scf_yield(&self, values: &[Value<'c, '_>]) -> Result<(), EmitError> {
        const NAME: &str = "scf.yield";
        self.insert(
            NAME,
            OperationBuilder::new(NAME, self.location).add_operands(values),
        )?;
        Ok(())
    }
}
