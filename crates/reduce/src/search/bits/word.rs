//! The words of the bit search: a cell's open symbols as one machine word
//! ([`Word`]: a `u32` up to order 32, a `u64` above), the units they go
//! with as a set of bits ([`UnitSet`]: a `u128` or three `u64`s, [`Wide`]),
//! and the walk over the set bits of a mask ([`Ones`]). Every operation
//! the search's inner loops call is a handful of instructions, inlined.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The positions of the set bits of a mask, lowest first: a unit's open
/// cells by their position in the unit, the peers that had a symbol.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ones(pub(super) u64);

impl Iterator for Ones {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let j = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(j)
    }
}

/// A set of units (rows, columns, regions: up to 3N of them), as bits.
pub(super) trait UnitSet: Copy + Debug + Default + Send + Sync + 'static {
    /// Units `0..units`.
    fn first(units: usize) -> Self;
    fn single(u: usize) -> Self;
    fn or(self, other: Self) -> Self;
    fn is_empty(self) -> bool;
    /// Takes out the lowest unit of a set that is not empty.
    fn pop(&mut self) -> usize;
}

impl UnitSet for u128 {
    fn first(units: usize) -> u128 {
        if units == 128 {
            u128::MAX
        } else {
            (1 << units) - 1
        }
    }
    #[inline(always)]
    fn single(u: usize) -> u128 {
        1 << u
    }
    #[inline(always)]
    fn or(self, other: u128) -> u128 {
        self | other
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn pop(&mut self) -> usize {
        let u = self.trailing_zeros() as usize;
        *self &= *self - 1;
        u
    }
}

/// Up to 192 units, for orders above 32.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Wide([u64; 3]);

impl UnitSet for Wide {
    fn first(units: usize) -> Wide {
        Wide(std::array::from_fn(|k| match units.saturating_sub(64 * k) {
            0 => 0,
            u if u >= 64 => u64::MAX,
            u => (1 << u) - 1,
        }))
    }
    #[inline(always)]
    fn single(u: usize) -> Wide {
        let mut w = Wide::default();
        w.0[u / 64] = 1 << (u % 64);
        w
    }
    #[inline(always)]
    fn or(self, other: Wide) -> Wide {
        Wide([self.0[0] | other.0[0], self.0[1] | other.0[1], self.0[2] | other.0[2]])
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0 == [0; 3]
    }
    #[inline(always)]
    fn pop(&mut self) -> usize {
        let k = self.0.iter().position(|&w| w != 0).expect("not empty");
        let u = self.0[k].trailing_zeros() as usize;
        self.0[k] &= self.0[k] - 1;
        64 * k + u
    }
}

/// A cell's open symbols (or a unit's placed ones), a bit per symbol.
pub(super) trait Word:
    Copy
    + Debug
    + Default
    + Eq
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The unit sets that go with words this wide.
    type Units: UnitSet;
    const ZERO: Self;
    /// Symbol `v` alone.
    fn bit(v: u32) -> Self;
    /// Symbols `0..n`.
    fn low(n: usize) -> Self;
    fn trailing_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    /// Whether at most one symbol is set.
    fn at_most_one(self) -> bool;
    /// The lowest symbol alone.
    fn lowest(self) -> Self;
    /// The `k`-th symbol (from 0, lowest first), alone.
    fn nth(self, k: u32) -> Self {
        let mut w = self;
        for _ in 0..k {
            w ^= w.lowest();
        }
        w.lowest()
    }
}

macro_rules! word {
    ($t:ty, $units:ty) => {
        impl Word for $t {
            type Units = $units;
            const ZERO: $t = 0;
            #[inline(always)]
            fn bit(v: u32) -> $t {
                1 << v
            }
            fn low(n: usize) -> $t {
                if n == <$t>::BITS as usize {
                    <$t>::MAX
                } else {
                    (1 << n) - 1
                }
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn at_most_one(self) -> bool {
                self & self.wrapping_sub(1) == 0
            }
            #[inline(always)]
            fn lowest(self) -> $t {
                self & self.wrapping_neg()
            }
        }
    };
}

word!(u32, u128);
word!(u64, Wide);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_sets_and_words_of_both_widths() {
        let mut w = Wide::first(130);
        assert_eq!(w.0, [u64::MAX, u64::MAX, 3]);
        let mut popped = 0;
        while !w.is_empty() {
            assert_eq!(w.pop(), popped);
            popped += 1;
        }
        assert_eq!(popped, 130);
        assert_eq!(Wide::single(150).or(Wide::single(3)).0, [8, 0, 1 << 22]);
        assert_eq!(<u128 as UnitSet>::first(96), (1u128 << 96) - 1);
        assert_eq!(<u64 as Word>::low(64), u64::MAX);
        assert_eq!(<u32 as Word>::low(5), 31);
        assert_eq!(0b1011_0100u32.nth(2), 0b10_0000);
        assert!(<u64 as Word>::at_most_one(1 << 63) && !<u64 as Word>::at_most_one(3));
    }
}
