//! Itanium mangling of OpenCL builtin names, the subset clang emits for
//! OpenCL C on SPIR: `_Z<len><name><parameter types>` with builtin, vector,
//! named, pointer, `_Atomic` and qualified parameter types, and the
//! substitutions (`S_`, `S0_`, ...) between them.
//!
//! Types are kept as clang's mangler sees them, so that [`mangle`] re-creates
//! the substitutions clang would emit after a parameter is changed:
//!
//! - a substitution candidate is every type that is not a [`Builtin`], added
//!   after its components, in order of appearance: `PU3AS4Dv4_f` adds
//!   `Dv4_f`, then `U3AS4Dv4_f`, then the pointer;
//! - qualifiers are never nested: one [`Type::Qualified`] carries all of a
//!   type's qualifiers around an unqualified base;
//! - in OpenCL every pointee has an address space. Clang spells none for
//!   private (target space 0 on SPIR), but `__private float` is still a
//!   type of its own, hence a candidate: `f(float *, float *)` in OpenCL 1.2
//!   is `_Z1fPfS0_`, not `_Z1fPfS_`. [`demangle`] therefore gives every
//!   pointee an address space, [`AddressSpace::Private`] where none is spelt;
//! - `U7_Atomic` is spelt as a vendor qualifier but is a type to clang
//!   (`_Atomic(int)`), a candidate of its own under the pointee's qualifiers.
//!
//! Invariant: [`mangle`]`(`[`demangle`]`(s)) == s` for every `s` that
//! [`demangle`] accepts; anything outside the subset is `None`.

use std::fmt::Write as _;

/// A mangled OpenCL function name (`_Z<len><name><parameter types>`), as far as gas needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mangled {
    /// The unmangled function name, e.g. `fract`.
    pub name: String,
    /// Parameter types with substitutions resolved; empty for `(void)` (mangled `v`).
    pub parameters: Vec<Type>,
}

/// A parameter type in mangled form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// A type with a fixed code (`i`, `f`, `Dh`, ...); never a substitution candidate.
    Builtin(Builtin),
    /// A type mangled as its source name: OpenCL's opaque types (`9ocl_event`,
    /// `14ocl_image2d_ro`, `11ocl_sampler`, `8ocl_pipe`) and the header's enums
    /// and structs (`12memory_order`, `12memory_scope`, `10ndrange_t`).
    /// A candidate: clang counts OpenCL's opaque types although they are builtin to it.
    Named(String),
    /// `Dv<length>_<element>`: an OpenCL vector.
    Vector {
        /// The number of elements (2, 3, 4, 8 or 16 in OpenCL).
        length: u32,
        /// The element type.
        element: Box<Type>,
    },
    /// `U7_Atomic<value>`: C11 `_Atomic(value)`.
    Atomic(Box<Type>),
    /// `P<pointee>`; the pointee is [`Type::Qualified`] with an address space
    /// in everything [`demangle`] returns.
    Pointer(Box<Type>),
    /// All of a type's qualifiers around its unqualified `base`:
    /// `U<len>AS<n>` first, then `r`, `V`, `K`.
    Qualified {
        /// Every qualifier of the type (none empty in what [`demangle`] returns).
        qualifiers: Qualifiers,
        /// The unqualified type (qualifiers are never nested).
        base: Box<Type>,
    },
}

/// The qualifiers of a [`Type::Qualified`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Qualifiers {
    /// `None` for a type without address space (a by-value parameter).
    pub address_space: Option<AddressSpace>,
    /// `r`: `restrict`.
    pub is_restrict: bool,
    /// `V`: `volatile`.
    pub is_volatile: bool,
    /// `K`: `const`.
    pub is_const: bool,
}

impl Qualifiers {
    fn is_empty(self) -> bool {
        self == Qualifiers::default()
    }
}

/// The address space of a qualified type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddressSpace {
    /// OpenCL's private space: no qualifier is spelt (target space 0 on
    /// SPIR), but the qualified type is a substitution candidate of its own.
    Private,
    /// `U<len>AS<n>`: target address space `n` (SPIR: 1 global, 2 constant,
    /// 3 local, 4 generic).
    Target(u32),
}

/// Types with a fixed Itanium code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    /// `void` (`v`).
    Void,
    /// `bool` (`b`).
    Bool,
    /// `char` (`c`).
    Char,
    /// `signed char` (`a`).
    SignedChar,
    /// `unsigned char`, OpenCL's `uchar` (`h`).
    UnsignedChar,
    /// `short` (`s`).
    Short,
    /// `unsigned short`, OpenCL's `ushort` (`t`).
    UnsignedShort,
    /// `int` (`i`).
    Int,
    /// `unsigned int`, OpenCL's `uint` (`j`).
    UnsignedInt,
    /// `long`, 64 bits in OpenCL (`l`).
    Long,
    /// `unsigned long`, OpenCL's `ulong` (`m`).
    UnsignedLong,
    /// `long long` (`x`).
    LongLong,
    /// `unsigned long long` (`y`).
    UnsignedLongLong,
    /// `__int128` (`n`).
    Int128,
    /// `unsigned __int128` (`o`).
    UnsignedInt128,
    /// `float` (`f`).
    Float,
    /// `double` (`d`).
    Double,
    /// `long double` (`e`).
    LongDouble,
    /// `__float128` (`g`).
    Float128,
    /// `half` (`Dh`).
    Half,
    /// `_Float16` (`DF16_`).
    Float16,
    /// `...` (`z`).
    Ellipsis,
}

/// Every builtin with its code; no code is a prefix of another.
const BUILTIN_CODES: &[(&str, Builtin)] = &[
    ("v", Builtin::Void),
    ("b", Builtin::Bool),
    ("c", Builtin::Char),
    ("a", Builtin::SignedChar),
    ("h", Builtin::UnsignedChar),
    ("s", Builtin::Short),
    ("t", Builtin::UnsignedShort),
    ("i", Builtin::Int),
    ("j", Builtin::UnsignedInt),
    ("l", Builtin::Long),
    ("m", Builtin::UnsignedLong),
    ("x", Builtin::LongLong),
    ("y", Builtin::UnsignedLongLong),
    ("n", Builtin::Int128),
    ("o", Builtin::UnsignedInt128),
    ("f", Builtin::Float),
    ("d", Builtin::Double),
    ("e", Builtin::LongDouble),
    ("g", Builtin::Float128),
    ("Dh", Builtin::Half),
    ("DF16_", Builtin::Float16),
    ("z", Builtin::Ellipsis),
];

impl Builtin {
    /// The Itanium code: `i` for `int`, `Dh` for `half`.
    pub fn code(self) -> &'static str {
        BUILTIN_CODES
            .iter()
            .find(|(_, builtin)| *builtin == self)
            .map_or("", |(code, _)| code)
    }
}

/// The vendor qualifier clang spells `_Atomic(T)` with.
const ATOMIC: &str = "_Atomic";

/// Deeper types than this are refused (clang's OpenCL builtins nest 4 deep).
const MAX_DEPTH: usize = 32;

/// Parses `symbol`; `None` for anything outside the subset (never panics).
pub fn demangle(symbol: &str) -> Option<Mangled> {
    let rest = symbol.strip_prefix("_Z")?;
    if !rest.is_ascii() {
        return None;
    }
    let mut parser = Parser {
        input: rest.as_bytes(),
        position: 0,
        substitutions: Vec::new(),
        depth: 0,
    };
    let name = parser.source_name()?;
    let mut parameters = Vec::new();
    while parser.position < parser.input.len() {
        parameters.push(parser.parse_type()?);
    }
    let void = Type::Builtin(Builtin::Void);
    match parameters.as_slice() {
        [] => return None,
        [only] if *only == void => parameters.clear(),
        _ if parameters.contains(&void) => return None,
        _ => {}
    }
    Some(Mangled { name, parameters })
}

/// The symbol clang emits for `function`, substitutions included.
pub fn mangle(function: &Mangled) -> String {
    let mut mangler = Mangler {
        out: String::from("_Z"),
        substitutions: Vec::new(),
    };
    mangler.source_name(&function.name);
    if function.parameters.is_empty() {
        mangler.out.push_str(Builtin::Void.code());
    }
    for parameter in &function.parameters {
        mangler.mangle_type(parameter);
    }
    mangler.out
}

/// Pointer parameters: (parameter index, address space number of the pointee;
/// None = no address-space qualifier, which clang uses for private in OpenCL 2.0).
pub fn pointer_parameters(function: &Mangled) -> Vec<(usize, Option<u32>)> {
    function
        .parameters
        .iter()
        .enumerate()
        .filter_map(|(index, parameter)| match parameter {
            Type::Pointer(pointee) => Some((index, target_space(pointee))),
            _ => None,
        })
        .collect()
}

/// `function` with the address space of pointer parameter `index` (an index
/// into `parameters`, as [`pointer_parameters`] gives) replaced
/// (`None` = unqualified, i.e. private); `None` if that parameter is no pointer.
pub fn with_pointer_address_space(
    function: &Mangled,
    index: usize,
    space: Option<u32>,
) -> Option<Mangled> {
    let mut function = function.clone();
    let Type::Pointer(pointee) = function.parameters.get_mut(index)? else {
        return None;
    };
    let space = Some(space.map_or(AddressSpace::Private, AddressSpace::Target));
    match pointee.as_mut() {
        Type::Qualified { qualifiers, .. } => qualifiers.address_space = space,
        other => {
            let base = std::mem::replace(other, Type::Builtin(Builtin::Void));
            *other = Type::Qualified {
                qualifiers: Qualifiers {
                    address_space: space,
                    ..Qualifiers::default()
                },
                base: Box::new(base),
            };
        }
    }
    Some(function)
}

/// The spelt address space of a pointee: `Some(n)` for `U<len>AS<n>`.
fn target_space(pointee: &Type) -> Option<u32> {
    match pointee {
        Type::Qualified {
            qualifiers:
                Qualifiers {
                    address_space: Some(AddressSpace::Target(space)),
                    ..
                },
            ..
        } => Some(*space),
        _ => None,
    }
}

/// A recursive-descent reader of the parameter types, keeping the
/// substitution candidates in the order clang adds them.
struct Parser<'a> {
    input: &'a [u8],
    position: usize,
    substitutions: Vec<Type>,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.input.get(self.position).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        if found {
            self.position += 1;
        }
        found
    }

    fn eat_str(&mut self, prefix: &str) -> bool {
        let found = self.input[self.position..].starts_with(prefix.as_bytes());
        if found {
            self.position += prefix.len();
        }
        found
    }

    /// Records `ty` as the next substitution candidate.
    fn candidate(&mut self, ty: Type) -> Type {
        self.substitutions.push(ty.clone());
        ty
    }

    /// A decimal number without leading zeros.
    fn number(&mut self) -> Option<usize> {
        let start = self.position;
        let mut value: usize = 0;
        while let Some(digit @ b'0'..=b'9') = self.peek() {
            value = value
                .checked_mul(10)?
                .checked_add(usize::from(digit - b'0'))?;
            self.position += 1;
        }
        let digits = self.position - start;
        (digits == 1 || (digits > 1 && self.input[start] != b'0')).then_some(value)
    }

    /// `<len><identifier>`.
    fn source_name(&mut self) -> Option<String> {
        let length = self.number()?;
        let end = self.position.checked_add(length)?;
        let bytes = self.input.get(self.position..end)?;
        let name = std::str::from_utf8(bytes).ok()?;
        if !is_identifier(name) {
            return None;
        }
        self.position = end;
        Some(name.to_string())
    }

    fn parse_type(&mut self) -> Option<Type> {
        if self.depth >= MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        let ty = self.parse_type_unguarded();
        self.depth -= 1;
        ty
    }

    fn parse_type_unguarded(&mut self) -> Option<Type> {
        match self.peek()? {
            b'S' => self.substitution(),
            b'P' => {
                self.position += 1;
                let pointee = self.qualified(true)?;
                Some(self.candidate(Type::Pointer(Box::new(pointee))))
            }
            b'U' if self.at_atomic() => {
                self.position += 2 + ATOMIC.len();
                let value = self.parse_type()?;
                Some(self.candidate(Type::Atomic(Box::new(value))))
            }
            b'U' | b'r' | b'V' | b'K' => self.qualified(false),
            b'0'..=b'9' => {
                let name = self.source_name()?;
                Some(self.candidate(Type::Named(name)))
            }
            _ if self.eat_str("Dv") => {
                let length = u32::try_from(self.number()?).ok().filter(|&n| n > 0)?;
                if !self.eat(b'_') {
                    return None;
                }
                let element = Box::new(self.parse_type()?);
                Some(self.candidate(Type::Vector { length, element }))
            }
            _ => {
                let rest = &self.input[self.position..];
                let (code, builtin) = BUILTIN_CODES
                    .iter()
                    .find(|(code, _)| rest.starts_with(code.as_bytes()))?;
                self.position += code.len();
                Some(Type::Builtin(*builtin))
            }
        }
    }

    /// Whether `U7_Atomic` starts here.
    fn at_atomic(&self) -> bool {
        let rest = &self.input[self.position..];
        rest.starts_with(b"U7") && rest[2..].starts_with(ATOMIC.as_bytes())
    }

    /// `S_` = 0, `S<base-36 seq-id>_` = seq-id + 1, resolved.
    fn substitution(&mut self) -> Option<Type> {
        if !self.eat(b'S') {
            return None;
        }
        let start = self.position;
        let mut index: usize = 0;
        while let Some(byte) = self.peek().filter(|byte| *byte != b'_') {
            let digit = match byte {
                b'0'..=b'9' => byte - b'0',
                b'A'..=b'Z' => byte - b'A' + 10,
                _ => return None,
            };
            index = index.checked_mul(36)?.checked_add(usize::from(digit))?;
            self.position += 1;
        }
        let digits = self.position - start;
        if !self.eat(b'_') || (digits > 1 && self.input[start] == b'0') {
            return None;
        }
        if digits > 0 {
            index = index.checked_add(1)?;
        }
        self.substitutions.get(index).cloned()
    }

    /// Qualifiers and their base. A `pointee` without a spelt address space
    /// is private: qualified although nothing may be spelt.
    fn qualified(&mut self, pointee: bool) -> Option<Type> {
        if self.depth >= MAX_DEPTH {
            return None;
        }
        let mut qualifiers = Qualifiers::default();
        if self.peek() == Some(b'U') && !self.at_atomic() {
            self.position += 1;
            let name = self.source_name()?;
            let space = name.strip_prefix("AS").and_then(canonical_u32)?;
            qualifiers.address_space = Some(AddressSpace::Target(space));
        }
        qualifiers.is_restrict = self.eat(b'r');
        qualifiers.is_volatile = self.eat(b'V');
        qualifiers.is_const = self.eat(b'K');
        if pointee && qualifiers.is_empty() && self.peek() == Some(b'S') {
            // Either the whole pointee repeats, or only its base does and
            // the private pointee is new.
            return match self.substitution()? {
                ty @ Type::Qualified {
                    qualifiers:
                        Qualifiers {
                            address_space: Some(_),
                            ..
                        },
                    ..
                } => Some(ty),
                Type::Qualified { .. } => None,
                base => Some(self.candidate(private(base))),
            };
        }
        if pointee && qualifiers.address_space.is_none() {
            qualifiers.address_space = Some(AddressSpace::Private);
        }
        if qualifiers.is_empty() {
            return None;
        }
        let base = self.parse_type()?;
        if matches!(base, Type::Qualified { .. }) {
            return None;
        }
        Some(self.candidate(Type::Qualified {
            qualifiers,
            base: Box::new(base),
        }))
    }
}

/// `base` in the private address space.
fn private(base: Type) -> Type {
    Type::Qualified {
        qualifiers: Qualifiers {
            address_space: Some(AddressSpace::Private),
            ..Qualifiers::default()
        },
        base: Box::new(base),
    }
}

/// A C identifier (so that its length prefix reads back unambiguously).
fn is_identifier(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes
        .next()
        .is_some_and(|first| first == b'_' || first.is_ascii_alphabetic())
        && bytes.all(|byte| byte == b'_' || byte.is_ascii_alphanumeric())
}

/// A decimal `u32` without sign or leading zeros.
fn canonical_u32(digits: &str) -> Option<u32> {
    let canonical = digits.bytes().all(|byte| byte.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    if !canonical {
        return None;
    }
    digits.parse().ok()
}

/// Writes types as clang does, re-creating substitutions.
struct Mangler {
    out: String,
    substitutions: Vec<Type>,
}

impl Mangler {
    fn source_name(&mut self, name: &str) {
        let _ = write!(self.out, "{}{name}", name.len());
    }

    fn mangle_type(&mut self, ty: &Type) {
        if let Type::Qualified { qualifiers, base } = ty {
            if qualifiers.is_empty() {
                self.mangle_type(base);
                return;
            }
        }
        let is_candidate = !matches!(ty, Type::Builtin(_));
        if is_candidate {
            if let Some(index) = self.substitutions.iter().position(|seen| seen == ty) {
                self.substitution(index);
                return;
            }
        }
        match ty {
            Type::Builtin(builtin) => self.out.push_str(builtin.code()),
            Type::Named(name) => self.source_name(name),
            Type::Vector { length, element } => {
                let _ = write!(self.out, "Dv{length}_");
                self.mangle_type(element);
            }
            Type::Atomic(value) => {
                self.out.push('U');
                self.source_name(ATOMIC);
                self.mangle_type(value);
            }
            Type::Pointer(pointee) => {
                self.out.push('P');
                self.mangle_type(pointee);
            }
            Type::Qualified { qualifiers, base } => {
                if let Some(AddressSpace::Target(space)) = qualifiers.address_space {
                    self.out.push('U');
                    self.source_name(&format!("AS{space}"));
                }
                for (present, code) in [
                    (qualifiers.is_restrict, 'r'),
                    (qualifiers.is_volatile, 'V'),
                    (qualifiers.is_const, 'K'),
                ] {
                    if present {
                        self.out.push(code);
                    }
                }
                self.mangle_type(base);
            }
        }
        if is_candidate {
            self.substitutions.push(ty.clone());
        }
    }

    /// `S_` for the first candidate, `S<index - 1 in base 36>_` after.
    fn substitution(&mut self, index: usize) {
        self.out.push('S');
        if index > 0 {
            let mut digits = Vec::new();
            let mut rest = index - 1;
            loop {
                digits.push(b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[rest % 36]);
                rest /= 36;
                if rest == 0 {
                    break;
                }
            }
            digits.reverse();
            self.out.extend(digits.into_iter().map(char::from));
        }
        self.out.push('_');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Demangles `symbol`, checks the round trip, and returns the result.
    fn check_round_trip(symbol: &str) -> Mangled {
        let function = demangle(symbol).unwrap_or_else(|| panic!("{symbol} does not demangle"));
        assert_eq!(mangle(&function), symbol, "{function:?}");
        function
    }

    /// `symbol` with pointer parameter `index` moved to `space`, mangled.
    fn moved(symbol: &str, index: usize, space: Option<u32>) -> String {
        let function = check_round_trip(symbol);
        mangle(&with_pointer_address_space(&function, index, space).expect("a pointer parameter"))
    }

    #[test]
    fn round_trips() {
        for symbol in [
            "_Z5fractfPU3AS4f",
            "_Z5fractfPU3AS3f",
            "_Z5fractfPf",
            "_Z6sincosDv4_fPU3AS4S_",
            "_Z6sincosDv4_fPS_",
            "_Z6remquoffPU3AS4i",
            "_Z6remquoDv4_fS_PU3AS4Dv4_i",
            "_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order12memory_scope",
            "_Z39atomic_compare_exchange_strong_explicitPU3AS4VU7_AtomiciPU3AS4ii12memory_orderS4_",
            "_Z39atomic_compare_exchange_strong_explicitPU3AS1VU7_AtomiciPii12memory_orderS4_",
            "_Z6vload4mPU3AS4Kf",
            "_Z7vstore4Dv4_fmPU3AS4f",
            "_Z10vload_halfmPU3AS4KDh",
            "_Z9get_fencePU3AS4v",
            "_Z9get_fencePU3AS4Kv",
            "_Z17wait_group_eventsiPU3AS49ocl_event",
            "_Z12get_work_dimv",
            "_Z2f59ocl_eventS_",
            "_Z2f1PfS0_",
            "_Z2f4PDv4_fPU3AS4S_",
            "_Z2f8PU3AS1U7_AtomiciS1_PU3AS4S_",
            "_Z10read_imagef14ocl_image2d_ro11ocl_samplerDv2_i",
            "_Z3fooPrVKDF16_",
        ] {
            check_round_trip(symbol);
        }
    }

    #[test]
    fn substitutions_resolve_to_full_types() {
        let sincos = check_round_trip("_Z6sincosDv4_fPU3AS4S_");
        let float4 = Type::Vector {
            length: 4,
            element: Box::new(Type::Builtin(Builtin::Float)),
        };
        assert_eq!(
            sincos.parameters,
            [
                float4.clone(),
                Type::Pointer(Box::new(Type::Qualified {
                    qualifiers: Qualifiers {
                        address_space: Some(AddressSpace::Target(4)),
                        ..Qualifiers::default()
                    },
                    base: Box::new(float4),
                })),
            ]
        );
        assert_eq!(pointer_parameters(&sincos), [(1, Some(4))]);
    }

    #[test]
    fn moving_a_pointer_re_creates_substitutions() {
        assert_eq!(moved("_Z5fractfPU3AS4f", 1, Some(3)), "_Z5fractfPU3AS3f");
        assert_eq!(moved("_Z5fractfPU3AS4f", 1, None), "_Z5fractfPf");
        assert_eq!(
            moved("_Z6sincosDv4_fPU3AS4S_", 1, None),
            "_Z6sincosDv4_fPS_"
        );
        assert_eq!(
            moved("_Z6sincosDv4_fPS_", 1, Some(1)),
            "_Z6sincosDv4_fPU3AS1S_"
        );
        assert_eq!(moved("_Z6vload4mPU3AS4Kf", 1, None), "_Z6vload4mPKf");
        assert_eq!(
            moved("_Z9get_fencePU3AS4Kv", 0, Some(1)),
            "_Z9get_fencePU3AS1Kv"
        );
        // The private `expected` is a hidden candidate: the second
        // memory_order stays S4_.
        assert_eq!(
            moved(
                "_Z39atomic_compare_exchange_strong_explicitPU3AS1VU7_AtomiciPU3AS4ii12memory_orderS4_",
                1,
                None
            ),
            "_Z39atomic_compare_exchange_strong_explicitPU3AS1VU7_AtomiciPii12memory_orderS4_"
        );
        // Two generic pointers to the same type: moving one breaks the repeat.
        assert_eq!(moved("_Z2f1PU3AS4fS0_", 0, Some(1)), "_Z2f1PU3AS1fPU3AS4f");
        assert_eq!(moved("_Z2f1PU3AS1fPU3AS4f", 1, Some(1)), "_Z2f1PU3AS1fS0_");
    }

    #[test]
    fn only_pointers_move() {
        let remquo = check_round_trip("_Z6remquoffPU3AS4i");
        assert_eq!(pointer_parameters(&remquo), [(2, Some(4))]);
        assert_eq!(with_pointer_address_space(&remquo, 0, Some(1)), None);
        assert_eq!(with_pointer_address_space(&remquo, 3, Some(1)), None);
        let private = check_round_trip("_Z5fractfPf");
        assert_eq!(pointer_parameters(&private), [(1, None)]);
    }

    #[test]
    fn long_substitution_indices_use_base_36() {
        // Fifty distinct named types, then each of them again.
        let names: Vec<String> = (0..50).map(|i| format!("T{i}")).collect();
        let function = Mangled {
            name: "f".to_string(),
            parameters: names
                .iter()
                .chain(&names)
                .map(|name| Type::Named(name.clone()))
                .collect(),
        };
        let symbol = mangle(&function);
        assert!(symbol.ends_with("SZ_S10_S11_S12_S13_S14_S15_S16_S17_S18_S19_S1A_S1B_S1C_"));
        assert_eq!(demangle(&symbol), Some(function));
    }

    /// Every truncation and one-byte change of real names: no panic, and
    /// whatever is accepted round-trips.
    #[test]
    fn mutations_never_panic() {
        let seeds = [
            "_Z6sincosDv4_fPU3AS4S_",
            "_Z39atomic_compare_exchange_strong_explicitPU3AS1VU7_AtomiciPii12memory_orderS4_",
            "_Z17wait_group_eventsiPU3AS49ocl_event",
        ];
        for seed in seeds {
            for end in 0..seed.len() {
                if let Some(function) = demangle(&seed[..end]) {
                    assert_eq!(mangle(&function), seed[..end]);
                }
            }
            for position in 0..seed.len() {
                for replacement in ["0", "9", "S", "_", "P", "U", "K", "D", "v", "Z", "\u{e9}"] {
                    let mutated = format!(
                        "{}{replacement}{}",
                        &seed[..position],
                        &seed[position + 1..]
                    );
                    if let Some(function) = demangle(&mutated) {
                        assert_eq!(mangle(&function), mutated);
                    }
                }
            }
        }
    }

    #[test]
    fn refuses_what_is_outside_the_subset() {
        for symbol in [
            "",
            "_Z",
            "_Z5fract",
            "_Z5frac",
            "_Z5fractfP",
            "_Z5fractfPU3AS",
            "_Z5fractfPU3AS4",
            "_Z5fractS_",
            "_Z5fractfS0_",
            "_Z5fractfPS_",
            "_Z5fractfS00_",
            "_Z5fractfPU3AS04f",
            "_Z05fractf",
            "_Z18446744073709551616fractf",
            "_Z99999999999999999999fract",
            "_Z5fr\u{e9}ctf",
            "_Z5fractf\u{e9}",
            "_Z1fvi",
            "_Z1fiv",
            "_Z3fooDv0_f",
            "_Z3fooDv04_f",
            "_Z3fooDv4f",
            "_Z3fooPKU3AS1f",
            "_Z3fooPU3AS1U3AS3f",
            "_Z3fooPU4CL_gf",
            "_Z3fooSt",
            "_Z3fooN3bar3bazE",
            "_Z3foo3bar.1",
            "_Z31fi",
            "_ZN3foo3barEv",
            "fract",
        ] {
            assert_eq!(demangle(symbol), None, "{symbol}");
        }
        let deep = format!("_Z3foo{}f", "P".repeat(100_000));
        assert_eq!(demangle(&deep), None);
    }
}
