//! Where the lanes of a vector of generic pointers (a gather's or scatter's
//! addresses) may point: the spaces of the scalar pointers the vector was
//! built from, found by walking back through the ops that build it.

use super::facts::SpaceFacts;
use crate::ir::{defining_op, name_of, operand};
use gas_dialect::ops::{lanes_address_space, value_space};
use gas_dialect::{AddressSpace, AddressSpaceMap, SpaceSet};
use melior::ir::{Value, ValueLike};

/// The most ops walked back from one vector; beyond it, anywhere.
const MAX_STEPS: usize = 64;

/// The spaces any lane of `vector` may point to: the union over the scalar
/// generic pointers it is made of (by a GEP over a scalar base, an
/// `insertelement`, a `shufflevector`, a `select`) of their facts, and the
/// named spaces of a vector cast to generic. Anything else, anywhere.
pub fn lanes_spaces(vector: Value, facts: &SpaceFacts, map: &AddressSpaceMap) -> SpaceSet {
    let mut spaces = SpaceSet::EMPTY;
    let mut pending = vec![vector];
    let mut steps = 0;
    while let Some(value) = pending.pop() {
        steps += 1;
        if steps > MAX_STEPS {
            return SpaceSet::ALL;
        }
        // A scalar generic pointer: what the analysis found.
        if value_space(value, map) == Some(AddressSpace::Generic) {
            spaces = spaces.union(facts.of(value));
            continue;
        }
        let Some(op) = defining_op(value) else {
            return SpaceSet::ALL;
        };
        let lanes_from = |index: usize| operand(&op, index);
        match name_of(&op) {
            "llvm.getelementptr" => match lanes_from(0) {
                Some(base) => pending.push(base),
                None => return SpaceSet::ALL,
            },
            // (vector, scalar, index) and (vector, vector, mask).
            "llvm.insertelement" | "llvm.shufflevector" => match (lanes_from(0), lanes_from(1)) {
                (Some(first), Some(second)) => pending.extend([first, second]),
                _ => return SpaceSet::ALL,
            },
            "llvm.select" => match (lanes_from(1), lanes_from(2)) {
                (Some(first), Some(second)) => pending.extend([first, second]),
                _ => return SpaceSet::ALL,
            },
            // No lane points anywhere yet.
            "llvm.mlir.poison" | "llvm.mlir.undef" | "llvm.mlir.zero" => {}
            "llvm.addrspacecast" => {
                let source = lanes_from(0).and_then(|source| {
                    lanes_address_space(source.r#type()).and_then(|number| map.space(number))
                });
                match source {
                    Some(space) if space.is_resolvable() => {
                        spaces = spaces.union(SpaceSet::single(space))
                    }
                    _ => return SpaceSet::ALL,
                }
            }
            _ => return SpaceSet::ALL,
        }
    }
    spaces
}
