//! Which OpenCL builtins taking a generic pointer also exist with a pointer
//! to a named address space, so that a call whose pointer is resolved can be
//! renamed to the named overload (see [`super::mangling`]).
//!
//! Derived from clang 22's `opencl-c.h` and checked against the callees
//! clang emits by `patterns/tests/builtin_mangling.rs`. Not listed: builtins
//! with a generic pointer but no named overload, e.g. `get_fence`, which is
//! folded instead.

/// Where named-space overloads of a builtin exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NamedOverloads {
    /// Every OpenCL library has them: OpenCL 1.2 declared them and 2.0 devices
    /// keep them (math with pointer outputs: fract modf sincos frexp lgamma_r
    /// remquo; vload*/vstore*/vload_half*/vstore_half*/vloada_half*/vstorea_half*).
    /// Clang's header declares them when the generic space is off
    /// (`__opencl_c_named_address_space_builtins`): OpenCL 1.x, or 3.0
    /// without `__opencl_c_generic_address_space`.
    Always,
    /// Only libraries with OpenCL 3.0's named-space atomics (C11-style
    /// atomics: `atomic_init`, `atomic_store/load/exchange[_explicit]`,
    /// `atomic_compare_exchange_{strong,weak}[_explicit]`,
    /// `atomic_fetch_{add,sub,or,xor,and,min,max}[_explicit]`,
    /// `atomic_flag_test_and_set/clear[_explicit]`). Clang 22's header declares
    /// them for every OpenCL C 3.0 compile, generic space or not, for the
    /// global and local spaces only: the atomic object is never private;
    /// `expected` of atomic_compare_exchange_* may be.
    NamedAtomics,
}

impl NamedOverloads {
    /// The address spaces (SPIR numbers; `None` = private) that the
    /// `ordinal`-th pointer parameter (counting pointers only) has a named
    /// overload for.
    pub fn spaces(self, ordinal: usize) -> &'static [Option<u32>] {
        const ALL: &[Option<u32>] = &[Some(1), Some(3), None];
        match (self, ordinal) {
            (NamedOverloads::NamedAtomics, 0) => &[Some(1), Some(3)],
            _ => ALL,
        }
    }
}

/// A builtin taking a generic pointer that has named-space overloads.
#[derive(Debug)]
pub struct Builtin {
    /// The unmangled name, e.g. `vload4`.
    pub name: &'static str,
    /// When a library has its named overloads, and for which spaces.
    pub named: NamedOverloads,
}

/// The builtin called `unmangled_name`, if it has named-space overloads.
pub fn lookup(unmangled_name: &str) -> Option<&'static Builtin> {
    BUILTINS
        .iter()
        .find(|builtin| builtin.name == unmangled_name)
}

const fn always(name: &'static str) -> Builtin {
    Builtin {
        name,
        named: NamedOverloads::Always,
    }
}

const fn named_atomic(name: &'static str) -> Builtin {
    Builtin {
        name,
        named: NamedOverloads::NamedAtomics,
    }
}

/// Every builtin with named-space overloads, in the order of clang's header.
pub const BUILTINS: &[Builtin] = &[
    // Math with a pointer output (OpenCL 1.2 s6.12.2).
    always("fract"),
    always("frexp"),
    always("lgamma_r"),
    always("modf"),
    always("remquo"),
    always("sincos"),
    // Vector data loads and stores (OpenCL 1.2 s6.12.7).
    always("vload2"),
    always("vload3"),
    always("vload4"),
    always("vload8"),
    always("vload16"),
    always("vstore2"),
    always("vstore3"),
    always("vstore4"),
    always("vstore8"),
    always("vstore16"),
    always("vload_half"),
    always("vload_half2"),
    always("vload_half3"),
    always("vload_half4"),
    always("vload_half8"),
    always("vload_half16"),
    always("vloada_half2"),
    always("vloada_half3"),
    always("vloada_half4"),
    always("vloada_half8"),
    always("vloada_half16"),
    always("vstore_half"),
    always("vstore_half2"),
    always("vstore_half3"),
    always("vstore_half4"),
    always("vstore_half8"),
    always("vstore_half16"),
    always("vstore_half_rte"),
    always("vstore_half2_rte"),
    always("vstore_half3_rte"),
    always("vstore_half4_rte"),
    always("vstore_half8_rte"),
    always("vstore_half16_rte"),
    always("vstore_half_rtz"),
    always("vstore_half2_rtz"),
    always("vstore_half3_rtz"),
    always("vstore_half4_rtz"),
    always("vstore_half8_rtz"),
    always("vstore_half16_rtz"),
    always("vstore_half_rtp"),
    always("vstore_half2_rtp"),
    always("vstore_half3_rtp"),
    always("vstore_half4_rtp"),
    always("vstore_half8_rtp"),
    always("vstore_half16_rtp"),
    always("vstore_half_rtn"),
    always("vstore_half2_rtn"),
    always("vstore_half3_rtn"),
    always("vstore_half4_rtn"),
    always("vstore_half8_rtn"),
    always("vstore_half16_rtn"),
    always("vstorea_half2"),
    always("vstorea_half3"),
    always("vstorea_half4"),
    always("vstorea_half8"),
    always("vstorea_half16"),
    always("vstorea_half2_rte"),
    always("vstorea_half3_rte"),
    always("vstorea_half4_rte"),
    always("vstorea_half8_rte"),
    always("vstorea_half16_rte"),
    always("vstorea_half2_rtz"),
    always("vstorea_half3_rtz"),
    always("vstorea_half4_rtz"),
    always("vstorea_half8_rtz"),
    always("vstorea_half16_rtz"),
    always("vstorea_half2_rtp"),
    always("vstorea_half3_rtp"),
    always("vstorea_half4_rtp"),
    always("vstorea_half8_rtp"),
    always("vstorea_half16_rtp"),
    always("vstorea_half2_rtn"),
    always("vstorea_half3_rtn"),
    always("vstorea_half4_rtn"),
    always("vstorea_half8_rtn"),
    always("vstorea_half16_rtn"),
    // C11-style atomics (OpenCL 3.0 s6.15.12).
    named_atomic("atomic_init"),
    named_atomic("atomic_store"),
    named_atomic("atomic_store_explicit"),
    named_atomic("atomic_load"),
    named_atomic("atomic_load_explicit"),
    named_atomic("atomic_exchange"),
    named_atomic("atomic_exchange_explicit"),
    named_atomic("atomic_compare_exchange_strong"),
    named_atomic("atomic_compare_exchange_strong_explicit"),
    named_atomic("atomic_compare_exchange_weak"),
    named_atomic("atomic_compare_exchange_weak_explicit"),
    named_atomic("atomic_fetch_add"),
    named_atomic("atomic_fetch_add_explicit"),
    named_atomic("atomic_fetch_sub"),
    named_atomic("atomic_fetch_sub_explicit"),
    named_atomic("atomic_fetch_or"),
    named_atomic("atomic_fetch_or_explicit"),
    named_atomic("atomic_fetch_xor"),
    named_atomic("atomic_fetch_xor_explicit"),
    named_atomic("atomic_fetch_and"),
    named_atomic("atomic_fetch_and_explicit"),
    named_atomic("atomic_fetch_min"),
    named_atomic("atomic_fetch_min_explicit"),
    named_atomic("atomic_fetch_max"),
    named_atomic("atomic_fetch_max_explicit"),
    named_atomic("atomic_flag_test_and_set"),
    named_atomic("atomic_flag_test_and_set_explicit"),
    named_atomic("atomic_flag_clear"),
    named_atomic("atomic_flag_clear_explicit"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        for (index, builtin) in BUILTINS.iter().enumerate() {
            assert!(
                BUILTINS[..index]
                    .iter()
                    .all(|seen| seen.name != builtin.name),
                "{} is listed twice",
                builtin.name
            );
        }
    }

    #[test]
    fn lookup_finds_each_family() {
        assert_eq!(
            lookup("fract").map(|b| b.named),
            Some(NamedOverloads::Always)
        );
        assert_eq!(
            lookup("vstorea_half16_rtn").map(|b| b.named),
            Some(NamedOverloads::Always)
        );
        assert_eq!(
            lookup("atomic_fetch_max_explicit").map(|b| b.named),
            Some(NamedOverloads::NamedAtomics)
        );
        assert!(lookup("get_fence").is_none());
        assert!(lookup("vloada_half").is_none());
        assert!(lookup("atomic_work_item_fence").is_none());
    }
}
