//! A tiny deterministic pseudo-random number generator (splitmix64).
//!
//! The generator must produce the same program for the same seed on every
//! machine and with every Rust version, so it does not use a crate whose
//! streams could change between releases.

/// splitmix64 (Steele, Lea, Flood 2014): a 64-bit state advanced by a
/// constant and mixed on output. Good enough statistically for choosing
/// program constructs, and trivially reproducible.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose stream is fully determined by `seed`.
    pub fn new(seed: u64) -> Self {
        Rng { state: seed }
    }

    /// A generator for program `index` of seed `seed`: independent streams
    /// for different indices, so program `i` does not depend on how many
    /// programs were generated before it.
    pub fn for_program(seed: u64, index: u64) -> Self {
        let mut base = Rng::new(seed ^ 0x6a09_e667_f3bc_c908);
        let mixed = base.next_u64() ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        Rng::new(mixed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`; the tiny modulo bias does not matter here).
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "Rng::below(0)");
        (self.next_u64() % u64::from(n)) as u32
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(den) < num
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u32) as usize]
    }

    /// An index into `weights` chosen with probability proportional to its
    /// weight (at least one weight must be non-zero).
    pub fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u32 = weights.iter().sum();
        assert!(total > 0, "Rng::weighted: all weights are zero");
        let mut r = self.below(total);
        for (i, &w) in weights.iter().enumerate() {
            if r < w {
                return i;
            }
            r -= w;
        }
        unreachable!()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_reference_values() {
        // First outputs of splitmix64 seeded with 0 (the published reference).
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn weighted_respects_zero_weights() {
        let mut r = Rng::new(7);
        for _ in 0..1000 {
            assert_ne!(r.weighted(&[3, 0, 5]), 1);
        }
    }
}
