//! Sets of squares as bit masks, generic over the width of the mask.
//!
//! [`Bitboard`] is implemented by [`Bitboard64`] (boards of at most 64
//! squares: 8×8 chess, n×n up to 8×8), [`Bitboard128`] (at most 128 squares:
//! the 10×8 board of Foolish King Chess) and [`Bitboard256`] (up to 16×16).
//! Bit `i` stands for [`Square(i)`](crate::Square). Bits beyond the board are
//! always clear in the masks the engine builds (invariant).
//!
//! Method pairs follow one naming scheme: `with`/`without` return a new set;
//! `add`/`discard` mutate; `insert`/`remove` mutate and report whether the
//! set changed.

use core::fmt::Debug;
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::Square;

/// A set of squares. See the [module docs](self).
pub trait Bitboard:
    Copy
    + Eq
    + Hash
    + Default
    + Debug
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
    /// How many squares the mask can hold.
    const CAPACITY: usize;
    /// The empty set.
    const EMPTY: Self;

    /// The set holding only `sq`.
    fn from_square(sq: Square) -> Self;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// The lowest square, if any.
    fn first(self) -> Option<Square>;
    /// The highest square, if any.
    fn last(self) -> Option<Square>;
    /// The set without its lowest square.
    fn without_first(self) -> Self;
    /// Shifts every square up by `n` bits (towards higher indices).
    fn shift_up(self, n: u32) -> Self;
    /// Shifts every square down by `n` bits.
    fn shift_down(self, n: u32) -> Self;
    /// Squares 0…63 as a `u64` (the whole set for [`Bitboard64`]). For the
    /// engine's 8×8 specialisations, which only run when `CAPACITY == 64`.
    #[doc(hidden)]
    fn low_u64(self) -> u64;
    /// The set of squares 0…63 given by `bits` (inverse of `low_u64`).
    #[doc(hidden)]
    fn from_low_u64(bits: u64) -> Self;

    /// Whether the set is not empty.
    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }
    /// Whether the set holds more than one square.
    #[inline]
    fn more_than_one(self) -> bool {
        self.without_first().any()
    }
    /// The only square, if the set holds exactly one.
    #[inline]
    fn single_square(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }
    /// Whether `sq` is in the set.
    #[inline]
    fn contains(self, sq: Square) -> bool {
        (self & Self::from_square(sq)).any()
    }
    /// The set plus `sq`.
    #[must_use]
    #[inline]
    fn with(self, sq: Square) -> Self {
        self | Self::from_square(sq)
    }
    /// The set minus `sq`.
    #[must_use]
    #[inline]
    fn without(self, sq: Square) -> Self {
        self & !Self::from_square(sq)
    }
    /// Adds `sq`.
    #[inline]
    fn add(&mut self, sq: Square) {
        *self |= Self::from_square(sq);
    }
    /// Removes `sq`.
    #[inline]
    fn discard(&mut self, sq: Square) {
        *self &= !Self::from_square(sq);
    }
    /// Adds `sq`; reports whether it was absent.
    #[must_use]
    #[inline]
    fn insert(&mut self, sq: Square) -> bool {
        let was = self.contains(sq);
        self.add(sq);
        !was
    }
    /// Removes `sq`; reports whether it was present.
    #[must_use]
    #[inline]
    fn remove(&mut self, sq: Square) -> bool {
        let was = self.contains(sq);
        self.discard(sq);
        was
    }
    /// Whether the two sets share a square.
    #[inline]
    fn intersects(self, other: Self) -> bool {
        (self & other).any()
    }
    /// The squares of the set, lowest first.
    #[inline]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
    /// The set of the given squares.
    fn from_squares(squares: impl IntoIterator<Item = Square>) -> Self {
        squares.into_iter().fold(Self::EMPTY, |bb, sq| bb.with(sq))
    }
}

/// Iterator over the squares of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares<B>(B);

impl<B: Bitboard> Iterator for Squares<B> {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.0.first()?;
        self.0 = self.0.without_first();
        Some(sq)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bitboard> ExactSizeIterator for Squares<B> {}

macro_rules! int_bitboard {
    ($(#[$doc:meta])* $name:ident, $int:ty, $bits:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name(pub $int);

        impl BitAnd for $name {
            type Output = $name;
            #[inline]
            fn bitand(self, o: $name) -> $name {
                $name(self.0 & o.0)
            }
        }
        impl BitOr for $name {
            type Output = $name;
            #[inline]
            fn bitor(self, o: $name) -> $name {
                $name(self.0 | o.0)
            }
        }
        impl BitXor for $name {
            type Output = $name;
            #[inline]
            fn bitxor(self, o: $name) -> $name {
                $name(self.0 ^ o.0)
            }
        }
        impl Not for $name {
            type Output = $name;
            #[inline]
            fn not(self) -> $name {
                $name(!self.0)
            }
        }
        impl BitAndAssign for $name {
            #[inline]
            fn bitand_assign(&mut self, o: $name) {
                self.0 &= o.0;
            }
        }
        impl BitOrAssign for $name {
            #[inline]
            fn bitor_assign(&mut self, o: $name) {
                self.0 |= o.0;
            }
        }
        impl BitXorAssign for $name {
            #[inline]
            fn bitxor_assign(&mut self, o: $name) {
                self.0 ^= o.0;
            }
        }

        impl Bitboard for $name {
            const CAPACITY: usize = $bits;
            const EMPTY: $name = $name(0);
            #[inline]
            fn from_square(sq: Square) -> $name {
                $name((1 as $int) << sq.0)
            }
            #[inline]
            fn is_empty(self) -> bool {
                self.0 == 0
            }
            #[inline]
            fn count(self) -> u32 {
                self.0.count_ones()
            }
            #[inline]
            fn first(self) -> Option<Square> {
                if self.0 == 0 {
                    None
                } else {
                    Some(Square(self.0.trailing_zeros() as u8))
                }
            }
            #[inline]
            fn last(self) -> Option<Square> {
                if self.0 == 0 {
                    None
                } else {
                    Some(Square(($bits - 1 - self.0.leading_zeros()) as u8))
                }
            }
            #[inline]
            fn without_first(self) -> $name {
                $name(self.0 & self.0.wrapping_sub(1))
            }
            #[inline]
            fn shift_up(self, n: u32) -> $name {
                $name(self.0.checked_shl(n).unwrap_or(0))
            }
            #[inline]
            fn shift_down(self, n: u32) -> $name {
                $name(self.0.checked_shr(n).unwrap_or(0))
            }
            #[inline]
            fn contains(self, sq: Square) -> bool {
                (self.0 >> sq.0) & 1 != 0
            }
            #[inline]
            fn low_u64(self) -> u64 {
                self.0 as u64
            }
            #[inline]
            fn from_low_u64(bits: u64) -> $name {
                $name(bits as $int)
            }
        }
    };
}

int_bitboard!(
    /// A set of squares of a board with at most 64 squares.
    Bitboard64,
    u64,
    64
);
int_bitboard!(
    /// A set of squares of a board with at most 128 squares.
    Bitboard128,
    u128,
    128
);

/// A set of squares of a board with at most 256 squares (up to 16×16).
/// Word `i` holds squares `64 * i` … `64 * i + 63`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard256(pub [u64; 4]);

macro_rules! word_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard256 {
            type Output = Bitboard256;
            #[inline]
            fn $f(self, o: Bitboard256) -> Bitboard256 {
                let (a, b) = (self.0, o.0);
                Bitboard256([a[0] $op b[0], a[1] $op b[1], a[2] $op b[2], a[3] $op b[3]])
            }
        }
        impl $tra for Bitboard256 {
            #[inline]
            fn $fa(&mut self, o: Bitboard256) {
                *self = $tr::$f(*self, o);
            }
        }
    };
}
word_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
word_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
word_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard256 {
    type Output = Bitboard256;
    #[inline]
    fn not(self) -> Bitboard256 {
        let a = self.0;
        Bitboard256([!a[0], !a[1], !a[2], !a[3]])
    }
}

impl Bitboard for Bitboard256 {
    const CAPACITY: usize = 256;
    const EMPTY: Bitboard256 = Bitboard256([0; 4]);
    #[inline]
    fn from_square(sq: Square) -> Bitboard256 {
        let mut w = [0; 4];
        w[sq.index() >> 6] = 1 << (sq.0 & 63);
        Bitboard256(w)
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn first(self) -> Option<Square> {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return Some(Square((i * 64) as u8 + w.trailing_zeros() as u8));
            }
        }
        None
    }
    #[inline]
    fn last(self) -> Option<Square> {
        for i in (0..4).rev() {
            let w = self.0[i];
            if w != 0 {
                return Some(Square((i * 64) as u8 + (63 - w.leading_zeros()) as u8));
            }
        }
        None
    }
    #[inline]
    fn without_first(self) -> Bitboard256 {
        let mut w = self.0;
        for x in w.iter_mut() {
            if *x != 0 {
                *x &= x.wrapping_sub(1);
                break;
            }
        }
        Bitboard256(w)
    }
    #[inline]
    fn low_u64(self) -> u64 {
        self.0[0]
    }
    #[inline]
    fn from_low_u64(bits: u64) -> Bitboard256 {
        Bitboard256([bits, 0, 0, 0])
    }
    fn shift_up(self, n: u32) -> Bitboard256 {
        if n >= 256 {
            return Bitboard256::EMPTY;
        }
        let (words, bits) = ((n / 64) as usize, n % 64);
        let mut out = [0u64; 4];
        for i in (words..4).rev() {
            let src = i - words;
            out[i] = self.0[src] << bits;
            if bits != 0 && src > 0 {
                out[i] |= self.0[src - 1] >> (64 - bits);
            }
        }
        Bitboard256(out)
    }
    fn shift_down(self, n: u32) -> Bitboard256 {
        if n >= 256 {
            return Bitboard256::EMPTY;
        }
        let (words, bits) = ((n / 64) as usize, n % 64);
        let mut out = [0u64; 4];
        for (i, slot) in out.iter_mut().enumerate().take(4 - words) {
            let src = i + words;
            *slot = self.0[src] >> bits;
            if bits != 0 && src + 1 < 4 {
                *slot |= self.0[src + 1] << (64 - bits);
            }
        }
        Bitboard256(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<B: Bitboard>() {
        let n = B::CAPACITY;
        let a = B::from_squares([Square(0), Square(5), Square((n - 1) as u8)]);
        assert_eq!(a.count(), 3);
        assert_eq!(a.first(), Some(Square(0)));
        assert_eq!(a.last(), Some(Square((n - 1) as u8)));
        assert_eq!(a.squares().collect::<Vec<_>>().len(), 3);
        assert_eq!(a.shift_up(1).first(), Some(Square(1)));
        assert_eq!(a.shift_up(1).count(), 2);
        assert_eq!(a.shift_down(5).first(), Some(Square(0)));
        assert_eq!(a.shift_down(5).count(), 2);
        let mut b = B::EMPTY;
        assert!(b.insert(Square(7)));
        assert!(!b.insert(Square(7)));
        assert!(b.remove(Square(7)));
        assert!(b.is_empty());
        assert_eq!(B::from_square(Square(9)).single_square(), Some(Square(9)));
        assert_eq!(a.single_square(), None);
        let low = B::from_squares([Square(0), Square(63)]);
        assert_eq!(B::from_low_u64(low.low_u64()), low);
        assert_eq!(low.low_u64(), 1 | 1 << 63);
    }

    #[test]
    fn bitboards_behave_alike() {
        check::<Bitboard64>();
        check::<Bitboard128>();
        check::<Bitboard256>();
        let x = Bitboard256::from_square(Square(63)).shift_up(70);
        assert_eq!(x.first(), Some(Square(133)));
        assert_eq!(x.shift_down(70).first(), Some(Square(63)));
    }
}
